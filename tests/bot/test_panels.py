"""bot.ids and bot.ui.panels: custom ids, layouts, paging, the guided movement flow and
how a click is matched to a legal answer. Plain values, no discord.py, no store."""

import re

import pytest

from bot import ids
from bot.errors import StaleClick
from bot.games.runewars.narrator import RunewarsNarrator
from bot.service import Decision
from bot.ui.panels import (
    MAX_BUTTONS,
    PAGE_SIZE,
    SelectSpec,
    alternatives_panel,
    build_panel,
    move_path,
    pick_choice,
    walk,
)
from engine.core import Action, Prompt

GAME_ID, SEQ = 123456, 7890


def decision(kind, answers, seat=0, pid="y1/spring/x/0/5", info=None, game_args=None):
    prompt = Prompt(pid, seat, kind, info=info or {})
    return Decision(prompt, tuple(Action(seat, pid, c, a) for c, a in answers))


def all_ids(panel):
    return [b.custom_id for b in panel.buttons()] + [s.custom_id for s in panel.selects()]


def check_limits(panel):
    """Discord's limits: 5 rows, 5 buttons a row, 25 options, labels and ids within bounds, unique ids."""
    assert len(panel.rows) <= 5 and len(panel.text) <= 2000
    for row in panel.rows:
        if isinstance(row, SelectSpec):
            assert 1 <= len(row.options) <= 25 and len(row.placeholder) <= 150
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in row.options)
            assert len({o.value for o in row.options}) == len(row.options)
        else:
            assert 1 <= len(row) <= 5 and all(len(b.label) <= 80 for b in row)
    custom = all_ids(panel)
    assert len(custom) == len(set(custom)) and all(len(c) <= ids.MAX_CUSTOM_ID for c in custom)


# ------------------------------------------------------------------ ids


def test_custom_ids_round_trip_and_fit_discords_limit():
    action = Action(0, "y6/winter/strategy/3/99999", "move", {"from": "10A", "to": "10B", "unit": "human_archer", "count": 8})
    ref = ids.PromptRef(10**9, 10**6, ids.prompt_hash(action.prompt))
    choice = ref.choice(24, action)
    parsed = ids.parse_choice(choice)
    assert parsed.ref == ref and parsed.index == 24 and parsed.action_hash == ids.action_hash(action)
    cursor = ids.Cursor((3, 0, 12), 2)
    for custom_id, template in ((ref.select(cursor), ids.SELECT_TEMPLATE), (ref.show(cursor), ids.CURSOR_TEMPLATE)):
        match = re.fullmatch(template, custom_id)
        assert ids.parse_ref(match) == ref and ids.parse_cursor(match) == cursor
    assert ids.parse_cursor(re.fullmatch(ids.CURSOR_TEMPLATE, ref.show(ids.Cursor()))) == ids.Cursor()
    assert max(len(c) for c in (choice, ref.select(cursor), ids.me_id(10**9), ids.lobby_id(10**9, "leave"))) <= 100
    # each id matches exactly one template, so exactly one DynamicItem answers it
    templates = [ids.CHOICE_TEMPLATE, ids.SELECT_TEMPLATE, ids.CURSOR_TEMPLATE, ids.ME_TEMPLATE, ids.LOBBY_TEMPLATE]
    for custom_id in (choice, ref.select(cursor), ref.show(cursor), ids.me_id(5), ids.lobby_id(5, "join")):
        assert sum(bool(re.fullmatch(t, custom_id)) for t in templates) == 1
    assert ids.parse_choice("rw:1:2:zzzz:c1:abc") is None


def test_the_answer_hash_ignores_the_seat_and_sees_every_argument():
    a = Action(0, "p", "move", {"from": "1A", "count": 1})
    assert ids.action_hash(a) == ids.action_hash(Action(3, "p", "move", {"count": 1, "from": "1A"}))
    assert ids.action_hash(a) != ids.action_hash(Action(0, "p", "move", {"from": "1A", "count": 2}))


# ------------------------------------------------------------------ layouts


def test_few_answers_are_buttons_one_each():
    d = decision("choose_faction", [("faction", {"faction": f}) for f in ("elves", "humans", "undead", "uthuk")])
    panel = build_panel("runewars", GAME_ID, SEQ, d)
    check_limits(panel)
    assert [b.label for b in panel.buttons()] == ["Elves", "Humans", "Undead", "Uthuk"]
    assert [ids.parse_choice(b.custom_id).index for b in panel.buttons()] == [0, 1, 2, 3]
    assert "Choose your faction" in panel.text and not panel.selects()


