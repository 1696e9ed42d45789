"""Combat rounds (p. 22 „Kampfrunden“, „Gleichzeitige Angriffsregel“; digest §7.2).

Five rounds, battle rows 1 to 5. In a round each side picks a unit type of the row that
has not drawn in this battle and still has standing units, the attacker first, and draws
one fate card per standing unit of it; the attacker's cards stay hidden until the defender
has chosen and drawn. Then, the attacker first each time: special abilities, routs,
damage. Cards drawn for a type all apply even if its units fall in the meantime. The
cards go to the discards, and the row repeats while either side has a type left to draw.
"""

from __future__ import annotations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars import cards
from engine.runewars.banners import on as banners_on
from engine.runewars.battle.abilities import fate_section, is_fate_card
from engine.runewars.battle.figures import standing
from engine.runewars.battle.frame import ATTACKER, DEFENDER, SIDE_NAMES, Battle, BattleSide, Task
from engine.runewars.battle.policy import as_actions, asks, open_battle_prompt
from engine.runewars.data import Pack
from engine.runewars.flow import prompt_kind, top

#: the revised battle steps of Banners of War (engine.runewars.banners.tactic_fate): both unit types are
#: chosen first, then the tactic fate cards are announced (4a, 4b), then both sides draw (4c, 4d)
REVISED = "tactic_fate_attacker"


def after_types(state: GameState) -> str:
    """The step once both sides have chosen their unit type."""
    return REVISED if banners_on(state.options) else "reveal"


RULE = "p. 22 (Kampfrunden): a unit type of this battle row that has not drawn in this battle and has standing units"
CHOOSING = {"choose_attacker": ATTACKER, "choose_defender": DEFENDER}


def eligible(pack: Pack, frame: Battle, index: int) -> list[str]:
    side = frame.sides[index]
    return [u for u in pack.units if pack.unit(u).row == frame.row and u not in side.drawn and standing(side, u)]


def next_row(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    if frame.row == int(pack.constant("battle_rows")):
        frame.step = "defence"
        return
    frame.row += 1
    frame.step = "choose_attacker"
    ctx.emit("battle_round", area=frame.area, row=frame.row)


def choose(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Steps 1 and 2: the attacker, then the defender, picks a type and draws for it."""
    index = CHOOSING[frame.step]
    side = frame.sides[index]
    types = eligible(pack, frame, index)
    if not types:
        side.unit = None
        frame.step = "choose_defender" if index == ATTACKER else after_types(state)
        return
    if asks(state, side.leader, "order"):
        open_battle_prompt(
            state,
            frame,
            side.leader,
            "battle_type",
            [("draw", {"unit": u}) for u in types],
            {"row": frame.row, "side": SIDE_NAMES[index]},
        )
        return
    draw_for(state, pack, frame, index, types[0], ctx)


def draw_for(state: GameState, pack: Pack, frame: Battle, index: int, unit: str, ctx: Context) -> None:
    side = frame.sides[index]
    if banners_on(state.options):  # Banners of War's revised step 4: both types first, then announcements, then draws
        side.unit = unit
        side.drawn.append(unit)
        frame.step = "choose_defender" if index == ATTACKER else REVISED
        ctx.emit("battle_type_chosen", area=frame.area, row=frame.row, side=SIDE_NAMES[index], seat=side.seat, unit=unit)
        return
    side.unit = unit
    side.cards = cards.draw(state.board, "fate", len(standing(side, unit)), ctx.rng)
    side.drawn.append(unit)
    frame.step = "choose_defender" if index == ATTACKER else "reveal"
    ctx.emit(
        "battle_drew", area=frame.area, row=frame.row, side=SIDE_NAMES[index], seat=side.seat, unit=unit, count=len(side.cards)
    )
    if index == ATTACKER:  # hidden until the defender has drawn too
        ctx.emit("battle_cards", to=side.leader, area=frame.area, unit=unit, cards=list(side.cards), sections=_codes(pack, side))


def reveal(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    if all(side.unit is None for side in frame.sides):
        frame.step = "row"
        return
    ctx.emit(
        "battle_cards_revealed",
        area=frame.area,
        row=frame.row,
        **{SIDE_NAMES[i]: _shown(pack, side) for i, side in enumerate(frame.sides)},
    )
    frame.step = "specials"


def specials(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 3: once per special icon, the attacker's first."""
    for index, side in enumerate(frame.sides):
        frame.tasks += [Task("ability", index, side.unit) for _ in range(_count(pack, side, "special"))]
    frame.step = "routs"


def routs(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 4: each side routs as many units as the opponent's cards show rout points."""
    _assign_from_opponent(pack, frame, "rout")
    frame.step = "damage"


def damage(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Step 5: each side assigns the damage the opponent's cards show, the attacker first."""
    _assign_from_opponent(pack, frame, "damage")
    frame.step = "discard"


def discard(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    for side in frame.sides:
        used = side.cards + side.extra_cards
        state.board.decks["fate"].discard += [c for c in used if is_fate_card(pack, c)]
        state.board.decks["tactics"].discard += [c for c in used if not is_fate_card(pack, c)]  # tactic fate cards
        side.unit, side.cards, side.extra_cards = None, [], []
    more = eligible(pack, frame, ATTACKER) or eligible(pack, frame, DEFENDER)
    frame.step = "choose_attacker" if more else "row"


def _assign_from_opponent(pack: Pack, frame: Battle, kind: str) -> None:
    for index in (ATTACKER, DEFENDER):
        points = _count(pack, frame.sides[1 - index], kind)
        if points:
            frame.tasks.append(Task("assign", index, kind, points, why="fate"))


def _count(pack: Pack, side: BattleSide, kind: str) -> int:
    """Icons of ``kind`` on the side's cards of this pass; rout and damage icons count their points."""
    sections = [fate_section(pack, c, side.unit) for c in side.cards + side.extra_cards] if side.unit else []
    originals = sections[: len(side.cards)] if kind == "special" else sections  # later cards resolve their own specials
    return sum((s.n or 1) for s in originals if s.kind == kind)


def _codes(pack: Pack, side: BattleSide) -> list[str]:
    return [fate_section(pack, c, side.unit).code for c in side.cards]


def _shown(pack: Pack, side: BattleSide) -> dict | None:
    return None if side.unit is None else {"unit": side.unit, "cards": list(side.cards), "sections": _codes(pack, side)}


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, Battle)
    return as_actions(prompt, [("draw", {"unit": u}) for u in eligible(pack, frame, CHOOSING[frame.step])])


@prompt_kind("battle_type", choices={"draw"}, legal=_legal)
def choose_type(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    unit = action.args.get("unit")
    if not isinstance(unit, str):
        raise InvalidAction(N_("draw needs 'unit': a unit type"))
    index = CHOOSING[frame.step]
    if unit not in eligible(pack, frame, index):
        raise IllegalAction(
            N_("{unit} cannot draw in battle row {row} now.", unit=unit, row=frame.row),
            rule=RULE,
            alternatives=_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    draw_for(state, pack, frame, index, unit, ctx)
