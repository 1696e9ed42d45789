"""The Runewars map (rulebook pp. 8-9 map, p. 15 control, p. 21 routed units, p. 32 runes).

Two layers. The **base** (terrain with its texture, hex and tile edges, mountain and water
borders, area ids, printed resources) depends only on the placements, the palette and the
crop, so it is drawn once per layout (2x supersampled) and cached. The **pieces** of a view
go on a copy of it: control rims and the controller's emblem, unit bases with counts
(routed ones lying down), battle damage, strongholds (cracked when damaged), cities,
developments, runes, heroes, activation tokens, exploration tokens and the battle marker.

Inside a hex of circumradius R (offsets from its centre, y down):
  y -0.66R  area id; on the controller's colour with its emblem; crossed swords for a battle
  y -0.36R  printed resources (left), stronghold and rune (right)
  y -0.04R and 0.32R  two rows of up to 3 unit bases (4 when crowded), counts bottom right
  y  0.63R  up to 3 of: city, development, heroes, defeated-hero tokens, activation
            tokens, exploration token (more join the unit rows); Banners of War: the Sunken City
            (a city marked S), Desolation (D) and Cryomancy (C, C2 …) tokens; its new unit types
            carry their initial on a white disc; tile 12's yellow border is dashed, and the Sunken
            City's water border covers it once the city lies there. The variants (issue 24): a capital is
            a stronghold with a gold star; a commander is a hero with a gold star; a peasant token is a round
            token in its owner's colour marked P; a Free City with a printed dragon rune carries a small dragon
            rune at its top right (greyed while Desolation or Cryomancy cancels it)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.runewars.data.model import DIRECTION_ORDER, Pack, neighbour
from renderer import fonts, sprites
from renderer.cache import LayerCache
from renderer.hexgeo import corners, edge
from renderer.palette import Palette, mix, text_on
from renderer.runewars.layout import LEGEND_BAND, MAP_HEX, MapLayout, label_size
from renderer.runewars.viewdata import ViewData

_BASE = LayerCache(32)
_SUPER = 2  # the base layer is drawn at twice the size and reduced

# -- the static base -------------------------------------------------------------------------


def base_layer(layout: MapLayout, pack: Pack, pal: Palette) -> tuple[Image.Image, list[tuple[Image.Image, tuple[int, int]]]]:
    """The cached static layer and its border sprites (read-only: copy before drawing on it).

    Mountain and water borders are kept apart as small sprites, pasted after the control
    rims so that a rim never hides a border.
    """
    key = (
        pack.name,
        pack.version,
        pack.dirs,
        layout.board.placements,
        layout.areas,
        layout.extra_cells,
        layout.size,
        layout.grid.width,
        layout.grid.height,
        pal.name,
    )
    return _BASE.get(key, lambda: (_draw_base(layout, pal), _border_sprites(layout, pal)))


def _draw_base(layout: MapLayout, pal: Palette) -> Image.Image:
    k = _SUPER
    img = Image.new("RGB", (layout.grid.width * k, layout.grid.height * k), pal.ground)
    draw = ImageDraw.Draw(img)
    R = layout.size * k
    drawn = set(layout.areas)
    for cell in layout.extra_cells:
        cx, cy = layout.grid.centre(cell)
        draw.polygon(corners(cx * k, cy * k, R * 0.97), fill=mix(pal.ground, (255, 255, 255), 0.12))
    for area in layout.areas:
        cx, cy = (v * k for v in layout.centre(area))
        terrain = layout.hex(area).terrain
        fill = pal.terrain.get(terrain, (210, 210, 210))
        draw.polygon(corners(cx, cy, R), fill=fill)
        _texture(draw, terrain, cx, cy, R, mix(fill, (40, 40, 40), 0.28))
    for area in layout.areas:
        _edges(draw, layout, area, drawn, pal, k)
    for area in layout.areas:
        cx, cy = (v * k for v in layout.centre(area))
        _label(img, draw, area, cx, cy - 0.66 * R, R, pal)
        _resources(img, layout.hex(area).resources(), cx, cy - 0.36 * R, R, pal)
    return img.reduce(k)


def _edges(draw: ImageDraw.ImageDraw, layout: MapLayout, area: str, drawn: set[str], pal: Palette, k: int) -> None:
    """Thin hex edges and thicker tile outlines."""
    board, R = layout.board, layout.size * k
    cell = layout.cell(area)
    cx, cy = (v * k for v in layout.centre(area))
    tile = board.hexes[cell].tile
    for direction in DIRECTION_ORDER:
        other = board.hexes.get(neighbour(cell[0], cell[1], direction))
        if other is not None and other.area in drawn and other.area < area:
            continue  # drawn from the other side
        a, b = edge(cx, cy, R, direction)
        outer = other is None or other.tile != tile
        line = pal.ink if outer else mix(pal.ink, (255, 255, 255), 0.55)
        draw.line([a, b], fill=line, width=max(1, round(R * (0.045 if outer else 0.02))))


def _border_sprites(layout: MapLayout, pal: Palette) -> list[tuple[Image.Image, tuple[int, int]]]:
    """One sprite per mountain (peaks) or water (wave) border, each edge once."""
    board, R = layout.board, layout.size
    drawn = set(layout.areas)
    out = []
    for area in layout.areas:
        cell = layout.cell(area)
        cx, cy = layout.centre(area)
        for direction in DIRECTION_ORDER:
            kind = board.border(area, direction)
            other = board.hexes.get(neighbour(cell[0], cell[1], direction))
            if kind is None or (other is not None and other.area in drawn and other.area < area):
                continue
            a, b = edge(cx, cy, R, direction)
            if kind == "yellow":  # Banners of War's tile 12: a setup restriction only
                out.append(_edge_sprite(a, b, R, _yellow))
            elif kind == "mountain":
                out.append(_edge_sprite(a, b, R, _peaks, pal.mountain))
            else:
                out.append(_edge_sprite(a, b, R, _wave, pal.water))
    return out


def _edge_sprite(a, b, R, paint: Callable[..., None], *colour: Any) -> tuple[Image.Image, tuple[int, int]]:
    """A sprite over the border from ``a`` to ``b`` and where it goes: ``paint(draw, a, b, R,
    *colour)`` draws it at :data:`sprites.SS` times the size, ``a`` and ``b`` relative to the sprite."""
    k, pad = sprites.SS, R * 0.25
    left, top = math.floor(min(a[0], b[0]) - pad), math.floor(min(a[1], b[1]) - pad)
    w, h = math.ceil(max(a[0], b[0]) + pad) - left, math.ceil(max(a[1], b[1]) + pad) - top
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(img), ((a[0] - left) * k, (a[1] - top) * k), ((b[0] - left) * k, (b[1] - top) * k), R * k, *colour)
    return img.resize((w, h), Image.Resampling.LANCZOS), (left, top)


YELLOW = (226, 186, 36)


def _yellow(draw, a, b, R) -> None:
    """Tile 12's yellow border: a dashed yellow line (it does not hinder movement)."""
    for i in range(0, 10, 2):
        draw.line([_along(a, b, i / 10, 0), _along(a, b, (i + 1) / 10, 0)], fill=YELLOW, width=round(R * 0.1))


