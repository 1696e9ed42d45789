"""Cards in battle: the start-of-battle window (p. 21 step 3) and the battle effects.

p. 21 „Fähigkeiten zu Beginn eines Kampfes“: „Falls der Angreifer Taktikkarten oder
sonstige Fähigkeiten hat, die „zu Beginn eines Kampfes“ … benutzt werden können, muss er
sie jetzt benutzen … Anschließend hat der Verteidiger Gelegenheit …“. Only a player
fighting with his own units may play battle cards (p. 30); the player leading unallied
neutrals may not (p. 19).

At the start of every battle the lasting strength modifiers (engine.runewars.effects.
lasting) and the titles' battle effects apply first, then the attacker's window, then the
defender's. A battle card's effects act on the battle being fought: strength for the
card's side, routs, damage or a retreat the opposing side puts on its own units.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.banners.exploration import defensible_bonus
from engine.runewars.battle.frame import ATTACKER, SIDE_NAMES, Battle, BattleSide, Task
from engine.runewars.data import Pack
from engine.runewars.effects import applies_when, effect, running_card
from engine.runewars.effects.lasting import Lasting, add, total
from engine.runewars.effects.titles import battle_bonus
from engine.runewars.effects.windows import open_window
from engine.runewars.flow import top
from engine.runewars.state import RunewarsBoard


def start_of_battle(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 3: lasting modifiers and titles, then the attacker's and the defender's window."""
    board: RunewarsBoard = state.board
    for index, side in enumerate(frame.sides):
        modifier = "attacker_strength" if index == ATTACKER else "defender_strength"
        bonus = sum(e.amount for e in board.lasting_effects if e.modifier == modifier and e.until != "battle")
        if side.seat is not None:
            bonus += total(board, "strength", side.seat) + battle_bonus(board, pack, side.seat, index)
            if index != ATTACKER:  # Banners of War, Garrison: „im Kampf der Verteidiger … +2 Stärke“
                garrison = sum(
                    e.amount for e in board.lasting_effects if e.modifier == "defending_strength" and e.seat == side.seat
                )
                if garrison:
                    bonus += garrison
                    ctx.emit("garrison_defends", area=frame.area, seat=side.seat, strength=garrison)
        defensible = defensible_bonus(board, frame.area) if index != ATTACKER else 0
        if defensible:  # Banners of War, Defensible Area: „erhält der Verteidiger +1 Stärke“
            bonus += defensible
            ctx.emit("defensible_area_defends", area=frame.area, seat=side.seat, strength=defensible)
        if bonus:
            side.bonus += bonus
            ctx.emit("battle_bonus", area=frame.area, side=SIDE_NAMES[index], seat=side.seat, strength=bonus)
    seats = [side.seat for side in frame.sides if takes_part(side)]
    open_window(state, "battle_start", seats, {"area": frame.area, "attacker": frame.attacker, "defender": frame.defender})


def takes_part(side: BattleSide) -> bool:
    """p. 30: „mit eigenen Einheiten … am Kampf … beteiligt“; unallied neutrals' leader: never (p. 19)."""
    return side.seat is not None and side.may_play_tactics and any(f.owner == side.seat for f in side.fighters)


def _sides(state: GameState, seat: int) -> tuple[Battle, int] | None:
    battle = top(state, Battle)
    if battle is None:
        return None
    index = next((i for i, side in enumerate(battle.sides) if side.seat == seat), None)
    return None if index is None else (battle, index)


@effect("battle_strength", amount="int")
def battle_strength(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    """The card's side counts ``amount`` more strength in this battle."""
    battle, index = _sides(state, seat)
    battle.sides[index].bonus += amount
    add(state, Lasting(running_card(state), "strength", "battle", seat, amount, battle.area), ctx)


def _opponent_task(state: GameState, seat: int, what: str, points: int, only: dict) -> None:
    battle, index = _sides(state, seat)
    battle.tasks.append(Task("assign", 1 - index, what, points, only=only, why=running_card(state)))


@effect("battle_damage", points="int", shapes="list")
def battle_damage(state: GameState, pack: Pack, ctx: Context, seat: int, points: int, shapes: list[str] | None = None) -> None:
    """The opposing side puts ``points`` damage on its units (of ``shapes``, if it has any standing)."""
    _opponent_task(state, seat, "damage", points, {"shapes": list(shapes), "soft": True} if shapes else {})


@effect("battle_rout", points="int")
def battle_rout(state: GameState, pack: Pack, ctx: Context, seat: int, points: int) -> None:
    _opponent_task(state, seat, "rout", points, {})


@effect("battle_retreat", points="int")
def battle_retreat(state: GameState, pack: Pack, ctx: Context, seat: int, points: int = 1) -> None:
    """``points`` standing units of the opposing side leave the battle and retreat (as the Elves' Schutzgebiet, p. 33)."""
    _opponent_task(state, seat, "retreat", points, {})


for _name in ("battle_strength", "battle_damage", "battle_rout", "battle_retreat"):
    applies_when(_name)(lambda state, pack, seat, **params: _sides(state, seat) is not None)
