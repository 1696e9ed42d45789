"""Whole Runewars games with every decision drawn at random from ``legal()`` (a fuzzer, not an AI)."""

from __future__ import annotations

import random

from engine.core import Engine, load_ruleset

ENGINE = Engine(load_ruleset("runewars"))


def play(seats: int, seed: int, *, max_actions: int = 20_000, prefer_done: float = 0.3, options: dict | None = None):
    """Play to the end; returns (final state, records, events).

    ``prefer_done`` is the chance of answering "done" when offered, so orders end in
    reasonable time instead of shuffling units back and forth. ``options``: the game options
    (e.g. ``{"epic": True}``); replay with the same ones.
    """
    chooser = random.Random(seed)
    start = ENGINE.setup(options or {}, seats, seed)
    state, records, events = start.state, list(start.records), list(start.events)
    for _ in range(max_actions):
        if state.result is not None:
            return state, records, events
        prompt = chooser.choice(state.prompts)
        actions = ENGINE.legal(state, prompt.seat)
        actions = [a for a in actions if a.prompt == prompt.id]
        done = [a for a in actions if a.choice in ("done", "end_turn", "proceed")]
        action = done[0] if done and chooser.random() < prefer_done else chooser.choice(actions)
        transition = ENGINE.apply(state, action)
        state, records, events = transition.state, records + list(transition.records), events + list(transition.events)
    raise AssertionError(f"no result after {max_actions} actions (year {state.board.year}, {state.board.season})")
