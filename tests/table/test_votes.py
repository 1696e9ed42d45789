"""bot.table.votes: every vote kind passing and failing, with its effect, its public record
and the claim of an opened seat. Source: issue 10, "Votes and moderation"; docs/table.md."""

import dataclasses

import pytest

from bot.errors import RunetableError
from bot.table import seats, votes
from bot.table.settings import game_settings
from bot.table.sweeper import sweep
from tests.table.helpers import ALICE, BOB, CAROL, DAVE, HOUR, awaited_users, queued, tiny_game


async def seat_of(table, game_id, user):
    return next(s for s in await table.store.seats(game_id) if s.user_id == user)


async def test_pause_passes_by_majority_and_stops_the_clocks(table, clock):
    game_id = await tiny_game(table)
    await sweep(table)
    state = await votes.open_vote(table, game_id, ALICE, "pause")
    assert state.vote.status == "open" and state.needed == 2 and state.yes == 1
    state = await votes.cast(table, state.vote.id, BOB, True)
    assert state.vote.status == "passed" and "paused" in state.text()
    assert (await game_settings(table.store, game_id))["paused_at"] == clock.now
    clock.advance(100)
    report = await sweep(table)
    assert report.reminders == 0 and report.defaults == 0  # no reminders, no deadline while paused


async def test_pause_fails_when_the_majority_says_no(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, ALICE, "pause")
    state = await votes.cast(table, state.vote.id, BOB, False)
    assert state.vote.status == "open"  # CAROL could still carry it
    state = await votes.cast(table, state.vote.id, CAROL, False)
    assert state.vote.status == "failed" and "**Failed.**" in state.text()
    assert (await game_settings(table.store, game_id))["paused_at"] is None


async def test_resume_shifts_every_deadline_by_the_pause(table, clock):
    game_id = await tiny_game(table)
    await sweep(table)
    deadlines = {w.seat: w.deadline for w in await table.store.waits(game_id)}
    state = await votes.open_vote(table, game_id, ALICE, "pause")
    await votes.cast(table, state.vote.id, CAROL, True)
    clock.advance(10)
    state = await votes.open_vote(table, game_id, BOB, "resume")
    state = await votes.cast(table, state.vote.id, CAROL, True)
    assert state.vote.status == "passed"
    assert {w.seat: w.deadline for w in await table.store.waits(game_id)} == {s: d + 10 * HOUR for s, d in deadlines.items()}


async def test_resume_fails_when_its_time_runs_out(table, clock):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, ALICE, "pause")
    await votes.cast(table, state.vote.id, BOB, True)
    state = await votes.open_vote(table, game_id, ALICE, "resume")
    clock.advance(48)
    report = await sweep(table)
    assert report.votes_closed == 1
    assert (await table.store.vote(state.vote.id)).status == "failed"
    [closed] = await queued(table, "vote")
    assert "Time is up." in closed["lines"][0] and closed["recipient"] == "channel"
    assert (await game_settings(table.store, game_id))["paused_at"] is not None


async def test_extend_passes_and_moves_the_deadlines_back(table):
    game_id = await tiny_game(table)
    await sweep(table)
    before = {w.seat: w.deadline for w in await table.store.waits(game_id)}
    state = await votes.open_vote(table, game_id, BOB, "extend", hours=24)
    state = await votes.cast(table, state.vote.id, ALICE, True)
    assert state.vote.status == "passed" and "by 24 hours" in state.text()
    assert {w.seat: w.deadline for w in await table.store.waits(game_id)} == {s: d + 24 * HOUR for s, d in before.items()}


async def test_extend_fails_and_the_deadlines_stay(table):
    game_id = await tiny_game(table)
    await sweep(table)
    before = await table.store.waits(game_id)
    state = await votes.open_vote(table, game_id, BOB, "extend", hours=24)
    await votes.cast(table, state.vote.id, ALICE, False)
    state = await votes.cast(table, state.vote.id, CAROL, False)
    assert state.vote.status == "failed"
    assert await table.store.waits(game_id) == before


async def test_replace_opens_the_seat_and_a_newcomer_claims_it(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, ALICE, "replace", seat_user=CAROL)
    assert state.voters == {ALICE, BOB} and state.needed == 2  # the player it is about does not vote
    with pytest.raises(RunetableError, match="other than the one"):
        await votes.cast(table, state.vote.id, CAROL, False)
    state = await votes.cast(table, state.vote.id, BOB, True)
    assert state.vote.status == "passed" and [b.custom_id for b in state.buttons] == [f"g:{game_id}:claim:{state.vote.seat}"]
    assert (await seat_of(table, game_id, CAROL)).seat == state.vote.seat  # CAROL plays on until the claim
    with pytest.raises(RunetableError, match="already hold a seat"):
        await seats.claim(table, game_id, state.vote.seat, ALICE)
    await seats.claim(table, game_id, state.vote.seat, DAVE)
    assert (await seat_of(table, game_id, DAVE)).seat == state.vote.seat
    assert CAROL not in {s.user_id for s in await table.store.seats(game_id)}
    with pytest.raises(RunetableError, match="not open for claiming"):
        await seats.claim(table, game_id, state.vote.seat, 999)


