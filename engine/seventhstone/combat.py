"""Phase 5, combat (digest §11), and the overrun battle of the movement phase (§10.8).

Supports are declared in turn order by every player; the players then choose, in turn order, which of
their conflicts is fought next. A battle: combat tiles in turn order, the defender's walls, then rounds
of two phases (ranged on 1-2; melee 1-4, cavalry in the field 1-3, supporting cavalry 1-2, the city
guard as melee), each followed by the hit players' casualty choices (mercenary maximum kept, own
supporting cavalry allowed, supporting ranged never, guards last). With more than one possible target
a player aims its dice before each round. The last player with units in the field wins (none: the
defender), takes control and the unused tiles of destroyed armies; then a destruction roll per building
(never after an overrun)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.seventhstone import board as geo
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import StoneBoard, army_at, army_by_id, conflict_cells, count, kill_unit, lose, remove_army

GUARD = 4


def guard_count(b: StoneBoard, cell: str) -> int:
    if b.battle is not None and b.battle["cell"] == cell:
        return int(b.battle["guards"])
    return GUARD if cell in b.capitals and b.control.get(cell) is not None else 0


def in_field_seats(b: StoneBoard, cell: str) -> list[int]:
    seats = {a["owner"] for a in b.armies if a["cell"] == cell}
    bt = b.battle
    if bt is not None and bt["cell"] == cell and bt["guards"] > 0 and bt["guard_owner"] is not None:
        seats.add(bt["guard_owner"])
    return sorted(seats)


def supporters(b: StoneBoard, cell: str) -> list[dict[str, Any]]:
    bt = b.battle
    banned = bt["banned"] if bt is not None else []
    found = []
    for key, target in b.supports.items():
        army = army_by_id(b, int(key))
        if army is not None and target == cell and army["type"] not in banned:
            found.append(army)
    return found


# -------------------------------------------------------------------------------- supports


def support_options(b: StoneBoard, seat: int, options: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    conflicts = conflict_cells(b)
    if not conflicts:
        return []
    advanced = bool(options.get("advanced_terrain"))
    found = []
    for army in b.armies:
        if army["owner"] != seat or army["type"] == "melee" or army["cell"] in conflicts or str(army["id"]) in b.supports:
            continue
        cell = army["cell"]
        near = set(geo.neighbours(b.cells, cell, diagonal=army["type"] == "ranged"))
        near |= set(geo.portal_links(b.cells, cell, any_colour=bool(b.flags.get("portals"))))
        if advanced and army["type"] == "ranged" and b.cells[cell]["kind"] == "mountain":
            x, y = geo.coords(cell)
            for dx, dy in geo.STEPS:
                nx, ny = x + 2 * dx, y + 2 * dy
                if 0 <= nx < b.ncols and 0 <= ny < geo.dims(b.cells)[1]:
                    near.add(geo.name(nx, ny))
        for conflict in conflicts:
            if conflict not in near:
                continue
            kind = b.cells[conflict]["kind"]
            if advanced and (
                (kind == "forest" and army["type"] != "cavalry") or (kind == "mountain" and army["type"] != "ranged")
            ):
                continue
            found.append((army, conflict))
    return found


def support_step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    for seat in b.order:
        if seat not in b.done and support_options(b, seat, state.options):
            rules.open(state, seat, "support", info={"player": seat})
            return
    b.phase, b.done, b.picks = "combat", [], {"turn": 0}


def pick_step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    conflicts = conflict_cells(b)
    if not conflicts:
        b.phase, b.supports, b.defenders, b.picks = "tournament", {}, {}, {}
        return
    turn = int(b.picks.get("turn", 0))
    n = len(b.order)
    for k in range(n):
        seat = b.order[(turn + k) % n]
        mine = [c for c in conflicts if army_at(b, c, seat) is not None]
        if mine:
            b.picks["turn"] = (turn + k + 1) % n
            if len(mine) == 1:
                start_battle(rules, state, mine[0], ctx, overrun=False, by=seat)
            else:
                b.picks["seat"] = seat
                rules.open(state, seat, "battle_pick", info={"player": seat})
            return
    # only guards against nobody: cannot happen (a conflict has an army); end the phase
    b.phase = "tournament"


# -------------------------------------------------------------------------------- battles


def start_battle(rules: Any, state: GameState, cell: str, ctx: Context, *, overrun: bool, by: int) -> None:
    b: StoneBoard = state.board
    ctrl = b.control.get(cell)
    guards = GUARD if cell in b.capitals and ctrl is not None else 0
    present = sorted({a["owner"] for a in b.armies if a["cell"] == cell})
    defender = b.defenders.get(cell, ctrl if ctrl is not None else (present[0] if present else by))
    b.battle = {
        "cell": cell,
        "defender": defender,
        "overrun": overrun,
        "by": by,
        "stage": "equip",
        "round": 1,
        "phase": 1,
        "guards": guards,
        "guard_owner": ctrl if guards else None,
        "effects": {},
        "absorb": {},
        "wall_absorb": 0,
        "walls_used": 0,
        "mountain": 1 if state.options.get("advanced_terrain") and b.cells[cell]["kind"] == "mountain" and not overrun else 0,
        "targets": {},
        "hits": {},
        "spoils": [],
        "banned": [],
        "queue": [],
    }
    if guards:
        count(b, "city_guards")
    if overrun:
        b.battle["stage"] = "round"
    else:
        count(b, "battles")
        for seat in b.order:
            army = army_at(b, cell, seat)
            if army is not None and army.get("equip") is not None:
                b.battle["queue"].append(seat)
        if supporters(b, cell):
            count(b, "supports", len(supporters(b, cell)))
    ctx.emit("battle_begins", cell=cell, defender=defender, seats=in_field_seats(b, cell), overrun=overrun, guards=guards)


def step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    if bt["stage"] == "equip":
        if bt["queue"]:
            seat = bt["queue"][0]
            rules.open(state, seat, "use_equipment", info={"player": seat, "cell": cell})
            return
        bt["stage"] = "walls"
        return
    if bt["stage"] == "walls":
        bt["stage"] = "round"
        usable = usable_walls(b, cell)
        defender = bt["defender"]
        if not bt["overrun"] and usable and defender in in_field_seats(b, cell) and b.control.get(cell) == defender:
            rules.open(state, defender, "walls", info={"player": defender, "cell": cell, "walls": usable})
        return
    if bt["stage"] == "round":
        if len(in_field_seats(b, cell)) <= 1:
            finish(rules, state, ctx)
            return
        for seat in sides(b):
            if str(seat) not in bt["targets"] and len(valid_targets(b, seat)) > 1:
                rules.open(state, seat, "target", info={"player": seat, "cell": cell, "round": bt["round"]})
                return
        roll(state, 1, ctx)
        bt["stage"], bt["phase"] = "cas", 1
        return
    if bt["stage"] == "cas":
        for seat in b.order:
            pending = int(bt["hits"].get(str(seat), 0))
            if pending <= 0:
                continue
            if not casualty_options(b, seat):
                bt["hits"][str(seat)] = 0
                ctx.emit("hits_lost", seat=seat, hits=pending)
                continue
            rules.open(state, seat, "casualty", info={"player": seat, "cell": cell, "hits": pending})
            return
        if len(in_field_seats(b, cell)) <= 1:
            finish(rules, state, ctx)
            return
        if bt["phase"] == 1:
            roll(state, 2, ctx)
            bt["phase"] = 2
        else:
            bt["round"] += 1
            bt["targets"] = {}
            bt["stage"] = "round"
        return


def usable_walls(b: StoneBoard, cell: str) -> int:
    return sum(1 for x in b.buildings.get(cell, []) if x["type"] == "wall" and x["year"] < b.year)


def sides(b: StoneBoard) -> list[int]:
    bt = b.battle
    assert bt is not None
    here = set(in_field_seats(b, bt["cell"]))
    here |= {a["owner"] for a in supporters(b, bt["cell"])} if not bt["overrun"] else set()
    return [s for s in b.order if s in here]


def dice_pools(state: GameState, seat: int, phase: int) -> list[tuple[int, int, dict[str, Any]]]:
    """The dice ``seat`` rolls in a combat phase: (dice, hit threshold, tile effect) per army, the city
    guard in phase 2."""
    b: StoneBoard = state.board
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    pack = pack_for(state.options)
    pools: list[tuple[int, int, dict[str, Any]]] = []  # (dice, threshold, effect)
    field_army = army_at(b, cell, seat)
    effect = bt["effects"].get(str(seat), {}) if field_army is not None else {}
    armies = ([field_army] if field_army is not None else []) + (
        [] if bt["overrun"] else [a for a in supporters(b, cell) if a["owner"] == seat]
    )
    for army in armies:
        unit = pack.units[army["type"]]
        if int(unit["phase"]) != phase:
            continue
        supporting = army["cell"] != cell
        threshold = int(unit["support_hit"] if supporting else unit["hit"])
        n = army["reg"] + army["merc"]
        mine = effect if not supporting else {}
        if mine.get("kind") == "precision":
            threshold += 1
        if mine.get("kind") == "power_strike" and n > 0:
            n += 2
        pools.append((n, threshold, mine))
    if phase == 2 and bt["guard_owner"] == seat and bt["guards"] > 0:
        pools.append((int(bt["guards"]), 4, {}))
    return pools


def round_dice(state: GameState, seat: int) -> int:
    """The dice ``seat`` will roll this round (both phases; Master Strike's extra dice not known yet)."""
    return sum(n for phase in (1, 2) for n, _, _ in dice_pools(state, seat, phase))


def shares(targets: list[int], dice: int) -> list[dict[str, int]]:
    """Every split of ``dice`` over two or more targets (each given at least one die) but the even one."""
    found: list[dict[str, int]] = []

    def rec(i: int, left: int, acc: dict[str, int]) -> None:
        if i == len(targets):
            if left == 0 and len(acc) >= 2:
                found.append(dict(acc))
            return
        for n in range(left + 1):
            if n:
                acc[str(targets[i])] = n
            rec(i + 1, left - n, acc)
            acc.pop(str(targets[i]), None)

    rec(0, dice, {})
    even = [dice // len(targets)] * len(targets) if dice % len(targets) == 0 else None
    return [f for f in found if sorted(f.values()) != even or len(f) != len(targets)]  # even is "split"


def valid_targets(b: StoneBoard, seat: int) -> list[int]:
    bt = b.battle
    assert bt is not None
    return [s for s in in_field_seats(b, bt["cell"]) if s != seat]


def roll(state: GameState, phase: int, ctx: Context) -> None:
    """One phase of a combat round: every side rolls at once; hits are sorted by target."""
    b: StoneBoard = state.board
    bt = b.battle
    assert bt is not None
    advanced = bool(state.options.get("advanced_terrain"))
    hits: dict[str, int] = {}
    for seat in sides(b):
        targets = valid_targets(b, seat)
        if not targets:
            continue
        dice: list[int] = []
        scored = 0
        hit_flags: list[bool] = []
        pools = dice_pools(state, seat, phase)
        for n, threshold, mine in pools:
            rolled = [ctx.rng.below(6) + 1 for _ in range(n)]
            if mine.get("kind") == "master_strike":
                rolled += [ctx.rng.below(6) + 1 for _ in range(sum(1 for d in rolled if d == 1))]
            dice += rolled
            hit_flags += [d <= threshold for d in rolled]
            scored += sum(1 for d in rolled if d <= threshold)
        if not dice:
            continue
        choice = bt["targets"].get(str(seat))
        if len(targets) == 1:
            aims = [targets[0]] * scored
        elif isinstance(choice, list):  # an uneven split: die by die in the order stated (ruling R14)
            aims = []
            for hit in hit_flags:
                t = int(choice.pop(0)) if choice else targets[-1]
                if hit:
                    aims.append(t if t in targets else targets[0])
        elif choice is None or choice == -1:
            aims = [targets[k % len(targets)] for k in range(scored)]
        else:
            aims = [choice if choice in targets else targets[0]] * scored
        for t in aims:
            hits[str(t)] = hits.get(str(t), 0) + 1
        ctx.emit("rolled", seat=seat, phase=phase, dice=dice, hits=scored, targets=sorted(set(aims)))
    for key, n in hits.items():
        seat = int(key)
        saved = 0
        if seat == bt["defender"] and not (advanced and phase == 1):
            use = min(n - saved, bt["wall_absorb"])
            bt["wall_absorb"] -= use
            saved += use
            use = min(n - saved, bt["mountain"])
            bt["mountain"] -= use
            saved += use
        use = min(n - saved, int(bt["absorb"].get(key, 0)))
        if use:
            bt["absorb"][key] -= use
            saved += use
        if saved:
            ctx.emit("hits_absorbed", seat=seat, hits=saved)
        bt["hits"][key] = bt["hits"].get(key, 0) + n - saved


def casualty_options(b: StoneBoard, seat: int) -> list[dict[str, Any]]:
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    found: list[dict[str, Any]] = []
    armies = [a for a in b.armies if a["owner"] == seat and a["cell"] == cell]
    if not bt["overrun"]:
        armies += [a for a in supporters(b, cell) if a["owner"] == seat and a["type"] == "cavalry"]
    for army in armies:
        if army["merc"] > 0:
            found.append({"cell": army["cell"], "army": army["type"], "unit": "mercenary"})
        if army["reg"] > 0 and army["merc"] <= army["reg"] - 1:
            found.append({"cell": army["cell"], "army": army["type"], "unit": "regular"})
    if not found and bt["guard_owner"] == seat and bt["guards"] > 0:
        found.append({"unit": "guard"})
    return found


def finish(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    left = in_field_seats(b, cell)
    winner = left[0] if len(left) == 1 else bt["defender"]
    if bt["spoils"]:
        b.hands[winner] += bt["spoils"]
        ctx.emit("spoils", seat=winner, tiles=len(bt["spoils"]))
        ctx.emit("you_captured", to=winner, tiles=list(bt["spoils"]))
    ctx.emit("battle_won", cell=cell, seat=winner, defender=bt["defender"], overrun=bt["overrun"], rounds=bt["round"])
    b.battle = None
    if b.cells[cell]["kind"] in geo.CONTROLLABLE and b.control.get(cell) != winner:
        rules.take(state, cell, winner, ctx)
    here = b.buildings.get(cell, [])
    for _ in range(bt["walls_used"]):
        wall = next((x for x in here if x["type"] == "wall"), None)
        if wall is not None:
            here.remove(wall)
            ctx.emit("building_destroyed", cell=cell, building="wall", roll=0)
    if not bt["overrun"]:
        pack = pack_for(state.options)
        for building in list(here):
            die = ctx.rng.below(6) + 1
            count(b, "destruction_rolls")
            if die <= int(pack.rules["combat"]["destruction_max"]):
                here.remove(building)
                ctx.emit("building_destroyed", cell=cell, building=building["type"], roll=die)
                owner = b.control.get(cell)
                if building["type"] == "manufactory" and owner is not None:
                    lose(b, owner, pack.econ("manufactory_rs"))
            else:
                ctx.emit("building_stands", cell=cell, building=building["type"], roll=die)
    b.supports = {k: v for k, v in b.supports.items() if v != cell}
    b.defenders.pop(cell, None)
    if bt["overrun"] and b.phase == "movement" and winner == bt["by"]:
        army = army_at(b, cell, winner)
        if army is not None and army.get("moved") and int(army.get("left", 0)) > 0:
            army["moved"], army["resume"] = False, True  # the winner may move on (§10.8 example A1/A2)
            ctx.emit("moves_on", seat=winner, cell=cell, steps=int(army["left"]))


# -------------------------------------------------------------------------------- prompts


def legal(rules: Any, state: GameState, prompt: Prompt) -> list[Action]:
    b: StoneBoard = state.board
    s, pid = prompt.seat, prompt.id
    kind = prompt.kind
    if kind == "support":
        answers = [Action(s, pid, "done")]
        answers += [
            Action(s, pid, "support", {"cell": a["cell"], "army": a["type"], "conflict": c})
            for a, c in support_options(b, s, state.options)
        ]
        return answers
    if kind == "battle_pick":
        return [Action(s, pid, "fight", {"cell": c}) for c in conflict_cells(b) if army_at(b, c, s) is not None]
    bt = b.battle
    if bt is None:
        return []
    if kind == "use_equipment":
        army = army_at(b, bt["cell"], s)
        answers = [Action(s, pid, "keep")]
        if army is not None and army.get("equip") is not None:
            if pack_for(state.options).tile(army["equip"])["class"] in ("first", "second"):
                answers.append(Action(s, pid, "use"))
        return answers
    if kind == "walls":
        return [Action(s, pid, "walls", {"count": k}) for k in range(usable_walls(b, bt["cell"]) + 1)]
    if kind == "target":
        targets = valid_targets(b, s)
        answers = [Action(s, pid, "aim", {"player": t}) for t in targets]
        if len(targets) > 1:
            answers.append(Action(s, pid, "split"))
            answers += [Action(s, pid, "share", {"dice": d}) for d in shares(targets, round_dice(state, s))]
        return answers
    if kind == "casualty":
        return [Action(s, pid, "remove", option) for option in casualty_options(b, s)]
    return []


def resolve(rules: Any, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    kind = prompt.kind
    if kind == "support":
        if action.choice == "done":
            b.done.append(s)
            ctx.emit("supports_done", seat=s)
            return
        army = army_at(b, action.args["cell"], s)
        assert army is not None
        b.supports[str(army["id"])] = action.args["conflict"]
        ctx.emit("support", seat=s, cell=action.args["cell"], army=army["type"], conflict=action.args["conflict"])
        return
    if kind == "battle_pick":
        start_battle(rules, state, action.args["cell"], ctx, overrun=False, by=s)
        return
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    if kind == "use_equipment":
        bt["queue"].pop(0)
        if action.choice == "use":
            use_tile(state, s, ctx)
        return
    if kind == "walls":
        k = int(action.args["count"])
        bt["walls_used"] = k
        bt["wall_absorb"] = 2 * k
        if k:
            count(b, "walls_used")
        ctx.emit("walls", seat=s, cell=cell, walls=k)
        return
    if kind == "target":
        if action.choice == "share":
            count(b, "dice_shares")
            bt["targets"][str(s)] = [int(t) for t, n in sorted(action.args["dice"].items()) for _ in range(int(n))]
            ctx.emit("aimed", seat=s, player=None, split=True, dice=dict(action.args["dice"]))
            return
        bt["targets"][str(s)] = action.args["player"] if action.choice == "aim" else -1
        ctx.emit("aimed", seat=s, player=action.args.get("player"), split=action.choice == "split")
        return
    if kind == "casualty":
        bt["hits"][str(s)] -= 1
        count(b, "casualties")
        if action.args["unit"] == "guard":
            bt["guards"] -= 1
            ctx.emit("casualty", seat=s, unit="guard", cell=cell, army=None)
            return
        army = army_at(b, action.args["cell"], s)
        assert army is not None
        kill_unit(b, army, action.args["unit"])
        ctx.emit("casualty", seat=s, unit=action.args["unit"], cell=action.args["cell"], army=army["type"])
        if army["reg"] + army["merc"] == 0:
            gone(b, army, ctx)


def gone(b: StoneBoard, army: dict[str, Any], ctx: Context) -> None:
    """An army destroyed in a combat: its unused tile goes to the winner (ruling R13)."""
    bt = b.battle
    if army.get("equip") is not None and bt is not None:
        bt["spoils"].append(army["equip"])
        army["equip"] = None
    b.supports.pop(str(army["id"]), None)
    remove_army(b, army)
    ctx.emit("army_destroyed", seat=army["owner"], cell=army["cell"], army=army["type"], cause="battle")


def use_tile(state: GameState, seat: int, ctx: Context) -> None:
    b: StoneBoard = state.board
    bt = b.battle
    assert bt is not None
    cell = bt["cell"]
    army = army_at(b, cell, seat)
    assert army is not None
    pack = pack_for(state.options)
    tile = army["equip"]
    info = pack.tile(tile)
    army["equip"] = None
    b.discard.append(tile)
    count(b, f"equipment_{info['kind']}")
    ctx.emit("tile_used", seat=seat, cell=cell, tile=tile)
    kind = info["kind"]
    if kind in ("precision", "power_strike", "master_strike"):
        bt["effects"][str(seat)] = {"kind": kind}
    elif kind == "shield":
        bt["absorb"][str(seat)] = int(bt["absorb"].get(str(seat), 0)) + int(info["value"])
    elif kind == "prevention":
        bt["banned"] += ["ranged", "cavalry"] if info["symbol"] == "all" else [info["symbol"]]
    elif kind == "explosive":
        here = b.buildings.get(cell, [])
        walls = [x for x in here if x["type"] == "wall"]
        for wall in walls:
            here.remove(wall)
            ctx.emit("building_destroyed", cell=cell, building="wall", roll=0)
    elif kind == "bribery":
        for other in [a for a in b.armies if a["cell"] == cell and a["owner"] != seat and a["merc"] > 0]:
            other["merc"] = 0
            ctx.emit("bribed", seat=other["owner"], cell=cell)
            if other["reg"] == 0:
                gone(b, other, ctx)
