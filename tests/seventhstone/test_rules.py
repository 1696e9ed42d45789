"""Seventh Stone rules, each test naming its source: the digest /work/shared/rules/seventh-stone.md
(sections §n, from the OCR rulebook seeds/001) or a ruling of docs/seventhstone/rulings.md (Rn)."""

from __future__ import annotations

import copy
from collections import Counter
from random import Random

import pytest

from engine.core import Action, Context, Engine, IllegalAction, Rng
from engine.seventhstone import board as geo
from engine.seventhstone import combat, market, movement, tournament
from engine.seventhstone.pack import check, load_pack
from engine.seventhstone.ruleset import RULESET
from engine.seventhstone.state import army_at, income, regulars, tear_stones

ENGINE = Engine(RULESET)
PACK = load_pack()


def setup_done(seats: int = 2, seed: int = 1, options: dict | None = None):
    """A game through its set-up (every set-up prompt answered with its first legal answer)."""
    state = ENGINE.setup(options or {}, seats, seed).state
    while state.prompts and state.prompts[0].kind in ("people", "capital", "barracks"):
        prompt = state.prompts[0]
        state = ENGINE.apply(state, RULESET.legal(state, prompt)[0]).state
    return state


def answer(state, kind: str, pick=lambda legal: legal[0]):
    prompt = next(p for p in state.prompts if p.kind == kind)
    return ENGINE.apply(state, pick(RULESET.legal(state, prompt))).state


def army(owner, cell, kind, reg, merc=0, aid=900):
    return {"id": aid, "owner": owner, "cell": cell, "type": kind, "reg": reg, "merc": merc, "equip": None, "moved": False}


# -------------------------------------------------------------------------------- data and board


def test_the_data_pack_keeps_the_rulebooks_counts():
    """§2.1, §15, §22.2: 35 tiles; 25 and 30 after the 2- and 3-player removals; one lost stone; six events."""
    result = check()
    assert result.ok, result.errors
    assert result.counts["land_tiles"] == 35
    assert result.counts["tiles_by_players"] == {"2": 25, "3": 30, "4": 35}
    assert result.counts["equipment_by_kind"]["lost_stone"] == 1
    assert result.counts["events"] == 6


@pytest.mark.parametrize(("players", "columns"), [(2, 5), (3, 6), (4, 7)])
def test_columns_of_six_with_one_water_gap_each(players, columns):
    """§3.1 and §15: 7 columns of 6 (5 and 6 for 2 and 3 players), one water gap per column by die."""
    cells, rolls = geo.generate(PACK, players, Rng(7))
    assert len(rolls) == columns and len(cells) == columns * 6
    for x in range(columns):
        water = [y for y in range(6) if cells[geo.name(x, y)]["kind"] == "water"]
        assert water == [rolls[x] - 1]
    kinds = Counter(c["kind"] if c["portal"] is None else f"portal_{c['portal']}" for c in cells.values())
    removed = PACK.removals.get(players, {}) if players < 4 else {}
    for kind, n in PACK.tiles.items():
        assert kinds[kind] == n - removed.get(kind, 0)


def test_the_rulebooks_column_rolls():
    """§3.1 example: the columns rolled 4, 5, 6, 2, 5, 3, 1 from left to right."""
    state = ENGINE.setup({"gaps": "4,5,6,2,5,3,1"}, 4, 3).state
    water = sorted(c for c, d in state.board.cells.items() if d["kind"] == "water")
    assert water == ["A4", "B5", "C6", "D2", "E5", "F3", "G1"]


def test_same_colour_portals_are_adjacent():
    """§3.2: portals of the same colour count as adjacent; the portals-open event links any two (§17)."""
    cells = {geo.name(x, y): {"kind": "plain", "portal": None} for x in range(7) for y in range(6)}
    cells["A1"]["portal"] = cells["G6"]["portal"] = "blue"
    cells["C3"]["portal"] = "yellow"
    assert list(geo.portal_links(cells, "A1")) == ["G6"]
    assert sorted(geo.portal_links(cells, "A1", any_colour=True)) == ["C3", "G6"]


