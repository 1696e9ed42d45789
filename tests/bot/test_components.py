"""bot.ui.components: panels as persistent discord.py components, every DynamicItem template
rebuilt from its custom id and clicked through a minimal fake interaction (no connection)."""

import logging
import re

import discord
import pytest

from bot import ids
from bot.store import Store
from bot.ui import components
from bot.ui.components import DYNAMIC_ITEMS, handle, to_view
from bot.ui.panels import Panel, build_panel
from bot.ui.play import Image, Reply, say
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, DAVE, started_game
from tests.bot.playhelpers import STRATEGY_TURN, FakeClient, dispatch, full_service, interaction, positioned_game, sent


@pytest.fixture
async def client(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield FakeClient(full_service(store))
    await store.close()


async def decision_panel(client, game_id, user):
    view = await client.service.view(game_id, user)
    return build_panel(view.game, game_id, view.seq, view.decisions[0])


async def test_a_panel_becomes_a_persistent_view_of_dynamic_items(client):
    game_id = await positioned_game(client.service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    panel = await decision_panel(client, game_id, ALICE)
    view = to_view(panel)
    assert view.timeout is None and view.is_persistent()
    # quick moves (issue 19 item 8): whole moves, then "how many of a stack"; then the destination, then Done
    assert [type(item).__name__ for item in view.children] == ["QuickSelect", "QuickSelect", "CursorSelect", "ChoiceButton"]
    rows = view.to_components()  # as sent: each select a row of its own, in the panel's order, Done below them
    assert [[c["type"] for c in row["components"]] for row in rows] == [[3], [3], [3], [2]]
    assert [item.custom_id for item in view.children] == [*(s.custom_id for s in panel.selects()), panel.buttons()[0].custom_id]
    assert view.children[-1].item.style == discord.ButtonStyle.primary
    assert to_view(Panel("text only")) is None
    with pytest.raises(ValueError, match="no component template"):
        to_view(Panel("x", ((components.ButtonSpec("x", "other:1"),),)))


async def test_every_template_is_dispatched_and_answers(client, monkeypatch):
    invoked = set()
    game_id = await started_game(client.service, (ALICE, BOB), channel=CHANNEL + 1)
    # a choice button: ALICE commits; the message is edited to what comes next
    choice = (await decision_panel(client, game_id, ALICE)).buttons()[0].custom_id
    cls, fake = await dispatch(client, choice, ALICE)
    invoked.add(cls)
    edit, followups = sent(fake)
    assert (
        edit["content"].startswith("Player ")
        and "has chosen a card." in edit["content"]
        and edit["view"] is None
        and followups == []
    )
    assert client.kicked == 1  # the outbox is drained after the move

    moving = await positioned_game(client.service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL + 2)
    quick, _, select = (s.custom_id for s in (await decision_panel(client, moving, ALICE)).selects())
    cls, fake = await dispatch(client, quick, ALICE, values=["p1.0"])  # how many Knights go to 1B
    invoked.add(cls)
    assert "to 1B · Knights from 1A" in sent(fake)[0]["content"]
    cls, fake = await dispatch(client, select, ALICE, values=["n1"])
    invoked.add(cls)
    edit, _ = sent(fake)
    assert "to 1B" in edit["content"] and isinstance(edit["view"], discord.ui.View)
    start_over = next(c.custom_id for c in edit["view"].children if getattr(c.item, "label", "") == "Start over")
    cls, fake = await dispatch(client, start_over, ALICE)
    invoked.add(cls)
    assert sent(fake)[0]["content"].startswith("Strategy: move units")

    cls, fake = await dispatch(client, ids.me_id(game_id), BOB)
    invoked.add(cls)
    edit, followups = sent(fake)
    assert edit is None and followups and fake.followup.send.await_args.kwargs["ephemeral"] is True

    lobby = await client.service.create_game(1, CHANNEL + 3, "tinygame", {}, ALICE)
    cls, fake = await dispatch(client, ids.lobby_id(lobby.id, "join"), DAVE)
    invoked.add(cls)
    assert f"<@{DAVE}>" in sent(fake)[0]["content"]

    # the lobby's option components (digest §2: the game's options are chosen before it starts)
    lobby = await client.service.create_game(1, CHANNEL + 4, "runewars", {}, ALICE)
    cls, fake = await dispatch(client, ids.option_toggle_id(lobby.id, "epic"), ALICE)
    invoked.add(cls)
    assert "epic yes" in sent(fake)[0]["content"]
    cls, fake = await dispatch(client, ids.option_select_id(lobby.id, "map_building"), ALICE, values=["rulebook"])
    invoked.add(cls)
    assert "map building rulebook" in sent(fake)[0]["content"]
    assert (await client.service.store.get_game(lobby.id)).options == {"epic": True, "map_building": "rulebook"}
    _, fake = await dispatch(client, ids.option_toggle_id(lobby.id, "epic"), BOB)  # only the creator chooses
    assert sent(fake)[1] == ["Only the player who opened the lobby chooses its options."]
    _, fake = await dispatch(client, ids.option_select_id(lobby.id, "map_building"), ALICE, values=["hexes"])
    assert sent(fake)[1] == ["option map_building takes one of auto, rulebook, not 'hexes'."]
    assert (await client.service.store.get_game(lobby.id)).options == {"epic": True, "map_building": "rulebook"}
    # a form button where the decision has none (tests/bot/test_forms.py opens real forms): the decision as it stands
    cls, fake = await dispatch(client, ids.PromptRef(game_id, 1, "0123abcd").form(), BOB)
    invoked.add(cls)
    assert sent(fake)[1] and fake.followup.send.await_args.kwargs["ephemeral"] is True
    # a stretch of plays (bot/ui/stretch.py): two coins picked at once, then Confirm
    from bot import frontend as frontends
    from tests.bot import gamehelpers
    from tests.marketgame import FRONTEND, RULESET

    monkeypatch.setitem(gamehelpers.RULESETS, "market", RULESET)
    monkeypatch.setitem(frontends.REGISTERED, "market", FRONTEND)
    shop = await started_game(client.service, (ALICE, BOB), game="market", channel=CHANNEL + 9)
    mover = {s.seat: s.user_id for s in await client.service.store.seats(shop)}[0]
    view = await client.service.view(shop, mover)
    plan_select = build_panel(view.game, shop, view.seq, view.decisions[0], view=view.view).rows[0]
    cls, fake = await dispatch(client, plan_select.custom_id, mover, values=[o.value for o in plan_select.options[:2]])
    invoked.add(cls)
    edit, _ = sent(fake)
    assert "Planned (2 plays)" in edit["content"] and isinstance(edit["view"], discord.ui.View)
    confirm = next(c.custom_id for c in edit["view"].children if re.fullmatch(ids.PLAN_CONFIRM_TEMPLATE, c.custom_id))
    cls, fake = await dispatch(client, confirm, mover)
    invoked.add(cls)
    assert (await client.service.view(shop, None)).seq == view.seq + 2

    assert invoked == set(DYNAMIC_ITEMS)


async def test_a_foreign_click_gets_an_ephemeral_refusal_and_the_message_stays(client):
    game_id = await started_game(client.service, (ALICE, BOB), channel=CHANNEL)
    choice = (await decision_panel(client, game_id, ALICE)).buttons()[0].custom_id
    before = await client.service.store.get_game(game_id)
    _, fake = await dispatch(client, choice, DAVE)
    edit, followups = sent(fake)
    assert edit is None and followups == ["You hold no seat in this game."]
    assert fake.followup.send.await_args.kwargs["ephemeral"] is True
    assert (await client.service.store.get_game(game_id)).state == before.state


async def test_a_bug_is_logged_with_the_game_and_answered_with_an_apology(client, caplog):
    async def broken(_client):
        raise KeyError("boom")

    fake = interaction(client, ALICE, channel=CHANNEL)
    with caplog.at_level(logging.ERROR, logger="bot.ui.components"):
        await handle(fake, 42, broken)
    fake.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    [text] = sent(fake)[1]
    assert text == components.APOLOGY.format(game=42) and "Traceback" not in text and "boom" not in text
    assert "game 42: unexpected error" in caplog.text


async def test_public_replies_and_images(client):
    png = b"\x89PNG\r\n"

    async def work(_client):
        return [Reply(Panel("lobby"), public=True), Reply(Panel("map"), files=(Image(png, "m.png", "alt text"),))]

    fake = interaction(client, ALICE)
    await handle(fake, 1, work, public=True)
    fake.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)
    first, second = fake.followup.send.await_args_list
    assert first.args == ("lobby",) and first.kwargs["ephemeral"] is False
    [file] = second.kwargs["files"]
    assert second.kwargs["ephemeral"] is True and file.filename == "m.png" and file.description == "alt text"

    async def edit_with_image(_client):
        return [Reply(Panel("now"), edit=True, files=(Image(png, "n.png", ""),)), say("and")]

    fake = interaction(client, ALICE, component=True)
    await handle(fake, 1, edit_with_image)
    kwargs = fake.edit_original_response.await_args.kwargs
    assert kwargs["content"] == "now" and kwargs["attachments"][0].filename == "n.png"
    assert re.fullmatch("and", fake.followup.send.await_args.args[0])


def test_components_posted_in_the_two_older_formats_still_dispatch():
    """Buttons already posted in running games keep working (issue 18 item 6): ``rw:`` for
    decisions and the lobby, ``tb:`` for the table, as they were built before the one grammar;
    a new id uses ``g:`` and matches exactly one template."""
    from bot.cogs import table

    items = (*DYNAMIC_ITEMS, *table.TABLE_ITEMS)
    posted = {
        "rw:7:me": components.MeButton,
        "rw:7:join": components.LobbyButton,
        "rw:7:3:0123abcd:c1:89abcdef": components.ChoiceButton,
        "rw:7:3:0123abcd:s0.1~2": components.CursorSelect,
        "rw:7:3:0123abcd:v~0": components.CursorButton,
        "tb:7:vote:2:y": table.VoteButton,
        "tb:7:undo:5.0": table.UndoButton,
        "tb:7:claim:1": table.ClaimButton,
        "tb:7:mute": table.MuteButton,
        "tb:7:review:3": table.ReviewButton,
        "tb:7:recap:1.4.0": table.RecapButton,
        ids.me_id(7): components.MeButton,
        ids.mute_id(7): table.MuteButton,
    }
    for custom_id, cls in posted.items():
        assert [c for c in items if c.__discord_ui_compiled_template__.fullmatch(custom_id)] == [cls], custom_id
    assert ids.me_id(7) == "g:7:me" and ids.parse_choice("rw:7:3:0123abcd:c1:89abcdef").ref.game_id == 7
