"""Bounded durations and deadlines (issue 21, item 5): extensions run from 10 minutes to 30
days, a deadline is at most 90 days ahead; ``inf``, ``1e308``, ``nan``, negatives, zero and
overflows are refused with a message naming the allowed range, and nothing changes. A
deadline stored as inf or nan by an older version counts as no deadline: ``/game status``,
the status message, reminders and the sweep do not crash on it. Source: docs/table.md,
"Deadlines"."""

import math
from types import SimpleNamespace

import pytest

from bot.errors import RunetableError
from bot.table import settings, ui, waits
from bot.table.sweeper import sweep
from bot.ui import info
from bot.ui.channel import deadlines, status_text
from tests.table.helpers import ALICE, BOB, CHANNEL, HOUR, awaited_users, queued, tiny_game

DAY = 24 * HOUR
BAD_EXTENSIONS = ["inf", "-inf", "Infinity", "1e308", "nan", "-100", "0", "0h", "5m", "31d", "1e12", "9" * 400 + "d", "-1d"]


@pytest.mark.parametrize("text", BAD_EXTENSIONS)
def test_an_extension_out_of_range_is_refused_naming_the_range(text):
    """Issue 21, item 5: inf, 1e308, nan, -100, 0, 31d … are no extension."""
    with pytest.raises(RunetableError, match="10 minutes to 30 days"):
        settings.parse_duration(text)


def test_good_extensions_parse_with_units_or_as_hours():
    """Issue 21, item 5: 1d, 12h, 90m, 1d 6h and a bare number of hours within the range."""
    assert settings.parse_duration("10m") == pytest.approx(1 / 6)
    assert settings.parse_duration("30d") == 720 and settings.parse_duration("1d 6h") == 30
    assert settings.parse_duration("90m") == 1.5 and settings.parse_duration(" 12 ") == 12
    assert settings.parse_duration("1D6H") == 30


@pytest.mark.parametrize("hours", [math.inf, -math.inf, math.nan, -1, 91 * 24, 1e308, 0.05])
def test_a_time_per_decision_out_of_range_is_refused(hours):
    """Issue 21, item 5: a deadline is at most 90 days ahead (0 still turns it off)."""
    with pytest.raises(RunetableError, match="10 minutes to 90 days"):
        settings.check_deadline_hours(hours)
    assert settings.check_deadline_hours(0) == 0 and settings.check_deadline_hours(90 * 24) == 90 * 24


async def _deadlines(table, game_id):
    return {w.seat: w.deadline for w in await table.store.waits(game_id)}


@pytest.mark.parametrize("text", ["inf", "1e308", "nan", "-100", "0", "31d"])
async def test_a_moderator_extension_out_of_range_changes_nothing(table, text):
    """Issue 21, item 5: the moderator's /game deadline extend is refused, the deadlines stay."""
    game_id = await tiny_game(table)
    await sweep(table)
    before = await _deadlines(table, game_id)
    [reply] = await ui.deadline_extend(table, CHANNEL, ALICE, False, text)  # ALICE created the game
    assert "10 minutes to 30 days" in reply.text and not reply.public
    assert await _deadlines(table, game_id) == before


@pytest.mark.parametrize("text", ["inf", "1e308", "nan", "-100", "0", "31d"])
async def test_a_vote_to_extend_out_of_range_is_not_opened(table, text):
    """Issue 21, item 5: /game vote extend inf (or a player's /game deadline extend) opens no vote."""
    game_id = await tiny_game(table)
    await sweep(table)
    before = await _deadlines(table, game_id)
    [reply] = await ui.open_vote(table, CHANNEL, BOB, "extend", duration=text)
    assert "10 minutes to 30 days" in reply.text
    [reply] = await ui.deadline_extend(table, CHANNEL, BOB, False, text)
    assert "10 minutes to 30 days" in reply.text
    assert await table.store.open_votes(game_id) == []
    assert await _deadlines(table, game_id) == before


async def test_good_extensions_still_work_and_stay_within_90_days(table, clock):
    """Issue 21, item 5: an extension in range moves the deadlines back, never beyond 90 days ahead."""
    game_id = await tiny_game(table)
    await sweep(table)
    before = await _deadlines(table, game_id)
    [reply] = await ui.deadline_extend(table, CHANNEL, ALICE, False, "1d 6h")
    assert reply.public and "by 30 hours" in reply.text
    assert await _deadlines(table, game_id) == {s: d + 30 * HOUR for s, d in before.items()}
    for _ in range(4):
        await ui.deadline_extend(table, CHANNEL, ALICE, False, "30d")
    assert set((await _deadlines(table, game_id)).values()) == {clock.now + 90 * DAY}


