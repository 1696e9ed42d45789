"""Battles, diplomacy and losses (pp. 18-24; digest §6.6, §7): targets, assignments, culls, retreats' excess.

Losses go to the weakest units (least power, routed before standing: routed figures do
not count for the final strength); ability targets are the strongest enemy figures the
ability can hurt most. Diplomacy spends enough influence for good odds of a gold or silver
card (12 of the 30 fate cards) and keeps the rest for the end of the game.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen, expected_strengths, unit_power
from engine.runewars.ai.registry import best, handles

#: diplomacy results from best to worst (p. 18): the neutrals join, they leave, or battle/retreat
SYMBOL_RANK = {"ally": 2, "neutrals_retreat": 1, "battle_or_retreat": 0}


def loss(seen: Seen, units: dict[str, int]) -> float:
    return sum(unit_power(seen.pack, u) * n for u, n in units.items())


@handles("eliminate_units")
def eliminate_units(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Cull the weakest units (the engine takes routed figures of a type first, ruling R15)."""
    area = prompt.info["area"]
    routed = {s["unit"]: s["routed"] for s in seen.led(area, seen.seat)}

    def score(action: Action) -> float:
        units = action.args["units"]
        cheap = sum(min(n, routed.get(u, 0)) * 0.7 * unit_power(seen.pack, u) for u, n in units.items())
        return -(loss(seen, units) - cheap)

    return best(legal, score)


@handles("battle_excess")
def battle_excess(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The weakest units leave the over-full area (they retreat routed, p. 18)."""
    return best(legal, lambda a: -loss(seen, a.args["units"]))


def _battle(seen: Seen) -> dict | None:
    return seen.view.get("battle")


@handles("battle_type")
def battle_type(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The type with the most standing figures draws first (most cards, most points)."""
    battle = _battle(seen)
    side = battle["sides"][0 if prompt.info.get("side") == "attacker" else 1]

    def score(action: Action) -> float:
        unit = action.args["unit"]
        standing = sum(1 for f in side["fighters"] if f["unit"] == unit and not f["routed"])
        return standing * unit_power(seen.pack, unit)

    return best(legal, score)


@handles("battle_assign")
def battle_assign(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Damage on a figure that survives it, else the cheapest; routs on the weakest (as the automatic policy)."""
    what = prompt.info.get("what")

    def score(action: Action) -> float:
        unit, damage = action.args["unit"], action.args.get("damage", 0)
        power = unit_power(seen.pack, unit)
        if what == "damage":
            survives = damage + 1 < seen.pack.unit(unit).health
            return (10.0 if survives else 0.0) - power
        return -power

    return best(legal, score)


def _hit_value(seen: Seen, mode_effect: str, target: dict) -> float:
    unit = target["unit"]
    power = unit_power(seen.pack, unit)
    health = seen.pack.unit(unit).health
    if mode_effect == "damage":
        return power if target.get("damage", 0) + 1 >= health else power / health
    if mode_effect == "rout":
        return 0.0 if target.get("routed") else 0.8 * power
    return power  # eliminate or retreat


#: what each ability mode does to its targets (engine.runewars.battle.abilities.CHOSEN)
MODE_EFFECT = {
    "rout": "rout",
    "damage": "damage",
    "triangles": "rout",
    "rectangle": "rout",
    "retreat": "retreat",
    "eliminate": "eliminate",
}


@handles("battle_ability")
def battle_ability(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The targets worth most; a sacrifice (Berserker) only against frail enemies."""
    battle = _battle(seen)
    enemy = battle["sides"][1 if prompt.info.get("side") == "attacker" else 0] if battle else {"fighters": []}
    frail = [f for f in enemy["fighters"] if not f["routed"] and seen.pack.unit(f["unit"]).health - f["damage"] <= 1]

    def score(action: Action) -> float:
        mode, targets = action.args.get("mode"), action.args.get("targets", [])
        if targets:
            return sum(_hit_value(seen, MODE_EFFECT.get(mode, "damage"), t) for t in targets)
        if mode == "use":  # sacrifice one of mine for 2 damage
            return 1.2 * min(2, len(frail)) - unit_power(seen.pack, prompt.info["unit"])
        if mode == "skip":
            return 0.0
        return 0.8  # the opponent assigns 1 damage himself

    return best(legal, score)


@handles("battle_defence")
def battle_defence(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A defence development is used when the battle is not already won without it."""
    battle = _battle(seen)
    attacker = sum(1 for f in battle["sides"][0]["fighters"] if not f["routed"]) if battle else 1
    defender = sum(1 for f in battle["sides"][1]["fighters"] if not f["routed"]) if battle else 0
    fort = seen.stronghold_strength(battle["area"]) if battle else 0
    choice = "use" if defender + fort <= attacker + 1 else "skip"
    return next((a for a in legal if a.choice == choice), legal[0])


@handles("battle_stronghold")
def battle_stronghold(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Keep the captured stronghold when its area is worth more than my least valuable one (p. 21)."""
    captured = seen.area_value(prompt.info["area"])

    def score(action: Action) -> float:
        if action.choice == "destroy":
            return 0.0
        return captured - seen.area_value(action.args["area"])

    return best(legal, score)


# -- diplomacy (p. 18) -----------------------------------------------------------------------


@handles("diplomacy_spend")
def diplomacy_spend(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """3 cards give a gold or silver card 4 times in 5; stronger neutrals are worth a 4th."""
    area = prompt.info["area"]
    wanted = 4 if seen.power(area, None) >= 6 else 3
    if seen.seasons_left() < 3:
        wanted = 2
    return best(legal, lambda a: -abs(a.args["influence"] - wanted))


@handles("diplomacy_card")
def diplomacy_card(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    cards = {c.id: c for c in seen.pack.fate_cards}
    return best(legal, lambda a: SYMBOL_RANK.get(seen.pack.fate_symbols[cards[a.args["card"]].symbol].diplomacy, -1))


@handles("diplomacy_fallout")
def diplomacy_fallout(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Fight only when the battle looks won; else retreat and keep the units."""
    area = prompt.info["area"]
    mine = {s["unit"]: s["standing"] for s in seen.led(area, seen.seat) if s["standing"]}
    theirs = {s["unit"]: s["standing"] for s in seen.led(area, None) if s["standing"]}
    attack, defence = expected_strengths(seen.pack, mine, theirs)
    choice = "battle" if attack > defence + 0.5 else "retreat"
    return next((a for a in legal if a.choice == choice), legal[0])
