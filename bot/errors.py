"""What the bot tells a user when it will not do what they asked (after Avrae's error taxonomy).

Every :class:`RunetableError` carries a ``message`` meant to be shown as is, in an ephemeral
reply: it is never a bug and never comes with a traceback. The engine's refusals
(:class:`~engine.core.InvalidAction`, :class:`~engine.core.IllegalAction`,
:class:`~engine.core.NotYourDecision`) become a :class:`Refusal` value carried by
:class:`Refused`; a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# RunetableError, the base of them all, lives in the store, which imports nothing of the bot, so
# that its GameNotFound is one too: a missing game is told like every other user error.
from bot.store import RunetableError as RunetableError
from engine.core import Action, EngineError, IllegalAction, NotYourDecision

#: alternatives listed in a refusal; more would crowd an ephemeral reply
MAX_LISTED_ALTERNATIVES = 10


class NotSeated(RunetableError):
    """The user holds no seat in this game."""


class NoGameHere(RunetableError):
    """There is no open game (lobby or active) in this channel."""


class StaleClick(RunetableError):
    """The button or command was built for an older position of the game."""


class GameNotRunning(RunetableError):
    """The game is still a lobby, or is finished or abandoned, so it takes no moves."""


class LobbyClosed(RunetableError):
    """Joining, leaving or starting is only possible while the game is a lobby."""


@dataclass(frozen=True)
class Refusal:
    """Why an action was refused: the reason, the rule that forbids it, what is legal instead.

    ``alternatives`` are the legal actions themselves (a UI can offer them as buttons);
    ``described`` are the same actions as text.
    """

    reason: str
    rule: str | None = None
    alternatives: tuple[Action, ...] = ()
    described: tuple[str, ...] = ()

    def text(self) -> str:
        """The ephemeral reply: reason, rule, and at most ``MAX_LISTED_ALTERNATIVES`` alternatives."""
        from bot.narration import current_tr  # the asker's language (issue 31): set for every command and click

        tr = current_tr()
        lines = [self.reason]
        if self.rule:
            lines.append(tr._("Rule: {rule}", rule=self.rule))
        if self.described:
            shown = self.described[:MAX_LISTED_ALTERNATIVES]
            more = len(self.described) - len(shown)
            listed = " · ".join(shown)
            lines.append(
                tr._("You can: {answers} (and {more} more)", answers=listed, more=more)
                if more
                else tr._("You can: {answers}", answers=listed)
            )
        return "\n".join(lines)


class Refused(RunetableError):
    """The engine refused the action; ``refusal`` says why and what is legal instead."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.text())
        self.refusal = refusal


def refusal_from(
    error: EngineError,
    describe: Callable[[Action], str] = Action.describe,
    seat_name: Callable[[int], str] = lambda seat: f"Player {seat + 1}",
) -> Refusal:
    """Translate an engine error into a :class:`Refusal`, describing actions with ``describe``."""
    if isinstance(error, IllegalAction):
        return Refusal(
            reason=error.message,
            rule=error.rule,
            alternatives=error.alternatives,
            described=tuple(describe(a) for a in error.alternatives),
        )
    if isinstance(error, NotYourDecision):
        awaited = ", ".join(seat_name(s) for s in error.awaited)
        return Refusal(
            reason=_current()._("{reason} Waiting for: {players}.", reason=error.message, players=awaited)
            if awaited
            else error.message,
            rule=error.rule,
            alternatives=error.alternatives,
            described=tuple(describe(a) for a in error.alternatives),
        )
    return Refusal(reason=_current()._("That action is not valid: {problem}.", problem=error))


def _current():
    from bot.narration import current_tr

    return current_tr()
