"""The Lords of Ragnarok pictures (issue 26 item 1): drawn from views only, both board sides, a
hunt and a battle panel, a seat's private picture, crops, alt text, text board, palettes and the
phone layout; a secret (a hand, the monster's attack hand, a hero offer) never reaches a public
picture or text (digest 11.1)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops

import renderer.ragnarok as R
from engine.ragnarok.pack import load
from renderer import phone
from renderer.encode import png_chunks
from renderer.ragnarok.style import SEAT_COLOURS
from tests.ragnarok.helpers import ENGINE, at

PACK = load(None)
LIMIT = 1_500_000  # issue 26 "Done when": every picture at most 1.5 MB


def _hunt(seats: int = 3, hand: list[str] | None = None, attack_hand: list[str] | None = None):
    """Seat 0 hunts the Draugr in territory 5; seat 1 plays the monster with its attack hand."""
    return at(
        seats,
        active=0,
        step="special",
        monsters={"draugr": {"at": 5}},
        players={
            "0": {"at": 5, "hand": hand or ["combat01", "combat06"], "armies": [[5, 3]]},
            "1": {"at": 8, "armies": [[6, 2]]},
        },
        hunt={"hunter": 0, "target": "draugr", "monster_player": 1, "attack_hand": attack_hand or ["attack01", "attack04"]},
    )


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_both_sides_render_within_the_limits(seats):
    """Rulebook p. 7 (setup step 1): the 2-player side has 16 territories, the 3-4 player side 21."""
    state = at(seats, control={"1": 0, "2": 1}, temples=[3], wheel={"recruit": [0, 1]}, players={"0": {"armies": [[1, 4]]}})
    view = ENGINE.view(state, None)
    assert view["side"] == ("2p" if seats == 2 else "34p")
    png = R.render_png(view, PACK)
    assert set(png_chunks(png)) == {"IHDR", "PLTE", "IDAT", "IEND"} and len(png) < LIMIT
    assert _image(png).width == 1000
    assert len(R.areas(view, PACK)) >= (16 if seats == 2 else 21)


def test_hunt_panel_and_the_monster_players_private_picture():
    """Digest 8.2: the monster's attack hand is the monster player's secret; the hunt panel shows
    the wound spaces and the attack card with its rage and weak spot once played."""
    state = _hunt()
    public, mp = ENGINE.view(state, None), ENGINE.view(state, 1)
    assert "attack_hand" in mp and "attack_hand" not in public
    panel = R.render_hunt(public, PACK)
    assert panel is not None and panel.width == 500
    words = R.text_board(public, PACK)
    assert "Hunt:" in words and "Draugr" in words
    # the monster player's own picture differs from the public one (its secrets are drawn)
    assert R.render_png(mp, PACK, seat=1) != R.render_png(public, PACK)


def test_public_outputs_do_not_depend_on_secrets():
    """Digest 11.1: hands and the monster's attack hand are secret. Two positions that differ only
    in them give the same public picture, alt text and text board, and the same pictures to a
    seat that knows neither."""
    a = _hunt(hand=["combat01", "combat06"], attack_hand=["attack01", "attack04"])
    b = _hunt(hand=["combat02", "combat07"], attack_hand=["attack02", "attack05"])
    assert ENGINE.view(a, 0) != ENGINE.view(b, 0) and ENGINE.view(a, 1) != ENGINE.view(b, 1)
    for seat in (None, 2):
        va, vb = ENGINE.view(a, seat), ENGINE.view(b, seat)
        assert R.render_png(va, PACK, seat=seat) == R.render_png(vb, PACK, seat=seat)
        assert R.alt_text(va, PACK, seat=seat) == R.alt_text(vb, PACK, seat=seat)
        assert R.text_board(va, PACK, seat) == R.text_board(vb, PACK, seat)
        for layout in ("wide", "phone"):
            assert R.render_gallery_png(va, PACK, seat=seat, layout=layout) == R.render_gallery_png(
                vb, PACK, seat=seat, layout=layout
            )
    # the hunter's own picture shows its hand: it differs
    assert R.render_png(ENGINE.view(a, 0), PACK, seat=0) != R.render_png(ENGINE.view(b, 0), PACK, seat=0)
    # a seat's alt text names no card of its hand (alt text may be read aloud next to others)
    assert "Bearded Axe" not in R.alt_text(ENGINE.view(a, 0), PACK, seat=0)


def test_a_seat_picture_needs_its_own_view():
    state = _hunt()
    with pytest.raises(ValueError):
        R.render_png(ENGINE.view(state, 0), PACK, seat=1)


def test_hero_offer_is_drawn_only_for_the_selecting_seat():
    """Digest 4.3: the drawn hero boards and lineage cards are the selecting player's secret."""
    state = ENGINE.setup({}, 3, 1).state
    prompt = next(p for p in state.prompts if p.kind == "hero_pick")
    mine, public = ENGINE.view(state, prompt.seat), ENGINE.view(state, None)
    assert "offer" in mine and "offer" not in public
    words = R.text_board(public, PACK) + R.alt_text(public, PACK)
    for hero in mine["offer"]["heroes"]:
        assert not re.search(rf"\b{PACK.name(hero)}\b", words)
    assert R.render_png(mine, PACK, seat=prompt.seat) != R.render_png(public, PACK)


