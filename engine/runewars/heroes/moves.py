"""Where heroes go (pp. 16-18, 22, 26, 37; digest §9.2).

- Quest phase (p. 26 „Bewegen“): up to 2 areas, into and through enemy and neutral
  areas; borders stop heroes as every figure (p. 18), frozen water in winter excepted.
- Strategy (p. 16): one step into an adjacent friendly or empty area (the order's module
  asks; this one says where). Mobilize and Conquer never move heroes (p. 18).
- Retreat (p. 22 „Helden können sich in jedes benachbarte Gebiet zurückziehen“).
- Routed heroes never move (p. 18). Activation tokens do not concern heroes (p. 17).
- Exploration tokens (p. 37): a hero entering an area with a face-up Dungeon (or revealing
  one where it stopped) moves no further in that season, its quest phase included; a
  retreat still moves it (ruling R39); whoever moves may pay 1 influence to step from a face-up Magic Portal to any
  other face-up Magic Portal (units too: the orders read :func:`usable_portals`,
  engine/runewars/orders/strategy.py and mobilize.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import N_, Action, Context, GameState, Prompt, register
from engine.runewars.banners.board import terrain  # Banners of War: Cryomancy thaws water borders (ruling R-BW9)
from engine.runewars.banners.variants import is_commander
from engine.runewars.data import Pack
from engine.runewars.flow import chosen_option, procedure, prompt_kind, push, season_id, top
from engine.runewars.heroes import find, keywords, public_hero
from engine.runewars.movement import crossable, passable_for
from engine.runewars.state import Hero, RunewarsBoard

DUNGEON, PORTAL = "dungeon", "magic_portal"
QUEST_MOVE_RULE = "p. 26 (Bewegen): up to 2 areas, through any area, not across mountain or water borders"


def face_up_areas(board: RunewarsBoard, token: str) -> set[str]:
    return {a for a, m in board.exploration.items() if m.token == token and m.face_up}


def steps_from(state: GameState, pack: Pack, area: str, seat: int) -> list[str]:
    """Areas one step away for a hero: adjacent across passable borders, or another face-up portal if ``seat`` can pay."""
    board: RunewarsBoard = state.board
    geo = terrain(pack, board)
    winter = board.season == "winter"
    near = [b for b in sorted(geo.adjacency[area]) if crossable(geo, area, b, flying=False, winter=winter)]
    portals = face_up_areas(board, PORTAL)
    if area in portals and board.players[seat].influence >= portal_cost(pack):
        near += sorted(portals - {area} - set(near))
    return near


def portal_cost(pack: Pack) -> int:
    return int(pack.constant("magic_portal_cost"))


def usable_portals(state: GameState, pack: Pack, seat: int) -> set[str]:
    """Face-up Magic Portals ``seat`` can pay to use now (p. 37 „Jeder Spieler“, whoever controls them)."""
    portals = face_up_areas(state.board, PORTAL)
    return portals if len(portals) > 1 and state.board.players[seat].influence >= portal_cost(pack) else set()


def portal_info(state: GameState, pack: Pack, seat: int) -> dict:
    """What a movement prompt's info tells of the portals the mover may use: their areas and the price of a jump."""
    portals = usable_portals(state, pack, seat)
    return {"magic_portal": {"areas": sorted(portals), "influence": portal_cost(pack)}} if portals else {}


def portal_jumps(state: GameState, pack: Pack, origin: str, path: list[str]) -> int:
    """Steps of ``path`` that only a Magic Portal makes possible (each costs 1 influence, p. 37)."""
    geo = terrain(pack, state.board)
    winter = state.board.season == "winter"
    previous, jumps = origin, 0
    for area in path:
        jumps += not crossable(geo, previous, area, flying=False, winter=winter)  # a portal beyond a border is still a jump
        previous = area
    return jumps


def season_key(board: RunewarsBoard) -> str:
    return f"{board.year}.{board.season}"


def held_in_dungeon(board: RunewarsBoard, hero: Hero) -> bool:
    """p. 37 (Verließ): „kann er in dieser Jahreszeit oder Questphase nicht mehr weiter ziehen“ (ruling R39)."""
    return hero.held == season_key(board)


def hold_in_dungeon(board: RunewarsBoard, hero: Hero) -> None:
    """The hero stands in a face-up Dungeon it entered (or revealed) now: it stays for the rest of the season."""
    if hero.area in face_up_areas(board, DUNGEON):
        hero.held = season_key(board)


def quest_move_range(pack: Pack, hero: Hero) -> int:
    return int(pack.constant("hero_quest_move")) + ("pathfinder" in keywords(pack, hero))


