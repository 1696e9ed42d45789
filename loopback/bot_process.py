"""``python -m loopback.bot_process run ...``: ``python -m bot run`` with the e2e settings.

Exactly the bot's own command line (:func:`bot.cli.main`), after the settings of
:mod:`loopback.harness` that the bot has no setting for are applied to its classes, each by
its variable (the maps and the DM limit are the bot's own settings, ``MAP_CADENCE`` and
``DM_LIMIT``, read by bot/config.py):

* ``E2E_SEEDS=3,4``: the seeds of the games created, in turn;
* ``E2E_SWITCH_INTERVAL=0.0005``: the interpreter's thread switch interval (see
  ``tests/e2e/conftest.py``);
* ``E2E_GUILD_READY_TIMEOUT=0.1``: discord.py's wait for further guilds after READY;
* ``E2E_AUTO_PASS=off``: the players' default ``auto_pass`` (the scripted players answer every
  decision themselves).
"""

from __future__ import annotations

import os
import sys

from bot.cli import main


def apply_settings(environ) -> None:
    import bot.client
    from bot.service import GameService

    if environ.get("E2E_SWITCH_INTERVAL"):
        sys.setswitchinterval(float(environ["E2E_SWITCH_INTERVAL"]))
    if environ.get("E2E_GUILD_READY_TIMEOUT"):
        timeout, made = float(environ["E2E_GUILD_READY_TIMEOUT"]), bot.client.RunetableBot.__init__

        def __init__(self, *args, **kwargs):
            made(self, *args, **kwargs)
            self._connection.guild_ready_timeout = timeout

        bot.client.RunetableBot.__init__ = __init__
    if environ.get("E2E_AUTO_PASS"):
        from bot.service.settings import PLAYER_SETTINGS

        PLAYER_SETTINGS["auto_pass"] = environ["E2E_AUTO_PASS"]
    seeds = [int(s) for s in environ.get("E2E_SEEDS", "").split(",") if s]
    if seeds:
        create = GameService.create_game

        async def create_game(self, *args, seed=None, **kwargs):
            return await create(self, *args, seed=seeds.pop(0) if seed is None and seeds else seed, **kwargs)

        GameService.create_game = create_game


if __name__ == "__main__":
    apply_settings(os.environ)
    sys.exit(main())
