"""A side puts routs, damage and other losses on its own units (p. 22; digest §7.4, §7.5).

- Each rout point routs one of the side's **undamaged** standing units; only when all
  standing units are damaged a damaged one („Fluchtpunkte“).
- Damage is placed one point at a time: on an **already damaged** unit if possible, else
  on any standing unit; on routed units only when none stands (ruling: damaged standing,
  standing, damaged routed, routed).
- Units one must eliminate are standing ones if possible; a retreating unit is standing.

Within what the rules leave open the side's leader chooses, one figure class per prompt,
or the automatic policy picks the figure that costs least (see ``_cost``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, Reason
from engine.runewars.battle import figures
from engine.runewars.battle.frame import SIDE_NAMES, Battle, BattleSide, Fighter, Task
from engine.runewars.battle.policy import as_actions, asks, open_battle_prompt
from engine.runewars.data import Pack
from engine.runewars.flow import prompt_kind, top
from engine.runewars.retreat import push_retreat

RULES = {
    "rout": "p. 22 (Flüchtende Einheiten und Helden): each rout point routs an undamaged standing unit, a damaged one only when all are damaged",
    "damage": "p. 22 (Den Einheiten Schaden zuweisen): an already damaged unit first, then any standing unit, routed units only when none stands",
    "eliminate": "p. 22: a unit you must eliminate is a standing one if possible",
    "retreat": "p. 33 (Schutzgebiet): one of your standing participating units retreats",
}


#: asked before a unit leaves the battle in the middle of it (a card's or an ability's retreat), with the side's index
#: and the reason; a hook that returns True has opened a prompt whose answer decides the unit's fate (Banners of War,
#: the Leonx Riders' Prowl: engine.runewars.banners.prowl)
BEFORE_RETREAT: list[Callable[[GameState, Pack, Battle, int, Fighter, Context, str], bool]] = []


def candidates(pack: Pack, side: BattleSide, task: Task) -> list[Fighter]:
    """The figures the next point of ``task`` may go to under the rules."""
    only = task.only
    pool = [
        f for f in side.fighters if not (only.get("standing") and f.routed) and not (only.get("distinct") and f.id in task.hit)
    ]
    matching = [f for f in pool if _matches(pack, side, f, only)]
    if not only.get("soft") or any(not f.routed for f in matching):
        pool = matching  # a soft limit ("if he has one") applies only when such a standing unit exists
    standing = [f for f in pool if not f.routed]
    routed = [f for f in pool if f.routed]
    if task.what == "rout":
        tiers = [[f for f in standing if not f.damage], standing]
    elif task.what == "damage":
        tiers = [[f for f in standing if f.damage], standing, [f for f in routed if f.damage], routed]
    elif task.what == "eliminate":
        tiers = [standing, routed]
    else:
        tiers = [standing]
    return next((tier for tier in tiers if tier), [])


def _matches(pack: Pack, side: BattleSide, fighter: Fighter, only: dict) -> bool:
    unit = pack.unit(fighter.unit)
    return (
        fighter.unit in only.get("units", [fighter.unit])
        and unit.shape in only.get("shapes", [unit.shape])
        and unit.row >= only.get("min_row", 0)
        and figures.health(pack, side, fighter) >= only.get("min_health", 0)
    )


def _cost(pack: Pack, side: BattleSide, task: Task, fighter: Fighter) -> tuple:
    """What the automatic policy avoids: losing a unit to damage, then a unit that has not drawn yet.

    Units whose type already drew have spent their attack (simultaneous attack rule, p. 22).
    Routs go to the weakest units first, so the sturdy ones stay standing to absorb damage.
    """
    spent = fighter.unit in side.drawn
    order = list(pack.units).index(fighter.unit)
    if task.what == "damage":
        return (figures.health(pack, side, fighter) - fighter.damage <= 1, not spent, order)
    if task.what == "rout":
        return (not spent, figures.health(pack, side, fighter), order)
    return (not spent, order)


def run_assign(state: GameState, pack: Pack, frame: Battle, task: Task, ctx: Context) -> None:
    side = frame.sides[task.side]
    options = candidates(pack, side, task) if task.points > 0 else []
    if not options:
        frame.tasks.remove(task)  # nothing left to hit: the remaining points have no effect
        return
    if asks(state, side.leader, "assign"):
        info = {"what": task.what, "points": task.points, "why": task.why, "row": frame.row, "side": SIDE_NAMES[task.side]}
        open_battle_prompt(state, frame, side.leader, "battle_assign", [("assign", c) for c in figures.classes(options)], info)
        return
    apply_point(state, pack, frame, task, min(options, key=lambda f: _cost(pack, side, task, f)), ctx)


def apply_point(state: GameState, pack: Pack, frame: Battle, task: Task, fighter: Fighter, ctx: Context) -> None:
    task.points -= 1
    task.hit.append(fighter.id)
    if task.what == "rout":
        figures.rout(state, frame, task.side, fighter, ctx, task.why)
    elif task.what == "damage":
        if figures.damage(state, pack, frame, task.side, fighter, ctx, task.why) and task.then == "again_if_survived":
            task.points, task.then = task.points + 1, ""
    elif task.what == "eliminate":
        figures.eliminate(state, frame, task.side, fighter, ctx, task.why)
    else:
        retreat_fighter(state, pack, frame, task.side, fighter, ctx, task.why)
    if task.points <= 0:
        frame.tasks.remove(task)


def retreat_fighter(state: GameState, pack: Pack, frame: Battle, index: int, fighter: Fighter, ctx: Context, why: str) -> None:
    """A participating unit leaves the battle in the middle of it and retreats (p. 33 Schutzgebiet, the Spellweavers)."""
    if any(hook(state, pack, frame, index, fighter, ctx, why) for hook in BEFORE_RETREAT):
        return
    leave_battle(state, pack, frame, index, fighter, why)


def leave_battle(state: GameState, pack: Pack, frame: Battle, index: int, fighter: Fighter, why: str) -> None:
    side = frame.sides[index]
    side.fighters.remove(fighter)
    push_retreat(state, pack, frame.area, side.seat, {fighter.unit: 1}, chooser=side.leader, why=why)


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, Battle)
    task = frame.tasks[0]
    options = candidates(pack, frame.sides[task.side], task)
    return as_actions(prompt, [("assign", c) for c in figures.classes(options)])


@prompt_kind("battle_assign", choices={"assign"}, legal=_legal)
def choose_assign(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    task = frame.tasks[0]
    chosen = figures.in_class(candidates(pack, frame.sides[task.side], task), figure_args(action.args))
    if chosen is None:
        raise IllegalAction(
            Reason(
                {
                    "rout": N_("{unit} cannot take this rout point."),
                    "damage": N_("{unit} cannot take this damage point."),
                    "eliminate": N_("{unit} cannot take this eliminate point."),
                }.get(task.what, N_("{unit} cannot take this point.")),
                {"unit": action.args.get("unit")},
            ),
            rule=RULES[task.what],
            alternatives=_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    apply_point(state, pack, frame, task, chosen, ctx)


def figure_args(args: dict) -> dict[str, object]:
    """A figure class from an answer: ``unit``, with ``damage`` (default 0) and ``routed`` (default false)."""
    cls = {"unit": args.get("unit"), "damage": args.get("damage", 0), "routed": args.get("routed", False)}
    if not isinstance(cls["unit"], str) or not isinstance(cls["damage"], int) or not isinstance(cls["routed"], bool):
        raise InvalidAction(N_("name a figure: 'unit' (a unit id), 'damage' (its damage, default 0), 'routed' (default false)"))
    return cls