def sunken_city_waves(layout: MapLayout, data: ViewData, pal: Palette) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The Sunken City's water border over tile 12's yellow one (drawn from the view: where the city lies)."""
    area = data.banners().get("sunken_city")
    if not area or area not in layout.areas:
        return []
    board, R = layout.board, layout.size
    cx, cy = layout.centre(area)
    out = []
    for direction in DIRECTION_ORDER:
        if board.border(area, direction) != "yellow":
            continue
        a, b = edge(cx, cy, R, direction)
        out.append(_edge_sprite(a, b, R, _wave, pal.water))
    return out


def _along(a, b, t: float, off: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length, dx / length
    return a[0] + dx * t + nx * off, a[1] + dy * t + ny * off


def _peaks(draw, a, b, R, colour) -> None:
    """A mountain border: a ridge line with three peaks standing on it."""
    draw.line([a, b], fill=colour, width=round(R * 0.07))
    for i in range(3):
        t0, t1 = (i + 0.08) / 3, (i + 0.92) / 3
        base = [_along(a, b, t0, R * 0.07), _along(a, b, t1, R * 0.07)]
        apex = _along(a, b, (t0 + t1) / 2, -R * 0.17)
        draw.polygon(base + [apex], fill=colour, outline=(30, 20, 10), width=max(1, round(R * 0.02)))


def _wave(draw, a, b, R, colour) -> None:
    draw.line([a, b], fill=colour, width=round(R * 0.16))
    pts = [_along(a, b, i / 24, R * 0.035 * math.sin(i / 24 * math.pi * 6)) for i in range(25)]
    draw.line(pts, fill=(255, 255, 255), width=max(1, round(R * 0.03)), joint="curve")


_TEXTURE_SPOTS = ((-0.55, 0.05), (0.58, 0.1), (-0.3, 0.6), (0.32, 0.62), (0.0, -0.2), (-0.62, -0.3), (0.62, -0.3), (0.0, 0.86))


def _texture(draw: ImageDraw.ImageDraw, terrain: str, cx: float, cy: float, R: float, ink) -> None:
    """A terrain's texture, so terrain does not rest on colour alone."""
    w = max(1, round(R * 0.025))
    u = R * 0.09
    for dx, dy in _TEXTURE_SPOTS:
        x, y = cx + dx * R, cy + dy * R
        if terrain == "forest":
            draw.polygon([(x, y - u * 1.3), (x - u, y + u * 0.6), (x + u, y + u * 0.6)], fill=ink)
            draw.line([(x, y + u * 0.6), (x, y + u * 1.1)], fill=ink, width=w)
        elif terrain == "hills":
            draw.arc([x - u * 1.4, y - u * 0.8, x + u * 1.4, y + u * 1.2], 200, 340, fill=ink, width=w)
        elif terrain == "mountains":
            draw.line(
                [
                    (x - u * 1.3, y + u * 0.6),
                    (x - u * 0.2, y - u * 0.9),
                    (x + u * 0.4, y - u * 0.1),
                    (x + u * 0.8, y - u * 0.5),
                    (x + u * 1.4, y + u * 0.6),
                ],
                fill=ink,
                width=w,
            )
        elif terrain == "marsh":
            draw.line([(x - u * 1.2, y), (x + u * 1.2, y)], fill=ink, width=w)
            draw.line([(x - u * 0.6, y + u * 0.5), (x + u * 0.6, y + u * 0.5)], fill=ink, width=w)
            draw.line([(x + u * 0.2, y), (x + u * 0.4, y - u * 1.0)], fill=ink, width=w)
        elif terrain == "wasteland":
            draw.line(
                [(x - u, y - u * 0.4), (x - u * 0.2, y + u * 0.2), (x + u * 0.3, y - u * 0.2), (x + u, y + u * 0.4)],
                fill=ink,
                width=w,
            )
        else:  # plains: grass tufts
            draw.line([(x - u * 0.5, y - u * 0.6), (x, y + u * 0.3), (x + u * 0.5, y - u * 0.6)], fill=ink, width=w)


