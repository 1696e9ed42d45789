"""A game's Discord front-end: what the shared bot asks a game instead of naming it.

Each game keeps its front-end in ``bot/games/<game>/`` and names it in its descriptor
(:attr:`engine.core.game.GameDescriptor.frontend`). The base class is the generic front-end
every game gets for free (the narrator's ``kind: key=value`` fallback, no command group of its
own, no automatic answers), so a new game starts playable and adds only what it says better.

The shared modules (service, delivery, table, ui, cogs) reach a game's front-end through
:func:`frontend_for` and never import ``bot.games``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.i18n import ENGLISH, Tr, command_mention
from bot.narration import GENERIC, Narrator
from engine.core import Action, Prompt, Seat
from engine.core.game import GameDescriptor
from engine.core.registry import UnknownGame, find_game

#: an automatic answer: (the prompt, its legal answers) -> the answer, or None to leave it to the player
AutoAnswer = Callable[[Prompt, list[Action]], Action | None]


@dataclass(frozen=True)
class MoveShape:
    """What a "move" answer of a prompt kind is, for the quick moves of its panel
    (:func:`bot.ui.panels.quick_moves`): the answers of choice ``choice`` whose argument
    ``origin`` names where the units stand, ``unit`` what they are, ``count`` how many go and
    ``destination`` where (None: the prompt fixes the destination, named by its info key
    ``destination_info``)."""

    choice: str = "move"
    origin: str = "from"
    unit: str = "unit"
    count: str = "count"
    destination: str | None = "to"
    destination_info: str | None = None


@dataclass(frozen=True)
class FormField:
    """One text field of a private form (a Discord modal's text input): ``key`` names it in the
    submitted values, ``label`` (at most 45 characters) says what goes in, ``value`` is filled
    in when the form opens, ``placeholder`` shows while it is empty."""

    key: str
    label: str
    value: str = ""
    placeholder: str = ""
    required: bool = False
    max_length: int = 60


@dataclass(frozen=True)
class Form:
    """A private form answering one decision in one step (:meth:`FrontEnd.form`): a title (at
    most 45 characters) and at most five fields (Discord's modal limits)."""

    title: str
    fields: tuple[FormField, ...]


class FrontEnd:
    """One game's Discord front-end; every attribute has a generic default."""

    #: phrases the game's events, actions, prompts, status and chapters
    narrator: Narrator = GENERIC
    #: the game's own slash command group (its name, as ``/<group> ...``), or "" for none;
    #: every group offers ``hand``
    group: str = ""
    group_description: str = ""
    #: prompt kind -> the answer a seat with the ``auto_end_turn`` setting gives by itself
    auto_answers: Mapping[str, AutoAnswer] = {}
    #: prompt kind -> the choice a seat whose ``auto_pass`` is ``always`` gives after a random delay
    #: (a prompt with a single legal answer needs no entry: ``unplayable`` and ``always`` give it)
    auto_passes: Mapping[str, str] = {}
    #: prompt kinds ``/game move`` answers (movement with destination, units and count)
    move_kinds: frozenset[str] = frozenset()
    #: prompt kind -> what a move is there; its panel then offers quick moves (whole stacks,
    #: single units, all units of an area) as one-click answers beside the guided steps
    move_shapes: Mapping[str, MoveShape] = {}
    #: the fields of an area in a seat's view whose change marks it in a recap
    recap_fields: tuple[str, ...] = ()
    #: the short rule texts of ``/<group> rules`` (a TOML file of topics), or None
    rules_file: Path | None = None
    #: whether the game's data pack has a card list (``/<group> card``, :meth:`catalogue`)
    has_cards: bool = False

    @property
    def private_command(self) -> str:
        """The command that shows a player their hand and decisions ("" without a group)."""
        return f"/{self.group} hand" if self.group else ""

    @property
    def private_access(self) -> str:
        """How a player reads their hand and decisions, in words."""
        return self.private_access_in(ENGLISH)

    def private_command_mention(self, tr: Tr) -> str:
        """The private command as a command mention (``</<group> hand:ID>``, which each client shows in
        its own language) once its id is known, else ``/<group> hand`` in ``tr``'s language; "" without a group."""
        return command_mention(f"{self.group} hand", tr) if self.group else ""

    def private_access_in(self, tr: Tr) -> str:
        """How a player reads their hand and decisions, in ``tr``'s language."""
        if self.group:
            return tr._("the My decisions button or {command}", command=self.private_command_mention(tr))
        return tr._("the My decisions button")

    def start_options(self, settings: Mapping[Seat, Mapping[str, Any]]) -> dict[str, Any]:
        """Engine options fixed at the start from each human seat's player settings."""
        return {}

    def next_up(self, public_view: Mapping[str, Any]) -> tuple[Seat, str] | None:
        """The seat whose turn follows the current one and a key naming the current turn
        (so a heads-up goes once per turn), or None when the game has no such order."""
        return None

    def chapter(self, public_view: Mapping[str, Any]) -> str | None:
        """The name of the chapter of play the public view is in (a season, a round, a year), or
        None outside of one (a set-up, the end); ``python -m bot playtest`` counts and reports by
        it. Generic: the narrator's season (what ``/game review`` steps through)."""
        return self.narrator.season(dict(public_view)) if public_view.get("result") is None else None

    def move_label(self, prompt: Prompt, moves: Sequence[Action], *, some: bool = False) -> str:
        """A quick move's label: one answer, or several applied in turn (all units of an area);
        ``some``: the entry that asks how many units of the stack ``moves[0]`` (all of them) go."""
        if some:
            return f"{self.narrator.action(moves[0])}: how many?"
        if len(moves) == 1:
            return self.narrator.action(moves[0])
        return "All: " + ", ".join(self.narrator.action(a) for a in moves)

    #: whether :meth:`turn` names the game's player turns; without, each stretch of commits
    #: (a move and the automatic answers after it) is told in a post of its own
    tells_turns: bool = False

    def turn(self, public_view: Mapping[str, Any]) -> tuple[str, Seat] | None:
        """The player turn the public view is in: a key naming it and the seat whose turn it
        is, or None between turns (and in games without turns). The channel tells each turn
        in one post (docs/bot.md, "How a turn looks for a player"); a commit belongs to the
        turn of the view it started from."""
        return None

    def ends_turn(self, event_kind: str) -> bool:
        """Whether an event of this kind ends a player's turn (what follows it in the same
        commit, a season's end say, is told between turns)."""
        return False

    def chapter_recap(self, start_view: Mapping[str, Any], end_view: Mapping[str, Any], tr: Tr | None = None) -> list[str]:
        """What changed over a chapter (a season), in words (``tr``'s language), from the public
        views at its start and end: by default the status lines that differ at its end."""
        narrator = self.narrator.speaking(tr)
        before = set(narrator.status(dict(start_view)))
        return [line for line in narrator.status(dict(end_view)) if line not in before]

    def decision_area(self, prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
        """The place of the map a decision is about (its DM shows that part of the map, drawn
        from the seat's own ``view``), or None: the DM shows the seat's whole board."""
        return None

    def public_focus(self, public_view: Mapping[str, Any]) -> str | None:
        """The place of the map the table's current decision concerns, told by the *public* view
        alone (a battle being fought), or None: the dashboard (bot/ui/dashboard.py) shows a
        larger crop of it beside the whole map. It must never depend on a seat's secret."""
        return None

    #: the guided first game's texts (``/game new <game> tutorial:true``, :mod:`bot.table.tutorial`):
    #: prompt kind -> (what the decision does, an English source string marked with ``N_`` and told in
    #: the player's language; the id of the rule topic of :attr:`rules_file` with the rulebook's pages);
    #: empty: the game offers no guided first game
    tutorial: Mapping[str, tuple[str, str]] = {}
    #: the engine options of the guided first game's short set-up (the descriptor's defaults beside them)
    tutorial_options: Mapping[str, Any] = {}

    def text_board(self, view: Mapping[str, Any], area: str | None = None) -> list[str]:
        """The board as text (the map without a picture), or one area of it."""
        return self.narrator.status(dict(view))

    def areas(self, public_view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The map's places as (label, id), from the public view, for autocompletes."""
        return []

    def catalogue(self, pack: Any) -> list[dict[str, str]] | None:
        """The pack's public card list (``id``, ``name``, ``kind``, ``text``), or None."""
        return None

    #: prompt kinds a private form answers in one step (:meth:`form`, :meth:`form_answers`): the
    #: decision's panel offers "Fill in the form" beside its buttons
    form_kinds: frozenset[str] = frozenset()

    def form(self, prompt: Prompt, actions: Sequence[Action], view: Mapping[str, Any], tr: Tr = ENGLISH) -> Form | None:
        """The form answering ``prompt`` from the seat's own ``view`` (its fields filled in with what
        the seat has chosen so far), or None: the decision has no form."""
        return None

    def form_answers(
        self, prompt: Prompt, actions: Sequence[Action], view: Mapping[str, Any], values: Mapping[str, str], tr: Tr = ENGLISH
    ) -> list[Action] | str:
        """The answers a filled-in form stands for, applied in turn and committed as one move
        (:meth:`bot.service.play.PlayMixin.answer_all`; the first is one of ``actions``, each next
        one an answer of the decision as it is asked anew), or why the form cannot be taken, in
        words (the form opens again with the values filled in)."""
        return tr._("This decision has no form.")

    def form_values(self, prompt: Prompt, answers: Sequence[Action], view: Mapping[str, Any]) -> dict[str, str]:
        """What a player types into the form for ``answers`` (the inverse of :meth:`form_answers`;
        scripted players of the e2e tests and playtest use it)."""
        return {}

    #: prompt kinds whose answers a player may plan as a **stretch of plays** in the private panel
    #: (several answers chosen at once, the resources left shown, applied in order by one
    #: Confirm: :mod:`bot.ui.stretch`); empty: every answer is a click of its own
    stretch_kinds: frozenset[str] = frozenset()

    def stretch_copies(self, action: Action, view: Mapping[str, Any]) -> int:
        """How many times in a row a stretch may plan ``action`` (the seat's ``view``: its hand
        may hold a card three times); each time is an option of the stretch's select."""
        return 1

    def stretch_key(self, action: Action) -> Any:
        """What an answer does, whichever decision offers it: a stretch's pick finds each chosen
        answer again, by this key, among those open after the plays before it (the same card
        played for gold from the turn or within a purchase). Default: its choice and arguments."""
        return (action.choice, json_key(action.args))

    def stretch_stops(self, action: Action) -> bool:
        """Whether a stretch ends after ``action`` for the game's own reasons (a combat that
        is fought in decisions of its own). The shared code ends it anyway after an answer that
        draws by chance, tells anyone a secret, or waits on another seat."""
        return False

    def stretch_status(self, view: Mapping[str, Any]) -> str:
        """What the seat has left to spend where a stretch stands, from its own ``view``
        (gold, influence, the hand), one line; "" for nothing."""
        return ""

    def add_commands(self, group: Any) -> None:
        """Add the game's own commands to its ``app_commands.Group`` (``hand`` is added for every game)."""


def json_key(args: Mapping[str, Any]) -> str:
    """Arguments as a hashable key (sorted JSON)."""
    import json

    return json.dumps(dict(args), sort_keys=True, default=str)


GENERIC_FRONTEND = FrontEnd()

#: front-ends given in this process for games without a descriptor of their own (tests' rulesets)
REGISTERED: dict[str, FrontEnd] = {}


def frontend_of(descriptor: GameDescriptor) -> FrontEnd:
    found = REGISTERED.get(descriptor.name) or descriptor.load_frontend()
    return found if isinstance(found, FrontEnd) else GENERIC_FRONTEND


def frontend_for(game: str) -> FrontEnd:
    """The front-end of the game called ``game`` (the generic one for an unknown game)."""
    if game in REGISTERED:
        return REGISTERED[game]
    try:
        return frontend_of(find_game(game))
    except UnknownGame:
        return GENERIC_FRONTEND
