"""The spectators' corner (issue 32 item 5, docs/bot.md "Following a game"): anyone in the channel
who holds no seat may /game follow the game and gets each chapter's summary (a Runewars season)
by DM, silently, from the channel's news only; /game unfollow stops it; a seated player is refused."""

from __future__ import annotations

import json
from types import SimpleNamespace

from bot.i18n import tr_for
from bot.narration import voice
from bot.table import community
from tests.table.helpers import ALICE, BOB, CHANNEL, awaited_users, play_first, started_runewars

ERIN = 505


async def follow_rows(table, game_id, user):
    return [
        json.loads(r.payload)
        for r in await table.store.undelivered(5000)
        if r.game_id == game_id and r.recipient == f"user:{user}"
    ]


async def play_until(table, game_id, season):
    while (await table.service.view(game_id, None)).view.get("season") != season:
        await play_first(table, game_id, (await awaited_users(table, game_id))[0])


async def test_a_spectator_follows_the_seasons_by_dm_and_unfollows(table):
    game_id = await started_runewars(table, (ALICE, BOB), until_season="spring")
    client = SimpleNamespace(service=table.service)
    with voice(tr_for("en")):
        [seated] = await community.follow(client, CHANNEL, ALICE, True)
        [followed] = await community.follow(client, CHANNEL, ERIN, True)
        [again] = await community.follow(client, CHANNEL, ERIN, True)
    assert "You play in this game" in seated.panel.text
    assert f"You follow game #{game_id}" in followed.panel.text and "already" in again.panel.text
    assert await table.service.followers(game_id) == [ERIN]

    await play_until(table, game_id, "summer")
    [summary] = await follow_rows(table, game_id, ERIN)
    assert summary["kind"] == "notice" and summary["notice"] == "follow" and summary["silent"]
    assert summary["lines"][0].startswith(f"👁 Game #{game_id} in <#{CHANNEL}>")
    assert any(line.startswith("**Year 1") and line.endswith("is over.**") for line in summary["lines"])
    channel = [
        json.loads(r.payload) for r in await table.store.undelivered(5000) if r.recipient == "channel" and r.game_id == game_id
    ]
    told = {line for payload in channel for post in payload.get("posts", []) for line in post["lines"]}
    assert set(summary["lines"][1:]) <= told  # only what the channel was told
    assert not any("recap" in payload for payload in channel)

    with voice(tr_for("en")):
        [stopped] = await community.follow(client, CHANNEL, ERIN, False)
        [not_following] = await community.follow(client, CHANNEL, ERIN, False)
    assert "no longer follow" in stopped.panel.text and "do not follow" in not_following.panel.text
    await play_until(table, game_id, "autumn")
    assert len(await follow_rows(table, game_id, ERIN)) == 1
