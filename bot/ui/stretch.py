"""A stretch of plays: several answers of a turn composed in the private panel and applied, in
order, by one Confirm (issue 28; docs/bot.md, "A stretch of plays"). Names no game.

A game's front-end names the prompt kinds whose answers may be planned together
(:attr:`bot.frontend.FrontEnd.stretch_kinds`). Their panel gets a multi-select, "Plan several
plays…": its options are the decision's legal answers (an answer the seat may give several
times in a row, a gold card held three times, once per time:
:meth:`~bot.frontend.FrontEnd.stretch_copies`). The chosen options join the plan in the list's
order; the panel then shows the plan, what the seat has left to spend
(:meth:`~bot.frontend.FrontEnd.stretch_status`) and the answers open after it (a purchase's
buys once its gold is played), so one more pick adds more. **Confirm** applies the plan: each
answer is committed in turn, as if clicked, and the reply shows what happened and the next
decision.

The plan is tried on a copy of the game (:meth:`bot.service.GameService.preview`) and lives
in the components' custom ids (:mod:`bot.ids`: ``k<plan>``, ``a<plan>:<hash>``), so a panel
keeps working after a restart. A plan ends at an answer that draws by chance (a shuffle, a
die), tells anyone a secret (a draw), waits on another seat or the end of the game, or one
the game stops at (a combat): that answer may be its last, and the player decides again
after it. Nothing the copy learns past that point is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.errors import Refused, RunetableError, StaleClick
from bot.frontend import frontend_for
from bot.i18n import N_
from bot.ids import PromptRef, key_hash, parse_plan_option, plan_hash, plan_option
from bot.narration import current_tr, naming, narrator_for
from bot.service import Decision, GameService, Preview
from bot.ui.panels import LABEL_LIMIT, OPTION_LIMIT, PAGE_SIZE, ButtonSpec, OptionSpec, Panel, SelectSpec, _cut, _text
from engine.core import Action

PLACEHOLDER = N_("Plan several plays at once…")
#: the option that plays the plan at once (no Confirm needed)
GO = "go"
GO_LABEL = N_("✓ …and play them now")
#: the most answers one plan holds (its custom id stays within 100 characters)
MAX_PLAN = 24


def offers_stretch(game: str, decision: Decision) -> bool:
    """Whether ``decision``'s panel offers a stretch of plays."""
    return decision.prompt.kind in frontend_for(game).stretch_kinds and len(decision.actions) > 1


def candidates(decision: Decision, then: Sequence[Action] = ()) -> list[Action]:
    """What a stretch's pick may choose where the plan stands: the decision's legal answers, then
    the answers they lead to in a decision of another kind (:attr:`bot.service.Preview.then`)."""
    return [*decision.actions, *then]


def options(game: str, decision: Decision, view: Mapping[str, Any] | None, then: Sequence[Action] = ()) -> tuple[OptionSpec, ...]:
    """The stretch select's options: each candidate, as many times as it may be planned in a
    row; an answer another one leads to says so ("then: Buy …")."""
    frontend = frontend_for(game)
    tr = current_tr()
    narrator = narrator_for(game, tr)
    listed = candidates(decision, then)[: PAGE_SIZE - 1]
    copies = [max(1, frontend.stretch_copies(a, view or {})) if view is not None else 1 for a in listed]
    room = PAGE_SIZE - 1 - len(listed)  # each candidate once, then more copies while the list has room
    for k, wanted in enumerate(copies):
        extra = min(wanted - 1, room)
        copies[k], room = 1 + extra, room - extra
    out: list[OptionSpec] = []
    first = len(decision.actions)
    for i, action in enumerate(listed):
        label = narrator.action(action) if i < first else tr._("then: {play}", play=narrator.action(action))
        for copy in range(copies[i]):
            shown = label if copies[i] == 1 else f"{label} ({copy + 1})"
            out.append(OptionSpec(_cut(shown, OPTION_LIMIT), plan_option(i, copy, frontend.stretch_key(action))))
    return (*out[: PAGE_SIZE - 1], OptionSpec(tr._(GO_LABEL), GO))


def plan_select(
    game: str,
    ref: PromptRef,
    plan: Sequence[int],
    decision: Decision,
    view: Mapping[str, Any] | None,
    then: Sequence[Action] = (),
) -> SelectSpec:
    shown = options(game, decision, view, then)
    return SelectSpec(ref.plan(plan), current_tr()._(PLACEHOLDER), shown, max_values=len(shown))


