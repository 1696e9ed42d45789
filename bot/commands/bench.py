"""``python -m bot bench``: how fast the engine, the AI and the renderer are (docs/ai.md).

Plays full AI games of ``--game`` (default Runewars) at the game's most seats without rendering
and reports ``apply_ms`` (p50, p95 of ``Engine.apply``, in place as in all self-play),
``ai_decision_ms`` (p95), ``game_seconds`` (median game, timed without wrappers; the same games
are then played again with timing wrappers for the other figures), where apply's time goes
(the after-every-step checks, for a game whose self-play hooks time them: Runewars'
engine/runewars/flow.py; the rest), ``state_copy_ms`` (the copy the bot's own apply adds,
``engine.core.engine.copy_state``, timed on every 25th position), and the renderer's figures
for the last sampled position (``render``: ``draw_ms``, ``render_ms``, ``png_encode_ms``,
``render_over_encode``, ``png_bytes``, the machine; see renderer/bench.py), or
``render: {"skipped": reason}`` for a game without a renderer (or one without ``bench``). When
a game takes longer than the 2 s target, the top costs of one profiled game are added.

``command_ms`` (``p50``, ``p95``, ``max_ack``, ``games``; issue #11) is the command latency
through the wire: the bot as ``python -m bot run`` with its production settings against the
loopback Discord double, ``--latency-games`` games in play at once
(:func:`tests.e2e.latency.measure_command_latency`, docs/e2e.md). It needs a source checkout
(the ``tests`` package); elsewhere, and for other games than Runewars (the double's tables play
Runewars), it is reported as skipped with the reason. ``--no-latency`` skips it.

``commit_ms`` (``p50``, ``p95`` per backend; issue 22 item 7) is the time of one
:meth:`bot.store.Store.commit_action` (the last sampled position as its state, three outbox
rows): ``sqlite`` always (a temporary file, ``synchronous=FULL``), ``postgresql`` with
``--postgres URL`` (in a schema of its own, dropped afterwards), else reported as skipped: the
bench needs no PostgreSQL. With ``--postgres`` the bench also measures ``command_ms_postgresql``:
``command_ms`` with the bot as two processes, one per shard, over that database.

``--check`` exits 1 when a target is missed (:data:`TARGETS`; a skipped ``command_ms`` is no
miss, one with no sample is).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bot.commands.common import DEFAULT_GAME, add_game_argument, find, game_and_options, self_play

TARGET_GAME_SECONDS = 2.0

#: the renderer's targets on a 2-core machine (issue #8) and the command latency's (issue #11):
#: (figure, key, most)
TARGETS = (
    ("render", "render_ms.p50", 80.0),
    ("render", "draw_ms.p50", 40.0),
    ("render", "render_over_encode", 2.0),
    ("render", "png_bytes", 1_500_000),
    ("command_ms", "p95", 1500.0),
    ("command_ms", "max_ack", 3000.0),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--games", type=int, default=3, help="AI games at the game's most seats to time (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed (game_seconds, render, command_ms)")
    parser.add_argument("--no-latency", action="store_true", help="skip command_ms (the bot against the Discord double)")
    parser.add_argument("--latency-games", type=int, default=20, help="games in play at once for command_ms (default 20)")
    parser.add_argument("--latency-seconds", type=float, default=60.0, help="seconds command_ms is measured for (default 60)")
    parser.add_argument("--commits", type=int, default=200, help="commits timed per store backend for commit_ms (default 200)")
    parser.add_argument(
        "--postgres", metavar="URL", default=None, help="also time commit_ms on this PostgreSQL database (a throwaway schema)"
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def measure(
    games: int, seed: int, *, max_seasons: int | None = None, game: Any = None, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Time ``games`` AI games of ``game`` (a :class:`engine.simulation.SelfPlay`; default Runewars) at its
    most seats, cut short after ``max_seasons`` rounds (for the tests)."""
    from contextlib import nullcontext

    from engine.core.engine import copy_state
    from engine.simulation import SelfPlay

    selfplay = game if game is not None else SelfPlay(find(DEFAULT_GAME))
    options = dict(options or {})
    players = selfplay.descriptor.max_players
    runner = selfplay.engine
    apply_seconds: list[float] = []
    sampled_states, copy_seconds = [], []
    original_apply = runner.apply

    def timed_apply(state, action, **how):
        started = time.perf_counter()
        try:
            return original_apply(state, action, **how)
        finally:
            apply_seconds.append(time.perf_counter() - started)
            if len(apply_seconds) % 25 == 0:  # the copy the bot's apply adds (self-play applies in place), and render_ms
                started = time.perf_counter()
                sampled_states.append(copy_state(state))
                copy_seconds.append(time.perf_counter() - started)

    game_seconds = []
    for index in range(games):  # plain games for game_seconds: the timing wrappers below cost about 20 %
        started = time.perf_counter()
        selfplay.play(players, seed + index, options=options, max_rounds=max_seasons, in_place=True)
        game_seconds.append(time.perf_counter() - started)
    runner.apply = timed_apply
    decisions, parts = [], Counter()
    timed_checks = selfplay.hook("timed_checks")
    try:
        with timed_checks() if timed_checks is not None else nullcontext() as checks:
            for index in range(games):  # the same games again, timed part by part
                played = selfplay.play(players, seed + index, options=options, max_rounds=max_seasons, in_place=True)
                decisions += played.decision_seconds
                parts.update(played.seconds)
    finally:
        del runner.apply
    total_apply = sum(apply_seconds)
    breakdown: dict[str, Any] = {"total_s": round(total_apply, 3)}
    if checks is not None:
        breakdown.update(
            {
                "after_every_step_checks_s": round(checks.seconds, 3),
                "after_every_step_checks_calls": checks.calls,
                "rules_and_rest_s": round(total_apply - checks.seconds, 3),
            }
        )
    else:
        breakdown["rules_and_rest_s"] = round(total_apply, 3)
    return {
        "game": selfplay.descriptor.name,
        "games": games,
        "players": players,
        "options": options,
        "apply_ms": {
            "p50": ms(percentile(apply_seconds, 0.5)),
            "p95": ms(percentile(apply_seconds, 0.95)),
            "count": len(apply_seconds),
        },
        "ai_decision_ms": {
            "p50": ms(percentile(decisions, 0.5)),
            "p95": ms(percentile(decisions, 0.95)),
            "count": len(decisions),
        },
        "game_seconds": {
            "median": round(statistics.median(game_seconds), 3),
            "all": [round(s, 3) for s in game_seconds],
            "target": TARGET_GAME_SECONDS,
        },
        "game_breakdown_s": {
            "apply": round(parts["apply"], 3),
            "views": round(parts["view"], 3),
            "legal_answers": round(parts["legal"], 3),
            "ai_decisions": round(sum(decisions), 3),
            "games": round(sum(game_seconds), 3),
        },
        "apply_breakdown": breakdown,
        "state_copy_ms": {
            "p50": ms(percentile(copy_seconds, 0.5)),
            "p95": ms(percentile(copy_seconds, 0.95)),
            "count": len(copy_seconds),
        },
        "states_sampled": sampled_states,
    }


