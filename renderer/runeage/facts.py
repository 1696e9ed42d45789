"""Rune Age's public facts in words, shared by the pictures, the alt text and the text board:
a card's short line (cost, strength, ability in short), the race names and colours, the event
deck's next level. Pure functions of views and the data pack; ``tr`` is a translator duck type
(``tr._(text, **values)``), None for English; the renderer never imports the bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.words import words


def N_(message: str) -> str:  # noqa: N802 - the catalogue's marker (Babel's keyword), as bot.i18n.N_
    """Marks a table's ``message`` for the catalogue (``python -m bot i18n extract``); it is
    translated where it is shown."""
    return message


#: what a card's reward gives (``reward``), translated where it is shown
REWARDS = {"gold": N_("gold"), "influence": N_("influence")}
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
    "draw": N_("draw {amount}"),
    "discard_for_strength": N_("discard a card: +{amount} strength"),
    "wound_opposing": N_("wound an opposing unit"),
    "destroy_wounded_opposing": N_("pay 1 influence: destroy a wounded opposing unit"),
    "search_discard_same": N_("add another Untote Horde from your discard"),
    "raise_horde": N_("an Untote Horde from your Barracks to your discard"),
    "strength": N_("+{amount} strength"),
    "strength_if_wounded": N_("+{amount} strength if wounded"),
    "wound_own_draw": N_("wound one of your units, draw {amount}"),
    "draw_if_won": N_("won: draw {amount}"),
    "destroy_opposing": N_("destroy an opposing unit"),
    "cull_discard": N_("return a card of your discard"),
    "player_draws": N_("a player draws {amount}"),
    "negate_resolution": N_("opposing Resolution abilities fail"),
    "mind_control": N_("take a card from an opponent's hand"),
    "gain_gold": N_("everyone gains {value} Gold"),
    "attack_each": N_("attacks each realm"),
    "lasting": N_("lasts the next round"),
    "rune_discovery": N_("a Dragon Rune is found"),
    "draw_each": N_("everyone draws {amount}"),
}
TIMINGS = {
    "action": N_("Action"),
    "on_play": N_("On play"),
    "resolution": N_("Resolution"),
    "end_of_combat": N_("End of combat"),
    "passive": N_("Always"),
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
        parts.append(words(tr)._("{value} gold", value=card.get("value")))
    if card.get("cost") is not None and kind not in ("event",):
        parts.append(words(tr)._("cost {cost}", cost=card["cost"]))
    if card.get("strength") is not None and (kind in ("unit", "event", "city") or card.get("strength")):
        parts.append(words(tr)._("strength {strength}", strength=card["strength"]))
    if card.get("influence"):
        parts.append(words(tr)._("{influence} influence", influence=card["influence"]))
    if card.get("dice"):
        parts.append(words(tr)._("casualty dice {dice}", dice=card["dice"]))
    if card.get("reward"):
        parts.append(
            words(tr)._("reward {amount} {what}", amount=card.get("reward_amount", 1), what=say(tr, str(card["reward"])))
        )
    if card.get("rune_kind"):
        parts.append(words(tr)._("+{amount} {what}", amount=card.get("amount", 1), what=say(tr, str(card["rune_kind"]))))
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
