"""Every game whose front-end declares a guided first game declares it fully (issue 32 item 4).

Source: issue 32, "Deliver" item 4 ("for every game whose front-end declares tutorial texts"),
docs/bot.md "Guided first game": each text names a prompt kind its engine can open, points at a
rule topic of the game's rules file (the rule with its pages), is in the catalogue with a German
translation, and the short set-up's options are options the game accepts.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.frontend import frontend_for
from bot.table.tutorial import offers_tutorial
from bot.ui.rules import topics
from engine.core.registry import installed_games

LOCALE = Path(__file__).resolve().parents[2] / "bot" / "locale"
GUIDED = [name for name in installed_games() if frontend_for(name).tutorial]


def test_runewars_offers_a_guided_first_game():
    assert "runewars" in GUIDED and offers_tutorial("runewars")


@pytest.mark.parametrize("game", GUIDED)
def test_each_text_names_a_prompt_kind_of_the_engine_and_a_rule_topic(game):
    frontend = frontend_for(game)
    descriptor = installed_games()[game]
    package = Path(importlib.import_module(descriptor.ruleset.split(":")[0]).__file__).parent
    source = "\n".join(path.read_text(encoding="utf-8") for path in package.rglob("*.py"))
    known = {t.id for t in topics(frontend.rules_file)}
    for kind, (what, topic) in frontend.tutorial.items():
        assert re.search(rf"""["']{re.escape(kind)}["']""", source), f"{game}: {kind} is no prompt kind of its engine"
        assert what and topic in known, f"{game}: {kind} points at no rule topic ({topic!r})"
    descriptor.check_options(dict(frontend.tutorial_options))


@pytest.mark.parametrize("game", GUIDED)
def test_each_text_is_translated(game):
    with open(LOCALE / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        german = {m.id: m.string for m in read_po(f) if m.id}
    for what, _ in frontend_for(game).tutorial.values():
        assert german.get(what), f"{game}: no German for {what!r}"
