"""What the expansion's tokens do to the land (Banners of War, exp. p. 8; digest §5.6, §5.7, §8 rows 4 and 6).

- Production: Desolation or Cryomancy in an area cancels its resource symbols (engine.runewars.orders.harvest
  asks :func:`engine.runewars.banners.board.suppressed`); a Village exploration token and rune tokens there
  still count („Runenmarker und Erkundungsmarker … sind davon nicht betroffen“).
- Rally Support: a city in such an area gives no benefit (engine.runewars.orders.support).
- Spring: „Entferne einen Eiswüstenmarker aus jedem Gebiet“ — one Cryomancy token per area melts at
  spring's second function; Desolation stays until a card removes it.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import seasons
from engine.runewars.banners.board import expansion_board
from engine.runewars.data import Pack


def _melt(state: GameState, pack: Pack, ctx: Context) -> None:
    board = expansion_board(state.board)
    if board is None or not board.cryomancy:
        return
    melted = sorted(board.cryomancy)
    board.cryomancy = {a: n - 1 for a, n in board.cryomancy.items() if n > 1}
    ctx.emit("cryomancy_removed", areas=melted)


seasons.SPRING_HOOKS.append(_melt)
