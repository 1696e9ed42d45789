"""Setup (digest 4.1-4.3, rulebook "Spielaufbau")."""

from __future__ import annotations

import pytest

from engine.ragnarok.pack import RUNES, load
from tests.ragnarok.helpers import ENGINE, answer, kinds, legal

PACK = load()


@pytest.mark.parametrize("players,side,territories,forges", [(2, "2p", 16, 4), (3, "34p", 21, 6), (4, "34p", 21, 6)])
def test_board_side_forges_and_decks_follow_the_player_count(players, side, territories, forges):
    """Setup steps 1, 5, 9, 11: the side, the forges (2 players: one of each rune and one more), no event 17+ with 2 players, 5 omens."""
    b = ENGINE.setup({}, players, 7).state.board
    assert (b.side, b.n) == (side, territories)
    placed = [r for r in b.forge if r]
    assert len(placed) == forges
    assert set(placed) == set(RUNES)
    events = b.decks["event"] + b.decks["event_discard"]
    assert len(events) == (16 if players == 2 else 21)
    assert max(PACK.events[e]["number"] for e in events) == (16 if players == 2 else 21)
    assert len(b.omens) == 5 and all(players in PACK.omens[o]["players"] for o, _ in b.omens)
    # Loki and one event card per player for the starting monsters (steps 13-14)
    assert len(b.decks["event_discard"]) == 1 + players
    assert 1 <= b.boss["at"] <= territories
    assert sum(st["status"] == "board" for st in b.monsters.values()) <= players


def test_temple_card_side_is_the_option():
    """Setup step 4: either side of the player count's temple card."""
    assert ENGINE.setup({"temple_side": "b"}, 3, 1).state.board.temple_card["id"] == "34p-b"
    assert ENGINE.setup({}, 2, 1).state.board.temple_card["id"] == "2p-a"


def test_hero_selection_offers_two_heroes_two_lineages_and_odinsson_to_the_first():
    """4.3 step 1: 2 hero boards, 2 lineage cards and Odinsson/Odinsdottir for whoever holds it."""
    state = ENGINE.setup({}, 3, 3).state
    first = state.board.selection["first"]
    assert kinds(state) == [(first, "hero_pick")]
    picks = legal(state, first)
    assert len({a.args["hero"] for a in picks}) == 2
    assert {a.args["lineage"] for a in picks} >= {"odinsson"} and len({a.args["lineage"] for a in picks}) == 3


def test_odinsson_is_handed_left_and_its_taker_plays_first():
    """4.3 step 2 and "Startspieler": a refused Odinsson goes to the left; whoever takes it begins."""
    state = ENGINE.setup({}, 3, 3).state
    first = state.board.selection["first"]
    pick = next(a for a in legal(state, first) if a.args["lineage"] != "odinsson")
    state = answer(state, first, "pick", **pick.args)
    state = answer(state, first, "place", **legal(state, first)[0].args)
    while any(k == "take_rune" for _, k in kinds(state)):
        state = answer(state, first, "rune", rune="uruz")
    second = (first + 1) % 3
    assert state.board.selection["odinsson"] == second
    take = next(a for a in legal(state, second) if a.args["lineage"] == "odinsson")
    state = answer(state, second, "pick", **take.args)
    assert state.board.selection["first"] == second


def test_start_territory_next_to_the_sea_without_other_colours_and_population_2_is_controlled():
    """4.3 step 6: hero and 2 armies of strength 1 next to the drakkar's sea; population 2 gives control."""
    state = ENGINE.setup({}, 3, 3).state
    seat = state.board.selection["first"]
    state = answer(state, seat, "pick", **legal(state, seat)[0].args)
    side = PACK.sides["34p"]
    for a in legal(state, seat):
        assert a.args["territory"] in side.seas[a.args["sea"]]["territories"]
    spot = next(a for a in legal(state, seat) if side.pop[a.args["territory"]] == 2)
    state = answer(state, seat, "place", **spot.args)
    h = state.board.players[seat]
    assert h.armies[:2] == [[spot.args["territory"], 1]] * 2
    assert state.board.control[spot.args["territory"]] == seat
    assert len(h.hand) >= 1  # step 5: draw 1 combat card
