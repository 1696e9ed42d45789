"""Runewars in words (bot/games/runewars/narrator.py and phrases.py): every event kind the
engine can emit and every prompt kind it opens has a line of its own that names cards, places
and players as people at the table say them, never ids and never the generic ``kind: key=value``
fallback; and the answers' labels read the same way.

The event kinds are found by reading the engine's source (every ``emit("<kind>"``), so a kind
added to the engine fails here until it is phrased; each has a sample of the data the engine
gives it (taken from played games). A few AI games with every option (epic, exploration, the
rulebook's map building) check the lines and labels of what real play produces too.
"""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest

import engine.runewars
from bot.games.runewars.narrator import EVENTS, HEADINGS, RunewarsNarrator
from bot.games.runewars.phrases import PHRASES
from bot.narration import GENERIC, narrate
from engine.core import Action, Engine, Event, Prompt
from engine.core.registry import installed_games

NARRATOR = RunewarsNarrator()
EMIT = re.compile(r"""\.emit\(\s*["']([a-z_]+)["']""")
#: what must never show in a line: key=value, dict or list brackets, ids (underscores, fate-07, tile-3), Python values
RAW = re.compile(r"\w=|[{}\[\]]|_|\b(None|True)\b|\bFalse\b(?! rune)|\b(fate|tile|setup|city)-\d")


def emitted_kinds() -> set[str]:
    """Every event kind the Runewars engine's source emits."""
    root = Path(engine.runewars.__file__).parent
    return {kind for path in root.rglob("*.py") for kind in EMIT.findall(path.read_text(encoding="utf-8"))}


