"""Phase 6, the tournament (digest §12, §15): one marker on the round counter each year; at the third
a tournament: most stones against fewest (ties by a die), the winners in the final; 3 players: the two
with the fewest stones first, the winner against the one with the most; 2 players: one duel. Each
duellist has 5 life points, restored between rounds; both roll, 1-3 hits; a hit deals
1 + floor(D/2), D the stones more than the opponent. The champion gains a tear stone for good; all
tournament stones go back."""

from __future__ import annotations

from typing import Any

from engine.core import Context, GameState
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import StoneBoard, count


def damage(mine: int, theirs: int) -> int:
    return 1 + max(0, mine - theirs) // 2


def duel(b: StoneBoard, a: int, c: int, ctx: Context, life: int = 5, hit_max: int = 3) -> int:
    stones = {a: b.tstones[a], c: b.tstones[c]}
    lp = {a: life, c: life}
    rounds = 0
    while lp[a] > 0 and lp[c] > 0:
        rounds += 1
        da, dc = ctx.rng.below(6) + 1, ctx.rng.below(6) + 1
        if da <= hit_max:
            lp[c] -= damage(stones[a], stones[c])
        if dc <= hit_max:
            lp[a] -= damage(stones[c], stones[a])
    if lp[a] <= 0 and lp[c] <= 0:
        if stones[a] != stones[c]:
            winner = a if stones[a] > stones[c] else c
        else:
            winner = a if ctx.rng.below(2) == 0 else c
    else:
        winner = a if lp[a] > 0 else c
    count(b, "duels")
    ctx.emit("duel", seats=[a, c], stones=[stones[a], stones[c]], winner=winner, rounds=rounds)
    return winner


def ranked(b: StoneBoard, seats: list[int], ctx: Context) -> list[int]:
    """Most tournament stones first; ties by a die."""
    dice = {s: ctx.rng.below(6) + 1 for s in seats}
    return sorted(seats, key=lambda s: (-b.tstones[s], -dice[s], s))


def tournament_phase(rules: Any, state: GameState, ctx: Context) -> None:
    b: StoneBoard = state.board
    pack = pack_for(state.options)
    every = int(pack.rules["tournament"]["every"])
    life = int(pack.rules["tournament"]["life"])
    hit_max = int(pack.rules["tournament"]["hit_max"])
    b.round_counter += 1
    if b.round_counter < every:
        ctx.emit("round_counter", markers=b.round_counter)
        return
    b.round_counter = 0
    count(b, "tournaments")
    ctx.emit("tournament", stones=list(b.tstones))
    order = ranked(b, list(state.seats), ctx)
    if len(order) == 4:
        first = duel(b, order[0], order[3], ctx, life, hit_max)
        second = duel(b, order[1], order[2], ctx, life, hit_max)
        champion = duel(b, first, second, ctx, life, hit_max)
    elif len(order) == 3:
        first = duel(b, order[1], order[2], ctx, life, hit_max)
        champion = duel(b, order[0], first, ctx, life, hit_max)
    else:
        champion = duel(b, order[0], order[1], ctx, life, hit_max)
    b.ts_perm[champion] += 1
    b.tstones = [0] * state.seat_count
    ctx.emit("champion", seat=champion)
