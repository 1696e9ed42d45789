"""Attempting a quest (p. 26 „Quests beginnen und erfüllen“, „Eigenschaftsprüfungen“; p. 28 „Duellquests“).

The player reveals the quest card from his hand and follows it:

- a **trait test**: draw as many fate cards as the hero's trait (training included), choose
  one, and apply the fate symbol at its top as the card says. Before drawing, the hero's
  own ability and test rewards (revealed when used) may add cards;
- a **duel quest**: a duel against a neutral unit taken from the supply beside the board,
  led by the player left of the hero's player (engine/runewars/heroes/duel.py).

„Nimm eine Belohnung“ completes the quest: the hero draws a reward, the quest card is
discarded and a new one drawn (p. 26). A failed quest stays in hand (ruling R-H4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars import cards
from engine.runewars.data import Pack
from engine.runewars.effects import Effects, effect, resolve_effects
from engine.runewars.flow import chosen_option, procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import (
    QUEST_DECK,
    find,
    gain_rewards,
    hero_card,
    public_hero,
    quest_card,
    reveal_reward,
    reward_card,
    trait,
    wound,
)
from engine.runewars.heroes.duel import Duel
from engine.runewars.state import Hero, RunewarsBoard
from engine.runewars.turn_order import left_of_active

RULE = "p. 26 (Eigenschaftsprüfungen)"


@register
@dataclass
class QuestAttempt:
    hero: str
    quest: str
    step: str = "reveal"
    #: fate cards added to the test by abilities and rewards
    extra: int = 0
    #: test rewards used in this attempt
    used: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    #: a reward was taken („nimm eine Belohnung“): the quest is completed
    completed: bool = False


def hero_effects(state: GameState, pack: Pack, ctx: Context, hero: Hero, records, card: str, **memo) -> Effects:
    """Resolve ``records`` for ``hero``'s player; the effects find the hero in the frame's memo."""
    frame = resolve_effects(state, pack, ctx, hero.owner, [dict(r) for r in records], card=card)
    frame.memo.update(hero=hero.card, **memo)
    return frame


def memo_hero(state: GameState) -> Hero | None:
    frame = top(state, Effects)
    return None if frame is None else find(state.board, frame.memo.get("hero", ""))


@procedure(QuestAttempt)
def _advance(state: GameState, pack: Pack, frame: QuestAttempt, ctx: Context) -> bool:
    board: RunewarsBoard = state.board
    if frame.step == "done":  # after the hero's "quest_done" ability
        return True
    hero = find(board, frame.hero)
    quest = quest_card(pack, frame.quest)
    if frame.step == "reveal":
        ctx.emit("quest_revealed", **public_hero(hero), quest=frame.quest, test=quest.test, duel=quest.duel)
        if quest.duel is not None:
            frame.step = "duel_over"
            push(
                state,
                Duel(hero.area, hero.card, monster=quest.duel, controller=left_of_active(board, hero.owner), quest=frame.quest),
            )
            return False
        frame.step = "boost"
        ability = hero_card(pack, hero.card)
        if ability.when == f"test_{quest.test}":
            hero_effects(state, pack, ctx, hero, ability.effects, hero.card)
            return False
    if hero is None:  # defeated during the attempt
        ctx.emit("quest_result", hero=frame.hero, quest=frame.quest, completed=False)
        return True
    if frame.step == "boost":
        if not hero.rewards:  # public: nothing could be added
            frame.step = "draw"
        else:
            pid = season_id(board, "test_boost", hero.card, seq=state.seq)
            state.open(
                [Prompt(pid, hero.owner, "test_boost", info={"hero": hero.card, "quest": frame.quest, "test": quest.test})]
            )
            return False
    if frame.step == "draw":
        frame.step = "choose"
        count = trait(pack, hero, quest.test) + frame.extra
        frame.drawn = cards.draw(board, "fate", count, ctx.rng)
        symbols = {c: _symbol(pack, c) for c in frame.drawn}
        ctx.emit("test_drawn", **public_hero(hero), quest=frame.quest, test=quest.test, cards=list(frame.drawn), symbols=symbols)
        pid = season_id(board, "test_choose", hero.card, seq=state.seq)
        answers = _distinct(pack, frame.drawn)
        forced = Action(hero.owner, pid, "choose", {"card": answers[0]}) if len(answers) == 1 else None
        state.open(
            [
                Prompt(
                    pid,
                    hero.owner,
                    "test_choose",
                    info={"hero": hero.card, "quest": frame.quest, "cards": list(frame.drawn)},
                    forced=forced,
                )
            ]
        )
        return False
    if frame.step in ("duel_over", "finish"):
        frame.step = "done"
        _finish(state, pack, frame, hero, ctx)
        return board.stack[-1] is frame  # else the "quest_done" ability runs first
    return False


def _symbol(pack: Pack, card: str) -> str:
    return next(c.symbol for c in pack.fate_cards if c.id == card)


def _distinct(pack: Pack, drawn: list[str]) -> list[str]:
    """One card per fate symbol: the symbol is all a test reads."""
    seen: dict[str, str] = {}
    for card in drawn:
        seen.setdefault(_symbol(pack, card), card)
    return list(seen.values())


def _finish(state: GameState, pack: Pack, frame: QuestAttempt, hero: Hero, ctx: Context) -> None:
    """A completed quest is discarded and a new one drawn (p. 26); the hero's "quest_done" ability follows."""
    board: RunewarsBoard = state.board
    player = board.players[hero.owner]
    ctx.emit("quest_result", **public_hero(hero), quest=frame.quest, completed=frame.completed)
    if not frame.completed or frame.quest not in player.quests:
        return
    player.quests.remove(frame.quest)
    board.decks.setdefault(QUEST_DECK, cards.Deck()).discard.append(frame.quest)
    drawn = cards.draw(board, QUEST_DECK, 1, ctx.rng)
    player.quests += drawn
    ctx.emit("quests_drawn", seat=hero.owner, count=len(drawn))
    ctx.emit("your_quests_drawn", to=hero.owner, cards=drawn)
    ability = hero_card(pack, hero.card)
    if ability.when == "quest_done" and hero in board.heroes:
        hero_effects(state, pack, ctx, hero, ability.effects, hero.card)