def test_volcano_coordinates_count_from_the_nearest_corner():
    """§17: the four fields are counted (x/y) from the corner nearest the volcano; column 7 is out of range."""
    cells = {geo.name(x, y): {"kind": "plain", "portal": None} for x in range(7) for y in range(6)}
    cells["F6"]["kind"] = "volcano"
    corner = geo.volcano_corner(cells, Rng(1))
    assert corner[:2] == (1, 1) and corner[2] is False  # bottom right, no die
    assert geo.from_corner(cells, (1, 1), 1, 1) == "G6"
    assert geo.from_corner(cells, (1, 1), 5, 1) == "C6"
    assert geo.from_corner(cells, (0, 0), 6, 6) == "F6"


# -------------------------------------------------------------------------------- setup and economy


def test_setup_gives_19_resources_3_tear_stones_in_snake_order():
    """§4 steps 4-8: order by die, capitals in order, barracks in reverse order, 19 RS and 3 TS each."""
    state = ENGINE.setup({}, 4, 5).state
    seen = []
    while state.prompts and state.prompts[0].kind in ("people", "capital", "barracks"):
        prompt = state.prompts[0]
        seen.append((prompt.kind, prompt.seat))
        state = ENGINE.apply(state, RULESET.legal(state, prompt)[0]).state
    b = state.board
    capitals = [s for k, s in seen if k == "capital"]
    barracks = [s for k, s in seen if k == "barracks"]
    assert capitals == b.order and barracks == b.order[::-1]
    assert b.storage == [19] * 4
    assert [tear_stones(b, s) for s in range(4)] == [3] * 4


def test_losing_a_source_moves_resources_and_forces_disbanding():
    """§5 A and the shortfall: a lost source's RS leave at once; what the sheet cannot pay is disbanded,
    chosen by the loser even in another player's turn (§21)."""
    state = setup_done()
    b = state.board
    loser = 1
    field = next(c for c, s in b.control.items() if s == loser and c not in b.capitals)
    b.storage[loser] = 0
    b.spent[loser] = 0
    cap = next(c for c, s in b.capitals.items() if s == loser)
    b.armies.append(army(loser, cap, "melee", 4))
    ctx = Context(Rng(1))
    RULESET.take(state, field, 0, ctx)
    assert b.debt[loser] == 2 and b.storage[0] == 19 + 2
    state.prompts = []
    RULESET._advance(state, ctx)
    assert [(p.kind, p.seat) for p in state.prompts] == [("disband", loser)]
    state = ENGINE.apply(state, RULESET.legal(state, state.prompts[0])[0]).state  # the second is forced: one army
    assert state.board.debt[loser] == 0 and regulars(state.board, loser) == 2
    assert income(state.board, loser, {}, PACK) == 17


# -------------------------------------------------------------------------------- the market


def test_allocations_are_secret_and_simultaneous_until_all_are_sealed():
    """§8.1 C: every player allocates at once and in secret; §20.1: revealed together."""
    state = setup_done()
    kinds = sorted((p.kind, p.seat, p.secret) for p in state.prompts)
    assert kinds == [("allocate", 0, True), ("allocate", 1, True)]
    state = answer(state, "allocate", lambda legal: next(a for a in legal if a.args.get("item") == "tournament"))
    public = ENGINE.view(state, None)
    assert public["allocations"] is None and "allocation" not in public
    assert ENGINE.view(state, 0)["allocation"]["tournament"] == 1
    assert ENGINE.view(state, 1)["allocation"]["tournament"] == 0
    seat0 = next(p for p in state.prompts if p.seat == 0)
    state = ENGINE.apply(state, Action(0, seat0.id, "confirm")).state
    assert ENGINE.view(state, None)["allocations"] is None
    seat1 = next(p for p in state.prompts if p.seat == 1)
    events = ENGINE.apply(state, Action(1, seat1.id, "confirm")).events
    revealed = next(e for e in events if e.kind == "allocations_revealed")
    assert revealed.to is None and revealed.data["allocations"][0]["tournament"] == 1


def test_overspending_is_refused_with_the_rule():
    """§8.1 C: no more than the storage holds."""
    state = setup_done()
    prompt = state.prompts[0]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(prompt.seat, prompt.id, "add", {"item": "building", "count": 7}))
    assert "§8" in refused.value.rule and refused.value.alternatives


