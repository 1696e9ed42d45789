"""Every card and board of the house pack, played where it acts (issue 25 item 3: "a complete house data
pack"; as Runewars' tests/runewars/test_cards.py, every card has a test). The cases are built from the pack:
a card whose effect kind has no check below fails, so a new kind cannot go untested.

Rulebook pages: battles and artifacts p. 12 ("Ablauf einer Schlacht", "Artefakte"), hunts pp. 10-11 ("Ablauf
einer Jagd", "Monsterrunde", "Heldenrunde", "Wundenfelder"), Build Monument step 6 p. 9, the omens p. 4
("Monument errichten", "Omen"); the card texts are house texts (data/ragnarok/content.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action
from engine.ragnarok.battle import battle_value
from engine.ragnarok.core import S, recruit_strength
from engine.ragnarok.ending import omen_met
from engine.ragnarok.pack import pack_for
from engine.ragnarok.special import seize_ok
from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal

PACK = pack_for({})


def _apply(state: Any, seat: int, choice: str, **args: Any) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    prompt = next(p for p in state.prompts if p.seat == seat)
    t = ENGINE.apply(state, Action(seat, prompt.id, choice, args))
    return t.state, [(e.kind, dict(e.data)) for e in t.events]


# -- combat cards in a battle (p. 12 step 1: "handelst du sofort ihren Schlachteffekt ab"; step 2: values) ----


@pytest.mark.parametrize("card", sorted(PACK.combat))
def test_each_combat_card_in_a_battle_adds_its_value_its_effect_and_its_casualties(card: str) -> None:
    rec = PACK.combat[card]
    assert rec["battle"] in ("", "draw", "fortify", "defend"), f"no check for the battle effect {rec['battle']!r}"
    state = at(
        active=0,
        step="manoeuvre",
        control={"1": 0, "5": 1},
        players={
            "0": {"hero": "aslaug", "at": 12, "armies": [[1, 3]]},
            "1": {"hero": "snorri", "at": 14, "armies": [[5, 3]], "hand": [card]},
        },
    )
    state = answer(state, 0, "move", army=0, to=5)
    assert kinds(state) == [(1, "battle")]  # red defends
    state, events = _apply(state, 1, "play", card=card)
    bonus = 1 if rec["battle"] in ("fortify", "defend") else 0  # red is the defender: "defend" counts
    assert battle_value(state, 1) == 3 + rec["value"] + bonus
    assert len(state.board.players[1].hand) == (1 if rec["battle"] == "draw" else 0)
    state = answer(state, 0, "pass")
    state, events = _apply(state, 1, "pass")
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["winner_value"]) == (1, 3 + rec["value"] + bonus)  # the defender wins at least the tie
    left = 3 - rec["casualties"]  # step 5: the winner pays its card's casualty symbols
    assert state.board.players[1].armies[0] == ([5, left] if left > 0 else [0, 0])
    assert card in state.board.decks["combat_discard"]


# -- combat cards in a hunt (pp. 10-11: defence by rage value or a shield; a wound needs the card's weapon; "kannst
# du ihren Jagdeffekt abhandeln", ruling R9) ----------------------------------------------------------------------


def _hunt(hand: list[str], attack: str = "attack01", **hero: Any) -> Any:
    """Green (seat 0) hunts the Draugr in territory 3; blue (seat 2) plays the monster with one attack card."""
    return at(
        active=0,
        step="special",
        monsters={"draugr": {"at": 3}},
        players={"0": {"hero": "ragnar", "at": 3, "hand": hand, **hero}},
        hunt={"hunter": 0, "target": "draugr", "monster_player": 2, "attack_hand": [attack]},
    )


def _to(state: Any, kind: str) -> Any:
    """Answer every other decision with its first legal answer until ``kind`` is asked."""
    while kinds(state) and kinds(state)[0][1] != kind:
        seat = kinds(state)[0][0]
        state = ENGINE.apply(state, legal(state, seat)[0]).state
    return state


@pytest.mark.parametrize("card", sorted(PACK.combat))
def test_each_combat_card_defends_by_its_value_or_shield_and_wounds_with_its_weapon(card: str) -> None:
    rec = PACK.combat[card]
    assert rec["hunt"] in ("", "draw", "heal"), f"no check for the hunt effect {rec['hunt']!r}"
    claw = PACK.attacks["attack01"]
    # defence: the card's value against the rage, or its shield (the Claw can be blocked)
    state = answer(_hunt([card]), 2, "attack", card="attack01")
    state = answer(state, 0, "play", card=card)
    state, events = _apply(state, 0, "done")
    held = next(d for k, d in events if k == "defence_result")["success"]
    assert held == (rec["value"] >= claw["rage"] or bool(rec["shield"]))
    # wound: a free Draugr space showing the card's weapon and no reward, then its hunt effect offered
    state = answer(_hunt([card], injured=["might"]), 2, "attack", card="attack01")
    state = _to(answer(state, 0, "done"), "hunt_wound")
    spaces = PACK.monsters["draugr"]["wounds"]
    wound = next(a for a in legal(state, 0) if a.choice == "wound" and a.args["card"] == card)
    assert spaces[wound.args["space"] - 1]["weapon"] == rec["weapon"]
    free = next(k + 1 for k, w in enumerate(spaces) if w["weapon"] == rec["weapon"] and not w["reward"])
    state = answer(state, 0, "wound", card=card, space=free)
    assert state.board.monsters["draugr"]["wounds"][free - 1] == 0
    offered = kinds(state)[0] == (0, "hunt_effect")
    assert offered == bool(rec["hunt"])  # the hero is injured, so a heal has something to heal
    if offered:
        hand, injured = len(state.board.players[0].hand), len(state.board.players[0].injured)
        state = answer(state, 0, "use", card=card, effect=rec["hunt"])
        if kinds(state) == [(0, "heal")]:  # two injured markers: the owner picks the one healed
            state = answer(state, 0, "heal", **legal(state, 0)[0].args)
        b = state.board.players[0]
        assert (len(b.hand), len(b.injured)) == ((hand + 1, injured) if rec["hunt"] == "draw" else (hand, injured - 1))


# -- monster attack cards (pp. 10-11: "Monsterrunde": rage, weak spot, effect; the monster refills its hand) ----------


@pytest.mark.parametrize("card", sorted(PACK.attacks))
def test_each_attack_card_hits_an_undefended_hero_by_its_effect_and_its_weak_spot_draws(card: str) -> None:
    rec = PACK.attacks[card]
    assert rec["effect"] in ("injury1", "injury2", "discard1", "special", "end"), f"no check for {rec['effect']!r}"
    hand = ["combat01", "combat02", "combat03"]
    for wisdom in (rec["weak_spot"], rec["weak_spot"] - 1):  # "Weisheit" alone reaches the weak spot, then not
        state = _hunt(hand, card, attrs={"wisdom": min(6, wisdom)})
        deck = len(state.board.decks["attack"])
        state, events = _apply(state, 2, "attack", card=card)
        state, events = _apply(state, 0, "done")
        assert next(d for k, d in events if k == "defence_result")["success"] is False  # nothing against any rage
        injuries = {"injury1": 1, "injury2": 2, "special": 2}.get(rec["effect"], 0)  # the Draugr's special: 2 injuries
        discards = {"discard1": 1}.get(rec["effect"], 0)
        for _ in range(injuries):
            assert kinds(state) == [(0, "injury")]
            state = answer(state, 0, legal(state, 0)[0].choice, **legal(state, 0)[0].args)
        for _ in range(discards):
            assert kinds(state) == [(0, "hunt_discard")]
            state = answer(state, 0, "card", card=sorted(state.board.players[0].hand)[0])
        b = state.board
        assert len(b.players[0].injured) == injuries
        if rec["effect"] == "end":
            assert b.hunt is None or b.hunt["over"] == "fail"
            continue
        reached = min(6, wisdom) >= rec["weak_spot"]
        assert len(b.players[0].hand) == 3 - discards + 1 + (1 if reached else 0)  # 1 card, +1 on the weak spot
        assert len(b.hunt["hand"]) == min(rec["draw"], deck)  # the monster draws the card's number
        assert kinds(state) == [(0, "hunt_wound")]


# -- blessings (rulebook "Segnungsauswahl": the card lies next to your board and acts for you; house texts) -------


def _battle_values(blessings: list[str]) -> tuple[int, int]:
    """(green attacking, red defending) battle values, both holding ``blessings``."""
    state = at(
        active=0,
        step="manoeuvre",
        control={"1": 0, "5": 1},
        players={
            "0": {"hero": "aslaug", "at": 12, "armies": [[1, 3]], "blessings": blessings},
            "1": {"hero": "snorri", "at": 14, "armies": [[5, 3]], "blessings": blessings},
        },
    )
    state = answer(state, 0, "move", army=0, to=5)
    return battle_value(state, 0), battle_value(state, 1)


def _hunt_draws(blessings: list[str]) -> int:
    state = at(
        active=0,
        step="special",
        monsters={"draugr": {"at": 3}},
        players={"0": {"hero": "ragnar", "at": 3, "blessings": blessings}},
    )
    state = _to(answer(state, 0, "hunt", target="draugr"), "hunt_attack")
    return len(state.board.players[0].hand)


def _weak_spot_draws(blessings: list[str]) -> int:
    """Wisdom 5 against the Bite's weak spot 7 (reached only with 2 more)."""
    state = _hunt([], "attack02", attrs={"wisdom": 5}, blessings=blessings)
    state = _to(answer(answer(state, 2, "attack", card="attack02"), 0, "done"), "hunt_wound")
    return len(state.board.players[0].hand)


