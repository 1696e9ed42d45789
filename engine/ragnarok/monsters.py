"""Monsters outside hunts (digest 7.1-7.4, 7.8): activation (move or area attack), the monster die
for neutral monsters run by the active player, controlled ones run by their controller, stomps,
area attacks, and the boss's activation (Loki)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import A, B, P, S, armies_at, ask, change_army, heroes_at, injure, kind, push, push_all, task


@task("activate")
def _activate(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    m = t["monster"]
    st = b.monsters[m]
    if st["status"] != "board":
        return
    decider = st["ctrl"] if st["ctrl"] >= 0 else t["decider"]
    ctx.emit("monster_activated", monster=m, seat=decider, controlled=st["ctrl"] >= 0)
    face = "choice"
    if st["ctrl"] < 0:
        face = P(state).die[ctx.rng.below(len(P(state).die))]
        ctx.emit("die_rolled", monster=m, face=face)
    if face == "area":
        push(b, "area_attack", monster=m, decider=decider)
        return
    ask(state, decider, "monster_act", monster=m, face=face, neutral=st["ctrl"] < 0)


def _act_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    m = prompt.info["monster"]
    at = b.monsters[m]["at"]
    out = [A(prompt, "move", to=k) for k in S(state).adj[at]]
    if prompt.info["face"] == "choice":
        out.append(A(prompt, "area"))
    return out


@kind("monster_act", "digest 7.1-7.2: an activated monster moves 1 territory or makes its area attack, as the die allows")(
    _act_legal
)
def _act(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    m = prompt.info["monster"]
    if action.choice == "area":
        push(b, "area_attack", monster=m, decider=prompt.seat)
        return
    to = action.args["to"]
    b.monsters[m]["at"] = to
    ctx.emit("monster_moved", monster=m, territory=to)
    if armies_at(b, to):
        push(b, "stomp", monster=m, decider=prompt.seat, territory=to, neutral=bool(prompt.info["neutral"]))


@task("stomp")
def _stomp(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    here = armies_at(b, t["territory"])
    if len(here) == 1 and t["neutral"]:
        seat, i = here[0]
        ctx.emit("stomped", monster=t["monster"], seat=seat, territory=t["territory"])
        change_army(state, ctx, seat, i, -1, "stomp")
    elif here:
        ask(state, t["decider"], "stomp", monster=t["monster"], territory=t["territory"], neutral=t["neutral"])


def _stomp_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    out = [
        A(prompt, "army", owner=s, army=i, strength=b.players[s].armies[i][1]) for s, i in armies_at(b, prompt.info["territory"])
    ]
    return out + ([] if prompt.info["neutral"] else [A(prompt, "none")])


@kind("stomp", "digest 7.3: a monster moving in stomps 1 army (the mover picks; a controlled monster may spare them)")(
    _stomp_legal
)
def _stomp_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.choice == "none":
        ctx.emit("stomp_spared", monster=prompt.info["monster"], territory=prompt.info["territory"])
        return
    ctx.emit("stomped", monster=prompt.info["monster"], seat=action.args["owner"], territory=prompt.info["territory"])
    change_army(state, ctx, action.args["owner"], action.args["army"], -1, "stomp")


@task("area_attack")
def _area(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """The area attack printed on the monster's board (7.1: its controller resolves all of it)."""
    b, side = B(state), S(state)
    m = t["monster"]
    at = b.monsters[m]["at"]
    what = P(state).monsters[m]["area"]
    ctx.emit("area_attack", monster=m, territory=at)
    if what == "armies_here":
        for seat, i in armies_at(b, at):
            change_army(state, ctx, seat, i, -1, "area")
    elif what == "armies_adjacent":
        push_all(b, [("area_target", {"monster": m, "decider": t["decider"], "territory": k}) for k in side.adj[at]])
    elif what == "heroes_here":
        for seat in heroes_at(b, at):
            injure(b, seat, 1, "area")


@task("area_target")
def _area_target(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """One territory of an area attack "next to the monster": 1 army there loses 1 strength (ruling R18);
    with more than one army there the decider (controller, else the active player, digest 7.2) picks it."""
    b = B(state)
    here = armies_at(b, t["territory"])
    if len(here) == 1:
        seat, i = here[0]
        change_army(state, ctx, seat, i, -1, "area")
    elif here:
        ask(state, t["decider"], "area_target", monster=t["monster"], territory=t["territory"])


def _area_target_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    return [
        A(prompt, "army", owner=s, army=i, strength=b.players[s].armies[i][1]) for s, i in armies_at(b, prompt.info["territory"])
    ]


@kind(
    "area_target",
    "digest 7.2 (Gebietsangriff): any decision the area attack needs is made by the active player or the controller",
)(_area_target_legal)
def _area_target_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    change_army(state, ctx, action.args["owner"], action.args["army"], -1, "area")


@task("boss_activate")
def _boss_activate(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    if b.boss["defeated"] >= 0:
        return
    ctx.emit("boss_activated", seat=t["decider"])
    ask(state, t["decider"], "boss_move")


def _boss_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "move", to=k) for k in S(state).adj[B(state).boss["at"]]]


@kind("boss_move", "Loki's board (house): Loki moves to an adjacent territory, every hero there takes 1 injury")(_boss_legal)
def _boss_move(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    b.boss["at"] = action.args["to"]
    ctx.emit("boss_moved", territory=action.args["to"])
    for seat in heroes_at(b, action.args["to"]):
        injure(b, seat, 1, "loki")


__all__ = ["push_all"]
