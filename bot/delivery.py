"""Delivering the outbox: channel messages and DMs, exactly once, in commit order.

:class:`Deliverer.drain` sends every undelivered outbox row through a :class:`Transport`
with the row's stable nonce, then marks it delivered. A crash between a commit and its send
only delays the send (the next drain picks the row up); a crash between a send and its
mark re-sends with the same nonce, which Discord turns into the same message.

* A transient failure (5xx, rate limit) counts an attempt and leaves the row for a later
  drain; later rows to the same recipient of that game wait behind it, so order holds.
  After ``max_attempts`` a DM is held (below) and a channel message is given up (logged):
  the channel can always ask for the current position again.
* A DM the player cannot receive (DMs closed) is **held**: its payload is kept in the
  player's setting ``held/<game_id>`` until they fetch it with the private-view command
  (:meth:`Deliverer.take_held`, for an ephemeral reply), and the row is marked delivered
  with no message id. When the first message is held, a public notice asks the player to
  use that command; it never carries the content.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store import OutboxRow, Store, nonce_for

log = logging.getLogger(__name__)

#: the command a player uses to read private messages their DMs refused (defined by a cog)
PRIVATE_VIEW_COMMAND = "/game private"


class Undeliverable(Exception):
    """The recipient cannot receive this message (e.g. Discord error 50007: DMs closed)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TransientFailure(Exception):
    """Sending failed for now (5xx, rate limit); try again later."""


class Transport(Protocol):
    """Sends payloads somewhere (Discord, a test recorder). Returns the new message's id."""

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int: ...

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int: ...


@dataclass(frozen=True)
class Sent:
    """One send a :class:`RecordingTransport` accepted."""

    to: str  # 'channel:<id>' or 'dm:<id>'
    payload: dict[str, Any]
    nonce: str
    message_id: int


@dataclass
class RecordingTransport:
    """A transport for tests: records every accepted send.

    ``closed_dms`` lists users whose DMs are closed; ``transient_failures`` makes the next
    that many sends fail transiently.
    """

    closed_dms: set[int] = field(default_factory=set)
    transient_failures: int = 0
    sent: list[Sent] = field(default_factory=list)

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int:
        return self._record(f"channel:{channel_id}", payload, nonce)

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        if user_id in self.closed_dms:
            raise Undeliverable("Cannot send messages to this user (50007)")
        return self._record(f"dm:{user_id}", payload, nonce)

    def _record(self, to: str, payload: dict[str, Any], nonce: str) -> int:
        if self.transient_failures:
            self.transient_failures -= 1
            raise TransientFailure("503 Service Unavailable")
        self.sent.append(Sent(to, payload, nonce, message_id=len(self.sent) + 1))
        return len(self.sent)

    def to(self, target: str) -> list[dict[str, Any]]:
        """The payloads sent to ``target`` ('channel:<id>' or 'dm:<id>'), in order."""
        return [s.payload for s in self.sent if s.to == target]


@dataclass
class DrainReport:
    """What one drain did, by outbox row."""

    sent: int = 0
    held: int = 0
    retrying: int = 0
    given_up: int = 0


class Deliverer:
    """Drains the outbox through a transport. One drain runs at a time."""

    def __init__(self, store: Store, transport: Transport, *, max_attempts: int = 5, batch: int = 100):
        self.store = store
        self.transport = transport
        self.max_attempts = max_attempts
        self.batch = batch
        self._lock = asyncio.Lock()
        self._channels: dict[int, int] = {}

    async def drain(self) -> DrainReport:
        """Try every undelivered row once, oldest first, keeping each recipient's order."""
        report = DrainReport()
        async with self._lock:
            tried: set[str] = set()
            waiting: set[tuple[int, str]] = set()  # (game, recipient) behind a failed row
            while rows := [r for r in await self.store.undelivered(len(tried) + self.batch) if r.key not in tried]:
                for row in sorted(rows, key=lambda r: (r.game_id, r.seq)):  # stable: commit order within a seq
                    tried.add(row.key)
                    if (row.game_id, row.recipient) in waiting:
                        report.retrying += 1
                    elif not await self._deliver(row, report):
                        waiting.add((row.game_id, row.recipient))
        return report

    async def take_held(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """The private payloads held for ``user_id`` in that game, oldest first; forgets them."""
        held = await self.store.get_setting("player", user_id, _held_key(game_id), [])
        if held:
            await self.store.set_setting("player", user_id, _held_key(game_id), [])
        return [h["payload"] for h in held]

    async def _deliver(self, row: OutboxRow, report: DrainReport) -> bool:
        """Send one row; False when it must wait for a later drain."""
        payload = json.loads(row.payload)
        user_id = None if row.recipient == "channel" else int(row.recipient.removeprefix("user:"))
        try:
            if user_id is None:
                message_id = await self.transport.send_channel(await self._channel(row.game_id), payload, row.nonce)
            else:
                message_id = await self.transport.send_dm(user_id, payload, row.nonce)
        except Undeliverable as e:
            if user_id is None:
                return await self._give_up(row, report, e.reason)
            return await self._hold(row, user_id, payload, report)
        except TransientFailure as e:
            await self.store.note_attempt(row.key)
            if row.attempts + 1 < self.max_attempts:
                report.retrying += 1
                return False
            if user_id is None:
                return await self._give_up(row, report, str(e))
            return await self._hold(row, user_id, payload, report)
        await self.store.mark_delivered(row.key, message_id)
        report.sent += 1
        return True

    async def _hold(self, row: OutboxRow, user_id: int, payload: dict[str, Any], report: DrainReport) -> bool:
        """Keep a DM for the player to fetch; tell the channel (content-free) when it is the first.

        The notice is retried with the row while attempts remain; on the last attempt the
        message is held anyway, so a long outage cannot keep it in the outbox forever.
        """
        held = await self.store.get_setting("player", user_id, _held_key(row.game_id), [])
        if not held:
            notice = {
                "v": 1, "kind": "notice", "notice": "private_waiting", "game_id": row.game_id, "user_id": user_id,
                "lines": [f"A player has private game messages waiting: use {PRIVATE_VIEW_COMMAND} to read them."],
            }
            try:
                channel_id = await self._channel(row.game_id)
                await self.transport.send_channel(channel_id, notice, nonce_for(row.key + "/held"))
            except TransientFailure as e:
                if row.attempts + 1 < self.max_attempts:
                    await self.store.note_attempt(row.key)
                    report.retrying += 1
                    return False
                log.warning("game %s: holding %s without a notice: %s", row.game_id, row.key, e)
            except Undeliverable as e:
                log.warning("game %s: holding %s without a notice: %s", row.game_id, row.key, e.reason)
        if all(h["key"] != row.key for h in held):
            held.append({"key": row.key, "payload": payload})
            await self.store.set_setting("player", user_id, _held_key(row.game_id), held)
        await self.store.mark_delivered(row.key, None)
        report.held += 1
        return True

    async def _give_up(self, row: OutboxRow, report: DrainReport, reason: str) -> bool:
        log.warning("giving up on outbox message %s after %d attempts: %s", row.key, row.attempts + 1, reason)
        await self.store.mark_delivered(row.key, None)
        report.given_up += 1
        return True

    async def _channel(self, game_id: int) -> int:
        if game_id not in self._channels:
            self._channels[game_id] = (await self.store.get_game(game_id)).channel_id
        return self._channels[game_id]


def _held_key(game_id: int) -> str:
    return f"held/{game_id}"