def _rune_actions(blessings: list[str], injured: list[str]) -> set[str]:
    state = at(
        active=0,
        step="rune",
        players={
            "0": {"hero": "ragnar", "at": 12, "runes": {"uruz": 1, "othala": 1}, "injured": injured, "blessings": blessings}
        },
    )
    return {a.choice for a in legal(state, 0)}


def _priest_runes(blessings: list[str]) -> int:
    state = at(active=0, step="prayer", players={"0": {"hero": "ragnar", "at": 12, "priests": 1, "blessings": blessings}})
    state = _to(answer(state, 0, "priest", god="odin"), "hero")
    return sum(state.board.players[0].runes.values())


def _recruit(blessings: list[str]) -> int:
    state = at(active=0, step="special", players={"0": {"hero": "ragnar", "attrs": {"authority": 3}, "blessings": blessings}})
    return recruit_strength(state, state.board.players[0])


def _seize(blessings: list[str]) -> bool:
    """Might 2 on an uncontrolled territory of population 3 (territory 5)."""
    state = at(
        active=0, step="special", players={"0": {"hero": "ragnar", "at": 5, "attrs": {"might": 2}, "blessings": blessings}}
    )
    return seize_ok(state, 0)


#: each blessing effect: (what it changes, its value without the card, with it)
BLESSING_CHECKS: dict[str, Any] = {
    "attack_plus": (lambda bl: _battle_values(bl)[0], 3, 4),
    "defend_plus": (lambda bl: _battle_values(bl)[1], 3, 4),
    "hunt_draw": (_hunt_draws, 2, 3),  # Might 2 cards at the hunt's start, 1 more
    "weak_spot": (_weak_spot_draws, 1, 2),  # the draw after defending, +1 on the weak spot
    "rune_priest": (lambda bl: "priest" in _rune_actions(bl, []), False, True),
    "rune_heal": (lambda bl: "heal" in _rune_actions(bl, ["might"]), False, True),
    "prayer_rune": (_priest_runes, 0, 1),
    "recruit_plus": (_recruit, 3, 4),
    "seize_might": (_seize, False, True),
}