def _label(img: Image.Image, draw: ImageDraw.ImageDraw, area: str, x: float, y: float, R: float, pal: Palette) -> None:
    size = label_size(R)
    w = fonts.width(area, size)
    pad = R * 0.06
    draw.rounded_rectangle(
        [x - w / 2 - pad, y - size * 0.62, x + w / 2 + pad, y + size * 0.62],
        radius=size * 0.3,
        fill=(255, 255, 255),
        outline=pal.ink,
        width=max(1, round(R * 0.015)),
    )
    fonts.text(img, (x, y), area, size, pal.ink, anchor="mm", bold=True)


def _resources(img: Image.Image, amounts: Mapping[str, int], x: float, y: float, R: float, pal: Palette) -> None:
    """Printed resources, right-aligned left of the centre line."""
    icons = [kind for kind in ("food", "wood", "ore") for _ in range(amounts.get(kind, 0))]
    size = round(R * 0.28)
    step = R * 0.27
    for i, kind in enumerate(reversed(icons)):
        sprite = sprites.resource(kind, size, getattr(pal, kind))
        sprites.paste(img, sprite, x - R * 0.2 - i * step, y)


# -- the pieces of a view --------------------------------------------------------------------


def draw_pieces(
    img: Image.Image,
    borders,
    layout: MapLayout,
    pack: Pack,
    data: ViewData,
    pal: Palette,
    *,
    seat: int | None,
    only_seat: int | None,
    highlight: Collection[str] = (),
) -> dict[str, list[tuple[int, int, int, int]]]:
    """Draw every area's pieces; returns, per area, the boxes of markers showing what only
    this seat knows (runes, an exploration token): the only places a seat's map differs
    from the public one. The cropped-to area and the ``highlight`` areas get a rim."""
    draw = ImageDraw.Draw(img)
    secret_boxes: dict[str, list[tuple[int, int, int, int]]] = {}
    for area in layout.areas:
        _control(img, layout, data, pal, area)
    rimmed = ({layout.focus} if layout.focus is not None else set()) | set(highlight)
    for area in sorted(rimmed & set(layout.areas)):
        cx, cy = layout.centre(area)
        draw.polygon(corners(cx, cy, layout.size * 0.985), outline=pal.highlight, width=max(2, round(layout.size * 0.05)))
    for sprite, xy in [*borders, *sunken_city_waves(layout, data, pal)]:
        img.paste(sprite, xy, sprite)
    for area in layout.areas:
        secret_boxes[area] = _area(img, draw, layout, pack, data, pal, area, seat, only_seat)
    _legend(img, draw, layout, data, pal, only_seat)
    return secret_boxes


