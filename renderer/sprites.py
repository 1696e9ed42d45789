"""Small anti-aliased pictures (unit bases, emblems, strongholds, runes, icons), cached.

Pillow's polygon and ellipse drawing is not anti-aliased, so each sprite is drawn 4x
larger on a transparent RGBA image and reduced; a map pastes the cached result (sprites
are shared between threads and must never be drawn on after creation).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.palette import RGB, mix

SS = 4  # supersampling factor


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _done(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _regular(cx: float, cy: float, r: float, n: int, start: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start + 360 * i / n)), cy + r * math.sin(math.radians(start + 360 * i / n)))
        for i in range(n)
    ]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Outline of a unit base (``None`` for the circle, drawn as an ellipse)."""
    if shape == "triangle":
        return _regular(cx, cy + r * 0.22, r * 1.22, 3, -90)
    if shape == "rectangle":
        return [(cx - r, cy - r * 0.72), (cx + r, cy - r * 0.72), (cx + r, cy + r * 0.72), (cx - r, cy + r * 0.72)]
    if shape == "hexagon":
        return _regular(cx, cy, r, 6, 0)
    return None


def emblem_points(emblem: str, cx: float, cy: float, r: float) -> list[list[tuple[float, float]]]:
    """The emblem as polygons (a cross is two bars)."""
    if emblem == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.42
            a = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return [pts]
    if emblem == "leaf":
        w = r * 0.58
        steps = 16
        right = [(cx + w * math.sin(math.pi * i / steps) ** 2, cy - r * math.cos(math.pi * i / steps)) for i in range(steps + 1)]
        left = [(2 * cx - x, y) for x, y in reversed(right)]
        return [right + left]
    if emblem == "cross":
        t = r * 0.3
        bars = []
        for angle in (45, 135):
            a = math.radians(angle)
            dx, dy = math.cos(a), math.sin(a)
            nx, ny = -dy, dx
            bars.append(
                [
                    (cx + dx * r + nx * t / 2, cy + dy * r + ny * t / 2),
                    (cx + dx * r - nx * t / 2, cy + dy * r - ny * t / 2),
                    (cx - dx * r - nx * t / 2, cy - dy * r - ny * t / 2),
                    (cx - dx * r + nx * t / 2, cy - dy * r + ny * t / 2),
                ]
            )
        return bars
    if emblem == "spikes":
        base, top = cy + r * 0.75, cy - r
        return [
            [
                (cx - r, base),
                (cx - r * 0.95, cy - r * 0.35),
                (cx - r * 0.45, cy + r * 0.1),
                (cx, top),
                (cx + r * 0.45, cy + r * 0.1),
                (cx + r * 0.95, cy - r * 0.35),
                (cx + r, base),
            ]
        ]
    raise KeyError(emblem)


def _emblem(draw: ImageDraw.ImageDraw, emblem: str | None, cx: float, cy: float, r: float, fill) -> None:
    if emblem:
        for poly in emblem_points(emblem, cx, cy, r):
            draw.polygon(poly, fill=fill)


@lru_cache(maxsize=512)
def unit(shape: str, size: int, fill: RGB, emblem: str | None, *, routed: bool = False, ring: RGB | None = None) -> Image.Image:
    """A unit base: ``shape`` filled with ``fill``, a white ``emblem`` inside.

    Routed units lie down: the base is turned on its side, flattened and paled, without its
    emblem. ``ring`` circles an allied neutral in its ally's colour.
    """
    w = h = size
    img, draw = _canvas(w, h)
    s = SS
    r = size * s * 0.42
    cx = cy = size * s / 2
    outline, lw = (25, 25, 25), max(2, round(size * s * 0.06))
    if ring is not None:
        draw.ellipse([cx - r * 1.12, cy - r * 1.12, cx + r * 1.12, cy + r * 1.12], outline=ring, width=round(lw * 1.6))
        r *= 0.8
    body = mix(fill, (255, 255, 255), 0.45) if routed else fill
    if routed:
        layer, ldraw = _canvas(w, h)
        _base(ldraw, shape, cx, cy, r, body, outline, lw)
        layer = layer.rotate(90, resample=Image.Resampling.BICUBIC)
        layer = layer.resize((w * s, round(h * s * 0.7)), Image.Resampling.BICUBIC)
        img.alpha_composite(layer, (0, round(h * s * 0.22)))
    else:
        _base(draw, shape, cx, cy, r, body, outline, lw)
        _emblem(
            draw,
            emblem,
            cx,
            cy + (r * 0.26 if shape == "triangle" else 0),
            r * (0.5 if shape == "triangle" else 0.56),
            (255, 255, 255),
        )
    return _done(img, w, h)


