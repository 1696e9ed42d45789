"""The stored log, replayed: the state at any past move, the events of each commit, seasons.

The store keeps one ``actions`` row per commit (seq 1 is the set-up; every later row holds
the player's answer first, then the answers the engine forced after it, each with its
chance results) and a snapshot every ``snapshot_every`` commits. Events are not stored:
they are re-derived by replaying, which is exact because all randomness flows from the
seed (docs/architecture.md). :func:`replay` checks each replayed commit against the
stored records, so a log that does not replay is reported, never silently trusted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import RunetableError
from bot.narration import narrate, narrator_for
from bot.store import ActionRecord as LogRow
from bot.store import GameRecord
from engine.core import ActionRecord, Engine, GameState, Ruleset, Seat, Transition, decode
from engine.core.codec import from_plain
from engine.core.versioning import upgrade


class HistoryMismatch(RunetableError):
    """A stored commit does not replay to the records the log holds."""


@dataclass(frozen=True)
class Commit:
    """One replayed commit: who committed it, the state before it (None for the set-up) and
    what it produced (its records, events and the state after)."""

    seq: int
    seat: Seat | None
    before: GameState | None
    transition: Transition

    @property
    def records(self) -> tuple[ActionRecord, ...]:
        return self.transition.records

    @property
    def state(self) -> GameState:
        return self.transition.state


def decode_state(text: str, ruleset: Ruleset) -> GameState:
    """A stored state (the game's, or a snapshot's), upgraded to the ruleset's format."""
    plain, _ = upgrade(json.loads(text), ruleset.state_format)
    return from_plain(plain)


def replay(
    engine: Engine,
    state: GameState | None,
    rows: Iterable[tuple[int, Seat | None, Sequence[ActionRecord]]],
    *,
    seed: int,
    options: Mapping[str, Any],
    seat_count: int,
) -> Iterator[Commit]:
    """Replay commits ``(seq, seat, records)`` from ``state`` (the state before the first of
    them; None when they start with the set-up, seq 1), checking each against its records."""
    for seq, seat, records in rows:
        if seq == 1:
            transition = engine.setup(options, seat_count, seed)
        else:
            if state is None or not records or records[0].forced:
                raise HistoryMismatch(f"Move {seq} has no player's answer to replay.")
            try:  # a commit holds one answer, or several of one seat (a form answered in one step)
                transition = engine.apply_all(state, [r.action for r in records if not r.forced])
            except ValueError as e:  # the engine's refusals are ValueErrors
                raise HistoryMismatch(f"Move {seq} does not replay: {e}") from None
        if tuple(transition.records) != tuple(records):
            raise HistoryMismatch(
                f"Move {seq} replays to other results than the log holds"
                f" ({_chance(transition.records)} drawn, the log says {_chance(records)})."
            )
        yield Commit(seq, seat, state, transition)
        state = transition.state


def _chance(records: Sequence[ActionRecord]) -> list[list[int]]:
    return [list(r.chance) for r in records]


class History:
    """The log of one game as stored, replayable from its nearest snapshot."""

    def __init__(self, record: GameRecord, ruleset: Ruleset, rows: Sequence[LogRow], snapshots: Mapping[int, str]):
        self.record = record
        self.engine = Engine(ruleset)
        self.rows = list(rows)
        self.snapshots = dict(snapshots)
        self.current = decode_state(record.state, ruleset)

    @classmethod
    async def load(cls, store, record: GameRecord, ruleset: Ruleset, *, from_seq: int = 1) -> History:
        """The log, with what is needed to replay from move ``from_seq`` on: the nearest
        snapshot before it (or the set-up) and every row after that snapshot."""
        snapshot = await store.latest_snapshot(record.id, at_or_before=from_seq - 1) if from_seq > 1 else None
        after = snapshot.seq if snapshot is not None else 0
        rows = await store.actions(record.id, after_seq=after)
        return cls(record, ruleset, rows, {snapshot.seq: snapshot.state} if snapshot else {})

    def commits(self, first: int = 1, last: int | None = None) -> list[Commit]:
        """The commits ``first..last`` (default: to the newest), replayed; ``first`` must not
        precede the ``from_seq`` the history was loaded for. A long replay takes a while: call
        it through ``asyncio.to_thread``."""
        last = self.record.seq if last is None else last
        start = max((s for s in self.snapshots if s < first), default=0)
        state = decode_state(self.snapshots[start], self.engine.ruleset) if start else None
        rows = [(r.seq, r.seat, tuple(decode(r.action))) for r in self.rows if start < r.seq <= last]
        replayed = replay(
            self.engine, state, rows, seed=self.record.seed, options=self.current.options, seat_count=self.current.seat_count
        )
        return [c for c in replayed if c.seq >= first]

    def state_at(self, seq: int) -> GameState:
        """The state right after commit ``seq``."""
        if seq == self.record.seq:
            return self.current
        if seq in self.snapshots:
            return decode_state(self.snapshots[seq], self.engine.ruleset)
        return self.commits(seq, seq)[-1].state


async def load_history(store, service, record: GameRecord, *, from_seq: int = 1) -> History:
    return await History.load(store, record, await service.ruleset_for(record), from_seq=from_seq)


def story_lines(game: str, commits: Iterable[Commit], viewer: Seat | None) -> list[str]:
    """The narrated events of ``commits`` as ``viewer`` saw them."""
    return [line for c in commits for line in narrate(game, c.transition.events, viewer)]


def seasons(commits: Iterable[Commit], engine: Engine) -> list[tuple[str, int]]:
    """The seasons of a game as its narrator names them (:meth:`bot.narration.Narrator.season`):
    ``(name, last seq of that season)`` in order, e.g. ``("Year 1 spring", 57)``."""
    narrator = narrator_for(engine.ruleset.name)
    out: list[tuple[str, int]] = []
    for commit in commits:
        name = narrator.season(engine.view(commit.state, None))
        if name is None:
            continue
        if out and out[-1][0] == name:
            out[-1] = (name, commit.seq)
        else:
            out.append((name, commit.seq))
    return out
