"""Many headless games of any game with checks on: the engine of ``python -m bot simulate``
(and the game-agnostic parts of ``demo`` and ``bench``).

:class:`SelfPlay` joins a game's descriptor, its engine and its *self-play hooks*: the module
the descriptor's ``selfplay`` names. Every hook is optional; a game without a ``selfplay`` module
plays with the generic defaults (in brackets):

- ``progress(state) -> int``: rounds of play finished (seasons, say), for ``--max-seasons N``
  [the game cannot be cut short];
- ``roles(seed, players, options) -> list[str]``: what each seat is given to play in a simulated
  game, fixed by the seed; the report counts wins per role [the roles the public view shows
  (``GameDescriptor.seat_roles``), else ``seat N``];
- ``answer(state, prompt, roles) -> Action | None``: the game's own answer to a prompt of a
  simulated game (a seat's given role), or None to ask the seat's policy [the policy answers];
- ``checks(engine, pack, *, seed, secrets_every) -> check``: a checker called after every action
  of a simulated game, ``check(before, action, transition) -> (violations, leaks)`` as lines of
  text; such games are applied in place, so ``before`` is the state after [:func:`generic_checks`];
- ``figures(finished, *, options, pack) -> dict``: the game's figures from the outcomes that
  finished without failure; they replace the generic ones under the same keys [:func:`report`];
- ``picture(before, transition) -> str | None``: ``demo`` takes a picture of the public view
  after this action, named so [only the final pictures];
- ``heading(event) -> str | None``: ``demo``'s log puts this heading before a public event
  [no headings];
- ``timed_checks()``: ``bench``'s context manager timing the ruleset's after-every-step checks
  while in use (``.seconds``, ``.calls``) [not reported].

Every simulated game, whatever its hooks, is stopped at its first crash, violation or leak (what
follows a broken invariant proves nothing) and replayed at its end: the seed, options and
records must rebuild the same state. Games run in parallel worker processes with ``jobs`` > 1;
each depends on its seed alone, so the outcomes are the same for any ``jobs``.
"""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from random import Random
from types import ModuleType
from typing import Any

from engine.core import Action, Engine, GameState, Prompt, Transition, encode, replay, state_hash
from engine.core.game import GameDescriptor, resolve
from engine.selfplay import Observer, PlayedGame, Policy, engine_for, play, start

#: a checker of one game: (state before, action, transition) -> (violations, leaks)
Check = Callable[[GameState, Action, Transition], tuple[list[str], list[str]]]


class FirstFailure(Exception):
    """Raised by the checks to stop a game at its first failing action."""


class NoSuchHook(LookupError):
    """The game has no self-play hook of that name (e.g. ``--max-seasons`` for a game without rounds)."""


@dataclass
class GameOutcome:
    seed: int
    #: what each seat was given to play (the ``roles`` hook), or None
    roles: list[str] | None
    game: PlayedGame | None = None
    crash: str = ""
    violations: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    #: the AI policy at each seat by name (``simulate(..., policies=[...])``), or None: the default at every seat
    policies: list[str] | None = None

    @property
    def failed(self) -> bool:
        return bool(self.crash or self.violations or self.leaks)

    @property
    def factions(self) -> list[str] | None:
        """``roles`` under the name the report and the failure file use (``first_failure.factions``)."""
        return self.roles


