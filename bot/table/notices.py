"""Messages that belong to no move: reminders, deadlines, votes, undo, the seed commitment.

They travel through the outbox like a move's messages (:meth:`bot.store.Store.queue_notice`),
so they are sent after a restart too, in order, with a stable nonce, and a name queued twice
is sent once. Payload (``v`` 1, shown by :mod:`bot.ui.transport` as its lines)::

    {"v": 1, "kind": "notice", "notice": <what>, "game_id", "lines": [str],
     "ping": [user ids the message may ping],          (channel messages)
     "buttons": [{"label", "custom_id", "style"}],     (components of bot.cogs.table)
     "map": {"seat", "since", "seq", "rewinds", "highlight": [areas]},
                                                       (a reminder's recap map, bot.table.recap)
     "silent": true,                                   (a DM without a notification: a heads-up)
     "language": "de"}                                 (the language its lines are in, issue 31)

Reminders and escalations notify (they are counted apart from hand-offs); a heads-up
("you're next") comes silently: a player is notified only when a decision is theirs.

A notice never carries a secret: a public one says who, never what was decided; a private
one goes to the one player it concerns.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.narration import current_tr
from bot.store import Store
from bot.ui.panels import ButtonSpec

PAYLOAD_VERSION = 1


def payload(
    game_id: int,
    notice: str,
    lines: Sequence[str],
    *,
    ping: Sequence[int] = (),
    buttons: Sequence[ButtonSpec] = (),
    map: Mapping[str, Any] | None = None,
    silent: bool = False,
    language: str | None = None,
) -> str:
    body: dict[str, Any] = {"v": PAYLOAD_VERSION, "kind": "notice", "notice": notice, "game_id": game_id, "lines": list(lines)}
    if language is not None:
        body["language"] = language
    if silent:
        body["silent"] = True
    if map is not None:
        body["map"] = dict(map)
    if ping:
        body["ping"] = list(ping)
    if buttons:
        body["buttons"] = [{"label": b.label, "custom_id": b.custom_id, "style": b.style} for b in buttons]
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


async def to_channel(
    store: Store,
    game_id: int,
    name: str,
    lines: Sequence[str],
    *,
    ping: Sequence[int] = (),
    buttons: Sequence[ButtonSpec] = (),
    language: str | None = None,
) -> bool:
    """Queue a public notice ``name`` (its kind is the part before the first '/')."""
    return await store.queue_notice(
        game_id, name, "channel", payload(game_id, name.split("/")[0], lines, ping=ping, buttons=buttons, language=language)
    )


async def to_player(
    store: Store,
    game_id: int,
    name: str,
    user_id: int,
    lines: Sequence[str],
    *,
    buttons: Sequence[ButtonSpec] = (),
    map: Mapping[str, Any] | None = None,
    silent: bool = False,
    language: str | None = None,
) -> bool:
    """Queue a direct message ``name`` to one player (``map``: what its recap map shows;
    ``silent``: sent without a notification, for news that is no hand-off)."""
    body = payload(game_id, name.split("/")[0], lines, buttons=buttons, map=map, silent=silent, language=language)
    return await store.queue_notice(game_id, name, f"user:{user_id}", body)


def mention(user_id: int | None) -> str:
    return current_tr()._("an AI player") if user_id is None else f"<@{user_id}>"


def when(moment: float) -> str:
    """A Discord timestamp every reader sees in their own time zone, e.g. "in 2 days"."""
    return f"<t:{int(moment)}:R>"
