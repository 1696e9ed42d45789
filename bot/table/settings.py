"""Table settings per game and reminder preferences per player; durations and quiet hours.

A game's table settings live in the store's settings (scope ``game``, key ``table``); its
deadline comes from the lobby's ``deadline_hours`` (:data:`bot.service.LOBBY_DEFAULTS`)
unless the table set its own. A player's preferences live under scope ``player``, keys
``table.<name>`` (the play settings of ``/game settings`` are the service's).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import RunetableError
from bot.store import Store

HOUR = 3600.0

#: a game's table settings and their defaults
GAME_DEFAULTS: dict[str, Any] = {
    "reminder_hours": 12.0,  # first reminder after this long, then again every this long
    "escalate_after": 2,  # from this reminder on, the channel is pinged as well as the DM
    "stall_hours": 72.0,  # a public stall notice once a decision waits this long
    "vote_hours": 48.0,  # a vote that has not passed by then fails
    "deadline_hours": None,  # None: the lobby's deadline; 0: no deadline
    "paused_at": None,  # set while the table has paused the clocks
}

#: a player's preferences and their defaults
PLAYER_DEFAULTS: dict[str, Any] = {
    "reminder_hours": None,  # None: the game's interval; 0: no reminders
    "quiet_hours": None,  # [start hour, end hour] in the player's time zone, e.g. [22, 8]
    "timezone": "UTC",
    "heads_up": True,  # "you're next" messages
}

_DURATION = re.compile(r"(?:(\d+(?:\.\d+)?)\s*([dhm]))")


async def game_settings(store: Store, game_id: int) -> dict[str, Any]:
    """The table settings of a game, with ``deadline_hours`` resolved (0 or None: none)."""
    table = {**GAME_DEFAULTS, **await store.get_setting("game", game_id, "table", {})}
    if table["deadline_hours"] is None:
        table["deadline_hours"] = (await store.get_setting("game", game_id, "lobby", {})).get("deadline_hours")
    return table


async def change_game_settings(store: Store, game_id: int, **changes: Any) -> dict[str, Any]:
    stored = {**await store.get_setting("game", game_id, "table", {}), **changes}
    await store.set_setting("game", game_id, "table", stored)
    return await game_settings(store, game_id)


async def player_prefs(store: Store, user_id: int) -> dict[str, Any]:
    return {key: await store.get_setting("player", user_id, f"table.{key}", default) for key, default in PLAYER_DEFAULTS.items()}


async def change_player_prefs(store: Store, user_id: int, **changes: Any) -> dict[str, Any]:
    for key, value in changes.items():
        if key not in PLAYER_DEFAULTS:
            raise RunetableError(f"There is no reminder setting {key!r}.")
        await store.set_setting("player", user_id, f"table.{key}", value)
    return await player_prefs(store, user_id)


def parse_duration(text: str) -> float:
    """Hours in ``text`` such as ``1d``, ``12h``, ``90m``, ``1d 6h`` or a bare number of hours."""
    text = text.strip().lower()
    try:
        return float(text)
    except ValueError:
        pass
    parts = _DURATION.findall(text)
    if not parts or _DURATION.sub("", text).strip():
        raise RunetableError(f"{text!r} is not a duration; write it like 1d, 12h, 90m or 1d 6h.")
    return sum(float(n) * {"d": 24, "h": 1, "m": 1 / 60}[unit] for n, unit in parts)


def parse_quiet_hours(text: str) -> list[int] | None:
    """``22-8`` -> [22, 8]; ``off`` -> None."""
    if text.strip().lower() in ("off", "none", ""):
        return None
    match = re.fullmatch(r"\s*(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?\s*", text)
    if not match or not all(0 <= int(h) <= 23 for h in match.groups()) or match[1] == match[2]:
        raise RunetableError(f"{text!r} is not a span of hours; write it like 22-8 (from 22:00 to 8:00), or off.")
    return [int(match[1]), int(match[2])]


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise RunetableError(f"{name!r} is not a time zone; use a name like Europe/Berlin or America/New_York.") from None


def quiet_until(moment: float, prefs: dict[str, Any]) -> float:
    """``moment`` itself when it is outside the player's quiet hours, else when they end."""
    quiet = prefs.get("quiet_hours")
    if not quiet:
        return moment
    start, end = quiet
    local = datetime.fromtimestamp(moment, zone(prefs.get("timezone") or "UTC"))
    inside = start <= local.hour or local.hour < end if start > end else start <= local.hour < end
    if not inside:
        return moment
    wake = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if wake <= local:
        wake += timedelta(days=1)
    return wake.timestamp()


def reminder_interval(game: dict[str, Any], prefs: dict[str, Any]) -> float | None:
    """Seconds between reminders for this player in this game; None: no reminders."""
    hours = prefs.get("reminder_hours")
    hours = game["reminder_hours"] if hours is None else hours
    return hours * HOUR if hours else None
