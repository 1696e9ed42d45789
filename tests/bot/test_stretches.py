"""The channel's news per stretch (issue #9, channel volume) and eliminated players as
spectators (issue #9 item 8): a human's move and the AI seats' answers that follow it make
one channel message with every commit's public lines; a stretch ends where the game's
chapter changes; an eliminated seat is never awaited in a message, pinged or sent a DM.
A process killed between two commits of a stretch loses no line and sends none twice: each
commit's news is held in the outbox with it, and the stretch goes on at start-up."""

import json
import random

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.narration import Narrator, narrate, register_narrator
from bot.service import GameService, spectators
from bot.service.payloads import names_of
from bot.store import STRETCH, OutboxMessage, SeatRecord, StaleVersion, Store
from bot.table import Table, undo
from bot.ui.channel import TEXT_LIMIT, channel_text, earlier_texts
from engine.core import Engine, UnknownGame, decode, encode
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, GUILD, RULESETS
from tests.bot.playhelpers import RUNEWARS, STRATEGY_TURN
from tests.tinygame import SealedBids


class RoundBids(SealedBids):
    """Sealed Bids whose narrator names a chapter per round (as Runewars does per season)."""

    name = "roundbids"


class RoundNarrator(Narrator):
    def chapter(self, view):
        return f"Round {view['round']}"


register_narrator("roundbids", RoundNarrator())
GAMES = {**RULESETS, "roundbids": RoundBids()}


def rulesets(name):
    if name not in GAMES:
        raise UnknownGame(name)
    return GAMES[name]


def any_answer(view, prompt, legal, rng):
    return rng.choice(legal)


def service_with_ai(store) -> GameService:
    return GameService(store, rulesets, ai=lambda game: any_answer, games={"tinygame": "tinygame", "roundbids": "roundbids"})


async def channel_news(store):
    return [json.loads(r.payload) for r in await store.undelivered(100_000) if r.recipient == "channel"]


async def public_lines_of_every_commit(store, game_id, ruleset):
    """Each commit's public lines, replayed from the stored log, naming the seats as the bot does
    (bot.service.payloads.names_of: AI seats "AI <n>", issue 19 item 4)."""
    engine = Engine(ruleset)
    record = await store.get_game(game_id)
    rows = await store.actions(game_id)
    seats = await store.seats(game_id)
    transition = engine.setup(decode(record.state).options, len(seats), record.seed)
    names = names_of(ruleset.name, seats, engine.view(transition.state, None))
    lines = [narrate(ruleset.name, transition.events, None, names)]
    for row in rows[1:]:
        transition = engine.apply(transition.state, decode(row.action)[0].action)
        lines.append(narrate(ruleset.name, transition.events, None, names))
    assert encode(transition.state) == record.state
    return lines


async def play_alice(service, game_id, chooser) -> int:
    moves = 0
    while (await service.store.get_game(game_id)).status == "active":
        view = await service.view(game_id, ALICE)
        await service.act(game_id, ALICE, chooser.choice(view.legal), expected_seq=view.seq)
        moves += 1
    return moves


async def test_a_human_move_and_the_ai_answers_after_it_make_one_channel_message(store):
    service = service_with_ai(store)
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, seed=5, lobby={"table_size": 3, "ai_fill": True})
    await service.join(record.id, ALICE)
    await service.start(record.id)
    moves = await play_alice(service, record.id, random.Random(5))
    commits = (await store.get_game(record.id)).seq
    news = await channel_news(store)
    assert commits > 2 * moves  # the two AI seats answered as often as Alice did
    # the start, the AI seats' first commits, then one message per move of Alice's
    assert len(news) == moves + 2 and news[0]["kind"] == "start"
    # every commit's public text is kept, in order, each line once
    assert [line for p in news for line in p["lines"]] == [
        line for lines in await public_lines_of_every_commit(store, record.id, GAMES["tinygame"]) for line in lines
    ]
    assert all(len(p["lines"]) == len(p["events"]) for p in news)
    assert all(set(p["ping"]) <= {ALICE} for p in news) and news[-1]["lines"][-1].startswith("Game over: ")
    # private messages stay one per commit: Alice hears of each of her decisions
    dms = [r for r in await store.undelivered(100_000) if r.recipient == f"user:{ALICE}"]
    assert len({r.seq for r in dms}) == len(dms) >= moves // 2


