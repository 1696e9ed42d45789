"""Effects only the expansion's house content uses (Banners of War; data/runewars/banners_of_war/quests.toml).

- ``remove_desolation`` — „Diese Marker bleiben solange im Spiel, bis sie durch bestimmte andere Spieleffekte
  entfernt werden.“ (exp. p. 8 „Ödnismarker“): the player removes one Desolation token of his choice from the board
  (an ``effect_choice`` prompt); it returns to the shared supply of 6 (ruling R-BW9). Nothing happens without one.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.banners.board import expansion_board
from engine.runewars.data import Pack
from engine.runewars.effects import effect, running_card
from engine.runewars.effects.common import ask, chosen


@effect("remove_desolation")
def remove_desolation(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    board = expansion_board(state.board)
    if board is None:
        return
    ask(state, seat, "remove_desolation", {}, [{"area": a} for a in sorted(board.desolation)], card=running_card(state))


@chosen("remove_desolation")
def _removed(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board = expansion_board(state.board)
    area = answer["area"]
    board.desolation = [a for a in board.desolation if a != area]
    ctx.emit("desolation_removed", seat=seat, area=area, why=running_card(state))
