"""Tactic fate cards in battle and the revised battle step 4 (Banners of War, exp. pp. 7 and 12; digest §5.2, §7).

„Überarbeitete Kampfschritte“, step 4: each player chooses one of his unit types of the row (the attacker,
then the defender; engine.runewars.battle.rounds), then

  a. the attacker announces tactic fate cards, b. the defender announces tactic fate cards,
  c. the attacker draws his further fate cards, d. the defender draws his further fate cards,

then e–g as in the base game (special abilities, routs, damage). A tactic fate card is played „anstelle
einer Schicksalskarte“: for each one the player draws one fate card fewer (at most one per unit that
would draw, ruling R-BW4), its section for the unit's base shape counts exactly like a fate card's, and
afterwards it goes to the tactics discard pile (engine.runewars.battle.rounds.discard). A card may not be
used in the season it was drawn (p. 30). Only a player fighting with his own units may play tactics
cards; the leader of unallied neutrals never (p. 19).

The announcement is public (how many cards), the cards stay secret until they are revealed with the
drawn cards (ruling R-BW4): the prompt is secret and names no card in its info.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars import cards
from engine.runewars.battle import procedure as battle_procedure
from engine.runewars.battle.figures import standing
from engine.runewars.battle.frame import ATTACKER, DEFENDER, SIDE_NAMES, Battle
from engine.runewars.data import Pack
from engine.runewars.effects.battle import takes_part
from engine.runewars.effects.windows import season_label
from engine.runewars.flow import prompt_kind, season_id, top

RULE = (
    "exp. p. 7 (Taktikschicksalskarten): announced before drawing for a unit type, one fewer fate card each, "
    "not in the season the card was drawn"
)
STEP = {"tactic_fate_attacker": ATTACKER, "tactic_fate_defender": DEFENDER}


def usable(state: GameState, pack: Pack, seat: int) -> list[str]:
    """``seat``'s tactic fate cards that may be played now (not drawn this season), each card once."""
    player = state.board.players[seat]
    fate_cards = {c.id for c in pack.cards.get("tactics_card", ()) if c.attrs.get("fate")}
    label = season_label(state.board)
    return [c for c in dict.fromkeys(player.tactics) if c in fate_cards and player.tactics_drawn.get(c) != label]


def choices(state: GameState, pack: Pack, frame: Battle, index: int) -> list[list[str]]:
    """Every set of tactic fate cards the side may announce (the empty set first)."""
    side = frame.sides[index]
    if side.unit is None or not takes_part(side):
        return [[]]
    cards_ = usable(state, pack, side.seat)
    most = min(len(cards_), len(standing(side, side.unit)))
    return [list(c) for n in range(most + 1) for c in combinations(cards_, n)]


