"""The three title cards (p. 36 „Titelkarten“: „Jede Karte nennt genau ihre Vorteile“).

A title's benefits are data (data/runewars/titles.toml), for its holder only:

- ``triggers = [{when = "council_card", effects = [...]}]``: effects resolved for the
  holder when it happens (``council_card``: a season card marked RAT DER MAGIER is drawn,
  before it is resolved, p. 31; ``season_start``: a season begins);
- ``modifiers = [{modifier = "attacker_strength", amount = 1}]``: as the lasting modifiers
  of engine.runewars.effects.lasting, for the holder's battles;
- ``heroes_loyal = true``: the holder's heroes do not become disloyal (p. 28 names the
  „Kapitän der Heldenliga“ as such a case; the heroes' code asks :func:`heroes_loyal`).

The Primarch also decides tied bids (p. 31, engine.runewars.bids). When several titles
trigger at once, their holders resolve them in player order (p. 31).
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars.battle.frame import ATTACKER
from engine.runewars.data import Pack
from engine.runewars.effects import resolve_effects, running_card
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import current_player_order

TRIGGERS = ("council_card", "season_start", "harvest")


def held(board: RunewarsBoard, pack: Pack, seat: int) -> list:
    return [t for t in pack.cards.get("title", ()) if board.titles.get(t.id) is not None and board.titles[t.id].holder == seat]


def battle_bonus(board: RunewarsBoard, pack: Pack, seat: int, index: int) -> int:
    wanted = ("strength", "attacker_strength" if index == ATTACKER else "defender_strength")
    return sum(
        int(m.get("amount", 0))
        for t in held(board, pack, seat)
        for m in t.attrs.get("modifiers", ())
        if m.get("modifier") in wanted
    )


def heroes_loyal(board: RunewarsBoard, pack: Pack, seat: int) -> bool:
    """The holder of a title with ``heroes_loyal`` keeps his heroes when they would become disloyal."""
    return any(t.attrs.get("heroes_loyal") for t in held(board, pack, seat))


def trigger(state: GameState, pack: Pack, ctx: Context, when: str) -> None:
    """Push the effects the held titles have for ``when``; the first holder in player order resolves first."""
    board: RunewarsBoard = state.board
    due = [
        (seat, title.id, list(t.get("effects", ())))
        for seat in current_player_order(board, pack)
        for title in held(board, pack, seat)
        for t in title.attrs.get("triggers", ())
        if t.get("when") == when
    ]
    for seat, title_id, records in reversed(due):  # a stack: the last pushed runs first
        ctx.emit("title_benefit", seat=seat, title=title_id, when=when)
        resolve_effects(state, pack, ctx, seat, records, card=title_id)


def holders_of(board: RunewarsBoard, pack: Pack, when: str) -> list[int]:
    """Seats holding a title with a trigger for ``when``."""
    return [
        seat
        for seat in range(len(board.players))
        if any(t.get("when") == when for title in held(board, pack, seat) for t in title.attrs.get("triggers", ()))
    ]


def guildmasters(board: RunewarsBoard, pack: Pack) -> list[int]:
    """Seats whose title acts on their own Harvest (Banners of War: the Guildmaster of Merchants)."""
    return holders_of(board, pack, "harvest")


def trigger_for(state: GameState, pack: Pack, ctx: Context, when: str, seat: int) -> None:
    """Push the effects ``seat``'s titles have for ``when`` (an event of its own, e.g. its Harvest)."""
    for title in held(state.board, pack, seat):
        for t in title.attrs.get("triggers", ()):
            if t.get("when") == when:
                ctx.emit("title_benefit", seat=seat, title=title.id, when=when)
                resolve_effects(state, pack, ctx, seat, list(t.get("effects", ())), card=title.id)


def ignores_season_loss(state: GameState, pack: Pack, seat: int) -> bool:
    """A title that lets ``seat`` ignore the resource losses of a season card's first function, while one
    resolves (Banners of War, Guildmaster: „kann … Rohstoffverluste ignorieren, die durch die erste Funktion
    einer Jahreszeitenkarte verursacht werden“)."""
    titles = [t for t in held(state.board, pack, seat) if t.attrs.get("ignores_season_losses")]
    if not titles:
        return False
    card_id = running_card(state)
    return any(c.id == card_id for c in pack.cards.get("season_card", ()))
