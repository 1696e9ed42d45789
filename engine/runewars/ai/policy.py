"""The AI's entry point: one decision for one seat, from that seat's view only.

:func:`choose` builds the seat's :class:`~engine.runewars.ai.knowledge.Seen` from the view
and the data pack and asks the handler registered for the prompt's kind. A kind with no
handler (rules that other issues add later; ``simulate`` lists the ones it met) gets the
documented fallback (:func:`fallback`): a passive answer when the prompt offers one
(declining an optional effect is never against the rules and rarely a disaster), else
the first legal answer (engines list the plain default first).
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import Action, Prompt
from engine.runewars.ai import (
    banners,  # noqa: F401  (registers the Banners of War handlers and counts)
    battle,
    cards,
    contender,
    economy,
    heroes,
    mapbuild,
    movement,
    orders,
    runes,
    start,
)
from engine.runewars.ai import variants as _variants  # noqa: F401  (after contender: the Banners variants' handlers, counts)
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import HANDLERS, passive
from engine.runewars.data import Pack

#: the decision modules, one per area of the game; each registers its handlers when imported
DECISION_MODULES = (start, mapbuild, orders, movement, battle, economy, runes, cards, heroes)


def fallback(legal: list[Action]) -> Action:
    """The answer for a prompt kind the AI has no handler for (see the module docstring)."""
    return passive(legal) or legal[0]


def choose(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Pack) -> Action:
    """The AI's answer to ``prompt`` from ``view`` (the seat's view) and the seat's ``legal`` answers."""
    if not legal:
        raise ValueError(f"prompt {prompt.id} ({prompt.kind}) has no legal answer")
    claim = next((a for a in legal if a.choice == "claim"), None)
    if claim is not None and prompt.kind != "turn_window":  # claimed at once, as in the turn's windows (ai/cards.py)
        return claim
    handler = HANDLERS.get(prompt.kind)
    if handler is None:
        return fallback(legal)
    action = handler(Seen(view, pack, prompt.seat), prompt, legal, rng)
    if action not in legal:
        raise AssertionError(f"AI handler for {prompt.kind} answered {action.describe()}, which is not legal")
    return action


def choose_new(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Pack) -> Action:
    """The ``new`` policy (issue 20 item 7, docs/ai.md "Policies"): the same handlers, reasoning towards
    six dragon runes (:mod:`engine.runewars.ai.contender`), from the same inputs as :func:`choose`."""
    if not legal:
        raise ValueError(f"prompt {prompt.id} ({prompt.kind}) has no legal answer")
    claim = next((a for a in legal if a.choice == "claim"), None)
    if claim is not None and prompt.kind != "turn_window":
        return claim
    handler = contender.HANDLERS.get(prompt.kind) or HANDLERS.get(prompt.kind)
    if handler is None:
        return fallback(legal)
    action = handler(Seen(view, pack, prompt.seat, contender=True), prompt, legal, rng)
    if action not in legal:
        raise AssertionError(f"AI handler for {prompt.kind} answered {action.describe()}, which is not legal")
    return action


#: today's policy under its comparison name (``--ai baseline``)
baseline = choose


def random_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Pack) -> Action:
    """The uniform-random legal player the AI is measured against."""
    return rng.choice(legal)


def handled_kinds() -> set[str]:
    return set(HANDLERS)