class SelfPlay:
    """A game's descriptor, engine and self-play hooks (see the module docstring)."""

    def __init__(self, descriptor: GameDescriptor):
        self.descriptor = descriptor
        self.hooks: ModuleType | None = None if descriptor.selfplay is None else importlib.import_module(descriptor.selfplay)

    @property
    def engine(self) -> Engine:
        return engine_for(self.descriptor)

    def hook(self, name: str) -> Callable[..., Any] | None:
        found = getattr(self.hooks, name, None)
        return found if callable(found) else None

    def pack(self, options: dict[str, Any]) -> Any:
        return self.descriptor.load_pack(options)

    def policy(self, name: str | None = None) -> Policy:
        found = self.descriptor.ai(name)
        if found is None:
            raise NoSuchHook(f"{self.descriptor.name} has no AI policy to play its seats")
        return found

    def stop_after(self, rounds: int | None) -> Callable[[GameState], bool] | None:
        """A ``stop`` for :func:`engine.selfplay.play` after ``rounds`` rounds (None: play to the end)."""
        if rounds is None:
            return None
        progress = self.hook("progress")
        if progress is None:
            raise NoSuchHook(f"{self.descriptor.name} counts no rounds of play, so it cannot stop after {rounds}")
        return lambda state: progress(state) >= rounds

    def roles(self, seed: int, players: int, options: dict[str, Any]) -> list[str] | None:
        roles = self.hook("roles")
        return None if roles is None else list(roles(seed, players, options))

    def answer(self, roles: list[str] | None) -> Callable[[GameState, Prompt], Action | None] | None:
        hook = self.hook("answer")
        if hook is None or roles is None:
            return None
        return lambda state, prompt: hook(state, prompt, roles)

    def play(
        self,
        players: int,
        seed: int,
        policy: Policy | None = None,
        *,
        options: dict[str, Any] | None = None,
        max_rounds: int | None = None,
        observe: Observer | None = None,
        in_place: bool = False,
    ) -> PlayedGame:
        """One game with ``policy`` (default: the game's default AI) at every seat."""
        options = dict(options or {})
        return play(
            self.engine,
            players,
            seed,
            policy or self.policy(),
            options=options,
            pack=self.pack(options),
            stop=self.stop_after(max_rounds),
            observe=observe,
            in_place=in_place,
        )

    def seat_labels(self, state: GameState, roles: list[str] | None = None) -> dict[int, str]:
        """Each seat's role: ``roles`` when given, else as the public view shows it, else ``seat N``."""
        if roles is not None:
            return dict(enumerate(roles))
        try:
            shown = self.descriptor.seat_roles(self.engine.view(state, None))
        except Exception:  # noqa: BLE001 - a label is not worth a crash
            shown = {}
        return {s: shown.get(s, f"seat {s}") for s in range(state.seat_count)}


# -------------------------------------------------------------------------------- checks


def generic_checks(descriptor: GameDescriptor, engine: Engine, *, seed: int, secrets_every: int) -> Check:
    """The checks every game gets: after every action each open prompt has a legal answer and
    prompt ids are unique; every ``secrets_every`` actions and at the end, when the descriptor
    names a hidden-information hook (``permute_hidden``), the public and every seat's view are
    the same on a copy whose hidden information was drawn again, and an action that reveals
    nothing (its event kinds all in the ruleset's ``undo_safe_events``/``undo_echo_events``)
    gives the same events on that copy. Needs the state before each action (apply with copies)."""
    permute = None if descriptor.hidden is None else resolve(descriptor.hidden)
    ruleset = engine.ruleset
    safe: frozenset[str] = getattr(ruleset, "undo_safe_events", frozenset())
    echo: frozenset[str] = getattr(ruleset, "undo_echo_events", frozenset())
    rng = Random(seed)
    steps = [0]

    def check(before: GameState, action: Action, transition: Transition) -> tuple[list[str], list[str]]:
        steps[0] += 1
        state = transition.state
        violations = [f"prompts: {p.kind} ({p.id}) has no legal answer" for p in state.prompts if not ruleset.legal(state, p)]
        ids = Counter(p.id for p in state.prompts)
        violations += [f"prompts: id {pid} is open {n} times" for pid, n in ids.items() if n > 1]
        leaks: list[str] = []
        if permute is None or before is state or not (steps[0] % secrets_every == 0 or state.result is not None):
            return violations, leaks
        other = permute(before, rng)
        leaks += view_leaks(engine, before, other)
        if all(e.kind in (safe if e.to is None else echo) for e in transition.events):
            try:
                again = engine.apply(other, action)
            except Exception as error:  # noqa: BLE001
                leaks.append(f"leak: {action.describe()} is refused once the hidden information is redrawn ({error!r})")
            else:
                if encode(list(again.events)) != encode(list(transition.events)):
                    leaks.append(f"leak: the events of {action.describe()}, which reveals nothing, depend on hidden information")
        return violations, leaks

    return check


