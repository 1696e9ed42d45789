"""bot.service, bot.errors and bot.narration on the tiny game over a real SQLite file."""

import asyncio
import json
import random

import pytest

from bot.errors import GameNotRunning, LobbyClosed, NoGameHere, NotSeated, Refused, RunetableError, StaleClick
from bot.narration import Narrator, narrate, register_narrator
from engine.core import Action, Event, decode
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_service, random_move, started_game


@pytest.fixture
def service(store):
    return make_service(store)


async def outbox(store, game_id):
    """All outbox rows of a game as (seq, recipient, payload)."""
    rows = await store.undelivered(1000)
    return [(r.seq, r.recipient, json.loads(r.payload)) for r in rows if r.game_id == game_id]


async def hand_of(service, game_id, user):
    return (await service.view(game_id, user)).view["hand"]


# ------------------------------------------------------------------ lobby and start


async def test_lobby_seats_in_join_order_and_start_draws_the_order_from_the_seed(service, store):
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, seed=11)
    assert record.status == "lobby" and (await service.game_in(CHANNEL)).id == record.id
    for user in (ALICE, BOB, CAROL, DAVE):
        await service.join(record.id, user)
    seats = await service.leave(record.id, BOB)
    assert [(s.seat, s.user_id) for s in seats] == [(0, ALICE), (1, CAROL), (2, DAVE)]

    started = await service.start(record.id)
    assert sorted(started.order) == sorted([ALICE, CAROL, DAVE]) and started.seq == 1
    assert [s.user_id for s in await store.seats(record.id)] == list(started.order)
    assert (await store.get_game(record.id)).status == "active"

    # the same joins with the same seed draw the same order, in another channel
    again = await service.create_game(GUILD, CHANNEL + 1, "tinygame", {}, ALICE, seed=11)
    for user in (ALICE, CAROL, DAVE):
        await service.join(again.id, user)
    assert (await service.start(again.id)).order == started.order

    (seq, recipient, payload), *dms = await outbox(store, record.id)
    assert (seq, recipient, payload["kind"]) == (1, "channel", "start")
    assert payload["seats"] == [{"seat": i, "user_id": u} for i, u in enumerate(started.order)]
    assert [a["seat"] for a in payload["awaiting"]] == [0, 1, 2]
    assert "hand" not in payload["view"] and [e["kind"] for e in payload["events"]] == ["hands_dealt"]
    # each player is dealt by DM, only their own hand
    assert sorted(r for _, r, _ in dms) == sorted(f"user:{u}" for u in started.order)
    for _, recipient, dm in dms:
        user = int(recipient.removeprefix("user:"))
        assert [e["kind"] for e in dm["events"]] == ["dealt"]
        assert dm["events"][0]["data"]["cards"] == await hand_of(service, record.id, user)


async def test_lobby_refusals_are_clear(service):
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, seed=1)
    await service.join(record.id, ALICE)
    with pytest.raises(RunetableError, match="already hold a seat"):
        await service.join(record.id, ALICE)
    with pytest.raises(NotSeated):
        await service.leave(record.id, BOB)
    with pytest.raises(Refused, match="2 to 4 players, not 1"):
        await service.start(record.id)
    for user in (BOB, CAROL, DAVE):
        await service.join(record.id, user)
    with pytest.raises(RunetableError, match="table is full"):
        await service.join(record.id, 999)
    with pytest.raises(RunetableError, match="already has game"):
        await service.create_game(GUILD, CHANNEL, "tinygame", {}, BOB)
    with pytest.raises(RunetableError, match="unknown game"):
        await service.create_game(GUILD, CHANNEL + 1, "chess", {}, BOB)
    with pytest.raises(GameNotRunning, match="not started"):
        await service.act(record.id, ALICE, Action(0, "commit/1/0", "pass"))
    await service.start(record.id)
    with pytest.raises(LobbyClosed, match="already started"):
        await service.join(record.id, 999)
    with pytest.raises(NoGameHere):
        await service.game_in(CHANNEL + 5)
    with pytest.raises(NoGameHere):
        await service.view(12345, None)


