"""Effects that last (p. 11: „es gibt auch Effekte, die bis zur nächsten Jahreszeit dauern können“).

A lasting effect is a :class:`Lasting` on ``board.lasting_effects``: a *modifier* the
rules consult while it lasts, for whom, by how much, and until when:

- ``season``: until the next season card is drawn (the current season is the top card of
  the season discards, p. 12);
- ``battle``: until the battle in ``area`` ends;
- ``permanent``: for the rest of the game.

Modifiers (:data:`MODIFIERS`): ``attacker_strength`` / ``defender_strength`` (every
battle's attacker or defender), ``strength`` (the battles ``seat`` fights), ``defending_strength``
(the battles ``seat`` defends: the Banners of War Garrison), ``no_tactics``
(no tactics card may be played), ``no_bonus`` (order cards give no bonus). Several
modifiers of one kind add up; they apply in the order they were created.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Context, GameState, register
from engine.runewars.battle.frame import Battle
from engine.runewars.data import Pack
from engine.runewars.effects import effect, running_card
from engine.runewars.effects.common import aimed_at, card
from engine.runewars.flow import after_every_step, top
from engine.runewars.state import RunewarsBoard

MODIFIERS = ("attacker_strength", "defender_strength", "strength", "no_tactics", "no_bonus", "defending_strength")
DURATIONS = ("season", "battle", "permanent")


@register
@dataclass
class Lasting:
    card: str
    modifier: str
    until: str
    seat: int | None = None
    amount: int = 0
    #: for ``until == "battle"``: the contested area whose battle it belongs to
    area: str = ""


def add(state: GameState, lasting: Lasting, ctx: Context) -> None:
    if lasting.modifier not in MODIFIERS or lasting.until not in DURATIONS:
        raise ValueError(f"lasting effect {lasting.modifier!r} until {lasting.until!r}")
    state.board.lasting_effects.append(lasting)
    ctx.emit(
        "lasting_effect",
        card=lasting.card,
        modifier=lasting.modifier,
        until=lasting.until,
        seat=lasting.seat,
        amount=lasting.amount,
    )


def active(board: RunewarsBoard, modifier: str) -> list[Lasting]:
    return [e for e in board.lasting_effects if e.modifier == modifier]


def total(board: RunewarsBoard, modifier: str, seat: int | None = None) -> int:
    return sum(e.amount for e in active(board, modifier) if e.seat in (None, seat))


def end_season(state: GameState, ctx: Context) -> None:
    """A new season card is drawn: the effects "until the next season" end."""
    board: RunewarsBoard = state.board
    ended = [e for e in board.lasting_effects if e.until == "season"]
    if ended:
        board.lasting_effects = [e for e in board.lasting_effects if e.until != "season"]
        ctx.emit("lasting_effects_ended", cards=[e.card for e in ended], until="season")


@after_every_step
def end_battles(state: GameState, pack: Pack, ctx: Context) -> None:
    """Effects for "this battle" end with their battle (its area is no longer contested)."""
    board: RunewarsBoard = state.board
    ended = [e for e in board.lasting_effects if e.until == "battle" and e.area not in board.contested]
    if ended:
        board.lasting_effects = [e for e in board.lasting_effects if e not in ended]
        ctx.emit("lasting_effects_ended", cards=[e.card for e in ended], until="battle")


def described(pack: Pack, board: RunewarsBoard) -> list[dict[str, str]]:
    """For the views: ``{"card", "text", "until"}`` per lasting effect."""
    return [{"card": e.card, "text": _summary(pack, e.card), "until": e.until} for e in board.lasting_effects]


def _summary(pack: Pack, card_id: str) -> str:
    try:
        found = card(pack, card_id)
    except KeyError:
        return ""
    return str(found.attrs.get("summary", found.text))


@effect("lasting", modifier="|".join(MODIFIERS), until="|".join(DURATIONS), amount="int", who="seat")
def make_lasting(
    state: GameState,
    pack: Pack,
    ctx: Context,
    seat: int,
    modifier: str,
    until: str = "season",
    amount: int = 0,
    who: object = None,
) -> None:
    """The card's modifier lasts ``until``; ``who``: the one player it concerns (omitted: everyone)."""
    whom = None if who is None else next(iter(aimed_at(state, pack, seat, who)), None)
    if who is not None and whom is None:
        return
    battle = top(state, Battle)
    area = battle.area if until == "battle" and battle is not None else ""
    add(state, Lasting(running_card(state), modifier, until, whom, amount, area), ctx)
