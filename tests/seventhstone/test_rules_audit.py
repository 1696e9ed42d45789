"""Seventh Stone rules of issue 29's Deliver list that had no test of their own (the audit of the
session that added the cycle of three armies), each naming its source: the German rulebook (seed 001)
through the digest /work/shared/rules/seventh-stone.md (§n) or a ruling of docs/seventhstone/rulings.md."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Context, Engine, IllegalAction, Rng
from engine.seventhstone import combat, movement, tournament
from engine.seventhstone.pack import load_pack
from engine.seventhstone.ruleset import RULESET
from tests.seventhstone.test_rules import army, setup_done
from tests.seventhstone.test_rules_gaps import plain_board

PACK = load_pack()


class Dice:
    """A context whose every die shows the same face (``below(n)`` returns ``value``)."""

    def __init__(self, value: int = 0):
        self.value = value

    def below(self, n: int) -> int:
        return min(self.value, n - 1)


def always(value: int = 0) -> Context:
    ctx = Context(Rng(1))
    ctx.rng = Dice(value)  # type: ignore[assignment]
    return ctx


# -------------------------------------------------------------------------------- §12, §15 the tournament


def test_duellists_at_zero_together_more_tournament_stones_win_else_a_die():
    """Digest §12.3 ("If both reach 0 at the same time, the one with more tournament stones wins, else a die
    roll decides"): both hit every round for 1, so both fall in the fifth round; 1 stone beats 0; with equal
    stones the die decides."""
    state = setup_done(2)
    b = state.board
    b.tstones = [0, 1]
    ctx = always(0)
    assert tournament.duel(b, 0, 1, ctx) == 1
    assert [e.data["rounds"] for e in ctx.events if e.kind == "duel"] == [5]
    b.tstones = [2, 2]
    assert tournament.duel(b, 0, 1, always(0)) == 0  # every die a 1: the tie's die names the first
    assert tournament.duel(b, 0, 1, always(1)) == 1  # every die a 2 (still a hit): the tie's die names the second


def test_three_players_the_two_with_fewest_stones_duel_first_and_two_players_one_duel():
    """Digest §15 (3 players: "the two players with the fewest tournament stones duel first", the winner then
    meets the one with the most [C:med]; 2 players: one duel) and §12.2 (the champion gains a tear stone for
    good; all tournament stones go back)."""
    state = setup_done(3)
    b = state.board
    b.tstones, b.round_counter = [4, 1, 2], 2
    ctx = Context(Rng(5))
    tournament.tournament_phase(RULESET, state, ctx)
    duels = [e.data for e in ctx.events if e.kind == "duel"]
    assert len(duels) == 2 and sorted(duels[0]["seats"]) == [1, 2]
    assert sorted(duels[1]["seats"]) == sorted([0, duels[0]["winner"]])
    assert sum(b.ts_perm) == 1 and b.tstones == [0, 0, 0]
    state = setup_done(2)
    b = state.board
    b.tstones, b.round_counter = [3, 0], 2
    ctx = Context(Rng(5))
    tournament.tournament_phase(RULESET, state, ctx)
    assert [sorted(e.data["seats"]) for e in ctx.events if e.kind == "duel"] == [[0, 1]]


# -------------------------------------------------------------------------------- §17 the events


def event(state, kind: str) -> Context:
    ctx = Context(Rng(1))
    RULESET._event(state, kind, ctx)
    return ctx


def test_troop_expansion_raises_the_unit_maximum_for_good():
    """Digest §17 face 3 ("Truppenerweiterung": the unit maximum per army rises permanently by 1, 4 -> 5,
    a second time 5 -> 6)."""
    state = setup_done(2)
    start = state.board.unit_max
    event(state, "troop_expansion")
    event(state, "troop_expansion")
    assert (start, state.board.unit_max) == (4, 6)


def test_mercenary_dismissal_sends_every_mercenary_home():
    """Digest §17 face 4 ("Söldnerentlassung": all mercenaries in play return to the pile)."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "C3", "melee", 2, 2, aid=900), army(1, "E5", "cavalry", 3, 1, aid=901)]
    event(state, "mercenary_dismissal")
    assert [(a["reg"], a["merc"]) for a in b.armies] == [(2, 0), (3, 0)]


def test_quicksand_destroys_armies_on_deserts_and_closes_them_this_year():
    """Digest §17 face 2 ("Treibsand": armies on deserts are destroyed, their tiles discarded; deserts cannot
    be entered this year)."""
    state = setup_done(2)
    b = plain_board(state)
    b.cells["D3"] = {"kind": "desert", "portal": None}
    b.armies = [army(0, "D3", "melee", 2, aid=900), army(0, "C3", "melee", 1, aid=901)]
    b.armies[0]["equip"] = 3
    event(state, "quicksand")
    assert [a["cell"] for a in b.armies] == ["C3"] and 3 in b.discard
    assert "D3" not in movement.reachable(b, b.armies[0], {}, PACK)


def test_water_crossing_joins_facing_shores_and_open_portals_join_every_colour():
    """Digest §17 face 5 ("Wasserüberquerung": shore fields facing each other across water count as adjacent,
    the move ends there) and face 6 ("Öffnung der Portale": any portal connects to any other)."""
    state = setup_done(2)
    b = plain_board(state)
    b.cells["C4"] = {"kind": "water", "portal": None}
    b.armies = [army(0, "C3", "melee", 2, aid=900)]
    assert "C5" not in movement.reachable(b, b.armies[0], {}, PACK)
    event(state, "water_crossing")
    assert "C5" in movement.reachable(b, b.armies[0], {}, PACK)
    b.flags = {}
    b.cells["C3"]["portal"], b.cells["A6"]["portal"] = "blue", "yellow"
    assert "A6" not in movement.reachable(b, b.armies[0], {}, PACK)
    event(state, "portals_open")
    assert "A6" in movement.reachable(b, b.armies[0], {}, PACK)


# -------------------------------------------------------------------------------- §11.5 supporters


def test_a_player_who_only_supports_cannot_be_targeted():
    """Digest §11.5 ("A player who is only supporting (has no units in the field) cannot be targeted"):
    seat 2's cavalry supports the battle of seats 0 and 1; seat 0's only target is seat 1 and no target
    prompt is needed, while seat 2 may aim at either."""
    state = setup_done(3)
    b = plain_board(state)
    b.armies = [army(0, "D3", "melee", 3, aid=900), army(1, "D3", "melee", 2, aid=901), army(2, "C3", "cavalry", 2, aid=902)]
    b.defenders = {"D3": 1}
    b.supports = {"902": "D3"}
    combat.start_battle(RULESET, state, "D3", Context(Rng(1)), overrun=False, by=0)
    assert combat.valid_targets(b, 0) == [1] and combat.valid_targets(b, 1) == [0]
    assert combat.valid_targets(b, 2) == [0, 1]
    assert 2 in combat.sides(b)


# -------------------------------------------------------------------------------- §15 the draft with 2 and 3 players


def draft_round(seats: int, bids: list[int], answers: list[dict]) -> tuple[Any, list, list]:
    """The offer of ``seats`` players' year revealed with these equipment bids; the draft's prompts
    answered in turn; returns the board and the (seat, number of answers) of each draft prompt."""
    from engine.seventhstone import market
    from tests.seventhstone.test_rules_gaps import allocate

    state = setup_done(seats)
    b = state.board
    ctx = Context(Rng(1))
    state.prompts = []
    market.begin(RULESET, state, ctx)
    offered = list(b.offer)
    allocate(b, "equipment", bids)
    market.reveal(RULESET, state, ctx)
    asked = []
    while b.phase == "draft":
        state.prompts = []
        market.draft_step(RULESET, state, ctx)
        if not state.prompts:
            continue
        prompt = state.prompts[0]
        legal = RULESET.legal(state, prompt)
        asked.append((prompt.seat, len(legal)))
        pick = answers.pop(0)
        action = next(a for a in legal if all(a.args.get(k) == offered[v] for k, v in pick.items()))
        market.resolve(RULESET, state, prompt, action, ctx)
    return b, offered, asked


def test_two_players_draft_three_tiles_the_winner_keeps_one_and_lays_one_off():
    """Digest §15 (2 players: "3 tiles are revealed. The winner takes 1 and discards 1; the other player takes
    the remaining one")."""
    b, offered, asked = draft_round(2, [1, 3], [{"tile": 2, "discard": 0}])
    assert len(offered) == 3 and asked == [(1, 6)]
    assert offered[2] in b.hands[1] + ([offered[2]] if b.lost_stone == 1 else [])
    assert offered[0] in b.discard
    assert offered[1] in b.hands[0] + ([offered[1]] if b.lost_stone == 0 else [])


def test_three_players_draft_four_tiles_the_second_chooses_of_two_and_the_third_gets_the_last():
    """Digest §15 (3 players: "4 tiles are revealed. The winner takes 1 and discards 1"; the others choose
    among the rest in rank order [C:med])."""
    b, offered, asked = draft_round(3, [2, 3, 1], [{"tile": 0, "discard": 1}, {"tile": 3}])
    assert len(offered) == 4 and asked == [(1, 12), (0, 2)]
    assert offered[1] in b.discard

    def holds(seat: int, tile: int) -> bool:
        return tile in b.hands[seat] or b.lost_stone == seat

    assert holds(1, offered[0]) and holds(0, offered[3]) and holds(2, offered[2])


@pytest.mark.parametrize("variant", ["doppelzug", "vier_inseln"])
@pytest.mark.parametrize("seats", [2, 3])
def test_the_four_player_variants_refuse_a_smaller_game(variant, seats):
    """Rulebook section 5, "Doppelzug (für 4 Spieler)" (digest §16.2), and ruling R30 (the Vier Inseln board is
    laid for 4): a game of fewer players with either variant on is refused at its start, naming the rule."""
    with pytest.raises(IllegalAction) as refused:
        Engine(RULESET).setup({variant: True}, seats, 1)
    assert "4 players" in refused.value.message and "§16.2" in refused.value.rule
    assert Engine(RULESET).setup({variant: True}, 4, 1).state.prompts


# -------------------------------------------------------------------------------- §11.8-11.9 after a battle


def test_a_successful_defence_takes_the_attackers_tile_and_still_rolls_for_the_buildings():
    """Digest §11.8 (the winner "also takes the unused equipment tiles of armies destroyed in the combat",
    ruling R13) and §11.9 with issue 29 item 1 ("the destruction roll also after a successful defence but
    never after an overrun"): the attacker's army with a tile is destroyed; the defender keeps the field,
    gains the tile and rolls for its barracks."""
    state = setup_done(2)
    b = state.board
    field = next(c for c, s in b.control.items() if s == 1 and c not in b.capitals and b.buildings.get(c))
    attacker, defender = army(0, field, "melee", 1, aid=1), army(1, field, "melee", 3, aid=2)
    attacker["equip"] = 5
    b.armies = [attacker, defender]
    b.defenders = {field: 1}
    b.hands = [[], []]
    standing = len(b.buildings[field])
    ctx = Context(Rng(2))
    combat.start_battle(RULESET, state, field, ctx, overrun=False, by=0)
    combat.gone(b, attacker, ctx)
    combat.finish(RULESET, state, ctx)
    kinds = [e.kind for e in ctx.events]
    assert b.control[field] == 1 and b.hands[1] == [5]
    assert standing >= 1 and kinds.count("building_destroyed") + kinds.count("building_stands") == standing


# -------------------------------------------------------------------------------- §4 the start order


class Script:
    """Dice that show the given faces in turn (``below(6)`` returns face - 1)."""

    def __init__(self, faces: list[int]):
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0) - 1


