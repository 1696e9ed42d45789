"""The words of the pictures and their texts in the viewer's language (issue 31 item 4).

Every drawing and text function takes ``tr=None``: a translator, any object with
``_(message, **values)`` (and, when it has them, ``ngettext``, ``language`` and
``content(text, language)``, as the bot's :class:`bot.i18n.Tr` has). ``None`` is English.
The renderer never imports the bot: the messages written here as ``tr._("...")`` are
collected into the bot's catalogue by ``python -m bot i18n extract`` like the bot's own.

Names and texts of a data pack's records come from the pack in the translator's language
(:func:`pack_text`), so a German picture names "Bogenschützen" where an English one names
"Archers".
"""

from __future__ import annotations

from typing import Any


class English:
    """The translator of ``tr=None``: the messages as written, their fields filled."""

    language = "en"
    content_language = "en"

    def _(self, message: str, /, **values: Any) -> str:
        return message.format_map(values) if values else message

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        return (singular if n == 1 else plural).format_map({"n": n, **values})

    def content(self, text: str, language: str) -> str:
        return text


ENGLISH = English()


def words(tr: Any) -> Any:
    """``tr``, or English for None."""
    return ENGLISH if tr is None else tr


def language(tr: Any) -> str:
    """The language to ask a data pack for (English for None and the pseudo-locale)."""
    return str(getattr(tr, "content_language", None) or getattr(tr, "language", None) or "en")


def plural(tr: Any, singular: str, plural_: str, n: int, /, **values: Any) -> str:
    """``tr.ngettext`` when the translator has it, else English's rule."""
    tr = words(tr)
    ngettext = getattr(tr, "ngettext", None)
    if ngettext is None:
        return ENGLISH.ngettext(singular, plural_, n, **values)
    return ngettext(singular, plural_, n, **values)


def pack_text(tr: Any, pack: Any, table: str, rid: str, field: str = "name") -> str:
    """A record's ``field`` in ``tr``'s language from ``pack`` (``Pack.text``: the language's own,
    else the other; a pack without the record: ""), marked as content by ``tr.content``."""
    finder = getattr(pack, "text", None)
    if finder is None:
        return ""
    text, found = finder(table, rid, field, language(tr))
    if not text:
        return ""
    mark = getattr(words(tr), "content", None)
    return mark(text, found) if mark is not None else text
