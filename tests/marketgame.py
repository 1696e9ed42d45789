"""Market: a tiny turn game for the stretch of plays (bot/ui/stretch.py), naming no real game.

§1 Each seat holds coins (public count) and a secret card deck. §2 On its turn a seat may play
a coin (``coin``), which opens a purchase (prompt ``shop``) where it plays more coins, buys
items (``buy``: a sword costs 2, a shield 1) and ends the purchase (``done``: leftover coins
are lost); or it ends its turn (``end``): it draws its deck's top card (a private event) and
the next seat plays. §3 After 3 turns each the game ends."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.frontend import FrontEnd
from bot.narration import Narrator, player
from engine.core import Action, Context, GameState, IllegalAction, Prompt, Ruleset, register

COSTS = {"sword": 2, "shield": 1}


@register
@dataclass
class MarketBoard:
    coins: list[int]
    decks: list[list[str]]
    hands: list[list[str]] = field(default_factory=list)
    items: list[list[str]] = field(default_factory=list)
    pool: int = 0
    active: int = 0
    turns: int = 0
    prompt_no: int = 0


class Market(Ruleset):
    name = "market"
    min_seats = 1

    def setup(self, state: GameState, ctx: Context) -> None:
        n = state.seat_count
        decks = [[f"card-{s}-{k}" for k in range(6)] for s in range(n)]
        for deck in decks:
            ctx.rng.shuffle(deck)
        state.board = MarketBoard(coins=[3] * n, decks=decks, hands=[[] for _ in range(n)], items=[[] for _ in range(n)])
        self._ask(state, "turn")

    def _ask(self, state: GameState, kind: str) -> None:
        board = state.board
        board.prompt_no += 1
        state.open([Prompt(f"{kind}/{board.prompt_no}", board.active, kind)])

    def legal(self, state: GameState, prompt: Prompt) -> list[Action]:
        board, seat = state.board, prompt.seat
        coin = [Action(seat, prompt.id, "coin")] if board.coins[seat] else []
        if prompt.kind == "turn":
            return [*coin, Action(seat, prompt.id, "end")]
        buys = [Action(seat, prompt.id, "buy", {"item": i}) for i, cost in sorted(COSTS.items()) if cost <= board.pool]
        return [*coin, *buys, Action(seat, prompt.id, "done")]

    def resolve(self, state: GameState, prompt: Prompt, action: Action, ctx: Context) -> None:
        board, seat = state.board, action.seat
        if action not in self.legal(state, prompt):
            raise IllegalAction("not now", rule="market §2", alternatives=self.legal(state, prompt))
        state.close(prompt.id)
        if action.choice == "coin":
            board.coins[seat] -= 1
            board.pool += 1
            ctx.emit("coin", seat=seat)
            self._ask(state, "shop")
        elif action.choice == "buy":
            board.pool -= COSTS[action.args["item"]]
            board.items[seat].append(action.args["item"])
            ctx.emit("bought", seat=seat, item=action.args["item"])
            self._ask(state, "shop")
        elif action.choice == "done":
            board.pool = 0
            ctx.emit("done", seat=seat)
            self._ask(state, "turn")
        else:
            card = board.decks[seat].pop(0)
            board.hands[seat].append(card)
            ctx.emit("drew", seat=seat)
            ctx.emit("you_drew", to=seat, card=card)
            board.turns += 1
            if board.turns >= 3 * state.seat_count:
                state.result = {"winners": [0], "reason": "turns"}
                return
            board.active = (seat + 1) % state.seat_count
            self._ask(state, "turn")

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        board = state.board
        out: dict[str, Any] = {"coins": list(board.coins), "items": [list(i) for i in board.items], "pool": board.pool}
        out["active"], out["result"] = board.active, state.result
        if seat is not None:
            out["seat"], out["hand"] = seat, list(board.hands[seat])
        return out


class MarketNarrator(Narrator):
    def action(self, action: Action) -> str:
        return {"coin": "Play a coin", "end": "End the turn", "done": "Done"}.get(action.choice) or f"Buy a {action.args['item']}"

    def prompt(self, prompt: Prompt) -> str:
        return "Your turn" if prompt.kind == "turn" else "Shopping"


class MarketFrontEnd(FrontEnd):
    narrator = MarketNarrator()
    stretch_kinds = frozenset({"turn", "shop"})

    def stretch_copies(self, action: Action, view) -> int:
        return view["coins"][view["seat"]] if action.choice == "coin" else 1

    def stretch_status(self, view) -> str:
        return f"{view['pool']} to spend, {view['coins'][view['seat']]} coins in hand"


RULESET = Market()
FRONTEND = MarketFrontEnd()
_ = player