def view_leaks(engine: Engine, state: GameState, other: GameState, *, secret: str = "hidden information") -> list[str]:
    """A leak line for each view of ``state`` (the public one, then each seat's) that is not the
    same on ``other``, a copy of it whose ``secret`` was drawn again (a game's ``permute_hidden``);
    a view that breaks on the copy reads the secret too."""
    leaks: list[str] = []
    for viewer in [None, *state.seats]:
        who = "public" if viewer is None else f"seat {viewer}"
        try:
            same = same_view(engine.view(other, viewer), engine.view(state, viewer))
        except Exception as error:  # noqa: BLE001 - a view that breaks on redrawn secrets reads them
            leaks.append(f"leak: the {who} view fails after the hidden information is redrawn ({error!r})")
            continue
        if not same:
            leaks.append(f"leak: the {who} view depends on {secret}")
    return leaks


def same_view(first: Any, second: Any) -> bool:
    """``encode(first) == encode(second)``, in C for plain JSON data (``==`` tells lists from tuples,
    ``json.dumps`` tells True, 1 and 1.0 apart; anything else is left to the codec)."""
    try:
        return bool(first == second) and json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    except (TypeError, ValueError):
        return encode(first) == encode(second)


def replay_problems(engine: Engine, game: PlayedGame) -> list[str]:
    """The seed, options and records rebuild the same state."""
    state = game.state
    again = replay(engine.ruleset, state.seed, state.options, state.seat_count, game.records)
    return [] if state_hash(again) == state_hash(state) else ["replay: the records rebuild a different state"]


# -------------------------------------------------------------------------------- games


def play_checked(
    selfplay: SelfPlay,
    players: int,
    seed: int,
    *,
    options: dict[str, Any],
    policy: Policy | Sequence[Policy] | None = None,
    roles: list[str] | None = None,
    secrets_every: int = 10,
    max_rounds: int | None = None,
) -> GameOutcome:
    """One game with the checks after every action; a crash is caught and kept with its traceback.
    ``roles``: what the seats play (default: the game's ``roles`` hook for this seed)."""
    roles = roles if roles is not None else selfplay.roles(seed, players, options)
    outcome = GameOutcome(seed, roles)
    engine = selfplay.engine
    pack = selfplay.pack(options)
    own_checks = selfplay.hook("checks")
    if own_checks is not None:  # a game's own checks play in place (fast); the generic ones need the state before
        check, in_place = own_checks(engine, pack, seed=seed, secrets_every=secrets_every), True
    else:
        check, in_place = generic_checks(selfplay.descriptor, engine, seed=seed, secrets_every=secrets_every), False

    def observe(before: GameState, action: Action, transition: Transition) -> None:
        violations, leaks = check(before, action, transition)
        where = f"action {transition.state.seq} ({action.describe()})"
        outcome.violations += [f"{where}: {p}" for p in violations]
        outcome.leaks += [f"{where}: {p}" for p in leaks]
        if outcome.violations or outcome.leaks:
            raise FirstFailure()

    try:
        outcome.game = start(engine, players, seed, options=options)
        play(
            engine,
            players,
            seed,
            policy or selfplay.policy(),
            options=options,
            pack=pack,
            answer=selfplay.answer(roles),
            stop=selfplay.stop_after(max_rounds),
            observe=observe,
            game=outcome.game,
            in_place=in_place,
        )
        outcome.violations += replay_problems(engine, outcome.game)
    except FirstFailure:
        pass
    except Exception:  # noqa: BLE001 - a crash is a finding
        outcome.crash = traceback.format_exc()
    return outcome


