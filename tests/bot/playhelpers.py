"""Shared set-up for the play-surface tests: a Runewars game at a described position in the
store, a client stand-in (service, deliverer, DM probe), minimal fake interactions, and a
player who answers every decision by clicking the panels the bot built."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
from discord import app_commands

from bot import ids
from bot.delivery import Deliverer, RecordingTransport
from bot.service import GameService
from bot.store import SeatRecord
from bot.ui import components, play
from bot.ui.components import DYNAMIC_ITEMS
from engine.core import Engine, encode, load_ruleset
from tests.bot.gamehelpers import CHANNEL, GUILD, RULESETS

RUNEWARS = Engine(load_ruleset("runewars"))
TILES = [
    {"tile": "tile-1", "rotation": 0, "q": 0, "r": 0},
    {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0},
    {"tile": "tile-10", "rotation": 0, "q": -2, "r": 0},
]
#: seat 0 (Humans) resolves Strategy with two Knights and an Infantry in 1A
STRATEGY_TURN = {
    "factions": ["humans", "uthuk"],
    "placements": TILES,
    "neutrals": "none",
    "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 1, "1": 3}, "turn": 0},
    "areas": {
        "1A": {
            "units": [{"owner": 0, "unit": "human_knight", "standing": 2}, {"owner": 0, "unit": "human_infantry", "standing": 1}]
        }
    },
}


def any_ruleset(name: str):
    """The tiny test games, and the built-in games (Runewars)."""
    return RULESETS[name] if name in RULESETS else load_ruleset(name)


#: the games the test bot offers: Runewars, and the tiny test game installed as an operator would
#: (RUNETABLE_GAMES=runewars,tinygame=tests.tinygame)
OFFERED = {"runewars": "runewars", "tinygame": "tinygame"}


def full_service(store) -> GameService:
    return GameService(store, any_ruleset, games=OFFERED)


async def positioned_game(service: GameService, users, spec, *, channel: int, seed: int = 1) -> int:
    """A running Runewars game whose first commit is the position ``spec`` (docs/scenarios.md)."""
    transition = RUNEWARS.from_position({}, len(users), seed, spec)
    record = await service.create_game(GUILD, channel, "runewars", {}, users[0], seed=seed)
    await service.store.set_seats(record.id, [SeatRecord(i, u) for i, u in enumerate(users)])
    await service.store.commit_action(
        record.id, expected_seq=0, seat=None, action=encode(list(transition.records)), chance="[]", state=encode(transition.state)
    )
    await service.store.set_status(record.id, "active")
    return record.id


@dataclass
class FakeClient:
    """What the UI functions use of the bot: the service, a deliverer, a DM probe."""

    service: GameService
    closed_dms: set[int] = field(default_factory=set)
    packs_dir: str | None = None
    kicked: int = 0

    def __post_init__(self):
        self.transport = RecordingTransport(closed_dms=set(self.closed_dms))
        self.deliverer = Deliverer(self.service.store, self.transport)
        self.store = self.service.store

    async def probe_dm(self, user, text: str) -> bool:
        return user.id not in self.closed_dms

    def kick_delivery(self) -> None:
        self.kicked += 1


def interaction(
    client, user_id: int, *, component: bool = False, channel: int = 0, custom_id: str = "", namespace: dict | None = None
):
    """The few attributes of a discord.Interaction the bot touches, with recording mocks."""
    return SimpleNamespace(
        type=discord.InteractionType.component if component else discord.InteractionType.application_command,
        client=client,
        user=SimpleNamespace(id=user_id, send=AsyncMock()),
        guild_id=GUILD,
        channel_id=channel,
        data={"custom_id": custom_id} if component else {"name": "test"},
        response=SimpleNamespace(defer=AsyncMock()),
        followup=SimpleNamespace(send=AsyncMock()),
        edit_original_response=AsyncMock(),
        namespace=SimpleNamespace(**(namespace or {})),
    )


async def play_by_components(client, game_id: int, chooser: random.Random, *, max_moves: int = 5000) -> int:
    """Play until the game ends through the components' own callbacks, as Discord would
    dispatch them: a random awaited user presses My decisions (the DynamicItem on every
    channel message), then clicks a random button or select option of the last panel it got,
    and of each panel the click edits in, until an answer is applied. Returns the moves."""
    service, moves = client.service, 0
    while (await service.store.get_game(game_id)).status == "active" and moves < max_moves:
        users = {s.seat: s.user_id for s in await service.store.seats(game_id)}
        user = users[chooser.choice((await service.view(game_id, None)).awaited)]
        _, fake = await dispatch(client, ids.me_id(game_id), user)
        view = [c.kwargs["view"] for c in fake.followup.send.await_args_list if "view" in c.kwargs][-1]
        applied = False
        while not applied:
            selects = (components.CursorSelect, components.QuickSelect)
            options = [(c.custom_id, None) for c in view.children if not isinstance(c, selects)] + [
                (c.custom_id, o.value) for c in view.children if isinstance(c, selects) for o in c.item.options
            ]
            custom_id, value = chooser.choice(options)
            _, fake = await dispatch(client, custom_id, user, values=() if value is None else (value,))
            edit, refusals = sent(fake)
            assert edit is not None and not refusals, refusals  # never a refusal: every offer is legal
            view = edit["view"]
            applied = bool(re.fullmatch(ids.CHOICE_TEMPLATE, custom_id)) or (
                value is not None and not value.startswith(("n", "p"))
            )
        moves += 1
    return moves


async def click(service: GameService, user: int, panel, chooser: random.Random) -> tuple[list[play.Reply], bool]:
    """Click a random component of ``panel`` as ``user``; True when an answer was applied."""
    options = [(b.custom_id, None) for b in panel.buttons()] + [
        (s.custom_id, o.value) for s in panel.selects() for o in s.options
    ]
    custom_id, value = chooser.choice(options)
    if m := re.fullmatch(ids.CHOICE_TEMPLATE, custom_id):
        return await play.choose(service, user, ids.parse_ref(m), int(m["index"]), m["ah"]), True
    if m := re.fullmatch(ids.SELECT_TEMPLATE, custom_id):
        return await play.select(service, user, ids.parse_ref(m), ids.parse_cursor(m), value), not value.startswith("n")
    if m := re.fullmatch(ids.QUICK_TEMPLATE, custom_id):  # a quick move: whole answers, or a guided step (p<path>)
        return await play.quick(service, user, ids.parse_ref(m), value), not value.startswith("p")
    m = re.fullmatch(ids.CURSOR_TEMPLATE, custom_id)
    return await play.navigate(service, user, ids.parse_ref(m), ids.parse_cursor(m)), False


async def play_by_clicks(service: GameService, game_id: int, chooser: random.Random, *, max_moves: int = 5000) -> int:
    """Play until the game ends: a random awaited user opens My decisions and clicks until an
    answer is applied (every applied reply edits the decision message). Returns the moves."""
    moves = 0
    while (await service.store.get_game(game_id)).status == "active" and moves < max_moves:
        users = {s.seat: s.user_id for s in await service.store.seats(game_id)}
        user = users[chooser.choice((await service.view(game_id, None)).awaited)]
        panel = (await play.my_decisions(service, game_id, user))[-1].panel
        applied = False
        while not applied:
            replies, applied = await click(service, user, panel, chooser)
            assert replies[0].edit, replies[0].panel.text  # never a refusal: every offer is legal
            panel = replies[0].panel
        moves += 1
    return moves


def commands_of(cog) -> dict[str, app_commands.Command]:
    return {c.qualified_name: c for c in cog.walk_app_commands() if isinstance(c, app_commands.Command)}


def offered_games(cog) -> dict[str, str]:
    """The choices of ``/game new game:`` as Discord receives them: value (the game's name) -> name (its title)."""
    [option] = [o for o in commands_of(cog)["game new"].to_dict(None)["options"] if o["name"] == "game"]
    assert option["required"]
    return {c["value"]: c["name"] for c in option.get("choices", [])}


async def invoke(cog, command_name: str, user: int, channel: int = CHANNEL, **options):
    """Invoke a slash command as discord.py would after parsing its options; returns the fake interaction."""
    command = commands_of(cog)[command_name]
    fake = interaction(cog.bot, user, channel=channel)
    await command.callback(*(() if command.binding is None else (cog,)), fake, **options)  # /game new: unbound
    return fake


async def autocomplete(cog, command_name: str, option: str, fake, current: str):
    """Call a command option's autocomplete as discord.py would."""
    command = commands_of(cog)[command_name]
    callback = command._params[option].autocomplete
    return await (callback(cog, fake, current) if command.binding is not None else callback(fake, current))


async def dispatch(client, custom_id: str, user: int, values=()):
    """What discord.py does with a click: find the template, rebuild the item, run its callback."""
    [cls] = [c for c in DYNAMIC_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    if cls in (components.CursorSelect, components.OptionSelect, components.QuickSelect, components.PlanSelect):
        base = discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label=v, value=v) for v in values])
        base._values = list(values)
    else:
        base = discord.ui.Button(label="x", custom_id=custom_id)
    item = await cls.from_custom_id(None, base, cls.__discord_ui_compiled_template__.fullmatch(custom_id))
    fake = interaction(client, user, component=True, channel=CHANNEL, custom_id=custom_id)
    await item.callback(fake)
    fake.response.defer.assert_awaited_once_with()  # deferred at once, as an update of the message
    return type(item), fake


def sent(fake):
    """(edited content, [follow-up contents]) of a fake interaction."""
    edit = fake.edit_original_response.await_args.kwargs if fake.edit_original_response.await_count else None
    return edit, [c.args[0] for c in fake.followup.send.await_args_list]
