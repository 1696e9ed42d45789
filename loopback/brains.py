"""Player brains: users who play a game through the wire, deciding with the game's AI policy.

A :class:`Brain` is a :class:`~loopback.players.Player` (a Discord user sending real
interaction payloads to the double) that answers its seat's decisions:

1. **What the seat knows** comes from the game service's view for that user's seat
   (``GameService.view(game, user)``, read from the bot's own database through a second,
   read-only connection): the seat's view, its open prompts and their legal answers. This
   is the only structured form of that knowledge. What reaches the user on Discord is, by
   design, narrated text and buttons whose ids carry hashes, not the view the AI policy
   reads; parsing the narration back would test the parser, not the bot.
2. **What to answer** is the choice of the game's default AI policy (its descriptor's,
   :func:`bot.service.load_ai`) from that view, prompt and legal answers, with the seat's own
   seeded random generator.
3. **How to answer** is what a user does: find the bot's panel for that prompt in the
   user's inbox (the DM that announced it, or the private thread the bot uses when DMs are
   closed, the reply that replaced a clicked message, or an ephemeral answer of
   the game's private command, e.g. ``/rw hand``, when nothing arrived), then click
   the button or pick the select options that lead to the answer (guided steps, pages,
   Confirm), each click one real interaction. The brain never builds a custom id itself;
   it only recognises, by the hashes :mod:`bot.ids` defines, which offered component
   means its answer.

A :class:`Table` is one game in one channel: the lobby through ``/game new game:<game>`` and the lobby
buttons (``humans`` of the seats joined by users, the others filled with AI seats by the bot), then :meth:`Table.play` lets the awaited seats answer one decision at a time and
records each :class:`Step` (its interactions and the positions before and after).
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot import ids
from bot.errors import StaleClick
from bot.frontend import frontend_for
from bot.i18n import PSEUDO, available, tr_for, unmarked
from bot.service import Decision, GameService, SeatView, load_ai
from bot.service.payloads import decisions
from bot.ui.panels import PAGE_SIZE, walk
from engine.core import Engine
from loopback import payloads as p
from loopback.double import DiscordDouble, DoubleError, Interaction, Message
from loopback.players import Player

CHOICE = re.compile(ids.CHOICE_TEMPLATE)
SELECT = re.compile(ids.SELECT_TEMPLATE)
CURSOR = re.compile(ids.CURSOR_TEMPLATE)
QUICK = re.compile(ids.QUICK_TEMPLATE)  # quick moves: each option a whole answer, taken when it is the brain's
FORM = re.compile(ids.FORM_TEMPLATE)  # a decision's private form: the whole answer typed into one modal
PLAN = re.compile(ids.PLAN_TEMPLATE)  # a stretch of plays: several answers picked at once (bot/ui/stretch.py)
PLAN_CONFIRM = re.compile(ids.PLAN_CONFIRM_TEMPLATE)
#: the most answers a brain plans into one stretch
MAX_STRETCH = 16
#: channels whose messages only their user sees (DMs, and the private threads the bot makes when DMs are closed)
PRIVATE = (p.DM, p.PRIVATE_THREAD)
#: clicks one answer may take: guided steps (destination, units, count), pages, Confirm, a restart
MAX_CLICKS = 12
#: seconds to wait for a DM announcing a decision before asking /rw hand instead
DM_PATIENCE = 10.0
#: seconds to wait for the bot's AI seats to answer when no user is awaited
AI_PATIENCE = 60.0


class BrainError(AssertionError):
    """The bot's panels did not lead to the answer the brain chose."""


@dataclass
class Step:
    """One answered decision: who, what, and the interactions it took."""

    user: str
    seat: int
    kind: str
    prompt: str
    seq_before: int
    seq_after: int
    in_turn: bool  # answered while an order was being resolved (view["turn"] set)
    interactions: list[Interaction] = field(default_factory=list)
    choice: str = ""  # the chosen answer's choice ("move", "done", ...)
    stretch: bool = False  # answered by a stretch of plays: every commit of its seat up to seq_after is its


