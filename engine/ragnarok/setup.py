"""Setup for 2, 3 and 4 players (digest 4.1-4.3): board side, realm tiles, wheel side, temple
card, forges, monuments, monster pairs, decks (no event 17+ with 2 players), omens, Loki and the
starting monsters by event cards, then hero selection in turn with its secret offers."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import (
    COLOURS,
    A,
    B,
    P,
    RagnarokBoard,
    RagnarokHero,
    S,
    ask,
    draw_cards,
    kind,
    push,
    raise_attr,
    sea_territories,
    task,
)
from engine.ragnarok.pack import RUNES


def build(state: GameState, ctx: Context) -> RagnarokBoard:
    pack = P(state)
    n = state.seat_count
    side = pack.side_for(n)
    size = side.n + 1
    rng = ctx.rng
    # 5. forges: every forge space; with 2 players one of each rune plus one more at random
    markers = [m["rune"] for m in pack.raw["forge_markers"]]
    spaces = [t for t in range(1, size) if side.has(t, "forge")]
    if len(spaces) < len(markers):
        chosen = list(RUNES)
        rest = list(markers)
        for r in RUNES:
            rest.remove(r)
        rng.shuffle(rest)
        chosen += rest[: len(spaces) - len(chosen)]
        markers = chosen
    rng.shuffle(markers)
    forge = [""] * size
    for t, r in zip(spaces, markers):
        forge[t] = r
    # 7. monster pairs: the two boards of a rune in random order, the upper one first
    monsters: dict[str, dict[str, Any]] = {}
    for rune in RUNES:
        pair = [m for m, rec in pack.monsters.items() if rec["rune"] == rune]
        rng.shuffle(pair)
        for k, m in enumerate(pair):
            monsters[m] = {
                "at": 0,
                "status": "box",
                "ctrl": -1,
                "wounds": [-1] * len(pack.monsters[m]["wounds"]),
                "top": k == 0,
                "artifact": -1,
            }
    # 9. decks
    events = [e for e, rec in pack.events.items() if n > 2 or rec["number"] <= side.n]
    decks: dict[str, list[str]] = {
        "combat": list(pack.combat),
        "event": events,
        "blessing": list(pack.blessings),
        "attack": list(pack.attacks),
    }
    for cards in decks.values():
        rng.shuffle(cards)
    for name in ("combat", "event", "blessing", "attack"):
        decks[name + "_discard"] = []
    face = str(state.options.get("temple_side", "a"))
    card = pack.temple_card(n, face)
    comp = pack.components
    b = RagnarokBoard(
        side=side.id,
        n=side.n,
        players=[RagnarokHero(seat=s) for s in range(n)],
        control=[-1] * size,
        temples=[False] * size,
        forge=forge,
        forge_rune=[bool(r) for r in forge],
        realms={r: [] for r in pack.realm_tiles(n)},
        wheel={w: [] for w in pack.wheel(side.id) if w != "monument"},
        monuments={g: {"level": 0, "priests": []} for g in pack.gods},
        temple_card={"id": card["id"], "taken": 0, "spaces": len(card["spaces"]), "blessing_after": list(card["blessing_after"])},
        monsters=monsters,
        boss={"at": 0, "wounds": [-1] * len(pack.boss["wounds"]), "defeated": -1},
        decks=decks,
        omens=[[o, False] for o, rec in pack.omens.items() if n in rec["players"]],
        god_art={a: -1 for a in pack.god_artifacts},
        supply={**{r: pack.runes[r]["count"] for r in RUNES}, "priests": comp["priests"], "slayers": comp["slayer_markers"]},
    )
    for t in range(1, size):  # a rune of the forge's kind on each forge, from the general supply
        if forge[t]:
            b.supply[forge[t]] -= 1
    return b


def setup(state: GameState, ctx: Context) -> None:
    state.board = b = build(state, ctx)
    pack = P(state)
    ctx.emit("game_set_up", players=state.seat_count, side=b.side, temple_card=b.temple_card["id"], omens=[o for o, _ in b.omens])
    # 13. Loki; 14. starting monsters, one event card per player
    ev = _draw_event(b, ctx)
    b.boss["at"] = pack.events[ev]["number"]
    ctx.emit("boss_placed", territory=b.boss["at"], card=ev)
    for _ in range(state.seat_count):
        ev = _draw_event(b, ctx)
        place_monster(state, ctx, pack.events[ev]["place"], pack.events[ev]["number"], ev)
    # 15. hero selection, from a random player clockwise
    heroes, lineages = list(pack.heroes), [ln for ln in pack.lineages if ln != "odinsson"]
    ctx.rng.shuffle(heroes)
    ctx.rng.shuffle(lineages)
    first = ctx.rng.below(state.seat_count)
    b.selection = {"heroes": heroes, "lineages": lineages, "odinsson": first, "first": first, "offer": {}}
    ctx.emit("selection_begins", seat=first)
    for k in range(state.seat_count):
        push_select = (first + k) % state.seat_count
        b.tasks.insert(0, {"t": "select", "seat": push_select})
    b.tasks.insert(0, {"t": "begin"})


def _draw_event(b: RagnarokBoard, ctx: Context) -> str:
    if not b.decks["event"]:
        b.decks["event"], b.decks["event_discard"] = b.decks["event_discard"], []
        ctx.rng.shuffle(b.decks["event"])
        ctx.emit("deck_reshuffled", deck="event")
    ev = b.decks["event"].pop()
    b.decks["event_discard"].append(ev)
    return ev


def draw_event(b: RagnarokBoard, ctx: Context) -> str:
    return _draw_event(b, ctx)


def place_monster(state: GameState, ctx: Context, rune: str, t: int, card: str) -> str | None:
    """An event's Place section: the upper available monster of that rune, else none (4.1 step 14, 6.7 step 6)."""
    b = B(state)
    ready = [m for m, st in b.monsters.items() if P(state).monsters[m]["rune"] == rune and st["status"] == "box"]
    if not ready:
        ctx.emit("no_monster_placed", rune=rune, card=card)
        return None
    ready.sort(key=lambda m: not b.monsters[m]["top"])
    m = ready[0]
    b.monsters[m].update(status="board", at=t)
    ctx.emit("monster_placed", monster=m, territory=t, card=card)
    return m


