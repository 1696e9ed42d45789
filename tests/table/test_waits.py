"""bot.table.waits and the sweeper, with a fake clock: reminders at the configured times (game
and player intervals, quiet hours, mute, escalation), none to eliminated players, stall
notices, "you're next", the AI default at a deadline with its public notice, loans to the
AI, and a restart that resumes from the store. Source: issue 10, "Reminders" and
"Deadlines"; docs/table.md."""

from bot.frontend import REGISTERED, FrontEnd
from bot.store import Store
from bot.table import settings, waits
from bot.table.seats import default_by_ai, lend
from bot.table.sweeper import sweep
from tests.table.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    CONQUER_TURN,
    DAVE,
    HOUR,
    RULESETS,
    TINY,
    awaited_users,
    make_table,
    play_first,
    queued,
    runewars_game,
    tiny_game,
    user_of,
)


def recipients(items) -> set[str]:
    return {n["recipient"] for n in items}


async def test_reminders_come_at_the_games_interval_then_escalate_to_the_channel(table, clock):
    game_id = await tiny_game(table)
    await sweep(table)  # the waits begin now
    clock.advance(11.9)
    await sweep(table)
    assert await queued(table, "remind") == []
    clock.advance(0.1)  # 12 hours: the game's default interval
    report = await sweep(table)
    assert report.reminders == 3 and report.escalations == 0
    assert recipients(await queued(table, "remind")) == {f"user:{u}" for u in (ALICE, BOB, CAROL)}
    reminder = (await queued(table, "remind"))[0]
    assert "<t:" in reminder["lines"][0] and ":R>" in reminder["lines"][1]  # Discord timestamps
    assert reminder["buttons"][0]["custom_id"] == f"g:{game_id}:mute"
    await sweep(table)
    assert len(await queued(table, "remind")) == 3  # nothing twice
    clock.advance(12)
    report = await sweep(table)
    assert report.reminders == 3 and report.escalations == 3  # the second reminder also pings in the channel
    [escalation] = [n for n in await queued(table, "escalate") if n["ping"] == [ALICE]]
    assert escalation["recipient"] == "channel" and f"<@{ALICE}>" in escalation["lines"][0]


async def test_a_players_own_interval_and_quiet_hours_in_their_time_zone(table, clock):
    await settings.change_player_prefs(table.store, BOB, reminder_hours=5)
    # 22:00-8:00 in Berlin; the clock starts Monday 12:00 UTC = 13:00 in Berlin
    await settings.change_player_prefs(table.store, CAROL, quiet_hours=[22, 8], timezone="Europe/Berlin")
    await tiny_game(table)
    await sweep(table)
    clock.advance(5)
    await sweep(table)
    assert recipients(await queued(table, "remind")) == {f"user:{BOB}"}
    clock.advance(7)  # 12 h: ALICE's first reminder; CAROL's falls on 01:00 in Berlin
    await sweep(table)
    assert recipients(await queued(table, "remind")) == {f"user:{BOB}", f"user:{ALICE}"}
    clock.advance(6.9)  # 07:54 in Berlin: still quiet
    await sweep(table)
    assert f"user:{CAROL}" not in recipients(await queued(table, "remind"))
    clock.advance(0.1)  # 08:00 in Berlin
    await sweep(table)
    assert f"user:{CAROL}" in recipients(await queued(table, "remind"))


async def test_a_muted_decision_gets_no_reminders_and_the_next_decision_does(table, clock):
    game_id = await tiny_game(table)
    await sweep(table)
    alice_seat = next(s.seat for s in await table.store.seats(game_id) if s.user_id == ALICE)
    assert await waits.mute(table, game_id, alice_seat)
    clock.advance(24)
    await sweep(table)
    assert f"user:{ALICE}" not in recipients(await queued(table, "remind"))
    assert not [n for n in await queued(table, "escalate") if n["ping"] == [ALICE]]
    for user in await awaited_users(table, game_id):  # everyone commits: ALICE owes a new decision (react)
        await play_first(table, game_id, user)
    await sweep(table)
    clock.advance(12)
    await sweep(table)
    assert f"user:{ALICE}" in recipients(await queued(table, "remind"))


class Eliminating(type(TINY)):
    """The tiny game with seat 2 marked eliminated in its view (as Runewars marks players)."""

    name = "eliminating"

    def view(self, state, seat):
        return {**super().view(state, seat), "players": [{"seat": s, "eliminated": s == 2} for s in state.seats]}


async def test_eliminated_players_get_no_reminders(table, clock):
    RULESETS["eliminating"] = Eliminating()
    game_id = await tiny_game(table, game="eliminating")
    out = await user_of(table, game_id, 2)
    await sweep(table)
    assert {w.seat for w in await table.store.waits(game_id)} == {0, 1}
    clock.advance(24)
    await sweep(table)
    assert f"user:{out}" not in recipients(await queued(table, "remind"))
    assert len(recipients(await queued(table, "remind"))) == 2


