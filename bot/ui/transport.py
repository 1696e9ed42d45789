"""Outbox payloads as Discord messages: the :class:`~bot.delivery.Transport` of the real bot.

* A channel payload (``start``/``update``) becomes the public lines, who is awaited (as
  mentions, the only pings allowed), the result when the game ends, the map drawn from the
  payload's public view with its alt text (rendered off the event loop), and a
  "My decisions" button. It never names what anyone must decide.
* A notice (DMs closed) is posted as its lines, with no pings.
* A private payload becomes a DM: the seat's own lines, then the panel of its first open
  decision (:mod:`bot.ui.panels`).

Discord's answers are mapped to the deliverer's: 403 (e.g. 50007, DMs closed) and 404 are
:class:`~bot.delivery.Undeliverable`, 429, 5xx and network errors
:class:`~bot.delivery.TransientFailure`.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from bot.delivery import TransientFailure, Undeliverable
from bot.service import GameService, decisions_from_payload
from bot.ui.components import me_button, to_view
from bot.ui.panels import build_panel

log = logging.getLogger(__name__)

TEXT_LIMIT = 2000


def channel_text(payload: dict[str, Any]) -> str:
    """The text of a channel message: what happened, then who is awaited (never for what)."""
    lines = list(payload.get("lines", []))
    if payload.get("kind") in ("start", "update"):
        if payload.get("result") is not None:
            lines.append("**The game is over.** " + _result_text(payload["result"]))
        awaited = [_who(a.get("user_id")) for a in payload.get("awaiting", [])]
        if awaited:
            lines.append("Waiting for: " + ", ".join(awaited))
    return _fit(lines)


def dm_text(payload: dict[str, Any]) -> str:
    return _fit([f"Game #{payload['game_id']}:", *payload.get("lines", [])])


def pinged(payload: dict[str, Any]) -> list[int]:
    """The users a channel message may ping: those awaited (AI seats have no user)."""
    if payload.get("kind") not in ("start", "update"):
        return []
    return [a["user_id"] for a in payload.get("awaiting", []) if a.get("user_id") is not None]


class DiscordTransport:
    """Sends outbox payloads through a discord.py client."""

    def __init__(self, client: discord.Client, service: GameService):
        self.client = client
        self.service = service

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int:
        channel = self.client.get_channel(channel_id) or await _guarded(lambda: self.client.fetch_channel(channel_id))
        kwargs: dict[str, Any] = {
            "nonce": nonce,
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False,
                                                        users=[discord.Object(u) for u in pinged(payload)]),
        }
        if payload.get("kind") in ("start", "update"):
            kwargs["view"] = me_button(payload["game_id"])
            image = await self._map(payload)
            if image is not None:
                kwargs["file"] = image
        message = await _guarded(lambda: channel.send(channel_text(payload), **kwargs))
        return message.id

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        user = self.client.get_user(user_id) or await _guarded(lambda: self.client.fetch_user(user_id))
        text, kwargs = dm_text(payload), {"nonce": nonce}
        decisions = decisions_from_payload(payload)
        if decisions:
            panel = build_panel(payload["game"], payload["game_id"], payload["seq"], decisions[0])
            text = _fit([text, panel.text] + ([f"(+{len(decisions) - 1} more: use My decisions)"] if len(decisions) > 1 else []))
            view = to_view(panel)
            if view is not None:
                kwargs["view"] = view
        message = await _guarded(lambda: user.send(text, **kwargs))
        return message.id

    async def _map(self, payload: dict[str, Any]) -> discord.File | None:
        entry = payload.get("map")
        if not entry:
            return None
        try:
            image = await self.service.map_image(payload["game_id"], payload["view"])
        except Exception:  # a map that cannot be drawn must not hold the game's news back
            log.exception("game %s: drawing the map for move %s failed", payload["game_id"], payload["seq"])
            return None
        if image is None:
            return None
        png, _ = image
        return discord.File(io.BytesIO(png), filename=entry["file"], description=entry["alt"][:1024] or None)


async def _guarded(send: Callable[[], Awaitable[Any]]) -> Any:
    """Run one Discord call, translating its failures for the deliverer."""
    try:
        return await send()
    except discord.Forbidden as e:
        raise Undeliverable(f"{e.text or 'Forbidden'} ({e.code})") from e
    except discord.NotFound as e:
        raise Undeliverable(f"{e.text or 'Not found'} ({e.code})") from e
    except discord.HTTPException as e:
        if e.status == 429 or e.status >= 500:
            raise TransientFailure(f"{e.status} {e.text}") from e
        raise Undeliverable(f"{e.status} {e.text} ({e.code})") from e
    except (aiohttp.ClientError, TimeoutError, OSError) as e:
        raise TransientFailure(str(e) or type(e).__name__) from e


def _result_text(result: dict[str, Any]) -> str:
    if "winners" in result:
        return "Winners: " + ", ".join(f"seat {s}" for s in result["winners"]) + "."
    if "winner" in result:
        return f"Winner: seat {result['winner']}" + (f" ({result['reason'].replace('_', ' ')})." if result.get("reason") else ".")
    return ""


def _who(user_id: int | None) -> str:
    return "an AI seat" if user_id is None else f"<@{user_id}>"


def _fit(lines: list[str]) -> str:
    """Lines within one message: the oldest lines give way first, the last line always stays."""
    while len("\n".join(lines)) > TEXT_LIMIT and len(lines) > 2:
        lines = ["…", *lines[2:]] if lines[0] == "…" else ["…", *lines[1:]]
    return "\n".join(lines)[:TEXT_LIMIT]
