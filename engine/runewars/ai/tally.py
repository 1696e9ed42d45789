"""What happened in a game, counted from its events (``python -m bot simulate``'s ``counts``).

Every count is derived from events only, so it measures what the rules did, not what an AI
meant to do. :data:`COUNTS` maps a count's name to a function of one event; rules that need
cards the data pack does not have, or an option the run did not set, are listed by
:func:`cannot_happen`, so a 0 in the report is honest about why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from engine.core import Event
from engine.runewars.data import Pack

#: count name (the order cards' English names, issue 12) -> order id in the pack
ORDERS = {
    "strategy": "strategy",
    "mobilize": "mobilize",
    "conquer": "conquer",
    "harvest": "harvest",
    "recruit": "recruit",
    "rally_support": "support",
    "acquire_power": "gain_power",
    "fortify": "fortify",
}
SYMBOLS = ("gold", "silver", "red")


def _kind(name: str, amount: Callable[[Event], int] = lambda e: 1) -> Callable[[Event], int]:
    return lambda e: amount(e) if e.kind == name else 0


def _order(name: str) -> Callable[[Event], int]:
    return lambda e: int(e.kind == "turn_began" and e.data.get("order") == name)


def _card_move(e: Event) -> bool:
    """A move a card made (its ``why`` names the card), not an order."""
    return bool(e.data.get("why")) and e.data.get("why") not in ("support", "recruit", "limit")


COUNTS: dict[str, Callable[[Event], int]] = {
    **{name: _order(order) for name, order in ORDERS.items()},
    "bonuses": lambda e: int(e.kind == "turn_began" and bool(e.data.get("bonus"))),
    "battles": _kind("battle_started"),
    **{
        f"diplomacy_{symbol}": (lambda s: lambda e: int(e.kind == "diplomacy_result" and e.data.get("symbol") == s))(symbol)
        for symbol in SYMBOLS
    },
    "retreats": _kind("units_retreated"),
    "strongholds_built": _kind("stronghold_built"),
    "strongholds_captured": _kind("stronghold_captured"),
    "developments_built": _kind("development_built"),
    "tactics_played": _kind("tactics_played"),
    "titles_gained": _kind("title_taken"),
    "objectives_completed": _kind("objective_claimed"),
    "dragon_runes_gained": _kind("runes_taken", lambda e: int(e.data.get("dragon", 0))),
    "rune_swaps": lambda e: int(e.kind == "your_runes" and e.data.get("swapped") is True),
    "heroes_recruited": _kind("hero_recruited"),
    "duels": _kind("duel_started"),
    "quests_completed": lambda e: int(e.kind == "quest_result" and bool(e.data.get("completed"))),
    "rewards_picked_up": lambda e: int(e.kind in ("reward_gained", "rewards_taken") and e.data.get("count", 0) > 0),
    "eliminations": _kind("player_eliminated"),
    "exploration_tokens_resolved": _kind("exploration_revealed"),
    # the card-only rules of the card-effects issue (#7)
    "bids": _kind("bid_started"),
    "council": _kind("council_card"),
    "disloyal": _kind("hero_disloyal"),
    "neutrals_placed_by_cards": lambda e: int(
        e.kind in ("units_placed", "neutrals_moved") and e.data.get("seat") is None and _card_move(e)
    ),
    "runes_placed_without_false": lambda e: int(e.kind == "dragon_rune_placed" and e.data.get("false_rune") is False),
    "hidden_pass": lambda e: int(e.kind == "units_moved" and e.data.get("why") in HIDDEN_PASS_CARDS),
    "heroes_defeated_outside_duels": lambda e: int(e.kind == "hero_defeated" and e.data.get("why") != "duel"),
    "rune_peeks_by_cards": _kind("rune_peeked"),
}

#: count -> the option without which it cannot happen (counts of expansions, e.g. engine.runewars.ai.banners)
OPTION_COUNTS: dict[str, str] = {}

#: cards whose effects include the Hidden Pass (filled by :func:`prepare` from the pack)
HIDDEN_PASS_CARDS: set[str] = set()

#: count -> the decks (pack card kinds) it needs; an empty deck means the rule is not in play yet
NEEDS = {
    "tactics_played": ("tactics_card",),
    "objectives_completed": ("objective",),
    "heroes_recruited": ("hero",),
    "duels": ("hero",),
    "quests_completed": ("quest",),
    "rewards_picked_up": ("reward",),
    "disloyal": ("hero",),
    "heroes_defeated_outside_duels": ("hero",),
    "bids": ("season_card",),
    "council": ("season_card",),
    "neutrals_placed_by_cards": ("season_card", "tactics_card"),
    "runes_placed_without_false": ("season_card", "tactics_card", "reward"),
    "hidden_pass": ("tactics_card",),
    "rune_peeks_by_cards": ("season_card", "tactics_card"),
}


def prepare(pack: Pack) -> None:
    HIDDEN_PASS_CARDS.clear()
    HIDDEN_PASS_CARDS.update(cards_with_effect(pack, "hidden_pass"))


def cards_with_effect(pack: Pack, name: str) -> set[str]:
    found = set()
    for cards in pack.cards.values():
        for card in cards:
            effects = card.attrs.get("effects") or []
            if any(isinstance(e, dict) and e.get("do") == name for e in effects):
                found.add(card.id)
    return found


def count(events: Iterable[Event]) -> Counter:
    totals: Counter = Counter({name: 0 for name in COUNTS})
    for event in events:
        for name, measure in COUNTS.items():
            n = measure(event)
            if n:
                totals[name] += n
    return totals


def cannot_happen(pack: Pack, options: dict[str, Any]) -> list[str]:
    """Counts whose rules need decks the pack lacks (or an option the run did not set)."""

    def dealt(kind: str) -> bool:
        return any(not card.partial for card in pack.cards.get(kind, ()))

    missing = [name for name, kinds in NEEDS.items() if not any(dealt(k) for k in kinds)]
    if not options.get("exploration"):
        missing.append("exploration_tokens_resolved")
    if not cards_with_effect(pack, "hidden_pass"):
        missing.append("hidden_pass")
    missing += [name for name, option in OPTION_COUNTS.items() if not options.get(option)]
    return sorted(set(missing))
