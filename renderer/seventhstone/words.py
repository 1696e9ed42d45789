"""The words of Seventh Stone's pictures and texts, in the viewer's language.

The renderer never imports the bot: a caller passes a translator duck type ``tr`` (anything with
``tr._(text, **values)``, as :class:`bot.i18n.Tr`); None speaks English. Every message a picture
or an alt text shows is written ``w._("...")`` (or marked ``N_("...")`` where a table names it),
so ``python -m bot i18n extract`` finds it; the narrator (bot/games/seventhstone) names tiles,
peoples and phases through the same tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - the catalogue's marker (Babel's keyword), as bot.i18n.N_
    """Marks a table's ``message`` for the catalogue; it is translated where it is shown."""
    return message


#: the peoples as players say them (engine.seventhstone.state.PEOPLE_NAMES; the renderer reads no rule module)
PEOPLE_NAMES = {"orc": N_("Orcs"), "dwarf": N_("Dwarves"), "elf": N_("Elves"), "human": N_("Humans")}

TERRAIN = {
    "plain": N_("plain"),
    "forest": N_("forest"),
    "mountain": N_("mountain"),
    "temple": N_("temple"),
    "desert": N_("desert"),
    "volcano": N_("volcano"),
    "water": N_("water"),
}
UNITS = {"melee": N_("melee"), "ranged": N_("ranged"), "cavalry": N_("cavalry")}
BUILDINGS = {"barracks": N_("barracks"), "manufactory": N_("manufactory"), "wall": N_("wall")}
ITEMS = {
    "building": N_("buildings"),
    "melee": N_("melee"),
    "ranged": N_("ranged"),
    "cavalry": N_("cavalry"),
    "mercenaries": N_("mercenaries"),
    "equipment": N_("equipment"),
    "movement": N_("movement"),
    "tournament": N_("tournament"),
}


def item_order(allocation: Mapping[str, Any]) -> list[str]:
    """The keys of an allocation in the items' order (ITEMS, as the engine lists them), then any
    other key by name: what is drawn or told of a sheet must not follow its mapping's key order,
    which a payload read back from the outbox (sorted keys) does not keep."""
    return [k for k in ITEMS if k in allocation] + sorted((k for k in allocation if k not in ITEMS), key=str)


EVENTS = {
    "volcano": N_("volcano eruption"),
    "quicksand": N_("quicksand"),
    "troop_expansion": N_("troop expansion"),
    "mercenary_dismissal": N_("mercenaries dismissed"),
    "water_crossing": N_("water crossing"),
    "portals_open": N_("portals open"),
}
#: the phases of a year and of the set-up (engine.seventhstone: ``state.board.phase``)
PHASES = {
    "people": N_("people"),
    "capital": N_("capital"),
    "barracks": N_("barracks"),
    "event": N_("event"),
    "market": N_("market"),
    "allocate": N_("allocation"),
    "draft": N_("draft"),
    "order": N_("turn order"),
    "setting": N_("setting"),
    "movement": N_("movement"),
    "late": N_("movement"),
    "support": N_("support"),
    "combat": N_("combat"),
    "tournament": N_("tournament"),
}
#: the portals' colours
COLOURS = {"blue": N_("blue"), "yellow": N_("yellow")}
#: the equipment tiles by kind (engine.seventhstone.pack.NAMES) and the army types a tile depicts
TILE_NAMES = {
    "teleportation": N_("Teleportation"),
    "speed": N_("Speed"),
    "agility": N_("Agility"),
    "master_strike": N_("Master strike"),
    "precision": N_("Precision"),
    "power_strike": N_("Power strike"),
    "shield": N_("Shield"),
    "prevention": N_("Prevention"),
    "bribery": N_("Bribery"),
    "explosive": N_("Explosive"),
    "lost_stone": N_("the lost tear stone"),
}
SYMBOLS = {"melee": N_("melee"), "ranged": N_("ranged"), "cavalry": N_("cavalry"), "all": N_("all types")}


class Words:
    """``w._(text, **values)`` (also ``w(text, **values)``): ``text`` in the translator's language
    (English without one), filled in; ``w.tr`` is the translator (None: English)."""

    def __init__(self, tr: Any = None):
        self.tr = tr if tr is not None and hasattr(tr, "_") else None

    def _(self, text: str, /, **values: Any) -> str:
        if self.tr is not None:
            return str(self.tr._(text, **values))
        return text.format(**values) if values else text

    __call__ = _

    def pgettext(self, context: str, text: str, /) -> str:
        """``text`` in ``context`` (a word that means something else alone) in this language."""
        if self.tr is not None and hasattr(self.tr, "pgettext"):
            return str(self.tr.pgettext(context, text))
        return text

    def known(self, table: Mapping[str, str], key: Any) -> str:
        """``table``'s word for ``key`` in this language, else ``key`` itself (never a format)."""
        return self._(table[str(key)]) if str(key) in table else str(key)


def building_initial(kind: Any, w: Words) -> str:
    """The letters a building wears on the map (one or two: the box is small), in ``w``'s language."""
    if kind == "barracks":
        # TRANSLATORS: a barracks' initial on Seventh Stone's map, 1-2 letters apart from the others' (German: K, Kaserne)
        return w.pgettext("building initial", "B")
    if kind == "manufactory":
        # TRANSLATORS: a manufactory's initial on Seventh Stone's map, 1-2 letters (German: Mf, Manufaktur; Ma is Mauer)
        return w.pgettext("building initial", "M")
    if kind == "wall":
        # TRANSLATORS: a wall's initial on Seventh Stone's map, 1-2 letters (German: Ma, Mauer; Mf is Manufaktur)
        return w.pgettext("building initial", "W")
    return "?"


def words(tr: Any = None) -> Words:
    """``w``: the words of ``tr``'s language (English without one)."""
    return tr if isinstance(tr, Words) else Words(tr)


def player_name(view: Mapping[str, Any], seat: int, w: Words) -> str:
    """A seat as the table calls it: its people ("Orcs"), else "Player N" (counted from 1)."""
    for p in view.get("players") or []:
        if p.get("seat") == seat and p.get("people"):
            return w.known(PEOPLE_NAMES, p["people"])
    return w._("Player {number}", number=seat + 1)


def tile_words(tile: Mapping[str, Any], w: Words) -> str:
    """An equipment tile as players say it, in ``w``'s language: "Speed +2", "Precision (cavalry)",
    "Shield 1" (engine.seventhstone.pack.tile_name in English)."""
    kind = str(tile.get("kind"))
    name = w.known(TILE_NAMES, kind)
    if kind == "speed":
        return w._("{name} +{value}", name=name, value=tile.get("value"))
    if kind == "shield":
        return w._("{name} {value}", name=name, value=tile.get("value"))
    if tile.get("symbol"):
        return w._("{name} ({symbol})", name=name, symbol=w.known(SYMBOLS, tile["symbol"]))
    return name


def tile_name(pack: Any, tile: Any, w: Words) -> str:
    """The equipment tile ``tile`` (its number in ``pack``) in ``w``'s language."""
    try:
        record = pack.tile(int(tile))
    except (AttributeError, IndexError, TypeError, ValueError):
        return w._("a tile")
    return tile_words(record, w) if "kind" in record else str(record.get("name"))


def offer_names(view: Mapping[str, Any], pack: Any, w: Words) -> list[str]:
    """The market offer's tiles by name (from ``offer_ids`` with the pack, else as the view names them)."""
    ids = view.get("offer_ids")
    if pack is not None and ids:
        return [tile_name(pack, t, w) for t in ids]
    return [str(t) for t in view.get("offer") or []]
