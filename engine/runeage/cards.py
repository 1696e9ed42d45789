"""The Rune Age data pack: loading the TOML files of ``data/runeage/`` (or a user's pack that
replaces them file by file) and checking them against the rulebook's counts (p. 2: 252 cards).

Every card is known by its printed name; a card's *kind* says where it comes from and goes back
to (rulebook p. 14 "Vernichten": race units to their Barracks, neutral cards to the centre).
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

FILES = ("races.toml", "neutral.toml", "events.toml", "scenarios.toml", "components.toml")
SOURCES = frozenset({"rulebook", "public", "house"})
TIMINGS = frozenset({"on_play", "resolution", "end_of_combat", "action", "passive"})
#: the effect handlers the engine knows (engine/runeage/combat.py and turn.py)
UNIT_EFFECTS = frozenset(
    {
        "draw",
        "discard_for_strength",
        "wound_opposing",
        "destroy_wounded_opposing",
        "destroy_opposing",
        "search_discard_same",
        "raise_horde",
        "strength_vs_event",
        "strength_if_wounded",
        "wound_own_draw",
        "strength",
        "cull_discard",
        "player_draws",
        "negate_resolution",
        "mind_control",
        "draw_if_won",
    }
)
EVENT_EFFECTS = frozenset({"attack_each", "gain_gold", "draw_each", "lasting", "rune_discovery"})
RUNE_KINDS = frozenset({"gold", "influence", "draw", "strength"})
SCENARIOS = ("drachenlords", "runenkriege", "weltenbrand", "monument")
#: rulebook p. 2
EXPECTED = {"race": 92, "neutral": 50, "objective": 4, "event": 40, "rune": 6, "monument": 4, "gold": 48, "city": 8}
TOTAL = 252
GOLD_COUNTS = {1: 24, 2: 14, 3: 10}


def gold_name(value: int) -> str:
    return f"{value} Gold"


@dataclass
class Pack:
    """The cards of a pack, by name. ``card(name)`` gives any card's record with its ``kind``."""

    races: dict[str, dict[str, Any]]
    neutrals: dict[str, dict[str, Any]]
    events: dict[str, dict[str, Any]]
    scenarios: dict[str, dict[str, Any]]
    gold: dict[int, dict[str, Any]]
    cities: dict[str, dict[str, Any]]
    runes: dict[str, dict[str, Any]]
    monuments: dict[str, dict[str, Any]]
    die: list[str]
    raw: dict[str, Any]
    hash: str
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def records(self) -> dict[str, Any]:
        """The records as loaded, what the store keeps beside a game (bot.service.pack_content)."""
        return self.raw

    def __post_init__(self) -> None:
        for race_id, race in self.races.items():
            self.cards[race["home_realm"]["name"]] = {**race["home_realm"], "kind": "realm", "race": race_id}
            for s in race["strongholds"]:
                self.cards[s["name"]] = {**s, "kind": "stronghold", "race": race_id, "cost": 4, "capture": 2}
            for u in race["units"]:
                self.cards[u["name"]] = {**u, "kind": "unit", "race": race_id}
        for name, n in self.neutrals.items():
            self.cards[name] = {**n, "kind": n["kind"], "neutral": True}
        for name, e in self.events.items():
            self.cards[name] = {**e, "kind": "event", "event_kind": e["kind"]}
        for value, g in self.gold.items():
            self.cards[gold_name(value)] = {**g, "kind": "gold", "name": gold_name(value)}
        for name, c in self.cities.items():
            self.cards[name] = {**c, "kind": "city"}
        for name, r in self.runes.items():
            self.cards[name] = {**r, "kind": "rune", "rune_kind": r["kind"]}
        for name, m in self.monuments.items():
            self.cards[name] = {**m, "kind": "monument"}
        for sid, s in self.scenarios.items():
            self.cards[s["objective"]] = {"name": s["objective"], "kind": "objective", "scenario": sid, **s}

    def card(self, name: str) -> dict[str, Any]:
        return self.cards[name]

    def strength(self, name: str) -> int:
        return int(self.cards.get(name, {}).get("strength", 0))

    def is_unit(self, name: str) -> bool:
        return self.cards.get(name, {}).get("kind") == "unit"

    def is_fighter(self, name: str) -> bool:
        """Unit and tactic cards can be played into a combat (p. 8 "Kampfaktion")."""
        return self.cards.get(name, {}).get("kind") in ("unit", "tactic")

    def race_of(self, name: str) -> str | None:
        return self.cards.get(name, {}).get("race")


def _read(folder: Path) -> dict[str, Any]:
    return {f: tomllib.loads((folder / f).read_text(encoding="utf-8")) for f in FILES if (folder / f).exists()}


@lru_cache(maxsize=8)
def load_pack(pack_dir: str | None = None) -> Pack:
    """The built-in pack, with each file a user's folder holds replacing the built-in one."""
    raw = _read(builtin_pack("runeage"))
    if pack_dir:
        raw.update(_read(Path(pack_dir)))
    digest = hashlib.sha256(repr(sorted((k, repr(v)) for k, v in raw.items())).encode()).hexdigest()[:16]
    comp = raw["components.toml"]
    return Pack(
        races={r["id"]: r for r in raw["races.toml"]["race"]},
        neutrals={n["name"]: n for n in raw["neutral.toml"]["neutral"]},
        events={e["name"]: e for e in raw["events.toml"]["event"]},
        scenarios={s["id"]: s for s in raw["scenarios.toml"]["scenario"]},
        gold={int(g["value"]): g for g in comp["gold"]},
        cities={c["name"]: c for c in comp["city"]},
        runes={r["name"]: r for r in comp["rune"]},
        monuments={m["name"]: m for m in comp["monument"]},
        die=list(comp["die"]["faces"]),
        raw=raw,
        hash=digest,
    )


