"""Runewars' guided first game (issue 32 item 4): what each kind of decision does and its rule topic.

Each entry: prompt kind -> (one or two sentences on what the decision does, the id of the rule
topic in ``rules.toml`` that gives the rule with its rulebook pages). The texts are the source
strings of the catalogue (``N_``), told in the player's language by :mod:`bot.table.tutorial`;
written from the project's rules digest, the German rulebook decides. The short set-up: two
players (the player and one AI seat), the map built quickly from the seed, no optional rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_

#: the engine options of the guided first game (the map built from the seed: no map-building decisions)
OPTIONS: Mapping[str, Any] = {"map_building": "auto", "epic": False, "exploration": False}

TEXTS: Mapping[str, tuple[str, str]] = {
    "choose_faction": (N_("You pick the faction you play: its units, home realm and starting influence."), "season"),
    "place_stronghold": (N_("You place a stronghold of your faction in your home realm at the start."), "stronghold"),
    "place_false_rune": (N_("You place a false rune token face down: the others cannot tell it from a dragon rune."), "runes"),
    "place_starting_hero": (N_("You place your starting hero in an area of your home realm."), "heroes"),
    "place_runes": (
        N_("You place rune tokens face down on the map; only who controls or visits an area may look at its rune."),
        "runes",
    ),
    "discard_false_runes": (
        N_("Before taking a dragon rune you may first discard up to two false runes from areas you control."),
        "runes",
    ),
    "choose_order": (
        N_(
            "Every player secretly picks one of their eight order cards for this season; they are revealed together and"
            " resolved from the lowest number up. A card's bonus applies only if its number is higher than every order"
            " you played earlier this year."
        ),
        "orders",
    ),
    "turn_window": (
        N_("It is your turn: resolve your order card, play a tactics card that fits now, or end your turn."),
        "tactics",
    ),
    "tactics_window": (
        N_("A moment when a tactics card may be played (before, during or after an order, in a battle); pass to play none."),
        "tactics",
    ),
    "strategy_move": (
        N_("Strategy: move units and heroes, each exactly one step into an adjacent friendly or empty area."),
        "strategy",
    ),
    "march_target": (
        N_("Mobilize or Conquer: place an activation token on the area your units will move into."),
        "mobilize",
    ),
    "march_move": (
        N_(
            "Move units into the activated area, from at most two areas away (three for fast units), through friendly or"
            " empty areas; enemies there mean a battle."
        ),
        "mobilize",
    ),
    "march_encounter": (
        N_("Your units met unallied neutrals: fight them, or negotiate with influence (diplomacy)."),
        "neutrals",
    ),
    "diplomacy_spend": (N_("Diplomacy: spend 1 to 6 influence to draw that many fate cards; one of them decides."), "diplomacy"),
    "diplomacy_card": (N_("Choose which of the drawn fate cards' symbols the neutrals follow."), "diplomacy"),
    "diplomacy_fallout": (N_("The neutrals would not ally: battle them or retreat your units."), "diplomacy"),
    "retreat": (N_("Your units lost or gave up: they retreat, routed, together into one adjacent area."), "retreat"),
    "eliminate_units": (
        N_("More units than allowed (8 in an area, or more than your food in winter): choose which are eliminated."),
        "movement",
    ),
    "battle_ability": (N_("A unit's special ability on a fate card: choose how to use it."), "combat-round"),
    "battle_assign": (N_("Assign the damage or rout points of a fate card to your units."), "rout-damage"),
    "battle_type": (N_("Choose which unit type of this battle row draws its fate cards next."), "combat-round"),
    "battle_defence": (
        N_("As the defender you may use your defence development in this area before strengths are compared."),
        "battle",
    ),
    "battle_excess": (N_("You won with more than 8 units: the excess retreats together into one adjacent area."), "movement"),
    "battle_stronghold": (N_("Choose what happens to the stronghold in the battle's area."), "stronghold"),
    "tactic_fate": (N_("A tactics card lets you change a fate card: choose which."), "fate-deck"),
    "duel_tactic_fate": (N_("A tactics card in a duel: choose the fate card it changes."), "duels"),
    "harvest_build": (
        N_("Harvest bonus: lower wood by one to build a development in a friendly area with your stronghold."),
        "harvest",
    ),
    "harvest_raise_dial": (N_("Harvest: set your resource dials to what your areas produce."), "harvest"),
    "recruit_resource": (
        N_("Recruit: choose the resource dial whose current and lower fields give you new units."),
        "recruit",
    ),
    "place_recruits": (N_("Place your recruited units in friendly areas with your stronghold."), "recruit"),
    "place_units": (N_("Place units in an area you may use for them."), "recruit"),
    "recruit_substitute": (
        N_("All figures of a type are in play: you may take one of yours from the map to recruit it."),
        "component-limits",
    ),
    "recruit_heroes": (
        N_("Support bonus: spend up to 3 influence to draw that many hero cards, keep one and place it."),
        "support",
    ),
    "keep_hero": (N_("Choose which of the drawn heroes you keep (at most three heroes; a fourth makes one disloyal)."), "heroes"),
    "place_hero": (N_("Place your new hero in a friendly area with your stronghold."), "heroes"),
    "support_city": (N_("Support: take one benefit of the city token of each city you control."), "support"),
    "support_quest_discard": (N_("You hold more than three quest cards: discard down to three."), "support"),
    "take_title": (N_("Gain Power bonus: take a title by spending more influence than lies on it, or none."), "gain-power"),
    "fortify_action": (
        N_("Fortify: build a stronghold, repair one, or swap two of your runes in secret, each at most once."),
        "fortify",
    ),
    "fortify_swap": (N_("Choose the two areas whose runes you mix and put back, one in each."), "fortify"),
    "garrison_recruit": (N_("Place the units a card gives you in an area you may use for them."), "recruit"),
    "autumn_choice": (N_("Autumn: each player takes 2 influence or 1 tactics card."), "second-functions"),
    "influence_bid": (
        N_("A season card calls for a bid: bid secretly any part of your unspent influence; all bids are revealed together."),
        "influence-bids",
    ),
    "bid_tie": (
        N_("The bids tied: the Primarch of the Council of Mages chooses the winner among the tied players."),
        "influence-bids",
    ),
    "hero_action": (N_("Quest phase: your hero moves (then may duel or quest), heals, or trains."), "quest-phase"),
    "hero_turn": (N_("Quest phase: choose what your hero does this summer."), "quest-phase"),
    "hero_venture": (
        N_("Your hero arrived: attempt the quest here, challenge an enemy hero to a duel, or do neither."),
        "quest-phase",
    ),
    "hero_retreat": (N_("Your hero must leave the area: choose where it goes."), "heroes"),
    "test_choose": (N_("A trait test: choose which of the drawn fate cards decides it."), "quest-phase"),
    "test_boost": (N_("You may use an ability or reward to help the trait test."), "quest-phase"),
    "trade_rewards": (N_("Your heroes in one area may pass rewards to each other."), "rewards"),
    "disloyal_choice": (N_("A fourth hero: choose which of your heroes turns disloyal and leaves you."), "defeated-heroes"),
    "duel_start": (N_("A duel begins: use start-of-duel abilities or rewards."), "duels"),
    "duel_armor": (N_("Choose the armor reward your hero wears in this duel."), "duels"),
    "duel_special": (N_("A special on the duel's fate card: deal 1 damage or use a reward's ability."), "duels"),
    "duel_spoils": (N_("You won the duel: take the defeated hero's rewards."), "duels"),
    "effect_choice": (N_("A card gives a choice: pick one of its effects."), "tactics"),
    "discard_tactics": (N_("More than ten tactics cards: discard down to ten."), "tactics"),
}
