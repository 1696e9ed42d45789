"""The conformance checks that run on a finished :class:`~tests.conformance.survey.Survey`; each
returns its problems as text (empty: the game passes).

- :func:`replay_problems`: ``Engine.replay`` of the records (through the JSON codec, as the store
  keeps them) gives the state hash seen after each transition (every one for short games,
  sampled points and the end for long ones);
- :func:`ai_problems`: every AI policy the descriptor names answers every kept position of every
  prompt kind met with one of its legal answers, and the default AI plays a whole game;
- :func:`narrator_problems`: the game's narrator phrases every event kind and prompt kind met
  itself, not with the generic ``kind: key=value`` fallback;
- :func:`panel_problems`: the decision panels (:mod:`bot.ui.panels`) of every prompt kind met stay
  within Discord's limits at every cursor a player can reach, discord.py accepts them, every
  choice names a legal answer and every legal answer can be reached.
"""

from __future__ import annotations

import re
from random import Random
from typing import Any

from bot import ids
from bot.errors import StaleClick
from bot.frontend import frontend_for
from bot.narration import GENERIC, narrator_for, unreadable
from bot.service import Decision
from bot.ui.panels import Panel, SelectSpec, build_panel, pick_bundle, pick_choice
from engine.core import Engine, decode, encode, state_hash
from tests.conformance.survey import Survey, emitted_kinds

#: Discord's limits (https://discord.com/developers/docs/components/reference)
MAX_ROWS, MAX_BUTTONS_PER_ROW, MAX_OPTIONS = 5, 5, 25
MAX_LABEL, MAX_CUSTOM_ID, MAX_PLACEHOLDER, MAX_OPTION_TEXT, MAX_CONTENT = 80, 100, 150, 100, 2000
#: large ids, so the custom ids are as long as they get
GAME_ID, SEQ = 999_999_999, 99_999_999
#: panels explored per decision at most
MAX_PANELS = 2_000
#: replay: every transition of a game up to this many, else this many points and the end
REPLAY_ALL_UP_TO, REPLAY_POINTS = 120, 5


# -------------------------------------------------------------------------------- replay


def replay_problems(survey: Survey) -> list[str]:
    engine = Engine(survey.descriptor.load_ruleset())
    problems = []
    for game in survey.games:
        records = decode(encode(game.records))  # as the store keeps them
        if records != game.records:
            problems.append(f"{game.label}: the records change in a JSON round trip")
        points = game.hashes
        if len(points) > REPLAY_ALL_UP_TO:
            step = len(points) // REPLAY_POINTS
            points = points[step::step][: REPLAY_POINTS - 1] + [points[-1]]
        for count, expected in points:
            try:
                state = engine.replay(seed=game.seed, options=game.options, seat_count=game.seats, actions=records[:count])
            except Exception as e:  # noqa: BLE001 - any failure is a finding
                problems.append(f"{game.label}: replay of {count} records failed: {e!r}")
                break
            if state_hash(state) != expected:
                problems.append(f"{game.label}: replay of {count} records gives another state than play did")
                break
            if count == len(game.records) and state.result != game.result:
                problems.append(f"{game.label}: the replayed game ends with {state.result}, the played one with {game.result}")
    return problems


# -------------------------------------------------------------------------------- AI


def ai_problems(survey: Survey) -> list[str]:
    descriptor = survey.descriptor
    engine = Engine(descriptor.load_ruleset())
    problems = list(survey.ai_game)
    if not descriptor.ai_policies:
        return problems + [f"{descriptor.name} names no AI policy"]
    for name in descriptor.ai_policies:
        policy = descriptor.ai(name)
        for kind, positions in sorted(survey.positions.items()):
            for k, position in enumerate(positions):
                view = engine.view(position.state, position.prompt.seat)
                pack = descriptor.load_pack(position.game.options)
                try:
                    answer = policy(view, position.prompt, list(position.legal), Random(k), pack=pack)
                except Exception as e:  # noqa: BLE001
                    problems.append(f"AI {name!r} failed on a {kind} prompt ({position.game.label}): {e!r}")
                    break
                if answer not in position.legal:
                    problems.append(f"AI {name!r} answered a {kind} prompt with {answer!r}, which is not legal")
                    break
    return problems


# -------------------------------------------------------------------------------- narrator


