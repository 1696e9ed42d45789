"""Loader API, override packs, pack hash, the checker CLI, broken packs and the expected counts."""

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.runewars.data import ENV_VAR, PackInvalid, builtin_dir, check, load_pack, pack_hash
from engine.runewars.data.loader import load_pack_from_records
from engine.runewars.ruleset import PACK_CHECKS
from tests.packs import reversed_tactics_pack

REPO = Path(__file__).resolve().parents[2]
BROKEN = REPO / "tests" / "data" / "broken"


def run_cli(*args, env=None):
    e = dict(os.environ)
    e.pop(ENV_VAR, None)
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "engine.runewars.data", "check", *args], cwd=REPO, capture_output=True, text=True, env=e
    )


def test_builtin_pack_location():
    from data import builtin_pack

    assert builtin_dir() == builtin_pack("runewars")
    assert (builtin_dir() / "pack.toml").is_file()


def test_dataclasses_are_frozen(pack):
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.unit("human_knight").health = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        pack.units["x"] = None  # type: ignore[index]


def test_every_record_has_a_source_and_public_records_an_origin():
    result = check(use_env=False)
    assert result.ok
    pack = load_pack(use_env=False)
    for table, recs in pack.records.items():
        for r in recs:
            assert r["source"] in ("rulebook", "public", "house"), (table, r["id"])
            if r["source"] == "public" or "public" in r.get("field_sources", {}).values():
                assert r.get("origin"), (table, r["id"])


def test_pack_hash_is_stable(pack):
    h = pack_hash(pack)
    assert len(h) == 64
    assert pack_hash(load_pack(use_env=False)) == h
    assert check(use_env=False).pack_hash == h


def test_override_pack_replaces_and_adds(tmp_path, pack):
    (tmp_path / "cities.toml").write_text(
        '[[city_token]]\nid = "city-1"\nname = "Our Dawnford"\nneutral_unit = "giant"\nneutral_count = 1\n'
        'tactics = 3\ninfluence = 3\nquests = 0\nsource = "house"\n',
        encoding="utf-8",
    )
    p = load_pack(tmp_path)
    city = next(c for c in p.city_tokens if c.id == "city-1")
    assert (city.name, city.neutral_unit, city.tactics) == ("Our Dawnford", "giant", 3)
    assert len(p.city_tokens) == 7
    assert pack_hash(p) != pack_hash(pack)
    # a new id is added, so the count check (7 tokens) fails on the merged result
    (tmp_path / "more.toml").write_text(
        '[[city_token]]\nid = "city-8"\nname = "Extra"\nneutral_unit = "giant"\nneutral_count = 1\n'
        'tactics = 1\ninfluence = 1\nquests = 1\nsource = "house"\n',
        encoding="utf-8",
    )
    r = check(tmp_path)
    assert not r.ok and r.errors[0].record == "city_token[*]" and r.errors[0].field == "count"