def test_market_ties_go_to_more_tear_stones_then_a_die():
    """§8.1 D: ties by more TS, then a die; a bid of 0 is out of the market."""
    state = setup_done(4)
    b = state.board
    for s, bid in enumerate([3, 3, 0, 1]):
        b.alloc[s]["mercenaries"] = bid
    b.ts_perm[1] = 1
    ranks = market.rank(b, state, "mercenaries", Context(Rng(1)))
    assert ranks == [1, 0, 3]


def test_tournament_damage_and_the_example():
    """§12.3 and example §12.4: damage 1 + floor(D/2); a difference of 3 deals 2."""
    assert tournament.damage(5, 2) == 2 and tournament.damage(2, 5) == 1
    assert tournament.damage(8, 5) == 2 and tournament.damage(4, 0) == 3


def test_a_tournament_every_third_year_and_stones_returned():
    """§12.1-12.2: the third marker holds a tournament; the champion gains a permanent TS; stones go back."""
    state = setup_done(4)
    b = state.board
    b.tstones = [5, 2, 8, 0]
    b.round_counter = 2
    ctx = Context(Rng(3))
    tournament.tournament_phase(RULESET, state, ctx)
    assert b.round_counter == 0 and b.tstones == [0, 0, 0, 0] and sum(b.ts_perm) == 1
    duels = [e for e in ctx.events if e.kind == "duel"]
    assert len(duels) == 3 and sorted(duels[0].data["seats"]) == [2, 3]  # most (8) against fewest (0)


def test_the_tear_stone_example():
    """§13 example: the Elf holding his own capital and the Dwarf's plus a tournament win holds 7."""
    state = setup_done(2)
    b = state.board
    elf, dwarf = 0, 1
    dwarf_capital = next(c for c, s in b.capitals.items() if s == dwarf)
    RULESET.take(state, dwarf_capital, elf, Context(Rng(1)))
    b.ts_perm[elf] = 1
    assert tear_stones(b, elf) == 7 and tear_stones(b, dwarf) == 0


# -------------------------------------------------------------------------------- setting, movement, combat


def to_setting(seats: int = 2, seed: int = 1):
    state = setup_done(seats, seed)
    while state.board.phase != "setting" or not any(p.kind == "setting" for p in state.prompts):
        prompt = state.prompts[0]
        legal = RULESET.legal(state, prompt)
        adds = [a for a in legal if a.choice == "add" and a.args["item"] in ("building", "melee") and a.args["count"] == 1]
        pick = (
            adds[0]
            if adds and state.board.alloc[prompt.seat]["melee"] < 2
            else next((a for a in legal if a.choice == "confirm"), legal[0])
        )
        state = ENGINE.apply(state, pick).state
    return state


def test_setting_limits_buildings_and_new_barracks():
    """§9.1, §9.4: at most 2 buildings per field; a barracks built this year recruits from next year;
    a manufactory adds 2 RS at once."""
    state = to_setting()
    b = state.board
    seat = state.prompts[0].seat
    field = next(c for c, s in b.control.items() if s == seat and c not in b.capitals)
    b.goods[seat] = {"building": 3, "melee": 0, "ranged": 3, "cavalry": 0}
    storage = b.storage[seat]
    prompt = state.prompts[0]
    state = ENGINE.apply(state, Action(seat, prompt.id, "build", {"cell": field, "building": "manufactory"})).state
    assert state.board.storage[seat] == storage + 2
    legal = RULESET.legal(state, state.prompts[0])
    assert not any(a.choice == "build" and a.args["cell"] == field and "replace" not in a.args for a in legal)
    assert any(a.choice == "build" and a.args.get("replace") == "barracks" for a in legal)
    recruits = [a for a in legal if a.choice == "recruit" and a.args["cell"] == field]
    assert recruits  # the start barracks is usable in year 1 (§4 step 6)


