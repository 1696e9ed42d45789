"""Table settings per game and reminder preferences per player; durations and quiet hours.

A game's table settings live in the store's settings (scope ``game``, key ``table``); its
deadline comes from the lobby's ``deadline_hours`` (:data:`bot.service.LOBBY_DEFAULTS`)
unless the table set its own. A player's preferences live under scope ``player``, keys
``table.<name>`` (the play settings of ``/game settings`` are the service's).
"""

from __future__ import annotations

import math
import re
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import RunetableError
from bot.narration import current_tr
from bot.store import Store

HOUR = 3600.0

#: the bounds of a deadline's extension, and of the time per decision (0 also: no deadline), in hours
EXTEND_MIN_HOURS = 10 / 60
EXTEND_MAX_HOURS = 30 * 24.0
DEADLINE_MIN_HOURS = 10 / 60
DEADLINE_MAX_HOURS = 90 * 24.0
#: the bounds of a reminder interval set with /game deadline set, in hours
REMINDER_MIN_HOURS = 1.0
REMINDER_MAX_HOURS = 7 * 24.0

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

_DURATION = re.compile(r"(?:(\d{1,6}(?:\.\d{1,6})?)\s*([dhm]))")
_NUMBER = re.compile(r"[+-]?\d{1,6}(?:\.\d{1,6})?")


async def game_settings(store: Store, game_id: int) -> dict[str, Any]:
    """The table settings of a game, with ``deadline_hours`` resolved (0 or None: none)."""
    table = {**GAME_DEFAULTS, **await store.get_setting("game", game_id, "table", {})}
    if table["deadline_hours"] is None:
        table["deadline_hours"] = (await store.get_setting("game", game_id, "lobby", {})).get("deadline_hours")
    hours = table["deadline_hours"]
    if hours is not None:  # stored by an older version: not a positive number is none, too long is 90 days
        finite = isinstance(hours, int | float) and math.isfinite(hours) and hours > 0
        table["deadline_hours"] = min(hours, DEADLINE_MAX_HOURS) if finite else 0
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
            raise RunetableError(current_tr()._("There is no reminder setting {key!r}.", key=key))
        await store.set_setting("player", user_id, f"table.{key}", value)
    return await player_prefs(store, user_id)


def parse_duration(text: str, *, low: float = EXTEND_MIN_HOURS, high: float = EXTEND_MAX_HOURS) -> float:
    """Hours in ``text`` such as ``1d``, ``12h``, ``90m``, ``1d 6h`` or a bare number of hours,
    between ``low`` and ``high`` hours (by default those of an extension: 10 minutes to 30
    days). Refused (RunetableError naming the range): anything else, ``inf``, ``nan``,
    exponents, negatives, zero and what lies outside the range (issue 21, item 5)."""
    text = text.strip().lower()
    allowed = f"from {hours_text(low)} to {hours_text(high)}"
    if _NUMBER.fullmatch(text):
        return check_hours(float(text), low, high, allowed, text)
    parts = _DURATION.findall(text)
    if len(text) > 40 or not parts or _DURATION.sub("", text).strip():
        raise RunetableError(
            current_tr()._(
                "{text!r} is not a duration; write it like 1d, 12h, 90m or 1d 6h ({allowed}).", text=text[:40], allowed=allowed
            )
        )
    return check_hours(sum(float(n) * {"d": 24, "h": 1, "m": 1 / 60}[unit] for n, unit in parts), low, high, allowed, text)


def check_hours(hours: float, low: float, high: float, allowed: str, shown: str | None = None) -> float:
    """``hours`` when it is a finite number from ``low`` to ``high``; else RunetableError saying ``allowed``."""
    if not isinstance(hours, int | float) or not math.isfinite(hours) or not low - 1e-9 <= hours <= high + 1e-9:
        shown = shown if shown is not None else f"{hours:g} hours" if isinstance(hours, int | float) else repr(hours)
        raise RunetableError(
            current_tr()._("{shown} is out of range: durations here run {allowed}.", shown=shown[:40], allowed=allowed)
        )
    return float(hours)


def check_deadline_hours(hours: float) -> float:
    """A time per decision: 0 (no deadline) or from 10 minutes to 90 days."""
    if hours == 0:
        return 0.0
    allowed = current_tr()._(
        "from {low} to {high} (0: no deadline)", low=hours_text(DEADLINE_MIN_HOURS), high=hours_text(DEADLINE_MAX_HOURS)
    )
    return check_hours(hours, DEADLINE_MIN_HOURS, DEADLINE_MAX_HOURS, allowed)


def check_reminder_hours(hours: float) -> float:
    """A reminder interval set by a moderator: from 1 hour to 7 days."""
    allowed = current_tr()._(
        "from {low} to {high} between reminders", low=hours_text(REMINDER_MIN_HOURS), high=hours_text(REMINDER_MAX_HOURS)
    )
    return check_hours(hours, REMINDER_MIN_HOURS, REMINDER_MAX_HOURS, allowed)


def hours_text(hours: float) -> str:
    """``10 minutes``, ``12 hours``, ``30 days``: a bound in words."""
    tr = current_tr()
    if hours < 1:
        return tr._("{amount} minutes", amount=f"{hours * 60:g}")
    if hours >= 24 and hours % 24 == 0:
        days = hours / 24
        return tr.ngettext("{amount} day", "{amount} days", int(days) if days == int(days) else 2, amount=f"{days:g}")
    return tr.ngettext("{amount} hour", "{amount} hours", int(hours) if hours == int(hours) else 2, amount=f"{hours:g}")


def stored_deadline(deadline: float | None) -> float | None:
    """A deadline as read from the store: one that is not a finite number (an older version
    could store inf or nan) counts as no deadline."""
    if deadline is None or not isinstance(deadline, int | float) or not math.isfinite(deadline):
        return None
    return float(deadline)


def parse_quiet_hours(text: str) -> list[int] | None:
    """``22-8`` -> [22, 8]; ``off`` -> None."""
    if text.strip().lower() in ("off", "none", ""):
        return None
    match = re.fullmatch(r"\s*(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?\s*", text)
    if not match or not all(0 <= int(h) <= 23 for h in match.groups()) or match[1] == match[2]:
        raise RunetableError(
            current_tr()._("{text!r} is not a span of hours; write it like 22-8 (from 22:00 to 8:00), or off.", text=text)
        )
    return [int(match[1]), int(match[2])]


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise RunetableError(
            current_tr()._("{name!r} is not a time zone; use a name like Europe/Berlin or America/New_York.", name=name)
        ) from None


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
    if not isinstance(hours, int | float) or not math.isfinite(hours) or hours <= 0:
        return None  # off, or nonsense stored by an older version
    return min(hours, REMINDER_MAX_HOURS) * HOUR
