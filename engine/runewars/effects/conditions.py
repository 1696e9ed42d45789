"""Conditions: what an objective card asks for (p. 30 „Zielkarten“), in a closed vocabulary.

An objective lists ``requires = [{check = "name", param = …}]``; every check must hold
at the moment its player claims it. Checks read only the board as it is: the areas a
player controls, the units they lead, their influence and titles. Like effects, every
check is registered with typed parameters (:func:`condition`) and the data checker
refuses unknown ones (:func:`condition_problems`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import GameState
from engine.runewars.control import control_map, home_realm_owner
from engine.runewars.data import Pack
from engine.runewars.effects import RecordSpec, type_check
from engine.runewars.map import geometry
from engine.runewars.state import RunewarsBoard

Check = Callable[..., bool]

CONDITIONS: dict[str, RecordSpec] = {}


def condition(name: str, **param_types: str) -> Callable[[Check], Check]:
    """Register ``fn(state, pack, seat, **params) -> bool`` as the check ``name``."""

    def register_fn(fn: Check) -> Check:
        CONDITIONS[name] = RecordSpec.of(name, fn, param_types)
        return fn

    return register_fn


def condition_problems(record: Any) -> list[str]:
    if not isinstance(record, dict):
        return [f"a condition is a table {{check = ..., ...}}, not {record!r}"]
    spec = CONDITIONS.get(record.get("check")) if isinstance(record.get("check"), str) else None
    if spec is None:
        return [f"unknown condition {record.get('check')!r}"]
    params = {k: v for k, v in record.items() if k != "check"}
    problems = [f"{spec.name}: unknown parameter {p!r}" for p in sorted(set(params) - set(spec.params))]
    problems += [f"{spec.name}: missing parameter {p!r}" for p in sorted(spec.required - set(params))]
    problems += [
        f"{spec.name}: parameter {p!r} should be {spec.params[p]}, not {v!r}"
        for p, v in params.items()
        if p in spec.params and not type_check(spec.params[p])(v)
    ]
    return problems


def holds(state: GameState, pack: Pack, seat: int, records: list[dict[str, Any]]) -> bool:
    return all(CONDITIONS[r["check"]].fn(state, pack, seat, **{k: v for k, v in r.items() if k != "check"}) for r in records)


# -- the checks --------------------------------------------------------------------------


def _controlled(board: RunewarsBoard, seat: int) -> list[str]:
    control = control_map(board)
    return [a for a, s in control.items() if s == seat]


@condition("areas", at_least="int", outside_home="bool")
def areas(state: GameState, pack: Pack, seat: int, at_least: int, outside_home: bool = False) -> bool:
    """You control ``at_least`` areas (outside your home realm)."""
    board: RunewarsBoard = state.board
    home = board.players[seat].home_areas if outside_home else []
    return len([a for a in _controlled(board, seat) if a not in home]) >= at_least


@condition("cities", at_least="int")
def cities(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    board: RunewarsBoard = state.board
    return len([a for a in _controlled(board, seat) if board.areas[a].city]) >= at_least


@condition("strongholds", at_least="int")
def strongholds(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    board: RunewarsBoard = state.board
    return sum(1 for a in board.areas.values() if a.stronghold is not None and a.stronghold.owner == seat) >= at_least


@condition("influence", at_least="int")
def influence(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    """Unspent influence (influence on titles is spent, p. 36)."""
    return state.board.players[seat].influence >= at_least


@condition("titles", at_least="int")
def titles(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    return sum(1 for t in state.board.titles.values() if t.holder == seat) >= at_least


@condition("allied_neutrals", at_least="int", types="int")
def allied_neutrals(state: GameState, pack: Pack, seat: int, at_least: int = 1, types: int = 1) -> bool:
    """You lead ``at_least`` allied neutral units, of ``types`` different unit types (p. 19)."""
    stacks = [s for a in state.board.areas.values() for s in a.stacks if s.owner is None and s.ally == seat and s.count]
    return sum(s.count for s in stacks) >= at_least and len({s.unit for s in stacks}) >= types


@condition("enemy_home_areas", at_least="int")
def enemy_home_areas(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    """You control ``at_least`` areas of other players' home realms."""
    board: RunewarsBoard = state.board
    return len([a for a in _controlled(board, seat) if home_realm_owner(board, a) not in (None, seat)]) >= at_least


@condition("units", at_least="int", in_one_area="bool")
def units(state: GameState, pack: Pack, seat: int, at_least: int, in_one_area: bool = False) -> bool:
    """Your own units on the board (allied neutrals not counted): in total, or in a single area."""
    counts = [a.units_of(seat) for a in state.board.areas.values()]
    return (max(counts, default=0) if in_one_area else sum(counts)) >= at_least


@condition("unit_types", at_least="int")
def unit_types(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    """Your units on the board are of ``at_least`` different types."""
    return len({s.unit for a in state.board.areas.values() for s in a.stacks if s.owner == seat and s.count}) >= at_least


@condition("border_areas", at_least="int")
def border_areas(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    """You control ``at_least`` areas next to an area another player controls."""
    board: RunewarsBoard = state.board
    control, adjacency = control_map(board), geometry(pack, board.placements).adjacency
    return (
        len([a for a, s in control.items() if s == seat and any(control[b] not in (None, seat) for b in adjacency[a])])
        >= at_least
    )


@condition("developments", at_least="int")
def developments(state: GameState, pack: Pack, seat: int, at_least: int) -> bool:
    board: RunewarsBoard = state.board
    return (
        sum(1 for a in board.areas.values() if a.development and a.stronghold is not None and a.stronghold.owner == seat)
        >= at_least
    )


@condition("dial", resource="resource", at_least="int")
def dial(state: GameState, pack: Pack, seat: int, resource: str, at_least: int) -> bool:
    return state.board.players[seat].dials.get(resource, 0) >= at_least
