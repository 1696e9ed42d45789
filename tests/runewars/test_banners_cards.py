"""Issue 23 item 6 („Every card has a scenario test, as for the base decks“): every quest card the expansion adds is
attempted in a fitting position with the option on and does what its data says (each symbol with effects chosen once, a
duel quest won), as tests/runewars/test_hero_cards.py does for the base deck; the new heroes and rewards are played by
that module's scenarios with the option on, the new objectives are claimed when their conditions hold and only then,
each tactic fate card acts as the section of the unit's shape it is announced for, and the Defensible Area is
revealed, defends and is removed. The expansion's counts: „17 Questkarten“, „8 Heldenkarten“, „3 böse Zielkarten, 3
gute Zielkarten“, „9 Belohnungskarten“. (The tactics and season cards: tests/runewars/test_banners_of_war.py; the new
units' abilities: test_banners_units.py; the Flooded Area and the Sunken City: test_banners_tiles.py.)
"""

import pytest

from engine.runewars.ruleset import RULESET
from tests.runewars.prompting import ENGINE, act
from tests.runewars.test_hero_cards import SYMBOL_CARD, TRAIT_HERO, duel_quest_deck
from tests.runewars.test_heroes import TILES, events_of, fate, hero, units

BOW = {"banners_of_war": True}
PACK = RULESET.pack(BOW)
BASE = RULESET.pack({})
NEW_QUESTS = sorted(set(PACK.hero_cards.quests) - set(BASE.hero_cards.quests))
WHERE = {"city": ("3B", {"3B": {"city": "city-1"}}), "neutral": ("1C", {"1C": {"units": [units("neutral", "beastman")]}})}
TILE_12 = {"tile": "tile-16", "rotation": 0, "q": -3, "r": 3}


def test_the_expansion_adds_the_rulebooks_counts():
    """„17 Questkarten“, „8 Heldenkarten“, „3 böse Zielkarten“, „3 gute Zielkarten“, „9 Belohnungskarten“, every record
    with its ``source``."""
    cards = PACK.hero_cards
    assert len(NEW_QUESTS) == 17
    assert len(set(cards.heroes) - set(BASE.hero_cards.heroes)) == 8
    assert len(set(cards.rewards) - set(BASE.hero_cards.rewards)) == 9
    new_objectives = [c for c in PACK.cards["objective"] if c.id not in {o.id for o in BASE.cards["objective"]}]
    assert sorted(c.attrs["alignment"] for c in new_objectives) == ["evil"] * 3 + ["good"] * 3
    for quest in NEW_QUESTS:
        assert cards.quest(quest).prov.source in ("house", "rulebook", "public")


def placements_for(area):
    tile = f"tile-{area[:-1]}"
    out = [TILES[2], TILES[0]]
    if tile != "tile-1":
        out.append({"tile": tile, "rotation": 0, "q": 0, "r": 2})
    if tile != "tile-16":
        out.append(TILE_12)
    return out


def attempt(card, quest, deck, area, extra_areas, banners):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": placements_for(area),
        "neutrals": "none",
        "areas": extra_areas,
        "heroes": [hero(card, 1, area)],
        "players": {"1": {"quests": [quest.id]}},
        "season": {"year": 1, "name": "summer", "start": "orders", "previous_orders": {"0": 5, "1": 4}},
        "frames": [{"type": "QuestPhase"}],
        "fate_deck": fate(*deck),
        **({"banners": banners} if banners else {}),
    }
    start = ENGINE.from_position(BOW, 2, 1, spec)
    stayed = act(start.state, "hero_action", "move", hero=card, path=[])
    return [stayed, act(stayed.state, "hero_venture", "quest", quest=quest.id)]


def settle(transitions):
    """Answer what the effects ask (where a token goes) with the first legal answer, and the duel's start window."""
    for _ in range(20):
        state = transitions[-1].state
        asked = [p for p in state.prompts if p.kind in ("effect_choice", "duel_start", "test_choose")]
        if not asked:
            return transitions
        prompt = asked[0]
        transitions.append(ENGINE.apply(state, ENGINE.legal(state, prompt.seat)[0]))
    raise AssertionError("the quest did not settle")


def every(transitions, kind):
    return [e.data for t in transitions for e in events_of(t, kind)]