def test_cavalry_moves_two_fields_but_not_through_enemies():
    """§10.2: cavalry 2 fields, melee 1; only fields without enemy armies may be passed."""
    state = setup_done(2)
    b = state.board
    for c in b.cells:
        b.cells[c] = {"kind": "plain", "portal": None}
    b.armies = [army(0, "C3", "cavalry", 2, aid=1), army(1, "D3", "melee", 1, aid=2)]
    reach = movement.reachable(b, b.armies[0], {}, PACK)
    assert "D3" in reach and "E3" not in reach and "C5" in reach and "B2" in reach
    assert movement.reachable(b, b.armies[1], {}, PACK) == ["C3", "D2", "D4", "E3"]


def test_ending_on_an_empty_field_takes_it_and_an_enemy_field_makes_a_conflict():
    """§10.6-10.7: control at once with its RS; an enemy army makes a conflict field, no control yet."""
    state = setup_done(2)
    b = state.board
    ctx = Context(Rng(1))
    neutral = next(c for c, d in b.cells.items() if d["kind"] in geo.YIELD and c not in b.control)
    b.armies = [army(0, neutral, "melee", 2, aid=1)]
    before = b.storage[0]
    movement.arrive(RULESET, state, 0, neutral, set(), ctx)
    assert b.control[neutral] == 0 and b.storage[0] == before + 2
    enemy = next(c for c, s in b.control.items() if s == 1 and c not in b.capitals)
    b.armies.append(army(1, enemy, "melee", 1, aid=2))
    b.armies.append(army(0, enemy, "melee", 3, aid=3))
    movement.arrive(RULESET, state, 0, enemy, {1}, ctx)
    assert b.control[enemy] == 1 and b.defenders[enemy] == 1
    assert enemy in movement.overrun_cells(b, 0)  # 3 against 1: the overrun rule (§10.8)


def test_casualties_keep_the_mercenary_maximum_and_guards_go_last():
    """§11.5-11.6: removals never leave more mercenaries than regulars; city guards only when nothing else."""
    state = setup_done(2)
    b = state.board
    capital = next(c for c, s in b.capitals.items() if s == 1)
    b.armies = [army(1, capital, "melee", 1, 1, aid=1), army(0, capital, "melee", 4, aid=2)]
    combat.start_battle(RULESET, state, capital, Context(Rng(1)), overrun=False, by=0)
    options = combat.casualty_options(b, 1)
    assert options == [{"cell": capital, "army": "melee", "unit": "mercenary"}]
    b.armies = [a for a in b.armies if a["owner"] == 0]
    assert combat.casualty_options(b, 1) == [{"unit": "guard"}]


def test_an_overrun_has_no_destruction_roll_and_a_battle_has_one():
    """§10.8 and §11.9: a destruction roll per building after a combat, never after an overrun."""
    for overrun, rolls in ((True, 0), (False, 1)):
        state = setup_done(2)
        b = state.board
        field = next(c for c, s in b.control.items() if s == 1 and c not in b.capitals)
        b.armies = [army(0, field, "melee", 4, aid=1)]
        b.battle = None
        combat.start_battle(RULESET, state, field, Context(Rng(1)), overrun=overrun, by=0)
        ctx = Context(Rng(2))
        combat.finish(RULESET, state, ctx)
        kinds = [e.kind for e in ctx.events]
        assert (kinds.count("building_destroyed") + kinds.count("building_stands")) == rolls
        assert b.control[field] == 0


def test_victory_needs_seven_at_the_end_of_a_year():
    """§14: 7 TS at the end of a year win (Keine Zeit: 6)."""
    state = setup_done(2)
    b = state.board
    b.ts_perm[0] = 3
    b.year = 4
    ctx = Context(Rng(1))
    RULESET._victory(state, ctx)
    assert state.result is None
    state.options = {"keine_zeit": True}
    RULESET._victory(state, ctx)
    assert state.result["winners"] == [0] and state.result["reason"] == "tear_stones"


def test_games_end_at_every_seat_count_with_random_players():
    """Issue 29 Done-when: a game plays to the end at 2, 3 and 4 players."""
    for seats in (2, 3, 4):
        state = ENGINE.setup({}, seats, seats).state
        rng = Random(seats)
        for _ in range(20_000):
            if state.result is not None:
                break
            state = ENGINE.apply(
                state, rng.choice([a for p in state.prompts for a in RULESET.legal(state, p)]), in_place=True
            ).state
        assert state.result is not None and state.result["reason"] in ("tear_stones", "year_limit")


