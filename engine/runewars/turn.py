"""A player's turn (p. 15 „Spielzug“, digest §3): resolving their order card.

"During your turn" is immediately before, during or immediately after resolving the
order. The turn therefore has a window before and after the order (tactics cards,
claiming an objective, trading rewards: the card-effects and heroes issues add their
choices there). The window asks the player only when they hold a card; with an empty
hand and no objective, which the whole table can see, it passes by itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, top
from engine.runewars.orders import order_frame
from engine.runewars.state import RunewarsBoard

WINDOW_CHOICE = {"before": "proceed", "after": "end_turn"}


@register
@dataclass
class Turn:
    seat: int
    order: int
    bonus: bool
    step: str = "before"
    #: battles started by this order card (Mobilize's bonus never starts a second, p. 33)
    battles: int = 0


@procedure(Turn)
def _advance_turn(state: GameState, pack: Pack, frame: Turn, ctx: Context) -> bool:
    if frame.step in WINDOW_CHOICE:
        if frame.step == "before":
            ctx.emit("turn_began", seat=frame.seat, order=pack.order(frame.order).id, number=frame.order, bonus=frame.bonus)
        _open_window(state, frame)
    elif frame.step == "order":
        frame.step = "after"
        push(state, order_frame(pack, frame.order, frame.seat, frame.bonus))
    else:
        ctx.emit("turn_ended", seat=frame.seat)
        return True
    return False


def _open_window(state: GameState, frame: Turn) -> None:
    board: RunewarsBoard = state.board
    player = board.players[frame.seat]
    pid = f"y{board.year}/{board.season}/turn/{frame.seat}/{frame.step}"
    choice = WINDOW_CHOICE[frame.step]
    holds_cards = bool(player.tactics) or player.objective is not None
    forced = None if holds_cards else Action(frame.seat, pid, choice)
    state.open([Prompt(pid, frame.seat, "turn_window", info={"window": frame.step, "order": frame.order}, forced=forced)])


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, WINDOW_CHOICE[prompt.info["window"]])]


@prompt_kind("turn_window", choices=set(WINDOW_CHOICE.values()), legal=_legal)
def close_window(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    window = prompt.info["window"]
    if action.choice != WINDOW_CHOICE[window]:
        raise IllegalAction(
            "Resolve your order before ending your turn." if window == "before" else "Your order is resolved; end your turn.",
            rule="p. 15 (Spielzug)",
            alternatives=_legal(state, pack, prompt),
        )
    frame = top(state, Turn)
    frame.step = "order" if window == "before" else "done"
    state.close(prompt.id)
