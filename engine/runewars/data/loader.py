"""Load, merge and validate Runewars data packs (stdlib only: ``tomllib``).

The data layer checks what it can know by itself (schema, references, geometry, counts).
Whoever knows more adds a :data:`RecordCheck`: the ruleset checks the cards' effects against
its registry (engine.runewars.ruleset), so this package imports no rule module.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .cards_decks import check_decks, deck_counts
from .heroes_cards import build_hero_cards, check_hero_cards
from .model import (
    DIRECTION_ORDER,
    OPPOSITE,
    SOURCES,
    CityToken,
    Component,
    Constant,
    Development,
    Dial,
    DialField,
    ExplorationToken,
    Faction,
    FateCard,
    FateSection,
    FateSymbol,
    Hex,
    MapTile,
    NamedCard,
    OrderCard,
    Pack,
    PackError,
    Provenance,
    RuneTokens,
    SetupQuest,
    UnitType,
    neighbour,
)
from .schema import (
    AREA_ID,
    BORDER_KINDS,
    CARD_TABLES,
    COMMON,
    DIAL_FIELD_FIELDS,
    ENUMS,
    FILE_ORDER,
    HEX_FIELDS,
    ID,
    OPEN_TABLES,
    SECTION,
    TABLES,
)

ENV_VAR = "RUNETABLE_DATA_PACK"


class PackInvalid(ValueError):
    """Raised by :func:`load_pack` when validation fails; ``errors`` lists them all."""

    def __init__(self, errors: list[PackError]):
        self.errors = errors
        head = str(errors[0]) if errors else "invalid pack"
        more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(head + more)


@dataclass
class Rec:
    data: dict[str, Any]
    file: str
    order: int  # global load order, for "file order" error sorting


@dataclass
class Merged:
    tables: dict[str, dict[str, Rec]] = field(default_factory=dict)
    errors: list[PackError] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    dirs: list[str] = field(default_factory=list)
    table_file: dict[str, str] = field(default_factory=dict)

    def recs(self, table: str) -> list[Rec]:
        return list(self.tables.get(table, {}).values())

    def get(self, table: str, rid: str) -> Rec | None:
        return self.tables.get(table, {}).get(rid)


#: a check added to the data's own: the merged records in, their errors out (file, record, field, message)
RecordCheck = Callable[[Merged], list[PackError]]


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    errors: tuple[PackError, ...]
    counts: dict[str, Any]
    pack_hash: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "errors": [e.to_dict() for e in self.errors],
            "counts": self.counts,
            "pack_hash": self.pack_hash,
        }


# -- paths -------------------------------------------------------------------


def builtin_dir() -> Path:
    from data import builtin_pack

    return builtin_pack("runewars")


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _pack_files(directory: Path) -> list[Path]:
    files = {p.name: p for p in directory.glob("*.toml")}
    ordered = [files.pop(n) for n in FILE_ORDER if n in files]
    return ordered + [files[n] for n in sorted(files)]


def resolve_pack_dir(pack_dir: Path | str | None, use_env: bool = True) -> Path | None:
    if pack_dir is not None:
        return Path(pack_dir)
    if use_env and os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    return None


# -- field validation -----------------------------------------------------------


def _kind_ok(kind: str, value: Any) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "scalar":
        return isinstance(value, (str, int, bool))
    if kind == "list_str":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "list_table":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if kind == "table":
        return isinstance(value, dict)
    raise AssertionError(kind)


def _check_fields(
    data: dict[str, Any],
    spec: dict[str, tuple[str, bool]],
    err,
    prefix: str = "",
    open_: bool = False,
) -> bool:
    ok = True
    for name, (kind, required) in spec.items():
        if name not in data:
            if required:
                err(prefix + name, "missing required field")
                ok = False
            continue
        if not _kind_ok(kind, data[name]):
            err(prefix + name, f"expected {kind}, got {type(data[name]).__name__} {data[name]!r}")
            ok = False
    if not open_:
        for name in data:
            if name not in spec:
                err(prefix + name, "unknown field")
                ok = False
    return ok


def _validate_record(table: str, data: dict[str, Any], err) -> bool:
    spec = dict(COMMON)
    spec.update(TABLES[table])
    ok = _check_fields(data, spec, err, open_=table in OPEN_TABLES)
    if not ok:
        return False
    if not ID.match(data["id"]):
        err("id", f"id {data['id']!r} must match {ID.pattern}")
        ok = False
    src = data["source"]
    if src not in SOURCES:
        err("source", f"source must be one of {SOURCES}, got {src!r}")
        ok = False
    fs = data.get("field_sources", {})
    for fname, fsrc in fs.items():
        if fsrc not in SOURCES:
            err(f"field_sources.{fname}", f"source must be one of {SOURCES}")
            ok = False
        elif fname not in spec:
            err(f"field_sources.{fname}", "names an unknown field")
            ok = False
    if (src == "public" or "public" in fs.values()) and not data.get("origin"):
        err("origin", "public data must name its origin")
        ok = False
    for (t, fname), allowed in ENUMS.items():
        if t == table and fname in data and data[fname] not in allowed:
            err(fname, f"must be one of {allowed}, got {data[fname]!r}")
            ok = False
    # nested records
    if table == "tile":
        for i, h in enumerate(data["hex"]):
            p = f"hex[{i}]."
            if not _check_fields(h, HEX_FIELDS, err, prefix=p):
                ok = False
                continue
            if not AREA_ID.match(h["area"]):
                err(p + "area", f"area id {h['area']!r} must look like '3A'")
                ok = False
            for d, kind in h.get("borders", {}).items():
                if d not in DIRECTION_ORDER:
                    err(f"{p}borders.{d}", f"direction must be one of {DIRECTION_ORDER}")
                    ok = False
                elif kind not in BORDER_KINDS:
                    err(f"{p}borders.{d}", f"border must be one of {BORDER_KINDS}")
                    ok = False
            for u, n in h.get("neutrals", {}).items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    err(f"{p}neutrals.{u}", "count must be a positive integer")
                    ok = False
            for res in ("food", "wood", "ore"):
                if h[res] < 0:
                    err(p + res, "must be >= 0")
                    ok = False
    if table == "dial":
        for i, f in enumerate(data["fields"]):
            if not _check_fields(f, DIAL_FIELD_FIELDS, err, prefix=f"fields[{i}]."):
                ok = False
    if table == "fate_card":
        for shape in ("triangle", "circle", "rectangle", "hexagon"):
            if not SECTION.match(data[shape]):
                err(shape, f"section {data[shape]!r} must be '-', 'S', 'R<n>' or 'D<n>'")
                ok = False
    return ok


# -- loading ----------------------------------------------------------------


def _load_layer(directory: Path, merged: Merged, counter: list[int], layer: int) -> None:
    if not directory.is_dir():
        merged.errors.append(PackError(str(directory), "-", "-", "pack directory does not exist"))
        return
    merged.dirs.append(str(directory))
    seen_in_layer: set[tuple[str, str]] = set()
    for path in _pack_files(directory):
        fname = _display(path)
        try:
            with path.open("rb") as fh:
                doc = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            merged.errors.append(PackError(fname, "-", "-", f"TOML syntax error: {exc}"))
            continue
        for key, value in doc.items():
            if key == "pack":
                if not isinstance(value, dict):
                    merged.errors.append(PackError(fname, "pack", "-", "[pack] must be a table"))
                    continue
                for entry in value.get("replace", []):  # "table", or "table:field": only its records whose field is true
                    table, _, field_name = str(entry).partition(":")
                    if table in merged.tables and layer > 0:
                        kept = merged.tables[table].items() if field_name else ()
                        merged.tables[table] = {k: r for k, r in kept if not r.data.get(field_name, True)}
                if layer == 0 or not merged.meta:
                    merged.meta.update(value)
                else:
                    merged.meta.setdefault("overrides", []).append(value.get("name", str(directory)))
                continue
            if key not in TABLES:
                merged.errors.append(PackError(fname, key, "-", f"unknown table {key!r}"))
                continue
            if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
                merged.errors.append(PackError(fname, key, "-", f"{key} must be an array of tables [[{key}]]"))
                continue
            merged.table_file[key] = fname
            bucket = merged.tables.setdefault(key, {})
            for i, data in enumerate(value):
                rid = data.get("id")
                label = f"{key}[{rid}]" if isinstance(rid, str) else f"{key}#{i + 1}"

                def err(fld: str, msg: str, _f=fname, _l=label) -> None:
                    merged.errors.append(PackError(_f, _l, fld, msg))

                if not _validate_record(key, data, err):
                    continue
                if (key, rid) in seen_in_layer and not (
                    bucket[rid].data.get("partial") and not data.get("partial")
                ):  # a complete card replaces a rulebook example's partial one
                    err("id", f"duplicate id {rid!r} in {key}")
                    continue
                seen_in_layer.add((key, rid))
                counter[0] += 1
                bucket[rid] = Rec(data, fname, counter[0])


def expansion_dir(name: str) -> Path:
    """The built-in layer of expansion ``name`` (e.g. ``data/runewars/banners_of_war``), merged over the base pack."""
    return builtin_dir() / name


def merge_layers(pack_dir: Path | None, expansions: Sequence[str] = ()) -> Merged:
    """The built-in pack, then each expansion's built-in layer, then ``pack_dir`` (a user pack replaces either)."""
    merged = Merged()
    counter = [0]
    _load_layer(builtin_dir(), merged, counter, 0)
    for layer, name in enumerate(expansions, start=1):
        _load_layer(expansion_dir(name), merged, counter, layer)
    if pack_dir is not None:
        _load_layer(Path(pack_dir), merged, counter, len(expansions) + 1)
    return merged


