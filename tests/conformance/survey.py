"""Random legal play of one game, with the checks that need the position as it is played
(after OpenSpiel's ``random_sim_test``).

:func:`survey` plays a plan of games (every seat count, every non-default option value, a few
seeds) choosing uniformly among the legal answers of *all* open prompts, so simultaneous
prompts are answered in every order. While playing it checks, at every step, that each open
prompt has a legal answer, and at sampled steps the hidden-information claim (:func:`hidden_check`).
It keeps what the later checks need: each game's records and the state hash after each
transition (replay), a few positions per prompt kind (AI, narrator, panels) and a few events per
event kind (narrator). Each check's problems are collected as text, so one test per check can
say everything that is wrong at once.

The hidden-information claim, precisely. ``permute_hidden(state, rng)`` (the descriptor's
``hidden``) redraws what *no seat* knows (deck order, unseen tokens). So, at every sampled
position:

1. the hook leaves its input alone, and over a game it changes something (it is not the identity);
2. ``view(copy, viewer)`` equals ``view(state, viewer)`` for the public (``None``) and every seat;
3. every seat's legal answers are the same;
4. the next action, played on both, gives the same events and again the same views, *when it
   reveals nothing*: every public event kind it emits is one the ruleset declares as disclosing
   nothing (``Ruleset.undo_safe_events``) and every private one only echoes the actor's answer
   (``undo_echo_events``), the same whitelists undo relies on. An action that draws from a
   permuted deck legitimately differs, so it is not compared.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from engine.core import Action, ActionRecord, Engine, Event, GameState, Prompt, Transition, state_hash
from engine.core.engine import copy_state
from engine.core.game import GameDescriptor, resolve

#: more answers than this in one game is a loop, not a game
MAX_ACTIONS = 20_000
#: stop adding games once every seat count and option value was played and this many were played ...
MIN_GAMES = 12
#: ... or this many answers were given in all
ACTION_BUDGET = 5_000
#: positions kept per prompt kind, events per event kind and variant
SAMPLES = 4
#: variants kept per event kind at most
MAX_VARIANTS = 24
#: the hidden-information claim is checked at every step of a game's first steps, then every ``HIDDEN_STRIDE``-th
HIDDEN_ALL_FIRST, HIDDEN_STRIDE = 40, 6


@dataclass
class Played:
    """One game: how it was set up, every record (forced ones included) and the hashes."""

    seats: int
    seed: int
    options: dict[str, Any]
    records: list[ActionRecord] = field(default_factory=list)
    #: (records so far, state hash) after the set-up and after each transition
    hashes: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def label(self) -> str:
        return f"seed {self.seed}, {self.seats} seats, options {self.options or 'default'}"


@dataclass
class Position:
    """A kept position: the state, one of its open prompts and that prompt's legal answers."""

    game: Played
    state: GameState
    prompt: Prompt
    legal: list[Action]


@dataclass
class Survey:
    descriptor: GameDescriptor
    games: list[Played] = field(default_factory=list)
    #: prompt kind -> kept positions; event kind -> kept events
    positions: dict[str, list[Position]] = field(default_factory=dict)
    events: dict[str, list[Event]] = field(default_factory=dict)
    #: event kind -> variant -> kept events (the same events as ``events``, by variant)
    variants: dict[str, dict[tuple, list[Event]]] = field(default_factory=dict)
    prompt_counts: Counter = field(default_factory=Counter)
    #: problems found while playing, by check
    no_legal_answer: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)
    #: problems of the game played by the default AI at every seat
    ai_game: list[str] = field(default_factory=list)
    #: hidden-information statistics: positions checked, those the hook changed, actions compared
    hidden_checked: int = 0
    hidden_changed: int = 0
    hidden_compared: int = 0
    seconds: Counter = field(default_factory=Counter)

    @property
    def actions(self) -> int:
        return sum(len(g.hashes) - 1 for g in self.games)

    def keep_events(self, events: tuple[Event, ...] | list[Event]) -> None:
        """A few events of each kind *and variant* (:func:`variant`: which data keys it has,
        which of them are empty or None, private or public), so a narrator is checked on every
        shape of an event its engine emits, not only on the first one met."""
        for event in events:
            by_variant = self.variants.setdefault(event.kind, {})
            key = variant(event)
            if key not in by_variant and len(by_variant) >= MAX_VARIANTS:
                continue
            kept = by_variant.setdefault(key, [])
            if len(kept) < SAMPLES:
                kept.append(event)
                self.events.setdefault(event.kind, []).append(event)


