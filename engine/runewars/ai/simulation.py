"""Runewars' self-play hooks (the descriptor's ``selfplay``) and the Runewars face of ``simulate``.

The generic commands (``python -m bot demo``, ``simulate``, ``bench``) play any game through
:mod:`engine.simulation`, which calls the hooks below when a game's ``selfplay`` module has them
(the interface is documented there and in docs/ai.md):

- :func:`progress`: seasons played, for ``--max-seasons``;
- :func:`roles` and :func:`answer`: seats play factions rotated over seats and seeds (seat s of
  the game with seed S plays faction (S + s) mod 4), given as the answer to the faction choice;
- :func:`checks`: the invariants after every action (:mod:`engine.runewars.ai.invariants`; the
  views' secrecy every ``secrets_every`` actions and at the end, public events always); a game
  stops at its first failing action, and is replayed at its end by the generic code;
- :func:`figures`: the report's Runewars figures, counted from events (:mod:`engine.runewars.ai.tally`);
- :func:`picture` and :func:`heading`: ``demo`` takes a picture as each season ends
  (``season-YY-S``) and heads each season in its log;
- :func:`timed_checks`: ``bench`` times the after-every-step checks of engine/runewars/flow.py.

:func:`simulate`, :func:`play_checked` and :func:`report` keep their Runewars signatures for the
tests and scripts that call them.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

from engine.core import Action, Engine, Event, GameState, Prompt, Transition
from engine.runewars.ai import invariants, tally
from engine.runewars.ai.driver import Policy, faction_answer, seasons_played
from engine.runewars.ai.policy import choose, handled_kinds
from engine.runewars.data import Pack
from engine.simulation import FirstFailure, GameOutcome, SelfPlay, wilson
from engine.simulation import play_checked as play_checked_game
from engine.simulation import report as report_games
from engine.simulation import simulate as simulate_games

__all__ = [
    "END_REASONS",
    "FirstFailure",
    "GameOutcome",
    "answer",
    "checks",
    "factions_for",
    "figures",
    "heading",
    "picture",
    "play_checked",
    "progress",
    "report",
    "roles",
    "simulate",
    "timed_checks",
    "TimedChecks",
    "wilson",
]

#: engine reasons -> the names the report uses (issue 12)
END_REASONS = {"dragon_runes": "instant_win", "time_limit": "time_limit", "last_player": "elimination"}
SEASON_NUMBER = {"spring": 1, "summer": 2, "autumn": 3, "winter": 4}


def _selfplay() -> SelfPlay:
    from engine.runewars.game import GAME

    return SelfPlay(GAME)


# -------------------------------------------------------------------------------- the hooks


def progress(state: GameState) -> int:
    """Seasons played (``--max-seasons``)."""
    return seasons_played(state)


def factions_for(seed: int, players: int, factions: list[str]) -> list[str]:
    """Seat s of the game with ``seed`` plays faction (seed + s) mod n: over consecutive seeds every
    faction meets every seat in turn, and one seed alone replays its game."""
    return [factions[(seed + seat) % len(factions)] for seat in range(players)]


def roles(seed: int, players: int, options: dict[str, Any]) -> list[str]:
    """The factions of the simulated game with ``seed`` (:func:`factions_for` over the pack's factions)."""
    from engine.runewars.ruleset import RULESET

    return factions_for(seed, players, sorted(RULESET.pack(options).factions))


def answer(state: GameState, prompt: Prompt, roles: list[str]) -> Action | None:
    """The faction choice answered with the seat's given faction; every other prompt goes to the policy."""
    return faction_answer(state, prompt, roles)


def checks(
    engine: Engine, pack: Pack, *, seed: int, secrets_every: int
) -> Callable[[GameState, Action, Transition], tuple[list[str], list[str]]]:
    """The invariants after every action, the views' secrecy every ``secrets_every`` actions and at
    the end, the public events after every action (docs/ai.md, "Invariants")."""
    rng = Random(seed)
    steps = [0]
    revealed: set[str] = set()

    def check(before: GameState, action: Action, transition: Transition) -> tuple[list[str], list[str]]:
        steps[0] += 1
        state = transition.state
        violations = invariants.check_state(engine, state, pack)
        if steps[0] % secrets_every == 0 or state.result is not None:
            leaks = invariants.check_secrets(engine, state, transition.events, rng, revealed)
        else:
            leaks = invariants.check_events(state, transition.events, revealed)
        return violations, leaks

    return check


def figures(finished: list[GameOutcome], *, options: dict[str, Any], pack: Pack) -> dict[str, Any]:
    """The report's Runewars figures over the games that finished without failure."""
    tally.prepare(pack)
    played, won = Counter(), Counter()
    reasons = Counter({name: 0 for name in END_REASONS.values()})
    seasons, decisions, asked_in_battles, battles = [], 0, 0, 0
    counts: Counter = Counter({name: 0 for name in tally.COUNTS})
    fallbacks: Counter = Counter()
    known = handled_kinds()
    for outcome in finished:
        game = outcome.game
        for faction in outcome.factions:
            played[faction] += 1
        result = game.result
        reasons[END_REASONS.get(result.get("reason"), str(result.get("reason"))) if game.finished else "stopped_early"] += 1
        if "winner" in result:
            won[outcome.factions[result["winner"]]] += 1
        seasons.append(sum(1 for e in game.events if e.kind == "season_began"))
        decisions += sum(game.prompts.values())
        fallbacks.update({k: n for k, n in game.prompts.items() if k not in known})
        for event in game.events:
            if event.kind == "battle_ended":
                battles += 1
                asked_in_battles += event.data.get("prompts", 0) - event.data.get("forced", 0)
        counts.update(tally.count(game.events))
    counted = dict(counts)
    counted["diplomacy"] = {s: counted.pop(f"diplomacy_{s}") for s in tally.SYMBOLS}
    return {
        "wins_by_faction": {
            f: {
                "games": played[f],
                "wins": won[f],
                "rate": round(won[f] / played[f], 4) if played[f] else None,
                "ci95": wilson(won[f], played[f]),
            }
            for f in sorted(played)
        },
        "end_reasons": dict(reasons),
        "seasons": {"min": min(seasons), "median": statistics.median(seasons), "max": max(seasons)} if seasons else None,
        "prompts_per_season": round(decisions / sum(seasons), 2) if sum(seasons) else 0,
        "prompts_per_battle": round(asked_in_battles / battles, 2) if battles else 0,
        "counts": counted,
        "cannot_happen": tally.cannot_happen(pack, options),
        "fallback_prompt_kinds": dict(sorted(fallbacks.items())),
    }


def picture(before: GameState, transition: Transition) -> str | None:
    """``demo``: when a season ends, ``season-YY-S`` (S = 1 spring ... 4 winter) of the board as the
    next season opens (or the game is over)."""
    ended = before.board.season if before.board else ""
    if ended in SEASON_NUMBER and any(e.kind in ("season_began", "game_over") for e in transition.events):
        return f"season-{before.board.year:02d}-{SEASON_NUMBER[ended]}"
    return None


def timed_checks() -> TimedChecks:
    """``bench``: a context manager timing the after-every-step checks of engine/runewars/flow.py."""
    return TimedChecks()


def heading(event: Event) -> str | None:
    """``demo``'s log: ``Year 1, spring`` before each season's first event."""
    return f"Year {event.data['year']}, {event.data['season']}" if event.kind == "season_began" else None


class TimedChecks:
    """Times the functions engine/runewars/flow.py runs after every step, while in use."""

    def __init__(self) -> None:
        from engine.runewars import flow

        self.flow, self.seconds, self.calls = flow, 0.0, 0

    def __enter__(self) -> TimedChecks:
        self.original = list(self.flow._CHECKS)

        def timed(check):
            def run(state, pack, ctx):
                started = time.perf_counter()
                try:
                    check(state, pack, ctx)
                finally:
                    self.seconds += time.perf_counter() - started
                    self.calls += 1

            return run

        self.flow._CHECKS[:] = [timed(c) for c in self.original]
        return self

    def __exit__(self, *exc: object) -> None:
        self.flow._CHECKS[:] = self.original


# -------------------------------------------------------------------------------- the Runewars face


def play_checked(
    players: int,
    seed: int,
    factions: list[str],
    *,
    options: dict[str, Any],
    policy: Policy = choose,
    secrets_every: int = 10,
    max_seasons: int | None = None,
) -> GameOutcome:
    """One game with the checks after every action, ``factions`` at the seats."""
    return play_checked_game(
        _selfplay(),
        players,
        seed,
        options=options,
        policy=policy,
        roles=list(factions),
        secrets_every=secrets_every,
        max_rounds=max_seasons,
    )


def simulate(
    games: int,
    players: int,
    seed: int,
    options: dict[str, Any],
    *,
    policy: Policy = choose,
    secrets_every: int = 10,
    max_seasons: int | None = None,
    progress: Callable[[GameOutcome], None] | None = None,
    jobs: int = 1,
) -> tuple[list[GameOutcome], float]:
    """:func:`engine.simulation.simulate` for Runewars (``policy``: the AI by default)."""
    return simulate_games(
        _selfplay(),
        games,
        players,
        seed,
        options,
        policy=policy,
        secrets_every=secrets_every,
        max_rounds=max_seasons,
        progress=progress,
        jobs=jobs,
    )


def report(outcomes: list[GameOutcome], seconds: float, *, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """:func:`engine.simulation.report` for Runewars."""
    return report_games(_selfplay(), outcomes, seconds, players=players, seed=seed, options=options)
