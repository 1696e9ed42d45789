"""Rune Age's self-play hooks for ``python -m bot simulate --game runeage`` (engine/simulation.py):
rounds played, the invariants after every action (card conservation across every zone, damage,
prompts), the secrecy of views under redrawn hidden information, and the game's figures."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

from engine.core import Action, Engine, GameState, Transition
from engine.runeage.cards import Pack
from engine.runeage.hidden import permute_hidden
from engine.runeage.state import ELIMINATION, RuneageBoard
from engine.simulation import view_leaks

#: event kinds only their own seats may see
PRIVATE_KINDS = frozenset({"you_drew", "you_took"})
#: the figures issue 27 item 7 asks for, reported even when zero
COUNTED = (
    "influence_actions",
    "battles:enemy",
    "battles:city",
    "battles:stronghold",
    "battles:effect",
    "battles:objective",
    "sieges:realm",
    "sieges:city",
    "strongholds_taken",
    "strongholds_bought",
    "cities_captured",
    "cities_lost",
    "casualty_rolls",
    "rewards_gained",
    "eliminations",
    "runes_changed_hands",
    "runes_discovered",
    "monuments_built",
    "unit_actions",
)


def progress(state: GameState) -> int:
    board = state.board
    return 0 if board is None else board.round - 1


def cards_in_play(board: RuneageBoard) -> Counter[str]:
    """Every card of the game wherever it is: players' zones, the centre, the event cards, the box."""
    found: Counter[str] = Counter()
    for p in board.players:
        found.update(p.hand + p.deck + p.discard + p.strongholds_left)
        found.update({k: v for k, v in p.barracks.items() if v})
        found.update(r["name"] for r in p.strongholds + p.cities + p.rewards)
        if p.rune:
            found[p.rune["name"]] += 1
        if p.monument:
            found[p.monument] += 1
        if not p.eliminated:
            found[p.realm] += 1
    found.update({f"{v} Gold": n for v, n in board.gold.items() if n})
    found.update({k: v for k, v in board.neutrals.items() if v})
    found.update(board.cities + board.enemies + board.event_deck + board.event_discard + board.removed + board.unused_runes)
    found.update(e["name"] for e in board.lasting)
    if board.combat is not None:
        found.update(u["name"] for army in board.combat["armies"] for u in army)
    if board.event is not None:
        found[board.event["card"]] += 1
    if board.pending_rune is not None:
        found[board.pending_rune["new"]] += 1
    return found


def state_problems(engine: Engine, state: GameState, baseline: Counter[str]) -> list[str]:
    board: RuneageBoard = state.board
    problems = [f"prompts: {p.kind} ({p.id}) has no legal answer" for p in state.prompts if not engine.ruleset.legal(state, p)]
    if state.result is None and not state.prompts:
        problems.append("prompts: the game is not over, yet nothing is asked")
    now = cards_in_play(board)
    if now != baseline:
        more, fewer = now - baseline, baseline - now
        problems.append(f"cards: not conserved (more {dict(more)}, fewer {dict(fewer)})")
    for seat, p in enumerate(board.players):
        if p.damage < 0 or p.eliminated != (p.damage >= ELIMINATION):
            problems.append(f"damage: seat {seat} has {p.damage} damage, eliminated {p.eliminated}")
        if p.eliminated and (p.hand or p.deck or p.discard):
            problems.append(f"elimination: seat {seat} still holds cards")
    if any(v < 0 for v in list(board.gold.values()) + list(board.neutrals.values())):
        problems.append("supply: a negative pile")
    return problems


def checks(
    engine: Engine, pack: Pack, *, seed: int, secrets_every: int
) -> Callable[[GameState, Action, Transition], tuple[list[str], list[str]]]:
    rng = Random(seed)
    steps = [0]
    baseline: list[Counter[str]] = []

    def check(before: GameState, action: Action, transition: Transition) -> tuple[list[str], list[str]]:
        steps[0] += 1
        state = transition.state
        if not baseline:
            baseline.append(cards_in_play(state.board))
        violations = state_problems(engine, state, baseline[0])
        leaks = [
            f"leak: the private event {e.kind} is public" for e in transition.events if e.kind in PRIVATE_KINDS and e.to is None
        ]
        if steps[0] % secrets_every == 0 or state.result is not None:
            leaks += view_leaks(engine, state, permute_hidden(state, rng), secret="a deck's order")
        return violations, leaks

    return check


def figures(finished: list[Any], *, options: dict[str, Any], pack: Pack) -> dict[str, Any]:
    """Counts over the finished games (issue 27 item 7) and the end reasons and rounds."""
    counts: Counter[str] = Counter({k: 0 for k in COUNTED})
    reasons: Counter[str] = Counter()
    rounds = []
    purchases: Counter[str] = Counter()
    events: Counter[str] = Counter()
    acquired: Counter[str] = Counter()
    for outcome in finished:
        game = outcome.game
        board: RuneageBoard = game.state.board
        rounds.append(board.round)
        reasons[str((game.state.result or {}).get("reason", "stopped_early"))] += 1
        for key, n in board.counts.items():
            if key.startswith("bought:"):
                purchases[key.removeprefix("bought:")] += n
            elif key.startswith("events:"):
                events[key.removeprefix("events:")] += n
            elif key.startswith("acquired:"):
                acquired[key.removeprefix("acquired:")] += n
            else:
                counts[key] += n
    return {
        "scenario": options.get("scenario", "drachenlords"),
        "end_reasons_by_scenario": {str(options.get("scenario", "drachenlords")): dict(reasons)},
        "rounds": {"min": min(rounds), "median": statistics.median(rounds), "max": max(rounds)} if rounds else None,
        "counts": dict(sorted(counts.items())),
        "purchases_by_kind_and_cost": dict(sorted(purchases.items())),
        "acquisitions": dict(sorted(acquired.items())),
        "events_by_level_and_kind": dict(sorted(events.items())),
    }


def picture(before: GameState, transition: Transition) -> str | None:
    """``demo``: ``round-NN`` of the table as each round ends (the next round begins, or the game
    is over), drawn from the public view."""
    board = before.board
    if board is not None and any(e.kind in ("round_started", "game_over") for e in transition.events):
        return f"round-{board.round:02d}"
    return None


def heading(event: Any) -> str | None:
    """``demo``'s log: ``Round N`` before each round's first turn."""
    if event.kind == "game_set_up":
        return "Round 1"
    if event.kind == "round_started":
        return f"Round {event.data['round']}"
    return None
