"""Orders 2 and 3, Mobilize and Conquer (pp. 14, 17-18, 33; digest §6.3, §6.4).

Main effect of both: activate one area (the activation token goes there first; never an
area that already holds your own token), then march any of your standing units into it,
a group at a time, from up to 2 areas away (fast units 3). The way leads only through
areas that were friendly or empty when the area was activated, across no mountain border
(no water border outside winter; fliers cross both), and units never leave an area
holding their own activation token. Allied neutrals march like your units, but without
them only into an area you control (p. 19). Heroes do not march (ruling R2). The player
says when the march is done.

Then the target resolves (p. 17, p. 21):
- units that entered an enemy area (enemy units, an enemy stronghold, an enemy home realm)
  must fight: a battle starts, whatever the number of units (p. 18);
- units that entered unallied neutrals fight or negotiate (:mod:`engine.runewars.diplomacy`),
  fighting only without influence;
- otherwise they simply arrive, and the 8-unit limit applies.
From the first unit entering an enemy or neutral target until the battle or negotiation
takes over, the target is contested: neutrals do not ally with units that are about to
fight or negotiate with them (p. 19).

With the exploration tokens (p. 37) a group may march through face-up Magic Portals, each
counting as adjacent to every other: 1 influence for each portal jump of each group (ruling).

Mobilize's bonus resolves the main effect a second time, in a second area, but one card
starts at most one battle (p. 33). Conquer's bonus weakens the enemy stronghold by 3 in the
battle; the battle is told with ``conquer=True``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.alliance import refresh_alliances
from engine.runewars.banners.board import terrain  # Banners of War: Cryomancy thaws water borders
from engine.runewars.control import controller
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.diplomacy import battles_fought, begin_battle, start_diplomacy
from engine.runewars.flow import procedure, prompt_kind, season_id, top
from engine.runewars.heroes.moves import PORTAL, face_up_areas, portal_cost, portal_info
from engine.runewars.movement import march_routes, move_units, passable_areas
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard, Stack

RULE_ACTIVATE = (
    "p. 17 (Aktivierungsmarker): „Ein Gebiet mit eigenem Aktivierungsmarker kann der Spieler nicht erneut aktivieren.“"
)
RULE_LEAVE = "p. 17 (Aktivierungsmarker): „Kein Spieler darf seine Einheiten aus einem Gebiet heraus ziehen, in dem ein eigener Aktivierungsmarker liegt“"
RULE_PATH = "p. 17 / p. 18: „Einheiten dürfen eigene oder leere Gebiete durchqueren, aber nie feindliche oder neutrale.“"
RULE_BORDER = (
    "p. 18 (Bewegungsbeschränkungen) / digest §6.4: „Diese Grenzen sind für alle Figuren normalerweise unpassierbar“ "
    "(flying units ignore them, water is frozen in winter)"
)
RULE_RANGE = (
    "p. 17 (Bewegen von Einheiten mit den Befehlen Mobilisierung und Eroberung) / digest §6.3: „falls diese Einheiten "
    "nicht weiter als 2 Gebiete entfernt sind“; fast units „bis zu 3 Gebiete“"
)
RULE_ROUTED = (
    "p. 17 (Befehlsbeispiel Mobilisierung/Eroberung, 4.): „was aber nicht geht, da sie bereits geflüchtet ist“; "
    "p. 18: „Flüchtende Helden können sich nicht bewegen (ebenso wenig wie Einheiten).“"
)
RULE_ALONE = "p. 19 (Verbündete Einheiten): allied neutrals move without your units only into an area you control"
RULE_ONE_BATTLE = (
    "p. 33 (Mobilisierung): „nicht erlaubt, dass ein Spieler mit einer einzigen Mobilisierungskarte mehr als einen Kampf beginnt“"
)
RULE_PORTAL = "p. 37 (Magisches Portal): „kann 1 Einflussmarker ausgeben, um dieses Gebiet so zu behandeln, als sei es direkt benachbart zu allen anderen Gebieten mit einem offenen Magischen Portal“"
RULE_TARGET = (
    "p. 17 (Aktivierungsmarker) / digest §6.3: „muss er zuerst einen Aktivierungsmarker in das Gebiet legen, in "
    "welches seine Einheiten ziehen“"
)
RULE_NO_INFLUENCE = "p. 18 (Diplomatie): „Wer keine Einflussmarker besitzt, kann auch keine diplomatischen Verhandlungen führen.“"


@dataclass
class MarchOrder:
    """The frame both orders share; ``conquer`` says which card it is."""

    seat: int
    bonus: bool
    step: str = "target"
    #: areas activated with this card (Mobilize's bonus allows a second)
    activations: int = 0
    target: str | None = None
    #: what the target held when it was activated: "enemy", "neutrals" or "" (friendly or empty)
    facing: str = ""
    #: the areas the march may pass through, fixed when the target is activated
    passable: list[str] = field(default_factory=list)
    #: units that marched into the target in this activation
    arrived: int = 0

    conquer: ClassVar[bool] = False


@order("mobilize")
@register
@dataclass
class MobilizeOrder(MarchOrder):
    pass


@order("conquer")
@register
@dataclass
class ConquerOrder(MarchOrder):
    conquer: ClassVar[bool] = True


def _advance(state: GameState, pack: Pack, frame: MarchOrder, ctx: Context) -> bool:
    if frame.step == "target":
        if not _targets(state, pack, frame):
            ctx.emit("no_activation", seat=frame.seat)
            return True
        _open(state, frame, "march_target", {"activation": frame.activations + 1, "may_skip": frame.activations > 0})
    elif frame.step == "march":
        _open(state, frame, "march_move", {"area": frame.target, **portal_info(state, pack, frame.seat)})
    elif frame.step == "resolve":
        frame.step = "after"
        _resolve(state, pack, frame, ctx)
    elif frame.step == "battle":
        frame.step = "after"
        state.board.contested.remove(frame.target)  # the battle lays its own token
        begin_battle(state, pack, frame.target, frame.seat, conquer=frame.conquer and frame.bonus, ctx=ctx)
    elif frame.step == "diplomacy":
        frame.step = "after"
        start_diplomacy(state, frame.target, frame.seat, conquer=frame.conquer and frame.bonus)
    elif frame.step == "after":
        refresh_alliances(state, ctx)
        if frame.conquer or not frame.bonus or frame.activations > 1:
            return True
        frame.step = "target"  # p. 33: Mobilize's bonus, the main effect a second time
    else:  # "skipped"
        return True
    return False


procedure(MobilizeOrder)(_advance)
procedure(ConquerOrder)(_advance)


def _open(state: GameState, frame: MarchOrder, kind: str, info: dict, forced: tuple[str, dict] | None = None) -> None:
    board: RunewarsBoard = state.board
    pid = season_id(board, kind, frame.seat, seq=state.seq)
    state.open([Prompt(pid, frame.seat, kind, info=info, forced=None if forced is None else Action(frame.seat, pid, *forced))])


def _resolve(state: GameState, pack: Pack, frame: MarchOrder, ctx: Context) -> None:
    """What the units that marched in meet (p. 17): a battle, battle or diplomacy, or nothing."""
    if frame.arrived == 0:
        ctx.emit("no_units_marched", seat=frame.seat, area=frame.target)
    elif frame.facing == "enemy":
        frame.step = "battle"
    elif frame.facing == "neutrals":
        options = _encounter_options(state, frame)
        info = {"area": frame.target, "battle": "battle" in options, "diplomacy": "diplomacy" in options}
        _open(state, frame, "march_encounter", info, (options[0], {}) if len(options) == 1 else None)
    else:
        open_culls(state, frame.seat, [frame.target], limit=AREA_UNIT_LIMIT, why="limit")


# -- activating the target -------------------------------------------------------------


def facing(board: RunewarsBoard, seat: int, area_id: str) -> str:
    """ "enemy" (units another player leads, or another player controls it), "neutrals" (unallied), or ""."""
    area = board.areas[area_id]
    led_by_others = any(
        s.count and (s.owner not in (None, seat) or (s.owner is None and s.ally not in (None, seat))) for s in area.stacks
    )
    if led_by_others or controller(board, area_id) not in (None, seat):
        return "enemy"
    if any(s.count and s.owner is None and s.ally is None for s in area.stacks):
        return "neutrals"
    return ""


def _would_battle_again(state: GameState, seat: int, area_id: str) -> bool:
    """Mobilize's bonus may not move units into a second battle (p. 33): an enemy area, or neutrals without influence."""
    if not battles_fought(state):
        return False
    kind = facing(state.board, seat, area_id)
    return kind == "enemy" or (kind == "neutrals" and state.board.players[seat].influence == 0)


