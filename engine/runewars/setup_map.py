"""The rulebook's own map building, asked as prompts (p. 8 „Spielplanaufbau“, example p. 9; digest §4.2).

Game option ``{"map_building": "rulebook"}`` (the key the bot's /game new sets); ``"auto"`` (the default) lays the map at once with
:func:`engine.runewars.map.auto_layout`. Setup (engine/runewars/setup.py) deals the setup
quests face up and pushes :class:`MapBuild`; the map grows on ``board.placements``:

3. „Spielplanteile auslegen“: from the first player clockwise (:func:`tile_turns`) each
   player places one of their tiles per turn (prompt ``place_tile``), the first in the
   centre, every later one touching 2 placed areas with 2 of its own and doubling no coloured
   border (:func:`legal_tile_placements`).
4. „Aufbauhilfen für Heimatreiche“: the first player places one guide per player, one at a
   time (``place_guide``), on the edge, touching 3 uncoloured borders, 4 apart, one pair 3
   apart only if 4 is impossible (:func:`next_guide_problem`). If no set of guides fits, the
   tiles are taken back and step 3 is repeated.
5. „Heimatreiche“: from the player left of the first player, each removes a guide of their
   choice and lays their home realm over it in any orientation (``place_home``,
   :func:`legal_home_placements`). If a player has no legal place, guides and home realms
   are removed and steps 4 and 5 are repeated; after MAX_HOME_REDOS such failures in a row
   the tiles are taken back too (ruling "map redo").

Every legal placement has a stable number (``index``, from 1, in the order ``legal()`` lists
them); the awaited prompt's numbered candidates are in its ``info["candidates"]`` and in the
views (:func:`setup_view`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register, seats_from
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, setup_id, top
from engine.runewars.map import (
    Board,
    Guide,
    Placement,
    TileTurn,
    legal_home_placements,
    legal_next_guides,
    legal_tile_placements,
    neighbours,
    next_guide_problem,
    place,
    tile_placement_problem,
    tile_turns,
)
from engine.runewars.state import RunewarsBoard

MAP_MODES = ("auto", "rulebook")
TILE_RULE = "p. 8, Spielplanaufbau 3 (Spielplanteile auslegen) / digest §4.2"
GUIDE_RULE = "p. 8, Spielplanaufbau 4 (Aufbauhilfen für Heimatreiche) / digest §4.2"
HOME_RULE = "p. 8, Spielplanaufbau 5 (Heimatreiche) / digest §4.2"
#: ruling "map redo": steps 4-5 failing this often in a row on the same tiles count as impossible
MAX_HOME_REDOS = 3


def map_mode(options: Mapping[str, Any]) -> str:
    """The game option ``map_building``: ``"auto"`` (default) or ``"rulebook"``."""
    mode = options.get("map_building", "auto")
    if mode not in MAP_MODES:
        raise InvalidAction(
            N_("option map_building must be one of {MAP_MODES}, not '{mode}'", MAP_MODES=list(MAP_MODES), mode=mode)
        )
    return mode


@register
@dataclass
class MapBuild:
    """The rulebook map build in progress; tiles and home realms placed so far are ``board.placements``."""

    #: the setup guides lying on the map (step 4), until home realms replace them (step 5)
    guides: list[Guide] = field(default_factory=list)
    #: steps 4-5 repeated in a row on the current tiles
    home_redos: int = 0


def tiles_by_seat(board: RunewarsBoard, pack: Pack) -> list[list[str]]:
    """Each seat's tiles: those of its 2 setup quests (p. 8 Spielplanaufbau 2)."""
    tile_of = {q.id: q.tile for q in pack.setup_quests}
    return [[tile_of[q] for q in dealt] for dealt in board.setup_quests]


def _turns(board: RunewarsBoard, pack: Pack) -> list[TileTurn]:
    return tile_turns(board.first_player, tiles_by_seat(board, pack))


def _home_order(state: GameState) -> list[int]:
    """Home realms go down from the player left of the first player; the first player is last."""
    return seats_from((state.board.first_player + 1) % state.seat_count, state.seat_count)