def check(records, card, quest, transitions):
    after, before = transitions[-1].state, transitions[0].state
    hero_after = next(h for h in after.board.heroes if h.card == card)
    does = [r["do"] for r in records]
    assert len(hero_after.rewards) == sum(r.get("count", 1) for r in records if r["do"] == "take_reward")
    assert hero_after.damage == sum(r["amount"] for r in records if r["do"] == "hero_damage")
    gained = sum(r["amount"] for r in records if r["do"] == "gain_influence")
    assert after.board.players[1].influence == before.board.players[1].influence + gained
    drawn = sum(r["count"] for r in records if r["do"] == "draw_tactics")
    assert len(after.board.players[1].tactics) == len(before.board.players[1].tactics) + drawn
    assert bool(every(transitions, "sunken_city_placed")) == ("place_sunken_city" in does)
    assert bool(every(transitions, "sunken_city_destroyed")) == ("sink_sunken_city" in does)
    assert bool(every(transitions, "desolation_placed")) == ("place_desolation" in does)
    assert bool(every(transitions, "cryomancy_placed")) == ("place_cryomancy" in does)
    assert bool(every(transitions, "desolation_removed")) == ("remove_desolation" in does)
    if "remove_desolation" in does:
        assert after.board.desolation == []
    if "reveal_rune" in does:  # „Falls die Karte … verlangt, eine seiner Drachenrunen aufzudecken, darf er nicht eine seiner
        assert [e["area"] for e in every(transitions, "rune_revealed")] == ["1A"]  # falschen Runen aufdecken.“
    completed = every(transitions, "quest_result")[0]["completed"]
    assert completed is ("take_reward" in does) and (quest.id in after.board.players[1].quests) is not completed


@pytest.mark.parametrize("quest_id", NEW_QUESTS)
def test_every_expansion_quest_does_what_it_says(quest_id):
    """p. 26 (base): the chosen symbol's instructions; p. 28: a beaten unit completes a duel quest. The Sunken City quests
    raise it on tile 12 (exp. „Die Versunkene Stadt“), the others place Desolation or Cryomancy (exp. p. 8)."""
    quest = PACK.hero_cards.quest(quest_id)
    area, extra = WHERE.get(quest.where, (quest.area, {}))
    if quest.test is None:
        transitions = settle(attempt("vrask_der_schinder", quest, duel_quest_deck(quest.duel), area, extra, None))
        assert every(transitions, "duel_started")[0]["monster"] == quest.duel
        check(quest.outcomes["win"], "vrask_der_schinder", quest, transitions)
        return
    for symbol, records in quest.outcomes.items():
        banners = {"sunken_city": "16A"} if any(r["do"] == "sink_sunken_city" for r in records) else {}
        if any(r["do"] == "remove_desolation" for r in records):
            banners["desolation"] = ["1A"]
        if any(r["do"] == "reveal_rune" for r in records):  # one dragon and one false rune of the questing player
            extra = {**extra, "1A": {"units": [units(1, "uthuk_berserker")], "rune": {"kind": "dragon"}}}
            extra["1B"] = {"units": [units(1, "uthuk_berserker")], "rune": {"kind": "false"}}
        transitions = attempt(TRAIT_HERO[quest.test], quest, list(SYMBOL_CARD.values()), area, extra, banners)
        transitions.append(act(transitions[-1].state, "test_choose", "choose", card=SYMBOL_CARD[symbol]))
        settle(transitions)
        assert every(transitions, "test_chosen")[0]["symbol"] == symbol
        check(records, TRAIT_HERO[quest.test], quest, transitions)


# -- heroes and rewards: the base cards' harness, with the option on --------------------------------------------

NEW_HEROES = sorted(set(PACK.hero_cards.heroes) - set(BASE.hero_cards.heroes))
NEW_REWARDS = sorted(set(PACK.hero_cards.rewards) - set(BASE.hero_cards.rewards))


class _WithBanners:
    """The test engine, every position built with ``banners_of_war`` on (the harness modules build theirs with ``{}``)."""

    def __init__(self, engine):
        self._engine = engine

    def from_position(self, options, *args, **kwargs):
        return self._engine.from_position({**options, **BOW}, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._engine, name)


@pytest.fixture
def harness(monkeypatch):
    """tests/runewars/test_hero_cards.py's scenarios, reading the expansion's hero cards and building every position
    with the option (its quest phase, duels and hero turns come from test_heroes and test_heroes_rewards)."""
    import tests.runewars.test_hero_cards as hero_cards
    import tests.runewars.test_heroes as heroes
    import tests.runewars.test_heroes_rewards as rewards

    engine = _WithBanners(ENGINE)
    monkeypatch.setattr(heroes, "ENGINE", engine)
    monkeypatch.setattr(rewards, "ENGINE", engine)
    monkeypatch.setattr(hero_cards, "HERO_CARDS", PACK.hero_cards)
    return hero_cards