# -- prompts --------------------------------------------------------------------------------------


def test_rewards(pack: Pack, hero: Hero, frame: QuestAttempt) -> list[str]:
    test = quest_card(pack, frame.quest).test
    return [
        r
        for r in hero.rewards
        if reward_card(pack, r).when == "test" and reward_card(pack, r).test in (None, test) and r not in frame.used
    ]


def _boost_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, QuestAttempt)
    hero = find(state.board, frame.hero)
    uses = [Action(prompt.seat, prompt.id, "use", {"reward": r}) for r in test_rewards(pack, hero, frame)]
    return uses + [Action(prompt.seat, prompt.id, "draw")]


@prompt_kind("test_boost", choices={"use", "draw"}, legal=_boost_legal)
def boost(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, QuestAttempt)
    hero = find(state.board, frame.hero)
    if action.choice == "draw":
        state.close(prompt.id)
        frame.step = "draw"
        return
    reward = action.args.get("reward")
    if reward not in test_rewards(pack, hero, frame):
        raise IllegalAction(
            N_("Only an unused reward of this hero that helps in this trait test."),
            rule="p. 27 (Belohnungskarten)",
            alternatives=_boost_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    frame.used.append(reward)
    reveal_reward(state.board, hero, reward, ctx)
    hero_effects(state, pack, ctx, hero, reward_card(pack, reward).effects, reward)


def _choose_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "choose", {"card": c}) for c in _distinct(pack, prompt.info["cards"])]


@prompt_kind("test_choose", choices={"choose"}, legal=_choose_legal)
def choose_card(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    card = chosen_option(
        state,
        pack,
        prompt,
        action,
        "card",
        "cards",
        expects=N_("choose needs 'card': one of the fate cards drawn"),
        refusal=N_("Choose one of the fate cards drawn for this test."),
        rule=RULE,
    )
    board: RunewarsBoard = state.board
    frame = top(state, QuestAttempt)
    hero = find(board, frame.hero)
    state.close(prompt.id)
    board.decks["fate"].discard += frame.drawn
    frame.drawn = []  # discarded: a quest effect that asks (Banners of War's tokens) must not find them in two places
    symbol = _symbol(pack, card)
    frame.step = "finish"
    ctx.emit("test_chosen", **public_hero(hero), quest=frame.quest, card=card, symbol=symbol)
    hero_effects(state, pack, ctx, hero, quest_card(pack, frame.quest).outcomes.get(symbol, ()), frame.quest)


# -- effects of quests and tests --------------------------------------------------------------------


@effect("take_reward", count="int")
def take_reward(state: GameState, pack: Pack, ctx: Context, seat: int, count: int = 1) -> None:
    """„Nimm eine Belohnung“ (p. 26): the hero draws reward cards; it completes the quest being attempted."""
    hero = memo_hero(state)
    if hero is None:
        return
    gain_rewards(state, pack, hero, count, ctx, why=top(state, Effects).card)
    attempt = top(state, QuestAttempt)
    if attempt is not None and attempt.hero == hero.card:
        attempt.completed = True


@effect("hero_damage", amount="int")
def hero_damage(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    """The hero suffers damage outside a duel (a hero so defeated leaves its rewards under a token, p. 28)."""
    hero = memo_hero(state)
    if hero is not None:
        wound(state, pack, hero, amount, ctx, why=top(state, Effects).card)


@effect("test_extra_cards", amount="int")
def test_extra_cards(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    """More fate cards for the trait test being prepared."""
    attempt = top(state, QuestAttempt)
    if attempt is not None:
        attempt.extra += amount
        ctx.emit("test_extra_cards", hero=attempt.hero, amount=amount, why=top(state, Effects).card)
