"""The action log as a file (``/game export``), and checking one (``python -m bot verify``).

Two shapes, both JSON (``format`` ``runetable-export``, ``version`` 1):

* **public** (the game is running): the game's header, the seed commitment, and the story
  as the public saw it: per commit its seat, the answer when its prompt was not secret, and
  the public events as text. No seed, no chance results, no secret answer: nothing a
  player could not already see.
* **complete** (the game has ended or was abandoned): also the seed and its salt, every
  commit's records (answers, forced answers, chance results) in the engine's JSON codec,
  the hash of the final state, the whole story including private events, and the data pack
  the game was played with (``pack``: its hash and its records as the JSON that hash is
  computed over; null for a game without packs).

:func:`verify_export` trusts nothing in the file: it checks the file's shape (a malformed
one is one line), looks the game up among the games installed here by name (a module the
file names is never imported), recomputes the commitment from the revealed seed and salt,
checks the embedded pack against the game's pack hash and as data (a folder named in the
options is never read), replays the log from the seed with this machine's engine and that
pack, and compares every commit's records (so every shuffle and draw) and the final state
with the file. Any changed seed, salt, answer, chance result, pack or final state makes it
fail.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.narration import narrate, narrator_for
from bot.service import pack_content
from bot.store import GameRecord
from bot.table import Table
from bot.table.fairness import SCHEME_TEXT, commitment_of
from bot.table.history import Commit, History, HistoryMismatch, replay
from engine.core import Action, ActionRecord, Engine, Ruleset, UnknownGame, state_hash
from engine.core.codec import from_plain, to_plain
from engine.core.game import BadOption
from engine.core.registry import installed_games

EXPORT_FORMAT = "runetable-export"
EXPORT_VERSION = 1
ENDED = ("finished", "abandoned")


async def build_export(table: Table, game_id: int, *, complete: bool | None = None) -> dict[str, Any]:
    """The export of a game; ``complete`` defaults to whether the game has ended (only then
    may secrets be shown)."""
    record = await table.store.get_game(game_id)
    complete = record.status in ENDED if complete is None else complete
    ruleset = await table.service.ruleset_for(record)
    history = await History.load(table.store, record, ruleset)
    commits = await asyncio.to_thread(history.commits)
    fair = await table.store.fairness(game_id)
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "complete": complete,
        "game": record.game,
        "game_id": record.id,
        "status": record.status,
        "engine_version": record.engine_version,
        "pack_hash": record.pack_hash,
        "options": to_plain(history.current.options),
        "seat_count": history.current.seat_count,
        "seats": [{"seat": s.seat, "ai": s.is_ai} for s in await table.store.seats(game_id)],
        "commitment": None if fair is None else {"scheme": SCHEME_TEXT, "sha256": fair.commitment},
        "story": [_story(record.game, c, complete) for c in commits],
    }
    if complete:
        data.update(
            {
                "seed": record.seed,
                "salt": None if fair is None else fair.salt,
                "log": [{"seq": row.seq, "seat": row.seat, "records": json.loads(row.action)} for row in history.rows],
                "result": to_plain(history.current.result),
                "final_state_hash": state_hash(history.current),
                "pack": await _embedded_pack(table, record, ruleset, history.current.options),
            }
        )
    return data


async def _embedded_pack(table: Table, record: GameRecord, ruleset: Ruleset, options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The game's data pack as the store keeps it (its records as the JSON its hash is computed
    over, and beside them the load order its decks are built in), so the export verifies where
    that pack is not installed; None for a game without one."""
    if not record.pack_hash:
        return None
    stored = await table.store.pack(record.pack_hash)
    if stored is None:  # a game started before packs were kept: this machine's pack if it is the game's
        stored = await asyncio.to_thread(pack_content, ruleset, options)
    if stored is None or hashlib.sha256(stored.content.encode()).hexdigest() != record.pack_hash:
        return None
    embedded: dict[str, Any] = {"hash": record.pack_hash, "content": stored.content}
    if stored.load_order is not None:
        embedded["load_order"] = json.loads(stored.load_order)
    return embedded


