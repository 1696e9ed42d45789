"""What one seat knows, in the terms the AI reasons with.

Built only from ``view(state, seat)`` (the same dictionary a human's client receives) and
the public data pack (unit stats, dials, map tiles, fate deck). Nothing here reads the game
state: a face-down rune is a probability, an opponent's next order is unknown.

Strength is estimated, not simulated: a unit's *power* grows with its health and with the
points its fate-card shape scores on average (damage, routs and specials per card of the
pack's fate deck). A battle is judged by the expected final strengths
(:func:`expected_strengths`), the defender's stronghold counting as the standing figures it
adds (p. 21).

A rival who holds few areas, clearly fewer than this seat, is *cornered*: each of their areas
is worth more the fewer they hold (p. 31: a player who controls no area is eliminated), so
plans, staging and the Mobilize/Conquer choice turn towards finishing them.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable
from typing import Any

from engine.runewars.banners.board import view_terrain
from engine.runewars.data import Pack, UnitType
from engine.runewars.map import Placement, geometry

#: the 8-unit limit per area (digest §0)
AREA_LIMIT = 8
#: Mobilize/Conquer reach (p. 17)
MOVE_RANGE, FAST_RANGE = 2, 3
#: a rival holding this many areas or fewer is close to elimination (p. 31)
FEW_AREAS = 5
#: worth of taking one of a cornered rival's areas, shared among the areas they hold
FINISH = 12.0
#: worth of taking the last area of the last rival: the game is won (p. 31)
LAST_AREA = 30.0


class PackFacts:
    """Numbers derived once per data pack: each shape's average fate-card points, each unit's power,
    each area's resources."""

    def __init__(self, pack: Pack):
        #: area -> {resource: icons}
        self.resources = {area: hex_.resources() for area, hex_ in pack.areas.items()}
        cards = pack.fate_cards
        total = max(1, len(cards))
        #: per shape and card: (rout points, damage points, specials) on average
        self.points = {
            shape: tuple(
                sum((c.section(shape).n or 1) for c in cards if c.section(shape).kind == k) / total
                for k in ("rout", "damage", "special")
            )
            for shape in ("triangle", "circle", "rectangle", "hexagon")
        }
        self.power = {}
        for unit_id, unit in pack.units.items():
            rout, damage, special = self.points[unit.shape]
            self.power[unit_id] = 1.0 + 0.5 * (unit.health - 1) + 1.5 * (damage + 0.5 * rout + 0.6 * special)


_FACTS: dict[int, tuple[Pack, PackFacts]] = {}
#: what depends on the map alone (Seen.within, Seen.neighbours), kept per map geometry for the whole game
_MAP_MEMO: weakref.WeakKeyDictionary[Any, dict[tuple, Any]] = weakref.WeakKeyDictionary()


def facts(pack: Pack) -> PackFacts:
    hit = _FACTS.get(id(pack))
    if hit is None or hit[0] is not pack:  # the entry keeps its pack alive, so ids are not reused
        hit = _FACTS[id(pack)] = (pack, PackFacts(pack))
    return hit[1]


def unit_power(pack: Pack, unit: str) -> float:
    """How much a unit adds to a side: 1 standing figure, plus health and expected fate-card points."""
    return facts(pack).power[unit]


def expected_strengths(pack: Pack, attackers: dict[str, int], defenders: dict[str, int], fort: int = 0) -> tuple[float, float]:
    """Expected final strengths (p. 21: standing figures, plus the stronghold) of a battle between two groups.

    Every standing unit draws one card (each type once, p. 22); a rout point takes a standing
    figure out of the count as surely as a kill, damage points kill by the target side's
    average health, a special is worth about half a removal.
    """

    def removals(side: dict[str, int], other: dict[str, int]) -> float:
        figures = sum(other.values())
        health = sum(pack.unit(u).health * n for u, n in other.items()) / figures if figures else 1.0
        total = 0.0
        for unit, n in side.items():
            rout, damage, special = facts(pack).points[pack.unit(unit).shape]
            total += n * (rout + damage / health + 0.5 * special)
        return total

    a, d = sum(attackers.values()), sum(defenders.values())
    return max(0.0, a - removals(defenders, attackers)), max(0.0, d - removals(attackers, defenders)) + fort


