"""The Runewars descriptor: how the platform finds every part of the game
(registered as the ``runewars`` entry point of ``runetable.games``)."""

from __future__ import annotations

from engine.core.game import GameDescriptor, Option

GAME = GameDescriptor(
    name="runewars",
    title="Runewars",
    ruleset="engine.runewars.ruleset:RULESET",
    options=(
        Option(
            "map_building",
            str,
            "auto",
            "how the map is built: automatic from the seed, or the rulebook's way with players placing tiles (p. 8)",
            choices=("auto", "rulebook"),
        ),
        Option("epic", bool, False, "the epic variant: longer game, a face-up dragon rune at the start (p. 35)"),
        Option("exploration", bool, False, "exploration tokens in the areas (p. 37)"),
        Option(
            "banners_of_war",
            bool,
            False,
            "the Banners of War expansion: new units, the Garrison order, tactic fate cards, Desolation and Cryomancy,"
            " tiles 10-12 and the Sunken City, new quests, heroes, objectives and rewards",
        ),
        Option(
            "development_cards",
            bool,
            False,
            "Banners of War variant: buy your faction's development cards with the Harvest bonus (capital, zombies, peasants)",
            requires=("banners_of_war",),
        ),
        Option(
            "commanders",
            bool,
            False,
            "Banners of War variant: a hero leads your armies as commander, with a commander card",
            requires=("banners_of_war",),
        ),
        Option(
            "free_cities",
            bool,
            False,
            "Banners of War variant: 8 alternative cities, 3 with a printed dragon rune; one more dragon rune to win",
            requires=("banners_of_war",),
        ),
        Option(
            "road_to_victory",
            bool,
            False,
            "Banners of War variant: prove your dragon runes and win a year later with your victory card",
            requires=("banners_of_war",),
        ),
        Option("data_pack", str, "", "a folder with a data pack merged over the built-in one", table=True),
        Option("battle_policy", dict, {}, "each seat's battle policy, from its player's settings", table=True),
    ),
    seat_role="faction",
    pack="engine.runewars.ruleset:RULESET.pack",
    pack_check="engine.runewars.ruleset:check_pack",
    frontend="bot.games.runewars:FRONTEND",
    renderer="renderer.runewars",
    ai_policies={
        "new": "engine.runewars.ai.policy:choose_new",
        "baseline": "engine.runewars.ai.policy:choose",
        "random": "engine.runewars.ai.policy:random_choice",
    },
    default_ai="new",
    scenarios="tests/scenarios/runewars",
    selfplay="engine.runewars.ai.simulation",
    hidden="engine.runewars.hidden:permute_hidden",
)
