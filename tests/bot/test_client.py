"""bot.client: start-up registers the persistent components and the commands, without a
connection to Discord."""

from pathlib import Path

from bot.client import RunetableBot
from bot.cogs.table import TABLE_ITEMS
from bot.config import Config
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS


async def test_setup_registers_every_component_template_and_the_commands(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    bot = RunetableBot(Config(token="x", database_path=Path(tmp_path / "games.db"), dev_guild_id=None, log_level="INFO"), store)
    try:
        await bot.setup_hook()
        registered = set(bot._connection._view_store._dynamic_items.values())  # discord.py keeps them here
        # load_extension imports the cog module afresh, so its classes are compared by name
        assert {c.__qualname__ for c in registered} == {c.__qualname__ for c in (*DYNAMIC_ITEMS, *TABLE_ITEMS)}
        assert sorted(c.name for c in bot.tree.get_commands()) == ["game", "games", "rw"]
        assert bot.get_cog("GameCog") is not None and bot.get_cog("TableCog") is not None and bot.service.store is store
        bot.kick_delivery()
        assert bot._wake.is_set()
    finally:
        await bot.close()
        await store.close()


def command_characters(payload: dict) -> int:
    """Discord's count for one top-level command: the characters of every name, description
    and choice value of the command, its subcommands, groups, options and choices."""
    total = len(payload.get("name", "")) + len(payload.get("description", ""))
    total += sum(len(str(c["name"])) + len(str(c["value"])) for c in payload.get("choices", []))
    return total + sum(command_characters(option) for option in payload.get("options", []))


async def test_every_top_level_command_fits_discords_4000_characters(tmp_path):
    """Issue 18 item 2: a top-level command, with all its subcommands, options and choices,
    stays within Discord's 4,000 characters, with every installed game offered."""
    store = await Store.open(tmp_path / "games.db")
    bot = RunetableBot(Config(token="x", database_path=Path(tmp_path / "games.db"), dev_guild_id=None, log_level="INFO"), store)
    try:
        await bot.setup_hook()
        sizes = {c.name: command_characters(c.to_dict(bot.tree)) for c in bot.tree.get_commands()}
        assert sizes["game"] > 1000 and all(size <= 4000 for size in sizes.values()), sizes
    finally:
        await bot.close()
        await store.close()
