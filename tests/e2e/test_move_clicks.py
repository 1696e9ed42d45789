"""Clicks per move through the wire (issue 19 item 8: "a one-unit move in at most 2 clicks";
docs/bot.md, "Moving units"): players deciding with the AI policy answer their moves by
clicking the bot's real panels, taking a quick move when one is their answer."""

from __future__ import annotations

from tests.e2e.move_clicks import measure


async def test_every_move_of_two_years_takes_at_most_two_clicks():
    figures = await measure(seed=3, players=2, seasons=8)
    made = [figures[kind] for kind in ("strategy_move", "march_move")]
    assert sum(f["moves"] for f in made) >= 3
    assert all(f["max"] is None or f["max"] <= 2 for f in made), figures
    assert any(1 in f["clicks"] for f in made), figures  # some in a single click
