"""Frozen dataclasses of a loaded Runewars data pack.

Everything here is immutable and built only by :mod:`engine.runewars.data.loader`
after validation, so consumers (map building, seasons, orders, battles) can rely
on every reference resolving.

Hex geometry: every tile's hexes carry **axial coordinates** ``(q, r)``
relative to the tile, for *pointy-top* hexes. The six edge directions are named
``e, ne, nw, w, sw, se`` (see :data:`DIRECTIONS`), listed counter-clockwise
starting east; rotating a tile by 60 degrees counter-clockwise maps every
direction to the next one in that list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

# -- hex grid ---------------------------------------------------------------

#: direction name -> axial offset (dq, dr), pointy-top hexes, counter-clockwise from east.
DIRECTIONS: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "e": (1, 0),
        "ne": (1, -1),
        "nw": (0, -1),
        "w": (-1, 0),
        "sw": (-1, 1),
        "se": (0, 1),
    }
)
DIRECTION_ORDER: tuple[str, ...] = tuple(DIRECTIONS)
OPPOSITE: Mapping[str, str] = MappingProxyType({"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"})

SOURCES = ("rulebook", "public", "house")
SHAPES = ("triangle", "circle", "rectangle", "hexagon")
RESOURCES = ("food", "wood", "ore")
#: "yellow": Banners of War's tile 12 (a setup restriction only, no effect on movement; exp. „Spielplanteil 12“)
BORDER_KINDS = ("mountain", "water", "yellow")
ALIGNMENTS = ("good", "evil")
FATE_SYMBOLS = ("gold", "silver", "red")
#: the language of a record's plain text fields (``text``, ``summary``, ``ability``, a card's ``name``)
TEXT_LANGUAGE = "en"
#: where a text missing in the asked language is looked for, in order (issue 31: never an id)
FALLBACK_LANGUAGES = ("en", "de")


def neighbour(q: int, r: int, direction: str) -> tuple[int, int]:
    """The axial coordinate one step from ``(q, r)`` in ``direction``."""
    dq, dr = DIRECTIONS[direction]
    return q + dq, r + dr


def rotate_direction(direction: str, steps: int) -> str:
    """``direction`` after rotating the tile ``steps`` x 60 degrees counter-clockwise."""
    i = DIRECTION_ORDER.index(direction)
    return DIRECTION_ORDER[(i + steps) % 6]


def rotate_axial(q: int, r: int, steps: int) -> tuple[int, int]:
    """Rotate an axial coordinate ``steps`` x 60 degrees counter-clockwise about (0, 0)."""
    x, z = q, r
    y = -x - z
    for _ in range(steps % 6):
        # counter-clockwise in this convention: (x, y, z) -> (-y, -z, -x)
        x, y, z = -y, -z, -x
    return x, z


# -- provenance ---------------------------------------------------------------


@dataclass(frozen=True)
class Provenance:
    """Where a record comes from: ``rulebook`` (with page), ``public`` (with origin) or ``house``.

    ``field_sources`` overrides the source of single fields (e.g. a rulebook unit
    whose shape is a house choice).
    """

    source: str
    origin: str = ""
    page: str = ""
    field_sources: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def source_of(self, field_name: str) -> str:
        return self.field_sources.get(field_name, self.source)


# -- records ------------------------------------------------------------------


@dataclass(frozen=True)
class Component:
    id: str
    name_de: str
    name_en: str
    count: int
    per_faction: int | None
    prov: Provenance


@dataclass(frozen=True)
class Constant:
    id: str
    group: str  # "core", "epic", "exploration", ...
    value: int | str | bool
    text: str
    prov: Provenance


@dataclass(frozen=True)
class OrderCard:
    id: str
    number: int
    name_de: str
    name_en: str
    main: str
    bonus: str | None
    prov: Provenance


@dataclass(frozen=True)
class FateSection:
    """One shape section of a fate card: ``kind`` in blank/special/rout/damage, ``n`` points."""

    kind: str
    n: int = 0

    @property
    def code(self) -> str:
        return {"blank": "-", "special": "S"}.get(self.kind) or f"{self.kind[0].upper()}{self.n}"


@dataclass(frozen=True)
class FateSymbol:
    id: str  # gold / silver / red
    name_de: str
    diplomacy: str  # ally / neutrals_retreat / battle_or_retreat
    text: str
    prov: Provenance


@dataclass(frozen=True)
class FateCard:
    id: str
    number: int
    symbol: str
    triangle: FateSection
    circle: FateSection
    rectangle: FateSection
    hexagon: FateSection
    prov: Provenance

    def section(self, shape: str) -> FateSection:
        if shape not in SHAPES:
            raise KeyError(shape)
        return getattr(self, shape)


@dataclass(frozen=True)
class UnitType:
    id: str
    faction: str  # faction id or "neutral"
    name_de: str
    name_en: str
    figures: int
    shape: str
    health: int
    row: int  # battle row (initiative) 1-5
    fast: bool
    flying: bool
    ability_name: str
    ability: str
    prov: Provenance
    #: Banners of War: the base unit this one is recruited instead of, figure for figure ("" for base units)
    replaces: str = ""

    @property
    def neutral(self) -> bool:
        return self.faction == "neutral"


@dataclass(frozen=True)
class DialField:
    """One field of a resource dial and what it grants (at-and-below rule, p. 14)."""

    value: int
    unit: str | None = None
    unit_count: int = 0
    tactics: int = 0
    influence: int = 0


@dataclass(frozen=True)
class Dial:
    id: str  # "<faction>.<resource>"
    faction: str
    resource: str
    start: int
    max: int
    fields: tuple[DialField, ...]
    prov: Provenance

    def fields_up_to(self, value: int) -> tuple[DialField, ...]:
        """The current field and every field below it (p. 14)."""
        return tuple(f for f in self.fields if f.value <= value)

    def units_at(self, value: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.fields_up_to(value):
            if f.unit:
                out[f.unit] = out.get(f.unit, 0) + f.unit_count
        return out

    def tactics_at(self, value: int) -> int:
        return sum(f.tactics for f in self.fields_up_to(value))

    def influence_at(self, value: int) -> int:
        return sum(f.influence for f in self.fields_up_to(value))


@dataclass(frozen=True)
class Faction:
    id: str
    name_de: str
    name_en: str
    color: str
    alignment: str
    start_tactics: int
    start_influence: int
    stronghold_strength: int
    stronghold_damaged_strength: int
    defence_development: str
    home_tile: str
    units: tuple[str, ...]
    dials: Mapping[str, Dial]  # resource -> Dial
    prov: Provenance

    def starting_units(self) -> dict[str, int]:
        """Setup step 8: recruit with all starting resources (every dial at its start value)."""
        out: dict[str, int] = {}
        for dial in self.dials.values():
            for unit, n in dial.units_at(dial.start).items():
                out[unit] = out.get(unit, 0) + n
        return out


@dataclass(frozen=True)
class Development:
    id: str
    faction: str
    kind: str  # resources / diplomacy / training / defence
    count: int
    name_de: str
    name_en: str
    effect: str  # machine key, e.g. "dial_plus", "influence", "tactics", "enemy_rout", ...
    amount: int
    discard_on_use: bool
    timing: str  # "harvest_bonus", "before_final_strength", "winner_determination"
    text: str
    prov: Provenance


@dataclass(frozen=True)
class Hex:
    """One area (*Gebiet*) of a map tile."""

    area: str
    q: int
    r: int
    terrain: str
    food: int
    wood: int
    ore: int
    city: bool
    neutrals: Mapping[str, int]  # unit type id -> figures placed at setup
    borders: Mapping[str, str]  # direction -> "mountain" | "water"

    @property
    def coord(self) -> tuple[int, int]:
        return (self.q, self.r)

    @property
    def coloured_edges(self) -> frozenset[str]:
        """Directions whose edge is coloured (red mountain or blue water border)."""
        return frozenset(self.borders)

    def resources(self) -> dict[str, int]:
        return {"food": self.food, "wood": self.wood, "ore": self.ore}


@dataclass(frozen=True)
class MapTile:
    id: str
    number: int
    home_faction: str | None
    hexes: tuple[Hex, ...]
    guide_areas: tuple[str, ...]  # home realms: the 2 areas that replace a setup guide
    name: str
    prov: Provenance

    @property
    def is_home(self) -> bool:
        return self.home_faction is not None

    @property
    def areas(self) -> tuple[str, ...]:
        return tuple(h.area for h in self.hexes)

    def hex(self, area: str) -> Hex:
        for h in self.hexes:
            if h.area == area:
                return h
        raise KeyError(area)

    def at(self, q: int, r: int) -> Hex | None:
        for h in self.hexes:
            if h.q == q and h.r == r:
                return h
        return None

    def internal_neighbours(self, area: str) -> dict[str, str]:
        """direction -> area for hexes of this tile adjacent to ``area``."""
        h = self.hex(area)
        out = {}
        for d in DIRECTION_ORDER:
            other = self.at(*neighbour(h.q, h.r, d))
            if other is not None:
                out[d] = other.area
        return out

    def outer_edges(self) -> tuple[tuple[str, str], ...]:
        """(area, direction) for every hex edge on the tile's outline."""
        return tuple((h.area, d) for h in self.hexes for d in DIRECTION_ORDER if self.at(*neighbour(h.q, h.r, d)) is None)

    def is_connected(self) -> bool:
        if not self.hexes:
            return False
        seen = {self.hexes[0].area}
        todo = [self.hexes[0].area]
        while todo:
            a = todo.pop()
            for b in self.internal_neighbours(a).values():
                if b not in seen:
                    seen.add(b)
                    todo.append(b)
        return len(seen) == len(self.hexes)


