"""Battles (p. 10) and sieges (p. 12): muster, casualties, resolution, end of combat.

``board.combat`` holds both sides: side 0 is the active player (the army), side 1 the defender of
a siege (None in a battle). An army is a list of ``{"name", "wounded", "owner"}``.
"""

from __future__ import annotations

from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runeage.cards import Pack
from engine.runeage.prompts import ask
from engine.runeage.state import RuneageBoard, count, draw, find_in_play, influence_of, influence_sources, return_to_origin
from engine.runeage.victory import damage, finish

EVENT_TARGETS = ("enemy", "objective", "effect")

# -------------------------------------------------------------------------------- start


def _combat(kind: str, target: dict[str, Any], attacker: int, defender: int | None) -> dict[str, Any]:
    return {
        "kind": kind,
        "target": target,
        "seats": [attacker, defender],
        "armies": [[], []],
        "bonus": [0, 0],
        "passed": [False, defender is None],
        "to_play": 0,
        "step": "muster",
        "skulls": 0,
        "queue": [],
        "rune_used": [False, False],
    }


def target_record(board: RuneageBoard, pack: Pack, seat: int, target: str) -> dict[str, Any]:
    if target == "stronghold":
        return {"type": "stronghold", "name": board.players[seat].strongholds_left[0], "strength": 2, "dice": 0}
    if target in board.cities:
        return {"type": "city", "name": target, "strength": int(pack.cards[target]["strength"]), "dice": 0}
    if target == board.objective and board.scenario == "drachenlords":
        scenario = pack.scenarios[board.scenario]
        return {
            "type": "objective",
            "name": target,
            "strength": int(scenario["objective_strength"]),
            "dice": int(scenario["objective_dice"]),
        }
    card = pack.cards[target]
    return {"type": "enemy", "name": target, "strength": int(card["strength"]), "dice": int(card.get("dice", 0))}


def start_battle(state: GameState, pack: Pack, seat: int, target: str, ctx: Context) -> None:
    board: RuneageBoard = state.board
    board.attacked.append(target)
    record = target_record(board, pack, seat, target)
    board.combat = _combat("battle", record, seat, None)
    count(board, f"battles:{record['type']}")
    ctx.emit(
        "battle_started",
        seat=seat,
        target=record["name"],
        target_kind=record["type"],
        strength=record["strength"],
        dice=record["dice"],
    )
    open_muster(state, pack, ctx)


def start_event_battle(state: GameState, pack: Pack, seat: int, card: str, ctx: Context) -> None:
    """p. 9-10: an effect attacking home realms: each player defends in a battle."""
    board: RuneageBoard = state.board
    info = pack.cards[card]
    record = {"type": "effect", "name": card, "strength": int(info["strength"]), "dice": int(info.get("dice", 0))}
    board.combat = _combat("battle", record, seat, None)
    count(board, "battles:effect")
    ctx.emit("battle_started", seat=seat, target=card, target_kind="effect", strength=record["strength"], dice=record["dice"])
    open_muster(state, pack, ctx)


def start_siege(state: GameState, pack: Pack, seat: int, other: int, target: str, ctx: Context) -> None:
    board: RuneageBoard = state.board
    key = f"realm:{other}" if target == "realm" else target
    board.attacked.append(key)
    if target == "realm":
        record = {"type": "realm", "name": board.players[other].realm, "owner": other, "defense": 0}
    else:
        record = {"type": "city", "name": target, "owner": other, "defense": int(pack.cards[target]["defense"])}
    board.combat = _combat("siege", record, seat, other)
    count(board, f"sieges:{record['type']}")
    ctx.emit("siege_started", seat=seat, defender=other, target=record["name"], target_kind=record["type"])
    open_muster(state, pack, ctx)


# -------------------------------------------------------------------------------- muster


def total(board: RuneageBoard, pack: Pack, side: int) -> int:
    combat = board.combat
    assert combat is not None
    strength = sum(pack.strength(u["name"]) for u in combat["armies"][side]) + int(combat["bonus"][side])
    target = combat["target"]
    if side == 1 and target["type"] == "city":
        strength += int(target.get("defense", 0))
    return strength


