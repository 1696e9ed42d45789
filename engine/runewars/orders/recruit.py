"""Order 5, Recruit (pp. 14, 35, p. 31 „Beschränkungen des Spielmaterials“; digest §6.1, §6.8, §10.8).

Main effect: choose one resource and receive the units on that dial's current field and
all fields below; place them in friendly areas with your stronghold, split as you like.
The dial is not lowered. Then the 8-unit limit: the owner eliminates the excess. Bonus: a
second, different resource, recruited the same way (the player names both at once; the
units are placed together, as in the example on p. 35).

Figures are limited (36 per faction, by type): when every figure of a type is on the
board, the player may take one of their units of that type from a friendly area and
recruit it (p. 31); units for which no figure can be found are not recruited.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.control import controlled_areas
from engine.runewars.cull import AREA_UNIT_LIMIT, eliminate_units, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, season_id, top
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard
from engine.runewars.supply import figures_left

RULE = "p. 35 (Rekrutierung)"
PLACE_RULE = "p. 35 (Rekrutierung): „in beliebige eigene Gebiete mit einer Festung“"
#: ``hook(state, pack, frame, ctx)`` run once the resources are chosen, before any unit is placed
AFTER_CHOICE: list = []
TAKE_RULE = "p. 31 (Beschränkungen des Spielmaterials): a unit from a friendly area only when all figures of its type are in play"


@order("recruit")
@register
@dataclass
class RecruitOrder:
    seat: int
    bonus: bool
    step: str = "choose"
    #: unit type -> units still to place; placed in id order, so a reloaded game goes the same way
    to_place: dict[str, int] = field(default_factory=dict)


@procedure(RecruitOrder)
def _advance(state: GameState, pack: Pack, frame: RecruitOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "choose":
        if not stronghold_areas(board, frame.seat):
            ctx.emit("recruit_not_possible", seat=frame.seat, reason="no friendly area with your stronghold")
            return True
        pid = season_id(board, "recruit", frame.seat)
        state.open(
            [
                Prompt(
                    pid, frame.seat, "recruit_resource", info={"bonus": frame.bonus, "units": dial_units(board, pack, frame.seat)}
                )
            ]
        )
        return False
    if frame.step == "place":
        while frame.to_place:
            unit = min(frame.to_place)  # by id: a saved game's dict comes back sorted (codec)
            if _open_place_prompt(state, pack, frame, unit, ctx):
                return False
        frame.step = "limit"
        open_culls(state, frame.seat, stronghold_areas(board, frame.seat), limit=AREA_UNIT_LIMIT, why="limit")
        return False
    return True


def stronghold_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """p. 35: friendly areas with the player's stronghold."""
    return [
        a
        for a in controlled_areas(board, seat)
        if board.areas[a].stronghold is not None and board.areas[a].stronghold.owner == seat
    ]


def dial_units(board: RunewarsBoard, pack: Pack, seat: int) -> dict[str, dict[str, int]]:
    """resource -> the units its dial grants now (current field and all below, p. 14)."""
    player = board.players[seat]
    dials = pack.faction(player.faction).dials
    return {r: dials[r].units_at(v) for r, v in player.dials.items()}


# -- choosing the resource(s) --------------------------------------------------------------


def _resource_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    resources = list(prompt.info["units"])
    answers = [Action(prompt.seat, prompt.id, "recruit", {"resource": r}) for r in resources]
    if prompt.info["bonus"]:
        answers += [
            Action(prompt.seat, prompt.id, "recruit", {"resource": r, "second": s})
            for r in resources
            for s in resources
            if s != r
        ]
    return answers


