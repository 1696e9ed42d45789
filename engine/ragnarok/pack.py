"""The Lords of Ragnarok data pack: loading (data/ragnarok/*.toml) and its checker.

A user's pack (a folder with ``board.toml`` and ``content.toml``) replaces the built-in one
without code. Every record carries ``source`` (rulebook, public or house). Names in other languages
come from ``locale/<language>.toml`` beside them (issue 31 item 3; a user's pack may bring its own),
``[<table>.<id>]`` tables of ``name = "..."`` like Runewars' (docs/data-packs.md, "Languages"); they
are not part of the pack hash: a better German word changes no running game.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from data import builtin_pack
from engine.core import N_
from engine.core.game import PackCheck, data_pack_folder

FILES = ("board.toml", "content.toml")
RUNES = ("uruz", "othala", "algiz")
WEAPONS = ("axe", "sword", "spear")
ATTRS = ("authority", "might", "wisdom")
#: the action wheel's fields as the rulebook names them (catalogue messages: the pack's names are English)
WHEEL_FIELDS = {
    "recruit": N_("Recruit"),
    "mobilize": N_("Mobilize"),
    "prepare": N_("Prepare"),
    "temple": N_("Build Temple"),
    "monster": N_("Monster"),
    "seize": N_("Seize"),
    "monument": N_("Build Monument"),
}
#: the rulebook's counts (digest section 2)
EXPECTED = {
    "combat_cards": 35,
    "attack_cards": 14,
    "blessings": 36,
    "events": 21,
    "omens": 10,
    "heroes": 5,
    "lineages": 6,
    "gods": 3,
    "god_artifacts": 3,
    "monsters": 6,
    "monster_artifacts": 6,
    "forge_markers": 6,
    "temple_cards": 4,
    "realm_tiles": 8,
    "bosses": 1,
}
SOURCES = frozenset({"rulebook", "public", "house"})


class Pack:
    """The loaded pack, indexed for the rules (read-only by convention)."""

    def __init__(self, raw: dict[str, Any], digest: str, translations: dict[str, dict[str, Any]] | None = None):
        self.raw = raw
        #: the records as loaded, what the store keeps beside a game (bot.service.pack_content)
        self.records = raw
        self.hash = digest
        self.combat = {c["id"]: c for c in raw["combat_cards"]}
        self.attacks = {c["id"]: c for c in raw["attack_cards"]}
        self.blessings = {c["id"]: c for c in raw["blessings"]}
        self.events = {c["id"]: c for c in raw["events"]}
        self.omens = {c["id"]: c for c in raw["omens"]}
        self.heroes = {c["id"]: c for c in raw["heroes"]}
        self.lineages = {c["id"]: c for c in raw["lineages"]}
        self.gods = {c["id"]: c for c in raw["gods"]}
        self.god_artifacts = {c["id"]: c for c in raw["god_artifacts"]}
        self.monsters = {c["id"]: c for c in raw["monsters"]}
        self.monster_artifacts = {c["id"]: c for c in raw["monster_artifacts"]}
        self.artifacts = {**self.god_artifacts, **self.monster_artifacts}
        self.boss = raw["bosses"][0]
        self.runes = {c["id"]: c for c in raw["runes"]}
        self.components = raw["components"]
        self.die = [f["face"] for f in raw["die_faces"]]
        self.sides: dict[str, Side] = {}
        for side in raw["sides"]:
            self.sides[side["id"]] = Side(side["id"], raw, side)
        self.names: dict[str, str] = {}
        for table in (
            "combat_cards",
            "attack_cards",
            "blessings",
            "heroes",
            "lineages",
            "gods",
            "god_artifacts",
            "monsters",
            "monster_artifacts",
            "bosses",
            "realm_tiles",
            "runes",
            "omens",
        ):
            for rec in raw[table]:
                self.names.setdefault(rec["id"], rec.get("name") or rec.get("text", rec["id"]))
        for sea in raw["seas"]:
            self.names.setdefault(sea["id"], sea["name"])
        #: language -> id -> name (``locale/<language>.toml``; a record's name, or an omen's text)
        self.localized: dict[str, dict[str, str]] = {}
        self._spoken: dict[str, Spoken] = {}
        for lang, tables in (translations or {}).items():
            out = self.localized.setdefault(lang, {})
            for table, recs in tables.items():
                if table == "wheel" or not isinstance(recs, dict):
                    continue
                for rid, fields in recs.items():
                    if isinstance(fields, dict):
                        text = fields.get("name") or fields.get("text")
                        if isinstance(text, str) and text:
                            out.setdefault(rid, text)
        self.translations = translations or {}

    def side_for(self, players: int) -> Side:
        return next(s for s in self.sides.values() if players in s.players)

    def realm_tiles(self, players: int) -> dict[str, dict[str, Any]]:
        return {t["id"]: t for t in self.raw["realm_tiles"] if players in t["players"]}

    def wheel(self, side: str) -> dict[str, dict[str, Any]]:
        return {w["id"]: w for w in self.raw["wheel"] if w["side"] == side}

    def temple_card(self, players: int, face: str) -> dict[str, Any]:
        cards = [c for c in self.raw["temple_cards"] if players in c["players"]]
        return next((c for c in cards if c["id"].endswith("-" + face)), cards[0])

    def name(self, key: str, language: str = "en") -> str:
        """A record's name in ``language``, else its English name (never an id when it has one)."""
        return self.localized.get(language, {}).get(key) or self.names.get(key, key)

    def text(self, table: str, rid: str, field: str, language: str = "en") -> str:
        """A record's ``field`` (``text``, ``title``, ``name``) in ``language``, else the pack's English ("" if none)."""
        given = self.translations.get(language, {}).get(table, {}).get(rid, {}).get(field)
        if isinstance(given, str) and given:
            return given
        rec: dict[str, Any] = next((r for r in self.raw.get(table, []) if r.get("id") == rid), {})
        value = rec.get(field)
        return value if isinstance(value, str) else ""

    def wheel_name(self, side: str, field: str, language: str = "en") -> str:
        """An action wheel field's name in ``language``, else English."""
        rec = self.translations.get(language, {}).get("wheel", {}).get(field, {})
        return str(rec.get("name") or self.wheel(side).get(field, {}).get("name", field))

    def speaking(self, language: str) -> Pack:
        """This pack whose ``name`` answers in ``language`` (for the renderer, which asks ``pack.name``)."""
        if language not in self._spoken:
            self._spoken[language] = Spoken(self, language)
        return self._spoken[language]  # type: ignore[return-value]