@pytest.mark.parametrize("card", sorted(PACK.blessings))
def test_each_blessing_acts_for_its_holder(card: str) -> None:
    effect = PACK.blessings[card]["effect"]
    assert effect in BLESSING_CHECKS, f"no check for the blessing effect {effect!r}"
    measure, without, with_it = BLESSING_CHECKS[effect]
    assert (measure([]), measure([card])) == (without, with_it)


# -- event cards (p. 9, "Monument errichten" step 6: the event's monster is placed, then the runes it names are
# activated, and Loki where it shows him; pp. 7-8, setup step 14: the same "PLATZIEREN") ---------------------------


def _settle(state: Any, events: list[tuple[str, dict[str, Any]]], stop: str) -> Any:
    """Answer every decision with its first legal answer until ``stop`` is asked, collecting the events."""
    for _ in range(60):
        if not kinds(state) or kinds(state)[0][1] == stop:
            return state
        seat = kinds(state)[0][0]
        t = ENGINE.apply(state, legal(state, seat)[0])
        state = t.state
        events += [(e.kind, dict(e.data)) for e in t.events]
    raise AssertionError(f"{stop} never asked")


@pytest.mark.parametrize("card", sorted(PACK.events))
def test_each_event_places_its_monster_on_its_number_and_activates_its_runes(card: str) -> None:
    rec = PACK.events[card]
    one_each = {}  # one monster of each rune on the board already: the event places the other of its pair
    for m, mrec in PACK.monsters.items():
        one_each.setdefault(mrec["rune"], m)
    spots = iter((15, 16, 17))
    state = at(
        active=0,
        step="special",
        boss=10,
        wheel={"prepare": [0, 1]},
        monsters={m: {"at": next(spots)} for m in one_each.values()},
        players={"0": {"hero": "ragnar", "at": 3}},
    )
    deck = state.board.decks["event"]
    deck.remove(card) if card in deck else state.board.decks["event_discard"].remove(card)
    deck.append(card)  # on top
    state, events = _apply(state, 0, "monument", god="thor")
    state = _settle(state, events, "prayer")
    assert ("event_drawn", {"card": card, "territory": rec["number"]}) in events
    placed = next(d for k, d in events if k == "monster_placed" and d["card"] == card)
    assert (PACK.monsters[placed["monster"]]["rune"], placed["territory"]) == (rec["place"], rec["number"])
    activated = [d["monster"] for k, d in events if k == "monster_activated"]
    on_board = {m for m in {*one_each.values(), placed["monster"]} if PACK.monsters[m]["rune"] in rec["activate"]}
    assert set(activated) == on_board  # every monster of those runes on the board, the one just placed too (R8)
    runes = [PACK.monsters[m]["rune"] for m in activated]
    assert runes == sorted(runes, key=rec["activate"].index)  # in the card's order
    assert any(k == "boss_activated" for k, _ in events) == bool(rec["boss"])


