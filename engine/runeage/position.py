"""Scenario positions (docs/scenarios.md): a set-up game moved to a position described directly.

``position`` may give, per player (``players``: a list by seat), ``hand``, ``deck``, ``discard``,
``damage``, ``strongholds``/``cities``/``rewards`` (names, ready), ``barracks`` overrides; and for
the table ``enemies``, ``cities``, ``event_deck``, ``start`` and ``active``. The active player's
turn prompt is opened afresh."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Context, GameState
from engine.runeage.cards import Pack
from engine.runeage.state import RuneageBoard


def load(state: GameState, pack: Pack, position: Mapping[str, Any], ctx: Context) -> None:
    from engine.runeage.turn import start_turn

    board: RuneageBoard = state.board
    for seat, spec in enumerate(position.get("players", [])):
        player = board.players[seat]
        if "race" in spec:
            race = pack.races[spec["race"]]
            player.race, player.realm = race["id"], race["home_realm"]["name"]
            player.barracks = {u["name"]: int(u["count"]) for u in race["units"]}
            player.strongholds_left = [s["name"] for s in race["strongholds"]]
        for key in ("hand", "deck", "discard"):
            if key in spec:
                setattr(player, key, list(spec[key]))
        for key in ("strongholds", "cities", "rewards"):
            if key in spec:
                setattr(player, key, [{"name": n, "ready": True} for n in spec[key]])
                if key == "strongholds":
                    player.strongholds_left = [s for s in player.strongholds_left if s not in spec[key]]
        player.barracks.update({k: int(v) for k, v in spec.get("barracks", {}).items()})
        player.damage = int(spec.get("damage", player.damage))
    for key in ("enemies", "cities", "event_deck"):
        if key in position:
            setattr(board, key, list(position[key]))
    board.start = int(position.get("start", board.start))
    state.prompts = []
    start_turn(state, pack, int(position.get("active", board.start)), ctx)