#: one event's data per kind, as the engine emits it
SAMPLES: dict[str, dict] = {
    # Banners of War variants (issue 24)
    "development_card_bought": {
        "seat": 0,
        "card": "dev.humans.kings_levy",
        "cost": {"food": 2},
        "dials": {"food": 1, "wood": 3, "ore": 2},
    },
    "development_card_declined": {"seat": 0},
    "development_card_used": {"seat": 0, "card": "dev.humans.greyhaven_walls", "area": "10A", "side": "defender", "strength": 1},
    "capital_built": {"seat": 0, "area": "10A", "why": "bought"},
    "capital_waiting": {"seat": 0},
    "capital_captured": {"seat": 0, "area": "10A", "by": 1},
    "capital_destroyed": {"seat": 0, "area": "10A", "by": None},
    "zombie_tokens_received": {"seat": 1, "unit": "undead_zombie", "count": 8},
    "zombie_tokens_placed": {"seat": 1, "unit": "undead_zombie", "count": 2, "in_play": 2},
    "peasant_tokens_received": {"seat": 0, "count": 3},
    "peasant_placed": {"seat": 0, "area": "1A"},
    "peasant_removed": {"seat": 0, "area": "1A", "why": "activation"},
    "peasant_kept": {"seat": 0, "area": "1A"},
    "tactics_taken_back": {"seat": 0, "card": "bow_machtspiel", "why": "dev.humans.ball_lightning_mastery"},
    "commander_chosen": {"seat": 0, "hero": "aldric_sturmhand", "card": "commander.shield_wall", "why": "setup"},
    "commander_changed": {"seat": 0, "previous": "aldric_sturmhand", "hero": "silhouette", "card": "commander.shield_wall"},
    "commander_moved": {"hero": "aldric_sturmhand", "seat": 0, "path": ["1A", "1B"]},
    "commander_stayed": {"hero": "aldric_sturmhand", "seat": 0, "area": "1A"},
    "commander_leads": {
        "seat": 0,
        "hero": "aldric_sturmhand",
        "card": "commander.shield_wall",
        "area": "10A",
        "side": "defender",
        "strength": 2,
    },
    "commander_retreats": {"seat": 0, "hero": "aldric_sturmhand", "area": "10B"},
    "commander_defeated": {"hero": "aldric_sturmhand", "card": "commander.shield_wall", "seat": 0},
    "lieutenant_general_played": {"seat": 0, "card": "bow_generalleutnant", "commander_card": "commander.vanguard"},
    "lieutenant_general_discarded": {"seat": 0, "card": "bow_generalleutnant"},
    "printed_rune_changed_hands": {"area": "1A", "seat": 0, "previous": None, "rule": "exp. p. 11"},
    "victory_card_placed": {"seat": 0, "season": "summer", "year": 5, "runes": 6},
    "victory_card_won": {"seat": 0, "season": "summer", "placed": 2},
    "victory_card_returned": {"seat": 0, "season": "summer", "placed": 5},
    "victory_card_removed": {"seat": 0, "season": "summer", "why": "eliminated"},
    "commanders_drawn": {"seat": 0, "influence": 2, "count": 2},
    "your_commanders_drawn": {"cards": ["commander.vanguard", "commander.warlord"]},
    "commander_card_replaced": {
        "seat": 0,
        "hero": "aldric_sturmhand",
        "card": "commander.vanguard",
        "previous": "commander.warlord",
    },
    "commanders_to_bottom": {"seat": 0, "count": 1},
    # Banners of War (issue 23)
    "battle_type_chosen": {"area": "1D", "row": 2, "side": "defender", "seat": 1, "unit": "human_knight"},
    "tactic_fate_announced": {"area": "1D", "row": 2, "side": "attacker", "seat": 0, "count": 1},
    "your_tactic_fate": {"area": "1D", "cards": ["bow_bestechung"]},
    "garrison_played": {"seat": 0, "strength": 2},
    "garrison_recruited": {"seat": 0, "area": "10A", "units": {"human_infantry": 2}},
    "garrison_defends": {"area": "10A", "seat": 0, "strength": 2},
    "units_substituted": {"seat": 0, "unit": "human_archer", "instead": "human_novice_wizard", "count": 1, "of": 2},
    "rune_revealed": {"seat": 0, "area": "10A", "rune": "dragon", "why": "bow_machtspiel"},
    "rune_not_revealed": {"seat": 1, "why": "bow_runenleuchten", "dragon": False},
    "runes_hidden": {"areas": ["10A"]},
    "desolation_placed": {"seat": 0, "area": "1A", "controller": 1, "dials": {"food": [2, 3]}, "why": "bow_duerre"},
    "cryomancy_placed": {"seat": 0, "area": "1A", "tokens": 1, "why": "bow_eissturm"},
    "cryomancy_removed": {"areas": ["1A", "2B"]},
    "guildmaster_resources": {"seat": 0, "resource": "ore", "dials": {"ore": [2, 4]}},
    "loss_ignored": {"seat": 0, "resource": "food", "amount": 1, "why": "bow_fruehjahrsflut"},
    "desolation_removed": {"seat": 1, "area": "1A", "why": "bow_die_bannertraeger"},
    "sunken_city_placed": {"seat": 0, "area": "16A", "why": "setup-16"},
    "sunken_city_ignored": {"seat": 0, "area": "16A", "reason": "already_placed", "why": "bow_die_seekarte"},
    "sunken_city_blocked": {"seat": 1, "area": "16A", "removed": {"desolation": 0, "cryomancy": 2}, "why": "setup-16"},
    "sunken_city_destroyed": {"seat": 1, "area": "16A", "why": "bow_die_gezeiten"},
    "defensible_area_defends": {"area": "1B", "seat": 1, "strength": 1},
    "prowl_active": {"area": "1B", "seat": 1, "side": "attacker"},
    "prowled": {"area": "1B", "seat": 1, "count": 2},
    "flooded_stayed": {"seat": 1, "hero": "silhouette", "area": "2B"},
    "ability_used": {"area": "1D", "side": "attacker", "seat": 1, "unit": "uthuk_berserker", "mode": "skip", "targets": []},
    "activation_removed": {"seat": 0, "area": "8C", "why": "gewaltmarsch"},
    "alliance_ended": {"seat": 0, "area": "1A", "units": {"giant": 1}},
    "alliance_formed": {"seat": 1, "area": "1D", "units": {"giant": 1}},
    "area_activated": {"seat": 1, "area": "3A", "order": "mobilize"},
    "autumn": {"fate_deck": 30},
    "battle_bonus": {"area": "1D", "side": "attacker", "seat": 1, "strength": 1},
    "battle_card_drawn": {"area": "4C", "side": "attacker", "seat": 0, "unit": "beastman", "card": "fate-12", "section": "-"},
    "battle_cards": {"area": "8B", "unit": "human_archer", "cards": ["fate-23"], "sections": ["-"]},
    "battle_cards_revealed": {
        "area": "8B",
        "row": 5,
        "attacker": None,
        "defender": {"unit": "giant", "cards": ["fate-29"], "sections": ["R2"]},
    },
    "battle_damaged": {
        "area": "1B",
        "side": "defender",
        "seat": None,
        "unit": "giant",
        "damage": 2,
        "eliminated": False,
        "why": "fate",
    },
    "battle_drew": {"area": "8B", "row": 5, "side": "defender", "seat": None, "unit": "giant", "count": 1},
    "battle_eliminated": {"area": "5A", "side": "defender", "seat": 2, "unit": "beastman", "why": "dragon"},
    "battle_ended": {"area": "1D", "winner": "attacker", "seat": 1, "prompts": 1, "forced": 0},
    "battle_lined_up": {
        "area": "8B",
        "attacker": {"seat": 0, "leader": 0, "units": {"human_archer": 1}, "left_out": {}},
        "defender": {"seat": None, "leader": 1, "units": {"giant": 1}, "left_out": {}},
    },
    "battle_raised": {"area": "6A", "side": "defender", "seat": 2, "unit": "undead_zombie"},
    "battle_round": {"area": "8B", "row": 1},
    "battle_routed": {"area": "1A", "side": "defender", "seat": None, "unit": "beastman", "why": "fate"},
    "battle_started": {"area": "8B", "attacker": 0, "defender": None},
    "battle_won": {"area": "1D", "winner": "attacker", "seat": 1, "strength": {"attacker": 4, "defender": 0}, "stronghold": 0},
    "bid_made": {"seat": 1},
    "bid_started": {"why": "sommersitzung", "influence": [{"seat": 0, "influence": 4}, {"seat": 1, "influence": 10}]},
    "bid_tie_decided": {"decider": 0, "seat": 0},
    "bid_tied": {"tied": [3, 0], "decider": 3},
    "bid_won": {"seat": 1, "why": "sommersitzung", "prize": None},
    "bids_revealed": {
        "why": "sommersitzung",
        "bids": [{"seat": 0, "amount": 2, "influence_left": 2}, {"seat": 1, "amount": 7, "influence_left": 3}],
    },
    "bonus_lost": {"seat": 1, "why": "sabotage", "by": 0},
    "council_card": {"card": "winterrat"},
    "defeated_hero_token": {"number": 1, "area": "8A", "rewards": 1, "face_up": []},
    "defeated_hero_token_removed": {"number": 1, "area": "5C"},
    "defence_used": {"area": "11A", "seat": 1, "development": "elves.defence"},
    "development_built": {"seat": 1, "development": "uthuk.defence", "area": "13C", "moved_from": None},
    "development_declined": {"seat": 1},
    "development_destroyed": {"area": "11A", "development": "elves.defence"},
    "development_not_possible": {"seat": 0, "reason": "no_site"},
    "dials_set": {"seat": 0, "dials": {"wood": [3, 4]}, "why": "development", "area": "10A"},
    "diplomacy_result": {"seat": 1, "area": "1D", "card": "fate-22", "symbol": "red", "result": "battle_or_retreat"},
    "dragon_rune_placed": {"seat": 0, "area": "6A", "false_rune": False, "why": "sommersitzung"},
    "duel_ability": {"hero": "grell_knochenbeisser", "owner": 0},
    "duel_cards": {"area": "4C", "round": 2, "cards": ["fate-20", "fate-24"], "sections": ["-", "-"]},
    "duel_damage": {"area": "6B", "side": 1, "amount": 1, "why": "klingentanz"},
    "duel_ended": {"area": "4C", "rounds": 4, "defeated": {"attacker": True, "defender": False}},
    "duel_extra_card": {"area": "1C", "card": "fate-23", "section": "-"},
    "duel_monster_ability": {"area": "8A", "monster": "giant", "effect": "damage equal to the damage on the Giant"},
    "duel_round": {"area": "4C", "round": 1, "damage": [1, 0], "prevented": [0, 0]},
    "duel_special_damage": {"hero": "bruder_osric", "owner": 3},
    "duel_started": {
        "area": "4C",
        "attacker": "bruder_osric",
        "attacker_seat": 0,
        "monster": "dragon",
        "controller": 1,
        "quest": "drachenjagd",
    },
    "exploration_removed": {"area": "2A", "token": "magic_portal", "seat": 0},
    "exploration_revealed": {"hero": "mirela_laterne", "owner": 0, "area": "3B", "token": "training", "type": "event"},
    "exploration_tokens_placed": {"areas": {"1A": 2, "1B": 1, "1C": 2, "1D": 1, "3A": 1, "3B": 2, "3C": 2, "7A": 1}},
    "faction_chosen": {"seat": 1, "faction": "uthuk"},
    "false_runes_discarded": {"seat": 1, "areas": ["4B"]},
    "fate_drawn": {"seat": 1, "cards": ["fate-22"], "why": "diplomacy", "area": "1D"},
    "first_player_drawn": {"cards": [24, 28], "first_player": 1},
    "fortify_done": {"seat": 1, "taken": []},
    "game_over": {"winner": 2, "reason": "dragon_runes", "areas": ["12A", "12B", "12C", "1B", "2A"], "dragon_thrones": 1},
    "guide_placed": {"seat": 1, "cells": [[2, 0], [2, 1]]},
    "hero_damaged": {"hero": "silhouette", "owner": 2, "area": "2D", "amount": 1, "damage": 1, "why": "bandits"},
    "hero_defeated": {"hero": "morwen_aschschleier", "owner": 2, "area": "13A", "why": "duel", "victor": "aldric_sturmhand"},
    "hero_disloyal": {"hero": "bruder_osric", "owner": 0, "area": "6C", "rewards_discarded": [], "why": "hero_limit"},
    "hero_healed": {"hero": "aldric_sturmhand", "owner": 0, "area": "4C", "amount": 1, "why": "quest_phase"},
    "hero_moved": {"hero": "aldric_sturmhand", "owner": 0, "path": ["1B", "1A"], "influence_paid": 0, "why": "strategy"},
    "hero_placed": {"hero": "mirela_laterne", "owner": 0, "area": "10B", "why": "setup"},
    "hero_recruited": {"seat": 0, "hero": "bruder_osric"},
    "hero_removed": {
        "hero": "aldric_sturmhand",
        "owner": 2,
        "area": "10A",
        "why": "eliminated",
    },  # rare in play: from the emit call
    "hero_rests": {"hero": "aldric_sturmhand", "owner": 0, "area": "10B"},
    "hero_retreated": {"hero": "mirela_laterne", "owner": 0, "area": "1B", "path": ["1D", "1B"], "why": "finte"},  # idem
    "hero_trained": {"hero": "mirela_laterne", "owner": 0, "area": "3B", "traits": {"agility": 1}, "training": {"agility": 1}},
    "hero_ventures_nothing": {"hero": "mirela_laterne", "owner": 0, "area": "8B"},
    "heroes_drawn": {"seat": 0, "influence": 1, "count": 1},
    "heroes_kept_loyal": {"seat": 0, "why": "wankende_treue"},
    "heroes_rest": {"seat": 0},
    "home_placed": {"seat": 0, "tile": "tile-10", "q": 2, "r": 1, "rotation": 2, "guide": [[2, 0], [2, 1]]},
    "influence_gained": {"seat": 0, "amount": 2, "why": "support", "area": "2A"},
    "influence_lost": {"seat": 0, "amount": 1, "why": "reisende_haendler"},
    "influence_spent": {"seat": 0, "amount": 2, "why": "diplomacy"},
    "influence_taken": {"seat": 0, "source": 2, "amount": 2, "why": "tribut"},
    "lasting_effect": {"card": "schneeblindheit", "modifier": "no_bonus", "until": "season", "seat": None, "amount": 0},
    "lasting_effects_ended": {"cards": ["sommerfeldzug"], "until": "season"},
    "map_built": {
        "placements": [{"tile": "tile-5", "rotation": 2, "q": 0, "r": 0}, {"tile": "tile-1", "rotation": 3, "q": 1, "r": 2}],
        "cities": {"1A": "city-4"},
    },
    "map_redo": {"steps": [4, 5], "why": "seat 1 cannot place its home realm"},  # idem
    "must_retreat": {
        "seat": 3,
        "area": "1C",
        "rule": "p. 33 (Mobilisierung): no second battle with one Mobilize card; "
        "a second diplomacy ending in battle or retreat must retreat",
    },
    "neutrals_moved": {"seat": 0, "unit": "giant", "count": 1, "path": ["1D", "4B"], "ally": 0, "why": "lockruf_der_wildnis_2"},
    "no_activation": {"seat": 1},  # idem
    "no_units_marched": {"seat": 1, "area": "3A"},
    "objective_claimed": {"seat": 1, "card": "heerschau"},
    "objective_dealt": {"seat": 1},
    "order_bonus": {"seat": 0, "order": "support", "heroes": 0, "reason": "declined"},
    "order_chosen": {"seat": 0},
    "orders_revealed": {"orders": {0: 4, 1: 2}, "player_order": [1, 0]},
    "player_eliminated": {"seat": 3},  # idem
    "quest_phase": {"player_order": [1, 0]},
    "quest_phase_ended": {},
    "quest_result": {"hero": "mirela_laterne", "owner": 0, "area": "6A", "quest": "setup-6", "completed": True},
    "quest_revealed": {"hero": "mirela_laterne", "owner": 0, "area": "6A", "quest": "setup-6", "test": "wisdom", "duel": None},
    "quests_discarded": {"seat": 1, "count": 1},
    "quests_drawn": {"seat": 0, "count": 2},
    "recruit_not_possible": {"seat": 2, "reason": "no friendly area with your stronghold"},  # idem
    "reward_discarded": {"hero": "grell_knochenbeisser", "owner": 1, "area": "3C", "reward": "goldbeutel", "why": "used"},
    "reward_gained": {"hero": "mirela_laterne", "owner": 0, "area": "6A", "count": 1, "why": "setup-6"},
    "reward_revealed": {"hero": "bruder_osric", "owner": 3, "area": "2D", "reward": "spiegelschild"},
    "rewards_taken": {"hero": "iskra_feuerstein", "owner": 2, "area": "6B", "count": 1, "face_up": [], "why": "trade"},
    "rune_peeked": {"seat": 0, "area": "10A", "why": "runengeruechte"},
    "rune_returned": {"seat": 0, "rune": "dragon"},  # idem
    "rune_seen": {"area": "1C", "rune": "dragon", "why": "hero"},
    "runes_moved": {"seat": 1, "areas": ["13A", "13C"]},
    "runes_placed": {"seat": 1, "why": "bid", "areas": ["8A"]},
    "runes_revealed": {"runes": {"10B": "dragon", "10C": "dragon", "13C": "dragon", "4C": "dragon", "9B": "dragon"}},
    "runes_taken": {"seat": 1, "why": "bid", "dragon": 1, "false": 0, "stand_in": False},
    "scroll_read": {"seat": 0, "area": "1B"},
    "scroll_seen": {"area": "12A", "rune": "dragon"},
    "season_began": {"year": 1, "season": "spring"},
    "season_card_cancelled": {"seat": 3, "card": "herbstkonvent", "why": "zeichen_deuten"},
    "season_card_drawn": {"card": "erntedank", "council": False},
    "setup_complete": {},
    "setup_quests_dealt": {"quests": [["setup-8", "setup-7"], ["setup-1", "setup-3"]]},
    "spring": {"activation_tokens_removed": True, "routed_stand_up": True, "orders_back_to_hand": True},
    "starting_heroes_dealt": {"heroes": {0: "aldric_sturmhand", 1: "grell_knochenbeisser"}},
    "stronghold_built": {"seat": 1, "area": "3A", "moved_from": None, "dials": {"food": 3, "wood": 3, "ore": 1}},
    "stronghold_captured": {"area": "11A", "seat": 0, "previous": 1},
    "stronghold_damaged": {"area": "7A", "seat": 1},
    "stronghold_demolished": {"area": "8C", "seat": 0},
    "stronghold_destroyed": {"area": "8A", "seat": 2},
    "stronghold_placed": {"seat": 1, "area": "13B"},
    "stronghold_repaired": {"seat": 1, "area": "7A", "why": "baumeister"},
    "summer": {},
    "support_chosen": {"seat": 0, "area": "1A", "city": "city-6", "benefit": "units", "amount": 1},
    "tactics_discarded": {"seat": 0, "cards": ["finte_2"], "why": "hand_limit"},
    "tactics_drawn": {"seat": 1, "count": 4},
    "tactics_played": {"seat": 1, "card": "hinterhalt", "window": "turn"},
    "test_chosen": {"hero": "mirela_laterne", "owner": 0, "area": "1D", "quest": "setup-1", "card": "fate-10", "symbol": "red"},
    "test_drawn": {
        "hero": "mirela_laterne",
        "owner": 0,
        "area": "1D",
        "quest": "setup-1",
        "test": "strength",
        "cards": ["fate-10"],
        "symbols": {"fate-10": "red"},
    },
    "test_extra_cards": {"hero": "mirela_laterne", "amount": 1, "why": "gluecksbringer"},
    "tile_placed": {"seat": 1, "tile": "tile-1", "q": 0, "r": 0, "rotation": 0},
    "title_benefit": {"seat": 1, "title": "primarch_des_rates_der_magier", "when": "council_card"},
    "title_declined": {"seat": 2},
    "title_taken": {"seat": 0, "title": "kapitaen_der_heldenliga", "influence": 3, "from_seat": None, "returned_to_supply": 0},
    "turn_began": {"seat": 0, "order": "harvest", "number": 4, "bonus": True},
    "turn_ended": {"seat": 1},
    "units_eliminated": {"seat": 0, "area": "10B", "units": {"human_infantry": 1}, "why": "winter"},
    "units_moved": {"seat": 1, "unit": "uthuk_berserker", "count": 2, "path": ["13B", "3A"], "why": "versteckter_pass_2"},
    "units_not_recruited": {"seat": 0, "unit": "elf_archer", "count": 1, "reason": "no figures left"},
    "units_placed": {"seat": None, "ally": None, "unit": "beastman", "areas": {"1C": 1, "7A": 1}, "why": "wandernde_staemme"},
    "units_recruited": {"seat": 1, "resources": ["ore"], "units": {}},
    "units_retreated": {"side": None, "units": {"giant": 1}, "path": ["1B", "8B"], "why": "finte"},
    "units_routed": {"seat": None, "area": "7A", "units": {"beastman": 3}, "why": "hinterhalt"},
    "units_stood_up": {"seat": 0, "area": "10B", "units": {"human_archer": 1}, "why": "sammelt_euch_2"},
    "units_taken_to_recruit": {"seat": 0, "unit": "uthuk_chaos_lord", "areas": {"13C": 1}},
    "winter": {"water_frozen": True},
    "your_bid": {"amount": 7},
    "your_false_rune": {"area": "11A"},
    "your_heroes_drawn": {"cards": ["mirela_laterne"]},
    "your_objective": {"card": "heerschau"},
    "your_order": {"number": 4, "order": "harvest"},
    "your_quests_discarded": {"cards": ["setup-1"]},
    "your_quests_drawn": {"cards": ["setup-2"]},
    "your_rewards": {"hero": "mirela_laterne", "cards": ["kriegsbemalung"]},
    "your_runes": {"runes": {"13A": "dragon", "13C": "dragon"}, "swapped": True},
    "your_tactics_drawn": {"cards": ["finte"]},
}
#: the kinds whose events go to one seat only
PRIVATE = {
    "your_commanders_drawn",
    "your_tactic_fate",
    "battle_cards",
    "rune_seen",
    "scroll_seen",
    "your_bid",
    "your_false_rune",
    "your_heroes_drawn",
    "your_objective",
    "your_order",
    "your_quests_discarded",
    "your_quests_drawn",
    "your_rewards",
    "your_runes",
    "your_tactics_drawn",
}


