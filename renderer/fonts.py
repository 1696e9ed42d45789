"""Fonts: Pillow's built-in scalable font (Aileron, via ``ImageFont.load_default(size=...)``).

No font file is shipped or looked up on the host, so a render is the same on every machine
with the same Pillow. Aileron has no bold face; :func:`text` thickens a line with a stroke
of the text's own colour when asked (``bold=True``), and can outline it in a contrasting
colour (``halo``) so it reads on any ground. Characters Aileron lacks are replaced
(:data:`FALLBACKS`) rather than drawn as boxes.

Rendered text is cached as coverage masks (most strings, such as area ids, counts, names,
recur from one render to the next) and pasted in its colour: FreeType is the costliest
part of a render otherwise. FreeType faces are not shared between threads: each thread
keeps its own.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

_local = threading.local()

#: characters Aileron lacks (they would print as boxes) and what is drawn instead
FALLBACKS = str.maketrans(
    {"—": "-", "–": "-", "•": "·", "×": "x", "→": "->", "✓": "yes", "★": "*", "’": "'", "‘": "'", "“": '"', "”": '"'}
)


def printable(string: str) -> str:
    return string.translate(FALLBACKS)


def font(size: int) -> ImageFont.FreeTypeFont:
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    size = max(6, int(size))
    found = cache.get(size)
    if found is None:
        found = cache[size] = ImageFont.load_default(size=size)
    return found


def _widths(size: int, bold: bool, halo: bool) -> tuple[int, int]:
    """(stroke for bold, stroke for the halo), in pixels."""
    thick = max(1, round(size / 28)) if bold else 0
    return thick, (max(1, round(size / 10)) + thick if halo else 0)


@lru_cache(maxsize=4096)
def _masks(string: str, size: int, anchor: str, bold: bool, halo: bool) -> tuple[int, int, Image.Image, Image.Image | None]:
    """Coverage masks of the text (and of its halo), and their offset from the anchor point."""
    f = font(size)
    thick, ring = _widths(size, bold, halo)
    pad = max(thick, ring)
    left, top, right, bottom = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(
        (0, 0), string, font=f, anchor=anchor, stroke_width=pad
    )
    w, h = max(1, right - left), max(1, bottom - top)
    fill = Image.new("L", (w, h), 0)
    ImageDraw.Draw(fill).text((-left, -top), string, font=f, fill=255, anchor=anchor, stroke_width=thick, stroke_fill=255)
    outline = None
    if halo:
        outline = Image.new("L", (w, h), 0)
        ImageDraw.Draw(outline).text((-left, -top), string, font=f, fill=255, anchor=anchor, stroke_width=ring, stroke_fill=255)
    return left, top, fill, outline


def text(
    img: Image.Image, xy: tuple[float, float], string: str, size: int, fill, *, anchor: str = "la", bold: bool = False, halo=None
) -> None:
    """Draw ``string`` on ``img`` at ``xy`` (Pillow anchor); ``halo`` is an outline colour."""
    if not string:
        return
    left, top, mask, outline = _masks(printable(string), max(6, int(size)), anchor, bold, halo is not None)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    box = (x, y, x + mask.width, y + mask.height)
    if outline is not None:
        img.paste(halo, box, outline)
    img.paste(fill, box, mask)


def bbox(xy: tuple[float, float], string: str, size: int, *, anchor: str = "la", bold: bool = False) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) that :func:`text` paints ``string`` into at ``xy`` (empty text: a point)."""
    x, y = round(xy[0]), round(xy[1])
    if not string:
        return (x, y, x, y)
    left, top, mask, _ = _masks(printable(string), max(6, int(size)), anchor, bold, False)
    return (x + left, y + top, x + left + mask.width, y + top + mask.height)


@lru_cache(maxsize=8192)
def _length(string: str, size: int) -> float:
    return font(size).getlength(string)


def width(string: str, size: int) -> float:
    return _length(printable(string), size)


def wrap(string: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels; words longer than a line are cut."""
    return list(_wrap(string, size, max_width))


@lru_cache(maxsize=1024)
def _wrap(string: str, size: int, max_width: float) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in printable(string).splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if _length(trial, size) <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            while _length(word, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and _length(word[:cut] + "-", size) > max_width:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)