def _targets(state: GameState, pack: Pack, frame: MarchOrder) -> list[str]:
    board: RunewarsBoard = state.board
    return [
        a
        for a, area in sorted(board.areas.items())
        if frame.seat not in area.activated_by and not _would_battle_again(state, frame.seat, a)
    ]


def _target_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, MarchOrder)
    actions = [Action(prompt.seat, prompt.id, "activate", {"area": a}) for a in _targets(state, pack, frame)]
    return actions + ([Action(prompt.seat, prompt.id, "skip")] if prompt.info["may_skip"] else [])


@prompt_kind("march_target", choices={"activate", "skip"}, legal=_target_legal)
def choose_target(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, MarchOrder)
    if action.choice == "skip":
        if not prompt.info["may_skip"]:
            raise IllegalAction(
                N_("The order's main effect activates an area."),
                rule=RULE_TARGET,
                alternatives=_target_legal(state, pack, prompt)[:10],
            )
        frame.step = "skipped"
        state.close(prompt.id)
        return
    area_id = action.args.get("area")
    if not isinstance(area_id, str):
        raise InvalidAction(N_("activate needs 'area': an area id"))
    if area_id not in board.areas:
        raise IllegalAction(
            N_("There is no area {area_id} on the map.", area_id=area_id),
            rule=RULE_TARGET,
            alternatives=_target_legal(state, pack, prompt)[:10],
        )
    if action.seat in board.areas[area_id].activated_by:
        raise IllegalAction(
            N_("{area_id} already holds your activation token.", area_id=area_id),
            rule=RULE_ACTIVATE,
            alternatives=_target_legal(state, pack, prompt)[:10],
        )
    if _would_battle_again(state, action.seat, area_id):
        raise IllegalAction(
            N_("This Mobilize card already started a battle; moving into {area_id} would start a second one.", area_id=area_id),
            rule=RULE_ONE_BATTLE,
            alternatives=_target_legal(state, pack, prompt)[:10],
        )
    board.areas[area_id].activated_by.append(action.seat)
    frame.target, frame.facing = area_id, facing(board, action.seat, area_id)
    frame.passable, frame.arrived = passable_areas(board, action.seat), 0
    frame.activations += 1
    frame.step = "march"
    state.close(prompt.id)
    ctx.emit("area_activated", seat=action.seat, area=area_id, order="conquer" if frame.conquer else "mobilize")


