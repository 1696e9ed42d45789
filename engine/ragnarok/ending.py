"""Build Monument's six steps (digest 6.7), the omens and Ragnarok (1.3), the three instant wins
checked at any time (1.2), the final turns ending with the triggering player and the final
scoring by territories next to Yggdrasil with ties going to the earlier last turn."""

from __future__ import annotations

from typing import Any

from engine.core import Context, GameState
from engine.ragnarok.core import B, P, S, defeated_count, gain_priest, push, push_all
from engine.ragnarok.setup import draw_event, place_monster


def omen_met(state: GameState, cond: dict[str, Any]) -> bool:
    b, side = B(state), S(state)
    op, n = cond["op"], int(cond["n"])
    if op == "level":
        return int(b.monuments[cond["god"]]["level"]) >= n
    if op == "levels":
        return sum(int(m["level"]) for m in b.monuments.values()) >= n
    if op == "temples":
        return sum(b.temples) >= n
    if op == "defeated":
        return sum(defeated_count(h) for h in b.players) >= n
    if op == "lands":
        return any(sum(all(b.control[t] == h.seat for t in ts) for ts in side.lands.values()) >= n for h in b.players)
    return False


def build_monument(state: GameState, ctx: Context, seat: int, god: str) -> None:
    b, pack, side = B(state), P(state), S(state)
    # 1. build
    b.monuments[god]["level"] += 1
    ctx.emit("monument_built", seat=seat, god=god, level=b.monuments[god]["level"])
    # 2. omens
    for omen in b.omens:
        if not omen[1] and omen_met(state, pack.omens[omen[0]]["condition"]):
            omen[1] = True
            ctx.emit("omen_turned", omen=omen[0])
    down = sum(1 for o in b.omens if o[1])
    if down >= 3 and not b.ragnarok:
        n = state.seat_count
        b.ragnarok = {"trigger": seat, "left": [(seat + k) % n for k in range(1, n + 1)]}
        ctx.emit("ragnarok_begins", seat=seat, omens=down)
    # 3. reset
    for m in b.monuments.values():
        b.supply["priests"] += len(m["priests"])
        m["priests"] = []
    for f in b.wheel:
        b.wheel[f] = []
    for h in b.players:
        for a in h.artifacts:
            h.artifacts[a] = True
    ctx.emit("wheel_reset")
    # 4. refill forges
    for t in range(1, b.n + 1):
        if b.forge[t] and not b.forge_rune[t] and b.supply[b.forge[t]] > 0:
            b.supply[b.forge[t]] -= 1
            b.forge_rune[t] = True
    # 5. income
    h = b.players[seat]
    for t in range(1, b.n + 1):
        if b.control[t] == seat and b.temples[t]:
            gain_priest(state, ctx, seat, "monument")
    taken = []
    for t in range(1, b.n + 1):
        if b.control[t] == seat and b.forge[t] and b.forge_rune[t]:
            b.forge_rune[t] = False
            h.runes[b.forge[t]] += 1
            taken.append(b.forge[t])
    if taken:
        ctx.emit("forge_income", seat=seat, runes=taken)
        push(b, "limit", seat=seat)
    # 6. event (runs after the limit)
    ev = draw_event(b, ctx)
    rec = pack.events[ev]
    ctx.emit("event_drawn", card=ev, territory=rec["number"])
    place_monster(state, ctx, rec["place"], rec["number"], ev)
    tasks: list[tuple[str, dict[str, Any]]] = []
    for rune in rec["activate"]:
        ms = [m for m, st in b.monsters.items() if st["status"] == "board" and pack.monsters[m]["rune"] == rune]
        ms.sort(key=lambda m: not b.monsters[m]["top"])
        tasks += [("activate", {"monster": m, "decider": seat}) for m in ms]
    if rec["boss"]:
        tasks.append(("boss_activate", {"decider": seat}))
    # the limit pushed above runs first; then the activations in order
    limit = b.tasks.pop() if taken else None
    push_all(b, tasks)
    if limit is not None:
        b.tasks.append(limit)
    del side


def after_turn(state: GameState, ctx: Context, seat: int) -> None:
    b = B(state)
    ctx.emit("turn_ended", seat=seat)
    if b.ragnarok:
        if seat != b.ragnarok["trigger"] or b.ragnarok.get("started"):
            b.last_turn.append(seat)
        b.ragnarok["started"] = True
        left = b.ragnarok["left"]
        if not left:
            final_scoring(state, ctx)
            return
        push(b, "turn", seat=left.pop(0))
        return
    push(b, "turn", seat=(seat + 1) % state.seat_count)


def yggdrasil_score(state: GameState, seat: int) -> int:
    b, side = B(state), S(state)
    return sum(1 for t in range(1, b.n + 1) if side.ygg[t] and b.control[t] == seat)


def final_scoring(state: GameState, ctx: Context) -> None:
    """Most territories next to Yggdrasil; ties to whoever took their last turn earlier (1.3)."""
    b = B(state)
    scores = [yggdrasil_score(state, s) for s in state.seats]
    order = b.last_turn
    best = max(scores)
    tied = [s for s in order if scores[s] == best]
    winner = tied[0]
    b.winner_reason = "ragnarok"
    state.result = {"winner": winner, "winners": [winner], "reason": "ragnarok", "scores": scores}
    ctx.emit("game_over", winner=winner, reason="ragnarok", scores=scores)


def instant_winner(state: GameState) -> tuple[int, str] | None:
    """Mighty Jarl (all territories of 3 lands), Great Godi (5 temple territories, 4 with 2 players),
    Fearless Slayer (the boss defeated); the active player first, then clockwise (ruling R11)."""
    b, side = B(state), S(state)
    if b.boss["defeated"] >= 0:
        return b.boss["defeated"], "fearless_slayer"
    godi = 4 if state.seat_count == 2 else 5
    n = state.seat_count
    for k in range(n):
        seat = (b.active + k) % n
        lands = sum(1 for ts in side.lands.values() if all(b.control[t] == seat for t in ts))
        if lands >= 3:
            return seat, "mighty_jarl"
        if sum(1 for t in range(1, b.n + 1) if b.temples[t] and b.control[t] == seat) >= godi:
            return seat, "great_godi"
    return None


def check_instant(state: GameState, ctx: Context) -> bool:
    if B(state).step == "setup":
        return False
    found = instant_winner(state)
    if found is None:
        return False
    seat, reason = found
    state.result = {"winner": seat, "winners": [seat], "reason": reason}
    state.prompts = []
    ctx.emit("game_over", winner=seat, reason=reason, scores=[])
    return True
