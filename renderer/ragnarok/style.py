"""Colours, marks and words of the Lords of Ragnarok pictures.

Every seat has its printed colour (green, red, blue, yellow: the view's ``colour``) drawn in a
colour-blind-safe shade (Okabe & Ito's set, as :mod:`renderer.palette`) and, because colour never
carries meaning alone, an emblem (star, leaf, cross, spikes) on every piece and marker. The
palettes are the shared ones (``default``, ``contrast``, ``classic``); only the seat colours are
this game's. Words go through ``tr`` (a translator with ``_``, :class:`bot.i18n.Tr`; None: English):
the renderer never imports the bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.ragnarok.pack import WHEEL_FIELDS
from renderer import sprites
from renderer.palette import RGB, SEAT_EMBLEMS, Palette, hex_rgb, mix, text_on
from renderer.words import language

#: the view's seat colours in each palette (default: Okabe-Ito bluish green, vermillion, blue, yellow)
SEAT_COLOURS: Mapping[str, Mapping[str, RGB]] = {
    "default": {"green": hex_rgb("#009e73"), "red": hex_rgb("#d55e00"), "blue": hex_rgb("#0072b2"), "yellow": hex_rgb("#f0e442")},
    "contrast": {
        "green": hex_rgb("#006b4e"),
        "red": hex_rgb("#a33a00"),
        "blue": hex_rgb("#004c99"),
        "yellow": hex_rgb("#c9b800"),
    },
    "classic": {"green": hex_rgb("#2e9e2e"), "red": hex_rgb("#c81e1e"), "blue": hex_rgb("#1f4fd1"), "yellow": hex_rgb("#e8c20c")},
}
#: each land's ground (light, told apart by their names on the map as well)
LAND_GROUNDS = (
    hex_rgb("#dfe8c4"),
    hex_rgb("#efe0bd"),
    hex_rgb("#d5e3e3"),
    hex_rgb("#e8d6d0"),
    hex_rgb("#e2dcef"),
    hex_rgb("#f1ebc6"),
)
RUNE_COLOURS: Mapping[str, RGB] = {"uruz": hex_rgb("#8c4a1c"), "othala": hex_rgb("#5b6b2f"), "algiz": hex_rgb("#3d5a80")}
RUNE_LETTERS: Mapping[str, str] = {"uruz": "U", "othala": "O", "algiz": "A"}
WEAPON_LETTERS: Mapping[str, str] = {"axe": "Axe", "sword": "Sword", "spear": "Spear"}


def N_(message: str) -> str:  # noqa: N802 - the catalogue's marker (Babel's keyword), as bot.i18n.N_
    """Marks a table's ``message`` for the catalogue; it is translated where it is shown."""
    return message


#: the effects of attack and combat cards in words (pack effect ids; digest 8.2, 9)
EFFECTS: Mapping[str, str] = {
    "injury1": N_("1 injury"),
    "injury2": N_("2 injuries"),
    "discard1": N_("discard 1 combat card"),
    "discard2": N_("discard 2 combat cards"),
    "end": N_("the hunt ends"),
    "special": N_("the monster's special attack"),
    "defend": N_("+1 when defending"),
    "fortify": N_("+1"),
    "draw": N_("draw 1 combat card"),
    "heal": N_("heal 1 injury"),
}
MONSTER_INK = hex_rgb("#3b2f2f")
LOKI = hex_rgb("#6a2c91")
SEA = hex_rgb("#9cc3de")
SEA_DEEP = hex_rgb("#5d8fb8")
TREE = hex_rgb("#4f7a3a")
GOLD = hex_rgb("#c99a06")


def seat_colour(pal: Palette, colour: str | None, seat: int) -> RGB:
    table = SEAT_COLOURS.get(pal.name, SEAT_COLOURS["default"])
    return table.get(colour or "", pal.seats[seat % len(pal.seats)])


def seat_emblem(seat: int) -> str:
    return SEAT_EMBLEMS[seat % len(SEAT_EMBLEMS)]


@lru_cache(maxsize=256)
def badge(emblem: str, size: int, fill: RGB) -> Image.Image:
    """A seat's disc with its emblem in black or white, whichever reads better on the seat's
    colour (a white star on yellow would hardly show)."""
    big = size * 4
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse(
        [big * 0.06, big * 0.06, big * 0.94, big * 0.94], fill=fill, outline=(25, 25, 25), width=max(2, round(big * 0.06))
    )
    out = img.resize((size, size), Image.Resampling.LANCZOS)
    mark = sprites.emblem_mark(emblem, max(6, round(size * 0.62)), text_on(fill))
    out.paste(mark, ((size - mark.width) // 2, (size - mark.height) // 2), mark)
    return out


def tint(colour: RGB, amount: float = 0.7) -> RGB:
    return mix(colour, (255, 255, 255), amount)


class Words:
    """The pictures' words (called ``w._`` as the bot's ``tr._``, so a catalogue extraction of
    renderer/ finds them) in ``tr``'s language (English without one): ``w._("Turn {n}", n=3)``."""

    def __init__(self, tr: Any = None):
        self.tr = tr

    def _(self, text: str, **values: Any) -> str:
        if self.tr is not None and hasattr(self.tr, "_"):
            return str(self.tr._(text, **values))
        return text.format(**values) if values else text


def wheel_field(field: str, record: Mapping[str, Any], w: Words) -> str:
    """A wheel field's name in ``w``'s language (the pack's name for a field this table lacks)."""
    return w._(WHEEL_FIELDS[field]) if field in WHEEL_FIELDS else str(record.get("name", field))


def player_label(player: Mapping[str, Any], pack: Any, w: Words, *, short: bool = False) -> str:
    """ "P1 Ragnar" (short) or "Player 1: Ragnar (Jarlsblood)"; before the heroes are chosen "Player 1"."""
    number = int(player["seat"]) + 1
    hero = pack.name(player["hero"]) if player.get("hero") else ""
    if short:
        return f"P{number} {hero}".strip()
    if not hero:
        return w._("Player {number}", number=number)
    lineage = pack.name(player["lineage"]) if player.get("lineage") else ""
    return w._("Player {number}: {hero}", number=number, hero=hero) + (f" ({lineage})" if lineage else "")


def spoken(pack: Any, tr: Any) -> Any:
    """``pack`` naming records in ``tr``'s language (its ``locale/<language>.toml``, else English;
    issue 31 item 3): a pack without languages as it is."""
    speaking = getattr(pack, "speaking", None)
    return speaking(language(tr)) if speaking is not None else pack
