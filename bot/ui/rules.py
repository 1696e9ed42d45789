"""Rule lookup for ``/<group> rules``: short texts by topic, each with the rulebook's pages.

Each game's front-end ships its topics as a TOML file (:attr:`bot.frontend.FrontEnd.rules_file`:
id, title, pages, the German heading, keywords, text), so the bot needs no rulebook at run time. A query finds the
topic whose id or title it names, else the topics whose title, keywords or text hold all
its words, best first.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    pages: str
    heading: str
    keywords: tuple[str, ...]
    text: str

    def reply(self) -> str:
        return f"**{self.title}** (rulebook {self.pages}, „{self.heading}“)\n{self.text}"


@cache
def topics(path: Path | None) -> tuple[Topic, ...]:
    """The topics of a rules file (none without one)."""
    if path is None or not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Topic(t["id"], t["title"], t["pages"], t["heading"], tuple(t.get("keywords", ())), t["text"].strip())
        for t in data["topic"]
    )


def find(path: Path | None, query: str) -> list[Topic]:
    """The topics a query names, best first (an exact id or title alone)."""
    wanted = " ".join(query.lower().split())
    if not wanted:
        return []
    exact = [t for t in topics(path) if wanted in (t.id, t.title.lower())]
    if exact:
        return exact
    words = wanted.split()
    scored = []
    for t in topics(path):
        title, keys = t.title.lower(), " ".join(t.keywords).lower()
        if not all(w in f"{t.id} {title} {keys} {t.text.lower()}" for w in words):
            continue
        score = sum(3 * (w in title or w in t.id) + 2 * (w in keys) for w in words)
        scored.append((-score, t.title, t))
    return [t for *_, t in sorted(scored, key=lambda item: item[:2])]


def suggestions(path: Path | None, typed: str) -> list[tuple[str, str]]:
    """Autocomplete: (label, topic id) for what is typed, at most 25."""
    found = find(path, typed) if typed.strip() else list(topics(path))
    return [(f"{t.title} ({t.pages})"[:100], t.id) for t in found][:25]
