"""Events as short text lines, per viewer, with a narrator per game and a generic fallback.

A game's narrator is part of its front-end (:mod:`bot.frontend`; tests may register one with
:func:`register_narrator`); any event, action or prompt
it does not phrase itself falls back to the generic form ``kind: key=value ...``. Only
events visible to the viewer are narrated, so public text is built from public events only.

Players are named by one rule (issue 19 item 4): :func:`player` gives a seat's name as the
table says it, its display name and what it plays once that is public ("alice (Uthuk)"),
else "Player 2" (seats counted from 1), and "the neutrals" for no seat. The names of a game's
seats are built by :func:`seat_names` from the public view only (and the seats' display
names), so a name can tell nothing a seat keeps secret; :func:`narrate` and :func:`naming`
make them the names every line of a narrator uses.
A narrator also names the steps of a guided choice (:meth:`Narrator.flow`), which the
decision panels of :mod:`bot.ui.panels` follow.

Every narrator speaks one language (issue 31): :meth:`Narrator.speaking` gives the same
narrator bound to a :class:`bot.i18n.Tr`, whose messages its lines are built from
(:func:`narrator_for` and :func:`narrate` take the translator); English without one.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from bot.i18n import ENGLISH, Tr, escape
from engine.core import Action, Event, Prompt, Seat


class Narrator:
    """Phrases one game's events and actions; the base class is the generic fallback."""

    #: the language the lines are told in (:meth:`speaking`)
    tr: Tr = ENGLISH

    def speaking(self, tr: Tr | None) -> Narrator:
        """This narrator telling its lines in ``tr``'s language (a copy; English for None)."""
        if tr is None or tr is self.tr or tr.language == self.tr.language:
            return self
        cache = self.__dict__.setdefault("_speaking", {})
        if tr.language not in cache:
            bound = copy.copy(self)
            bound.__dict__.pop("_speaking", None)
            bound.tr = tr
            cache[tr.language] = bound
        return cache[tr.language]

    def event(self, event: Event) -> str:
        """One line for ``event``, e.g. ``committed: seat=1``."""
        parts = [f"{key}={_plain(value)}" for key, value in sorted(event.data.items())]
        return f"{event.kind}: {' '.join(parts)}" if parts else event.kind

    def phrased_kinds(self) -> frozenset[str]:
        """The event kinds this narrator phrases itself (the conformance suite asks that every kind
        the game's engine can emit is one of them); the generic narrator phrases none."""
        return frozenset()

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

    def term(self, key: str, value: Any) -> str:
        """One value of an engine refusal's reason (issue 31, :func:`bot.errors.reason_text`) as
        this narrator's lines name it: ``key`` is the name the engine gave it in the reason's
        template (``area``, ``unit``, ``card``, ``count``...). Generic: numbers as they are, a
        list as a listing, a text escaped (it may be what a player typed)."""
        if isinstance(value, (list, tuple, set, frozenset)):
            items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
            return self.tr.listing(self.term(key, v) for v in items)
        return escape(value) if isinstance(value, str) else _plain(value)

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        """What a seat's own view holds that others do not see (hand, secret cards), as lines
        for the private-info reply: shown to that seat only, and to everyone by ``/game reveal``
        once the game is over, so they name no reader ("Hand: …", not "Your hand: …")."""
        return [self.tr._("Hand: {cards}", cards=_plain(view["hand"]))] if "hand" in view else []

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        """The steps of a guided choice for prompts of ``kind``: argument groups chosen one
        after another (e.g. destination, then units, then count), or None for a flat list."""
        return None

    #: (first, last) event kinds of an episode told in a report of its own (a battle), or None
    report_span: tuple[str, str] | None = None

    def in_report(self, kind: str) -> bool:
        """Whether an event of ``kind`` is told only in its episode's report, not in the channel."""
        return False

    def report_place(self, data: Mapping[str, Any]) -> str:
        """Where an episode told in a report happens, from its first event's ``data`` (a battle's
        area), as the channel's line pointing to the report names it."""
        return str(data.get("area", "?"))

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
                lines.append(self.tr._("{player}: hand {cards}", player=cap(player(seat)), cards=_plain(view["hand"])))
        return lines

    def hidden(self, engine: Any, state: Any) -> list[str]:
        """What a game that is over hid from every seat's own view (face-down tokens, say),
        for ``/game reveal`` beside each seat's :meth:`private` lines; generic: nothing."""
        return []

    def role(self, public_view: Mapping[str, Any], seat: Seat) -> str | None:
        """What ``seat`` plays (a faction, a hero: the game's word) as the public ``view`` shows
        it, or None while it is not public; part of the seat's name in every line."""
        return None

    def standings(self, public_view: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
        """The end of a game in words: the winner and the standings with their tie-breaks (a
        line each), from the public view and the result; generic: the winner(s)."""
        tr = self.tr
        winners = result.get("winners") or ([result["winner"]] if result.get("winner") is not None else [])
        reason = tr._(" ({reason})", reason=str(result["reason"]).replace("_", " ")) if result.get("reason") else ""
        if not winners:
            return [tr._("The game is over without a winner{reason}.", reason=reason)]
        return [
            tr.ngettext(
                "{players} wins{reason}.",
                "{players} win{reason}.",
                len(winners),
                players=tr.listing([cap(player(s)) for s in winners]),
                reason=reason,
            )
        ]


GENERIC = Narrator()
_NARRATORS: dict[str, Narrator] = {}

#: the names of the seats of the game being narrated (seat -> name), set by :func:`naming`, and
#: the language of the lines told inside (for the words :func:`player` says itself)
_NAMES: ContextVar[Mapping[Seat, str] | None] = ContextVar("seat_names", default=None)
_TR: ContextVar[Tr] = ContextVar("naming_tr", default=ENGLISH)


def player(seat: Seat | None) -> str:
    """A seat as every line names it: its name in the game being narrated ("alice (Uthuk)"),
    else "Player <seat + 1>"; "the neutrals" for no seat (neutral units, a neutral side)."""
    if seat is None:
        return _TR.get()._("the neutrals")
    names = _NAMES.get()
    if names and seat in names:
        return names[seat]
    return _TR.get()._("Player {number}", number=seat + 1) if isinstance(seat, int) else str(seat)


def players(seats: Iterable[Seat | None]) -> str:
    """Several seats: "alice (Uthuk) and bob (Daqan)"."""
    return listing([player(s) for s in seats])


@contextmanager
def naming(names: Mapping[Seat, str] | None, tr: Tr | None = None) -> Iterator[None]:
    """Lines narrated inside name the seats by ``names`` (from :func:`seat_names`), in ``tr``'s
    language (the language around, English at first, for None)."""
    token = _NAMES.set(dict(names) if names else None)
    tr_token = _TR.set(tr or _TR.get())
    try:
        yield
    finally:
        _TR.reset(tr_token)
        _NAMES.reset(token)


def seat_names(
    game: str,
    public_view: Mapping[str, Any] | None,
    seats: Iterable[Seat],
    display: Mapping[Seat, str | None] | None = None,
    tr: Tr | None = None,
) -> dict[Seat, str]:
    """Each seat's name from the *public* view only: its display name (``display``; "Player
    <seat + 1>" without one) and, once the public view shows it, what it plays ("alice
    (Uthuk)"). A seat's secrets cannot reach its name: the name is built from what everybody sees.
    Display names are escaped (Markdown, mentions): they are people's text, inserted into lines,
    never read as a format."""
    tr = tr or ENGLISH
    narrator = narrator_for(game, tr)
    names = {}
    for seat in seats:
        given = (display or {}).get(seat)
        shown = escape(given) if given else tr._("Player {number}", number=seat + 1)
        role = narrator.role(public_view or {}, seat) if public_view is not None else None
        names[seat] = tr._("{player} ({role})", player=shown, role=role) if role else shown
    return names


def register_narrator(game: str, narrator: Narrator) -> None:
    """Use ``narrator`` for the ruleset named ``game`` (a game without a front-end of its own)."""
    _NARRATORS[game] = narrator


def narrator_for(game: str, tr: Tr | None = None) -> Narrator:
    """The narrator registered for ``game``, else its front-end's (the generic one by default),
    speaking ``tr``'s language (English for None)."""
    if game in _NARRATORS:
        return _NARRATORS[game].speaking(tr)
    from bot.frontend import frontend_for  # the front-end module builds on this one

    return frontend_for(game).narrator.speaking(tr)


def narrate(
    game: str, events: Iterable[Event], viewer: Seat | None, names: Mapping[Seat, str] | None = None, tr: Tr | None = None
) -> list[str]:
    """Lines for the events ``viewer`` (a seat, or ``None`` for the public) may see, naming the
    seats by ``names`` (:func:`seat_names`; "Player <seat + 1>" without), in ``tr``'s language."""
    narrator = narrator_for(game, tr)
    with naming(names if names is not None else _NAMES.get(), tr or _TR.get()):
        return [narrator.event(e) for e in events if e.visible_to(viewer)]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def listing(items: Iterable[Any]) -> str:
    """``a``, ``a and b``, ``a, b and c``, in the language of the lines being told (:func:`naming`)."""
    return _TR.get().listing(items)


@contextmanager
def voice(tr: Tr) -> Iterator[None]:
    """Lines told inside speak ``tr``'s language (the seats' names stay as they are)."""
    token = _TR.set(tr)
    try:
        yield
    finally:
        _TR.reset(token)


def current_tr() -> Tr:
    """The language of the lines being narrated (:func:`naming`; English outside): for the words
    of a game's helper functions that are called while a narrator speaks."""
    return _TR.get()


#: what a player must never be shown (issue 19 item 4): the generic ``kind: key=value`` line ...
RAW_LINE = re.compile(r"^[a-z][a-z0-9_]*: [a-z_]+=|\b[a-z_]+=\S")
#: ... and ids: pack record ids (a word with '-', '_' or '.' between letters or digits, e.g.
#: ``fate-07``, ``uthuk.diplomacy``, ``human_archer``), seats by number from 0 or "Seat None"
BARE_ID = re.compile(r"(?<![\w/<@#:.-])[a-z][a-z0-9]*(?:_[a-z0-9]+|\.[a-z][a-z0-9]+|-\d+)+(?![\w/>-])|\b[Ss]eats? (?:None|\d+)\b")


def unreadable(line: str) -> list[str]:
    """What in ``line`` is not written for people: a raw ``kind: key=value`` form, bare ids,
    seat numbers from 0; empty when the line reads well."""
    found = ["raw line"] if RAW_LINE.search(line) else []
    return found + [m.group(0) for m in BARE_ID.finditer(line)]


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
