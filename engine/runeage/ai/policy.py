"""Rune Age AI policies from views only (the seat's own view and the public pack of cards).

``choose`` (the default, "heuristic") builds its deck with a plan: economy first (strongholds,
cities, 3-gold cards), then strength (the dearest units it can pay), then the scenario's goal:
the Objective in Drachenlords, sieges of the weakest realm in Runenkriege, surviving together in
Weltenbrand (it never besieges a fellow player there, plays Plünderung on the fellow player in
most danger who has had the turn, values Plünderung as a 3-gold card and keeps its strong
fighters for the event phase), the Monument in Das Monument (it keeps
gold cards with spare influence until the Monument is paid). ``random_choice`` answers uniformly.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import Action, Prompt
from engine.runeage.cards import Pack, pack_for

NEUTRAL_VALUE = {
    "Drache": 10,
    "Dämon": 7,
    "Hexenmeister": 6,
    "Blitzbeschwörung": 5,
    "Gedankenkontrolle": 4,
    "Schlachtruf": 4,
    "Gewaltmarsch": 4,
    "Naga": 4,
    "Mantikor": 3,
    "Plünderung": 3,
    "3 Gold": 7,
    "2 Gold": 4,
}
#: Plünderung in a co-operative Weltenbrand game with fellow players: worth a 3-gold card
COOP_PLUNDER_VALUE = 7
RUNE_VALUE = {"strength": 3, "gold": 2, "influence": 2, "draw": 1}


def random_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    return rng.choice(legal)


def _pack(pack: Any) -> Pack:
    return pack if isinstance(pack, Pack) else pack_for({})


def card_power(pack: Pack, name: str, vs_event: bool = True) -> int:
    """What a card adds to an army (its strength and the bonus its Resolution ability surely gives)."""
    card = pack.cards.get(name, {})
    power = int(card.get("strength", 0))
    effect = card.get("effect")
    if card.get("timing") == "resolution" and effect in ("strength", "discard_for_strength"):
        power += int(card.get("amount", 0))
    if effect == "strength_vs_event" and vs_event:
        power += int(card.get("amount", 0))
    return power


def hand_power(pack: Pack, hand: list[str], vs_event: bool = True) -> int:
    return sum(card_power(pack, c, vs_event) for c in hand if pack.is_fighter(c))


def choose(view: dict[str, Any], prompt: Prompt, legal: list[Action], rng: Random, *, pack: Any = None) -> Action:
    if len(legal) == 1:
        return legal[0]
    p = _pack(pack)
    handler = {
        "turn": _turn,
        "purchase": _purchase,
        "influence": _influence,
        "keep": _keep,
        "mind_control": _mind_control,
        "muster": _muster,
        "ability": _ability,
        "casualty": _casualty,
        "resolution": _resolution,
        "resolution_order": _resolution_order,
        "rune_choice": _rune_choice,
        "end_of_combat": _end_of_combat,
    }.get(prompt.kind)
    answer = handler(view, prompt, legal, p) if handler else None
    return answer if answer is not None else rng.choice(legal)


def _end_of_combat(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    return _first(legal, "use")[0]


def _first(legal: list[Action], choice: str) -> list[Action]:
    return [a for a in legal if a.choice == choice]


def _me(view: dict[str, Any]) -> dict[str, Any]:
    me: dict[str, Any] = view["players"][view["seat"]]
    return me


def _rune_strength(view: dict[str, Any], pack: Pack) -> int:
    rune = _me(view).get("rune")
    if rune and rune["ready"] and pack.cards[rune["name"]]["rune_kind"] == "strength":
        return int(pack.cards[rune["name"]]["amount"])
    return 0


def _target_strength(view: dict[str, Any], pack: Pack, target: str) -> tuple[int, int]:
    if target == "stronghold":
        return 2, 0
    if target in view["cities"]:
        return int(pack.cards[target]["strength"]), 0
    if target == view["objective"]:
        s = pack.scenarios[view["scenario"]]
        return int(s["objective_strength"]), int(s["objective_dice"])
    card = pack.cards[target]
    return int(card["strength"]), int(card.get("dice", 0))


def _target_value(view: dict[str, Any], pack: Pack, target: str) -> float:
    me = _me(view)
    if target == view["objective"]:
        return 1000
    if target == "stronghold":
        return 6 if view["round"] < 12 else 2
    if target in view["cities"]:
        return 6 + 3 * int(pack.cards[target]["influence"])
    card = pack.cards[target]
    value = 5 + int(card.get("reward_amount", 0)) * 3
    if card.get("start_damage"):
        value += 6 * int(card["start_damage"])
    if view["scenario"] == "weltenbrand":
        value += 4
    return value - 0.1 * int(me["damage"])


def _turn(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    me, hand, scenario = _me(view), list(view["hand"]), view["scenario"]
    # 1. card actions that draw or build the deck
    for a in _first(legal, "action"):
        if "rune" in a.args:
            return a
        card = pack.cards[a.args["card"]]
        effect = card["effect"]
        if effect in ("draw", "raise_horde"):
            return a
        if effect == "player_draws":
            return _plunder_target(view, [x for x in _first(legal, "action") if x.args.get("card") == a.args["card"]], pack)
        if effect == "cull_discard" and a.args["choice"] in ("1 Gold",) + tuple(
            n for n in pack.cards if pack.cards[n].get("cost") == 1 and pack.is_unit(n)
        ):
            if len(me["discard"]) + me["deck_count"] > 12:
                return a
        if effect == "mind_control":
            victims = sorted(
                _first(legal, "action"),
                key=lambda x: (
                    -view["players"][x.args.get("player", 0)]["hand_count"] if x.args.get("card") == card["name"] else 0
                ),
            )
            return victims[0] if victims else a
    power = hand_power(pack, hand) + _rune_strength(view, pack)
    # 2. battles it can win, the most valuable first
    best, best_value = None, 0.0
    for a in _first(legal, "battle"):
        strength, dice = _target_strength(view, pack, a.args["target"])
        vs_event = a.args["target"] not in view["cities"] and a.args["target"] != "stronghold"
        if hand_power(pack, hand, vs_event) + _rune_strength(view, pack) >= strength + dice:
            value = _target_value(view, pack, a.args["target"])
            if value > best_value:
                best, best_value = a, value
    if best is not None:
        return best
    # 3. sieges: Runenkriege's goal; never a fellow player in Weltenbrand
    if scenario != "weltenbrand":
        sieges = _first(legal, "siege")
        if scenario == "runenkriege":
            realms = [a for a in sieges if a.args["target"] == "realm"]
            if realms and power >= 5:
                return max(
                    realms,
                    key=lambda a: (view["players"][a.args["player"]]["damage"], -view["players"][a.args["player"]]["hand_count"]),
                )
        cities = [a for a in sieges if a.args["target"] != "realm"]
        for a in cities:
            if power >= int(pack.cards[a.args["target"]]["defense"]) + 7:
                return a
    # 4. purchase with gold; 5. influence; then end
    gold_in_hand = sum(int(c.split()[0]) for c in hand if c.endswith(" Gold"))
    if _first(legal, "gold"):
        if scenario == "monument" and me["monument"] and not me["monument_built"]:
            cost = int(pack.cards[me["monument"]]["cost"])
            source_gold = sum(_gold_of(pack, r) for r in me["rewards"] + ([me["rune"]] if me["rune"] else []) if r["ready"])
            keepers = sum(_influence_of(pack, r) for r in me["strongholds"] + me["cities"] + me["rewards"] if r["ready"])
            if gold_in_hand + source_gold < cost and gold_in_hand >= 5 and keepers >= 2:
                return next(iter(_first(legal, "end")), None)
        return _first(legal, "gold")[0]
    if _first(legal, "influence"):
        return _first(legal, "influence")[0]
    return next(iter(_first(legal, "end")), None)


def danger(view: dict[str, Any], pack: Pack, seat: int) -> int:
    """How close a realm is to falling: its damage and the strikes of the enemies in play that
    will hit it at the next event phase (p. 9: start-of-phase abilities)."""
    player = view["players"][seat]
    if player["eliminated"]:
        return -1
    strikes = 0
    for enemy in view["enemies"]:
        card = pack.cards.get(enemy, {})
        if card.get("start_target") == "each" or seat == view["start"]:
            strikes += int(card.get("start_damage", 0))
    return int(player["damage"]) + strikes


def played_this_round(view: dict[str, Any]) -> list[int]:
    """The seats that have taken their turn this round, before the one acting (clockwise from the start player)."""
    n, start, me = len(view["players"]), int(view["start"]), int(view["seat"])
    order = [(start + i) % n for i in range(n)]
    return [s for s in order[: order.index(me)] if not view["players"][s]["eliminated"]] if me in order else []


def _plunder_target(view: dict[str, Any], options: list[Action], pack: Pack | None = None) -> Action:
    """Plünderung (the rulebook's tip, p. 16: played on a fellow player in Weltenbrand): the fellow
    player in most danger among those who have had their turn this round draws (the two cards stay
    in the hand that meets the event phase), unless the AI itself is in more danger. Elsewhere, and
    when no fellow player has had the turn, the AI itself."""
    me = view["seat"]
    own = next((a for a in options if a.args["player"] == me), options[0])
    if view["scenario"] != "weltenbrand":
        return own
    p = _pack(pack)
    done = set(played_this_round(view))
    allies = [a for a in options if a.args["player"] in done]
    if not allies:
        return own
    best = max(allies, key=lambda a: (danger(view, p, a.args["player"]), -a.args["player"]))
    return own if danger(view, p, me) > danger(view, p, best.args["player"]) else best


def _gold_of(pack: Pack, record: dict[str, Any]) -> int:
    card = pack.cards.get(record["name"], {})
    if card.get("reward") == "gold" or card.get("rune_kind") == "gold":
        return int(card.get("reward_amount", card.get("amount", 0)))
    return 0


def _influence_of(pack: Pack, record: dict[str, Any]) -> int:
    card = pack.cards.get(record["name"], {})
    if card.get("kind") in ("stronghold", "city"):
        return int(card.get("influence", 0))
    if card.get("reward") == "influence" or card.get("rune_kind") == "influence":
        return int(card.get("reward_amount", card.get("amount", 0)))
    return 0


def _purchase(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    if _first(legal, "gold"):
        return _first(legal, "gold")[0]
    me = _me(view)
    buys = _first(legal, "buy")
    for a in buys:
        if pack.cards[a.args["card"]]["kind"] == "monument":
            return a
    owned = len(me["strongholds"])
    for a in buys:
        if pack.cards[a.args["card"]]["kind"] == "stronghold" and owned < 3 and view["round"] < 15:
            return a
    units = [a for a in buys if pack.cards[a.args["card"]]["kind"] == "unit"]
    dear = [a for a in units if int(pack.cards[a.args["card"]]["cost"]) >= 2]
    if dear:
        return max(dear, key=lambda a: (int(pack.cards[a.args["card"]]["cost"]), card_power(pack, a.args["card"])))
    if units and view["scenario"] in ("drachenlords", "weltenbrand") and me["deck_count"] + len(me["discard"]) < 20:
        return units[0]  # many cheap units to lose to casualties (p. 15 tip)
    return next(iter(_first(legal, "done")), None)


def _influence(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    if _first(legal, "exhaust"):
        return _first(legal, "exhaust")[0]
    buys = [a for a in _first(legal, "acquire") if NEUTRAL_VALUE.get(a.args["card"], 0) > 0]
    if view["scenario"] == "monument":
        golds = [a for a in buys if a.args["card"].endswith("Gold")]
        if golds:
            return max(golds, key=lambda a: NEUTRAL_VALUE[a.args["card"]])
    if buys:
        value = dict(NEUTRAL_VALUE)
        if view["scenario"] == "weltenbrand" and len(view["players"]) > 1:
            value["Plünderung"] = COOP_PLUNDER_VALUE  # two cards for a fellow player in danger (p. 16 tip)
        return max(buys, key=lambda a: (value[a.args["card"]], int(pack.cards[a.args["card"]]["cost"])))
    return next(iter(_first(legal, "done")), None)


def _keep(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    me = _me(view)
    keeps = _first(legal, "keep")
    want: list[Action] = []
    if view["scenario"] == "monument" and me["monument"] and not me["monument_built"]:
        want = sorted((a for a in keeps if a.args["card"].endswith("Gold")), key=lambda a: -int(a.args["card"].split()[0]))
    elif view["scenario"] in ("drachenlords", "weltenbrand"):
        # Weltenbrand: every realm meets the event phase with the hand it keeps (p. 9), and one
        # fallen realm loses the game for all (p. 16): keep the strong fighters
        want = sorted(
            (a for a in keeps if card_power(pack, a.args["card"]) >= 3), key=lambda a: -card_power(pack, a.args["card"])
        )
    if want:
        return want[0]
    if _first(legal, "exhaust") and view["scenario"] in ("monument", "drachenlords", "weltenbrand"):
        hand = list(view["hand"])
        useful = [c for c in hand if (c.endswith("Gold") and view["scenario"] == "monument") or card_power(pack, c) >= 3]
        if len(useful) > int(view["step"].get("kept", 0)):
            return _first(legal, "exhaust")[0]
    return next(iter(_first(legal, "done")), None)


def _mind_control(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    return max(legal, key=lambda a: NEUTRAL_VALUE.get(a.args["card"], 0) + card_power(pack, a.args["card"]))


def _muster(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    combat = view["combat"]
    side = int(prompt.info.get("side", 0))
    plays = _first(legal, "play")
    runes = _first(legal, "rune")
    target = combat["target"]
    own_turn = combat["kind"] == "battle" and target["type"] != "effect"
    vs_event = target["type"] in ("enemy", "objective", "effect")
    if own_turn:
        bonus = sum(card_power(pack, u["name"], vs_event) - pack.strength(u["name"]) for u in combat["armies"][0])
        need = int(target["strength"]) + int(target.get("dice", 0))
        if combat["totals"][0] + bonus >= need:
            return next(iter(_first(legal, "pass")), None)
    if not plays and runes:
        return runes[0]
    fighters = [a for a in plays if card_power(pack, a.args["card"], vs_event) > 0 or pack.cards[a.args["card"]].get("effect")]
    if fighters:
        return max(fighters, key=lambda a: card_power(pack, a.args["card"], vs_event))
    if runes:
        return runes[0]
    del side
    return next(iter(_first(legal, "pass")), None)


def _ability(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    uses = _first(legal, "use")
    if not uses:
        return None
    card = pack.cards[str(prompt.info.get("card"))]
    if card.get("effect") == "wound_own_draw":
        return min(uses, key=lambda a: (a.args["target"] != "Berserker", pack.strength(a.args["target"])))
    return max(uses, key=lambda a: pack.strength(str(a.args.get("target", ""))))


def _casualty(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    return min(legal, key=lambda a: (not a.args["wounded"], card_power(pack, a.args["card"])))


def _resolution(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    uses = _first(legal, "use")
    cheap = [a for a in uses if not pack.is_fighter(a.args["discard"]) or card_power(pack, a.args["discard"]) <= 1]
    return (
        min(cheap, key=lambda a: card_power(pack, a.args["discard"]) + (2 if a.args["discard"].endswith("Gold") else 0))
        if cheap
        else None
    )


def _resolution_order(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    """The ability worth most first, so a short hand pays for it (p. 10: the player orders them)."""
    return max(legal, key=lambda a: int(pack.cards[str(a.args["card"])].get("amount", 0)))


def _rune_choice(view: dict[str, Any], prompt: Prompt, legal: list[Action], pack: Pack) -> Action | None:
    return max(
        legal, key=lambda a: (RUNE_VALUE[pack.cards[a.args["rune"]]["rune_kind"]], int(pack.cards[a.args["rune"]]["amount"]))
    )
