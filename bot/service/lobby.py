"""The lobby: opening a table, its options and settings, joining and leaving, and the start
(AI seats, the seat order, the setup commit, the data pack kept)."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import GameNotRunning, NoGameHere, NotSeated, Refused, RunetableError, refusal_from
from bot.frontend import frontend_for
from bot.i18n import language_of
from bot.narration import current_tr, narrator_for
from bot.service.base import ServiceBase, not_running
from bot.service.games import pack_content
from bot.service.payloads import channel_payload, names_of
from bot.service.settings import GAME_LANGUAGE
from bot.store import ChannelBusy, GameRecord, SeatRecord
from engine import ENGINE_VERSION
from engine.core import Engine, EngineError, Rng, Ruleset, Seat, encode

#: mixed into the game's seed to draw the seat order, so it does not echo the first shuffle
SEAT_ORDER_SALT = 0x5EA7_0DE2
#: lobby settings (scope "game", key "lobby") and their defaults
LOBBY_DEFAULTS: dict[str, Any] = {"table_size": None, "ai_fill": False, "deadline_hours": 48}


@dataclass(frozen=True)
class Started:
    """A started game: the seat order drawn from the seed (user ids by seat, None for AI) and who is awaited."""

    game_id: int
    seq: int
    order: tuple[int | None, ...]
    awaited: tuple[Seat, ...]


class LobbyMixin(ServiceBase):
    """From ``/game new`` to the first position. The start commits like a move: it uses
    :meth:`~bot.service.play.PlayMixin._commit`, :meth:`~bot.service.play.PlayMixin._commit_stretch`
    and :meth:`~bot.service.play.PlayMixin._note_roles` (play) and the players' settings
    (:meth:`~bot.service.settings.SettingsMixin.player_settings`)."""

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        created_by: int,
        seed: int | None = None,
        lobby: Mapping[str, Any] | None = None,
        language: Any = None,
    ) -> GameRecord:
        """Open a lobby for ``game`` in the channel (nobody is seated yet).

        ``options`` go to the engine; ``lobby`` holds the table's own settings
        (:data:`LOBBY_DEFAULTS`: table size, AI for empty seats, deadline); ``language`` (a
        catalogue language or a Discord locale: the server's preferred one by default) is the
        language of the game's public texts (issue 31), English for one without a catalogue.
        """
        ruleset = self._ruleset(game)
        options = self._checked_options(game, options)
        table = {**LOBBY_DEFAULTS, **(lobby or {})}
        size = table["table_size"]
        if size is not None and not ruleset.min_seats <= size <= ruleset.max_seats:
            raise RunetableError(
                current_tr()._(
                    "{game} is played by {low} to {high} players, not {size}.",
                    game=ruleset.name,
                    low=ruleset.min_seats,
                    high=ruleset.max_seats,
                    size=size,
                )
            )
        if table["ai_fill"] and self._ai(game) is None:
            raise RunetableError(current_tr()._("{game} has no AI players yet; start without AI seats.", game=game))
        try:
            pack_hash = ruleset.pack_hash(options)
        except Exception as e:  # a data pack that does not load is the creator's to fix
            raise RunetableError(current_tr()._("The data pack cannot be used: {problem}", problem=e)) from None
        try:
            record = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=dict(options),
                seed=secrets.randbelow(2**63) if seed is None else seed,
                engine_version=ENGINE_VERSION,
                pack_hash=pack_hash,
                state="null",
                created_by=created_by,
            )
        except ChannelBusy as e:
            raise RunetableError(str(e)) from None
        await self.store.set_setting("game", record.id, "lobby", table)
        await self.store.set_setting("game", record.id, GAME_LANGUAGE, language_of(language))
        return record

    async def set_option(self, game_id: int, user_id: int, name: str, value: Any) -> GameRecord:
        """The lobby's creator sets one of the game's options (checked like every option)."""
        async with self.store.lock(game_id):
            record = await self._lobby(game_id)
            if user_id != record.created_by:
                raise RunetableError(current_tr()._("Only the player who opened the lobby chooses its options."))
            options = self._checked_options(record.game, {**record.options, name: value})
            if options.get(name) == self.descriptor(record.game).option(name).default:
                options.pop(name)
            try:
                pack_hash = self.ruleset_of(record).pack_hash(options)
            except Exception as e:  # a data pack that does not load is the creator's to fix
                raise RunetableError(current_tr()._("The data pack cannot be used: {problem}", problem=e)) from None
            await self.store.set_options(game_id, options, pack_hash)
            return await self._record(game_id)

    async def lobby_settings(self, game_id: int) -> dict[str, Any]:
        return {**LOBBY_DEFAULTS, **await self.store.get_setting("game", game_id, "lobby", {})}

    async def game_in(self, channel_id: int) -> GameRecord:
        """The open game (lobby or running) of a channel, the one actions go to. Raises
        :class:`GameNotRunning` when the channel's last game has ended (it takes no more
        moves, votes, deadlines or undos), else :class:`NoGameHere`."""
        record = await self.store.active_game(channel_id)
        if record is None:
            last = await self.store.latest_game_in(channel_id)
            if last is not None:
                raise GameNotRunning(current_tr()._("{why} /game new opens the next one in this channel.", why=not_running(last)))
            raise NoGameHere(current_tr()._("There is no open game in this channel. Start one with /game new."))
        return record

    async def game_shown_in(self, channel_id: int) -> GameRecord:
        """The game a channel's reading commands show (status, map, log, hands, the game's
        own information): its open game, else its last game that ended, finished or
        abandoned (issue 19 item 5), until ``/game new`` opens the next one. Raises
        :class:`NoGameHere` in a channel that never had a game."""
        record = await self.store.active_game(channel_id) or await self.store.latest_game_in(channel_id)
        if record is None:
            raise NoGameHere(current_tr()._("There is no game in this channel. Start one with /game new."))
        return record

    async def join(self, game_id: int, user_id: int, name: str | None = None) -> list[SeatRecord]:
        """Seat ``user_id`` at the lobby's table (``name``: their display name, which the lines
        of the game call them by); returns the seats."""
        async with self.store.lock(game_id):
            record = await self._lobby(game_id)
            seats = await self.store.seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise RunetableError(current_tr()._("You already hold a seat in this game."))
            ruleset = self.ruleset_of(record)
            size = (await self.lobby_settings(game_id))["table_size"] or ruleset.max_seats
            if len(seats) >= size:
                raise RunetableError(current_tr()._("The table is full: this game is for {size} players.", size=size))
            seats = [*seats, SeatRecord(len(seats), user_id, name=name)]
            await self.store.set_seats(game_id, seats)
            return seats

    async def leave(self, game_id: int, user_id: int) -> list[SeatRecord]:
        """Give up a lobby seat; the others keep their join order. Returns the seats."""
        async with self.store.lock(game_id):
            await self._lobby(game_id)
            seats = await self.store.seats(game_id)
            if not any(s.user_id == user_id for s in seats):
                raise NotSeated(current_tr()._("You hold no seat in this game."))
            kept = [s for s in seats if s.user_id != user_id]
            seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(kept)]
            await self.store.set_seats(game_id, seats)
            return seats

    async def start(self, game_id: int, by_user: int | None = None) -> Started:
        """Fill empty seats with AI if the lobby asks for it, draw the seat order from the
        seed, set the game up, keep its data pack, and queue its announcement.

        ``by_user`` (when given) must be the lobby's creator or hold a seat. The setup is
        commit 1: its records (forced answers), state and outbox are written like any
        action's. Restarting an interrupted start finishes it without redoing it.
        """
        async with self.store.lock(game_id):
            record = await self._lobby(game_id, allow_started=True)
            seats = await self.store.seats(game_id)
            if by_user is not None and by_user != record.created_by and all(s.user_id != by_user for s in seats):
                raise NotSeated(current_tr()._("Only the game's creator or a seated player can start it."))
            ruleset = self.ruleset_of(record)
            if record.seq == 0:
                seats = await self._fill_with_ai(record, ruleset, seats)
                # Join order, recovered from joined_at so that a retried start draws the same order.
                joined = sorted(seats, key=lambda s: (s.joined_at, s.user_id or 0, s.seat))
                Rng(record.seed ^ SEAT_ORDER_SALT).shuffle(joined)
                seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(joined)]
                engine = Engine(ruleset)
                options = {**record.options, **await self._start_options(record, seats)}
                try:
                    transition = engine.setup(options, len(seats), record.seed)
                except EngineError as e:
                    raise Refused(refusal_from(e, term=narrator_for(ruleset.name, current_tr()).term)) from None
                await self._save_pack(record, ruleset)
                await self.store.set_seats(game_id, seats)
                stored = encode(transition.state)
                users = {s.seat: s.user_id for s in seats}
                public = engine.view(transition.state, None)
                game_tr = await self.game_tr(record.id)
                channel = channel_payload(
                    record.id,
                    1,
                    "start",
                    transition,
                    users,
                    public,
                    set(),
                    names_of(record.game, seats, public, game_tr),
                    game_tr,
                )
                await self._commit(engine, record, None, transition, seats, stored, public, channel=channel)
                seats = await self._note_roles(record, seats, public)
            await self.store.set_status(game_id, "active")
            record = await self._record(game_id)
            engine = Engine(ruleset)
            seq, state = await self._commit_stretch(engine, record, seats, self._state(record, ruleset))
        return Started(
            game_id=game_id,
            seq=seq,
            order=tuple(s.user_id for s in seats),
            awaited=tuple(state.awaited()),
        )

    async def _fill_with_ai(self, record: GameRecord, ruleset: Ruleset, seats: list[SeatRecord]) -> list[SeatRecord]:
        lobby = await self.lobby_settings(record.id)
        if not lobby["ai_fill"]:
            return seats
        if not any(s.user_id is not None for s in seats):
            raise RunetableError(current_tr()._("At least one player must join before the AI fills the other seats."))
        size = lobby["table_size"] or ruleset.max_seats
        last = max(s.joined_at for s in seats)
        ai = [SeatRecord(len(seats) + i, None, is_ai=True, joined_at=last + 1 + i) for i in range(size - len(seats))]
        return [*seats, *ai]

    async def _start_options(self, record: GameRecord, seats: Sequence[SeatRecord]) -> dict[str, Any]:
        """Engine options fixed at the start from the players' settings (the game's front-end
        says which, :meth:`bot.frontend.FrontEnd.start_options`)."""
        settings = {s.seat: await self.player_settings(s.user_id) for s in seats if s.user_id is not None}
        return frontend_for(record.game).start_options(settings)

    async def _save_pack(self, record: GameRecord, ruleset: Ruleset) -> None:
        """Keep the game's whole data pack by its hash (docs/versioning.md, point 4)."""
        stored = pack_content(ruleset, record.options)
        if stored is not None:
            await self.store.save_pack(record.pack_hash, record.game, stored.content, stored.load_order)
