"""After the five rounds: defence bonus, strength and the result (p. 21 steps 5-6, p. 18, p. 33).

5a the defender may use a defence development in the area; 5b each side's strength is its
standing participating units; 5c plus the defender's stronghold (undamaged or damaged
value, 3 less in a battle of the Conquer order, not below 0); 5d the stronghold is damaged
if standing enemy units remain. The higher strength wins, a tie goes to the defender.
6a the loser's participating units retreat routed; his units routed before the battle are
eliminated. 6b a stronghold the attacker beat is replaced by his own, damaged side up
(the development there is destroyed). 6c damage is healed (it lives only in the battle).
6d the winner's units are back in the area; an attacker with more than 8 sends the excess
together into one adjacent area (p. 18).
"""

from __future__ import annotations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars.alliance import refresh_alliances
from engine.runewars.battle.figures import counts, standing
from engine.runewars.battle.frame import ATTACKER, DEFENDER, SIDE_NAMES, Battle, Task
from engine.runewars.battle.policy import as_actions, asks, open_battle_prompt
from engine.runewars.cull import AREA_UNIT_LIMIT, open_culls, unit_choices
from engine.runewars.data import Development, Pack
from engine.runewars.flow import prompt_kind, top
from engine.runewars.retreat import push_retreat
from engine.runewars.state import Stronghold
from engine.runewars.supply import own_strongholds, stronghold_limit

#: defence developments that make the opponent put losses on his own units (p. 33)
DEFENCE_ASSIGN = {"enemy_retreat": "retreat", "enemy_rout": "rout", "enemy_damage": "damage"}
CAPTURE_RULE = (
    "p. 21 (Festung zerstören/erobern): if all your strongholds are in play, you may demolish one to replace the captured one"
)
EXCESS_RULE = "p. 18: after a won battle the units above 8 retreat together into one adjacent area"


#: ``hook(state, pack, area, stronghold, value) -> value``: a stronghold's strength before the Conquer malus
STRONGHOLD_STRENGTH: list = []


# -- 5a defence development ------------------------------------------------------------


