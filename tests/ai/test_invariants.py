"""The invariant checks catch what they are for (issue 12): broken positions and leaked secrets.

Sources: components p. 4 and p. 31, runes p. 30, the 8-unit limit digest §0, dials p. 14,
secrets digest §11.1. Each test breaks one thing in a real position and expects its check to say so.
"""

import copy
from random import Random

import pytest

from engine.core import Event
from engine.runewars.ai import invariants
from engine.runewars.ai.driver import engine, play
from engine.runewars.ai.policy import choose
from engine.runewars.state import Stack


@pytest.fixture(scope="module")
def position():
    """A 2-player game in its first summer: orders chosen, units on the board."""
    return play(2, 4, choose, max_seasons=1).state


def problems_after(position, change):
    state = copy.deepcopy(position)
    change(state.board)
    return invariants.check_state(engine(), state, engine().ruleset.pack({}))


def test_a_real_position_has_no_problems(position):
    assert invariants.check_state(engine(), position, engine().ruleset.pack({})) == []
    assert invariants.check_secrets(engine(), position, [], Random(1)) == []


def _extra_figures(board):
    area = next(a for a in board.areas.values() if a.stacks and a.stacks[0].owner is not None)
    area.stacks[0].standing += 30


def _lost_fate_card(board):
    board.decks["fate"].draw.pop()


def _copied_fate_card(board):
    board.decks["fate"].discard.append(board.decks["fate"].draw[0])


def _rune_from_nowhere(board):
    board.rune_supply["dragon"] += 1


def _negative_influence(board):
    board.players[0].influence = -1


def _dial_too_high(board):
    board.players[1].dials["food"] = 99


def _foreign_unit(board):
    area = next(iter(board.areas.values()))
    other = next(u for u in ("human_archer", "elf_archer") if not u.startswith(board.players[0].faction[:3]))
    area.stacks.append(Stack(0, other, standing=1))


@pytest.mark.parametrize(
    "change, words",
    [
        (_extra_figures, "units:"),
        (_lost_fate_card, "fate card"),
        (_copied_fate_card, "lies 2 times"),
        (_rune_from_nowhere, "runes:"),
        (_negative_influence, "influence:"),
        (_dial_too_high, "dials:"),
        (_foreign_unit, "units:"),
    ],
)
def test_a_broken_position_is_reported(position, change, words):
    found = problems_after(position, change)
    assert any(words in p for p in found), found


def test_more_than_eight_units_while_orders_are_chosen_is_reported():
    runner, pack = engine(), engine().ruleset.pack({})
    state = play(2, 4, choose, max_seasons=1).state
    while not any(p.kind == "choose_order" for p in state.prompts):
        prompt = state.prompts[0]
        action = choose(runner.view(state, prompt.seat), prompt, runner.ruleset.legal(state, prompt), Random(0), pack=pack)
        state = runner.apply(state, action).state
    area = next(a for a in state.board.areas.values() if a.units_of(0))
    area.add_units(0, area.led_by(0)[0].unit, 9)
    found = invariants.check_state(runner, state, pack)
    assert any("limits:" in p for p in found), found


def test_a_view_that_shows_a_face_down_rune_is_a_leak(position, monkeypatch):
    from engine.runewars import views

    monkeypatch.setattr(
        views, "rune_as_seen", lambda rune, seat, looks=False: None if rune is None else ("dragon" if rune.dragon else "false")
    )
    found = invariants.check_secrets(engine(), position, [], Random(2))
    assert any("public view depends on hidden information" in p for p in found), found


def test_public_events_that_name_secrets_are_leaks(position):
    state = copy.deepcopy(position)
    state.board.players[0].tactics = ["some_card"]
    face_down = next(a for a, area in state.board.areas.items() if area.rune is not None and not area.rune.face_up)
    events = [
        Event("your_order", {"number": 3}),
        Event("card_shown", {"card": "some_card"}),
        Event("rune_named", {"area": face_down, "rune": "dragon"}),
        Event("your_order", {"number": 3}, to=frozenset({0})),
    ]
    found = invariants.check_events(state, events)
    assert len(found) == 3, found


def test_a_quest_the_rules_revealed_may_be_named_while_it_stays_in_hand(position):
    """p. 26: an attempted quest is shown; a failed one goes back to the hand, known to all."""
    state = copy.deepcopy(position)
    state.board.players[0].quests = ["some_quest"]
    revealed: set[str] = set()
    shown = [Event("quest_revealed", {"quest": "some_quest"}), Event("quest_result", {"quest": "some_quest", "completed": False})]
    assert invariants.check_events(state, shown, revealed) == []
    assert invariants.check_events(state, [Event("quest_named_again", {"quest": "some_quest"})], revealed) == []
    assert invariants.check_events(state, [Event("quest_named", {"quest": "some_quest"})]) != []
