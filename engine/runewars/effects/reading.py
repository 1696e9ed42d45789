"""What a seat may read (digest §11.1): the cards of ``view["cards"]``, the season card, the lasting effects.

``view["cards"]`` maps every card the seat may read to ``{"deck", "name", "summary",
"text"}``: the public cards (titles, the current season card, cards lying face up for
everyone) and, in a seat's own view, its hand, its objective and its quests. Other
modules add cards with :func:`readable` (e.g. heroes and their reward cards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.core import GameState
from engine.runewars.data import NamedCard, Pack
from engine.runewars.effects.lasting import described
from engine.runewars.effects.season_cards import current_season_card
from engine.runewars.state import RunewarsBoard

#: card kind -> the deck name shown to players
DECKS = {
    "season_card": "season",
    "tactics_card": "tactics",
    "objective": "objective",
    "title": "title",
    "quest": "quest",
    "reward": "reward",
    "hero": "hero",
}

Source = Callable[[GameState, int | None], Iterable[str]]
_SOURCES: list[Source] = []


def readable(source: Source) -> Source:
    """Register ``fn(state, seat) -> card ids`` that ``seat`` (None: everybody) may read."""
    _SOURCES.append(source)
    return source


@readable
def _own_and_public(state: GameState, seat: int | None) -> list[str]:
    board: RunewarsBoard = state.board
    ids = list(board.titles)
    season_card = current_season_card(board)
    if season_card is not None:
        ids.append(season_card)
    if seat is not None:
        player = board.players[seat]
        ids += player.tactics + player.quests + ([player.objective] if player.objective else [])
    return ids


def card_entry(found: NamedCard) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "deck": DECKS.get(found.kind, found.kind),
        "name": str(found.attrs.get("name") or found.name_en or found.name_de),
        "summary": str(found.attrs.get("summary", "")),
        "text": found.text,
    }
    fate = found.attrs.get("fate")
    if isinstance(fate, Mapping) and fate:  # Banners of War: a tactic fate card's sections (shape -> code)
        entry["fate"] = {str(shape): str(code) for shape, code in fate.items()}
    return entry


def card_views(state: GameState, pack: Pack, seat: int | None) -> dict[str, Any]:
    """The keys ``cards``, ``season_card`` and ``lasting_effects`` of a view."""
    board: RunewarsBoard = state.board
    index = {c.id: c for cards in pack.cards.values() for c in cards if not c.partial}
    wanted = [i for source in _SOURCES for i in source(state, seat)]
    return {
        "cards": {i: card_entry(index[i]) for i in dict.fromkeys(wanted) if i in index},
        "season_card": current_season_card(board),
        "lasting_effects": described(pack, board),
    }
