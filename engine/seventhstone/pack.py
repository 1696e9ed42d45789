"""The Seventh Stone data pack: data/seventhstone/*.toml (tiles, rules, equipment) loaded and checked.

A user's pack folder replaces the built-in files of the same name (``load_pack(folder)``); the checker
(``check(folder)``, behind ``python -m bot data check --game seventhstone``) counts everything and
refuses a pack that breaks a count the rulebook fixes.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from data import builtin_pack
from engine.core.game import PackCheck, data_pack_folder

FILES = ("tiles.toml", "rules.toml", "equipment.toml", "islands.toml")
SOURCES = frozenset({"rulebook", "public", "house"})
TILE_KINDS = ("plain", "forest", "mountain", "portal_blue", "portal_yellow", "temple", "desert", "volcano")
EQUIPMENT_KINDS = {
    "teleportation": "move",
    "speed": "move",
    "agility": "move",
    "master_strike": "first",
    "precision": "first",
    "power_strike": "first",
    "shield": "second",
    "prevention": "second",
    "bribery": "second",
    "explosive": "second",
    "lost_stone": "special",
}
NAMES = {
    "teleportation": "Teleportation",
    "speed": "Speed",
    "agility": "Agility",
    "master_strike": "Master strike",
    "precision": "Precision",
    "power_strike": "Power strike",
    "shield": "Shield",
    "prevention": "Prevention",
    "bribery": "Bribery",
    "explosive": "Explosive",
    "lost_stone": "the lost tear stone",
}
EVENTS = ("volcano", "quicksand", "troop_expansion", "mercenary_dismissal", "water_crossing", "portals_open")


def tile_name(tile: dict[str, Any]) -> str:
    """An equipment tile as players say it: "Speed +2", "Precision (cavalry)", "Shield 1"."""
    name = str(NAMES.get(tile["kind"], tile["kind"]))
    if tile["kind"] == "speed":
        return f"{name} +{tile['value']}"
    if tile["kind"] == "shield":
        return f"{name} {tile['value']}"
    if tile.get("symbol"):
        return f"{name} ({'all types' if tile['symbol'] == 'all' else tile['symbol']})"
    return name


@dataclass(frozen=True)
class Pack:
    tiles: dict[str, int]
    removals: dict[int, dict[str, int]]
    columns: dict[int, int]
    rules: dict[str, Any]
    units: dict[str, dict[str, Any]]
    events: dict[int, str]
    equipment: list[dict[str, Any]]
    islands: dict[str, Any] = field(default_factory=dict)
    hash: str = ""
    errors: list[str] = field(default_factory=list)
    #: the records as loaded, what the store keeps beside a game (bot.service.pack_content)
    records: dict[str, Any] = field(default_factory=dict)

    def tile(self, tile_id: int) -> dict[str, Any]:
        return self.equipment[tile_id]

    def econ(self, key: str) -> int:
        return int(self.rules["economy"][key])

    def limit(self, key: str) -> int:
        return int(self.rules["limits"][key])


def _read(folder: Path | None) -> tuple[dict[str, dict[str, Any]], str]:
    base = builtin_pack("seventhstone")
    texts: dict[str, bytes] = {}
    for name in FILES:
        path = base / name
        if folder is not None and (Path(folder) / name).exists():
            path = Path(folder) / name
        texts[name] = path.read_bytes()
    digest = hashlib.sha256(b"".join(texts[n] for n in FILES)).hexdigest()[:16]
    return {n: tomllib.loads(t.decode("utf-8")) for n, t in texts.items()}, digest


def build(raw: dict[str, dict[str, Any]], digest: str) -> Pack:
    errors: list[str] = []
    tiles_doc, rules, equip_doc = raw["tiles.toml"], raw["rules.toml"], raw["equipment.toml"]

    def sourced(record: dict[str, Any], where: str) -> None:
        if record.get("source") not in SOURCES:
            errors.append(f"{where}: source must be one of {sorted(SOURCES)}, not {record.get('source')!r}")

    tiles: dict[str, int] = {}
    for k, rec in enumerate(tiles_doc.get("tile", [])):
        sourced(rec, f"tiles.toml tile {k + 1}")
        if rec.get("kind") not in TILE_KINDS:
            errors.append(f"tiles.toml tile {k + 1}: unknown kind {rec.get('kind')!r}")
            continue
        tiles[rec["kind"]] = tiles.get(rec["kind"], 0) + int(rec.get("count", 0))
    removals: dict[int, dict[str, int]] = {}
    for k, rec in enumerate(tiles_doc.get("removal", [])):
        sourced(rec, f"tiles.toml removal {k + 1}")
        removals[int(rec["players"])] = {str(a): int(b) for a, b in rec.get("tiles", {}).items()}
    columns = {int(a): int(b) for a, b in tiles_doc.get("columns", {}).items()}
    for section in ("economy", "advanced", "limits", "victory", "markets", "combat", "tournament"):
        if section not in rules:
            errors.append(f"rules.toml: section [{section}] is missing")
        else:
            sourced(rules[section], f"rules.toml [{section}]")
    units = {}
    for rec in rules.get("unit", []):
        sourced(rec, f"rules.toml unit {rec.get('type')}")
        units[rec["type"]] = dict(rec)
    events = {}
    for rec in rules.get("event", []):
        sourced(rec, f"rules.toml event {rec.get('face')}")
        if rec.get("kind") not in EVENTS:
            errors.append(f"rules.toml event {rec.get('face')}: unknown kind {rec.get('kind')!r}")
        events[int(rec["face"])] = str(rec["kind"])
    equipment: list[dict[str, Any]] = []
    for k, rec in enumerate(equip_doc.get("tile", [])):
        sourced(rec, f"equipment.toml tile {k + 1}")
        kind = rec.get("kind")
        if kind not in EQUIPMENT_KINDS:
            errors.append(f"equipment.toml tile {k + 1}: unknown kind {kind!r}")
            continue
        if rec.get("class") != EQUIPMENT_KINDS[kind]:
            errors.append(f"equipment.toml tile {k + 1}: {kind} is of class {EQUIPMENT_KINDS[kind]!r}")
        symbols = rec.get("symbols") or [None] * int(rec.get("count", 1))
        for symbol in symbols:
            tile = {
                "id": len(equipment),
                "kind": kind,
                "class": EQUIPMENT_KINDS[kind],
                "value": rec.get("value"),
                "symbol": symbol,
            }
            tile["name"] = tile_name(tile)
            equipment.append(tile)
    # the counts the rulebook fixes
    total = sum(tiles.values())
    if total != int(tiles_doc.get("total", 35)) or total != 35:
        errors.append(f"tiles.toml: {total} land tiles, the rulebook has 35")
    if tiles.get("volcano") != 1:
        errors.append("tiles.toml: the rulebook has exactly one volcano")
    if tiles.get("portal_yellow") != 2:
        errors.append("tiles.toml: 'die beiden gelben Portale': exactly 2 yellow portals")
    for players, ncols in columns.items():
        removed = sum(removals.get(players, {}).values())
        if total - removed != 5 * ncols:
            errors.append(f"tiles.toml: {players} players need {5 * ncols} tiles, {total} - {removed} removed")
        for kind, n in removals.get(players, {}).items():
            if tiles.get(kind, 0) < n:
                errors.append(f"tiles.toml: {players} players remove {n} {kind}, the mix has {tiles.get(kind, 0)}")
    if sorted(events) != [1, 2, 3, 4, 5, 6] or sorted(events.values()) != sorted(EVENTS):
        errors.append("rules.toml: the event die has six faces, one per event")
    if sum(1 for t in equipment if t["kind"] == "lost_stone") != 1:
        errors.append("equipment.toml: exactly one lost stone (Tränenstein)")
    if sorted(units) != ["cavalry", "melee", "ranged"]:
        errors.append("rules.toml: the three unit types melee, ranged and cavalry")
    islands = raw["islands.toml"]
    sourced(islands, "islands.toml")
    for k, entry in enumerate(islands.get("fixed", [])):
        sourced(entry, f"islands.toml fixed {k + 1}")
    placed = Counter(entry["tile"] for entry in islands.get("fixed", []))
    if placed.get("volcano") != tiles.get("volcano") or any(placed[p] != tiles.get(p) for p in ("portal_blue", "portal_yellow")):
        errors.append("islands.toml: the volcano and every portal tile have a fixed place")
    if 36 - len(islands.get("sea", [])) != total:
        errors.append(f"islands.toml: 36 island positions less the sea must hold the {total} tiles")
    return Pack(tiles, removals, columns, rules, units, events, equipment, islands, digest, errors, raw)


@lru_cache(maxsize=8)
def load_pack(folder: str | None = None) -> Pack:
    raw, digest = _read(Path(folder) if folder else None)
    return build(raw, digest)


def pack_for(options: Any) -> Pack:
    """The pack a game with ``options`` plays with (``data_pack``: a folder over the built-in one)."""
    return load_pack(data_pack_folder(options))


def check(folder: str | None = None) -> PackCheck:
    try:
        pack = load_pack(folder)
    except (OSError, tomllib.TOMLDecodeError, KeyError, ValueError, TypeError) as error:
        return PackCheck(False, [f"cannot read the pack: {error}"], {}, "", "seventhstone")
    kinds: dict[str, int] = {}
    for tile in pack.equipment:
        kinds[tile["kind"]] = kinds.get(tile["kind"], 0) + 1
    counts = {
        "land_tiles": sum(pack.tiles.values()),
        "tiles_by_kind": dict(pack.tiles),
        "tiles_by_players": {str(p): sum(pack.tiles.values()) - sum(pack.removals.get(p, {}).values()) for p in (2, 3, 4)},
        "equipment_tiles": len(pack.equipment),
        "equipment_by_kind": kinds,
        "events": len(pack.events),
        "unit_types": len(pack.units),
    }
    return PackCheck(not pack.errors, list(pack.errors), counts, pack.hash, "seventhstone")
