"""bot.ui.play over a real service: clicks apply legal answers, foreign and stale clicks are
refused politely with nothing changed, refusals carry the rule and the alternatives as
buttons, typed movement is checked against the legal moves, autocomplete offers only the
caller's own legal moves."""

import random
import re

import pytest

from bot import ids
from bot.ui import play
from bot.ui.panels import STALE_CHOICE, STALE_PROMPT
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, DAVE, started_game
from tests.bot.playhelpers import STRATEGY_TURN, click, full_service, positioned_game


@pytest.fixture
def service(store):
    return full_service(store)


def first_choice(panel):
    m = re.fullmatch(ids.CHOICE_TEMPLATE, panel.buttons()[0].custom_id)
    return ids.parse_ref(m), int(m["index"]), m["ah"]


def guided(panel):
    """The panel's guided-step select (a move's first page also has quick moves)."""
    (step,) = [s for s in panel.selects() if re.fullmatch(ids.SELECT_TEMPLATE, s.custom_id)]
    return step


async def my_panel(service, game_id, user):
    *_, reply = await play.my_decisions(service, game_id, user)
    return reply.panel


async def test_a_click_applies_its_answer_and_the_message_shows_what_comes_next(service, store):
    game_id = await started_game(service)
    panel = await my_panel(service, game_id, ALICE)
    ref, index, answer = first_choice(panel)
    before = (await store.get_game(game_id)).seq
    [reply] = await play.choose(service, ALICE, ref, index, answer)
    assert reply.edit and reply.panel.rows == ()
    assert (
        reply.panel.text.startswith("Player ")
        and "has chosen a card." in reply.panel.text
        and play.NOTHING_AWAITED in reply.panel.text
    )
    assert (await store.get_game(game_id)).seq == before + 1


async def test_a_foreign_click_is_refused_ephemerally_and_changes_nothing(service, store):
    game_id = await started_game(service)
    ref, index, answer = first_choice(await my_panel(service, game_id, ALICE))
    before = await store.get_game(game_id)
    [seated] = await play.choose(service, BOB, ref, index, answer)
    [stranger] = await play.choose(service, DAVE, ref, index, answer)
    assert not seated.edit and seated.panel.text.startswith(STALE_PROMPT)
    assert seated.panel.buttons()  # BOB gets his own decision instead
    assert not stranger.edit and stranger.panel.text == "You hold no seat in this game." and not stranger.panel.rows
    assert (await store.get_game(game_id)).state == before.state


async def test_a_click_from_an_older_position_counts_while_its_decision_is_open(service, store):
    """Simultaneous secret choices: another seat's answer must not void my buttons."""
    game_id = await started_game(service)
    old = await my_panel(service, game_id, ALICE)
    bob = first_choice(await my_panel(service, game_id, BOB))
    await play.choose(service, BOB, *bob)
    [reply] = await play.choose(service, ALICE, *first_choice(old))
    assert reply.edit and (await service.view(game_id, ALICE)).prompts == ()
    # the same button again: its decision is settled now
    [again] = await play.choose(service, ALICE, *first_choice(old))
    assert not again.edit and STALE_PROMPT in again.panel.text and play.NOTHING_AWAITED in again.panel.text


async def test_navigating_an_older_position_starts_the_decision_afresh(service, store):
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    panel = await my_panel(service, game_id, ALICE)
    step = guided(panel)
    ref = ids.parse_ref(re.fullmatch(ids.SELECT_TEMPLATE, step.custom_id))
    [units] = await play.select(service, ALICE, ref, ids.Cursor(), "n0")
    assert units.edit and "to 10B" in units.panel.text
    stale_ref = ids.PromptRef(ref.game_id, ref.seq - 1, ref.prompt_hash)
    [fresh] = await play.navigate(service, ALICE, stale_ref, ids.Cursor((0,)))
    assert (
        fresh.panel.text.startswith(play.MOVED_ON)
        and ids.parse_cursor(re.fullmatch(ids.SELECT_TEMPLATE, guided(fresh.panel).custom_id)) == ids.Cursor()
    )
    [bad] = await play.select(service, ALICE, ref, ids.Cursor(), "9:deadbeef")
    assert not bad.edit and "no longer available" in bad.panel.text
    [jumped] = await play.select(service, ALICE, ref, ids.Cursor(), "g7")  # a page jump past the end (issue 19 item 8)
    assert jumped.edit and jumped.panel.text.startswith(STALE_CHOICE)


