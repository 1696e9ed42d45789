"""Banners of War on the map (issue 23 item 8): tiles 10-12 (Runetable's 14-16) with tile 12's yellow border, the
Sunken City over it, Desolation and Cryomancy tokens and the new unit types, drawn from views only."""

from __future__ import annotations

from engine.core import Engine, load_ruleset
from renderer.palette import PALETTES
from renderer.runewars import render_map
from renderer.runewars.mapdraw import CRYOMANCY, DESOLATION, YELLOW

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
BOW = {"banners_of_war": True}
PACK = RULES.pack(BOW)
MAP = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-16", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-14", "rotation": 0, "q": -2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": 0, "r": 3},
]


def _state(banners=None):
    spec = {
        "factions": ["humans", "undead"],
        "placements": MAP,
        "neutrals": "none",
        "areas": {
            "1A": {"units": [{"owner": 0, "unit": "human_novice_wizard", "standing": 2}]},
            "1B": {"units": [{"owner": 1, "unit": "undead_great_dragon", "standing": 1}]},
        },
        "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 5, "1": 1}, "turn": 0},
        **({"banners": banners} if banners else {}),
    }
    return ENGINE.from_position(BOW, 2, 1, spec).state


def _colours(image) -> set:
    return {c[:3] for _, c in image.getcolors(1 << 22)}


def _near(colours, wanted, tolerance=4) -> bool:
    return any(all(abs(a - b) <= tolerance for a, b in zip(c, wanted)) for c in colours)


def test_tile_12s_yellow_border_and_the_new_tiles_are_drawn():
    """Legend item 3: „Diese gelbe Grenze …“; every area of the new tiles is on the map."""
    view = ENGINE.view(_state(), None)
    assert {"14A", "14B", "14C", "16A"} <= set(view["areas"])
    assert _near(_colours(render_map(view, PACK)), YELLOW)


def test_the_sunken_city_covers_the_yellow_border_and_the_tokens_show():
    """Legend item 6: the Sunken City's water border „wird genau auf die gelbe Grenze gelegt“; Desolation and Cryomancy
    lie in their areas (public, from the view's ``banners``)."""
    state = _state({"sunken_city": "16A", "desolation": ["1C"], "cryomancy": {"1D": 2}})
    view = ENGINE.view(state, None)
    colours = _colours(render_map(view, PACK))
    assert not _near(colours, YELLOW, tolerance=1)
    assert _near(colours, PALETTES["default"].water)
    assert _near(colours, DESOLATION) and _near(colours, CRYOMANCY)
    for seat in (0, 1):
        assert render_map(ENGINE.view(state, seat), PACK, seat=seat).size[0] > 0


def test_the_board_panel_counts_the_sunken_citys_printed_rune_for_its_areas_controller():
    """„dass diese Stadt dem Spieler, der das Gebiet mit dieser Stadt kontrolliert, eine Drachenrune verschafft“."""
    from renderer.runewars.panel import public_counts
    from renderer.runewars.viewdata import ViewData

    state = _state({"sunken_city": "16A"})
    state.board.areas["16A"].add_units(1, "undead_vampire", 1)
    data = ViewData(ENGINE.view(state, None), PACK)
    assert public_counts(data, 1)["dragon_runes"] == 1 and public_counts(data, 0)["dragon_runes"] == 0
    state.board.desolation = ["16A"]
    assert public_counts(ViewData(ENGINE.view(state, None), PACK), 1)["dragon_runes"] == 0


def test_tactic_fate_cards_are_marked_in_the_hand_with_their_sections():
    """„Einige der neuen Taktikkarten dieser Erweiterung dienen einem doppelten Zweck, was durch die
    Schicksalskartensymbole unten auf der Karte angezeigt wird“: the hand says which cards are tactic fate cards and
    what they show as a fate card (the view's card entry carries the sections)."""
    from bot.games.runewars.narrator import RunewarsNarrator
    from renderer.runewars.panel import fate_sections

    spec_state = _state()
    spec_state.board.players[0].tactics = ["bow_bestechung"]
    view = ENGINE.view(spec_state, 0)
    entry = view["cards"]["bow_bestechung"]
    assert entry["fate"] and "special" in fate_sections(entry["fate"])
    assert any("Bribery (tactic fate card)" in line for line in RunewarsNarrator().private(view, 0))
    assert "fate" not in ENGINE.view(spec_state, None)["cards"].get("bow_bestechung", {})  # not public: it is in a hand


def _bribery_report(first_card):
    """The rulebook's example battle (exp. p. 7): the Knights reveal „Bestechung“ and two fate cards."""
    shown = {"unit": "human_knight", "cards": [first_card, "fate-05", "fate-08"], "sections": ["S", "-", "R1"]}
    return [
        {"kind": "battle_started", "data": {"area": "1B", "attacker": 0, "defender": 1}},
        {"kind": "battle_cards_revealed", "data": {"area": "1B", "row": 2, "attacker": shown, "defender": None}},
        {
            "kind": "battle_won",
            "data": {"area": "1B", "winner": "attacker", "seat": 0, "strength": {"attacker": 3, "defender": 1}},
        },
        {"kind": "battle_ended", "data": {"area": "1B", "winner": "attacker", "seat": 0}},
    ]


def test_battle_reports_draw_a_tactic_fate_cards_sections():
    """„Taktikschicksalskarten … anstelle einer Schicksalskarte“ (exp. p. 7): the battle report draws a revealed tactic
    fate card like a fate card, with its four sections (the unit's lit) in a blue tactics frame marked T, not as an
    unknown card; a report of fate cards only has no such frame."""
    from renderer.runewars import render_battle
    from renderer.runewars.battle import TACTIC_FATE_COLOUR, card_face

    assert card_face(PACK, "bow_bestechung") == (None, {"triangle": "-", "circle": "S", "rectangle": "S", "hexagon": "D1"})
    assert card_face(PACK, "fate-05")[0] in ("gold", "silver", "red")
    assert card_face(PACK, "no_such_card") is None
    players = [{"seat": 0, "faction": "humans"}, {"seat": 1, "faction": "uthuk"}]
    tactic = render_battle(_bribery_report("bow_bestechung"), PACK, players=players)
    unknown = render_battle(_bribery_report("no_such_card"), PACK, players=players)
    plain = render_battle(_bribery_report("fate-11"), PACK, players=players)
    assert _near(_colours(tactic), TACTIC_FATE_COLOUR, 0)
    assert not _near(_colours(unknown), TACTIC_FATE_COLOUR, 0) and not _near(_colours(plain), TACTIC_FATE_COLOUR, 0)
