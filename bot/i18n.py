"""German and English (issue 31): gettext catalogues managed with Babel, one translator object per language.

Every player-facing text is a message of the catalogue ``bot/locale/`` (``messages.pot``, one
``<lang>/LC_MESSAGES/messages.po`` per language), compiled by Babel when a language is first
used. Code never picks a language globally: whoever builds a text is handed a :class:`Tr`, a
translator bound to one language, and asks it::

    tr._("Game #{game_id}: move {seq}", game_id=7, seq=12)
    tr.ngettext("{n} earlier line", "{n} earlier lines", dropped)   # ``n`` is given
    tr.pgettext("command", "hand")                                  # a message with a context

Placeholders are ``str.format`` fields of the *catalogued* message only: the values (players'
display names, pack text) are inserted, never parsed as a format string, and text that comes
from people goes through :func:`escape` (Markdown and mentions) where it enters a line.

``qps``, the pseudo-locale, wraps every catalogued message in ``⟦…⟧`` (the English source
inside): any letters of a text outside the brackets were never catalogued
(:func:`untranslated`), which ``python -m bot playtest --language qps`` and the tests count.

Which language a text is in (docs/bot.md, "Languages"): a private text the user's (their
``/game settings language``, else the Discord locale of their latest interaction, else English);
a public text the game's (the lobby option ``language``, by default the server's preferred
locale). :func:`language_of` maps a Discord locale to a catalogue language.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

#: the catalogue's folder (package data) and domain
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"
#: the language the code's messages are written in
SOURCE = "en"
#: the languages with a catalogue, the source first (a third: a .po file, see README "Languages")
LANGUAGES: tuple[str, ...] = ("en", "de")
#: the pseudo-locale: every catalogued message wrapped in OPEN ... CLOSE
PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"
#: invisible marks around every catalogued message while :func:`marking` is on (``python -m bot
#: playtest`` in a real language): letters outside them were never catalogued
MARK_OPEN, MARK_CLOSE = "\u2068", "\u2069"  # first strong isolate ... pop directional isolate
_MARKING = [False]
#: each language's name, in itself (for the language choices)
NAMES = {"en": "English", "de": "Deutsch", PSEUDO: "Pseudo"}


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is defined (a constant); it is translated
    where it is shown, with ``tr._(constant)``."""
    return message


def available() -> tuple[str, ...]:
    """The languages with a catalogue file (``LANGUAGES`` and any other ``.po`` added)."""
    return languages_in(LOCALE_DIR)


