"""The game store: games, seats, the action log, snapshots, the outbox, settings.

One interface (:class:`Store`), two backends (:class:`Backend`) chosen by the address given
to :meth:`Store.open` (``DATABASE_URL``): a SQLite file (``sqlite:///path`` or a bare path, the
default: one bot, nothing to install) or a PostgreSQL database (``postgresql://…``, several bot
processes; :mod:`bot.store_postgres`). The SQL is written once; each backend has its own
numbered migrations, the same number of them, one per change.

Every write is a single transaction, so a move, the state it produces and the messages
announcing it are committed together or not at all: nothing is sent before it is committed, and
a crash after the commit only delays the send (the outbox is drained again at start-up).

Two clicks at once never both apply: :meth:`Store.apply` serialises moves on one game with a
per-game :class:`asyncio.Lock`; across processes a write on a game excludes every other writer
of that game until it ends (SQLite: ``BEGIN IMMEDIATE``, the file's write lock; PostgreSQL: a
transaction-scoped advisory lock on the game's id), and :meth:`Store.commit_action` re-checks
the game's ``seq`` (the number of actions applied, used as an optimistic version) inside the
transaction and updates the game only where its ``seq`` is still the one expected
(compare-and-set), so two processes acting on one game apply exactly one action per seq.

The store keeps IDs and JSON text only. It never imports discord or the engine: states,
actions, chance results and message payloads arrive already encoded as JSON text.

A stretch of commits told in one channel message (:meth:`bot.service.GameService._commit_stretch`)
keeps each commit's news in the outbox as it commits, addressed to :data:`STRETCH`: held,
never sent. The stretch's last commit releases them (``release`` of :meth:`Store.commit_action`,
or :meth:`Store.release_stretch` when no commit follows) in the same transaction that queues
the one channel message telling them all, so a killed process loses no line and sends none twice.

The table over days (bot/table, docs/table.md) adds the seed commitments (``fairness``),
who is awaited since when (``waits``), ``votes`` and ``ballots``, notices that belong to no
move (:meth:`Store.queue_notice`) and the marking of messages of undone moves.

One bot per store: the bot takes the ``lease`` (:meth:`Store.acquire_lease`: holder id, pid,
host, heartbeat; one row for a bot serving every shard, or one per shard a process serves when
the bot runs as several processes) before it connects, renews it while it runs and releases it
when it stops. A second bot, or a process whose shards overlap a live one's, is refused
(:class:`InstanceRunning`) while the holder lives; a holder whose heartbeat is older than
:data:`LEASE_TIMEOUT`, or whose pid is gone on this host, is taken over. :meth:`Store.open`
takes no lease: offline commands and tests read and write without one.

Several processes (PostgreSQL) share the outbox through claims (:meth:`Store.claim_undelivered`,
a whole game at a time) and the timed work through :meth:`Store.claim`; a store copied
elsewhere (``python -m bot store copy``, :meth:`Store.mark_moved`) refuses every lease.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import os
import socket
import sqlite3
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol, cast
from urllib.parse import parse_qsl, urlencode, urlsplit

import aiosqlite

__all__ = [
    "SCHEMA_VERSION",
    "STATUSES",
    "SETTING_SCOPES",
    "RunetableError",
    "StoreError",
    "CorruptDatabase",
    "InstanceRunning",
    "StoreMoved",
    "LEASE_TIMEOUT",
    "SchemaTooNew",
    "ChannelBusy",
    "StaleVersion",
    "GameNotFound",
    "GameRecord",
    "StoredPack",
    "SeatRecord",
    "ActionRecord",
    "SnapshotRecord",
    "OutboxMessage",
    "OutboxRow",
    "Commit",
    "FairnessRecord",
    "WaitRecord",
    "VoteRecord",
    "SeatEvent",
    "ResultRecord",
    "ResultPlayer",
    "RatingRecord",
    "Store",
    "nonce_for",
    "outbox_key",
    "STRETCH",
    "CLAIM_SECONDS",
    "claim_holder",
    "Conflict",
    "parse_database",
    "describe_database",
]

STATUSES = ("lobby", "active", "finished", "abandoned")
SETTING_SCOPES = ("guild", "channel", "player", "game")
#: the outbox recipient of a stretch's news held until its last commit: never delivered as such
STRETCH = "stretch"
NONCE_LENGTH = 25  # Discord accepts message nonces of at most 25 characters
_MAX_INTEGER = 2**63 - 1  # the largest SQLite INTEGER
#: seconds without a heartbeat after which a bot's lease on the file counts as abandoned
LEASE_TIMEOUT = 60.0
#: a row as a backend returns it, read by column name
Row = Mapping[str, Any]
#: seconds an outbox claim (:meth:`Store.claim_undelivered`) holds: a killed deliverer's rows
#: are sent by another process after at most this long
CLAIM_SECONDS = 60.0
#: the store-wide lock key claims are made under (game ids, the other keys, are positive)
CLAIM_LOCK = -2
#: the store-wide lock key leases are taken under
LEASE_LOCK = -3
#: the store-wide lock key results and ratings are written under (:meth:`Store.record_result`)
RESULTS_LOCK = -4
#: the lease row of a bot that serves every shard (``python -m bot run`` without shard options)
EVERY_SHARD = -1

# Numbered migrations: MIGRATIONS[i] brings the schema from version i to version i + 1.
# The version lives in PRAGMA user_version. Never edit a released migration; append a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER NOT NULL,
        channel_id     INTEGER NOT NULL,  -- a thread counts as a channel
        game           TEXT    NOT NULL,  -- the game's name (its descriptor's)
        status         TEXT    NOT NULL
                       CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        options        TEXT    NOT NULL,  -- JSON
        seed           INTEGER NOT NULL,
        engine_version TEXT    NOT NULL,
        pack_hash      TEXT    NOT NULL,
        seq            INTEGER NOT NULL DEFAULT 0,  -- actions applied: the optimistic version
        rewinds        INTEGER NOT NULL DEFAULT 0,  -- times the log was truncated (undo)
        state          TEXT    NOT NULL,  -- JSON of the current state
        created_by     INTEGER NOT NULL,
        created_at     REAL    NOT NULL,
        updated_at     REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id);

    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL CHECK (seat >= 0),
        user_id   INTEGER,  -- NULL for an AI seat
        faction   TEXT,
        is_ai     INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
        joined_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    -- A user sits at most once per game (NULLs, i.e. AI seats, never collide).
    CREATE UNIQUE INDEX seats_one_per_user ON seats (user_id, game_id);

    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL CHECK (seq >= 1),
        seat       INTEGER,
        action     TEXT    NOT NULL,  -- JSON
        chance     TEXT    NOT NULL,  -- JSON of the chance results of that action
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );

    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL,
        state   TEXT    NOT NULL,  -- JSON
        PRIMARY KEY (game_id, seq)
    );

    CREATE TABLE outbox (
        key          TEXT    PRIMARY KEY,  -- stable; nonce_for(key) is the Discord nonce
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,
        recipient    TEXT    NOT NULL,  -- 'channel' or 'user:<id>'
        payload      TEXT    NOT NULL,  -- JSON
        created_at   REAL    NOT NULL,
        delivered_at REAL,
        message_id   INTEGER,
        attempts     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_undelivered ON outbox (delivered_at) WHERE delivered_at IS NULL;
    CREATE INDEX outbox_by_game ON outbox (game_id, seq);

    -- Every data pack a game was started with, by hash: a running game keeps its pack
    -- even when the pack on disk changes (docs/versioning.md).
    CREATE TABLE packs (
        hash       TEXT PRIMARY KEY,
        game       TEXT NOT NULL,
        content    TEXT NOT NULL,  -- JSON of the whole validated pack
        created_at REAL NOT NULL
    );

    CREATE TABLE settings (
        scope    TEXT NOT NULL CHECK (scope IN ('guild', 'channel', 'player', 'game')),
        scope_id TEXT NOT NULL,
        key      TEXT NOT NULL,
        value    TEXT NOT NULL,  -- JSON
        PRIMARY KEY (scope, scope_id, key)
    );
    """,
    # 2: the table over days (bot/table): undone messages, the seed commitment, waits, votes.
    """
    ALTER TABLE outbox ADD COLUMN superseded_at REAL;         -- its action was undone
    ALTER TABLE outbox ADD COLUMN superseded_marked_at REAL;  -- the sent message says so
    CREATE INDEX outbox_superseded ON outbox (superseded_at)
        WHERE superseded_at IS NOT NULL AND superseded_marked_at IS NULL;

    CREATE TABLE fairness (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        salt         TEXT NOT NULL,  -- hex; secret until the game ends
        commitment   TEXT NOT NULL,  -- hex SHA-256 over the seed and the salt
        created_at   REAL NOT NULL,
        announced_at REAL,
        revealed_at  REAL
    );

    -- One row per seat that owes a decision: when the wait began, its deadline, reminders.
    CREATE TABLE waits (
        game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        prompts       TEXT    NOT NULL,  -- fingerprint of the seat's open prompts
        since         REAL    NOT NULL,
        deadline      REAL,              -- NULL: no deadline
        next_reminder REAL,              -- NULL: no more reminders
        reminders     INTEGER NOT NULL DEFAULT 0,
        muted         INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
        stalled       INTEGER NOT NULL DEFAULT 0 CHECK (stalled IN (0, 1)),
        PRIMARY KEY (game_id, seat)
    );

    CREATE TABLE votes (
        id        INTEGER PRIMARY KEY,
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind      TEXT    NOT NULL,
        seat      INTEGER,           -- the seat the vote is about (replace, ai, kick)
        hours     REAL,              -- extend: by how many hours
        opened_by INTEGER NOT NULL,
        opened_at REAL    NOT NULL,
        closes_at REAL    NOT NULL,
        status    TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'passed', 'failed')),
        closed_at REAL
    );
    CREATE UNIQUE INDEX votes_one_open_per_kind ON votes (game_id, kind) WHERE status = 'open';

    CREATE TABLE ballots (
        vote_id INTEGER NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        yes     INTEGER NOT NULL CHECK (yes IN (0, 1)),
        cast_at REAL    NOT NULL,
        PRIMARY KEY (vote_id, user_id)
    );
    """,
    # 3: a seat's role is generic: what the seat plays (a faction, a hero, a race or a people).
    """
    ALTER TABLE seats RENAME COLUMN faction TO role;
    """,
    # 4: one bot per file: the lease its running bot holds (Store.acquire_lease).
    """
    CREATE TABLE lease (
        id        INTEGER PRIMARY KEY CHECK (id = 1),  -- one row at most
        holder    TEXT    NOT NULL,  -- a random id per Store that took it
        pid       INTEGER NOT NULL,
        host      TEXT    NOT NULL,
        taken_at  REAL    NOT NULL,
        heartbeat REAL    NOT NULL   -- renewed by the running bot
    );
    """,
    # 5: a pack's load order, which decks are built in (not part of its hashed content).
    """
    ALTER TABLE packs ADD COLUMN load_order TEXT;  -- JSON {table: [id, ...]}; NULL for packs kept before
    """,
    # 6: the name a seat's player goes by (their display name when they joined), for the lines
    # that name players (issue 19 item 4); NULL for AI seats and seats taken before.
    """
    ALTER TABLE seats ADD COLUMN name TEXT;
    """,
    # 7: several processes over one store (issue 22 item 3): a deliverer claims the outbox rows it
    # sends (Store.claim_undelivered), and a process claims the timed work of a game (Store.claim).
    """
    ALTER TABLE outbox ADD COLUMN claimed_by TEXT;     -- the deliverer sending it now
    ALTER TABLE outbox ADD COLUMN claimed_until REAL;  -- when that claim lapses (a killed process)
    CREATE TABLE claims (
        kind   TEXT    NOT NULL,  -- what is claimed, e.g. 'sweep'
        id     INTEGER NOT NULL,  -- of what, e.g. a game id (0: the whole store)
        holder TEXT    NOT NULL,
        until  REAL    NOT NULL,
        PRIMARY KEY (kind, id)
    );
    """,
    # 8: a store copied elsewhere (python -m bot store copy) is marked moved: no bot runs on it again
    """
    CREATE TABLE moved (
        id       INTEGER PRIMARY KEY CHECK (id = 1),  -- one row at most
        target   TEXT NOT NULL,  -- where it went (a URL without its password)
        moved_at REAL NOT NULL
    );
    """,
    # 9: one lease per shard (issue 22 item 4): several processes, each serving some of the bot's
    # shards, over one PostgreSQL; the lease of a bot serving every shard is shard -1.
    """
    DROP TABLE lease;
    CREATE TABLE lease (
        shard       INTEGER PRIMARY KEY,  -- the shard id it serves; -1: every shard
        shard_count INTEGER NOT NULL,     -- its process's shard count; 0 with shard -1
        holder      TEXT    NOT NULL,
        pid         INTEGER NOT NULL,
        host        TEXT    NOT NULL,
        taken_at    REAL    NOT NULL,
        heartbeat   REAL    NOT NULL
    );
    """,
    # 10: results and ratings (issue 32 item 1): who held a seat when (a concession, a hand-over to
    # the AI, a loan, a claim), each ended game's result with every holder's part in it, and each
    # player's rating per server and game (OpenSkill's mu and sigma).
    """
    CREATE TABLE seat_history (
        id      INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL,
        user_id INTEGER,           -- whom it concerns (the player leaving, lending, coming back, claiming)
        kind    TEXT    NOT NULL,  -- 'conceded', 'ai', 'kick', 'lent', 'back', 'claimed'
        at      REAL    NOT NULL,
        seq     INTEGER NOT NULL   -- the game's move then
    );
    CREATE INDEX seat_history_by_game ON seat_history (game_id, id);

    CREATE TABLE results (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        ended       TEXT    NOT NULL CHECK (ended IN ('finished', 'abandoned')),
        started_at  REAL    NOT NULL,
        ended_at    REAL    NOT NULL,
        moves       INTEGER NOT NULL,
        rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
        unrated     TEXT,              -- why not: 'ai_seats', 'tutorial', 'solo', 'cooperative', 'abandoned'
        cooperative INTEGER NOT NULL DEFAULT 0 CHECK (cooperative IN (0, 1)),
        shared      INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),  -- several winners
        reason      TEXT,              -- the engine's word for how it ended
        detail      TEXT    NOT NULL   -- JSON: the engine's result as it stood
    );
    CREATE INDEX results_by_guild ON results (guild_id, game, ended_at);

    -- One row per holder of a seat: the player who ended it, the players who left it before,
    -- and the AI (user_id NULL) when it held the seat at the end.
    CREATE TABLE result_players (
        game_id      INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        entry        INTEGER NOT NULL,  -- 0, 1, ...: the seat's holders in order
        user_id      INTEGER,
        name         TEXT,
        role         TEXT,
        team         INTEGER NOT NULL,
        place        INTEGER NOT NULL,  -- 1 is the best; tied seats share a place
        won          INTEGER NOT NULL CHECK (won IN (0, 1)),
        left_how     TEXT,              -- 'conceded', 'ai', 'kick', 'lent' (the AI held it at the end); NULL: played on
        left_at      REAL,
        ai_seconds   REAL    NOT NULL DEFAULT 0,  -- how long the AI played the seat for this holder
        mu_before    REAL,
        sigma_before REAL,
        mu_after     REAL,
        sigma_after  REAL,
        PRIMARY KEY (game_id, seat, entry)
    );
    CREATE INDEX result_players_by_user ON result_players (user_id);

    CREATE TABLE ratings (
        guild_id   INTEGER NOT NULL,
        game       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        games      INTEGER NOT NULL,  -- rated games
        updated_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class RunetableError(Exception):
    """A problem to tell the user, in ``message`` (an ephemeral reply, never a bug).

    The base of :mod:`bot.errors`' family, defined here so that the store, which imports
    nothing of the bot, can raise one (:class:`GameNotFound`); :mod:`bot.errors` re-exports it.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class StoreError(Exception):
    """A store failure; the message is meant to be read by a human as is."""


