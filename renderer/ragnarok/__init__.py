"""Lords of Ragnarok pictures and texts, each a pure function of a view and the data pack
(docs/ragnarok/README.md, "Pictures"). None takes a game state: what the view does not hold, a
picture cannot show. ``tr`` is a translator (``tr._(text, **values)``; None: English).

- :func:`render_png`: the board (either side) above the panels (Yggdrasil, a player board per
  seat, the hunt and battle being fought, and with ``seat`` that seat's hand and secrets);
  ``crop`` an area (a territory's number, a sea's or a realm's id) and its neighbours, larger.
- :func:`render_gallery_png`: the same as several pictures (``layout`` "wide" or "phone").
- :func:`render_hunt`, :func:`render_battle`, :func:`render_player_board`: one panel.
- :func:`alt_text`, :func:`text_board`, :func:`bench`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from PIL import Image

from renderer.encode import png_bytes
from renderer.palette import PALETTES
from renderer.palette import palette as get_palette
from renderer.ragnarok import panels
from renderer.ragnarok.bench import bench
from renderer.ragnarok.board import areas
from renderer.ragnarok.describe import alt_text, text_board, text_lines
from renderer.ragnarok.picture import compose, gallery, render_map, render_panels
from renderer.ragnarok.style import N_, Words, spoken

__all__ = [
    "PALETTES",
    "alt_text",
    "areas",
    "bench",
    "compose",
    "crop_name",
    "gallery",
    "render_battle",
    "render_gallery_png",
    "render_hunt",
    "render_map",
    "render_panels",
    "render_player_board",
    "render_png",
    "render_split_png",
    "text_board",
    "text_lines",
]


#: the crops that are no territory (bot/games/ragnarok decision_area), as the alt text names them
CROP_NAMES = {"yggdrasil": N_("the action wheel"), "hunt": N_("the hunt"), "battle": N_("the battle")}


def crop_name(crop: str, tr: Any = None) -> str:
    """What a crop of the map shows, in ``tr``'s language: "territory 8", "the battle" (never the key)."""
    w = Words(tr)
    if crop in CROP_NAMES:
        return w._(CROP_NAMES[crop])
    return w._("territory {n}", n=crop) if str(crop).isdigit() else str(crop)


def render_png(
    view: Mapping[str, Any],
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    highlight: Collection[str] = (),
    tr: Any = None,
    **_: Any,
) -> bytes:
    """Board and panels in one PNG (IHDR/PLTE/IDAT/IEND only)."""
    return png_bytes(compose(view, pack, seat=seat, palette=palette, crop=crop, highlight=highlight, tr=tr))


def render_gallery_png(view: Mapping[str, Any], pack: Any, **options: Any) -> list[tuple[str, bytes]]:
    """``(what, png)`` per picture of :func:`renderer.ragnarok.picture.gallery` (its ``options``)."""
    return [(what, png_bytes(image)) for what, image in gallery(view, pack, **options)]


def render_split_png(
    view: Mapping[str, Any],
    pack: Any,
    *,
    seat: int | None = None,
    palette: str = "default",
    crop: str | None = None,
    tr: Any = None,
    **_: Any,
) -> tuple[bytes, bytes]:
    """The board (or the crop) and the panels as two PNGs (``python -m bot render --split``)."""
    top = render_map(view, pack, palette=palette, crop=crop, tr=tr)
    [panel, *_pages] = render_panels(view, pack, seat=seat, palette=palette, columns=2, tr=tr)
    return png_bytes(top), png_bytes(panel)


def render_hunt(view: Mapping[str, Any], pack: Any, *, palette: str = "default", tr: Any = None) -> Image.Image | None:
    """The hunt being fought (wound spaces covered so far, the attack card with its rage and weak
    spot, the defence played), or None outside a hunt."""
    pack = spoken(pack, tr)
    return panels.hunt_card(view, pack, get_palette(palette), Words(tr))


def render_player_board(
    view: Mapping[str, Any], pack: Any, seat: int, *, palette: str = "default", tr: Any = None
) -> Image.Image:
    pack = spoken(pack, tr)
    player = next(p for p in view.get("players") or [] if p.get("seat") == seat)
    return panels.player_card(view, player, pack, get_palette(palette), Words(tr))


def render_battle(
    view_or_events: Any, pack: Any, *, palette: str = "default", players: Sequence[Any] = (), tr: Any = None, **_: Any
) -> Image.Image:
    """A battle: the one a view is fighting, or a finished one from its public events (a battle
    report: ``battle_begins`` to ``battle_won``; ``players`` the view's list, to name the sides)."""
    pack = spoken(pack, tr)
    pal = get_palette(palette)
    if isinstance(view_or_events, Mapping):
        card = panels.battle_card(view_or_events, pack, pal, Words(tr))
        if card is None:
            raise ValueError("the view has no battle")
        return card
    return panels.battle_report_card(list(view_or_events), pack, pal, Words(tr), players)