@dataclass
class Piece:
    """Something placed in an area's slots: a sprite and what is written on or beside it."""

    sprite: Image.Image
    count: str | None = None  # written at the bottom right (unit counts)
    letter: str | None = None  # written on it (hero initial, development kind)
    letter_colour: Any = None
    damage: int = 0  # battle damage on these figures, a red disc at the top left
    secret: bool = False  # only this seat knows what it shows
    corner: str | None = None  # a letter on a white disc at the top right (Banners of War's new unit types)
    star: bool = False  # a gold star at the top right (a commander, issue 24)
    rune_mark: Any = None  # a printed dragon rune's colour at the top right (a Free City's, issue 24)


def _area(
    img, draw, layout: MapLayout, pack: Pack, data: ViewData, pal: Palette, area: str, seat: int | None, only_seat: int | None
) -> list[tuple[int, int, int, int]]:
    R = layout.size
    cx, cy = layout.centre(area)
    info = data.area(area)
    _owned_label(
        img,
        draw,
        data,
        pal,
        area,
        info.get("controller"),
        area in data.contested or data.battle_area == area,
        cx,
        cy - R * 0.66,
        R,
    )
    secret = _top_right(img, pal, data, info, cx, cy, R, seat, area)
    units = _unit_pieces(pack, data, pal, area, info, R, only_seat)
    misc = _misc_pieces(data, pal, area, info, R, only_seat, seat)
    return secret + _place(img, draw, units, misc, cx, cy, R, pal)


def _owned_label(
    img, draw, data: ViewData, pal: Palette, area: str, owner: int | None, battle: bool, x: float, y: float, R: float
) -> None:
    """Over the base's white label: a controlled area's id on its controller's colour with its
    emblem; a battle's crossed swords at the right end."""
    if owner is None and not battle:
        return
    size = label_size(R)
    text_w = fonts.width(area, size)
    emblem_w = R * 0.3 if owner is not None else 0
    swords_w = R * 0.34 if battle else 0
    pad = R * 0.06
    width = emblem_w + text_w + swords_w + 2 * pad
    left = x - width / 2
    fill = data.colour(owner, pal) if owner is not None else (255, 255, 255)
    ink = text_on(fill)
    draw.rounded_rectangle(
        [left, y - size * 0.62, left + width, y + size * 0.62],
        radius=size * 0.3,
        fill=fill,
        outline=pal.ink,
        width=max(1, round(R * 0.02)),
    )
    if owner is not None:
        sprites.paste(img, sprites.emblem_mark(data.emblem(owner), round(R * 0.24), ink), left + pad + emblem_w / 2, y)
    fonts.text(img, (left + pad + emblem_w + text_w / 2, y), area, size, ink, anchor="mm", bold=True)
    if battle:
        sprites.paste(img, sprites.swords(round(R * 0.34), pal.damage), left + width - pad - swords_w / 2 + R * 0.02, y)