class CorruptDatabase(StoreError):
    """The file is not an SQLite database, or its integrity check fails."""


class SchemaTooNew(StoreError):
    """The file was written by a newer Runetable than this one."""


class ChannelBusy(StoreError):
    """A lobby or active game already exists in that channel."""


class StaleVersion(StoreError):
    """The game moved on since it was read (expected seq != stored seq); nothing was written."""


class GameNotFound(StoreError, RunetableError):
    """No game has that id (a user error too: told like any other, e.g. a button of a game
    this file does not hold)."""


class InstanceRunning(StoreError):
    """Another bot holds the file's lease: one bot per database file."""


class StoreMoved(StoreError):
    """The store was copied elsewhere (``python -m bot store copy``): no bot runs on it again."""


@dataclass(frozen=True)
class StoredPack:
    """A data pack as the store keeps it: ``content``, the records as the JSON its hash is
    computed over, and ``load_order``, the JSON of each table's ids in load order (which decks
    are built in), or None for a pack kept before the order was."""

    content: str
    load_order: str | None


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``. ``options`` is decoded; ``state`` stays JSON text."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    status: str
    options: dict[str, Any]
    seed: int
    engine_version: str
    pack_hash: str
    seq: int
    rewinds: int
    state: str
    created_by: int
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a game. ``user_id`` is None for an AI seat; ``role`` is what the seat plays
    (a faction, a hero, a race or a people: the game's word), None until it is known;
    ``joined_at`` None means now."""

    seat: int
    user_id: int | None
    role: str | None = None
    is_ai: bool = False
    joined_at: float | None = None
    #: the player's display name when they joined (None: an AI seat, or not known)
    name: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    """One entry of the append-only action log (``action`` and ``chance`` are JSON text)."""

    game_id: int
    seq: int
    seat: int | None
    action: str
    chance: str
    created_at: float


@dataclass(frozen=True)
class SnapshotRecord:
    """The state (JSON text) right after action ``seq``."""

    game_id: int
    seq: int
    state: str


@dataclass(frozen=True)
class OutboxMessage:
    """A message to queue with an action: ``recipient`` is 'channel' or 'user:<id>'."""

    recipient: str
    payload: str  # JSON


@dataclass(frozen=True)
class OutboxRow:
    """One row of ``outbox``: a message queued for delivery (or already delivered)."""

    key: str
    game_id: int
    seq: int
    recipient: str
    payload: str
    created_at: float
    delivered_at: float | None
    message_id: int | None
    attempts: int

    @property
    def nonce(self) -> str:
        """The Discord message nonce for this row (see :func:`nonce_for`)."""
        return nonce_for(self.key)


@dataclass(frozen=True)
class Commit:
    """What :meth:`Store.apply`'s ``decide`` returns: one action and its consequences."""

    seat: int | None
    action: str
    chance: str
    state: str
    outbox: Sequence[OutboxMessage] = field(default_factory=tuple)


@dataclass(frozen=True)
class FairnessRecord:
    """A game's seed commitment (bot/table/fairness.py): the salt stays secret until the end."""

    game_id: int
    salt: str
    commitment: str
    created_at: float
    announced_at: float | None
    revealed_at: float | None


@dataclass(frozen=True)
class WaitRecord:
    """A seat that owes a decision (bot/table/waits.py). ``prompts`` fingerprints what it owes:
    when that changes, a new wait begins."""

    game_id: int
    seat: int
    prompts: str
    since: float
    deadline: float | None
    next_reminder: float | None
    reminders: int = 0
    muted: bool = False
    stalled: bool = False


@dataclass(frozen=True)
class VoteRecord:
    """A vote of the seated players (bot/table/votes.py)."""

    id: int
    game_id: int
    kind: str
    seat: int | None
    hours: float | None
    opened_by: int
    opened_at: float
    closes_at: float
    status: str
    closed_at: float | None


@dataclass(frozen=True)
class SeatEvent:
    """A change of who plays a seat (``seat_history``): ``kind`` is 'conceded', 'ai' or 'kick'
    (the player left, the AI played on), 'lent' (the player lent the seat to the AI), 'back'
    (the loan ended) or 'claimed' (``user_id`` took the seat over); ``seq`` the game's move then."""

    id: int
    game_id: int
    seat: int
    user_id: int | None
    kind: str
    at: float
    seq: int


@dataclass(frozen=True)
class ResultRecord:
    """An ended game's result (``results``, issue 32 item 1). ``rated`` False says why in
    ``unrated``; ``detail`` is the engine's result as JSON text."""

    game_id: int
    guild_id: int
    game: str
    ended: str
    started_at: float
    ended_at: float
    moves: int
    rated: bool
    unrated: str | None
    cooperative: bool
    shared: bool
    reason: str | None
    detail: str


@dataclass(frozen=True)
class ResultPlayer:
    """One holder's part in a result: ``user_id`` None is the AI. ``place`` 1 is the best;
    ``left_how`` says how a holder left before the end (None: played to the end). The rating
    columns are filled by :meth:`Store.record_result` for the players it rated."""

    game_id: int
    seat: int
    entry: int
    user_id: int | None
    name: str | None
    role: str | None
    team: int
    place: int
    won: bool
    left_how: str | None = None
    left_at: float | None = None
    ai_seconds: float = 0.0
    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None


@dataclass(frozen=True)
class RatingRecord:
    """A player's rating in one server and game: OpenSkill's ``mu`` and ``sigma``, and how
    many rated games it comes from."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    updated_at: float


#: ``rate(before) -> after`` of :meth:`Store.record_result`: user id -> (mu, sigma), None for a
#: player without a rating yet
Rate = Callable[[Mapping[int, "tuple[float, float] | None"]], Mapping[int, "tuple[float, float]"]]


#: the tables of one game's rows: table -> (columns, WHERE selecting one game's rows, ORDER BY)
GAME_TABLES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "games": (tuple(f.name for f in fields(GameRecord)), "WHERE id = ?", "id"),
    "seats": (("game_id", "seat", "user_id", "role", "is_ai", "joined_at", "name"), "WHERE game_id = ?", "seat"),
    "actions": (tuple(f.name for f in fields(ActionRecord)), "WHERE game_id = ?", "seq"),
    "snapshots": (tuple(f.name for f in fields(SnapshotRecord)), "WHERE game_id = ?", "seq"),
    "outbox": (
        (*(f.name for f in fields(OutboxRow)), "superseded_at", "superseded_marked_at"),
        "WHERE game_id = ?",
        "rowid",
    ),
    "fairness": (tuple(f.name for f in fields(FairnessRecord)), "WHERE game_id = ?", "game_id"),
    "waits": (tuple(f.name for f in fields(WaitRecord)), "WHERE game_id = ?", "seat"),
    "votes": (tuple(f.name for f in fields(VoteRecord)), "WHERE game_id = ?", "id"),
    "ballots": (
        ("vote_id", "user_id", "yes", "cast_at"),
        "WHERE vote_id IN (SELECT id FROM votes WHERE game_id = ?)",
        "vote_id, user_id",
    ),
    "seat_history": (tuple(f.name for f in fields(SeatEvent)), "WHERE game_id = ?", "id"),
    "results": (tuple(f.name for f in fields(ResultRecord)), "WHERE game_id = ?", "game_id"),
    "result_players": (tuple(f.name for f in fields(ResultPlayer)), "WHERE game_id = ?", "seat, entry"),
}
#: the tables of rows no game owns: table -> columns
SHARED_TABLES: dict[str, tuple[str, ...]] = {
    "packs": ("hash", "game", "content", "created_at", "load_order"),
    "settings": ("scope", "scope_id", "key", "value"),
    "ratings": tuple(f.name for f in fields(RatingRecord)),
}


def nonce_for(key: str) -> str:
    """Map an outbox key to a stable Discord nonce of at most 25 characters.

    A hash rather than the key itself: keys grow with ids, nonces may not.
    """
    return hashlib.sha256(key.encode()).hexdigest()[:NONCE_LENGTH]


def outbox_key(game_id: int, rewinds: int, seq: int, recipient: str) -> str:
    """The stable key of the message for ``recipient`` about action ``seq``.

    ``rewinds`` keeps keys unique after an undo: the new action at a truncated ``seq`` is
    another message than the one already delivered, so it must not reuse its nonce.
    """
    if rewinds:
        return f"{game_id}/{seq}.{rewinds}/{recipient}"
    return f"{game_id}/{seq}/{recipient}"


def _columns(record: type) -> str:
    return ", ".join(f.name for f in fields(record))


def _game(row: Row) -> GameRecord:
    return GameRecord(**{**dict(row), "options": json.loads(row["options"])})


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(**{**dict(row), "is_ai": bool(row["is_ai"])})


def _statements(script: str) -> list[str]:
    """Split an SQL script into its statements (a ';' inside a string or trigger stays put)."""
    statements, current = [], ""
    for piece in script.split(";"):
        current += piece + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \t\r\n;"):
                statements.append(current)
            current = ""
    return statements


def _is_corruption(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


class Conn(Protocol):
    """One connection inside a read or a write transaction, whichever the backend.

    SQL is written once with ``?`` placeholders (PostgreSQL's backend numbers them); a row is
    read by column name. ``guard=True`` marks a statement whose :class:`Conflict` the caller
    catches: PostgreSQL runs it in a savepoint so that the transaction goes on after it.
    """

    async def fetch(self, sql: str, parameters: Sequence[Any] = (), *, guard: bool = False) -> list[Row]: ...

    async def execute(self, sql: str, parameters: Sequence[Any] = (), *, guard: bool = False) -> int:
        """Run one statement; the number of rows it inserted, changed or deleted."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


class Backend(Protocol):
    """Where a :class:`Store` keeps its tables: :class:`SqliteBackend` (a file, the default) or
    :class:`bot.store_postgres.PostgresBackend` (a PostgreSQL database shared by processes)."""

    #: 'sqlite' or 'postgresql'
    kind: str
    #: where the data lives, for messages: a path, or a URL without its password
    location: str

    def read(self) -> AbstractAsyncContextManager[Conn]:
        """A connection for reads outside any write transaction."""
        ...

    def write(self, game_id: int | None) -> AbstractAsyncContextManager[Conn]:
        """One write transaction, committed on success and rolled back otherwise. With a
        ``game_id`` (or a negative key of the store's own, :data:`CLAIM_LOCK`) it excludes every
        other writer with that key until it ends, in any process."""
        ...

    #: what ends the inner SELECT of a claim: ``FOR UPDATE SKIP LOCKED`` where rows lock
    skip_locked: str

    async def listen(self, callback: Callable[[], None]) -> bool:
        """Call ``callback`` whenever any process queues outbox rows or gives claimed ones up;
        False when the backend cannot tell (SQLite: one process, which wakes itself)."""
        ...

    def json_field(self, column: str, key: str) -> str:
        """The SQL expression of the JSON text column's top-level ``key`` (NULL when absent or null)."""
        ...

    async def ids_taken(self, db: Conn, table: str) -> None:
        """After rows were written with their ids: make the table's next new id follow them."""
        ...

    async def close(self) -> None: ...


class Conflict(StoreError):
    """A statement broke a uniqueness rule of the schema (its text names the constraint)."""


class SqliteBackend:
    """One SQLite file through one aiosqlite connection, used by one task at a time (an
    internal lock). Every write is ``BEGIN IMMEDIATE``: it takes the file's write lock up
    front, so checks made inside the transaction still hold at COMMIT, whatever process
    writes the same file; one writer at a time also serialises moves on a game."""

    kind = "sqlite"
    skip_locked = ""  # BEGIN IMMEDIATE: one writer at a time already

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self.location = str(path)
        self._lock = asyncio.Lock()
        self._conn = _SqliteConn(db)

    @classmethod
    async def open(cls, path: Path) -> SqliteBackend:
        _check_file(path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError(f"Cannot open the game database {path}: {e}.") from e
        try:
            db.row_factory = sqlite3.Row
            await _prepare(db, path)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Conn]:
        async with self._lock:
            yield self._conn

    @asynccontextmanager
    async def write(self, game_id: int | None) -> AsyncIterator[Conn]:
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._conn
                await self._db.execute("COMMIT")
            except BaseException:
                # rollback() runs in the connection's thread after anything still queued and
                # is a no-op outside a transaction, so it is safe even if BEGIN was cancelled.
                await self._db.rollback()
                raise

    def json_field(self, column: str, key: str) -> str:
        return f"json_extract({column}, '$.{key}')"

    async def listen(self, callback: Callable[[], None]) -> bool:
        return False

    async def ids_taken(self, db: Conn, table: str) -> None:
        pass  # an INTEGER PRIMARY KEY takes the largest id + 1 by itself

    async def close(self) -> None:
        """Close the connection (the last connection to close also checkpoints the WAL)."""
        async with self._lock:
            await self._db.close()


def _check_file(path: Path) -> None:
    """Create the file's folder; refuse an empty file (a new store is a missing file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.stat().st_size == 0:
        raise CorruptDatabase(f"The game database {path} is empty: not a Runetable database; remove it to start afresh.")


class _SqliteConn:
    """:class:`Conn` over an aiosqlite connection (rows are :class:`sqlite3.Row`)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, parameters: Sequence[Any] = (), *, guard: bool = False) -> list[Row]:
        try:
            return cast(list[Row], await self._db.execute_fetchall(sql, parameters))
        except sqlite3.IntegrityError as e:  # a failed statement leaves SQLite's transaction as it was
            raise Conflict(str(e)) from e

    async def execute(self, sql: str, parameters: Sequence[Any] = (), *, guard: bool = False) -> int:
        try:
            cursor = await self._db.execute(sql, parameters)
        except sqlite3.IntegrityError as e:
            raise Conflict(str(e)) from e
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            try:
                await self._db.executemany(sql, rows)
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e


def parse_database(target: str | Path) -> tuple[str, str]:
    """``(kind, where)`` of a store's address: ``sqlite:///path`` (or a bare path) gives
    ``('sqlite', path)``, ``postgresql://…`` (or ``postgres://…``) gives ``('postgresql', url)``."""
    text = str(target)
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql", text
    if text.startswith("sqlite:"):
        if not text.startswith("sqlite:///"):
            raise StoreError(f"A SQLite address is sqlite:///relative/path or sqlite:////absolute/path, not {text!r}.")
        return "sqlite", text.removeprefix("sqlite:///")
    if "://" in text:
        raise StoreError(f"DATABASE_URL must start with sqlite:/// or postgresql://, not {text.split('://')[0]}://.")
    return "sqlite", text


def describe_database(target: str | Path) -> str:
    """The address for messages and logs: a PostgreSQL URL loses its password."""
    kind, where = parse_database(target)
    if kind == "sqlite":
        return where
    parts = urlsplit(where)
    user, at, host = parts.netloc.rpartition("@")  # a password may itself hold "@"
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    query = parts.query
    if any(k.lower() == "password" for k, _ in pairs):
        query = urlencode([(k, "***" if k.lower() == "password" else v) for k, v in pairs], safe="/*")
    return f"{parts.scheme}://{user}{at}{host}{parts.path}" + (f"?{query}" if query else "")


class Store:
    """The game database. Create with ``await Store.open(address)``; close with ``await close()``.

    One interface over two backends (:class:`Backend`): a SQLite file (the default, one bot)
    or a PostgreSQL database (several bot processes). Every method means the same on both.
    """

    def __init__(self, backend: Backend, snapshot_every: int) -> None:
        self._backend = backend
        #: the SQLite file, None on PostgreSQL
        self.path: Path | None = getattr(backend, "path", None)
        #: where the data lives, for messages (a path, or a URL without its password)
        self.location = backend.location
        self.snapshot_every = snapshot_every
        self._game_locks: dict[int, asyncio.Lock] = {}
        #: the id of the lease this store holds (:meth:`acquire_lease`), None without one
        self.lease_holder: str | None = None
        self._lease_rows = 0  # one per shard it serves

    @property
    def kind(self) -> str:
        """'sqlite' or 'postgresql'."""
        return self._backend.kind

    # ---------------------------------------------------------------- opening and closing

    @classmethod
    async def open(cls, target: str | Path, *, snapshot_every: int = 50) -> Store:
        """Open the store at ``target`` and bring its schema up to date: a path or
        ``sqlite:///path`` (a file, created when missing) or a ``postgresql://…`` URL (an
        existing database; its tables are created).

        Raises CorruptDatabase if a file is not a sound SQLite database, SchemaTooNew if a
        newer Runetable wrote it, StoreError if it cannot be opened at all.
        """
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        kind, where = parse_database(target)
        backend: Backend
        if kind == "postgresql":
            from bot.store_postgres import PostgresBackend  # only a PostgreSQL store needs its driver

            backend = await PostgresBackend.open(where)
        else:
            backend = await SqliteBackend.open(Path(where))
        return cls(backend, snapshot_every)

    async def close(self) -> None:
        """Release the lease if this store holds one, then close the connections."""
        if self.lease_holder is not None:
            await self.release_lease()
        await self._backend.close()

    # ---------------------------------------------------------------- one bot per file

    async def acquire_lease(self, shards: Sequence[int] | None = None, shard_count: int = 0) -> None:
        """Take the store's lease for the bot about to run on it (renewing it if held already):
        for every shard (``shards`` None: one process serves the whole bot), or for the shard ids
        ``shards`` of ``shard_count`` (one of several processes over one PostgreSQL).

        Raises :class:`InstanceRunning` when another live holder's shards overlap these (a bot
        serving every shard overlaps all), or when it runs with another shard count; raises
        :class:`StoreMoved` when the store was copied elsewhere. A holder is alive while its
        heartbeat is younger than :data:`LEASE_TIMEOUT` and, when it runs on this host, its pid
        exists; a holder that is gone (a SIGKILLed bot restarting on the same host, a machine
        that died) is taken over.
        """
        mine = [EVERY_SHARD] if shards is None else sorted(set(shards))
        count = 0 if shards is None else shard_count
        holder = self.lease_holder or uuid.uuid4().hex
        now, host = time.time(), socket.gethostname()
        async with self._write(LEASE_LOCK) as db:
            moved = await _rows(db, "SELECT target, moved_at FROM moved")
            if moved:
                raise StoreMoved(
                    f"The game database {self.location} was moved to {moved[0]['target']} on"
                    f" {time.strftime('%Y-%m-%d %H:%M', time.gmtime(moved[0]['moved_at']))} UTC: run the bot with"
                    f" DATABASE_URL={moved[0]['target']} instead (its messages are sent from there)."
                )
            rows = await _rows(db, "SELECT shard, shard_count, holder, pid, host, heartbeat FROM lease ORDER BY shard")
            for other in (r for r in rows if r["holder"] != holder and not _lease_gone(r, now, host)):
                who = f"pid {other['pid']} on {other['host']}, alive {max(0.0, now - other['heartbeat']):.0f} s ago"
                wait = f"Stop it first, or wait {LEASE_TIMEOUT:.0f} s if it died on another machine."
                if other["shard"] == EVERY_SHARD or mine == [EVERY_SHARD]:
                    raise InstanceRunning(
                        f"Another Runetable bot is already running on {self.location} ({who}"
                        f"{'' if other['shard'] == EVERY_SHARD else ', for shard ' + str(other['shard'])}): one bot"
                        f" per database unless each process serves its own shards (--shard-count, --shard-ids). {wait}"
                    )
                if other["shard"] in mine:
                    raise InstanceRunning(
                        f"Shard {other['shard']} is served already by another Runetable bot on {self.location} ({who})."
                        f" Give each process shard ids of its own. {wait}"
                    )
                if other["shard_count"] != count:
                    raise InstanceRunning(
                        f"The Runetable bots on {self.location} run with {other['shard_count']} shards ({who}),"
                        f" not {count}: every process needs the same --shard-count. {wait}"
                    )
            marks = ", ".join("?" * len(mine))
            await db.execute(f"DELETE FROM lease WHERE holder = ? OR shard IN ({marks})", (holder, *mine))
            await db.executemany(
                "INSERT INTO lease (shard, shard_count, holder, pid, host, taken_at, heartbeat) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(shard, count, holder, os.getpid(), host, now, now) for shard in mine],
            )
        self.lease_holder = holder
        self._lease_rows = len(mine)

    async def renew_lease(self) -> bool:
        """The running bot's heartbeat. False when this store holds no lease any more (another
        bot took it over, or part of it): the caller must stop using the store."""
        if self.lease_holder is None:
            return False
        async with self._write() as db:
            renewed = await db.execute("UPDATE lease SET heartbeat = ? WHERE holder = ?", (time.time(), self.lease_holder))
        held = renewed == self._lease_rows
        if not held:
            await self.release_lease()  # what is left of it
        return held

    async def release_lease(self) -> None:
        """Give the lease up (a clean shutdown); a lease another bot took over stays its."""
        holder, self.lease_holder = self.lease_holder, None
        if holder is not None:
            async with self._write() as db:
                await db.execute("DELETE FROM lease WHERE holder = ?", (holder,))

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---------------------------------------------------------------- transactions

    def _read(self) -> AbstractAsyncContextManager[Conn]:
        return self._backend.read()

    def _write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Conn]:
        """One write transaction, committed on success and rolled back otherwise; with a
        ``game_id``, no other writer of that game in any process runs until it ends (on
        PostgreSQL a transaction-scoped advisory lock, on SQLite the file's write lock)."""
        return self._backend.write(game_id)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serialises moves on one game within this process."""
        return self._game_locks.setdefault(game_id, asyncio.Lock())

    # ---------------------------------------------------------------- games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        engine_version: str,
        pack_hash: str,
        state: str,
        created_by: int,
        status: str = "lobby",
    ) -> GameRecord:
        """Create a game at seq 0. Raises ChannelBusy if the channel already has an open game."""
        _check_status(status)
        now = time.time()
        async with self._write() as db:
            try:
                rows = await db.fetch(
                    "INSERT INTO games (guild_id, channel_id, game, status, options, seed,"
                    " engine_version, pack_hash, state, created_by, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        status,
                        json.dumps(options),
                        seed,
                        engine_version,
                        pack_hash,
                        state,
                        created_by,
                        now,
                        now,
                    ),
                    guard=True,
                )
            except Conflict as e:
                raise await _channel_busy(db, channel_id, e) from e
            return await _fetch_game(db, int(rows[0]["id"]))

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with that id; raises GameNotFound."""
        async with self._read() as db:
            return await _fetch_game(db, game_id)

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The lobby or active game in that channel, if any."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(GameRecord)} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        return _game(rows[0]) if rows else None

    async def games_for_user(self, guild_id: int, user_id: int) -> list[GameRecord]:
        """Every game of that guild (any status) where the user holds a seat, newest first."""
        columns = ", ".join(f"g.{f.name}" for f in fields(GameRecord))
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {columns} FROM games g JOIN seats s ON s.game_id = g.id"
                " WHERE g.guild_id = ? AND s.user_id = ?"
                " ORDER BY g.updated_at DESC, g.id DESC",
                (guild_id, user_id),
            )
        return [_game(row) for row in rows]

    async def set_status(self, game_id: int, status: str) -> None:
        """Change a game's status. Raises GameNotFound, or ChannelBusy when reopening a game
        in a channel that has another open game."""
        _check_status(status)
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "channel_id")
            try:
                await db.execute(
                    "UPDATE games SET status = ?, updated_at = ? WHERE id = ?",
                    (status, time.time(), game_id),
                    guard=True,
                )
            except Conflict as e:
                raise await _channel_busy(db, game["channel_id"], e) from e

    async def set_options(self, game_id: int, options: Mapping[str, Any], pack_hash: str) -> None:
        """Change a lobby's game options (and the hash of the data pack they choose)."""
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "status")
            if game["status"] != "lobby":
                raise ValueError(f"game {game_id} is not a lobby; its options are fixed")
            await db.execute(
                "UPDATE games SET options = ?, pack_hash = ?, updated_at = ? WHERE id = ?",
                (json.dumps(dict(options)), pack_hash, time.time(), game_id),
            )

    # ---------------------------------------------------------------- seats

    async def set_seats(self, game_id: int, seats: Sequence[SeatRecord]) -> None:
        """Replace all seats of a game in one transaction.

        Seats must be numbered 0..n-1 and a user may hold at most one of them.
        """
        numbers = sorted(s.seat for s in seats)
        if numbers != list(range(len(seats))):
            raise StoreError(f"Seats of game #{game_id} must be numbered 0 to {len(seats) - 1}, got {numbers}.")
        users = [s.user_id for s in seats if s.user_id is not None]
        if len(users) != len(set(users)):
            raise StoreError(f"A user can hold only one seat in game #{game_id}.")
        now = time.time()
        async with self._write(game_id) as db:
            await _game_row(db, game_id, "id")
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, role, is_ai, joined_at, name) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, s.seat, s.user_id, s.role, int(s.is_ai), now if s.joined_at is None else s.joined_at, s.name)
                    for s in seats
                ],
            )

    async def set_roles(self, game_id: int, roles: Mapping[int, str | None]) -> None:
        """Record what seats play, seat -> role (None forgets it); the other seats keep theirs.

        One transaction. Raises GameNotFound, or StoreError (writing nothing) when the game has
        no such seat.
        """
        async with self._write(game_id) as db:
            await _game_row(db, game_id, "id")
            have = {row["seat"] for row in await _rows(db, "SELECT seat FROM seats WHERE game_id = ?", (game_id,))}
            if missing := sorted(set(roles) - have):
                raise StoreError(f"Game #{game_id} has no seat {', '.join(map(str, missing))}.")
            await db.executemany(
                "UPDATE seats SET role = ? WHERE game_id = ? AND seat = ?",
                [(role, game_id, seat) for seat, role in roles.items()],
            )

    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The seats of a game in seat order."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(SeatRecord)} FROM seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [_seat(row) for row in rows]

    # ---------------------------------------------------------------- actions

    async def commit_action(
        self,
        game_id: int,
        *,
        expected_seq: int,
        seat: int | None,
        action: str,
        chance: str,
        state: str,
        outbox: Sequence[OutboxMessage] = (),
        release: Sequence[str] = (),
    ) -> int:
        """Append one action, store the state it produced and queue its messages.

        One transaction: if the game's seq is not ``expected_seq`` it raises StaleVersion and
        writes nothing. Otherwise it logs the action as seq ``expected_seq + 1``, updates the
        game, writes a snapshot when the new seq is a multiple of ``snapshot_every``, inserts
        one outbox row per message and forgets the held :data:`STRETCH` rows whose keys
        ``release`` names (their news is in this commit's channel message; StaleVersion, and
        nothing written, when one of them is gone). Returns the new seq.
        """
        recipients = [m.recipient for m in outbox]
        if len(recipients) != len(set(recipients)):
            raise StoreError("An action may queue only one message per recipient.")
        seq = expected_seq + 1
        now = time.time()
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "seq, rewinds")
            if game["seq"] != expected_seq:
                raise StaleVersion(
                    f"Game #{game_id} is at move {game['seq']}, not {expected_seq}: someone moved"
                    " first. Reload the game and try again."
                )
            # The compare-and-set itself: a writer that got past the check above without the
            # game's lock (none should) finds the row moved on and changes nothing.
            if not await db.execute(
                "UPDATE games SET state = ?, seq = ?, updated_at = ? WHERE id = ? AND seq = ?",
                (state, seq, now, game_id, expected_seq),
            ):
                raise StaleVersion(f"Game #{game_id} moved on from move {expected_seq} meanwhile. Reload the game and try again.")
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, chance, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, action, chance, now),
            )
            if seq % self.snapshot_every == 0:
                await db.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                    (game_id, seq, state),
                )
            await db.executemany(
                "INSERT INTO outbox (key, game_id, seq, recipient, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (outbox_key(game_id, game["rewinds"], seq, m.recipient), game_id, seq, m.recipient, m.payload, now)
                    for m in outbox
                ],
            )
            await _release(db, game_id, release)
        return seq

    async def apply(self, game_id: int, decide: Callable[[GameRecord], Commit]) -> int:
        """Load the game, let ``decide`` (sync, pure) compute the move, commit it.

        Runs under :meth:`lock` so that moves on one game in this process never race. Whatever
        ``decide`` raises propagates and nothing is written. Returns the new seq.
        """
        async with self.lock(game_id):
            record = await self.get_game(game_id)
            commit = decide(record)
            return await self.commit_action(
                game_id,
                expected_seq=record.seq,
                seat=commit.seat,
                action=commit.action,
                chance=commit.chance,
                state=commit.state,
                outbox=commit.outbox,
            )

    async def actions(self, game_id: int, after_seq: int = 0) -> list[ActionRecord]:
        """The logged actions with seq > ``after_seq``, in order."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(ActionRecord)} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after_seq),
            )
        return [ActionRecord(**dict(row)) for row in rows]

    async def latest_snapshot(self, game_id: int, at_or_before: int | None = None) -> SnapshotRecord | None:
        """The newest snapshot, or the newest at or before seq ``at_or_before``."""
        bound = _MAX_INTEGER if at_or_before is None else at_or_before
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(SnapshotRecord)} FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                (game_id, bound),
            )
        return SnapshotRecord(**dict(rows[0])) if rows else None

    async def truncate_actions(self, game_id: int, *, keep_seq: int, state: str) -> None:
        """Undo: forget every action after ``keep_seq`` and set the state reached at it.

        One transaction deletes those actions, their snapshots and their undelivered outbox
        rows (delivered rows stay as history), and sets the game's state and seq.
        """
        async with self._write(game_id) as db:
            await _truncate(db, game_id, keep_seq, state)

    # ---------------------------------------------------------------- outbox

    async def undelivered(self, limit: int = 100) -> list[OutboxRow]:
        """Messages not yet delivered, oldest first (the order they were committed in); held
        :data:`STRETCH` news is not a message yet."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(OutboxRow)} FROM outbox WHERE delivered_at IS NULL AND recipient != ? ORDER BY rowid LIMIT ?",
                (STRETCH, limit),
            )
        return [OutboxRow(**dict(row)) for row in rows]

    async def stretch_news(self, game_id: int) -> list[OutboxRow]:
        """The game's held :data:`STRETCH` news, in commit order."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(OutboxRow)} FROM outbox WHERE game_id = ? AND recipient = ? ORDER BY seq, rowid",
                (game_id, STRETCH),
            )
        return [OutboxRow(**dict(row)) for row in rows]

    async def release_stretch(self, game_id: int, *, expected_seq: int, payload: str, release: Sequence[str]) -> None:
        """Queue the channel message ``payload`` telling the held news ``release`` names, at the
        game's seq, and forget that news: one transaction, for a stretch that no commit ends
        (it stopped with the process, and nothing answers by itself any more). Raises
        StaleVersion, writing nothing, when the game is not at ``expected_seq`` or the news is gone."""
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "seq, rewinds")
            if game["seq"] != expected_seq:
                raise StaleVersion(f"Game #{game_id} is at move {game['seq']}, not {expected_seq}.")
            await db.execute(
                "INSERT INTO outbox (key, game_id, seq, recipient, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    outbox_key(game_id, game["rewinds"], expected_seq, "channel"),
                    game_id,
                    expected_seq,
                    "channel",
                    payload,
                    time.time(),
                ),
            )
            await _release(db, game_id, release)

    async def last_news(self, game_id: int, *, other_chapter: str | None = None) -> OutboxRow | None:
        """The game's newest channel news told in turn posts (a payload with ``posts``) that no
        undo superseded; with ``other_chapter``, the newest whose ``chapter`` is another one
        (its view is where that chapter began). bot.service.play composes turn posts from it."""
        field = self._backend.json_field
        where = f"{field('payload', 'posts')} IS NOT NULL"
        parameters: tuple[Any, ...] = (game_id,)
        if other_chapter is not None:
            chapter = field("payload", "chapter")
            where = f"{chapter} IS NOT NULL AND {chapter} != ?"
            parameters = (game_id, other_chapter)
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(OutboxRow)} FROM outbox WHERE game_id = ? AND recipient = 'channel'"
                f" AND superseded_at IS NULL AND {where} ORDER BY rowid DESC LIMIT 1",
                parameters,
            )
        return OutboxRow(**dict(rows[0])) if rows else None

    async def superseded_keys(self, game_id: int, keys: Sequence[str]) -> set[str]:
        """Those of ``keys`` (outbox rows of the game) whose actions an undo took back."""
        if not keys:
            return set()
        marks = ", ".join("?" for _ in keys)
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT key FROM outbox WHERE game_id = ? AND superseded_at IS NOT NULL AND key IN ({marks})",
                (game_id, *keys),
            )
        return {row["key"] for row in rows}

    async def mark_delivered(self, key: str, message_id: int | None) -> None:
        """Record that a message was sent. An unknown key (its action was undone meanwhile)
        is ignored."""
        async with self._write() as db:
            await db.execute(
                "UPDATE outbox SET delivered_at = ?, message_id = ?, claimed_by = NULL, claimed_until = NULL WHERE key = ?",
                (time.time(), message_id, key),
            )

    async def claim_undelivered(self, holder: str, limit: int = 100, *, seconds: float = CLAIM_SECONDS) -> list[OutboxRow]:
        """Claim for ``holder`` (a deliverer) up to ``limit`` undelivered rows, oldest first, and
        return them: the ones it holds already (its claim renewed) and unclaimed ones or ones
        whose claim lapsed. A game whose rows another live claim holds is skipped whole, so each
        game's messages go out in order through one deliverer at a time, whatever the number of
        processes. Claims are made one at a time (:data:`CLAIM_LOCK`); on PostgreSQL rows another
        transaction is writing are skipped (``FOR UPDATE SKIP LOCKED``), not waited for."""
        now, host = time.time(), socket.gethostname()
        async with self._write(CLAIM_LOCK) as db:
            holders = await _rows(
                db,
                "SELECT DISTINCT claimed_by FROM outbox WHERE delivered_at IS NULL AND claimed_until >= ? AND claimed_by != ?",
                (now, holder),
            )
            for other in (row["claimed_by"] for row in holders):
                if _claimer_gone(other, host):  # a killed process on this host: its claims lapse at once
                    await db.execute(
                        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND delivered_at IS NULL",
                        (other,),
                    )
            rows = await _rows(
                db,
                f"UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE key IN ("
                " SELECT o.key FROM outbox o WHERE o.delivered_at IS NULL AND o.recipient != ?"
                " AND (o.claimed_until IS NULL OR o.claimed_until < ? OR o.claimed_by = ?)"
                " AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.game_id = o.game_id AND p.delivered_at IS NULL"
                " AND p.claimed_by != ? AND p.claimed_until >= ?)"
                f" ORDER BY o.rowid LIMIT ?{self._backend.skip_locked})"
                f" RETURNING {_columns(OutboxRow)}, rowid",
                (holder, now + seconds, STRETCH, now, holder, holder, now, limit),
            )
        return [OutboxRow(**{k: row[k] for k in row.keys() if k != "rowid"}) for row in sorted(rows, key=lambda r: r["rowid"])]

    async def release_claims(self, holder: str) -> int:
        """Give up ``holder``'s claims on rows it did not deliver (a drain that ends with rows
        waiting for a retry), so that any process may take them; the number given up."""
        async with self._write() as db:
            return await db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND delivered_at IS NULL",
                (holder,),
            )

    async def claim(self, kind: str, id: int, holder: str, seconds: float) -> bool:
        """Claim a piece of timed work (``kind`` of ``id``: a game's sweep) for ``seconds``:
        True when ``holder`` now holds it (it was free, lapsed, or its own), False while another
        holder's claim lasts (a holder whose process died on this host holds nothing). Each
        process sweeping the same games then does each game's due reminders, deadlines and vote
        expiries once."""
        now, host = time.time(), socket.gethostname()
        async with self._write(CLAIM_LOCK) as db:  # one claim at a time: no two holders both see it free
            rows = await _rows(db, "SELECT holder, until FROM claims WHERE kind = ? AND id = ?", (kind, id))
            if rows and rows[0]["holder"] != holder and rows[0]["until"] >= now and not _claimer_gone(rows[0]["holder"], host):
                return False
            await db.execute(
                "INSERT INTO claims (kind, id, holder, until) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (kind, id) DO UPDATE SET holder = excluded.holder, until = excluded.until",
                (kind, id, holder, now + seconds),
            )
        return True

    # ---------------------------------------------------------------- moving a store (bot store copy)

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first."""
        async with self._read() as db:
            return [int(row["id"]) for row in await _rows(db, "SELECT id FROM games ORDER BY id")]

    async def dump_game(self, game_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every row of one game, by table (:data:`GAME_TABLES`), as stored: its log,
        snapshots, seats, outbox (in queue order, claims left out), seed commitment, waits,
        votes and ballots. Raises GameNotFound."""
        dump: dict[str, list[dict[str, Any]]] = {}
        async with self._read() as db:
            await _game_row(db, game_id, "id")
            for table, (columns, where, order) in GAME_TABLES.items():
                rows = await _rows(db, f"SELECT {', '.join(columns)} FROM {table} {where} ORDER BY {order}", (game_id,))
                dump[table] = [{c: row[c] for c in columns} for row in rows]
        return dump

    async def load_game(self, dump: Mapping[str, Sequence[Mapping[str, Any]]]) -> None:
        """Write a game :meth:`dump_game` gave, ids kept, in one transaction (StoreError and
        nothing written when its id, a vote's id or its channel's open game is taken)."""
        game_id = int(dump["games"][0]["id"])
        async with self._write(game_id) as db:
            for table, (columns, _, _) in GAME_TABLES.items():
                marks = ", ".join("?" * len(columns))
                try:
                    await db.executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                        [tuple(row[c] for c in columns) for row in dump.get(table, ())],
                    )
                except Conflict as e:
                    raise StoreError(f"Game #{game_id} cannot be added: {e}.") from e
            for table in ("games", "votes"):  # explicit ids: the next new one comes after them
                await self._backend.ids_taken(db, table)

    async def shared_rows(self) -> dict[str, list[dict[str, Any]]]:
        """The rows no game owns: data packs and settings."""
        async with self._read() as db:
            return {
                table: [{c: row[c] for c in columns} for row in await _rows(db, f"SELECT {', '.join(columns)} FROM {table}")]
                for table, columns in SHARED_TABLES.items()
            }

    async def load_shared_rows(self, rows: Mapping[str, Sequence[Mapping[str, Any]]]) -> None:
        """Add packs and settings :meth:`shared_rows` gave; rows the store has already stay as they are."""
        async with self._write() as db:
            for table, columns in SHARED_TABLES.items():
                await db.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) ON CONFLICT DO NOTHING",
                    [tuple(row[c] for c in columns) for row in rows.get(table, ())],
                )

    async def moved_to(self) -> str | None:
        """Where the store was moved (:meth:`mark_moved`), or None."""
        async with self._read() as db:
            rows = await _rows(db, "SELECT target FROM moved")
        return str(rows[0]["target"]) if rows else None

    async def mark_moved(self, target: str) -> None:
        """Mark the store as moved to ``target``: :meth:`acquire_lease` refuses it from now on."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO moved (id, target, moved_at) VALUES (1, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET target = excluded.target, moved_at = excluded.moved_at",
                (describe_database(target), time.time()),
            )

    async def watch_outbox(self, callback: Callable[[], None]) -> bool:
        """Call ``callback`` when any process queues outbox rows or gives claimed ones up
        (PostgreSQL's LISTEN/NOTIFY); False on SQLite, whose one process wakes itself."""
        return await self._backend.listen(callback)

    async def note_attempt(self, key: str) -> None:
        """Count one more delivery attempt of a message."""
        async with self._write() as db:
            await db.execute("UPDATE outbox SET attempts = attempts + 1 WHERE key = ?", (key,))

    # ---------------------------------------------------------------- data packs

    async def save_pack(self, pack_hash: str, game: str, content: str, load_order: str | None = None) -> None:
        """Keep a data pack by its hash with its load order (idempotent: a known hash is left
        as it is, except that a pack kept without its load order gets it)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO packs (hash, game, content, created_at, load_order) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (hash) DO UPDATE SET load_order = excluded.load_order WHERE packs.load_order IS NULL",
                (pack_hash, game, content, time.time(), load_order),
            )

    async def pack(self, pack_hash: str) -> StoredPack | None:
        """The pack with that hash, or None if no game ever used it."""
        async with self._read() as db:
            rows = await _rows(db, "SELECT content, load_order FROM packs WHERE hash = ?", (pack_hash,))
        return StoredPack(rows[0]["content"], rows[0]["load_order"]) if rows else None

    # ---------------------------------------------------------------- settings

    async def get_setting(self, scope: str, scope_id: int | str, key: str, default: Any = None) -> Any:
        """A setting's decoded JSON value, or ``default`` if it was never set."""
        _check_scope(scope)
        async with self._read() as db:
            rows = await _rows(
                db,
                "SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                (scope, str(scope_id), key),
            )
        return json.loads(rows[0]["value"]) if rows else default

    async def set_setting(self, scope: str, scope_id: int | str, key: str, value: Any) -> None:
        """Set a setting to any JSON-encodable value."""
        _check_scope(scope)
        async with self._write() as db:
            await db.execute(
                "INSERT INTO settings (scope, scope_id, key, value) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                (scope, str(scope_id), key, json.dumps(value)),
            )

    # ---------------------------------------------------------------- the table (bot/table)

    async def games_with_status(self, *statuses: str) -> list[GameRecord]:
        """Every game in one of ``statuses``, oldest first (the sweeper's round)."""
        for status in statuses:
            _check_status(status)
        marks = ", ".join("?" * len(statuses))
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(GameRecord)} FROM games WHERE status IN ({marks}) ORDER BY id",
                statuses,
            )
        return [_game(row) for row in rows]

    async def queue_notice(self, game_id: int, name: str, recipient: str, payload: str) -> bool:
        """Queue a message that belongs to no action (a reminder, a vote's result, a notice).

        Its key is ``notice/<game>/<name>/<recipient>``: queueing the same name twice queues it
        once (a sweep repeated after a crash sends nothing twice). It takes the game's current
        seq, so it is delivered after the messages of the moves made so far. Returns whether
        it was new.
        """
        key = f"notice/{game_id}/{name}/{recipient}"
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "seq")
            added = await db.execute(
                "INSERT INTO outbox (key, game_id, seq, recipient, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (key, game_id, game["seq"], recipient, payload, time.time()),
            )
            return added == 1

    async def undo_actions(
        self,
        game_id: int,
        *,
        expected_seq: int,
        keep_seq: int,
        state: str,
        notices: Callable[[list[OutboxRow]], Sequence[tuple[str, str, str]]] | None = None,
    ) -> list[OutboxRow]:
        """Undo: like :meth:`truncate_actions`, and in the same transaction mark the delivered
        messages of the undone actions as superseded and queue the notices announcing it.

        ``notices`` (sync, pure) gets the superseded rows and returns ``(name, recipient,
        payload)`` notices, queued as :meth:`queue_notice` would at ``keep_seq``: a process
        killed after the undo commits still announces it. Raises StaleVersion when the game
        is not at ``expected_seq``. Returns the superseded rows."""
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "seq, rewinds")
            if game["seq"] != expected_seq:
                raise StaleVersion(f"Game #{game_id} is at move {game['seq']}, not {expected_seq}.")
            rows = [
                OutboxRow(**{name: row[name] for name in row.keys() if name != "superseded_at"})
                for row in await _undone_rows(db, game_id, game["rewinds"], keep_seq, expected_seq)
                if row["delivered_at"] is not None and row["superseded_at"] is None
            ]
            await db.executemany("UPDATE outbox SET superseded_at = ? WHERE key = ?", [(time.time(), row.key) for row in rows])
            await _truncate(db, game_id, keep_seq, state)
            for name, recipient, payload in notices(rows) if notices is not None else ():
                await db.execute(
                    "INSERT INTO outbox (key, game_id, seq, recipient, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (f"notice/{game_id}/{name}/{recipient}", game_id, keep_seq, recipient, payload, time.time()),
                )
        return rows

    async def superseded_unmarked(self, limit: int = 50) -> list[OutboxRow]:
        """Sent messages of undone actions that do not say so yet (with a message id)."""
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {_columns(OutboxRow)} FROM outbox WHERE superseded_at IS NOT NULL"
                " AND superseded_marked_at IS NULL ORDER BY rowid LIMIT ?",
                (limit,),
            )
        return [OutboxRow(**dict(row)) for row in rows]

    async def mark_superseded_marked(self, key: str) -> None:
        async with self._write() as db:
            await db.execute("UPDATE outbox SET superseded_marked_at = ? WHERE key = ?", (time.time(), key))

    async def fairness(self, game_id: int) -> FairnessRecord | None:
        async with self._read() as db:
            rows = await _rows(db, f"SELECT {_columns(FairnessRecord)} FROM fairness WHERE game_id = ?", (game_id,))
        return FairnessRecord(**dict(rows[0])) if rows else None

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        """The newest game of a channel, whatever its status (to review or export it)."""
        async with self._read() as db:
            rows = await _rows(
                db, f"SELECT {_columns(GameRecord)} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            )
        return _game(rows[0]) if rows else None

    async def ended_unrevealed(self) -> list[GameRecord]:
        """Finished or abandoned games with a seed commitment whose seed is not revealed yet."""
        columns = ", ".join(f"g.{f.name}" for f in fields(GameRecord))
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {columns} FROM games g JOIN fairness f ON f.game_id = g.id"
                " WHERE f.revealed_at IS NULL AND g.status IN ('finished', 'abandoned') ORDER BY g.id",
            )
        return [_game(row) for row in rows]

    async def create_fairness(self, game_id: int, salt: str, commitment: str) -> FairnessRecord:
        """Keep a game's commitment; a game that has one keeps its first (returned)."""
        async with self._write(game_id) as db:
            await _game_row(db, game_id, "id")
            await db.execute(
                "INSERT INTO fairness (game_id, salt, commitment, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, salt, commitment, time.time()),
            )
            rows = await _rows(db, f"SELECT {_columns(FairnessRecord)} FROM fairness WHERE game_id = ?", (game_id,))
        return FairnessRecord(**dict(rows[0]))

    async def note_fairness(self, game_id: int, *, announced: bool = False, revealed: bool = False) -> None:
        """Record that the commitment was announced, or the seed revealed."""
        async with self._write(game_id) as db:
            for column, flag in (("announced_at", announced), ("revealed_at", revealed)):
                if flag:
                    await db.execute(f"UPDATE fairness SET {column} = ? WHERE game_id = ?", (time.time(), game_id))

    async def waits(self, game_id: int) -> list[WaitRecord]:
        async with self._read() as db:
            rows = await _rows(db, f"SELECT {_columns(WaitRecord)} FROM waits WHERE game_id = ? ORDER BY seat", (game_id,))
        return [WaitRecord(**{**dict(row), "muted": bool(row["muted"]), "stalled": bool(row["stalled"])}) for row in rows]

    async def save_waits(self, game_id: int, waits: Sequence[WaitRecord], *, settings: Mapping[str, Any] | None = None) -> None:
        """Replace the waits of a game by ``waits``, and set the game's ``settings`` (key -> value)
        with them, in one transaction."""
        async with self._write(game_id) as db:
            for key, value in (settings or {}).items():
                await db.execute(
                    "INSERT INTO settings (scope, scope_id, key, value) VALUES ('game', ?, ?, ?)"
                    " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value",
                    (str(game_id), key, json.dumps(value)),
                )
            await db.execute("DELETE FROM waits WHERE game_id = ?", (game_id,))
            await db.executemany(
                f"INSERT INTO waits ({_columns(WaitRecord)}) VALUES ({', '.join('?' * len(fields(WaitRecord)))})",
                [
                    (
                        w.game_id,
                        w.seat,
                        w.prompts,
                        w.since,
                        w.deadline,
                        w.next_reminder,
                        w.reminders,
                        int(w.muted),
                        int(w.stalled),
                    )
                    for w in waits
                    if w.game_id == game_id
                ],
            )

    async def open_vote(
        self,
        game_id: int,
        kind: str,
        *,
        seat: int | None,
        hours: float | None,
        opened_by: int,
        opened_at: float,
        closes_at: float,
    ) -> VoteRecord | None:
        """Open a vote; None when a vote of that kind is already open in that game."""
        async with self._write(game_id) as db:
            await _game_row(db, game_id, "id")
            try:
                rows = await db.fetch(
                    "INSERT INTO votes (game_id, kind, seat, hours, opened_by, opened_at, closes_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (game_id, kind, seat, hours, opened_by, opened_at, closes_at),
                    guard=True,
                )
            except Conflict:
                return None
        return await self.vote(int(rows[0]["id"]))

    async def vote(self, vote_id: int) -> VoteRecord | None:
        async with self._read() as db:
            rows = await _rows(db, f"SELECT {_columns(VoteRecord)} FROM votes WHERE id = ?", (vote_id,))
        return VoteRecord(**dict(rows[0])) if rows else None

    async def open_votes(self, game_id: int | None = None) -> list[VoteRecord]:
        """Open votes of one game (``None``: of every game), oldest first."""
        query = f"SELECT {_columns(VoteRecord)} FROM votes WHERE status = 'open'"
        args: tuple[int, ...] = ()
        if game_id is not None:
            query, args = query + " AND game_id = ?", (game_id,)
        async with self._read() as db:
            rows = await _rows(db, query + " ORDER BY id", args)
        return [VoteRecord(**dict(row)) for row in rows]

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, at: float) -> None:
        """Record (or change) one user's ballot."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO ballots (vote_id, user_id, yes, cast_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (vote_id, user_id) DO UPDATE SET yes = excluded.yes, cast_at = excluded.cast_at",
                (vote_id, user_id, int(yes), at),
            )

    async def ballots(self, vote_id: int) -> dict[int, bool]:
        """user id -> yes, for every ballot of a vote."""
        async with self._read() as db:
            rows = await _rows(db, "SELECT user_id, yes FROM ballots WHERE vote_id = ?", (vote_id,))
        return {row["user_id"]: bool(row["yes"]) for row in rows}

    async def close_vote(self, vote_id: int, status: str, at: float) -> bool:
        """Close an open vote as 'passed' or 'failed'; False when it was closed already."""
        if status not in ("passed", "failed"):
            raise StoreError(f"A vote closes as passed or failed, not {status!r}.")
        async with self._write() as db:
            closed = await db.execute(
                "UPDATE votes SET status = ?, closed_at = ? WHERE id = ? AND status = 'open'", (status, at, vote_id)
            )
            return closed == 1

    # ---------------------------------------------------------------- results and ratings (issue 32)

    async def note_seat(self, game_id: int, seat: int, user_id: int | None, kind: str, *, unless: Sequence[str] = ()) -> bool:
        """Record who plays a seat from now (:class:`SeatEvent`), now and at the game's current move;
        with ``unless``, only when the seat has no event of those kinds about that user yet (a
        hand-over run again after a kill is recorded once). Returns whether it was recorded."""
        async with self._write(game_id) as db:
            game = await _game_row(db, game_id, "seq")
            if unless:
                marks = ", ".join("?" * len(unless))
                found = await _rows(
                    db,
                    f"SELECT id FROM seat_history WHERE game_id = ? AND seat = ? AND user_id = ? AND kind IN ({marks})",
                    (game_id, seat, user_id, *unless),
                )
                if found:
                    return False
            await db.execute(
                "INSERT INTO seat_history (game_id, seat, user_id, kind, at, seq) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seat, user_id, kind, time.time(), game["seq"]),
            )
        return True

    async def started_at(self, game_id: int) -> float | None:
        """When the game started (its first commit), None before it has."""
        async with self._read() as db:
            rows = await _rows(db, "SELECT created_at FROM actions WHERE game_id = ? ORDER BY seq LIMIT 1", (game_id,))
        return float(rows[0]["created_at"]) if rows else None

    async def seat_history(self, game_id: int) -> list[SeatEvent]:
        """Every change of who plays a seat of the game, oldest first."""
        async with self._read() as db:
            rows = await _rows(db, f"SELECT {_columns(SeatEvent)} FROM seat_history WHERE game_id = ? ORDER BY id", (game_id,))
        return [SeatEvent(**dict(row)) for row in rows]

    async def record_result(
        self, result: ResultRecord, players: Sequence[ResultPlayer], *, rate: Rate | None = None, status: str | None = None
    ) -> bool:
        """Keep an ended game's result and its holders' parts; with ``rate`` (sync, pure), rate the
        players it is given the ratings of: ``rate`` gets each rated user's rating in the game's
        server and game as it stands (None: none yet) and returns the new ones, written here
        with their before and after beside each player's part. With ``status``, the game gets it
        too. One transaction, one result at a time (:data:`RESULTS_LOCK`), so ratings change in
        the order games end. False (nothing written) when the game has a result already."""
        if status is not None:
            _check_status(status)
        users = sorted({p.user_id for p in players if p.user_id is not None})
        now = time.time()
        async with self._write(RESULTS_LOCK) as db:
            if await _rows(db, "SELECT game_id FROM results WHERE game_id = ?", (result.game_id,)):
                return False
            if status is not None:
                await db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, result.game_id))
            after: Mapping[int, tuple[float, float]] = {}
            before: dict[int, tuple[float, float] | None] = {}
            if rate is not None and users:
                marks = ", ".join("?" * len(users))
                rows = await _rows(
                    db,
                    f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                    (result.guild_id, result.game, *users),
                )
                known = {int(row["user_id"]): (float(row["mu"]), float(row["sigma"])) for row in rows}
                before = {user: known.get(user) for user in users}
                after = rate(before)
            values = [getattr(result, f.name) for f in fields(ResultRecord)]
            values = [int(v) if isinstance(v, bool) else v for v in values]
            await db.execute(f"INSERT INTO results ({_columns(ResultRecord)}) VALUES ({', '.join('?' * len(values))})", values)
            rated_rows = []
            for p in players:
                old = before.get(p.user_id) if p.user_id is not None else None
                new = after.get(p.user_id) if p.user_id is not None else None
                if new is not None:
                    p = dataclasses.replace(
                        p,
                        mu_before=None if old is None else old[0],
                        sigma_before=None if old is None else old[1],
                        mu_after=new[0],
                        sigma_after=new[1],
                    )
                rated_rows.append(
                    [int(v) if isinstance(v, bool) else v for v in (getattr(p, f.name) for f in fields(ResultPlayer))]
                )
            await db.executemany(
                f"INSERT INTO result_players ({_columns(ResultPlayer)}) VALUES ({', '.join('?' * len(fields(ResultPlayer)))})",
                rated_rows,
            )
            await db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)"
                " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                " games = ratings.games + 1, updated_at = excluded.updated_at",
                [(result.guild_id, result.game, user, mu, sigma, now) for user, (mu, sigma) in sorted(after.items())],
            )
        return True

    async def results(
        self, *, guild_id: int | None = None, game: str | None = None
    ) -> list[tuple[ResultRecord, list[ResultPlayer]]]:
        """Every result (of one server, of one game), in the order the games ended, each with its
        holders' parts in seat order."""
        where, args = ["1 = 1"], []
        for column, value in (("guild_id", guild_id), ("game", game)):
            if value is not None:
                where.append(f"r.{column} = ?")
                args.append(value)
        clause = " WHERE " + " AND ".join(where)
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {', '.join('r.' + f.name for f in fields(ResultRecord))} FROM results r{clause}"
                " ORDER BY r.ended_at, r.game_id",
                args,
            )
            players = await _rows(
                db,
                f"SELECT {', '.join('p.' + f.name for f in fields(ResultPlayer))} FROM result_players p"
                f" JOIN results r ON r.game_id = p.game_id{clause} ORDER BY p.game_id, p.seat, p.entry",
                args,
            )
        by_game: dict[int, list[ResultPlayer]] = {}
        for row in players:
            by_game.setdefault(int(row["game_id"]), []).append(ResultPlayer(**{**dict(row), "won": bool(row["won"])}))
        return [
            (
                ResultRecord(
                    **{
                        **dict(row),
                        "rated": bool(row["rated"]),
                        "cooperative": bool(row["cooperative"]),
                        "shared": bool(row["shared"]),
                    }
                ),
                by_game.get(int(row["game_id"]), []),
            )
            for row in rows
        ]

    async def ratings(self, guild_id: int, game: str | None = None) -> list[RatingRecord]:
        """The ratings of a server (of one game), by game and user."""
        args: list[Any]
        query, args = f"SELECT {_columns(RatingRecord)} FROM ratings WHERE guild_id = ?", [guild_id]
        if game is not None:
            query, args = query + " AND game = ?", [guild_id, game]
        async with self._read() as db:
            rows = await _rows(db, query + " ORDER BY game, user_id", args)
        return [RatingRecord(**dict(row)) for row in rows]

    async def ended_without_result(self) -> list[GameRecord]:
        """Finished or abandoned games that have no result yet (ended before results were kept,
        or a process stopped between the end and its result), oldest first."""
        columns = ", ".join(f"g.{f.name}" for f in fields(GameRecord))
        async with self._read() as db:
            rows = await _rows(
                db,
                f"SELECT {columns} FROM games g LEFT JOIN results r ON r.game_id = g.id"
                " WHERE r.game_id IS NULL AND g.status IN ('finished', 'abandoned') ORDER BY g.id",
            )
        return [_game(row) for row in rows]


