"""Shared set-up for the table tests: a fake clock, a store that snapshots every commit, a
service playing the tiny game (tests/tinygame.py) or Runewars positions, and readers of
the outbox. Nothing here connects to Discord."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.service import GameService
from bot.table import Table
from engine.core import Ruleset, load_ruleset
from tests.bot.playhelpers import TILES, positioned_game
from tests.tinygame import RULESET as TINY

GUILD, CHANNEL = 1, 100
ALICE, BOB, CAROL, DAVE = 501, 502, 503, 504
#: Monday 2030-01-07 12:00 UTC
START = datetime(2030, 1, 7, 12, 0, tzinfo=UTC).timestamp()
HOUR = 3600.0

#: seat 0 (Humans, Conquer) may march its two Knights from 1A into 1B, held by a Berserker of seat 1 (Recruit)
CONQUER_TURN = {
    "factions": ["humans", "uthuk"],
    "placements": TILES,
    "neutrals": "none",
    "season": {"year": 1, "name": "spring", "start": "turn", "orders": {"0": 3, "1": 5}, "turn": 0},
    "areas": {
        "1A": {"units": [{"owner": 0, "unit": "human_knight", "standing": 2}]},
        "1B": {"units": [{"owner": 1, "unit": "uthuk_berserker", "standing": 1}]},
    },
}


@dataclass
class FakeClock:
    """A clock the test moves by hand."""

    now: float = START

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


#: the games of these tests beyond the built-in ones (a test may add its own variant)
RULESETS: dict[str, Ruleset] = {"tinygame": TINY}


def rulesets(name: str) -> Ruleset:
    return RULESETS[name] if name in RULESETS else load_ruleset(name)


def make_table(store, clock: FakeClock | None = None) -> Table:
    return Table(store, GameService(store, rulesets), clock or FakeClock())


async def tiny_game(
    table: Table,
    users=(ALICE, BOB, CAROL),
    *,
    seed: int = 7,
    deadline_hours: float = 48,
    channel: int = CHANNEL,
    game: str = "tinygame",
    options: dict | None = None,
) -> int:
    """A started tiny game (the service shuffles the seats: see user_of)."""
    record = await table.service.create_game(
        GUILD, channel, game, options or {}, users[0], seed=seed, lobby={"deadline_hours": deadline_hours}
    )
    for user in users:
        await table.service.join(record.id, user)
    await table.service.start(record.id)
    return record.id


async def started_runewars(table: Table, users=(ALICE, BOB), *, seed: int = 3, until_season: str = "summer") -> int:
    """A Runewars game started as the bot starts one (its commitment posted in the lobby),
    every decision answered with its first legal answer until ``until_season`` begins."""
    from bot.table.sweeper import sweep

    record = await table.service.create_game(GUILD, CHANNEL, "runewars", {}, users[0], seed=seed)
    await sweep(table)
    for user in users:
        await table.service.join(record.id, user)
    await table.service.start(record.id)
    while (await table.service.view(record.id, None)).view.get("season") != until_season:
        await play_first(table, record.id, (await awaited_users(table, record.id))[0])
    return record.id


async def runewars_game(table: Table, users, spec, *, seed: int = 1, channel: int = CHANNEL) -> int:
    """A running Runewars game whose first commit is the position ``spec``."""
    return await positioned_game(table.service, users, spec, channel=channel, seed=seed)


async def user_of(table: Table, game_id: int, seat: int) -> int:
    return (await table.store.seats(game_id))[seat].user_id


async def awaited_users(table: Table, game_id: int) -> list[int]:
    users = {s.seat: s.user_id for s in await table.store.seats(game_id)}
    return [users[s] for s in (await table.service.view(game_id, None)).awaited]


async def play_first(table: Table, game_id: int, user_id: int, choice: str | None = None):
    """``user_id`` answers their first decision with its first legal answer (or the first with ``choice``)."""
    view = await table.service.view(game_id, user_id)
    action = next(a for a in view.legal if choice is None or a.choice == choice)
    return await table.service.act(game_id, user_id, action)


async def play_moves(table: Table, game_id: int, moves: int) -> None:
    """The first awaited player answers, ``moves`` times."""
    for _ in range(moves):
        await play_first(table, game_id, (await awaited_users(table, game_id))[0])


async def play_to_end(table: Table, game_id: int, limit: int = 500) -> None:
    for _ in range(limit):
        if (await table.store.get_game(game_id)).status != "active":
            return
        await play_first(table, game_id, (await awaited_users(table, game_id))[0])
    raise AssertionError("the game did not end")


def notices(rows, kind: str | None = None, recipient: str | None = None) -> list[dict]:
    """The notice payloads among outbox rows (optionally of one kind and recipient), in order."""
    out = []
    for row in rows:
        if not row.key.startswith("notice/") or (recipient is not None and row.recipient != recipient):
            continue
        payload = json.loads(row.payload)
        if kind is None or payload.get("notice") == kind:
            out.append({**payload, "recipient": row.recipient})
    return out


async def queued(table: Table, kind: str | None = None, recipient: str | None = None) -> list[dict]:
    return notices(await table.store.undelivered(1000), kind, recipient)


def spy_on_maps(monkeypatch) -> list[tuple[dict, dict]]:
    """Every (view, options) the Runewars renderer is asked to draw from now on (it still
    draws them), for tests that check whose view a map shows."""
    import renderer.runewars

    drawn = []
    real = renderer.runewars.render_png

    def spy(view, pack, **options):
        drawn.append((view, options))
        return real(view, pack, **options)

    monkeypatch.setattr(renderer.runewars, "render_png", spy)
    return drawn
