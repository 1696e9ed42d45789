"""A Discord double: the REST API v10 and gateway subset the bot uses, on 127.0.0.1.

The unmodified discord.py client talks to it exactly as to Discord once
``bot.endpoints.point_at(double.api_base, double.gateway_url)`` (or the settings
DISCORD_API_BASE / DISCORD_GATEWAY_URL) has pointed discord.py here. The double:

* runs the gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeat -> ACK, RESUME ->
  replay of missed dispatches + RESUMED (or INVALID_SESSION for an unknown session), and
  lets a test drop the socket, ask for a reconnect or invalidate the session;
* answers the REST routes listed in docs/e2e.md; any other route gets 404 and is listed in
  :attr:`DiscordDouble.unsupported`, so a test notices the bot reaching past the double;
* records every request (:attr:`requests`) and every gateway frame the bot sends
  (:attr:`gateway_received`), and keeps every message with its edit history;
* keeps per-user inboxes (:meth:`inbox`): guild channel messages everyone sees, private
  thread messages for its members, DMs, and ephemeral responses for their user;
* refuses DMs to a user with closed DMs (403, code 50007) and injects faults on chosen
  routes: 429 with ``retry_after`` and X-RateLimit headers, or 5xx.
* refuses what Discord refuses, with Discord's answer: commands, messages, components,
  uploads, threads, autocomplete results and modals that break a documented limit
  (:mod:`loopback.payloads`; the table in docs/e2e.md), an initial response after 3 s
  (404 / 10062) and an interaction token older than 15 minutes (401 / 50027).

Player actions (slash commands, clicks, selects, modals) live in :mod:`loopback.players`;
they use :meth:`DiscordDouble.interact` to send INTERACTION_CREATE and
:meth:`DiscordDouble.settled` to wait for the bot's answer.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import re
import secrets
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from loopback import payloads as p

DEFAULT_TIMEOUT = 15.0
INTERACTIVE = {2, 3, 4, 5, 6, 7, 8}  # button, selects, text input (resources/components)
NONCE_WINDOW_S = 120.0  # "the past few minutes" of enforce_nonce
ACK_DEADLINE_S = 3.0  # an interaction not answered within 3 s fails (receiving-and-responding)
TOKEN_LIFETIME_S = 15 * 60.0  # "Interaction tokens are valid for 15 minutes"

T = TypeVar("T")


class DoubleError(Exception):
    """A test asked the double for something impossible (a missing button, a timeout...)."""


class Refusal(Exception):
    """Raised by a route handler: answer with Discord's error body."""

    def __init__(self, status: int, code: int, message: str):
        super().__init__(message)
        self.response = _error(status, code, message)


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    joined_at: str = field(default_factory=p.timestamp)
    #: the Discord locale of the user's client (every interaction of theirs carries it)
    locale: str = "en-US"

    @property
    def payload(self) -> dict[str, Any]:
        return p.user(self.id, self.name, bot=self.bot)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None  # DM
    members: set[int] = field(default_factory=set)  # private thread
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass
class Guild:
    id: int
    name: str
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    bot_role_id: int = field(default_factory=p.snowflake)  # the bot's managed role
    #: the server's preferred locale (the guild's ``preferred_locale``, each interaction's ``guild_locale``)
    preferred_locale: str = "en-US"


@dataclass
class Message:
    """A message as the double serves it, with its files and earlier versions."""

    payload: dict[str, Any]
    visible_to: int | None = None  # ephemeral: only this user sees it
    files: dict[str, bytes] = field(default_factory=dict)  # attachment id -> bytes
    history: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    #: wall-clock time (time.time()) of each version: history[i] came at versions_at[i], the payload last
    versions_at: list[float] = field(default_factory=lambda: [time.time()])

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return self.payload.get("attachments") or []

    @property
    def flags(self) -> int:
        return self.payload.get("flags", 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & p.EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & p.LOADING)

    @property
    def nonce(self) -> str | None:
        return self.payload.get("nonce")

    def text(self) -> str:
        """Everything a reader sees as text: content, embed texts, component labels."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text", ""))
        for _, item in p.walk_components(self.payload.get("components") or []):
            parts += [item.get("label") or "", item.get("content") or "", item.get("placeholder") or ""]
            parts += [o.get("label", "") for o in item.get("options") or []]
        return "\n".join(part for part in parts if part)

    def components(self) -> list[dict[str, Any]]:
        """The interactive components (buttons and selects), in reading order."""
        return [c for _, c in p.walk_components(self.payload.get("components") or []) if c.get("type") in INTERACTIVE]

    def component(self, *, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The one component with that label or custom_id; DoubleError if none or several."""
        found = [
            c
            for c in self.components()
            if (custom_id is not None and c.get("custom_id") == custom_id)
            or (label is not None and (c.get("label") == label or c.get("placeholder") == label))
        ]
        if len(found) != 1:
            shown = [(c.get("label") or c.get("placeholder"), c.get("custom_id")) for c in self.components()]
            raise DoubleError(f"{len(found)} components match label={label!r} custom_id={custom_id!r}; the message has {shown}")
        return found[0]