def test_the_harness_builds_its_positions_with_the_option(harness):
    from tests.runewars.test_heroes import quest_phase

    assert quest_phase([hero("bow_lana", 1, "1A")]).state.options.get("banners_of_war") is True


@pytest.mark.parametrize("hero_id", NEW_HEROES)
def test_every_expansion_hero_does_what_it_says(harness, hero_id):
    """Issue 23 item 6 („8 Heldenkarten“, heroes.toml): each new hero's ability is used where it applies, with the option
    on, by the scenarios that play the base heroes (base p. 25 „Fähigkeit“; tests/runewars/test_hero_cards.py)."""
    card = PACK.hero_cards.hero(hero_id)
    abilities = [card.when] if card.when else list(card.keywords)
    assert abilities and all(a in harness.HERO_SCENARIOS for a in abilities), (hero_id, abilities)
    for ability in abilities:
        harness.HERO_SCENARIOS[ability](hero_id)


@pytest.mark.parametrize("reward_id", NEW_REWARDS)
def test_every_expansion_reward_does_what_it_says(harness, reward_id):
    """Issue 23 item 6 („9 Belohnungskarten“, rewards.toml): each new reward is used in the window its ``when`` names, with
    the option on (base p. 27 „Belohnungskarten“); a discarded one goes to the reward discards, another stays face up."""
    reward = PACK.hero_cards.rewards[reward_id]
    assert reward.when in harness.REWARD_SCENARIOS, (reward_id, reward.when)
    board = harness.REWARD_SCENARIOS[reward.when](reward)
    if board is not None:
        assert reward_id in (board.decks["rewards"].discard if reward.discard else board.face_up_rewards)


# -- objectives ---------------------------------------------------------------------------------------------------

NEW_OBJECTIVES = {c.id: c for c in PACK.cards["objective"] if c.id not in {o.id for o in BASE.cards["objective"]}}


def _stacks(owner, **counts):
    return [{"owner": owner, "unit": u, "standing": n} for u, n in counts.items()]


def _allied(unit, n):
    return {"owner": "neutral", "unit": unit, "standing": n, "ally": 0}


def _held(*areas, unit="undead_zombie", **extra):
    return {a: {"units": _stacks(0, **{unit: 1}), **extra} for a in areas}


#: per objective: a board on which its conditions hold for seat 0 (good: the Humans, evil: the Undead against the
#: Humans, whose home realm is 10A-10C), and one that misses one condition by one
OBJECTIVE_BOARDS = {
    "bow_bannerbund": (
        {"areas": {"1A": {"units": _stacks(0, human_infantry=1) + [_allied("beastman", 3), _allied("giant", 1)]}}},
        {"areas": {"1A": {"units": _stacks(0, human_infantry=1) + [_allied("beastman", 3)]}}},
    ),
    "bow_handelsherr": (
        {
            "influence": 6,
            "areas": {"1A": {"units": _stacks(0, human_infantry=1), "city": "city-1"}}
            | {"2A": {"units": _stacks(0, human_infantry=1), "city": "city-2"}},
        },
        {
            "influence": 5,
            "areas": {"1A": {"units": _stacks(0, human_infantry=1), "city": "city-1"}}
            | {"2A": {"units": _stacks(0, human_infantry=1), "city": "city-2"}},
        },
    ),
    "bow_zwei_titel": (
        {"titles": {"kapitaen_der_heldenliga": {"holder": 0}, "gildemeister_der_haendler": {"holder": 0}}},
        {"titles": {"kapitaen_der_heldenliga": {"holder": 0}, "gildemeister_der_haendler": {"holder": 1}}},
    ),
    "bow_heerbann": (
        {
            "areas": {
                "1A": {"units": _stacks(0, undead_zombie=6, undead_skeleton_archer=4)},
                "1B": {"units": _stacks(0, undead_necromancer=2, undead_vampire=2, undead_great_dragon=2)},
            }
        },
        {
            "areas": {
                "1A": {"units": _stacks(0, undead_zombie=6, undead_skeleton_archer=4)},
                "1B": {"units": _stacks(0, undead_necromancer=3, undead_vampire=3)},
            }
        },
    ),
    "bow_verheerte_grenzen": (
        {"areas": _held("1A", "1B", "1C", "1D", "2A", "2B")},
        {"areas": _held("1A", "1B", "1C", "1D", "2A")},
    ),
    "bow_fremde_mauern": (
        {"areas": _held("10A") | _held("1A", "1B", "2A", stronghold={"owner": 0})},
        {"areas": _held("10A") | _held("1A", "1B", stronghold={"owner": 0})},
    ),
}


