"""The board state of a Seventh Stone game and the economy (digest §5, §13): income, upkeep, tear
stones, control changes with their immediate transfers and the shortfall that forces disbanding.

Resources are kept as ``storage`` (on the sheet), ``spent`` (on production and market fields this
year; they return next year) and one per regular unit on the army tokens; ``debt`` is a shortfall
still to be disbanded. Invariant: storage + spent + regulars - debt == income.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Context, register
from engine.seventhstone.board import CONTROLLABLE, YIELD
from engine.seventhstone.pack import Pack

PEOPLES = ("orc", "dwarf", "elf", "human")
PEOPLE_NAMES = {"orc": "Orcs", "dwarf": "Dwarves", "elf": "Elves", "human": "Humans"}
UNIT_TYPES = ("melee", "ranged", "cavalry")
GOODS = ("building", "melee", "ranged", "cavalry")
MARKETS = ("mercenaries", "equipment", "movement", "tournament")
BUILDINGS = ("barracks", "manufactory", "wall")


@register
@dataclass
class StoneBoard:
    ncols: int
    cells: dict[str, dict[str, Any]]
    gaps: list[int]
    people: list[str | None]
    order: list[int] = field(default_factory=list)
    year: int = 0
    phase: str = "people"
    step: int = 0
    storage: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    debt: list[int] = field(default_factory=list)
    control: dict[str, int] = field(default_factory=dict)
    capitals: dict[str, int] = field(default_factory=dict)
    buildings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    armies: list[dict[str, Any]] = field(default_factory=list)
    next_army: int = 1
    unit_max: int = 4
    round_counter: int = 0
    tstones: list[int] = field(default_factory=list)
    ts_perm: list[int] = field(default_factory=list)
    lost_stone: int | None = None
    stacks: list[list[int]] = field(default_factory=list)
    offer: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    goods: list[dict[str, int]] = field(default_factory=list)
    mercs: list[int] = field(default_factory=list)
    alloc: list[dict[str, int]] = field(default_factory=list)
    sealed: list[bool] = field(default_factory=list)
    revealed: list[dict[str, int]] | None = None
    event: str | None = None
    volcano: list[str] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    recruited: dict[str, int] = field(default_factory=dict)
    defenders: dict[str, int] = field(default_factory=dict)
    supports: dict[str, str] = field(default_factory=dict)
    resolved: list[str] = field(default_factory=list)
    battle: dict[str, Any] | None = None
    draft: dict[str, Any] | None = None
    picks: dict[str, Any] = field(default_factory=dict)
    done: list[int] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    #: capital -> the year its current controller conquered it (its barracks recruit from the next year)
    captured: dict[str, int] = field(default_factory=dict)


def count(board: StoneBoard, key: str, n: int = 1) -> None:
    board.stats[key] = board.stats.get(key, 0) + n


# -------------------------------------------------------------------------------- reading


def army_at(board: StoneBoard, cell: str, owner: int) -> dict[str, Any] | None:
    return next((a for a in board.armies if a["cell"] == cell and a["owner"] == owner), None)


def armies_at(board: StoneBoard, cell: str) -> list[dict[str, Any]]:
    return [a for a in board.armies if a["cell"] == cell]


def army_by_id(board: StoneBoard, army_id: int) -> dict[str, Any] | None:
    return next((a for a in board.armies if a["id"] == army_id), None)


def units(army: dict[str, Any]) -> int:
    return int(army["reg"] + army["merc"])


def regulars(board: StoneBoard, seat: int) -> int:
    return sum(a["reg"] for a in board.armies if a["owner"] == seat)


def field_value(board: StoneBoard, cell: str, options: dict[str, Any], pack: Pack) -> int:
    """What a controlled field yields (digest §5; advanced terrain §16.1)."""
    kind = board.cells[cell]["kind"]
    if kind not in YIELD:
        return 0
    if options.get("advanced_terrain"):
        return int(pack.rules["advanced"][f"{kind}_rs"])
    return pack.econ("field_rs")


def source_value(board: StoneBoard, cell: str, options: dict[str, Any], pack: Pack) -> int:
    """The resources a field brings its controller: the field, a capital, its manufactories."""
    value = field_value(board, cell, options, pack)
    if cell in board.capitals:
        value += pack.econ("capital_rs")
    value += pack.econ("manufactory_rs") * sum(1 for b in board.buildings.get(cell, []) if b["type"] == "manufactory")
    return value


def income(board: StoneBoard, seat: int, options: dict[str, Any], pack: Pack) -> int:
    return sum(source_value(board, c, options, pack) for c, s in board.control.items() if s == seat)


def tear_stones(board: StoneBoard, seat: int) -> int:
    """Capitals 3, temples 1, tournament wins and the lost stone (digest §13)."""
    total = board.ts_perm[seat]
    for cell, owner in board.control.items():
        if owner != seat:
            continue
        if cell in board.capitals:
            total += 3
        if board.cells[cell]["kind"] == "temple":
            total += 1
    return total


def conflict_cells(board: StoneBoard) -> list[str]:
    """Fields where armies of two players stand, or an army stands on another player's capital
    (the city guard defends it, ruling R7)."""
    owners: dict[str, set[int]] = {}
    for a in board.armies:
        owners.setdefault(a["cell"], set()).add(a["owner"])
    found = []
    for cell, seats in owners.items():
        ctrl = board.control.get(cell)
        if len(seats) >= 2 or (cell in board.capitals and ctrl is not None and ctrl not in seats):
            found.append(cell)
    return sorted(found)


def in_field(board: StoneBoard, cell: str) -> dict[int, int]:
    """Units per seat in a field, the city guard counted for the capital's controller when attacked."""
    got: dict[int, int] = {}
    for a in armies_at(board, cell):
        got[a["owner"]] = got.get(a["owner"], 0) + units(a)
    return got


