"""The Lords of Ragnarok descriptor (the ``ragnarok`` entry point of ``runetable.games``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import GameDescriptor, Option


def heroes(public_view: Mapping[str, Any]) -> dict[int, str]:
    """Each seat's hero once chosen."""
    return {int(p["seat"]): str(p["hero"]) for p in public_view.get("players") or [] if isinstance(p, Mapping) and p.get("hero")}


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
    roles="engine.ragnarok.game:heroes",
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
