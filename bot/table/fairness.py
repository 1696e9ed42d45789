"""Provably fair shuffles: a commitment to the game's seed, posted first and revealed last.

Every shuffle and draw of a game follows from its seed and the players' answers
(``engine/core/rng.py``: SplitMix64, replayed exactly). When the table first sees a game (in
its lobby, before the seat order and the set-up are drawn) it posts

    commitment = SHA-256("runetable-seed-v1:<game id>:<seed>:<salt>")

where ``salt`` is 128 random bits kept secret with the seed. The salt makes the seed
impossible to guess from the commitment even when the seed space is small (tests, scenario
seeds); the game id binds the commitment to this game. When the game ends (or is
abandoned) the table reveals the seed and the salt; anyone can then recompute the
commitment and replay the exported log with ``python -m bot verify`` (:mod:`.export`),
which confirms every chance result the log holds and the final state.
"""

from __future__ import annotations

import hashlib
import secrets

from bot.i18n import ENGLISH, Tr, command_mention
from bot.store import FairnessRecord, GameRecord
from bot.table import SweepReport, Table, notices

SCHEME = "runetable-seed-v1"
SCHEME_TEXT = 'SHA-256 of "runetable-seed-v1:<game id>:<seed>:<salt>" (UTF-8, salt as lowercase hex)'


def commitment_of(game_id: int, seed: int, salt: str) -> str:
    return hashlib.sha256(f"{SCHEME}:{game_id}:{seed}:{salt}".encode()).hexdigest()


async def ensure_commitment(table: Table, record: GameRecord) -> FairnessRecord:
    """The game's commitment, made now if it has none yet (its first one is kept)."""
    known = await table.store.fairness(record.id)
    if known is not None:
        return known
    salt = secrets.token_hex(16)
    return await table.store.create_fairness(record.id, salt, commitment_of(record.id, record.seed, salt))


def commitment_line(fair: FairnessRecord, tr: Tr = ENGLISH) -> str:
    return tr._("🔒 Seed commitment (SHA-256): `{commitment}`", commitment=fair.commitment)


async def announce(table: Table, record: GameRecord, report: SweepReport) -> None:
    """Post the commitment of a game that has not had it posted."""
    fair = await ensure_commitment(table, record)
    if fair.announced_at is not None:
        return
    tr = await table.service.game_tr(record.id)
    await notices.to_channel(
        table.store,
        record.id,
        "commitment",
        [
            commitment_line(fair, tr),
            tr._(
                "Every shuffle and draw of this game follows from that seed. It is revealed when the game ends;"
                " then {export} and `python -m bot verify` check every one of them.",
                export=command_mention("game export", tr),
            ),
        ],
        language=tr.language,
    )
    await table.store.note_fairness(record.id, announced=True)
    report.commitments += 1


async def reveal(table: Table, record: GameRecord, report: SweepReport) -> None:
    """Reveal the seed and salt of an ended game that had a commitment."""
    fair = await table.store.fairness(record.id)
    if fair is None or fair.revealed_at is not None:
        return
    tr = await table.service.game_tr(record.id)
    await notices.to_channel(
        table.store,
        record.id,
        "reveal",
        [
            tr._(
                "🔓 Game #{game_id} has ended. Its seed was `{seed}` with salt `{salt}`: {scheme} gives `{commitment}`,"
                " the commitment posted {when}.",
                game_id=record.id,
                seed=record.seed,
                salt=fair.salt,
                scheme=SCHEME_TEXT,
                commitment=commitment_of(record.id, record.seed, fair.salt),
                when=f"<t:{int(fair.created_at)}:f>",
            ),
            tr._(
                "Download the log with {export} and check every shuffle and draw with `python -m bot verify FILE`.",
                export=command_mention("game export", tr),
            ),
        ],
        language=tr.language,
    )
    await table.store.note_fairness(record.id, revealed=True)
    report.reveals += 1
