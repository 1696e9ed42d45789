"""Private forms: one decision answered in one step (a Discord modal), for the decisions a game's
front-end offers a form for (:attr:`bot.frontend.FrontEnd.form_kinds`, e.g. a yearly secret
allocation of a budget over several items).

The decision's panel carries a "Fill in the form" button (:func:`bot.ui.panels.form_row`); its click opens the
form (:func:`open_form`) with the fields filled in as the seat stands; the submitted values
(:func:`submit_form`) become the answers the front-end says they stand for
(:meth:`~bot.frontend.FrontEnd.form_answers`), applied in turn and committed as ONE move
(:meth:`~bot.service.play.PlayMixin.answer_all`), so one undo takes it back and the seat and the
channel hear of it once. A form that does not fit (over the budget, a word instead of a number)
is refused in words with a button that opens it again with the values typed filled in: nothing is
written. Functions here return values or :class:`~bot.ui.play.Reply` lists and never touch
discord.py (the glue is :mod:`bot.ui.components`). Names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.errors import Refused, RunetableError, StaleClick
from bot.frontend import Form, FormField, frontend_for
from bot.i18n import N_, Tr
from bot.ids import PromptRef, prompt_hash
from bot.narration import current_tr
from bot.service import Decision, GameService, SeatView
from bot.ui.panels import ButtonSpec, Panel
from bot.ui.play import Reply, _refusal, _with_current, after, say
from engine.core import Action

CORRECT = N_("📝 Correct the form")
NOT_OPEN = N_("That decision is no longer open for you.")


async def _decision(service: GameService, user_id: int, ref: PromptRef) -> tuple[SeatView, Decision] | list[Reply]:
    """The seat's view and the decision a form button means: its prompt, else the seat's open
    decision of a kind with a form (the prompt may have been asked anew since the button was
    made); or the replies saying why there is none."""
    try:
        view = await service.view(ref.game_id, user_id)
    except RunetableError as e:
        return [say(e.message)]
    kinds, offered = frontend_for(view.game).form_kinds, view.decisions
    found = next((d for d in offered if prompt_hash(d.prompt.id) == ref.prompt_hash), None)
    decision = found or next((d for d in offered if d.prompt.kind in kinds), None)
    if decision is None:
        return await _with_current(service, ref.game_id, user_id, current_tr()._(NOT_OPEN))
    return view, decision


async def open_form(
    service: GameService, user_id: int, ref: PromptRef, values: Sequence[str] = ()
) -> tuple[PromptRef, Form] | list[Reply]:
    """The form to show for the clicked button (with ``values``, field by field, filled in when the
    button carries them), and the reference its submission answers; or the replies saying why there is none."""
    tr = current_tr()
    found = await _decision(service, user_id, ref)
    if isinstance(found, list):
        return found
    view, decision = found
    form = frontend_for(view.game).form(decision.prompt, decision.actions, view.view, tr)
    if form is None:
        return await _with_current(service, ref.game_id, user_id, tr._(NOT_OPEN))
    if values:
        typed = dict(zip((f.key for f in form.fields), values))
        form = Form(form.title, tuple(_filled(f, typed) for f in form.fields))
    return PromptRef(ref.game_id, view.seq, prompt_hash(decision.prompt.id)), form


def _filled(field: FormField, values: Mapping[str, str]) -> FormField:
    value = values.get(field.key)
    return (
        field
        if value is None
        else FormField(field.key, field.label, value[: field.max_length], field.placeholder, field.required, field.max_length)
    )


async def submit_form(service: GameService, user_id: int, ref: PromptRef, values: Mapping[str, str]) -> list[Reply]:
    """Apply a submitted form as one move, or refuse it in words with a button that opens it again
    filled in (nothing written)."""
    tr = current_tr()
    found = await _decision(service, user_id, ref)
    if isinstance(found, list):
        return found
    view, decision = found
    frontend = frontend_for(view.game)
    planned = frontend.form_answers(decision.prompt, decision.actions, view.view, values, tr)
    if isinstance(planned, str):
        return [_again(view, decision, planned, values, tr)]
    kind = decision.prompt.kind

    def choose(decisions: Sequence[Decision], seq: int) -> list[Action]:
        now = next((d for d in decisions if d.prompt.id == decision.prompt.id), None) or next(
            (d for d in decisions if d.prompt.kind == kind), None
        )
        if now is None:
            raise StaleClick(tr._(NOT_OPEN))
        if now.prompt.id == decision.prompt.id:
            return planned
        again = frontend.form_answers(now.prompt, now.actions, view.view, values, tr)
        if isinstance(again, str):
            raise StaleClick(again)
        return again

    try:
        outcome = await service.answer_all(ref.game_id, user_id, choose)
    except StaleClick as e:
        return await _with_current(service, ref.game_id, user_id, e.message)
    except Refused as e:
        return await _refusal(service, ref.game_id, user_id, e)
    except RunetableError as e:
        return [say(e.message)]
    return [after(outcome, edit=True)]  # the decision's message becomes what happened (a form sent from it)


def _again(view: SeatView, decision: Decision, why: str, values: Mapping[str, str], tr: Tr) -> Reply:
    """The refusal of a form and the button that opens it again with what was typed."""
    ref = PromptRef(view.game_id, view.seq, prompt_hash(decision.prompt.id))
    form = frontend_for(view.game).form(decision.prompt, decision.actions, view.view, tr)
    typed = [values.get(f.key, "") for f in form.fields] if form is not None else []
    button = ButtonSpec(tr._(CORRECT), ref.form(typed), "primary")
    return Reply(Panel(tr._("Not sent: {why}", why=why)[:2000], ((button,),)))
