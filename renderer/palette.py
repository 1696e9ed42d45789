"""Colours and faction marks: a colour-blind-safe default plus per-user alternatives.

Colour never carries meaning alone. Every faction also has an **emblem** (star, leaf,
cross, spikes) drawn on its units, area labels and activation tokens, and every terrain a
texture (:mod:`renderer.runewars.mapdraw`). The default faction colours come from the
Okabe-Ito set (Okabe & Ito 2008, "Color Universal Design"), which stays distinguishable
under protanopia, deuteranopia and tritanopia; the choice keeps each faction near its
printed colour (Daqan blue, Latari green, Waiqar purple, Uthuk red).

A user picks a palette by name (:data:`PALETTES`): ``default``, ``contrast`` (darker
faction colours, black outlines, white map ground: for low vision and bright screens) or
``classic`` (the box's saturated colours, for players who know them; not CVD-tuned).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

RGB = tuple[int, int, int]

#: faction -> emblem drawn on its pieces (renderer.sprites draws these shapes)
EMBLEMS: Mapping[str, str] = {"humans": "star", "elves": "leaf", "undead": "cross", "uthuk": "spikes"}
#: seats without a faction yet (set-up) use these, by seat number
SEAT_EMBLEMS = ("star", "leaf", "cross", "spikes")


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


@dataclass(frozen=True)
class Palette:
    name: str
    factions: Mapping[str, RGB]
    seats: tuple[RGB, ...]
    neutral: RGB
    terrain: Mapping[str, RGB]
    ground: RGB  # behind the map
    ink: RGB  # text and outlines
    paper: RGB  # panel background
    panel_rule: RGB
    mountain: RGB
    water: RGB
    dragon: RGB
    false_rune: RGB
    rune_back: RGB
    food: RGB = (232, 182, 40)
    wood: RGB = (140, 90, 45)
    ore: RGB = (150, 160, 175)
    damage: RGB = (200, 30, 30)
    highlight: RGB = (255, 200, 0)

    def faction(self, faction: str | None, seat: int | None = None) -> RGB:
        if faction in self.factions:
            return self.factions[faction]
        if seat is not None:
            return self.seats[seat % len(self.seats)]
        return self.neutral


_TERRAIN = {
    "plains": hex_rgb("#d9e4a6"),
    "forest": hex_rgb("#9cc28a"),
    "hills": hex_rgb("#e3cf96"),
    "mountains": hex_rgb("#b9b2a8"),
    "marsh": hex_rgb("#a9c9bd"),
    "wasteland": hex_rgb("#c9a596"),
}


def _faction_colours(humans: str, elves: str, undead: str, uthuk: str) -> dict:
    """``factions`` and ``seats`` of a palette: seats without a faction use the same colours in seat order."""
    factions = {"humans": hex_rgb(humans), "elves": hex_rgb(elves), "undead": hex_rgb(undead), "uthuk": hex_rgb(uthuk)}
    return {"factions": factions, "seats": tuple(factions.values())}


_DEFAULT = Palette(
    name="default",
    # Okabe-Ito blue, bluish green, reddish purple (darkened for white marks), vermillion
    **_faction_colours("#0072b2", "#009e73", "#8a4f9e", "#d55e00"),
    neutral=hex_rgb("#6f6a60"),
    terrain=_TERRAIN,
    ground=hex_rgb("#2b3440"),
    ink=hex_rgb("#1b1b1b"),
    paper=hex_rgb("#f4efe3"),
    panel_rule=hex_rgb("#cfc6b0"),
    mountain=hex_rgb("#7a3b12"),
    water=hex_rgb("#1f78d1"),
    dragon=hex_rgb("#e6b800"),
    false_rune=hex_rgb("#c8c8c8"),
    rune_back=hex_rgb("#3d3152"),
)

PALETTES: Mapping[str, Palette] = {
    "default": _DEFAULT,
    "contrast": Palette(
        name="contrast",
        **_faction_colours("#004c99", "#006b4e", "#5e2a73", "#a33a00"),
        neutral=hex_rgb("#444444"),
        terrain={k: tuple(min(255, c + (255 - c) // 2) for c in v) for k, v in _TERRAIN.items()},
        ground=hex_rgb("#ffffff"),
        ink=hex_rgb("#000000"),
        paper=hex_rgb("#ffffff"),
        panel_rule=hex_rgb("#000000"),
        mountain=hex_rgb("#5a1a00"),
        water=hex_rgb("#0033cc"),
        dragon=hex_rgb("#ffcc00"),
        false_rune=hex_rgb("#bbbbbb"),
        rune_back=hex_rgb("#222222"),
    ),
    # the default with the box's saturated faction colours and a darker map ground
    "classic": replace(
        _DEFAULT, name="classic", ground=hex_rgb("#1d2430"), **_faction_colours("#1f4fd1", "#2e9e2e", "#7b2fbf", "#c81e1e")
    ),
}


def palette(name: str | Palette = "default") -> Palette:
    if isinstance(name, Palette):
        return name
    try:
        return PALETTES[name]
    except KeyError:
        raise ValueError(f"unknown palette {name!r}; choose one of {sorted(PALETTES)}") from None


def emblem(faction: str | None, seat: int | None = None) -> str | None:
    if faction in EMBLEMS:
        return EMBLEMS[faction]
    if seat is not None:
        return SEAT_EMBLEMS[seat % len(SEAT_EMBLEMS)]
    return None


def text_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour`` (WCAG relative luminance)."""

    def channel(c: int) -> float:
        c = c / 255.0
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return (0, 0, 0) if luminance > 0.179 else (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
