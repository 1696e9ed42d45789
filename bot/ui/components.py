"""The discord.py side of the panels: persistent components and the reply helper.

Every component is a :class:`discord.ui.DynamicItem` whose state is its ``custom_id``
(:mod:`bot.ids`), registered once with ``client.add_dynamic_items(*DYNAMIC_ITEMS)``, so
a button posted weeks ago still works after any number of restarts. Each callback defers at
once (Discord allows 3 seconds), asks :mod:`bot.ui.play` or :mod:`bot.ui.lobby` what to
say, and sends it with :func:`send_replies`. An unexpected exception is logged with the
game id and answered with a short apology, never a traceback.

The bot object behind ``interaction.client`` provides ``service`` (a
:class:`~bot.service.GameService`), ``deliverer`` (a :class:`~bot.delivery.Deliverer`) and
``kick_delivery()`` (drain the outbox soon), as :class:`bot.client.RunetableBot` does.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot import ids
from bot.i18n import N_, Tr, language_of, tr_for
from bot.narration import voice
from bot.ui import forms, lobby, play
from bot.ui.panels import ButtonSpec, Panel, SelectSpec
from bot.ui.play import Reply

log = logging.getLogger(__name__)

APOLOGY = N_("Sorry, something went wrong on our side; nothing was changed. The error is logged (game #{game}).")
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def to_view(panel: Panel) -> discord.ui.View | None:
    """The panel's rows as a persistent view (None when it has no components)."""
    if not panel.rows:
        return None
    view = discord.ui.View(timeout=None)
    for row, content in enumerate(panel.rows):
        if isinstance(content, SelectSpec):
            view.add_item(_select(content))
        else:
            for spec in content:
                view.add_item(_button(spec, row))
    return view


def _button(spec: ButtonSpec, row: int) -> discord.ui.Item:
    button = discord.ui.Button(label=spec.label, custom_id=spec.custom_id, style=STYLES[spec.style])
    for cls in (ChoiceButton, CursorButton, FormButton, PlanConfirmButton, MeButton, LobbyButton, OptionButton):
        if cls.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return cls(button, row=row)
    raise ValueError(f"no component template matches {spec.custom_id!r}")


def _select(spec: SelectSpec) -> discord.ui.Item:
    """A select fills a row of its own; panels put it before the buttons that follow it, so
    discord.py's automatic placement keeps the panel's order (a dynamic select's explicit
    row is not honoured by discord.py 2.7)."""
    options = [discord.SelectOption(label=o.label, value=o.value) for o in spec.options]
    select = discord.ui.Select(
        custom_id=spec.custom_id,
        placeholder=spec.placeholder,
        options=options,
        max_values=max(1, min(spec.max_values, len(options))),
    )
    for cls in (OptionSelect, QuickSelect, PlanSelect):
        if cls.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return cls(select)
    return CursorSelect(select)


async def send_replies(interaction: discord.Interaction, replies: Sequence[Reply]) -> None:
    """Send replies after a defer: an ``edit`` reply replaces the component's message, the
    others go as follow-ups (ephemeral unless ``public``)."""
    for reply in replies:
        view = to_view(reply.panel)
        files = [_file(f) for f in reply.files]
        if reply.edit and _updates_message(interaction):
            await interaction.edit_original_response(
                content=reply.panel.text, view=view, **({"attachments": files} if files else {})
            )
        else:
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            if files:
                extra["files"] = files
            await interaction.followup.send(reply.panel.text, ephemeral=not reply.public, **extra)


async def _language(interaction: discord.Interaction) -> Tr:
    """Note the user's Discord locale and return the translator of their language."""
    service = getattr(interaction.client, "service", None)
    if service is None:
        return tr_for(language_of(getattr(interaction, "locale", None)))
    try:
        await service.note_locale(interaction.user.id, getattr(interaction, "locale", None))
        return await service.user_tr(interaction.user.id)
    except Exception:  # the language is a nicety: a store hiccup must not refuse the click
        log.exception("could not note the locale of user %s", interaction.user.id)
        return tr_for(language_of(getattr(interaction, "locale", None)))


def _file(image: play.Image) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.alt[:1024] or None)


