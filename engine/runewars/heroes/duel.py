"""Duels (p. 28 „Duelle“, „Duellquests“, „Helden besiegen“; p. 29 example; digest §9.6).

1. The attacker names one enemy hero in the area (engine/runewars/heroes/quest_phase.py);
   a duel quest names a neutral unit type instead, taken from the supply and led by the
   player left of the hero's player.
2. Start of the duel: the attacker, then the defender, may play "duel_start" tactics cards
   (engine/runewars/effects/windows.py) and use "start of a duel" abilities and rewards.
3. Up to 4 rounds. In each, the attacker and then the defender draw one fate card, shown at
   once, and apply it, the attacker first: heroes read the circle section, a neutral unit
   the section of its own shape (p. 28). Special icon: a hero deals 1 damage or uses one of
   its rewards; a unit resolves its special ability (no "1 damage" instead). Rout icon:
   prevents that much damage to its drawer this round. Damage icon: that much damage.
   Armor may prevent damage before it lands; all damage of a round lands at once.
4. The duel ends after 4 rounds or after the round in which a hero (or the unit) is
   defeated. The victor's player takes all rewards of the defeated hero and shares them out
   among his heroes in the area; face-down ones stay face down, the new owner sees them.

A hero may use any number of rewards in a duel, but at most one weapon and one armor,
the same one as often as it likes unless it says otherwise (p. 27).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core import N_, Action, Context, GameState, IllegalAction, Prompt, register
from engine.runewars import cards
from engine.runewars.banners import on as banners_on
from engine.runewars.battle.abilities import is_fate_card, tactic_fate_section
from engine.runewars.data import FateSection, Pack
from engine.runewars.effects import Effects, effect, resolve_effects
from engine.runewars.effects.windows import open_window
from engine.runewars.flow import legal, procedure, prompt_kind, season_id, top
from engine.runewars.heroes import (
    defeat_otherwise,
    discard_reward,
    find,
    hand_over,
    hero_card,
    heroes_in,
    is_defeated,
    keywords,
    quest_card,
    remove,
    reveal_reward,
    reward_card,
    trait,
)
from engine.runewars.state import Hero, RunewarsBoard

ATTACKER, DEFENDER = 0, 1
RULE = "p. 28 (Duelle)"
#: ruling R-H6: what a neutral unit's special ability does in a duel against a hero
MONSTER_SPECIALS = {
    "beastman": "1 damage, then one more fate card read by its triangle section (a special icon there does nothing)",
    "giant": "damage equal to the damage on the Giant",
    "hellhound": "1 damage (the hero is the only figure it can burn)",
    "sorcerer": "its health becomes 2 for the rest of the duel",
    "dragon": "nothing (it destroys triangle units; a hero counts as a circle)",
    "razorwing": "nothing (it routs a unit of battle row 2 or higher; a hero has no battle row)",
}


#: steps other rules add to the duel (Banners of War: ``tactic_fate``), step -> fn(state, pack, duel, ctx)
EXTRA_STEPS: dict = {}


@register
@dataclass
class Duel:
    area: str
    #: the hero who started the duel
    attacker: str
    #: the enemy hero named, or a duel quest's neutral unit type (``monster``) led by ``controller``
    defender: str = ""
    monster: str = ""
    controller: int | None = None
    quest: str = ""
    step: str = "announce"
    #: the side whose part of the current step is next (0 attacker, 1 defender)
    side: int = 0
    round: int = 0
    #: this round's fate cards (attacker's, defender's) and cards drawn on top of them (Beastman)
    cards: list[str] = field(default_factory=list)
    extra_cards: list[str] = field(default_factory=list)
    incoming: list[int] = field(default_factory=lambda: [0, 0])
    prevented: list[int] = field(default_factory=lambda: [0, 0])
    #: damage that neither rout icons nor armor prevent
    certain: list[int] = field(default_factory=lambda: [0, 0])
    monster_damage: int = 0
    monster_health: int = 0
    #: the weapon and the armor each side uses in this duel (p. 27: one of each)
    weapon: list[str] = field(default_factory=lambda: ["", ""])
    armor: list[str] = field(default_factory=lambda: ["", ""])
    #: once-per-duel rewards and start abilities already used
    used: list[str] = field(default_factory=list)
    escape: bool = False
    #: a defeated hero's rewards still to be shared out by the victor's player
    spoils: list[str] = field(default_factory=list)
    victor_seat: int | None = None


def side_hero(state: GameState, duel: Duel, side: int) -> Hero | None:
    """The hero fighting for ``side`` (None for a duel quest's unit, or a hero already defeated)."""
    if side == ATTACKER:
        return find(state.board, duel.attacker)
    return None if duel.monster else find(state.board, duel.defender)


def _section(state: GameState, pack: Pack, duel: Duel, side: int, card: str) -> FateSection:
    shape = pack.unit(duel.monster).shape if side == DEFENDER and duel.monster else str(pack.constant("hero_duel_shape"))
    found = next((c for c in pack.fate_cards if c.id == card), None)
    return tactic_fate_section(pack, card, shape) if found is None else found.section(shape)


def _defeated(state: GameState, pack: Pack, duel: Duel, side: int) -> bool:
    hero = side_hero(state, duel, side)
    if hero is None:
        return duel.monster_damage >= duel.monster_health
    return is_defeated(pack, hero)


def _hit(state: GameState, duel: Duel, side: int, amount: int) -> None:
    """Damage now (start of the duel, reflected damage): tokens on the hero card, or on the unit."""
    hero = side_hero(state, duel, side)
    if hero is None:
        duel.monster_damage += amount
    else:
        hero.damage += amount


@procedure(Duel)
def _advance(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> bool:
    step = duel.step
    if step == "announce":
        _announce(state, pack, duel, ctx)
    elif step == "start":
        return _start_of_duel(state, pack, duel, ctx)
    elif step == "draw":
        if banners_on(state.options):  # Banners of War: tactic fate cards are announced before the draw
            duel.step, duel.side, duel.cards = "tactic_fate", ATTACKER, ["", ""]
        else:
            _draw(state, pack, duel, ctx)
    elif step in EXTRA_STEPS:
        EXTRA_STEPS[step](state, pack, duel, ctx)
    elif step == "apply":
        _apply(state, pack, duel, ctx)
    elif step == "armor":
        _armor(state, pack, duel)
    elif step == "resolve":
        _resolve(state, pack, duel, ctx)
    elif step == "result":
        _result(state, pack, duel, ctx)
    elif step == "spoils":
        return _share_spoils(state, pack, duel, ctx)
    return False


def _announce(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    attacker = side_hero(state, duel, ATTACKER)
    if duel.monster:
        duel.monster_health = pack.unit(duel.monster).health
        ctx.emit(
            "duel_started",
            area=duel.area,
            attacker=duel.attacker,
            attacker_seat=attacker.owner,
            monster=duel.monster,
            controller=duel.controller,
            quest=duel.quest,
        )
    else:
        defender = side_hero(state, duel, DEFENDER)
        ctx.emit(
            "duel_started",
            area=duel.area,
            attacker=duel.attacker,
            attacker_seat=attacker.owner,
            defender=duel.defender,
            defender_seat=defender.owner,
        )
    duel.step, duel.side = "start", ATTACKER


# -- 2. the start of the duel -------------------------------------------------------------------


def _start_of_duel(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> bool:
    """The attacker's tactics window and abilities, then the defender's (a neutral unit has none)."""
    while duel.side < 2 and not any(_defeated(state, pack, duel, s) for s in (ATTACKER, DEFENDER)):
        hero = side_hero(state, duel, duel.side)
        window_key = f"window/{duel.side}"
        if hero is not None and window_key not in duel.used:
            duel.used.append(window_key)
            if (
                open_window(state, "duel_start", [hero.owner], {"area": duel.area, "hero": hero.card, "side": duel.side})
                is not None
            ):  # the effects' memo
                return False
        if hero is not None and (
            _start_options(pack, duel, duel.side, hero) or hero.rewards
        ):  # public: its ability, its reward count
            board: RunewarsBoard = state.board
            pid = season_id(board, "duel_start", hero.card, seq=state.seq)
            state.open([Prompt(pid, hero.owner, "duel_start", info={"hero": hero.card, "area": duel.area})])
            return False
        duel.side += 1
    duel.step = "result" if any(_defeated(state, pack, duel, s) for s in (ATTACKER, DEFENDER)) else "draw"
    return False


def _start_options(pack: Pack, duel: Duel, side: int, hero: Hero) -> list[str]:
    """The hero's own "start of a duel" ability (once) and its unused duel-start rewards."""
    triggers = {"duel_start", "attack_start"} if side == ATTACKER else {"duel_start"}
    own = [hero.card] if hero_card(pack, hero.card).when in triggers and hero.card not in duel.used else []
    return own + [r for r in hero.rewards if reward_card(pack, r).when == "duel_start" and r not in duel.used]


def _start_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    duel = top(state, Duel)
    hero = find(state.board, prompt.info["hero"])
    uses = [Action(prompt.seat, prompt.id, "use", {"card": c}) for c in _start_options(pack, duel, duel.side, hero)]
    return uses + [Action(prompt.seat, prompt.id, "pass")]


@prompt_kind("duel_start", choices={"use", "pass"}, legal=_start_legal)
def start_ability(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    duel = top(state, Duel)
    hero = find(state.board, prompt.info["hero"])
    if action.choice == "pass":
        state.close(prompt.id)
        duel.side += 1
        return
    used = action.args.get("card")
    if used not in _start_options(pack, duel, duel.side, hero):
        raise IllegalAction(
            N_("Use this hero's start-of-duel ability or one of its start-of-duel rewards, each once."),
            rule=RULE + " step 2",
            alternatives=_start_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    duel.used.append(used)
    if used == hero.card:
        ctx.emit("duel_ability", hero=hero.card, owner=hero.owner)
        records = hero_card(pack, hero.card).effects
    else:
        reveal_reward(state.board, hero, used, ctx)
        records = reward_card(pack, used).effects
        if reward_card(pack, used).discard:
            discard_reward(state.board, hero, used, ctx, why="used")
    _effects(state, pack, ctx, hero, duel.side, records, used)


def _effects(state: GameState, pack: Pack, ctx: Context, hero: Hero, side: int, records, card: str) -> None:
    frame = resolve_effects(state, pack, ctx, hero.owner, [dict(r) for r in records], card=card)
    frame.memo.update(hero=hero.card, side=side)


# -- 3. the rounds ----------------------------------------------------------------------------------


def _draw(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    """Step a: starting with the attacker, each draws 1 fate card and shows it (a tactic fate card announced
    for a side, Banners of War, stands in for its draw: engine.runewars.banners.tactic_fate)."""
    duel.round += 1
    duel.incoming, duel.prevented, duel.certain = [0, 0], [0, 0], [0, 0]
    if any(duel.cards):
        drawn = cards.draw(state.board, "fate", duel.cards.count(""), ctx.rng)
        duel.cards = [c or (drawn.pop(0) if drawn else "") for c in duel.cards]
        duel.cards = [c for c in duel.cards if c]
    else:
        duel.cards = cards.draw(state.board, "fate", 2, ctx.rng)
    ctx.emit(
        "duel_cards",
        area=duel.area,
        round=duel.round,
        cards=list(duel.cards),
        sections=[_section(state, pack, duel, s, c).code for s, c in enumerate(duel.cards)],
    )
    duel.step, duel.side = "apply", ATTACKER


def _apply(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    """Step b, the attacker first."""
    if duel.side >= len(duel.cards):
        duel.step, duel.side = "armor", ATTACKER
        return
    side = duel.side
    section = _section(state, pack, duel, side, duel.cards[side])
    hero = side_hero(state, duel, side)
    if section.kind == "special" and hero is not None:
        if hero.rewards:  # public: a hero without rewards can only deal the 1 damage
            board: RunewarsBoard = state.board
            pid = season_id(board, "duel_special", hero.card, seq=state.seq)
            state.open([Prompt(pid, hero.owner, "duel_special", info={"hero": hero.card, "round": duel.round})])
            return
        duel.incoming[1 - side] += 1
    elif section.kind == "special":
        _monster_special(state, pack, duel, ctx)
    else:
        apply_section(pack, duel, side, hero, section)
    duel.side += 1


def apply_section(pack: Pack, duel: Duel, side: int, hero: Hero | None, section: FateSection) -> None:
    """A rout icon prevents damage to its drawer this round; a damage icon hits the other side (p. 28)."""
    found = keywords(pack, hero) if hero is not None else set()
    if section.kind == "rout":
        duel.prevented[side] += section.n + ("stalwart" in found)
    elif section.kind == "damage":
        duel.incoming[1 - side] += section.n + ("ferocious" in found)


def _monster_special(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    """Ruling R-H6 (MONSTER_SPECIALS): a neutral unit's ability read for a duel against one hero."""
    monster = duel.monster
    if monster == "beastman":
        duel.incoming[ATTACKER] += 1
        extra = cards.draw(state.board, "fate", 1, ctx.rng)
        duel.extra_cards += extra
        if extra:
            section = _section(state, pack, duel, DEFENDER, extra[0])
            ctx.emit("duel_extra_card", area=duel.area, card=extra[0], section=section.code)
            apply_section(pack, duel, DEFENDER, None, section)
    elif monster == "giant":
        duel.incoming[ATTACKER] += duel.monster_damage
    elif monster == "hellhound":
        duel.incoming[ATTACKER] += 1
    elif monster == "sorcerer":
        duel.monster_health = max(duel.monster_health, 2)
    ctx.emit("duel_monster_ability", area=duel.area, monster=monster, effect=MONSTER_SPECIALS.get(monster, "nothing"))


def special_rewards(pack: Pack, duel: Duel, side: int, hero: Hero) -> list[str]:
    return [r for r in hero.rewards if reward_card(pack, r).when == "duel_special" and _may_use(pack, duel, side, r)]


def _may_use(pack: Pack, duel: Duel, side: int, reward: str) -> bool:
    """One weapon and one armor per duel, the same one again and again (p. 27); ``once`` rewards once."""
    card = reward_card(pack, reward)
    if card.once and reward in duel.used:
        return False
    if card.trait == "weapon":
        return duel.weapon[side] in ("", reward)
    if card.trait == "armor":
        return duel.armor[side] in ("", reward)
    return True


def _use_reward(state: GameState, pack: Pack, ctx: Context, duel: Duel, side: int, hero: Hero, reward: str) -> None:
    card = reward_card(pack, reward)
    if card.trait == "weapon":
        duel.weapon[side] = reward
    elif card.trait == "armor":
        duel.armor[side] = reward
    if card.once:
        duel.used.append(reward)
    reveal_reward(state.board, hero, reward, ctx)
    if card.discard:
        discard_reward(state.board, hero, reward, ctx, why="used")
    _effects(state, pack, ctx, hero, side, card.effects, reward)


RewardOffer = Callable[[Pack, Duel, int, Hero], list[str]]


def _reward_answers(state: GameState, pack: Pack, prompt: Prompt, without: str, use: str, offered: RewardOffer) -> list[Action]:
    """The legal answers of a duel prompt: ``without`` a reward, or ``use`` one of the rewards ``offered`` to the hero."""
    duel = top(state, Duel)
    hero = find(state.board, prompt.info["hero"])
    uses = [Action(prompt.seat, prompt.id, use, {"reward": r}) for r in offered(pack, duel, duel.side, hero)]
    return [Action(prompt.seat, prompt.id, without)] + uses


def _answer_side(
    state: GameState, pack: Pack, prompt: Prompt, action: Action, use: str, offered: RewardOffer, refusal: str, rule: str
) -> tuple[Duel, int, Hero]:
    """Check and close the duel prompt of the side whose turn it is; the next side is up. Returns (duel, side, hero)."""
    duel = top(state, Duel)
    hero = find(state.board, prompt.info["hero"])
    side = duel.side
    if action.choice == use and action.args.get("reward") not in offered(pack, duel, side, hero):
        raise IllegalAction(refusal, rule=rule, alternatives=legal(state, pack, prompt))
    state.close(prompt.id)
    duel.side += 1
    return duel, side, hero


def _special_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return _reward_answers(state, pack, prompt, "damage", "reward", special_rewards)


@prompt_kind("duel_special", choices={"damage", "reward"}, legal=_special_legal)
def duel_special(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """p. 28: „kann der Held dem Gegner entweder einen Schaden zufügen (s. Heldenkarte) oder die Fähigkeit einer seiner Belohnungskarten nutzen“."""
    duel, side, hero = _answer_side(
        state,
        pack,
        prompt,
        action,
        "reward",
        special_rewards,
        N_("Deal 1 damage, or use one of this hero's rewards for a special icon (one weapon per duel)."),
        RULE + " / p. 27",
    )
    if action.choice == "damage":
        duel.incoming[1 - side] += 1
        ctx.emit("duel_special_damage", hero=hero.card, owner=hero.owner)
    else:
        _use_reward(state, pack, ctx, duel, side, hero, action.args["reward"])


# -- armor -------------------------------------------------------------------------------------------


def armor_rewards(pack: Pack, duel: Duel, side: int, hero: Hero) -> list[str]:
    return [r for r in hero.rewards if reward_card(pack, r).when == "duel_armor" and _may_use(pack, duel, side, r)]


def _armor(state: GameState, pack: Pack, duel: Duel) -> None:
    """Before the damage lands, a hero about to take some may use armor; asked whenever it holds any reward (public)."""
    while duel.side < 2:
        hero = side_hero(state, duel, duel.side)
        if hero is not None and hero.rewards and duel.incoming[duel.side] > duel.prevented[duel.side]:
            board: RunewarsBoard = state.board
            pid = season_id(board, "duel_armor", hero.card, seq=state.seq)
            state.open(
                [
                    Prompt(
                        pid,
                        hero.owner,
                        "duel_armor",
                        info={
                            "hero": hero.card,
                            "round": duel.round,
                            "damage": duel.incoming[duel.side] - duel.prevented[duel.side],
                        },
                    )
                ]
            )
            return
        duel.side += 1
    duel.step = "resolve"


def _armor_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return _reward_answers(state, pack, prompt, "none", "armor", armor_rewards)


@prompt_kind("duel_armor", choices={"armor", "none"}, legal=_armor_legal)
def duel_armor(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    duel, side, hero = _answer_side(
        state,
        pack,
        prompt,
        action,
        "armor",
        armor_rewards,
        N_("Use one armor reward of this hero (one armor per duel), or none."),
        "p. 27 (Belohnungskarten im Duell)",
    )
    if action.choice == "armor":
        _use_reward(state, pack, ctx, duel, side, hero, action.args["reward"])


# -- the damage lands, the result ------------------------------------------------------------------------


def _resolve(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    """„Aller Schaden wird gleichzeitig zugefügt“ (p. 28)."""
    taken = [max(0, duel.incoming[s] - duel.prevented[s]) + duel.certain[s] for s in (ATTACKER, DEFENDER)]
    for side, amount in enumerate(taken):
        _hit(state, duel, side, amount)
    used = duel.cards + duel.extra_cards
    state.board.decks["fate"].discard += [c for c in used if is_fate_card(pack, c)]
    state.board.decks["tactics"].discard += [c for c in used if not is_fate_card(pack, c)]  # tactic fate cards
    duel.cards, duel.extra_cards = [], []
    ctx.emit(
        "duel_round",
        area=duel.area,
        round=duel.round,
        damage=taken,
        prevented=[min(duel.incoming[s], duel.prevented[s]) for s in (ATTACKER, DEFENDER)],
    )
    over = any(_defeated(state, pack, duel, s) for s in (ATTACKER, DEFENDER))
    duel.step = "result" if over or duel.escape or duel.round >= int(pack.constant("duel_rounds")) else "draw"


def _result(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> None:
    """p. 28 „Ergebnis“; both defeated at once, or a hero defeated by a neutral unit: ruling R-H5."""
    lost = [_defeated(state, pack, duel, s) for s in (ATTACKER, DEFENDER)]
    heroes = [side_hero(state, duel, s) for s in (ATTACKER, DEFENDER)]
    ctx.emit("duel_ended", area=duel.area, rounds=duel.round, defeated={"attacker": lost[0], "defender": lost[1]})
    duel.step = "spoils"
    if duel.monster:
        hero = heroes[ATTACKER]
        if lost[ATTACKER]:
            defeat_otherwise(state, hero, ctx, why="duel_quest")
        elif lost[DEFENDER]:  # p. 28: „Falls der Held die Einheit besiegt, hat er damit die Quest erfüllt“
            _effects(state, pack, ctx, hero, ATTACKER, quest_card(pack, duel.quest).outcomes.get("win", ()), duel.quest)
        return
    if all(lost):
        for hero in heroes:
            defeat_otherwise(state, hero, ctx, why="duel")
        return
    if not any(lost):
        return
    loser, victor = (heroes[0], heroes[1]) if lost[0] else (heroes[1], heroes[0])
    remove(state, loser)
    ctx.emit("hero_defeated", hero=loser.card, owner=loser.owner, area=loser.area, why="duel", victor=victor.card)
    duel.spoils, duel.victor_seat = list(loser.rewards), victor.owner


def _victors(state: GameState, duel: Duel) -> list[Hero]:
    """The victor's player's heroes in the area („auf seine in diesem Gebiet anwesenden Helden“)."""
    return [h for h in heroes_in(state.board, duel.area) if h.owner == duel.victor_seat]


def _share_spoils(state: GameState, pack: Pack, duel: Duel, ctx: Context) -> bool:
    if not duel.spoils:
        return True
    victors = _victors(state, duel)
    if len(victors) == 1:  # nothing to decide
        hand_over(state.board, duel.spoils, victors[0], ctx, why="duel")
        duel.spoils = []
        return True
    board: RunewarsBoard = state.board
    pid = season_id(board, "duel_spoils", duel.area, seq=state.seq)
    state.open([Prompt(pid, duel.victor_seat, "duel_spoils", secret=True, info={"area": duel.area, "rewards": len(duel.spoils)})])
    return False


def _spoils_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    duel = top(state, Duel)
    return [Action(prompt.seat, prompt.id, "give", {"reward": duel.spoils[0], "hero": h.card}) for h in _victors(state, duel)]


@prompt_kind("duel_spoils", choices={"give"}, legal=_spoils_legal)
def give_spoils(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """p. 28: „kann der Spieler des siegreichen Helden alle Belohnungskarten des Unterlegenen beliebig auf seine in diesem Gebiet anwesenden Helden verteilen“."""
    if Action(prompt.seat, prompt.id, "give", dict(action.args)) not in _spoils_legal(state, pack, prompt):
        raise IllegalAction(
            N_("Give the next reward to one of your heroes in this area."),
            rule=RULE + " (Helden besiegen)",
            alternatives=_spoils_legal(state, pack, prompt),
        )
    duel = top(state, Duel)
    state.close(prompt.id)
    hand_over(state.board, [duel.spoils.pop(0)], find(state.board, action.args["hero"]), ctx, why="duel")


# -- effects used in duels --------------------------------------------------------------------------------


def _in_duel(state: GameState) -> tuple[Duel | None, int, Hero | None]:
    duel, frame = top(state, Duel), top(state, Effects)
    if duel is None or frame is None:
        return None, 0, None
    return duel, int(frame.memo.get("side", ATTACKER)), find(state.board, frame.memo.get("hero", ""))


@effect("duel_damage", amount="int", trait="str", unpreventable="bool")
def duel_damage(
    state: GameState, pack: Pack, ctx: Context, seat: int, amount: int = 0, trait: str = "", unpreventable: bool = False
) -> None:
    """Damage to the other side: ``amount`` plus the hero's ``trait``; at the start of the duel it lands at once."""
    duel, side, hero = _in_duel(state)
    if duel is None or hero is None:
        return
    total = amount + (_trait(pack, hero, trait) if trait else 0)
    if duel.round == 0:
        _hit(state, duel, 1 - side, total)
        ctx.emit("duel_damage", area=duel.area, side=1 - side, amount=total, why=top(state, Effects).card)
    elif unpreventable:
        duel.certain[1 - side] += total
    else:
        duel.incoming[1 - side] += total


def _trait(pack: Pack, hero: Hero, name: str) -> int:
    """(The effect's parameter ``trait`` hides the function of that name.)"""
    return trait(pack, hero, name)


@effect("duel_prevent", amount="int")
def duel_prevent(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    duel, side, _ = _in_duel(state)
    if duel is not None:
        duel.prevented[side] += amount


@effect("duel_heal", amount="int")
def duel_heal(state: GameState, pack: Pack, ctx: Context, seat: int, amount: int) -> None:
    """Damage tokens off the hero at once."""
    _, _, hero = _in_duel(state)
    if hero is not None:
        removed = min(amount, hero.damage)
        hero.damage -= removed
        ctx.emit("hero_healed", hero=hero.card, owner=hero.owner, area=hero.area, amount=removed, why="duel")


@effect("duel_escape")
def duel_escape(state: GameState, pack: Pack, ctx: Context, seat: int) -> None:
    duel, _, _ = _in_duel(state)
    if duel is not None:
        duel.escape = True
