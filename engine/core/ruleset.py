"""What a game plugs into the engine: the :class:`Ruleset` interface and its :class:`Context`.

A ruleset owns its ``board`` (any value the codec can encode) and the open prompts; the
engine owns validation of who may answer what, copying, chance records, forced answers
and replay. Rulesets never import discord, aiosqlite or Pillow.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from engine.core.errors import N_
from engine.core.model import PUBLIC, Action, Event, GameState, Prompt, Seat
from engine.core.results import placings
from engine.core.rng import Rng


class Context:
    """Handed to the ruleset while it resolves: the seeded RNG and the event sink."""

    def __init__(self, rng: Rng):
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, kind: str, to: Seat | frozenset[Seat] | set[Seat] | None = PUBLIC, **data: Any) -> None:
        """Record an event; ``to`` is ``None`` (public), one seat, or a set of seats."""
        if isinstance(to, int):
            to = frozenset({to})
        elif to is not None:
            to = frozenset(to)
        self.events.append(Event(kind=kind, data=data, to=to))


class Ruleset(ABC):
    """One game's rules. Subclasses are stateless; all game data lives in ``GameState``."""

    name: str
    #: the version of this ruleset's state layout; bump it with a migration (engine.core.versioning)
    state_format: int = 1
    min_seats: int = 2
    max_seats: int = 4
    #: Undo (a player taking back their own moves, docs/table.md "Undo"): the public event
    #: kinds that disclose nothing secret, i.e. report only the actor's own public answer
    #: and what follows from public information. A public event of any other kind is a
    #: reveal (an order turned up, a card drawn from a deck) and ends what may be undone.
    undo_safe_events: frozenset[str] = frozenset()
    #: the rule that lets only the awaited seat answer (named when another seat tries)
    turn_rule: str = N_("core: a decision is answered by the seat it awaits")
    #: Undo: the private event kinds that only repeat the actor's own secret answer back to
    #: the actor (any other private event shows someone something and ends what may be undone).
    #: Both are whitelists: a kind not declared refuses an undo, never lets one preview a deck.
    undo_echo_events: frozenset[str] = frozenset()

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        """The hash of the data pack the game will use ("" when the game has none)."""
        return ""

    @abstractmethod
    def setup(self, state: GameState, ctx: Context) -> None:
        """Fill ``state.board`` and open the first prompts (``state.options`` is set)."""

    @abstractmethod
    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        """Apply ``action`` (which answers ``prompt``) to ``state`` in place.

        Raise :class:`InvalidAction` or :class:`IllegalAction` to refuse it; the engine
        works on a copy, so a refusal part-way leaves the caller's state untouched.
        Close answered prompts and open the next ones; set ``state.result`` at the end.
        """

    @abstractmethod
    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        """Every legal answer to ``prompt`` (for buttons, autocomplete, AI and fuzzing)."""

    @abstractmethod
    def view(self, state: GameState, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` (or a spectator, ``None``) may know, as JSON-compatible data."""

    def teams(self, state: GameState) -> list[list[Seat]] | None:
        """Seats that win or lose together (results and ratings, :mod:`engine.core.results`);
        None, the default, when every seat plays for itself. One team of every seat is a
        co-operative game."""
        return None

    def standings(self, state: GameState) -> list[int]:
        """Each seat's place once the game is over (1 the best, ties share one): by default
        read from ``state.result`` (:func:`engine.core.results.placings`)."""
        return placings(state.result, state.seat_count)

    def load_position(self, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
        """Scenario hook: replace the set-up position with one described directly."""
        raise NotImplementedError(f"{self.name} does not support scenario positions")
