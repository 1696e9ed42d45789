"""Tile 12 and the Sunken City (Banners of War, „Spielplanteil 12“ and „Die Versunkene Stadt“; digest §4.2, §4.3).

Tile 12 is Runetable's tile 16 (ruling R-BW13): a single hex, its yellow border a setup restriction only
(engine.runewars.map: the placement rules, and a yellow border has no effect on movement). This module:

- :func:`stronghold_banned` — „Festungen können nicht auf dem Spielplanteil 12 gebaut werden.“ (Fortify asks it);
- ``place_sunken_city`` (an effect of the quests that raise it): the token goes on tile 12 „so …, dass die
  blaue Wassergrenze die gelbe Grenze genau überdeckt“. With a Desolation or Cryomancy token there it is not
  placed, and every such token leaves the area instead; with the city already on the board the instruction is
  ignored („die Versunkene Stadt wurde bereits entdeckt!“); without tile 12 on the map there is nowhere to
  place it (ruling R-BW14);
- ``sink_sunken_city`` — a card that destroys it: „Falls die Versunkene Stadt zerstört wird, kann sie später
  erneut entdeckt werden.“;
- its printed dragon rune (:data:`engine.runewars.runes.PRINTED_RUNES`) and extra resource symbols
  (:func:`city_symbols`), both cancelled by Desolation or Cryomancy like the area's own (exp. p. 8);
- its water border for movement: :func:`engine.runewars.banners.board.terrain`.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import runes
from engine.runewars.banners.board import expansion_board, suppressed
from engine.runewars.data import Pack
from engine.runewars.effects import effect, running_card
from engine.runewars.state import RunewarsBoard

TOKEN = "sunken-city"
RULE = "exp. „Die Versunkene Stadt“"


def _tile_areas(pack: Pack, cid: str) -> tuple[str, ...]:
    """The areas of the tile the constant ``cid`` names (none without it: the base pack)."""
    if cid not in pack.constants:
        return ()
    tile = str(pack.constant(cid))
    return next((t.areas for t in pack.tiles if t.id == tile), ())


def stronghold_banned(pack: Pack, area_id: str) -> bool:
    """„Festungen können nicht auf dem Spielplanteil 12 gebaut werden.“ (no rule in the base pack)."""
    return area_id in _tile_areas(pack, "no_stronghold_tile")


def tile_area(board: RunewarsBoard, pack: Pack) -> str | None:
    """The area of tile 12 if it is on this map (it is a single hex)."""
    return next((a for a in _tile_areas(pack, "sunken_city_tile") if a in board.areas), None)


def city_symbols(board: RunewarsBoard, pack: Pack, area_id: str) -> dict[str, int]:
    """The resource symbols a city token adds to its area (the Sunken City's; nothing for a base city)."""
    if expansion_board(board) is None:
        return {}
    city = board.areas[area_id].city if area_id in board.areas else None
    token = next((c for c in pack.city_tokens if c.id == city), None) if city else None
    return token.resources() if token is not None else {}


def _printed(board: RunewarsBoard) -> list[str]:
    """The Sunken City's printed dragon rune counts for its area's controller unless Desolation or Cryomancy lies there."""
    b = expansion_board(board)
    if b is None or not b.sunken_city or b.sunken_city not in board.areas or board.areas[b.sunken_city].city != TOKEN:
        return []
    return [] if suppressed(board, b.sunken_city) else [b.sunken_city]


runes.PRINTED_RUNES.append(_printed)


@effect("place_sunken_city")
def place_sunken_city(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """Lay the Sunken City on tile 12, its water border over the yellow border."""
    board = expansion_board(state.board)
    why = running_card(state)
    if board is None:
        return
    if board.sunken_city:  # „wird diese Anweisung einfach ignoriert — die Versunkene Stadt wurde bereits entdeckt!“
        ctx.emit("sunken_city_ignored", seat=seat, area=board.sunken_city, reason="already_placed", why=why)
        return
    area_id = tile_area(board, pack)
    if area_id is None:  # ruling R-BW14: tile 12 is not on this map
        ctx.emit("sunken_city_ignored", seat=seat, area="", reason="no_tile", why=why)
        return
    if area_id in board.desolation or board.cryomancy.get(area_id):
        removed = {"desolation": int(area_id in board.desolation), "cryomancy": board.cryomancy.get(area_id, 0)}
        board.desolation = [a for a in board.desolation if a != area_id]
        board.cryomancy.pop(area_id, None)
        ctx.emit("sunken_city_blocked", seat=seat, area=area_id, removed=removed, why=why)
        return
    board.areas[area_id].city = TOKEN
    board.sunken_city = area_id
    ctx.emit("sunken_city_placed", seat=seat, area=area_id, why=why)


@effect("sink_sunken_city")
def sink_sunken_city(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """The Sunken City is destroyed like a city („kann mit denselben Fähigkeiten zerstört werden“); a later quest finds it again."""
    board = expansion_board(state.board)
    if board is None or not board.sunken_city:
        return
    area_id = board.sunken_city
    if board.areas[area_id].city == TOKEN:
        board.areas[area_id].city = None
    board.sunken_city = ""
    ctx.emit("sunken_city_destroyed", seat=seat, area=area_id, why=running_card(state))
