"""The battle's records (pp. 21-22): the frame, its two sides, their fighting figures and pending work.

Participating figures stay in the area's stacks while the battle is fought (the view shows
them where they stand); the frame adds what the table keeps beside the faction sheets:
each figure's damage, which unit types have drawn, this pass's fate cards and the
strength bonuses. Side 0 is the attacker, side 1 the defender.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import register
from engine.runewars.state import Stack

ATTACKER, DEFENDER = 0, 1
SIDE_NAMES = ("attacker", "defender")


@register
@dataclass
class Fighter:
    """One participating figure; ``ally`` is set for neutral units allied with a seat (p. 19)."""

    id: int
    owner: int | None
    unit: str
    ally: int | None = None
    damage: int = 0
    routed: bool = False


@register
@dataclass
class BattleSide:
    #: the side's player, or None for unallied neutrals
    seat: int | None
    #: who decides for the side (unallied neutrals: the player left of the active player, p. 19)
    leader: int
    may_play_tactics: bool
    fighters: list[Fighter] = field(default_factory=list)
    #: units routed before the battle: they stay out and are eliminated if this side retreats (p. 21)
    left_out: list[Stack] = field(default_factory=list)
    #: unit types that have drawn in this battle (each type draws once, p. 22)
    drawn: list[str] = field(default_factory=list)
    #: this pass: the drawing type, its cards, and cards drawn later for it (Beastmen)
    unit: str | None = None
    cards: list[str] = field(default_factory=list)
    extra_cards: list[str] = field(default_factory=list)
    #: strength added when the winner is determined (Siege Engines, Reinforced Wall)
    bonus: int = 0
    #: health overrides until the end of the battle (neutral Sorcerers)
    health: dict[str, int] = field(default_factory=dict)


@register
@dataclass
class Task:
    """Work the battle does before its next step, one at a time, first in the list first.

    ``assign``: side ``side`` puts ``points`` routs/damage/eliminations/retreats on its own
    figures (``what``), limited by ``only``; ``ability``: side ``side`` resolves the special
    ability of unit type ``what`` once; ``redraw``: side ``side`` draws a new card for ``what``.
    """

    kind: str
    side: int
    what: str
    points: int = 1
    only: dict[str, object] = field(default_factory=dict)
    #: figures already hit by this task (abilities that hit different units)
    hit: list[int] = field(default_factory=list)
    why: str = ""
    #: ``again_if_survived``: one more point when the figure hit survives (Infantry)
    then: str = ""
    #: the ability comes from a card drawn later (a Beastman's second card: no further draw)
    extra: bool = False


@register
@dataclass
class Battle:
    area: str
    attacker: int
    #: the seat controlling the area, or None for unallied neutrals
    defender: int | None
    #: started by the Conquer order: the enemy stronghold's strength is lowered (p. 33)
    conquer: bool
    sides: list[BattleSide]
    step: str = "announce"
    row: int = 0
    tasks: list[Task] = field(default_factory=list)
    next_fighter: int = 0
    strength: dict[str, int] = field(default_factory=dict)
    #: ATTACKER or DEFENDER once the result is known
    winner: int | None = None
    #: prompts opened in this battle, and how many of them the engine answered itself
    prompts_opened: int = 0
    prompts_forced: int = 0
