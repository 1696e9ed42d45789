"""Decision panels: what a player sees for one open prompt, built from its legal answers.

Plain values, no discord.py: :mod:`bot.ui.components` turns a :class:`Panel` into a
message's components, and tests inspect panels directly. Every answer the panel offers is
one of the engine's legal actions, addressed by its index in the prompt's legal list and
its hash (:mod:`bot.ids`), so a panel can never offer what the engine would refuse.

Layouts, chosen from the answers:

* few answers (at most :data:`MAX_BUTTONS`): one button each;
* a kind with guided steps (:meth:`bot.narration.Narrator.flow`; movement is destination,
  then units from the areas in range, then the count): one select per step, narrowing the
  legal answers, then a confirm button; a step with a single possible value is skipped;
* otherwise a select of the answers, :data:`PAGE_SIZE` per page, with page buttons.

Answers without arguments ("done", "skip") are always buttons of their own. A guided step
whose every value completes one answer offers those answers themselves (no Confirm).

A move (a prompt kind with a :class:`~bot.frontend.MoveShape` in its game's front-end) opens
with **quick moves** above the guided steps: one select whose options are whole answers,
each one click: every stack to every place it may go ("2 × Knights 1A → 1B") and all units
of an area to one place when every unit there may go (several answers applied in turn);
and a second select whose option opens the step asking how many of a stack go to a place
(two clicks in all). They are built from the legal answers only (:func:`quick_moves`);
the guided steps stay for everything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.errors import StaleClick
from bot.frontend import MoveShape, frontend_for
from bot.i18n import N_, Tr
from bot.ids import Cursor, PromptRef, action_hash, bundle_hash, bundle_value, choice_value, prompt_hash
from bot.narration import Narrator, current_tr, naming, narrator_for, voice
from bot.service import Decision
from engine.core import Action, Seat

MAX_BUTTONS = 20  # four rows of five: the fifth row stays free for page and back buttons
PAGE_SIZE = 25  # Discord: a select has at most 25 options
LABEL_LIMIT = 80  # button labels
OPTION_LIMIT = 100  # select option labels, values and descriptions
TEXT_LIMIT = 2000  # message content

#: a panel's first page, before any guided step
START = Cursor()
#: the placeholders of a move's quick selects (:func:`quick_moves`): whole moves, then "how many of a stack"
QUICK_PLACEHOLDERS = (N_("Quick moves: one click moves them…"), N_("Move some units of a stack…"))

#: the argument names of a guided step, as its select asks for them
STEP_KEYS = {
    "to": N_("destination"),
    "from": N_("origin"),
    "unit": N_("unit"),
    "count": N_("count"),
    "area": N_("area"),
    "army": N_("army"),
    "cell": N_("field"),
    "development": N_("development"),
    "title": N_("title"),
}

STALE_PROMPT = "That decision is no longer open for you: it was answered already, or it belongs to another player."
STALE_CHOICE = "That choice is no longer available: the position changed since these buttons were made."


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger


@dataclass(frozen=True)
class OptionSpec:
    label: str
    value: str


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    #: how many options one pick may choose (a stretch of plays: several, :mod:`bot.ui.stretch`)
    max_values: int = 1


Row = tuple[ButtonSpec, ...] | SelectSpec


@dataclass(frozen=True)
class Panel:
    """A message's text and its component rows (at most 5)."""

    text: str
    rows: tuple[Row, ...] = field(default_factory=tuple)

    def buttons(self) -> list[ButtonSpec]:
        return [b for row in self.rows if not isinstance(row, SelectSpec) for b in row]

    def selects(self) -> list[SelectSpec]:
        return [row for row in self.rows if isinstance(row, SelectSpec)]


@dataclass(frozen=True)
class Step:
    """Where a guided choice stands: the answers still possible and what is asked next."""

    remaining: tuple[tuple[int, Action], ...]
    chosen: tuple[str, ...]  # labels of the values chosen (or implied) so far
    keys: tuple[str, ...] | None  # the arguments asked next; None when no step is left
    values: tuple[tuple[Any, ...], ...]  # their possible values, in legal order


