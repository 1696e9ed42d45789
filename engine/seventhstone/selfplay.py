"""Self-play hooks for ``python -m bot simulate --game seventhstone`` (engine.simulation; issue 29
item 7): the progress in years, the invariants checked after every action, the leak check and the
report's figures (wins by people and by seat with 95% intervals, years, end reasons, the year-limit
games and every count the issue names)."""

from __future__ import annotations

import statistics
from collections import Counter
from random import Random
from typing import Any

from engine.core import Action, Engine, GameState, Transition
from engine.seventhstone.hidden import permute_secrets
from engine.seventhstone.pack import Pack, pack_for
from engine.seventhstone.state import StoneBoard, income, regulars

#: the counts the report lists (issue 29 item 7); each should be non-zero over enough games
COUNTS = (
    "event_volcano",
    "event_quicksand",
    "event_troop_expansion",
    "event_mercenary_dismissal",
    "event_water_crossing",
    "event_portals_open",
    "market_mercenaries",
    "market_equipment",
    "market_movement",
    "market_tournament",
    "lost_stone_found",
    "building_barracks",
    "building_manufactory",
    "building_wall",
    "units_melee",
    "units_ranged",
    "units_cavalry",
    "mercenaries_placed",
    "conflicts",
    "supports",
    "overruns",
    "walls_used",
    "destruction_rolls",
    "capitals_captured",
    "tournaments",
    "duels",
    "disbandings",
    "battles",
    "city_guards",
    "casualties",
    "army_splits",
    "swaps",
    "cycles",
    "dice_shares",
)
EQUIPMENT = (
    "teleportation",
    "speed",
    "agility",
    "master_strike",
    "precision",
    "power_strike",
    "shield",
    "prevention",
    "bribery",
    "explosive",
)


def progress(state: GameState) -> int:
    """Years finished."""
    b = state.board
    return 0 if b is None else max(0, b.year - (0 if b.phase == "event" else 1))


def invariants(state: GameState, pack: Pack) -> list[str]:
    """Resources conserved (storage + spent + regulars - debt == income), upkeep within income when no
    disbanding is awaited, the army, unit, mercenary, equipment and building limits."""
    b: StoneBoard = state.board
    if b is None or not b.storage:
        return []
    problems = []
    disbanding = any(p.kind == "disband" for p in state.prompts)
    setup = b.phase in ("people", "capital", "barracks")
    for s in state.seats:
        inc = income(b, s, state.options, pack)
        held = b.storage[s] + b.spent[s] + regulars(b, s) - b.debt[s]
        if not setup and held != inc:
            problems.append(
                f"resources of seat {s}: storage {b.storage[s]} + spent {b.spent[s]} + units - debt {b.debt[s]} != income {inc}"
            )
        if b.storage[s] < 0 or b.spent[s] < 0:
            problems.append(f"seat {s} has negative resources")
        if not disbanding and regulars(b, s) > inc and not setup:
            problems.append(f"seat {s}: upkeep {regulars(b, s)} above income {inc} with no disbanding open")
        per_type = Counter(a["type"] for a in b.armies if a["owner"] == s)
        if any(n > pack.limit("army_total_max") for n in per_type.values()):
            problems.append(f"seat {s} has more than {pack.limit('army_total_max')} armies of a type")
    cells: Counter[tuple[str, int]] = Counter((a["cell"], a["owner"]) for a in b.armies)
    if any(n > 1 for n in cells.values()):
        problems.append("two armies of one player on a field")
    for a in b.armies:
        if a["merc"] > a["reg"] and b.phase != "movement":
            problems.append(f"an army on {a['cell']} has more mercenaries than regulars")
        if a["reg"] + a["merc"] > b.unit_max:
            problems.append(f"an army on {a['cell']} is over the unit maximum")
        if a["reg"] + a["merc"] <= 0:
            problems.append(f"an empty army on {a['cell']}")
    for cell, here in b.buildings.items():
        if len(here) > pack.limit("buildings_per_field"):
            problems.append(f"{cell} has {len(here)} buildings")
    return problems