def _story(game: str, commit: Commit, complete: bool) -> dict[str, Any]:
    narrator = narrator_for(game)
    answer = commit.records[0].action if commit.before is not None else None
    prompt = commit.before.prompt(answer.prompt) if answer is not None else None
    shown = answer is not None and (complete or (prompt is not None and not prompt.secret))
    answers = [r.action for r in commit.records if not r.forced]  # several: a form answered in one step
    if complete:
        lines = [
            narrator.event(e) if e.to is None else f"(to seat {', '.join(map(str, sorted(e.to)))}) {narrator.event(e)}"
            for e in commit.transition.events
        ]
    else:
        lines = narrate(game, commit.transition.events, None)
    told = "; ".join(narrator.action(a) for a in answers) if shown else None
    return {"seq": commit.seq, "seat": commit.seat, "answer": told, "lines": lines}


def file_name(data: Mapping[str, Any]) -> str:
    return f"runetable-{data['game']}-{data['game_id']}-{'complete' if data['complete'] else 'public'}.json"


def dumps(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, indent=1, ensure_ascii=False).encode()


# -------------------------------------------------------------------- verifying

#: the shapes of an export's fields (the file is untrusted: docs/table.md "Export and review")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[0-9a-f]{16,128}")
_STATE_HASH = re.compile(r"[0-9a-f]{16,64}")
_BIG = 2**63
MAX_LINE = 240


@dataclass(frozen=True)
class Verification:
    """The verdict on an export and the lines explaining it; ``malformed``: the file is no
    well-formed export, and ``lines`` is the one line saying why (the command exits 2)."""

    ok: bool
    lines: tuple[str, ...]
    malformed: bool = False


class _Malformed(Exception):
    """What is wrong with the file's shape (one line)."""


def _one_line(text: str) -> str:
    """``text`` on one line of at most :data:`MAX_LINE` characters (it may quote the file)."""
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


