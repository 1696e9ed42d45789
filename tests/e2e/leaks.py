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

**The one exception: auto-pass timing.** With the default ``auto_pass`` setting,
``unplayable``, a window a seat can only pass is passed after a random 30 to 150 seconds
while a seat that could play is asked, so a quick pass suggests an empty choice (issue 19
item 2, docs/architecture.md "Windows reveal nothing about hands"). It is a deliberate,
documented timing leak, the only one: these checks match what outputs say, never when they
come, and nothing here treats the timing of an answer as an output.
"""

from __future__ import annotations

import io
import json
import re
import sqlite3
import struct
import zlib
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot import ids
from bot.frontend import frontend_for
from bot.narration import narrator_for
from bot.service import GameService
from bot.service.payloads import decisions_from_payload, dumps, events_plain
from bot.table import Table, recap
from engine.core import Engine, decode, encode
from engine.runewars.bids import Bid
from engine.runewars.control import controller
from engine.runewars.views import rune_as_seen
from loopback import payloads as p
from loopback.double import DiscordDouble, Message

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: PNG chunks that carry pixels, not words (the renderer writes IHDR, IDAT and IEND only)
IMAGE_CHUNKS = {b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS"}
AREA = r"\d+[A-Z]"
QUOTED = re.compile(r'"([\w.\-]+)"')  # JSON strings that could be card ids
NOT_AN_AREA = rf"(?!(?<![\w-]){AREA}(?![\w-]))[^\n]"
#: the status message's first line: "📜 **Game #1** · Year 1, autumn · move 62"
STATUS = re.compile(r"📜 \*\*Game #\d+\*\*.* · move (?P<seq>\d+)")
CATALOGUE_COMMAND = ("rw", "card")  # /rw card: autocomplete and answers name the pack's public catalogue
#: a game's own secrets, for a game whose secrets are not Runewars' (its cards, runes, orders and
#: bids): game -> "module:class" of a builder like :class:`_SecretBuilder` (tests/e2e/<game>_secrets.py)
SECRET_BUILDERS: dict[str, str] = {
    "ragnarok": "tests.e2e.ragnarok_secrets:RagnarokSecrets",
    "seventhstone": "tests.e2e.leaks_seventhstone:StoneSecrets",
}


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
    seed: int | None = None
    finished_at: int | None = None  # the commit that ended the game
    secret_answers: set[int] = field(default_factory=set)  # commits answering a secret prompt
    #: (the commit a battle ended in, its public events as the outbox carries them)
    battles: list[tuple[int, list[dict[str, Any]]]] = field(default_factory=list)
    public_players: dict[int, list[Any]] = field(default_factory=dict)  # news commit -> the public view's players
    claims: list[Claim] = field(default_factory=list)  # seats claimed mid-game, in order
    private_lines: dict[int, list[list[str]]] = field(default_factory=dict)  # user -> lines of each private row
    seat_views: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)  # (seq, seat) -> its view, for DM pictures

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
        outbox, private_lines = _outbox(store.path, game_id)
        keep = set() if double is None else {found[1] for found in channel_maps(double)}
        news = _news_seqs(store.path, game_id)  # every news row: a turn post's edits have no message of their own
        pictured = {(entry.seq, entry.picture[0]) for entry in outbox.values() if entry.picture is not None}
        builder = _builder(record.game)(engine, pack, state, {s.seat: s.user_id for s in seats})
        moments = cls(game_id, {s.seat: s.user_id for s in seats}, [r.created_at for r in rows], [{}], [()], {}, builder.catalog)
        moments.seed, moments.private_lines = record.seed, private_lines
        span, battle = narrator_for(record.game).report_span, None
        events: list = []
        for row in rows:
            if row.seq > 1:
                answers = [r.action for r in decode(row.action) if not r.forced]  # several: a form in one step
                prompt = state.prompt(answers[0].prompt)
                if prompt is not None and prompt.secret:
                    moments.secret_answers.add(row.seq)
                transition = engine.apply_all(state, answers)
                state, events = transition.state, list(transition.events)
            else:
                events = list(engine.setup(decode(record.state).options, len(seats), record.seed).events)
            moments.secrets_at.append(builder.moment(state, events))
            moments.awaited_at.append(tuple(state.awaited()))
            if row.seq in keep:
                moments.public_views[row.seq] = engine.view(state, None)
            for seq, seat in pictured:
                if seq == row.seq:
                    moments.seat_views[seq, seat] = json.loads(dumps(engine.view(state, seat)))
            if row.seq in news:
                moments.public_players[row.seq] = json.loads(dumps(engine.view(state, None))).get("players", [])
            if state.result is not None and moments.finished_at is None:
                moments.finished_at = row.seq
            for event in json.loads(dumps({"e": events_plain([e for e in events if e.visible_to(None)])}))["e"]:
                if span is None:
                    break
                if event["kind"] == span[0]:
                    battle = [event]
                elif battle is not None:
                    battle.append(event)
                if event["kind"] == span[1] and battle is not None:
                    moments.battles.append((row.seq, battle))
                    battle = None
        moments.replays_to_stored_state = encode(state) == record.state
        moments.outbox = outbox
        if double is not None:
            moments.claims = claims(double, game_id)
        return moments

    @property
    def last_seq(self) -> int:
        return len(self.secrets_at) - 1

    def holders(self, wall: float | None = None) -> dict[int, int | None]:
        """seat -> user at the end, or (``wall``) at that wall time: the seats claimed since
        are given back to their former holders."""
        holders = dict(self.users)
        if wall is not None:
            for claim in reversed(self.claims):
                if claim.at > wall:
                    holders[claim.seat] = claim.former
        return holders

    def seat_of(self, user_id: int | None, wall: float | None = None) -> int | None:
        """The seat ``user_id`` holds at the end, or held at wall time ``wall``."""
        return next((s for s, u in self.holders(wall).items() if u is not None and u == user_id), None)

    def ended_by(self, seq: int) -> bool:
        return self.finished_at is not None and seq >= self.finished_at

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


def _builder(game: str) -> Any:
    """The class that follows a replay of ``game`` (:data:`SECRET_BUILDERS`; Runewars' by default)."""
    if game not in SECRET_BUILDERS:
        return _SecretBuilder
    import importlib

    module, _, name = SECRET_BUILDERS[game].partition(":")
    return getattr(importlib.import_module(module), name)


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
        refs = [rf"\b[Ss]eat {seat}\b", rf"\bPlayer {seat + 1}\b", rf"\bAI {seat + 1}\b"]  # the names of issue 19 item 4
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
            pattern = re.compile(
                rf"\b[Oo]rder\b\W{{0,4}}(?:{n}\b|{name}\b)|\b{name}\b\s*\({n}\)|\bchos\w*\W+(?:order\W+)?{n}\b|\b{n} · {name}\b"
            )
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
class Claim:
    """A seat taken over mid-game (the Claim button): from ``at`` (wall time of the click) on,
    ``holder`` holds ``seat`` instead of ``former``."""

    at: float
    seat: int
    former: int | None
    holder: int


CLAIM = re.compile(ids.CLAIM_TEMPLATE)
TOOK_OVER = re.compile(r"took over seat (?P<seat>\d+) from <@!?(?P<former>\d+)>")


def claims(double: DiscordDouble, game_id: int) -> list[Claim]:
    """The successful Claim clicks of a game, in order (their public answer names the seats)."""
    found = []
    for interaction in double.interactions.values():
        match = CLAIM.fullmatch((interaction.payload.get("data") or {}).get("custom_id", ""))
        if match is None or int(match["game"]) != game_id:
            continue
        for answer in (interaction.message, *interaction.followups):
            if answer is not None and answer.visible_to is None and (took := TOOK_OVER.search(answer.content or "")):
                found.append(Claim(interaction.sent_wall, int(took["seat"]) - 1, int(took["former"]), interaction.user_id))
                break
    return sorted(found, key=lambda c: c.at)


@dataclass(frozen=True)
class OutboxEntry:
    """A delivered outbox row: its commit, recipient ('channel' or 'user:<id>') and payload kind."""

    seq: int
    recipient: str
    kind: str
    map: dict[str, Any] | None = None  # a reminder's recap map (seat, since, seq, rewinds)
    picture: tuple[int, str | None, dict[str, Any]] | None = None  # a decision's DM: (seat, the area shown, the view sent)

    @property
    def news(self) -> bool:
        """A channel message of a commit (not a notice)."""
        return self.recipient == "channel" and self.kind in ("start", "update")


def _news_seqs(database, game_id: int) -> set[int]:
    """The commits of the game's channel news rows, sent as a message or as an edit."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT seq, payload FROM outbox WHERE game_id = ? AND recipient = 'channel'", (game_id,)).fetchall()
    return {seq for seq, payload in rows if json.loads(payload).get("kind") in ("start", "update")}


def _outbox(database, game_id: int) -> tuple[dict[int, OutboxEntry], dict[int, list[list[str]]]]:
    """The delivered outbox rows of the game, by Discord message id; the lines of every
    private row (delivered or held), by user."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT message_id, seq, recipient, payload FROM outbox WHERE game_id = ?", (game_id,)).fetchall()
    delivered, lines = {}, {}
    for message_id, seq, recipient, payload in rows:
        data = json.loads(payload)
        if recipient.startswith("user:"):
            lines.setdefault(int(recipient.removeprefix("user:")), []).append(list(data.get("lines") or []))
        picture = None
        if recipient.startswith("user:") and data.get("view") is not None and data.get("decisions"):
            decision = decisions_from_payload(data)[0]
            area = frontend_for(data["game"]).decision_area(decision.prompt, list(decision.actions), data["view"])
            picture = (data["seat"], area, data["view"])
        if message_id is not None:
            delivered[int(message_id)] = OutboxEntry(seq, recipient, data.get("kind", ""), data.get("map"), picture)
    return delivered, lines


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
        reader, where = _audience(double, message)
        versions = [*message.history, message.payload]
        for index, (payload, at) in enumerate(zip(versions, message.versions_at)):
            if payload.get("flags", 0) & p.LOADING:
                continue
            viewer = None if reader is None else moments.seat_of(reader, at)  # the seat the reader held then
            first, last = _window(double, moments, message, index, at, payload)
            found += _split(payload, message, viewer, f"{where} v{index}", first, last)
    for interaction in double.interactions.values():
        if interaction.callback_type != p.AUTOCOMPLETE_RESULT or _is_catalogue(interaction.payload):
            continue
        viewer = moments.seat_of(interaction.user_id, interaction.sent_wall)
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


