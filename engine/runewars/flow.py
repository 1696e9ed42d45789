"""How Runewars moves on: a stack of procedures, and the prompt kinds that answer them.

The game is a nest of procedures: the campaign holds seasons, a season holds turns, a
turn holds an order, an order may hold a battle, a battle a retreat. Each running
procedure is a *frame* on ``board.stack`` (a registered dataclass holding its own
progress), so a saved game resumes exactly where it stopped.

- :func:`procedure` registers the function that advances a frame type. It returns
  ``True`` when the frame is finished (the runner pops it and resumes the frame below),
  ``False`` when it opened prompts or pushed a child frame.
- :func:`prompt_kind` registers how a prompt kind is answered: its resolver, its legal
  answers and the choice names it accepts. Resolvers record the answer on their frame
  (or the board) and close their prompt; the runner then advances the stack.

Frames talk to their children only through the board (e.g. ``Turn.battles``); a child
never needs a reference to its parent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars.data import Pack

Advance = Callable[[GameState, Pack, Any, Context], bool]
Resolve = Callable[[GameState, Pack, Prompt, Action, Context], None]
Legal = Callable[[GameState, Pack, Prompt], list[Action]]

_ADVANCE: dict[type, Advance] = {}


@dataclass(frozen=True)
class PromptKind:
    resolve: Resolve
    legal: Legal
    choices: frozenset[str]


PROMPT_KINDS: dict[str, PromptKind] = {}

#: checks run before every step of the runner (instant win, elimination, rune knowledge)
_CHECKS: list[Callable[[GameState, Pack, Context], None]] = []

#: more frames advanced in one call means a procedure that never finishes
MAX_STEPS = 10_000


def procedure(frame_type: type) -> Callable[[Advance], Advance]:
    def register(advance: Advance) -> Advance:
        _ADVANCE[frame_type] = advance
        return advance

    return register


def prompt_kind(kind: str, *, choices: set[str], legal: Legal) -> Callable[[Resolve], Resolve]:
    def register(resolve: Resolve) -> Resolve:
        if kind in PROMPT_KINDS:
            raise ValueError(f"prompt kind {kind!r} registered twice")
        PROMPT_KINDS[kind] = PromptKind(resolve, legal, frozenset(choices))
        return resolve

    return register


def after_every_step(check: Callable[[GameState, Pack, Context], None]) -> Callable[[GameState, Pack, Context], None]:
    """Register a check run after every answer (and before the game waits again)."""
    _CHECKS.append(check)
    return check


def push(state: GameState, frame: Any) -> None:
    if type(frame) not in _ADVANCE:
        raise TypeError(f"no procedure registered for {type(frame).__name__}")
    state.board.stack.append(frame)


def top(state: GameState, frame_type: type | None = None) -> Any:
    """The running frame (of ``frame_type``, searching down the stack), or None."""
    for frame in reversed(state.board.stack):
        if frame_type is None or isinstance(frame, frame_type):
            return frame
    return None


def answer(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """Resolve ``action`` through its prompt kind, then run the game on until it waits."""
    kind = PROMPT_KINDS.get(prompt.kind)
    if kind is None:
        raise InvalidAction(f"unknown prompt kind {prompt.kind!r}")
    if action.choice not in kind.choices:
        raise InvalidAction(f"{prompt.kind} is answered with {sorted(kind.choices)}, not {action.choice!r}")
    kind.resolve(state, pack, prompt, action, ctx)
    run(state, pack, ctx)


def legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return PROMPT_KINDS[prompt.kind].legal(state, pack, prompt)


def chosen_option(
    state: GameState, pack: Pack, prompt: Prompt, action: Action, key: str, options: str, *, expects: str, refusal: str, rule: str
) -> str:
    """The string ``action.args[key]`` when it is one of ``prompt.info[options]``.

    Otherwise raises InvalidAction(``expects``) for a missing or non-string value, or
    IllegalAction(``refusal`` with ``{choice}`` filled in, ``rule``) offering the prompt's legal answers.
    """
    choice = action.args.get(key)
    if not isinstance(choice, str):
        raise InvalidAction(expects)
    if choice not in prompt.info[options]:
        raise IllegalAction(refusal.format(choice=choice), rule=rule, alternatives=legal(state, pack, prompt))
    return choice


def run(state: GameState, pack: Pack, ctx: Context) -> None:
    """Advance the stack until a prompt is open, the game is over or nothing is left to do."""
    stack = state.board.stack
    for _ in range(MAX_STEPS):
        for check in _CHECKS:
            check(state, pack, ctx)
        if state.result is not None or state.prompts or not stack:
            return
        frame = stack[-1]
        if _ADVANCE[type(frame)](state, pack, frame, ctx):
            if stack[-1] is not frame:
                raise RuntimeError(f"{type(frame).__name__} finished while a child frame was still running")
            stack.pop()
    raise RuntimeError(f"the game advanced {MAX_STEPS} steps without waiting for anyone")