async def test_a_table_of_ai_seats_posts_one_message_per_chapter(store):
    """No human seated (every seat handed to the AI): the whole game is played in one go,
    and the channel gets the start and then one message per chapter (a round here, a season
    in Runewars), starting with the commit that opened it; a game without chapters gets one."""
    service = service_with_ai(store)
    for game, channel in (("roundbids", CHANNEL), ("tinygame", CHANNEL + 1)):
        record = await service.create_game(GUILD, channel, game, {}, ALICE, seed=9)
        await store.set_seats(record.id, [SeatRecord(i, None, is_ai=True) for i in range(3)])
        await service.start(record.id)
        final = await store.get_game(record.id)
        assert final.status == "finished"
        news = [p for p in await channel_news(store) if p["game_id"] == record.id]
        rounds = decode(final.state).board.round
        assert len(news) == (1 + rounds if game == "roundbids" else 2), [p["lines"] for p in news]
        assert [line for p in news for line in p["lines"]] == [
            line for lines in await public_lines_of_every_commit(store, record.id, GAMES[game]) for line in lines
        ]


def test_long_news_is_split_over_messages_without_losing_a_line():
    lines = [f"line {i}: " + "x" * 90 for i in range(60)]
    payload = {
        "kind": "update",
        "game": "tinygame",
        "lines": lines,
        "events": [{"kind": "k", "data": {}}] * 60,
        "awaiting": [{"seat": 0, "user_id": ALICE}],
        "result": None,
    }
    earlier, last = earlier_texts(payload), channel_text(payload)
    assert all(len(text) <= TEXT_LIMIT for text in [*earlier, last]) and len(earlier) >= 2
    assert last.startswith("…\n") and "Waiting for" not in last  # issue 19 item 3: only the status and the ping say it
    told = [line for text in earlier for line in text.split("\n")] + last.split("\n")[1:]
    assert told == lines
    short = {**payload, "lines": lines[:3], "events": payload["events"][:3]}
    assert earlier_texts(short) == [] and channel_text(short) == "\n".join(lines[:3])


async def test_an_eliminated_player_is_a_spectator_nobody_pings(store):
    """Issue #9 item 8 (rulebook p. 31: a player controlling no area leaves the game): seat 1
    is out; seat 0 plays on. No channel message lists or pings seat 1's player, and no DM
    reaches them."""
    service = GameService(store)
    transition = RUNEWARS.from_position({}, 2, 1, STRATEGY_TURN)
    state = transition.state
    state.board.players[1].eliminated = True
    state.prompts = [p for p in state.prompts if p.seat != 1]
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=1)
    await store.set_seats(record.id, [SeatRecord(0, ALICE), SeatRecord(1, BOB)])
    await store.commit_action(
        record.id, expected_seq=0, seat=None, action=encode(list(transition.records)), chance="[]", state=encode(state)
    )
    await store.set_status(record.id, "active")
    assert spectators((await service.view(record.id, None)).view) == {1}
    chooser = random.Random(2)
    for _ in range(40):
        view = await service.view(record.id, ALICE)
        if view.status != "active" or not view.legal:
            break
        await service.act(record.id, ALICE, chooser.choice(view.legal), expected_seq=view.seq)
    rows = await store.undelivered(100_000)
    news = [json.loads(r.payload) for r in rows if r.recipient == "channel"]
    assert news and all(BOB not in p["ping"] and all(a["seat"] != 1 for a in p["awaiting"]) for p in news)
    assert all(f"<@{BOB}>" not in channel_text(p) for p in news)
    assert not [r for r in rows if r.recipient == f"user:{BOB}"]
    status = await service.public_status(record.id)
    assert all(a["seat"] != 1 for a in status["awaiting"])