def _audience(double: DiscordDouble, message: Message) -> tuple[int | None, str]:
    """The one user a message reached (None: the public), and a name for it in reports."""
    channel = double.channels[message.channel_id]
    if message.visible_to is not None:
        return message.visible_to, f"ephemeral {message.id} to {double.users[message.visible_to].name}"
    if channel.type == p.DM:
        return channel.recipient_id, f"DM {message.id} to {double.users[channel.recipient_id].name}"
    readers = channel.members - {double.bot.id}
    if channel.type == p.PRIVATE_THREAD and len(readers) == 1:
        (reader,) = readers
        return reader, f"private thread message {message.id} to {double.users[reader].name}"
    return None, f"channel message {message.id}"


def _window(
    double: DiscordDouble, moments: Moments, message: Message, index: int, at: float, payload: dict[str, Any]
) -> tuple[int, int]:
    if index == 0 and message.id in moments.outbox:
        seq = moments.outbox[message.id].seq
        return seq, seq
    if status := STATUS.match(p.text_of(payload)):  # the status message (classic or dashboard) names its commit
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
    """``/rw card`` (any game's ``/<group> card``, bot/cogs/groups.py): the data pack's public
    catalogue (see the module docstring)."""
    data = payload.get("data") or {}
    group, subcommand = CATALOGUE_COMMAND
    return data.get("name") not in (None, "game") and any(o.get("name") == subcommand for o in data.get("options", []))


