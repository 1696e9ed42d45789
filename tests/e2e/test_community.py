"""The community's table through the wire (issue 32, done when): "A 2-player Runewars game played
through the double ends with ... the winners' ratings changed; /leaderboard shows them". The real
bot and the loopback double; both seats are scripted players deciding with the AI policy; a third
user follows the game from the channel (/game follow) and gets each season's summary by DM.
Everything the double saw is audited for leaks (tests/e2e/leaks.py)."""

from __future__ import annotations

import pytest

from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e import leaks


@pytest.mark.slow
async def test_a_two_player_runewars_game_ends_rated_and_on_the_leaderboard(double, database):
    alice, bob = (double.add_user(n) for n in ("alice", "bob"))
    erin = Player(double, double.add_user("erin"))
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3)
        await table.open()
        followed = await erin.slash("game follow")
        assert "You follow game" in followed.message.content and followed.message.ephemeral
        public = await table.play(max_steps=20000)
        assert public.status == "finished" and public.view.get("result") is not None
        await delivered(database, table.game_id)

        [(result, players)] = await service.store.results()
        assert result.game_id == table.game_id and result.rated and result.ended == "finished"
        ratings = {r.user_id: r for r in await service.store.ratings(double.guild.id, "runewars")}
        winners = [p for p in players if p.won]
        losers = [p for p in players if not p.won and p.user_id is not None]
        assert winners and losers and set(ratings) == {alice.id, bob.id}
        for p in winners:
            assert p.mu_before is None and ratings[p.user_id].mu == p.mu_after > 25.0  # a first game won: up
        for p in losers:
            assert ratings[p.user_id].mu < 25.0

        board = await erin.slash("leaderboard", game="runewars")
        lines = board.message.content.splitlines()
        assert "Leaderboard" in lines[0] and lines[1].startswith(f"1. <@{winners[0].user_id}>:")
        assert any(line.startswith(f"2. <@{losers[0].user_id}>:") for line in lines)
        stats = await erin.slash("stats", player=double.users[winners[0].user_id])
        assert "Games: 1 · won: 1 (100 %)" in stats.message.content

        summaries = [m for m in double.dms(erin.user) if f"👁 Game #{table.game_id} in <#{table.channel.id}>:" in m.content]
        assert summaries  # by DM, one per season and one at the end
        assert all("is over.**" in m.content for m in summaries[:-1]) and "wins" in summaries[-1].content
        assert await leaks.audit(double, service, table.game_id) == []
