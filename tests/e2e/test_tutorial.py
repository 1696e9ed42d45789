"""The guided first game through the wire (issue 32 item 4): ``/game new game:runewars tutorial:true``.

Source: issue 32, "Deliver" item 4 (one player against AI seats on a short set-up; each kind of
decision explained the first time it comes up: what it does, the rule with its page, what the
AI would pick) and docs/bot.md "Guided first game".
"""

from __future__ import annotations

import re

import pytest

from bot.frontend import frontend_for
from bot.table.tutorial import TUTORIAL
from loopback import payloads as p
from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e import leaks
from tests.e2e.seasons import season_index

HEADER = re.compile(r"🎓 \*\*New kind of decision: (?P<decision>.+)\*\*")


@pytest.mark.slow
async def test_a_guided_first_game_explains_each_kind_of_decision_once(double, database):
    alice = Player(double, double.add_user("alice"))
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        reply = await alice.slash("game new", game="runewars", tutorial=True)
        assert "Guided first game of Runewars" in reply.message.content and not reply.message.ephemeral
        record = await service.store.active_game(alice.channel.id)
        assert record.status == "active" and record.options["map_building"] == "auto"  # started at once, short set-up
        seats = await service.store.seats(record.id)
        assert sorted(s.user_id is None for s in seats) == [False, True]  # alice and one AI seat
        table = Table(double, service, [alice], seed=3)
        table.game_id, table.seats = record.id, {s.seat: s.user_id for s in seats}
        await table.play(until=lambda v: season_index(v) >= 3)
        await delivered(database, record.id)

        # every version of every message only alice reads: her DMs, and the replies to her clicks
        # (a decision's DM is edited in place with the next decision once answered)
        mine = [m for m in double.messages.values() if m in double.dms(alice.user) or m.visible_to == alice.user.id]
        explained: dict[tuple[int, str], str] = {}
        for message in mine:
            for version in [*message.history, message.payload]:
                if found := HEADER.search(version.get("content") or ""):
                    explained.setdefault((message.id, found["decision"]), version["content"])
        kinds = (await service.store.get_setting("game", record.id, TUTORIAL))["explained"]
        assert len(kinds) >= 5 and "choose_order" in kinds, kinds
        texts = frontend_for("runewars").tutorial
        assert all(kind in texts for kind in kinds)
        assert len(explained) == len(kinds), "each kind explained once"
        for content in explained.values():
            assert "Rule: " in content and "(rulebook p" in content
            assert "The AI would pick: " in content
        orders = [c for c in explained.values() if "order cards for this season" in c]
        assert len(orders) == 1  # choose_order, explained once though asked every season
        problems = await leaks.audit(double, service, record.id)
    assert problems == []


async def test_a_game_without_tutorial_texts_is_refused(double, database):
    alice = Player(double, double.add_user("alice"))
    async with bot_in_process(double, database) as _, reader(database) as service:
        games = [g for g in service.games if not frontend_for(g).tutorial]
        if not games:
            pytest.skip("every installed game has a guided first game")
        reply = await alice.slash("game new", game=games[0], tutorial=True)
        answer = reply.message
        assert "has no guided first game yet" in answer.content
        assert await service.store.active_game(alice.channel.id) is None
        assert not any(m.flags & p.IS_COMPONENTS_V2 for m in double.channel_messages(alice.channel))
