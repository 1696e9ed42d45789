"""Content packs shipped as package data (one folder per game).

Only locating files lives here; loading and validation belong to each ruleset.
"""

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent


def builtin_pack(game: str) -> Path:
    """The folder of the built-in data pack of ``game`` (e.g. ``"runewars"``)."""
    return PACKAGE_ROOT / game
