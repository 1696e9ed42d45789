"""Scenario positions (docs/scenarios.md): a set-up game moved to a position described directly.

The position's keys replace the board's fields of the same name (``cells`` by name, ``armies`` as
lists of dicts with ``owner``, ``cell``, ``type``, ``reg``, ``merc``), then the phase machine opens
the prompts of the position's ``phase``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Context, GameState
from engine.seventhstone.state import StoneBoard

FIELDS = frozenset(StoneBoard.__dataclass_fields__) - {"cells"}


def load(rules: Any, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
    b: StoneBoard = state.board
    state.prompts = []
    for key, value in position.items():
        if key == "cells":
            for name, data in value.items():
                b.cells[name] = {"portal": None, **dict(data)}
        elif key == "armies":
            b.armies = []
            for army in value:
                b.armies.append(
                    {"id": b.next_army, "equip": None, "moved": False, "reg": 0, "merc": 0, **dict(army)},
                )
                b.next_army += 1
        elif key in FIELDS:
            setattr(b, key, value)
        else:
            raise ValueError(f"seventhstone positions have no field {key!r}")
    rules._advance(state, ctx)
