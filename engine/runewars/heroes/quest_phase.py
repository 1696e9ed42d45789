"""The quest phase, the second function of every summer card (p. 26 „Questphase“; digest §9.3).

The players go in player order, the lowest order number of the previous season first;
there is no active player, and the phase is not part of anybody's turn (p. 26). A player
picks his heroes one at a time; each takes one action:

- **Move** up to 2 areas (not while routed). On the way it may trade rewards with the
  player's heroes it meets (p. 27); where it stops it reveals a face-down exploration token
  (optional rule, p. 37); then it may start a duel with an enemy hero there or attempt a
  quest of its player's hand for that area (p. 26, p. 28).
- **Heal**: all damage tokens off, only in a friendly area (p. 26).
- **Train**: +1 to two traits or +2 to one, one training token per trait (p. 26).
- **Rest**: nothing (the heroes may do nothing, p. 26 example).

Every hero standing in an area with a face-up Temple or Hall of Kellos when the phase ends
brings its player 2 influence or a tactics card (p. 37, ruling R39), however its player ended. Before a player's heroes act, a tactics
window of timing ``quest_phase`` lets him play cards (engine/runewars/effects/windows.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import cards
from engine.runewars.banners.variants import is_commander
from engine.runewars.control import controller, is_neutral
from engine.runewars.data import Pack
from engine.runewars.effects.windows import open_window
from engine.runewars.flow import procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import (
    TRAITS,
    find,
    hand_over,
    hero_card,
    heroes_of,
    keyword_rewards,
    keywords,
    public_hero,
    quest_card,
    reveal_reward,
)
from engine.runewars.heroes.duel import Duel
from engine.runewars.heroes.exploration import reveal_token
from engine.runewars.heroes.moves import held_in_dungeon, move_hero, quest_paths
from engine.runewars.heroes.quests import QuestAttempt
from engine.runewars.orders.support import neutral_supply
from engine.runewars.state import Hero, RunewarsBoard
from engine.runewars.turn_order import player_order

RULE = "p. 26 (Questphase): move, heal or train, one action per hero"
TEMPLE, HALL = "temple", "hall_of_kellos"


@register
@dataclass
class QuestPhase:
    step: str = "start"
    #: seats still to act, in player order
    seats: list[int] = field(default_factory=list)
    #: heroes that have taken their action in this phase
    acted: list[str] = field(default_factory=list)
    #: the hero whose action is resolving, and the areas its move went through (start included)
    hero: str = ""
    met: list[str] = field(default_factory=list)
    #: seats whose tactics window was opened
    windows: list[int] = field(default_factory=list)


#: ``hook(state, pack, ctx)`` at the start of the quest phase; it may open prompts (Banners of War, Commanders:
#: engine.runewars.banners.commanders)
START_HOOKS: list = []


def start_quest_phase(state: GameState) -> None:
    push(state, QuestPhase())


@procedure(QuestPhase)
def _advance(state: GameState, pack: Pack, frame: QuestPhase, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "start":
        frame.seats = player_order(board, pack, board.previous_orders)
        frame.step = "choose"
        ctx.emit("quest_phase", player_order=list(frame.seats))
        for hook in START_HOOKS:  # Banners of War, Commanders: a new commander „zu Beginn der Questphase“
            hook(state, pack, ctx)
        if state.prompts:
            return False
    hero = find(board, frame.hero) if frame.hero else None
    if frame.step == "choose":
        while frame.seats and not _waiting(board, frame, frame.seats[0]):
            frame.seats.pop(0)
        if not frame.seats:
            _location_gifts(state, pack, ctx)
            ctx.emit("quest_phase_ended")
            return True
        seat = frame.seats[0]
        if seat not in frame.windows:
            frame.windows.append(seat)
            if open_window(state, "quest_phase", [seat]) is not None:
                return False
        pid = season_id(board, "quest_phase", seat, seq=state.seq)
        state.open([Prompt(pid, seat, "hero_action", info={"heroes": [h.card for h in _waiting(board, frame, seat)]})])
    elif frame.step == "trade":
        frame.step = "explore"
        if hero is not None and _trade_partners(board, frame, hero) and _trade_moves(board, frame, hero):
            frame.step = "trade"
            pid = season_id(board, "trade", hero.card, seq=state.seq)
            state.open([Prompt(pid, hero.owner, "trade_rewards", secret=True, info={"hero": hero.card})])
    elif frame.step == "explore":
        frame.step = "venture"
        marker = board.exploration.get(hero.area) if hero is not None else None
        if marker is not None and not marker.face_up:
            reveal_token(state, pack, hero, ctx)
    elif frame.step == "venture":
        frame.step = "after"
        if hero is not None and not hero.routed:
            _open_venture(state, pack, hero)
    else:  # after
        frame.acted.append(frame.hero)
        frame.hero, frame.met, frame.step = "", [], "choose"
    return False


def _waiting(board: RunewarsBoard, frame: QuestPhase, seat: int) -> list[Hero]:
    return [h for h in heroes_of(board, seat) if h.card not in frame.acted]


# -- the action ------------------------------------------------------------------------------


def trainings(pack: Pack, hero: Hero) -> list[dict[str, int]]:
    """p. 26: +1 to two different traits, or +2 to one; a trait's token shows at most +2 (a +1 token may turn to +2)."""
    most = int(pack.constant("training_max_per_trait"))
    now = hero.training
    one = [{t: 2} for t in TRAITS if now.get(t, 0) + 2 <= most]
    two = [{a: 1, b: 1} for a, b in combinations(TRAITS, 2) if now.get(a, 0) < most and now.get(b, 0) < most]
    return one + two


