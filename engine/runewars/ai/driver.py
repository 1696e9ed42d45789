"""Whole games without Discord: every seat answered by a policy (the AI, the random player, ...).

Used by ``python -m bot demo``, ``simulate`` and ``bench`` and by the tests. A policy is
``policy(view, prompt, legal, rng, *, pack) -> Action`` and sees only what its seat may see:
the driver hands it ``view(state, seat)``, never the state. Open prompts are answered in the
order the engine lists them; the engine answers forced prompts itself.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any, Callable, Mapping, Protocol, Sequence

from engine.core import Action, ActionRecord, Engine, Event, GameState, Prompt, Transition, load_ruleset

#: more answers than this in one game means a loop, not a game (a long 4-player game needs ~2,000)
MAX_ACTIONS = 20_000


class Policy(Protocol):
    def __call__(self, view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any) -> Action: ...


#: called after every answer with (state before, the action, the transition)
Observer = Callable[[GameState, Action, Transition], None]


class StepLimit(RuntimeError):
    """The game did not end within MAX_ACTIONS answers."""


@dataclass
class PlayedGame:
    seed: int
    seats: int
    options: dict[str, Any]
    state: GameState
    records: list[ActionRecord] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: answers given by the policies, by prompt kind (forced answers are not counted)
    prompts: Counter = field(default_factory=Counter)
    #: seconds spent in the policies, one entry per decision
    decision_seconds: list[float] = field(default_factory=list)
    #: seconds spent building views, listing legal answers and applying them, in total
    seconds: Counter = field(default_factory=Counter)

    @property
    def result(self) -> dict[str, Any]:
        return self.state.result or {}

    @property
    def finished(self) -> bool:
        return self.state.result is not None


_ENGINE: Engine | None = None


def engine() -> Engine:
    """The Runewars engine, built on first use (this package is imported while the ruleset loads)."""
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = Engine(load_ruleset("runewars"))
    return _ENGINE


def seat_rng(seed: int, seat: int) -> Random:
    """Each seat's own generator, fixed by the game seed (decisions replay exactly)."""
    return Random(seed * 1_000_003 + seat)


SEASONS = ("spring", "summer", "autumn", "winter")


def seasons_played(state: GameState) -> int:
    """Seasons finished before the current one (0 during setup and the first spring)."""
    board = state.board
    if board is None or board.season not in SEASONS:
        return 0
    return (board.year - 1) * 4 + SEASONS.index(board.season)


def start(seats: int, seed: int, *, options: Mapping[str, Any] | None = None) -> PlayedGame:
    """A new game, set up and waiting for its first answer."""
    options = dict(options or {})
    begun = engine().setup(options, seats, seed)
    return PlayedGame(seed, seats, options, begun.state, list(begun.records), list(begun.events))


def play(
    seats: int,
    seed: int,
    policies: Policy | Sequence[Policy],
    *,
    options: Mapping[str, Any] | None = None,
    factions: Sequence[str] | None = None,
    observe: Observer | None = None,
    max_seasons: int | None = None,
    max_actions: int = MAX_ACTIONS,
    game: PlayedGame | None = None,
    in_place: bool = False,
) -> PlayedGame:
    """Play one game to its end, or until ``max_seasons`` seasons have been played (a quick look).

    ``factions[seat]``, when given, answers that seat's faction choice. ``game``: a game made
    by :func:`start` to play on (the caller keeps it if ``observe`` raises). ``in_place``:
    apply without copying each state (``Engine.apply``); ``observe`` then gets the state
    after the answer as its "before" too, so only observers that ignore it may use it.
    """
    runner = engine()
    per_seat = list(policies) if isinstance(policies, Sequence) else [policies] * seats
    game = game if game is not None else start(seats, seed, options=options)
    pack = runner.ruleset.pack(game.options)
    rngs = [seat_rng(seed, s) for s in range(seats)]
    for _ in range(max_actions):
        state = game.state
        if state.result is not None or (max_seasons is not None and seasons_played(state) >= max_seasons):
            return game
        prompt = state.prompts[0]
        started = time.perf_counter()
        legal = runner.ruleset.legal(state, prompt)
        game.seconds["legal"] += time.perf_counter() - started
        if factions is not None and prompt.kind == "choose_faction":
            action = Action(prompt.seat, prompt.id, "faction", {"faction": factions[prompt.seat]})
        else:
            started = time.perf_counter()
            view = runner.view(state, prompt.seat)
            game.seconds["view"] += time.perf_counter() - started
            started = time.perf_counter()
            action = per_seat[prompt.seat](view, prompt, legal, rngs[prompt.seat], pack=pack)
            game.decision_seconds.append(time.perf_counter() - started)
            game.prompts[prompt.kind] += 1
        started = time.perf_counter()
        transition = runner.apply(state, action, in_place=in_place)
        game.seconds["apply"] += time.perf_counter() - started
        game.state = transition.state
        game.records += transition.records
        game.events += transition.events
        if observe is not None:
            observe(state, action, transition)
    raise StepLimit(f"seed {seed}: no result after {max_actions} answers (year {game.state.board.year}, {game.state.board.season})")
