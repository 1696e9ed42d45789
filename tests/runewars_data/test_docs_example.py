"""The example pack in docs/data-packs.md is extracted and passes the checker."""

import json
import re
import subprocess
import sys
from pathlib import Path

from engine.runewars.data import check, load_pack

REPO = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"```toml pack-file=(\S+)\n(.*?)```", re.S)


def extract(tmp_path: Path) -> list[str]:
    text = (REPO / "docs" / "data-packs.md").read_text(encoding="utf-8")
    names = []
    for name, body in BLOCK.findall(text):
        (tmp_path / name).write_text(body, encoding="utf-8")
        names.append(name)
    return names


def test_docs_example_pack_passes_the_checker(tmp_path):
    names = extract(tmp_path)
    assert {"pack.toml", "components.toml", "units.toml", "cities.toml"} <= set(names)
    result = check(tmp_path)
    assert result.ok, [str(e) for e in result.errors]
    assert result.counts["units"]["neutral"]["types"]["hellhound"] == 8
    assert result.counts["units"]["neutral"]["figures"] == 40
    pack = load_pack(tmp_path)
    assert next(c for c in pack.city_tokens if c.id == "city-1").neutral_unit == "hellhound"
    r = subprocess.run(
        [sys.executable, "-m", "engine.runewars.data", "check", "--pack", str(tmp_path), "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0 and json.loads(r.stdout)["ok"] is True


def test_docs_name_the_direction_convention():
    text = (REPO / "docs" / "data-packs.md").read_text(encoding="utf-8")
    for d in ("`e`", "`ne`", "`nw`", "`w`", "`sw`", "`se`"):
        assert d in text


def test_rulings_doc_header_and_entries():
    text = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert "Each ruling gives the question, the German quote from the rulebook with its page, and the decision" in text
    assert "36" in text and "Mobilisierung" in text
