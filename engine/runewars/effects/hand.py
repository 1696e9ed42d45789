"""The tactics hand limit (p. 30: „Kein Spieler darf jemals mehr als 10 Taktikkarten auf seiner Hand haben … muss er sofort so viele davon ablegen“).

Checked after every step: a player above the limit is asked at once which cards to discard
(the prompt is secret, the discard is public). The cards go to the tactics discards.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars.data import Pack
from engine.runewars.flow import after_every_step, prompt_kind, season_id
from engine.runewars.state import Deck, RunewarsBoard

RULE = "p. 30 (Taktikkarten): at most 10 tactics cards in hand"


def excess(board: RunewarsBoard, pack: Pack, seat: int) -> int:
    return len(board.players[seat].tactics) - int(pack.constant("tactics_hand_limit"))


@after_every_step
def check_hand_limit(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if not isinstance(board, RunewarsBoard) or board.phase.startswith("setup.") and board.phase != "setup.done":
        return
    asked = {p.seat for p in state.prompts if p.kind == "discard_tactics"}
    for player in board.players:
        if player.seat not in asked and not player.eliminated and excess(board, pack, player.seat) > 0:
            pid = season_id(board, "tactics_limit", player.seat, seq=state.seq)
            state.open(
                [Prompt(pid, player.seat, "discard_tactics", secret=True, info={"count": excess(board, pack, player.seat)})]
            )


def _choices(board: RunewarsBoard, seat: int, count: int) -> list[list[str]]:
    return [list(c) for c in dict.fromkeys(combinations(sorted(board.players[seat].tactics), count))]


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [
        Action(prompt.seat, prompt.id, "discard", {"cards": c}) for c in _choices(state.board, prompt.seat, prompt.info["count"])
    ]


@prompt_kind("discard_tactics", choices={"discard"}, legal=_legal)
def discard(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    cards = action.args.get("cards")
    if not (isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
        raise InvalidAction(N_("discard needs 'cards': a list of tactics card ids"))
    if sorted(cards) not in _choices(board, prompt.seat, prompt.info["count"]):
        raise IllegalAction(
            N_("Discard exactly {count} of the tactics cards in your hand.", count=prompt.info["count"]),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    player = board.players[prompt.seat]
    for c in cards:
        player.tactics.remove(c)
        player.tactics_drawn.pop(c, None)
    board.decks.setdefault("tactics", Deck()).discard.extend(cards)
    state.close(prompt.id)
    ctx.emit("tactics_discarded", seat=prompt.seat, cards=sorted(cards), why="hand_limit")
