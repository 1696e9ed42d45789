"""Threads and users as on a real server (issue 21, item 12).

The bot holds exactly the permissions the README's invite asks for (the double's default,
``payloads.BOT_PERMISSIONS``): no Manage Threads. Discord then refuses to let it add anyone
to a private thread made with ``invitable=False``; the closed-DM fallback makes its private
threads invitable and works under these permissions (docs/bot.md, "Secrets: by DM, with
fallbacks"). And a game fetches each user at most once or twice (``GET /users/{user_id}``).
"""

from __future__ import annotations

from collections import Counter

import discord
import pytest

from loopback import payloads as p
from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from tests.e2e.seasons import season_index

README_PERMISSIONS = {
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "create_public_threads",
    "create_private_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
}
GET_USER = "GET /users/{user_id}"


def test_the_bot_is_granted_exactly_the_readme_permissions():
    assert discord.Permissions(p.BOT_PERMISSIONS) == discord.Permissions(**dict.fromkeys(README_PERMISSIONS, True))
    assert not discord.Permissions(p.MEMBER_PERMISSIONS | p.BOT_PERMISSIONS).manage_threads


async def test_a_private_thread_not_invitable_refuses_add_user_without_manage_threads(double, probe):
    alice = double.add_user("alice")
    channel = probe.get_channel(double.channel.id)
    assert not channel.permissions_for(channel.guild.me).manage_threads
    closed = await channel.create_thread(name="closed", type=discord.ChannelType.private_thread, invitable=False)
    with pytest.raises(discord.Forbidden) as refused:
        await closed.add_user(discord.Object(alice.id))
    assert refused.value.code == 50013
    assert double.channels[closed.id].members == {double.bot.id}
    invitable = await channel.create_thread(name="open", type=discord.ChannelType.private_thread, invitable=True)
    await invitable.add_user(discord.Object(alice.id))
    assert double.channels[invitable.id].members == {double.bot.id, alice.id}


@pytest.mark.slow
async def test_the_closed_dm_fallback_works_with_the_readme_permissions_and_users_are_fetched_once(double, database):
    """Bob's DMs are closed: his private messages reach him in his private thread, which the
    bot (without Manage Threads) could add him to. Over two years of play, no user is fetched
    more than twice."""
    alice, bob = double.add_user("alice"), double.add_user("bob", dms_open=False)
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, alice), Player(double, bob)], seed=3)
        await table.open()
        await table.play(until=lambda v: season_index(v) >= 8)
        await delivered(database, table.game_id)
        assert sum(b.fallbacks for b in table.brains) == 0  # every decision arrived by DM or thread
    assert double.dms(bob) == []
    [thread] = [c for c in double.channels.values() if c.type == p.PRIVATE_THREAD]
    assert thread.members == {double.bot.id, bob.id} and thread.parent_id == table.channel.id
    assert [m for m in double.inbox(bob) if m.channel_id == thread.id], "bob's private messages went to his thread"
    assert double.dms(alice), "alice's went by DM"
    fetched = Counter(r.path for r in double.requests if r.route == GET_USER)
    assert all(n <= 2 for n in fetched.values()), fetched
