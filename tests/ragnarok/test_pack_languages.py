"""Lords of Ragnarok's names in the reader's language (issue 31 item 3: "each data pack record has
German and English names and texts ... packs without a translation fall back to the other language,
never to an id"; docs/ragnarok/README.md, "Languages")."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import renderer.ragnarok as R
from bot.games.ragnarok.narrator import name
from bot.i18n import tr_for
from bot.narration import naming
from data import builtin_pack
from engine.ragnarok.pack import check_pack, load
from tests.ragnarok.helpers import ENGINE, at

PACK = load(None)


def _named(language: str, *keys: str) -> list[str]:
    with naming(None, tr_for(language)):
        return [name(k) for k in keys]


def test_german_names_a_monster_a_combat_card_and_a_sea_in_german():
    assert _named("de", "wolf", "combat01", "sea2", "seersline") == ["Grauer Wolf", "Bartaxt", "Walstraße", "Seherblut"]


def test_english_is_unchanged():
    assert _named("en", "wolf", "combat01", "sea2", "seersline") == ["Grey Wolf", "Bearded Axe", "Whale Road", "Seer's Line"]


def test_every_named_record_has_a_german_name_and_runes_keep_theirs():
    german = PACK.localized["de"]
    assert set(PACK.names) <= set(german), sorted(set(PACK.names) - set(german))
    assert [german[r] for r in ("uruz", "othala", "algiz")] == ["Uruz", "Othala", "Algiz"]


def test_a_missing_german_name_falls_back_to_english_never_to_an_id(tmp_path: Path):
    folder = tmp_path / "pack"
    shutil.copytree(builtin_pack("ragnarok"), folder)
    locale = folder / "locale" / "de.toml"
    locale.write_text(
        locale.read_text("utf-8").replace('[monsters."wolf"]\nname = "Grauer Wolf"\n', '[monsters."wolf"]\n'), "utf-8"
    )
    pack = load(str(folder))
    assert pack.name("wolf", "de") == "Grey Wolf" and pack.name("troll", "de") == "Bergtroll"
    assert pack.name("wolf", "fr") == "Grey Wolf"  # a language without a file: English
    assert pack.hash == PACK.hash  # the translations are not part of the pack hash (docs/data-packs.md)
    assert check_pack(folder).ok


def test_a_translation_of_no_record_is_reported(tmp_path: Path):
    folder = tmp_path / "pack"
    shutil.copytree(builtin_pack("ragnarok"), folder)
    with (folder / "locale" / "de.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[monsters."kraken"]\nname = "Krake"\n')
    result = check_pack(folder)
    assert not result.ok and any("monsters.kraken" in e for e in result.errors)


def test_the_locale_file_is_valid_and_every_entry_names_a_record():
    doc = tomllib.loads((builtin_pack("ragnarok") / "locale" / "de.toml").read_text("utf-8"))
    assert all(rec.get("source") in {"rulebook", "house"} for recs in doc.values() for rec in recs.values())
    assert check_pack().ok


def test_the_board_text_names_the_hunted_monster_in_the_readers_language():
    state = at(
        3,
        active=0,
        step="special",
        monsters={"wolf": {"at": 5}},
        players={"0": {"at": 5}, "1": {"at": 8}},
        hunt={"hunter": 0, "target": "wolf", "monster_player": 1, "attack_hand": ["attack01"]},
    )
    view = ENGINE.view(state, None)
    assert "Grauer Wolf" in R.text_board(view, PACK, tr=tr_for("de"))
    english = R.text_board(view, PACK, tr=tr_for("en"))
    assert "Grey Wolf" in english and "Grauer Wolf" not in english


def test_lor_card_names_and_texts_are_german_and_found_by_either_name():
    """``/lor card``'s catalogue: German name, kind and pack text in German; English unchanged;
    both names are aliases (issue 31 items 1 and 3)."""
    from bot.games.ragnarok import catalogue

    def entry(language: str, rid: str) -> dict[str, str]:
        with naming(None, tr_for(language)):
            return next(e for e in catalogue(PACK) if e["id"] == rid)

    de, en = entry("de", "blessing01"), entry("en", "blessing01")
    assert (de["name"], de["kind"], de["text"]) == ("Schildwall", "Segnungskarte", "+1 Kampfwert, wenn du verteidigst.")
    assert (en["name"], en["kind"], en["text"]) == ("Shield Wall", "blessing card", "+1 battle value when you defend.")
    assert set(de["aliases"].splitlines()) == {"Schildwall", "Shield Wall"}
    assert entry("de", "wolf")["name"] == "Grauer Wolf" and entry("de", "aslaug")["text"].startswith("die Völva: ")
    assert "Flächenangriff: Jeder Held" in entry("de", "wolf")["text"] and entry("de", "combat07")["text"] == "Axt 0, Schild"
    assert "bis zu 2 Meere" in entry("de", "niflheim-2")["text"] and "bis zu 3 Meere" in entry("de", "niflheim-3-4")["text"]
