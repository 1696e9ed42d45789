"""Finding a ruleset by name: a registered game (``"runewars"``) or ``"package.module"``.

A module names its ruleset in a module-level ``RULESET``.
"""

from __future__ import annotations

import importlib

from engine.core.ruleset import Ruleset

#: games shipped with Runetable, by name -> module
BUILTIN_GAMES: dict[str, str] = {"runewars": "engine.runewars.ruleset"}


class UnknownGame(LookupError):
    pass


def load_ruleset(name: str) -> Ruleset:
    module_name = BUILTIN_GAMES.get(name, name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        known = ", ".join(sorted(BUILTIN_GAMES)) or "none yet"
        raise UnknownGame(f"unknown game {name!r} (built-in games: {known}; or give a module path)") from exc
    ruleset = getattr(module, "RULESET", None)
    if not isinstance(ruleset, Ruleset):
        raise UnknownGame(f"module {module_name} has no RULESET")
    return ruleset