def _split(payload: dict[str, Any], message: Message, viewer: int | None, where: str, first: int, last: int) -> list[Output]:
    """One message version as outputs, one per kind."""
    out = []
    lines = p.text_of(payload).splitlines()  # the content, or a Components V2 message's text displays
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
    add("alt text", [media.get("description") or "" for media in p.media_of(payload)])
    for attachment in payload.get("attachments") or []:
        add("alt text", [attachment.get("description") or ""])
        add("attachment name", [attachment.get("filename") or ""])
        data = message.files.get(attachment["id"], b"")
        if data.startswith(PNG_SIGNATURE):
            add("png metadata", png_metadata(data))
        elif (content := _json(data)) is not None:  # an export: a file anyone may be shown, so public
            out += export_outputs(content, where, first, last)
    return out


def export_outputs(content: Any, where: str, first: int, last: int) -> list[Output]:
    """An export's words as outputs. Each entry of its story narrates one commit and is audited
    against the secrets of that commit: an order revealed in an earlier season stays public history
    even when the same player picks the same order again later (a running export made then shows
    both the old reveal and the new, still secret choice, and only the latter would be a leak)."""
    if not isinstance(content, dict) or not isinstance(content.get("story"), list):
        return [Output("attachment content", where, json.dumps(content, ensure_ascii=False, indent=1), None, first, last)]
    header = {key: value for key, value in content.items() if key != "story"}
    outputs = [Output("attachment content", where, json.dumps(header, ensure_ascii=False, indent=1), None, first, last)]
    for entry in content["story"]:
        seq = entry.get("seq") if isinstance(entry, dict) else None
        at = seq if isinstance(seq, int) and seq <= last else last
        outputs.append(
            Output("attachment content", f"{where}, commit {seq}", json.dumps(entry, ensure_ascii=False), None, at, at)
        )
    return outputs


