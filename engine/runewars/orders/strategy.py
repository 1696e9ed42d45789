"""Order 1, Strategy (pp. 14, 16, 33; digest §6.2).

Main effect: move any of your units, each one step, into adjacent friendly or empty
areas; nothing is activated, and units may not leave an area with your own activation
token. The player moves a group at a time and says when they are done. Heroes move the
same way, one step each, except that activation tokens do not hold them and routed ones
stay (p. 18; engine/runewars/heroes/moves.py). With the exploration tokens (p. 37) a face-up
Magic Portal counts as adjacent to every other: a group stepping from one to another pays
1 influence (ruling). Bonus: one tactics card per tactics icon at
and below the current field of all three dials.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.alliance import refresh_alliances
from engine.runewars.banners.board import terrain  # Banners of War: Cryomancy thaws water borders
from engine.runewars.control import controller
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, season_id, top
from engine.runewars.heroes import find, heroes_of
from engine.runewars.heroes.moves import (
    PORTAL,
    face_up_areas,
    held_in_dungeon,
    move_hero,
    portal_cost,
    portal_info,
    usable_portals,
)
from engine.runewars.heroes.moves import strategy_destinations as hero_destinations
from engine.runewars.movement import crossable, move_units, passable_for, strategy_destinations
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard

RULE = (
    "p. 16 (Bewegung von Einheiten mit dem Befehl Strategie) / digest §6.2: „in benachbarte leere oder eigene Gebiete "
    "ziehen (Gebiete, die weder neutrale noch feindliche Einheiten enthalten)“"
)
RULE_ONCE = (
    "p. 16 (Bewegung von Einheiten mit dem Befehl Strategie) / digest §6.2: „solange jede Figur ihre Bewegung in "
    "einem benachbarten Gebiet beendet“; p. 18 (Heldenbewegung): „Flüchtende Helden können sich nicht bewegen "
    "(ebenso wenig wie Einheiten).“"
)
RULE_LEAVE = (
    "p. 16 (Bewegung von Einheiten mit dem Befehl Strategie) / digest §6.4: „Figuren in einem aktivierten Gebiet "
    "können nicht dort herausbewegt werden“ (p. 17 Aktivierungsmarker)"
)
RULE_ADJACENT = (
    "p. 16 (Bewegung von Einheiten mit dem Befehl Strategie) / digest §6.2: „solange jede Figur ihre Bewegung in "
    "einem benachbarten Gebiet beendet“; p. 18: „Figuren dürfen nie über diese nicht vorhandenen Gebiete ziehen“"
)
RULE_BORDER = (
    "p. 18 (Bewegungsbeschränkungen) / digest §6.4: „Diese Grenzen sind für alle Figuren normalerweise unpassierbar“ "
    "(flying units ignore them, water is frozen in winter)"
)
RULE_ALONE = (
    "p. 19 (Verbündete Einheiten) / digest §6.5: allied neutrals move alone „solange sie ihre Bewegung in einem von "
    "dem Spieler kontrollierten Gebiet beenden“"
)
RULE_PORTAL = "p. 37 (Magisches Portal): 1 influence to treat a face-up portal as adjacent to every other one"


@order("strategy")
@register
@dataclass
class StrategyOrder:
    seat: int
    bonus: bool
    step: str = "move"
    #: area -> unit -> units that moved in with this order (each figure moves once)
    arrived: dict[str, dict[str, int]] = field(default_factory=dict)
    #: heroes that moved with this order
    heroes_moved: list[str] = field(default_factory=list)

    def units_cut(self, area: str, standing: dict[str, int]) -> None:
        """The 8-unit limit cut these standing units in ``area`` (the player chose which types): the cut count
        first against the units that moved in, since a unit that has not moved may do all a moved one may, and move."""
        for unit, n in standing.items():
            moved = self.arrived.get(area, {}).get(unit, 0)
            if moved:
                self.arrived[area][unit] = moved - min(n, moved)


@procedure(StrategyOrder)
def _advance(state: GameState, pack: Pack, frame: StrategyOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "move":
        pid = season_id(board, "strategy", frame.seat, seq=state.seq)
        state.open(
            [Prompt(pid, frame.seat, "strategy_move", info={"bonus": frame.bonus, **portal_info(state, pack, frame.seat)})]
        )
        return False
    if frame.bonus:
        dials = pack.faction(board.players[frame.seat].faction).dials
        icons = sum(dials[r].tactics_at(v) for r, v in board.players[frame.seat].dials.items())
        ctx.emit("order_bonus", seat=frame.seat, order="strategy", tactics=icons)
        cards.draw_tactics(board, frame.seat, icons, ctx)
    return True


def movable(state: GameState, frame: StrategyOrder) -> dict[tuple[str, str], int]:
    """(area, unit) -> standing units ``frame.seat`` leads there that have not moved yet."""
    board: RunewarsBoard = state.board
    out = {}
    for area_id, area in sorted(board.areas.items()):
        for stack in area.led_by(frame.seat):
            free = stack.standing - frame.arrived.get(area_id, {}).get(stack.unit, 0)
            if free > 0:
                out[(area_id, stack.unit)] = free
    return out


def destinations(state: GameState, pack: Pack, seat: int, origin: str, unit: str, portals: set[str] | None = None) -> list[str]:
    """Where the units may step; ``portals``: the Magic Portals they may use, by default those ``seat`` can pay for."""
    board: RunewarsBoard = state.board
    reachable = strategy_destinations(
        board,
        terrain(pack, board),
        seat,
        origin,
        pack.unit(unit),
        winter=board.season == "winter",
        portals=usable_portals(state, pack, seat) if portals is None else portals,
    )
    if pack.unit(unit).neutral:  # p. 19: allied neutrals may move alone only into an area their ally controls
        reachable = [a for a in reachable if controller(board, a) == seat]
    return reachable


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, StrategyOrder)
    moves = [
        Action(prompt.seat, prompt.id, "move", {"from": origin, "to": to, "unit": unit, "count": n})
        for (origin, unit), free in movable(state, frame).items()
        for to in destinations(state, pack, prompt.seat, origin, unit)
        for n in range(1, free + 1)
    ]
    return moves + _hero_moves(state, pack, prompt, frame) + [Action(prompt.seat, prompt.id, "done")]


def _hero_moves(state: GameState, pack: Pack, prompt: Prompt, frame: StrategyOrder) -> list[Action]:
    return [
        Action(prompt.seat, prompt.id, "move_hero", {"hero": hero.card, "to": to})
        for hero in heroes_of(state.board, prompt.seat)
        if hero.card not in frame.heroes_moved
        for to in hero_destinations(state, pack, hero)
    ]


@prompt_kind("strategy_move", choices={"move", "move_hero", "done"}, legal=_legal)
def strategy_move(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, StrategyOrder)
    state.close(prompt.id)
    if action.choice == "done":
        frame.step = "bonus"
        refresh_alliances(state, ctx)
        return
    if action.choice == "move_hero":
        if Action(action.seat, prompt.id, "move_hero", dict(action.args)) not in _hero_moves(state, pack, prompt, frame):
            named = find(state.board, action.args["hero"]) if isinstance(action.args.get("hero"), str) else None
            held = named is not None and held_in_dungeon(state.board, named)
            raise IllegalAction(
                N_("A hero that entered a Dungeon moves no further in this season.")
                if held
                else N_("A hero moves once, one step into an adjacent friendly or empty area, and not while routed."),
                rule="p. 37 (Verließ)" if held else "p. 18 (Heldenbewegung), p. 16",
                alternatives=_hero_moves(state, pack, prompt, frame)[:10],
            )
        hero = find(state.board, action.args["hero"])
        frame.heroes_moved.append(hero.card)
        move_hero(state, pack, hero, [action.args["to"]], ctx, why="strategy")
        return
    origin, to, unit, count = (action.args.get(k) for k in ("from", "to", "unit", "count"))
    if not (isinstance(origin, str) and isinstance(to, str) and isinstance(unit, str) and isinstance(count, int) and count > 0):
        raise InvalidAction(N_("move needs 'from', 'to', 'unit' and a positive 'count'"))
    free = movable(state, frame).get((origin, unit), 0)
    if count > free or to not in destinations(state, pack, action.seat, origin, unit):
        legal = _legal(state, pack, prompt)
        message, rule = _why_not(state, pack, frame, origin, to, unit, free)
        raise IllegalAction(message, rule=rule, alternatives=([a for a in legal if a.args.get("from") == origin] or legal)[:10])
    board: RunewarsBoard = state.board
    if not crossable(terrain(pack, board), origin, to, flying=pack.unit(unit).flying, winter=board.season == "winter"):
        board.players[action.seat].influence -= portal_cost(pack)
        ctx.emit("influence_spent", seat=action.seat, amount=portal_cost(pack), why="magic_portal")
    move_units(board, action.seat, origin, to, unit, count)
    frame.arrived.setdefault(to, {})[unit] = frame.arrived.get(to, {}).get(unit, 0) + count
    ctx.emit("units_moved", seat=action.seat, unit=unit, count=count, path=[origin, to])
    open_culls(state, action.seat, [to], limit=AREA_UNIT_LIMIT, why="limit")


def _why_not(state: GameState, pack: Pack, frame: StrategyOrder, origin: str, to: str, unit: str, free: int) -> tuple[str, str]:
    """The rule a refused Strategy move breaks, most specific first."""
    board: RunewarsBoard = state.board
    if (
        origin not in board.areas
        or unit not in pack.units
        or not any(s.unit == unit for s in board.areas[origin].led_by(frame.seat))
    ):
        return N_("You lead no {unit} in {origin}.", unit=unit, origin=origin), RULE_ONCE
    if frame.seat in board.areas[origin].activated_by:
        return N_("{origin} holds your activation token; your units cannot leave it.", origin=origin), RULE_LEAVE
    if not free:
        return (
            N_(
                "No standing {unit} in {origin} can still move: routed units and units that already moved with this order cannot.",
                unit=unit,
                origin=origin,
            ),
            RULE_ONCE,
        )
    if to not in destinations(state, pack, frame.seat, origin, unit):
        geometry_ = terrain(pack, board)
        portals = face_up_areas(board, PORTAL)
        if to in destinations(state, pack, frame.seat, origin, unit, portals=portals):
            return N_(
                "The Magic Portal from {origin} to {to} costs {cost} influence, more than you have.",
                origin=origin,
                to=to,
                cost=portal_cost(pack),
            ), RULE_PORTAL
        portal_step = origin in portals and to in portals
        if to not in geometry_.adjacency.get(origin, {}) and not portal_step:
            return N_(
                "{to} is not adjacent to {origin}: Strategy moves each figure one step.", to=to, origin=origin
            ), RULE_ADJACENT
        if not portal_step and not crossable(
            geometry_, origin, to, flying=pack.unit(unit).flying, winter=board.season == "winter"
        ):
            border = geometry_.adjacency[origin][to]
            return N_(
                "A {border} border between {origin} and {to} stops {unit}.", border=border, origin=origin, to=to, unit=unit
            ), RULE_BORDER
        if passable_for(board, frame.seat, to):
            return N_("Allied {unit} cannot move alone into {to}: you do not control it.", unit=unit, to=to), RULE_ALONE
        return N_(
            "{to} holds enemy or neutral units (or an enemy stronghold): Strategy enters only friendly or empty areas.", to=to
        ), RULE
    return (
        N_(
            "You have {free} standing {unit} in {origin} that can still move (routed units and units that already moved cannot).",
            free=free,
            unit=unit,
            origin=origin,
        ),
        RULE_ONCE,
    )