async def test_undo_marks_the_message_of_the_undone_answer_only(tmp_path):
    """A player's automatic answer (auto-end-turn) after their own move starts a stretch of
    its own: undo takes back the last commit, a player's own, and supersedes the message
    telling it and nothing else."""
    store = await Store.open(tmp_path / "undo.db", snapshot_every=1)  # a position replays from its snapshot
    try:
        service = GameService(store)
        await service.set_player_setting(ALICE, "auto_end_turn", True)
        transition = RUNEWARS.from_position({}, 2, 1, STRATEGY_TURN)
        record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=1)
        await store.set_seats(record.id, [SeatRecord(0, ALICE), SeatRecord(1, BOB)])
        await store.commit_action(
            record.id,
            expected_seq=0,
            seat=None,
            action=encode(list(transition.records)),
            chance="[]",
            state=encode(transition.state),
        )
        await store.set_status(record.id, "active")
        view = await service.view(record.id, ALICE)
        await service.act(record.id, ALICE, next(a for a in view.legal if a.choice == "done"), expected_seq=view.seq)
        assert (await store.get_game(record.id)).seq == 3  # Alice's Done, then her turn ended by her setting
        news = {r.seq: json.loads(r.payload) for r in await store.undelivered(100) if r.recipient == "channel"}
        assert sorted(news) == [2, 3] and news[3]["lines"][0] == "Player 1 (Humans) ended their turn."
        await Deliverer(store, RecordingTransport()).drain()
        table = Table(store, service)
        the_plan = await undo.plan(table, record.id, ALICE)
        done = await undo.perform(table, record.id, ALICE, the_plan.seq, 0)
        assert [r.seq for r in done.superseded if r.recipient == "channel"] == [3]
    finally:
        await store.close()


class Killed(BaseException):
    """The process dies here: nothing after it runs (a commit is in SQLite wholly or not at all)."""


def killed_at(store, commit: int) -> None:
    """Kill the process when the service is about to make its ``commit``-th commit."""
    real, made = store.commit_action, []

    async def commit_action(*args, **kwargs):
        if len(made) + 1 == commit:
            raise Killed
        made.append(commit)
        return await real(*args, **kwargs)

    store.commit_action = commit_action


def told_in_channel(transport) -> list[str]:
    return [
        line
        for sent in transport.sent
        if sent.to.startswith("channel:") and sent.payload["kind"] != "reveal"  # the reveal: its own messages
        for line in sent.payload["lines"]
    ]


async def ai_table(service, game="roundbids") -> int:
    record = await service.create_game(GUILD, CHANNEL, game, {}, ALICE, seed=9)
    await service.store.set_seats(record.id, [SeatRecord(i, None, is_ai=True) for i in range(3)])
    await service.start(record.id)
    return record.id


