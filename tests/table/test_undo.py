"""bot.table.undo: allowed before anything was learned; refused after another player's move,
a reveal (cards revealed, a season card drawn) or a fate draw; what is undone is shown;
sent messages are marked superseded and the decisions re-sent. Source: issue 10, "Undo";
docs/table.md, "What undo may cross"."""

import json

import pytest

from bot.delivery import Deliverer, RecordingTransport
from bot.table import undo
from bot.table.history import Commit
from engine.core import Action, ActionRecord, GameState, Ruleset, Transition
from engine.runewars.ruleset import RULESET as RUNEWARS_RULES
from tests.table.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    CONQUER_TURN,
    RULESETS,
    TINY,
    play_first,
    queued,
    runewars_game,
    tiny_game,
)


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
    assert plan.keep_seq == 1 and plan.lines[0].startswith("Move 2: Play the ")
    assert any("You commit the " in line for line in plan.lines)  # the player sees what they did, privately
    done = await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    record = await table.store.get_game(game_id)
    assert (record.seq, record.rewinds) == (1, 1) and record.state == before
    assert ALICE in {
        s.user_id for s in await table.store.seats(game_id) if s.seat in (await table.service.view(game_id, None)).awaited
    }
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
    with pytest.raises(undo.UndoRefused, match=r"revealed information \(Revealed: Player 1 the "):
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
    assert undo.blocker(TINY, quiet, 0) is None
    assert undo.blocker(TINY, shuffled, 0) == "a chance event happened (a shuffle or a random draw)"
    assert undo.blocker(TINY, quiet, 1) == "another player has acted since"


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
    with pytest.raises(undo.UndoRefused, match="another player has acted"):
        await undo.plan(table, game_id, BOB)
    plan = await undo.plan(table, game_id, ALICE)
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    await act(table, game_id, ALICE, number=2)
    await act(table, game_id, BOB, number=1)  # the last order card: all are revealed
    with pytest.raises(undo.UndoRefused, match="revealed information"):
        await undo.plan(table, game_id, BOB)


class Strict(type(TINY)):
    """The tiny game declaring no undo-safe kinds: its commit ("committed") now reveals."""

    name = "strict"
    undo_safe_events = frozenset()


class NoEchoes(type(TINY)):
    """The tiny game declaring no echoes: telling a seat its own card now counts as showing it something."""

    name = "noechoes"
    undo_echo_events = frozenset()


async def test_the_tiny_games_undo_rules_come_from_its_ruleset(table):
    """What undo may cross is the ruleset's declaration (engine.core.Ruleset), not the bot's:
    the same commit is undoable in the tiny game, and not in variants declaring less."""
    assert TINY.undo_safe_events == {"committed"} and TINY.undo_echo_events == {"you_committed"}
    RULESETS.update(strict=Strict(), noechoes=NoEchoes())
    allowed, strict, no_echoes = [
        await tiny_game(table, game=g, channel=CHANNEL + i) for i, g in enumerate(("tinygame", "strict", "noechoes"))
    ]
    for game_id in (allowed, strict, no_echoes):
        await play_first(table, game_id, ALICE)
    assert (await undo.plan(table, allowed, ALICE)).keep_seq == 1
    with pytest.raises(undo.UndoRefused, match="revealed information"):
        await undo.plan(table, strict, ALICE)
    with pytest.raises(undo.UndoRefused, match="showed you hidden information"):
        await undo.plan(table, no_echoes, ALICE)


def test_runewars_declares_its_own_undo_rules():
    """Runewars declares its lists; the reveals are not in them (docs/table.md, "Undo")."""
    assert Ruleset.undo_safe_events == frozenset() and Ruleset.undo_echo_events == frozenset()  # nothing by default
    assert {"units_moved", "area_activated", "order_chosen"} <= RUNEWARS_RULES.undo_safe_events
    assert not {"battle_drew", "orders_revealed", "season_card_drawn"} & RUNEWARS_RULES.undo_safe_events
    assert RUNEWARS_RULES.undo_echo_events == {"your_order", "your_bid", "your_false_rune"}


class BattleOpeningSafe(type(RUNEWARS_RULES)):
    """Runewars with the battle's opening declared undo-safe, so only its fate draw is left to refuse."""

    undo_safe_events = RUNEWARS_RULES.undo_safe_events | {"battle_started", "battle_lined_up", "battle_round"}


