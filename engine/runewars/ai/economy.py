"""Resources, recruits, influence and the cards around them (Harvest, Recruit, Support, Gain Power,
Fortify, autumn, titles, bids; pp. 11, 14, 31, 33-36).

Everything is valued in one currency, the *point*: a unit is worth its power
(:func:`~engine.runewars.ai.knowledge.unit_power`), an influence token
:func:`influence_worth` (more towards the end, when it breaks the tie on dragon runes,
p. 30), a tactics card :data:`TACTICS_WORTH` (the AI cannot yet judge card effects, so it
holds them cheap).
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import AREA_LIMIT, Seen, facts, unit_power
from engine.runewars.ai.registry import best, handles

TACTICS_WORTH = 0.3
QUEST_WORTH = 0.2


def influence_worth(seen: Seen) -> float:
    """An influence token: the tie-breaker at the end (p. 30) and the fuel of diplomacy; for the
    ``new`` policy also a step towards outbidding every rival for a dragon rune (:func:`bid_race_worth`)."""
    worth = 0.6 if seen.seasons_left() > 4 else 1.0
    return worth + bid_race_worth(seen) if seen.contender else worth


def rune_bid_shares(seen: Seen) -> dict[str, float]:
    """Season -> the share of its season cards whose influence bid wins a dragon rune (p. 31; the pack's cards)."""
    key = ("rune_bid_shares", id(seen.pack))
    if key not in _PACK_MEMO:
        decks: dict[str, list[bool]] = {}
        for card in seen.pack.cards.get("season_card", ()):
            effects = [e for e in card.attrs.get("effects") or () if isinstance(e, dict)]
            rune = any(e.get("prize") == "dragon_rune" or e.get("do") == "place_dragon_rune" for e in effects)
            decks.setdefault(str(card.attrs.get("season")), []).append(rune)
        _PACK_MEMO[key] = {season: sum(runes) / len(runes) for season, runes in decks.items()}
    return _PACK_MEMO[key]


_PACK_MEMO: dict[object, dict[str, float]] = {}


def bid_race_worth(seen: Seen) -> float:
    """The ``new`` policy: influence is public and a rune bid goes to the richest (p. 31), so a token is
    worth more to a seat that is not yet the richest, the fewer tokens it lacks, while rune bids
    remain to be drawn: most to a seat one token short of being the richest or one token ahead, less the
    further it is from that line either way."""
    key = "bid_race_worth"
    if key not in seen.memo:
        order = ("spring", "summer", "autumn", "winter")
        now = order.index(seen.season) if seen.season in order else 0
        shares = rune_bid_shares(seen)
        ahead = sum(shares.get(order[(now + k) % 4], 0.0) for k in range(1, seen.seasons_left() + 1))
        richest = max((seen.players[s]["influence"] for s in seen.rivals), default=0)
        lacking = richest + 1 - seen.me["influence"]
        chance = min(1.0, ahead)
        seen.memo[key] = RACE_WORTH * chance / (lacking if lacking > 0 else 2 - lacking)
    return seen.memo[key]


#: what a token is worth to a seat one token short of being the richest, with a rune bid surely ahead
RACE_WORTH = 2.5


# -- dials -------------------------------------------------------------------------------


def dial_worth(seen: Seen, resource: str, value: int) -> float:
    """What a dial at ``value`` gives: units to recruit, influence to gain, tactics cards (p. 14)."""
    dial = seen.pack.faction(seen.me["faction"]).dials[resource]
    units = sum(unit_power(seen.pack, u) * n for u, n in dial.units_at(value).items())
    return units + 0.5 * influence_worth(seen) * dial.influence_at(value) + 0.5 * TACTICS_WORTH * dial.tactics_at(value)


def production(seen: Seen) -> dict[str, int]:
    """Each resource's icons in the areas I control (Harvest sets the dials to these, p. 33)."""
    totals = {"food": 0, "wood": 0, "ore": 0}
    for area in seen.mine():
        for resource, n in facts(seen.pack).resources[area].items():
            totals[resource] += n
    return totals


def harvest_gain(seen: Seen) -> float:
    """The change in dial worth if I harvested now (dials go up or down, p. 33), plus winter food."""
    dials = seen.pack.faction(seen.me["faction"]).dials
    gain = 0.0
    for resource, total in production(seen).items():
        new, old = min(total, dials[resource].max), seen.me["dials"][resource]
        gain += dial_worth(seen, resource, new) - dial_worth(seen, resource, old)
        if resource == "food" and seen.season in ("summer", "autumn"):
            gain += 0.8 * (winter_losses(seen, old) - winter_losses(seen, new))
    return gain


def winter_losses(seen: Seen, food: int) -> float:
    """The power I would lose to the winter cut to ``food`` units per area (p. 11)."""
    lost = 0.0
    for area in seen.mine():
        excess = seen.force(area, seen.seat) - food
        if excess > 0:
            powers = sorted(
                unit_power(seen.pack, s["unit"]) for s in seen.led(area, seen.seat) for _ in range(s["standing"] + s["routed"])
            )
            lost += sum(powers[:excess])
    return lost


def recruit_room(seen: Seen) -> int:
    """Free places in the areas with my stronghold (recruits go there, p. 35; 8 per area, and in
    autumn only up to the food dial: winter cuts every area to it, p. 11)."""
    cap = min(AREA_LIMIT, max(1, seen.me["dials"]["food"])) if seen.season == "autumn" else AREA_LIMIT
    return sum(max(0, cap - seen.force(a, seen.seat)) for a in seen.stronghold_areas())


def figures_left(seen: Seen, unit: str) -> int:
    on_board = sum(
        s["standing"] + s["routed"]
        for a in seen.areas.values()
        for s in a["units"]
        if s["owner"] == seen.seat and s["unit"] == unit
    )
    return seen.pack.unit(unit).figures - on_board


def recruit_yield(seen: Seen, resources: list[str]) -> float:
    """The power recruited with ``resources``, limited by room and figures (p. 31, p. 35)."""
    dials = seen.pack.faction(seen.me["faction"]).dials
    units: dict[str, int] = {}
    for resource in resources:
        for unit, n in dials[resource].units_at(seen.me["dials"][resource]).items():
            units[unit] = units.get(unit, 0) + n
    room = recruit_room(seen)
    powers = sorted(
        (unit_power(seen.pack, u) for u, n in units.items() for _ in range(min(n, max(0, figures_left(seen, u))))), reverse=True
    )
    fed = max(0, winter_capacity(seen) - army_size(seen))  # units beyond what winter feeds are worth little
    return sum(p if i < fed else 0.3 * p for i, p in enumerate(powers[:room]))


def army_size(seen: Seen) -> int:
    return sum(seen.force(a, seen.seat) for a in seen.areas_with_mine())


def winter_capacity(seen: Seen) -> int:
    """Units my areas can keep through winter at the food dial (p. 11), one more area to spread into counted."""
    return max(1, seen.me["dials"]["food"]) * (len(seen.mine()) + 1)


def recruit_value(seen: Seen, bonus: bool) -> float:
    if not seen.stronghold_areas():
        return 0.0
    resources = list(seen.me["dials"])
    if not bonus:
        return max(recruit_yield(seen, [r]) for r in resources)
    return max(recruit_yield(seen, [a, b]) for a in resources for b in resources if a != b)


# -- prompts -------------------------------------------------------------------------------


@handles("harvest_raise_dial")
def raise_dial(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    def score(action: Action) -> float:
        resource = action.args["resource"]
        value = seen.me["dials"][resource]
        return dial_worth(seen, resource, value + 1) - dial_worth(seen, resource, value)

    return best(legal, score)


#: development kinds, most useful first when nothing threatens the site (p. 33)
DEVELOPMENT_RANK = {"diplomacy": 3.0, "resources": 2.0, "defence": 1.5, "training": 1.0}


@handles("harvest_build")
def build_development(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Diplomacy (influence every bonus harvest) first; a defence development where rivals gather."""
    developments = {d.id: d for d in seen.pack.developments}

    def score(action: Action) -> float:
        if action.choice == "decline":
            return 0.5
        kind = developments[action.args["development"]].kind
        area = action.args["area"]
        value = DEVELOPMENT_RANK.get(kind, 0.5) + 0.2 * seen.dragon_chance(area)
        if kind == "defence":
            value += min(3.0, seen.threat(area) / 3)
        return value - (2.0 if "from" in action.args else 0.0)

    return best(legal, score)


@handles("recruit_resource")
def recruit_resource(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    return best(legal, lambda a: recruit_yield(seen, [a.args["resource"]] + ([a.args["second"]] if "second" in a.args else [])))


@handles("place_recruits")
def place_recruits(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Recruits go where the threat is, never beyond 8 (or the coming winter's food), never taken from the board when avoidable."""
    unit = prompt.info["unit"]
    power = unit_power(seen.pack, unit)
    food = seen.me["dials"]["food"] if seen.season == "autumn" else AREA_LIMIT

    def score(action: Action) -> float:
        value = -3.0 * sum(action.args.get("take", {}).values())
        for area, n in action.args["areas"].items():
            force = seen.force(area, seen.seat)
            room = max(0, min(AREA_LIMIT, max(food, 1)) - force)
            value += power * min(n, room) - 2.0 * max(0, n - room)
            value += 0.1 * n * (seen.threat(area) - seen.power(area, seen.seat)) / max(1.0, power)
        return value

    return best(legal, score)


def city_benefit(seen: Seen, area: str, benefit: str, amount: int) -> float:
    if benefit == "units":
        token = next(c for c in seen.pack.city_tokens if c.id == seen.areas[area]["city"])
        room = max(0, AREA_LIMIT - seen.force(area, seen.seat))
        return unit_power(seen.pack, token.neutral_unit) * min(amount, room)
    if benefit == "influence":
        return influence_worth(seen) * amount
    if benefit == "tactics":
        return TACTICS_WORTH * amount
    return QUEST_WORTH * amount


@handles("support_city")
def support_city(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    benefits = prompt.info["benefits"]
    return best(legal, lambda a: city_benefit(seen, prompt.info["area"], a.args["benefit"], benefits[a.args["benefit"]]))


def support_value(seen: Seen) -> float:
    """Order 6: the best benefit of every city I control (supplies unknown here: assume they last)."""
    total = 0.0
    for area in seen.mine():
        city = seen.areas[area]["city"]
        if city:
            token = next(c for c in seen.pack.city_tokens if c.id == city)
            options = {"units": token.neutral_count, "influence": token.influence, "tactics": token.tactics}
            total += max(city_benefit(seen, area, b, n) for b, n in options.items())
    return total


@handles("support_quest_discard")
def discard_quests(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The AI cannot judge quests yet: it keeps the ones it held first (the last answer drops the newest cards)."""
    return legal[-1]


def influence_icons(seen: Seen) -> int:
    dials = seen.pack.faction(seen.me["faction"]).dials
    return sum(dials[r].influence_at(v) for r, v in seen.me["dials"].items())


@handles("take_title")
def take_title(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A title for the least influence it costs, only with a reserve of 4 left and not in the last year
    (influence on a title is spent, and owned influence breaks the final tie, p. 30)."""

    def score(action: Action) -> float:
        if action.choice == "decline":
            return 0.0
        left = seen.me["influence"] - action.args["influence"]
        if left < 4 or seen.seasons_left() < 4:
            return -1.0
        return 1.0 - 0.1 * action.args["influence"]

    return best(legal, score)


@handles("autumn_choice")
def autumn_choice(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Influence, unless it is plentiful and the hand is thin (the AI holds tactics cheap, see TACTICS_WORTH)."""
    wants_cards = seen.me["influence"] >= 10 and seen.me["tactics"] < 2 and seen.seasons_left() > 4
    choice = "tactics" if wants_cards else "influence"
    return next((a for a in legal if a.choice == choice), legal[0])


@handles("influence_bid")
def influence_bid(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Outbid the richest rival's likely bid (about half of their influence) while keeping half of mine."""
    mine = seen.me["influence"]
    richest = max((seen.players[s]["influence"] for s in seen.rivals), default=0)
    wanted = min(mine, max(1, richest // 2 + 1)) if mine > 1 else mine
    if wanted > (mine + 1) // 2 and seen.seasons_left() < 4:
        wanted = (mine + 1) // 2
    return best(legal, lambda a: -abs(a.args["amount"] - wanted))


@handles("bid_tie")
def bid_tie(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Myself if tied, else the tied rival with the least influence (the weakest)."""

    def score(action: Action) -> float:
        seat = action.args["seat"]
        return 100.0 if seat == seen.seat else -seen.players[seat]["influence"]

    return best(legal, score)


# -- Fortify (p. 36) -------------------------------------------------------------------------


def build_site_value(seen: Seen, area: str) -> float:
    """A stronghold adds 5 to the defence (p. 33) and is a place to recruit."""
    return 1.0 + 3.0 * seen.dragon_chance(area) + 0.3 * seen.resources(area) + min(2.0, seen.threat(area) / 4)


def swap_helps(seen: Seen, areas: list[str]) -> bool:
    """Swapping two runes I know helps when it puts the dragon rune in the safer area."""
    first, second = areas
    kinds = [seen.areas[a]["rune"] for a in areas]
    if sorted(kinds) != ["dragon", "false"]:
        return False
    safety = {a: seen.power(a, seen.seat) + 5 * (seen.areas[a]["stronghold"] is not None) - seen.threat(a) for a in areas}
    dragon, other = (first, second) if kinds[0] == "dragon" else (second, first)
    return safety[other] > safety[dragon] + 1.0


def fortify_value(seen: Seen) -> float:
    dials = seen.me["dials"]
    value = 0.0
    if dials["wood"] >= 1 and dials["ore"] >= 1:
        sites = [a for a in seen.mine() if seen.areas[a]["stronghold"] is None and seen.areas[a]["city"] is None]
        cost = dial_worth(seen, "wood", dials["wood"]) - dial_worth(seen, "wood", dials["wood"] - 1)
        cost += dial_worth(seen, "ore", dials["ore"]) - dial_worth(seen, "ore", dials["ore"] - 1)
        value += max((build_site_value(seen, a) for a in sites), default=0.0) - 0.3 * cost
    damaged = [a for a in seen.stronghold_areas() if seen.areas[a]["stronghold"]["damaged"]]
    if damaged and dials["ore"] >= 1:
        value += 1.5
    return value


@handles("fortify_action")
def fortify_action(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    dials = seen.me["dials"]

    def score(action: Action) -> float:
        if action.choice == "build":
            cost = dial_worth(seen, "wood", dials["wood"]) - dial_worth(seen, "wood", dials["wood"] - 1)
            cost += dial_worth(seen, "ore", dials["ore"]) - dial_worth(seen, "ore", dials["ore"] - 1)
            moved = 3.0 if "from" in action.args else 0.0
            return build_site_value(seen, action.args["area"]) - 0.3 * cost - moved
        if action.choice == "repair":
            return 1.5
        if action.choice == "move_runes":
            return 1.0 if swap_helps(seen, action.args["areas"]) else -1.0
        return 0.0

    return best(legal, score)


@handles("fortify_swap")
def fortify_swap(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    choice = "swap" if swap_helps(seen, prompt.info["areas"]) else "keep"
    return next(a for a in legal if a.choice == choice)
