"""Order 1, Strategy (pp. 14, 16, 33; digest §6.2).

Main effect: move any of your units, each one step, into adjacent friendly or empty
areas; nothing is activated, and units may not leave an area with your own activation
token. The player moves a group at a time and says when they are done. Bonus: one
tactics card per tactics icon at and below the current field of all three dials.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.alliance import refresh_alliances
from engine.runewars.control import controller
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, top
from engine.runewars.map import geometry
from engine.runewars.movement import move_units, strategy_destinations
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard

RULE = "p. 16 (Strategie): each unit 1 step into an adjacent friendly or empty area"


@order("strategy")
@register
@dataclass
class StrategyOrder:
    seat: int
    bonus: bool
    step: str = "move"
    #: area -> unit -> units that moved in with this order (each figure moves once)
    arrived: dict[str, dict[str, int]] = field(default_factory=dict)


@procedure(StrategyOrder)
def _advance(state: GameState, pack: Pack, frame: StrategyOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "move":
        pid = f"y{board.year}/{board.season}/strategy/{frame.seat}/{state.seq}"
        state.open([Prompt(pid, frame.seat, "strategy_move", info={"bonus": frame.bonus})])
        return False
    if frame.bonus:
        dials = pack.faction(board.players[frame.seat].faction).dials
        icons = sum(dials[r].tactics_at(v) for r, v in board.players[frame.seat].dials.items())
        ctx.emit("order_bonus", seat=frame.seat, order="strategy", tactics=icons)
        cards.draw_tactics(board, frame.seat, icons, ctx)
    return True


def movable(state: GameState, frame: StrategyOrder) -> dict[tuple[str, str], int]:
    """(area, unit) -> standing units ``frame.seat`` leads there that have not moved yet."""
    board: RunewarsBoard = state.board
    out = {}
    for area_id, area in sorted(board.areas.items()):
        for stack in area.led_by(frame.seat):
            free = stack.standing - frame.arrived.get(area_id, {}).get(stack.unit, 0)
            if free > 0:
                out[(area_id, stack.unit)] = free
    return out


def destinations(state: GameState, pack: Pack, seat: int, origin: str, unit: str) -> list[str]:
    board: RunewarsBoard = state.board
    reachable = strategy_destinations(board, geometry(pack, board.placements), seat, origin, pack.unit(unit), winter=board.season == "winter")
    if pack.unit(unit).neutral:  # p. 19: allied neutrals may move alone only into an area their ally controls
        reachable = [a for a in reachable if controller(board, a) == seat]
    return reachable


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, StrategyOrder)
    moves = [
        Action(prompt.seat, prompt.id, "move", {"from": origin, "to": to, "unit": unit, "count": n})
        for (origin, unit), free in movable(state, frame).items()
        for to in destinations(state, pack, prompt.seat, origin, unit)
        for n in range(1, free + 1)
    ]
    return moves + [Action(prompt.seat, prompt.id, "done")]


@prompt_kind("strategy_move", choices={"move", "done"}, legal=_legal)
def strategy_move(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, StrategyOrder)
    state.close(prompt.id)
    if action.choice == "done":
        frame.step = "bonus"
        refresh_alliances(state, ctx)
        return
    origin, to, unit, count = (action.args.get(k) for k in ("from", "to", "unit", "count"))
    if not (isinstance(origin, str) and isinstance(to, str) and isinstance(unit, str) and isinstance(count, int) and count > 0):
        raise InvalidAction("move needs 'from', 'to', 'unit' and a positive 'count'")
    free = movable(state, frame).get((origin, unit), 0)
    if count > free:
        raise IllegalAction(
            f"You have {free} standing {unit} in {origin} that can still move (routed units and units that already moved cannot).",
            rule=RULE, alternatives=_legal(state, pack, prompt)[:10],
        )
    if to not in destinations(state, pack, action.seat, origin, unit):
        raise IllegalAction(
            f"{unit} in {origin} cannot move to {to}: it must be adjacent, friendly or empty, not across a mountain or water "
            "border, and your units cannot leave an area you activated.",
            rule=RULE, alternatives=[a for a in _legal(state, pack, prompt) if a.args.get("from") == origin][:10] or _legal(state, pack, prompt)[:10],
        )
    move_units(state.board, action.seat, origin, to, unit, count)
    frame.arrived.setdefault(to, {})[unit] = frame.arrived.get(to, {}).get(unit, 0) + count
    ctx.emit("units_moved", seat=action.seat, unit=unit, count=count, path=[origin, to])
    open_culls(state, action.seat, [to], limit=AREA_UNIT_LIMIT, why="limit")