def open_muster(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if all(combat["passed"]):
        after_muster(state, pack, ctx)
        return
    side = combat["to_play"]
    if combat["passed"][side]:
        side = combat["to_play"] = 1 - side
    seat = combat["seats"][side]
    player = board.players[seat]
    rune = player.rune
    rune_ready = bool(rune and rune["ready"] and pack.cards[rune["name"]]["rune_kind"] == "strength")
    nothing = not player.hand and not rune_ready  # the hand's size and the rune are public
    ask(
        state,
        seat,
        "muster",
        forced=("pass", {}) if nothing else None,
        side=side,
        combat=combat["kind"],
        target=combat["target"]["name"],
    )


def legal_muster(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RuneageBoard = state.board
    seat, pid = prompt.seat, prompt.id
    player = board.players[seat]
    answers = [Action(seat, pid, "play", {"card": c}) for c in sorted({c for c in player.hand if pack.is_fighter(c)})]
    rune = player.rune
    if rune and rune["ready"] and pack.cards[rune["name"]]["rune_kind"] == "strength":
        answers.append(Action(seat, pid, "rune", {"rune": rune["name"]}))
    answers.append(Action(seat, pid, "pass"))
    return answers


def resolve_muster(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    side = int(prompt.info["side"])
    seat = action.seat
    if action not in legal:
        raise IllegalAction(
            N_("Play a unit or tactic card from your hand, or pass."), rule="p. 10 (Aufmarsch)", alternatives=legal
        )
    state.close(prompt.id)
    if action.choice == "pass":
        combat["passed"][side] = True
        ctx.emit("passed", seat=seat, total=total(board, pack, side))
        combat["to_play"] = 1 - side if combat["kind"] == "siege" else side
        open_muster(state, pack, ctx)
        return
    if action.choice == "rune":
        board.players[seat].rune["ready"] = False  # type: ignore[index]
        amount = int(pack.cards[str(action.args["rune"])]["amount"])
        combat["bonus"][side] += amount
        ctx.emit("rune_used", seat=seat, rune=action.args["rune"], effect="strength", amount=amount)
        _next_player(state, pack, side, ctx)
        return
    name = str(action.args["card"])
    board.players[seat].hand.remove(name)
    combat["armies"][side].append({"name": name, "wounded": False, "owner": seat})
    count(board, "cards_played")
    ctx.emit("card_played", seat=seat, card=name, total=total(board, pack, side))
    card = pack.cards[name]
    if card.get("timing") == "on_play" and ability_answers(state, pack, seat, side, name, "x"):
        combat["step"] = "ability"
        ask(state, seat, "ability", side=side, card=name)
        return
    _next_player(state, pack, side, ctx)


def _next_player(state: GameState, pack: Pack, side: int, ctx: Context) -> None:
    combat = state.board.combat
    combat["step"] = "muster"
    if combat["kind"] == "siege" and not combat["passed"][1 - side]:
        combat["to_play"] = 1 - side
    open_muster(state, pack, ctx)


# -------------------------------------------------------------------------------- on-play abilities


def _opposing_units(combat: dict[str, Any], pack: Pack, side: int, *, wounded: bool | None) -> list[str]:
    """Opposing *player* units only: effects on opposing units never hit event cards (FAQ)."""
    if combat["kind"] != "siege":
        return []
    return sorted(
        {
            u["name"]
            for u in combat["armies"][1 - side]
            if pack.is_unit(u["name"]) and (wounded is None or u["wounded"] == wounded)
        }
    )


def ability_answers(state: GameState, pack: Pack, seat: int, side: int, name: str, pid: str) -> list[Action]:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    card = pack.cards[name]
    effect = card.get("effect")
    player = board.players[seat]
    copies = (player.hand + player.deck + player.discard + [u["name"] for u in combat["armies"][side]]).count(name)
    if board.used.count(f"{seat}:{name}") >= copies:  # p. 14: each card's ability once per turn
        return []
    if effect == "draw":
        return [Action(seat, pid, "use")]
    if effect == "search_discard_same":
        return [Action(seat, pid, "use")] if name in player.discard else []
    if effect == "wound_opposing":
        return [Action(seat, pid, "use", {"target": t}) for t in _opposing_units(combat, pack, side, wounded=False)]
    if effect == "destroy_opposing":
        return [Action(seat, pid, "use", {"target": t}) for t in _opposing_units(combat, pack, side, wounded=None)]
    if effect == "destroy_wounded_opposing":
        cost = int(card.get("cost_influence", 0))
        sources = [
            s
            for s in influence_sources(pack, player)
            if cost == 0 or influence_of(pack, find_in_play(player, s) or {"name": s}) >= 1
        ]
        return [
            Action(seat, pid, "use", {"target": t, "pay": s})
            for t in _opposing_units(combat, pack, side, wounded=True)
            for s in sources
        ]
    if effect == "wound_own_draw":
        own = combat["armies"][side][:-1]
        return [
            Action(seat, pid, "use", {"target": t})
            for t in sorted({u["name"] for u in own if not u["wounded"] and pack.is_unit(u["name"])})
        ]
    return []


def legal_ability(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    answers = ability_answers(state, pack, prompt.seat, int(prompt.info["side"]), str(prompt.info["card"]), prompt.id)
    return answers + [Action(prompt.seat, prompt.id, "skip")]


def _wound(army: list[dict[str, Any]], name: str) -> None:
    unit = next(u for u in army if u["name"] == name and not u["wounded"])
    unit["wounded"] = True


def _destroy(
    board: RuneageBoard, pack: Pack, army: list[dict[str, Any]], name: str, ctx: Context, *, wounded: bool | None = None
) -> None:
    """p. 14: a destroyed unit leaves the combat at once and goes back to where it came from."""
    unit = next(
        u
        for u in sorted(army, key=lambda u: not u["wounded"])
        if u["name"] == name and (wounded is None or u["wounded"] == wounded)
    )
    army.remove(unit)
    where = return_to_origin(board, pack, name)
    count(board, "units_destroyed")
    ctx.emit("unit_destroyed", seat=unit["owner"], card=name, where=where)


def resolve_ability(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    """p. 14 "Beim Ausspielen": used right after the card is played, always optional."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    side, name, seat = int(prompt.info["side"]), str(prompt.info["card"]), action.seat
    if action not in legal:
        raise IllegalAction(
            N_("Use the card's ability on a legal target, or skip it."), rule="p. 14 (Beim Ausspielen)", alternatives=legal
        )
    state.close(prompt.id)
    if action.choice == "use":
        board.used.append(f"{seat}:{name}")
        effect = pack.cards[name]["effect"]
        target = action.args.get("target")
        ctx.emit("ability_used", seat=seat, card=name, target=target)
        player = board.players[seat]
        if effect == "draw":
            draw(board, seat, int(pack.cards[name].get("amount", 1)), ctx)
        elif effect == "search_discard_same":
            player.discard.remove(name)
            combat["armies"][side].append({"name": name, "wounded": False, "owner": seat})
            ctx.emit("card_played", seat=seat, card=name, total=total(board, pack, side))
        elif effect == "wound_opposing":
            _wound(combat["armies"][1 - side], str(target))
            ctx.emit("unit_wounded", seat=combat["seats"][1 - side], card=target)
        elif effect == "destroy_opposing":
            _destroy(board, pack, combat["armies"][1 - side], str(target), ctx)
        elif effect == "destroy_wounded_opposing":
            record = find_in_play(player, str(action.args["pay"]))
            assert record is not None
            record["ready"] = False
            ctx.emit("source_exhausted", seat=seat, source=record["name"], value=influence_of(pack, record), resource="influence")
            _destroy(board, pack, combat["armies"][1 - side], str(target), ctx, wounded=True)
        elif effect == "wound_own_draw":
            _wound(combat["armies"][side], str(target))
            ctx.emit("unit_wounded", seat=seat, card=target)
            draw(board, seat, int(pack.cards[name].get("amount", 1)), ctx)
    else:
        ctx.emit("ability_skipped", seat=seat, card=name)
    _next_player(state, pack, side, ctx)


# -------------------------------------------------------------------------------- casualties


def after_muster(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if combat["kind"] == "battle" and int(combat["target"].get("dice", 0)) > 0 and combat["step"] != "casualties_done":
        combat["step"] = "roll"
        ask(state, combat["seats"][0], "roll", forced=("roll", {}))
        return
    start_resolution(state, pack, ctx)


def resolve_roll(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    """p. 10 "Verluste": one roll per die symbol of the target, one unit destroyed per skull."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    state.close(prompt.id)
    faces = [pack.die[ctx.rng.below(len(pack.die))] for _ in range(int(combat["target"]["dice"]))]
    skulls = faces.count("skull")
    count(board, "casualty_rolls", len(faces))
    ctx.emit("casualty_roll", seat=action.seat, faces=faces, skulls=skulls)
    combat["skulls"] = skulls
    combat["step"] = "casualties_done"
    next_casualty(state, pack, ctx)


def casualty_choices(board: RuneageBoard, pack: Pack) -> list[tuple[str, bool]]:
    combat = board.combat
    assert combat is not None
    return sorted({(u["name"], bool(u["wounded"])) for u in combat["armies"][0] if pack.is_unit(u["name"])})


def next_casualty(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    choices = casualty_choices(board, pack)
    if combat["skulls"] <= 0 or not choices:
        start_resolution(state, pack, ctx)
        return
    only = ("destroy", {"card": choices[0][0], "wounded": choices[0][1]}) if len(choices) == 1 else None
    ask(state, combat["seats"][0], "casualty", forced=only, skulls=combat["skulls"])


def legal_casualty(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "destroy", {"card": n, "wounded": w}) for n, w in casualty_choices(state.board, pack)]


def resolve_casualty(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    if action not in legal:
        raise IllegalAction(N_("Destroy one of your units in this battle."), rule="p. 10 (Verluste)", alternatives=legal)
    state.close(prompt.id)
    combat = board.combat
    assert combat is not None
    _destroy(board, pack, combat["armies"][0], str(action.args["card"]), ctx, wounded=bool(action.args["wounded"]))
    combat["skulls"] -= 1
    next_casualty(state, pack, ctx)


# -------------------------------------------------------------------------------- resolution


def _negated(combat: dict[str, Any], side: int) -> bool:
    """Naga: the opposing army's Resolution abilities have no effect while it is in an army."""
    other = combat["armies"][1 - side] if combat["kind"] == "siege" else []
    return any(u["name"] == "Naga" for u in other)


def start_resolution(state: GameState, pack: Pack, ctx: Context) -> None:
    """p. 10/12 "Auswertung": the attacker's abilities first, then the defender's. Abilities that
    cost nothing are applied (using them is never worse); those with a cost are asked."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    combat["step"] = "resolution"
    queue = []
    for side in (0, 1):
        if _negated(combat, side):
            continue
        for index, unit in enumerate(combat["armies"][side]):
            card = pack.cards[unit["name"]]
            if card.get("timing") != "resolution":
                continue
            effect, amount = card.get("effect"), int(card.get("amount", 0))
            if effect == "strength" or (effect == "strength_if_wounded" and unit["wounded"]):
                combat["bonus"][side] += amount
            elif effect == "strength_vs_event" and combat["target"]["type"] in EVENT_TARGETS:
                combat["bonus"][side] += amount
            elif effect == "discard_for_strength":
                queue.append([side, index])
    combat["queue"] = queue
    next_resolution(state, pack, ctx)


def _pending_names(board: RuneageBoard, combat: dict[str, Any]) -> list[str]:
    """The distinct cards whose abilities are pending for the side first in the queue, in play order."""
    side = combat["queue"][0][0]
    names = [combat["armies"][s][i]["name"] for s, i in combat["queue"] if s == side]
    return list(dict.fromkeys(names))


def next_resolution(state: GameState, pack: Pack, ctx: Context) -> None:
    """p. 10 „Dabei bestimmt der Spieler die Reihenfolge“: when a side's pending abilities with a
    cost come from different cards (the order can matter: which one the hand pays for first), its
    player picks the next one (``resolution_order``); abilities of the same card are alike."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    while combat["queue"]:
        side, index = combat["queue"][0]
        seat = combat["seats"][side]
        if board.players[seat].hand:
            if not combat.get("chosen") and len(names := _pending_names(board, combat)) > 1:
                ask(state, seat, "resolution_order", side=side, cards=names)
                return
            ask(state, seat, "resolution", side=side, card=combat["armies"][side][index]["name"])
            return
        combat["queue"].pop(0)
    outcome(state, pack, ctx)


def legal_resolution(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    hand = state.board.players[prompt.seat].hand
    return [Action(prompt.seat, prompt.id, "use", {"discard": c}) for c in sorted(set(hand))] + [
        Action(prompt.seat, prompt.id, "skip")
    ]


def resolve_resolution(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if action not in legal:
        raise IllegalAction(N_("Discard a hand card for the ability, or skip it."), rule="p. 14 (Auswertung)", alternatives=legal)
    state.close(prompt.id)
    combat["chosen"] = False
    side, index = combat["queue"].pop(0)
    seat, name = action.seat, combat["armies"][side][index]["name"]
    if action.choice == "use":
        card = pack.cards[name]
        discarded = str(action.args["discard"])
        board.players[seat].hand.remove(discarded)
        board.players[seat].discard.append(discarded)
        combat["bonus"][side] += int(card.get("amount", 0))
        ctx.emit("ability_used", seat=seat, card=name, target=discarded)
    else:
        ctx.emit("ability_skipped", seat=seat, card=name)
    next_resolution(state, pack, ctx)


def legal_resolution_order(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "first", {"card": name}) for name in prompt.info.get("cards", [])]


def resolve_resolution_order(
    state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]
) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if action not in legal:
        raise IllegalAction(N_("Choose which Resolution ability comes next."), rule="p. 10 (Auswertung)", alternatives=legal)
    state.close(prompt.id)
    side = int(prompt.info["side"])
    queue = combat["queue"]
    at = next(k for k, (s, i) in enumerate(queue) if s == side and combat["armies"][s][i]["name"] == action.args["card"])
    queue.insert(0, queue.pop(at))
    combat["chosen"] = True
    next_resolution(state, pack, ctx)


def outcome(state: GameState, pack: Pack, ctx: Context) -> None:
    """Who wins (battle: a tie goes to the army, p. 10; siege: to the defender, p. 12); then the
    End-of-combat abilities (p. 14 „Ende des Kampfes“, attacker first), before cards move."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    seat = combat["seats"][0]
    target = combat["target"]
    army = total(board, pack, 0)
    if combat["kind"] == "battle":
        strength = int(target["strength"])
        won = army >= strength
        ctx.emit("battle_resolved", seat=seat, target=target["name"], army=army, strength=strength, won=won)
    else:
        strength = total(board, pack, 1)
        won = army > strength
        ctx.emit(
            "siege_resolved", seat=seat, defender=combat["seats"][1], target=target["name"], army=army, strength=strength, won=won
        )
    combat["result"] = {"won": won, "army": army, "strength": strength}
    combat["step"] = "end"
    winners = {0} if won else ({1} if combat["kind"] == "siege" else set())
    combat["queue"] = [
        [side, index]
        for side in (0, 1)
        for index, unit in enumerate(combat["armies"][side])
        if pack.cards[unit["name"]].get("timing") == "end_of_combat" and side in winners
    ]
    next_end(state, pack, ctx)


def next_end(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if combat["queue"]:
        side, index = combat["queue"][0]
        ask(state, combat["seats"][side], "end_of_combat", side=side, card=combat["armies"][side][index]["name"])
        return
    finish_combat(state, pack, ctx)


def legal_end_of_combat(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "use"), Action(prompt.seat, prompt.id, "skip")]


def resolve_end_of_combat(
    state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]
) -> None:
    """„Ende des Kampfes“ (p. 14): optional, before wounded units are destroyed."""
    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    if action not in legal:
        raise IllegalAction(N_("Use the End-of-combat ability or skip it."), rule="p. 14 (Ende des Kampfes)", alternatives=legal)
    state.close(prompt.id)
    side, index = combat["queue"].pop(0)
    name = combat["armies"][side][index]["name"]
    if action.choice == "use":
        ctx.emit("ability_used", seat=action.seat, card=name, target=None)
        draw(board, action.seat, int(pack.cards[name].get("amount", 1)), ctx)
    else:
        ctx.emit("ability_skipped", seat=action.seat, card=name)
    next_end(state, pack, ctx)


def finish_combat(state: GameState, pack: Pack, ctx: Context) -> None:
    """p. 10/12 „Ende des Kampfes“: wounded units destroyed, survivors to their owners' discard
    piles; then what the combat won or lost."""
    from engine.runeage.events import after_combat

    board: RuneageBoard = state.board
    combat = board.combat
    assert combat is not None
    seat, target, result = combat["seats"][0], combat["target"], combat["result"]
    end_of_combat(board, pack, ctx)
    board.combat = None
    if combat["kind"] == "battle":
        _battle_result(state, pack, seat, target, result["won"], result["army"], ctx)
    else:
        _siege_result(state, pack, seat, combat["seats"][1], target, result["won"], result["army"] - result["strength"], ctx)
    if state.result is None:
        after_combat(state, pack, ctx)


def end_of_combat(board: RuneageBoard, pack: Pack, ctx: Context) -> None:
    combat = board.combat
    assert combat is not None
    for army in combat["armies"]:
        for unit in list(army):
            if unit["wounded"]:
                _destroy(board, pack, army, unit["name"], ctx, wounded=True)
        for unit in army:
            board.players[unit["owner"]].discard.append(unit["name"])
        army.clear()


def _battle_result(state: GameState, pack: Pack, seat: int, target: dict[str, Any], won: bool, army: int, ctx: Context) -> None:
    board: RuneageBoard = state.board
    player = board.players[seat]
    kind = target["type"]
    if kind == "effect":
        if not won:
            damage(state, pack, seat, int(target["strength"]) - army, ctx, by=None, cause=target["name"])
        return
    if not won:
        return
    if kind == "stronghold":
        player.strongholds_left.remove(target["name"])
        player.strongholds.append({"name": target["name"], "ready": True})
        count(board, "strongholds_taken")
        ctx.emit("stronghold_taken", seat=seat, card=target["name"])
    elif kind == "city":
        board.cities.remove(target["name"])
        player.cities.append({"name": target["name"], "ready": True})
        count(board, "cities_captured")
        ctx.emit("city_taken", seat=seat, city=target["name"], loser=None, ready=True)
    elif kind == "objective":
        count(board, "objective_defeated")
        ctx.emit("enemy_defeated", seat=seat, card=target["name"], reward=False)
        finish(state, ctx, [seat], "objective_defeated")
    else:
        board.enemies.remove(target["name"])
        reward = bool(pack.cards[target["name"]].get("reward"))
        if reward:
            player.rewards.append({"name": target["name"], "ready": True})
            count(board, "rewards_gained")
        else:
            board.event_discard.append(target["name"])
        count(board, "enemies_defeated")
        ctx.emit("enemy_defeated", seat=seat, card=target["name"], reward=reward)


def _siege_result(
    state: GameState, pack: Pack, seat: int, other: int, target: dict[str, Any], won: bool, margin: int, ctx: Context
) -> None:
    board: RuneageBoard = state.board
    if not won:
        return
    if target["type"] == "realm":
        damage(state, pack, other, margin, ctx, by=seat, cause="siege")
        return
    loser = board.players[other]
    record = next(c for c in loser.cities if c["name"] == target["name"])
    loser.cities.remove(record)
    ready = board.scenario != "weltenbrand"  # p. 16: exhausted in Weltenbrand, ready elsewhere (p. 12)
    board.players[seat].cities.append({"name": target["name"], "ready": ready})
    count(board, "cities_captured")
    count(board, "cities_lost")
    ctx.emit("city_taken", seat=seat, city=target["name"], loser=other, ready=ready)


def resolve(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context, legal: list[Action]) -> None:
    kind = prompt.kind
    if kind == "muster":
        resolve_muster(state, pack, prompt, action, ctx, legal)
    elif kind == "ability":
        resolve_ability(state, pack, prompt, action, ctx, legal)
    elif kind == "roll":
        resolve_roll(state, pack, prompt, action, ctx, legal)
    elif kind == "casualty":
        resolve_casualty(state, pack, prompt, action, ctx, legal)
    elif kind == "resolution":
        resolve_resolution(state, pack, prompt, action, ctx, legal)
    elif kind == "resolution_order":
        resolve_resolution_order(state, pack, prompt, action, ctx, legal)
    elif kind == "end_of_combat":
        resolve_end_of_combat(state, pack, prompt, action, ctx, legal)
    else:
        raise InvalidAction(N_("unknown combat prompt '{kind}'", kind=kind))
