"""``permute_hidden``: what no seat knows drawn again (the conformance suite's hidden-information
check): every player's deck order, the event deck's order within each level (the levels' layering
is public, p. 5) and the order of the Dragon Runes nobody holds."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.core.engine import copy_state
from engine.runeage.cards import pack_for


def permute_hidden(state: GameState, rng: Any) -> GameState:
    copy = copy_state(state)
    board = copy.board
    if board is None:
        return copy
    for player in board.players:
        rng.shuffle(player.deck)
    pack = pack_for(copy.options)
    levels = [int(pack.cards[c]["level"]) for c in board.event_deck]
    for level in set(levels):
        places = [i for i, lv in enumerate(levels) if lv == level]
        cards = [board.event_deck[i] for i in places]
        rng.shuffle(cards)
        for i, c in zip(places, cards):
            board.event_deck[i] = c
    rng.shuffle(board.unused_runes)
    return copy
