"""Runewars through the wire: the real bot, the double, and players deciding with the AI policy.

Each game ends with :func:`tests.e2e.leaks.audit`: every output checked against the secrets
of its moment, the awaited lists, the maps (the pictures of the public view), and the
stored log replayed to the stored state. Source of the behaviour checked: docs/bot.md
(commands, decisions by DM, the private-thread and ``/rw hand`` fallbacks, clicks
that no longer fit) and issue #11, items 2 to 4.
"""

from __future__ import annotations

import sqlite3

import pytest

from bot import ids
from bot.ui.lobby import DM_CLOSED
from loopback import payloads as p
from loopback.brains import CHOICE, Table
from loopback.harness import bot_in_process, bot_process, delivered, log_lines, reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.seasons import season_index

TWO_YEARS = 8  # seasons


def private_rows(database, game_id: int, user_id: int) -> list[tuple[int, int | None]]:
    """(commit, message id) of every private outbox row of a user."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(
            "SELECT seq, message_id FROM outbox WHERE game_id = ? AND recipient = ? ORDER BY rowid", (game_id, f"user:{user_id}")
        ).fetchall()


@pytest.mark.slow
async def test_four_players_play_two_years_with_a_spectator_and_closed_dms(double, database, tmp_path):
    """Four seats over two years (issue #11: "a 4-player game over at least two years").
    Dave's DMs are closed: his private messages reach him in his private thread of the game
    channel, which nobody else can read (docs/bot.md, "Secrets: by DM, with a fallback").
    Erin holds no seat and looks on with /game status, map, log, cards and move's
    autocomplete; the seated players type moves (autocomplete) and ask for their maps. The
    bot runs as its own process (python -m bot run), so it and the players use two cores."""
    alice, bob, carol = (double.add_user(n) for n in ("alice", "bob", "carol"))
    dave = double.add_user("dave", dms_open=False)
    erin = Player(double, double.add_user("erin"))
    log = tmp_path / "bot.log"
    async with bot_process(double, database, log, seeds=[5]), reader(database) as service:
        table = Table(double, service, [Player(double, u) for u in (alice, bob, carol, dave)], seed=5, type_moves=True)
        await table.open()
        told = [m for m in double.ephemerals(dave) if m.content == DM_CLOSED]
        assert told, "joining with closed DMs says how to play anyway"

        async def look_on(step):
            if len(table.steps) % 100 == 1:
                await erin.slash("game status")
                await erin.slash("game map")
                await erin.slash("game log")
                await erin.slash("game export")  # the public export: its content is audited too
                await erin.autocomplete("game move", focused="to")
                choices = await erin.autocomplete("rw card", focused="name", value="a")
                await erin.slash("rw card", name=choices[0]["value"])
                for brain in table.brains:
                    await brain.autocomplete("rw card", focused="name", value="a")
                    await brain.slash("game map")
                    await brain.slash("game log")

        public = await table.play(until=lambda v: season_index(v) > TWO_YEARS, after_step=look_on)
        await delivered(database, table.game_id)
        assert public.view["year"] == 3 and public.view["season"] == "spring"
        assert {s.seat for s in table.steps} == {0, 1, 2, 3}
        assert sum(b.fallbacks for b in table.brains) == 0  # every decision arrived by DM, private thread or reply

        assert double.dms(dave) == []
        [thread] = [c for c in double.channels.values() if c.type == p.PRIVATE_THREAD]
        assert thread.members == {double.bot.id, dave.id} and thread.parent_id == table.channel.id
        rows = private_rows(database, table.game_id, dave.id)
        assert rows and all(double.messages[m].channel_id == thread.id for _, m in rows)
        assert not any(m.channel_id == thread.id for u in (alice, bob, carol, erin.user) for m in double.inbox(u))

        battles = list(leaks.attachments(double, leaks.BATTLE_FILE))
        problems = await leaks.audit(double, service, table.game_id, log_lines(log))
    assert problems == []
    assert battles, "battle pictures were shown (and audited)"


async def test_a_user_without_a_seat_is_refused(double, database):
    """docs/bot.md: "only the seat holder can answer"; /rw hand and /game move need a
    seat. Erin's tries change nothing."""
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, double.add_user(n)) for n in ("alice", "bob")], seed=3)
        await table.open()
        await table.play(until=lambda v: season_index(v) >= 1)
        erin = Player(double, double.add_user("erin"))
        before = await service.store.get_game(table.game_id)
        news = double.channel_messages(table.channel)[-1]
        pressed = await erin.click(news, "My decisions")
        private = await erin.slash("rw hand")
        moved = await erin.slash("game move", to="1A")
        suggested = await erin.autocomplete("game move", focused="to")
        await double.wait_for(lambda: pressed.responses, what="the answer to My decisions")
        for answer in (pressed.followups[0], private.message, moved.message):
            assert answer.ephemeral and answer.visible_to == erin.user.id
            assert "no seat" in answer.content, answer.content
        assert suggested == []
        after = await service.store.get_game(table.game_id)
        assert (after.seq, after.state) == (before.seq, before.state)
        assert await leaks.audit(double, service, table.game_id) == []


