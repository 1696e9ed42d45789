"""Outbox payloads as Discord messages: the :class:`~bot.delivery.Transport` of the real bot.

The texts come from :mod:`bot.ui.channel`; this module only talks to Discord.

* A **turn post** (``post``, bot.delivery) is sent, or edited while its turn goes on
  (:meth:`DiscordTransport.edit_channel`), with a "My decisions" button and no ping; a
  ``ping`` names the players newly awaited who chose pings; a ``reveal`` is every secret
  of a finished game in as many messages as it takes. The ``start`` message is the public
  lines of the set-up (a long one is preceded by its earlier lines, pinging nobody). None
  names what anyone must decide.
* The **status message** (:meth:`DiscordTransport.update_status`), one per game: the map
  drawn from the public view of the game as it stands (off the event loop, with alt text),
  where the game stands and who is awaited until when; edited in place, posted anew only
  when the old one is gone (or was made with the other layout). Its id is the game setting
  ``status_message``. By default it is the living dashboard, one Components V2 layout with the
  map, a crop of the place the table's decision concerns and, once the game is over, its
  timelapse (:mod:`bot.ui.dashboard`); ``STATUS_LAYOUT=classic`` keeps the text message.
* A **report** (a battle) goes to the game's battle thread (created on demand, the game
  setting ``battle_thread``) with the battle's picture; in a game played in a thread, or
  without the right to make threads, to the game channel itself.
* A notice is posted as its lines, pinging only its ``ping`` users, with its buttons.
* A private payload becomes a DM: which game, on which server, with a link to the game
  channel; the seat's own lines, then the panel of its first open decision
  (:mod:`bot.ui.panels`) with the part of the map it is about, drawn from the seat's own
  view; a private notice, its lines and buttons. Only a hand-off's DM notifies (to a player
  who chose DMs): the others are sent silently (``silent``, no push notification). A reminder whose
  payload names a recap map (``payload["map"]``, :mod:`bot.table.waits`) carries that map as
  an image: drawn from that seat's view only (:func:`bot.table.recap.recap_map`), and only
  while the user still holds that seat. When DMs are closed, the same message goes to the
  player's **private thread** in the game channel (the game setting ``private_thread/<user
  id>``), unless another seated player could read private threads there (Manage Threads) or
  the bot may not make them: then it is refused and held. The thread is made *invitable*:
  Discord lets a member without Manage Threads (the bot, invited without it) add someone to
  a private thread only when it is; only the player could then invite anyone else.
* Users are fetched once per process and kept (:meth:`DiscordTransport._user`): discord.py
  keeps users only while something holds them, so a game's DMs would fetch each player anew.

Discord's answers are mapped to the deliverer's: 403 (e.g. 50007, DMs closed) and 404 are
:class:`~bot.delivery.Undeliverable`, 429, 5xx and network errors
:class:`~bot.delivery.TransientFailure`.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from bot.delivery import TransientFailure, Undeliverable
from bot.errors import RunetableError
from bot.frontend import frontend_for
from bot.narration import naming, narrator_for, voice
from bot.service import GameService, decisions_from_payload, speaks
from bot.store import nonce_for
from bot.table import Table, recap, tutorial
from bot.table.timelapse import file_name as timelapse_file
from bot.table.timelapse import timelapse
from bot.ui.channel import (
    channel_link,
    channel_text,
    deadlines,
    dm_text,
    earlier_texts,
    fit,
    names_in,
    ping_text,
    pinged,
    post_text,
    report_text,
    reveal_texts,
    status_text,
    tr_of,
)
from bot.ui.components import me_button, to_view
from bot.ui.dashboard import dashboard
from bot.ui.panels import ButtonSpec, build_panel

__all__ = ["DiscordTransport", "channel_text", "pinged"]

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
STATUS_MESSAGE = "status_message"
BATTLE_THREAD = "battle_thread"
#: a week: threads stay open between the moves of a slow game
ARCHIVE_MINUTES = 10080
#: users kept by a transport (players of the games in progress)
USER_CACHE = 4096


def _mentions(users: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in users])


class DiscordTransport:
    """Sends outbox payloads through a discord.py client. ``wants_map(payload)`` says whether a
    status update gets a map (the setting ``MAP_CADENCE``, :func:`bot.delivery.map_cadence`)."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        wants_map: Callable[[dict[str, Any]], bool] = lambda payload: True,
        layout: str = "dashboard",
    ):
        self.client = client
        self.service = service
        self.wants_map = wants_map
        #: the status message's layout: "dashboard" (Components V2, bot/ui/dashboard.py) or "classic"
        self.layout = layout
        self._users: dict[int, discord.abc.User] = {}  # user id → user, kept (discord.py's cache is weak)

    # ---------------------------------------------------------------- news and notices

    async def send_channel(self, channel_id: int, payload: dict[str, Any], nonce: str) -> int:
        channel = await self._channel(channel_id)
        kind = payload.get("kind")
        if kind == "post":  # a turn post: no pings, the My decisions button
            message = await _guarded(
                lambda: channel.send(
                    post_text(payload), nonce=nonce, allowed_mentions=NO_PINGS, view=me_button(payload["game_id"], tr_of(payload))
                )
            )
            return message.id
        if kind == "ping":
            message = await _guarded(
                lambda: channel.send(ping_text(payload), nonce=nonce, allowed_mentions=_mentions(list(payload["ping"])))
            )
            return message.id
        if kind == "reveal":
            last = None
            for i, text in enumerate(reveal_texts(payload.get("lines") or [])):
                last = await _guarded(
                    lambda text=text, i=i: channel.send(text, nonce=nonce_for(f"{nonce}/{i}"), allowed_mentions=NO_PINGS)
                )
            return last.id if last is not None else 0
        news = kind in ("start", "update")  # says who is awaited nowhere: the ping (kind "ping") does
        kwargs: dict[str, Any] = {"nonce": nonce, "allowed_mentions": NO_PINGS if news else _mentions(pinged(payload))}
        if payload.get("kind") in ("start", "update"):
            kwargs["view"] = me_button(payload["game_id"], tr_of(payload))
        elif payload.get("buttons"):
            kwargs["view"] = to_view_of_buttons([ButtonSpec(**b) for b in payload["buttons"]])
        for i, text in enumerate(earlier_texts(payload)):  # a long stretch's first lines, pinging nobody
            await _guarded(
                lambda text=text, i=i: channel.send(text, nonce=nonce_for(f"{nonce}/part/{i}"), allowed_mentions=NO_PINGS)
            )
        message = await _guarded(lambda: channel.send(channel_text(payload), **kwargs))
        for i, text in enumerate(reveal_texts(payload.get("reveal") or [])):
            await _guarded(
                lambda text=text, i=i: channel.send(text, nonce=nonce_for(f"{nonce}/reveal/{i}"), allowed_mentions=NO_PINGS)
            )
        return message.id

    async def edit_channel(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        """A turn post that goes on: its content replaced (an edit pings nobody)."""
        channel = await self._channel(channel_id)
        message = channel.get_partial_message(message_id)
        await _guarded(lambda: message.edit(content=post_text(payload), allowed_mentions=NO_PINGS))

    # ---------------------------------------------------------------- the status message

    async def update_status(self, channel_id: int, game_id: int) -> None:
        store = self.service.store
        try:
            payload = await self.service.public_status(game_id)
        except RunetableError as e:  # a lobby, or a game gone
            log.info("game %s: no status message: %s", game_id, e.message)
            return
        channel = await self._channel(channel_id)
        chapter = narrator_for(payload.get("game", "")).chapter(payload.get("view") or {}) or ""
        humans = [a["seat"] for a in payload.get("awaiting", []) if a.get("user_id") is not None]
        due, paused = await deadlines(store, game_id, humans, time.time())
        text = status_text(payload, due, paused=paused)
        layout = self.layout
        known = await store.get_setting("game", game_id, STATUS_MESSAGE, None)
        images = await self._status_pictures(payload, focus=layout == "dashboard")

        def message_parts() -> dict[str, Any]:
            """The message as keyword arguments of send/edit: a Components V2 layout (no content), or the classic text."""
            if layout == "dashboard":
                pictures = [(f.filename, f.description or "") for f in images]
                return {"view": dashboard(text, game_id, tr_of(payload), pictures)}
            return {"content": text, "view": me_button(game_id, tr_of(payload))}

        # edited in place, whatever the chapter (issue 19 item 3); a message of the other layout is replaced
        if known and known.get("layout", "classic") == layout:
            edit = channel.get_partial_message(known["message_id"]).edit
            try:
                await _guarded(lambda: edit(allowed_mentions=NO_PINGS, attachments=images, **message_parts()))
                return
            except Undeliverable:  # deleted, or out of reach: post it anew
                pass
            for image in images:
                image.reset()
        extra = {"files": images} if images else {}
        message = await _guarded(
            lambda: channel.send(
                allowed_mentions=NO_PINGS,
                nonce=nonce_for(f"status/{game_id}/{payload['seq']}"),
                **message_parts(),
                **extra,
            )
        )
        await store.set_setting("game", game_id, STATUS_MESSAGE, {"message_id": message.id, "chapter": chapter, "layout": layout})

    async def _status_pictures(self, payload: dict[str, Any], *, focus: bool) -> list[discord.File]:
        """The status message's attachments, at most 10: the map, with ``focus`` the crop of the
        place the table's decision concerns (public: :meth:`bot.frontend.FrontEnd.public_focus`),
        the game's timelapse once it is over, then the board panel's pages."""
        place = frontend_for(payload.get("game", "")).public_focus(payload.get("view") or {}) if focus else None
        images = await self._maps(payload, force=place is not None)  # a decision about a place always shows it
        if images and place is not None:
            images[1:1] = await self._focus(payload, place)
        if payload.get("result") is not None:
            found = await self._timelapse(payload)
            if found is not None:
                images.insert(min(len(images), 2 if focus else 1), found)
        return images[:10]

    async def _focus(self, payload: dict[str, Any], area: str) -> list[discord.File]:
        try:
            pictures = await self.service.map_images(payload["game_id"], payload["view"], crop=area, tr=tr_of(payload))
        except Exception:  # a crop that cannot be drawn leaves the whole map alone
            log.exception("game %s: drawing the crop of %s failed", payload["game_id"], area)
            return []
        name = f"map-{payload['game_id']}-{payload['seq']}-{area}"
        return [
            discord.File(io.BytesIO(png), filename=f"{name}-{part}.png", description=alt[:1024] or None)
            for png, alt, part in (pictures or [])[:1]
        ]

    async def _timelapse(self, payload: dict[str, Any]) -> discord.File | None:
        """The finished game's timelapse (the public map after each chapter), or None."""
        try:
            record = await self.service.store.get_game(payload["game_id"])
            tr = tr_of(payload)
            made = await timelapse(self.service, record, tr)
        except Exception:  # a timelapse that cannot be made must not hold the status back
            log.exception("game %s: the timelapse could not be made", payload["game_id"])
            return None
        if made is None:
            return None
        alt = tr._("Timelapse of game #{game}: the public map after each chapter.", game=record.id)
        return discord.File(io.BytesIO(made.data), filename=timelapse_file(record, made), description=alt)

    async def _maps(self, payload: dict[str, Any], *, force: bool = False) -> list[discord.File]:
        """The status message's pictures from the public view: the map and the board panel's
        pages as a gallery, each at most 1,200 px tall (issue 19 item 7), within Discord's 10
        attachments; ``force``: whatever the map cadence."""
        if not force and not self.wants_map(payload):
            return []
        try:
            images = await self.service.map_images(payload["game_id"], payload["view"], tr=tr_of(payload))
        except Exception:  # a map that cannot be drawn must not hold the game's news back
            log.exception("game %s: drawing the map for move %s failed", payload["game_id"], payload["seq"])
            return []
        stem = f"{payload['game']}-{payload['game_id']}-{payload['seq']}"
        return [
            discord.File(io.BytesIO(png), filename=f"{stem}-{name}.png", description=alt[:1024] or None)
            for png, alt, name in (images or [])[:10]
        ]

    # ---------------------------------------------------------------- reports

    async def send_report(self, channel_id: int, report: dict[str, Any], nonce: str) -> int | None:
        """Post a battle's report in the game's battle thread; returns where it went."""
        channel = await self._channel(channel_id)
        target = await self._battle_thread(channel, report["game_id"])
        extra: dict[str, Any] = {}
        picture = await self._battle_picture(report)
        if picture is not None:
            extra["file"] = discord.File(
                io.BytesIO(picture),
                filename=f"battle-{report['game_id']}-{report['seq']}.png",
                description=report_text(report)[:1024],
            )
        await _guarded(lambda: target.send(report_text(report), nonce=nonce, allowed_mentions=NO_PINGS, **extra))
        return target.id

    async def _battle_thread(self, channel, game_id: int):
        """The game's battle thread, made on first use; the channel itself when the game is
        played in a thread or threads cannot be made there."""
        store = self.service.store
        if getattr(channel, "create_thread", None) is None:
            return channel
        known = await store.get_setting("game", game_id, BATTLE_THREAD, None)
        if known is not None:
            try:
                return await self._channel(known)
            except Undeliverable:
                pass
        title = (await self.service.game_tr(game_id))._("Battles of game #{game}", game=game_id)[:100]
        try:
            thread = await _guarded(
                lambda: channel.create_thread(
                    name=title,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=ARCHIVE_MINUTES,
                )
            )
        except Undeliverable as e:
            log.info("game %s: no battle thread (%s); reports go to the channel", game_id, e.reason)
            return channel
        await store.set_setting("game", game_id, BATTLE_THREAD, thread.id)
        return thread

    async def _battle_picture(self, report: dict[str, Any]) -> bytes | None:
        tr = tr_of(report)

        def draw(renderer, pack) -> bytes | None:
            render = getattr(renderer, "render_battle", None)
            if render is None:
                return None
            out = io.BytesIO()
            render(report["events"], pack, players=report.get("players", []), **speaks(render, tr)).save(out, format="PNG")
            return out.getvalue()

        try:
            return await self.service.picture(report["game_id"], draw)
        except Exception:
            log.exception("game %s: drawing the battle of move %s failed", report["game_id"], report["seq"])
            return None

    # ---------------------------------------------------------------- private messages

    async def send_dm(self, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        user = await self._user(user_id)
        text, kwargs = await self._private_message(user_id, payload)
        silent = bool(payload.get("silent"))  # no notification: only a hand-off notifies (bot.delivery)
        message = await _guarded(lambda: user.send(text, nonce=nonce, silent=silent, **kwargs))
        return message.id

    async def send_private_thread(self, channel_id: int, user_id: int, payload: dict[str, Any], nonce: str) -> int:
        channel = await self._channel(channel_id)
        await self._only_they_can_read(channel, payload["game_id"], user_id)
        thread = await self._private_thread(channel, payload["game_id"], user_id)
        text, kwargs = await self._private_message(user_id, payload)
        mentions = NO_PINGS if payload.get("silent") else _mentions([user_id])
        message = await _guarded(
            lambda: thread.send(
                fit([f"<@{user_id}>", text]), nonce=nonce, allowed_mentions=mentions, silent=bool(payload.get("silent")), **kwargs
            )
        )
        return message.id

    async def _private_message(self, user_id: int, payload: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        text, kwargs = dm_text(payload, await self._context(payload["game_id"])), {}
        decisions = decisions_from_payload(payload)
        if decisions and payload.get("view"):
            image = await self._decision_picture(user_id, payload, decisions[0])
            if image is not None:
                kwargs["file"] = image
        if decisions:
            tr = tr_of(payload)
            with naming(names_in(payload), tr):  # answers that name a player (a tie to break) say who
                panel = build_panel(
                    payload["game"], payload["game_id"], payload["seq"], decisions[0], tr=tr, view=payload.get("view")
                )
            more = [tr._("(+{count} more: use My decisions)", count=len(decisions) - 1)] if len(decisions) > 1 else []
            guide = [  # a guided first game: each new kind of decision the message brings, explained
                line for d in decisions for line in await tutorial.explanation(self.service, payload, d.prompt, tr)
            ]
            text = fit([text, *guide, panel.text, *more], tr)
            view = to_view(panel)
            if view is not None:
                kwargs["view"] = view
        elif payload.get("buttons"):
            kwargs["view"] = to_view_of_buttons([ButtonSpec(**b) for b in payload["buttons"]])
        if payload.get("map"):
            image = await self._recap_map(user_id, payload)
            if image is not None:
                kwargs["file"] = image
        return text, kwargs

    async def _context(self, game_id: int) -> dict[str, Any]:
        """Where a DM's game is played: the server's name and a link to the game channel."""
        try:
            record = await self.service.store.get_game(game_id)
        except RunetableError:
            return {}
        guild = self.client.get_guild(record.guild_id) if record.guild_id else None
        return {"guild": guild.name if guild is not None else "", "link": channel_link(record.guild_id, record.channel_id)}

    async def _decision_picture(self, user_id: int, payload: dict[str, Any], decision) -> discord.File | None:
        """The part of the map a decision is about (:meth:`bot.frontend.FrontEnd.decision_area`),
        else the seat's whole map, drawn from the seat's own view in the payload as the first
        picture of the player's ``layout`` gallery (a phone's is at most 1,200 px tall), and only
        while ``user_id`` still holds that seat; None when it cannot be drawn."""
        game_id, seat, view = payload["game_id"], payload["seat"], payload["view"]
        holders = {s.seat: s.user_id for s in await self.service.store.seats(game_id)}
        if holders.get(seat) != user_id:
            return None
        area = frontend_for(payload["game"]).decision_area(decision.prompt, list(decision.actions), view)
        try:
            palette = await self.service.player_setting(user_id, "palette")
            layout = await self.service.player_setting(user_id, "layout")
            images = await self.service.map_images(
                game_id, view, seat, crop=area, palette=palette, layout=layout, tr=tr_of(payload)
            )
        except Exception:  # a picture that cannot be drawn must not hold the decision back
            log.exception("game %s: drawing the picture of a decision failed", game_id)
            return None
        if not images:
            return None
        png, alt, _ = images[0]  # the map's part (the crop), at most 1,200 px tall; the board panel is the private command's
        return discord.File(
            io.BytesIO(png), filename=f"game-{game_id}-decision-{payload['seq']}.png", description=alt[:1024] or None
        )

    async def _recap_map(self, user_id: int, payload: dict[str, Any]) -> discord.File | None:
        """The recap map a reminder names, from the seat's own view, or None (the reminder goes
        without it) when ``user_id`` no longer holds that seat, moves were undone since, or
        it cannot be drawn."""
        shown, game_id = payload["map"], payload["game_id"]
        holders = {s.seat: s.user_id for s in await self.service.store.seats(game_id)}
        if holders.get(shown["seat"]) != user_id:
            return None
        try:
            with voice(tr_of(payload)):  # the reminder's language (issue 31)
                png, alt, _ = await recap.recap_map(
                    Table(self.service.store, self.service),
                    game_id,
                    shown["seat"],
                    user_id,
                    shown["since"],
                    shown["seq"],
                    shown["rewinds"],
                )
        except RunetableError as e:
            log.info("game %s: a reminder goes without its map: %s", game_id, e.message)
            return None
        except Exception:  # a map that cannot be drawn must not hold the reminder back
            log.exception("game %s: drawing a reminder's map failed", game_id)
            return None
        return discord.File(
            io.BytesIO(png), filename=f"game-{game_id}-changes-{shown['seq']}.png", description=alt[:1024] or None
        )

    async def _only_they_can_read(self, channel, game_id: int, user_id: int) -> None:
        """Refuse (Undeliverable) unless a private thread of ``channel`` would be read by
        ``user_id`` alone among the game's seated players, and the bot may make one."""
        if getattr(channel, "create_thread", None) is None:
            raise Undeliverable("the game is played in a thread, which cannot hold private threads")
        guild = channel.guild
        if not channel.permissions_for(guild.me).create_private_threads:
            raise Undeliverable("the bot may not create private threads in the game channel")
        for seat in await self.service.store.seats(game_id):
            if seat.user_id is None or seat.user_id == user_id or seat.is_ai:
                continue
            member = guild.get_member(seat.user_id)
            if member is None:
                try:
                    member = await guild.fetch_member(seat.user_id)
                except discord.NotFound:
                    continue  # left the server
                except discord.HTTPException as e:
                    raise TransientFailure(f"could not check who may read private threads: {e}") from e
            if channel.permissions_for(member).manage_threads:
                raise Undeliverable("another seated player could read a private thread (Manage Threads)")

    async def _private_thread(self, channel, game_id: int, user_id: int):
        store, key = self.service.store, f"private_thread/{user_id}"
        known = await store.get_setting("game", game_id, key, None)
        if known is not None:
            try:
                return await self._channel(known)
            except Undeliverable:
                pass
        title = (await self.service.user_tr(user_id))._("Game #{game}: your private messages", game=game_id)[:100]
        thread = await _guarded(
            lambda: channel.create_thread(
                name=title,
                type=discord.ChannelType.private_thread,
                invitable=True,  # without Manage Threads, the bot may add the player only to an invitable thread
                auto_archive_duration=ARCHIVE_MINUTES,
            )
        )
        await _guarded(lambda: thread.add_user(discord.Object(id=user_id)))
        await store.set_setting("game", game_id, key, thread.id)
        return thread

    async def _user(self, user_id: int) -> discord.abc.User:
        """The user, from the cache, discord.py's or Discord itself (once per process)."""
        user = self._users.get(user_id) or self.client.get_user(user_id)
        if user is None:
            user = await _guarded(lambda: self.client.fetch_user(user_id))
        if len(self._users) >= USER_CACHE and user_id not in self._users:
            self._users.pop(next(iter(self._users)))  # the oldest
        self._users[user_id] = user
        return user

    async def _channel(self, channel_id: int):
        return self.client.get_channel(channel_id) or await _guarded(lambda: self.client.fetch_channel(channel_id))


def to_view_of_buttons(buttons: list[ButtonSpec]) -> discord.ui.View:
    """Buttons whose ids belong to any registered component template (a notice's buttons
    are answered by the cog that made them, through its own ``DynamicItem``)."""
    view = discord.ui.View(timeout=None)
    for spec in buttons[:25]:  # Discord: 5 rows of 5 buttons
        view.add_item(
            discord.ui.Button(
                label=spec.label if len(spec.label) <= 80 else spec.label[:79] + "…",  # a cut label says so
                custom_id=spec.custom_id,
                style=getattr(discord.ButtonStyle, spec.style, discord.ButtonStyle.secondary),
            )
        )
    return view


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
