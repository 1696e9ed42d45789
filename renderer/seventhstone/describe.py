"""Seventh Stone in words for those who cannot see the picture: the alt text (at most 1,024
characters, what Discord keeps) and the text board (the grid row by row), from views only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.seventhstone.picture import dims
from renderer.seventhstone.words import (
    BUILDINGS,
    COLOURS,
    EVENTS,
    PHASES,
    TERRAIN,
    UNITS,
    Words,
    offer_names,
    player_name,
    tile_name,
    words,
)

View = Mapping[str, Any]
LETTERS = "ABCDEFG"
ALT_LIMIT = 1024


def army_words(view: View, army: Mapping[str, Any], w: Words, *, with_owner: bool = True) -> str:
    regulars, mercs = army.get("regulars", 0), army.get("mercenaries", 0)
    text = w._("{type} {regulars}", type=w.known(UNITS, army.get("type")), regulars=regulars)
    if mercs:
        text += " " + w._("+{n} mercenaries", n=mercs)
    if army.get("equipped"):
        text += " " + w._("(a tile beneath)")
    if with_owner:
        text = f"{player_name(view, int(army['owner']), w)} {text}"
    return text


def cell_words(view: View, cell: str, w: Words, pack: Any = None, seat: int | None = None) -> str:
    """One field: terrain, portal, controller, capital, buildings, lava, armies, conflict."""
    data = (view.get("cells") or {}).get(cell) or {}
    parts = [w.known(TERRAIN, data.get("kind"))]
    if data.get("portal"):
        parts.append(w._("{colour} portal", colour=w.known(COLOURS, data["portal"])))
    if data.get("capital") is not None:
        parts.append(w._("capital of {player}", player=player_name(view, int(data["capital"]), w)))
    if data.get("controller") is not None:
        parts.append(w._("held by {player}", player=player_name(view, int(data["controller"]), w)))
    for b in data.get("buildings") or []:
        parts.append(w.known(BUILDINGS, b.get("type")))
    if cell in (view.get("volcano") or []):
        parts.append(w._("lava"))
    own = view.get("equipment") if seat is not None and view.get("seat") == seat else {}
    for army in view.get("armies") or []:
        if army.get("cell") == cell:
            text = army_words(view, army, w)
            if own and army.get("owner") == seat and cell in own:
                text += " " + w._("(yours: {tile})", tile=tile_name(pack, own[cell], w))
            parts.append(text)
    if cell in (view.get("conflicts") or []):
        parts.append(w._("conflict"))
    return f"{cell}: " + ", ".join(parts)


def text_board(view: View, pack: Any = None, *, seat: int | None = None, area: str | None = None, tr: Any = None) -> list[str]:
    """The board as lines: the year and phase, each player, then every field that is not plain
    empty land, row by row (``area``: that field alone)."""
    w = words(tr)
    cells = view.get("cells") or {}
    if area is not None:
        return [cell_words(view, area, w, pack, seat)] if area in cells else [w._("There is no field {cell}.", cell=area)]
    lines = [_heading(view, w)]
    for p in view.get("players") or []:
        lines.append(_player_words(view, p, w))
    cols, rows = dims(view)
    for y in range(1, rows + 1):
        row = [f"{LETTERS[x]}{y}" for x in range(cols)]
        water = [c for c in row if (cells.get(c) or {}).get("kind") == "water"]
        interesting = [c for c in row if c in cells and c not in water and _interesting(view, c)]
        shown = [cell_words(view, c, w, pack, seat) for c in interesting]
        if water:
            shown.append(w._("water: {cells}", cells=", ".join(water)))
        lines.append(w._("Row {row}: {fields}", row=y, fields="; ".join(shown) if shown else w._("open land")))
    if view.get("offer"):
        lines.append(w._("Market offer: {tiles}", tiles=", ".join(offer_names(view, pack, w))))
    return lines


def _interesting(view: View, cell: str) -> bool:
    data = (view.get("cells") or {}).get(cell) or {}
    if data.get("kind") != "plain" or data.get("portal") or data.get("controller") is not None or data.get("buildings"):
        return True
    return any(a.get("cell") == cell for a in view.get("armies") or []) or cell in (view.get("volcano") or [])


def _heading(view: View, w: Words) -> str:
    text = w._(
        "Seventh Stone, year {year}, {phase} phase",
        year=view.get("year"),
        phase=w.known(PHASES, view.get("phase") or ""),
    )
    if view.get("event"):
        text += "; " + w._("event: {event}", event=w.known(EVENTS, view["event"]))
    return text + "."


def _player_words(view: View, p: Mapping[str, Any], w: Words) -> str:
    return w._(
        "{player}: {stones} tear stones, storage {storage}, income {income}, upkeep {upkeep}, tournament stones {tournament}, {hand} equipment in hand.",
        player=player_name(view, int(p["seat"]), w),
        stones=p.get("tear_stones", 0),
        storage=p.get("storage", 0),
        income=p.get("income", 0),
        upkeep=p.get("upkeep", 0),
        tournament=p.get("tournament_stones", 0),
        hand=p.get("hand", 0),
    )


def alt_text(view: View, pack: Any = None, *, seat: int | None = None, tr: Any = None) -> str:
    """The picture in at most 1,024 characters: year, phase, standings, the armies, the battle."""
    w = words(tr)
    cols, rows = dims(view)
    parts = [_heading(view, w), w._("A grid of {cols} columns and {rows} rows.", cols=cols, rows=rows)]
    standings = sorted(view.get("players") or [], key=lambda p: -int(p.get("tear_stones") or 0))
    parts.append(
        "; ".join(
            w._(
                "{player} {stones} tear stones, storage {storage}",
                player=player_name(view, int(p["seat"]), w),
                stones=p.get("tear_stones", 0),
                storage=p.get("storage", 0),
            )
            for p in standings
        )
        + "."
    )
    battle = view.get("battle")
    if battle:
        parts.append(w._("Battle on {cell}.", cell=battle.get("cell")))
    elif view.get("conflicts"):
        parts.append(w._("Conflicts on {cells}.", cells=", ".join(view["conflicts"])))
    armies = [f"{a['cell']} {army_words(view, a, w)}" for a in view.get("armies") or []]
    if armies:
        parts.append(w._("Armies: {armies}.", armies="; ".join(armies)))
    if seat is not None and view.get("seat") == seat:
        hand = view.get("hand") or []
        parts.insert(1, w._("Your hand: {tiles}.", tiles=", ".join(tile_name(pack, t, w) for t in hand) if hand else w._("none")))
    text = " ".join(parts)
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"
