"""Canaries for Lords of Ragnarok's secrets (issue 26 item 5: "the leak audit of every public
output with a canary per secret kind (hands, hunt hands, hero-selection offers)").

Each canary makes the bot's turn post (a public message) name a card of one secret kind, read
from the running game's state when the post is written: a combat card in a hand, an attack
card in the monster's hand during a hunt, a hero or lineage of the selecting seat's offer. The
audit (tests/e2e/leaks.py with tests/e2e/ragnarok_secrets.py) must catch it, and find nothing
else.
"""

from __future__ import annotations

import sqlite3

import pytest

from bot.ui import transport
from engine.core import decode
from loopback.brains import Table
from loopback.harness import LogLines, bot_in_process, reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.ragnarok_secrets import secrets_of_kind

pytestmark = pytest.mark.slow


def _until(kind: str):
    """How far the game is played for the secret to be in play and told by a few posts."""
    if kind == "offer":
        return lambda v: v.seq >= 4  # hero selection: an offer is open from the start
    if kind == "hand":
        return lambda v: (v.view.get("turn") or 0) >= 2
    return lambda v: v.view.get("hunt") is not None and v.view["hunt"].get("card") is not None  # a monster round has been played


@pytest.mark.parametrize("kind", ["offer", "hand", "attack_hand"])
async def test_a_secret_of_each_kind_in_a_public_post_is_caught(kind, double, database, monkeypatch):
    injected: list[str] = []

    def secret() -> str:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            row = db.execute("SELECT state FROM games WHERE status = 'active'").fetchone() if database.exists() else None
        found = [] if row is None else secrets_of_kind(decode(row[0]), kind)
        if not found:
            return ""
        injected.append(found[-1])
        return found[-1]

    news = transport.post_text

    def post_text(payload):
        told = secret()
        return (f"Psst: {told}.\n" if told else "") + news(payload)

    monkeypatch.setattr(transport, "post_text", post_text)
    with LogLines().installed() as logs:
        async with bot_in_process(double, database, seeds=[2]) as bot, reader(database) as service:
            players = [Player(double, double.add_user(n)) for n in ("alice", "bob", "carol")]
            table = Table(double, service, players, seed=2, game="ragnarok")
            await table.open()
            await table.play(until=_until(kind))
            reached = (await table.seat_view(None)).seq
            await table.play(until=lambda v: v.seq >= reached + 3)
            await bot.deliverer.drain()
            moments = await leaks.Moments.load(service, table.game_id)
            found = leaks.check(double, moments, logs.lines)
    assert injected, f"no {kind} was in play"
    keys = {f"card:{card}" for card in injected}
    caught = [leak for leak in found if leak.output.kind == "message text" and leak.secret.key in keys]
    assert caught, f"the {kind} canary was not caught; found: {[str(f) for f in found]}"
    assert all(leak.secret.key in keys for leak in found), [str(f) for f in found]
