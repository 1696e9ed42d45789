"""Nothing hidden reaches a public picture (digest §11.1): public PNG bytes, alt text and text
board are identical whatever a face-down rune is or what a hand holds; a seat's map differs
from the public one only inside the boxes of what that seat alone knows."""

from __future__ import annotations

import copy

from PIL import ImageChops, ImageDraw

from renderer.runewars import alt_text, compose, map_with_boxes, render_map, render_png, text_board
from tests.renderer.conftest import SHOWCASE


def _position(first: str, second: str, tactics: list[str], objective: str):
    """Seat 1's runes in 13A and 13B (face down: only seat 1 looks), its hand and objective.
    Swapping the two runes keeps the public supply counts the same."""
    spec = copy.deepcopy(SHOWCASE)
    spec["areas"]["13A"]["rune"] = {"kind": first}
    spec["areas"]["13B"] = {"rune": {"kind": second}}
    spec["players"]["1"] = {"tactics": tactics, "objective": objective}
    return spec


def test_public_outputs_do_not_depend_on_hidden_facts(engine, pack):
    """p. 32: face-down runes are secret; hands and objectives are secret (digest §11.1)."""
    a = engine.from_position({}, 3, 5, _position("dragon", "false", ["kriegskasse"], "bund_der_waelder")).state
    b = engine.from_position({}, 3, 5, _position("false", "dragon", ["spaeherbericht"], "viele_banner")).state
    assert engine.view(a, 1) != engine.view(b, 1)  # the positions do differ
    va, vb = engine.view(a, None), engine.view(b, None)
    assert render_png(va, pack) == render_png(vb, pack)
    for seat in (None, 0, 2):  # the public, and seats that know neither fact
        va, vb = engine.view(a, seat), engine.view(b, seat)
        assert compose(va, pack, seat=seat).tobytes() == compose(vb, pack, seat=seat).tobytes()
        assert alt_text(va, pack, seat) == alt_text(vb, pack, seat)
        assert text_board(va, pack, seat) == text_board(vb, pack, seat)
    # seat 1 controls 13A and sees its rune: its own map differs between the two
    assert render_map(engine.view(a, 1), pack, seat=1) != render_map(engine.view(b, 1), pack, seat=1)


def test_a_seat_map_differs_from_the_public_one_only_in_its_secret_markers(engine, pack, showcase):
    """Seat 0 knows 10A's and 10C's runes (p. 32, it controls them) and no exploration token."""
    public = render_map(engine.view(showcase, None), pack)
    private, boxes = map_with_boxes(engine.view(showcase, 0), pack, seat=0)
    secret = [box for area_boxes in boxes.values() for box in area_boxes]
    assert {area for area, b in boxes.items() if b} == {"10A", "10C"}
    diff = ImageChops.difference(public, private).convert("L").point(lambda v: 255 if v else 0)
    assert diff.getbbox() is not None
    mask = ImageDraw.Draw(diff)
    for box in secret:
        mask.rectangle([box[0], box[1], box[2] - 1, box[3] - 1], fill=0)
    assert diff.getbbox() is None
