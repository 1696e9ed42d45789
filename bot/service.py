"""The game service: lobby, start, moves, views and settings for any ruleset, over the store.

One move, end to end (:meth:`GameService.act`): under the game's lock, load the game,
decode its state, map the user to a seat, let the engine apply the action, then ONE
``commit_action`` writes the action records, the new state and the outbox (a channel
message built from public events only, and one private message per seat that saw private
events or now owes a new decision). Nothing is sent here; :mod:`bot.delivery` drains the
outbox. After a human's move, still under the lock, the service answers what answers
itself: AI seats (``engine.<game>.ai.choose``) and a player's "end my turn by itself"
setting (:data:`AUTO_ANSWERS`); each such answer is its own logged commit.

The store's ``seq`` counts commits: the start is commit 1 and each accepted action one
more, whatever number of forced answers the engine chained after it. Buttons carry that
``seq``; see :meth:`GameService.answer` for how a click on an older position is judged.

Outbox payloads are JSON objects (``v`` is the payload version)::

    channel: {"v": 1, "kind": "start" | "update", "game_id", "seq", "game",
              "lines": [str], "events": [{"kind", "data"}],
              "awaiting": [{"seat", "user_id"}],      (who, never what: a secret choice or a
                                                       reaction window must not be named)
              "ping": [user ids newly awaited],       (the only users the message may ping)
              "view": <the public view>, "result": <null or the result>,
              "reveal": [str]  (the last commit only: every secret, told when the game ends),
              "seats": [{"seat", "user_id"}]  (start only)}
    user:<id>: {"v": 1, "kind": "private", "game_id", "seq", "game", "seat",
                "lines": [str], "events": [{"kind", "data"}],
                "decisions": [{"prompt": {"id", "kind", "secret", "info"},
                               "actions": [{"choice", "args"}]}]}
    stretch: a channel payload (one commit's news) held until the last commit of its stretch
             merges it into that commit's channel message; never sent as such.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json
import logging
import os
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
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
from bot.frontend import frontend_for
from bot.narration import narrate, narrator_for
from bot.store import (
    STRETCH,
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
    decode,
    encode,
    load_ruleset,
)
from engine.core.codec import from_plain, to_plain
from engine.core.game import BadOption, GameDescriptor
from engine.core.registry import find_game, installed_games
from engine.core.versioning import upgrade

log = logging.getLogger(__name__)

PAYLOAD_VERSION = 1
#: mixed into the game's seed to draw the seat order, so it does not echo the first shuffle
SEAT_ORDER_SALT = 0x5EA7_0DE2
#: automatic answers (AI seats, auto-end-turn) chained after one human move; more is a bug
MAX_AUTOMATIC = 2000

#: decoded states kept in memory (the most recently used games)
STATE_CACHE_GAMES = 64

#: player settings (scope "player") and their defaults
PLAYER_SETTINGS: dict[str, Any] = {"battle_policy": "automatic", "auto_end_turn": False, "auto_pass": False, "palette": "default"}
BATTLE_POLICIES = ("automatic", "manual")
#: the renderer's palettes (renderer/palette.py): colour-blind-safe default, darker contrast, classic
PALETTES = ("default", "contrast", "classic")
#: lobby settings (scope "game", key "lobby") and their defaults
LOBBY_DEFAULTS: dict[str, Any] = {"table_size": None, "ai_fill": False, "deadline_hours": 48}

#: the operator's setting naming the games ``/game new`` offers, comma-separated: an installed
#: game's name, or ``name=module`` for a module with a ``GAME`` descriptor or a ``RULESET``
#: (``mine=mypackage.game``); unset: every installed game
GAMES_VARIABLE = "RUNETABLE_GAMES"

#: AI policy: (the seat's view, the prompt, its legal answers, a seeded rng[, pack=]) -> one of them
AiPolicy = Callable[..., Action]


@dataclass(frozen=True)
class Decision:
    """One open prompt of a seat with its legal answers, in the engine's order (UI indexes)."""

    prompt: Prompt
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class ActOutcome:
    """What the actor's reply needs after an accepted action.

    ``lines`` narrate every event the actor may see (public and their own private ones);
    ``seq`` is the game's position after the action and any automatic answers that followed
    (for the next buttons); ``decisions`` are the actor's open decisions at that position.
    """

    game_id: int
    seq: int
    seat: Seat
    records: tuple[ActionRecord, ...]
    lines: tuple[str, ...]
    awaited: tuple[Seat, ...]
    result: Mapping[str, Any] | None
    decisions: tuple[Decision, ...] = ()
    game: str = ""


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
    game: str = ""

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(Decision(p, tuple(a for a in self.legal if a.prompt == p.id)) for p in self.prompts)