def test_the_two_player_game_leaves_out_events_17_and_up():
    """pp. 7-8, setup step 9: "Im Spiel zu zweit: Entfernt vor dem Mischen alle Ereigniskarten der
    Nummern 17 und höher"; the house numbers run 1-21."""
    numbers = sorted(rec["number"] for rec in PACK.events.values())
    assert numbers == list(range(1, 22))
    two = ENGINE.setup({}, 2, 1).state.board
    assert {PACK.events[e]["number"] for e in two.decks["event"] + two.decks["event_discard"]} == set(range(1, 17))


# -- omens (p. 4, "Ragnarök": the omen cards of the player count; their conditions are house) ----------------------


def _meet(state: Any, cond: dict[str, Any]) -> None:
    b = state.board
    op, n = cond["op"], int(cond["n"])
    if op == "level":
        b.monuments[cond["god"]]["level"] = n
    elif op == "levels":
        for god in b.monuments:
            b.monuments[god]["level"] = min(3, n)
            n -= min(3, n)
    elif op == "temples":
        for t in range(1, n + 1):
            b.temples[t] = True
    elif op == "defeated":
        b.players[0].trophies = list(PACK.monsters)[:n]
    elif op == "lands":
        for ts in list(S(state).lands.values())[:n]:
            for t in ts:
                b.control[t] = 0
    else:
        raise AssertionError(f"no check for the omen condition {op!r}")


@pytest.mark.parametrize("card", sorted(PACK.omens))
def test_each_omen_is_dealt_at_its_player_counts_and_turns_when_its_condition_is_met(card: str) -> None:
    rec = PACK.omens[card]
    for n in (2, 3, 4):
        dealt = [o for o, _ in ENGINE.setup({}, n, 1).state.board.omens]
        assert (card in dealt) == (n in rec["players"])
    state = at(seats=max(rec["players"]))
    assert not omen_met(state, rec["condition"])
    _meet(state, rec["condition"])
    assert omen_met(state, rec["condition"])


# -- heroes (p. 6, "Helden": each board's special ability; house texts) ------------------------------------------


def _won_battle(hero: str) -> tuple[int, list[int]]:
    """Green's hero (in territory 12) attacks red's 2 in territory 5 with strength 4: (green's battle value,
    green's army after winning)."""
    state = at(
        active=0,
        step="manoeuvre",
        control={"1": 0, "5": 1, "6": 1},
        players={"0": {"hero": hero, "at": 5, "armies": [[1, 4]]}, "1": {"hero": "", "at": 14, "armies": [[5, 2]]}},
    )
    state = answer(answer(state, 0, "move", army=0, to=5), 1, "pass")
    value = battle_value(state, 0)
    state = answer(state, 0, "pass")
    return value, state.board.players[0].armies[0]


def _neutral_taken_asks_a_rune(hero: str) -> bool:
    """Green's army of 3 walks into neutral territory 5 (population 3)."""
    state = at(active=0, step="manoeuvre", control={"1": 0}, players={"0": {"hero": hero, "at": 12, "armies": [[1, 3]]}})
    state = answer(state, 0, "move", army=0, to=5)
    return state.board.control[5] == 0 and kinds(state)[0] == (0, "take_rune")


def _hunt_injury_draws(hero: str) -> int:
    """Cards in hand after an undefended Claw (1 injury) with no weak spot: 1 card, +1 for the ability."""
    state = answer(_hunt([], "attack01", hero=hero), 2, "attack", card="attack01")
    state = _to(answer(state, 0, "done"), "hunt_wound")
    return len(state.board.players[0].hand)


def _other(ability: str) -> str:
    return next(h for h, rec in sorted(PACK.heroes.items()) if rec["ability"] != ability)


