"""Seventh Stone ("Tränensteine", rulebook seed 001): a fan-made wargame on a random grid of land tiles,
with a regenerating resource budget, four sealed-bid markets, typed armies, dice combat and a tournament
every third year. See docs/seventhstone/README.md and docs/seventhstone/rulings.md."""
