"""The AI's answers for the Banners of War variants (issue 24), and their simulate counts.

From the seat's view and the pack only, like every AI module:

- Road to Victory: the victory card is placed as soon as it may be (it is the only way to win; waiting only gives
  rivals time), so ``victory_card`` is taken beside any turn window that offers it;
- Development Cards: :mod:`engine.runewars.ai.development` values the cards.
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai import contender, registry, tally
from engine.runewars.ai.knowledge import Seen

VICTORY_CARD = "victory_card"


def _victory_first(handler):
    def choose(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
        place = next((a for a in legal if a.choice == VICTORY_CARD), None)
        if place is not None:
            return place
        return handler(seen, prompt, legal, rng)

    choose.__doc__ = "Road to Victory: place the victory card when offered; else " + (handler.__doc__ or handler.__name__)
    return choose


for _handlers in (registry.HANDLERS, contender.HANDLERS):
    if "turn_window" in _handlers:
        _handlers["turn_window"] = _victory_first(_handlers["turn_window"])


# -- simulate counts (python -m bot simulate --options banners_of_war,development_cards,...) ------------------

COUNTS = {
    "victory_card_placed": lambda e: int(e.kind == "victory_card_placed"),
    "victory_card_won": lambda e: int(e.kind == "victory_card_won"),
    "victory_card_returned": lambda e: int(e.kind == "victory_card_returned"),
    "printed_city_rune_changed_hands": lambda e: int(e.kind == "printed_rune_changed_hands"),
}
OPTIONS = {
    "victory_card_placed": "road_to_victory",
    "victory_card_won": "road_to_victory",
    "victory_card_returned": "road_to_victory",
    "printed_city_rune_changed_hands": "free_cities",
}
tally.COUNTS.update(COUNTS)
tally.OPTION_COUNTS.update(OPTIONS)


# -- Development Cards -------------------------------------------------------------------------------------------

#: what a card's permanent effect is worth to the AI, per point of its amount (a rough ranking: a capital protects the
#: home realm for good, resources and influence pay every Harvest, strength only in battles)
EFFECT_WORTH = {
    "capital": 3.0,
    "peasants": 2.5,
    "zombie_tokens": 2.5,
    "harvest_resource": 2.0,
    "harvest_influence": 1.6,
    "harvest_tactics": 1.6,
    "defence_strength": 1.2,
    "attack_strength": 1.4,
    "kugelblitz_return": 1.0,
}


def card_worth(seen: Seen, card_id: str) -> float:
    card = next((c for c in seen.pack.cards.get("development_card", ()) if c.id == card_id), None)
    if card is None:
        return 0.0
    worth = EFFECT_WORTH.get(str(card.attrs.get("effect")), 0.5) * max(1, int(card.attrs.get("amount", 1)))
    paid = sum(int(n) for n in dict(card.attrs.get("cost", {})).values())
    return worth - 0.25 * paid


@registry.handles("development_card")
def development_card(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Buy the card worth most for its price (every card is permanent, so early buys pay longest)."""
    buys = [a for a in legal if a.choice == "buy"]
    if not buys:
        return next(a for a in legal if a.choice == "skip")
    best = max(buys, key=lambda a: (card_worth(seen, a.args["card"]), a.args["card"]))
    return best if card_worth(seen, best.args["card"]) > 0 else next(a for a in legal if a.choice == "skip")


