"""The Seventh Stone descriptor (the ``seventhstone`` entry point of ``runetable.games``)."""

from __future__ import annotations

from engine.core.game import GameDescriptor, Option

GAME = GameDescriptor(
    name="seventhstone",
    title="Seventh Stone",
    ruleset="engine.seventhstone.ruleset:RULESET",
    options=(
        Option("keine_zeit", bool, False, "variant Keine Zeit: 6 tear stones win (section 5)"),
        Option(
            "doppelzug",
            bool,
            False,
            "variant Doppelzug at 4 players: a movement bid as high as all others doubles moves",
            seats=(4,),
        ),
        Option(
            "vier_inseln",
            bool,
            False,
            "the board variant Vier Inseln at 4 players: four islands joined by portals (section 5)",
            seats=(4,),
        ),
        Option("advanced_terrain", bool, False, "advanced rules: terrain yields, cavalry, supports and mountains (section 5)"),
        Option("year_limit", int, 20, "the game ends after this year on the most tear stones (docs/seventhstone/README.md)"),
        Option(
            "gaps",
            str,
            "",
            "the water rows of the columns, e.g. 4,5,6,2,5,3,1 (the rulebook's example; default: dice)",
            table=True,
        ),
        Option("data_pack", str, "", "a folder whose TOML files replace the built-in data", table=True),
    ),
    seat_role="people",
    pack="engine.seventhstone.pack:pack_for",
    pack_check="engine.seventhstone.pack:check",
    frontend="bot.games.seventhstone:FRONTEND",
    renderer="renderer.seventhstone",
    ai_policies={"heuristic": "engine.seventhstone.ai.policy:choose", "random": "engine.seventhstone.ai.policy:random_choice"},
    default_ai="heuristic",
    scenarios="tests/scenarios/seventhstone",
    selfplay="engine.seventhstone.selfplay",
    hidden="engine.seventhstone.hidden:permute_hidden",
)
