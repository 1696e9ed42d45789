"""Quick moves (issue 19 item 8, "a move in fewer clicks"; docs/bot.md, "Moving units"): a
move prompt's first panel offers whole moves in one click (a stack to a place, all units of
an area to a place) and "how many of a stack" in two, built from the engine's legal answers
only; a stale quick move is refused politely; labels name units and areas, never ids."""

from __future__ import annotations

import re
from random import Random

import pytest

from bot import ids
from bot.service import Decision
from bot.ui import play
from bot.ui.panels import PAGE_SIZE, START, SelectSpec, build_panel, quick_moves
from engine.core import Action, Prompt
from engine.runewars.ai.driver import play as play_ai
from engine.runewars.ai.policy import choose
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL
from tests.bot.playhelpers import STRATEGY_TURN, full_service, positioned_game
from tests.bot.test_panels import check_limits

GAME_ID, SEQ = 4242, 17
MOVE_KINDS = ("strategy_move", "march_move")


@pytest.fixture
def service(store):
    return full_service(store)


def decision(kind, answers, info=None, pid="y1/spring/strategy/0/5"):
    prompt = Prompt(pid, 0, kind, info=info or {})
    return Decision(prompt, tuple(Action(0, pid, c, a) for c, a in answers))


def stacks(kind, spec):
    """The legal move answers of stacks (origin, destination, unit, movable units)."""
    keys = ("from", "to", "unit") if kind == "strategy_move" else ("from", None, "unit")
    return [
        ("move", {k: v for k, v in zip(keys, (o, t, u)) if k} | {"count": n})
        for o, t, u, most in spec
        for n in range(1, most + 1)
    ] + [("done", {})]


def quick_selects(panel):
    return [s for s in panel.selects() if re.fullmatch(ids.QUICK_TEMPLATE, s.custom_id)]


def clicks_to(game, d, action, depth=2):
    """The fewest clicks (at most ``depth``) from the first panel of ``d`` to ``action``,
    following what the panels offer: choice buttons and answer options (the answer), quick and
    guided step options and cursor buttons (another panel). None when it takes more."""
    frontier, index = [START], d.actions.index(action)
    wanted = (ids.choice_value(index, action), ids.PromptRef(GAME_ID, SEQ, ids.prompt_hash(d.prompt.id)).choice(index, action))
    for clicks in range(1, depth + 1):
        following = []
        for cursor in frontier:
            panel = build_panel(game, GAME_ID, SEQ, d, cursor)
            check_limits(panel)
            for b in panel.buttons():
                if b.custom_id == wanted[1]:
                    return clicks
                if m := re.fullmatch(ids.CURSOR_TEMPLATE, b.custom_id):
                    following.append(ids.parse_cursor(m))
            for s in panel.selects():
                for o in s.options:
                    if o.value == wanted[0]:
                        return clicks
                    if (path := ids.parse_path_value(o.value)) is not None:
                        following.append(ids.Cursor(path))
                    elif o.value.startswith("n"):
                        following.append(ids.Cursor((*cursor.path, int(o.value[1:]))))
        frontier = following
    return None


def test_every_stack_moves_in_one_click_and_part_of_it_in_two():
    """A stack to a place: one option of the quick moves; some of a larger stack: its "how
    many" option, then the count (issue 19 item 8: a one-unit move in at most 2 clicks)."""
    d = decision(
        "strategy_move",
        stacks(
            "strategy_move",
            [("10A", "10B", "human_archer", 2), ("10A", "10C", "human_archer", 2), ("10C", "10B", "human_knight", 3)],
        ),
    )
    panel = build_panel("runewars", GAME_ID, SEQ, d)
    check_limits(panel)
    direct, fewer = quick_selects(panel)
    assert [o.label for o in direct.options] == [
        "2 × Archers 10A → 10B",
        "2 × Archers 10A → 10C",
        "3 × Knights 10C → 10B",
    ]
    assert [o.label for o in fewer.options] == [
        "Archers 10A → 10B: 1 to 2…",
        "Archers 10A → 10C: 1 to 2…",
        "Knights 10C → 10B: 1 to 3…",
    ]
    for action in d.actions:
        if action.choice == "move":
            whole = action.args["count"] == max(
                a.args["count"] for a in d.actions if a.args and a.args["unit"] == action.args["unit"]
            )
            assert clicks_to("runewars", d, action) == (1 if whole else 2), action
    assert clicks_to("runewars", d, d.actions[-1], depth=1) == 1  # Done


