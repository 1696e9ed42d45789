"""Shared helpers of the Lords of Ragnarok tests."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Engine, GameState
from engine.ragnarok.ruleset import RULESET

ENGINE = Engine(RULESET)


def at(seats: int = 3, seed: int = 1, **position: Any) -> GameState:
    """A position (engine/ragnarok/position.py) with no monsters and Loki in territory 10 unless given."""
    position.setdefault("boss", 10)
    position.setdefault("monsters", {})
    return ENGINE.from_position({}, seats, seed, position).state


def answer(state: GameState, seat: int, choice: str, **args: Any) -> GameState:
    prompt = next(p for p in state.prompts if p.seat == seat)
    return ENGINE.apply(state, Action(seat, prompt.id, choice, args)).state


def kinds(state: GameState) -> list[tuple[int, str]]:
    return [(p.seat, p.kind) for p in state.prompts]


def legal(state: GameState, seat: int) -> list[Action]:
    return ENGINE.legal(state, seat)
