"""The spectators' corner (issue 32 item 5): anyone in a game's channel who holds no seat may
follow it (``/game follow``) and gets each chapter's summary (a season, a year: the game's
chapters) by DM, silently, and the end of the game; ``/game unfollow`` stops it.

The followers are the game setting :data:`FOLLOWERS` (user ids). Their messages are built from
the channel's news only (the chapter's recap, the final standings), so they carry nothing the
channel does not show, and they travel in the same commit's outbox as that news: sent once,
after a restart too. A follower who takes a seat stops getting them (the seat's messages say more).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.errors import RunetableError
from bot.i18n import N_
from bot.service.base import ServiceBase
from bot.service.payloads import dumps
from bot.store import GameRecord, OutboxMessage, SeatRecord

#: game setting: the users following the game
FOLLOWERS = "table.followers"


class FollowMixin(ServiceBase):
    """Following a game (see the module's docstring)."""

    async def followers(self, game_id: int) -> list[int]:
        return [int(u) for u in await self.store.get_setting("game", game_id, FOLLOWERS, [])]

    async def follow(self, channel_id: int, user_id: int, on: bool = True) -> tuple[int, bool]:
        """``user_id`` follows (``on``) or stops following the channel's running game. Returns
        the game's id and whether anything changed. Refused to a seated player (they follow it
        already) and where no game runs."""
        record = await self.game_in(channel_id)
        if on and record.status != "active":
            raise RunetableError(N_("This game has not started yet: follow it once it runs."))
        if on and any(s.user_id == user_id for s in await self.store.seats(record.id)):
            raise RunetableError(N_("You play in this game: its summaries reach you with your seat already."))
        async with self.store.lock(record.id):
            now = await self.followers(record.id)
            changed = (user_id not in now) if on else (user_id in now)
            if changed:
                now = [*now, user_id] if on else [u for u in now if u != user_id]
                await self.store.set_setting("game", record.id, FOLLOWERS, now)
        return record.id, changed

    async def follower_messages(
        self, game_id: int, channel_id: int, seats: Sequence[SeatRecord], lines: Sequence[str], language: str
    ) -> list[OutboxMessage]:
        """One silent DM per follower who holds no seat, telling ``lines`` (a chapter's summary,
        the end: public news only)."""
        if not lines:
            return []
        seated = {s.user_id for s in seats}
        body: Mapping[str, Any] = {
            "v": 1,
            "kind": "notice",
            "notice": "follow",
            "game_id": game_id,
            "lines": list(lines),
            "silent": True,
            "language": language,
        }
        return [OutboxMessage(f"user:{u}", dumps(body)) for u in await self.followers(game_id) if u not in seated]

    if TYPE_CHECKING:  # defined in bot.service.lobby

        async def game_in(self, channel_id: int) -> GameRecord: ...
