"""Order 7, Gain Power (pp. 14, 36 „Machtgewinn“, „Titelkarten“; digest §6.1, §6.10, §10.3, §10.5).

Main effect: 1 influence per influence icon on the current field and all lower fields of
all three dials. Bonus: the player may spend any number of influence to take a title card
with fewer influence tokens on it than they spend. The card's old tokens go back to the
supply and the spent ones go onto the card, where they count as spent. Titles and the
tokens on them are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, season_id
from engine.runewars.orders import order
from engine.runewars.state import RunewarsBoard

RULE = "p. 36 (Machtgewinn): spend more influence than lies on the title card"


@order("gain_power")
@register
@dataclass
class GainPowerOrder:
    seat: int
    bonus: bool
    step: str = "gain"


@procedure(GainPowerOrder)
def _advance(state: GameState, pack: Pack, frame: GainPowerOrder, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step != "gain":
        return True
    player = board.players[frame.seat]
    gained = influence_icons(board, pack, frame.seat)
    player.influence += gained
    ctx.emit("influence_gained", seat=frame.seat, amount=gained, why="gain_power")
    if not frame.bonus:
        return True
    frame.step = "title"
    if not title_bids(board, frame.seat):
        ctx.emit("order_bonus", seat=frame.seat, order="gain_power", title=None, reason="no title affordable")
        return True
    pid = season_id(board, "gain_power", frame.seat, "title")
    titles = {t: {"holder": title.holder, "influence": title.influence} for t, title in sorted(board.titles.items())}
    state.open([Prompt(pid, frame.seat, "take_title", info={"titles": titles, "influence": player.influence})])
    return False


def influence_icons(board: RunewarsBoard, pack: Pack, seat: int) -> int:
    """p. 36: one influence per icon on the current field and below, on all three dials."""
    player = board.players[seat]
    dials = pack.faction(player.faction).dials
    return sum(dials[r].influence_at(v) for r, v in player.dials.items())


def title_bids(board: RunewarsBoard, seat: int) -> list[dict[str, object]]:
    """Every title ``seat`` does not hold, with every amount above its tokens that ``seat`` can pay."""
    influence = board.players[seat].influence
    return [
        {"title": t, "influence": n}
        for t, title in sorted(board.titles.items())
        if title.holder != seat
        for n in range(title.influence + 1, influence + 1)
    ]


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    bids = [Action(prompt.seat, prompt.id, "take", b) for b in title_bids(state.board, prompt.seat)]
    return bids + [Action(prompt.seat, prompt.id, "decline")]


@prompt_kind("take_title", choices={"take", "decline"}, legal=_legal)
def take_title(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    if action.choice == "decline":
        state.close(prompt.id)
        ctx.emit("title_declined", seat=prompt.seat)
        return
    title_id, spend = action.args.get("title"), action.args.get("influence")
    if not isinstance(title_id, str) or not isinstance(spend, int) or isinstance(spend, bool):
        raise InvalidAction(N_("take needs 'title' (a title card) and 'influence' (a whole number)"))
    if title_id not in board.titles:
        raise IllegalAction(
            N_("There is no title card '{title_id}' (titles: {titles}).", title_id=title_id, titles=sorted(board.titles)),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    title, player = board.titles[title_id], board.players[prompt.seat]
    if title.holder == prompt.seat:
        message = N_("You already hold {title}.", title=title_id)
    elif spend <= title.influence:
        message = N_(
            "{title} has {influence} influence on it: spend at least {least}.",
            title=title_id,
            influence=title.influence,
            least=title.influence + 1,
        )
    elif spend > player.influence:
        message = N_("You have {influence} influence; you cannot spend {spend}.", influence=player.influence, spend=spend)
    else:
        message = ""
    if message:
        alternatives = [a for a in _legal(state, pack, prompt) if a.args.get("title") == title_id] or _legal(state, pack, prompt)
        raise IllegalAction(message, rule=RULE, alternatives=alternatives[:10])
    previous_holder, returned = title.holder, title.influence
    player.influence -= spend
    title.holder, title.influence = prompt.seat, spend
    state.close(prompt.id)
    ctx.emit(
        "title_taken", seat=prompt.seat, title=title_id, influence=spend, from_seat=previous_holder, returned_to_supply=returned
    )
