"""What many effects share: finding a card, whom an effect aims at, and asking its player to choose.

- :func:`card` finds a card of any deck by id.
- :func:`aimed_at` turns a ``seat`` parameter (a seat or a word of ``SEAT_WORDS``) into
  the seats it means, in player order (p. 31: abilities and season cards follow the player
  order, „Anwendung von Fähigkeiten … und der Anwendung von Jahreszeitenkarten“).
- :func:`ask` pushes a :class:`Choice`: a prompt ``effect_choice`` whose answers are the
  listed options (each an args table). :func:`chosen` registers what is done with the
  answer. The prompt is public, so the options must follow from public information; a
  single option with no way to decline is answered by the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.data import NamedCard, Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import active_player, current_player_order

EFFECT_RULE = "the card's text (docs/effects.md)"

#: title ids a ``seat`` parameter may name as ``holder:<title>``
HOLDER = "holder:"


def card(pack: Pack, card_id: str, kind: str | None = None) -> NamedCard:
    """The card ``card_id`` (of the deck table ``kind``, e.g. ``tactics_card``; card ids are unique across decks)."""
    for table, cards in pack.cards.items():
        for c in cards:
            if c.id == card_id and not c.partial and kind in (None, table):
                return c
    raise KeyError(card_id)


def card_effects(pack: Pack, card_id: str, kind: str | None = None) -> list[dict[str, Any]]:
    return [dict(r) for r in card(pack, card_id, kind).attrs.get("effects", ())]


def aimed_at(state: GameState, pack: Pack, seat: int, who: Any) -> list[int]:
    """The seats ``who`` names from ``seat``'s side, in player order; eliminated players drop out."""
    board: RunewarsBoard = state.board
    order = current_player_order(board, pack)
    if isinstance(who, int) and not isinstance(who, bool):
        seats = [who]
    elif who == "self":
        seats = [seat]
    elif who == "each":
        seats = order
    elif who == "others":
        seats = [s for s in order if s != seat]
    elif who in ("left", "right"):
        step = 1 if who == "left" else -1
        count = len(board.players)
        seats = [
            next(
                ((seat + step * i) % count for i in range(1, count) if not board.players[(seat + step * i) % count].eliminated),
                seat,
            )
        ]
    elif who == "active":
        active = active_player(state)
        seats = [] if active is None else [active]
    elif who == "bid_winner":
        seats = [] if board.last_bid.get("winner") is None else [board.last_bid["winner"]]
    elif isinstance(who, str) and who.startswith(HOLDER):
        title = board.titles.get(who[len(HOLDER) :])
        seats = [] if title is None or title.holder is None else [title.holder]
    else:
        raise ValueError(f"no seat selector {who!r}")
    return [s for s in seats if not board.players[s].eliminated]


# -- choices ---------------------------------------------------------------------------------

_FINISH: dict[str, Callable[..., None]] = {}


def chosen(effect_name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register ``fn(state, pack, ctx, seat, answer, **params)``: what ``effect_name`` does once its player chose."""

    def register_fn(fn: Callable[..., None]) -> Callable[..., None]:
        _FINISH[effect_name] = fn
        return fn

    return register_fn


@register
@dataclass
class Choice:
    """``seat`` chooses one of ``options`` for the effect ``effect`` (``params``: the effect's parameters)."""

    seat: int
    effect: str
    params: dict[str, Any]
    options: list[dict[str, Any]]
    #: the player may decline ("none"): an effect that says "up to" or "may"
    optional: bool = False
    card: str = ""
    answer: dict[str, Any] | None = None
    done: bool = False


def ask(
    state: GameState,
    seat: int,
    effect_name: str,
    params: dict[str, Any],
    options: list[dict[str, Any]],
    *,
    optional: bool = False,
    card: str = "",
) -> None:
    """Push a choice for ``seat`` among public ``options``; with no option at all there is nothing to do."""
    if options:
        push(state, Choice(seat, effect_name, dict(params), options, optional, card))


@procedure(Choice)
def _advance(state: GameState, pack: Pack, frame: Choice, ctx: Context) -> bool:
    if frame.answer is None:
        board: RunewarsBoard = state.board
        pid = season_id(board, "effect", frame.effect, frame.seat, seq=state.seq)
        forced = None
        if len(frame.options) == 1 and not frame.optional:
            forced = Action(frame.seat, pid, "choose", frame.options[0])
        info = {"effect": frame.effect, "card": frame.card, "options": list(frame.options), "optional": frame.optional}
        state.open([Prompt(pid, frame.seat, "effect_choice", info=info, forced=forced)])
        return False
    if not frame.done:
        frame.done = True
        if frame.answer:
            _FINISH[frame.effect](state, pack, ctx, frame.seat, frame.answer, **frame.params)
        if state.board.stack[-1] is not frame or state.prompts:
            return False
    return True


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, Choice)
    none = [Action(prompt.seat, prompt.id, "none")] if frame.optional else []
    return [Action(prompt.seat, prompt.id, "choose", dict(o)) for o in frame.options] + none


@prompt_kind("effect_choice", choices={"choose", "none"}, legal=_legal)
def answer_choice(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Choice)
    if action.choice == "none":
        if not frame.optional:
            raise IllegalAction(
                N_("This card's effect is not optional: choose one of the options."),
                rule=EFFECT_RULE,
                alternatives=_legal(state, pack, prompt)[:10],
            )
        frame.answer = {}
    else:
        if not isinstance(action.args, dict):
            raise InvalidAction(N_("choose takes one of the options as its args"))
        if dict(action.args) not in frame.options:
            raise IllegalAction(
                N_("That is not one of the choices {card} offers.", card=frame.card)
                if frame.card
                else N_("That is not one of the choices offered."),
                rule=EFFECT_RULE,
                alternatives=_legal(state, pack, prompt)[:10],
            )
        frame.answer = dict(action.args)
    state.close(prompt.id)
