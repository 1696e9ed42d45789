"""Order 6, Support (p. 36 „Unterstützung“, p. 31; digest §6.9, §10.3, §10.8).

Main effect: for each controlled area with a city, the player chooses one benefit of its
city token: its neutral units, placed in that area and allied with the player (only as
many as the supply holds: figures are strictly limited), its tactics cards, its
influence, or its quest cards (then discard down to 3). Benefits that cannot be had are
not offered: units with none left in the supply, cards from an exhausted deck, quest
cards while the game has no quest deck.

Bonus: spend 1 to 3 influence to draw that many hero cards, keep one and place its
figure in a friendly area with your stronghold (engine/runewars/heroes/recruit.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.banners.board import suppressed
from engine.runewars.control import controlled_areas
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import QUEST_DECK
from engine.runewars.heroes.recruit import HeroRecruitment, can_recruit
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard

RULE = "p. 36 (Unterstützung): one benefit of the city token per controlled city"


@order("support")
@register
@dataclass
class SupportOrder:
    seat: int
    bonus: bool
    step: str = "start"
    #: controlled city areas whose benefit is still to be chosen, in area order
    cities: list[str] = field(default_factory=list)


@procedure(SupportOrder)
def _advance(state: GameState, pack: Pack, frame: SupportOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "start":
        frame.step, frame.cities = (
            "cities",
            [a for a in controlled_areas(board, frame.seat) if board.areas[a].city and not suppressed(board, a)],
        )
    if frame.step == "cities":
        if frame.cities:
            _open_city_prompt(state, pack, frame)
            return False
        frame.step = "heroes"
    if frame.step == "heroes" and frame.bonus:
        frame.step = "done"
        return recruit_hero(state, pack, frame, ctx)
    return True


# -- main effect: the cities -----------------------------------------------------------------


def neutral_supply(board: RunewarsBoard, pack: Pack, unit: str) -> int:
    """Neutral figures of ``unit`` not on the board (p. 36: none left, none placed)."""
    return pack.unit(unit).figures - sum(
        s.count for a in board.areas.values() for s in a.stacks if s.owner is None and s.unit == unit
    )


def benefits(board: RunewarsBoard, pack: Pack, area_id: str) -> dict[str, int]:
    """The benefits the city in ``area_id`` can give now: benefit -> how many."""
    token = next(c for c in pack.city_tokens if c.id == board.areas[area_id].city)
    out = {}
    units = min(token.neutral_count, neutral_supply(board, pack, token.neutral_unit))
    if units:
        out["units"] = units
    if token.tactics and cards.can_draw(board, "tactics"):
        out["tactics"] = token.tactics
    if token.influence:
        out["influence"] = token.influence
    if token.quests and cards.can_draw(board, QUEST_DECK):
        out["quests"] = token.quests
    return out


def _open_city_prompt(state: GameState, pack: Pack, frame: SupportOrder) -> None:
    board: RunewarsBoard = state.board
    area_id = frame.cities[0]
    options = benefits(board, pack, area_id)
    pid = season_id(board, "support", frame.seat, area_id)
    info = {"area": area_id, "city": board.areas[area_id].city, "benefits": options}
    forced = (
        Action(frame.seat, pid, "benefit", {"benefit": next(iter(options))}) if len(options) == 1 else None
    )  # supplies and decks are public
    state.open([Prompt(pid, frame.seat, "support_city", info=info, forced=forced)])


def _city_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "benefit", {"benefit": b}) for b in prompt.info["benefits"]]


@prompt_kind("support_city", choices={"benefit"}, legal=_city_legal)
def choose_benefit(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    benefit, options, area_id = action.args.get("benefit"), prompt.info["benefits"], prompt.info["area"]
    if benefit not in ("units", "tactics", "influence", "quests"):
        raise InvalidAction(N_("benefit is one of units, tactics, influence, quests"))
    if benefit not in options:
        raise IllegalAction(
            {
                "units": N_("No neutral units of this city's type are left in the supply."),
                "tactics": N_("The tactics deck and its discards are empty."),
                "quests": N_("This game has no quest cards to draw."),
            }.get(benefit, N_("This city gives no such benefit.")),
            rule=RULE,
            alternatives=_city_legal(state, pack, prompt),
        )
    top(state, SupportOrder).cities.remove(area_id)
    state.close(prompt.id)
    seat, amount = prompt.seat, options[benefit]
    ctx.emit("support_chosen", seat=seat, area=area_id, city=prompt.info["city"], benefit=benefit, amount=amount)
    if benefit == "units":
        unit = next(c for c in pack.city_tokens if c.id == prompt.info["city"]).neutral_unit
        place_allied_neutrals(board, area_id, seat, unit, amount)
        ctx.emit("units_placed", seat=None, ally=seat, unit=unit, areas={area_id: amount}, why="support")
        open_culls(state, seat, [area_id], limit=AREA_UNIT_LIMIT, why="limit")
    elif benefit == "tactics":
        cards.draw_tactics(board, seat, amount, ctx)
    elif benefit == "influence":
        board.players[seat].influence += amount
        ctx.emit("influence_gained", seat=seat, amount=amount, why="support", area=area_id)
    else:
        _draw_quests(state, pack, seat, amount, ctx)


def place_allied_neutrals(board: RunewarsBoard, area_id: str, seat: int, unit: str, count: int) -> None:
    """p. 36: „Weil der Spieler das Gebiet kontrolliert, sind diese Einheiten automatisch mit ihm verbündet.“"""
    board.areas[area_id].add_units(None, unit, count, ally=seat)


def _draw_quests(state: GameState, pack: Pack, seat: int, count: int, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    player = board.players[seat]
    drawn = cards.draw(board, QUEST_DECK, count, ctx.rng)
    player.quests += drawn
    ctx.emit("quests_drawn", seat=seat, count=len(drawn))
    ctx.emit("your_quests_drawn", to=seat, cards=drawn)
    excess = len(player.quests) - int(pack.constant("quest_hand_limit"))
    if excess > 0:
        pid = season_id(board, "support", seat, "quest_discard", seq=state.seq)
        state.open([Prompt(pid, seat, "support_quest_discard", secret=True, info={"count": excess})])


def _discard_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    hand = state.board.players[prompt.seat].quests
    return [Action(prompt.seat, prompt.id, "discard", {"cards": list(c)}) for c in combinations(hand, prompt.info["count"])]


@prompt_kind("support_quest_discard", choices={"discard"}, legal=_discard_legal)
def discard_quests(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    player = state.board.players[prompt.seat]
    chosen = action.args.get("cards")
    if not isinstance(chosen, list):
        raise InvalidAction(N_("discard needs 'cards': a list of quest cards"))
    if len(chosen) != prompt.info["count"] or len(set(chosen)) != len(chosen) or not set(chosen) <= set(player.quests):
        raise IllegalAction(
            N_("Discard exactly {count} different quest cards from your hand (at most 3 stay).", count=prompt.info["count"]),
            rule="p. 36 (Unterstützung: Questkarten); p. 40",
            alternatives=_discard_legal(state, pack, prompt)[:10],
        )
    for card in chosen:
        player.quests.remove(card)
    state.board.decks[QUEST_DECK].discard += chosen
    state.close(prompt.id)
    ctx.emit("quests_discarded", seat=prompt.seat, count=len(chosen))
    ctx.emit("your_quests_discarded", to=prompt.seat, cards=list(chosen))


# -- bonus: a new hero -----------------------------------------------------------------------------


#: ``offer(state, pack, seat, ctx) -> bool``: another use of the bonus, True when it took over (a frame or a prompt)
BONUS_ALTERNATIVES: list = []


def recruit_hero(state: GameState, pack: Pack, frame: SupportOrder, ctx: Context) -> bool:
    """The Support bonus (p. 36): spend 1-3 influence, draw that many hero cards, keep 1, place its figure.

    Nothing to do without influence, without hero cards left, or without a stronghold in an
    area the player controls (where the figure would go; ruling R-H1).
    """
    if any(offer(state, pack, frame.seat, ctx) for offer in BONUS_ALTERNATIVES):
        return False  # Banners of War, Commanders: commander cards instead (engine.runewars.banners.commanders)
    if not can_recruit(state, pack, frame.seat):
        ctx.emit("order_bonus", seat=frame.seat, order="support", heroes=0, reason="cannot recruit")
        return True
    push(state, HeroRecruitment(frame.seat))
    return False
