"""Custom ids of every persistent component the bot posts: one grammar, built and parsed
without discord.py.

Every component carries its whole state in its ``custom_id`` (at most 100 characters), so it
keeps working after a restart (discord.py ``DynamicItem`` templates, :mod:`bot.ui.components`
and :mod:`bot.cogs.table`). The grammar is ``g:<game>:<what>``, ``<game>`` the game's number:

=====================================  ==================================================
``g:<game>:<seq>:<ph>:c<i>:<ah>``      choose answer ``i`` of the prompt whose id hashes to
                                       ``ph``; ``ah`` is that answer's own hash
``g:<game>:<seq>:<ph>:s<path>~<page>`` a select at cursor (path, page) of that prompt
``g:<game>:<seq>:<ph>:v<path>~<page>`` a button that shows cursor (path, page)
``g:<game>:<seq>:<ph>:q<part>``        a select of that prompt's quick moves; an option is
                                       ``<i>:<ah>`` (one answer, as a choice),
                                       ``b<i>.<j>...:<bh>`` (answers applied in turn, ``bh``
                                       the hash of their hashes) or ``p<path>`` (show the
                                       guided step at that path)
``g:<game>:<seq>:<ph>:f<values>``      open that prompt's private form (a modal), its fields
                                       filled in with ``values`` (fields joined by ``.``, a
                                       space as ``-``; empty: as the seat stands)
``g:<game>:<seq>:<ph>:m``              the submitted form (the modal's own id)
``g:<game>:<seq>:<ph>:k<plan>``        the select of a stretch of plays (:mod:`bot.ui.stretch`): its
                                       options (``<i>#<copy>``) join the plays planned so far,
                                       ``plan`` (dot-separated indexes into the seat's legal
                                       answers after each planned play; empty at the start)
``g:<game>:<seq>:<ph>:a<plan>:<h>``    confirm: apply the planned plays in order; ``h`` the hash
                                       of the plan
``g:<game>:me``                        "my decisions and private messages" (anyone)
``g:<game>:join`` / ``leave`` / ``start``  the lobby's buttons
``g:<game>:opt:<name>``                the lobby's toggle of a yes/no option
``g:<game>:set:<name>``                the lobby's select of an option's value
``g:<game>:vote:<vote>:y`` / ``:n``    a ballot for or against a vote
``g:<game>:undo:<seq>.<rewinds>``      confirm an undo shown at that position
``g:<game>:claim:<seat>``              take over an open seat
``g:<game>:mute``                      mute my reminders for this decision
``g:<game>:review:<season>``           show another season of a game's history
``g:<game>:recap:<since>.<seq>.<rw>``  my map with what changed in moves since+1..seq
=====================================  ==================================================

``seq`` is the game's position when the component was built. ``path`` is the guided flow's
choices so far (dot-separated indexes, :mod:`bot.ui.panels`). Hashes are the first 8 hex
digits of SHA-256 over the prompt id, or over the answer's prompt, choice and arguments.

Components posted before this grammar began with ``rw:`` (decisions and the lobby) or ``tb:``
(the table's buttons); the templates accept those prefixes too, so a button posted in a
running game keeps working (:data:`LEGACY_PREFIXES`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Action
from engine.core.codec import to_plain

MAX_CUSTOM_ID = 100
PREFIX = "g"
#: the prefixes of components posted by earlier versions, still accepted
LEGACY_PREFIXES = ("rw", "tb")
_ANY_PREFIX = "(?:" + "|".join((PREFIX, *LEGACY_PREFIXES)) + ")"
_GAME = rf"{_ANY_PREFIX}:(?P<game>[0-9]+)"

_HASH = r"[0-9a-f]{8}"
_HEAD = rf"{_GAME}:(?P<seq>[0-9]+):(?P<ph>{_HASH})"
_CURSOR = r"(?P<path>(?:[0-9]+(?:\.[0-9]+)*)?)~(?P<page>[0-9]+)"
CHOICE_TEMPLATE = rf"{_HEAD}:c(?P<index>[0-9]+):(?P<ah>{_HASH})"
SELECT_TEMPLATE = rf"{_HEAD}:s{_CURSOR}"
CURSOR_TEMPLATE = rf"{_HEAD}:v{_CURSOR}"
QUICK_TEMPLATE = rf"{_HEAD}:q(?P<part>[0-9])"
FORM_TEMPLATE = rf"{_HEAD}:f(?P<values>[0-9a-z.\-]*)"
FORM_SUBMIT_TEMPLATE = rf"{_HEAD}:m"
_PLAN = r"(?P<plan>(?:[0-9]+(?:\.[0-9]+)*)?)"
PLAN_TEMPLATE = rf"{_HEAD}:k{_PLAN}"
PLAN_CONFIRM_TEMPLATE = rf"{_HEAD}:a{_PLAN}:(?P<h>{_HASH})"
ME_TEMPLATE = rf"{_GAME}:me"
LOBBY_TEMPLATE = rf"{_GAME}:(?P<op>join|leave|start)"
OPTION_TOGGLE_TEMPLATE = rf"{_GAME}:opt:(?P<name>[a-z][a-z0-9_]*)"
OPTION_SELECT_TEMPLATE = rf"{_GAME}:set:(?P<name>[a-z][a-z0-9_]*)"
VOTE_TEMPLATE = rf"{_GAME}:vote:(?P<vote>[0-9]+):(?P<ballot>[yn])"
UNDO_TEMPLATE = rf"{_GAME}:undo:(?P<seq>[0-9]+)\.(?P<rewinds>[0-9]+)"
CLAIM_TEMPLATE = rf"{_GAME}:claim:(?P<seat>[0-9]+)"
MUTE_TEMPLATE = rf"{_GAME}:mute"
REVIEW_TEMPLATE = rf"{_GAME}:review:(?P<season>[0-9]+)"
RECAP_TEMPLATE = rf"{_GAME}:recap:(?P<since>[0-9]+)\.(?P<seq>[0-9]+)\.(?P<rewinds>[0-9]+)"


def _short(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def prompt_hash(prompt_id: str) -> str:
    return _short(prompt_id)


def action_hash(action: Action) -> str:
    """The hash of what an answer says (its seat is left out: the clicker's seat is used)."""
    key = json.dumps([action.prompt, action.choice, to_plain(dict(action.args))], sort_keys=True, separators=(",", ":"))
    return _short(key)


@dataclass(frozen=True)
class Cursor:
    """Where a panel is: the guided flow's choices so far and the page of its list."""

    path: tuple[int, ...] = ()
    page: int = 0

    def encode(self) -> str:
        return ".".join(map(str, self.path)) + f"~{self.page}"


@dataclass(frozen=True)
class PromptRef:
    """The part every decision component shares: which game, position and prompt."""

    game_id: int
    seq: int
    prompt_hash: str

    def head(self) -> str:
        return f"{PREFIX}:{self.game_id}:{self.seq}:{self.prompt_hash}"

    def choice(self, index: int, action: Action) -> str:
        return _checked(f"{self.head()}:c{index}:{action_hash(action)}")

    def select(self, cursor: Cursor) -> str:
        return _checked(f"{self.head()}:s{cursor.encode()}")

    def show(self, cursor: Cursor) -> str:
        return _checked(f"{self.head()}:v{cursor.encode()}")

    def form(self, values: Sequence[str] = ()) -> str:
        """The button that opens the prompt's form, filled in with ``values`` where they fit
        into the id (digits, lower-case letters and spaces; otherwise the form opens as the seat stands)."""
        encoded = ".".join(v.strip().lower().replace(" ", "-") for v in values)
        plain = f"{self.head()}:f"
        if values and re.fullmatch(r"[0-9a-z.\-]*", encoded) and len(plain + encoded) <= MAX_CUSTOM_ID:
            return plain + encoded
        return _checked(plain)

    def form_submit(self) -> str:
        return _checked(f"{self.head()}:m")

    def quick(self, part: int = 0) -> str:
        return _checked(f"{self.head()}:q{part}")

    def show_start(self) -> str:
        """The button that shows the decision's panel afresh."""
        return self.show(Cursor())

    def plan(self, plan: Sequence[int]) -> str:
        """The select that adds plays to the stretch ``plan`` (indexes of planned answers)."""
        return _checked(f"{self.head()}:k{'.'.join(map(str, plan))}")

    def confirm_plan(self, plan: Sequence[int]) -> str:
        """The button that applies the stretch ``plan``."""
        return _checked(f"{self.head()}:a{'.'.join(map(str, plan))}:{plan_hash(self, plan)}")


@dataclass(frozen=True)
class ChoiceId:
    ref: PromptRef
    index: int
    action_hash: str


def parse_ref(match: re.Match[str]) -> PromptRef:
    return PromptRef(int(match["game"]), int(match["seq"]), match["ph"])


def parse_cursor(match: re.Match[str]) -> Cursor:
    path = tuple(int(p) for p in match["path"].split(".")) if match["path"] else ()
    return Cursor(path, int(match["page"]))


def parse_choice(custom_id: str) -> ChoiceId | None:
    match = re.fullmatch(CHOICE_TEMPLATE, custom_id)
    return None if match is None else ChoiceId(parse_ref(match), int(match["index"]), match["ah"])


def choice_value(index: int, action: Action) -> str:
    """A select option's value naming an answer (same meaning as a choice button)."""
    return f"{index}:{action_hash(action)}"


def parse_choice_value(value: str) -> tuple[int, str] | None:
    match = re.fullmatch(rf"(?P<index>[0-9]+):(?P<ah>{_HASH})", value)
    return None if match is None else (int(match["index"]), match["ah"])


def bundle_hash(actions: Sequence[Action]) -> str:
    """The hash of several answers applied in turn (of their own hashes, in order)."""
    return _short(",".join(action_hash(a) for a in actions))


def bundle_value(indexes: Sequence[int], actions: Sequence[Action]) -> str:
    """A quick-move option's value naming answers ``indexes`` (``actions``) applied in turn."""
    return f"b{'.'.join(map(str, indexes))}:{bundle_hash(actions)}"


def parse_bundle_value(value: str) -> tuple[tuple[int, ...], str] | None:
    match = re.fullmatch(rf"b(?P<indexes>[0-9]+(?:\.[0-9]+)*):(?P<bh>{_HASH})", value)
    return None if match is None else (tuple(int(i) for i in match["indexes"].split(".")), match["bh"])


def plan_hash(ref: PromptRef, plan: Sequence[int]) -> str:
    """The hash of a stretch's plan at a position (a confirm button names the plan it shows)."""
    return _short(f"{ref.head()}/{'.'.join(map(str, plan))}")


def parse_plan(match: re.Match[str]) -> tuple[int, ...]:
    return tuple(int(i) for i in match["plan"].split(".")) if match["plan"] else ()


def key_hash(key: object) -> str:
    """The hash of what a stretch's answer does (:meth:`bot.frontend.FrontEnd.stretch_key`)."""
    return _short(repr(key))


def plan_option(index: int, copy: int, key: object) -> str:
    """A stretch select's option: candidate ``index`` where the plan stands (the decision's legal
    answers, then those they lead to), its ``copy``-th time, and the hash of what it does."""
    return f"{index}#{copy}:{key_hash(key)}"


def parse_plan_option(value: str) -> tuple[int, int, str] | None:
    match = re.fullmatch(rf"(?P<index>[0-9]+)#(?P<copy>[0-9]+):(?P<kh>{_HASH})", value)
    return None if match is None else (int(match["index"]), int(match["copy"]), match["kh"])


def parse_path_value(value: str) -> tuple[int, ...] | None:
    """A quick-move option's guided path (``p3.0``), or None."""
    match = re.fullmatch(r"p(?P<path>[0-9]+(?:\.[0-9]+)*)", value)
    return None if match is None else tuple(int(i) for i in match["path"].split("."))


def me_id(game_id: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:me")


def lobby_id(game_id: int, op: str) -> str:
    return _checked(f"{PREFIX}:{game_id}:{op}")


def option_toggle_id(game_id: int, name: str) -> str:
    return _checked(f"{PREFIX}:{game_id}:opt:{name}")


def option_select_id(game_id: int, name: str) -> str:
    return _checked(f"{PREFIX}:{game_id}:set:{name}")


def vote_id(game_id: int, vote: int, yes: bool) -> str:
    return _checked(f"{PREFIX}:{game_id}:vote:{vote}:{'y' if yes else 'n'}")


def undo_id(game_id: int, seq: int, rewinds: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:undo:{seq}.{rewinds}")


def claim_id(game_id: int, seat: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:claim:{seat}")


def mute_id(game_id: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:mute")


def review_id(game_id: int, season: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:review:{season}")


def recap_id(game_id: int, since: int, seq: int, rewinds: int) -> str:
    return _checked(f"{PREFIX}:{game_id}:recap:{since}.{seq}.{rewinds}")


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id longer than {MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id


def parse_form_values(encoded: str) -> tuple[str, ...]:
    """The values a form button carries (:meth:`PromptRef.form`), field by field (none: empty)."""
    return tuple(part.replace("-", " ") for part in encoded.split(".")) if encoded else ()
