"""The Lords of Ragnarok descriptor (the ``ragnarok`` entry point of ``runetable.games``)."""

from __future__ import annotations

from engine.core.game import GameDescriptor, Option

GAME = GameDescriptor(
    name="ragnarok",
    title="Lords of Ragnarok",
    ruleset="engine.ragnarok.ruleset:RULESET",
    options=(
        Option(
            "temple_side",
            str,
            "a",
            "the temple card's side: a has 2 blessing keywords (recommended first game), b has 3 (setup step 4)",
            choices=("a", "b"),
        ),
        Option("data_pack", str, "", "a folder with a data pack replacing the built-in one", table=True),
    ),
    seat_role="hero",
    pack="engine.ragnarok.pack:pack_for",
    pack_check="engine.ragnarok.pack:check_pack",
    frontend="bot.games.ragnarok:FRONTEND",
    renderer="renderer.ragnarok",
    ai_policies={"heuristic": "engine.ragnarok.ai.policy:choose", "random": "engine.ragnarok.ai.policy:random_choice"},
    default_ai="heuristic",
    scenarios="tests/scenarios/ragnarok",
    selfplay="engine.ragnarok.selfplay",
    hidden="engine.ragnarok.hidden:permute_hidden",
)
