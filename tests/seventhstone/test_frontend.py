"""The Seventh Stone front-end (issue 30 item 2 and 3): the /ss group's rules, card list and public
information from public views; chapters, turns and the next-up heads-up; the yearly allocation's
form; at a deadline the AI allocates for a player who did not (who is still missing shows meanwhile)."""

from __future__ import annotations

import pytest

from bot.frontend import frontend_for
from bot.games.seventhstone import FRONTEND, allocation_answers, allocation_form, allocation_values
from bot.games.seventhstone.info import discard_lines, offer_lines, standing_lines
from bot.i18n import ENGLISH
from bot.ids import PromptRef, prompt_hash
from bot.store import Store
from bot.table.sweeper import sweep
from bot.ui import forms, rules
from engine.core import Engine, Prompt
from engine.seventhstone.pack import load_pack
from engine.seventhstone.ruleset import RULESET
from tests.table.helpers import ALICE, BOB, FakeClock, awaited_users, make_table, tiny_game

ENGINE = Engine(RULESET)
PACK = load_pack()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def table(tmp_path, clock):
    store = await Store.open(tmp_path / "games.db")
    yield make_table(store, clock)
    await store.close()


def setup_done(seats: int = 2, seed: int = 1):
    state = ENGINE.setup({}, seats, seed).state
    while state.prompts and state.prompts[0].kind in ("people", "capital", "barracks"):
        state = ENGINE.apply(state, RULESET.legal(state, state.prompts[0])[0]).state
    return state


def test_the_descriptor_names_the_front_end_and_its_group():
    assert frontend_for("seventhstone") is FRONTEND and FRONTEND.group == "ss"
    assert FRONTEND.form_kinds == {"allocate"} and FRONTEND.tells_turns


def test_rules_topics_name_the_rulebook_sections():
    """/ss rules TOPIC: each topic with the German heading and the section of the rulebook (seed 001)."""
    found = rules.find(FRONTEND.rules_file, "allocation")
    assert found and found[0].id == "allocation" and "3.2" in found[0].pages and found[0].heading == "Produktions- u. Marktphase"
    assert rules.find(FRONTEND.rules_file, "tournament")[0].heading == "Turnierphase"
    assert len(rules.topics(FRONTEND.rules_file)) >= 12


def test_the_equipment_tiles_are_the_card_list_with_their_effects():
    names = {e["name"]: e for e in FRONTEND.catalogue(PACK)}
    assert "Teleportation" in names and "Speed +1" in names and "the lost tear stone" in names
    assert all(e["text"] != "(no text)" for e in names.values())


def test_chapter_turn_and_next_up_from_public_views():
    state = setup_done(4, 3)
    public = ENGINE.view(state, None)
    assert FRONTEND.chapter(public) == "Year 1" and public["phase"] == "allocate"
    assert FRONTEND.turn(public) is None  # everyone allocates at once: nobody's turn
    assert FRONTEND.chapter(ENGINE.view(ENGINE.setup({}, 4, 3).state, None)) is None  # the set-up
    moving = dict(public, phase="movement", awaiting=[public["order"][0]], order=public["order"])
    key, seat = FRONTEND.turn(moving)
    assert key == "1/movement" and seat == public["order"][0]
    assert FRONTEND.next_up(moving) == (public["order"][1], f"1/movement/{public['order'][0]}")
    assert FRONTEND.turn(dict(moving, phase="late"))[0] == "1/movement"  # the overruns after the last movement


def test_the_allocation_form_round_trips_and_refuses_what_does_not_fit():
    state = setup_done(2, 1)
    prompt = next(p for p in state.prompts if p.kind == "allocate")
    view = ENGINE.view(state, prompt.seat)
    form = allocation_form(view)
    budget = view["players"][prompt.seat]["storage"]
    assert f"allocate {budget} resources" in form.title and "4 each" in form.fields[0].label
    values = {"buildings": "1", "units": "2, 0, 1", "bids": "1/0/3/1"}
    answers = allocation_answers(prompt, view, values)
    assert answers[-1].choice == "confirm" and [a.args["count"] for a in answers if a.args.get("item") == "movement"] == [2, 1]
    assert allocation_values(answers, view) == {"buildings": "1", "units": "2 0 1", "bids": "1 0 3 1"}
    assert len(answers) == 1 + 1 + 1 + 1 + 2 + 1 + 1  # building; melee 2 at once; cavalry; bids 1, 2+1, 1; the seal
    over = allocation_answers(prompt, view, {"buildings": "", "units": f"{budget} 0 0", "bids": ""})
    assert isinstance(over, str) and f"you have {budget}" in over
    assert isinstance(allocation_answers(prompt, view, {"units": "two"}), str)
    assert FRONTEND.form(Prompt("x", 0, "move"), [], view) is None


