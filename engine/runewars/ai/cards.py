"""Cards in the AI's hand: tactics windows, the turn's windows, objectives and card effects (p. 15, p. 30).

The AI cannot yet weigh one card's text against another's, so it follows a reasoned
default: an objective it may claim is claimed at once (it brings a dragon rune); a tactics
card that the rules let it play now is played (every tactics card helps the one who plays
it, and a card kept too long is lost with the season's chance); a card effect that offers
options takes one of them rather than none, preferring options that name an area or seat
of its own. Above the hand limit it discards the cards whose windows come least often.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles
from engine.runewars.ai.runes import safety


@handles("turn_window", "tactics_window")
def window(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Claim an objective, else play the first playable card, else go on (pass, proceed, end turn)."""
    for choice in ("claim", "play"):
        found = next((a for a in legal if a.choice == choice), None)
        if found is not None:
            return found
    return legal[-1]


def _own(seen: Seen, args: dict) -> float:
    value = 0.0
    for key, item in args.items():
        if key in ("area", "to") and isinstance(item, str) and item in seen.areas:
            value += 1.0 if seen.controller(item) == seen.seat else 0.0
        elif key == "seat" and isinstance(item, int):
            value += 1.0 if item == seen.seat else 0.0
    return value


@handles("effect_choice")
def effect_choice(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """An option rather than none; a dragon rune into my safest area (as runes.place_runes does)."""
    chosen = [a for a in legal if a.choice == "choose"]
    if not chosen:
        return legal[0]
    if prompt.info.get("effect") == "place_dragon_rune":
        return best(chosen, lambda a: safety(seen, a.args["area"]) if a.args.get("area") in seen.areas else 0.0)
    return best(chosen, lambda a: _own(seen, dict(a.args)))


#: how often a tactics card's window comes (docs/effects.md): battles and own turns are frequent
TIMING_WORTH = {"battle_start": 3.0, "turn": 2.0, "season": 2.0, "rival_turn": 1.0, "duel_start": 0.5, "quest_phase": 0.5}


def tactics_worth(seen: Seen, card: str) -> float:
    timing = next((c.attrs.get("timing") for c in seen.pack.cards.get("tactics_card", ()) if c.id == card), None)
    return TIMING_WORTH.get(str(timing), 1.0)


@handles("discard_tactics")
def discard_tactics(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Above the hand limit (p. 30): discard the cards whose windows come least often."""
    return best(legal, lambda a: -sum(tactics_worth(seen, c) for c in a.args["cards"]))