def render_figures(selfplay, states: list, options: dict[str, Any]) -> dict[str, Any]:
    """The renderer's bench on the public view of the last sampled position (the fullest board), or
    ``{"skipped": reason}``."""
    descriptor = selfplay.descriptor
    if descriptor.renderer is None:
        return {"skipped": f"{descriptor.name} has no renderer"}
    try:
        bench = descriptor.load_renderer().bench
    except ImportError as missing:
        return {"skipped": f"the renderer is not available: {missing}"}
    except AttributeError:
        return {"skipped": f"the renderer of {descriptor.name} ({descriptor.renderer}) has no bench"}
    if not states:
        return {"skipped": "no position was sampled (a game of fewer than 25 answers)"}
    return bench(selfplay.engine.view(states[-1], None), selfplay.pack(options), n=20)


def command_figures(games: int, seconds: float, *, postgres: str | None = None, processes: int = 1) -> dict[str, Any]:
    """``command_ms`` with ``games`` games in play for ``seconds`` (see the module docstring);
    with ``postgres``, ``processes`` shard processes over that PostgreSQL (a throwaway schema)."""
    try:
        from tests.e2e.latency import measure_command_latency
    except ImportError as e:
        return {"skipped": f"needs a source checkout of Runetable (tests.e2e): {e}"}
    measured = measure_command_latency(games, seconds=seconds, postgres=postgres, processes=processes)
    keys = ("p50", "p95", "max_ack", "games", "samples", "interactions", "seconds", "targets", "processes")
    return {key: measured[key] for key in keys if key in measured}


