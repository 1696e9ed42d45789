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


def permute_secrets(state: GameState, rng: Any) -> GameState:
    """A copy with every secret redrawn, for the public-view leak check of ``simulate`` (issue 29
    item 7): unrevealed allocations, the tiles in hands and under armies swapped among themselves,
    the tiles handed on in the draft and the stacks. No public view may change."""
    copy = permute_hidden(state, rng)
    b = copy.board
    if b is None:
        return copy
    if b.revealed is None:
        for alloc in b.alloc:
            items = list(alloc)
            values = [alloc[i] for i in items]
            rng.shuffle(values)
            for item, value in zip(items, values):
                alloc[item] = value
    held = [t for hand in b.hands for t in hand] + [a["equip"] for a in b.armies if a.get("equip") is not None]
    draft = b.draft["tiles"] if b.draft is not None and not (b.draft.get("first")) else []
    pool = held + list(draft) + [t for stack in b.stacks for t in stack]
    rng.shuffle(pool)
    it = iter(pool)
    for hand in b.hands:
        hand[:] = [next(it) for _ in hand]
    for army in b.armies:
        if army.get("equip") is not None:
            army["equip"] = next(it)
    if draft:
        b.draft["tiles"] = [next(it) for _ in draft]
    b.stacks = [[next(it) for _ in stack] for stack in b.stacks]
    return copy
