"""Record schemas of the Runewars pack format (one entry per TOML array-of-tables).

A field spec is ``(kind, required)`` where kind is one of
``str, int, bool, scalar, list_str, list_table, table``. Every record also has
the common fields in :data:`COMMON`.
"""

from __future__ import annotations

import re

from .model import ALIGNMENTS, BORDER_KINDS, FATE_SYMBOLS, RESOURCES, SHAPES, SOURCES

COMMON = {
    "id": ("str", True),
    "source": ("str", True),
    "origin": ("str", False),
    "page": ("scalar", False),
    "field_sources": ("table", False),
    "notes": ("str", False),
}

CARD = {
    "name_de": ("str", True),
    "name_en": ("str", False),
    "text": ("str", False),
    "partial": ("bool", False),
}

TABLES: dict[str, dict[str, tuple[str, bool]]] = {
    "component": {
        "name_de": ("str", True),
        "name_en": ("str", True),
        "count": ("int", True),
        "per_faction": ("int", False),
    },
    "constant": {
        "group": ("str", True),
        "value": ("scalar", True),
        "text": ("str", True),
    },
    "order": {
        "number": ("int", True),
        "name_de": ("str", True),
        "name_en": ("str", True),
        "main": ("str", True),
        "bonus": ("str", False),
    },
    "fate_symbol": {
        "name_de": ("str", True),
        "diplomacy": ("str", True),
        "text": ("str", True),
    },
    "fate_card": {
        "number": ("int", True),
        "symbol": ("str", True),
        "triangle": ("str", True),
        "circle": ("str", True),
        "rectangle": ("str", True),
        "hexagon": ("str", True),
    },
    "unit": {
        "faction": ("str", True),
        "name_de": ("str", True),
        "name_en": ("str", True),
        "figures": ("int", True),
        "shape": ("str", True),
        "health": ("int", True),
        "row": ("int", True),
        "fast": ("bool", True),
        "flying": ("bool", True),
        "ability_name": ("str", True),
        "ability": ("str", True),
        "replaces": ("str", False),
        "expansion": ("str", False),
    },
    "faction": {
        "name_de": ("str", True),
        "name_en": ("str", True),
        "color": ("str", True),
        "alignment": ("str", True),
        "start_tactics": ("int", True),
        "start_influence": ("int", True),
        "stronghold_strength": ("int", True),
        "stronghold_damaged_strength": ("int", True),
        "defence_development": ("str", True),
        "home_tile": ("str", True),
    },
    "dial": {
        "faction": ("str", True),
        "resource": ("str", True),
        "start": ("int", True),
        "max": ("int", True),
        "fields": ("list_table", True),
    },
    "development": {
        "faction": ("str", True),
        "kind": ("str", True),
        "count": ("int", True),
        "name_de": ("str", True),
        "name_en": ("str", True),
        "effect": ("str", True),
        "amount": ("int", True),
        "discard_on_use": ("bool", True),
        "timing": ("str", True),
        "text": ("str", True),
    },
    "tile": {
        "number": ("int", True),
        "name": ("str", True),
        "home_faction": ("str", False),
        "guide_areas": ("list_str", False),
        "hex": ("list_table", True),
    },
    "setup_quest": {
        "tile": ("str", True),
        "area": ("str", True),
        "name_de": ("str", True),
        "name_en": ("str", True),
        "test": ("str", True),
        "text": ("str", True),
    },
    "city_token": {
        "name": ("str", True),
        "neutral_unit": ("str", True),
        "neutral_count": ("int", True),
        "tactics": ("int", True),
        "influence": ("int", True),
        "quests": ("int", True),
        # Rise of the Free Cities (Banners of War): a dragon rune printed on the token
        "printed_rune": ("bool", False),
        "at_setup": ("bool", False),
        "dragon_rune": ("bool", False),
        "food": ("int", False),
        "wood": ("int", False),
        "ore": ("int", False),
    },
    "rune_token": {
        "count": ("int", True),
    },
    "exploration_token": {
        "name_de": ("str", True),
        "name_en": ("str", True),
        "kind": ("str", True),
        "resource": ("str", False),
        "back_1": ("int", True),
        "back_2": ("int", True),
        "text": ("str", True),
    },
}

#: card tables owned by the card-effects data; extra fields are allowed.
CARD_TABLES = ("hero", "reward", "tactics_card", "title", "season_card", "objective", "quest")
#: the Banners of War variants' cards (data/runewars/banners_of_war/<variant>, issue 24)
CARD_TABLES += ("development_card", "commander_card", "victory_card")
for _t in CARD_TABLES:
    TABLES[_t] = dict(CARD)

OPEN_TABLES = set(CARD_TABLES)

HEX_FIELDS = {
    "area": ("str", True),
    "q": ("int", True),
    "r": ("int", True),
    "terrain": ("str", True),
    "food": ("int", True),
    "wood": ("int", True),
    "ore": ("int", True),
    "city": ("bool", True),
    "neutrals": ("table", False),
    "borders": ("table", False),
}

DIAL_FIELD_FIELDS = {
    "value": ("int", True),
    "unit": ("str", False),
    "units": ("int", False),
    "tactics": ("int", False),
    "influence": ("int", False),
}

ENUMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("unit", "shape"): SHAPES,
    ("faction", "alignment"): ALIGNMENTS,
    ("dial", "resource"): RESOURCES,
    ("fate_symbol", "id"): FATE_SYMBOLS,
    ("fate_symbol", "diplomacy"): ("ally", "neutrals_retreat", "battle_or_retreat"),
    ("development", "kind"): ("resources", "diplomacy", "training", "defence"),
    ("development", "effect"): (
        "dial_plus",
        "influence",
        "tactics",
        "enemy_rout",
        "enemy_damage",
        "enemy_retreat",
        "strength",
    ),
    ("development", "timing"): ("harvest_bonus", "before_final_strength", "winner_determination"),
    ("setup_quest", "test"): ("strength", "agility", "wisdom"),
    ("exploration_token", "kind"): ("event", "location", "destructible_location"),
    ("exploration_token", "resource"): RESOURCES,
    ("rune_token", "id"): ("dragon", "false"),
}

AREA_ID = re.compile(r"^([1-9][0-9]?)([A-Z])$")
ID = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
SECTION = re.compile(r"^(-|S|[RD][1-9])$")

#: canonical file order of the built-in pack; other *.toml files follow, sorted.
FILE_ORDER = (
    "pack.toml",
    "components.toml",
    "constants.toml",
    "orders.toml",
    "fate_deck.toml",
    "units.toml",
    "factions.toml",
    "developments.toml",
    "map_tiles.toml",
    "setup_quests.toml",
    "cities.toml",
    "runes.toml",
    "exploration.toml",
    "rulebook_examples.toml",
)

__all__ = [
    "COMMON",
    "TABLES",
    "CARD_TABLES",
    "OPEN_TABLES",
    "HEX_FIELDS",
    "DIAL_FIELD_FIELDS",
    "ENUMS",
    "AREA_ID",
    "ID",
    "SECTION",
    "FILE_ORDER",
    "SOURCES",
    "BORDER_KINDS",
]