def pack_for(options: Any) -> Pack:
    """The descriptor's ``pack``: the pack a game with ``options`` plays with."""
    return load_pack(data_pack_folder(options))


def counts_of(pack: Pack) -> dict[str, int]:
    counts = {
        "race": sum(1 + len(r["strongholds"]) + sum(int(u["count"]) for u in r["units"]) for r in pack.races.values()),
        "neutral": 5 * len(pack.neutrals),
        "objective": len(pack.scenarios),
        "event": len(pack.events),
        "rune": len(pack.runes),
        "monument": len(pack.monuments),
        "gold": sum(int(g["count"]) for g in pack.gold.values()),
        "city": len(pack.cities),
    }
    counts["total"] = sum(counts.values())
    return counts


def check(pack_dir: str | None = None) -> PackCheck:
    """The checker ``python -m bot data check --game runeage`` runs: counts, sources, effects."""
    errors: list[str] = []
    try:
        load_pack.cache_clear()
        pack = load_pack(pack_dir)
    except Exception as e:  # noqa: BLE001 - a broken pack is a finding, not a crash
        return PackCheck(False, [f"the pack cannot be read: {e!r}"], {}, "", "runeage")
    counts = counts_of(pack)
    for key, want in EXPECTED.items():
        if counts[key] != want:
            errors.append(f"{key}: {counts[key]} cards, the rulebook (p. 2) has {want}")
    if counts["total"] != TOTAL:
        errors.append(f"total: {counts['total']} cards, the rulebook (p. 2) has {TOTAL}")
    for race_id, race in pack.races.items():
        tiers = Counter(int(u["cost"]) for u in race["units"])
        per_tier = {int(u["cost"]): int(u["count"]) for u in race["units"]}
        if sorted(tiers) != [1, 2, 3, 5] or per_tier != {1: 8, 2: 4, 3: 4, 5: 3}:
            errors.append(f"race {race_id}: unit types at costs 1, 2, 3, 5 with 8, 4, 4, 3 copies (p. 2), not {per_tier}")
        if len(race["strongholds"]) != 3:
            errors.append(f"race {race_id}: 3 strongholds (p. 2)")
    for sid in SCENARIOS:
        if sid not in pack.scenarios:
            errors.append(f"scenario {sid} is missing")
            continue
        scenario = pack.scenarios[sid]
        events = [e for e in pack.events.values() if e["scenario"] == sid]
        if len(events) != 10:
            errors.append(f"scenario {sid}: {len(events)} event cards, the rulebook (p. 2) has 10")
        levels = {int(e["level"]) for e in events}
        if levels != set(range(1, int(scenario["levels"]) + 1)):
            errors.append(f"scenario {sid}: event levels {sorted(levels)}, expected 1 to {scenario['levels']}")
        for name in scenario["neutrals"]:
            if name not in pack.neutrals:
                errors.append(f"scenario {sid}: neutral card {name} is not in the pack")
        for name in scenario.get("solo_removes", []) + scenario.get("pure_coop_removes", []):
            if name not in pack.events:
                errors.append(f"scenario {sid}: removed event {name} is not in the pack")
    names: Counter[str] = Counter()
    for race in pack.races.values():
        records = [race, race["home_realm"], *race["strongholds"], *race["units"]]
        names.update(r["name"] for r in records[1:])
        for record in records:
            _check_record(record, errors)
        for u in race["units"]:
            _check_ability(u, errors)
    for group in (pack.neutrals, pack.events, pack.cities, pack.runes, pack.monuments):
        names.update(list(group))
        for record in group.values():
            _check_record(record, errors)
    for n in pack.neutrals.values():
        _check_ability(n, errors)
    for ev in pack.events.values():
        if ev["kind"] == "effect" and ev.get("effect") not in EVENT_EFFECTS:
            errors.append(f"event {ev['name']}: unknown effect {ev.get('effect')!r}")
        if ev["kind"] == "enemy" and int(ev.get("strength", 0)) <= 0:
            errors.append(f"enemy {ev['name']}: needs a strength")
    for r in pack.runes.values():
        if r["kind"] not in RUNE_KINDS:
            errors.append(f"rune {r['name']}: unknown kind {r['kind']!r}")
    if "Riverwatch" in pack.cities and int(pack.cities["Riverwatch"]["influence"]) != 3:
        errors.append("Riverwatch yields 3 influence (p. 8)")
    if int(pack.gold.get(3, {}).get("cost", 5)) != 5:
        errors.append("the 3-gold card costs 5 influence (p. 8)")
    for value, want in GOLD_COUNTS.items():
        if int(pack.gold.get(value, {}).get("count", 0)) != want:
            errors.append(f"{value}-gold cards: {want} (p. 2)")
    if len(pack.die) != 6 or "skull" not in pack.die:
        errors.append("the casualty die has six faces, some with a skull (p. 10)")
    errors += [f"the name {n} is used by two cards" for n, k in names.items() if k > 1]
    return PackCheck(not errors, errors, counts, pack.hash, "runeage")


def _check_record(record: dict[str, Any], errors: list[str]) -> None:
    if record.get("source") not in SOURCES:
        errors.append(f"{record.get('name', record.get('id'))}: source must be one of rulebook, public, house")


def _check_ability(card: dict[str, Any], errors: list[str]) -> None:
    if "timing" in card and card["timing"] not in TIMINGS:
        errors.append(f"{card['name']}: unknown timing {card['timing']!r}")
    if "effect" in card and card["effect"] not in UNIT_EFFECTS:
        errors.append(f"{card['name']}: unknown effect {card['effect']!r}")
