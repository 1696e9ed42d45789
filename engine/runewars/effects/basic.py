"""The general effects: influence, cards, dials, units, neutral units and runes.

Each is ``{do = name, …}`` in a card's ``effects``. ``who`` (a seat selector, default the
card's player) names whom an effect concerns; "each" goes in player order (p. 31).
Choices are asked from the player concerned (engine.runewars.effects.common.ask).

Cards may place or move neutral units (p. 19 „BEWEGEN UND EINSETZEN NEUTRALER EINHEITEN
MITTELS TAKTIKKARTEN“): placed in or moved into an area a player controls, they are his
allies; moved into an empty or neutral area, they are nobody's. Cards that place a rune
without saying „nimm eine Drachenrune“ bring no false rune into play (p. 30).
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import cards
from engine.runewars.alliance import refresh_alliances
from engine.runewars.bids import Bid
from engine.runewars.control import controlled_areas, controller, is_empty, is_neutral
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.effects import applies_when, effect, running_card
from engine.runewars.effects.common import aimed_at, ask, chosen
from engine.runewars.effects.titles import ignores_season_loss
from engine.runewars.flow import push, top
from engine.runewars.map import geometry
from engine.runewars.movement import crossable, may_leave
from engine.runewars.orders.harvest import production, set_dials_to_production
from engine.runewars.orders.recruit import dial_units, stronghold_areas
from engine.runewars.orders.support import neutral_supply
from engine.runewars.runes import RuneGain, kind
from engine.runewars.state import Rune, RunewarsBoard
from engine.runewars.supply import figures_left
from engine.runewars.turn_order import Turn

PER = ("city", "stronghold", "area")


# -- influence, cards, dials ---------------------------------------------------------------


def _per_count(board: RunewarsBoard, seat: int, per: str | None) -> int:
    if per is None:
        return 1
    areas = controlled_areas(board, seat)
    if per == "city":
        return sum(1 for a in areas if board.areas[a].city)
    if per == "stronghold":
        return sum(1 for a in areas if board.areas[a].stronghold is not None and board.areas[a].stronghold.owner == seat)
    return len(areas)


@effect("gain_influence", amount="int", who="seat", per="|".join(PER))
def gain_influence(
    state: GameState, pack: Pack, ctx: Context, seat: int, amount: int, who: object = "self", per: str | None = None
) -> None:
    """``amount`` influence (per controlled city, stronghold or area when ``per`` says so)."""
    board: RunewarsBoard = state.board
    for target in aimed_at(state, pack, seat, who):
        gained = amount * _per_count(board, target, per)
        board.players[target].influence += gained
        ctx.emit("influence_gained", seat=target, amount=gained, why=running_card(state))


@effect("lose_influence", amount="int", who="seat")
def lose_influence(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int, who: object = "self") -> None:
    board: RunewarsBoard = state.board
    for target in aimed_at(state, pack, seat, who):
        lost = min(amount, board.players[target].influence)
        board.players[target].influence -= lost
        ctx.emit("influence_lost", seat=target, amount=lost, why=running_card(state))


@effect("steal_influence", amount="int", who="seat")
def steal_influence(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int, who: object = "active") -> None:
    """``who`` gives up to ``amount`` of his influence to the card's player."""
    board: RunewarsBoard = state.board
    for target in aimed_at(state, pack, seat, who):
        taken = min(amount, board.players[target].influence)
        board.players[target].influence -= taken
        board.players[seat].influence += taken
        ctx.emit("influence_taken", seat=seat, source=target, amount=taken, why=running_card(state))


@effect("draw_tactics", count="int", who="seat")
def draw_tactics(state: GameState, pack: Pack, ctx: Context, seat: int, count: int, who: object = "self") -> None:
    for target in aimed_at(state, pack, seat, who):
        cards.draw_tactics(state.board, target, count, ctx)


