"""The README opens with the two commands, and CI runs exactly its test command."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_the_demo_command_then_the_test_command():
    run, test = readme_commands()[:2]
    assert "pip install" in run and run.endswith("python -m bot demo")
    assert test == "python -m pytest -q"


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test in ci_lines


def test_the_readme_names_every_slash_command():
    """Issue #9: the README documents every command (the full texts are in docs/bot.md and docs/table.md),
    with every installed game offered (its /game new command and its own group)."""
    from importlib.metadata import entry_points
    from types import SimpleNamespace

    from discord import app_commands

    from bot.cogs.game import GameCog
    from bot.cogs.table import TableCog
    from bot.service import GameService
    from engine.core.registry import ENTRY_POINT_GROUP

    def names(commands, group=""):
        for command in commands:
            if isinstance(command, app_commands.Group):
                yield from names(command.commands, f"{group}{command.name} ")
            else:
                yield f"{group}{command.name}"

    text = (ROOT / "README.md").read_text()
    shipped = {point.name: point.name for point in entry_points(group=ENTRY_POINT_GROUP)}  # not the tests' games
    game = list(names(GameCog(SimpleNamespace(service=GameService(store=None, games=shipped))).__cog_app_commands__))
    table = [f"game {name}" for name in names(TableCog.__cog_app_commands__)]  # added to /game when loaded
    missing = [name for name in game + table if f"`/{name}" not in text]
    assert len(game) >= 12 and len(table) >= 17 and missing == [], missing