@dataclass(frozen=True)
class SetupQuest:
    id: str
    tile: str
    area: str
    name_de: str
    name_en: str
    test: str  # trait tested: strength / agility / wisdom
    text: str
    prov: Provenance


@dataclass(frozen=True)
class CityToken:
    """A city token and its support options (order 6, p. 36): the controller picks one."""

    id: str
    name: str
    neutral_unit: str
    neutral_count: int
    tactics: int
    influence: int
    quests: int
    prov: Provenance
    #: False for a token that is not laid on a city space at setup (Banners of War: the Sunken City)
    at_setup: bool = True
    #: a printed dragon rune: its area's controller has one more dragon rune unless the area's symbols are cancelled
    dragon_rune: bool = False
    #: resource symbols the token adds to its area (the Sunken City)
    food: int = 0
    wood: int = 0
    ore: int = 0

    def resources(self) -> dict[str, int]:
        return {"food": self.food, "wood": self.wood, "ore": self.ore}


@dataclass(frozen=True)
class RuneTokens:
    dragon: int
    false: int
    prov: Provenance

    @property
    def total(self) -> int:
        return self.dragon + self.false


@dataclass(frozen=True)
class ExplorationToken:
    id: str
    name_de: str
    name_en: str
    kind: str  # event / location / destructible_location
    resource: str | None  # villages only
    back_1: int  # tokens with "1" on the back (areas adjacent to home realms)
    back_2: int  # tokens with "2" on the back
    text: str
    prov: Provenance

    @property
    def count(self) -> int:
        return self.back_1 + self.back_2


