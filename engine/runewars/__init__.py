"""Runewars ("Kampf um Terrinoth", German first edition) ruleset.

The static game data (map tiles, factions, units, decks, constants) lives in
``engine.runewars.data``; see ``docs/data-packs.md``.
"""
