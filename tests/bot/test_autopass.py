"""The auto-pass setting (docs/bot.md "Settings", issue 19 item 2): three values.

``unplayable`` (the default): a prompt left open with a single legal answer (a reaction
window the seat can only pass, a turn window offering only Proceed) is never shown and is
answered after a delay drawn uniformly from 30 to 150 seconds; a window the seat could play
in is asked. ``always``: every reaction window is passed after the same delay whatever the
hand (prior-art B: "the seer's reply timing leaks"). ``off``: asked every time. The delay is
drawn the same way whatever the seat holds. Clock and delays are injected; nothing here waits.
"""

import json
import random

import pytest

from bot.service import AUTO_PASS_DELAY, AUTO_PASS_PLAN, GameService
from bot.ui.channel import channel_text
from engine.core import decode
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, rulesets, started_game
from tests.bot.playhelpers import STRATEGY_TURN, any_ruleset, positioned_game

#: these tests run with the bot's own default auto_pass (tests/conftest.py sets it off elsewhere)
pytestmark = pytest.mark.auto_pass_default

#: seat 1 (Bob) holds one tactics card when seat 0's turn begins: the rival-turn window opens for him
PLAYABLE, UNPLAYABLE = ["sabotage"], ["versteckter_pass"]  # a rival-turn card; a card for one's own turn


def with_hand(cards, seat=1):
    return {**STRATEGY_TURN, "players": {str(seat): {"tactics": cards}}}


async def window_game(store, cards, seed_of_delays, *, auto_pass="always", channel=CHANNEL, seat=1):
    now = [0.0]
    service = GameService(store, any_ruleset, clock=lambda: now[0], delays=random.Random(seed_of_delays))
    if auto_pass is not None:
        await service.set_player_setting((ALICE, BOB)[seat], "auto_pass", auto_pass)
    game_id = await positioned_game(service, (ALICE, BOB), with_hand(cards, seat), channel=channel)
    return service, game_id, now


def bobs_window_prompt(state_prompts):
    [prompt] = [p for p in state_prompts if p.seat == 1]
    assert prompt.kind == "tactics_window" and prompt.info["window"] == "rival_turn"
    return prompt


async def bobs_window(service, game_id):
    [decision] = (await service.view(game_id, BOB)).decisions
    bobs_window_prompt([decision.prompt])
    return decision


async def bobs_entry(store, game_id):
    plan = await store.get_setting("game", game_id, AUTO_PASS_PLAN, {})
    [(prompt_id, entry)] = [(k, v) for k, v in plan.items() if v["seat"] == 1]
    return prompt_id, entry


async def test_the_window_is_passed_after_the_drawn_delay_and_not_before(store):
    service, game_id, now = await window_game(store, PLAYABLE, 5)
    decision = await bobs_window(service, game_id)
    assert {a.choice for a in decision.actions} == {"play", "pass"}  # Bob could play his card
    assert await service.auto_passes_due() == []
    prompt_id, entry = await bobs_entry(store, game_id)
    assert prompt_id == decision.prompt.id and entry["answer"]
    assert AUTO_PASS_DELAY[0] <= entry["due"] <= AUTO_PASS_DELAY[1]
    assert await service.next_auto_pass() == entry["due"]
    now[0] = entry["due"] - 0.01
    assert await service.auto_passes_due() == []
    now[0] = entry["due"]
    [outcome] = await service.auto_passes_due()
    assert outcome.seat == 1 and outcome.records[0].action.choice == "pass"
    assert not any(p.kind == "tactics_window" for p in (await service.view(game_id, BOB)).prompts)
    assert decision.prompt.id not in await store.get_setting("game", game_id, AUTO_PASS_PLAN)
    [row] = await store.actions(game_id, after_seq=1)
    assert row.seat == 1 and decode(row.action)[0].action.choice == "pass"  # logged like Bob's own answer
    [news] = [json.loads(r.payload) for r in await store.undelivered() if r.recipient == "channel"]
    public = json.dumps([news["lines"], news["events"], news["awaiting"]]).lower() + channel_text(news).lower()
    assert not any(word in public for word in ("window", "tactic", "pass", "sabotage"))  # who, never what


