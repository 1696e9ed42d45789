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


def reversed_tactics_pack(folder: Path) -> Path:
    """``folder`` (created) as a pack that replaces the tactics cards (``[pack] replace``) by the
    built-in ones listed in reverse, one summary reworded (so the pack has its own hash): the
    tactics deck is built in the order they load in."""
    folder.mkdir(parents=True, exist_ok=True)
    builtin = (Path(__file__).resolve().parents[1] / "data" / "runewars" / "tactics.toml").read_text(encoding="utf-8")
    cards = builtin.split("\n[[tactics_card]]\n")[1:]
    cards[0] = cards[0].replace('summary = "', 'summary = "(Reversed pack) ', 1)
    (folder / "pack.toml").write_text('[pack]\nname = "reversed tactics"\nreplace = ["tactics_card"]\n', encoding="utf-8")
    body = "".join(f"\n[[tactics_card]]\n{card.rstrip()}\n" for card in reversed(cards))
    (folder / "tactics.toml").write_text(body, encoding="utf-8")
    return folder
