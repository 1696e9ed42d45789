"""Order 4, Harvest (pp. 14, 33-34, p. 31 „Beschränkungen des Spielmaterials“; digest §6.1, §6.7, §10.8).

Main effect: every dial is set to the total of that resource in all areas the player
controls (up or down, within the dial); a face-up Village (exploration tokens, p. 37) adds
1 of its resource to its area. Bonus: first collect from all the player's
developments on the board (Resources: +1 on the dial of one resource the area produces,
a choice when it produces several; Diplomacy: influence; Training Ground: tactics
cards), then the player may lower wood by 1 to place one development of their choice in
a friendly area with their stronghold and no development. With no tile of that kind
left, one may be moved from another of their areas (p. 31).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.banners.board import suppressed
from engine.runewars.banners.sunken_city import city_symbols
from engine.runewars.banners.variants import capital_areas, capital_developments, second_developments
from engine.runewars.control import controlled_areas, controller
from engine.runewars.data import Pack
from engine.runewars.data.model import RESOURCES
from engine.runewars.effects.titles import guildmasters, trigger_for
from engine.runewars.flow import procedure, prompt_kind, season_id, top
from engine.runewars.heroes.exploration import village_bonus
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard

#: ``hook(state, pack, seat, ctx)`` after the main effect set the dials (Banners of War, Development Cards:
#: engine.runewars.banners.development)
AFTER_HARVEST: list = []
#: ``(wants(state, seat) -> bool, run(state, pack, frame, ctx) -> bool)`` after the bonus's build; ``run`` returns True
#: when it opened a prompt (Banners of War, Development Cards: buying a card)
AFTER_BUILD: list = []

BUILD_RULE = "p. 33 (Ernte): lower wood by 1 for 1 development in a friendly area with your stronghold and no development"


@order("harvest")
@register
@dataclass
class HarvestOrder:
    seat: int
    bonus: bool
    step: str = "harvest"
    #: bonus: areas whose development is still to be collected, in area order
    to_collect: list[str] = field(default_factory=list)


@procedure(HarvestOrder)
def _advance(state: GameState, pack: Pack, frame: HarvestOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "harvest":
        set_dials_to_production(board, pack, frame.seat, ctx)
        for hook in AFTER_HARVEST:
            hook(state, pack, frame.seat, ctx)
        if frame.seat in guildmasters(board, pack):  # Banners of War: the Guildmaster's 2 resources (its effect asks which)
            frame.step = "bonus" if frame.bonus else "done"
            trigger_for(state, pack, ctx, "harvest", frame.seat)
            return False
        if not frame.bonus:
            return True
        frame.step = "bonus"
    if frame.step == "bonus":
        frame.step, frame.to_collect = "collect", own_developments(board, frame.seat)
        ctx.emit("order_bonus", seat=frame.seat, order="harvest", developments=list(frame.to_collect))
        frame.to_collect += [f"{a}/2" for a in second_developments(board, frame.seat)]  # Banners: a capital's second
    if frame.step == "collect":
        while frame.to_collect:
            if not _collect(state, pack, frame, ctx):
                return False  # a Resources development asks which dial
        frame.step = "build"
    if frame.step == "build":
        frame.step = "more" if any(wants(state, frame.seat) for wants, _ in AFTER_BUILD) else "done"
        if _open_build_prompt(state, pack, frame, ctx):
            return False
    if frame.step == "more":
        frame.step = "done"
        return not any(run(state, pack, frame, ctx) for _, run in AFTER_BUILD)
    return True


# -- main effect -----------------------------------------------------------------------


def area_production(board: RunewarsBoard, pack: Pack, area_id: str) -> dict[str, int]:
    """An area's resource icons (p. 33), plus a face-up Village's +1 (p. 37 „Das Gebiet produziert +1 Rohstoff“)."""
    totals = dict(pack.areas[area_id].resources())
    for resource, n in city_symbols(board, pack, area_id).items():  # Banners of War: the Sunken City's symbols
        totals[resource] += n
    if suppressed(board, area_id):  # Banners of War: Desolation / Cryomancy cancel the area's symbols, not a Village
        totals = dict.fromkeys(totals, 0)
    for resource, n in village_bonus(pack, board, area_id).items():
        totals[resource] += n
    return totals


def production(board: RunewarsBoard, pack: Pack, seat: int) -> dict[str, int]:
    """Each resource's production in all areas ``seat`` controls (p. 33)."""
    totals = dict.fromkeys(RESOURCES, 0)
    for area_id in controlled_areas(board, seat):
        for resource, n in area_production(board, pack, area_id).items():
            totals[resource] += n
    return totals


