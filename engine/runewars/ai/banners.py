"""The AI's answers to the prompt kinds of Banners of War, and the expansion's simulate counts.

Handlers read the seat's view and the pack only (like every AI module): the Garrison order's worth
(its defence where rivals threaten, its 2 units in spring), the Garrison units' stronghold, how many
recruits come as the new unit, and which tactic fate cards replace fate draws.
"""

from __future__ import annotations

from functools import lru_cache
from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai import orders, tally
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles
from engine.runewars.battle.abilities import tactic_fate_section
from engine.runewars.data.loader import load_pack

#: points of a fate section when one's own unit draws it (a special ability about a damage point)
SECTION_WORTH = {"blank": 0.0, "special": 1.0, "rout": 0.8, "damage": 1.0}
#: what a tactic fate card kept in hand is worth, against playing it as a fate card
KEEP_WORTH = 0.7


def garrison_value(seen: Seen, bonus: bool) -> float:
    """+2 strength where rivals can strike this season, 2 triangle units with the bonus (spring only)."""
    threat = max((seen.threat(a) for a in seen.stronghold_areas()), default=0.0)
    units = 2 * 1.5 if bonus and seen.stronghold_areas() else 0.0
    return 0.25 * min(threat, 6.0) + units


orders.ORDER_VALUES["garrison"] = garrison_value

#: what the Guildmaster's 2 resources add to a Harvest (about a dial step of two resources)
GUILDMASTER_HARVEST = 1.2


def guildmaster_harvest(seen: Seen, order: str, bonus: bool) -> float:
    """Harvest is worth more to the Guildmaster of Merchants (its 2 extra resources)."""
    if order != "harvest":
        return 0.0
    title = seen.view.get("titles", {}).get("gildemeister_der_haendler")
    return GUILDMASTER_HARVEST if title is not None and title.get("holder") == seen.seat else 0.0


orders.ORDER_EXTRAS.append(guildmaster_harvest)


@handles("garrison_recruit")
def garrison_recruit(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The units go where rivals threaten most; the sturdier types first."""

    def score(a: Action) -> float:
        health = sum(seen.pack.unit(u).health * n for u, n in a.args["units"].items())
        return seen.threat(a.args["area"]) + 0.1 * health

    return best(legal, score)


@handles("recruit_substitute")
def recruit_substitute(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Half of the figures, rounded up, come as the new unit (both types take the field)."""
    want = (prompt.info["count"] + 1) // 2
    return min(legal, key=lambda a: abs(a.args["count"] - want))


@handles("tactic_fate")
def tactic_fate(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Announce the cards whose section for the drawing unit's shape beats an average draw and a card in hand."""
    shape = seen.pack.unit(prompt.info["unit"]).shape

    def score(a: Action) -> float:
        value = 0.0
        for card in a.args["cards"]:
            section = tactic_fate_section(seen.pack, card, shape)
            value += SECTION_WORTH[section.kind] * max(1, section.n) - KEEP_WORTH
        return value

    return best(legal, score)


@handles("duel_tactic_fate")
def duel_tactic_fate(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A duel reads the circle section (p. 28): announce the best card when it beats a draw and a card kept."""
    shape = str(seen.pack.constant("hero_duel_shape"))

    def score(a: Action) -> float:
        return sum(
            SECTION_WORTH[(s := tactic_fate_section(seen.pack, c, shape)).kind] * max(1, s.n) - KEEP_WORTH
            for c in a.args["cards"]
        )

    return best(legal, score)


@handles("prowl")
def prowl(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Every retreating unit eliminated is worth more than a Rider left standing after a won battle."""
    return max(legal, key=lambda a: a.args["count"])


@handles("flooded_move")
def flooded_move(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A rival's hero is carried off: to an area where the rivals of its owner stand, else anywhere away."""
    owner = prompt.info["owner"]

    def score(a: Action) -> float:
        if a.choice == "stay":
            return -1.0
        area = seen.areas.get(a.args["area"], {})
        return sum(
            s.get("standing", 0) + s.get("routed", 0) for s in area.get("units", []) if s.get("owner") not in (owner, None)
        )

    return best(legal, score)


# -- simulate counts (python -m bot simulate --options banners_of_war) --------------------------------


@lru_cache(maxsize=1)
def _fate_tactics() -> frozenset[str]:
    pack = load_pack(None, use_env=False, expansions=("banners_of_war",))
    return frozenset(c.id for c in pack.cards.get("tactics_card", ()) if c.attrs.get("fate"))


NEW_UNITS = (
    "human_novice_wizard",
    "human_roc",
    "elf_leonx_rider",
    "elf_forest_guardian",
    "uthuk_blood_sister",
    "uthuk_obscenity",
    "undead_vampire",
    "undead_great_dragon",
)

COUNTS = {
    "garrison_played": lambda e: int(e.kind == "garrison_played"),
    "garrison_bonus_used": lambda e: int(e.kind == "garrison_recruited"),
    "garrison_defences": lambda e: int(e.kind == "garrison_defends"),
    "tactic_fate_as_fate": lambda e: int(e.data.get("count", 0)) if e.kind == "tactic_fate_announced" else 0,
    "tactic_fate_as_tactics": lambda e: int(e.kind == "tactics_played" and e.data.get("card") in _fate_tactics()),
    "runes_revealed": lambda e: int(e.kind == "rune_revealed"),
    "desolation_placed": lambda e: int(e.kind == "desolation_placed"),
    "cryomancy_placed": lambda e: int(e.kind == "cryomancy_placed"),
    "cryomancy_melted": lambda e: len(e.data.get("areas", ())) if e.kind == "cryomancy_removed" else 0,
    "guildmaster_taken": lambda e: int(e.kind == "title_taken" and e.data.get("title") == "gildemeister_der_haendler"),
    "guildmaster_resources": lambda e: int(e.kind == "guildmaster_resources"),
    "guildmaster_losses_ignored": lambda e: int(e.kind == "loss_ignored"),
    "sunken_city_placed": lambda e: int(e.kind == "sunken_city_placed"),
    "flooded_area_moves": lambda e: int(e.kind == "hero_moved" and e.data.get("why") == "flooded_area"),
    "prowl_active": lambda e: int(e.kind == "prowl_active"),
    "prowl_eliminated": lambda e: int(e.data.get("count", 0)) if e.kind == "prowled" else 0,
    "sunken_city_blocked": lambda e: int(e.kind == "sunken_city_blocked"),
    "sunken_city_destroyed": lambda e: int(e.kind == "sunken_city_destroyed"),
    "flooded_area_revealed": lambda e: int(e.kind == "exploration_revealed" and e.data.get("token") == "flooded_area"),
    "defensible_area_revealed": lambda e: int(e.kind == "exploration_revealed" and e.data.get("token") == "defensible_area"),
    "defensible_area_defences": lambda e: int(e.kind == "defensible_area_defends"),
    **{
        f"recruited_{unit}": (
            lambda u: lambda e: int(e.data.get("count", 0)) if e.kind == "units_substituted" and e.data.get("instead") == u else 0
        )(unit)
        for unit in NEW_UNITS
    },
}
tally.COUNTS.update(COUNTS)
tally.OPTION_COUNTS.update(dict.fromkeys(COUNTS, "banners_of_war"))