def problem(line: str, generic: str) -> str | None:
    if line == generic:
        return "the generic fallback"
    if RAW.search(line):
        return f"raw text {RAW.search(line).group(0)!r}"
    return None


# -------------------------------------------------------------------------------- every kind


def test_every_event_kind_the_engine_emits_has_a_phrase_and_a_sample():
    kinds = emitted_kinds()
    assert len(kinds) > 100  # the grep finds the engine's events
    assert not kinds - (set(EVENTS) | set(PHRASES)), "event kinds without words"
    assert not kinds - set(SAMPLES), "event kinds without a sample here: add one (the data of its emit call)"
    assert not set(SAMPLES) - kinds, "samples of event kinds the engine no longer emits"


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_event_kind_reads_as_words(kind):
    event = Event(kind, SAMPLES[kind], to=frozenset({0}) if kind in PRIVATE else None)
    line = NARRATOR.event(event)
    assert problem(line, GENERIC.event(event)) is None, line
    assert not line[:1].islower() and line.endswith((".", ")")), line


def test_every_prompt_kind_has_a_heading():
    from engine.runewars.flow import PROMPT_KINDS

    installed_games()["runewars"].load_ruleset()
    assert len(PROMPT_KINDS) > 50
    assert not set(PROMPT_KINDS) - set(HEADINGS)


