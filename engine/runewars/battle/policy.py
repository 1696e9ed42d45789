"""Battle policies: which battle decisions a seat makes itself and which the engine makes for it.

A battle has many small decisions (digest §12 #9/#10). ``board.battle_policy[seat]`` maps a
decision to ``"auto"`` or ``"ask"``; missing entries are automatic:

- ``order``: which unit type of a row draws first (auto: data order);
- ``assign``: where routs, damage and other losses go among one's own units (auto: in the
  order the rules force, then the figure that costs least);
- ``defence``: whether to use a defence development (auto: when the defender would
  otherwise not win). The Reinforced Wall's +2 strength is never declined.

Choices of targets for special abilities, the stronghold choice after a capture and which
units leave an over-full area are always asked. A prompt with a single legal answer is
answered by the engine (``forced``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, Action, GameState, InvalidAction, Prompt
from engine.runewars.battle.frame import Battle
from engine.runewars.flow import season_id

DECISIONS = ("order", "assign", "defence")
PRESETS = {"automatic": {}, "manual": {d: "ask" for d in DECISIONS}}


def policy_from_spec(spec: str | Mapping[str, str]) -> dict[str, str]:
    """``"automatic"``, ``"manual"`` or a table {decision: "auto" | "ask"}."""
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise InvalidAction(
                N_(
                    "battle policy '{spec}': one of {PRESETS} or a table of {DECISIONS}",
                    spec=spec,
                    PRESETS=sorted(PRESETS),
                    DECISIONS=list(DECISIONS),
                )
            )
        return dict(PRESETS[spec])
    wrong = {k: v for k, v in spec.items() if k not in DECISIONS or v not in ("auto", "ask")}
    if wrong:
        raise InvalidAction(
            N_("battle policy: {wrong} (decisions {DECISIONS}, each 'auto' or 'ask')", wrong=wrong, DECISIONS=list(DECISIONS))
        )
    return dict(spec)


def asks(state: GameState, seat: int, decision: str) -> bool:
    return state.board.battle_policy.get(seat, {}).get(decision, "auto") == "ask"


def open_battle_prompt(
    state: GameState, frame: Battle, seat: int, kind: str, answers: list[tuple[str, dict[str, Any]]], info: dict[str, Any]
) -> None:
    """Open one battle prompt (forced when only one answer is legal) and count it."""
    board = state.board
    pid = season_id(board, "battle", frame.area, kind, seat, seq=state.seq)
    forced = Action(seat, pid, *answers[0]) if len(answers) == 1 else None
    frame.prompts_opened += 1
    frame.prompts_forced += forced is not None
    state.open([Prompt(pid, seat, kind, info={"area": frame.area, **info}, forced=forced)])


def as_actions(prompt: Prompt, answers: list[tuple[str, dict[str, Any]]]) -> list[Action]:
    return [Action(prompt.seat, prompt.id, choice, args) for choice, args in answers]