# -- marching in -----------------------------------------------------------------------


def marchers(state: GameState, pack: Pack, frame: MarchOrder) -> dict[tuple[str, str], int]:
    """(area, unit) -> standing units ``frame.seat`` leads there that may march into the target now."""
    board: RunewarsBoard = state.board
    sources: dict[str, dict[str, int]] = {}
    out: dict[tuple[str, str], int] = {}
    for area_id, area in sorted(board.areas.items()):
        if area_id == frame.target:
            continue
        for stack in area.led_by(frame.seat):
            if stack.standing and _may_enter(board, frame, stack):
                if stack.unit not in sources:
                    sources[stack.unit] = _sources(state, pack, frame, stack.unit)
                if area_id in sources[stack.unit]:
                    out.setdefault((area_id, stack.unit), stack.standing)
    return out


def _sources(
    state: GameState,
    pack: Pack,
    frame: MarchOrder,
    unit: str,
    *,
    flying: bool = False,
    passable=None,
    max_jumps: int | None = None,
) -> dict[str, tuple[int, int]]:
    """area -> (portal jumps, steps) for ``unit`` marching into the target; by default as many jumps as the player can pay."""
    board: RunewarsBoard = state.board
    unit_type = replace(pack.unit(unit), flying=True) if flying else pack.unit(unit)
    portals = face_up_areas(board, PORTAL)
    if max_jumps is None:
        max_jumps = board.players[frame.seat].influence // portal_cost(pack)
    return march_routes(
        board,
        terrain(pack, board),
        frame.seat,
        frame.target,
        unit_type,
        winter=board.season == "winter",
        passable=frame.passable if passable is None else passable,
        portals=portals,
        max_jumps=max_jumps,
    )


def _may_enter(board: RunewarsBoard, frame: MarchOrder, stack: Stack) -> bool:
    """Own units always; allied neutrals only where their ally controls the target or has units (p. 19)."""
    return (
        stack.owner == frame.seat
        or board.areas[frame.target].units_of(frame.seat) > 0
        or controller(board, frame.target) == frame.seat
    )


def _move_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, MarchOrder)
    moves = [
        Action(prompt.seat, prompt.id, "move", {"from": origin, "unit": unit, "count": n})
        for (origin, unit), free in marchers(state, pack, frame).items()
        for n in range(1, free + 1)
    ]
    return moves + [Action(prompt.seat, prompt.id, "done")]


