"""The event phase (rulebook pp. 9-10), run by the start player after every round, and what
follows a combat (back to the turn, or on to the next defender of an effect)."""

from __future__ import annotations

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt
from engine.runeage.cards import Pack, gold_name
from engine.runeage.prompts import ask
from engine.runeage.state import RuneageBoard, alive, count, draw, order_from, refill_all
from engine.runeage.victory import damage, finish, monument_end, round_limit


def start_phase(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RuneageBoard = state.board
    board.phase, board.active = "event", board.start
    board.used = []
    ctx.emit("event_phase", round=board.round, start=board.start)
    # lasting effects drawn last round have held for this round (p. 9): to the discard pile
    for record in [e for e in board.lasting if e["round"] <= board.round]:
        board.lasting.remove(record)
        board.event_discard.append(record["name"])
    # 1. start-of-phase abilities of enemies already in play (p. 9); one drawn now waits a round
    for enemy in list(board.enemies):
        card = pack.cards[enemy]
        hit = int(card.get("start_damage", 0))
        if not hit:
            continue
        seats = order_from(board, board.start) if card.get("start_target") == "each" else [board.start]
        ctx.emit("enemy_strikes", card=enemy, amount=hit, seats=seats)
        for seat in seats:
            damage(state, pack, seat, hit, ctx, by=None, cause=enemy)
            if state.result is not None:
                return
    if board.pending_rune is not None:  # cannot happen from events (an event removes the rune)
        board.pending_rune = None
    # 2. draw
    if not board.event_deck:
        if board.scenario == "weltenbrand":  # p. 16: nothing to draw, all win
            finish(state, ctx, alive(board), "survived")
            return
        rebuilt = [c for c in board.event_discard if int(pack.cards[c]["level"]) == 2]
        if not rebuilt:
            ctx.emit("no_event")
            end_phase(state, pack, ctx)
            return
        for c in rebuilt:
            board.event_discard.remove(c)
        ctx.rng.shuffle(rebuilt)
        board.event_deck = rebuilt
        count(board, "event_deck_rebuilt")
        ctx.emit("event_deck_rebuilt", count=len(rebuilt))
    name = board.event_deck.pop(0)
    card = pack.cards[name]
    count(board, f"events:level{card['level']}:{card['event_kind']}")
    ctx.emit("event_drawn", card=name, level=int(card["level"]), event_kind=card["event_kind"])
    # 3. resolve
    if card["event_kind"] == "enemy":
        board.enemies.append(name)
        end_phase(state, pack, ctx)
        return
    effect = card["effect"]
    if effect == "attack_each":
        board.event = {"card": name, "queue": order_from(board, board.start)}
        next_defender(state, pack, ctx)
        return
    if effect == "gain_gold":
        key = str(int(card["value"]))
        for seat in order_from(board, board.start):
            if board.gold.get(key, 0) > 0:
                board.gold[key] -= 1
                board.players[seat].discard.append(gold_name(int(key)))
                ctx.emit("gold_gained", seat=seat, card=gold_name(int(key)))
    elif effect == "draw_each":
        for seat in order_from(board, board.start):
            draw(board, seat, int(card.get("amount", 1)), ctx)
    elif effect == "lasting":
        board.lasting.append({"name": name, "flag": card["flag"], "round": board.round + 1})
        ctx.emit("lasting_effect", card=name)
        end_phase(state, pack, ctx)
        return
    elif effect == "rune_discovery":
        if _discover_rune(state, pack, ctx):
            board.event_discard.append(name)
            return
    board.event_discard.append(name)
    end_phase(state, pack, ctx)


def _discover_rune(state: GameState, pack: Pack, ctx: Context) -> bool:
    """Entdeckung einer Drachenrune (p. 15): house: the player with the most damage (ties: the
    first from the start player) receives an unused rune; holding one, they choose which stays."""
    board: RuneageBoard = state.board
    if board.scenario != "runenkriege" or not board.unused_runes:
        ctx.emit("no_rune")
        return False
    order = order_from(board, board.start)
    seat = max(order, key=lambda s: (board.players[s].damage, -order.index(s)))
    rune = board.unused_runes.pop(0)
    count(board, "runes_discovered")
    if board.players[seat].rune is None:
        board.players[seat].rune = {"name": rune, "ready": True}
        ctx.emit("rune_taken", seat=seat, rune=rune, loser=None)
        return False
    board.pending_rune = {"seat": seat, "new": rune, "then": "event"}
    ctx.emit("rune_won", seat=seat, rune=rune, loser=None)
    held = board.players[seat].rune
    assert held is not None
    ask(state, seat, "rune_choice", new=rune, old=held["name"])
    return True


def legal_rune_choice(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RuneageBoard = state.board
    pending = board.pending_rune or {}
    old = board.players[prompt.seat].rune
    names = [pending.get("new")] + ([old["name"]] if old else [])
    return [Action(prompt.seat, prompt.id, "keep", {"rune": n}) for n in names if n]


def resolve_rune_choice(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    """p. 15: one active Dragon Rune; the other leaves the game."""
    board: RuneageBoard = state.board
    if action not in legal:
        raise IllegalAction(N_("Keep one of your two Dragon Runes."), rule="p. 15 (Runenkriege)", alternatives=legal)
    state.close(prompt.id)
    pending = board.pending_rune or {}
    board.pending_rune = None
    player = board.players[action.seat]
    old = player.rune["name"] if player.rune else None
    keep = str(action.args["rune"])
    other = pending["new"] if keep == old else old
    if keep != old:
        player.rune = {"name": keep, "ready": True}
    if other:
        board.removed.append(other)
    ctx.emit("rune_kept", seat=action.seat, rune=keep, removed=other)
    if pending.get("then") == "event":
        end_phase(state, pack, ctx)
    else:
        after_combat(state, pack, ctx)


def next_defender(state: GameState, pack: Pack, ctx: Context) -> None:
    from engine.runeage.combat import start_event_battle

    board: RuneageBoard = state.board
    event = board.event
    assert event is not None
    queue = [s for s in event["queue"] if not board.players[s].eliminated]
    if not queue:
        board.event_discard.append(event["card"])
        board.event = None
        end_phase(state, pack, ctx)
        return
    seat = queue.pop(0)
    event["queue"] = queue
    board.active = seat
    start_event_battle(state, pack, seat, event["card"], ctx)


def after_combat(state: GameState, pack: Pack, ctx: Context) -> None:
    from engine.runeage.turn import open_turn

    board: RuneageBoard = state.board
    if board.pending_rune is not None:
        pending = board.pending_rune
        pending["then"] = "combat"
        old = board.players[pending["seat"]].rune
        ask(state, int(pending["seat"]), "rune_choice", new=pending["new"], old=old["name"] if old else None)
        return
    if board.event is not None:
        next_defender(state, pack, ctx)
    else:
        open_turn(state, pack)


def end_phase(state: GameState, pack: Pack, ctx: Context) -> None:
    """4. everybody draws up to five (p. 12); then the end of the round: Monuments (p. 16), the
    house round limit, and the next round from the start player."""
    from engine.runeage.turn import start_turn

    board: RuneageBoard = state.board
    refill_all(board, ctx)
    if board.scenario == "monument" and monument_end(state, pack, ctx):
        return
    board.built_this_round = []
    if round_limit(state, ctx):
        return
    board.round += 1
    ctx.emit("round_started", round=board.round, start=board.start)
    start_turn(state, pack, board.start, ctx)
