"""Every Runewars data pack record in German and English (issue 31 item 3; docs/data-packs.md,
"Languages"): names as the German rulebook prints them (``name_de``) or house German names,
English names and texts, German texts in ``locale/de.toml``; a pack without a translation
falls back to the other language, never to an id."""

from __future__ import annotations

import dataclasses
import tomllib
from types import MappingProxyType

import pytest

from engine.runewars.data.loader import builtin_dir, expansion_dir
from engine.runewars.game import GAME

#: the tables whose records players read, and their text fields
NAMED = ("unit", "faction", "hero", "reward", "quest", "tactics_card", "season_card", "objective", "title")
NAMED += ("development", "tile", "order", "exploration_token", "city_token", "setup_quest")
#: the Banners of War variants' own cards (engine/runewars/data/schema.py CARD_TABLES; issue 24)
VARIANT_CARDS = ("development_card", "commander_card", "victory_card")
NAMED += VARIANT_CARDS
TEXTS = {
    "unit": ("ability_name", "ability"),
    "development": ("text",),
    "exploration_token": ("text",),
    "order": ("main", "bonus"),
    "fate_symbol": ("text",),
    "setup_quest": ("text",),
    "hero": ("summary", "text"),
    "quest": ("summary", "text"),
    "reward": ("summary", "text"),
    "tactics_card": ("summary", "text"),
    "season_card": ("summary", "text"),
    "objective": ("summary", "text"),
    "title": ("summary", "text"),
    **{table: ("summary", "text") for table in VARIANT_CARDS},
}
#: the four Banners of War variants (engine/runewars/banners/variants.py): each a layer of its own
VARIANTS = ("development_cards", "commanders", "free_cities", "road_to_victory")


@pytest.fixture(scope="module")
def pack():
    """The base pack with Banners of War."""
    return GAME.load_pack({"banners_of_war": True})


@pytest.fixture(scope="module", params=["banners_of_war", "every_variant"])
def every_pack(request):
    """Banners of War, and with every variant on: every built-in record (the Free Cities' tokens
    replace the base game's, so both packs are read)."""
    return GAME.load_pack({"banners_of_war": True, **dict.fromkeys(VARIANTS, request.param == "every_variant")})


def _records(pack, tables):
    for table in tables:
        for record in pack.records.get(table, ()):
            yield table, record


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_record_players_read_has_a_name_in_both_languages(every_pack, language):
    pack = every_pack
    missing = [
        f"{table}[{record['id']}]"
        for table, record in _records(pack, NAMED)
        if pack.text(table, record["id"], "name", language)[1] != language
    ]
    assert missing == []


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_text_of_the_pack_is_in_both_languages(every_pack, language):
    pack = every_pack
    missing = [
        f"{table}[{record['id']}].{field}"
        for table, record in _records(pack, TEXTS)
        for field in TEXTS[table]
        if record.get(field) and pack.text(table, record["id"], field, language)[1] != language
    ]
    assert missing == []


def test_german_names_are_the_rulebooks():
    """p. 4 (component list) and p. 20: the German names the rulebook prints are kept."""
    pack = GAME.load_pack({})
    assert pack.text("unit", "human_archer", "name", "de") == ("Bogenschützen", "de")
    assert pack.text("faction", "humans", "name", "de") == ("Menschen", "de")
    assert pack.text("order", "harvest", "name", "de")[0] == "Ernte"
    assert pack.text("unit", "human_archer", "name", "en") == ("Archers", "en")


FOLDERS = [builtin_dir(), expansion_dir("banners_of_war"), *(expansion_dir(f"banners_of_war/{v}") for v in VARIANTS)]


@pytest.mark.parametrize("folder", FOLDERS, ids=["base", "banners_of_war", *VARIANTS])
def test_every_translation_names_a_record_and_a_field_of_its_folder(folder):
    """A typo in locale/de.toml (an id or a field that does not exist) would silently translate nothing."""
    records: dict[tuple[str, str], dict] = {}
    for path in folder.glob("*.toml"):
        for table, recs in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(recs, list):
                for r in recs:  # a rulebook example's partial card and its complete record are one card
                    records.setdefault((table, r["id"]), {}).update(r)
    wrong = []
    locales = list((folder / "locale").glob("*.toml"))
    assert locales, f"{folder.name} has no locale/*.toml"
    for path in locales:
        for table, recs in tomllib.loads(path.read_text(encoding="utf-8")).items():
            for rid, fields in recs.items():
                record = records.get((table, rid))
                if record is None:
                    wrong.append(f"{path.name}: no {table}[{rid}]")
                    continue
                wrong += [f"{path.name}: {table}[{rid}] has no {f}" for f in fields if f != "name" and f not in record]
    assert wrong == []


