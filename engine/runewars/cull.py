"""Unit limits: 8 of a player's units per area, and the winter food limit (digest §0, §5.3, §6.4).

When a player has more units in an area than allowed, they choose which to eliminate
(allied neutrals count and may be chosen; heroes never count). Within a unit type the
routed units go first (ruling R15). During Strategy the standing units cut count first as units
that moved with the order, so the player keeps every figure that may still move (ruling R15).
"""

from __future__ import annotations

from itertools import product

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars.alliance import refresh_alliances
from engine.runewars.data import Pack
from engine.runewars.flow import prompt_kind, season_id, top
from engine.runewars.state import Area, RunewarsBoard

#: digest §0: at most 8 of a player's units in one area
AREA_UNIT_LIMIT = 8

RULES = {
    "limit": "digest §6.4 (p. 18): at most 8 units per area",
    "winter": "p. 11 (Winter): units per area up to the food value",
}


def open_culls(state: GameState, seat: int, area_ids: list[str], *, limit: int, why: str) -> None:
    """Open one prompt per area where ``seat`` exceeds ``limit``; several may be open at once."""
    board: RunewarsBoard = state.board
    for area_id in area_ids:
        area = board.areas[area_id]
        excess = area.force_of(seat) - limit
        if excess <= 0:
            continue
        pid = season_id(board, "cull", why, seat, area_id, seq=state.seq)
        prompt = Prompt(pid, seat, "eliminate_units", info={"area": area_id, "limit": limit, "excess": excess, "why": why})
        answers = list(unit_choices(area, seat, excess))
        if len(answers) == 1:  # one unit type: the units are public, so is the answer
            prompt = Prompt(
                pid, seat, "eliminate_units", info=prompt.info, forced=Action(seat, pid, "eliminate", {"units": answers[0]})
            )
        state.open([prompt])


def unit_choices(area: Area, seat: int, excess: int):
    """Every way to pick ``excess`` of the units ``seat`` leads in ``area``: unit -> count."""
    stacks = area.led_by(seat)
    for split in product(*(range(min(s.count, excess) + 1) for s in stacks)):
        if sum(split) == excess:
            yield {s.unit: n for s, n in zip(stacks, split) if n}


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    area = state.board.areas[prompt.info["area"]]
    return [
        Action(prompt.seat, prompt.id, "eliminate", {"units": c}) for c in unit_choices(area, prompt.seat, prompt.info["excess"])
    ]


@prompt_kind("eliminate_units", choices={"eliminate"}, legal=_legal)
def eliminate(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    chosen = action.args.get("units")
    if not isinstance(chosen, dict):
        raise InvalidAction(N_("eliminate needs 'units': {unit: count}"))
    area = state.board.areas[prompt.info["area"]]
    if chosen not in list(unit_choices(area, prompt.seat, prompt.info["excess"])):
        raise IllegalAction(
            N_("Eliminate exactly {excess} of the units you lead in {id}.", excess=prompt.info["excess"], id=area.id),
            rule=RULES[prompt.info["why"]],
            alternatives=_legal(state, pack, prompt)[:10],
        )
    standing_cut = eliminate_units(area, prompt.seat, chosen)
    frame = top(state)
    if hasattr(frame, "units_cut"):  # an order that counts the figures that moved (Strategy) follows the choice
        frame.units_cut(area.id, standing_cut)
    refresh_alliances(state, ctx)
    state.close(prompt.id)
    ctx.emit("units_eliminated", seat=prompt.seat, area=area.id, units=dict(chosen), why=prompt.info["why"])


def eliminate_units(area: Area, seat: int, units: dict[str, int]) -> dict[str, int]:
    """Remove units ``seat`` leads in ``area``, routed ones of a type first (ruling R15); returns the standing ones cut."""
    standing_cut = {}
    for stack in area.led_by(seat):
        n = units.get(stack.unit, 0)
        from_routed = min(n, stack.routed)
        stack.routed -= from_routed
        stack.standing -= n - from_routed
        if n - from_routed:
            standing_cut[stack.unit] = n - from_routed
    area.remove_empty_stacks()
    return standing_cut
