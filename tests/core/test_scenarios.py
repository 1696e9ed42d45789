"""Every scenario under tests/scenarios passes; a broken one makes the runner fail (docs/scenarios.md)."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine.scenario import ScenarioError, load_scenario, run_file, run_scenario
from engine.scenario.__main__ import scenario_files

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = scenario_files([str(ROOT / "tests" / "scenarios")])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "tests" / "scenarios")))
def test_scenario_passes(path):
    result = run_file(path)
    assert result.ok, result.report()


def test_the_cli_passes_the_good_scenarios():
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "-q", "tests/scenarios/tiny"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed" in done.stdout


def test_the_cli_fails_a_broken_scenario_with_a_readable_diff():
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "tests/scenarios_broken/tiny_wrong_winner.toml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "FAIL" in done.stdout
    assert 'expected event {"kind": "round_won", "seat": 0}' in done.stdout
    assert "-  1,\n" in done.stdout.replace("      ", "") and "+  0,\n" in done.stdout.replace("      ", "")
    assert "Traceback" not in done.stderr


def test_unknown_keys_are_reported_not_ignored(tmp_path):
    path = tmp_path / "typo.toml"
    path.write_text('title="t"\nsource="s"\ngame="tests.tinygame"\nseats=2\n[[step]]\nseat=0\nchoise="play"\n')
    with pytest.raises(ScenarioError, match="choise"):
        load_scenario(path)


def test_an_unexpected_refusal_is_a_failure_not_a_crash():
    data = {
        "title": "t",
        "source": "s",
        "game": "tests.tinygame",
        "seats": 2,
        "position": {"hands": [[1], [2]]},
        "step": [{"seat": 1, "prompt": "commit/1/0", "choice": "play", "args": {"card": 2}}],
    }
    result = run_scenario(data)
    assert not result.ok and "NotYourDecision" in result.failures[0]


def test_an_expected_error_that_does_not_happen_is_a_failure():
    data = {
        "title": "t",
        "source": "s",
        "game": "tests.tinygame",
        "seats": 2,
        "position": {"hands": [[1], [2]]},
        "step": [{"seat": 0, "choice": "play", "args": {"card": 1}, "expect": {"error": {"type": "IllegalAction"}}}],
    }
    result = run_scenario(data)
    assert not result.ok and "accepted" in result.failures[0]


def test_an_unknown_game_is_a_scenario_error():
    with pytest.raises(ScenarioError, match="unknown game"):
        run_scenario({"title": "t", "source": "s", "game": "no.such.game", "seats": 2})


def test_an_unknown_or_ill_typed_option_is_a_scenario_error():
    """Issue 18 item 1: a scenario's options are checked against the game's descriptor (a
    typo would otherwise play the base game silently)."""
    with pytest.raises(ScenarioError, match="runewars has no option 'banner_of_war'; its options are: map_building"):
        run_scenario({"title": "t", "source": "s", "game": "runewars", "seats": 2, "options": {"banner_of_war": True}})
    with pytest.raises(ScenarioError, match="option epic takes yes or no, not 3"):
        run_scenario({"title": "t", "source": "s", "game": "runewars", "seats": 2, "options": {"epic": 3}})