# -------------------------------------------------------------------- helpers


async def _prepare(db: aiosqlite.Connection, path: Path) -> None:
    """Check the file, set the connection up and run pending migrations."""
    try:
        await db.execute("PRAGMA busy_timeout = 5000")
        problems = [row[0] for row in await _pragma(db, "PRAGMA quick_check")]
        if problems != ["ok"]:
            raise CorruptDatabase(_corrupt_message(path, "; ".join(problems[:3])))
        version = (await _pragma(db, "PRAGMA user_version"))[0][0]
        if version > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"The game database {path} has schema version {version}, but this Runetable"
                f" knows versions up to {SCHEMA_VERSION} only. Upgrade Runetable to open it."
            )
        await db.execute("PRAGMA journal_mode = WAL")
        # FULL rather than NORMAL: in WAL mode NORMAL already survives a killed process (the
        # WAL lives on in the OS cache), but a power cut or OS crash could lose the last
        # commits, whose messages may already be on Discord. Moves arrive at human pace and a
        # FULL commit costs one fsync of the WAL, so durability is cheap here.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await _migrate(db)
    except sqlite3.Error as e:
        if _is_corruption(e):
            raise CorruptDatabase(_corrupt_message(path, str(e))) from e
        raise StoreError(f"Cannot open the game database {path}: {e}.") from e