@task("select")
def _select(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    sel = b.selection
    seat = t["seat"]
    heroes = [sel["heroes"].pop() for _ in range(min(2, len(sel["heroes"])))]
    lineages = [sel["lineages"].pop() for _ in range(min(2, len(sel["lineages"])))]
    if sel["odinsson"] == seat:
        lineages.append("odinsson")
    sel["offer"] = {"seat": seat, "heroes": heroes, "lineages": lineages}
    ctx.emit("offer_drawn", seat=seat, odinsson=sel["odinsson"] == seat)
    ctx.emit("your_offer", to=seat, heroes=heroes, lineages=lineages)
    ask(state, seat, "hero_pick")


def _pick_legal(state: GameState, prompt: Prompt) -> list[Action]:
    offer = B(state).selection["offer"]
    return [A(prompt, "pick", hero=h, lineage=ln) for h in offer["heroes"] for ln in offer["lineages"]]


@kind("hero_pick", "digest 4.3: choose 1 of your 2 hero boards and 1 of your lineage cards")(_pick_legal)
def _pick(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    sel = b.selection
    offer = sel["offer"]
    seat = prompt.seat
    hero, lineage = action.args["hero"], action.args["lineage"]
    h = b.players[seat]
    h.hero, h.lineage = hero, lineage
    sel["heroes"] += [x for x in offer["heroes"] if x != hero]
    sel["lineages"] += [x for x in offer["lineages"] if x not in (lineage, "odinsson")]
    ctx.rng.shuffle(sel["heroes"])
    ctx.rng.shuffle(sel["lineages"])
    if lineage == "odinsson":
        sel["odinsson"] = -1
        sel["first"] = seat
    elif sel["odinsson"] == seat:
        sel["odinsson"] = (seat + 1) % state.seat_count  # handed to the left (4.3 step 2)
    sel["offer"] = {}
    ctx.emit("hero_chosen", seat=seat, hero=hero, lineage=lineage)
    ask(state, seat, "start_place")


def _start_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b, side = B(state), S(state)
    out = []
    for sea in sorted(side.seas):
        for t in sea_territories(side, sea):
            if b.control[t] < 0 and all(s == prompt.seat for s in _colours(b, t)):
                out.append(A(prompt, "place", sea=sea, territory=t))
    return out


def _colours(b: RagnarokBoard, t: int) -> list[int]:
    return sorted({h.seat for h in b.players for at, _ in h.armies if at == t})


@kind("start_place", "digest 4.3 step 6: drakkar in a sea, hero and 2 armies in a territory next to it without other colours")(
    _start_legal
)
def _start(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    seat = prompt.seat
    h = b.players[seat]
    t = action.args["territory"]
    h.drakkar, h.at = action.args["sea"], t
    h.armies[0] = [t, 1]
    h.armies[1] = [t, 1]
    ctx.emit("start_placed", seat=seat, sea=action.args["sea"], territory=t)
    if S(state).pop[t] <= 2:
        b.control[t] = seat
        ctx.emit("control_taken", seat=seat, territory=t, previous=None, why="start")
    draw_cards(state, ctx, seat, 1, "start")
    bonus = P(state).lineages[h.lineage]["bonus"]
    if bonus in ("authority", "might", "wisdom"):
        raise_attr(state, ctx, seat, bonus, "lineage")
    elif bonus == "rune":
        push(b, "choose_rune", seat=seat, why="lineage")
    elif bonus == "cards":
        draw_cards(state, ctx, seat, 1, "lineage")


@task("begin")
def _begin(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    first = b.selection["first"]
    ctx.emit("first_player", seat=first)
    push(b, "turn", seat=first)


__all__ = ["COLOURS", "draw_event", "place_monster"]
