"""The Lords of Ragnarok ruleset: the task driver over the rule areas' tasks and prompt kinds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, Ruleset
from engine.ragnarok import battle, effects, hunt, monsters, special, turn  # noqa: F401 - they register their tasks and kinds
from engine.ragnarok import setup as setup_mod
from engine.ragnarok.core import KINDS, TASKS, B
from engine.ragnarok.ending import check_instant
from engine.ragnarok.pack import check_pack, pack_for
from engine.ragnarok.views import view

#: a task chain longer than this without a prompt is a loop (a ruleset bug)
MAX_TASKS = 100_000


def run(state: GameState, ctx: Context) -> None:
    b = B(state)
    for _ in range(MAX_TASKS):
        if state.result is not None or check_instant(state, ctx):
            b.tasks = []
            return
        if state.prompts:
            return
        if not b.tasks:
            raise RuntimeError("ragnarok: no task and no prompt")
        t = b.tasks.pop()
        TASKS[t["t"]](state, ctx, t)
    raise RuntimeError("ragnarok: the task chain does not end")


class Ragnarok(Ruleset):
    name = "ragnarok"
    state_format = 1
    min_seats = 2
    max_seats = 4
    turn_rule = "digest 5, 12: a decision is answered by the player it awaits"
    #: public events that only report an answer everyone could see coming from public information
    undo_safe_events = frozenset(
        {
            "hero_moved",
            "drakkar_moved",
            "healed",
            "army_moved",
            "army_changed",
            "army_destroyed",
            "control_taken",
            "priest_sent",
            "attribute_raised",
            "rune_forged",
            "runes_spent",
            "rune_action",
            "special_chosen",
            "marker_covered",
            "alliance_bonus",
            "army_recruited",
            "hero_placed",
            "army_placed",
            "rune_gained",
            "rune_discarded",
            "injured",
            "battle_pass",
            "retreated",
            "monster_moved",
            "stomped",
            "stomp_spared",
            "area_attack",
            "realm_allied",
            "monster_controlled",
            "monster_released",
            "priest_gained",
            "temple_built",
            "artifact_gained",
            "none_left",
            "injury_ignored",
            "monster_activated",
            "boss_activated",
            "boss_moved",
            "turn_ended",
            "turn_started",
            "no_special_action",
            "blessing_drafted",
            "draft_leftover",
            "battle_begins",
            "wound_outside",
            "monster_defeated",
            "slayer_marker",
        }
    )
    undo_echo_events: frozenset[str] = frozenset()

    def pack(self, options: Mapping[str, Any]) -> Any:
        return pack_for(options)

    def pack_hash(self, options: Mapping[str, Any]) -> str:
        return pack_for(options).hash

    def setup(self, state: GameState, ctx: Context) -> None:
        setup_mod.setup(state, ctx)
        run(state, ctx)

    def load_position(self, state: GameState, position: Mapping[str, Any], ctx: Context) -> None:
        from engine.ragnarok.position import load_position

        load_position(state, position, ctx)

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        entry = KINDS.get(prompt.kind)
        return [] if entry is None else entry[0](state, prompt)

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        entry = KINDS.get(prompt.kind)
        if entry is None:
            raise InvalidAction(N_("unknown decision '{kind}'", kind=prompt.kind))
        legal_fn, resolve_fn, rule = entry
        legal = legal_fn(state, prompt)
        if action not in legal:
            if not any(a.choice == action.choice for a in legal):
                raise IllegalAction(N_("That is not an answer to this decision now."), rule=rule, alternatives=legal)
            raise IllegalAction(
                N_("That choice is not allowed here."),
                rule=rule,
                alternatives=[a for a in legal if a.choice == action.choice] or legal,
            )
        state.close(prompt.id)
        resolve_fn(state, prompt, action, ctx)
        run(state, ctx)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)


RULESET = Ragnarok()

__all__ = ["RULESET", "check_pack"]
