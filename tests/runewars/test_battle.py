"""The battle sequence and its result, pp. 18-21 (digest §7.1, §7.7, §7.8, §6.5)."""

import pytest

from engine.core import Action, Context, Engine, InvalidAction, Rng, load_ruleset
from engine.runewars.battle.frame import Battle
from engine.runewars.battle.procedure import start_battle
from engine.runewars.flow import top

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
TILES = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0}]


def units(owner, **counts):
    """Stacks for a position: units(0, elf_archer=3) or units(0, elf_archer=(2, 1)) for standing, routed."""
    out = []
    for unit, n in counts.items():
        standing, routed = n if isinstance(n, tuple) else (n, 0)
        out.append({"owner": owner, "unit": unit, "standing": standing, "routed": routed})
    return out


def deck(*wants):
    """A fate deck, top first: one card per (shape, section code), then the rest of the pack's cards."""
    cards = []
    for shape, code in wants:
        cards.append(next(c.id for c in PACK.fate_cards if c.section(shape).code == code and c.id not in cards))
    return cards + [c.id for c in PACK.fate_cards if c.id not in cards]


def fight(areas, *, fate, attacker=0, area="1B", conquer=False, factions=("elves", "uthuk"), policy=None):
    """A position with a battle about to start in ``area``; ``policy``: seat -> battle policy."""
    spec = {
        "factions": list(factions),
        "placements": TILES,
        "neutrals": "none",
        "fate_deck": fate,
        "areas": areas,
        "players": {str(s): {"battle_policy": p} for s, p in (policy or {}).items()},
        "battle": {"area": area, "attacker": attacker, "conquer": conquer},
    }
    return ENGINE.from_position({}, len(factions), 1, spec)


def play_out(transition, seat_answers=None):
    """Answer every open prompt with its first legal action (or a given one) until the battle is over; all events."""
    state, events = transition.state, list(transition.events)
    while state.prompts and top(state, Battle) is not None:
        prompt = state.prompts[0]
        action = (seat_answers or {}).get(prompt.kind) or ENGINE.legal(state, prompt.seat)[0]
        step = ENGINE.apply(
            state, Action(prompt.seat, prompt.id, action.choice, action.args) if not isinstance(action, Action) else action
        )
        state, events = step.state, events + list(step.events)
    return state, events


def kinds(events, kind):
    return [dict(e.data) for e in events if e.kind == kind]


def won(events):
    return kinds(events, "battle_won")[0]


def test_start_battle_marks_the_area_and_names_the_defender():
    """p. 21, 1. „Kampfmarker legen“: the battle token lies in the contested area; the defender controls it."""
    spec = {
        "factions": ["elves", "uthuk"],
        "placements": TILES,
        "neutrals": "none",
        "areas": {"1B": {"units": units(0, elf_archer=2) + units(1, uthuk_berserker=1)}},
    }
    state = ENGINE.from_position({}, 2, 1, spec).state
    ctx = Context(Rng(state.rng_state))
    start_battle(state, PACK, "1B", 0, conquer=False, ctx=ctx)
    assert state.board.contested == ["1B"]
    assert [(e.kind, dict(e.data)) for e in ctx.events] == [("battle_started", {"area": "1B", "attacker": 0, "defender": 1})]
    frame = top(state, Battle)
    assert (frame.attacker, frame.defender, frame.conquer) == (0, 1, False)


def test_a_tie_goes_to_the_defender():
    """p. 21, 6.: „bei Gleichstand siegt der Verteidiger“: 1 standing unit each, the attacker retreats routed."""
    start = fight(
        {"1A": {"units": units(0, elf_warrior=1)}, "1B": {"units": units(0, elf_archer=1) + units(1, uthuk_flesh_ripper=1)}},
        fate=deck(("triangle", "-"), ("rectangle", "-")),
    )
    state, events = play_out(start)
    assert won(events)["strength"] == {"attacker": 1, "defender": 1}
    assert won(events)["winner"] == "defender"
    assert kinds(events, "units_retreated")[0]["path"] == ["1B", "1A"]
    assert [(s.owner, s.unit, s.standing, s.routed) for s in state.board.areas["1B"].stacks] == [(1, "uthuk_flesh_ripper", 1, 0)]
    assert state.board.areas["1A"].stack(0, "elf_archer").routed == 1
    assert state.board.contested == [] and top(state, Battle) is None


def _siege(conquer, damaged=False, archers=4):
    areas = {
        "1B": {"units": units(0, elf_archer=archers), "stronghold": {"owner": 1, "damaged": damaged}},
        "1A": {"units": units(0, elf_warrior=1)},
    }
    return play_out(fight(areas, fate=deck(*[("triangle", "-")] * archers), conquer=conquer))


def test_the_stronghold_adds_5_and_the_conquer_bonus_takes_3_off():
    """p. 21, 5c „Festungsstärke addieren“; p. 33: Conquer lowers the enemy stronghold's strength by 3."""
    state, events = _siege(conquer=False)
    assert won(events) == {
        "area": "1B",
        "winner": "defender",
        "seat": 1,
        "strength": {"attacker": 4, "defender": 5},
        "stronghold": 5,
    }
    state, events = _siege(conquer=True)
    assert won(events)["strength"] == {"attacker": 4, "defender": 2} and won(events)["winner"] == "attacker"


