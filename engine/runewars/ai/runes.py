"""Dragon runes (p. 30): where a gained rune goes, and whether to discard false runes first.

The dragon rune goes into the safest area I control (power and stronghold against nearby
rivals), where it counts for me at once; the false rune goes where rivals will look for it:
my most threatened area, else anywhere it is legal. False runes already on the board are
kept: they are decoys.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles


def safety(seen: Seen, area: str) -> float:
    """How safe a rune would be in ``area``: mine, guarded, behind my stronghold, far from rivals."""
    stronghold = seen.areas[area]["stronghold"]
    mine = seen.controller(area) == seen.seat
    fort = 5.0 if stronghold is not None and stronghold["owner"] == seen.seat else 0.0
    return (10.0 if mine else 0.0) + seen.power(area, seen.seat) + fort - seen.threat(area)


@handles("place_runes")
def place_runes(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    def score(action: Action) -> float:
        value = 0.0
        for token, area in action.args.items():
            if area is None:
                value -= 20.0
            elif token == "dragon":
                value += safety(seen, area)
            else:
                value += 0.2 * seen.threat(area)
        return value

    return best(legal, score)


@handles("discard_false_runes")
def discard_false_runes(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    return next(a for a in legal if a.choice == "keep")
