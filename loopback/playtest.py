"""A playtest: one game through the loopback Discord double, measured as its players live it.

:func:`run` starts the real bot in this process against the double (the e2e test settings of
:mod:`loopback.harness`), opens ``/game new game:<game>`` in a channel, lets ``humans`` scripted
users join (the other seats are the bot's AI seats, the lobby's ``ai_seats`` option) and has
them play the whole game, or its first ``chapters`` chapters, by clicking the bot's real
components (:mod:`loopback.brains`: each user decides with the game's AI policy). Then
:func:`measure` counts, per player, per chapter and in total, what the players went through;
the definitions of the figures are in docs/bot.md ("Playtest"), the code below says how each
is found. Everything the bot sent and every interaction are written to a transcript.

How the figures are attributed:

* **Positions** come from the stored log, replayed (:mod:`bot.table.history`): the seats
  awaited after each commit, who committed it, the legal answers open then. Hand-offs and
  pass-only hand-offs are read from it exactly.
* **Chapters** are the front-end's (:meth:`bot.frontend.FrontEnd.chapter`) of each position.
  A message sent from the outbox belongs to the position it was written for; any other
  message version and every interaction to the position committed last before it (by wall
  time). Positions before the first chapter count as ``setup``, after the last as ``end``.
* **Text players see** is every string of a message: content, embeds (title, description,
  fields, footer, author), components (labels, placeholders, text displays, options and
  their descriptions), attachments' alt text, and text attachments; autocomplete choices.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.endpoints import point_at
from bot.frontend import FrontEnd, frontend_for
from bot.i18n import PSEUDO, marking, untranslated
from bot.narration import Narrator
from bot.service.payloads import decisions
from bot.table.history import load_history
from engine.core import state_hash
from loopback import payloads as p
from loopback.brains import Table
from loopback.double import DiscordDouble, Message
from loopback.harness import bot_in_process, delivered, outbox_rows, reader
from loopback.players import Player
from loopback.settings import SWITCH_INTERVAL

#: the scripted users, in the order they join
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
#: the counters of every player, chapter and the totals (docs/bot.md, "Playtest")
COUNTERS = (
    "decisions",
    "clicks",
    "handoffs",
    "single_option_panels",
    "pass_only_handoffs",
    "channel_posts",
    "edits",
    "pings",
    "dms",
    "merged",
    "silent_dms",
    "notifications",
    "reminders",
    "auto_passes",
    "raw_lines",
    "bare_ids",
    "untranslated",
)
SETUP, END = "setup", "end"
#: the Discord locale of a catalogue language (the clients and the server of a playtest in it)
DISCORD_LOCALES = {"en": "en-US", "de": "de", PSEUDO: PSEUDO}
#: a ``key=value`` pair as the generic narration writes it (``seat=0``, ``card=fate-01``)
KEY_VALUE = re.compile(r"(?<![\w/?&=.-])[a-z][a-z0-9_]*=[^\s=]")
#: a seat by its engine number ("Seat 0", "seat None")
SEAT_NUMBER = re.compile(r"\b[Ss]eats? (?:\d+|None)\b")
MENTION = re.compile(r"<@!?(\d+)>")
#: seconds without a new message before the measurement starts (the bot's last posts)
QUIET = 1.0


# --- the generic narration, caught as it writes ------------------------------------------------


class FallbackCatcher:
    """While installed, records every line the generic narration (:class:`bot.narration.Narrator`'s
    own ``event``, ``action``, ``prompt``, ``value``) writes, whichever narrator called it: a game's
    narrator falls back to them for what it does not phrase itself."""

    METHODS = ("event", "action", "prompt", "value")

    def __init__(self) -> None:
        self.lines: set[str] = set()

    @contextlib.contextmanager
    def installed(self) -> Iterator[FallbackCatcher]:
        originals = {name: getattr(Narrator, name) for name in self.METHODS}

        def catching(original: Callable[..., str]) -> Callable[..., str]:
            def wrapper(narrator: Narrator, *args: Any) -> str:
                line = original(narrator, *args)
                if line:
                    self.lines.add(line)
                return line

            return wrapper

        for name, original in originals.items():
            setattr(Narrator, name, catching(original))
        try:
            yield self
        finally:
            for name, original in originals.items():
                setattr(Narrator, name, original)

    def is_raw(self, line: str) -> bool:
        """Whether ``line`` shows generic narration: a ``key=value`` pair, or a line the fallback wrote."""
        return bool(KEY_VALUE.search(line)) or any(len(caught) > 3 and caught in line for caught in self.lines)


# --- what players see ----------------------------------------------------------------------------


def shown_texts(payload: Mapping[str, Any], files: Mapping[str, bytes] = {}) -> list[str]:
    """Every string a reader sees in a message version (see the module docstring)."""
    texts = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []]
        texts += [(embed.get("footer") or {}).get("text", ""), (embed.get("author") or {}).get("name", "")]
    for _, item in p.walk_components(payload.get("components") or []):
        texts += [item.get("label") or "", item.get("content") or "", item.get("placeholder") or ""]
        for option in item.get("options") or []:
            texts += [option.get("label", ""), option.get("description") or ""]
        texts.append((item.get("media") or {}).get("description") or item.get("description") or "")
    for attachment in payload.get("attachments") or []:
        texts.append(attachment.get("description") or "")
        data = files.get(str(attachment.get("id")))
        if data is not None and attachment.get("filename", "").endswith(".txt"):
            texts.append(data.decode("utf-8", "replace"))
    return [line for text in texts if text for line in text.splitlines() if line.strip()]


def pack_ids(records: Any) -> set[str]:
    """The record ids of a data pack that people would not say: those with '-', '_' or '.'."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            if isinstance(value.get("id"), str) and re.search(r"[-_.]", value["id"]):
                found.add(value["id"])
            for inner in value.values():
                walk(inner)
        elif isinstance(value, (list, tuple)):
            for inner in value:
                walk(inner)

    walk(records)
    return found


