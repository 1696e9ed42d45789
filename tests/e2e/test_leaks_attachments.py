"""The leak audit beyond the words (issue 21 item 13): the content of attachments (the export
while the game runs, a reminder's recap map, battle pictures), who is in a private thread,
held messages, and a seat claimed mid-game (tests/e2e/leaks.py).

The first test plays a game that makes each of them (a closed-DM player with a private
thread, ``/game export``, a reminder with its map and the "Map of the changes" button, a
``replace`` vote and a newcomer claiming the seat) and the extended audit finds nothing.
Each canary after it makes the bot leak through one of them, and the audit must say so.
"""

from __future__ import annotations

import io
import re
import sqlite3
import time
from dataclasses import replace

import discord
from PIL import Image

from bot import ids
from bot.table import SweepReport, Table, recap, waits
from bot.ui import info
from bot.ui.transport import DiscordTransport
from engine.core import decode
from loopback import payloads as p
from loopback.brains import Brain
from loopback.brains import Table as Game
from loopback.harness import bot_in_process, reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.seasons import season_index

HOUR = 3600.0


def hidden_card(database) -> str:
    """The last card of the tactics draw pile of the running game: nobody has seen it."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        row = db.execute("SELECT state FROM games WHERE status = 'active'").fetchone()
    return decode(row[0]).board.decks["tactics"].draw[-1]


async def remind(bot, game_id: int) -> None:
    """Two sweeps, the second 13 hours later: the awaited players' first reminders (with
    their recap maps) go out."""
    start = time.time()
    for now in (start, start + 13 * HOUR):
        table = Table(bot.store, bot.service, lambda now=now: now)
        report = SweepReport()
        await waits.sweep_game(table, await bot.store.get_game(game_id), report)
    await bot.deliverer.drain()


async def remind_with_map(bot, game: Game) -> list[Brain]:
    """Reminders after every few moves until one carries a recap map (a decision awaited
    after something changed on the seat's map); the brains that got one."""
    for _ in range(20):
        await remind(bot, game.game_id)
        if reminded := [b for b in game.brains if recap_maps(game.double, b.user)]:
            return reminded
        seq = (await game.seat_view(None)).seq
        await game.play(until=lambda v, seq=seq: v.seq >= seq + 4)
    raise AssertionError("no reminder carried a recap map")


def recap_maps(double, user) -> list:
    return [
        m
        for m in double.inbox(user)
        if any(leaks.RECAP_FILE.fullmatch(a.get("filename", "")) for a in m.payload.get("attachments") or [])
    ]


async def two_players(double, database, bot, service, **users):
    alice, bob = double.add_user("alice", **users), double.add_user("bob")
    game = Game(double, service, [Player(double, alice), Player(double, bob)], seed=3)
    await game.open()
    await game.play(until=lambda v: season_index(v) >= 1)
    return game


async def test_export_reminders_threads_and_a_claimed_seat_pass_the_audit(double, database):
    alice, bob = double.add_user("alice"), double.add_user("bob")
    carol = double.add_user("carol", dms_open=False)  # her private messages go to her private thread
    dave = Player(double, double.add_user("dave"))
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = Game(double, service, [Player(double, u) for u in (alice, bob, carol)], seed=3)
        await game.open()
        await game.play(until=lambda v: season_index(v) >= 1)

        exported = await game.brains[0].slash("game export")
        [attachment] = exported.message.payload["attachments"]
        assert attachment["filename"].endswith("-public.json")

        reminded = await remind_with_map(bot, game)
        brain = reminded[0]
        reminder = recap_maps(double, brain.user)[-1]
        clicked = await brain.click(reminder, "Map of the changes")
        await double.wait_for(lambda: clicked.responses, what="the recap map")

        seat = next(s for s, u in game.seats.items() if u == carol.id)
        voted = await game.brains[0].slash("game vote replace", player=carol)
        vote = int(re.search(r"Vote #(\d+)", voted.message.content)[1])
        yes = await game.brains[1].click(voted.message, custom_id=ids.vote_id(game.game_id, vote, True))
        await double.wait_for(lambda: yes.responses, what="the vote")
        claim = ids.claim_id(game.game_id, seat)
        [offer] = [m for m in double.channel_messages(game.channel) if any(c.get("custom_id") == claim for c in m.components())]
        taken = await dave.click(offer, custom_id=claim)
        await double.wait_for(lambda: taken.responses, what="the claim")
        assert (await service.store.seats(game.game_id))[seat].user_id == dave.user.id
        game.brains.append(Brain(game, dave))
        game.seats[seat] = dave.user.id

        hand = await dave.slash("rw hand")
        assert any("Your private information" in m.content for m in [hand.message, *hand.followups] if m)
        before = (await service.store.get_game(game.game_id)).seq
        await game.play(until=lambda v: v.seq >= before + 40)
        assert any(s.user == "dave" for s in game.steps), "the new holder played the seat"
        await bot.deliverer.drain()

        [thread] = [c for c in double.channels.values() if c.type == p.PRIVATE_THREAD]
        assert thread.members == {double.bot.id, carol.id}
        assert not any(m.content.startswith(leaks.HELD) for m in double.ephemerals(dave.user))
        assert len(list(leaks.attachments(double, leaks.RECAP_FILE))) >= 2  # the reminder's and the button's
        moments = await leaks.Moments.load(service, game.game_id, double)
        assert [(c.seat, c.former, c.holder) for c in moments.claims] == [(seat, carol.id, dave.user.id)]
        problems = await leaks.audit(double, service, game.game_id)
    assert problems == []


async def test_a_secret_in_a_running_games_export_is_caught(double, database, monkeypatch):
    from bot.table import ui

    build = ui.build_export

    async def build_export(table, game_id, **kwargs):
        data = await build(table, game_id, **kwargs)
        data["seed"] = (await table.store.get_game(game_id)).seed
        data["story"][-1]["lines"].append(f"The next tactics card is {hidden_card(database)}.")
        return data

    monkeypatch.setattr(ui, "build_export", build_export)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = await two_players(double, database, bot, service)
        await game.brains[1].slash("game export")
        secret = hidden_card(database)
        problems = await leaks.audit(double, service, game.game_id)
    assert any("attachment content" in x and secret in x for x in problems), problems
    assert any("holds ['seed']" in x for x in problems), problems


async def test_a_recap_map_of_another_seat_is_caught(double, database, monkeypatch):
    draw = recap.recap_map

    async def recap_map(table, game_id, seat, *args):
        return await draw(table, game_id, 1 - seat, *args)  # the other seat's view

    monkeypatch.setattr(recap, "recap_map", recap_map)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = await two_players(double, database, bot, service)
        await remind_with_map(bot, game)
        monkeypatch.setattr(recap, "recap_map", draw)  # the audit's own picture is the true one
        problems = await leaks.audit(double, service, game.game_id)
    assert any("not the picture of seat" in x for x in problems), problems


async def test_a_battle_picture_of_a_private_view_is_caught(double, database, monkeypatch):
    send = DiscordTransport.send_channel

    async def send_channel(self, channel_id, payload, nonce):
        sent = await send(self, channel_id, payload, nonce)
        seated = next(s.user_id for s in await self.service.store.seats(payload["game_id"]) if s.user_id)
        seat_view = await self.service.view(payload["game_id"], seated)  # a seat's own view
        png, _ = await self.service.map_image(payload["game_id"], seat_view.view, seat_view.seat)
        name = f"battle-{payload['game_id']}-{payload['seq']}.png"
        await self.client.get_channel(channel_id).send(file=discord.File(io.BytesIO(png), filename=name))
        return sent

    monkeypatch.setattr(DiscordTransport, "send_channel", send_channel)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = await two_players(double, database, bot, service)
        problems = await leaks.audit(double, service, game.game_id)
    assert any("not the picture of a public battle" in x for x in problems), problems


async def test_a_second_member_of_a_private_thread_is_caught(double, database, monkeypatch):
    made = DiscordTransport._private_thread
    others: list[int] = []

    async def private_thread(self, channel, game_id, user_id):
        thread = await made(self, channel, game_id, user_id)
        await thread.add_user(discord.Object(id=others[0]))  # someone else reads it too
        return thread

    monkeypatch.setattr(DiscordTransport, "_private_thread", private_thread)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        others.append(double.add_user("mallory").id)
        game = await two_players(double, database, bot, service, dms_open=False)
        problems = await leaks.audit(double, service, game.game_id)
    assert any("private thread" in x and "has members" in x for x in problems), problems


async def test_held_messages_shown_to_someone_else_are_caught(double, database, monkeypatch):
    """Alice's DMs are closed and the owner sits at the table (no private thread): her
    messages are held. A bot that shows them to whoever asks /rw hand (as to a new holder
    of her seat) is caught."""
    alice = double.add_user("alice", dms_open=False)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        take = bot.deliverer.take_held

        async def take_held(game_id, user_id):
            return await take(game_id, alice.id if user_id == double.owner.id else user_id)  # Alice's, to the owner

        game = Game(double, service, [Player(double, alice), Player(double, double.owner)], seed=3)
        game.brains[0].patience = 0
        await game.open()
        monkeypatch.setattr(bot.deliverer, "take_held", take_held)
        await game.play(until=lambda v: v.seq >= 8 and bool(v.awaited) and game.seats[v.awaited[0]] == alice.id)
        await bot.deliverer.drain()  # her new decision's message is held, not yet taken
        await game.brains[1].slash("rw hand")
        problems = await leaks.audit(double, service, game.game_id)
    assert any("was not theirs" in x for x in problems), problems


async def test_the_former_holders_messages_count_as_public_after_a_claim(double, database):
    """After a claim, what reaches the former holder is judged as what the public may know:
    a DM after the claim that shows the seat's hand is a leak."""
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        game = await two_players(double, database, None, service)
        alice = game.brains[0].user
        seat = next(s for s, u in game.seats.items() if u == alice.id)
        moments = await leaks.Moments.load(service, game.game_id, double)
        dms = [m for m in double.dms(alice) if m.payload["author"]["id"] == str(double.bot.id)]
        assert dms
        found = [leak for leak in leaks.check(double, moments) if leak.output.where.startswith("DM")]
        assert found == []  # hers while she held the seat
        moments.claims = [leaks.Claim(0.0, seat, alice.id, 999)]  # as if claimed before everything
        moments.users[seat] = 999
        found = [leak for leak in leaks.check(double, moments) if leak.output.where.startswith("DM")]
    assert found, "her DMs, judged as the public's, show her hand"


async def test_a_public_game_map_is_the_public_views_gallery_and_passes_the_audit(double, database):
    """issue 19 item 7: ``/game map public:True`` posts in the channel the pictures of the
    public view (at most 1,200 px tall each, within Discord's 10 attachments), never the
    caller's seat's; the audit compares every picture with the public view's."""
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = await two_players(double, database, bot, service)
        await game.brains[0].slash("game settings", layout="phone")  # the public map ignores the caller's layout
        shared = await game.brains[0].slash("game map", public=True)
        message = shared.message
        names = [a["filename"] for a in message.payload["attachments"]]
        assert message.visible_to is None and "the public map" in message.content
        assert 2 <= len(names) <= 10 and all(leaks.PUBLIC_MAP_FILE.fullmatch(n) for n in names), names
        assert all(Image.open(io.BytesIO(data)).height <= 1200 for *_, data in leaks.attachments(double, leaks.PUBLIC_MAP_FILE))
        assert len(leaks.channel_maps(double)) >= len(names)  # the audit sees them
        problems = await leaks.audit(double, service, game.game_id)
    assert problems == []


async def test_a_public_game_map_of_the_callers_seat_is_caught(double, database, monkeypatch):
    draw = info.game_map

    async def game_map(client, channel_id, user_id, area=None, public=False):
        return [replace(r, public=public) for r in await draw(client, channel_id, user_id, area)]  # the seat's view

    monkeypatch.setattr(info, "game_map", game_map)
    async with bot_in_process(double, database, seeds=[3]) as bot, reader(database) as service:
        game = await two_players(double, database, bot, service)
        await game.brains[0].slash("game settings", layout="phone")
        await game.brains[0].slash("game map", public=True)
        problems = await leaks.audit(double, service, game.game_id)
    assert any("is not the picture of that commit's public view" in x for x in problems), problems