def _key(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise _Malformed(f"it has no {key!r}")
    return data[key]


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = _key(data, key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value < high:
        raise _Malformed(f"{key!r} must be a whole number from {low} to {high - 1}")
    return value


def _text(data: Mapping[str, Any], key: str, pattern: re.Pattern[str] | None = None, *, optional: bool = False) -> Any:
    value = _key(data, key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
        shape = f"a text matching {pattern.pattern}" if pattern is not None else "a text"
        raise _Malformed(f"{key!r} must be {shape}{' or null' if optional else ''}")
    return value


def _object(data: Mapping[str, Any], key: str, *, optional: bool = False) -> Any:
    value = _key(data, key)
    if (value is None and optional) or isinstance(value, dict):
        return value
    raise _Malformed(f"{key!r} must be an object{' or null' if optional else ''}")


def _installed_ruleset(name: str) -> Ruleset:
    """The ruleset of the installed game ``name``: never a module path (that would import it)."""
    descriptor = installed_games().get(name)
    if descriptor is None:
        raise UnknownGame(name)
    return descriptor.load_ruleset()


def _records(entry: Any, seat_count: int) -> tuple[int, int | None, tuple[ActionRecord, ...]]:
    """One log entry, decoded and checked for shape (its records are ActionRecords of Actions)."""
    if not isinstance(entry, dict):
        raise _Malformed("each move of the log must be an object")
    seq = _int(entry, "seq", 1, _BIG)
    seat = _key(entry, "seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seat_count):
        raise _Malformed(f"move {seq}'s seat must be null or a seat from 0 to {seat_count - 1}")
    plain = _key(entry, "records")
    if not isinstance(plain, list):
        raise _Malformed(f"move {seq}'s records must be a list")
    try:
        records = tuple(from_plain(plain))
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise _Malformed(f"move {seq}'s records do not decode ({type(e).__name__}: {e})") from None
    for record in records:
        action = getattr(record, "action", None)
        if not (
            isinstance(record, ActionRecord)
            and isinstance(record.seq, int)
            and isinstance(record.forced, bool)
            and isinstance(record.chance, tuple)
            and all(isinstance(c, int) and not isinstance(c, bool) and abs(c) < _BIG for c in record.chance)
            and isinstance(action, Action)
            and isinstance(action.seat, int)
            and not isinstance(action.seat, bool)
            and 0 <= action.seat < seat_count
            and isinstance(action.prompt, str)
            and isinstance(action.choice, str)
            and isinstance(action.args, Mapping)
        ):
            raise _Malformed(f"move {seq}'s records are not records of answers (seq, action, chance, forced)")
    return seq, seat, records


def verify_export(data: Any, rulesets: Callable[[str], Ruleset] | None = None) -> Verification:
    """Check an export: its shape, its commitment, its embedded data pack, then its whole log
    replayed from the revealed seed with ``rulesets`` (default: the games installed here,
    looked up by name only). Nothing in the file is trusted: it names no module that is
    imported and no folder that is read; a malformed file is one line, ``malformed``."""
    try:
        return _verify(data, rulesets or _installed_ruleset)
    except _Malformed as e:
        return Verification(False, (_one_line(f"Not a well-formed Runetable export: {e}."),), malformed=True)
    except RecursionError:
        return Verification(False, ("Not a well-formed Runetable export: it is nested too deeply.",), malformed=True)


def _verify(data: Any, rulesets: Callable[[str], Ruleset]) -> Verification:
    if not isinstance(data, Mapping):
        raise _Malformed("it is not a JSON object")
    version = data.get("version")
    if data.get("format") != EXPORT_FORMAT or type(version) is not int or version != EXPORT_VERSION:
        raise _Malformed(f"no format {EXPORT_FORMAT} version {EXPORT_VERSION}")
    complete = _key(data, "complete")
    if not isinstance(complete, bool):
        raise _Malformed("'complete' must be true or false")
    if not complete:
        return Verification(
            False,
            (
                "This export was made while the game was running: it holds no seed and no"
                " chance results. Export the game again after it has ended.",
            ),
        )
    game = _text(data, "game")
    game_id = _int(data, "game_id", 1, _BIG)
    seed = _int(data, "seed", 0, 2**64)
    salt = _text(data, "salt", _SALT, optional=True)
    commitment_data = _object(data, "commitment", optional=True)
    commitment = None if commitment_data is None else _text(commitment_data, "sha256", _HEX64)
    recorded_pack = _text(data, "pack_hash")
    if recorded_pack and not _HEX64.fullmatch(recorded_pack):
        raise _Malformed("'pack_hash' must be empty or 64 hexadecimal digits")
    plain_options = _object(data, "options")
    seat_count = _int(data, "seat_count", 1, 1000)
    log = _key(data, "log")
    if not isinstance(log, list) or not log:
        raise _Malformed("'log' must be a list of moves")
    final_hash = _text(data, "final_state_hash", _STATE_HASH)
    embedded = _object(data, "pack", optional=True) if "pack" in data else None  # older exports have none
    if embedded is not None:
        _text(embedded, "hash", _HEX64)
        _text(embedded, "content")

    try:
        ruleset = rulesets(game)
    except (UnknownGame, KeyError, ImportError):
        installed = ", ".join(sorted(installed_games())) or "none"
        raise _Malformed(f"its game {game[:40]!r} is not installed here (installed games: {installed})") from None
    try:
        options = from_plain(plain_options)
    except (TypeError, ValueError, KeyError) as e:
        raise _Malformed(f"its options do not decode ({type(e).__name__}: {e})") from None
    descriptor = installed_games().get(game)
    if descriptor is not None:
        try:
            descriptor.check_options(options)
        except BadOption as e:
            raise _Malformed(f"its options are not {game}'s: {e}") from None
    if not ruleset.min_seats <= seat_count <= ruleset.max_seats:
        raise _Malformed(f"{game} is played by {ruleset.min_seats} to {ruleset.max_seats} seats, not {seat_count}")
    rows = [_records(entry, seat_count) for entry in log]

    lines = [f"Game #{game_id} ({game}), seed {seed}."]
    if commitment is None or salt is None:
        return Verification(False, ("No seed commitment was posted for this game, so its seed cannot be checked.",))
    if commitment_of(game_id, seed, salt) != commitment:
        return Verification(
            False, (*lines, f"FAILED: the seed and salt do not match the commitment {commitment} ({SCHEME_TEXT}).")
        )
    lines.append(f"The seed matches the commitment posted at the start ({commitment[:16]}…).")
    ruleset, problem = _with_pack(ruleset, embedded, recorded_pack, options)
    if problem is not None:
        return Verification(False, (*lines, _one_line(f"FAILED: {problem}")))
    if [seq for seq, _, _ in rows] != list(range(1, len(rows) + 1)):
        return Verification(False, (*lines, "FAILED: the log's moves are not numbered 1, 2, 3, … without gaps."))
    draws, state, seq = 0, None, 0
    try:
        for commit in replay(Engine(ruleset), None, rows, seed=seed, options=options, seat_count=seat_count):
            draws += sum(len(r.chance) for r in commit.records)
            state, seq = commit.state, commit.seq
    except HistoryMismatch as e:
        return Verification(False, (*lines, _one_line(f"FAILED: {e.message}")))
    except RecursionError:
        raise
    except Exception as e:  # the file is untrusted: whatever the rules make of it is a verdict, not a crash
        return Verification(False, (*lines, _one_line(f"FAILED: move {seq + 1} does not replay ({type(e).__name__}: {e}).")))
    if state is None or state_hash(state) != final_hash:
        return Verification(False, (*lines, "FAILED: the replayed final state differs from the export's."))
    lines.append(
        f"OK: all {len(rows)} moves replay from the seed; every one of their {draws} chance results"
        " (shuffles and draws) and the final state match the log."
    )
    return Verification(True, tuple(lines))


def _with_pack(
    ruleset: Ruleset, embedded: Mapping[str, Any] | None, recorded: str, options: Mapping[str, Any]
) -> tuple[Ruleset, str | None]:
    """The ruleset playing the export's own data pack, or what is wrong with that pack. A
    ruleset with data packs takes one through ``with_pack_records(records)``;
    ``options`` never name a folder that is read."""
    bind = getattr(ruleset, "with_pack_records", None)
    if embedded is None:
        if bind is not None:
            return ruleset, (
                f"the export embeds no data pack (the game's is {recorded[:16]}…);"
                " export the game again with /game export, which includes it."
            )
        if ruleset.pack_hash(options) != recorded:
            return ruleset, f"this machine's data pack differs from the game's ({recorded[:16]}…)."
        return ruleset, None
    if bind is None:
        return ruleset, f"{ruleset.name} has no data packs, but the export embeds one."
    content = embedded["content"]
    digest = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()
    if digest != recorded or embedded["hash"] != recorded:
        return ruleset, (
            f"the embedded data pack (sha256 {digest[:16]}…) does not match the game's pack hash"
            f" {recorded[:16]}…: the pack in the file was changed."
        )
    try:
        records = json.loads(content)
    except ValueError as e:
        return ruleset, f"the embedded data pack is not JSON ({e})."
    try:
        bound = bind(records, embedded.get("load_order"))
    except ValueError as e:  # PackInvalid: the first error and how many more
        return ruleset, f"the embedded data pack is not a valid data pack: {e}"
    if bound.pack_hash(options) != recorded:
        return ruleset, f"the embedded data pack loads as another pack than the game's ({recorded[:16]}…)."
    return bound, None
