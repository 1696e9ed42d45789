"""Rune Age AI policies from views only."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import Action, Prompt


def random_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)


def choose(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)
