"""A seeded, serialisable random number generator.

SplitMix64: a 64-bit state, one multiplication-and-xorshift step per draw. The whole state
is one integer, so it serialises into the game state as a plain JSON number and a replay
from the same seed draws the same numbers on every platform and Python version (unlike
``random.Random``, whose algorithms are not promised to stay the same).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """Deterministic generator. ``draws`` records every result since the last ``take_draws``."""

    __slots__ = ("state", "draws")

    def __init__(self, state: int):
        self.state = state & _MASK
        self.draws: list[int] = []

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed)

    def _next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next64()
            if value < limit:
                result = value % n
                self.draws.append(result)
                return result

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def take_draws(self) -> list[int]:
        """The chance results drawn since the last call (for the action record)."""
        draws, self.draws = self.draws, []
        return draws