def test_a_damaged_stronghold_counts_its_damaged_value_and_never_below_zero():
    """Digest §14.2 #8: the damaged side (faction data: 2) minus 3 with Conquer is clamped at 0."""
    _, events = _siege(conquer=False, damaged=True, archers=1)
    assert won(events)["stronghold"] == PACK.faction("uthuk").stronghold_damaged_strength == 2
    _, events = _siege(conquer=True, damaged=True, archers=1)
    assert won(events)["stronghold"] == 0 and won(events)["winner"] == "attacker"


def test_the_stronghold_is_damaged_by_standing_enemies_even_when_the_defender_wins():
    """p. 21, 5d „Festung beschädigen: Falls noch stehende feindliche Einheiten zugegen sind“ (p. 40: even if the defender wins)."""
    state, events = _siege(conquer=False)
    assert won(events)["winner"] == "defender"
    assert state.board.areas["1B"].stronghold.damaged and kinds(events, "stronghold_damaged") == [{"area": "1B", "seat": 1}]


def test_a_stronghold_alone_is_a_full_battle_and_the_attacker_draws_alone():
    """Digest §7.8, §14.2 #4: a stronghold without units is still a battle; only the attacker draws."""
    state, events = _siege(conquer=False, archers=6)
    assert [d["side"] for d in kinds(events, "battle_drew")] == ["attacker"]
    assert kinds(events, "battle_lined_up")[0]["defender"]["units"] == {}
    assert won(events)["strength"] == {"attacker": 6, "defender": 5}


def test_capture_replaces_the_stronghold_damaged_side_up_and_destroys_the_development():
    """p. 21, 6b „ersetzt es durch ein eigenes Festungsplättchen, mit der beschädigten Seite nach oben“; p. 33: its development is destroyed."""
    areas = {
        "1B": {
            "units": units(0, elf_archer=6) + units(1, uthuk_berserker=(0, 1)),
            "stronghold": {"owner": 1},
            "development": "uthuk.resources",
        },
        "1A": {"units": units(0, elf_warrior=1)},
    }
    state, events = play_out(fight(areas, fate=deck(*[("triangle", "-")] * 6)))
    area = state.board.areas["1B"]
    assert (area.stronghold.owner, area.stronghold.damaged, area.development) == (0, True, None)
    assert kinds(events, "development_destroyed") == [{"area": "1B", "development": "uthuk.resources"}]
    assert kinds(events, "stronghold_captured") == [{"area": "1B", "seat": 0, "previous": 1}]


def _all_strongholds_in_play():
    own = {a: {"units": units(0, elf_warrior=1), "stronghold": {"owner": 0}} for a in ("1A", "1C", "1D", "2A")}
    areas = {**own, "1B": {"units": units(0, elf_archer=6), "stronghold": {"owner": 1}}}
    assert len(own) == PACK.components["stronghold_tiles"].per_faction
    return fight(areas, fate=deck(*[("triangle", "-")] * 6))


def test_with_every_stronghold_in_play_the_winner_may_demolish_one_of_his_own():
    """p. 21, 6b „Falls schon alle Festungen des Spielers im Spiel sind, kann er eine davon abreißen“."""
    start = _all_strongholds_in_play()
    [prompt] = start.state.prompts
    assert prompt.kind == "battle_stronghold" and prompt.seat == 0
    assert {a.choice for a in ENGINE.legal(start.state, 0)} == {"demolish", "destroy"}
    state = ENGINE.apply(start.state, Action(0, prompt.id, "demolish", {"area": "2A"})).state
    assert state.board.areas["2A"].stronghold is None
    assert (state.board.areas["1B"].stronghold.owner, state.board.areas["1B"].stronghold.damaged) == (0, True)


def test_without_a_free_stronghold_the_beaten_one_may_simply_be_destroyed():
    """p. 21, 6b „Festung zerstören/erobern“ (ruling: with no tile to spare and none demolished, it is destroyed)."""
    start = _all_strongholds_in_play()
    state = ENGINE.apply(start.state, Action(0, start.state.prompts[0].id, "destroy", {})).state
    assert state.board.areas["1B"].stronghold is None
    assert all(state.board.areas[a].stronghold.owner == 0 for a in ("1A", "1C", "1D", "2A"))


