"""Lords of Ragnarok (rulebook seed 002), the game ``ragnarok``: one module per rule area.

core (state, helpers, the task driver), setup, turn (the five steps), special (the wheel and
its seven actions), battle, monsters (activation, stomps, area attacks, the boss), hunt,
ending (instant wins, Ragnarok, scoring), views, hidden, ruleset, game (the descriptor).
"""
