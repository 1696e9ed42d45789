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

- :func:`setup_id`, :func:`season_id` and :func:`season_choice_id` build every prompt id
  (see "Prompt ids" below); ``GameState.open`` refuses an id that is already open.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, Reason
from engine.runewars.data import Pack
from engine.runewars.data.cards_decks import SEASONS
from engine.runewars.state import RunewarsBoard

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


@dataclass(frozen=True)
class Beside:
    """An answer offered beside the answers of other prompt kinds (the objective claim during one's turn, p. 30):
    ``offered`` says when; ``resolve`` answers it (and must close the prompt, or set it aside on a frame)."""

    offered: Callable[[GameState, Pack, Prompt], bool]
    resolve: Resolve


#: choice -> the answer offered beside every prompt kind that does not accept that choice itself
BESIDE: dict[str, Beside] = {}


def beside_every_prompt(choice: str, offered: Callable[[GameState, Pack, Prompt], bool]) -> Callable[[Resolve], Resolve]:
    def register(resolve: Resolve) -> Resolve:
        BESIDE[choice] = Beside(offered, resolve)
        return resolve

    return register


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


def refuse_unless_legal(
    state: GameState, pack: Pack, prompt: Prompt, action: Action, legal: Legal, reason: str, *, rule: str, shown: int = 10
) -> None:
    """Refuse ``action`` with ``reason`` and ``rule`` unless ``legal`` offers it, naming up to ``shown``
    of the legal answers (computed once for the check and the alternatives)."""
    allowed = legal(state, pack, prompt)
    if action not in allowed:
        raise IllegalAction(reason, rule=rule, alternatives=allowed[:shown])


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
        raise InvalidAction(N_("unknown prompt kind '{kind}'", kind=prompt.kind))
    beside = BESIDE.get(action.choice) if action.choice not in kind.choices else None
    if beside is not None:
        if not beside.offered(state, pack, prompt):
            raise IllegalAction(
                N_("{choice} is not open beside this question now.", choice=action.choice),
                rule="p. 30 (Zielkarten)",
                alternatives=legal(state, pack, prompt)[:10],
            )
        beside.resolve(state, pack, prompt, action, ctx)
        run(state, pack, ctx)
        return
    if action.choice not in kind.choices:
        raise InvalidAction(N_("That is not one of this decision's answers."))
    kind.resolve(state, pack, prompt, action, ctx)
    run(state, pack, ctx)


def legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    """The prompt kind's answers, then those offered beside it (:data:`BESIDE`)."""
    kind = PROMPT_KINDS[prompt.kind]
    beside = [
        Action(prompt.seat, prompt.id, choice)
        for choice, extra in BESIDE.items()
        if choice not in kind.choices and extra.offered(state, pack, prompt)
    ]
    return kind.legal(state, pack, prompt) + beside


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
        raise IllegalAction(Reason(refusal, {"choice": choice}), rule=rule, alternatives=legal(state, pack, prompt))
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


# -- prompt ids ------------------------------------------------------------------------
#
# Every prompt id is built by the three functions below from a scope, a kind and typed keys,
# always in this order:
#
#     setup/<kind>/<key>...[/<seq>]                    setup (factions, map, pieces)
#     y<year>/<season>/<kind>/<key>...[/<seq>]         the campaign
#     y<year>/<season>/<seat>                          the season's own choice (autumn)
#
# A kind is a lower-case identifier, a key a non-negative int or a non-empty string without
# "/", ``seq`` the state's action count (for prompts that may open again with the same keys).
# No part contains "/", so an id splits back into exactly the parts it was joined from, and
# parts that read differently give different ids; GameState.open refuses to open an id that
# is already open. Stored games and Discord buttons name these ids: their text never changes.

Key = str | int

_KIND = re.compile(r"[a-z][a-z_]*")

_SEASON = rf"y[1-9][0-9]*/(?:{'|'.join(SEASONS)})"

#: the grammar of every id the functions below build (use ``fullmatch``)
PROMPT_ID = re.compile(rf"(?:setup|{_SEASON})/[a-z][a-z_]*(?:/[^/]+)*|{_SEASON}/[0-9]+")


def _part(key: Key) -> str:
    if isinstance(key, bool) or not isinstance(key, str | int):
        raise TypeError(f"a prompt id key is a str or an int, not {key!r}")
    if isinstance(key, int):
        if key < 0:
            raise ValueError(f"a prompt id key is never negative: {key}")
        return str(key)
    if not key or "/" in key:
        raise ValueError(f"a prompt id key is a non-empty string without '/': {key!r}")
    return key


def _join(scope: str, kind: str, keys: tuple[Key, ...], seq: int | None) -> str:
    if not _KIND.fullmatch(kind):
        raise ValueError(f"a prompt id kind is a lower-case identifier: {kind!r}")
    parts = [scope, kind, *map(_part, keys)]
    if seq is not None:
        parts.append(_part(seq))
    return "/".join(parts)


def _season_scope(board: RunewarsBoard) -> str:
    if isinstance(board.year, bool) or not isinstance(board.year, int) or board.year < 1 or board.season not in SEASONS:
        raise ValueError(f"no season is running (year {board.year!r}, season {board.season!r})")
    return f"y{board.year}/{board.season}"


def setup_id(kind: str, *keys: Key, seq: int | None = None) -> str:
    """``setup/<kind>/<key>...[/<seq>]``: a prompt of the game's setup."""
    return _join("setup", kind, keys, seq)


def season_id(board: RunewarsBoard, kind: str, *keys: Key, seq: int | None = None) -> str:
    """``y<year>/<season>/<kind>/<key>...[/<seq>]``: a prompt of the running season."""
    return _join(_season_scope(board), kind, keys, seq)


def season_choice_id(board: RunewarsBoard, seat: int) -> str:
    """``y<year>/<season>/<seat>``: the season's own choice of a seat (the autumn choice), no kind."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a season choice is named by a seat, not {seat!r}")
    return f"{_season_scope(board)}/{_part(seat)}"
