"""Rise of the Free Cities (Aufstieg der Freien Städte, Banners of War p. 11; digest §6.3; rulings R-BWV3, R-BWV4).

- „Die alternativen Stadtmarker ersetzen die ursprünglichen Stadtmarker des Grundspiels“: the variant's data layer
  (``data/runewars/banners_of_war/free_cities``) replaces the city tokens; setup deals them as usual.
- „Auf drei dieser Stadtmarker ist jeweils eine Drachenrune aufgedruckt“: whoever controls such a city's area has one
  dragon rune more. „Diese Drachenrune zählt nur für den Spielsieg, sie kann nicht durch Spieleffekte oder Fähigkeiten
  betroffen werden, die auf Runenmarker zutreffen“: it is no rune token, so no effect moves, swaps, reveals, discards or
  takes it; „In solch ein Gebiet kann trotzdem noch ein Runenmarker gelegt werden“. Desolation or Cryomancy in its area
  cancels it (exp. p. 8, :func:`engine.runewars.banners.board.suppressed`).
- „brauchen die Spieler eine Drachenrune mehr als sonst“: the layer's constants (7; 8 with Epic).
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import runes
from engine.runewars.banners.board import suppressed
from engine.runewars.banners.variants import FREE_CITIES, VariantsBoard, variant_on
from engine.runewars.control import controller
from engine.runewars.data import Pack
from engine.runewars.flow import after_every_step
from engine.runewars.state import RunewarsBoard

RULE = "Banners of War p. 11 (Aufstieg der Freien Städte): „Diese Drachenrune zählt nur für den Spielsieg“"


def printed_rune_areas(board: RunewarsBoard) -> list[str]:
    """Areas whose city token shows a printed dragon rune, whoever controls them."""
    if not isinstance(board, VariantsBoard) or not board.printed_runes:
        return []
    return [a for a, area in sorted(board.areas.items()) if area.city in board.printed_runes]


def counting_rune_areas(board: RunewarsBoard) -> list[str]:
    """The areas whose printed city rune counts now (:data:`engine.runewars.runes.PRINTED_RUNES`): not under
    Desolation or Cryomancy; each counts for whoever controls its area."""
    return [a for a in printed_rune_areas(board) if not suppressed(board, a)]


runes.PRINTED_RUNES.append(counting_rune_areas)


def printed_tokens(pack: Pack) -> list[str]:
    """The pack's city tokens with a printed dragon rune (``printed_rune = true``)."""
    return sorted(str(r["id"]) for r in pack.records.get("city_token", ()) if r.get("printed_rune"))


@after_every_step
def note_printed_runes(state: GameState, pack: Pack, ctx: Context) -> None:
    """The printed runes are facts of the tokens dealt: noted on the board once (setup or a scenario position)."""
    board = state.board
    if not isinstance(board, VariantsBoard) or not variant_on(state.options, FREE_CITIES):
        return
    if not board.printed_runes:
        board.printed_runes = printed_tokens(pack)
    if board.phase != "play":
        return
    for area_id in printed_rune_areas(board):
        holder = controller(board, area_id)
        if holder is not None and board.printed_holders.get(area_id) != holder:
            ctx.emit(
                "printed_rune_changed_hands", area=area_id, seat=holder, previous=board.printed_holders.get(area_id), rule=RULE
            )
            board.printed_holders[area_id] = holder
