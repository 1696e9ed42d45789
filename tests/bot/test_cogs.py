"""bot.cogs.game: every slash command and autocomplete called through its cog callback with a
minimal fake interaction, along a lobby-to-game story. The last test fails if a command of
the cog was never invoked here."""

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

import bot.service as service_module
from bot import ids
from bot.cogs.game import GameCog, new_game_command
from bot.service import GameService, parse_games
from bot.store import Store
from bot.ui import lobby
from engine.core import Engine, decode, encode
from engine.core.registry import installed_games
from tests.bot.gamehelpers import ALICE, BOB, CHANNEL, DAVE, GUILD
from tests.bot.playhelpers import (
    STRATEGY_TURN,
    FakeClient,
    any_ruleset,
    autocomplete,
    commands_of,
    dispatch,
    full_service,
    interaction,
    invoke,
    offered_games,
    positioned_game,
    sent,
)
from tests.tinygame import RULESET as TINY

INVOKED: set[str] = set()


@pytest.fixture
async def client(tmp_path, monkeypatch):
    monkeypatch.setattr(service_module, "renderer_for", lambda game: None)  # the renderer is tested on its own
    store = await Store.open(tmp_path / "games.db")
    yield FakeClient(full_service(store))
    await store.close()


@pytest.fixture
def cog(client):
    return GameCog(client)


async def run(cog, command_name: str, user: int, channel: int = CHANNEL, **options):
    """:func:`invoke`, remembering that the command was invoked by a test."""
    fake = await invoke(cog, command_name, user, channel, **options)
    INVOKED.add(command_name)
    return fake


def replies(fake) -> list[str]:
    return sent(fake)[1]


async def test_a_lobby_is_opened_joined_and_started_from_commands_and_buttons(cog, client):
    fake = await run(cog, "game new", ALICE, game="runewars", players=2)
    fake.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)  # the lobby is public
    [lobby_text] = replies(fake)
    assert "game #" in lobby_text and "epic no" in lobby_text and "Table: 0/2" in lobby_text
    controls = [c.custom_id for c in fake.followup.send.await_args.kwargs["view"].children]
    game_id = (await client.service.game_in(CHANNEL)).id
    assert controls == [
        ids.option_select_id(game_id, "map_building"),
        ids.option_toggle_id(game_id, "epic"),
        ids.option_toggle_id(game_id, "exploration"),
        ids.option_toggle_id(game_id, "banners_of_war"),  # issue 23 item 1: the expansion's lobby toggle
        # issue 24 item 1: the expansion's variants, each a toggle of its own
        *(ids.option_toggle_id(game_id, v) for v in ("development_cards", "commanders", "free_cities", "road_to_victory")),
        *(ids.lobby_id(game_id, op) for op in ("join", "leave", "start")),
    ]
    _, clicked = await dispatch(client, ids.option_toggle_id(game_id, "epic"), ALICE)
    assert "epic yes" in sent(clicked)[0]["content"]
    assert (await client.store.get_game(game_id)).options == {"epic": True}

    fake = await run(cog, "game new", BOB, game="runewars")
    assert "already has game" in replies(fake)[0]  # one open game per channel

    for user in (ALICE, BOB):
        _, clicked = await dispatch(client, ids.lobby_id(game_id, "join"), user)
    assert "Table: 2/2" in sent(clicked)[0]["content"]
    fake = await run(cog, "game status", DAVE)
    assert "Table: 2/2" in replies(fake)[0]

    fake = await run(cog, "game start", DAVE)
    assert replies(fake) == ["Only the game's creator or a seated player can start it."]
    fake = await run(cog, "game start", BOB)
    assert replies(fake)[0].startswith(f"Game #{game_id} has started. Seat order")
    assert client.kicked  # the start's announcement is delivered at once

    fake = await run(cog, "game status", DAVE)
    [status] = replies(fake)
    assert (
        "Setting up the game (factions are chosen)." in status
        and "Waiting for: <@" in status
        and "faction" not in status.split("Waiting for")[1]
    )
    assert "(deadline <t:" in status  # the lobby's 48 hours, as a Discord timestamp
    fake = await run(cog, "rw hand", DAVE)
    assert replies(fake) == ["You hold no seat in this game."]
    awaited = (await client.service.view(game_id, None)).awaited[0]
    user = next(s.user_id for s in await client.store.seats(game_id) if s.seat == awaited)
    fake = await run(cog, "rw hand", user)
    assert "Choose your faction." in replies(fake)[-1]