def test_battle_panel_from_a_view_and_from_a_report():
    state = at(
        3,
        active=0,
        control={"6": 1},
        players={"0": {"armies": [[6, 3]], "hand": ["combat01"]}, "1": {"armies": [[6, 2]], "hand": ["combat02"]}},
    )
    view = ENGINE.view(state, None)
    view["battle"] = {
        "territory": 6,
        "attacker": 0,
        "defender": 1,
        "passed": [],
        "played": {"a": ["combat01"], "d": []},
        "bonus": {"a": 0, "d": 1},
        "to": 1,
    }
    assert R.render_battle(view, PACK).width == 500
    events = [
        {"kind": "battle_begins", "data": {"territory": 6, "attacker": 0, "defender": 1}},
        {"kind": "battle_card", "data": {"seat": 0, "card": "combat01"}},
        {"kind": "battle_pass", "data": {"seat": 1}},
        {"kind": "battle_won", "data": {"territory": 6, "winner": 0, "winner_value": 4, "loser_value": 2}},
    ]
    assert R.render_battle(events, PACK, players=view["players"]).height > 100


def test_crop_of_an_area_and_a_refusal_of_an_unknown_one():
    view = ENGINE.view(at(3), None)
    whole = _image(R.render_png(view, PACK))
    crop = R.render_map(view, PACK, crop="5")
    assert crop.width < whole.width or crop.height < 1000
    R.render_png(view, PACK, crop="sea1")
    with pytest.raises(ValueError, match="no area"):
        R.render_png(view, PACK, crop="99")
    assert R.text_board(view, PACK, area="5").startswith("5 (")
    assert "no territory 99" in R.text_board(view, PACK, area="99")


def test_phone_layout_fits_a_phone():
    """renderer/phone.py: each picture at most 1,200 px tall, and the map halves narrow enough that a
    14 px label shows at least 10 px high at a phone's 400 px."""
    view = ENGINE.view(_hunt(4), 0)
    pictures = R.render_gallery_png(view, PACK, seat=0, layout="phone")
    assert [w for w, _ in pictures][:2] == [w for w, _ in pictures if w.startswith("map:")]
    for what, png in pictures:
        image = _image(png)
        assert image.height <= phone.MAX_HEIGHT and len(png) < LIMIT
        if what.startswith("map:"):
            assert phone.shown_px(14, image.width) >= phone.MIN_LABEL_PX
    wide = R.render_gallery_png(view, PACK, seat=0, layout="wide")
    assert all(_image(png).height <= phone.MAX_HEIGHT for _, png in wide)


def test_palettes_keep_seats_apart():
    """Colour-blind palette (renderer/palette.py): four distinct seat colours in every palette, and
    each palette gives a different picture."""
    for colours in SEAT_COLOURS.values():
        assert len(set(colours.values())) == 4
    view = ENGINE.view(at(4, control={"1": 0, "2": 1, "3": 2, "4": 3}), None)
    default, contrast = (R.render_map(view, PACK, palette=p) for p in ("default", "contrast"))
    assert ImageChops.difference(default, contrast).getbbox() is not None


def test_words_go_through_the_translator():
    class Shout:
        def _(self, text, **values):
            return text.format(**values).upper()

    view = ENGINE.view(at(3), None)
    assert R.alt_text(view, PACK, tr=Shout()).startswith("LORDS OF RAGNAROK")
    R.render_png(view, PACK, tr=Shout())


def test_a_picture_does_not_depend_on_the_order_of_a_views_keys():
    """The bot stores views as JSON with sorted keys (bot/service/payloads.py); the leak audit redraws
    the public pictures from the replayed views and compares bytes (tests/e2e/leaks.py)."""
    import json

    from bot.service.payloads import dumps

    for seat in (None, 1):
        view = ENGINE.view(_hunt(), seat)
        stored = json.loads(dumps(view))
        assert R.render_gallery_png(view, PACK, seat=seat) == R.render_gallery_png(stored, PACK, seat=seat)
        assert R.alt_text(view, PACK, seat=seat) == R.alt_text(stored, PACK, seat=seat)


def test_yggdrasil_close_up_shows_every_wheel_stack():
    """Digest 5.5: a special action's marker goes on top of the field's stack; the decision's
    picture (crop "yggdrasil") is the Yggdrasil panel with each stack in order."""
    view = ENGINE.view(at(3, wheel={"recruit": [1, 2], "seize": [0]}), None)
    close = R.render_map(view, PACK, crop="yggdrasil")
    assert close.width == 500 and close.height > 300
    other = ENGINE.view(at(3, wheel={"recruit": [2, 1], "seize": [0]}), None)
    assert R.render_map(other, PACK, crop="yggdrasil").tobytes() != close.tobytes()


def test_the_render_command_draws_a_ragnarok_scenario(tmp_path, capsys):
    """``python -m bot render`` (docs/renderer.md) on a Lords of Ragnarok scenario: a seat's crop with
    its words, the split pictures, and a refusal naming the areas for an unknown crop."""
    from pathlib import Path

    from bot.cli import main

    scenario = str(Path(__file__).parents[1] / "scenarios" / "ragnarok" / "weak_spot.toml")
    out = tmp_path / "hunt.png"
    assert main(["render", "--scenario", scenario, "--seat", "0", "--crop", "hunt", "--text", "--out", str(out)]) == 0
    assert out.stat().st_size < LIMIT and "Your hand:" in capsys.readouterr().out
    assert main(["render", "--scenario", scenario, "--split", "--out", str(tmp_path / "board.png")]) == 0
    assert (tmp_path / "board-panel.png").exists()
    assert main(["render", "--scenario", scenario, "--crop", "99", "--out", str(tmp_path / "x.png")]) == 2
    assert "no area '99'" in capsys.readouterr().err
