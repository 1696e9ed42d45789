"""Every card of the season, tactics, objective and title decks, played in a position that fits it (issue #7).

Each card is played in its window (tactics: p. 30 „Jede Taktikkarte nennt genau den
Zeitpunkt, zu dem sie gespielt werden kann“; season cards: p. 11 „zieht der Startspieler
die oberste Karte … und führt sie aus“; objectives: p. 30 „Wenn ein Spieler zu irgendeinem
Zeitpunkt seines Spielzuges die Bedingungen seiner Zielkarte erfüllt, kann er sie ablegen,
um eine Drachenrune zu erhalten“), on a board where its effects have something to act on;
then every effect of the card is checked against the board before. The tests are built
from the pack: a card whose effect has no check below fails.
"""

from __future__ import annotations

import pytest

from engine.core import Action, Engine, IllegalAction, load_ruleset
from engine.runewars.battle.frame import Battle
from engine.runewars.control import control_map
from engine.runewars.flow import top
from engine.runewars.map import Placement, geometry
from engine.runewars.orders.harvest import production

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]
#: seat 0 plays the humans (good; home realm 10A-10C on this map), seat 1 the Uthuk (evil)
FACTIONS = ["humans", "uthuk"]
DIALS = {"food": 3, "wood": 2, "ore": 2}
CARDS = {kind: {c.id: c for c in PACK.cards.get(kind, ())} for kind in ("tactics_card", "season_card", "objective", "title")}
#: the prompts at which a played card's effects are over (the game goes on without it)
AFTER = {"choose_order", "turn_window", "autumn_choice", "strategy_move", "battle_type"}


def stacks(owner, **counts):
    return [{"owner": owner, "unit": u, "standing": n} for u, n in counts.items()]


# -- the boards the effects act on (keyed by effect name) ---------------------------------------

FIXTURES = {
    "hidden_pass": {"areas": {"1C": {"units": stacks(0, human_infantry=3)}}},
    "gain_influence": {
        "areas": {
            "1A": {"units": stacks(0, human_infantry=1), "stronghold": {"owner": 0}, "city": "city-1"},
            "2A": {"units": stacks(1, uthuk_berserker=1), "stronghold": {"owner": 1}, "city": "city-2"},
        }
    },
    "peek_rune": {"areas": {"2B": {"rune": {"kind": "false"}}, "2D": {"rune": {"kind": "dragon"}}}},
    "move_neutrals": {
        "areas": {
            "1C": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 2}]},
            "1A": {"units": stacks(0, human_infantry=1)},
        }
    },
    "remove_activation": {"areas": {"10A": {"units": stacks(0, human_infantry=1), "activated_by": [0]}}},
    "rally": {"areas": {"10A": {"units": [{"owner": 0, "unit": "human_infantry", "standing": 0, "routed": 2}]}}},
    "reinforce": {
        "areas": {
            "10A": {"units": stacks(0, human_infantry=1), "stronghold": {"owner": 0}},
            "2A": {"units": stacks(1, uthuk_berserker=1), "stronghold": {"owner": 1}},
        }
    },
    "rout_enemies": {"areas": {"1A": {"units": stacks(0, human_infantry=1)}, "1B": {"units": stacks(1, uthuk_berserker=3)}}},
    "destroy_units": {"areas": {"1A": {"units": stacks(0, human_infantry=1)}, "1B": {"units": stacks(1, uthuk_berserker=3)}}},
    "repair_stronghold": {"areas": {"10A": {"units": stacks(0, human_infantry=1), "stronghold": {"owner": 0, "damaged": True}}}},
    "wound_hero": {
        "areas": {"1A": {"units": stacks(0, human_infantry=1)}},
        "heroes": [{"card": "silhouette", "owner": 1, "area": "1B"}],
    },
    "heal_hero": {
        "heroes": [
            {"card": "aldric_sturmhand", "owner": 0, "area": "10A", "damage": 2},
            {"card": "grell_knochenbeisser", "owner": 1, "area": "2A", "damage": 1},
        ]
    },
    "heroes_disloyal": {
        "heroes": [
            {"card": "carthos_der_verrueckte", "owner": 0, "area": "10A"},
            {"card": "aldric_sturmhand", "owner": 0, "area": "10B"},
            {"card": "silhouette", "owner": 1, "area": "2A"},
        ]
    },
    "take_dragon_rune": {"titles": {"primarch_des_rates_der_magier": {"holder": 0}, "oberhaupt_der_kriegergilde": {"holder": 0}}},
}
FIXTURES["place_dragon_rune"] = FIXTURES["gain_influence"]
# Banners of War's effects (tests/runewars/test_banners_of_war.py plays its cards with this harness)
FIXTURES["reveal_rune"] = {
    "areas": {
        "10A": {"units": stacks(0, human_infantry=1), "rune": {"kind": "dragon"}},
        "2A": {"units": stacks(1, uthuk_berserker=1), "rune": {"kind": "false"}},
    }
}
FIXTURES["place_desolation"] = {"areas": {"1A": {"units": stacks(0, human_infantry=1)}}}
FIXTURES["place_cryomancy"] = FIXTURES["place_desolation"]
FIXTURES["bribe"] = {}
#: place_neutrals where = "each_neutral": every neutral unit type stands somewhere
NEUTRAL_BOARD = {
    "areas": {
        "1C": {"units": [{"owner": "neutral", "unit": u, "standing": 1} for u in ("beastman", "hellhound")]},
        "2D": {"units": [{"owner": "neutral", "unit": u, "standing": 1} for u in ("razorwing", "giant")]},
    }
}
#: which option an effect's player picks
PREFER = {
    "hidden_pass": {"from": "1C", "to": "1D", "count": 3},
    "move_neutrals": {"from": "1C", "to": "1A", "count": 2},
    "rout_enemies": {"area": "1B"},
    "destroy_units": {"area": "1B"},
}


