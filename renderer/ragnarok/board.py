"""The board of Lords of Ragnarok, either side, from a view and the data pack.

The pack gives only each territory's centre (``data/ragnarok/board.toml``, a 1,000 × 1,000
plan), so a territory is drawn as the part of the plan nearer its centre than any other
territory, sea or Yggdrasil (a Voronoi cell) within a coast round its centre. The static base
(sea, cells, borders, Yggdrasil, the legend of lands) is drawn once per side and palette and
cached; each render pastes the pieces of one view on a copy: control rims, population,
symbols (settlement, shrine or temple, forge with its rune, monument with its level and
priests), armies with their strength, heroes, monsters with their control rings, Loki,
drakkars on the seas, realms with their alliance markers and the action wheel round Yggdrasil
with the top marker of every field (the panel lists each stack in order).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import fonts, sprites
from renderer.palette import Palette, text_on
from renderer.palette import palette as get_palette
from renderer.ragnarok.style import (
    GOLD,
    LAND_GROUNDS,
    LOKI,
    MONSTER_INK,
    RUNE_COLOURS,
    RUNE_LETTERS,
    SEA,
    SEA_DEEP,
    TREE,
    Words,
    badge,
    seat_colour,
    seat_emblem,
    tint,
)

PLAN = 1000  # the pack's coordinates
MAP = 1000  # pixels of the whole map (the plan at scale 1)
LEGEND = 64  # the strip of lands under the map
CENTRE = (500.0, 500.0)
COAST = 150.0  # how far a territory reaches from its centre at most
YGG_RADIUS = 92.0
SS = 2  # the base is drawn twice as large and reduced (smooth borders)
LABEL = 14  # the smallest text on the map (a phone half shows it at least 10 px high)
YGGDRASIL = "yggdrasil"  # the area of the wheel (a crop of it is the Yggdrasil panel)

Point = tuple[float, float]
Box = tuple[int, int, int, int]


# ------------------------------------------------------------------ geometry


def _clip(poly: list[Point], a: float, b: float, c: float) -> list[Point]:
    """The part of a convex polygon where a*x + b*y <= c."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


class Geometry:
    """Where everything of one side of the board is, in plan coordinates."""

    def __init__(self, pack: Any, side: str):
        raw = pack.raw
        self.side = side
        self.territories: dict[int, dict[str, Any]] = {t["number"]: t for t in raw["territories"] if t["side"] == side}
        self.seas: dict[str, dict[str, Any]] = {s["id"]: s for s in raw["seas"] if s["side"] == side}
        self.lands: list[tuple[str, tuple[int, ...]]] = [
            (x["id"], tuple(x["territories"])) for x in raw["lands"] if x["side"] == side
        ]
        self.land_index = {name: i for i, (name, _) in enumerate(self.lands)}
        self.realm_spaces = {r["id"]: tuple(r["territories"]) for r in raw["realm_spaces"] if r["side"] == side}
        sites: list[tuple[Any, Point]] = [(("t", n), (float(t["x"]), float(t["y"]))) for n, t in self.territories.items()]
        sites += [(("s", k), (float(s["x"]), float(s["y"]))) for k, s in self.seas.items()]
        sites.append((("y", 0), CENTRE))
        self.cells: dict[int, list[Point]] = {}
        for key, (x, y) in sites:
            if key[0] != "t":
                continue
            poly: list[Point] = [
                (x + COAST * math.cos(2 * math.pi * i / 40), y + COAST * math.sin(2 * math.pi * i / 40)) for i in range(40)
            ]
            for other, (ox, oy) in sites:
                if other == key:
                    continue
                # nearer (x, y) than (ox, oy); Yggdrasil's own site keeps a disc clear
                a, b = ox - x, oy - y
                c = (ox * ox + oy * oy - x * x - y * y) / 2
                if other[0] == "y":
                    d = math.hypot(a, b) or 1.0
                    c = (ox * a + oy * b) - YGG_RADIUS * d  # the tangent line of Yggdrasil's disc
                poly = _clip(poly, a, b, c)
            self.cells[key[1]] = poly
        self.realms: dict[str, Point] = {}
        for realm, ts in self.realm_spaces.items():
            mx = sum(self.centre(t)[0] for t in ts) / len(ts)
            my = sum(self.centre(t)[1] for t in ts) / len(ts)
            dx, dy = mx - CENTRE[0], my - CENTRE[1]
            d = math.hypot(dx, dy) or 1.0
            px, py = mx + dx / d * 120, my + dy / d * 120
            self.realms[realm] = (min(PLAN - 75, max(75, px)), min(PLAN - 25, max(25, py)))

    def centre(self, t: int) -> Point:
        rec = self.territories[t]
        return float(rec["x"]), float(rec["y"])

    def land_of(self, t: int) -> str:
        return str(self.territories[t]["land"])

    def bounds(self, numbers: Sequence[int]) -> tuple[float, float, float, float]:
        xs = [p[0] for t in numbers for p in self.cells.get(t, [])]
        ys = [p[1] for t in numbers for p in self.cells.get(t, [])]
        return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=8)
