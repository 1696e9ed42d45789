"""Special abilities of the unit types (p. 22 „Besondere Fähigkeiten anwenden“; texts in data/runewars/units.toml).

Each special icon resolves the drawing type's ability once, the attacker's first. Some
abilities need the ability user's choice (targets or a mode: a ``battle_ability`` prompt);
the rest resolve by themselves, often by having the opponent put damage, routs or losses
on his own units under the usual rules (``assign`` tasks).

Target choices name enemy figure classes; "an enemy unit of your choice" is any figure
taking part for the enemy, standing or routed in this battle, except that only standing
units can be routed or made to retreat (ruling).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars import cards
from engine.runewars.battle import figures
from engine.runewars.battle.assign import figure_args, retreat_fighter
from engine.runewars.battle.frame import SIDE_NAMES, Battle, Fighter, Task
from engine.runewars.battle.policy import as_actions, open_battle_prompt
from engine.runewars.data import Pack, UnitType
from engine.runewars.data.model import FateSection
from engine.runewars.flow import prompt_kind, top
from engine.runewars.supply import figures_left

RULE = "p. 22 (Besondere Fähigkeiten anwenden): the ability as on the faction sheet (data/runewars/units.toml)"

Target = Callable[[UnitType, Fighter], bool]


@dataclass(frozen=True)
class Option:
    """One way to use an ability: ``effect`` on ``least``..``most`` enemy figures matching ``target``.

    Effects without targets: ``opponent_damage`` (the opponent assigns ``amount`` damage),
    ``sacrifice`` (eliminate one of your own standing units of this type, then
    ``opponent_damage``) and ``nothing``.
    """

    mode: str
    effect: str
    least: int = 0
    most: int = 0
    target: Target = lambda unit, f: True
    amount: int = 0


def _standing(unit: UnitType, f: Fighter) -> bool:
    return not f.routed


CHOSEN: dict[str, tuple[Option, ...]] = {
    "human_knight": (Option("rout", "rout", 1, 1, _standing),),
    "elf_archer": (Option("damage", "damage", 1, 1),),
    "elf_pegasus_rider": (
        Option("triangles", "rout", 1, 2, lambda u, f: not f.routed and u.shape == "triangle"),
        Option("rectangle", "rout", 1, 1, lambda u, f: not f.routed and u.shape == "rectangle"),
    ),
    "elf_spellweaver": (Option("retreat", "retreat", 1, 1, _standing),),
    "elf_warrior": (
        Option("damage", "opponent_damage", amount=1),
        Option("eliminate", "eliminate", 1, 1, lambda u, f: f.damage > 0 or f.routed),
    ),
    "undead_skeleton_archer": (Option("damage", "damage", 1, 1, lambda u, f: u.shape in ("triangle", "circle")),),
    "undead_zombie": (Option("rout", "rout", 1, 1, _standing), Option("damage", "damage", 1, 1, lambda u, f: f.routed)),
    "undead_dark_knight": (Option("rout", "rout", 1, 2, _standing),),
    "uthuk_flesh_ripper": (Option("damage", "damage", 2, 2),),
    "uthuk_berserker": (Option("use", "sacrifice", amount=2), Option("skip", "nothing")),
    "dragon": (Option("eliminate", "eliminate", 1, 3, lambda u, f: u.shape == "triangle"),),
}


def _assign(task: Task, what: str, points: int = 1, **extra) -> Task:
    return Task("assign", 1 - task.side, what, points, why=task.what, **extra)


def _human_archer(state, pack, frame, task, ctx):
    frame.tasks.insert(0, _assign(task, "damage", only={"min_health": 2, "soft": True}))


def _human_infantry(state, pack, frame, task, ctx):
    frame.tasks.insert(0, _assign(task, "damage", then="again_if_survived"))


def _siege_engine(state, pack, frame, task, ctx):
    frame.sides[task.side].bonus += 2


def _necromancer(state, pack, frame, task, ctx):
    owner = frame.sides[task.side].seat
    if owner is not None and figures_left(state.board, pack, owner, "undead_zombie") > 0:
        figures.add_fighter(state, frame, task.side, owner, "undead_zombie")
        ctx.emit("battle_raised", area=frame.area, side=SIDE_NAMES[task.side], seat=owner, unit="undead_zombie")


def _chaos_lord(state, pack, frame, task, ctx):
    types = [u for u in pack.units if any(f.unit == u for f in frame.sides[1 - task.side].fighters)]
    frame.tasks[0:0] = [_assign(task, "damage", only={"units": [u]}) for u in types]


def _giant(state, pack, frame, task, ctx):
    tokens = max((f.damage for f in frame.sides[task.side].fighters if f.unit == "giant"), default=0)
    if tokens:
        frame.tasks.insert(0, _assign(task, "damage", tokens))


def _hellhound(state, pack, frame, task, ctx):
    frame.tasks.insert(0, _assign(task, "damage", 2, only={"standing": True, "distinct": True}))


def _razorwing(state, pack, frame, task, ctx):
    frame.tasks.insert(0, _assign(task, "rout", only={"min_row": 2}))


def _uthuk_sorcerer(state, pack, frame, task, ctx):
    triangles = [f for f in figures.standing(frame.sides[1 - task.side]) if pack.unit(f.unit).shape == "triangle"]
    if triangles:
        frame.tasks.insert(0, _assign(task, "eliminate", only={"shapes": ["triangle"], "standing": True}))
    else:
        frame.tasks.insert(0, _assign(task, "damage"))


def _neutral_sorcerer(state, pack, frame, task, ctx):
    frame.sides[task.side].health["sorcerer"] = 2


def _beastman(state, pack, frame, task, ctx):
    """1 damage, then a new card for this Beastman; a special on that card deals 1 damage only (once per Beastman)."""
    follow = [_assign(task, "damage")]
    if not task.extra:
        follow.append(Task("redraw", task.side, task.what))
    frame.tasks[0:0] = follow


AUTOMATIC = {
    "human_archer": _human_archer,
    "human_infantry": _human_infantry,
    "human_siege_engine": _siege_engine,
    "undead_necromancer": _necromancer,
    "uthuk_sorcerer": _uthuk_sorcerer,
    "uthuk_chaos_lord": _chaos_lord,
    "beastman": _beastman,
    "giant": _giant,
    "hellhound": _hellhound,
    "razorwing": _razorwing,
    "sorcerer": _neutral_sorcerer,
}


def run_ability(state: GameState, pack: Pack, frame: Battle, task: Task, ctx: Context) -> None:
    side = frame.sides[task.side]
    if task.what in CHOSEN:
        answers = ability_answers(pack, frame, task)
        if answers:
            info = {"unit": task.what, "ability": pack.unit(task.what).ability, "row": frame.row, "side": SIDE_NAMES[task.side]}
            open_battle_prompt(state, frame, side.leader, "battle_ability", answers, info)
            return
        frame.tasks.remove(task)
        ctx.emit(
            "ability_used", area=frame.area, side=SIDE_NAMES[task.side], seat=side.seat, unit=task.what, mode=None, targets=[]
        )
        _after(state, frame, task, ctx)
        return
    frame.tasks.remove(task)
    resolve = AUTOMATIC.get(task.what)
    ctx.emit(
        "ability_used",
        area=frame.area,
        side=SIDE_NAMES[task.side],
        seat=side.seat,
        unit=task.what,
        implemented=resolve is not None,
    )
    if resolve is not None:
        resolve(state, pack, frame, task, ctx)


def _after(state: GameState, frame: Battle, task: Task, ctx: Context) -> None:
    """The Knight's Rally Cry draws its tactics card whether or not a unit could be routed."""
    seat = frame.sides[task.side].seat
    if task.what == "human_knight" and seat is not None:
        cards.draw_tactics(state.board, seat, 1, ctx)


