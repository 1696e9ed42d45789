"""A JSON codec for states, actions, events and records (never pickle).

Plain JSON values pass through. Dataclasses registered with :func:`register` are written
as objects tagged ``"$type"``; tuples, sets and dicts with non-string keys get their own
tags so that ``decode(encode(x)) == x``. Output is canonical (sorted keys, no spaces), so
equal states have equal text and :func:`state_hash` can compare them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any, TypeVar

from engine.core.errors import N_, InvalidAction
from engine.core.model import Action, ActionRecord, Event, GameState, Prompt

T = TypeVar("T")

_TYPES: dict[str, type] = {}


def register(cls: type[T]) -> type[T]:
    """Class decorator: make a dataclass encodable under its class name."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    known = _TYPES.get(cls.__name__)
    if known is not None and known is not cls and known.__qualname__ != cls.__qualname__:
        raise TypeError(f"two codec types named {cls.__name__}")
    _TYPES[cls.__name__] = cls
    return cls


for _cls in (Action, Prompt, Event, ActionRecord, GameState):
    register(_cls)


def to_plain(value: Any) -> Any:
    """Turn ``value`` into JSON-compatible data with type tags."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if _TYPES.get(name) is not type(value):
            raise TypeError(f"{name} is not registered with engine.core.codec.register")
        out = {"$type": name}
        for f in dataclasses.fields(value):
            out[f.name] = to_plain(getattr(value, f.name))
        return out
    if isinstance(value, (list,)):
        return [to_plain(v) for v in value]
    if isinstance(value, tuple):
        return {"$tuple": [to_plain(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted((to_plain(v) for v in value), key=_sort_key)}
    if isinstance(value, dict) or hasattr(value, "items"):
        items = list(value.items())
        if all(isinstance(k, str) and not k.startswith("$") for k, _ in items):
            return {k: to_plain(v) for k, v in items}
        return {"$map": sorted(([to_plain(k), to_plain(v)] for k, v in items), key=_sort_key)}
    raise TypeError(f"cannot encode {type(value).__name__}")


def from_plain(data: Any) -> Any:
    """The inverse of :func:`to_plain`."""
    if isinstance(data, list):
        return [from_plain(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "$type" in data:
        cls = _TYPES.get(data["$type"])
        if cls is None:
            raise TypeError(f"unknown codec type {data['$type']!r}")
        fields = {k: from_plain(v) for k, v in data.items() if k != "$type"}
        return cls(**fields)
    if "$tuple" in data:
        return tuple(from_plain(v) for v in data["$tuple"])
    if "$set" in data:
        return frozenset(_hashable(from_plain(v)) for v in data["$set"])
    if "$map" in data:
        return {_hashable(from_plain(k)): from_plain(v) for k, v in data["$map"]}
    return {k: from_plain(v) for k, v in data.items()}


def encode(value: Any) -> str:
    """Canonical JSON text of ``value``."""
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> Any:
    return from_plain(json.loads(text))


def state_hash(state: GameState) -> str:
    """A short fingerprint of a state: equal states, equal hashes."""
    return hashlib.sha256(encode(state).encode()).hexdigest()[:16]


def action_from_plain(data: Any) -> Action:
    """Build an :class:`Action` from untrusted JSON-like data (e.g. a scenario file)."""
    if not isinstance(data, dict):
        raise InvalidAction(N_("an action is an object with seat, prompt, choice and args"))
    try:
        seat, choice = data["seat"], data["choice"]
    except KeyError as missing:
        raise InvalidAction(N_("an action needs '{key}'", key=missing.args[0])) from None
    args = data.get("args", {})
    prompt = data.get("prompt", "")
    if not isinstance(seat, int) or not isinstance(choice, str) or not isinstance(args, dict):
        raise InvalidAction(N_("seat must be an integer, choice a string and args an object"))
    return Action(seat=seat, prompt=str(prompt), choice=choice, args=args)


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
