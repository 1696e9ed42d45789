"""Setup for 1 to 4 players (rulebook pp. 4-5, "Variabler Aufbau" p. 4)."""

from __future__ import annotations

from engine.core import N_, Context, GameState, IllegalAction
from engine.runeage.cards import Pack, gold_name
from engine.runeage.state import HAND_SIZE, RuneageBoard, RuneagePlayer, draw

#: players -> (1-gold, 2-gold, 3-gold, neutral cards per pile, neutral cities), p. 4
VARIABLE_SETUP = {4: (24, 14, 10, 5, 5), 3: (19, 12, 8, 4, 4), 2: (14, 10, 6, 3, 3), 1: (9, 8, 4, 2, 2)}
STARTING_GOLD = 5  # p. 5 step 8
STARTING_UNITS = 3


def neutral_types(pack: Pack, scenario: str, swap: bool, ctx: Context) -> list[str]:
    """The Objective card's three neutral types (p. 4); with the optional rule (p. 17) each type is
    swapped for another of the same influence cost where one exists (house: at random)."""
    chosen = list(pack.scenarios[scenario]["neutrals"])
    if not swap:
        return chosen
    for i, name in enumerate(list(chosen)):
        cost = pack.neutrals[name]["cost"]
        others = sorted(n for n, c in pack.neutrals.items() if c["cost"] == cost and n not in chosen)
        if others:
            chosen[i] = others[ctx.rng.below(len(others))]
    return chosen


def event_deck(pack: Pack, scenario: str, seats: int, pure_coop: bool, ctx: Context) -> list[str]:
    """p. 5 step 10: level 2 shuffled below, level 1 shuffled on top (Weltenbrand: level 3 at the
    bottom); solo and pure co-op removals first (pp. 15-16)."""
    info = pack.scenarios[scenario]
    removed = set(info.get("solo_removes", [])) if seats == 1 else set()
    if pure_coop:
        removed |= set(info.get("pure_coop_removes", []))
    cards = [e for e in pack.events.values() if e["scenario"] == scenario and e["name"] not in removed]
    deck: list[str] = []
    for level in range(1, int(info["levels"]) + 1):
        layer = sorted(e["name"] for e in cards if int(e["level"]) == level)
        ctx.rng.shuffle(layer)
        deck += layer
    return deck


def setup(state: GameState, pack: Pack, ctx: Context) -> None:
    options = state.options
    scenario = str(options.get("scenario", "drachenlords"))
    n = state.seat_count
    if n == 1 and not pack.scenarios[scenario].get("solo"):  # pp. 15-16: Runenkriege and Das Monument are 2-4
        raise IllegalAction(
            N_(
                "{scenario} needs 2 to 4 players; alone, play Rückkehr der Drachenlords or Weltenbrand.",
                scenario=pack.scenarios[scenario].get("objective", scenario),
            ),
            rule="pp. 15-16 (Die Szenarien)",
        )
    ones, twos, threes, per_pile, city_count = VARIABLE_SETUP[n]
    races = sorted(pack.races)
    ctx.rng.shuffle(races)
    start = ctx.rng.below(n)
    neutrals = neutral_types(pack, scenario, bool(options.get("swap_neutrals", False)), ctx)
    cities = sorted(pack.cities)
    ctx.rng.shuffle(cities)
    players = []
    for seat in range(n):
        race = pack.races[races[seat]]
        barracks = {u["name"]: int(u["count"]) for u in race["units"]}
        cheapest = next(u["name"] for u in race["units"] if int(u["cost"]) == 1)
        barracks[cheapest] -= STARTING_UNITS
        deck = [gold_name(1)] * STARTING_GOLD + [cheapest] * STARTING_UNITS
        ctx.rng.shuffle(deck)
        monument = next((m["name"] for m in pack.monuments.values() if m["race"] == race["id"]), None)
        players.append(
            RuneagePlayer(
                race=race["id"],
                realm=race["home_realm"]["name"],
                deck=deck,
                barracks=barracks,
                strongholds_left=[s["name"] for s in race["strongholds"]],
                monument=monument if scenario == "monument" else None,
            )
        )
    runes: list[str] = []
    if scenario == "runenkriege":
        runes = sorted(pack.runes)
        ctx.rng.shuffle(runes)
        for player in players:
            player.rune = {"name": runes.pop(0), "ready": True}
    board = RuneageBoard(
        scenario=scenario,
        round=1,
        start=start,
        players=players,
        gold={"1": ones - STARTING_GOLD * n, "2": twos, "3": threes},
        neutrals={name: per_pile for name in neutrals},
        cities=cities[:city_count],
        event_deck=event_deck(pack, scenario, n, bool(options.get("pure_coop", False)), ctx),
        objective=pack.scenarios[scenario]["objective"],
        unused_runes=runes,
        active=start,
        round_limit=int(options.get("round_limit", 30)),
    )
    state.board = board
    ctx.emit(
        "game_set_up",
        scenario=scenario,
        races=[p.race for p in players],
        start=start,
        cities=list(board.cities),
        neutrals=list(neutrals),
        runes=[p.rune["name"] if p.rune else None for p in players],
    )
    for seat in range(n):
        draw(board, seat, HAND_SIZE, ctx)
