"""Many headless games with every check on: the engine of ``python -m bot simulate``.

Each game seats AI players (factions rotated across seats and games, so each faction plays
each seat equally often), checks the invariants after every action
(:mod:`engine.runewars.ai.invariants`; the views' secrecy every ``secrets_every`` actions,
public events always), replays the game at its end, and counts what happened
(:mod:`engine.runewars.ai.tally`). A game stops at its first failing action (what follows
a broken invariant proves nothing). :func:`report` turns the games into the JSON the
command prints. ``max_seasons`` cuts every game short, for quick smoke runs. Games run in
parallel worker processes with ``jobs`` > 1.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
import traceback
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from random import Random
from typing import Any, Callable

from engine.core import GameState, Transition
from engine.runewars.ai import invariants, tally
from engine.runewars.ai.driver import PlayedGame, Policy, engine, play, start
from engine.runewars.ai.policy import choose, handled_kinds

#: engine reasons -> the names the report uses (issue 12)
END_REASONS = {"dragon_runes": "instant_win", "time_limit": "time_limit", "last_player": "elimination"}


class FirstFailure(Exception):
    """Raised by the checks to stop a game at its first failing action."""


@dataclass
class GameOutcome:
    seed: int
    factions: list[str]
    game: PlayedGame | None = None
    crash: str = ""
    violations: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.crash or self.violations or self.leaks)


def factions_for(seed: int, players: int, factions: list[str]) -> list[str]:
    """Seat s of the game with ``seed`` plays faction (seed + s) mod n: over consecutive seeds every
    faction meets every seat in turn, and one seed alone replays its game."""
    return [factions[(seed + seat) % len(factions)] for seat in range(players)]


def play_checked(
    players: int, seed: int, factions: list[str], *, options: dict[str, Any], policy: Policy = choose, secrets_every: int = 10,
    max_seasons: int | None = None,
) -> GameOutcome:
    """One game with the checks after every action; a crash is caught and kept with its traceback."""
    outcome = GameOutcome(seed, factions)
    runner = engine()
    pack = runner.ruleset.pack(options)
    rng = Random(seed)
    steps = [0]
    revealed: set[str] = set()

    def observe(before: GameState, action, transition: Transition) -> None:
        steps[0] += 1
        state = transition.state
        outcome.violations += [f"action {state.seq} ({action.describe()}): {p}" for p in invariants.check_state(runner, state, pack)]
        if steps[0] % secrets_every == 0 or state.result is not None:
            found = invariants.check_secrets(runner, state, transition.events, rng, revealed)
        else:
            found = invariants.check_events(state, transition.events, revealed)
        outcome.leaks += [f"action {state.seq} ({action.describe()}): {p}" for p in found]
        if outcome.violations or outcome.leaks:
            raise FirstFailure()

    try:
        outcome.game = start(players, seed, options=options)
        play(players, seed, policy, factions=factions, observe=observe, max_seasons=max_seasons, game=outcome.game,
             in_place=True)
        outcome.violations += invariants.check_replay(runner, outcome.game.state, outcome.game.records)
    except FirstFailure:
        pass
    except Exception:
        outcome.crash = traceback.format_exc()
    return outcome


def simulate(
    games: int, players: int, seed: int, options: dict[str, Any], *, policy: Policy = choose, secrets_every: int = 10,
    max_seasons: int | None = None, progress: Callable[[GameOutcome], None] | None = None, jobs: int = 1,
) -> tuple[list[GameOutcome], float]:
    """Play ``games`` games from ``seed`` on, ``jobs`` at a time in worker processes (each game
    depends on its seed alone, so the outcomes are the same for any ``jobs``); returns the
    outcomes in seed order and the seconds they took. ``progress`` sees each outcome in seed order."""
    factions = sorted(engine().ruleset.pack(options).factions)
    play_one = partial(_play_seed, players=players, factions=factions, options=options, policy=policy,
                       secrets_every=secrets_every, max_seasons=max_seasons)
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


def _play_seed(seed: int, *, players: int, factions: list[str], **settings: Any) -> GameOutcome:
    return play_checked(players, seed, factions_for(seed, players, factions), **settings)


def wilson(wins: int, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def report(outcomes: list[GameOutcome], seconds: float, *, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    pack = engine().ruleset.pack(options)
    tally.prepare(pack)
    finished = [o for o in outcomes if o.game is not None and not o.failed]
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
    failures = [o for o in outcomes if o.failed]
    counted = dict(counts)
    counted["diplomacy"] = {s: counted.pop(f"diplomacy_{s}") for s in tally.SYMBOLS}
    return {
        "games": len(outcomes),
        "players": players,
        "seed": seed,
        "options": options,
        "crashes": sum(1 for o in outcomes if o.crash),
        "invariant_violations": sum(len(o.violations) for o in outcomes),
        "leaks": sum(len(o.leaks) for o in outcomes),
        "seconds": round(seconds, 2),
        "games_per_second": round(len(outcomes) / seconds, 3) if seconds else None,
        "wins_by_faction": {
            f: {"games": played[f], "wins": won[f], "rate": round(won[f] / played[f], 4) if played[f] else None, "ci95": wilson(won[f], played[f])}
            for f in sorted(played)
        },
        "end_reasons": dict(reasons),
        "seasons": {"min": min(seasons), "median": statistics.median(seasons), "max": max(seasons)} if seasons else None,
        "prompts_per_season": round(decisions / sum(seasons), 2) if sum(seasons) else 0,
        "prompts_per_battle": round(asked_in_battles / battles, 2) if battles else 0,
        "counts": counted,
        "cannot_happen": tally.cannot_happen(pack, options),
        "fallback_prompt_kinds": dict(sorted(fallbacks.items())),
        "first_failure": None if not failures else {"seed": failures[0].seed, "factions": failures[0].factions},
    }