async def test_a_stretch_stopped_by_a_killed_process_goes_on_at_start_up_and_loses_no_line(tmp_path):
    """ "Nothing is lost": a table of AI seats is killed between two commits of a stretch (its
    news held in the outbox, unsent), restarted, and at start-up the stretch goes on. The
    channel gets exactly the messages of an uninterrupted run, and what Discord received
    before and after the kill tells every commit's public lines once, in order."""
    async with await Store.open(tmp_path / "whole.db") as store:
        game_id = await ai_table(service_with_ai(store))
        uninterrupted = await channel_news(store)
    told_at = {n["seq"] for n in uninterrupted}
    in_the_middle = [seq + 1 for seq in range(2, max(told_at)) if seq not in told_at]
    for kill in in_the_middle[:: max(1, len(in_the_middle) // 4)]:
        path = tmp_path / f"killed-{kill}.db"
        transport = RecordingTransport()
        async with await Store.open(path) as store:
            killed_at(store, kill)
            try:
                await ai_table(service_with_ai(store))
            except Killed:
                pass
            held = await store.stretch_news(game_id)
            assert held and (await store.get_game(game_id)).seq == kill - 1  # the stretch's commits so far
            await Deliverer(store, transport).drain()  # the held news is not sent
        async with await Store.open(path) as store:  # the restart
            assert await service_with_ai(store).finish_stretches() == [game_id]
            assert await store.stretch_news(game_id) == [] and (await store.get_game(game_id)).status == "finished"
            assert await channel_news(store) == [n for n in uninterrupted if n["seq"] >= kill], kill
            await Deliverer(store, transport).drain()
            assert told_in_channel(transport) == [
                line for lines in await public_lines_of_every_commit(store, game_id, GAMES["roundbids"]) for line in lines
            ]


async def test_a_killed_stretch_after_a_players_move_is_told_once_in_one_message(tmp_path):
    """Alice moves and the two AI seats answer: the process dies right after her commit
    (her news held) in one stretch, and after her commit and one AI answer in another.
    After each restart the AI answers follow, and the whole game's channel news equals the
    uninterrupted game's, message for message."""

    async def game(store, kills=None):
        """``kills``: Alice's move number -> the commit of that stretch the process dies before."""
        service = service_with_ai(store)
        record = await service.create_game(
            GUILD, CHANNEL, "tinygame", {}, ALICE, seed=5, lobby={"table_size": 3, "ai_fill": True}
        )
        await service.join(record.id, ALICE)
        await service.start(record.id)
        chooser, move, restarts = random.Random(5), 0, 0
        while (await store.get_game(record.id)).status == "active":
            move += 1
            if kills and move in kills:
                killed_at(store, kills[move])
            view = await service.view(record.id, ALICE)
            try:
                await service.act(record.id, ALICE, chooser.choice(view.legal), expected_seq=view.seq)
            except Killed:
                assert await store.stretch_news(record.id)  # her move is committed, its news held
                del store.commit_action
                service = service_with_ai(store)  # the restarted process, over the same file
                assert await service.finish_stretches() == [record.id]
                restarts += 1
            else:
                if kills:
                    store.__dict__.pop("commit_action", None)
        assert restarts == len(kills or ())
        return await channel_news(store)

    async with await Store.open(tmp_path / "whole.db") as store:
        uninterrupted = await game(store)
    async with await Store.open(tmp_path / "killed.db") as store:
        assert await game(store, {2: 2, 4: 3}) == uninterrupted


async def test_held_news_nothing_follows_is_told_at_start_up(tmp_path):
    """The process dies in the middle of the AI seats' answers, and before the restart the
    AI seats are taken by players: nothing answers by itself any more, and the held news is
    queued as one message naming who is awaited now."""
    async with await Store.open(tmp_path / "games.db") as store:
        killed_at(store, 4)
        try:
            await ai_table(service_with_ai(store), "tinygame")
        except Killed:
            pass
        game_id = (await store.active_game(CHANNEL)).id
        [start] = await channel_news(store)
        await store.set_seats(game_id, [SeatRecord(0, ALICE), SeatRecord(1, BOB), SeatRecord(2, CAROL)])
    async with await Store.open(tmp_path / "games.db") as store:
        assert await service_with_ai(store).finish_stretches() == [game_id]
        [_, told] = await channel_news(store)
        assert told["seq"] == 3 and await store.stretch_news(game_id) == []
        lines = await public_lines_of_every_commit(store, game_id, GAMES["tinygame"])

        def unnamed(told_lines):  # lines made while the seats were AI seats call them "AI <n>"
            return [line.replace("AI ", "Player ") for line in told_lines]

        assert unnamed(start["lines"]) == lines[0] and unnamed(told["lines"]) == lines[1] + lines[2]
        assert told["ping"] == [a["user_id"] for a in told["awaiting"]] != []
        assert await service_with_ai(store).finish_stretches() == []  # nothing left to do


async def test_held_news_is_never_sent_and_is_released_once(store):
    """The store's side: a held row is no message to deliver; a commit releasing it takes it
    away in its own transaction, and a second release of it (another writer got there
    first) raises StaleVersion and writes nothing."""
    record = await store.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="tinygame",
        options={},
        seed=1,
        engine_version="test",
        pack_hash="",
        state="null",
        created_by=ALICE,
    )
    commit = dict(seat=None, action="[]", chance="[]", state="null")
    await store.commit_action(record.id, expected_seq=0, outbox=[OutboxMessage(STRETCH, '{"n": 1}')], **commit)
    [held] = await store.stretch_news(record.id)
    assert await store.undelivered() == []
    await store.commit_action(
        record.id, expected_seq=1, outbox=[OutboxMessage("channel", '{"n": 2}')], release=[held.key], **commit
    )
    assert await store.stretch_news(record.id) == [] and [r.seq for r in await store.undelivered()] == [2]
    with pytest.raises(StaleVersion):
        await store.commit_action(record.id, expected_seq=2, release=[held.key], **commit)
    assert (await store.get_game(record.id)).seq == 2 and len(await store.actions(record.id)) == 2
