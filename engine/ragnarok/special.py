"""The mandatory special action on the action wheel (digest 5.5, 6): legality, stacking, no
field with one's own marker, the cover rune, the alliance bonus clockwise from the left with
the active player last, and the seven actions (Build Monument with its six steps)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import (
    A,
    B,
    P,
    S,
    activation_ok,
    ask,
    change_army,
    choose_rune,
    colours_at,
    defeated_count,
    draw_cards,
    effective,
    gain_priest,
    heroes_at,
    kind,
    loki_at,
    monsters_at,
    on_board,
    order_from_left,
    place_army,
    push,
    push_all,
    recruit_strength,
    seas_within,
    strength,
    take_control,
    task,
)
from engine.ragnarok.pack import RUNES
from engine.ragnarok.turn import activate_army, activation_answers, can_reinforce, recruit_spots


def boss_ready(state: GameState, seat: int) -> bool:
    """The boss may be hunted after 2 defeated monsters (1 with 2 players), slayer markers counting (1.2)."""
    need = 1 if state.seat_count == 2 else 2
    return defeated_count(B(state).players[seat]) >= need


def seize_ok(state: GameState, seat: int) -> bool:
    """Seize (6.6): your hero's territory, no other hero there, not yours already, the Might check."""
    b, side = B(state), S(state)
    h = b.players[seat]
    t = h.at
    if not t or heroes_at(b, t) != [seat] or b.control[t] == seat:
        return False
    might = effective(h, "might") + (1 if _bless(state, h, "seize_might") else 0)
    if b.control[t] < 0:
        return might >= side.pop[t]
    owner = b.control[t]
    held = strength(b, owner, t)
    return held == 0 or might >= held


def _bless(state: GameState, h: Any, effect: str) -> bool:
    from engine.ragnarok.core import has_blessing

    return has_blessing(state, h, effect)


def temple_spots(state: GameState, seat: int) -> list[int]:
    b, side = B(state), S(state)
    if b.temple_card["taken"] >= b.temple_card["spaces"]:
        return []
    return [t for t in range(1, b.n + 1) if b.control[t] == seat and side.has(t, "shrine") and not b.temples[t]]


def _special_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    seat = prompt.seat
    h = b.players[seat]
    free = {f for f, stack in b.wheel.items() if seat not in stack}
    out: list[Action] = []
    if "recruit" in free and any(not at for at, _ in h.armies):
        out += [A(prompt, "recruit", at=t) for t in recruit_spots(state, seat)]
    if "mobilize" in free and on_board(h):
        out.append(A(prompt, "mobilize"))
    if "prepare" in free:
        out.append(A(prompt, "prepare"))
    if "temple" in free:
        out += [A(prompt, "temple", at=t) for t in temple_spots(state, seat)]
    if "monster" in free:
        if any(activation_ok(b, m, seat) for m in b.monsters):
            out.append(A(prompt, "activate"))
        out += [A(prompt, "hunt", target=m) for m in monsters_at(b, h.at)]
        if loki_at(b) == h.at and b.boss["defeated"] < 0 and boss_ready(state, seat):
            out.append(A(prompt, "hunt", target="loki"))
    if "seize" in free and seize_ok(state, seat):
        out.append(A(prompt, "seize"))
    if any(seat in stack for stack in b.wheel.values()):
        out += [A(prompt, "monument", god=g) for g, m in b.monuments.items() if m["level"] < 3]
    return out or [A(prompt, "pass")]


