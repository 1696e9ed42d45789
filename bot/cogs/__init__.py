"""The bot's slash commands (one cog per area; each command hands its work to :mod:`bot.ui` or :mod:`bot.table`)."""

#: extensions loaded by :class:`bot.client.RunetableBot`; ``game`` first: ``table`` and ``community`` add commands to its ``/game`` group
EXTENSIONS = ("bot.cogs.game", "bot.cogs.table", "bot.cogs.community")