def _place(img, draw, units: list[Piece], misc: list[Piece], cx, cy, R, pal: Palette) -> list[tuple[int, int, int, int]]:
    """Units fill two middle rows, then the other pieces three bottom slots; what the bottom
    row cannot hold joins the middle rows; beyond that a "+n"."""
    bottom, overflow = misc[:3], misc[3:]
    middle = units + overflow
    columns = 3 if len(middle) <= 6 else 4
    capacity = columns * 2
    shown, hidden = middle[:capacity], len(middle) - capacity
    step = R * (0.5 if columns == 3 else 0.4)
    secret = []
    for i, piece in enumerate(shown):
        row, col = divmod(i, columns)
        in_row = min(columns, len(shown) - row * columns)
        x = cx + (col - (in_row - 1) / 2) * step
        y = cy + (-0.04 if row == 0 else 0.32) * R
        secret += _draw_piece(img, draw, piece, x, y, R, pal)
    for i, piece in enumerate(bottom):
        x = cx + (i - (len(bottom) - 1) / 2) * R * 0.29
        secret += _draw_piece(img, draw, piece, x, cy + R * 0.63, R, pal)
    if hidden > 0:
        fonts.text(
            img,
            (cx + R * 0.72, cy + R * 0.2),
            f"+{hidden}",
            round(R * 0.24),
            pal.ink,
            anchor="mm",
            bold=True,
            halo=(255, 255, 255),
        )
    return secret


def _draw_piece(img, draw, piece: Piece, x: float, y: float, R: float, pal: Palette) -> list[tuple[int, int, int, int]]:
    box = sprites.paste(img, piece.sprite, x, y)
    size = piece.sprite.width
    if piece.letter:
        fonts.text(img, (x, y - R * 0.02), piece.letter, round(R * 0.17), piece.letter_colour, anchor="mm", bold=True)
    if piece.count:
        fonts.text(
            img,
            (x + size * 0.42, y + size * 0.5),
            piece.count,
            label_size(R),
            pal.ink,
            anchor="mb",
            bold=True,
            halo=(255, 255, 255),
        )
    if piece.damage:
        _pill(img, draw, x - size * 0.45, y - size * 0.42, str(piece.damage), round(R * 0.2), pal.damage)
    if piece.corner:
        r, text_size = R * 0.12, round(R * 0.18)
        cx_, cy_ = x + size * 0.45, y - size * 0.42
        draw.ellipse([cx_ - r, cy_ - r, cx_ + r, cy_ + r], fill=(255, 255, 255), outline=pal.ink, width=max(1, round(R * 0.02)))
        fonts.text(img, (cx_, cy_), piece.corner, text_size, pal.ink, anchor="mm", bold=True)
    if piece.star:
        star(draw, x + size * 0.45, y - size * 0.42, R * 0.13, pal)
    if piece.rune_mark is not None:
        r = R * 0.1
        cx_, cy_ = x + size * 0.45, y - size * 0.42
        draw.ellipse([cx_ - r, cy_ - r, cx_ + r, cy_ + r], fill=piece.rune_mark, outline=pal.ink, width=max(1, round(R * 0.02)))
    return [box] if piece.secret else []


GOLD = (232, 184, 40)


def star(draw, x: float, y: float, r: float, pal: Palette, colour=GOLD) -> None:
    """A five-pointed star (a capital, a commander): a shape, so it needs no words in any language."""
    points = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.45
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    draw.polygon(points, fill=colour, outline=pal.ink, width=max(1, round(r * 0.15)))


def _unit_pieces(pack: Pack, data: ViewData, pal: Palette, area: str, info, R, only_seat) -> list[Piece]:
    """One piece per stack and state (standing, routed), a seat's own before neutrals."""
    found = []
    for stack in info.get("units", []):
        owner, ally = stack.get("owner"), stack.get("ally")
        if only_seat is not None and owner != only_seat and not (owner is None and ally == only_seat):
            continue
        unit = pack.unit(stack["unit"])
        for routed, count in ((False, stack.get("standing", 0)), (True, stack.get("routed", 0))):
            if count:
                found.append((owner, unit, routed, count, ally))
    found.sort(key=lambda t: (t[0] is None, t[0] if t[0] is not None else 0, t[2], t[1].row, t[1].id))
    size = round(R * (0.4 if len(found) <= 6 else 0.34))
    damage = data.battle_damage(area)
    pieces = []
    for owner, unit, routed, count, ally in found:
        colour = data.colour(owner, pal) if owner is not None else pal.neutral
        ring = data.colour(ally, pal) if owner is None and ally is not None else None
        mark = data.emblem(owner) if owner is not None else (data.emblem(ally) if ally is not None else None)
        pieces.append(
            Piece(
                sprites.unit(unit.shape, size, colour, mark, routed=routed, ring=ring),
                count=str(count),
                damage=0 if routed else damage.get((owner, unit.id), 0),
                corner=(unit.name_en or unit.id)[0].upper() if unit.replaces else None,
            )
        )
    return pieces


