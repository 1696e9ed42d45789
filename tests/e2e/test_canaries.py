"""Canaries: one per output kind, each makes the bot give a secret away, and the leak check
(tests/e2e/leaks.py) must catch it, in that output kind (issue #11: "One canary test per
output kind injects a secret and must be caught").

The secret is the last card of the tactics draw pile: nobody has seen it, and it stays
there for the whole short game (cards are drawn from the top). Each canary patches the
bot's code at the point that makes that output, then a 2-player game is started (news,
DMs with decision panels, the status message with its map) and played for a few set-up
moves, and Alice types into ``/game move``.
"""

from __future__ import annotations

import logging
import sqlite3
import struct
import zlib

import discord
import pytest

from bot.service import GameService
from bot.ui import components, play, transport
from bot.ui.transport import DiscordTransport
from engine.core import decode
from loopback.brains import Table
from loopback.harness import LogLines, bot_in_process, reader
from loopback.players import Player
from tests.e2e import leaks


def with_text_chunk(png: bytes, text: str) -> bytes:
    """``png`` with a tEXt chunk before its IEND."""
    body = b"Comment\0" + text.encode()
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    return png[:-12] + chunk + png[-12:]


def inject(kind: str, monkeypatch, secret: list[str]) -> None:
    """Make the bot show ``secret()`` (known once the game has started) in output ``kind``."""
    if kind == "message text":  # the turn posts (issue 19 item 3: the news of a move)
        news = transport.post_text
        monkeypatch.setattr(transport, "post_text", lambda payload: f"Psst: {secret()}.\n" + news(payload))
    elif kind == "awaited list":  # "Waiting for" is said by the status message (and the ping)
        status = transport.status_text
        monkeypatch.setattr(
            transport,
            "status_text",
            lambda *a, **k: status(*a, **k).replace("Waiting for: ", f"Waiting for: (who holds {secret()}) "),
        )
    elif kind == "embed":
        send = DiscordTransport.send_channel

        async def send_channel(self, channel_id, payload, nonce):
            sent = await send(self, channel_id, payload, nonce)
            channel = self.client.get_channel(channel_id)
            await channel.send(embed=discord.Embed(title="News", description=f"Next card: {secret()}"))
            return sent

        monkeypatch.setattr(DiscordTransport, "send_channel", send_channel)
    elif kind in ("alt text", "png metadata"):
        draw = GameService.map_images

        async def map_images(self, *args, **kwargs):
            [(png, alt, name), *rest] = await draw(self, *args, **kwargs)
            if kind == "alt text":
                return [(png, f"{alt} The next tactics card is {secret()}.", name), *rest]
            return [(with_text_chunk(png, f"next tactics card {secret()}"), alt, name), *rest]

        monkeypatch.setattr(GameService, "map_images", map_images)
    elif kind == "autocomplete":

        async def move_suggestions(*args, **kwargs):
            return [(f"to where {secret()} lies", secret())]

        monkeypatch.setattr(play, "move_suggestions", move_suggestions)
    elif kind == "button label":
        me = transport.me_button

        def me_button(game_id: int, tr=None) -> discord.ui.View:  # issue 31: labelled in the game's language
            view = me(game_id)
            for child in view.children:
                child.item.label = f"My decisions ({secret()} is next)"
            return view

        monkeypatch.setattr(transport, "me_button", me_button)
    elif kind == "select option":
        panel_view = components.to_view

        def to_view(panel):
            view = panel_view(panel) or discord.ui.View(timeout=None)
            view.add_item(discord.ui.Select(custom_id="canary", options=[discord.SelectOption(label=secret(), value="x")]))
            return view

        monkeypatch.setattr(components, "to_view", to_view)
        monkeypatch.setattr(transport, "to_view", to_view)
    elif kind == "log line":
        narrate = transport.dm_text

        def dm_text(payload, *context):
            logging.getLogger("bot.ui.transport").info("sending a DM; the next tactics card is %s", secret())
            return narrate(payload, *context)

        monkeypatch.setattr(transport, "dm_text", dm_text)
    else:
        raise ValueError(kind)


KINDS = [
    "message text",
    "awaited list",
    "embed",
    "alt text",
    "png metadata",
    "autocomplete",
    "button label",
    "select option",
    "log line",
]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_secret_in_each_output_kind_is_caught(kind, double, database, monkeypatch):
    def secret() -> str:
        """The last card of the tactics draw pile of the running game, read from the bot's database."""
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            row = db.execute("SELECT state FROM games WHERE status = 'active'").fetchone() if database.exists() else None
        return "(no game yet)" if row is None else decode(row[0]).board.decks["tactics"].draw[-1]

    inject(kind, monkeypatch, secret)
    with LogLines().installed() as logs:
        async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
            alice, bob = double.add_user("alice"), double.add_user("bob")
            table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3)
            await table.open()
            await table.play(until=lambda v: v.seq >= 5)  # the start (with its map), then a few set-up moves
            await table.brains[0].autocomplete("game move", focused="to")
            await bot.deliverer.drain()
            moments = await leaks.Moments.load(service, table.game_id)
            found = leaks.check(double, moments, logs.lines)
    caught = [leak for leak in found if leak.output.kind == kind and leak.secret.key == f"card:{secret()}"]
    assert caught, f"the {kind} canary {secret()} was not caught; found: {[str(f) for f in found]}"
    assert all(leak.secret.key == f"card:{secret()}" for leak in found), [str(f) for f in found]


async def test_runes_and_chosen_orders_are_recognised_however_they_are_phrased(double, database):
    """The matchers behind the rune and order secrets (tests/e2e/leaks.py): the facts in the
    phrasings the bot's texts use, and not the public lines around them."""
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, double.add_user(n)) for n in ("alice", "bob")], seed=3)
        await table.open()
        await table.play(until=lambda v: any(p["has_chosen"] for p in v.view["players"]))  # one order chosen
        moments = await leaks.Moments.load(service, table.game_id)
    secrets = {s.key.split(":")[0]: s for s in moments.secrets(moments.last_seq, moments.last_seq, None)}
    _, area, kind = secrets["rune"].key.split(":")
    for leaked in (
        f"Runes you know: 1A false, {area} {kind}.",
        f"a {kind} rune in {area}",
        f"- {area} (forest) · held by Humans (player 1) · {kind} rune (known to you)",
    ):
        assert secrets["rune"].find(leaked), leaked
    for public in (f"- {area} (forest) · held by Humans (player 1) · rune face down", f"Seat 0 moved 2 × Knights {area} → 1B."):
        assert not secrets["rune"].find(public), public
    _, seat, number = secrets["order"].key.split(":")
    for leaked in (
        f"Seat {seat} chose order {number}.",
        f"Waiting for: <@{moments.users[int(seat)]}> (Order {number})",
        f"Player {int(seat) + 1} chose order {number}.",  # the names of issue 19 item 4
    ):
        assert secrets["order"].find(leaked), leaked
    assert not secrets["order"].find(f"Seat {seat} has chosen an order.")
    assert not secrets["order"].find(f"Player {int(seat) + 1} has chosen an order.")
