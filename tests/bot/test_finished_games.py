"""A finished (or abandoned) game stays readable in its channel until a new game opens there:
status, map, log, review, export, the fate deck, every hand (/game reveal, /<group> hand),
while actions are refused with a clear message and the reveal is refused, reading nothing,
before the end. Source: issue 19 item 5; docs/bot.md "After the end"; docs/table.md."""

from __future__ import annotations

import re

import pytest

from bot import ids
from bot.cogs.game import GameCog
from bot.cogs.groups import _hand
from bot.errors import GameNotRunning, NoGameHere
from bot.games.ragnarok import info as ragnarok_info
from bot.games.runewars import info as runewars_info
from bot.games.runewars.narrator import hidden_lines
from bot.games.seventhstone import info as seventhstone_info
from bot.i18n import ENGLISH
from bot.narration import narrator_for, player
from bot.service import GameService
from bot.store import Store
from bot.table import Table
from bot.table import ui as table_ui
from bot.ui import info, lobby, play
from bot.ui.channel import result_text
from engine.core import Engine, decode, load_ruleset
from tests.bot.gamehelpers import CARD_VALUES, MARKED
from tests.bot.playhelpers import FakeClient, any_ruleset, invoke
from tests.table.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    DAVE,
    GUILD,
    FakeClock,
    play_to_end,
    started_runewars,
    tiny_game,
)


@pytest.fixture
async def table(tmp_path):
    store = await Store.open(tmp_path / "games.db", snapshot_every=1)
    yield Table(store, GameService(store, any_ruleset), FakeClock())
    await store.close()


@pytest.fixture
def client(table):
    return FakeClient(table.service)


async def finished(table: Table, *, seed: int = 5, channel: int = CHANNEL) -> int:
    """A two-player game of Sealed Bids with marked cards (tests/bot/gamehelpers.py), played to its end."""
    game_id = await tiny_game(table, (ALICE, BOB), game="markedbids", seed=seed, channel=channel)
    await play_to_end(table, game_id)
    assert (await table.store.get_game(game_id)).status == "finished"
    return game_id


async def final_hands(table: Table, game_id: int) -> dict[int, list[int]]:
    """Each user's hand in the final state, from that seat's own view."""
    record = await table.store.get_game(game_id)
    state, engine = decode(record.state), Engine(MARKED)
    return {s.user_id: engine.view(state, s.seat)["hand"] for s in await table.store.seats(game_id)}


def texts(replies) -> list[str]:
    return [r.panel.text if hasattr(r, "panel") else r.text for r in replies]


def over(game_id: int, how: str = "is over") -> str:
    return f"Game #{game_id} {how}; it takes no more moves. /game new opens the next one in this channel."


async def test_every_reading_command_answers_with_the_finished_game(table, client):
    game_id = await finished(table)
    record = await table.store.get_game(game_id)
    result = decode(record.state).result
    hands = await final_hands(table, game_id)

    [status] = await info.status(client, CHANNEL, DAVE)
    assert f"game #{game_id}, move {record.seq}" in status.panel.text
    assert (
        "**The game is over.** " + result_text(result) in status.panel.text and info.after_the_end(ENGLISH) in status.panel.text
    )  # issue 31: commands named as mentions
    assert "Waiting for" not in status.panel.text and status.panel.rows == ()  # nobody is awaited, no My decisions

    [board] = texts(await info.game_map(client, CHANNEL, ALICE))
    assert board.startswith(info.NO_MAP)  # Sealed Bids has no picture: its text board
    [log] = texts(await info.game_log(client, CHANNEL, ALICE, 50))
    assert log and log == "\n".join(await table.service.log_lines(game_id, ALICE, limit=50))

    mine, last = texts(await _hand(client, CHANNEL, ALICE))
    assert mine == f"Your private information (game #{game_id}):\nHand: {hands[ALICE]}"
    assert last == f"Game #{game_id} is over: /game reveal shows every seat's hand and secrets."

    reveal = "\n".join(texts(await info.reveal(client, CHANNEL, DAVE)))  # anyone, seated or not
    assert reveal.startswith(f"**Game #{game_id} is over: every seat's hand and secrets** (final position, move {record.seq})")
    for user, hand in hands.items():
        assert f"**<@{user}>**\n· Hand: {hand}" in reveal
    # a hand by its player, and every hand for someone who held no seat
    [bobs] = texts(await _hand(client, CHANNEL, ALICE, BOB))
    assert f"**<@{BOB}>**\n· Hand: {hands[BOB]}" in bobs and f"<@{ALICE}>" not in bobs
    assert "\n".join(texts(await _hand(client, CHANNEL, DAVE))) == reveal

    [export] = await table_ui.export(table, CHANNEL, DAVE)
    assert export.text.startswith(f"Game #{game_id}: the complete log with the seed")
    assert (await table.service.game_shown_in(CHANNEL)).id == game_id


