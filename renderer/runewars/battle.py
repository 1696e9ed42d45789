"""The battle panel (pp. 21-23): from a battle's public events (a report) or from a view.

A **report** is the list of one battle's events, ``battle_started`` to ``battle_ended``
(engine Event objects, or dicts ``{"kind": ..., "data": {...}}`` / ``{"kind": ..., **data}``).
Private events (``to`` set: the attacker's cards before the defender drew) are skipped, so
the panel shows only what the table saw. Drawn: who fights, the lined-up units per side,
each row's revealed fate cards with all four sections (the drawing unit's section
highlighted), the routs, damage, eliminations and abilities that followed, and the final
strengths with the stronghold's part and the winner.

From a **view** (a battle being fought) it draws the sides' figures with their damage and
routed state and the unit types that have drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from engine.runewars.data.model import SHAPES, Pack
from renderer import fonts, sprites
from renderer.blocks import Column, line_height
from renderer.palette import Palette, mix
from renderer.runewars.panel import BODY, PANEL_WIDTH, SMALL, TITLE
from renderer.runewars.viewdata import N_, ViewData
from renderer.words import pack_text, words

#: the sides as the battle picture names them
SIDE_NAMES = {"attacker": N_("attacker"), "defender": N_("defender")}
#: a side at the head of its column
SIDE_HEADS = {"attacker": N_("Attacker"), "defender": N_("Defender")}

SIDES = ("attacker", "defender")
CARD_W, CARD_H = 58, 92
SYMBOL_COLOURS = {"gold": (212, 170, 40), "silver": (170, 176, 186), "red": (190, 50, 40)}
#: the strip and frame of a tactic fate card (Banners of War): a tactics card played instead of a fate card, which
#: shows no fate symbol of its own, only the four sections (exp. p. 7)
TACTIC_FATE_COLOUR = (46, 92, 150)


@dataclass
class Row:
    row: int
    shown: dict[str, Mapping[str, Any] | None] = field(default_factory=dict)
    results: list[str] = field(default_factory=list)


@dataclass
class Report:
    area: str = "?"
    seats: dict[str, int | None] = field(default_factory=dict)
    lined_up: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    before: list[str] = field(default_factory=list)
    strength: Mapping[str, int] | None = None
    stronghold: int = 0
    winner: str | None = None
    after: list[str] = field(default_factory=list)


def _plain(event: Any) -> tuple[str, Mapping[str, Any], Any]:
    if isinstance(event, Mapping):
        data = event.get("data")
        if data is None:
            data = {k: v for k, v in event.items() if k not in ("kind", "to")}
        return event["kind"], data, event.get("to")
    return event.kind, event.data, getattr(event, "to", None)


def _unit(tr: Any, pack: Pack, unit: Any) -> str:
    return (pack_text(tr, pack, "unit", str(unit)) or str(unit)) if unit in pack.units else str(unit)


def report_from_events(events: Iterable[Any], pack: Pack, tr: Any = None) -> Report:
    rep = Report()
    current: Row | None = None
    tr = words(tr)

    def unit_name(unit: str | None) -> str:
        return _unit(tr, pack, unit)

    def side(data: Mapping[str, Any]) -> str:
        value = data.get("side")
        return tr._(SIDE_NAMES[value]) if value in SIDE_NAMES else str(value)

    for event in events:
        kind, data, to = _plain(event)
        if to is not None:
            continue  # private: never on a public panel
        target = current.results if current else (rep.after if rep.winner else rep.before)
        if kind == "battle_started":
            rep.area = data.get("area", "?")
            rep.seats = {"attacker": data.get("attacker"), "defender": data.get("defender")}
        elif kind == "battle_lined_up":
            rep.lined_up = {side: data.get(side) or {} for side in SIDES}
        elif kind == "battle_cards_revealed":
            current = Row(int(data.get("row", 0)), {side: data.get(side) for side in SIDES})
            rep.rows.append(current)
        elif kind == "battle_round":
            current = None
        elif kind == "battle_routed":
            target.append(tr._("{side}: {unit} routed", side=side(data), unit=unit_name(data.get("unit"))))
        elif kind == "battle_damaged":
            message = (
                "{side}: one {unit} figure damaged (damage {damage}), eliminated"
                if data.get("eliminated")
                else "{side}: one {unit} figure damaged (damage {damage})"
            )
            target.append(tr._(message, side=side(data), unit=unit_name(data.get("unit")), damage=data.get("damage")))
        elif kind == "battle_eliminated":
            target.append(tr._("{side}: {unit} eliminated", side=side(data), unit=unit_name(data.get("unit"))))
        elif kind == "battle_raised":
            target.append(tr._("{side}: a figure of {unit} is raised", side=side(data), unit=unit_name(data.get("unit"))))
        elif kind == "ability_used":
            target.append(tr._("{side}: {unit} use their ability", side=side(data), unit=unit_name(data.get("unit"))))
        elif kind == "battle_card_drawn":
            target.append(
                tr._(
                    "{side}: {unit} draws {card} ({section})",
                    side=side(data),
                    unit=unit_name(data.get("unit")),
                    card=data.get("card"),
                    section=data.get("section"),
                )
            )
        elif kind == "battle_won":
            current = None
            rep.strength = data.get("strength")
            rep.stronghold = int(data.get("stronghold") or 0)
            rep.winner = data.get("winner")
        elif kind == "battle_ended":
            rep.winner = rep.winner or data.get("winner")
        elif kind != "battle_drew":  # the revealed cards say it
            (rep.after if rep.winner else target).append(kind.replace("_", " ") + _brief(data, pack, tr))
    return rep


def _brief(data: Mapping[str, Any], pack: Pack, tr: Any = None) -> str:
    """The interesting fields of another public event (units moved, a card, a development)."""
    bits = []
    for key, value in data.items():
        if key == "area":
            continue
        if key == "units" and isinstance(value, Mapping):
            bits.append(", ".join(f"{n} {_unit(tr, pack, u)}" for u, n in value.items()))
        elif key == "card" and isinstance(value, str):
            bits.append(_card_name(pack, value, tr))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            bits.append(f"{key} {value}")
    return (": " + "; ".join(bits)) if bits else ""


def _card_name(pack: Pack, card_id: str, tr: Any = None) -> str:
    for kind, cards in pack.cards.items():
        for card in cards:
            if card.id == card_id:
                return pack_text(tr, pack, kind, card_id) or card_id
    return card_id


def render_battle(
    source: Any,
    pack: Pack,
    *,
    palette_obj: Palette,
    players: Iterable[Mapping[str, Any]] = (),
    width: int = PANEL_WIDTH,
    tr: Any = None,
) -> Image.Image:
    """``source``: a view with a battle, or a battle's events; drawn in ``tr``'s language."""
    if isinstance(source, Mapping) and "areas" in source:
        return _from_view(ViewData(source, pack, None, tr), pack, palette_obj, width)
    return _from_report(report_from_events(source, pack, tr), pack, palette_obj, players, width, words(tr))


def _side_name(seat: int | None, players: Mapping[int, Mapping[str, Any]], pack: Pack, tr: Any = None) -> str:
    tr = words(tr)
    if seat is None:
        return tr._("neutrals")
    faction = (players.get(seat) or {}).get("faction")
    if faction not in pack.factions:
        return tr._("Player {number}", number=seat + 1)
    name = (pack_text(tr, pack, "faction", faction) or faction).split(" (")[0]
    return tr._("{faction} (player {number})", faction=name, number=seat + 1)


def _side_colour(seat: int | None, players: Mapping[int, Mapping[str, Any]], pal: Palette):
    return pal.neutral if seat is None else pal.faction((players.get(seat) or {}).get("faction"), seat)


def _from_report(
    rep: Report, pack: Pack, pal: Palette, players: Iterable[Mapping[str, Any]], width: int, tr: Any = None
) -> Image.Image:
    tr = words(tr)
    by_seat = {p["seat"]: p for p in players}
    col = Column(width, pad=24)
    names = {side: _side_name(rep.seats.get(side), by_seat, pack, tr) for side in SIDES}
    col.text(tr._("Battle for {area}", area=rep.area), TITLE, pal.ink, bold=True)
    col.text(tr._("{attacker} attack {defender}", attacker=names["attacker"], defender=names["defender"]), BODY, pal.ink)
    half = (col.inner - 24) // 2

    def lineup(side: str) -> list[str]:
        info = rep.lined_up.get(side) or {}
        units = ", ".join(f"{n} {_unit(tr, pack, u)}" for u, n in (info.get("units") or {}).items())
        out = units or tr._("no standing units")
        left_out = info.get("left_out") or {}
        if left_out:
            out += "; " + tr._("routed, out: {units}", units=", ".join(f"{n} {_unit(tr, pack, u)}" for u, n in left_out.items()))
        return fonts.wrap(out, SMALL, half - 20)

    lines = {side: lineup(side) for side in SIDES}
    height = line_height(BODY) + line_height(SMALL) * max(len(v) for v in lines.values()) + 12

    def paint_lineup(img, draw, y):
        for i, side in enumerate(SIDES):
            x = col.pad + i * (half + 24)
            colour = _side_colour(rep.seats.get(side), by_seat, pal)
            draw.rectangle([x, y + 4, x + 8, y + height - 10], fill=colour)
            fonts.text(img, (x + 16, y), f"{tr._(SIDE_HEADS[side])}: {names[side]}", BODY, pal.ink, bold=True)
            for j, line in enumerate(lines[side]):
                fonts.text(img, (x + 16, y + line_height(BODY) + j * line_height(SMALL)), line, SMALL, pal.ink)

    col.add(height, paint_lineup)
    for text in rep.before:
        col.text(text, SMALL, pal.ink)
    for row in rep.rows:
        col.rule(pal.panel_rule)
        _row(col, row, pack, pal, half, tr)
    col.rule(pal.panel_rule)
    if rep.strength:
        fort = " " + tr._("(stronghold {n})", n=rep.stronghold) if rep.stronghold else ""
        col.text(
            tr._(
                "Strength: attacker {attacker} vs defender {defender}",
                attacker=rep.strength.get("attacker"),
                defender=rep.strength.get("defender"),
            )
            + fort,
            BODY,
            pal.ink,
            bold=True,
        )
    if rep.winner:
        winner = tr._(SIDE_NAMES[rep.winner]) if rep.winner in SIDE_NAMES else rep.winner
        col.text(tr._("Winner: {side} ({player})", side=winner, player=names.get(rep.winner, "?")), BODY, pal.ink, bold=True)
    for text in rep.after:
        col.text(text, SMALL, pal.ink)
    return col.render(pal.paper)


def _row(col: Column, row: Row, pack: Pack, pal: Palette, half: int, tr: Any = None) -> None:
    tr = words(tr)
    per_line = max(1, (half - 16) // (CARD_W + 6))
    card_lines = max(((len((row.shown.get(s) or {}).get("cards") or []) + per_line - 1) // per_line) for s in SIDES) or 1
    height = line_height(BODY) + card_lines * (CARD_H + 8) + 6

    def paint(img, draw, y):
        fonts.text(img, (col.pad, y), tr._("Row {row}", row=row.row), BODY, pal.ink, bold=True)
        for i, side in enumerate(SIDES):
            x0 = col.pad + i * (half + 24)
            shown = row.shown.get(side)
            if not shown:
                fonts.text(
                    img,
                    (x0 + 90 if i == 0 else x0, y + 2),
                    tr._("{side}: no draw", side=tr._(SIDE_NAMES[side])),
                    SMALL,
                    mix(pal.ink, pal.paper, 0.4),
                )
                continue
            unit = pack.unit(shown["unit"]) if shown.get("unit") in pack.units else None
            label = f"{tr._(SIDE_NAMES[side])}: {_unit(tr, pack, shown.get('unit'))}"
            fonts.text(img, (x0 + 90 if i == 0 else x0, y + 2), label, SMALL, pal.ink)
            for j, card_id in enumerate(shown.get("cards") or []):
                cx = x0 + (j % per_line) * (CARD_W + 6)
                cy = y + line_height(BODY) + (j // per_line) * (CARD_H + 8)
                _fate_card(img, draw, pack, card_id, unit.shape if unit else None, cx, cy, pal)

    col.add(height, paint)
    for text in row.results:
        col.text(text, SMALL, pal.ink, indent=16)


def card_face(pack: Pack, card_id: str) -> tuple[str | None, dict[str, str]] | None:
    """What a revealed card shows: (its fate symbol, the code of each shape's section), or None when unknown.

    A fate card shows its symbol and sections; a tactic fate card (Banners of War, exp. p. 7: played „anstelle einer
    Schicksalskarte“) shows its sections from the tactics card's ``fate`` and no symbol.
    """
    card = next((c for c in pack.fate_cards if c.id == card_id), None)
    if card is not None:
        return card.symbol, {name: card.section(name).code for name in SHAPES}
    for tactic in pack.cards.get("tactics_card", ()):
        fate = tactic.attrs.get("fate") if tactic.id == card_id else None
        if fate:
            return None, {name: str(fate.get(name, "-")) for name in SHAPES}
    return None


def _fate_card(img, draw, pack: Pack, card_id: str, shape: str | None, x: int, y: int, pal: Palette) -> None:
    """A fate card: its symbol strip, then one line per shape section; the drawing unit's lit. A tactic fate card
    has a blue frame and strip with a „T“ instead of the symbol."""
    face = card_face(pack, card_id)
    tactic = face is not None and face[0] is None
    frame = TACTIC_FATE_COLOUR if tactic else pal.ink
    draw.rounded_rectangle(
        [x, y, x + CARD_W, y + CARD_H], radius=6, fill=(255, 255, 255), outline=frame, width=3 if tactic else 2
    )
    if face is None:
        fonts.text(img, (x + CARD_W / 2, y + CARD_H / 2), "?", BODY, pal.ink, anchor="mm")
        return
    symbol, codes = face
    strip = TACTIC_FATE_COLOUR if tactic else SYMBOL_COLOURS.get(str(symbol), pal.neutral)
    draw.rectangle([x + 2, y + 2, x + CARD_W - 2, y + 12], fill=strip)
    if tactic:
        fonts.text(img, (x + CARD_W / 2, y + 7), "T", 11, (255, 255, 255), anchor="mm", bold=True)
    step = (CARD_H - 16) / 4
    for i, name in enumerate(SHAPES):
        top = y + 14 + i * step
        if name == shape:
            draw.rectangle([x + 3, top, x + CARD_W - 3, top + step - 1], fill=pal.highlight)
        sprites.paste(img, sprites.unit(name, 16, (90, 90, 90), None), x + 13, top + step / 2)
        code = codes[name]
        fonts.text(
            img,
            (x + CARD_W - 8, top + step / 2),
            code,
            16,
            pal.damage if code.startswith("D") else pal.ink,
            anchor="rm",
            bold=name == shape,
        )


def _from_view(data: ViewData, pack: Pack, pal: Palette, width: int) -> Image.Image:
    col = Column(width, pad=24)
    battle = data.battle
    if not battle:
        col.text(data._("No battle is being fought."), BODY, pal.ink)
        return col.render(pal.paper)
    col.text(data._("Battle for {area} · row {row}", area=battle["area"], row=battle.get("row")), TITLE, pal.ink, bold=True)
    for side_name, side in zip(SIDES, battle.get("sides", [])):
        seat = side.get("seat")
        colour = pal.neutral if seat is None else data.colour(seat, pal)
        col.text(f"{data._(SIDE_HEADS[side_name])}: {data.who(seat)}", BODY, colour if seat is not None else pal.ink, bold=True)
        groups: dict[tuple[str, bool], list[int]] = {}
        for fighter in side.get("fighters", []):
            groups.setdefault((fighter["unit"], bool(fighter.get("routed"))), []).append(int(fighter.get("damage", 0)))
        for (unit, routed), damages in sorted(groups.items()):
            name = data.unit_name(unit)
            hurt = sum(damages)
            extra = (", " + data._("routed") if routed else "") + (
                ", " + data._("damage {damage} (health {health} each)", damage=hurt, health=pack.unit(unit).health)
                if hurt and unit in pack.units
                else ""
            )
            col.text(f"{len(damages)} {name}{extra}", SMALL, pal.ink, indent=16)
        drawn = [data.unit_name(u) for u in side.get("drawn", [])]
        if drawn:
            col.text(data._("Have drawn: {units}", units=", ".join(drawn)), SMALL, pal.ink, indent=16)
    return col.render(pal.paper)