def _objective_game(card_id, board):
    good = NEW_OBJECTIVES[card_id].attrs["alignment"] == "good"
    spec = {
        "factions": ["humans", "uthuk"] if good else ["undead", "humans"],
        "placements": TILES,
        "neutrals": "none",
        "areas": board.get("areas", {}),
        "titles": board.get("titles", {}),
        "players": {"0": {"objective": card_id, "influence": board.get("influence", 0)}, "1": {"influence": 0}},
        "season": {"year": 1, "name": "summer", "start": "turn", "orders": {"0": 1, "1": 2}, "turn": 0},
    }
    return ENGINE.from_position(BOW, 2, 3, spec).state


def test_every_expansion_objective_has_a_board():
    assert sorted(OBJECTIVE_BOARDS) == sorted(NEW_OBJECTIVES)  # „3 böse Zielkarten, 3 gute Zielkarten“


@pytest.mark.parametrize("card_id", sorted(NEW_OBJECTIVES))
def test_every_expansion_objective_is_claimed_when_its_conditions_hold_and_only_then(card_id):
    """Issue 23 item 6 (objectives.toml, house): base p. 30 (Zielkarten) — claimed in the player's turn when every
    condition of ``requires`` holds, then a dragon rune is taken; one short of one condition, no claim."""
    from engine.core import Action

    holds, short = OBJECTIVE_BOARDS[card_id]
    for board in ({}, short):
        assert "claim" not in [a.choice for a in ENGINE.legal(_objective_game(card_id, board), 0)]
    state = _objective_game(card_id, holds)
    window = next(p for p in state.prompts if p.kind == "turn_window")
    done = ENGINE.apply(state, Action(0, window.id, "claim"))
    claimed = [e for e in done.events if e.kind == "objective_claimed"]
    assert [(e.to, e.data) for e in claimed] == [(None, {"seat": 0, "card": card_id})]
    assert done.state.board.players[0].objective is None
    assert any(p.kind in ("discard_false_runes", "place_runes") and p.seat == 0 for p in done.state.prompts)


# -- tactic fate cards: each section of each card, drawn in a battle -------------------------------------------------

#: one card of each name with fate sections („Taktikschicksalskarten“); copies share the record's sections
TACTIC_FATE = {c.name_de: c for c in reversed(PACK.cards["tactics_card"]) if c.attrs.get("fate")}
#: a Human unit of each shape (the Novice Wizard is the expansion's circle); alone, it draws the tactic fate card only
SHAPE_UNIT = {
    "triangle": "human_archer",
    "circle": "human_novice_wizard",
    "rectangle": "human_knight",
    "hexagon": "human_siege_engine",
}
#: fate cards whose triangle section is blank: the three defending Berserkers draw nothing that acts
BLANK_TRIANGLES = [c.id for c in PACK.fate_cards if c.triangle.kind == "blank"]


def test_every_tactic_fate_card_name_is_here():
    """Issue 23 item 6: the tactic fate cards, „Bestechung“ among them (exp. p. 7 example), each with four sections."""
    assert "Bestechung" in TACTIC_FATE and len(TACTIC_FATE) >= 6
    assert all(sorted(c.attrs["fate"]) == sorted(SHAPE_UNIT) for c in TACTIC_FATE.values())


