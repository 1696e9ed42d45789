"""The game service: lobby, start, moves and views for any ruleset, over the store.

One move, end to end (:meth:`GameService.act`): under the game's lock, load the game,
decode its state, map the user to a seat, let the engine apply the action, then ONE
``commit_action`` writes the action records, the new state and the outbox (a channel
message built from public events only, and one private message per seat that saw private
events). Nothing is sent here; :mod:`bot.delivery` drains the outbox.

The store's ``seq`` counts commits: the start is commit 1 and each accepted action one
more, whatever number of forced answers the engine chained after it. Buttons carry that
``seq`` so that a click on an older position is refused as a :class:`StaleClick`.

Outbox payloads are JSON objects (``v`` is the payload version)::

    channel: {"v": 1, "kind": "start" | "update", "game_id", "seq", "game",
              "lines": [str], "events": [{"kind", "data"}],
              "awaiting": [{"seat", "user_id", "prompts": [{"id", "kind", "secret", "info"}]}],
              "view": <the public view>, "result": <null or the result>,
              "seats": [{"seat", "user_id"}]  (start only)}
    user:<id>: {"v": 1, "kind": "private", "game_id", "seq", "game", "seat",
                "lines": [str], "events": [{"kind", "data"}]}
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import (
    GameNotRunning,
    LobbyClosed,
    NoGameHere,
    NotSeated,
    Refused,
    RunetableError,
    StaleClick,
    refusal_from,
)
from bot.narration import narrate, narrator_for
from bot.store import (
    ChannelBusy,
    GameNotFound,
    GameRecord,
    OutboxMessage,
    SeatRecord,
    StaleVersion,
    Store,
)
from engine import ENGINE_VERSION
from engine.core import (
    Action,
    ActionRecord,
    Engine,
    EngineError,
    GameState,
    IncompatibleState,
    Prompt,
    Rng,
    Ruleset,
    Seat,
    Transition,
    UnknownGame,
    encode,
    load_ruleset,
)
from engine.core.codec import from_plain, to_plain
from engine.core.versioning import upgrade

PAYLOAD_VERSION = 1
#: mixed into the game's seed to draw the seat order, so it does not echo the first shuffle
SEAT_ORDER_SALT = 0x5EA7_0DE2


@dataclass(frozen=True)
class ActOutcome:
    """What the actor's ephemeral reply needs after an accepted action.

    ``lines`` narrate every event the actor may see (public and their own private ones);
    ``seq`` is the game's new position (for the next buttons); ``records`` include forced
    answers the engine chained after the action.
    """

    game_id: int
    seq: int
    seat: Seat
    records: tuple[ActionRecord, ...]
    lines: tuple[str, ...]
    awaited: tuple[Seat, ...]
    result: Mapping[str, Any] | None


@dataclass(frozen=True)
class Started:
    """A started game: the seat order drawn from the seed (user ids by seat, None for AI) and who is awaited."""

    game_id: int
    seq: int
    order: tuple[int | None, ...]
    awaited: tuple[Seat, ...]


@dataclass(frozen=True)
class SeatView:
    """What one seat (or the public, ``seat=None``) may know now, with its open decisions.

    ``legal`` is empty for the public; ``seq`` is what buttons built from it must carry.
    """

    game_id: int
    seq: int
    status: str
    seat: Seat | None
    view: Mapping[str, Any]
    prompts: tuple[Prompt, ...]
    legal: tuple[Action, ...]
    awaited: tuple[Seat, ...]


class GameService:
    """Game operations for the cogs; every method is async and engine-agnostic.

    ``rulesets`` resolves a game name (as stored in ``games.game``) to its ruleset.
    """

    def __init__(self, store: Store, rulesets: Callable[[str], Ruleset] = load_ruleset):
        self.store = store
        self._rulesets = rulesets

    # ---------------------------------------------------------------- lobby

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        created_by: int,
        seed: int | None = None,
    ) -> GameRecord:
        """Open a lobby for ``game`` in the channel (nobody is seated yet)."""
        ruleset = self._ruleset(game)
        try:
            return await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=dict(options),
                seed=secrets.randbelow(2**63) if seed is None else seed,
                engine_version=ENGINE_VERSION,
                pack_hash=ruleset.pack_hash(options),
                state="null",
                created_by=created_by,
            )
        except ChannelBusy as e:
            raise RunetableError(str(e)) from None

    async def game_in(self, channel_id: int) -> GameRecord:
        """The open game of a channel; raises :class:`NoGameHere`."""
        record = await self.store.active_game(channel_id)
        if record is None:
            raise NoGameHere("There is no open game in this channel. Start one with /game new.")
        return record

    async def join(self, game_id: int, user_id: int) -> list[SeatRecord]:
        """Seat ``user_id`` at the lobby's table; returns the seats."""
        async with self.store.lock(game_id):
            record = await self._lobby(game_id)
            seats = await self.store.seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise RunetableError("You already hold a seat in this game.")
            ruleset = self._ruleset(record.game)
            if len(seats) >= ruleset.max_seats:
                raise RunetableError(f"The table is full: {ruleset.name} is played by at most {ruleset.max_seats}.")
            seats = [*seats, SeatRecord(len(seats), user_id)]
            await self.store.set_seats(game_id, seats)
            return seats

    async def leave(self, game_id: int, user_id: int) -> list[SeatRecord]:
        """Give up a lobby seat; the others keep their join order. Returns the seats."""
        async with self.store.lock(game_id):
            await self._lobby(game_id)
            seats = await self.store.seats(game_id)
            if not any(s.user_id == user_id for s in seats):
                raise NotSeated("You hold no seat in this game.")
            kept = [s for s in seats if s.user_id != user_id]
            seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(kept)]
            await self.store.set_seats(game_id, seats)
            return seats

    async def start(self, game_id: int) -> Started:
        """Draw the seat order from the seed, set the game up and queue its announcement.

        The setup is commit 1: its records (forced answers), state and outbox are written
        like any action's. Restarting an interrupted start finishes it without redoing it.
        """
        async with self.store.lock(game_id):
            record = await self._lobby(game_id, allow_started=True)
            seats = await self.store.seats(game_id)
            if record.seq == 0:
                # Join order, recovered from joined_at so that a retried start draws the same order.
                joined = sorted(seats, key=lambda s: (s.joined_at, s.user_id or 0))
                Rng(record.seed ^ SEAT_ORDER_SALT).shuffle(joined)
                seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(joined)]
                engine = Engine(self._ruleset(record.game))
                try:
                    transition = engine.setup(record.options, len(seats), record.seed)
                except EngineError as e:
                    raise Refused(refusal_from(e)) from None
                users = {s.seat: s.user_id for s in seats}
                await self.store.set_seats(game_id, seats)
                await self._commit(engine, record, None, transition, users, kind="start")
            await self.store.set_status(game_id, "active")
            state = self._state(await self.store.get_game(game_id))
        return Started(
            game_id=game_id,
            seq=max(record.seq, 1),
            order=tuple(s.user_id for s in seats),
            awaited=tuple(state.awaited()),
        )

    # ---------------------------------------------------------------- playing

    async def act(self, game_id: int, user_id: int, action: Action, *, expected_seq: int | None = None) -> ActOutcome:
        """Apply ``action`` for the seat ``user_id`` holds (the action's own seat is ignored).

        Raises :class:`NotSeated`, :class:`StaleClick` (``expected_seq`` is not the game's
        position, or another move won the race), :class:`GameNotRunning`, or
        :class:`Refused` (the engine refused it); in each case nothing is written.
        """
        async with self.store.lock(game_id):
            record = await self._record(game_id)
            if record.status != "active":
                raise GameNotRunning(_not_running(record))
            seats = await self.store.seats(game_id)
            seat = _seat_of(seats, user_id)
            if expected_seq is not None and expected_seq != record.seq:
                raise StaleClick("That button belongs to an earlier position of the game; use the newest one.")
            ruleset = self._ruleset(record.game)
            engine = Engine(ruleset)
            try:
                transition = engine.apply(self._state(record, ruleset), dataclasses.replace(action, seat=seat))
            except EngineError as e:
                raise Refused(refusal_from(e, narrator_for(ruleset.name).action)) from None
            users = {s.seat: s.user_id for s in seats}
            seq = await self._commit(engine, record, seat, transition, users, kind="update")
        state = transition.state
        return ActOutcome(
            game_id=game_id,
            seq=seq,
            seat=seat,
            records=transition.records,
            lines=tuple(narrate(state.game, transition.events, seat)),
            awaited=tuple(state.awaited()),
            result=state.result,
        )

    async def view(self, game_id: int, user_id: int | None) -> SeatView:
        """What ``user_id``'s seat may know (``None``: the public view), with its legal actions."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(_not_running(record))
        seat = None if user_id is None else _seat_of(await self.store.seats(game_id), user_id)
        ruleset = self._ruleset(record.game)
        engine = Engine(ruleset)
        state = self._state(record, ruleset)
        return SeatView(
            game_id=game_id,
            seq=record.seq,
            status=record.status,
            seat=seat,
            view=engine.view(state, seat),
            prompts=tuple(state.prompts_for(seat)) if seat is not None else (),
            legal=tuple(engine.legal(state, seat)) if seat is not None and state.result is None else (),
            awaited=tuple(state.awaited()),
        )

    # ---------------------------------------------------------------- internals

    def _ruleset(self, game: str) -> Ruleset:
        try:
            return self._rulesets(game)
        except UnknownGame as e:
            raise RunetableError(str(e)) from None

    async def _record(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise NoGameHere(f"There is no game #{game_id}.") from None

    async def _lobby(self, game_id: int, *, allow_started: bool = False) -> GameRecord:
        """The game, which must still be a lobby (``allow_started``: or a half-done start)."""
        record = await self._record(game_id)
        if record.status != "lobby" or (record.seq and not allow_started):
            raise LobbyClosed(f"Game #{game_id} has already started." if record.status == "active"
                              else _not_running(record))
        return record

    def _state(self, record: GameRecord, ruleset: Ruleset | None = None) -> GameState:
        """Decode the stored state, upgrading an older state format first."""
        ruleset = ruleset or self._ruleset(record.game)
        try:
            plain, _ = upgrade(json.loads(record.state), ruleset.state_format)
        except IncompatibleState as e:
            raise RunetableError(str(e)) from None
        return from_plain(plain)

    async def _commit(
        self,
        engine: Engine,
        record: GameRecord,
        seat: Seat | None,
        transition: Transition,
        users: Mapping[Seat, int | None],
        *,
        kind: str,
    ) -> int:
        """Write the records, the state and the outbox in one transaction; returns the new seq."""
        seq = record.seq + 1
        state = transition.state
        channel = _channel_payload(record.id, seq, kind, transition, users, engine)
        outbox = [OutboxMessage("channel", _json(channel))]
        for s in state.seats:
            private = [e for e in transition.events if e.to is not None and s in e.to]
            if private and users.get(s) is not None:
                payload = {
                    "v": PAYLOAD_VERSION, "kind": "private", "game_id": record.id, "seq": seq,
                    "game": state.game, "seat": s,
                    "lines": narrate(state.game, private, s), "events": _events(private),
                }
                outbox.append(OutboxMessage(f"user:{users[s]}", _json(payload)))
        try:
            seq = await self.store.commit_action(
                record.id,
                expected_seq=record.seq,
                seat=seat,
                action=encode(list(transition.records)),
                chance=json.dumps([list(r.chance) for r in transition.records]),
                state=encode(state),
                outbox=outbox,
            )
        except StaleVersion:
            raise StaleClick("Someone moved first; look at the new position and try again.") from None
        if state.result is not None:
            await self.store.set_status(record.id, "finished")
        return seq


# -------------------------------------------------------------------- payloads


def _channel_payload(
    game_id: int,
    seq: int,
    kind: str,
    transition: Transition,
    users: Mapping[Seat, int | None],
    engine: Engine,
) -> dict[str, Any]:
    """The channel message: public events, who is awaited, the public view. Nothing else."""
    state = transition.state
    public = transition.events_for(None)
    payload: dict[str, Any] = {
        "v": PAYLOAD_VERSION, "kind": kind, "game_id": game_id, "seq": seq, "game": state.game,
        "lines": narrate(state.game, public, None),
        "events": _events(public),
        "awaiting": [
            {"seat": s, "user_id": users.get(s), "prompts": [_prompt(p) for p in state.prompts_for(s)]}
            for s in state.awaited()
        ],
        "view": engine.view(state, None),
        "result": state.result,
    }
    if kind == "start":
        payload["seats"] = [{"seat": s, "user_id": users.get(s)} for s in state.seats]
    return payload


def _events(events) -> list[dict[str, Any]]:
    return [{"kind": e.kind, "data": to_plain(dict(e.data))} for e in events]


def _prompt(prompt: Prompt) -> dict[str, Any]:
    return {"id": prompt.id, "kind": prompt.kind, "secret": prompt.secret, "info": to_plain(dict(prompt.info))}


def _json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _seat_of(seats: Sequence[SeatRecord], user_id: int) -> Seat:
    for s in seats:
        if s.user_id == user_id:
            return s.seat
    raise NotSeated("You hold no seat in this game.")


def _not_running(record: GameRecord) -> str:
    return {
        "lobby": f"Game #{record.id} has not started yet.",
        "finished": f"Game #{record.id} is over; it takes no more moves.",
        "abandoned": f"Game #{record.id} was abandoned; it takes no more moves.",
    }.get(record.status, f"Game #{record.id} is {record.status}.")
