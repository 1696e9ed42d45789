"""bot.service for the play surface: who-not-what in public, decisions by DM, AI seats,
auto-end-turn, settings fixed at the start, the data pack kept, the log per seat, maps."""

import hashlib
import json
import random
from types import SimpleNamespace

import pytest

import bot.service as service_module
from bot.errors import NotSeated, RunetableError
from bot.frontend import REGISTERED, FrontEnd, frontend_for
from bot.service import GameService
from engine.core import Engine, decode, encode, load_ruleset
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_service, random_move, rulesets, started_game
from tests.tinygame import VETO


@pytest.fixture
def service(store):
    return make_service(store)


def random_ai(view, prompt, legal, rng):
    assert "hand" in view  # the AI decides from its own seat's view
    return rng.choice(legal)


async def payloads(store, game_id):
    rows = await store.undelivered(10_000)
    return [(r.seq, r.recipient, json.loads(r.payload)) for r in rows if r.game_id == game_id]


async def test_the_channel_names_who_is_awaited_never_what(service, store):
    """A secret choice or a reaction window must not be named publicly (prior-art B, leaks)."""
    game_id = await started_game(service)
    chooser = random.Random(2)
    while (await store.get_game(game_id)).status == "active":
        move = await random_move(service, game_id, chooser)
        await service.act(game_id, move.user, move.action, expected_seq=move.seq)
    channel = [p for _, r, p in await payloads(store, game_id) if r == "channel"]
    assert len(channel) > 5
    for payload in channel:
        assert all(set(a) == {"seat", "user_id"} for a in payload["awaiting"])
        text = json.dumps(payload)
        assert '"commit"' not in text and '"react"' not in text and "prompts" not in text


async def test_a_new_decision_reaches_the_seat_by_dm_but_not_the_actor(service, store):
    game_id = await started_game(service)
    start = [(r, p) for s, r, p in await payloads(store, game_id) if s == 1 and r != "channel"]
    assert {r for r, _ in start} == {f"user:{u}" for u in (ALICE, BOB, CAROL)}
    for recipient, p in start:
        [d] = p["decisions"]
        hand = (await service.view(game_id, int(recipient.removeprefix("user:")))).view["hand"]
        assert d["prompt"]["kind"] == "commit" and d["prompt"]["secret"]
        assert [a["args"]["card"] for a in d["actions"]] == sorted({c for c in hand if c != VETO})
    users = {s.seat: s.user_id for s in await store.seats(game_id)}
    actors = [users[s] for s in (0, 1, 2)]
    for user in actors:
        view = await service.view(game_id, user)
        outcome = await service.act(game_id, user, view.legal[0])
    # the last commit opened a reaction for everyone: the two others are told, the actor sees it in the reply
    last = [(r, p) for s, r, p in await payloads(store, game_id) if s == outcome.seq and r != "channel"]
    told = {r for r, p in last if p["decisions"]}
    assert told == {f"user:{u}" for u in actors[:2]}
    assert [d.prompt.kind for d in outcome.decisions] == ["react"] and outcome.game == "tinygame"


@pytest.mark.auto_pass_default
async def test_by_default_a_lone_pass_reaches_no_dm_while_the_channel_still_awaits_the_seat(service, store):
    """Issue 19 item 2: a reaction whose only answer is Pass (no veto card in hand, a secret)
    is neither sent nor shown to its player under the default auto_pass; a seat holding a
    veto is told. The channel awaits all three alike, so nothing public tells them apart."""
    game_id = await started_game(service)
    users = {s.seat: s.user_id for s in await store.seats(game_id)}
    for seat in (0, 1, 2):
        view = await service.view(game_id, users[seat])
        outcome = await service.act(game_id, users[seat], view.legal[0])
    engine = Engine(rulesets("tinygame"))
    state = service._state(await store.get_game(game_id))
    lone = {s for s in (0, 1, 2) if len(engine.ruleset.legal(state, next(iter(state.prompts_for(s))))) == 1}
    assert lone and lone != {0, 1, 2}  # both kinds of seat at this table
    last = {r: p for s, r, p in await payloads(store, game_id) if s == outcome.seq}
    told = {r for r, p in last.items() if r != "channel" and p["decisions"]}
    assert told == {f"user:{users[s]}" for s in (0, 1) if s not in lone}  # seat 2 acted: it sees the reply
    assert [d.prompt.kind for d in outcome.decisions] == ([] if 2 in lone else ["react"])
    assert {a["seat"] for a in last["channel"]["awaiting"]} == {0, 1, 2}
    for s in lone:
        assert (await service.view(game_id, users[s])).decisions == ()


