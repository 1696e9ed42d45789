"""Read-only helpers over a Runewars view (engine/runewars/views.py) and the data pack.

Views may have passed through JSON (seat keys as strings): every seat-keyed lookup here
accepts both. Keys added by other rules issues (``heroes``, ``defeated_heroes``,
``exploration``, ``season_card``, ``lasting_effects``, ``cards``) are optional.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from engine.runewars.data.model import Pack
from renderer.palette import Palette, emblem
from renderer.words import pack_text, plural, words

SEASONS = ("spring", "summer", "autumn", "winter")
#: the tables a card id is looked for in
CARD_TABLES = (
    "season_card",
    "tactics_card",
    "objective",
    "title",
    "hero",
    "quest",
    "reward",
    "development_card",
    "commander_card",
)


def N_(message: str) -> str:
    """A message for the catalogue, translated where it is shown."""
    return message


#: the seasons as the pictures name them
SEASON_NAMES = {"spring": N_("spring"), "summer": N_("summer"), "autumn": N_("autumn"), "winter": N_("winter")}
#: a season's three-letter mark on the track
SEASON_MARKS = {"spring": N_("Spr"), "summer": N_("Sum"), "autumn": N_("Aut"), "winter": N_("Win")}
#: resources and terrain
RESOURCES = {"food": N_("food"), "wood": N_("wood"), "ore": N_("ore")}
RUNES = {"dragon": N_("dragon"), "false": N_("false")}
TRAITS = {"strength": N_("strength"), "agility": N_("agility"), "wisdom": N_("wisdom")}

#: terrain as the texts name it
TERRAIN = {
    "forest": N_("forest"),
    "mountains": N_("mountains"),
    "plains": N_("plains"),
    "hills": N_("hills"),
    "marsh": N_("marsh"),
    "wasteland": N_("wasteland"),
}
#: how long a lasting effect lasts
UNTIL = {
    "season": N_("the next season card"),
    "battle": N_("the end of the battle"),
    "permanent": N_("the end of the game"),
}
#: the kinds of cards in a hand
HAND_KINDS = {"objective": N_("objective"), "tactics": N_("tactics"), "quest": N_("quest"), "reward": N_("reward")}


def deck_name(data: ViewData, deck: str) -> str:
    """A deck as the texts name it ("season.spring": the spring season cards)."""
    return data.word(DECKS, deck)


DECKS = {
    "tactics": N_("tactics"),
    "quests": N_("quests"),
    "quest": N_("quests"),
    "objectives": N_("objectives"),
    "objective": N_("objectives"),
    "rewards": N_("rewards"),
    "reward": N_("rewards"),
    "heroes": N_("heroes"),
    "hero": N_("heroes"),
    "fate": N_("fate"),
    "season.spring": N_("spring"),
    "season.summer": N_("summer"),
    "season.autumn": N_("autumn"),
    "season.winter": N_("winter"),
}


def seat_get(mapping: Mapping[Any, Any] | None, seat: int, default=None):
    if not mapping:
        return default
    if seat in mapping:
        return mapping[seat]
    return mapping.get(str(seat), default)


class ViewData:
    def __init__(self, view: Mapping[str, Any], pack: Pack, seat: int | None = None, tr: Any = None):
        if view.get("game", "runewars") != "runewars":
            raise ValueError(f"not a Runewars view: {view.get('game')!r}")
        self.view = view
        self.pack = pack
        #: the viewer's language (renderer.words; None: English)
        self.tr = words(tr)
        own = [p["seat"] for p in view.get("players", []) if "tactics_hand" in p]
        self.viewer: int | None = own[0] if own else None
        if seat is not None and seat != self.viewer:
            raise ValueError(
                f"seat {seat} asked for, but this is {'the public view' if self.viewer is None else f'seat {self.viewer}s view'}"
            )

    # -- words --
    def _(self, message: str, /, **values: Any) -> str:
        """A message in the viewer's language."""
        return self.tr._(message, **values)

    def ngettext(self, singular: str, plural_: str, n: int, /, **values: Any) -> str:
        return plural(self.tr, singular, plural_, n, **values)

    def name(self, table: str, rid: Any, field: str = "name") -> str:
        """A record's name (or ``field``) in the viewer's language; its id if the pack has none."""
        found = pack_text(self.tr, self.pack, table, str(rid), field)
        return found or (str(rid) if field == "name" else "")

    def unit_name(self, unit: Any) -> str:
        return self.name("unit", unit) if unit in self.pack.units else str(unit)

    def word(self, table: Mapping[str, str], key: Any) -> str:
        """``key`` through one of the message tables above (the key itself if not in it)."""
        return self._(table[key]) if key in table else str(key).replace("_", " ")

    # -- players --
    @cached_property
    def players(self) -> list[Mapping[str, Any]]:
        return list(self.view.get("players", []))

    @cached_property
    def _by_seat(self) -> dict[int, Mapping[str, Any]]:
        return {p["seat"]: p for p in self.players}

    def player(self, seat: int) -> Mapping[str, Any] | None:
        return self._by_seat.get(seat)

    def faction(self, seat: int | None) -> str | None:
        player = self._by_seat.get(seat) if seat is not None else None
        return player.get("faction") if player else None

    def colour(self, seat: int | None, pal: Palette):
        return pal.faction(self.faction(seat), seat)

    def emblem(self, seat: int | None) -> str | None:
        return emblem(self.faction(seat), seat)

    def faction_name(self, seat: int | None) -> str:
        faction = self.faction(seat)
        if faction is None:
            return self._("neutral") if seat is None else self._("Player {number}", number=seat + 1)
        name = self.name("faction", faction) if faction in self.pack.factions else faction
        return name.split(" (")[0]

    def seat_of_faction(self, faction: str) -> int | None:
        return next((p["seat"] for p in self.players if p.get("faction") == faction), None)

    def who(self, seat: int | None) -> str:
        """ "Humans (player 1)": faction and seat counted from 1, for text (issue 19 item 4); "Player 2" without a faction."""
        if seat is None:
            return self._("neutrals")
        if self.faction(seat) is None:
            return self.faction_name(seat)
        return self._("{faction} (player {number})", faction=self.faction_name(seat), number=seat + 1)

    # -- areas --
    def area(self, area: str) -> Mapping[str, Any]:
        return self.view.get("areas", {}).get(area, {})

    @cached_property
    def contested(self) -> set[str]:
        return set(self.view.get("contested", []))

    @property
    def battle(self) -> Mapping[str, Any] | None:
        return self.view.get("battle")

    @property
    def battle_area(self) -> str | None:
        return self.battle["area"] if self.battle else None

    def battle_damage(self, area: str) -> dict[tuple[int | None, str], int]:
        """(owner, unit) -> damage tokens on that unit type's figures in the battle here."""
        battle = self.battle
        if not battle or battle.get("area") != area:
            return {}
        out: dict[tuple[int | None, str], int] = {}
        for side in battle.get("sides", []):
            for fighter in side.get("fighters", []):
                unit = fighter["unit"]
                owner = None if unit in self.pack.units and self.pack.unit(unit).neutral else side.get("seat")
                if fighter.get("damage"):
                    out[(owner, unit)] = out.get((owner, unit), 0) + fighter["damage"]
        return out

    def heroes_in(self, area: str) -> list[Mapping[str, Any]]:
        return [h for h in self.view.get("heroes", []) or [] if h.get("area") == area]

    def exploration(self, area: str) -> Mapping[str, Any] | None:
        """The exploration token in ``area``: ``{"back", "face_up", "token"}`` (token None: unknown)."""
        return (self.view.get("exploration") or {}).get(area)

    def defeated_in(self, area: str) -> list[Mapping[str, Any]]:
        return [t for t in self.view.get("defeated_heroes", []) or [] if t.get("area") == area]

    def banners(self) -> Mapping[str, Any]:
        """Banners of War's public facts (``desolation``, ``cryomancy``, ``sunken_city``); empty in a base game."""
        return self.view.get("banners") or {}

    # -- the Banners of War variants (issue 24): the view's ``variants``, empty without them --
    def variants(self) -> Mapping[str, Any]:
        """``printed_runes``, ``development_cards``, ``capitals``, ``peasants``, ``commanders``, ``lieutenants``,
        ``victory_cards`` (engine/runewars/banners/variants.py ``variants_view``)."""
        return self.view.get("variants") or {}

    def capital_of(self, area: str) -> int | None:
        """The seat whose capital stands in ``area`` (Development Cards), else None."""
        seat = (self.variants().get("capitals") or {}).get(area)
        return int(seat) if seat is not None else None

    def peasant_of(self, area: str) -> int | None:
        """The seat whose peasant token lies in ``area`` (Daqan's „Unterstützung durch das Volk“), else None."""
        seat = (self.variants().get("peasants") or {}).get(area)
        return int(seat) if seat is not None else None

    def commander_card(self, hero: Mapping[str, Any]) -> str | None:
        """The commander card beside a hero on the board (Commanders of the Battlefield), else None."""
        card = hero.get("card") or hero.get("id")
        return (self.variants().get("commanders") or {}).get(str(card)) if card else None

    def free_city_rune(self, area: str) -> bool:
        """A Free City with a printed dragon rune lies in ``area`` (the view's ``printed_runes`` names the city tokens)."""
        city = self.area(area).get("city")
        return bool(city) and city in (self.variants().get("printed_runes") or ())

    def printed_rune_counts(self, area: str) -> bool:
        """A Free City's (or the Sunken City's) printed dragon rune in ``area`` counts now: not under Desolation or
        Cryomancy („Ein aufgedruckter Drachenrunen … wird aufgehoben“, exp. p. 11)."""
        banners = self.banners()
        printed = self.free_city_rune(area) or (
            banners.get("sunken_city") == area and self.area(area).get("city") == "sunken-city"
        )
        return printed and not (banners.get("cryomancy") or {}).get(area, 0) and area not in banners.get("desolation", ())

    def development_cards(self, seat: int) -> list[str]:
        """The development cards ``seat`` bought (face up, public)."""
        return [str(c) for c in seat_get(self.variants().get("development_cards"), seat, []) or []]

    def tokens_in_play(self, seat: int) -> dict[str, tuple[int, int]]:
        """unit -> (tokens on the board, tokens owned) for the figures a development card adds (Pestländer's zombie
        tokens). Which figure is a token never matters („kann jederzeit durch eine Zombiefigur aus Kunststoff ersetzt
        werden“): the tokens in play are the figures beyond the plastic ones."""
        owned: dict[str, int] = {}
        for card in self.development_cards(seat):
            record = self.pack.record("development_card", card) or {}
            if record.get("effect") == "zombie_tokens" and record.get("unit"):
                unit = str(record["unit"])
                owned[unit] = owned.get(unit, 0) + int(record.get("tokens", 0) or 0)  # type: ignore[call-overload]
        out = {}
        for unit, tokens in owned.items():
            on_board = sum(
                s.get("standing", 0) + s.get("routed", 0)
                for info in self.view.get("areas", {}).values()
                for s in info.get("units", [])
                if s.get("owner") == seat and s.get("unit") == unit
            )
            plastic = self.pack.unit(unit).figures if unit in self.pack.units else 0
            out[unit] = (max(0, min(tokens, on_board - plastic)), tokens)
        return out

    def victory_cards(self) -> list[tuple[str, int, int]]:
        """(season, seat, year placed) of each victory card waiting face down on a season deck (Road to Victory)."""
        cards = self.variants().get("victory_cards") or {}
        return [
            (season, int(v["seat"]), int(v["year"]))
            for season, v in sorted(cards.items(), key=lambda i: SEASONS.index(i[0]) if i[0] in SEASONS else 9)
        ]

    def printed_city(self, area: str) -> bool:
        try:
            return self.pack.tile_of_area(area).hex(area).city
        except KeyError:
            return False

    def rune_public(self, info: Mapping[str, Any]) -> bool:
        """Whether a rune shown by kind is face up (public) rather than known to this seat only.

        The view says so when it carries ``rune_face_up``; otherwise a seat's view can tell
        only at the game's end, when every rune is turned (p. 41).
        """
        if "rune_face_up" in info:
            return bool(info["rune_face_up"])
        return self.viewer is None or self.view.get("phase") == "over"

    # -- time --
    def season_line(self) -> str:
        phase = self.view.get("phase", "")
        if str(phase).startswith("setup"):
            return self._("set-up")
        if phase == "over":
            return self._("game over (year {year})", year=self.view.get("year"))
        season = self.view.get("season") or ""
        return self._("year {year} · {season}", year=self.view.get("year"), season=self.word(SEASON_NAMES, season))

    def card(self, card_id: str) -> Mapping[str, Any]:
        """A card's name and text in the viewer's language from the pack, else from ``view["cards"]``
        (the engine's words), else its id."""
        known = dict((self.view.get("cards") or {}).get(card_id) or {})
        for table in CARD_TABLES:
            if self.pack.record(table, card_id) is not None:
                out = {**known, "name": self.name(table, card_id)}
                for field in ("text", "summary"):
                    out[field] = self.name(table, card_id, field) or known.get(field, "")
                return out
        if known:
            return known
        return {"name": card_id, "text": "", "summary": ""}

    def hero_name(self, hero: Mapping[str, Any]) -> str:
        """A hero on the board by its card's name in the viewer's language."""
        card = hero.get("card") or hero.get("id")
        if card and self.pack.record("hero", str(card)) is not None:
            return self.name("hero", card)
        return str(hero.get("name") or card or "?")

    def order_name(self, number: int | None) -> str:
        if number is None:
            return "?"
        try:
            return f"{number} {self.name('order', self.pack.order(int(number)).id)}"
        except KeyError:
            return str(number)
