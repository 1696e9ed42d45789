"""What no seat knows, drawn again: the hidden-information hook of the Runewars descriptor
(``GameDescriptor.hidden``), used by the conformance suite (tests/conformance).

:func:`permute_hidden` returns a copy of a state in which everything no seat knows is redrawn,
consistently (the same cards, tokens and counts, only where they lie changes):

- the order of every deck's face-down draw pile (fate, tactics, objectives, the season decks,
  quests, rewards, heroes): cards are drawn from the top and nothing is ever put back at a
  known place (returned cards are shuffled in, p. 31), so no seat knows any draw order;
- face-down rune tokens that no seat knows (``Rune.known_to`` empty, not face up, in an area
  nobody controls: a controller may look at its runes at any time, p. 32) swap kinds among
  themselves; each area keeps its own token record (``last_known`` is what a seat remembers of
  the area, stale by definition);
- face-down exploration tokens that no seat has looked at (p. 37) swap among the areas whose
  token has the same back (``1`` next to a home realm, ``2`` elsewhere): the back is public.

Left alone, because some seat knows them: hands (orders, tactics, quests, objectives), reward
cards under heroes and defeated-hero tokens, cards drawn by a procedure in progress (a battle's
fate cards, heroes drawn for recruiting), discard piles (face up), the RNG state (future
chance, not present information). So every seat's view, and the public view, of the copy equal
those of the original.

Like the AI, this hook sits above the ruleset: it asks the ruleset for the game's pack, and no
rule module imports it.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core import GameState
from engine.core.engine import copy_state
from engine.runewars.control import control_map
from engine.runewars.heroes.setup import marker_back
from engine.runewars.map import geometry
from engine.runewars.ruleset import RULESET
from engine.runewars.state import RunewarsBoard


class Shuffler(Protocol):
    """``random.Random`` or ``engine.core.Rng``: only ``shuffle`` is used."""

    def shuffle(self, items: list[Any]) -> None: ...


def permute_hidden(state: GameState, rng: Shuffler) -> GameState:
    """A deep copy of ``state`` with the information no seat knows drawn again (module docstring)."""
    copy = copy_state(state)
    board: RunewarsBoard | None = copy.board
    if board is None:
        return copy
    for _, deck in sorted(board.decks.items()):
        rng.shuffle(deck.draw)
    _permute_runes(board, rng)
    _permute_exploration(copy, board, rng)
    return copy


def unknown_runes(board: RunewarsBoard) -> list[str]:
    """Areas whose rune token is face down and known to no seat."""
    control = control_map(board)
    return [
        area_id
        for area_id, area in sorted(board.areas.items())
        if area.rune is not None and not area.rune.face_up and not area.rune.known_to and control.get(area_id) is None
    ]


def unknown_exploration(state: GameState, board: RunewarsBoard) -> dict[int, list[str]]:
    """Areas whose exploration token is face down and unseen, by the token's (public) back."""
    if not board.exploration:
        return {}
    pack = RULESET.pack(state.options)
    geo = geometry(pack, board.placements)
    homes = {a for a in board.areas if pack.tile_of_area(a).is_home}
    groups: dict[int, list[str]] = {}
    for area_id, marker in sorted(board.exploration.items()):
        if not marker.face_up and not marker.known_to:
            groups.setdefault(marker_back(geo, homes, area_id, marker), []).append(area_id)
    return groups


def _permute_runes(board: RunewarsBoard, rng: Shuffler) -> None:
    areas = unknown_runes(board)
    kinds = [board.areas[a].rune.dragon for a in areas]
    rng.shuffle(kinds)
    for area_id, dragon in zip(areas, kinds):
        board.areas[area_id].rune.dragon = dragon


def _permute_exploration(state: GameState, board: RunewarsBoard, rng: Shuffler) -> None:
    for _, areas in sorted(unknown_exploration(state, board).items()):
        tokens = [board.exploration[a].token for a in areas]
        rng.shuffle(tokens)
        for area_id, token in zip(areas, tokens):
            board.exploration[area_id].token = token