def played(seats: int, seed: int, options: dict):
    """A whole game with the default AI at every seat: (events, [(prompt, legal answers)])."""
    descriptor = installed_games()["runewars"]
    engine, policy, pack = Engine(descriptor.load_ruleset()), descriptor.ai(), descriptor.load_pack(options)
    begun = engine.setup(options, seats, seed)
    state, events, decisions, rng = begun.state, list(begun.events), [], Random(seed)
    for _ in range(20_000):
        if state.result is not None:
            return events, decisions
        prompt = rng.choice(state.prompts)
        legal = engine.ruleset.legal(state, prompt)
        decisions.append((prompt, legal))
        action = policy(engine.view(state, prompt.seat), prompt, legal, rng, pack=pack)
        transition = engine.apply(state, action, in_place=True)
        state = transition.state
        events += transition.events
    raise AssertionError("the AI game did not end")


@pytest.mark.parametrize("seats, seed", [(3, 11), (4, 12)])
def test_ai_games_with_every_option_read_as_words(seats, seed):
    events, decisions = played(seats, seed, {"epic": True, "exploration": True, "map_building": "rulebook"})
    bad = {e.kind: f"{p}: {line}" for e in events if (p := problem(line := NARRATOR.event(e), GENERIC.event(e))) is not None}
    assert not bad
    kinds = {e.kind for e in events}
    assert {"tile_placed", "guide_placed", "home_placed", "exploration_tokens_placed", "dials_set"} <= kinds
    for prompt, legal in decisions:
        heading = NARRATOR.prompt(prompt)
        assert problem(heading, GENERIC.prompt(prompt)) is None, heading
        for action in legal:
            label = NARRATOR.action(action)
            assert label and not RAW.search(label) and not re.match(r"[a-z ]+: ", label), (prompt.kind, label)