@pytest.mark.parametrize("mode", ["always", "unplayable"])
async def test_the_delay_does_not_depend_on_the_hand(store, mode):
    """Same source of delays, hands that differ (one card Bob could play, one he could not):
    the delays drawn for the windows are the same, under ``always`` and under the default."""
    dues = {}
    for i, cards in enumerate((PLAYABLE, UNPLAYABLE)):
        for seed in range(12):
            service, game_id, _ = await window_game(store, cards, seed, auto_pass=mode, channel=CHANNEL + 100 * i + seed)
            await service.auto_passes_due()
            _, entry = await bobs_entry(store, game_id)
            dues.setdefault(tuple(cards), []).append(entry["due"])
            # what is answered: everything under always; under the default only what Bob can only pass
            assert entry["answer"] == (mode == "always" or cards is UNPLAYABLE)
    assert dues[tuple(PLAYABLE)] == dues[tuple(UNPLAYABLE)]
    assert len(set(dues[tuple(PLAYABLE)])) == 12  # and they are spread, not one fixed delay
    assert all(AUTO_PASS_DELAY[0] <= d <= AUTO_PASS_DELAY[1] for d in dues[tuple(PLAYABLE)])


async def test_by_default_a_pass_only_window_is_never_shown_and_passed_after_the_delay(store):
    service, game_id, now = await window_game(store, UNPLAYABLE, 3, auto_pass=None)
    assert await service.player_setting(BOB, "auto_pass") == "unplayable"
    state = service._state(await store.get_game(game_id))
    prompt = bobs_window_prompt(state.prompts)  # open in the engine, Bob awaited in public
    assert 1 in (await service.view(game_id, None)).awaited
    bob = await service.view(game_id, BOB)
    assert bob.decisions == () and bob.legal == ()  # no panel with a lone Pass
    await service.auto_passes_due()
    _, entry = await bobs_entry(store, game_id)
    now[0] = entry["due"] - 0.01
    assert await service.auto_passes_due() == []
    now[0] = entry["due"]
    [outcome] = await service.auto_passes_due()
    assert outcome.seat == 1 and outcome.records[0].action.prompt == prompt.id and outcome.records[0].action.choice == "pass"


async def test_by_default_a_playable_window_still_asks_the_human(store):
    service, game_id, now = await window_game(store, PLAYABLE, 3, auto_pass=None)
    decision = await bobs_window(service, game_id)
    assert {a.choice for a in decision.actions} == {"play", "pass"}
    await service.auto_passes_due()
    _, entry = await bobs_entry(store, game_id)
    assert not entry["answer"] and await service.next_auto_pass() is None
    now[0] = AUTO_PASS_DELAY[1] + 1000
    assert await service.auto_passes_due() == []
    assert (await bobs_window(service, game_id)).prompt.id == decision.prompt.id  # still Bob's to answer


async def test_off_asks_even_a_lone_pass(store):
    service, game_id, now = await window_game(store, UNPLAYABLE, 3, auto_pass="off")
    decision = await bobs_window(service, game_id)
    assert [a.choice for a in decision.actions] == ["pass"]
    await service.auto_passes_due()
    assert all(v["seat"] != 1 for v in (await store.get_setting("game", game_id, AUTO_PASS_PLAN, {})).values())
    now[0] = AUTO_PASS_DELAY[1] + 1000
    assert await service.auto_passes_due() == []
    assert (await bobs_window(service, game_id)).prompt.id == decision.prompt.id


@pytest.mark.parametrize(("stored", "mode"), [(True, "always"), (False, "off"), ("nonsense", "unplayable")])
async def test_values_stored_by_older_versions_keep_working(store, stored, mode):
    """Older versions stored auto_pass as a bool: on was today's always; an unset value is the default."""
    service = GameService(store, any_ruleset)
    assert await service.player_setting(BOB, "auto_pass") == "unplayable"
    await store.set_setting("player", BOB, "auto_pass", stored)
    assert await service.player_setting(BOB, "auto_pass") == mode
    await service.set_player_setting(ALICE, "auto_pass", True)  # an old client's bool is still understood
    assert await service.player_setting(ALICE, "auto_pass") == "always"


async def test_a_proceed_only_turn_window_folds_into_the_delayed_answer(store):
    """Alice begins her turn holding only a card for someone else's turn: the window before her
    order offers Proceed alone. The engine cannot answer it (her hand is hidden); by default she
    is not shown it and it is answered after the delay; with ``off`` she is asked."""
    for mode, channel in (("unplayable", CHANNEL), ("off", CHANNEL + 1)):
        service, game_id, now = await window_game(store, PLAYABLE, 4, auto_pass=mode, channel=channel, seat=0)
        state = service._state(await store.get_game(game_id))
        [prompt] = [p for p in state.prompts if p.seat == 0]
        assert prompt.kind == "turn_window" and prompt.info["window"] == "before" and prompt.forced is None
        alice = await service.view(game_id, ALICE)
        if mode == "off":
            assert [[a.choice for a in d.actions] for d in alice.decisions] == [["proceed"]]
            continue
        assert alice.decisions == ()
        await service.auto_passes_due()
        now[0] = await service.next_auto_pass()
        [outcome] = await service.auto_passes_due()
        assert outcome.seat == 0 and outcome.records[0].action.choice == "proceed"
        assert {d.prompt.kind for d in outcome.decisions} == {"strategy_move"}  # her order, asked


