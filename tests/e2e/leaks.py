"""Leak checks: every output of a game against the secrets of the moment it was made.

**The moments.** :meth:`Moments.load` replays the game's stored action log (and checks that
the replay reaches the stored state). After each commit ``seq`` it notes, for the public
and for each seat, what that audience may not know:

* **cards, per instance**: every card id in play (hands, objectives, quests, rewards, the
  draw piles) that the audience has not seen so far in its views or in the events it was
  shown. The instance id (``schlachtruf_3``) is matched as a whole word. Its *name*
  (``Schlachtruf``) is matched only while no instance of that name has been seen by the
  audience: a second copy of a played card may be named, the first sight of a card in
  someone's hand may not (a longer name containing it, "Traitors' Whispers" for
  "Whispers", does not count).
* **face-down runes**: the kind (dragon or false) of every rune token the audience cannot
  see, matched as the area id and the kind close together on one line (``10B dragon``,
  ``dragon rune in 10B``, an area line that starts with ``10B`` and says ``dragon rune``).
* **chosen orders** before they are revealed and **influence bids** before the fists
  open: a line naming the seat (``Seat 1``, its faction, its user's mention) and the order
  (number or name) or the bid amount.

A finished game has no secrets left: the bot reveals them all.

**The outputs.** :func:`outputs` collects from the double everything the bot made visible,
each with its audience (the public for channel and thread messages and log lines; the
seat of the user for DMs, a private thread only that user reads, ephemeral replies and
autocomplete answers) and the window of commits it may have been made in: a delivered
outbox row and the status message ("· move N") name their commit; any other message
version lies between the commit current when its interaction was sent and the one current
when the double received it; a log line between the commit before it and the next. A secret counts
when it holds over the whole window, so no output is blamed for what was revealed
meanwhile.

Output kinds: ``message text``, ``awaited list`` (the ``Waiting for:`` line), ``embed``,
``button label`` (labels and custom ids), ``select option`` (placeholder, labels, values),
``alt text`` and ``attachment name``, ``png metadata`` (every ancillary PNG chunk),
``autocomplete`` and ``log line``. ``/rw card`` answers are the data pack's public
catalogue, the same for everyone (:func:`catalogue_problems` checks that), and are not
matched card by card: they name every card of the pack.

:func:`audit` adds the other checks of a game: the awaited list of each commit's news, the
maps (each the bot's picture of its commit's public view), the ``/rw card`` answers,
and the replay.
"""

from __future__ import annotations

