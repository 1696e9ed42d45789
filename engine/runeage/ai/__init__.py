"""Rune Age AI seats: a heuristic policy (engine/runeage/ai/policy.py) and uniform random."""
