"""Matching a scenario's expectations against what the engine did, with readable diffs."""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from typing import Any

from engine.core import Event, GameState, Prompt

MISSING = object()


def subset_mismatch(expected: Any, actual: Any, where: str = "") -> str | None:
    """``None`` when every key/value of ``expected`` is found in ``actual``, else the first difference."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where or 'value'}: expected an object, got {_short(actual)}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}{'.' if where else ''}{key}: missing"
            found = subset_mismatch(value, actual[key], f"{where}{'.' if where else ''}{key}")
            if found:
                return found
        return None
    if _plain(expected) != _plain(actual):
        return f"{where or 'value'}: expected {_short(expected)}, got {_short(actual)}"
    return None


def event_pattern_matches(pattern: dict[str, Any], event: Event) -> bool:
    if pattern.get("kind") != event.kind:
        return False
    if "to" in pattern and _visibility(pattern["to"]) != (None if event.to is None else sorted(event.to)):
        return False
    data = {k: v for k, v in pattern.items() if k not in ("kind", "to")}
    return subset_mismatch(data, dict(event.data)) is None


def check_events(patterns: Sequence[dict[str, Any]], events: Sequence[Event]) -> list[str]:
    """The patterns must match events in this order (other events may come between)."""
    position = 0
    for pattern in patterns:
        while position < len(events) and not event_pattern_matches(pattern, events[position]):
            position += 1
        if position == len(events):
            return [
                f"expected event {json.dumps(pattern, sort_keys=True)} (in order), but the events were:\n"
                + _indent("\n".join(describe_event(e) for e in events) or "(none)")
            ]
        position += 1
    return []


def check_no_events(kinds: Sequence[str], events: Sequence[Event]) -> list[str]:
    return [f"event {e.kind!r} must not happen, but did: {describe_event(e)}" for e in events if e.kind in kinds]


def check_pending(patterns: Sequence[dict[str, Any]], prompts: Sequence[Prompt]) -> list[str]:
    """Exactly the open prompts, order-independent; each pattern gives seat, kind and optionally id/forced."""
    actual = sorted(_prompt_summary(p, patterns) for p in prompts)
    expected = sorted(json.dumps(p, sort_keys=True) for p in patterns)
    if actual != expected:
        return ["open prompts differ:\n" + unified(expected, actual)]
    return []


def check_view(check: dict[str, Any], view: dict[str, Any]) -> list[str]:
    path = str(check.get("path", ""))
    actual = lookup(view, path)
    label = f"view of {check.get('seat', 'public')} at {path or '(root)'}"
    if check.get("absent"):
        return [] if actual is MISSING else [f"{label}: expected absent, found {_short(actual)}"]
    if actual is MISSING:
        return [f"{label}: missing"]
    if "null" in check and (actual is None) != bool(check["null"]):
        return [f"{label}: expected {'null' if check['null'] else 'a value'}, got {_short(actual)}"]
    if "equals" in check and _plain(check["equals"]) != _plain(actual):
        return [f"{label} differs:\n" + unified(_pretty(check["equals"]), _pretty(actual))]
    if "contains" in check:
        mismatch = subset_mismatch(check["contains"], actual, path)
        if mismatch:
            return [f"{label}: {mismatch}"]
    return []


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (``hands.0``) through objects and lists."""
    for part in filter(None, path.split(".")):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return MISSING
    return data


def describe_event(event: Event) -> str:
    to = "public" if event.to is None else f"to {sorted(event.to)}"
    return f"{event.kind} [{to}] {json.dumps(_plain(dict(event.data)), sort_keys=True)}"


def unified(expected: Sequence[str] | str, actual: Sequence[str] | str) -> str:
    exp = expected.splitlines() if isinstance(expected, str) else list(expected)
    act = actual.splitlines() if isinstance(actual, str) else list(actual)
    return _indent("\n".join(difflib.unified_diff(exp, act, "expected", "actual", lineterm="")))


def state_summary(state: GameState) -> str:
    return f"seq {state.seq}, awaiting seats {state.awaited()}, result {state.result}"


def _prompt_summary(prompt: Prompt, patterns: Sequence[dict[str, Any]]) -> str:
    keys = set().union(*(p.keys() for p in patterns)) if patterns else {"seat", "kind"}
    full = {"seat": prompt.seat, "kind": prompt.kind, "id": prompt.id, "forced": prompt.forced is not None}
    return json.dumps({k: v for k, v in full.items() if k in keys or k in ("seat", "kind")}, sort_keys=True)


def _visibility(to: Any) -> list[int] | None:
    return None if to == "public" else sorted(to if isinstance(to, list) else [to])


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_default, sort_keys=True))


def _default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    return str(value)


def _pretty(value: Any) -> str:
    return json.dumps(_plain(value), indent=2, sort_keys=True)


def _short(value: Any) -> str:
    text = json.dumps(_plain(value), sort_keys=True)
    return text if len(text) <= 200 else text[:197] + "..."


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())
