"""Property tests of the battle (pp. 15, 19, 21-22, 33; digest §7, §6.5, §14.2) over random armies.

Hypothesis builds a position with a battle about to start (docs/scenarios.md, ``battle``):
two or three factions; an attacker with 1-8 units of his faction and allied neutrals; a
defending player (own units, allied neutrals, units routed before the battle, maybe a
stronghold, damaged or not, with a development) or unallied neutrals; the battle in an
ordinary area or in the defender's home realm; neighbours that are friendly, enemy, neutral
or empty; the attacker's strongholds elsewhere (up to all of them); Conquer or Mobilize; a
battle policy per seat; the fate deck in a random order. Every figure respects the
component limits (p. 31).

The battle is played to its end, each open prompt answered with a random legal answer; now
and then a random wrong answer is tried first. Each ``prop_*`` function below is one
property, its docstring naming the rule. They read the outcome from the event log, not from
the engine's battle frame: events name a side and a unit type, not a figure, so
:class:`Worlds` keeps every placement of routs, damage and losses the log allows, and the
strength and the survivors are recomputed in each of them.

One hypothesis test plays each battle once and checks every property (the CI profile: the
same battles on every run, in a few seconds).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import event, given, settings
from hypothesis import strategies as st

from engine.core import Action, Engine, IllegalAction, InvalidAction, encode, load_ruleset
from engine.runewars.battle.abilities import CHOSEN
from engine.runewars.battle.frame import Battle
from engine.runewars.battle.policy import DECISIONS
from engine.runewars.control import controller
from engine.runewars.flow import top
from engine.runewars.map import geometry
from engine.runewars.movement import crossable

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})

#: the fixed CI profile: the same examples on every run, no time limit per example
CI = settings(derandomize=True, database=None, max_examples=100, deadline=None)

TILES = [{"tile": "tile-1", "rotation": 0, "q": 0, "r": 0}, {"tile": "tile-2", "rotation": 0, "q": 2, "r": 0}]
ORDINARY_AREAS = ["1A", "1B", "1C", "1D", "2A", "2B", "2C", "2D"]
NEUTRALS = [u for u in PACK.units if PACK.unit(u).neutral]
FATE = [c.id for c in PACK.fate_cards]
STRONGHOLDS = int(PACK.components["stronghold_tiles"].per_faction)
#: p. 33: the Cursed Burial Ground and the Greedy Spawn are discarded when used („dieses Plättchen ablegen“)
DISCARDED_ON_USE = {"undead.defence", "uthuk.defence"}
#: losses a side places by the plain rules of p. 22: fate cards, and defence developments (p. 33 „wie üblich“)
PLAIN_PLACEMENT = {"fate", "undead.defence", "uthuk.defence"}
SIDES = ("attacker", "defender")


def own_units(faction):
    return [u for u in PACK.units if PACK.unit(u).faction == faction]


def owner_of(seat, unit):
    """Who a figure belongs to: neutral figures are nobody's, whoever they are allied with."""
    return None if PACK.unit(unit).neutral else seat


# -- positions ---------------------------------------------------------------------------


class Supply:
    """The figures not placed yet (p. 31: figures are strictly limited)."""

    def __init__(self):
        self.left = {}

    def take(self, owner, unit):
        key = (owner, unit)
        self.left.setdefault(key, PACK.unit(unit).figures)
        if self.left[key] == 0:
            return False
        self.left[key] -= 1
        return True


def _stacks(supply, seat, picks):
    """Position stacks from picked (unit, routed) figures of ``seat`` and its allied neutrals; seat None: unallied neutrals."""
    stacks = {}
    for unit, routed in picks:
        owner = owner_of(seat, unit)
        if not supply.take(owner, unit):
            continue
        if unit not in stacks:
            stacks[unit] = {"owner": "neutral" if owner is None else owner, "unit": unit, "standing": 0, "routed": 0}
            if owner is None and seat is not None:
                stacks[unit]["ally"] = seat
        stacks[unit]["routed" if routed else "standing"] += 1
    return list(stacks.values())


@st.composite
def _figures(draw, pool, least, most, may_rout):
    """``least``..``most`` picked (unit, routed) figures; the count is drawn first, so big armies are as likely as small ones."""
    count = draw(st.integers(least, most))
    figure = st.tuples(st.sampled_from(pool), st.sampled_from([False, False, True]) if may_rout else st.just(False))
    return draw(st.lists(figure, min_size=count, max_size=count))


def _has_own(picks):
    return any(not PACK.unit(unit).neutral for unit, _ in picks)


