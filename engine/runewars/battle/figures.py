"""Participating figures: who fights for a side, and routing, damaging and eliminating them (p. 22).

Every change is mirrored in the area's stacks, so the board always shows what stands and
what lies. Figures of one type that have the same damage and are both standing (or both
routed) are interchangeable: choices name such a *class* (unit, damage, routed).
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.battle.frame import SIDE_NAMES, Battle, BattleSide, Fighter
from engine.runewars.data import Pack
from engine.runewars.state import Area, Stack


def belongs(stack: Stack, side: BattleSide) -> bool:
    """A side fights with its player's units and the neutrals allied with him, or with the unallied neutrals (p. 19)."""
    if side.seat is None:
        return stack.owner is None and stack.ally is None
    return stack.owner == side.seat or (stack.owner is None and stack.ally == side.seat)


def health(pack: Pack, side: BattleSide, fighter: Fighter) -> int:
    return side.health.get(fighter.unit, pack.unit(fighter.unit).health)


def standing(side: BattleSide, unit: str | None = None) -> list[Fighter]:
    return [f for f in side.fighters if not f.routed and (unit is None or f.unit == unit)]


def figure_class(fighter: Fighter) -> dict[str, object]:
    return {"unit": fighter.unit, "damage": fighter.damage, "routed": fighter.routed}


def classes(fighters: list[Fighter]) -> list[dict[str, object]]:
    """The distinct classes among ``fighters``, in a stable order."""
    out: list[dict[str, object]] = []
    for fighter in fighters:
        if figure_class(fighter) not in out:
            out.append(figure_class(fighter))
    return out


def in_class(fighters: list[Fighter], cls: dict[str, object]) -> Fighter | None:
    return next((f for f in fighters if figure_class(f) == cls), None)


def counts(fighters: list[Fighter]) -> dict[str, int]:
    out: dict[str, int] = {}
    for fighter in fighters:
        out[fighter.unit] = out.get(fighter.unit, 0) + 1
    return out


def _stack(area: Area, fighter: Fighter) -> Stack:
    """The stack holding ``fighter``: same owner, unit and alliance, with a figure lying or standing like it."""
    return next(
        s
        for s in area.stacks
        if (s.owner, s.unit, s.ally) == (fighter.owner, fighter.unit, fighter.ally)
        and (s.routed if fighter.routed else s.standing)
    )


def rout(state: GameState, frame: Battle, index: int, fighter: Fighter, ctx: Context, why: str) -> None:
    stack = _stack(state.board.areas[frame.area], fighter)
    stack.standing -= 1
    stack.routed += 1
    fighter.routed = True
    ctx.emit("battle_routed", area=frame.area, side=SIDE_NAMES[index], seat=frame.sides[index].seat, unit=fighter.unit, why=why)


def damage(state: GameState, pack: Pack, frame: Battle, index: int, fighter: Fighter, ctx: Context, why: str) -> bool:
    """One damage point; the figure is eliminated when its damage reaches its health. True if it survives."""
    fighter.damage += 1
    side = frame.sides[index]
    survives = fighter.damage < health(pack, side, fighter)
    ctx.emit(
        "battle_damaged",
        area=frame.area,
        side=SIDE_NAMES[index],
        seat=side.seat,
        unit=fighter.unit,
        damage=fighter.damage,
        eliminated=not survives,
        why=why,
    )
    if not survives:
        eliminate(state, frame, index, fighter, ctx, why, announce=False)
    return survives


def eliminate(
    state: GameState, frame: Battle, index: int, fighter: Fighter, ctx: Context, why: str, *, announce: bool = True
) -> None:
    """The figure goes back to its owner's supply and its damage tokens are removed (p. 22)."""
    area = state.board.areas[frame.area]
    stack = _stack(area, fighter)
    if fighter.routed:
        stack.routed -= 1
    else:
        stack.standing -= 1
    area.remove_empty_stacks()
    frame.sides[index].fighters.remove(fighter)
    if announce:
        ctx.emit(
            "battle_eliminated", area=frame.area, side=SIDE_NAMES[index], seat=frame.sides[index].seat, unit=fighter.unit, why=why
        )


def add_fighter(state: GameState, frame: Battle, index: int, owner: int | None, unit: str) -> None:
    """A figure joins the battle standing (a Necromancer's Zombie)."""
    state.board.areas[frame.area].add_units(owner, unit, 1)
    frame.sides[index].fighters.append(Fighter(frame.next_fighter, owner, unit))
    frame.next_fighter += 1