def commit_figures(state: str, commits: int, postgres: str | None) -> dict[str, Any]:
    """``commit_ms`` per backend (see the module docstring)."""
    import asyncio
    import tempfile

    async def timed(address: str) -> dict[str, float]:
        from bot.store import OutboxMessage, Store

        store = await Store.open(address)
        try:
            game = await store.create_game(
                guild_id=1,
                channel_id=1,
                game="bench",
                options={},
                seed=1,
                engine_version="bench",
                pack_hash="",
                state=state,
                created_by=1,
            )
            outbox = [OutboxMessage(r, '{"lines": ["a move"]}') for r in ("channel", "user:1", "user:2")]
            times = []
            for seq in range(commits):
                start = time.perf_counter()
                await store.commit_action(game.id, expected_seq=seq, seat=0, action="{}", chance="[]", state=state, outbox=outbox)
                times.append(time.perf_counter() - start)
        finally:
            await store.close()
        return {"p50": ms(percentile(times, 0.5)), "p95": ms(percentile(times, 0.95))}

    async def on_postgres(url: str) -> dict[str, Any]:
        import uuid

        import asyncpg

        schema = f"bench_{uuid.uuid4().hex[:12]}"
        admin = await asyncpg.connect(url)
        try:
            await admin.execute(f"CREATE SCHEMA {schema}")
            return await timed(f"{url}{'&' if '?' in url else '?'}search_path={schema}")
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            await admin.close()

    result: dict[str, Any] = {"state_bytes": len(state.encode()), "commits": commits}
    with tempfile.TemporaryDirectory() as folder:
        result["sqlite"] = asyncio.run(timed(str(Path(folder) / "bench.sqlite3")))
    if postgres:
        try:
            result["postgresql"] = asyncio.run(on_postgres(postgres))
        except Exception as e:  # a server that is not there: say so, the other figures stand
            result["postgresql"] = {"skipped": f"{type(e).__name__}: {e}"}
    else:
        result["postgresql"] = {"skipped": "no --postgres URL given"}
    return result


def missed_targets(result: dict[str, Any]) -> list[str]:
    """Every target the result misses, as "figure value > most"."""
    missed = []
    if result["game_seconds"]["median"] > TARGET_GAME_SECONDS:
        missed.append(f"game_seconds.median {result['game_seconds']['median']} > {TARGET_GAME_SECONDS}")
    if result.get("command_ms", {}).get("samples") == 0:
        missed.append("command_ms.samples 0: no command was measured")
    for section, path, most in TARGETS:
        value: Any = result.get(section)
        for key in path.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None and value > most:
            missed.append(f"{section}.{path} {value} > {most}")
    return missed