class BareIds:
    """Finds the pack's record ids and engine seat numbers in a line."""

    def __init__(self, ids: Iterable[str]):
        ordered = sorted(set(ids), key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ordered)) + r")(?![\w-])") if ordered else None

    def find(self, line: str) -> list[str]:
        found = [m.group(0) for m in SEAT_NUMBER.finditer(line)]
        if self.pattern is not None:
            found += [m.group(1) for m in self.pattern.finditer(line)]
        return found


def pinged_users(message: Message, allowed: Mapping[str, Any] | None) -> set[int]:
    """The users a newly created message notifies by a mention: mentioned in its content and
    allowed by its ``allowed_mentions`` (absent: Discord parses every mention); an ephemeral
    message notifies nobody."""
    if message.ephemeral:
        return set()
    mentioned = {int(m) for m in MENTION.findall(message.content)}
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


# --- the run -------------------------------------------------------------------------------------


class RecordingDouble(DiscordDouble):
    """The double, also keeping what it drops: each created message's ``allowed_mentions``."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.allowed_mentions: dict[int, dict[str, Any] | None] = {}

    def _new_message(self, channel_id: int, body: dict[str, Any], files, **kwargs: Any):
        made = super()._new_message(channel_id, body, files, **kwargs)
        if isinstance(made, Message):
            self.allowed_mentions[made.id] = body.get("allowed_mentions")
        return made

    def _edit_message(self, message: Message, body: dict[str, Any], files, **kwargs: Any):
        loading = message.loading
        edited = super()._edit_message(message, body, files, **kwargs)
        if loading and isinstance(edited, Message) and not edited.loading:  # a deferred answer, filled: its send
            self.allowed_mentions[edited.id] = body.get("allowed_mentions")
        return edited


@dataclass
class Options:
    game: str = "runewars"
    players: int | None = None  # table size (default: the game's fewest players)
    seed: int = 1
    humans: int | None = None  # scripted users (default: every seat)
    chapters: int | None = None  # stop after this many chapters (default: the whole game)
    out: Path | None = Path("playtest-out")
    #: the players' ``auto_pass`` setting (default: the bot's default, ``unplayable``)
    auto_pass: str | None = None
    #: the players' ``layout`` setting (default: the bot's default, ``wide``)
    layout: str | None = None
    #: a narrator to play with instead of the game's (tests inject one)
    narrator: Narrator | None = None
    #: the language of every text (issue 31): the players' Discord clients and the server speak it
    #: (``en``, ``de``, or the pseudo-locale ``qps``); the lobby takes the server's
    language: str = "en"
    #: the server's language (so the game's public texts) when it is not ``language`` (issue 31
    #: item 5: German public texts and English private ones, and the reverse)
    public_language: str | None = None
    #: the game's own options, set by the creator with the lobby's components (a scenario, say)
    game_options: Mapping[str, Any] = field(default_factory=dict)


class VirtualClock:
    """The bot's time in a playtest: the real time plus the waits skipped. When the players
    have nothing to click because only auto-passes are due (``auto_pass`` answers after 30 to
    150 seconds), the clock jumps to the next one instead of the run waiting for it."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def __call__(self) -> float:
        return time.time() + self.skipped

    async def next_auto_pass(self, bot: Any) -> bool:
        """Move on to the bot's next planned auto-pass and give it; False when none is planned."""
        due = await bot.service.next_auto_pass()
        if due is None:
            return False
        self.skipped += max(0.0, due - self()) + 0.001
        if await bot.service.auto_passes_due():
            bot.kick_delivery()
        return True


