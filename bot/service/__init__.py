"""The game service: lobby, start, moves, views and settings for any ruleset, over the store.

One move, end to end (:meth:`GameService.act`): under the game's lock, load the game,
decode its state, map the user to a seat, let the engine apply the action, then ONE
``commit_action`` writes the action records, the new state and the outbox (a channel
message built from public events only, and one private message per seat that saw private
events or now owes a new decision). Nothing is sent here; :mod:`bot.delivery` drains the
outbox. After a human's move, still under the lock, the service answers what answers
itself: AI seats (``engine.<game>.ai.choose``) and a player's "end my turn by itself"
setting (:mod:`bot.service.automatic`); each such answer is its own logged commit.

The store's ``seq`` counts commits: the start is commit 1 and each accepted action one
more, whatever number of forced answers the engine chained after it. Buttons carry that
``seq``; see :meth:`GameService.answer` for how a click on an older position is judged.

The outbox payloads' shapes are documented in :mod:`bot.service.payloads`.

:class:`GameService` is assembled from one part per concern, each a mixin over
:class:`~bot.service.base.ServiceBase` (the store, the games, a game's record and state):

- :mod:`bot.service.lobby`: opening a table, its options, joining, leaving, the start;
- :mod:`bot.service.play`: answers and their commits (stretches), views, status, the log;
- :mod:`bot.service.automatic`: AI seats, auto-end-turn, planned auto-passes;
- :mod:`bot.service.settings`: player settings, closed DMs;
- :mod:`bot.service.results`: an ended game's result kept and its players rated (OpenSkill);
- :mod:`bot.service.follow`: spectators following a game get its chapters' summaries by DM;
- :mod:`bot.service.payloads`: the outbox payloads (no service state);
- :mod:`bot.service.games`: the offered games, their AI, renderer and data pack (no service state);
- here: maps and data packs of a game (they look the renderer up as ``bot.service.renderer_for``).

Every name below is importable from ``bot.service``.
"""

from __future__ import annotations

import asyncio
import inspect
import secrets  # noqa: F401  (tests fix the drawn seed through bot.service.secrets)
from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import ENGLISH, Tr
from bot.service.automatic import AUTO_PASS_DELAY, AUTO_PASS_PLAN, AutomaticMixin
from bot.service.base import ENDED, STATE_CACHE_GAMES, ServiceBase
from bot.service.follow import FOLLOWERS, FollowMixin
from bot.service.games import (
    GAMES_VARIABLE,
    AiPolicy,
    game_pack,
    installed_packs,
    load_ai,
    offered_games,
    pack_content,
    parse_games,
    renderer_for,
)
from bot.service.lobby import LOBBY_DEFAULTS, SEAT_ORDER_SALT, LobbyMixin, Started
from bot.service.payloads import PAYLOAD_VERSION, Decision, decisions_from_payload, spectators
from bot.service.play import MAX_AUTOMATIC, ActOutcome, MyGame, PlayMixin, Preview, Reveal, SeatView
from bot.service.results import ResultsMixin, ordinal, rate_places
from bot.service.settings import (
    AUTO_PASS_MODES,
    BATTLE_POLICIES,
    DM_CLOSED,
    LAYOUTS,
    NOTIFY,
    PALETTES,
    PLAYER_SETTINGS,
    SettingsMixin,
    auto_pass_mode,
)
from engine.core import Seat

__all__ = [
    "AUTO_PASS_DELAY",
    "AUTO_PASS_MODES",
    "AUTO_PASS_PLAN",
    "BATTLE_POLICIES",
    "DM_CLOSED",
    "FOLLOWERS",
    "ENDED",
    "NOTIFY",
    "GAMES_VARIABLE",
    "LOBBY_DEFAULTS",
    "MAX_AUTOMATIC",
    "LAYOUTS",
    "PALETTES",
    "PAYLOAD_VERSION",
    "PLAYER_SETTINGS",
    "SEAT_ORDER_SALT",
    "STATE_CACHE_GAMES",
    "ActOutcome",
    "AiPolicy",
    "Decision",
    "FollowMixin",
    "GameService",
    "MyGame",
    "Preview",
    "Reveal",
    "SeatView",
    "ResultsMixin",
    "ServiceBase",
    "auto_pass_mode",
    "Started",
    "decisions_from_payload",
    "game_pack",
    "installed_packs",
    "load_ai",
    "ordinal",
    "rate_places",
    "offered_games",
    "pack_content",
    "parse_games",
    "renderer_for",
    "spectators",
]


