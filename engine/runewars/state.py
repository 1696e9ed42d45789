"""The Runewars board: what the game state holds beyond the core envelope.

Only facts go here; everything derivable (who controls an area, adjacency, unit supplies)
is computed by the rule modules from these facts and the data pack.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import register
from engine.runewars.map import Placement

NEUTRAL = None  # the owner of neutral units


@register
@dataclass
class Stack:
    """Units of one type and owner in one area (``owner`` is a seat, or None for neutrals)."""

    owner: int | None
    unit: str
    standing: int = 0
    routed: int = 0

    @property
    def count(self) -> int:
        return self.standing + self.routed


@register
@dataclass
class Stronghold:
    owner: int
    damaged: bool = False


@register
@dataclass
class Rune:
    """A rune token in an area. Face down unless ``face_up``; ``known_to`` seats know what it is."""

    dragon: bool
    known_to: list[int] = field(default_factory=list)
    face_up: bool = False


@register
@dataclass
class Area:
    id: str
    stacks: list[Stack] = field(default_factory=list)
    stronghold: Stronghold | None = None
    rune: Rune | None = None
    city: str | None = None
    activated_by: list[int] = field(default_factory=list)

    def units_of(self, owner: int | None) -> int:
        return sum(s.count for s in self.stacks if s.owner == owner)

    def add_units(self, owner: int | None, unit: str, count: int) -> None:
        for stack in self.stacks:
            if stack.owner == owner and stack.unit == unit:
                stack.standing += count
                return
        self.stacks.append(Stack(owner, unit, standing=count))


@register
@dataclass
class Player:
    seat: int
    faction: str | None = None
    dials: dict[str, int] = field(default_factory=dict)
    influence: int = 0
    home_areas: list[str] = field(default_factory=list)


@register
@dataclass
class RunewarsBoard:
    """``phase`` names the step of the game, e.g. ``setup.faction`` or ``setup.units``."""

    phase: str
    players: list[Player]
    first_player: int = 0
    placements: list[Placement] = field(default_factory=list)
    areas: dict[str, Area] = field(default_factory=dict)
    fate_deck: list[str] = field(default_factory=list)
    fate_discard: list[str] = field(default_factory=list)
    setup_quests: list[list[str]] = field(default_factory=list)
    rune_supply: dict[str, int] = field(default_factory=dict)
    #: seats still to act in the current setup step, in order
    setup_queue: list[int] = field(default_factory=list)
