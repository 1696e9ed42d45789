"""Whole games without Discord, for any game: one policy per seat (an AI, the random player, ...).

Used by ``python -m bot demo``, ``simulate`` and ``bench`` (through :mod:`engine.simulation`)
and by the tests. A policy is ``policy(view, prompt, legal, rng, *, pack) -> Action`` and sees
only what its seat may see: the driver hands it ``view(state, seat)``, never the state. Open
prompts are answered in the order the engine lists them (the first open prompt each time); the
engine answers forced prompts itself. Each seat has its own :class:`random.Random` fixed by the
game seed and the seat (:func:`seat_rng`), so a game with AI seats replays exactly.

Two hooks let a game shape a game without the driver knowing it: ``answer(state, prompt)``
answers a prompt itself instead of the seat's policy (the role a simulation gives a seat), and
``stop(state)`` ends a game early (after N rounds). Stdlib and :mod:`engine.core` only; no game
is named here.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol

from engine.core import Action, ActionRecord, Engine, Event, GameState, Prompt, Transition
from engine.core.game import GameDescriptor

#: more answers than this in one game means a loop, not a game (the longest real games need ~2,000)
MAX_ACTIONS = 20_000


class Policy(Protocol):
    def __call__(self, view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any) -> Action: ...


#: called after every answer with (state before, the action, the transition); when the game is
#: applied in place, "before" is the state after the answer (the same object)
Observer = Callable[[GameState, Action, Transition], None]
#: (state, the prompt to answer) -> the game's own answer, or None to ask the seat's policy
Answer = Callable[[GameState, Prompt], Action | None]
#: state -> True to end the game here, before its result (a quick look)
Stop = Callable[[GameState], bool]


class StepLimit(RuntimeError):
    """The game did not end within ``max_actions`` answers."""


@dataclass
class PlayedGame:
    seed: int
    seats: int
    options: dict[str, Any]
    state: GameState
    records: list[ActionRecord] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: answers given by the policies, by prompt kind (forced answers and the game's own are not counted)
    prompts: Counter[str] = field(default_factory=Counter)
    #: seconds spent in the policies, one entry per decision
    decision_seconds: list[float] = field(default_factory=list)
    #: seconds spent building views ("view"), listing legal answers ("legal") and applying them ("apply"), in total
    seconds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    @property
    def result(self) -> dict[str, Any]:
        return self.state.result or {}

    @property
    def finished(self) -> bool:
        return self.state.result is not None

    def winners(self) -> list[int]:
        """The winning seats of a finished game: its result's ``winner`` or ``winners``."""
        result = self.result
        if isinstance(result.get("winner"), int):
            return [result["winner"]]
        return [int(s) for s in result.get("winners") or ()]


_ENGINES: dict[str, Engine] = {}


def engine_for(descriptor: GameDescriptor) -> Engine:
    """The engine of ``descriptor``'s game, one per game and process (built on first use)."""
    if descriptor.ruleset not in _ENGINES:
        _ENGINES[descriptor.ruleset] = Engine(descriptor.load_ruleset())
    return _ENGINES[descriptor.ruleset]


def seat_rng(seed: int, seat: int) -> Random:
    """Each seat's own generator, fixed by the game seed (decisions replay exactly)."""
    return Random(seed * 1_000_003 + seat)


def start(engine: Engine, seats: int, seed: int, *, options: dict[str, Any] | None = None) -> PlayedGame:
    """A new game, set up and waiting for its first answer."""
    options = dict(options or {})
    begun = engine.setup(options, seats, seed)
    return PlayedGame(seed, seats, options, begun.state, list(begun.records), list(begun.events))


def play(
    engine: Engine,
    seats: int,
    seed: int,
    policies: Policy | Sequence[Policy],
    *,
    options: dict[str, Any] | None = None,
    pack: Any = None,
    answer: Answer | None = None,
    stop: Stop | None = None,
    observe: Observer | None = None,
    max_actions: int = MAX_ACTIONS,
    game: PlayedGame | None = None,
    in_place: bool = False,
) -> PlayedGame:
    """Play one game to its end (or until ``stop`` says so) with ``policies`` (one, or one per seat).

    ``pack`` is handed to every policy (the game's data pack, or None). ``game``: a game made
    by :func:`start` to play on (the caller keeps it if ``observe`` raises). ``in_place``:
    apply without copying each state (``Engine.apply``); ``observe`` then gets the state after
    the answer as its "before" too, so only observers that ignore it may use it.
    """
    per_seat = list(policies) if isinstance(policies, Sequence) else [policies] * seats
    game = game if game is not None else start(engine, seats, seed, options=options)
    rngs = [seat_rng(seed, s) for s in range(seats)]
    for _ in range(max_actions):
        state = game.state
        if state.result is not None or (stop is not None and stop(state)):
            return game
        prompt = state.prompts[0]
        started = time.perf_counter()
        legal = engine.ruleset.legal(state, prompt)
        game.seconds["legal"] += time.perf_counter() - started
        action = answer(state, prompt) if answer is not None else None
        if action is None:
            started = time.perf_counter()
            view = engine.view(state, prompt.seat)
            game.seconds["view"] += time.perf_counter() - started
            started = time.perf_counter()
            action = per_seat[prompt.seat](view, prompt, legal, rngs[prompt.seat], pack=pack)
            game.decision_seconds.append(time.perf_counter() - started)
            game.prompts[prompt.kind] += 1
        started = time.perf_counter()
        transition = engine.apply(state, action, in_place=in_place)
        game.seconds["apply"] += time.perf_counter() - started
        game.state = transition.state
        game.records += transition.records
        game.events += transition.events
        if observe is not None:
            observe(state, action, transition)
    raise StepLimit(f"seed {seed}: no result after {max_actions} answers")
