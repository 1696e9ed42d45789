"""What a click or a command does, as plain async functions returning :class:`Reply` values.

The discord.py glue (:mod:`bot.ui.components`, :mod:`bot.cogs`) only defers, calls one of
these and sends the reply; everything that decides what to say lives here and is tested
without a Discord connection. No function here lets an exception other than a bug escape:
every :class:`~bot.errors.RunetableError` becomes an ephemeral explanation, a refused action
the engine's reason, rule and legal alternatives as buttons, with the state unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import Refused, RunetableError, StaleClick, rule_text
from bot.frontend import frontend_for
from bot.i18n import ENGLISH, N_, Tr, available, command_mention, tr_for
from bot.ids import Cursor, PromptRef, parse_bundle_value, parse_choice_value, parse_path_value, prompt_hash
from bot.narration import current_tr, narrator_for
from bot.service import ENDED, ActOutcome, Decision, GameService, SeatView
from bot.ui.channel import fit
from bot.ui.panels import STALE_CHOICE, Panel, alternatives_panel, build_panel, find_decision, move_path, pick_bundle, pick_choice
from engine.core import Action

MAX_LINES = 12
NOTHING_AWAITED = N_("Nothing is awaited from you right now. You will get a message when you must decide.")
MOVED_ON = N_("The game moved on since these buttons were made; here is the decision as it stands now.")


@dataclass(frozen=True)
class Image:
    """A PNG to attach, with its alt text (at most 1024 characters on Discord)."""

    png: bytes
    filename: str
    alt: str


@dataclass(frozen=True)
class Reply:
    """One message to send: ``edit`` replaces the message the component is on (only for the
    clicker's own decision message); otherwise it is a follow-up, ephemeral unless ``public``."""

    panel: Panel
    edit: bool = False
    files: tuple[Image, ...] = field(default_factory=tuple)
    public: bool = False


def say(text: str) -> Reply:
    return Reply(Panel(text))


async def choose(service: GameService, user_id: int, ref: PromptRef, index: int, answer_hash: str) -> list[Reply]:
    """A choice button (or a select's answer): apply that answer for the clicker's seat."""
    outcome = await _answered(
        service, user_id, ref, lambda decisions, seq: pick_choice(decisions, ref.prompt_hash, index, answer_hash)
    )
    return outcome if isinstance(outcome, list) else [after(outcome, edit=True, guide=await guided(service, outcome))]


async def _answered(
    service: GameService, user_id: int, ref: PromptRef, choose_: Callable[[Sequence[Decision], int], Action]
) -> ActOutcome | list[Reply]:
    """The outcome of the clicker's answer, or the replies that say why it was not taken: a
    stale click (with the decision as it stands), the rules' refusal, or another error."""
    try:
        return await service.answer(ref.game_id, user_id, choose_)
    except StaleClick as e:
        return await _with_current(service, ref.game_id, user_id, e.message)
    except Refused as e:
        return await _refusal(service, ref.game_id, user_id, e)
    except RunetableError as e:
        return [say(e.message)]


async def quick(service: GameService, user_id: int, ref: PromptRef, value: str) -> list[Reply]:
    """A quick move (:func:`bot.ui.panels.quick_moves`): one answer, several applied in turn, or a guided step."""
    if (parsed := parse_choice_value(value)) is not None:
        return await choose(service, user_id, ref, *parsed)
    if (bundle := parse_bundle_value(value)) is not None:
        return await choose_all(service, user_id, ref, *bundle)
    if (path := parse_path_value(value)) is not None:
        return await navigate(service, user_id, ref, Cursor(path, 0))
    return [say(current_tr()._("That option is not one the bot made; nothing was changed."))]


async def choose_all(service: GameService, user_id: int, ref: PromptRef, indexes: tuple[int, ...], bundle: str) -> list[Reply]:
    """Several answers of one prompt applied in turn (all units of an area): the first as a
    click of its own; each next one while the seat still has an open decision of the same kind
    offering that same answer (the prompt is asked anew after each move). Where one cannot
    follow (the position changed: a limit, a cost), the reply says so and shows what is open."""
    planned: list[Action] = []
    kinds: list[str] = []

    def first(decisions: Sequence[Decision], seq: int) -> Action:
        planned[:] = pick_bundle(decisions, ref.prompt_hash, indexes, bundle)
        kinds[:] = [d.prompt.kind for d in decisions if prompt_hash(d.prompt.id) == ref.prompt_hash]
        return planned[0]

    outcome = await _answered(service, user_id, ref, first)
    if isinstance(outcome, list):
        return outcome
    lines = list(outcome.lines)
    for action in planned[1:]:
        try:
            outcome = await service.answer(
                ref.game_id, user_id, lambda decisions, seq, action=action: _again(decisions, kinds[0], action)
            )
        except (StaleClick, Refused):
            tr = current_tr()
            lines.append(
                tr._("Not moved: {answer} (the position changed).", answer=narrator_for(outcome.game, tr).action(action))
            )
            break
        except RunetableError as e:
            lines.append(e.message)
            break
        lines += outcome.lines
    return [after(dataclasses.replace(outcome, lines=tuple(lines)), edit=True, guide=await guided(service, outcome))]


async def navigate(service: GameService, user_id: int, ref: PromptRef, cursor: Cursor) -> list[Reply]:
    """A page or back button, or a guided step: show the same decision at another cursor."""
    try:
        view = await service.view(ref.game_id, user_id)
    except RunetableError as e:
        return [say(e.message)]
    decision = find_decision(view.decisions, ref.prompt_hash)
    if decision is None:
        return await _with_current(service, ref.game_id, user_id, current_tr()._("That decision is no longer open for you."))
    if view.seq != ref.seq:
        return [
            Reply(
                _prefixed(
                    current_tr()._(MOVED_ON),
                    build_panel(view.game, view.game_id, view.seq, decision, names=view.names, view=view.view),
                ),
                edit=True,
            )
        ]
    try:
        return [Reply(build_panel(view.game, view.game_id, view.seq, decision, cursor, view.names, view=view.view), edit=True)]
    except StaleClick as e:
        return [
            Reply(_prefixed(e.message, build_panel(view.game, view.game_id, view.seq, decision, names=view.names)), edit=True)
        ]


async def select(service: GameService, user_id: int, ref: PromptRef, cursor: Cursor, value: str) -> list[Reply]:
    """A select: a guided step's value (``n<k>``) moves the cursor, a page's (``g<k>``, a long
    list's page jump) shows that page; an answer is applied."""
    if value.startswith("n") and value[1:].isdigit():
        return await navigate(service, user_id, ref, Cursor((*cursor.path, int(value[1:])), 0))
    if value.startswith("g") and value[1:].isdigit() and len(value) <= 4:
        return await navigate(service, user_id, ref, Cursor(cursor.path, int(value[1:])))
    parsed = parse_choice_value(value)
    if parsed is None:
        return await quick(service, user_id, ref, value)
    return await choose(service, user_id, ref, *parsed)


async def my_decisions(service: GameService, game_id: int, user_id: int, held: Sequence[dict] = ()) -> list[Reply]:
    """The user's held private messages (DMs closed), their private information (hand, secret
    cards, runes they see) and a panel per open decision."""
    tr = current_tr()
    replies = [
        say("\n".join([tr._("Private message (game #{game}):", game=game_id), *p.get("lines", [])][:MAX_LINES]))
        for p in held
        if p.get("lines")
    ]
    try:
        view = await service.view(game_id, user_id)
    except RunetableError as e:
        return [*replies, say(e.message)]
    mine = narrator_for(view.game, tr).private(dict(view.view), view.seat)
    if mine:
        replies.append(say("\n".join([tr._("Your private information (game #{game}):", game=game_id), *mine])[:2000]))
    if view.status in ENDED:
        reveal = command_mention("game reveal", tr)
        return [
            *replies,
            say(tr._("Game #{game} is over: {command} shows every seat's hand and secrets.", game=game_id, command=reveal)),
        ]
    panels = current_panels(view)
    return [*replies, *(Reply(p) for p in panels)] if panels else [*replies, say(tr._(NOTHING_AWAITED))]


def current_panels(view: SeatView) -> list[Panel]:
    return [build_panel(view.game, view.game_id, view.seq, d, names=view.names, view=view.view) for d in view.decisions]


async def guided(service: GameService, outcome: ActOutcome) -> list[str]:
    """In a guided first game (:mod:`bot.table.tutorial`), the explanation of each new kind of
    decision the answer's reply brings to the player (none in any other game)."""
    if not outcome.decisions:
        return []
    from bot.table import tutorial

    shown = {
        "game_id": outcome.game_id,
        "seq": outcome.seq,
        "seat": outcome.seat,
        "game": outcome.game,
        "names": {str(s): n for s, n in outcome.names.items()},
    }
    tr = current_tr()
    return [line for d in outcome.decisions for line in await tutorial.explanation(service, shown, d.prompt, tr, "reply")]


def after(outcome: ActOutcome, *, edit: bool, guide: Sequence[str] = ()) -> Reply:
    """The reply to an accepted answer: what happened, then the next decision (or none), after
    ``guide``: a guided first game's explanation of it."""
    tr = current_tr()
    lines = list(outcome.lines[:MAX_LINES]) or [tr._("Done.")]
    if outcome.result is not None:
        lines.append(tr._("The game is over."))
    elif not outcome.decisions:
        lines.append(tr._(NOTHING_AWAITED))
    if outcome.decisions:
        panel = build_panel(
            outcome.game, outcome.game_id, outcome.seq, outcome.decisions[0], names=outcome.names, view=outcome.view or None
        )
        more = len(outcome.decisions) - 1
        extra = [tr.ngettext("(+{n} more open decision: use My decisions)", "(+{n} more open decisions: use My decisions)", more)]
        extra = extra if more else []
        return Reply(_prefixed("\n".join(lines + extra + list(guide)), panel), edit=edit)
    return Reply(Panel(fit(lines, tr)), edit=edit)  # long lines (a year's sealed sheets revealed) within 2,000


async def move(service: GameService, game_id: int, user_id: int, given: dict[str, Any]) -> list[Reply]:
    """/game move: what was typed (destination, origin, unit, count) is checked against the
    legal moves; one match is applied, several continue the guided flow from there, none is
    sent to the engine so its refusal (reason, rule, alternatives) explains why."""
    try:
        view = await service.view(game_id, user_id)
    except RunetableError as e:
        return [say(e.message)]
    decision = _move_decision(view)
    if decision is None:
        return [say(current_tr()._("You have no units to move right now."))]
    path, matching = move_path(view.game, decision, given)
    if len(matching) == 1:
        return await _act(service, view, user_id, matching[0])
    if matching:
        panel = build_panel(view.game, view.game_id, view.seq, decision, Cursor(path), view.names)
        return [Reply(panel)]
    if "count" not in given or "from" not in given or "unit" not in given:
        panel = build_panel(view.game, view.game_id, view.seq, decision, Cursor(path), view.names)
        return [Reply(_prefixed(current_tr()._("No legal move matches what you typed; choose from these."), panel))]
    action = Action(view.seat, decision.prompt.id, "move", given)
    return await _act(service, view, user_id, action)


async def move_suggestions(
    service: GameService, game_id: int, user_id: int, key: str, typed: str, given: dict[str, Any], tr: Tr | None = None
) -> list[tuple[str, str]]:
    """Autocomplete for /game move: values of ``key`` among the user's own legal moves that fit
    what is already filled in (never anything the user may not know), as (label, value):
    labelled in the caller's language ``tr``, matching what was typed in any language."""
    try:
        view = await service.view(game_id, user_id)
    except RunetableError:
        return []
    decision = _move_decision(view)
    if decision is None:
        return []
    tr = tr or ENGLISH
    narrators = [narrator_for(view.game, tr_for(lang)) for lang in dict.fromkeys([tr.language, *available()])]
    out: list[tuple[str, str]] = []
    for action in decision.actions:
        if key not in action.args or any(action.args.get(k) != v for k, v in given.items() if k != key):
            continue
        value = str(action.args[key])
        labels = [
            narrator.value((key,), (action.args[key],))
            if key != "unit"
            else narrator.value(("from", "unit"), (action.args["from"], action.args["unit"]))
            for narrator in narrators
        ]
        if typed.lower() in value.lower() or any(typed.lower() in label.lower() for label in labels):
            if value not in [v for _, v in out]:
                out.append((labels[0][:100], value))
    return out[:25]


# -------------------------------------------------------------------- internals


def _move_decision(view: SeatView) -> Decision | None:
    """The seat's open decision that moves units (a kind of its game's ``FrontEnd.move_kinds``), or None."""
    return next((d for d in view.decisions if d.prompt.kind in frontend_for(view.game).move_kinds), None)


def _again(decisions: Sequence[Decision], kind: str, action: Action) -> Action:
    """The answer saying what ``action`` said, in the seat's open decision of ``kind`` (asked anew)."""
    for decision in decisions:
        if decision.prompt.kind == kind:
            for candidate in decision.actions:
                if candidate.choice == action.choice and candidate.args == action.args:
                    return candidate
    raise StaleClick(STALE_CHOICE)


async def _act(service: GameService, view: SeatView, user_id: int, action: Action) -> list[Reply]:
    try:
        outcome = await service.act(view.game_id, user_id, action)
    except Refused as e:
        return await _refusal(service, view.game_id, user_id, e)
    except RunetableError as e:
        return [say(e.message)]
    return [after(outcome, edit=False, guide=await guided(service, outcome))]


async def _refusal(service: GameService, game_id: int, user_id: int, refused: Refused) -> list[Reply]:
    """The engine's reason and rule, with the legal alternatives as buttons."""
    tr = current_tr()
    rule = rule_text(refused.refusal.rule, tr)
    reason = refused.refusal.reason + ("\n" + tr._("Rule: {rule}", rule=rule) if rule else "")
    try:
        view = await service.view(game_id, user_id)
    except RunetableError:
        return [say(reason)]
    alternatives = refused.refusal.alternatives
    decision = next((d for d in view.decisions if any(a.prompt == d.prompt.id for a in alternatives)), None)
    if decision is None and view.decisions:
        decision, alternatives = view.decisions[0], view.decisions[0].actions
    return [Reply(alternatives_panel(view.game, game_id, view.seq, decision, reason, alternatives))]


async def _with_current(service: GameService, game_id: int, user_id: int, message: str) -> list[Reply]:
    try:
        view = await service.view(game_id, user_id)
    except RunetableError as e:
        return [say(f"{message}\n{e.message}")]
    panels = current_panels(view)
    if not panels:
        return [say(f"{message}\n{current_tr()._(NOTHING_AWAITED)}")]
    return [Reply(_prefixed(message, panels[0]))]


def _prefixed(text: str, panel: Panel) -> Panel:
    return Panel(f"{text}\n{panel.text}"[:2000], panel.rows)
