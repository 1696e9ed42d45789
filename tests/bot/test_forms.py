"""Private forms (bot/ui/forms.py, the FrontEnd form hooks; issue 30 item 2): a decision whose kind
has a form starts its panel with "Fill in the form"; the form opens filled in with what the seat
chose so far; a submitted form is applied as ONE commit of several answers; a form that does not fit
is refused in words, nothing written, with a button that opens it again with the values typed.
Played on Seventh Stone's yearly allocation (the first game with a form)."""

from __future__ import annotations

import re

import pytest

from bot import ids
from bot.frontend import Form, FormField, FrontEnd
from bot.service import GameService
from bot.ui import forms
from bot.ui.components import submitted_values, to_modal
from bot.ui.panels import build_panel
from engine.core import load_ruleset
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, GUILD

GAMES = {"seventhstone": "seventhstone"}


async def allocating(store) -> tuple[GameService, int]:
    """A 2-player Seventh Stone game whose set-up is answered (first legal answers): both seats allocate."""
    service = GameService(store, load_ruleset, games=GAMES)
    record = await service.create_game(GUILD, CHANNEL, "seventhstone", {}, ALICE, seed=4)
    await service.join(record.id, ALICE, "Alice")
    await service.join(record.id, BOB, "Bob")
    await service.start(record.id, ALICE)
    for _ in range(20):
        views = [await service.view(record.id, user) for user in (ALICE, BOB)]
        if all(any(d.prompt.kind == "allocate" for d in v.decisions) for v in views):
            return service, record.id
        for user, view in zip((ALICE, BOB), views):
            if view.decisions and view.decisions[0].prompt.kind != "allocate":
                await service.act(record.id, user, view.decisions[0].actions[0])
                break
    raise AssertionError("the game never reached the allocation")


def ref_of(view) -> ids.PromptRef:
    decision = next(d for d in view.decisions if d.prompt.kind == "allocate")
    return ids.PromptRef(view.game_id, view.seq, ids.prompt_hash(decision.prompt.id))


async def test_the_allocation_panel_opens_a_filled_in_form(store):
    service, game = await allocating(store)
    view = await service.view(game, ALICE)
    decision = next(d for d in view.decisions if d.prompt.kind == "allocate")
    panel = build_panel(view.game, game, view.seq, decision)
    first = panel.rows[0][0]
    assert re.fullmatch(ids.FORM_TEMPLATE, first.custom_id) and "form" in first.label
    assert len(panel.rows) <= 5
    opened = await forms.open_form(service, ALICE, ref_of(view))
    assert not isinstance(opened, list)
    _, form = opened
    budget = next(p["storage"] for p in view.view["players"] if p["seat"] == view.seat)
    assert str(budget) in form.title and len(form.title) <= 45
    assert [f.key for f in form.fields] == ["buildings", "units", "bids"]
    assert [f.value for f in form.fields] == ["0", "0 0 0", "0 0 0 0"]
    assert all(len(f.label) <= 45 for f in form.fields)


async def test_a_submitted_form_is_one_commit_of_all_its_steps(store):
    """Issue 30 item 2: the whole allocation in one private step; the seat's sheet is sealed, the
    other seat is still awaited, and the store holds one commit with every step's record."""
    service, game = await allocating(store)
    view = await service.view(game, ALICE)
    before = view.seq
    replies = await forms.submit_form(service, ALICE, ref_of(view), {"buildings": "1", "units": "2 0 1", "bids": "1 0 2 1"})
    assert "Not sent" not in replies[0].panel.text
    after = await service.view(game, ALICE)
    assert after.seq == before + 1
    assert after.view["allocation"] == {
        "building": 1,
        "melee": 2,
        "ranged": 0,
        "cavalry": 1,
        "mercenaries": 1,
        "equipment": 0,
        "movement": 2,
        "tournament": 1,
    }
    public = await service.view(game, None)
    assert [p["sealed"] for p in public.view["players"]] == [s == after.seat for s in range(2)]
    assert public.view["allocations"] is None  # revealed only when all have sealed
    last = (await store.actions(game, before))[-1]
    assert last.seq == before + 1


