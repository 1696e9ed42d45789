"""``python -m bot render``: a scenario position drawn to a PNG (docs/renderer.md)."""

from pathlib import Path

from bot.cli import main

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "runewars" / "p23_battle_example.toml"


def test_render_writes_the_scenarios_position_as_a_png_and_its_text_board(tmp_path, capsys):
    out = tmp_path / "p23.png"
    assert main(["render", "--scenario", str(SCENARIO), "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()
    assert main(["render", "--scenario", str(SCENARIO), "--text", "--out", str(tmp_path / "board.png")]) == 0
    assert "Battle in 1B: Elves (player 1) attacks Uthuk (player 2)" in capsys.readouterr().out