async def test_ai_seats_fill_the_table_and_play_from_their_own_view(store):
    service = GameService(store, rulesets, ai=lambda game: random_ai)
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, seed=4, lobby={"table_size": 3, "ai_fill": True})
    await service.join(record.id, ALICE)
    started = await service.start(record.id, by_user=ALICE)
    seats = await store.seats(record.id)
    assert sorted(started.order, key=str) == sorted([ALICE, None, None], key=str)
    assert [s.is_ai for s in seats] == [s.user_id is None for s in seats]
    alice = next(s.seat for s in seats if s.user_id == ALICE)
    assert started.awaited == (alice,)  # the AI seats committed at once, each a commit of its own
    assert started.seq == 3
    chooser = random.Random(0)
    while (await store.get_game(record.id)).status == "active":
        view = await service.view(record.id, ALICE)
        await service.act(record.id, ALICE, chooser.choice(view.legal), expected_seq=view.seq)
    # the log (AI answers included) replays to the stored final state
    final = await store.get_game(record.id)
    rows = await store.actions(record.id)
    engine = Engine(rulesets("tinygame"))
    state = engine.replay(seed=final.seed, options=final.options, seat_count=3, actions=[decode(r.action)[0] for r in rows[1:]])
    assert encode(state) == final.state
    assert {r.seat for r in rows[1:]} == {0, 1, 2}


async def test_ai_seats_need_an_ai_and_a_human(service):
    without_ai = GameService(service.store, rulesets, ai=lambda game: None)  # the tiny game has an AI (tests/tinygame.py)
    with pytest.raises(RunetableError, match="no AI players yet"):
        await without_ai.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, lobby={"ai_fill": True})
    with_ai = GameService(service.store, rulesets, ai=lambda game: random_ai)
    record = await with_ai.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, lobby={"ai_fill": True})
    with pytest.raises(RunetableError, match="At least one player"):
        await with_ai.start(record.id)


async def test_auto_end_turn_answers_only_for_the_player_who_asked(service, store, monkeypatch):
    """The setting answers a decision with a single, public answer (in Runewars the 'after'
    window of a turn); here the tiny game's reaction stands in for it."""
    frontend = FrontEnd()
    frontend.auto_answers = {"react": lambda prompt, legal: legal[0]}
    monkeypatch.setitem(REGISTERED, "tinygame", frontend)
    await service.set_player_setting(BOB, "auto_end_turn", True)
    game_id = await started_game(service)
    users = {s.seat: s.user_id for s in await store.seats(game_id)}
    for seat in (0, 1, 2):
        view = await service.view(game_id, users[seat])
        await service.act(game_id, users[seat], view.legal[0])
    bob = await service.view(game_id, BOB)
    assert bob.prompts == () and {d.prompt.kind for d in (await service.view(game_id, ALICE)).decisions} == {"react"}
    [last] = await store.actions(game_id, after_seq=(await store.get_game(game_id)).seq - 1)
    assert last.seat == bob.seat and decode(last.action)[0].action.choice in ("pass", "veto")


@pytest.mark.auto_pass_default
async def test_settings_are_checked_and_the_battle_policy_is_fixed_at_the_start(service, store):
    assert await service.player_settings(ALICE) == {
        "battle_policy": "automatic",
        "auto_end_turn": False,
        "auto_pass": "unplayable",  # issue 19 item 2: the default
        "palette": "default",
        "layout": "wide",
        "notify": "dm",  # issue 19 item 3: a DM at a hand-off unless the player chose pings
        "language": "auto",  # issue 31: private texts follow the Discord client until one is chosen
    }
    with pytest.raises(RunetableError, match="notified by dm or ping"):
        await service.set_player_setting(ALICE, "notify", "both")
    with pytest.raises(RunetableError, match="one of default, contrast, classic"):
        await service.set_player_setting(ALICE, "palette", "neon")
    with pytest.raises(RunetableError, match="The layout is one of wide, phone"):  # issue 19 item 7
        await service.set_player_setting(ALICE, "layout", "tablet")
    with pytest.raises(RunetableError, match="auto_pass is one of unplayable, always, off"):
        await service.set_player_setting(ALICE, "auto_pass", "sometimes")
    with pytest.raises(RunetableError, match="one of automatic, manual"):
        await service.set_player_setting(ALICE, "battle_policy", "reckless")
    with pytest.raises(RunetableError, match="no setting"):
        await service.set_player_setting(ALICE, "colour", "red")
    await service.set_player_setting(ALICE, "battle_policy", "manual")
    real = GameService(store)
    record = await real.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=9)
    for user in (ALICE, BOB):
        await real.join(record.id, user)
    await real.start(record.id)
    seat = next(s.seat for s in await store.seats(record.id) if s.user_id == ALICE)
    assert await real.log_lines(record.id, ALICE)  # the log replays with the options the state holds
    stored_options = real._state(await store.get_game(record.id)).options
    assert stored_options["battle_policy"] == {str(seat): "manual"}


