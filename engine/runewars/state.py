"""The Runewars board: what the game state holds beyond the core envelope.

Only facts go here; everything derivable (who controls an area, adjacency, unit supplies)
is computed by the rule modules from these facts and the data pack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import register
from engine.runewars.map import Placement


@register
@dataclass
class Stack:
    """Units of one type and owner in one area (``owner`` is a seat, or None for neutrals)."""

    owner: int | None
    unit: str
    standing: int = 0
    routed: int = 0
    #: for neutral stacks: the seat they are allied with (p. 19), else None
    ally: int | None = None

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
    #: seats whose knowledge of this area's rune went stale (a Fortify swap they did not
    #: see, p. 36), with what they last knew lay here: seat -> "dragon" or "false"
    last_known: dict[int, str] = field(default_factory=dict)


@register
@dataclass
class Area:
    id: str
    stacks: list[Stack] = field(default_factory=list)
    stronghold: Stronghold | None = None
    #: a development tile id (e.g. ``humans.resources``); only where its owner has a stronghold (p. 33)
    development: str | None = None
    rune: Rune | None = None
    city: str | None = None
    activated_by: list[int] = field(default_factory=list)

    def units_of(self, owner: int | None) -> int:
        return sum(s.count for s in self.stacks if s.owner == owner)

    def led_by(self, seat: int) -> list[Stack]:
        """The stacks ``seat`` leads here: its own units and the neutrals allied with it (p. 19)."""
        return [s for s in self.stacks if s.count and (s.owner == seat or (s.owner is None and s.ally == seat))]

    def force_of(self, seat: int) -> int:
        """Units counting towards ``seat``'s limits here (8 per area, winter food): allied neutrals included."""
        return sum(s.count for s in self.led_by(seat))

    def stack(self, owner: int | None, unit: str) -> Stack | None:
        return next((s for s in self.stacks if s.owner == owner and s.unit == unit), None)

    def remove_empty_stacks(self) -> None:
        self.stacks = [s for s in self.stacks if s.count]

    def add_units(self, owner: int | None, unit: str, count: int, *, ally: int | None = None, routed: bool = False) -> None:
        """Add figures to the stack of the same owner, unit and alliance (allied and unallied neutrals never mix)."""
        stack = next((s for s in self.stacks if (s.owner, s.unit, s.ally) == (owner, unit, ally)), None)
        if stack is None:
            stack = Stack(owner, unit, ally=ally)
            self.stacks.append(stack)
        if routed:
            stack.routed += count
        else:
            stack.standing += count


@register
@dataclass
class Player:
    seat: int
    faction: str | None = None
    dials: dict[str, int] = field(default_factory=dict)
    influence: int = 0
    home_areas: list[str] = field(default_factory=list)
    #: order numbers in hand (p. 12: all return in spring)
    hand: list[int] = field(default_factory=lambda: list(range(1, 9)))
    #: order numbers played this year, in play order (face up, public)
    played: list[int] = field(default_factory=list)
    #: this season's order while it is chosen but not yet revealed (secret)
    chosen: int | None = None
    tactics: list[str] = field(default_factory=list)
    #: tactics card -> "year/season" it was drawn in: not playable in that season (p. 30)
    tactics_drawn: dict[str, str] = field(default_factory=dict)
    #: quest cards in hand (secret; at most 3, p. 36 / p. 40)
    quests: list[str] = field(default_factory=list)
    objective: str | None = None
    eliminated: bool = False


@register
@dataclass
class Deck:
    """A face-down draw pile and its face-up discard pile (p. 31: an empty deck is rebuilt from its discards)."""

    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)


@register
@dataclass
class Title:
    """A title card (p. 36): who holds it and the influence spent on it (spent, not owned)."""

    holder: int | None = None
    influence: int = 0


@register
@dataclass
class Hero:
    """A hero in play (pp. 25-29): its card lies face up before ``owner``, its figure in ``area``."""

    card: str
    owner: int
    area: str
    damage: int = 0
    routed: bool = False
    #: trait -> its training token, +1 or +2 (one token per trait, p. 26)
    training: dict[str, int] = field(default_factory=dict)
    #: reward cards under the hero card, face down unless in ``RunewarsBoard.face_up_rewards`` (p. 27)
    rewards: list[str] = field(default_factory=list)
    #: "year.season" in which it entered a face-up Dungeon: it moves no further in that season (p. 37, ruling R39)
    held: str = ""


@register
@dataclass
class DefeatedHeroToken:
    """p. 28: a hero defeated other than in a duel leaves its rewards beside the board under a numbered token."""

    number: int
    area: str
    rewards: list[str] = field(default_factory=list)


@register
@dataclass
class ExplorationMarker:
    """An exploration token in an area (optional rule, p. 37); ``known_to``: seats that looked at a face-down one.

    ``back``: the number on its back when it is not the one its area calls for (R4: a back that ran
    out is replaced by the other); 0 means the back of its area.
    """

    token: str
    face_up: bool = False
    known_to: list[int] = field(default_factory=list)
    back: int = 0


@register
@dataclass
class RunewarsBoard:
    """``phase`` names the step of the game, e.g. ``setup.faction`` or ``setup.units``."""

    phase: str
    players: list[Player]
    first_player: int = 0
    placements: list[Placement] = field(default_factory=list)
    areas: dict[str, Area] = field(default_factory=dict)
    setup_quests: list[list[str]] = field(default_factory=list)
    rune_supply: dict[str, int] = field(default_factory=dict)
    #: seats still to act in the current setup step, in order
    setup_queue: list[int] = field(default_factory=list)
    year: int = 0
    season: str = ""
    #: the order numbers revealed this season (public), and those of the previous season
    #: (player order for the second functions, p. 11)
    current_orders: dict[int, int] = field(default_factory=dict)
    previous_orders: dict[int, int] = field(default_factory=dict)
    #: areas where a battle or diplomacy is being fought (p. 15 „Umkämpftes Gebiet“)
    contested: list[str] = field(default_factory=list)
    #: the running procedures, innermost last (engine.runewars.flow)
    stack: list[Any] = field(default_factory=list)
    #: seat -> {battle decision: "auto" | "ask"} (engine.runewars.battle.policy; missing = automatic)
    battle_policy: dict[int, dict[str, str]] = field(default_factory=dict)
    #: tactics, quests, rewards, heroes, objectives and the season decks, by name
    decks: dict[str, Deck] = field(default_factory=dict)
    titles: dict[str, Title] = field(default_factory=dict)
    #: the latest influence bid (p. 31), for the card that called it: {"bids": {seat: n}, "winner": seat}
    last_bid: dict[str, Any] = field(default_factory=dict)
    #: heroes in play, and what they leave behind (engine/runewars/heroes)
    heroes: list[Hero] = field(default_factory=list)
    face_up_rewards: list[str] = field(default_factory=list)
    defeated_heroes: list[DefeatedHeroToken] = field(default_factory=list)
    #: area -> its exploration token (optional rule, p. 37)
    exploration: dict[str, ExplorationMarker] = field(default_factory=dict)
    #: card effects that last (until the next season, this battle, for good): engine.runewars.effects.lasting
    lasting_effects: list[Any] = field(default_factory=list)