# -- cross-record validation -------------------------------------------------------


class _V:
    def __init__(self, m: Merged):
        self.m = m
        self.errors: list[PackError] = []

    def err(self, rec: Rec | None, table: str, rid: str, fld: str, msg: str) -> None:
        file = rec.file if rec else self.m.table_file.get(table, "-")
        self.errors.append(PackError(file, f"{table}[{rid}]", fld, msg))

    def comp(self, cid: str, attr: str = "count") -> int | None:
        r = self.m.get("component", cid)
        if r is None:
            self.err(None, "component", cid, attr, "required component record is missing")
            return None
        v = r.data.get(attr)
        if v is None:
            self.err(r, "component", cid, attr, f"component needs {attr}")
        return v

    def total(self, recs: list[Rec], table: str, fld: str, owner: str, want: int | None, what: str) -> None:
        """Check that ``fld`` summed over ``recs`` equals ``want``; blame the last record (or ``owner``)."""
        have = sum(r.data[fld] for r in recs)
        if want is not None and have != want:
            last = recs[-1] if recs else None
            self.err(last, table, last.data["id"] if last else owner, fld, f"{what} {have}, the component list says {want}")

    def const(self, cid: str, default: Any = None) -> Any:
        r = self.m.get("constant", cid)
        if r is None:
            self.err(None, "constant", cid, "value", "required constant is missing")
            return default
        return r.data["value"]


