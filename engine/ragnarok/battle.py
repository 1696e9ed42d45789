"""Battles (digest 9): combat cards played in alternation from the defender or passing, battle
artifacts exhausted by either side until the battle's last pass (also after their owner passed,
ruling R27), battle effects, the battle value, the loser's casualties and retreat to an adjacent controlled
territory chosen by its owner, the winner's card casualties, control. Retreats (3.10) also serve
Seize (6.6)."""

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
    colours_at,
    draw_cards,
    has_ability,
    has_blessing,
    kind,
    move_adjacent,
    push,
    push_all,
    strength,
    take_control,
    task,
)


@task("battle")
def _battle(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    at = t["territory"]
    cols = colours_at(b, at)
    if len(cols) < 2:
        return
    if b.control[at] in cols:
        defender = b.control[at]
    elif b.active in cols:
        defender = next(c for c in cols if c != b.active)
    else:
        defender = cols[0]
    attacker = next(c for c in cols if c != defender)
    b.battle = {
        "territory": at,
        "attacker": attacker,
        "defender": defender,
        "passed": [],
        "quiet": 0,
        "played": {"a": [], "d": []},
        "bonus": {"a": 0, "d": 0},
        "to": defender,
    }
    ctx.emit("battle_begins", territory=at, attacker=attacker, defender=defender)
    ask(state, defender, "battle")


def _side(bt: dict[str, Any], seat: int) -> str:
    return "d" if seat == bt["defender"] else "a"


def casualty_symbols(state: GameState, cards: list[str]) -> int:
    combat = P(state).combat
    return sum(combat[c]["casualties"] for c in cards)


def _battle_artifacts(state: GameState, seat: int) -> list[str]:
    """The seat's charged artifacts whose card's moment is a battle (house text: "Exhaust in a battle")."""
    arts = P(state).artifacts
    return [a for a, charged in sorted(B(state).players[seat].artifacts.items()) if charged and arts[a]["use"] == "battle_plus2"]


def _can_act(state: GameState, seat: int) -> bool:
    """Whether the seat still has something to do in the battle: cards until it passes, a battle
    artifact until the battle's end (p. 12: passing ends only the seat's combat cards; R27)."""
    bt = B(state).battle
    assert bt is not None
    return seat not in bt["passed"] or bool(_battle_artifacts(state, seat))


def _battle_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    bt = b.battle
    assert bt is not None
    seat = prompt.seat
    h = b.players[seat]
    combat = P(state).combat
    out: list[Action] = []
    if seat not in bt["passed"]:  # "Wenn du passt, darfst du in dieser Schlacht keine Kampfkarten mehr ausspielen."
        own = strength(b, seat, bt["territory"])
        used = casualty_symbols(state, bt["played"][_side(bt, seat)])
        out = [A(prompt, "play", card=c) for c in sorted(set(h.hand)) if used + combat[c]["casualties"] <= own]
    out += [A(prompt, "artifact", artifact=a) for a in _battle_artifacts(state, seat)]
    return out + [A(prompt, "pass")]


@kind("battle", "digest 9 step 1: play 1 combat card (casualty symbols up to your army strength) or pass")(_battle_legal)
def _battle_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    bt = b.battle
    assert bt is not None
    seat = prompt.seat
    side = _side(bt, seat)
    other = bt["attacker"] if seat == bt["defender"] else bt["defender"]
    if action.choice == "pass":
        bt["quiet"] += 1
        if seat not in bt["passed"]:
            bt["passed"].append(seat)
            ctx.emit("battle_pass", seat=seat)
        # the battle's cards end when both have passed and neither has acted since its last pass:
        # two passes in a row, or a pass the other side cannot answer (R27)
        # (either way both have passed: the other side cannot act only once it has passed)
        if bt["quiet"] >= 2 or not _can_act(state, other):
            push(b, "battle_end")
        else:
            push(b, "battle_ask", seat=other)
        return
    bt["quiet"] = 0
    if action.choice == "artifact":
        b.players[seat].artifacts[action.args["artifact"]] = False
        bt["bonus"][side] += 2
        ctx.emit("artifact_used", seat=seat, artifact=action.args["artifact"])
        # exhausting an artifact is neither a card nor a pass (rulebook p. 12, Artefakte): the same
        # seat answers again (a seat that passed before may exhaust another or stay passed)
        push(b, "battle_ask", seat=seat)
        return
    card = action.args["card"]
    b.players[seat].hand.remove(card)
    bt["played"][side].append(card)
    ctx.emit("battle_card", seat=seat, card=card)
    effect = P(state).combat[card]["battle"]
    if effect == "draw":
        draw_cards(state, ctx, seat, 1, "battle")
    elif effect == "fortify" or (effect == "defend" and side == "d"):
        bt["bonus"][side] += 1
    # alternate; a side that has passed is asked only while it holds a battle artifact (R27)
    push(b, "battle_ask", seat=other if _can_act(state, other) else seat)


@task("battle_ask")
def _battle_ask(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    bt = B(state).battle
    assert bt is not None
    if t["seat"] in bt["passed"]:  # only a battle artifact is left to it (R27)
        ask(state, t["seat"], "battle", passed=True)
    else:
        ask(state, t["seat"], "battle")


def battle_value(state: GameState, seat: int) -> int:
    b = B(state)
    bt = b.battle
    assert bt is not None
    side = _side(bt, seat)
    combat = P(state).combat
    h = b.players[seat]
    value = int(strength(b, seat, bt["territory"]) + sum(combat[c]["value"] for c in bt["played"][side]) + bt["bonus"][side])
    if has_blessing(state, h, "defend_plus" if side == "d" else "attack_plus"):
        value += 1
    land = S(state).land_of
    if has_ability(state, h, "battle_in_land") and h.at and land[h.at] == land[bt["territory"]]:
        value += 1
    return value


@task("battle_end")
def _battle_end(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    bt = b.battle
    assert bt is not None
    at = bt["territory"]
    att, dfn = bt["attacker"], bt["defender"]
    va, vd = battle_value(state, att), battle_value(state, dfn)
    winner, loser = (att, dfn) if va > vd else (dfn, att)
    bt["winner"], bt["loser"] = winner, loser
    ctx.emit(
        "battle_won",
        territory=at,
        winner=winner,
        loser=loser,
        winner_value=va if winner == att else vd,
        loser_value=vd if winner == att else va,
    )
    # 3. each of the loser's armies loses 1, then the loser's card casualties
    for seat, i in armies_at(b, at):
        if seat == loser:
            change_army(state, ctx, seat, i, -1, "defeat")
    lose_cards = bt["played"]["d" if loser == dfn else "a"]
    win_cards = bt["played"]["d" if winner == dfn else "a"]
    push_all(
        b,
        [
            ("casualties", {"seat": loser, "n": casualty_symbols(state, lose_cards)}),
            ("retreat", {"seat": loser, "territory": at, "why": "battle"}),
            ("casualties", {"seat": winner, "n": casualty_symbols(state, win_cards)}),
            ("battle_finish", {}),
        ],
    )


@task("casualties")
def _casualties(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    bt = b.battle
    assert bt is not None
    seat, n = t["seat"], t["n"]
    mine = [i for s, i in armies_at(b, bt["territory"]) if s == seat]
    if n <= 0 or not mine:
        return
    total = sum(b.players[seat].armies[i][1] for i in mine)
    if n >= total:  # more casualties than strength: all destroyed, the excess ignored
        for i in mine:
            change_army(state, ctx, seat, i, -6, "casualties")
        return
    if len(mine) == 1:
        change_army(state, ctx, seat, mine[0], -n, "casualties")
        return
    ask(state, seat, "casualties", left=n)


def _cas_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    bt = b.battle
    assert bt is not None
    return [
        A(prompt, "army", army=i, strength=b.players[prompt.seat].armies[i][1])
        for s, i in armies_at(b, bt["territory"])
        if s == prompt.seat
    ]


@kind("casualties", "digest 9 steps 3 and 5: you spread your card casualties over your armies there")(_cas_legal)
def _cas_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    change_army(state, ctx, prompt.seat, action.args["army"], -1, "casualties")
    left = int(prompt.info["left"]) - 1
    if left > 0:
        push(B(state), "casualties", seat=prompt.seat, n=left)


def retreat_spots(state: GameState, seat: int, at: int) -> list[int]:
    """An adjacent territory the owner controls (the drakkar bridge counts), not the one left (3.10)."""
    b = B(state)
    return [t for t in move_adjacent(state, seat, at) if b.control[t] == seat]


@task("retreat")
def _retreat(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    seat, at = t["seat"], t["territory"]
    mine = [i for s, i in armies_at(b, at) if s == seat]
    if not mine:
        return
    spots = retreat_spots(state, seat, at)
    if not spots:
        for i in mine:
            b.players[seat].armies[i] = [0, 0]
        ctx.emit("army_destroyed", seat=seat, territory=at, why="no_retreat")
        return
    if len(spots) == 1:
        _move_all(state, ctx, seat, at, spots[0])
        return
    ask(state, seat, "retreat", territory=at)


def _move_all(state: GameState, ctx: Context, seat: int, at: int, to: int) -> None:
    h = B(state).players[seat]
    for arm in h.armies:
        if arm[0] == at:
            arm[0] = to
    ctx.emit("retreated", seat=seat, territory=at, dest=to)


def _retreat_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "to", territory=k) for k in retreat_spots(state, prompt.seat, prompt.info["territory"])]


@kind("retreat", "digest 3.10, 9 step 4: all your armies go to the same adjacent territory you control")(_retreat_legal)
def _retreat_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    _move_all(state, ctx, prompt.seat, prompt.info["territory"], action.args["territory"])


@task("battle_finish")
def _battle_finish(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    bt = b.battle
    assert bt is not None
    at, winner = bt["territory"], bt["winner"]
    b.decks["combat_discard"] += bt["played"]["a"] + bt["played"]["d"]
    b.battle = None
    h = b.players[winner]
    mine = [i for s, i in armies_at(b, at) if s == winner]
    if has_ability(state, h, "win_plus") and mine:
        change_army(state, ctx, winner, mine[0], 1, h.hero)
    pop = 0 if b.control[at] >= 0 else S(state).pop[at]
    if mine and strength(b, winner, at) >= pop and len(colours_at(b, at)) == 1:
        take_control(state, ctx, winner, at, "battle")
