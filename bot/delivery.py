"""Delivering the outbox: channel messages and DMs, exactly once, in commit order.

:class:`Deliverer.drain` sends every undelivered outbox row through a :class:`Transport`
with the row's stable nonce, then marks it delivered. A crash between a commit and its send
only delays the send (the next drain picks the row up); a crash between a send and its
mark re-sends with the same nonce, which Discord turns into the same message.

* A transient failure (5xx, rate limit) counts an attempt and leaves the row for a later
  drain; later rows to the same recipient of that game wait behind it, so order holds.
  After ``max_attempts`` a DM is held (below) and a channel message is given up (logged):
  the channel can always ask for the current position again.
* DMs go through a sliding-window rate limit (``dm_limiter``, :class:`RateLimiter`; the
  settings ``DM_LIMIT`` and ``DM_WINDOW_SECONDS``): a bot that opens many DMs at once is
  throttled or quarantined by Discord. The limit never makes a drain wait: a DM row that
  finds no free slot is **parked** with every later row to the same recipient of that game
  (their order holds, none is sent or marked), the drain goes on with the other rows (news,
  maps, other games), and :attr:`DrainReport.wake_in` says when a slot frees, so the caller
  drains again then (bot/client.py does).
* A DM the player cannot receive (DMs closed, Discord error 50007) marks the player's DMs
  closed (the player setting ``dm_closed``: when; DMs are tried again after
  :data:`DM_RETRY_SECONDS` and at the next join), and
  their private messages go to a **private thread** of the game channel that only they and
  the bot can read, created on demand (``Transport.send_private_thread``; the transport
  refuses when another seated player could read it, e.g. with Manage Threads). When that is
  impossible too, the payload is **held**: kept in the player's setting ``held/<game_id>``
  until they fetch it with the private-view command (:meth:`Deliverer.take_held`, for an
  ephemeral reply), and the row is marked delivered with no message id. Once per **held
  episode** (from the first message held until a private message reaches the player again,
  by DM or thread; the player setting ``held_notice/<game_id>``) a public notice asks the
  player to use that command; it never carries the content. Fetching the held messages does
  not end the episode, so the notice is not repeated while the player reads them that way.
* **Maps** (:func:`map_cadence`, the setting ``MAP_CADENCE``): the transport asks whether a
  status update gets a picture: after every move (``move``, the default) or only at the
  first update of each season and at the end (``season``).
* **Episodes told apart** (a game's narrator names them, :attr:`bot.narration.Narrator.report_span`:
  battles, say): their public events are gathered across commits (the open part in
  the game setting ``report_open``) and, when the episode ends, sent as one report
  (``Transport.send_report``: a thread of the game channel) before the channel message of
  the commit that ended it, which then links to it.
* **The status message**: after a drain, each game whose channel got a message (news, or a
  notice such as an undo's) has its status message brought up to date once, from the
  game as it stands (``Transport.update_status``).
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.config import MAP_CADENCES
from bot.frontend import frontend_for
from bot.i18n import tr_for
from bot.narration import narrator_for
from bot.service import DM_CLOSED
from bot.service.settings import GAME_LANGUAGE
from bot.store import OutboxRow, Store, claim_holder, nonce_for

log = logging.getLogger(__name__)

#: the command a player uses to read private messages their DMs refused (defined by a cog)


class Undeliverable(Exception):
    """The recipient cannot receive this message (e.g. Discord error 50007: DMs closed)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TransientFailure(Exception):
    """Sending failed for now (5xx, rate limit); try again later."""


