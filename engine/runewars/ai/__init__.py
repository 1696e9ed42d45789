"""AI seats for Runewars (issue 12; docs/ai.md).

``choose(view, prompt, legal, rng, pack=...)`` decides for one seat from that seat's view,
the prompt and its legal answers only; :mod:`engine.runewars.ai.driver` plays whole games
headless; :mod:`engine.runewars.ai.invariants` checks a game after every action.
"""