@st.composite
def positions(draw):
    seats = draw(st.sampled_from([2, 3]))
    factions = draw(st.permutations(sorted(PACK.factions)))[:seats]
    attacker = draw(st.integers(0, seats - 1))
    others = [s for s in range(seats) if s != attacker]
    defender = draw(st.sampled_from(others + [None]))
    home_seat = defender if defender is not None else draw(st.sampled_from(others))
    home_tile = PACK.faction(factions[home_seat]).home_tile
    home_areas = list(PACK.tile(home_tile).areas)
    area = draw(st.sampled_from(["1B", "1D", "2A"] + (home_areas if defender is not None else [])))
    supply = Supply()

    # the battle area: the attacker moved in standing units, at least one of his own
    first = draw(st.sampled_from(own_units(factions[attacker])))
    rest = draw(_figures(own_units(factions[attacker]) + NEUTRALS, 0, 7, False))
    battle_area = {"units": _stacks(supply, attacker, [(first, False)] + rest)}
    if defender is None:
        battle_area["units"] += _stacks(supply, None, draw(_figures(NEUTRALS, 1, 8, True)))
    else:
        picks = draw(_figures(own_units(factions[defender]) + NEUTRALS, 0, 8, True))
        picks = picks if _has_own(picks) else []  # allied neutrals never hold an area alone (p. 19)
        battle_area["units"] += _stacks(supply, defender, picks)
        if draw(st.booleans()) or (not picks and area not in home_areas):
            faction = factions[defender]
            battle_area["stronghold"] = {"owner": defender, "damaged": draw(st.booleans())}
            development = draw(st.sampled_from([None, f"{faction}.defence", f"{faction}.defence", f"{faction}.resources"]))
            if development:
                battle_area["development"] = development
    areas = {area: battle_area}

    # the rest of the map: the attacker's other strongholds first, then anything
    forts = {s: 0 for s in range(seats)}
    forts[defender] = "stronghold" in battle_area
    attacker_forts = draw(st.integers(0, STRONGHOLDS))
    for index, other in enumerate(draw(st.permutations([a for a in ORDINARY_AREAS if a != area]))):
        seat = attacker if index < attacker_forts else draw(st.sampled_from(["empty", "neutral"] + list(range(seats))))
        if seat == "empty":
            continue
        if seat == "neutral":
            areas[other] = {"units": _stacks(supply, None, draw(_figures(NEUTRALS, 1, 4, True)))}
            continue
        fort = index < attacker_forts or (forts[seat] < STRONGHOLDS and draw(st.booleans()))
        picks = draw(_figures(own_units(factions[seat]) + NEUTRALS, 0, 8, True))
        spec = {"units": _stacks(supply, seat, picks if fort or _has_own(picks) else [])}
        if fort:
            forts[seat] += 1
            spec["stronghold"] = {"owner": seat, "damaged": draw(st.booleans())}
        areas[other] = spec
    for home in home_areas:  # the home realm holds only its owner's units (so he is never eliminated here)
        if home != area:
            areas[home] = {"units": _stacks(supply, home_seat, draw(_figures(own_units(factions[home_seat]), 0, 3, True)))}

    fate = list(FATE)
    random.Random(draw(st.integers(0, 2**16), label="fate order")).shuffle(fate)
    table = st.fixed_dictionaries({d: st.sampled_from(["auto", "ask"]) for d in DECISIONS})
    policy = st.one_of(st.sampled_from(["manual", "automatic"]), table)
    return {
        "factions": factions,
        "placements": TILES + [{"tile": home_tile, "rotation": 0, "q": -2, "r": 0}],
        "neutrals": "none",
        "fate_deck": fate,
        "areas": areas,
        "players": {str(s): {"battle_policy": draw(policy)} for s in range(seats)},
        "season": {"year": 1, "name": draw(st.sampled_from(["spring", "winter"])), "start": "orders"},
        "battle": {"area": area, "attacker": attacker, "conquer": draw(st.booleans())},
    }


# -- playing -----------------------------------------------------------------------------


@dataclass
class Played:
    spec: dict
    before: object
    events: list
    attacker: int
    defender: int | None
    after: object = None
    #: (prompt kind, seat, info, number of legal answers) for every prompt seen open during the battle
    prompts: list = field(default_factory=list)
    #: (prompt kind, answer, refusal or None, state unchanged, alternatives all legal)
    wrong: list = field(default_factory=list)
    #: (side, unit, damage) of figures seen in a battle frame with damage >= health
    overdamaged: list = field(default_factory=list)

    @property
    def area(self):
        return self.spec["battle"]["area"]


def _wrong_answers(kind):
    unit = st.sampled_from(list(PACK.units) + ["no_such_unit"])
    area = st.sampled_from(ORDINARY_AREAS + ["10A", "13B", "nowhere"])
    figure = st.fixed_dictionaries({"unit": unit, "damage": st.integers(0, 5), "routed": st.booleans()})
    units = st.dictionaries(unit, st.integers(1, 3), min_size=1, max_size=2)
    modes = sorted({o.mode for options in CHOSEN.values() for o in options}) + ["no_such_mode"]
    answers = {
        "battle_type": st.tuples(st.just("draw"), st.fixed_dictionaries({"unit": unit})),
        "battle_assign": st.tuples(st.just("assign"), figure),
        "battle_ability": st.tuples(
            st.just("ability"), st.fixed_dictionaries({"mode": st.sampled_from(modes), "targets": st.lists(figure, max_size=3)})
        ),
        "retreat": st.tuples(st.just("retreat"), st.fixed_dictionaries({"to": area})),
        "eliminate_units": st.tuples(st.just("eliminate"), st.fixed_dictionaries({"units": units})),
        "battle_excess": st.tuples(st.just("retreat_units"), st.fixed_dictionaries({"units": units})),
        "battle_stronghold": st.tuples(st.just("demolish"), st.fixed_dictionaries({"area": area})),
    }
    return answers.get(kind, st.tuples(st.just("no_such_choice"), st.just({})))


def _canonical(kind, choice, args):
    """An answer in a canonical form: figure defaults filled in, ability targets sorted."""

    def figure(f):
        return {"unit": f.get("unit"), "damage": f.get("damage", 0), "routed": f.get("routed", False)}

    if kind == "battle_assign":
        args = figure(args)
    elif kind == "battle_ability":
        args = {"mode": args.get("mode"), "targets": sorted((figure(t) for t in args.get("targets", [])), key=json.dumps)}
    return choice, json.dumps(args, sort_keys=True)


def _boosted(events):
    """Sides whose neutral Sorcerers have 2 health (units.toml sorcerer: "Each of your Sorcerers has 2 health")."""
    return {e.data["side"] for e in events if e.kind == "ability_used" and e.data["unit"] == "sorcerer"}