# -------------------------------------------------------------------------------- exact lines


def line(kind: str, **data) -> str:
    return NARRATOR.event(Event(kind, data))


def test_a_duel_round_by_round():
    """p. 28 (Duelle): each round the attacker, then the defender, draws one fate card and reads
    the hero's (circle) section; all damage of a round lands at once; up to 4 rounds."""
    assert (
        line(
            "duel_started",
            area="13A",
            attacker="aldric_sturmhand",
            attacker_seat=0,
            defender="morwen_aschschleier",
            defender_seat=2,
        )
        == "Duel in 13A: Aldric Stormhand of Player 1 challenges Morwen Ashveil of Player 3."
    )
    assert (
        line("duel_cards", area="13A", round=1, cards=["fate-06", "fate-16"], sections=["D1", "S"])
        == "Duel in 13A, round 1: the attacker draws fate card 6 (1 damage), the defender fate card 16 (special)."
    )
    assert (
        line("duel_special_damage", hero="morwen_aschschleier", owner=2)
        == "Morwen Ashveil of Player 3 deals 1 damage with a special icon."
    )
    assert (
        line("duel_round", area="13A", round=1, damage=[1, 0], prevented=[0, 1])
        == "Duel in 13A, round 1: the attacker takes 1 damage, the defender none (1 prevented)."
    )
    assert (
        line("duel_ended", area="13A", rounds=3, defeated={"attacker": False, "defender": True})
        == "The duel in 13A ended after 3 rounds: the defender is defeated."
    )
    # a duel quest (p. 28 Duellquests): the quest's neutral unit, led by the player on the left
    assert (
        line(
            "duel_started",
            area="4C",
            attacker="bruder_osric",
            attacker_seat=0,
            monster="dragon",
            controller=1,
            quest="drachenjagd",
        )
        == "Duel in 4C: Brother Osric of Player 1 fights the Dragons of the quest Dragon Hunt, led by Player 2."
    )


