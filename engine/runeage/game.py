"""The Rune Age descriptor (the ``runeage`` entry point of ``runetable.games``)."""

from __future__ import annotations

from engine.core.game import GameDescriptor, Option

GAME = GameDescriptor(
    name="runeage",
    title="Rune Age",
    ruleset="engine.runeage.ruleset:RULESET",
    options=(
        Option(
            "scenario",
            str,
            "drachenlords",
            "the scenario (pp. 15-16): Rückkehr der Drachenlords, Runenkriege, Weltenbrand (co-operative) or Das Monument",
            choices=("drachenlords", "runenkriege", "weltenbrand", "monument"),
        ),
        Option("pure_coop", bool, False, "Weltenbrand without the event Bruder gegen Bruder (the pure co-op rule, p. 16)"),
        Option("swap_neutrals", bool, False, "swap the scenario's neutral cards for others of equal cost (optional rule, p. 17)"),
        Option("round_limit", int, 30, "house rule: the game ends after this many rounds (docs/runeage/rulings.md)"),
        Option("data_pack", str, "", "a folder whose files replace the built-in data pack's", table=True),
    ),
    seat_role="race",
    pack="engine.runeage.cards:pack_for",
    pack_check="engine.runeage.cards:check",
    frontend="bot.games.runeage:FRONTEND",
    renderer="renderer.runeage",
    ai_policies={"heuristic": "engine.runeage.ai.policy:choose", "random": "engine.runeage.ai.policy:random_choice"},
    default_ai="heuristic",
    scenarios="tests/runeage/scenarios",
    selfplay="engine.runeage.selfplay",
    hidden="engine.runeage.hidden:permute_hidden",
)
