"""Setting up a game of Runewars, in the rulebook's order (p. 8 „Spielvorbereitung“, digest §4.1).

1. first player by fate card; 2. factions in seat order from the first player (each
faction's dials and influence are set as it is chosen: fixed values, step 7); 3. the map
(setup quests dealt face up, then the automatic layout of pp. 8-9 or, with the option
``{"map_building": "rulebook"}``, the players' own building in engine/runewars/setup_map.py); 4. neutral units; 5. city
tokens at random; 7. the tactics cards; 8. per player, from the first player clockwise:
stronghold, starting units, then the runes (which home area holds the false rune is secret);
6, 9, 10: quest, hero and reward decks and the starting heroes (engine/runewars/heroes/setup.py);
12. last, one objective each. Every deck is shuffled at step 1 (step 10's shuffle, earlier:
nobody sees a deck, ruling R37).

Epic variant (option ``{"epic": true}``, p. 37): one face-up dragon rune in the home area its
player chooses instead of two dragon runes and a false rune, and the tactics and season
cards about false runes leave the decks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register, seats_from
from engine.runewars.banners import on as banners_on
from engine.runewars.banners.board import BannersBoard
from engine.runewars.banners.variants import VariantsBoard, any_variant
from engine.runewars.battle.policy import policy_from_spec
from engine.runewars.cards import initial_titles, shuffled_decks
from engine.runewars.cull import AREA_UNIT_LIMIT
from engine.runewars.data import Pack
from engine.runewars.effects.objectives import StartingObjectives, deal_starting_tactics
from engine.runewars.flow import procedure, prompt_kind, push, setup_id
from engine.runewars.heroes.setup import start_heroes
from engine.runewars.map import Board, auto_layout
from engine.runewars.seasons import order_numbers, start_campaign
from engine.runewars.setup_map import MapBuild, map_mode
from engine.runewars.state import Area, Deck, Player, Rune, RunewarsBoard, Stronghold


def start(state: GameState, pack: Pack, ctx: Context) -> None:
    """Setup step 1 (first player by fate card) and the first faction prompt."""
    map_mode(state.options)  # an unknown map option is refused before anything is dealt
    seats = state.seat_count
    deck = [card.id for card in pack.fate_cards]
    ctx.rng.shuffle(deck)
    drawn = {seat: deck[seat] for seat in range(seats)}
    number = {card.id: card.number for card in pack.fate_cards}
    first = max(drawn, key=lambda seat: number[drawn[seat]])
    ctx.emit("first_player_drawn", cards=[number[drawn[s]] for s in range(seats)], first_player=first)
    ctx.rng.shuffle(deck)  # step 10: every deck is shuffled before play
    state.board = board_type(state.options)(
        phase="setup.faction",
        players=[Player(seat, hand=order_numbers(pack)) for seat in range(seats)],
        first_player=first,
        decks={"fate": Deck(deck), **shuffled_decks(pack, ctx.rng)},
        titles=initial_titles(pack),
        setup_queue=seats_from(first, seats),
    )
    state.board.battle_policy = battle_policies(state.options, seats)
    if state.options.get("epic"):
        _remove_false_rune_cards(pack, state.board)
    remove_variant_cards(pack, state.board, epic=bool(state.options.get("epic")), options=state.options)
    _open_faction_prompt(state, pack)


def board_type(options: Mapping[str, Any]) -> type[RunewarsBoard]:
    """The expansion's board (more fields) with Banners of War, else the base board (unchanged states); with one of
    its variants, the variants' board (engine.runewars.banners.variants)."""
    if any_variant(options):
        return VariantsBoard
    return BannersBoard if banners_on(options) else RunewarsBoard


def remove_variant_cards(
    pack: Pack, board: RunewarsBoard, *, epic: bool = False, options: Mapping[str, Any] | None = None
) -> None:
    """Cards for a variant not in play leave the tactics deck at setup (Banners of War: „Generalleutnant“ without
    the Commanders variant, „abwerfen und eine neue Karte ziehen“ comes to the same; ruling R-BW8). With the epic
    variant the cards that make their player reveal a rune token go too: „können … abgeworfen und durch eine neu
    gezogene Karte ersetzt werden“, and with every rune face up they could never be played (R-BW12). A card whose
    variant is among ``options`` stays (issue 24: „Generalleutnant“ with Commanders)."""
    options = options or {}
    unused = {
        c.id
        for c in pack.cards.get("tactics_card", ())
        if (c.attrs.get("requires") and not options.get(str(c.attrs["requires"])))
        or (epic and any(e.get("do") == "reveal_rune" for e in c.attrs.get("effects", ())))
    }
    if unused and "tactics" in board.decks:
        board.decks["tactics"].draw = [c for c in board.decks["tactics"].draw if c not in unused]


