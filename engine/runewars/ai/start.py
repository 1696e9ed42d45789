"""Setup decisions (p. 8, Aufbau 2 and 8; p. 37): faction, first stronghold, starting units, the runes.

The home realm's safest area (fewest borders to areas outside the realm) takes the
stronghold; the false rune goes into the most exposed other area, so the two dragon runes
lie behind the stronghold and the bulk of the units. Units are spread so that exposed
areas get more of them.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles


def exposure(seen: Seen, area: str) -> int:
    """Borders from ``area`` to areas outside its home realm that an enemy could cross."""
    home = seen.me["home_areas"]
    return sum(1 for b in seen.neighbours(area) if b not in home and seen.crossable(b, area, flying=False))


@handles("choose_faction")
def choose_faction(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The factions are meant to be balanced: a seeded pick gives demos and tests variety."""
    return rng.choice(legal)


@handles("place_stronghold")
def place_stronghold(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    return best(legal, lambda a: -exposure(seen, a.args["area"]) + 0.1 * seen.resources(a.args["area"]))


@handles("place_false_rune")
def place_false_rune(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    def score(action: Action) -> float:
        area = seen.areas[action.args["area"]]
        return exposure(seen, action.args["area"]) - (5 if area["stronghold"] else 0)

    return best(legal, score)


@handles("place_dragon_rune")
def place_dragon_rune(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Epic variant (p. 37): the one dragon rune goes behind the stronghold, into the least exposed area."""

    def score(action: Action) -> float:
        area = seen.areas[action.args["area"]]
        return -exposure(seen, action.args["area"]) + (5 if area["stronghold"] else 0)

    return best(legal, score)


@handles("place_units")
def place_units(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Spread the units: each area's force against its exposure (a little over the square of the force)."""

    def score(action: Action) -> float:
        total = 0.0
        for area in seen.me["home_areas"]:
            force = seen.force(area, seen.seat) + action.args["areas"].get(area, 0)
            total -= (force - 1 - exposure(seen, area) / 2) ** 2
        return total

    return best(legal, score)