def run_redraw(state: GameState, pack: Pack, frame: Battle, task: Task, ctx: Context) -> None:
    """A new fate card for one unit of ``task.what`` (Beastmen); its icons count with this pass's cards."""
    frame.tasks.remove(task)
    side = frame.sides[task.side]
    drawn = cards.draw(state.board, "fate", 1, ctx.rng)
    if not drawn:
        return
    side.extra_cards += drawn
    section = fate_section(pack, drawn[0], task.what)
    ctx.emit(
        "battle_card_drawn",
        area=frame.area,
        side=SIDE_NAMES[task.side],
        seat=side.seat,
        unit=task.what,
        card=drawn[0],
        section=section.code,
    )
    if section.kind == "special":
        frame.tasks.insert(0, Task("ability", task.side, task.what, extra=True))


def fate_section(pack: Pack, card_id: str, unit: str):
    """The section of the card for ``unit``'s base shape; a tactic fate card (Banners of War) reads its ``fate`` table."""
    card = next((c for c in pack.fate_cards if c.id == card_id), None)
    if card is None:
        return tactic_fate_section(pack, card_id, pack.unit(unit).shape)
    return card.section(pack.unit(unit).shape)


def is_fate_card(pack: Pack, card_id: str) -> bool:
    return any(c.id == card_id for c in pack.fate_cards)


