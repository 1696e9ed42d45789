"""Events as short text lines, per viewer, with a narrator per game and a generic fallback.

A game's narrator is part of its front-end (:mod:`bot.frontend`; tests may register one with
:func:`register_narrator`); any event, action or prompt
it does not phrase itself falls back to the generic form ``kind: key=value ...``. Only
events visible to the viewer are narrated, so public text is built from public events only.
A narrator also names the steps of a guided choice (:meth:`Narrator.flow`), which the
decision panels of :mod:`bot.ui.panels` follow.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Action, Event, Prompt, Seat


class Narrator:
    """Phrases one game's events and actions; the base class is the generic fallback."""

    def event(self, event: Event) -> str:
        """One line for ``event``, e.g. ``committed: seat=1``."""
        parts = [f"{key}={_plain(value)}" for key, value in sorted(event.data.items())]
        return f"{event.kind}: {' '.join(parts)}" if parts else event.kind

    def action(self, action: Action) -> str:
        """One line for an action, e.g. ``play card=5``."""
        return action.describe()

    def prompt(self, prompt: Prompt) -> str:
        """What a decision asks, for its panel's heading, e.g. ``commit (round=1)``."""
        parts = [f"{key}={_plain(value)}" for key, value in sorted(prompt.info.items())]
        return f"{prompt.kind} ({', '.join(parts)})" if parts else prompt.kind

    def value(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> str:
        """One value of a guided step (``keys`` are the action arguments the step fixes)."""
        return ", ".join(f"{k}={_plain(v)}" for k, v in zip(keys, values))

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        """What a seat's own view holds that others do not see (hand, secret cards), as lines
        for the private-info reply: shown to that seat only, and to everyone by ``/game reveal``
        once the game is over, so they name no reader ("Hand: …", not "Your hand: …")."""
        return [f"Hand: {_plain(view['hand'])}"] if "hand" in view else []

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        """The steps of a guided choice for prompts of ``kind``: argument groups chosen one
        after another (e.g. destination, then units, then count), or None for a flat list."""
        return None

    #: (first, last) event kinds of an episode told in a report of its own (a battle), or None
    report_span: tuple[str, str] | None = None

    def in_report(self, kind: str) -> bool:
        """Whether an event of ``kind`` is told only in its episode's report, not in the channel."""
        return False

    def chapter(self, view: dict[str, Any]) -> str | None:
        """A name for the part of the game the public ``view`` is in (a season); the channel's
        status message is posted anew when it changes. None: the game has no chapters."""
        return None

    def season(self, view: dict[str, Any]) -> str | None:
        """The name of the part of the game ``/game review`` shows one by one (a season), for
        the public ``view``, or None where the game has none (its set-up, a game without
        seasons)."""
        return None

    def status(self, view: dict[str, Any]) -> list[str]:
        """Where the game stands, from the public view (a few lines for the status message);
        generic: the view's plain values (numbers, texts, lists of them), e.g. ``round: 2``."""
        return [
            f"{key}: {_plain(value)}" for key, value in view.items() if key not in ("awaiting", "result") and _is_plain(value)
        ][:12]

    def reveal(self, engine: Any, state: Any) -> list[str]:
        """Every secret of a finished game, for the public post at its end: each seat's
        hidden information as its own view shows it (a game may tell more)."""
        lines = []
        for seat in state.seats:
            view = engine.view(state, seat)
            if "hand" in view:
                lines.append(f"Seat {seat}: hand {_plain(view['hand'])}")
        return lines

    def hidden(self, engine: Any, state: Any) -> list[str]:
        """What a game that is over hid from every seat's own view (face-down tokens, say),
        for ``/game reveal`` beside each seat's :meth:`private` lines; generic: nothing."""
        return []


GENERIC = Narrator()
_NARRATORS: dict[str, Narrator] = {}


def register_narrator(game: str, narrator: Narrator) -> None:
    """Use ``narrator`` for the ruleset named ``game`` (a game without a front-end of its own)."""
    _NARRATORS[game] = narrator


def narrator_for(game: str) -> Narrator:
    """The narrator registered for ``game``, else its front-end's (the generic one by default)."""
    if game in _NARRATORS:
        return _NARRATORS[game]
    from bot.frontend import frontend_for  # the front-end module builds on this one

    return frontend_for(game).narrator


def narrate(game: str, events: Iterable[Event], viewer: Seat | None) -> list[str]:
    """Lines for the events ``viewer`` (a seat, or ``None`` for the public) may see."""
    narrator = narrator_for(game)
    return [narrator.event(e) for e in events if e.visible_to(viewer)]


def _is_plain(value: object) -> bool:
    """Numbers, texts and flat lists of them (what a generic status line can show)."""
    if isinstance(value, (list, tuple)):
        return all(v is None or isinstance(v, (bool, int, float, str)) for v in value)
    return isinstance(value, (bool, int, float, str))


def _plain(value: object) -> str:
    """Lists, tuples and sets as ``[a, b]`` whatever their type (sets sorted)."""
    if isinstance(value, (set, frozenset)):
        value = sorted(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)