@dataclass
class Interaction:
    """One INTERACTION_CREATE the double sent, and what the bot answered."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    payload: dict[str, Any]
    sent_at: float
    callback: dict[str, Any] | None = None  # the bot's interaction response body
    callback_at: float | None = None
    original_id: int | None = None  # the message @original names
    loading: bool = False  # a deferred response not yet filled in
    followup_ids: list[int] = field(default_factory=list)
    last_response_at: float | None = None
    #: monotonic times of the follow-ups and edits after the callback (a type-6 deferral has none yet)
    responses: list[float] = field(default_factory=list)
    sent_wall: float = field(default_factory=time.time)
    #: why Discord would show "This interaction failed" (an initial response after the deadline)
    failed: str | None = None
    double: DiscordDouble | None = field(default=None, repr=False)

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else self.callback["type"]

    @property
    def ack_ms(self) -> float | None:
        return None if self.callback_at is None else (self.callback_at - self.sent_at) * 1000

    @property
    def message(self) -> Message | None:
        """The response message (new, deferred-then-filled, or the updated component message)."""
        return self.double.messages.get(self.original_id) if self.original_id and self.double else None

    @property
    def followups(self) -> list[Message]:
        return [self.double.messages[i] for i in self.followup_ids] if self.double else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete answer."""
        assert self.callback_type == p.AUTOCOMPLETE_RESULT, self.callback
        return self.callback["data"]["choices"]

    @property
    def modal(self) -> dict[str, Any]:
        assert self.callback_type == p.MODAL, self.callback
        return self.callback["data"]


@dataclass
class Request:
    """One REST request the bot made, as the double saw it."""

    method: str
    path: str
    route: str  # e.g. "POST /channels/{channel_id}/messages"
    query: dict[str, str]
    json: Any
    files: list[tuple[str, str, bytes]]  # (field name, filename, content)
    status: int = 0
    at: float = 0.0


@dataclass
class Fault:
    route: str
    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    remaining: int


@dataclass
class RouteLimit:
    """A per-route bucket (:meth:`DiscordDouble.route_limit`): ``limit`` requests per window
    of ``per`` seconds for each major parameter (channel, guild, webhook token), as Discord's
    buckets are (topics/rate-limits: Per-Route Rate Limits)."""

    route: str
    limit: int
    per: float
    #: major parameter -> (window start, requests in the window)
    windows: dict[str, tuple[float, int]] = field(default_factory=dict)
    #: every 429 this bucket answered
    refused: int = 0


MAJOR_PARAMETERS = ("channel_id", "guild_id", "token")


@dataclass
class Stall:
    """A held answer (:meth:`DiscordDouble.stall`): ``request`` once one arrived."""

    route: str
    request: Request | None = None
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def release(self) -> None:
        self.released.set()


@dataclass
class Session:
    id: str
    identify: dict[str, Any]
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    resumes: int = 0
    valid: bool = True  # False once invalidated: it cannot be resumed


_incoming: ContextVar[Request] = ContextVar("incoming")


def _route_key(route: str) -> str:
    """``"POST /channels/{channel_id}/messages"`` -> ``"POST /channels/{}/messages"``."""
    method, _, template = route.partition(" ")
    return method.upper() + " " + re.sub(r"\{[^}]*\}", "{}", template)