def announce(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Steps 4a and 4b: the side's leader announces (asked only when he has a choice)."""
    index = STEP[frame.step]
    frame.step = "tactic_fate_defender" if index == ATTACKER else "tactic_fate_draw"
    options = choices(state, pack, frame, index)
    if len(options) == 1:
        return
    side = frame.sides[index]
    pid = season_id(state.board, "battle", frame.area, "tactic_fate", side.seat, seq=state.seq)
    info = {
        "area": frame.area,
        "row": frame.row,
        "side": SIDE_NAMES[index],
        "unit": side.unit,
        "draws": len(standing(side, side.unit)),
    }
    frame.prompts_opened += 1
    state.open([Prompt(pid, side.seat, "tactic_fate", info=info, secret=True)])


def draw(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Steps 4c and 4d: each side draws the fate cards its tactic fate cards did not replace."""
    for index, side in enumerate(frame.sides):
        if side.unit is None:
            continue
        announced = len(side.cards)
        side.cards += cards.draw(state.board, "fate", max(0, len(standing(side, side.unit)) - announced), ctx.rng)
        ctx.emit(
            "battle_drew",
            area=frame.area,
            row=frame.row,
            side=SIDE_NAMES[index],
            seat=side.seat,
            unit=side.unit,
            count=len(side.cards),
            tactic_fate=announced,
        )
    frame.step = "reveal"


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, Battle)
    index = DEFENDER if prompt.info["side"] == "defender" else ATTACKER
    return [Action(prompt.seat, prompt.id, "announce", {"cards": c}) for c in choices(state, pack, frame, index)]


@prompt_kind("tactic_fate", choices={"announce"}, legal=_legal)
def answer(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    picked = action.args.get("cards")
    if not isinstance(picked, list) or not all(isinstance(c, str) for c in picked):
        raise InvalidAction(N_("announce needs 'cards': a list of your tactic fate cards (empty for none)"))
    frame = top(state, Battle)
    index = DEFENDER if prompt.info["side"] == "defender" else ATTACKER
    if sorted(picked) not in [sorted(c) for c in choices(state, pack, frame, index)]:
        raise IllegalAction(
            N_("Announce tactic fate cards from your hand, not drawn this season, at most one per unit that draws."),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    side = frame.sides[index]
    player = state.board.players[prompt.seat]
    for card in picked:
        player.tactics.remove(card)
        player.tactics_drawn.pop(card, None)
    side.cards = list(picked)
    ctx.emit("tactic_fate_announced", area=frame.area, row=frame.row, side=SIDE_NAMES[index], seat=prompt.seat, count=len(picked))
    if picked:
        ctx.emit("your_tactic_fate", to=prompt.seat, area=frame.area, cards=list(picked))


battle_procedure.STEPS.update({"tactic_fate_attacker": announce, "tactic_fate_defender": announce, "tactic_fate_draw": draw})


# -- duels („während eines Kampfes oder Duells“) ----------------------------------------------------------------

DUEL_RULE = (
    "exp. p. 7 (Taktikschicksalskarten): in a duel one card at most per round, instead of the hero's fate card (ruling R-BW4)"
)


def duel_step(state: GameState, pack: Pack, duel, ctx: Context) -> None:
    """Before each duel round's draw, the attacker's then the defender's player may announce one tactic fate card
    for his hero (a duel quest's neutral unit never: its leader plays no tactics cards, p. 19)."""
    from engine.runewars.heroes.duel import _draw, side_hero

    while duel.side <= DEFENDER:
        side = duel.side
        duel.side += 1
        hero = side_hero(state, duel, side)
        if hero is None or not usable(state, pack, hero.owner):
            continue
        pid = season_id(state.board, "duel_tactic_fate", hero.card, seq=state.seq)
        info = {"area": duel.area, "hero": hero.card, "round": duel.round + 1, "side": SIDE_NAMES[side]}
        state.open([Prompt(pid, hero.owner, "duel_tactic_fate", info=info, secret=True)])
        return
    _draw(state, pack, duel, ctx)


def _duel_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [
        Action(prompt.seat, prompt.id, "announce", {"cards": c}) for c in [[]] + [[c] for c in usable(state, pack, prompt.seat)]
    ]


@prompt_kind("duel_tactic_fate", choices={"announce"}, legal=_duel_legal)
def duel_answer(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    from engine.runewars.heroes.duel import Duel

    picked = action.args.get("cards")
    if not isinstance(picked, list) or not all(isinstance(c, str) for c in picked):
        raise InvalidAction(N_("announce needs 'cards': [] or one of your tactic fate cards"))
    if len(picked) > 1 or not set(picked) <= set(usable(state, pack, prompt.seat)):
        raise IllegalAction(
            N_("Announce at most one tactic fate card from your hand, not drawn this season."),
            rule=DUEL_RULE,
            alternatives=_duel_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    duel = top(state, Duel)
    index = DEFENDER if prompt.info["side"] == "defender" else ATTACKER
    if picked:
        player = state.board.players[prompt.seat]
        player.tactics.remove(picked[0])
        player.tactics_drawn.pop(picked[0], None)
        duel.cards[index] = picked[0]
    ctx.emit("tactic_fate_announced", area=duel.area, row=0, side=prompt.info["side"], seat=prompt.seat, count=len(picked))


def _register_duel() -> None:
    from engine.runewars.heroes.duel import EXTRA_STEPS

    EXTRA_STEPS["tactic_fate"] = duel_step


_register_duel()
