"""Diplomacy (p. 18 „Diplomatie“, p. 33, digest §6.6) and the one way into a battle.

After moving units into an area with unallied neutral units the active player may
negotiate instead of fighting: spend 1 to 6 influence (none, no diplomacy), draw as many
fate cards (always all of them; they are public and go to the fate discard), choose one
and apply its fate symbol:

- ``ally`` (gold): all neutral units there become allied with the player;
- ``neutrals_retreat`` (silver): all neutral units retreat, routed, to one adjacent
  uncontrolled area, chosen by the player left of the active player (none: eliminated);
- ``battle_or_retreat`` (red): the player starts a battle there or retreats their own
  units. If this order card already started a battle (Mobilize's bonus, p. 33), the
  player must retreat.

The area is contested while the negotiation runs. :func:`begin_battle` is the only place
the orders start a battle: it counts the battle for the turn's card (``Turn.battles``)
and hands over to the battle package.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.alliance import ally_neutrals, refresh_alliances
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls
from engine.runewars.data import Pack
from engine.runewars.flow import chosen_option, procedure, prompt_kind, push, refuse_unless_legal, season_id, top
from engine.runewars.retreat import push_retreat
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import Turn, left_of_active

RULE_SPEND = "p. 18 (Diplomatie, 1.): „Der Spieler muss 1 bis 6 Einflussmarker abgeben.“"
RULE_ONE_BATTLE = (
    "p. 33 (Mobilisierung): no second battle with one Mobilize card; a second diplomacy ending in battle or retreat must retreat"
)


@register
@dataclass
class Diplomacy:
    seat: int
    area: str
    #: a battle that follows is caused by Conquer with its bonus (stronghold -3, p. 33)
    conquer: bool = False
    step: str = "spend"
    influence: int = 0
    #: the fate cards drawn (public), until they go to the discard
    drawn: list[str] = field(default_factory=list)
    card: str = ""


def start_diplomacy(state: GameState, area: str, seat: int, *, conquer: bool) -> None:
    push(state, Diplomacy(seat, area, conquer))


@procedure(Diplomacy)
def _advance(state: GameState, pack: Pack, frame: Diplomacy, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    step = frame.step
    if step == "spend":
        if frame.area not in board.contested:
            board.contested.append(frame.area)
        most = _most(state, pack, frame.seat)
        only = ("spend", {"influence": most}) if most == int(pack.constant("diplomacy_influence_min")) else None
        _open(state, frame, "diplomacy_spend", {"area": frame.area, "most": most}, only)
    elif step == "draw":
        frame.drawn = cards.draw(board, "fate", frame.influence, ctx.rng)
        ctx.emit("fate_drawn", seat=frame.seat, cards=list(frame.drawn), why="diplomacy", area=frame.area)
        frame.step = "choose"
        only = ("choose", {"card": frame.drawn[0]}) if len(frame.drawn) == 1 else None
        _open(state, frame, "diplomacy_card", {"area": frame.area, "cards": list(frame.drawn)}, only)
    elif step == "apply":
        _apply(state, pack, frame, ctx)
    elif step == "battle":
        frame.step = "end"
        board.contested.remove(frame.area)
        begin_battle(state, pack, frame.area, frame.seat, conquer=frame.conquer, ctx=ctx)
    elif step == "retreat":
        frame.step = "end"
        units = {s.unit: s.count for s in board.areas[frame.area].led_by(frame.seat)}
        push_retreat(state, pack, frame.area, frame.seat, units, chooser=frame.seat, why="diplomacy")
    else:
        if frame.area in board.contested:
            board.contested.remove(frame.area)
        refresh_alliances(state, ctx)
        open_culls(state, frame.seat, [frame.area], limit=AREA_UNIT_LIMIT, why="limit")
        return True
    return False


def _open(state: GameState, frame: Diplomacy, kind: str, info: dict, only: tuple[str, dict] | None = None) -> None:
    """Open a prompt for the negotiating player; ``only`` is its single (public) answer, if any."""
    board: RunewarsBoard = state.board
    pid = season_id(board, kind, frame.seat, seq=state.seq)
    forced = None if only is None else Action(frame.seat, pid, *only)
    state.open([Prompt(pid, frame.seat, kind, info=info, forced=forced)])


def _most(state: GameState, pack: Pack, seat: int) -> int:
    return min(int(pack.constant("diplomacy_influence_max")), state.board.players[seat].influence)


def _apply(state: GameState, pack: Pack, frame: Diplomacy, ctx: Context) -> None:
    """The chosen card's fate symbol decides; every drawn card goes to the fate discard."""
    board: RunewarsBoard = state.board
    board.decks["fate"].discard.extend(frame.drawn)
    frame.drawn = []
    card = next(c for c in pack.fate_cards if c.id == frame.card)
    result = pack.fate_symbols[card.symbol].diplomacy
    ctx.emit("diplomacy_result", seat=frame.seat, area=frame.area, card=card.id, symbol=card.symbol, result=result)
    frame.step = "end"
    if result == "ally":
        board.contested.remove(frame.area)
        ctx.emit("alliance_formed", seat=frame.seat, area=frame.area, units=ally_neutrals(board.areas[frame.area], frame.seat))
    elif result == "neutrals_retreat":
        units = {s.unit: s.count for s in board.areas[frame.area].stacks if s.owner is None and s.ally is None and s.count}
        push_retreat(state, pack, frame.area, None, units, chooser=left_of_active(board, frame.seat), why="diplomacy")
    elif battles_fought(state):
        ctx.emit("must_retreat", seat=frame.seat, area=frame.area, rule=RULE_ONE_BATTLE)
        frame.step = "retreat"
    else:
        frame.step = "fallout"
        _open(state, frame, "diplomacy_fallout", {"area": frame.area})


