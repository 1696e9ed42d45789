"""The house data pack and its checker (issue 25 item 3, digest 2)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from data import builtin_pack
from engine.ragnarok.pack import check_pack, load

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_pack_has_the_rulebooks_counts():
    """Digest 2.1-2.2: 35 combat, 14 attack, 36 blessings, 21 events, 10 omens, 36 runes, 6 forge markers..."""
    result = check_pack()
    assert result.ok, result.errors
    counts = result.counts
    assert (counts["combat_cards"], counts["attack_cards"], counts["blessings"], counts["events"], counts["omens"]) == (
        35,
        14,
        36,
        21,
        10,
    )
    assert (counts["runes"], counts["forge_markers"], counts["territories_34p"], counts["territories_2p"]) == (36, 6, 21, 16)
    assert (counts["forges_2p"], counts["forges_34p"]) == (4, 6)


def test_every_record_names_its_source_and_the_draugr_and_muspelheim_are_the_rulebooks():
    pack = load()
    assert pack.monsters["draugr"]["source"] == "rulebook"
    assert pack.wheel("34p")["monster"]["realm"] == "muspelheim"
    assert {h["name"] for h in pack.heroes.values()} == {"Ragnar", "Aslaug", "Snorri", "Lagertha", "Beowulf"}
    assert all(h["source"] == "public" for h in pack.heroes.values())


def test_a_users_pack_with_a_missing_card_is_refused_with_the_count(tmp_path):
    for name in ("board.toml", "content.toml"):
        shutil.copy(builtin_pack("ragnarok") / name, tmp_path / name)
    content = (tmp_path / "content.toml").read_text(encoding="utf-8")
    start = content.index('[[combat_cards]]\nid = "combat35"')
    (tmp_path / "content.toml").write_text(content[:start] + content[start:].split("\n\n", 1)[1], encoding="utf-8")
    result = check_pack(tmp_path)
    assert not result.ok and any("combat_cards: 34" in e for e in result.errors)


def test_the_data_check_command_reports_json():
    done = subprocess.run(
        [sys.executable, "-m", "bot", "data", "check", "--game", "ragnarok", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"] is True
