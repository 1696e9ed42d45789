"""Playing tactics cards, and the windows in which they may be played (p. 30 „Taktikkarten“, p. 21 step 3).

Every tactics card names its window (``timing``):

- ``turn``: during your turn (p. 15: „direkt vor, direkt nach oder während der Ausführung
  seiner aktiven Befehlskarte“): in the turn's windows before and after the order
  (engine.runewars.turn);
- ``rival_turn``: when another player begins a turn, before his order is resolved;
- ``battle_start``: at the start of a battle, the attacker first, then the defender (p. 21);
  the attacker may play his "during your turn" cards there too („die „zu Beginn eines
  Kampfes“ oder während seines Zuges benutzt werden können“);
- ``season``: when a season card is drawn, before its text is resolved;
- ``duel_start``, ``quest_phase``: at the start of a duel, in the quest phase (opened by the
  heroes' code with :func:`open_window`).

A card may not be played in the season it was drawn (p. 30), nor while a lasting
``no_tactics`` effect holds; battle and duel cards only by a player taking part with his
own units or hero (p. 30). A played card is shown to all, discarded, and its effects
resolve (engine.runewars.effects).

A window (:class:`Window`) asks its seats one after another; a seat may play several
cards and then passes. Whether a window asks a seat depends only on public facts (the
seat takes part, holds at least one tactics card, no ``no_tactics`` effect), never on
which cards it holds, so that the game waiting for a seat says nothing about its hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.effects import applies, resolve_effects
from engine.runewars.effects.common import card, card_effects
from engine.runewars.effects.lasting import active
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.state import Deck, RunewarsBoard
from engine.runewars.turn_order import active_player

TIMINGS = ("turn", "rival_turn", "battle_start", "season", "duel_start", "quest_phase")
RULE = "p. 30 (Taktikkarten)"
RULE_OWN_TURN = (
    RULE + "; p. 15 (Spielzug): a card „während des eigenen Spielzuges“ is used „direkt vor, direkt nach oder "
    "während der Ausführung seiner aktiven Befehlskarte“, not in another player's turn"
)


def season_label(board: RunewarsBoard) -> str:
    return f"{board.year}/{board.season}"


def why_not_playable(state: GameState, pack: Pack, seat: int, card_id: str, timing: str) -> str | None:
    """Why ``seat`` cannot play ``card_id`` in a window of ``timing`` now (None: it can)."""
    board: RunewarsBoard = state.board
    player = board.players[seat]
    if card_id not in player.tactics:
        return N_("{card} is not in your hand.", card=card_id)
    if active(board, "no_tactics"):
        return N_("No tactics card may be played now (a lasting card effect).")
    wanted = card(pack, card_id, "tactics_card").attrs.get("timing")
    during_own_turn = timing == "battle_start" and wanted == "turn" and active_player(state) == seat  # p. 21 step 3
    if wanted != timing and not during_own_turn:
        return N_("{card} is played at another moment ({window}), not now ({now}).", card=card_id, window=wanted, now=timing)
    if player.tactics_drawn.get(card_id) == season_label(board):
        return N_("A tactics card may not be played in the season it was drawn (p. 30).")
    records = card_effects(pack, card_id, "tactics_card")
    if records and not applies(state, pack, seat, records[0]):
        return N_("{card_id} would have nothing to act on now.", card_id=card_id)
    return None


def playable(state: GameState, pack: Pack, seat: int, timing: str) -> list[str]:
    hand = state.board.players[seat].tactics
    return [c for c in dict.fromkeys(hand) if why_not_playable(state, pack, seat, c, timing) is None]


def play(
    state: GameState,
    pack: Pack,
    ctx: Context,
    seat: int,
    card_id: Any,
    timing: str,
    alternatives: list[Action],
    context: dict[str, Any] | None = None,
) -> None:
    """``seat`` plays ``card_id``: shown to all, discarded, its effects pushed (they resolve when the runner goes on).

    ``context``: the window's public context, handed to the effects as their memo.
    """
    if not isinstance(card_id, str):
        raise InvalidAction(N_("play needs 'card': a tactics card id"))
    problem = why_not_playable(state, pack, seat, card_id, timing)
    if problem is not None:
        own_turn_card = (
            card_id in state.board.players[seat].tactics and card(pack, card_id, "tactics_card").attrs.get("timing") == "turn"
        )
        rule = RULE_OWN_TURN if own_turn_card and timing not in ("turn", "battle_start") else RULE
        raise IllegalAction(problem, rule=rule, alternatives=alternatives[:10])
    board: RunewarsBoard = state.board
    player = board.players[seat]
    player.tactics.remove(card_id)
    player.tactics_drawn.pop(card_id, None)
    board.decks.setdefault("tactics", Deck()).discard.append(card_id)
    ctx.emit("tactics_played", seat=seat, card=card_id, window=timing)
    resolve_effects(state, pack, ctx, seat, card_effects(pack, card_id, "tactics_card"), card=card_id, memo=context)


def may_be_asked(state: GameState, seat: int) -> bool:
    """Public facts only: the seat plays on and holds a tactics card, and no effect forbids them."""
    board: RunewarsBoard = state.board
    player = board.players[seat]
    return not player.eliminated and bool(player.tactics) and not active(board, "no_tactics")


# -- windows ---------------------------------------------------------------------------------


@register
@dataclass
class Window:
    """A window of ``timing`` for ``seats`` in order; ``info``: public context (area, active player …)."""

    timing: str
    seats: list[int]
    info: dict[str, Any] = field(default_factory=dict)
    at: int = 0


def open_window(state: GameState, timing: str, seats: list[int], info: dict[str, Any] | None = None) -> Window | None:
    """Push a window for the seats that may be asked; None when nobody may be (public facts only)."""
    if timing not in TIMINGS:
        raise ValueError(f"no window {timing!r} (windows: {TIMINGS})")
    asked = [s for s in seats if may_be_asked(state, s)]
    if not asked:
        return None
    window = Window(timing, asked, dict(info or {}))
    push(state, window)
    return window


@procedure(Window)
def _advance(state: GameState, pack: Pack, frame: Window, ctx: Context) -> bool:
    while frame.at < len(frame.seats) and not may_be_asked(state, frame.seats[frame.at]):
        frame.at += 1
    if frame.at == len(frame.seats):
        return True
    board: RunewarsBoard = state.board
    seat = frame.seats[frame.at]
    pid = season_id(board, "window", frame.timing, seat, seq=state.seq)
    state.open([Prompt(pid, seat, "tactics_window", info={"window": frame.timing, **frame.info})])
    return False


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    timing = prompt.info["window"]
    plays = [Action(prompt.seat, prompt.id, "play", {"card": c}) for c in playable(state, pack, prompt.seat, timing)]
    return plays + [Action(prompt.seat, prompt.id, "pass")]


@prompt_kind("tactics_window", choices={"play", "pass"}, legal=_legal)
def answer_window(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Window)
    if action.choice == "pass":
        state.close(prompt.id)
        frame.at += 1
        return
    play(state, pack, ctx, action.seat, action.args.get("card"), frame.timing, _legal(state, pack, prompt), frame.info)
    state.close(prompt.id)