def simulate(
    selfplay: SelfPlay,
    games: int,
    players: int,
    seed: int,
    options: dict[str, Any],
    *,
    policy: Policy | None = None,
    secrets_every: int = 10,
    max_rounds: int | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
    jobs: int = 1,
    policies: Sequence[str] | None = None,
) -> tuple[list[GameOutcome], float]:
    """Play ``games`` games from ``seed`` on (game i: seed + i), ``jobs`` at a time in worker
    processes; returns the outcomes in seed order and the seconds they took. ``progress`` sees
    each outcome in seed order. ``policies``: the descriptor's AI policies by name, one per seat,
    seated in turn (:func:`seating`); else ``policy`` (default: the game's default AI) everywhere."""
    selfplay.stop_after(max_rounds)  # refuse a cut the game cannot make before playing anything
    if policies is not None:
        policies = list(policies)
        if len(policies) != players:
            raise ValueError(f"{len(policies)} AI policies named for {players} seats: name one per seat")
        for name in policies:
            selfplay.policy(name)  # an unknown name is refused before anything is played
    else:
        policy = policy or selfplay.policy()  # ... and a game without AI
    play_one = partial(
        _play_seed,
        descriptor=selfplay.descriptor,
        players=players,
        first=seed,
        names=policies,
        options=options,
        policy=policy,
        secrets_every=secrets_every,
        max_rounds=max_rounds,
    )
    seeds = range(seed, seed + games)
    started = time.perf_counter()
    outcomes = []
    workers = min(jobs, games)
    with multiprocessing.Pool(workers) if workers > 1 else nullcontext() as pool:
        for outcome in pool.imap(play_one, seeds) if pool is not None else map(play_one, seeds):
            outcomes.append(outcome)
            if progress is not None:
                progress(outcome)
    return outcomes, time.perf_counter() - started


#: the seating of named policies changes every this many games: roles that a game gives by the seed in
#: a cycle (Runewars' factions rotate over 4 seeds) then meet every policy at every seat
ROTATE_EVERY = 4


