"""Self-play hooks for ``python -m bot simulate --game seventhstone`` (engine.simulation)."""

from __future__ import annotations

from engine.core import GameState


def progress(state: GameState) -> int:
    """Years finished."""
    b = state.board
    return 0 if b is None else max(0, b.year - (0 if b.phase == "event" else 1))
