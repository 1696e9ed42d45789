"""The battle (pp. 18-24 „Kämpfe“; digest §7, §6.5 neutrals in battle, §6.7 defence developments).

Steps of a :class:`~engine.runewars.battle.frame.Battle` frame:

1. ``announce``: the battle token lies in the area (``board.contested``);
2. ``line_up``: each side's standing units fight, by battle row; routed units and heroes
   stay out (the routed ones are eliminated if their side retreats);
3. ``start_of_battle``: the attacker's, then the defender's "start of battle" cards;
4. ``row`` … ``discard``: five combat rounds (engine.runewars.battle.rounds);
5. ``defence``, ``strength``: defence development, strength, damaging the stronghold;
6. ``retreat``, ``capture``, ``return``, ``end``: the result (engine.runewars.battle.result).

Between steps the frame works off its ``tasks`` (abilities, assignments of routs, damage
and losses) one at a time. The attacker is the active player; the defender the player
controlling the area, or, against unallied neutrals, nobody: then all neutrals of the area
fight as one group, led by the player left of the active player, who may not play
tactics cards in this battle (p. 19).
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.battle import abilities, assign, result, rounds
from engine.runewars.battle.figures import belongs, counts
from engine.runewars.battle.frame import SIDE_NAMES, Battle, BattleSide, Fighter
from engine.runewars.control import home_realm_owner
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, push
from engine.runewars.state import RunewarsBoard, Stack
from engine.runewars.turn_order import left_of_active


def start_battle(state: GameState, pack: Pack, area: str, attacker: int, *, conquer: bool, ctx: Context) -> None:
    """Start a battle in ``area``; the attacker's units have already moved in.

    ``conquer``: the battle is caused by the Conquer order (its bonus lowers the enemy
    stronghold's strength, p. 33).
    """
    frame = new_battle(state, area, attacker, conquer=conquer)
    push(state, frame)
    announce(state, pack, frame, ctx)


def new_battle(state: GameState, area: str, attacker: int, *, conquer: bool) -> Battle:
    """A battle about to be announced; the battle token already lies in ``area`` (scenario positions push it directly).

    The area is contested from here on, so no alliance forms or ends there before the
    battle is over (p. 19).
    """
    board: RunewarsBoard = state.board
    board.contested.append(area)
    defender = defender_of(board, area, attacker)
    leader = defender if defender is not None else left_of_active(board, attacker)
    sides = [BattleSide(attacker, attacker, True), BattleSide(defender, leader, defender is not None)]
    return Battle(area, attacker, defender, conquer, sides)


def defender_of(board: RunewarsBoard, area_id: str, attacker: int) -> int | None:
    """The enemy player with units, allied neutrals or a stronghold in the area, else its home-realm owner; None for neutrals."""
    area = board.areas[area_id]
    holders = {s.owner if s.owner is not None else s.ally for s in area.stacks if s.count} - {None, attacker}
    if area.stronghold is not None and area.stronghold.owner != attacker:
        holders.add(area.stronghold.owner)
    home = home_realm_owner(board, area_id)
    if not holders and home is not None and home != attacker:
        holders.add(home)
    return min(holders) if holders else None


def announce(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 1: the battle token lies in the contested area (``new_battle``); everybody learns who fights."""
    frame.step = "line_up"
    ctx.emit("battle_started", area=frame.area, attacker=frame.attacker, defender=frame.defender)


def line_up(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 2: standing units take part; routed units stay out (p. 21)."""
    for side in frame.sides:
        for stack in state.board.areas[frame.area].stacks:
            if not belongs(stack, side):
                continue
            for _ in range(stack.standing):
                side.fighters.append(Fighter(frame.next_fighter, stack.owner, stack.unit, stack.ally))
                frame.next_fighter += 1
            if stack.routed:
                side.left_out.append(Stack(stack.owner, stack.unit, routed=stack.routed, ally=stack.ally))
    ctx.emit(
        "battle_lined_up",
        area=frame.area,
        **{
            name: {
                "seat": side.seat,
                "leader": side.leader,
                "units": counts(side.fighters),
                "left_out": {s.unit: s.routed for s in side.left_out},
            }
            for name, side in zip(SIDE_NAMES, frame.sides)
        },
    )
    frame.step = "start_of_battle"


def start_of_battle(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 3: "at the start of a battle" cards and abilities, the attacker's, then the defender's (engine.runewars.effects.battle)."""
    # imported on first use: the effects register an after-every-step check (effects.lasting), and flow runs
    # those in import order, which has it after victory's (tests/runewars/test_layers.py pins the order)
    from engine.runewars.effects.battle import start_of_battle as card_window

    frame.step = "row"
    card_window(state, pack, frame, ctx)


STEPS = {
    "announce": announce,
    "line_up": line_up,
    "start_of_battle": start_of_battle,
    "row": rounds.next_row,
    "choose_attacker": rounds.choose,
    "choose_defender": rounds.choose,
    "reveal": rounds.reveal,
    "specials": rounds.specials,
    "routs": rounds.routs,
    "damage": rounds.damage,
    "discard": rounds.discard,
    "defence": result.defence,
    "strength": result.strength,
    "retreat": result.retreat,
    "capture": result.capture,
    "return": result.return_units,
}
TASKS = {"assign": assign.run_assign, "ability": abilities.run_ability, "redraw": abilities.run_redraw}


@procedure(Battle)
def _advance(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> bool:
    if frame.tasks:
        TASKS[frame.tasks[0].kind](state, pack, frame, frame.tasks[0], ctx)
        return False
    if frame.step == "end":
        result.end(state, pack, frame, ctx)
        return True
    STEPS[frame.step](state, pack, frame, ctx)
    return False
