"""Phase 4, movement (digest §10): in turn order each player moves armies (whole or split), takes
empty fields at once, creates conflicts, may reveal movement tiles and may overrun (own movement phase
or after the last one). The mercenary maximum needs to hold only at the end of the own movement phase
(digest §10.1, §10.3, ruling R9): mercenaries may move apart from their regulars, as in the swap of the
rulebook's movement example (§10.9); mercenaries still above their regulars when the player is done
leave. The army maximum likewise: two own armies of different types may exchange their fields in one
answer (``swap``) and three own armies may move on round a cycle of their fields (``cycle``, each onto
the field the next one leaves); the unit and army-total maxima hold after every single move, which an
order of the moves always allows."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.seventhstone import board as geo
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import StoneBoard, army_at, count, in_field, units


def step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    seat = next((s for s in b.order if s not in b.done), None)
    if seat is None:
        b.phase, b.done = "late", []
        return
    if not any(a["owner"] == seat for a in b.armies):
        b.done.append(seat)  # no army: nothing to move, as everybody can see
        ctx.emit("movement_done", seat=seat)
        return
    rules.open(state, seat, "move", info={"player": seat})


def late_step(rules: Any, state: GameState, ctx: Context) -> None:
    """After the last movement phase: overruns in turn order, one pass (ruling R11)."""
    b: StoneBoard = state.board
    for seat in b.order:
        if seat not in b.done and overrun_cells(b, seat):
            rules.open(state, seat, "overrun", info={"player": seat})
            return
    b.phase, b.done, b.supports = "support", [], {}


def overrun_cells(b: StoneBoard, seat: int) -> list[str]:
    """Conflict fields where ``seat`` has at least twice the opposing units (guards counted)."""
    from engine.seventhstone.combat import guard_count
    from engine.seventhstone.state import conflict_cells

    found = []
    for cell in conflict_cells(b):
        here = in_field(b, cell)
        mine = here.get(seat, 0)
        if not mine:
            continue
        others = sum(n for s, n in here.items() if s != seat) + (guard_count(b, cell) if b.control.get(cell) != seat else 0)
        if others and mine >= 2 * others:
            found.append(cell)
    return found


def passable(b: StoneBoard, cell: str) -> bool:
    kind = b.cells[cell]["kind"]
    if kind not in geo.PASSABLE or cell in b.volcano:
        return False
    return not (kind == "desert" and b.flags.get("quicksand"))


def enemy_army(b: StoneBoard, cell: str, seat: int) -> bool:
    return any(a["cell"] == cell and a["owner"] != seat for a in b.armies)


def move_range(b: StoneBoard, army: dict[str, Any], pack: Any) -> int:
    base = int(pack.units[army["type"]]["move"])
    if b.flags.get("double") == army["owner"]:
        base *= 2
    return base + int(army.get("bonus", 0))


def reachable(b: StoneBoard, army: dict[str, Any], options: dict[str, Any], pack: Any) -> list[str]:
    return sorted(distances(b, army, options, pack))


def distances(b: StoneBoard, army: dict[str, Any], options: dict[str, Any], pack: Any) -> dict[str, int]:
    """Fields the army may end on: orthogonal steps (and same-colour portals) through fields without
    enemy armies, never onto volcano, water or volcano counters (digest §10.2, §17)."""
    seat, start = army["owner"], army["cell"]
    limit = int(army["left"]) if army.get("resume") else move_range(b, army, pack)
    advanced = bool(options.get("advanced_terrain")) and army["type"] == "cavalry"
    any_portal = bool(b.flags.get("portals") or army.get("teleport"))
    best = {start: 0}
    frontier = [(start, 0)]
    found: set[str] = set()
    steps_to: dict[str, int] = {}
    while frontier:
        cell, used = frontier.pop(0)
        if used >= limit:
            continue
        if advanced and used == 1 and b.cells[cell]["kind"] not in ("plain", "desert", "temple"):
            continue  # §16.1: a second field only after a plain or a desert
        steps = [(c, False) for c in geo.neighbours(b.cells, cell)]
        steps += [(c, False) for c in geo.portal_links(b.cells, cell, any_colour=any_portal)]
        if b.flags.get("water") or army.get("agility"):
            steps += [(c, True) for c in geo.crossings(b.cells, cell, volcano=bool(army.get("agility")))]
        for nxt, ends in steps:
            if not passable(b, nxt) or nxt == start:
                continue
            found.add(nxt)
            steps_to[nxt] = min(steps_to.get(nxt, 99), used + 1)
            if ends or enemy_army(b, nxt, seat):
                continue
            if best.get(nxt, 99) > used + 1:
                best[nxt] = used + 1
                frontier.append((nxt, used + 1))
    return {cell: steps_to[cell] for cell in found}


def split(army: dict[str, Any], k: int) -> tuple[int, int] | None:
    """The units (regulars, mercenaries) that go when ``k`` of the army move: the whole army, or a
    split keeping the mercenary maximum on both parts (the fewest mercenaries that do)."""
    r, m = army["reg"], army["merc"]
    if k == r + m:
        return r, m
    for m1 in range(min(m, k) + 1):
        r1 = k - m1
        if r1 <= r and m1 <= r1 and m - m1 <= r - r1 and (r - r1) > 0:
            return r1, m1
    return None


def compositions(army: dict[str, Any], k: int) -> list[tuple[int, int]]:
    """Every (regulars, mercenaries) of ``k`` units that may go; the part left behind keeps a unit. The
    mercenary maximum is not checked here: it holds only at the end of the movement phase (§10.1)."""
    r, m = army["reg"], army["merc"]
    if k == r + m:
        return [(r, m)]
    return [(k - m1, m1) for m1 in range(min(m, k) + 1) if k - m1 <= r]


def over(b: StoneBoard, seat: int) -> int:
    """Mercenaries above their regulars over all of ``seat``'s armies (they leave when the player is done)."""
    return sum(max(0, a["merc"] - a["reg"]) for a in b.armies if a["owner"] == seat)


