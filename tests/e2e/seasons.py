"""The Runewars season count the e2e tests stop their games at."""

from __future__ import annotations

from bot.service import SeatView


def season_index(view: SeatView) -> int:
    """Seasons begun so far: 1 in the first spring (0 during the setup)."""
    seasons = ("spring", "summer", "autumn", "winter")
    year, season = view.view.get("year") or 0, view.view.get("season")
    return 0 if season not in seasons else (year - 1) * 4 + seasons.index(season) + 1
