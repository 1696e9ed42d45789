"""bot.table.undo: allowed before anything was learned; refused after another player's move,
a reveal (cards revealed, a season card drawn) or a fate draw; what is undone is shown;
sent messages are marked superseded and the decisions re-sent. Source: issue 10, "Undo";
docs/table.md, "What undo may cross"."""

import json

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.table import undo
from bot.table.history import Commit
from engine.core import Action, ActionRecord, GameState, Transition
from tests.table.helpers import ALICE, BOB, CAROL, CHANNEL, CONQUER_TURN, play_first, queued, runewars_game, tiny_game


class RecordingMarker:
    def __init__(self):
        self.marked = []

    async def mark(self, message):
        self.marked.append(message)


async def delivered(table, closed_dms=()):
    """Drain the outbox as the bot would (so the messages have ids)."""
    await Deliverer(table.store, RecordingTransport(closed_dms=set(closed_dms))).drain()


async def act(table, game_id, user, **wanted):
    view = await table.service.view(game_id, user)
    action = next(a for a in view.legal if all(a.args.get(k) == v or a.choice == v for k, v in wanted.items()))
    return await table.service.act(game_id, user, action)


async def test_undo_of_a_secret_commit_before_anyone_else_acts(table):
    game_id = await tiny_game(table)
    before = (await table.store.get_game(game_id)).state
    await play_first(table, game_id, ALICE)
    await delivered(table)
    plan = await undo.plan(table, game_id, ALICE)
    assert plan.keep_seq == 1 and plan.lines[0].startswith("Move 2: play card=")
    assert any("you_committed" in line for line in plan.lines)  # the player sees what they did, privately
    done = await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    record = await table.store.get_game(game_id)
    assert (record.seq, record.rewinds) == (1, 1) and record.state == before
    assert ALICE in {s.user_id for s in await table.store.seats(game_id)
                     if s.seat in (await table.service.view(game_id, None)).awaited}
    assert {r.recipient for r in done.superseded} == {"channel", f"user:{ALICE}"}
    [public] = await queued(table, "undo", "channel")
    assert f"<@{ALICE}> took back their last move (move 2)" in public["lines"][0]
    [again] = [json.loads(r.payload) for r in await table.store.undelivered() if r.recipient == f"user:{ALICE}"]
    assert again["kind"] == "private" and again["decisions"][0]["prompt"]["kind"] == "commit"


async def test_superseded_messages_are_marked_once(table):
    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    await delivered(table)
    plan = await undo.plan(table, game_id, ALICE)
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    marker = RecordingMarker()
    assert await undo.mark_superseded(table, marker) == 2
    assert {(m.channel_id, m.user_id) for m in marker.marked} == {(CHANNEL, None), (None, ALICE)}
    assert await undo.mark_superseded(table, marker) == 0 and await table.store.superseded_unmarked() == []


async def test_a_held_dm_of_an_undone_move_is_dropped(table):
    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    await delivered(table, closed_dms={ALICE})

    async def held():
        return [h["key"] for h in await table.store.get_setting("player", ALICE, f"held/{game_id}", [])]

    assert await held() == [f"{game_id}/1/user:{ALICE}", f"{game_id}/2/user:{ALICE}"]  # her hand, her commit
    plan = await undo.plan(table, game_id, ALICE)
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    assert await held() == [f"{game_id}/1/user:{ALICE}"]
    marker = RecordingMarker()
    await undo.mark_superseded(table, marker)
    assert [m.channel_id for m in marker.marked] == [CHANNEL]  # a held DM has no message to edit


async def test_refused_after_another_players_move(table):
    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    await play_first(table, game_id, BOB)
    with pytest.raises(undo.UndoRefused, match="another player has acted"):
        await undo.plan(table, game_id, ALICE)
    assert (await undo.plan(table, game_id, BOB)).keep_seq == 2


async def test_refused_after_a_reveal(table):
    game_id = await tiny_game(table)
    for user in (ALICE, BOB, CAROL):
        await play_first(table, game_id, user)  # CAROL's commit reveals all three cards
    with pytest.raises(undo.UndoRefused, match=r"revealed information \(revealed: cards="):
        await undo.plan(table, game_id, CAROL)


async def test_refused_when_the_game_moved_on_after_the_preview(table):
    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    plan = await undo.plan(table, game_id, ALICE)
    await play_first(table, game_id, BOB)
    with pytest.raises(undo.UndoRefused, match="moved on"):
        await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)


async def test_nothing_to_undo(table):
    game_id = await tiny_game(table)
    with pytest.raises(undo.UndoRefused, match="no move to undo"):
        await undo.plan(table, game_id, ALICE)


def test_a_chance_result_blocks_undo():
    action = Action(0, "p", "go")
    state = GameState("tinygame", 1, {}, 1, 2, 1, None)
    quiet = Commit(5, 0, state, Transition(state, (), (ActionRecord(5, action),)))
    shuffled = Commit(5, 0, state, Transition(state, (), (ActionRecord(5, action), ActionRecord(6, action, (3, 1), forced=True))))
    assert undo.blocker("tinygame", quiet, 0) is None
    assert undo.blocker("tinygame", shuffled, 0) == "a chance event happened (a shuffle or a random draw)"
    assert undo.blocker("tinygame", quiet, 1) == "another player has acted since"


async def test_runewars_march_can_be_undone_until_the_battle_draws_fate_cards(table):
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    start = (await table.store.get_game(game_id)).state
    await act(table, game_id, ALICE, area="1B")
    plan = await undo.plan(table, game_id, ALICE)
    assert len(plan.lines) == 2 and plan.lines[0].startswith("Move 2: ") and "1B" in plan.lines[0]
    assert plan.lines[1].startswith("  · ") and "activated 1B" in plan.lines[1]  # the answer and what followed
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    assert (await table.store.get_game(game_id)).state == start
    await act(table, game_id, ALICE, area="1B")
    await act(table, game_id, ALICE, count=2)
    await undo.plan(table, game_id, ALICE)  # moving units in is still undoable
    await act(table, game_id, ALICE, choice="done")  # the battle: fate cards are drawn from the deck
    with pytest.raises(undo.UndoRefused, match="revealed information"):
        await undo.plan(table, game_id, ALICE)


async def test_runewars_order_choice_is_undoable_until_the_orders_are_revealed(table):
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    await act(table, game_id, ALICE, area="1B")
    await act(table, game_id, ALICE, count=2)
    await act(table, game_id, ALICE, choice="done")
    await act(table, game_id, BOB, to="1A")  # the retreat; the season ends, summer's season card is drawn
    with pytest.raises(undo.UndoRefused, match="revealed information"):
        await undo.plan(table, game_id, BOB)
    await act(table, game_id, ALICE, number=1)  # a secret order card: only its echo goes to ALICE
    plan = await undo.plan(table, game_id, ALICE)
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    await act(table, game_id, ALICE, number=2)
    await act(table, game_id, BOB, number=1)  # the last order card: all are revealed
    with pytest.raises(undo.UndoRefused, match="revealed information"):
        await undo.plan(table, game_id, BOB)