def _misc_pieces(data: ViewData, pal: Palette, area: str, info, R, only_seat, seat: int | None) -> list[Piece]:
    """City, development, heroes, defeated-hero tokens, activation tokens, exploration token."""
    pieces = []
    if info.get("city") == "sunken-city":  # Banners of War: the Sunken City, with its printed dragon rune
        pieces.append(Piece(sprites.city(round(R * 0.32)), corner="S"))
    elif info.get("city") or data.printed_city(area):
        printed = data.free_city_rune(area)  # Rise of the Free Cities: a printed dragon rune
        mark = (pal.dragon if data.printed_rune_counts(area) else (150, 150, 150)) if printed else None
        pieces.append(Piece(sprites.city(round(R * 0.32)), rune_mark=mark))
    peasant = data.peasant_of(area)
    if peasant is not None:  # Daqan's peasant token: it controls the area for him
        colour = data.colour(peasant, pal)
        pieces.append(Piece(sprites.emblem_badge(None, round(R * 0.26), colour), letter="P", letter_colour=text_on(colour)))
    banners = data.banners()
    if area in banners.get("desolation", ()):  # Banners of War's Desolation and Cryomancy tokens
        pieces.append(Piece(sprites.tile(round(R * 0.28), DESOLATION), letter="D", letter_colour=(255, 255, 255)))
    frozen = (banners.get("cryomancy") or {}).get(area, 0)
    if frozen:
        letter = "C" if frozen == 1 else f"C{frozen}"
        pieces.append(Piece(sprites.tile(round(R * 0.28), CRYOMANCY), letter=letter, letter_colour=pal.ink))
    development = info.get("development")
    if development:
        owner = data.seat_of_faction(development.split(".")[0])
        colour = data.colour(owner, pal) if owner is not None else pal.neutral
        letter = {"resources": "R", "diplomacy": "D", "training": "T", "defence": "W"}.get(development.split(".")[-1], "?")
        pieces.append(Piece(sprites.tile(round(R * 0.28), colour), letter=letter, letter_colour=text_on(colour)))
    for hero in data.heroes_in(area):
        if only_seat is not None and hero.get("owner") != only_seat:
            continue
        colour = data.colour(hero.get("owner"), pal)
        pieces.append(
            Piece(
                sprites.hero(round(R * 0.3), colour, routed=bool(hero.get("routed"))),
                letter=(hero.get("name") or hero.get("id") or "?")[0].upper(),
                letter_colour=text_on(colour),
                star=data.commander_card(hero) is not None,  # Commanders of the Battlefield
            )
        )
    for token in data.defeated_in(area):
        pieces.append(
            Piece(
                sprites.tile(round(R * 0.26), (120, 120, 120)),
                letter=str(token.get("number", "?")),
                letter_colour=(255, 255, 255),
            )
        )
    for activator in info.get("activated_by", []):
        pieces.append(
            Piece(sprites.emblem_badge(data.emblem(activator), round(R * 0.26), data.colour(activator, pal), square=True))
        )
    token = data.exploration(area)
    if token:
        known, face_up = token.get("token"), bool(token.get("face_up"))
        face = (214, 190, 140) if face_up else (120, 98, 70)
        pieces.append(
            Piece(
                sprites.tile(round(R * 0.28), face),
                letter=str(known)[0].upper() if known else str(token.get("back", "?")),
                letter_colour=pal.ink if face_up else (255, 255, 255),
                secret=bool(known) and not face_up and seat is not None,
            )
        )
    return pieces


DESOLATION, CRYOMANCY = (112, 84, 60), (196, 228, 246)


