"""Playing: a user's answer applied and committed with the stretch of automatic answers
after it, the commit itself (records, state, outbox, seat roles), and what a seat or the
public may see of a running game (views, status, the story so far, a user's games)."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import GameNotRunning, NotSeated, Refused, StaleClick, refusal_from
from bot.frontend import frontend_for
from bot.i18n import Tr
from bot.narration import current_tr, naming, narrate, narrator_for
from bot.service.base import ENDED, ServiceBase, not_running
from bot.service.payloads import (
    Decision,
    channel_payload,
    decisions,
    dumps,
    follow_ups,
    merged,
    names_of,
    post_lines,
    private_payload,
    spectators,
    stretch_decision,
    stretch_ends,
)
from bot.store import STRETCH, GameRecord, OutboxMessage, SeatRecord, StaleVersion
from engine.core import (
    Action,
    ActionRecord,
    Engine,
    EngineError,
    GameState,
    Prompt,
    Seat,
    Transition,
    decode,
    encode,
)

log = logging.getLogger(__name__)

#: automatic answers (AI seats, auto-end-turn) chained after one human move; more is a bug
MAX_AUTOMATIC = 2000


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
    #: the seats' names (:func:`bot.service.payloads.names_of`), for the labels of the next panel
    names: Mapping[Seat, str] = field(default_factory=dict)
    #: the actor's own view at ``seq`` (for the next panel: a stretch's copies, :mod:`bot.ui.stretch`)
    view: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Preview:
    """A stretch of plays tried on a copy of the game, never committed (:meth:`PlayMixin.preview`).

    ``actions`` are the planned answers in order; ``view`` and ``decision`` what the seat has and
    may do after them: its own view and its first open decision of a stretch kind (None: the
    stretch can go no further). ``stopped``: the last planned answer draws by chance, tells
    anyone something private, ends the game, waits on another seat, or is one the game stops
    at (:meth:`bot.frontend.FrontEnd.stretch_stops`); ``view`` is then the one before it, so
    nothing it would reveal is shown before it is committed."""

    game_id: int
    seq: int
    seat: Seat
    game: str
    actions: tuple[Action, ...]
    view: Mapping[str, Any]
    decision: Decision | None
    stopped: bool
    names: Mapping[Seat, str] = field(default_factory=dict)
    then: tuple[Action, ...] = ()
    #: (with ``then``) the answers one of ``decision``'s answers leads to, in a decision of another
    #: kind (a purchase's buys once a gold card is played; the turn's answers once it is Done),
    #: which a stretch's pick may take after it: each once, in order, none a key of ``decision``'s


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
    #: the game's result once it is over (None while it runs, and for an abandoned game)
    result: Mapping[str, Any] | None = None
    #: the seats' names from the public view (:func:`bot.service.payloads.names_of`), for labels
    names: Mapping[Seat, str] = field(default_factory=dict)
    #: prompt id -> a stretch kind's follow-ups (:func:`bot.service.payloads.follow_ups`)
    follow: Mapping[str, tuple[Action, ...]] = field(default_factory=dict)

    @functools.cached_property
    def decisions(self) -> tuple[Decision, ...]:
        """The open decisions with their legal answers (built once per view)."""
        return tuple(
            Decision(p, tuple(a for a in self.legal if a.prompt == p.id), then=self.follow.get(p.id, ())) for p in self.prompts
        )


@dataclass(frozen=True)
class Reveal:
    """Everything a game hid, shown once it is over (:meth:`PlayMixin.reveal`): each seat's
    private information as its own view of the final state shows it, and what no seat's view
    held (the game's narrator, :meth:`bot.narration.Narrator.hidden`)."""

    game_id: int
    game: str
    status: str
    seq: int
    seats: tuple[tuple[Seat, tuple[str, ...]], ...]
    hidden: tuple[str, ...]
    result: Mapping[str, Any] | None


@dataclass(frozen=True)
class MyGame:
    """One line of ``/games``: a game the user sits in and whether it awaits them."""

    record: GameRecord
    seat: Seat
    awaited: bool


class PlayMixin(ServiceBase):
    """Moves and views of a running game. A stretch asks
    :meth:`~bot.service.automatic.AutomaticMixin._automatic_step` for the answers that give
    themselves, and each commit re-plans the auto-passes
    (:meth:`~bot.service.automatic.AutomaticMixin._plan_auto_passes`)."""

    async def act(self, game_id: int, user_id: int, action: Action, *, expected_seq: int | None = None) -> ActOutcome:
        """Apply ``action`` for the seat ``user_id`` holds (the action's own seat is ignored).

        Raises :class:`NotSeated`, :class:`StaleClick` (``expected_seq`` is not the game's
        position, or another move won the race), :class:`GameNotRunning`, or
        :class:`Refused` (the engine refused it); in each case nothing is written.
        """

        def same(decisions: Sequence[Decision], seq: int) -> Action:
            if expected_seq is not None and expected_seq != seq:
                raise StaleClick(current_tr()._("That button belongs to an earlier position of the game; use the newest one."))
            return action

        return await self.answer(game_id, user_id, same)

    async def answer_all(
        self, game_id: int, user_id: int, choose: Callable[[Sequence[Decision], int], Sequence[Action]]
    ) -> ActOutcome:
        """Several answers of the user's seat applied in turn and committed as ONE move (a filled-in
        form, :meth:`bot.frontend.FrontEnd.form_answers`): ``choose(decisions, seq)`` names them; each
        after the first is matched (choice and arguments) in the seat's open decisions after the one
        before (a prompt asked anew after each step). Where one does not fit, nothing is written
        (:class:`Refused` or :class:`StaleClick`). One commit: one undo takes it all back, the channel
        and the seat hear of it once."""
        planned: list[Action] = []

        def first(found: Sequence[Decision], seq: int) -> Action:
            planned[:] = list(choose(found, seq))
            if not planned:
                raise StaleClick("Nothing to send: the form names no answer.")
            return planned[0]

        return await self.answer(game_id, user_id, first, following=lambda: planned[1:])

    async def _seated(self, game_id: int, user_id: int) -> tuple[GameRecord, Sequence[SeatRecord], Seat, Engine, GameState]:
        """The running game ``game_id`` at its current position: its record, seats, ``user_id``'s
        seat, engine and state; refuses a game that does not run and a user who holds no seat."""
        record = await self._record(game_id)
        if record.status != "active":
            raise GameNotRunning(not_running(record))
        seats = await self.store.seats(game_id)
        seat = _seat_of(seats, user_id)
        engine = Engine(self.ruleset_of(record))
        return record, seats, seat, engine, self._state(record, engine.ruleset)

    async def answer(
        self,
        game_id: int,
        user_id: int,
        choose: Callable[[Sequence[Decision], int], Action],
        *,
        replied: bool = True,
        following: Callable[[], Sequence[Action]] | None = None,
    ) -> ActOutcome:
        """Apply the action ``choose(decisions, seq)`` picks from the user's open decisions at
        the game's current position (``seq``), under the game's lock. ``replied``: the user
        sees the outcome in the reply to their click, which shows their next decisions; an
        answer nobody clicked (a planned auto-pass) tells them by private message instead.

        ``choose`` raises :class:`StaleClick` when what the user clicked is no longer offered
        (the UI's rule: a click counts while its prompt is open and its answer still legal,
        even if other seats moved meanwhile). Then AI seats and automatic answers move.
        ``following``: further answers of the same seat, applied after it in the same commit
        (:meth:`answer_all`).
        """
        async with self.store.lock(game_id):
            record, seats, seat, engine, state = await self._seated(game_id, user_id)
            action = choose(decisions(engine, state, seat), record.seq)
            try:
                transition = engine.apply(state, dataclasses.replace(action, seat=seat))
                for then in following() if following is not None else ():
                    step = engine.apply(transition.state, _matching(decisions(engine, transition.state, seat), then))
                    transition = Transition(step.state, transition.events + step.events, transition.records + step.records)
            except EngineError as e:
                narrator = narrator_for(engine.ruleset.name, current_tr())  # the asker's language
                raise Refused(refusal_from(e, narrator.action, term=narrator.term)) from None
            seq, state = await self._commit_stretch(engine, record, seats, state, (seat, transition), replied=replied)
            quiet = await self._quiet_prompts(engine, record, state, seats)
            open_now = (
                tuple(d for d in decisions(engine, state, seat) if d.prompt.id not in quiet) if state.result is None else ()
            )
        tr = await self.user_tr(user_id)
        names = names_of(state.game, seats, engine.view(state, None), tr)
        return ActOutcome(
            game_id=game_id,
            seq=seq,
            seat=seat,
            records=transition.records,
            lines=tuple(narrate(state.game, transition.events, seat, names, tr)),
            names=names,
            awaited=tuple(state.awaited()),
            result=state.result,
            decisions=open_now,
            game=record.game,
            view=engine.view(state, seat),
        )

    async def preview(self, game_id: int, user_id: int, plan: Sequence[int], *, then: bool = False) -> Preview:
        """The stretch ``plan`` (for each planned answer, its index among the legal answers of the
        seat's first open decision of a stretch kind, :attr:`bot.frontend.FrontEnd.stretch_kinds`,
        where the plan then stands) tried on a copy of the game at its current position; raises
        :class:`StaleClick` when the plan no longer fits (the game moved on, an index is not
        legal, or the plan goes on after it stopped)."""
        record, seats, seat, engine, state = await self._seated(game_id, user_id)
        frontend = frontend_for(record.game)
        stale = "That plan no longer fits the game: the position changed since it was made."
        actions: list[Action] = []
        decision, stopped = stretch_decision(engine, state, seat), False
        for index in plan:
            if stopped or decision is None or not 0 <= index < len(decision.actions):
                raise StaleClick(stale)
            action = decision.actions[index]
            try:
                transition = engine.apply(state, action)
            except EngineError:
                raise StaleClick(stale) from None
            actions.append(action)
            if stretch_ends(frontend, transition, seat, action):
                stopped, decision = True, None
            else:
                state = transition.state
                decision = stretch_decision(engine, state, seat)
        following = follow_ups(engine, state, seat, decision) if then and decision is not None else ()
        return Preview(
            game_id=game_id,
            seq=record.seq,
            seat=seat,
            game=record.game,
            actions=tuple(actions),
            view=engine.view(state, seat),
            decision=decision,
            stopped=stopped,
            names=names_of(record.game, seats, engine.view(state, None)),
            then=following,
        )

    async def _commit_stretch(
        self,
        engine: Engine,
        record: GameRecord,
        seats: Sequence[SeatRecord],
        state: GameState,
        first: tuple[Seat, Transition] | None = None,
        *,
        replied: bool = True,
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
        frontend = frontend_for(engine.ruleset.name)
        step = first if first is not None else await self._automatic_step(engine, record, state, seats)
        began, notified = set(state.awaited()), set()
        public = None if step is None else engine.view(step[1].state, None)
        before_public = None if step is None else engine.view(state, None)
        for _ in range(MAX_AUTOMATIC + 1):
            if step is None:
                break
            seat, transition = step
            stored = encode(transition.state)
            after = decode(stored)
            game_tr = await self.game_tr(record.id)
            names = names_of(record.game, seats, public, game_tr)
            news = channel_payload(record.id, record.seq + 1, "update", transition, users, public, began, names, game_tr)
            turn = frontend.turn(before_public)  # a commit belongs to the turn it was made in
            then = frontend.turn(public)  # the turn the commit leads into (a turn that ended in it may go on to the next)
            news.update(turn=list(turn) if turn else None, ai=turn is not None and turn[1] not in players)
            news.update(then=list(then) if then else None, then_ai=then is not None and then[1] not in players)
            following = (
                None
                if after.result is not None
                else await self._automatic_step(engine, dataclasses.replace(record, seq=record.seq + 1), after, seats)
            )
            following_public = None if following is None else engine.view(following[1].state, None)
            ends = following is None or following[0] in players or narrator.chapter(public) != narrator.chapter(following_public)
            seq = await self._commit(
                engine,
                record,
                seat,
                transition,
                seats,
                stored,
                public,
                before=state,
                channel=news,
                hold=not ends,
                replied=replied,
                began=began,
                notified=notified,
            )
            seats = await self._note_roles(record, seats, public)
            record, state = dataclasses.replace(record, seq=seq), self._remember(record.id, stored, after)
            if ends:
                began, notified = set(state.awaited()), set()
            step, public, before_public = following, following_public, public
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
                    ruleset = self.ruleset_of(record)
                    engine, state = Engine(ruleset), self._state(record, ruleset)
                    if state.result is not None:
                        await self.finish_game(record.id)
                        continue
                    seq, state = await self._commit_stretch(engine, record, await self.store.seats(record.id), state)
                    held = await self.store.stretch_news(record.id)
                    if held:
                        news = await self._told(record.id, [json.loads(r.payload) for r in held])
                        news.pop("recap", None)  # the followers' summaries travel with commits only
                        awaiting = (await self.public_status(record.id))["awaiting"]  # by the seats' holders now
                        news.update(awaiting=awaiting, ping=[a["user_id"] for a in awaiting if a["user_id"] is not None])
                        await self.store.release_stretch(
                            record.id, expected_seq=seq, release=[r.key for r in held], payload=dumps(news)
                        )
                    if held or seq != record.seq:
                        touched.append(record.id)
            except Exception:  # one game that cannot go on must not keep the others (or the bot) down
                log.exception("game %s: finishing its stretch failed", found.id)
        await self.record_missing_results()  # games whose end was stored without their result
        return touched

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
        began: set[Seat] | None = None,
        notified: set[Seat] | None = None,
    ) -> int:
        """Write the records, the state (``stored``: ``transition.state`` encoded) and the
        outbox in one transaction; returns the new seq. ``public`` is the public view after it.

        ``channel`` is this commit's channel news. ``hold``: a later commit of the stretch
        tells it (:meth:`_commit_stretch`), so it is stored held; otherwise it is queued as
        one message with the game's held news before it, which the same transaction
        releases. ``before`` is the state the transition started from: a seat is told of
        its decisions when a prompt opened for it that was not open before, or that ``auto_pass``
        answered before and now asks it (and it did not act itself); a prompt ``auto_pass`` answers
        (:meth:`~bot.service.automatic.AutomaticMixin._quiet_prompts`) is not shown. Eliminated seats are
        spectators: they get no private message that carries no decision.

        A seat's private message is its **notification** (``notify``) at a hand-off only: its
        first new decision of the stretch when it was not awaited as the stretch began
        (``began``; ``notified``: the seats notified so far in the stretch, updated here).
        Every other private message goes out silently (bot.delivery).
        """
        state = transition.state
        users = {s.seat: s.user_id for s in seats}
        game_tr = await self.game_tr(record.id)
        names = names_of(state.game, seats, public, game_tr)
        opened_before = set() if before is None else {p.id for p in before.prompts}
        outbox, held = [], []
        if hold:
            outbox.append(OutboxMessage(STRETCH, dumps(channel)))
        else:
            held = await self.store.stretch_news(record.id)
            parts = [*(json.loads(row.payload) for row in held), channel]
            channel = await self._told(record.id, parts) if channel["kind"] == "update" else merged(parts)
            told = list(channel.pop("recap", []))
            if state.result is not None:
                with naming(names, game_tr):
                    channel["reveal"] = narrator_for(state.game, game_tr).reveal(engine, state)
                    told += narrator_for(state.game, game_tr).standings(public, state.result)
            outbox.append(OutboxMessage("channel", dumps(channel)))
            if told:  # the spectators who follow the game hear the chapter's end, and the game's
                head = game_tr._("👁 Game #{game} in <#{channel}>:", game=record.id, channel=record.channel_id)
                outbox += await self.follower_messages(record.id, record.channel_id, seats, [head, *told], game_tr.language)
        out = spectators(public)
        quiet = await self._quiet_prompts(engine, record, state, seats)
        if before is not None:  # a prompt answered by auto_pass so far that now asks its player is new to them
            opened_before -= await self._quiet_prompts(engine, record, before, seats)
        for s in state.seats:
            if users.get(s) is None:
                continue
            private = [e for e in transition.events if e.to is not None and s in e.to]
            new_prompts = (s != seat or not replied) and any(
                p.id not in opened_before and p.id not in quiet for p in state.prompts_for(s)
            )
            if (private or new_prompts) and (s not in out or new_prompts):
                user_tr = await self.user_tr(users[s])
                payload = private_payload(
                    engine,
                    record.id,
                    record.seq + 1,
                    state,
                    s,
                    private,
                    with_decisions=new_prompts,
                    names=names if user_tr is game_tr else names_of(state.game, seats, public, user_tr),
                    hide=quiet,
                    tr=user_tr,
                )
                if new_prompts and s not in (began or set()) and (notified is None or s not in notified):
                    payload["notify"] = True  # a hand-off: the one notification of this stretch
                    if notified is not None:
                        notified.add(s)
                outbox.append(OutboxMessage(f"user:{users[s]}", dumps(payload)))
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
            raise StaleClick(current_tr()._("Someone moved first; look at the new position and try again.")) from None
        if state.result is not None:
            await self.finish_game(record.id)  # its result kept and its players rated (bot.service.results)
        await self._plan_auto_passes(record, state, seats)
        return seq

    async def _told(self, game_id: int, parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """One channel message for a stretch's news ``parts`` (commit payloads, in order), its
        lines told in **turn posts** (``posts``): a part continues the game's last post when it
        belongs to the same player turn (:meth:`bot.frontend.FrontEnd.turn`), is between turns
        (what follows a turn until the next one begins: a season's end, the next season's
        opening), or both are turns of AI seats; otherwise it begins a new post. Where the chapter
        (a season) changed, the post says what it changed first
        (:meth:`bot.frontend.FrontEnd.chapter_recap`, from the public views where it began
        and ended). The last post is read from the outbox (:meth:`bot.store.Store.last_news`)
        under the game's lock, so the same commit always composes the same posts."""
        news = merged(parts)
        frontend = frontend_for(news["game"])
        current: dict[str, Any] | None = None
        if (last := await self.store.last_news(game_id)) is not None:
            told = json.loads(last.payload)
            post = told["posts"][-1]
            current = {
                "id": post["id"],
                "key": post["key"],
                "ai": post["ai"],
                "chapter": told.get("chapter"),
                "view": told.get("view"),
            }
        number = 0 if current is None else current["id"]
        posts: list[dict[str, Any]] = []
        recaps: list[str] = []  # the chapters' summaries, for the followers (bot.service.follow)
        for part in _split_at_turn_ends(frontend, parts, None if current is None else current["chapter"]):
            turn = part.get("turn")
            key, ai = (turn[0] if turn else None), bool(part.get("ai"))
            lines = post_lines(part)
            if frontend.tells_turns and current is not None and current["chapter"] and part.get("chapter") != current["chapter"]:
                recap = await self._recap(game_id, frontend, current["chapter"], current["view"])
                recaps += recap
                lines = [*recap, *lines]
            # a turn goes on, AI turns follow each other, or the news between two turns (a season's
            # end and the next one's opening) closes the post of the turn before it
            same = current is not None and (key == current["key"] or key is None or (ai and current["ai"]))
            if not frontend.tells_turns:  # no turns to tell: a post per stretch
                same = bool(posts)
            if same and posts and posts[-1]["id"] == current["id"]:
                posts[-1]["lines"] += lines
                posts[-1]["events"] += part.get("events", [])
                posts[-1].update(key=key, ai=ai)
            else:
                if not same:
                    number += 1
                posts.append(
                    {"id": number, "edit": same, "key": key, "ai": ai, "lines": lines, "events": list(part.get("events", []))}
                )
            current = {"id": number, "key": key, "ai": ai, "chapter": part.get("chapter"), "view": part.get("view")}
        news["posts"] = posts
        if recaps:
            news["recap"] = recaps  # taken out again by _commit before it is stored
        return news

    async def _recap(self, game_id: int, frontend: Any, chapter: str, end_view: Mapping[str, Any] | None) -> list[str]:
        """The lines that close ``chapter``: its name and what changed over it."""
        began = await self.store.last_news(game_id, other_chapter=chapter)
        start_view = json.loads(began.payload).get("view") if began is not None else None
        tr = await self.game_tr(game_id)
        shown = frontend.narrator.speaking(tr).chapter(dict(end_view)) if end_view else None
        shown = shown or chapter
        shown = shown[:1].upper() + shown[1:]
        lines = [tr._("**{chapter} is over.**", chapter=shown)]
        if start_view and end_view:
            try:
                lines += frontend.chapter_recap(start_view, end_view, tr)
            except TypeError:  # a front-end whose recap takes no language yet
                lines += frontend.chapter_recap(start_view, end_view)
        return lines

    async def _note_roles(self, record: GameRecord, seats: Sequence[SeatRecord], public: Mapping[str, Any]) -> list[SeatRecord]:
        """Store what each seat plays as the public view after a commit shows it
        (:meth:`engine.core.game.GameDescriptor.seat_roles`; a seat it shows none for has
        none) where that differs from ``seats``, the seats as stored; returns them as stored
        now. Writes only when a role changed (a faction chosen, or undone)."""
        shown = self.descriptor(record.game).seat_roles(public)
        changed = {s.seat: shown.get(s.seat) for s in seats if shown.get(s.seat) != s.role}
        if not changed:
            return list(seats)
        await self.store.set_roles(record.id, changed)
        return [dataclasses.replace(s, role=changed.get(s.seat, s.role)) for s in seats]

    # ---------------------------------------------------------------- what a seat may see

    async def view(self, game_id: int, user_id: int | None) -> SeatView:
        """What ``user_id``'s seat may know (``None``: the public view), with its legal actions."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(not_running(record))
        seats = await self.store.seats(game_id)
        seat = None if user_id is None else _seat_of(seats, user_id)
        ruleset = self.ruleset_of(record)
        engine = Engine(ruleset)
        state = self._state(record, ruleset)
        running = record.status == "active" and state.result is None  # an abandoned game's prompts stay open, unanswerable
        quiet = await self._quiet_prompts(engine, record, state, seats) if seat is not None else frozenset()
        public = engine.view(state, None)
        follow = {d.prompt.id: d.then for d in decisions(engine, state, seat) if d.then} if seat is not None and running else {}
        return SeatView(
            follow=follow,
            game_id=game_id,
            seq=record.seq,
            status=record.status,
            seat=seat,
            view=public if seat is None else engine.view(state, seat),
            prompts=tuple(p for p in state.prompts_for(seat) if p.id not in quiet) if seat is not None and running else (),
            legal=tuple(a for a in engine.legal(state, seat) if a.prompt not in quiet) if seat is not None and running else (),
            awaited=tuple(state.awaited()) if running else (),
            game=record.game,
            result=state.result,
            names=names_of(record.game, seats, public),
        )

    async def reveal(self, game_id: int, tr: Tr | None = None) -> Reveal:
        """What every seat held, once the game is over (finished or abandoned): built from
        the final state, each seat's part from that seat's own view (issue 19 item 5). A
        game still in its lobby or running is refused before its state is read, so the
        refusal can tell nothing."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(not_running(record))
        if record.status not in ENDED:
            command = frontend_for(record.game).private_command
            yours = " " + current_tr()._("{command} shows yours.", command=command) if command else ""
            raise GameNotRunning(
                current_tr()._("Game #{game_id} is not over: every hand is shown when it ends.", game_id=game_id) + yours
            )
        ruleset = self.ruleset_of(record)
        engine = Engine(ruleset)
        state = self._state(record, ruleset)
        narrator = narrator_for(record.game, tr)
        seats = tuple((s, tuple(narrator.private(engine.view(state, s), s))) for s in state.seats)
        return Reveal(
            game_id=game_id,
            game=record.game,
            status=record.status,
            seq=record.seq,
            seats=seats,
            hidden=tuple(narrator.hidden(engine, state)),
            result=state.result,
        )

    async def public_status(self, game_id: int) -> dict[str, Any]:
        """The game as the public sees it now, in the channel payload's shape (``game_id``,
        ``seq``, ``game``, ``view``, ``awaiting``, ``result``), for the status message."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(not_running(record))
        ruleset = self.ruleset_of(record)
        state = self._state(record, ruleset)
        seats = await self.store.seats(game_id)
        users = {s.seat: s.user_id for s in seats}
        view = Engine(ruleset).view(state, None)
        out = spectators(view)
        awaited = state.awaited() if record.status == "active" else ()  # an abandoned game awaits nobody
        tr = await self.game_tr(game_id)
        return {
            "game_id": game_id,
            "seq": record.seq,
            "game": record.game,
            "language": tr.language,
            "view": view,
            "names": {str(seat): name for seat, name in names_of(record.game, seats, view, tr).items()},
            "awaiting": [{"seat": s, "user_id": users.get(s)} for s in awaited if s not in out],
            "result": state.result,
        }

    async def log_lines(self, game_id: int, user_id: int | None, *, limit: int = 30, tr: Tr | None = None) -> list[str]:
        """The last ``limit`` lines of the game's story as the user's seat saw it (``None``
        or a non-seated user: the public story), rebuilt by replaying the stored log."""
        record = await self._record(game_id)
        if record.status == "lobby":
            raise GameNotRunning(not_running(record))
        seats = await self.store.seats(game_id)
        seat = next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)
        ruleset = self.ruleset_of(record)
        rows = await self.store.actions(game_id)
        state = self._state(record, ruleset)
        names = names_of(record.game, seats, Engine(ruleset).view(state, None), tr)
        lines = await asyncio.to_thread(
            _replayed_lines, Engine(ruleset), record.seed, state.options, len(seats), rows, seat, names, tr
        )
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

    async def my_ended_games(self, guild_id: int, user_id: int, limit: int = 5) -> list[GameRecord]:
        """The user's last ``limit`` games on this server that are over (finished or
        abandoned), newest first: ``/games`` lists them to reach with ``/game review`` and
        ``/game reveal`` once a new game took their channel."""
        found = [r for r in await self.store.games_for_user(guild_id, user_id) if r.status in ENDED]
        return found[:limit]


def _split_at_turn_ends(frontend: Any, parts: Sequence[dict[str, Any]], chapter: str | None) -> list[dict[str, Any]]:
    """The parts with each commit that ends a turn and goes on cut after the event that ends
    the turn (:meth:`bot.frontend.FrontEnd.ends_turn`): what follows it belongs to the turn
    the commit led into (``then``: the next player's turn began) or, when none, is told
    between turns (the season ends, say), where a new chapter's recap opens it."""
    out = []
    for part in parts:
        lines, events = part.get("lines", []), part.get("events", [])
        cut = next((i for i, e in enumerate(events) if frontend.ends_turn(e["kind"])), None)
        if part.get("turn") is None or cut is None or cut == len(events) - 1 or len(lines) != len(events):
            out.append(part)
            chapter = part.get("chapter")
            continue
        out.append({**part, "lines": lines[: cut + 1], "events": events[: cut + 1], "chapter": chapter})
        rest = {"turn": part.get("then"), "ai": bool(part.get("then_ai"))}  # the next turn, begun in it, or between turns
        out.append({**part, "lines": lines[cut + 1 :], "events": events[cut + 1 :], **rest})
        chapter = part.get("chapter")
    return out


def _replayed_lines(
    engine: Engine, seed: int, options: Mapping[str, Any], seat_count: int, rows, seat: Seat | None, names=None, tr=None
) -> list[str]:
    """Narrate a stored log for ``seat`` by replaying it (row 1 is the setup)."""
    lines: list[str] = []
    state = None
    for row in rows:
        records = decode(row.action)
        if row.seq == 1:
            transition = engine.setup(options, seat_count, seed)
        else:
            transition = engine.apply_all(state, [r.action for r in records if not r.forced])
        lines += narrate(transition.state.game, transition.events, seat, names, tr)
        state = transition.state
    return lines


def _seat_of(seats: Sequence[SeatRecord], user_id: int) -> Seat:
    for s in seats:
        if s.user_id == user_id:
            return s.seat
    raise NotSeated(current_tr()._("You hold no seat in this game."))


def _matching(open_now: Sequence[Decision], wanted: Action) -> Action:
    """The answer of the seat's open decisions that says what ``wanted`` says (its prompt may have
    been asked anew since), or :class:`StaleClick`."""
    for decision in open_now:
        for candidate in decision.actions:
            if candidate.choice == wanted.choice and candidate.args == wanted.args:
                return candidate
    raise StaleClick(
        current_tr()._("The game moved on: part of what you sent no longer fits your decision; nothing was changed.")
    )
