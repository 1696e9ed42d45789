"""Quests, heroes and exploration tokens at setup (p. 8 steps 6, 9 and 10; p. 37), and in scenario positions.

- Step 6: quest cards for areas not on the map leave the game; the setup quests go back in.
- Step 9: every player draws 2 quest cards (secret) and is dealt a hero card matching the
  alignment of his faction (good and evil heroes shuffled apart; neutral heroes are not
  dealt); he places the figure in an area of his home realm (a public prompt for each
  player, all at once). The other hero cards are shuffled together into the hero deck.
- Step 10: the reward deck is shuffled.
- Optional rule (p. 37): one face-down exploration token in every area outside the home
  realms, tokens with a "1" on the back next to a home realm, with a "2" everywhere else.

:class:`StartingHeroes` runs on top of the campaign, so the first spring begins once every
starting hero stands on the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import N_, Action, Context, GameState, InvalidAction, Prompt, Rng, register
from engine.runewars import cards
from engine.runewars.data import Pack
from engine.runewars.flow import chosen_option, procedure, prompt_kind, push, setup_id, top
from engine.runewars.heroes import HERO_DECK, QUEST_DECK, REWARD_DECK, TRAITS, has_hero_cards, hero_card, public_hero
from engine.runewars.map import geometry
from engine.runewars.state import Deck, DefeatedHeroToken, ExplorationMarker, Hero, RunewarsBoard

RULE = "p. 8 (Aufbau 9): the starting hero's figure goes into any area of your home realm"


def quest_cards_on_map(pack: Pack, areas: Mapping[str, Any]) -> list[str]:
    """Step 6: the quests whose area is on the map (quests naming no area stay)."""
    return [q.id for q in pack.hero_cards.quests.values() if q.area is None or q.area in areas]


def new_decks(pack: Pack, areas: Mapping[str, Any], rng: Rng) -> dict[str, Deck]:
    """The hero, quest and reward decks, shuffled (no deck when the pack has no such cards)."""
    if pack.hero_cards is None:
        return {}
    decks = {
        HERO_DECK: Deck(sorted(pack.hero_cards.heroes)),
        QUEST_DECK: Deck(quest_cards_on_map(pack, areas)),
        REWARD_DECK: Deck(sorted(pack.hero_cards.rewards)),
    }
    for deck in decks.values():
        rng.shuffle(deck.draw)
    return decks


# -- setup step 9 ----------------------------------------------------------------------------


@register
@dataclass
class StartingHeroes:
    step: str = "deal"
    #: seat -> the hero card dealt to it and not yet placed
    dealt: dict[int, str] = field(default_factory=dict)


def start_heroes(state: GameState, pack: Pack) -> None:
    """Setup steps 6, 9, 10 for quests, heroes and rewards (and the exploration tokens): on top of the campaign."""
    push(state, StartingHeroes())


@procedure(StartingHeroes)
def _advance(state: GameState, pack: Pack, frame: StartingHeroes, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "deal":
        frame.step = "place"
        board.decks.update(new_decks(pack, board.areas, ctx.rng))
        if state.options.get("exploration"):
            place_exploration_tokens(board, pack, ctx)
        _deal_quests(state, pack, ctx)
        frame.dealt = _deal_heroes(state, pack, ctx)
        state.open(_placement_prompt(state, seat, card) for seat, card in sorted(frame.dealt.items()))
        return not frame.dealt
    return True


def _deal_quests(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    for player in board.players:
        drawn = cards.draw(board, QUEST_DECK, int(pack.constant("quest_hand_start")), ctx.rng)
        player.quests += drawn
        ctx.emit("quests_drawn", seat=player.seat, count=len(drawn))
        ctx.emit("your_quests_drawn", to=player.seat, cards=drawn)


def _deal_heroes(state: GameState, pack: Pack, ctx: Context) -> dict[int, str]:
    """One random hero of the faction's alignment each; the rest, neutral heroes too, become the hero deck."""
    board: RunewarsBoard = state.board
    if not has_hero_cards(pack):
        return {}
    deck = board.decks[HERO_DECK].draw
    dealt = {}
    for player in board.players:
        alignment = pack.faction(player.faction).alignment
        card = next((c for c in deck if hero_card(pack, c).alignment == alignment), None)
        if card is not None:
            deck.remove(card)
            dealt[player.seat] = card
    ctx.rng.shuffle(deck)
    ctx.emit("starting_heroes_dealt", heroes=dict(dealt))
    return dealt


def _placement_prompt(state: GameState, seat: int, card: str) -> Prompt:
    areas = [a for a in state.board.players[seat].home_areas if a in state.board.areas]
    return Prompt(setup_id("hero", seat), seat, "place_starting_hero", info={"hero": card, "areas": areas})


def _placement_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "place", {"area": a}) for a in prompt.info["areas"]]