@dataclass(frozen=True)
class NamedCard:
    """A card the rulebook names in an example (hero, reward, tactics, title, ...).

    ``partial`` cards hold only what the rulebook's examples define; the
    card-effects data completes them.
    """

    kind: str  # hero / reward / tactics_card / title / season_card / objective / quest
    id: str
    name_de: str
    name_en: str
    text: str
    partial: bool
    attrs: Mapping[str, object]
    prov: Provenance


# -- hero, quest and reward cards (pp. 25-29; validated and built by heroes_cards.py) --------------

#: a card's abilities: effect records ``{do = ..., ...}`` (engine/runewars/effects)
Effects = tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class HeroCard:
    id: str
    name: str
    alignment: str
    strength: int
    agility: int
    wisdom: int
    health: int
    when: str | None
    effects: Effects
    keywords: tuple[str, ...]
    summary: str
    text: str
    prov: Provenance

    def trait(self, name: str) -> int:
        return {"strength": self.strength, "agility": self.agility, "wisdom": self.wisdom}[name]


@dataclass(frozen=True)
class QuestCard:
    """``area`` or ``where``; a trait ``test`` (outcomes by fate symbol) or a ``duel`` against a neutral unit type (outcome ``win``)."""

    id: str
    name: str
    area: str | None
    where: str | None
    test: str | None
    duel: str | None
    outcomes: Mapping[str, Effects]
    summary: str
    text: str
    prov: Provenance


@dataclass(frozen=True)
class RewardCard:
    id: str
    name: str
    trait: str | None
    when: str
    test: str | None
    once: bool
    discard: bool
    keywords: tuple[str, ...]
    effects: Effects
    summary: str
    text: str
    prov: Provenance


@dataclass(frozen=True)
class HeroCards:
    heroes: Mapping[str, HeroCard]
    quests: Mapping[str, QuestCard]
    rewards: Mapping[str, RewardCard]

    def hero(self, card: str) -> HeroCard:
        return self.heroes[card]

    def quest(self, card: str) -> QuestCard:
        return self.quests[card]

    def reward(self, card: str) -> RewardCard:
        return self.rewards[card]


