"""The timelapse (issue 32 item 2): one frame per chapter, from the public view only.

Source: issue 32, "Deliver" item 2 (the board after each season, turn or year as the game's
chapters define, the chapter named on each frame, built from the public view as it stood at
each chapter, never the end-of-game reveal, under the upload limit with a still fallback), and
docs/bot.md "Timelapse".
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.frontend import frontend_for
from bot.table import timelapse as tl
from engine.core.registry import find_game
from engine.selfplay import engine_for, play
from renderer import timelapse as anim


@pytest.fixture(scope="module")
def game():
    """A 2-player Runewars game played by the AI (seed 3): the public view and every seat's after each commit."""
    descriptor = find_game("runewars")
    engine = engine_for(descriptor)
    pack = engine.ruleset.pack({})
    public, seats = [], []

    def note(before, action, transition) -> None:
        seq = len(public) + 2
        public.append((seq, engine.view(transition.state, None)))
        seats.append([engine.view(transition.state, s) for s in transition.state.seats])

    play(engine, 2, 3, descriptor.ai(), pack=pack, observe=note)
    return engine, pack, public, seats


def test_one_frame_per_chapter_each_the_public_view_that_ends_it(game):
    _, _, public, _ = game
    frontend = frontend_for("runewars")
    frames = tl.chapter_frames("runewars", public)
    chapters = []
    for _, view in public:
        if (key := frontend.chapter(view)) is not None and key not in chapters:
            chapters.append(key)
    assert [f.key for f in frames] == chapters  # every season once, in order (Year 1 spring … Year 6 winter)
    by_seq = dict(public)
    for frame in frames:
        assert frame.view is by_seq[frame.seq]  # the public view itself
        assert frontend.chapter(frame.view) != frame.key  # the first commit after the chapter ended
    assert frames[0].label == "Year 1 spring"
    assert frames[-1].view["result"] is not None and frames[-1].label.endswith("· the end")


def test_a_running_game_shows_only_its_finished_chapters(game):
    _, _, public, _ = game
    frames = tl.chapter_frames("runewars", public)
    cut = frames[3].seq  # the game as it stood at the first commit of the fifth chapter
    assert [f.key for f in tl.chapter_frames("runewars", [v for v in public if v[0] <= cut])] == [f.key for f in frames[:4]]


def test_the_renderer_is_handed_public_views_only(game, monkeypatch):
    """Every frame is drawn with seat None from a view that is no seat's: a seat's view of the
    same moment (its hand, its orders) differs from every view drawn."""
    _, pack, public, seats = game
    drawn = []

    class Spy:
        @staticmethod
        def render_png(view, pack, *, seat=None, **options):
            drawn.append((view, seat))
            out = io.BytesIO()
            Image.new("RGB", (40, 30), (len(drawn), 0, 0)).save(out, format="PNG")
            return out.getvalue()

    monkeypatch.setattr(tl, "renderer_for", lambda game: Spy)
    frames = tl.chapter_frames("runewars", public)
    made = tl.render("runewars", frames, pack)
    assert made is not None and made.frames == len(frames) == len(drawn)
    assert all(seat is None for _, seat in drawn)
    private = [v for per_seat in seats for v in per_seat]
    assert all(view is f.view for (view, _), f in zip(drawn, frames))
    assert not any(view == mine for view, _ in drawn for mine in private if "hand" in mine and mine["hand"])


def _png(colour: tuple[int, int, int], size: tuple[int, int] = (300, 200)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


def test_frames_are_named_and_animated_under_the_limit():
    pictures = [(_png((i * 40, 80, 120), (300, 200 + 10 * i)), f"Chapter {i + 1}") for i in range(5)]
    made = anim.animate(pictures)
    assert made is not None and made.animated and made.extension == anim.animated_format() and made.frames == 5
    frames = anim.frames_of(made.data)
    assert len(frames) == 5 and len({f.size for f in frames}) == 1  # one canvas for every frame
    band = frames[0].crop((0, 0, frames[0].width, anim.CAPTION))
    assert len(band.getcolors(band.width * band.height)) > 2, "the caption band carries the chapter's name"
    assert frames[0].getpixel((150, anim.CAPTION + 50)) == (0, 80, 120)  # the picture itself, below the band
    if made.extension == "webp":
        assert b"EXIF" not in made.data and b"XMP " not in made.data and b"ICCP" not in made.data


def test_gif_where_there_is_no_webp_encoder():
    made = anim.animate([(_png((200, 0, 0)), "A"), (_png((0, 200, 0)), "B")], kind="gif")
    assert made is not None and made.extension == "gif" and len(anim.frames_of(made.data)) == 2


def test_a_timelapse_over_the_limit_shrinks_then_falls_back_to_a_still():
    pictures = [(_png((i * 20 % 255, 40, 60), (800, 600)), f"Chapter {i}") for i in range(12)]
    whole = anim.animate(pictures)
    smaller = anim.animate(pictures, limit=len(whole.data) - 1)
    assert smaller is not None and smaller.animated and len(smaller.data) < len(whole.data)
    assert anim.frames_of(smaller.data)[0].width < anim.frames_of(whole.data)[0].width
    still = anim.animate(pictures, limit=20_000)
    assert still is not None and not still.animated and still.extension == "png" and len(still.data) <= 20_000
    assert anim.animate(pictures, limit=10) is None
    assert anim.animate([]) is None


def test_chapters_are_named_in_the_games_language(game):
    """docs/bot.md "Languages": the game's public texts follow its language, the frames' names too."""
    from bot.i18n import tr_for

    _, _, public, _ = game
    frames = tl.chapter_frames("runewars", public, tr_for("de"))
    assert frames[0].label == "Jahr 1 Frühling" and frames[-1].label.endswith("· das Ende")