def test_dials_by_what_they_show():
    """p. 33 (Ernte): Harvest sets each resource dial to what the controlled areas produce, up or
    down; the bonus may lower wood by 1 to build a development."""
    assert (
        line("dials_set", seat=1, dials={"food": [2, 3], "wood": [3, 4], "ore": [2, 2]}, why="harvest")
        == "Player 2 harvests: food 2 → 3, wood 3 → 4, ore stays at 2."
    )
    assert (
        line("dials_set", seat=0, dials={"wood": [3, 2]}, why="development_built")
        == "Player 1 pays wood for the development: wood 3 → 2."
    )
    assert (
        line("development_built", seat=0, development="humans.training", area="10A", moved_from=None)
        == "Player 1 built a development in 10A: Training Ground."
    )


def test_the_rulebook_map_building():
    """p. 8 (Spielplanaufbau 3-5): tiles from the centre out, then one home-realm guide per
    player on the edge, then each home realm laid over a guide."""
    assert (
        line("tile_placed", seat=0, tile="tile-1", q=0, r=0, rotation=0)
        == "Player 1 places Vale of Mistwater (tile 1) in the centre, not rotated."
    )
    assert (
        line("tile_placed", seat=1, tile="tile-3", q=4, r=-3, rotation=5)
        == "Player 2 places Thornwood (tile 3) at (4, -3), rotated 300°."
    )
    assert line("guide_placed", seat=1, cells=[[2, 0], [2, 1]]) == "Player 2 lays a home-realm guide on (2, 0) and (2, 1)."
    assert (
        line("home_placed", seat=0, tile="tile-10", q=2, r=1, rotation=2, guide=[[2, 0], [2, 1]])
        == "Player 1 lays its home realm over the guide on (2, 0) and (2, 1), rotated 120°."
    )
    assert (
        line("map_redo", steps=[3], why="the guides cannot be placed")
        == "The map cannot be finished (the guides cannot be placed): the tiles are taken back to be placed again (p. 8, step 3)."
    )
    placed = Prompt(
        "setup/map/place_guide/0/40", 0, "place_guide", info={"placed": [[[2, 0], [2, 1]]], "count": 3, "candidates": []}
    )
    assert NARRATOR.prompt(placed) == "Map building: place home-realm guide 2 of 3 on the edge of the map."
    tile = Action(0, "setup/map/place_tile/0/12", "tile", {"tile": "tile-8", "q": 3, "r": -1, "rotation": 3})
    guide = Action(0, "setup/map/place_guide/0/40", "guide", {"cells": [[-1, 0], [0, -1]]})
    assert [NARRATOR.action(tile), NARRATOR.action(guide)] == [
        "Ashen Downs (tile 8) at (3, -1), rotated 180°",
        "Guide on (-1, 0) and (0, -1)",
    ]


