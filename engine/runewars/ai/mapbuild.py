"""The rulebook's map building (p. 8 „Spielplanaufbau“ steps 3-5; option ``map_building = "rulebook"``).

Every legal tile, guide and home-realm placement makes a fair map (the rules see to that),
and the AI cannot yet foresee which layout favours its faction, so it picks one with the
seat's own random generator: games differ, and a seed replays its map.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import handles


@handles("place_tile", "place_guide", "place_home")
def place_map_piece(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    return rng.choice(legal)