@registry.handles("place_capital")
def place_capital(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The capital goes where rivals threaten most (defence 7)."""
    return max(legal, key=lambda a: (seen.threat(a.args["area"]), a.args["area"]))


COUNTS.update(
    {
        "development_cards_bought": lambda e: int(e.kind == "development_card_bought"),
        **{
            f"development_cards_bought_{faction}": (
                lambda f: (
                    lambda e: int(e.kind == "development_card_bought" and str(e.data.get("card", "")).startswith(f"dev.{f}."))
                )
            )(faction)
            for faction in ("humans", "elves", "undead", "uthuk")
        },
        "development_cards_used": lambda e: int(e.kind == "development_card_used"),
        "capital_built": lambda e: int(e.kind == "capital_built" and e.data.get("why") == "bought"),
        "capital_rebuilt": lambda e: int(e.kind == "capital_built" and e.data.get("why") == "rebuilt"),
        "capital_captured": lambda e: int(e.kind == "capital_captured"),
        "capital_destroyed": lambda e: int(e.kind == "capital_destroyed"),
        "zombie_tokens_received": lambda e: int(e.kind == "zombie_tokens_received"),
        "zombie_tokens_placed": lambda e: int(e.data.get("count", 0)) if e.kind == "zombie_tokens_placed" else 0,
        "peasant_placed": lambda e: int(e.kind == "peasant_placed"),
        "peasant_removed": lambda e: int(e.kind == "peasant_removed"),
        "peasant_kept": lambda e: int(e.kind == "peasant_kept"),
    }
)
for _name in list(COUNTS):
    if _name.startswith(("development_cards", "capital", "zombie", "peasant")):
        OPTIONS[_name] = "development_cards"
tally.COUNTS.update(COUNTS)
tally.OPTION_COUNTS.update(OPTIONS)


# -- Commanders of the Battlefield -------------------------------------------------------------------------------


def _hero_view(seen: Seen, hero: str) -> dict:
    return next((h for h in seen.view.get("heroes", []) if h.get("id") == hero), {})


def _hero_might(seen: Seen, hero: str) -> float:
    found = _hero_view(seen, hero)
    return sum(float(found.get(t, 0)) for t in ("strength", "agility", "wisdom")) + 0.5 * float(found.get("health", 0))


def _army_at(seen: Seen, area: str) -> int:
    units = seen.view.get("areas", {}).get(area, {}).get("units", [])
    return sum(u.get("standing", 0) + u.get("routed", 0) for u in units if u.get("owner") == seen.seat)


@registry.handles("choose_commander")
def choose_commander(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The weaker hero leads (he never quests); among equals, the one standing with more of our units."""

    def where(hero: str) -> str:
        return str(_hero_view(seen, hero).get("area", ""))

    return min(
        legal, key=lambda a: (_hero_might(seen, a.args["hero"]) - 0.3 * _army_at(seen, where(a.args["hero"])), a.args["hero"])
    )


@registry.handles("change_commander")
def change_commander(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Hand the card on when the commander stands apart from our armies and a hero at a stronghold has a bigger one."""

    def where(hero: str) -> str:
        return str(_hero_view(seen, hero).get("area", ""))

    current = _army_at(seen, where(prompt.info["from"]))
    changes = [a for a in legal if a.choice == "change"]
    best = max(changes, key=lambda a: (_army_at(seen, where(a.args["hero"])), a.args["hero"]), default=None)
    if best is not None and _army_at(seen, where(best.args["hero"])) >= current + 3:
        return best
    return next(a for a in legal if a.choice == "keep")


@registry.handles("leave_peasant")
def leave_peasant(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Leave the token: an area held for free (the AI keeps none back for a better one)."""
    return next((a for a in legal if a.choice == "leave"), legal[0])


@registry.handles("commander_follows")
def commander_follows(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Go with the army: a commander adds his card only where his units fight."""
    return next((a for a in legal if a.choice == "follow"), legal[0])


COMMANDER_COUNTS = {
    "commander_chosen": lambda e: int(e.kind == "commander_chosen"),
    "commander_leading_battles": lambda e: int(e.kind == "commander_leads"),
    "commander_rallied_units": lambda e: int(e.data.get("rallied", 0)) if e.kind == "commander_leads" else 0,
    "commander_moved_with_army": lambda e: int(e.kind == "commander_moved"),
    "commander_stayed_behind": lambda e: int(e.kind == "commander_stayed"),
    "commander_retreated": lambda e: int(e.kind == "commander_retreats"),
    "commander_changed": lambda e: int(e.kind == "commander_changed"),
    "commander_new_card": lambda e: int(e.kind == "commander_chosen" and e.data.get("why") == "new_card"),
    "commander_defeated": lambda e: int(e.kind == "commander_defeated"),
    "commander_generalleutnant_played": lambda e: int(e.kind == "lieutenant_general_played"),
}
COUNTS.update(COMMANDER_COUNTS)
OPTIONS.update(dict.fromkeys(COMMANDER_COUNTS, "commanders"))
tally.COUNTS.update(COMMANDER_COUNTS)
tally.OPTION_COUNTS.update(dict.fromkeys(COMMANDER_COUNTS, "commanders"))


@registry.handles("support_bonus_choice")
def support_bonus_choice(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Heroes while we have fewer than two; a commander card when we lead none, or when ours is weak and influence is
    plentiful (influence also wins bids and breaks ties, so it is not spent on every bonus)."""
    mine = [h for h in seen.view.get("heroes", []) if h.get("owner") == seen.seat]
    commanders = seen.view.get("variants", {}).get("commanders", {})
    heroes = next((a for a in legal if a.choice == "heroes"), None)
    if heroes is not None and len(mine) < 2:
        return heroes
    cards = sorted((a for a in legal if a.choice == "commanders"), key=lambda a: a.args["amount"])
    influence = next((p.get("influence", 0) for p in seen.view.get("players", []) if p.get("seat") == seen.seat), 0)
    ours = [commanders[h["id"]] for h in mine if h.get("id") in commanders]
    if cards and not ours:
        return cards[min(1, len(cards) - 1)]
    if cards and influence >= 6 and min(_commander_card_worth(seen, c) for c in ours) < 1.0:
        return cards[0]
    return heroes or next(a for a in legal if a.choice == "decline")


def _commander_card_worth(seen: Seen, card_id: str) -> float:
    card = next((c for c in seen.pack.cards.get("commander_card", ()) if c.id == card_id), None)
    if card is None:
        return 0.0
    if card.attrs.get("effect") == "strength":
        return float(card.attrs.get("amount", 1)) * (1.0 if card.attrs.get("when") == "any" else 0.6)
    return 0.4 * float(card.attrs.get("count", 1)) * len(card.attrs.get("symbols", ())) / 2


@registry.handles("keep_commander")
def keep_commander(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Keep the best drawn card where it beats the card it replaces."""
    commanders = seen.view.get("variants", {}).get("commanders", {})

    def gain(a: Action) -> float:
        if a.choice == "none":
            return 0.0
        current = commanders.get(a.args["hero"])
        return _commander_card_worth(seen, a.args["card"]) - (_commander_card_worth(seen, current) if current else 0.0)

    return max(legal, key=lambda a: (gain(a), a.choice == "none"))


COUNTS["commander_cards_enlisted"] = lambda e: int(e.kind == "commanders_drawn")
OPTIONS["commander_cards_enlisted"] = "commanders"
tally.COUNTS["commander_cards_enlisted"] = COUNTS["commander_cards_enlisted"]
tally.OPTION_COUNTS["commander_cards_enlisted"] = "commanders"
