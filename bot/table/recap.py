"""The private "since you last acted" recap: what happened, in words and on the seat's map.

A reminder's first message carries it (:mod:`.waits`): the events the seat may see since its
last move, narrated, and the areas that changed for it. Everything comes from **that seat's
view only**: the view as it was right after the seat's last move (the set-up when it has not
moved yet) and its view now. An area *changed* when what the seat sees of it differs between
the two, in the fields the game's front-end names (:attr:`bot.frontend.FrontEnd.recap_fields`;
say its units, its controller, its stronghold and its rune as that seat sees it). A change the seat cannot see
(another seat looking at a rune, a face-down rune swapped unseen) is in neither view, so it
is neither marked nor hinted at.

The map is the seat's private render (``renderer.<game>.render_png`` with ``seat`` and
``highlight``, in the player's palette) with those areas rimmed. A reminder names the
changed areas in its text and offers the map through its "Map of the changes" button
(:func:`recap_map`, bound to the position the reminder was written at); the payload's
``map`` entry (``seat``, ``since``, ``seq``, ``rewinds``, ``highlight``) says what to draw, and the
reminder DM attaches that picture (bot/ui/transport.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.narration import current_tr, naming
from bot.service import renderer_for, speaks
from bot.service.payloads import names_of
from bot.store import GameRecord
from bot.table import Table
from bot.table.history import Commit, History, story_lines
from engine.core import Engine, Seat


def changed_areas(game: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The areas whose marked fields (``view["areas"][area][field]``) differ between two views
    of one seat (sorted)."""
    fields = frontend_for(game).recap_fields
    if not fields:
        return []
    old, new = before.get("areas") or {}, after.get("areas") or {}
    return sorted(
        area for area in set(old) | set(new) if any((old.get(area) or {}).get(f) != (new.get(area) or {}).get(f) for f in fields)
    )


@dataclass(frozen=True)
class Recap:
    """What ``seat`` may know happened in moves ``since``+1..``seq``, and its view after them."""

    seat: Seat
    since: int
    seq: int
    rewinds: int
    lines: tuple[str, ...]
    changed: tuple[str, ...]
    view: Mapping[str, Any]


def build(game: str, engine: Engine, commits: list[Commit], seat: Seat, *, since: int, rewinds: int) -> Recap:
    """The recap of ``commits`` (moves since+1..) for ``seat``, from that seat's views only."""
    before = engine.view(commits[0].before, seat)
    after = engine.view(commits[-1].state, seat)
    return Recap(
        seat,
        since,
        commits[-1].seq,
        rewinds,
        tuple(story_lines(game, commits, seat)),
        tuple(changed_areas(game, before, after)),
        after,
    )


async def since_last_move(table: Table, record: GameRecord, seat: Seat) -> Recap | None:
    """The recap of everything since ``seat``'s last move, or None when nothing happened since."""
    last = max((r.seq for r in await table.store.actions(record.id) if r.seat == seat), default=1)
    return await between(table, record, seat, last, record.seq) if last < record.seq else None


async def between(table: Table, record: GameRecord, seat: Seat, since: int, seq: int) -> Recap:
    """The recap of moves ``since``+1..``seq`` for ``seat`` (raises HistoryMismatch when the log does not replay)."""
    ruleset = await table.service.ruleset_for(record)
    history = await History.load(table.store, record, ruleset, from_seq=since + 1)
    commits = await asyncio.to_thread(history.commits, since + 1, seq)
    engine = Engine(ruleset)
    with naming(names_of(record.game, await table.store.seats(record.id), engine.view(commits[-1].state, None))):
        return build(record.game, engine, commits, seat, since=since, rewinds=record.rewinds)


def has_map(game: str) -> bool:
    """Whether the game can draw a recap map (a renderer and area fields to compare)."""
    return bool(frontend_for(game).recap_fields) and renderer_for(game) is not None


async def recap_map(
    table: Table, game_id: int, seat: Seat, user_id: int, since: int, seq: int, rewinds: int
) -> tuple[bytes, str, Recap]:
    """The seat's map after move ``seq`` with the areas changed since move ``since`` rimmed:
    PNG, alt text and the recap. Refused when moves were undone since the reminder."""
    record = await table.store.get_game(game_id)
    if record.rewinds != rewinds or record.seq < seq:
        raise RunetableError(current_tr()._("Moves were undone since this reminder; its map no longer applies."))
    if not has_map(record.game):
        raise RunetableError(current_tr()._("This game has no map."))
    recap = await between(table, record, seat, since, seq)
    palette = await table.service.player_setting(user_id, "palette")

    tr = current_tr()

    def draw(renderer, pack) -> bytes:
        return renderer.render_png(
            recap.view, pack, seat=seat, palette=palette, highlight=recap.changed, **speaks(renderer.render_png, tr)
        )

    png = await table.service.picture(game_id, draw)
    changed = ", ".join(recap.changed) or tr._("none")
    alt = tr._(
        "Your map after move {seq}; the areas that changed since your move {since} are outlined: {changed}.",
        seq=seq,
        since=since,
        changed=changed,
    )
    return png, alt, recap
