"""Each game's own command group (``/<group> ...``), built from its front-end.

Every group offers ``hand`` (your hand and decisions, as the My decisions button); ``card``
when the game's pack has a card list, ``rules`` when its front-end ships rule topics, and
whatever the front-end adds itself (:meth:`bot.frontend.FrontEnd.add_commands`). The
commands are thin: each hands its work to :func:`bot.ui.components.handle`.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.errors import RunetableError
from bot.frontend import FrontEnd, frontend_of
from bot.i18n import Tr, language_of, tr_for
from bot.narration import voice
from bot.service import ENDED
from bot.ui import info, lobby, play
from bot.ui import rules as rules_index
from bot.ui.components import handle
from engine.core.game import GameDescriptor


async def _caller_tr(client, interaction: discord.Interaction) -> Tr:
    """The language of the user typing (an autocomplete): their setting, else their client's."""
    chosen = await client.service.player_setting(interaction.user.id, "language")
    return tr_for(language_of(getattr(interaction, "locale", None)) if chosen == "auto" else chosen)


def _where(interaction: discord.Interaction) -> str:
    return f"channel {interaction.channel_id}"


def _choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


async def _hand(client, channel_id: int, user_id: int, player: int | None = None) -> list[play.Reply]:
    """``/<group> hand [player]``: your own hand and decisions; once the channel's game is
    over, anyone's (``player``), and every seat's for a caller who held none (issue 19 item 5)."""
    try:
        record = await client.service.game_shown_in(channel_id)
    except RunetableError as e:
        return [play.say(e.message)]
    if record.status in ENDED:
        seated = any(s.user_id == user_id for s in await client.service.store.seats(record.id))
        if player not in (None, user_id) or not seated:
            return await info.reveal(client, channel_id, user_id, player)
        return await lobby.private_view(client, record.id, user_id)  # it ends with where every hand is shown
    if player not in (None, user_id):
        return [play.say("Only its player sees a hand while the game runs; every hand is shown when it is over.")]
    return await lobby.private_view(client, record.id, user_id)


def game_group(descriptor: GameDescriptor) -> app_commands.Group | None:
    """The game's command group, or None when its front-end has none."""
    frontend = frontend_of(descriptor)
    if not frontend.group:
        return None
    group = app_commands.Group(name=frontend.group, description=frontend.group_description or descriptor.title, guild_only=True)

    @group.command(name="hand", description="Your hand and private information, and your open decisions (only you see it)")
    @app_commands.describe(player="after the game's end: this player's hand (everyone's may be seen then)")
    async def hand(interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        who = None if player is None else player.id
        await handle(interaction, _where(interaction), lambda c: _hand(c, interaction.channel_id, interaction.user.id, who))

    if frontend.has_cards:
        _add_card(group, descriptor.name)
    if frontend.rules_file is not None:
        _add_rules(group, frontend)
    frontend.add_commands(group)
    return group


def _add_card(group: app_commands.Group, game: str) -> None:
    @group.command(name="card", description="Read any public card or unit ability by name")
    @app_commands.describe(name="the card's name (autocompleted from the public card list)")
    async def card(interaction: discord.Interaction, name: str) -> None:
        await handle(interaction, _where(interaction), lambda c: info.card(c, game, interaction.channel_id, name))

    @card.autocomplete("name")
    async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        with voice(await _caller_tr(interaction.client, interaction)):  # names in the caller's language (issue 31)
            return _choices(await info.card_names(interaction.client, game, interaction.channel_id, current))


def _add_rules(group: app_commands.Group, frontend: FrontEnd) -> None:
    @group.command(name="rules", description="A rule in short, with the rulebook's pages")
    @app_commands.describe(topic="a topic (autocompleted from the rule topics)")
    async def rules(interaction: discord.Interaction, topic: str) -> None:
        async def work(client) -> list[play.Reply]:
            return info.rule(frontend, topic)

        await handle(interaction, _where(interaction), work)

    @rules.autocomplete("topic")
    async def topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        tr = await _caller_tr(interaction.client, interaction)
        return _choices(rules_index.suggestions(frontend.rules_file, current, tr.content_language))
