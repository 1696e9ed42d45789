"""The AI's handlers, one per prompt kind, registered by the decision modules.

A handler is ``handler(seen, prompt, legal, rng) -> Action``: ``seen`` is the seat's view
(:class:`~engine.runewars.ai.knowledge.Seen`), ``legal`` the seat's legal answers to
``prompt`` (never empty), ``rng`` the seat's own ``random.Random``. It returns one of
``legal``.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen

Handler = Callable[[Seen, Prompt, list[Action], Random], Action]

HANDLERS: dict[str, Handler] = {}


def handles(*kinds: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for kind in kinds:
            if kind in HANDLERS:
                raise ValueError(f"two AI handlers for prompt kind {kind!r}")
            HANDLERS[kind] = handler
        return handler

    return register


def best(legal: list[Action], score: Callable[[Action], float]) -> Action:
    """The highest-scoring legal action; ties go to the first listed (stable, deterministic)."""
    top, top_score = legal[0], score(legal[0])
    for action in legal[1:]:
        value = score(action)
        if value > top_score:
            top, top_score = action, value
    return top


def passive(legal: list[Action]) -> Action | None:
    """An answer that does nothing, if the prompt offers one."""
    return next((a for a in legal if a.choice in PASSIVE_CHOICES), None)


#: choice names that decline, end or skip (used for unknown prompt kinds, see policy.fallback)
PASSIVE_CHOICES = ("done", "decline", "skip", "keep", "pass", "proceed", "end_turn", "none", "no")