async def test_eliminated_players_get_no_escalation_stall_or_heads_up(table, clock, monkeypatch):
    """Issue 10 "Done when": no pings to eliminated players: not the channel's escalation, not
    the stall notice, not "you're next" even when the game names them next."""
    RULESETS["eliminating"] = Eliminating()
    frontend = FrontEnd()
    frontend.next_up = lambda view: (2, f"round {view['round']}")
    monkeypatch.setitem(REGISTERED, "eliminating", frontend)
    game_id = await tiny_game(table, game="eliminating", deadline_hours=0)
    out = await user_of(table, game_id, 2)
    await sweep(table)
    clock.advance(72)
    report = await sweep(table)
    assert report.stalls == 2 and report.heads_up == 0
    clock.advance(24)
    await sweep(table)
    everything = await queued(table)
    assert {n["notice"] for n in everything} >= {"remind", "escalate", "stall"}
    assert not [
        n
        for n in everything
        if n["recipient"] == f"user:{out}" or out in n.get("ping", []) or f"<@{out}>" in " ".join(n["lines"])
    ]


async def test_a_long_wait_without_deadline_gets_one_stall_notice(table, clock):
    game_id = await tiny_game(table, deadline_hours=0)
    await sweep(table)
    clock.advance(71)
    await sweep(table)
    assert await queued(table, "stall") == []
    clock.advance(1)
    report = await sweep(table)
    assert report.stalls == 3 and report.defaults == 0
    stall = (await queued(table, "stall"))[0]
    assert stall["recipient"] == "channel" and "/game vote" in stall["lines"][1] and "ping" not in stall
    clock.advance(24)
    await sweep(table)
    assert len(await queued(table, "stall")) == 3
    assert (await table.store.get_game(game_id)).seq == 1  # nobody decided for anyone


async def test_at_the_deadline_the_ai_decides_from_the_seat_and_the_channel_is_told(table, clock):
    game_id = await tiny_game(table, deadline_hours=24)
    await play_first(table, game_id, ALICE)
    await sweep(table)
    clock.advance(23.9)
    await sweep(table)
    assert await queued(table, "deadline") == []
    clock.advance(0.1)
    report = await sweep(table)
    assert report.defaults == 2
    public = [n for n in await queued(table, "deadline") if n["recipient"] == "channel"]
    assert sorted(n["lines"][0].split(" passed")[0] for n in public) == [f"⏰ The deadline for <@{u}>" for u in (BOB, CAROL)]
    assert all("the AI answered for their seat" in n["lines"][0] for n in public)  # who, never what
    assert recipients(await queued(table, "deadline")) == {"channel", f"user:{BOB}", f"user:{CAROL}"}
    view = await table.service.view(game_id, None)
    assert view.view["revealed"] is not None  # the AI committed for both: the cards were revealed
    users = {s.seat: s.user_id for s in await table.store.seats(game_id)}
    assert all(s.user_id is not None and not s.is_ai for s in await table.store.seats(game_id))  # seats stay theirs
    await sweep(table)  # the reactions are new decisions with fresh deadlines
    assert all(w.deadline == clock.now + 24 * 3600 for w in await table.store.waits(game_id) if users[w.seat] != CAROL)


async def test_youre_next_goes_once_per_turn_to_the_player_whose_order_follows(table, clock):
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    report = await sweep(table)
    assert report.heads_up == 1
    [note] = await queued(table, "next")
    assert note["recipient"] == f"user:{BOB}" and f"<@{ALICE}> is taking their turn" in note["lines"][0]
    assert note["silent"] is True  # issue 19 item 3: no hand-off yet, so it notifies nobody
    await play_first(table, game_id, ALICE)  # a new decision of the same turn
    await sweep(table)
    assert len(await queued(table, "next")) == 1


async def test_no_heads_up_when_turned_off_or_at_night(table, clock):
    await settings.change_player_prefs(table.store, BOB, heads_up=False)
    await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    await sweep(table)
    await settings.change_player_prefs(table.store, CAROL, quiet_hours=[12, 14])  # UTC; it is 12:00
    await runewars_game(table, (DAVE, CAROL), CONQUER_TURN, channel=CHANNEL + 1)
    await sweep(table)
    assert await queued(table, "next") == []


async def test_an_ai_loan_plays_the_seat_until_it_ends(table, clock):
    game_id = await tiny_game(table)
    until = await lend(table, game_id, ALICE, 2)
    assert until == clock.now + 2 * 3600
    assert ALICE not in await awaited_users(table, game_id)  # the AI answered at once
    alice = next(s for s in await table.store.seats(game_id) if s.user_id == ALICE)
    assert alice.is_ai
    await sweep(table)
    assert alice.seat not in {w.seat for w in await table.store.waits(game_id)}
    clock.advance(2)
    report = await sweep(table)
    assert report.loans_ended == 1
    assert not next(s for s in await table.store.seats(game_id) if s.user_id == ALICE).is_ai
    [note] = await queued(table, "loan")
    assert f"<@{ALICE}> plays their seat again" in note["lines"][0]