class GameService(LobbyMixin, PlayMixin, AutomaticMixin, SettingsMixin, ResultsMixin, FollowMixin):
    """Game operations for the cogs; every method is async and engine-agnostic.

    ``rulesets`` resolves a game name (as stored in ``games.game``) to its ruleset; ``ai``
    resolves it to its AI policy (None: the game has no AI seats yet). ``games`` are the
    installed games ``/game new`` offers, name -> what ``rulesets`` resolves (None: the
    operator's :data:`GAMES_VARIABLE`, else every installed game). ``clock`` (seconds, like
    time.time) and ``delays`` (the source of the auto-pass delays) are injectable for tests.
    """

    # ---------------------------------------------------------------- maps and data

    async def map_image(
        self,
        game_id: int,
        view: Mapping[str, Any],
        seat: Seat | None = None,
        *,
        crop: str | None = None,
        palette: str = "default",
        tr: Tr | None = None,
    ) -> tuple[bytes, str] | None:
        """The map drawn from ``view`` (off the event loop) and its alt text, or None when the
        game has no renderer. ``view`` must be what ``seat`` (None: the public) may see.
        ``crop``: only that area and its neighbours, drawn larger; ``palette``: the viewer's;
        ``tr``: the language of the words drawn and of the alt text (issue 31 item 4; English)."""
        tr = tr or ENGLISH
        record = await self._record(game_id)
        renderer = renderer_for(record.game)
        if renderer is None:
            return None
        pack = game_pack(self.ruleset_of(record), record.options)
        options = {"crop": crop} if crop is not None else {}
        png = await asyncio.to_thread(
            renderer.render_png, view, pack, seat=seat, palette=palette, **options, **speaks(renderer.render_png, tr)
        )
        alt = renderer.alt_text(view, pack, seat=seat, **speaks(renderer.alt_text, tr))
        return png, (tr._("The map around {area}. {alt}", area=crop_label(renderer, crop, tr), alt=alt) if crop else alt)[:1024]

    async def map_images(
        self,
        game_id: int,
        view: Mapping[str, Any],
        seat: Seat | None = None,
        *,
        crop: str | None = None,
        palette: str = "default",
        layout: str = "wide",
        tr: Tr | None = None,
    ) -> list[tuple[bytes, str, str]] | None:
        """The map and board panel as a gallery (several attachments of one message), each
        picture at most 1,200 px tall: ``(png, alt text, name)`` per picture, or None when the
        game has no renderer. ``layout``: "wide" keeps the map whole, "phone" cuts it into
        parts a phone shows with legible labels (renderer/phone.py). A renderer without
        ``render_gallery_png`` gives its one picture. ``view`` must be what ``seat`` may see.
        ``tr``: the language of the words drawn and of the alt texts (English)."""
        tr = tr or ENGLISH
        record = await self._record(game_id)
        renderer = renderer_for(record.game)
        if renderer is None:
            return None
        pack = game_pack(self.ruleset_of(record), record.options)
        alt = renderer.alt_text(view, pack, seat=seat, **speaks(renderer.alt_text, tr))
        if not hasattr(renderer, "render_gallery_png"):
            png = await asyncio.to_thread(
                renderer.render_png,
                view,
                pack,
                seat=seat,
                palette=palette,
                **({"crop": crop} if crop else {}),
                **speaks(renderer.render_png, tr),
            )
            return [(png, alt[:1024], "map")]
        pictures = await asyncio.to_thread(
            renderer.render_gallery_png,
            view,
            pack,
            seat=seat,
            palette=palette,
            crop=crop,
            layout=layout,
            **speaks(renderer.render_gallery_png, tr),
        )
        return gallery_captions(pictures, alt, crop_label(renderer, crop, tr) if crop else None, tr)

    async def picture(self, game_id: int, draw: Callable[[Any, Any], bytes]) -> bytes | None:
        """``draw(renderer, pack)`` off the event loop (a battle report's picture), or None
        when the game has no renderer."""
        record = await self._record(game_id)
        renderer = renderer_for(record.game)
        if renderer is None:
            return None
        pack = game_pack(self.ruleset_of(record), record.options)
        return await asyncio.to_thread(draw, renderer, pack)

    async def pack_of(self, game_id: int):
        """The data pack of a game, or None for a game without one."""
        record = await self._record(game_id)
        return game_pack(self.ruleset_of(record), record.options)

    def default_pack(self, game: str):
        """The data pack a new game of ``game`` plays with by default, or None."""
        return game_pack(self._ruleset(game), {})


def speaks(function: Callable[..., Any], tr: Tr) -> dict[str, Any]:
    """``{"tr": tr}`` when a renderer's ``function`` takes the language (a ``tr`` keyword, or any
    keyword it passes on, issue 31 item 4), else nothing: a renderer that draws only English still draws."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return {}
    passes_on = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    return {"tr": tr} if "tr" in parameters or passes_on else {}


def crop_label(renderer: Any, crop: str, tr: Tr) -> str:
    """A crop of the map as the alt text names it: the renderer's ``crop_name`` where it has one
    (a crop that is no area, "battle", reads as words), else the area as players say it."""
    named = getattr(renderer, "crop_name", None)
    return named(crop, **speaks(named, tr)) if named is not None else crop


def gallery_captions(
    pictures: list[tuple[str, bytes]], alt: str, crop: str | None = None, tr: Tr | None = None
) -> list[tuple[bytes, str, str]]:
    """``(png, alt text, name)`` for a renderer's gallery ``(what, png)``: "map" (the whole map
    or the crop), "map:<first>-<last>" (a part of the map) or "panel" (a page of the board
    panel); names such as ``map``, ``map-2``, ``panel-1``, alt text at most 1,024 characters."""
    parts = [what for what, _ in pictures if what.startswith("map:")]
    pages = sum(1 for what, _ in pictures if what == "panel")
    tr = tr or ENGLISH
    out: list[tuple[bytes, str, str]] = []
    part = page = 0
    for what, png in pictures:
        if what.startswith("map:"):
            part += 1
            first, _, last = what[4:].partition("-")
            text = tr._(
                "The map, part {part} of {parts} (areas {first} to {last}). {alt}",
                part=part,
                parts=len(parts),
                first=first,
                last=last,
                alt=alt,
            )
            name = f"map-{part}"
        elif what == "panel":
            page += 1
            text, name = tr._("The board panel, page {page} of {pages}. {alt}", page=page, pages=pages, alt=alt), f"panel-{page}"
        else:
            text, name = (tr._("The map around {area}. {alt}", area=crop, alt=alt) if crop else alt), "map"
        out.append((png, text[:1024], name))
    return out
