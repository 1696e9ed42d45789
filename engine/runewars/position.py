"""Scenario positions for Runewars: a board described directly (docs/scenarios.md).

```toml
[position]
factions = ["humans", "uthuk"]                 # by seat; home areas, dials and influence follow
first_player = 1                               # default 0
placements = [{ tile = "tile-1", rotation = 0, q = 0, r = 0 }]   # default: the automatic map
neutrals = "printed"                           # "printed" (as on the tiles, the default) or "none"

[position.players.0]                           # optional per seat (TOML keys are strings)
influence = 4
dials = { food = 3, wood = 2, ore = 1 }
played = [3, 5]                                # order cards played earlier this year (the rest is in hand)
tactics = ["card-id"]                          # tactics cards in hand
drawn_this_season = ["card-id"]                # of those, drawn in the position's season (Banners of War, exp. p. 7)
objective = "card-id"
battle_policy = "manual"                       # "automatic" (default), "manual" or {order = "ask", …} (battle.policy)
quests = ["setup-3"]                           # quest cards in hand (secret)

[position.season]                              # default: spring of year 1, choosing orders
year = 1
name = "autumn"
start = "card"                                 # "card" (the season card), "orders" (choosing) or "turn"
previous_orders = { 0 = 3, 1 = 5 }             # last season's numbers (order of the second functions)
orders = { 0 = 1, 1 = 3 }                      # start = "turn": this season's revealed orders
turn = 1                                       # start = "turn": whose turn it is (earlier seats are done)

[position.titles.primarch_des_rates_der_magier]
holder = 0
influence = 2

[position.decks]                               # a deck in forced order, top first (ids are not checked,
tactics = ["card-id", "card-id"]               # so a test may use stand-in cards)

[[position.frames]]                            # procedures running on top of the season, innermost last:
type = "Bid"                                   # a frame class and its fields (a card's bid, a RuneGain …)
prize = "dragon_rune"

[[position.heroes]]                            # a hero in play (engine/runewars/heroes/setup.py)
card = "silhouette"
owner = 1
area = "11A"
damage = 1                                     # default 0; also routed = true, training = { agility = 2 }
rewards = ["runenpanzer"]                      # under the hero card, face down unless listed in face_up
face_up = []

[[position.defeated_heroes]]                   # rewards beside the board under a numbered token
number = 1
area = "2A"
rewards = ["kettenhemd"]

[position.exploration.2B]                      # an exploration token (optional rule, p. 37)
token = "temple"
face_up = false

[position.battle]                              # a battle starting in an area the attacker's units already entered
area = "1B"
attacker = 0
conquer = true                                 # caused by the Conquer order (default false)

[position.areas.1A]                            # a listed area is set exactly as described
units = [{ owner = 0, unit = "human_infantry", standing = 2, routed = 1 }]  # owner "neutral" too (ally = a seat)
stronghold = { owner = 0, damaged = false }
development = "humans.resources"               # needs the owner's stronghold
rune = { kind = "dragon", known_to = [0], face_up = false }
city = "city-1"
activated_by = [1]
```
Unknown keys, areas, units, tiles and factions are refused with a message naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import N_, GameState, InvalidAction
from engine.core.codec import from_plain
from engine.runewars.banners.board import BannersBoard
from engine.runewars.banners.variants import load_variants
from engine.runewars.battle.policy import policy_from_spec
from engine.runewars.battle.procedure import new_battle
from engine.runewars.cards import initial_titles, shuffled_decks
from engine.runewars.data import Pack
from engine.runewars.flow import push
from engine.runewars.heroes.setup import load_hero_position
from engine.runewars.map import Board, Placement, auto_layout
from engine.runewars.seasons import SEASONS, Season, start_campaign
from engine.runewars.setup import board_type, new_player
from engine.runewars.state import Area, Deck, Rune, RunewarsBoard, Stack, Stronghold, Title
from engine.runewars.turn_order import player_order

POSITION_KEYS = {
    "factions",
    "first_player",
    "placements",
    "neutrals",
    "players",
    "areas",
    "fate_deck",
    "season",
    "titles",
    "decks",
    "frames",
    "battle",
    "heroes",
    "defeated_heroes",
    "exploration",
    "banners",
    "variants",
}
PLAYER_KEYS = {"influence", "dials", "played", "tactics", "drawn_this_season", "objective", "battle_policy", "quests"}
AREA_KEYS = {"units", "stronghold", "rune", "city", "activated_by", "development"}
SEASON_KEYS = {"year", "name", "start", "previous_orders", "orders", "turn"}


def load_position(state: GameState, pack: Pack, position: Mapping[str, Any], rng) -> None:
    _no_unknown(position, POSITION_KEYS, "position")
    factions = list(position.get("factions", []))
    if len(factions) != state.seat_count or len(set(factions)) != len(factions) or not set(factions) <= set(pack.factions):
        raise InvalidAction(
            N_(
                "position.factions must name {seat_count} different factions of {factions}",
                seat_count=state.seat_count,
                factions=sorted(pack.factions),
            )
        )
    first = int(position.get("first_player", 0))
    players = [new_player(pack, seat, faction) for seat, faction in enumerate(factions)]
    for seat_key, overrides in position.get("players", {}).items():
        _no_unknown(overrides, PLAYER_KEYS, f"players.{seat_key}")
        player = players[int(seat_key)]
        player.influence = int(overrides.get("influence", player.influence))
        player.dials.update({r: int(v) for r, v in overrides.get("dials", {}).items()})
        player.played = [int(n) for n in overrides.get("played", [])]
        player.hand = [n for n in player.hand if n not in player.played]
        player.tactics = _cards(pack, "tactics_card", overrides.get("tactics", []), f"players.{seat_key}.tactics")
        drawn = [str(c) for c in overrides.get("drawn_this_season", [])]
        if not set(drawn) <= set(player.tactics):
            raise InvalidAction(
                N_("position.players.{seat_key}.drawn_this_season: only cards of the player's tactics", seat_key=seat_key)
            )
        season = position.get("season", {})
        player.tactics_drawn = {c: f"{int(season.get('year', 1))}/{season.get('name', 'spring')}" for c in drawn}
        if "objective" in overrides:
            player.objective = _cards(pack, "objective", [overrides["objective"]], f"players.{seat_key}.objective")[0]
    placements = _placements(pack, position, first, factions, rng)
    areas = {a: Area(a) for a in Board(pack, placements).areas}
    if position.get("neutrals", "printed") == "printed":
        for area_id, area in areas.items():
            for unit, count in pack.areas[area_id].neutrals.items():
                area.add_units(None, unit, count)
    for area_id, spec in position.get("areas", {}).items():
        if area_id not in areas:
            raise InvalidAction(
                N_(
                    "position.areas.{area_id}: no such area on this map (areas: {areas})",
                    area_id=area_id,
                    areas=", ".join(sorted(areas)),
                )
            )
        areas[area_id] = _area(pack, area_id, spec, factions)
    fate_deck = list(position.get("fate_deck", [c.id for c in pack.fate_cards]))
    unknown_cards = set(fate_deck) - {c.id for c in pack.fate_cards}
    if unknown_cards:
        raise InvalidAction(N_("position.fate_deck: unknown fate cards {unknown_cards}", unknown_cards=sorted(unknown_cards)))
    state.board = board = board_type(state.options)(
        phase="setup.done",
        players=players,
        first_player=first,
        placements=placements,
        areas=areas,
        decks={"fate": Deck(fate_deck), **shuffled_decks(pack, rng)},
        titles=initial_titles(pack),
        rune_supply=_rune_supply(pack, areas),
    )
    _load_banners(board, position.get("banners", {}))
    load_variants(board, position.get("variants", {}))  # the Banners of War variants (engine.runewars.banners.variants)
    load_hero_position(board, pack, position, rng)
    for name, order in position.get("decks", {}).items():
        if name not in board.decks or name == "fate":
            raise InvalidAction(
                N_(
                    "position.decks: no deck '{name}' (decks: {decks}; the fate deck is fate_deck)",
                    name=name,
                    decks=sorted(set(board.decks) - {"fate"}),
                )
            )
        board.decks[name] = Deck(list(order))
    for title_id, spec in position.get("titles", {}).items():
        if title_id not in board.titles:
            raise InvalidAction(
                N_("position.titles: no title '{title_id}' (titles: {titles})", title_id=title_id, titles=sorted(board.titles))
            )
        _no_unknown(spec, {"holder", "influence"}, f"titles.{title_id}")
        board.titles[title_id] = Title(spec.get("holder"), int(spec.get("influence", 0)))
    state.prompts = []
    _start_in_season(state, pack, position.get("season", {"year": 1, "name": "spring", "start": "orders"}))
    for seat_key, overrides in position.get("players", {}).items():
        if "battle_policy" in overrides:
            board.battle_policy[int(seat_key)] = policy_from_spec(overrides["battle_policy"])
    for spec in position.get("frames", []):
        _push_frame(state, spec)
    if "battle" in position:
        _push_battle(state, position["battle"])


def _start_in_season(state: GameState, pack: Pack, spec: Mapping[str, Any]) -> None:
    """Put the game at the season card, the order choice or a player's turn of a given season."""
    _no_unknown(spec, SEASON_KEYS, "season")
    board: RunewarsBoard = state.board
    start = spec.get("start", "card")
    if start not in ("card", "orders", "turn") or spec.get("name") not in SEASONS:
        raise InvalidAction(
            N_("position.season: name is one of {SEASONS} and start one of card, orders, turn", SEASONS=list(SEASONS))
        )
    board.phase, board.year, board.season = "play", int(spec.get("year", 1)), spec["name"]
    board.previous_orders = {int(s): int(n) for s, n in spec.get("previous_orders", {}).items()}
    start_campaign(state, pack)
    season = Season(step=start)
    if start == "turn":
        board.current_orders = {int(s): int(n) for s, n in spec.get("orders", {}).items()}
        if set(board.current_orders) != {p.seat for p in board.players}:
            raise InvalidAction(N_("position.season.orders: give every seat's order number for start = 'turn'"))
        for seat, number in board.current_orders.items():
            player = board.players[seat]
            if number not in player.hand:
                raise InvalidAction(
                    N_("position.season.orders: seat {seat} already played {number} this year", seat=seat, number=number)
                )
            player.hand.remove(number)
            player.played.append(number)
        order = player_order(board, pack, board.current_orders)
        turn = int(spec.get("turn", order[0]))
        season.step, season.turns_left = "turns", order[order.index(turn) :]
    push(state, season)


