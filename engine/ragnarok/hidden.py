"""What nobody knows (digest 11.1): the order of every deck and of the hero and lineage piles."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.core.engine import copy_state


def permute_hidden(state: GameState, rng: Any) -> GameState:
    copy = copy_state(state)
    b = copy.board
    if b is None:
        return copy
    for name in ("combat", "event", "blessing", "attack"):
        rng.shuffle(b.decks[name])
    for pile in ("heroes", "lineages"):
        if pile in b.selection:
            rng.shuffle(b.selection[pile])
    return copy
