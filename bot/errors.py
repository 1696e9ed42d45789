"""What the bot tells a user when it will not do what they asked (after Avrae's error taxonomy).

Every :class:`RunetableError` carries a ``message`` meant to be shown as is, in an ephemeral
reply: it is never a bug and never comes with a traceback. The engine's refusals
(:class:`~engine.core.InvalidAction`, :class:`~engine.core.IllegalAction`,
:class:`~engine.core.NotYourDecision`) become a :class:`Refusal` value carried by
:class:`Refused`; a refused action changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# RunetableError, the base of them all, lives in the store, which imports nothing of the bot, so
# that its GameNotFound is one too: a missing game is told like every other user error.
from bot.i18n import SOURCE
from bot.store import RunetableError as RunetableError
from engine.core import Action, EngineError, IllegalAction, NotYourDecision, Reason

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
        if rule_text(self.rule, tr):
            lines.append(tr._("Rule: {rule}", rule=rule_text(self.rule, tr)))
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


#: how a value of a refusal is named when no narrator is at hand: as it is
Term = Callable[[str, Any], str]


def _as_is(key: str, value: Any) -> str:
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(str(v) for v in (sorted(value, key=str) if isinstance(value, (set, frozenset)) else value))
    return str(value)


def reason_text(message: str | EngineError, tr: Any = None, term: Term | None = None) -> str:
    """An engine refusal's reason in ``tr``'s language (issue 31): its catalogued template
    (:func:`engine.core.N_`) translated, each value named by ``term`` (the game narrator's
    :meth:`~bot.narration.Narrator.term`: places, cards and units as people say them); a value
    that is itself a reason is translated the same way. The values are inserted, never read
    as a format; a template without values is not formatted at all."""
    tr = tr or _current()
    term = term or _as_is
    template, params = (message.template, message.params) if isinstance(message, EngineError) else _template(message)
    if not template:
        return str(message)
    if not params:
        return tr.gettext(template)
    values = {
        key: reason_text(value, tr, term) if isinstance(value, Reason) else term(key, value) for key, value in params.items()
    }
    return tr._(template, **values)


def _template(message: str) -> tuple[str, dict[str, Any]]:
    return (message.template, message.params) if isinstance(message, Reason) else (str(message), {})


#: a rule reference's page: "p. 17", "pp. 15-16" (the German rulebook's pages, in every language)
_PAGE = re.compile(r"\b(pp?)\. (\d+(?:[-–]\d+)?)")
#: the English gloss of a reference ("p. 22 (Rückzug): one adjacent friendly area ..."); a quote
#: of the German rulebook („…“) is kept
_GLOSS = re.compile(r":\s+(?!„).*?(?=;\s*(?:pp?\.|exp\.|[A-Z])|\s/\s|$)")
#: the references to the English rules digest and a step of it, meant for the source language
_DIGEST = re.compile(r"\s*/?\s*\bdigest\b[^;]*|\s+step \d+\b")


#: an expansion's rulebook in a reference ("exp. p. 8")
_EXPANSION = re.compile(r"\bexp\.")


def rule_text(rule: str | None, tr: Any = None) -> str:
    """A refusal's rule reference as the reader sees it (issue 31, docs/bot.md "Languages"):
    a reference catalogued as a whole (the core's rules, :func:`engine.core.N_`) is translated;
    any other is a citation of the German rulebook, its pages said in the reader's language
    ("p. 17" in English, "S. 17" in German) and its section names and quotes as the rulebook
    prints them; the English glosses and rules-digest references some carry are shown in
    English only."""
    if not rule:
        return ""
    tr = tr or _current()
    if rule in _catalogued():  # the core's rules: messages of their own
        return tr.gettext(rule)
    if tr.language == SOURCE:
        return _pages(rule, tr)
    return _pages(_DIGEST.sub("", _GLOSS.sub("", rule)).strip(" /;,:"), tr)


def _catalogued() -> Any:
    """The catalogue's message ids (the source language's compiled catalogue)."""
    from bot.i18n import _compiled

    return getattr(_compiled(SOURCE), "_catalog", {})


def _pages(text: str, tr: Any) -> str:
    def page(m: re.Match[str]) -> str:
        return tr._("pp. {pages}", pages=m.group(2)) if m.group(1) == "pp" else tr._("p. {page}", page=m.group(2))

    text = _PAGE.sub(page, text)
    # TRANSLATORS: an expansion's rulebook in a rule reference ("exp. p. 8")
    return _EXPANSION.sub(lambda m: tr._("exp."), text)


def refusal_from(
    error: EngineError,
    describe: Callable[[Action], str] = Action.describe,
    seat_name: Callable[[int], str] | None = None,
    term: Term | None = None,
) -> Refusal:
    """Translate an engine error into a :class:`Refusal` in the asker's language, describing
    actions with ``describe`` and naming the reason's values with ``term`` (:func:`reason_text`)."""
    if isinstance(error, IllegalAction):
        return Refusal(
            reason=reason_text(error, term=term),
            rule=error.rule,
            alternatives=error.alternatives,
            described=tuple(describe(a) for a in error.alternatives),
        )
    if isinstance(error, NotYourDecision):
        from bot.narration import player  # a seat as every line names it

        awaited = _current().listing((seat_name or player)(s) for s in error.awaited)
        return Refusal(
            reason=_current()._("{reason} Waiting for: {players}.", reason=reason_text(error, term=term), players=awaited)
            if awaited
            else reason_text(error, term=term),
            rule=error.rule,
            alternatives=error.alternatives,
            described=tuple(describe(a) for a in error.alternatives),
        )
    problem = reason_text(error, term=term).rstrip(".")  # the sentence below ends it once
    return Refusal(reason=_current()._("That action is not valid: {problem}.", problem=problem))


def _current():
    from bot.narration import current_tr

    return current_tr()
