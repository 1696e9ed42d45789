"""The games a bot offers and what they bring: AI policies, renderers, data packs.

Module-level functions over the game registry (:mod:`engine.core.registry`); no store.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bot.store import StoredPack
from engine.core import Action, Ruleset, UnknownGame
from engine.core.registry import GAMES_VARIABLE, find_game, offered_games, parse_games

__all__ = [
    "GAMES_VARIABLE",
    "AiPolicy",
    "game_pack",
    "installed_packs",
    "load_ai",
    "offered_games",
    "pack_content",
    "parse_games",
    "renderer_for",
]

#: AI policy: (the seat's view, the prompt, its legal answers, a seeded rng[, pack=]) -> one of them
AiPolicy = Callable[..., Action]


def load_ai(game: str) -> AiPolicy | None:
    """The default AI policy of a game (its descriptor's), or None while the game has none."""
    try:
        return find_game(game).ai()
    except UnknownGame:
        return None


def renderer_for(game: str):
    """The renderer of a game (its descriptor's, a module with render_png and alt_text), or None."""
    try:
        module = find_game(game).load_renderer()
    except UnknownGame:
        return None
    return module if hasattr(module, "render_png") and hasattr(module, "alt_text") else None


def game_pack(ruleset: Ruleset, options: Mapping[str, Any]):
    """The data pack of a game whose ruleset has one, else None."""
    pack_of = getattr(ruleset, "pack", None)
    return pack_of(options) if pack_of is not None else None


def pack_content(ruleset: Ruleset, options: Mapping[str, Any]) -> StoredPack | None:
    """The pack as the store keeps it: its records as the JSON its hash is computed over (so
    sha256(content) is the hash), and its load order beside them (decks are built in it)."""
    pack = game_pack(ruleset, options)
    if pack is None:
        return None
    content = json.dumps(_plain(pack.records), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    load_order = getattr(pack, "load_order", None)
    return StoredPack(content, None if load_order is None else json.dumps(_plain(load_order), separators=(",", ":")))


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def installed_packs(directory: str | Path | None) -> dict[str, Path]:
    """Data packs an operator installed (each a sub-folder of ``directory``), by name."""
    if not directory or not Path(directory).is_dir():
        return {}
    return {p.name: p for p in sorted(Path(directory).iterdir()) if p.is_dir() and (p / "pack.toml").is_file()}