def build_panel(
    game: str,
    game_id: int,
    seq: int,
    decision: Decision,
    cursor: Cursor = START,
    names: Mapping[Seat, str] | None = None,
    tr: Tr | None = None,
    view: Mapping[str, Any] | None = None,
) -> Panel:
    """The panel of ``decision`` at ``cursor``, its labels naming the seats by ``names`` (else
    as the lines around it do); raises :class:`StaleClick` for a cursor that does not fit the
    decision (its answers changed since the cursor was made). ``view``, the seat's own view,
    lets a stretch of plays offer an answer as often as it may be given in a row. A decision whose
    kind has a form (:attr:`bot.frontend.FrontEnd.form_kinds`) starts with the row that opens it
    (:func:`form_row`)."""
    if names or tr is not None:
        with naming(names or None, tr) if names else voice(tr or current_tr()):
            return build_panel(game, game_id, seq, decision, cursor, view=view)
    panel = _decision_panel(game, game_id, seq, decision, cursor, view)
    row = form_row(game, PromptRef(game_id, seq, prompt_hash(decision.prompt.id)), decision.prompt.kind, current_tr())
    return Panel(panel.text, (row, *panel.rows)[:5]) if row else panel


#: the label of the button that opens a decision's private form (bot.ui.forms)
FILL_IN = N_("📝 Fill in the form")


def form_row(game: str, ref: PromptRef, kind: str, tr: Tr) -> tuple[ButtonSpec, ...]:
    """The row a decision's panel starts with when its kind has a form (else empty)."""
    if kind not in frontend_for(game).form_kinds:
        return ()
    return (ButtonSpec(tr._(FILL_IN), ref.form(), "success"),)


def _decision_panel(
    game: str, game_id: int, seq: int, decision: Decision, cursor: Cursor, view: Mapping[str, Any] | None
) -> Panel:
    panel = _build_panel(game, game_id, seq, decision, cursor)
    from bot.ui import stretch

    if cursor == START and stretch.offers_stretch(game, decision) and len(panel.rows) < 5:
        ref = PromptRef(game_id, seq, prompt_hash(decision.prompt.id))
        hint = current_tr()._("Several plays at once: pick them in the list, then Confirm.")
        return Panel(_text(panel.text, hint), (stretch.plan_select(game, ref, (), decision, view, decision.then), *panel.rows))
    return panel


def _build_panel(game: str, game_id: int, seq: int, decision: Decision, cursor: Cursor) -> Panel:
    tr = current_tr()
    narrator = narrator_for(game, tr)
    ref = PromptRef(game_id, seq, prompt_hash(decision.prompt.id))
    indexed = list(enumerate(decision.actions))
    plain = [(i, a) for i, a in indexed if not a.args]
    rich = [(i, a) for i, a in indexed if a.args]
    heading = narrator.prompt(decision.prompt)
    plain_row = tuple(_choice_button(narrator, ref, i, a, "primary") for i, a in plain[:5])
    facets = narrator.flow(decision.prompt.kind)
    if not indexed:
        return Panel(_text(heading, tr._("Nothing to choose here.")))
    if facets and len(rich) > 1:
        quick = quick_moves(game, decision) if cursor == START else ([], [])
        return _flow_panel(narrator, ref, heading, facets, rich, plain_row, cursor, quick)
    if len(indexed) <= MAX_BUTTONS:
        buttons = [_choice_button(narrator, ref, i, a, "secondary" if a.args else "primary") for i, a in indexed]
        return Panel(_text(heading), tuple(tuple(buttons[k : k + 5]) for k in range(0, len(buttons), 5)))
    select_rows = _paged_choices(narrator, ref, cursor, rich, tr._("Choose…"), jump=True)
    return Panel(_text(heading), (*select_rows, *([plain_row] if plain_row else [])))


def alternatives_panel(
    game: str, game_id: int, seq: int, decision: Decision | None, reason: str, alternatives: Sequence[Action]
) -> Panel:
    """A refusal: the reason (with the rule) and the legal alternatives as buttons."""
    if decision is None or not alternatives:
        return Panel(_text(reason))
    narrator = narrator_for(game, current_tr())
    ref = PromptRef(game_id, seq, prompt_hash(decision.prompt.id))
    index = {action_hash(a): i for i, a in enumerate(decision.actions)}
    offered = [(index[action_hash(a)], a) for a in alternatives if action_hash(a) in index][:10]
    buttons = [_choice_button(narrator, ref, i, a, "secondary") for i, a in offered]
    return Panel(_text(reason), tuple(tuple(buttons[k : k + 5]) for k in range(0, len(buttons), 5)))