def tactic_fate_section(pack: Pack, card_id: str, shape: str) -> FateSection:
    """A tactic fate card's section for ``shape`` (exp. p. 7: „genau wie die eines Schicksalskarte … angewandt“)."""
    card = next(c for c in pack.cards.get("tactics_card", ()) if c.id == card_id)
    code = str(card.attrs["fate"][shape])
    if code == "-":
        return FateSection("blank", 0)
    if code == "S":
        return FateSection("special", 1)
    return FateSection("rout" if code[0] == "R" else "damage", int(code[1:]))


def ability_answers(pack: Pack, frame: Battle, task: Task) -> list[tuple[str, dict]]:
    own, enemy = frame.sides[task.side], frame.sides[1 - task.side]
    answers: list[tuple[str, dict]] = []
    for option in CHOSEN[task.what]:
        if option.effect in ("opponent_damage", "nothing") or (option.effect == "sacrifice" and figures.standing(own, task.what)):
            answers.append(("ability", {"mode": option.mode}))
        elif option.most:
            pool = [f for f in enemy.fighters if option.target(pack.unit(f.unit), f)]
            for targets in _target_sets(pool, min(option.least, len(pool)), option.most):
                answers.append(("ability", {"mode": option.mode, "targets": targets}))
    return answers


def _target_sets(pool: list[Fighter], least: int, most: int) -> list[list[dict]]:
    """Every multiset of figure classes of size least..most that ``pool`` can fill (different figures)."""
    sizes = Counter(_key(figures.figure_class(f)) for f in pool)
    keys = sorted(sizes)
    out = []
    for size in range(max(least, 1), most + 1):
        for combo in combinations_with_replacement(keys, size):
            if all(combo.count(k) <= sizes[k] for k in set(combo)):
                out.append([_class(k) for k in combo])
    return out


def _key(cls: dict) -> str:
    return f"{cls['unit']}|{cls['damage']}|{int(cls['routed'])}"


def _class(key: str) -> dict:
    unit, damage, routed = key.split("|")
    return {"unit": unit, "damage": int(damage), "routed": routed == "1"}


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    frame = top(state, Battle)
    return as_actions(prompt, ability_answers(pack, frame, frame.tasks[0]))


@prompt_kind("battle_ability", choices={"ability"}, legal=_legal)
def use_ability(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    frame = top(state, Battle)
    task = frame.tasks[0]
    targets = action.args.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, dict) for t in targets):
        raise InvalidAction(N_("'targets' is a list of figures: {unit, damage, routed}"))
    answer = {
        "mode": action.args.get("mode"),
        **({"targets": sorted((figure_args(t) for t in targets), key=_key)} if targets else {}),
    }
    if ("ability", answer) not in ability_answers(pack, frame, task):
        raise IllegalAction(
            N_("The ability of {unit} does not allow that answer now.", unit=task.what),
            rule=RULE,
            alternatives=_legal(state, pack, prompt)[:10],
        )
    state.close(prompt.id)
    frame.tasks.remove(task)
    option = next(o for o in CHOSEN[task.what] if o.mode == answer["mode"])
    side = frame.sides[task.side]
    ctx.emit(
        "ability_used",
        area=frame.area,
        side=SIDE_NAMES[task.side],
        seat=side.seat,
        unit=task.what,
        mode=option.mode,
        targets=answer.get("targets", []),
    )
    _apply(state, pack, frame, task, option, answer.get("targets", []), ctx)
    _after(state, frame, task, ctx)


def _apply(state: GameState, pack: Pack, frame: Battle, task: Task, option: Option, targets: list[dict], ctx: Context) -> None:
    enemy_index = 1 - task.side
    enemy = frame.sides[enemy_index]
    hit: list[Fighter] = []
    for cls in targets:
        hit.append(figures.in_class([f for f in enemy.fighters if f not in hit], cls))
    for fighter in hit:
        if option.effect == "rout":
            figures.rout(state, frame, enemy_index, fighter, ctx, task.what)
        elif option.effect == "damage":
            figures.damage(state, pack, frame, enemy_index, fighter, ctx, task.what)
        elif option.effect == "eliminate":
            figures.eliminate(state, frame, enemy_index, fighter, ctx, task.what)
        else:
            retreat_fighter(state, pack, frame, enemy_index, fighter, ctx, task.what)
    if option.effect == "sacrifice":
        figures.eliminate(state, frame, task.side, figures.standing(frame.sides[task.side], task.what)[0], ctx, task.what)
    if option.effect in ("sacrifice", "opponent_damage"):
        frame.tasks.insert(0, _assign(task, "damage", option.amount))