async def test_replace_fails_without_two_thirds(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, ALICE, "replace", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, BOB, False)
    assert state.vote.status == "failed" and state.buttons == ()
    assert (await seat_of(table, game_id, CAROL)) is not None


async def test_ai_vote_hands_the_seat_to_the_ai_which_answers_at_once(table):
    game_id = await tiny_game(table)
    carol_seat = (await seat_of(table, game_id, CAROL)).seat
    state = await votes.open_vote(table, game_id, ALICE, "ai", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, BOB, True)
    assert state.vote.status == "passed" and f"<@{CAROL}>" in state.text() and state.buttons == ()
    seat = (await table.store.seats(game_id))[carol_seat]
    assert seat.is_ai and seat.user_id is None
    assert carol_seat not in (await table.service.view(game_id, None)).awaited  # nobody waits on the AI


async def test_ai_vote_fails_on_a_no(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, ALICE, "ai", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, BOB, False)
    assert state.vote.status == "failed" and not (await seat_of(table, game_id, CAROL)).is_ai


async def test_kick_removes_the_player_and_the_ai_holds_the_seat_until_claimed(table):
    game_id = await tiny_game(table)
    carol_seat = (await seat_of(table, game_id, CAROL)).seat
    state = await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, ALICE, True)
    assert state.vote.status == "passed" and state.buttons
    assert (await table.store.seats(game_id))[carol_seat].is_ai
    await seats.claim(table, game_id, carol_seat, DAVE)
    seat = (await table.store.seats(game_id))[carol_seat]
    assert seat.user_id == DAVE and not seat.is_ai


async def test_kick_fails_on_a_no(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, ALICE, False)
    assert state.vote.status == "failed" and (await seat_of(table, game_id, CAROL)).user_id == CAROL


async def test_abandon_ends_the_game_and_the_seed_is_revealed(table):
    game_id = await tiny_game(table)
    await sweep(table)
    state = await votes.open_vote(table, game_id, CAROL, "abandon")
    state = await votes.cast(table, state.vote.id, ALICE, True)
    assert state.vote.status == "passed"
    assert (await table.store.get_game(game_id)).status == "abandoned"
    report = await sweep(table)
    assert report.reveals == 1
    [reveal] = await queued(table, "reveal")
    assert f"Its seed was `{(await table.store.get_game(game_id)).seed}`" in reveal["lines"][0]


async def test_abandon_fails_and_play_goes_on(table):
    game_id = await tiny_game(table)
    state = await votes.open_vote(table, game_id, CAROL, "abandon")
    await votes.cast(table, state.vote.id, ALICE, False)
    state = await votes.cast(table, state.vote.id, BOB, False)
    assert state.vote.status == "failed" and (await table.store.get_game(game_id)).status == "active"


async def test_who_may_vote_and_one_vote_of_a_kind_at_a_time(table):
    game_id = await tiny_game(table)
    with pytest.raises(RunetableError, match="Only the players"):
        await votes.open_vote(table, game_id, DAVE, "pause")
    state = await votes.open_vote(table, game_id, ALICE, "pause")
    with pytest.raises(RunetableError, match="already open"):
        await votes.open_vote(table, game_id, BOB, "pause")
    with pytest.raises(RunetableError, match="Only the players"):
        await votes.cast(table, state.vote.id, DAVE, True)
    with pytest.raises(RunetableError, match="not paused"):
        await votes.open_vote(table, game_id, ALICE, "resume")
    with pytest.raises(RunetableError, match="plays no seat"):
        await votes.open_vote(table, game_id, ALICE, "kick", seat_user=DAVE)
    await votes.cast(table, state.vote.id, BOB, True)
    late = await votes.cast(table, state.vote.id, CAROL, False)
    assert late.vote.status == "passed" and "already passed" in late.text()
    assert await awaited_users(table, game_id)  # votes never move the game


# -------------------------------------------------------------------- issue 21, item 2: exactly once


class Killed(Exception):
    """Stands for the process being killed at that point."""


async def _kicked_and_handed_over(table, game_id, seat):
    holder = (await table.store.seats(game_id))[seat]
    assert holder.is_ai and holder.user_id is None
    assert (await seats.arrangements(table, game_id))[seat]["claimable"]