def dismiss_surplus(b: StoneBoard, seat: int, ctx: Context) -> None:
    """Digest §10.3: every token holds at most as many mercenaries as regulars at the end of the own
    movement phase; the surplus leaves (ruling R9), an army of mercenaries only with its tile laid off."""
    for army in [a for a in b.armies if a["owner"] == seat and a["merc"] > a["reg"]]:
        gone = army["merc"] - army["reg"]
        army["merc"] = army["reg"]
        if units(army) == 0:
            if army.get("equip") is not None:
                b.discard.append(army["equip"])
            b.armies = [a for a in b.armies if a["id"] != army["id"]]
        count(b, "mercenaries_left")
        ctx.emit("mercenaries_left", seat=seat, cell=army["cell"], army=army["type"], units=gone)


def blockaded(b: StoneBoard, cell: str) -> bool:
    from engine.seventhstone.state import conflict_cells

    return cell in conflict_cells(b)


def legal(rules: Any, state: GameState, prompt: Prompt) -> list[Action]:
    b: StoneBoard = state.board
    s, pid = prompt.seat, prompt.id
    pack = pack_for(state.options)
    if prompt.kind == "overrun":
        return [Action(s, pid, "pass")] + [Action(s, pid, "overrun", {"cell": c}) for c in overrun_cells(b, s)]
    answers = [Action(s, pid, "done")]
    answers += [Action(s, pid, "overrun", {"cell": c}) for c in overrun_cells(b, s)]
    per_type = {t: sum(1 for a in b.armies if a["owner"] == s and a["type"] == t) for t in pack.units}
    for army in b.armies:
        if army["owner"] != s or army["moved"] or blockaded(b, army["cell"]):
            continue
        tile = army.get("equip")
        if tile is not None and pack.tile(tile)["class"] == "move":
            answers.append(Action(s, pid, "reveal", {"cell": army["cell"], "army": army["type"]}))
        total = units(army)
        for dest in reachable(b, army, state.options, pack):
            there = army_at(b, dest, s)
            if there is not None and there["type"] != army["type"]:
                continue  # the army maximum: one own army per field
            for k in range(total, 0, -1):
                usual = split(army, k)
                for part in compositions(army, k):
                    if there is not None:
                        if there["reg"] + there["merc"] + k > b.unit_max:
                            continue
                    elif k < total and per_type[army["type"]] >= pack.limit("army_total_max"):
                        continue
                    base: dict[str, Any] = {"from": army["cell"], "to": dest, "army": army["type"], "count": k}
                    if part != usual:
                        base["merc"] = part[1]
                    short = shortfall(army, there, part)
                    if short:
                        base["short"] = short
                    for extra in tile_variants(army, there, k, total):
                        answers.append(Action(s, pid, "move", {**base, **extra}))
    answers += swaps(b, s, pid, state.options, pack)
    answers += cycles(b, s, pid, state.options, pack)
    return answers


def swappable(b: StoneBoard, seat: int) -> list[dict[str, Any]]:
    return [a for a in b.armies if a["owner"] == seat and not a["moved"] and not blockaded(b, a["cell"])]


