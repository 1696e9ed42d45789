"""Rule lookup for ``/<group> rules``: short texts by topic, each with the rulebook's pages.

Each game's front-end ships its topics as a TOML file (:attr:`bot.frontend.FrontEnd.rules_file`:
id, title, pages, the German heading, keywords, text), so the bot needs no rulebook at run time. A query finds the
topic whose id or title it names, else the topics whose title, keywords or text hold all
its words, best first.

Languages (issue 31): the file is English; ``<stem>.<language>.toml`` beside it (``rules.de.toml``)
gives a topic's ``title``, ``pages``, ``keywords`` and ``text`` in that language by ``id``. A topic
the translation lacks stays English; the keywords of both languages find a topic.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.i18n import ENGLISH, SOURCE


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    pages: str
    heading: str
    keywords: tuple[str, ...]
    text: str
    #: the language the title and text are in
    language: str = SOURCE

    def reply(self, tr: Any = None) -> str:
        """The topic as a reply in ``tr``'s words (its title and text as the rules file gives them)."""
        tr = tr or ENGLISH
        return tr._(
            "**{title}** (rulebook {pages}, „{heading}“)\n{text}",
            title=tr.content(self.title, self.language),
            pages=self.pages,
            heading=self.heading,
            text=tr.content(self.text, self.language),
        )


@cache
def topics(path: Path | None, language: str = SOURCE) -> tuple[Topic, ...]:
    """The topics of a rules file (none without one), in ``language`` where it has a translation."""
    if path is None or not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    translated: dict[str, Any] = {}
    other = path.with_name(f"{path.stem}.{language}{path.suffix}")
    if language != SOURCE and other.is_file():
        translated = {t["id"]: t for t in tomllib.loads(other.read_text(encoding="utf-8")).get("topic", [])}
    out = []
    for t in data["topic"]:
        own = translated.get(t["id"])
        keywords = tuple(t.get("keywords", ()))
        if own is None:
            out.append(Topic(t["id"], t["title"], t["pages"], t["heading"], keywords, t["text"].strip()))
            continue
        out.append(
            Topic(
                t["id"],
                own.get("title", t["title"]),
                own.get("pages", t["pages"]),
                t["heading"],
                (*own.get("keywords", ()), *keywords),
                own.get("text", t["text"]).strip(),
                language,
            )
        )
    return tuple(out)


def find(path: Path | None, query: str, language: str = SOURCE) -> list[Topic]:
    """The topics a query names, best first (an exact id or title alone), in ``language``."""
    wanted = " ".join(query.lower().split())
    if not wanted:
        return []
    exact = [t for t in topics(path, language) if wanted in (t.id, t.title.lower())]
    if exact:
        return exact
    words = wanted.split()
    scored = []
    for t in topics(path, language):
        title, keys = t.title.lower(), " ".join(t.keywords).lower()
        if not all(w in f"{t.id} {title} {keys} {t.text.lower()}" for w in words):
            continue
        score = sum(3 * (w in title or w in t.id) + 2 * (w in keys) for w in words)
        scored.append((-score, t.title, t))
    return [t for *_, t in sorted(scored, key=lambda item: item[:2])]


def suggestions(path: Path | None, typed: str, language: str = SOURCE) -> list[tuple[str, str]]:
    """Autocomplete: (label, topic id) for what is typed, at most 25, in ``language``."""
    found = find(path, typed, language) if typed.strip() else list(topics(path, language))
    return [(f"{t.title} ({t.pages})"[:100], t.id) for t in found][:25]
