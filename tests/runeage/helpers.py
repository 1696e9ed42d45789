"""Small helpers for the Rune Age rule tests: positions, answering prompts by choice."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Engine, GameState
from engine.runeage.ruleset import RULESET

ENGINE = Engine(RULESET)


def position(options: dict[str, Any], seats: int, spec: dict[str, Any], seed: int = 1) -> GameState:
    return ENGINE.from_position(options, seats, seed, spec).state


def act(state: GameState, seat: int, choice: str, **args: Any):
    prompt = next(p for p in state.prompts if p.seat == seat)
    return ENGINE.apply(state, Action(seat, prompt.id, choice, args))


def answers(state: GameState, seat: int) -> list[Action]:
    return ENGINE.legal(state, seat)


def kinds(transition) -> list[str]:
    return [e.kind for e in transition.events]
