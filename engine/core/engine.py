"""The engine: setup, pending, legal, apply, view and replay over any :class:`Ruleset`."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from engine.core.errors import N_, GameOver, IllegalAction, InvalidAction, NotYourDecision, ReplayMismatch
from engine.core.model import Action, ActionRecord, Event, GameState, Prompt, Seat, Transition
from engine.core.rng import Rng
from engine.core.ruleset import Context, Ruleset

#: forced answers chained after one action; more means a ruleset bug (a loop of forced prompts)
MAX_FORCED_CHAIN = 1000


class Engine:
    """Runs one ruleset. Every method is a pure function of its arguments."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset

    # -- starting ---------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seat_count: int, seed: int) -> Transition:
        """A new game; the returned records hold any prompts the engine answered itself."""
        rules = self.ruleset
        if not rules.min_seats <= seat_count <= rules.max_seats:
            raise InvalidAction(
                N_(
                    "{name} is played by {min_seats} to {max_seats} players, not {seat_count}",
                    name=rules.name,
                    min_seats=rules.min_seats,
                    max_seats=rules.max_seats,
                    seat_count=seat_count,
                )
            )
        state = GameState(
            game=rules.name,
            format=rules.state_format,
            options=dict(options),
            seed=seed,
            seat_count=seat_count,
            rng_state=seed,
            board=None,
            pack_hash=rules.pack_hash(options),
        )
        return self._begin(state, lambda ctx: rules.setup(state, ctx))

    def from_position(self, options: Mapping[str, Any], seat_count: int, seed: int, position: Mapping[str, Any]) -> Transition:
        """A game set up normally, then moved to a position described directly (scenarios)."""
        state = self.setup(options, seat_count, seed).state
        return self._begin(state, lambda ctx: self.ruleset.load_position(state, position, ctx))

    def _begin(self, state: GameState, prepare: Callable[[Context], None]) -> Transition:
        """Run ``prepare`` (set-up or a position), then any prompts it left forced."""
        ctx = self._context(state)
        prepare(ctx)
        state.rng_state = ctx.rng.state
        ctx.rng.take_draws()  # set-up chance is re-derived from the seed, not recorded
        records = self._answer_forced(state, ctx)
        return Transition(state=state, events=tuple(ctx.events), records=tuple(records))

    # -- asking -----------------------------------------------------------------------
    @staticmethod
    def pending(state: GameState) -> list[Prompt]:
        """The open prompts: who must decide what now."""
        return list(state.prompts)

    def legal(self, state: GameState, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` over all its open prompts."""
        return [a for p in state.prompts_for(seat) for a in self.ruleset.legal(state, p)]

    def view(self, state: GameState, seat: Seat | None) -> dict[str, Any]:
        return self.ruleset.view(state, seat)

    # -- acting -----------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, *, in_place: bool = False) -> Transition:
        """Apply ``action``; the input state is never modified.

        ``in_place=True`` is for a caller that owns ``state`` and never looks at it again
        (AI self-play: ``simulate`` and ``bench``): the state is changed and returned as the
        transition's state without the copy, and after a refusal it must be thrown away.
        """
        prompt = self._check_turn(state, action)
        work = state if in_place else copy_state(state)
        ctx = self._context(work)
        records = [self._resolve(work, prompt, action, ctx, forced=False)]
        records += self._answer_forced(work, ctx)
        events = tuple(ctx.events)
        if in_place:  # event data may hold lists of the state, which later answers change
            events = tuple(dataclasses.replace(e, data=_deep_copy(e.data)) for e in events)
        return Transition(state=work, events=events, records=tuple(records))

    def apply_all(self, state: GameState, actions: Sequence[Action]) -> Transition:
        """Apply ``actions`` in turn as one transition: the events and records of each, in order
        (a stored commit holds several answers of one seat when a form answered a decision in one
        step; replaying it applies the answers of its records that are not forced)."""
        if not actions:
            raise InvalidAction(N_("no action to apply"))
        transition = self.apply(state, actions[0])
        for action in actions[1:]:
            step = self.apply(transition.state, action)
            transition = Transition(step.state, transition.events + step.events, transition.records + step.records)
        return transition

    def _check_turn(self, state: GameState, action: Action) -> Prompt:
        if not isinstance(action, Action) or not isinstance(action.seat, int):
            raise InvalidAction(N_("not an action"))
        if not 0 <= action.seat < state.seat_count:
            raise InvalidAction(N_("there is no seat {seat}", seat=action.seat))
        if state.result is not None:
            raise GameOver()
        prompt = state.prompt(action.prompt)
        if prompt is None:
            own = state.prompts_for(action.seat)
            if not own:
                raise NotYourDecision(
                    N_("Nothing is awaited from you right now."),
                    seat=action.seat,
                    awaited=state.awaited(),
                    rule=self.ruleset.turn_rule,
                )
            raise IllegalAction(
                N_("That decision is no longer open (it was answered or the game moved on)."),
                rule=N_("core: answer an open prompt"),
                alternatives=self.legal(state, action.seat),
            )
        if prompt.seat != action.seat:
            raise NotYourDecision(
                N_("That decision belongs to another player."),
                seat=action.seat,
                awaited=[prompt.seat],
                rule=self.ruleset.turn_rule,
                alternatives=self.legal(state, action.seat),
            )
        return prompt

    def _resolve(self, work: GameState, prompt: Prompt, action: Action, ctx: Context, *, forced: bool) -> ActionRecord:
        self.ruleset.resolve(work, prompt, action, ctx)
        work.rng_state = ctx.rng.state
        work.seq += 1
        return ActionRecord(seq=work.seq, action=action, chance=tuple(ctx.rng.take_draws()), forced=forced)

    def _answer_forced(self, work: GameState, ctx: Context) -> list[ActionRecord]:
        records: list[ActionRecord] = []
        for _ in range(MAX_FORCED_CHAIN):
            prompt = next((p for p in work.prompts if p.forced is not None), None)
            if prompt is None or work.result is not None:
                return records
            records.append(self._resolve(work, prompt, cast(Action, prompt.forced), ctx, forced=True))
        raise RuntimeError(f"{self.ruleset.name}: more than {MAX_FORCED_CHAIN} forced answers in a row")

    @staticmethod
    def _context(state: GameState) -> Context:
        return Context(Rng(state.rng_state))

    # -- replaying --------------------------------------------------------------------
    def replay(
        self,
        *,
        seed: int,
        options: Mapping[str, Any],
        seat_count: int,
        actions: Iterable[Action | ActionRecord],
    ) -> GameState:
        """Rebuild a game from its seed, options and the players' actions.

        Forced records are skipped (the engine re-derives them); when records are given,
        their chance results must match the replay's, or :class:`ReplayMismatch` is raised.
        """
        state = self.setup(options, seat_count, seed).state
        for item in actions:
            record, action = (item, item.action) if isinstance(item, ActionRecord) else (None, item)
            if record is not None and record.forced:
                continue
            transition = self.apply(state, action, in_place=True)  # the replay owns its state
            if record is not None and transition.records[0].chance != tuple(record.chance):
                raise ReplayMismatch(f"action {record.seq} drew {transition.records[0].chance}, the log says {record.chance}")
            state = transition.state
        return state


def replay(
    ruleset: Ruleset, seed: int, options: Mapping[str, Any], seat_count: int, actions: Iterable[Action | ActionRecord]
) -> GameState:
    """Module-level shortcut for :meth:`Engine.replay`."""
    return Engine(ruleset).replay(seed=seed, options=options, seat_count=seat_count, actions=actions)


def events_for(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    """The events a seat (or a spectator) may see."""
    return [e for e in events if e.visible_to(seat)]


def copy_state(state: GameState) -> GameState:
    """A deep copy of ``state``, equal to a pickle round trip (``python -m bot bench`` times it).

    Written out for what states are made of (engine.core.codec: dataclasses, lists, dicts,
    tuples, sets around plain values), it takes about half the time of pickle, which copies
    anything else. Like a saved game it does not keep two references to one object as one:
    states hold no such sharing.
    """
    return cast(GameState, _deep_copy(state))


#: immutable values a copy may share with its original
_ATOMS = frozenset({type(None), bool, int, float, str})


def _deep_copy(value: Any) -> Any:
    return (_COPIERS.get(type(value)) or _copier_for(type(value)))(value)


def _copy_list(value: list[Any]) -> list[Any]:
    new = value[:]
    for index, item in enumerate(new):
        cls = type(item)
        if cls not in _ATOMS:
            new[index] = (_COPIERS.get(cls) or _copier_for(cls))(item)
    return new


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    new = value.copy()
    for key, item in new.items():  # keys are plain values or tuples of them: shared
        cls = type(item)
        if cls not in _ATOMS:
            new[key] = (_COPIERS.get(cls) or _copier_for(cls))(item)
    return new


def _copy_dataclass(value: Any) -> Any:
    new = object.__new__(type(value))
    object.__setattr__(new, "__dict__", _copy_dict(value.__dict__))  # what unpickling does, also for frozen ones
    return new


def _pickled(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


_COPIERS: dict[type, Callable[[Any], Any]] = {
    **{atom: lambda value: value for atom in _ATOMS},
    list: _copy_list,
    dict: _copy_dict,
    tuple: lambda value: tuple(_copy_list(list(value))),
    set: lambda value: set(_copy_list(list(value))),
    frozenset: lambda value: frozenset(_copy_list(list(value))),
}


def _copier_for(cls: type) -> Callable[[Any], Any]:
    """Plain dataclasses are copied field by field; anything that pickles itself its own way by pickle."""
    hooks: Any = cls  # its pickling hooks are compared as the plain functions they are, not as bound methods of a type
    plain = (
        hasattr(cls, "__dataclass_fields__")
        and not hasattr(cls, "__slots__")
        and not hasattr(cls, "__setstate__")
        and hooks.__reduce_ex__ is object.__reduce_ex__
        and hooks.__reduce__ is object.__reduce__
        and hooks.__getstate__ is object.__getstate__
    )
    _COPIERS[cls] = _copy_dataclass if plain else _pickled
    return _COPIERS[cls]
