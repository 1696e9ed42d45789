"""Opening prompts with ids unique over the game (``kind/number``)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, GameState, Prompt


def ask(
    state: GameState, seat: int, kind: str, *, forced: tuple[str, dict[str, Any]] | None = None, secret: bool = False, **info: Any
) -> None:
    board = state.board
    board.prompt_no += 1
    pid = f"{kind}/{board.prompt_no}"
    answer = None if forced is None else Action(seat, pid, forced[0], forced[1])
    state.open([Prompt(pid, seat, kind, secret=secret, info=info, forced=answer)])
