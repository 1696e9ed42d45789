"""A group's own data pack for tests: one faction record overriding the built-in Humans
(docs/data-packs.md, "Override semantics"), with the starting influence the test chooses."""

from __future__ import annotations

from pathlib import Path

HUMANS = """
[[faction]]
id = "humans"
name_de = "Menschen"
name_en = "Humans"
color = "blue"
alignment = "good"
start_tactics = 2
start_influence = {start_influence}
stronghold_strength = 5
stronghold_damaged_strength = 2
defence_development = "humans.defence"
home_tile = "tile-10"
source = "house"
"""


def humans_pack(folder: Path, start_influence: int = 7) -> Path:
    """``folder`` (created) as an override pack in which the Humans start with ``start_influence``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "factions.toml").write_text(HUMANS.format(start_influence=start_influence), encoding="utf-8")
    return folder