def stacks_power(pack: Pack, stacks: Iterable[dict[str, Any]], *, routed_weight: float = 0.25) -> float:
    """The power of view unit entries; routed units barely fight (they stay out of battles, p. 21)."""
    return sum(unit_power(pack, s["unit"]) * (s["standing"] + routed_weight * s["routed"]) for s in stacks)


class Seen:
    """One seat's view with the derived facts every decision needs."""

    def __init__(self, view: dict[str, Any], pack: Pack, seat: int, *, contender: bool = False):
        self.view, self.pack, self.seat = view, pack, seat
        #: the ``new`` policy (ai/contender.py) rather than the ``baseline`` (issue 20 item 7)
        self.contender = contender
        self.areas: dict[str, dict[str, Any]] = view["areas"]
        self.players: list[dict[str, Any]] = view["players"]
        self.me = self.players[seat]
        self.season: str = view["season"]
        self.year: int = view["year"]
        self.winter = self.season == "winter"
        board = geometry(pack, [Placement(**p) for p in view["map"]])
        #: border kinds as they stand (Banners of War: Cryomancy, Flooded Areas, the Sunken City; the geometry's otherwise)
        self.adjacency = view_terrain(board, view).adjacency
        self._map_memo = _MAP_MEMO.setdefault(board, {})
        self.home_owner = {a: p["seat"] for p in self.players for a in p["home_areas"]}
        self.rivals = [p["seat"] for p in self.players if p["seat"] != seat and not p["eliminated"]]
        self._threats: dict[str, float] = {}
        self._frontier: dict[str, float] | None = None
        self._led: dict[tuple[str, int | None], list[dict[str, Any]]] = {}
        self._sources: dict[tuple[str, str], dict[str, int]] = {}
        #: results other modules compute once per decision (e.g. march plans), by key
        self.memo: dict[Any, Any] = {}

    # -- time -----------------------------------------------------------------------------
    @property
    def years(self) -> int:
        return int(self.pack.constant("epic_years" if self.epic else "years"))

    @property
    def epic(self) -> bool:
        """The epic variant uses no false runes (p. 37): all of them stay in the supply."""
        return self.view["rune_supply"].get("false", 0) >= self.pack.rune_tokens.false

    def seasons_left(self) -> int:
        """Seasons after the current one until the game ends."""
        order = ("spring", "summer", "autumn", "winter")
        now = order.index(self.season) if self.season in order else 0
        return (self.years - self.year) * 4 + 3 - now

    # -- areas ----------------------------------------------------------------------------
    def controller(self, area: str) -> int | None:
        return self.areas[area]["controller"]

    def led(self, area: str, seat: int | None) -> list[dict[str, Any]]:
        """Unit entries ``seat`` leads in ``area`` (own units and allied neutrals); None: unallied neutrals."""
        key = (area, seat)
        if key not in self._led:
            self._led[key] = self._find_led(area, seat)
        return self._led[key]

    def _find_led(self, area: str, seat: int | None) -> list[dict[str, Any]]:
        out = []
        for s in self.areas[area]["units"]:
            if s["standing"] + s["routed"] == 0:
                continue
            if seat is None:
                if s["owner"] is None and s.get("ally") is None:
                    out.append(s)
            elif s["owner"] == seat or (s["owner"] is None and s.get("ally") == seat):
                out.append(s)
        return out

    def force(self, area: str, seat: int | None) -> int:
        return sum(s["standing"] + s["routed"] for s in self.led(area, seat))

    def power(self, area: str, seat: int | None) -> float:
        return stacks_power(self.pack, self.led(area, seat))

    def hostile_power(self, area: str) -> float:
        """Everything in ``area`` that would fight this seat: other players' units, their allies, unallied neutrals."""
        return sum(self.power(area, s) for s in self.rivals) + self.power(area, None)

    def hostile_seat(self, area: str) -> int | None:
        """The rival who holds ``area`` (units, stronghold or an uncontested home realm), if any."""
        for seat in self.rivals:
            if self.force(area, seat):
                return seat
        stronghold = self.areas[area]["stronghold"]
        if stronghold is not None and stronghold["owner"] != self.seat:
            return stronghold["owner"]
        owner = self.controller(area)
        return owner if owner not in (None, self.seat) else None

    def is_empty(self, area: str) -> bool:
        """p. 15: no units, no stronghold and not a home realm."""
        a = self.areas[area]
        return (
            area not in self.home_owner and not any(s["standing"] + s["routed"] for s in a["units"]) and a["stronghold"] is None
        )

    def passable(self, area: str) -> bool:
        return self.controller(area) == self.seat or self.is_empty(area)

    def mine(self) -> list[str]:
        if "mine" not in self.memo:
            self.memo["mine"] = [a for a in sorted(self.areas) if self.controller(a) == self.seat]
        return self.memo["mine"]

    def stronghold_areas(self) -> list[str]:
        """Areas I control holding my stronghold (recruits go there, p. 35)."""
        return [a for a in self.mine() if (self.areas[a]["stronghold"] or {}).get("owner") == self.seat]

    def stronghold_strength(self, area: str, *, conquer: bool = False) -> int:
        stronghold = self.areas[area]["stronghold"]
        if stronghold is None or stronghold["owner"] == self.seat:
            return 0
        faction = self.pack.faction(self.players[stronghold["owner"]]["faction"])
        value = faction.stronghold_damaged_strength if stronghold["damaged"] else faction.stronghold_strength
        return max(0, value - (int(self.pack.constant("conquer_stronghold_malus")) if conquer else 0))

    def crossable(self, a: str, b: str, *, flying: bool) -> bool:
        border = self.adjacency[a].get(b, "none")
        if border == "none":
            return False
        return border is None or flying or (border == "water" and self.winter)

    def neighbours(self, area: str) -> list[str]:
        """The areas next to ``area``, sorted (not to be changed)."""
        key = ("neighbours", area)
        if key not in self._map_memo:
            self._map_memo[key] = sorted(self.adjacency[area])
        return self._map_memo[key]

    # -- values ---------------------------------------------------------------------------
    def dragon_chance(self, area: str) -> float:
        """The chance that ``area``'s rune is a dragon rune, as far as this seat knows."""
        rune = self.areas[area]["rune"]
        if rune is None:
            return 0.0
        if rune in ("dragon", "false"):
            return 1.0 if rune == "dragon" else 0.0
        last = self.areas[area].get("rune_last_known")
        prior = self._unknown_dragon_share()
        return 0.5 * prior + 0.5 * (last == "dragon") if last else prior

    def _unknown_dragon_share(self) -> float:
        tokens = self.pack.rune_tokens
        on_board = tokens.dragon - self.view["rune_supply"].get("dragon", 0)
        seen_dragons = sum(1 for a in self.areas.values() if a["rune"] == "dragon")
        hidden = sum(1 for a in self.areas.values() if a["rune"] == "face_down")
        return min(1.0, max(0.0, (on_board - seen_dragons) / hidden)) if hidden else 0.0

    def resources(self, area: str) -> int:
        return sum(facts(self.pack).resources[area].values())

    def area_value(self, area: str) -> float:
        """What controlling ``area`` is worth to this seat: runes above all, then cities, resources, strongholds.

        Resources and cities pay every season (Harvest, Support), so they are worth more early on.
        """
        a = self.areas[area]
        income = min(2.0, 0.5 + 0.08 * self.seasons_left())
        value = 0.5 + income * self.resources(area)
        value += (self.rune_worth(area) if self.contender else 10.0) * self.dragon_chance(area)
        value += 1.5 * income if a["city"] else 0.0
        value += 2.0 if a["stronghold"] is not None else 0.0
        if self.home_owner.get(area) not in (None, self.seat):
            value += 1.0  # a foothold in a rival's realm
        return value + self.finishing(area)

    # -- dragon runes towards six (the ``new`` policy, ai/contender.py) ----------------------
    def runes_to_win(self) -> int:
        return int(self.pack.constant("epic_runes_to_win" if self.epic else "runes_to_win"))

    def runes_of(self, seat: int) -> float:
        """The dragon runes ``seat`` holds as far as I know: known ones, and face-down ones by their chance (p. 30)."""
        key = ("runes_of", seat)
        if key not in self.memo:
            self.memo[key] = sum(self.dragon_chance(a) for a, info in self.areas.items() if info["controller"] == seat)
        return self.memo[key]

    def leader_runes(self) -> float:
        return max((self.runes_of(s) for s in self.rivals), default=0.0)

    def rune_worth(self, area: str) -> float:
        """A dragon rune in ``area`` for me: each rune brings me closer to six, and the last one (or
        the one ahead of everyone when the years run out) decides the game; held by a rival it also
        denies them, the more the closer they are to six (p. 30)."""
        key = ("rune_worth", area)
        if key in self.memo:
            return self.memo[key]
        need = self.runes_to_win()
        mine = self.runes_of(self.seat)
        owner = self.controller(area)
        worth = 14.0
        if owner == self.seat:
            have = mine  # keeping it: losing it sets me back
            worth += 6.0 if have >= need - 1.5 else 0.0
        else:
            if mine + 1 >= need - 0.5:
                worth += 40.0  # the winning rune
            elif mine + 1 >= need - 1.5:
                worth += 8.0
            if owner in self.rivals:
                theirs = self.runes_of(owner)
                worth += 4.0 * max(0.0, theirs - mine) + (30.0 if theirs >= need - 1.5 else 0.0)
                if theirs >= self.leader_runes() - 0.01:
                    worth += 4.0  # the leader
        if self.seasons_left() <= 4:
            worth *= 1.4  # at the end the runes alone count (p. 30)
        self.memo[key] = worth
        return worth

    def held(self, seat: int) -> int:
        """How many areas ``seat`` controls (public: the view names every area's controller)."""
        if ("held", seat) not in self.memo:
            self.memo[("held", seat)] = sum(1 for a in self.areas.values() if a["controller"] == seat)
        return self.memo[("held", seat)]

    def cornered(self, seat: int) -> bool:
        """``seat`` holds at most :data:`FEW_AREAS` areas, and clearly fewer than I do."""
        return self.held(seat) <= FEW_AREAS and self.held(self.seat) >= self.held(seat) + 2

    def hunting(self) -> bool:
        """Some rival is :meth:`cornered`: my armies gather towards their last areas."""
        return any(self.cornered(seat) for seat in self.rivals)

    def finishing(self, area: str) -> float:
        """What taking ``area`` adds towards eliminating its controller (p. 31: a player who controls
        no area is out): :data:`FINISH` shared among a :meth:`cornered` rival's areas, and the last
        area of the last rival wins the game (:data:`LAST_AREA`)."""
        owner = self.controller(area)
        if owner not in self.rivals or not self.cornered(owner):
            return 0.0
        left = self.held(owner)
        return FINISH / left + (LAST_AREA if left == 1 and self.rivals == [owner] else 0.0)

    def frontier(self, area: str) -> float:
        """How close ``area`` lies to the rune areas my rivals hold, or to the last areas of a cornered
        rival (:meth:`finishing`): a staging ground for attacks."""
        if self._frontier is None:
            self._frontier = dict.fromkeys(self.areas, 0.0)
            for target in self.areas:
                owner = self.controller(target)
                if owner in (None, self.seat):
                    continue
                finish = self.finishing(target)
                worth = 10.0 * self.dragon_chance(target) + finish
                if worth == 0:
                    continue
                for other, steps in self.within(target, 6 if finish else 4).items():
                    self._frontier[other] = max(self._frontier[other], worth * 0.5**steps)
        return self._frontier[area]

    # -- movement -------------------------------------------------------------------------
    def march_sources(self, target: str, unit: str) -> dict[str, int]:
        """Areas from which my ``unit`` could march into ``target`` with Mobilize or Conquer (p. 17), with steps."""
        kind = self.pack.unit(unit)
        key = (target, f"{kind.fast}/{kind.flying}")
        if key not in self._sources:
            self._sources[key] = self._march_sources(target, kind)
        return self._sources[key]

    def _march_sources(self, target: str, kind: UnitType) -> dict[str, int]:
        reach = FAST_RANGE if kind.fast else MOVE_RANGE
        steps = {target: 0}
        queue = deque([target])
        while queue:
            here = queue.popleft()
            if steps[here] == reach or (here != target and not self.passable(here)):
                continue
            for there in self.neighbours(here):
                if there not in steps and self.crossable(there, here, flying=kind.flying):
                    steps[there] = steps[here] + 1
                    queue.append(there)
        del steps[target]
        return {a: n for a, n in steps.items() if self.seat not in self.areas[a]["activated_by"]}

    def marchers(self, target: str) -> list[tuple[str, dict[str, Any]]]:
        """(area, unit entry) of my standing units that could march into ``target`` now."""
        out = []
        for area in self.areas_with_mine():
            if area == target:
                continue
            for s in self.led(area, self.seat):
                if not s["standing"]:
                    continue
                if s["owner"] is None and not (self.force(target, self.seat) or self.controller(target) == self.seat):
                    continue  # allied neutrals march alone only where I already am (p. 19)
                if area in self.march_sources(target, s["unit"]):
                    out.append((area, s))
        return out

    def areas_with_mine(self) -> list[str]:
        """Areas holding units I lead."""
        if "areas_with_mine" not in self.memo:
            self.memo["areas_with_mine"] = [a for a in sorted(self.areas) if self.led(a, self.seat)]
        return self.memo["areas_with_mine"]

    def threat(self, area: str) -> float:
        """Rival power that could reach ``area`` in one march (ignoring what blocks their paths)."""
        if area not in self._threats:
            self._threats[area] = self._threat(area)
        return self._threats[area]

    def _threat(self, area: str) -> float:
        near = self.within(area, FAST_RANGE)
        total = 0.0
        for other, steps in near.items():
            for seat in self.rivals:
                for s in self.led(other, seat):
                    reach = FAST_RANGE if self.pack.unit(s["unit"]).fast else MOVE_RANGE
                    if steps <= reach:
                        total += unit_power(self.pack, s["unit"]) * s["standing"]
        return total

    def within(self, area: str, reach: int) -> dict[str, int]:
        """Areas up to ``reach`` steps from ``area`` (borders ignored), with their distance (not to be changed)."""
        key = ("within", area, reach)
        if key not in self._map_memo:
            self._map_memo[key] = self._distances(area, reach)
        return self._map_memo[key]

    def _distances(self, area: str, reach: int) -> dict[str, int]:
        steps = {area: 0}
        queue = deque([area])
        while queue:
            here = queue.popleft()
            if steps[here] == reach:
                continue
            for there in self.neighbours(here):
                if there not in steps:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        return steps

    def garrison_need(self, area: str) -> float:
        """Power worth keeping in one of my areas that holds a dragon rune or a stronghold: a share of the
        rivals' power within reach (they cannot strike everywhere at once)."""
        if self.controller(area) != self.seat:
            return 0.0
        worth = self.dragon_chance(area) > 0.5 or self.areas[area]["stronghold"] is not None
        return min(self.threat(area), 10.0) * 0.6 if worth else 0.0