def test_units_routed_before_the_battle_stay_out_and_are_eliminated_if_their_side_retreats():
    """p. 21, 2. and 6a: „Einheiten, die bereits zu Beginn des Kampfes flüchtend waren, können sich nicht zurückziehen, sie werden stattdessen eliminiert“."""
    areas = {"1B": {"units": units(0, elf_archer=3) + units(1, uthuk_flesh_ripper=1, uthuk_berserker=(0, 2))}}
    state, events = play_out(fight(areas, fate=deck(("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("rectangle", "-"))))
    lined_up = kinds(events, "battle_lined_up")[0]["defender"]
    assert lined_up["units"] == {"uthuk_flesh_ripper": 1} and lined_up["left_out"] == {"uthuk_berserker": 2}
    assert won(events)["winner"] == "attacker"
    assert {"seat": 1, "area": "1B", "units": {"uthuk_berserker": 2}, "why": "routed_before_battle"} in kinds(
        events, "units_eliminated"
    )
    [retreat] = kinds(events, "units_retreated")
    assert retreat["units"] == {"uthuk_flesh_ripper": 1} and retreat["side"] == 1
    assert [(s.owner, s.unit) for s in state.board.areas["1B"].stacks] == [(0, "elf_archer")]


def test_after_a_win_the_units_above_8_retreat_together_into_one_adjacent_area():
    """p. 18: „Falls er den Kampf gewinnt, müssen sich anschließend überzählige Einheiten zusammen in ein einziges benachbartes Gebiet zurückziehen“."""
    areas = {
        "1B": {"units": units(0, elf_archer=8, elf_pegasus_rider=2) + units(1, uthuk_flesh_ripper=1)},
        "1A": {"units": units(0, elf_warrior=1)},
    }
    start = fight(areas, fate=deck(*[("triangle", "-")] * 8, ("rectangle", "-"), ("rectangle", "-"), ("rectangle", "-")))
    [retreat] = start.state.prompts  # first the beaten Flesh Ripper leaves
    state = ENGINE.apply(start.state, Action(1, retreat.id, "retreat", {"to": "2A"})).state
    [prompt] = state.prompts
    assert (prompt.kind, prompt.info["excess"]) == ("battle_excess", 2)
    legal = [a.args["units"] for a in ENGINE.legal(state, 0)]
    assert sorted(legal, key=str) == sorted(
        [{"elf_archer": 2}, {"elf_archer": 1, "elf_pegasus_rider": 1}, {"elf_pegasus_rider": 2}], key=str
    )
    step = ENGINE.apply(state, Action(0, prompt.id, "retreat_units", {"units": {"elf_pegasus_rider": 2}}))
    board = step.state.board
    assert kinds(step.events, "units_retreated")[0]["path"] == ["1B", "1A"]  # the only friendly neighbour
    assert board.areas["1B"].force_of(0) == 8 and board.areas["1A"].stack(0, "elf_pegasus_rider").routed == 2
    assert board.contested == []


def test_unallied_neutrals_fight_as_one_group_led_by_the_player_left_of_the_active_player():
    """p. 19 „Kampf gegen unverbündete neutrale Einheiten“: the player left of the active player leads them and may not play tactics cards."""
    areas = {"1B": {"units": units(1, uthuk_berserker=4) + units("neutral", beastman=1, razorwing=1)}}
    start = fight(
        areas,
        attacker=1,
        factions=("elves", "uthuk", "humans"),
        fate=deck(
            ("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("triangle", "-"), ("triangle", "-")
        ),
    )
    assert kinds(start.events, "battle_started") == [{"area": "1B", "attacker": 1, "defender": None}]
    lined_up = kinds(start.events, "battle_lined_up")[0]["defender"]
    assert lined_up == {"seat": None, "leader": 2, "units": {"beastman": 1, "razorwing": 1}, "left_out": {}}
    frame = top(start.state, Battle)
    assert frame.sides[1].may_play_tactics is False and frame.sides[0].may_play_tactics is True
    [prompt] = start.state.prompts  # the neutrals lost: their leader picks an uncontrolled area
    assert (prompt.kind, prompt.seat, prompt.info["side"]) == ("retreat", 2, None)


def test_allied_neutrals_fight_for_their_ally():
    """p. 19: „Verbündete neutrale Einheiten werden wie Einheiten der eigenen Fraktion behandelt, d. h. sie bewegen sich und kämpfen wie eigene Einheiten“."""
    areas = {
        "1B": {
            "units": units(0, elf_archer=1)
            + [{"owner": "neutral", "unit": "beastman", "standing": 2, "ally": 0}]
            + units(1, uthuk_flesh_ripper=1)
        }
    }
    start = fight(areas, fate=deck(("triangle", "-"), ("rectangle", "-"), ("triangle", "-"), ("triangle", "-")))
    state, events = play_out(start)
    assert kinds(events, "battle_lined_up")[0]["attacker"]["units"] == {"elf_archer": 1, "beastman": 2}
    assert won(events)["strength"] == {"attacker": 3, "defender": 1}
    assert state.board.areas["1B"].force_of(0) == 3


def test_the_game_options_set_each_seats_battle_policy_at_setup():
    """Issue #5 item 3 (digest §12 #9/#10): a player's battle policy (their bot setting) comes with the
    game's options; an unknown seat or policy is refused before anything is dealt."""
    engine = ENGINE
    state = engine.setup({"battle_policy": {"1": "manual"}}, 2, 3).state
    assert state.board.battle_policy == {1: {"order": "ask", "assign": "ask", "defence": "ask"}}
    assert engine.setup({}, 2, 3).state.board.battle_policy == {}
    for wrong in ({"2": "manual"}, {"0": "sometimes"}):
        with pytest.raises(InvalidAction):
            engine.setup({"battle_policy": wrong}, 2, 3)
