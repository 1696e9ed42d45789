"""Seventh Stone pictures and texts (issue 30 item 1): drawn from views only, a secret never in a
public picture or alt text, a seat's own picture shows its hand and allocation, phone layout and
size limits (issue 30 Done-when: every picture at most 1.5 MB), the translator hook."""

from __future__ import annotations

from functools import lru_cache
from random import Random

import pytest

import renderer.seventhstone as R
from engine.core import Engine
from engine.seventhstone.hidden import permute_secrets
from engine.seventhstone.pack import load_pack
from engine.seventhstone.ruleset import RULESET
from renderer import phone
from renderer.encode import png_chunks
from renderer.seventhstone.picture import LABEL

ENGINE = Engine(RULESET)
PACK = load_pack()
MAX_BYTES = 1_500_000


@lru_cache(maxsize=1)
def played() -> tuple:
    """The states of one 4-player AI game (seed 3), in order."""
    from engine.seventhstone.ai.policy import choose

    state = ENGINE.setup({}, 4, 3).state
    states = [state]
    rng = Random(3)
    while state.result is None and len(states) < 3000:
        prompt = state.prompts[0]
        legal = RULESET.legal(state, prompt)
        action = choose(ENGINE.view(state, prompt.seat), prompt, legal, rng, pack=PACK)
        state = ENGINE.apply(state, action).state
        states.append(state)
    return tuple(states)


def first(pred):
    return next(s for s in played() if pred(ENGINE.view(s, None)))


def test_every_phase_renders_small_pngs_without_metadata():
    seen = set()
    for state in played()[::7]:
        view = ENGINE.view(state, None)
        if view["phase"] in seen:
            continue
        seen.add(view["phase"])
        png = R.render_png(view, PACK)
        assert png_chunks(png) == ["IHDR", "PLTE", "IDAT", "IEND"] or set(png_chunks(png)) <= {
            "IHDR",
            "PLTE",
            "tRNS",
            "IDAT",
            "IEND",
        }
        assert len(png) <= MAX_BYTES
        assert len(R.alt_text(view, PACK)) <= 1024
    assert {"allocate", "movement"} <= seen


def test_a_public_picture_is_the_same_whatever_the_secrets():
    """issue 30 item 1: allocations before the reveal, hands, tiles under armies and draft tiles
    are never drawn: redrawing every secret (engine.seventhstone.hidden.permute_secrets) leaves the
    public picture and alt text byte for byte the same."""
    state = first(lambda v: v["phase"] == "allocate" and v["year"] >= 2 and any(a["equipped"] for a in v["armies"]))
    pack = PACK
    shuffled = permute_secrets(state, Random(5))
    view, other = ENGINE.view(state, None), ENGINE.view(shuffled, None)
    assert view == other
    assert R.render_png(view, pack) == R.render_png(other, pack)
    assert R.alt_text(view, pack) == R.alt_text(other, pack)


def test_a_seats_own_picture_names_its_hand_and_the_public_one_does_not():
    state = first(lambda v: any(p["hand"] for p in v["players"]))
    public = ENGINE.view(state, None)
    seat = next(p["seat"] for p in public["players"] if p["hand"])
    own = ENGINE.view(state, seat)
    tile = PACK.tile(own["hand"][0])["name"]
    assert tile in R.alt_text(own, PACK, seat=seat)
    assert tile not in R.alt_text(public, PACK) or tile in public["offer"]
    assert R.render_png(own, PACK, seat=seat) != R.render_png(public, PACK)
    assert R.render_private_png(own, PACK, seat=seat)
    with pytest.raises(ValueError):
        R.render_private_png(public, PACK, seat=seat)


def test_the_allocation_shows_in_its_seats_picture_before_the_reveal():
    state = first(lambda v: v["phase"] == "allocate")
    prompt = next(p for p in state.prompts if p.kind == "allocate")
    add = next(a for a in RULESET.legal(state, prompt) if a.choice == "add" and a.args["item"] == "tournament")
    state = ENGINE.apply(state, add).state
    own = ENGINE.view(state, prompt.seat)
    assert own["allocation"]["tournament"] == add.args["count"]
    public = ENGINE.view(state, None)
    assert R.render_png(own, PACK, seat=prompt.seat) != R.render_png(own, PACK, seat=None) or own.get("seat") == prompt.seat
    lines = R.text_board(public, PACK)
    assert not any("tournament " + str(add.args["count"]) in line for line in lines)


