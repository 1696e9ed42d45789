"""Fonts: Pillow's built-in scalable font (Aileron, via ``ImageFont.load_default(size=...)``).

No font is looked up on the host, so a render is the same on every machine with the same
Pillow. Aileron has no bold face; :func:`text` thickens a line with a stroke of the text's own
colour when asked (``bold=True``), and can outline it in a contrasting colour (``halo``) so it
reads on any ground. Aileron (as Pillow ships it) covers ASCII only: a few punctuation marks
are replaced (:data:`FALLBACKS`), and every other character it lacks is drawn with the
shipped fallback font, DejaVu Sans (``renderer/fontfiles``: German ä ö ü ß, accented Latin,
Greek, Cyrillic; issue 31 item 4); what neither has (CJK, emoji) becomes :data:`MISSING`
rather than a box. Text Aileron covers is drawn exactly as before.

Rendered text is cached as coverage masks (most strings, such as area ids, counts, names,
recur from one render to the next) and pasted in its colour: FreeType is the costliest
part of a render otherwise. FreeType faces are not shared between threads: each thread
keeps its own.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

_local = threading.local()

#: characters Aileron lacks (they would print as boxes) and what is drawn instead
FALLBACKS = str.maketrans(
    {"—": "-", "–": "-", "•": "·", "×": "x", "→": "->", "✓": "yes", "★": "*", "’": "'", "‘": "'", "“": '"', "”": '"'}
)
#: characters that draw as nothing: directional isolates (the bot's marks, bot.i18n.marking) and zero-width spaces
INVISIBLE = str.maketrans({"\u2068": None, "\u2069": None, "\u200b": None})


#: the fallback font's file (package data) and what stands for a character no font has
FALLBACK_FILE = Path(__file__).parent / "fontfiles" / "DejaVuSans.ttf"
MISSING = "?"
#: the two faces: Aileron (Pillow's own) and the fallback
MAIN, FALLBACK = "main", "fallback"


def printable(string: str, *, keep_invisible: bool = False) -> str:
    """``string`` as drawn: the :data:`FALLBACKS` replaced, :data:`INVISIBLE` characters left out
    (unless ``keep_invisible``: a line wrapped keeps them for :func:`text` to drop) and characters
    no font has as :data:`MISSING`."""
    string = string.translate(FALLBACKS)
    if not keep_invisible:
        string = string.translate(INVISIBLE)
    if string.isascii():
        return string
    return "".join(ch if ch in "\u2068\u2069\u200b" or _face_of(ch) is not None else MISSING for ch in string)


def font(size: int, face: str = MAIN) -> ImageFont.FreeTypeFont:
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    size = max(6, int(size))
    found = cache.get((face, size))
    if found is None:
        found = cache[(face, size)] = (
            ImageFont.load_default(size=size) if face == MAIN else ImageFont.truetype(str(FALLBACK_FILE), size=size)
        )
    return found


@lru_cache(maxsize=1)
def _no_glyph() -> dict[str, tuple]:
    """What each face draws for a character it lacks (its .notdef glyph), to compare with."""
    return {face: _shape(face, "\U0010fffd") for face in (MAIN, FALLBACK)}


def _shape(face: str, ch: str) -> tuple:
    mask = font(20, face).getmask(ch)
    return mask.size, bytes(mask), font(20, face).getlength(ch)


@lru_cache(maxsize=4096)
def _face_of(ch: str) -> str | None:
    """The face that draws ``ch`` (Aileron first), or None when neither has it."""
    if ch.isascii() or ch.isspace():
        return MAIN
    if not FALLBACK_FILE.exists():
        return None
    for face in (MAIN, FALLBACK):
        if _shape(face, ch) != _no_glyph()[face]:
            return face
    return None


def _runs(string: str) -> list[tuple[str, str]]:
    """``(face, text)`` runs of a printable string."""
    runs: list[tuple[str, str]] = []
    for ch in string:
        face = _face_of(ch) or MAIN
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + ch)
        else:
            runs.append((face, ch))
    return runs


def _widths(size: int, bold: bool, halo: bool) -> tuple[int, int]:
    """(stroke for bold, stroke for the halo), in pixels."""
    thick = max(1, round(size / 28)) if bold else 0
    return thick, (max(1, round(size / 10)) + thick if halo else 0)


@lru_cache(maxsize=4096)
def _masks(string: str, size: int, anchor: str, bold: bool, halo: bool) -> tuple[int, int, Image.Image, Image.Image | None]:
    """Coverage masks of the text (and of its halo), and their offset from the anchor point."""
    if not string.isascii() and any(face != MAIN for face, _ in _runs(string)):
        return _mixed_masks(string, size, anchor, bold, halo)
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


def _mixed_masks(string: str, size: int, anchor: str, bold: bool, halo: bool) -> tuple[int, int, Image.Image, Image.Image | None]:
    """:func:`_masks` for a string drawn with both faces: each run on one baseline, then placed
    by ``anchor`` (horizontal l/m/r; vertical a/t, m, s, b/d) like Pillow's."""
    runs = _runs(string)
    thick, ring = _widths(size, bold, halo)
    pad = max(thick, ring) + 1
    ascent = max(font(size, face).getmetrics()[0] for face, _ in runs)
    descent = max(font(size, face).getmetrics()[1] for face, _ in runs)
    widths = [font(size, face).getlength(text) for face, text in runs]
    w, h = int(sum(widths)) + 2 * pad + 2, ascent + descent + 2 * pad

    def paint(stroke: int) -> Image.Image:
        mask = Image.new("L", (w, h), 0)
        draw, x = ImageDraw.Draw(mask), float(pad)
        for (face, text), width in zip(runs, widths):
            draw.text((x, pad + ascent), text, font=font(size, face), fill=255, anchor="ls", stroke_width=stroke, stroke_fill=255)
            x += width
        return mask

    fill = paint(thick)
    outline = paint(ring) if halo else None
    horizontal, vertical = (anchor + "la")[0], (anchor + "la")[1]
    ax = pad + {"l": 0.0, "m": sum(widths) / 2, "r": sum(widths)}.get(horizontal, 0.0)
    ay = pad + {"a": 0, "t": 0, "m": (ascent + descent) / 2, "s": ascent, "b": ascent + descent, "d": ascent + descent}.get(
        vertical, 0
    )
    return -round(ax), -round(ay), fill, outline


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
    if string.isascii():
        return font(size).getlength(string)
    return sum(font(size, face).getlength(text) for face, text in _runs(string))


def width(string: str, size: int) -> float:
    return _length(printable(string), size)


def _measure(string: str, size: int) -> float:
    """The width of a line being wrapped (its invisible characters take no room)."""
    return _length(string.translate(INVISIBLE), size)


def wrap(string: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels; words longer than a line are cut."""
    return list(_wrap(string, size, max_width))


@lru_cache(maxsize=1024)
def _wrap(string: str, size: int, max_width: float) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in printable(string, keep_invisible=True).splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if _measure(trial, size) <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            while _measure(word, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and _measure(word[:cut] + "-", size) > max_width:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)