@dataclass
class Played:
    """What a run leaves for :func:`measure`."""

    double: RecordingDouble
    table: Table
    frontend: FrontEnd
    commits: list[Any]
    engine: Any
    created_at: dict[int, float]  # seq -> wall time of the commit
    outbox: list[tuple]
    pack: Any
    catcher: FallbackCatcher
    stopped_early: bool
    seconds: float
    chapter_limit: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: each scripted user's ``auto_pass`` setting (user id -> mode)
    auto_pass: dict[int, str] = field(default_factory=dict)
    #: seconds of auto-pass delays the virtual clock skipped
    waited: float = 0.0
    #: the language the run was played in
    language: str = "en"


def run(options: Options) -> dict[str, Any]:
    """Play and measure one game (:class:`Options`); the report (:func:`measure`)."""
    return asyncio.run(_run(options))


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    """A folder for the bot's database, in memory-backed storage where there is some."""
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="runetable-playtest-", dir=shm if shm.is_dir() and os.access(shm, os.W_OK) else None))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def _run(options: Options) -> dict[str, Any]:
    from bot.narration import _NARRATORS, register_narrator
    from engine.core.registry import find_game

    descriptor = find_game(options.game)
    size = options.players or descriptor.min_players
    humans = size if options.humans is None else options.humans
    if not 1 <= humans <= min(size, len(NAMES)):
        raise ValueError(f"--humans must be 1 to {min(size, len(NAMES))} for a table of {size}")
    frontend = frontend_for(options.game)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    previous = _NARRATORS.get(options.game)
    if options.narrator is not None:
        register_narrator(options.game, options.narrator)
    started = time.monotonic()
    catcher = FallbackCatcher()
    locale = DISCORD_LOCALES.get(options.language, options.language)
    public_language = options.public_language or options.language
    server_locale = DISCORD_LOCALES.get(public_language, public_language)
    marking(PSEUDO not in (options.language, public_language))  # catalogued messages marked, to count what was not (issue 31)
    try:
        with _scratch() as folder, catcher.installed():
            database = folder / "bot.sqlite3"
            async with RecordingDouble() as double:
                double.guild.preferred_locale = server_locale  # the lobby's language: the server's
                point_at(double.api_base, double.gateway_url)
                try:
                    clock = VirtualClock()
                    async with (
                        bot_in_process(double, database, seeds=[options.seed], clock=clock) as bot,
                        reader(database) as service,
                    ):
                        users = [Player(double, double.add_user(name)) for name in NAMES[:humans]]
                        for user in users:
                            user.user.locale = locale  # each player's Discord client
                        for user in users:
                            for key in ("auto_pass", "layout"):
                                if getattr(options, key) is not None:
                                    await bot.service.set_player_setting(user.user.id, key, getattr(options, key))
                        table = Table(
                            double,
                            service,
                            users,
                            seed=options.seed,
                            game=options.game,
                            seats=size,
                            idle=lambda: clock.next_auto_pass(bot),
                        )
                        modes = {user.user.id: await bot.service.player_setting(user.user.id, "auto_pass") for user in users}
                        await table.open(game_options=dict(options.game_options))
                        seen: list[str] = []

                        def enough(view) -> bool:
                            chapter = frontend.chapter(view.view)
                            if chapter is not None and chapter not in seen:
                                seen.append(chapter)
                            return options.chapters is not None and len(seen) > options.chapters

                        public = await table.play(until=enough, max_steps=100_000)
                        stopped_early = public.view.get("result") is None and public.status == "active"
                        await delivered(database, table.game_id, timeout=120.0)
                        await _quiet(double)
                        record = await service.store.get_game(table.game_id)
                        history = await load_history(service.store, service, record)
                        commits = await asyncio.to_thread(history.commits)
                        played = Played(
                            double=double,
                            table=table,
                            frontend=frontend,
                            commits=commits,
                            engine=history.engine,
                            created_at={r.seq: r.created_at for r in history.rows},
                            outbox=outbox_rows(database, table.game_id),
                            pack=await table.pack(),
                            catcher=catcher,
                            auto_pass=modes,
                            waited=clock.skipped,
                            stopped_early=stopped_early,
                            seconds=time.monotonic() - started,
                            chapter_limit=options.chapters,
                            language=options.language,
                        )
                finally:
                    point_at(None, None)
    finally:
        marking(False)
        sys.setswitchinterval(switch)
        if options.narrator is not None:
            if previous is None:
                _NARRATORS.pop(options.game, None)
            else:
                _NARRATORS[options.game] = previous
    report = measure(played)
    report["run"] = {
        "game": options.game,
        "players": size,
        "humans": humans,
        "seed": options.seed,
        "chapters_asked": options.chapters,
        "finished": not played.stopped_early,
        "wall_seconds": round(played.seconds, 1),
        "auto_pass": sorted(set(played.auto_pass.values())),
        "layout": options.layout or "wide",
        "language": options.language,
        "public_language": public_language,
        #: the game as played: its records and its final state (the same in every language, issue 31 item 5)
        "records_hash": _records_hash(played),
        "state_hash": state_hash(played.commits[-1].state) if played.commits else None,
        "auto_pass_waits_skipped_seconds": round(played.waited),
        #: decisions whose panel never came by DM, so the player asked for it with the private command
        "panels_asked_for": sum(brain.fallbacks for brain in played.table.brains),
    }
    if options.out is not None:
        write_transcript(played, options.out, report)
    return report