def _base(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill, outline, lw: int) -> None:
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=outline, width=lw)
    else:
        draw.polygon(pts, fill=fill, outline=outline, width=lw)


@lru_cache(maxsize=256)
def emblem_badge(emblem: str | None, size: int, fill: RGB, *, square: bool = False) -> Image.Image:
    """A faction colour disc (or rounded square: activation token) with its white emblem."""
    img, draw = _canvas(size, size)
    s = SS
    m = size * s * 0.06
    box = [m, m, size * s - m, size * s - m]
    if square:
        draw.rounded_rectangle(box, radius=size * s * 0.18, fill=fill, outline=(25, 25, 25), width=max(2, round(size * s * 0.06)))
    else:
        draw.ellipse(box, fill=fill, outline=(25, 25, 25), width=max(2, round(size * s * 0.06)))
    _emblem(draw, emblem, size * s / 2, size * s / 2, size * s * 0.3, (255, 255, 255))
    return _done(img, size, size)


@lru_cache(maxsize=128)
def emblem_mark(emblem: str, size: int, fill: RGB) -> Image.Image:
    """The emblem alone (for labels and the legend)."""
    img, draw = _canvas(size, size)
    _emblem(draw, emblem, size * SS / 2, size * SS / 2, size * SS * 0.46, fill)
    return _done(img, size, size)


@lru_cache(maxsize=128)
def stronghold(size: int, fill: RGB, emblem: str | None, damaged: bool) -> Image.Image:
    """A keep with three merlons; the damaged side is greyed and cracked."""
    w, h = size, size
    img, draw = _canvas(w, h)
    s = SS * size / 24.0
    ink, lw = (25, 25, 25), max(2, round(1.6 * s))
    body = mix(fill, (90, 90, 90), 0.55) if damaged else fill
    outline = [(2, 22), (2, 6), (6, 6), (6, 9), (10, 9), (10, 6), (14, 6), (14, 9), (18, 9), (18, 6), (22, 6), (22, 22)]
    pts = [(x * s, y * s) for x, y in outline]
    draw.polygon(pts, fill=body, outline=ink, width=lw)
    if damaged:
        crack = [(13 * s, 6 * s), (11 * s, 11 * s), (14 * s, 14 * s), (10 * s, 22 * s)]
        draw.line(crack, fill=(255, 255, 255), width=round(lw * 1.6))
        draw.line(crack, fill=(200, 30, 30), width=lw)
    else:
        _emblem(draw, emblem, 12 * s, 15.5 * s, 5.2 * s, (255, 255, 255))
    return _done(img, w, h)


@lru_cache(maxsize=32)
def city(size: int) -> Image.Image:
    """Two towers with pointed roofs (a city printed on the map)."""
    img, draw = _canvas(size, size)
    s = SS * size / 24.0
    ink, lw = (25, 25, 25), max(2, round(1.4 * s))
    stone, roof = (238, 228, 205), (176, 64, 48)
    for x0, top in ((3, 9), (13, 5)):
        draw.rectangle([x0 * s, top * s, (x0 + 8) * s, 22 * s], fill=stone, outline=ink, width=lw)
        draw.polygon(
            [((x0 - 1) * s, top * s), ((x0 + 4) * s, (top - 5) * s), ((x0 + 9) * s, top * s)], fill=roof, outline=ink, width=lw
        )
        draw.rectangle([(x0 + 3) * s, 16 * s, (x0 + 5) * s, 22 * s], fill=ink)
    return _done(img, size, size)


