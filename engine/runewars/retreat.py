"""Retreat (p. 22 „Rückzug“, digest §7.7): after a lost battle, a diplomacy result or a card.

All retreating figures go together into one adjacent area and are routed there:
- a player's units (allied neutrals with them) must go to an adjacent friendly area, only
  if there is none to an adjacent empty one, else they are eliminated;
- unallied neutrals go to an adjacent uncontrolled area, chosen by the player left of the
  active player, else they are eliminated;
- borders stop retreats as they stop moves (water is frozen in winter, fliers fly).
Afterwards the 8-unit limit applies at the destination.

The retreating units stand in ``origin``'s stacks when the retreat resolves; the caller
says which (``units``: unit -> count) and for which side (a seat, or None for unallied
neutrals).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.alliance import refresh_alliances
from engine.runewars.banners.board import terrain  # Banners of War: Cryomancy thaws water borders
from engine.runewars.control import controller, is_empty
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.movement import crossable
from engine.runewars.state import Area, RunewarsBoard

RULE = "p. 22 (Rückzug): one adjacent friendly area, else an empty one; unallied neutrals: an uncontrolled one"


@register
@dataclass
class Retreat:
    origin: str
    #: the retreating side: a seat, or None for unallied neutrals
    side: int | None
    #: who decides the destination
    chooser: int
    units: dict[str, int]
    why: str
    step: str = "choose"


def retreat_destinations(state: GameState, pack: Pack, side: int | None, origin: str, units: dict[str, int]) -> list[str]:
    board: RunewarsBoard = state.board
    geo = terrain(pack, board)
    flying = all(pack.unit(u).flying for u in units)
    winter = board.season == "winter"
    near = [b for b in sorted(geo.adjacency[origin]) if crossable(geo, origin, b, flying=flying, winter=winter)]
    if side is None:
        return [b for b in near if controller(board, b) is None and b not in board.contested]
    friendly = [b for b in near if controller(board, b) == side and b not in board.contested]
    return friendly or [b for b in near if is_empty(board, b)]


def push_retreat(
    state: GameState, pack: Pack, origin: str, side: int | None, units: dict[str, int], *, chooser: int, why: str
) -> None:
    push(state, Retreat(origin, side, chooser, {u: n for u, n in sorted(units.items()) if n}, why))


@procedure(Retreat)
def _advance(state: GameState, pack: Pack, frame: Retreat, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "done":
        return True
    options = retreat_destinations(state, pack, frame.side, frame.origin, frame.units)
    if not options:
        _take_out(board.areas[frame.origin], frame.side, frame.units)
        board.areas[frame.origin].remove_empty_stacks()
        ctx.emit("units_eliminated", seat=frame.side, area=frame.origin, units=dict(frame.units), why="no_retreat")
        refresh_alliances(state, ctx)
        return True
    pid = season_id(board, "retreat", frame.origin, seq=state.seq)
    info = {"from": frame.origin, "side": frame.side, "units": dict(frame.units), "areas": options, "why": frame.why}
    forced = Action(frame.chooser, pid, "retreat", {"to": options[0]}) if len(options) == 1 else None
    state.open([Prompt(pid, frame.chooser, "retreat", info=info, forced=forced)])
    return False


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "retreat", {"to": a}) for a in prompt.info["areas"]]


@prompt_kind("retreat", choices={"retreat"}, legal=_legal)
def choose_retreat(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Retreat)
    to = action.args.get("to")
    if not isinstance(to, str):
        raise InvalidAction(N_("retreat needs 'to': an area"))
    if to not in prompt.info["areas"]:
        raise IllegalAction(N_("The units cannot retreat to {to}.", to=to), rule=RULE, alternatives=_legal(state, pack, prompt))
    board: RunewarsBoard = state.board
    moved = _take_out(board.areas[frame.origin], frame.side, frame.units)
    board.areas[frame.origin].remove_empty_stacks()
    for owner, unit, count, ally in moved:
        board.areas[to].add_units(owner, unit, count, ally=ally, routed=True)
    state.close(prompt.id)
    frame.step = "done"
    ctx.emit("units_retreated", side=frame.side, units=dict(frame.units), path=[frame.origin, to], why=frame.why)
    refresh_alliances(state, ctx)
    if frame.side is not None:
        open_culls(state, frame.side, [to], limit=AREA_UNIT_LIMIT, why="limit")


def _take_out(area: Area, side: int | None, units: dict[str, int]) -> list[tuple[int | None, str, int, int | None]]:
    """Remove the retreating units (routed ones of a type last) and say what was taken."""
    taken = []
    retreating = [s for s in area.stacks if s.owner is None and s.ally is None] if side is None else area.led_by(side)
    for stack in retreating:
        want = units.get(stack.unit, 0)
        if not want:
            continue
        from_standing = min(want, stack.standing)
        stack.standing -= from_standing
        stack.routed -= want - from_standing
        taken.append((stack.owner, stack.unit, want, stack.ally))
    return taken