def validate_merged(m: Merged) -> list[PackError]:
    v = _V(m)
    factions = m.tables.get("faction", {})
    units = m.tables.get("unit", {})
    tiles = m.tables.get("tile", {})
    fids = set(factions)

    # ---- references, record by record ----
    for rid, r in units.items():
        if r.data["faction"] != "neutral" and r.data["faction"] not in fids:
            v.err(r, "unit", rid, "faction", f"unknown faction {r.data['faction']!r}")
        if r.data["figures"] < 1:
            v.err(r, "unit", rid, "figures", "must be >= 1")
        if r.data["health"] < 1:
            v.err(r, "unit", rid, "health", "must be >= 1")
        if not 1 <= r.data["row"] <= 5:
            v.err(r, "unit", rid, "row", "battle row must be 1-5")

    area_owner: dict[str, str] = {}
    tile_numbers: dict[int, str] = {}
    hmin, hmax = v.const("tile_hexes_min", 2), v.const("tile_hexes_max", 4)
    home_areas = v.const("home_realm_areas", 3)
    for tid, r in tiles.items():
        d = r.data
        if d["number"] in tile_numbers:
            v.err(r, "tile", tid, "number", f"tile number {d['number']} also used by {tile_numbers[d['number']]}")
        tile_numbers[d["number"]] = tid
        hexes = d["hex"]
        if not hmin <= len(hexes) <= hmax:
            v.err(r, "tile", tid, "hex", f"a tile has {hmin} to {hmax} hexes, found {len(hexes)}")
        coords: dict[tuple[int, int], dict] = {}
        for i, h in enumerate(hexes):
            p = f"hex[{i}]."
            mt = AREA_ID.match(h["area"])
            if mt and int(mt.group(1)) != d["number"]:
                v.err(r, "tile", tid, p + "area", f"area {h['area']} must carry the tile number {d['number']}")
            if h["area"] in area_owner:
                v.err(r, "tile", tid, p + "area", f"duplicate area id {h['area']} (also on {area_owner[h['area']]})")
            area_owner[h["area"]] = tid
            if (h["q"], h["r"]) in coords:
                v.err(r, "tile", tid, p + "q", f"two hexes at ({h['q']}, {h['r']})")
            coords[(h["q"], h["r"])] = h
            for u in h.get("neutrals", {}):
                if u not in units:
                    v.err(r, "tile", tid, f"{p}neutrals.{u}", f"unknown unit type {u!r}")
                elif units[u].data["faction"] != "neutral":
                    v.err(r, "tile", tid, f"{p}neutrals.{u}", f"{u} is not a neutral unit type")
        # borders on internal edges must agree from both sides
        for i, h in enumerate(hexes):
            for dname, kind in h.get("borders", {}).items():
                other = coords.get(neighbour(h["q"], h["r"], dname))
                if other is not None:
                    back = other.get("borders", {}).get(OPPOSITE[dname])
                    if back is not None and back != kind:
                        v.err(
                            r, "tile", tid, f"hex[{i}].borders.{dname}", f"{h['area']} says {kind}, {other['area']} says {back}"
                        )
        # connected
        if coords:
            start = next(iter(coords))
            seen, todo = {start}, [start]
            while todo:
                c = todo.pop()
                for dname in DIRECTION_ORDER:
                    n = neighbour(*c, dname)
                    if n in coords and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if len(seen) != len(coords):
                v.err(r, "tile", tid, "hex", "hexes of a tile must be connected")
        hf = d.get("home_faction")
        if hf is not None:
            if hf not in fids:
                v.err(r, "tile", tid, "home_faction", f"unknown faction {hf!r}")
            if len(hexes) != home_areas:
                v.err(r, "tile", tid, "hex", f"a home realm has {home_areas} areas, found {len(hexes)}")
            ga = d.get("guide_areas", [])
            by_area = {h["area"]: h for h in hexes}
            if len(ga) != 2 or any(a not in by_area for a in ga):
                v.err(r, "tile", tid, "guide_areas", "a home realm names 2 of its own areas that take the setup guide's place")
            else:
                a, b = by_area[ga[0]], by_area[ga[1]]
                if (b["q"], b["r"]) not in [neighbour(a["q"], a["r"], x) for x in DIRECTION_ORDER]:
                    v.err(r, "tile", tid, "guide_areas", "the 2 guide areas must be adjacent")
        elif "guide_areas" in d:
            v.err(r, "tile", tid, "guide_areas", "only home realms have guide areas")

    # ---- factions and dials ----
    dials = m.tables.get("dial", {})
    devs = m.tables.get("development", {})
    for rid, r in dials.items():
        d = r.data
        if d["faction"] not in fids:
            v.err(r, "dial", rid, "faction", f"unknown faction {d['faction']!r}")
        if rid != f"{d['faction']}.{d['resource']}":
            v.err(r, "dial", rid, "id", f"dial id must be '{d['faction']}.{d['resource']}'")
        values = [f["value"] for f in d["fields"]]
        if values != list(range(d["max"] + 1)):
            v.err(r, "dial", rid, "fields", f"fields must be the values 0..{d['max']} in order, got {values}")
        if not 0 <= d["start"] <= d["max"]:
            v.err(r, "dial", rid, "start", f"start {d['start']} outside 0..{d['max']}")
        for i, f in enumerate(d["fields"]):
            u = f.get("unit")
            if u is not None:
                if u not in units:
                    v.err(r, "dial", rid, f"fields[{i}].unit", f"unknown unit type {u!r}")
                elif units[u].data["faction"] != d["faction"]:
                    v.err(r, "dial", rid, f"fields[{i}].unit", f"{u} is not a unit of {d['faction']}")
            elif "units" in f:
                v.err(r, "dial", rid, f"fields[{i}].units", "units without unit")
            for k in ("units", "tactics", "influence"):
                if f.get(k, 0) < 0:
                    v.err(r, "dial", rid, f"fields[{i}].{k}", "must be >= 0")
    for rid, r in devs.items():
        if r.data["faction"] not in fids:
            v.err(r, "development", rid, "faction", f"unknown faction {r.data['faction']!r}")
    for rid, r in factions.items():
        d = r.data
        for res in ("food", "wood", "ore"):
            if f"{rid}.{res}" not in dials:
                v.err(r, "faction", rid, "dials", f"missing dial {rid}.{res}")
        dd = devs.get(d["defence_development"])
        if dd is None:
            v.err(r, "faction", rid, "defence_development", f"unknown development {d['defence_development']!r}")
        elif dd.data["faction"] != rid or dd.data["kind"] != "defence":
            v.err(r, "faction", rid, "defence_development", "must be a defence development of this faction")
        ht = tiles.get(d["home_tile"])
        if ht is None:
            v.err(r, "faction", rid, "home_tile", f"unknown tile {d['home_tile']!r}")
        elif ht.data.get("home_faction") != rid:
            v.err(r, "faction", rid, "home_tile", f"tile {d['home_tile']} is not this faction's home realm")

    # ---- other references ----
    for rid, r in m.tables.get("setup_quest", {}).items():
        t = tiles.get(r.data["tile"])
        if t is None:
            v.err(r, "setup_quest", rid, "tile", f"unknown tile {r.data['tile']!r}")
        elif r.data["area"] not in area_owner:
            v.err(r, "setup_quest", rid, "area", f"unknown area {r.data['area']!r}")
        elif area_owner[r.data["area"]] != r.data["tile"]:
            v.err(r, "setup_quest", rid, "area", f"area {r.data['area']} is not on tile {r.data['tile']}")
        elif t.data.get("home_faction"):
            v.err(r, "setup_quest", rid, "tile", "home realms have no setup quest")
    for rid, r in m.tables.get("city_token", {}).items():
        u = r.data["neutral_unit"]
        if u not in units:
            v.err(r, "city_token", rid, "neutral_unit", f"unknown unit type {u!r}")
        elif units[u].data["faction"] != "neutral":
            v.err(r, "city_token", rid, "neutral_unit", f"{u} is not a neutral unit type")
    symbols = m.tables.get("fate_symbol", {})
    for rid, r in m.tables.get("fate_card", {}).items():
        if r.data["symbol"] not in symbols:
            v.err(r, "fate_card", rid, "symbol", f"unknown fate symbol {r.data['symbol']!r}")
    for rid, r in m.tables.get("exploration_token", {}).items():
        if rid.startswith("village") != ("resource" in r.data):
            v.err(r, "exploration_token", rid, "resource", "villages (and only villages) name a resource")

    # ---- counts against the component list ----
    check_hero_cards(v, m)
    check_decks(v, m)
    _validate_counts(v, m)
    return v.errors