@procedure(MapBuild)
def advance(state: GameState, pack: Pack, frame: MapBuild, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    turns = _turns(board, pack)
    if len(board.placements) < len(turns):
        seat = turns[len(board.placements)].seat
        candidates = _tile_candidates(board, pack, seat)
        if not candidates:
            _redo(state, frame, ctx, home_step=False, why=f"seat {seat} cannot place a tile")
            return False
        _open(state, seat, "place_tile", "tile", candidates, tiles=_tiles_in_hand(board, pack, seat))
        return False
    homes_placed = len(board.placements) - len(turns)
    if homes_placed == 0 and len(frame.guides) < state.seat_count:
        guides = legal_next_guides(Board(pack, board.placements), frame.guides, state.seat_count)
        if not guides:  # only when no guide fits at all: every guide offered leaves room for the rest
            _redo(state, frame, ctx, home_step=False, why="the guides cannot be placed")
            return False
        candidates = [{"index": i, "cells": _cells(g)} for i, g in enumerate(guides, 1)]
        _open(
            state,
            board.first_player,
            "place_guide",
            "guide",
            candidates,
            placed=[_cells(g) for g in frame.guides],
            count=state.seat_count,
        )
        return False
    if homes_placed < state.seat_count:
        seat = _home_order(state)[homes_placed]
        candidates = _home_candidates(state, pack, frame, seat)
        if not candidates:
            _redo(state, frame, ctx, home_step=True, why=f"seat {seat} cannot place its home realm")
            return False
        _open(
            state,
            seat,
            "place_home",
            "home",
            candidates,
            guides=[{"index": i, "cells": _cells(g)} for i, g in enumerate(frame.guides, 1)],
        )
        return False
    return True


def _open(state: GameState, seat: int, kind: str, choice: str, candidates: list[dict], **info: Any) -> None:
    pid = setup_id("map", kind, seat, seq=state.seq)
    only = candidates[0] if len(candidates) == 1 else None  # every map fact is public
    forced = Action(seat, pid, choice, _args(only)) if only else None
    state.open([Prompt(pid, seat, kind, info={**info, "candidates": candidates}, forced=forced)])


def _args(candidate: dict) -> dict:
    return {k: v for k, v in candidate.items() if k not in ("index", "guide")}


def _redo(state: GameState, frame: MapBuild, ctx: Context, *, home_step: bool, why: str) -> None:
    """p. 8: remove guides and home realms and repeat steps 4-5 (a home realm cannot be placed),
    or take back the tiles and repeat step 3 (no guides fit, a tile cannot be placed, or steps
    4-5 failed MAX_HOME_REDOS times in a row)."""
    board: RunewarsBoard = state.board
    frame.guides = []
    frame.home_redos = frame.home_redos + 1 if home_step else 0
    if 0 < frame.home_redos < MAX_HOME_REDOS:
        steps = [4, 5]
        board.placements = board.placements[: sum(len(dealt) for dealt in board.setup_quests)]
    else:
        steps = [3]
        board.placements = []
        frame.home_redos = 0
    ctx.emit("map_redo", steps=steps, why=why)


def _cells(guide: Guide) -> list[list[int]]:
    return [list(cell) for cell in guide.cells]


# -- step 3: tiles ---------------------------------------------------------------------------


def _tiles_in_hand(board: RunewarsBoard, pack: Pack, seat: int) -> list[str]:
    placed = {p.tile for p in board.placements}
    return [t for t in tiles_by_seat(board, pack)[seat] if t not in placed]


def _tile_candidates(board: RunewarsBoard, pack: Pack, seat: int) -> list[dict]:
    geometry = Board(pack, board.placements)
    legal = [p for t in _tiles_in_hand(board, pack, seat) for p in legal_tile_placements(geometry, pack.tile(t))]
    return [_placement_entry(i, p) for i, p in enumerate(legal, 1)]


def _placement_entry(index: int, p: Placement, **extra: Any) -> dict:
    return {"index": index, "tile": p.tile, "q": p.q, "r": p.r, "rotation": p.rotation, **extra}


def _candidate(entry: Mapping[str, Any]) -> Placement:
    return Placement(entry["tile"], entry["rotation"], entry["q"], entry["r"])


def _placement(action: Action) -> Placement:
    args = action.args
    if not isinstance(args.get("tile"), str) or not all(
        isinstance(args.get(k), int) and not isinstance(args.get(k), bool) for k in ("q", "r", "rotation")
    ):
        raise InvalidAction(N_("place needs 'tile' (str) and 'q', 'r', 'rotation' (int)"))
    return Placement(args["tile"], args["rotation"] % 6, args["q"], args["r"])


def place_tile(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    placement = _placement(action)
    if placement not in [_candidate(c) for c in prompt.info["candidates"]]:
        raise IllegalAction(
            _tile_refusal(board, pack, action.seat, placement), rule=TILE_RULE, alternatives=legal(state, pack, prompt)[:10]
        )
    board.placements.append(placement)
    state.close(prompt.id)
    ctx.emit("tile_placed", seat=action.seat, tile=placement.tile, q=placement.q, r=placement.r, rotation=placement.rotation)


def _tile_refusal(board: RunewarsBoard, pack: Pack, seat: int, placement: Placement) -> str:
    hand = _tiles_in_hand(board, pack, seat)
    if placement.tile not in hand:
        return N_("You place one of your own tiles still in hand ({hand}): „jeweils eine ihrer Spielplanteile“.", hand=hand)
    if not board.placements:
        return N_("The first tile goes in the centre (q = r = 0): „legt es in die Mitte der Spielfläche“.")
    problem = tile_placement_problem(Board(pack, board.placements), pack.tile(placement.tile), placement)
    return N_("That placement breaks a rule: {problem}.", problem=problem)


# -- step 4: setup guides --------------------------------------------------------------------


def _guide(action: Action) -> Guide:
    cells = action.args.get("cells")
    if not (
        isinstance(cells, (list, tuple))
        and len(cells) == 2
        and all(
            isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
            for c in cells
        )
    ):
        raise InvalidAction(N_("guide needs 'cells': [[q, r], [q, r]]"))
    a, b = sorted(tuple(c) for c in cells)
    return Guide((a, b))


def place_guide(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame: MapBuild = top(state, MapBuild)
    guide = _guide(action)
    problem = next_guide_problem(Board(pack, board.placements), frame.guides, state.seat_count, guide)
    if problem is not None:
        raise IllegalAction(
            N_("That guide cannot go there: {problem}.", problem=problem),
            rule=GUIDE_RULE,
            alternatives=legal(state, pack, prompt)[:10],
        )
    frame.guides.append(guide)
    state.close(prompt.id)
    ctx.emit("guide_placed", seat=action.seat, cells=_cells(guide))


# -- step 5: home realms ---------------------------------------------------------------------


def _home_tile(state: GameState, pack: Pack, seat: int) -> str:
    return pack.faction(state.board.players[seat].faction).home_tile


def _placed_homes(board: RunewarsBoard, pack: Pack) -> list[str]:
    return [p.tile for p in board.placements if pack.tile(p.tile).is_home]


def _home_options(state: GameState, pack: Pack, frame: MapBuild, seat: int) -> list[tuple[int, Placement]]:
    """(guide number, placement) for every legal home realm placement of ``seat``."""
    geometry = Board(pack, state.board.placements)
    home = pack.tile(_home_tile(state, pack, seat))
    homes = _placed_homes(state.board, pack)
    return [
        (i, p)
        for i, guide in enumerate(frame.guides, 1)
        for p in legal_home_placements(geometry, home, guide, [g for g in frame.guides if g is not guide], homes)
    ]


def _home_candidates(state: GameState, pack: Pack, frame: MapBuild, seat: int) -> list[dict]:
    return [_placement_entry(i, p, guide=g) for i, (g, p) in enumerate(_home_options(state, pack, frame, seat), 1)]


def place_home(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame: MapBuild = top(state, MapBuild)
    placement = _placement(action)
    options = {p: g for g, p in _home_options(state, pack, frame, action.seat)}
    if placement not in options:
        raise IllegalAction(
            _home_refusal(state, pack, frame, action.seat, placement),
            rule=HOME_RULE,
            alternatives=legal(state, pack, prompt)[:10],
        )
    guide = frame.guides.pop(options[placement] - 1)
    board.placements.append(placement)
    state.close(prompt.id)
    ctx.emit(
        "home_placed",
        seat=action.seat,
        tile=placement.tile,
        q=placement.q,
        r=placement.r,
        rotation=placement.rotation,
        guide=_cells(guide),
    )


def _home_refusal(state: GameState, pack: Pack, frame: MapBuild, seat: int, placement: Placement) -> str:
    own = _home_tile(state, pack, seat)
    if placement.tile != own:
        return N_("You lay your own home realm, {own}.", own=own)
    home = pack.tile(own)
    cells = {ph.area: ph.cell for ph in place(home, placement)}
    if not any(set(g.cells) <= set(cells.values()) for g in frame.guides):
        return N_(
            "2 areas of your home realm must take a setup guide's place: „dass 2 Gebiete davon den vorherigen Platz der Aufbauhilfe einnehmen“."
        )
    geometry = Board(pack, state.board.placements)
    home_cells = {geometry.cell_of[a] for t in _placed_homes(state.board, pack) for a in pack.tile(t).areas}
    if any(n in home_cells for c in cells.values() for n in neighbours(c)):
        return N_("Home realms never border other home realms: „Heimatreiche dürfen niemals an andere Heimatreiche angrenzen“.")
    return N_("The third area must lie on an empty space (no tile, no other guide) without doubling a coloured border.")


# -- legal answers and views -----------------------------------------------------------------


def legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    choice = {"place_tile": "tile", "place_guide": "guide", "place_home": "home"}[prompt.kind]
    return [Action(prompt.seat, prompt.id, choice, _args(c)) for c in prompt.info["candidates"]]


for _kind, _choice, _resolve in (
    ("place_tile", "tile", place_tile),
    ("place_guide", "guide", place_guide),
    ("place_home", "home", place_home),
):
    prompt_kind(_kind, choices={_choice}, legal=legal)(_resolve)


def setup_view(state: GameState) -> dict[str, Any]:
    """What a UI needs to show the rulebook map build (public: every map fact is).

    ``setup_candidates``: the numbered placements of the awaited tile or home realm
    (``{"index", "tile", "q", "r", "rotation"}``, home realms add ``"guide"``, the guide's number);
    ``setup_guides``: the guides lying (``{"index", "cells"}``) and, while the first player places
    them, the numbered places for the next one.
    """
    frame = top(state, MapBuild)
    prompt = next((p for p in state.prompts if p.kind in ("place_tile", "place_guide", "place_home")), None)
    kind = prompt.kind if prompt else None
    return {
        "setup_candidates": [dict(c) for c in prompt.info["candidates"]] if kind in ("place_tile", "place_home") else [],
        "setup_guides": {
            "placed": [{"index": i, "cells": _cells(g)} for i, g in enumerate(frame.guides, 1)] if frame else [],
            "candidates": [dict(c) for c in prompt.info["candidates"]] if kind == "place_guide" else [],
        },
    }
