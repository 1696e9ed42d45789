"""The board panel's heading never overlaps the year and season track (issue 20 item 8: the final picture's
"Game over after year 6" ran into the year circles, `demo` final.png, seed 1, 3 players)."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.runewars.ai.driver import play
from engine.runewars.ai.policy import choose
from renderer.palette import PALETTES
from renderer.runewars.panel import HEADING_GAP, PANEL_WIDTH, header_layout, header_title, render_panel
from renderer.runewars.viewdata import SEASONS, ViewData
from tests.runewars.playthrough import ENGINE

PAD = 24  # the panel's margin (render_panel's Column)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_boxes(title: str, years: int, width: int = PANEL_WIDTH) -> dict:
    layout = header_layout(title, years, width, PAD)
    boxes = [("title", layout["title"])] + [(f"year {n}", b) for n, b in enumerate(layout["years"], 1)]
    boxes += [(season, b) for season, b in zip(SEASONS, layout["seasons"])]
    for (name_a, a), (name_b, b) in combinations(boxes, 2):
        assert not overlap(a, b), f"{title!r}: {name_a} {a} overlaps {name_b} {b}"
    track = layout["years"] + layout["seasons"]
    same_row = [b for b in track if b[1] < layout["title"][3]]
    assert all(b[0] >= layout["title"][2] + HEADING_GAP for b in same_row), f"{title!r}: the track crowds the heading"
    for name, (x0, y0, x1, y1) in boxes:
        assert PAD - 2 <= x0 and x1 <= width - PAD + 2 and 0 <= y0 and y1 <= layout["height"], f"{name} leaves the panel"
    return layout


@pytest.mark.parametrize("years", [6, 8])
def test_every_heading_the_panel_shows_keeps_clear_of_the_track(years):
    """Every heading (set-up steps, each year and season, game over after each year), 6 years and the 8 of the epic
    game (p. 37): the boxes of the heading, the year circles and the season boxes never overlap."""
    phases = ["setup.faction", "setup.map", "setup.units", "setup.heroes_and_exploration_tokens"]
    views = [{"phase": p} for p in phases]
    views += [{"phase": "play", "year": y, "season": s} for y in range(1, years + 1) for s in SEASONS]
    views += [{"phase": "over", "year": y, "season": "winter"} for y in range(1, years + 1)]
    for view in views:
        check_boxes(header_title(view), years)


@pytest.fixture(scope="module")
def final_views():
    """The public view at the end of an AI game with 2, 3 and 4 players (seed 1, as `python -m bot demo`)."""
    out = {}
    for seats in (2, 3, 4):
        game = play(seats, 1, choose, in_place=True)
        assert game.state.result is not None
        out[seats] = (ENGINE.view(game.state, None), ENGINE.ruleset.pack(game.state.options))
    return out


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_final_pictures_heading_never_overlaps_the_year_circles(final_views, palette, seats):
    """Issue 20 item 8: at every palette and player count the final panel's "Game over after year N" keeps clear of the
    year circles: the boxes are disjoint, and in the picture the strip right of the heading is bare paper while each
    year circle is painted where its box says."""
    view, pack = final_views[seats]
    title = header_title(view)
    assert title.startswith("Game over after year")
    years = max(int(pack.constant("years")), int(view.get("year") or 0))
    layout = check_boxes(title, years)
    pal = PALETTES[palette]
    image = render_panel(ViewData(view, pack, None), pal).convert("RGB")
    x0, y0, x1, y1 = layout["title"]
    strip = {image.getpixel((x, PAD + y)) for x in range(x1 + 1, x1 + HEADING_GAP // 2) for y in range(y0, y1)}
    assert strip == {tuple(pal.paper)}, "something is painted right beside the heading"
    for bx0, by0, bx1, by1 in layout["years"]:
        circle = {image.getpixel((x, PAD + y)) for x in range(bx0, bx1 + 1) for y in range(by0, by1 + 1)}
        assert tuple(pal.ink) in circle