def _shape(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple, set, frozenset, dict, str)) and not value:
        return "empty"
    return "list" if isinstance(value, (list, tuple, set, frozenset)) else type(value).__name__


def variant(event: Event) -> tuple:
    """The shape of an event: public or private, and each data key with the shape of its value
    (None, a yes/no value, empty, a list, a number, a text...): a neutral side (``seat=None``), a
    failed test (``completed=False``) or a cause given (``why=...``) is a variant of its own."""
    return ("public" if event.to is None else "private", *sorted((k, _shape(v)) for k, v in event.data.items()))


def emitted_kinds(ruleset: Any) -> set[str]:
    """Every event kind a ruleset's source can emit (``emit("<kind>"``), read from the modules of
    its class and its bases: their whole package when it is a game's own (``engine.<game>``),
    else the module file alone."""
    import importlib
    import inspect
    import re
    from pathlib import Path

    from engine.core.ruleset import Ruleset

    pattern = re.compile(r"""\.emit\(\s*["']([A-Za-z0-9_]+)["']""")
    files: set[Path] = set()
    for cls in type(ruleset).__mro__:
        if cls is Ruleset or not (isinstance(cls, type) and issubclass(cls, Ruleset)):
            continue
        module = importlib.import_module(cls.__module__)
        path = Path(inspect.getfile(module))
        package = module.__name__.rpartition(".")[0]
        files |= set(path.parent.rglob("*.py")) if package.count(".") >= 1 or path.name == "__init__.py" else {path}
    return {kind for path in files for kind in pattern.findall(path.read_text(encoding="utf-8"))}


def option_sets(descriptor: GameDescriptor) -> list[dict[str, Any]]:
    """The defaults, then each option a lobby offers set to each value other than its default
    (yes/no options switched on, options with choices to each other choice)."""
    sets: list[dict[str, Any]] = [{}]
    for option in descriptor.options:
        if option.table:
            continue
        if option.type is bool:
            sets.append({option.name: not option.default})
        sets += [{option.name: c} for c in option.choices if c != option.default]
    return sets


def plan(descriptor: GameDescriptor) -> Callable[[int, int], tuple[int, dict[str, Any]] | None]:
    """Game ``i`` (after ``actions`` answers so far) -> (seats, options), or None to stop."""
    sets = option_sets(descriptor)
    low, high = descriptor.min_players, descriptor.max_players
    counts = high - low + 1

    def game(i: int, actions: int) -> tuple[int, dict[str, Any]] | None:
        covered = i >= max(len(sets), counts)
        if covered and (i >= MIN_GAMES or actions >= ACTION_BUDGET):
            return None
        options = sets[i % len(sets)]
        return seats_for(descriptor, options, low + i % counts), options

    return game


def seats_for(descriptor: GameDescriptor, options: dict[str, Any], wanted: int) -> int:
    """``wanted`` players, or the nearest number the options switched on may be played with (``Option.seats``)."""
    allowed = set(range(descriptor.min_players, descriptor.max_players + 1))
    for name, value in options.items():
        option = descriptor.option(name)
        if value and option.seats:
            allowed &= set(option.seats)
    return min(allowed, key=lambda n: (abs(n - wanted), n))


