"""Choices every rule area shares: a rune of one's choice, limits (Wisdom for cards and runes,
the owner choosing what goes, also outside their turn) and injuries (the hero's owner flips a
healthy marker of their choice). Digest sections 3.5, 3.9, 12.3, 12.4, 12.10."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import (
    A,
    B,
    P,
    ask,
    discard_card,
    draw_cards,
    gain_rune,
    hand_limit,
    has_ability,
    kind,
    push,
    rune_count,
    task,
)
from engine.ragnarok.pack import ATTRS, RUNES


@task("choose_rune")
def _choose_rune(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    left = [r for r in RUNES if b.supply[r] > 0]
    if not left:
        ctx.emit("none_left", seat=t["seat"], what="rune")
    elif len(left) == 1:
        gain_rune(state, ctx, t["seat"], left[0], t["why"])
    else:
        ask(state, t["seat"], "take_rune", why=t["why"])


def _take_rune_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "rune", rune=r) for r in RUNES if B(state).supply[r] > 0]


@kind("take_rune", "digest 3.9: a rune of your choice from the general supply")(_take_rune_legal)
def _take_rune(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    gain_rune(state, ctx, prompt.seat, action.args["rune"], prompt.info.get("why", ""))


def over_limit(state: GameState, seat: int) -> tuple[bool, bool]:
    b = B(state)
    h = b.players[seat]
    limit = hand_limit(h)
    hunting = b.hunt is not None and b.hunt["hunter"] == seat
    return (not hunting and len(h.hand) > limit), rune_count(h) > limit


@task("limit")
def _limit(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    cards, runes = over_limit(state, t["seat"])
    if cards or runes:
        ask(state, t["seat"], "discard", cards=cards, runes=runes)


def _discard_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = B(state).players[prompt.seat]
    cards, runes = over_limit(state, prompt.seat)
    out = []
    if cards:
        out += [A(prompt, "card", card=c) for c in sorted(set(h.hand))]
    if runes:
        out += [A(prompt, "rune", rune=r) for r in RUNES if h.runes[r] > 0]
    return out


@kind("discard", "digest 3.5: over the Wisdom limit you discard cards or runes of your choice")(_discard_legal)
def _discard(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    h = b.players[prompt.seat]
    if action.choice == "card":
        discard_card(b, prompt.seat, action.args["card"])
        ctx.emit("card_discarded", seat=prompt.seat, card=action.args["card"])
    else:
        h.runes[action.args["rune"]] -= 1
        b.supply[action.args["rune"]] += 1
        ctx.emit("rune_discarded", seat=prompt.seat, rune=action.args["rune"])
    push(b, "limit", seat=prompt.seat)


@task("injury")
def _injury(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    h = b.players[t["seat"]]
    healthy = [a for a in ATTRS if a not in h.injured]
    if not healthy:
        ctx.emit("injury_ignored", seat=t["seat"])
        if b.hunt is not None and b.hunt["hunter"] == t["seat"] and not b.hunt.get("over"):
            b.hunt["over"] = "fail"  # 8.3 A: an injury with all three markers injured ends the hunt
        return
    if has_ability(state, h, "injury_draw") and b.hunt is not None and b.hunt["hunter"] == t["seat"]:
        draw_cards(state, ctx, t["seat"], 1, h.hero)
    if len(healthy) == 1:
        _flip(state, ctx, t["seat"], healthy[0])
    else:
        ask(state, t["seat"], "injury", why=t.get("why", ""))


def _flip(state: GameState, ctx: Context, seat: int, attr: str) -> None:
    B(state).players[seat].injured.append(attr)
    ctx.emit("injured", seat=seat, attr=attr)
    if attr == "wisdom":  # ruling R12: a Wisdom lowered below what you hold is a limit you discard down to
        push(B(state), "limit", seat=seat)


def _injury_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = B(state).players[prompt.seat]
    return [A(prompt, "flip", attr=a) for a in ATTRS if a not in h.injured]


@kind("injury", "digest 3.5: you flip a healthy attribute marker of your choice")(_injury_legal)
def _injury_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    _flip(state, ctx, prompt.seat, action.args["attr"])


def gain_rewards(state: GameState, ctx: Context, seat: int, ops: list[dict[str, Any]]) -> None:
    """God-card bonuses (5.1): rune, draw, heal and their combinations."""
    b = B(state)
    for op in ops:
        name, n = op["op"], int(op.get("n", 1))
        if name in ("rune", "rune_draw"):
            for _ in range(n):
                push(b, "choose_rune", seat=seat, why="god")
            if name == "rune_draw":
                draw_cards(state, ctx, seat, 1, "god")
        elif name == "draw":
            draw_cards(state, ctx, seat, n, "god")
        elif name in ("heal", "heal_draw", "heal_all_rune"):
            h = b.players[seat]
            if name == "heal_all_rune":
                for a in list(h.injured):
                    h.injured.remove(a)
                    ctx.emit("healed", seat=seat, attr=a)
                push(b, "choose_rune", seat=seat, why="god")
            elif h.injured:
                push(b, "heal_one", seat=seat)
            if name == "heal_draw":
                draw_cards(state, ctx, seat, 1, "god")


@task("heal_one")
def _heal_one(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    h = B(state).players[t["seat"]]
    if len(h.injured) == 1:
        a = h.injured[0]
        h.injured.remove(a)
        ctx.emit("healed", seat=t["seat"], attr=a)
    elif h.injured:
        ask(state, t["seat"], "heal")


def _heal_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "heal", attr=a) for a in B(state).players[prompt.seat].injured]


@kind("heal", "digest 3.5: healing flips an injured marker of your choice")(_heal_legal)
def _heal_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    h = B(state).players[prompt.seat]
    h.injured.remove(action.args["attr"])
    ctx.emit("healed", seat=prompt.seat, attr=action.args["attr"])


__all__ = ["gain_rewards", "over_limit", "P"]
