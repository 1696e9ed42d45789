"""Events as short text lines, per viewer, with a narrator per game and a generic fallback.

A game registers a :class:`Narrator` subclass under its ruleset name; any event or action it
does not phrase itself falls back to the generic form ``kind: key=value ...``. Only events
visible to the viewer are narrated, so public text is built from public events only.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Action, Event, Seat


class Narrator:
    """Phrases one game's events and actions; the base class is the generic fallback."""

    def event(self, event: Event) -> str:
        """One line for ``event``, e.g. ``committed: seat=1``."""
        parts = [f"{key}={_plain(value)}" for key, value in sorted(event.data.items())]
        return f"{event.kind}: {' '.join(parts)}" if parts else event.kind

    def action(self, action: Action) -> str:
        """One line for an action, e.g. ``play card=5``."""
        return action.describe()


GENERIC = Narrator()
_NARRATORS: dict[str, Narrator] = {}


def register_narrator(game: str, narrator: Narrator) -> None:
    """Use ``narrator`` for the ruleset named ``game``."""
    _NARRATORS[game] = narrator


def narrator_for(game: str) -> Narrator:
    """The narrator registered for ``game``, else the generic one."""
    return _NARRATORS.get(game, GENERIC)


def narrate(game: str, events: Iterable[Event], viewer: Seat | None) -> list[str]:
    """Lines for the events ``viewer`` (a seat, or ``None`` for the public) may see."""
    narrator = narrator_for(game)
    return [narrator.event(e) for e in events if e.visible_to(viewer)]


def _plain(value: object) -> str:
    """Lists, tuples and sets as ``[a, b]`` whatever their type (sets sorted)."""
    if isinstance(value, (set, frozenset)):
        value = sorted(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)
