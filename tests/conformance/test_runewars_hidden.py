"""engine/runewars/hidden.py: what the Runewars hook redraws, and what it must leave alone.

The conformance suite shows that no view changes under the hook during play; these tests pin
down the parts play rarely reaches (a rune nobody knows appears only after special effects) and
that the hook redraws consistently: the same cards and tokens, only their places change.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from engine.core import Engine, state_hash
from engine.core.engine import copy_state
from engine.runewars.ai.driver import play
from engine.runewars.ai.policy import random_choice
from engine.runewars.control import control_map
from engine.runewars.hidden import permute_hidden, unknown_exploration, unknown_runes
from engine.runewars.ruleset import RULESET
from engine.runewars.state import Rune

ENGINE = Engine(RULESET)
SEEDS = range(40)


@pytest.fixture(scope="module")
def midgame():
    """A 3-player game with exploration tokens, two seasons in."""
    return play(3, 5, random_choice, options={"exploration": True}, max_seasons=2).state


def all_views(state):
    return [ENGINE.view(state, viewer) for viewer in [None, *state.seats]]


def test_decks_keep_their_cards_in_another_order(midgame):
    before = state_hash(midgame)
    copies = [permute_hidden(midgame, Random(seed)) for seed in SEEDS[:5]]
    assert state_hash(midgame) == before
    for copy in copies:
        for name, deck in midgame.board.decks.items():
            assert sorted(copy.board.decks[name].draw) == sorted(deck.draw) and copy.board.decks[name].discard == deck.discard
        assert any(copy.board.decks[n].draw != d.draw for n, d in midgame.board.decks.items())
        assert all_views(copy) == all_views(midgame)


def test_only_runes_nobody_knows_change(midgame):
    state = copy_state(midgame)
    control = control_map(state.board)
    empty = [a for a, area in sorted(state.board.areas.items()) if area.rune is None and control[a] is None]
    assert len(empty) >= 4
    a, b, c, d = empty[:4]
    state.board.areas[a].rune = Rune(dragon=True)
    state.board.areas[b].rune = Rune(dragon=False)
    state.board.areas[c].rune = Rune(dragon=True, known_to=[0])  # seat 0 knows it
    state.board.areas[d].rune = Rune(dragon=False, face_up=True)
    assert set(unknown_runes(state.board)) == {a, b}
    arrangements = set()
    for seed in SEEDS:
        copy = permute_hidden(state, Random(seed))
        arrangements.add((copy.board.areas[a].rune.dragon, copy.board.areas[b].rune.dragon))
        assert copy.board.areas[c].rune == state.board.areas[c].rune and copy.board.areas[d].rune == state.board.areas[d].rune
        assert all_views(copy) == all_views(state)
    assert arrangements == {(True, False), (False, True)}


def test_exploration_tokens_swap_only_unseen_and_within_their_back(midgame):
    state = copy_state(midgame)
    markers = state.board.exploration
    face_down = [a for a, m in sorted(markers.items()) if not m.face_up]
    seen_area = face_down[0]
    markers[seen_area].known_to = [1]  # seat 1 read it (Scroll of Knowledge)
    groups = unknown_exploration(state, state.board)
    assert seen_area not in {a for areas in groups.values() for a in areas}
    moved = False
    for seed in SEEDS[:10]:
        copy = permute_hidden(state, Random(seed))
        after = copy.board.exploration
        assert after[seen_area] == markers[seen_area]
        assert all(after[a] == m for a, m in markers.items() if m.face_up)
        for areas in groups.values():
            assert Counter(after[a].token for a in areas) == Counter(markers[a].token for a in areas)
        moved |= any(after[a].token != markers[a].token for a in markers)
        assert all_views(copy) == all_views(state)
    assert moved