def test_many_answers_are_a_paged_select_with_the_plain_answers_as_buttons():
    areas = [f"{n}{c}" for n in range(1, 25) for c in "ABC"][:60]
    d = decision("march_target", [("activate", {"area": a}) for a in areas] + [("skip", {})], info={"activation": 2})
    first = build_panel("runewars", GAME_ID, SEQ, d)
    check_limits(first)
    select, jump = first.selects()
    assert len(select.options) == PAGE_SIZE and "page 1/3" in select.placeholder
    assert [b.label for b in first.buttons()] == ["Next ▶", "Skip"]
    # issue 19 item 8: beyond two pages, any page is one click away, named by its first and last answer
    assert [o.value for o in jump.options] == ["g1", "g2"] and jump.custom_id != select.custom_id
    assert jump.options[1].label == f"Page 3: {select_label(d, 50)} … {select_label(d, 59)}"
    last = build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((), 2))
    check_limits(last)
    assert len(last.selects()[0].options) == 60 - 2 * PAGE_SIZE
    assert [o.value for o in last.selects()[1].options] == ["g0", "g1"]
    assert [b.label for b in last.buttons()] == ["◀ Previous", "Skip"]
    # every option names a legal answer by index and hash
    offered = [
        ids.parse_choice_value(o.value)
        for page in (0, 1, 2)
        for o in build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((), page)).selects()[0].options
    ]
    assert [i for i, _ in offered] == list(range(60))
    assert all(h == ids.action_hash(d.actions[i]) for i, h in offered)
    with pytest.raises(StaleClick):
        build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((), 3))


def select_label(d, index):
    return RunewarsNarrator().action(d.actions[index])


def test_two_pages_need_no_page_jump():
    areas = [f"{n}{c}" for n in range(1, 25) for c in "ABC"][:40]
    d = decision("march_target", [("activate", {"area": a}) for a in areas], info={"activation": 2})
    assert len(build_panel("runewars", GAME_ID, SEQ, d).selects()) == 1


def test_exactly_max_buttons_stay_buttons():
    d = decision("x", [("pick", {"n": n}) for n in range(MAX_BUTTONS)])
    panel = build_panel("tinygame", GAME_ID, SEQ, d)
    check_limits(panel)
    assert len(panel.buttons()) == MAX_BUTTONS and not panel.selects()
    assert (
        len(build_panel("tinygame", GAME_ID, SEQ, decision("x", [("pick", {"n": n}) for n in range(MAX_BUTTONS + 1)])).selects())
        == 1
    )


# ------------------------------------------------------------------ guided movement


STRATEGY = [
    ("move", {"from": o, "to": t, "unit": u, "count": n})
    for o, t, u, most in (
        ("10A", "10B", "human_archer", 2),
        ("10A", "10C", "human_archer", 2),
        ("10C", "10B", "human_knight", 3),
        ("2C", "10B", "human_archer", 1),
    )
    for n in range(1, most + 1)
] + [("done", {})]


def guided(panel):
    """The panel's guided-step select (not its quick moves)."""
    (step,) = [s for s in panel.selects() if re.fullmatch(ids.SELECT_TEMPLATE, s.custom_id)]
    return step


def test_movement_is_destination_then_units_in_range_then_count():
    """The guided path (docs/bot.md, "Moving units"): destination, units, then the count, whose
    options are the answers themselves (issue 19 item 8: no Confirm click)."""
    d = decision("strategy_move", STRATEGY)
    start = build_panel("runewars", GAME_ID, SEQ, d)
    check_limits(start)
    step = guided(start)
    assert [o.label for o in step.options] == ["to 10B", "to 10C"]
    assert [b.label for b in start.buttons()] == ["Done"]  # Done is always one click away
    assert ids.parse_cursor(re.fullmatch(ids.SELECT_TEMPLATE, step.custom_id)) == ids.Cursor()

    units = build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((0,)))  # to 10B
    check_limits(units)
    assert [o.label for o in guided(units).options] == ["Archers from 10A", "Knights from 10C", "Archers from 2C"]
    assert "to 10B" in units.text and [b.label for b in units.buttons()] == ["Start over", "Done"]
    assert units.selects() == [guided(units)]  # quick moves only on the first page

    counts = build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((0, 1)))  # Knights from 10C
    check_limits(counts)
    options = guided(counts).options
    assert [o.label for o in options] == [f"{n} × Knights 10C → 10B" for n in (1, 2, 3)]
    chosen = ids.parse_choice_value(options[2].value)
    assert chosen[1] == ids.action_hash(d.actions[chosen[0]])
    assert d.actions[chosen[0]].args == {"from": "10C", "to": "10B", "unit": "human_knight", "count": 3}