async def _migrate(db: aiosqlite.Connection) -> None:
    """Apply each pending migration in its own transaction, re-reading the version under the
    write lock so that two processes opening the file at once do not both migrate."""
    for version, script in enumerate(MIGRATIONS, start=1):
        await db.execute("BEGIN IMMEDIATE")
        try:
            if (await _pragma(db, "PRAGMA user_version"))[0][0] < version:
                for statement in _statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {version}")
            await db.execute("COMMIT")
        except BaseException:
            await db.rollback()
            raise


async def _pragma(db: aiosqlite.Connection, sql: str) -> list[sqlite3.Row]:
    """The rows of a SQLite statement on the raw connection (opening, migrating)."""
    return cast(list[sqlite3.Row], await db.execute_fetchall(sql))


async def _undone_rows(db: Conn, game_id: int, rewinds: int, keep_seq: int, seq: int) -> list[Row]:
    """The outbox rows of actions ``keep_seq + 1 .. seq`` at ``rewinds``: the messages of the
    actions an undo removes, told by their keys (:func:`outbox_key`), never a notice."""
    prefixes = tuple(outbox_key(game_id, rewinds, s, "") for s in range(keep_seq + 1, seq + 1))
    rows = await _rows(
        db,
        f"SELECT {_columns(OutboxRow)}, superseded_at FROM outbox WHERE game_id = ? AND seq > ? ORDER BY rowid",
        (game_id, keep_seq),
    )
    return [row for row in rows if row["key"].startswith(prefixes)]


