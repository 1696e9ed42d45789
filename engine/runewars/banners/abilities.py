"""The special abilities of the 8 new unit types (Banners of War; texts in data/runewars/banners_of_war/units.toml).

The rulebook prints only the names (and the Leonx Riders' truncated „Herumpirschen“, read in
:mod:`engine.runewars.banners.prowl`); the effects are house content, built from the base abilities' means (engine.runewars.battle.abilities): the opponent assigns
damage or routs under the usual rules, or the side gains strength.
"""

from __future__ import annotations

from engine.runewars.banners.prowl import prowl
from engine.runewars.battle.abilities import AUTOMATIC, CHOSEN, Option, _assign, _standing
from engine.runewars.battle.frame import Task


def _novice_wizard(state, pack, frame, task: Task, ctx) -> None:
    """Ball Lightning (ruling R-BW17): 1 damage; a player holding tactics cards discards the one he has held longest
    for 1 more („die abgeworfene Taktikkarte“ of „Kugelblitz-Meisterschaft“)."""
    seat = frame.sides[task.side].seat
    points = 1
    if seat is not None and state.board.players[seat].tactics:
        player = state.board.players[seat]
        card = player.tactics.pop(0)
        player.tactics_drawn.pop(card, None)
        state.board.decks["tactics"].discard.append(card)
        ctx.emit("tactics_discarded", seat=seat, cards=[card], why=task.what)
        points = 2
    frame.tasks.insert(0, _assign(task, "damage", points))


def _roc(state, pack, frame, task, ctx) -> None:
    frame.tasks.insert(0, _assign(task, "rout"))


def _leonx_rider(state, pack, frame, task, ctx) -> None:
    """Prowl (ruling R-BW6): active until the end of the battle, used when the enemy retreats (banners.prowl)."""
    prowl(state, pack, frame, task, ctx)


def _forest_guardian(state, pack, frame, task, ctx) -> None:
    frame.sides[task.side].bonus += 2


def _blood_sister(state, pack, frame, task, ctx) -> None:
    frame.tasks[0:0] = [_assign(task, "damage"), _assign(task, "damage")]


def _obscenity(state, pack, frame, task, ctx) -> None:
    frame.tasks.insert(0, _assign(task, "damage", 2))


def _great_dragon(state, pack, frame, task, ctx) -> None:
    frame.tasks.insert(0, _assign(task, "damage", 2, only={"standing": True, "distinct": True}))


AUTOMATIC.update(
    {
        "human_novice_wizard": _novice_wizard,
        "human_roc": _roc,
        "elf_leonx_rider": _leonx_rider,
        "elf_forest_guardian": _forest_guardian,
        "uthuk_blood_sister": _blood_sister,
        "uthuk_obscenity": _obscenity,
        "undead_great_dragon": _great_dragon,
    }
)
CHOSEN["undead_vampire"] = (Option("rout", "rout", 1, 1, _standing),)
