"""How the game ends (pp. 11, 30-32; digest §1, §8, §10.9).

- the instant win: 6 areas with dragon runes (7 in the epic variant), checked after every
  step of the game, simultaneous winners resolved in player order; a face-up Dragon Throne
  (exploration tokens, p. 37) counts as one more dragon rune (runes.dragon_rune_count);
- elimination of a player who controls no area, and the last player left;
- the end of the last year: every rune is revealed and the most dragon-rune areas win.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Context, GameState
from engine.runewars import cards
from engine.runewars.banners.variants import ROAD_TO_VICTORY, variant_on
from engine.runewars.control import control_map, controller, holds_a_home_area, home_owners
from engine.runewars.data import Pack
from engine.runewars.flow import after_every_step
from engine.runewars.runes import (
    dragon_rune_areas,
    dragon_rune_count,
    dragon_throne_runes,
    instant_winners,
    kind,
    printed_rune_areas,
    runes_to_win,
)
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import current_player_order


@after_every_step
def check(state: GameState, pack: Pack, ctx: Context) -> None:
    """Elimination, then the instant win (p. 30, p. 31), after every step of the game.

    Runs thousands of times a game, so it computes only what can decide: a seat holding one
    of its home areas without an enemy controls an area, and only the controllers of the
    dragon-rune areas can make a winner (``python -m bot bench`` times it).
    """
    board: RunewarsBoard = state.board
    if board.phase != "play" or state.result is not None:
        return
    homes = home_owners(board)
    if not board.contested:
        _eliminate_players_without_areas(state, pack, homes, ctx)
    playing = [p.seat for p in board.players if not p.eliminated]
    control = _dragon_rune_control(board, homes)
    # Banners of War, Road to Victory: no instant win, the victory card decides (engine.runewars.banners.road_to_victory)
    winners = [] if variant_on(state.options, ROAD_TO_VICTORY) else _instant_winners(state, pack, control)
    if winners:
        winner = winners[0]
        areas = dragon_rune_areas(board, winner, control)
        for area in areas:
            board.areas[area].rune.face_up = True
        thrones = dragon_throne_runes(board, winner)
        printed = dragon_rune_count(board, winner, control) - len(areas) - thrones
        more = {"dragon_thrones": thrones} if thrones else {}
        if printed:  # Banners of War: the Sunken City's printed rune
            more["printed_runes"] = printed
        _finish(state, ctx, winner=winner, reason="dragon_runes", areas=areas, **more)
    elif len(playing) == 1:
        _finish(state, ctx, winner=playing[0], reason="last_player")


def _eliminate_players_without_areas(state: GameState, pack: Pack, homes: dict[str, int], ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if all(holds_a_home_area(board, p.seat, homes) for p in board.players if not p.eliminated):
        return
    controllers = set(control_map(board).values())
    for seat in current_player_order(board, pack):
        on_map = all(a in board.areas for a in board.players[seat].home_areas)  # scenario fragments may omit a realm
        if on_map and seat not in controllers:
            eliminate_player(state, pack, seat, ctx)


def _dragon_rune_control(board: RunewarsBoard, homes: dict[str, int]) -> dict[str, int | None]:
    """The controllers of the areas holding a dragon rune, token or printed (all that runes.dragon_rune_count reads)."""
    areas = [a for a, area in board.areas.items() if area.rune is not None and area.rune.dragon] + printed_rune_areas(board)
    return {a: controller(board, a, homes) for a in areas}


def _instant_winners(state: GameState, pack: Pack, control: dict[str, int | None]) -> list[int]:
    board: RunewarsBoard = state.board
    holders = [control[a] for a, area in board.areas.items() if area.rune is not None and area.rune.dragon and a in control]
    holders += [control[a] for a in printed_rune_areas(board)]  # an area may hold a token and a printed rune
    most = max(Counter(s for s in holders if s is not None).values(), default=0)
    thrones = sum(1 for m in board.exploration.values() if m.token == "dragon_throne" and m.face_up)
    if most + thrones < runes_to_win(pack, bool(state.options.get("epic"))):
        return []  # nobody can have enough
    return instant_winners(board, pack, current_player_order(board, pack), epic=bool(state.options.get("epic")), control=control)


def eliminate_player(state: GameState, pack: Pack, seat: int, ctx: Context) -> None:
    """p. 31: a player controlling no area leaves the game; their cards go back, titles to the supply.

    The influence on their titles stays on the cards (ruling R19 for everything the page
    leaves open: their objective goes back unseen into the deck of its alignment, like the other cards).
    """
    board: RunewarsBoard = state.board
    player = board.players[seat]
    player.eliminated = True
    cards.shuffle_in(board, "tactics", player.tactics, ctx.rng)
    cards.shuffle_in(board, "quests", player.quests, ctx.rng)
    if player.objective is not None:  # R19: unseen, back into the deck it was dealt from
        cards.shuffle_in(board, f"objectives.{pack.faction(player.faction).alignment}", [player.objective], ctx.rng)
    player.tactics, player.quests, player.objective = [], [], None
    for title in board.titles.values():
        if title.holder == seat:
            title.holder = None
    state.prompts = [p for p in state.prompts if p.seat != seat]
    ctx.emit("player_eliminated", seat=seat)


def end_of_time(state: GameState, pack: Pack, ctx: Context) -> None:
    """p. 30: after the last winter all runes are revealed; most dragon-rune areas wins
    (a face-up Dragon Throne counts as one more, p. 37).

    Ties: most influence tokens (owned, i.e. not on titles, ruling R17), then most
    starting influence.
    """
    board: RunewarsBoard = state.board
    for area in board.areas.values():
        if area.rune is not None:
            area.rune.face_up = True
    ctx.emit("runes_revealed", runes={a: kind(area.rune) for a, area in sorted(board.areas.items()) if area.rune})
    control = control_map(board)
    table = [
        {"seat": p.seat, "dragon_runes": dragon_rune_count(board, p.seat, control), "influence": p.influence}
        for p in board.players
        if not p.eliminated
    ]
    table.sort(
        key=lambda row: (
            -row["dragon_runes"],
            -row["influence"],
            -pack.faction(board.players[row["seat"]].faction).start_influence,
        )
    )
    _finish(state, ctx, winner=table[0]["seat"], reason="time_limit", standings=table)


def finish(state: GameState, ctx: Context, **result) -> None:
    """The game ends with ``result`` (a variant's own end, e.g. Road to Victory's victory card)."""
    _finish(state, ctx, **result)


def _finish(state: GameState, ctx: Context, **result) -> None:
    state.result = dict(result)
    state.prompts = []
    state.board.phase = "over"
    ctx.emit("game_over", **result)
