"""The four variants of Banners of War (exp. pp. 9-11, issue 24): the options, their data layers and the board.

„Diese Erweiterung enthält vier Möglichkeiten: Entwicklungskarten, Kommandanten des Schlachtfeldes, Aufstieg der
Freien Städte und Straße des Sieges.“ Each is a Runewars option that needs ``banners_of_war`` (the descriptor
refuses it otherwise); any subset may be chosen, with the base Epic and exploration options too.

This module is light (the state and the options only) so the base modules may ask it; the rules live in
:mod:`.development`, :mod:`.free_cities` and :mod:`.road_to_victory`. A game with at least one variant gets a
:class:`VariantsBoard` (a :class:`~engine.runewars.banners.board.BannersBoard` with more fields), so games
without a variant keep their states and hashes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import N_, register
from engine.runewars.banners.board import BannersBoard
from engine.runewars.state import RunewarsBoard

DEVELOPMENT_CARDS = "development_cards"
COMMANDERS = "commanders"
FREE_CITIES = "free_cities"
ROAD_TO_VICTORY = "road_to_victory"
#: the variants, in the rulebook's order (p. 9)
VARIANTS = (DEVELOPMENT_CARDS, COMMANDERS, FREE_CITIES, ROAD_TO_VICTORY)


def variant_on(options: Mapping[str, Any], name: str) -> bool:
    """Whether the variant ``name`` is played (it needs the expansion, which the descriptor checks)."""
    return bool(options.get("banners_of_war")) and bool(options.get(name))


def any_variant(options: Mapping[str, Any]) -> bool:
    return any(variant_on(options, v) for v in VARIANTS)


def layers(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The data layers of the variants played (``data/runewars/banners_of_war/<variant>``), merged after the expansion's."""
    return tuple(f"banners_of_war/{v}" for v in VARIANTS if variant_on(options, v))


@register
@dataclass
class VariantsBoard(BannersBoard):
    """The board of a game with at least one variant."""

    #: Rise of the Free Cities: the city tokens with a printed dragon rune (public, face up)
    printed_runes: list[str] = field(default_factory=list)
    #: area -> the seat that last held its printed rune (for the event when it changes hands)
    printed_holders: dict[str, int] = field(default_factory=dict)
    #: Development Cards: seat -> the development cards it bought (face up, permanent)
    development_cards: dict[int, list[str]] = field(default_factory=dict)
    #: area -> the seat whose capital stands there (a stronghold that holds two developments, defence 7)
    capitals: dict[str, int] = field(default_factory=dict)
    #: a capital's second development tile, by area
    capital_developments: dict[str, str] = field(default_factory=dict)
    #: seats whose capital was destroyed or captured: their next home-realm Fortify build may rebuild it
    capitals_lost: list[int] = field(default_factory=list)
    #: Daqan's peasant tokens: area -> seat, and how many activation tokens lay there when it was placed
    peasants: dict[str, int] = field(default_factory=dict)
    peasant_activations: dict[str, int] = field(default_factory=dict)
    #: "seat:area" for each area a seat with development cards just moved all its units out of (noted by the movement,
    #: read after the step: a peasant token may be left there)
    vacated: list[str] = field(default_factory=list)
    #: seat -> unit -> figures beyond the pack's (Pestländer's zombie tokens), kept in step with the cards bought
    extra_figures: dict[int, dict[str, int]] = field(default_factory=dict)
    #: seat -> unit -> how many of those extra figures (tokens) are on the board now
    tokens_in_use: dict[int, dict[str, int]] = field(default_factory=dict)
    #: Commanders: hero card -> its commander card (face up beside the hero, the commander token under the figure)
    commanders: dict[str, str] = field(default_factory=dict)
    #: the second hero and the first commander card were dealt (spring of year 1)
    commander_setup: bool = False
    #: commander (hero card) -> its seat at the last check (to name the seat of a fallen one)
    commander_owner: dict[str, int] = field(default_factory=dict)
    #: "hero:from:to" for each commander who went with his army (noted by the movement, announced after the step)
    commander_moves: list[str] = field(default_factory=list)
    #: hero card -> the loser's units per area before his retreat (a battle's step 6a to 6d)
    commander_retreats: dict[str, dict[str, int]] = field(default_factory=dict)
    #: seat -> its „Generalleutnant“ card in play
    lieutenants: dict[int, str] = field(default_factory=dict)
    #: Road to Victory: season -> [seat, year placed] of the victory card lying face down on that season's deck
    victory_cards: dict[str, list[int]] = field(default_factory=dict)