def battle_policies(options: Mapping[str, Any], seats: int) -> dict[int, dict[str, str]]:
    """``options["battle_policy"]``: seat -> "automatic", "manual" or a table (engine.runewars.battle.policy)."""
    wanted = options.get("battle_policy", {})
    if not isinstance(wanted, Mapping) or not all(str(s).isdigit() and int(s) < seats for s in wanted):
        raise InvalidAction(N_("options.battle_policy maps seats 0-{last} to a battle policy", last=seats - 1))
    return {int(seat): policy_from_spec(spec) for seat, spec in wanted.items()}


#: card effects that need face-down runes, which only false runes make worth looking at
FALSE_RUNE_EFFECTS = {"peek_rune"}


def _remove_false_rune_cards(pack: Pack, board: RunewarsBoard) -> None:
    """p. 37 „Taktik- oder Jahreszeitenkarten mit Bezug auf falsche Runen werden abgeworfen und es wird eine
    neue Karte für sie gezogen“: they leave the tactics and season decks at setup, which comes to the same (ruling)."""
    unused = {
        card.id
        for kind in ("tactics_card", "season_card")
        for card in pack.cards.get(kind, ())
        if any(effect.get("do") in FALSE_RUNE_EFFECTS for effect in card.attrs.get("effects", ()))
    }
    for name, deck in board.decks.items():
        if name == "tactics" or name.startswith("season."):
            deck.draw = [card for card in deck.draw if card not in unused]


# -- step 2: factions --------------------------------------------------------------------


def free_factions(board: RunewarsBoard, pack: Pack) -> list[str]:
    taken = {p.faction for p in board.players}
    return [f for f in sorted(pack.factions) if f not in taken]


def new_player(pack: Pack, seat: int, faction_id: str) -> Player:
    """A player as their faction sheet starts them (p. 8 Aufbau 2 and 7): dials, influence, home realm."""
    faction = pack.faction(faction_id)
    return Player(
        seat=seat,
        faction=faction_id,
        dials={resource: dial.start for resource, dial in faction.dials.items()},
        influence=faction.start_influence,
        home_areas=list(pack.tile(faction.home_tile).areas),
        hand=order_numbers(pack),
    )


def _open_faction_prompt(state: GameState, pack: Pack) -> None:
    board: RunewarsBoard = state.board
    seat = board.setup_queue[0]
    options = free_factions(board, pack)
    pid = setup_id("faction", seat)
    forced = Action(seat, pid, "faction", {"faction": options[0]}) if len(options) == 1 else None
    state.open([Prompt(pid, seat, "choose_faction", info={"factions": options}, forced=forced)])


