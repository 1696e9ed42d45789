"""Where units go (pp. 16-19, 22): Mobilize/Conquer targets and marches, Strategy steps, retreats.

A *march plan* names a target and the groups to send there. Three kinds of target:

- ``battle``: a rival holds it. Figures are added, strongest first, until the expected
  final strength (:func:`~engine.runewars.ai.knowledge.expected_strengths`) beats the
  defence, stronghold included, by :data:`ATTACK_MARGIN`; if it cannot, there is no plan.
- ``neutrals``: unallied neutral units hold it. With influence the AI negotiates (p. 18)
  and brings a modest force; without, it plans a battle as above.
- ``move``: the area is empty or mine: take an empty area with one unit (more when rivals
  are near), or reinforce one of my areas that rivals threaten; in winter, or while a rival
  is cornered (:meth:`~engine.runewars.ai.knowledge.Seen.cornered`), also bring armies forward.

Units leave an area only beyond what it must keep: the garrison its rune or stronghold
needs against nearby rivals, and one unit in an area that would otherwise fall out of my
control. Plans are recomputed from the view at every prompt, so the march goes on
consistently while the view changes under it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.economy import influence_worth
from engine.runewars.ai.knowledge import AREA_LIMIT, Seen, expected_strengths, unit_power
from engine.runewars.ai.registry import best, handles

#: how much the expected final strength must beat the defence by before the AI attacks
ATTACK_MARGIN = 1.0
#: worth of a unit's power per point of frontier (closeness to rivals' rune areas)
STAGING = 0.15
#: worth of taking an area per point of frontier (it opens the way to the rivals' runes)
PATH = 0.5


@dataclass
class March:
    target: str
    kind: str
    value: float
    #: planned groups (from, unit, count), in the order they should march
    groups: list[tuple[str, str, int]] = field(default_factory=list)


def keeps_control(seen: Seen, area: str) -> bool:
    """My home areas and stronghold areas stay mine without units (p. 15)."""
    stronghold = seen.areas[area]["stronghold"]
    return area in seen.me["home_areas"] or (stronghold is not None and stronghold["owner"] == seen.seat)


def spare(seen: Seen, area: str, stacks: list[dict]) -> list[tuple[str, int]]:
    """(unit, count) of the marching ``stacks`` in ``area`` that may leave it; the weakest stay behind.

    The figures that cannot march (routed ones count a quarter) keep the area first.
    """
    movable = sorted((unit_power(seen.pack, s["unit"]), s["unit"]) for s in stacks for _ in range(s["standing"]))
    total = sum(unit_power(seen.pack, s["unit"]) * (s["standing"] + 0.25 * s["routed"]) for s in seen.led(area, seen.seat))
    kept_power = total - sum(p for p, _ in movable)
    kept = 0
    keep_one = not keeps_control(seen, area) and seen.area_value(area) >= 1.0 and kept_power == 0
    need = seen.garrison_need(area)
    for power, _ in movable:
        if kept_power >= need and not (keep_one and kept == 0):
            break
        kept_power += power
        kept += 1
    out: dict[str, int] = {}
    for _, unit in movable[kept:]:
        out[unit] = out.get(unit, 0) + 1
    return sorted(out.items(), key=lambda item: -unit_power(seen.pack, item[0]))


def available(seen: Seen, target: str) -> list[tuple[str, str, float]]:
    """Figures that may march into ``target`` now: (from, unit, power), strongest first."""
    by_area: dict[str, list[dict]] = {}
    for area, stack in seen.marchers(target):
        by_area.setdefault(area, []).append(stack)
    figures = []
    for area, stacks in sorted(by_area.items()):
        key = ("spare", area, tuple(sorted(s["unit"] for s in stacks)))
        if key not in seen.memo:
            seen.memo[key] = spare(seen, area, stacks)
        for unit, n in seen.memo[key]:
            figures += [(area, unit, unit_power(seen.pack, unit))] * n
    return sorted(figures, key=lambda f: (-f[2], f[0], f[1]))


def _groups(figures: list[tuple[str, str, float]]) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    for area, unit, _ in figures:
        if out and out[-1][:2] == (area, unit):
            out[-1] = (area, unit, out[-1][2] + 1)
        else:
            out.append((area, unit, 1))
    return out


def _standing(stacks: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in stacks:
        if s["standing"]:
            out[s["unit"]] = out.get(s["unit"], 0) + s["standing"]
    return out


def plan(seen: Seen, target: str, *, conquer: bool = False, committed: bool = False) -> March | None:
    """The march worth making into ``target`` now, or None; ``committed``: units already went in, so send all that helps."""
    conquer = conquer and seen.areas[target]["stronghold"] is not None  # the bonus only weakens a stronghold
    key = ("plan", target, conquer, committed)
    if key not in seen.memo:
        seen.memo[key] = _plan(seen, target, conquer=conquer, committed=committed)
        if seen.memo[key] is not None and seen.controller(target) in (None, seen.seat):
            seen.memo[key].value += PATH * seen.frontier(target)  # a step towards the rivals' runes
    return seen.memo[key]


def _plan(seen: Seen, target: str, *, conquer: bool, committed: bool) -> March | None:
    figures = available(seen, target)
    here = seen.force(target, seen.seat)
    room = max(0, AREA_LIMIT - here)
    hostile = seen.hostile_seat(target)
    neutrals = _standing(seen.led(target, None))
    if hostile is not None or (neutrals and seen.me["influence"] == 0):
        return _attack(seen, target, figures[:room], conquer=conquer, committed=committed)
    if neutrals:
        return _negotiate(seen, target, figures[:room])
    return _move(seen, target, figures, room)


def _attack(seen: Seen, target: str, figures: list, *, conquer: bool, committed: bool) -> March | None:
    defenders: dict[str, int] = {}
    for seat in seen.rivals + [None]:
        for unit, n in _standing(seen.led(target, seat)).items():
            defenders[unit] = defenders.get(unit, 0) + n
    fort = seen.stronghold_strength(target, conquer=conquer)
    attackers = _standing(seen.led(target, seen.seat))
    chosen: list = []
    margin = contender_margin(seen, target) if seen.contender else ATTACK_MARGIN
    for figure in figures:
        a, d = expected_strengths(seen.pack, attackers, defenders, fort)
        if a - d >= margin:
            break
        chosen.append(figure)
        attackers[figure[1]] = attackers.get(figure[1], 0) + 1
    a, d = expected_strengths(seen.pack, attackers, defenders, fort)
    if a - d < margin and not committed:
        return None
    spoils = sum(unit_power(seen.pack, u) * n for u, n in defenders.items())
    value = seen.area_value(target) + 0.4 * spoils - 0.15 * sum(f[2] for f in chosen)
    return March(target, "battle", value, _groups(chosen))


def contender_margin(seen: Seen, target: str) -> float:
    """The ``new`` policy (ai/contender.py) attacks a likely dragon rune with less to spare: the rune
    decides the game, the units only its course."""
    return 0.5 if seen.dragon_chance(target) >= 0.3 else ATTACK_MARGIN


def _negotiate(seen: Seen, target: str, figures: list) -> March | None:
    """Diplomacy (p. 18): about 4 in 5 good outcomes with 3 cards; bring up to 3 figures to fight a red card out."""
    neutrals = _standing(seen.led(target, None))
    attackers = _standing(seen.led(target, seen.seat))
    chosen: list = []
    for figure in figures[:3]:
        a, d = expected_strengths(seen.pack, attackers, neutrals)
        if attackers and a - d >= ATTACK_MARGIN:
            break
        chosen.append(figure)
        attackers[figure[1]] = attackers.get(figure[1], 0) + 1
    if not attackers:
        return None
    allies = sum(unit_power(seen.pack, u) * n for u, n in neutrals.items())
    value = 0.8 * (seen.area_value(target) + 0.3 * allies) - influence_worth(seen) * min(3, seen.me["influence"])
    return March(target, "neutrals", value, _groups(chosen))


def _move(seen: Seen, target: str, figures: list, room: int) -> March | None:
    food = seen.me["dials"]["food"]
    cap = min(room, max(0, food - seen.force(target, seen.seat))) if seen.season == "autumn" else room
    if seen.controller(target) != seen.seat:  # an empty area: take it
        wanted = max(1, min(cap, int(seen.threat(target) / 3)))
        chosen = sorted(figures, key=lambda f: f[2])[:wanted]
        if not chosen:
            return None
        return March(target, "move", seen.area_value(target) - 0.1 * len(chosen), _groups(chosen))
    deficit = seen.garrison_need(target) - seen.power(target, seen.seat)
    forward = [f for f in figures if seen.frontier(target) > seen.frontier(f[0])] if seen.winter or seen.hunting() else []
    if deficit <= 0.5 and not forward:
        return None
    chosen, brought = [], 0.0
    for figure in figures[:cap]:
        if brought >= deficit and figure not in forward:
            continue
        chosen.append(figure)
        brought += figure[2]
    if not chosen:
        return None
    worth = 1 + 3 * seen.dragon_chance(target) + (seen.areas[target]["stronghold"] is not None)
    staging = sum(STAGING * f[2] * (seen.frontier(target) - seen.frontier(f[0])) for f in chosen)
    return March(target, "move", 0.25 * min(max(0.0, deficit), brought) * worth + staging, _groups(chosen))


def best_march(seen: Seen, targets: list[str], *, conquer: bool = False) -> March | None:
    plans = [p for p in (plan(seen, t, conquer=conquer) for t in targets) if p is not None and p.groups]
    return max(plans, key=lambda p: p.value, default=None)


def march_targets(seen: Seen) -> list[str]:
    """Areas I could activate (not holding my activation token, p. 17) that my units could reach."""
    near: set[str] = set()
    for area in seen.areas_with_mine():
        near.update(seen.within(area, 3))
    return [a for a in sorted(near) if seen.seat not in seen.areas[a]["activated_by"]]


# -- prompts ----------------------------------------------------------------------------------


def conquer_bonus(seen: Seen) -> bool:
    """Whether the running turn is a Conquer order with its bonus (the enemy stronghold is weaker, p. 33)."""
    turn = seen.view["turn"]
    return bool(turn and turn["bonus"] and seen.pack.order(turn["order"]).id == "conquer")


@handles("march_target")
def march_target(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The best plan's target; without one, skip, or activate an area none of my units stands in."""
    conquer = conquer_bonus(seen)
    targets = [a.args["area"] for a in legal if a.choice == "activate"]
    chosen = best_march(seen, targets, conquer=conquer)
    if chosen is not None and chosen.value > 0:
        return next(a for a in legal if a.args.get("area") == chosen.target)
    skip = next((a for a in legal if a.choice == "skip"), None)
    if skip is not None:
        return skip
    return best(
        legal,
        lambda a: -seen.force(a.args["area"], seen.seat) - sum(seen.force(b, seen.seat) for b in seen.neighbours(a.args["area"])),
    )


