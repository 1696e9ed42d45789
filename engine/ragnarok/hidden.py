"""What nobody knows (digest 11.1): the order of every deck and of the hero and lineage piles, and
the order of every hand: a seat's view shows its hand (and the monster player the attack hand) as
a sorted list, so the order in which cards lie in a hand is nobody's knowledge, and no rule may
depend on it (every discard from a hand is its owner's choice of a card). Hands
themselves are not swapped: their owners see them."""

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
    for h in b.players:
        rng.shuffle(h.hand)
    if b.hunt is not None and b.hunt.get("hand"):
        rng.shuffle(b.hunt["hand"])
    return copy