def choose_faction(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    faction_id = action.args.get("faction")
    options = free_factions(board, pack)
    if faction_id not in options:
        raise IllegalAction(
            N_("'{faction_id}' is not a faction you can choose.", faction_id=faction_id),
            rule="p. 8, Aufbau 2",
            alternatives=legal(state, pack, prompt),
        )
    board.players[action.seat] = new_player(pack, action.seat, faction_id)
    state.close(prompt.id)
    ctx.emit("faction_chosen", seat=action.seat, faction=faction_id)
    board.setup_queue.pop(0)
    if board.setup_queue:
        _open_faction_prompt(state, pack)
        return
    _build_map(state, pack, ctx)


# -- steps 3-7: map, neutrals, cities, resources ----------------------------------------


def _build_map(state: GameState, pack: Pack, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    quests = [q.id for q in pack.setup_quests]
    ctx.rng.shuffle(quests)
    tile_of_quest = {q.id: q.tile for q in pack.setup_quests}
    board.setup_quests = [quests[2 * seat : 2 * seat + 2] for seat in range(state.seat_count)]
    ctx.emit("setup_quests_dealt", quests=board.setup_quests)
    if map_mode(state.options) == "rulebook":
        board.phase = "setup.map"
        push(state, MapBuilt())
        push(state, MapBuild())
        return
    tiles_by_seat = [[tile_of_quest[q] for q in dealt] for dealt in board.setup_quests]
    homes = [pack.faction(p.faction).home_tile for p in board.players]
    board.placements = auto_layout(pack, board.first_player, tiles_by_seat, homes, ctx.rng)
    _populate_map(state, pack, ctx)


@register
@dataclass
class MapBuilt:
    """Waits under the players' map build (setup_map.MapBuild), then goes on with setup step 4."""


@procedure(MapBuilt)
def _after_rulebook_map(state: GameState, pack: Pack, frame: MapBuilt, ctx: Context) -> bool:
    _populate_map(state, pack, ctx)
    return True


def _populate_map(state: GameState, pack: Pack, ctx: Context) -> None:
    """Steps 4-5 on the finished map (neutral units, city tokens), then step 8 begins."""
    board: RunewarsBoard = state.board
    geometry = Board(pack, board.placements)
    board.areas = {area: Area(area) for area in geometry.areas}
    for area_id, area in board.areas.items():
        for unit, count in pack.areas[area_id].neutrals.items():
            area.add_units(None, unit, count)
    city_spaces = [a for a in geometry.areas if pack.areas[a].city]
    tokens = [c.id for c in pack.city_tokens if c.at_setup]  # not the Sunken City (Banners of War)
    ctx.rng.shuffle(tokens)
    for area_id, token in zip(city_spaces, tokens):
        board.areas[area_id].city = token
    board.rune_supply = {"dragon": pack.rune_tokens.dragon, "false": pack.rune_tokens.false}
    ctx.emit("map_built", placements=list(board.placements), cities={a: board.areas[a].city for a in city_spaces})
    deal_starting_tactics(state, pack, ctx)  # step 7 (dials and influence were set with the faction, step 2)
    board.phase = "setup.stronghold"
    board.setup_queue = seats_from(board.first_player, state.seat_count)
    _open_stronghold_prompt(state)


# -- step 8: stronghold, starting units, runes -----------------------------------------


def _open_stronghold_prompt(state: GameState) -> None:
    board: RunewarsBoard = state.board
    seat = board.setup_queue[0]
    home = board.players[seat].home_areas
    state.open([Prompt(setup_id("stronghold", seat), seat, "place_stronghold", info={"areas": home})])


def place_stronghold(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    area = action.args.get("area")
    if area not in board.players[action.seat].home_areas:
        raise IllegalAction(
            N_("Your first stronghold goes into your home realm."), rule="p. 8, Aufbau 8", alternatives=legal(state, pack, prompt)
        )
    board.areas[area].stronghold = Stronghold(action.seat)
    state.close(prompt.id)
    ctx.emit("stronghold_placed", seat=action.seat, area=area)
    _open_next_units_prompt(state, pack, action.seat)


def units_to_place(board: RunewarsBoard, pack: Pack, seat: int) -> dict[str, int]:
    player = board.players[seat]
    placed: dict[str, int] = {}
    for area in player.home_areas:
        for stack in board.areas[area].stacks:
            if stack.owner == seat:
                placed[stack.unit] = placed.get(stack.unit, 0) + stack.count
    return {
        u: n - placed.get(u, 0) for u, n in sorted(pack.faction(player.faction).starting_units().items()) if n > placed.get(u, 0)
    }


def _open_next_units_prompt(state: GameState, pack: Pack, seat: int) -> None:
    board: RunewarsBoard = state.board
    remaining = units_to_place(board, pack, seat)
    if not remaining:
        home = board.players[seat].home_areas
        if state.options.get("epic"):
            state.open([Prompt(setup_id("runes", seat), seat, "place_dragon_rune", info={"areas": home})])
        else:
            state.open([Prompt(setup_id("runes", seat), seat, "place_false_rune", secret=True, info={"areas": home})])
        return
    unit, count = next(iter(remaining.items()))
    prompt = Prompt(
        setup_id("units", seat, unit),
        seat,
        "place_units",
        info={"unit": unit, "count": count, "areas": board.players[seat].home_areas},
    )
    answers = list(_distributions(board, seat, count))
    if len(answers) == 1:  # the units and the room left are public
        prompt = replace(prompt, forced=Action(seat, prompt.id, "place", {"areas": answers[0]}))
    state.open([prompt])


def _distributions(board: RunewarsBoard, seat: int, count: int) -> Iterator[dict[str, int]]:
    home = board.players[seat].home_areas
    room = [AREA_UNIT_LIMIT - board.areas[a].units_of(seat) for a in home]
    for split in product(*(range(min(r, count) + 1) for r in room)):
        if sum(split) == count:
            yield {a: n for a, n in zip(home, split) if n}


def place_units(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    split = action.args.get("areas")
    if not isinstance(split, dict) or not all(isinstance(n, int) and n > 0 for n in split.values()):
        raise InvalidAction(N_("place needs 'areas': {area: positive count}"))
    unit, count = prompt.info["unit"], prompt.info["count"]
    if split not in list(_distributions(board, action.seat, count)):
        raise IllegalAction(
            N_(
                "Place exactly {count} × {unit} in your home realm, at most {AREA_UNIT_LIMIT} of your units per area.",
                count=count,
                unit=unit,
                AREA_UNIT_LIMIT=AREA_UNIT_LIMIT,
            ),
            rule="p. 8, Aufbau 8; digest §6.4 (8 units per area)",
            alternatives=legal(state, pack, prompt)[:5],
        )
    for area, n in split.items():
        board.areas[area].add_units(action.seat, unit, n)
    state.close(prompt.id)
    ctx.emit("units_placed", seat=action.seat, unit=unit, areas=split)
    _open_next_units_prompt(state, pack, action.seat)


def place_false_rune(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    home = board.players[action.seat].home_areas
    false_area = action.args.get("area")
    if false_area not in home:
        raise IllegalAction(
            N_("The false rune goes into one of your home areas."), rule="p. 8, Aufbau 8", alternatives=legal(state, pack, prompt)
        )
    for area in home:
        board.areas[area].rune = Rune(dragon=area != false_area, known_to=[action.seat])
    board.rune_supply["dragon"] -= len(home) - 1
    board.rune_supply["false"] -= 1
    state.close(prompt.id)
    ctx.emit("runes_placed", seat=action.seat, areas=home)
    ctx.emit("your_false_rune", to=action.seat, area=false_area)
    _next_player(state, pack, ctx)


def place_dragon_rune(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """Epic variant, p. 37: „erhält jeder Spieler nur 1 Drachenrune für sein Heimatreich (anstatt 2 Drachenrunen und
    1 falsche Rune)“, and „Drachenrunen liegen immer offen aus“: face up, in the home area its player chooses (ruling)."""
    board: RunewarsBoard = state.board
    area = action.args.get("area")
    if area not in board.players[action.seat].home_areas:
        raise IllegalAction(
            N_("Your dragon rune goes into one of your home areas."),
            rule="p. 37 (Epische Spielvariante)",
            alternatives=legal(state, pack, prompt),
        )
    board.areas[area].rune = Rune(dragon=True, known_to=[action.seat], face_up=True)
    board.rune_supply["dragon"] -= int(pack.constant("epic_starting_dragon_runes"))
    state.close(prompt.id)
    ctx.emit("runes_placed", seat=action.seat, areas=[area], face_up=True)
    _next_player(state, pack, ctx)


def _next_player(state: GameState, pack: Pack, ctx: Context) -> None:
    """Step 8 for the next player, or the end of setup."""
    board: RunewarsBoard = state.board
    board.setup_queue.pop(0)
    if board.setup_queue:
        _open_stronghold_prompt(state)
        return
    board.phase = "setup.done"
    ctx.emit("setup_complete")
    start_campaign(state, pack)
    push(state, StartingObjectives())  # step 12, the last: once the heroes stand
    start_heroes(state, pack)  # steps 6, 9, 10 for quests, heroes, rewards: on top (engine/runewars/heroes/setup.py)


# -- legal answers -------------------------------------------------------------------------


AREA_CHOICES = {"place_stronghold": "stronghold", "place_false_rune": "false_rune", "place_dragon_rune": "dragon_rune"}


def legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    board: RunewarsBoard = state.board
    seat, pid = prompt.seat, prompt.id
    if prompt.kind == "choose_faction":
        return [Action(seat, pid, "faction", {"faction": f}) for f in free_factions(board, pack)]
    if prompt.kind in AREA_CHOICES:
        choice = AREA_CHOICES[prompt.kind]
        return [Action(seat, pid, choice, {"area": a}) for a in board.players[seat].home_areas]
    if prompt.kind == "place_units":
        return [Action(seat, pid, "place", {"areas": split}) for split in _distributions(board, seat, prompt.info["count"])]
    raise InvalidAction(N_("unknown setup prompt {kind}", kind=prompt.kind))


for _kind, _choice, _resolve in (
    ("choose_faction", "faction", choose_faction),
    ("place_stronghold", "stronghold", place_stronghold),
    ("place_units", "place", place_units),
    ("place_false_rune", "false_rune", place_false_rune),
    ("place_dragon_rune", "dragon_rune", place_dragon_rune),
):
    prompt_kind(_kind, choices={_choice}, legal=legal)(_resolve)