async def test_a_new_lobby_takes_the_channel_and_the_old_game_stays_reachable(table, client):
    old = await finished(table)
    new = await table.service.create_game(GUILD, CHANNEL, "markedbids", {}, BOB)
    [status] = await info.status(client, CHANNEL, DAVE)
    assert f"game #{new.id}" in status.panel.text and "Join" in str(status.panel.rows)  # the lobby, with its buttons
    lobby_says = f"Game #{new.id} has not started yet."
    assert texts(await info.game_map(client, CHANNEL, ALICE)) == [lobby_says]
    assert texts(await info.game_log(client, CHANNEL, ALICE)) == [lobby_says]
    assert texts(await info.reveal(client, CHANNEL, ALICE)) == [lobby_says]
    assert texts(await _hand(client, CHANNEL, ALICE)) == [lobby_says]
    assert texts(await table_ui.review(table, CHANNEL, DAVE, 1)) == ["The game has not started yet."]

    # the old game by its number, on this server only; /games lists it
    reveal = "\n".join(texts(await info.reveal(client, CHANNEL, DAVE, game_id=old, guild_id=GUILD)))
    assert reveal.startswith(f"**Game #{old} is over") and f"<@{ALICE}>" in reveal
    assert texts(await info.reveal(client, CHANNEL, DAVE, game_id=old, guild_id=GUILD + 1)) == [
        f"There is no game #{old} on this server."
    ]
    assert texts(await info.reveal(client, CHANNEL, DAVE, game_id=999, guild_id=GUILD)) == [
        "There is no game #999 on this server."
    ]
    assert texts(await table_ui.review(table, CHANNEL, DAVE, 1, game_id=old, guild_id=GUILD + 1)) == [
        f"There is no game #{old} on this server."
    ]
    [games] = texts(await lobby.my_games(client, GUILD, ALICE))
    assert games == (
        "You sit in no open game on this server. Start one with /game new.\n"
        "Ended (read them with /game review game:N and /game reveal game:N):\n"
        f"#{old} markedbids in <#{CHANNEL}>: finished"
    )

    # once the new game runs, the channel's commands are its own
    for user in (ALICE, BOB):
        await table.service.join(new.id, user)
    await table.service.start(new.id)
    [status] = await info.status(client, CHANNEL, DAVE)
    assert f"game #{new.id}, move" in status.panel.text and "Waiting for" in status.panel.text
    assert texts(await info.reveal(client, CHANNEL, ALICE))[0].startswith(f"Game #{new.id} is not over")


async def test_a_games_own_information_commands_refuse_a_lobby_and_another_games_channel(table, client):
    """``/<group> NAME`` (bot.ui.info.public_info, behind /rw fate, /lor omens, /ss offer...): a
    lobby and another game's channel get the game's own refusal; the lines read the public view,
    the seats named from it. Source: docs/bot.md, the commands table."""
    new = await table.service.create_game(GUILD, CHANNEL, "markedbids", {}, BOB)
    assert texts(await runewars_info.fate(client, CHANNEL)) == [
        f"Game #{new.id} has not started yet: its fate deck is not shuffled."
    ]
    assert texts(await seventhstone_info.public(client, CHANNEL, seventhstone_info.offer_lines)) == [
        f"Game #{new.id} has not started yet."
    ]
    for user in (ALICE, BOB):
        await table.service.join(new.id, user)
    await table.service.start(new.id)
    assert texts(await runewars_info.fate(client, CHANNEL)) == ["The game in this channel has no fate deck."]
    assert texts(await ragnarok_info.omens(client, CHANNEL)) == ["The game in this channel has no Ragnarök omens yet."]
    assert texts(await seventhstone_info.public(client, CHANNEL, seventhstone_info.standing_lines)) == [
        "The game in this channel is not Seventh Stone."
    ]
    seen = []

    def lines(view, pack, tr):
        seen.append(view)
        return [player(0), tr._("Nothing to show.")]

    [text] = texts(await info.public_info(client, CHANNEL, "markedbids", lines, not_started="", elsewhere=""))
    public = await table.service.view(new.id, None)
    assert seen == [dict(public.view)] and text == f"{public.names[0]}\nNothing to show."


