"""Heroes, quests, duels and rewards (pp. 25-29, 37; digest §9, §10.11; docs/heroes.md).

What every hero module shares: a hero's card and traits, damage and defeat, disloyalty,
and reward cards changing hands. The modules of this package:

- ``setup``: the decks, the starting heroes (setup step 9), exploration tokens, positions;
- ``recruit``: the Support bonus (p. 36) and the limit of 3 heroes (p. 25);
- ``moves``: where heroes go (quest phase, Strategy, retreat);
- ``quest_phase``: summer's second function (p. 26);
- ``quests``: attempting a quest, trait tests (p. 26);
- ``duel``: duels between heroes and duel quests (p. 28);
- ``rewards``: the reward effects, trading and picking up rewards in a player's turn (p. 27-28);
- ``exploration``: the optional exploration tokens (p. 37);
- ``upkeep``: what is checked after every step (rune peeking by heroes, eliminated players).

Heroes are not units (p. 15): they never control areas, never fight in battles, never
count against unit limits, and activation tokens do not concern them.
"""

from __future__ import annotations

from engine.core import Context, GameState
from engine.runewars import cards
from engine.runewars.data import Pack
from engine.runewars.data.model import HeroCard, QuestCard, RewardCard
from engine.runewars.state import DefeatedHeroToken, Hero, RunewarsBoard

HERO_DECK = "heroes"
QUEST_DECK = "quests"
REWARD_DECK = "rewards"
TRAITS = ("strength", "agility", "wisdom")


def hero_card(pack: Pack, card: str) -> HeroCard:
    return pack.hero_cards.hero(card)


def reward_card(pack: Pack, card: str) -> RewardCard:
    return pack.hero_cards.reward(card)


def quest_card(pack: Pack, card: str) -> QuestCard:
    return pack.hero_cards.quest(card)


def has_hero_cards(pack: Pack) -> bool:
    return pack.hero_cards is not None and bool(pack.hero_cards.heroes)


def find(board: RunewarsBoard, card: str) -> Hero | None:
    return next((h for h in board.heroes if h.card == card), None)


def heroes_of(board: RunewarsBoard, seat: int) -> list[Hero]:
    return [h for h in board.heroes if h.owner == seat]


def heroes_in(board: RunewarsBoard, area: str) -> list[Hero]:
    return [h for h in board.heroes if h.area == area]


def trait(pack: Pack, hero: Hero, name: str) -> int:
    """The printed value plus the training token (p. 26)."""
    return hero_card(pack, hero.card).trait(name) + hero.training.get(name, 0)


def health(pack: Pack, hero: Hero) -> int:
    return hero_card(pack, hero.card).health


def keywords(pack: Pack, hero: Hero) -> set[str]:
    """Lasting abilities: the hero card's and those of its keyword rewards (face up or not)."""
    found = set(hero_card(pack, hero.card).keywords)
    for reward in hero.rewards:
        found |= set(reward_card(pack, reward).keywords)
    return found


def keyword_rewards(pack: Pack, hero: Hero, keyword: str) -> list[str]:
    return [r for r in hero.rewards if keyword in reward_card(pack, r).keywords]


def is_defeated(pack: Pack, hero: Hero) -> bool:
    """p. 28: as many damage tokens as health points."""
    return hero.damage >= health(pack, hero)


def public_hero(hero: Hero) -> dict[str, object]:
    return {"hero": hero.card, "owner": hero.owner, "area": hero.area}


# -- damage, defeat, disloyalty ------------------------------------------------------------


def wound(state: GameState, pack: Pack, hero: Hero, amount: int, ctx: Context, why: str) -> None:
    """Damage outside a duel (quests, exploration tokens, cards); a hero defeated so leaves a token (p. 28)."""
    if amount <= 0 or hero not in state.board.heroes:
        return
    hero.damage += amount
    ctx.emit("hero_damaged", **public_hero(hero), amount=amount, damage=hero.damage, why=why)
    if is_defeated(pack, hero):
        defeat_otherwise(state, hero, ctx, why)


