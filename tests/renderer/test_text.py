"""Alt text (Discord's 1,024-character limit for an attachment description) and the text
board: the same facts as the picture, from the same view."""

from __future__ import annotations

import copy

from renderer.runewars import alt_text, text_board
from renderer.runewars.describe import ALT_LIMIT


def test_alt_text_fits_discords_limit_for_every_viewer_and_position(engine, pack, game_states, showcase):
    states = [*game_states, showcase]
    for state in states:
        for seat in [None, *range(len(state.board.players))]:
            text = alt_text(engine.view(state, seat), pack, seat)
            assert 0 < len(text) <= ALT_LIMIT
            assert text.startswith("Runewars map")


def test_alt_text_is_cut_at_a_word_and_keeps_the_pointer_to_the_text_board(engine, pack, showcase):
    view = copy.deepcopy(engine.view(showcase, None))
    for player in view["players"]:  # make every seat hold every area: the longest possible list
        player["influence"] = 12345
    for info in view["areas"].values():
        info["controller"] = 0
    view["awaiting"] = [0, 1, 2] * 30
    text = alt_text(view, pack)
    assert len(text) <= ALT_LIMIT
    assert text.endswith("Full details: the text board.") and "…" in text


def test_the_text_board_holds_the_units_influence_and_runes_of_the_view(engine, pack, game_states):
    state = game_states[-1]
    view = engine.view(state, None)
    board = text_board(view, pack)
    lines = {line[2:].split(" ", 1)[0]: line for line in board.splitlines() if line.startswith("- ")}
    for area, info in view["areas"].items():
        line = lines[area]
        for stack in info["units"]:
            total = stack["standing"] + stack["routed"]
            assert f"{total} {pack.unit(stack['unit']).name_en}" in line, (area, stack)
        if info["controller"] is not None:
            assert "held by " in line and f"(player {info['controller'] + 1})" in line.split("held by ")[1]
        if info["rune"] == "face_down":
            assert "rune face down" in line
    for player in view["players"]:
        assert f"influence {player['influence']};" in board
        assert f"food {player['dials']['food']}, wood {player['dials']['wood']}, ore {player['dials']['ore']}" in board


def test_a_seats_text_board_adds_its_hand_and_the_public_one_does_not(engine, pack, showcase):
    """Seat 0 holds the tactics card „Versteckter Pass“ (the showcase position)."""
    name = engine.view(showcase, 0)["cards"]["versteckter_pass"]["name"]
    assert f"tactics: {name}" in text_board(engine.view(showcase, 0), pack, 0)
    assert name not in text_board(engine.view(showcase, None), pack)
    assert name not in alt_text(engine.view(showcase, 0), pack, 0)


def test_a_face_up_dragon_throne_counts_as_a_dragon_rune_of_its_controller(pack):
    """p. 37 (Drachenthron): „Wer auch immer das Gebiet kontrolliert, hat dadurch eine zusätzliche Drachenrune.“
    Face down it counts for nobody, even for a seat that has looked at it."""
    from renderer.runewars.panel import public_counts
    from renderer.runewars.viewdata import ViewData

    def counts(face_up):
        view = {
            "game": "runewars",
            "players": [],
            "areas": {"1A": {"controller": 0, "rune": None, "units": []}},
            "exploration": {"1A": {"back": 2, "face_up": face_up, "token": "dragon_throne"}},
        }
        return public_counts(ViewData(view, pack), 0)["dragon_runes"]

    assert (counts(True), counts(False)) == (1, 0)
