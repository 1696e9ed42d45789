"""More kill points (issue 21 item 10): a child process (kill_child.py) is SIGKILLed at a chosen
point of a table step, a restarted bot's work (finish stretches, sweep, drain) follows, and
the store is compared with an unkilled run's: games, seats, actions, outbox (delivered or
not), settings, votes, ballots and waits, timestamps normalised. Nothing is lost or sent
twice: every outbox row is delivered, and a message is sent again only with its nonce
(Discord keeps one message per nonce), at most the one in flight at the kill."""

from __future__ import annotations

import asyncio
import collections
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.store import STRETCH
from tests.store import kill_child

CHILD = Path(kill_child.__file__)
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]

_references: dict[str, tuple] = {}


async def _child(*args: str) -> tuple[list[str], int]:
    """Run kill_child.py with ``args``; its stdout lines and return code."""
    pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        str(CHILD),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": pythonpath},
    )
    out, err = await asyncio.wait_for(child.communicate(), timeout=60)
    lines = out.decode().splitlines()
    assert lines, err.decode()
    return lines, child.returncode


def _sends(log: Path) -> collections.Counter:
    if not log.exists():
        return collections.Counter()
    return collections.Counter((s["to"], s["nonce"]) for s in map(json.loads, log.read_text().splitlines()))


async def _run(tmp: Path, name: str, kill: str | None):
    path, log = tmp / "games.db", tmp / "sent.jsonl"
    lines, code = await _child(str(path), name, str(log), *([kill] if kill else []))
    assert lines[0].startswith("ready ") and code == (-signal.SIGKILL if kill else 0), f"{kill}: {lines}, {code}"
    game_id = int(lines[0].split()[1])
    if name == "stretch" and kill:  # the kill landed between two commits of the stretch
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT count(*) FROM outbox WHERE recipient = ?", (STRETCH,)).fetchone()[0] > 0
    lines, code = await _child(str(path), name, str(log), "--recover", str(game_id))
    assert code == 0, lines
    checked = json.loads(lines[-1])
    tables, extra = kill_child.dump(str(path), kill_child.SCENARIOS[name])
    return tables, extra, _sends(log), checked


async def kill_point(tmp_path_factory, name: str, kill: str) -> dict:
    """Kill scenario ``name`` at ``kill`` (``Class.method:N``), restart, compare with the
    unkilled run; returns the killed run's store dump."""
    if name not in _references:
        _references[name] = await _run(tmp_path_factory.mktemp(f"{name}-ref"), name, None)
    reference, _, ref_sends, ref_checked = _references[name]
    killed, extra, sends, checked = await _run(tmp_path_factory.mktemp(f"{name}-killed"), name, kill)

    assert checked == ref_checked
    for table in kill_child.TABLES:
        assert killed[table] == reference[table], (
            f"{name} killed at {kill}: table {table} differs: {_diff(killed, reference, table)}"
        )
    keys = [r["key"] for r in killed["outbox"]]
    assert len(keys) == len(set(keys))
    assert all(r["delivered_at"] for r in killed["outbox"])
    # Every message the unkilled run sent, and no other; twice only with its own nonce, once.
    assert {s for s in sends if s[1] not in extra} == set(ref_sends)
    assert sum(n - 1 for n in sends.values()) <= 1, f"sent more than once: {[k for k, n in sends.items() if n > 1]}"
    return killed


@pytest.mark.parametrize(
    "name, kill",
    [
        ("stretch", "Store.commit_action:1"),
        ("vote", "Store.close_vote:1"),
        ("vote", "Store.set_seats:1"),  # the kicked seat made an AI seat, not yet claimable
        ("ai_vote", "Store.close_vote:1"),
        ("ai_vote", "Store.set_seats:1"),
        ("concede", "Store.set_seats:1"),
        ("claim", "Store.set_seats:1"),
        ("undo", "Store.undo_actions:1"),
        ("sweep", "Store.commit_action:1"),
        ("report", "Store.mark_delivered:5"),  # the reveal's news delivered, the open battle not kept yet
        ("report", "LoggingTransport.send_report:1"),  # the report sent, not the news that links to it
        ("report", "Store.mark_delivered:11"),  # the winner's news delivered, the closed battle not noted
        ("hold", "LoggingTransport.send_channel:1"),
        ("hold", "Store.mark_delivered:1"),
    ],
)
async def test_kill_point(tmp_path_factory, name, kill):
    await kill_point(tmp_path_factory, name, kill)


def _diff(killed: dict, reference: dict, table: str) -> list:
    """The first differing rows' differing columns (killed, unkilled)."""
    for a, b in zip(killed[table], reference[table], strict=False):
        if a != b:
            return [(k, *_around(a.get(k), b.get(k))) for k in a.keys() | b.keys() if a.get(k) != b.get(k)]
    return [f"{len(killed[table])} rows, unkilled {len(reference[table])}"]


def _around(a, b) -> tuple:
    """Long texts: the part around where they first differ."""
    if not (isinstance(a, str) and isinstance(b, str)):
        return a, b
    i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return a[max(0, i - 80) : i + 80], b[max(0, i - 80) : i + 80]