def _ai_loses_its_first_race(monkeypatch):
    """The AI's first answer for a seat loses a race to another move (StaleClick)."""
    real, calls = seats.answer_by_ai, []

    async def racing(table_, game_id_, user_id):
        calls.append(user_id)
        if len(calls) == 1:
            raise seats.StaleClick("The game moved on while the AI was deciding.")
        return await real(table_, game_id_, user_id)

    monkeypatch.setattr(seats, "answer_by_ai", racing)


async def test_a_kick_whose_hand_over_races_a_move_is_still_carried_out(table, monkeypatch):
    """Issue 21 item 2: the AI's first answer for the kicked seat loses a race to another
    move (StaleClick); the kick is carried out all the same, with its claim button."""
    game_id = await tiny_game(table)
    carol_seat = (await seat_of(table, game_id, CAROL)).seat
    _ai_loses_its_first_race(monkeypatch)
    state = await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    state = await votes.cast(table, state.vote.id, ALICE, True)
    assert state.vote.status == "passed" and [b.custom_id for b in state.buttons] == [f"g:{game_id}:claim:{carol_seat}"]
    await _kicked_and_handed_over(table, game_id, carol_seat)
    assert carol_seat not in (await table.service.view(game_id, None)).awaited


async def test_a_kill_between_closing_a_kick_and_carrying_it_out_is_finished_by_the_sweeper(table, monkeypatch):
    """Issue 21 item 2: the vote is closed as passed, then the process dies before the seat
    changes; the next sweep carries the kick out (once) and posts the claim button."""
    game_id = await tiny_game(table)
    carol_seat = (await seat_of(table, game_id, CAROL)).seat
    real = votes._carry_out

    async def killed(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(votes, "_carry_out", killed)
    state = await votes.open_vote(table, game_id, BOB, "kick", seat_user=CAROL)
    with pytest.raises(Killed):
        await votes.cast(table, state.vote.id, ALICE, True)
    assert (await table.store.vote(state.vote.id)).status == "passed"
    assert (await table.store.seats(game_id))[carol_seat].user_id == CAROL  # nothing carried out yet
    monkeypatch.setattr(votes, "_carry_out", real)
    await sweep(table)
    await _kicked_and_handed_over(table, game_id, carol_seat)
    [done] = [n for n in await queued(table, "vote") if "left the game" in "\n".join(n["lines"])]
    assert [b["custom_id"] for b in done["buttons"]] == [f"g:{game_id}:claim:{carol_seat}"]
    await seats.claim(table, game_id, carol_seat, DAVE)
    await sweep(table)  # carried out once: the newcomer keeps the seat
    assert (await table.store.seats(game_id))[carol_seat].user_id == DAVE


async def test_a_kill_between_closing_an_abandon_vote_and_carrying_it_out_is_finished_by_the_sweeper(table, monkeypatch):
    """Issue 21 item 2: any passed vote, not only seat votes, is finished by the sweeper."""
    game_id = await tiny_game(table)
    real = votes._carry_out

    async def killed(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(votes, "_carry_out", killed)
    state = await votes.open_vote(table, game_id, CAROL, "abandon")
    with pytest.raises(Killed):
        await votes.cast(table, state.vote.id, ALICE, True)
    monkeypatch.setattr(votes, "_carry_out", real)
    await sweep(table)
    assert (await table.store.get_game(game_id)).status == "abandoned"


async def test_a_concession_racing_a_move_still_hands_the_seat_to_the_ai(table, monkeypatch):
    """Issue 21 item 2: /game concede and /game ai-seat share the hand-over path."""
    game_id = await tiny_game(table)
    carol_seat = (await seat_of(table, game_id, CAROL)).seat
    _ai_loses_its_first_race(monkeypatch)
    await seats.hand_to_ai(table, game_id, carol_seat, claimable=False)
    holder = (await table.store.seats(game_id))[carol_seat]
    assert holder.is_ai and holder.user_id is None
    assert carol_seat not in (await table.service.view(game_id, None)).awaited


# -------------------------------------------------------------------- issue 21, item 4: thresholds


@pytest.mark.parametrize("kind", ["kick", "replace", "ai"])
async def test_two_humans_the_opener_alone_cannot_remove_the_other(table, kind):
    """Issue 21 item 4: at a two-human table the player a seat vote is about votes too, and
    both yes votes are needed; their no fails it."""
    game_id = await tiny_game(table, (ALICE, BOB))
    state = await votes.open_vote(table, game_id, ALICE, kind, seat_user=BOB)
    assert state.vote.status == "open" and state.voters == {ALICE, BOB} and state.needed == 2
    assert (await seat_of(table, game_id, BOB)).user_id == BOB
    state = await votes.cast(table, state.vote.id, BOB, False)
    assert state.vote.status == "failed"
    state = await votes.open_vote(table, game_id, ALICE, kind, seat_user=BOB)
    state = await votes.cast(table, state.vote.id, BOB, True)
    assert state.vote.status == "passed"


@pytest.mark.parametrize("kind", ["kick", "replace", "ai"])
async def test_two_humans_a_moderator_decides(table, kind):
    """Issue 21 item 4: with two humans a member with Manage Server passes a seat vote by a yes."""
    game_id = await tiny_game(table, (ALICE, BOB))
    state = await votes.open_vote(table, game_id, ALICE, kind, seat_user=BOB)
    with pytest.raises(RunetableError, match="Only the players"):
        await votes.cast(table, state.vote.id, 999, True)
    state = await votes.cast(table, state.vote.id, 999, True, manager=True)
    assert state.vote.status == "passed" and "moderator" in state.text()


async def test_two_humans_the_opener_decides_once_the_other_is_a_day_past_a_deadline(table, clock):
    """Issue 21 item 4: a target at least 24 hours past a deadline no longer votes."""
    game_id = await tiny_game(table, (ALICE, BOB))
    await sweep(table)
    bob_seat = (await seat_of(table, game_id, BOB)).seat
    waits = await table.store.waits(game_id)
    assert any(w.seat == bob_seat for w in waits)
    late = [dataclasses.replace(w, deadline=clock.now - 23 * HOUR) if w.seat == bob_seat else w for w in waits]
    await table.store.save_waits(game_id, late)
    state = await votes.open_vote(table, game_id, ALICE, "kick", seat_user=BOB)
    assert state.vote.status == "open" and state.needed == 2  # 23 hours late: not yet
    await votes.cast(table, state.vote.id, ALICE, False)
    await table.store.save_waits(game_id, [dataclasses.replace(w, deadline=clock.now - 24 * HOUR) for w in late])
    state = await votes.open_vote(table, game_id, ALICE, "kick", seat_user=BOB)
    assert state.voters == {ALICE} and state.vote.status == "passed"


@pytest.mark.parametrize(
    ("users", "voters", "needed"),
    [((ALICE, BOB, CAROL), {ALICE, BOB}, 2), ((ALICE, BOB, CAROL, DAVE), {ALICE, BOB, DAVE}, 2)],
)
@pytest.mark.parametrize("kind", ["kick", "replace", "ai"])
async def test_three_and_four_humans_the_target_does_not_vote(table, users, voters, needed, kind):
    """Issue 21 item 4: from three humans on the player a vote is about does not vote, and two
    thirds of the others (rounded up) decide."""
    game_id = await tiny_game(table, users)
    state = await votes.open_vote(table, game_id, ALICE, kind, seat_user=CAROL)
    assert state.vote.status == "open" and state.voters == voters and state.needed == needed
    with pytest.raises(RunetableError, match="other than the one"):
        await votes.cast(table, state.vote.id, CAROL, True)
    state = await votes.cast(table, state.vote.id, BOB, True)
    assert state.vote.status == "passed"


@pytest.mark.parametrize("kind", ["extend", "resume"])
async def test_a_deadline_vote_killed_after_moving_the_deadlines_is_not_applied_twice(table, monkeypatch, clock, kind):
    """Issue 21 item 2 (exactly once): an extend or resume vote moves the deadlines and drops its
    pending mark in one transaction. Killed after that transaction, the sweeper finds nothing to
    do again; killed before it, the sweeper does it once."""
    game_id = await tiny_game(table)
    await sweep(table)
    if kind == "resume":
        paused = await votes.open_vote(table, game_id, BOB, "pause")
        await votes.cast(table, paused.vote.id, ALICE, True)
        clock.advance(5)
    before = {w.seat: w.deadline for w in await table.store.waits(game_id)}
    real = votes._carry_out

    async def killed_after_the_write(*args, **kwargs):  # the process dies right after carrying it out
        await real(*args, **kwargs)
        raise Killed()

    state = await votes.open_vote(table, game_id, BOB, kind, hours=24 if kind == "extend" else None)
    monkeypatch.setattr(votes, "_carry_out", killed_after_the_write)
    with pytest.raises(Killed):
        await votes.cast(table, state.vote.id, ALICE, True)
    monkeypatch.setattr(votes, "_carry_out", real)
    await sweep(table)
    await sweep(table)
    moved = 24 * HOUR if kind == "extend" else 5 * HOUR
    assert {w.seat: w.deadline for w in await table.store.waits(game_id)} == {s: d + moved for s, d in before.items()}
    assert await table.store.get_setting("game", game_id, votes.PENDING, {}) == {}
