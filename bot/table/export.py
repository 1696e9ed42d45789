"""The action log as a file (``/game export``), and checking one (``python -m bot verify``).

Two shapes, both JSON (``format`` ``runetable-export``, ``version`` 1):

* **public** (the game is running): the game's header, the seed commitment, and the story
  as the public saw it: per commit its seat, the answer when its prompt was not secret, and
  the public events as text. No seed, no chance results, no secret answer: nothing a
  player could not already see.
* **complete** (the game has ended or was abandoned): also the seed and its salt, every
  commit's records (answers, forced answers, chance results) in the engine's JSON codec,
  the hash of the final state, and the whole story including private events.

:func:`verify_export` recomputes the commitment from the revealed seed and salt, replays
the log from the seed with this machine's engine and data pack, and compares every
commit's records (so every shuffle and draw) and the final state with the file. Any
changed seed, salt, answer, chance result or final state makes it fail.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.narration import narrate, narrator_for
from bot.table import Table
from bot.table.fairness import SCHEME_TEXT, commitment_of
from bot.table.history import Commit, History, HistoryMismatch, replay
from engine.core import Engine, Ruleset, UnknownGame, load_ruleset, state_hash
from engine.core.codec import from_plain, to_plain

EXPORT_FORMAT = "runetable-export"
EXPORT_VERSION = 1
ENDED = ("finished", "abandoned")


async def build_export(table: Table, game_id: int, *, complete: bool | None = None) -> dict[str, Any]:
    """The export of a game; ``complete`` defaults to whether the game has ended (only then
    may secrets be shown)."""
    record = await table.store.get_game(game_id)
    complete = record.status in ENDED if complete is None else complete
    ruleset = table.service.ruleset_of(record)
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
            }
        )
    return data


def _story(game: str, commit: Commit, complete: bool) -> dict[str, Any]:
    narrator = narrator_for(game)
    answer = commit.records[0].action if commit.before is not None else None
    prompt = commit.before.prompt(answer.prompt) if answer is not None else None
    shown = answer is not None and (complete or (prompt is not None and not prompt.secret))
    if complete:
        lines = [
            narrator.event(e) if e.to is None else f"(to seat {', '.join(map(str, sorted(e.to)))}) {narrator.event(e)}"
            for e in commit.transition.events
        ]
    else:
        lines = narrate(game, commit.transition.events, None)
    return {"seq": commit.seq, "seat": commit.seat, "answer": narrator.action(answer) if shown else None, "lines": lines}


def file_name(data: Mapping[str, Any]) -> str:
    return f"runetable-{data['game']}-{data['game_id']}-{'complete' if data['complete'] else 'public'}.json"


def dumps(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, indent=1, ensure_ascii=False).encode()


# -------------------------------------------------------------------- verifying


@dataclass(frozen=True)
class Verification:
    """The verdict on an export and the lines explaining it."""

    ok: bool
    lines: tuple[str, ...]


def verify_export(data: Mapping[str, Any], rulesets: Callable[[str], Ruleset] | None = None) -> Verification:
    """Check an export: its commitment, then its whole log replayed from the revealed seed
    with ``rulesets`` (default: the games installed here)."""
    if data.get("format") != EXPORT_FORMAT or data.get("version") != EXPORT_VERSION:
        return Verification(False, (f"Not a Runetable export (format {EXPORT_FORMAT} version {EXPORT_VERSION}).",))
    if not data.get("complete") or "seed" not in data or "log" not in data:
        return Verification(
            False,
            (
                "This export was made while the game was running: it holds no seed and no"
                " chance results. Export the game again after it has ended.",
            ),
        )
    game_id, seed, salt = data["game_id"], data["seed"], data.get("salt")
    commitment = (data.get("commitment") or {}).get("sha256")
    if commitment is None or salt is None:
        return Verification(False, ("No seed commitment was posted for this game, so its seed cannot be checked.",))
    lines = [f"Game #{game_id} ({data['game']}), seed {seed}."]
    if commitment_of(game_id, seed, salt) != commitment:
        return Verification(
            False, (*lines, f"FAILED: the seed and salt do not match the commitment {commitment} ({SCHEME_TEXT}).")
        )
    lines.append(f"The seed matches the commitment posted at the start ({commitment[:16]}…).")
    try:
        ruleset = (rulesets or load_ruleset)(data["game"])
    except UnknownGame as e:
        return Verification(False, (*lines, f"FAILED: this machine cannot play {data['game']}: {e}"))
    options = from_plain(data["options"])
    if ruleset.pack_hash(options) != data["pack_hash"]:
        return Verification(
            False,
            (
                *lines,
                "FAILED: this machine's data pack differs from the game's"
                f" ({data['pack_hash'][:16]}…); install the pack the game used.",
            ),
        )
    try:
        rows = [(int(e["seq"]), e["seat"], tuple(from_plain(e["records"]))) for e in data["log"]]
    except (KeyError, TypeError, ValueError) as e:
        return Verification(False, (*lines, f"FAILED: the log is malformed ({e})."))
    if [seq for seq, _, _ in rows] != list(range(1, len(rows) + 1)):
        return Verification(False, (*lines, "FAILED: the log's moves are not numbered 1, 2, 3, … without gaps."))
    draws, state = 0, None
    try:
        for commit in replay(Engine(ruleset), None, rows, seed=seed, options=options, seat_count=data["seat_count"]):
            draws += sum(len(r.chance) for r in commit.records)
            state = commit.state
    except HistoryMismatch as e:
        return Verification(False, (*lines, f"FAILED: {e.message}"))
    if state is None or state_hash(state) != data.get("final_state_hash"):
        return Verification(False, (*lines, "FAILED: the replayed final state differs from the export's."))
    lines.append(
        f"OK: all {len(rows)} moves replay from the seed; every one of their {draws} chance results"
        " (shuffles and draws) and the final state match the log."
    )
    return Verification(True, tuple(lines))
