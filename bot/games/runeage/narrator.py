"""Rune Age in words: every event, prompt and answer names cards, places and players as people
say them (the cards' printed names, "Player 2"), never ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.narration import Narrator, cap, listing, player
from engine.core import Action, Event, Prompt, Seat

RACES = {"daqan": "Daqan-Lords", "latari": "Latari-Elfen", "waiqar": "Waiqar der Untote", "uthuk": "Uthuk Y'llan"}
SCENARIOS = {
    "drachenlords": "Rückkehr der Drachenlords",
    "runenkriege": "Runenkriege",
    "weltenbrand": "Weltenbrand",
    "monument": "Das Monument",
}
REASONS = {
    "objective_defeated": "the common enemy is defeated",
    "last_survivor": "only one realm still stands",
    "all_eliminated": "every realm has fallen",
    "player_fell": "a realm has fallen, so all lose together",
    "survived": "the event deck is used up and every realm survived",
    "monument_built": "a Monument was built this round",
    "monument_tiebreak": "several Monuments were built; the strongest army in deck, hand and discard decides",
    "monument_shared": "several Monuments were built and the armies are equally strong: the victory is shared",
    "round_limit": "the round limit is reached",
}
WHERE = {"barracks": "back to the Barracks", "supply": "back to the centre", "removed": "out of the game"}


def _cards(names: list[str]) -> str:
    return listing(names) if names else "nothing"


def _seat(d: Mapping[str, Any], key: str = "seat") -> str:
    return player(d.get(key))


class RuneAgeNarrator(Narrator):
    def phrased_kinds(self) -> frozenset[str]:
        return frozenset(_EVENTS)

    def role(self, public_view: Mapping[str, Any], seat: Seat) -> str | None:
        for p in public_view.get("players") or []:
            if isinstance(p, Mapping) and p.get("seat") == seat:
                return RACES.get(str(p.get("race")), str(p.get("race")))
        return None

    def event(self, event: Event) -> str:
        phrase = _EVENTS.get(event.kind)
        return phrase(event.data) if phrase is not None else super().event(event)

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        return [f"Hand: {_cards(list(view['hand']))}"] if "hand" in view else []

    def prompt(self, prompt: Prompt) -> str:
        info = prompt.info
        lines = {
            "turn": lambda: (
                f"Round {info.get('round')}: your actions (buy, influence, card actions, battles, sieges) or end them"
            ),
            "purchase": lambda: "Purchase: add gold or buy from your Barracks; leftover gold is lost",
            "influence": lambda: "Influence: exhaust more sources or acquire neutral and gold cards; leftover influence is lost",
            "keep": lambda: "End of your turn: keep hand cards for 1 influence each, the rest is discarded",
            "mind_control": lambda: f"Mind control: take one card from {player(info.get('victim'))}'s hand",
            "muster": lambda: f"Muster against {info.get('target')}: play a unit or tactic card, or pass",
            "ability": lambda: f"{info.get('card')}: use its ability now?",
            "roll": lambda: "Roll the casualty die",
            "casualty": lambda: f"A skull: destroy one of your units ({info.get('skulls')} to go)",
            "resolution": lambda: f"{info.get('card')}: discard a hand card for its Resolution ability?",
            "resolution_order": lambda: (
                "Resolution: which ability comes next? (" + ", ".join(map(str, info.get("cards", []))) + ")"
            ),
            "end_of_combat": lambda: f"{info.get('card')}: use its End-of-combat ability (draw a card)?",
            "rune_choice": lambda: f"Keep one Dragon Rune: {info.get('new')} or {info.get('old')}",
        }
        phrase = lines.get(prompt.kind)
        return phrase() if phrase is not None else super().prompt(prompt)

    def action(self, action: Action) -> str:
        a, c = action.args, action.choice
        if c == "gold":
            return f"Play {a['card']} for gold" if "card" in a else f"Exhaust {a['source']} for gold"
        if c in ("influence", "exhaust"):
            return f"Exhaust {a['source']} for influence"
        if c == "action":
            if "rune" in a:
                return f"Use {a['rune']}"
            if "player" in a:
                return f"Use {a['card']} on {player(a['player'])}"
            if "choice" in a:
                return f"Use {a['card']}: return {a['choice']}"
            return f"Use {a['card']}"
        if c == "first":
            return f"{a['card']} next"
        if c == "battle":
            return "Take a stronghold from your Barracks (strength 2)" if a["target"] == "stronghold" else f"Attack {a['target']}"
        if c == "siege":
            return (
                f"Besiege {player(a['player'])}'s home realm"
                if a["target"] == "realm"
                else f"Besiege {a['target']} ({player(a['player'])})"
            )
        if c == "buy":
            return f"Buy {a['card']}"
        if c == "acquire":
            return f"Acquire {a['card']}"
        if c == "keep":
            return f"Keep {a['rune']}" if "rune" in a else f"Keep {a['card']} (1 influence)"
        if c == "take":
            return f"Take {a['card']}"
        if c == "play":
            return f"Play {a['card']}"
        if c == "rune":
            return f"Use {a['rune']} for strength"
        if c == "use":
            if "discard" in a:
                return f"Discard {a['discard']}"
            if "pay" in a:
                return f"Use it on {a['target']}, paying with {a['pay']}"
            return f"Use it on {a['target']}" if "target" in a else "Use it"
        if c == "destroy":
            return f"Destroy {a['card']}" + (" (wounded)" if a.get("wounded") else "")
        simple = {
            "end": "End your actions",
            "done": "Done",
            "pass": "Pass",
            "skip": "Skip",
            "roll": "Roll",
        }
        return simple.get(c) or super().action(action)


def _game_over(d: Mapping[str, Any]) -> str:
    why = REASONS.get(str(d.get("reason")), "the game ends")
    winners = list(d.get("winners") or [])
    if not winners:
        return f"Game over: {why}. Nobody wins."
    return f"Game over: {why}. {cap(listing(player(s) for s in winners))} win{'s' if len(winners) == 1 else ''}."


_EVENTS: dict[str, Any] = {
    "game_set_up": lambda d: (
        f"{SCENARIOS.get(d['scenario'], d['scenario'])}: "
        + ", ".join(f"{player(s)} plays {RACES.get(r, r)}" for s, r in enumerate(d["races"]))
        + f"; {player(d['start'])} is the start player. Cities: {_cards(d['cities'])}. Neutral cards: {_cards(d['neutrals'])}."
        + (
            " Dragon Runes: " + ", ".join(f"{player(s)} {r}" for s, r in enumerate(d["runes"]) if r) + "."
            if any(d["runes"])
            else ""
        )
    ),
    "reshuffled": lambda d: f"{cap(_seat(d))} shuffles the discard pile into a new deck of {d['count']} cards.",
    "drew": lambda d: f"{cap(_seat(d))} draws {d['count']} card{'s' if d['count'] != 1 else ''}.",
    "you_drew": lambda d: f"You draw {_cards(d['cards'])}.",
    "game_over": _game_over,
    "realm_damaged": lambda d: (
        f"{cap(_seat(d))}'s home realm takes {d['amount']} damage ({d['total']} of 20) from {'a siege' if d['cause'] == 'siege' else d['cause']}."
    ),
    "eliminated": lambda d: f"{cap(_seat(d))} is eliminated" + (f" by {player(d['by'])}." if d.get("by") is not None else "."),
    "rune_taken": lambda d: (
        f"{cap(_seat(d))} takes the Dragon Rune {d['rune']}"
        + (f" from {player(d['loser'])}." if d.get("loser") is not None else ".")
    ),
    "rune_won": lambda d: f"{cap(_seat(d))} wins the Dragon Rune {d['rune']} and must choose which rune stays active.",
    "rune_removed": lambda d: f"The Dragon Rune {d['rune']} of {player(d['seat'])} leaves the game.",
    "rune_kept": lambda d: (
        f"{cap(_seat(d))} keeps {d['rune']}" + (f"; {d['removed']} leaves the game." if d.get("removed") else ".")
    ),
    "monument_tiebreak": lambda d: (
        "Monument tie-break, unit strength in deck, hand and discard: "
        + ", ".join(f"{player(s)} {t}" for s, t in d["totals"])
        + "."
    ),
    "turn_started": lambda d: f"Round {d['round']}: {player(d['seat'])}'s turn.",
    "purchase_started": lambda d: f"{cap(_seat(d))} starts a purchase.",
    "gold_played": lambda d: f"{cap(_seat(d))} plays {d['card']}.",
    "source_exhausted": lambda d: f"{cap(_seat(d))} exhausts {d['source']} for {d['value']} {d['resource']}.",
    "bought": lambda d: f"{cap(_seat(d))} buys {d['card']} for {d['cost']} gold.",
    "purchase_ended": lambda d: f"{cap(_seat(d))} ends the purchase" + (f"; {d['lost']} gold is lost." if d["lost"] else "."),
    "influence_started": lambda d: f"{cap(_seat(d))} starts an influence action.",
    "acquired": lambda d: f"{cap(_seat(d))} acquires {d['card']} for {d['cost']} influence.",
    "influence_ended": lambda d: (
        f"{cap(_seat(d))} ends the influence action" + (f"; {d['lost']} influence is lost." if d["lost"] else ".")
    ),
    "rune_used": lambda d: (
        f"{cap(_seat(d))} exhausts {d['rune']}: "
        + (f"+{d['amount']} strength." if d["effect"] == "strength" else f"draws {d['amount']}.")
    ),
    "card_action": lambda d: (
        f"{cap(_seat(d))} uses {d['card']}"
        + (f" on {player(d['target'])}" if d.get("target") is not None else "")
        + (f", returning {d['choice']}" if d.get("choice") else "")
        + "."
    ),
    "card_returned": lambda d: f"{d['card']} goes {WHERE.get(d['where'], 'away')}.",
    "card_taken": lambda d: f"{cap(_seat(d))} takes a card from {player(d['victim'])}'s hand.",
    "you_took": lambda d: f"{cap(_seat(d))} takes {d['card']} from {player(d['victim'])}'s hand.",
    "card_kept": lambda d: f"{cap(_seat(d))} keeps a card for 1 influence.",
    "turn_ended": lambda d: f"{cap(_seat(d))} ends the turn, keeping {d['kept']} and discarding {_cards(d['discarded'])}.",
    "battle_started": lambda d: (
        f"{cap(_seat(d))} defends the home realm against {d['target']} (strength {d['strength']})."
        if d["target_kind"] == "effect"
        else f"{cap(_seat(d))} attacks {'a stronghold' if d['target_kind'] == 'stronghold' else d['target']} (strength {d['strength']}, {d['dice']} casualty dice)."
    ),
    "siege_started": lambda d: (
        f"{cap(_seat(d))} besieges {player(d['defender'])}'s {'home realm' if d['target_kind'] == 'realm' else d['target']}."
    ),
    "passed": lambda d: f"{cap(_seat(d))} passes with strength {d['total']}.",
    "card_played": lambda d: f"{cap(_seat(d))} plays {d['card']}: strength {d['total']}.",
    "ability_used": lambda d: f"{cap(_seat(d))} uses {d['card']}'s ability" + (f" on {d['target']}." if d.get("target") else "."),
    "ability_skipped": lambda d: f"{cap(_seat(d))} does not use {d['card']}'s ability.",
    "unit_wounded": lambda d: f"{cap(_seat(d))}'s {d['card']} is wounded.",
    "unit_destroyed": lambda d: f"{cap(_seat(d))}'s {d['card']} is destroyed and goes {WHERE.get(d['where'], 'away')}.",
    "casualty_roll": lambda d: (
        f"{cap(_seat(d))} rolls the casualty die: {listing(d['faces'])} ({d['skulls']} skull{'s' if d['skulls'] != 1 else ''})."
    ),
    "battle_resolved": lambda d: (
        f"{cap(_seat(d))}'s army of {d['army']} {'beats' if d['won'] else 'loses to'} {d['target']} ({d['strength']})."
    ),
    "siege_resolved": lambda d: (
        f"The siege of {d['target']}: {player(d['seat'])} {d['army']} against {player(d['defender'])} {d['strength']}; {'the attacker' if d['won'] else 'the defender'} wins."
    ),
    "stronghold_taken": lambda d: f"{cap(_seat(d))} takes the stronghold {d['card']}.",
    "city_taken": lambda d: (
        f"{cap(_seat(d))} takes {d['city']}"
        + (f" from {player(d['loser'])}" if d.get("loser") is not None else "")
        + ("." if d["ready"] else ", exhausted.")
    ),
    "enemy_defeated": lambda d: f"{cap(_seat(d))} defeats {d['card']}" + (" and keeps it as a reward." if d["reward"] else "."),
    "event_phase": lambda d: f"Event phase of round {d['round']}, run by {player(d['start'])}.",
    "enemy_strikes": lambda d: f"{d['card']} strikes {listing(player(s) for s in d['seats'])} for {d['amount']} damage.",
    "no_event": lambda d: "No event card is left to draw.",
    "event_deck_rebuilt": lambda d: (
        f"The event deck is rebuilt from the {d['count']} cards of level 2 in the event discard pile."
    ),
    "event_drawn": lambda d: f"Event (level {d['level']}, {'enemy' if d['event_kind'] == 'enemy' else 'effect'}): {d['card']}.",
    "gold_gained": lambda d: f"{cap(_seat(d))} gains {d['card']}.",
    "lasting_effect": lambda d: f"{d['card']} holds for the whole next round.",
    "no_rune": lambda d: "No Dragon Rune is left to discover.",
    "round_started": lambda d: f"Round {d['round']} begins with {player(d['start'])}.",
}
