"""No secret reaches the channel, and no seat's secret reaches another seat.

Whole tiny games are played through the service by random users with random legal moves
(and some refused ones), drained to a RecordingTransport. Each game is then rebuilt
independently from the stored log with the engine, and every payload is checked against the
events of the transition it announces:

* a channel payload holds exactly the public events, the public view, and no card value
  (in MarkedBids, whose cards are numbers like 7303 that nothing else can be) that had not
  yet appeared in a public event; only the last one, when the game is over, reveals them all;
* a private payload goes only to a seat that saw private events or now owes a new decision,
  holds exactly those events, the seat's own legal answers, and no card value that seat did
  not know.
"""

import json
import random
import re
from collections import defaultdict

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.errors import RunetableError
from bot.narration import narrate
from bot.store import Store
from engine.core import Engine, decode, encode
from engine.core.codec import to_plain
from tests.bot.gamehelpers import CARD_VALUES, make_service, random_move, rulesets, started_game

GAMES = 50
USERS = list(range(600, 612))
CLOSED_DMS = {600, 601}  # their private messages are held for the private-view command


def card_values(value) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", json.dumps(value))} & CARD_VALUES


def plain_events(events):
    return [{"kind": e.kind, "data": to_plain(dict(e.data))} for e in events]


async def play_games(store, game: str, count: int, chooser: random.Random):
    service = make_service(store)
    transport = RecordingTransport(closed_dms=set(CLOSED_DMS))
    deliverer = Deliverer(store, transport)
    held: dict[tuple[int, int], list[dict]] = {}
    game_ids = []
    for i in range(count):
        users = chooser.sample(USERS, chooser.randint(2, 4))
        options = {"hand_size": chooser.randint(1, 4)}
        game_id = await started_game(service, users, game=game, channel=1000 + i, seed=chooser.randrange(2**63), options=options)
        while (await store.get_game(game_id)).status == "active":
            move = await random_move(service, game_id, chooser)
            if chooser.random() < 0.15:  # someone else clicks the same button: refused, nothing changes
                other = chooser.choice([u for u in USERS if u != move.user])
                with pytest.raises(RunetableError):
                    await service.act(game_id, other, move.action, expected_seq=move.seq)
            await service.act(game_id, move.user, move.action, expected_seq=move.seq)
            if chooser.random() < 0.5:
                await deliverer.drain()
        await deliverer.drain()
        for user in users:
            held[game_id, user] = await deliverer.take_held(game_id, user)
        game_ids.append(game_id)
    return game_ids, transport, held


async def rebuild(store, game_id):
    """The game's transitions by seq, recomputed by the engine from the stored log alone."""
    record = await store.get_game(game_id)
    engine = Engine(rulesets(record.game))
    seat_count = len(await store.seats(game_id))
    transitions, state = {}, None
    for row in await store.actions(game_id):
        records = decode(row.action)
        if row.seq == 1:
            transition = engine.setup(record.options, seat_count, record.seed)
        else:
            transition = engine.apply(state, records[0].action)
        assert list(transition.records) == records
        transitions[row.seq], state = transition, transition.state
    assert encode(state) == record.state
    return engine, transitions


@pytest.mark.slow
@pytest.mark.parametrize("game", ["tinygame", "markedbids"])
async def test_no_secret_reaches_the_channel_or_another_seat(tmp_path, game):
    store = await Store.open(tmp_path / "games.db")
    try:
        game_ids, transport, held = await play_games(store, game, GAMES, random.Random(game))
        checked_private = 0
        for game_id in game_ids:
            record = await store.get_game(game_id)
            assert record.status == "finished"
            engine, transitions = await rebuild(store, game_id)
            users = {s.seat: s.user_id for s in await store.seats(game_id)}
            sent = [s.payload for s in transport.sent if s.payload.get("game_id") == game_id]
            async with store._read() as db:  # each commit's news row (sent as turn posts: issue 19 item 3)
                rows = await db.fetch("SELECT seq, payload FROM outbox WHERE game_id = ? AND recipient = 'channel'", (game_id,))
            channel = {r["seq"]: p for r in rows if (p := json.loads(r["payload"]))["kind"] in ("start", "update")}
            posts = [p for p in sent if p["kind"] == "post"]  # what the channel read: from the news rows only
            assert posts and all(card_values(p) <= card_values(list(channel.values())) for p in posts)
            private = defaultdict(dict)  # seq -> seat -> payload
            for p in [p for p in sent if p["kind"] == "private"] + [p for (g, _), ps in held.items() if g == game_id for p in ps]:
                assert p["seat"] not in private[p["seq"]], "a private message arrived twice"
                private[p["seq"]][p["seat"]] = p
            notices = [p for p in sent if p["kind"] == "notice"]
            assert all(set(p) == {"v", "kind", "notice", "game_id", "user_id", "lines", "language"} for p in notices)  # issue 31
            assert {p["user_id"] for p in notices} <= CLOSED_DMS
            assert sorted(channel) == sorted(transitions)  # one channel message per commit

            public_so_far: set[int] = set()
            known = defaultdict(set)  # seat -> card values it has seen privately
            for seq, transition in sorted(transitions.items()):
                public = transition.events_for(None)
                public_so_far |= card_values(plain_events(public))
                payload = channel[seq]
                assert payload["events"] == plain_events(public)
                assert payload["view"] == engine.view(transition.state, None)
                # the game's end reveals every secret, on purpose, and nothing before it does
                assert ("reveal" in payload) == (transition.state.result is not None)
                payload = {k: v for k, v in payload.items() if k != "reveal"}
                assert card_values(payload) <= public_so_far, f"game {game_id} seq {seq} leaks a card"
                text = json.dumps(payload)
                for event in transition.events:
                    if event.to is not None:
                        assert json.dumps(event.kind) not in text
                        for seat in event.to:
                            assert narrate(transition.state.game, [event], seat)[0] not in text

                for seat in transition.state.seats:
                    mine = [e for e in transition.events if e.to is not None and seat in e.to]
                    known[seat] |= card_values(plain_events(mine))
                    message = private[seq].get(seat)
                    if message is None:
                        assert not mine
                        continue
                    assert message["events"] == plain_events(mine)
                    assert mine or message["decisions"]
                    legal = engine.legal(transition.state, seat) if transition.state.result is None else []
                    offered = [(d["prompt"]["id"], a["choice"], a["args"]) for d in message["decisions"] for a in d["actions"]]
                    assert offered in ([], [(a.prompt, a.choice, to_plain(dict(a.args))) for a in legal])
                    assert card_values(message) <= public_so_far | known[seat]
                    checked_private += 1
                assert set(private[seq]) <= set(users)
        assert checked_private > GAMES
    finally:
        await store.close()