@lru_cache(maxsize=64)
def rune(
    size: int, kind: str, back: RGB, dragon: RGB, false: RGB, *, known_ring: RGB | None = None, stale: str | None = None
) -> Image.Image:
    """A rune token: ``face_down`` (a rune sign on a dark disc), ``dragon`` (gold, a dragon
    eye) or ``false`` (grey, struck through). ``known_ring``: a dashed ring in the viewer's
    colour marks a rune only the viewer knows; ``stale``: what the viewer last knew lay here.
    """
    img, draw = _canvas(size, size)
    S = size * SS
    c, r = S / 2, S * 0.40
    ink, lw = (25, 25, 25), max(2, round(S * 0.06))
    fill = {"face_down": back, "dragon": dragon, "false": false}[kind]
    draw.ellipse([c - r, c - r, c + r, c + r], fill=fill, outline=ink, width=lw)
    mark = (255, 255, 255) if kind == "face_down" else ink
    if kind == "face_down":  # a rune: stave with two branches
        draw.line([(c - r * 0.2, c - r * 0.6), (c - r * 0.2, c + r * 0.6)], fill=mark, width=lw)
        draw.line([(c - r * 0.2, c - r * 0.6), (c + r * 0.35, c - r * 0.15), (c - r * 0.2, c + r * 0.1)], fill=mark, width=lw)
        draw.line([(c - r * 0.1, c + r * 0.05), (c + r * 0.4, c + r * 0.6)], fill=mark, width=lw)
    elif kind == "dragon":  # a slit eye
        draw.ellipse([c - r * 0.62, c - r * 0.34, c + r * 0.62, c + r * 0.34], fill=(200, 60, 20), outline=ink, width=lw)
        draw.ellipse([c - r * 0.12, c - r * 0.32, c + r * 0.12, c + r * 0.32], fill=ink)
    else:
        draw.line([(c - r * 0.55, c + r * 0.55), (c + r * 0.55, c - r * 0.55)], fill=mark, width=round(lw * 1.5))
    if stale is not None:  # a small corner dot in the colour of what was last known
        d = r * 0.55
        dot = dragon if stale == "dragon" else false
        draw.ellipse([S - d * 1.6, 0, S - d * 0.0, d * 1.6], fill=dot, outline=ink, width=lw)
    if known_ring is not None:
        for i in range(12):
            if i % 2 == 0:
                start = i * 30
                draw.arc(
                    [c - r * 1.22, c - r * 1.22, c + r * 1.22, c + r * 1.22],
                    start,
                    start + 30,
                    fill=known_ring,
                    width=round(lw * 1.4),
                )
    return _done(img, size, size)


@lru_cache(maxsize=16)
def swords(size: int, colour: RGB) -> Image.Image:
    """The battle marker: two white crossed swords on a ``colour`` disc."""
    img, draw = _canvas(size, size)
    S = size * SS
    lw = max(2, round(S * 0.09))
    draw.ellipse([S * 0.03, S * 0.03, S * 0.97, S * 0.97], fill=colour, outline=(255, 255, 255), width=round(lw * 0.6))
    for flip in (1, -1):
        tip = (S * (0.5 - 0.25 * flip), S * 0.2)
        hilt = (S * (0.5 + 0.22 * flip), S * 0.78)
        draw.line([tip, hilt], fill=(255, 255, 255), width=lw)
        gx, gy = tip[0] + (hilt[0] - tip[0]) * 0.7, tip[1] + (hilt[1] - tip[1]) * 0.7
        dx, dy = (hilt[1] - tip[1]), -(hilt[0] - tip[0])
        norm = math.hypot(dx, dy)
        ux, uy = dx / norm * S * 0.14, dy / norm * S * 0.14
        draw.line([(gx - ux, gy - uy), (gx + ux, gy + uy)], fill=(255, 255, 255), width=lw)
    return _done(img, size, size)