def test_a_step_with_one_possible_value_is_skipped():
    """Only one destination and one group: the flow goes straight to the count."""
    d = decision("strategy_move", [("move", {"from": "1A", "to": "1B", "unit": "giant", "count": n}) for n in (1, 2)])
    panel = build_panel("runewars", GAME_ID, SEQ, d)
    assert [o.label for o in guided(panel).options] == ["1 × Giants 1A → 1B", "2 × Giants 1A → 1B"]
    assert "to 1B · Giants from 1A" in panel.text


def test_a_cursor_that_no_longer_fits_is_a_stale_click():
    d = decision("strategy_move", STRATEGY)
    with pytest.raises(StaleClick):
        build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor((5,)))
    with pytest.raises(StaleClick):
        walk(RunewarsNarrator().flow("strategy_move"), list(enumerate(d.actions))[:-1], (0, 0, 0, 0), RunewarsNarrator())


def test_typed_movement_arguments_become_a_flow_path():
    d = decision("strategy_move", STRATEGY)
    assert move_path("runewars", d, {"to": "10B"}) == ((0,), [a for a in d.actions if a.args.get("to") == "10B"])
    path, matching = move_path("runewars", d, {"to": "10B", "from": "10C", "unit": "human_knight", "count": 2})
    assert path == (0, 1, 1) and [a.args["count"] for a in matching] == [2]
    assert move_path("runewars", d, {"to": "13Z"})[1] == []


# ------------------------------------------------------------------ clicks


def test_a_click_counts_while_its_prompt_is_open_and_its_answer_legal():
    d = decision("choose_faction", [("faction", {"faction": f}) for f in ("elves", "humans")])
    ref = ids.PromptRef(GAME_ID, SEQ, ids.prompt_hash(d.prompt.id))
    humans = d.actions[1]
    assert pick_choice([d], ref.prompt_hash, 1, ids.action_hash(humans)) == humans
    # another seat took the elves meanwhile: the index moved, the hash still finds the answer
    later = decision("choose_faction", [("faction", {"faction": "humans"})])
    assert pick_choice([later], ref.prompt_hash, 1, ids.action_hash(humans)) == later.actions[0]
    with pytest.raises(StaleClick, match="no longer available"):
        pick_choice([later], ref.prompt_hash, 0, ids.action_hash(d.actions[0]))
    with pytest.raises(StaleClick, match="no longer open for you"):
        pick_choice([], ref.prompt_hash, 1, ids.action_hash(humans))


def test_a_refusal_offers_the_legal_alternatives_as_buttons():
    d = decision("march_target", [("activate", {"area": a}) for a in ("1A", "1B", "2A")], info={"activation": 1})
    panel = alternatives_panel("runewars", GAME_ID, SEQ, d, "1C holds your activation token.\nRule: p. 17", d.actions[1:])
    check_limits(panel)
    assert panel.text.startswith("1C holds your activation token.\nRule: p. 17")
    assert [ids.parse_choice(b.custom_id).index for b in panel.buttons()] == [1, 2]
    assert alternatives_panel("runewars", GAME_ID, SEQ, None, "No.", ()).rows == ()


def test_a_panel_names_the_seats_its_answers_name():
    """Issue 19 item 4: a panel rebuilt after a click (bot.ui.play) names the players as the
    lines do, by the names the view carries (``SeatView.names``), never by seat numbers."""
    d = decision("bid_tie", [("winner", {"seat": 1}), ("winner", {"seat": 2})])
    names = {1: "bob (Elves)", 2: "carol (Undead)"}
    labels = [b.label for b in build_panel("runewars", GAME_ID, SEQ, d, names=names).buttons()]
    assert [label.lower() for label in labels] == ["bob (elves)", "carol (undead)"]