def checks(engine: Engine, pack: Any, *, seed: int, secrets_every: int) -> Any:
    rng = Random(seed)
    steps = [0]

    def check(before: GameState, action: Action, transition: Transition) -> tuple[list[str], list[str]]:
        steps[0] += 1
        state = transition.state
        the_pack = pack_for(state.options)
        violations = invariants(state, the_pack)
        violations += [f"prompts: {p.kind} has no legal answer" for p in state.prompts if not engine.ruleset.legal(state, p)]
        leaks: list[str] = []
        if steps[0] % secrets_every == 0 or state.result is not None:
            other = permute_secrets(state, rng)
            if engine.view(other, None) != engine.view(state, None):
                leaks.append("the public view changes when secret allocations, hands and tiles are redrawn")
        return violations, leaks

    return check


def figures(finished: list[Any], *, options: dict[str, Any], pack: Any) -> dict[str, Any]:
    from engine.simulation import wilson

    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seat_won: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    years: list[int] = []
    counts: Counter[str] = Counter({k: 0 for k in COUNTS})
    equipment: Counter[str] = Counter({k: 0 for k in EQUIPMENT})
    limit_games = []
    seats = 0
    for outcome in finished:
        game = outcome.game
        state = game.state
        b: StoneBoard = state.board
        seats = state.seat_count
        result = state.result or {}
        winners = result.get("winners") or []
        for s, people in enumerate(str(p) for p in b.people):
            played[people] += 1
            if s in winners:
                won[people] += 1
                seat_won[s] += 1
        reasons[str(result.get("reason", "stopped_early"))] += 1
        if result.get("reason") == "year_limit":
            limit_games.append(outcome.seed)
        years.append(b.year)
        for key, n in b.stats.items():
            if key.startswith("equipment_"):
                equipment[key.removeprefix("equipment_")] += n
            else:
                counts[key] += n
    total = len(finished)
    return {
        "wins_by_faction": {
            p: {
                "games": played[p],
                "wins": won[p],
                "rate": round(won[p] / played[p], 4) if played[p] else None,
                "ci95": wilson(won[p], played[p]),
            }
            for p in sorted(played)
        },
        "wins_by_seat": {
            str(s): {
                "wins": seat_won[s],
                "rate": round(seat_won[s] / total, 4) if total else None,
                "ci95": wilson(seat_won[s], total),
            }
            for s in range(seats)
        },
        "end_reasons": dict(reasons),
        "years": {"min": min(years), "median": statistics.median(years), "max": max(years)} if years else None,
        "year_limit_games": limit_games,
        "counts": dict(counts),
        "equipment_used": dict(equipment),
        "zero_counts": sorted(k for k, n in counts.items() if n == 0 and k not in impossible(seats)),
        "impossible_counts": sorted(impossible(seats)),
    }


def impossible(seats: int) -> set[str]:
    """Counts no game of ``seats`` players can raise: a share of the dice needs two possible targets,
    three players in one battle (digest §11.5, ruling R14), so never with 2 players."""
    return {"dice_shares"} if seats == 2 else set()


def picture(before: GameState, transition: Any) -> str | None:
    """``demo``: ``year-YY-market`` when the sheets are revealed (the markets resolved on the board
    and panel) and ``year-YY`` when a year ends (the board as the next year opens, or the game is over)."""
    b = transition.state.board
    kinds = {e.kind for e in transition.events}
    if "year_ends" in kinds:
        year = next(e.data["year"] for e in transition.events if e.kind == "year_ends")
        return f"year-{int(year):02d}"
    if "allocations_revealed" in kinds and b is not None:
        return f"year-{int(b.year):02d}-market"
    return None


def heading(event: Any) -> str | None:
    """``demo``'s log: ``Year N`` before each year's first event."""
    return f"Year {event.data['year']}" if event.kind == "year_begins" else None