def geometry(pack: Any, side: str) -> Geometry:
    return Geometry(pack, side)


# ------------------------------------------------------------------ the static base


@lru_cache(maxsize=24)
def base_layer(pack: Any, side: str, palette_name: str, legend: str) -> Image.Image:
    """Sea, territories by land, borders, Yggdrasil and the legend of lands (``legend``: its
    heading, in the reader's language); never drawn on after creation (copy it)."""
    pal = get_palette(palette_name)
    geo = geometry(pack, side)
    size = MAP * SS
    img = Image.new("RGB", (size, size), SEA)
    draw = ImageDraw.Draw(img)
    k = SS * MAP / PLAN
    for t, poly in geo.cells.items():
        ground = LAND_GROUNDS[geo.land_index.get(geo.land_of(t), 0) % len(LAND_GROUNDS)]
        draw.polygon([(x * k, y * k) for x, y in poly], fill=ground, outline=pal.ink, width=2 * SS)
    # land borders: thicker where two cells of different lands meet (drawn as each land's outline)
    for name, ts in geo.lands:
        for t in ts:
            for u in geo.territories[t]["adjacent"]:
                if u in geo.territories and geo.land_of(u) != name and u > t:
                    shared = _shared_edge(geo.cells[t], geo.cells[u])
                    if shared:
                        draw.line([(x * k, y * k) for x, y in shared], fill=pal.ink, width=5 * SS)
    cx, cy, r = CENTRE[0] * k, CENTRE[1] * k, (YGG_RADIUS - 6) * k
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=tint(TREE, 0.55), outline=pal.ink, width=2 * SS)
    # lines from Yggdrasil to the territories next to it
    for t, rec in geo.territories.items():
        if rec.get("yggdrasil"):
            x, y = geo.centre(t)
            dx, dy = x - CENTRE[0], y - CENTRE[1]
            d = math.hypot(dx, dy) or 1.0
            a = (CENTRE[0] + dx / d * (YGG_RADIUS - 4), CENTRE[1] + dy / d * (YGG_RADIUS - 4))
            b = (CENTRE[0] + dx / d * (YGG_RADIUS + 14), CENTRE[1] + dy / d * (YGG_RADIUS + 14))
            draw.line([(a[0] * k, a[1] * k), (b[0] * k, b[1] * k)], fill=TREE, width=6 * SS)
    for sea in geo.seas.values():
        x, y = sea["x"] * k, sea["y"] * k
        draw.ellipse([x - 8 * SS, y - 8 * SS, x + 8 * SS, y + 8 * SS], outline=SEA_DEEP, width=2 * SS)
    out = img.resize((MAP, MAP), Image.Resampling.LANCZOS)
    for sea in geo.seas.values():
        fonts.text(out, (sea["x"], sea["y"] - 12), str(sea["name"]), LABEL, pal.ink, anchor="md", halo=SEA)
    fonts.text(out, (CENTRE[0], CENTRE[1] - 4), "Yggdrasil", LABEL, pal.ink, anchor="mm", bold=True, halo=tint(TREE, 0.55))
    full = Image.new("RGB", (MAP, MAP + LEGEND), pal.paper)
    full.paste(out, (0, 0))
    d = ImageDraw.Draw(full)
    x, y = 12, MAP + 8
    fonts.text(full, (x, y + 12), legend, LABEL, pal.ink, anchor="lm", bold=True)
    x += fonts.width(legend, LABEL) + 14
    for i, (name, ts) in enumerate(geo.lands):
        label = f"{name} {ts[0]}-{ts[-1]}" if len(ts) > 1 else name
        w = fonts.width(label, LABEL) + 30
        if x + w > MAP - 8:
            x, y = 12, y + 26
        d.rectangle([x, y + 4, x + 18, y + 20], fill=LAND_GROUNDS[i % len(LAND_GROUNDS)], outline=pal.ink)
        fonts.text(full, (x + 24, y + 12), label, LABEL, pal.ink, anchor="lm")
        x += w + 8
    return full