@lru_cache(maxsize=64)
def hero(size: int, fill: RGB, *, routed: bool = False) -> Image.Image:
    """A hero's shield in its owner's colour (the initial is written on it); a routed hero's lies on its side."""
    img, draw = _canvas(size, size)
    S = size * SS
    pts = [(S * 0.12, S * 0.08), (S * 0.88, S * 0.08), (S * 0.88, S * 0.5), (S * 0.5, S * 0.94), (S * 0.12, S * 0.5)]
    draw.polygon(pts, fill=(255, 255, 255), outline=(25, 25, 25), width=max(2, round(S * 0.06)))
    inner = [(S * 0.22, S * 0.17), (S * 0.78, S * 0.17), (S * 0.78, S * 0.47), (S * 0.5, S * 0.8), (S * 0.22, S * 0.47)]
    draw.polygon(inner, fill=mix(fill, (255, 255, 255), 0.45) if routed else fill)
    if routed:
        img = img.rotate(90, resample=Image.Resampling.BICUBIC)
    return _done(img, size, size)


@lru_cache(maxsize=64)
def tile(size: int, fill: RGB) -> Image.Image:
    """A rounded square (a development tile; its letter is written on it)."""
    img, draw = _canvas(size, size)
    S = size * SS
    draw.rounded_rectangle(
        [S * 0.06, S * 0.06, S * 0.94, S * 0.94], radius=S * 0.2, fill=fill, outline=(25, 25, 25), width=max(2, round(S * 0.07))
    )
    return _done(img, size, size)


@lru_cache(maxsize=32)
def resource(kind: str, size: int, colour: RGB) -> Image.Image:
    """Resource icons with different shapes: food a wheat ear, wood a log, ore a gem."""
    img, draw = _canvas(size, size)
    S = size * SS
    ink, lw = (25, 25, 25), max(2, round(S * 0.07))
    if kind == "food":
        draw.line([(S * 0.5, S * 0.95), (S * 0.5, S * 0.3)], fill=ink, width=lw)
        for y in (0.22, 0.42, 0.62):
            for side in (-1, 1):
                x0 = S * 0.5 + side * S * 0.02
                box = [min(x0, x0 + side * S * 0.34), S * y, max(x0, x0 + side * S * 0.34), S * (y + 0.2)]
                draw.ellipse(box, fill=colour, outline=ink, width=round(lw * 0.7))
        draw.ellipse([S * 0.38, S * 0.04, S * 0.62, S * 0.3], fill=colour, outline=ink, width=round(lw * 0.7))
    elif kind == "wood":
        draw.rounded_rectangle([S * 0.06, S * 0.3, S * 0.9, S * 0.72], radius=S * 0.12, fill=colour, outline=ink, width=lw)
        draw.ellipse([S * 0.66, S * 0.3, S * 0.94, S * 0.72], fill=mix(colour, (255, 230, 180), 0.55), outline=ink, width=lw)
        draw.line([(S * 0.16, S * 0.45), (S * 0.56, S * 0.45)], fill=ink, width=round(lw * 0.6))
    else:
        pts = [(S * 0.5, S * 0.06), (S * 0.92, S * 0.4), (S * 0.5, S * 0.94), (S * 0.08, S * 0.4)]
        draw.polygon(pts, fill=colour, outline=ink, width=lw)
        draw.line([(S * 0.08, S * 0.4), (S * 0.92, S * 0.4)], fill=ink, width=round(lw * 0.6))
        draw.line([(S * 0.3, S * 0.4), (S * 0.5, S * 0.94), (S * 0.7, S * 0.4)], fill=ink, width=round(lw * 0.6))
    return _done(img, size, size)


def paste(canvas: Image.Image, sprite: Image.Image, cx: float, cy: float) -> tuple[int, int, int, int]:
    """Paste ``sprite`` centred on (cx, cy); returns the box it covers."""
    x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
    canvas.paste(sprite, (x, y), sprite)
    return x, y, x + sprite.width, y + sprite.height