def fixture_of(card) -> dict:
    records = card.attrs["effects"] if "effects" in card.attrs else []
    out: dict = {"areas": {}, "heroes": [], "titles": {}}
    for record in records:
        name = record["do"]
        found = NEUTRAL_BOARD if name == "place_neutrals" and record.get("where") == "each_neutral" else FIXTURES.get(name, {})
        out["areas"].update(found.get("areas", {}))
        out["heroes"] += [h for h in found.get("heroes", []) if h not in out["heroes"]]
        out["titles"].update(found.get("titles", {}))
    return out


# -- playing a card in its window ------------------------------------------------------------


def spec_for(card, seat_with_card: int = 0) -> dict:
    fixture = fixture_of(card)
    players = {str(s): {"dials": dict(DIALS), "influence": 3} for s in (0, 1)}
    spec = {
        "factions": FACTIONS,
        "placements": TILES,
        "neutrals": "none",
        "players": players,
        "areas": fixture["areas"],
        "titles": fixture["titles"],
        "decks": {"tactics": [c for c in CARDS["tactics_card"] if c != card.id][:12]},
    }
    if fixture["heroes"]:
        spec["heroes"] = fixture["heroes"]
    timing = card.attrs.get("timing")
    holder = 1 if timing == "rival_turn" else seat_with_card
    if card.kind == "tactics_card":
        players[str(holder)]["tactics"] = [card.id]
    if card.kind == "season_card":
        season = card.attrs["season"]
        spec["season"] = {"year": 2, "name": season, "start": "card", "previous_orders": {"0": 1, "1": 2}}
        spec["decks"][f"season.{season}"] = [card.id]
    elif timing in ("turn", "rival_turn"):
        spec["season"] = {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0}
    elif timing == "season":
        spec["season"] = {"year": 1, "name": "summer", "start": "card", "previous_orders": {"0": 1, "1": 2}}
        cancels = card.attrs["effects"][0]["do"] == "cancel_season_card"
        spec["decks"]["season.summer"] = ["haendlerzuege" if cancels else "a-blank-stand-in"]  # Händlerzüge: every player gains 2
    elif timing == "battle_start":
        allied = [
            {"owner": "neutral", "unit": "razorwing", "standing": 1, "ally": 0}
        ]  # a second row-1 type: seat 0 is asked which draws
        spec["areas"]["1B"] = {
            "units": stacks(0, human_archer=2, human_infantry=3) + allied + stacks(1, uthuk_berserker=3, uthuk_flesh_ripper=2)
        }
        spec["battle"] = {"area": "1B", "attacker": 0}
        players["0"]["battle_policy"] = {"order": "ask"}  # the battle waits at its first row: the card's effects are visible
    elif timing == "duel_start":
        spec["heroes"] = [
            {"card": "aldric_sturmhand", "owner": 0, "area": "1B"},
            {"card": "grell_knochenbeisser", "owner": 1, "area": "1B"},
        ]
        spec["frames"] = [{"type": "Duel", "area": "1B", "attacker": "aldric_sturmhand", "defender": "grell_knochenbeisser"}]
    elif timing == "quest_phase":
        spec["season"] = {"year": 1, "name": "summer", "start": "orders"}
        spec["frames"] = [{"type": "Window", "timing": "quest_phase", "seats": [0, 1]}]
    return spec