import json
import re
import sqlite3
import struct
import zlib
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.service import GameService
from engine.core import Engine, decode, encode
from engine.runewars.bids import Bid
from engine.runewars.control import controller
from engine.runewars.views import rune_as_seen
from tests.e2e import payloads as p
from tests.e2e.double import DiscordDouble, Message

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: PNG chunks that carry pixels, not words (the renderer writes IHDR, IDAT and IEND only)
IMAGE_CHUNKS = {b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS"}
AREA = r"\d+[A-Z]"
QUOTED = re.compile(r'"([\w.\-]+)"')  # JSON strings that could be card ids
NOT_AN_AREA = rf"(?!(?<![\w-]){AREA}(?![\w-]))[^\n]"
#: the status message's first line: "📜 **Game #1** · Year 1, autumn · move 62"
STATUS = re.compile(r"📜 \*\*Game #\d+\*\*.* · move (?P<seq>\d+)")
CATALOGUE_COMMAND = ("rw", "card")  # /rw card: autocomplete and answers name the pack's public catalogue


@dataclass(frozen=True)
class Secret:
    """One fact an audience may not know, and how an output would give it away."""

    key: str
    what: str
    patterns: tuple[re.Pattern[str], ...]
    needle: str | None = None  # a plain substring every match contains (a fast pre-check)
    context: re.Pattern[str] | None = None  # if set, only lines matching it are searched
    masks: tuple[str, ...] = ()  # longer names that contain this one ("Traitors' Whispers" for "Whispers")

    def find(self, text: str) -> str | None:
        if self.needle is not None and self.needle not in text:
            return None
        for mask in self.masks:
            text = text.replace(mask, "")
        lines = [line for line in text.splitlines() if self.context.search(line)] if self.context else [text]
        for line in lines:
            for pattern in self.patterns:
                if found := pattern.search(line):
                    return found.group(0)
        return None


@dataclass(frozen=True)
class Output:
    """Something the bot made visible: ``viewer`` is the seat it reached (None: the public,
    spectators included); it was made between commits ``first`` and ``last``."""

    kind: str
    where: str
    text: str
    viewer: int | None
    first: int
    last: int


@dataclass(frozen=True)
class Leak:
    output: Output
    secret: Secret
    found: str

    def __str__(self) -> str:
        audience = "the public" if self.output.viewer is None else f"seat {self.output.viewer}"
        return (
            f"{self.output.kind} ({self.output.where}, commits {self.output.first}-{self.output.last}) shows "
            f"{audience} {self.found!r}: {self.secret.what}"
        )


def word(text: str) -> str:
    return rf"(?<![\w-]){re.escape(text)}(?![\w-])"


@dataclass
class Moments:
    """The secrets of every moment of one game, replayed from the bot's database."""

    game_id: int
    users: dict[int, int | None]  # seat -> user id (None: AI)
    commit_times: list[float]  # commit_times[seq - 1]: when commit seq was written
    secrets_at: list[dict[int | None, frozenset[str]]]  # [seq] -> audience -> secret keys
    awaited_at: list[tuple[int, ...]]  # [seq] -> awaited seats
    public_views: dict[int, dict[str, Any]]  # seq -> public view (kept for the commits that drew a map)
    catalog: dict[str, Secret] = field(default_factory=dict)
    outbox: dict[int, OutboxEntry] = field(default_factory=dict)  # delivered rows by Discord message id
    replays_to_stored_state: bool = False

    @classmethod
    async def load(cls, service: GameService, game_id: int, double: DiscordDouble | None = None) -> Moments:
        """Replay game ``game_id``; with ``double``, keep the public views of the commits whose
        map the channel showed (for :func:`map_problems`)."""
        store = service.store
        record = await store.get_game(game_id)
        seats = await store.seats(game_id)
        rows = await store.actions(game_id)
        ruleset = service.ruleset_of(record)
        engine = Engine(ruleset)
        pack = ruleset.pack(record.options)
        state = engine.setup(decode(record.state).options, len(seats), record.seed).state
        outbox = _outbox(store.path, game_id)
        keep = set() if double is None else {seq for _, seq, _, _ in channel_maps(double)}
        builder = _SecretBuilder(engine, pack, state, {s.seat: s.user_id for s in seats})
        moments = cls(game_id, {s.seat: s.user_id for s in seats}, [r.created_at for r in rows], [{}], [()], {}, builder.catalog)
        events: list = []
        for row in rows:
            if row.seq > 1:
                transition = engine.apply(state, decode(row.action)[0].action)
                state, events = transition.state, list(transition.events)
            else:
                events = list(engine.setup(decode(record.state).options, len(seats), record.seed).events)
            moments.secrets_at.append(builder.moment(state, events))
            moments.awaited_at.append(tuple(state.awaited()))
            if row.seq in keep:
                moments.public_views[row.seq] = engine.view(state, None)
        moments.replays_to_stored_state = encode(state) == record.state
        moments.outbox = outbox
        return moments

    @property
    def last_seq(self) -> int:
        return len(self.secrets_at) - 1

    def seat_of(self, user_id: int | None) -> int | None:
        return next((s for s, u in self.users.items() if u is not None and u == user_id), None)

    def seq_at(self, wall: float) -> int:
        """The commit current at wall time ``wall`` (0 before the start)."""
        return bisect_right(self.commit_times, wall)

    def secrets(self, first: int, last: int, viewer: int | None) -> list[Secret]:
        """What ``viewer`` may not know at every commit from ``first`` to ``last``."""
        first, last = max(0, min(first, self.last_seq)), max(0, min(last, self.last_seq))
        keys = self.secrets_at[first].get(viewer, frozenset())
        for seq in range(first + 1, last + 1):
            keys = keys & self.secrets_at[seq].get(viewer, frozenset())
        return [self.catalog[k] for k in sorted(keys)]


class _SecretBuilder:
    """Follows a replay: what each audience has seen, and what it may not know at each commit."""

    def __init__(self, engine: Engine, pack, start, users: dict[int, int | None]):
        self.engine = engine
        self.users = users
        self.audiences: list[int | None] = [None, *sorted(users)]
        self.names: dict[str, set[str]] = {}
        for cards in pack.cards.values():
            for card in cards:
                self.names[card.id] = {n for n in (card.name_en, card.name_de, str(card.attrs.get("name") or "")) if n}
        decks = start.board.decks
        self.card_ids = set(self.names) | {c for d in decks.values() for c in (*d.draw, *d.discard)}
        self.orders = {o.number: o.name_en for o in pack.orders}
        self.seen: dict[int | None, set[str]] = {a: set() for a in self.audiences}
        self.catalog: dict[str, Secret] = {}

    def moment(self, state, events) -> dict[int | None, frozenset[str]]:
        if state.result is not None:  # the game is over: every secret may be revealed
            return {}
        in_play = self._cards(state.board)
        held = {a: controller(state.board, a) for a, area in state.board.areas.items() if area.rune is not None}
        out: dict[int | None, frozenset[str]] = {}
        for audience in self.audiences:
            seen = self.seen[audience]
            seen |= self._quoted(json.dumps(self.engine.view(state, audience), default=str))
            seen |= self._cards([e.data for e in events if e.visible_to(audience)])
            seen_names = {n for c in seen for n in self.names.get(c, ())}
            keys = [self._card(c) for c in sorted(in_play - seen)]
            keys += [
                self._name(n, c) for c in sorted(in_play - seen) for n in sorted(self.names.get(c, ())) if n not in seen_names
            ]
            keys += self._runes(state, audience, held) + self._orders(state, audience) + self._bids(state, audience)
            out[audience] = frozenset(keys)
        return out

    def _quoted(self, text: str) -> set[str]:
        """The card ids among the JSON strings of ``text``."""
        return self.card_ids.intersection(QUOTED.findall(text))

    def _cards(self, value: Any) -> set[str]:
        """The card ids anywhere in ``value`` (plain values, mappings, sequences, dataclasses)."""
        found: set[str] = set()
        stack = [value]
        while stack:
            value = stack.pop()
            if isinstance(value, str):
                if value in self.card_ids:
                    found.add(value)
            elif isinstance(value, Mapping):
                stack.extend(value.keys())
                stack.extend(value.values())
            elif isinstance(value, (list, tuple, set, frozenset)):
                stack.extend(value)
            elif hasattr(value, "__dict__"):
                stack.extend(vars(value).values())
        return found

    def _add(self, secret: Secret) -> str:
        self.catalog.setdefault(secret.key, secret)
        return secret.key

    def _card(self, card: str) -> str:
        if f"card:{card}" not in self.catalog:
            self._add(
                Secret(f"card:{card}", f"card {card} is not known to this audience", (re.compile(word(card)),), needle=card)
            )
        return f"card:{card}"

    def _name(self, name: str, card: str) -> str:
        if f"name:{name}" not in self.catalog:
            pattern = re.compile(word(name))
            masks = tuple(n for names in self.names.values() for n in names if n != name and pattern.search(n))
            self._add(
                Secret(
                    f"name:{name}",
                    f"no card named {name!r} is known to this audience (e.g. {card})",
                    (pattern,),
                    needle=name,
                    masks=masks,
                )
            )
        return f"name:{name}"

    def _runes(self, state, audience: int | None, held: dict[str, int | None]) -> list[str]:
        """``held``: the controller of each area with a rune (p. 32: a controller may look at it)."""
        keys = []
        for area_id, area in state.board.areas.items():
            if area.rune is None:
                continue
            looks = audience is not None and held[area_id] == audience
            if rune_as_seen(area.rune, audience, looks=looks) != "face_down":
                continue
            kind = "dragon" if area.rune.dragon else "false"
            if f"rune:{area_id}:{kind}" in self.catalog:
                keys.append(f"rune:{area_id}:{kind}")
                continue
            kind_word = r"\b(?i:dragon)\b" if area.rune.dragon else r"\bfalse\b"
            a = word(area_id)
            patterns = (
                re.compile(rf"{a}{NOT_AN_AREA}{{0,40}}?{kind_word}"),
                re.compile(rf"{kind_word}{NOT_AN_AREA}{{0,40}}?{a}"),
                re.compile(rf"(?m)^[-\s]*{a}[^\n]*{kind_word}"),
            )
            keys.append(
                self._add(
                    Secret(f"rune:{area_id}:{kind}", f"the face-down rune in {area_id} is {kind}", patterns, needle=area_id)
                )
            )
        return keys

    def _seat_line(self, seat: int, state) -> re.Pattern[str]:
        refs = [rf"\b[Ss]eat {seat}\b"]
        if self.users.get(seat) is not None:
            refs.append(rf"<@!?{self.users[seat]}>")
        faction = state.board.players[seat].faction
        if faction:
            refs.append(rf"(?i:\b{re.escape(faction)}\b)")
        return re.compile("|".join(refs))

    def _orders(self, state, audience: int | None) -> list[str]:
        keys = []
        for player in state.board.players:
            if player.chosen is None or player.seat == audience:
                continue
            n, name = player.chosen, re.escape(self.orders.get(player.chosen, str(player.chosen)))
            pattern = re.compile(rf"\b[Oo]rder\b\W{{0,4}}(?:{n}\b|{name}\b)|\b{name}\b\s*\({n}\)|\bchos\w*\W+(?:order\W+)?{n}\b")
            keys.append(
                self._add(
                    Secret(
                        f"order:{player.seat}:{n}",
                        f"seat {player.seat} chose order {n} (not yet revealed)",
                        (pattern,),
                        context=self._seat_line(player.seat, state),
                    )
                )
            )
        return keys

    def _bids(self, state, audience: int | None) -> list[str]:
        keys = []
        for frame in state.board.stack:
            if not isinstance(frame, Bid) or frame.step != "reveal":
                continue
            for seat, amount in frame.bids.items():
                if seat == audience:
                    continue
                pattern = re.compile(rf"\bbid\w*\b\D{{0,12}}(?<!\d){amount}(?!\d)")
                keys.append(
                    self._add(
                        Secret(
                            f"bid:{seat}:{amount}",
                            f"seat {seat} bid {amount} (not yet revealed)",
                            (pattern,),
                            context=self._seat_line(seat, state),
                        )
                    )
                )
        return keys


@dataclass(frozen=True)
class OutboxEntry:
    """A delivered outbox row: its commit, recipient ('channel' or 'user:<id>') and payload kind."""

    seq: int
    recipient: str
    kind: str

    @property
    def news(self) -> bool:
        """A channel message of a commit (not a notice)."""
        return self.recipient == "channel" and self.kind in ("start", "update")


def _outbox(database, game_id: int) -> dict[int, OutboxEntry]:
    """The delivered outbox rows of the game, by Discord message id."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT message_id, seq, recipient, payload FROM outbox WHERE game_id = ? AND message_id IS NOT NULL", (game_id,)
        ).fetchall()
    return {int(m): OutboxEntry(seq, recipient, json.loads(payload).get("kind", "")) for m, seq, recipient, payload in rows}


# -------------------------------------------------------------------- outputs


def outputs(double: DiscordDouble, moments: Moments, log_lines: Iterable[tuple[float, str]] = ()) -> list[Output]:
    """Everything the bot showed (see the module docstring), with audiences and windows."""
    found: list[Output] = []
    catalogue = {
        m
        for i in double.interactions.values()
        if i.type == p.APPLICATION_COMMAND and _is_catalogue(i.payload)
        for m in (i.original_id, *i.followup_ids)
    }
    for message in double.messages.values():
        if message.payload["author"]["id"] != str(double.bot.id) or message.id in catalogue:
            continue
        viewer, where = _audience(double, moments, message)
        versions = [*message.history, message.payload]
        for index, (payload, at) in enumerate(zip(versions, message.versions_at)):
            if payload.get("flags", 0) & p.LOADING:
                continue
            first, last = _window(double, moments, message, index, at, payload)
            found += _split(payload, message, viewer, f"{where} v{index}", first, last)
    for interaction in double.interactions.values():
        if interaction.callback_type != p.AUTOCOMPLETE_RESULT or _is_catalogue(interaction.payload):
            continue
        viewer = moments.seat_of(interaction.user_id)
        text = "\n".join(f"{c.get('name', '')}\n{c.get('value', '')}" for c in interaction.choices)
        first = moments.seq_at(interaction.sent_wall)
        found.append(
            Output(
                "autocomplete",
                f"interaction {interaction.id}",
                text,
                viewer,
                first,
                moments.seq_at(interaction.sent_wall + (interaction.callback_at - interaction.sent_at)),
            )
        )
    for index, (at, line) in enumerate(log_lines):
        seq = moments.seq_at(at)
        found.append(Output("log line", f"log line {index}", line, None, seq, seq + 1))
    return found


def _audience(double: DiscordDouble, moments: Moments, message: Message) -> tuple[int | None, str]:
    """The seat a message reached (None: the public), and a name for it in reports."""
    channel = double.channels[message.channel_id]
    if message.visible_to is not None:
        return moments.seat_of(message.visible_to), f"ephemeral {message.id} to {double.users[message.visible_to].name}"
    if channel.type == p.DM:
        return moments.seat_of(channel.recipient_id), f"DM {message.id} to {double.users[channel.recipient_id].name}"
    readers = channel.members - {double.bot.id}
    if channel.type == p.PRIVATE_THREAD and len(readers) == 1:
        (reader,) = readers
        return moments.seat_of(reader), f"private thread message {message.id} to {double.users[reader].name}"
    return None, f"channel message {message.id}"


def _window(
    double: DiscordDouble, moments: Moments, message: Message, index: int, at: float, payload: dict[str, Any]
) -> tuple[int, int]:
    if index == 0 and message.id in moments.outbox:
        seq = moments.outbox[message.id].seq
        return seq, seq
    if status := STATUS.match(payload.get("content") or ""):  # the status message names its commit
        seq = int(status["seq"])
        return seq, seq
    sent = [
        i.sent_wall
        for i in double.interactions.values()
        if (i.original_id == message.id or message.id in i.followup_ids) and i.sent_wall <= at
    ]
    last = moments.seq_at(at)
    return (moments.seq_at(max(sent)) if sent else last), last


def _is_catalogue(payload: dict[str, Any]) -> bool:
    """``/rw card``: the data pack's public catalogue (see the module docstring)."""
    data = payload.get("data") or {}
    group, subcommand = CATALOGUE_COMMAND
    return data.get("name") == group and any(o.get("name") == subcommand for o in data.get("options", []))


def _split(payload: dict[str, Any], message: Message, viewer: int | None, where: str, first: int, last: int) -> list[Output]:
    """One message version as outputs, one per kind."""
    out = []
    lines = (payload.get("content") or "").splitlines()
    awaited = [line for line in lines if line.startswith("Waiting for:")]
    text = [line for line in lines if not line.startswith("Waiting for:")]

    def add(kind: str, parts: Iterable[str]) -> None:
        joined = "\n".join(part for part in parts if part)
        if joined:
            out.append(Output(kind, where, joined, viewer, first, last))

    add("message text", text)
    add("awaited list", awaited)
    for embed in payload.get("embeds") or []:
        add(
            "embed",
            [
                embed.get("title") or "",
                embed.get("description") or "",
                (embed.get("footer") or {}).get("text", ""),
                (embed.get("author") or {}).get("name", ""),
                *[f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []],
            ],
        )
    buttons, selects = [], []
    for _, item in p.walk_components(payload.get("components") or []):
        if item.get("type") == 2:
            buttons += [item.get("label") or "", item.get("custom_id") or ""]
        elif item.get("type") in (3, 5, 6, 7, 8):
            selects += [item.get("placeholder") or "", item.get("custom_id") or ""]
            selects += [
                f"{o.get('label', '')}\n{o.get('value', '')}\n{o.get('description') or ''}" for o in item.get("options") or []
            ]
    add("button label", buttons)
    add("select option", selects)
    for attachment in payload.get("attachments") or []:
        add("alt text", [attachment.get("description") or ""])
        add("attachment name", [attachment.get("filename") or ""])
        data = message.files.get(attachment["id"], b"")
        if data.startswith(PNG_SIGNATURE):
            add("png metadata", png_metadata(data))
    return out


def png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    position = len(PNG_SIGNATURE)
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        yield kind, data[position + 8 : position + 8 + length]
        position += 12 + length


def png_metadata(data: bytes) -> list[str]:
    """The words of every ancillary PNG chunk (tEXt, zTXt, iTXt as text, any other by name)."""
    words = []
    for kind, body in png_chunks(data):
        if kind in IMAGE_CHUNKS:
            continue
        if kind == b"zTXt":
            key, _, rest = body.partition(b"\0")
            body = key + b" " + zlib.decompress(rest[1:])
        elif kind == b"iTXt":
            key, _, rest = body.partition(b"\0")
            flag, rest = rest[0], rest[2:]
            _, _, rest = rest.partition(b"\0")  # language tag
            _, _, text = rest.partition(b"\0")  # translated keyword
            body = key + b" " + (zlib.decompress(text) if flag else text)
        text = body.replace(b"\0", b" ").decode("utf-8", "replace")
        words.append(f"{kind.decode('latin-1')}: {text}")
    return words


# -------------------------------------------------------------------- checks


def check(double: DiscordDouble, moments: Moments, log_lines: Iterable[tuple[float, str]] = ()) -> list[Leak]:
    """Every output against the secrets of its audience over its window."""
    leaks = []
    for output in outputs(double, moments, log_lines):
        for secret in moments.secrets(output.first, output.last, output.viewer):
            if (found := secret.find(output.text)) is not None:
                leaks.append(Leak(output, secret, found))
    return leaks


def awaited_problems(double: DiscordDouble, moments: Moments) -> list[str]:
    """Each channel message of a commit names exactly the users awaited after it, and nothing else."""
    problems = []
    for message_id, entry in moments.outbox.items():
        message, seq = double.messages.get(message_id), entry.seq
        if not entry.news or message is None:
            continue
        waiting = [line for line in message.content.splitlines() if line.startswith("Waiting for:")]
        users = [moments.users.get(s) for s in moments.awaited_at[seq]]
        expected = ("Waiting for: " + ", ".join("an AI seat" if u is None else f"<@{u}>" for u in users)) if users else None
        if waiting != ([expected] if expected else []):
            problems.append(f"commit {seq}: {waiting} instead of {expected!r} in {message.content!r}")
    return problems


def catalogue_problems(double: DiscordDouble) -> list[str]:
    """``/rw card`` autocomplete answers the same typed text with the same list for everyone."""
    answers: dict[str, list[tuple[int, list]]] = {}
    for interaction in double.interactions.values():
        if interaction.callback_type == p.AUTOCOMPLETE_RESULT and _is_catalogue(interaction.payload):
            typed = next(o.get("value") for o in interaction.payload["data"]["options"][0]["options"] if o.get("focused"))
            answers.setdefault(typed, []).append((interaction.user_id, interaction.choices))
    return [
        f"/rw card {typed!r}: answers differ between users"
        for typed, given in answers.items()
        if any(choices != given[0][1] for _, choices in given)
    ]


MAP_FILE = re.compile(r"runewars-(?P<game>\d+)-(?P<seq>\d+)\.png")


def channel_maps(double: DiscordDouble) -> list[tuple[str, int, bytes, str]]:
    """Every map the public saw (any version of a channel message): (where, its commit, the PNG, its alt text)."""
    found = []
    for message in double.messages.values():
        if message.visible_to is not None or double.channels[message.channel_id].type in (p.DM, p.PRIVATE_THREAD):
            continue
        for index, payload in enumerate([*message.history, message.payload]):
            for attachment in payload.get("attachments") or []:
                if match := MAP_FILE.fullmatch(attachment.get("filename", "")):
                    found.append(
                        (
                            f"message {message.id} v{index}",
                            int(match["seq"]),
                            message.files[attachment["id"]],
                            attachment.get("description") or "",
                        )
                    )
    return found


async def map_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Each public map is the bot's picture of the public view of its commit (its pixels
    can show nothing else), with that view's alt text and no metadata chunk. ``moments``
    must be loaded with the double, so it kept those views."""
    problems = []
    for where, seq, data, alt in channel_maps(double):
        extra = [kind for kind, _ in png_chunks(data) if kind not in IMAGE_CHUNKS]
        if extra:
            problems.append(f"{where}: the map of commit {seq} carries chunks {extra}")
        png, expected_alt = await service.map_image(moments.game_id, moments.public_views[seq])
        if data != png:
            problems.append(f"{where}: the map of commit {seq} is not the picture of that commit's public view")
        if alt != expected_alt[:1024]:
            problems.append(f"{where}: the alt text of commit {seq} is not that of the public view: {alt!r}")
    return problems


async def audit(
    double: DiscordDouble, service: GameService, game_id: int, log_lines: Iterable[tuple[float, str]] = ()
) -> list[str]:
    """Every check of this module for one game, as problems (none: nothing leaked)."""
    moments = await Moments.load(service, game_id, double)
    problems = [] if moments.replays_to_stored_state else ["the stored log does not replay to the stored state"]
    problems += [str(leak) for leak in check(double, moments, log_lines)]
    problems += awaited_problems(double, moments)
    problems += catalogue_problems(double)
    problems += await map_problems(double, moments, service)
    return problems
