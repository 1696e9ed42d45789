"""The pictures of a view: the board above its panels (wide), the gallery of a phone, crops."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from PIL import Image

from renderer import phone
from renderer.palette import palette as get_palette
from renderer.ragnarok import board, panels
from renderer.ragnarok.style import Words, spoken

View = Mapping[str, Any]
#: the phone layout's two halves of the map (pixels of the whole map): west and east, overlapping
HALVES = ((0, 520), (480, 1000))
#: crops that show the hunt or the battle being fought (with the viewer's own panel)
HUNT, BATTLE = "hunt", "battle"


def _check(view: View, seat: int | None) -> None:
    if seat is not None and view.get("me") not in (None, seat):
        raise ValueError(f"the view is seat {view.get('me')}'s, not seat {seat}'s")


def render_map(
    view: View, pack: Any, *, palette: str = "default", crop: str | None = None, highlight: Collection[str] = (), tr: Any = None
) -> Image.Image:
    """The board (with its legend of lands), or with ``crop`` one area and its neighbours drawn larger
    (``yggdrasil``: the Yggdrasil panel, every wheel stack in order; ``hunt``, ``battle``: the
    fight being fought above the viewer's own panel)."""
    pack = spoken(pack, tr)
    pal = get_palette(palette)
    key = None if crop is None else str(crop).strip().lower()
    if key == board.YGGDRASIL:
        # Yggdrasil's close-up: the wheel's stacks in order (what a special action would cover),
        # the monuments, omens and realms; the picture of a special action's decision
        return panels.yggdrasil_card(view, pack, pal, Words(tr))
    if key in (HUNT, BATTLE) and view.get(key):
        # the fight being fought, above the viewer's own panel (its hand; the monster's hand for
        # the monster player): the picture of a hunt's or a battle's decision
        fight = panels.hunt_card(view, pack, pal, Words(tr)) if key == HUNT else panels.battle_card(view, pack, pal, Words(tr))
        mine = panels.private_card(view, pack, pal, Words(tr), view["me"]) if isinstance(view.get("me"), int) else None
        return panels.grid([c for c in (fight, mine) if c is not None], 1, pal)[0]
    image = board.render_map(view, pack, pal, Words(tr), tuple(str(h) for h in highlight))
    if crop is None:
        return image
    box = board.area_box(view, pack, crop)
    if box is None:
        raise ValueError(f"no area {crop!r} on this board; areas: {', '.join(board.areas(view, pack))}")
    part = image.crop(box)
    scale = min(2.0, 700 / max(part.width, part.height))
    if scale > 1:
        part = part.resize((round(part.width * scale), round(part.height * scale)), Image.Resampling.LANCZOS)
    return part


def render_panels(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    columns: int = 2,
    tr: Any = None,
    max_height: int | None = None,
) -> list[Image.Image]:
    pack = spoken(pack, tr)
    _check(view, seat)
    pal = get_palette(palette)
    return panels.grid(panels.cards_for(view, pack, pal, Words(tr), seat), columns, pal, max_height)


def compose(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    highlight: Collection[str] = (),
    tr: Any = None,
) -> Image.Image:
    """The board above the panels (a crop: the area alone, above the panels of what is being fought)."""
    pack = spoken(pack, tr)
    _check(view, seat)
    pal = get_palette(palette)
    top = render_map(view, pack, palette=palette, crop=crop, highlight=highlight, tr=tr)
    if crop is not None:
        cards = [c for c in (panels.hunt_card(view, pack, pal, Words(tr)), panels.battle_card(view, pack, pal, Words(tr))) if c]
        if seat is not None:
            cards.insert(0, panels.private_card(view, pack, pal, Words(tr), seat))
        cards = [c for c in cards if c is not None]
        below = panels.grid(cards, 1, pal)[0] if cards else None
    else:
        below = render_panels(view, pack, seat=seat, palette=palette, columns=2, tr=tr)[0]
    if below is None:
        return top
    width = max(top.width, below.width)
    out = Image.new("RGB", (width, top.height + below.height), pal.paper)
    out.paste(top, ((width - top.width) // 2, 0))
    out.paste(below, ((width - below.width) // 2, top.height))
    return out


def _half_name(view: View, pack: Any, x0: int, x1: int) -> str:
    geo = board.geometry(pack, view.get("side") or "34p")
    inside = sorted(t for t in geo.territories if x0 <= geo.centre(t)[0] * board.MAP / board.PLAN < x1)
    return f"map:{inside[0]}-{inside[-1]}" if inside else "map"


def gallery(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    layout: str = "wide",
    highlight: Collection[str] = (),
    tr: Any = None,
    max_height: int = phone.MAX_HEIGHT,
) -> list[tuple[str, Image.Image]]:
    """The board and panels as several pictures, each at most ``max_height`` tall: ``wide`` keeps
    the board whole (1,000 px) and sets the panels two by two; ``phone`` cuts the board into a
    west and an east half (520 px: the smallest label shows 10 px high at a phone's 400 px) and
    sets the panels one under another (500 px; the lands' legend is left to the Yggdrasil panel's
    words and the text board). A crop stays one picture."""
    pack = spoken(pack, tr)
    if layout not in phone.LAYOUTS:
        raise ValueError(f"no layout {layout!r}; layouts: {', '.join(phone.LAYOUTS)}")
    _check(view, seat)
    out: list[tuple[str, Image.Image]] = []
    image = render_map(view, pack, palette=palette, crop=crop, highlight=highlight, tr=tr)
    if layout == "phone" and crop is None:
        for x0, x1 in HALVES:
            out.append((_half_name(view, pack, x0, x1), image.crop((x0, 0, x1, image.height - board.LEGEND))))
    else:
        out.append(("map", image))
    columns = 1 if layout == "phone" else 2
    for page in render_panels(view, pack, seat=seat, palette=palette, columns=columns, tr=tr, max_height=max_height):
        out.append(("panel", page))
    return out
