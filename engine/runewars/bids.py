"""Influence bids (p. 31 „Einflussgebote“, „Gleichstände bei Einflussgeboten“; digest §10.4, §12 #6, #22).

A season card pushes a :class:`Bid`: every player's influence is announced (it is public
anyway), all players bid in secret at once (0 up to their unspent influence), the bids are
revealed together and every bid is discarded, the winner's included. The card names the
winner rule (only "highest" so far). A tie is decided by the holder of the title „Primarch
des Rates der Magier“ (tied or not), else by the tied player with the most unspent
influence, else by the tied player with the most starting influence. The result is kept in
``board.last_bid`` for the card; with ``prize="dragon_rune"`` the winner takes a dragon rune
(:class:`~engine.runewars.runes.RuneGain`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.runes import RuneGain
from engine.runewars.state import RunewarsBoard
from engine.runewars.turn_order import current_player_order

PRIMARCH = "primarch_des_rates_der_magier"
BID_RULE = "p. 31 (Einflussgebote) / digest §10.4"
TIE_RULE = "p. 31 (Gleichstände bei Einflussgeboten) / digest §12 #22"
#: how the card picks the winning bid from the revealed ones
WINNER_RULES = {"highest": max}
PRIZES = {None, "dragon_rune"}


@register
@dataclass
class Bid:
    why: str = ""
    prize: str | None = None
    winner_rule: str = "highest"
    step: str = "open"
    #: seat -> bid; secret until revealed (frames are not part of any view)
    bids: dict[int, int] = field(default_factory=dict)
    tied: list[int] = field(default_factory=list)
    winner: int | None = None


@procedure(Bid)
def _advance(state: GameState, pack: Pack, frame: Bid, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "open":
        if frame.winner_rule not in WINNER_RULES or frame.prize not in PRIZES:
            raise ValueError(f"Bid: winner_rule is one of {sorted(WINNER_RULES)}, prize one of {sorted(PRIZES, key=str)}")
        frame.step = "reveal"
        seats = [p.seat for p in board.players if not p.eliminated]
        ctx.emit("bid_started", why=frame.why, influence=[{"seat": s, "influence": board.players[s].influence} for s in seats])
        state.open(_bid_prompt(state, seat) for seat in seats)
        return False
    if frame.step == "reveal":
        _reveal(state, pack, frame, ctx)
        return False
    if frame.step == "won":
        frame.step = "done"
        board.last_bid = {"bids": dict(frame.bids), "winner": frame.winner}
        ctx.emit("bid_won", seat=frame.winner, why=frame.why, prize=frame.prize)
        if frame.prize == "dragon_rune":
            push(state, RuneGain(frame.winner, why="bid"))
            return False
    return True


def _bid_prompt(state: GameState, seat: int) -> Prompt:
    board: RunewarsBoard = state.board
    pid = season_id(board, "bid", seat, seq=state.seq)
    influence = board.players[seat].influence
    forced = Action(seat, pid, "bid", {"amount": 0}) if influence == 0 else None  # influence is public
    return Prompt(pid, seat, "influence_bid", secret=True, info={"influence": influence}, forced=forced)


def _bid_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "bid", {"amount": n}) for n in range(state.board.players[prompt.seat].influence + 1)]


@prompt_kind("influence_bid", choices={"bid"}, legal=_bid_legal)
def place_bid(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    amount = action.args.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise InvalidAction(N_("bid needs 'amount': a whole number of influence tokens"))
    influence = state.board.players[action.seat].influence
    if not 0 <= amount <= influence:
        raise IllegalAction(
            N_(
                "Bid between 0 and your {influence} unspent influence (influence on titles is spent, p. 36).", influence=influence
            ),
            rule=BID_RULE,
            alternatives=_bid_legal(state, pack, prompt)[:10],
        )
    top(state, Bid).bids[action.seat] = amount
    state.close(prompt.id)
    ctx.emit("bid_made", seat=action.seat)
    ctx.emit("your_bid", to=action.seat, amount=amount)


def _reveal(state: GameState, pack: Pack, frame: Bid, ctx: Context) -> None:
    """Steps 3 and 4: all fists open at once, then every bid is discarded."""
    board: RunewarsBoard = state.board
    for seat, amount in frame.bids.items():
        board.players[seat].influence -= amount
    ctx.emit(
        "bids_revealed",
        why=frame.why,
        bids=[{"seat": s, "amount": n, "influence_left": board.players[s].influence} for s, n in sorted(frame.bids.items())],
    )
    best = WINNER_RULES[frame.winner_rule](frame.bids.values())
    order = current_player_order(board, pack)
    frame.tied = [s for s in order if frame.bids.get(s) == best]
    if len(frame.tied) == 1:
        frame.winner, frame.step = frame.tied[0], "won"
        return
    frame.step = "tie"
    decider = tie_decider(board, pack, frame.tied)
    ctx.emit("bid_tied", tied=list(frame.tied), decider=decider)
    pid = season_id(board, "bid_tie", decider, seq=state.seq)
    state.open([Prompt(pid, decider, "bid_tie", info={"tied": list(frame.tied)})])


def tie_decider(board: RunewarsBoard, pack: Pack, tied: list[int]) -> int:
    """p. 31: the Primarch (even if not tied), else most unspent influence, else most starting influence.

    Tied bids are equal, so unspent influence ranks the tied players the same before and
    after the bids are discarded; ``tied`` is in player order, the last resort.
    """
    primarch = board.titles.get(PRIMARCH)
    if primarch is not None and primarch.holder is not None:  # an eliminated player's titles went back (p. 31)
        return primarch.holder
    return min(
        tied, key=lambda s: (-board.players[s].influence, -pack.faction(board.players[s].faction).start_influence, tied.index(s))
    )


def _tie_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "winner", {"seat": s}) for s in prompt.info["tied"]]


@prompt_kind("bid_tie", choices={"winner"}, legal=_tie_legal)
def choose_winner(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    seat = action.args.get("seat")
    if seat not in prompt.info["tied"] or isinstance(seat, bool):
        raise IllegalAction(
            N_("Choose one of the tied players {tied}.", tied=list(prompt.info["tied"])),
            rule=TIE_RULE,
            alternatives=_tie_legal(state, pack, prompt),
        )
    frame = top(state, Bid)
    frame.winner, frame.step = seat, "won"
    state.close(prompt.id)
    ctx.emit("bid_tie_decided", decider=action.seat, seat=seat)