def remove(state: GameState, hero: Hero) -> None:
    state.board.heroes.remove(hero)


def defeat_otherwise(state: GameState, hero: Hero, ctx: Context, why: str) -> None:
    """p. 28 „Marker für besiegte Helden“: the rewards lie beside the board, unchanged, under a numbered token in the area.

    The hero card and figure go back to the box.
    """
    board: RunewarsBoard = state.board
    remove(state, hero)
    ctx.emit("hero_defeated", **public_hero(hero), why=why)
    if hero.rewards:
        number = 1 + max((t.number for t in board.defeated_heroes), default=0)
        board.defeated_heroes.append(DefeatedHeroToken(number, hero.area, list(hero.rewards)))
        ctx.emit(
            "defeated_hero_token",
            number=number,
            area=hero.area,
            rewards=len(hero.rewards),
            face_up=[r for r in hero.rewards if r in board.face_up_rewards],
        )


def make_disloyal(state: GameState, hero: Hero, ctx: Context, why: str) -> None:
    """p. 28 „Untreue Helden“: the figure leaves the board, the card is shuffled into the hero deck,
    the rewards go face up onto the reward discard pile (not left for other heroes)."""
    board: RunewarsBoard = state.board
    remove(state, hero)
    cards.shuffle_in(board, HERO_DECK, [hero.card], ctx.rng)
    board.decks.setdefault(REWARD_DECK, cards.Deck()).discard += hero.rewards
    board.face_up_rewards = [r for r in board.face_up_rewards if r not in hero.rewards]
    ctx.emit("hero_disloyal", **public_hero(hero), rewards_discarded=list(hero.rewards), why=why)


def disloyal_candidates(pack: Pack, board: RunewarsBoard, seat: int) -> list[Hero]:
    """Heroes whose alignment differs from their player's faction (p. 28; neutral heroes never match), unless loyal."""
    alignment = pack.faction(board.players[seat].faction).alignment
    return [
        h for h in heroes_of(board, seat) if hero_card(pack, h.card).alignment != alignment and "loyal" not in keywords(pack, h)
    ]


# -- rewards ---------------------------------------------------------------------------------


def gain_rewards(state: GameState, pack: Pack, hero: Hero, count: int, ctx: Context, why: str) -> list[str]:
    """p. 27: draw the top reward card(s), look at them, put them face down under the hero card."""
    drawn = cards.draw(state.board, REWARD_DECK, count, ctx.rng)
    hero.rewards += drawn
    ctx.emit("reward_gained", **public_hero(hero), count=len(drawn), why=why)
    if drawn:
        ctx.emit("your_rewards", to=hero.owner, hero=hero.card, cards=list(drawn))
    return drawn


def reveal_reward(board: RunewarsBoard, hero: Hero, reward: str, ctx: Context) -> None:
    """p. 27: a reward is revealed when used and stays face up for the rest of the game."""
    if reward not in board.face_up_rewards:
        board.face_up_rewards.append(reward)
        ctx.emit("reward_revealed", **public_hero(hero), reward=reward)


def discard_reward(board: RunewarsBoard, hero: Hero, reward: str, ctx: Context, why: str) -> None:
    """A discarded reward goes face up onto the reward discard pile."""
    hero.rewards.remove(reward)
    board.decks.setdefault(REWARD_DECK, cards.Deck()).discard.append(reward)
    if reward in board.face_up_rewards:
        board.face_up_rewards.remove(reward)
    ctx.emit("reward_discarded", **public_hero(hero), reward=reward, why=why)


def hand_over(board: RunewarsBoard, rewards: list[str], to: Hero, ctx: Context, why: str) -> None:
    """Rewards change heroes: face-down ones stay face down and only the new owner sees them (p. 28)."""
    to.rewards += rewards
    ctx.emit(
        "rewards_taken",
        **public_hero(to),
        count=len(rewards),
        face_up=[r for r in rewards if r in board.face_up_rewards],
        why=why,
    )
    ctx.emit("your_rewards", to=to.owner, hero=to.card, cards=list(rewards))
