"""The Runewars ruleset: plugs the rule modules into the engine contract."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from engine.core import Action, Context, GameState, InvalidAction, Prompt, Ruleset
from engine.runewars import setup, views
from engine.runewars.data import Pack, load_pack, pack_hash

#: prompt kind -> the choice names that answer it
CHOICES = {
    "choose_faction": {"faction"},
    "place_stronghold": {"stronghold"},
    "place_units": {"place"},
    "place_false_rune": {"false_rune"},
}
RESOLVERS = dict(setup.RESOLVERS)


@lru_cache(maxsize=8)
def _pack(pack_dir: str | None) -> Pack:
    return load_pack(pack_dir)


class Runewars(Ruleset):
    name = "runewars"
    state_format = 1
    min_seats = 2
    max_seats = 4

    @staticmethod
    def pack(options: Mapping[str, Any]) -> Pack:
        """The data pack of a game: the built-in one, or ``options["data_pack"]`` merged over it."""
        return _pack(options.get("data_pack"))

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        return pack_hash(self.pack(options))

    def setup(self, state: GameState, ctx: Context) -> None:
        setup.start(state, self.pack(state.options), ctx)

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        if action.choice not in CHOICES[prompt.kind]:
            raise InvalidAction(f"{prompt.kind} is answered with {sorted(CHOICES[prompt.kind])}, not {action.choice!r}")
        RESOLVERS[prompt.kind](state, self.pack(state.options), prompt, action, ctx)

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        return setup.legal(state, self.pack(state.options), prompt)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)


RULESET = Runewars()
