"""Seventh Stone rules the first sessions left untested or unbuilt (docs/seventhstone/README.md), each
test naming its source: the German rulebook (seed 001) through the digest /work/shared/rules/seventh-stone.md
(§n) or a ruling of docs/seventhstone/rulings.md (Rn)."""

from __future__ import annotations

from random import Random

import pytest

from engine.core import Action, Context, Engine, Rng
from engine.core.errors import IllegalAction
from engine.seventhstone import combat, market, movement
from engine.seventhstone.ai import policy
from engine.seventhstone.pack import load_pack
from engine.seventhstone.ruleset import RULESET
from engine.seventhstone.state import army_at
from tests.seventhstone.test_rules import army, setup_done

ENGINE = Engine(RULESET)
PACK = load_pack()


def plain_board(state):
    b = state.board
    for c in b.cells:
        b.cells[c] = {"kind": "plain", "portal": None}
    b.control, b.capitals, b.buildings, b.defenders = {}, {}, {}, {}
    b.volcano, b.flags = [], {}  # no lava nor event of the first year
    return b


def allocate(b, item: str, bids: list[int]) -> None:
    b.alloc = [market.no_alloc() for _ in bids]
    for seat, bid in enumerate(bids):
        b.alloc[seat][item] = bid


def seat_0_moves(state):
    """Seat 0's movement prompt, every other seat having moved (digest §10: the phase in the bought order)."""
    b = state.board
    others = list(range(1, state.seat_count))
    b.phase, b.done, b.order = "movement", others, [0, *others]
    state.prompts = []
    RULESET.open(state, 0, "move", info={"player": 0})
    return next(p for p in state.prompts if p.kind == "move")


# -------------------------------------------------------------------------------- §10.1 / R9: the swap


def test_two_own_armies_of_different_types_swap_fields_in_one_movement():
    """Digest §10.1 ("Gleichzeitigkeit der Bewegungen": the capacity rules hold only at the end of the own
    movement phase, so swaps are possible) and ruling R9: one own army per field forbids either single
    move, the swap answer exchanges the two whole armies, which then count as moved."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "C3", "melee", 2, aid=900), army(0, "C4", "ranged", 3, aid=901), army(1, "E5", "melee", 1, aid=902)]
    b.armies[0]["equip"] = 7
    prompt = seat_0_moves(state)
    legal = RULESET.legal(state, prompt)
    assert not [a for a in legal if a.choice == "move" and (a.args["from"], a.args["to"]) in (("C3", "C4"), ("C4", "C3"))]
    swaps = [a for a in legal if a.choice == "swap"]
    assert [a.args for a in swaps] == [{"from": "C3", "to": "C4", "army": "melee", "with": "ranged"}]
    result = ENGINE.apply(state, swaps[0])
    b = result.state.board
    melee, ranged = army_at(b, "C4", 0), army_at(b, "C3", 0)
    assert (melee["type"], melee["reg"], melee["equip"], melee["moved"]) == ("melee", 2, 7, True)
    assert (ranged["type"], ranged["reg"], ranged["moved"]) == ("ranged", 3, True)
    assert [(e.data["start"], e.data["end"]) for e in result.events if e.kind == "moved"] == [("C3", "C4"), ("C4", "C3")]
    prompt = next(p for p in result.state.prompts if p.kind == "move")
    assert not [a for a in RULESET.legal(result.state, prompt) if a.choice in ("move", "swap")]  # both moved


def test_no_swap_into_a_field_the_other_army_cannot_reach():
    """Digest §10.2: melee and ranged armies move 1 field; two armies 2 fields apart cannot swap."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "C3", "melee", 2, aid=900), army(0, "C5", "cavalry", 2, aid=901)]
    prompt = seat_0_moves(state)
    assert not [a for a in RULESET.legal(state, prompt) if a.choice == "swap"]


