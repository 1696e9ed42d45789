"""Whole Runewars games without Discord: every seat answered by a policy (the AI, the random player, ...).

The game-agnostic driver is :mod:`engine.selfplay` (one policy per seat, each seeing only
``view(state, seat)``, seat rngs from the seed, timing, :class:`PlayedGame`); this module adds
what only Runewars has: :func:`seasons_played` for ``max_seasons`` and answering the faction
choice with given factions. Used by the tests and :mod:`engine.runewars.ai.simulation` (whose
hooks the generic ``demo``, ``simulate`` and ``bench`` call).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Engine, GameState, Prompt
from engine.selfplay import MAX_ACTIONS, Observer, PlayedGame, Policy, StepLimit, engine_for, seat_rng
from engine.selfplay import play as play_game
from engine.selfplay import start as start_game

__all__ = [
    "MAX_ACTIONS",
    "SEASONS",
    "Observer",
    "PlayedGame",
    "Policy",
    "StepLimit",
    "engine",
    "faction_answer",
    "play",
    "seasons_played",
    "seat_rng",
    "start",
]


def engine() -> Engine:
    """The Runewars engine, built on first use."""
    from engine.runewars.game import GAME

    return engine_for(GAME)


SEASONS = ("spring", "summer", "autumn", "winter")


def seasons_played(state: GameState) -> int:
    """Seasons finished before the current one (0 during setup and the first spring)."""
    board = state.board
    if board is None or board.season not in SEASONS:
        return 0
    return (board.year - 1) * 4 + SEASONS.index(board.season)


def faction_answer(state: GameState, prompt: Prompt, factions: Sequence[str]) -> Action | None:
    """``factions[seat]`` as the answer to that seat's faction choice (None for any other prompt)."""
    if prompt.kind == "choose_faction":
        return Action(prompt.seat, prompt.id, "faction", {"faction": factions[prompt.seat]})
    return None


def start(seats: int, seed: int, *, options: Mapping[str, Any] | None = None) -> PlayedGame:
    """A new game, set up and waiting for its first answer."""
    return start_game(engine(), seats, seed, options=dict(options or {}))


def play(
    seats: int,
    seed: int,
    policies: Policy | Sequence[Policy],
    *,
    options: Mapping[str, Any] | None = None,
    factions: Sequence[str] | None = None,
    observe: Observer | None = None,
    max_seasons: int | None = None,
    max_actions: int = MAX_ACTIONS,
    game: PlayedGame | None = None,
    in_place: bool = False,
) -> PlayedGame:
    """Play one game to its end, or until ``max_seasons`` seasons have been played (a quick look).

    ``factions[seat]``, when given, answers that seat's faction choice. ``game``: a game made
    by :func:`start` to play on (the caller keeps it if ``observe`` raises). ``in_place``:
    apply without copying each state (``Engine.apply``); ``observe`` then gets the state
    after the answer as its "before" too, so only observers that ignore it may use it.
    """
    runner = engine()
    game = game if game is not None else start(seats, seed, options=options)
    try:
        return play_game(
            runner,
            seats,
            seed,
            policies,
            pack=runner.ruleset.pack(game.options),
            answer=None if factions is None else (lambda state, prompt: faction_answer(state, prompt, factions)),
            stop=None if max_seasons is None else (lambda state: seasons_played(state) >= max_seasons),
            observe=observe,
            max_actions=max_actions,
            game=game,
            in_place=in_place,
        )
    except StepLimit as limit:
        board = game.state.board
        raise StepLimit(f"{limit} (year {board.year}, {board.season})") from None