class DiscordDouble:
    """The double; ``async with DiscordDouble() as double:`` serves it on a free port."""

    def __init__(
        self,
        *,
        token: str = "e2e-token",
        heartbeat_interval_ms: int = 41250,
        ack_deadline: float = ACK_DEADLINE_S,
        token_lifetime: float = TOKEN_LIFETIME_S,
        guild_name: str = "Runetable e2e",
    ):
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.ack_deadline = ack_deadline  # seconds: a later initial response gets 404 / 10062, as on Discord
        self.token_lifetime = token_lifetime  # seconds: follow-ups and edits later than that get 401 / 50027
        self.bot = User(p.snowflake(), "Runetable", bot=True)
        self.owner = User(p.snowflake(), "owner")
        self.application_id = self.bot.id
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.requests: list[Request] = []
        self.unsupported: list[str] = []
        self.gateway_received: list[dict[str, Any]] = []
        self.sessions: list[Session] = []
        self.faults: list[Fault] = []
        self.stalls: list[Stall] = []
        self.route_limits: list[RouteLimit] = []
        #: called with every message the bot creates or edits, as it arrives
        self.message_listeners: list[Callable[[Message], None]] = []
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self._changed = asyncio.Event()
        self._sockets: set[web.WebSocketResponse] = set()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.guild = self.add_guild(guild_name)
        self.channel = self.add_channel(self.guild, "runewars")

    # --- lifecycle ---------------------------------------------------------------------

    async def start(self) -> DiscordDouble:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app.router)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def close(self) -> None:
        for stall in self.stalls:
            stall.release()
        for ws in list(self._sockets):
            await ws.close(code=1001)
        if self._runner:
            await self._runner.cleanup()

    async def __aenter__(self) -> DiscordDouble:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """The settings that point ``python -m bot run`` at this double."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "DEV_GUILD_ID": str(self.guild.id),
        }

    # --- the world ---------------------------------------------------------------------

    def add_guild(self, name: str) -> Guild:
        guild = Guild(p.snowflake(), name, member_ids=[self.bot.id, self.owner.id])
        self.guilds[guild.id] = guild
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel_id = p.snowflake()
        channel = Channel(
            channel_id,
            p.GUILD_TEXT,
            name,
            guild.id,
            payload=p.guild_text_channel(channel_id, guild.id, name, len(guild.channel_ids)),
        )
        self.channels[channel_id] = channel
        guild.channel_ids.append(channel_id)
        return channel

    def add_user(self, name: str, *, dms_open: bool = True, guild: Guild | None = None) -> User:
        """A human member of ``guild`` (the default guild)."""
        user = User(p.snowflake(), name, dms_open=dms_open)
        self.users[user.id] = user
        (guild or self.guild).member_ids.append(user.id)
        return user

    def dm_channel(self, user: User) -> Channel | None:
        return next((c for c in self.channels.values() if c.type == p.DM and c.recipient_id == user.id), None)

    def can_see(self, user_id: int, channel: Channel) -> bool:
        if channel.type == p.DM:
            return channel.recipient_id == user_id
        if channel.type == p.PRIVATE_THREAD:
            return user_id in channel.members
        return channel.guild_id is not None and user_id in self.guilds[channel.guild_id].member_ids

    def inbox(self, user: User) -> list[Message]:
        """Every live message ``user`` can see, oldest first."""

        def visible(m: Message) -> bool:
            if m.visible_to is not None:
                return m.visible_to == user.id
            return self.can_see(user.id, self.channels[m.channel_id])

        return [m for m in sorted(self.messages.values(), key=lambda m: m.id) if not m.deleted and visible(m)]

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Live non-ephemeral messages in ``channel``, oldest first."""
        return [
            m
            for m in sorted(self.messages.values(), key=lambda m: m.id)
            if m.channel_id == channel.id and not m.deleted and m.visible_to is None
        ]

    def dms(self, user: User) -> list[Message]:
        channel = self.dm_channel(user)
        return self.channel_messages(channel) if channel else []

    def ephemerals(self, user: User) -> list[Message]:
        return [m for m in sorted(self.messages.values(), key=lambda m: m.id) if m.visible_to == user.id and not m.deleted]

    def command(self, name: str, guild_id: int | None) -> dict[str, Any]:
        """A registered chat-input command: the guild's first, then the global one."""
        candidates = (self.guild_commands.get(guild_id, []) if guild_id else []) + self.global_commands
        for definition in candidates:
            if definition["name"] == name and definition.get("type", 1) == 1:
                return definition
        raise DoubleError(
            f"no command /{name} registered (guild {guild_id}); the bot synced "
            f"{[c['name'] for c in self.global_commands]} globally and "
            f"{ {g: [c['name'] for c in cs] for g, cs in self.guild_commands.items()} } per guild"
        )

    # --- faults ------------------------------------------------------------------------

    def rate_limit(self, route: str, *, retry_after: float = 0.25, times: int = 1, is_global: bool = False) -> None:
        """The next ``times`` requests to ``route`` ("POST /channels/{id}/messages") get 429."""
        headers = {
            "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(_route_key(route).encode()).hexdigest()[:16],
            "X-RateLimit-Scope": "global" if is_global else "user",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
        self.faults.append(Fault(_route_key(route), 429, body, headers, times))

    def fail(self, route: str, *, status: int = 503, times: int = 1) -> None:
        """The next ``times`` requests to ``route`` fail with ``status``."""
        self.faults.append(Fault(_route_key(route), status, {"message": f"{status}: injected", "code": 0}, {}, times))

    def route_limit(self, route: str, *, limit: int = 5, per: float = 5.0) -> RouteLimit:
        """Count ``route`` ("POST /channels/{id}/messages") like a Discord bucket: ``limit``
        requests per ``per`` seconds for each channel, guild or webhook token. Answers carry the
        true ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``; one more request in the
        window gets 429 with ``retry_after`` (seconds to the window's end) and ``Retry-After``."""
        bucket = RouteLimit(_route_key(route), limit, per)
        self.route_limits.append(bucket)
        return bucket

    def _count(self, route: str, request: web.Request) -> tuple[dict[str, str], web.Response | None]:
        """Apply the route's bucket, if any: its headers, and a 429 when it is exhausted."""
        bucket = next((b for b in self.route_limits if b.route == _route_key(route)), None)
        if bucket is None:
            return {}, None
        major = "/".join(request.match_info.get(k, "") for k in MAJOR_PARAMETERS)
        now = time.monotonic()
        start, used = bucket.windows.get(major, (now, 0))
        if now - start >= bucket.per:
            start, used = now, 0
        reset_after = max(0.0, start + bucket.per - now)
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(bucket.route.encode()).hexdigest()[:16],
        }
        if used >= bucket.limit:
            bucket.refused += 1
            headers |= {"X-RateLimit-Remaining": "0", "X-RateLimit-Scope": "user", "Retry-After": str(math.ceil(reset_after))}
            body = {"message": "You are being rate limited.", "retry_after": round(reset_after, 3), "global": False}
            return headers, _json(body, status=429, headers=headers)
        bucket.windows[major] = (start, used + 1)
        headers["X-RateLimit-Remaining"] = str(bucket.limit - used - 1)
        return headers, None

    def stall(self, route: str) -> Stall:
        """The next request to ``route`` is served (a message it creates exists) but its answer
        is held until ``stall.release()``: the bot sent it and never learnt that it arrived."""
        stall = Stall(_route_key(route))
        self.stalls.append(stall)
        return stall

    # --- waiting -----------------------------------------------------------------------

    def _arrived(self, message: Message) -> None:
        for listener in self.message_listeners:
            listener(message)
        self._notify()

    def _notify(self) -> None:
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_for(self, predicate: Callable[[], T], *, timeout: float = DEFAULT_TIMEOUT, what: str = "a condition") -> T:
        """Wait until ``predicate()`` is truthy (re-checked on every change); return its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (result := predicate()):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise DoubleError(f"timed out after {timeout:.0f} s waiting for {what}")
            changed = self._changed
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                pass
        return result

    async def wait_connected(self, sessions: int = 1, *, timeout: float = DEFAULT_TIMEOUT) -> Session:
        """Wait until the bot has identified ``sessions`` times and the latest is connected."""
        return await self.wait_for(
            lambda: len(self.sessions) >= sessions and self.sessions[-1].ws is not None and self.sessions[-1],
            timeout=timeout,
            what=f"gateway session {sessions} to connect",
        )

    async def settled(self, interaction: Interaction, *, timeout: float = DEFAULT_TIMEOUT) -> Interaction:
        """Wait for the bot's answer: the callback, and for a deferred message its content.
        DoubleError at once if the interaction failed (no initial response within the deadline)."""

        def answered() -> bool:
            if interaction.failed:
                raise DoubleError(f"interaction {interaction.id} ({_describe(interaction.payload)}) failed: {interaction.failed}")
            return interaction.callback is not None and not interaction.loading

        await self.wait_for(
            answered,
            timeout=timeout,
            what=f"the bot to answer interaction {interaction.id} ({_describe(interaction.payload)})",
        )
        return interaction

    # --- gateway -------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        return self.sessions[-1] if self.sessions else None

    def session_for(self, guild_id: int | None) -> Session | None:
        """The newest session of the shard that receives a guild's events, as Discord shards
        (``(guild_id >> 22) % shard_count``; DMs go to shard 0); the newest session when the bot
        does not shard."""
        for session in reversed(self.sessions):
            shard = session.identify.get("shard")
            if shard is None:
                return session
            if (0 if guild_id is None else (guild_id >> 22) % shard[1]) == shard[0]:
                return session
        return self.session

    async def dispatch(self, event: str, data: dict[str, Any], session: Session | None = None) -> None:
        """Send a dispatch on the session (kept for replay when the bot resumes)."""
        session = session or self.session
        if session is None:
            raise DoubleError(f"no gateway session to dispatch {event} on: has the bot connected?")
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        if session.ws is not None and not session.ws.closed:
            try:
                await session.ws.send_str(json.dumps(frame))
            except ConnectionError:
                pass  # the bot will resume and get it replayed
        self._notify()

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket (resumable codes: 4000, 1001...); the session stays."""
        session = self.session
        if session and session.ws:
            await session.ws.close(code=code, message=b"dropped by the double")

    async def request_reconnect(self) -> None:
        """Opcode 7: ask the bot to reconnect and resume."""
        await self.session.ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))

    async def invalidate_session(self) -> None:
        """Opcode 9 (not resumable): the bot must identify again."""
        session = self.session
        session.valid = False
        await session.ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        try:
            await ws.send_json({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.gateway_received.append(frame)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if data.get("token") != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    session = Session(secrets.token_hex(16), data, ws=ws)
                    self.sessions.append(session)
                    await self._identified(session, request)
                elif op == 6:
                    session = next((s for s in self.sessions if s.id == data.get("session_id") and s.valid), None)
                    if session is None or data.get("token") != self.token:
                        await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
                        continue
                    session.ws, session.resumes = ws, session.resumes + 1
                    for missed in [f for f in session.sent if f["s"] > (data.get("seq") or 0)]:
                        await ws.send_str(json.dumps(missed))
                    await self.dispatch("RESUMED", {}, session)
                self._notify()
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            self._notify()
        return ws

    async def _identified(self, session: Session, request: web.Request) -> None:
        """READY and the guilds of the session's shard: a session that identified with
        ``shard: [id, count]`` gets the guilds with ``(guild_id >> 22) % count == id``, as
        Discord shards (issue 22 item 4); one without gets every guild."""
        resume_url = f"ws://{request.host}/gateway/resume"
        shard = session.identify.get("shard")
        guilds = [g for g in self.guilds.values() if shard is None or (g.id >> 22) % shard[1] == shard[0]]
        ready = {
            "v": 10,
            "user": self.bot.payload,
            "session_id": session.id,
            "resume_gateway_url": resume_url,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "application": {"id": str(self.application_id), "flags": 0},
        }
        if shard is not None:
            ready["shard"] = shard
        await self.dispatch("READY", ready, session)
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self._guild_payload(guild), session)

    def _guild_payload(self, guild: Guild) -> dict[str, Any]:
        channels = [self.channels[c] for c in guild.channel_ids]
        threads = [c for c in self.channels.values() if c.guild_id == guild.id and c.type in (p.PUBLIC_THREAD, p.PRIVATE_THREAD)]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [p.everyone_role(guild.id), p.bot_role(guild.bot_role_id, self.bot.id, self.bot.name)],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": self.bot.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.member_ids),
            "voice_states": [],
            "presences": [],
            "members": [self._member(guild, u) for u in guild.member_ids],
            "channels": [c.payload for c in channels],
            "threads": [c.payload for c in threads],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # --- interactions --------------------------------------------------------------------

    async def interact(
        self, user: User, kind: int, data: dict[str, Any], *, channel: Channel, message: Message | None = None
    ) -> Interaction:
        """Send an INTERACTION_CREATE from ``user`` in ``channel`` (``message``: the clicked one)."""
        interaction_id, token = p.snowflake(), "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload,
            "token": token,
            "version": 1,
            "app_permissions": str(p.BOT_PERMISSIONS),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": p.ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "context": 0,
                "authorizing_integration_owners": {"0": str(guild.id)},
                "member": p.member(user.payload, user.joined_at, permissions=p.MEMBER_PERMISSIONS),
            }
        else:
            payload |= {"user": user.payload, "context": 1, "authorizing_integration_owners": {"0": "0"}}
        if message is not None:
            payload["message"] = json.loads(json.dumps(message.payload))  # as it was when clicked
        record = Interaction(interaction_id, token, kind, user.id, channel.id, payload, time.monotonic(), double=self)
        if message is not None and kind in (p.MESSAGE_COMPONENT, p.MODAL_SUBMIT):
            record.original_id = message.id  # what a deferred update edits
        self.interactions[interaction_id] = record
        await self.dispatch("INTERACTION_CREATE", payload, self.session_for(channel.guild_id))
        return record

    # --- REST plumbing -------------------------------------------------------------------

    def _add_routes(self, router: web.UrlDispatcher) -> None:
        api = "/api/v10"
        for method, path, handler in [
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway),
            ("GET", "/users/@me", self._get_me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/applications/@me", self._application),
            ("GET", "/applications/{application_id}/commands", self._get_commands),
            ("PUT", "/applications/{application_id}/commands", self._put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self._get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self._put_commands),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{application_id}/{token}", self._followup),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._webhook_message),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self._webhook_message),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self._webhook_message),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("POST", "/channels/{channel_id}/messages", self._create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._channel_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._channel_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._channel_message),
            ("POST", "/channels/{channel_id}/threads", self._create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._add_thread_member),
        ]:
            router.add_route(method, api + path, handler)
        router.add_get("/gateway", self._gateway)
        router.add_get("/gateway/resume", self._gateway)
        router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        router.add_route("*", api + "/{tail:.*}", self._unsupported)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        resource = request.match_info.route.resource
        template = resource.canonical.removeprefix("/api/v10") if resource else request.path
        route = f"{request.method} {template}"
        body, files = await _read_body(request)
        record = Request(request.method, request.path.removeprefix("/api/v10"), route, dict(request.query), body, files)
        self.requests.append(record)
        _incoming.set(record)  # the handlers read the parsed body from here
        webhook = template.startswith(("/interactions/", "/webhooks/"))
        counted: tuple[dict[str, str], web.Response | None] = ({}, None)  # the route's bucket, if limited
        if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
            response = _error(401, 0, "401: Unauthorized")
        elif fault := next((f for f in self.faults if f.remaining and f.route == _route_key(route)), None):
            fault.remaining -= 1
            response = _json(fault.body, status=fault.status, headers=fault.headers)
        elif (counted := self._count(route, request))[1] is not None:
            response = counted[1]
        else:
            try:
                response = await handler(request)
            except Refusal as refusal:
                response = refusal.response
            if stall := next((t for t in self.stalls if t.request is None and t.route == _route_key(route)), None):
                stall.request = record
                self._notify()
                await stall.released.wait()
        bucket = hashlib.sha1(_route_key(route).encode()).hexdigest()[:16]
        response.headers.setdefault("Via", "1.1 google")
        if response.status != 429 and counted[0]:
            response.headers.update(counted[0])
        elif response.status != 429:
            response.headers.update(
                {
                    "X-RateLimit-Limit": "50",
                    "X-RateLimit-Remaining": "49",
                    "X-RateLimit-Reset-After": "1.000",
                    "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
                    "X-RateLimit-Bucket": bucket,
                }
            )
        record.status, record.at = response.status, time.monotonic()
        self._notify()
        return response

    async def _unsupported(self, request: web.Request) -> web.Response:
        self.unsupported.append(f"{request.method} {request.path}")
        return _error(404, 0, "404: Not Found (the e2e double does not serve this route)")

    # --- REST: identity and commands -----------------------------------------------------

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        return _json(self.bot.payload | {"verified": True, "mfa_enabled": False, "email": None})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(_int(request.match_info["user_id"]))
        return _json(user.payload) if user else _error(404, 10013, "Unknown User")

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self.guilds.get(_int(request.match_info["guild_id"]))
        user_id = _int(request.match_info["user_id"])
        if guild is None or user_id not in guild.member_ids:
            return _error(404, 10007, "Unknown Member")
        return _json(self._member(guild, user_id))

    def _member(self, guild: Guild, user_id: int) -> dict[str, Any]:
        user = self.users[user_id]
        return p.member(user.payload, user.joined_at, roles=[guild.bot_role_id] if user_id == self.bot.id else [])

    async def _application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload,
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": self.bot.payload,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(self.guilds),
            }
        )

    def _commands_for(self, request: web.Request) -> list[dict[str, Any]]:
        guild_id = request.match_info.get("guild_id")
        return self.guild_commands.setdefault(int(guild_id), []) if guild_id else self.global_commands

    async def _get_commands(self, request: web.Request) -> web.Response:
        return _json(self._commands_for(request))

    async def _put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite: same name and type keep their id, as on Discord."""
        if _int(request.match_info["application_id"]) != self.application_id:
            return _error(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if problem := p.command_problems(_incoming.get().json, guild=bool(guild_id)):
            return _json(problem, status=400)
        old = {(c["name"], c.get("type", 1)): c["id"] for c in self._commands_for(request)}
        commands = []
        for definition in _incoming.get().json:
            command = {"type": 1, "options": [], "default_member_permissions": None, "nsfw": False} | definition
            command |= {
                "id": old.get((command["name"], command["type"]), str(p.snowflake())),
                "application_id": str(self.application_id),
                "version": str(p.snowflake()),
            }
            if guild_id:
                command["guild_id"] = guild_id
            commands.append(command)
        if guild_id:
            self.guild_commands[int(guild_id)] = commands
        else:
            self.global_commands = commands
        return _json(commands)

    # --- REST: interaction responses -----------------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(_int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            return _error(404, 10062, "Unknown interaction")
        if interaction.callback is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        if (late := time.monotonic() - interaction.sent_at) > self.ack_deadline:
            interaction.failed = f"the initial response came after {late:.2f} s (deadline {self.ack_deadline:g} s): 404 / 10062"
            self._notify()
            return _error(404, 10062, "Unknown interaction")
        incoming = _incoming.get()
        body, kind = incoming.json, incoming.json.get("type")
        data = body.get("data") or {}
        allowed = {
            p.APPLICATION_COMMAND: {p.CHANNEL_MESSAGE, p.DEFERRED_CHANNEL_MESSAGE, p.MODAL},
            p.MESSAGE_COMPONENT: {p.CHANNEL_MESSAGE, p.DEFERRED_CHANNEL_MESSAGE, p.DEFERRED_UPDATE, p.UPDATE_MESSAGE, p.MODAL},
            p.AUTOCOMPLETE: {p.AUTOCOMPLETE_RESULT},
            p.MODAL_SUBMIT: {p.CHANNEL_MESSAGE, p.DEFERRED_CHANNEL_MESSAGE, p.DEFERRED_UPDATE, p.UPDATE_MESSAGE},
        }[interaction.type]
        if kind not in allowed or (kind in (p.DEFERRED_UPDATE, p.UPDATE_MESSAGE) and "message" not in interaction.payload):
            return _error(
                400, 50035, f"Invalid Form Body: callback type {kind} is not valid for interaction type {interaction.type}"
            )
        message = None
        if kind == p.CHANNEL_MESSAGE:
            message = self._new_message(
                interaction.channel_id,
                data,
                incoming.files,
                interaction=interaction,
                ephemeral=bool(data.get("flags", 0) & p.EPHEMERAL),
            )
        elif kind == p.DEFERRED_CHANNEL_MESSAGE:
            ephemeral = bool(data.get("flags", 0) & p.EPHEMERAL)
            message = self._new_message(
                interaction.channel_id, {"flags": p.LOADING}, [], interaction=interaction, ephemeral=ephemeral, allow_empty=True
            )
            interaction.loading = True
        elif kind == p.UPDATE_MESSAGE:
            message = self._edit_message(self.messages[interaction.original_id], data, incoming.files)
        elif kind == p.AUTOCOMPLETE_RESULT:
            if problem := p.choices_problems(data.get("choices", [])):
                return _json(problem, status=400)
        elif kind == p.MODAL:
            if problem := p.modal_problems(data):
                return _json(problem, status=400)
        if isinstance(message, web.Response):
            return message
        interaction.callback, interaction.callback_at = body, time.monotonic()
        interaction.last_response_at = interaction.callback_at
        if message is not None:
            interaction.original_id = message.id
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == p.DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if kind in (p.CHANNEL_MESSAGE, p.UPDATE_MESSAGE):
            answer["resource"]["message"] = message.payload
        return _json(answer)

    def _interaction_by_token(self, request: web.Request) -> Interaction | None:
        """The interaction whose token the webhook route names; a token older than 15 minutes
        is refused with 401 / 50027 "Invalid Webhook Token", as Discord answers."""
        if _int(request.match_info["application_id"]) != self.application_id:
            return None
        token = request.match_info["token"]
        found = next((i for i in self.interactions.values() if i.token == token and i.callback is not None), None)
        if found is not None and time.monotonic() - found.sent_at > self.token_lifetime:
            raise Refusal(401, 50027, "Invalid Webhook Token")
        return found

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        if interaction is None:
            return _error(404, 10015, "Unknown Webhook")
        incoming = _incoming.get()
        body = incoming.json
        if interaction.loading:  # documented: the first followup after a deferral fills the loading message
            message = self._edit_message(self.messages[interaction.original_id], body, incoming.files, fill=True)
            if not isinstance(message, web.Response):
                interaction.loading = False
        else:
            message = self._new_message(
                interaction.channel_id,
                body,
                incoming.files,
                interaction=interaction,
                ephemeral=bool(body.get("flags", 0) & p.EPHEMERAL),
            )
            if not isinstance(message, web.Response):
                interaction.followup_ids.append(message.id)
        if isinstance(message, web.Response):
            return message
        interaction.last_response_at = time.monotonic()
        interaction.responses.append(interaction.last_response_at)
        return _json(message.payload) if request.query.get("wait") in ("1", "true", "True") else web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction_by_token(request)
        if interaction is None:
            return _error(404, 10015, "Unknown Webhook")
        wanted = request.match_info["message_id"]
        message_id = interaction.original_id if wanted == "@original" else _int(wanted)
        ours = (interaction.original_id, *interaction.followup_ids)
        if message_id is None or message_id not in ours or self.messages[message_id].deleted:
            return _error(404, 10008, "Unknown Message")
        message = self.messages[message_id]
        if request.method == "GET":
            return _json(message.payload)
        if request.method == "DELETE":
            message.deleted = True
            return web.Response(status=204)
        incoming = _incoming.get()
        edited = self._edit_message(message, incoming.json, incoming.files, fill=message_id == interaction.original_id)
        if isinstance(edited, web.Response):
            return edited
        if message_id == interaction.original_id:
            interaction.loading = False
        interaction.last_response_at = time.monotonic()
        interaction.responses.append(interaction.last_response_at)
        return _json(edited.payload)

    # --- REST: channels, messages, threads, DMs ------------------------------------------

    def _channel_or_404(self, request: web.Request) -> Channel:
        channel = self.channels.get(_int(request.match_info["channel_id"]))
        if channel is None:
            raise Refusal(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return _json(self._channel_or_404(request).payload)

    async def _create_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        if channel.type == p.DM and not self.users[channel.recipient_id].dms_open:
            return _error(403, 50007, "Cannot send messages to this user")
        incoming = _incoming.get()
        body = incoming.json
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            seen = self._nonces.get((channel.id, str(nonce)))
            if seen and time.monotonic() - seen[1] < NONCE_WINDOW_S and not self.messages[seen[0]].deleted:
                return _json(self.messages[seen[0]].payload)
        message = self._new_message(channel.id, body, incoming.files)
        if isinstance(message, web.Response):
            return message
        if nonce is not None:
            self._nonces[(channel.id, str(nonce))] = (message.id, time.monotonic())
        return _json(message.payload)

    async def _channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        message = self.messages.get(_int(request.match_info["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id or message.visible_to is not None:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(message.payload)
        if request.method == "DELETE":
            message.deleted = True
            self._notify()
            return web.Response(status=204)
        if message.payload["author"]["id"] != str(self.bot.id):
            return _error(403, 50005, "Cannot edit a message authored by another user")
        incoming = _incoming.get()
        edited = self._edit_message(message, incoming.json, incoming.files)
        return edited if isinstance(edited, web.Response) else _json(edited.payload)

    async def _create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request)
        if parent.type != p.GUILD_TEXT:
            return _error(400, 50024, "Cannot execute action on this channel type")
        body = _incoming.get().json
        from_message = request.match_info.get("message_id")
        if from_message:
            source = self.messages.get(int(from_message))
            if source is None or source.channel_id != parent.id:
                return _error(404, 10008, "Unknown Message")
            thread_id, kind = source.id, p.PUBLIC_THREAD  # a thread started from a message shares its id
        else:
            thread_id, kind = p.snowflake(), body.get("type", p.PRIVATE_THREAD)
        if thread_id in self.channels:
            return _error(400, 160004, "A thread has already been created for this message")
        name = body.get("name", "")
        if problem := p.thread_problems(body):
            return _json(problem, status=400)
        payload = p.thread_channel(
            thread_id,
            parent.guild_id,
            parent.id,
            self.bot.id,
            name,
            kind,
            body.get("auto_archive_duration", 4320),
            1,
            p.timestamp(),
        )
        if kind == p.PRIVATE_THREAD:
            payload["thread_metadata"]["invitable"] = bool(body.get("invitable", True))
        self.channels[thread_id] = Channel(
            thread_id, kind, name, parent.guild_id, parent.id, members={self.bot.id}, payload=payload
        )
        await self.dispatch("THREAD_CREATE", payload | {"newly_created": True})
        return _json(payload, status=201)

    async def _add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel_or_404(request)
        user_id = _int(request.match_info["user_id"])
        if thread.type not in (p.PUBLIC_THREAD, p.PRIVATE_THREAD) or user_id not in self.users:
            return _error(400, 50024, "Cannot execute action on this channel type")
        if (
            thread.type == p.PRIVATE_THREAD
            and not thread.payload["thread_metadata"]["invitable"]
            and not (p.MEMBER_PERMISSIONS | p.BOT_PERMISSIONS) & p.MANAGE_THREADS
        ):  # invitable=False: only moderators (Manage Threads) may add non-moderators
            return _error(403, 50013, "Missing Permissions")
        thread.members.add(user_id)
        thread.payload["member_count"] = len(thread.members)
        self._notify()
        return web.Response(status=204)

    async def _create_dm(self, request: web.Request) -> web.Response:
        user = self.users.get(_int(str(_incoming.get().json.get("recipient_id", ""))))
        if user is None or user.bot:
            return _error(400, 50007, "Cannot send messages to this user")
        channel = self.dm_channel(user)
        if channel is None:
            channel_id = p.snowflake()
            channel = Channel(channel_id, p.DM, recipient_id=user.id, payload=p.dm_channel(channel_id, user.payload))
            self.channels[channel_id] = channel
        return _json(channel.payload)

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment_id = request.match_info["attachment_id"]
        for message in self.messages.values():
            if attachment_id in message.files:
                return web.Response(body=message.files[attachment_id], content_type="application/octet-stream")
        return web.Response(status=404)

    # --- message building -----------------------------------------------------------------

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, str, bytes]],
        *,
        interaction: Interaction | None = None,
        ephemeral: bool = False,
        allow_empty: bool = False,
    ) -> Message | web.Response:
        if too_large := p.upload_problem(files):
            return _json(too_large, status=413)
        if not allow_empty and (problem := p.message_problems(body, len(files))):
            return _json(problem, status=400)
        if missing := _unresolved(body, files, []):
            return _json(missing, status=400)
        channel = self.channels[channel_id]
        message_id = p.snowflake()
        payload: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": self.bot.payload,
            "content": "",
            "timestamp": p.timestamp(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
        if body.get("nonce") is not None:
            payload["nonce"] = str(body["nonce"])
        message = Message(payload, visible_to=interaction.user_id if interaction and ephemeral else None)
        if interaction is not None:
            user = self.users[interaction.user_id]
            command = interaction.type == p.APPLICATION_COMMAND
            payload |= {
                "webhook_id": str(self.application_id),
                "application_id": str(self.application_id),
                "type": 20 if command else 0,
            }
            payload["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": user.payload,
                "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
            }
            if command:
                payload["interaction_metadata"]["name"] = interaction.payload["data"]["name"]
                payload["interaction"] = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "name": interaction.payload["data"]["name"],
                    "user": user.payload,
                }
        self._apply(message, body, files, ephemeral=message.visible_to is not None)
        self.messages[message_id] = message
        self._arrived(message)
        return message

    def _edit_message(
        self, message: Message, body: dict[str, Any], files: list[tuple[str, str, bytes]], *, fill: bool = False
    ) -> Message | web.Response:
        """An edit; ``fill`` clears a deferred response's loading state."""
        if too_large := p.upload_problem(files):
            return _json(too_large, status=413)
        if problem := p.message_problems(body, len(files), edit=True) or p.layout_edit_problem(message.payload, body):
            return _json(problem, status=400)
        kept_before = [
            a
            for a in message.attachments
            if "attachments" not in body or any(str(b.get("id")) == a["id"] for b in body["attachments"])
        ]
        if missing := _unresolved(body, files, kept_before):
            return _json(missing, status=400)
        message.history.append(json.loads(json.dumps(message.payload)))
        message.versions_at.append(time.time())
        keep = [
            a
            for a in message.attachments
            if "attachments" not in body or any(str(b.get("id")) == a["id"] for b in body["attachments"])
        ]
        message.payload["attachments"] = keep
        self._apply(message, body, files, ephemeral=message.ephemeral, edit=True)
        if fill:
            message.payload["flags"] &= ~p.LOADING
        if not message.loading:
            message.payload["edited_timestamp"] = p.timestamp()
        self._arrived(message)
        return message

    def _apply(
        self, message: Message, body: dict[str, Any], files: list[tuple[str, str, bytes]], *, ephemeral: bool, edit: bool = False
    ) -> None:
        payload = message.payload
        for key in ("content", "embeds", "components"):
            if key in body:
                payload[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if not edit:
            payload["flags"] = body.get("flags", 0) & ~p.EPHEMERAL
        elif "flags" in body:  # an edit cannot change ephemeral or loading
            payload["flags"] = (payload["flags"] & p.LOADING) | (body["flags"] & ~(p.EPHEMERAL | p.LOADING))
        payload["flags"] |= p.EPHEMERAL if ephemeral else 0
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        for name, filename, data in files:
            index = name.removeprefix("files[").removesuffix("]")
            attachment_id = str(p.snowflake())
            attachment = {
                "id": attachment_id,
                "filename": filename,
                "size": len(data),
                "content_type": _content_type(filename),
                "url": f"http://127.0.0.1:{self.port}/attachments/{payload['channel_id']}/{attachment_id}/{filename}",
                "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{payload['channel_id']}/{attachment_id}/{filename}",
            }
            if (description := described.get(index, {}).get("description")) is not None:
                attachment["description"] = description
            if size := p.png_size(data):
                attachment["width"], attachment["height"] = size
            if ephemeral:
                attachment["ephemeral"] = True
            payload["attachments"].append(attachment)
            message.files[attachment_id] = data
        by_name = {a["filename"]: a for a in payload["attachments"]}
        for media in p.media_of(payload):  # Components V2: attachment://name is the message's attachment
            ref = media.get("media") or {}
            url = ref.get("url", "")
            if url.startswith("attachment://"):
                found = by_name.get(url.removeprefix("attachment://"))
                if found is None:  # refused before (_unresolved)
                    continue
                ref |= {
                    "url": found["url"],
                    "proxy_url": found["proxy_url"],
                    "width": found.get("width", 0),
                    "height": found.get("height", 0),
                    "content_type": found["content_type"],
                    "attachment_id": found["id"],
                }
        for embed in payload["embeds"]:
            embed.setdefault("type", "rich")
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url", "")
                if url.startswith("attachment://") and url.removeprefix("attachment://") in by_name:
                    found = by_name[url.removeprefix("attachment://")]
                    embed[key] |= {
                        "url": found["url"],
                        "proxy_url": found["proxy_url"],
                        "width": found.get("width", 0),
                        "height": found.get("height", 0),
                    }


# --- helpers -------------------------------------------------------------------------------


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, str, bytes]]]:
    if request.content_type == "multipart/form-data":
        body, files = {}, []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                files.append((part.name, part.filename, bytes(await part.read(decode=False))))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else {}), []


