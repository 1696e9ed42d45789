"""The CI simulation: ``python -m bot simulate --games 20 --players 2 --json``, whole games (issue 12).

Source: issue 12 ("CI runs a short simulate, about 20 games"; the fields of the report; 0
crashes, invariant violations and leaks). `.ci/run` runs only ``python -m pytest -q``, so this
test is the CI simulation: whole 2-player games with every check, in worker processes (the
command's default ``--jobs``, one per CPU), 45-70 s wall on the 2-core development box while
other jobs ran. The wall time is printed (``pytest -s`` or ``-rP`` shows it).
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COUNTS = (
    "strategy",
    "mobilize",
    "conquer",
    "harvest",
    "recruit",
    "rally_support",
    "acquire_power",
    "fortify",
    "bonuses",
    "battles",
    "diplomacy",
    "retreats",
    "strongholds_built",
    "strongholds_captured",
    "developments_built",
    "tactics_played",
    "titles_gained",
    "objectives_completed",
    "dragon_runes_gained",
    "rune_swaps",
    "heroes_recruited",
    "duels",
    "quests_completed",
    "rewards_picked_up",
    "eliminations",
    "exploration_tokens_resolved",
)


def test_twenty_whole_two_player_games_run_clean(tmp_path):
    started = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "simulate",
            "--games",
            "20",
            "--players",
            "2",
            "--json",
            "--out",
            str(tmp_path / "failures"),
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    wall = time.perf_counter() - started
    print(f"simulate --games 20 --players 2: {wall:.1f} s wall")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["games"] == 20 and report["crashes"] == report["invariant_violations"] == report["leaks"] == 0
    assert report["first_failure"] is None
    assert report["end_reasons"].get("stopped_early", 0) == 0 and sum(report["end_reasons"].values()) == 20
    for key in (
        "seconds",
        "games_per_second",
        "wins_by_faction",
        "seasons",
        "prompts_per_season",
        "prompts_per_battle",
        "cannot_happen",
        "fallback_prompt_kinds",
    ):
        assert key in report, key
    assert set(COUNTS) <= set(report["counts"]) and set(report["counts"]["diplomacy"]) == {"gold", "silver", "red"}
    assert all(set(row) == {"games", "wins", "rate", "ci95"} for row in report["wins_by_faction"].values())
    assert sum(row["games"] for row in report["wins_by_faction"].values()) == 40
