"""What each seat may know (digest §11.1). Built only from facts a seat is entitled to.

The public view names no face-down rune's identity; a seat's view adds the runes it knows.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.runewars.control import controller
from engine.runewars.state import Area, Rune, RunewarsBoard


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    board: RunewarsBoard = state.board
    return {
        "game": "runewars",
        "phase": board.phase,
        "first_player": board.first_player,
        "awaiting": state.awaited(),
        "players": [
            {"seat": p.seat, "faction": p.faction, "dials": dict(p.dials), "influence": p.influence, "home_areas": list(p.home_areas)}
            for p in board.players
        ],
        "map": [{"tile": p.tile, "rotation": p.rotation, "q": p.q, "r": p.r} for p in board.placements],
        "areas": {area_id: _area(area, seat, controller(board, area_id)) for area_id, area in sorted(board.areas.items())},
        "setup_quests": [list(q) for q in board.setup_quests],
        "fate_deck": len(board.decks["fate"].draw),
        "fate_discard": list(board.decks["fate"].discard),
        "rune_supply": dict(board.rune_supply),
        "result": state.result,
    }


def _area(area: Area, seat: int | None, controlled_by: int | None) -> dict[str, Any]:
    return {
        "controller": controlled_by,
        "units": [{"owner": s.owner, "unit": s.unit, "standing": s.standing, "routed": s.routed} for s in area.stacks],
        "stronghold": None if area.stronghold is None else {"owner": area.stronghold.owner, "damaged": area.stronghold.damaged},
        "rune": rune_as_seen(area.rune, seat, looks=seat is not None and controlled_by == seat),
        "city": area.city,
        "activated_by": list(area.activated_by),
    }


def rune_as_seen(rune: Rune | None, seat: int | None, *, looks: bool = False) -> str | None:
    """``None`` (no rune), ``"face_down"``, or ``"dragon"``/``"false"`` when face up or known.

    p. 32: a player may look at the runes of the areas they control at any time (``looks``).
    """
    if rune is None:
        return None
    if rune.face_up or looks or (seat is not None and seat in rune.known_to):
        return "dragon" if rune.dragon else "false"
    return "face_down"