def test_public_information_lines():
    state = setup_done(3, 2)
    public = ENGINE.view(state, None)
    assert offer_lines(public, PACK, ENGLISH)[0].startswith("Year 1: the market offers ")
    assert discard_lines(public, PACK, ENGLISH) == ["The discard pile is empty."]
    standings = standing_lines(public, PACK, ENGLISH)
    assert standings[0].startswith("Tear stones, year 1") and len(standings) == 2 + len(public["players"])
    assert all("hand" not in line for line in standings)  # hands are nobody else's business


def test_decision_area_text_board_and_areas():
    state = setup_done(2, 1)
    public = ENGINE.view(state, None)
    areas = FRONTEND.areas(public)
    assert areas and all(cell in public["cells"] and public["cells"][cell]["kind"] != "water" for _, cell in areas)
    cell = areas[0][1]
    assert FRONTEND.text_board(public, cell)[0].startswith(f"{cell}: ")
    assert FRONTEND.decision_area(Prompt("p", 0, "walls", info={"cell": cell}), [], public) == cell


async def test_at_the_deadline_the_ai_allocates_for_whoever_is_still_missing(table, clock):
    """Issue 30 item 3: one player sends the form; the status names who is still missing; at the
    deadline the AI allocates for the other seat and the sheets are revealed; the sent sheet stands."""
    game = await tiny_game(table, (ALICE, BOB), game="seventhstone", deadline_hours=24, seed=5)
    for _ in range(10):
        view = await table.service.view(game, None)
        if view.view["phase"] == "allocate":
            break
        user = (await awaited_users(table, game))[0]
        seat_view = await table.service.view(game, user)
        await table.service.act(game, user, seat_view.decisions[0].actions[0])
    first = (await awaited_users(table, game))[0]
    mine = await table.service.view(game, first)
    decision = next(d for d in mine.decisions if d.prompt.kind == "allocate")
    ref = PromptRef(game, mine.seq, prompt_hash(decision.prompt.id))
    await forms.submit_form(table.service, first, ref, {"buildings": "0", "units": "1 0 0", "bids": "1 1 1 1"})
    status = await table.service.public_status(game)
    missing = [a["user_id"] for a in status["awaiting"]]
    assert missing == [u for u in (ALICE, BOB) if u != first]
    await sweep(table)
    clock.advance(24)
    report = await sweep(table)
    assert report.defaults == 1
    public = (await table.service.view(game, None)).view
    assert public["phase"] != "allocate"
    seat = next(s.seat for s in await table.store.seats(game) if s.user_id == first)
    revealed = [e for e in await table.service.log_lines(game, None, limit=200) if "sheets are revealed" in e]
    assert revealed
    assert public["players"][seat]["goods"]["melee"] == 1


async def test_one_undo_takes_back_a_whole_form(table, clock):
    """Issue 30 item 3 (undo within undo-safe events): a sent form is one move; the player's undo
    takes the whole sheet back (its steps and its seal) and the decision is open again."""
    from bot.table import undo

    game = await tiny_game(table, (ALICE, BOB), game="seventhstone", deadline_hours=0, seed=5)
    for _ in range(10):
        if (await table.service.view(game, None)).view["phase"] == "allocate":
            break
        user = (await awaited_users(table, game))[0]
        await table.service.act(game, user, (await table.service.view(game, user)).decisions[0].actions[0])
    first = (await awaited_users(table, game))[0]
    mine = await table.service.view(game, first)
    decision = next(d for d in mine.decisions if d.prompt.kind == "allocate")
    ref = PromptRef(game, mine.seq, prompt_hash(decision.prompt.id))
    await forms.submit_form(table.service, first, ref, {"buildings": "1", "units": "1 1 0", "bids": "1 1 1 1"})
    sealed = await table.service.view(game, first)
    assert not any(d.prompt.kind == "allocate" for d in sealed.decisions)
    plan = await undo.plan(table, game, first)
    assert (plan.seq, plan.keep_seq) == (mine.seq + 1, mine.seq)  # the form was one move: back to before it
    await undo.perform(table, game, first, plan.seq, plan.rewinds)
    again = await table.service.view(game, first)
    assert any(d.prompt.kind == "allocate" for d in again.decisions)
    assert not any(again.view["allocation"].values())