def quest_paths(state: GameState, pack: Pack, hero: Hero) -> list[list[str]]:
    """Every path of the quest-phase move, the empty one included (ruling R-H2), without revisiting an area."""
    if hero.routed:
        return []
    board: RunewarsBoard = state.board
    if held_in_dungeon(board, hero):
        return [[]]
    if is_commander(board, hero.card) and board.areas[hero.area].activated_by:  # Banners of War: ruling R-BWV7
        return [[]]
    dungeons = face_up_areas(board, DUNGEON)
    reach = quest_move_range(pack, hero)
    paths: list[list[str]] = [[]]
    frontier: list[list[str]] = [[]]
    for _ in range(reach):
        longer = []
        for path in frontier:
            here = path[-1] if path else hero.area
            if path and here in dungeons:
                continue
            for there in steps_from(state, pack, here, hero.owner):
                if there != hero.area and there not in path:
                    longer.append(path + [there])
        longer = [
            p
            for p in longer
            if portal_jumps(state, pack, hero.area, p) * portal_cost(pack) <= board.players[hero.owner].influence
        ]
        paths += longer
        frontier = longer
    return paths


def strategy_destinations(state: GameState, pack: Pack, hero: Hero) -> list[str]:
    """p. 16: one step into an adjacent friendly or empty area (a face-up portal's jump included)."""
    if hero.routed or held_in_dungeon(state.board, hero):
        return []
    return [b for b in steps_from(state, pack, hero.area, hero.owner) if passable_for(state.board, hero.owner, b)]


def move_hero(state: GameState, pack: Pack, hero: Hero, path: list[str], ctx: Context, why: str) -> None:
    """Move the figure along ``path``, paying for portal jumps."""
    board: RunewarsBoard = state.board
    paid = portal_jumps(state, pack, hero.area, path) * portal_cost(pack)
    board.players[hero.owner].influence -= paid
    origin = hero.area
    hero.area = path[-1] if path else hero.area
    if path:
        hold_in_dungeon(board, hero)
    ctx.emit("hero_moved", hero=hero.card, owner=hero.owner, path=[origin] + list(path), influence_paid=paid, why=why)


# -- retreat (for cards that make heroes retreat) ------------------------------------------------


@register
@dataclass
class HeroRetreat:
    """A hero retreats into any adjacent area (p. 22); its player chooses."""

    hero: str
    why: str = ""
    done: bool = False


def push_hero_retreat(state: GameState, hero: Hero, why: str) -> None:
    push(state, HeroRetreat(hero.card, why))


def retreat_destinations(state: GameState, pack: Pack, hero: Hero) -> list[str]:
    board: RunewarsBoard = state.board
    geo = terrain(pack, board)
    return [
        b for b in sorted(geo.adjacency[hero.area]) if crossable(geo, hero.area, b, flying=False, winter=board.season == "winter")
    ]


@procedure(HeroRetreat)
def _advance_retreat(state: GameState, pack: Pack, frame: HeroRetreat, ctx: Context) -> bool:
    hero = find(state.board, frame.hero)
    options = [] if hero is None else retreat_destinations(state, pack, hero)
    if not options or frame.done:
        return True
    pid = season_id(state.board, "hero_retreat", hero.card, seq=state.seq)
    forced = Action(hero.owner, pid, "retreat", {"to": options[0]}) if len(options) == 1 else None
    state.open(
        [Prompt(pid, hero.owner, "hero_retreat", info={"hero": hero.card, "from": hero.area, "areas": options}, forced=forced)]
    )
    return False


def _retreat_legal(state: GameState, pack: Pack, prompt: Prompt) -> list[Action]:
    return [Action(prompt.seat, prompt.id, "retreat", {"to": a}) for a in prompt.info["areas"]]


@prompt_kind("hero_retreat", choices={"retreat"}, legal=_retreat_legal)
def choose_hero_retreat(state: GameState, pack: Pack, prompt: Prompt, action: Action, ctx: Context) -> None:
    to = chosen_option(
        state,
        pack,
        prompt,
        action,
        "to",
        "areas",
        expects=N_("retreat needs 'to': an area"),
        refusal=N_("The hero cannot retreat to {choice}."),
        rule="p. 22 (Rückzug: Helden): any adjacent area",
    )
    frame = top(state, HeroRetreat)
    hero = find(state.board, frame.hero)
    state.close(prompt.id)
    frame.done = True
    origin, hero.area = hero.area, to
    ctx.emit("hero_retreated", **public_hero(hero), path=[origin, to], why=frame.why)