async def test_the_data_pack_is_kept_by_its_hash_at_the_start(store):
    service = GameService(store)
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=1)
    assert await store.pack(record.pack_hash) is None
    for user in (ALICE, BOB):
        await service.join(record.id, user)
    await service.start(record.id)
    stored = await store.pack(record.pack_hash)
    assert hashlib.sha256(stored.content.encode()).hexdigest() == record.pack_hash
    pack = load_ruleset("runewars").pack({})
    assert json.loads(stored.load_order) == {table: list(ids) for table, ids in pack.load_order.items()}
    assert record.pack_hash == load_ruleset("runewars").pack_hash({})


async def test_the_lobby_keeps_its_table_size_and_only_members_start(service):
    record = await service.create_game(GUILD, CHANNEL, "tinygame", {}, ALICE, lobby={"table_size": 2})
    await service.join(record.id, BOB)
    await service.join(record.id, CAROL)
    with pytest.raises(RunetableError, match="table is full: this game is for 2"):
        await service.join(record.id, DAVE)
    with pytest.raises(NotSeated, match="creator or a seated player"):
        await service.start(record.id, by_user=DAVE)
    await service.start(record.id, by_user=ALICE)  # the creator need not sit
    with pytest.raises(RunetableError, match="played by 2 to 4"):
        await service.create_game(GUILD, CHANNEL + 1, "tinygame", {}, ALICE, lobby={"table_size": 5})


async def test_my_games_lists_lobbies_and_games_and_says_where_i_am_awaited(service):
    game_id = await started_game(service)
    lobby = await service.create_game(GUILD, CHANNEL + 1, "tinygame", {}, ALICE)
    await service.join(lobby.id, ALICE)
    mine = await service.my_games(GUILD, ALICE)
    assert {(g.record.id, g.awaited) for g in mine} == {(game_id, True), (lobby.id, False)}
    view = await service.view(game_id, ALICE)
    await service.act(game_id, ALICE, view.legal[0])
    assert {(g.record.id, g.awaited) for g in await service.my_games(GUILD, ALICE)} == {(game_id, False), (lobby.id, False)}
    assert await service.my_games(GUILD + 1, ALICE) == []


async def test_the_log_shows_each_seat_its_own_story_and_the_public_no_secret(service):
    game_id = await started_game(service)
    view = await service.view(game_id, ALICE)
    await service.act(game_id, ALICE, view.legal[0])
    card = view.legal[0].args["card"]
    alice = await service.log_lines(game_id, ALICE)
    public = await service.log_lines(game_id, None)
    stranger = await service.log_lines(game_id, DAVE)
    assert f"You commit the {card}." in alice and any(line.startswith("You are dealt ") for line in alice)
    assert public == stranger and not any(line.startswith(("you_", "dealt:")) for line in public)
    assert set(public) <= set(alice)
    assert await service.log_lines(game_id, ALICE, limit=1) == alice[-1:]


async def test_maps_are_drawn_on_request_whole_or_cropped_and_never_per_commit(service, store, monkeypatch):
    drawn = []
    renderer = SimpleNamespace(
        alt_text=lambda view, pack, seat=None: f"Round {view['round']} map" + "." * 2000,
        render_png=lambda view, pack, *, seat=None, crop=None, palette="default": (
            drawn.append((seat, crop, palette)) or b"\x89PNG fake"
        ),
    )
    monkeypatch.setattr(service_module, "renderer_for", lambda game: renderer)
    game_id = await started_game(service)
    [start] = [p for s, r, p in await payloads(store, game_id) if r == "channel"]
    assert "map" not in start and drawn == []  # the status message draws it, once per drain
    png, alt = await service.map_image(game_id, start["view"])
    assert png == b"\x89PNG fake" and drawn == [(None, None, "default")] and alt.startswith("Round 1 map") and len(alt) == 1024
    _, alt = await service.map_image(game_id, start["view"], 1, crop="3B", palette="contrast")
    assert drawn[-1] == (1, "3B", "contrast") and alt.startswith("The map around 3B. Round 1 map")
    monkeypatch.setattr(service_module, "renderer_for", lambda game: None)
    assert await service.map_image(game_id, start["view"]) is None


def test_runewars_auto_end_turn_ends_the_turn_after_the_order_only():
    """p. 15 (Spielzug): the window after the order; ending it forgoes the cards it would allow."""
    from engine.core import Action, Prompt

    auto = frontend_for("runewars").auto_answers["turn_window"]
    after = Prompt("y1/spring/turn/0/after", 0, "turn_window", info={"window": "after", "order": 3})
    legal = [Action(0, after.id, "play", {"card": "hinterhalt"}), Action(0, after.id, "end_turn")]
    assert auto(after, legal) == legal[1]
    before = Prompt("y1/spring/turn/0/before", 0, "turn_window", info={"window": "before", "order": 3})
    assert auto(before, [Action(0, before.id, "proceed")]) is None


def test_the_palette_setting_offers_exactly_the_renderers_palettes():
    """Issue #8 item 5: a per-user palette choice; the names must be the renderer's."""
    from bot.service import PALETTES
    from renderer.palette import PALETTES as DRAWN

    assert set(PALETTES) == set(DRAWN)
