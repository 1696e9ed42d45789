"""/rw card in a Banners of War game (issue 23 item 8: „/rw card for every new card“): the catalogue of the game's pack
holds every card, unit, exploration token and the Sunken City the expansion adds, by name, with its text."""

from bot.games.runewars.narrator import catalogue
from engine.runewars.ruleset import RULESET

BOW = RULESET.pack({"banners_of_war": True})
BASE = RULESET.pack({})


def test_every_expansion_card_unit_and_token_can_be_read_by_name():
    entries = {e["id"]: e for e in catalogue(BOW)}
    base = {e["id"] for e in catalogue(BASE)}
    new = set(entries) - base
    added_cards = {c.id for cards in BOW.cards.values() for c in cards} - {c.id for cards in BASE.cards.values() for c in cards}
    added_units = {u for u in BOW.units if u not in BASE.units}
    assert added_cards | added_units | {"flooded_area", "defensible_area", "sunken-city"} <= new
    assert len([c for c in added_cards if c.startswith("setup-")]) == 3
    for card in new:
        entry = entries[card]
        assert entry["name"] and entry["name"] != card and entry["text"] and entry["text"] != "(no text)", card
    assert "dragon rune" in entries["sunken-city"]["text"] and "Razorwings" in entries["sunken-city"]["text"]
