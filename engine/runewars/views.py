"""What each seat may know (digest §11.1). Built only from facts a seat is entitled to.

The public view names no face-down rune's identity, no card in a hand, no chosen but
unrevealed order; it shows the public counts (cards in hand, influence, orders played).
Both show the seat order fixed at the start (``seat_order``, clockwise from ``first_player``).
A seat's view adds what that seat may know: its hand, objective and chosen order, and
the runes it knows or may look at.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState, seats_from
from engine.runewars.banners.board import banners_view
from engine.runewars.banners.variants import variants_view
from engine.runewars.battle.frame import Battle
from engine.runewars.control import controller, home_owners
from engine.runewars.data import Pack
from engine.runewars.effects.reading import card_views
from engine.runewars.flow import top
from engine.runewars.heroes.views import hero_views
from engine.runewars.runes import kind
from engine.runewars.setup_map import setup_view
from engine.runewars.state import Area, Player, Rune, RunewarsBoard
from engine.runewars.turn_order import Turn


def view(state: GameState, pack: Pack, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: the public) may know of ``state``, played with ``pack``."""
    board: RunewarsBoard = state.board
    return {
        "game": "runewars",
        "phase": board.phase,
        "year": board.year,
        "season": board.season,
        "first_player": board.first_player,
        # p. 8 Aufbau 2/8: „Beginnend mit dem Startspieler und weiter reihum im Uhrzeigersinn“: the seats around the
        # table, fixed at the start, clockwise from the first player
        "seat_order": seats_from(board.first_player, len(board.players)),
        "awaiting": state.awaited(),
        "turn": _turn(state),
        "battle": _battle(state),
        "orders_revealed": dict(board.current_orders),
        "previous_orders": dict(board.previous_orders),
        "players": [_player(p, seat) for p in board.players],
        "titles": {t: {"holder": title.holder, "influence": title.influence} for t, title in sorted(board.titles.items())},
        "map": [{"tile": p.tile, "rotation": p.rotation, "q": p.q, "r": p.r} for p in board.placements],
        "areas": _areas(board, seat),
        "contested": list(board.contested),
        "setup_quests": [list(q) for q in board.setup_quests],
        **setup_view(state),  # the rulebook map build: numbered candidates, setup guides
        "decks": {name: len(deck.draw) for name, deck in sorted(board.decks.items())},
        "fate_discard": list(board.decks["fate"].discard),
        "rune_supply": dict(board.rune_supply),
        "result": state.result,
        **card_views(state, pack, seat),  # cards the seat may read, the season card, lasting effects
        **hero_views(state, pack, seat),  # heroes, defeated-hero tokens, exploration tokens
        **banners_view(board),  # Banners of War: Desolation, Cryomancy, the Sunken City (public)
        **variants_view(board),  # its variants: development cards, capitals, peasants, printed runes, victory cards (public)
    }


def _areas(board: RunewarsBoard, seat: int | None) -> dict[str, Any]:
    homes = home_owners(board)
    return {area_id: _area(area, seat, controller(board, area_id, homes)) for area_id, area in sorted(board.areas.items())}


def _turn(state: GameState) -> dict[str, Any] | None:
    """The active player's turn (p. 15 „Aktiver Spieler“): who, which order, whether the bonus applies."""
    turn = top(state, Turn)
    return None if turn is None else {"seat": turn.seat, "order": turn.order, "bonus": turn.bonus}


def _battle(state: GameState) -> dict[str, Any] | None:
    """The battle being fought: who, which row, each figure's damage (public tokens, p. 22).

    The fate cards drawn in the current pass are not shown: the attacker's stay hidden until
    the defender has drawn (p. 22), and every drawn card reaches the public by its events.
    """
    battle = top(state, Battle)
    if battle is None:
        return None
    return {
        "area": battle.area,
        "attacker": battle.attacker,
        "defender": battle.defender,
        "row": battle.row,
        "sides": [
            {
                "seat": side.seat,
                "leader": side.leader,
                "drawn": list(side.drawn),
                "fighters": [{"unit": f.unit, "damage": f.damage, "routed": f.routed} for f in side.fighters],
            }
            for side in battle.sides
        ],
    }


def _player(player: Player, seat: int | None) -> dict[str, Any]:
    public = {
        "seat": player.seat,
        "faction": player.faction,
        "dials": dict(player.dials),
        "influence": player.influence,
        "home_areas": list(player.home_areas),
        "orders_in_hand": sorted(player.hand),
        "orders_played": list(player.played),
        "has_chosen": player.chosen is not None,
        "tactics": len(player.tactics),
        "quests": len(player.quests),
        "objective": player.objective is not None,
        "eliminated": player.eliminated,
    }
    if seat == player.seat:
        public.update(
            chosen=player.chosen,
            tactics_hand=list(player.tactics),
            quest_hand=list(player.quests),
            objective_card=player.objective,
        )
    return public


def _area(area: Area, seat: int | None, controlled_by: int | None) -> dict[str, Any]:
    rune = rune_as_seen(area.rune, seat, looks=seat is not None and controlled_by == seat)
    return {
        "controller": controlled_by,
        "units": [
            {
                "owner": s.owner,
                "unit": s.unit,
                "standing": s.standing,
                "routed": s.routed,
                **({"ally": s.ally} if s.owner is None else {}),
            }
            for s in area.stacks
        ],
        "stronghold": None if area.stronghold is None else {"owner": area.stronghold.owner, "damaged": area.stronghold.damaged},
        "development": area.development,
        "rune": rune,
        # public: whether the token lies face up (a seat's view also names runes only it knows)
        "rune_face_up": area.rune is not None and area.rune.face_up,
        # what this seat knew of a token before a swap it did not see (stale knowledge, p. 36)
        "rune_last_known": area.rune.last_known.get(seat) if rune == "face_down" and seat is not None else None,
        "city": area.city,
        "activated_by": list(area.activated_by),
    }


def rune_as_seen(rune: Rune | None, seat: int | None, *, looks: bool = False) -> str | None:
    """``None`` (no rune), ``"face_down"``, or ``"dragon"``/``"false"`` when face up or known.

    p. 32: a player may look at the runes of the areas they control at any time (``looks``).
    """
    if rune is None:
        return None
    if rune.face_up or looks or (seat is not None and seat in rune.known_to):
        return kind(rune)
    return "face_down"
