"""The words of Seventh Stone's pictures and texts, in the viewer's language.

The renderer never imports the bot: a caller passes a translator duck type ``tr`` (anything with
``tr._(text, **values)``, as :class:`bot.i18n.Tr`); None speaks English. Every string a picture or
an alt text shows goes through :func:`words` so ``python -m bot i18n extract`` finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Words = Callable[..., str]

#: the peoples as players say them (engine.seventhstone.state.PEOPLE_NAMES; the renderer reads no rule module)
PEOPLE_NAMES = {"orc": "Orcs", "dwarf": "Dwarves", "elf": "Elves", "human": "Humans"}

TERRAIN = {
    "plain": "plain",
    "forest": "forest",
    "mountain": "mountain",
    "temple": "temple",
    "desert": "desert",
    "volcano": "volcano",
    "water": "water",
}
UNITS = {"melee": "melee", "ranged": "ranged", "cavalry": "cavalry"}
BUILDINGS = {"barracks": "barracks", "manufactory": "manufactory", "wall": "wall"}
ITEMS = {
    "building": "buildings",
    "melee": "melee",
    "ranged": "ranged",
    "cavalry": "cavalry",
    "mercenaries": "mercenaries",
    "equipment": "equipment",
    "movement": "movement",
    "tournament": "tournament",
}
EVENTS = {
    "volcano": "volcano eruption",
    "quicksand": "quicksand",
    "troop_expansion": "troop expansion",
    "mercenary_dismissal": "mercenaries dismissed",
    "water_crossing": "water crossing",
    "portals_open": "portals open",
}


def words(tr: Any = None) -> Words:
    """``w(text, **values)``: ``text`` in ``tr``'s language (English without one), filled in."""
    if tr is not None and hasattr(tr, "_"):
        return lambda text, **values: str(tr._(text, **values))
    return lambda text, **values: text.format(**values) if values else text


def player_name(view: Mapping[str, Any], seat: int, w: Words) -> str:
    """A seat as the table calls it: its people ("Orcs"), else "Player N" (counted from 1)."""
    for p in view.get("players") or []:
        if p.get("seat") == seat and p.get("people"):
            return w(PEOPLE_NAMES.get(str(p["people"]), str(p["people"])))
    return w("Player {number}", number=seat + 1)


def tile_name(pack: Any, tile: Any, w: Words) -> str:
    try:
        return w(str(pack.tile(int(tile))["name"]))
    except (AttributeError, IndexError, TypeError, ValueError):
        return w("a tile")
