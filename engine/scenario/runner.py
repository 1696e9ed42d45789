"""Load and run scenario files (TOML or JSON); see docs/scenarios.md for the format."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Action, Engine, EngineError, GameState, Transition, encode
from engine.core.codec import action_from_plain
from engine.core.game import BadOption
from engine.core.registry import find_game
from engine.scenario import expect

TOP_LEVEL_KEYS = {"title", "game", "source", "seats", "seed", "options", "position", "step"}
STEP_KEYS = {"seat", "prompt", "choice", "args", "expect", "note"}
EXPECT_KEYS = {"events", "no_events", "pending", "view", "error", "result"}


class ScenarioError(Exception):
    """The scenario file itself is broken (unreadable, unknown keys, bad game)."""


@dataclass
class ScenarioResult:
    path: str
    title: str
    source: str
    steps: int
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def report(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.path} ({self.steps} steps) {self.title} [{self.source}]"
        return "\n".join([head] + ["  " + line for f in self.failures for line in f.splitlines()])


def load_scenario(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (OSError, ValueError) as exc:
        raise ScenarioError(f"{path}: cannot read scenario: {exc}") from exc
    unknown = set(data) - TOP_LEVEL_KEYS
    if unknown:
        raise ScenarioError(f"{path}: unknown keys {sorted(unknown)} (allowed: {sorted(TOP_LEVEL_KEYS)})")
    for key in ("title", "game", "source", "seats"):
        if key not in data:
            raise ScenarioError(f"{path}: missing {key!r}")
    for number, step in enumerate(data.get("step", []), 1):
        bad = set(step) - STEP_KEYS or set(step.get("expect", {})) - EXPECT_KEYS
        if bad:
            raise ScenarioError(f"{path}: step {number} has unknown keys {sorted(bad)}")
    return data


def run_file(path: str | Path) -> ScenarioResult:
    return run_scenario(load_scenario(path), str(path))


def run_scenario(data: dict[str, Any], path: str = "<scenario>") -> ScenarioResult:
    try:
        game = find_game(data["game"])
        engine = Engine(game.load_ruleset())
        options = game.check_options(data.get("options", {}))
    except (LookupError, BadOption) as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    result = ScenarioResult(path, data["title"], data["source"], steps=len(data.get("step", [])))
    seats, seed = int(data["seats"]), int(data.get("seed", 0))
    position = data.get("position")
    try:
        start = engine.from_position(options, seats, seed, position) if position else engine.setup(options, seats, seed)
    except EngineError as exc:
        raise ScenarioError(f"{path}: the {'position' if position else 'set-up'} is refused: {exc}") from exc
    state = start.state
    for number, step in enumerate(data.get("step", []), 1):
        state, failures = _run_step(engine, state, step, start if number == 1 and "choice" not in step else None)
        result.failures += [f"step {number} ({_step_label(step)}): {f}" for f in failures]
        if failures:
            break
    return result


def _run_step(engine: Engine, state: GameState, step: dict[str, Any], start: Transition | None) -> tuple[GameState, list[str]]:
    wanted = step.get("expect", {})
    transition = start
    if "choice" in step:
        before = encode(state)
        try:
            transition = engine.apply(state, _action(state, step))
        except EngineError as error:
            failures = _check_error(wanted.get("error"), error, state)
            if encode(state) != before:
                failures.append("the refused action changed the state")
            return state, failures
        if "error" in wanted:
            return state, [f"expected {wanted['error']}, but the action was accepted"]
    elif "error" in wanted:
        return state, ["an error is expected but the step has no action"]
    new_state = transition.state if transition else state
    events = list(transition.events) if transition else []
    failures = []
    failures += expect.check_events(wanted.get("events", []), events)
    failures += expect.check_no_events(wanted.get("no_events", []), events)
    if "pending" in wanted:
        failures += expect.check_pending(wanted["pending"], new_state.prompts)
    for check in wanted.get("view", []):
        seat = check.get("seat", "public")
        failures += expect.check_view(check, engine.view(new_state, None if seat == "public" else int(seat)))
    if "result" in wanted:
        mismatch = expect.subset_mismatch(wanted["result"], new_state.result or {}, "result")
        failures += [mismatch] if mismatch else []
    return new_state, failures


def _action(state: GameState, step: dict[str, Any]) -> Action:
    plain = {k: step[k] for k in ("seat", "prompt", "choice", "args") if k in step}
    if not plain.get("prompt"):
        own = state.prompts_for(int(step.get("seat", -1)))
        if len(own) == 1:
            plain["prompt"] = own[0].id
        elif own:
            raise ScenarioError(f"seat {step.get('seat')} has several open prompts {[p.id for p in own]}: name one")
    return action_from_plain(plain)


def _check_error(wanted: dict[str, Any] | None, error: EngineError, state: GameState) -> list[str]:
    raised = f"{type(error).__name__}: {error}"
    if wanted is None:
        return [f"unexpected {raised}; {expect.state_summary(state)}"]
    failures = []
    if wanted.get("type") not in (None, type(error).__name__):
        failures.append(f"expected {wanted['type']}, got {raised}")
    if "rule" in wanted and getattr(error, "rule", None) != wanted["rule"]:
        failures.append(f"expected the rule {wanted['rule']!r} to be named, got {getattr(error, 'rule', None)!r}")
    if "alternatives" in wanted and len(getattr(error, "alternatives", ())) < int(wanted["alternatives"]):
        failures.append(
            f"expected at least {wanted['alternatives']} legal alternatives, got {getattr(error, 'alternatives', ())}"
        )
    return failures


def _step_label(step: dict[str, Any]) -> str:
    if "choice" not in step:
        return "check"
    args = " ".join(f"{k}={v}" for k, v in sorted(step.get("args", {}).items()))
    return f"seat {step.get('seat')}: {step['choice']} {args}".strip()