def narrator_problems(survey: Survey) -> list[str]:
    """Every event kind the engine can emit (its source, :func:`~tests.conformance.survey.emitted_kinds`)
    is one the narrator phrases, and every variant of every event met in play (public and private,
    a neutral side, a cause given or not: :func:`~tests.conformance.survey.variant`) reads as
    people talk (issue 19 item 4): not the generic ``kind: key=value`` line, no raw ``key=value``,
    no bare ids, no seat numbered from 0 (:func:`bot.narration.unreadable`)."""
    narrator = narrator_for(survey.descriptor.name)
    problems = []
    emitted = emitted_kinds(survey.descriptor.load_ruleset())
    met = set(survey.variants)
    problems += [f"event {kind}: emitted in play, yet not found in the engine's source" for kind in sorted(met - emitted)]
    phrased = narrator.phrased_kinds()
    problems += [f"event {kind}: the engine can emit it, the narrator does not phrase it" for kind in sorted(emitted - phrased)]
    for kind, variants in sorted(survey.variants.items()):
        for shape, events in variants.items():
            for event in events:
                try:
                    line = narrator.event(event)
                except Exception as e:  # noqa: BLE001
                    problems.append(f"event {kind} {shape}: the narrator fails: {e!r}")
                    break
                if line == GENERIC.event(event):
                    problems.append(f"event {kind} {shape}: generic fallback {line!r}")
                    break
                if found := unreadable(line):
                    problems.append(f"event {kind} {shape}: {found} in {line!r}")
                    break
    for kind, positions in sorted(survey.positions.items()):
        for position in positions:
            try:
                line = narrator.prompt(position.prompt)
            except Exception as e:  # noqa: BLE001
                problems.append(f"prompt {kind}: the narrator fails: {e!r}")
                break
            if line == GENERIC.prompt(position.prompt):
                problems.append(f"prompt {kind}: generic fallback {line!r}")
                break
            labels = [narrator.action(a) for a in position.legal]
            if found := [f"{label!r}: {bad}" for label in [line, *labels] if (bad := unreadable(label))]:
                problems.append(f"prompt {kind}: {found[:3]}")
                break
    return problems


# -------------------------------------------------------------------------------- panels


def panel_problems(survey: Survey) -> list[str]:
    problems = []
    for kind, positions in sorted(survey.positions.items()):
        for position in positions:
            decision = Decision(position.prompt, tuple(position.legal))
            found = explore(survey.descriptor.name, decision)
            problems += [f"{kind} ({len(decision.actions)} answers, {position.game.label}): {p}" for p in found[:5]]
            if found:
                break
    return problems


def explore(game: str, decision: Decision) -> list[str]:
    """Every panel a player can reach for ``decision`` (pages, guided steps), checked."""
    from bot.ui.components import to_view  # discord.py: only the panel tests need it

    problems: list[str] = []
    reached: set[int] = set()
    seen: set[ids.Cursor] = set()
    queue = [ids.Cursor()]
    while queue:
        cursor = queue.pop()
        if cursor in seen:
            continue
        seen.add(cursor)
        if len(seen) > MAX_PANELS:
            return problems + [f"more than {MAX_PANELS} panels reachable"]
        try:
            panel = build_panel(game, GAME_ID, SEQ, decision, cursor)
        except StaleClick as e:
            problems.append(f"a panel offers cursor {cursor}, which is refused: {e.message}")
            continue
        except Exception as e:  # noqa: BLE001
            return problems + [f"build_panel fails at {cursor}: {e!r}"]
        problems += [f"at {cursor}: {p}" for p in limit_problems(panel)]
        try:
            to_view(panel)
        except Exception as e:  # noqa: BLE001
            problems.append(f"at {cursor}: discord.py refuses the components: {e!r}")
        for button in panel.buttons():
            if (m := re.fullmatch(ids.CHOICE_TEMPLATE, button.custom_id)) is not None:
                problems += _choice(decision, m["ph"], int(m["index"]), m["ah"], reached)
            elif (m := re.fullmatch(ids.CURSOR_TEMPLATE, button.custom_id)) is not None:
                queue.append(ids.parse_cursor(m))
            elif (m := re.fullmatch(ids.FORM_TEMPLATE, button.custom_id)) is not None:  # a private form (bot/ui/forms.py)
                if m["ph"] != ids.prompt_hash(decision.prompt.id) or decision.prompt.kind not in frontend_for(game).form_kinds:
                    problems.append(f"at {cursor}: a form button {button.custom_id!r} for a decision without a form")
            else:
                problems.append(f"at {cursor}: button {button.custom_id!r} is neither a choice nor a cursor")
        for select in panel.selects():
            if (q := re.fullmatch(ids.QUICK_TEMPLATE, select.custom_id)) is not None:
                problems += [f"at {cursor}: {p}" for p in _quick(decision, q["ph"], select, queue, reached)]
                continue
            if re.fullmatch(ids.PLAN_TEMPLATE, select.custom_id) is not None:
                problems += [f"at {cursor}: {p}" for p in _plan(game, decision, select)]
                continue
            m = re.fullmatch(ids.SELECT_TEMPLATE, select.custom_id)
            if m is None:
                problems.append(f"at {cursor}: select {select.custom_id!r} is not a decision's select")
                continue
            at = ids.parse_cursor(m)
            for option in select.options:  # as bot.ui.play.select reads a value
                if option.value.startswith("n") and option.value[1:].isdigit():
                    queue.append(ids.Cursor((*at.path, int(option.value[1:])), 0))
                elif option.value.startswith("g") and option.value[1:].isdigit():  # a long list's page jump
                    queue.append(ids.Cursor(at.path, int(option.value[1:])))
                elif (parsed := ids.parse_choice_value(option.value)) is not None:
                    problems += _choice(decision, m["ph"], *parsed, reached)
                else:
                    problems.append(f"at {cursor}: option value {option.value!r} is neither a step nor a choice")
    missing = [decision.actions[i] for i in range(len(decision.actions)) if i not in reached]
    if missing:
        problems.append(f"{len(missing)} legal answers cannot be reached, e.g. {[a.describe() for a in missing[:3]]}")
    return problems


