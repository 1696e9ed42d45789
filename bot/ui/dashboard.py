"""The living dashboard (issue 32 item 3): the status message as one Components V2 layout.

One ``discord.ui.LayoutView`` (discord.py 2.6+) edited in place: a Container holding the
status head line (game, chapter, move), the game as it stands with who is awaited and their
``<t:…:R>`` deadlines (the text of the classic message, :func:`bot.ui.channel.status_text`,
so both say the same), the current map and, where the table's current decision concerns one
place, a larger crop of it (:meth:`bot.frontend.FrontEnd.public_focus`, from the public view
only) in a media gallery, and the buttons everyone needs in an action row (My decisions).
At the end of a game the gallery carries its timelapse (:mod:`bot.table.timelapse`).

Discord's rules for such a message (the loopback double enforces them, docs/e2e.md): the
flag IS_COMPONENTS_V2, no ``content`` and no embeds beside the components, at most 40
components in all (nested ones count), text displays of at most 4,000 characters together,
a gallery of 1 to 10 items each pointing at an attachment of the message. The layout here
uses 7 components at most. The classic message (text, attachments, a button row) is the
fallback, chosen with the setting ``STATUS_LAYOUT=classic``.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import ids
from bot.i18n import Tr
from bot.ui.components import MeButton

#: what a status message may be: one Components V2 layout, or the classic text with attachments
LAYOUTS = ("dashboard", "classic")
#: Discord: the items of one media gallery
GALLERY_ITEMS = 10
#: Discord: the characters of every text display of a message together
TEXT_TOTAL = 4000


def dashboard(
    text: str, game_id: int, tr: Tr, pictures: Sequence[tuple[str, str]] = (), *, accent: int | None = None
) -> discord.ui.LayoutView:
    """The status message as a layout: ``text`` (the classic status text: its first line is the
    head, the rest the body), ``pictures`` as ``(file name, alt text)`` of the message's
    attachments (the map first, then the crop, the board panel's pages, the timelapse)."""
    head, _, body = text.partition("\n")
    view = discord.ui.LayoutView(timeout=None)
    container = discord.ui.Container(accent_colour=accent)
    container.add_item(discord.ui.TextDisplay(head[:TEXT_TOTAL]))
    if body.strip():
        container.add_item(discord.ui.Separator(visible=True))
        container.add_item(discord.ui.TextDisplay(body[: TEXT_TOTAL - len(head)]))
    if pictures:
        gallery = discord.ui.MediaGallery()
        for name, alt in pictures[:GALLERY_ITEMS]:
            gallery.add_item(media=f"attachment://{name}", description=alt[:1024] or None)
        container.add_item(gallery)
    row = discord.ui.ActionRow()
    label = tr._("My decisions")
    row.add_item(MeButton(discord.ui.Button(label=label, custom_id=ids.me_id(game_id), style=discord.ButtonStyle.primary)))
    container.add_item(row)
    view.add_item(container)
    return view