async def test_over_budget_or_garbled_forms_are_refused_and_reopen_filled_in(store):
    service, game = await allocating(store)
    view = await service.view(game, ALICE)
    ref = ref_of(view)
    replies = await forms.submit_form(service, ALICE, ref, {"buildings": "9", "units": "0 0 0", "bids": "0 0 0 0"})
    (reply,) = replies
    assert reply.panel.text.startswith("Not sent:") and "costs 36" in reply.panel.text
    assert (await service.view(game, ALICE)).seq == view.seq  # nothing written
    button = reply.panel.rows[0][0]
    match = re.fullmatch(ids.FORM_TEMPLATE, button.custom_id)
    assert match and ids.parse_form_values(match["values"]) == ("9", "0 0 0", "0 0 0 0")
    _, form = await forms.open_form(service, ALICE, ids.parse_ref(match), ids.parse_form_values(match["values"]))
    assert [f.value for f in form.fields] == ["9", "0 0 0", "0 0 0 0"]
    garbled = await forms.submit_form(service, ALICE, ref, {"buildings": "one", "units": "2 0", "bids": ""})
    assert "Buildings need one number" in garbled[0].panel.text
    short = await forms.submit_form(service, ALICE, ref, {"buildings": "", "units": "2 0", "bids": ""})
    assert "three numbers" in short[0].panel.text
    # a form button still works after the seat took a step by clicking (the prompt is asked anew)
    add = next(a for a in view.decisions[0].actions if a.choice == "add" and a.args == {"item": "melee", "count": 1})
    await service.act(game, ALICE, add)
    _, form = await forms.open_form(service, ALICE, ref)
    assert form.fields[1].value == "1 0 0"
    low = await forms.submit_form(service, ALICE, ref, {"buildings": "0", "units": "0 0 0", "bids": "0 0 0 0"})
    assert "cannot be taken back" in low[0].panel.text
    ok = await forms.submit_form(service, ALICE, ref, {"buildings": "0", "units": "1 0 0", "bids": "0 0 0 1"})
    assert "Not sent" not in ok[0].panel.text
    assert (await service.view(game, ALICE)).view["allocation"]["tournament"] == 1


def test_form_ids_carry_typed_values_only_where_they_fit():
    ref = ids.PromptRef(12, 345, "abcdef12")
    assert ref.form() == "g:12:345:abcdef12:f"
    carried = ref.form(["1", "2 0 1", "1 0 2 1"])
    assert re.fullmatch(ids.FORM_TEMPLATE, carried)
    assert ids.parse_form_values(re.fullmatch(ids.FORM_TEMPLATE, carried)["values"]) == ("1", "2 0 1", "1 0 2 1")
    assert ref.form(["Ä?", "x"]) == ref.form()  # not id-safe: the form opens as the seat stands
    assert ref.form(["9" * 120]) == ref.form()
    assert re.fullmatch(ids.FORM_SUBMIT_TEMPLATE, ref.form_submit())


def test_modal_and_submission_shapes():
    form = Form("T" * 60, tuple(FormField(f"k{i}", "L" * 60, "v") for i in range(5)))
    modal = to_modal(form, "g:1:2:abcdef12:m")
    data = modal.to_dict()
    assert len(data["title"]) <= 45 and len(data["components"]) == 5
    rows = {"components": [{"type": 1, "components": [{"type": 4, "custom_id": "units", "value": "2 0 1"}]}]}
    labels = {"components": [{"type": 18, "component": {"type": 4, "custom_id": "bids", "value": "1 1 1 1"}}]}
    assert submitted_values(rows) == {"units": "2 0 1"}
    assert submitted_values(labels) == {"bids": "1 1 1 1"}


def test_a_game_without_forms_offers_none():
    plain = FrontEnd()
    assert plain.form_kinds == frozenset()
    assert isinstance(plain.form_answers(None, [], {}, {}), str)


