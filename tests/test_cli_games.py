"""The offline commands for any game (issue 18, item 3): ``--game``, ``--options`` checked by the
game's descriptor, ``python -m bot games``, ``data check --game``, and the generic self-play
(``engine.selfplay``, ``engine.simulation``) with the tiny test game (tests/tinygame.py).

Source: issue 18 item 3; the Runewars report keys of issue 12 (docs/ai.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine.core.game import GameDescriptor
from engine.core.registry import register_game, unregister_game
from tests.tinygame import SealedBids

ROOT = Path(__file__).resolve().parents[1]
TINY = "tests.tinygame"
RUNEWARS_OPTIONS = (
    "its options are: map_building, epic, exploration, banners_of_war, development_cards, commanders, free_cities, "
    "road_to_victory, data_pack, battle_policy"
)


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ options and games refused


@pytest.mark.parametrize("command", ["demo", "simulate", "bench"])
def test_an_unknown_option_is_refused_with_one_line_naming_the_known_options(command, capsys, tmp_path):
    code = main(
        [command, "--options", "banner_of_war", "--out", str(tmp_path)]
        if command != "bench"
        else [command, "--options", "banner_of_war"]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [f"python -m bot {command}: runewars has no option 'banner_of_war'; {RUNEWARS_OPTIONS}"]
    assert not any(tmp_path.iterdir())  # refused before anything was played or written


def test_the_lobbys_old_option_name_is_refused_and_the_engines_name_given(capsys):
    assert main(["simulate", "--options", "exploration_tokens"]) == 2
    assert "no option 'exploration_tokens'" in capsys.readouterr().err


def test_an_ill_typed_option_of_another_game_is_refused_with_its_options(capsys):
    assert main(["simulate", "--game", TINY, "--options", "hand_size=many"]) == 2
    err = capsys.readouterr().err.strip()
    assert "hand_size" in err and "'many'" in err and err.endswith("its options are: hand_size, target")


def test_an_unknown_game_and_a_seat_count_the_game_does_not_have_are_refused(capsys):
    assert main(["simulate", "--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "--players", "5"]) == 2
    assert "runewars is played by 2-4 players, not 5" in capsys.readouterr().err


def test_a_game_without_rounds_cannot_be_cut_short(capsys, tmp_path):
    assert main(["demo", "--game", TINY, "--max-seasons", "1", "--out", str(tmp_path / "demo")]) == 2
    assert "cannot stop after 1" in capsys.readouterr().err
    assert not (tmp_path / "demo").exists()


def test_a_game_without_ai_cannot_seat_ai_players(capsys):
    register_game(GameDescriptor(name="noai", title="No AI", ruleset="tests.tinygame:RULESET"))
    try:
        assert main(["simulate", "--game", "noai", "--games", "1", "--jobs", "1"]) == 2
        assert capsys.readouterr().err.strip() == "python -m bot simulate: noai has no AI policy to play its seats"
    finally:
        unregister_game("noai")


def test_options_reach_the_game_typed(capsys, tmp_path):
    code, report = run_json(
        capsys,
        "simulate",
        "--options",
        "exploration,map_building=auto",
        "--games",
        "1",
        "--max-seasons",
        "1",
        "--jobs",
        "1",
        "--json",
        "--out",
        str(tmp_path),
    )
    assert code == 0 and report["options"] == {"exploration": True, "map_building": "auto"}
    assert "exploration_tokens_resolved" not in report["cannot_happen"]  # the option is on (it is off without it)


# ------------------------------------------------------------------ python -m bot games


def test_games_lists_installed_games_and_those_the_environment_names(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RUNETABLE_GAMES": f"runewars,tinygame={TINY},lost=no.such.module"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "games", "--json"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    games = json.loads(done.stdout)
    # every installed game (new games too: ragnarok, ...) and the two the environment names
    assert {"runewars", "tinygame", "lost"} <= set(games) and "no.such.module" not in games
    runewars, tiny = games["runewars"], games["tinygame"]
    assert runewars["players"] == {"min": 2, "max": 4} and runewars["seat_role"] == "faction"
    exploration = next(o for o in runewars["options"] if o["name"] == "exploration")
    assert exploration["type"] == "bool" and exploration["default"] is False and exploration["text"].startswith("exploration (")
    assert runewars["renderer"] and runewars["data_pack"] and runewars["ai"]["default"] == "new"
    assert tiny["title"] == "Sealed Bids" and not tiny["renderer"] and not tiny["data_pack"]
    assert [o["name"] for o in tiny["options"]] == ["hand_size", "target"] and tiny["ai"]["default"] == "highest"
    assert "no.such.module" in games["lost"]["error"]
    text = subprocess.run(
        [sys.executable, "-m", "bot", "games"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    ).stdout
    assert "runewars: Runewars, 2-4 players, each playing a faction" in text
    assert "    epic (yes or no, default False): " in text and "renderer: no; data pack: no" in text


# ------------------------------------------------------------------ simulate


def test_simulate_plays_another_game_with_the_generic_checks_and_the_same_report_keys(capsys, tmp_path):
    code, tiny = run_json(
        capsys,
        "simulate",
        "--game",
        TINY,
        "--games",
        "6",
        "--players",
        "3",
        "--jobs",
        "1",
        "--json",
        "--secrets-every",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    assert (
        tiny["game"] == "tinygame"
        and tiny["games"] == 6
        and tiny["crashes"] == tiny["invariant_violations"] == tiny["leaks"] == 0
    )
    assert set(tiny["wins_by_faction"]) == {"seat 0", "seat 1", "seat 2"}
    assert sum(row["games"] for row in tiny["wins_by_faction"].values()) == 18
    assert sum(tiny["end_reasons"].values()) == 6 and tiny["counts"]["game_over"] == 6
    code, runewars = run_json(
        capsys, "simulate", "--games", "1", "--max-seasons", "1", "--jobs", "1", "--json", "--out", str(tmp_path)
    )
    assert code == 0 and list(tiny) == list(runewars)


class LeakyBids(SealedBids):
    """Sealed Bids whose public view shows the top card of the deck: a leak the generic checks must find."""

    def view(self, state, seat):
        view = super().view(state, seat)
        view["next_card"] = state.board.deck[0] if state.board.deck else None
        return view


LEAKY = LeakyBids()


@pytest.fixture
def leaky_game():
    descriptor = register_game(
        GameDescriptor(
            name="leakybids",
            title="Leaky Bids",
            ruleset="tests.test_cli_games:LEAKY",
            hidden="tests.tinygame:permute_hidden",
            ai_policies={"highest": "tests.tinygame:highest_card"},
            default_ai="highest",
        )
    )
    yield descriptor
    unregister_game("leakybids")


def test_the_generic_checks_find_a_view_that_shows_hidden_information(leaky_game, capsys, tmp_path):
    code, report = run_json(
        capsys,
        "simulate",
        "--game",
        "leakybids",
        "--games",
        "2",
        "--jobs",
        "1",
        "--json",
        "--secrets-every",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 1 and report["leaks"] >= 1 and report["first_failure"]["seed"] == 1
    written = Path(report["first_failure"]["path"]).read_text()
    assert "leak: the public view depends on hidden information" in written
    assert "--game leakybids" in written and (tmp_path / "seed-1-records.json").exists()


def test_the_generic_driver_plays_the_same_game_from_the_same_seed():
    from engine.selfplay import play
    from engine.simulation import SelfPlay
    from tests.tinygame import GAME

    selfplay = SelfPlay(GAME)
    first, again = (play(selfplay.engine, 3, 11, GAME.ai("random"), options={"hand_size": 4}) for _ in range(2))
    assert first.finished and first.records == again.records and first.state.options == {"hand_size": 4}
    assert sum(first.prompts.values()) == len(first.decision_seconds) > 0


# ------------------------------------------------------------------ demo, bench, render, data check


def test_the_demo_plays_another_game_and_writes_its_log(capsys, tmp_path):
    out = tmp_path / "demo"
    assert main(["demo", "--game", TINY, "--players", "2", "--seed", "3", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "Sealed Bids has no renderer: writing log.txt only." in captured.err
    assert [p.name for p in out.iterdir()] == ["log.txt"]
    log = (out / "log.txt").read_text()
    assert log.startswith("Sealed Bids demo: seed 3, 2 AI players\n")
    assert log.splitlines()[-1] == "Player 1 wins."  # the end in the narrator's words, the seat counted from 1
    assert "Player 1" in captured.out and "win" in captured.out and str(out.resolve()) in captured.out
    assert main(["demo", "--game", TINY, "--no-images", "--out", str(tmp_path / "quiet")]) == 0
    assert "renderer" not in capsys.readouterr().err


def test_bench_of_a_game_without_renderer_skips_the_render_figures_with_a_reason(capsys):
    code, result = run_json(capsys, "bench", "--game", TINY, "--games", "2", "--json")
    assert code == 0 and result["game"] == "tinygame" and result["players"] == 4
    assert result["render"] == {"skipped": "tinygame has no renderer"}
    assert "skipped" in result["command_ms"]  # the Discord double's tables play Runewars only
    assert result["apply_ms"]["count"] > 0 and "after_every_step_checks_s" not in result["apply_breakdown"]
    assert result["missed_targets"] == []


def test_render_refuses_a_game_without_renderer_and_a_scenario_of_another_game(capsys, tmp_path):
    tiny = ROOT / "tests" / "scenarios" / "tiny" / "secret_commit_and_reveal.toml"
    assert main(["render", "--scenario", str(tiny), "--out", str(tmp_path / "tiny.png")]) == 2
    assert "Sealed Bids (tinygame) has no renderer" in capsys.readouterr().err
    battle = ROOT / "tests" / "scenarios" / "runewars" / "p23_battle_example.toml"
    assert main(["render", "--scenario", str(battle), "--game", TINY, "--out", str(tmp_path / "p23.png")]) == 2
    assert "is a scenario of runewars, not of tests.tinygame" in capsys.readouterr().err
    assert main(["render", "--scenario", str(battle), "--game", "runewars", "--out", str(tmp_path / "p23.png")]) == 0


def test_data_check_goes_through_the_games_descriptor(capsys, monkeypatch):
    from engine.runewars.data.__main__ import main as runewars_data

    monkeypatch.delenv("RUNETABLE_DATA_PACK", raising=False)
    assert runewars_data(["check", "--json"]) == 0
    as_today = json.loads(capsys.readouterr().out)
    code, checked = run_json(capsys, "data", "check", "--json")
    assert code == 0 and checked == as_today and checked["counts"]["factions"] == 4
    code, tiny = run_json(capsys, "data", "check", "--game", TINY, "--json")
    assert (
        code == 0
        and tiny["ok"]
        and tiny["pack_hash"] is None
        and tiny["note"] == "Sealed Bids (tinygame) has no data pack: nothing to check"
    )
    assert main(["data", "check", "--game", TINY, "--pack", "somewhere"]) == 2
    assert "cannot be used" in capsys.readouterr().err


def test_data_check_reports_a_broken_pack(capsys, tmp_path):
    (tmp_path / "pack.toml").write_text("this is = = not toml\n")
    assert main(["data", "check", "--pack", str(tmp_path)]) == 1
    assert "FAILED" in capsys.readouterr().out


def test_a_game_named_by_the_environment_is_found_by_its_name(capsys, monkeypatch):
    monkeypatch.setenv("RUNETABLE_GAMES", f"bids={TINY}")
    code, tiny = run_json(capsys, "data", "check", "--game", "bids", "--json")
    assert code == 0 and tiny["game"] == "tinygame"