def test_the_start_order_rerolls_ties_among_the_tied_only():
    """Digest §4 step 4 (the order by die, "ties re-rolled"; issue 29 item 1): seats roll 6, 4, 6, 1; the two
    sixes roll again (2 and 5), so seat 2 starts, then seat 0, seat 1 and seat 3."""
    ctx = Context(Rng(1))
    ctx.rng = Script([6, 4, 6, 1, 2, 5])  # type: ignore[assignment]
    assert RULESET.roll_order([0, 1, 2, 3], ctx) == [2, 0, 1, 3]
    assert [e.data["rolls"] for e in ctx.events if e.kind == "order_rolled"] == [[6, 4, 6, 1], [2, 5]]


# -------------------------------------------------------------------------------- §18 equipment tiles


def open_prompt(state, kind: str, seat: int = 0):
    state.prompts = []
    RULESET.open(state, seat, kind, info={"player": seat})
    return next(p for p in state.prompts if p.kind == kind)


def test_a_speed_tile_revealed_adds_its_fields_to_the_move():
    """Digest §18.1 ("Geschwindigkeit": the army's movement range grows by the printed number; house value
    +2 for tile 4) and §10.4 (used by revealing it, then discarded): the melee army then reaches 3 fields."""
    from engine.core import Engine

    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "C3", "melee", 2, aid=900), army(1, "E6", "melee", 1, aid=901)]
    b.armies[0]["equip"] = 4
    b.phase, b.done, b.order = "movement", [1], [0, 1]
    assert "C5" not in movement.reachable(b, b.armies[0], {}, PACK)
    prompt = open_prompt(state, "move")
    reveal = next(a for a in RULESET.legal(state, prompt) if a.choice == "reveal")
    after = Engine(RULESET).apply(state, reveal).state.board
    melee = next(a for a in after.armies if a["id"] == 900)
    assert 4 in after.discard and melee["equip"] is None
    assert {"C6", "E4", "D5"} <= set(movement.reachable(after, melee, {}, PACK))


