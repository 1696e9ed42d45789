"""A renderer is handed the reader's language when it takes it (issue 31 item 4,
:func:`bot.service.speaks`): by a ``tr`` keyword, or through keywords it passes on, as
Runewars' ``render_png(view, pack, *, seat, **options)`` does."""

import renderer.runewars as runewars_renderer
from bot.i18n import tr_for
from bot.service import speaks

GERMAN = tr_for("de")


def test_a_renderer_gets_the_language_by_name_or_through_the_keywords_it_passes_on():
    def named(view, pack, *, tr=None): ...

    def passed_on(view, pack, **options): ...

    def english_only(view, pack, *, seat=None): ...

    assert speaks(named, GERMAN) == {"tr": GERMAN}
    assert speaks(passed_on, GERMAN) == {"tr": GERMAN}
    assert speaks(english_only, GERMAN) == {}
    assert speaks(runewars_renderer.render_png, GERMAN) == {"tr": GERMAN}  # /game map's picture, in German
