"""The closed vocabulary of card effects (digest §13; issue #7).

A card's machine-readable text is a list of *effect records*, ``[{do = "name", param = …}]``.
Every name is registered here with typed parameters; the data checker
(:func:`effect_problems`) refuses an unknown name, a missing or unknown parameter and a
value of the wrong type, so a data pack can only say what the engine can do.

- :func:`effect` registers ``fn(state, pack, ctx, seat, **params) -> None``. A parameter
  whose function argument has a default is optional. An effect that needs a decision
  pushes a frame that asks a prompt (``flow.push``); the next record waits for it.
- :func:`resolve_effects` runs records for ``seat`` in order: it pushes an
  :class:`Effects` frame, so its caller lets the runner go on (an ``advance`` returns
  ``False``; a prompt resolver just returns). The running frame (``flow.top(state,
  Effects)``) tells an effect which card it belongs to.

Parameter types: ``int``, ``str``, ``bool``, ``area`` (an area id), ``unit`` (a unit id),
``resource`` (food, wood, ore), ``seat`` (a seat number, a selector word of
:data:`SEAT_WORDS` or ``holder:<title id>``), ``card`` (a card id), ``list`` (a list of
strings), and ``"a|b|c"``: one of the listed words.

The modules of this package: ``common`` (finding cards, whom an effect aims at, choices),
``windows`` (playing tactics cards, the windows), ``hand`` (the hand limit), ``lasting``
(durations), ``basic`` and ``battle`` and ``hero_cards`` (the effects), ``season_cards``
(step 1 of a season), ``titles``, ``objectives`` and ``conditions``, ``reading`` (what the
views show of cards), ``pack_check`` (a pack's decks against this vocabulary). docs/effects.md
describes the vocabulary for data-pack authors.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Context, GameState, register
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, push, top

EffectFn = Callable[..., None]

RESOURCES = ("food", "wood", "ore")
#: who an effect aims at, relative to the card's player
SEAT_WORDS = ("self", "left", "right", "each", "others", "bid_winner", "active")


@dataclass(frozen=True)
class RecordSpec:
    """A registered effect or condition: its function and typed parameters (those without a default are required)."""

    name: str
    fn: Callable[..., Any]
    params: dict[str, str]
    required: frozenset[str]

    @classmethod
    def of(cls, name: str, fn: Callable[..., Any], param_types: dict[str, str]) -> RecordSpec:
        signature = inspect.signature(fn).parameters
        required = frozenset(p for p in param_types if signature[p].default is inspect.Parameter.empty)
        return cls(name, fn, dict(param_types), required)


EFFECTS: dict[str, RecordSpec] = {}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_TYPE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "int": _is_int,
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "area": lambda v: isinstance(v, str) and v != "",
    "unit": lambda v: isinstance(v, str) and v != "",
    "card": lambda v: isinstance(v, str) and v != "",
    "resource": lambda v: v in RESOURCES,
    "seat": lambda v: (
        (_is_int(v) and v >= 0) or v in SEAT_WORDS or (isinstance(v, str) and v.startswith("holder:") and len(v) > 7)
    ),
    "list": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
}


def type_check(kind: str) -> Callable[[Any], bool]:
    if "|" in kind:
        words = kind.split("|")
        return lambda v: v in words
    return _TYPE_CHECKS[kind]


def effect(name: str, **param_types: str) -> Callable[[EffectFn], EffectFn]:
    """Register the effect ``name``; ``param_types`` maps each parameter to its type."""
    for param, kind in param_types.items():
        if kind not in _TYPE_CHECKS and "|" not in kind:
            raise ValueError(f"effect {name!r}: parameter {param!r} has unknown type {kind!r}")

    def register_fn(fn: EffectFn) -> EffectFn:
        if name in EFFECTS:
            raise ValueError(f"effect {name!r} registered twice")
        missing = set(param_types) - set(inspect.signature(fn).parameters)
        if missing:
            raise ValueError(f"effect {name!r}: function lacks parameters {sorted(missing)}")
        EFFECTS[name] = RecordSpec.of(name, fn, param_types)
        return fn

    return register_fn


_APPLIES: dict[str, Callable[..., bool]] = {}


def applies_when(name: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Register ``fn(state, pack, seat, **params) -> bool``: whether effect ``name`` can do anything now.

    A card is playable only when its first effect can (a card without a target is not played).
    """

    def register_fn(fn: Callable[..., bool]) -> Callable[..., bool]:
        _APPLIES[name] = fn
        return fn

    return register_fn


def applies(state: GameState, pack: Pack, seat: int, record: dict[str, Any]) -> bool:
    check = _APPLIES.get(record["do"])
    return check is None or check(state, pack, seat, **{k: v for k, v in record.items() if k != "do"})


def effect_problems(record: Any) -> list[str]:
    """What is wrong with one effect record (empty when it is a known effect with good params)."""
    if not isinstance(record, dict):
        return [f"an effect is a table {{do = ..., ...}}, not {record!r}"]
    name = record.get("do")
    spec = EFFECTS.get(name) if isinstance(name, str) else None
    if spec is None:
        return [f"unknown effect {name!r}" + ("" if "do" in record else " (the key 'do' names the effect)")]
    params = {k: v for k, v in record.items() if k != "do"}
    problems = [f"{name}: unknown parameter {p!r} (known: {sorted(spec.params)})" for p in sorted(set(params) - set(spec.params))]
    problems += [f"{name}: missing parameter {p!r}" for p in sorted(spec.required - set(params))]
    problems += [
        f"{name}: parameter {p!r} should be {spec.params[p]}, not {v!r}"
        for p, v in params.items()
        if p in spec.params and not type_check(spec.params[p])(v)
    ]
    return problems


@register
@dataclass
class Effects:
    """Effect records being resolved for ``seat``, one after another (``card``: where they come from)."""

    seat: int
    records: list[dict[str, Any]]
    card: str = ""
    done: int = 0
    #: what earlier records of the same card left for later ones (e.g. the area chosen)
    memo: dict[str, Any] = field(default_factory=dict)


def resolve_effects(
    state: GameState,
    pack: Pack,
    ctx: Context,
    seat: int,
    records: list[dict[str, Any]],
    card: str = "",
    memo: dict[str, Any] | None = None,
) -> Effects:
    """Resolve ``records`` for ``seat`` in order; they run when the caller lets the runner go on.

    ``memo`` starts the frame's memo (e.g. a window's public context: its area, hero, side).
    """
    for record in records:
        problems = effect_problems(record)
        if problems:
            raise ValueError(f"card {card or '?'}: " + "; ".join(problems))
    frame = Effects(seat, [dict(r) for r in records], card, memo=dict(memo or {}))
    push(state, frame)
    return frame


def running_card(state: GameState) -> str:
    """The card whose effects are being resolved ("" outside any card)."""
    frame = top(state, Effects)
    return "" if frame is None else frame.card


@procedure(Effects)
def _advance_effects(state: GameState, pack: Pack, frame: Effects, ctx: Context) -> bool:
    stack = state.board.stack
    while frame.done < len(frame.records):
        record = frame.records[frame.done]
        frame.done += 1
        params = {k: v for k, v in record.items() if k != "do"}
        EFFECTS[record["do"]].fn(state, pack, ctx, frame.seat, **params)
        if stack[-1] is not frame or state.prompts or state.result is not None:
            return False
    return True