def _unresolved(body: dict[str, Any], files: list[tuple[str, str, bytes]], kept: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Discord's 400 answer when a Components V2 media item names ``attachment://x`` and the
    message will have no attachment ``x`` (neither uploaded now nor kept), else None."""
    names = {filename for _, filename, _ in files} | {a.get("filename") for a in kept}
    for media in p.media_of(body):
        url = (media.get("media") or {}).get("url", "")
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
            return p.invalid_form_body(
                {"components": {"_errors": [{"code": "UNRESOLVED_ATTACHMENT", "message": f"No attachment named {url[13:]}"}]}}
            )
    return None


def _json(data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json", **(headers or {})}
    )


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"message": message, "code": code}, status=status)


def _int(value: str) -> int:
    return int(value) if value.isdigit() else 0


def _content_type(filename: str) -> str:
    known = {"png": "image/png", "jpg": "image/jpeg", "webp": "image/webp", "gif": "image/gif", "json": "application/json"}
    return {**known, "txt": "text/plain; charset=utf-8"}.get(filename.rsplit(".", 1)[-1].lower(), "application/octet-stream")


def _describe(payload: dict[str, Any]) -> str:
    data = payload.get("data") or {}
    return data.get("name") or data.get("custom_id") or f"type {payload.get('type')}"