def _push_frame(state: GameState, spec: Mapping[str, Any]) -> None:
    fields = {k: v for k, v in spec.items() if k != "type"}
    try:
        push(state, from_plain({"$type": spec.get("type"), **fields}))
    except TypeError as exc:
        raise InvalidAction(
            N_("position.frames: {exc} (give type = a frame class with a procedure, and its fields)", exc=exc)
        ) from None


def _push_battle(state: GameState, spec: Mapping[str, Any]) -> None:
    _no_unknown(spec, {"area", "attacker", "conquer"}, "battle")
    if spec.get("area") not in state.board.areas or spec.get("attacker") not in range(state.seat_count):
        raise InvalidAction(N_("position.battle: area (an area on the map) and attacker (a seat) are required"))
    push(state, new_battle(state, spec["area"], int(spec["attacker"]), conquer=bool(spec.get("conquer", False))))


def _placements(pack: Pack, position: Mapping[str, Any], first: int, factions: list[str], rng) -> list[Placement]:
    if "placements" in position:
        placements = []
        for spec in position["placements"]:
            _no_unknown(spec, {"tile", "rotation", "q", "r"}, "placements")
            try:
                pack.tile(spec["tile"])
            except KeyError:
                raise InvalidAction(N_("position.placements: unknown tile '{tile}'", tile=spec["tile"])) from None
            placements.append(Placement(spec["tile"], int(spec.get("rotation", 0)), int(spec.get("q", 0)), int(spec.get("r", 0))))
        return placements
    normal = [t.id for t in pack.tiles if not t.is_home]
    rng.shuffle(normal)
    homes = [pack.faction(f).home_tile for f in factions]
    return auto_layout(pack, first, [normal[2 * i : 2 * i + 2] for i in range(len(factions))], homes, rng)


