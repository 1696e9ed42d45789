"""Self-play hooks for ``python -m bot simulate --game ragnarok`` (engine/simulation.py): the
invariants after every action (conservation of armies, runes, priests, cards; limits), the
views' secrecy under redrawn hidden information, and the game's figures (end reasons, counts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any

from engine.core import Action, Engine, GameState, Transition
from engine.ragnarok.core import B, hand_limit, rune_count
from engine.ragnarok.hidden import permute_hidden
from engine.ragnarok.pack import RUNES, Pack
from engine.simulation import view_leaks

END_REASONS = ("mighty_jarl", "great_godi", "fearless_slayer", "ragnarok")


def progress(state: GameState) -> int:
    """Rounds finished: turns taken over the number of players."""
    return int(B(state).turn // state.seat_count) if state.board is not None else 0


def invariants(state: GameState, pack: Pack) -> list[str]:
    out: list[str] = []
    if state.board is None:
        return out
    b = B(state)
    for h in b.players:
        if len(h.armies) != 6:
            out.append(f"seat {h.seat} has {len(h.armies)} armies")
        for at, s in h.armies:
            if (at and not 1 <= s <= 6) or (not at and s):
                out.append(f"seat {h.seat}: an army {s} at {at}")
        if len(h.rings) > 2:
            out.append(f"seat {h.seat} has {len(h.rings)} monster rings")
        if any(not 2 <= v <= 6 for v in h.attrs.values()):
            out.append(f"seat {h.seat}: an attribute outside 2-6")
    for r in RUNES:
        total = (
            b.supply[r]
            + sum(h.runes[r] for h in b.players)
            + sum(1 for t in range(1, b.n + 1) if b.forge[t] == r and b.forge_rune[t])
        )
        if total != pack.runes[r]["count"]:
            out.append(f"{r} runes: {total} in play, the game has {pack.runes[r]['count']}")
    priests = b.supply["priests"] + sum(h.priests for h in b.players) + sum(len(m["priests"]) for m in b.monuments.values())
    if priests != pack.components["priests"]:
        out.append(f"priests: {priests}, the game has {pack.components['priests']}")
    combat = len(b.decks["combat"]) + len(b.decks["combat_discard"]) + sum(len(h.hand) for h in b.players)
    if b.battle is not None:
        combat += len(b.battle["played"]["a"]) + len(b.battle["played"]["d"])
    if b.hunt is not None:
        combat += len(b.hunt["defence"])
    if combat != len(pack.combat):
        out.append(f"combat cards: {combat}, the game has {len(pack.combat)}")
    blessings = len(b.decks["blessing"]) + len(b.decks["blessing_discard"]) + sum(len(h.blessings) for h in b.players)
    blessings += len(b.draft["offer"]) if b.draft else 0
    if blessings != len(pack.blessings):
        out.append(f"blessings: {blessings}, the game has {len(pack.blessings)}")
    if b.hunt is not None:
        attacks = len(b.decks["attack"]) + len(b.decks["attack_discard"]) + len(b.hunt["hand"]) + (1 if b.hunt["card"] else 0)
        if attacks != len(pack.attacks):
            out.append(f"attack cards: {attacks}, the game has {len(pack.attacks)}")
    slayers = b.supply["slayers"] + sum(h.slayers for h in b.players)
    if slayers != pack.components["slayer_markers"]:
        out.append(f"slayer markers: {slayers}")
    if sum(b.temples) != b.temple_card["taken"] or b.temple_card["taken"] > b.temple_card["spaces"]:
        out.append("temples on the board and on the card disagree")
    waiting = {p.seat for p in state.prompts if p.kind == "discard"} | {t["seat"] for t in b.tasks if t["t"] == "limit"}
    for h in b.players:
        if h.seat in waiting or state.result is not None:
            continue
        hunting = b.hunt is not None and b.hunt["hunter"] == h.seat
        if rune_count(h) > hand_limit(h) or (not hunting and len(h.hand) > hand_limit(h)):
            out.append(f"seat {h.seat} is over the Wisdom limit ({len(h.hand)} cards, {rune_count(h)} runes)")
    return out


def checks(
    engine: Engine, pack: Pack, *, seed: int, secrets_every: int
) -> Callable[[GameState, Action, Transition], tuple[list[str], list[str]]]:
    rng = Random(seed)
    steps = [0]

    def check(before: GameState, action: Action, transition: Transition) -> tuple[list[str], list[str]]:
        steps[0] += 1
        state = transition.state
        violations = invariants(state, pack)
        violations += [f"prompt {p.kind} has no legal answer" for p in state.prompts if not engine.ruleset.legal(state, p)]
        leaks: list[str] = []
        if steps[0] % secrets_every == 0 or state.result is not None:
            leaks += view_leaks(engine, state, permute_hidden(state, rng))
        return violations, leaks

    return check


#: the issue's counts, by the events that show them
COUNTED = {
    "battles": ("battle_won", None),
    "hunts_started": ("hunt_started", None),
    "temples_built": ("temple_built", None),
    "priests_sent": ("priest_sent", None),
    "monument_levels_built": ("monument_built", None),
    "omens_turned": ("omen_turned", None),
    "blessings_drafted": ("blessing_drafted", None),
    "retreats": ("retreated", None),
    "stomps": ("stomped", None),
    "area_attacks": ("area_attack", None),
    "monsters_controlled": ("monster_controlled", None),
    "monsters_defeated": ("monster_defeated", None),
    "limit_discards": ("card_discarded", None),
    "rune_limit_discards": ("rune_discarded", None),
}


def figures(finished: list[Any], *, options: dict[str, Any], pack: Pack) -> dict[str, Any]:
    reasons: Counter[str] = Counter({r: 0 for r in END_REASONS})
    counts: Counter[str] = Counter({k: 0 for k in COUNTED})
    specials: Counter[str] = Counter()
    runes: Counter[str] = Counter()
    turns = []
    seats: Counter[int] = Counter()
    for outcome in finished:
        game = outcome.game
        if game is None or game.state.result is None:
            continue
        reasons[game.state.result.get("reason", "")] += 1
        seats[int(game.state.result["winner"])] += 1
        turns.append(B(game.state).turn)
        for e in game.events:
            if e.to is not None:
                continue
            for name, (kind, _) in COUNTED.items():
                if e.kind == kind:
                    counts[name] += 1
            if e.kind == "special_chosen":
                specials[e.data["action"]] += 1
            elif e.kind == "rune_action":
                runes[e.data["action"]] += 1
            elif e.kind == "hunt_over":
                counts["hunts_won" if e.data["success"] else "hunts_failed"] += 1
            elif e.kind == "hunt_started" and e.data["target"] == "loki":
                counts["boss_hunts"] += 1
            elif e.kind == "artifact_gained" and e.data.get("previous") is not None:
                counts["artifacts_changing_hands"] += 1
    return {
        "end_reasons": dict(reasons),
        "turns": {"mean": round(sum(turns) / len(turns), 1) if turns else 0, "max": max(turns, default=0)},
        "ragnarok_counts": dict(sorted(counts.items())),
        "wins_by_seat": {f"seat {s + 1}": round(seats[s] / max(1, len(turns)), 3) for s in sorted(seats)},
        "special_actions": dict(sorted(specials.items())),
        "rune_actions": dict(sorted(runes.items())),
    }


def picture(before: GameState, transition: Transition) -> str | None:
    """``demo``: a picture per round, ``round-NN`` of the board as the next round opens (a round:
    every player's turn once), and ``round-NN-end`` when the game ends within round NN."""
    seats = before.seat_count
    for e in transition.events:
        if e.kind == "turn_started" and e.data["turn"] > 1 and (e.data["turn"] - 1) % seats == 0:
            return f"round-{(e.data['turn'] - 1) // seats:02d}"
        if e.kind == "game_over":
            return f"round-{B(before).turn // seats + 1:02d}-end"
    return None


def heading(event: Any) -> str | None:
    """``demo``'s log: ``Turn 5`` before each turn's first event."""
    return f"Turn {event.data['turn']}" if event.kind == "turn_started" else None
