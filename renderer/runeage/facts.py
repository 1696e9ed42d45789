"""Rune Age's public facts in words, shared by the pictures, the alt text and the text board:
a card's short line (cost, strength, ability in short), the race names and colours, the event
deck's next level. Pure functions of views and the data pack; ``tr`` is a translator duck type
(``tr._(text, **values)``), None for English; the renderer never imports the bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: race -> the palette's faction (colour and emblem)
FACTIONS = {"daqan": "humans", "latari": "elves", "waiqar": "undead", "uthuk": "uthuk"}
RACES = {"daqan": "Daqan-Lords", "latari": "Latari-Elfen", "waiqar": "Waiqar der Untote", "uthuk": "Uthuk Y'llan"}
SCENARIOS = {
    "drachenlords": "Rückkehr der Drachenlords",
    "runenkriege": "Runenkriege",
    "weltenbrand": "Weltenbrand",
    "monument": "Das Monument",
}
#: an ability's effect in short (English; translated through ``tr`` when given)
EFFECTS = {
    "draw": "draw {amount}",
    "discard_for_strength": "discard a card: +{amount} strength",
    "wound_opposing": "wound an opposing unit",
    "destroy_wounded_opposing": "pay 1 influence: destroy a wounded opposing unit",
    "search_discard_same": "add another Untote Horde from your discard",
    "raise_horde": "an Untote Horde from your Barracks to your discard",
    "strength": "+{amount} strength",
    "strength_if_wounded": "+{amount} strength if wounded",
    "wound_own_draw": "wound one of your units, draw {amount}",
    "draw_if_won": "won: draw {amount}",
    "destroy_opposing": "destroy an opposing unit",
    "cull_discard": "return a card of your discard",
    "player_draws": "a player draws {amount}",
    "negate_resolution": "opposing Resolution abilities fail",
    "mind_control": "take a card from an opponent's hand",
    "gain_gold": "everyone gains {value} Gold",
    "attack_each": "attacks each realm",
    "lasting": "lasts the next round",
    "rune_discovery": "a Dragon Rune is found",
    "draw_each": "everyone draws {amount}",
}
TIMINGS = {
    "action": "Action",
    "on_play": "On play",
    "resolution": "Resolution",
    "end_of_combat": "End of combat",
    "passive": "Always",
}


def say(tr: Any, text: str, **values: Any) -> str:
    """``text`` with ``values``, through ``tr`` when given (English otherwise)."""
    if tr is not None:
        return str(tr._(text, **values))
    return text.format(**values)


def race_name(race: Any) -> str:
    return RACES.get(str(race), str(race))


def player_name(player: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """A player of the view as the table says them: their display name when given, and their race."""
    race = race_name(player.get("race"))
    if names and player.get("seat") in names:
        return f"{names[player['seat']]} ({race})"
    return race


def ability(card: Mapping[str, Any], tr: Any = None) -> str:
    """A card's ability in short ("On play: wound an opposing unit"), or ""."""
    effect = card.get("effect")
    if not effect:
        return ""
    text = EFFECTS.get(str(effect))
    if text is None:
        return str(card.get("text") or "")
    shown = say(tr, text, amount=card.get("amount", 1), value=card.get("value", 1))
    timing = card.get("timing")
    return f"{say(tr, TIMINGS[timing])}: {shown}" if timing in TIMINGS else shown


def card_line(card: Mapping[str, Any], tr: Any = None) -> str:
    """Cost, strength and ability in short: "cost 2 · strength 3 · On play: draw 1"."""
    parts = []
    kind = card.get("kind")
    if kind == "gold":
        parts.append(say(tr, "{value} gold", value=card.get("value")))
    if card.get("cost") is not None and kind not in ("event",):
        parts.append(say(tr, "cost {cost}", cost=card["cost"]))
    if card.get("strength") is not None and (kind in ("unit", "event", "city") or card.get("strength")):
        parts.append(say(tr, "strength {strength}", strength=card["strength"]))
    if card.get("influence"):
        parts.append(say(tr, "{influence} influence", influence=card["influence"]))
    if card.get("dice"):
        parts.append(say(tr, "casualty dice {dice}", dice=card["dice"]))
    if card.get("reward"):
        parts.append(say(tr, "reward {amount} {what}", amount=card.get("reward_amount", 1), what=say(tr, str(card["reward"]))))
    if card.get("rune_kind"):
        parts.append(say(tr, "+{amount} {what}", amount=card.get("amount", 1), what=say(tr, str(card["rune_kind"]))))
    if text := ability(card, tr):
        parts.append(text)
    return " · ".join(parts)


def event_level(view: Mapping[str, Any], pack: Any) -> tuple[int | None, int]:
    """The level of the event deck's next card as the public can tell it (the deck is built by
    levels, lowest on top: the lowest level of the scenario with a card not yet seen), and the
    deck's size."""
    left = int(view.get("event_deck_count") or 0)
    seen: set[str] = set(view.get("event_discard") or []) | set(view.get("enemies") or []) | set(view.get("removed") or [])
    for p in view.get("players") or []:
        seen |= {r["name"] for r in p.get("rewards") or []}
    levels = sorted(
        {
            int(e.get("level", 1))
            for e in pack.events.values()
            if e.get("scenario") == view.get("scenario") and e["name"] not in seen
        }
    )
    return (levels[0] if levels and left else None), left


def current_event(view: Mapping[str, Any]) -> str | None:
    event = view.get("event") or {}
    if event.get("card"):
        return str(event["card"])
    discard = view.get("event_discard") or []
    return str(discard[-1]) if discard else None
