"""Versioned games: what happens to a running game when the engine or its data pack changes.

The rule (documented in docs/versioning.md):

* Every state records its ruleset's ``state_format`` and its data pack's hash.
* A stored state older than the running ruleset is upgraded step by step by the named
  migrations registered here for that game (``format n -> n+1``); a missing step or a
  state newer than the code is refused with :class:`IncompatibleState`, never guessed.
* A running game keeps the data pack it started with (looked up by hash); a changed or
  new pack applies to new games only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IncompatibleState

Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class _Step:
    name: str
    upgrade: Migration


_MIGRATIONS: dict[tuple[str, int], _Step] = {}


def migration(game: str, from_format: int, name: str) -> Callable[[Migration], Migration]:
    """Register ``upgrade(plain_state) -> plain_state`` taking ``game`` from ``from_format`` to the next."""

    def decorate(upgrade: Migration) -> Migration:
        key = (game, from_format)
        if key in _MIGRATIONS:
            raise ValueError(f"two migrations for {game} format {from_format}")
        _MIGRATIONS[key] = _Step(name, upgrade)
        return upgrade

    return decorate


def upgrade(plain: dict[str, Any], current_format: int) -> tuple[dict[str, Any], list[str]]:
    """Bring a plain (decoded-JSON) state up to ``current_format``; returns it and the migrations applied."""
    game: Any = plain.get("game")  # a name, or missing (no migration is registered for None)
    fmt = plain.get("format")
    if not isinstance(fmt, int):
        raise IncompatibleState("the stored state has no format number")
    if fmt > current_format:
        raise IncompatibleState(
            f"this {game} game was saved by a newer Runetable (state format {fmt}, this one knows {current_format}); "
            "upgrade Runetable to continue it"
        )
    applied = []
    while fmt < current_format:
        step = _MIGRATIONS.get((game, fmt))
        if step is None:
            raise IncompatibleState(f"no migration takes {game} games from state format {fmt} to {fmt + 1}")
        plain = step.upgrade(dict(plain))
        fmt += 1
        plain["format"] = fmt
        applied.append(step.name)
    return plain, applied