def _health(boosted, side, unit):
    return 2 if unit == "sorcerer" and side in boosted else PACK.unit(unit).health


def play(data, spec, seed=1):
    """Play the battle of ``spec`` to its end with random legal answers (and a few wrong ones first)."""
    seats = len(spec["factions"])
    before = ENGINE.from_position({}, seats, seed, {k: v for k, v in spec.items() if k != "battle"}).state.board
    start = ENGINE.from_position({}, seats, seed, spec)
    state, events = start.state, list(start.events)
    started = next(e.data for e in events if e.kind == "battle_started")
    played = Played(spec, before, events, started["attacker"], started["defender"])
    for _ in range(500):
        frame = top(state, Battle)
        if frame is None:
            break
        boosted = _boosted(events)
        for index, side in enumerate(frame.sides):
            played.overdamaged += [
                (SIDES[index], f.unit, f.damage) for f in side.fighters if f.damage >= _health(boosted, SIDES[index], f.unit)
            ]
        assert state.prompts, "the battle waits for nobody"
        played.prompts += [(p.kind, p.seat, dict(p.info), len(RULES.legal(state, p))) for p in state.prompts]
        prompt = state.prompts[data.draw(st.integers(0, len(state.prompts) - 1), label="prompt")]
        legal = RULES.legal(state, prompt)
        if data.draw(st.integers(0, 3), label="try a wrong answer first") == 0:
            _try_wrong(played, state, prompt, legal, data)
        step = ENGINE.apply(state, legal[data.draw(st.integers(0, len(legal) - 1), label="answer")])
        state, events = step.state, events + list(step.events)
    else:
        raise AssertionError("the battle did not end within 500 answers")
    ended = next(i for i, e in enumerate(events) if e.kind == "battle_ended")
    played.events, played.after = events[: ended + 1], state.board
    return played


def _try_wrong(played, state, prompt, legal, data):
    choice, args = data.draw(_wrong_answers(prompt.kind), label="wrong answer")
    legal_forms = {_canonical(prompt.kind, a.choice, a.args) for a in legal}
    if _canonical(prompt.kind, choice, args) in legal_forms:
        return
    before = encode(state)
    try:
        ENGINE.apply(state, Action(prompt.seat, prompt.id, choice, args))
        refusal = None
    except (IllegalAction, InvalidAction) as error:
        refusal = error
    alternatives = getattr(refusal, "alternatives", None) or []
    all_legal = all(_canonical(prompt.kind, a.choice, a.args) in legal_forms for a in alternatives)
    played.wrong.append((prompt.kind, (choice, args), refusal, encode(state) == before, all_legal))


# -- reading the log ---------------------------------------------------------------------


def _replace(figures, old, new=None):
    figures = list(figures)
    figures.remove(old)
    return tuple(sorted(figures + ([new] if new else [])))


def _first_tier(figures, what):
    """p. 22: rout points hit undamaged standing units first; damage an already damaged unit first, standing before routed."""
    standing = [f for f in figures if not f[2]]
    routed = [f for f in figures if f[2]]
    if what == "rout":
        tiers = [[f for f in standing if not f[1]], standing]
    else:
        tiers = [[f for f in standing if f[1]], standing, [f for f in routed if f[1]], routed]
    return next((t for t in tiers if t), [])


class Worlds:
    """Every placement of the battle's routs, damage and losses that the event log allows.

    A world holds each side's figures as (unit, damage, routed). An event names a side and a
    unit type, so it may fit several figures: each world keeps one choice. Routs and damage
    from fate cards and defence developments must also follow the placement rules of p. 22,
    and :meth:`require` keeps the worlds where a rule holds. ``errors`` says what no world fits.
    """

    def __init__(self, lined_up):
        self.worlds = {
            tuple(tuple(sorted((u, 0, False) for u, n in lined_up[s]["units"].items() for _ in range(n))) for s in SIDES)
        }
        self.errors = []

    def require(self, holds, what):
        fitting = {w for w in self.worlds if holds(w)}
        if self.worlds and not fitting:
            self.errors.append(what)
        self.worlds = fitting

    def _each(self, side, candidates, change, what):
        out = set()
        for world in self.worlds:
            for figure in set(candidates(world[side])):
                sides = list(world)
                sides[side] = _replace(world[side], figure, change(figure))
                out.add(tuple(sides))
        if self.worlds and not out:
            self.errors.append(what)
        self.worlds = out

    def join(self, side, unit):
        """A figure joins standing (a Necromancer's Zombie)."""
        self.worlds = {
            tuple(tuple(sorted(w[s] + ((unit, 0, False),))) if s == side else w[s] for s in (0, 1)) for w in self.worlds
        }

    def rout(self, side, unit, plain, what):
        def candidates(figures):
            return [f for f in (_first_tier(figures, "rout") if plain else figures) if f[0] == unit and not f[2]]

        self._each(side, candidates, lambda f: (f[0], f[1], True), what)

    def damage(self, side, unit, damage, eliminated, plain, what):
        def candidates(figures):
            return [f for f in (_first_tier(figures, "damage") if plain else figures) if f[0] == unit and f[1] == damage - 1]

        self._each(side, candidates, lambda f: None if eliminated else (f[0], damage, f[2]), what)

    def lose(self, side, unit, standing_only, what):
        self._each(
            side, lambda figures: [f for f in figures if f[0] == unit and not (standing_only and f[2])], lambda f: None, what
        )


def _standing(figures, unit=None):
    return [f for f in figures if not f[2] and (unit is None or f[0] == unit)]


