"""bot.client: start-up registers the persistent components and the commands, without a
connection to Discord."""

from pathlib import Path

from bot.client import RunetableBot
from bot.cogs.table import TABLE_ITEMS
from bot.config import Config
from bot.frontend import frontend_of
from bot.store import Store
from bot.ui.components import DYNAMIC_ITEMS
from engine.core.registry import installed_games


async def test_setup_registers_every_component_template_and_the_commands(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    bot = RunetableBot(Config(token="x", database_path=Path(tmp_path / "games.db"), dev_guild_id=None, log_level="INFO"), store)
    try:
        await bot.setup_hook()
        registered = set(bot._connection._view_store._dynamic_items.values())  # discord.py keeps them here
        # load_extension imports the cog module afresh, so its classes are compared by name
        assert {c.__qualname__ for c in registered} == {c.__qualname__ for c in (*DYNAMIC_ITEMS, *TABLE_ITEMS)}
        # /game, /games and each installed game's own group (/rw, /lor, ...: its front-end's)
        groups = {frontend_of(d).group for d in installed_games().values()} - {""}
        assert sorted(c.name for c in bot.tree.get_commands()) == sorted({"game", "games", "leaderboard", "stats", "rw", *groups})
        assert bot.get_cog("GameCog") is not None and bot.get_cog("TableCog") is not None and bot.service.store is store
        assert bot.get_cog("CommunityCog") is not None  # /stats, /leaderboard, /game follow|unfollow (issue 32)
        assert {"follow", "unfollow"} <= {c.name for c in bot.tree.get_command("game").commands}
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


def config_for(path: Path) -> Config:
    return Config(token="x", database_path=path, dev_guild_id=None, log_level="INFO")


async def test_a_second_bot_on_the_same_file_exits_with_status_2(tmp_path, monkeypatch, capsys):
    """Issue 21 item 9: two bots on one file each sent the same outbox rows; the second
    `python -m bot run` now stops before connecting, with status 2 and one line."""
    from bot.commands.run import serve

    connected = []

    async def start(self, token, *, reconnect=True):
        connected.append(token)

    monkeypatch.setattr(RunetableBot, "start", start)
    path = tmp_path / "games.db"
    first = await Store.open(path)
    try:
        await first.acquire_lease()
        assert await serve(config_for(path)) == 2
        assert connected == []
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "already" in err and str(path) in err
    finally:
        await first.close()
    assert await serve(config_for(path)) == 0  # the first one stopped cleanly: the file is free
    assert connected == ["x"]
    async with await Store.open(path) as again:
        await again.acquire_lease()  # and the one that served released its lease on the way out


async def test_the_running_bot_renews_its_lease_and_stops_when_it_loses_it(tmp_path, monkeypatch):
    """Issue 21 item 9: the bot's heartbeat keeps its lease fresh; a bot whose lease was taken
    over (it stalled past the timeout) stops rather than send the outbox twice."""
    import asyncio
    import sqlite3

    import bot.client

    monkeypatch.setattr(bot.client, "LEASE_RENEW_INTERVAL", 0.05)
    path = tmp_path / "games.db"
    store = await Store.open(path)
    await store.acquire_lease()
    runner = RunetableBot(config_for(path), store)
    try:
        await runner.setup_hook()

        def heartbeat():
            raw = sqlite3.connect(path)
            try:
                return raw.execute("SELECT heartbeat FROM lease").fetchone()[0]
            finally:
                raw.close()

        before = heartbeat()
        for _ in range(250):  # a busy machine may take a while to give the heartbeat its turn
            if heartbeat() > before:
                break
            await asyncio.sleep(0.02)
        assert heartbeat() > before
        raw = sqlite3.connect(path)
        raw.execute("UPDATE lease SET holder = 'another bot'")
        raw.commit()
        raw.close()
        for _ in range(500):
            if runner.is_closed():
                break
            await asyncio.sleep(0.02)
        assert runner.is_closed() and runner.lease_lost
    finally:
        await runner.close()
        await store.close()
