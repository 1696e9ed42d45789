"""Decks and hands (p. 31: „Immer wenn ein Kartenstapel leer ist, wird der entsprechende Ablagestapel gemischt …“; digest §10.2, §10.7).

Every deck is a :class:`Deck` on ``board.decks`` by name (``fate``, ``tactics``,
``season.spring`` …). Which cards a deck holds comes from the data pack; what a card
does is the card-effects issue's (engine/runewars/effects, to come).
"""

from __future__ import annotations

from engine.core import Context, Rng
from engine.runewars.data import Pack
from engine.runewars.state import Deck, RunewarsBoard, Title


def shuffled_decks(pack: Pack, rng: Rng) -> dict[str, Deck]:
    """Setup step 10: the tactics deck, the two objective decks and the four season decks, shuffled.

    Only complete cards are dealt: the rulebook's partial examples (data/runewars/
    rulebook_examples.toml) wait for the card-effects data to complete them.
    """

    def complete(kind: str, **attrs: str) -> list[str]:
        return [
            card.id
            for card in pack.cards.get(kind, ())
            if not card.partial and all(card.attrs.get(k) == v for k, v in attrs.items())
        ]

    decks = {"tactics": Deck(complete("tactics_card"))}
    for alignment in ("good", "evil"):  # step 12 deals one objective of the faction's alignment
        decks[f"objectives.{alignment}"] = Deck(complete("objective", alignment=alignment))
    for season in ("spring", "summer", "autumn", "winter"):
        decks[f"season.{season}"] = Deck(complete("season_card", season=season))
    for deck in decks.values():
        rng.shuffle(deck.draw)
    return decks


def draw(board: RunewarsBoard, name: str, count: int, rng: Rng) -> list[str]:
    """Draw up to ``count`` cards; an empty deck is rebuilt from its shuffled discards (p. 31).

    Fewer cards come back only when deck and discards are both exhausted.
    """
    deck = board.decks.setdefault(name, Deck())
    drawn: list[str] = []
    for _ in range(count):
        if not deck.draw:
            if not deck.discard:
                break
            deck.draw, deck.discard = deck.discard, []
            rng.shuffle(deck.draw)
        drawn.append(deck.draw.pop(0))
    return drawn


def reshuffle(board: RunewarsBoard, name: str, rng: Rng) -> None:
    """Shuffle the discards back into the deck (the fate deck every autumn, p. 11)."""
    deck = board.decks[name]
    deck.draw += deck.discard
    deck.discard = []
    rng.shuffle(deck.draw)


def shuffle_in(board: RunewarsBoard, name: str, ids: list[str], rng: Rng) -> None:
    """Shuffle cards back into a deck (an eliminated player's hand, p. 31)."""
    if ids:
        deck = board.decks.setdefault(name, Deck())
        deck.draw += ids
        rng.shuffle(deck.draw)


def cards_left(board: RunewarsBoard, name: str) -> int:
    """Cards that can still be drawn: the deck and its discards."""
    deck = board.decks.get(name)
    return 0 if deck is None else len(deck.draw) + len(deck.discard)


def can_draw(board: RunewarsBoard, name: str) -> bool:
    return cards_left(board, name) > 0


def draw_tactics(board: RunewarsBoard, seat: int, count: int, ctx: Context) -> list[str]:
    """``seat`` draws tactics cards: the table sees how many, the player which."""
    cards = draw(board, "tactics", count, ctx.rng)
    board.players[seat].tactics += cards
    board.players[seat].tactics_drawn.update(
        dict.fromkeys(cards, f"{board.year}/{board.season}")
    )  # not playable this season (p. 30)
    ctx.emit("tactics_drawn", seat=seat, count=len(cards))
    if cards:
        ctx.emit("your_tactics_drawn", to=seat, cards=cards)
    return cards


def initial_titles(pack: Pack) -> dict[str, Title]:
    """Setup step 10: the 3 title cards lie face up, held by nobody, with no influence on them."""
    return {card.id: Title() for card in pack.cards.get("title", ())}
