"""The game-agnostic engine contract (stdlib only).

``Engine(ruleset)`` offers ``setup``, ``pending``, ``legal``, ``apply``, ``view`` and
``replay``; see ``docs/architecture.md``.
"""

from engine.core.codec import decode, encode, register, state_hash
from engine.core.engine import Engine, events_for, replay
from engine.core.errors import (
    N_,
    EngineError,
    GameOver,
    IllegalAction,
    IncompatibleState,
    InvalidAction,
    NotYourDecision,
    Reason,
    ReplayMismatch,
)
from engine.core.model import (
    PUBLIC,
    Action,
    ActionRecord,
    Event,
    GameState,
    Prompt,
    Seat,
    Transition,
    left_of,
    seats_from,
)
from engine.core.registry import UnknownGame, load_ruleset
from engine.core.rng import Rng
from engine.core.ruleset import Context, Ruleset

__all__ = [
    "PUBLIC",
    "Action",
    "ActionRecord",
    "Context",
    "Engine",
    "EngineError",
    "Event",
    "GameOver",
    "GameState",
    "IllegalAction",
    "IncompatibleState",
    "InvalidAction",
    "N_",
    "NotYourDecision",
    "Prompt",
    "Reason",
    "ReplayMismatch",
    "Rng",
    "Ruleset",
    "Seat",
    "Transition",
    "UnknownGame",
    "decode",
    "encode",
    "events_for",
    "left_of",
    "load_ruleset",
    "register",
    "replay",
    "seats_from",
    "state_hash",
]
