"""The Rune Age board: every zone of every card, as plain data (names of cards, counts).

A player's hand, deck and discard pile are lists of card names; the deck's top is index 0.
Cards in play (strongholds, cities, rewards, the Dragon Rune) are ``{"name", "ready"}`` records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Context, register
from engine.runeage.cards import Pack, gold_name

HAND_SIZE = 5  # p. 7 "Auf fünf Karten nachziehen"
ELIMINATION = 20  # p. 14
KEEP_COST = 1  # p. 7: 1 influence per kept card


@register
@dataclass
class RuneagePlayer:
    race: str
    realm: str
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    #: the Barracks (p. 5): unit name -> copies left; strongholds by name; the Monument
    barracks: dict[str, int] = field(default_factory=dict)
    strongholds_left: list[str] = field(default_factory=list)
    monument: str | None = None
    monument_built: bool = False
    strongholds: list[dict[str, Any]] = field(default_factory=list)
    cities: list[dict[str, Any]] = field(default_factory=list)
    rewards: list[dict[str, Any]] = field(default_factory=list)
    rune: dict[str, Any] | None = None
    damage: int = 0
    eliminated: bool = False


@register
@dataclass
class RuneageBoard:
    scenario: str
    round: int
    start: int
    players: list[RuneagePlayer]
    gold: dict[str, int]
    neutrals: dict[str, int]
    cities: list[str]
    event_deck: list[str]
    event_discard: list[str] = field(default_factory=list)
    enemies: list[str] = field(default_factory=list)
    objective: str = ""
    lasting: list[dict[str, Any]] = field(default_factory=list)
    #: cards out of the game (rewards of the eliminated, removed Dragon Runes, eliminated race cards)
    removed: list[str] = field(default_factory=list)
    unused_runes: list[str] = field(default_factory=list)
    active: int = 0
    phase: str = "turn"
    #: the open step of the active player's turn: purchase/influence/keep pools
    step: dict[str, Any] = field(default_factory=dict)
    attacked: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    combat: dict[str, Any] | None = None
    #: the event phase's queue: the effect card and the seats still to defend
    event: dict[str, Any] | None = None
    built_this_round: list[int] = field(default_factory=list)
    pending_rune: dict[str, Any] | None = None
    prompt_no: int = 0
    round_limit: int = 30
    counts: dict[str, int] = field(default_factory=dict)


def count(board: RuneageBoard, key: str, n: int = 1) -> None:
    """A figure for simulate (purchases, battles, ...)."""
    board.counts[key] = board.counts.get(key, 0) + n


def alive(board: RuneageBoard) -> list[int]:
    return [s for s, p in enumerate(board.players) if not p.eliminated]


def order_from(board: RuneageBoard, first: int) -> list[int]:
    n = len(board.players)
    return [(first + i) % n for i in range(n) if not board.players[(first + i) % n].eliminated]


def flag_active(board: RuneageBoard, flag: str) -> bool:
    """A lasting event's flag holds during the round after it was drawn (p. 9, errata "next round")."""
    return any(e["flag"] == flag and e["round"] == board.round for e in board.lasting)


def draw(board: RuneageBoard, seat: int, n: int, ctx: Context) -> list[str]:
    """Draw ``n`` cards (p. 12: an empty deck is refilled by shuffling the discard pile)."""
    player = board.players[seat]
    drawn: list[str] = []
    for _ in range(n):
        if not player.deck:
            if not player.discard:
                break
            player.deck, player.discard = player.discard, []
            ctx.rng.shuffle(player.deck)
            ctx.emit("reshuffled", seat=seat, count=len(player.deck))
        drawn.append(player.deck.pop(0))
    player.hand += drawn
    if drawn:
        ctx.emit("drew", seat=seat, count=len(drawn))
        ctx.emit("you_drew", to=seat, cards=list(drawn))
    return drawn


def refill_all(board: RuneageBoard, ctx: Context) -> None:
    """p. 12: at the end of every turn and of the event phase all players draw up to five."""
    for seat in order_from(board, board.start):
        missing = HAND_SIZE - len(board.players[seat].hand)
        if missing > 0:
            draw(board, seat, missing, ctx)


def return_to_origin(board: RuneageBoard, pack: Pack, name: str) -> str:
    """p. 14 "Vernichten": race units to their Barracks, neutral cards and gold to the centre.
    Returns where the card went ("barracks", "supply" or "removed")."""
    card = pack.cards.get(name, {})
    kind = card.get("kind")
    if kind == "gold":
        key = str(card["value"])
        board.gold[key] = board.gold.get(key, 0) + 1
        return "supply"
    if card.get("neutral"):
        board.neutrals[name] = board.neutrals.get(name, 0) + 1
        return "supply"
    race = card.get("race")
    owner = next((p for p in board.players if p.race == race and not p.eliminated), None)
    if kind == "unit" and owner is not None:
        owner.barracks[name] = owner.barracks.get(name, 0) + 1
        return "barracks"
    board.removed.append(name)
    return "removed"


def influence_of(pack: Pack, record: dict[str, Any]) -> int:
    card = pack.cards.get(record["name"], {})
    if card.get("kind") in ("stronghold", "city"):
        return int(card.get("influence", 0))
    if card.get("kind") == "event" and card.get("reward") == "influence":
        return int(card.get("reward_amount", 0))
    if card.get("rune_kind") == "influence":
        return int(card.get("amount", 0))
    return 0


def gold_of(pack: Pack, record: dict[str, Any]) -> int:
    card = pack.cards.get(record["name"], {})
    if card.get("kind") == "event" and card.get("reward") == "gold":
        return int(card.get("reward_amount", 0))
    if card.get("rune_kind") == "gold":
        return int(card.get("amount", 0))
    return 0


def in_play(player: RuneagePlayer) -> list[dict[str, Any]]:
    """Strongholds, cities, rewards and the Dragon Rune in a player's play area."""
    return player.strongholds + player.cities + player.rewards + ([player.rune] if player.rune else [])


def influence_sources(pack: Pack, player: RuneagePlayer) -> list[str]:
    return sorted({r["name"] for r in in_play(player) if r["ready"] and influence_of(pack, r) > 0})


def gold_sources(pack: Pack, player: RuneagePlayer) -> list[str]:
    return sorted({r["name"] for r in in_play(player) if r["ready"] and gold_of(pack, r) > 0})


def find_in_play(player: RuneagePlayer, name: str, ready: bool | None = True) -> dict[str, Any] | None:
    return next((r for r in in_play(player) if r["name"] == name and (ready is None or r["ready"] == ready)), None)


def gold_value(name: str) -> int:
    return int(name.split()[0]) if name.endswith(" Gold") else 0


def is_gold(name: str) -> bool:
    return name in (gold_name(1), gold_name(2), gold_name(3))


def owned_cards(player: RuneagePlayer) -> list[str]:
    return player.hand + player.deck + player.discard