def answer(state, prompt, record_of_card):
    """How the driver answers the prompts around a card (bids: seat 0 bids 1 and wins)."""
    actions = [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]
    if prompt.kind == "influence_bid":
        return next(a for a in actions if a.args["amount"] == (1 if prompt.seat == 0 else 0))
    if prompt.kind == "effect_choice":
        if prompt.info["effect"] == "peek_rune":  # a rune the player does not know yet
            return next(a for a in actions if seat_knows_not(state, prompt.seat, a.args["area"]))
        wanted = PREFER.get(prompt.info["effect"], {})
        return next((a for a in actions if a.choice == "choose" and wanted.items() <= a.args.items()), actions[0])
    for polite in ("pass", "keep", "proceed", "skip", "decline"):
        found = [a for a in actions if a.choice == polite]
        if found:
            return found[0]
    return actions[0]


def seat_knows_not(state, seat, area):
    return seat not in state.board.areas[area].rune.known_to


def run_until_done(state, events, card_id):
    for _ in range(200):
        open_ = [p for p in state.prompts if p.kind not in AFTER]
        if not open_:
            return state, events
        done = ENGINE.apply(state, answer(state, open_[0], card_id))
        state, events = done.state, events + list(done.events)
    raise AssertionError(f"{card_id}: the game did not settle")


def play(card, options=None):
    """The board before, the board after the card and everything its effects asked, and the events
    (``options``: the game's options, e.g. Banners of War for its cards: tests/runewars/test_banners_of_war.py)."""
    options = options or {}
    start = ENGINE.from_position(options, 2, 3, spec_for(card))
    state, events = start.state, list(start.events)
    if card.kind == "tactics_card":
        holder = 1 if card.attrs["timing"] == "rival_turn" else 0
        kind = "turn_window" if card.attrs["timing"] == "turn" else "tactics_window"
        prompt = next(p for p in state.prompts if p.seat == holder and p.kind == kind)
        played = Action(holder, prompt.id, "play", {"card": card.id})
        assert played in ENGINE.legal(state, holder), f"{card.id} is not playable in its window"
        before = state
        done = ENGINE.apply(state, played)
        state, events = run_until_done(done.state, list(done.events), card.id)
        return before, state, events
    blank = spec_for(card)
    blank["decks"][f"season.{card.attrs['season']}"] = []  # the same season without the card: its second function only
    before = ENGINE.from_position(options, 2, 3, blank).state
    return before, *run_until_done(state, events, card.id)


def targets(record, seat: int, before) -> list[int]:
    who = record.get("who", "each" if record["do"] in ("heroes_disloyal",) else "self")
    if who == "each":
        return [0, 1]
    if who == "self":
        return [seat]
    if who == "active":
        return [0]
    if who == "bid_winner":
        return [0]
    if who.startswith("holder:"):
        return [before.board.titles[who[7:]].holder]
    raise AssertionError(who)


def units_of(board, seat):
    return sum(a.units_of(seat) for a in board.areas.values())


def kinds(events, kind, **data):
    return [e for e in events if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())]


