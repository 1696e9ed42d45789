"""Objective cards (p. 30 „Zielkarten“) and the cards dealt at setup (p. 8 steps 7 and 12).

„Wenn ein Spieler zu irgendeinem Zeitpunkt seines Spielzuges die Bedingungen seiner
Zielkarte erfüllt, kann er sie ablegen, um eine Drachenrune zu erhalten.“ The claim is a
choice of the turn's windows and, during the order, of any prompt the active player alone is
asked (engine.runewars.turn, ruling R40): the card's ``requires`` must hold
(engine.runewars.effects.conditions); it is revealed, discarded, and its player takes a
dragon rune (engine.runewars.runes.RuneGain). A claimed objective is not replaced.

Setup: every player receives the tactics cards of his faction sheet (step 7, before his
stronghold, units and runes of step 8) and, last of all, one objective of his faction's
alignment, from the good or the evil deck (step 12, after the starting heroes of step 9).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Context, GameState, register, seats_from
from engine.runewars import cards
from engine.runewars.data import Pack
from engine.runewars.effects.common import card
from engine.runewars.effects.conditions import holds
from engine.runewars.flow import procedure, push
from engine.runewars.runes import RuneGain
from engine.runewars.state import Deck, RunewarsBoard

RULE = "p. 30 (Zielkarten): claimed at any moment of your turn, when its conditions are met"


def objective_deck(pack: Pack, seat_faction: str) -> str:
    return f"objectives.{pack.faction(seat_faction).alignment}"


def claimable(state: GameState, pack: Pack, seat: int) -> bool:
    objective = state.board.players[seat].objective
    return objective is not None and holds(
        state, pack, seat, [dict(r) for r in card(pack, objective, "objective").attrs.get("requires", ())]
    )


def claim(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """Reveal and discard the objective; its player takes a dragon rune (pushed: it runs when the runner goes on)."""
    board: RunewarsBoard = state.board
    player = board.players[seat]
    objective, player.objective = player.objective, None
    board.decks.setdefault(objective_deck(pack, player.faction), Deck()).discard.append(objective)
    ctx.emit("objective_claimed", seat=seat, card=objective)
    push(state, RuneGain(seat, why="objective"))


def deal_starting_tactics(state: GameState, pack: Pack, ctx: Context) -> None:
    """Setup step 7, in seat order from the first player: the tactics cards of each faction sheet."""
    board: RunewarsBoard = state.board
    for seat in seats_from(board.first_player, len(board.players)):
        cards.draw_tactics(board, seat, pack.faction(board.players[seat].faction).start_tactics, ctx)


@register
@dataclass
class StartingObjectives:
    """Setup step 12, the last (p. 8): one objective each, in seat order from the first player, once the
    starting heroes stand (step 9 runs on top of this frame)."""


@procedure(StartingObjectives)
def _deal_objectives(state: GameState, pack: Pack, frame: StartingObjectives, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    for seat in seats_from(board.first_player, len(board.players)):
        player = board.players[seat]
        dealt = cards.draw(board, objective_deck(pack, player.faction), 1, ctx.rng)
        if dealt:
            player.objective = dealt[0]
            ctx.emit("objective_dealt", seat=seat)
            ctx.emit("your_objective", to=seat, card=dealt[0])
    return True