def reveals_nothing(ruleset: Any, transition: Transition) -> bool:
    """Every public event a kind the ruleset says discloses nothing, every private one an echo."""
    return all(e.kind in (ruleset.undo_safe_events if e.to is None else ruleset.undo_echo_events) for e in transition.events)


def views(engine: Engine, state: GameState) -> dict[Any, Any]:
    return {viewer: engine.view(state, viewer) for viewer in [None, *state.seats]}


def legal_by_seat(engine: Engine, state: GameState) -> dict[int, list[Action]]:
    return {seat: engine.legal(state, seat) for seat in state.seats}


def hidden_check(
    survey: Survey, engine: Engine, permute: Callable[..., GameState], state: GameState, action: Action, rng: Random, where: str
) -> Transition:
    """The hidden-information claim at ``state`` (module docstring); returns the real transition."""
    problems = survey.hidden
    before = state_hash(state)
    copy = permute(state, rng)
    survey.hidden_checked += 1
    if state_hash(state) != before:
        problems.append(f"{where}: permute_hidden changed the state it was given")
    if copy is state:
        problems.append(f"{where}: permute_hidden returned its input, not a copy")
    if state_hash(copy) != before:
        survey.hidden_changed += 1
    if copy.prompts != state.prompts:
        problems.append(f"{where}: the open prompts differ after permute_hidden")
    try:
        seen, seen_copy = views(engine, state), views(engine, copy)
        legal, legal_copy = legal_by_seat(engine, state), legal_by_seat(engine, copy)
    except Exception as e:  # noqa: BLE001 - a finding: the copy is not a state the rules can read
        problems.append(f"{where}: the views or legal answers of the permuted copy fail: {e!r}")
        return engine.apply(state, action)
    for viewer in seen:
        if seen[viewer] != seen_copy[viewer]:
            problems.append(f"{where}: the view of {_who(viewer)} changed: {_first_difference(seen[viewer], seen_copy[viewer])}")
    if legal != legal_copy:
        problems.append(f"{where}: a seat's legal answers changed")
    real = engine.apply(state, action)
    if reveals_nothing(engine.ruleset, real):
        survey.hidden_compared += 1
        try:
            other = engine.apply(copy, action)
        except Exception as e:  # noqa: BLE001 - a finding: the copy disagrees with what the seat knows
            problems.append(f"{where}: {action.describe()} is refused after permute_hidden: {e!r}")
            return real
        if list(other.events) != list(real.events):
            first = next((pair for pair in zip(real.events, other.events) if pair[0] != pair[1]), (real.events, other.events))
            problems.append(f"{where}: {action.describe()} revealed nothing, yet its events changed: {first[0]} != {first[1]}")
        after, after_copy = views(engine, real.state), views(engine, other.state)
        for viewer in after:
            if after[viewer] != after_copy[viewer]:
                problems.append(
                    f"{where}: after {action.describe()} (which revealed nothing) the view of {_who(viewer)} "
                    f"changed: {_first_difference(after[viewer], after_copy[viewer])}"
                )
    return real


def survey(descriptor: GameDescriptor) -> Survey:
    """Play the plan of games for ``descriptor`` (module docstring); a game without a hidden-information
    hook is played without that check (and fails its test)."""
    ruleset = descriptor.load_ruleset()
    engine = Engine(ruleset)
    permute = None if descriptor.hidden is None else resolve(descriptor.hidden)
    found = Survey(descriptor)
    next_game = plan(descriptor)
    i = 0
    while (planned := next_game(i, found.actions)) is not None:
        seats, options = planned
        started = time.perf_counter()
        found.games.append(_play(found, engine, permute, seats, seed=1000 + i, options=options))
        found.seconds["play"] += time.perf_counter() - started
        i += 1
    started = time.perf_counter()
    _play_ai(found, engine, seats=descriptor.min_players, seed=1)
    found.seconds["ai game"] += time.perf_counter() - started
    return found


