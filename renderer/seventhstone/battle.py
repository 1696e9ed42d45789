"""A Seventh Stone battle as a picture (the combat panel with its dice): from a view with a battle
being fought, or from one battle's public events (``battle_begins`` .. ``battle_won``, as the
bot's battle reports carry them), never from a state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renderer.blocks import Column
from renderer.palette import palette as get_palette
from renderer.seventhstone.picture import CONFLICT, PANEL_WIDTH, _dice_row, battle_blocks
from renderer.seventhstone.words import PEOPLE_NAMES, UNITS, Words, tile_name, words


def render_battle(
    view_or_events: Any,
    pack: Any = None,
    *,
    palette: str = "default",
    players: Sequence[Any] = (),
    width: int = PANEL_WIDTH,
    tr: Any = None,
) -> Image.Image:
    """The battle: from a view (the battle being fought) or from one battle's public events;
    ``players``: the public view's players, to name the sides of a report."""
    pal = get_palette(palette)
    w = words(tr)
    col = Column(width, 14)
    if isinstance(view_or_events, Mapping):
        if view_or_events.get("battle"):
            battle_blocks(col, view_or_events, pal, w)
        else:
            col.text(w._("No battle is being fought."), 16, pal.ink)
        return col.render(pal.paper)
    named = {"players": list(players)}
    for event in view_or_events:
        kind, d = event.get("kind"), event.get("data") or {}
        if kind == "battle_begins":
            title = (
                w._("Overrun on {cell}", cell=d.get("cell")) if d.get("overrun") else w._("Battle on {cell}", cell=d.get("cell"))
            )
            col.text(title, 20, pal.ink, bold=True)
            sides = ", ".join(_name(named, s, w) for s in d.get("seats") or [])
            col.text(w._("{sides}; defender {defender}", sides=sides, defender=_name(named, d.get("defender"), w)), 15, pal.ink)
            if d.get("guards"):
                col.text(w._("city guard: {n}", n=d["guards"]), 15, pal.ink)
        elif kind == "rolled":
            _dice_row(col, named, {"seat": d.get("seat", 0), "dice": d.get("dice") or [], "hits": d.get("hits", 0)}, pal, w)
        elif kind == "tile_used":
            col.text(
                w._("{player}: {tile} revealed", player=_name(named, d.get("seat"), w), tile=tile_name(pack, d.get("tile"), w)),
                15,
                pal.ink,
            )
        elif kind == "walls":
            col.text(w._("{player}: {n} walls used", player=_name(named, d.get("seat"), w), n=d.get("walls", 0)), 15, pal.ink)
        elif kind == "hits_absorbed":
            col.text(w._("{n} hits on {player} stopped", n=d.get("hits", 0), player=_name(named, d.get("seat"), w)), 15, pal.ink)
        elif kind == "casualty":
            unit = w._("city guard") if d.get("unit") == "guard" else w.known(UNITS, d.get("army"))
            col.text(w._("{player}: one {unit} lost", player=_name(named, d.get("seat"), w), unit=unit), 14, CONFLICT, indent=10)
        elif kind == "battle_won":
            col.rule(pal.panel_rule)
            col.text(
                w._("Won by {player} on {cell}", player=_name(named, d.get("seat"), w), cell=d.get("cell")),
                18,
                pal.ink,
                bold=True,
            )
    return col.render(pal.paper)


def _name(view: Mapping[str, Any], seat: Any, w: Words) -> str:
    if not isinstance(seat, int):
        return w._("nobody")
    for p in view.get("players") or []:
        if isinstance(p, Mapping) and p.get("seat") == seat and p.get("people"):
            return w.known(PEOPLE_NAMES, p["people"])
    return w._("Player {number}", number=seat + 1)
