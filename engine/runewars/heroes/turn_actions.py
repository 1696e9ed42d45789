"""What heroes do during their player's turn (p. 15 „Spielzug“; pp. 27, 28, 37).

- use a reward whose text says "during your turn" (e.g. a dragon-rune reward), revealed
  when used (p. 27);
- trade rewards between the player's heroes in the same area (p. 27);
- pick up the rewards under a defeated-hero token where one of his heroes stands: „Jeder
  Held, der während des Spielzuges des ihn führenden Spielers in einem Gebiet mit einem
  Marker für besiegte Helden ist“ (p. 28; ruling R-H7);
- remove a destructible exploration location (p. 37).

The turn's windows (engine/runewars/turn.py) offer the choice ``heroes`` when
:func:`may_act` holds (public facts only); it pushes :class:`HeroTurn`, which asks
``hero_turn`` until the player is ``done``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import discard_reward, find, hand_over, heroes_of, reveal_reward, reward_card
from engine.runewars.heroes.exploration import removable_locations, remove_location
from engine.runewars.heroes.quests import hero_effects
from engine.runewars.state import RunewarsBoard

RULE = "p. 15 (Spielzug); p. 27 (Belohnungskarten), p. 28 (Marker für besiegte Helden), p. 37"


@register
@dataclass
class HeroTurn:
    seat: int
    done: bool = False


def may_act(state: GameState, pack: Pack, seat: int) -> bool:
    """Public facts: a hero with rewards (a turn reward or a trade), a token where a hero stands, a removable location."""
    board: RunewarsBoard = state.board
    own = heroes_of(board, seat)
    tokens = {t.area for t in board.defeated_heroes}
    return any(h.rewards for h in own) or any(h.area in tokens for h in own) or bool(removable_locations(pack, board, seat))


def start_hero_turn(state: GameState, seat: int) -> None:
    push(state, HeroTurn(seat))


@procedure(HeroTurn)
def _advance(state: GameState, pack: Pack, frame: HeroTurn, ctx: Context) -> bool:
    if frame.done:
        return True
    board: RunewarsBoard = state.board
    pid = season_id(board, "hero_turn", frame.seat, seq=state.seq)
    state.open([Prompt(pid, frame.seat, "hero_turn", secret=True, info={})])
    return False


def turn_answers(state: GameState, pack: Pack, seat: int) -> list[tuple[str, dict[str, Any]]]:
    board: RunewarsBoard = state.board
    own = heroes_of(board, seat)
    out: list[tuple[str, dict[str, Any]]] = []
    for hero in own:
        out += [("use", {"hero": hero.card, "reward": r}) for r in hero.rewards if reward_card(pack, r).when == "turn"]
    for giver, taker in permutations(own, 2):
        if giver.area == taker.area:
            out += [("trade", {"reward": r, "from": giver.card, "to": taker.card}) for r in giver.rewards]
    for token in board.defeated_heroes:
        out += [("pick_up", {"hero": h.card, "token": token.number}) for h in own if h.area == token.area]
    out += [("remove_location", {"area": a}) for a in removable_locations(pack, board, seat)]
    return out + [("done", {})]


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, choice, args) for choice, args in turn_answers(state, pack, prompt.seat)]


@prompt_kind("hero_turn", choices={"use", "trade", "pick_up", "remove_location", "done"}, legal=_legal)
def hero_turn(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, HeroTurn)
    if (action.choice, dict(action.args)) not in turn_answers(state, pack, prompt.seat):
        raise IllegalAction(
            N_(
                "Use a turn reward of one of your heroes, trade rewards between your heroes in one area, pick up the rewards "
                "of a defeated hero where your hero stands, remove a destructible location you hold with 6 units, or be done."
            ),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    args = action.args
    if action.choice == "done":
        frame.done = True
    elif action.choice == "use":
        hero = find(board, args["hero"])
        reveal_reward(board, hero, args["reward"], ctx)
        records = reward_card(pack, args["reward"]).effects
        if reward_card(pack, args["reward"]).discard:
            discard_reward(board, hero, args["reward"], ctx, why="used")
        hero_effects(state, pack, ctx, hero, records, args["reward"])
    elif action.choice == "trade":
        find(board, args["from"]).rewards.remove(args["reward"])
        hand_over(board, [args["reward"]], find(board, args["to"]), ctx, why="trade")
    elif action.choice == "pick_up":
        token = next(t for t in board.defeated_heroes if t.number == args["token"])
        board.defeated_heroes.remove(token)
        hand_over(board, list(token.rewards), find(board, args["hero"]), ctx, why="defeated_hero_token")
        ctx.emit("defeated_hero_token_removed", number=token.number, area=token.area)
    else:
        remove_location(pack, board, prompt.seat, args["area"], ctx)