def test_three_own_armies_move_on_round_a_cycle_of_their_fields():
    """Seed 001 lines 846-850 ("Die Bewegungen eines Spielers müssen so erfolgen, dass die Kapazitätsregeln
    (Söldner-, Ausrüstungs-, Einheiten-, Armee- und Heeresmaximum) zwar nicht während, aber am Ende seiner
    Bewegungsphase eingehalten werden"), digest §10.1 and ruling R9: the army maximum need not hold during
    the movement, so melee C3 -> C4, ranged C4 -> D4 and cavalry D4 -> C3 (two fields) move at once; no single
    move nor swap does it. The other direction is not offered: the melee army cannot reach D4."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [
        army(0, "C3", "melee", 2, aid=900),
        army(0, "C4", "ranged", 3, aid=901),
        army(0, "D4", "cavalry", 1, aid=902),
        army(1, "E6", "melee", 1, aid=903),
    ]
    prompt = seat_0_moves(state)
    legal = RULESET.legal(state, prompt)
    cycles = [a for a in legal if a.choice == "cycle"]
    assert [a.args for a in cycles] == [
        {"from": "C3", "army": "melee", "to": "C4", "cells": ["C3", "C4", "D4"], "armies": ["melee", "ranged", "cavalry"]}
    ]
    result = ENGINE.apply(state, cycles[0])
    b = result.state.board
    assert [(a["type"], a["cell"], a["moved"]) for a in b.armies if a["owner"] == 0] == [
        ("melee", "C4", True),
        ("ranged", "D4", True),
        ("cavalry", "C3", True),
    ]
    assert [(e.data["start"], e.data["end"]) for e in result.events if e.kind == "moved"] == [
        ("C3", "C4"),
        ("C4", "D4"),
        ("D4", "C3"),
    ]
    assert b.stats["cycles"] == 1
    prompt = next(p for p in result.state.prompts if p.kind == "move")
    assert not [a for a in RULESET.legal(result.state, prompt) if a.choice in ("move", "swap", "cycle")]  # all moved


def test_no_cycle_through_a_conflict_field_or_out_of_reach():
    """Digest §10.7 (no army leaves a conflict field) and §10.2 (melee moves 1 field): with the cavalry on D4
    blockaded by an enemy army no cycle is offered; the reverse cycle (melee C3 -> D4) is refused."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [
        army(0, "C3", "melee", 2, aid=900),
        army(0, "C4", "ranged", 3, aid=901),
        army(0, "D4", "cavalry", 1, aid=902),
        army(1, "D4", "melee", 1, aid=903),
    ]
    b.defenders = {"D4": 1}
    prompt = seat_0_moves(state)
    assert not [a for a in RULESET.legal(state, prompt) if a.choice == "cycle"]
    b.armies.pop()
    b.defenders = {}
    ring = {"cells": ["C3", "D4", "C4"], "armies": ["melee", "cavalry", "ranged"]}
    reverse = Action(0, prompt.id, "cycle", {"from": "C3", "army": "melee", "to": "D4", **ring})
    assert reverse not in RULESET.legal(state, prompt)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, reverse)


# -------------------------------------------------------------------------------- §11.5 / R14: the AI splits dice


def aim_prompt(seats_units: dict[int, int], seed: int = 1):
    state = setup_done(3)
    b = plain_board(state)
    field = "C3"
    b.armies = [army(s, field, "melee", n, aid=900 + s) for s, n in seats_units.items()]
    b.supports = {}
    b.defenders[field] = 1
    combat.start_battle(RULESET, state, field, Context(Rng(seed)), overrun=False, by=0)
    state.prompts = []
    RULESET.open(state, 0, "target", info={"player": 0, "cell": field, "round": 1})
    prompt = next(p for p in state.prompts if p.kind == "target")
    return state, prompt


def test_the_ai_splits_its_dice_to_finish_a_weak_foe():
    """Digest §11.4 ("Dabei ist eine Aufteilung der Würfel möglich", ruling R14): with 6 dice against a
    foe of 1 unit and one of 4, the AI aims 2 dice at the weak foe and the other 4 at the strong one."""
    state, prompt = aim_prompt({0: 6, 1: 1, 2: 4})
    dice = combat.round_dice(state, 0)
    assert dice == 6
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert (chosen.choice, chosen.args) == ("share", {"dice": {"1": 2, "2": 4}})
    combat.resolve(RULESET, state, prompt, chosen, Context(Rng(1)))
    assert state.board.battle["targets"]["0"] == [1, 1, 2, 2, 2, 2]


