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
stop the sync. Discord counts the longest localization of each field towards a command's 4,000
characters, and the ``/game`` group is near it in English: :meth:`CatalogueTranslator.budget`
(run before every sync) finds the commands that would grow past it and cuts their longest-growing
translated descriptions to their English length (at a word, ending in "…") until they fit.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import SOURCE, language_of, tr_for

log = logging.getLogger(__name__)

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


#: Discord's limit of a command's characters (names, descriptions, choices, with the longest localizations)
COMMAND_SIZE = 4000


class CatalogueTranslator(app_commands.Translator):
    """Commands, options and choices translated from the catalogue, per Discord locale."""

    def __init__(self) -> None:
        super().__init__()
        #: (context, message) whose translations are cut to the English length (:meth:`budget`)
        self.cut: set[tuple[str, str]] = set()

    async def budget(self, tree: app_commands.CommandTree) -> list[str]:
        """Make every command of ``tree`` fit Discord's 4,000 characters in every language: cut the
        translations that grow most (descriptions and choices) to their source's length, the
        largest growth first, until each command fits. Returns the commands that needed it."""
        tight = []
        for command in tree.get_commands():
            payload = await command.get_translated_payload(tree, self)
            over = command_size(payload) - COMMAND_SIZE
            if over <= 0:
                continue
            tight.append(command.name)
            for grown, message, contexts in sorted(_growths(payload), reverse=True):
                if over <= 0:
                    break
                if all((where, message) not in self.cut for where in contexts):
                    self.cut.update((where, message) for where in contexts)
                    over -= grown
            payload = await command.get_translated_payload(tree, self)
            if command_size(payload) > COMMAND_SIZE:
                log.warning("/%s stays over Discord's %d characters in some language", command.name, COMMAND_SIZE)
        return tight

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        where = CONTEXTS.get(context.location)
        language = language_of(locale, default=SOURCE)
        if where is None or language == SOURCE or string.extras.get("literal"):
            return None
        if "template" in string.extras:  # a message with values: the template is the catalogue's (N_)
            values = {k: v for k, v in string.extras.items() if k != "template"}
            text = tr_for(language)._(string.extras["template"], **values)
        else:
            text = tr_for(language).pgettext(where, string.message)
        if text == string.message or not text:
            return None
        if where in LIMITS and (not NAME.fullmatch(text) or text != text.lower()):
            return None
        if where not in LIMITS:
            return shortened(text, len(string.message)) if (where, string.message) in self.cut else text[:100]
        return text[: LIMITS[where]]


def _longest(item: dict[str, Any], key: str) -> int:
    return max(len(str(t)) for t in [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()])


def command_size(payload: dict[str, Any]) -> int:
    """A command's characters as Discord counts them: each name and description (the longest of it
    and its localizations), of the command, its sub-commands and options, and each choice's name and value."""
    size = _longest(payload, "name") + _longest(payload, "description")
    for option in payload.get("options") or []:
        size += command_size(option)
        for choice in option.get("choices") or []:
            size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size


def _growths(payload: dict[str, Any]) -> list[tuple[int, str, tuple[str, ...]]]:
    """(characters a translation adds, its message, the catalogue contexts it may have) for each
    description and choice name of a command."""
    found = []
    grown = _longest(payload, "description") - len(payload.get("description") or "")
    if grown > 0:
        found.append((grown, payload.get("description") or "", ("command description", "option description")))
    for option in payload.get("options") or []:
        found += _growths(option)
        for choice in option.get("choices") or []:
            grown = _longest(choice, "name") - len(choice.get("name") or "")
            if grown > 0:
                found.append((grown, choice.get("name") or "", ("choice",)))
    return found


def shortened(text: str, most: int) -> str:
    """``text`` in at most ``most`` characters: whole, or cut after a word with "…"."""
    if len(text) <= most:
        return text
    cut = text[: most - 1].rsplit(" ", 1)[0].rstrip(",;:(")
    return cut + "…"


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.found: dict[tuple[str, str], None] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is not None and locale == discord.Locale.german and not string.extras:
            self.found[(where, string.message)] = None  # a template (extras) is extracted from the code (N_)
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