@prompt_kind("place_starting_hero", choices={"place"}, legal=_placement_legal)
def place_starting_hero(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    area = chosen_option(
        state,
        pack,
        prompt,
        action,
        "area",
        "areas",
        expects=N_("place needs 'area': an area of your home realm"),
        refusal=N_("{choice} is not in your home realm."),
        rule=RULE,
    )
    frame = top(state, StartingHeroes)
    hero = Hero(frame.dealt.pop(prompt.seat), prompt.seat, area)
    state.board.heroes.append(hero)
    state.close(prompt.id)
    ctx.emit("hero_placed", **public_hero(hero), why="setup")


# -- exploration tokens (optional rule, p. 37) --------------------------------------------------


def place_exploration_tokens(board: RunewarsBoard, pack: Pack, ctx: Context) -> None:
    """p. 37: „Marker mit „1“ auf der Rückseite in die Gebiete, die benachbart zu Heimatreichen sind“, „2“ elsewhere."""
    geo = geometry(pack, board.placements)
    homes = {a for a in board.areas if pack.tile_of_area(a).is_home}
    pools: dict[int, list[str]] = {1: [], 2: []}
    for token in pack.exploration_tokens:
        pools[1] += [token.id] * token.back_1
        pools[2] += [token.id] * token.back_2
    for pool in pools.values():
        ctx.rng.shuffle(pool)
    for area in sorted(board.areas):
        if area in homes:
            continue
        wanted = back_of(geo, homes, area)
        # R4: when the tokens of one back run out, a token of the other back is used.
        back = wanted if pools[wanted] else 3 - wanted
        if pools[back]:
            board.exploration[area] = ExplorationMarker(pools[back].pop(), back=0 if back == wanted else back)
    ctx.emit(
        "exploration_tokens_placed",
        areas={a: marker_back(geo, homes, a, board.exploration[a]) for a in sorted(board.exploration)},
    )


def back_of(geo: Any, homes: set[str], area: str) -> int:
    """The back p. 37 calls for in ``area``: "1" next to a home realm, "2" elsewhere."""
    return 1 if set(geo.adjacency[area]) & homes else 2


def marker_back(geo: Any, homes: set[str], area: str, marker: ExplorationMarker) -> int:
    """The back the token in ``area`` shows (its own when the area's back ran out at setup, R4)."""
    return marker.back or back_of(geo, homes, area)


# -- scenario positions (engine/runewars/position.py) ----------------------------------------------

POSITION_HERO_KEYS = {"card", "owner", "area", "damage", "routed", "training", "rewards", "face_up"}


def load_hero_position(board: RunewarsBoard, pack: Pack, position: Mapping[str, Any], rng: Rng) -> None:
    """``[[position.heroes]]``, ``players.N.quests``, ``[[position.defeated_heroes]]`` and ``[position.exploration]``.

    The decks are built as at setup, without the cards the position puts into play.
    """
    board.decks.update(new_decks(pack, board.areas, rng))
    in_play: set[str] = set()
    for spec in position.get("heroes", []):
        board.heroes.append(_hero_from(pack, board, spec))
        in_play |= {spec["card"], *spec.get("rewards", [])}
        board.face_up_rewards += list(spec.get("face_up", []))
    for seat_key, overrides in position.get("players", {}).items():
        quests = list(overrides.get("quests", []))
        unknown = [q for q in quests if pack.hero_cards is None or q not in pack.hero_cards.quests]
        if unknown:
            raise InvalidAction(
                N_("position.players.{seat_key}.quests: unknown quest cards {unknown}", seat_key=seat_key, unknown=unknown)
            )
        board.players[int(seat_key)].quests = quests
        in_play |= set(quests)
    for spec in position.get("defeated_heroes", []):
        if set(spec) - {"number", "area", "rewards"} or spec.get("area") not in board.areas:
            raise InvalidAction(N_("position.defeated_heroes: {number, area (on the map), rewards}"))
        board.defeated_heroes.append(DefeatedHeroToken(int(spec["number"]), spec["area"], list(spec.get("rewards", []))))
        in_play |= set(spec.get("rewards", []))
    known_tokens = {t.id for t in pack.exploration_tokens}
    for area, spec in position.get("exploration", {}).items():
        if area not in board.areas or spec.get("token") not in known_tokens or set(spec) - {"token", "face_up", "known_to"}:
            raise InvalidAction(
                N_(
                    "position.exploration.{area}: an area on the map and {{token (one of {known_tokens}), face_up, known_to}}",
                    area=area,
                    known_tokens=sorted(known_tokens),
                )
            )
        board.exploration[area] = ExplorationMarker(
            spec["token"], bool(spec.get("face_up", False)), [int(s) for s in spec.get("known_to", [])]
        )
    for deck in board.decks.values():
        deck.draw = [c for c in deck.draw if c not in in_play]


def _hero_from(pack: Pack, board: RunewarsBoard, spec: Mapping[str, Any]) -> Hero:
    unknown = set(spec) - POSITION_HERO_KEYS
    if unknown:
        raise InvalidAction(
            N_(
                "position.heroes: unknown keys {unknown} (allowed: {POSITION_HERO_KEYS})",
                unknown=sorted(unknown),
                POSITION_HERO_KEYS=sorted(POSITION_HERO_KEYS),
            )
        )
    if pack.hero_cards is None or spec.get("card") not in pack.hero_cards.heroes:
        raise InvalidAction(N_("position.heroes: unknown hero card '{card}'", card=spec.get("card")))
    if spec.get("area") not in board.areas or spec.get("owner") not in range(len(board.players)):
        raise InvalidAction(N_("position.heroes.{card}: an area on the map and an owner seat are required", card=spec["card"]))
    rewards = list(spec.get("rewards", []))
    if any(r not in pack.hero_cards.rewards for r in rewards) or not set(spec.get("face_up", [])) <= set(rewards):
        raise InvalidAction(
            N_("position.heroes.{card}: unknown rewards, or face_up names a reward the hero lacks", card=spec["card"])
        )
    training = {t: int(n) for t, n in spec.get("training", {}).items()}
    if not set(training) <= set(TRAITS) or not all(n in (1, 2) for n in training.values()):
        raise InvalidAction(
            N_("position.heroes.{card}.training: {{trait: 1 or 2}} for traits {TRAITS}", card=spec["card"], TRAITS=TRAITS)
        )
    return Hero(
        spec["card"],
        int(spec["owner"]),
        spec["area"],
        int(spec.get("damage", 0)),
        bool(spec.get("routed", False)),
        training,
        rewards,
    )