async def _truncate(db: Conn, game_id: int, keep_seq: int, state: str) -> None:
    """Forget every action after ``keep_seq`` (see :meth:`Store.truncate_actions`): their
    snapshots and their undelivered messages too. Other undelivered rows (notices: a vote, a
    reminder) stay, moved to ``keep_seq`` so that they keep their place in the queue."""
    game = await _game_row(db, game_id, "seq, rewinds")
    if not 0 <= keep_seq <= game["seq"]:
        raise StoreError(f"Game #{game_id} has moves 0 to {game['seq']}; cannot go back to move {keep_seq}.")
    for table in ("actions", "snapshots"):
        await db.execute(f"DELETE FROM {table} WHERE game_id = ? AND seq > ?", (game_id, keep_seq))
    undone = await _undone_rows(db, game_id, game["rewinds"], keep_seq, game["seq"])
    await db.executemany("DELETE FROM outbox WHERE key = ? AND delivered_at IS NULL", [(row["key"],) for row in undone])
    await db.execute(
        "UPDATE outbox SET seq = ? WHERE game_id = ? AND seq > ? AND delivered_at IS NULL", (keep_seq, game_id, keep_seq)
    )
    await db.execute(
        "UPDATE games SET state = ?, seq = ?, rewinds = rewinds + 1, updated_at = ? WHERE id = ?",
        (state, keep_seq, time.time(), game_id),
    )