@dataclass(frozen=True)
class MyGame:
    """One line of ``/games``: a game the user sits in and whether it awaits them."""

    record: GameRecord
    seat: Seat
    awaited: bool


#: A seat with the ``auto_end_turn`` setting answers the prompts of its game's
#: ``FrontEnd.auto_answers`` by itself; one with ``auto_pass`` answers those of
#: ``FrontEnd.auto_passes`` after a delay drawn at random when the prompt opens. The delay is
#: drawn whatever the seat's hand, so when the pass comes says nothing about which cards the
#: player holds. The auto-pass delay is uniform between these many seconds
AUTO_PASS_DELAY = (30.0, 150.0)
#: player setting: when the user's DMs last refused the bot (Discord error 50007), or False
DM_CLOSED = "dm_closed"
#: game setting holding the planned auto-passes: {prompt id: {"seat", "due"}}
AUTO_PASS_PLAN = "auto_pass_plan"


def load_ai(game: str) -> AiPolicy | None:
    """The default AI policy of a game (its descriptor's), or None while the game has none."""
    try:
        return find_game(game).ai()
    except UnknownGame:
        return None


class GameService:
    """Game operations for the cogs; every method is async and engine-agnostic.

    ``rulesets`` resolves a game name (as stored in ``games.game``) to its ruleset; ``ai``
    resolves it to its AI policy (None: the game has no AI seats yet). ``games`` are the
    installed games ``/game new`` offers, name -> what ``rulesets`` resolves (None: the
    operator's :data:`GAMES_VARIABLE`, else every installed game). ``clock`` (seconds, like
    time.time) and ``delays`` (the source of the auto-pass delays) are injectable for tests.
    """

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

    # ---------------------------------------------------------------- lobby

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        created_by: int,
        seed: int | None = None,
        lobby: Mapping[str, Any] | None = None,
    ) -> GameRecord:
        """Open a lobby for ``game`` in the channel (nobody is seated yet).

        ``options`` go to the engine; ``lobby`` holds the table's own settings
        (:data:`LOBBY_DEFAULTS`: table size, AI for empty seats, deadline).
        """
        ruleset = self._ruleset(game)
        options = self._checked_options(game, options)
        table = {**LOBBY_DEFAULTS, **(lobby or {})}
        size = table["table_size"]
        if size is not None and not ruleset.min_seats <= size <= ruleset.max_seats:
            raise RunetableError(f"{ruleset.name} is played by {ruleset.min_seats} to {ruleset.max_seats} players, not {size}.")
        if table["ai_fill"] and self._ai(game) is None:
            raise RunetableError(f"{game} has no AI players yet; start without AI seats.")
        try:
            pack_hash = ruleset.pack_hash(options)
        except Exception as e:  # a data pack that does not load is the creator's to fix
            raise RunetableError(f"The data pack cannot be used: {e}") from None
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
        return record

    async def set_option(self, game_id: int, user_id: int, name: str, value: Any) -> GameRecord:
        """The lobby's creator sets one of the game's options (checked like every option)."""
        async with self.store.lock(game_id):
            record = await self._lobby(game_id)
            if user_id != record.created_by:
                raise RunetableError("Only the player who opened the lobby chooses its options.")
            options = self._checked_options(record.game, {**record.options, name: value})
            if options.get(name) == self.descriptor(record.game).option(name).default:
                options.pop(name)
            try:
                pack_hash = self._ruleset(record.game).pack_hash(options)
            except Exception as e:  # a data pack that does not load is the creator's to fix
                raise RunetableError(f"The data pack cannot be used: {e}") from None
            await self.store.set_options(game_id, options, pack_hash)
            return await self._record(game_id)

    async def lobby_settings(self, game_id: int) -> dict[str, Any]:
        return {**LOBBY_DEFAULTS, **await self.store.get_setting("game", game_id, "lobby", {})}

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
            size = (await self.lobby_settings(game_id))["table_size"] or ruleset.max_seats
            if len(seats) >= size:
                raise RunetableError(f"The table is full: this game is for {size} players.")
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
                raise NotSeated("Only the game's creator or a seated player can start it.")
            ruleset = self._ruleset(record.game)
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
                    raise Refused(refusal_from(e)) from None
                await self._save_pack(record, ruleset)
                await self.store.set_seats(game_id, seats)
                stored = encode(transition.state)
                users = {s.seat: s.user_id for s in seats}
                public = engine.view(transition.state, None)
                channel = _channel_payload(record.id, 1, "start", transition, users, public, set())
                await self._commit(engine, record, None, transition, seats, stored, public, channel=channel)
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
            raise RunetableError("At least one player must join before the AI fills the other seats.")
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
        content = pack_content(ruleset, record.options)
        if content is not None:
            await self.store.save_pack(record.pack_hash, record.game, content)

    # ---------------------------------------------------------------- playing

    async def act(self, game_id: int, user_id: int, action: Action, *, expected_seq: int | None = None) -> ActOutcome:
        """Apply ``action`` for the seat ``user_id`` holds (the action's own seat is ignored).

        Raises :class:`NotSeated`, :class:`StaleClick` (``expected_seq`` is not the game's
        position, or another move won the race), :class:`GameNotRunning`, or
        :class:`Refused` (the engine refused it); in each case nothing is written.
        """

        def same(decisions: Sequence[Decision], seq: int) -> Action:
            if expected_seq is not None and expected_seq != seq:
                raise StaleClick("That button belongs to an earlier position of the game; use the newest one.")
            return action

        return await self.answer(game_id, user_id, same)

    async def answer(
        self, game_id: int, user_id: int, choose: Callable[[Sequence[Decision], int], Action]
    ) -> ActOutcome:
        """Apply the action ``choose(decisions, seq)`` picks from the user's open decisions at
        the game's current position (``seq``), under the game's lock.

        ``choose`` raises :class:`StaleClick` when what the user clicked is no longer offered
        (the UI's rule: a click counts while its prompt is open and its answer still legal,
        even if other seats moved meanwhile). Then AI seats and automatic answers move.
        """
        async with self.store.lock(game_id):
            record = await self._record(game_id)
            if record.status != "active":
                raise GameNotRunning(_not_running(record))
            seats = await self.store.seats(game_id)
            seat = _seat_of(seats, user_id)
            ruleset = self._ruleset(record.game)
            engine = Engine(ruleset)
            state = self._state(record, ruleset)
            action = choose(_decisions(engine, state, seat), record.seq)
            try:
                transition = engine.apply(state, dataclasses.replace(action, seat=seat))
            except EngineError as e:
                raise Refused(refusal_from(e, narrator_for(ruleset.name).action)) from None
            seq, state = await self._commit_stretch(engine, record, seats, state, (seat, transition))
            decisions = _decisions(engine, state, seat) if state.result is None else ()
        return ActOutcome(
            game_id=game_id,
            seq=seq,
            seat=seat,
            records=transition.records,
            lines=tuple(narrate(state.game, transition.events, seat)),
            awaited=tuple(state.awaited()),
            result=state.result,
            decisions=decisions,
            game=record.game,
        )

    async def _commit_stretch(
        self,
        engine: Engine,
        record: GameRecord,
        seats: Sequence[SeatRecord],
        state: GameState,
        first: tuple[Seat, Transition] | None = None,
    ) -> tuple[int, GameState]:
        """Commit ``first`` (a seat's answer from ``state``; None: the answers owed now, as
        when a stopped process's stretch goes on, :meth:`finish_stretches`), then let AI seats
        and automatic settings answer (:meth:`_automatic_action`), one logged commit each,
        until a human must decide or the game ends. ``record`` and ``state`` are the game as
        last committed; call under the lock. Returns the game's seq and state.

        The channel hears of a **stretch** in one message, queued with its last commit: the
        public lines and events of every commit in order, who is awaited at its end, and a
        ping for those awaited then who were not when it began. A stretch ends where a human
        must decide, the game ends, the game's chapter (a season, say) changes (a table
        of AI seats posts one message per season), or before an automatic answer of a
        player's seat (auto-end-turn): a stretch holds one commit of a player's seat at most,
        its first, so an undo (which takes back the last commit, a player's own) supersedes a
        message that tells nothing else. Private messages stay one per commit and seat. Each
        next answer is found before the commit that precedes it, from the state as stored, so
        a stretch knows its last commit when writing it.

        Each commit of a stretch but its last stores its news in the outbox, held (the
        recipient :data:`bot.store.STRETCH`, never sent), in its own transaction; the last
        commit merges every held news of the game with its own and releases them in its
        transaction (:meth:`_commit`). A process killed between two commits loses no line:
        at start-up :meth:`finish_stretches` lets the stretch go on (the AI answers are drawn
        from the seed and the seq, so they are the same) and its last commit tells it all.
        """
        users = {s.seat: s.user_id for s in seats}
        players = {s.seat for s in seats if s.user_id is not None and not s.is_ai}
        narrator = narrator_for(engine.ruleset.name)
        step = first if first is not None else await self._automatic_step(engine, record, state, seats)
        began = set(state.awaited())
        public = None if step is None else engine.view(step[1].state, None)
        for _ in range(MAX_AUTOMATIC + 1):
            if step is None:
                break
            seat, transition = step
            stored = encode(transition.state)
            after = decode(stored)
            news = _channel_payload(record.id, record.seq + 1, "update", transition, users, public, began)
            following = None if after.result is not None else \
                await self._automatic_step(engine, dataclasses.replace(record, seq=record.seq + 1), after, seats)
            following_public = None if following is None else engine.view(following[1].state, None)
            ends = following is None or following[0] in players or \
                narrator.chapter(public) != narrator.chapter(following_public)
            seq = await self._commit(engine, record, seat, transition, seats, stored, public, before=state,
                                     channel=news, hold=not ends)
            record, state = dataclasses.replace(record, seq=seq), self._remember(record.id, stored, after)
            if ends:
                began = set(state.awaited())
            step, public = following, following_public
        else:
            log.error("game %s: more than %d automatic answers in a row; waiting for a human", record.id, MAX_AUTOMATIC)
        return record.seq, state

    async def finish_stretches(self) -> list[int]:
        """At start-up: finish what a stopped process left half done in every running game.
        A game whose last commit ended it is marked finished; a stretch stopped between two
        commits goes on (its AI and automatic answers, as :meth:`_commit_stretch` would have
        given them), and news still held when nothing answers by itself any more (an AI
        seat was taken over meanwhile) is queued as one channel message naming, and pinging,
        whoever is awaited now. Returns the games that moved or told news."""
        touched = []
        for found in await self.store.games_with_status("active"):
            try:
                async with self.store.lock(found.id):
                    record = await self._record(found.id)
                    if record.status != "active":
                        continue
                    ruleset = self._ruleset(record.game)
                    engine, state = Engine(ruleset), self._state(record, ruleset)
                    if state.result is not None:
                        await self.store.set_status(record.id, "finished")
                        continue
                    seq, state = await self._commit_stretch(engine, record, await self.store.seats(record.id), state)
                    held = await self.store.stretch_news(record.id)
                    if held:
                        news = _merged([json.loads(r.payload) for r in held])
                        awaiting = (await self.public_status(record.id))["awaiting"]  # by the seats' holders now
                        news.update(awaiting=awaiting, ping=[a["user_id"] for a in awaiting if a["user_id"] is not None])
                        await self.store.release_stretch(record.id, expected_seq=seq, release=[r.key for r in held],
                                                         payload=_json(news))
                    if held or seq != record.seq:
                        touched.append(record.id)
            except Exception:  # one game that cannot go on must not keep the others (or the bot) down
                log.exception("game %s: finishing its stretch failed", found.id)
        return touched

    async def _automatic_step(
        self, engine: Engine, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
    ) -> tuple[Seat, Transition] | None:
        """The next answer no human has to give, applied (not committed), or None."""
        found = await self._automatic_action(engine, record, state, seats)
        return None if found is None else (found[0], engine.apply(state, found[1]))

    async def _automatic_action(
        self, engine: Engine, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
    ) -> tuple[Seat, Action] | None:
        """The first answer no human has to give: an AI seat's, or an auto-end-turn."""
        by_seat = {s.seat: s for s in seats}
        for seat in state.awaited():
            holder = by_seat.get(seat)
            if holder is None:
                continue
            for prompt in state.prompts_for(seat):
                auto = frontend_for(record.game).auto_answers.get(prompt.kind)
                if not holder.is_ai and not (auto and await self.player_setting(holder.user_id, "auto_end_turn")):
                    continue
                legal = engine.ruleset.legal(state, prompt)
                if not legal:
                    continue
                if holder.is_ai:
                    return seat, self._ai_action(engine, record, state, seat, Decision(prompt, tuple(legal)))
                action = auto(prompt, legal)
                if action is not None:
                    return seat, action
        return None

    def _ai_action(self, engine: Engine, record: GameRecord, state: GameState, seat: Seat, decision: Decision) -> Action:
        """The AI's answer from the seat's own view; a failing policy falls back to the first legal answer."""
        policy = self._ai(record.game)
        legal = list(decision.actions)
        if policy is None:
            log.warning("game %s: seat %s is an AI seat but %s has no AI; answering with the first legal action",
                        record.id, seat, record.game)
            return legal[0]
        rng = random.Random(f"{record.seed}/{record.seq}/{seat}")
        extra = {"pack": game_pack(engine.ruleset, record.options)} if "pack" in inspect.signature(policy).parameters else {}
        try:
            action = policy(engine.view(state, seat), decision.prompt, legal, rng, **extra)
        except Exception:
            log.exception("game %s: the AI failed on %s; answering with the first legal action", record.id, decision.prompt.id)
            return legal[0]
        if action not in legal:
            log.error("game %s: the AI chose %r, which is not legal; answering with the first legal action", record.id, action)
            return legal[0]
        return action

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
            game=record.game,
        )

    async def public_status(self, game_id: int) -> dict[str, Any]:
        """The game as the public sees it now, in the channel payload's shape (``game_id``,
        ``seq``, ``game``, ``view``, ``awaiting``, ``result``), for the status message."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(_not_running(record))
        ruleset = self._ruleset(record.game)
        state = self._state(record, ruleset)
        users = {s.seat: s.user_id for s in await self.store.seats(game_id)}
        view = Engine(ruleset).view(state, None)
        out = spectators(view)
        return {"game_id": game_id, "seq": record.seq, "game": record.game, "view": view,
                "awaiting": [{"seat": s, "user_id": users.get(s)} for s in state.awaited() if s not in out],
                "result": state.result}

    async def log_lines(self, game_id: int, user_id: int | None, *, limit: int = 30) -> list[str]:
        """The last ``limit`` lines of the game's story as the user's seat saw it (``None``
        or a non-seated user: the public story), rebuilt by replaying the stored log."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(_not_running(record))
        seats = await self.store.seats(game_id)
        seat = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        ruleset = self._ruleset(record.game)
        rows = await self.store.actions(game_id)
        options = self._state(record, ruleset).options
        lines = await asyncio.to_thread(_replayed_lines, Engine(ruleset), record.seed, options, len(seats), rows, seat)
        return lines[-limit:]

    async def my_games(self, guild_id: int, user_id: int) -> list[MyGame]:
        """The user's lobbies and running games on this server, and whether each awaits them."""
        out = []
        for record in await self.store.games_for_user(guild_id, user_id):
            if record.status not in ("lobby", "active"):
                continue
            seat = _seat_of(await self.store.seats(record.id), user_id)
            awaited = record.status == "active" and seat in self._state(record).awaited()
            out.append(MyGame(record, seat, awaited))
        return out

    # ---------------------------------------------------------------- settings

    async def player_setting(self, user_id: int | None, key: str) -> Any:
        if user_id is None:
            return PLAYER_SETTINGS[key]
        return await self.store.get_setting("player", user_id, key, PLAYER_SETTINGS[key])

    async def player_settings(self, user_id: int) -> dict[str, Any]:
        return {key: await self.player_setting(user_id, key) for key in PLAYER_SETTINGS}

    async def set_player_setting(self, user_id: int, key: str, value: Any) -> None:
        if key not in PLAYER_SETTINGS:
            raise RunetableError(f"There is no setting {key!r}; settings: {', '.join(PLAYER_SETTINGS)}.")
        if key == "battle_policy" and value not in BATTLE_POLICIES:
            raise RunetableError(f"The battle policy is one of {', '.join(BATTLE_POLICIES)}.")
        if key == "palette" and value not in PALETTES:
            raise RunetableError(f"The palette is one of {', '.join(PALETTES)}.")
        if key in ("auto_end_turn", "auto_pass") and not isinstance(value, bool):
            raise RunetableError(f"{key} is on or off.")
        await self.store.set_setting("player", user_id, key, value)

    async def dm_closed(self, user_id: int) -> bool:
        """Whether the user's DMs refused the bot last time (delivery then skips the DM for a while)."""
        return bool(await self.store.get_setting("player", user_id, DM_CLOSED, False))

    async def note_dm_closed(self, user_id: int, closed: bool) -> None:
        """Note that a DM to the user failed (when) or went through (False)."""
        if closed or await self.dm_closed(user_id):
            await self.store.set_setting("player", user_id, DM_CLOSED, self._clock() if closed else False)

    # ---------------------------------------------------------------- maps and data

    async def map_image(self, game_id: int, view: Mapping[str, Any], seat: Seat | None = None, *,
                        crop: str | None = None, palette: str = "default") -> tuple[bytes, str] | None:
        """The map drawn from ``view`` (off the event loop) and its alt text, or None when the
        game has no renderer. ``view`` must be what ``seat`` (None: the public) may see.
        ``crop``: only that area and its neighbours, drawn larger; ``palette``: the viewer's."""
        record = await self._record(game_id)
        renderer = renderer_for(record.game)
        if renderer is None:
            return None
        pack = game_pack(self._ruleset(record.game), record.options)
        options = {"crop": crop} if crop is not None else {}
        png = await asyncio.to_thread(renderer.render_png, view, pack, seat=seat, palette=palette, **options)
        alt = renderer.alt_text(view, pack, seat=seat)
        return png, (f"The map around {crop}. " + alt if crop else alt)[:1024]

    async def picture(self, game_id: int, draw: Callable[[Any, Any], bytes]) -> bytes | None:
        """``draw(renderer, pack)`` off the event loop (a battle report's picture), or None
        when the game has no renderer."""
        record = await self._record(game_id)
        renderer = renderer_for(record.game)
        if renderer is None:
            return None
        pack = game_pack(self._ruleset(record.game), record.options)
        return await asyncio.to_thread(draw, renderer, pack)

    async def pack_of(self, game_id: int):
        """The data pack of a game, or None for a game without one."""
        record = await self._record(game_id)
        return game_pack(self._ruleset(record.game), record.options)

    def default_pack(self, game: str):
        """The data pack a new game of ``game`` plays with by default, or None."""
        return game_pack(self._ruleset(game), {})

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

    def descriptor(self, game: str) -> GameDescriptor:
        """The descriptor of an offered game (or of any installed game by name); a ruleset
        the service was handed directly (tests) gets a bare one: no options, no parts."""
        try:
            return find_game(self.games.get(game, game))
        except UnknownGame:
            ruleset = self._ruleset(game)
            return GameDescriptor(name=ruleset.name, title=ruleset.name.capitalize(), ruleset="")

    def ruleset_of(self, record: GameRecord) -> Ruleset:
        return self._ruleset(record.game)

    # ---------------------------------------------------------------- internals

    def offers(self, game: str) -> bool:
        """Whether ``/game new`` may open a lobby for ``game`` (an installed game)."""
        return game in self.games

    def _ruleset(self, game: str) -> Ruleset:
        try:
            return self._rulesets(self.games.get(game, game))
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
        """Decode the stored state, upgrading an older state format first.

        The last decoded state of each game is kept with the exact text it came from and
        handed out again while the stored text is the same (an undo or another writer
        changes the text, so a cached state is never stale). Callers must not modify it:
        the engine applies actions to a copy, and views only read.
        """
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.state:
            return cached[1]
        ruleset = ruleset or self._ruleset(record.game)
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
    ) -> int:
        """Write the records, the state (``stored``: ``transition.state`` encoded) and the
        outbox in one transaction; returns the new seq. ``public`` is the public view after it.

        ``channel`` is this commit's channel news. ``hold``: a later commit of the stretch
        tells it (:meth:`_commit_stretch`), so it is stored held; otherwise it is queued as
        one message with the game's held news before it, which the same transaction
        releases. ``before`` is the state the transition started from: a seat is told of
        its decisions when a prompt opened for it that was not open before (and it did not
        act itself). Eliminated seats are
        spectators: they get no private message that carries no decision.
        """
        state = transition.state
        users = {s.seat: s.user_id for s in seats}
        opened_before = set() if before is None else {p.id for p in before.prompts}
        outbox, held = [], []
        if hold:
            outbox.append(OutboxMessage(STRETCH, _json(channel)))
        else:
            held = await self.store.stretch_news(record.id)
            channel = _merged([*(json.loads(row.payload) for row in held), channel])
            if state.result is not None:
                channel["reveal"] = narrator_for(state.game).reveal(engine, state)
            outbox.append(OutboxMessage("channel", _json(channel)))
        out = spectators(public)
        for s in state.seats:
            if users.get(s) is None:
                continue
            private = [e for e in transition.events if e.to is not None and s in e.to]
            new_prompts = s != seat and any(p.id not in opened_before for p in state.prompts_for(s))
            if (private or new_prompts) and (s not in out or new_prompts):
                payload = {
                    "v": PAYLOAD_VERSION, "kind": "private", "game_id": record.id, "seq": record.seq + 1,
                    "game": state.game, "seat": s,
                    "lines": narrate(state.game, private, s), "events": _events(private),
                    "decisions": _decisions_plain(engine, state, s) if new_prompts else [],
                }
                outbox.append(OutboxMessage(f"user:{users[s]}", _json(payload)))
        try:
            seq = await self.store.commit_action(
                record.id,
                expected_seq=record.seq,
                seat=seat,
                action=encode(list(transition.records)),
                chance=json.dumps([list(r.chance) for r in transition.records]),
                state=stored,
                outbox=outbox,
                release=[row.key for row in held],
            )
        except StaleVersion:
            raise StaleClick("Someone moved first; look at the new position and try again.") from None
        if state.result is not None:
            await self.store.set_status(record.id, "finished")
        await self._plan_auto_passes(record, state, seats)
        return seq

    # ---------------------------------------------------------------- auto-pass

    async def _plan_auto_passes(self, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]) -> None:
        """Keep the game's auto-pass plan in step with its open prompts: forget the answered
        ones, and give each newly opened prompt of :data:`AUTO_PASSES` whose player chose
        ``auto_pass`` a due time drawn from :data:`AUTO_PASS_DELAY`. Nothing about the
        seat's hand goes into the draw."""
        plan = await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})
        users = {s.seat: s.user_id for s in seats if not s.is_ai}
        kept = {}
        passes = frontend_for(record.game).auto_passes
        for prompt in state.prompts:
            if prompt.kind not in passes or state.result is not None or users.get(prompt.seat) is None:
                continue
            if not await self.player_setting(users[prompt.seat], "auto_pass"):
                continue  # never chosen, or switched off meanwhile
            kept[prompt.id] = plan.get(prompt.id) or {
                "seat": prompt.seat, "due": self._clock() + self._delays.uniform(*AUTO_PASS_DELAY)}
        if kept != plan:
            await self.store.set_setting("game", record.id, AUTO_PASS_PLAN, kept)

    async def auto_passes_due(self) -> list[ActOutcome]:
        """Plan the auto-passes no commit planned yet (a player who switched ``auto_pass``
        on while a window was open, a position loaded directly), then give every planned
        auto-pass whose time has come (its prompt still open, the pass still legal), each
        committed like the player's own answer. Returns what happened."""
        now, done = self._clock(), []
        for record in await self.store.games_with_status("active"):
            async with self.store.lock(record.id):
                record = await self._record(record.id)
                if record.status != "active":
                    continue
                await self._plan_auto_passes(record, self._state(record), await self.store.seats(record.id))
                plan = await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})
            for prompt_id, entry in sorted(plan.items(), key=lambda item: item[1]["due"]):
                if entry["due"] > now:
                    continue
                user = next((s.user_id for s in await self.store.seats(record.id) if s.seat == entry["seat"]), None)

                def the_pass(decisions: Sequence[Decision], seq: int, prompt_id: str = prompt_id) -> Action:
                    for d in decisions:
                        if d.prompt.id == prompt_id:
                            wanted = frontend_for(record.game).auto_passes[d.prompt.kind]
                            found = next((a for a in d.actions if a.choice == wanted), None)
                            if found is not None:
                                return found
                    raise StaleClick("The auto-pass came too late: the prompt is settled.")

                try:
                    done.append(await self.answer(record.id, user, the_pass))
                except RunetableError as e:  # answered meanwhile, or the game ended
                    log.info("game %s: auto-pass of %s not given: %s", record.id, prompt_id, e.message)
                    await self._forget_auto_pass(record.id, prompt_id)
        return done

    async def _forget_auto_pass(self, game_id: int, prompt_id: str) -> None:
        async with self.store.lock(game_id):
            plan = await self.store.get_setting("game", game_id, AUTO_PASS_PLAN, {})
            if plan.pop(prompt_id, None) is not None:
                await self.store.set_setting("game", game_id, AUTO_PASS_PLAN, plan)

    async def next_auto_pass(self) -> float | None:
        """When the next planned auto-pass is due (the clock's time), or None."""
        dues = [entry["due"] for record in await self.store.games_with_status("active")
                for entry in (await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})).values()]
        return min(dues, default=None)


