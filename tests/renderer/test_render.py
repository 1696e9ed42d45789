"""Rendering real positions: random games at several points, every scenario file, the
showcase position; what the image shows at an area; determinism, threads, PNG chunks."""

from __future__ import annotations

import io
import json
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

from engine.scenario import load_scenario
from renderer.encode import png_chunks
from renderer.palette import PALETTES
from renderer.runewars import compose, render_board, render_map, render_png
from renderer.runewars.layout import map_layout

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios" / "runewars").glob("*.toml"))


def _close(a, b, tolerance=3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def rim_point(layout, area: str) -> tuple[int, int]:
    """A point on the control rim (between 0.86 and 0.975 of the radius) of an edge without
    a mountain or water border (those are drawn over the rim)."""
    R = layout.size
    cx, cy = layout.centre(area)
    for direction, angle in (("w", 180), ("e", 0), ("sw", 120), ("se", 60)):
        if layout.board.border(area, direction) is None:
            a = math.radians(angle)
            return round(cx + 0.8 * R * math.cos(a)), round(cy + 0.8 * R * math.sin(a))
    pytest.skip(f"{area} has borders all round")


def test_a_held_area_is_ringed_in_its_controllers_colour(engine, pack, game_states):
    """p. 15: control is shown; the faction's colour appears on the rim of each area it holds."""
    state = game_states[len(game_states) // 2]
    view = engine.view(state, None)
    image = render_map(view, pack)
    layout = map_layout(view, pack)
    factions = {p["seat"]: p["faction"] for p in view["players"]}
    held = [(a, info["controller"]) for a, info in view["areas"].items() if info["controller"] is not None]
    assert held
    for area, seat in held:
        colour = PALETTES["default"].factions[factions[seat]]
        assert _close(image.getpixel(rim_point(layout, area)), colour), area
    free = next(a for a, info in view["areas"].items() if info["controller"] is None)
    assert image.getpixel(rim_point(layout, free)) not in PALETTES["default"].factions.values()


def test_random_game_positions_render_public_and_for_each_seat(engine, pack, game_states):
    """tests/runewars/playthrough.py choices at several points of a game, for every viewer;
    and that position as the game's end (the result is part of the view)."""
    for state in game_states[1:]:
        seats = range(len(state.board.players)) if state is game_states[-1] else []
        for seat in [None, *seats]:
            image = compose(engine.view(state, seat), pack, seat=seat)
            assert image.width >= 800 and image.height > 600
    over = dict(
        engine.view(game_states[-1], None),
        phase="over",
        awaiting=[],
        result={"winner": 1, "reason": "time_limit", "standings": [{"seat": 1, "dragon_runes": 2, "influence": 9}]},
    )
    panel = render_board(over, pack)
    assert panel.height > render_board(engine.view(game_states[-1], None), pack).height - 200


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_scenario_position_renders_public_and_per_seat(engine, pack, path):
    data = load_scenario(path)
    state = engine.from_position(data.get("options", {}), int(data["seats"]), int(data.get("seed", 0)), data["position"]).state
    pack = engine.ruleset.pack(data.get("options", {})) if data.get("options") else pack  # an expansion's tiles and units
    for seat in [None, *range(int(data["seats"]))]:
        view = engine.view(state, seat)
        assert render_map(view, pack, seat=seat).size[0] > 0
        assert render_board(view, pack, seat=seat).size[0] > 0


def test_the_showcase_draws_every_kind_of_piece(engine, pack, showcase):
    """Units of all four shapes, routed units, an allied neutral, a damaged stronghold, a
    development, runes, a hero, an exploration token, activation tokens: one image (seat 0's,
    who knows a dragon rune), and the PNG holds only pixel chunks."""
    view = engine.view(showcase, 0)
    pal = PALETTES["default"]
    colours = {c for _, c in render_map(view, pack, seat=0).getcolors(1 << 20)}
    for wanted in (pal.factions["humans"], pal.factions["uthuk"], pal.neutral, pal.dragon, pal.false_rune, pal.rune_back):
        assert any(_close(c, wanted) for c in colours), wanted
    data = render_png(view, pack, seat=0)
    chunks = png_chunks(data)
    assert chunks[:2] == ["IHDR", "PLTE"] and chunks[-1] == "IEND" and set(chunks[2:-1]) == {"IDAT"}
    image = Image.open(io.BytesIO(data))
    assert image.info == {}
    assert image.size == compose(view, pack, seat=0).size


def test_rendering_is_deterministic_threadsafe_and_survives_json(engine, pack, showcase):
    """The bot renders in worker threads and may keep views as JSON (seat keys as strings)."""
    view = engine.view(showcase, 0)
    first = render_png(view, pack, seat=0)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda _: render_png(view, pack, seat=0), range(2)))
    assert all(r == first for r in results)
    assert render_png(json.loads(json.dumps(view)), pack, seat=0) == first


def test_a_seat_render_needs_that_seats_view(engine, pack, showcase):
    with pytest.raises(ValueError):
        render_map(engine.view(showcase, None), pack, seat=1)
    with pytest.raises(ValueError):
        render_map(engine.view(showcase, 0), pack, seat=1)
