"""Answers nobody has to click: AI seats, a player's auto-end-turn, and planned auto-passes.

A seat with the ``auto_end_turn`` setting answers the prompts of its game's
``FrontEnd.auto_answers`` by itself. ``auto_pass`` (issue 19 item 2) answers, after a delay
drawn at random when the prompt opens, a prompt with a single legal answer (``unplayable``,
the default, and ``always``: a window the seat can only pass, a Proceed or End turn with
nothing else possible) and, with ``always``, the windows of ``FrontEnd.auto_passes`` whatever
the seat holds; ``off`` asks. The delay is drawn the same way for every prompt of a seat whose
setting is not ``off``, whatever its hand; that a pass within minutes suggests nothing playable
is the documented timing leak of ``unplayable`` (docs/architecture.md).
"""

from __future__ import annotations

import inspect
import logging
import random
from collections.abc import Sequence

from bot.errors import RunetableError, StaleClick
from bot.frontend import frontend_for
from bot.narration import current_tr
from bot.service.base import ServiceBase
from bot.service.games import game_pack
from bot.service.payloads import Decision
from bot.service.play import ActOutcome
from bot.store import GameRecord, SeatRecord
from engine.core import Action, Engine, GameState, Prompt, Seat, Transition

log = logging.getLogger(__name__)

#: the auto-pass delay is uniform between these many seconds
AUTO_PASS_DELAY = (30.0, 150.0)
#: game setting holding the planned auto-passes: {prompt id: {"seat", "due"}}
AUTO_PASS_PLAN = "auto_pass_plan"


class AutomaticMixin(ServiceBase):
    """Finding the answers that give themselves (for :meth:`~bot.service.play.PlayMixin._commit_stretch`)
    and giving the planned auto-passes when due, each committed through
    :meth:`~bot.service.play.PlayMixin.answer` like the player's own click. Reads the players'
    settings (:meth:`~bot.service.settings.SettingsMixin.player_setting`)."""

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
            log.warning(
                "game %s: seat %s is an AI seat but %s has no AI; answering with the first legal action",
                record.id,
                seat,
                record.game,
            )
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

    # ---------------------------------------------------------------- auto-pass

    async def _auto_pass_modes(self, seats: Sequence[SeatRecord]) -> dict[Seat, str]:
        """Each human seat's ``auto_pass`` (:data:`~bot.service.settings.AUTO_PASS_MODES`)."""
        return {s.seat: await self.player_setting(s.user_id, "auto_pass") for s in seats if s.user_id is not None and not s.is_ai}

    async def _quiet_prompts(
        self, engine: Engine, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]
    ) -> frozenset[str]:
        """The open prompts no human is shown: a human seat's prompt with a single legal
        answer whose player's ``auto_pass`` is not ``off`` (the answer comes by itself after
        the planned delay, :meth:`_plan_auto_passes`). The engine answers a prompt whose single
        answer follows from public information at once; one left open depends on a hand."""
        if state.result is not None:
            return frozenset()
        modes = await self._auto_pass_modes(seats)
        return frozenset(
            p.id for p in state.prompts if modes.get(p.seat, "off") != "off" and len(engine.ruleset.legal(state, p)) == 1
        )

    @staticmethod
    def _auto_answer(game: str, mode: str, prompt: Prompt, legal: Sequence[Action]) -> Action | None:
        """The answer ``auto_pass`` gives for the seat (after the delay), or None: ask the player.
        ``unplayable`` and ``always`` give a single legal answer (a window the seat can only
        pass, a Proceed or End turn with nothing else possible); ``always`` also passes a
        window of ``FrontEnd.auto_passes`` whatever else the seat could do."""
        if mode == "off" or not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        wanted = frontend_for(game).auto_passes.get(prompt.kind)
        if mode == "always" and wanted is not None:
            return next((a for a in legal if a.choice == wanted), None)
        return None

    async def _plan_auto_passes(self, record: GameRecord, state: GameState, seats: Sequence[SeatRecord]) -> None:
        """Keep the game's auto-pass plan in step with its open prompts: forget the answered
        ones, draw a due time from :data:`AUTO_PASS_DELAY` for each newly opened prompt of a
        player whose ``auto_pass`` is not ``off``, and mark which of them ``auto_pass`` answers
        (``answer``). The delay is drawn for every such prompt the same way, whatever the
        seat holds and whether it will be answered, so the draw says nothing about the hand."""
        plan = await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})
        modes = await self._auto_pass_modes(seats)
        ruleset = self.ruleset_of(record)
        kept = {}
        for prompt in state.prompts:
            mode = modes.get(prompt.seat, "off")
            if state.result is not None or mode == "off":
                continue  # an AI seat, a player who asks to be asked, or one who switched it off meanwhile
            entry = plan.get(prompt.id) or {"seat": prompt.seat, "due": self._clock() + self._delays.uniform(*AUTO_PASS_DELAY)}
            answer = self._auto_answer(record.game, mode, prompt, ruleset.legal(state, prompt))
            kept[prompt.id] = {**entry, "answer": answer is not None}
        if kept != plan:
            await self.store.set_setting("game", record.id, AUTO_PASS_PLAN, kept)

    async def auto_passes_due(self) -> list[ActOutcome]:
        """Plan the auto-passes no commit planned yet (a player who switched ``auto_pass``
        on while a window was open, a position loaded directly), then give every planned
        auto-pass whose time has come (its prompt still open, the answer still the one
        ``auto_pass`` gives), each committed like the player's own answer. Returns what happened."""
        now, done = self._clock(), []
        for record in await self.store.games_with_status("active"):
            async with self.store.lock(record.id):
                record = await self._record(record.id)
                if record.status != "active":
                    continue
                await self._plan_auto_passes(record, self._state(record), await self.store.seats(record.id))
                plan = await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})
            for prompt_id, entry in sorted(plan.items(), key=lambda item: item[1]["due"]):
                if entry["due"] > now or not entry.get("answer"):
                    continue
                user = next((s.user_id for s in await self.store.seats(record.id) if s.seat == entry["seat"]), None)
                mode = await self.player_setting(user, "auto_pass")

                def the_pass(
                    decisions: Sequence[Decision], seq: int, prompt_id: str = prompt_id, game: str = record.game, mode: str = mode
                ) -> Action:
                    for d in decisions:
                        if d.prompt.id == prompt_id:
                            found = self._auto_answer(game, mode, d.prompt, d.actions)
                            if found is not None:
                                return found
                    raise StaleClick(current_tr()._("The auto-pass came too late: the prompt is settled."))

                try:
                    done.append(
                        await self.answer(record.id, user, the_pass, replied=False)
                    )  # nobody clicked: a DM tells what follows
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
        dues = [
            entry["due"]
            for record in await self.store.games_with_status("active")
            for entry in (await self.store.get_setting("game", record.id, AUTO_PASS_PLAN, {})).values()
            if entry.get("answer")
        ]
        return min(dues, default=None)
