"""A player's turn (rulebook p. 7-8): ready the play area, any number of actions in any order
(purchase with gold, influence, unit actions, combat), keep cards for 1 influence each, discard
the rest, and everybody draws back to five."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runeage.cards import Pack, gold_name
from engine.runeage.prompts import ask
from engine.runeage.state import (
    KEEP_COST,
    RuneageBoard,
    count,
    draw,
    find_in_play,
    flag_active,
    gold_of,
    gold_sources,
    in_play,
    influence_of,
    influence_sources,
    is_gold,
    order_from,
    refill_all,
    return_to_origin,
)

# -------------------------------------------------------------------------------- turn start


def start_turn(state: GameState, pack: Pack, seat: int, ctx: Context) -> None:
    """Step 1: ready exhausted cities, strongholds, rewards (errata) and the Dragon Rune."""
    board: RuneageBoard = state.board
    board.active, board.phase = seat, "turn"
    board.attacked, board.used, board.step = [], [], {}
    for record in in_play(board.players[seat]):
        record["ready"] = True
    ctx.emit("turn_started", seat=seat, round=board.round)
    open_turn(state, pack)


def open_turn(state: GameState, pack: Pack) -> None:
    board: RuneageBoard = state.board
    ask(state, board.active, "turn", round=board.round)


# -------------------------------------------------------------------------------- targets


def battle_targets(board: RuneageBoard, pack: Pack, seat: int) -> list[str]:
    """p. 10: own stronghold (from the Barracks), neutral cities, enemies, the Drachenlords
    Objective; each target once per turn (p. 7)."""
    player = board.players[seat]
    targets = []
    if player.strongholds_left:
        targets.append("stronghold")
    targets += board.cities + list(dict.fromkeys(board.enemies))
    if board.scenario == "drachenlords":
        targets.append(board.objective)
    return [t for t in targets if t not in board.attacked]


def siege_targets(board: RuneageBoard, seat: int) -> list[tuple[int, str]]:
    """p. 12: another player's home realm (not in Das Monument, p. 16) or one of their cities."""
    if flag_active(board, "no_siege"):
        return []
    found = []
    for other in order_from(board, seat):
        if other == seat:
            continue
        if board.scenario != "monument" and f"realm:{other}" not in board.attacked:
            found.append((other, "realm"))
        found += [(other, c["name"]) for c in board.players[other].cities if c["name"] not in board.attacked]
    return found


def has_fighter(pack: Pack, hand: list[str]) -> bool:
    return any(pack.is_fighter(c) for c in hand)


# -------------------------------------------------------------------------------- legal


def action_card_answers(board: RuneageBoard, pack: Pack, seat: int, pid: str) -> list[Action]:
    """p. 8 "Einheitenaktion": a card with the keyword Aktion from the hand."""
    player = board.players[seat]
    answers = []
    owned = player.hand + player.deck + player.discard
    for name in sorted(set(player.hand)):
        card = pack.cards.get(name, {})
        if card.get("timing") != "action":
            continue
        if board.used.count(f"{seat}:{name}") >= owned.count(name):  # p. 14: each card's ability once per turn
            continue
        effect = card.get("effect")
        if effect == "draw":
            answers.append(Action(seat, pid, "action", {"card": name}))
        elif effect == "raise_horde" and player.barracks.get("Untote Horde", 0) > 0:
            answers.append(Action(seat, pid, "action", {"card": name}))
        elif effect == "cull_discard":
            answers += [Action(seat, pid, "action", {"card": name, "choice": d}) for d in sorted(set(player.discard))]
        elif effect == "player_draws":
            answers += [Action(seat, pid, "action", {"card": name, "player": t}) for t in order_from(board, seat)]
        elif effect == "mind_control":
            answers += [
                Action(seat, pid, "action", {"card": name, "player": t})
                for t in order_from(board, seat)
                if t != seat and board.players[t].hand
            ]
    rune = player.rune
    if rune and rune["ready"] and pack.cards[rune["name"]]["rune_kind"] == "draw":
        answers.append(Action(seat, pid, "action", {"rune": rune["name"]}))
    return answers