def profile_top(seed: int, limit: int = 15, *, game: Any = None, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The functions one profiled game (at the game's most seats) spends most of its own time in."""
    from engine.simulation import SelfPlay

    selfplay = game if game is not None else SelfPlay(find(DEFAULT_GAME))
    profiler = cProfile.Profile()
    profiler.runcall(selfplay.play, selfplay.descriptor.max_players, seed, options=options)
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    root = str(Path(__file__).resolve().parents[2]) + "/"
    for (path, line, name), (_, calls, own, cumulative, _) in stats.stats.items():
        rows.append(
            {
                "function": f"{path.replace(root, '')}:{line}({name})",
                "calls": calls,
                "own_s": round(own, 3),
                "cumulative_s": round(cumulative, 3),
            }
        )
    return sorted(rows, key=lambda r: -r["own_s"])[:limit]


def run(args: argparse.Namespace) -> int:
    descriptor, options = game_and_options(args)
    selfplay = self_play(descriptor)
    result = measure(args.games, args.seed, game=selfplay, options=options)
    states = result.pop("states_sampled")
    result["render"] = render_figures(selfplay, states, options)
    if args.commits > 0 and states:
        from engine.core import encode

        result["commit_ms"] = commit_figures(encode(states[-1]), args.commits, args.postgres)
    if result["game_seconds"]["median"] > TARGET_GAME_SECONDS:
        result["profile_top"] = profile_top(args.seed, game=selfplay, options=options)
    if not args.no_latency:
        result["command_ms"] = (
            command_figures(args.latency_games, args.latency_seconds)
            if descriptor.name == DEFAULT_GAME
            else {"skipped": f"measured with {DEFAULT_GAME} tables only (tests/e2e/latency.py)"}
        )
        if args.postgres and descriptor.name == DEFAULT_GAME:  # two processes, one per shard (issue 22 item 7)
            result["command_ms_postgresql"] = command_figures(
                args.latency_games, args.latency_seconds, postgres=args.postgres, processes=2
            )
    result["missed_targets"] = missed_targets(result)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(
            f"apply_ms p50 {result['apply_ms']['p50']} p95 {result['apply_ms']['p95']}; "
            f"ai_decision_ms p95 {result['ai_decision_ms']['p95']}; game_seconds median {result['game_seconds']['median']}"
        )
        print(f"apply breakdown: {result['apply_breakdown']}")
        r = result["render"]
        if "skipped" in r:
            print(f"render: skipped, {r['skipped']}")
        else:
            print(
                f"render_ms p50 {r['render_ms']['p50']}, draw_ms p50 {r['draw_ms']['p50']}, "
                f"render_over_encode {r['render_over_encode']}, png_bytes {r['png_bytes']} on {r['machine']}"
            )
        if "commit_ms" in result:
            figures = [
                f"{kind} {f['skipped']}" if "skipped" in f else f"{kind} p50 {f['p50']} p95 {f['p95']}"
                for kind in ("sqlite", "postgresql")
                for f in [result["commit_ms"][kind]]
            ]
            print(f"commit_ms ({result['commit_ms']['state_bytes']} byte state): " + "; ".join(figures))
        if "command_ms" in result:
            c = result["command_ms"]
            print(
                f"command_ms: {c['skipped']}"
                if "skipped" in c
                else f"command_ms p50 {c['p50']} p95 {c['p95']} max_ack {c['max_ack']} ({c['games']} games, {c['samples']} samples)"
            )
        if "command_ms_postgresql" in result:
            c = result["command_ms_postgresql"]
            print(
                f"command_ms on PostgreSQL: {c['skipped']}"
                if "skipped" in c
                else f"command_ms on PostgreSQL, {c['processes']} processes: p50 {c['p50']} p95 {c['p95']}"
                f" max_ack {c['max_ack']} ({c['games']} games, {c['samples']} samples)"
            )
        for row in result.get("profile_top", []):
            print(f"  {row['own_s']:8.3f} s own {row['cumulative_s']:8.3f} s cum  {row['calls']:>9} calls  {row['function']}")
        for miss in result["missed_targets"]:
            print(f"missed: {miss}")
    return 1 if args.check and result["missed_targets"] else 0