async def test_an_abandoned_runewars_game_stays_readable(table, client, monkeypatch):
    """A game abandoned by a vote: its status, map, log, review, fate deck and every hand."""
    game_id = await started_runewars(table)  # summer of year 1
    [opened] = await table_ui.open_vote(table, CHANNEL, ALICE, "abandon")
    vote_id = int(re.search(r"Vote #(\d+)", opened.text)[1])
    await table_ui.ballot(table, vote_id, BOB, True)
    record = await table.store.get_game(game_id)
    assert record.status == "abandoned"

    [status] = await info.status(client, CHANNEL, DAVE)
    assert "**The game was abandoned** by a vote of its players; it has no result." in status.panel.text
    assert "Year 1, summer." in status.panel.text and "Waiting for" not in status.panel.text
    seen = await table.service.view(game_id, ALICE)
    assert seen.decisions == () and seen.legal == () and seen.awaited == ()  # its open prompts take no answer
    assert (await table.service.public_status(game_id))["awaiting"] == []

    [fate] = texts(await runewars_info.fate(client, CHANNEL))
    assert fate.startswith("**Fate deck**: 30 cards")
    areas = await info.map_areas(client, CHANNEL, "11")
    assert [value for _, value in areas] == ["11A", "11B", "11C"]
    [around] = await info.game_map(client, CHANNEL, ALICE, "11a")
    assert around.panel.text.startswith(f"Game #{game_id}, move {record.seq} (around 11A).") and around.files
    [log] = texts(await info.game_log(client, CHANNEL, BOB))
    assert log == "\n".join(await table.service.log_lines(game_id, BOB, limit=20))
    [review] = await table_ui.review(table, CHANNEL, DAVE, 1)
    assert review.text.startswith(f"**Game #{game_id}, season 1 of 2: Year 1 spring**")  # the running season counts now

    *mine, last = texts(await _hand(client, CHANNEL, BOB))
    assert mine[-1].startswith(f"Your private information (game #{game_id}):\nOrder cards in hand: ")
    assert last == f"Game #{game_id} is over: /game reveal shows every seat's hand and secrets."

    reveal = "\n".join(texts(await info.reveal(client, CHANNEL, DAVE)))
    assert reveal.startswith(f"**Game #{game_id} was abandoned: every seat's hand and secrets**")
    state = decode(record.state)
    engine = Engine(load_ruleset("runewars"))
    for seat in await table.store.seats(game_id):
        private = narrator_for("runewars").private(engine.view(state, seat.seat), seat.seat)
        assert private and any(line.startswith("Objective: ") for line in private)
        block = "\n".join([f"**<@{seat.user_id}> ({seat.role.capitalize()})**", *(f"· {line}" for line in private)])
        assert block in reveal
    assert reveal.endswith("\n".join(["**Also revealed:**", *hidden_lines(state)]))
    assert hidden_lines(state)[-1].startswith("Rune tokens: 10A ")

    # actions are refused, saying why
    refusal = over(game_id, "was abandoned")
    assert texts(await table_ui.deadline_extend(table, CHANNEL, ALICE, True, "1d")) == [refusal]
    assert texts(await table_ui.undo_preview(table, CHANNEL, ALICE)) == [refusal]
    assert (await table.store.get_game(game_id)).state == record.state