def test_override_pack_via_environment(tmp_path, monkeypatch):
    (tmp_path / "units.toml").write_text(
        (builtin_dir() / "units.toml")
        .read_text(encoding="utf-8")
        .replace(
            'id = "human_siege_engine"\nfaction = "humans"\nname_de = "Belagerungsmaschinen"\nname_en = "Siege Engines"\nfigures = 4\nshape = "hexagon"\nhealth = 3',
            'id = "human_siege_engine"\nfaction = "humans"\nname_de = "Belagerungsmaschinen"\nname_en = "Siege Engines"\nfigures = 4\nshape = "hexagon"\nhealth = 4',
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert load_pack().unit("human_siege_engine").health == 4
    assert load_pack(use_env=False).unit("human_siege_engine").health == 3


def test_replace_table_lets_a_group_bring_its_own_map(tmp_path):
    """A pack can drop the built-in records of a table (here: setup quests) and bring its own."""
    text = (builtin_dir() / "setup_quests.toml").read_text(encoding="utf-8").replace('id = "setup-', 'id = "mine-')
    (tmp_path / "pack.toml").write_text('[pack]\nname = "ours"\nreplace = ["setup_quest"]\n', encoding="utf-8")
    (tmp_path / "setup_quests.toml").write_text(text, encoding="utf-8")
    p = load_pack(tmp_path)
    assert sorted(q.id for q in p.setup_quests)[0].startswith("mine-") and len(p.setup_quests) == 9


def test_load_pack_raises_with_all_errors():
    with pytest.raises(PackInvalid) as exc:
        load_pack(BROKEN / "wrong_count")
    assert exc.value.errors[0].field == "count"


def test_cli_ok_on_builtin_pack():
    r = run_cli("--json")
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout)
    assert out["ok"] is True and out["errors"] == []
    for key in (
        "map_tiles",
        "home_realms",
        "areas",
        "setup_quests",
        "cities",
        "developments",
        "exploration_tokens",
        "fate_cards",
        "rune_tokens",
        "order_cards",
        "units",
    ):
        assert key in out["counts"]
    assert set(out["counts"]["rune_tokens"]) == {"dragon", "false"}
    assert out["counts"]["units"]["humans"]["types"]["human_knight"] == 8


def test_counts_equal_expected_counts_file():
    """The checker's counts equal data/runewars/expected_counts.json (derived from the p. 4 component list)."""
    expected = json.loads((REPO / "data" / "runewars" / "expected_counts.json").read_text(encoding="utf-8"))
    expected.pop("_what", None)
    assert check(use_env=False).counts == expected


BROKEN_CASES = {
    "missing_field": ("units.toml", "unit[human_knight]", "health"),
    "wrong_count": ("runes.toml", "rune_token[dragon]", "count"),
    "unknown_area": ("setup_quests.toml", "setup_quest[setup-3]", "area"),
    "duplicate_id": ("cities.toml", "city_token[city-1]", "id"),
    "unknown_unit_type": ("cities.toml", "city_token[city-2]", "neutral_unit"),
}


def test_all_broken_packs_are_covered():
    assert sorted(p.name for p in BROKEN.iterdir() if p.is_dir()) == sorted(BROKEN_CASES)


@pytest.mark.parametrize("name", sorted(BROKEN_CASES))
def test_cli_broken_pack_exits_1_and_names_file_record_field(name):
    r = run_cli("--pack", str(BROKEN / name), "--json")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["ok"] is False and out["errors"]
    first = out["errors"][0]
    file, record, field = BROKEN_CASES[name]
    assert first["file"].endswith(f"broken/{name}/{file}")
    assert (first["record"], first["field"]) == (record, field)
    assert first["message"]


def test_cli_broken_pack_via_environment():
    r = run_cli("--json", env={ENV_VAR: str(BROKEN / "duplicate_id")})
    assert r.returncode == 1


def test_cli_text_mode():
    r = run_cli()
    assert r.returncode == 0 and r.stdout.startswith("OK")
    r = run_cli("--pack", str(BROKEN / "unknown_area"))
    assert r.returncode == 1 and "setup_quest[setup-3]: area" in r.stderr


def test_rulebook_records_name_their_page(pack):
    for table, recs in pack.records.items():
        for r in recs:
            if r["source"] == "rulebook":
                assert str(r.get("page", "")).strip(), (table, r["id"])


def test_errors_are_reported_all_and_first_in_file_order(tmp_path):
    """Schema errors of several files: all are reported, the earlier file (canonical order) first."""
    (tmp_path / "runes.toml").write_text('[[rune_token]]\nid = "dragon"\nsource = "house"\n', encoding="utf-8")
    (tmp_path / "components.toml").write_text(
        '[[component]]\nid = "fate_cards"\nname_de = "x"\nname_en = "x"\nsource = "house"\n', encoding="utf-8"
    )
    r = check(tmp_path)
    assert not r.ok and len(r.errors) >= 2
    assert r.errors[0].file.endswith("components.toml") and r.errors[0].field == "count"
    assert any(e.file.endswith("runes.toml") and e.field == "count" for e in r.errors)


def test_unknown_field_and_bad_enum_are_errors(tmp_path):
    (tmp_path / "units.toml").write_text(
        (builtin_dir() / "units.toml")
        .read_text(encoding="utf-8")
        .replace('shape = "triangle"', 'shape = "square"', 1)
        .replace('ability_name = "Stand Fast"', 'ability_name = "Stand Fast"\nspeed = 3', 1),
        encoding="utf-8",
    )
    r = check(tmp_path)
    got = {(e.record, e.field) for e in r.errors}
    assert ("unit[human_archer]", "shape") in got and ("unit[human_infantry]", "speed") in got


def test_a_pack_rebuilt_from_its_records_builds_its_decks_in_its_load_order(tmp_path):
    """Issue 21 item 6 (docs/table.md, verify): records are hashed by id, decks are built in
    load order; ``load_pack_from_records`` with the pack's :attr:`Pack.load_order` builds the
    same decks as the folder did, without it the built-in order."""
    pack = load_pack(reversed_tactics_pack(tmp_path / "reversed"), use_env=False, checks=PACK_CHECKS)
    records = json.loads(json.dumps(pack.records, default=lambda value: dict(value)))
    order = json.loads(json.dumps(pack.load_order, default=lambda value: dict(value)))

    def tactics(p):
        return [card.id for card in p.cards["tactics_card"]]

    rebuilt = load_pack_from_records(records, load_order=order, checks=PACK_CHECKS)
    assert tactics(rebuilt) == tactics(pack) and tactics(pack)[:2] == ["heilkraeuter_2", "heilkraeuter"]
    assert pack_hash(rebuilt) == pack_hash(pack)
    assert tactics(load_pack_from_records(records, checks=PACK_CHECKS))[:2] == ["versteckter_pass", "versteckter_pass_2"]
    with pytest.raises(PackInvalid, match="load order"):
        load_pack_from_records(records, load_order={"tactics_card": [1, 2]}, checks=PACK_CHECKS)
