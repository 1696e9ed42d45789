"""A game's timelapse (issue 32 item 2): the board after each chapter, as one animated picture.

The chapters are the game's own (:meth:`bot.frontend.FrontEnd.chapter`: a season,
another game's turn or year). The stored log is replayed (:mod:`bot.table.history`) and each
chapter's frame is the **public** view of the first commit after it ended (the board as the
chapter left it): never a seat's view, never the end-of-game reveal, so the file shows only what
the table saw at that moment. A running game shows its finished chapters; a finished game's
last chapter ends with the end of the game. The frames are drawn by the game's renderer and
encoded by :mod:`renderer.timelapse` (WebP, under the upload limit, a still when no animation fits).

Shown at the end of each game (the status message carries it, :mod:`bot.ui.transport`) and on
request with ``/game review timelapse:true`` for the channel's game or any earlier one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.i18n import ENGLISH, Tr
from bot.narration import narrator_for
from bot.service.games import game_pack, renderer_for
from bot.store import GameRecord
from bot.table.history import History
from engine.core import Engine
from renderer.timelapse import UPLOAD_LIMIT, Timelapse, animate


@dataclass(frozen=True)
class ChapterFrame:
    """One frame: the chapter's key and name, and the public view (with its commit) that ends it."""

    key: str
    label: str
    seq: int
    view: Mapping[str, Any]


def chapter_frames(game: str, views: Iterable[tuple[int, Mapping[str, Any]]], tr: Tr | None = None) -> list[ChapterFrame]:
    """The frames of a game from the public view after each commit ``(seq, view)``, in order:
    one per chapter that ended (a chapter ends at the first commit in another chapter, or at
    the end of the game); named in ``tr``'s language."""
    frontend, narrator = frontend_for(game), narrator_for(game, tr)
    tr = tr or ENGLISH
    frames: list[ChapterFrame] = []
    current: tuple[str, str] | None = None
    for seq, view in views:
        key = frontend.chapter(view)
        if current is not None and key != current[0]:
            ended = view.get("result") is not None and key is None
            label = tr._("{chapter} · the end", chapter=current[1]) if ended else current[1]
            frames.append(ChapterFrame(current[0], label, seq, view))
            current = None
        if key is not None and current is None:
            current = (key, narrator.season(dict(view)) or key)
    return frames


def render(game: str, frames: list[ChapterFrame], pack: Any, limit: int = UPLOAD_LIMIT) -> Timelapse | None:
    """The frames drawn by the game's renderer from their public views (seat None) and encoded."""
    renderer = renderer_for(game)
    if renderer is None or not frames:
        return None
    return animate([(renderer.render_png(f.view, pack, seat=None), f.label) for f in frames], limit=limit)


#: (game id, seq, rewinds, language) -> the timelapse, remembered for the last few games
_MADE: dict[tuple[int, int, int, str], Timelapse | None] = {}
KEEP = 8


async def timelapse(service, record: GameRecord, tr: Tr | None = None) -> Timelapse | None:
    """The timelapse of a stored game as it stands (replayed and drawn off the event loop), or
    None when its game has no renderer or no chapter ended yet."""
    tr = tr or ENGLISH
    key = (record.id, record.seq, record.rewinds, tr.language)
    if key in _MADE:
        return _MADE[key]
    if renderer_for(record.game) is None:
        return None
    ruleset = await service.ruleset_for(record)
    history = await History.load(service.store, record, ruleset)
    pack = game_pack(ruleset, record.options)

    def work() -> Timelapse | None:
        engine = Engine(ruleset)
        views = ((c.seq, engine.view(c.state, None)) for c in history.commits())
        return render(record.game, chapter_frames(record.game, views, tr), pack)

    made = await asyncio.to_thread(work)
    while len(_MADE) >= KEEP:
        _MADE.pop(next(iter(_MADE)))
    _MADE[key] = made
    return made


def file_name(record: GameRecord, made: Timelapse) -> str:
    return f"timelapse-{record.id}-{record.seq}.{made.extension}"


async def timelapse_or_refusal(service, record: GameRecord, tr: Tr | None = None) -> Timelapse:
    """:func:`timelapse`, or a refusal saying why there is none."""
    if record.status == "lobby":
        raise RunetableError("The game has not started yet.")
    if renderer_for(record.game) is None:
        raise RunetableError("This game has no pictures, so no timelapse.")
    made = await timelapse(service, record, tr)
    if made is None:
        raise RunetableError("No chapter of this game has ended yet.")
    return made