@prompt_kind("march_move", choices={"move", "done"}, legal=_move_legal)
def march_move(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, MarchOrder)
    if action.choice == "done":
        frame.step = "resolve"
        state.close(prompt.id)
        return
    origin, unit, count = (action.args.get(k) for k in ("from", "unit", "count"))
    if not (isinstance(origin, str) and isinstance(unit, str) and isinstance(count, int) and count > 0):
        raise InvalidAction(N_("move needs 'from', 'unit' and a positive 'count'"))
    free = marchers(state, pack, frame).get((origin, unit), 0)
    if count > free:
        message, rule = _why_not(state, pack, frame, origin, unit, free)
        legal = _move_legal(state, pack, prompt)
        raise IllegalAction(message, rule=rule, alternatives=([a for a in legal if a.args.get("from") == origin] or legal)[:10])
    board: RunewarsBoard = state.board
    paid = _sources(state, pack, frame, unit)[origin][0] * portal_cost(pack)
    if paid:
        board.players[action.seat].influence -= paid
        ctx.emit("influence_spent", seat=action.seat, amount=paid, why="magic_portal")
    move_units(board, action.seat, origin, frame.target, unit, count)
    frame.arrived += count
    if frame.facing and frame.target not in board.contested:  # p. 19: no alliance with whom you are about to fight or negotiate
        board.contested.append(frame.target)
    state.close(prompt.id)
    ctx.emit("units_moved", seat=action.seat, unit=unit, count=count, path=[origin, frame.target])


def _why_not(state: GameState, pack: Pack, frame: MarchOrder, origin: str, unit: str, free: int) -> tuple[str, str]:
    """The rule a refused march breaks, most specific first."""
    board: RunewarsBoard = state.board
    target = frame.target
    if free:
        return N_(
            "Only {free} standing {unit} in {origin} can march (routed units cannot move).", free=free, unit=unit, origin=origin
        ), RULE_ROUTED
    if unit not in pack.units or origin not in board.areas:
        return N_("There is no {unit} of yours in {origin}.", unit=unit, origin=origin), RULE_RANGE
    stack = next((s for s in board.areas[origin].led_by(frame.seat) if s.unit == unit), None)
    if stack is None:
        return N_("You lead no {unit} in {origin}.", unit=unit, origin=origin), RULE_RANGE
    if not stack.standing:
        return N_("The {unit} in {origin} are routed and cannot move.", unit=unit, origin=origin), RULE_ROUTED
    if origin == target:
        return N_("The {unit} already stand in {target}.", unit=unit, target=target), RULE_RANGE
    if frame.seat in board.areas[origin].activated_by:
        return N_("{origin} holds your activation token; your units cannot leave it.", origin=origin), RULE_LEAVE
    if not _may_enter(board, frame, stack):
        return N_(
            "Allied {unit} cannot march alone into {target}: you neither control it nor have units there yet.",
            unit=unit,
            target=target,
        ), RULE_ALONE
    through_portals = _sources(state, pack, frame, unit, max_jumps=len(board.areas))
    if origin in through_portals:
        price = through_portals[origin][0] * portal_cost(pack)
        return N_(
            "From {origin} only Magic Portals lead to {target}: {price} influence, more than you have.",
            origin=origin,
            target=target,
            price=price,
        ), RULE_PORTAL
    if origin in _sources(state, pack, frame, unit, flying=True):
        return N_(
            "A mountain or water border blocks the way from {origin} to {target}.", origin=origin, target=target
        ), RULE_BORDER
    if origin in _sources(state, pack, frame, unit, passable=board.areas):
        return N_(
            "Every way from {origin} to {target} leads through an enemy or neutral area.", origin=origin, target=target
        ), RULE_PATH
    reach = "3 (fast)" if pack.unit(unit).fast else "2"
    return N_(
        "{origin} is more than {reach} areas away from {target} along friendly or empty areas.",
        origin=origin,
        reach=reach,
        target=target,
    ), RULE_RANGE


# -- battle or diplomacy against unallied neutrals (p. 17, p. 18) --------------------------


def _encounter_options(state: GameState, frame: MarchOrder) -> list[str]:
    options = [] if battles_fought(state) else ["battle"]
    return options + (["diplomacy"] if state.board.players[frame.seat].influence > 0 else [])


def _encounter_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, c) for c in _encounter_options(state, top(state, MarchOrder))]


@prompt_kind("march_encounter", choices={"battle", "diplomacy"}, legal=_encounter_legal)
def encounter(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, MarchOrder)
    if action.choice not in _encounter_options(state, frame):
        rule = RULE_NO_INFLUENCE if action.choice == "diplomacy" else RULE_ONE_BATTLE
        raise IllegalAction(
            N_("You cannot choose {choice} here.", choice=action.choice),
            rule=rule,
            alternatives=_encounter_legal(state, pack, prompt),
        )
    frame.step = action.choice
    state.close(prompt.id)