@effect("dial", resource="resource", amount="int", who="seat")
def turn_dial(state: GameState, pack: Pack, ctx: Context, seat: int, resource: str, amount: int, who: object = "self") -> None:
    """Turn a resource dial up (or down, ``amount`` < 0), within 0 and the dial's maximum."""
    board: RunewarsBoard = state.board
    for target in aimed_at(state, pack, seat, who):
        player = board.players[target]
        if amount < 0 and ignores_season_loss(state, pack, target):  # Banners of War: the Guildmaster of Merchants
            ctx.emit("loss_ignored", seat=target, resource=resource, amount=-amount, why=running_card(state))
            continue
        before = player.dials[resource]
        player.dials[resource] = max(0, min(before + amount, pack.faction(player.faction).dials[resource].max))
        ctx.emit("dials_set", seat=target, dials={resource: [before, player.dials[resource]]}, why=running_card(state))


@effect("harvest_dials", resource="resource", extra="int", who="seat")
def harvest_dials(
    state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "each", resource: str = "food", extra: int = 0
) -> None:
    """Dials set to the resources of one's own areas (as Harvest, p. 34), plus ``extra`` of ``resource`` (p. 13 example)."""
    for target in aimed_at(state, pack, seat, who):
        if ignores_season_loss(state, pack, target):  # Banners of War: the Guildmaster of Merchants (ruling R-BW11)
            _dials_to_production_without_losses(state, pack, ctx, target)
        else:
            set_dials_to_production(state.board, pack, target, ctx)
        if extra:
            turn_dial(state, pack, ctx, seat, resource, extra, who=target)


