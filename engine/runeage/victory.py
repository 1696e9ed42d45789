"""Elimination (p. 14) and each scenario's end (pp. 14-16; house rulings in docs/runeage/rulings.md)."""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runeage.cards import Pack
from engine.runeage.state import ELIMINATION, RuneageBoard, alive, count, return_to_origin


def finish(state: GameState, ctx: Context, winners: list[int], reason: str) -> None:
    board: RuneageBoard = state.board
    state.result = {
        "winners": sorted(winners),
        "reason": reason,
        "scenario": board.scenario,
        "round": board.round,
        "damage": [p.damage for p in board.players],
    }
    state.prompts = []
    board.phase = "over"
    ctx.emit("game_over", winners=sorted(winners), reason=reason)


def damage(state: GameState, pack: Pack, seat: int, amount: int, ctx: Context, *, by: int | None, cause: str) -> None:
    """Damage tokens on a home realm; 20 eliminate (p. 14)."""
    board: RuneageBoard = state.board
    player = board.players[seat]
    if amount <= 0 or player.eliminated:
        return
    player.damage += amount
    count(board, "damage", amount)
    ctx.emit("realm_damaged", seat=seat, amount=amount, total=player.damage, cause=cause)
    if player.damage >= ELIMINATION:
        eliminate(state, pack, seat, ctx, by=by)


def eliminate(state: GameState, pack: Pack, seat: int, ctx: Context, *, by: int | None) -> None:
    """p. 14: neutral and gold cards back to the centre, cities back to the centre, rewards out of
    the game; Runenkriege: the victor of a combat takes the Dragon Rune, an event removes it (p. 15);
    Weltenbrand: everybody loses at once (p. 16)."""
    board: RuneageBoard = state.board
    player = board.players[seat]
    player.eliminated = True
    count(board, "eliminations")
    for name in player.hand + player.deck + player.discard:
        return_to_origin(board, pack, name)
    player.hand, player.deck, player.discard = [], [], []
    for name, left in sorted(player.barracks.items()):  # sorted: a saved game keeps its dicts' keys sorted
        board.removed += [name] * left
    player.barracks = {}
    board.removed += player.strongholds_left + [s["name"] for s in player.strongholds] + [r["name"] for r in player.rewards]
    board.removed.append(player.realm)
    if player.monument:
        board.removed.append(player.monument)
        player.monument = None
    player.strongholds_left, player.strongholds, player.rewards = [], [], []
    board.cities += [c["name"] for c in player.cities]
    player.cities = []
    ctx.emit("eliminated", seat=seat, by=by)
    if player.rune is not None:
        rune, player.rune = player.rune["name"], None
        if by is not None and not board.players[by].eliminated:
            count(board, "runes_changed_hands")
            if board.players[by].rune is None:
                board.players[by].rune = {"name": rune, "ready": True}
                ctx.emit("rune_taken", seat=by, rune=rune, loser=seat)
            else:
                board.pending_rune = {"seat": by, "new": rune}
                ctx.emit("rune_won", seat=by, rune=rune, loser=seat)
        else:
            board.removed.append(rune)
            ctx.emit("rune_removed", rune=rune, seat=seat)
    if board.start == seat and alive(board):  # ruling 7: the start player's role passes on clockwise
        n = len(board.players)
        board.start = next((seat + i) % n for i in range(1, n + 1) if not board.players[(seat + i) % n].eliminated)
    if board.scenario == "weltenbrand":
        finish(state, ctx, [], "player_fell")
        return
    check_survivors(state, ctx)


def check_survivors(state: GameState, ctx: Context) -> None:
    board: RuneageBoard = state.board
    if state.result is not None:
        return
    living = alive(board)
    if not living:
        finish(state, ctx, [], "all_eliminated")
    elif board.scenario == "runenkriege" and len(living) == 1 and len(board.players) > 1:
        finish(state, ctx, living, "last_survivor")


def monument_end(state: GameState, pack: Pack, ctx: Context) -> bool:
    """p. 16 and the errata: a Monument built wins at the end of the round; several: total unit
    strength across deck, hand and discard, then a shared victory."""
    board: RuneageBoard = state.board
    built = [s for s in board.built_this_round if not board.players[s].eliminated]
    if not built:
        return False
    if len(built) == 1:
        finish(state, ctx, built, "monument_built")
        return True
    totals = {
        s: sum(
            pack.strength(c) for c in board.players[s].hand + board.players[s].deck + board.players[s].discard if pack.is_unit(c)
        )
        for s in built
    }
    best = max(totals.values())
    winners = [s for s in built if totals[s] == best]
    ctx.emit("monument_tiebreak", totals=[[s, totals[s]] for s in built])
    finish(state, ctx, winners, "monument_tiebreak" if len(winners) == 1 else "monument_shared")
    return True


def round_limit(state: GameState, ctx: Context) -> bool:
    """House ruling: after ``round_limit`` rounds the game ends: Runenkriege is won by the
    surviving player(s) with the least damage, every other scenario is lost by all (p. 15:
    "Es kann passieren, dass niemand den Feind besiegt und alle Spieler verlieren")."""
    board: RuneageBoard = state.board
    if board.round < board.round_limit:
        return False
    if board.scenario == "runenkriege":
        living = alive(board)
        least = min(board.players[s].damage for s in living)
        finish(state, ctx, [s for s in living if board.players[s].damage == least], "round_limit")
    else:
        finish(state, ctx, [], "round_limit")
    return True