def test_the_ai_aims_all_dice_when_no_foe_can_be_finished():
    """Ruling R14: without a foe weak enough for part of the dice, all go at the tear-stone leader."""
    state, prompt = aim_prompt({0: 3, 1: 3, 2: 3})
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert chosen.choice == "aim"


# -------------------------------------------------------------------------------- the AI's swap, cycle and supports


def front_board(state):
    """Seat 0 holds every field of the 3-player board (columns A to F) but column F, seat 1's."""
    b = plain_board(state)
    b.control = {c: (1 if c.startswith("F") else 0) for c in b.cells}
    return b


def test_the_ai_swaps_a_big_army_to_the_front_past_a_small_one():
    """Ruling R9 (the swap) and issue 29 item 6 (armies that take fields): the small melee army on D3 stands
    before the big ranged army on C3, on the way to seat 1's column F; no field is free to take, so the AI
    swaps them (4 units a field nearer, 1 a field back) rather than edging the small army forward."""
    state = setup_done(3)
    b = front_board(state)
    b.armies = [army(0, "D3", "melee", 1, aid=900), army(0, "C3", "ranged", 4, aid=901), army(1, "F3", "melee", 2, aid=902)]
    prompt = seat_0_moves(state)
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert (chosen.choice, chosen.args) == ("swap", {"from": "D3", "to": "C3", "army": "melee", "with": "ranged"})


def test_the_ai_keeps_its_armies_when_the_big_one_already_leads():
    """The same heuristic: with the big army in front a swap would bring the small one forward, so the AI
    does not swap (it edges the big army on)."""
    state = setup_done(3)
    b = front_board(state)
    b.armies = [army(0, "D3", "melee", 4, aid=900), army(0, "C3", "ranged", 1, aid=901), army(1, "F3", "melee", 2, aid=902)]
    prompt = seat_0_moves(state)
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert chosen.choice != "swap"


def test_the_ai_cycles_three_armies_to_bring_the_biggest_forward():
    """Ruling R9 (the cycle): on the way to seat 1's armies in column F stand the cavalry (1 unit) on E3, the
    big melee army (4) on D3 and the ranged army (2) on C3; the AI moves the melee army to E3, the ranged one
    to D3 and the cavalry two fields back to C3 (6 units a field nearer, 1 two back), which beats any swap."""
    state = setup_done(3)
    b = front_board(state)
    b.armies = [
        army(0, "E3", "cavalry", 1, aid=900),
        army(0, "D3", "melee", 4, aid=901),
        army(0, "C3", "ranged", 2, aid=902),
        army(1, "F2", "melee", 3, aid=903),
        army(1, "F3", "melee", 3, aid=904),
        army(1, "F4", "melee", 3, aid=905),
    ]
    prompt = seat_0_moves(state)
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert (chosen.choice, chosen.args["cells"]) == ("cycle", ["C3", "D3", "E3"])


def test_the_ai_supports_a_battle_of_two_others_and_keeps_it_even():
    """Digest §11.1 ("Es können auch Konflikte unterstützt werden, an denen man nicht beteiligt ist") and
    §11.5 (a supporter cannot be targeted) with ruling R14 (dice may be split): the AI's cavalry beside a
    battle of seats 1 (3 units) and 2 (1 unit) supports it and aims 3 of its 4 dice at the stronger side."""
    state = setup_done(3)
    b = plain_board(state)
    b.armies = [army(0, "C3", "cavalry", 4, aid=900), army(1, "D3", "melee", 3, aid=901), army(2, "D3", "melee", 1, aid=902)]
    b.defenders = {"D3": 2}
    b.supports, b.done, b.phase = {}, [], "support"
    state.prompts = []
    RULESET.open(state, 0, "support", info={"player": 0})
    prompt = next(p for p in state.prompts if p.kind == "support")
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert (chosen.choice, chosen.args) == ("support", {"cell": "C3", "army": "cavalry", "conflict": "D3"})
    combat.resolve(RULESET, state, prompt, chosen, Context(Rng(1)))
    combat.start_battle(RULESET, state, "D3", Context(Rng(1)), overrun=False, by=1)
    state.prompts = []
    RULESET.open(state, 0, "target", info={"player": 0, "cell": "D3", "round": 1})
    prompt = next(p for p in state.prompts if p.kind == "target")
    chosen = policy.choose(RULESET.view(state, 0), prompt, RULESET.legal(state, prompt), Random(1), pack=PACK)
    assert (chosen.choice, chosen.args) == ("share", {"dice": {"1": 3, "2": 1}})