def test_all_units_of_an_area_go_in_one_click_when_every_stack_there_may_go(service):
    d = decision(
        "strategy_move",
        stacks(
            "strategy_move", [("1A", "1B", "human_knight", 2), ("1A", "1B", "human_infantry", 1), ("1A", "1C", "human_knight", 2)]
        ),
    )
    direct, _ = quick_moves("runewars", d)
    bundles = [m for m in direct if len(m.answers) > 1]
    # to 1B every stack of 1A may go; to 1C the infantry may not: no "all" to 1C
    assert [m.label for m in bundles] == ["All from 1A → 1B: 2 × Knights, 1 × Infantry"]
    assert [a.args for _, a in bundles[0].answers] == [
        {"from": "1A", "to": "1B", "unit": "human_knight", "count": 2},
        {"from": "1A", "to": "1B", "unit": "human_infantry", "count": 1},
    ]
    march = decision(
        "march_move",
        stacks("march_move", [("4A", None, "uthuk_berserker", 2), ("4A", None, "hellhound", 1)]),
        info={"area": "5B"},
    )
    assert [m.label for m in quick_moves("runewars", march)[0]] == [
        "All from 4A into 5B: 2 × Berserkers, 1 × Hellhounds",
        "2 × Berserkers from 4A",
        "1 × Hellhounds from 4A",
    ]


async def test_one_click_moves_a_stack_or_a_whole_area_through_the_service(service, store):
    """Through play.quick, as the select's callback does: one click each, the map changes."""
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    *_, reply = await play.my_decisions(service, game_id, ALICE)
    direct, fewer = quick_selects(reply.panel)
    ref = ids.parse_ref(re.fullmatch(ids.QUICK_TEMPLATE, direct.custom_id))
    options = {o.label: o.value for o in direct.options}
    [moved] = await play.quick(service, ALICE, ref, options["All from 1A → 1B: 2 × Knights, 1 × Infantry"])
    assert moved.edit and "2 × Knights 1A → 1B" in moved.panel.text and "1 × Infantry 1A → 1B" in moved.panel.text
    area = (await service.view(game_id, None)).view["areas"]
    assert sorted((u["unit"], u["standing"]) for u in area["1B"]["units"]) == [("human_infantry", 1), ("human_knight", 2)]
    assert not [u for u in area["1A"]["units"] if u["standing"]]

    # the same option again: its prompt was answered; refused politely, nothing changes
    before = await store.get_game(game_id)
    [stale] = await play.quick(service, ALICE, ref, options["All from 1A → 1B: 2 × Knights, 1 × Infantry"])
    [stale_one] = await play.quick(service, ALICE, ref, options["2 × Knights 1A → 1C"])
    for reply in (stale, stale_one):
        assert not reply.edit and "no longer" in reply.panel.text
    [forged] = await play.quick(service, ALICE, ref, "b1.2.3:00000000")
    [made_up] = await play.quick(service, ALICE, ref, "x")
    assert "no longer" in forged.panel.text and "not one the bot made" in made_up.panel.text
    assert (await store.get_game(game_id)).state == before.state


async def test_how_many_of_a_stack_is_two_clicks_through_the_service(service, store):
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    *_, reply = await play.my_decisions(service, game_id, ALICE)
    _, fewer = quick_selects(reply.panel)
    ref = ids.parse_ref(re.fullmatch(ids.QUICK_TEMPLATE, fewer.custom_id))
    [counts] = await play.quick(service, ALICE, ref, {o.label: o.value for o in fewer.options}["Knights 1A → 1B: 1 to 2…"])
    assert counts.edit and "to 1B · Knights from 1A" in counts.panel.text
    (step,) = counts.panel.selects()
    one = {o.label: o.value for o in step.options}["1 × Knights 1A → 1B"]
    [moved] = await play.select(service, ALICE, ref, ids.Cursor(), one)
    assert moved.edit and "1 × Knights 1A → 1B" in moved.panel.text.splitlines()[0]
    area = (await service.view(game_id, None)).view["areas"]
    assert [(u["unit"], u["standing"]) for u in area["1B"]["units"]] == [("human_knight", 1)]


def test_many_stacks_stay_within_discords_limits_and_the_rest_is_left_to_the_guided_steps():
    spec = [(f"{n}A", f"{n}{c}", "human_archer", 3) for n in range(1, 11) for c in "BCD"]  # 30 stacks' moves
    d = decision("strategy_move", stacks("strategy_move", spec))
    panel = build_panel("runewars", GAME_ID, SEQ, d)
    check_limits(panel)
    direct, fewer = quick_selects(panel)
    assert len(direct.options) == PAGE_SIZE and len(fewer.options) == PAGE_SIZE
    assert len(panel.rows) <= 5
    late = next(a for a in d.actions if a.args == {"from": "9A", "to": "9C", "unit": "human_archer", "count": 3})
    assert clicks_to("runewars", d, late) is None and clicks_to("runewars", d, late, depth=4)  # past both lists: the guided steps


