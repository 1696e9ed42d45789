"""Seventh Stone pictures from views only (never a state): the grid, the panels and both together.

The grid (:func:`render_map`): terrain per field (plain, forest, mountain, temple, desert, the
volcano, water gaps), portals by colour and shape (blue: a ring, yellow: a diamond), the volcano's
counters (a lava mark on each field it covers), capitals (a crown in the owner's colour), buildings
by type (B barracks, M manufactory, W wall), control (a frame and the seat's number), armies as
typed tokens (melee a square, ranged a triangle, cavalry a circle) with their regulars and
mercenaries ("4+2") and a dot when an equipment tile lies beneath (never which: only the owner's
own picture names it), conflicts (a red frame) and supports (arrows' count) during combat.

The panel (:func:`render_panel`): per player storage, income, upkeep, tear stones, tournament
stones, mercenaries won, turn order, equipment hand size and whether the allocation is sealed; the
revealed market offer; the battle with its dice; the tournament bracket; for a seat's own picture
its equipment hand and, before the reveal, its allocation.

Every seat is told by its colour AND its number (1-4) so the pictures read without colour.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import fonts
from renderer.blocks import Column
from renderer.palette import Palette, text_on
from renderer.palette import palette as get_palette
from renderer.seventhstone.words import (
    EVENTS,
    ITEMS,
    PHASES,
    UNITS,
    Words,
    building_initial,
    item_order,
    offer_names,
    player_name,
    tile_name,
    words,
)

View = Mapping[str, Any]
LETTERS = "ABCDEFG"
CELL = 100
MARGIN = 30
PANEL_WIDTH = 460
LABEL = 20  # the army counts and coordinates: 20 px on a 738 px map read 10.8 px high at a phone's 400 px
MAX_PAGE = 1200

_TERRAIN = {
    "plain": (217, 228, 166),
    "forest": (140, 186, 122),
    "mountain": (178, 170, 160),
    "temple": (236, 222, 178),
    "desert": (240, 208, 128),
    "volcano": (120, 60, 50),
    "water": (70, 140, 210),
}
_CONTRAST = {k: tuple(min(255, c + (255 - c) // 3) for c in v) for k, v in _TERRAIN.items()} | {
    "water": (40, 90, 200),
    "volcano": (90, 30, 20),
}
PORTALS = {"blue": (30, 90, 220), "yellow": (240, 190, 0)}
LAVA = (230, 80, 20)
CONFLICT = (210, 20, 20)


def terrain_colours(pal: Palette) -> dict[str, tuple[int, int, int]]:
    return dict(_CONTRAST if pal.name == "contrast" else _TERRAIN)


def seat_colour(pal: Palette, seat: int | None) -> tuple[int, int, int]:
    return pal.neutral if seat is None else pal.seats[seat % len(pal.seats)]


def dims(view: View) -> tuple[int, int]:
    cells = view.get("cells") or {}
    cols = int(view.get("columns") or 0) or len({c[0] for c in cells})
    rows = max((int(c[1:]) for c in cells), default=6)
    return cols, rows


def cell_box(cell: str, origin: tuple[int, int] = (MARGIN, MARGIN)) -> tuple[int, int, int, int]:
    x, y = LETTERS.index(cell[0]), int(cell[1:]) - 1
    left, top = origin[0] + x * CELL, origin[1] + y * CELL
    return left, top, left + CELL, top + CELL


# ------------------------------------------------------------------------------------ the grid


@lru_cache(maxsize=32)
def _base(layout: tuple[tuple[str, str, str | None], ...], cols: int, rows: int, palette_name: str) -> Image.Image:
    """The static grid: terrain, portals, temples, the volcano tile, water, coordinates (cached)."""
    pal = get_palette(palette_name)
    colours = terrain_colours(pal)
    width, height = MARGIN + cols * CELL + 8, MARGIN + rows * CELL + 8
    img = Image.new("RGB", (width, height), pal.ground)
    draw = ImageDraw.Draw(img)
    label = text_on(pal.ground)
    for x in range(cols):
        fonts.text(img, (MARGIN + x * CELL + CELL / 2, MARGIN / 2), LETTERS[x], LABEL, label, anchor="mm", bold=True)
    for y in range(rows):
        fonts.text(img, (MARGIN / 2, MARGIN + y * CELL + CELL / 2), str(y + 1), LABEL, label, anchor="mm", bold=True)
    for cell, kind, portal in layout:
        box = cell_box(cell)
        x0, t, r, b = box
        draw.rectangle((x0 + 1, t + 1, r - 1, b - 1), fill=colours.get(kind, pal.neutral))
        if kind == "forest":
            for dx, dy in ((22, 70), (50, 80), (78, 70)):
                draw.polygon([(x0 + dx, t + dy - 20), (x0 + dx - 9, t + dy), (x0 + dx + 9, t + dy)], fill=(60, 120, 60))
        elif kind == "mountain":
            draw.polygon([(x0 + 18, b - 14), (x0 + 42, t + 52), (x0 + 66, b - 14)], fill=(120, 110, 100))
            draw.polygon([(x0 + 50, b - 14), (x0 + 70, t + 60), (x0 + 90, b - 14)], fill=(140, 130, 120))
        elif kind == "desert":
            for k in range(9):
                draw.ellipse(
                    (x0 + 14 + (k % 3) * 30, t + 44 + (k // 3) * 18, x0 + 18 + (k % 3) * 30, t + 48 + (k // 3) * 18),
                    fill=(190, 150, 70),
                )
        elif kind == "temple":
            draw.polygon([(x0 + 30, t + 58), (x0 + 50, t + 44), (x0 + 70, t + 58)], fill=(150, 120, 60))
            for k in range(4):
                draw.rectangle((x0 + 32 + k * 11, t + 60, x0 + 36 + k * 11, b - 14), fill=(150, 120, 60))
        elif kind == "volcano":
            draw.polygon([(x0 + 18, b - 12), (x0 + 42, t + 30), (x0 + 58, t + 30), (x0 + 82, b - 12)], fill=(70, 30, 25))
            draw.polygon([(x0 + 42, t + 30), (x0 + 50, t + 16), (x0 + 58, t + 30)], fill=LAVA)
        elif kind == "water":
            for k in range(3):
                yy = t + 30 + k * 22
                draw.arc((x0 + 14, yy - 6, x0 + 50, yy + 6), 0, 180, fill=(200, 225, 250), width=3)
                draw.arc((x0 + 50, yy - 6, x0 + 86, yy + 6), 0, 180, fill=(200, 225, 250), width=3)
        if portal is not None:
            colour = PORTALS.get(portal, (200, 0, 200))
            cx, cy = x0 + 50, t + 62
            if portal == "yellow":
                draw.polygon(
                    [(cx, cy - 22), (cx + 22, cy), (cx, cy + 22), (cx - 22, cy)], outline=(60, 40, 0), fill=colour, width=3
                )
            else:
                draw.ellipse((cx - 22, cy - 22, cx + 22, cy + 22), outline=colour, width=7)
        if kind not in ("water",):
            fonts.text(img, (r - 9, b - 8), cell, 14, pal.ink, anchor="rd", halo=(255, 255, 255))
    return img


def _layout(view: View) -> tuple[tuple[str, str, str | None], ...]:
    cells = view.get("cells") or {}
    return tuple((c, str(d.get("kind")), d.get("portal")) for c, d in sorted(cells.items()))


def render_map(
    view: View,
    pack: Any = None,
    *,
    seat: int | None = None,
    palette: str = "default",
    highlight: Collection[str] = (),
    tr: Any = None,
) -> Image.Image:
    """The grid with everything on it (see the module docstring); ``seat``: the viewer, whose own
    armies name the tile beneath (only when the view is that seat's own); ``highlight``: fields
    to ring (what changed)."""
    pal = get_palette(palette)
    w = words(tr)
    cols, rows = dims(view)
    img = _base(_layout(view), cols, rows, pal.name).copy()
    draw = ImageDraw.Draw(img)
    cells = view.get("cells") or {}
    own = view.get("equipment") if seat is not None and view.get("seat") == seat else None
    lava = set(view.get("volcano") or [])
    conflicts = set(view.get("conflicts") or [])
    supports: dict[str, int] = {}
    for target in view.get("supports") or []:
        supports[target] = supports.get(target, 0) + 1
    battle = (view.get("battle") or {}).get("cell")
    for cell, data in sorted(cells.items()):
        x0, t, r, b = cell_box(cell)
        controller = data.get("controller")
        if controller is not None:
            colour = seat_colour(pal, controller)
            draw.rectangle((x0 + 2, t + 2, r - 2, b - 2), outline=colour, width=6)
            draw.rectangle((x0 + 2, t + 2, x0 + 22, t + 22), fill=colour)
            fonts.text(img, (x0 + 12, t + 12), str(controller + 1), 16, text_on(colour), anchor="mm", bold=True)
        capital = data.get("capital")
        if capital is not None:
            colour = seat_colour(pal, capital)
            crown = [
                (x0 + 28, t + 22),
                (x0 + 28, t + 8),
                (x0 + 35, t + 15),
                (x0 + 42, t + 6),
                (x0 + 49, t + 15),
                (x0 + 56, t + 8),
                (x0 + 56, t + 22),
            ]
            draw.polygon(crown, fill=colour, outline=pal.ink)
        right = r - 3
        for building in data.get("buildings") or []:
            label = building_initial(str(building.get("type")), w)  # one or two letters (German: K, Mf, Ma)
            width = 19 if len(label) < 2 else 27
            bx = right - width
            right = bx - 3
            draw.rectangle((bx, t + 4, bx + width, t + 23), fill=(250, 250, 245), outline=pal.ink, width=2)
            fonts.text(img, (bx + width / 2 + 0.5, t + 14), label, 14 if len(label) < 2 else 13, pal.ink, anchor="mm", bold=True)
        if cell in lava:
            draw.ellipse((x0 + 6, b - 30, x0 + 30, b - 6), fill=LAVA, outline=(60, 20, 0), width=2)
            fonts.text(img, (x0 + 18, b - 18), "!", 16, (255, 255, 255), anchor="mm", bold=True)
        if cell in conflicts or cell == battle:
            width = 8 if cell == battle else 5
            draw.rectangle((x0 + 1, t + 1, r - 1, b - 1), outline=CONFLICT, width=width)
            if supports.get(cell):
                label = w._("+{n} support", n=supports[cell]) if supports[cell] == 1 else w._("+{n} supports", n=supports[cell])
                fonts.text(img, (x0 + 50, b - 4), label, 14, (255, 255, 255), anchor="md", bold=True, halo=CONFLICT)
        if cell in highlight:
            draw.rectangle((x0 - 2, t - 2, r + 2, b + 2), outline=pal.highlight, width=4)
    by_cell: dict[str, list[Mapping[str, Any]]] = {}
    for army in view.get("armies") or []:
        by_cell.setdefault(str(army["cell"]), []).append(army)
    for cell, armies in by_cell.items():
        if cell not in cells:
            continue
        x0, t, r, b = cell_box(cell)
        for k, army in enumerate(armies[:3]):
            cx = x0 + 30 + k * 40 if len(armies) > 1 else x0 + 50
            cy = t + 58 if len(armies) < 3 else t + 54 + (k % 2) * 8
            _token(img, draw, pal, army, cx, cy, own.get(cell) if own and army.get("owner") == seat else None, pack, w)
    return img


def _token(img, draw, pal: Palette, army: Mapping[str, Any], cx: int, cy: int, tile: Any, pack: Any, w: Words) -> None:
    colour = seat_colour(pal, army.get("owner"))
    kind = army.get("type")
    s = 19
    if kind == "melee":
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=colour, outline=pal.ink, width=2)
    elif kind == "ranged":
        draw.polygon([(cx, cy - s - 4), (cx + s + 4, cy + s), (cx - s - 4, cy + s)], fill=colour, outline=pal.ink, width=2)
    else:
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=colour, outline=pal.ink, width=2)
    ink = text_on(colour)
    regulars, mercs = int(army.get("regulars") or 0), int(army.get("mercenaries") or 0)
    count = f"{regulars}+{mercs}" if mercs else str(regulars)
    fonts.text(img, (cx, cy + (4 if kind == "ranged" else 0)), count, LABEL, ink, anchor="mm", bold=True)
    fonts.text(
        img,
        (cx - s + 1, cy - s - 2),
        str(int(army.get("owner", 0)) + 1),
        13,
        (255, 255, 255),
        anchor="ld",
        bold=True,
        halo=pal.ink,
    )
    if army.get("equipped"):
        draw.ellipse((cx + s - 8, cy - s - 8, cx + s + 6, cy - s + 6), fill=(255, 255, 255), outline=pal.ink, width=3)
        if tile is not None:  # only the owner's own picture says which
            fonts.text(img, (cx, cy + s + 2), tile_name(pack, tile, w), 13, (255, 255, 255), anchor="ma", halo=pal.ink)


# ------------------------------------------------------------------------------------ the panel


def panel_column(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    tr: Any = None,
    dice: Sequence[Mapping[str, Any]] = (),
) -> Column:
    pal = get_palette(palette)
    w = words(tr)
    col = Column(PANEL_WIDTH, 14)
    year, phase = view.get("year"), str(view.get("phase") or "")
    heading = w._("Year {year}: {phase}", year=year, phase=w.known(PHASES, phase))
    col.text(heading, 22, pal.ink, bold=True)
    if view.get("event"):
        col.text(w._("Event: {event}", event=w.known(EVENTS, view["event"])), 16, pal.ink)
    order = list(view.get("order") or [])
    awaiting = set(view.get("awaiting") or [])
    col.rule(pal.panel_rule)
    for p in view.get("players") or []:
        _player_block(col, view, p, pal, w, order, awaiting)
    offer = view.get("offer") or []
    if offer:
        col.rule(pal.panel_rule)
        col.text(w._("Market offer (equipment)"), 18, pal.ink, bold=True)
        col.text(", ".join(offer_names(view, pack, w)), 16, pal.ink)
    allocations = view.get("allocations")
    if allocations:
        col.rule(pal.panel_rule)
        col.text(w._("Allocations revealed"), 18, pal.ink, bold=True)
        for s, a in enumerate(allocations):
            col.text(f"{player_name(view, s, w)}: {_allocation(a, w)}", 15, pal.ink)
    if view.get("battle"):
        col.rule(pal.panel_rule)
        battle_blocks(col, view, pal, w, dice)
    if view.get("players"):
        col.rule(pal.panel_rule)
        bracket_blocks(col, view, pal, w)
    if seat is not None and view.get("seat") == seat:
        col.rule(pal.panel_rule)
        private_blocks(col, view, pack, pal, w)
    return col


def _allocation(a: Mapping[str, Any], w: Words) -> str:
    """A revealed sheet in the items' order (ITEMS), never in its mapping's key order: a view
    read back from the outbox has its keys sorted, so the same view must draw the same words."""
    parts = [f"{w.known(ITEMS, k)} {a[k]}" for k in item_order(a) if a[k]]
    return ", ".join(parts) if parts else w._("nothing")


def _player_block(
    col: Column, view: View, p: Mapping[str, Any], pal: Palette, w: Words, order: list[int], awaiting: set[int]
) -> None:
    seat = int(p["seat"])
    colour = seat_colour(pal, seat)
    name = player_name(view, seat, w)
    place = order.index(seat) + 1 if seat in order else None
    head = f"{seat + 1}. {name}"
    if place is not None:
        head += "  " + w._("(turn order {place})", place=place)
    stones = w._("{n} tear stones", n=p.get("tear_stones", 0))

    def paint(img, draw, y, head=head, stones=stones):
        draw.rectangle((col.pad, y, col.pad + 26, y + 26), fill=colour, outline=pal.ink)
        fonts.text(img, (col.pad + 13, y + 13), str(seat + 1), 16, text_on(colour), anchor="mm", bold=True)
        fonts.text(img, (col.pad + 34, y + 2), head, 18, pal.ink, bold=True)
        fonts.text(img, (col.width - col.pad, y + 2), stones, 18, pal.ink, anchor="ra", bold=True)

    col.add(30, paint)
    line = w._(
        "storage {storage} · income {income} · upkeep {upkeep}",
        storage=p.get("storage", 0),
        income=p.get("income", 0),
        upkeep=p.get("upkeep", 0),
    )
    col.text(line, 15, pal.ink, indent=34)
    extra = [
        w._("tournament stones {n}", n=p.get("tournament_stones", 0)),
        w._("equipment in hand {n}", n=p.get("hand", 0)),
    ]
    if p.get("mercenaries"):
        extra.append(w._("mercenaries won {n}", n=p["mercenaries"]))
    if p.get("debt"):
        extra.append(w._("debt {n}", n=p["debt"]))
    if view.get("phase") == "allocate" and view.get("allocations") is None:
        extra.append(w._("sealed") if p.get("sealed") else w._("still allocating"))
    elif seat in awaiting:
        extra.append(w._("to decide"))
    col.text(" · ".join(extra), 15, pal.ink, indent=34)
    col.gap(4)


def battle_blocks(col: Column, view: View, pal: Palette, w: Words, dice: Sequence[Mapping[str, Any]] = ()) -> None:
    bt = view.get("battle") or {}
    title = w._("Battle on {cell}", cell=bt.get("cell"))
    if bt.get("overrun"):
        title += " " + w._("(overrun)")
    col.text(title, 18, pal.ink, bold=True)
    defender = bt.get("defender")
    col.text(
        w._(
            "round {round}, phase {phase}; defender {defender}",
            round=bt.get("round"),
            phase=bt.get("phase"),
            defender=player_name(view, defender, w) if isinstance(defender, int) else w._("nobody"),
        ),
        15,
        pal.ink,
    )
    if bt.get("guards"):
        col.text(w._("city guard: {n}", n=bt["guards"]), 15, pal.ink)
    if bt.get("walls_used"):
        col.text(w._("walls used: {n}", n=bt["walls_used"]), 15, pal.ink)
    in_field = [a for a in view.get("armies") or [] if a.get("cell") == bt.get("cell")]
    for army in in_field:
        col.text(
            w._(
                "{player}: {type} {regulars}+{mercs}",
                player=player_name(view, int(army["owner"]), w),
                type=w.known(UNITS, army["type"]),
                regulars=army.get("regulars", 0),
                mercs=army.get("mercenaries", 0),
            ),
            15,
            pal.ink,
            indent=10,
        )
    for s, hits in sorted((bt.get("hits") or {}).items(), key=lambda kv: str(kv[0])):
        if hits:
            col.text(
                w._("{player} must take {n} hits", player=player_name(view, int(s), w), n=hits)
                if hits != 1
                else w._("{player} must take 1 hit", player=player_name(view, int(s), w)),
                15,
                CONFLICT,
            )
    for roll in dice:
        _dice_row(col, view, roll, pal, w)


def _dice_row(col: Column, view: View, roll: Mapping[str, Any], pal: Palette, w: Words) -> None:
    faces = [int(d) for d in roll.get("dice") or []][:12]
    seat = int(roll.get("seat", 0))
    label = w._("{player}: {hits} hits", player=player_name(view, seat, w), hits=roll.get("hits", 0))

    def paint(img, draw, y, faces=faces, label=label):
        fonts.text(img, (col.pad, y + 4), label, 15, pal.ink)
        x = col.pad + 200
        for face in faces:
            draw.rounded_rectangle((x, y, x + 24, y + 24), radius=4, fill=(255, 255, 255), outline=pal.ink, width=2)
            fonts.text(img, (x + 12, y + 12), str(face), 15, pal.ink, anchor="mm", bold=True)
            x += 28

    col.add(30, paint)


def bracket_blocks(col: Column, view: View, pal: Palette, w: Words) -> None:
    """The tournament bracket as it stands: most tournament stones against fewest (ties open),
    the winners in the final; 3 players: the two with the fewest first; 2 players: one duel."""
    players = [p for p in view.get("players") or []]
    ranked = sorted(players, key=lambda p: (-int(p.get("tournament_stones") or 0), int(p["seat"])))
    due = 3 - int(view.get("round_counter") or 0)
    col.text(w._("Tournament (in {n} years): the bracket by tournament stones", n=max(due, 1)), 17, pal.ink, bold=True)

    def who(p: Mapping[str, Any]) -> str:
        return f"{player_name(view, int(p['seat']), w)} ({p.get('tournament_stones', 0)})"

    if len(ranked) == 4:
        pairs = [(who(ranked[0]), who(ranked[3])), (who(ranked[1]), who(ranked[2]))]
        final = w._("final: the two winners")
    elif len(ranked) == 3:
        pairs = [(who(ranked[1]), who(ranked[2]))]
        final = w._("final: {player} against the winner", player=who(ranked[0]))
    elif len(ranked) == 2:
        pairs, final = [(who(ranked[0]), who(ranked[1]))], ""
    else:
        return
    for a, b in pairs:

        def paint(img, draw, y, a=a, b=b):
            draw.line([(col.pad + 6, y + 4), (col.pad + 6, y + 40), (col.pad + 20, y + 40)], fill=pal.ink, width=2)
            fonts.text(img, (col.pad + 16, y), a, 15, pal.ink)
            fonts.text(img, (col.pad + 16, y + 20), w._("against {player}", player=b), 15, pal.ink)

        col.add(46, paint)
    if final:
        col.text(final, 15, pal.ink, indent=10)


def private_blocks(col: Column, view: View, pack: Any, pal: Palette, w: Words) -> None:
    """A seat's secrets, only in its own picture: its hand, its allocation before the reveal and
    the tiles under its armies."""
    hand = view.get("hand") or []
    col.text(w._("Your equipment hand"), 18, pal.ink, bold=True)
    col.text(", ".join(tile_name(pack, t, w) for t in hand) if hand else w._("none"), 16, pal.ink)
    under = view.get("equipment") or {}
    if under:
        col.text(w._("Under your armies"), 16, pal.ink, bold=True)
        col.text(", ".join(f"{cell}: {tile_name(pack, t, w)}" for cell, t in sorted(under.items())), 15, pal.ink)
    if view.get("allocations") is None and view.get("phase") == "allocate":
        alloc = view.get("allocation") or {}
        prices = view.get("prices") or {}
        spent = int(alloc.get("building", 0)) * int(prices.get("building", 4)) + sum(
            int(alloc.get(u, 0)) * int(prices.get("unit", 2)) for u in UNITS
        )
        spent += sum(int(n) for k, n in alloc.items() if k not in UNITS and k != "building")
        budget = next((int(p.get("storage", 0)) for p in view.get("players") or [] if p.get("seat") == view.get("seat")), 0)
        col.text(w._("Your allocation (secret until all have sealed)"), 16, pal.ink, bold=True)
        col.text(_allocation(alloc, w), 15, pal.ink)
        col.text(w._("{spent} of {budget} resources allocated", spent=spent, budget=budget), 15, pal.ink)
    tiles = view.get("draft_tiles") or []
    if tiles:
        col.text(w._("Handed to you in the draft"), 16, pal.ink, bold=True)
        col.text(", ".join(tile_name(pack, t, w) for t in tiles), 15, pal.ink)


def render_panel(
    view: View, pack: Any = None, *, seat: int | None = None, palette: str = "default", tr: Any = None, dice=()
) -> Image.Image:
    return panel_column(view, pack, seat=seat, palette=palette, tr=tr, dice=dice).render(get_palette(palette).paper)


def panel_pages(
    view: View, pack: Any = None, *, seat: int | None = None, palette: str = "default", tr: Any = None
) -> list[Image.Image]:
    return panel_column(view, pack, seat=seat, palette=palette, tr=tr).pages(get_palette(palette).paper, MAX_PAGE)


def compose(
    view: View,
    pack: Any = None,
    *,
    seat: int | None = None,
    palette: str = "default",
    highlight: Collection[str] = (),
    tr: Any = None,
    dice=(),
    **_: Any,
) -> Image.Image:
    """Map and panel side by side."""
    pal = get_palette(palette)
    grid = render_map(view, pack, seat=seat, palette=palette, highlight=highlight, tr=tr)
    panel = render_panel(view, pack, seat=seat, palette=palette, tr=tr, dice=dice)
    out = Image.new("RGB", (grid.width + panel.width, max(grid.height, panel.height)), pal.ground)
    out.paste(grid, (0, 0))
    out.paste(panel, (grid.width, 0))
    return out


def gallery(
    view: View,
    pack: Any = None,
    *,
    seat: int | None = None,
    palette: str = "default",
    layout: str = "wide",
    highlight=(),
    tr: Any = None,
    **_: Any,
) -> list[tuple[str, Image.Image]]:
    """``wide``: map and panel in one picture when it is at most 1,200 px tall, else the map and the
    panel's pages; ``phone``: the map alone, then the panel in pages (each at most 1,200 px)."""
    if layout == "wide":
        whole = compose(view, pack, seat=seat, palette=palette, highlight=highlight, tr=tr)
        if whole.height <= MAX_PAGE:
            return [("map", whole)]
    grid = render_map(view, pack, seat=seat, palette=palette, highlight=highlight, tr=tr)
    return [("map", grid), *(("panel", page) for page in panel_pages(view, pack, seat=seat, palette=palette, tr=tr))]
