"""Recruiting heroes (p. 25 „Helden anwerben“, p. 36 Support bonus) and disloyal heroes (p. 28).

The Support bonus: spend 1 to 3 influence, draw that many hero cards in secret, keep one
and shuffle the others back; the kept card lies face up, its figure goes into a friendly
area with one of the player's strongholds. A player never has more than 3 heroes: with a
fourth he chooses one of the others, who becomes disloyal, even if it normally could not
(p. 25). Disloyal heroes leave the board, their card goes back into the hero deck and
their rewards face up onto the reward discard pile (p. 28).

Season and tactics cards make heroes disloyal with the effect ``heroes_disloyal``
(engine/runewars/effects/hero_cards.py), through :func:`engine.runewars.heroes.make_disloyal`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.banners.variants import is_commander
from engine.runewars.control import controller
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import HERO_DECK, find, heroes_of, make_disloyal, public_hero
from engine.runewars.state import Hero, RunewarsBoard
from engine.runewars.supply import own_strongholds

RULE = "p. 36 (Unterstützung, Bonus): spend up to 3 influence, draw that many hero cards, keep 1"


def recruit_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """„in ein eigenes Gebiet mit Festung“ (p. 36): the player's strongholds in areas he controls."""
    return [a for a in own_strongholds(board, seat) if controller(board, a) == seat]


@register
@dataclass
class HeroRecruitment:
    seat: int
    step: str = "spend"
    drawn: list[str] = field(default_factory=list)
    kept: str = ""


def can_recruit(state: GameState, pack: Pack, seat: int) -> bool:
    board: RunewarsBoard = state.board
    return board.players[seat].influence > 0 and cards.can_draw(board, HERO_DECK) and bool(recruit_areas(board, seat))


@procedure(HeroRecruitment)
def _advance(state: GameState, pack: Pack, frame: HeroRecruitment, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    pid = season_id(board, "recruit", frame.seat, frame.step)
    if frame.step == "spend":
        state.open([Prompt(pid, frame.seat, "recruit_heroes", info={"most": _most(state, pack, frame.seat)})])
    elif frame.step == "limit":
        frame.step = "place"
        others = [h for h in heroes_of(board, frame.seat) if not is_commander(board, h.card)]  # Banners: outside the limit
        if len(others) >= int(pack.constant("hero_limit")):
            push(state, Disloyalty(frame.seat, [h.card for h in others], why="hero_limit"))
    elif frame.step == "place":
        areas = recruit_areas(board, frame.seat)
        forced = Action(frame.seat, pid, "place", {"area": areas[0]}) if len(areas) == 1 else None
        state.open([Prompt(pid, frame.seat, "place_hero", info={"hero": frame.kept, "areas": areas}, forced=forced)])
    else:
        return True
    return False


def _most(state: GameState, pack: Pack, seat: int) -> int:
    board: RunewarsBoard = state.board
    return min(
        int(pack.constant("hero_recruit_influence_max")), board.players[seat].influence, cards.cards_left(board, HERO_DECK)
    )


def _spend_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    spend = [Action(prompt.seat, prompt.id, "spend", {"amount": n}) for n in range(1, prompt.info["most"] + 1)]
    return spend + [Action(prompt.seat, prompt.id, "decline")]


@prompt_kind("recruit_heroes", choices={"spend", "decline"}, legal=_spend_legal)
def spend(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, HeroRecruitment)
    if action.choice == "decline":
        state.close(prompt.id)
        frame.step = "done"
        ctx.emit("order_bonus", seat=frame.seat, order="support", heroes=0, reason="declined")
        return
    amount = action.args.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise InvalidAction(N_("spend needs 'amount': 1 to 3 influence"))
    if not 1 <= amount <= prompt.info["most"]:
        raise IllegalAction(
            N_("Spend 1 to {most} influence (at most 3, what you have, and the hero cards left).", most=prompt.info["most"]),
            rule=RULE,
            alternatives=_spend_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    board.players[frame.seat].influence -= amount
    frame.drawn = cards.draw(board, HERO_DECK, amount, ctx.rng)
    ctx.emit("heroes_drawn", seat=frame.seat, influence=amount, count=len(frame.drawn))
    ctx.emit("your_heroes_drawn", to=frame.seat, cards=list(frame.drawn))
    frame.step = "keep"
    pid = season_id(board, "recruit", frame.seat, "keep")
    state.open([Prompt(pid, frame.seat, "keep_hero", secret=True, info={"count": len(frame.drawn)})])


def _keep_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "keep", {"hero": c}) for c in top(state, HeroRecruitment).drawn]


@prompt_kind("keep_hero", choices={"keep"}, legal=_keep_legal)
def keep(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„Von diesen Karten muss der Spieler 1 behalten und die übrigen wieder unter die anderen Heldenkarten mischen.“"""
    frame = top(state, HeroRecruitment)
    card = action.args.get("hero")
    if card not in frame.drawn:
        raise IllegalAction(N_("Keep one of the hero cards you drew."), rule=RULE, alternatives=_keep_legal(state, pack, prompt))
    state.close(prompt.id)
    frame.kept = card
    cards.shuffle_in(state.board, HERO_DECK, [c for c in frame.drawn if c != card], ctx.rng)
    frame.drawn, frame.step = [], "limit"
    ctx.emit("hero_recruited", seat=frame.seat, hero=card)


def _place_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "place", {"area": a}) for a in prompt.info["areas"]]


@prompt_kind("place_hero", choices={"place"}, legal=_place_legal)
def place(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, HeroRecruitment)
    if action.args.get("area") not in prompt.info["areas"]:
        raise IllegalAction(
            N_("The new hero's figure goes onto one of your strongholds in an area you control."),
            rule="p. 25 (Helden anwerben), p. 36",
            alternatives=_place_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    hero = Hero(frame.kept, frame.seat, action.args["area"])
    state.board.heroes.append(hero)
    frame.step = "done"
    ctx.emit("hero_placed", **public_hero(hero), why="recruited")


# -- disloyalty (p. 28) ------------------------------------------------------------------------------


@register
@dataclass
class Disloyalty:
    """``seat`` chooses which of ``candidates`` becomes disloyal."""

    seat: int
    candidates: list[str]
    why: str = ""
    done: bool = False


@procedure(Disloyalty)
def _advance_disloyalty(state: GameState, pack: Pack, frame: Disloyalty, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    frame.candidates = [c for c in frame.candidates if find(board, c) is not None]
    if frame.done or not frame.candidates:
        return True
    pid = season_id(board, "disloyal", frame.seat, seq=state.seq)
    forced = Action(frame.seat, pid, "choose", {"hero": frame.candidates[0]}) if len(frame.candidates) == 1 else None
    state.open(
        [Prompt(pid, frame.seat, "disloyal_choice", info={"heroes": list(frame.candidates), "why": frame.why}, forced=forced)]
    )
    return False


def _disloyal_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "choose", {"hero": c}) for c in prompt.info["heroes"]]


@prompt_kind("disloyal_choice", choices={"choose"}, legal=_disloyal_legal)
def choose_disloyal(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    if action.args.get("hero") not in prompt.info["heroes"]:
        raise IllegalAction(
            N_("Choose one of the heroes named."),
            rule="p. 25 (Helden anwerben), p. 28 (Untreue Helden)",
            alternatives=_disloyal_legal(state, pack, prompt),
        )
    frame = top(state, Disloyalty)
    state.close(prompt.id)
    frame.done = True
    make_disloyal(state, find(state.board, action.args["hero"]), ctx, why=frame.why)
