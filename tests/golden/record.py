"""Fingerprints of whole AI games, to show a refactoring plays Runewars the same.

``python -m tests.golden.record`` writes ``runewars.json``: for seeds 1-20 at 2, 3 and 4
players (the AI policy on every seat, no options), the SHA-256 of the encoded action log,
the final state's hash, and the result. ``test_golden.py`` plays the same games and
compares.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from engine.core import encode, state_hash

FIXTURE = Path(__file__).with_name("runewars.json")
SEEDS = range(1, 21)
PLAYERS = (2, 3, 4)


def fingerprint(players: int, seed: int) -> dict[str, Any]:
    from engine.runewars.ai.driver import play
    from engine.runewars.ai.policy import choose

    game = play(players, seed, choose, in_place=True)
    return {
        "actions": hashlib.sha256(encode(list(game.records)).encode()).hexdigest(),
        "records": len(game.records),
        "state": state_hash(game.state),
        "result": game.state.result,
    }


def key(players: int, seed: int) -> str:
    return f"{players}p-{seed}"


def main() -> int:
    found = {key(p, s): fingerprint(p, s) for p in PLAYERS for s in SEEDS}
    FIXTURE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(found)} fingerprints to {FIXTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
