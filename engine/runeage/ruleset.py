"""The Rune Age ruleset: the engine contract (engine.core.Ruleset) over the rule modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, Context, GameState, InvalidAction, Prompt, Ruleset
from engine.runeage import combat, events, turn
from engine.runeage.cards import Pack, pack_for
from engine.runeage.setup import setup as set_up
from engine.runeage.views import view as view_of

LEGAL = {
    "turn": turn.legal_turn,
    "purchase": turn.legal_purchase,
    "influence": turn.legal_influence,
    "keep": turn.legal_keep,
    "mind_control": turn.legal_mind_control,
    "muster": combat.legal_muster,
    "ability": combat.legal_ability,
    "roll": lambda state, pack, prompt: [Action(prompt.seat, prompt.id, "roll")],
    "casualty": combat.legal_casualty,
    "resolution": combat.legal_resolution,
    "resolution_order": combat.legal_resolution_order,
    "end_of_combat": combat.legal_end_of_combat,
    "rune_choice": events.legal_rune_choice,
}

RESOLVE = {
    "turn": turn.resolve_turn,
    "purchase": turn.resolve_purchase,
    "influence": turn.resolve_influence,
    "keep": turn.resolve_keep,
    "mind_control": turn.resolve_mind_control,
    "muster": combat.resolve,
    "ability": combat.resolve,
    "roll": combat.resolve,
    "casualty": combat.resolve,
    "resolution": combat.resolve,
    "resolution_order": combat.resolve,
    "end_of_combat": combat.resolve,
    "rune_choice": events.resolve_rune_choice,
}


class RuneAge(Ruleset):
    name = "runeage"
    state_format = 1
    min_seats = 1
    max_seats = 4
    turn_rule = "p. 7: only the active player acts in a turn; in a siege both players muster in turn"
    #: answers that disclose nothing beyond the actor's own public answer
    undo_safe_events = frozenset(
        {
            "purchase_started",
            "gold_played",
            "source_exhausted",
            "bought",
            "purchase_ended",
            "influence_started",
            "acquired",
            "influence_ended",
            "card_kept",
            "battle_started",
            "siege_started",
            "card_played",
            "passed",
            "ability_skipped",
            "rune_used",
        }
    )
    undo_echo_events: frozenset[str] = frozenset()

    def pack(self, options: Mapping[str, Any]) -> Pack:
        return pack_for(options)

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        return pack_for(options).hash

    def setup(self, state: GameState, ctx: Context) -> None:
        set_up(state, self.pack(state.options), ctx)
        from engine.runeage.turn import start_turn

        start_turn(state, self.pack(state.options), state.board.start, ctx)

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        found = LEGAL.get(prompt.kind)
        if found is None:
            raise InvalidAction(N_("unknown prompt kind '{kind}'", kind=prompt.kind))
        return found(state, self.pack(state.options), prompt)

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        handler = RESOLVE.get(prompt.kind)
        if handler is None:
            raise InvalidAction(N_("unknown prompt kind '{kind}'", kind=prompt.kind))
        pack = self.pack(state.options)
        handler(state, pack, prompt, action, ctx, self.legal(state, prompt))

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view_of(state, self.pack(state.options), seat)

    def teams(self, state: GameState) -> list[list[int]] | None:
        """Weltenbrand is co-operative (p. 16: all win or all lose together); the others are not."""
        return [list(state.seats)] if getattr(state.board, "scenario", None) == "weltenbrand" else None

    def load_position(self, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
        from engine.runeage.position import load

        load(state, self.pack(state.options), position, ctx)


RULESET = RuneAge()
