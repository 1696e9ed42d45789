"""Hunts (digest 8, 7.6, 7.8): the monster player (controller, else the player to the hunter's
right), secret hands on both sides, monster rounds with rage and weak spot, the hero's defence
and draws, wound spaces and their four rewards, failure (1 injury), slayer markers, monster
artifacts, and the boss (two weapon symbols per wound, recovery after a failed hunt)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Context, GameState, Prompt
from engine.ragnarok.core import (
    A,
    B,
    P,
    ask,
    change_army,
    discard_card,
    draw_cards,
    effective,
    gain_priest,
    has_ability,
    has_blessing,
    injure,
    kind,
    on_board,
    push,
    push_all,
    task,
)
from engine.ragnarok.turn import ally


def wounds_of(state: GameState, target: str) -> tuple[list[Any], list[int]]:
    """(the board's wound spaces, their markers) of a monster or the boss."""
    b, pack = B(state), P(state)
    if target == "loki":
        return pack.boss["wounds"], b.boss["wounds"]
    return [w["weapon"] for w in pack.monsters[target]["wounds"]], b.monsters[target]["wounds"]


@task("hunt_start")
def _start(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    hunter, target = t["hunter"], t["target"]
    h = b.players[hunter]
    ctrl = -1 if target == "loki" else b.monsters[target]["ctrl"]
    mp = ctrl if ctrl >= 0 and ctrl != hunter else (hunter - 1) % state.seat_count
    deck = list(P(state).attacks)  # all 14 reshuffled before every hunt (3.13)
    ctx.rng.shuffle(deck)
    b.decks["attack"], b.decks["attack_discard"] = deck, []
    b.hunt = {
        "hunter": hunter,
        "target": target,
        "mp": mp,
        "hand": [],
        "card": "",
        "defence": [],
        "round_wounds": 0,
        "over": "",
        "shielded": False,
    }
    ctx.emit("hunt_started", seat=hunter, target=target, monster_player=mp)
    draws = (
        effective(h, "might")
        + (1 if has_ability(state, h, "hunt_draw") else 0)
        + (1 if has_blessing(state, h, "hunt_draw") else 0)
    )
    draw_cards(state, ctx, hunter, draws, "hunt")
    _monster_draws(state, ctx, 2)
    push(b, "hunt_round")


def _monster_draws(state: GameState, ctx: Context, n: int) -> None:
    b = B(state)
    hunt = b.hunt
    assert hunt is not None
    got = [b.decks["attack"].pop() for _ in range(min(n, len(b.decks["attack"])))]
    hunt["hand"] += got
    if got:
        ctx.emit("monster_drew", count=len(got), seat=hunt["mp"])
        ctx.emit("your_attack_cards", to=hunt["mp"], cards=got)


@task("hunt_round")
def _round(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    hunt = b.hunt
    assert hunt is not None
    if hunt["over"]:
        push(b, "hunt_end")
        return
    if not b.decks["attack"] or not hunt["hand"]:  # 8.2 step 1: an empty attack deck ends the hunt
        hunt["over"] = "fail"
        ctx.emit("hunt_deck_empty", seat=hunt["hunter"])
        push(b, "hunt_end")
        return
    hunt["round_wounds"] = 0
    ask(state, hunt["mp"], "hunt_attack")


def _attack_legal(state: GameState, prompt: Prompt) -> list[Action]:
    hunt = B(state).hunt or {"hand": []}
    return [A(prompt, "attack", card=c) for c in sorted(set(hunt["hand"]))]


@kind("hunt_attack", "digest 8.2 step 2: the monster player plays 1 attack card from the monster's hand")(_attack_legal)
def _attack(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    hunt = b.hunt
    assert hunt is not None
    card = action.args["card"]
    hunt["hand"].remove(card)
    b.decks["attack_discard"] += hunt["hand"]  # the rest of the hand is discarded
    if hunt["hand"]:
        ctx.emit("attack_cards_discarded", cards=sorted(hunt["hand"]))
    hunt["hand"] = []
    hunt["card"], hunt["defence"], hunt["shielded"] = card, [], False
    ctx.emit("attack_played", seat=prompt.seat, card=card)
    ask(state, hunt["hunter"], "hunt_defend", card=card)


def _defend_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    h = b.players[prompt.seat]
    arts = P(state).artifacts
    out = [A(prompt, "play", card=c) for c in sorted(set(h.hand))]
    out += [A(prompt, "artifact", artifact=a) for a, ok in sorted(h.artifacts.items()) if ok and arts[a]["use"] == "hunt_shield"]
    return out + [A(prompt, "done")]


@kind("hunt_defend", "digest 8.2 step 3: defend with any number of combat cards (rage value or a shield)")(_defend_legal)
def _defend(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b, pack = B(state), P(state)
    hunt = b.hunt
    assert hunt is not None
    seat = prompt.seat
    h = b.players[seat]
    if action.choice == "play":
        h.hand.remove(action.args["card"])
        hunt["defence"].append(action.args["card"])
        ctx.emit("defence_card", seat=seat, card=action.args["card"])
        ask(state, seat, "hunt_defend", card=prompt.info["card"])
        return
    if action.choice == "artifact":
        h.artifacts[action.args["artifact"]] = False
        hunt["shielded"] = True
        ctx.emit("artifact_used", seat=seat, artifact=action.args["artifact"])
        ask(state, seat, "hunt_defend", card=prompt.info["card"])
        return
    attack = pack.attacks[hunt["card"]]
    total = sum(pack.combat[c]["value"] for c in hunt["defence"])
    shield = hunt["shielded"] or any(pack.combat[c]["shield"] for c in hunt["defence"])
    held = total >= attack["rage"] or (shield and not attack["unblockable"])
    ctx.emit("defence_result", seat=seat, card=hunt["card"], total=total, success=held)
    tasks: list[tuple[str, dict[str, Any]]] = []
    if not held:
        effect = attack["effect"]
        if effect == "special":
            special = pack.monsters[hunt["target"]]["special"] if hunt["target"] != "loki" else "injury2"
            effect = {"injury2": "injury2", "discard2": "discard2"}[special]
            ctx.emit("special_attack", target=hunt["target"])
        if effect.startswith("injury"):
            tasks += [("injury", {"seat": seat, "why": "attack"})] * int(effect[-1])
        elif effect.startswith("discard"):
            tasks += [("hunt_discard", {"seat": seat})] * int(effect[-1])
        elif effect == "end":
            hunt["over"] = "fail"
            ctx.emit("hunt_ended_by_attack", seat=seat)
    tasks.append(("hunt_after_defence", {}))
    push_all(b, tasks)


@task("hunt_discard")
def _hunt_discard(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    if B(state).players[t["seat"]].hand:
        ask(state, t["seat"], "hunt_discard")


def _hd_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "card", card=c) for c in sorted(set(B(state).players[prompt.seat].hand))]


@kind("hunt_discard", "the attack's effect (house card): discard a combat card of your choice")(_hd_legal)
def _hd(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b = B(state)
    discard_card(b, prompt.seat, action.args["card"])
    ctx.emit("card_discarded", seat=prompt.seat, card=action.args["card"])


@task("hunt_after_defence")
def _after(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """Steps 5-7: the hunter draws 1 (+1 on the weak spot), the monster refills, then the hero round."""
    b, pack = B(state), P(state)
    hunt = b.hunt
    assert hunt is not None
    seat = hunt["hunter"]
    h = b.players[seat]
    attack = pack.attacks[hunt["card"]]
    draw_cards(state, ctx, seat, 1, "hunt")
    spot = (
        effective(h, "wisdom")
        + sum(pack.combat[c]["value"] for c in hunt["defence"])
        + (2 if has_blessing(state, h, "weak_spot") else 0)
    )
    if spot >= attack["weak_spot"]:
        ctx.emit("weak_spot", seat=seat, total=spot)
        draw_cards(state, ctx, seat, 1, "weak_spot")
    _monster_draws(state, ctx, attack["draw"])
    b.decks["attack_discard"].append(hunt["card"])
    b.decks["combat_discard"] += hunt["defence"]
    hunt["card"], hunt["defence"] = "", []
    push(b, "hunt_hero")


@task("hunt_hero")
def _hero_round(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b = B(state)
    hunt = b.hunt
    assert hunt is not None
    if hunt["over"]:
        push(b, "hunt_end")
        return
    ask(state, hunt["hunter"], "hunt_wound")


def _wound_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b, pack = B(state), P(state)
    hunt = b.hunt
    assert hunt is not None
    hand = sorted(set(b.players[prompt.seat].hand))
    spaces, marks = wounds_of(state, hunt["target"])
    out = []
    weapon = {c: pack.combat[c]["weapon"] for c in hand}
    for k, need in enumerate(spaces):
        if marks[k] >= 0:
            continue
        if isinstance(need, list):
            for c1 in hand:
                for c2 in hand:
                    if c1 < c2 and sorted([weapon[c1], weapon[c2]]) == sorted(need):
                        out.append(A(prompt, "wound", card=c1, card2=c2, space=k + 1))
        else:
            out += [A(prompt, "wound", card=c, space=k + 1) for c in hand if weapon[c] == need]
    return out + [A(prompt, "stop" if hunt["round_wounds"] else "give_up")]


@kind("hunt_wound", "digest 8.4: play combat cards matching free wound spaces; a round without a wound ends the hunt")(
    _wound_legal
)
def _wound(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    b, pack = B(state), P(state)
    hunt = b.hunt
    assert hunt is not None
    seat = prompt.seat
    h = b.players[seat]
    if action.choice == "give_up":
        hunt["over"] = "fail"
        ctx.emit("hunt_given_up", seat=seat)
        push(b, "hunt_end")
        return
    if action.choice == "stop":
        push(b, "hunt_round")
        return
    cards = [action.args["card"]] + ([action.args["card2"]] if "card2" in action.args else [])
    k = action.args["space"] - 1
    _, marks = wounds_of(state, hunt["target"])
    for c in cards:
        h.hand.remove(c)
        b.decks["combat_discard"].append(c)
    marks[k] = seat
    hunt["round_wounds"] += 1
    ctx.emit("wound_dealt", seat=seat, target=hunt["target"], space=k + 1, cards=cards)
    tasks: list[tuple[str, dict[str, Any]]] = []
    for c in cards:  # the hunt effect: the hunter may use it or not (ruling R9)
        if pack.combat[c]["hunt"] in ("draw", "heal"):
            tasks.append(("hunt_effect", {"seat": seat, "card": c}))
    if hunt["target"] != "loki":
        reward = pack.monsters[hunt["target"]]["wounds"][k]["reward"]
        if reward:
            ctx.emit("reward_gained", seat=seat, reward=reward)
            if reward == "priest":
                gain_priest(state, ctx, seat, "reward")
            elif reward == "rune":
                tasks.append(("choose_rune", {"seat": seat, "why": "reward"}))
            elif reward in ("realm", "army"):
                tasks.append(("reward", {"seat": seat, "reward": reward}))
    if all(m >= 0 for m in marks):
        hunt["over"] = "win"
        tasks.append(("hunt_end", {}))
    else:
        tasks.append(("hunt_hero", {}))
    push_all(b, tasks)


@task("hunt_effect")
def _hunt_effect(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    """A wound card's hunt effect is offered, not forced (ruling R9); a heal with no injury offers nothing."""
    effect = P(state).combat[t["card"]]["hunt"]
    if effect == "heal" and not B(state).players[t["seat"]].injured:
        return
    ask(state, t["seat"], "hunt_effect", card=t["card"], effect=effect)


def _effect_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [A(prompt, "use", card=prompt.info["card"], effect=prompt.info["effect"]), A(prompt, "skip")]


@kind("hunt_effect", "digest 8.4, 14 #19 (kannst du ihren Jagdeffekt abhandeln): the hunter may use a wound card's hunt effect")(
    _effect_legal
)
def _effect_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    seat = prompt.seat
    if action.choice == "skip":
        ctx.emit("hunt_effect_skipped", seat=seat, card=prompt.info["card"])
    elif prompt.info["effect"] == "draw":
        draw_cards(state, ctx, seat, 1, "hunt_effect")
    else:
        push(B(state), "heal_one", seat=seat)


@task("reward")
def _reward(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    prompt = Prompt("probe", t["seat"], "reward", info={"reward": t["reward"]})
    if len(_reward_legal(state, prompt)) > 1:
        ask(state, t["seat"], "reward", reward=t["reward"])


def _reward_legal(state: GameState, prompt: Prompt) -> list[Action]:
    b = B(state)
    seat = prompt.seat
    if prompt.info["reward"] == "realm":
        out = [A(prompt, "realm", realm=r) for r in sorted(b.realms) if seat not in b.realms[r]]
    else:
        h = b.players[seat]
        out = [
            A(prompt, "army", army=i, strength=h.armies[i][1], territory=h.armies[i][0])
            for i in on_board(h)
            if h.armies[i][1] < 6
        ]
    return out + [A(prompt, "skip")]


@kind("reward", "digest 8.5: Realm (a marker on a realm without yours) or Army +1 (any of your armies)")(_reward_legal)
def _reward_answer(state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.choice == "realm":
        ally(state, ctx, prompt.seat, action.args["realm"])
    elif action.choice == "army":
        change_army(state, ctx, prompt.seat, action.args["army"], 1, "reward")


@task("hunt_end")
def _end(state: GameState, ctx: Context, t: dict[str, Any]) -> None:
    b, pack = B(state), P(state)
    hunt = b.hunt
    if hunt is None:
        return
    seat, target = hunt["hunter"], hunt["target"]
    won = hunt["over"] == "win"
    b.decks["attack_discard"] += hunt["hand"]
    b.decks["combat_discard"] += hunt["defence"]
    b.hunt = None
    ctx.emit("hunt_over", seat=seat, target=target, success=won)
    if target == "loki":
        if won:
            b.boss["defeated"] = seat
            b.winner_reason = "fearless_slayer"
        else:
            b.boss["wounds"] = [-1] * len(b.boss["wounds"])
            ctx.emit("boss_recovers")
    else:
        st = b.monsters[target]
        spaces = pack.monsters[target]["wounds"]
        plain = [k for k, w in enumerate(spaces) if not w["reward"]]
        if st["artifact"] < 0 and all(st["wounds"][k] >= 0 for k in plain):
            art = next(a for a, rec in pack.monster_artifacts.items() if rec["monster"] == target)
            st["artifact"] = seat
            b.players[seat].artifacts[art] = True
            ctx.emit("artifact_gained", seat=seat, artifact=art, previous=None)
        if won:
            defeat(state, ctx, target, seat)
    if not won:
        injure(b, seat, 1, "hunt_failed")
    push(b, "limit", seat=seat)


def defeat(state: GameState, ctx: Context, m: str, seat: int) -> None:
    """The last wound covered (7.6): the miniature to that hero, slayer markers to heroes with 4+ markers there."""
    b = B(state)
    st = b.monsters[m]
    b.players[seat].trophies.append(m)
    ctx.emit("monster_defeated", seat=seat, monster=m)
    for other in b.players:
        if other.seat != seat and st["wounds"].count(other.seat) >= 4:
            if b.supply["slayers"] > 0:
                b.supply["slayers"] -= 1
                other.slayers += 1
                ctx.emit("slayer_marker", seat=other.seat, monster=m)
    if st["ctrl"] >= 0:
        b.players[st["ctrl"]].rings.remove(m)
    st.update(status="defeated", at=0, ctrl=-1, wounds=[-1] * len(st["wounds"]))