def swaps(b: StoneBoard, seat: int, pid: str, options: dict[str, Any], pack: Any) -> list[Action]:
    """Digest §10.1 (ruling R9): the moves of one movement phase count as simultaneous and the army
    maximum holds only at its end, so two own armies of different types may exchange their fields,
    which no order of single moves allows (one own army per field). Whole armies, each able to reach
    the other's field; both count as moved."""
    found = []
    armies = swappable(b, seat)
    for one in armies:
        for other in armies:
            if one["type"] >= other["type"] or one["cell"] == other["cell"]:
                continue
            if other["cell"] in distances(b, one, options, pack) and one["cell"] in distances(b, other, options, pack):
                args = {"from": one["cell"], "to": other["cell"], "army": one["type"], "with": other["type"]}
                found.append(Action(seat, pid, "swap", args))
    return found


def swap(rules: Any, state: GameState, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    pack = pack_for(state.options)
    one, other = army_at(b, action.args["from"], s), army_at(b, action.args["to"], s)
    assert one is not None and other is not None
    pairs = [(one, other["cell"]), (other, one["cell"])]
    steps = [distances(b, a, state.options, pack)[dest] for a, dest in pairs]
    for (a, dest), used in zip(pairs, steps, strict=True):
        limit = int(a["left"]) if a.get("resume") else move_range(b, a, pack)
        src = a["cell"]
        a["cell"], a["moved"], a["left"] = dest, True, limit - used
        a.pop("resume", None)
        ctx.emit("moved", seat=s, start=src, end=dest, army=a["type"], units=units(a))
    count(b, "swaps")
    rules.open(state, s, "move", info={"player": s})


def cycles(b: StoneBoard, seat: int, pid: str, options: dict[str, Any], pack: Any) -> list[Action]:
    """Digest §10.1 (ruling R9, "zwar nicht während, aber am Ende seiner Bewegungsphase"): three own
    armies move at once round a cycle of their fields, each onto the field the next one leaves, which no
    order of single moves or swaps allows (one own army per field; a merged army counts as moved). Whole
    unmoved armies outside conflicts, each able to reach the next one's field; each cycle is offered once,
    starting at its first field (``cells[i]``'s army moves to ``cells[i + 1]``, the last one to
    ``cells[0]``; ``from``, ``army`` and ``to`` name the first move, for the guided steps of the
    movement prompt); all three count as moved."""
    armies = sorted(swappable(b, seat), key=lambda a: a["cell"])
    reach = {a["cell"]: distances(b, a, options, pack) for a in armies}
    found = []
    for first in armies:
        for second in armies:
            if second["cell"] <= first["cell"] or second["cell"] not in reach[first["cell"]]:
                continue
            for third in armies:
                if third["cell"] <= first["cell"] or third["cell"] == second["cell"]:
                    continue
                if third["cell"] in reach[second["cell"]] and first["cell"] in reach[third["cell"]]:
                    ring = (first, second, third)
                    args = {
                        "from": first["cell"],
                        "army": first["type"],
                        "to": second["cell"],
                        "cells": [a["cell"] for a in ring],
                        "armies": [a["type"] for a in ring],
                    }
                    found.append(Action(seat, pid, "cycle", args))
    return found


def cycle(rules: Any, state: GameState, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    pack = pack_for(state.options)
    cells = list(action.args["cells"])
    ring = [army_at(b, c, s) for c in cells]
    plan = []
    for i, a in enumerate(ring):
        assert a is not None
        dest = cells[(i + 1) % len(cells)]
        plan.append((a, dest, distances(b, a, state.options, pack)[dest]))
    for a, dest, used in plan:
        limit = int(a["left"]) if a.get("resume") else move_range(b, a, pack)
        src = a["cell"]
        a["cell"], a["moved"], a["left"] = dest, True, limit - used
        a.pop("resume", None)
        ctx.emit("moved", seat=s, start=src, end=dest, army=a["type"], units=units(a))
    for _, dest, _ in plan:
        arrive(rules, state, s, dest, set(), ctx)
    count(b, "cycles")
    rules.open(state, s, "move", info={"player": s})


def shortfall(army: dict[str, Any], there: dict[str, Any] | None, part: tuple[int, int]) -> int:
    """How many more mercenaries than regulars this move leaves behind and at the destination."""
    r1, m1 = part
    behind: int = max(0, (army["merc"] - m1) - (army["reg"] - r1))
    ahead: int = max(0, m1 + (there["merc"] if there else 0) - r1 - (there["reg"] if there else 0))
    return behind + ahead


def tile_variants(army: dict[str, Any], there: dict[str, Any] | None, k: int, total: int) -> list[dict[str, str]]:
    """Digest §10.3: on a split the player says which part keeps the tile; merging two armies with
    tiles, which tile stays (the other is laid off)."""
    variants: list[dict[str, str]] = [{}]
    if army.get("equip") is not None and k < total:
        variants = [{"tile": "stays"}, {"tile": "goes"}]
    out = []
    for v in variants:
        moving_tile = army.get("equip") is not None and (k == total or v.get("tile") == "goes")
        if moving_tile and there is not None and there.get("equip") is not None:
            out += [{**v, "keep": "arriving"}, {**v, "keep": "staying"}]
        else:
            out.append(v)
    return out


def resolve(rules: Any, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    pack = pack_for(state.options)
    if action.choice in ("done", "pass"):
        b.done.append(s)
        if prompt.kind == "move":
            dismiss_surplus(b, s, ctx)
            ctx.emit("movement_done", seat=s)
        return
    if action.choice == "overrun":
        from engine.seventhstone.combat import start_battle

        count(b, "overruns")
        ctx.emit("overrun", seat=s, cell=action.args["cell"])
        start_battle(rules, state, action.args["cell"], ctx, overrun=True, by=s)
        return
    if action.choice == "swap":
        swap(rules, state, action, ctx)
        return
    if action.choice == "cycle":
        cycle(rules, state, action, ctx)
        return
    if action.choice == "reveal":
        army = army_at(b, action.args["cell"], s)
        assert army is not None
        tile = army["equip"]
        kind = pack.tile(tile)["kind"]
        army["equip"] = None
        b.discard.append(tile)
        if kind == "speed":
            army["bonus"] = int(army.get("bonus", 0)) + int(pack.tile(tile)["value"])
        else:
            army[kind] = True
        count(b, f"equipment_{kind}")
        ctx.emit("tile_used", seat=s, cell=action.args["cell"], tile=tile)
        rules.open(state, s, "move", info={"player": s})
        return
    src, dest, k = action.args["from"], action.args["to"], action.args["count"]
    army = army_at(b, src, s)
    assert army is not None
    if "merc" in action.args:
        r1, m1 = k - int(action.args["merc"]), int(action.args["merc"])
    else:
        r1, m1 = split(army, k) or (0, 0)
    before = {a["owner"] for a in b.armies if a["cell"] == dest}
    there = army_at(b, dest, s)
    whole = k == units(army)
    if there is None and whole:
        army["cell"] = dest
        army["moved"] = True
        mover = army
    else:
        goes = whole or action.args.get("tile") == "goes"
        tile = army.get("equip") if goes else None
        if tile is not None:
            army["equip"] = None
        if there is None:
            there = {
                "id": b.next_army,
                "owner": s,
                "cell": dest,
                "type": army["type"],
                "reg": 0,
                "merc": 0,
                "equip": None,
                "moved": True,
            }
            b.next_army += 1
            b.armies.append(there)
        there["reg"] += r1
        there["merc"] += m1
        there["moved"] = True
        for flag in ("bonus", "teleport", "agility"):
            if flag in army and flag not in there:
                there[flag] = army[flag]
        army["reg"] -= r1
        army["merc"] -= m1
        if whole:
            b.armies = [a for a in b.armies if a["id"] != army["id"]]
        if tile is not None:
            if there.get("equip") is None:
                there["equip"] = tile
            else:  # merging two armies with tiles: the player's choice stays, the other is laid off
                off = tile
                if action.args.get("keep") == "arriving":
                    off, there["equip"] = there["equip"], tile
                b.discard.append(off)
                ctx.emit("tile_discarded", tile=off, seat=s)
        mover = there
    if whole and mover is army:  # units with movement left may move on after a won overrun (§10.8 A1/A2)
        limit = int(army["left"]) if army.get("resume") else move_range(b, army, pack)
        army["left"] = limit - distances(b, {**army, "cell": src}, state.options, pack).get(dest, limit)
        army.pop("resume", None)
    if not whole:
        count(b, "army_splits")
    ctx.emit("moved", seat=s, start=src, end=dest, army=mover["type"], units=k)
    arrive(rules, state, s, dest, before, ctx)
    rules.open(state, s, "move", info={"player": s})


def arrive(rules: Any, state: GameState, seat: int, cell: str, before: set[int], ctx: Context) -> None:
    """Digest §10.6-10.7: an empty field is taken at once; enemy armies (or another player's capital,
    ruling R7) make a conflict field, the defender keeping control until the combat."""
    b: StoneBoard = state.board
    others = before - {seat}
    ctrl = b.control.get(cell)
    if others or (cell in b.capitals and ctrl is not None and ctrl != seat):
        if cell not in b.defenders:
            b.defenders[cell] = ctrl if ctrl is not None and (ctrl in others or cell in b.capitals) else min(others)
            count(b, "conflicts")
            ctx.emit("conflict", cell=cell, seat=seat, defender=b.defenders[cell])
        return
    if b.cells[cell]["kind"] in geo.CONTROLLABLE and ctrl != seat:
        rules.take(state, cell, seat, ctx)