async def _release(db: Conn, game_id: int, keys: Sequence[str]) -> None:
    """Forget the held stretch news ``keys`` names; StaleVersion when one of them is gone."""
    if not keys:
        return
    marks = ", ".join("?" * len(keys))
    deleted = await db.execute(
        f"DELETE FROM outbox WHERE game_id = ? AND recipient = ? AND key IN ({marks})", (game_id, STRETCH, *keys)
    )
    if deleted != len(set(keys)):
        raise StaleVersion(f"Game #{game_id}: the news of its stretch was released by another writer.")


def _lease_gone(lease: Row, now: float, host: str) -> bool:
    """Whether the bot holding ``lease`` is gone: no heartbeat for :data:`LEASE_TIMEOUT`, or
    its process no longer exists on this host."""
    if lease["heartbeat"] < now - LEASE_TIMEOUT:
        return True
    return lease["host"] == host and not _process_exists(lease["pid"])


def claim_holder() -> str:
    """A new claim holder id (:meth:`Store.claim_undelivered`): ``host/pid/random``, so that the
    claims of a process that died on this host lapse at once."""
    return f"{socket.gethostname()}/{os.getpid()}/{uuid.uuid4().hex[:12]}"


def _claimer_gone(holder: str, host: str) -> bool:
    """Whether the process of a :func:`claim_holder` id is known to be gone (on this host)."""
    parts = holder.split("/")
    return len(parts) == 3 and parts[0] == host and parts[1].isdigit() and not _process_exists(int(parts[1]))


