"""The Flooded Area's reveal (Banners of War, „Überflutetes Gebiet (Ort)“; digest §6.5, §11, §14.21; ruling R-BW16).

„Wenn dieser Marker aufgedeckt wird, bewegt der linke Nachbar des Spielers, dessen Held den Marker aufgedeckt hat,
diesen Helden um bis zu zwei Gebiete (Einheiten sind nicht betroffen).“ An out-of-turn prompt ``flooded_move`` for
the left neighbour (the next seat in clockwise order still playing): stay, or an area up to 2 steps away. The first
step leaves the flooded area across its borders as the flood carries the hero (its own water does not hold him; a
mountain does), the second follows the usual hero movement (p. 26: not across mountain or water borders, frozen water
in winter excepted, not into another Flooded Area). A hero moved so does nothing more this quest phase (no duel, no
quest: ruling R-BW16); the token stays face up until the end of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.banners.board import terrain
from engine.runewars.banners.exploration import FLOODED
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import find
from engine.runewars.heroes.exploration import REVEALED
from engine.runewars.heroes.moves import hold_in_dungeon
from engine.runewars.heroes.quest_phase import QuestPhase
from engine.runewars.map import geometry
from engine.runewars.movement import crossable
from engine.runewars.state import Hero, RunewarsBoard

RULE = "exp. „Überflutetes Gebiet“: the left neighbour moves the hero up to 2 areas (ruling R-BW16)"


@register
@dataclass
class FloodedMove:
    """The left neighbour ``seat`` moves ``hero`` out of the Flooded Area in ``area``, or leaves it there."""

    hero: str
    seat: int
    area: str
    asked: bool = False


def left_neighbour(board: RunewarsBoard, seat: int) -> int:
    seats = len(board.players)
    return next((s for s in ((seat + i) % seats for i in range(1, seats)) if not board.players[s].eliminated), seat)


def destinations(state: GameState, pack: Pack, area: str) -> list[str]:
    """Areas up to 2 steps from the flooded ``area`` (its own water borders do not stop the first step)."""
    board: RunewarsBoard = state.board
    winter = board.season == "winter"
    plain, geo = geometry(pack, board.placements), terrain(pack, board)
    first = [n for n in sorted(plain.adjacency[area]) if crossable(plain, area, n, flying=False, winter=winter)]
    second = {m for n in first for m in geo.adjacency[n] if m != area and crossable(geo, n, m, flying=False, winter=winter)}
    return sorted(set(first) | second)


def _revealed(state: GameState, pack: Pack, hero: Hero, token: str, ctx: Context) -> None:
    if token == FLOODED:
        push(state, FloodedMove(hero.card, left_neighbour(state.board, hero.owner), hero.area))


REVEALED.append(_revealed)


@procedure(FloodedMove)
def _advance(state: GameState, pack: Pack, frame: FloodedMove, ctx: Context) -> bool:
    hero = find(state.board, frame.hero)
    if frame.asked or hero is None or hero.area != frame.area or frame.seat == hero.owner:
        return True
    frame.asked = True
    options = destinations(state, pack, frame.area)
    pid = season_id(state.board, "flooded", frame.hero, seq=state.seq)
    forced = None if options else Action(frame.seat, pid, "stay")
    info = {"hero": frame.hero, "owner": hero.owner, "area": frame.area, "areas": options}
    state.open([Prompt(pid, frame.seat, "flooded_move", info=info, forced=forced)])
    return False


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    moves = [Action(prompt.seat, prompt.id, "move", {"area": a}) for a in prompt.info["areas"]]
    return moves + [Action(prompt.seat, prompt.id, "stay")]


@prompt_kind("flooded_move", choices={"move", "stay"}, legal=_legal)
def choose(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, FloodedMove)
    if action.choice == "move":
        area = action.args.get("area")
        if not isinstance(area, str):
            raise InvalidAction("move needs 'area': an area up to 2 steps from the Flooded Area")
        if area not in prompt.info["areas"]:
            raise IllegalAction(
                f"The hero can be moved to {', '.join(prompt.info['areas'])}, or stay.",
                rule=RULE,
                alternatives=_legal(state, pack, prompt),
            )
    state.close(prompt.id)
    hero = find(state.board, frame.hero)
    if action.choice == "stay" or hero is None:
        ctx.emit("flooded_stayed", seat=prompt.seat, hero=frame.hero, area=frame.area)
        return
    # the flood carries him: no Magic Portal and no price, though the first step crosses the area's own water and the
    # second may leave it 2 steps away (move_hero would charge those as portal jumps to the hero's owner)
    origin, hero.area = hero.area, action.args["area"]
    hold_in_dungeon(state.board, hero)
    ctx.emit("hero_moved", hero=hero.card, owner=hero.owner, path=[origin, hero.area], influence_paid=0, why="flooded_area")
    quest_phase = top(state, QuestPhase)
    if quest_phase is not None and quest_phase.hero == hero.card and quest_phase.step == "venture":
        quest_phase.step = "after"  # ruling R-BW16: carried off, the hero neither duels nor quests this phase
