"""The board with the expansion's facts (Banners of War).

A game with the option gets a :class:`BannersBoard` (a :class:`RunewarsBoard` with more fields), so
the base game's states stay exactly as they were (tests/golden compares their hashes).
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core import register
from engine.runewars.banners.exploration import FLOODED, flooded_areas
from engine.runewars.data import Pack
from engine.runewars.data.model import DIRECTION_ORDER, neighbour
from engine.runewars.map import Board, geometry
from engine.runewars.state import RunewarsBoard


@register
@dataclass
class BannersBoard(RunewarsBoard):
    #: areas holding a Desolation token (at most one per area, p. 8 „Ödnismarker“)
    desolation: list[str] = field(default_factory=list)
    #: area -> Cryomancy tokens there (several may share an area, p. 8 „Eiswüstenmarker“)
    cryomancy: dict[str, int] = field(default_factory=dict)
    #: the area of the Sunken City once a quest or effect placed it, else ""
    sunken_city: str = ""
    #: battle area -> the seat whose Leonx Riders prowl there until the end of that battle (banners.prowl)
    prowl: dict[str, int] = field(default_factory=dict)


def expansion_board(board: RunewarsBoard) -> BannersBoard | None:
    return board if isinstance(board, BannersBoard) else None


def tokens_used(board: BannersBoard) -> int:
    """Desolation and Cryomancy tokens on the board: one shared supply (ruling R-BW9)."""
    return len(board.desolation) + sum(board.cryomancy.values())


def suppressed(board: RunewarsBoard, area_id: str) -> bool:
    """p. 8: Desolation or Cryomancy in the area cancels its resource symbols and its city's printed rune."""
    b = expansion_board(board)
    return b is not None and (area_id in b.desolation or b.cryomancy.get(area_id, 0) > 0)


def banners_view(board: RunewarsBoard) -> dict[str, object]:
    """The expansion's public facts for the views (nothing for a base game, whose views stay the same)."""
    b = expansion_board(board)
    if b is None:
        return {}
    return {
        "banners": {
            "desolation": sorted(b.desolation),
            "cryomancy": dict(sorted(b.cryomancy.items())),
            "sunken_city": b.sunken_city,
        }
    }


#: (id of the map's geometry, the frozen areas, the Sunken City's area) -> (that geometry, its changed copy); the
#: geometry is kept beside its copy so that a new map that reuses a dropped geometry's id is never handed the old borders
_THAWED: dict[tuple[int, frozenset[str], str, frozenset[str]], tuple[Board, Board]] = {}


def sunken_edges(geo: Board, area: str) -> set[frozenset[str]]:
    """The edges of ``area`` whose yellow border a Sunken City there covers with its water border („Diese blaue Grenze
    wird genau auf die gelbe Grenze gelegt, ansonsten gelten für sie die üblichen Regeln für Wassergrenzen.“)."""
    cell = geo.cell_of.get(area)
    if cell is None:
        return set()
    out = set()
    for direction in DIRECTION_ORDER:
        other = geo.hexes.get(neighbour(cell[0], cell[1], direction))
        if other is not None and geo.border(area, direction) == "yellow":
            out.add(frozenset((area, other.area)))
    return out


def terrain(pack: Pack, board: RunewarsBoard) -> Board:
    """The map's geometry for movement: a Flooded Area's six borders are water, the Sunken City's water border lies over
    tile 12's yellow one, and with Cryomancy the water borders of its areas are crossed as in winter (exp. p. 8: „können
    alle Einheiten die Bewegungsbeschränkungen durch Wassergrenzen (blau) in diesem Gebiet ignorieren, als wäre Winter
    (benachbarte Gebiete mit blauen Grenzen sind davon nicht betroffen)“)."""
    geo = geometry(pack, board.placements)
    b = expansion_board(board)
    if b is None:
        return geo
    return adjusted(geo, frozenset(a for a, n in b.cryomancy.items() if n), b.sunken_city, flooded_areas(board))


def view_terrain(geo: Board, view: Mapping[str, Any]) -> Board:
    """:func:`terrain` from a view's public facts (``banners``, face-up exploration tokens), for the AI; the geometry
    itself for a base game's view."""
    banners = view.get("banners")
    if not banners:
        return geo
    frozen = frozenset(a for a, n in (banners.get("cryomancy") or {}).items() if n)
    flooded = frozenset(
        a for a, m in (view.get("exploration") or {}).items() if m and m.get("face_up") and m.get("token") == FLOODED
    )
    return adjusted(geo, frozen, str(banners.get("sunken_city") or ""), flooded)


def adjusted(geo: Board, frozen: frozenset[str], sunken: str, flooded: frozenset[str]) -> Board:
    """``geo`` with those areas thawed, the Sunken City's water border in ``sunken`` and those areas flooded (cached)."""
    if not frozen and not sunken and not flooded:
        return geo
    key = (id(geo), frozen, sunken, flooded)
    cached = _THAWED.get(key)
    if cached is not None and cached[0] is geo:
        return cached[1]
    if len(_THAWED) >= 64:
        _THAWED.clear()
    water = sunken_edges(geo, sunken) if sunken else set()

    def kind_of(a: str, n: str, kind: str | None) -> str | None:
        if frozenset((a, n)) in water or ((a in flooded or n in flooded) and kind != "mountain"):  # Flooded Area: all six
            kind = "water"
        return None if kind == "water" and (a in frozen or n in frozen) else kind

    changed = copy(geo)
    changed.__dict__["adjacency"] = {a: {n: kind_of(a, n, kind) for n, kind in near.items()} for a, near in geo.adjacency.items()}
    _THAWED[key] = (geo, changed)
    return changed