def test_movement_steps_of_answers_that_move_no_army_name_what_they_do_never_none():
    """Issue 19 item 4 (no raw values before players) and issue 31 item 5: the movement prompt's
    overruns and reveals have no field to leave, none to reach and no count; their guided steps
    say what they are ("Overrun", "Reveal the tile of the melee army") in either language."""
    from bot.i18n import tr_for

    for tr in (ENGLISH, tr_for("de")):
        narrator = FRONTEND.narrator.speaking(tr)
        steps = [
            narrator.value(("from", "army"), (None, None)),
            narrator.value(("from", "army"), (None, "melee")),
            narrator.value(("to",), (None,)),
            narrator.value(("count",), (None,)),
        ]
        assert all("None" not in s for s in steps), steps
        assert steps[2:] == ["", ""]
    english = FRONTEND.narrator.speaking(ENGLISH)
    assert english.value(("from", "army"), (None, None)) == "Overrun"
    assert english.value(("from", "army"), (None, "melee")) == "Reveal the tile of the melee army"
    assert (
        tr_for("de").language == "de"
        and FRONTEND.narrator.speaking(tr_for("de")).value(("from", "army"), (None, None)) == "Überrennen"
    )


def test_the_channel_names_the_field_of_a_battle_told_in_its_report():
    """docs/bot.md, battle reports: the channel's line pointing to a battle's report names its
    place; a Seventh Stone battle is on a field (its ``battle_begins`` names the cell), so the
    line read "Battle in ?" before the narrator named it."""
    from bot.ui.channel import post_text

    post = {"game": "seventhstone", "blocks": [{"lines": [], "reports": [{"where": None, "data": {"cell": "C4"}}]}]}
    assert "Battle in C4" in post_text(post)


def test_a_cycle_of_three_armies_is_told_move_by_move_in_either_language():
    """Ruling R9 (the cycle answer) and issue 19 item 4 (players' words, never ids): the answer names each
    army and the field it moves to, in English and in German."""
    from bot.i18n import tr_for
    from engine.core import Action

    args = {"from": "C3", "army": "melee", "to": "C4", "cells": ["C3", "C4", "D4"], "armies": ["melee", "ranged", "cavalry"]}
    cycle = Action(0, "move/1/1", "cycle", args)
    english = FRONTEND.narrator.speaking(ENGLISH).action(cycle)
    german = FRONTEND.narrator.speaking(tr_for("de")).action(cycle)
    assert english.startswith("The melee army on C3 moves to C4, the ranged army there to D4")
    assert english.endswith("there to C3")
    assert german.startswith("Die ") and "nach C4" in german and german.endswith("nach C3") and german != english


def test_the_guided_move_labels_the_step_to_a_swap_or_a_cycle():
    """Ruling R9 and Discord's limits (a select option's label is 1-100 characters): a swap or a cycle moves
    whole armies and has no unit count, so at the movement's count step it is reached by its own labelled
    option (a 4-player Doppelzug game of the conformance suite offered an empty label there)."""
    from bot.service import Decision
    from bot.ui.panels import SelectSpec, build_panel
    from engine.core import Action, Prompt

    pid = "move/1/1"
    answers = [
        ("move", {"from": "C3", "army": "melee", "to": "C4", "count": 2}),
        ("move", {"from": "C3", "army": "melee", "to": "C4", "count": 1}),
        ("swap", {"from": "C3", "army": "melee", "to": "C4", "with": "ranged"}),
        (
            "cycle",
            {"from": "C3", "army": "melee", "to": "C4", "cells": ["C3", "C4", "D4"], "armies": ["melee", "ranged", "cavalry"]},
        ),
    ]
    decision = Decision(Prompt(pid, 0, "move", info={"player": 0}), tuple(Action(0, pid, c, a) for c, a in answers))
    panel = build_panel("seventhstone", 1, 1, decision, tr=ENGLISH)
    labels = [o.label for row in panel.rows if isinstance(row, SelectSpec) for o in row.options]
    assert labels == ["2 units", "1 unit", "Other answers…"]
