"""What every part of :class:`bot.service.GameService` shares: the store, the games it
plays, and a game's record and decoded state.

The parts (:mod:`.lobby`, :mod:`.play`, :mod:`.automatic`, :mod:`.settings`) are mixins over
:class:`ServiceBase`; they reach each other's methods through ``self``. The methods one part
uses from another are declared here for the type checker (the parts' definitions must match).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.errors import LobbyClosed, NoGameHere, RunetableError
from bot.narration import current_tr
from bot.service.games import GAMES_VARIABLE, AiPolicy, load_ai, offered_games
from bot.store import GameNotFound, GameRecord, SeatRecord, Store
from engine.core import (
    Action,
    Engine,
    GameState,
    IncompatibleState,
    Ruleset,
    Seat,
    Transition,
    UnknownGame,
    load_ruleset,
)
from engine.core.codec import from_plain
from engine.core.game import BadOption, GameDescriptor
from engine.core.registry import find_game
from engine.core.versioning import upgrade

if TYPE_CHECKING:
    from bot.service.payloads import Decision
    from bot.service.play import ActOutcome

#: decoded states kept in memory (the most recently used games)
STATE_CACHE_GAMES = 64


class ServiceBase:
    """The service's state and the look-ups every part uses (see :class:`bot.service.GameService`
    for the constructor's arguments)."""

    def __init__(
        self,
        store: Store,
        rulesets: Callable[[str], Ruleset] = load_ruleset,
        ai: Callable[[str], AiPolicy | None] = load_ai,
        *,
        games: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.time,
        delays: random.Random | None = None,
    ):
        self.store = store
        self._rulesets = rulesets
        self.games = dict(games) if games is not None else offered_games(os.environ.get(GAMES_VARIABLE))
        self._ai = ai
        self._clock = clock
        self._delays = delays or random.SystemRandom()
        self._states: dict[int, tuple[str, GameState]] = {}
        #: (game, pack hash) -> the game's ruleset playing that stored pack (:meth:`_bind_pack`)
        self._bound: dict[tuple[str, str], Ruleset] = {}

    if TYPE_CHECKING:  # what the parts use from each other (defined in the part named)

        async def player_setting(self, user_id: int | None, key: str) -> Any: ...  # settings

        async def player_settings(self, user_id: int) -> dict[str, Any]: ...  # settings

        async def answer(
            self, game_id: int, user_id: int, choose: Callable[[Sequence[Decision], int], Action], *, replied: bool = True
        ) -> ActOutcome: ...  # play

        async def _commit(
            self,
            engine: Engine,
            record: GameRecord,
            seat: Seat | None,
            transition: Transition,
            seats: Sequence[SeatRecord],
            stored: str,
            public: Mapping[str, Any],
            *,
            before: GameState | None = None,
            channel: dict[str, Any],
            hold: bool = False,
            replied: bool = True,
        ) -> int: ...  # play

        async def finish_game(self, game_id: int, status: str = "finished") -> None: ...  # results

        async def record_missing_results(self) -> int: ...  # results

        async def follower_messages(
            self, game_id: int, channel_id: int, seats: Sequence[SeatRecord], lines: Sequence[str], language: str
        ) -> list[Any]: ...  # follow

        async def _commit_stretch(
            self,
            engine: Engine,
            record: GameRecord,
            seats: Sequence[SeatRecord],
            state: GameState,
            first: tuple[Seat, Transition] | None = None,
            *,
            replied: bool = True,
        ) -> tuple[int, GameState]: ...  # play

        async def _note_roles(
            self, record: GameRecord, seats: Sequence[SeatRecord], public: Mapping[str, Any]
        ) -> list[SeatRecord]: ...  # play

        async def _automatic_step(
            self, engine: Engine, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
        ) -> tuple[Seat, Transition] | None: ...  # automatic

        async def _plan_auto_passes(
            self, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
        ) -> None: ...  # automatic

        async def _quiet_prompts(
            self, engine: Engine, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
        ) -> frozenset[str]: ...  # automatic

    # ---------------------------------------------------------------- the games

    def offers(self, game: str) -> bool:
        """Whether ``/game new`` may open a lobby for ``game`` (an installed game)."""
        return game in self.games

    def descriptor(self, game: str) -> GameDescriptor:
        """The descriptor of an offered game (or of any installed game by name); a ruleset
        the service was handed directly (tests) gets a bare one: no options, no parts."""
        try:
            return find_game(self.games.get(game, game))
        except UnknownGame:
            ruleset = self._ruleset(game)
            return GameDescriptor(name=ruleset.name, title=ruleset.name.capitalize(), ruleset="")

    async def ruleset_for(self, record: GameRecord) -> Ruleset:
        """:meth:`ruleset_of` for a record read from the store directly (the table's modules)."""
        if record.status != "lobby":
            await self._bind_pack(record)
        return self.ruleset_of(record)

    def ruleset_of(self, record: GameRecord) -> Ruleset:
        """The ruleset a game plays with: bound to the data pack it started with when that is no
        longer the pack on disk (:meth:`_bind_pack`)."""
        return self._bound.get((record.game, record.pack_hash)) or self._ruleset(record.game)

    def _ruleset(self, game: str) -> Ruleset:
        try:
            return self._rulesets(self.games.get(game, game))
        except UnknownGame as e:
            raise RunetableError(str(e)) from None

    def _checked_options(self, game: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` checked against the game's descriptor (refused with the known ones)."""
        try:
            descriptor = find_game(self.games.get(game, game))
        except UnknownGame:  # a ruleset handed to the service directly (tests) has nothing to check against
            return dict(options)
        try:
            return descriptor.check_options(options)
        except BadOption as e:
            raise RunetableError(f"{e}.") from None

    # ---------------------------------------------------------------- a game's record and state

    async def _record(self, game_id: int) -> GameRecord:
        try:
            record = await self.store.get_game(game_id)
        except GameNotFound:
            raise NoGameHere(current_tr()._("There is no game #{game_id}.", game_id=game_id)) from None
        if record.status != "lobby":
            await self._bind_pack(record)
        return record

    async def _bind_pack(self, record: GameRecord) -> None:
        """A started game keeps the data pack it started with (docs/versioning.md, point 4): when
        the pack its options name now has another hash (edited, moved or upgraded on disk), its
        ruleset is given the pack the store kept by the game's hash. A game without packs, or
        whose pack is unchanged, plays with the ruleset as it is."""
        key = (record.game, record.pack_hash)
        if not record.pack_hash or key in self._bound:
            return
        ruleset = self._ruleset(record.game)
        with_pack = getattr(ruleset, "with_pack_records", None)
        if with_pack is None:
            return
        try:
            if ruleset.pack_hash(record.options) == record.pack_hash:
                return
        except Exception:  # the pack the options name is gone or broken: the stored one is wanted all the more
            pass
        stored = await self.store.pack(record.pack_hash)
        if stored is not None:  # without it the game is refused with IncompatibleState, as the engine says
            load_order = None if stored.load_order is None else json.loads(stored.load_order)
            self._bound[key] = with_pack(json.loads(stored.content), load_order)

    async def _lobby(self, game_id: int, *, allow_started: bool = False) -> GameRecord:
        """The game, which must still be a lobby (``allow_started``: or a half-done start)."""
        record = await self._record(game_id)
        if record.status != "lobby" or (record.seq and not allow_started):
            raise LobbyClosed(
                current_tr()._("Game #{game_id} has already started.", game_id=game_id)
                if record.status == "active"
                else not_running(record)
            )
        return record

    def _state(self, record: GameRecord, ruleset: Ruleset | None = None) -> GameState:
        """Decode the stored state, upgrading an older state format first.

        The last decoded state of each game is kept with the exact text it came from and
        handed out again while the stored text is the same (an undo or another writer
        changes the text, so a cached state is never stale). Callers must not modify it:
        the engine applies actions to a copy, and views only read.
        """
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.state:
            return cached[1]
        ruleset = ruleset or self.ruleset_of(record)
        try:
            plain, _ = upgrade(json.loads(record.state), ruleset.state_format)
        except IncompatibleState as e:
            raise RunetableError(str(e)) from None
        return self._remember(record.id, record.state, from_plain(plain))

    def _remember(self, game_id: int, text: str, state: GameState) -> GameState:
        self._states.pop(game_id, None)
        self._states[game_id] = (text, state)
        while len(self._states) > STATE_CACHE_GAMES:
            self._states.pop(next(iter(self._states)))
        return state


#: the statuses of a game that is over: it takes no more moves, and everything it hid may be shown
ENDED = ("finished", "abandoned")


def not_running(record: GameRecord) -> str:
    """Why a game that is not running takes no moves."""
    return {
        "lobby": current_tr()._("Game #{game_id} has not started yet.", game_id=record.id),
        "finished": current_tr()._("Game #{game_id} is over; it takes no more moves.", game_id=record.id),
        "abandoned": current_tr()._("Game #{game_id} was abandoned; it takes no more moves.", game_id=record.id),
    }.get(record.status, f"Game #{record.id}: {record.status}.")
