"""Rune Age in words: every event, prompt and answer names cards, places and players as people
say them (the cards' printed names, "Player 2"), never ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.narration import Narrator, cap, current_tr, listing, player
from engine.core import Action, Event, Prompt, Seat

#: the scenarios whose players all win or lose together (p. 16)
CO_OPERATIVE = frozenset({"weltenbrand"})
#: end reasons where every player loses together
ALL_LOSE = frozenset({"player_fell", "all_eliminated"})

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


def round_name(view: Mapping[str, Any]) -> str | None:
    """The round a public view is in ("Round 3"), or None outside of play (before the set-up, after the end)."""
    if view.get("result") is not None or not view.get("round") or "players" not in view:
        return None
    return current_tr()._("Round {round}", round=view["round"])


def resources(view: Mapping[str, Any]) -> str:
    """What a seat has left to spend in its turn, from its own view: the gold or influence of
    the open purchase or influence action, the hand, the sources still ready."""
    tr = current_tr()
    step = view.get("step") or {}
    parts = []
    if step.get("kind") == "purchase":
        parts.append(tr._("{gold} gold to spend", gold=step.get("gold", 0)))
    if step.get("kind") in ("influence", "keep"):
        parts.append(tr._("{influence} influence to spend", influence=step.get("influence", 0)))
    me = next((p for p in view.get("players") or [] if p.get("seat") == view.get("seat")), None)
    if "hand" in view:
        parts.append(tr._("hand: {cards}", cards=_cards(list(view["hand"]))))
    if me is not None:
        ready = [r["name"] for k in ("strongholds", "cities", "rewards") for r in me.get(k) or [] if r.get("ready")]
        if me.get("rune") and me["rune"].get("ready"):
            ready.append(me["rune"]["name"])
        parts.append(tr._("ready: {cards}", cards=_cards(ready)))
    return " · ".join(parts)


def catalogue(pack: Any) -> list[dict[str, str]]:
    """Every public card of the pack: id (its name), name, kind and its facts in short."""
    from renderer.runeage.facts import card_line

    kinds = {"unit": "unit", "tactic": "tactic", "gold": "gold", "event": "event", "city": "city", "rune": "Dragon Rune"}
    out = []
    for name, card in pack.cards.items():
        kind = str(card.get("kind"))
        text = card_line(card, current_tr())
        if card.get("text"):
            text += f"\n„{card['text']}“"
        out.append({"id": name, "name": name, "kind": kinds.get(kind, kind), "text": text})
    return out


def event_facts(view: dict[str, Any], pack: Any) -> list[str]:
    """/ra events: the deck's size and next level, the current and lasting events, the events seen."""
    from renderer.runeage.facts import card_line, current_event, event_level

    tr = current_tr()
    level, left = event_level(view, pack)
    lines = [
        tr._("Event deck: {count} cards, level {level} next.", count=left, level=level)
        if level
        else tr._("Event deck: {count} cards.", count=left)
    ]
    if (event := current_event(view)) is not None:
        lines.append(tr._("Current event: {card} ({facts}).", card=event, facts=card_line(pack.cards.get(event) or {}, tr)))
    if view.get("enemies"):
        lines.append(tr._("Enemies in the centre: {cards}.", cards=_cards(list(view["enemies"]))))
    if view.get("event_discard"):
        lines.append(tr._("Events seen: {cards}.", cards=_cards(list(view["event_discard"]))))
    return lines


def supply_facts(view: dict[str, Any], pack: Any) -> list[str]:
    """/ra supply: the neutral cards and gold cards left in the centre, with their influence costs."""
    tr = current_tr()
    lines = [tr._("Neutral cards (influence cost, copies left):")]
    for name, left in (view.get("neutrals") or {}).items():
        card = pack.cards.get(name) or {}
        lines.append(tr._("{card}: cost {cost}, {left} left", card=name, cost=card.get("cost", "?"), left=left))
    gold = view.get("gold") or {}
    for value in ("1", "2", "3"):
        cost = (pack.gold.get(int(value)) or {}).get("cost", "?")
        lines.append(tr._("{value} Gold: cost {cost}, {left} left", value=value, cost=cost, left=gold.get(value, 0)))
    if view.get("cities"):
        lines.append(tr._("Neutral cities: {cards}.", cards=_cards(list(view["cities"]))))
    return lines


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
        lines = [self.tr._("Hand: {cards}", cards=_cards(list(view["hand"])))] if "hand" in view else []
        if view.get("kept"):
            lines.append(self.tr._("Kept this turn: {cards}", cards=_cards(list(view["kept"]))))
        return lines

    def season(self, view: dict[str, Any]) -> str | None:
        return round_name(view)

    def chapter(self, view: dict[str, Any]) -> str | None:
        """The round (also at the end: the channel then says "Round 11 is over")."""
        if "players" not in view or not view.get("round"):
            return None
        return self.tr._("Round {round}", round=view["round"])

    def status(self, view: dict[str, Any]) -> list[str]:
        """Where the game stands: scenario and round, the event deck, each realm's damage and holdings."""
        if "players" not in view:
            return []
        from engine.runeage.cards import pack_for
        from renderer.runeage.facts import SCENARIOS, event_level

        tr = self.tr
        level, left = event_level(view, pack_for({}))
        lines = [
            tr._(
                "{scenario}, round {round}; event deck {count} (level {level} next)",
                scenario=SCENARIOS.get(str(view.get("scenario")), str(view.get("scenario"))),
                round=view.get("round"),
                count=left,
                level=level or "-",
            )
        ]
        for p in view.get("players") or []:
            held = len(p.get("strongholds") or []) + len(p.get("cities") or []) + len(p.get("rewards") or [])
            state = tr._("eliminated") if p.get("eliminated") else tr._("damage {damage}/20", damage=p.get("damage", 0))
            mark = " ▶" if p.get("seat") == view.get("active") and view.get("phase") == "turn" else ""
            lines.append(
                tr._(
                    "{player}{mark}: {state}, {held} cards in play, deck {deck}, hand {hand}",
                    player=cap(player(p["seat"])),
                    mark=mark,
                    state=state,
                    held=held,
                    deck=p.get("deck_count", 0),
                    hand=p.get("hand_count", 0),
                )
            )
        return lines

    def standings(self, public_view: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
        """A co-operative scenario (Weltenbrand) or a lost game of everyone: "you all won/lost"."""
        tr = self.tr
        reason = str(result.get("reason") or "")
        why = REASONS.get(reason, "the game ends")
        together = public_view.get("scenario") in CO_OPERATIVE or len(public_view.get("players") or []) == 1
        if together or (reason in ALL_LOSE and not result.get("winners")):
            if result.get("winners"):
                return [tr._("You all won: {why}.", why=tr._(why))]
            return [tr._("You all lost: {why}.", why=tr._(why))]
        return super().standings(public_view, result)

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
    if d.get("reason") in ("survived", "player_fell"):  # Weltenbrand: all together (p. 16)
        return f"Game over: {why}. You all {'won' if winners else 'lost'}."
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