def set_dials_to_production(board: RunewarsBoard, pack: Pack, seat: int, ctx: Context) -> None:
    player = board.players[seat]
    dials = pack.faction(player.faction).dials
    changes = {}
    for resource, total in production(board, pack, seat).items():
        before, player.dials[resource] = player.dials[resource], min(total, dials[resource].max)
        changes[resource] = [before, player.dials[resource]]
    ctx.emit("dials_set", seat=seat, dials=changes, why="harvest")


# -- bonus: collecting from developments ---------------------------------------------------


def own_developments(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas holding a development of ``seat`` (it lies with their stronghold, p. 33)."""
    return [
        a
        for a, area in sorted(board.areas.items())
        if area.development is not None and area.stronghold is not None and area.stronghold.owner == seat
    ]


def _development(pack: Pack, development_id: str):
    return next(d for d in pack.developments if d.id == development_id)


def _collect(state: GameState, pack: Pack, frame: HarvestOrder, ctx: Context) -> bool:
    """Collect the next development; False when a prompt was opened for it."""
    board: RunewarsBoard = state.board
    area_id = frame.to_collect[0].partition("/")[0]
    development = _development(pack, development_at(board, frame.to_collect[0]))
    if development.timing != "harvest_bonus":  # defence developments act in battle
        frame.to_collect.pop(0)
    elif development.effect == "influence":
        frame.to_collect.pop(0)
        board.players[frame.seat].influence += development.amount
        ctx.emit("influence_gained", seat=frame.seat, amount=development.amount, why="development", area=area_id)
    elif development.effect == "tactics":
        frame.to_collect.pop(0)
        cards.draw_tactics(board, frame.seat, development.amount, ctx)
    elif development.effect == "dial_plus":
        options = produced_resources(board, pack, area_id)
        if len(options) > 1:
            pid = season_id(board, "harvest", frame.seat, "raise", area_id, seq=state.seq)
            state.open([Prompt(pid, frame.seat, "harvest_raise_dial", info={"area": area_id, "resources": options})])
            return False
        frame.to_collect.pop(0)
        if options:
            raise_dial(board, pack, frame.seat, options[0], development.amount, area_id, ctx)
    else:
        raise ValueError(f"development effect {development.effect!r} has no Harvest rule")
    return True


def development_at(board: RunewarsBoard, entry: str) -> str | None:
    """The development of a Harvest entry: ``area``, or ``area/2`` for a capital's second (Banners of War)."""
    area_id, _, second = entry.partition("/")
    return capital_developments(board).get(area_id) if second else board.areas[area_id].development


def produced_resources(board: RunewarsBoard, pack: Pack, area_id: str) -> list[str]:
    return [r for r, n in area_production(board, pack, area_id).items() if n > 0]


def raise_dial(board: RunewarsBoard, pack: Pack, seat: int, resource: str, amount: int, area_id: str, ctx: Context) -> None:
    player = board.players[seat]
    before = player.dials[resource]
    player.dials[resource] = min(before + amount, pack.faction(player.faction).dials[resource].max)
    ctx.emit("dials_set", seat=seat, dials={resource: [before, player.dials[resource]]}, why="development", area=area_id)


def _raise_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "raise", {"resource": r}) for r in prompt.info["resources"]]


