"""The engine's error taxonomy (after python-chess: precise types, all ``ValueError``s).

Every rejected action leaves the state unchanged: the engine resolves an action on a
private copy and only returns that copy when the ruleset accepted it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.model import Action


class EngineError(ValueError):
    """Base class of every error the engine raises for a bad action or input."""


class InvalidAction(EngineError):
    """The action is malformed: wrong shape, unknown choice, an argument of the wrong type."""


class IllegalAction(EngineError):
    """The action is well formed but the rules forbid it now.

    ``rule`` names the rule (digest section or rulebook page, e.g. ``"p. 17"``),
    ``alternatives`` lists legal actions the player could take instead.
    """

    def __init__(self, message: str, *, rule: str, alternatives: Sequence[Action] = ()):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.alternatives = tuple(alternatives)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class NotYourDecision(EngineError):
    """The seat tried to answer a prompt that another seat (or nobody) owes.

    ``rule`` names the rule (the ruleset's :attr:`~engine.core.Ruleset.turn_rule`),
    ``alternatives`` lists the seat's own legal actions, if any decision awaits it.
    """

    def __init__(
        self, message: str, *, seat: int | None, awaited: Sequence[int] = (), rule: str = "", alternatives: Sequence[Action] = ()
    ):
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.awaited = tuple(awaited)
        self.rule = rule
        self.alternatives = tuple(alternatives)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class GameOver(IllegalAction):
    """The game has ended: no action is legal any more."""

    def __init__(self) -> None:
        super().__init__("The game is over.", rule="core: finished games take no actions")


class ReplayMismatch(EngineError):
    """Replaying a log did not reproduce the recorded chance results or state."""


class IncompatibleState(EngineError):
    """A stored state cannot be loaded by this engine (unknown format, missing migration)."""
