"""Where units may move (pp. 16-18, 37; digest §6.2-§6.4).

Pure functions of the board and the map geometry; the orders (Strategy, Mobilize,
Conquer) build their prompts and checks on them. ``portals`` are the face-up Magic Portals
(exploration tokens, p. 37) the mover may use: each counts as adjacent to every other, a
step between two of them is a portal jump, which the order charges for (1 influence each).
"""

from __future__ import annotations

from collections.abc import Collection

from engine.runewars.control import controller, is_empty
from engine.runewars.data import UnitType
from engine.runewars.map import Board
from engine.runewars.state import RunewarsBoard

#: p. 17: Mobilize/Conquer move units up to 2 areas, fast units up to 3
MOVE_RANGE = 2
FAST_MOVE_RANGE = 3


#: ``hook(board, seat, origin, to)`` after units moved from ``origin`` to ``to`` (by Strategy or Mobilize/Conquer)
MOVED: list = []


def move_units(board: RunewarsBoard, seat: int, origin: str, to: str, unit: str, count: int) -> None:
    """Move ``count`` standing ``unit`` that ``seat`` leads; allied neutrals keep their alliance."""
    source = next(s for s in board.areas[origin].led_by(seat) if s.unit == unit and s.standing)
    source.standing -= count
    board.areas[origin].remove_empty_stacks()
    board.areas[to].add_units(source.owner, unit, count, ally=source.ally)
    for hook in MOVED:  # Banners of War, Development Cards: Daqan's peasant tokens (engine.runewars.banners.development)
        hook(board, seat, origin, to)


def crossable(geometry: Board, a: str, b: str, *, flying: bool, winter: bool) -> bool:
    """Whether a figure may step from ``a`` to the adjacent ``b``.

    Mountain and water borders stop everyone; flying units ignore both; in winter water
    is frozen (digest §6.4, §5.3). Holes in the map are simply not adjacent to anything.
    """
    if b not in geometry.adjacency[a]:
        return False
    border = geometry.adjacency[a][b]
    return border is None or flying or (border == "water" and winter)


def passable_for(board: RunewarsBoard, seat: int, area_id: str) -> bool:
    """p. 17: paths lead only through friendly or empty areas, never enemy or neutral ones."""
    return controller(board, area_id) == seat or is_empty(board, area_id)


def passable_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """The areas ``seat``'s units may pass through now (friendly or empty, p. 17)."""
    return [a for a in sorted(board.areas) if passable_for(board, seat, a)]


def may_leave(board: RunewarsBoard, seat: int, area_id: str) -> bool:
    """p. 15 „Aktiviertes Gebiet“: units cannot leave an area holding their own activation token."""
    return seat not in board.areas[area_id].activated_by


def steps_into(geometry: Board, here: str, unit: UnitType, *, winter: bool, portals: Collection[str] = ()) -> dict[str, int]:
    """Areas from which ``unit`` steps into ``here`` -> portal jumps the step takes (0 or 1)."""
    steps = {b: 0 for b in geometry.adjacency[here] if crossable(geometry, b, here, flying=unit.flying, winter=winter)}
    if here in portals:
        steps.update({b: 1 for b in portals if b != here and b not in steps})
    return steps


def strategy_destinations(
    board: RunewarsBoard,
    geometry: Board,
    seat: int,
    origin: str,
    unit: UnitType,
    *,
    winter: bool,
    portals: Collection[str] = (),
) -> list[str]:
    """p. 16: Strategy moves a unit one step into an adjacent friendly or empty area (a portal jump is a step)."""
    if not may_leave(board, seat, origin):
        return []
    near = {b for b in geometry.adjacency[origin] if crossable(geometry, origin, b, flying=unit.flying, winter=winter)}
    if origin in portals:
        near |= set(portals) - {origin}
    return [b for b in sorted(near) if passable_for(board, seat, b)]


def march_routes(
    board: RunewarsBoard,
    geometry: Board,
    seat: int,
    target: str,
    unit: UnitType,
    *,
    winter: bool,
    passable: Collection[str] | None = None,
    portals: Collection[str] = (),
    max_jumps: int = 0,
) -> dict[str, tuple[int, int]]:
    """Areas from which ``unit`` of ``seat`` could march into ``target`` with Mobilize or Conquer.

    Returns area -> (portal jumps, steps) of the way with the fewest jumps (then the fewest
    steps), at most ``max_jumps`` jumps. Every area on the way between source and target must
    be friendly or empty (p. 17); the range is 2, or 3 for fast units; units may not leave an
    area with their own activation token. Whether units of that type stand there is the
    caller's to check. ``passable`` fixes the areas that may be passed (the order takes them
    when it activates, so one group's move does not close another's path); by default they
    are computed now.
    """
    open_ground = set(passable_areas(board, seat) if passable is None else passable)
    reach = FAST_MOVE_RANGE if unit.fast else MOVE_RANGE
    best: dict[str, tuple[int, int]] = {}
    layer = {target: 0}  # areas exactly ``steps`` steps before the target -> fewest jumps
    for steps in range(1, reach + 1):
        before: dict[str, int] = {}
        for here, jumps in layer.items():
            if here != target and here not in open_ground:
                continue
            for there, jump in steps_into(geometry, here, unit, winter=winter, portals=portals).items():
                if there != target and jumps + jump <= min(max_jumps, before.get(there, max_jumps)):
                    before[there] = jumps + jump
        for area, jumps in before.items():
            if area not in best or jumps < best[area][0]:
                best[area] = (jumps, steps)
        layer = before
    return {a: route for a, route in sorted(best.items()) if may_leave(board, seat, a)}


def march_sources(
    board: RunewarsBoard,
    geometry: Board,
    seat: int,
    target: str,
    unit: UnitType,
    *,
    winter: bool,
    passable: Collection[str] | None = None,
) -> dict[str, int]:
    """:func:`march_routes` without portals: area -> steps."""
    return {
        a: steps for a, (_, steps) in march_routes(board, geometry, seat, target, unit, winter=winter, passable=passable).items()
    }