async def test_a_banners_variant_in_the_lobby_needs_the_expansion(store):
    """Issue 24 item 1: each Banners of War variant is a lobby option that needs banners_of_war, refused clearly otherwise."""
    from tests.bot.playhelpers import full_service

    service = full_service(store)
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=1)
    with pytest.raises(RunetableError, match="option free_cities needs the option banners_of_war"):
        await service.set_option(record.id, ALICE, "free_cities", True)
    await service.set_option(record.id, ALICE, "banners_of_war", True)
    await service.set_option(record.id, ALICE, "free_cities", True)
    with pytest.raises(RunetableError, match="option free_cities needs the option banners_of_war"):
        await service.set_option(record.id, ALICE, "banners_of_war", False)
    assert (await store.get_game(record.id)).options == {"banners_of_war": True, "free_cities": True}


# ------------------------------------------------------------------ acting


async def test_an_action_is_one_commit_with_a_public_and_a_private_message(service, store):
    game_id = await started_game(service)
    before = await store.get_game(game_id)
    user = ALICE
    card = (await hand_of(service, game_id, user))[-1]
    seat = (await service.view(game_id, user)).seat
    outcome = await service.act(game_id, user, Action(seat, f"commit/1/{seat}", "play", {"card": card}), expected_seq=before.seq)
    assert outcome.seq == before.seq + 1 == (await store.get_game(game_id)).seq
    assert outcome.lines == (f"Player {seat + 1} has chosen a card.", f"You commit the {card}.")
    [logged] = await store.actions(game_id, after_seq=before.seq)
    assert logged.seat == seat and [r.action.choice for r in decode(logged.action)] == ["play"]
    messages = [(r, p) for s, r, p in await outbox(store, game_id) if s == outcome.seq]
    assert [r for r, _ in messages] == ["channel", f"user:{user}"]
    channel, private = messages[0][1], messages[1][1]
    assert channel["events"] == [{"kind": "committed", "data": {"seat": seat}}]
    assert channel["lines"] == [f"Player {seat + 1} has chosen a card."]
    assert private["events"] == [{"kind": "you_committed", "data": {"card": card}}] and private["seat"] == seat


async def test_the_action_seat_is_the_users_seat_whatever_the_action_says(service):
    game_id = await started_game(service)
    seat = (await service.view(game_id, BOB)).seat
    other = (seat + 1) % 3
    card = (await hand_of(service, game_id, BOB))[0]
    # BOB names another seat and that seat's prompt: the service acts for BOB's seat, so the engine refuses
    with pytest.raises(Refused, match="belongs to another player"):
        await service.act(game_id, BOB, Action(other, f"commit/1/{other}", "play", {"card": card}))


async def test_a_refusal_names_the_rule_lists_alternatives_and_changes_nothing(service, store):
    game_id = await started_game(service)
    before = await store.get_game(game_id)
    rows_before = await outbox(store, game_id)
    view = await service.view(game_id, ALICE)
    missing = next(c for c in range(1, 10) if c not in view.view["hand"])
    with pytest.raises(Refused) as refused:
        await service.act(game_id, ALICE, Action(view.seat, view.prompts[0].id, "play", {"card": missing}))
    refusal = refused.value.refusal
    assert refusal.rule == "tiny §2" and list(refusal.alternatives) == list(view.legal)
    assert refusal.described == tuple(f"Play the {a.args['card']}" for a in refusal.alternatives)  # the narrator's words
    assert "Rule: tiny §2" in refused.value.message and "You can: Play the " in refused.value.message
    with pytest.raises(Refused, match="not valid: unknown choice"):
        await service.act(game_id, ALICE, Action(view.seat, view.prompts[0].id, "dance"))
    after = await store.get_game(game_id)
    assert after.state == before.state and after.seq == before.seq  # byte-identical
    assert await outbox(store, game_id) == rows_before
    assert await store.actions(game_id, after_seq=before.seq) == []


async def test_strangers_and_spectators(service):
    game_id = await started_game(service)
    with pytest.raises(NotSeated):
        await service.act(game_id, DAVE, Action(0, "commit/1/0", "pass"))
    with pytest.raises(NotSeated):
        await service.view(game_id, DAVE)
    public = await service.view(game_id, None)
    assert public.seat is None and public.legal == () and "hand" not in public.view
    mine = await service.view(game_id, ALICE)
    assert mine.legal and "hand" in mine.view and mine.prompts[0].kind == "commit"