# -- what each effect must have done ------------------------------------------------------------


def check_gain_influence(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        control = control_map(b.board)
        held = [x for x, s in control.items() if s == t]
        per = {
            "city": sum(1 for x in held if b.board.areas[x].city),
            "stronghold": sum(1 for x in held if b.board.areas[x].stronghold and b.board.areas[x].stronghold.owner == t),
        }.get(r.get("per"), 1)
        assert per >= 1
        assert a.board.players[t].influence - b.board.players[t].influence == r["amount"] * per


def check_lose_influence(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        assert kinds(ev, "influence_lost", seat=t)[0].data["amount"] == min(r["amount"], b.board.players[t].influence)


def check_steal_influence(r, seat, b, a, ev, card):
    assert (
        b.board.players[0].influence - a.board.players[0].influence,
        a.board.players[1].influence - b.board.players[1].influence,
    ) == (2, 2)


def check_dial(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        assert a.board.players[t].dials[r["resource"]] == b.board.players[t].dials[r["resource"]] + r["amount"]


def check_harvest_dials(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        want = production(b.board, PACK, t)
        want[r["resource"]] += r["extra"]
        dials = PACK.faction(FACTIONS[t]).dials
        assert a.board.players[t].dials == {k: min(v, dials[k].max) for k, v in want.items()}


def check_draw_tactics(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        drawn = kinds(ev, "tactics_drawn", seat=t)
        assert sum(e.data["count"] for e in drawn) == r["count"]
        new = [c for c in a.board.players[t].tactics if c not in b.board.players[t].tactics]
        assert len(new) == r["count"] and all(
            a.board.players[t].tactics_drawn[c] == f"{a.board.year}/{a.board.season}" for c in new
        )


def check_peek_rune(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        learned = [
            x
            for x, area in a.board.areas.items()
            if area.rune and t in area.rune.known_to and t not in b.board.areas[x].rune.known_to
        ]
        assert len(learned) == r.get("count", 1)
        seen = [e for e in kinds(ev, "rune_seen") if e.data["area"] in learned and e.to == frozenset({t})]
        assert len(seen) == len(learned) and all(e.to is not None for e in kinds(ev, "rune_seen"))


def check_place_neutrals(r, seat, b, a, ev, card):
    unit, count = r["unit"], r["count"]
    if r.get("where") == "each_neutral":
        for x in ("1C", "2D"):
            if b.board.areas[x].stack(None, unit) is not None:
                assert a.board.areas[x].stack(None, unit).count == b.board.areas[x].stack(None, unit).count + count
        return
    for t in targets(r, seat, b):
        allied = sum(
            s.count for x in a.board.areas.values() for s in x.stacks if s.owner is None and s.unit == unit and s.ally == t
        )
        assert allied == count


def check_move_neutrals(r, seat, b, a, ev, card):
    assert [(s.unit, s.count, s.ally) for s in a.board.areas["1A"].stacks if s.owner is None] == [("beastman", 2, 0)]
    assert not a.board.areas["1C"].stacks


def check_hidden_pass(r, seat, b, a, ev, card):
    adjacency = geometry(PACK, [Placement(t["tile"], t["rotation"], t["q"], t["r"]) for t in TILES]).adjacency
    assert adjacency["1C"]["1D"] == "mountain"
    assert a.board.areas["1D"].units_of(0) == 3 and not a.board.areas["1C"].units_of(0)


def check_remove_activation(r, seat, b, a, ev, card):
    assert a.board.areas["10A"].activated_by == [] and b.board.areas["10A"].activated_by == [0]


def check_rally(r, seat, b, a, ev, card):
    stack = a.board.areas["10A"].stack(0, "human_infantry")
    assert (stack.standing, stack.routed) == (2, 0)


def check_reinforce(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        assert units_of(a.board, t) == units_of(b.board, t) + r["count"]


def check_rout_enemies(r, seat, b, a, ev, card):
    stack = a.board.areas["1B"].stack(1, "uthuk_berserker")
    assert stack.routed == min(r["count"], 3) and stack.count == 3


def check_destroy_units(r, seat, b, a, ev, card):
    assert a.board.areas["1B"].units_of(1) == 3 - min(r["count"], 3)


def check_repair_stronghold(r, seat, b, a, ev, card):
    assert not a.board.areas["10A"].stronghold.damaged


def check_wound_hero(r, seat, b, a, ev, card):
    assert kinds(ev, "hero_damaged", hero="silhouette")[0].data["amount"] == r["amount"]


def check_heal_hero(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        assert all(h.damage == 0 for h in a.board.heroes if h.owner == t)


def check_heroes_disloyal(r, seat, b, a, ev, card):
    """Humans are good: Carthos (evil) leaves, Aldric (good) stays; the Uthuk are evil: Silhouette (good) leaves."""
    assert sorted(h.card for h in a.board.heroes) == ["aldric_sturmhand"]
    assert sorted(e.data["hero"] for e in kinds(ev, "hero_disloyal")) == ["carthos_der_verrueckte", "silhouette"]


def check_cancel_bonus(r, seat, b, a, ev, card):
    assert kinds(ev, "bonus_lost", seat=0) and not kinds(ev, "order_bonus")


def check_battle_strength(r, seat, b, a, ev, card):
    assert top(a, Battle).sides[0].bonus == r["amount"]
    (lasting,) = a.board.lasting_effects
    assert (lasting.card, lasting.modifier, lasting.until, lasting.amount, lasting.area) == (
        card.id,
        "strength",
        "battle",
        r["amount"],
        "1B",
    )


def check_battle_damage(r, seat, b, a, ev, card):
    hits = kinds(ev, "battle_damaged", why=card.id)
    assert len(hits) == r["points"] and all(e.data["seat"] == 1 for e in hits)
    if r.get("shapes"):
        assert all(PACK.unit(e.data["unit"]).shape in r["shapes"] for e in hits)


def check_battle_rout(r, seat, b, a, ev, card):
    routs = kinds(ev, "battle_routed", why=card.id)
    assert len(routs) == r["points"] and all(e.data["seat"] == 1 for e in routs)


def check_battle_retreat(r, seat, b, a, ev, card):
    assert kinds(ev, "units_retreated", why=card.id, side=1)


def check_cancel_season_card(r, seat, b, a, ev, card):
    assert kinds(ev, "season_card_cancelled", card="haendlerzuege")
    assert [p.influence for p in a.board.players] == [p.influence for p in b.board.players]
    assert a.board.decks["season.discard"].discard[-1] == "haendlerzuege"


def check_duel_damage(r, seat, b, a, ev, card):
    assert kinds(ev, "duel_damage", why=card.id)[0].data["amount"] == r["amount"]


def check_bid(r, seat, b, a, ev, card):
    assert [x["amount"] for x in kinds(ev, "bids_revealed")[0].data["bids"]] == [1, 0]
    assert kinds(ev, "bid_won", seat=0)
    if r.get("prize") == "dragon_rune":
        check_take_dragon_rune({"do": "take_dragon_rune", "who": "bid_winner"}, seat, b, a, ev, card)


def check_take_dragon_rune(r, seat, b, a, ev, card):
    for t in targets(r, seat, b):
        assert (
            b.board.rune_supply["dragon"] - a.board.rune_supply["dragon"],
            b.board.rune_supply["false"] - a.board.rune_supply["false"],
        ) == (1, 1)
        assert len(kinds(ev, "runes_placed", seat=t)[0].data["areas"]) == 2


def check_place_dragon_rune(r, seat, b, a, ev, card):
    (placed,) = kinds(ev, "dragon_rune_placed", seat=0)
    assert a.board.areas[placed.data["area"]].rune.dragon and control_map(a.board)[placed.data["area"]] == 0
    assert (
        b.board.rune_supply["dragon"] - a.board.rune_supply["dragon"],
        b.board.rune_supply["false"] - a.board.rune_supply["false"],
    ) == (1, 0)


def check_lasting(r, seat, b, a, ev, card):
    (made,) = [e for e in a.board.lasting_effects if e.card == card.id]
    assert (made.modifier, made.until, made.amount) == (r["modifier"], r["until"], r.get("amount", 0))


CHECKS = {name[len("check_") :]: fn for name, fn in dict(globals()).items() if name.startswith("check_")}


def each_card(kind):
    return [pytest.param(card, id=cid) for cid, card in CARDS[kind].items()]


@pytest.mark.parametrize("card", each_card("tactics_card") + each_card("season_card"))
def test_every_card_does_what_its_effects_say(card):
    """p. 30 (Taktikkarten) and p. 11 (Jahreszeitenkarte ausführen): each card, played in its window, does all its effects."""
    before, after, events = play(card)
    records = card.attrs["effects"]
    missing = [r["do"] for r in records if r["do"] not in CHECKS]
    if missing:
        pytest.fail(f"{card.id}: no test checks the effect(s) {missing}")
    seat = 1 if card.attrs.get("timing") == "rival_turn" else 0
    if card.kind == "tactics_card":
        assert kinds(events, "tactics_played", card=card.id, seat=seat)
        assert card.id not in after.board.players[seat].tactics and card.id in after.board.decks["tactics"].discard
    for record in records:
        CHECKS[record["do"]](record, seat, before, after, events, card)


# -- objectives ------------------------------------------------------------------------------------

#: a board on which each objective's conditions hold for seat 0 (good: humans, evil: undead vs the humans)
OBJECTIVE_BOARDS = {
    "bund_der_waelder": {
        "areas": {
            "1A": {"units": stacks(0, human_infantry=1) + [{"owner": "neutral", "unit": "beastman", "standing": 3, "ally": 0}]}
        }
    },
    "viele_banner": {
        "areas": {
            "1A": {
                "units": stacks(0, human_infantry=1)
                + [
                    {"owner": "neutral", "unit": "beastman", "standing": 1, "ally": 0},
                    {"owner": "neutral", "unit": "giant", "standing": 1, "ally": 0},
                ]
            }
        }
    },
    "volle_schatzkammer": {"influence": 10},
    "stimme_im_rat": {"influence": 4, "titles": {"kapitaen_der_heldenliga": {"holder": 0}}},
    "hueter_der_staedte": {
        "areas": {
            "1A": {"units": stacks(0, human_infantry=1), "city": "city-1"},
            "2A": {"units": stacks(0, human_infantry=1), "city": "city-2"},
        }
    },
    "bluehendes_land": {
        "areas": {
            "10A": {"stronghold": {"owner": 0}, "development": "humans.resources"},
            "10B": {"stronghold": {"owner": 0}, "development": "humans.diplomacy"},
        }
    },
    "weite_grenzen": {"areas": {a: {"units": stacks(0, human_infantry=1)} for a in ("1A", "1B", "1C", "1D")}},
    "volle_speicher": {"dials": {"food": 6}},
    "einfall": {"areas": {"10A": {"units": stacks(0, undead_zombie=1)}}},
    "reich_der_furcht": {
        "areas": {a: {"units": stacks(0, undead_zombie=1)} for a in ("1A", "1B", "1C", "1D", "2A", "2B", "2C", "2D")}
    },
    "heerschau": {"areas": {a: {"units": stacks(0, undead_zombie=5)} for a in ("1A", "1B", "1C", "1D")}},
    "eiserne_faust": {"areas": {"1A": {"units": stacks(0, undead_zombie=8)}}},
    "zwingburgen": {"areas": {a: {"units": stacks(0, undead_zombie=1), "stronghold": {"owner": 0}} for a in ("1A", "1B", "2A")}},
    "brennende_marken": {
        "areas": {
            "1B": {"units": stacks(1, human_infantry=1)},
            "2A": {"units": stacks(1, human_infantry=1)},
            **{a: {"units": stacks(0, undead_zombie=1)} for a in ("1A", "1C", "1D")},
        }
    },
    "heer_der_schrecken": {
        "areas": {
            "1A": {"units": stacks(0, undead_zombie=6, undead_skeleton_archer=3)},
            "1B": {"units": stacks(0, undead_necromancer=2, undead_dark_knight=1)},
        }
    },
    "tyrannei": {
        "areas": {
            **{a: {"units": stacks(0, undead_zombie=1)} for a in ("1B", "1C", "1D", "2B", "2C")},
            "1A": {"units": stacks(0, undead_zombie=1), "city": "city-1"},
        }
    },
}


def objective_game(card_id, board):
    good = CARDS["objective"][card_id].attrs["alignment"] == "good"
    factions = ["humans", "uthuk"] if good else ["undead", "humans"]
    player = {"objective": card_id, "influence": board.get("influence", 0), "dials": board.get("dials", {})}
    spec = {
        "factions": factions,
        "placements": TILES,
        "neutrals": "none",
        "areas": board.get("areas", {}),
        "titles": board.get("titles", {}),
        "players": {"0": player, "1": {"influence": 0}},
        "season": {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0},
    }
    return ENGINE.from_position({}, 2, 3, spec).state


@pytest.mark.parametrize("card_id", list(CARDS["objective"]))
def test_every_objective_is_claimed_when_its_conditions_hold_and_only_then(card_id):
    """p. 30 (Zielkarten): claimed in the player's turn when the conditions hold; the player then takes a dragon rune."""
    assert card_id in OBJECTIVE_BOARDS, f"{card_id}: no board for this objective"
    state = objective_game(card_id, {})
    assert "claim" not in [a.choice for a in ENGINE.legal(state, 0)]
    state = objective_game(card_id, OBJECTIVE_BOARDS[card_id])
    window = next(p for p in state.prompts if p.kind == "turn_window")
    done = ENGINE.apply(state, Action(0, window.id, "claim"))
    claimed = kinds(done.events, "objective_claimed")[0]
    assert claimed.to is None and claimed.data == {"seat": 0, "card": card_id}
    assert done.state.board.players[0].objective is None
    assert any(p.kind in ("discard_false_runes", "place_runes") and p.seat == 0 for p in done.state.prompts)


# -- titles --------------------------------------------------------------------------------------


def test_every_title_card_is_the_rulebook_s():
    """p. 36 (Titelkarten): the 3 titles the rulebook names, each stating its benefit."""
    assert sorted(c.name_de for c in CARDS["title"].values()) == [
        "Kapitän der Heldenliga",
        "Oberhaupt der Kriegergilde",
        "Primarch des Rates der Magier",
    ]
    assert all(c.prov.source == "rulebook" and c.attrs["summary"] and c.text for c in CARDS["title"].values())


def test_the_primarch_gains_influence_before_a_council_card_resolves():
    """p. 31 (Rat der Magier): „gibt dem Spieler jedes Mal einen Einflussmarker, wenn eine Jahreszeitenkarte mit der
    Bezeichnung RAT DER MAGIER gezogen wird (bevor die Jahreszeitenkarte zur Anwendung kommt)“."""
    card = CARDS["season_card"]["winterrat"]  # council: every player gains 2
    spec = spec_for(card)
    spec["titles"] = {"primarch_des_rates_der_magier": {"holder": 1}}
    done = ENGINE.from_position({}, 2, 3, spec)
    order = [(e.kind, e.data.get("seat")) for e in done.events if e.kind in ("title_benefit", "influence_gained")]
    assert order[0] == ("title_benefit", 1) and order[1] == ("influence_gained", 1)
    assert [p.influence for p in done.state.board.players] == [3 + 2, 3 + 1 + 2]
    plain = ENGINE.from_position({}, 2, 3, spec_for(CARDS["season_card"]["lange_naechte"]) | {"titles": spec["titles"]})
    assert not kinds(plain.events, "title_benefit")


def test_the_captain_of_the_heroes_league_keeps_his_heroes():
    """p. 28 (Untreue Helden): a hero cannot become disloyal „z. B. wenn der Spieler die Titelkarte „Kapitän der
    Heldenliga“ besitzt“."""
    spec = spec_for(CARDS["season_card"]["wankende_treue"])
    spec["titles"] = {"kapitaen_der_heldenliga": {"holder": 0}}
    done = ENGINE.from_position({}, 2, 3, spec)
    assert sorted(h.card for h in done.state.board.heroes) == ["aldric_sturmhand", "carthos_der_verrueckte"]
    assert kinds(done.events, "heroes_kept_loyal", seat=0)


def test_the_head_of_the_warriors_guild_attacks_with_one_more_strength():
    """p. 36 names the title; its benefit is house (titles.toml): +1 strength in every battle its holder attacks."""

    def battle(holder):
        spec = {
            "factions": FACTIONS,
            "placements": TILES,
            "neutrals": "none",
            "titles": {"oberhaupt_der_kriegergilde": {"holder": holder}},
            "areas": {"1B": {"units": stacks(0, human_infantry=2) + stacks(1, uthuk_berserker=2)}},
            "battle": {"area": "1B", "attacker": 0},
        }
        return ENGINE.from_position({}, 2, 3, spec).events

    assert kinds(battle(0), "battle_bonus", seat=0, side="attacker")[0].data["strength"] == 1
    assert not kinds(battle(1), "battle_bonus")


TITLE_SCENARIOS = {
    "primarch_des_rates_der_magier": test_the_primarch_gains_influence_before_a_council_card_resolves,
    "kapitaen_der_heldenliga": test_the_captain_of_the_heroes_league_keeps_his_heroes,
    "oberhaupt_der_kriegergilde": test_the_head_of_the_warriors_guild_attacks_with_one_more_strength,
}


@pytest.mark.parametrize("title_id", list(CARDS["title"]))
def test_every_title_card_has_a_scenario(title_id):
    """p. 36 (Titelkarten), issue #7: every title card of the pack is played in a scenario; a title without one fails."""
    if title_id not in TITLE_SCENARIOS:
        pytest.fail(f"{title_id}: no scenario plays this title")
    TITLE_SCENARIOS[title_id]()


def gain_power_turn(influence: int):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": [
            {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
            {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
            {"tile": "tile-13", "rotation": 0, "q": 2, "r": 0},
        ],
        "neutrals": "none",
        "players": {"0": {"influence": influence, "objective": "volle_schatzkammer"}, "1": {"objective": "einfall"}},
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 7, "1": 8}, "turn": 0},
    }
    state = ENGINE.from_position({}, 2, 1, spec).state
    return ENGINE.apply(state, Action(0, state.prompts[0].id, "proceed")).state


def test_the_objective_may_be_claimed_during_the_order_beside_the_active_players_question():
    """p. 30 (Zielkarten): „Wenn ein Spieler zu irgendeinem Zeitpunkt seines Spielzuges die Bedingungen seiner Zielkarte
    erfüllt, kann er sie ablegen“; p. 15: the turn is before, during and after the order. Ruling R40 (issue 20 item 3):
    claim is offered beside any prompt the active player alone answers in his turn while the conditions hold; the prompt
    opens again after the rune is placed. Scenario: tests/scenarios/runewars/p30_claim_during_the_order.toml."""
    short = gain_power_turn(8)  # 9 after Gain Power: the condition (10) does not hold
    assert short.prompts[0].kind == "take_title" and "claim" not in [a.choice for a in ENGINE.legal(short, 0)]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(short, Action(0, short.prompts[0].id, "claim"))
    assert "p. 30" in refused.value.rule
    state = gain_power_turn(9)
    prompt = state.prompts[0]
    assert prompt.kind == "take_title" and Action(0, prompt.id, "claim") in ENGINE.legal(state, 0)
    claimed = ENGINE.apply(state, Action(0, prompt.id, "claim"))
    assert kinds(claimed.events, "objective_claimed")[0].data == {"seat": 0, "card": "volle_schatzkammer"}
    assert claimed.state.board.players[0].objective is None
    placing = claimed.state.prompts[0]
    assert placing.kind == "place_runes" and not ENGINE.legal(claimed.state, 1)
    placed = ENGINE.apply(claimed.state, ENGINE.legal(claimed.state, 0)[0]).state
    assert [p.id for p in placed.prompts] == [prompt.id] and "claim" not in [a.choice for a in ENGINE.legal(placed, 0)]
