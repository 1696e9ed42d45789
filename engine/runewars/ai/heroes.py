"""Heroes (pp. 25-29): recruiting, which hero to keep, what a hero ventures, rewards to pick up.

Reasoned defaults, kept simple until the heroes' rules settle: recruit when influence is
plentiful (it also breaks the final tie, p. 30), keep the hero with the best traits, attempt
a quest whenever the hero may, duel only a weaker hero, pick up rewards lying where a hero
stands, and use or trade nothing else. Kinds not handled here get the fallback
(engine.runewars.ai.policy).
"""

from __future__ import annotations

from random import Random

from engine.core import Action, Prompt
from engine.runewars.ai.knowledge import Seen
from engine.runewars.ai.registry import best, handles

TRAITS = ("strength", "agility", "wisdom")


def hero_worth(seen: Seen, card_id: str) -> float:
    """The sum of a hero card's traits and health, from the pack (0 when the card is unknown)."""
    for card in seen.pack.cards.get("hero", ()):
        if card.id == card_id:
            return float(sum(int(card.attrs.get(t, 0) or 0) for t in TRAITS + ("health",)))
    for hero in seen.view.get("heroes", []):
        if hero.get("id") == card_id:
            return float(sum(int(hero.get(t, 0) or 0) for t in TRAITS + ("health",)))
    return 0.0


@handles("recruit_heroes")
def recruit_heroes(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Draw 2 hero cards (a choice of two) when 5 influence or more are at hand, else 1 with 3 or more."""
    influence = seen.me["influence"]
    wanted = 2 if influence >= 5 else 1 if influence >= 3 else 0
    spend = [a for a in legal if a.choice == "spend" and a.args.get("amount", 0) <= wanted]
    return max(spend, key=lambda a: a.args["amount"]) if spend else next((a for a in legal if a.choice == "decline"), legal[-1])


@handles("keep_hero")
def keep_hero(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    return best(legal, lambda a: hero_worth(seen, a.args.get("hero", "")))


@handles("place_hero", "place_starting_hero")
def place_hero(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Where my units stand strongest: a hero there is hard to reach."""
    return best(legal, lambda a: seen.power(a.args["area"], seen.seat) if a.args.get("area") in seen.areas else 0.0)


@handles("hero_venture")
def hero_venture(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A quest whenever one may be attempted; a duel only against a weaker hero; else nothing."""
    quest = next((a for a in legal if a.choice == "quest"), None)
    if quest is not None:
        return quest
    mine = hero_worth(seen, prompt.info.get("hero", ""))
    duels = [a for a in legal if a.choice == "duel" and hero_worth(seen, a.args.get("target", "")) < mine]
    if duels:
        return min(duels, key=lambda a: hero_worth(seen, a.args["target"]))
    return next((a for a in legal if a.choice == "none"), legal[-1])


@handles("hero_turn")
def hero_turn(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Pick up a defeated hero's rewards where one of mine stands; otherwise be done."""
    return next((a for a in legal if a.choice == "pick_up"), next((a for a in legal if a.choice == "done"), legal[-1]))


def quest_goals(seen: Seen) -> set[str]:
    """Areas where one of my quest cards can be attempted (``area``, or ``where`` = city / neutral)."""
    cards = {c.id: c for c in seen.pack.cards.get("quest", ())}
    goals: set[str] = set()
    for quest in seen.me.get("quest_hand", []):
        attrs = cards[quest].attrs if quest in cards else {}
        if attrs.get("area") in seen.areas:
            goals.add(attrs["area"])
        elif attrs.get("where") == "city":
            goals |= {a for a, area in seen.areas.items() if area["city"]}
        elif attrs.get("where") == "neutral":
            goals |= {a for a in seen.areas if seen.controller(a) is None and seen.led(a, None)}
    return goals


@handles("hero_action")
def hero_action(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """For the first hero still to act: heal when wounded, walk towards a quest, else train, else rest."""
    acting = [a for a in legal if a.choice != "done"]
    if not acting:
        return legal[-1]
    hero = acting[0].args["hero"]
    mine = [a for a in acting if a.args["hero"] == hero]
    heal = next((a for a in mine if a.choice == "heal"), None)
    if heal is not None:
        return heal
    goals = quest_goals(seen)
    moves = [a for a in mine if a.choice == "move" and a.args.get("path")]
    if goals and moves:
        def distance(action: Action) -> int:
            near = seen.within(action.args["path"][-1], 6)
            return min((near[g] for g in goals if g in near), default=99)

        closest = min(moves, key=distance)
        here = next((h["area"] for h in seen.view.get("heroes", []) if h.get("id") == hero), None)
        if here not in goals and distance(closest) < 99:
            return closest
    train = next((a for a in mine if a.choice == "train"), None)
    return train or next((a for a in mine if a.choice == "rest"), mine[0])