def _validate_counts(v: _V, m: Merged) -> None:
    factions = m.tables.get("faction", {})
    units = m.tables.get("unit", {})
    tiles = m.tables.get("tile", {})
    nf = len(factions)

    def count_err(table: str, rid: str, fld: str, msg: str) -> None:
        rec = m.get(table, rid)
        v.err(rec, table, rid, fld, msg)

    want = v.comp("factions")
    if want is not None and nf != want:
        count_err("component", "factions", "count", f"expected {want} factions, found {nf}")

    # units
    per = v.comp("faction_units", "per_faction")
    for fid in factions:
        fu = [r for r in units.values() if r.data["faction"] == fid]
        v.total(fu, "unit", "figures", fid, per, f"faction {fid} has figures:")
        nt = v.const("unit_types_per_faction", 4)
        if len(fu) != nt:
            count_err("faction", fid, "units", f"faction {fid} has {len(fu)} unit types, expected {nt}")
    neutral = [r for r in units.values() if r.data["faction"] == "neutral"]
    v.total(neutral, "unit", "figures", "neutral", v.comp("neutral_units"), "neutral figures total")
    # setup neutrals fit the supply
    used: dict[str, int] = {}
    for r in tiles.values():
        for h in r.data["hex"]:
            for u, n in h.get("neutrals", {}).items():
                used[u] = used.get(u, 0) + n
    for u, n in used.items():
        if u in units and n > units[u].data["figures"]:
            count_err("unit", u, "figures", f"map tiles place {n} {u} at setup, only {units[u].data['figures']} exist")

    # map
    want = v.comp("map_tiles")
    if want is not None and len(tiles) != want:
        v.errors.append(
            PackError(m.table_file.get("tile", "-"), "tile[*]", "count", f"expected {want} map tiles, found {len(tiles)}")
        )
    homes = [r for r in tiles.values() if r.data.get("home_faction")]
    for fid in factions:
        hs = [r for r in homes if r.data["home_faction"] == fid]
        if len(hs) != 1:
            count_err("faction", fid, "home_tile", f"faction {fid} needs exactly 1 home realm tile, found {len(hs)}")
    quests = m.tables.get("setup_quest", {})
    by_tile: dict[str, list[str]] = {}
    for rid, r in quests.items():
        by_tile.setdefault(r.data["tile"], []).append(rid)
    for tid, r in tiles.items():
        if not r.data.get("home_faction") and len(by_tile.get(tid, [])) != 1:
            v.err(
                r, "tile", tid, "setup_quest", f"every non-home tile has exactly 1 setup quest, found {len(by_tile.get(tid, []))}"
            )
    non_home = len(tiles) - len(homes)
    need = 2 * v.const("players_max", 4)
    if non_home < need:
        v.err(None, "tile", "*", "count", f"{non_home} non-home tiles cannot deal 2 distinct setup quests to {need // 2} players")

    # cities
    cities = {k: r for k, r in m.tables.get("city_token", {}).items() if r.data.get("at_setup", True)}  # not the Sunken City
    want = v.comp("city_tokens")
    if want is not None and len(cities) != want:
        v.errors.append(
            PackError(
                m.table_file.get("city_token", "-"), "city_token[*]", "count", f"expected {want} city tokens, found {len(cities)}"
            )
        )
    spaces = sum(1 for r in tiles.values() for h in r.data["hex"] if h["city"])
    if want is not None and spaces > want:
        v.errors.append(
            PackError(m.table_file.get("tile", "-"), "tile[*]", "hex.city", f"{spaces} city spaces but only {want} city tokens")
        )

    # orders
    orders = m.tables.get("order", {})
    per = v.comp("order_cards", "per_faction")
    nums = sorted(r.data["number"] for r in orders.values())
    first_rec = m.get("constant", "first_order_number")  # Banners of War: Garrison is 0 (ruling R-BW3)
    first = int(first_rec.data["value"]) if first_rec is not None else 1
    if per is not None and nums != list(range(first, first + per)):
        v.errors.append(
            PackError(
                m.table_file.get("order", "-"),
                "order[*]",
                "number",
                f"order numbers must be {first}..{first + per - 1}, got {nums}",
            )
        )
    want = v.comp("order_cards")
    if want is not None and per is not None and want != per * nf:
        count_err("component", "order_cards", "count", f"{want} order cards is not {per} x {nf} factions")

    # fate deck
    cards = m.tables.get("fate_card", {})
    want = v.comp("fate_cards")
    nums = sorted(r.data["number"] for r in cards.values())
    if want is not None and nums != list(range(1, want + 1)):
        v.errors.append(
            PackError(
                m.table_file.get("fate_card", "-"),
                "fate_card[*]",
                "count",
                f"expected fate cards numbered 1..{want}, got {len(nums)} cards",
            )
        )

    # runes
    runes = m.tables.get("rune_token", {})
    for rid, cid in (("dragon", "rune_tokens_dragon"), ("false", "rune_tokens_false")):
        want = v.comp(cid)
        r = runes.get(rid)
        if r is None:
            v.errors.append(
                PackError(m.table_file.get("rune_token", "-"), f"rune_token[{rid}]", "id", "missing rune token record")
            )
        elif want is not None and r.data["count"] != want:
            v.err(r, "rune_token", rid, "count", f"{r.data['count']} {rid} runes, the component list says {want}")
    want = v.comp("rune_tokens")
    have = sum(r.data["count"] for r in runes.values())
    if want is not None and have != want:
        count_err("component", "rune_tokens", "count", f"{have} rune tokens, the component list says {want}")

    # developments
    devs = m.tables.get("development", {})
    per = v.comp("development_tiles", "per_faction")
    for fid in factions:
        fd = [r for r in devs.values() if r.data["faction"] == fid]
        v.total(fd, "development", "count", fid, per, f"faction {fid} has development tiles:")
        nd = sum(1 for r in fd if r.data["kind"] == "defence")
        if nd != 1:
            count_err(
                "faction", fid, "defence_development", f"faction {fid} needs exactly 1 defence development type, found {nd}"
            )
    want = v.comp("development_tiles")
    n = sum(r.data["count"] for r in devs.values())
    if want is not None and n != want:
        count_err("component", "development_tiles", "count", f"{n} development tiles, the component list says {want}")

    # exploration
    ex = m.tables.get("exploration_token", {})
    want = v.comp("exploration_tokens")
    n = sum(r.data["back_1"] + r.data["back_2"] for r in ex.values())
    if want is not None and n != want:
        last = list(ex.values())[-1] if ex else None
        v.err(
            last,
            "exploration_token",
            last.data["id"] if last else "*",
            "back_2",
            f"{n} exploration tokens, the component list says {want}",
        )


