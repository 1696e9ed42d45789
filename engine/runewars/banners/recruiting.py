"""New units recruited instead of base figures (Banners of War, „Neue Einheiten“; digest §5.1).

„Jede der neuen Einheiten kann anstatt einer Einheit aus dem Grundspiel rekrutiert werden“, chosen per figure: once the
Recruit order's resources are chosen, the player says for each base unit type with a replacement how many
of its figures come as the new unit. The rulebook's example: a Daqan player with 4 Wood recruits
„2 Bogenschützen oder 2 Zaubernovizen rekrutieren oder je einen von beiden Typen“ (tests/scenarios/runewars/bow_daqan_recruit.toml).
The figures then go through the base placement (the 8-unit limit, the figure limit of p. 31).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.banners import on
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.orders import recruit
from engine.runewars.orders.recruit import RecruitOrder

RULE = "Banners of War, Neue Einheiten: „anstatt einer Einheit aus dem Grundspiel rekrutiert … (wie auf der Verstärkungstafel angezeigt ist)“, figure by figure"


def replacement(pack: Pack, unit: str) -> str | None:
    """The new unit recruited instead of ``unit`` (its reinforcement sheet's „Rekrutierung“), if any."""
    return next((u for u, t in pack.units.items() if t.replaces == unit), None)


@register
@dataclass
class Substitution:
    """The Recruit order's base units still to be asked about, in id order."""

    seat: int
    pending: list[str] = field(default_factory=list)


def _after_choice(state: GameState, pack: Pack, frame: RecruitOrder, ctx: Context) -> None:
    if not on(state.options):
        return
    pending = sorted(u for u, n in frame.to_place.items() if n and replacement(pack, u))
    if pending:
        push(state, Substitution(frame.seat, pending))


recruit.AFTER_CHOICE.append(_after_choice)


@procedure(Substitution)
def _advance(state: GameState, pack: Pack, frame: Substitution, ctx: Context) -> bool:
    if not frame.pending:
        return True
    unit = frame.pending[0]
    order = top(state, RecruitOrder)
    count = order.to_place.get(unit, 0)
    pid = season_id(state.board, "recruit", frame.seat, "instead", unit)
    info = {"unit": unit, "instead": replacement(pack, unit), "count": count}
    state.open([Prompt(pid, frame.seat, "recruit_substitute", info=info)])
    return False


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "substitute", {"count": n}) for n in range(prompt.info["count"] + 1)]


@prompt_kind("recruit_substitute", choices={"substitute"}, legal=_legal)
def substitute(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    n = action.args.get("count")
    if not isinstance(n, int) or isinstance(n, bool):
        raise InvalidAction(N_("substitute needs 'count': how many figures come as the new unit"))
    unit, new, count = prompt.info["unit"], prompt.info["instead"], prompt.info["count"]
    if not 0 <= n <= count:
        raise IllegalAction(
            N_(
                "Between 0 and {count} of the {count} recruited {unit} may come as {new} instead.",
                count=count,
                unit=unit,
                new=new,
            ),
            rule=RULE,
            alternatives=_legal(state, pack, prompt),
        )
    frame = top(state, Substitution)
    order = top(state, RecruitOrder)
    frame.pending.pop(0)
    state.close(prompt.id)
    if n:
        order.to_place[unit] -= n
        if not order.to_place[unit]:
            del order.to_place[unit]
        order.to_place[new] = order.to_place.get(new, 0) + n
    ctx.emit("units_substituted", seat=prompt.seat, unit=unit, instead=new, count=n, of=count)