class Spoken:
    """A :class:`Pack` naming things in one language; everything else is the pack's."""

    def __init__(self, pack: Pack, language: str):
        self._pack, self.language = pack, language

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._pack, attr)

    def name(self, key: str, language: str | None = None) -> str:
        return self._pack.name(key, language or self.language)

    def wheel_name(self, side: str, field: str, language: str | None = None) -> str:
        return self._pack.wheel_name(side, field, language or self.language)

    def speaking(self, language: str) -> Any:
        return self._pack.speaking(language)


@dataclass
class Side:
    id: str
    raw: dict[str, Any]
    rec: dict[str, Any]
    players: tuple[int, ...] = ()
    n: int = 0
    pop: list[int] = field(default_factory=list)
    symbols: list[tuple[str, ...]] = field(default_factory=list)
    adj: list[tuple[int, ...]] = field(default_factory=list)
    ygg: list[bool] = field(default_factory=list)
    land_of: list[str] = field(default_factory=list)
    lands: dict[str, tuple[int, ...]] = field(default_factory=dict)
    monument_at: dict[str, int] = field(default_factory=dict)
    seas: dict[str, dict[str, Any]] = field(default_factory=dict)
    realm_adj: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.players = tuple(self.rec["players"])
        self.n = int(self.rec["territories"])
        size = self.n + 1
        self.pop, self.symbols, self.adj = [0] * size, [()] * size, [()] * size
        self.ygg, self.land_of = [False] * size, [""] * size
        for t in self.raw["territories"]:
            if t["side"] != self.id:
                continue
            k = t["number"]
            self.pop[k] = t["population"]
            self.symbols[k] = tuple(t["symbols"])
            self.adj[k] = tuple(t["adjacent"])
            self.ygg[k] = bool(t["yggdrasil"])
            self.land_of[k] = t["land"]
            if "monument" in t:
                self.monument_at[t["monument"]] = k
        for land in self.raw["lands"]:
            if land["side"] == self.id:
                self.lands[land["id"]] = tuple(land["territories"])
        for sea in self.raw["seas"]:
            if sea["side"] == self.id:
                self.seas[sea["id"]] = sea
        for realm in self.raw["realm_spaces"]:
            if realm["side"] == self.id:
                self.realm_adj[realm["id"]] = tuple(realm["territories"])

    def has(self, t: int, symbol: str) -> bool:
        return symbol in self.symbols[t]

    def monument_god(self, t: int) -> str | None:
        return next((g for g, k in self.monument_at.items() if k == t), None)


