"""Checks after every step of the game for heroes (engine.runewars.flow.after_every_step).

- p. 30 „Drachenrunen anschauen“: a player may look at the rune of every area where he
  has a hero, enemy areas explicitly included. He learns it at once (privately) and keeps
  that knowledge like the runes of his own areas (engine/runewars/runes.py).
- p. 31 „Eliminierung von Spielern“: an eliminated player's heroes leave the board; his
  hero and reward cards are shuffled back into their decks.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import cards
from engine.runewars.data import Pack
from engine.runewars.flow import after_every_step
from engine.runewars.heroes import HERO_DECK, REWARD_DECK, public_hero
from engine.runewars.runes import kind
from engine.runewars.state import RunewarsBoard


@after_every_step
def heroes_see_runes(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    for hero in board.heroes:
        rune = board.areas[hero.area].rune if hero.area in board.areas else None
        if rune is None or rune.face_up or hero.owner in rune.known_to:
            continue
        rune.known_to = sorted(rune.known_to + [hero.owner])
        rune.last_known.pop(hero.owner, None)
        ctx.emit("rune_seen", to=hero.owner, area=hero.area, rune=kind(rune), why="hero")


@after_every_step
def eliminated_players_heroes(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    gone = [h for h in board.heroes if board.players[h.owner].eliminated]
    for hero in gone:
        board.heroes.remove(hero)
        cards.shuffle_in(board, HERO_DECK, [hero.card], ctx.rng)
        cards.shuffle_in(board, REWARD_DECK, list(hero.rewards), ctx.rng)
        board.face_up_rewards = [r for r in board.face_up_rewards if r not in hero.rewards]
        ctx.emit("hero_removed", **public_hero(hero), why="eliminated")