def legal_turn(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RuneageBoard = state.board
    seat, pid = prompt.seat, prompt.id
    player = board.players[seat]
    answers = [Action(seat, pid, "gold", {"card": g}) for g in sorted({c for c in player.hand if is_gold(c)})]
    answers += [Action(seat, pid, "gold", {"source": s}) for s in gold_sources(pack, player)]
    answers += [Action(seat, pid, "influence", {"source": s}) for s in influence_sources(pack, player)]
    answers += action_card_answers(board, pack, seat, pid)
    if has_fighter(pack, player.hand):
        answers += [Action(seat, pid, "battle", {"target": t}) for t in battle_targets(board, pack, seat)]
        answers += [Action(seat, pid, "siege", {"player": o, "target": t}) for o, t in siege_targets(board, seat)]
    answers.append(Action(seat, pid, "end"))
    return answers


def legal_purchase(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    """p. 8 "Kaufaktion": more gold, or buy from the own Barracks, or stop (leftover gold is lost)."""
    board: RuneageBoard = state.board
    seat, pid = prompt.seat, prompt.id
    player = board.players[seat]
    pool = int(board.step.get("gold", 0))
    answers = [Action(seat, pid, "gold", {"card": g}) for g in sorted({c for c in player.hand if is_gold(c)})]
    answers += [Action(seat, pid, "gold", {"source": s}) for s in gold_sources(pack, player)]
    for name, left in sorted(player.barracks.items()):
        if left > 0 and int(pack.cards[name]["cost"]) <= pool:
            answers.append(Action(seat, pid, "buy", {"card": name}))
    if player.strongholds_left and pool >= 4:
        answers.append(Action(seat, pid, "buy", {"card": player.strongholds_left[0]}))
    if player.monument and not player.monument_built and pool >= int(pack.cards[player.monument]["cost"]):
        answers.append(Action(seat, pid, "buy", {"card": player.monument}))
    answers.append(Action(seat, pid, "done"))
    return answers


def acquirable(board: RuneageBoard, pack: Pack) -> list[tuple[str, int]]:
    items = [(name, int(pack.cards[name]["cost"])) for name, left in sorted(board.neutrals.items()) if left > 0]
    items += [(gold_name(int(v)), int(pack.gold[int(v)]["cost"])) for v, left in sorted(board.gold.items()) if left > 0]
    return items


def legal_influence(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    """p. 8 "Einflussaktion": exhaust more sources, acquire neutral or gold cards, or stop."""
    board: RuneageBoard = state.board
    seat, pid = prompt.seat, prompt.id
    pool = int(board.step.get("influence", 0))
    answers = [Action(seat, pid, "exhaust", {"source": s}) for s in influence_sources(pack, board.players[seat])]
    answers += [Action(seat, pid, "acquire", {"card": name}) for name, cost in acquirable(board, pack) if cost <= pool]
    answers.append(Action(seat, pid, "done"))
    return answers


def legal_keep(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    """p. 7 step 3: keep hand cards for 1 influence each, the rest is discarded."""
    board: RuneageBoard = state.board
    seat, pid = prompt.seat, prompt.id
    player = board.players[seat]
    pool = int(board.step.get("influence", 0))
    kept = list(board.step.get("kept", []))
    rest = list(player.hand)
    for k in kept:
        rest.remove(k)
    answers = []
    if rest:
        answers += [Action(seat, pid, "exhaust", {"source": s}) for s in influence_sources(pack, player)]
        if pool >= KEEP_COST:
            answers += [Action(seat, pid, "keep", {"card": c}) for c in sorted(set(rest))]
    answers.append(Action(seat, pid, "done"))
    return answers


# -------------------------------------------------------------------------------- resolve


def refuse(message: str, rule: str, legal: list[Action]) -> IllegalAction:
    return IllegalAction(message, rule=rule, alternatives=legal)


def resolve_turn(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    from engine.runeage import combat

    board: RuneageBoard = state.board
    seat = action.seat
    if action not in legal:
        raise refuse(N_("That is not an action you can take now."), "p. 7 (Aktionen ausführen)", legal)
    state.close(prompt.id)
    if action.choice == "gold":
        board.step = {"kind": "purchase", "gold": 0}
        ctx.emit("purchase_started", seat=seat)
        _add_gold(board, pack, seat, action.args, ctx)
        ask(state, seat, "purchase")
    elif action.choice == "influence":
        board.step = {"kind": "influence", "influence": 0}
        ctx.emit("influence_started", seat=seat)
        _add_influence(board, pack, seat, action.args["source"], ctx)
        ask(state, seat, "influence")
    elif action.choice == "action":
        _unit_action(state, pack, seat, action.args, ctx)
    elif action.choice == "battle":
        combat.start_battle(state, pack, seat, str(action.args["target"]), ctx)
    elif action.choice == "siege":
        combat.start_siege(state, pack, seat, int(action.args["player"]), str(action.args["target"]), ctx)
    elif action.choice == "end":
        end_actions(state, pack, seat, ctx)
    else:
        raise InvalidAction(N_("unknown choice '{choice}' for a turn", choice=action.choice))


def _add_gold(board: RuneageBoard, pack: Pack, seat: int, args: Mapping[str, Any], ctx: Context) -> None:
    player = board.players[seat]
    if "card" in args:
        name = str(args["card"])
        player.hand.remove(name)
        player.discard.append(name)
        value = int(pack.cards[name]["value"])
        ctx.emit("gold_played", seat=seat, card=name, value=value)
    else:
        record = find_in_play(player, str(args["source"]))
        assert record is not None
        record["ready"] = False
        value = gold_of(pack, record)
        ctx.emit("source_exhausted", seat=seat, source=record["name"], value=value, resource="gold")
    board.step["gold"] = int(board.step.get("gold", 0)) + value


def _add_influence(board: RuneageBoard, pack: Pack, seat: int, source: str, ctx: Context) -> None:
    record = find_in_play(board.players[seat], source)
    assert record is not None
    record["ready"] = False
    value = influence_of(pack, record)
    ctx.emit("source_exhausted", seat=seat, source=source, value=value, resource="influence")
    board.step["influence"] = int(board.step.get("influence", 0)) + value


def resolve_purchase(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    seat = action.seat
    player = board.players[seat]
    if action not in legal:
        raise refuse(N_("You cannot buy that with the gold of this purchase."), "p. 8 (Kaufaktion)", legal)
    state.close(prompt.id)
    if action.choice == "gold":
        _add_gold(board, pack, seat, action.args, ctx)
    elif action.choice == "buy":
        name = str(action.args["card"])
        card = pack.cards[name]
        cost = int(card["cost"])
        board.step["gold"] -= cost
        if card["kind"] == "stronghold":
            player.strongholds_left.remove(name)
            player.strongholds.append({"name": name, "ready": True})
            count(board, "strongholds_bought")
        elif card["kind"] == "monument":
            player.monument_built = True
            board.built_this_round.append(seat)
            count(board, "monuments_built")
        else:
            player.barracks[name] -= 1
            player.discard.append(name)
        count(board, f"bought:{card['kind']}:{int(card['cost'])}")
        ctx.emit("bought", seat=seat, card=name, cost=cost)
    else:
        lost = int(board.step.get("gold", 0))
        board.step = {}
        ctx.emit("purchase_ended", seat=seat, lost=lost)
        open_turn(state, pack)
        return
    ask(state, seat, "purchase")


def resolve_influence(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    seat = action.seat
    if action not in legal:
        raise refuse(N_("You cannot acquire that with the influence of this action."), "p. 8 (Einflussaktion)", legal)
    state.close(prompt.id)
    if action.choice == "exhaust":
        _add_influence(board, pack, seat, str(action.args["source"]), ctx)
    elif action.choice == "acquire":
        name = str(action.args["card"])
        card = pack.cards[name]
        board.step["influence"] -= int(card["cost"])
        if card["kind"] == "gold":
            board.gold[str(card["value"])] -= 1
            count(board, f"acquired:gold:{card['value']}")
        else:
            board.neutrals[name] -= 1
            count(board, f"acquired:{name}")
        board.players[seat].discard.append(name)
        count(board, "influence_acquisitions")
        ctx.emit("acquired", seat=seat, card=name, cost=int(card["cost"]))
    else:
        lost = int(board.step.get("influence", 0))
        board.step = {}
        count(board, "influence_actions")
        ctx.emit("influence_ended", seat=seat, lost=lost)
        open_turn(state, pack)
        return
    ask(state, seat, "influence")


def _unit_action(state: GameState, pack: Pack, seat: int, args: Mapping[str, Any], ctx: Context) -> None:
    """p. 8: the Aktion ability of a hand card, which then goes to the discard pile; or the Dragon
    Rune exhausted (once per turn, p. 15)."""
    board: RuneageBoard = state.board
    player = board.players[seat]
    count(board, "unit_actions")
    if "rune" in args:
        player.rune["ready"] = False  # type: ignore[index]
        amount = int(pack.cards[str(args["rune"])]["amount"])
        ctx.emit("rune_used", seat=seat, rune=args["rune"], effect="draw", amount=amount)
        draw(board, seat, amount, ctx)
        open_turn(state, pack)
        return
    name = str(args["card"])
    card = pack.cards[name]
    player.hand.remove(name)
    board.used.append(f"{seat}:{name}")
    effect = card["effect"]
    ctx.emit("card_action", seat=seat, card=name, target=args.get("player"), choice=args.get("choice"))
    if effect == "draw":
        player.discard.append(name)
        draw(board, seat, int(card.get("amount", 1)), ctx)
    elif effect == "raise_horde":
        player.discard.append(name)
        player.barracks["Untote Horde"] -= 1
        player.discard.append("Untote Horde")
    elif effect == "cull_discard":
        player.discard.append(name)
        choice = str(args["choice"])
        player.discard.remove(choice)
        where = return_to_origin(board, pack, choice)
        ctx.emit("card_returned", seat=seat, card=choice, where=where)
    elif effect == "player_draws":
        player.discard.append(name)
        draw(board, int(args["player"]), int(card.get("amount", 2)), ctx)
    elif effect == "mind_control":
        player.discard.append(name)
        board.step = {"kind": "mind_control", "victim": int(args["player"])}
        ask(state, seat, "mind_control", secret=True, victim=int(args["player"]))
        return
    open_turn(state, pack)


def legal_mind_control(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RuneageBoard = state.board
    victim = board.players[int(board.step["victim"])]
    return [Action(prompt.seat, prompt.id, "take", {"card": c}) for c in sorted(set(victim.hand))]


def resolve_mind_control(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    """Gedankenkontrolle (p. 16): any card of the opponent's hand, race cards included."""
    board: RuneageBoard = state.board
    if action not in legal:
        raise refuse(N_("Take one card of that player's hand."), "p. 16 (Gedankenkontrolle)", legal)
    state.close(prompt.id)
    victim = int(board.step["victim"])
    name = str(action.args["card"])
    board.players[victim].hand.remove(name)
    board.players[action.seat].hand.append(name)
    board.step = {}
    ctx.emit("card_taken", seat=action.seat, victim=victim)
    ctx.emit("you_took", to=frozenset({action.seat, victim}), seat=action.seat, victim=victim, card=name)
    open_turn(state, pack)


# -------------------------------------------------------------------------------- end of turn


def end_actions(state: GameState, pack: Pack, seat: int, ctx: Context) -> None:
    board: RuneageBoard = state.board
    player = board.players[seat]
    if not player.hand or flag_active(board, "no_keep"):
        finish_turn(state, pack, seat, [], ctx)
        return
    board.step = {"kind": "keep", "influence": 0, "kept": []}
    open_keep(state, pack, seat)


def open_keep(state: GameState, pack: Pack, seat: int) -> None:
    board: RuneageBoard = state.board
    player = board.players[seat]
    rest = len(player.hand) - len(board.step.get("kept", []))
    nothing = rest == 0 or (not influence_sources(pack, player) and int(board.step.get("influence", 0)) < KEEP_COST)
    # secret: which cards a player keeps is theirs alone (rulings #16); the export shows no answer of it
    ask(state, seat, "keep", forced=("done", {}) if nothing else None, secret=True)


def resolve_keep(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    seat = action.seat
    if action not in legal:
        raise refuse(
            N_("Keep a hand card for 1 influence, exhaust a source, or discard the rest."), "p. 7 (Handkarten abwerfen)", legal
        )
    state.close(prompt.id)
    if action.choice == "exhaust":
        _add_influence(board, pack, seat, str(action.args["source"]), ctx)
        open_keep(state, pack, seat)
    elif action.choice == "keep":
        board.step["influence"] -= KEEP_COST
        board.step["kept"].append(str(action.args["card"]))
        ctx.emit("card_kept", seat=seat)
        open_keep(state, pack, seat)
    else:
        kept = list(board.step.get("kept", []))
        board.step = {}
        finish_turn(state, pack, seat, kept, ctx)


def finish_turn(state: GameState, pack: Pack, seat: int, kept: list[str], ctx: Context) -> None:
    """Steps 3 and 4: discard all but the kept cards; everybody draws up to five; the next
    player clockwise, or the event phase after the last one (p. 7, p. 12)."""
    from engine.runeage import events

    board: RuneageBoard = state.board
    player = board.players[seat]
    rest = list(player.hand)
    for k in kept:
        rest.remove(k)
    player.hand = list(kept)
    player.discard += rest
    ctx.emit("turn_ended", seat=seat, kept=len(kept), discarded=list(rest))
    refill_all(board, ctx)
    order = order_from(board, board.start)
    later = order[order.index(seat) + 1 :] if seat in order else []
    if later:
        start_turn(state, pack, later[0], ctx)
    else:
        events.start_phase(state, pack, ctx)
