"""Slash commands in the user's language (issue 31 item 1): discord.py's ``app_commands.Translator``
fed from the message catalogue.

Every command and group name, description, option name and description, and choice name is a
message of the catalogue with a context (:data:`CONTEXTS`: ``command name``, ``command
description``, ``option name``, ``option description``, ``choice``), extracted from the command
tree itself by ``python -m bot i18n extract`` (:func:`tree_messages`). When the tree is synced,
discord.py asks :class:`CatalogueTranslator` for each Discord locale; a locale whose language has
a catalogue gets its translations (Discord then shows each user the names of their client's
language), every other locale the English source. A translated name that Discord would refuse
(upper case, spaces, more than 32 characters) is left out, so a slip in a ``.po`` file cannot
stop the sync.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import SOURCE, language_of, tr_for

#: the catalogue context of each thing Discord translates
CONTEXTS = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
}
#: what Discord accepts as a command or option name
NAME = re.compile(r"^[-_\w]{1,32}$")
#: Discord's limits: names 32, descriptions and choice names 100 characters
LIMITS = {"command name": 32, "option name": 32}


class CatalogueTranslator(app_commands.Translator):
    """Commands, options and choices translated from the catalogue, per Discord locale."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        where = CONTEXTS.get(context.location)
        language = language_of(locale, default=SOURCE)
        if where is None or language == SOURCE:
            return None
        text = tr_for(language).pgettext(where, string.message)
        if text == string.message or not text:
            return None
        if where in LIMITS and (not NAME.fullmatch(text) or text != text.lower()):
            return None
        return text[: LIMITS.get(where, 100)]


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.found: dict[tuple[str, str], None] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is not None and locale == discord.Locale.german:
            self.found[(where, string.message)] = None
        return None


async def tree_messages(tree: app_commands.CommandTree) -> list[tuple[str, str]]:
    """Every (context, message) of the commands of ``tree`` that Discord would have translated."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.found)


async def command_tree_messages() -> list[tuple[str, str]]:
    """The messages of the bot's own command tree (its cogs loaded offline, in a scratch store)."""
    import tempfile
    from pathlib import Path

    from bot.client import RunetableBot
    from bot.cogs import EXTENSIONS
    from bot.config import Config
    from bot.store import Store

    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "tree.db")
        bot = RunetableBot(Config(token="x", database_path=Path(folder) / "tree.db", dev_guild_id=None, log_level="INFO"), store)
        try:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            return await tree_messages(bot.tree)
        finally:
            await store.close()
