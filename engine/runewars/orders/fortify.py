"""Order 8, Fortify (p. 36 „Festung (Nr 8)“, p. 31 component limits; digest §6.11, §10.8).

Any or all of, in any order, each at most once: build a stronghold (wood -1, ore -1, in a
controlled area with no stronghold and no city; with all stronghold tiles in play one of
your own is moved), repair a damaged stronghold (ore -1), move runes (2 controlled areas
with runes: the player secretly puts them back swapped or not). Then "done". No bonus.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from engine.core import N_, Action, Context, GameState, IllegalAction, InvalidAction, Prompt, register
from engine.runewars.banners.cards import rehide
from engine.runewars.banners.sunken_city import stronghold_banned
from engine.runewars.control import controller
from engine.runewars.data import Pack
from engine.runewars.flow import procedure, prompt_kind, season_id, top
from engine.runewars.orders import order
from engine.runewars.runes import controlled_rune_areas, kind, move_runes
from engine.runewars.state import RunewarsBoard, Stronghold
from engine.runewars.supply import own_strongholds, stronghold_limit

RULES = {
    "build": "p. 36 (Eine Festung bauen): wood and ore -1, a controlled area with neither stronghold nor city",
    "repair": "p. 36 (Eine Festung reparieren): ore -1 turns one of your damaged strongholds",
    "move_runes": "p. 36 (Runenmarker bewegen): 2 areas you control that each hold a rune",
    "once": "p. 36 (Festung): each action at most once per order",
}


#: ``hook(state, pack, seat, area, ctx)`` after a stronghold is built (Banners of War, Development Cards: rebuilding a
#: capital, engine.runewars.banners.development)
AFTER_STRONGHOLD_BUILT: list = []


@order("fortify")
@register
@dataclass
class FortifyOrder:
    seat: int
    bonus: bool
    #: the actions taken so far ("build", "repair", "move_runes")
    taken: list[str] = field(default_factory=list)
    #: the two areas whose runes the player holds while secretly deciding whether to swap
    moving: list[str] = field(default_factory=list)
    finished: bool = False


@procedure(FortifyOrder)
def _advance(state: GameState, pack: Pack, frame: FortifyOrder, ctx: Context) -> bool:
    if frame.finished:
        return True
    board: RunewarsBoard = state.board
    if frame.moving:
        pid = season_id(board, "fortify_runes", frame.seat, seq=state.seq)
        state.open([Prompt(pid, frame.seat, "fortify_swap", secret=True, info={"areas": list(frame.moving)})])
        return False
    pid = season_id(board, "fortify", frame.seat, seq=state.seq)
    options = _legal_actions(state, pack, frame, pid)
    forced = options[0] if len(options) == 1 else None  # only "done": dials, strongholds and runes are public
    state.open([Prompt(pid, frame.seat, "fortify_action", info={"taken": list(frame.taken)}, forced=forced)])
    return False


def _build_args(board: RunewarsBoard, pack: Pack, seat: int) -> list[dict[str, str]]:
    dials = board.players[seat].dials
    if dials.get("wood", 0) < int(pack.constant("build_stronghold_wood")) or dials.get("ore", 0) < int(
        pack.constant("build_stronghold_ore")
    ):
        return []
    sites = [
        a
        for a, area in sorted(board.areas.items())
        if controller(board, a) == seat and area.stronghold is None and area.city is None and not stronghold_banned(pack, a)
    ]
    own = own_strongholds(board, seat)
    if len(own) < stronghold_limit(pack):
        return [{"area": a} for a in sites]
    return [{"area": a, "from": b} for a in sites for b in own]  # p. 31: all tiles in play, move one


def _repair_args(board: RunewarsBoard, pack: Pack, seat: int) -> list[dict[str, str]]:
    if board.players[seat].dials.get("ore", 0) < int(pack.constant("repair_stronghold_ore")):
        return []
    return [{"area": a} for a in own_strongholds(board, seat) if board.areas[a].stronghold.damaged]


def _move_args(board: RunewarsBoard, seat: int) -> list[dict[str, list[str]]]:
    return [{"areas": list(pair)} for pair in combinations(controlled_rune_areas(board, seat), 2)]


def _choices(board: RunewarsBoard, pack: Pack, frame: FortifyOrder) -> dict[str, list[dict]]:
    choices = {
        "build": _build_args(board, pack, frame.seat),
        "repair": _repair_args(board, pack, frame.seat),
        "move_runes": _move_args(board, frame.seat),
    }
    return {c: args for c, args in choices.items() if c not in frame.taken}


def _legal_actions(state: GameState, pack: Pack, frame: FortifyOrder, pid: str) -> list[Action]:
    actions = [Action(frame.seat, pid, c, a) for c, args in _choices(state.board, pack, frame).items() for a in args]
    return actions + [Action(frame.seat, pid, "done")]


def _legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return _legal_actions(state, pack, top(state, FortifyOrder), prompt.id)


@prompt_kind("fortify_action", choices={"build", "repair", "move_runes", "done"}, legal=_legal)
def fortify_action(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    board: RunewarsBoard = state.board
    frame = top(state, FortifyOrder)
    choice = action.choice
    if choice == "done":
        frame.finished = True
        state.close(prompt.id)
        ctx.emit("fortify_done", seat=frame.seat, taken=list(frame.taken))
        return
    args = _well_formed(choice, dict(action.args))
    if choice in frame.taken:
        raise IllegalAction(
            N_("You already used '{choice}' with this order.", choice=choice),
            rule=RULES["once"],
            alternatives=_legal(state, pack, prompt)[:10],
        )
    if args not in _choices(board, pack, frame)[choice]:
        same = [a for a in _legal(state, pack, prompt) if a.choice == choice]
        raise IllegalAction(
            _why_not(board, pack, frame.seat, choice, args),
            rule=RULES[choice],
            alternatives=(same or _legal(state, pack, prompt))[:10],
        )
    state.close(prompt.id)
    frame.taken.append(choice)
    player = board.players[frame.seat]
    if choice == "build":
        if "from" in args:
            _remove_stronghold(board, args["from"], ctx)
        player.dials["wood"] -= int(pack.constant("build_stronghold_wood"))
        player.dials["ore"] -= int(pack.constant("build_stronghold_ore"))
        board.areas[args["area"]].stronghold = Stronghold(frame.seat)
        ctx.emit("stronghold_built", seat=frame.seat, area=args["area"], moved_from=args.get("from"), dials=dict(player.dials))
        for hook in AFTER_STRONGHOLD_BUILT:  # Banners of War, Development Cards: a capital rebuilt
            hook(state, pack, frame.seat, args["area"], ctx)
    elif choice == "repair":
        player.dials["ore"] -= int(pack.constant("repair_stronghold_ore"))
        board.areas[args["area"]].stronghold.damaged = False
        ctx.emit("stronghold_repaired", seat=frame.seat, area=args["area"], dials=dict(player.dials))
    else:
        frame.moving = args["areas"]


def _well_formed(choice: str, args: dict) -> dict:
    """The arguments with the rune areas in a canonical order, or InvalidAction."""
    if choice == "move_runes":
        areas = args.get("areas")
        if set(args) != {"areas"} or not isinstance(areas, list) or len(areas) != 2 or not all(isinstance(a, str) for a in areas):
            raise InvalidAction(N_("move_runes needs 'areas': [area, area]"))
        return {"areas": sorted(areas)}
    allowed = {"area", "from"} if choice == "build" else {"area"}
    if "area" not in args or not set(args) <= allowed or not all(isinstance(v, str) for v in args.values()):
        raise InvalidAction(
            N_("build needs 'area' (and 'from' when all your strongholds are in play)")
            if choice == "build"
            else N_("{choice} needs 'area'", choice=choice)
        )
    return args


def _why_not(board: RunewarsBoard, pack: Pack, seat: int, choice: str, args: dict) -> str:
    dials = board.players[seat].dials
    if choice == "build":
        if not _build_args(board, pack, seat):
            return N_(
                "You cannot build a stronghold now (wood {wood}, ore {ore}; both must be above 0, in an area you control "
                "without stronghold or city).",
                wood=dials.get("wood", 0),
                ore=dials.get("ore", 0),
            )
        if len(own_strongholds(board, seat)) >= stronghold_limit(pack):
            return N_("All your stronghold tiles are in play: name with 'from' one of your strongholds to move (p. 31).")
        if "from" in args:
            return N_("You still have stronghold tiles left: a stronghold is moved only when all are in play (p. 31).")
        return N_("Build in an area you control that has neither a stronghold nor a city.")
    if choice == "repair":
        return N_("Repair needs ore above 0 (you have {ore}) and one of your damaged strongholds.", ore=dials.get("ore", 0))
    return N_("Choose 2 different areas you control that each hold a rune.")


def _remove_stronghold(board: RunewarsBoard, area_id: str, ctx: Context) -> None:
    """p. 31: a stronghold taken away to be rebuilt elsewhere; a development left behind is destroyed."""
    area = board.areas[area_id]
    area.stronghold = None
    if area.development is not None:
        ctx.emit("development_destroyed", area=area_id, development=area.development)
        area.development = None


def _swap_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, c) for c in ("keep", "swap")]


@prompt_kind("fortify_swap", choices={"keep", "swap"}, legal=_swap_legal)
def fortify_swap(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    """The secret half: only the player learns whether the tokens changed places."""
    board: RunewarsBoard = state.board
    frame = top(state, FortifyOrder)
    first, second = frame.moving
    rehide(state, first, second, ctx)  # Banners of War: revealed tokens go face down before they are moved
    move_runes(board, frame.seat, first, second, swap=action.choice == "swap")
    frame.moving = []
    state.close(prompt.id)
    ctx.emit("runes_moved", seat=frame.seat, areas=[first, second])
    ctx.emit(
        "your_runes",
        to=frame.seat,
        runes={a: kind(board.areas[a].rune) for a in (first, second)},
        swapped=action.choice == "swap",
    )
