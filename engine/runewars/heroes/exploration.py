"""Exploration tokens, an optional rule (p. 37 „Erkundungsmarker“; digest §10.11).

A hero ending its quest-phase move in an area with a face-down token reveals and resolves
it before any duel or quest (engine/runewars/heroes/quest_phase.py); a hero retreating
there does not. Events are resolved and removed; locations stay face up:

- events: Traveling Merchant (pay 3 influence for a reward), Bandits (1 damage; with
  neutral or enemy units there, discard a reward or take 1 more), Scroll of Knowledge
  (look at every face-down rune and exploration token of one area), Training (+1 to one
  trait, at most +2 per trait);
- locations: Dungeon (a hero entering moves no further this season, heroes/moves.py, R39), Temple and
  Hall of Kellos (2 influence or a tactics card for a hero there at the end of its quest
  phase, quest_phase.py);
- destructible locations: Dragon Throne (its area's controller has one more dragon rune),
  Village (+1 of a resource), Magic Portal (moves.py); the area's controller with at least
  6 units there may remove one during his turn (engine/runewars/heroes/turn_actions.py).
  The rune count reads face-up Dragon Thrones itself (engine/runewars/runes.py); :func:`village_bonus`
  is what Harvest's production (engine/runewars/orders/harvest.py) reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars import runes
from engine.runewars.control import controller
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, push, season_id
from engine.runewars.heroes import TRAITS, discard_reward, find, gain_rewards, public_hero, wound
from engine.runewars.heroes.moves import hold_in_dungeon
from engine.runewars.state import Hero, RunewarsBoard

RULE = "p. 37 (Erkundungsmarker)"
EVENT_PROMPTS = {
    "traveling_merchant": "explore_merchant",
    "bandits": "explore_bandits",
    "scroll_of_knowledge": "explore_scroll",
    "training": "explore_training",
}


def token_kind(pack: Pack, token: str) -> str:
    return next(t.kind for t in pack.exploration_tokens if t.id == token)


@register
@dataclass
class ExplorationEvent:
    """An event token just revealed by ``hero`` in ``area``; its prompt, then the token leaves the game."""

    hero: str
    area: str
    token: str
    asked: bool = False


def reveal_token(state: GameState, pack: Pack, hero: Hero, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    marker = board.exploration[hero.area]
    marker.face_up = True
    hold_in_dungeon(board, hero)  # it entered this area in this season: the Dungeon holds it (ruling R39)
    ctx.emit("exploration_revealed", **public_hero(hero), token=marker.token, type=token_kind(pack, marker.token))
    if token_kind(pack, marker.token) == "event":
        push(state, ExplorationEvent(hero.card, hero.area, marker.token))
    for hook in REVEALED:  # Banners of War: the Flooded Area's move
        hook(state, pack, hero, marker.token, ctx)


#: what else happens when a hero turns a token face up: fn(state, pack, hero, token, ctx)
REVEALED: list[Callable[[GameState, Pack, Hero, str, Context], None]] = []


@procedure(ExplorationEvent)
def _advance(state: GameState, pack: Pack, frame: ExplorationEvent, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    hero = find(board, frame.hero)
    if not frame.asked and hero is not None:
        frame.asked = True
        if frame.token == "bandits":
            wound(state, pack, hero, int(pack.constant("bandits_damage")), ctx, why="bandits")
            hero = find(board, frame.hero)
            if hero is None or not _bandits_strike_again(board, hero):
                return _remove(board, frame, ctx)
            if not hero.rewards:  # public: no reward to give up
                wound(state, pack, hero, 1, ctx, why="bandits")
                return _remove(board, frame, ctx)
        if frame.token == "traveling_merchant" and board.players[hero.owner].influence < int(
            pack.constant("traveling_merchant_cost")
        ):
            return _remove(board, frame, ctx)
        if frame.token == "training" and not _trainable(pack, hero):
            return _remove(board, frame, ctx)
        pid = season_id(board, "explore", frame.token, hero.card, seq=state.seq)
        state.open(
            [
                Prompt(
                    pid,
                    hero.owner,
                    EVENT_PROMPTS[frame.token],
                    secret=frame.token == "bandits",
                    info={"hero": hero.card, "area": frame.area, "token": frame.token},
                )
            ]
        )
        return False
    return _remove(board, frame, ctx)


def _remove(board: RunewarsBoard, frame: ExplorationEvent, ctx: Context) -> bool:
    """Events are discarded after they are resolved („Der Marker wird entfernt“)."""
    board.exploration.pop(frame.area, None)
    ctx.emit("exploration_removed", area=frame.area, token=frame.token)
    return True


def _bandits_strike_again(board: RunewarsBoard, hero: Hero) -> bool:
    """„Falls neutrale oder feindliche Einheiten in dem Gebiet sind“ (allied neutrals are the hero's player's own side)."""
    return any(s.count and s.owner != hero.owner and s.ally != hero.owner for s in board.areas[hero.area].stacks)


def _trainable(pack: Pack, hero: Hero) -> list[str]:
    most = int(pack.constant("training_max_per_trait"))
    return [t for t in TRAITS if hero.training.get(t, 0) < most]


def _hero(state: GameState, prompt: Prompt) -> Hero:
    return find(state.board, prompt.info["hero"])


# -- the four events ------------------------------------------------------------------------------


def _merchant_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "buy"), Action(prompt.seat, prompt.id, "decline")]


@prompt_kind("explore_merchant", choices={"buy", "decline"}, legal=_merchant_legal)
def merchant(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„Der Spieler des Helden kann 3 Einflussmarker ausgeben, wofür sein Held eine Belohnungskarte erhält.“"""
    state.close(prompt.id)
    if action.choice == "buy":
        cost = int(pack.constant("traveling_merchant_cost"))
        state.board.players[prompt.seat].influence -= cost
        ctx.emit("influence_spent", seat=prompt.seat, amount=cost, why="traveling_merchant")
        gain_rewards(state, pack, _hero(state, prompt), 1, ctx, why="traveling_merchant")