def _area(pack: Pack, area_id: str, spec: Mapping[str, Any], factions: list[str]) -> Area:
    seats = len(factions)
    _no_unknown(spec, AREA_KEYS, f"areas.{area_id}")
    area = Area(area_id, city=spec.get("city"), activated_by=[int(s) for s in spec.get("activated_by", [])])
    for unit in spec.get("units", []):
        _no_unknown(unit, {"owner", "unit", "standing", "routed", "ally"}, f"areas.{area_id}.units")
        if unit.get("unit") not in pack.units:
            raise InvalidAction(N_("position.areas.{area}: unknown unit '{unit}'", area=area_id, unit=unit.get("unit")))
        owner = None if unit.get("owner") == "neutral" else int(unit["owner"])
        ally = None if owner is not None or unit.get("ally") is None else int(unit["ally"])
        area.stacks.append(Stack(owner, unit["unit"], int(unit.get("standing", 0)), int(unit.get("routed", 0)), ally))
    if "stronghold" in spec:
        area.stronghold = Stronghold(int(spec["stronghold"]["owner"]), bool(spec["stronghold"].get("damaged", False)))
    if "development" in spec:
        development = next((d for d in pack.developments if d.id == spec["development"]), None)
        if development is None or area.stronghold is None or development.faction != factions[area.stronghold.owner]:
            raise InvalidAction(
                N_(
                    "position.areas.{area_id}.development: a development of the stronghold owner's faction, in an area with their stronghold",
                    area_id=area_id,
                )
            )
        area.development = development.id
    if "rune" in spec:
        rune = spec["rune"]
        if rune.get("kind") not in ("dragon", "false"):
            raise InvalidAction(N_("position.areas.{area_id}.rune.kind must be 'dragon' or 'false'", area_id=area_id))
        area.rune = Rune(
            rune["kind"] == "dragon", sorted(int(s) for s in rune.get("known_to", [])), bool(rune.get("face_up", False))
        )
    if area.city is not None and area.city not in {c.id for c in pack.city_tokens}:
        raise InvalidAction(N_("position.areas.{area_id}: unknown city token '{city}'", area_id=area_id, city=area.city))
    if any(not 0 <= s < seats for s in area.activated_by) or any(
        s.owner is not None and not 0 <= s.owner < seats for s in area.stacks
    ):
        raise InvalidAction(N_("position.areas.{area_id}: a seat number is out of range", area_id=area_id))
    return area