@pytest.mark.parametrize(
    "card, shape", [(c, shape) for c in TACTIC_FATE.values() for shape in sorted(SHAPE_UNIT)], ids=lambda v: getattr(v, "id", v)
)
def test_every_tactic_fate_card_acts_as_the_section_of_the_units_shape(card, shape):
    """Issue 23 item 6 (tactics.toml ``fate``) and exp. p. 7 „Taktikschicksalskarten“: announced for a unit type it
    replaces one fate card (one fewer is drawn) and the section of the unit's shape acts (ruling R-BW4: 'D<n>' n damage,
    'R<n>' routs n, 'S' the unit's ability, '-' nothing); afterwards it lies on the tactics discard pile."""
    unit = SHAPE_UNIT[shape]
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES[:2],
        "neutrals": "none",
        "fate_deck": BLANK_TRIANGLES,
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
        "players": {"0": {"tactics": [card.id]}},
        "areas": {"1B": {"units": [units(0, unit), units(1, "uthuk_berserker", 3)]}},
    }
    state = act(ENGINE.from_position(BOW, 2, 7, spec).state, "tactics_window", "pass").state
    for _ in range(10):  # the rows before the unit's own
        if any(p.kind == "tactic_fate" for p in state.prompts):
            break
        prompt = state.prompts[0]
        state = ENGINE.apply(state, next(a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id)).state
    done = act(state, "tactic_fate", "announce", cards=[card.id])
    drew = [e.data for e in events_of(done, "battle_drew") if e.data["side"] == "attacker"]
    assert [(d["unit"], d["count"], d["tactic_fate"]) for d in drew] == [(unit, 1, 1)]
    revealed = next(e.data["attacker"] for e in events_of(done, "battle_cards_revealed") if e.data["attacker"])
    section = card.attrs["fate"][shape]
    assert revealed["cards"] == [card.id] and revealed["sections"] == [section]
    damaged = [e for e in events_of(done, "battle_damaged") if e.data["side"] == "defender" and e.data["why"] == "fate"]
    routed = [e for e in events_of(done, "battle_routed") if e.data["side"] == "defender" and e.data["why"] == "fate"]
    ability = [e for e in events_of(done, "ability_used") if e.data["side"] == "attacker" and e.data["unit"] == unit]
    expected = {"D": (int(section[1:] or 0), 0, 0), "R": (0, int(section[1:] or 0), 0), "S": (0, 0, 1), "-": (0, 0, 0)}
    assert (len(damaged), len(routed), len(ability)) == expected[section[0]]
    assert card.id in done.state.board.decks["tactics"].discard and card.id not in done.state.board.decks["fate"].discard


# -- the new exploration tokens (the Flooded Area's reveal and borders: tests/runewars/test_banners_tiles.py) ---------


def test_a_defensible_area_is_revealed_by_a_hero_and_stays_face_up(harness):
    """Issue 23 item 6 (exploration.toml „Zu verteidigendes Gebiet“, exp. p. 8), base p. 37: revealed where a hero ends
    its move; a location stays („bleibt … liegen“)."""
    from tests.runewars.test_heroes import quest_phase

    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B")],
        areas={"2A": {"units": [units(1, "uthuk_berserker")]}},
        exploration={"2A": {"token": "defensible_area"}},
    )
    moved = act(start.state, "hero_action", "move", hero="aldric_sturmhand", path=["2A"])
    revealed = [e for e in events_of(moved, "exploration_revealed")]
    assert [(e.to, e.data["token"], e.data["type"]) for e in revealed] == [(None, "defensible_area", "destructible_location")]
    assert moved.state.board.exploration["2A"].face_up


def _battle_on(token_face_up):
    """One Knight attacks one Berserker in 1B, which holds a Defensible Area; the strengths when the winner is found."""
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": TILES[:2],
        "neutrals": "none",
        "battle": {"area": "1B", "attacker": 0, "conquer": False},
        "areas": {"1B": {"units": [units(0, "human_knight"), units(1, "uthuk_berserker")]}},
        "exploration": {"1B": {"token": "defensible_area", "face_up": token_face_up}},
    }
    (won,) = [e.data for e in events_of(ENGINE.from_position(BOW, 2, 7, spec), "battle_won")]  # no card asks anything
    return won["strength"]


def test_a_face_up_defensible_area_gives_the_defender_one_strength_in_a_battle_there():
    """Exp. p. 8: „Wenn der Sieger eines Kampfes in diesem Gebiet ermittelt wird, erhält der Verteidiger +1 Stärke.“ The same
    battle (same seed and fate cards) with the token face up and face down."""
    up, down = _battle_on(True), _battle_on(False)
    assert up == {"attacker": down["attacker"], "defender": down["defender"] + 1}


def test_the_controller_with_six_units_removes_a_defensible_area_in_his_turn(harness):
    """Exp. p. 8 (a „zerstörbarer Ort“) and base p. 37: „Wer das Gebiet kontrolliert und dort mindestens 6 Einheiten hat,
    kann in seinem Spielzug den Marker entfernen.“"""
    from tests.runewars.test_heroes_rewards import ENGINE as WITH_BANNERS
    from tests.runewars.test_heroes_rewards import hero_turn

    start = hero_turn(
        [],
        areas={"1A": {"units": [units(0, "human_infantry", 6)]}, "1B": {"units": [units(0, "human_infantry", 5)]}},
        exploration={"1A": {"token": "defensible_area", "face_up": True}, "1B": {"token": "defensible_area", "face_up": True}},
    )
    assert [a.args for a in WITH_BANNERS.legal(start.state, 0) if a.choice == "remove_location"] == [{"area": "1A"}]
    removed = act(start.state, "hero_turn", "remove_location", area="1A")
    assert "1A" not in removed.state.board.exploration and "1B" in removed.state.board.exploration