def may_heal(state: GameState, pack: Pack, hero: Hero) -> bool:
    """p. 26: „Ein Held kann nur in einem eigenen Gebiet des Spielers geheilt werden“ (a Mender anywhere)."""
    friendly = controller(state.board, hero.area) == hero.owner or "mender" in keywords(pack, hero)
    return hero.damage > 0 and friendly


def _action_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, QuestPhase)
    out = []
    for hero in _waiting(state.board, frame, prompt.seat):

        def act(choice: str, hero: Any = hero, **args: Any) -> Action:
            return Action(prompt.seat, prompt.id, choice, {"hero": hero.card, **args})

        out.append(act("rest"))
        if may_heal(state, pack, hero):
            out.append(act("heal"))
        out += [act("train", traits=t) for t in trainings(pack, hero)]
        out += [act("move", path=p) for p in quest_paths(state, pack, hero)]
    return out + [Action(prompt.seat, prompt.id, "done")]


@prompt_kind("hero_action", choices={"move", "heal", "train", "rest", "done"}, legal=_action_legal)
def hero_action(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, QuestPhase)
    if action.choice == "done":
        state.close(prompt.id)
        frame.acted += [h.card for h in _waiting(board, frame, prompt.seat)]
        ctx.emit("heroes_rest", seat=prompt.seat)
        return
    hero = find(board, action.args.get("hero")) if isinstance(action.args.get("hero"), str) else None
    if hero is None or hero not in _waiting(board, frame, prompt.seat):
        raise InvalidAction(N_("name one of your heroes that has not acted in this quest phase: 'hero'"))
    if Action(prompt.seat, prompt.id, action.choice, dict(action.args)) not in _action_legal(state, pack, prompt):
        raise IllegalAction(
            _why_not(state, pack, hero, action),
            rule=RULE,
            alternatives=[a for a in _action_legal(state, pack, prompt) if a.args.get("hero") == hero.card][:10],
        )
    state.close(prompt.id)
    frame.hero, frame.step = hero.card, "after"
    if action.choice == "heal":
        ctx.emit("hero_healed", **public_hero(hero), amount=hero.damage, why="quest_phase")
        hero.damage = 0
    elif action.choice == "train":
        for trait, amount in action.args["traits"].items():
            hero.training[trait] = hero.training.get(trait, 0) + amount
        ctx.emit("hero_trained", **public_hero(hero), traits=dict(action.args["traits"]), training=dict(hero.training))
    elif action.choice == "rest":
        ctx.emit("hero_rests", **public_hero(hero))
    else:
        frame.met = [hero.area] + list(action.args["path"])
        move_hero(state, pack, hero, list(action.args["path"]), ctx, why="quest_phase")
        if len(action.args["path"]) > int(pack.constant("hero_quest_move")):
            _reveal_pathfinder(state, pack, hero, ctx)
        frame.step = "trade"


