"""``python -m bot i18n extract|stats``: the message catalogue (issue 31, docs/bot.md "Languages").

``extract`` collects every catalogued message of ``bot/``, ``renderer/`` and ``engine/`` with Babel (``bot/locale/babel.cfg``) into
``bot/locale/messages.pot`` and updates each language's ``.po`` file from it (English, the source,
is filled with the messages themselves); ``stats`` prints each language's translated share,
``--check`` exits 1 unless every language is complete. Never imports discord.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE, available, languages_in, stats

ROOT = Path(__file__).resolve().parents[2]
#: the folders whose messages the catalogue holds: the bot's, the pictures' (the renderer takes a
#: translator) and the engine's refusal reasons (``engine.core.N_`` templates the bot translates)
SOURCES = ("bot", "renderer", "engine")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("extract", "stats"), help="extract: update the catalogue; stats: translated share")
    parser.add_argument("--add", metavar="LANG", default=None, help="extract: also start a .po file for this language")
    parser.add_argument("--check", action="store_true", help="stats: exit 1 unless every language is 100%% translated")
    parser.add_argument("--json", action="store_true", help="stats: print one JSON object")


def template():
    """The catalogue template: every message Babel finds in bot/ and renderer/ (the pictures'
    words, issue 31 item 4), the command tree's and the lobby's game options."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    catalog = Catalog(project="runetable", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for folder in SOURCES:
        found = extract_from_dir(
            str(ROOT / folder),
            method_map=[("**.py", "python")],
            keywords=DEFAULT_KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    # the slash commands: names, descriptions, options and choices, as the command translator asks for them
    import asyncio

    from bot.ui.translator import command_tree_messages

    for context, message in asyncio.run(command_tree_messages()):
        catalog.add(message, None, [("bot/cogs", 0)], context=context)
    for context, message in option_messages():
        catalog.add(message, None, [("bot/ui/lobby.py", 0)], context=context)
    return catalog


def option_messages() -> list[tuple[str, str]]:
    """The lobby's words for every installed game's options: each option's name and its choices
    (``bot.ui.lobby`` shows them through ``pgettext("game option", ...)``)."""  # noqa: D401
    from importlib.metadata import entry_points

    from bot.ui.lobby import OPTION_CONTEXT, VALUE_CONTEXT, option_label
    from engine.core.registry import ENTRY_POINT_GROUP

    out: list[tuple[str, str]] = []
    for point in entry_points(group=ENTRY_POINT_GROUP):  # the installed games (not a test's game of this process)
        try:
            descriptor = point.load()
        except ImportError:
            continue
        for option in descriptor.options:
            out.append((OPTION_CONTEXT, option_label(option.name)))
            out += [(VALUE_CONTEXT, str(c)) for c in option.choices or () if isinstance(c, str)]
    return out


def extract(add: str | None = None) -> dict[str, int]:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    pot = template()
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as f:
        write_po(f, pot, width=120, omit_header=False, sort_output=False)
    counts = {}
    for language in sorted({*LANGUAGES, *available(), *([add] if add else [])}):
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="runetable")
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        if language == SOURCE:
            for message in catalog:
                if message.id:
                    message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        with path.open("wb") as f:
            write_po(f, catalog, width=120, include_previous=False)
        counts[language] = len([m for m in catalog if m.id])
    languages_in.cache_clear()  # a language added is available from now on
    return counts


def run(args: argparse.Namespace) -> int:
    if args.action == "extract":
        print(json.dumps(extract(args.add)))
        return 0
    report = {}
    for language in available():
        done, total = stats(language)
        report[language] = {"translated": done, "messages": total, "percent": round(100 * done / total, 1) if total else 100.0}
    if args.json:
        print(json.dumps(report))
    else:
        for language, r in report.items():
            print(f"{language}: {r['translated']}/{r['messages']} messages translated ({r['percent']}%)")
    return 1 if args.check and any(r["translated"] < r["messages"] for r in report.values()) else 0