async def test_a_button_of_an_older_position_is_a_stale_click(service, store):
    game_id = await started_game(service)
    old = await service.view(game_id, ALICE)
    bob = await service.view(game_id, BOB)
    await service.act(game_id, BOB, bob.legal[0], expected_seq=bob.seq)
    with pytest.raises(StaleClick):
        await service.act(game_id, ALICE, old.legal[0], expected_seq=old.seq)
    await service.act(game_id, ALICE, old.legal[0])  # without a seq, the engine judges it: still open


@pytest.mark.parametrize("with_seq", [True, False])
async def test_ten_concurrent_clicks_apply_once(service, store, with_seq):
    game_id = await started_game(service)
    view = await service.view(game_id, CAROL)
    clicks = [view.legal[i % len(view.legal)] for i in range(10)]
    results = await asyncio.gather(
        *(service.act(game_id, CAROL, a, expected_seq=view.seq if with_seq else None) for a in clicks),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 9
    assert all(isinstance(r, StaleClick if with_seq else Refused) for r in refused)
    if not with_seq:
        # CAROL owes nothing more until the others commit
        assert all(r.message.startswith("Nothing is awaited from you right now. Waiting for: Player") for r in refused)
    assert (await store.get_game(game_id)).seq == view.seq + 1
    assert len(await store.actions(game_id)) == view.seq + 1


async def test_forced_answers_are_logged_with_the_action_that_caused_them(service, store):
    """hand_size 1: after round 1 the loser's hand is empty, so the engine passes for them (tiny §2)."""
    game_id = await started_game(service, (ALICE, BOB), options={"hand_size": 1}, seed=3)
    chooser = random.Random(0)
    forced_seen = False
    while (await store.get_game(game_id)).status == "active":
        move = await random_move(service, game_id, chooser)
        outcome = await service.act(game_id, move.user, move.action, expected_seq=move.seq)
        [logged] = await store.actions(game_id, after_seq=outcome.seq - 1)
        records = decode(logged.action)
        assert tuple(records) == outcome.records and json.loads(logged.chance) == [list(r.chance) for r in records]
        assert not records[0].forced and all(r.forced for r in records[1:])
        forced_seen |= len(records) > 1
    assert forced_seen


async def test_a_finished_game_refuses_actions_clearly(service, store):
    game_id = await started_game(service, (ALICE, BOB), seed=5)
    chooser = random.Random(1)
    while (await store.get_game(game_id)).status == "active":
        move = await random_move(service, game_id, chooser)
        outcome = await service.act(game_id, move.user, move.action)
    assert outcome.result is not None and "winners" in outcome.result
    final = await store.get_game(game_id)
    assert final.status == "finished"
    with pytest.raises(GameNotRunning, match="is over"):
        await service.act(game_id, ALICE, Action(0, "commit/9/0", "pass"))
    assert (await store.get_game(game_id)).state == final.state
    assert (await service.view(game_id, ALICE)).legal == ()
    [(_, _, last)] = [(s, r, p) for s, r, p in await outbox(store, game_id) if s == final.seq and r == "channel"]
    assert last["result"] == outcome.result and last["awaiting"] == []


# ------------------------------------------------------------------ narration


def test_narration_uses_the_games_narrator_then_the_generic_form():
    class Polite(Narrator):
        def event(self, event):
            if event.kind == "committed":
                return f"Seat {event.data['seat']} has chosen a card."
            return super().event(event)

    register_narrator("narration-test", Polite())
    events = [
        Event("committed", {"seat": 1}),
        Event("you_committed", {"card": 7}, frozenset({1})),
        Event("revealed", {"cards": (3, 7)}),
    ]
    assert narrate("narration-test", events, None) == ["Seat 1 has chosen a card.", "revealed: cards=[3, 7]"]
    assert narrate("narration-test", events, 1)[1] == "you_committed: card=7"
    assert narrate("another-game", events[:1], 0) == ["committed: seat=1"]