def _rune_supply(pack: Pack, areas: Mapping[str, Area]) -> dict[str, int]:
    on_map = [a.rune for a in areas.values() if a.rune]
    return {
        "dragon": pack.rune_tokens.dragon - sum(r.dragon for r in on_map),
        "false": pack.rune_tokens.false - sum(not r.dragon for r in on_map),
    }


def _no_unknown(spec: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(spec) - allowed
    if unknown:
        raise InvalidAction(
            N_(
                "position.{where}: unknown keys {unknown} (allowed: {allowed})",
                where=where,
                unknown=sorted(unknown),
                allowed=sorted(allowed),
            )
        )


def _cards(pack: Pack, kind: str, ids: list[str], where: str) -> list[str]:
    known = {card.id for card in pack.cards.get(kind, ())}
    unknown = [c for c in ids if c not in known]
    if unknown:
        raise InvalidAction(N_("position.{where}: unknown cards {unknown}", where=where, unknown=unknown))
    return list(ids)


def _load_banners(board: RunewarsBoard, spec: Mapping[str, Any]) -> None:
    """``banners``: the expansion's tokens (Banners of War): ``desolation`` [areas], ``cryomancy`` {area: n},
    ``sunken_city`` (the area where the Sunken City lies)."""
    if not spec:
        return
    _no_unknown(spec, {"desolation", "cryomancy", "sunken_city"}, "banners")
    if not isinstance(board, BannersBoard):
        raise InvalidAction(N_("position.banners needs the option banners_of_war"))
    sunken = str(spec.get("sunken_city", ""))
    unknown = (set(spec.get("desolation", [])) | set(spec.get("cryomancy", {})) | ({sunken} - {""})) - set(board.areas)
    if unknown:
        raise InvalidAction(N_("position.banners: no such areas {unknown}", unknown=sorted(unknown)))
    board.desolation = list(spec.get("desolation", []))
    board.cryomancy = {str(a): int(n) for a, n in spec.get("cryomancy", {}).items()}
    if sunken:
        board.sunken_city = sunken
        board.areas[sunken].city = "sunken-city"