class Brain(Player):
    """A seated user answering with the AI policy (see the module docstring)."""

    def __init__(self, table: Table, player: Player):
        super().__init__(player.double, player.user, channel=player.channel)
        self.table = table
        self.rng = random.Random(f"{table.seed}/{player.user.name}")
        self.fallbacks = 0  # decisions whose panel had to be asked for with /rw hand
        #: seconds to wait for a decision's DM (or private thread message) before asking /game
        #: private; 0 for a user whose private messages are held for that command
        self.patience = DM_PATIENCE

    async def decide(self, view: SeatView) -> Step:
        """Answer one open decision of this seat (``view``: the seat's view now)."""
        decision = await self._decision_with_panel(view)
        action = self.table.policy(
            dict(view.view), decision.prompt, list(decision.actions), self.rng, pack=await self.table.pack()
        )
        step = Step(
            self.user.name,
            view.seat,
            decision.prompt.kind,
            decision.prompt.id,
            view.seq,
            view.seq,
            in_turn=bool(view.view.get("turn")),
            choice=action.choice,
        )
        ph = ids.prompt_hash(decision.prompt.id)
        if decision.prompt.kind in self.table.frontend.form_kinds and await self._fill_form(view, decision, ph, step):
            return step
        if decision.prompt.kind in self.table.frontend.stretch_kinds:
            planned = await self._stretch(step, view, decision, action, ph)
            if planned:
                return step
        if self.table.type_moves and decision.prompt.kind in self.table.frontend.move_kinds:
            for option in ("to", "from"):  # what /game move would suggest (checked for leaks)
                await self.autocomplete("game move", focused=option, channel=self.table.channel)
        pages = -(-len(decision.actions) // PAGE_SIZE)  # a long list of answers is paged: one "Next" per page
        for _ in range(MAX_CLICKS + pages):
            message = self.panel(ph)
            if message is None:
                message = await self._ask_private(ph)
            interaction = await self._press(message, ph, decision, action)
            step.interactions.append(interaction)
            await self.double.wait_for(
                lambda interaction=interaction: interaction.responses, what=f"the bot's answer to {self.user.name}'s click"
            )
            seq = (await self.table.service.store.get_game(self.table.game_id)).seq
            if seq != view.seq:
                step.seq_after = seq
                return step
            now = await self.table.seat_view(self.user.id)
            decision = next((d for d in now.decisions if d.prompt.id == decision.prompt.id), None)
            if decision is None:
                raise BrainError(f"{self.user.name}: {step.kind} closed without a move")
        raise BrainError(f"{self.user.name}: {MAX_CLICKS + pages} clicks did not answer {step.kind} with {action.describe()}")

    async def _fill_form(self, view: SeatView, decision: Decision, ph: str, step: Step) -> bool:
        """Answer a decision that has a private form as a player does: plan the whole answer (the AI
        policy's answers, one after the other, until the decision closes), click "Fill in the form"
        and submit what the front-end says a player types for them (FrontEnd.form_values); two
        interactions. False when the panel offers no form."""
        message = self.panel(ph) or await self._ask_private(ph)
        button = next(
            (c for c in message.components() if (m := FORM.fullmatch(c.get("custom_id") or "")) and m["ph"] == ph), None
        )
        if button is None:
            return False
        answers = await self._plan(view, decision)
        values = self.table.frontend.form_values(decision.prompt, answers, view.view)
        opened = await self.click(message, custom_id=button["custom_id"])
        step.interactions.append(opened)
        submitted = await self.submit(opened, **values)
        step.interactions.append(submitted)
        await self.double.wait_for(lambda: submitted.responses, what=f"the bot's answer to {self.user.name}'s form")
        step.seq_after = (await self.table.service.store.get_game(self.table.game_id)).seq
        if step.seq_after == view.seq:
            raise BrainError(f"{self.user.name}: the form {values} did not answer {step.kind}")
        return True

    async def _plan(self, view: SeatView, decision: Decision) -> list[Any]:
        """The AI policy's answers to ``decision`` and to the same decision asked anew after each,
        until it closes (worked out on a copy of the game; the policy sees only the seat's view)."""
        service = self.table.service
        record = await service.store.get_game(self.table.game_id)
        engine = Engine(service.ruleset_of(record))
        state = service._state(record)
        pack = await self.table.pack()
        answers, current = [], decision
        for _ in range(200):
            action = self.table.policy(
                dict(engine.view(state, view.seat)), current.prompt, list(current.actions), self.rng, pack=pack
            )
            answers.append(action)
            state = engine.apply(state, action).state
            current = next((d for d in decisions(engine, state, view.seat) if d.prompt.kind == decision.prompt.kind), None)
            if current is None:
                return answers
        raise BrainError(f"{self.user.name}: {decision.prompt.kind} did not close after 200 planned answers")

    # --- a stretch of plays ----------------------------------------------------------------

    async def _stretch(self, step: Step, view: SeatView, decision: Decision, action, ph: str) -> bool:
        """Plan the AI's answers from ``action`` on as one stretch (the bot's own preview tells
        what is open after each) and give them through the panel's stretch select and Confirm,
        as a player would: as many as the list's order allows per pick. False (nothing clicked)
        when the plan is a single answer or the panel offers no stretch."""
        service, pack, key = self.table.service, await self.table.pack(), self.table.frontend.stretch_key
        plan, actions = [decision.actions.index(action)], [action]
        while len(plan) < MAX_STRETCH:
            preview = await service.preview(self.table.game_id, self.user.id, plan)
            if preview.stopped or preview.decision is None:
                break
            nxt = self.table.policy(
                dict(preview.view), preview.decision.prompt, list(preview.decision.actions), self.rng, pack=pack
            )
            plan.append(preview.decision.actions.index(nxt))
            actions.append(nxt)
        if len(plan) == 1:
            return False
        step.stretch = True
        message = self.panel(ph) or await self._ask_private(ph)
        done = 0
        for _ in range(MAX_CLICKS):
            if done >= len(plan):
                break
            menu = next(
                (c for c in message.components() if (m := PLAN.fullmatch(c.get("custom_id") or "")) and m["ph"] == ph), None
            )
            if menu is None:
                break
            offered = sorted(x for o in menu.get("options", []) if (x := ids.parse_plan_option(o["value"])) is not None)
            chosen = []  # the bot applies a pick in the list's order, an answer not open yet after the others
            for k in range(done, len(plan)):
                wanted = ids.key_hash(key(actions[k]))
                pick = next((x for x in offered if x not in chosen and x[2] == wanted), None)
                if pick is None:
                    break
                chosen.append(pick)
            chosen.sort()
            if not chosen:
                break
            values = [f"{i}#{c}:{h}" for i, c, h in chosen]
            go = done + len(chosen) == len(plan) and any(o["value"] == "go" for o in menu.get("options", []))
            interaction = await self.select(message, [*values, *(["go"] if go else [])], custom_id=menu["custom_id"])
            step.interactions.append(interaction)
            await self.double.wait_for(lambda interaction=interaction: interaction.responses, what=f"{self.user.name}'s plan")
            if go:
                step.seq_after = (await self.table.service.store.get_game(self.table.game_id)).seq
                return True
            message = self.panel(ph) or message
            now = next((m for c in message.components() if (m := PLAN_CONFIRM.fullmatch(c.get("custom_id") or ""))), None)
            if now is None:
                break
            done = len(ids.parse_plan(now))
        button = next((c for c in message.components() if PLAN_CONFIRM.fullmatch(c.get("custom_id") or "")), None)
        if button is None:
            return bool(step.interactions)
        interaction = await self.click(message, custom_id=button["custom_id"])
        step.interactions.append(interaction)
        await self.double.wait_for(lambda: interaction.responses, what=f"the bot's answer to {self.user.name}'s Confirm")
        step.seq_after = (await self.table.service.store.get_game(self.table.game_id)).seq
        return True

    # --- finding the panel ----------------------------------------------------------------

    def panel(self, ph: str) -> Message | None:
        """The newest message only this user sees (DM, private thread, ephemeral) offering prompt ``ph``."""
        best: tuple[int, int, Message] | None = None
        for message in self.double.messages.values():
            if message.deleted or not self._private_to_me(message):
                continue
            seqs = [int(m["seq"]) for c in message.components() if (m := _decision_match(c)) and m["ph"] == ph]
            if seqs and (best is None or (max(seqs), message.id) > best[:2]):
                best = (max(seqs), message.id, message)
        return best[2] if best else None

    def _private_to_me(self, message: Message) -> bool:
        if message.visible_to is not None:
            return message.visible_to == self.user.id
        channel = self.double.channels[message.channel_id]
        return channel.type in PRIVATE and self.double.can_see(self.user.id, channel)

    async def _decision_with_panel(self, view: SeatView) -> Decision:
        """An open decision whose panel the user can see (waiting for its DM, else /rw hand)."""
        decisions = view.decisions
        if not decisions:
            raise BrainError(f"{self.user.name} is awaited but has no open decision")

        def visible() -> Decision | None:
            return next((d for d in decisions if self.panel(ids.prompt_hash(d.prompt.id))), None)

        if found := visible():
            return found
        if self.patience:
            try:
                return await self.double.wait_for(visible, timeout=self.patience, what=f"a panel for {self.user.name}")
            except DoubleError:
                pass
        await self._ask_private(ids.prompt_hash(decisions[0].prompt.id))
        return visible() or decisions[0]

    async def _ask_private(self, ph: str) -> Message:
        self.fallbacks += 1
        await self.slash(self.table.frontend.private_command.removeprefix("/"), channel=self.table.channel)
        return await self.double.wait_for(lambda: self.panel(ph), what=f"/rw hand to show {self.user.name}'s decision")

    # --- pressing what leads to the answer ------------------------------------------------

    async def _press(self, message: Message, ph: str, decision: Decision, action) -> Interaction:
        index = decision.actions.index(action)
        answer = ids.action_hash(action)
        components = [(c, _decision_match(c)) for c in message.components()]
        for component, match in components:
            if match and match["ph"] == ph and CHOICE.fullmatch(component["custom_id"]) and match["ah"] == answer:
                return await self.click(message, custom_id=component["custom_id"])
        for component, match in components:
            if not (
                match
                and match["ph"] == ph
                and (SELECT.fullmatch(component["custom_id"]) or QUICK.fullmatch(component["custom_id"]))
            ):
                continue
            values = [o["value"] for o in component.get("options", [])]
            if ids.choice_value(index, action) in values:
                return await self.select(message, ids.choice_value(index, action), custom_id=component["custom_id"])
            if value := next(
                (v for v in values if _leads_to(self.table.frontend, decision, action, ids.parse_path_value(v))), None
            ):
                return await self.select(message, value, custom_id=component["custom_id"])  # a quick move's guided step
            if values and all(v.startswith("n") for v in values):
                value = _step_value(self.table.frontend, decision, action, ids.parse_cursor(match))
                if value in values:
                    return await self.select(message, value, custom_id=component["custom_id"])
        rich = [i for i, a in enumerate(decision.actions) if a.args]  # the answers a long select pages through
        page = f"g{rich.index(index) // PAGE_SIZE}" if index in rich else None
        for component, match in components:  # a long list's page jump: straight to the answer's page
            values = [o["value"] for o in component.get("options", [])]
            if match and match["ph"] == ph and SELECT.fullmatch(component["custom_id"]) and page in values:
                return await self.select(message, page, custom_id=component["custom_id"])
        for component, match in components:  # another page, or back to the first step of an older position
            if (
                match
                and match["ph"] == ph
                and CURSOR.fullmatch(component["custom_id"])
                and unmarked(component.get("label", "")) in ONWARD
            ):
                return await self.click(message, custom_id=component["custom_id"])
        offered = [(c.get("label") or c.get("placeholder"), c.get("custom_id")) for c, _ in components]
        raise BrainError(f"{self.user.name}: the panel does not lead to {action.describe()}; it offers {offered}")


#: the labels of a panel's "Next ▶" and "Start over" buttons in every language (and the pseudo-locale)
ONWARD = {unmarked(tr_for(lang).gettext(label)) for lang in (*available(), PSEUDO) for label in ("Next ▶", "Start over")}


def _decision_match(component: dict[str, Any]) -> re.Match[str] | None:
    custom_id = component.get("custom_id") or ""
    return (
        CHOICE.fullmatch(custom_id)
        or SELECT.fullmatch(custom_id)
        or CURSOR.fullmatch(custom_id)
        or QUICK.fullmatch(custom_id)
        or PLAN.fullmatch(custom_id)
        or PLAN_CONFIRM.fullmatch(custom_id)
    )


def _leads_to(frontend, decision: Decision, action, path: tuple[int, ...] | None) -> bool:
    """Whether the guided step at ``path`` (a quick move's option) still offers ``action``."""
    if path is None:
        return False
    narrator = frontend.narrator
    rich = [(i, a) for i, a in enumerate(decision.actions) if a.args]
    try:
        return action in [a for _, a in walk(narrator.flow(decision.prompt.kind) or (), rich, path, narrator).remaining]
    except StaleClick:
        return False


def _step_value(frontend, decision: Decision, action, cursor: ids.Cursor) -> str | None:
    """The option (``n<k>``) of a guided step that keeps ``action`` possible."""
    narrator = frontend.narrator
    facets = narrator.flow(decision.prompt.kind) or ()
    rich = [(i, a) for i, a in enumerate(decision.actions) if a.args]
    try:
        step = walk(facets, rich, cursor.path, narrator)
    except StaleClick:  # a cursor of an older position: the bot starts the decision over
        return None
    if step.keys is None:
        return None
    wanted = tuple(action.args.get(k) for k in step.keys)
    return f"n{step.values.index(wanted)}" if wanted in step.values else None


class Table:
    """One game in one channel, played by brains (see the module docstring); ``game``: its name
    (default Runewars, the game the e2e tests play); ``seats``: the table size when larger than
    the players (the other seats are AI seats)."""

    def __init__(
        self,
        double: DiscordDouble,
        service: GameService,
        players: list[Player],
        *,
        seed: int = 0,
        type_moves: bool = False,
        game: str = "runewars",
        seats: int | None = None,
        idle: Callable[[], Awaitable[bool]] | None = None,
    ):
        self.double = double
        #: called when only AI seats or auto-answered decisions are awaited; True when it moved
        #: the game's clock on to the next auto-pass (the playtest's virtual time)
        self.idle = idle
        self.game = game
        self.frontend = frontend_for(game)
        policy = load_ai(game)
        if policy is None:
            raise BrainError(f"{game} has no AI policy for the brains to decide with")
        self.policy = policy
        self.size = seats or len(players)
        self.service = service  # read-only: views of the bot's database
        self.channel = players[0].channel
        self.seed = seed
        self.brains = [Brain(self, p) for p in players]
        self.type_moves = type_moves  # before moving, ask /game move's autocomplete as a user typing would
        self.game_id: int | None = None
        self.seats: dict[int, int | None] = {}  # seat -> user id, drawn at the start
        self.lobby: Message | None = None
        self.steps: list[Step] = []
        self._pack = None

    @property
    def by_user(self) -> dict[int, Brain]:
        return {b.user.id: b for b in self.brains}

    async def open(self, game_options: dict[str, Any] | None = None, **options: Any) -> int:
        """``/game new game:<game>`` by the first player, the game's own options (``game_options``)
        set by the creator with the lobby's components, then everyone clicks Join and the creator
        Start (with AI seats for the rest of the table when it is larger than the players)."""
        creator = self.brains[0]
        if self.size > len(self.brains):
            options.setdefault("ai_seats", True)
        reply = await creator.slash("game new", channel=self.channel, game=self.game, players=self.size, **options)
        self.lobby = reply.message
        record = await self.service.store.active_game(self.channel.id)
        assert record is not None, reply.message.content
        self.game_id = record.id
        for name, value in (game_options or {}).items():
            if isinstance(value, bool):
                current = (await self.service.store.get_game(self.game_id)).options.get(name, False)
                if bool(current) != value:
                    clicked = await creator.click(self.lobby, custom_id=ids.option_toggle_id(self.game_id, name))
                    await self.double.wait_for(lambda clicked=clicked: clicked.responses, what=f"the lobby's {name}")
            else:
                clicked = await creator.select(self.lobby, str(value), custom_id=ids.option_select_id(self.game_id, name))
                await self.double.wait_for(lambda clicked=clicked: clicked.responses, what=f"the lobby's {name}")
        for brain in self.brains:
            await self._lobby_click(brain, "join")
        await self._lobby_click(creator, "start")
        deadline = time.monotonic() + 15.0  # the click is answered before the start may be committed
        while (await self.service.store.get_game(self.game_id)).status == "lobby":
            if time.monotonic() > deadline:
                raise AssertionError(f"game {self.game_id} did not start within 15 s of the Start click")
            await asyncio.sleep(0.05)
        self.seats = {s.seat: s.user_id for s in await self.service.store.seats(self.game_id)}
        return self.game_id

    async def _lobby_click(self, brain: Brain, action: str) -> None:
        """Click the lobby's button of ``action`` (by its id: the label is in the lobby's language)."""
        clicked = await brain.click(self.lobby, custom_id=ids.lobby_id(self.game_id, action))
        await self.double.wait_for(lambda: clicked.responses, what=f"{brain.user.name}'s {action}")

    async def pack(self):
        if self._pack is None:
            self._pack = await self.service.pack_of(self.game_id)
        return self._pack

    async def seat_view(self, user_id: int | None) -> SeatView:
        return await self.service.view(self.game_id, user_id)

    async def next_decider(self, public: SeatView) -> tuple[Brain, SeatView] | None:
        """The brain of the first awaited seat a user holds that has a decision shown to it, and
        that seat's view; None when only AI seats are awaited, or users whose open decisions
        ``auto_pass`` answers by itself after its delay (they are shown none)."""
        by_user = self.by_user
        for seat in public.awaited:
            brain = by_user.get(self.seats.get(seat))  # type: ignore[arg-type]
            if brain is not None:
                view = await self.seat_view(brain.user.id)
                if view.decisions:
                    return brain, view
        return None

    async def moved_on(self, seq: int, timeout: float = AI_PATIENCE) -> None:
        """Wait until the game is past position ``seq`` (the bot playing its AI seats)."""
        deadline = time.monotonic() + timeout
        while (await self.service.store.get_game(self.game_id)).seq == seq:
            if time.monotonic() > deadline:
                raise BrainError(
                    f"no awaited seat was shown a decision (AI seats, or prompts quiet for auto_pass) and the game"
                    f" stayed at {seq} for {timeout:.0f} s; a reader of a bot process needs its auto_pass default"
                )
            await asyncio.sleep(0.02)

    async def play(
        self,
        until: Callable[[SeatView], bool] = lambda v: False,
        *,
        max_steps: int = 5000,
        after_step: Callable[[Step], Any] | None = None,
    ) -> SeatView:
        """Let the awaited seats answer, one decision at a time, until ``until(public view)``
        or the game's end. Returns the public view at the stop."""
        steps = 0
        while steps < max_steps:
            public = await self.seat_view(None)
            if public.status != "active" or public.view.get("result") is not None or until(public):
                return public
            decider = await self.next_decider(public)
            if decider is None:  # only AI seats or auto-passes are awaited: the bot answers them
                if self.idle is not None:
                    await self.idle()
                await self.moved_on(public.seq)
                continue
            steps += 1
            brain, view = decider
            step = await brain.decide(view)
            self.steps.append(step)
            if after_step is not None:
                await after_step(step)
        raise BrainError(f"no end after {max_steps} decisions")
