"""Choosing the season's order card (p. 12).

Each order in hand gets a value in points (see economy.py) from what it would do now:
the best march plan for Mobilize and Conquer, the dial change for Harvest, the recruits for
Recruit, the cities for Support, the influence icons for Gain Power, the best site for
Fortify, the best steps for Strategy. The bonus (p. 12: only when the card is the highest
played this year) adds its own value. A high card played early closes the bonus for the
cards below it for the rest of the year, so each card pays for the later bonuses it would
close. A little noise from the seat's random generator keeps the AI from being predictable.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai import economy, movement
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles

#: order id -> its worth ``fn(seen, bonus)``, for order cards of expansions
ORDER_VALUES: dict = {}
#: ``fn(seen, order_id, bonus) -> float`` added to every order's worth (an expansion's titles: engine.runewars.ai.banners)
ORDER_EXTRAS: list = []


def order_value(seen: Seen, number: int, bonus: bool) -> float:
    """What playing order card ``number`` now would bring, in points (with its bonus when ``bonus``)."""
    value = _order_value(seen, number, bonus)
    for extra in ORDER_EXTRAS:
        value += extra(seen, seen.pack.order(number).id, bonus)
    return value


def _order_value(seen: Seen, number: int, bonus: bool) -> float:
    order = seen.pack.order(number).id
    if order in ("mobilize", "conquer"):
        plans = sorted(
            (
                p
                for p in (movement.plan(seen, t, conquer=order == "conquer" and bonus) for t in movement.march_targets(seen))
                if p and p.groups
            ),
            key=lambda p: -p.value,
        )
        value = plans[0].value if plans else 0.0
        if order == "mobilize" and bonus:
            second = next((p for p in plans[1:] if p.kind == "move"), None)
            value += 0.7 * second.value if second else 0.0
        return value
    if order == "harvest":
        return economy.harvest_gain(seen) + (1.5 if bonus else 0.0)
    if order == "recruit":
        return economy.recruit_value(seen, bonus)
    if order == "support":
        return economy.support_value(seen) + (0.5 if bonus else 0.0)
    if order == "gain_power":
        return economy.influence_worth(seen) * economy.influence_icons(seen) + (0.3 if bonus else 0.0)
    if order == "fortify":
        return economy.fortify_value(seen)
    if order == "strategy":
        return movement.strategy_value(seen) + (economy.TACTICS_WORTH * 2 if bonus else 0.0)
    if order in ORDER_VALUES:  # an expansion's order card (engine.runewars.ai.banners)
        return ORDER_VALUES[order](seen, bonus)
    return 0.0


def seasons_left_this_year(seen: Seen) -> int:
    return 3 - ("spring", "summer", "autumn", "winter").index(seen.season)


@handles("choose_order")
def choose_order(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    played = seen.me["orders_played"]
    hand = [a.args["number"] for a in legal]
    later = seasons_left_this_year(seen)
    noise = {n: rng.random() * 0.3 for n in hand}

    def score(action: Action) -> float:
        number = action.args["number"]
        bonus = all(number > p for p in played)
        closed = sum(1 for n in hand if n < number and all(n > p for p in played))
        return order_value(seen, number, bonus) - 0.4 * min(closed, later) + noise[number]

    return best(legal, score)