# -------------------------------------------------------------------- renderer and pack


def renderer_for(game: str):
    """The renderer of a game (its descriptor's, a module with render_png and alt_text), or None."""
    try:
        module = find_game(game).load_renderer()
    except UnknownGame:
        return None
    return module if hasattr(module, "render_png") and hasattr(module, "alt_text") else None


def game_pack(ruleset: Ruleset, options: Mapping[str, Any]):
    """The data pack of a game whose ruleset has one, else None."""
    pack_of = getattr(ruleset, "pack", None)
    return pack_of(options) if pack_of is not None else None


def pack_content(ruleset: Ruleset, options: Mapping[str, Any]) -> str | None:
    """The pack's records as the JSON its hash is computed over (so sha256(content) is the hash)."""
    pack = game_pack(ruleset, options)
    if pack is None:
        return None
    return json.dumps(_plain(pack.records), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def parse_games(text: str) -> dict[str, str]:
    """The games of a :data:`GAMES_VARIABLE` value, name -> game to load:
    ``"chess, mine=mypackage.game"`` -> ``{"chess": "chess", "mine": "mypackage.game"}``."""
    games = {}
    for entry in text.split(","):
        name, _, module = (part.strip() for part in entry.partition("="))
        if name:
            games[name] = module or name
    return games


def offered_games(text: str | None) -> dict[str, str]:
    """The games a bot offers: those :data:`GAMES_VARIABLE` names, else every installed game."""
    return parse_games(text) if text else {name: name for name in sorted(installed_games())}


def installed_packs(directory: str | Path | None) -> dict[str, Path]:
    """Data packs an operator installed (each a sub-folder of ``directory``), by name."""
    if not directory or not Path(directory).is_dir():
        return {}
    return {p.name: p for p in sorted(Path(directory).iterdir()) if p.is_dir() and (p / "pack.toml").is_file()}


# -------------------------------------------------------------------- payloads


def _decisions(engine: Engine, state: GameState, seat: Seat) -> tuple[Decision, ...]:
    legal = engine.legal(state, seat) if state.result is None else []
    return tuple(Decision(p, tuple(a for a in legal if a.prompt == p.id)) for p in state.prompts_for(seat))


def _decisions_plain(engine: Engine, state: GameState, seat: Seat) -> list[dict[str, Any]]:
    return [
        {"prompt": _prompt(d.prompt), "actions": [{"choice": a.choice, "args": to_plain(dict(a.args))} for a in d.actions]}
        for d in _decisions(engine, state, seat)
    ]


def decisions_from_payload(payload: Mapping[str, Any]) -> tuple[Decision, ...]:
    """The decisions of a private payload back as values (for building the DM's buttons)."""
    out = []
    for d in payload.get("decisions", []):
        p = d["prompt"]
        prompt = Prompt(p["id"], payload["seat"], p["kind"], secret=p["secret"], info=p["info"])
        out.append(Decision(prompt, tuple(Action(payload["seat"], p["id"], a["choice"], a["args"]) for a in d["actions"])))
    return tuple(out)


def _channel_payload(
    game_id: int,
    seq: int,
    kind: str,
    transition: Transition,
    users: Mapping[Seat, int | None],
    public_view: Mapping[str, Any],
    was_awaited: set[Seat],
) -> dict[str, Any]:
    """The channel message: public events, who is awaited (never what), the public view.

    ``ping``: the users awaited now who were not before (the start pings everyone awaited),
    so a player waiting on others is not pinged again by each of their moves. Eliminated
    seats (:func:`spectators`) are neither listed as awaited nor pinged."""
    state = transition.state
    public = transition.events_for(None)
    out = spectators(public_view)
    awaited = [s for s in state.awaited() if s not in out]
    payload: dict[str, Any] = {
        "v": PAYLOAD_VERSION, "kind": kind, "game_id": game_id, "seq": seq, "game": state.game,
        "lines": narrate(state.game, public, None),
        "events": _events(public),
        "awaiting": [{"seat": s, "user_id": users.get(s)} for s in awaited],
        "ping": [users[s] for s in awaited if s not in was_awaited and users.get(s) is not None],
        "view": public_view,
        "result": state.result,
    }
    if kind == "start":
        payload["seats"] = [{"seat": s, "user_id": users.get(s)} for s in state.seats]
    return payload


def _merged(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One channel message for a stretch of commits: the last commit's payload (who is awaited,
    the view, the result) with every commit's lines and events, in order, pinging whoever any
    part pinged who is still awaited at the end (the same as the last part's pings when every
    part counts from the stretch's beginning; the right ones when a stopped stretch went on
    with the awaited of its restart as its beginning)."""
    pinged = {user for p in parts for user in p["ping"]}
    return {**parts[-1], "kind": parts[0]["kind"],
            "lines": [line for p in parts for line in p["lines"]],
            "events": [event for p in parts for event in p["events"]],
            "ping": [a["user_id"] for a in parts[-1]["awaiting"] if a["user_id"] in pinged]}


def spectators(public_view: Mapping[str, Any]) -> set[Seat]:
    """Seats a game's public view marks as out of the game (``players[i].eliminated``): they
    watch as spectators; nothing awaits, pings or privately messages them."""
    players = public_view.get("players", [])
    return {p["seat"] for p in players if isinstance(p, Mapping) and p.get("eliminated")} if isinstance(players, list) else set()


def _replayed_lines(engine: Engine, seed: int, options: Mapping[str, Any], seat_count: int, rows, seat: Seat | None) -> list[str]:
    """Narrate a stored log for ``seat`` by replaying it (row 1 is the setup)."""
    lines: list[str] = []
    state = None
    for row in rows:
        records = decode(row.action)
        if row.seq == 1:
            transition = engine.setup(options, seat_count, seed)
        else:
            transition = engine.apply(state, records[0].action)
        lines += narrate(transition.state.game, transition.events, seat)
        state = transition.state
    return lines


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