def _control(img, layout: MapLayout, data: ViewData, pal: Palette, area: str) -> None:
    """A controlled area is ringed in its controller's colour (its emblem is drawn by the label)."""
    owner = data.area(area).get("controller")
    if owner is not None:
        sprites.paste(img, _rim(round(layout.size), data.colour(owner, pal)), *layout.centre(area))


def _rim(size: int, colour) -> Image.Image:
    return _RIMS.get((size, colour), lambda: _draw_rim(size, colour))


_RIMS = LayerCache(64)


def _draw_rim(size: int, colour) -> Image.Image:
    k = sprites.SS
    w, h = round(size * 1.7321) + 2, size * 2 + 2
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c = (w * k / 2, h * k / 2)
    draw.polygon(corners(*c, size * k * 0.975), fill=colour + (255,))
    draw.polygon(corners(*c, size * k * 0.86), fill=(0, 0, 0, 0))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _pill(img, draw, x: float, y: float, text: str, size: int, colour) -> None:
    r = size * 0.62
    draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=(255, 255, 255), width=max(1, size // 10))
    fonts.text(img, (x, y), text, size, (255, 255, 255), anchor="mm", bold=True)


def _top_right(
    img, pal: Palette, data: ViewData, info, cx, cy, R, seat: int | None, area: str = ""
) -> list[tuple[int, int, int, int]]:
    """Stronghold and rune, right of the centre line; returns the rune's box if it shows what
    only this seat knows (its kind, or what it last knew lay here)."""
    x, y = cx + R * 0.22, cy - R * 0.36
    fort = info.get("stronghold")
    if fort is not None:
        owner = fort["owner"]
        sprites.paste(
            img, sprites.stronghold(round(R * 0.38), data.colour(owner, pal), data.emblem(owner), bool(fort.get("damaged"))), x, y
        )
        if data.capital_of(area) is not None:  # Development Cards: the capital
            star(ImageDraw.Draw(img), x + R * 0.16, y - R * 0.16, R * 0.12, pal)
        x += R * 0.36
    rune = info.get("rune")
    if rune is None:
        return []
    stale = info.get("rune_last_known") if rune == "face_down" else None
    ring = None
    if seat is not None and rune in ("dragon", "false") and not data.rune_public(info):
        ring = data.colour(seat, pal)
    sprite = sprites.rune(round(R * 0.34), rune, pal.rune_back, pal.dragon, pal.false_rune, known_ring=ring, stale=stale)
    box = sprites.paste(img, sprite, x + R * 0.02, y)
    return [box] if ring is not None or stale is not None else []


def _legend(img, draw, layout: MapLayout, data: ViewData, pal: Palette, only_seat: int | None) -> None:
    """The band above the map: each seat's emblem, colour and faction; the season at the right.

    Its type has the full map's size whatever the crop; it shrinks to fit a narrow map,
    dropping the season (also on the board panel) when nothing else helps.
    """
    unit = min(layout.size, MAP_HEX)
    names = [
        f"{p['seat'] + 1}: {data.faction_name(p['seat'])}" + (" " + data._("(out)") if p.get("eliminated") else "")
        for p in data.players
    ]
    right = data.season_line()
    if only_seat is not None:
        right = data._("only the units of {player} · {when}", player=data.who(only_seat), when=right)
    size = round(unit * 0.26)

    def needed(size: int, with_right: bool) -> float:
        badge = size * 1.4
        total = sum(badge + size * 0.9 + fonts.width(n, size) for n in names) + unit * 0.6
        return total + (fonts.width(right, size) + unit * 0.4 if with_right else 0)

    while size > 12 and needed(size, True) > layout.grid.width:
        size -= 1
    show_right = needed(size, True) <= layout.grid.width
    y = layout.size * LEGEND_BAND / 2 + 2
    x = unit * 0.3
    ink = text_on(pal.ground)
    for player, name in zip(data.players, names):
        s = player["seat"]
        badge = round(size * 1.4)
        sprites.paste(img, sprites.emblem_badge(data.emblem(s), badge, data.colour(s, pal)), x + badge / 2, y)
        fonts.text(img, (x + badge + size * 0.3, y), name, size, ink, anchor="lm", bold=True)
        x += badge + size * 0.9 + fonts.width(name, size)
    if show_right:
        fonts.text(img, (layout.grid.width - unit * 0.3, y), right, size, ink, anchor="rm")