# -------------------------------------------------------------------------------- §8.2 the four markets


def test_mercenaries_go_four_two_one_nothing_and_a_zero_bid_is_out():
    """Digest §8.1 D and §8.2 (rulebook "Markt der Söldner"): ranks 1 to 4 get 4/2/1/0 mercenaries; a bid of
    0 excludes the player from the market (here the third rank gets 1 and the excluded player none)."""
    state = setup_done(4)
    b = state.board
    allocate(b, "mercenaries", [1, 5, 0, 3])
    b.offer = []
    ctx = Context(Rng(1))
    market.reveal(RULESET, state, ctx)
    assert b.mercs == [1, 4, 0, 2]
    won = next(e for e in ctx.events if e.kind == "market_won" and e.data["market"] == "mercenaries")
    assert won.data["ranks"] == [1, 3, 0]


def test_two_players_get_three_and_one_mercenaries():
    """Digest §8.2 and §15: with 2 players the key is 3/1."""
    state = setup_done(2)
    b = state.board
    allocate(b, "mercenaries", [2, 4])
    b.offer = []
    market.reveal(RULESET, state, Context(Rng(1)))
    assert b.mercs == [1, 3]


def test_tournament_stones_four_two_one_nothing_and_nobody_bid_a_die_sets_the_order():
    """Digest §8.2 ("Markt des Turniers": 4, 2, 1, 0 stones, gathered over the years; "Markt der Bewegung":
    if nobody bid, a die decides the order)."""
    state = setup_done(4)
    b = state.board
    allocate(b, "tournament", [3, 0, 6, 1])
    b.tstones = [1, 0, 0, 0]
    b.picks = {}
    ctx = Context(Rng(2))
    market.order_step(RULESET, state, ctx)
    assert b.tstones == [1 + 2, 0, 4, 1]
    assert sorted(b.order) == [0, 1, 2, 3] and b.phase == "setting"
    assert any(e.kind == "market_won" and e.data["market"] == "movement" and e.data["ranks"] == [] for e in ctx.events)


def test_the_top_movement_bidder_places_those_who_bid_nothing():
    """Digest §8.2 ("Markt der Bewegung") and the example of §8.3: bidders choose their places by rank,
    then the highest bidder places the players who bid 0."""
    state = setup_done(4)
    b = state.board
    allocate(b, "movement", [0, 4, 0, 2])
    b.picks = {}
    ctx = Context(Rng(1))
    asked = []
    for answer in ({"position": 4}, {"position": 3}, {"player": 0, "position": 1}, {"player": 2, "position": 2}):
        state.prompts = []
        market.order_step(RULESET, state, ctx)
        prompt = state.prompts[0]
        asked.append((prompt.kind, prompt.seat, prompt.info.get("placing")))
        choice = "assign" if "player" in answer else "position"
        market.resolve(RULESET, state, prompt, Action(prompt.seat, prompt.id, choice, answer), ctx)
    state.prompts = []
    market.order_step(RULESET, state, ctx)
    assert asked == [("order_pick", 1, None), ("order_pick", 3, None), ("order_assign", 1, 0), ("order_assign", 1, 2)]
    assert b.order == [0, 2, 3, 1]


# -------------------------------------------------------------------------------- R25 Doppelzug


def test_doppelzug_doubles_the_moves_of_a_bid_as_high_as_all_others():
    """Digest §16.2 and ruling R25 ("Bietet 1 Spieler ... mind. soviel wie die restlichen Spieler
    zusammen", 4 players only): the top movement bid at least the sum of the others doubles that player's
    moves this year (melee 2, cavalry 4)."""
    for bids, double in (([5, 2, 2, 1], 0), ([5, 2, 2, 2], None), ([0, 0, 0, 0], None)):
        state = setup_done(4, options={"doppelzug": True})
        b = state.board
        allocate(b, "movement", bids)
        b.picks, b.flags = {}, {}
        ctx = Context(Rng(1))
        market.order_step(RULESET, state, ctx)
        assert b.flags.get("double") == double, bids
        assert any(e.kind == "double_move" for e in ctx.events) == (double is not None)
    b.flags["double"] = 0
    assert movement.move_range(b, army(0, "C3", "melee", 1), PACK) == 2
    assert movement.move_range(b, army(0, "C3", "cavalry", 1), PACK) == 4
    assert movement.move_range(b, army(1, "C3", "cavalry", 1), PACK) == 2