def walk(facets: Sequence[tuple[str, ...]], rich: Sequence[tuple[int, Action]], path: Sequence[int], narrator: Narrator) -> Step:
    """Follow ``path`` (one index per step that had a choice) through the guided steps."""
    remaining = tuple(rich)
    explicit = list(path)
    chosen: list[str] = []
    for keys in facets:
        values = _distinct(remaining, keys)
        if len(values) > 1 and not explicit:
            return Step(remaining, tuple(chosen), keys, values)
        if len(values) > 1:
            k = explicit.pop(0)
            if not 0 <= k < len(values):
                raise StaleClick(STALE_CHOICE)
            pick = values[k]
        else:
            pick = values[0]
        chosen.append(narrator.value(keys, pick))
        remaining = tuple((i, a) for i, a in remaining if _key(a, keys) == pick)
    if explicit:
        raise StaleClick(STALE_CHOICE)
    return Step(remaining, tuple(chosen), None, ())


def pick_choice(decisions: Sequence[Decision], prompt_hash_: str, index: int, answer_hash: str) -> Action:
    """The answer a choice component names, if its prompt is still open for the clicker and the
    answer still legal (found by index, else by hash); otherwise :class:`StaleClick`."""
    decision = find_decision(decisions, prompt_hash_)
    if decision is None:
        raise StaleClick(STALE_PROMPT)
    actions = decision.actions
    if 0 <= index < len(actions) and action_hash(actions[index]) == answer_hash:
        return actions[index]
    for action in actions:
        if action_hash(action) == answer_hash:
            return action
    raise StaleClick(STALE_CHOICE)


def pick_bundle(decisions: Sequence[Decision], prompt_hash_: str, indexes: Sequence[int], bundle: str) -> list[Action]:
    """The answers a quick move of several answers names (applied in turn), if its prompt is
    still open for the clicker and those answers are still its legal ones; else :class:`StaleClick`."""
    decision = find_decision(decisions, prompt_hash_)
    if decision is None:
        raise StaleClick(STALE_PROMPT)
    actions = decision.actions
    if not indexes or not all(0 <= i < len(actions) for i in indexes):
        raise StaleClick(STALE_CHOICE)
    chosen = [actions[i] for i in indexes]
    if bundle_hash(chosen) != bundle:
        raise StaleClick(STALE_CHOICE)
    return chosen


@dataclass(frozen=True)
class QuickMove:
    """A move in fewer clicks: the legal answers (by index) one click applies, in turn, or the
    guided path (``path``) one click opens: the step that asks only how many units go."""

    label: str
    answers: tuple[tuple[int, Action], ...] = ()
    path: tuple[int, ...] | None = None

    @property
    def value(self) -> str:
        if self.path is not None:
            return "p" + ".".join(map(str, self.path))
        if len(self.answers) == 1:
            ((i, action),) = self.answers
            return choice_value(i, action)
        return bundle_value([i for i, _ in self.answers], [a for _, a in self.answers])


def quick_moves(game: str, decision: Decision, limit: int = PAGE_SIZE) -> tuple[list[QuickMove], list[QuickMove]]:
    """The common moves of a move prompt in fewer clicks, built from its legal answers only.

    First, whole moves of one click: every stack to every place it may go (all its movable
    units), then all units of an area to one place (only when every stack there may go there
    and there are several). Second, one click to the step asking how many of a stack go to a
    place (for stacks of more than one unit, and for stacks whose whole move did not fit):
    a second click there is the answer. At most ``limit`` of each; both empty for a prompt
    kind that is not a move."""
    frontend = frontend_for(game)
    shape = frontend.move_shapes.get(decision.prompt.kind)
    facets = frontend.narrator.flow(decision.prompt.kind)
    if shape is None or not facets:
        return [], []
    groups: dict[tuple[Any, Any, Any], list[tuple[int, Action]]] = {}
    for i, action in enumerate(decision.actions):
        if action.choice == shape.choice and isinstance(action.args.get(shape.count), int):
            groups.setdefault(_where(shape, action), []).append((i, action))
    whole = {key: max(answers, key=lambda ia: ia[1].args[shape.count]) for key, answers in groups.items()}
    stacks: dict[Any, set[Any]] = {}  # origin -> the units that may leave it
    for origin, unit, _ in groups:
        stacks.setdefault(origin, set()).add(unit)
    alls = []
    for origin, to in dict.fromkeys((o, t) for o, _, t in groups):
        going = [whole[key] for key in groups if key[0] == origin and key[2] == to]
        if len(going) > 1 and len(going) == len(stacks[origin]):
            alls.append(tuple(going))
    label = frontend.move_label
    origins = list(stacks)  # in legal order; an area's "all" first, then its stacks
    direct = [
        QuickMove(label(decision.prompt, [a for _, a in answers]), answers)
        for _, _, answers in sorted(
            [(origins.index(_hashable(answers[0][1].args.get(shape.origin))), 0, answers) for answers in alls]
            + [(origins.index(key[0]), 1, (ia,)) for key, ia in whole.items()],
            key=lambda entry: entry[:2],
        )
    ]
    direct = [m for m in direct if len(m.value) <= OPTION_LIMIT][:limit]
    shown = {m.answers[0][0] for m in direct if len(m.answers) == 1}
    rich = [(i, a) for i, a in enumerate(decision.actions) if a.args]
    fewer = []
    for i, action in whole.values():
        if action.args[shape.count] > 1 or i not in shown:
            path = _path_to_count(facets, rich, action, shape.count, frontend.narrator)
            if path:
                fewer.append(QuickMove(label(decision.prompt, [action], some=True), path=path))
    return direct, fewer[:limit]


