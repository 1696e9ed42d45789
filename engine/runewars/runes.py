"""Dragon runes: counting them and the instant win (p. 32, digest §8 and §0)."""

from __future__ import annotations

from engine.runewars.control import controller
from engine.runewars.data import Pack
from engine.runewars.state import RunewarsBoard


def dragon_rune_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas ``seat`` controls that hold a dragon rune (face up or down)."""
    return [a for a, area in sorted(board.areas.items()) if area.rune and area.rune.dragon and controller(board, a) == seat]


def runes_to_win(pack: Pack, epic: bool) -> int:
    """6 dragon-rune areas win at once; 7 in the epic variant (p. 37)."""
    return int(pack.constant("epic_runes_to_win" if epic else "runes_to_win"))


def instant_winners(board: RunewarsBoard, pack: Pack, order: list[int], epic: bool = False) -> list[int]:
    """Seats controlling enough dragon-rune areas, in player order (who is checked first wins ties)."""
    target = runes_to_win(pack, epic)
    return [seat for seat in order if len(dragon_rune_areas(board, seat)) >= target]
