"""Pictures for phones (issue 19 item 7; docs/renderer.md "Sizes and phone legibility"): the
phone layout's pictures are at most 1,200 px tall, its map parts narrow enough that area ids
and unit counts show at least 10 px high when a phone shows them 400 px wide, over positions
of whole random games (set-up to the end, where the most units stand), public and per seat."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderer import fonts, phone
from renderer.blocks import Column
from renderer.runewars import gallery, render_board, render_gallery_png
from renderer.runewars.layout import CROP_HEX, MAP_HEX, label_size, map_layout, map_parts
from tests.renderer.conftest import states

#: (seats, seed): a 2-, 3- and 4-player random game played to its end
GAMES = [(2, 3), (3, 11), (4, 5)]


def positions(seats: int, seed: int, samples: int = 8):
    found = list(states(seats, seed))
    assert found[-1].result is not None  # the game was played to its end
    step = max(1, len(found) // samples)
    return found[step::step] + [found[-1]]


def cap_height(size: int) -> int:
    """The height in pixels of an area id's glyphs ("10A": digits and capitals) at ``size``."""
    box = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox((0, 0), "10A", font=fonts.font(size), anchor="ls")
    return box[3] - box[1]


@pytest.mark.parametrize(("seats", "seed"), GAMES)
def test_every_phone_picture_is_at_most_1200_px_tall_with_legible_labels(engine, pack, seats, seed):
    label = label_size(MAP_HEX)
    for state in positions(seats, seed):
        for seat in (None, *range(seats)):
            view = engine.view(state, seat)
            pictures = gallery(view, pack, seat=seat, layout="phone")
            assert len(pictures) <= phone.MAX_ATTACHMENTS
            for what, image in pictures:
                assert image.height <= phone.MAX_HEIGHT, (seats, seed, seat, what, image.size)
                if what.startswith("map"):
                    # the label font's height when the picture is shown 400 px wide
                    assert phone.shown_px(label, image.width) >= phone.MIN_LABEL_PX, (what, image.size)
                    assert phone.shown_px(cap_height(label), image.width) >= 7, (what, image.size)
            wide = gallery(view, pack, seat=seat, layout="wide")  # the status message's gallery
            assert all(image.height <= phone.MAX_HEIGHT for _, image in wide)


@pytest.mark.parametrize(("seats", "seed"), GAMES)
def test_the_map_parts_hold_every_area_once_at_the_whole_maps_scale(engine, pack, seats, seed):
    view = engine.view(positions(seats, seed)[-1], None)
    widest = phone.widest_for(label_size(MAP_HEX))
    parts = map_parts(view, pack, max_width=widest, max_height=phone.MAX_HEIGHT)
    drawn = [area for part in parts for area in part]
    assert sorted(drawn) == sorted(view["areas"]) and len(drawn) == len(set(drawn))
    for part in parts:
        layout = map_layout(view, pack, areas=part)
        assert layout.size == MAP_HEX and layout.grid.width <= widest and layout.grid.height <= phone.MAX_HEIGHT
    whole = map_layout(view, pack)
    if whole.grid.width <= widest:  # a map that is legible whole stays one picture
        assert len(parts) == 1
    else:
        assert len(parts) > 1 and phone.shown_px(label_size(MAP_HEX), whole.grid.width) < phone.MIN_LABEL_PX


def test_a_late_game_gallery_fits_discords_limits_for_a_message(engine, pack):
    state = positions(4, 5)[-1]
    for seat in (None, 0):
        pictures = render_gallery_png(engine.view(state, seat), pack, seat=seat, layout="phone")
        assert 2 <= len(pictures) <= phone.MAX_ATTACHMENTS
        assert all(png.startswith(b"\x89PNG") and len(png) <= phone.MAX_FILE_BYTES for _, png in pictures)
        assert sum(len(png) for _, png in pictures) <= 25 * 1024 * 1024  # one request's limit


def test_the_panels_pages_hold_the_whole_panel_cut_between_rows(engine, pack):
    state = positions(4, 5)[-1]
    view = engine.view(state, 0)
    whole = render_board(view, pack, seat=0)
    pages = [image for what, image in gallery(view, pack, seat=0, layout="phone") if what == "panel"]
    assert whole.height > phone.MAX_HEIGHT and len(pages) >= 2  # a seat's late-game panel needs pages
    pad = 24
    assert sum(page.height - 2 * pad for page in pages) == whole.height - 2 * pad
    top = 0
    for page in pages:  # each page is the same pixels as that stretch of the whole panel
        body = page.crop((0, pad, page.width, page.height - pad))
        assert body.tobytes() == whole.crop((0, pad + top, whole.width, pad + top + body.height)).tobytes()
        top += body.height


def test_a_column_is_cut_between_blocks_and_a_tall_block_keeps_a_page_of_its_own():
    col = Column(100, pad=10)
    for height in (300, 300, 500, 50):
        col.add(height, lambda img, draw, y: None)
    assert [page.height for page in col.pages((255, 255, 255), 640)] == [620, 570]
    assert [page.height for page in col.pages((255, 255, 255), 400)] == [320, 320, 520, 70]
    col.text("word " * 200, 20, (0, 0, 0))  # a long text is cut between its lines
    assert all(page.height <= 400 for page in col.pages((255, 255, 255), 400)[4:])


def test_a_part_of_unknown_areas_is_refused(engine, pack):
    view = engine.view(positions(2, 3, samples=1)[-1], None)
    with pytest.raises(ValueError, match="no area '99Z'"):
        map_layout(view, pack, areas=["99Z"])
    with pytest.raises(ValueError, match="no layout 'tablet'"):
        gallery(view, pack, layout="tablet")


def test_a_crop_is_one_legible_picture_in_the_phone_layout(engine, pack):
    """A crop (an area and its neighbours, hex radius 120 px) already shows its labels large."""
    view = engine.view(positions(4, 5)[-1], 1)
    for area in sorted(view["areas"])[::5]:
        pictures = gallery(view, pack, seat=1, crop=area, layout="phone")
        [(what, image)] = [p for p in pictures if p[0].startswith("map")]
        assert what == "map" and image.height <= phone.MAX_HEIGHT
        assert phone.shown_px(label_size(CROP_HEX), image.width) >= phone.MIN_LABEL_PX
        assert all(image.height <= phone.MAX_HEIGHT for _, image in pictures)
