"""What a seat sees of heroes (digest §11.1): the keys ``heroes``, ``defeated_heroes`` and ``exploration`` of a view.

Public: every hero card in play with its figure's area, damage, training and the number of
rewards under it; face-up rewards; defeated-hero tokens with their reward count; the back
number of face-down exploration tokens. A hero's owner also sees the reward cards under
his heroes (p. 27: „kann sich die verdeckten Karten jederzeit ansehen“), and a seat sees a
face-down exploration token it has looked at (Scroll of Knowledge). Quest cards in hand are
the seat's own (engine/runewars/effects/reading.py); the hero cards drawn for recruiting
are only in private events.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState
from engine.runewars.data import Pack
from engine.runewars.effects.reading import readable
from engine.runewars.heroes import REWARD_DECK, TRAITS, hero_card, trait
from engine.runewars.heroes.setup import marker_back
from engine.runewars.map import geometry
from engine.runewars.state import Hero, RunewarsBoard


def hero_views(state: GameState, pack: Pack, seat: int | None) -> dict[str, Any]:
    board: RunewarsBoard = state.board
    return {
        "heroes": [_hero(pack, board, h, seat) for h in board.heroes],
        "defeated_heroes": [
            {
                "number": t.number,
                "area": t.area,
                "rewards": len(t.rewards),
                "face_up": [r for r in t.rewards if r in board.face_up_rewards],
            }
            for t in board.defeated_heroes
        ],
        "exploration": _exploration(pack, board, seat),
    }


def _hero(pack: Pack, board: RunewarsBoard, hero: Hero, seat: int | None) -> dict[str, Any]:
    card = hero_card(pack, hero.card)
    out: dict[str, Any] = {
        "id": hero.card,
        "name": card.name,
        "owner": hero.owner,
        "area": hero.area,
        "wounds": hero.damage,
        "health": card.health,
        "routed": hero.routed,
        "alignment": card.alignment,
        **{t: trait(pack, hero, t) for t in TRAITS},
        "training": [{"trait": t, "amount": n} for t, n in sorted(hero.training.items())],
        "rewards": len(hero.rewards),
        "face_up_rewards": [r for r in hero.rewards if r in board.face_up_rewards],
    }
    if seat == hero.owner:
        out["reward_cards"] = list(hero.rewards)
    return out


def _exploration(pack: Pack, board: RunewarsBoard, seat: int | None) -> dict[str, Any]:
    if not board.exploration:
        return {}
    geo = geometry(pack, board.placements)
    homes = {a for a in board.areas if pack.tile_of_area(a).is_home}
    return {
        area: {
            "back": marker_back(geo, homes, area, marker),
            "face_up": marker.face_up,
            "token": marker.token if marker.face_up or (seat is not None and seat in marker.known_to) else None,
        }
        for area, marker in sorted(board.exploration.items())
    }


@readable
def _hero_cards(state: GameState, seat: int | None) -> list[str]:
    """Heroes in play and face-up rewards for everybody, the reward discard pile (face up, p. 28); one's own rewards."""
    board: RunewarsBoard = state.board
    ids = [h.card for h in board.heroes] + list(board.face_up_rewards)
    ids += list(board.decks[REWARD_DECK].discard) if REWARD_DECK in board.decks else []
    if seat is not None:
        ids += [r for h in board.heroes if h.owner == seat for r in h.rewards]
    return ids