def test_a_pack_without_a_translation_falls_back_to_the_other_language_never_an_id(pack):
    bare = dataclasses.replace(pack, translations=MappingProxyType({}), _by_id={})
    assert bare.text("unit", "human_archer", "ability", "de") == (pack.record("unit", "human_archer")["ability"], "en")
    assert bare.text("unit", "human_archer", "name", "fr") == ("Archers", "en")
    # a record with only a German name (fate symbols carry name_de alone) reads German in English
    assert bare.text("fate_symbol", "gold", "name", "en")[1] == "de"
    assert bare.text("unit", "no_such_unit", "name", "de") == ("", "")


def test_a_third_language_is_a_locale_file(pack):
    """README "Languages": a third language is a .po file and the pack's names (locale/<lang>.toml)."""
    french = MappingProxyType({**pack.translations, "fr": {"unit": {"human_archer": {"name": "Archers (fr)"}}}})
    with_french = dataclasses.replace(pack, translations=french, _by_id={})
    assert with_french.text("unit", "human_archer", "name", "fr") == ("Archers (fr)", "fr")
    assert with_french.text("unit", "human_knight", "name", "fr") == ("Knights", "en")


def test_a_stored_pack_keeps_the_builtin_translations(pack):
    """A game's pack stored as records (load_pack_from_records) reads its German from the built-in folders."""
    from engine.runewars.data.loader import _plain, load_pack_from_records

    stored = load_pack_from_records(_plain(pack.records), load_order=_plain(pack.load_order))
    assert stored.text("tile", "tile-3", "name", "de") == pack.text("tile", "tile-3", "name", "de")
    assert stored.text("tile", "tile-3", "name", "de")[1] == "de"


def test_the_card_list_speaks_the_readers_language_and_knows_every_name(pack):
    """/rw card (bot/ui/info.py): names and texts in the reader's language; a card is found by
    its name in either language (issue 31 items 1 and 3)."""
    from bot.games.runewars.narrator import catalogue
    from bot.i18n import tr_for
    from bot.narration import voice

    with voice(tr_for("de")):
        entries = {e["id"]: e for e in catalogue(pack)}
    archers = entries["human_archer"]
    assert archers["name"] == "Bogenschützen" and archers["kind"] == "Einheit (Menschen)"
    assert archers["text"].startswith("Gezielte Salve: ")
    assert set(archers["aliases"].splitlines()) == {"Archers", "Bogenschützen"}
    assert entries["versteckter_pass"]["text"].startswith(pack.text("tactics_card", "versteckter_pass", "summary", "de")[0])


def test_every_rule_topic_is_in_german_and_found_in_either_language():
    """/rw rules (bot/ui/rules.py): rules.de.toml gives every topic of rules.toml in German, with
    the German rulebook's pages; a German reader finds a topic by a German or an English word."""
    from bot.games.runewars import FRONTEND
    from bot.i18n import tr_for
    from bot.ui import rules

    english = rules.topics(FRONTEND.rules_file)
    german = rules.topics(FRONTEND.rules_file, "de")
    assert [t.id for t in german] == [t.id for t in english]
    assert all(t.language == "de" and t.pages.startswith("S. ") for t in german)
    assert all(len(t.reply(tr_for("de"))) <= 2000 for t in german)
    assert rules.find(FRONTEND.rules_file, "Festung", "de")[0].id == "stronghold"
    assert rules.find(FRONTEND.rules_file, "siege", "de")[0].title == "Festungen und Belagerungen"
    reply = rules.find(FRONTEND.rules_file, "epic", "de")[0].reply(tr_for("de"))
    assert reply.startswith("**Epische Variante (optional)** (Regelheft S. 37, „")


def test_a_stored_pack_with_every_variant_keeps_the_variants_translations():
    """The variants' German lives in their own layers' locale/de.toml (data/runewars/banners_of_war/<variant>):
    a stored game's pack finds it there too (loader ``_builtin_layers``)."""
    from engine.runewars.data.loader import _plain, load_pack_from_records

    full = GAME.load_pack({"banners_of_war": True, **dict.fromkeys(VARIANTS, True)})
    stored = load_pack_from_records(_plain(full.records), load_order=_plain(full.load_order))
    for table, rid, field in (
        ("commander_card", "commander.shield_wall", "text"),
        ("development_card", "dev.humans.war_college", "text"),
        ("victory_card", "victory.elves", "text"),
        ("city_token", "free-city-1", "name"),
    ):
        assert stored.text(table, rid, field, "de") == full.text(table, rid, field, "de")
        assert stored.text(table, rid, field, "de")[1] == "de"