@cache
def languages_in(locale_dir: Path) -> tuple[str, ...]:
    """The languages with a catalogue file in ``locale_dir``, looked up once (every line told asks):
    whoever adds a catalogue (``python -m bot i18n extract --add``) calls ``languages_in.cache_clear()``."""
    found = sorted(p.parent.parent.name for p in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return tuple([*(lang for lang in LANGUAGES if lang in found), *(lang for lang in found if lang not in LANGUAGES)])


def language_of(locale: Any, default: str = SOURCE) -> str:
    """The catalogue language for a Discord locale (``discord.Locale`` or its value: ``de``,
    ``en-US``, ``en-GB``) or a language code; ``default`` for any other."""
    if locale is None:
        return default
    code = str(getattr(locale, "value", locale)).strip()
    if code == PSEUDO:
        return PSEUDO
    base = code.split("-")[0].split("_")[0].lower()
    return base if base in available() else default


@cache
def _compiled(language: str) -> gettext.NullTranslations:
    """The language's ``.po`` file compiled by Babel (in memory), or no translations."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


class Tr:
    """A translator bound to one language: what every text-building function is handed."""

    def __init__(self, language: str):
        self.language = language
        self.pseudo = language == PSEUDO
        self._loaded: gettext.NullTranslations | None = None

    @property
    def _t(self) -> gettext.NullTranslations:
        """The compiled catalogue, on first use."""
        if self._loaded is None:
            self._loaded = gettext.NullTranslations() if self.pseudo else _compiled(self.language)
        return self._loaded

    def __repr__(self) -> str:
        return f"Tr({self.language!r})"

    def _wrap(self, text: str, key: Any = None) -> str:
        if self.pseudo:
            return f"{OPEN}{text}{CLOSE}"
        if not _MARKING[0] or (key is not None and not self._has(key)):
            return text  # a message this language lacks falls back to English: left unmarked (untranslated)
        return f"{MARK_OPEN}{text}{MARK_CLOSE}"

    def _has(self, key: Any) -> bool:
        """Whether this language's catalogue translates ``key`` (the source language has every message)."""
        if self.language == SOURCE:
            return True
        catalog = getattr(self._t, "_catalog", None)
        return bool(catalog and catalog.get(key))

    def gettext(self, message: str) -> str:
        """The message in this language (no placeholders filled)."""
        return self._wrap(self._t.gettext(message), message)

    def _(self, message: str, /, **values: Any) -> str:
        """The message in this language with its placeholders filled from ``values``."""
        return _fill(self.gettext(message), message, values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form for ``n`` (the language's plural rule); ``{n}`` is filled with ``n``."""
        count = n if isinstance(n, int) else 2  # a count the code could not give reads as a plural
        chosen = self._wrap(self._t.ngettext(singular, plural, count), (singular, 0))
        return _fill(chosen, singular if count == 1 else plural, {"n": n, **values})

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """The message in ``context`` (a command name, say, apart from the same English word elsewhere)."""
        return _fill(self._wrap(self._t.pgettext(context, message), f"{context}\x04{message}"), message, values)

    @property
    def content_language(self) -> str:
        """The language to ask a data pack for (the pseudo-locale reads English content)."""
        return SOURCE if self.pseudo else self.language

    def content(self, text: str, language: str) -> str:
        """A data pack's name or text, found in ``language``: marked like a catalogued message when
        that is this translator's language (:attr:`content_language`); a fallback to another
        language is left unmarked, so it counts as untranslated (issue 31 item 5). Never a format."""
        if text and language == self.content_language:
            return self._wrap(text)
        return text

    def listing(self, items: Iterable[Any]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in this language ("none" for nothing)."""
        items = [str(i) for i in items]
        if not items:
            return self._("none")
        if len(items) == 1:
            return items[0]
        return self._("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def _fill(text: str, source: str, values: Mapping[str, Any]) -> str:
    """``text`` with its fields filled; a translation that names a field the code does not give
    (the placeholder test prevents it) falls back to the source message."""
    try:
        return text.format_map(values) if values or "{" in text else text
    except (KeyError, IndexError, ValueError, AttributeError):
        return source.format_map(values)


@cache
def tr_for(language: str | None) -> Tr:
    """The translator for a catalogue language (English for None or an unknown one)."""
    return Tr(language if language == PSEUDO or language in available() else SOURCE)


#: English, for texts no player reads (logs) and callers that were not handed a translator
ENGLISH = tr_for(SOURCE)


#: the ids Discord gave the slash commands ("<group> hand" -> id), known once they are synced or
#: fetched (bot/client.py); data, not a language: the same for every text
COMMAND_IDS: dict[str, int] = {}


def command_mention(path: str, tr: Tr) -> str:
    """A command named inside a message: ``</<group> hand:ID>`` (every client shows it in its own
    language and runs it on a click) once its id is known, else ``/<group> hand`` with each word in
    ``tr``'s language (the names the command translator gives)."""
    top = path.split()[0]
    if top in COMMAND_IDS:
        return f"</{path}:{COMMAND_IDS[top]}>"
    return "/" + " ".join(tr.pgettext("command name", word) for word in path.split())


def placeholders(message: str) -> set[str]:
    """The ``str.format`` field names of a message (``{n}``, ``{name}``)."""
    try:
        return {field.split(".")[0].split("[")[0] for _, field, _, _ in Formatter().parse(message) if field is not None}
    except ValueError:
        return {"<malformed>"}


_MARKDOWN = re.compile(r"([\\*_~`|\[\]])|^([>#-])")
_MENTION = re.compile(r"@(everyone|here)|<(@[!&]?|#)(\d+)>")


def escape(text: Any) -> str:
    """Text from people (display names, a pack's names and texts) made safe inside a line:
    Markdown characters escaped, ``@everyone``/``@here`` and mentions defused."""
    text = _MENTION.sub(lambda m: "@\u200b" + m.group(1) if m.group(1) else "<\u200b" + m.group(2) + m.group(3) + ">", str(text))
    return _MARKDOWN.sub(lambda m: "\\" + (m.group(1) or m.group(2)), text)


def marking(on: bool) -> None:
    """Mark every catalogued message with invisible isolates (:data:`MARK_OPEN`), in every
    language, so that :func:`untranslated` finds what was never catalogued in a real language's
    text too (the playtest's ``untranslated`` count); off by default."""
    _MARKING[0] = on


def unmarked(text: str) -> str:
    """``text`` without the marks of :func:`marking`."""
    return text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")


def untranslated(text: str) -> list[str]:
    """The runs of letters in a pseudo-locale (or marked) text outside every ``⟦…⟧`` (never
    catalogued), leaving out mentions, channel links, timestamps, custom emoji, URLs and command
    mentions."""
    text = re.sub(r"</[^>]+:\d+>|<[@#][!&]?\d+>|<t:\d+(?::\w)?>|<a?:\w+:\d+>|https?://\S+", " ", text)
    out, depth, run = [], 0, []
    for ch in text:
        if ch in (OPEN, MARK_OPEN):
            depth += 1
        elif ch in (CLOSE, MARK_CLOSE):
            depth = max(0, depth - 1)
        if depth == 0 and ch not in (OPEN, CLOSE, MARK_OPEN, MARK_CLOSE):
            run.append(ch)
        elif run:
            out.append("".join(run))
            run = []
    if run:
        out.append("".join(run))
    return [s.strip() for s in out if re.search(r"[^\W\d_]{2,}", s)]


def stats(language: str) -> tuple[int, int]:
    """(translated, total) message ids of a language's catalogue (fuzzy entries count as not translated)."""
    from babel.messages.pofile import read_po

    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=language)
    messages = [m for m in catalog if m.id]
    done = [m for m in messages if not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)]
    return len(done), len(messages)
