"""The Banners of War variants (issue 24; Banners of War rulebook pp. 9-11, digest §6): the options, their data layers
and the rules the scenarios in tests/scenarios/runewars/bow_* do not show."""

import pytest

from engine.core.game import BadOption
from engine.runewars.banners.variants import VARIANTS, VariantsBoard
from engine.runewars.game import GAME
from engine.runewars.ruleset import RULESET


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_is_an_option_that_needs_banners_of_war(variant):
    """Issue 24 item 1: „Diese Erweiterung enthält vier Möglichkeiten“ (exp. p. 9); each needs the expansion."""
    option = GAME.option(variant)
    assert option.type is bool and option.default is False and option.help
    assert GAME.check_options({"banners_of_war": "true", variant: "true"}) == {"banners_of_war": True, variant: True}
    with pytest.raises(BadOption, match=f"option {variant} needs the option banners_of_war"):
        GAME.check_options({variant: "true"})
    with pytest.raises(BadOption, match="needs the option banners_of_war"):
        GAME.check_options({"banners_of_war": "false", variant: "yes"})
    assert GAME.check_options({variant: "false"}) == {variant: False}  # off without the expansion is fine


def test_every_combination_with_epic_and_exploration_is_accepted():
    """Issue 24: „in any combination“, with the base Epic and exploration options."""
    every = {v: True for v in VARIANTS}
    options = GAME.check_options({"banners_of_war": True, "epic": True, "exploration": True, **every})
    assert options == {"banners_of_war": True, "epic": True, "exploration": True, **every}


def test_free_cities_layer_replaces_the_cities_and_raises_the_threshold():
    """exp. p. 11: „Die alternativen Stadtmarker ersetzen die ursprünglichen“, 3 with a printed rune, one rune more (7, 8 epic)."""
    pack = RULESET.pack({"banners_of_war": True, "free_cities": True})
    assert len(pack.city_tokens) == 8 and all(c.id.startswith("free-city-") for c in pack.city_tokens)
    assert sum(1 for r in pack.records["city_token"] if r.get("printed_rune")) == 3
    assert all(r.get("source") for r in pack.records["city_token"])
    assert pack.constant("runes_to_win") == 7 and pack.constant("epic_runes_to_win") == 8
    base = RULESET.pack({"banners_of_war": True})
    assert len(base.city_tokens) == 7 and base.constant("runes_to_win") == 6


def test_road_to_victory_has_a_victory_card_per_faction():
    """exp. p. 2: „4 Siegkarten (1 pro Fraktion)“; the Uthuk card's text is the rulebook's (p. 11)."""
    pack = RULESET.pack({"banners_of_war": True, "road_to_victory": True})
    cards = pack.cards["victory_card"]
    assert sorted(c.attrs["faction"] for c in cards) == sorted(pack.factions)
    uthuk = next(c for c in cards if c.attrs["faction"] == "uthuk")
    assert uthuk.attrs["text_de"] == "Falls der Uthuk-Spieler noch genügend Drachenrunen kontrolliert, gewinnt er das Spiel."


def test_a_game_with_a_variant_gets_the_variants_board_and_without_keeps_its_board():
    from engine.runewars.banners.board import BannersBoard
    from engine.runewars.setup import board_type

    assert board_type({"banners_of_war": True, "free_cities": True}) is VariantsBoard
    assert board_type({"banners_of_war": True}) is BannersBoard
