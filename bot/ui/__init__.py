"""Everything a player sees and clicks: decision panels, lobby and info replies, and their
discord.py glue (components, transport). Only :mod:`bot.ui.components` and
:mod:`bot.ui.transport` import discord.py."""
