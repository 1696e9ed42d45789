"""The slash commands. Thin, SpellBot style: each method names its work and hands it to
:func:`bot.ui.components.handle`, which defers at once, runs it and sends the replies.

``/game new game:<game>`` with a choice of every game the bot offers
(:attr:`bot.service.GameService.games`; the game's own options are the lobby's components), ``/game start``, ``/game status``,
``/game map``, ``/game log``, ``/game move``, ``/game settings``, ``/games``, and each game's
own group (:mod:`bot.cogs.groups`). Everything they decide lives in :mod:`bot.ui.lobby`,
:mod:`bot.ui.info` and :mod:`bot.ui.play`, tested without Discord.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.groups import game_group
from bot.errors import RunetableError
from bot.i18n import NAMES, Tr, available, language_of, tr_for
from bot.service import AUTO_PASS_MODES, LAYOUTS, NOTIFY, PALETTES
from bot.ui import info, lobby, play
from bot.ui.components import handle

BATTLE_POLICY = [app_commands.Choice(name="automatic", value="automatic"), app_commands.Choice(name="manual", value="manual")]
PALETTE = [app_commands.Choice(name=name, value=name) for name in PALETTES]
LAYOUT = [app_commands.Choice(name=name, value=name) for name in LAYOUTS]
AUTO_PASS = [app_commands.Choice(name=name, value=name) for name in AUTO_PASS_MODES]
NOTIFY_CHOICES = [app_commands.Choice(name=name, value=name) for name in NOTIFY]
#: the catalogue languages by their own names (a choice's name is shown as is: "Deutsch" in every client)
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES.get(code, code), value=code) for code in available()]
#: the player setting ``language``: auto (the Discord client's) or a catalogue language
PLAYER_LANGUAGE_CHOICES = [app_commands.Choice(name="auto", value="auto"), *LANGUAGE_CHOICES]


def _where(interaction: discord.Interaction) -> str:
    return f"channel {interaction.channel_id}"


async def _in_channel(client, channel_id: int, work) -> list[play.Reply]:
    try:
        record = await client.service.game_in(channel_id)
    except RunetableError as e:
        return [play.say(e.message)]
    return await work(record.id)


async def _caller_tr(client, interaction: discord.Interaction) -> Tr:
    """The language of the user typing (an autocomplete): their setting, else their client's."""
    chosen = await client.service.player_setting(interaction.user.id, "language")
    return tr_for(language_of(getattr(interaction, "locale", None)) if chosen == "auto" else chosen)


def _choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


#: Discord's limit of a string option's choices; past it ``/game new game:`` completes the offered games as typed
MAX_CHOICES = 25