@task("special")
def _special(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    ask(state, t["seat"], "special")


FIELD = {
    "recruit": "recruit",
    "mobilize": "mobilize",
    "prepare": "prepare",
    "temple": "temple",
    "activate": "monster",
    "hunt": "monster",
    "seize": "seize",
}


@kind("special", "digest 5.5: choose 1 special action you can resolve, on a field without your own marker")(_special_legal)
def _special_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b, pack = B(state), P(state)
    seat = prompt.seat
    c = action.choice
    if c == "pass":
        ctx.emit("no_special_action", seat=seat)
        return
    ctx.emit(
        "special_chosen", seat=seat, action=FIELD.get(c, c), target=action.args.get("target") or action.args.get("god") or ""
    )
    push(b, "do_" + c, seat=seat, **dict(action.args))
    if c == "monument":
        return
    f = FIELD[c]
    stack = b.wheel[f]
    tasks: list[tuple[str, dict[str, Any]]] = []
    if stack:  # the cover reward (5.5): the owner of the covered marker takes 1 rune of their choice
        covered = stack[-1]
        ctx.emit("marker_covered", seat=seat, covered=covered, field=f)
        tasks.append(("choose_rune", {"seat": covered, "why": "cover"}))
    else:
        realm = pack.wheel(b.side)[f]["realm"]
        allied = [s for s in order_from_left(seat, state.seat_count) if s in b.realms.get(realm, [])]
        if allied:
            ctx.emit("alliance_bonus", field=f, realm=realm, seats=allied)
        tasks += [("bonus", {"seat": s, "realm": realm}) for s in allied]
    stack.append(seat)
    push_all(b, tasks)


# ---------------------------------------------------------------------------------- realm bonus


@task("bonus")
def _bonus(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    tile = P(state).realm_tiles(state.seat_count)[t["realm"]]
    if tile["bonus"] == "draw":
        draw_cards(state, ctx, t["seat"], 1, "realm")
        return
    if tile["bonus"] == "rune":
        choose_rune(b, t["seat"], "realm")
        return
    ask(state, t["seat"], "bonus", realm=t["realm"])


def _bonus_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    seat = prompt.seat
    h = b.players[seat]
    tile = P(state).realm_tiles(state.seat_count)[prompt.info["realm"]]
    out = []
    kind_ = tile["bonus"]
    if kind_ == "army_plus":
        cap = int(tile.get("cap", 6))
        out = [A(prompt, "army", army=i) for i in on_board(h) if h.armies[i][1] < cap]
    elif kind_ == "hero_place_or_heal":
        out = [A(prompt, "place_hero", to=k) for k in range(1, b.n + 1) if k != h.at]
        out += [A(prompt, "heal", attr=a) for a in h.injured]
    elif kind_ == "sail_or_place":
        out = [A(prompt, "sail", to=s) for s in seas_within(state, h.drakkar, int(tile.get("sail", 3)))]
        own = [k for k in range(1, b.n + 1) if b.control[k] == seat and k != loki_at(b)]
        out += [A(prompt, "place_army", army=i, to=k) for i in on_board(h) for k in own if k != h.armies[i][0]]
    elif kind_ == "recruit_one" and any(not at for at, _ in h.armies):
        out = [A(prompt, "recruit", at=k) for k in range(1, b.n + 1) if b.control[k] == seat and k != loki_at(b)]
    return out + [A(prompt, "skip")]


@kind("bonus", "digest 3.4, 5.5: the allied realm's bonus, yours to use or leave")(_bonus_legal)
def _bonus_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    seat = prompt.seat
    h = b.players[seat]
    c = action.choice
    if c == "army":
        change_army(state, ctx, seat, action.args["army"], 1, "realm")
    elif c == "place_hero":
        h.at = action.args["to"]
        ctx.emit("hero_placed", seat=seat, territory=h.at)
    elif c == "heal":
        h.injured.remove(action.args["attr"])
        ctx.emit("healed", seat=seat, attr=action.args["attr"])
    elif c == "sail":
        h.drakkar = action.args["to"]
        ctx.emit("drakkar_moved", seat=seat, sea=h.drakkar)
    elif c == "place_army":
        h.armies[action.args["army"]][0] = action.args["to"]
        ctx.emit("army_placed", seat=seat, territory=action.args["to"])
    elif c == "recruit":
        place_army(state, ctx, seat, action.args["at"], 1, "realm")


# ---------------------------------------------------------------------------------- A-F


@task("do_recruit")
def _do_recruit(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    h = B(state).players[t["seat"]]
    place_army(state, ctx, t["seat"], t["at"], recruit_strength(state, h))


@task("do_mobilize")
def _do_mobilize(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    b.flags.setdefault("mobilized", [])
    ask(state, t["seat"], "mobilize")


def _mobilize_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    done = b.flags.get("mobilized", [])
    armies = [i for i in on_board(b.players[prompt.seat]) if i not in done]
    out = activation_answers(state, prompt, armies)
    return out + ([A(prompt, "done")] if done or not out else [])


@kind("mobilize", "digest 6.2: activate any number (at least 1) of your armies, each once")(_mobilize_legal)
def _mobilize(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    if action.choice == "done":
        return  # the step's checks take control, then fight every battle in the order the active player picks
    b.flags["mobilized"].append(action.args["army"])
    activate_army(state, ctx, prompt.seat, action)
    ask(state, prompt.seat, "mobilize")


@task("do_prepare")
def _do_prepare(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    push_all(B(state), [("prepare_one", {"seat": t["seat"], "n": 1}), ("prepare_one", {"seat": t["seat"], "n": 2})])


@task("prepare_one")
def _prepare_one(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    ask(state, t["seat"], "prepare", n=t["n"])


def _prepare_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    h = b.players[prompt.seat]
    out = [A(prompt, "heal", attr=a) for a in h.injured]
    if b.decks["combat"] or b.decks["combat_discard"]:
        out.append(A(prompt, "draw"))
    out += [A(prompt, "rune", rune=r) for r in RUNES if b.supply[r] > 0]
    out += [A(prompt, "army", army=i) for i in on_board(h) if can_reinforce(state, prompt.seat, i)]
    return out or [A(prompt, "skip")]


@kind("prepare", "digest 6.3: two of heal 1, draw 1, a rune of your choice, +1 to an army in your settlement")(_prepare_legal)
def _prepare(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    from engine.ragnarok.core import gain_rune

    seat = prompt.seat
    c = action.choice
    if c == "heal":
        B(state).players[seat].injured.remove(action.args["attr"])
        ctx.emit("healed", seat=seat, attr=action.args["attr"])
    elif c == "draw":
        draw_cards(state, ctx, seat, 1, "prepare")
    elif c == "rune":
        gain_rune(state, ctx, seat, action.args["rune"], "prepare")
    elif c == "army":
        change_army(state, ctx, seat, action.args["army"], 1, "prepare")


@task("do_temple")
def _do_temple(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """Build Temple (6.4): the lowest covered space, +1 priest, a blessing draft if 'Segnung' shows."""
    b = B(state)
    seat, at = t["seat"], t["at"]
    card = b.temple_card
    card["taken"] += 1
    b.temples[at] = True
    ctx.emit("temple_built", seat=seat, territory=at, space=card["taken"])
    gain_priest(state, ctx, seat, "temple")
    if card["taken"] in card["blessing_after"]:
        push(b, "draft_start", seat=seat)


@task("draft_start")
def _draft_start(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    n = state.seat_count
    offer = []
    for _ in range(n + 1):
        if not b.decks["blessing"] and b.decks["blessing_discard"]:
            b.decks["blessing"], b.decks["blessing_discard"] = b.decks["blessing_discard"], []
            ctx.rng.shuffle(b.decks["blessing"])
            ctx.emit("deck_reshuffled", deck="blessing")
        if b.decks["blessing"]:
            offer.append(b.decks["blessing"].pop())
    order = [(t["seat"] - k) % n for k in range(n)]  # counter-clockwise from the builder
    b.draft = {"offer": offer, "order": order}
    ctx.emit("draft_offered", seat=t["seat"], cards=list(offer))
    push(b, "draft_next")


@task("draft_next")
def _draft_next(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    d = b.draft
    if d is None:
        return
    if d["order"] and d["offer"]:
        ask(state, d["order"][0], "draft")
        return
    b.decks["blessing_discard"] += d["offer"]
    if d["offer"]:
        ctx.emit("draft_leftover", cards=list(d["offer"]))
    b.draft = None


def _draft_legal(state: GameState, prompt: Prompt) -> list[Action]:
    d = B(state).draft or {"offer": []}
    return [A(prompt, "pick", card=c) for c in sorted(set(d["offer"]))]


@kind("draft", "digest 6.4: pick 1 of the face-up blessings, counter-clockwise from the temple's builder")(_draft_legal)
def _draft(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    d = b.draft
    assert d is not None
    card = action.args["card"]
    d["offer"].remove(card)
    d["order"].pop(0)
    b.players[prompt.seat].blessings.append(card)
    ctx.emit("blessing_drafted", seat=prompt.seat, card=card)
    push(b, "draft_next")


@task("do_activate")
def _do_activate(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    B(state).flags["activated"] = []
    ask(state, t["seat"], "activate_pick")


def _activate_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    done = b.flags.get("activated", [])
    out = [A(prompt, "monster", monster=m) for m in sorted(b.monsters) if m not in done and activation_ok(b, m, prompt.seat)]
    return out + ([A(prompt, "done")] if done or not out else [])


@kind("activate_pick", "digest 6.5: activate 1 or 2 different monsters, neutral or your own")(_activate_legal)
def _activate_pick(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    if action.choice == "done":
        return
    done = b.flags["activated"]
    done.append(action.args["monster"])
    tasks: list[tuple[str, dict[str, Any]]] = [("activate", {"monster": action.args["monster"], "decider": prompt.seat})]
    if len(done) < 2:
        tasks.append(("ask_again", {"seat": prompt.seat, "kind": "activate_pick"}))
    push_all(b, tasks)


@task("ask_again")
def _ask_again(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    if t["kind"] == "activate_pick" and not any(
        m not in b.flags.get("activated", []) and activation_ok(b, m, t["seat"]) for m in b.monsters
    ):
        return
    ask(state, t["seat"], t["kind"])


@task("do_hunt")
def _do_hunt(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    push(B(state), "hunt_start", hunter=t["seat"], target=t["target"])


@task("do_seize")
def _do_seize(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """Seize (6.6): other colours' armies retreat, you take control and may recruit 1 army there."""
    b = B(state)
    seat = t["seat"]
    at = b.players[seat].at
    tasks: list[tuple[str, dict[str, Any]]] = []
    for c in colours_at(b, at):
        if c != seat:
            tasks.append(("retreat", {"seat": c, "territory": at, "why": "seize"}))
    tasks.append(("seize_finish", {"seat": seat, "territory": at}))
    push_all(b, tasks)


@task("seize_finish")
def _seize_finish(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    take_control(state, ctx, t["seat"], t["territory"], "seize")
    h = b.players[t["seat"]]
    if any(not at for at, _ in h.armies) and t["territory"] != loki_at(b):
        ask(state, t["seat"], "seize_recruit", territory=t["territory"])


def _seize_recruit_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "recruit"), A(prompt, "skip")]


@kind("seize_recruit", "digest 6.6: after seizing you may recruit 1 army there")(_seize_recruit_legal)
def _seize_recruit(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.choice == "recruit":
        h = B(state).players[prompt.seat]
        place_army(state, ctx, prompt.seat, prompt.info["territory"], recruit_strength(state, h))


@task("do_monument")
def _do_monument(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    from engine.ragnarok.ending import build_monument

    build_monument(state, ctx, t["seat"], t["god"])


__all__ = ["boss_ready", "seize_ok", "temple_spots", "heroes_at"]
