"""AI seats for Lords of Ragnarok, from views only and deterministic per seed.

``choose`` scores every legal answer with a few plain heuristics (hold the territories next to
Yggdrasil that decide Ragnarok, take neutral land the armies can hold, fight battles that can be
won, end the game by Build Monument when ahead) and picks the best, ties broken by the seat's
random generator; ``random_choice`` picks uniformly."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import Action, Prompt
from engine.ragnarok.pack import RUNES, Pack, pack_for


def random_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)


class Look:
    """What the policy reads off a view."""

    def __init__(self, view: dict[str, Any], seat: int, pack: Pack):
        self.v, self.seat, self.pack = view, seat, pack
        self.side = pack.sides[view["side"]]
        self.me = view["players"][seat]
        self.terr = {t["number"]: t for t in view["territories"]}
        self.mine_at: dict[int, int] = {}
        self.enemy_at: dict[int, int] = {}
        for p in view["players"]:
            for at, s in p["armies"]:
                if at:
                    book = self.mine_at if p["seat"] == seat else self.enemy_at
                    book[at] = book.get(at, 0) + s

    def ygg(self, t: int) -> bool:
        return bool(self.terr[t]["yggdrasil"])

    def ctrl(self, t: int) -> int:
        return int(self.terr[t]["controller"])

    def score(self, seat: int) -> int:
        return sum(1 for t in self.terr.values() if t["yggdrasil"] and t["controller"] == seat)

    def leading(self) -> bool:
        mine = self.score(self.seat)
        return all(mine > self.score(p["seat"]) for p in self.v["players"] if p["seat"] != self.seat)

    def worth(self, t: int) -> float:
        """How much holding ``t`` is worth to us."""
        w = 1.0 + (3.0 if self.ygg(t) else 0.0)
        if self.ctrl(t) == self.seat:
            w -= 0.8
        sym = self.side.symbols[t]
        w += 0.5 * ("shrine" in sym) + 0.5 * ("settlement" in sym) + 0.7 * ("monument" in sym)
        return w

    def army_move(self, i: int, to: int) -> float:
        at, s = self.me["armies"][i]
        enemy = self.enemy_at.get(to, 0)
        mine = self.mine_at.get(to, 0) + s
        value = 0.0
        if enemy:
            value += self.worth(to) + 2 if mine > enemy + 1 else -4.0
        elif self.ctrl(to) == self.seat:
            value += 0.2 if self.ygg(to) else -0.3
        elif self.ctrl(to) >= 0 or mine >= self.terr[to]["population"]:
            value += self.worth(to) + 1.5
        else:
            value += 0.3 * self.worth(to)
        # leaving a held territory empty invites others in
        if self.mine_at.get(at, 0) == s and self.ygg(at) and self.ctrl(at) == self.seat:
            value -= 1.5
        return value


def _cards(look: Look, hand: list[str]) -> list[tuple[int, str]]:
    return sorted(((look.pack.combat[c]["value"], c) for c in hand), reverse=True)


def choose(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    if len(legal) == 1:
        return legal[0]
    look = Look(view, prompt.seat, pack if isinstance(pack, Pack) else pack_for({}))
    scorer = SCORERS.get(prompt.kind)
    if scorer is None:
        return rng.choice(legal)
    best, best_score = legal[0], float("-inf")
    for action in legal:
        value = scorer(look, prompt, action) + rng.random() * 0.01
        if value > best_score:
            best, best_score = action, value
    return best


def _special(look: Look, prompt: Prompt, a: Action) -> float:
    c = a.choice
    me = look.me
    authority = me["effective"]["authority"]
    if c == "recruit":
        t = a.args["at"]
        enemy = look.enemy_at.get(t, 0)
        if enemy and enemy >= authority + look.mine_at.get(t, 0):
            return -2
        return 4 + look.worth(t) + (1 if authority + look.mine_at.get(t, 0) >= look.terr[t]["population"] else 0)
    if c == "seize":
        return 6 + look.worth(me["hero_at"])
    if c == "mobilize":
        return 3 + sum(1 for i, (at, _) in enumerate(me["armies"]) if at and look.ygg(at) is False) * 0.5
    if c == "temple":
        return 6.5
    if c == "monument":
        return 9 if look.leading() else 0.5
    if c == "prepare":
        return 3
    if c == "activate":
        return 1
    if c == "hunt":
        if a.args["target"] == "loki":
            return 12
        st = look.v["monsters"][a.args["target"]]
        free = sum(1 for w in st["wounds"] if w < 0)
        cards = me["hand_count"] + me["effective"]["might"]
        need = 1 if len(look.v["players"]) == 2 else 2
        toward_boss = 2.5 if len(me["trophies"]) + me["slayers"] < need else 0
        return float(2.5 + toward_boss + (cards + 3 - free) * 1.1 + (3 if st["ctrl"] not in (-1, look.seat) else 0))
    return 0


def _hero(look: Look, prompt: Prompt, a: Action) -> float:
    me = look.me
    if a.choice == "move":
        t = a.args["to"]
        bonus = 0.0
        if look.ctrl(t) != look.seat and me["effective"]["might"] >= (
            look.terr[t]["population"] if look.ctrl(t) < 0 else look.enemy_at.get(t, 0)
        ):
            bonus += look.worth(t)
        if look.terr[t]["forge_rune"]:
            bonus += 1
        hunters = me["hand_count"] + me["effective"]["might"]
        for st in look.v["monsters"].values():
            if st["status"] == "board" and st["at"] == t and hunters >= sum(1 for w in st["wounds"] if w < 0) + 1:
                bonus += 2.5
        if (
            look.v["boss"]["at"] == t
            and look.v["boss"]["defeated"] < 0
            and len(me["trophies"]) + me["slayers"] >= (1 if len(look.v["players"]) == 2 else 2)
        ):
            bonus += 6
        return bonus
    if a.choice == "heal":
        return 2.5
    if a.choice == "sail":
        return 0.3
    return 0.5


def _prayer(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "priest":
        return {"odin": 3, "thor": 2.5, "freya": 2}[a.args["god"]]
    return 2 if a.choice == "forge" else 0


def _rune(look: Look, prompt: Prompt, a: Action) -> float:
    c = a.choice
    me = look.me
    if c == "army_plus":
        at, s = me["armies"][a.args["army"]]
        return 2 + (2 if look.ygg(at) else 0) + (2 if look.enemy_at.get(at) else 0)
    if c == "attribute":  # worth most while the hero is weak; a strong hero draws cards instead
        weak = min(me["effective"].values()) < 4
        return (3.5 if a.args["attr"] != "wisdom" else 3) if weak else 2
    if c == "draw2":
        return 4 if me["hand_count"] <= 1 else 2.5
    if c == "activate":  # a monster of mine on the move: about an army's worth
        return 2.1 if look.v["monsters"][a.args["monster"]]["ctrl"] == look.seat else 0.2
    if c == "draw1":
        return 3 if me["hand_count"] == 0 else 1.2
    if c == "place_hero":
        t = a.args["to"]
        boss = look.v["boss"]
        need = 1 if len(look.v["players"]) == 2 else 2
        ready = len(me["trophies"]) + me["slayers"] >= need and look.seat not in look.v["wheel"]["monster"]
        if boss["at"] == t and boss["defeated"] < 0 and ready:
            return 8
        seizable = look.ctrl(t) != look.seat and me["effective"]["might"] >= (
            look.terr[t]["population"] if look.ctrl(t) < 0 else 99
        )
        return (
            (1 + look.worth(t))
            if seizable and look.v["wheel"].get("seize") is not None and look.seat not in look.v["wheel"]["seize"]
            else -1
        )
    return {
        "ally": 2.5,
        "control": 1,
        "boss": 1.0,
        "priest": 2,
        "heal": 2,
        "skip": 0.8,
    }.get(c, 0)


def _manoeuvre(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "move":
        return look.army_move(a.args["army"], a.args["to"])
    if a.choice == "reinforce":
        at = look.me["armies"][a.args["army"]][0]
        return 1.5 + (1 if look.ygg(at) else 0)
    if a.choice == "recruit":
        return 3 + look.worth(a.args["at"])
    if a.choice == "done":
        return 0.4
    return 0


def _battle(look: Look, prompt: Prompt, a: Action) -> float:
    b = look.v["battle"] or {}
    at = b.get("territory")
    mine = look.mine_at.get(int(at or 0), 0)
    theirs = look.enemy_at.get(int(at or 0), 0)
    side = "d" if b.get("defender") == look.seat else "a"
    other = "a" if side == "d" else "d"
    combat = look.pack.combat
    my_cards = sum(combat[c]["value"] for c in b.get("played", {}).get(side, [])) + b.get("bonus", {}).get(side, 0)
    their_cards = sum(combat[c]["value"] for c in b.get("played", {}).get(other, [])) + b.get("bonus", {}).get(other, 0)
    gap = (theirs + their_cards) - (mine + my_cards) + (1 if side == "a" else 0)
    if a.choice == "pass":
        return 1 if gap <= -3 or gap > 6 else 0
    if a.choice == "artifact":
        return 2 if 0 <= gap <= 3 else -1
    v = combat[a.args["card"]]["value"]
    return (1.5 + v * 0.3 - combat[a.args["card"]]["casualties"] * 0.5) if -3 < gap <= 6 else -0.5


def _hunt_defend(look: Look, prompt: Prompt, a: Action) -> float:
    hunt = look.v["hunt"] or {}
    card = look.pack.attacks.get(prompt.info.get("card", ""), {"rage": 99})
    played = sum(look.pack.combat[c]["value"] for c in hunt.get("defence", []))
    shield = any(look.pack.combat[c]["shield"] for c in hunt.get("defence", [])) or hunt.get("shielded")
    held = shield or played >= card["rage"]
    if hunt.get("target") == "loki" and len(look.me["injured"]) < 2:  # keep the cards for Loki's pairs
        if a.choice == "done":
            return 3
        return 2.5 if a.choice == "play" and look.pack.combat[a.args["card"]]["shield"] and not held else -1
    if a.choice == "done":
        return 1 if held else 0.5
    if a.choice == "artifact":
        return -1 if held else 2
    c = look.pack.combat[a.args["card"]]
    if held:
        return -1
    return float(1 + (2 if c["shield"] else 0) + c["value"] * 0.2)


def _hunt_wound(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "wound":
        return float(3 - look.pack.combat[a.args["card"]]["value"] * 0.1)
    return 0


def _hunt_attack(look: Look, prompt: Prompt, a: Action) -> float:
    card = look.pack.attacks[a.args["card"]]
    return float(card["rage"] + (3 if card["effect"] == "end" else 0))


def _discard(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "card":
        return float(-look.pack.combat[a.args["card"]]["value"])
    return float(look.me["runes"][a.args["rune"]] - 3)


def _take_rune(look: Look, prompt: Prompt, a: Action) -> float:
    return float(-look.me["runes"][a.args["rune"]] - RUNES.index(a.args["rune"]) * 0.01)


def _injury(look: Look, prompt: Prompt, a: Action) -> float:
    return float(-look.me["attrs"][a.args["attr"]])


def _army_pick(look: Look, prompt: Prompt, a: Action) -> float:
    """Casualties: take them from the strongest army (none is destroyed)."""
    return float(a.args.get("strength", 0))


def _stomp(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "none":
        return 5
    own = a.args["owner"] == look.seat
    return float((-10 if own else 0) - a.args["strength"])


def _retreat(look: Look, prompt: Prompt, a: Action) -> float:
    return look.worth(a.args["territory"])


def _monster_act(look: Look, prompt: Prompt, a: Action) -> float:
    if a.choice == "area":
        return 0.5
    t = a.args["to"]
    return look.enemy_at.get(t, 0) - 2 * look.mine_at.get(t, 0)


def _bonus(look: Look, prompt: Prompt, a: Action) -> float:
    c = a.choice
    if c == "skip":
        return 0
    if c == "army":
        at = look.me["armies"][a.args["army"]][0]
        return 2 + (1 if look.ygg(at) else 0)
    if c == "recruit":
        return 2 + look.worth(a.args["at"])
    if c == "heal":
        return 2
    if c == "place_hero":
        return 0.1
    return 0.5


def _prepare(look: Look, prompt: Prompt, a: Action) -> float:
    return float(
        {"heal": 2.5, "army": 2.2, "draw": 1.5, "rune": 1.6}.get(a.choice, 0)
        - (look.me["runes"].get(a.args.get("rune", ""), 0) * 0.2)
    )


def _start(look: Look, prompt: Prompt, a: Action) -> float:
    t = a.args["territory"]
    side = look.side
    return (
        (2 if look.terr[t]["population"] <= 2 else 0)
        + sum(1 for u in side.adj[t] if side.ygg[u])
        + ("settlement" in side.symbols[t])
    )


def _simple(values: dict[str, float]) -> Any:
    return lambda look, prompt, a: values.get(a.choice, 0)


SCORERS = {
    "special": _special,
    "hero": _hero,
    "prayer": _prayer,
    "rune": _rune,
    "manoeuvre": _manoeuvre,
    "mobilize": _manoeuvre,
    "battle": _battle,
    "hunt_defend": _hunt_defend,
    "hunt_wound": _hunt_wound,
    "hunt_attack": _hunt_attack,
    "discard": _discard,
    "hunt_discard": _discard,
    "take_rune": _take_rune,
    "injury": _injury,
    "casualties": _army_pick,
    "stomp": _stomp,
    "area_target": _stomp,
    "hunt_effect": _simple({"use": 1}),
    "retreat": _retreat,
    "monster_act": _monster_act,
    "bonus": _bonus,
    "prepare": _prepare,
    "start_place": _start,
    "seize_recruit": _simple({"recruit": 1}),
    "activate_pick": _simple({"done": 1}),
    "reward": lambda look, prompt, a: 1 if a.choice != "skip" else 0,
    "pay": lambda look, prompt, a: sum(look.me["runes"][r] for r in a.args["runes"].split("+")),
}
