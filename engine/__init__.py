"""Runetable engine: the game-agnostic contract (core) and the rulesets."""

ENGINE_VERSION = "0.1.0"