@prompt_kind("recruit_resource", choices={"recruit"}, legal=_resource_legal)
def choose_resource(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    resources = prompt.info["units"]
    chosen = [action.args.get("resource")] + ([action.args["second"]] if "second" in action.args else [])
    if not all(r in resources for r in chosen):
        raise InvalidAction(
            N_("recruit needs 'resource' (and with the bonus 'second'), each one of {resources}", resources=sorted(resources))
        )
    if len(chosen) == 2 and not prompt.info["bonus"]:
        raise IllegalAction(
            N_(
                "A second resource is the Recruit bonus, and this card does not earn it (it is not your highest order this year)."
            ),
            rule="p. 12 (Bonusfunktion); p. 35 (Rekrutierung)",
            alternatives=_resource_legal(state, pack, prompt),
        )
    if len(chosen) == 2 and chosen[0] == chosen[1]:
        raise IllegalAction(
            N_("The bonus recruits with a second, different resource."),
            rule=RULE + ": „wählt der Spieler einen anderen seiner Rohstoffe“",
            alternatives=_resource_legal(state, pack, prompt),
        )
    frame = top(state, RecruitOrder)
    for resource in chosen:
        for unit, n in resources[resource].items():
            frame.to_place[unit] = frame.to_place.get(unit, 0) + n
    frame.step = "place"
    state.close(prompt.id)
    ctx.emit("units_recruited", seat=prompt.seat, resources=chosen, units=dict(frame.to_place))
    for hook in AFTER_CHOICE:  # Banners of War: new units instead of base figures (engine.runewars.banners.recruiting)
        hook(state, pack, frame, ctx)


# -- placing the units ------------------------------------------------------------------------


def takeable(board: RunewarsBoard, seat: int, unit: str) -> dict[str, int]:
    """Friendly areas and how many of ``seat``'s ``unit`` could be taken from each to recruit again (p. 31)."""
    out = {}
    for area_id in controlled_areas(board, seat):
        stack = board.areas[area_id].stack(seat, unit)
        if stack is not None and stack.count:
            out[area_id] = stack.count
    return out


def splits(room: dict[str, int], count: int) -> Iterator[dict[str, int]]:
    """Every way to spread ``count`` over the areas of ``room``, at most ``room[a]`` in area ``a``."""
    areas = list(room)
    for split in product(*(range(min(room[a], count) + 1) for a in areas)):
        if sum(split) == count:
            yield {a: n for a, n in zip(areas, split) if n}


def placements(board: RunewarsBoard, pack: Pack, seat: int, unit: str, count: int) -> Iterator[dict[str, dict[str, int]]]:
    """Every legal placement of ``count`` recruited ``unit``: ``areas`` and, when figures run out, ``take``."""
    free = min(count, figures_left(board, pack, seat, unit))
    sites = dict.fromkeys(stronghold_areas(board, seat), count)
    sources = takeable(board, seat, unit) if free < count else {}
    for taken in range(min(count - free, sum(sources.values())) + 1):
        for take in splits(sources, taken):
            for areas in splits(sites, free + taken):
                yield {"areas": areas, "take": take} if take else {"areas": areas}


def _open_place_prompt(state: GameState, pack: Pack, frame: RecruitOrder, unit: str, ctx: Context) -> bool:
    """Ask where ``unit`` goes; False when there is nothing to decide (no figure left)."""
    board: RunewarsBoard = state.board
    count = frame.to_place[unit]
    answers = list(placements(board, pack, frame.seat, unit, count))
    if answers == [{"areas": {}}]:
        del frame.to_place[unit]
        ctx.emit("units_not_recruited", seat=frame.seat, unit=unit, count=count, reason="no figures left")
        return False
    pid = season_id(board, "recruit", frame.seat, "place", unit)
    info = {
        "unit": unit,
        "count": count,
        "figures_left": figures_left(board, pack, frame.seat, unit),
        "areas": stronghold_areas(board, frame.seat),
    }
    forced = Action(frame.seat, pid, "place", answers[0]) if len(answers) == 1 else None  # all of it is public
    state.open([Prompt(pid, frame.seat, "place_recruits", info=info, forced=forced)])
    return True


def _place_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    answers = placements(state.board, pack, prompt.seat, prompt.info["unit"], prompt.info["count"])
    return [Action(prompt.seat, prompt.id, "place", a) for a in answers]


@prompt_kind("place_recruits", choices={"place"}, legal=_place_legal)
def place(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    areas, take = action.args.get("areas"), action.args.get("take", {})
    if not all(isinstance(d, dict) and all(isinstance(n, int) and n > 0 for n in d.values()) for d in (areas, take)):
        raise InvalidAction(N_("place needs 'areas': {area: positive count} and optionally 'take': {area: positive count}"))
    unit, count = prompt.info["unit"], prompt.info["count"]
    wanted = {"areas": dict(areas), "take": dict(take)} if take else {"areas": dict(areas)}
    if wanted not in list(placements(board, pack, prompt.seat, unit, count)):
        raise IllegalAction(
            _why_not(board, pack, prompt.seat, unit, count, wanted),
            rule=TAKE_RULE if take else PLACE_RULE,
            alternatives=_place_legal(state, pack, prompt)[:10],
        )
    for area_id, n in take.items():
        eliminate_units(board.areas[area_id], prompt.seat, {unit: n})
    for area_id, n in areas.items():
        board.areas[area_id].add_units(prompt.seat, unit, n)
    frame = top(state, RecruitOrder)
    del frame.to_place[unit]
    state.close(prompt.id)
    if take:
        ctx.emit("units_taken_to_recruit", seat=prompt.seat, unit=unit, areas=dict(take))
    ctx.emit("units_placed", seat=prompt.seat, unit=unit, areas=dict(areas), why="recruit")
    missing = count - sum(areas.values())
    if missing:
        ctx.emit("units_not_recruited", seat=prompt.seat, unit=unit, count=missing, reason="no figures left")


def _why_not(board: RunewarsBoard, pack: Pack, seat: int, unit: str, count: int, wanted: dict) -> str:
    sites = stronghold_areas(board, seat)
    outside = [a for a in wanted["areas"] if a not in sites]
    if outside:
        return N_(
            "Recruited units go only into friendly areas with your stronghold ({sites}), not {outside}.",
            sites=sites,
            outside=outside,
        )
    left = figures_left(board, pack, seat, unit)
    if left >= count:
        return N_(
            "Place all {count} × {unit}; {left} figures are in your supply, so none may be taken from the board.",
            count=count,
            unit=unit,
            left=left,
        )
    return N_(
        "Only {left} {unit} figures are left: place them, plus at most {taken} taken from your units "
        "of that type in friendly areas (as many as you take).",
        left=left,
        unit=unit,
        taken=count - left,
    )