async def test_answering_first_cancels_the_pass_and_without_the_setting_nothing_is_planned(store):
    service, game_id, now = await window_game(store, PLAYABLE, 1)
    await service.auto_passes_due()
    decision = await bobs_window(service, game_id)
    play = next(a for a in decision.actions if a.choice == "play")
    await service.act(game_id, BOB, play)
    assert decision.prompt.id not in await store.get_setting("game", game_id, AUTO_PASS_PLAN)
    now[0] = AUTO_PASS_DELAY[1] + 1
    before = (await store.get_game(game_id)).seq
    assert all(o.seat != 1 or o.records[0].action.prompt != decision.prompt.id for o in await service.auto_passes_due())
    assert (await store.get_game(game_id)).seq >= before

    other, other_id, _ = await window_game(store, PLAYABLE, 1, auto_pass="off", channel=CHANNEL + 1)
    await other.auto_passes_due()
    assert all(v["seat"] != 1 for v in (await store.get_setting("game", other_id, AUTO_PASS_PLAN, {})).values())


async def test_a_whole_game_by_default_shows_no_decision_with_one_answer(store):
    """Issue 19 item 2, "no decision that has one answer reaches a human": three humans play the
    tiny game to its end on a fake clock; every decision shown to them offers a choice, the lone
    answers come from the auto-pass when due, and the game is the one ``off`` plays."""
    results = {}
    for mode, channel in (("unplayable", CHANNEL), ("off", CHANNEL + 1)):
        now, chooser = [0.0], random.Random(2)
        service = GameService(store, rulesets, clock=lambda now=now: now[0], delays=random.Random(9))
        for user in (ALICE, BOB, CAROL):
            await service.set_player_setting(user, "auto_pass", mode)
        game_id = await started_game(service, channel=channel)
        shown, lone, passed = 0, 0, 0
        for _ in range(2000):
            users = {s.seat: s.user_id for s in await store.seats(game_id)}
            views = [await service.view(game_id, users[s]) for s in (await service.view(game_id, None)).awaited]
            asked = [v for v in views if v.decisions]
            if asked:
                d = asked[0].decisions[0]
                shown, lone = shown + 1, lone + (len(d.actions) == 1)
                answer = d.actions[0] if len(d.actions) == 1 else chooser.choice(d.actions[1:] + d.actions[:1])
                await service.act(game_id, users[asked[0].seat], answer)
                continue
            due = await service.next_auto_pass()
            if due is None:
                break
            now[0] = due
            passed += len(await service.auto_passes_due())
        record = await store.get_game(game_id)
        results[mode] = (record.status, shown, lone, passed, record.seq)
    status, shown, lone, passed, seq = results["unplayable"]
    assert status == "finished" and lone == 0 and passed > 0 and shown > 0
    assert results["off"][2] == passed and results["off"][4] == seq  # the same decisions, asked or answered


async def test_a_reader_of_a_bot_process_sees_the_lone_pass_the_bot_waits_for(store, tmp_path):
    """The latency harness (tests/e2e/latency.py) runs the bot as a process whose players'
    default ``auto_pass`` is ``off`` (loopback/bot_process.py) and reads its database from the
    bench's own process, whose default is the bot's ``unplayable``: read with that default,
    a lone Pass the bot waits for was a quiet prompt, no seat had a decision shown, and the
    brains waited for an AI seat that was not there ("the game stayed at 15 for 60 s",
    ``python -m bot bench``). The reader takes the bot process's default."""
    from loopback.harness import BOT_PROCESS_AUTO_PASS, reader

    service, game_id, _ = await window_game(store, UNPLAYABLE, 3, auto_pass=None)
    async with reader(tmp_path / "games.db") as same_default:
        assert (await same_default.view(game_id, BOB)).decisions == ()  # quiet under the bot's default
    async with reader(tmp_path / "games.db", auto_pass=BOT_PROCESS_AUTO_PASS) as bots:
        [decision] = (await bots.view(game_id, BOB)).decisions
        assert [a.choice for a in decision.actions] == ["pass"]
        await service.set_player_setting(BOB, "auto_pass", "always")  # a player's own setting still wins
        assert (await bots.view(game_id, BOB)).decisions == ()