def test_a_conquered_capitals_barracks_recruit_from_the_next_year():
    """§11.8 with §9.1 (ruling R20): the conqueror recruits in the capital from the year after."""
    from engine.seventhstone.setting import barracks_capacity

    state = setup_done(2)
    b = state.board
    b.year = 2
    capital = next(c for c, s in b.capitals.items() if s == 1)
    RULESET.take(state, capital, 0, Context(Rng(1)))
    assert barracks_capacity(b, capital, 0, PACK) == 0
    b.year = 3
    assert barracks_capacity(b, capital, 0, PACK) == 4


def test_vier_inseln_fixes_volcano_and_portals_and_counts_eruptions_without_the_water():
    """§16.2 "Vier Inseln": volcano and portals at fixed places, the yellow portals at 3/3 and 6/3;
    eruptions counted from the upper left without the water between the islands, so every field can be hit."""
    state = ENGINE.setup({"vier_inseln": True}, 4, 2).state
    cells = state.board.cells
    assert cells[geo.island_cell(3, 3)]["portal"] == "yellow" and cells[geo.island_cell(6, 3)]["portal"] == "yellow"
    assert sum(1 for d in cells.values() if d["kind"] == "water") == 14
    hit = {geo.from_corner(cells, (0, 0), h, v) for h in range(1, 7) for v in range(1, 7)}
    land = {c for c, d in cells.items() if d["kind"] != "water"}
    assert land <= hit and len(hit) == 36


def test_a_split_names_the_part_that_keeps_the_tile():
    """§10.3: when splitting, the player decides which part keeps the equipment tile."""
    state = setup_done(2)
    b = state.board
    for c in b.cells:
        b.cells[c] = {"kind": "plain", "portal": None}
    b.phase, b.order, b.done = "movement", [0, 1], []
    b.armies = [dict(army(0, "C3", "melee", 3, aid=1), equip=19)]
    state.prompts = []
    RULESET._advance(state, Context(Rng(1)))
    legal = RULESET.legal(state, state.prompts[0])
    splits = [a for a in legal if a.choice == "move" and a.args["to"] == "C4" and a.args["count"] == 1]
    assert sorted(a.args["tile"] for a in splits) == ["goes", "stays"]
    state = ENGINE.apply(state, next(a for a in splits if a.args["tile"] == "goes")).state
    assert army_at(state.board, "C4", 0)["equip"] == 19 and army_at(state.board, "C3", 0)["equip"] is None


def test_a_won_overrun_lets_the_units_move_on():
    """§10.8 examples A1/A2 and E: the attacker overruns at once and, as the winner, keeps moving."""
    state = setup_done(2)
    b = state.board
    for c in b.cells:
        b.cells[c] = {"kind": "plain", "portal": None}
    b.control = {c: s for c, s in b.control.items() if c in b.capitals}
    b.phase, b.order, b.done = "movement", [0, 1], []
    b.armies = [army(0, "C3", "cavalry", 4, aid=1), army(1, "D3", "melee", 1, aid=2)]
    state.prompts = []
    RULESET._advance(state, Context(Rng(1)))
    state = answer(
        state,
        "move",
        lambda legal: next(a for a in legal if a.choice == "move" and a.args["to"] == "D3" and a.args["count"] == 4),
    )
    state = answer(state, "move", lambda legal: next(a for a in legal if a.choice == "overrun"))
    while state.board.battle is not None:
        state = ENGINE.apply(state, RULESET.legal(state, state.prompts[0])[0]).state
    mine = army_at(state.board, "D3", 0)
    assert mine is not None and mine["moved"] is False
    legal = RULESET.legal(state, state.prompts[0])
    assert {a.args["to"] for a in legal if a.choice == "move"} == {"C3", "D2", "D4", "E3"}  # one field left


