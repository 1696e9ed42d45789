"""One descriptor per game: what a game is made of, found by name (after boardgame.io's ``Game``
and OpenSpiel's ``register_game``).

A :class:`GameDescriptor` names its parts by reference (``"package.module:attribute"``), so
reading a descriptor imports nothing: the ruleset, the data pack's loader and checker, the
front-end (``bot/games/<game>/``), the renderer, the AI policies and the scenario folder are
imported only when something asks for them. Offline tools never import discord.py, and
``engine.core`` names no game.

Options are typed: :meth:`GameDescriptor.check_options` refuses an unknown option or a value of
the wrong type with the list of the options the game knows, wherever options come from (the
lobby, ``--options`` of a command, a scenario file).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.ruleset import Ruleset

#: the types an option's value may have
OPTION_TYPES: tuple[type, ...] = (bool, int, str, dict)

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


class BadOption(ValueError):
    """An option the game does not know, or a value it does not take."""


@dataclass(frozen=True)
class Option:
    """One game option: its name, type, default and a line of help.

    ``choices`` limits a ``str`` or ``int`` option to those values. ``table`` options are set
    by the table itself (a player's setting, the data pack chosen from a list) rather than
    typed into a lobby, but are checked the same way. ``requires`` names the options that must be
    on (truthy) for this one to be on (an expansion's variants need the expansion). ``seats`` lists
    the numbers of players the option may be on with (empty: any); the ruleset's setup refuses a
    game of another size with the option on, naming its rule.
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    table: bool = False
    requires: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise TypeError(f"option {self.name}: type {self.type.__name__} is not one of bool, int, str, dict")

    def check(self, value: Any) -> Any:
        """``value`` as this option's type (text from a command line is parsed); raises :class:`BadOption`."""
        parsed = self._parse(value)
        if self.choices and parsed not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.name} takes one of {allowed}, not {value!r}")
        return parsed

    def _parse(self, value: Any) -> Any:
        wanted = f"option {self.name} takes {self._describe_type()}, not {value!r}"
        if self.type is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in TRUE_WORDS | FALSE_WORDS:
                return value.strip().lower() in TRUE_WORDS
            raise BadOption(wanted)
        if self.type is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                return int(value)
            raise BadOption(wanted)
        if not isinstance(value, self.type):
            raise BadOption(wanted)
        return value

    def _describe_type(self) -> str:
        return {bool: "yes or no", int: "a whole number", str: "a text", dict: "a table"}[self.type]

    def describe(self) -> str:
        """``name (type, default X): help`` for listings."""
        kind = "/".join(str(c) for c in self.choices) if self.choices else self._describe_type()
        return f"{self.name} ({kind}, default {self.default!r}): {self.help}"


def resolve(reference: str) -> Any:
    """The object a ``"package.module:attribute.attribute"`` reference names (``"package.module"``: the module)."""
    module_name, _, attribute = reference.partition(":")
    found: Any = importlib.import_module(module_name)
    for name in attribute.split(".") if attribute else ():
        found = getattr(found, name)
    return found


@dataclass(frozen=True)
class GameDescriptor:
    """A game as one small object; every part is a reference resolved on first use.

    ``ruleset`` is required; a game may lack the other parts (the tiny test game has no data
    pack). ``seat_role`` says what a seat plays (``"faction"``, ``"hero"``, ``"race"``,
    ``"people"``); each seat's role, stored with it for results and stats, is the ``seat_role``
    field of the public view's ``players`` entries (once chosen), unless ``roles`` names
    ``roles(public_view) -> {seat: role}``. ``ai_policies`` maps a policy's name to its callable
    ``policy(view, prompt, legal, rng, *, pack) -> Action``; ``default_ai`` names the one AI
    seats use. ``scenarios`` is a folder of scenario files relative to the repository (or
    absolute). ``selfplay`` names the game's checks for ``simulate`` (invariants and counts).
    ``hidden`` names ``permute_hidden(state, rng) -> GameState``: a copy of the state with its
    hidden information drawn again (decks reordered, unseen tokens swapped), which the
    conformance suite uses to show that public views and events do not depend on it.
    """

    name: str
    title: str
    ruleset: str
    options: tuple[Option, ...] = ()
    seat_role: str = "seat"
    roles: str | None = None
    pack: str | None = None
    pack_check: str | None = None
    frontend: str | None = None
    renderer: str | None = None
    ai_policies: Mapping[str, str] = field(default_factory=dict)
    default_ai: str | None = None
    scenarios: str | None = None
    selfplay: str | None = None
    hidden: str | None = None

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"game {self.name}: an option is named twice in {names}")
        if self.default_ai is not None and self.default_ai not in self.ai_policies:
            raise ValueError(f"game {self.name}: default_ai {self.default_ai!r} is not one of its ai_policies")
        for option in self.options:
            for required in option.requires:
                if required not in names:
                    raise ValueError(f"game {self.name}: option {option.name} requires an unknown option {required!r}")

    # ------------------------------------------------------------------ parts

    def load_ruleset(self) -> Ruleset:
        ruleset = _cached(self.ruleset)
        if not isinstance(ruleset, Ruleset):
            raise TypeError(f"game {self.name}: {self.ruleset} is not a Ruleset")
        return ruleset

    def load_pack(self, options: Mapping[str, Any]) -> Any:
        """The data pack a game with ``options`` plays with, or None for a game without packs."""
        return None if self.pack is None else _cached(self.pack)(options)

    def load_frontend(self) -> Any:
        return None if self.frontend is None else _cached(self.frontend)

    def load_renderer(self) -> Any:
        return None if self.renderer is None else _cached(self.renderer)

    def ai(self, name: str | None = None) -> Callable[..., Any] | None:
        """The AI policy called ``name`` (default: :attr:`default_ai`), or None for a game without AI."""
        name = name or self.default_ai
        if name is None:
            return None
        if name not in self.ai_policies:
            raise BadOption(f"{self.name} has no AI policy {name!r}; it has {', '.join(self.ai_policies) or 'none'}")
        policy: Callable[..., Any] = _cached(self.ai_policies[name])
        return policy

    def seat_roles(self, public_view: Mapping[str, Any]) -> dict[int, str]:
        """Each seat's role as the public view shows it (empty while unknown)."""
        if self.roles is not None:
            return dict(_cached(self.roles)(public_view))
        if self.seat_role == "seat":  # a seat plays nothing but itself
            return {}
        players = public_view.get("players") or []
        return {int(p["seat"]): str(p[self.seat_role]) for p in players if isinstance(p, Mapping) and p.get(self.seat_role)}

    def scenario_dir(self, root: Path | None = None) -> Path | None:
        if self.scenarios is None:
            return None
        path = Path(self.scenarios)
        return path if path.is_absolute() or root is None else root / path

    @property
    def min_players(self) -> int:
        return self.load_ruleset().min_seats

    @property
    def max_players(self) -> int:
        return self.load_ruleset().max_seats

    # ------------------------------------------------------------------ options

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise BadOption(f"{self.name} has no option {name!r}; {self.known_options()}")

    def known_options(self) -> str:
        names = ", ".join(o.name for o in self.options)
        return f"its options are: {names}" if names else "it has no options"

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` checked and typed: every name known, every value of its option's type.
        Options left out are left out (the ruleset applies the defaults). An option that is on
        while an option it ``requires`` is not is refused, naming both."""
        checked = {name: self.option(name).check(value) for name, value in given.items()}
        for name, value in checked.items():
            missing = [r for r in self.option(name).requires if not checked.get(r, self.option(r).default)]
            if value and missing:
                raise BadOption(f"option {name} needs the option {' and '.join(missing)}: turn {' and '.join(missing)} on too")
        return checked

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


_RESOLVED: dict[str, Any] = {}


def _cached(reference: str) -> Any:
    if reference not in _RESOLVED:
        _RESOLVED[reference] = resolve(reference)
    return _RESOLVED[reference]


def data_pack_folder(options: Mapping[str, Any] | None) -> str | None:
    """The folder a game's ``data_pack`` option names, or None for the built-in pack."""
    return (options or {}).get("data_pack") or None


@dataclass
class PackCheck:
    """What a game's ``pack_check`` found (:func:`report_pack_check`): its ``errors`` as lines,
    its components' ``counts``, the pack's hash (empty when it cannot be read)."""

    ok: bool
    errors: list[str]
    counts: dict[str, Any]
    pack_hash: str
    game: str

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "errors": self.errors, "counts": self.counts, "pack_hash": self.pack_hash, "game": self.game}


def report_pack_check(result: Any, *, as_json: bool) -> int:
    """Print what a descriptor's ``pack_check`` found (a result with ``ok``, ``errors``,
    ``counts``, ``pack_hash`` and ``to_dict()``): the JSON, or the errors on stderr and a summary
    line. Returns the exit status: 0 only for a valid pack."""
    try:
        if as_json:
            print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        else:
            for error in result.errors:
                print(f"ERROR {error}", file=sys.stderr)
            print(("OK" if result.ok else f"FAILED ({len(result.errors)} errors)") + f"  hash={result.pack_hash}")
            print(json.dumps(result.counts, ensure_ascii=False))
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early; the verdict stands
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if result.ok else 1


def parse_options(text: str) -> dict[str, Any]:
    """``"epic,exploration,map_building=rulebook"`` -> ``{"epic": "true", "exploration": "true",
    "map_building": "rulebook"}``: a command line's options, as text for :meth:`GameDescriptor.check_options`."""
    options: dict[str, Any] = {}
    for entry in text.split(","):
        name, sep, value = (part.strip() for part in entry.partition("="))
        if name:
            options[name] = value if sep else "true"
    return options