def _plan(game: str, decision: Decision, select: SelectSpec) -> list[str]:
    """A stretch of plays' select (bot/ui/stretch.py): each option a candidate (the decision's
    answers, then their follow-ups) by index and what it does, or "play them now"."""
    from bot.frontend import frontend_for
    from bot.ui.stretch import GO, candidates

    offered = candidates(decision, decision.then)
    key = frontend_for(game).stretch_key
    problems = []
    for option in select.options:
        parsed = ids.parse_plan_option(option.value)
        if option.value == GO:
            continue
        if parsed is None or not 0 <= parsed[0] < len(offered) or ids.key_hash(key(offered[parsed[0]])) != parsed[2]:
            problems.append(f"plan option {option.value!r} names no answer")
    if select.max_values > len(select.options):
        problems.append(f"plan select allows {select.max_values} of {len(select.options)} options")
    return problems


def _quick(decision: Decision, prompt_hash: str, select: SelectSpec, queue: list[ids.Cursor], reached: set[int]) -> list[str]:
    """A move's quick moves (as bot.ui.play.quick reads a value): answers, answers in turn, or a guided step."""
    problems: list[str] = []
    for option in select.options:
        if (parsed := ids.parse_choice_value(option.value)) is not None:
            problems += _choice(decision, prompt_hash, *parsed, reached)
        elif (bundle := ids.parse_bundle_value(option.value)) is not None:
            try:
                pick_bundle([decision], prompt_hash, *bundle)
            except StaleClick as e:
                problems.append(f"quick move {option.value!r} names no legal answers: {e.message}")
        elif (path := ids.parse_path_value(option.value)) is not None:
            queue.append(ids.Cursor(path, 0))
        else:
            problems.append(f"quick move value {option.value!r} is neither answers nor a step")
    return problems


def _choice(decision: Decision, prompt_hash: str, index: int, answer_hash: str, reached: set[int]) -> list[str]:
    try:
        action = pick_choice([decision], prompt_hash, index, answer_hash)
    except StaleClick as e:
        return [f"choice {index} names no legal answer: {e.message}"]
    if decision.actions[index] != action:
        return [f"choice {index} is matched by its hash only"]
    reached.add(index)
    return []


def limit_problems(panel: Panel) -> list[str]:
    """Discord's limits on one message with its components."""
    problems = []
    if not 1 <= len(panel.text) <= MAX_CONTENT:
        problems.append(f"content of {len(panel.text)} characters")
    if len(panel.rows) > MAX_ROWS:
        problems.append(f"{len(panel.rows)} action rows")
    custom_ids: list[str] = []
    for row in panel.rows:
        if isinstance(row, SelectSpec):
            custom_ids.append(row.custom_id)
            if not 1 <= len(row.options) <= MAX_OPTIONS:
                problems.append(f"a select with {len(row.options)} options")
            if len(row.placeholder) > MAX_PLACEHOLDER:
                problems.append(f"placeholder of {len(row.placeholder)} characters")
            for option in row.options:
                if not 1 <= len(option.label) <= MAX_OPTION_TEXT or not 1 <= len(option.value) <= MAX_OPTION_TEXT:
                    problems.append(f"option {option.label!r}/{option.value!r} outside 1-{MAX_OPTION_TEXT} characters")
            if len({o.value for o in row.options}) != len(row.options):
                problems.append("two options of a select share a value")
        else:
            if not 1 <= len(row) <= MAX_BUTTONS_PER_ROW:
                problems.append(f"a row of {len(row)} buttons")
            for button in row:
                custom_ids.append(button.custom_id)
                if not 1 <= len(button.label) <= MAX_LABEL:
                    problems.append(f"button label {button.label!r} outside 1-{MAX_LABEL} characters")
    if any(len(c) > MAX_CUSTOM_ID for c in custom_ids):
        problems.append(f"a custom id over {MAX_CUSTOM_ID} characters")
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("two components share a custom id")
    return problems


def all_problems(survey: Survey) -> dict[str, list[str]]:
    """Every claim of the suite on one survey (what tests/conformance/test_conformance.py asserts one by one)."""
    descriptor = survey.descriptor
    return {
        "random play": [g.label + ": no result" for g in survey.games if g.result is None] + survey.no_legal_answer,
        "replay": replay_problems(survey),
        "hidden information": ([] if descriptor.hidden else ["no hidden-information hook"])
        + survey.hidden
        + ([] if survey.hidden_changed else ["permute_hidden changed nothing"])
        + ([] if survey.hidden_compared else ["no action that reveals nothing was compared"]),
        "AI": ai_problems(survey),
        "narrator": narrator_problems(survey),
        "panels": panel_problems(survey),
    }


def describe(survey: Survey) -> dict[str, Any]:
    """What a survey covered, for a failing assertion's message."""
    return {"games": [g.label for g in survey.games], "answers": survey.actions, "prompt kinds": dict(survey.prompt_counts)}