def test_mercenaries_move_apart_and_the_maximum_holds_only_at_the_end_of_the_movement():
    """Digest §10.1 and §10.3 (ruling R9): mercenaries may go apart from their regulars during the own
    movement phase (the §10.9 swap); those still above their regulars when the player is done leave."""
    state = setup_done(2)
    b = state.board
    for c in b.cells:
        b.cells[c] = {"kind": "plain", "portal": None}
    b.control, b.capitals, b.buildings = {}, {}, {}
    b.armies = [army(0, "C3", "melee", 2, 2, aid=900)]
    b.phase, b.done, b.order = "movement", [1], [0, 1]
    state.prompts = []
    RULESET.open(state, 0, "move", info={"player": 0})
    prompt = movement_prompt(state)
    legal = RULESET.legal(state, prompt)
    apart = [a for a in legal if a.choice == "move" and a.args.get("merc") == 2 and a.args["count"] == 2]
    assert apart and all(a.args["short"] == 2 for a in apart)  # the 2 mercenaries go alone
    state = ENGINE.apply(state, apart[0]).state
    b = state.board
    assert sorted((a["reg"], a["merc"]) for a in b.armies) == [(0, 2), (2, 0)]
    prompt = movement_prompt(state)
    done = next(a for a in RULESET.legal(state, prompt) if a.choice == "done")
    ended = copy.deepcopy(b)
    movement.dismiss_surplus(ended, 0, Context(Rng(1)))  # what "done" does first
    assert [(a["reg"], a["merc"]) for a in ended.armies] == [(2, 0)]
    result = ENGINE.apply(state, done)
    assert [e.data["units"] for e in result.events if e.kind == "mercenaries_left"] == [2]


def movement_prompt(state):
    return next(p for p in state.prompts if p.kind == "move")


def test_dice_split_unevenly_between_targets_die_by_die():
    """Digest §11.5 multi-player combat ("Dabei ist eine Aufteilung der Würfel möglich", ruling R14): a
    player with several targets may state how many of its dice go at each; hits follow the dice in order."""
    state = setup_done(3)
    b = state.board
    field = next(c for c, d in b.cells.items() if d["kind"] in geo.YIELD and c not in b.control)
    b.armies = [army(0, field, "melee", 3, aid=901), army(1, field, "melee", 2, aid=902), army(2, field, "melee", 2, aid=903)]
    b.supports = {}
    b.defenders[field] = 1
    combat.start_battle(RULESET, state, field, Context(Rng(1)), overrun=False, by=0)
    bt = b.battle
    state.prompts = []
    RULESET.open(state, 0, "target", info={"player": 0, "cell": field, "round": 1})
    prompt = next(p for p in state.prompts if p.kind == "target")
    shares = [a.args["dice"] for a in RULESET.legal(state, prompt) if a.choice == "share"]
    assert combat.round_dice(state, 0) == 3 and sorted(map(sorted, (d.items() for d in shares))) == [
        [("1", 1), ("2", 2)],
        [("1", 2), ("2", 1)],
    ]
    RULESET.resolve(state, prompt, Action(0, prompt.id, "share", {"dice": {"1": 2, "2": 1}}), Context(Rng(1)))
    assert bt["targets"]["0"] == [1, 1, 2]
    bt["targets"]["1"], bt["targets"]["2"] = 2, 1  # the others aim away from seat 0
    bt["hits"] = {}
    ctx = Context(Rng(4))
    combat.roll(state, 2, ctx)
    rolled = next(e for e in ctx.events if e.kind == "rolled" and e.data["seat"] == 0)
    hit = int(PACK.units["melee"]["hit"])
    expect = {1: sum(d <= hit for d in rolled.data["dice"][:2]), 2: int(rolled.data["dice"][2] <= hit)}
    assert expect == {1: 0, 2: 1}  # with these dice an even split or all at seat 1 would hit seat 1 instead
    from_others = {
        1: sum(d <= hit for d in next(e for e in ctx.events if e.kind == "rolled" and e.data["seat"] == 2).data["dice"])
    }
    from_others[2] = sum(d <= hit for d in next(e for e in ctx.events if e.kind == "rolled" and e.data["seat"] == 1).data["dice"])
    for seat in (1, 2):
        assert bt["hits"].get(str(seat), 0) == expect[seat] + from_others[seat]