def test_answers_name_cards_and_say_what_they_do():
    """p. 28 (Duelle): a special icon deals 1 damage or uses a reward; armor may prevent damage.
    p. 18: a diplomacy's fate card is read by its symbol."""

    def labels(pid, *answers):
        return [NARRATOR.action(Action(0, pid, choice, args)) for choice, args in answers]

    assert labels("y2/summer/duel_special/aldric_sturmhand/310", ("damage", {}), ("reward", {"reward": "runenspeer"})) == [
        "Deal 1 damage",
        "Use Runed Spear",
    ]
    assert labels("y2/summer/duel_armor/aldric_sturmhand/311", ("none", {})) == ["No armor"]
    assert labels("y2/summer/explore/bandits/aldric_sturmhand/312", ("damage", {}), ("discard", {"reward": "runenspeer"})) == [
        "Take 1 more damage",
        "Discard Runed Spear",
    ]
    assert labels("y1/spring/diplomacy/0/card", ("choose", {"card": "fate-03"})) == ["Fate card 3 (silver)"]
    assert labels("y1/summer/harvest/0/build", ("build", {"development": "uthuk.diplomacy", "area": "13B"})) == [
        "Build Diplomacy in 13B"
    ]
    assert labels("y1/summer/discard/1", ("discard", {"cards": ["klingentanz", "baumeister_2"]})) == [
        "Discard Blade Dance and Master Mason"
    ]


