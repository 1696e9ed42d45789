"""Seventh Stone AI seats: a heuristic policy and uniform random (views only)."""