def test_a_prompt_that_is_not_a_move_has_no_quick_moves():
    d = decision("march_target", [("activate", {"area": a}) for a in ("1A", "1B")] + [("skip", {})], info={"activation": 1})
    assert quick_moves("runewars", d) == ([], [])
    assert not quick_selects(build_panel("runewars", GAME_ID, SEQ, d))
    tiny = decision("x", [("move", {"from": "a", "to": "b", "unit": "u", "count": n}) for n in (1, 2)])
    assert quick_moves("tinygame", tiny) == ([], [])  # its front-end names no move shape


ID_LIKE = re.compile(r"[a-z]+_[a-z_]+|\b[0-9a-f]{8}\b|seat", re.IGNORECASE)


def test_in_ai_games_every_quick_move_is_legal_and_every_chosen_move_two_clicks_away():
    """Every move prompt of two AI games (two years each): each quick move applies legal answers
    of that prompt (all units of one area to one place, for the "all" ones), each guided path
    leads to one stack's count, labels carry no ids, and the move the AI chose is at most two
    clicks from the first panel."""
    seen = {"moves": 0, "bundles": 0}

    def policy(view, prompt, legal, rng: Random, *, pack):
        action = choose(view, prompt, legal, rng, pack=pack)
        if prompt.kind in MOVE_KINDS:
            check_move(Decision(prompt, tuple(legal)), action, seen)
        return action

    for seats, seed in ((2, 3), (4, 5)):
        play_ai(seats, seed, policy, max_seasons=8)
    assert seen["moves"] > 10 and seen["bundles"] > 0


def check_move(d: Decision, action: Action, seen: dict[str, int]) -> None:
    direct, fewer = quick_moves("runewars", d)
    legal = {ids.action_hash(a): i for i, a in enumerate(d.actions)}
    for move in direct:
        assert all(legal.get(ids.action_hash(a)) == i and a.choice == "move" for i, a in move.answers)
        assert not ID_LIKE.search(move.label), move.label
        if len(move.answers) > 1:
            seen["bundles"] += 1
            assert len({(a.args["from"], a.args.get("to")) for _, a in move.answers}) == 1
            assert len({a.args["unit"] for _, a in move.answers}) == len(move.answers)
    for move in fewer:
        assert not ID_LIKE.search(move.label), move.label
        panel = build_panel("runewars", GAME_ID, SEQ, d, ids.Cursor(move.path))
        answers = [
            ids.parse_choice_value(o.value) for s in panel.selects() for o in s.options if ids.parse_choice_value(o.value)
        ] + [
            (c.index, c.action_hash) for b in panel.buttons() if (c := ids.parse_choice(b.custom_id)) and d.actions[c.index].args
        ]
        stacks_ = {(d.actions[i].args["from"], d.actions[i].args.get("to"), d.actions[i].args["unit"]) for i, _ in answers}
        assert answers and len(stacks_) == 1 and all(legal[h] == i for i, h in answers)
    if action.choice == "move":
        seen["moves"] += 1
        assert clicks_to("runewars", d, action) in (1, 2), action
    assert all(isinstance(row, SelectSpec) or len(row) <= 5 for row in build_panel("runewars", GAME_ID, SEQ, d).rows)


async def test_all_from_an_area_stops_where_a_move_can_no_longer_be_made(service, store):
    """ "All from an area" makes its moves in turn, each checked by the rules when it is made:
    one that can no longer be made is named, and the decision is shown as it stands. (The bot
    makes no such bundle; anyone can hash one, and it is still only legal moves in turn.)"""
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    view = await service.view(game_id, ALICE)
    (d,) = view.decisions
    knights = {
        a.args["count"]: i for i, a in enumerate(d.actions) if a.args.get("to") == "1B" and a.args["unit"] == "human_knight"
    }
    indexes = (knights[1], knights[2])  # one knight, then both: the second can no longer be made
    ref = ids.PromptRef(game_id, view.seq, ids.prompt_hash(d.prompt.id))
    [reply] = await play.quick(service, ALICE, ref, ids.bundle_value(indexes, [d.actions[i] for i in indexes]))
    assert reply.edit and "Not moved: 2 × Knights 1A → 1B" in reply.panel.text and reply.panel.selects()
    area = (await service.view(game_id, None)).view["areas"]
    assert [(u["unit"], u["standing"]) for u in area["1B"]["units"]] == [("human_knight", 1)]
