"""What a seat (or the public) may know (rulebook p. 12 and digest §5.1): hands are secret to
their owners, no deck's order is ever shown, deck and hand sizes and discard piles are public."""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.runeage.cards import Pack
from engine.runeage.combat import total
from engine.runeage.state import RuneageBoard, flag_active


def _player(board: RuneageBoard, pack: Pack, seat: int) -> dict[str, Any]:
    p = board.players[seat]
    return {
        "seat": seat,
        "race": p.race,
        "race_name": pack.races[p.race]["name"],
        "realm": p.realm,
        "damage": p.damage,
        "eliminated": p.eliminated,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "discard": list(p.discard),
        "barracks": dict(sorted(p.barracks.items())),
        "strongholds_left": list(p.strongholds_left),
        "monument": p.monument,
        "monument_built": p.monument_built,
        "strongholds": [dict(r) for r in p.strongholds],
        "cities": [dict(r) for r in p.cities],
        "rewards": [dict(r) for r in p.rewards],
        "rune": dict(p.rune) if p.rune else None,
    }


def view(state: GameState, pack: Pack, seat: int | None) -> dict[str, Any]:
    board: RuneageBoard | None = state.board
    if board is None:
        return {"result": state.result}
    combat = None
    if board.combat is not None:
        c = board.combat
        combat = {
            "kind": c["kind"],
            "target": dict(c["target"]),
            "seats": list(c["seats"]),
            "armies": [[dict(u) for u in army] for army in c["armies"]],
            "totals": [
                total(board, pack, 0),
                total(board, pack, 1) if c["kind"] == "siege" else int(c["target"].get("strength", 0)),
            ],
            "passed": list(c["passed"]),
            "step": c["step"],
            "skulls": c["skulls"],
        }
    step = dict(board.step)
    if "kept" in step:
        step["kept"] = len(step["kept"])  # which cards are kept is secret, how many is not (p. 7)
    public: dict[str, Any] = {
        "scenario": board.scenario,
        "round": board.round,
        "round_limit": board.round_limit,
        "start": board.start,
        "active": board.active,
        "phase": board.phase,
        "objective": board.objective,
        "gold": dict(board.gold),
        "neutrals": dict(sorted(board.neutrals.items())),
        "cities": list(board.cities),
        "enemies": list(board.enemies),
        "event_deck_count": len(board.event_deck),
        "event_discard": list(board.event_discard),
        "lasting": [dict(e) for e in board.lasting],
        "flags": [f for f in ("no_keep", "no_siege") if flag_active(board, f)],
        "removed": sorted(board.removed),
        "unused_runes": len(board.unused_runes),
        "players": [_player(board, pack, s) for s in range(len(board.players))],
        "step": step,
        "attacked": list(board.attacked),
        "combat": combat,
        "event": None if board.event is None else {"card": board.event["card"], "queue": list(board.event["queue"])},
        "built_this_round": list(board.built_this_round),
        "awaiting": state.awaited(),
        "result": state.result,
    }
    if seat is not None and 0 <= seat < len(board.players):
        public["seat"] = seat
        public["hand"] = sorted(board.players[seat].hand)
        if "kept" in board.step and seat == board.active:
            public["kept"] = sorted(board.step["kept"])
        if board.step.get("kind") == "mind_control" and seat == board.active:
            public["victim_hand"] = sorted(board.players[int(board.step["victim"])].hand)
    return public