class Rounds:
    """p. 22 „Kampfrunden“, pass by pass: which types draw, how many cards, and that every icon is obeyed.

    In each pass a side's specials resolve once per special icon on its cards (a Beastman's
    extra card included); it routs one standing unit per rout point of the opponent's cards
    while it has standing units, and takes every damage point while it has units in the
    battle. A row ends when every type of it with standing units has drawn.
    """

    def __init__(self, worlds):
        self.worlds, self.row, self.drawn, self.icons = worlds, 0, ([], []), None

    def next_row(self, row):
        self.end_pass()
        for side in (0, 1):

            def done(w, side=side):
                return all(f[0] in self.drawn[side] for f in _standing(w[side]) if PACK.unit(f[0]).row == self.row)

            self.worlds.require(done, f"row {self.row}: a {SIDES[side]} type with standing units never drew")
        self.row = row

    def drew(self, data):
        self.end_pass()
        side, unit = SIDES.index(data["side"]), data["unit"]
        if PACK.unit(unit).row != self.row or unit in self.drawn[side]:
            self.worlds.errors.append(f"{data['side']} drew for {unit} in row {self.row} after {self.drawn[side]}")
        self.drawn[side].append(unit)
        self.worlds.require(
            lambda w: len(_standing(w[side], unit)) == data["count"],
            f"{data['count']} cards for {unit}, not one per standing unit",
        )

    def revealed(self, data):
        self.icons = {
            "sections": [data[s]["sections"] if data[s] else [] for s in SIDES],
            "specials": [0, 0],
            "routs": [0, 0],
            "damage": [0, 0],
            "routs_checked": False,
        }

    def extra_card(self, data):
        self.icons["sections"][SIDES.index(data["side"])].append(data["section"])

    def special(self, side):
        if self.icons:
            self.icons["specials"][side] += 1

    def hit(self, side, what, why):
        if self.icons and why == "fate":
            if what == "damage" and not self.icons["routs_checked"]:
                self._check_routs()
            self.icons[what][side] += 1

    def _points(self, side, letter):
        return sum(int(code[1:]) for code in self.icons["sections"][1 - side] if code[0] == letter)

    def _check_routs(self):
        self.icons["routs_checked"] = True
        for side in (0, 1):
            if self.icons["routs"][side] > self._points(side, "R"):
                self.worlds.errors.append(f"{SIDES[side]} routed more units than the rout points")
            if self.icons["routs"][side] < self._points(side, "R"):
                self.worlds.require(
                    lambda w, side=side: not _standing(w[side]), f"{SIDES[side]} left rout points unused with standing units"
                )

    def end_pass(self):
        if self.icons is None:
            return
        if not self.icons["routs_checked"]:
            self._check_routs()
        for side in (0, 1):
            specials = sum(code == "S" for code in self.icons["sections"][side])
            if self.icons["specials"][side] != specials:
                self.worlds.errors.append(f"{SIDES[side]}: {self.icons['specials'][side]} abilities for {specials} special icons")
            if self.icons["damage"][side] > self._points(side, "D"):
                self.worlds.errors.append(f"{SIDES[side]} took more damage than the damage points")
            if self.icons["damage"][side] < self._points(side, "D"):
                self.worlds.require(
                    lambda w, side=side: not w[side], f"{SIDES[side]} left damage points unused with units in the battle"
                )
        self.icons = None


@dataclass
class Reading:
    """What the log says up to the result: the possible worlds, the strength bonuses, the reported result."""

    worlds: set
    #: what no world fits (the first entry is the first event that broke a rule)
    errors: list
    bonus: list
    won: dict
    #: battle_damaged events whose elimination flag disagrees with the unit's health
    health_errors: list


def read(played):
    bonus, health_errors, boosted = [0, 0], [], set()
    for ev in played.events:
        kind, data = ev.kind, ev.data
        if kind == "battle_lined_up":
            worlds = Worlds(data)
            rounds = Rounds(worlds)
        elif kind == "battle_round":
            rounds.next_row(data["row"])
        elif kind == "battle_drew":
            rounds.drew(data)
        elif kind == "battle_cards_revealed":
            rounds.revealed(data)
        elif kind == "battle_card_drawn":
            rounds.extra_card(data)
        elif kind in ("defence_used", "battle_won"):
            rounds.next_row(None)
            if kind == "battle_won":
                return Reading(worlds.worlds, worlds.errors, bonus, dict(data), health_errors)
            if data["development"] == "humans.defence":
                bonus[1] += 2  # p. 33 Verstärkungswall: „+2 Stärke, wenn der Sieger des Kampfes ermittelt wird“
        elif kind == "battle_raised":
            worlds.join(SIDES.index(data["side"]), data["unit"])
        elif kind == "battle_routed":
            rounds.hit(SIDES.index(data["side"]), "routs", data["why"])
            worlds.rout(SIDES.index(data["side"]), data["unit"], data["why"] in PLAIN_PLACEMENT, dict(data))
        elif kind == "battle_damaged":
            if data["eliminated"] != (data["damage"] >= _health(boosted, data["side"], data["unit"])):
                health_errors.append(dict(data))
            rounds.hit(SIDES.index(data["side"]), "damage", data["why"])
            worlds.damage(
                SIDES.index(data["side"]),
                data["unit"],
                data["damage"],
                data["eliminated"],
                data["why"] in PLAIN_PLACEMENT,
                dict(data),
            )
        elif kind == "battle_eliminated":
            worlds.lose(SIDES.index(data["side"]), data["unit"], False, dict(data))
        elif kind == "units_retreated" or kind == "units_eliminated" and data["why"] == "no_retreat":
            side = 0 if data.get("side", data.get("seat")) == played.attacker else 1
            for unit, n in data["units"].items():  # a standing unit sent out of the battle (Spellweavers, Sanctuary)
                for _ in range(n):
                    worlds.lose(side, unit, True, dict(data))
        elif kind == "ability_used":
            rounds.special(SIDES.index(data["side"]))
            if data["unit"] == "human_siege_engine":
                bonus[SIDES.index(data["side"])] += 2  # units.toml: +2 strength when the winner is determined
            elif data["unit"] == "sorcerer":
                boosted.add(data["side"])
    raise AssertionError("no battle_won event")


