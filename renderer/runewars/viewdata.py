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

SEASONS = ("spring", "summer", "autumn", "winter")


def seat_get(mapping: Mapping[Any, Any] | None, seat: int, default=None):
    if not mapping:
        return default
    if seat in mapping:
        return mapping[seat]
    return mapping.get(str(seat), default)


class ViewData:
    def __init__(self, view: Mapping[str, Any], pack: Pack, seat: int | None = None):
        if view.get("game", "runewars") != "runewars":
            raise ValueError(f"not a Runewars view: {view.get('game')!r}")
        self.view = view
        self.pack = pack
        own = [p["seat"] for p in view.get("players", []) if "tactics_hand" in p]
        self.viewer: int | None = own[0] if own else None
        if seat is not None and seat != self.viewer:
            raise ValueError(
                f"seat {seat} asked for, but this is {'the public view' if self.viewer is None else f'seat {self.viewer}s view'}"
            )

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
            return "neutral" if seat is None else f"Player {seat + 1}"
        name = self.pack.faction(faction).name_en if faction in self.pack.factions else faction
        return name.split(" (")[0]

    def seat_of_faction(self, faction: str) -> int | None:
        return next((p["seat"] for p in self.players if p.get("faction") == faction), None)

    def who(self, seat: int | None) -> str:
        """ "Humans (player 1)": faction and seat counted from 1, for text (issue 19 item 4); "Player 2" without a faction."""
        if seat is None:
            return "neutrals"
        faction = self.faction_name(seat)
        return faction if faction.startswith("Player ") else f"{faction} (player {seat + 1})"

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
            return "set-up"
        if phase == "over":
            return f"game over (year {self.view.get('year')})"
        season = self.view.get("season") or ""
        return f"year {self.view.get('year')} · {season}"

    def card(self, card_id: str) -> Mapping[str, Any]:
        """A card's name and text from ``view["cards"]``, else from the pack's named cards, else its id."""
        known = (self.view.get("cards") or {}).get(card_id)
        if known:
            return known
        for cards in self.pack.cards.values():
            for card in cards:
                if card.id == card_id:
                    return {"name": card.name_en, "text": card.text, "summary": ""}
        return {"name": card_id, "text": "", "summary": ""}

    def order_name(self, number: int | None) -> str:
        if number is None:
            return "?"
        try:
            return f"{number} {self.pack.order(int(number)).name_en}"
        except KeyError:
            return str(number)