def _process_exists(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill(pid, 0) would send CTRL_C_EVENT there: trust the heartbeat
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, as another user
        return True
    return True


def _corrupt_message(path: Path, detail: str) -> str:
    return (
        f"The game database {path} is damaged or is not a Runetable database ({detail})."
        " Restore it from a backup, or move it aside to start with an empty one."
    )


async def _rows(db: Conn, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
    """The rows a query returns, on either backend."""
    return await db.fetch(sql, parameters)


async def _game_row(db: Conn, game_id: int, columns: str) -> Row:
    """Some columns of one game; raises GameNotFound."""
    rows = await _rows(db, f"SELECT {columns} FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise GameNotFound(f"There is no game #{game_id}.")
    return rows[0]


async def _fetch_game(db: Conn, game_id: int) -> GameRecord:
    return _game(await _game_row(db, game_id, _columns(GameRecord)))


async def _channel_busy(db: Conn, channel_id: int, error: Conflict) -> ChannelBusy:
    """Turn the violation of ``games_one_open_per_channel`` into a readable ChannelBusy;
    re-raise any other integrity error."""
    if not any(name in str(error) for name in ("games.channel_id", "games_one_open_per_channel")):
        raise error
    rows = await _rows(
        db,
        "SELECT id, status FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
        (channel_id,),
    )
    holder = f"game #{rows[0]['id']} ({rows[0]['status']})" if rows else "another game"
    return ChannelBusy(
        f"Channel {channel_id} already has {holder}. Finish or abandon it first,"
        " or start the new game in another channel or thread."
    )


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise StoreError(f"Unknown game status {status!r}; expected one of {', '.join(STATUSES)}.")


def _check_scope(scope: str) -> None:
    if scope not in SETTING_SCOPES:
        raise StoreError(f"Unknown setting scope {scope!r}; expected one of {', '.join(SETTING_SCOPES)}.")
