"""Allied neutral units (p. 19 „Verbündete Einheiten“, digest §6.5).

A neutral stack carries the seat it is allied with (``Stack.ally``). The alliance is a
consequence of where the figures stand, so it is refreshed after every completed change
of positions: a march or a Strategy order once all its groups have moved (the figures
move together; a group leaving first must not strand its allies), a retreat, a cull, a
battle, a diplomacy:

- neutral units sharing an area with a player's units become allied with that player,
  except in a contested area (while a battle or diplomacy is fought there);
- allied neutrals in an area their ally neither controls nor has units in lose the
  alliance (both conditions: an area held by the ally's stronghold or home realm keeps it),
  except in a contested area (they stay allied to the end of a battle).

All neutrals of an area act as one group (p. 19), so stacks of the same unit with the same
alliance are merged afterwards.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.control import controller
from engine.runewars.state import Area, RunewarsBoard


def refresh_alliances(state: GameState, ctx: Context) -> None:
    """Form and end alliances on the whole board; emits ``alliance_formed``/``alliance_ended`` per area."""
    board: RunewarsBoard = state.board
    for area_id, area in sorted(board.areas.items()):
        if area_id in board.contested:
            continue
        ended: dict[int, dict[str, int]] = {}
        for stack in area.stacks:
            if stack.owner is None and stack.ally is not None and stack.count and not _holds(board, area, stack.ally):
                ended.setdefault(stack.ally, {})[stack.unit] = stack.count
                stack.ally = None
        for seat, units in sorted(ended.items()):
            ctx.emit("alliance_ended", seat=seat, area=area_id, units=units)
        present = {s.owner for s in area.stacks if s.owner is not None and s.count}
        if len(present) == 1:
            seat = present.pop()
            formed = ally_neutrals(area, seat)
            if formed:
                ctx.emit("alliance_formed", seat=seat, area=area_id, units=formed)
        merge_stacks(area)


def ally_neutrals(area: Area, seat: int) -> dict[str, int]:
    """Every unallied neutral unit in ``area`` becomes allied with ``seat``; returns unit -> count."""
    allied: dict[str, int] = {}
    for stack in area.stacks:
        if stack.owner is None and stack.ally is None and stack.count:
            stack.ally = seat
            allied[stack.unit] = allied.get(stack.unit, 0) + stack.count
    merge_stacks(area)
    return allied


def merge_stacks(area: Area) -> None:
    """One stack per owner, unit and alliance (units that became allied join their allied kin)."""
    merged = []
    for stack in area.stacks:
        same = next((m for m in merged if (m.owner, m.unit, m.ally) == (stack.owner, stack.unit, stack.ally)), None)
        if same is None:
            merged.append(stack)
        else:
            same.standing += stack.standing
            same.routed += stack.routed
    area.stacks = merged


def _holds(board: RunewarsBoard, area: Area, seat: int) -> bool:
    return area.units_of(seat) > 0 or controller(board, area.id) == seat