def _read(folder: Path) -> tuple[dict[str, Any], str]:
    raw: dict[str, Any] = {}
    h = hashlib.sha256()
    for name in FILES:
        data = (folder / name).read_bytes()
        h.update(data)
        raw.update(tomllib.loads(data.decode("utf-8")))
    return raw, h.hexdigest()[:16]


def read_translations(folder: Path) -> dict[str, dict[str, Any]]:
    """``locale/<language>.toml`` of ``folder``: language -> table -> id -> fields (not hashed).
    A file that does not parse is skipped (``check_pack`` reports it)."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((folder / "locale").glob("*.toml")):
        try:
            out[path.stem] = tomllib.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
    return out


@lru_cache(maxsize=8)
def load(folder: str | None = None) -> Pack:
    where = Path(folder) if folder else builtin_pack("ragnarok")
    raw, digest = _read(where)
    return Pack(raw, digest, read_translations(where))


def pack_for(options: Any) -> Pack:
    return load(data_pack_folder(options))


def check_pack(pack_dir: Path | str | None = None) -> PackCheck:
    """Validate a pack: the rulebook's counts, references between records, every record's source."""
    errors: list[str] = []
    try:
        raw, digest = _read(Path(pack_dir) if pack_dir else builtin_pack("ragnarok"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        return PackCheck(False, [f"cannot read the pack: {e}"], {}, "", "ragnarok")
    counts: dict[str, Any] = {}
    for table, want in EXPECTED.items():
        got = len(raw.get(table, []))
        counts[table] = got
        if got != want:
            errors.append(f"{table}: {got} records, the rulebook has {want}")
    for table, rows in raw.items():
        if isinstance(rows, list):
            for row in rows:
                if isinstance(row, dict) and row.get("source") not in SOURCES:
                    errors.append(f"{table}: a record without a valid source: {json.dumps(row)[:80]}")
    runes = sum(r["count"] for r in raw.get("runes", []))
    counts["runes"] = runes
    if runes != 36:
        errors.append(f"runes: {runes}, the rulebook has 36")
    try:
        pack = Pack(raw, digest)
    except (KeyError, StopIteration, TypeError) as e:
        return PackCheck(False, errors + [f"the pack does not load: {e!r}"], counts, digest, "ragnarok")
    for side in pack.sides.values():
        counts[f"territories_{side.id}"] = side.n
        for t in range(1, side.n + 1):
            for u in side.adj[t]:
                if t not in side.adj[u]:
                    errors.append(f"side {side.id}: territory {t} borders {u} but not the other way round")
        if len(side.monument_at) != 3:
            errors.append(f"side {side.id}: {len(side.monument_at)} monuments, the rulebook has 3")
        covered = sorted(t for ts in side.lands.values() for t in ts)
        if covered != list(range(1, side.n + 1)):
            errors.append(f"side {side.id}: the lands do not cover every territory once")
        if any(not 3 <= len(ts) <= 4 for ts in side.lands.values()):
            errors.append(f"side {side.id}: a land without 3 or 4 territories")
        forges = sum(side.has(t, "forge") for t in range(1, side.n + 1))
        counts[f"forges_{side.id}"] = forges
    for ev in raw.get("events", []):
        if ev["place"] not in RUNES or any(r not in RUNES for r in ev["activate"]):
            errors.append(f"event {ev['number']}: an unknown rune")
    for m in raw.get("monsters", []):
        if m["rune"] not in RUNES or any(w["weapon"] not in WEAPONS for w in m["wounds"]):
            errors.append(f"monster {m['name']}: an unknown rune or weapon")
    for players in (2, 3, 4):
        n = sum(players in o["players"] for o in raw.get("omens", []))
        if n != 5:
            errors.append(f"omens: {n} marked for {players} players, the rulebook uses 5")
        if len([t for t in raw.get("realm_tiles", []) if players in t["players"]]) != 6:
            errors.append(f"realm tiles: not 6 for {players} players")
    folder = Path(pack_dir) if pack_dir else builtin_pack("ragnarok")
    ids = {str(r["id"]) for rows in raw.values() if isinstance(rows, list) for r in rows if isinstance(r, dict) and "id" in r}
    for path in sorted((folder / "locale").glob("*.toml")):
        try:
            doc = tomllib.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            errors.append(f"locale/{path.name}: cannot read it: {e}")
            continue
        for table, recs in doc.items():
            for rid in recs if isinstance(recs, dict) else ():
                if table not in raw or rid not in ids:
                    errors.append(f"locale/{path.name}: {table}.{rid} names no record of the pack")
    counts["temples"] = raw.get("components", {}).get("temples")
    counts["priests"] = raw.get("components", {}).get("priests")
    return PackCheck(not errors, errors, counts, digest, "ragnarok")
