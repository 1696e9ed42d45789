"""Rune Age (the deck-building card game, rulebook seed 004) as the game ``runeage``."""
