"""The small value types of the engine contract: seats, prompts, actions, events, state.

Seats are integers ``0 .. n-1`` in a fixed seat order; "the player to the left" of a
seat is the next seat (:func:`left_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Seat = int
PUBLIC = None  # the visibility of an event everybody sees


def left_of(seat: Seat, seat_count: int) -> Seat:
    """The seat to the left, i.e. the next one in seat order."""
    return (seat + 1) % seat_count


def seats_from(first: Seat, seat_count: int) -> list[Seat]:
    """All seats in seat order starting with ``first``."""
    return [(first + i) % seat_count for i in range(seat_count)]


@dataclass(frozen=True)
class Action:
    """An intent: ``seat`` answers the open prompt ``prompt`` with ``choice`` and ``args``."""

    seat: Seat
    prompt: str
    choice: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """A short human-readable form, e.g. ``play card=5``."""
        parts = [self.choice] + [f"{k}={v}" for k, v in sorted(self.args.items())]
        return " ".join(parts)


@dataclass(frozen=True)
class Prompt:
    """A decision a seat owes. Several prompts may be open at once.

    ``kind`` says what is decided (the UI picks buttons, selects or a guided flow from
    it); ``secret`` prompts are answered privately and revealed later; ``info`` is public
    context for the UI. ``forced`` is set by the ruleset only when the single legal
    answer follows from public information: the engine then answers it at once. A
    prompt whose single answer depends on hidden information stays open, because the
    pause itself would otherwise tell the table something.
    """

    id: str
    seat: Seat
    kind: str
    secret: bool = False
    info: Mapping[str, Any] = field(default_factory=dict)
    forced: Action | None = None


@dataclass(frozen=True)
class Event:
    """Something that happened. ``to`` is ``None`` for public events, else the seats that see it."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[Seat] | None = PUBLIC

    def visible_to(self, seat: Seat | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True)
class ActionRecord:
    """An applied action with its number, its chance results and whether the engine forced it."""

    seq: int
    action: Action
    chance: tuple[int, ...] = ()
    forced: bool = False


@dataclass
class GameState:
    """The whole state of one game: a core envelope around the ruleset's ``board``.

    Only the engine mutates it, and only on a private copy (see ``Engine.apply``).
    """

    game: str
    format: int
    options: dict[str, Any]
    seed: int
    seat_count: int
    rng_state: int
    board: Any
    pack_hash: str = ""
    seq: int = 0
    prompts: list[Prompt] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def seats(self) -> list[Seat]:
        return list(range(self.seat_count))

    def prompt(self, prompt_id: str) -> Prompt | None:
        return next((p for p in self.prompts if p.id == prompt_id), None)

    def prompts_for(self, seat: Seat) -> list[Prompt]:
        return [p for p in self.prompts if p.seat == seat]

    def awaited(self) -> list[Seat]:
        """Seats that owe a decision, in seat order, each once."""
        return sorted({p.seat for p in self.prompts})

    def open(self, prompts: Iterable[Prompt]) -> None:
        """Open ``prompts`` after those already open.

        An action names its prompt by id, so two open prompts never share one: opening an id
        that is open (or twice at once) is a ruleset's bug and raises ``RuntimeError``.
        """
        new = list(prompts)
        ids = {p.id for p in self.prompts}
        for prompt in new:
            if prompt.id in ids:
                raise RuntimeError(f"prompt id {prompt.id!r} is already open")
            ids.add(prompt.id)
        self.prompts.extend(new)

    def close(self, prompt_id: str) -> None:
        self.prompts = [p for p in self.prompts if p.id != prompt_id]


@dataclass(frozen=True)
class Transition:
    """What one call of ``Engine.apply`` produced: the new state, its events and records."""

    state: GameState
    events: tuple[Event, ...]
    records: tuple[ActionRecord, ...]

    def events_for(self, seat: Seat | None) -> list[Event]:
        return [e for e in self.events if e.visible_to(seat)]
