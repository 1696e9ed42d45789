"""bot.ui.transport: outbox payloads as Discord messages through a fake client (no connection):
who is pinged, what the channel may read, decisions by DM, maps with alt text, and how
Discord's failures reach the deliverer."""

import json
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest

from bot.delivery import Deliverer, TransientFailure, Undeliverable
from bot.store import Store
from bot.ui import components
from bot.ui.transport import DiscordTransport, channel_text, pinged
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, started_game
from tests.bot.playhelpers import full_service


class FakeDiscord:
    """A client with one channel and any user; records what was sent."""

    def __init__(self):
        self.sent = []  # (where, content, kwargs)
        self.fail = None

        async def send_to(where, content, **kwargs):
            if self.fail is not None:
                raise self.fail
            self.sent.append((where, content, kwargs))
            return SimpleNamespace(id=len(self.sent))

        self.channel = SimpleNamespace(send=lambda content, **kw: send_to(f"channel:{CHANNEL}", content, **kw))
        self.users = {}
        self._send_to = send_to

    def get_channel(self, channel_id):
        return self.channel if channel_id == CHANNEL else None

    def get_user(self, user_id):
        return SimpleNamespace(send=lambda content, **kw: self._send_to(f"dm:{user_id}", content, **kw))


def http_error(cls, status, code, text):
    return cls(SimpleNamespace(status=status, reason=text), {"code": code, "message": text})


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield full_service(store)
    await store.close()


async def test_a_drained_game_reaches_the_channel_and_each_player_through_discord(service):
    game_id = await started_game(service, (ALICE, BOB))
    fake = FakeDiscord()
    report = await Deliverer(service.store, DiscordTransport(fake, service)).drain()
    assert report.sent == 3
    (where, text, kwargs), *dms = fake.sent
    by_seat = [s.user_id for s in await service.store.seats(game_id)]
    assert where == f"channel:{CHANNEL}" and text.endswith(f"Waiting for: <@{by_seat[0]}>, <@{by_seat[1]}>")
    assert "commit" not in text  # who, never what
    assert sorted(u.id for u in kwargs["allowed_mentions"].users) == sorted([ALICE, BOB])
    assert kwargs["allowed_mentions"].everyone is False and kwargs["nonce"]
    [me] = kwargs["view"].children
    assert isinstance(me, components.MeButton) and me.custom_id == f"rw:{game_id}:me"
    assert "file" not in kwargs  # the tiny game has no renderer
    for where, text, kwargs in dms:
        assert where in (f"dm:{ALICE}", f"dm:{BOB}") and text.startswith(f"Game #{game_id}:\ndealt: cards=")
        assert "commit" in text and kwargs["view"].children
        assert all(isinstance(c, components.ChoiceButton) for c in kwargs["view"].children)


async def test_the_map_goes_with_its_alt_text(service, monkeypatch):
    await started_game(service, (ALICE, BOB))
    [row] = [r for r in await service.store.undelivered() if r.recipient == "channel"]
    payload = {**json.loads(row.payload), "map": {"file": "runewars-1-1.png", "alt": "The map: 3 tiles."}}
    monkeypatch.setattr(service, "map_image", AsyncMock(return_value=(b"\x89PNG", "ignored")))
    fake = FakeDiscord()
    await DiscordTransport(fake, service).send_channel(CHANNEL, payload, "n")
    file = fake.sent[0][2]["file"]
    assert file.filename == "runewars-1-1.png" and file.description == "The map: 3 tiles."
    # a map that cannot be drawn does not hold the news back
    monkeypatch.setattr(service, "map_image", AsyncMock(side_effect=RuntimeError("no fonts")))
    await DiscordTransport(fake, service).send_channel(CHANNEL, payload, "n2")
    assert "file" not in fake.sent[1][2]


@pytest.mark.parametrize("error, expected", [
    (http_error(discord.Forbidden, 403, 50007, "Cannot send messages to this user"), Undeliverable),
    (http_error(discord.NotFound, 404, 10003, "Unknown Channel"), Undeliverable),
    (http_error(discord.HTTPException, 503, 0, "Service Unavailable"), TransientFailure),
    (http_error(discord.HTTPException, 429, 0, "Too Many Requests"), TransientFailure),
    (OSError("connection reset"), TransientFailure),
])
async def test_discord_failures_are_told_apart_for_the_deliverer(service, error, expected):
    fake = FakeDiscord()
    fake.fail = error
    transport = DiscordTransport(fake, service)
    with pytest.raises(expected):
        await transport.send_dm(ALICE, {"game_id": 1, "seq": 1, "game": "tinygame", "seat": 0, "lines": []}, "n")


def test_channel_text_fits_one_message_and_ends_with_who_is_awaited():
    payload = {"kind": "update", "lines": [f"line {i} " + "x" * 50 for i in range(100)],
               "awaiting": [{"seat": 0, "user_id": 7}, {"seat": 1, "user_id": None}], "result": None}
    text = channel_text(payload)
    assert len(text) <= 2000 and text.startswith("…\n") and text.endswith("Waiting for: <@7>, an AI seat")
    assert pinged(payload) == [7]
    over = channel_text({"kind": "update", "lines": [], "awaiting": [], "result": {"winners": [1]}})
    assert over == "**The game is over.** Winners: seat 1."
    assert pinged({"kind": "notice", "user_id": 7, "lines": ["x"]}) == []