def _json(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


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
    """No news message (a turn post, in any version) says who is awaited: only the status
    message and the ping do (issue 19 item 3); a ping names only users awaited after the
    commit of its news."""
    problems = []
    for message_id, entry in moments.outbox.items():
        message, seq = double.messages.get(message_id), entry.seq
        if not entry.news or message is None:
            continue
        for version in [*message.history, message.payload]:
            waiting = [line for line in p.text_of(version).splitlines() if line.startswith("Waiting for:")]
            if waiting:
                problems.append(f"commit {seq}: a turn post says {waiting}")
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


#: the status message's gallery (the map, the board panel's pages) and a public /game map's
MAP_FILE = re.compile(r"[a-z]+-(?P<game>\d+)-(?P<seq>\d+)-(?P<name>map|map-\d+|panel-\d+)\.png")
PUBLIC_MAP_FILE = re.compile(r"map-(?P<game>\d+)-(?P<seq>\d+)(?:-(?P<area>[0-9A-Z]+))?-(?P<name>map|map-\d+|panel-\d+)\.png")


def channel_maps(double: DiscordDouble) -> list[tuple[str, int, str | None, str, bytes, str]]:
    """Every map picture the public saw (any version of a channel message): (where, its
    commit, the area of a crop, the picture's name in its gallery, the PNG, its alt text)."""
    found = []
    for message in double.messages.values():
        if message.visible_to is not None or double.channels[message.channel_id].type in (p.DM, p.PRIVATE_THREAD):
            continue
        for index, payload in enumerate([*message.history, message.payload]):
            for attachment in payload.get("attachments") or []:
                name = attachment.get("filename", "")
                if match := MAP_FILE.fullmatch(name) or PUBLIC_MAP_FILE.fullmatch(name):
                    found.append(
                        (
                            f"message {message.id} v{index}",
                            int(match["seq"]),
                            match.groupdict().get("area"),
                            match["name"],
                            message.files[attachment["id"]],
                            attachment.get("description") or "",
                        )
                    )
    return found


async def map_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Each public map picture (the status message's gallery, a public /game map) is the
    bot's picture of the public view of its commit (its pixels can show nothing else), with
    that view's alt text and no metadata chunk. ``moments`` must be loaded with the double,
    so it kept those views."""
    problems = []
    for where, seq, area, name, data, alt in channel_maps(double):
        extra = [kind for kind, _ in png_chunks(data) if kind not in IMAGE_CHUNKS]
        if extra:
            problems.append(f"{where}: the map of commit {seq} carries chunks {extra}")
        gallery = await service.map_images(moments.game_id, moments.public_views[seq], crop=area)
        expected = {n: (png, text) for png, text, n in gallery or []}
        if name not in expected or data != expected[name][0]:
            problems.append(f"{where}: the picture {name} of commit {seq} is not the picture of that commit's public view")
        elif alt != expected[name][1][:1024]:
            problems.append(f"{where}: the alt text of commit {seq} is not that of the public view: {alt!r}")
    return problems


# -------------------------------------------------------------------- the timelapse

TIMELAPSE_FILE = re.compile(r"timelapse-(?P<game>\d+)-(?P<seq>\d+)\.(?P<ext>webp|gif|png)")
#: RIFF chunks of an animated WebP that carry pixels or framing, not words (no EXIF, XMP or ICC profile)
WEBP_CHUNKS = {b"VP8X", b"ANIM", b"ANMF", b"VP8L", b"VP8 ", b"ALPH"}


def webp_chunks(data: bytes) -> list[bytes]:
    """The top-level chunk types of a WebP file (RIFF), in order."""
    kinds, pos = [], 12
    while pos + 8 <= len(data):
        kind, size = data[pos : pos + 4], int.from_bytes(data[pos + 4 : pos + 8], "little")
        kinds.append(kind)
        pos += 8 + size + (size & 1)
    return kinds


async def timelapse_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Every timelapse shown (the finished game's status message, a /game review timelapse
    reply) is exactly the timelapse of the public views of its game up to its commit, as this
    audit replays them (issue 32 item 2: never a seat's view, never the reveal), and carries
    no metadata chunk (WebP: no EXIF, XMP or ICC profile; PNG: no ancillary chunk)."""
    from bot.table.timelapse import chapter_frames, render

    found = [(m, v, a, data) for m, v, _, a, data in attachments(double, TIMELAPSE_FILE)]
    found = [f for f in found if int(TIMELAPSE_FILE.fullmatch(f[2]["filename"])["game"]) == moments.game_id]
    if not found:
        return []
    record = await service.store.get_game(moments.game_id)
    ruleset = service.ruleset_of(record)
    engine, pack = Engine(ruleset), ruleset.pack(record.options)
    tr = await service.game_tr(moments.game_id)
    state = engine.setup(decode(record.state).options, len(moments.users), record.seed).state
    views = [(1, engine.view(state, None))]
    for row in await service.store.actions(moments.game_id):
        if row.seq > 1:
            state = engine.apply(state, decode(row.action)[0].action).state
            views.append((row.seq, engine.view(state, None)))
    problems, expected = [], {}
    for message, version, attachment, data in found:
        seq = int(TIMELAPSE_FILE.fullmatch(attachment["filename"])["seq"])
        if seq not in expected:
            made = render(record.game, chapter_frames(record.game, [v for v in views if v[0] <= seq], tr), pack)
            expected[seq] = None if made is None else made.data
        where = f"message {message.id} v{version}"
        if data != expected[seq]:
            problems.append(f"{where}: the timelapse of commit {seq} is not drawn from the public views up to it")
        if data.startswith(b"RIFF") and (extra := [k for k in webp_chunks(data) if k not in WEBP_CHUNKS]):
            problems.append(f"{where}: the timelapse carries chunks {extra}")
        if data.startswith(PNG_SIGNATURE) and (extra := [k for k, _ in png_chunks(data) if k not in IMAGE_CHUNKS]):
            problems.append(f"{where}: the timelapse still carries chunks {extra}")
    return problems


# -------------------------------------------------------------------- attachments, threads, seats

EXPORT_FORMAT = "runetable-export"
#: what only a complete export (after the end) may hold (bot/table/export.py)
EXPORT_SECRETS = ("seed", "salt", "log", "final_state_hash", "pack")
RECAP_FILE = re.compile(r"game-(?P<game>\d+)-changes-(?P<seq>\d+)\.png")
BATTLE_FILE = re.compile(r"battle-(?P<game>\d+)-(?P<seq>\d+)\.png")
DECISION_FILE = re.compile(r"game-(?P<game>\d+)-decision-(?P<seq>\d+)\.png")
RECAP = re.compile(ids.RECAP_TEMPLATE)
HELD = "Private message (game #"


def attachments(double: DiscordDouble, pattern: re.Pattern[str]) -> Iterator[tuple[Message, int, float, dict[str, Any], bytes]]:
    """Every attachment (any version of any message) whose file name matches ``pattern``:
    (message, version, its wall time, the attachment, its bytes)."""
    for message in list(double.messages.values()):  # a snapshot: the bot may still be sending
        for index, (payload, at) in enumerate(zip([*message.history, message.payload], message.versions_at)):
            for attachment in payload.get("attachments") or []:
                if pattern.fullmatch(attachment.get("filename", "")):
                    yield message, index, at, attachment, message.files.get(attachment["id"], b"")


def _private(double: DiscordDouble, message: Message) -> bool:
    return message.visible_to is not None or double.channels[message.channel_id].type in (p.DM, p.PRIVATE_THREAD)


def export_problems(double: DiscordDouble, moments: Moments) -> list[str]:
    """An export made while the game runs is the public one: no seed, salt, log or pack, no
    private event, no answer to a secret prompt (its words are matched as ``attachment
    content`` by :func:`check`)."""
    problems = []
    for message in list(double.messages.values()):  # a snapshot: the bot may still be sending
        for index, (payload, at) in enumerate(zip([*message.history, message.payload], message.versions_at)):
            for attachment in payload.get("attachments") or []:
                data = _json(message.files.get(attachment["id"], b""))
                if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or data.get("game_id") != moments.game_id:
                    continue
                if moments.ended_by(moments.seq_at(at)):
                    continue
                where = f"export in message {message.id} v{index}"
                if data.get("complete") is not False:
                    problems.append(f"{where}: a running game's export is marked complete")
                if shown := [key for key in EXPORT_SECRETS if key in data]:
                    problems.append(f"{where}: a running game's export holds {shown}")
                for entry in data.get("story") or []:
                    if any(str(line).startswith("(to seat") for line in entry.get("lines") or []):
                        problems.append(f"{where}: commit {entry.get('seq')} shows a private event")
                    if entry.get("seq") in moments.secret_answers and entry.get("answer") is not None:
                        problems.append(f"{where}: commit {entry.get('seq')} shows a secret answer {entry['answer']!r}")
    return problems


async def recap_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Each recap map (a reminder's, or the "Map of the changes" answer) reached one user
    privately and is, byte for byte, the bot's picture of the view of the seat that user
    held then (:func:`bot.table.recap.recap_map`)."""
    problems, table = [], Table(service.store, service)
    answers = {m: i for i in double.interactions.values() for m in (i.original_id, *i.followup_ids) if m is not None}
    for message, index, at, attachment, data in attachments(double, RECAP_FILE):
        where = f"recap map in message {message.id} v{index}"
        if int(RECAP_FILE.fullmatch(attachment["filename"])["game"]) != moments.game_id:
            continue
        reader, _ = _audience(double, message)
        if reader is None or not _private(double, message):
            problems.append(f"{where}: a recap map in a message the public reads")
            continue
        seat = moments.seat_of(reader, at)
        entry = moments.outbox.get(message.id)
        if entry is not None and entry.map is not None:
            shown = entry.map
            if shown.get("seat") != seat:
                problems.append(f"{where}: the map of seat {shown.get('seat')} went to {double.users[reader].name} (seat {seat})")
                continue
            since, seq, rewinds = shown["since"], shown["seq"], shown["rewinds"]
        elif message.id in answers and (
            button := RECAP.fullmatch((answers[message.id].payload.get("data") or {}).get("custom_id", ""))
        ):
            since, seq, rewinds = int(button["since"]), int(button["seq"]), int(button["rewinds"])
        else:
            problems.append(f"{where}: a recap map that no reminder or recap button asked for")
            continue
        if seat is None:
            problems.append(f"{where}: a recap map to {double.users[reader].name}, who held no seat")
            continue
        png, alt, _ = await recap.recap_map(table, moments.game_id, seat, reader, since, seq, rewinds)
        if data != png:
            problems.append(f"{where}: not the picture of seat {seat}'s own view after move {seq}")
        if (attachment.get("description") or "") != alt[:1024]:
            problems.append(f"{where}: the alt text is not that of seat {seat}'s recap: {attachment.get('description')!r}")
    return problems


async def battle_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Each battle picture is public and, byte for byte, the renderer's picture of a battle
    as the public saw it: the public events of a battle that ended in the commits its news
    message covers, with that commit's public players."""
    problems = []
    news = sorted(moments.public_players)  # the commits of every news row
    for message, index, _, attachment, data in attachments(double, BATTLE_FILE):
        match = BATTLE_FILE.fullmatch(attachment["filename"])
        if int(match["game"]) != moments.game_id:
            continue
        seq, where = int(match["seq"]), f"battle picture in message {message.id} v{index}"
        if _private(double, message):
            problems.append(f"{where}: a battle picture in a private message")
        before = max((s for s in news if s < seq), default=0)
        players = moments.public_players.get(seq, [])
        expected = []
        for ended, events in moments.battles:
            if before < ended <= seq:

                def draw(renderer, pack, events=events, players=players) -> bytes | None:
                    out = io.BytesIO()
                    renderer.render_battle(events, pack, players=players).save(out, format="PNG")
                    return out.getvalue()

                expected.append(await service.picture(moments.game_id, draw))
        if data not in expected:
            problems.append(f"{where}: not the picture of a public battle of commits {before + 1}-{seq}")
    return problems


async def decision_problems(double: DiscordDouble, moments: Moments, service: GameService) -> list[str]:
    """Each decision's picture in a DM (issue 19 item 6) reached the holder of that seat
    privately and is, byte for byte, the map drawn from that seat's own view at that commit
    (the view its outbox row carries is that view), around the area the decision is about: the
    first picture of the reader's ``layout`` gallery."""
    problems = []
    for message, index, at, attachment, data in attachments(double, DECISION_FILE):
        if int(DECISION_FILE.fullmatch(attachment["filename"])["game"]) != moments.game_id:
            continue
        where = f"decision picture in message {message.id} v{index}"
        reader, _ = _audience(double, message)
        entry = moments.outbox.get(message.id)
        if entry is None:  # sent after the outbox was read (the bot goes on while the audit runs)
            entry = _outbox(service.store.path, moments.game_id)[0].get(message.id)
        if reader is None or not _private(double, message) or entry is None or entry.picture is None:
            problems.append(f"{where}: a decision picture that no private decision message asked for")
            continue
        seat, area, view = entry.picture
        if moments.seat_of(reader, at) != seat:
            problems.append(f"{where}: the picture of seat {seat} went to {double.users[reader].name}")
        if (entry.seq, seat) in moments.seat_views and moments.seat_views[entry.seq, seat] != view:
            problems.append(f"{where}: drawn from another view than seat {seat}'s own after move {entry.seq}")
            continue
        palette = await service.player_setting(reader, "palette")
        layout = await service.player_setting(reader, "layout")
        drawn = await service.map_images(moments.game_id, view, seat, crop=area, palette=palette, layout=layout)
        if not drawn or drawn[0][0] != data:  # the first picture of the reader's layout: the map's part
            problems.append(f"{where}: not the map of seat {seat}'s own view around {area}")
    return problems


def thread_problems(double: DiscordDouble, moments: Moments) -> list[str]:
    """A private thread (the closed-DM fallback) has one reader besides the bot, ever (the
    double has no route that removes a thread member, so its members are everyone ever
    added), and the private rows delivered into it are that reader's."""
    problems = []
    for channel in double.channels.values():
        if channel.type != p.PRIVATE_THREAD:
            continue
        readers = channel.members - {double.bot.id}
        if len(readers) != 1:
            problems.append(f"private thread {channel.id} ({channel.name!r}) has members {sorted(readers)}")
    for message_id, entry in moments.outbox.items():
        message = double.messages.get(message_id)
        if message is None or not entry.recipient.startswith("user:"):
            continue
        channel = double.channels[message.channel_id]
        if channel.type == p.PRIVATE_THREAD and channel.members - {double.bot.id} != {int(entry.recipient[5:])}:
            problems.append(f"commit {entry.seq}: a private message for {entry.recipient} in thread {channel.id}")
    return problems


def held_problems(double: DiscordDouble, moments: Moments) -> list[str]:
    """A held private message (``/rw hand`` shows them) is shown only to the user it was
    written for: never to another user, a new holder of the seat included."""
    problems = []
    for message in double.messages.values():
        content = message.payload.get("content") or ""
        if message.visible_to is None or not content.startswith(HELD) or f"game #{moments.game_id})" not in content:
            continue
        shown = "\n".join(content.splitlines()[1:])
        mine = moments.private_lines.get(message.visible_to, [])
        if not any("\n".join(lines).startswith(shown) for lines in mine):
            problems.append(
                f"ephemeral {message.id}: a held message shown to {double.users[message.visible_to].name} was not theirs"
            )
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
    problems += export_problems(double, moments)
    problems += await recap_problems(double, moments, service)
    problems += await battle_problems(double, moments, service)
    problems += await decision_problems(double, moments, service)
    problems += thread_problems(double, moments)
    problems += held_problems(double, moments)
    problems += await timelapse_problems(double, moments, service)
    return problems