async def test_runewars_undo_is_refused_at_the_fate_draw(table, monkeypatch):
    """A fate card drawn in battle previews the fate deck (shuffled at set-up, so no chance
    record marks it): the draw itself ends the undo window."""
    monkeypatch.setitem(RULESETS, "runewars", BattleOpeningSafe())
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    await act(table, game_id, ALICE, area="1B")
    await act(table, game_id, ALICE, count=2)
    assert (await undo.plan(table, game_id, ALICE)).keep_seq == 2  # moving in is undoable
    await act(table, game_id, ALICE, choice="done")
    with pytest.raises(undo.UndoRefused, match=r"move 4: it revealed information \(.*(draw|drew)"):
        await undo.plan(table, game_id, ALICE)


async def test_undo_removes_only_the_messages_of_the_undone_moves(table):
    """Issue 21 item 8: the undo deleted every undelivered outbox row after the kept move,
    a vote notice and another player's reminder too. Only the undone moves' messages go."""
    from bot.table import notices

    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    await notices.to_channel(table.store, game_id, "vote/1/open", ["A vote to pause is open."])
    await notices.to_player(table.store, game_id, "reminder/1/0", BOB, ["Your turn is waiting."])
    mine = {r.key for r in await table.store.undelivered(1000) if r.seq == 2 and not r.key.startswith("notice/")}
    assert mine == {f"{game_id}/2/channel", f"{game_id}/2/user:{ALICE}"}
    plan = await undo.plan(table, game_id, ALICE)
    await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    left = await table.store.undelivered(1000)
    assert not mine & {r.key for r in left}
    assert [n["lines"] for n in await queued(table, "vote")] == [["A vote to pause is open."]]
    assert [n["lines"] for n in await queued(table, "reminder", f"user:{BOB}")] == [["Your turn is waiting."]]
    sent = RecordingTransport()
    await Deliverer(table.store, sent).drain()
    kinds = [(s.to, s.payload.get("notice")) for s in sent.sent if s.payload.get("kind") == "notice"]
    assert kinds.index((f"channel:{CHANNEL}", "vote")) < kinds.index((f"channel:{CHANNEL}", "undo"))  # queue order kept


class Killed(BaseException):
    """The process dies here."""


async def test_the_undo_announcement_survives_a_kill_before_it_is_sent(table, tmp_path, monkeypatch):
    """Issue 21 item 8: the announcement is written in the undo's own transaction, so a bot
    killed after the undo commits still tells the channel (and the undoer) on restart."""
    from bot.store import Store
    from tests.table.helpers import make_table

    game_id = await tiny_game(table)
    await play_first(table, game_id, ALICE)
    await delivered(table)
    plan = await undo.plan(table, game_id, ALICE)
    real = table.store.undo_actions

    async def undo_then_die(*args, **kwargs):
        await real(*args, **kwargs)
        raise Killed

    monkeypatch.setattr(table.store, "undo_actions", undo_then_die)
    with pytest.raises(Killed):
        await undo.perform(table, game_id, ALICE, plan.seq, plan.rewinds)
    store = await Store.open(tmp_path / "games.db")  # the restarted bot
    try:
        assert (await store.get_game(game_id)).seq == 1
        sent = RecordingTransport()
        await Deliverer(store, sent).drain()
        told = {(s.to, s.payload.get("notice") or s.payload.get("kind")) for s in sent.sent}
        assert (f"channel:{CHANNEL}", "undo") in told and (f"dm:{ALICE}", "private") in told
        [again] = [s.payload for s in sent.sent if s.to == f"dm:{ALICE}"]
        assert again["lines"] == ["↩️ Your move was undone. Decide again:"] and again["seq"] == 1
        assert again["decisions"][0]["prompt"]["kind"] == "commit"
        assert await undo.mark_superseded(make_table(store), RecordingMarker()) == 2
    finally:
        await store.close()


async def test_an_unknown_game_is_refused_like_any_user_error(table):
    """Issue 21 item 9: GameNotFound is a RunetableError, so a button of a game this file
    does not hold gets an answer, not the apology for a bug."""
    from bot.errors import RunetableError

    with pytest.raises(RunetableError, match="There is no game #999"):
        await undo.plan(table, 999, ALICE)