def _records_hash(played: Played) -> str:
    """A hash of the game's stored log (every record, forced ones included)."""
    import hashlib

    from engine.core import encode

    records = [record for commit in played.commits for record in commit.records]
    return hashlib.sha256(encode(records).encode()).hexdigest()


#: Discord's limits on what a message shows (characters): ``(where, limit)``
LIMITS = {
    "content": 2000,
    "embed title": 256,
    "embed description": 4096,
    "field name": 256,
    "field value": 1024,
    "footer": 2048,
    "label": 80,
    "placeholder": 150,
    "option label": 100,
    "option description": 100,
    "alt text": 1024,
}


def over_limits(payload: Mapping[str, Any]) -> list[str]:
    """What in a message version is longer than Discord allows (German runs longer; issue 31 item 5)."""
    found: list[tuple[str, str]] = [("content", payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        found += [("embed title", embed.get("title") or ""), ("embed description", embed.get("description") or "")]
        for f in embed.get("fields") or []:
            found += [("field name", f.get("name") or ""), ("field value", f.get("value") or "")]
        found.append(("footer", (embed.get("footer") or {}).get("text", "")))
    for _, item in p.walk_components(payload.get("components") or []):
        found += [("label", item.get("label") or ""), ("placeholder", item.get("placeholder") or "")]
        for option in item.get("options") or []:
            found += [("option label", option.get("label") or ""), ("option description", option.get("description") or "")]
    found += [("alt text", a.get("description") or "") for a in payload.get("attachments") or []]
    return [f"{where}: {len(text)} > {LIMITS[where]}: {text[:60]!r}" for where, text in found if len(text) > LIMITS[where]]


async def _quiet(double: DiscordDouble, seconds: float = QUIET, timeout: float = 30.0) -> None:
    """Wait until no message was created or edited for ``seconds`` (the bot's last posts)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        last = max((m.versions_at[-1] for m in double.messages.values()), default=0.0)
        if time.time() - last >= seconds:
            return
        await asyncio.sleep(0.1)


# --- the measurement -----------------------------------------------------------------------------


def _zero() -> dict[str, Any]:
    return {key: 0 for key in COUNTERS} | {"max_image": [0, 0]}


def _bigger(image: list[int], size: tuple[int, int]) -> list[int]:
    return list(size) if size[0] * size[1] > image[0] * image[1] else image


def measure(played: Played) -> dict[str, Any]:
    """The report: totals at the top level, ``per_player`` and ``per_chapter`` beside them."""
    double, table, frontend, engine = played.double, played.table, played.frontend, played.engine
    humans = {seat: user for seat, user in table.seats.items() if user is not None}
    names = {brain.user.id: brain.user.name for brain in table.brains}
    states = {c.seq: c.state for c in played.commits}

    # chapters of the positions, and where a wall time falls
    chapter_of: dict[int, str] = {}
    labels: list[str] = []
    for commit in played.commits:
        label = frontend.chapter(engine.view(commit.state, None))
        if label is not None:
            if label not in labels:
                labels.append(label)
            chapter_of[commit.seq] = label
    first = min(chapter_of, default=None)
    for commit in played.commits:
        if commit.seq not in chapter_of:
            chapter_of[commit.seq] = SETUP if first is None or commit.seq < first else END
    seqs = sorted(played.created_at)
    times = [played.created_at[s] for s in seqs]

    def at_time(wall: float) -> str:
        i = bisect.bisect_right(times, wall) - 1
        return chapter_of.get(seqs[i], SETUP) if i >= 0 else SETUP

    outbox_seq = {int(row[5]): int(row[1]) for row in played.outbox if row[5] is not None}
    reminder_ids = {int(row[5]) for row in played.outbox if row[5] is not None and "remind/" in row[0]}

    def message_chapter(message: Message, version: int) -> str:
        if version == 0 and message.id in outbox_seq:
            return chapter_of.get(outbox_seq[message.id], SETUP)
        return at_time(message.versions_at[version])

    order = [SETUP, *labels, END]
    per_chapter: dict[str, dict[str, Any]] = {label: _zero() for label in order}
    per_player: dict[str, dict[str, Any]] = {names[u]: {"seat": s} | _zero() for s, u in sorted(humans.items())}
    del_keys = ("channel_posts", "edits", "max_image")
    for entry in per_player.values():
        for key in del_keys:
            entry.pop(key)
    totals = _zero()

    def count(key: str, chapter: str, user: int | None = None, amount: int = 1) -> None:
        totals[key] += amount
        per_chapter[chapter][key] += amount
        if user is not None and user in names:
            per_player[names[user]][key] += amount

    # decisions and single-option panels: the users' answered decisions
    for step in table.steps:
        user = humans.get(step.seat)
        chapter = chapter_of.get(step.seq_before, SETUP)
        count("decisions", chapter, user)
        state = states.get(step.seq_before)
        if state is not None:
            offered = next((d for d in decisions(engine, state, step.seat) if d.prompt.id == step.prompt), None)
            if offered is not None and len(offered.actions) == 1:
                count("single_option_panels", chapter, user)

    # hand-offs: a user's seat shown a decision after a commit of another seat, when it was
    # shown none before it; a decision ``auto_pass`` answers by itself (one legal answer, the
    # setting not ``off``) is never shown, so a seat awaited only for such is no hand-off
    def shown(state: Any, seat: int) -> list[Any]:
        quiet = played.auto_pass.get(humans[seat], "off") != "off"
        return [d for d in decisions(engine, state, seat) if not (quiet and len(d.actions) == 1)]

    # a step answers its decision and, for a stretch of plays (bot/ui/stretch.py), every commit of its seat up to its end
    answered = {
        (step.seat, seq)
        for step in table.steps
        for seq in (range(step.seq_before, max(step.seq_after, step.seq_before + 1)) if step.stretch else (step.seq_before,))
    }
    shown_before: set[int] = set()
    for commit in played.commits:
        state = commit.state
        now_shown = {seat for seat in humans if state.result is None and shown(state, seat)}
        if commit.seq > 1 and commit.seat in humans and (commit.seat, commit.seq - 1) not in answered:
            count("auto_passes", chapter_of[commit.seq], humans[commit.seat])
        for seat in sorted(now_shown - shown_before):  # the start (seq 1) hands every seat its first decision
            if commit.seat != seat:
                chapter = chapter_of[commit.seq]
                count("handoffs", chapter, humans[seat])
                open_ = [a for d in shown(state, seat) for a in d.actions]
                passes = {choice for pr in state.prompts_for(seat) for choice in _pass_choices(frontend, pr.kind)}
                if open_ and all(a.choice in passes for a in open_):
                    count("pass_only_handoffs", chapter, humans[seat])
        shown_before = now_shown

    # clicks: every interaction a user sent but autocomplete (typing)
    for interaction in double.interactions.values():
        if interaction.user_id in names and interaction.type != p.AUTOCOMPLETE:
            count("clicks", at_time(interaction.sent_wall), interaction.user_id)

    # messages: posts, edits, pings, DMs, raw lines, bare ids, untranslated lines, pictures
    untranslated_runs: Counter[str] = Counter()
    too_long: list[str] = []
    finder = BareIds(pack_ids(getattr(played.pack, "records", played.pack)))
    channel_id = table.channel.id
    for message in sorted(double.messages.values(), key=lambda m: m.id):
        channel = double.channels.get(message.channel_id)
        created = message_chapter(message, 0)
        private_to = _private_reader(double, message, channel)
        if message.id in reminder_ids:
            count("reminders", created, private_to)
            continue
        if message.channel_id == channel_id and not message.ephemeral:
            count("channel_posts", created)
        dm_to = private_to if channel is not None and channel.type in (p.DM, p.PRIVATE_THREAD) else None
        first = _first_version(message)
        silent = bool(first.flags & p.SUPPRESS_NOTIFICATIONS)  # sent with no push notification
        pinged = set() if silent else pinged_users(first, played.double.allowed_mentions.get(message.id))
        if dm_to is not None:
            count("dms", created, dm_to)
            if silent:
                count("silent_dms", created, dm_to)
        for user in pinged & set(names):
            count("pings", created, user)
            if user == dm_to:
                count("merged", created, user)
        versions = [*message.history, message.payload]
        for i in range(1, len(versions)):
            if not versions[i - 1].get("flags", 0) & p.LOADING:  # filling a deferred answer is no edit
                count("edits", message_chapter(message, i))
        raw: set[str] = set()
        bare: set[tuple[str, str]] = set()
        foreign: set[str] = set()
        for i, version in enumerate(versions):
            chapter = message_chapter(message, i)
            too_long += over_limits(version)
            for line in shown_texts(version, message.files):
                if line not in foreign and (left := untranslated(line)):
                    foreign.add(line)
                    count("untranslated", chapter, private_to)
                    untranslated_runs.update(left)
                if line not in raw and played.catcher.is_raw(line):
                    raw.add(line)
                    count("raw_lines", chapter, private_to)
                for found in finder.find(line):
                    if (line, found) not in bare:
                        bare.add((line, found))
                        count("bare_ids", chapter, private_to)
            for attachment in version.get("attachments") or []:
                if attachment.get("width"):
                    size = (int(attachment["width"]), int(attachment["height"]))
                    totals["max_image"] = _bigger(totals["max_image"], size)
                    per_chapter[chapter]["max_image"] = _bigger(per_chapter[chapter]["max_image"], size)
    for interaction in double.interactions.values():  # what autocomplete offered as the user typed
        if interaction.callback_type == p.AUTOCOMPLETE_RESULT:
            chapter = at_time(interaction.sent_wall)
            for choice in interaction.callback["data"]["choices"]:
                if left := untranslated(choice["name"]):
                    count("untranslated", chapter, interaction.user_id)
                    untranslated_runs.update(left)
                if played.catcher.is_raw(choice["name"]):
                    count("raw_lines", chapter, interaction.user_id)
                for _ in finder.find(choice["name"]):
                    count("bare_ids", chapter, interaction.user_id)

    # turns (a game whose front-end tells turns): the players' own turns, their plays and clicks in them
    turn_of: dict[int, Any] = {}  # position -> the turn it is in (the turn a commit from it belongs to)
    for commit in played.commits:
        turn = frontend.turn(engine.view(commit.state, None)) if frontend.tells_turns else None
        turn_of[commit.seq] = tuple(turn) if turn is not None else None
    own_turns = {turn_of.get(c.seq - 1) for c in played.commits if c.seat in humans and turn_of.get(c.seq - 1)}
    own_turns = {t for t in own_turns if t[1] in humans}
    plays = Counter(turn_of.get(c.seq - 1) for c in played.commits if c.seat in humans and turn_of.get(c.seq - 1) in own_turns)
    turn_clicks: Counter[Any] = Counter()
    for interaction in double.interactions.values():
        if interaction.user_id in names and interaction.type != p.AUTOCOMPLETE and interaction.type != p.APPLICATION_COMMAND:
            i = bisect.bisect_right(times, interaction.sent_wall) - 1
            turn = turn_of.get(seqs[i]) if i >= 0 else None
            if turn in own_turns and humans.get(turn[1]) == interaction.user_id:
                turn_clicks[turn] += 1
    turns_played = len(own_turns)

    for bucket in (totals, *per_chapter.values(), *per_player.values()):
        bucket["notifications"] = bucket["pings"] + bucket["dms"] - bucket["silent_dms"] - bucket["merged"]
    chapters = len(labels)
    if played.stopped_early and played.chapter_limit is not None:
        chapters = min(chapters, played.chapter_limit)
    totals["chapters"] = chapters
    report: dict[str, Any] = dict(totals)
    #: the players' own turns: how many, their plays (answers committed) and clicks per turn on average,
    #: and the same over the turns of at most 6 plays (issue 28: at most 4 clicks a turn)
    short = [t for t in own_turns if plays[t] <= 6]
    report["turns"] = {
        "count": turns_played,
        "plays_per_turn": round(sum(plays.values()) / turns_played, 2) if turns_played else 0,
        "clicks_per_turn": round(sum(turn_clicks.values()) / turns_played, 2) if turns_played else 0,
        "clicks_per_turn_of_up_to_6_plays": round(sum(turn_clicks[t] for t in short) / len(short), 2) if short else 0,
        "turns_of_up_to_6_plays": len(short),
        "most_clicks": max(turn_clicks.values(), default=0),
    }
    report["per_player"] = per_player
    report["per_chapter"] = [{"chapter": label} | per_chapter[label] for label in order if any(_nonzero(per_chapter[label]))]
    report["ai_seats"] = sorted(s for s, u in table.seats.items() if u is None)
    #: decisions a private form answers (FrontEnd.form_kinds): how many, and the most interactions one took
    forms: dict[str, dict[str, int]] = {}
    for step in table.steps:
        if step.kind in frontend.form_kinds:
            entry = forms.setdefault(step.kind, {"decisions": 0, "max_interactions": 0})
            entry["decisions"] += 1
            entry["max_interactions"] = max(entry["max_interactions"], len(step.interactions))
    report["forms"] = forms
    #: the most frequent uncatalogued words (what the ``untranslated`` lines still say in the code's English)
    report["untranslated_examples"] = dict(untranslated_runs.most_common(20))
    #: texts longer than Discord shows (:data:`LIMITS`), the first few
    report["over_limits"] = len(too_long)
    report["over_limits_examples"] = sorted(set(too_long))[:10]
    return report


def _nonzero(bucket: Mapping[str, Any]) -> Iterator[bool]:
    for key, value in bucket.items():
        yield bool(value) if key != "max_image" else bool(value[0])


def _pass_choices(frontend: FrontEnd, kind: str) -> set[str]:
    """The answers of a prompt kind that only pass: its front-end's auto-pass choice, and ``pass``."""
    return {"pass"} | ({frontend.auto_passes[kind]} if kind in frontend.auto_passes else set())


def _first_version(message: Message) -> Message:
    """The message as sent: its first version, or the one that filled a deferred answer."""
    versions = [*message.history, message.payload]
    sent = next((v for v in versions if not v.get("flags", 0) & p.LOADING), versions[-1])
    return Message(sent)


def _private_reader(double: DiscordDouble, message: Message, channel) -> int | None:
    """The one user who reads ``message`` (an ephemeral, a DM, a private thread), else None."""
    if message.visible_to is not None:
        return message.visible_to
    if channel is None:
        return None
    if channel.type == p.DM:
        return channel.recipient_id
    if channel.type == p.PRIVATE_THREAD:
        members = [m for m in channel.members if m != double.bot.id]
        return members[0] if len(members) == 1 else None
    return None


# --- the transcript and the summary --------------------------------------------------------------


def write_transcript(played: Played, out: Path, report: Mapping[str, Any]) -> None:
    """``transcript.jsonl`` (every message version and interaction, in time order), the pictures
    (``pictures/<message>-<file>``) and ``report.json`` in ``out``."""
    double = played.double
    out.mkdir(parents=True, exist_ok=True)
    pictures = out / "pictures"
    pictures.mkdir(exist_ok=True)
    names = {u.id: u.name for u in double.users.values()} | {double.bot.id: double.bot.name}
    entries: list[tuple[float, dict[str, Any]]] = []
    for message in double.messages.values():
        channel = double.channels.get(message.channel_id)
        where = "ephemeral" if message.visible_to is not None else _where(channel, played.table.channel.id)
        private_to = _private_reader(double, message, channel)
        for i, version in enumerate([*message.history, message.payload]):
            entry = {
                "event": "message" if i == 0 else "edit",
                "message": message.id,
                "where": where,
                "to": names.get(private_to) if private_to else None,
                "payload": version,
            }
            entries.append((message.versions_at[i], entry))
        for attachment in message.attachments:
            data = message.files.get(attachment["id"])
            if data is not None:
                (pictures / f"{message.id}-{attachment['filename']}").write_bytes(data)
    for interaction in double.interactions.values():
        entry = {
            "event": "interaction",
            "user": names.get(interaction.user_id),
            "type": interaction.type,
            "data": interaction.payload.get("data"),
            "answer": interaction.callback,
        }
        entries.append((interaction.sent_wall, entry))
    entries.sort(key=lambda e: e[0])
    with open(out / "transcript.jsonl", "w", encoding="utf-8") as handle:
        for at, entry in entries:
            handle.write(json.dumps({"at": round(at, 3)} | entry, ensure_ascii=False, default=str) + "\n")
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def _where(channel, game_channel: int) -> str:
    if channel is None:
        return "unknown"
    if channel.id == game_channel:
        return "channel"
    return {p.DM: "dm", p.PRIVATE_THREAD: "private thread", p.PUBLIC_THREAD: "thread"}.get(channel.type, "other channel")


def summary(report: Mapping[str, Any]) -> str:
    """The report as a few readable lines."""
    run_ = report.get("run", {})
    lines = [
        f"{run_.get('game')}: {run_.get('players')} seats, {run_.get('humans')} scripted players, seed {run_.get('seed')},"
        f" language {run_.get('language', 'en')},"
        f" {report['chapters']} chapters{'' if run_.get('finished') else ' (stopped early)'}, {run_.get('wall_seconds')} s",
        "totals: "
        + ", ".join(f"{k} {report[k]}" for k in COUNTERS)
        + f", max_image {report['max_image'][0]}x{report['max_image'][1]}",
    ]
    for name, entry in report["per_player"].items():
        shown = ", ".join(f"{k} {v}" for k, v in entry.items() if k != "seat")
        lines.append(f"  {name} (seat {entry['seat'] + 1}): {shown}")
    if report.get("turns", {}).get("count"):
        lines.append("turns: " + ", ".join(f"{k} {v}" for k, v in report["turns"].items()))
    posts = Counter({c["chapter"]: c["channel_posts"] for c in report["per_chapter"]})
    lines.append("channel posts per chapter: " + ", ".join(f"{k} {v}" for k, v in posts.items()))
    for kind, entry in (report.get("forms") or {}).items():
        lines.append(f"form {kind}: {entry['decisions']} decisions, at most {entry['max_interactions']} interactions each")
    return "\n".join(lines)
