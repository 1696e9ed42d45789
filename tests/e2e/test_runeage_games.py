"""Rune Age through the wire (issue 28 item 5): the real bot, the loopback double, and scripted
players clicking its real components (a turn's plays composed in the stretch select and
confirmed, bot/ui/stretch.py), each game audited for leaks (tests/e2e/runeage_leaks.py: hands
and the order of decks) and replayed to its stored state; a canary per secret kind proves the
audit catches what it looks for."""

from __future__ import annotations

import sqlite3

import pytest

from bot.ui import transport
from engine.core import decode
from loopback.brains import PLAN, Table
from loopback.harness import LogLines, bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e import runeage_leaks


def stretch_clicks(table: Table) -> int:
    return sum(
        1 for s in table.steps for i in s.interactions if PLAN.fullmatch((i.payload.get("data") or {}).get("custom_id", ""))
    )


async def play_whole_game(double, database, names, options, seed):
    with LogLines().installed() as logs:
        async with bot_in_process(double, database, seeds=[seed]) as bot, reader(database) as service:
            users = [double.add_user(n) for n in names]
            table = Table(double, service, [Player(double, u) for u in users], seed=seed, game="runeage")
            await table.open(game_options=options)
            final = await table.play()
            await bot.deliverer.drain()
            await delivered(database, table.game_id)
            problems = await runeage_leaks.audit(double, service, table.game_id, logs.lines)
            channel = [m.text() for m in double.messages.values() if m.channel_id == table.channel.id]
    return table, final, problems, channel


async def test_two_players_play_runenkriege_to_its_end(double, database):
    """A 2-player Runenkriege game (p. 15: the last realm standing wins) to its end."""
    table, final, problems, channel = await play_whole_game(double, database, ("alice", "bob"), {"scenario": "runenkriege"}, 4)
    assert final.status == "finished" and final.view["result"]["reason"] == "last_survivor"
    assert {s.seat for s in table.steps} == {0, 1}
    assert stretch_clicks(table) > 0, "the players composed their turns in the stretch select"
    assert any("wins" in text for text in channel)
    assert problems == [], problems[:6]


async def test_three_players_play_weltenbrand_together(double, database):
    """A 3-player Weltenbrand game (co-operative, p. 16): everyone wins or loses together, and
    the end says so to all of them."""
    table, final, problems, channel = await play_whole_game(
        double, database, ("alice", "bob", "carol"), {"scenario": "weltenbrand"}, 2
    )
    assert final.status == "finished" and final.view["result"]["reason"] in ("survived", "player_fell")
    assert any("You all won" in text or "You all lost" in text for text in channel)
    assert problems == []


def _state(database):
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        row = db.execute("SELECT state FROM games WHERE status = 'active'").fetchone() if database.exists() else None
    return None if row is None else decode(row[0])


@pytest.mark.parametrize("kind", ["hand", "deck"])
async def test_a_canary_of_each_secret_kind_is_caught(kind, double, database, monkeypatch):
    """The audit catches a hand told to the channel, and the order of a deck after a shuffle."""

    def secret() -> str:
        state = _state(database)
        if state is None or state.board is None:
            return "(no game yet)"
        player = state.board.players[1]
        cards = runeage_leaks.hand_cards(player.hand) if kind == "hand" else runeage_leaks.deck_cards(player.deck)
        return "(too plain)" if cards is None else runeage_leaks.phrases(cards)[0]

    news = transport.post_text
    monkeypatch.setattr(transport, "post_text", lambda payload: f"Psst: {secret()}.\n" + news(payload))
    with LogLines().installed() as logs:
        async with bot_in_process(double, database, seeds=[4]) as bot, reader(database) as service:
            users = [double.add_user(n) for n in ("alice", "bob")]
            table = Table(double, service, [Player(double, u) for u in users], seed=4, game="runeage")
            await table.open(game_options={"scenario": "runenkriege"})
            await table.play(until=lambda v: v.seq >= 150)
            await bot.deliverer.drain()
            moments = await runeage_leaks.load(service, table.game_id)
            found = runeage_leaks.leaks.check(double, moments, logs.lines)
    caught = [leak for leak in found if leak.secret.key.startswith(f"{kind}:1:")]
    assert caught, f"the {kind} canary was not caught; found {[str(f) for f in found][:5]}"


@pytest.mark.slow
async def test_four_players_build_the_monument_and_one_plays_drachenlords_alone(double, database):
    """Issue 28 Done-when: a 4-player Das Monument game and a solo Drachenlords game, played
    through the cogs, reach their ends and replay to the stored states (the audit replays)."""
    table, final, problems, _ = await play_whole_game(
        double, database, ("alice", "bob", "carol", "dave"), {"scenario": "monument"}, 3
    )
    assert final.status == "finished" and final.view["result"]["reason"].startswith(("monument", "all_eliminated", "round"))
    assert problems == []


async def test_one_player_plays_drachenlords_alone(double, database):
    table, final, problems, channel = await play_whole_game(double, database, ("alice",), {}, 1)
    assert final.status == "finished" and len(final.view["players"]) == 1
    assert any("You all won" in text or "You all lost" in text for text in channel)
    assert problems == []