# -- building dataclasses -----------------------------------------------------------


def _prov(d: dict[str, Any]) -> Provenance:
    return Provenance(
        source=d["source"],
        origin=d.get("origin", ""),
        page=str(d.get("page", "")),
        field_sources=MappingProxyType(dict(d.get("field_sources", {}))),
    )


def _section(code: str) -> FateSection:
    if code == "-":
        return FateSection("blank", 0)
    if code == "S":
        return FateSection("special", 1)
    return FateSection("rout" if code[0] == "R" else "damage", int(code[1:]))


def _freeze(obj: Any) -> Any:
    if isinstance(obj, dict):
        return MappingProxyType({k: _freeze(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return tuple(_freeze(v) for v in obj)
    return obj


def build_pack(m: Merged) -> Pack:
    t = lambda name: [r.data for r in m.recs(name)]  # noqa: E731
    components = {
        d["id"]: Component(d["id"], d["name_de"], d["name_en"], d["count"], d.get("per_faction"), _prov(d))
        for d in t("component")
    }
    constants = {d["id"]: Constant(d["id"], d["group"], d["value"], d["text"], _prov(d)) for d in t("constant")}
    orders = tuple(
        sorted(
            (
                OrderCard(d["id"], d["number"], d["name_de"], d["name_en"], d["main"], d.get("bonus"), _prov(d))
                for d in t("order")
            ),
            key=lambda o: o.number,
        )
    )
    symbols = {d["id"]: FateSymbol(d["id"], d["name_de"], d["diplomacy"], d["text"], _prov(d)) for d in t("fate_symbol")}
    fate = tuple(
        sorted(
            (
                FateCard(
                    d["id"],
                    d["number"],
                    d["symbol"],
                    _section(d["triangle"]),
                    _section(d["circle"]),
                    _section(d["rectangle"]),
                    _section(d["hexagon"]),
                    _prov(d),
                )
                for d in t("fate_card")
            ),
            key=lambda c: c.number,
        )
    )
    units = {
        d["id"]: UnitType(
            d["id"],
            d["faction"],
            d["name_de"],
            d["name_en"],
            d["figures"],
            d["shape"],
            d["health"],
            d["row"],
            d["fast"],
            d["flying"],
            d["ability_name"],
            d["ability"],
            _prov(d),
            d.get("replaces", ""),
        )
        for d in t("unit")
    }
    dials: dict[str, Dial] = {}
    for d in t("dial"):
        fields = tuple(
            DialField(
                f["value"], f.get("unit"), f.get("units", 1) if f.get("unit") else 0, f.get("tactics", 0), f.get("influence", 0)
            )
            for f in d["fields"]
        )
        dials[d["id"]] = Dial(d["id"], d["faction"], d["resource"], d["start"], d["max"], fields, _prov(d))
    factions = {
        d["id"]: Faction(
            d["id"],
            d["name_de"],
            d["name_en"],
            d["color"],
            d["alignment"],
            d["start_tactics"],
            d["start_influence"],
            d["stronghold_strength"],
            d["stronghold_damaged_strength"],
            d["defence_development"],
            d["home_tile"],
            tuple(u.id for u in units.values() if u.faction == d["id"]),
            MappingProxyType({res: dials[f"{d['id']}.{res}"] for res in ("food", "wood", "ore")}),
            _prov(d),
        )
        for d in t("faction")
    }
    devs = tuple(
        Development(
            d["id"],
            d["faction"],
            d["kind"],
            d["count"],
            d["name_de"],
            d["name_en"],
            d["effect"],
            d["amount"],
            d["discard_on_use"],
            d["timing"],
            d["text"],
            _prov(d),
        )
        for d in t("development")
    )
    tiles = []
    for d in t("tile"):
        coords = {(h["q"], h["r"]): h for h in d["hex"]}
        hexes = []
        for h in d["hex"]:
            borders = dict(h.get("borders", {}))
            for dname in DIRECTION_ORDER:  # mirror internal borders onto both hexes
                other = coords.get(neighbour(h["q"], h["r"], dname))
                if other is not None and OPPOSITE[dname] in other.get("borders", {}):
                    borders.setdefault(dname, other["borders"][OPPOSITE[dname]])
            borders = {k: borders[k] for k in DIRECTION_ORDER if k in borders}
            hexes.append(
                Hex(
                    h["area"],
                    h["q"],
                    h["r"],
                    h["terrain"],
                    h["food"],
                    h["wood"],
                    h["ore"],
                    h["city"],
                    MappingProxyType(dict(h.get("neutrals", {}))),
                    MappingProxyType(borders),
                )
            )
        tiles.append(
            MapTile(
                d["id"], d["number"], d.get("home_faction"), tuple(hexes), tuple(d.get("guide_areas", ())), d["name"], _prov(d)
            )
        )
    tiles.sort(key=lambda x: x.number)
    quests = tuple(
        SetupQuest(d["id"], d["tile"], d["area"], d["name_de"], d["name_en"], d["test"], d["text"], _prov(d))
        for d in t("setup_quest")
    )
    cities = tuple(
        CityToken(
            d["id"],
            d["name"],
            d["neutral_unit"],
            d["neutral_count"],
            d["tactics"],
            d["influence"],
            d["quests"],
            _prov(d),
            d.get("at_setup", True),
            d.get("dragon_rune", False),
            d.get("food", 0),
            d.get("wood", 0),
            d.get("ore", 0),
        )
        for d in t("city_token")
    )
    rr = {d["id"]: d for d in t("rune_token")}
    runes = RuneTokens(rr["dragon"]["count"], rr["false"]["count"], _prov(rr["dragon"]))
    explo = tuple(
        ExplorationToken(
            d["id"], d["name_de"], d["name_en"], d["kind"], d.get("resource"), d["back_1"], d["back_2"], d["text"], _prov(d)
        )
        for d in t("exploration_token")
    )
    common = set(COMMON) | {"name_de", "name_en", "text", "partial"}
    cards = {
        kind: tuple(
            NamedCard(
                kind,
                d["id"],
                d["name_de"],
                d.get("name_en", ""),
                d.get("text", ""),
                bool(d.get("partial", False)),
                MappingProxyType({k: v for k, v in d.items() if k not in common}),
                _prov(d),
            )
            for d in t(kind)
        )
        for kind in CARD_TABLES
    }
    records = {
        name: tuple(_freeze(r.data) for r in sorted(m.recs(name), key=lambda r: r.data["id"])) for name in sorted(m.tables)
    }
    return Pack(
        name=str(m.meta.get("name", "runewars")),
        version=str(m.meta.get("version", "")),
        dirs=tuple(m.dirs),
        components=MappingProxyType(components),
        constants=MappingProxyType(constants),
        orders=orders,
        fate_symbols=MappingProxyType(symbols),
        fate_cards=fate,
        units=MappingProxyType(units),
        factions=MappingProxyType(factions),
        developments=devs,
        tiles=tuple(tiles),
        setup_quests=quests,
        city_tokens=cities,
        rune_tokens=runes,
        exploration_tokens=explo,
        hero_cards=build_hero_cards(m, _prov),
        cards=MappingProxyType(cards),
        records=MappingProxyType(records),
        load_order=MappingProxyType({name: tuple(m.tables[name]) for name in sorted(m.tables)}),
        translations=read_translations([Path(d) for d in m.dirs] or _builtin_layers()),
    )


def _builtin_layers() -> list[Path]:
    """The built-in pack's folders (the base, every expansion layer and its variants' layers): where a pack made of
    records alone (a stored game's) finds the translations of the records it shares with them."""
    base = builtin_dir()
    layers = [base]
    for expansion in sorted(p for p in base.iterdir() if p.is_dir() and (p / "pack.toml").exists()):
        # an expansion, then its variants' layers (``banners_of_war/<variant>``: data files and no pack.toml)
        variants = (p for p in expansion.iterdir() if p.is_dir() and p.name != "locale" and any(p.glob("*.toml")))
        layers += [expansion, *sorted(variants)]
    return layers


def read_translations(dirs: Sequence[Path]) -> Mapping[str, Mapping[str, Mapping[str, Mapping[str, str]]]]:
    """``locale/<language>.toml`` of each folder, later folders over earlier ones:
    ``[<table>.<id>]`` tables of ``field = "text"`` (docs/data-packs.md, "Languages").
    A file that does not parse is skipped (``check_translations`` reports it)."""
    out: dict[str, dict[str, dict[str, dict[str, str]]]] = {}
    for directory in dirs:
        for path in sorted((directory / "locale").glob("*.toml")):
            try:
                with path.open("rb") as fh:
                    doc = tomllib.load(fh)
            except (OSError, tomllib.TOMLDecodeError):
                continue
            lang = out.setdefault(path.stem, {})
            for table, recs in doc.items():
                if not isinstance(recs, dict):
                    continue
                for rid, fields in recs.items():
                    if isinstance(fields, dict):
                        lang.setdefault(table, {}).setdefault(rid, {}).update(
                            {k: v for k, v in fields.items() if isinstance(v, str)}
                        )
    return MappingProxyType(
        {
            lang: MappingProxyType(
                {t: MappingProxyType({r: MappingProxyType(f) for r, f in recs.items()}) for t, recs in tables.items()}
            )
            for lang, tables in out.items()
        }
    )


# -- counts ----------------------------------------------------------------------


def compute_counts(m: Merged) -> dict[str, Any]:
    """The checker's counts, computed defensively from the merged records."""
    tiles = [r.data for r in m.recs("tile")]
    units = [r.data for r in m.recs("unit")]
    factions = list(m.tables.get("faction", {}))
    hexes = [h for tl in tiles for h in tl.get("hex", [])]
    homes = [tl for tl in tiles if tl.get("home_faction")]
    runes = {r.data["id"]: r.data.get("count", 0) for r in m.recs("rune_token")}
    unit_counts: dict[str, Any] = {}
    for owner in factions + ["neutral"]:
        types = {u["id"]: u.get("figures", 0) for u in units if u.get("faction") == owner}
        unit_counts[owner] = {"figures": sum(types.values()), "types": types}
    ex = [r.data for r in m.recs("exploration_token")]
    counts: dict[str, Any] = {
        "map_tiles": len(tiles),
        "home_realms": len(homes),
        "areas": len(hexes),
        "home_areas": sum(len(tl.get("hex", [])) for tl in homes),
        "city_spaces": sum(1 for h in hexes if h.get("city")),
        "setup_quests": len(m.tables.get("setup_quest", {})),
        "cities": sum(1 for r in m.recs("city_token") if r.data.get("at_setup", True)),
        "factions": len(factions),
        "developments": sum(r.data.get("count", 0) for r in m.recs("development")),
        "exploration_tokens": sum(d.get("back_1", 0) + d.get("back_2", 0) for d in ex),
        "exploration_backs": {"1": sum(d.get("back_1", 0) for d in ex), "2": sum(d.get("back_2", 0) for d in ex)},
        "fate_cards": len(m.tables.get("fate_card", {})),
        "rune_tokens": {"dragon": runes.get("dragon", 0), "false": runes.get("false", 0)},
        "order_cards": len(m.tables.get("order", {})) * len(factions),
        "order_card_types": len(m.tables.get("order", {})),
        "units": unit_counts,
    }
    names = {
        "season_card": "season_cards",
        "tactics_card": "tactics",
        "objective": "objectives",
        "quest": "quests",
        "reward": "rewards",
        "hero": "heroes",
        "title": "titles",
    }
    partial = 0
    for table, key in names.items():
        recs = [r.data for r in m.recs(table)]
        full = [d for d in recs if not d.get("partial", False)]
        partial += len(recs) - len(full)
        if full:
            counts[key] = len(full)
    counts["rulebook_named_cards"] = partial
    later_cities = sum(1 for r in m.recs("city_token") if not r.data.get("at_setup", True))
    if later_cities:  # Banners of War: the Sunken City, placed by quests only
        counts["cities_placed_later"] = later_cities
    counts.update(deck_counts(m))
    return counts


# -- public API ------------------------------------------------------------------


def _sort_key(e: PackError, order: dict[str, int]) -> int:
    return order.get(e.file, len(order))


def _run(pack_dir: Path | None, checks: Sequence[RecordCheck], expansions: Sequence[str] = ()) -> tuple[Merged, list[PackError]]:
    m = merge_layers(pack_dir, expansions)
    errors = list(m.errors)
    if not any(e.file == "-" or e.message.startswith("pack directory") for e in errors):
        try:
            errors += validate_merged(m)
            for more in checks:
                errors += more(m)
        except (KeyError, TypeError) as exc:  # pragma: no cover - defensive
            errors.append(PackError("-", "-", "-", f"validation aborted: {exc!r}"))
    # first error first in file order (files in load order; stable within a file)
    file_order: dict[str, int] = {}
    for d in m.dirs:
        for p in _pack_files(Path(d)):
            file_order.setdefault(_display(p), len(file_order))
    schema_errs = [e for e in errors if e in m.errors]
    later = [e for e in errors if e not in m.errors]
    schema_errs.sort(key=lambda e: _sort_key(e, file_order))
    return m, schema_errs + later


def load_pack(
    pack_dir: Path | str | None = None,
    *,
    use_env: bool = True,
    checks: Sequence[RecordCheck] = (),
    expansions: Sequence[str] = (),
) -> Pack:
    """Load the built-in pack, merged with each of ``expansions`` (built-in layers) and ``pack_dir`` (or ``$RUNETABLE_DATA_PACK``).

    Raises :class:`PackInvalid` listing every error if validation (the data's own and ``checks``) fails.
    """
    m, errors = _run(resolve_pack_dir(pack_dir, use_env), checks, expansions)
    if errors:
        raise PackInvalid(errors)
    return build_pack(m)


@lru_cache(maxsize=1)
def _builtin_order() -> dict[str, dict[str, int]]:
    """Each table's ids in the built-in pack's load order (the order decks are built in)."""
    return {table: {rid: i for i, rid in enumerate(bucket)} for table, bucket in merge_layers(None).tables.items()}


def _given_order(load_order: Any, where: str) -> tuple[dict[str, dict[str, int]], list[PackError]]:
    """``load_order`` (:attr:`Pack.load_order` as JSON: ``{table: [id, ...]}``) as each table's
    position of every id, or what is wrong with it; None gives no order."""
    if load_order is None:
        return {}, []
    if not isinstance(load_order, dict) or not all(
        isinstance(ids, list) and all(isinstance(i, str) for i in ids) for ids in load_order.values()
    ):
        return {}, [PackError(where, "load_order", "-", "a pack's load order is an object of tables, each a list of ids")]
    return {str(table): {rid: i for i, rid in enumerate(ids)} for table, ids in load_order.items()}, []


def load_pack_from_records(records: Any, *, load_order: Any = None, checks: Sequence[RecordCheck] = ()) -> Pack:
    """The pack made of ``records`` alone, ``{table: [record, ...]}`` as :attr:`Pack.records`
    holds them (a game's stored or exported pack, so nothing is merged over the built-in one
    and no folder is read), validated like a loaded pack. Raises :class:`PackInvalid`.

    Records are hashed by id, but decks are built in load order: ``load_order``
    (:attr:`Pack.load_order`, kept beside the records) restores it. Without it (a pack stored
    before the order was kept), a table's records take the built-in pack's order and records
    it lacks follow by id: right for the built-in pack and for packs that change its records,
    not for a pack adding records out of id order or replacing a table."""
    merged, where, order = Merged(), "<records>", 0
    if not isinstance(records, dict):
        raise PackInvalid([PackError(where, "-", "-", "a pack's records are an object of tables")])
    given, problems = _given_order(load_order, where)
    if problems:
        raise PackInvalid(problems)
    for key, value in records.items():
        if key not in TABLES:
            merged.errors.append(PackError(where, str(key)[:40], "-", "unknown table"))
            continue
        if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
            merged.errors.append(PackError(where, key, "-", f"{key} must be a list of records"))
            continue
        bucket = merged.tables.setdefault(key, {})
        known = given[key] if key in given else _builtin_order().get(key, {})
        value = sorted(value, key=lambda d: (known.get(str(d.get("id")), len(known)), str(d.get("id"))))
        for i, data in enumerate(value):
            rid = data.get("id")
            label = f"{key}[{rid}]" if isinstance(rid, str) else f"{key}#{i + 1}"

            def err(fld: str, msg: str, _l=label) -> None:
                merged.errors.append(PackError(where, _l, fld, msg))

            if not _validate_record(key, data, err):
                continue
            if rid in bucket:
                err("id", f"duplicate id {rid!r} in {key}")
                continue
            order += 1
            bucket[rid] = Rec(data, where, order)
    errors = list(merged.errors)
    if not errors:
        try:
            errors += validate_merged(merged)
            for more in checks:
                errors += more(merged)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            errors.append(PackError(where, "-", "-", f"validation aborted: {exc!r}"[:200]))
    if errors:
        raise PackInvalid(errors)
    return build_pack(merged)


def check(
    pack_dir: Path | str | None = None,
    *,
    use_env: bool = True,
    checks: Sequence[RecordCheck] = (),
    expansions: Sequence[str] = (),
) -> CheckResult:
    """Validate without raising (the data's own checks and ``checks``): ``ok``, every error, the counts and the pack hash."""
    m, errors = _run(resolve_pack_dir(pack_dir, use_env), checks, expansions)
    counts = compute_counts(m)
    digest = None
    if not errors:
        digest = pack_hash(build_pack(m))
    return CheckResult(not errors, tuple(errors), counts, digest)


def _plain(obj: Any) -> Any:
    if isinstance(obj, (dict, MappingProxyType)):
        return {str(k): _plain(v) for k, v in sorted(obj.items())}
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    return obj


def pack_hash(pack: Pack) -> str:
    """A stable sha256 over the normalised merged content (independent of file layout)."""
    blob = json.dumps(_plain(pack.records), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()