def _play_ai(found: Survey, engine: Engine, *, seats: int, seed: int) -> None:
    """A whole game with the default AI at every seat, the open prompts answered in a random order."""
    descriptor = found.descriptor
    policy = descriptor.ai()
    if policy is None:
        found.ai_game.append(f"{descriptor.name} has no default AI")
        return
    game = Played(seats, seed, {})
    pack = descriptor.load_pack(game.options)
    begun = engine.setup(game.options, seats, seed)
    state = begun.state
    found.keep_events(begun.events)
    order, rngs = Random(seed), [Random(seed * 1_000_003 + s) for s in range(seats)]
    for step in range(MAX_ACTIONS):
        if state.result is not None:
            return
        prompt = order.choice(state.prompts)
        legal = engine.ruleset.legal(state, prompt)
        _keep_position(found, game, state, prompt, legal)
        try:
            action = policy(engine.view(state, prompt.seat), prompt, legal, rngs[prompt.seat], pack=pack)
        except Exception as e:  # noqa: BLE001 - a finding
            found.ai_game.append(f"AI game, step {step}: the AI fails on a {prompt.kind} prompt: {e!r}")
            return
        if action not in legal:
            found.ai_game.append(f"AI game, step {step}: the AI answered a {prompt.kind} prompt with {action!r}, not legal")
            return
        transition = engine.apply(state, action, in_place=True)
        state = transition.state
        found.keep_events(transition.events)
    found.ai_game.append(f"AI game: no result after {MAX_ACTIONS} answers")


def _play(
    found: Survey, engine: Engine, permute: Callable[..., GameState] | None, seats: int, *, seed: int, options: dict[str, Any]
) -> Played:
    game = Played(seats, seed, options)
    begun = engine.setup(options, seats, seed)
    state = begun.state
    game.records += begun.records
    game.hashes.append((len(game.records), state_hash(state)))
    found.keep_events(begun.events)
    rng = Random(seed)
    for step in range(MAX_ACTIONS):
        if state.result is not None:
            game.result = state.result
            return game
        where = f"{game.label}, step {step}"
        answers: list[Action] = []
        for prompt in state.prompts:
            legal = engine.ruleset.legal(state, prompt)
            if not legal:
                found.no_legal_answer.append(f"{where}: prompt {prompt.id} ({prompt.kind}) has no legal answer")
            answers += legal
            _keep_position(found, game, state, prompt, legal)
        if not answers:
            found.no_legal_answer.append(f"{where}: the game is not over, but nobody can answer anything")
            return game
        action = rng.choice(answers)
        if permute is not None and (step < HIDDEN_ALL_FIRST or step % HIDDEN_STRIDE == 0):
            started = time.perf_counter()
            transition = hidden_check(found, engine, permute, state, action, Random(seed * 100_003 + step), where)
            found.seconds["hidden"] += time.perf_counter() - started
        else:
            transition = engine.apply(state, action, in_place=True)
        state = transition.state
        game.records += transition.records
        game.hashes.append((len(game.records), state_hash(state)))
        found.keep_events(transition.events)
    raise AssertionError(f"{found.descriptor.name}, {game.label}: no result after {MAX_ACTIONS} answers")


def _keep_position(found: Survey, game: Played, state: GameState, prompt: Prompt, legal: list[Action]) -> None:
    """Keep the first positions of each prompt kind, and the one with the most answers."""
    found.prompt_counts[prompt.kind] += 1
    kept = found.positions.setdefault(prompt.kind, [])
    if not legal:
        return
    if len(kept) < SAMPLES:
        kept.append(Position(game, copy_state(state), prompt, list(legal)))
    elif len(legal) > len(kept[-1].legal):
        kept[-1] = Position(game, copy_state(state), prompt, list(legal))


def _who(viewer: int | None) -> str:
    return "the public" if viewer is None else f"seat {viewer}"


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two views first differ, e.g. ``areas.12A.rune: 'face_down' != 'dragon'``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for k, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{k}]")
    return f"{path or 'view'}: {a!r:.80} != {b!r:.80}"
