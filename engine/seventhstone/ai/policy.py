"""Seventh Stone AI seats, from views only (issue 29 item 6).

``choose``: a heuristic seat. Its budget plan fills every recruiting slot it has (the capital's four,
two per older barracks) with the type of the army standing there, adds a building when it can afford
one, and bids small amounts on each market (more on tournament stones in a tournament year and on the
market of the lost stone). It drafts the tile it values most, takes the last place in the turn order,
places everything, moves armies onto free temples and fields, attacks where it has clearly more
units (an enemy capital only with more than its guard; into a battle of two others weighing the weaker
side by half), swaps or cycles whole armies (R9) to bring the bigger ones nearer the front, keeps a
defender at home while enemies are near, supports its own battles (else a battle of two others, hitting the stone leader), uses every tile and wall, and loses mercenaries before regulars.
``random_choice``: uniform among the legal answers."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import Action, Prompt

YIELD = {"plain", "forest", "mountain"}
TILE_VALUE = {
    "lost_stone": 100,
    "power_strike": 9,
    "precision": 8,
    "master_strike": 7,
    "shield": 6,
    "bribery": 4,
    "explosive": 3,
    "prevention": 3,
    "speed": 2,
    "teleportation": 1,
    "agility": 1,
}


def random_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)


def choose(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    handler = HANDLERS.get(prompt.kind)
    if handler is None or len(legal) == 1:
        return legal[0]
    found = handler(view, prompt, legal, pack)
    return found if found in legal else legal[0]


# -------------------------------------------------------------------------------- helpers


def coords(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - 65, int(cell[1:]) - 1


def dist(a: str, b: str) -> int:
    (ax, ay), (bx, by) = coords(a), coords(b)
    return abs(ax - bx) + abs(ay - by)


def mine(view: dict[str, Any]) -> int:
    return int(view["seat"])


def my_capital(view: dict[str, Any]) -> str | None:
    me = mine(view)
    return next((c for c, d in view["cells"].items() if d["capital"] == me), None)


def armies_of(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [a for a in view["armies"] if a["owner"] == seat]


def enemy_units(view: dict[str, Any], cell: str) -> int:
    me = mine(view)
    return sum(a["regulars"] + a["mercenaries"] for a in view["armies"] if a["cell"] == cell and a["owner"] != me)


def own_army(view: dict[str, Any], cell: str) -> dict[str, Any] | None:
    me = mine(view)
    return next((a for a in view["armies"] if a["cell"] == cell and a["owner"] == me), None)


# -------------------------------------------------------------------------------- setup


def place_capital(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    cells = view["cells"]
    others = [c for c, d in cells.items() if d["capital"] is not None]

    def score(cell: str) -> float:
        near = [c for c in cells if 0 < dist(c, cell) <= 2]
        good = sum(1 for c in near if cells[c]["kind"] in YIELD) + 2 * sum(1 for c in near if cells[c]["kind"] == "temple")
        far = min((dist(cell, o) for o in others), default=6)
        return good + min(far, 4)

    return max(legal, key=lambda a: (score(a.args["cell"]), a.args["cell"]))


def place_barracks(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    capital = my_capital(view)
    if capital is None:
        return legal[0]
    return min(legal, key=lambda a: (abs(dist(a.args["cell"], capital) - 1), a.args["cell"]))


# -------------------------------------------------------------------------------- market


def recruit_plan(view: dict[str, Any], pack: Any) -> dict[str, int]:
    me, year = mine(view), view["year"]
    plan = {"melee": 0, "ranged": 0, "cavalry": 0}
    for cell, d in view["cells"].items():
        if d["controller"] != me or d["volcano"]:
            continue
        slots = 2 * sum(1 for b in d["buildings"] if b["type"] == "barracks" and b["year"] < year)
        if d["capital"] is not None:
            slots += 4
        if not slots:
            continue
        army = own_army(view, cell)
        if army is not None:
            room = view["unit_max"] - army["regulars"] - army["mercenaries"]
            plan[army["type"]] += max(0, min(slots, room))
        else:
            x, y = coords(cell)
            kind = "melee" if d["capital"] is not None else ("cavalry" if (x + y) % 2 == 0 else "ranged")
            plan[kind] += min(slots, view["unit_max"])
    return plan


def allocate(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    me = mine(view)
    p = view["players"][me]
    budget = p["storage"]
    tournament_year = view["round_counter"] == 2
    lost_offered = any("lost" in name for name in view.get("offer", []))
    bids = {
        "movement": 1,
        "tournament": 4 if tournament_year else 1,
        "mercenaries": 2,
        "equipment": 4 if lost_offered else 1,
    }
    units = recruit_plan(view, pack)
    plan: dict[str, int] = dict.fromkeys(
        ("building", "melee", "ranged", "cavalry", "mercenaries", "equipment", "movement", "tournament"), 0
    )
    left = budget - sum(bids.values())
    for kind in ("melee", "cavalry", "ranged"):
        n = min(units[kind], max(0, left) // 2)
        plan[kind] = n
        left -= 2 * n
    slots = any(
        d["controller"] == me and d["kind"] in YIELD and d["capital"] is None and len(d["buildings"]) < 2 and not d["volcano"]
        for d in view["cells"].values()
    )
    if left >= 4 and slots:
        plan["building"] = min(2, left // 4)
        left -= 4 * plan["building"]
    for market, bid in bids.items():
        plan[market] = bid + (left if market == "movement" and left > 0 and tournament_year is False and left < 3 else 0)
    alloc = view.get("allocation") or {}
    adds = [a for a in legal if a.choice == "add"]
    for item in ("melee", "cavalry", "ranged", "building", "tournament", "equipment", "mercenaries", "movement"):
        want = plan[item] - alloc.get(item, 0)
        if want <= 0:
            continue
        options = [a for a in adds if a.args["item"] == item and a.args["count"] <= want]
        if options:
            return max(options, key=lambda a: a.args["count"])
    return next(a for a in legal if a.choice == "confirm")


def draft(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    def value(tile_id: int) -> int:
        return TILE_VALUE.get(pack.tile(tile_id)["kind"], 0) if pack is not None else 0

    return max(legal, key=lambda a: (value(a.args["tile"]), -value(a.args.get("discard", a.args["tile"])), -a.args["tile"]))


def order_pick(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    return max(legal, key=lambda a: a.args["position"])


# -------------------------------------------------------------------------------- setting


def setting(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    capital = my_capital(view)
    recruits = [a for a in legal if a.choice == "recruit"]
    if recruits:
        return min(recruits, key=lambda a: (own_army(view, a.args["cell"]) is None, a.args["cell"] != capital, a.args["cell"]))
    hires = [a for a in legal if a.choice == "hire"]
    if hires:
        return max(hires, key=lambda a: (own_army(view, a.args["cell"]) or {}).get("regulars", 0))
    builds = [a for a in legal if a.choice == "build" and "replace" not in a.args]
    if builds:
        me = mine(view)
        barracks = sum(
            1 for d in view["cells"].values() if d["controller"] == me for b in d["buildings"] if b["type"] == "barracks"
        )
        want = "barracks" if barracks < 2 else "manufactory"

        def pick(a: Action) -> bool:
            threatened = any(x["owner"] != me and dist(x["cell"], a.args["cell"]) <= 2 for x in view["armies"])
            walled = any(x["type"] == "wall" for x in view["cells"][a.args["cell"]]["buildings"])
            return bool(a.args["building"] == ("wall" if threatened and not walled else want))

        chosen = [a for a in builds if pick(a)] or [a for a in builds if a.args["building"] == want] or builds
        return min(chosen, key=lambda a: (len(view["cells"][a.args["cell"]]["buildings"]), a.args["cell"]))
    equips = [a for a in legal if a.choice == "equip"]
    if equips:
        return max(equips, key=lambda a: (own_army(view, a.args["cell"]) or {}).get("regulars", 0))
    return next(a for a in legal if a.choice == "done")


# -------------------------------------------------------------------------------- movement


def targets(view: dict[str, Any]) -> list[str]:
    me = mine(view)
    return [c for c, d in view["cells"].items() if d["kind"] in YIELD | {"temple"} and d["controller"] != me and not d["volcano"]]


def move_score(view: dict[str, Any], action: Action, goals: list[str]) -> float:
    me = mine(view)
    cells = view["cells"]
    src, dest, k = action.args["from"], action.args["to"], action.args["count"]
    army = own_army(view, src)
    if army is None:
        return -99
    total = army["regulars"] + army["mercenaries"]
    d = cells[dest]
    enemy = enemy_units(view, dest)
    score = 0.0
    sides = side_units(view, dest)
    if len(sides) >= 2:
        # a battle of three (R14): the two others also fight each other, so the strongest side counts in
        # full and the rest by half (the AI then splits its dice to finish the weakest)
        strongest = max(sides.values())
        enemy = strongest + (enemy - strongest + 1) // 2
    if enemy:
        if d["capital"] is not None and d["controller"] != me:
            enemy += 4
        if k >= 2 * enemy:
            score += 7 + (10 if d["capital"] is not None else 0)
        elif k >= enemy + 2:
            score += 3
        else:
            score -= 6
    elif d["controller"] != me and d["kind"] in YIELD | {"temple"}:
        if d["capital"] is not None:
            score += 14 if k >= 5 else -6
        else:
            score += 5 if d["kind"] == "temple" else 3
    else:
        before = min((dist(src, g) for g in goals), default=0)
        after = min((dist(dest, g) for g in goals), default=0)
        score += 0.6 * (before - after) - 0.2
    if k < total:
        score -= 0.8
        if k < 2 and enemy:
            score -= 3
    capital = my_capital(view)
    if capital is not None and src == capital and k == total:
        danger = any(a["owner"] != me and dist(a["cell"], capital) <= 2 for a in view["armies"])
        if danger:
            score -= 8
    return score


def side_units(view: dict[str, Any], cell: str) -> dict[int, int]:
    """Units per other player on ``cell`` (a field where two others stand is a conflict field)."""
    me = mine(view)
    found: dict[int, int] = {}
    for a in view["armies"]:
        if a["cell"] == cell and a["owner"] != me:
            found[a["owner"]] = found.get(a["owner"], 0) + a["regulars"] + a["mercenaries"]
    return found


def front(view: dict[str, Any], cell: str, goals: list[str]) -> int:
    """Steps from ``cell`` to the nearest field to take or enemy army."""
    me = mine(view)
    near = goals + [a["cell"] for a in view["armies"] if a["owner"] != me]
    return min((dist(cell, g) for g in near), default=0)


def rearrange_score(view: dict[str, Any], action: Action, goals: list[str]) -> float:
    """A swap or cycle of whole armies (R9) is worth it when it brings the bigger armies nearer the front
    and the smaller ones back: units times steps gained, summed. An army leaving a threatened capital
    must be replaced by at least as many units."""
    if action.choice == "swap":
        cells = [action.args["from"], action.args["to"]]
    else:
        cells = list(action.args["cells"])
    armies = [own_army(view, c) for c in cells]
    if any(a is None for a in armies):
        return -99
    size = [a["regulars"] + a["mercenaries"] for a in armies if a is not None]
    gain = 0
    capital = my_capital(view)
    me = mine(view)
    for i, cell in enumerate(cells):
        dest = cells[(i + 1) % len(cells)]
        gain += size[i] * (front(view, cell, goals) - front(view, dest, goals))
        if (
            capital is not None
            and cell == capital
            and any(a["owner"] != me and dist(a["cell"], capital) <= 2 for a in view["armies"])
        ):
            if size[i - 1] < size[i]:
                return -99
    return 0.3 * gain


def move(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    overruns = [a for a in legal if a.choice == "overrun"]
    if overruns:
        return overruns[0]
    reveals = [a for a in legal if a.choice == "reveal"]
    if reveals:
        return reveals[0]
    goals = targets(view)
    moves = [a for a in legal if a.choice == "move" and not a.args.get("short")]  # no mercenary left to leave
    best = max(moves, key=lambda a: (move_score(view, a, goals), a.args["count"], a.args["to"]), default=None)
    score = move_score(view, best, goals) if best is not None else 0.0
    shuffles = [a for a in legal if a.choice in ("swap", "cycle")]
    if shuffles and score < 3:  # no field to take nor battle to start: rearrange the armies first
        swap = max(shuffles, key=lambda a: (rearrange_score(view, a, goals), str(a.args)))
        if rearrange_score(view, swap, goals) > max(score, 0.3):
            return swap
    if best is not None and score > 0.3:
        return best
    return next(a for a in legal if a.choice in ("done", "pass"))


def overrun(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    return next((a for a in legal if a.choice == "overrun"), legal[0])


# -------------------------------------------------------------------------------- combat


def support(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    """Its own battles first; else a battle of two others (digest §11.1: "Es können auch Konflikte
    unterstützt werden, an denen man nicht beteiligt ist"): a supporter cannot be targeted (§11.5), so its
    dice cost nothing; it picks the battle with the most tear stones in the field and aims (or splits,
    R14) its dice there."""
    for a in legal:
        if a.choice == "support" and own_army(view, a.args["conflict"]) is not None:
            return a
    stones = {p["seat"]: p["tear_stones"] for p in view["players"]}
    others = [a for a in legal if a.choice == "support"]
    if others:
        return max(
            others,
            key=lambda a: (max((stones.get(t, 0) for t in side_units(view, a.args["conflict"])), default=0), a.args["conflict"]),
        )
    return next(a for a in legal if a.choice == "done")


def use_equipment(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    return next((a for a in legal if a.choice == "use"), legal[0])


def walls(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    return max(legal, key=lambda a: a.args["count"])


#: a capital's city guards counted as so many units when the AI weighs a foe (digest §11.6)
GUARD_WEIGHT = 4


def target(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    stones = {p["seat"]: p["tear_stones"] for p in view["players"]}
    aims = [a for a in legal if a.choice == "aim"]
    if not aims:
        return legal[0]
    leader = max(aims, key=lambda a: (stones.get(a.args["player"], 0), -a.args["player"]))
    shares = [a for a in legal if a.choice == "share"]
    cell = prompt.info.get("cell")
    if not shares or cell is None or cell not in view["cells"]:
        return leader
    # ruling R14: split the dice when a weak foe can be finished off with some of them (about one hit
    # in two dice) and the rest go at the strongest other foe; otherwise all at the stone leader
    foes: dict[int, int] = {}
    for a in aims:
        t = a.args["player"]
        here = sum(x["regulars"] + x["mercenaries"] for x in view["armies"] if x["cell"] == cell and x["owner"] == t)
        foes[t] = here + (GUARD_WEIGHT if view["cells"][cell]["capital"] == t else 0)
    weakest = min(foes, key=lambda t: (foes[t], t))
    dice = sum(shares[0].args["dice"].values())
    if own_army(view, cell) is None and view["cells"][cell]["capital"] != mine(view) and len(foes) == 2:
        # only supporting (nobody can hit it back): keep the battle even so both sides bleed, the
        # stronger side getting dice in proportion to its units
        strongest = max(foes, key=lambda t: (foes[t], stones.get(t, 0), -t))
        total = max(1, foes[weakest] + foes[strongest])
        more = min(dice - 1, max(1, round(dice * foes[strongest] / total)))
        want = {str(weakest): dice - more, str(strongest): more}
        even = [a for a in legal if a.choice == "split"]
        if more * 2 == dice and even:
            return even[0]
        return next((a for a in shares if a.args["dice"] == want), leader)
    need = 2 * foes[weakest]
    if not 0 < need < dice:
        return leader
    strongest = max((t for t in foes if t != weakest), key=lambda t: (foes[t], stones.get(t, 0), -t))
    want = {str(weakest): need, str(strongest): dice - need}
    return next((a for a in shares if a.args["dice"] == want), leader)


def casualty(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    cell = prompt.info.get("cell")

    def rank(a: Action) -> tuple[int, int]:
        unit = a.args["unit"]
        if unit == "guard":
            return (9, 0)
        in_field = a.args.get("cell") == cell
        return (0 if in_field else 5) + (0 if unit == "mercenary" else 1), 0

    return min(legal, key=rank)


def disband(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Any) -> Action:
    def size(a: Action) -> int:
        army = own_army(view, a.args["cell"])
        return 99 if army is None else army["regulars"] + army["mercenaries"]

    return min(legal, key=size)


HANDLERS = {
    "capital": place_capital,
    "barracks": place_barracks,
    "allocate": allocate,
    "draft": draft,
    "order_pick": order_pick,
    "setting": setting,
    "move": move,
    "overrun": overrun,
    "support": support,
    "use_equipment": use_equipment,
    "walls": walls,
    "target": target,
    "casualty": casualty,
    "disband": disband,
}