@pytest.mark.parametrize("hours", [math.inf, math.nan, -100, 91 * 24])
async def test_deadline_set_out_of_range_changes_nothing(table, hours):
    """Issue 21, item 5: /game deadline set 91 days (or inf, nan, negative) is refused."""
    game_id = await tiny_game(table)
    await sweep(table)
    before = await _deadlines(table, game_id)
    stored = await settings.game_settings(table.store, game_id)
    [reply] = await ui.deadline_set(table, CHANNEL, ALICE, False, hours)
    assert "10 minutes to 90 days" in reply.text and not reply.public
    assert await _deadlines(table, game_id) == before
    assert await settings.game_settings(table.store, game_id) == stored
    [reply] = await ui.deadline_set(table, CHANNEL, ALICE, False, 24, reminder_hours=math.inf)
    assert "reminder" in reply.text.lower() and not reply.public
    assert await settings.game_settings(table.store, game_id) == stored


async def test_deadline_set_in_range_and_off(table):
    """Issue 21, item 5: 90 days and 0 (no deadline) are accepted."""
    game_id = await tiny_game(table)
    await sweep(table)
    [reply] = await ui.deadline_set(table, CHANNEL, ALICE, False, 90 * 24)
    assert reply.public
    assert {w.deadline - w.since for w in await table.store.waits(game_id)} == {90 * DAY}
    [reply] = await ui.deadline_set(table, CHANNEL, ALICE, False, 0)
    assert reply.public and "off" in reply.text
    assert set((await _deadlines(table, game_id)).values()) == {None}


@pytest.mark.parametrize("stored", [math.inf, math.nan, -math.inf])
async def test_a_stored_infinite_deadline_counts_as_none_and_crashes_nothing(table, clock, stored):
    """Issue 21, item 5: a deadline an older version stored as inf or nan is no deadline for
    /game status, the status message, /game deadline extend, reminders and the sweep."""
    import dataclasses

    game_id = await tiny_game(table)
    await sweep(table)
    old = await table.store.waits(game_id)
    await table.store.save_waits(game_id, [dataclasses.replace(w, deadline=stored) for w in old])
    awaited = [w.seat for w in old]
    # the status message and /game status
    due, paused = await deadlines(table.store, game_id, awaited, clock.now)
    assert set(due.values()) == {None}
    payload = {"game_id": game_id, "game": "tinygame", "seq": 1, "awaiting": [{"seat": s, "user_id": BOB} for s in awaited]}
    assert "(deadline" not in status_text(payload, due, paused=paused)
    [reply] = await info.status(SimpleNamespace(service=table.service), CHANNEL, ALICE)
    assert "Waiting for:" in reply.panel.text and "(deadline" not in reply.panel.text
    assert await waits.deadline_lines(table, game_id) == []
    # an extension finds no running deadline; reminders say there is none
    [reply] = await ui.deadline_extend(table, CHANNEL, ALICE, False, "1d")
    assert reply.text == "No deadline is running right now."
    clock.advance(12)
    report = await sweep(table)
    assert report.reminders == len(old) and report.defaults == 0
    assert all("no deadline" in n["lines"][1] for n in await queued(table, "remind"))
    assert set((await _deadlines(table, game_id)).values()) == {None}  # the sweep cleaned them
    assert len(await awaited_users(table, game_id)) == len(old)


@pytest.mark.parametrize("hours", [math.inf, math.nan, -1.0, 721.0, 1e308])
async def test_a_loan_to_the_ai_out_of_range_is_refused_and_changes_nothing(table, hours):
    """Issue 21 item 5 (bounded durations): /game ai-seat lends a seat for 0 to 720 hours; the
    option's range is Discord's, and the table refuses anything else itself."""
    from bot.table.seats import lend

    game_id = await tiny_game(table)
    before = await table.store.seats(game_id)
    with pytest.raises(RunetableError, match="0 \\(take it back\\) to 720 hours"):
        await lend(table, game_id, ALICE, hours)
    assert await table.store.seats(game_id) == before