def test_phone_gallery_is_legible_and_short():
    """renderer/phone.py: each picture at most 1,200 px tall, the map's labels at least 10 px at a phone's width."""
    view = ENGINE.view(played()[-1], None)
    pictures = R.gallery(view, PACK, layout="phone")
    assert [what for what, _ in pictures][0] == "map"
    for _, image in pictures:
        assert image.height <= phone.MAX_HEIGHT
    grid = pictures[0][1]
    assert phone.shown_px(LABEL, grid.width) >= phone.MIN_LABEL_PX
    assert all(len(png) <= MAX_BYTES for _, png in R.render_gallery_png(view, PACK, layout="phone"))


def test_palettes_and_translator():
    view = ENGINE.view(played()[len(played()) // 2], None)
    assert R.render_png(view, PACK, palette="contrast") != R.render_png(view, PACK)

    class Loud:
        def _(self, text, **values):
            return text.format(**values).upper()

    assert R.alt_text(view, PACK, tr=Loud()).startswith("SEVENTH STONE, YEAR")
    assert R.text_board(view, PACK, tr=Loud())[0].startswith("SEVENTH STONE")


def test_battle_panel_with_dice_and_text_board_of_one_field():
    state = first(lambda v: v["battle"] is not None)
    view = ENGINE.view(state, None)
    png = R.render_battle_png(view, PACK, dice=[{"seat": 0, "dice": [1, 4, 6], "hits": 1}])
    assert png_chunks(png)[0] == "IHDR"
    cell = view["battle"]["cell"]
    assert R.text_board(view, PACK, area=cell)[0].startswith(f"{cell}: ")
    assert "Battle on" in R.alt_text(view, PACK)


def battle_events() -> list[dict]:
    """The public events of the first battle of a 4-player AI game, as the bot's battle reports carry them."""
    from engine.seventhstone.ai.policy import choose

    state, rng, out = ENGINE.setup({}, 4, 3).state, Random(3), None
    while state.result is not None or out is None or out[-1]["kind"] != "battle_won":
        prompt = state.prompts[0]
        legal = RULESET.legal(state, prompt)
        transition = ENGINE.apply(state, choose(ENGINE.view(state, prompt.seat), prompt, legal, rng, pack=PACK))
        for event in transition.events:
            if not event.visible_to(None):
                continue
            if event.kind == "battle_begins":
                out = []
            if out is not None and (not out or out[-1]["kind"] != "battle_won"):
                out.append({"kind": event.kind, "data": dict(event.data)})
        state = transition.state
        if out and out[-1]["kind"] == "battle_won":
            return out
    return out or []


def test_a_battle_report_picture_from_public_events():
    """The bot's battle reports (narrator report_span) draw the combat panel with its dice from the
    battle's public events alone: the same events give the same picture."""
    events = battle_events()
    assert events[0]["kind"] == "battle_begins" and any(e["kind"] == "rolled" for e in events)
    players = [{"seat": s, "people": p} for s, p in enumerate(("orc", "dwarf", "elf", "human"))]
    first = R.render_battle(events, PACK, players=players)
    assert first.width == 460 and first.height > 100
    assert first.tobytes() == R.render_battle(events, PACK, players=players).tobytes()
    assert R.render_battle({"battle": None}, PACK).height > 0


def test_the_buildings_initials_on_the_map_come_from_the_catalogue():
    """Issue 31 (leftovers item 4): the map's building labels are catalogue messages in the
    viewer's language (German: Kaserne K, Manufaktur Mf, Mauer Ma; English B, M, W), so the
    pseudo-locale wraps them and a German map never shows the English initials."""
    from bot.i18n import tr_for
    from renderer.seventhstone.words import building_initial, words

    kinds = ("barracks", "manufactory", "wall")
    assert [building_initial(k, words(None)) for k in kinds] == ["B", "M", "W"]
    assert [building_initial(k, words(tr_for("de"))) for k in kinds] == ["K", "Mf", "Ma"]
    assert all(building_initial(k, words(tr_for("qps"))).startswith("⟦") for k in kinds)