def fort_strength(played):
    """p. 21, 5c and p. 33: the defender's stronghold, its damaged value, 3 less with the Conquer bonus, not below 0."""
    stronghold = played.before.areas[played.area].stronghold
    if stronghold is None or stronghold.owner != played.defender:
        return 0
    faction = PACK.faction(played.spec["factions"][stronghold.owner])
    value = faction.stronghold_damaged_strength if stronghold.damaged else int(PACK.constant("stronghold_strength"))
    return max(0, value - (3 if played.spec["battle"]["conquer"] else 0))


def strengths(played, reading, world):
    standing = [sum(1 for f in world[s] if not f[2]) + reading.bonus[s] for s in (0, 1)]
    return standing[0], standing[1] + fort_strength(played)


def after_result(played):
    return played.events[next(i for i, e in enumerate(played.events) if e.kind == "battle_won") :]


def seat_of(played, side_name):
    return played.attacker if side_name == "attacker" else played.defender


def units_by_owner(board):
    totals = Counter()
    for area in board.areas.values():
        for stack in area.stacks:
            totals[stack.owner, stack.unit] += stack.count
    return totals


def area_units(area):
    """(owner, unit) -> (standing, routed), neutrals under owner None."""
    out = {}
    for stack in area.stacks:
        standing, routed = out.get((stack.owner, stack.unit), (0, 0))
        out[stack.owner, stack.unit] = (standing + stack.standing, routed + stack.routed)
    return {k: v for k, v in out.items() if sum(v)}


def led_by(area, seat):
    """The stacks of a battle side: a player's own units and allied neutrals, or (seat None) the unallied neutrals."""
    if seat is None:
        return [s for s in area.stacks if s.owner is None and s.ally is None and s.count]
    return area.led_by(seat)


def _put(units, key, standing=0, routed=0):
    was = units.get(key, (0, 0))
    units[key] = (was[0] + standing, was[1] + routed)


def _take(units, key, n, routed_first):
    standing, routed = units.get(key, (0, 0))
    first = min(n, routed if routed_first else standing)
    standing, routed = (standing - (n - first), routed - first) if routed_first else (standing - first, routed - (n - first))
    assert standing >= 0 and routed >= 0, f"{n} {key} taken, but only {units.get(key)} there"
    units[key] = (standing, routed)


def winner_area(played, reading, world):
    """The battle area as p. 21, 6 leaves it in ``world``: the winner's survivors (routed ones stay routed) and his
    units routed before the battle; less the excess the attacker sent away (p. 18) or lost, and any cull."""
    winner = SIDES.index(reading.won["winner"])
    seat = seat_of(played, reading.won["winner"])
    units = {}
    for unit, _, routed in world[winner]:
        _put(units, (owner_of(seat, unit), unit), standing=not routed, routed=routed)
    for stack in led_by(played.before.areas[played.area], seat):
        _put(units, (stack.owner, stack.unit), routed=stack.routed)
    for ev in after_result(played):
        data = ev.data
        leaving = (
            ev.kind == "units_retreated"
            and data["why"] == "excess"
            or ev.kind == "units_eliminated"
            and data["why"] == "no_retreat"
        )
        if leaving and data.get("side", data.get("seat")) == seat:
            for unit, n in data["units"].items():  # retreat.py: the standing figures of a type leave first
                _take(units, (owner_of(seat, unit), unit), n, routed_first=False)
        elif ev.kind == "units_eliminated" and data["area"] == played.area and data["why"] == "limit":
            for unit, n in data["units"].items():  # ruling R15: the routed figures of a type go first
                _take(units, (owner_of(seat, unit), unit), n, routed_first=True)
    return {k: v for k, v in units.items() if sum(v)}


def _strongholds(board, seat):
    return sorted(a for a, area in board.areas.items() if area.stronghold is not None and area.stronghold.owner == seat)


class Surroundings:
    """The areas around the battle, replayed from the log: what stands where, and who controls it (p. 15)."""

    def __init__(self, played):
        self.played = played
        self.units = {a: area_units(area) for a, area in played.before.areas.items() if a != played.area}
        self.strongholds = {a: area.stronghold and area.stronghold.owner for a, area in played.before.areas.items()}
        self.homes = {a: p.seat for p in played.before.players for a in p.home_areas}

    def controller(self, area_id):
        """p. 15: own units or an own stronghold; a home realm is its owner's unless enemies are there (only
        its owner's allies ever get into the home areas of these positions)."""
        players = {owner for owner, _ in self.units[area_id] if owner is not None}
        players |= {self.strongholds[area_id]} - {None}
        home = self.homes.get(area_id)
        if home is not None and players <= {home}:
            return home
        return players.pop() if len(players) == 1 else None

    def empty(self, area_id):
        """p. 15 „Leeres Gebiet: Jedes Gebiet außerhalb eines Heimatreiches, in dem sich weder Einheiten noch Festungen befinden.“"""
        return area_id not in self.homes and not self.units[area_id] and self.strongholds[area_id] is None

    def destinations(self, side, origin, units):
        """p. 22 „Rückzug“: an own area, else an empty one; unallied neutrals: an uncontrolled one; borders as for moves."""
        geo = geometry(PACK, self.played.after.placements)
        flying = all(PACK.unit(u).flying for u in units)
        winter = self.played.spec["season"]["name"] == "winter"
        near = {
            b for b in geo.adjacency[origin] if b != self.played.area and crossable(geo, origin, b, flying=flying, winter=winter)
        }
        if side is None:
            return {b for b in near if self.controller(b) is None}
        return {b for b in near if self.controller(b) == side} or {b for b in near if self.empty(b)}

    def arrive(self, side, to, units):
        for unit, n in units.items():
            _put(self.units[to], (owner_of(side, unit), unit), routed=n)

    def cull(self, seat, area_id, units):
        for unit, n in units.items():  # ruling R15: the routed figures of a type go first
            _take(self.units[area_id], (owner_of(seat, unit), unit), n, routed_first=True)
        self.units[area_id] = {k: v for k, v in self.units[area_id].items() if sum(v)}


