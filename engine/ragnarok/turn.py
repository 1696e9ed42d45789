"""A turn's five steps (digest 5.1-5.4) with control and battles checked at the end of each
step (3.3, 9): prayer, hero, one rune action, manoeuvre; the special action is in special.py."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import (
    A,
    B,
    P,
    S,
    armies_at,
    ask,
    change_army,
    choose_rune,
    colours_at,
    defeated_count,
    draw_cards,
    effective,
    gain_priest,
    gain_rune,
    has_blessing,
    heal,
    kind,
    loki_at,
    lowest_attrs,
    monsters_at,
    move_adjacent,
    on_board,
    place_army,
    push,
    push_all,
    raise_attr,
    recruit_strength,
    sea_territories,
    seas_within,
    strength,
    take_control,
    task,
    within,
)
from engine.ragnarok.effects import gain_rewards
from engine.ragnarok.pack import ATTRS, RUNES

STEPS = ("prayer", "hero", "rune", "manoeuvre", "special")


@task("turn")
def _turn(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    b.active = t["seat"]
    b.turn += 1
    b.flags = {}
    ctx.emit("turn_started", seat=t["seat"], turn=b.turn, final=bool(b.ragnarok))
    seq: list[tuple[str, dict[str, Any]]] = []
    for step in STEPS:
        seq += [("step", {"step": step}), ("checks", {})]
    seq.append(("turn_end", {"seat": t["seat"]}))
    push_all(b, seq)


@task("step")
def _step(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    b.step = t["step"]
    if t["step"] == "special":
        push(b, "special", seat=b.active)
        return
    prompt = Prompt("probe", b.active, t["step"])
    legal = KIND_LEGAL[t["step"]](state, prompt)
    if any(a.choice != "skip" for a in legal):
        ask(state, b.active, t["step"])


# ---------------------------------------------------------------------------------- prayer


def _prayer_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    h = b.players[prompt.seat]
    out = []
    if h.priests > 0 and not b.flags.get("priest"):
        slots = P(state).gods
        out += [A(prompt, "priest", god=g) for g, m in b.monuments.items() if len(m["priests"]) < slots[g]["slots"]]
    if not b.flags.get("forged") and b.forge[h.at] and b.forge_rune[h.at]:
        out.append(A(prompt, "forge"))
    return out + [A(prompt, "skip")]


@kind("prayer", "digest 5.1: send a priest to a monument with a free slot, forge the rune of your hero's forge")(_prayer_legal)
def _prayer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    seat = prompt.seat
    h = b.players[seat]
    if action.choice == "skip":
        return
    if action.choice == "priest":
        god = action.args["god"]
        b.flags["priest"] = True
        h.priests -= 1
        mon = b.monuments[god]
        mon["priests"].append(seat)
        rec = P(state).gods[god]
        ctx.emit("priest_sent", seat=seat, god=god, level=mon["level"])
        raise_attr(state, ctx, seat, rec["attribute"], "priest")
        if mon["level"] >= 1:
            gain_rewards(state, ctx, seat, [rec["levels"][mon["level"] - 1]])
        if has_blessing(state, h, "prayer_rune"):
            choose_rune(b, seat, "blessing")
    else:
        b.flags["forged"] = True
        rune = b.forge[h.at]
        b.forge_rune[h.at] = False
        h.runes[rune] += 1
        ctx.emit("rune_forged", seat=seat, rune=rune, territory=h.at)
        push(b, "limit", seat=seat)
    push(b, "step", step="prayer")  # the other option may follow


# ---------------------------------------------------------------------------------- hero


def _hero_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    h = b.players[prompt.seat]
    out = [A(prompt, "move", to=t) for t in within(state, prompt.seat, h.at, 2)]
    out += [A(prompt, "sail", to=s) for s in seas_within(state, h.drakkar, 2)]
    out += [A(prompt, "heal", attr=a) for a in ATTRS if a in h.injured]
    return out + [A(prompt, "skip")]


@kind("hero", "digest 5.2: move your hero up to 2 territories, your drakkar up to 2 seas, or heal 1 injury")(_hero_legal)
def _hero(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    h = B(state).players[prompt.seat]
    if action.choice == "move":
        h.at = action.args["to"]
        ctx.emit("hero_moved", seat=prompt.seat, territory=h.at)
    elif action.choice == "sail":
        h.drakkar = action.args["to"]
        ctx.emit("drakkar_moved", seat=prompt.seat, sea=h.drakkar)
    elif action.choice == "heal":
        heal(state, ctx, prompt.seat, action.args["attr"])


# ---------------------------------------------------------------------------------- runes


def pay_options(h: Any, n: int) -> bool:
    """Whether ``h`` holds ``n`` different runes (5.3: 2- and 3-rune actions take runes all different)."""
    return sum(1 for r in RUNES if h.runes[r] > 0) >= n


def _rune_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b, pack, side = B(state), P(state), S(state)
    seat = prompt.seat
    h = b.players[seat]
    out = []
    here = h.at
    boss_rune = pack.boss["rune"]
    if loki_at(b) == here and h.runes[boss_rune] > 0 and b.boss["defeated"] < 0:
        out.append(A(prompt, "boss"))
    for m in monsters_at(b, here):
        st = b.monsters[m]
        if st["ctrl"] < 0 and h.runes[pack.monsters[m]["rune"]] > 0:
            if len(h.rings) < 2:
                out.append(A(prompt, "control", monster=m, release=""))
            else:
                out += [A(prompt, "control", monster=m, release=r) for r in h.rings]
    tiles = pack.realm_tiles(state.seat_count)
    for realm, ts in side.realm_adj.items():
        if here in ts and seat not in b.realms[realm] and h.runes[tiles[realm]["rune"]] > 0:
            out.append(A(prompt, "ally", realm=realm))
    if pay_options(h, 2):
        out += [A(prompt, "army_plus", army=i) for i in on_board(h) if h.armies[i][1] < 6]
        out += [
            A(prompt, "activate", monster=m)
            for m, st in b.monsters.items()
            if st["status"] == "board" and st["ctrl"] in (-1, seat)
        ]
        out.append(A(prompt, "draw1"))
        out += [A(prompt, "place_hero", to=t) for t in range(1, b.n + 1) if t != here]
        if has_blessing(state, h, "rune_priest") and b.supply["priests"] > 0:
            out.append(A(prompt, "priest"))
    if pay_options(h, 3):
        out += [A(prompt, "attribute", attr=a) for a in lowest_attrs(h)]
        out.append(A(prompt, "draw2"))
    if has_blessing(state, h, "rune_heal") and h.injured and any(h.runes.values()):
        out.append(A(prompt, "heal"))
    arts = pack.artifacts
    for art, charged in sorted(h.artifacts.items()):
        if charged and arts[art]["use"] == "wound_outside":
            for m in monsters_at(b, here):
                out += [
                    A(prompt, "artifact_wound", artifact=art, monster=m, space=k + 1)
                    for k, w in enumerate(b.monsters[m]["wounds"])
                    if w < 0
                ]
    return out + [A(prompt, "skip")]


def spend(state: GameState, ctx: Context, seat: int, runes: list[str]) -> None:
    b = B(state)
    h = b.players[seat]
    for r in runes:
        h.runes[r] -= 1
        b.supply[r] += 1
    ctx.emit("runes_spent", seat=seat, runes=runes)


@kind("rune", "digest 5.3: one rune action; 1 rune of the named kind, or 2-3 different runes")(_rune_legal)
def _rune(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b, pack = B(state), P(state)
    seat = prompt.seat
    h = b.players[seat]
    c = action.choice
    if c == "skip":
        return
    if c == "artifact_wound":  # an artifact's wound outside a hunt: no reward, no artifact (7.6); free
        from engine.ragnarok.hunt import defeat

        h.artifacts[action.args["artifact"]] = False
        ctx.emit("artifact_used", seat=seat, artifact=action.args["artifact"])
        m = action.args["monster"]
        b.monsters[m]["wounds"][action.args["space"] - 1] = seat
        ctx.emit("wound_outside", seat=seat, monster=m, space=action.args["space"])
        if all(w >= 0 for w in b.monsters[m]["wounds"]):
            defeat(state, ctx, m, seat)
        # exhausting an artifact is no rune action (rulebook p. 12, Artefakte): the step goes on
        push(b, "step", step="rune")
        return
    ctx.emit("rune_action", seat=seat, action=c)
    if c == "boss":
        spend(state, ctx, seat, [pack.boss["rune"]])
        push_all(b, [("boss_activate", {"decider": seat}), ("draw", {"seat": seat, "n": 1, "why": "loki"})])
    elif c == "control":
        m = action.args["monster"]
        spend(state, ctx, seat, [pack.monsters[m]["rune"]])
        if action.args["release"]:
            h.rings.remove(action.args["release"])
            b.monsters[action.args["release"]]["ctrl"] = -1
            ctx.emit("monster_released", seat=seat, monster=action.args["release"])
        h.rings.append(m)
        b.monsters[m]["ctrl"] = seat
        ctx.emit("monster_controlled", seat=seat, monster=m)
    elif c == "ally":
        realm = action.args["realm"]
        spend(state, ctx, seat, [pack.realm_tiles(state.seat_count)[realm]["rune"]])
        ally(state, ctx, seat, realm)
    else:
        ways = payments(h, c)
        if len(ways) > 1:  # the player chooses which runes pay (5.3)
            b.flags["rune_pending"] = {"choice": c, "args": dict(action.args)}
            ask(state, seat, "pay", action=c)
            return
        finish_rune(state, ctx, seat, c, dict(action.args), ways[0])


def payments(h: Any, c: str) -> list[list[str]]:
    """Every way to pay rune action ``c``: 1 rune of any kind (the blessing's heal), 2 or 3 different runes."""
    held = [r for r in RUNES if h.runes[r] > 0]
    if c == "heal":
        return [[r] for r in held]
    n = 3 if c in ("attribute", "draw2") else 2
    if n == 3:
        return [held] if len(held) == 3 else []
    return [[a, b] for i, a in enumerate(held) for b in held[i + 1 :]]


def finish_rune(state: GameState, ctx: Context, seat: int, c: str, args: dict[str, Any], paid: list[str]) -> None:
    b = B(state)
    h = b.players[seat]
    spend(state, ctx, seat, paid)
    if c == "heal":
        push(b, "heal_one", seat=seat)
    elif c == "draw2":
        draw_cards(state, ctx, seat, 2, "runes")
    elif c == "attribute":
        raise_attr(state, ctx, seat, args["attr"], "runes")
    elif c == "army_plus":
        change_army(state, ctx, seat, args["army"], 1, "runes")
    elif c == "activate":
        push(b, "activate", monster=args["monster"], decider=seat)
    elif c == "draw1":
        draw_cards(state, ctx, seat, 1, "runes")
    elif c == "place_hero":
        h.at = args["to"]
        ctx.emit("hero_placed", seat=seat, territory=h.at)
    elif c == "priest":
        gain_priest(state, ctx, seat, "blessing")


def _pay_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = B(state).players[prompt.seat]
    return [A(prompt, "pay", runes="+".join(way)) for way in payments(h, prompt.info["action"])]


@kind("pay", "digest 5.3: a 2- or 3-rune action is paid with runes all different from each other")(_pay_legal)
def _pay(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    pending = b.flags.pop("rune_pending")
    finish_rune(state, ctx, prompt.seat, pending["choice"], pending["args"], action.args["runes"].split("+"))


def ally(state: GameState, ctx: Context, seat: int, realm: str) -> None:
    """An alliance: a control marker on the realm; the first one there draws 1 combat card (3.4)."""
    b = B(state)
    first = not b.realms[realm]
    b.realms[realm].append(seat)
    ctx.emit("realm_allied", seat=seat, realm=realm, first=first)
    if first:
        draw_cards(state, ctx, seat, 1, "alliance")


@task("draw")
def _draw(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    draw_cards(state, ctx, t["seat"], t["n"], t.get("why", ""))


# ---------------------------------------------------------------------------------- manoeuvre


def army_moves(state: GameState, seat: int, i: int) -> list[int]:
    """Where army ``i`` may move: any adjacent territory (bridge included) but Loki's (3.10)."""
    b = B(state)
    at = b.players[seat].armies[i][0]
    return [t for t in move_adjacent(state, seat, at) if t != loki_at(b)]


def can_reinforce(state: GameState, seat: int, i: int) -> bool:
    b = B(state)
    at, s = b.players[seat].armies[i]
    return bool(at) and s < 6 and b.control[at] == seat and S(state).has(at, "settlement")


def recruit_spots(state: GameState, seat: int) -> list[int]:
    """Next to your drakkar's sea, or your own settlement territories; never Loki's (6.1, ruling R7)."""
    b, side = B(state), S(state)
    spots = set(sea_territories(side, b.players[seat].drakkar))
    spots |= {t for t in range(1, b.n + 1) if b.control[t] == seat and side.has(t, "settlement")}
    spots.discard(loki_at(b))
    return sorted(spots)


def activation_answers(state: GameState, prompt: Prompt, armies: list[int]) -> list[Action]:
    out = []
    for i in armies:
        out += [A(prompt, "move", army=i, to=t) for t in army_moves(state, prompt.seat, i)]
        if can_reinforce(state, prompt.seat, i):
            out.append(A(prompt, "reinforce", army=i))
    return out


def _manoeuvre_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = B(state).players[prompt.seat]
    armies = on_board(h)
    out = activation_answers(state, prompt, armies)
    if not armies:
        out += [A(prompt, "recruit", at=t) for t in recruit_spots(state, prompt.seat)]
    return out + [A(prompt, "skip")]


def activate_army(state: GameState, ctx: Context, seat: int, action: Action) -> None:
    h = B(state).players[seat]
    i = action.args["army"]
    if action.choice == "move":
        h.armies[i][0] = action.args["to"]
        ctx.emit("army_moved", seat=seat, territory=action.args["to"], strength=h.armies[i][1])
    else:
        change_army(state, ctx, seat, i, 1, "settlement")


@kind(
    "manoeuvre", "digest 5.4: activate 1 army (move it, or +1 in your settlement), or recruit 1 if none of yours is on the board"
)(_manoeuvre_legal)
def _manoeuvre(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.choice in ("move", "reinforce"):
        activate_army(state, ctx, prompt.seat, action)
    elif action.choice == "recruit":
        h = B(state).players[prompt.seat]
        place_army(state, ctx, prompt.seat, action.args["at"], recruit_strength(state, h))


# ---------------------------------------------------------------------------------- checks


@task("checks")
def _checks(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """End of a step: take control of territories, then fight the battles (the active player orders them)."""
    b, side = B(state), S(state)
    fights = []
    for k in range(1, b.n + 1):
        cols = colours_at(b, k)
        if len(cols) == 1:
            c = cols[0]
            if b.control[k] < 0 and strength(b, c, k) >= side.pop[k]:
                take_control(state, ctx, c, k, "armies")
            elif b.control[k] >= 0 and b.control[k] != c:
                take_control(state, ctx, c, k, "armies")
        elif len(cols) > 1:
            fights.append(k)
    if len(fights) == 1:
        push_all(b, [("battle", {"territory": fights[0]}), ("checks", {})])
    elif fights:
        ask(state, b.active, "battle_order", territories=fights)


def _order_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "fight", territory=k) for k in prompt.info["territories"]]


@kind("battle_order", "digest 9: the active player chooses the order of several battles")(_order_legal)
def _order(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    push_all(B(state), [("battle", {"territory": action.args["territory"]}), ("checks", {})])


@task("turn_end")
def _turn_end(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    from engine.ragnarok.ending import after_turn

    after_turn(state, ctx, t["seat"])


KIND_LEGAL = {"prayer": _prayer_legal, "hero": _hero_legal, "rune": _rune_legal, "manoeuvre": _manoeuvre_legal}

__all__ = ["armies_at", "defeated_count", "effective", "gain_rune", "place_army"]