def _why_not(state: GameState, pack: Pack, hero: Hero, action: Action) -> str:
    if action.choice == "move":
        if hero.routed:
            return N_("A routed hero cannot move (p. 18).")
        if held_in_dungeon(state.board, hero):
            return N_("A hero that entered a Dungeon moves no further in this season (p. 37, Verließ); it may stay and venture.")
        return N_("That path is not a quest-phase move: up to 2 areas, each step across a passable border, no area twice.")
    if action.choice == "heal":
        return N_("A hero heals only in a friendly area, and only when it has damage (p. 26).")
    if action.choice == "train":
        return N_("Train +1 on two different traits or +2 on one; a trait's training token shows at most +2 (p. 26).")
    return N_("That is not an action of this hero now.")


def _reveal_pathfinder(state: GameState, pack: Pack, hero: Hero, ctx: Context) -> None:
    """A third area needs a pathfinder: the hero's own ability is public; otherwise a keyword reward is shown."""
    if "pathfinder" not in hero_card(pack, hero.card).keywords:
        reveal_reward(state.board, hero, keyword_rewards(pack, hero, "pathfinder")[0], ctx)


# -- trading rewards while moving (p. 27) ----------------------------------------------------------


def _trade_partners(board: RunewarsBoard, frame: QuestPhase, hero: Hero) -> list[Hero]:
    """Own heroes in an area the moving hero went through: „wenn sie durch ein Gebiet mit einem verbündeten Helden ziehen“."""
    return [h for h in heroes_of(board, hero.owner) if h is not hero and h.area in frame.met]


def _trade_moves(board: RunewarsBoard, frame: QuestPhase, hero: Hero) -> list[dict[str, Any]]:
    out = []
    for partner in _trade_partners(board, frame, hero):
        out += [{"reward": r, "to": partner.card} for r in hero.rewards]
        out += [{"reward": r, "from": partner.card} for r in partner.rewards]
    return out


def _trade_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, QuestPhase)
    hero = find(state.board, frame.hero)
    moves = [Action(prompt.seat, prompt.id, "give" if "to" in m else "take", m) for m in _trade_moves(state.board, frame, hero)]
    return moves + [Action(prompt.seat, prompt.id, "done")]


@prompt_kind("trade_rewards", choices={"give", "take", "done"}, legal=_trade_legal)
def trade_rewards(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, QuestPhase)
    if action.choice != "done":
        if Action(prompt.seat, prompt.id, action.choice, dict(action.args)) not in _trade_legal(state, pack, prompt):
            raise IllegalAction(
                N_("Trade one reward between this hero and one of your heroes it met on its way."),
                rule="p. 27 (Belohnungskarten tauschen)",
                alternatives=_trade_legal(state, pack, prompt)[:10],
            )
        hero = find(board, frame.hero)
        giver, taker = (
            (hero, find(board, action.args["to"])) if action.choice == "give" else (find(board, action.args["from"]), hero)
        )
        giver.rewards.remove(action.args["reward"])
        hand_over(board, [action.args["reward"]], taker, ctx, why="trade")
    state.close(prompt.id)
    frame.step = "trade" if action.choice != "done" else "explore"


# -- after the move: a duel or a quest ----------------------------------------------------------------


