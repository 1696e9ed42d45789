"""Pictures in the viewer's language (issue 31 item 4): the renderer takes ``tr`` (a duck type
with ``_``; None is English), every word it draws or writes is a catalogue message or a name
from the data pack in that language, and its fonts draw German (ä ö ü ß) and names in other
scripts without boxes."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.i18n import marking, tr_for, untranslated
from renderer import fonts
from renderer.runewars import alt_text, render_battle, render_png, text_board
from renderer.runewars.describe import ALT_LIMIT


@pytest.fixture
def marked():
    """Catalogued messages (and pack content in the asked language) carry invisible marks, so
    :func:`bot.i18n.untranslated` finds every word that came from nowhere."""
    marking(True)
    yield
    marking(False)


def _views(engine, states):
    for state in states:
        for seat in [None, *range(len(state.board.players))]:
            yield seat, engine.view(state, seat)


@pytest.mark.parametrize("language", ["de", "en", "qps"])
def test_alt_text_and_text_board_say_nothing_uncatalogued(engine, pack, game_states, showcase, marked, language):
    tr = tr_for(language)
    for seat, view in _views(engine, [*game_states, showcase]):
        alt = alt_text(view, pack, seat, tr=tr)
        assert len(alt) <= ALT_LIMIT
        assert untranslated(alt) == [], alt
        for line in text_board(view, pack, seat, tr=tr).splitlines():
            assert untranslated(line) == [], line


def test_german_texts_name_units_factions_and_places_as_the_german_rulebook(engine, pack, showcase):
    tr = tr_for("de")
    board = text_board(engine.view(showcase, 0), pack, 0, tr=tr)
    assert "Runewars — " in board and "Sicht von Menschen (Spieler 1)" in board
    assert "Bogenschützen" in board and "Infanteristen" in board  # p. 4 component list
    assert "Archers" not in board
    assert alt_text(engine.view(showcase, None), pack, tr=tr).startswith("Runewars-Karte")


def test_without_a_translator_the_texts_stay_english(engine, pack, showcase):
    view = engine.view(showcase, None)
    assert alt_text(view, pack).startswith("Runewars map")
    assert "Archers" in text_board(view, pack)


@pytest.mark.parametrize("language", ["de", "qps"])
def test_every_word_drawn_on_map_panel_and_battle_is_translated(
    engine, pack, showcase, game_states, marked, monkeypatch, language
):
    drawn: list[str] = []
    original = fonts.text

    def recording(img, xy, string, size, fill, **kw):
        drawn.append(string)
        return original(img, xy, string, size, fill, **kw)

    monkeypatch.setattr(fonts, "text", recording)
    tr = tr_for(language)
    for seat, view in _views(engine, [showcase, game_states[-1]]):
        render_png(view, pack, seat=seat, tr=tr)
    render_battle(engine.view(showcase, None), pack, tr=tr)
    report = [
        {"kind": "battle_started", "area": "10A", "attacker": 1, "defender": 0},
        {"kind": "battle_lined_up", "attacker": {"units": {"uthuk_berserker": 2}}, "defender": {"units": {"human_archer": 2}}},
        {"kind": "battle_routed", "side": "defender", "unit": "human_archer"},
        {"kind": "battle_won", "winner": "attacker", "strength": {"attacker": 3, "defender": 1}, "stronghold": 0},
    ]
    render_battle(report, pack, tr=tr, players=[{"seat": 0, "faction": "humans"}, {"seat": 1, "faction": "uthuk"}])
    # one text in drawing order: a message wrapped over several lines keeps its marks around them all
    assert drawn and untranslated("\n".join(drawn)) == []


def test_the_renderer_never_imports_the_bot():
    """The renderer takes a translator as a duck type; it must not import bot (the layers' rule)."""
    import renderer.runewars.describe as describe
    import renderer.words as words

    for module in (describe, words):
        assert "from bot" not in open(module.__file__, encoding="utf-8").read()


def _ink(string: str) -> bytes:
    img = Image.new("L", (400, 40), 0)
    fonts.text(img, (5, 5), string, 22, 255)
    return img.tobytes()


def test_fonts_draw_german_and_other_scripts_and_replace_what_no_font_has():
    """ä ö ü ß and a Cyrillic display name are drawn (not as the missing glyph); CJK becomes "?"
    rather than boxes; ASCII is drawn as before (Aileron)."""
    assert fonts.printable("Bogenschützen Größe") == "Bogenschützen Größe"
    assert fonts.printable("Жанна") == "Жанна"
    assert fonts.printable("山田") == "??"
    assert _ink("Größe") != _ink("Gr??e")
    assert _ink("Жанна") != _ink("?????")
    assert fonts.width("Straße", 22) > fonts.width("Strae", 22)
    for name in ("Жанна", "山田太郎", "🐉 Drache", "Ölaf"):
        img = Image.new("RGB", (300, 40), "white")
        fonts.text(img, (150, 20), name, 22, (0, 0, 0), anchor="mm", bold=True, halo=(255, 255, 255))
        assert img.getbbox() is not None