def _path_to_count(facets, rich, action: Action, count: str, narrator: Narrator) -> tuple[int, ...] | None:
    """The guided path to the step that asks only how many units of ``action``'s stack go."""
    path: list[int] = []
    for _ in facets:
        step = walk(facets, rich, path, narrator)
        if step.keys is None:
            return tuple(path)
        if count in step.keys:
            return tuple(path) if step.keys == (count,) else None
        wanted = _key(action, step.keys)
        if wanted not in step.values:
            return None
        path.append(step.values.index(wanted))
    return None


def _where(shape: MoveShape, action: Action) -> tuple[Any, Any, Any]:
    to = action.args.get(shape.destination) if shape.destination else None
    return (_hashable(action.args.get(shape.origin)), _hashable(action.args.get(shape.unit)), _hashable(to))


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (str, int, type(None))) else repr(value)


def find_decision(decisions: Sequence[Decision], prompt_hash_: str) -> Decision | None:
    return next((d for d in decisions if prompt_hash(d.prompt.id) == prompt_hash_), None)


def move_path(game: str, decision: Decision, given: dict[str, Any]) -> tuple[tuple[int, ...], list[Action]]:
    """The guided-flow path that the typed arguments ``given`` select, and the legal answers
    matching them (used by /game move: what was typed is checked against the legal answers)."""
    narrator = narrator_for(game)
    facets = narrator.flow(decision.prompt.kind) or ()
    rich = [(i, a) for i, a in enumerate(decision.actions) if a.args]
    matching = [a for _, a in rich if all(a.args.get(k) == v for k, v in given.items())]
    path: list[int] = []
    for keys in facets:
        step = walk(facets, rich, path, narrator)
        if step.keys != keys:
            continue  # skipped: a single value
        if not all(k in given for k in keys):
            break
        wanted = tuple(given[k] for k in keys)
        if wanted not in step.values:
            break
        path.append(step.values.index(wanted))
    return tuple(path), matching


# -------------------------------------------------------------------- internals


def _flow_panel(narrator, ref: PromptRef, heading: str, facets, rich, plain_row, cursor: Cursor, quick=([], [])) -> Panel:
    step, tr = walk(facets, rich, cursor.path, narrator), narrator.tr
    chosen = [c for c in step.chosen if c]  # a step a narrator names with nothing (it does not apply) is left out
    lines = [heading] + ([" · ".join(chosen)] if chosen else [])
    rows: list[Row] = []
    for part, (moves, placeholder) in enumerate(zip(quick, QUICK_PLACEHOLDERS)):
        if moves:
            options = tuple(OptionSpec(_cut(m.label, OPTION_LIMIT), m.value) for m in moves)
            rows.append(SelectSpec(ref.quick(part), tr._(placeholder), options))
    if rows:
        lines.append(tr._("Pick a quick move, or choose step by step below."))
    back = (ButtonSpec(tr._("Start over"), ref.show(Cursor()), "secondary"),) if cursor.path else ()
    if step.keys is not None:
        leads = [[(i, a) for i, a in step.remaining if _key(a, step.keys) == v] for v in step.values]
        if all(len(answers) == 1 for answers in leads):  # each value completes an answer: offer the answers
            options = [OptionSpec(_cut(narrator.action(a), OPTION_LIMIT), choice_value(i, a)) for ((i, a),) in leads]
        else:
            # a value the narrator names with nothing (it does not apply to some answers, e.g. a unit count to
            # a move of whole armies) still needs a label: it leads to those other answers
            options = [
                OptionSpec(_cut(narrator.value(step.keys, v) or tr._("Other answers…"), OPTION_LIMIT), f"n{k}")
                for k, v in enumerate(step.values)
            ]
        # a step's keys are named only when each has a word (a data key is no word a player reads)
        keys = tr.listing(tr._(STEP_KEYS[k]) for k in step.keys) if all(k in STEP_KEYS for k in step.keys) else None
        rows += _paged(ref, cursor, options, tr._("Choose {what}…", what=keys) if keys else tr._("Choose…"))
    elif len(step.remaining) == 1:
        ((i, action),) = step.remaining
        lines.append(tr._("Confirm: {answer}", answer=narrator.action(action)))
        rows.append((_choice_button(narrator, ref, i, action, "success", label=tr._("Confirm")),))
    else:
        rows += _paged_choices(narrator, ref, cursor, step.remaining, tr._("Choose…"))
    last = back + plain_row
    if last:
        rows.append(last[:5])
    return Panel(_text(*lines), tuple(rows))