async def handle(
    interaction: discord.Interaction,
    game_id: int | str,
    work: Callable[[Any], Awaitable[Sequence[Reply]]],
    *,
    public: bool = False,
) -> None:
    """Defer, run ``work(client)``, send its replies, drain the outbox; apologise on a bug.

    ``public``: a command whose first reply the channel sees (a lobby, a start). The user's
    Discord locale is kept (:meth:`~bot.service.settings.SettingsMixin.note_locale`: their DMs
    sent later speak it) and the replies are built in the user's language (issue 31)."""
    if _updates_message(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not public, thinking=True)
    tr = await _language(interaction)
    try:
        with voice(tr):
            replies = await work(interaction.client)
    except Exception:
        log.exception("game %s: unexpected error in %s", game_id, _what(interaction))
        replies = [play.say(tr._(APOLOGY, game=game_id))]
    await send_replies(interaction, replies)
    kick = getattr(interaction.client, "kick_delivery", None)
    if kick is not None:
        kick()


def channel_command(
    group: discord.app_commands.Group, name: str, description: str, answer: Callable[[Any, int], Awaitable[Sequence[Reply]]]
) -> None:
    """``/<group> <name>``, a command without options whose replies are ``answer(client, channel_id)``
    for the channel it is typed in (through :func:`handle`): a game's own commands
    (:meth:`bot.frontend.FrontEnd.add_commands`) are mostly such look-ups."""

    @group.command(name=name, description=description)
    async def command(interaction: discord.Interaction) -> None:
        await handle(interaction, f"channel {interaction.channel_id}", lambda client: answer(client, interaction.channel_id))


def _updates_message(interaction: discord.Interaction) -> bool:
    """A click, or a form sent from a message's button: the answer may replace that message."""
    if interaction.type == discord.InteractionType.component:
        return True
    return interaction.type == discord.InteractionType.modal_submit and getattr(interaction, "message", None) is not None


def _what(interaction: discord.Interaction) -> str:
    data = interaction.data or {}
    return str(data.get("custom_id") or data.get("name") or interaction.type)


class FromId:
    """Shared by the dynamic items: rebuilt from the dispatched component and its match."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /):
        return cls(item)

    @property
    def match(self) -> re.Match[str]:
        return self.template.fullmatch(self.custom_id)


class ChoiceButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.CHOICE_TEMPLATE):
    """Answer a decision with one legal action."""

    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        ref = ids.parse_ref(m)
        await handle(
            interaction,
            ref.game_id,
            lambda client: play.choose(client.service, interaction.user.id, ref, int(m["index"]), m["ah"]),
        )


class CursorButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.CURSOR_TEMPLATE):
    """Show another page or step of a decision (or start its guided choice over)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        ref = ids.parse_ref(m)
        await handle(
            interaction, ref.game_id, lambda client: play.navigate(client.service, interaction.user.id, ref, ids.parse_cursor(m))
        )


class CursorSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT_TEMPLATE):
    """A select of a decision: a guided step's value, or an answer."""

    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        ref = ids.parse_ref(m)
        value = self.item.values[0] if self.item.values else ""
        await handle(
            interaction,
            ref.game_id,
            lambda client: play.select(client.service, interaction.user.id, ref, ids.parse_cursor(m), value),
        )


class QuickSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=ids.QUICK_TEMPLATE):
    """The quick moves of a move decision: each option a whole move, applied at once."""

    async def callback(self, interaction: discord.Interaction) -> None:
        ref = ids.parse_ref(self.match)
        value = self.item.values[0] if self.item.values else ""
        await handle(interaction, ref.game_id, lambda client: play.quick(client.service, interaction.user.id, ref, value))


class FormButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.FORM_TEMPLATE):
    """Open a decision's private form (:mod:`bot.ui.forms`) as a modal, filled in."""

    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        ref = ids.parse_ref(m)
        tr = await _language(interaction)
        try:
            with voice(tr):
                opened = await forms.open_form(
                    interaction.client.service, interaction.user.id, ref, ids.parse_form_values(m["values"])
                )
        except Exception:
            log.exception("game %s: unexpected error in %s", ref.game_id, _what(interaction))
            opened = [play.say(tr._(APOLOGY, game=ref.game_id))]
        if isinstance(opened, list):
            await interaction.response.defer()
            await send_replies(interaction, opened)
            return
        submit, form = opened
        modal = to_modal(form, submit.form_submit())
        await interaction.response.send_modal(modal)
        modal.stop()  # its submission is handled by on_form_submit (stateless: it survives a restart)


