"""A stretch of plays (issue 28 item 2, docs/bot.md "A stretch of plays"; bot/ui/stretch.py): a
turn's plays composed in the private panel, the resources left shown, applied in order by one
Confirm, ending at anything that reveals, randomises or waits on another seat. Played with the
Market test game (tests/marketgame.py), which names no real game."""

from __future__ import annotations

import pytest

from bot import frontend as frontends
from bot import ids
from bot.service import GameService
from bot.store import Store
from bot.ui import stretch
from bot.ui.panels import build_panel
from bot.ui.play import current_panels
from tests.bot.gamehelpers import ALICE, BOB, GUILD, any_ruleset_with
from tests.marketgame import FRONTEND, RULESET


@pytest.fixture
async def service(tmp_path, monkeypatch):
    monkeypatch.setitem(frontends.REGISTERED, "market", FRONTEND)
    store = await Store.open(tmp_path / "games.db")
    yield GameService(store, any_ruleset_with(RULESET))
    await store.close()


async def market(service: GameService) -> int:
    record = await service.create_game(GUILD, 100, "market", {}, ALICE, seed=3)
    for user in (ALICE, BOB):
        await service.join(record.id, user)
    await service.start(record.id)
    return record.id


async def first_mover(service, game_id):
    public = await service.view(game_id, None)
    users = {s.seat: s.user_id for s in await service.store.seats(game_id)}
    user = users[public.awaited[0]]
    return user, await service.view(game_id, user)


def values(select, *labels):
    by_label = {o.label: o.value for o in select.options}
    return [by_label[label] for label in labels]


async def test_a_turn_offers_its_plays_as_one_list_with_each_coin_once(service):
    """The panel of a stretch kind starts with a multi-select: each legal answer, as often as it
    may be given in a row (the three coins held), and the option that plays them at once."""
    game_id = await market(service)
    user, view = await first_mover(service, game_id)
    [panel] = current_panels(view)
    select = panel.rows[0]
    assert select.custom_id.endswith(":k") and select.max_values == len(select.options)
    assert [o.label for o in select.options] == [
        "Play a coin (1)",
        "Play a coin (2)",
        "Play a coin (3)",
        "End the turn",
        "then: Buy a shield",  # what a coin leads to (the purchase), computed on a copy of the game
        "then: Done",
        "✓ …and play them now",
    ]
    assert "card-" not in " ".join(o.label for o in select.options)  # the card "End the turn" draws is never named
    # without the seat's view (no copies known) each answer is offered once
    bare = build_panel("market", game_id, view.seq, view.decisions[0]).rows[0]
    assert "card-" not in " ".join(o.label for o in select.options)  # the card "End the turn" draws is never named
    assert [o.label for o in bare.options][:2] == ["Play a coin", "End the turn"]


async def test_plays_picked_together_are_planned_with_what_is_left_and_applied_by_one_confirm(service):
    game_id = await market(service)
    user, view = await first_mover(service, game_id)
    ref = ids.PromptRef(game_id, view.seq, ids.prompt_hash(view.decisions[0].prompt.id))
    select = current_panels(view)[0].rows[0]
    [reply] = await stretch.add(service, user, ref, (), values(select, "Play a coin (1)", "Play a coin (2)"))
    text = reply.panel.text
    assert "Planned (2 plays): Play a coin → Play a coin" in text and "Left: 2 to spend, 1 coins in hand" in text
    assert (await service.view(game_id, None)).seq == view.seq  # nothing committed while planning
    # the purchase's answers are offered now, and what the turn's answers lead to after "Done"
    nxt = reply.panel.rows[0]
    assert [o.label for o in nxt.options] == [
        "Play a coin",
        "Buy a shield",
        "Buy a sword",
        "Done",
        "then: End the turn",
        "✓ …and play them now",
    ]
    [reply] = await stretch.add(service, user, ref, (0, 0), values(nxt, "Buy a sword", "Done"))
    assert "Planned (4 plays)" in reply.panel.text
    confirm = next(b for b in reply.panel.buttons() if b.custom_id.startswith(ref.head() + ":a"))
    assert confirm.label == "Confirm 4 plays"
    plan = ids.parse_plan(ids.re.fullmatch(ids.PLAN_CONFIRM_TEMPLATE, confirm.custom_id))
    [done] = await stretch.confirm(service, user, ref, plan, ids.plan_hash(ref, plan))
    after = await service.view(game_id, user)
    assert after.seq == view.seq + 4 and after.view["items"][after.seat] == ["sword"] and after.view["coins"][after.seat] == 1
    assert "Your turn" in done.panel.text  # the next decision of the same seat follows


async def test_a_plan_ends_at_a_draw_and_shows_nothing_past_it(service):
    """Ending the turn draws a card (a private event) and hands over: the plan may end with it,
    and neither the card drawn nor the next seat's decision is shown before it is committed."""
    game_id = await market(service)
    user, view = await first_mover(service, game_id)
    ref = ids.PromptRef(game_id, view.seq, ids.prompt_hash(view.decisions[0].prompt.id))
    select = current_panels(view)[0].rows[0]
    [reply] = await stretch.add(service, user, ref, (), values(select, "End the turn"))
    assert "draws, reveals or waits" in reply.panel.text and not reply.panel.selects()
    assert "card-" not in reply.panel.text
    preview = await service.preview(game_id, user, (1,))
    assert preview.stopped and preview.decision is None and preview.view["hand"] == []
    with pytest.raises(Exception, match="no longer fits"):
        await service.preview(game_id, user, (1, 0))  # nothing may follow a stop


async def test_picking_play_them_now_applies_the_plan_at_once(service):
    game_id = await market(service)
    user, view = await first_mover(service, game_id)
    ref = ids.PromptRef(game_id, view.seq, ids.prompt_hash(view.decisions[0].prompt.id))
    select = current_panels(view)[0].rows[0]
    picked = values(select, "Play a coin (1)", "Play a coin (2)", "Play a coin (3)", "✓ …and play them now")
    await stretch.add(service, user, ref, (), picked)
    after = await service.view(game_id, user)
    assert after.seq == view.seq + 3 and after.view["pool"] == 3


async def test_a_stale_plan_is_refused_with_the_decision_as_it_stands(service):
    game_id = await market(service)
    user, view = await first_mover(service, game_id)
    ref = ids.PromptRef(game_id, view.seq, ids.prompt_hash(view.decisions[0].prompt.id))
    [reply] = await stretch.confirm(service, user, ref, (0, 0), "00000000")  # a hash the bot never made
    assert "moved on" in reply.panel.text and (await service.view(game_id, None)).seq == view.seq
    await service.act(game_id, user, view.decisions[0].actions[0])  # the game moves on: the old plan no longer fits
    [reply] = await stretch.confirm(service, user, ref, (0,), ids.plan_hash(ref, (0,)))
    assert "moved on" in reply.panel.text or "no longer fits" in reply.panel.text
    other = BOB if user == ALICE else ALICE
    [reply] = await stretch.add(
        service, other, ref, (), ["0#0:" + ids.key_hash(FRONTEND.stretch_key(view.decisions[0].actions[0]))]
    )
    assert (await service.view(game_id, None)).seq == view.seq + 1  # another seat's pick changes nothing