# -- prompts ---------------------------------------------------------------------------


def _spend_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    least = int(pack.constant("diplomacy_influence_min"))
    return [Action(prompt.seat, prompt.id, "spend", {"influence": n}) for n in range(least, _most(state, pack, prompt.seat) + 1)]


@prompt_kind("diplomacy_spend", choices={"spend"}, legal=_spend_legal)
def spend(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    amount = action.args.get("influence")
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise InvalidAction(N_("spend needs 'influence': a number"))
    owned = state.board.players[prompt.seat].influence
    reason = N_("Spend 1 to 6 influence, at most the {owned} you own (not {amount}).", owned=owned, amount=amount)
    refuse_unless_legal(state, pack, prompt, action, _spend_legal, reason, rule=RULE_SPEND)
    frame = top(state, Diplomacy)
    state.board.players[prompt.seat].influence -= amount
    frame.influence, frame.step = amount, "draw"
    state.close(prompt.id)
    ctx.emit("influence_spent", seat=prompt.seat, amount=amount, why="diplomacy")


def _card_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "choose", {"card": c}) for c in prompt.info["cards"]]


@prompt_kind("diplomacy_card", choices={"choose"}, legal=_card_legal)
def choose_card(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    card = chosen_option(
        state,
        pack,
        prompt,
        action,
        "card",
        "cards",
        expects=N_("choose needs 'card': a fate card id"),
        refusal=N_("{choice} is not one of the fate cards you drew."),
        rule="p. 18 (Diplomatie, 3.): „Der Spieler wählt eine der gerade gezogenen Schicksalskarten aus“",
    )
    frame = top(state, Diplomacy)
    frame.card, frame.step = card, "apply"
    state.close(prompt.id)


def _fallout_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, c) for c in ("battle", "retreat")]


@prompt_kind("diplomacy_fallout", choices={"battle", "retreat"}, legal=_fallout_legal)
def battle_or_retreat(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    top(state, Diplomacy).step = action.choice
    state.close(prompt.id)


# -- battles ---------------------------------------------------------------------------


def battles_fought(state: GameState) -> int:
    """Battles started by the running turn's order card."""
    turn = top(state, Turn)
    return 0 if turn is None else turn.battles


def begin_battle(state: GameState, pack: Pack, area: str, attacker: int, *, conquer: bool, ctx: Context) -> None:
    """Start a battle caused by the active order card, counted for the card (p. 33)."""
    turn = top(state, Turn)
    if turn is not None:
        turn.battles += 1
    _start_battle(state, pack, area, attacker, conquer=conquer, ctx=ctx)


def _start_battle(state: GameState, pack: Pack, area: str, attacker: int, *, conquer: bool, ctx: Context) -> None:
    """The seam to the battle package (pp. 21-24), imported here so that neither needs the other at import time."""
    from engine.runewars.battle.procedure import start_battle

    start_battle(state, pack, area, attacker, conquer=conquer, ctx=ctx)
