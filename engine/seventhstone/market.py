"""Phase 2, production and market (digest §8, §15): regeneration, the offer, the secret simultaneous
allocation (every seat's prompt open at once, hidden until all are sealed), the reveal and the four
markets in the rulebook's order: mercenaries, the equipment draft, the movement market (turn order)
and tournament stones. Ties: more tear stones, then a die."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import GOODS, MARKETS, StoneBoard, count, tear_stones

ITEMS = GOODS + MARKETS
STEPS = (1, 2, 5)


def no_goods() -> dict[str, int]:
    return {g: 0 for g in GOODS}


def no_alloc() -> dict[str, int]:
    return {i: 0 for i in ITEMS}


def cost(item: str, n: int, pack: Any) -> int:
    if item == "building":
        return int(n * pack.econ("building_cost"))
    if item in GOODS:
        return int(n * pack.econ("unit_cost"))
    return n


def allocated(b: StoneBoard, seat: int, pack: Any) -> int:
    return sum(cost(i, n, pack) for i, n in b.alloc[seat].items())


# -------------------------------------------------------------------------------- phase steps


def begin(rules: Any, state: GameState, ctx: Context) -> None:
    """A) regeneration, B) the offer, C) every seat allocates in secret, at once."""
    b: StoneBoard = state.board
    pack = pack_for(state.options)
    for s in state.seats:
        b.storage[s] += b.spent[s]
        b.spent[s] = 0
        b.alloc[s] = no_alloc()
        b.sealed[s] = False
    b.revealed = None
    want = int(pack.rules["markets"]["offer"][str(state.seat_count)])
    if any(not stack for stack in b.stacks[:want]) and b.discard:
        pool = [t for stack in b.stacks for t in stack] + b.discard
        b.discard = []
        ctx.rng.shuffle(pool)
        b.stacks = [pool[k::4] for k in range(4)]
        ctx.emit("stacks_reshuffled", tiles=len(pool))
    b.offer = [stack.pop() for stack in b.stacks[:want] if stack]
    ctx.emit("offer", tiles=list(b.offer), resources=list(b.storage))
    b.phase = "allocate"
    for s in state.seats:
        rules.open(state, s, "allocate", info={"player": s}, secret=True)


def reveal(rules: Any, state: GameState, ctx: Context) -> None:
    """D) all sheets revealed; goods bought; the markets resolved in order."""
    b: StoneBoard = state.board
    pack = pack_for(state.options)
    b.revealed = [dict(a) for a in b.alloc]
    for s in state.seats:
        total = allocated(b, s, pack)
        b.storage[s] -= total
        b.spent[s] += total
        for g in GOODS:
            b.goods[s][g] = b.alloc[s][g]
    ctx.emit("allocations_revealed", allocations=[dict(a) for a in b.alloc])
    n = str(state.seat_count)
    # mercenaries
    ranks = rank(b, state, "mercenaries", ctx)
    key = pack.rules["markets"]["mercenaries"][n]
    b.mercs = [0] * state.seat_count
    for i, s in enumerate(ranks):
        b.mercs[s] = key[i] if i < len(key) else 0
        if b.mercs[s]:
            count(b, "market_mercenaries")
    ctx.emit("market_won", market="mercenaries", ranks=ranks, amounts=[b.mercs[s] for s in ranks])
    # the equipment draft
    ranks = rank(b, state, "equipment", ctx)
    b.draft = {"ranks": ranks, "tiles": list(b.offer), "holder": 0, "first": True}
    b.offer = []
    if ranks:
        count(b, "market_equipment")
    ctx.emit("market_won", market="equipment", ranks=ranks, amounts=[])
    b.phase = "draft"


def rank(b: StoneBoard, state: GameState, item: str, ctx: Context) -> list[int]:
    """Bidders from the highest bid down; ties by more tear stones (now), then a die; 0 is out."""
    bids = {s: b.alloc[s][item] for s in state.seats if b.alloc[s][item] > 0}
    ranked: list[int] = []
    groups: dict[tuple[int, int], list[int]] = {}
    for s, bid in bids.items():
        groups.setdefault((bid, tear_stones(b, s)), []).append(s)
    for key in sorted(groups, reverse=True):
        group = groups[key]
        if len(group) > 1:
            group = roll_off(group, item, ctx)
        ranked += group
    return ranked


def roll_off(group: list[int], item: str, ctx: Context) -> list[int]:
    """Tied players roll a die, the highest first; equal rolls roll again among themselves."""
    dice = [ctx.rng.below(6) + 1 for _ in group]
    groups = [[s for s, d in zip(group, dice) if d == value] for value in sorted(set(dice), reverse=True)]
    ctx.emit("tie_broken", market=item, seats=list(group), rolls=dice, order=[s for g in groups for s in g])
    order: list[int] = []
    for tied in groups:
        order += tied if len(tied) == 1 else roll_off(tied, item, ctx)
    return order


def draft_step(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    d = b.draft
    if d is None:
        b.phase = "order"
        return
    ranks, tiles = d["ranks"], d["tiles"]
    if d["holder"] >= len(ranks) or not tiles:
        if tiles:
            b.discard += tiles
            ctx.emit("tiles_left_over", tiles=list(tiles))
        b.draft = None
        b.phase = "order"
        return
    seat = ranks[d["holder"]]
    if len(tiles) == 1 and not (d["first"] and state.seat_count < 4):
        keep(b, state, seat, tiles[0], ctx)
        d["tiles"] = []
        return
    rules.open(
        state,
        seat,
        "draft",
        info={"player": seat, "handed": len(tiles), "discard": d["first"] and state.seat_count < 4},
        secret=True,
    )


def keep(b: StoneBoard, state: GameState, seat: int, tile: int, ctx: Context) -> None:
    pack = pack_for(state.options)
    if pack.tile(tile)["kind"] == "lost_stone":
        b.lost_stone = seat
        b.ts_perm[seat] += 1
        count(b, "lost_stone_found")
        ctx.emit("lost_stone", seat=seat, tile=tile)
    else:
        b.hands[seat].append(tile)
        ctx.emit("you_kept", to=seat, tile=tile)
    ctx.emit("draft_kept", seat=seat, hand=len(b.hands[seat]))


def order_step(rules: Any, state: GameState, ctx: Context) -> None:
    """The movement market: bidders choose their positions by rank, then the top bidder places those
    who bid nothing; nobody bid: a die decides (digest §8.2)."""
    b: StoneBoard = state.board
    p = b.picks
    if "ranks" not in p:
        ranks = rank(b, state, "movement", ctx)
        p["ranks"], p["positions"], p["top"] = ranks, {}, (ranks[0] if ranks else None)
        if ranks:
            count(b, "market_movement")
        ctx.emit("market_won", market="movement", ranks=ranks, amounts=[])
        if not ranks:
            order = rules.roll_order(list(state.seats), ctx, why="movement")
            p["positions"] = {str(s): i for i, s in enumerate(order)}
        if state.options.get("doppelzug") and state.seat_count == 4 and ranks:
            top = ranks[0]
            others = sum(b.alloc[s]["movement"] for s in state.seats if s != top)
            if b.alloc[top]["movement"] >= others:
                b.flags["double"] = top
                ctx.emit("double_move", seat=top)
    positions: dict[str, int] = p["positions"]
    waiting = [s for s in p["ranks"] if str(s) not in positions]
    if waiting:
        rules.open(state, waiting[0], "order_pick", info={"player": waiting[0]})
        return
    excluded = [s for s in state.seats if str(s) not in positions]
    if excluded:
        rules.open(state, p["top"], "order_assign", info={"player": p["top"], "placing": excluded[0]})
        return
    b.order = sorted(state.seats, key=lambda s: positions[str(s)])
    b.picks = {}
    ctx.emit("turn_order", order=list(b.order))
    # tournament stones
    pack = pack_for(state.options)
    ranks = rank(b, state, "tournament", ctx)
    key = pack.rules["markets"]["tournament"][str(state.seat_count)]
    for i, s in enumerate(ranks):
        b.tstones[s] += key[i] if i < len(key) else 0
    if ranks:
        count(b, "market_tournament")
    ctx.emit("market_won", market="tournament", ranks=ranks, amounts=[key[i] if i < len(key) else 0 for i in range(len(ranks))])
    b.phase, b.done, b.recruited = "setting", [], {}


# -------------------------------------------------------------------------------- prompts


def legal(rules: Any, state: GameState, prompt: Prompt) -> list[Action]:
    b: StoneBoard = state.board
    s, pid = prompt.seat, prompt.id
    if prompt.kind == "allocate":
        pack = pack_for(state.options)
        left = b.storage[s] - allocated(b, s, pack)
        answers = [Action(s, pid, "confirm")]
        for item in ITEMS:
            for n in STEPS:
                if cost(item, n, pack) <= left:
                    answers.append(Action(s, pid, "add", {"item": item, "count": n}))
        return answers
    if prompt.kind == "draft":
        d = b.draft or {"tiles": [], "first": False}
        tiles = d["tiles"]
        if d["first"] and state.seat_count < 4 and len(tiles) >= 2:
            return [Action(s, pid, "keep", {"tile": t, "discard": u}) for t in tiles for u in tiles if u != t]
        return [Action(s, pid, "keep", {"tile": t}) for t in tiles]
    if prompt.kind == "order_pick":
        taken = set(b.picks.get("positions", {}).values())
        return [Action(s, pid, "position", {"position": i + 1}) for i in range(state.seat_count) if i not in taken]
    if prompt.kind == "order_assign":
        taken = set(b.picks.get("positions", {}).values())
        placing = prompt.info["placing"]
        return [
            Action(s, pid, "assign", {"player": placing, "position": i + 1}) for i in range(state.seat_count) if i not in taken
        ]
    return []


def resolve(rules: Any, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b: StoneBoard = state.board
    s = action.seat
    if prompt.kind == "allocate":
        if action.choice == "confirm":
            b.sealed[s] = True
            ctx.emit("allocation_sealed", seat=s)
            ctx.emit("you_allocated", to=s, allocation=dict(b.alloc[s]), sealed=True)
        else:
            b.alloc[s][action.args["item"]] += action.args["count"]
            ctx.emit("you_allocated", to=s, allocation=dict(b.alloc[s]), sealed=False)
            rules.open(state, s, "allocate", info={"player": s}, secret=True)
        return
    if prompt.kind == "draft":
        d = b.draft
        assert d is not None
        tile = action.args["tile"]
        d["tiles"].remove(tile)
        keep(b, state, s, tile, ctx)
        if "discard" in action.args:
            d["tiles"].remove(action.args["discard"])
            b.discard.append(action.args["discard"])
            ctx.emit("draft_discarded", seat=s, tile=action.args["discard"])
        d["first"] = False
        d["holder"] += 1
        if d["tiles"] and d["holder"] < len(d["ranks"]):
            ctx.emit("you_received", to=d["ranks"][d["holder"]], tiles=list(d["tiles"]))
        return
    if prompt.kind == "order_pick":
        b.picks["positions"][str(s)] = action.args["position"] - 1
        ctx.emit("position_chosen", seat=s, position=action.args["position"])
        return
    if prompt.kind == "order_assign":
        b.picks["positions"][str(action.args["player"])] = action.args["position"] - 1
        ctx.emit("position_assigned", seat=s, player=action.args["player"], position=action.args["position"])