# -- the properties ----------------------------------------------------------------------


def prop_units_are_conserved(played, reading):
    """p. 22 „Der Spieler nimmt die Figur sofort zurück in seinen Vorrat unbenutzter Figuren“; p. 21, 6a.

    Per owner and unit type: the figures on the map before, plus the Zombies raised from the
    supply, equal the figures on the map afterwards plus those the log eliminated.
    """
    change = Counter()
    for ev in played.events:
        data = ev.data
        if ev.kind == "battle_raised":
            change[owner_of(data["seat"], data["unit"]), data["unit"]] += 1
        elif ev.kind == "battle_eliminated" or ev.kind == "battle_damaged" and data["eliminated"]:
            change[owner_of(data["seat"], data["unit"]), data["unit"]] -= 1
        elif ev.kind == "units_eliminated":
            for unit, n in data["units"].items():
                change[owner_of(data["seat"], unit), unit] -= n
    before, after = units_by_owner(played.before), units_by_owner(played.after)
    for key in set(before) | set(after) | set(change):
        assert before[key] + change[key] == after[key], (key, before[key], change[key], after[key])
    assert all(n <= PACK.unit(unit).figures for (_, unit), n in after.items())


def prop_no_unit_survives_its_health_and_damage_is_healed(played, reading):
    """p. 22 „Wenn eine Einheit so viele Schadensmarker hat wie Lebenspunkte …, ist sie eliminiert“;
    p. 21, 6c „Heilen: Beide Spieler entfernen alle Schadensmarker ihrer am Kampf beteiligten Einheiten“.

    No figure in a battle ever holds damage >= its health, each damage event eliminates
    exactly when it reaches the health, and after the battle no frame holds damage.
    """
    assert played.overdamaged == []
    assert reading.health_errors == []
    assert not any(isinstance(f, Battle) for f in played.after.stack) and played.after.contested == []


def prop_strength_is_recomputed_from_the_log(played, reading):
    """p. 21, 5b „Beide Spieler zählen ihre noch stehenden Einheiten, die an dem Kampf beteiligt waren.
    Diese Zahl ist ihre jeweilige STÄRKE.“; 5c „zählt er ihre Stärke … zur Stärke seiner Einheiten hinzu“.

    Standing figures after every rout, damage, loss and Zombie in the log, plus Siege Engines
    and the Reinforced Wall (+2 each) and the stronghold.
    """
    assert reading.worlds, reading.errors
    possible = {strengths(played, reading, w) for w in reading.worlds}
    reported = (reading.won["strength"]["attacker"], reading.won["strength"]["defender"])
    assert reported in possible, (reported, possible)
    assert reading.won["stronghold"] == fort_strength(played)


def prop_the_combat_rounds_follow_the_fate_cards(played, reading):
    """p. 22 „Er zieht dann Schicksalskarten entsprechend der Anzahl kämpfender Einheiten des gewählten Typs“;
    „Falls es noch stehende Einheiten in dieser Kampfreihe gibt, für die noch keine Schicksalskarten gezogen
    wurden, werden diese Schritte wiederholt.“; specials „so oft, wie dieses Symbol … erscheint“; „Für jeden
    erhaltenen Fluchtpunkt muss eine seiner noch unverletzten Einheiten … flüchten“; damage „müssen sie immer
    einer bereits verletzten Einheit zugewiesen werden, falls möglich“ (digest §7.2, §7.4, §7.5, §14.2 #23).

    Every draw, special, rout and damage point of the log fits at least one placement (:class:`Rounds`).
    """
    assert reading.errors == []


def prop_the_higher_strength_wins_and_a_tie_goes_to_the_defender(played, reading):
    """p. 21, 6 „Der Spieler mit der größten Stärke ist der Sieger des Kampfes, bei Gleichstand siegt der Verteidiger.“"""
    attacker, defender = reading.won["strength"]["attacker"], reading.won["strength"]["defender"]
    winner = "attacker" if attacker > defender else "defender"
    assert (reading.won["winner"], reading.won["seat"]) == (winner, seat_of(played, winner))
    ended = next(e.data for e in played.events if e.kind == "battle_ended")
    assert (ended["winner"], ended["seat"]) == (winner, seat_of(played, winner))