def test_a_first_class_tile_goes_only_under_its_type_and_one_tile_per_army():
    """Digest §18.2 ("1st class: only under an army of the depicted type") and §9.3 (equipment maximum: 1
    per army token): a melee Master Strike (tile 7) may go under the melee army only, and not under an
    army that already holds a tile; a shield (2nd class, tile 19) under any army without one."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "C3", "melee", 2, aid=900), army(0, "C4", "ranged", 2, aid=901), army(0, "D3", "melee", 1, aid=902)]
    b.armies[2]["equip"] = 20
    b.hands = [[7, 19], []]
    b.phase, b.order = "setting", [0, 1]
    prompt = open_prompt(state, "setting")
    equips = sorted((a.args["tile"], a.args["cell"]) for a in RULESET.legal(state, prompt) if a.choice == "equip")
    assert equips == [(7, "C3"), (19, "C3"), (19, "C4")]


def test_bribery_destroys_the_enemy_mercenaries_before_the_combat():
    """Digest §18.2 ("Bestechung: enemy mercenaries in the conflict field are destroyed before the combat")."""
    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "D3", "melee", 2, aid=900), army(1, "D3", "cavalry", 2, 2, aid=901)]
    b.armies[0]["equip"] = 25
    b.defenders = {"D3": 1}
    ctx = Context(Rng(1))
    combat.start_battle(RULESET, state, "D3", ctx, overrun=False, by=0)
    combat.use_tile(state, 0, ctx)
    cavalry = next(a for a in b.armies if a["id"] == 901)
    assert (cavalry["reg"], cavalry["merc"]) == (2, 0) and 25 in b.discard
    assert [e.kind for e in ctx.events if e.kind == "bribed"] == ["bribed"]


def test_two_players_never_share_dice_so_simulate_does_not_expect_it():
    """Digest §11.5 and ruling R14: a player aims (or shares) dice only with two possible targets in the
    field; with 2 players a battle has at most one, even with supporters, so `simulate` lists `dice_shares`
    as impossible at 2 players rather than as a zero count (issue 29 Done-when: every count non-zero)."""
    from engine.seventhstone import selfplay

    state = setup_done(2)
    b = plain_board(state)
    b.armies = [army(0, "D3", "melee", 3, aid=900), army(1, "D3", "melee", 2, aid=901), army(0, "C3", "cavalry", 2, aid=902)]
    b.defenders, b.supports = {"D3": 1}, {"902": "D3"}
    combat.start_battle(RULESET, state, "D3", Context(Rng(1)), overrun=False, by=0)
    assert [len(combat.valid_targets(b, s)) for s in combat.sides(b)] == [1, 1]
    assert selfplay.impossible(2) == {"dice_shares"} and selfplay.impossible(3) == set()