def _hunt_start_draws(hero: str) -> int:
    state = at(active=0, step="special", monsters={"draugr": {"at": 3}}, players={"0": {"hero": hero, "at": 3}})
    return len(_to(answer(state, 0, "hunt", target="draugr"), "hunt_attack").board.players[0].hand)


#: each hero ability: (what it changes for a hero, its value for a hero without it, for the hero with it)
HERO_CHECKS: dict[str, Any] = {
    "battle_in_land": (lambda hero: _won_battle(hero)[0], 4, 5),  # the hero stands in the battle's land
    "win_plus": (lambda hero: _won_battle(hero)[1], [5, 4], [5, 5]),  # no casualty symbol: 4, and 1 more
    "control_rune": (_neutral_taken_asks_a_rune, False, True),
    "hunt_draw": (_hunt_start_draws, 2, 3),  # Might 2 cards, 1 more
    "injury_draw": (_hunt_injury_draws, 1, 2),
}


@pytest.mark.parametrize("hero", sorted(PACK.heroes))
def test_each_hero_board_has_its_ability(hero: str) -> None:
    ability = PACK.heroes[hero]["ability"]
    assert ability in HERO_CHECKS, f"no check for the hero ability {ability!r}"
    measure, without, with_it = HERO_CHECKS[ability]
    assert (measure(_other(ability)), measure(hero)) == (without, with_it)


# -- lineages (pp. 7-8, "Heldenauswahl": the "Abstammungskarte"; house bonuses but Odinsson's first turn) --------------------


@pytest.mark.parametrize("lineage", sorted(PACK.lineages))
def test_each_lineage_gives_its_bonus_when_its_hero_is_placed(lineage: str) -> None:
    bonus = PACK.lineages[lineage]["bonus"]
    assert bonus in ("first", "authority", "might", "wisdom", "rune", "cards"), f"no check for the lineage bonus {bonus!r}"
    state = ENGINE.setup({}, 3, 1).state
    seat = state.prompts[0].seat
    offer = state.board.selection["offer"]
    if lineage not in offer["lineages"]:
        offer["lineages"][0] = lineage  # the test deals this lineage into the first offer
    events: list[tuple[str, dict[str, Any]]] = []
    state, first = _apply(state, seat, "pick", hero=offer["heroes"][0], lineage=lineage)
    events += first
    while not any(k == "start_placed" and d["seat"] == seat for k, d in events):  # every seat picks and places
        t = ENGINE.apply(state, legal(state, kinds(state)[0][0])[0])
        state, events = t.state, events + [(e.kind, dict(e.data)) for e in t.events]
    if kinds(state)[0] == (seat, "take_rune"):  # the rune of one's choice
        state = answer(state, seat, "rune", **legal(state, seat)[0].args)
    h = state.board.players[seat]
    if bonus in ("authority", "might", "wisdom"):
        assert h.attrs[bonus] == 3 and sum(h.attrs.values()) == 7
    else:
        assert sum(h.attrs.values()) == 6
    assert sum(h.runes.values()) == (1 if bonus == "rune" else 0)
    assert len(h.hand) == (2 if bonus == "cards" else 1)  # the start card, 1 more
    if bonus == "first":
        assert next(d for k, d in _settle_all(state, events) if k == "first_player")["seat"] == seat


