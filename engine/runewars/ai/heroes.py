"""Heroes (pp. 22, 25-29, 37): recruiting, which hero to keep, what a hero ventures, duels, tests, rewards, exploration.

Reasoned defaults, kept simple until the heroes' rules settle: recruit when influence is
plentiful (it also breaks the final tie, p. 30), keep the hero with the best traits, attempt
a quest whenever the hero may, duel only a weaker hero, pick up rewards lying where a hero
stands. In duels, start-of-duel abilities are used, rewards that stay with the hero are used
freely and ones used up only to save the hero; spoils go to the hero with fewest rewards; a
trait test uses every reward that helps and keeps the best outcome; the weakest hero is the
one that turns disloyal; exploration buys a reward with influence to spare, reads the likeliest
dragon rune, trains the trait the quests in hand test.
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


# -- the heroes' later prompts: disloyalty, duels, trait tests, trades, retreats, exploration (pp. 22, 26-28, 37) --


def hero_view(seen: Seen, card_id: str) -> dict:
    return next((h for h in seen.view.get("heroes", []) if h.get("id") == card_id), {})


def health_left(seen: Seen, card_id: str) -> int:
    hero = hero_view(seen, card_id)
    return int(hero.get("health", 0) or 0) - int(hero.get("wounds", 0) or 0)


def reward_keeps(seen: Seen, reward: str) -> bool:
    """A reward that stays with the hero after use (not discarded): using it costs nothing."""
    cards = seen.pack.hero_cards
    return cards is not None and reward in cards.rewards and not cards.rewards[reward].discard


@handles("disloyal_choice")
def disloyal_choice(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The hero worth least goes (its rewards go with it, p. 28)."""
    return best(
        legal, lambda a: -hero_worth(seen, a.args["hero"]) - 2 * int(hero_view(seen, a.args["hero"]).get("rewards", 0) or 0)
    )


@handles("duel_start")
def duel_start(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A start-of-duel ability or reward always helps its hero: use it."""
    return next((a for a in legal if a.choice == "use"), legal[-1])


@handles("duel_special")
def duel_special(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A reward that stays with the hero rather than the plain 1 damage; one used up only when nothing else."""
    kept = [a for a in legal if a.choice == "reward" and reward_keeps(seen, a.args["reward"])]
    return kept[0] if kept else next(a for a in legal if a.choice == "damage")


@handles("duel_armor")
def duel_armor(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Armour that stays is always worn; armour used up only when the damage would defeat the hero."""
    armour = [a for a in legal if a.choice == "armor"]
    kept = [a for a in armour if reward_keeps(seen, a.args["reward"])]
    if kept:
        return kept[0]
    if armour and int(prompt.info.get("damage", 0)) >= health_left(seen, prompt.info.get("hero", "")):
        return armour[0]
    return next(a for a in legal if a.choice == "none")


@handles("duel_spoils")
def duel_spoils(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Each reward to the hero holding fewest (then the stronger one)."""
    return best(
        legal, lambda a: -10 * int(hero_view(seen, a.args["hero"]).get("rewards", 0) or 0) + hero_worth(seen, a.args["hero"])
    )


@handles("test_boost")
def test_boost(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A reward that helps this test is used: a quest done brings rewards."""
    return next((a for a in legal if a.choice == "use"), legal[-1])


#: what a quest outcome is worth, per record (a reward ~ 3 influence)
OUTCOME_WORTH = {"take_reward": 3.0, "gain_influence": 0.6, "hero_damage": -2.0}


def outcome_worth(records) -> float:
    return sum(OUTCOME_WORTH.get(r["do"], 0.0) * int(r.get("count", r.get("amount", 1))) for r in records)


@handles("test_choose")
def test_choose(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The fate card whose symbol gives this quest's best outcome."""
    cards = seen.pack.hero_cards
    quest = cards.quests.get(prompt.info.get("quest", "")) if cards is not None else None
    if quest is None:
        return legal[0]
    symbols = {c.id: c.symbol for c in seen.pack.fate_cards}
    return best(legal, lambda a: outcome_worth(quest.outcomes.get(symbols.get(a.args["card"], ""), ())))


@handles("trade_rewards")
def trade_rewards(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Even out the rewards between the two heroes (a hero with many risks them all in one duel), then done."""
    mine = int(hero_view(seen, prompt.info.get("hero", "")).get("rewards", 0) or 0)

    def gap(action: Action) -> int:
        other = int(hero_view(seen, action.args.get("to") or action.args.get("from", "")).get("rewards", 0) or 0)
        return mine - other if action.choice == "give" else other - mine

    trades = [a for a in legal if a.choice != "done" and gap(a) >= 2]
    return trades[0] if trades else next(a for a in legal if a.choice == "done")


@handles("hero_retreat")
def hero_retreat(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The safest neighbour: my own area with my units, away from rivals."""

    def score(action: Action) -> float:
        area = action.args["to"]
        if area not in seen.areas:
            return -99.0
        return seen.power(area, seen.seat) - seen.hostile_power(area) + (2.0 if seen.controller(area) == seen.seat else 0.0)

    return best(legal, score)


@handles("explore_merchant")
def explore_merchant(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """A reward for 3 influence when 2 are left over."""
    rich = seen.me["influence"] >= 5
    return next(a for a in legal if a.choice == ("buy" if rich else "decline"))


@handles("explore_bandits")
def explore_bandits(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Take the wound while the hero can bear it; else give up a used-up kind of reward first."""
    damage = next(a for a in legal if a.choice == "damage")
    if health_left(seen, prompt.info.get("hero", "")) > 1:
        return damage
    return best(legal, lambda a: 0.0 if a.choice == "damage" else (1.0 if not reward_keeps(seen, a.args["reward"]) else 0.5))


@handles("explore_scroll")
def explore_scroll(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """Read the area most likely to hold a dragon rune, the more so when it is worth taking."""
    return best(legal, lambda a: seen.dragon_chance(a.args["area"]) if a.args["area"] in seen.areas else -1.0)


@handles("explore_training")
def explore_training(seen: Seen, prompt: Prompt, legal: list[Action], rng: Random) -> Action:
    """The trait my quests test most, else the hero's weakest."""
    quests = seen.pack.hero_cards.quests if seen.pack.hero_cards is not None else {}
    tests = [quests[q].test for q in seen.me.get("quest_hand", []) if q in quests]
    hero = hero_view(seen, prompt.info.get("hero", ""))
    train = [a for a in legal if a.choice == "train"]
    if not train:
        return legal[-1]
    return best(train, lambda a: tests.count(a.args["trait"]) - 0.1 * int(hero.get(a.args["trait"], 0) or 0))