def game_choices(offered: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """The choices of ``/game new game:``: each offered game's title as it is sold (a literal, never
    translated) and its name as the value."""
    return [app_commands.Choice(name=app_commands.locale_str(title[:100], literal=True), value=name) for name, title in offered]


def new_game_command(offered: list[tuple[str, str]]) -> app_commands.Command:
    """``/game new game:<game>``: ONE command for every game the bot offers (``offered``: its
    (name, title) pairs), so the ``/game`` group stays within Discord's 4,000 characters however many
    games are installed. The table size, the deadline, AI seats and the language are shared by every
    game; the game's own options are set with the lobby's components. A value that is not an offered
    game (an old client's choice) is refused by :func:`bot.ui.lobby.new_game`."""

    @app_commands.describe(
        game="the game to play",
        players="table size",
        deadline_hours="time per decision",
        ai_seats="fill empty seats with AI players at the start",
        language="the language of the game's posts in the channel (default: the server's language)",
        tutorial="a guided first game: you against AI seats, each kind of decision explained the first time",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def new_game(
        interaction: discord.Interaction,
        game: str,
        players: app_commands.Range[int, 1, 25] | None = None,
        deadline_hours: app_commands.Range[int, 1, 720] = 48,
        ai_seats: bool = False,
        language: str | None = None,
        tutorial: bool = False,
    ) -> None:
        chosen = language or getattr(interaction, "guild_locale", None)  # the server's preferred locale (issue 31)
        choices: dict[str, Any] = dict(players=players, deadline_hours=deadline_hours, ai_seats=ai_seats, language=chosen)
        if tutorial:
            await handle(
                interaction,
                _where(interaction),
                lambda c: lobby.new_tutorial(c, interaction.guild_id, interaction.channel_id, interaction.user, game, choices),
                public=True,
            )
            return
        await handle(
            interaction,
            _where(interaction),
            lambda c: lobby.new_game(c, interaction.guild_id, interaction.channel_id, interaction.user.id, game, choices),
            public=True,
        )

    command = app_commands.Command(name="new", description="Open a lobby for a new game in this channel", callback=new_game)
    if 0 < len(offered) <= MAX_CHOICES:
        command._params["game"].choices = game_choices(offered)
    elif offered:

        @command.autocomplete("game")
        async def _offered(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            typed = current.casefold()
            found = [(n, t) for n, t in offered if typed in n.casefold() or typed in t.casefold()]
            return [app_commands.Choice(name=t[:100], value=n) for n, t in found[:MAX_CHOICES]]

    return command


class GameCog(commands.Cog):
    """Play board games asynchronously, one game per channel or thread."""

    game = app_commands.Group(name="game", description="Play a board game in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        service = getattr(bot, "service", None)
        offered = [(game, service.descriptor(game).title) for game in getattr(service, "games", ())]  # the games this bot offers
        if self.game.get_command("new") is None:
            self.game.add_command(new_game_command(offered))
        for game, _ in offered:
            group = game_group(service.descriptor(game))
            if group is not None and all(c.name != group.name for c in self.__cog_app_commands__):
                self.__cog_app_commands__.append(group)

    async def cog_load(self) -> None:
        """At start-up, before any click can arrive: the stretches a stopped process left
        half done go on, and their news waits in the outbox for the delivery loop
        (:meth:`bot.service.GameService.finish_stretches`)."""
        service = getattr(self.bot, "service", None)
        if service is not None:
            await service.finish_stretches()

    @game.command(name="start", description="Start this channel's lobby (the seat order is drawn at random)")
    async def start(self, interaction: discord.Interaction) -> None:
        await handle(
            interaction,
            _where(interaction),
            lambda c: _in_channel(c, interaction.channel_id, lambda g: lobby.start(c, g, interaction.user, edit=False)),
            public=True,
        )

    @game.command(name="status", description="Where this channel's game stands and who is awaited")
    async def status(self, interaction: discord.Interaction) -> None:
        await handle(interaction, _where(interaction), lambda c: info.status(c, interaction.channel_id, interaction.user.id))

    @game.command(name="map", description="The map as your seat sees it, or one area and its neighbours")
    @app_commands.describe(
        area="an area id such as 10A: that area and its neighbours, larger",
        public="post the public map (what everyone sees) in the channel, to discuss a position",
    )
    async def map(self, interaction: discord.Interaction, area: str | None = None, public: bool = False) -> None:
        await handle(
            interaction,
            _where(interaction),
            lambda c: info.game_map(c, interaction.channel_id, interaction.user.id, area, public),
            public=public,
        )

    @map.autocomplete("area")
    async def _map_area(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _choices(await info.map_areas(self.bot, interaction.channel_id, current, await _caller_tr(self.bot, interaction)))

    @game.command(name="log", description="The game's recent events as your seat saw them")
    async def log(self, interaction: discord.Interaction, lines: app_commands.Range[int, 1, 50] = 20) -> None:
        await handle(
            interaction, _where(interaction), lambda c: info.game_log(c, interaction.channel_id, interaction.user.id, lines)
        )

    @game.command(name="reveal", description="After the end: every seat's hand and secrets, from the final position")
    @app_commands.describe(player="only this player's seat", game="an earlier game of this server, by number (see /games)")
    async def reveal(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        who = None if player is None else player.id
        await handle(
            interaction,
            _where(interaction),
            lambda c: info.reveal(c, interaction.channel_id, interaction.user.id, who, game, interaction.guild_id),
        )

    @game.command(name="move", description="Move units: destination, then units from areas in range, then count")
    @app_commands.rename(from_="from")
    @app_commands.describe(to="destination area", from_="area the units come from", unit="unit type", count="how many")
    async def move(
        self,
        interaction: discord.Interaction,
        to: str | None = None,
        from_: str | None = None,
        unit: str | None = None,
        count: app_commands.Range[int, 1, 8] | None = None,
    ) -> None:
        given = {k: v for k, v in (("to", to), ("from", from_), ("unit", unit), ("count", count)) if v is not None}
        await handle(
            interaction,
            _where(interaction),
            lambda c: _in_channel(c, interaction.channel_id, lambda g: play.move(c.service, g, interaction.user.id, given)),
        )

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "to", current)

    @move.autocomplete("from_")
    async def _move_from(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "from", current)

    @move.autocomplete("unit")
    async def _move_unit(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "unit", current)

    async def _suggest(self, interaction: discord.Interaction, key: str, current: str) -> list[app_commands.Choice[str]]:
        record = await self.bot.store.active_game(interaction.channel_id)
        if record is None:
            return []
        ns = interaction.namespace
        given = {k: v for k, v in (("to", ns.to), ("from", getattr(ns, "from", None)), ("unit", ns.unit)) if v}
        tr = await _caller_tr(self.bot, interaction)
        return _choices(await play.move_suggestions(self.bot.service, record.id, interaction.user.id, key, current, given, tr))

    @game.command(name="settings", description="Your settings: battle policy, auto-end-turn, auto-pass, colours, layout, notify")
    @app_commands.describe(
        battle_policy="who takes the small battle decisions",
        auto_end_turn="end your turn after your order",
        auto_pass="unplayable: pass what you can only pass, after a random delay; always: every window; off: ask me",
        palette="the colours of the maps you ask for",
        layout="wide: one picture; phone: several pictures sized for a phone",
        notify="how you hear that a decision is yours: a DM (default) or a ping in the game channel",
        language="the language of your private messages: auto follows your Discord client",
    )
    @app_commands.choices(
        battle_policy=BATTLE_POLICY,
        palette=PALETTE,
        layout=LAYOUT,
        auto_pass=AUTO_PASS,
        notify=NOTIFY_CHOICES,
        language=PLAYER_LANGUAGE_CHOICES,
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        battle_policy: str | None = None,
        auto_end_turn: bool | None = None,
        auto_pass: str | None = None,
        palette: str | None = None,
        layout: str | None = None,
        notify: str | None = None,
        language: str | None = None,
    ) -> None:
        await handle(
            interaction,
            _where(interaction),
            lambda c: info.settings(
                c,
                interaction.user.id,
                battle_policy,
                auto_end_turn,
                auto_pass,
                palette,
                layout=layout,
                notify=notify,
                language=language,
            ),
        )

    @app_commands.command(name="games", description="Your games on this server and where you are awaited")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        await handle(interaction, "games", lambda c: lobby.my_games(c, interaction.guild_id, interaction.user.id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