@pytest.mark.parametrize("typed", [{"units": "-1 0 0"}, {"bids": "1 2 3"}, {"buildings": "1 1"}])
def test_allocation_parsing_refuses_bad_fields(typed):
    from bot.games.seventhstone import parse_allocation

    assert isinstance(parse_allocation(typed), str)


async def test_the_form_button_opens_a_modal_and_its_submission_is_taken_without_it(store):
    """The discord.py glue: the button answers with a modal (no defer); the modal is not kept in
    memory, its submission is read from the interaction alone (a form opened before a restart counts)."""
    from types import SimpleNamespace
    from unittest.mock import AsyncMock

    import discord

    from bot.ui import components
    from tests.bot.playhelpers import FakeClient

    service, game = await allocating(store)
    client = FakeClient(service)
    view = await service.view(game, ALICE)
    custom_id = ref_of(view).form()
    base = discord.ui.Button(label="x", custom_id=custom_id)
    item = await components.FormButton.from_custom_id(None, base, re.fullmatch(ids.FORM_TEMPLATE, custom_id))
    click = SimpleNamespace(
        type=discord.InteractionType.component,
        client=client,
        user=SimpleNamespace(id=ALICE),
        locale=None,
        data={"custom_id": custom_id},
        response=SimpleNamespace(send_modal=AsyncMock(), defer=AsyncMock()),
    )
    await item.callback(click)
    (modal,) = click.response.send_modal.await_args.args
    assert modal.is_finished()  # stopped at once: nothing waits in memory for its submission
    payload = modal.to_dict()
    assert re.fullmatch(ids.FORM_SUBMIT_TEMPLATE, payload["custom_id"])
    submit = SimpleNamespace(
        type=discord.InteractionType.modal_submit,
        client=client,
        user=SimpleNamespace(id=ALICE),
        locale=None,
        data={
            "custom_id": payload["custom_id"],
            "components": [
                {"type": 1, "components": [{"type": 4, "custom_id": "buildings", "value": "0"}]},
                {"type": 1, "components": [{"type": 4, "custom_id": "units", "value": "1 1 0"}]},
                {"type": 1, "components": [{"type": 4, "custom_id": "bids", "value": "1 1 1 1"}]},
            ],
        },
        response=SimpleNamespace(defer=AsyncMock()),
        followup=SimpleNamespace(send=AsyncMock()),
        edit_original_response=AsyncMock(),
        channel_id=CHANNEL,
        guild_id=GUILD,
    )
    await components.on_form_submit(submit)  # sent without a message (none to replace): an ephemeral answer
    assert submit.followup.send.await_args.kwargs["ephemeral"] is True
    assert (await service.view(game, ALICE)).view["allocation"]["movement"] == 1

    other = await service.view(game, BOB)
    bob_ref = ref_of(other)
    submit.user, submit.message = SimpleNamespace(id=BOB), SimpleNamespace(id=1)
    submit.data = {**submit.data, "custom_id": bob_ref.form_submit()}
    submit.response, submit.followup = SimpleNamespace(defer=AsyncMock()), SimpleNamespace(send=AsyncMock())
    await components.on_form_submit(submit)  # sent from the decision's DM: that message becomes the outcome
    submit.response.defer.assert_awaited_once_with()
    assert "seal" in submit.edit_original_response.await_args.kwargs["content"]


async def test_a_form_commit_replays_from_the_log(store):
    """The log holds every step of the form in one commit; replaying the log (history, export,
    verify, undo) applies them in turn and reaches the stored state (Engine.apply_all)."""
    from bot.table.history import History
    from engine.core import encode

    service, game = await allocating(store)
    view = await service.view(game, ALICE)
    await forms.submit_form(service, ALICE, ref_of(view), {"buildings": "1", "units": "1 1 1", "bids": "2 1 1 1"})
    record = await store.get_game(game)
    history = await History.load(store, record, service.ruleset_of(record))
    commits = history.commits()
    form_commit = commits[-1]
    assert sum(1 for r in form_commit.records if not r.forced) > 2  # the steps and the seal
    assert encode(form_commit.state) == encode(history.current)