def variants_board(board: RunewarsBoard) -> VariantsBoard | None:
    return board if isinstance(board, VariantsBoard) else None


def is_commander(board: RunewarsBoard, hero: str) -> bool:
    """Commanders of the Battlefield: „sie können aber keine Quests erfüllen oder auch nur beginnen“, and they do not
    count against the hero limit."""
    commanders = getattr(board, "commanders", None)
    return bool(commanders) and hero in commanders


def capital_areas(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas holding ``seat``'s capital (Development Cards)."""
    capitals = getattr(board, "capitals", None)
    return [a for a, s in capitals.items() if s == seat] if capitals else []


def capital_developments(board: RunewarsBoard) -> dict[str, str]:
    """The capitals' second developments, by area (empty without the variant)."""
    return getattr(board, "capital_developments", None) or {}


def second_developments(board: RunewarsBoard, seat: int) -> list[str]:
    """Areas whose capital of ``seat`` holds a second development."""
    seconds = capital_developments(board)
    return [a for a in capital_areas(board, seat) if a in seconds] if seconds else []


def peasant_controller(board: RunewarsBoard, area_id: str) -> int | None:
    """The seat whose peasant token lies in ``area_id`` (it counts as his controlled area), else None."""
    peasants = getattr(board, "peasants", None)
    return peasants.get(area_id) if peasants else None


def extra_figures(board: RunewarsBoard, owner: int | None, unit: str) -> int:
    """Figures of ``unit`` beyond the pack's count (Pestländer's 8 zombie tokens: „Diese Marker werden genauso wie
    Zombiefiguren aus Kunststoff behandelt“)."""
    extra = getattr(board, "extra_figures", None)
    return extra.get(owner, {}).get(unit, 0) if extra else 0


def variants_view(board: RunewarsBoard) -> dict[str, object]:
    """The variants' public facts (nothing for a game without a variant, whose views stay the same).

    A victory card waiting on a season deck is face down: whose it is is public (the faction's card back), nothing else.
    """
    b = variants_board(board)
    if b is None:
        return {}
    return {
        "variants": {
            "printed_runes": sorted(b.printed_runes),
            "development_cards": {str(s): list(c) for s, c in sorted(b.development_cards.items())},
            "capitals": dict(sorted(b.capitals.items())),
            "capital_developments": dict(sorted(b.capital_developments.items())),
            "peasants": dict(sorted(b.peasants.items())),
            "commanders": dict(sorted(b.commanders.items())),
            "lieutenants": {str(s): c for s, c in sorted(b.lieutenants.items())},
            "victory_cards": {season: {"seat": v[0], "year": v[1]} for season, v in sorted(b.victory_cards.items())},
        }
    }


def load_variants(board: RunewarsBoard, spec: Mapping[str, Any]) -> None:
    """A scenario position's ``variants``: ``victory_cards`` {season: [seat, year]}, ``development_cards`` {seat: [ids]},
    ``capitals`` {area: seat}, ``peasants`` {area: seat}, ``commanders`` {hero card: commander card}."""
    from engine.core import InvalidAction

    if not spec:
        return
    unknown = set(spec) - {"victory_cards", "development_cards", "capitals", "peasants", "commanders"}
    if unknown:
        raise InvalidAction(N_("position.variants: unknown keys {unknown}", unknown=sorted(unknown)))
    if not isinstance(board, VariantsBoard):
        raise InvalidAction(N_("position.variants needs banners_of_war and one of its variants in the options"))
    areas = set(spec.get("capitals", {})) | set(spec.get("peasants", {}))
    if areas - set(board.areas):
        raise InvalidAction(N_("position.variants: no such areas {areas}", areas=sorted(areas - set(board.areas))))
    board.victory_cards = {str(s): [int(v[0]), int(v[1])] for s, v in spec.get("victory_cards", {}).items()}
    board.development_cards = {int(s): [str(c) for c in cards] for s, cards in spec.get("development_cards", {}).items()}
    board.capitals = {str(a): int(s) for a, s in spec.get("capitals", {}).items()}
    board.peasants = {str(a): int(s) for a, s in spec.get("peasants", {}).items()}
    board.peasant_activations = {a: len(board.areas[a].activated_by) for a in board.peasants}
    board.commanders = {str(h): str(c) for h, c in spec.get("commanders", {}).items()}
    board.commander_setup = bool(board.commanders) or board.commander_setup