async def test_a_restarted_sweeper_resumes_from_the_store(tmp_path, clock):
    store = await Store.open(tmp_path / "games.db", snapshot_every=1)
    first = make_table(store, clock)
    await tiny_game(first)
    await sweep(first)
    await store.close()
    clock.advance(12)
    store = await Store.open(tmp_path / "games.db", snapshot_every=1)
    try:
        again = make_table(store, clock)
        report = await sweep(again)
        assert report.reminders == 3 and report.commitments == 0  # same waits, commitment already posted
    finally:
        await store.close()


async def test_the_deadline_ai_decides_from_the_seats_own_view(table):
    from engine.runewars.ai.policy import choose

    seen = []

    def spy(view, prompt, legal, rng, *, pack):
        seen.append((view, prompt.seat, pack is not None))
        return choose(view, prompt, legal, rng, pack=pack)

    table.ai = lambda game: spy
    game_id = await runewars_game(table, (ALICE, BOB), CONQUER_TURN)
    own_view = (await table.service.view(game_id, ALICE)).view
    answers = await default_by_ai(table, game_id, 0)
    assert answers >= 1 and ALICE not in await awaited_users(table, game_id)  # the AI played the whole turn
    view, seat, had_pack = seen[0]
    assert seat == 0 and had_pack and view == dict(own_view)  # ALICE's view, never the state


async def test_commands_during_a_sweeps_sends_are_not_overwritten(table, clock, monkeypatch):
    """Issue 21, item 7: while the sweep awaits the sending of a reminder, a moderator extends
    the deadlines by 24 hours, a player mutes, and /game deadline set changes the time per
    decision of nobody else; the sweep's own changes (reminder counters, next times) land on
    the fresh waits and overwrite none of that."""
    import asyncio

    from bot.table import notices, ui

    game_id = await tiny_game(table)
    await sweep(table)
    before = {w.seat: w for w in await table.store.waits(game_id)}
    alice_seat = next(s.seat for s in await table.store.seats(game_id) if s.user_id == ALICE)
    real, meddled = notices.to_player, []

    async def send_and_meddle(*args, **kwargs):
        if not meddled:  # the first reminder: the others are still to come
            meddled.append(await waits.extend_deadlines(table, game_id, 24))
            assert await waits.mute(table, game_id, alice_seat)
        return await real(*args, **kwargs)

    monkeypatch.setattr(notices, "to_player", send_and_meddle)
    clock.advance(12)
    report = await asyncio.wait_for(sweep(table), 10)  # the sweep holds no lock while it sends
    assert report.reminders == 3 and len(meddled[0]) == 3
    after = {w.seat: w for w in await table.store.waits(game_id)}
    assert {s: w.deadline for s, w in after.items()} == {s: w.deadline + 24 * HOUR for s, w in before.items()}
    assert after[alice_seat].muted and not any(w.muted for s, w in after.items() if s != alice_seat)
    assert {w.reminders for w in after.values()} == {1}  # the sweep's own changes are kept too
    assert {w.next_reminder for w in after.values()} == {clock.now + 12 * HOUR}

    async def set_and_send(*args, **kwargs):
        if len(meddled) == 1:
            meddled.append(await ui.deadline_set(table, CHANNEL, ALICE, False, 72))
        return await real(*args, **kwargs)

    monkeypatch.setattr(notices, "to_player", set_and_send)
    clock.advance(12)
    report = await asyncio.wait_for(sweep(table), 10)
    assert report.reminders == 2 and meddled[1][0].public  # ALICE is muted
    after = {w.seat: w for w in await table.store.waits(game_id)}
    assert {w.deadline - w.since for w in after.values()} == {72 * HOUR}
    assert after[alice_seat].muted and after[alice_seat].reminders == 1
    assert {w.reminders for s, w in after.items() if s != alice_seat} == {2}


async def test_an_extension_while_the_ai_answers_a_passed_deadline_saves_the_other_seats(table, clock, monkeypatch):
    """Issue 21, item 7: the deadlines of three seats pass together; while the AI answers for
    the first, a moderator extends every deadline by a day: the AI answers for no other seat."""
    real, extended = waits.default_by_ai, []

    async def answer_and_meanwhile_extend(*args, **kwargs):
        if not extended:
            extended.append(await waits.extend_deadlines(table, game_id, 24))
        return await real(*args, **kwargs)

    game_id = await tiny_game(table, deadline_hours=24)
    await sweep(table)
    monkeypatch.setattr(waits, "default_by_ai", answer_and_meanwhile_extend)
    clock.advance(24)
    report = await sweep(table)
    assert len(extended[0]) == 3 and report.defaults == 1
    assert len(await awaited_users(table, game_id)) == 2