def seating(names: Sequence[str], index: int) -> list[str]:
    """The policy at each seat of the ``index``-th game (from 0) of a run with ``names`` given per seat:
    the list turned by one seat every :data:`ROTATE_EVERY` games, so every policy plays every seat."""
    shift = (index // ROTATE_EVERY) % len(names)
    return [names[(seat - shift) % len(names)] for seat in range(len(names))]


def _play_seed(
    seed: int, *, descriptor: GameDescriptor, players: int, first: int, names: list[str] | None, **settings: Any
) -> GameOutcome:
    selfplay = SelfPlay(descriptor)
    if names is None:
        return play_checked(selfplay, players, seed, **settings)
    seated = seating(names, seed - first)
    settings["policy"] = [selfplay.policy(name) for name in seated]
    outcome = play_checked(selfplay, players, seed, **settings)
    outcome.policies = seated
    return outcome


# -------------------------------------------------------------------------------- the report


def wilson(wins: int, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def wins_by_role(selfplay: SelfPlay, finished: Iterable[GameOutcome]) -> dict[str, dict[str, Any]]:
    """Games and wins per role (a shared win counts for each winner), with the rate and its 95% interval."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for outcome in finished:
        assert outcome.game is not None
        labels = selfplay.seat_labels(outcome.game.state, outcome.roles)
        played.update(labels.values())
        won.update(labels[s] for s in outcome.game.winners() if s in labels)
    return {
        r: {
            "games": played[r],
            "wins": won[r],
            "rate": round(won[r] / played[r], 4) if played[r] else None,
            "ci95": wilson(won[r], played[r]),
        }
        for r in sorted(played)
    }


def wins_by_policy(finished: Iterable[GameOutcome]) -> dict[str, dict[str, Any]] | None:
    """Per named policy (``simulate(..., policies=...)``): the games it sat in, the games one of its
    seats won, the rate with its 95% Wilson interval, and how those wins came (the results'
    ``reason``, as shares of its wins). None when the games were not played with named policies."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    how: dict[str, Counter[str]] = {}
    seen = False
    reasons: set[str] = set()
    for outcome in finished:
        if outcome.policies is None or outcome.game is None:
            continue
        seen = True
        played.update(set(outcome.policies))
        reason = str(outcome.game.result.get("reason", "finished")) if outcome.game.finished else "stopped_early"
        reasons.add(reason)
        for name in {outcome.policies[s] for s in outcome.game.winners() if s < len(outcome.policies)}:
            won[name] += 1
            how.setdefault(name, Counter())[reason] += 1
    if not seen:
        return None
    return {
        name: {
            "games": played[name],
            "wins": won[name],
            "rate": round(won[name] / played[name], 4) if played[name] else None,
            "ci95": wilson(won[name], played[name]),
            "won_by": {r: round(how.get(name, Counter())[r] / won[name], 4) if won[name] else 0.0 for r in sorted(reasons)},
        }
        for name in sorted(played)
    }


def report(
    selfplay: SelfPlay, outcomes: list[GameOutcome], seconds: float, *, players: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    """The report ``simulate`` prints: the generic figures, then the game's own (the ``figures``
    hook) under the same keys. Generic: ``wins_by_faction`` per role, ``end_reasons`` from the
    results' ``reason`` (``stopped_early`` for a cut game), ``seasons`` (rounds, with a
    ``progress`` hook), ``counts`` (events by kind); ``prompts_per_battle``, ``cannot_happen``
    and ``fallback_prompt_kinds`` only mean something to a game that fills them in."""
    finished = [o for o in outcomes if o.game is not None and not o.failed]
    games = [o.game for o in finished if o.game is not None]
    progress = selfplay.hook("progress")
    rounds = [progress(g.state) for g in games] if progress is not None else []
    decisions = sum(sum(g.prompts.values()) for g in games)
    reasons: Counter[str] = Counter(str(g.result.get("reason", "finished")) if g.finished else "stopped_early" for g in games)
    counts: Counter[str] = Counter(e.kind for g in games for e in g.events)
    failures = [o for o in outcomes if o.failed]
    summary: dict[str, Any] = {
        "game": selfplay.descriptor.name,
        "games": len(outcomes),
        "players": players,
        "seed": seed,
        "options": options,
        "crashes": sum(1 for o in outcomes if o.crash),
        "invariant_violations": sum(len(o.violations) for o in outcomes),
        "leaks": sum(len(o.leaks) for o in outcomes),
        "seconds": round(seconds, 2),
        "games_per_second": round(len(outcomes) / seconds, 3) if seconds else None,
        "wins_by_faction": wins_by_role(selfplay, finished),
        "end_reasons": dict(sorted(reasons.items())),
        "seasons": {"min": min(rounds), "median": statistics.median(rounds), "max": max(rounds)} if rounds else None,
        "prompts_per_season": round(decisions / sum(rounds), 2) if sum(rounds) else 0,
        "prompts_per_battle": None,
        "counts": dict(sorted(counts.items())),
        "cannot_happen": [],
        "fallback_prompt_kinds": {},
        "first_failure": None if not failures else {"seed": failures[0].seed, "factions": failures[0].roles},
    }
    own = selfplay.hook("figures")
    if own is not None:
        summary.update(own(finished, options=options, pack=selfplay.pack(options)))
    by_policy = wins_by_policy(finished)
    if by_policy is not None:
        summary["wins_by_policy"] = by_policy
        summary["game_seconds"] = game_seconds(games)
    return summary


def game_seconds(games: Iterable[PlayedGame]) -> dict[str, float] | None:
    """The wall time of each game's moves (legal answers, views, the policies, applying), median and max."""
    totals = [sum(g.seconds.values()) + sum(g.decision_seconds) for g in games]
    if not totals:
        return None
    return {"median": round(statistics.median(totals), 3), "max": round(max(totals), 3)}
