"""The Banners of War variants on the map, the board panel, the alt text and the text board (issue 24 item 8: „the
renderer shows capitals, zombie and peasant tokens, commanders with their cards, alternative cities with printed runes, a
victory card waiting on a season deck (face down: whose it is is public, nothing else); the board panel lists each
seat's development cards“), drawn from views only."""

from __future__ import annotations

from engine.core import Engine, load_ruleset
from renderer.palette import PALETTES
from renderer.runewars import alt_text, render_map, text_board
from renderer.runewars.mapdraw import GOLD
from renderer.runewars.panel import public_counts, render_panel
from renderer.runewars.viewdata import ViewData

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
ALL = {
    "banners_of_war": True,
    "development_cards": True,
    "commanders": True,
    "free_cities": True,
    "road_to_victory": True,
}
PACK = RULES.pack(ALL)
MAP = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-10", "rotation": 0, "q": 3, "r": 0}]


def _state(*, variants=None, areas=None, heroes=None, options=ALL):
    spec = {
        "factions": ["humans", "undead"],
        "placements": MAP,
        "neutrals": "none",
        "areas": areas
        or {
            "10A": {"stronghold": {"owner": 0}, "units": [{"owner": 0, "unit": "human_infantry", "standing": 1}]},
            "1A": {"units": [{"owner": 1, "unit": "undead_zombie", "standing": 18}]},
            "1B": {"city": "free-city-1", "units": [{"owner": 0, "unit": "human_archer", "standing": 1}]},
            "1C": {"city": "free-city-2"},
        },
        "heroes": heroes if heroes is not None else [{"card": "aldric_sturmhand", "owner": 0, "area": "10A"}],
        "season": {"year": 2, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
        **({"variants": variants} if variants is not None else {}),
    }
    return ENGINE.from_position(options, 2, 1, spec).state


FULL = {
    "development_cards": {0: ["dev.humans.capital", "dev.humans.support_of_the_people"], 1: ["dev.undead.plague_lands"]},
    "capitals": {"10A": 0},
    "peasants": {"1D": 0},
    "commanders": {"aldric_sturmhand": "commander.rallying_cry"},
    "victory_cards": {"summer": [0, 2]},
}


def _colours(image) -> set:
    return {c[:3] for _, c in image.getcolors(1 << 22)}


def _gold(image) -> int:
    return sum(n for n, c in image.getcolors(1 << 22) if c[:3] == GOLD)


def _near(colours, wanted, tolerance=4) -> bool:
    return any(all(abs(a - b) <= tolerance for a, b in zip(c, wanted)) for c in colours)


def test_the_variants_pieces_are_drawn_on_the_map_and_nothing_without_them():
    """exp. p. 9 the capital („Hauptstadtmarker“) and the peasant tokens, p. 10 the commander (his hero figure with the
    commander token under it), p. 11 the Free Cities' printed dragon runes: a gold star marks capital and commander, a
    round P token in Daqan's colour the peasant token, a dragon-rune disc the printed rune. Without them, no gold."""
    state = _state(variants=FULL)
    view = ENGINE.view(state, None)
    assert view["variants"]["capitals"] == {"10A": 0} and view["variants"]["peasants"] == {"1D": 0}
    with_them = render_map(view, PACK)
    assert _near(_colours(with_them), PALETTES["default"].dragon)
    plain = render_map(ENGINE.view(_state(variants={}), None), PACK)
    assert _gold(with_them) > 0 and _gold(plain) == 0
    no_commander = render_map(ENGINE.view(_state(variants={**FULL, "commanders": {}}), None), PACK)
    assert 0 < _gold(no_commander) < _gold(with_them)  # the capital's star stays, the commander's went


def test_the_free_citys_printed_rune_counts_for_the_areas_controller_unless_desolation_lies_there():
    """exp. p. 11: „Diese Drachenrune zählt nur für den Spielsieg“ and belongs to whoever controls the area; Desolation
    or Cryomancy cancels it (§6.6). free-city-1 prints a rune, free-city-2 none."""
    state = _state(variants=FULL)
    data = ViewData(ENGINE.view(state, None), PACK)
    assert data.free_city_rune("1B") and not data.free_city_rune("1C")
    assert public_counts(data, 0)["dragon_runes"] == 1 and public_counts(data, 1)["dragon_runes"] == 0
    state.board.desolation = ["1B"]
    data = ViewData(ENGINE.view(state, None), PACK)
    assert public_counts(data, 0)["dragon_runes"] == 0
    assert "printed dragon rune (cancelled by Desolation or Cryomancy)" in text_board(ENGINE.view(state, None), PACK)


def test_the_zombie_tokens_in_play_are_the_figures_beyond_the_plastic_ones():
    """exp. p. 9 „Pestländer“: 8 zombie tokens, „Ein Zombiemarker kann jederzeit durch eine Zombiefigur aus Kunststoff
    ersetzt werden und umgekehrt“: 18 Zombies on the board with 16 figures are 2 tokens in play."""
    data = ViewData(ENGINE.view(_state(variants=FULL), None), PACK)
    assert PACK.unit("undead_zombie").figures == 16
    assert data.tokens_in_play(1) == {"undead_zombie": (2, 8)}
    assert data.tokens_in_play(0) == {}


def test_the_text_board_and_alt_text_name_every_variant_piece():
    """The words say what the picture shows (docs/renderer.md): capital, peasant token, commander and his card, the
    development cards by name, the zombie tokens, the waiting victory card (whose, which deck, nothing else)."""
    view = ENGINE.view(_state(variants=FULL), None)
    board = text_board(view, PACK)
    for words in (
        "capital of Humans (player 1)",
        "peasant token of Humans (player 1)",
        "commander Aldric Stormhand of Humans (player 1) (Rallying Cry)",
        "Development cards: Greyhaven Keep, Support of the People",
        "Development cards: Plague Lands",
        "Zombies: 2 of 8 tokens in play",
        "Victory card of Humans (player 1) waits on the summer deck (placed in year 2)",
        "printed dragon rune",
    ):
        assert words in board, words
    alt = alt_text(view, PACK)
    assert len(alt) <= 1024
    for words in ("Capitals: 10A", "Peasant tokens: 1D", "Commanders: Aldric Stormhand (10A)", "Victory card of Humans"):
        assert words in alt, words


def test_the_board_panel_lists_the_development_cards_and_marks_the_waiting_victory_card():
    """The board panel lists each seat's development cards (issue 24 item 8) and the season track carries the victory
    card's faction back on its season (exp. p. 11 „verdeckt auf den Stapel der aktuellen Jahreszeit“)."""
    from renderer.runewars.panel import variant_lines

    view = ENGINE.view(_state(variants=FULL), None)
    data = ViewData(view, PACK)
    assert variant_lines(data, 0)[:2] == ["Development cards: Greyhaven Keep, Support of the People", "Capital in 10A"]
    assert "Peasant tokens in 1D" in variant_lines(data, 0)
    plain = ViewData(ENGINE.view(_state(variants=FULL), None), PACK)
    with_card = render_panel(data, PALETTES["default"])
    del view["variants"]["victory_cards"]["summer"]
    without = render_panel(ViewData(view, PACK), PALETTES["default"])
    assert with_card.size[1] > without.size[1]  # the status line
    assert plain.victory_cards() == [("summer", 0, 2)]


def test_seat_views_in_german_draw_and_say_the_variants_too():
    """Every seat's picture is drawn from its own view; the German words come from the catalogue (issue 31)."""
    from bot.i18n import tr_for

    state = _state(variants=FULL)
    for seat in (0, 1):
        view = ENGINE.view(state, seat)
        assert render_map(view, PACK, seat=seat).size[0] > 0
        board = text_board(view, PACK, seat, tr=tr_for("de"))
        assert "Hauptstadt von Menschen (Spieler 1)" in board and "Bauernmarker von Menschen (Spieler 1)" in board
        assert "Siegkarte" in board
