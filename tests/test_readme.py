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


async def test_the_readme_names_every_slash_command(tmp_path):
    """Issue #9: the README documents every command the bot registers, its games' groups included
    (the full texts are in docs/bot.md and docs/table.md); `/game new` is one command, its games a choice."""
    from discord import app_commands

    from bot.client import RunetableBot
    from bot.config import Config
    from bot.store import Store

    def names(commands, group=""):
        for command in commands:
            if isinstance(command, app_commands.Group):
                yield from names(command.commands, f"{group}{command.name} ")
            else:
                yield f"{group}{command.name}"

    store = await Store.open(tmp_path / "games.db")
    bot = RunetableBot(Config(token="x", database_path=tmp_path / "games.db", dev_guild_id=None, log_level="INFO"), store)
    try:
        await bot.setup_hook()
        commands = list(names(bot.tree.get_commands()))
    finally:
        await bot.close()
        await store.close()
    text = (ROOT / "README.md").read_text()
    missing = [name for name in commands if f"`/{name}" not in text]
    assert {"game new", "game start", "game vote kick", "games", "rw hand"} <= set(commands) and len(commands) >= 25
    assert missing == []