async def test_the_guided_move_walks_to_a_legal_move(service, store):
    """docs/bot.md, "Moving units": destination, units, then the count, whose options are the
    answers (issue 19 item 8: no Confirm click)."""
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    panel = await my_panel(service, game_id, ALICE)
    ref = ids.parse_ref(re.fullmatch(ids.SELECT_TEMPLATE, guided(panel).custom_id))
    labels = [o.label for o in guided(panel).options]
    [step] = await play.select(service, ALICE, ref, ids.Cursor(), f"n{labels.index('to 1B')}")
    options = [o.label for o in guided(step.panel).options]
    assert options == ["Knights from 1A", "Infantry from 1A"]
    [counts] = await play.select(service, ALICE, ref, ids.Cursor((labels.index("to 1B"),)), "n0")
    answers = {o.label: o.value for o in guided(counts.panel).options}
    assert list(answers) == ["1 × Knights 1A → 1B", "2 × Knights 1A → 1B"]
    [done] = await play.select(service, ALICE, ref, ids.Cursor((labels.index("to 1B"), 0)), answers["2 × Knights 1A → 1B"])
    assert done.edit and done.panel.text.startswith("Player 1 (Humans) moved 2 × Knights 1A → 1B.")
    area = (await service.view(game_id, None)).view["areas"]["1B"]
    assert [(u["unit"], u["standing"]) for u in area["units"]] == [("human_knight", 2)]
    assert done.panel.selects()  # the Strategy goes on: the next move, or Done


async def test_typed_moves_are_checked_against_the_legal_moves(service, store):
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    [partial] = await play.move(service, game_id, ALICE, {"to": "1C"})
    assert "to 1C" in partial.panel.text and [o.label for o in guided(partial.panel).options] == [
        "Knights from 1A",
        "Infantry from 1A",
    ]
    before = await store.get_game(game_id)
    [refused] = await play.move(service, game_id, ALICE, {"to": "13Z", "from": "1A", "unit": "human_knight", "count": 1})
    assert refused.panel.text.startswith("13Z ") and "Rule: p. 16" in refused.panel.text  # the engine's reason
    assert refused.panel.buttons() and all(re.fullmatch(ids.CHOICE_TEMPLATE, b.custom_id) for b in refused.panel.buttons())
    assert (await store.get_game(game_id)).state == before.state
    [applied] = await play.move(service, game_id, ALICE, {"to": "1C", "from": "1A", "unit": "human_infantry", "count": 1})
    assert applied.panel.text.startswith("Player 1 (Humans) moved 1 × Infantry 1A → 1C.") and not applied.edit
    [nothing] = await play.move(service, game_id, BOB, {"to": "1C"})
    assert nothing.panel.text == "You have no units to move right now."


async def test_move_autocomplete_offers_only_the_callers_own_legal_moves(service):
    game_id = await positioned_game(service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    assert await play.move_suggestions(service, game_id, ALICE, "to", "", {}) == [
        ("to 10B", "10B"),
        ("to 1B", "1B"),
        ("to 1C", "1C"),
    ]
    assert await play.move_suggestions(service, game_id, ALICE, "to", "b", {}) == [("to 10B", "10B"), ("to 1B", "1B")]
    assert await play.move_suggestions(service, game_id, ALICE, "unit", "", {"to": "1B"}) == [
        ("Knights from 1A", "human_knight"),
        ("Infantry from 1A", "human_infantry"),
    ]
    assert await play.move_suggestions(service, game_id, BOB, "to", "", {}) == []
    assert await play.move_suggestions(service, game_id, DAVE, "to", "", {}) == []


async def test_my_decisions_brings_held_messages_private_information_and_every_open_decision(service):
    game_id = await started_game(service)
    held = [{"lines": ["dealt: cards=[1, 2]"]}, {"lines": []}]
    replies = await play.my_decisions(service, game_id, CAROL, held)
    hand = (await service.view(game_id, CAROL)).view["hand"]
    assert [r.panel.text for r in replies[:2]] == [
        f"Private message (game #{game_id}):\ndealt: cards=[1, 2]",
        f"Your private information (game #{game_id}):\nHand: {hand}",
    ]
    assert len(replies) == 3 and replies[2].panel.buttons() and not any(r.edit for r in replies)
    [stranger] = await play.my_decisions(service, game_id, DAVE)
    assert stranger.panel.text == "You hold no seat in this game."


async def test_every_offer_on_every_panel_is_legal_through_a_whole_game(service, store):
    """Random clicks on whatever the panels offer, tiny game to its end: never a refusal."""
    game_id = await started_game(service, (ALICE, BOB))
    chooser = random.Random(5)
    while (await store.get_game(game_id)).status == "active":
        users = {s.seat: s.user_id for s in await store.seats(game_id)}
        user = users[chooser.choice((await service.view(game_id, None)).awaited)]
        replies, applied = await click(service, user, await my_panel(service, game_id, user), chooser)
        assert applied and replies[0].edit


def test_what_happened_stays_within_discords_limit_however_long_its_lines():
    """A reply to an accepted answer is one message: 2,000 characters at most (Discord's limit on
    content), its oldest lines giving way first; found by `playtest --game seventhstone --players 4`,
    where the last sealed allocation reveals every sheet at once."""
    from bot.service import ActOutcome
    from bot.ui.play import after

    lines = tuple(f"Line {n}: " + "sheet " * 60 for n in range(12))
    reply = after(ActOutcome(1, 2, 0, (), lines, (), None), edit=True)
    assert len(reply.panel.text) <= 2000 and "Line 11" in reply.panel.text