@dataclass(frozen=True)
class PackError:
    file: str
    record: str
    field: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"file": self.file, "record": self.record, "field": self.field, "message": self.message}

    def __str__(self) -> str:
        return f"{self.file}: {self.record}: {self.field}: {self.message}"


@dataclass(frozen=True)
class Pack:
    """A validated Runewars data pack (built-in plus optional override pack)."""

    name: str
    version: str
    dirs: tuple[str, ...]
    components: Mapping[str, Component]
    constants: Mapping[str, Constant]
    orders: tuple[OrderCard, ...]
    fate_symbols: Mapping[str, FateSymbol]
    fate_cards: tuple[FateCard, ...]
    units: Mapping[str, UnitType]
    factions: Mapping[str, Faction]
    developments: tuple[Development, ...]
    tiles: tuple[MapTile, ...]
    setup_quests: tuple[SetupQuest, ...]
    city_tokens: tuple[CityToken, ...]
    rune_tokens: RuneTokens
    exploration_tokens: tuple[ExplorationToken, ...]
    cards: Mapping[str, tuple[NamedCard, ...]]  # kind -> cards
    records: Mapping[str, tuple[Mapping[str, object], ...]]  # raw merged records, for hashing
    hero_cards: HeroCards | None = None  # heroes, quests, rewards
    #: each table's ids in load order, which decks are built in; not hashed (the hash is over
    #: ``records``), so a stored or exported pack keeps it beside its content
    load_order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: the records' names and texts in other languages (issue 31): language -> table -> id -> field ->
    #: text, read from ``locale/<language>.toml`` beside the pack's files (docs/data-packs.md,
    #: "Languages"). Not hashed, like ``load_order``: a better German word changes no game.
    translations: Mapping[str, Mapping[str, Mapping[str, Mapping[str, str]]]] = field(default_factory=dict)
    _by_id: dict[tuple[str, str], Mapping[str, object]] = field(default_factory=dict, compare=False, repr=False)

    # -- languages (issue 31) --
    def record(self, table: str, rid: str) -> Mapping[str, object] | None:
        """The raw record ``rid`` of ``table`` (None if the pack has none)."""
        if not self._by_id:
            self._by_id.update({(t, str(r.get("id"))): r for t, recs in self.records.items() for r in recs})
        return self._by_id.get((table, rid))

    def _text_in(self, table: str, rid: str, fld: str, language: str) -> str:
        given = self.translations.get(language, {}).get(table, {}).get(rid, {}).get(fld)
        if given:
            return str(given)
        rec = self.record(table, rid)
        if rec is None:
            return ""
        own = rec.get(f"{fld}_{language}")
        if own:
            return str(own)
        if language == TEXT_LANGUAGE:  # the pack's own texts (and a card's or a tile's ``name``) are English
            plain = rec.get(fld)
            return str(plain) if isinstance(plain, str) else ""
        return ""

    def text(self, table: str, rid: str, fld: str, language: str) -> tuple[str, str]:
        """A record's ``fld`` (``name``, ``text``, ``summary``, ``ability``...) in ``language`` as
        ``(text, language it is in)``: the language's own, else English, else German (a pack
        without a translation falls back to the other language, never to an id), else ``("", "")``."""
        for lang in (language, *(x for x in FALLBACK_LANGUAGES if x != language)):
            found = self._text_in(table, rid, fld, lang)
            if found:
                return found, lang
        return "", ""

    # -- lookups --
    def constant(self, cid: str):
        return self.constants[cid].value

    def unit(self, uid: str) -> UnitType:
        return self.units[uid]

    def faction(self, fid: str) -> Faction:
        return self.factions[fid]

    def order(self, number: int) -> OrderCard:
        for o in self.orders:
            if o.number == number:
                return o
        raise KeyError(number)

    def tile(self, tid: str) -> MapTile:
        for t in self.tiles:
            if t.id == tid:
                return t
        raise KeyError(tid)

    @property
    def home_tiles(self) -> tuple[MapTile, ...]:
        return tuple(t for t in self.tiles if t.is_home)

    @property
    def areas(self) -> Mapping[str, Hex]:
        return MappingProxyType({h.area: h for t in self.tiles for h in t.hexes})

    def tile_of_area(self, area: str) -> MapTile:
        for t in self.tiles:
            if area in t.areas:
                return t
        raise KeyError(area)

    def units_of(self, faction: str) -> tuple[UnitType, ...]:
        return tuple(u for u in self.units.values() if u.faction == faction)

    def developments_of(self, faction: str) -> tuple[Development, ...]:
        return tuple(d for d in self.developments if d.faction == faction)
