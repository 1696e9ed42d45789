"""What a seat may know (digest 11.1): its own hand only (hand sizes public), the monster
player its attack hand during a hunt, the selecting player its offer; never a deck's order."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.ragnarok.core import COLOURS, B, S, effective
from engine.ragnarok.pack import ATTRS


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    b = B(state)
    side = S(state)
    players = []
    for h in b.players:
        players.append(
            {
                "seat": h.seat,
                "colour": COLOURS[h.seat],
                "hero": h.hero,
                "lineage": h.lineage,
                "attrs": {a: h.attrs[a] for a in ATTRS},
                "effective": {a: effective(h, a) for a in ATTRS},
                "injured": list(h.injured),
                "hand_count": len(h.hand),
                "runes": dict(h.runes),
                "priests": h.priests,
                "blessings": list(h.blessings),
                "artifacts": dict(h.artifacts),
                "rings": list(h.rings),
                "trophies": list(h.trophies),
                "slayers": h.slayers,
                "hero_at": h.at,
                "drakkar": h.drakkar,
                "armies": [list(a) for a in h.armies],
            }
        )
    territories = [
        {
            "number": t,
            "land": side.land_of[t],
            "population": side.pop[t],
            "controller": b.control[t],
            "temple": b.temples[t],
            "forge": b.forge[t],
            "forge_rune": b.forge_rune[t],
            "yggdrasil": side.ygg[t],
        }
        for t in range(1, b.n + 1)
    ]
    hunt = None
    if b.hunt is not None:
        hunt = {k: v for k, v in b.hunt.items() if k != "hand"}
        hunt["monster_hand_count"] = len(b.hunt["hand"])
        hunt["attack_deck_count"] = len(b.decks["attack"])
    out: dict[str, Any] = {
        "side": b.side,
        "turn": b.turn,
        "active": b.active,
        "step": b.step,
        "players": players,
        "territories": territories,
        "realms": {r: list(v) for r, v in b.realms.items()},
        "wheel": {f: list(v) for f, v in b.wheel.items()},
        "monuments": {g: {"level": m["level"], "priests": list(m["priests"])} for g, m in b.monuments.items()},
        "temple_card": dict(b.temple_card),
        "monsters": {m: dict(st) for m, st in b.monsters.items()},
        "boss": dict(b.boss),
        "omens": [list(o) for o in b.omens],
        "god_artifacts": dict(b.god_art),
        "supply": dict(b.supply),
        "deck_counts": {k: len(v) for k, v in b.decks.items() if not k.endswith("_discard")},
        "discards": {k: sorted(v) for k, v in b.decks.items() if k.endswith("_discard")},
        "battle": None if b.battle is None else {k: v for k, v in b.battle.items()},
        "hunt": hunt,
        "draft": None if b.draft is None else {"offer": sorted(b.draft["offer"]), "order": list(b.draft["order"])},
        "ragnarok": dict(b.ragnarok),
        "selection": {"odinsson": b.selection.get("odinsson", -1), "first": b.selection.get("first", -1)},
        "awaiting": state.awaited(),
        "result": state.result,
        "mobilized": list(b.flags.get("mobilized", [])),
    }
    if seat is not None:
        me = b.players[seat]
        out["me"] = seat
        out["hand"] = sorted(me.hand)
        if b.hunt is not None and b.hunt["mp"] == seat:
            out["attack_hand"] = sorted(b.hunt["hand"])
        offer = b.selection.get("offer") or {}
        if offer.get("seat") == seat:
            out["offer"] = {"heroes": list(offer["heroes"]), "lineages": list(offer["lineages"])}
    return out