def to_modal(form: forms.Form, custom_id: str) -> discord.ui.Modal:
    """A form as a Discord modal (title and labels cut to Discord's 45 characters)."""
    modal = discord.ui.Modal(title=form.title[:45], custom_id=custom_id, timeout=None)
    for field in form.fields[:5]:
        modal.add_item(
            discord.ui.TextInput(
                label=field.label[:45],
                custom_id=field.key,
                default=field.value or None,
                placeholder=field.placeholder[:100] or None,
                required=field.required,
                max_length=field.max_length,
            )
        )
    return modal


def submitted_values(data: Any) -> dict[str, str]:
    """A modal submission's text inputs by custom id (action rows, or the newer label components)."""
    values: dict[str, str] = {}
    for row in (data or {}).get("components", []):
        inner = row.get("components") or ([row["component"]] if "component" in row else [])
        for component in inner:
            if "custom_id" in component and "value" in component:
                values[component["custom_id"]] = str(component["value"])
    return values


async def on_form_submit(interaction: discord.Interaction) -> None:
    """A submitted form (``on_interaction`` listener): applied as one move, or refused with a
    button that opens it again filled in. Read from the submission alone, so a form opened
    before a restart is still taken."""
    if interaction.type != discord.InteractionType.modal_submit:
        return
    match = re.fullmatch(ids.FORM_SUBMIT_TEMPLATE, str((interaction.data or {}).get("custom_id", "")))
    if match is None:
        return
    ref = ids.parse_ref(match)
    values = submitted_values(interaction.data)
    await handle(interaction, ref.game_id, lambda client: forms.submit_form(client.service, interaction.user.id, ref, values))


class PlanSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=ids.PLAN_TEMPLATE):
    """A stretch of plays: the picked answers join the plan (:mod:`bot.ui.stretch`)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui import stretch

        m = self.match
        ref, plan, values = ids.parse_ref(m), ids.parse_plan(m), list(self.item.values)
        await handle(interaction, ref.game_id, lambda client: stretch.add(client.service, interaction.user.id, ref, plan, values))


class PlanConfirmButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.PLAN_CONFIRM_TEMPLATE):
    """Confirm a stretch of plays: its answers applied in order."""

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui import stretch

        m = self.match
        ref, plan = ids.parse_ref(m), ids.parse_plan(m)
        await handle(
            interaction, ref.game_id, lambda client: stretch.confirm(client.service, interaction.user.id, ref, plan, m["h"])
        )


class MeButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.ME_TEMPLATE):
    """On every channel message: my open decisions and private messages, as ephemeral replies."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id = int(self.match["game"])
        await handle(interaction, game_id, lambda client: lobby.private_view(client, game_id, interaction.user.id))


class LobbyButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.LOBBY_TEMPLATE):
    """Join, leave or start a lobby; the lobby message is updated in place."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, op = int(self.match["game"]), self.match["op"]
        await handle(interaction, game_id, lambda client: lobby.LOBBY_OPS[op](client, game_id, interaction.user))


class OptionButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=ids.OPTION_TOGGLE_TEMPLATE):
    """The lobby's toggle of a yes/no option; the lobby message is updated in place."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, name = int(self.match["game"]), self.match["name"]
        await handle(interaction, game_id, lambda client: lobby.set_option(client, game_id, interaction.user, name, None))


class OptionSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=ids.OPTION_SELECT_TEMPLATE):
    """The lobby's select of an option's value; the lobby message is updated in place."""

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, name = int(self.match["game"]), self.match["name"]
        value = self.item.values[0] if self.item.values else ""
        await handle(interaction, game_id, lambda client: lobby.set_option(client, game_id, interaction.user, name, value))


def me_button(game_id: int, tr: Tr | None = None) -> discord.ui.View:
    """The "My decisions" button of a channel message (labelled in the game's language ``tr``)."""
    label = (tr or tr_for(None))._("My decisions")
    view = discord.ui.View(timeout=None)
    view.add_item(MeButton(discord.ui.Button(label=label, custom_id=ids.me_id(game_id), style=discord.ButtonStyle.primary)))
    return view


#: register with ``client.add_dynamic_items(*DYNAMIC_ITEMS)``
DYNAMIC_ITEMS = (
    ChoiceButton,
    CursorButton,
    CursorSelect,
    QuickSelect,
    FormButton,
    PlanSelect,
    PlanConfirmButton,
    MeButton,
    LobbyButton,
    OptionButton,
    OptionSelect,
)