def plan_panel(game: str, ref: PromptRef, plan: Sequence[int], preview: Preview, notes: Sequence[str] = ()) -> Panel:
    """The panel of a plan: what is planned, what is left, the answers open after it, Confirm."""
    tr = current_tr()
    with naming(preview.names or None, tr):
        narrator = narrator_for(game, tr)
        planned = [narrator.action(a) for a in preview.actions]
        lines = list(notes)
        lines.append(
            tr.ngettext(
                "Planned ({count} play): {plays}",
                "Planned ({count} plays): {plays}",
                len(planned),
                count=len(planned),
                plays=" → ".join(planned),
            )
        )
        status = frontend_for(game).stretch_status(preview.view) if not preview.stopped else ""
        if status:
            lines.append(tr._("Left: {status}", status=status))
        rows: list[Any] = []
        if preview.stopped:
            lines.append(tr._("The last play draws, reveals or waits for another player: confirm, then decide again after it."))
        elif preview.decision is not None and len(plan) < MAX_PLAN:
            lines.append(narrator.prompt(preview.decision.prompt))
            lines.append(tr._("Add more plays below, or confirm."))
            rows.append(plan_select(game, ref, plan, preview.decision, preview.view, preview.then))
        confirm = tr.ngettext("Confirm {count} play", "Confirm {count} plays", len(plan), count=len(plan))
        rows.append(
            (
                ButtonSpec(_cut(confirm, LABEL_LIMIT), ref.confirm_plan(plan), "success"),
                ButtonSpec(tr._("Start over"), ref.show_start(), "secondary"),
            )
        )
    return Panel(_text(*lines), tuple(rows))


async def add(service: GameService, user_id: int, ref: PromptRef, plan: tuple[int, ...], values: Sequence[str]) -> list:
    """The stretch select: the chosen options join ``plan`` in the list's order (each answer
    found again among those open after the plays before it); the panel shows the new plan."""
    from bot.ui.play import MOVED_ON, Reply, _with_current

    tr = current_tr()
    try:
        preview = await service.preview(ref.game_id, user_id, plan, then=True)
    except StaleClick as e:
        return await _with_current(service, ref.game_id, user_id, e.message)
    except RunetableError as e:
        return [Reply(Panel(e.message))]
    if preview.seq != ref.seq or preview.decision is None or preview.stopped:
        return await _with_current(service, ref.game_id, user_id, tr._(MOVED_ON))
    key = frontend_for(preview.game).stretch_key
    offered = candidates(preview.decision, preview.then)
    picked = sorted(p for p in (parse_plan_option(v) for v in values) if p is not None)
    wanted = [offered[i] for i, _, h in picked if 0 <= i < len(offered) and key_hash(key(offered[i])) == h]
    new, notes = list(plan), []
    narrator = narrator_for(preview.game, tr)
    waiting = list(wanted)  # in the list's order; one not open yet waits for the others (a dearer buy after a cheaper one)
    while waiting and not preview.stopped and preview.decision is not None and len(new) < MAX_PLAN:
        decision = preview.decision
        found = next(((k, i) for k, a in enumerate(waiting) if (i := _same(preview.game, decision.actions, a)) is not None), None)
        if found is None:
            break
        new.append(found[1])
        del waiting[found[0]]
        preview = await service.preview(ref.game_id, user_id, new)
    if waiting:
        left = ", ".join(narrator.action(a) for a in waiting)
        notes.append(tr._("Not planned: {plays} (not possible after the plays before it).", plays=left))
    if GO in values and new and not notes:
        return await confirm(service, user_id, ref, tuple(new), plan_hash(ref, new))
    if not preview.stopped and preview.decision is not None:
        preview = await service.preview(ref.game_id, user_id, new, then=True)
    return [Reply(plan_panel(preview.game, ref, new, preview, notes), edit=True)]


async def confirm(service: GameService, user_id: int, ref: PromptRef, plan: tuple[int, ...], digest: str) -> list:
    """Confirm: the plan's answers committed in turn, as if each were clicked; where one can no
    longer be given (another move came first), the reply says so and shows what is open."""
    from bot.ui.play import MOVED_ON, Reply, _with_current, after

    tr = current_tr()
    if digest != plan_hash(ref, plan):
        return await _with_current(service, ref.game_id, user_id, tr._(MOVED_ON))
    try:
        preview = await service.preview(ref.game_id, user_id, plan)
    except StaleClick as e:
        return await _with_current(service, ref.game_id, user_id, e.message)
    except RunetableError as e:
        return [Reply(Panel(e.message))]
    if preview.seq != ref.seq or not preview.actions:
        return await _with_current(service, ref.game_id, user_id, tr._(MOVED_ON))
    outcome, lines = None, []
    for action in preview.actions:
        try:
            outcome = await service.answer(
                ref.game_id, user_id, lambda decisions, seq, action=action: _planned(decisions, action)
            )
        except (StaleClick, Refused):
            lines.append(tr._("Not played: {play} (the position changed).", play=narrator_for(preview.game, tr).action(action)))
            break
        except RunetableError as e:
            lines.append(e.message)
            break
        lines += outcome.lines
    if outcome is None:
        return await _with_current(service, ref.game_id, user_id, "\n".join(lines))
    return [after(dataclasses.replace(outcome, lines=tuple(lines)), edit=True)]


def _same(game: str, actions: Sequence[Action], wanted: Action) -> int | None:
    """The answer among ``actions`` that does what ``wanted`` does (:meth:`~bot.frontend.FrontEnd.stretch_key`)."""
    key = frontend_for(game).stretch_key
    return next((i for i, a in enumerate(actions) if key(a) == key(wanted)), None)


def _planned(decisions: Sequence[Decision], action: Action) -> Action:
    """The planned answer, while it is still one of the seat's legal answers."""
    for decision in decisions:
        if decision.prompt.id == action.prompt and action in decision.actions:
            return action
    raise StaleClick("That plan no longer fits the game.")
