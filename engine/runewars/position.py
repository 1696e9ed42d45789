"""Scenario positions for Runewars: a board described directly (docs/scenarios.md).

```toml
[position]
factions = ["humans", "uthuk"]                 # by seat; home areas, dials and influence follow
first_player = 1                               # default 0
placements = [{ tile = "tile-1", rotation = 0, q = 0, r = 0 }]   # default: the automatic map
neutrals = "printed"                           # "printed" (as on the tiles, the default) or "none"

[position.players.0]                           # optional per seat (TOML keys are strings)
influence = 4
dials = { food = 3, wood = 2, ore = 1 }

[position.areas.1A]                            # a listed area is set exactly as described
units = [{ owner = 0, unit = "human_infantry", standing = 2, routed = 1 }]  # owner "neutral" too
stronghold = { owner = 0, damaged = false }
rune = { kind = "dragon", known_to = [0], face_up = false }
city = "city-1"
activated_by = [1]
```
Unknown keys, areas, units, tiles and factions are refused with a message naming them.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import GameState, InvalidAction
from engine.runewars.data import Pack
from engine.runewars.map import Board, Placement, auto_layout
from engine.runewars.setup import new_player
from engine.runewars.state import Area, Rune, RunewarsBoard, Stack, Stronghold

POSITION_KEYS = {"factions", "first_player", "placements", "neutrals", "players", "areas", "fate_deck"}
AREA_KEYS = {"units", "stronghold", "rune", "city", "activated_by"}


def load_position(state: GameState, pack: Pack, position: Mapping[str, Any], rng) -> None:
    _no_unknown(position, POSITION_KEYS, "position")
    factions = list(position.get("factions", []))
    if len(factions) != state.seat_count or len(set(factions)) != len(factions) or not set(factions) <= set(pack.factions):
        raise InvalidAction(f"position.factions must name {state.seat_count} different factions of {sorted(pack.factions)}")
    first = int(position.get("first_player", 0))
    players = [new_player(pack, seat, faction) for seat, faction in enumerate(factions)]
    for seat_key, overrides in position.get("players", {}).items():
        _no_unknown(overrides, {"influence", "dials"}, f"players.{seat_key}")
        player = players[int(seat_key)]
        player.influence = int(overrides.get("influence", player.influence))
        player.dials.update({r: int(v) for r, v in overrides.get("dials", {}).items()})
    placements = _placements(pack, position, first, factions, rng)
    areas = {a: Area(a) for a in Board(pack, placements).areas}
    if position.get("neutrals", "printed") == "printed":
        for area_id, area in areas.items():
            for unit, count in pack.areas[area_id].neutrals.items():
                area.add_units(None, unit, count)
    for area_id, spec in position.get("areas", {}).items():
        if area_id not in areas:
            raise InvalidAction(f"position.areas.{area_id}: no such area on this map (areas: {', '.join(sorted(areas))})")
        areas[area_id] = _area(pack, area_id, spec, state.seat_count)
    fate_deck = list(position.get("fate_deck", [c.id for c in pack.fate_cards]))
    unknown_cards = set(fate_deck) - {c.id for c in pack.fate_cards}
    if unknown_cards:
        raise InvalidAction(f"position.fate_deck: unknown fate cards {sorted(unknown_cards)}")
    state.board = RunewarsBoard(
        phase="setup.done",
        players=players,
        first_player=first,
        placements=placements,
        areas=areas,
        fate_deck=fate_deck,
        rune_supply=_rune_supply(pack, areas),
    )
    state.prompts = []


def _placements(pack: Pack, position: Mapping[str, Any], first: int, factions: list[str], rng) -> list[Placement]:
    if "placements" in position:
        placements = []
        for spec in position["placements"]:
            _no_unknown(spec, {"tile", "rotation", "q", "r"}, "placements")
            try:
                pack.tile(spec["tile"])
            except KeyError:
                raise InvalidAction(f"position.placements: unknown tile {spec['tile']!r}") from None
            placements.append(Placement(spec["tile"], int(spec.get("rotation", 0)), int(spec.get("q", 0)), int(spec.get("r", 0))))
        return placements
    normal = [t.id for t in pack.tiles if not t.is_home]
    rng.shuffle(normal)
    homes = [pack.faction(f).home_tile for f in factions]
    return auto_layout(pack, first, [normal[2 * i: 2 * i + 2] for i in range(len(factions))], homes, rng)


def _area(pack: Pack, area_id: str, spec: Mapping[str, Any], seats: int) -> Area:
    _no_unknown(spec, AREA_KEYS, f"areas.{area_id}")
    area = Area(area_id, city=spec.get("city"), activated_by=[int(s) for s in spec.get("activated_by", [])])
    for unit in spec.get("units", []):
        _no_unknown(unit, {"owner", "unit", "standing", "routed"}, f"areas.{area_id}.units")
        if unit.get("unit") not in pack.units:
            raise InvalidAction(f"position.areas.{area_id}: unknown unit {unit.get('unit')!r}")
        owner = None if unit.get("owner") == "neutral" else int(unit["owner"])
        area.stacks.append(Stack(owner, unit["unit"], int(unit.get("standing", 0)), int(unit.get("routed", 0))))
    if "stronghold" in spec:
        area.stronghold = Stronghold(int(spec["stronghold"]["owner"]), bool(spec["stronghold"].get("damaged", False)))
    if "rune" in spec:
        rune = spec["rune"]
        if rune.get("kind") not in ("dragon", "false"):
            raise InvalidAction(f"position.areas.{area_id}.rune.kind must be 'dragon' or 'false'")
        area.rune = Rune(rune["kind"] == "dragon", sorted(int(s) for s in rune.get("known_to", [])), bool(rune.get("face_up", False)))
    if area.city is not None and area.city not in {c.id for c in pack.city_tokens}:
        raise InvalidAction(f"position.areas.{area_id}: unknown city token {area.city!r}")
    if any(not 0 <= s < seats for s in area.activated_by) or any(s.owner is not None and not 0 <= s.owner < seats for s in area.stacks):
        raise InvalidAction(f"position.areas.{area_id}: a seat number is out of range")
    return area


def _rune_supply(pack: Pack, areas: Mapping[str, Area]) -> dict[str, int]:
    on_map = [a.rune for a in areas.values() if a.rune]
    return {
        "dragon": pack.rune_tokens.dragon - sum(r.dragon for r in on_map),
        "false": pack.rune_tokens.false - sum(not r.dragon for r in on_map),
    }


def _no_unknown(spec: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(spec) - allowed
    if unknown:
        raise InvalidAction(f"position.{where}: unknown keys {sorted(unknown)} (allowed: {sorted(allowed)})")