def _shared_edge(a: list[Point], b: list[Point]) -> list[Point]:
    """The points of ``a`` lying on ``b``'s outline (the border two neighbouring cells share)."""
    near = []
    for p in a:
        for i in range(len(b)):
            q, r = b[i], b[(i + 1) % len(b)]
            if _dist_to_segment(p, q, r) < 0.5:
                near.append(p)
                break
    return near if len(near) >= 2 else []


def _dist_to_segment(p: Point, q: Point, r: Point) -> float:
    qx, qy = r[0] - q[0], r[1] - q[1]
    length = qx * qx + qy * qy
    t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - q[0]) * qx + (p[1] - q[1]) * qy) / length))
    return math.hypot(p[0] - q[0] - t * qx, p[1] - q[1] - t * qy)


# ------------------------------------------------------------------ sprites of this game


@lru_cache(maxsize=128)
def army_token(size: int, fill: tuple[int, int, int], emblem: str, strength: int) -> Image.Image:
    """An army: its owner's emblem disc and its strength beside it."""
    disc = badge(emblem, size, fill)
    label = str(strength)
    w = size + int(fonts.width(label, size - 2)) + 4
    img = Image.new("RGBA", (w, size), (0, 0, 0, 0))
    img.paste(disc, (0, 0), disc)
    fonts.text(img, (size + 1, size // 2), label, size - 2, (20, 20, 20, 255), anchor="lm", bold=True, halo=(255, 255, 255, 255))
    return img


@lru_cache(maxsize=64)
def monster_token(label: str, ring: tuple[int, int, int] | None, emblem: str | None, boss: bool) -> Image.Image:
    """A monster (dark plate with its name) or Loki (purple); a controlled one has its controller's ring and emblem."""
    w = int(fonts.width(label, LABEL)) + 14 + (18 if emblem else 0)
    h = 24
    img = Image.new("RGBA", (w + 6, h + 6), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = LOKI if boss else MONSTER_INK
    d.rounded_rectangle([3, 3, w + 2, h + 2], radius=7, fill=fill, outline=ring or (250, 250, 250), width=3 if ring else 1)
    fonts.text(img, (10, 3 + h // 2), label, LABEL, (255, 255, 255, 255), anchor="lm", bold=True)
    if emblem and ring:
        mark = badge(emblem, 16, ring)
        img.paste(mark, (w - 16, 7), mark)
    return img


@lru_cache(maxsize=64)
def hero_token(initial: str, fill: tuple[int, int, int]) -> Image.Image:
    shield = sprites.hero(26, fill).copy()
    fonts.text(shield, (13, 11), initial, LABEL, text_on(fill) + (255,), anchor="mm", bold=True)
    return shield


@lru_cache(maxsize=32)
def drakkar_token(fill: tuple[int, int, int], emblem: str) -> Image.Image:
    """A longship: hull in its owner's colour, a sail with the owner's emblem."""
    s = 4
    w, h = 44, 28
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    hull = [(2 * s, 17 * s), (42 * s, 17 * s), (36 * s, 26 * s), (8 * s, 26 * s)]
    d.polygon(hull, fill=fill, outline=(25, 25, 25), width=2 * s)
    d.line([(22 * s, 2 * s), (22 * s, 17 * s)], fill=(25, 25, 25), width=2 * s)
    d.rectangle([12 * s, 3 * s, 32 * s, 15 * s], fill=(250, 250, 245), outline=(25, 25, 25), width=s)
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    mark = sprites.emblem_mark(emblem, 11, fill)
    small.paste(mark, (17, 3), mark)
    return small


def _symbol(img: Image.Image, kind: str, x: float, y: float, pal: Palette, *, fill=None, label: str = "") -> None:
    """A territory symbol 18 px high centred on (x, y): settlement (house), shrine (open
    triangle) or temple (filled), forge (anvil square, its rune letter when the rune lies
    there), monument (column with its level)."""
    d = ImageDraw.Draw(img)
    ink = pal.ink
    if kind == "settlement":
        d.polygon([(x - 8, y), (x, y - 8), (x + 8, y), (x + 8, y + 8), (x - 8, y + 8)], fill=(250, 246, 235), outline=ink)
    elif kind in ("shrine", "temple"):
        d.polygon([(x - 9, y + 8), (x, y - 9), (x + 9, y + 8)], fill=fill if kind == "temple" else (250, 246, 235), outline=ink)
        if kind == "temple":
            d.line([(x - 9, y + 8), (x + 9, y + 8)], fill=ink, width=3)
    elif kind == "forge":
        d.rectangle([x - 9, y - 9, x + 9, y + 9], fill=fill or (210, 205, 200), outline=ink, width=2)
        if label:
            fonts.text(img, (x, y), label, LABEL - 1, (255, 255, 255), anchor="mm", bold=True)
    elif kind == "monument":
        d.rectangle([x - 7, y - 10, x + 7, y + 10], fill=GOLD, outline=ink, width=2)
        if label:
            fonts.text(img, (x, y), label, LABEL - 1, ink, anchor="mm", bold=True)


# ------------------------------------------------------------------ pieces of a view


def players_by_seat(view: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    return {int(p["seat"]): p for p in view.get("players") or []}


def draw_pieces(
    img: Image.Image, view: Mapping[str, Any], pack: Any, pal: Palette, w: Words, highlight: Sequence[str] = ()
) -> None:
    geo = geometry(pack, view.get("side") or "34p")
    players = players_by_seat(view)
    d = ImageDraw.Draw(img)

    def colour(seat: int) -> tuple[int, int, int]:
        p = players.get(seat) or {}
        return seat_colour(pal, p.get("colour"), seat)

    terr = {int(t["number"]): t for t in view.get("territories") or []}
    gods_at = {geo.territories[t].get("monument"): t for t in geo.territories if geo.territories[t].get("monument")}
    monuments = view.get("monuments") or {}
    # control rims and highlights
    for t, info in terr.items():
        poly = geo.cells.get(t)
        if not poly:
            continue
        ctrl = info.get("controller", -1)
        if ctrl is not None and ctrl >= 0:
            d.line([*poly, poly[0]], fill=colour(ctrl), width=6, joint="curve")
        if str(t) in highlight:
            d.line([*poly, poly[0]], fill=pal.highlight, width=3, joint="curve")
    # occupants per territory
    occupants: dict[int, list[Image.Image]] = {t: [] for t in terr}
    monsters = view.get("monsters") or {}
    for m, st in sorted(monsters.items()):
        if st.get("status") == "board" and st.get("at") in occupants:
            ctrl = st.get("ctrl", -1)
            ring = colour(ctrl) if ctrl is not None and ctrl >= 0 else None
            occupants[st["at"]].append(monster_token(_short(pack.name(m)), ring, seat_emblem(ctrl) if ring else None, False))
    boss = view.get("boss") or {}
    if boss.get("at") in occupants and boss.get("defeated", -1) in (-1, None):
        occupants[boss["at"]].append(monster_token("Loki", None, None, True))
    for seat, p in players.items():
        if p.get("hero_at") in occupants:
            initial = (pack.name(p["hero"])[:1] if p.get("hero") else str(seat + 1)).upper()
            occupants[p["hero_at"]].append(hero_token(initial, colour(seat)))
    for seat, p in players.items():
        for at, strength in p.get("armies") or []:
            if at in occupants and strength:
                occupants[at].append(army_token(22, colour(seat), seat_emblem(seat), int(strength)))
    for t, info in terr.items():
        x, y = geo.centre(t)
        # the number, the controller's emblem and the population
        fonts.text(img, (x, y - 44), str(t), 24, pal.ink, anchor="mm", bold=True, halo=(255, 255, 255))
        ctrl = info.get("controller", -1)
        if ctrl is not None and ctrl >= 0:
            disc = badge(seat_emblem(ctrl), 18, colour(ctrl))
            sprites.paste(img, disc, x - 26, y - 44)
        pop = int(info.get("population") or 0)
        # population: a white square (round discs are the players' markers)
        d.rounded_rectangle([x + 15, y - 54, x + 35, y - 34], radius=3, fill=(255, 255, 255), outline=pal.ink, width=2)
        fonts.text(img, (x + 25, y - 44), str(pop), LABEL, pal.ink, anchor="mm", bold=True)
        # symbols
        symbols = list(geo.territories[t].get("symbols") or [])
        drawn: list[tuple[str, Any, str]] = []
        for s in symbols:
            if s == "shrine":
                drawn.append(
                    (
                        "temple" if info.get("temple") else "shrine",
                        colour(ctrl) if ctrl is not None and ctrl >= 0 else pal.ink,
                        "",
                    )
                )
            elif s == "forge":
                rune = info.get("forge") or ""
                there = bool(info.get("forge_rune"))
                drawn.append(("forge", RUNE_COLOURS.get(rune) if there else None, RUNE_LETTERS.get(rune, "") if there else ""))
            elif s == "monument":
                god = geo.territories[t].get("monument")
                level = (monuments.get(god) or {}).get("level", 0)
                drawn.append(("monument", None, str(level)))
            else:
                drawn.append((s, None, ""))
        if info.get("temple") and "shrine" not in symbols:
            drawn.append(("temple", colour(ctrl) if ctrl is not None and ctrl >= 0 else pal.ink, ""))
        sx = x - (len(drawn) - 1) * 12
        for kind, fill, label in drawn:
            _symbol(img, kind, sx, y - 16, pal, fill=fill, label=label)
            sx += 24
        # priests on a monument: small discs in their owners' colours
        for god, t2 in gods_at.items():
            if t2 == t:
                for i, seat in enumerate((monuments.get(god) or {}).get("priests") or []):
                    px = x + 42 + (i % 2) * 12
                    py = y - 22 + (i // 2) * 12
                    d.ellipse([px - 5, py - 5, px + 5, py + 5], fill=colour(seat), outline=pal.ink)
        # the pieces, in rows of at most 120 px
        _flow(img, occupants.get(t, []), x, y + 6, 124)
    # drakkars, by their seas
    at_sea: dict[str, list[int]] = {}
    for seat, p in players.items():
        if p.get("drakkar") in geo.seas:
            at_sea.setdefault(p["drakkar"], []).append(seat)
    for sea, seats in at_sea.items():
        sx, sy = float(geo.seas[sea]["x"]), float(geo.seas[sea]["y"])
        tokens = [drakkar_token(colour(s), seat_emblem(s)) for s in seats]
        _flow(img, tokens, min(PLAN - 60, max(60, sx)), min(PLAN - 40, max(6, sy - 2)), 100)
    # realms with their alliance markers
    tiles = {r["id"]: r for r in pack.raw["realm_tiles"]}
    for realm, allied in sorted((view.get("realms") or {}).items()):
        if realm not in geo.realms:
            continue
        rx, ry = geo.realms[realm]
        name = str(tiles.get(realm, {}).get("name", realm))
        tw = fonts.width(name, LABEL) + 12 + 16 * len(allied)
        d.rounded_rectangle([rx - tw / 2, ry - 13, rx + tw / 2, ry + 13], radius=6, fill=(245, 240, 250), outline=pal.ink)
        fonts.text(img, (rx - tw / 2 + 6, ry), name, LABEL, pal.ink, anchor="lm")
        mx = rx - tw / 2 + 12 + fonts.width(name, LABEL)
        for seat in allied:
            disc = badge(seat_emblem(seat), 15, colour(seat))
            sprites.paste(img, disc, mx + 8, ry)
            mx += 16
    _draw_wheel(img, view, pack, pal, colour)


def _short(name: str) -> str:
    """A monster's name on the map: its last word ("Fire Wyrm" -> "Wyrm")."""
    return name.split()[-1] if name else name


def _flow(img: Image.Image, tokens: list[Image.Image], cx: float, top: float, width: float) -> None:
    rows: list[list[Image.Image]] = [[]]
    used = 0.0
    for token in tokens:
        if rows[-1] and used + token.width + 3 > width:
            rows.append([])
            used = 0
        rows[-1].append(token)
        used += token.width + 3
    y = top
    for row in rows:
        total = sum(t.width + 3 for t in row) - 3
        x = cx - total / 2
        h = max((t.height for t in row), default=0)
        for t in row:
            img.paste(t, (round(x), round(y + (h - t.height) / 2)), t)
            x += t.width + 3
        y += h + 2


def _draw_wheel(img: Image.Image, view: Mapping[str, Any], pack: Any, pal: Palette, colour) -> None:
    """The action wheel round Yggdrasil: each field's initial and the marker on top of its stack
    (with how many lie there); the Yggdrasil panel lists every stack in order."""
    wheel = view.get("wheel") or {}
    fields = [f for f in pack.wheel(view.get("side") or "34p")]
    if not fields:
        return
    d = ImageDraw.Draw(img)
    cx, cy = CENTRE
    n = len(fields)
    for i, f in enumerate(fields):
        a = -math.pi / 2 + 2 * math.pi * i / n
        x, y = cx + 60 * math.cos(a), cy + 60 * math.sin(a)
        stack = wheel.get(f) or []
        label = _wheel_initials(pack, view, f)
        if stack:
            top = stack[-1]
            fill = colour(top)
            d.ellipse([x - 14, y - 14, x + 14, y + 14], fill=fill, outline=pal.ink, width=2)
            fonts.text(img, (x, y), label, LABEL - 2, text_on(fill), anchor="mm", bold=True)
            if len(stack) > 1:
                fonts.text(
                    img, (x + 13, y - 12), str(len(stack)), LABEL - 2, pal.ink, anchor="mm", bold=True, halo=(255, 255, 255)
                )
        else:
            d.ellipse([x - 14, y - 14, x + 14, y + 14], fill=(250, 248, 240), outline=pal.ink, width=1)
            fonts.text(img, (x, y), label, LABEL - 2, pal.ink, anchor="mm")


#: the wheel's fields on the map, two letters each (the Yggdrasil panel names them in full)
WHEEL_LABELS = {
    "recruit": "Re",
    "mobilize": "Mb",
    "prepare": "Pr",
    "temple": "BT",
    "monster": "Mo",
    "seize": "Se",
    "monument": "BM",
}


def _wheel_initials(pack: Any, view: Mapping[str, Any], field: str) -> str:
    if field in WHEEL_LABELS:
        return WHEEL_LABELS[field]
    side = view.get("side") or "34p"
    named = getattr(pack, "wheel_name", None)
    name = str(named(side, field)) if named else str(pack.wheel(side).get(field, {}).get("name", field))
    words = name.split()
    return (words[0][:1] + words[-1][:1]).upper() if len(words) > 1 else name[:2]


def render_map(view: Mapping[str, Any], pack: Any, pal: Palette, w: Words, highlight: Sequence[str] = ()) -> Image.Image:
    image = base_layer(pack, view.get("side") or "34p", pal.name, w._("Lands:")).copy()
    draw_pieces(image, view, pack, pal, w, highlight)
    return image


def area_box(view: Mapping[str, Any], pack: Any, area: str) -> Box | None:
    """The part of the map an area (a territory's number, a sea's id or a realm's) and its
    neighbours cover, in pixels; None for an unknown area."""
    geo = geometry(pack, view.get("side") or "34p")
    key = str(area).strip()
    if key.isdigit() and int(key) in geo.territories:
        t = int(key)
        near = [t, *[u for u in geo.territories[t]["adjacent"] if u in geo.territories]]
    elif key in geo.seas:
        near = [int(u) for u in geo.seas[key]["territories"]]
    elif key in geo.realm_spaces:
        near = list(geo.realm_spaces[key])
    else:
        return None
    x0, y0, x1, y1 = geo.bounds(near)
    if key in geo.seas:
        sx, sy = float(geo.seas[key]["x"]), float(geo.seas[key]["y"])
        x0, y0, x1, y1 = min(x0, sx - 60), min(y0, sy - 30), max(x1, sx + 60), max(y1, sy + 40)
    if key in geo.realms:
        rx, ry = geo.realms[key]
        x0, y0, x1, y1 = min(x0, rx - 80), min(y0, ry - 20), max(x1, rx + 80), max(y1, ry + 20)
    k = MAP / PLAN
    return (max(0, int(x0 * k) - 10), max(0, int(y0 * k) - 10), min(MAP, int(x1 * k) + 10), min(MAP, int(y1 * k) + 10))


def areas(view: Mapping[str, Any], pack: Any) -> list[str]:
    """Every area a crop may name: territories by number, then seas and realms by id, and Yggdrasil."""
    geo = geometry(pack, view.get("side") or "34p")
    return [str(t) for t in sorted(geo.territories)] + list(geo.seas) + list(geo.realm_spaces) + [YGGDRASIL]