async def test_information_commands_answer_from_the_callers_view(cog, client):
    game_id = await positioned_game(client.service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    fake = await run(cog, "game map", ALICE)
    assert "no map picture" in replies(fake)[0] and "1A · held by Player 1" in replies(fake)[0]
    fake = await run(cog, "game log", ALICE, lines=5)
    assert replies(fake)  # the position's own events, as seat 0 saw them
    fake = await run(cog, "rw card", DAVE, name="knights")
    assert replies(fake)[0].startswith("**Knights** (unit (Humans))")
    fake = await run(cog, "rw card", DAVE, name="no such card")
    assert replies(fake) == ["No card or unit is called 'no such card'."]
    fake = await run(cog, "rw card", DAVE, name="*no* @everyone")  # issue 31: a catalogued reply, the query escaped
    assert replies(fake) == ["No card or unit is called '\\*no\\* @\u200beveryone'."]
    fake = await run(cog, "game settings", ALICE, battle_policy="manual", auto_end_turn=True)
    assert "battle policy: manual" in replies(fake)[0] and "auto-end-turn: on" in replies(fake)[0]
    assert await client.service.player_settings(ALICE) == {
        "battle_policy": "manual",
        "auto_end_turn": True,
        "auto_pass": "off",  # the tests' players are asked everything (tests/conftest.py)
        "palette": "default",
        "layout": "wide",
        "notify": "dm",
        "language": "auto",
    }
    fake = await run(cog, "game settings", ALICE, auto_pass="always", palette="contrast")
    assert "auto-pass: always" in replies(fake)[0] and "whatever cards you hold" in replies(fake)[0]
    assert await client.service.player_setting(ALICE, "auto_pass") == "always"
    fake = await run(cog, "game settings", ALICE, notify="ping")  # issue 19 item 3
    assert "notify: ping" in replies(fake)[0] and await client.service.player_setting(ALICE, "notify") == "ping"
    assert "palette: contrast" in replies(fake)[0] and await client.service.player_setting(ALICE, "palette") == "contrast"
    assert "emblem, so colour never carries meaning alone." in replies(fake)[0]  # the whole text fits
    fake = await run(cog, "game settings", ALICE, auto_pass="sometimes")  # issue 19 item 2: a choice of three
    assert replies(fake) == ["auto_pass is one of unplayable, always, off."]
    # the layout setting round-trips through /game settings (issue 19 item 7)
    fake = await run(cog, "game settings", ALICE, layout="phone")
    assert "layout: phone" in replies(fake)[0] and await client.service.player_setting(ALICE, "layout") == "phone"
    fake = await run(cog, "games", ALICE)
    assert replies(fake) == [f"#{game_id} runewars in <#{CHANNEL}>: active · **your decision is awaited**"]
    fake = await run(cog, "games", DAVE)
    assert replies(fake)[0].startswith("You sit in no open game")
    fake = await run(cog, "rw hand", ALICE)  # only for the caller
    fake.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    mine, decision = replies(fake)
    assert mine.startswith(
        f"Your private information (game #{game_id}):\nOrder cards in hand: 2 · Mobilize, 3 · Conquer, 4 · Harvest, 5 · Recruit, 6 · Support, 7 · Gain Power, 8 · Fortify"
    )
    assert decision.startswith("Strategy: move units")
    assert all(c.kwargs["ephemeral"] for c in fake.followup.send.await_args_list)
    fake = await run(cog, "rw hand", DAVE)
    assert replies(fake) == ["You hold no seat in this game."]


async def test_moving_by_command_with_autocomplete(cog, client):
    await positioned_game(client.service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    fake = interaction(client, ALICE, channel=CHANNEL, namespace={"to": None, "unit": None})
    assert [c.value for c in await cog._move_to(fake, "")] == ["10B", "1B", "1C"]
    fake = interaction(client, ALICE, channel=CHANNEL, namespace={"to": "1B", "unit": None, "from": None})
    assert [c.value for c in await cog._move_from(fake, "")] == ["1A"]
    assert [c.name for c in await cog._move_unit(fake, "")] == ["Knights from 1A", "Infantry from 1A"]
    fake = interaction(client, BOB, channel=CHANNEL, namespace={"to": None, "unit": None})
    assert await cog._move_to(fake, "") == []  # BOB moves nothing now: nothing to suggest
    assert await cog._move_to(interaction(client, ALICE, channel=CHANNEL + 9, namespace={"to": None, "unit": None}), "") == []
    fake = await run(cog, "game move", ALICE, to="1B", from_="1A", unit="human_knight", count=1)
    assert replies(fake)[0].startswith("Player 1 (Humans) moved 1 × Knights 1A → 1B.")
    fake = await run(cog, "game move", ALICE, to="9Z", from_="1A", unit="human_knight", count=1)
    assert "Rule: p. 16" in replies(fake)[0]
    fake = await run(cog, "game move", ALICE, channel=CHANNEL + 9, to="1B")
    assert replies(fake)[0].startswith("There is no open game in this channel.")


async def test_card_autocomplete_and_the_lobbys_data_packs(cog, client, tmp_path):
    names = await autocomplete(cog, "rw card", "name", interaction(client, DAVE, channel=CHANNEL), "arch")
    assert names and all("arch" in c.name.lower() for c in names) and len(names) <= 25
    packs = tmp_path / "packs"
    (packs / "our-transcription").mkdir(parents=True)
    (packs / "our-transcription" / "pack.toml").write_text("[pack]\n")
    (packs / "not-a-pack").mkdir()
    client.packs_dir = str(packs)
    fake = await run(cog, "game new", ALICE, game="runewars", channel=CHANNEL + 5)
    [select] = [c for c in fake.followup.send.await_args.kwargs["view"].children if c.custom_id.endswith(":data_pack")]
    assert [o.value for o in select.item.options] == [lobby.BUILT_IN, "our-transcription"]
    _, clicked = await dispatch(client, select.custom_id, ALICE, values=["elsewhere"])
    assert sent(clicked)[1] == ["There is no data pack 'elsewhere' on this bot (our-transcription)."]
    assert (await client.service.game_in(CHANNEL + 5)).options == {}


async def test_joining_with_closed_dms_is_told_how_to_play_anyway(client):
    client.closed_dms.add(DAVE)
    record = await client.service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE)
    _, fake = await dispatch(client, ids.lobby_id(record.id, "join"), DAVE)
    edit, followups = sent(fake)
    assert f"<@{DAVE}>" in edit["content"] and "My decisions" in followups[0]
    _, fake = await dispatch(client, ids.lobby_id(record.id, "leave"), DAVE)
    assert "Table: 0/4" in sent(fake)[0]["content"]
    _, fake = await dispatch(client, ids.lobby_id(record.id, "start"), ALICE)
    assert sent(fake)[1] == ["That action is not valid: runewars is played by 2 to 4 players, not 0."]


async def test_runewars_facts_fate_rules_cards_and_map_areas(cog, client):
    game_id = await positioned_game(client.service, (ALICE, BOB), STRATEGY_TURN, channel=CHANNEL)
    fake = await run(cog, "rw fate", DAVE)
    [fate] = replies(fake)
    assert fate.startswith("**Fate deck**: 30 cards") and "Not seen since the last shuffle: 30 cards." in fate
    fake = await run(cog, "rw rules", DAVE, topic="retreat")
    assert replies(fake)[0].startswith("**Retreat** (rulebook p. 22, „Rückzug“)")
    fake = await run(cog, "rw rules", DAVE, topic="no such thing")
    assert replies(fake)[0].startswith("No rule topic matches 'no such thing'. Topics: season,")
    topics = await autocomplete(cog, "rw rules", "topic", interaction(client, DAVE, channel=CHANNEL), "winter")
    assert topics[0].value == "second-functions" and all(len(c.name) <= 100 for c in topics)
    # every deck of the pack can be read by name, in English
    for name, deck in (
        ("Thaw", "season card"),
        ("Hidden Pass", "tactics card"),
        ("League of the Wilds", "objective"),
        ("Primarch of the Council of Mages", "title"),
        ("Carthos the Mad", "hero"),
        ("The Rumbling Mountain", "quest"),
        ("Blade of Fury", "reward"),
        ("Fate card 1", "fate card"),
    ):
        fake = await run(cog, "rw card", DAVE, name=name)
        assert replies(fake)[0].startswith(f"**{name}** ({deck})"), replies(fake)[0]
    names = [c.name for c in await autocomplete(cog, "rw card", "name", interaction(client, DAVE, channel=CHANNEL), "sabot")]
    assert names == ["Sabotage (tactics card)"]  # both copies of the card, offered once
    areas = await cog._map_area(interaction(client, DAVE, channel=CHANNEL), "1")
    assert [c.value for c in areas][:3] == ["1A", "1B", "1C"] and areas[0].name.startswith("1A · held by Player 1")
    fake = await run(cog, "game map", DAVE, area="1a")
    assert replies(fake) == [
        "1A · held by Player 1 (Humans) · 2 × Knights of Player 1 (Humans), 1 × Infantry of Player 1 (Humans)"
    ]
    fake = await run(cog, "game map", DAVE, area="99Z")
    assert replies(fake) == ["There is no area 99Z on this map."]
    assert game_id


async def test_the_tiny_game_is_played_to_its_end_through_the_same_cogs(cog, client):
    """Issue #9 item 7: a game installed on the bot (the tiny test game, tests/tinygame.py)
    is a choice of /game new and is played with the same commands and buttons: every
    decision answered by a DynamicItem callback, with no renderer, narrator or pack of its own."""
    fake = await run(cog, "game new", ALICE, game="tinygame", players=2)
    [lobby_text] = replies(fake)
    title = client.service.descriptor("tinygame").title
    assert lobby_text.startswith(f"**{title}**: game #") and "deadline 48 h" in lobby_text and "epic" not in lobby_text
    game_id = (await client.service.game_in(CHANNEL)).id
    for user in (ALICE, BOB):
        await dispatch(client, ids.lobby_id(game_id, "join"), user)
    await run(cog, "game start", ALICE)
    fake = await run(cog, "game status", DAVE)
    [status] = replies(fake)
    assert status.startswith(f"**{title}**: game #{game_id}") and "Waiting for: <@" in status
    fake = await run(cog, "game map", ALICE)
    assert replies(fake)[0].startswith("There is no map picture of this game")
    chooser, moves = random.Random(3), 0
    while (await client.store.get_game(game_id)).status == "active":
        awaited = (await client.service.view(game_id, None)).awaited
        user = {s.seat: s.user_id for s in await client.store.seats(game_id)}[chooser.choice(awaited)]
        fake = await run(cog, "rw hand", user)
        assert replies(fake)[0].startswith(f"Your private information (game #{game_id}):\nHand: [")
        buttons = [
            c.custom_id
            for call in fake.followup.send.await_args_list
            if "view" in call.kwargs
            for c in call.kwargs["view"].children
        ]
        _, clicked = await dispatch(client, chooser.choice(buttons), user)
        assert sent(clicked)[0] is not None  # the decision message changed to what happened
        moves += 1
    assert moves >= 4
    # issue 19 item 5: after the end the channel's commands still answer with the game, and every hand is shown
    fake = await run(cog, "game status", DAVE)
    assert f"game #{game_id}" in replies(fake)[0] and "**The game is over.**" in replies(fake)[0]
    fake = await run(cog, "game reveal", DAVE)
    [reveal] = replies(fake)
    assert reveal.startswith(f"**Game #{game_id} is over: every seat's hand and secrets**") and "· Hand: [" in reveal
    fake = await run(cog, "rw hand", ALICE, player=SimpleNamespace(id=BOB))
    assert f"**<@{BOB}>**\n· Hand: [" in replies(fake)[0]
    news = [json.loads(r.payload) for r in await client.store.undelivered(10_000) if r.recipient == "channel"]
    assert news[-1]["lines"][-1].startswith("Game over: Player ") and all(line for p in news for line in p["lines"])
    # the stored log replays to the stored final state
    record = await client.store.get_game(game_id)
    engine = Engine(TINY)
    state = engine.setup(record.options, 2, record.seed).state
    for row in (await client.store.actions(game_id))[1:]:
        state = engine.apply(state, decode(row.action)[0].action).state
    assert encode(state) == record.state


async def test_game_new_is_one_command_offering_each_game_as_a_choice(client, store):
    """/game new is one command whose required ``game`` option offers the games of this bot (choice
    name: the game's title, value: its name), so the /game group stays within Discord's 4,000
    characters however many games are installed (docs/bot.md "Installed games"); a value an old
    client still offers is refused with the games offered now."""
    runewars_only = GameCog(FakeClient(GameService(store, any_ruleset, games={"runewars": "runewars"})))
    assert [c for c in commands_of(runewars_only) if c.startswith("game new")] == ["game new"]
    assert offered_games(runewars_only) == {"runewars": "Runewars"}
    assert offered_games(GameCog(client))["tinygame"] == client.service.descriptor("tinygame").title
    assert parse_games(" runewars, tinygame=tests.tinygame ,") == {"runewars": "runewars", "tinygame": "tests.tinygame"}
    # production default, RUNETABLE_GAMES unset: every installed game (here the tests' registration too)
    assert GameService(store).games == {name: name for name in sorted(installed_games())}
    assert "runewars" in installed_games()  # from the package's entry point
    fake = await invoke(runewars_only, "game new", ALICE, game="tinygame")
    assert replies(fake) == ["This bot does not offer tinygame; it offers: Runewars."]
    fake = await invoke(runewars_only, "game new", ALICE, game="*x*")
    assert replies(fake) == ["This bot does not offer \\*x\\*; it offers: Runewars."]  # the untrusted value, escaped
    assert await client.store.active_game(CHANNEL) is None


async def test_past_25_games_game_new_completes_the_offered_games_as_typed():
    """Discord allows 25 choices: a bot offering more completes ``game:`` from what is typed instead."""
    offered = [(f"game{n}", f"Game Number {n}") for n in range(30)]
    command = new_game_command(offered)
    assert "choices" not in command._params["game"].to_dict() and command._params["game"].autocomplete is not None
    found = await command._params["game"].autocomplete(interaction(None, ALICE), "number 2")
    assert [(c.name, c.value) for c in found] == [
        ("Game Number 2", "game2"),
        *((f"Game Number 2{n}", f"game2{n}") for n in range(10)),
    ]
    assert len(await command._params["game"].autocomplete(interaction(None, ALICE), "")) == 25


def test_every_command_was_invoked(cog):
    """Runs after the tests above (pytest keeps file order): a new command needs a test here.
    Skipped when a selection (-k) ran none of them."""
    if not INVOKED:
        pytest.skip("no command test ran in this session")
    assert set(commands_of(cog)) == INVOKED, f"never invoked: {sorted(set(commands_of(cog)) - INVOKED)}"


def test_every_command_is_documented(cog):
    text = (Path(__file__).parents[2] / "docs" / "bot.md").read_text(encoding="utf-8")
    missing = [name for name in commands_of(cog) if f"/{name}" not in text]
    assert missing == []
