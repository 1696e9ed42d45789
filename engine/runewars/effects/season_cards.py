"""Step 1 of a season: the season card (p. 11 „Jahreszeitenkarte ausführen“, p. 31 „Rat der Magier“).

„In diesem Spielschritt zieht der Startspieler die oberste Karte des aktuellen
Jahreszeitenkartenstapels und führt sie aus. Der Kartentext wird zuerst abgehandelt …“

1. The effects "until the next season" end: the drawn card becomes the current season
   (the top of the common season discards, p. 12).
2. The first player draws the card; everybody sees it.
3. A card marked RAT DER MAGIER (``council = true``): the Primarch's title benefit comes
   first, „bevor die Jahreszeitenkarte zur Anwendung kommt“ (p. 31); then any title
   benefit "at the start of a season".
4. The ``season`` window: players may play tactics cards "when a season card is drawn",
   in player order (e.g. to cancel its text).
5. The card's text (its ``effects``) is resolved, unless cancelled. Its second function
   follows in engine.runewars.seasons.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Context, GameState, register
from engine.runewars import cards
from engine.runewars.data import NamedCard, Pack
from engine.runewars.effects import applies_when, effect, resolve_effects, running_card
from engine.runewars.effects.common import card
from engine.runewars.effects.lasting import end_season
from engine.runewars.effects.titles import trigger
from engine.runewars.effects.windows import open_window
from engine.runewars.flow import procedure, push, top
from engine.runewars.state import Deck, RunewarsBoard
from engine.runewars.turn_order import current_player_order

DISCARD = "season.discard"


@register
@dataclass
class SeasonCard:
    card: str
    step: str = "window"
    cancelled: bool = False


def current_season_card(board: RunewarsBoard) -> str | None:
    """The top card of the common season discards (p. 12 „Bestimmung der aktuellen Jahreszeit“: „Die AKTUELLE JAHRESZEIT ist immer die oberste Karte dieses Ablagestapels“)."""
    deck = board.decks.get(DISCARD)
    return deck.discard[-1] if deck is not None and deck.discard else None


def _known(pack: Pack, card_id: str) -> NamedCard | None:
    try:
        return card(pack, card_id, "season_card")
    except KeyError:  # a stand-in card of a test position: it has no text
        return None


#: ``hook(state, pack, ctx) -> bool`` run before the card is drawn; True ends the step (Banners of War, Road to
#: Victory: a victory card on the season's deck is revealed first, engine.runewars.banners.road_to_victory)
BEFORE_DRAW: list = []


def season_card_step(state: GameState, pack: Pack, ctx: Context) -> None:
    """Draw and resolve the season card; the caller lets the runner go on (frames may be pushed)."""
    board: RunewarsBoard = state.board
    end_season(state, ctx)
    for hook in BEFORE_DRAW:
        if hook(state, pack, ctx):
            return
    drawn = cards.draw(board, f"season.{board.season}", 1, ctx.rng)
    if not drawn:
        return
    card_id = drawn[0]
    board.decks.setdefault(DISCARD, Deck()).discard.append(card_id)
    found = _known(pack, card_id)
    council = bool(found is not None and found.attrs.get("council"))
    ctx.emit("season_card_drawn", card=card_id, council=council)
    push(state, SeasonCard(card_id))
    trigger(state, pack, ctx, "season_start")
    if council:
        ctx.emit("council_card", card=card_id)
        trigger(state, pack, ctx, "council_card")


@procedure(SeasonCard)
def _advance(state: GameState, pack: Pack, frame: SeasonCard, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "window":
        frame.step = "resolve"
        open_window(state, "season", current_player_order(board, pack), {"card": frame.card})
        return False
    if frame.step == "resolve":
        frame.step = "done"
        found = _known(pack, frame.card)
        if frame.cancelled or found is None:
            return False
        resolve_effects(state, pack, ctx, board.first_player, [dict(r) for r in found.attrs.get("effects", ())], card=frame.card)
        return False
    return True


@effect("cancel_season_card")
def cancel_season_card(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """The drawn season card's text is not resolved; it stays the current season and its second function applies."""
    frame = top(state, SeasonCard)
    frame.cancelled = True
    ctx.emit("season_card_cancelled", seat=seat, card=frame.card, why=running_card(state))


@applies_when("cancel_season_card")
def _card_pending(state: GameState, pack: Pack, seat: int) -> bool:
    frame = top(state, SeasonCard)
    return frame is not None and frame.step == "resolve" and not frame.cancelled
