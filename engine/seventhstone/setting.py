"""Phase 3, setting (digest §9): in turn order each player places buildings, units, mercenaries and
equipment, one piece per answer, until done; whatever is bought but not placed is lost."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.seventhstone.board import YIELD
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import BUILDINGS, UNIT_TYPES, StoneBoard, army_at, count, gain, lose


def step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    seat = next((s for s in b.order if s not in b.done), None)
    if seat is None:
        b.phase, b.done = "movement", []
        for army in b.armies:
            army["moved"] = False
            army.pop("bonus", None)
            army.pop("teleport", None)
            army.pop("agility", None)
            army.pop("left", None)
            army.pop("resume", None)
        return
    bare = not any(b.goods[seat].values()) and not b.mercs[seat]
    if bare and not (b.hands[seat] and any(a["owner"] == seat and a.get("equip") is None for a in b.armies)):
        b.done.append(seat)  # nothing to place, as everybody can see: no decision to ask for
        ctx.emit("setting_done", seat=seat, lost={})
        return
    rules.open(state, seat, "setting", info={"player": seat}, secret=True)  # an answer may name an equipment tile


def barracks_capacity(b: StoneBoard, cell: str, seat: int, pack: Any) -> int:
    """Recruits still possible on ``cell`` this year: 2 per usable barracks, a capital counting 2."""
    if b.control.get(cell) != seat or cell in b.volcano:
        return 0
    usable = sum(1 for x in b.buildings.get(cell, []) if x["type"] == "barracks" and x["year"] < b.year)
    if cell in b.capitals and b.captured.get(cell, -1) < b.year:
        usable += pack.limit("capital_barracks")  # a conquered capital's barracks work from the next year
    return int(usable * pack.limit("recruits_per_barracks") - b.recruited.get(cell, 0))


def legal(rules: Any, state: GameState, prompt: Prompt) -> list[Action]:
    b: StoneBoard = state.board
    s, pid = prompt.seat, prompt.id
    pack = pack_for(state.options)
    goods = b.goods[s]
    answers = [Action(s, pid, "done")]
    mine = [c for c, o in sorted(b.control.items()) if o == s]
    if goods["building"] > 0:
        for cell in mine:
            if b.cells[cell]["kind"] not in YIELD or cell in b.capitals or cell in b.volcano:
                continue
            here = b.buildings.get(cell, [])
            if len(here) < pack.limit("buildings_per_field"):
                answers += [Action(s, pid, "build", {"cell": cell, "building": t}) for t in BUILDINGS]
            else:
                for old in sorted({x["type"] for x in here}):
                    answers += [Action(s, pid, "build", {"cell": cell, "building": t, "replace": old}) for t in BUILDINGS]
    can_pay = b.spent[s] + b.storage[s] > 0
    for t in UNIT_TYPES:
        if goods[t] <= 0 or not can_pay:
            continue
        for cell in mine:
            if barracks_capacity(b, cell, s, pack) <= 0:
                continue
            army = army_at(b, cell, s)
            if army is None:
                if sum(1 for a in b.armies if a["owner"] == s and a["type"] == t) < pack.limit("army_total_max"):
                    answers.append(Action(s, pid, "recruit", {"cell": cell, "army": t}))
            elif army["type"] == t and army["reg"] + army["merc"] < b.unit_max:
                answers.append(Action(s, pid, "recruit", {"cell": cell, "army": t}))
    if b.mercs[s] > 0:
        for army in b.armies:
            if (
                army["owner"] == s
                and army["merc"] < army["reg"]
                and army["reg"] + army["merc"] < b.unit_max
                and army["cell"] not in b.volcano
            ):
                answers.append(Action(s, pid, "hire", {"cell": army["cell"], "army": army["type"]}))
    for tile in b.hands[s]:
        info = pack.tile(tile)
        for army in b.armies:
            if army["owner"] != s or army.get("equip") is not None or army["cell"] in b.volcano:
                continue
            if info["class"] == "first" and info["symbol"] not in ("all", army["type"]):
                continue
            answers.append(Action(s, pid, "equip", {"cell": army["cell"], "tile": tile}))
    return answers


def resolve(rules: Any, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    pack = pack_for(state.options)
    args = action.args
    if action.choice == "done":
        lost = {k: v for k, v in b.goods[s].items() if v}
        if b.mercs[s]:
            lost["mercenaries"] = b.mercs[s]
        b.goods[s] = {k: 0 for k in b.goods[s]}
        b.mercs[s] = 0
        b.done.append(s)
        ctx.emit("setting_done", seat=s, lost=lost)
        return
    cell = args["cell"]
    if action.choice == "build":
        here = b.buildings.setdefault(cell, [])
        if "replace" in args:
            old = next(x for x in here if x["type"] == args["replace"])
            here.remove(old)
            if old["type"] == "manufactory":
                lose(b, s, pack.econ("manufactory_rs"))
        here.append({"type": args["building"], "year": b.year})
        b.goods[s]["building"] -= 1
        if args["building"] == "manufactory":
            gain(b, s, pack.econ("manufactory_rs"))
        count(b, f"building_{args['building']}")
        ctx.emit("built", seat=s, cell=cell, building=args["building"], replaced=args.get("replace"))
    elif action.choice == "recruit":
        army = army_at(b, cell, s)
        if army is None:
            army = {
                "id": b.next_army,
                "owner": s,
                "cell": cell,
                "type": args["army"],
                "reg": 0,
                "merc": 0,
                "equip": None,
                "moved": False,
            }
            b.next_army += 1
            b.armies.append(army)
        army["reg"] += 1
        if b.spent[s] > 0:
            b.spent[s] -= 1
        else:
            b.storage[s] -= 1
        b.goods[s][args["army"]] -= 1
        b.recruited[cell] = b.recruited.get(cell, 0) + 1
        count(b, f"units_{args['army']}")
        ctx.emit("recruited", seat=s, cell=cell, army=args["army"], units=army["reg"] + army["merc"])
    elif action.choice == "hire":
        army = army_at(b, cell, s)
        assert army is not None
        army["merc"] += 1
        b.mercs[s] -= 1
        count(b, "mercenaries_placed")
        ctx.emit("hired", seat=s, cell=cell, army=army["type"], units=army["reg"] + army["merc"])
    elif action.choice == "equip":
        army = army_at(b, cell, s)
        assert army is not None
        b.hands[s].remove(args["tile"])
        army["equip"] = args["tile"]
        ctx.emit("equipped", seat=s, cell=cell, army=army["type"])
        ctx.emit("you_equipped", to=s, cell=cell, tile=args["tile"])
    rules.open(state, s, "setting", info={"player": s}, secret=True)