def prop_the_loser_retreats_routed_and_units_routed_before_are_eliminated(played, reading):
    """p. 21, 6a „Der unterlegene Spieler muss sofort alle seine beteiligten Einheiten aus dem Gebiet zurückziehen
    und sie hinlegen“; „Einheiten, die bereits zu Beginn des Kampfes flüchtend waren, können sich nicht
    zurückziehen, sie werden stattdessen eliminiert.“

    The loser's surviving participants (routed in the battle or not) retreat together, or are eliminated
    for want of a retreat area; his units routed before the battle are eliminated; none of his units stay.
    """
    loser = "defender" if reading.won["winner"] == "attacker" else "attacker"
    seat = seat_of(played, loser)
    [survivors] = {frozenset(Counter(f[0] for f in w[SIDES.index(loser)]).items()) for w in reading.worlds}
    survivors = dict(survivors)
    routed_before = {s.unit: s.routed for s in led_by(played.before.areas[played.area], seat) if s.routed}
    gone = [
        (e.kind, e.data["why"], dict(e.data["units"]))
        for e in after_result(played)
        if e.kind in ("units_retreated", "units_eliminated")
        and e.data.get("side", e.data.get("seat")) == seat
        and e.data.get("area", e.data.get("path", [None])[0]) == played.area
    ]
    assert [g for g in gone if g[1] == "routed_before_battle"] == [
        ("units_eliminated", "routed_before_battle", {u: n}) for u, n in routed_before.items()
    ]
    retreat = [g for g in gone if g[1] != "routed_before_battle"]
    assert (
        retreat in ([("units_retreated", "battle_lost", survivors)], [("units_eliminated", "no_retreat", survivors)])
        if survivors
        else retreat == []
    )
    assert seat is None or not led_by(played.after.areas[played.area], seat)  # unallied neutrals: see the winner's area


def prop_retreats_go_routed_into_one_legal_adjacent_area(played, reading):
    """p. 22 „Rückzug“: „muss der diese Einheiten kontrollierende Spieler alle sich zurückziehenden Einheiten in ein
    benachbartes Gebiet bringen“; „Solche Einheiten müssen sich immer auf ein benachbartes eigenes Gebiet
    zurückziehen. Falls es keine benachbartes eigenen Rückzugsgebiete gibt, können sie sich in ein benachbartes
    leeres Gebiet zurückziehen. Falls auch das nicht möglich ist, werden die Einheiten eliminiert.“; unallied
    neutrals: „ein benachbartes unkontrolliertes Rückzugsgebiet“; p. 18 (borders), p. 21, 6a „hinlegen“.

    Every retreat of the battle (the loser's, the attacker's excess, Spellweavers, Sanctuary) goes to a legal
    destination, or is eliminated only when there is none; every other area ends as before, plus the units
    retreated into it (lying), less its culls.
    """
    around = Surroundings(played)
    for ev in played.events:
        data = ev.data
        if ev.kind == "units_retreated":
            origin, to = data["path"]
            assert to in around.destinations(data["side"], origin, data["units"]), (
                data,
                around.destinations(data["side"], origin, data["units"]),
            )
            around.arrive(data["side"], to, data["units"])
        elif ev.kind == "units_eliminated" and data["why"] == "no_retreat":
            assert around.destinations(data["seat"], data["area"], data["units"]) == set(), data
        elif ev.kind == "units_eliminated" and data["area"] != played.area:
            around.cull(data["seat"], data["area"], data["units"])
        elif ev.kind == "stronghold_demolished":
            around.strongholds[data["area"]] = None
    for area_id, units in around.units.items():
        assert area_units(played.after.areas[area_id]) == units, area_id


def prop_the_winner_holds_the_area_and_controls_it_by_the_rules(played, reading):
    """p. 21, 6d „Der Sieger des Kampfes stellt alle seine überlebenden Einheiten in das zuvor umkämpfte Gebiet
    zurück. Während des Kampfes geflüchtete Einheiten bleiben flüchtend (liegend).“ p. 15 „Ein Spieler
    kontrolliert ein Gebiet, wenn er dort mindestens eine eigene Einheit (inkl. flüchtender Einheiten) oder
    eine eigene Festung hat. Helden oder neutrale Einheiten können keine Gebiete kontrollieren.“ p. 19
    „Sobald sich diese Einheiten ohne Begleitung von Armeeeinheiten des Spielers in einem Gebiet befinden, das
    nicht von dem Spieler kontrolliert wird, sind sie nicht mehr mit ihm verbündet“.
    """
    area = played.after.areas[played.area]
    possible = [winner_area(played, reading, w) for w in reading.worlds]
    assert area_units(area) in possible, (area_units(area), possible)

    winner = seat_of(played, reading.won["winner"])
    home = next((p.seat for p in played.after.players if played.area in p.home_areas), None)
    players_here = {s.owner for s in area.stacks if s.owner is not None}
    if winner is not None and (winner in players_here or (area.stronghold is not None and area.stronghold.owner == winner)):
        expected = winner
    else:
        assert not players_here and area.stronghold is None, "someone other than the winner holds the area"
        # p. 15 „Heimatreichgebiete stehen immer unter Kontrolle des Spielers, außer dort befinden sich feindliche
        # Einheiten“: an empty home realm, or one held by its owner's allied neutrals, stays his; else nobody's
        expected = home if not area.stacks or winner == home else None
    assert controller(played.after, played.area) == expected
    assert all(s.ally == (winner if expected == winner else None) for s in area.stacks if s.owner is None)


