"""The engine's error taxonomy (after python-chess: precise types, all ``ValueError``s).

Every rejected action leaves the state unchanged: the engine resolves an action on a
private copy and only returns that copy when the ruleset accepted it.

A refusal's words (issue 31): the engine speaks no language of its own and imports no gettext.
Its reasons are English *templates* marked with :func:`N_` (the bot's catalogue extracts them
from the engine packages) with their values apart, raw (area, card and unit ids, numbers):
``N_("The units cannot retreat to {area}.", area="E4")`` is a :class:`Reason`, a ``str`` that
reads as the English text (logs, tests, ``str(error)``) and keeps ``template`` and ``params``,
which the bot translates into the reader's language, naming each value as its narrator names
things. A reason without values is the plain template. Pack text is never a template.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.model import Action


class Reason(str):
    """A refusal's English text that keeps its catalogued ``template`` and raw ``params``."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Reason:
        text = template.format_map({k: _english(v) for k, v in params.items()}) if params else template
        made = super().__new__(cls, text)
        made.template, made.params = str(template), dict(params)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Reason, (self.template, self.params))


def N_(template: str, /, **params: Any) -> str:
    """Marks ``template`` (an English message with ``{name}`` fields) for the bot's catalogue;
    with ``params`` it is a :class:`Reason` (the English text with its values kept apart)."""
    return Reason(template, params) if params else template


def template_of(message: str) -> tuple[str, dict[str, Any]]:
    """A message's catalogued template and raw values (a plain string is its own template)."""
    if isinstance(message, Reason):
        return message.template, dict(message.params)
    return str(message), {}


def _english(value: Any) -> str:
    """A raw value in the English text: lists and sets as ``a, b``."""
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=str)
    if isinstance(value, (list, tuple)):
        return ", ".join(_english(v) for v in value)
    return str(value)


class EngineError(ValueError):
    """Base class of every error the engine raises for a bad action or input."""

    #: the refusal's catalogued template and its raw values (:func:`N_`); set by the refusals
    template: str = ""
    params: dict[str, Any] = {}  # never mutated: each refusal sets its own


class InvalidAction(EngineError):
    """The action is malformed: wrong shape, unknown choice, an argument of the wrong type."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = str(message)
        self.template, self.params = template_of(message)


class IllegalAction(EngineError):
    """The action is well formed but the rules forbid it now.

    ``rule`` names the rule (digest section or rulebook page, e.g. ``"p. 17"``),
    ``alternatives`` lists legal actions the player could take instead.
    """

    def __init__(self, message: str, *, rule: str, alternatives: Sequence[Action] = ()):
        super().__init__(message)
        self.message = str(message)
        self.template, self.params = template_of(message)
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
        self.message = str(message)
        self.template, self.params = template_of(message)
        self.seat = seat
        self.awaited = tuple(awaited)
        self.rule = rule
        self.alternatives = tuple(alternatives)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class GameOver(IllegalAction):
    """The game has ended: no action is legal any more."""

    def __init__(self) -> None:
        super().__init__(N_("The game is over."), rule=N_("core: finished games take no actions"))


class ReplayMismatch(EngineError):
    """Replaying a log did not reproduce the recorded chance results or state."""


class IncompatibleState(EngineError):
    """A stored state cannot be loaded by this engine (unknown format, missing migration)."""
