"""A player's turn (p. 15 „Spielzug“, digest §3): resolving their order card.

"During your turn" is immediately before, during or immediately after resolving the
order. The turn therefore has a window before and after the order: the active player may
play "during your turn" tactics cards, claim his objective (p. 30) and let his heroes use
rewards, trade them or pick them up (pp. 27-28, engine.runewars.heroes.turn_actions) there.
The window asks the player only when one of these is possible; with an empty hand, no
objective and no hero able to act, which the whole table can see, it passes by itself.

The objective may also be claimed *during* the order (p. 30 „zu irgendeinem Zeitpunkt seines
Spielzuges“, ruling R40): whenever the active player alone is asked something in his turn
and his objective's conditions hold, ``claim`` is offered beside that prompt's answers. The
prompt is set aside (:class:`SetAside`), the objective is claimed and its dragon rune placed,
and the same prompt opens again.

Before the active player's first window, the other players holding tactics cards get the
``rival_turn`` window ("when another player begins a turn", engine.runewars.effects.windows).
A lasting ``no_bonus`` effect takes the order's bonus away. The :class:`Turn` frame is
defined in engine.runewars.turn_order.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.effects.lasting import active
from engine.runewars.effects.objectives import RULE as OBJECTIVE_RULE
from engine.runewars.effects.objectives import claim, claimable
from engine.runewars.effects.windows import open_window, play, playable
from engine.runewars.flow import beside_every_prompt, procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes.turn_actions import RULE as HEROES_RULE
from engine.runewars.heroes.turn_actions import may_act as heroes_may_act
from engine.runewars.heroes.turn_actions import start_hero_turn
from engine.runewars.orders import order_frame
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import Turn, current_player_order

WINDOW_CHOICE = {"before": "proceed", "after": "end_turn"}
#: ``fn(state, pack, seat) -> bool``: more the active player may do in his windows (Banners of War, Road to Victory:
#: proving his dragon runes, engine.runewars.banners.road_to_victory), so the window asks him
WINDOW_CHOICES: list = []


@procedure(Turn)
def _advance_turn(state: GameState, pack: Pack, frame: Turn, ctx: Context) -> bool:
    if not frame.begun:
        frame.begun = True
        if frame.bonus and active(state.board, "no_bonus"):
            frame.bonus = False
            ctx.emit("bonus_lost", seat=frame.seat, why="lasting")
        ctx.emit("turn_began", seat=frame.seat, order=pack.order(frame.order).id, number=frame.order, bonus=frame.bonus)
        rivals = [s for s in current_player_order(state.board, pack) if s != frame.seat]
        if open_window(state, "rival_turn", rivals, {"active": frame.seat, "order": frame.order}):
            return False
    if frame.step in WINDOW_CHOICE:
        _open_window(state, pack, frame)
    elif frame.step == "order":
        frame.step = "after"
        push(state, order_frame(pack, frame.order, frame.seat, frame.bonus))
    else:
        ctx.emit("turn_ended", seat=frame.seat)
        return True
    return False


def _open_window(state: GameState, pack: Pack, frame: Turn) -> None:
    board: RunewarsBoard = state.board
    player = board.players[frame.seat]
    pid = season_id(board, "turn", frame.seat, frame.step)
    choice = WINDOW_CHOICE[frame.step]
    may_choose = bool(player.tactics) or player.objective is not None or heroes_may_act(state, pack, frame.seat)
    may_choose = may_choose or any(more(state, pack, frame.seat) for more in WINDOW_CHOICES)
    forced = None if may_choose else Action(frame.seat, pid, choice)
    state.open([Prompt(pid, frame.seat, "turn_window", info={"window": frame.step, "order": frame.order}, forced=forced)])


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    seat = prompt.seat
    plays = [Action(seat, prompt.id, "play", {"card": c}) for c in playable(state, pack, seat, "turn")]
    claims = [Action(seat, prompt.id, "claim")] if claimable(state, pack, seat) else []
    heroes = [Action(seat, prompt.id, "heroes")] if heroes_may_act(state, pack, seat) else []
    return plays + claims + heroes + [Action(seat, prompt.id, WINDOW_CHOICE[prompt.info["window"]])]


@prompt_kind("turn_window", choices=set(WINDOW_CHOICE.values()) | {"play", "claim", "heroes"}, legal=_legal)
def close_window(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    window = prompt.info["window"]
    if action.choice == "play":  # the window opens again once the card is resolved
        play(state, pack, ctx, action.seat, action.args.get("card"), "turn", _legal(state, pack, prompt))
        state.close(prompt.id)
        return
    if action.choice == "claim":
        if not claimable(state, pack, action.seat):
            raise IllegalAction(
                N_("You hold no objective whose conditions are met now."),
                rule=OBJECTIVE_RULE,
                alternatives=_legal(state, pack, prompt),
            )
        claim(state, pack, ctx, action.seat)
        state.close(prompt.id)
        return
    if action.choice == "heroes":  # rewards, trades, pick-ups (p. 27-28); the window opens again after
        if not heroes_may_act(state, pack, action.seat):
            raise IllegalAction(
                N_("None of your heroes has anything to do now."), rule=HEROES_RULE, alternatives=_legal(state, pack, prompt)
            )
        start_hero_turn(state, action.seat)
        state.close(prompt.id)
        return
    if action.choice != WINDOW_CHOICE[window]:
        raise IllegalAction(
            N_("Resolve your order before ending your turn.")
            if window == "before"
            else N_("Your order is resolved; end your turn."),
            rule="p. 15 (Spielzug)",
            alternatives=_legal(state, pack, prompt),
        )
    frame = top(state, Turn)
    frame.step = "order" if window == "before" else "done"
    state.close(prompt.id)


# -- claiming the objective during the order (p. 30, ruling R40) ---------------------------------


@register
@dataclass
class SetAside:
    """A prompt of the active player set aside while his objective is claimed; it opens again once the rune is placed."""

    prompt: Prompt


@procedure(SetAside)
def _reopen(state: GameState, pack: Pack, frame: SetAside, ctx: Context) -> bool:
    state.open([frame.prompt])
    return True


def claim_offered(state: GameState, pack: Pack, prompt: Prompt) -> bool:
    """In his turn, beside a prompt the active player alone is asked (not a forced one), when the objective's
    conditions hold (the turn's windows accept ``claim`` themselves, so it is not added there)."""
    turn = top(state, Turn)
    return (
        turn is not None
        and prompt.seat == turn.seat
        and prompt.forced is None
        and len(state.prompts) == 1
        and claimable(state, pack, prompt.seat)
    )


@beside_every_prompt("claim", claim_offered)
def claim_beside(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    state.close(prompt.id)
    push(state, SetAside(prompt))
    claim(state, pack, ctx, action.seat)