def prop_a_beaten_stronghold_is_replaced_damaged_side_up(played, reading):
    """p. 21, 6b „Falls der Angreifer den Kampf gegen eine Festung gewonnen hat, entfernt er das gegnerische
    Festungsplättchen und ersetzt es durch ein eigenes Festungsplättchen, mit der beschädigten Seite nach oben.
    Falls schon alle Festungen des Spielers im Spiel sind, kann er eine davon abreißen“; 5d „Falls noch
    stehende feindliche Einheiten zugegen sind, dreht der Verteidiger seine Festung auf die beschädigte Seite
    um“; p. 33 „Wenn eine Festung zerstört oder von einem Gegner erobert wird, wird eine in dem Gebiet
    vorhandene Entwicklung auch zerstört.“
    """
    before, after = played.before.areas[played.area], played.after.areas[played.area]
    attacker, defender = played.attacker, played.defender
    if before.stronghold is None:
        assert after.stronghold is None and after.development is None
        return
    if reading.won["winner"] == "defender":
        attackers_stood = {any(not f[2] for f in w[0]) for w in reading.worlds}
        assert after.stronghold.owner == defender
        assert after.stronghold.damaged in {before.stronghold.damaged or stood for stood in attackers_stood}
        used = {e.data["development"] for e in played.events if e.kind == "defence_used"}
        assert after.development == (None if used & DISCARDED_ON_USE else before.development)
        return
    assert after.development is None
    own_before, own_after = _strongholds(played.before, attacker), _strongholds(played.after, attacker)
    if len(own_before) < STRONGHOLDS:
        assert (after.stronghold.owner, after.stronghold.damaged) == (attacker, True)
        assert own_after == sorted(own_before + [played.area])
    elif after.stronghold is not None:  # he demolished one of his own to take this one
        assert (after.stronghold.owner, after.stronghold.damaged) == (attacker, True)
        [demolished] = set(own_before) - set(own_after)
        assert played.after.areas[demolished].development is None and len(own_after) == STRONGHOLDS
    else:  # no tile to spare and none demolished: destroyed (ruling in result.py)
        assert own_after == own_before
    assert _strongholds(played.after, defender) == [a for a in _strongholds(played.before, defender) if a != played.area]


def prop_every_prompt_has_a_legal_answer(played, reading):
    """p. 22 „Der Angreifer wählt einen Einheitentyp der entsprechenden Reihe, für den er in diesem Kampf noch
    keine Karten gezogen hat, falls möglich“: a player is asked only where the rules leave a choice
    (digest §12 #9, #10), so every prompt open during the battle has at least one legal answer."""
    assert all(n >= 1 for *_, n in played.prompts), played.prompts


def prop_each_decision_is_made_by_the_right_player(played, reading):
    """p. 19 „Jede Entscheidung der verbündeten neutralen Einheiten (zum Beispiel wohin sie sich zurückziehen) trifft
    immer der verbündete Spieler. Entscheidungen für nicht verbündete neutrale Einheiten trifft immer der Spieler
    links vom aktiven Spieler.“; p. 21, 5a (the defender's development), 6b (the attacker's strongholds)."""
    neutrals_leader = (played.attacker + 1) % len(played.spec["factions"])
    for kind, seat, info, _ in played.prompts:
        if kind == "retreat":
            side_seat = info["side"]
        elif kind in ("battle_type", "battle_assign", "battle_ability"):
            side_seat = seat_of(played, info["side"])
        elif kind == "battle_defence":
            side_seat = played.defender
        elif kind in ("battle_stronghold", "battle_excess"):
            side_seat = played.attacker
        else:
            continue
        assert seat == (neutrals_leader if side_seat is None else side_seat), (kind, seat, info)


def prop_a_wrong_answer_is_refused_and_changes_nothing(played, reading):
    """p. 22 „Schadensmarker … müssen sie immer einer bereits verletzten Einheit zugewiesen werden“, and the
    other choices of pp. 21-22 are limited by the rules: an answer outside them is refused (IllegalAction
    naming the rule and offering only legal alternatives, or InvalidAction) and the state stays as it was."""
    for kind, answer, refusal, unchanged, alternatives_legal in played.wrong:
        assert refusal is not None, (kind, answer)
        assert unchanged and alternatives_legal, (kind, answer, refusal)
        assert not isinstance(refusal, IllegalAction) or refusal.rule, (kind, answer)


PROPERTIES = [
    prop_units_are_conserved,
    prop_no_unit_survives_its_health_and_damage_is_healed,
    prop_strength_is_recomputed_from_the_log,
    prop_the_combat_rounds_follow_the_fate_cards,
    prop_the_higher_strength_wins_and_a_tie_goes_to_the_defender,
    prop_the_loser_retreats_routed_and_units_routed_before_are_eliminated,
    prop_retreats_go_routed_into_one_legal_adjacent_area,
    prop_the_winner_holds_the_area_and_controls_it_by_the_rules,
    prop_a_beaten_stronghold_is_replaced_damaged_side_up,
    prop_every_prompt_has_a_legal_answer,
    prop_each_decision_is_made_by_the_right_player,
    prop_a_wrong_answer_is_refused_and_changes_nothing,
]


def _label(played, reading):
    """Coverage, shown by ``pytest --hypothesis-show-statistics``."""
    names = [e.kind for e in played.events]
    event(f"winner: {reading.won['winner']}" + (" against neutrals" if played.defender is None else ""))
    for kind in ("stronghold_captured", "battle_raised", "defence_used", "units_retreated", "units_eliminated"):
        event(f"{kind}: {kind in names}")
    event(
        f"prompts: {min(len(played.prompts), 10)}{'+' if len(played.prompts) >= 10 else ''}; wrong answers tried: {len(played.wrong) > 0}"
    )
    event(f"{len(reading.worlds)} world(s)")


@CI
@given(spec=positions(), data=st.data())
def test_random_battles_keep_every_property(spec, data):
    """Each battle is played once and every ``prop_*`` above is checked on it."""
    played = play(data, spec)
    reading = read(played)
    _label(played, reading)
    for prop in PROPERTIES:
        prop(played, reading)