def test_a_private_event_is_told_only_to_its_seat():
    """p. 37 (Rolle der Erkenntnis): the Scroll of Knowledge shows one player the hidden tokens of
    an area; the table hears only where he looked."""
    events = [
        Event("scroll_read", {"seat": 2, "area": "12A"}),
        Event("scroll_seen", {"area": "12A", "rune": "false", "exploration": "temple"}, to=frozenset({2})),
    ]
    public = narrate("runewars", events, None)
    assert public == ["Player 3 reads the Scroll of Knowledge and looks at what lies hidden in 12A."]
    assert narrate("runewars", events, 1) == public
    assert narrate("runewars", events, 2) == public + [
        "The scroll shows you in 12A: a false rune and the exploration token Temple."
    ]


def _variant_cards():
    from engine.runewars.ruleset import RULESET

    every = {"banners_of_war": True, "development_cards": True, "commanders": True, "road_to_victory": True}
    pack = RULESET.pack(every)
    return [(kind, c.id) for kind in ("development_card", "commander_card", "victory_card") for c in pack.cards[kind]]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_variants_cards_are_named_never_shown_as_ids(language):
    """Issue 24 item 8 („the narration names them“) and common rule: every line names cards as people say them, never ids.
    The development, commander and victory cards were missing from the narrator's named tables ("commander.vanguard")."""
    from bot.i18n import tr_for
    from bot.narration import BARE_ID

    events = [
        Event(
            "development_card_bought" if kind == "development_card" else "commander_chosen",
            {"seat": 0, "card": card, "hero": "silhouette", "why": "setup", "cost": {}},
            None,
        )
        if kind != "victory_card"
        else Event("tactics_taken_back", {"seat": 0, "card": card, "why": ""}, None)
        for kind, card in _variant_cards()
    ]
    lines = narrate("runewars", events, None, tr=tr_for(language))
    assert len(lines) == 46
    assert not [line for line in lines if BARE_ID.search(line)]
    if language == "de":
        assert "Pestländer" in " ".join(lines) and "Vorhut" in " ".join(lines)
