"""``python -m bot sync`` (global only on request) and the table's settings parsing.
Source: issue 10, "Restarts" (commands sync to DEV_GUILD_ID at start and globally only with
``python -m bot sync``) and "Reminders" (quiet hours per player in their time zone)."""

import argparse
from datetime import datetime
from types import SimpleNamespace
from unittest.mock import AsyncMock, Mock
from zoneinfo import ZoneInfo

import pytest

from bot.commands import sync
from bot.errors import RunetableError
from bot.table.settings import parse_duration, parse_quiet_hours, quiet_until


async def test_publish_syncs_globally_or_to_one_server():
    tree = SimpleNamespace(sync=AsyncMock(return_value=["a", "b"]), copy_global_to=Mock())
    assert await sync.publish(tree, None) == ["a", "b"]
    tree.sync.assert_awaited_once_with()
    tree.copy_global_to.assert_not_called()
    await sync.publish(tree, 123)
    assert tree.copy_global_to.call_args.kwargs["guild"].id == 123
    assert tree.sync.await_args.kwargs["guild"].id == 123


def test_sync_without_a_token_explains_what_to_do(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    parser = argparse.ArgumentParser()
    sync.add_arguments(parser)
    assert sync.run(parser.parse_args(["--env-file", str(tmp_path / "none.env")])) == sync.EXIT_CONFIG
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_durations():
    assert parse_duration("1d") == 24 and parse_duration("12h") == 12 and parse_duration("90m") == 1.5
    assert parse_duration("1d 6h") == 30 and parse_duration("2.5") == 2.5
    with pytest.raises(RunetableError, match="not a duration"):
        parse_duration("tomorrow")
    with pytest.raises(RunetableError, match="not a duration"):
        parse_duration("1d and more")


def test_quiet_hours_in_a_time_zone():
    assert parse_quiet_hours("22-8") == [22, 8] and parse_quiet_hours("off") is None
    with pytest.raises(RunetableError):
        parse_quiet_hours("8-8")
    prefs = {"quiet_hours": [22, 8], "timezone": "America/New_York"}
    ny = ZoneInfo("America/New_York")
    night = datetime(2030, 3, 10, 1, 30, tzinfo=ny).timestamp()  # the night clocks spring forward
    assert datetime.fromtimestamp(quiet_until(night, prefs), ny) == datetime(2030, 3, 10, 8, 0, tzinfo=ny)
    evening = datetime(2030, 3, 9, 23, 0, tzinfo=ny).timestamp()
    assert datetime.fromtimestamp(quiet_until(evening, prefs), ny) == datetime(2030, 3, 10, 8, 0, tzinfo=ny)
    day = datetime(2030, 3, 9, 12, 0, tzinfo=ny).timestamp()
    assert quiet_until(day, prefs) == day
    office = {"quiet_hours": [9, 17], "timezone": "UTC"}  # quiet by day also works
    assert (
        quiet_until(datetime(2030, 1, 1, 8, tzinfo=ZoneInfo("UTC")).timestamp(), office)
        == datetime(2030, 1, 1, 8, tzinfo=ZoneInfo("UTC")).timestamp()
    )
