"""Who controls an area, and what kind of area it is for a player (p. 15, digest §3).

Derived, never stored: control follows from the units, strongholds and home realms.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.runewars.banners.variants import peasant_controller
from engine.runewars.state import Area, RunewarsBoard


def controller(board: RunewarsBoard, area_id: str, homes: Mapping[str, int] | None = None) -> int | None:
    """The seat controlling ``area_id``, or None (``homes``: a ready :func:`home_owners`).

    p. 15: a player controls an area with at least one own unit (routed ones count) or an
    own stronghold; heroes and neutral units control nothing. A home-realm area is always
    controlled by its owner unless enemy units or an enemy stronghold are there
    (ruling R14: neutral units count as enemy units unless allied with the owner, p. 19).
    """
    area = board.areas[area_id]
    home_owner = home_realm_owner(board, area_id) if homes is None else homes.get(area_id)
    if home_owner is not None and not _enemy_present(area, home_owner):
        return home_owner
    holder = None if area.stronghold is None else area.stronghold.owner
    for stack in area.stacks:  # a plain loop: this runs thousands of times a game
        if stack.owner is not None and stack.standing + stack.routed and stack.owner != holder:
            if holder is not None:
                return None  # contested while a battle is fought
            holder = stack.owner
    if holder is None and getattr(board, "peasants", None):  # Banners of War: a Daqan peasant token (development cards)
        return peasant_controller(board, area_id)
    return holder


def home_owners(board: RunewarsBoard) -> dict[str, int]:
    """Every home-realm area and its owner."""
    return {a: p.seat for p in board.players for a in p.home_areas}


def holds_a_home_area(board: RunewarsBoard, seat: int, homes: Mapping[str, int]) -> bool:
    """True when ``seat`` surely controls an area: one of its home-realm areas without an enemy
    (a cheap test before :func:`control_map`; ``homes``: a ready :func:`home_owners`)."""
    return any(
        homes.get(a) == seat and a in board.areas and not _enemy_present(board.areas[a], seat)
        for a in board.players[seat].home_areas
    )


def home_realm_owner(board: RunewarsBoard, area_id: str) -> int | None:
    return next((p.seat for p in board.players if area_id in p.home_areas), None)


def _enemy_present(area: Area, seat: int) -> bool:
    if area.stronghold is not None and area.stronghold.owner != seat:
        return True
    for stack in area.stacks:  # a plain loop: this runs after every step of the game
        if stack.owner != seat and stack.standing + stack.routed and not (stack.owner is None and stack.ally == seat):
            return True
    return False


def is_empty(board: RunewarsBoard, area_id: str) -> bool:
    """p. 15: a non-home area with no units of any kind and no stronghold (cities and heroes allowed)."""
    area = board.areas[area_id]
    return home_realm_owner(board, area_id) is None and not any(s.count for s in area.stacks) and area.stronghold is None


def is_neutral(board: RunewarsBoard, area_id: str) -> bool:
    """p. 15: an area with neutral units that no player controls."""
    area = board.areas[area_id]
    return controller(board, area_id) is None and any(s.owner is None and s.count for s in area.stacks)


def control_map(board: RunewarsBoard) -> dict[str, int | None]:
    """Every area's controller, computed once (for checks that ask about every seat)."""
    homes = home_owners(board)
    return {a: controller(board, a, homes) for a in sorted(board.areas)}


def controlled_areas(board: RunewarsBoard, seat: int) -> list[str]:
    return [a for a in sorted(board.areas) if controller(board, a) == seat]