# -------------------------------------------------------------------------------- changes


def gain(board: StoneBoard, seat: int, value: int) -> None:
    board.storage[seat] += value


def lose(board: StoneBoard, seat: int, value: int) -> None:
    """A lost source: its resources leave the sheet (storage, then the production and market fields);
    what the sheet cannot pay is a debt the owner disbands regular units for (digest §5)."""
    take = min(value, board.storage[seat])
    board.storage[seat] -= take
    rest = value - take
    take = min(rest, board.spent[seat])
    board.spent[seat] -= take
    rest -= take
    board.debt[seat] += rest


def set_control(board: StoneBoard, cell: str, seat: int | None, options: dict[str, Any], pack: Pack, ctx: Context) -> None:
    """Control of ``cell`` passes to ``seat`` with its buildings: resources and tear stones move at once."""
    old = board.control.get(cell)
    if old == seat or board.cells[cell]["kind"] not in CONTROLLABLE:
        return
    value = source_value(board, cell, options, pack)
    if old is not None:
        lose(board, old, value)
    if seat is None:
        board.control.pop(cell, None)
    else:
        board.control[cell] = seat
        gain(board, seat, value)
    if cell in board.capitals and old is not None and seat is not None:
        count(board, "capitals_captured")
        board.captured[cell] = board.year
    ctx.emit(
        "control",
        cell=cell,
        seat=seat,
        previous=old,
        resources=value,
        capital=cell in board.capitals,
        temple=board.cells[cell]["kind"] == "temple",
    )


def remove_army(board: StoneBoard, army: dict[str, Any]) -> None:
    board.armies = [a for a in board.armies if a["id"] != army["id"]]


def kill_unit(board: StoneBoard, army: dict[str, Any], unit: str) -> None:
    """A unit leaves play: a regular's resource returns to storage, a mercenary to the pile."""
    if unit == "regular":
        army["reg"] -= 1
        board.storage[army["owner"]] += 1
    else:
        army["merc"] -= 1
