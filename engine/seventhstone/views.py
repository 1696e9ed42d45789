"""Views (digest §20.1): the public view shows the board, armies (with whether a tile lies under them,
never which), resources, tear stones, the market offer, hand sizes and, once revealed, the allocations;
a seat's view adds its own hand, its allocation while secret, the tiles under its armies and the tiles
handed to it in the draft."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.seventhstone.pack import pack_for
from engine.seventhstone.state import StoneBoard, conflict_cells, income, regulars, tear_stones


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    b: StoneBoard = state.board
    pack = pack_for(state.options)
    players = []
    for s in state.seats:
        players.append(
            {
                "seat": s,
                "people": b.people[s],
                "storage": b.storage[s],
                "spent": b.spent[s],
                "income": income(b, s, state.options, pack),
                "upkeep": regulars(b, s),
                "debt": b.debt[s],
                "tear_stones": tear_stones(b, s),
                "tournament_stones": b.tstones[s],
                "permanent_stones": b.ts_perm[s],
                "hand": len(b.hands[s]),
                "sealed": b.sealed[s],
                "goods": dict(b.goods[s]) if b.revealed is not None else None,
                "mercenaries": b.mercs[s] if b.revealed is not None else None,
            }
        )
    cells = {}
    for name, data in b.cells.items():
        cells[name] = {
            "kind": data["kind"],
            "portal": data["portal"],
            "controller": b.control.get(name),
            "capital": b.capitals.get(name),
            "buildings": [dict(x) for x in b.buildings.get(name, [])],
            "volcano": name in b.volcano,
        }
    armies = [
        {
            "owner": a["owner"],
            "cell": a["cell"],
            "type": a["type"],
            "regulars": a["reg"],
            "mercenaries": a["merc"],
            "equipped": a.get("equip") is not None,
            "moved": a.get("moved", False),
        }
        for a in sorted(b.armies, key=lambda a: (a["cell"], a["owner"]))
    ]
    battle = None
    if b.battle is not None:
        bt = b.battle
        battle = {
            k: bt[k] for k in ("cell", "defender", "overrun", "round", "phase", "guards", "guard_owner", "walls_used", "banned")
        }
        battle["hits"] = dict(bt["hits"])
        battle["spoils"] = len(bt["spoils"])
    draft = None
    if b.draft is not None:
        d = b.draft
        holder = d["ranks"][d["holder"]] if d["holder"] < len(d["ranks"]) else None
        draft = {"ranks": list(d["ranks"]), "holder": holder, "handed": len(d["tiles"])}
    public: dict[str, Any] = {
        "year": b.year,
        "phase": b.phase,
        "columns": b.ncols,
        "gaps": list(b.gaps),
        "order": list(b.order),
        "players": players,
        "cells": cells,
        "armies": armies,
        "unit_max": b.unit_max,
        "prices": {"building": int(pack.econ("building_cost")), "unit": int(pack.econ("unit_cost"))},
        "round_counter": b.round_counter,
        "event": b.event,
        "volcano": list(b.volcano),
        "flags": dict(b.flags),
        "offer": [pack.tile(t)["name"] for t in b.offer],
        "offer_ids": list(b.offer),
        "discard": list(b.discard),
        "stacks": [len(s) for s in b.stacks],
        "lost_stone": b.lost_stone,
        "allocations": [dict(a) for a in b.revealed] if b.revealed is not None else None,
        "conflicts": conflict_cells(b),
        "supports": sorted(b.supports.values()),
        "battle": battle,
        "draft": draft,
        "positions": {k: v for k, v in b.picks.get("positions", {}).items()}
        if isinstance(b.picks.get("positions"), dict)
        else None,
        "awaiting": state.awaited(),
        "result": state.result,
    }
    if seat is not None:
        public["seat"] = seat
        public["hand"] = list(b.hands[seat])
        public["allocation"] = dict(b.alloc[seat])
        public["equipment"] = {a["cell"]: a["equip"] for a in b.armies if a["owner"] == seat and a.get("equip") is not None}
        if b.draft is not None and public["draft"]["holder"] == seat:
            public["draft_tiles"] = list(b.draft["tiles"])
    return public