def test_doppelzug_needs_the_option():
    """Ruling R25: without the variant the same bids double nothing."""
    state = setup_done(4)
    b = state.board
    allocate(b, "movement", [5, 1, 1, 1])
    b.picks, b.flags = {}, {}
    market.order_step(RULESET, state, Context(Rng(1)))
    assert "double" not in b.flags


# -------------------------------------------------------------------------------- §11.7 walls


def wall_battle(year_built: int, *, overrun: bool = False):
    state = setup_done(2)
    b = plain_board(state)
    field = "C3"
    b.control[field] = 1
    b.buildings[field] = [{"type": "wall", "year": year_built}, {"type": "barracks", "year": 0}]
    b.armies = [army(0, field, "melee", 6, aid=900), army(1, field, "melee", 3, aid=901)]
    b.supports = {}
    b.defenders[field] = 1
    state.prompts = []
    combat.start_battle(RULESET, state, field, Context(Rng(1)), overrun=overrun, by=0)
    return state, field


def test_a_used_wall_absorbs_the_first_two_hits_and_is_destroyed():
    """Digest §11.7 and §9.1 (rulebook "Mauer"): a used wall prevents the first 2 hits on the defender and
    is always destroyed after the combat, without a destruction roll; the other buildings are rolled for."""
    state, field = wall_battle(year_built=0)
    b = state.board
    b.year = max(b.year, 1)
    ctx = Context(Rng(1))
    combat.step(RULESET, state, ctx)  # equipment: nobody has a tile
    combat.step(RULESET, state, ctx)  # walls: the defender is asked
    prompt = next(p for p in state.prompts if p.kind == "walls")
    assert prompt.seat == 1
    assert [a.args["count"] for a in RULESET.legal(state, prompt)] == [0, 1]
    combat.resolve(RULESET, state, prompt, Action(1, prompt.id, "walls", {"count": 1}), ctx)
    bt = b.battle
    assert bt["wall_absorb"] == 2
    bt["targets"], bt["hits"] = {}, {}
    roll_ctx = Context(Rng(3))
    combat.roll(state, 2, roll_ctx)
    scored = next(e for e in roll_ctx.events if e.kind == "rolled" and e.data["seat"] == 0).data["hits"]
    assert scored >= 2
    assert bt["hits"]["1"] == scored - 2 and bt["wall_absorb"] == 0
    assert any(e.kind == "hits_absorbed" and e.data == {"seat": 1, "hits": 2} for e in roll_ctx.events)
    b.armies = [a for a in b.armies if a["owner"] != 0]  # the attacker is gone: the defender wins
    end = Context(Rng(5))
    combat.finish(RULESET, state, end)
    destroyed = [e.data for e in end.events if e.kind == "building_destroyed" and e.data["building"] == "wall"]
    assert destroyed == [{"cell": field, "building": "wall", "roll": 0}]
    rolled = [e.data["building"] for e in end.events if e.kind in ("building_destroyed", "building_stands") and e.data["roll"]]
    assert rolled == ["barracks"]


def test_a_wall_built_this_year_or_in_an_overrun_cannot_be_used():
    """Digest §11.7 and §10.8: walls built this year cannot be used, nor any wall in an overrun."""
    state, field = wall_battle(year_built=0)
    state.board.buildings[field][0]["year"] = state.board.year
    assert combat.usable_walls(state.board, field) == 0
    state, field = wall_battle(year_built=-1, overrun=True)
    assert combat.usable_walls(state.board, field) == 1
    combat.step(RULESET, state, Context(Rng(1)))
    assert not [p for p in state.prompts if p.kind == "walls"]
    assert state.board.battle["wall_absorb"] == 0