class Transport(Protocol):
    """Sends payloads somewhere (Discord, a test recorder). Returns the new message's id.

    The last three methods are optional: a transport without them holds private messages
    when DMs are closed, tells episodes in the channel message and keeps no status message.
    """

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int: ...

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int: ...

    async def edit_channel(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        """Replace a channel message's content with ``payload`` (a turn post that goes on;
        raise :class:`Undeliverable` when it is gone)."""

    async def send_private_thread(self, channel_id: int, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        """Post a private payload in the user's private thread of the game channel (raise
        :class:`Undeliverable` when the channel cannot hold one only they may read)."""

    async def send_report(self, channel_id: int, report: dict[str, Any], nonce: str) -> int | None:
        """Post an episode's report (a battle); returns the channel or thread it went to."""

    async def update_status(self, channel_id: int, game_id: int) -> None:
        """Edit (or post anew) the game's status message: the game as it stands now."""


class RateLimiter:
    """At most ``limit`` sends in any ``window`` seconds (a sliding window). :meth:`try_acquire`
    takes a free slot or says how long until one frees; :meth:`acquire` waits for one.
    ``clock`` and ``sleep`` are injectable for tests."""

    def __init__(
        self,
        limit: int,
        window: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ):
        self.limit, self.window = limit, window
        self._clock, self._sleep = clock, sleep
        self._times: collections.deque[float] = collections.deque()

    def try_acquire(self) -> float:
        """Take a slot and return 0, or take none and return the seconds until one frees."""
        now = self._clock()
        while self._times and self._times[0] <= now - self.window:
            self._times.popleft()
        if len(self._times) < self.limit:
            self._times.append(now)
            return 0.0
        return self._times[0] + self.window - now

    async def acquire(self) -> None:
        while wait := self.try_acquire():
            await self._sleep(wait)


class NoSlot(Exception):
    """The DM limit has no free slot for this send; one frees in ``wait`` seconds."""

    def __init__(self, wait: float):
        super().__init__(f"no DM slot for {wait:.2f} s")
        self.wait = wait


class SeasonMaps:
    """``MAP_CADENCE=season``: a status update gets a map when it is the first of its chapter
    (:meth:`bot.narration.Narrator.chapter`, a season) in that game (the set-up counts as one)
    or the game is over. The deliverer updates the status message once per drain from the
    newest news, so "first" is whatever update comes first."""

    def __init__(self) -> None:
        self.drawn: dict[int, str | None] = {}  # game -> the chapter last drawn

    def __call__(self, payload: dict[str, Any]) -> bool:
        chapter = narrator_for(payload.get("game", "")).chapter(payload.get("view") or {})
        if payload.get("result") is None and payload["game_id"] in self.drawn and self.drawn[payload["game_id"]] == chapter:
            return False
        self.drawn[payload["game_id"]] = chapter
        return True


def map_cadence(name: str) -> Callable[[dict[str, Any]], bool]:
    """Whether a status update (its public payload) gets a map, for a ``MAP_CADENCE`` value."""
    if name == "season":
        return SeasonMaps()
    if name == "move":
        return lambda payload: True
    raise ValueError(f"unknown map cadence {name!r}; one of {', '.join(MAP_CADENCES)}")


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

    ``closed_dms`` lists users whose DMs are closed; ``private_threads``: whether the game
    channel can hold private threads (sends there are recorded as ``thread:<user id>``);
    ``transient_failures`` makes the next that many sends fail transiently. Reports go to
    ``report:<channel id>``; status updates are kept apart, in ``statuses``.
    """

    closed_dms: set[int] = field(default_factory=set)
    private_threads: bool = False
    transient_failures: int = 0
    sent: list[Sent] = field(default_factory=list)
    dm_attempts: list[int] = field(default_factory=list)
    statuses: list[tuple[int, int]] = field(default_factory=list)
    edits: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int:
        return self._record(f"channel:{channel_id}", payload, nonce)

    async def edit_channel(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        if self.transient_failures:
            self.transient_failures -= 1
            raise TransientFailure("503 Service Unavailable")
        self.edits.append((message_id, payload))

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        self.dm_attempts.append(user_id)
        if user_id in self.closed_dms:
            raise Undeliverable("Cannot send messages to this user (50007)")
        return self._record(f"dm:{user_id}", payload, nonce)

    async def send_private_thread(self, channel_id: int, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        if not self.private_threads:
            raise Undeliverable("this channel cannot hold a private thread only that player may read")
        return self._record(f"thread:{user_id}", payload, nonce)

    async def send_report(self, channel_id: int, report: dict[str, Any], nonce: str) -> int | None:
        self._record(f"report:{channel_id}", report, nonce)
        return channel_id

    async def update_status(self, channel_id: int, game_id: int) -> None:
        self.statuses.append((channel_id, game_id))

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
    parked: int = 0  # DM rows waiting for a slot of the DM limit (and the rows behind them)
    wake_in: float | None = None  # seconds until the DM limit frees a slot for a parked row


class Deliverer:
    """Drains the outbox through a transport. One drain runs at a time in a process; across
    processes sharing a store (PostgreSQL), each drain sends only the rows it claimed
    (:meth:`bot.store.Store.claim_undelivered`, a whole game at a time, so each game's messages
    keep their order and no row is sent by two processes; the nonces stay a second guard for a
    claim that lapsed while its process hung) and gives up its claims on what it left waiting."""

    def __init__(
        self,
        store: Store,
        transport: Transport,
        *,
        max_attempts: int = 5,
        batch: int = 100,
        dm_limiter: RateLimiter | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.store = store
        self.clock = clock
        self.transport = transport
        self.max_attempts = max_attempts
        self.batch = batch
        self.dm_limiter = dm_limiter
        self._lock = asyncio.Lock()
        #: this deliverer's claims on outbox rows (a process may hold several deliverers)
        self.holder = claim_holder()
        self._channels: dict[int, int] = {}
        self._status: set[int] = set()  # games whose status message is behind their channel

    async def drain(self) -> DrainReport:
        """Try every undelivered row once, oldest first, keeping each recipient's order."""
        report = DrainReport()
        async with self._lock:
            tried: set[str] = set()
            waiting: dict[tuple[int, str], str] = {}  # (game, recipient) behind a row -> 'retrying' or 'parked'
            try:
                while rows := [
                    r for r in await self.store.claim_undelivered(self.holder, len(tried) + self.batch) if r.key not in tried
                ]:
                    for row in sorted(rows, key=lambda r: (r.game_id, r.seq)):  # stable: commit order within a seq
                        tried.add(row.key)
                        if why := waiting.get((row.game_id, row.recipient)) or await self._deliver(row, report):
                            waiting[row.game_id, row.recipient] = why
                            setattr(report, why, getattr(report, why) + 1)
            finally:  # rows left for a later drain (or a drain that failed): any process may take them
                await asyncio.shield(self.store.release_claims(self.holder))
            await self._update_statuses()
        return report

    async def _update_statuses(self) -> None:
        update = getattr(self.transport, "update_status", None)
        for game_id in sorted(self._status):
            if update is None:
                self._status.discard(game_id)
                continue
            try:
                await update(await self._channel(game_id), game_id)
            except TransientFailure as e:
                log.info("game %s: the status message waits for the next drain: %s", game_id, e)
                continue
            except Exception:  # a status that cannot be drawn must not stop delivery
                log.exception("game %s: the status message could not be updated", game_id)
            self._status.discard(game_id)

    async def take_held(self, game_id: int, user_id: int) -> list[dict[str, Any]]:
        """The private payloads held for ``user_id`` in that game, oldest first; forgets them."""
        held = await self.store.get_setting("player", user_id, _held_key(game_id), [])
        if held:
            await self.store.set_setting("player", user_id, _held_key(game_id), [])
        return [h["payload"] for h in held]

    async def _deliver(self, row: OutboxRow, report: DrainReport) -> str | None:
        """Send one row; when it must wait for a later drain, the report's count it waits in
        ('retrying' or 'parked'), which the rows behind it count in too."""
        payload = json.loads(row.payload)
        user_id = None if row.recipient == "channel" else int(row.recipient.removeprefix("user:"))
        try:
            if user_id is None:
                channel_id = await self._channel(row.game_id)
                await self._reports(row, payload, channel_id)
                if "posts" in payload:
                    message_id = await self._posts(row, payload, channel_id)
                else:
                    message_id = await self.transport.send_channel(channel_id, payload, row.nonce)
                    if payload.get("kind") == "start":
                        await self._ping(row, payload, channel_id)
            else:
                message_id = await self._send_private(row, user_id, payload)
        except NoSlot as e:
            report.wake_in = e.wait if report.wake_in is None else min(report.wake_in, e.wait)
            return "parked"
        except Undeliverable as e:
            if user_id is None:
                return await self._give_up(row, report, e.reason)
            return await self._hold(row, user_id, payload, report)
        except TransientFailure as e:
            await self.store.note_attempt(row.key)
            if row.attempts + 1 < self.max_attempts:
                return "retrying"
            if user_id is None:
                return await self._give_up(row, report, str(e))
            return await self._hold(row, user_id, payload, report)
        await self.store.mark_delivered(row.key, message_id)
        report.sent += 1
        if user_id is None:
            self._status.add(row.game_id)
        elif await self.store.get_setting("player", user_id, _notice_key(row.game_id), False):
            await self.store.set_setting("player", user_id, _notice_key(row.game_id), False)  # the held episode is over
        return None

    async def _posts(self, row: OutboxRow, payload: dict[str, Any], channel_id: int) -> int | None:
        """Tell a stretch's news as turn posts (``payload["posts"]``, composed by
        :meth:`bot.service.play.PlayMixin._told`): a post that goes on is edited, a new one
        is sent; then, at the game's end, the reveal, and the ping of the players newly
        awaited who chose pings (player setting ``notify``). Returns the id of the first new
        post, or None when the row only edits (an undo then marks no shared post).

        Each post's content is kept in the game setting ``post/<n>``: its message and its
        blocks, one per outbox row. A row sent again after a kill replaces its own block
        (same content: the edit changes nothing) and a new post is sent with the row's nonce
        or, once known, edited; blocks of rows an undo superseded are left out."""
        edit = getattr(self.transport, "edit_channel", None)
        first_new = None
        for i, post in enumerate(payload["posts"]):
            block = {"lines": post["lines"], "reports": post.get("reports", [])}
            if payload.get("result") is not None and i == len(payload["posts"]) - 1:
                block["result"] = payload["result"]  # with what the standings are told from: the public view, the names
                block["end"] = {"view": payload.get("view") or {}, "names": payload.get("names", {})}
            name = f"post/{post['id']}"
            stored = await self.store.get_setting("game", row.game_id, name, None)
            if stored is not None and not post["edit"] and (not stored["blocks"] or stored["blocks"][0][0] != row.key):
                stored = None  # an undone post had this number: this is another
            blocks = [b for b in (stored or {}).get("blocks", []) if b[0] != row.key]
            gone = await self.store.superseded_keys(row.game_id, [b[0] for b in blocks])
            blocks = [*(b for b in blocks if b[0] not in gone), [row.key, block]]
            message_id = (stored or {}).get("message_id")
            body = {
                "v": 1,
                "language": payload.get("language"),
                "kind": "post",
                "game_id": row.game_id,
                "game": payload["game"],
                "seq": row.seq,
                "blocks": [b[1] for b in blocks],
                "lines": [line for b in blocks for line in b[1]["lines"]],
            }
            if any(b[1]["lines"] or b[1]["reports"] or b[1].get("result") for b in blocks):
                if message_id is not None and edit is not None:
                    try:
                        await edit(channel_id, message_id, body)
                    except Undeliverable:  # deleted meanwhile: post it anew
                        message_id = None
                if message_id is None or edit is None:
                    nonce = row.nonce if first_new is None else nonce_for(f"{row.key}/post/{i}")
                    message_id = await self.transport.send_channel(channel_id, body, nonce)
                    first_new = first_new or message_id
            await self.store.set_setting("game", row.game_id, name, {"message_id": message_id, "blocks": blocks})
        if payload.get("reveal"):
            reveal = {"v": 1, "kind": "reveal", "game_id": row.game_id, "game": payload["game"], "seq": row.seq}
            reveal["language"] = payload.get("language")
            reveal["lines"] = payload["reveal"]
            await self.transport.send_channel(channel_id, reveal, nonce_for(f"{row.key}/reveal"))
        await self._ping(row, payload, channel_id)
        return first_new

    async def _ping(self, row: OutboxRow, payload: dict[str, Any], channel_id: int) -> None:
        """Ping the players a news row hands the game to (``ping``) who chose pings."""
        pinged = [u for u in payload.get("ping", []) if await self._notify_by(u) == "ping"]
        if pinged:
            ping = {"v": 1, "kind": "ping", "game_id": row.game_id, "game": payload["game"], "seq": row.seq, "ping": pinged}
            ping["language"] = payload.get("language")
            await self.transport.send_channel(channel_id, ping, nonce_for(f"{row.key}/ping"))

    async def _notify_by(self, user_id: int) -> str:
        """How the player chose to hear of a hand-off: 'dm' (the default) or 'ping'."""
        return str(await self.store.get_setting("player", user_id, NOTIFY_SETTING, "dm"))

    async def _send_private(self, row: OutboxRow, user_id: int, payload: dict[str, Any]) -> int:
        """By DM (rate-limited: :class:`NoSlot` when the limit has no slot now) unless the
        player's DMs are known to be closed; then, or when the DM is refused, in the player's
        private thread (Undeliverable: hold it)."""
        if payload.get("kind") == "private":  # a hand-off notifies the player who chose DMs; the rest is silent
            payload = {**payload, "silent": not (payload.get("notify") and await self._notify_by(user_id) == "dm")}
        closed_at = await self.store.get_setting("player", user_id, DM_CLOSED, False)
        if closed_at is False or self.clock() - float(closed_at) >= DM_RETRY_SECONDS:
            if self.dm_limiter is not None and (wait := self.dm_limiter.try_acquire()):
                raise NoSlot(wait)
            try:
                message_id = await self.transport.send_dm(user_id, payload, row.nonce)
            except Undeliverable as e:
                log.info("user %s: DMs refused (%s); using the private thread", user_id, e.reason)
                await self.store.set_setting("player", user_id, DM_CLOSED, self.clock())
            else:
                if closed_at is not False:
                    await self.store.set_setting("player", user_id, DM_CLOSED, False)
                return message_id
        in_thread = getattr(self.transport, "send_private_thread", None)
        if in_thread is None:
            raise Undeliverable("DMs closed and no private thread")
        return await in_thread(await self._channel(row.game_id), user_id, payload, row.nonce)

    async def _reports(self, row: OutboxRow, payload: dict[str, Any], channel_id: int) -> None:
        """Send the reports of the episodes this row's events end (gathered with the open
        part from earlier rows), noting where each went in ``payload["reports"]``, and keep
        the events of an episode still open after this row (game setting :data:`REPORT_OPEN`).

        The open part is written before the row is sent, with the part this row found
        (``prior``): a row sent again after a kill (the reports again with their nonces)
        starts from what it found the first time, so no episode is lost or told twice."""
        narrator = narrator_for(payload.get("game", ""))
        send = getattr(self.transport, "send_report", None)
        if narrator.report_span is None or send is None or payload.get("kind") not in ("start", "update"):
            return
        first, last = narrator.report_span
        stored = await self.store.get_setting("game", row.game_id, REPORT_OPEN, None)
        if stored and stored["through"] == row.seq:
            prior = stored.get("prior") or None  # this row again: it was sent before a kill
        else:
            prior = stored["events"] if stored and stored["through"] < row.seq and stored["events"] else None
        current = list(prior) if prior else None
        index = 0
        for segment in payload.get("posts") or [payload]:  # a report's link goes where the episode ends
            finished = []
            for event in segment.get("events", []):
                if event["kind"] == first:
                    current = [event]
                elif current is not None:
                    current.append(event)
                if event["kind"] == last and current is not None:
                    finished.append(current)
                    current = None
            segment["reports"] = []
            for events in finished:
                report = {
                    "v": 1,
                    "language": payload.get("language"),
                    "kind": "report",
                    "game_id": row.game_id,
                    "game": payload["game"],
                    "seq": row.seq,
                    "events": events,
                    "players": (payload.get("view") or {}).get("players", []),
                    "names": payload.get("names", {}),
                }
                where = await send(channel_id, report, nonce_for(f"{row.key}/report/{index}"))
                index += 1
                segment["reports"].append({"where": where, "data": events[0].get("data", {})})
        if current or prior:  # else nothing open before or after: nothing to write
            await self.store.set_setting(
                "game", row.game_id, REPORT_OPEN, {"through": row.seq, "events": current or [], "prior": prior}
            )

    async def _hold(self, row: OutboxRow, user_id: int, payload: dict[str, Any], report: DrainReport) -> str | None:
        """Keep a DM for the player to fetch; tell the channel (content-free) when it is the
        first of a held episode.

        The notice is retried with the row while attempts remain; on the last attempt the
        message is held anyway, so a long outage cannot keep it in the outbox forever.
        """
        held = await self.store.get_setting("player", user_id, _held_key(row.game_id), [])
        if not await self.store.get_setting("player", user_id, _notice_key(row.game_id), False):
            tr = tr_for(await self.store.get_setting("game", row.game_id, GAME_LANGUAGE, None))
            access = frontend_for(payload.get("game", "")).private_access_in(tr)
            notice = {
                "v": 1,
                "kind": "notice",
                "notice": "private_waiting",
                "game_id": row.game_id,
                "user_id": user_id,
                "language": tr.language,
                "lines": [tr._("A player has private game messages waiting: use {access} to read them.", access=access)],
            }
            try:
                channel_id = await self._channel(row.game_id)
                await self.transport.send_channel(channel_id, notice, nonce_for(row.key + "/held"))
            except TransientFailure as e:
                if row.attempts + 1 < self.max_attempts:
                    await self.store.note_attempt(row.key)
                    return "retrying"
                log.warning("game %s: holding %s without a notice: %s", row.game_id, row.key, e)
            except Undeliverable as e:
                log.warning("game %s: holding %s without a notice: %s", row.game_id, row.key, e.reason)
            await self.store.set_setting("player", user_id, _notice_key(row.game_id), True)
        if all(h["key"] != row.key for h in held):
            held.append({"key": row.key, "payload": payload})
            await self.store.set_setting("player", user_id, _held_key(row.game_id), held)
        await self.store.mark_delivered(row.key, None)
        report.held += 1
        return None

    async def _give_up(self, row: OutboxRow, report: DrainReport, reason: str) -> None:
        log.warning("giving up on outbox message %s after %d attempts: %s", row.key, row.attempts + 1, reason)
        await self.store.mark_delivered(row.key, None)
        report.given_up += 1

    async def _channel(self, game_id: int) -> int:
        if game_id not in self._channels:
            self._channels[game_id] = (await self.store.get_game(game_id)).channel_id
        return self._channels[game_id]


#: after DMs refused the bot, private messages skip the DM for this long, then it is tried again
DM_RETRY_SECONDS = 6 * 3600.0

#: player setting: how a player hears of a hand-off, 'dm' or 'ping' (bot.service.settings.NOTIFY)
NOTIFY_SETTING = "notify"

#: game setting: the public events of an episode (a battle) that began and has not ended yet
REPORT_OPEN = "report_open"


def _held_key(game_id: int) -> str:
    return f"held/{game_id}"


def _notice_key(game_id: int) -> str:
    """Player setting: True while a held episode in that game has had its notice."""
    return f"held_notice/{game_id}"