def _dials_to_production_without_losses(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """As :func:`set_dials_to_production`, but a dial that would go down stays („Ignoriere jegliche Rohstoffverluste, die
    durch die erste Funktion einer Jahreszeitenkarte verursacht werden“; digest §14 item 24)."""
    player = state.board.players[seat]
    maxima = pack.faction(player.faction).dials
    changes = {}
    for resource, total in production(state.board, pack, seat).items():
        before = player.dials[resource]
        after = min(total, maxima[resource].max)
        if after < before:
            ctx.emit("loss_ignored", seat=seat, resource=resource, amount=before - after, why=running_card(state))
            after = before
        player.dials[resource] = after
        changes[resource] = [before, after]
    ctx.emit("dials_set", seat=seat, dials=changes, why="harvest")


# -- bids and runes ------------------------------------------------------------------------


@effect("bid", prize="dragon_rune|none")
def bid(state: GameState, pack: Pack, ctx: Context, seat: int, prize: str = "none") -> None:
    """An influence bid (p. 31); the winner is ``bid_winner`` for the card's later effects."""
    push(state, Bid(why=running_card(state), prize=None if prize == "none" else prize))


@effect("take_dragon_rune", who="seat")
def take_dragon_rune(state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self") -> None:
    """„nimm eine Drachenrune“ (p. 30): up to 2 false runes off, 1 dragon and 1 false rune placed."""
    for target in reversed(aimed_at(state, pack, seat, who)):  # the stack runs the first in player order first
        push(state, RuneGain(target, why=running_card(state)))


def _rune_free(board: RunewarsBoard, seat: int, where: str) -> list[str]:
    wanted = {"controlled": (seat,), "uncontrolled": (None,), "friendly_or_uncontrolled": (seat, None)}[where]
    return [a for a, area in sorted(board.areas.items()) if area.rune is None and controller(board, a) in wanted]


@effect("place_dragon_rune", who="seat", where="controlled|uncontrolled|friendly_or_uncontrolled")
def place_dragon_rune(
    state: GameState, pack: Pack, ctx: Context, seat: int, who: object = "self", where: str = "controlled"
) -> None:
    """A dragon rune from the supply, face down, into an area without a rune; no false rune comes with it (p. 30)."""
    for target in reversed(aimed_at(state, pack, seat, who)):
        if state.board.rune_supply.get("dragon", 0) > 0:
            ask(
                state,
                target,
                "place_dragon_rune",
                {},
                [{"area": a} for a in _rune_free(state.board, target, where)],
                card=running_card(state),
            )


@chosen("place_dragon_rune")
def _place_dragon_rune(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board: RunewarsBoard = state.board
    board.rune_supply["dragon"] -= 1
    # the card says what the token is: everyone knows it (p. 30: only „nimm eine Drachenrune“ mixes in a false one)
    board.areas[answer["area"]].rune = Rune(
        dragon=True, known_to=list(range(len(board.players))), face_up=bool(state.options.get("epic"))
    )
    ctx.emit("dragon_rune_placed", seat=seat, area=answer["area"], false_rune=False, why=running_card(state))


@applies_when("place_dragon_rune")
def _dragon_rune_room(state: GameState, pack: Pack, seat: int, who: object = "self", where: str = "controlled") -> bool:
    return state.board.rune_supply.get("dragon", 0) > 0 and any(
        _rune_free(state.board, s, where) for s in aimed_at(state, pack, seat, who)
    )


def _face_down_runes(board: RunewarsBoard, seen: list[str]) -> list[str]:
    """Every face-down rune not yet looked at with this card, known or not: a public prompt's options say nothing of what a seat knows."""
    return [a for a, area in sorted(board.areas.items()) if area.rune and not area.rune.face_up and a not in seen]


@effect("peek_rune", count="int", who="seat")
def peek_rune(state: GameState, pack: Pack, ctx: Context, seat: int, count: int = 1, who: object = "self") -> None:
    """Look at the rune of ``count`` areas, one after another (only the player who looks learns it)."""
    for target in reversed(aimed_at(state, pack, seat, who)):
        ask(
            state,
            target,
            "peek_rune",
            {"left": count, "seen": []},
            [{"area": a} for a in _face_down_runes(state.board, [])],
            card=running_card(state),
        )


@chosen("peek_rune")
def _peek(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, left: int, seen: list[str]) -> None:
    rune = state.board.areas[answer["area"]].rune
    rune.known_to = sorted(set(rune.known_to) | {seat})
    rune.last_known.pop(seat, None)
    ctx.emit("rune_peeked", seat=seat, area=answer["area"], why=running_card(state))
    ctx.emit("rune_seen", to=seat, area=answer["area"], rune=kind(rune))
    seen = seen + [answer["area"]]
    if left > 1:  # another area, chosen knowing this one
        ask(
            state,
            seat,
            "peek_rune",
            {"left": left - 1, "seen": seen},
            [{"area": a} for a in _face_down_runes(state.board, seen)],
            card=running_card(state),
        )


@applies_when("peek_rune")
def _something_to_peek(state: GameState, pack: Pack, seat: int, count: int = 1, who: object = "self") -> bool:
    return bool(_face_down_runes(state.board, []))


# -- units ---------------------------------------------------------------------------------


@effect("place_neutrals", unit="unit", count="int", where="controlled|each_neutral", who="seat")
def place_neutrals(
    state: GameState, pack: Pack, ctx: Context, seat: int, unit: str, count: int, where: str = "controlled", who: object = "self"
) -> None:
    """Neutral units from the supply: into an area the player controls (his allies, p. 19), or
    ``count`` more into every area where unallied ``unit`` stand (as the supply lasts, in area order)."""
    board: RunewarsBoard = state.board
    if where == "controlled":
        for target in reversed(aimed_at(state, pack, seat, who)):
            options = [{"area": a} for a in controlled_areas(board, target) if a not in board.contested]
            ask(state, target, "place_neutrals", {"unit": unit, "count": count}, options, card=running_card(state))
        return
    placed = {}
    for area_id, area in sorted(board.areas.items()):
        n = min(count, neutral_supply(board, pack, unit))
        if n and is_neutral(board, area_id) and area_id not in board.contested and area.stack(None, unit) is not None:
            area.add_units(None, unit, n)
            placed[area_id] = n
    ctx.emit("units_placed", seat=None, ally=None, unit=unit, areas=placed, why=running_card(state))


@chosen("place_neutrals")
def _place_neutrals(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, unit: str, count: int) -> None:
    board: RunewarsBoard = state.board
    n = min(count, neutral_supply(board, pack, unit))
    if not n:
        return
    board.areas[answer["area"]].add_units(None, unit, n, ally=seat)
    ctx.emit("units_placed", seat=None, ally=seat, unit=unit, areas={answer["area"]: n}, why=running_card(state))
    open_culls(state, seat, [answer["area"]], limit=AREA_UNIT_LIMIT, why="limit")


@applies_when("place_neutrals")
def _neutrals_left(
    state: GameState, pack: Pack, seat: int, unit: str, count: int, where: str = "controlled", who: object = "self"
) -> bool:
    return neutral_supply(state.board, pack, unit) > 0


def _neutral_moves(state: GameState, pack: Pack, seat: int, count: int) -> list[dict]:
    """Unallied neutrals, or neutrals allied with ``seat``, of one area into an adjacent area
    that ``seat`` controls, that is empty, or that is neutral; borders stop them as usual."""
    board: RunewarsBoard = state.board
    geo = geometry(pack, board.placements)
    winter = board.season == "winter"
    options = []
    for origin, area in sorted(board.areas.items()):
        if origin in board.contested:
            continue
        for stack in area.stacks:
            if stack.owner is not None or stack.ally not in (None, seat) or not stack.standing:
                continue
            for to in sorted(geo.adjacency[origin]):
                if to in board.contested or not crossable(geo, origin, to, flying=pack.unit(stack.unit).flying, winter=winter):
                    continue
                if controller(board, to) == seat or is_empty(board, to) or is_neutral(board, to):
                    options += [
                        {"from": origin, "to": to, "unit": stack.unit, "count": n}
                        for n in range(1, min(count, stack.standing) + 1)
                    ]
    return options


@effect("move_neutrals", count="int")
def move_neutrals(state: GameState, pack: Pack, ctx: Context, seat: int, count: int) -> None:
    ask(state, seat, "move_neutrals", {}, _neutral_moves(state, pack, seat, count), optional=True, card=running_card(state))


@chosen("move_neutrals")
def _move_neutrals(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board: RunewarsBoard = state.board
    origin, to, unit, n = answer["from"], answer["to"], answer["unit"], answer["count"]
    source = next(
        s for s in board.areas[origin].stacks if s.owner is None and s.unit == unit and s.ally in (None, seat) and s.standing >= n
    )
    source.standing -= n
    board.areas[origin].remove_empty_stacks()
    ally = seat if controller(board, to) == seat else None
    board.areas[to].add_units(None, unit, n, ally=ally)
    ctx.emit("neutrals_moved", seat=seat, unit=unit, count=n, path=[origin, to], ally=ally, why=running_card(state))
    refresh_alliances(state, ctx)
    if ally is not None:
        open_culls(state, seat, [to], limit=AREA_UNIT_LIMIT, why="limit")


@applies_when("move_neutrals")
def _neutrals_to_move(state: GameState, pack: Pack, seat: int, count: int) -> bool:
    return bool(_neutral_moves(state, pack, seat, count))


def _pass_moves(state: GameState, pack: Pack, seat: int, count: int) -> list[dict]:
    """Own standing units of one area into an adjacent friendly or empty area, mountain and water borders ignored."""
    board: RunewarsBoard = state.board
    geo = geometry(pack, board.placements)
    options = []
    for origin, area in sorted(board.areas.items()):
        if origin in board.contested or not may_leave(board, seat, origin):
            continue
        for stack in area.stacks:
            if stack.owner != seat or not stack.standing:
                continue
            for to in sorted(geo.adjacency[origin]):
                if to not in board.contested and (controller(board, to) == seat or is_empty(board, to)):
                    options += [
                        {"from": origin, "to": to, "unit": stack.unit, "count": n}
                        for n in range(1, min(count, stack.standing) + 1)
                    ]
    return options


@effect("hidden_pass", count="int")
def hidden_pass(state: GameState, pack: Pack, ctx: Context, seat: int, count: int) -> None:
    """Versteckter Pass (p. 18: „erlauben es, bestimmte Beschränkungen zu ignorieren, wie auf der Karte angegeben“)."""
    ask(state, seat, "hidden_pass", {}, _pass_moves(state, pack, seat, count), optional=True, card=running_card(state))


@chosen("hidden_pass")
def _hidden_pass(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    board: RunewarsBoard = state.board
    origin, to, unit, n = answer["from"], answer["to"], answer["unit"], answer["count"]
    board.areas[origin].stack(seat, unit).standing -= n
    board.areas[origin].remove_empty_stacks()
    board.areas[to].add_units(seat, unit, n)
    ctx.emit("units_moved", seat=seat, unit=unit, count=n, path=[origin, to], why=running_card(state))
    refresh_alliances(state, ctx)
    open_culls(state, seat, [to], limit=AREA_UNIT_LIMIT, why="limit")


@applies_when("hidden_pass")
def _pass_open(state: GameState, pack: Pack, seat: int, count: int) -> bool:
    return bool(_pass_moves(state, pack, seat, count))


def _rally_areas(board: RunewarsBoard, seat: int) -> list[str]:
    return [a for a, area in sorted(board.areas.items()) if a not in board.contested and any(s.routed for s in area.led_by(seat))]


@effect("rally")
def rally(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """Every routed unit the player leads in one area stands up."""
    ask(state, seat, "rally", {}, [{"area": a} for a in _rally_areas(state.board, seat)], card=running_card(state))


@chosen("rally")
def _rally(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    stood = {}
    for stack in state.board.areas[answer["area"]].led_by(seat):
        if stack.routed:
            stood[stack.unit] = stack.routed
            stack.standing, stack.routed = stack.count, 0
    ctx.emit("units_stood_up", seat=seat, area=answer["area"], units=stood, why=running_card(state))


@applies_when("rally")
def _routed_somewhere(state: GameState, pack: Pack, seat: int) -> bool:
    return bool(_rally_areas(state.board, seat))


def _foes_near(state: GameState, pack: Pack, seat: int, max_health: int = 99) -> list[dict]:
    """Standing units of others (or neutrals) in areas next to an area where ``seat`` has units."""
    board: RunewarsBoard = state.board
    adjacency = geometry(pack, board.placements).adjacency
    mine = {a for a, area in board.areas.items() if area.units_of(seat)}
    near = sorted({b for a in mine for b in adjacency[a]} - set(board.contested))
    return [
        {"area": a, "owner": s.owner, "unit": s.unit}
        for a in near
        for s in board.areas[a].stacks
        if s.standing and s.owner != seat and not (s.owner is None and s.ally == seat) and pack.unit(s.unit).health <= max_health
    ]


@effect("rout_enemies", count="int")
def rout_enemies(state: GameState, pack: Pack, ctx: Context, seat: int, count: int) -> None:
    """Up to ``count`` standing units of one type and owner, next to the player's units, are routed."""
    ask(state, seat, "rout_enemies", {"count": count}, _foes_near(state, pack, seat), card=running_card(state))


@chosen("rout_enemies")
def _rout(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, count: int) -> None:
    stack = next(
        s
        for s in state.board.areas[answer["area"]].stacks
        if (s.owner, s.unit) == (answer["owner"], answer["unit"]) and s.standing
    )
    n = min(count, stack.standing)
    stack.standing -= n
    stack.routed += n
    ctx.emit("units_routed", seat=answer["owner"], area=answer["area"], units={answer["unit"]: n}, why=running_card(state))


@effect("destroy_units", count="int", max_health="int")
def destroy_units(state: GameState, pack: Pack, ctx: Context, seat: int, count: int, max_health: int = 1) -> None:
    """Up to ``count`` standing units of one type and owner (health at most ``max_health``) next to the player's units are eliminated."""
    ask(state, seat, "destroy_units", {"count": count}, _foes_near(state, pack, seat, max_health), card=running_card(state))


@chosen("destroy_units")
def _destroy(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, count: int) -> None:
    area = state.board.areas[answer["area"]]
    stack = next(s for s in area.stacks if (s.owner, s.unit) == (answer["owner"], answer["unit"]) and s.standing)
    n = min(count, stack.standing)
    stack.standing -= n
    area.remove_empty_stacks()
    ctx.emit("units_eliminated", seat=answer["owner"], area=answer["area"], units={answer["unit"]: n}, why=running_card(state))
    refresh_alliances(state, ctx)


@applies_when("rout_enemies")
def _foes_to_rout(state: GameState, pack: Pack, seat: int, count: int) -> bool:
    return bool(_foes_near(state, pack, seat))


@applies_when("destroy_units")
def _foes_to_destroy(state: GameState, pack: Pack, seat: int, count: int, max_health: int = 1) -> bool:
    return bool(_foes_near(state, pack, seat, max_health))


def _reinforcements(state: GameState, pack: Pack, seat: int) -> list[dict]:
    board: RunewarsBoard = state.board
    units = sorted({u for granted in dial_units(board, pack, seat).values() for u in granted})
    return [
        {"area": a, "unit": u}
        for a in stronghold_areas(board, seat)
        if a not in board.contested and board.areas[a].force_of(seat) < AREA_UNIT_LIMIT
        for u in units
        if figures_left(board, pack, seat, u) > 0
    ]


@effect("reinforce", count="int", who="seat")
def reinforce(state: GameState, pack: Pack, ctx: Context, seat: int, count: int = 1, who: object = "self") -> None:
    """``count`` times: one unit of a type the player's dials grant (at or below their fields, p. 14), into one of his strongholds."""
    for target in reversed(aimed_at(state, pack, seat, who)):
        ask(state, target, "reinforce", {"left": count}, _reinforcements(state, pack, target), card=running_card(state))


@chosen("reinforce")
def _reinforce(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict, left: int) -> None:
    state.board.areas[answer["area"]].add_units(seat, answer["unit"], 1)
    ctx.emit("units_placed", seat=seat, unit=answer["unit"], areas={answer["area"]: 1}, why=running_card(state))
    if left > 1:
        ask(state, seat, "reinforce", {"left": left - 1}, _reinforcements(state, pack, seat), card=running_card(state))


@applies_when("reinforce")
def _room_to_reinforce(state: GameState, pack: Pack, seat: int, count: int = 1, who: object = "self") -> bool:
    return bool(_reinforcements(state, pack, seat))


@effect("remove_activation")
def remove_activation(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """The player takes one of his activation tokens back from the board."""
    options = [{"area": a} for a, area in sorted(state.board.areas.items()) if seat in area.activated_by]
    ask(state, seat, "remove_activation", {}, options, card=running_card(state))


@chosen("remove_activation")
def _remove_activation(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    state.board.areas[answer["area"]].activated_by.remove(seat)
    ctx.emit("activation_removed", seat=seat, area=answer["area"], why=running_card(state))


@applies_when("remove_activation")
def _activated(state: GameState, pack: Pack, seat: int) -> bool:
    return any(seat in area.activated_by for area in state.board.areas.values())


@effect("repair_stronghold")
def repair_stronghold(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    options = [
        {"area": a}
        for a, area in sorted(state.board.areas.items())
        if area.stronghold is not None
        and area.stronghold.owner == seat
        and area.stronghold.damaged
        and a not in state.board.contested
    ]
    ask(state, seat, "repair_stronghold", {}, options, card=running_card(state))


@chosen("repair_stronghold")
def _repair(state: GameState, pack: Pack, ctx: Context, seat: int, answer: dict) -> None:
    state.board.areas[answer["area"]].stronghold.damaged = False
    ctx.emit("stronghold_repaired", seat=seat, area=answer["area"], why=running_card(state))


@applies_when("repair_stronghold")
def _damaged(state: GameState, pack: Pack, seat: int) -> bool:
    return any(
        a.stronghold is not None and a.stronghold.owner == seat and a.stronghold.damaged for a in state.board.areas.values()
    )


# -- the active player's turn --------------------------------------------------------------


@effect("cancel_bonus")
def cancel_bonus(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    """The order being resolved this turn gives no bonus."""
    turn = top(state, Turn)
    turn.bonus = False
    ctx.emit("bonus_lost", seat=turn.seat, why=running_card(state), by=seat)


@applies_when("cancel_bonus")
def _bonus_to_cancel(state: GameState, pack: Pack, seat: int) -> bool:
    turn = top(state, Turn)
    return turn is not None and turn.bonus and turn.seat != seat and turn.step == "before"
