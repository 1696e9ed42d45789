"""Player order, the active player and the bonus rule (pp. 12, 15, 31; digest §5.4, §10.10).

The :class:`Turn` frame is here, not with its procedure in engine.runewars.turn, so that the
card effects can ask who the active player is (:func:`active_player`) without importing the
turn, which opens their windows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import GameState, register
from engine.runewars.data import Pack
from engine.runewars.flow import top
from engine.runewars.state import RunewarsBoard


@register
@dataclass
class Turn:
    """A player's turn: resolving his order card (p. 15 „Spielzug“; engine.runewars.turn advances it)."""

    seat: int
    order: int
    bonus: bool
    step: str = "before"
    #: battles started by this order card (Mobilize's bonus never starts a second, p. 33)
    battles: int = 0
    #: the turn has begun (announced, the others' ``rival_turn`` window opened)
    begun: bool = False


def active_player(state: GameState) -> int | None:
    """The player resolving his order card (p. 15 „Aktiver Spieler“), or None."""
    turn = top(state, Turn)
    return None if turn is None else turn.seat


def player_order(board: RunewarsBoard, pack: Pack, order_numbers: Mapping[int, int] | None = None) -> list[int]:
    """Seats still playing, in player order (p. 31, digest §10.10).

    1. the lowest order number first; 2. tied, or no order cards revealed: most influence;
    3. still tied: most starting influence (the faction sheet's value).
    """
    numbers = order_numbers or {}

    def key(seat: int) -> tuple[int, int, int]:
        player = board.players[seat]
        return (numbers.get(seat, 0), -player.influence, -pack.faction(player.faction).start_influence)

    return sorted((p.seat for p in board.players if not p.eliminated), key=key)


def current_player_order(board: RunewarsBoard, pack: Pack) -> list[int]:
    """This season's player order once its orders are revealed, else the previous season's (p. 11)."""
    return player_order(board, pack, board.current_orders or board.previous_orders)


def earns_bonus(played_earlier_this_year: list[int], number: int) -> bool:
    """p. 12: the bonus only when the card is the highest order number played this year so far."""
    return all(number > earlier for earlier in played_earlier_this_year)


def left_of_active(board: RunewarsBoard, seat: int) -> int:
    """The next player to the left of ``seat`` still in the game (p. 19: they decide for unallied neutrals)."""
    count = len(board.players)
    return next((seat + i) % count for i in range(1, count + 1) if not board.players[(seat + i) % count].eliminated)