@handles("march_move")
def march_move(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    target = prompt.info["area"]
    conquer = conquer_bonus(seen)
    committed = seen.force(target, seen.seat) > 0 and seen.controller(target) != seen.seat
    chosen = plan(seen, target, conquer=conquer, committed=committed)
    done = next(a for a in legal if a.choice == "done")
    if chosen is None:
        return done
    for origin, unit, count in chosen.groups:
        moves = [a for a in legal if a.choice == "move" and a.args["from"] == origin and a.args["unit"] == unit]
        if moves:
            return max((a for a in moves if a.args["count"] <= count), key=lambda a: a.args["count"], default=moves[0])
    return done


@handles("march_encounter")
def march_encounter(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Fight when the battle is clearly won (influence is kept), else negotiate (p. 18)."""
    area = prompt.info["area"]
    a, d = expected_strengths(seen.pack, _standing(seen.led(area, seen.seat)), _standing(seen.led(area, None)))
    choice = "battle" if a - d >= 2 * ATTACK_MARGIN else "diplomacy"
    return next((x for x in legal if x.choice == choice), legal[0])


# -- Strategy (p. 16): one step each ----------------------------------------------------------


def holding_value(seen: Seen, area: str, units: list[str]) -> float:
    """What ``area`` is worth to me holding ``units`` (my figures there)."""
    held = bool(units) or keeps_control(seen, area)
    if not held and seen.controller(area) not in (None, seen.seat):
        return 0.0
    value = seen.area_value(area) if held else 0.0
    power = sum(unit_power(seen.pack, u) for u in units)
    value += 0.3 * min(power, seen.garrison_need(area)) + STAGING * power * seen.frontier(area)
    cap = seen.me["dials"]["food"] if seen.season == "autumn" else AREA_LIMIT
    value -= 1.5 * max(0, len(units) - cap)
    return value


def _figures(seen: Seen, area: str) -> list[str]:
    return [s["unit"] for s in seen.led(area, seen.seat) for _ in range(s["standing"] + s["routed"])]


def step_gain(seen: Seen, origin: str, to: str, unit: str, count: int) -> float:
    here, there = _figures(seen, origin), _figures(seen, to)
    after_here = list(here)
    for _ in range(count):
        after_here.remove(unit)
    before = holding_value(seen, origin, here) + holding_value(seen, to, there)
    after = holding_value(seen, origin, after_here) + holding_value(seen, to, there + [unit] * count)
    return after - before - 0.05 * count


@handles("strategy_move")
def strategy_move(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The single step that improves my position most; done when none does."""
    done = next(a for a in legal if a.choice == "done")
    moves = [a for a in legal if a.choice == "move"]
    if not moves:
        return done
    chosen = best(moves, lambda a: step_gain(seen, a.args["from"], a.args["to"], a.args["unit"], a.args["count"]))
    gain = step_gain(seen, chosen.args["from"], chosen.args["to"], chosen.args["unit"], chosen.args["count"])
    return chosen if gain > 0.2 else done


def strategy_value(seen: Seen) -> float:
    """Order 1: the best few single steps I could make (estimated from the view, p. 16)."""
    gains: dict[str, float] = {}
    for area in seen.areas_with_mine():
        units = {s["unit"] for s in seen.led(area, seen.seat) if s["standing"]}
        if seen.seat in seen.areas[area]["activated_by"]:
            continue
        for unit in units:
            flying = seen.pack.unit(unit).flying
            for to in seen.neighbours(area):
                if seen.crossable(area, to, flying=flying) and seen.passable(to):
                    gains[to] = max(gains.get(to, 0.0), step_gain(seen, area, to, unit, 1))
    return sum(sorted((g for g in gains.values() if g > 0), reverse=True)[:3])


# -- retreat (p. 22) ---------------------------------------------------------------------------


@handles("retreat")
def retreat(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """My units: the safest area with room. Unallied neutrals (I decide as left neighbour): towards my rivals."""
    coming = sum(prompt.info["units"].values())
    if prompt.info["side"] is None:

        def towards_rivals(action: Action) -> float:
            to = action.args["to"]
            rivals = sum(seen.power(b, s) for b in seen.neighbours(to) + [to] for s in seen.rivals)
            return rivals - sum(seen.power(b, seen.seat) for b in seen.neighbours(to) + [to])

        return best(legal, towards_rivals)
    side = prompt.info["side"]

    def safety(action: Action) -> float:
        to = action.args["to"]
        force = sum(s["standing"] + s["routed"] for s in seen.led(to, side))
        own = seen.areas[to]["stronghold"]
        value = seen.power(to, side) + (5 if own is not None and own["owner"] == side else 0) - seen.threat(to)
        return value - 3.0 * max(0, force + coming - AREA_LIMIT) + 0.5 * seen.area_value(to)

    return best(legal, safety)