def _paged_choices(narrator, ref: PromptRef, cursor: Cursor, answers, placeholder: str, *, jump: bool = False) -> list[Row]:
    options = [OptionSpec(_cut(narrator.action(a), OPTION_LIMIT), choice_value(i, a)) for i, a in answers]
    return _paged(ref, cursor, options, placeholder, jump=jump)


def _paged(ref: PromptRef, cursor: Cursor, options: list[OptionSpec], placeholder: str, *, jump: bool = False) -> list[Row]:
    """A select of ``options``, :data:`PAGE_SIZE` a page, with Previous and Next; ``jump``:
    beyond two pages, a second select goes to any page at once (:func:`page_jumps`)."""
    pages = max(1, -(-len(options) // PAGE_SIZE))
    if cursor.page >= pages:
        raise StaleClick(STALE_CHOICE)
    shown = tuple(options[cursor.page * PAGE_SIZE : (cursor.page + 1) * PAGE_SIZE])
    tr = current_tr()
    if pages > 1:
        placeholder = tr._("{placeholder} (page {page}/{pages})", placeholder=placeholder, page=cursor.page + 1, pages=pages)
    rows: list[Row] = [SelectSpec(ref.select(cursor), _cut(placeholder, 150), shown)]
    if jump and pages > 2:
        rows.append(SelectSpec(ref.select(Cursor(cursor.path, pages)), tr._("Go to page…"), page_jumps(options, cursor.page)))
    nav = []
    if cursor.page > 0:
        nav.append(ButtonSpec(tr._("◀ Previous"), ref.show(Cursor(cursor.path, cursor.page - 1))))
    if cursor.page + 1 < pages:
        nav.append(ButtonSpec(tr._("Next ▶"), ref.show(Cursor(cursor.path, cursor.page + 1))))
    if nav:
        rows.append(tuple(nav))
    return rows


def page_jumps(options: Sequence[OptionSpec], current: int) -> tuple[OptionSpec, ...]:
    """The other pages of a long select as options (value ``g<page>``), each named by its first
    and last answer, so any answer is two clicks away (at most 25 pages, 625 answers)."""
    jumps = []
    for page in range(min(-(-len(options) // PAGE_SIZE), PAGE_SIZE + 1)):
        if page != current:
            first, last = options[page * PAGE_SIZE], options[min(len(options), (page + 1) * PAGE_SIZE) - 1]
            shown = current_tr()._("Page {page}: {first} … {last}", page=page + 1, first=first.label, last=last.label)
            jumps.append(OptionSpec(_cut(shown, OPTION_LIMIT), f"g{page}"))
    return tuple(jumps[:PAGE_SIZE])


def _choice_button(narrator, ref: PromptRef, index: int, action: Action, style: str, label: str | None = None) -> ButtonSpec:
    return ButtonSpec(_cut(label or narrator.action(action), LABEL_LIMIT), ref.choice(index, action), style)


def _distinct(answers, keys: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    seen: list[tuple[Any, ...]] = []
    for _, action in answers:
        value = _key(action, keys)
        if value not in seen:
            seen.append(value)
    return tuple(seen)


def _key(action: Action, keys: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(action.args.get(k) for k in keys)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _text(*lines: str) -> str:
    return _cut("\n".join(lines), TEXT_LIMIT)
