"""The views that help: palettes, crop, split, "my units only", the set-up preview, battles."""

from __future__ import annotations

import copy
import io

from PIL import Image

from engine.runewars.map import Board, Placement, legal_tile_placements
from renderer.palette import PALETTES
from renderer.runewars import render_battle, render_board, render_map, render_setup_preview, render_split_png
from renderer.runewars.layout import CROP_HEX, LEGEND_BAND, MAP_HEX, map_layout
from tests.renderer.test_render import rim_point


def test_the_palette_choice_changes_the_colours(engine, pack, showcase):
    view = engine.view(showcase, None)
    layout = map_layout(view, pack)
    point = rim_point(layout, "13A")  # held by the Uthuk
    for name in ("default", "contrast", "classic"):
        image = render_map(view, pack, palette=name)
        assert all(abs(a - b) <= 3 for a, b in zip(image.getpixel(point), PALETTES[name].factions["uthuk"])), name
    assert render_map(view, pack, palette="contrast").tobytes() != render_map(view, pack).tobytes()


def test_crop_draws_an_area_and_its_neighbours_larger(engine, pack, showcase):
    view = engine.view(showcase, None)
    layout = map_layout(view, pack, crop="10A")
    assert set(layout.areas) == {"10A", *layout.board.adjacency["10A"]}
    assert layout.size == CROP_HEX > MAP_HEX
    image = render_map(view, pack, crop="10A")
    assert image.size == (layout.grid.width, layout.grid.height)
    cx, cy = layout.centre("10A")
    assert image.getpixel((round(cx), round(cy - CROP_HEX * 0.98))) == PALETTES["default"].highlight  # the focus ring


def test_split_gives_a_map_and_a_phone_wide_panel(engine, pack, showcase):
    view = engine.view(showcase, 0)
    top, panel = (Image.open(io.BytesIO(data)) for data in render_split_png(view, pack, seat=0))
    assert top.size == render_map(view, pack, seat=0).size
    assert panel.width == 800 and panel.size == render_board(view, pack, seat=0).size


def test_my_units_only_draws_exactly_the_map_without_the_others_units(engine, pack, showcase):
    """only_seat=1: the Uthuk's units; other seats' units, unallied neutrals and other heroes go."""
    view = engine.view(showcase, None)
    filtered = copy.deepcopy(view)
    for info in filtered["areas"].values():
        info["units"] = [s for s in info["units"] if s["owner"] == 1 or (s["owner"] is None and s.get("ally") == 1)]
    filtered["heroes"] = [h for h in filtered.get("heroes", []) if h["owner"] == 1]
    band = round(MAP_HEX * LEGEND_BAND)
    mine = render_map(view, pack, only_seat=1)
    expected = render_map(filtered, pack)
    below = (0, band, mine.width, mine.height)
    assert mine.crop(below).tobytes() == expected.crop(below).tobytes()
    assert mine.crop(below).tobytes() != render_map(view, pack).crop(below).tobytes()


def test_setup_preview_numbers_each_legal_placement_inside_the_canvas(engine, pack, game_states):
    """p. 8 step 3: the tile's legal placements next to the map placed so far."""
    view = copy.deepcopy(engine.view(game_states[-1], None))
    view["map"], view["areas"] = view["map"][:3], {}
    board = Board(pack, [Placement(**p) for p in view["map"]])
    tile = pack.tile(engine.view(game_states[-1], None)["map"][3]["tile"])
    candidates = legal_tile_placements(board, tile)[:6]
    image = render_setup_preview(view, pack, candidates)
    plain = render_map(view, pack)
    assert image.width >= plain.width and image.height >= plain.height
    guides = render_setup_preview(view, pack, [{"cells": [[5, 5], [5, 6]]}])
    assert guides.height > plain.height


def _one_battle(events):
    start = next(i for i, e in enumerate(events) if e.kind == "battle_started")
    end = next(i for i, e in enumerate(events) if e.kind == "battle_ended" and i > start)
    return events[start : end + 1]


def test_battle_panel_from_events_shows_only_public_ones(engine, pack, showcase):
    """p. 21-23 battle steps; the attacker's cards travel privately until the defender drew."""
    events = [
        {"kind": "battle_started", "data": {"area": "10A", "attacker": 1, "defender": 0}},
        {
            "kind": "battle_lined_up",
            "data": {
                "area": "10A",
                "attacker": {"seat": 1, "units": {"uthuk_berserker": 2}, "left_out": {}},
                "defender": {"seat": 0, "units": {"human_infantry": 3}, "left_out": {"human_infantry": 1}},
            },
        },
        {"kind": "battle_round", "data": {"area": "10A", "row": 2}},
        {"kind": "battle_cards", "to": [1], "data": {"area": "10A", "unit": "uthuk_berserker", "cards": ["fate-01", "fate-02"]}},
        {
            "kind": "battle_cards_revealed",
            "data": {
                "area": "10A",
                "row": 2,
                "attacker": {"unit": "uthuk_berserker", "cards": ["fate-01", "fate-02"]},
                "defender": None,
            },
        },
        {
            "kind": "battle_routed",
            "data": {"area": "10A", "side": "defender", "seat": 0, "unit": "human_infantry", "why": "fate"},
        },
        {
            "kind": "battle_damaged",
            "data": {"area": "10A", "side": "defender", "seat": 0, "unit": "human_infantry", "damage": 1, "eliminated": True},
        },
        {
            "kind": "battle_won",
            "data": {"area": "10A", "winner": "attacker", "seat": 1, "strength": {"attacker": 2, "defender": 1}, "stronghold": 1},
        },
        {"kind": "battle_ended", "data": {"area": "10A", "winner": "attacker", "seat": 1}},
    ]
    players = engine.view(showcase, None)["players"]
    image = render_battle(events, pack, players=players)
    public_only = [e for e in events if "to" not in e]
    assert image.tobytes() == render_battle(public_only, pack, players=players).tobytes()
    assert image.height > 400
    live = render_battle(engine.view(showcase, None), pack)  # no battle is being fought
    assert live.height < image.height