async def test_actions_on_a_finished_game_are_refused_clearly(table, client):
    game_id = await tiny_game(table, (ALICE, BOB), game="markedbids", seed=5)
    [opened] = await table_ui.open_vote(table, CHANNEL, ALICE, "abandon")  # still open when the game ends
    vote_id = int(re.search(r"Vote #(\d+)", opened.text)[1])
    [button, *_] = (await play.my_decisions(table.service, game_id, ALICE))[-1].panel.buttons()  # a DM's button
    await play_to_end(table, game_id)
    record = await table.store.get_game(game_id)
    refusal = over(game_id)

    with pytest.raises(GameNotRunning, match=re.escape(refusal)):
        await table.service.game_in(CHANNEL)
    for call in (
        table_ui.deadline_extend(table, CHANNEL, ALICE, True, "1d"),
        table_ui.deadline_extend(table, CHANNEL, ALICE, False, "1d"),
        table_ui.deadline_set(table, CHANNEL, ALICE, True, 24),
        table_ui.open_vote(table, CHANNEL, ALICE, "pause"),
        table_ui.undo_preview(table, CHANNEL, ALICE),
        table_ui.concede(table, CHANNEL, ALICE),
        table_ui.ai_seat(table, CHANNEL, ALICE, 2),
        table_ui.force_default(table, CHANNEL, ALICE, True),
        table_ui.mute(table, None, CHANNEL, ALICE),
    ):
        assert texts(await call) == [refusal]
    assert texts(await table_ui.ballot(table, vote_id, BOB, True)) == [
        f"Game #{game_id} is over; it takes no more moves. Its votes are closed."
    ]
    assert texts(await table_ui.undo_confirm(table, game_id, ALICE, record.seq, record.rewinds)) == [
        f"Game #{game_id} is over; it takes no more moves."
    ]
    m = re.fullmatch(ids.CHOICE_TEMPLATE, button.custom_id)
    clicked = await play.choose(table.service, ALICE, ids.parse_ref(m), int(m["index"]), m["ah"])
    assert texts(clicked) == [f"Game #{game_id} is over; it takes no more moves."]
    cog = GameCog(client)
    fake = await invoke(cog, "game move", ALICE, to="1A")
    assert fake.followup.send.await_args.args[0] == refusal
    fake = await invoke(cog, "game start", ALICE)
    assert fake.followup.send.await_args.args[0] == refusal
    after = await table.store.get_game(game_id)
    assert (after.status, after.seq, after.state) == ("finished", record.seq, record.state)
    assert (await table.store.vote(vote_id)).status == "open"  # never carried out


async def test_the_reveal_is_refused_before_the_end_and_reads_nothing(table, client, monkeypatch):
    """The refusal is the same words whatever the hands hold (two deals), names no card, and is
    given without reading the game's state; a player's hand is not anyone else's to see yet."""
    first = await tiny_game(table, (ALICE, BOB), game="markedbids", seed=5)
    second = await tiny_game(table, (ALICE, BOB), game="markedbids", seed=6, channel=CHANNEL + 1)

    def no_state(*args, **kwargs):
        raise AssertionError("the reveal of a running game read its state")

    with monkeypatch.context() as patched:
        patched.setattr(table.service, "_state", no_state)
        refusals = [texts(await info.reveal(client, channel, DAVE)) for channel in (CHANNEL, CHANNEL + 1)]
        with pytest.raises(GameNotRunning):
            await table.service.reveal(first)
    assert refusals == [[f"Game #{g} is not over: every hand is shown when it ends."] for g in (first, second)]
    [not_yours] = texts(await _hand(client, CHANNEL, ALICE, BOB))
    assert not_yours == "Only its player sees a hand while the game runs; every hand is shown when it is over."
    for text in [*(t for r in refusals for t in r), not_yours]:
        assert not any(str(value) in text for value in CARD_VALUES)
    lobby_game = await table.service.create_game(GUILD, CHANNEL + 2, "markedbids", {}, ALICE)
    with pytest.raises(GameNotRunning, match="has not started yet"):
        await table.service.reveal(lobby_game.id)
    with pytest.raises(NoGameHere):
        await table.service.game_shown_in(CHANNEL + 3)

    await play_to_end(table, first)  # at the end, the same command shows every hand
    hands = await final_hands(table, first)
    reveal = "\n".join(texts(await info.reveal(client, CHANNEL, DAVE)))
    assert all(f"· Hand: {hand}" in reveal for hand in hands.values())
