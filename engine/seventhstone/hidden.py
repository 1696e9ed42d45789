"""What no seat knows in Seventh Stone (digest §20.1): the content and order of the four face-down
equipment stacks. Everything else hidden is known to its holder (hands, own allocation, tiles under
own armies, the tiles handed on in the draft), so it is not redrawn."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.core.engine import copy_state


def permute_hidden(state: GameState, rng: Any) -> GameState:
    copy = copy_state(state)
    b = copy.board
    if b is not None and b.stacks:
        pool = [t for stack in b.stacks for t in stack]
        rng.shuffle(pool)
        sizes = [len(stack) for stack in b.stacks]
        stacks, k = [], 0
        for size in sizes:
            stacks.append(pool[k : k + size])
            k += size
        b.stacks = stacks
    return copy
