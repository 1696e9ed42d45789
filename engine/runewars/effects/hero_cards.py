"""Season and tactics effects on heroes (pp. 25-28), through the heroes' own rules (engine.runewars.heroes).

- ``heroes_disloyal``: p. 28 „Untreue tritt ein, falls ein Held nicht die gleiche
  Gesinnung hat wie die Fraktion seines Spielers und eine bestimmte Jahreszeiten- oder
  Taktikkarte ausgeführt wird“: every such hero of the players concerned leaves; a title
  with ``heroes_loyal`` (Kapitän der Heldenliga, p. 28) protects its holder's heroes.
- ``wound_hero``: damage to another player's hero near the card's player's units; a hero
  defeated so leaves a defeated-hero token (p. 28, „anderweitig besiegt“).
- ``heal_hero``: one of the player's heroes loses all its damage.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.data import Pack
from engine.runewars.effects import applies_when, effect, running_card
from engine.runewars.effects.common import aimed_at, ask, chosen
from engine.runewars.effects.titles import heroes_loyal
from engine.runewars.heroes import disloyal_candidates, find, heroes_of, make_disloyal, wound
from engine.runewars.map import geometry
from engine.runewars.state import RunewarsBoard


@effect("heroes_disloyal", who="seat")
def heroes_disloyal(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "each") -> None:
    board: RunewarsBoard = state.board
    for target in aimed_at(state, pack, seat, who):
        if heroes_loyal(board, pack, target):
            ctx.emit("heroes_kept_loyal", seat=target, why=running_card(state))
            continue
        for hero in disloyal_candidates(pack, board, target):
            make_disloyal(state, hero, ctx, why=running_card(state))


def _near(state: GameState, pack: Pack, seat: int) -> set[str]:
    board: RunewarsBoard = state.board
    adjacency = geometry(pack, board.placements).adjacency
    mine = {a for a, area in board.areas.items() if area.units_of(seat)}
    return mine | {b for a in mine for b in adjacency[a]}


def _wound_targets(state: GameState, pack: Pack, seat: int) -> list[dict]:
    near = _near(state, pack, seat)
    return [{"hero": h.card} for h in state.board.heroes if h.owner != seat and h.area in near]


@effect("wound_hero", amount="int")
def wound_hero(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    ask(state, seat, "wound_hero", {"amount": amount}, _wound_targets(state, pack, seat), card=running_card(state))


@chosen("wound_hero")
def _wound(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, amount: int) -> None:
    hero = find(state.board, answer["hero"])
    if hero is not None:
        wound(state, pack, hero, amount, ctx, why=running_card(state))


@applies_when("wound_hero")
def _hero_near(state: GameState, pack: Pack, seat: int, amount: int) -> bool:
    return bool(_wound_targets(state, pack, seat))


@effect("heal_hero", who="seat")
def heal_hero(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self") -> None:
    for target in reversed(aimed_at(state, pack, seat, who)):
        options = [{"hero": h.card} for h in heroes_of(state.board, target) if h.damage]
        ask(state, target, "heal_hero", {}, options, card=running_card(state))


@chosen("heal_hero")
def _heal(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    hero = find(state.board, answer["hero"])
    healed, hero.damage = hero.damage, 0
    ctx.emit("hero_healed", hero=hero.card, owner=seat, area=hero.area, amount=healed, why=running_card(state))


@applies_when("heal_hero")
def _hurt_hero(state: GameState, pack: Pack, seat: int, who: object = "self") -> bool:
    return any(h.damage for h in heroes_of(state.board, seat))
