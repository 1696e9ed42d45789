"""A minimal discord.py bot that uses every interaction response the double serves.

It stands in for the Runetable cogs while they are being written, so the double's tests
cover the wire, not the game: a global ``/ping`` and a guild ``/probe`` group whose
subcommands answer with a message and components, an ephemeral message, a deferred message
with follow-ups, autocomplete and a modal; its buttons update the message, defer and edit
later, and its select answers ephemerally.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

FRUITS = ["apple", "apricot", "banana", "blackberry", "cherry"]


class Buttons(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="probe:press")
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"pressed by {interaction.user.name}", view=None)

    @discord.ui.button(label="Later", custom_id="probe:later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"updated later for {interaction.user.name}")

    @discord.ui.select(
        custom_id="probe:pick",
        placeholder="Pick a fruit",
        options=[discord.SelectOption(label=f.title(), value=f) for f in FRUITS[:3]],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you picked {select.values[0]}", ephemeral=True)


class Note(discord.ui.Modal, title="Leave a note"):
    note = discord.ui.TextInput(label="Note", custom_id="note")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"noted: {self.note.value}", ephemeral=True)


probe = app_commands.Group(name="probe", description="Exercise the interaction responses")


@probe.command(description="Echo text with buttons and a select")
async def echo(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(f"echo: {text}", view=Buttons())


@probe.command(description="A message only you see")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("only for you", ephemeral=True)


@probe.command(description="Think first, then answer and follow up")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await interaction.edit_original_response(content="done thinking")
    extra = await interaction.followup.send("one more thing", wait=True)
    await extra.edit(content="one more thing (edited)")


@probe.command(description="Autocompleted fruit")
async def fruit(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"fruit: {name}")


@fruit.autocomplete("name")
async def fruit_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current.lower())]


@probe.command(description="Open a modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Note())


@app_commands.command(description="Are you there?")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong")


class ProbeBot(commands.Bot):
    def __init__(self, guild_id: int):
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None, guild_ready_timeout=0.1
        )
        self.guild = discord.Object(id=guild_id)
        self.tree.add_command(probe, guild=self.guild)
        self.tree.add_command(ping)

    async def setup_hook(self) -> None:
        self.add_view(Buttons())  # persistent: clicks still work after a restart
        await self.tree.sync(guild=self.guild)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before re-identifying: it spares Discord's identify limit, which the double lacks."""