def attemptable(state: GameState, pack: Pack, hero: Hero, quest_id: str) -> bool:
    """p. 26: the hero is in the quest's area; a duel quest needs its unit in the supply (p. 28)."""
    board: RunewarsBoard = state.board
    quest = quest_card(pack, quest_id)
    if quest.area is not None:
        here = quest.area == hero.area
    elif quest.where == "city":
        here = board.areas[hero.area].city is not None
    else:
        here = is_neutral(board, hero.area)
    return here and (quest.duel is None or neutral_supply(board, pack, quest.duel) > 0)


def duel_targets(board: RunewarsBoard, hero: Hero) -> list[Hero]:
    """p. 28: enemy heroes in the area; routed ones too (being routed does not matter for the defender)."""
    return [h for h in board.heroes if h.area == hero.area and h.owner != hero.owner]


def _venture_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RunewarsBoard = state.board
    hero = find(board, prompt.info["hero"])
    duels = [Action(prompt.seat, prompt.id, "duel", {"target": h.card}) for h in duel_targets(board, hero)]
    quests = [
        Action(prompt.seat, prompt.id, "quest", {"quest": q})
        for q in board.players[prompt.seat].quests
        if attemptable(state, pack, hero, q) and not is_commander(board, hero.card)  # Banners of War: commanders never quest
    ]
    return duels + quests + [Action(prompt.seat, prompt.id, "none")]


def _open_venture(state: GameState, pack: Pack, hero: Hero) -> None:
    """Forced to "none" only when public facts leave nothing: no enemy hero here and no quest card in hand."""
    board: RunewarsBoard = state.board
    pid = season_id(board, "venture", hero.card, seq=state.seq)
    nothing = not duel_targets(board, hero) and (not board.players[hero.owner].quests or is_commander(board, hero.card))
    forced = Action(hero.owner, pid, "none") if nothing else None
    state.open([Prompt(pid, hero.owner, "hero_venture", info={"hero": hero.card, "area": hero.area}, forced=forced)])


@prompt_kind("hero_venture", choices={"duel", "quest", "none"}, legal=_venture_legal)
def venture(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    hero = find(board, prompt.info["hero"])
    if action.choice != "none" and Action(prompt.seat, prompt.id, action.choice, dict(action.args)) not in _venture_legal(
        state, pack, prompt
    ):
        raise IllegalAction(
            N_(
                "A hero may duel an enemy hero in its area, or attempt a quest of your hand for this area "
                "(a duel quest needs its unit in the supply)."
            )
            if action.choice in ("duel", "quest")
            else N_("Choose duel, quest or none."),
            rule="p. 26 (Quests beginnen), p. 28 (Duelle)",
            alternatives=_venture_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    if action.choice == "duel":
        push(state, Duel(hero.area, hero.card, defender=action.args["target"]))
    elif action.choice == "quest":
        push(state, QuestAttempt(hero.card, action.args["quest"]))
    else:
        ctx.emit("hero_ventures_nothing", **public_hero(hero))


# -- Temple and Hall of Kellos (p. 37) ----------------------------------------------------------------


def _location_gifts(state: GameState, pack: Pack, ctx: Context) -> None:
    """„Wenn ein Held zum Ende seiner Questphase in diesem Gebiet ist“: 2 influence (Temple), 1 tactics card (Hall of Kellos).

    Paid when the quest phase ends, to every hero standing on a face-up Temple or Hall then, whatever it did in the phase
    (moved, rested, or its player said "done"); in the phase's player order (ruling R39).
    """
    board: RunewarsBoard = state.board
    for seat in player_order(board, pack, board.previous_orders):
        for hero in heroes_of(board, seat):
            marker = board.exploration.get(hero.area)
            if marker is None or not marker.face_up:
                continue
            if marker.token == TEMPLE:
                amount = int(pack.constant("temple_influence"))
                board.players[hero.owner].influence += amount
                ctx.emit("influence_gained", seat=hero.owner, amount=amount, why=TEMPLE)
            elif marker.token == HALL:
                cards.draw_tactics(board, hero.owner, int(pack.constant("hall_of_kellos_tactics")), ctx)