def _bandits_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    discards = [Action(prompt.seat, prompt.id, "discard", {"reward": r}) for r in _hero(state, prompt).rewards]
    return discards + [Action(prompt.seat, prompt.id, "damage")]


@prompt_kind("explore_bandits", choices={"discard", "damage"}, legal=_bandits_legal)
def bandits(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„muss der Held 1 Belohnungskarte ablegen oder 1 weiteren Schaden hinnehmen“."""
    hero = _hero(state, prompt)
    if action.choice == "discard" and action.args.get("reward") not in hero.rewards:
        raise IllegalAction(
            N_("Discard one of this hero's rewards, or take 1 more damage."),
            rule=RULE + " (Räuberbande)",
            alternatives=_bandits_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    if action.choice == "discard":
        discard_reward(state.board, hero, action.args["reward"], ctx, why="bandits")
    else:
        wound(state, pack, hero, 1, ctx, why="bandits")


def _scroll_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RunewarsBoard = state.board
    hidden = [
        a
        for a, area in sorted(board.areas.items())
        if (area.rune and not area.rune.face_up) or (a in board.exploration and not board.exploration[a].face_up)
    ]
    return [Action(prompt.seat, prompt.id, "look", {"area": a}) for a in hidden] or [
        Action(prompt.seat, prompt.id, "look", {"area": prompt.info["area"]})
    ]


@prompt_kind("explore_scroll", choices={"look"}, legal=_scroll_legal)
def scroll(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„schaut sich alle verdeckten Runenmarker und Erkundungsmarker in einem Gebiet an“: privately, and remembered."""
    board: RunewarsBoard = state.board
    area_id = action.args.get("area")
    if not isinstance(area_id, str):
        raise InvalidAction(N_("look needs 'area': an area on the map"))
    if area_id not in board.areas:
        raise IllegalAction(
            N_("{area_id} is not on the map.", area_id=area_id),
            rule=RULE + " (Rolle der Erkenntnis)",
            alternatives=_scroll_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    seat, area = prompt.seat, board.areas[area_id]
    seen = {}
    if area.rune is not None and not area.rune.face_up:
        area.rune.known_to = sorted(set(area.rune.known_to) | {seat})
        area.rune.last_known.pop(seat, None)
        seen["rune"] = runes.kind(area.rune)
    marker = board.exploration.get(area_id)
    if marker is not None and not marker.face_up:
        marker.known_to = sorted(set(marker.known_to) | {seat})
        seen["exploration"] = marker.token
    ctx.emit("scroll_read", seat=seat, area=area_id)
    ctx.emit("scroll_seen", to=seat, area=area_id, **seen)


def _training_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "train", {"trait": t}) for t in _trainable(pack, _hero(state, prompt))] + [
        Action(prompt.seat, prompt.id, "skip")
    ]


@prompt_kind("explore_training", choices={"train", "skip"}, legal=_training_legal)
def training(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """„Der Held kann eine seiner Eigenschaften um 1 verbessern“, at most +2 per trait."""
    hero = _hero(state, prompt)
    if action.choice == "train" and action.args.get("trait") not in _trainable(pack, hero):
        raise IllegalAction(
            N_("Train one trait whose training token shows less than +2."),
            rule=RULE + " (Training)",
            alternatives=_training_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    if action.choice == "train":
        trait = action.args["trait"]
        hero.training[trait] = hero.training.get(trait, 0) + 1
        ctx.emit("hero_trained", **public_hero(hero), traits={trait: 1}, training=dict(hero.training))


# -- what other rules read ---------------------------------------------------------------------------


def village_bonus(pack: Pack, board: RunewarsBoard, area: str) -> dict[str, int]:
    """„Das Gebiet produziert +1 Rohstoff der auf dem Marker angegebenen Sorte“ (a face-up Village)."""
    marker = board.exploration.get(area)
    if marker is None or not marker.face_up:
        return {}
    token = next(t for t in pack.exploration_tokens if t.id == marker.token)
    return {token.resource: 1} if token.resource else {}


def removable_locations(pack: Pack, board: RunewarsBoard, seat: int) -> list[str]:
    """Face-up destructible locations in areas ``seat`` controls with at least 6 units there (allied neutrals count, as for every unit limit)."""
    least = int(pack.constant("destructible_min_units"))
    return [
        a
        for a, m in sorted(board.exploration.items())
        if m.face_up
        and token_kind(pack, m.token) == "destructible_location"
        and controller(board, a) == seat
        and board.areas[a].force_of(seat) >= least
    ]


def remove_location(pack: Pack, board: RunewarsBoard, seat: int, area: str, ctx: Context) -> None:
    token = board.exploration.pop(area).token
    ctx.emit("exploration_removed", area=area, token=token, seat=seat)
