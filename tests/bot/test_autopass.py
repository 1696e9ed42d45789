"""The auto-pass setting: a reaction window (``tactics_window``) is passed for the player
after a random delay, whatever cards they hold, so when the pass comes tells the table
nothing about their hand (prior-art B: "the seer's reply timing leaks"). Clock and delays
are injected; nothing here waits."""

import json
import random

from bot.service import AUTO_PASS_DELAY, AUTO_PASS_PLAN, GameService
from bot.ui.channel import channel_text
from engine.core import decode
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL
from tests.bot.playhelpers import STRATEGY_TURN, any_ruleset, positioned_game

#: seat 1 (Bob) holds one tactics card when seat 0's turn begins: the rival-turn window opens for him
PLAYABLE, UNPLAYABLE = ["sabotage"], ["versteckter_pass"]  # a rival-turn card; a card for one's own turn


def with_hand(cards):
    return {**STRATEGY_TURN, "players": {"1": {"tactics": cards}}}


async def window_game(store, cards, seed_of_delays, *, auto_pass=True, channel=CHANNEL):
    now = [0.0]
    service = GameService(store, any_ruleset, clock=lambda: now[0], delays=random.Random(seed_of_delays))
    await service.set_player_setting(BOB, "auto_pass", auto_pass)
    game_id = await positioned_game(service, (ALICE, BOB), with_hand(cards), channel=channel)
    return service, game_id, now


async def bobs_window(service, game_id):
    [decision] = (await service.view(game_id, BOB)).decisions
    assert decision.prompt.kind == "tactics_window" and decision.prompt.info["window"] == "rival_turn"
    return decision


async def test_the_window_is_passed_after_the_drawn_delay_and_not_before(store):
    service, game_id, now = await window_game(store, PLAYABLE, 5)
    decision = await bobs_window(service, game_id)
    assert {a.choice for a in decision.actions} == {"play", "pass"}  # Bob could play his card
    assert await service.auto_passes_due() == []
    [(prompt_id, entry)] = (await store.get_setting("game", game_id, AUTO_PASS_PLAN)).items()
    assert prompt_id == decision.prompt.id and entry["seat"] == 1
    assert AUTO_PASS_DELAY[0] <= entry["due"] <= AUTO_PASS_DELAY[1]
    now[0] = entry["due"] - 0.01
    assert await service.auto_passes_due() == []
    now[0] = entry["due"]
    [outcome] = await service.auto_passes_due()
    assert outcome.seat == 1 and outcome.records[0].action.choice == "pass"
    assert not any(p.kind == "tactics_window" for p in (await service.view(game_id, BOB)).prompts)
    assert await store.get_setting("game", game_id, AUTO_PASS_PLAN) == {}
    [row] = await store.actions(game_id, after_seq=1)
    assert row.seat == 1 and decode(row.action)[0].action.choice == "pass"  # logged like Bob's own answer
    [news] = [json.loads(r.payload) for r in await store.undelivered() if r.recipient == "channel"]
    public = json.dumps([news["lines"], news["events"], news["awaiting"]]).lower() + channel_text(news).lower()
    assert not any(word in public for word in ("window", "tactic", "pass", "sabotage"))  # who, never what


async def test_the_delay_does_not_depend_on_the_hand(store):
    """Same source of delays, hands that differ (one card Bob could play, one he could not):
    the windows are passed at exactly the same moments."""
    dues = {}
    for i, cards in enumerate((PLAYABLE, UNPLAYABLE)):
        for seed in range(12):
            service, game_id, _ = await window_game(store, cards, seed, channel=CHANNEL + 100 * i + seed)
            choices = {a.choice for a in (await bobs_window(service, game_id)).actions}
            assert choices == ({"play", "pass"} if cards is PLAYABLE else {"pass"})
            await service.auto_passes_due()
            [entry] = (await store.get_setting("game", game_id, AUTO_PASS_PLAN)).values()
            dues.setdefault(tuple(cards), []).append(entry["due"])
    assert dues[tuple(PLAYABLE)] == dues[tuple(UNPLAYABLE)]
    assert len(set(dues[tuple(PLAYABLE)])) == 12  # and they are spread, not one fixed delay


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

    other, other_id, _ = await window_game(store, PLAYABLE, 1, auto_pass=False, channel=CHANNEL + 1)
    await other.auto_passes_due()
    assert await store.get_setting("game", other_id, AUTO_PASS_PLAN, {}) == {}