def _settle_all(state: Any, events: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    _settle(state, events, "prayer")
    return events


# -- artifacts (p. 12, "Artefakte": gained charged, exhausted at the card's moment; god artifacts follow their
# monument's territory, monster artifacts go once to the hunter who covers every space without a reward) ---------


def _battle_plus2(art: str) -> int:
    state = at(
        active=0,
        step="manoeuvre",
        control={"1": 0, "5": 1},
        players={
            "0": {"hero": "aslaug", "at": 12, "armies": [[1, 3]], "artifacts": [art]},
            "1": {"hero": "snorri", "at": 14, "armies": [[5, 3]]},
        },
    )
    state = answer(answer(state, 0, "move", army=0, to=5), 1, "pass")
    state = answer(state, 0, "artifact", artifact=art)
    assert state.board.players[0].artifacts[art] is False
    return battle_value(state, 0)


def _hunt_shield(art: str) -> bool:
    state = answer(_hunt([], "attack01", artifacts=[art]), 2, "attack", card="attack01")
    state, events = _apply(answer(state, 0, "artifact", artifact=art), 0, "done")
    return bool(next(d for k, d in events if k == "defence_result")["success"])


def _wound_outside(art: str) -> int:
    hero = {"hero": "ragnar", "at": 12, "artifacts": [art], "runes": {"uruz": 1, "othala": 1}}
    state = at(active=0, step="rune", monsters={"draugr": {"at": 12}}, players={"0": hero})
    state, events = _apply(state, 0, "artifact_wound", artifact=art, monster="draugr", space=1)
    assert ("wound_outside", {"seat": 0, "monster": "draugr", "space": 1}) in events
    assert kinds(state) == [(0, "rune")]  # no rune action used
    return state.board.monsters["draugr"]["wounds"][0]


ARTIFACT_CHECKS: dict[str, Any] = {
    "battle_plus2": (_battle_plus2, 5),
    "hunt_shield": (_hunt_shield, True),
    "wound_outside": (_wound_outside, 0),
}


@pytest.mark.parametrize("art", sorted(PACK.artifacts))
def test_each_artifact_is_exhausted_for_its_effect(art: str) -> None:
    use = PACK.artifacts[art]["use"]
    assert use in ARTIFACT_CHECKS, f"no check for the artifact use {use!r}"
    measure, expected = ARTIFACT_CHECKS[use]
    assert measure(art) == expected


@pytest.mark.parametrize("art", sorted(PACK.god_artifacts))
def test_each_god_artifact_goes_to_whoever_takes_its_monument_territory(art: str) -> None:
    """p. 12: "Wenn du die Kontrolle über ein solches Gebiet übernimmst ..., erhältst du das Götterartefakt ... – egal
    ob es aktuell jemand besitzt oder nicht. Du erhältst das Götterartefakt in aufgeladenem Zustand." """
    probe = at()
    t = S(probe).monument_at[PACK.god_artifacts[art]["god"]]
    start = next(k for k in S(probe).adj[t] if k != 10)
    state = at(
        active=0, step="manoeuvre", players={"0": {"hero": "ragnar", "at": 12, "armies": [[start, 6]]}, "1": {"artifacts": [art]}}
    )
    state.board.god_art[art] = 1
    state.board.players[1].artifacts[art] = False  # exhausted with its holder
    state, events = _apply(state, 0, "move", army=0, to=t)
    assert ("artifact_gained", {"seat": 0, "artifact": art, "previous": 1}) in events
    assert state.board.players[0].artifacts[art] is True and art not in state.board.players[1].artifacts


@pytest.mark.parametrize("art", sorted(PACK.monster_artifacts))
def test_each_monster_artifact_goes_to_the_hunter_who_covers_the_spaces_without_a_reward(art: str) -> None:
    """p. 12: "Du erhältst das Artefakt eines Monsters nach der Jagd (unabhängig davon, ob es noch lebt oder nicht),
    falls alle Wundenfelder, die keine Belohnung zeigen, mit Kontrollmarkern abgedeckt sind"; anyone's markers (R22)."""
    m = PACK.monster_artifacts[art]["monster"]
    spaces = PACK.monsters[m]["wounds"]
    last = next(k for k, w in enumerate(spaces) if not w["reward"])
    wounds = [1 if not w["reward"] and k != last else -1 for k, w in enumerate(spaces)]
    card = next(c for c, rec in sorted(PACK.combat.items()) if rec["weapon"] == spaces[last]["weapon"])
    state = at(
        active=0,
        step="special",
        monsters={m: {"at": 3, "wounds": wounds}},
        players={"0": {"hero": "ragnar", "at": 3, "hand": [card]}},
        hunt={"hunter": 0, "target": m, "monster_player": 2, "attack_hand": ["attack01"]},
    )
    state = _to(answer(answer(state, 2, "attack", card="attack01"), 0, "done"), "hunt_wound")
    state, events = _apply(state, 0, "wound", card=card, space=last + 1)
    state, more = _apply(_to(state, "hunt_wound"), 0, "stop")
    events += more
    while state.board.hunt is not None:  # the hunt runs out; the artifact is checked after it
        seat = kinds(state)[0][0]
        choice = next((a for a in legal(state, seat) if a.choice in ("give_up", "stop")), legal(state, seat)[0])
        t = ENGINE.apply(state, choice)
        state, events = t.state, events + [(e.kind, dict(e.data)) for e in t.events]
    assert state.board.players[0].artifacts.get(art) is True
    assert all(art not in p.artifacts for p in state.board.players[1:])


# -- monster boards (p. 10, "Monster aktivieren": the area attack printed on the board; pp. 10-11, "Spezialangriff";
# "Wundenfelder": each space one weapon, some a reward) -------------------------------------------------


@pytest.mark.parametrize("monster", sorted(PACK.monsters))
def test_each_monsters_area_attack_hits_what_its_board_says(monster: str) -> None:
    area = PACK.monsters[monster]["area"]
    assert area in ("armies_here", "armies_adjacent", "heroes_here"), f"no check for the area attack {area!r}"
    state = at(
        active=0,
        step="rune",
        monsters={monster: {"at": 5, "ctrl": 0}},
        players={
            "0": {"hero": "ragnar", "at": 12, "armies": [[15, 2]], "runes": {"uruz": 1, "othala": 1}},
            "1": {"hero": "snorri", "at": 5, "armies": [[5, 3]]},
            "2": {"hero": "aslaug", "at": 14, "armies": [[6, 3]]},
        },
    )
    state = answer(state, 0, "activate", monster=monster)
    while kinds(state)[0] == (0, "pay"):
        state = ENGINE.apply(state, legal(state, 0)[0]).state
    state = answer(state, 0, "area")  # its controller chooses the area attack
    if kinds(state) and kinds(state)[0] == (1, "injury"):
        state = ENGINE.apply(state, legal(state, 1)[0]).state
    b = state.board
    here, next_door, injured = b.players[1].armies[0][1], b.players[2].armies[0][1], len(b.players[1].injured)
    assert (here, next_door, injured) == {
        "armies_here": (2, 3, 0),
        "armies_adjacent": (3, 2, 0),
        "heroes_here": (3, 3, 1),
    }[area]
    assert b.players[0].armies[0] == [15, 2]  # far away


@pytest.mark.parametrize("monster", sorted(PACK.monsters))
def test_each_monsters_special_attack_and_wound_spaces(monster: str) -> None:
    rec = PACK.monsters[monster]
    assert rec["special"] in ("injury2", "discard2"), f"no check for the special attack {rec['special']!r}"
    assert rec["wounds"] and all(w["weapon"] in ("axe", "sword", "spear") for w in rec["wounds"])
    assert all(w["reward"] in ("", "rune", "army", "priest", "realm") for w in rec["wounds"])  # the four rewards
    special = next(c for c, a in sorted(PACK.attacks.items()) if a["effect"] == "special")
    state = at(
        active=0,
        step="special",
        monsters={monster: {"at": 3}},
        players={"0": {"hero": "ragnar", "at": 3, "hand": ["combat01", "combat02", "combat03"]}},
        hunt={"hunter": 0, "target": monster, "monster_player": 2, "attack_hand": [special]},
    )
    state, events = _apply(answer(state, 2, "attack", card=special), 0, "done")
    assert ("special_attack", {"target": monster}) in events
    asked = "injury" if rec["special"] == "injury2" else "hunt_discard"
    for _ in range(2):
        assert kinds(state) == [(0, asked)]
        state = ENGINE.apply(state, legal(state, 0)[0]).state
    b = state.board.players[0]
    drawn = 1 + (1 if 2 >= PACK.attacks[special]["weak_spot"] else 0)  # Wisdom 2 against the weak spot
    assert (len(b.injured), len(b.hand)) == ((2, 3 + drawn) if asked == "injury" else (0, 1 + drawn))
    assert kinds(state) == [(0, "hunt_wound")]


# -- realm tiles (p. 5, "Bündnisse", and p. 9, "Spezialaktionen": an allied player gains the realm's bonus when someone takes the first
# marker on a wheel field of that realm; clockwise from the active player's left, the active player last) ---------


@pytest.mark.parametrize(
    ("realm", "players"), sorted((rec["id"], n) for rec in PACK.raw["realm_tiles"] for n in rec["players"][:1])
)
def test_each_realm_tile_gives_its_bonus_to_its_allies(realm: str, players: int) -> None:
    tile = PACK.realm_tiles(players)[realm]
    assert tile["bonus"] in ("army_plus", "hero_place_or_heal", "sail_or_place", "recruit_one", "draw", "rune"), tile["bonus"]
    probe = at(seats=players)
    side = S(probe)
    field = next(f for f, w in PACK.wheel(probe.board.side).items() if w["realm"] == realm)
    shrine = next(t for t in range(1, side.n + 1) if side.has(t, "shrine") and t not in (5, 10) and not side.monument_god(t))
    state = at(
        seats=players,
        active=0,
        step="special",
        control={"1": 0, str(shrine): 0, "2": 1},
        realms={realm: [1]},
        monsters={"draugr": {"at": 12}},
        players={
            "0": {"hero": "ragnar", "at": 5, "attrs": {"might": 6}, "armies": [[1, 2]]},
            "1": {"hero": "snorri", "at": 14, "armies": [[2, 2], [3, 4]], "injured": ["might"]},
        },
    )
    own = next(a for a in legal(state, 0) if FIELD_OF.get(a.choice) == field)
    hand = len(state.board.players[1].hand)
    t = ENGINE.apply(state, own)
    state, events = t.state, [(e.kind, dict(e.data)) for e in t.events]
    for _ in range(20):  # the active player's own decisions first, until the ally is asked or the bonus is done
        if not kinds(state) or kinds(state)[0][0] == 1 or any(k == "cards_drawn" and d.get("seat") == 1 for k, d in events):
            break
        t = ENGINE.apply(state, legal(state, 0)[0])
        state, events = t.state, events + [(e.kind, dict(e.data)) for e in t.events]
    assert ("alliance_bonus", {"field": field, "realm": realm, "seats": [1]}) in events
    b = state.board.players[1]
    if tile["bonus"] == "draw":
        assert len(b.hand) == hand + 1
        return
    asked = kinds(state)[0]
    assert asked == (1, "take_rune" if tile["bonus"] == "rune" else "bonus")
    choices = {a.choice for a in legal(state, 1)}
    assert (
        choices
        == {
            "army_plus": {"army", "skip"},
            "hero_place_or_heal": {"place_hero", "heal", "skip"},
            "sail_or_place": {"sail", "place_army", "skip"},
            "recruit_one": {"recruit", "skip"},
            "rune": {"rune"},
        }[tile["bonus"]]
    )
    if tile["bonus"] == "army_plus":  # the two-player Jotunheim raises only up to its cap (4)
        assert {a.args["army"] for a in legal(state, 1) if a.choice == "army"} == ({0} if tile.get("cap") else {0, 1})
        state = answer(state, 1, "army", army=0)
        assert state.board.players[1].armies[0] == [2, 3]
    if tile["bonus"] == "rune":
        runes = sum(b.runes.values())
        state = answer(state, 1, "rune", **legal(state, 1)[0].args)
        assert sum(state.board.players[1].runes.values()) == runes + 1


FIELD_OF = {
    "recruit": "recruit",
    "mobilize": "mobilize",
    "prepare": "prepare",
    "temple": "temple",
    "activate": "monster",
    "seize": "seize",
}


# -- god cards (p. 8, "Gebet", "Priester entsenden": the attribute always, from level 1 the god card's bonus of the level) ---


@pytest.mark.parametrize(("god", "level"), [(g, k) for g in sorted(PACK.gods) for k in (0, 1, 2, 3)])
def test_each_god_cards_level_bonus_comes_with_a_priest(god: str, level: int) -> None:
    rec = PACK.gods[god]
    attr = rec["attribute"]
    injured = [a for a in ("authority", "might") if a != attr]
    hero = {"hero": "ragnar", "at": 12, "priests": 1, "attrs": {"wisdom": 5}, "injured": injured}
    state = at(active=0, step="prayer", monuments={god: level}, players={"0": hero})
    state = _to(answer(state, 0, "priest", god=god), "hero")
    h = state.board.players[0]
    assert h.attrs[attr] == (6 if attr == "wisdom" else 3)  # "erhöht immer dauerhaft 1 Attribut"
    op = {"op": "", "n": 0} if level == 0 else rec["levels"][level - 1]
    assert op["op"] in ("", "rune", "rune_draw", "draw", "heal", "heal_draw", "heal_all_rune"), f"no check for {op['op']!r}"
    n = int(op["n"])
    runes = {"rune": n, "rune_draw": n, "heal_all_rune": 1}.get(op["op"], 0)
    cards = {"rune_draw": 1, "draw": n, "heal_draw": 1}.get(op["op"], 0)
    healed = {"heal": 1, "heal_draw": 1, "heal_all_rune": len(injured)}.get(op["op"], 0)
    assert (sum(h.runes.values()), len(h.hand), len(h.injured)) == (runes, cards, len(injured) - healed)


#: where each counted record kind of the pack is played: the tests above, or the one named
ELSEWHERE = {
    "forge_markers": "tests/ragnarok/test_setup.py::test_board_side_forges_and_decks_follow_the_player_count",
    "temple_cards": "tests/ragnarok/test_setup.py::test_temple_card_side_is_the_option",
    "bosses": "tests/ragnarok/test_end.py::test_the_boss_hunt_needs_defeated_monsters, tests/scenarios/ragnarok/boss_hunt_won.toml",
}
HERE = {
    "combat_cards", "attack_cards", "blessings", "events", "omens", "heroes", "lineages", "gods",
    "god_artifacts", "monsters", "monster_artifacts", "realm_tiles",
}  # fmt: skip


def test_every_counted_kind_of_the_pack_is_played_by_a_test():
    """Issue 25 item 3: every deck and component the checker counts is exercised (a new kind needs a test)."""
    from engine.ragnarok.pack import EXPECTED

    assert set(EXPECTED) == HERE | set(ELSEWHERE)
