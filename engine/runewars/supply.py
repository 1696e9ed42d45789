"""Component limits (p. 31 „Beschränkungen des Spielmaterials“, digest §10.8): figures and stronghold tiles.

Cards, tiles and figures are strictly limited; the orders and the battle ask here how many
are left.
"""

from __future__ import annotations

from engine.runewars.banners.variants import extra_figures
from engine.runewars.data import Pack
from engine.runewars.state import RunewarsBoard


def figures_left(board: RunewarsBoard, pack: Pack, owner: int, unit: str) -> int:
    """Figures of ``unit`` of ``owner`` not on the board."""
    on_board = sum(s.count for area in board.areas.values() for s in area.stacks if s.owner == owner and s.unit == unit)
    return pack.unit(unit).figures + extra_figures(board, owner, unit) - on_board


def stronghold_limit(pack: Pack) -> int:
    """Stronghold tiles per faction (p. 4: 16 tiles, 4 per faction)."""
    return int(pack.components["stronghold_tiles"].per_faction)


def own_strongholds(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas holding one of ``seat``'s strongholds."""
    return [a for a, area in sorted(board.areas.items()) if area.stronghold is not None and area.stronghold.owner == seat]
