"""``python -m bot demo``, ``simulate`` and ``bench`` (issue 12): their files, JSON and exit codes.

Source: issue 12 (the fields of the report, exit non-zero on any failure, the demo's files).
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from bot.commands import bench, simulate
from engine.runewars.ai import invariants

ROOT = Path(__file__).resolve().parents[2]


def simulate_args(tmp_path, **overrides):
    values = dict(
        games=2, players=2, seed=1, options="", json=True, out=str(tmp_path / "failures"), max_seasons=3, secrets_every=5, jobs=1
    )
    values.update(overrides)
    return argparse.Namespace(**values)


def test_a_broken_invariant_fails_the_run_and_writes_the_game_out(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(invariants, "check_state", lambda engine, state, pack: ["injected: the test broke this"])
    code = simulate.run(simulate_args(tmp_path, games=1))
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["invariant_violations"] == 1 and report["first_failure"]["seed"] == 1
    written = Path(report["first_failure"]["path"])
    assert "injected" in written.read_text()
    assert (tmp_path / "failures" / "seed-1-log.txt").exists() and (tmp_path / "failures" / "seed-1-records.json").exists()


def test_the_demo_writes_its_pictures_and_log_without_discord(tmp_path):
    out = tmp_path / "demo"
    code = (
        "import sys; from bot.cli import main; "
        f"code = main(['demo', '--players', '2', '--seed', '2', '--out', {str(out)!r}, '--max-seasons', '1']); "
        "assert 'discord' not in sys.modules, 'the demo imported discord'; sys.exit(code)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    names = {p.name for p in out.iterdir()}
    assert {"season-01-1.png", "final.png", "seat-0-final.png", "seat-1-final.png", "log.txt"} <= names
    assert (out / "season-01-1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    log = (out / "log.txt").read_text()
    assert "Year 1, spring" in log and str(out.resolve()) in done.stdout


def test_bench_reports_its_figures():
    result = bench.measure(1, 3, max_seasons=2)
    assert set(result["apply_ms"]) >= {"p50", "p95"} and result["ai_decision_ms"]["p95"] > 0
    assert result["game_seconds"]["median"] > 0
    breakdown = result["apply_breakdown"]
    assert breakdown["after_every_step_checks_calls"] > 0 and result["state_copy_ms"]["count"] > 0


def test_bench_check_names_every_missed_target():
    """Issue #8 item 6 / #12 item 5: ``bench --check`` exits 1 on a miss; the misses are named."""
    result = {
        "game_seconds": {"median": 1.5},
        "render": {"render_ms": {"p50": 50.0}, "draw_ms": {"p50": 20.0}, "render_over_encode": 1.3, "png_bytes": 200_000},
    }
    assert bench.missed_targets(result) == []
    result["game_seconds"]["median"] = 2.5
    result["render"]["render_ms"]["p50"] = 95.0
    assert bench.missed_targets(result) == ["game_seconds.median 2.5 > 2.0", "render.render_ms.p50 95.0 > 80.0"]