@prompt_kind("harvest_raise_dial", choices={"raise"}, legal=_raise_legal)
def choose_dial(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    resource = action.args.get("resource")
    if resource not in prompt.info["resources"]:
        raise IllegalAction(
            N_(
                "The Resources development in {area} raises a resource that area produces: {resources}.",
                area=prompt.info["area"],
                resources=prompt.info["resources"],
            ),
            rule="p. 33 (Entwicklungen: Rohstoffe)",
            alternatives=_raise_legal(state, pack, prompt),
        )
    frame = top(state, HarvestOrder)
    development = _development(pack, development_at(state.board, frame.to_collect.pop(0)))
    raise_dial(state.board, pack, prompt.seat, resource, development.amount, prompt.info["area"], ctx)
    state.close(prompt.id)


# -- bonus: building a development ----------------------------------------------------------


def build_sites(board: RunewarsBoard, seat: int) -> list[str]:
    """Friendly areas with ``seat``'s stronghold and no development (p. 33: at most 1 per area); a capital holds two
    (Banners of War, Development Cards: „der zwei Entwicklungsmarker aufnehmen kann“)."""
    seconds = capital_developments(board)
    return [
        a
        for a in controlled_areas(board, seat)
        if board.areas[a].stronghold is not None
        and board.areas[a].stronghold.owner == seat
        and (board.areas[a].development is None or (a in capital_areas(board, seat) and a not in seconds))
    ]


def supply(board: RunewarsBoard, pack: Pack, development_id: str) -> int:
    """Tiles of a development not on the board (components are strictly limited, p. 31)."""
    on_board = sum(1 for area in board.areas.values() if area.development == development_id)
    on_board += sum(1 for d in capital_developments(board).values() if d == development_id)
    return _development(pack, development_id).count - on_board


def builds(board: RunewarsBoard, pack: Pack, seat: int) -> list[dict[str, str]]:
    """Every legal build: a development kind, a site, and where the tile comes from when none is left.

    p. 31: „Falls ein Spieler eine … Entwicklung bauen möchte und keine mehr hat, kann er eine
    … Entwicklung aus einem seiner Gebiete entfernen und sie woanders wieder einsetzen.“
    """
    sites = build_sites(board, seat)
    out = []
    for development in pack.developments_of(board.players[seat].faction):
        if supply(board, pack, development.id) > 0:
            out += [{"development": development.id, "area": a} for a in sites]
            continue
        sources = [
            a
            for a in own_developments(board, seat)
            if board.areas[a].development == development.id and controller(board, a) == seat
        ]
        out += [{"development": development.id, "area": a, "from": s} for s in sources for a in sites]
    return out


def _open_build_prompt(state: GameState, pack: Pack, frame: HarvestOrder, ctx: Context) -> bool:
    """Offer the build, or say why there is none (wood 0, no site, no tile); True when a prompt opened."""
    board: RunewarsBoard = state.board
    cost = int(pack.constant("development_cost_wood"))
    if board.players[frame.seat].dials["wood"] < cost:
        ctx.emit("development_not_possible", seat=frame.seat, reason="wood")
        return False
    options = builds(board, pack, frame.seat)
    if not options:
        ctx.emit(
            "development_not_possible", seat=frame.seat, reason="no_site" if not build_sites(board, frame.seat) else "no_tile"
        )
        return False
    pid = season_id(board, "harvest", frame.seat, "build")
    state.open([Prompt(pid, frame.seat, "harvest_build", info={"wood": cost, "sites": build_sites(board, frame.seat)})])
    return True


def _build_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    options = builds(state.board, pack, prompt.seat)
    return [Action(prompt.seat, prompt.id, "build", o) for o in options] + [Action(prompt.seat, prompt.id, "decline")]


@prompt_kind("harvest_build", choices={"build", "decline"}, legal=_build_legal)
def build(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if action.choice == "decline":
        state.close(prompt.id)
        ctx.emit("development_declined", seat=prompt.seat)
        return
    if not all(isinstance(action.args.get(k), str) for k in ("development", "area")):
        raise InvalidAction(N_("build needs 'development' (a tile id) and 'area'; 'from' only when moving a tile"))
    wanted = {k: v for k, v in action.args.items() if k in ("development", "area", "from")}
    if wanted not in builds(board, pack, prompt.seat):
        raise IllegalAction(
            _why_not(board, pack, prompt.seat, wanted),
            rule=BUILD_RULE + "; p. 31 (Beschränkungen des Spielmaterials)",
            alternatives=_build_legal(state, pack, prompt)[:10],
        )
    player = board.players[prompt.seat]
    if "from" in wanted:
        board.areas[wanted["from"]].development = None
    if board.areas[wanted["area"]].development is not None:  # Banners of War: a capital's second development
        board.capital_developments[wanted["area"]] = wanted["development"]
    else:
        board.areas[wanted["area"]].development = wanted["development"]
    before = player.dials["wood"]
    player.dials["wood"] -= int(pack.constant("development_cost_wood"))
    state.close(prompt.id)
    ctx.emit("dials_set", seat=prompt.seat, dials={"wood": [before, player.dials["wood"]]}, why="development_built")
    ctx.emit(
        "development_built",
        seat=prompt.seat,
        development=wanted["development"],
        area=wanted["area"],
        moved_from=wanted.get("from"),
    )


def _why_not(board: RunewarsBoard, pack: Pack, seat: int, wanted: dict[str, str]) -> str:
    faction = board.players[seat].faction
    if wanted["development"] not in {d.id for d in pack.developments_of(faction)}:
        return N_("'{development}' is not one of your development tiles.", development=wanted["development"])
    if wanted["area"] not in build_sites(board, seat):
        return N_("{area} is not a friendly area with your stronghold and no development.", area=wanted["area"])
    if supply(board, pack, wanted["development"]) > 0:
        return N_("A {development} tile is still in your supply: build it without 'from'.", development=wanted["development"])
    return N_(
        "No {development} tile is left: move one from another of your areas with 'from'.", development=wanted["development"]
    )