def defence(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    frame.step = "strength"
    development = defence_development(state, pack, frame)
    if development is None or not frame.sides[ATTACKER].fighters:
        return
    if development.effect == "strength":  # nothing to decide: it only adds strength
        use_defence(state, frame, development, ctx)
    elif asks(state, frame.defender, "defence"):
        open_battle_prompt(
            state,
            frame,
            frame.defender,
            "battle_defence",
            [("use", {}), ("skip", {})],
            {"development": development.id, "text": development.text},
        )
    elif _needed(state, pack, frame):
        use_defence(state, frame, development, ctx)


def defence_development(state: GameState, pack: Pack, frame: Battle) -> Development | None:
    """The defender's defence development in the area (it lies only where his stronghold is, p. 33)."""
    area = state.board.areas[frame.area]
    if frame.defender is None or area.development is None or area.stronghold is None or area.stronghold.owner != frame.defender:
        return None
    development = next((d for d in pack.developments if d.id == area.development), None)
    return development if development is not None and development.kind == "defence" else None


def _needed(state: GameState, pack: Pack, frame: Battle) -> bool:
    """Automatic policy: the defence is used when the defender would not win without it."""
    attacker, defender, _ = strengths(state, pack, frame)
    return defender < attacker


def use_defence(state: GameState, frame: Battle, development: Development, ctx: Context) -> None:
    if development.effect == "strength":
        frame.sides[DEFENDER].bonus += development.amount
    else:
        frame.tasks.append(Task("assign", ATTACKER, DEFENCE_ASSIGN[development.effect], development.amount, why=development.id))
    ctx.emit("defence_used", area=frame.area, seat=frame.defender, development=development.id)
    if development.discard_on_use:
        state.board.areas[frame.area].development = None


def _defence_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return as_actions(prompt, [("use", {}), ("skip", {})])


@prompt_kind("battle_defence", choices={"use", "skip"}, legal=_defence_legal)
def choose_defence(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    state.close(prompt.id)
    if action.choice == "use":
        use_defence(state, frame, defence_development(state, pack, frame), ctx)


# -- 5b-d strength, 6 result -----------------------------------------------------------


def stronghold_strength(state: GameState, pack: Pack, frame: Battle) -> int:
    stronghold = state.board.areas[frame.area].stronghold
    if stronghold is None or stronghold.owner != frame.defender:
        return 0
    faction = pack.faction(state.board.players[stronghold.owner].faction)
    value = faction.stronghold_damaged_strength if stronghold.damaged else faction.stronghold_strength
    for hook in STRONGHOLD_STRENGTH:  # Banners of War, Development Cards: a capital (engine.runewars.banners.development)
        value = hook(state, pack, frame.area, stronghold, value)
    if frame.conquer:
        value -= int(pack.constant("conquer_stronghold_malus"))
    return max(0, value)


def strengths(state: GameState, pack: Pack, frame: Battle) -> tuple[int, int, int]:
    """(attacker, defender, the stronghold's part of the defender's)."""
    fort = stronghold_strength(state, pack, frame)
    attacker, defender = (len(standing(side)) + side.bonus for side in frame.sides)
    return attacker, defender + fort, fort


def strength(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    attacker, defender, fort = strengths(state, pack, frame)
    stronghold = state.board.areas[frame.area].stronghold
    besieged = stronghold is not None and stronghold.owner == frame.defender and standing(frame.sides[ATTACKER])
    if besieged and not stronghold.damaged:  # damaged whenever standing enemies remain, even if the defender wins
        stronghold.damaged = True
        ctx.emit("stronghold_damaged", area=frame.area, seat=stronghold.owner)
    frame.strength = {"attacker": attacker, "defender": defender}
    frame.winner = ATTACKER if attacker > defender else DEFENDER  # a tie goes to the defender
    ctx.emit(
        "battle_won",
        area=frame.area,
        winner=SIDE_NAMES[frame.winner],
        seat=frame.sides[frame.winner].seat,
        strength=dict(frame.strength),
        stronghold=fort,
    )
    frame.step = "retreat"


def retreat(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """6a: units routed before the battle cannot retreat and are eliminated; the others retreat routed."""
    frame.step = "capture"
    loser = frame.sides[1 - frame.winner]
    area = state.board.areas[frame.area]
    for left in loser.left_out:
        stack = next(s for s in area.stacks if (s.owner, s.unit, s.ally) == (left.owner, left.unit, left.ally))
        stack.routed -= left.routed
        ctx.emit("units_eliminated", seat=loser.seat, area=frame.area, units={left.unit: left.routed}, why="routed_before_battle")
    area.remove_empty_stacks()
    survivors = counts(loser.fighters)
    loser.fighters = []
    if survivors:
        push_retreat(state, pack, frame.area, loser.seat, survivors, chooser=loser.leader, why="battle_lost")


def capture(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """6b: the beaten stronghold becomes the attacker's, damaged side up; its development is destroyed."""
    frame.step = "return"
    area = state.board.areas[frame.area]
    if frame.winner != ATTACKER or area.stronghold is None or area.stronghold.owner == frame.attacker:
        return
    _destroy_development(state, frame.area, ctx)
    own = own_strongholds(state.board, frame.attacker)
    if len(own) < stronghold_limit(pack):
        _replace(state, frame, ctx)
        return
    answers = [("demolish", {"area": a}) for a in own] + [("destroy", {})]
    open_battle_prompt(state, frame, frame.attacker, "battle_stronghold", answers, {"in_play": own})


def _replace(state: GameState, frame: Battle, ctx: Context) -> None:
    area = state.board.areas[frame.area]
    ctx.emit("stronghold_captured", area=frame.area, seat=frame.attacker, previous=area.stronghold.owner)
    area.stronghold = Stronghold(frame.attacker, damaged=True)


def _destroy_development(state: GameState, area_id: str, ctx: Context) -> None:
    area = state.board.areas[area_id]
    if area.development is not None:
        ctx.emit("development_destroyed", area=area_id, development=area.development)
        area.development = None


def _stronghold_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return as_actions(prompt, [("demolish", {"area": a}) for a in prompt.info["in_play"]] + [("destroy", {})])


@prompt_kind("battle_stronghold", choices={"demolish", "destroy"}, legal=_stronghold_legal)
def choose_stronghold(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    if action.choice == "demolish":
        where = action.args.get("area")
        if where not in prompt.info["in_play"]:
            raise IllegalAction(
                N_("You have no stronghold in '{where}' to demolish.", where=where),
                rule=CAPTURE_RULE,
                alternatives=_stronghold_legal(state, pack, prompt),
            )
        state.board.areas[where].stronghold = None
        ctx.emit("stronghold_demolished", area=where, seat=frame.attacker)
        _destroy_development(state, where, ctx)
        _replace(state, frame, ctx)
    else:
        ctx.emit("stronghold_destroyed", area=frame.area, seat=state.board.areas[frame.area].stronghold.owner)
        state.board.areas[frame.area].stronghold = None
    state.close(prompt.id)


def return_units(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """6c-d: damage goes with the battle; the winner's units stand (or lie) in the area, at most 8 of them."""
    frame.step = "end"
    seat = frame.sides[frame.winner].seat
    if seat is None:
        return
    area = state.board.areas[frame.area]
    excess = area.force_of(seat) - AREA_UNIT_LIMIT
    if excess <= 0:
        return
    if frame.winner == DEFENDER:  # only an attacker may exceed the limit (p. 18): the usual elimination
        open_culls(state, seat, [frame.area], limit=AREA_UNIT_LIMIT, why="limit")
        return
    open_battle_prompt(
        state,
        frame,
        seat,
        "battle_excess",
        [("retreat_units", {"units": c}) for c in excess_choices(state, frame)],
        {"excess": excess},
    )


def excess_choices(state: GameState, frame: Battle) -> list[dict[str, int]]:
    area = state.board.areas[frame.area]
    return list(unit_choices(area, frame.attacker, area.force_of(frame.attacker) - AREA_UNIT_LIMIT))


def _excess_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return as_actions(prompt, [("retreat_units", {"units": c}) for c in excess_choices(state, top(state, Battle))])


@prompt_kind("battle_excess", choices={"retreat_units"}, legal=_excess_legal)
def choose_excess(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    units = action.args.get("units")
    if not isinstance(units, dict):
        raise InvalidAction(N_("retreat_units needs 'units': {unit: count}"))
    if units not in excess_choices(state, frame):
        raise IllegalAction(
            N_("Send exactly {excess} of your units in {area} away.", excess=prompt.info["excess"], area=frame.area),
            rule=EXCESS_RULE,
            alternatives=_excess_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    push_retreat(state, pack, frame.area, frame.attacker, units, chooser=frame.attacker, why="excess")


def end(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """Remove the battle token; alliances are settled again."""
    state.board.contested.remove(frame.area)
    ctx.emit(
        "battle_ended",
        area=frame.area,
        winner=SIDE_NAMES[frame.winner],
        seat=frame.sides[frame.winner].seat,
        prompts=frame.prompts_opened,
        forced=frame.prompts_forced,
    )
    refresh_alliances(state, ctx)
