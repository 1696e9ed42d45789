"""The Leonx Riders' „Herumpirschen“ (Prowl) during the retreat (Banners of War, „Überarbeitete Kampfschritte“ 6a;
digest §5.1, §13; ruling R-BW6).

„Herumpirschen: Wenn sich gegnerische Einheiten aus dem Kampf zurückziehen, kannst du bis zum Ende des Kampfes
Leonx-Reiter …“ (the OCR breaks off). As a special ability it works once the Riders draw the special icon
(„Diese Fähigkeit wird angewandt, wenn die Einheit das entsprechende Symbol … zieht“) and lasts until the end of that
battle. Reading of the rest (ruling R-BW6, with the public hint of digest §12.3): when the enemy's units retreat from
the battle (step 6a), the Latari player may rout any of his standing Leonx Riders of the battle; for each, the
retreating player eliminates one of his retreating units (his choice, under the usual rules of ``assign``).

„Wenn sich gegnerische Einheiten aus dem Kampf zurückziehen“ names every retreat from the battle, so Prowl works too
when a card or an ability makes an enemy unit retreat in the middle of the battle („Schutzgebiet“, the Spellweavers:
``assign.retreat_fighter``): before that unit leaves, the prowling player may rout one standing Leonx Rider of the
battle, and the unit is eliminated instead of retreating (R-BW6).

The active Prowl is a fact of the expansion board (``BannersBoard.prowl``: battle area -> seat), so base states keep
their shape; the retreat step of :data:`engine.runewars.battle.procedure.STEPS` asks first.
"""

from __future__ import annotations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt
from engine.runewars.banners.board import expansion_board
from engine.runewars.battle import assign, figures, procedure
from engine.runewars.battle.frame import SIDE_NAMES, Battle, Fighter, Task
from engine.runewars.battle.policy import as_actions, open_battle_prompt
from engine.runewars.data import Pack
from engine.runewars.flow import prompt_kind, top

UNIT = "elf_leonx_rider"
RULE = "exp. „Leonx-Reiter“ (Herumpirschen), ruling R-BW6: rout standing Leonx Riders of this battle, 1 retreating unit each"


def prowl(state: GameState, pack: Pack, frame: Battle, task: Task, ctx: Context) -> None:
    """The special icon: Prowl is active for the Riders' side until the end of this battle."""
    board = expansion_board(state.board)
    seat = frame.sides[task.side].seat
    if board is None or seat is None:
        return
    board.prowl[frame.area] = seat
    ctx.emit("prowl_active", area=frame.area, seat=seat, side=SIDE_NAMES[task.side])


def _riders(frame: Battle, index: int | None = None) -> list[Fighter]:
    side = frame.sides[frame.winner if index is None else index]
    return [f for f in side.fighters if f.unit == UNIT and not f.routed and f.owner == side.seat]


def most(frame: Battle) -> int:
    return min(len(_riders(frame)), len(frame.sides[1 - frame.winner].fighters))


def before_retreat(state: GameState, pack: Pack, frame: Battle, index: int, fighter: Fighter, ctx: Context, why: str) -> bool:
    """A unit leaves the battle in the middle of it: the prowling enemy may first rout a Rider to eliminate it."""
    board = expansion_board(state.board)
    if board is None or frame.area not in board.prowl:
        return False
    seat = board.prowl[frame.area]
    if frame.sides[1 - index].seat != seat or not _riders(frame, 1 - index):
        return False
    info = {"most": 1, "unit": UNIT, "retreating": fighter.id, "retreating_unit": fighter.unit, "side": index, "why": why}
    open_battle_prompt(state, frame, seat, "prowl", [("rout", {"count": n}) for n in (0, 1)], info)
    return True


assign.BEFORE_RETREAT.append(before_retreat)


_base_retreat = procedure.STEPS["retreat"]


def retreat(state: GameState, pack: Pack, frame: Battle, ctx: Context) -> None:
    """6a with Prowl: before the loser's units retreat, the prowling winner may rout Riders to eliminate some of them."""
    board = expansion_board(state.board)
    if board is not None and frame.area in board.prowl:
        seat = board.prowl[frame.area]
        if frame.sides[frame.winner].seat == seat and most(frame):
            answers = [("rout", {"count": n}) for n in range(most(frame) + 1)]
            open_battle_prompt(state, frame, seat, "prowl", answers, {"most": most(frame), "unit": UNIT})
            return
        del board.prowl[frame.area]
    _base_retreat(state, pack, frame, ctx)


procedure.STEPS["retreat"] = retreat


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return as_actions(prompt, [("rout", {"count": n}) for n in range(prompt.info["most"] + 1)])


@prompt_kind("prowl", choices={"rout"}, legal=_legal)
def choose(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    count = action.args.get("count")
    if not isinstance(count, int) or isinstance(count, bool):
        raise InvalidAction(N_("rout needs 'count': how many of your standing Leonx Riders prowl (0 or more)"))
    frame = top(state, Battle)
    if not 0 <= count <= prompt.info["most"]:
        raise IllegalAction(
            N_("Rout 0 to {most} Leonx Riders: one per standing Rider, one per retreating unit.", most=prompt.info["most"]),
            rule=RULE,
            alternatives=_legal(state, pack, prompt),
        )
    state.close(prompt.id)
    if "retreating" in prompt.info:
        _mid_battle(state, pack, frame, prompt, count, ctx)
        return
    board = expansion_board(state.board)
    del board.prowl[frame.area]
    ctx.emit("prowled", area=frame.area, seat=prompt.seat, count=count)
    for fighter in _riders(frame)[:count]:
        figures.rout(state, frame, frame.winner, fighter, ctx, "prowl")
    if count:
        frame.tasks.insert(0, Task("assign", 1 - frame.winner, "eliminate", count, why=UNIT))


def _mid_battle(state: GameState, pack: Pack, frame: Battle, prompt: Prompt, count: int, ctx: Context) -> None:
    """The answer for a unit a card or an ability makes retreat: it retreats, or a Rider routs and it is eliminated."""
    index = prompt.info["side"]
    fighter = next(f for f in frame.sides[index].fighters if f.id == prompt.info["retreating"])
    if not count:
        assign.leave_battle(state, pack, frame, index, fighter, prompt.info["why"])
        return
    ctx.emit("prowled", area=frame.area, seat=prompt.seat, count=count)
    figures.rout(state, frame, 1 - index, _riders(frame, 1 - index)[0], ctx, "prowl")
    figures.eliminate(state, frame, index, fighter, ctx, UNIT)
