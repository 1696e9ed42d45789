"""Scenario positions for Lords of Ragnarok (docs/scenarios.md): a turn of one seat started at a
given step, with the pieces described directly. Keys (all optional):

``active`` (seat), ``step`` (prayer, hero, rune, manoeuvre, special: the turn starts there),
``control`` ({territory: seat}), ``temples`` ([territories]), ``monuments`` ({god: level}),
``wheel`` ({field: [seats, bottom first]}), ``realms`` ({realm: [seats]}), ``boss`` (territory), ``boss_wounds`` (a seat or -1 per space),
``monsters`` ({monster: {at, ctrl, wounds}}), ``combat_deck`` (top first), ``players.N`` (hero, attrs,
injured, hand, runes, priests, at, drakkar, armies [[territory, strength]], blessings, artifacts), and
``hunt`` ({hunter, target, monster_player, attack_hand, attack_deck}: the turn goes on with a
monster round of that hunt).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Context, GameState, InvalidAction
from engine.ragnarok.core import B, P, push_all
from engine.ragnarok.turn import STEPS


def load_position(state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
    b, pack = B(state), P(state)
    state.prompts = []
    b.tasks = []
    b.selection["offer"] = {}
    b.flags = {}
    every = set(pack.combat)
    try:
        for key, seat in (position.get("control") or {}).items():
            b.control[int(key)] = int(seat)
        for t in position.get("temples") or []:
            b.temples[int(t)] = True
            b.temple_card["taken"] += 1
        for god, level in (position.get("monuments") or {}).items():
            b.monuments[god]["level"] = int(level)
        for f, stack in (position.get("wheel") or {}).items():
            b.wheel[f] = [int(s) for s in stack]
        for realm, seats in (position.get("realms") or {}).items():
            b.realms[realm] = [int(s) for s in seats]
        if "boss" in position:
            b.boss["at"] = int(position["boss"])
        if "boss_wounds" in position:
            b.boss["wounds"] = [int(w) for w in position["boss_wounds"]]
        if "monsters" in position:
            for st in b.monsters.values():
                st.update(status="box", at=0, ctrl=-1)
            for m, spec in position["monsters"].items():
                b.monsters[m].update(status="board", at=int(spec["at"]), ctrl=int(spec.get("ctrl", -1)))
                if "wounds" in spec:
                    b.monsters[m]["wounds"] = [int(w) for w in spec["wounds"]]
        held: list[str] = []
        for key, spec in (position.get("players") or {}).items():
            h = b.players[int(key)]
            h.hero = spec.get("hero", h.hero)
            for attr, value in (spec.get("attrs") or {}).items():
                h.attrs[attr] = int(value)
            h.injured = list(spec.get("injured", []))
            h.hand = list(spec.get("hand", []))
            held += h.hand
            for rune, n in (spec.get("runes") or {}).items():
                b.supply[rune] -= int(n) - h.runes[rune]
                h.runes[rune] = int(n)
            b.supply["priests"] -= int(spec.get("priests", 0)) - h.priests
            h.priests = int(spec.get("priests", h.priests))
            h.at = int(spec.get("at", h.at))
            h.drakkar = spec.get("drakkar", h.drakkar or "sea1")
            h.blessings = list(spec.get("blessings", []))
            h.artifacts = {a: True for a in spec.get("artifacts", [])}
            if "armies" in spec:
                armies = [[int(t), int(s)] for t, s in spec["armies"]]
                h.armies = armies + [[0, 0] for _ in range(6 - len(armies))]
        for p in b.players:  # every seat has a hero and a drakkar; hands not named go back to the deck
            if not p.hero:
                p.hero = next(x for x in pack.heroes if x not in {q.hero for q in b.players})
            p.drakkar = p.drakkar or "sea1"
            if str(p.seat) not in (position.get("players") or {}):
                b.decks["combat"] += p.hand
                p.hand = []
        top = list(position.get("combat_deck") or [])
        rest = [c for c in b.decks["combat"] + b.decks["combat_discard"] if c not in held and c not in top]
        b.decks["combat"] = rest + list(reversed(top))
        b.decks["combat_discard"] = []
        if sorted(b.decks["combat"] + held) != sorted(every):
            raise InvalidAction(N_("a combat card is named twice or does not exist"))
        b.active = int(position.get("active", 0))
        b.turn = 1
        start = position.get("step", "prayer")
        if start not in STEPS:
            raise InvalidAction(N_("step '{start}' is not one of {STEPS}", start=start, STEPS=STEPS))
        b.step = start
        tasks: list[tuple[str, dict[str, Any]]] = []
        hunt = position.get("hunt")
        if hunt is not None:
            hand = list(hunt.get("attack_hand", []))
            deck = [c for c in pack.attacks if c not in hand]
            forced = list(hunt.get("attack_deck", []))
            deck = [c for c in deck if c not in forced] + list(reversed(forced))
            b.decks["attack"], b.decks["attack_discard"] = deck, []
            hunter = int(hunt["hunter"])
            b.hunt = {
                "hunter": hunter,
                "target": hunt["target"],
                "mp": int(hunt.get("monster_player", (hunter - 1) % state.seat_count)),
                "hand": hand,
                "card": "",
                "defence": [],
                "round_wounds": 0,
                "over": "",
                "shielded": False,
            }
            tasks.append(("hunt_round", {}))
            start = "special"
            tasks.append(("checks", {}))
        else:
            for step in STEPS[STEPS.index(start) :]:
                tasks += [("step", {"step": step}), ("checks", {})]
        tasks.append(("turn_end", {"seat": b.active}))
    except (KeyError, ValueError, TypeError, IndexError) as e:
        raise InvalidAction(N_("the position cannot be read: '{e}'", e=e)) from None
    push_all(b, tasks)
    from engine.ragnarok.ruleset import run

    run(state, ctx)
