"""The Garrison order card (Banners of War, „Garnisonsbefehlskarte“; digest §5.4).

- Number 0 (ruling R-BW3, public preview material): it resolves before every other order card,
  ties by the base tie-break (most influence, then most starting influence), and since the bonus
  needs the highest number played this year (p. 12), its bonus works only as the year's first card,
  i.e. in spring.
- Main function: „Wenn du in dieser Jahreszeit im Kampf der Verteidiger bist, erhältst du +2 Stärke.“
  A lasting ``defending_strength`` modifier for the season, counted in every battle its player defends.
- Bonus function: „Rekrutiere 2 ▲ Einheiten“ — 2 units of his own faction with a triangle base, placed
  „zu einer beliebigen von ihm kontrollierte Festung“ (one stronghold, ruling R-BW5); then the
  8-unit limit as for every recruit.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.effects.lasting import Lasting, add
from engine.runewars.flow import procedure, prompt_kind, season_id
from engine.runewars.orders import order
from engine.runewars.orders.recruit import stronghold_areas
from engine.runewars.state import RunewarsBoard
from engine.runewars.supply import figures_left

RULE = "Banners of War, Garnisonsbefehlskarte: „2 Einheiten seiner Fraktion mit Dreieckssockel …, die er zu einer beliebigen von ihm kontrollierte Festung setzen kann“"
MODIFIER = "defending_strength"


@order("garrison")
@register
@dataclass
class GarrisonOrder:
    seat: int
    bonus: bool
    step: str = "main"


def triangle_types(board: RunewarsBoard, pack: Pack, seat: int) -> list[str]:
    faction = board.players[seat].faction
    return [
        u
        for u, t in pack.units.items()
        if t.faction == faction and t.shape == "triangle" and figures_left(board, pack, seat, u) > 0
    ]


def bonus_answers(board: RunewarsBoard, pack: Pack, seat: int) -> list[dict]:
    """Every (stronghold, 2 triangle units) the supply allows; fewer units only when fewer figures are left."""
    types = triangle_types(board, pack, seat)
    count = int(pack.constant("garrison_units"))
    left = {u: figures_left(board, pack, seat, u) for u in types}
    total = min(count, sum(left.values()))
    combos = []
    for combo in combinations_with_replacement(types, total):
        units = {u: combo.count(u) for u in dict.fromkeys(combo)}
        if all(n <= left[u] for u, n in units.items()):
            combos.append(units)
    return [{"area": a, "units": units} for a in stronghold_areas(board, seat) for units in combos if units]


@procedure(GarrisonOrder)
def _advance(state: GameState, pack: Pack, frame: GarrisonOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "main":
        amount = int(pack.constant("garrison_defence"))
        add(state, Lasting("garrison", MODIFIER, "season", frame.seat, amount), ctx)
        ctx.emit("garrison_played", seat=frame.seat, strength=amount)
        frame.step = "bonus" if frame.bonus else "done"
    if frame.step == "bonus":
        frame.step = "done"
        answers = bonus_answers(board, pack, frame.seat)
        if not answers:
            ctx.emit("recruit_not_possible", seat=frame.seat, reason="no stronghold or no triangle figures left")
            return True
        ctx.emit("order_bonus", seat=frame.seat, order="garrison")
        pid = season_id(board, "garrison", frame.seat)
        forced = Action(frame.seat, pid, "place", answers[0]) if len(answers) == 1 else None
        info = {"areas": stronghold_areas(board, frame.seat), "units": triangle_types(board, pack, frame.seat), "count": 2}
        state.open([Prompt(pid, frame.seat, "garrison_recruit", info=info, forced=forced)])
        return False
    return True


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "place", a) for a in bonus_answers(state.board, pack, prompt.seat)]


@prompt_kind("garrison_recruit", choices={"place"}, legal=_legal)
def place(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    area, units = action.args.get("area"), action.args.get("units")
    if not isinstance(area, str) or not isinstance(units, dict):
        raise InvalidAction(N_("place needs 'area': one of your stronghold areas and 'units': {triangle unit type: count}"))
    wanted = {"area": area, "units": dict(units)}
    if wanted not in bonus_answers(board, pack, prompt.seat):
        raise IllegalAction(
            N_("The Garrison bonus places 2 units of your faction with a triangle base together at one stronghold you control."),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    for unit, n in units.items():
        board.areas[area].add_units(prompt.seat, unit, n)
    state.close(prompt.id)
    ctx.emit("garrison_recruited", seat=prompt.seat, area=area, units=dict(units))
    for unit, n in sorted(units.items()):
        ctx.emit("units_placed", seat=prompt.seat, unit=unit, areas={area: n}, why="garrison")
    open_culls(state, prompt.seat, [area], limit=AREA_UNIT_LIMIT, why="limit")
