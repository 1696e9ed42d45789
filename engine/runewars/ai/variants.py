"""The AI's answers for the Banners of War variants (issue 24), and their simulate counts.

From the seat's view and the pack only, like every AI module:

- Road to Victory: the victory card is placed as soon as it may be (it is the only way to win; waiting only gives
  rivals time), so ``victory_card`` is taken beside any turn window that offers it;
- Development Cards: :mod:`engine.runewars.ai.development` values the cards.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai import contender, registry, tally
from engine.runewars.ai.knowledge import Seen

VICTORY_CARD = "victory_card"


def _victory_first(handler):
    def choose(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
        place = next((a for a in legal if a.choice == VICTORY_CARD), None)
        if place is not None:
            return place
        return handler(seen, prompt, legal, rng)

    choose.__doc__ = "Road to Victory: place the victory card when offered; else " + (handler.__doc__ or handler.__name__)
    return choose


for _handlers in (registry.HANDLERS, contender.HANDLERS):
    if "turn_window" in _handlers:
        _handlers["turn_window"] = _victory_first(_handlers["turn_window"])


# -- simulate counts (python -m bot simulate --options banners_of_war,development_cards,...) ------------------

COUNTS = {
    "victory_card_placed": lambda e: int(e.kind == "victory_card_placed"),
    "victory_card_won": lambda e: int(e.kind == "victory_card_won"),
    "victory_card_returned": lambda e: int(e.kind == "victory_card_returned"),
    "printed_city_rune_changed_hands": lambda e: int(e.kind == "printed_rune_changed_hands"),
}
OPTIONS = {
    "victory_card_placed": "road_to_victory",
    "victory_card_won": "road_to_victory",
    "victory_card_returned": "road_to_victory",
    "printed_city_rune_changed_hands": "free_cities",
}
tally.COUNTS.update(COUNTS)
tally.OPTION_COUNTS.update(OPTIONS)