async def test_a_stale_button_is_refused_and_changes_nothing(double, database):
    """docs/bot.md, "Clicks that no longer fit": once a decision is settled, its old buttons
    answer with a polite note and the decision as it stands; the game does not change."""
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, double.add_user(n)) for n in ("alice", "bob")], seed=3)
        await table.open()
        await table.play(until=lambda v: bool(v.view.get("turn")))
        public = await table.seat_view(None)
        brain = table.by_user[table.seats[public.awaited[0]]]
        view = await table.seat_view(brain.user.id)
        ph = ids.prompt_hash(view.decisions[0].prompt.id)
        dm = await double.wait_for(lambda: brain.panel(ph), what="the decision's DM")
        await brain.slash("rw hand")  # a fresh copy of the open decision, which the brain answers
        await double.wait_for(lambda: brain.panel(ph) is not dm, what="the copy from /rw hand")
        step = await brain.decide(view)
        assert step.seq_after > step.seq_before and dm.id not in [i.original_id for i in step.interactions]
        before, shown = await service.store.get_game(table.game_id), dict(dm.payload)
        stale = next(c for c in dm.components() if CHOICE.fullmatch(c.get("custom_id", "")))  # still shown, settled
        clicked = await brain.click(dm, custom_id=stale["custom_id"])
        await double.wait_for(lambda: clicked.responses, what="the answer to the stale click")
        after = await service.store.get_game(table.game_id)
        assert (after.seq, after.state) == (before.seq, before.state)
        note = (clicked.followups or [clicked.message])[0]
        assert note.ephemeral and ("no longer" in note.content or "moved on" in note.content), note.content
        assert dm.payload == shown  # the old message stays as it was
        assert await leaks.audit(double, service, table.game_id) == []


async def test_held_private_messages_reach_a_player_with_closed_dms_by_rw_hand(double, database):
    """docs/bot.md: with DMs closed and no private thread possible (the server owner sits at
    the table and could read it), the private messages are held; the channel says (without
    the content) that a player has messages waiting, and /rw hand shows them and the
    open decisions, ephemerally."""
    alice = double.add_user("alice", dms_open=False)
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, alice), Player(double, double.owner)], seed=3)
        table.brains[0].patience = 0  # her messages are held: she asks /rw hand for each decision
        await table.open()
        await table.play(until=lambda v: season_index(v) >= 2)
        assert double.dms(alice) == [] and not [c for c in double.channels.values() if c.type == p.PRIVATE_THREAD]
        notices = [m for m in double.channel_messages(table.channel) if "private game messages waiting" in m.content]
        assert notices and all("/rw hand" in m.content for m in notices)
        held = [m for m in double.ephemerals(alice) if m.content.startswith("Private message (game")]
        assert held, "the held messages were shown to her"
        clicked = [double.messages[i.original_id] for s in table.steps if s.user == "alice" for i in s.interactions]
        assert clicked and all(m.visible_to == alice.id for m in clicked)  # she answered on ephemeral panels only
        assert await leaks.audit(double, service, table.game_id) == []
