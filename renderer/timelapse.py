"""A game's timelapse: one picture per chapter, named on the frame, as one animated file.

Shared by every game (it names none): the caller hands the PNG pictures its game's renderer
drew from the **public** view at the end of each chapter, with the chapter's name, and gets an
animated WebP (a GIF where Pillow has no WebP encoder) under the upload limit, or a still PNG
of the last frame when no animation fits (:func:`animate`).

Encoding (Pillow's ``save_all`` with ``append_images``, ``duration`` per frame in ms and
``loop=0``, repeating for ever):

1. each frame is the picture scaled to at most :data:`MAX_WIDTH` px wide, below a caption
   band with the chapter's name and its number ("3/24"), drawn with the renderer's fonts, on a
   canvas of the largest frame's size (an animation's frames share one size);
2. WebP is **lossless** (``method=0``, the fastest effort), so a frame keeps the map's labels
   sharp and the same frames always give the same bytes (the leak audit re-derives the file);
3. the files carry only pixels: frames are fresh images (no ``info``), and no ``exif``,
   ``icc_profile`` or ``xmp`` is passed;
4. when the file is over ``limit`` the frames are scaled down (3/4, then 1/2) and encoded again;
   when even that does not fit, the still of the last frame is the answer.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, features

from renderer import fonts
from renderer.encode import png_bytes

#: Discord's default upload limit per file is 10 MiB; a margin leaves room for the message's other pictures
UPLOAD_LIMIT = 8 * 1024 * 1024
MAX_WIDTH = 800
CAPTION = 36
FRAME_MS = 1200
LAST_FRAME_MS = 4000
SCALES = (1.0, 0.75, 0.5)
INK = (245, 240, 225)
GROUND = (40, 34, 28)


@dataclass(frozen=True)
class Timelapse:
    """The encoded file: its bytes, its file extension (``webp``, ``gif`` or ``png`` for the
    still), how many frames it shows and whether it is animated."""

    data: bytes
    extension: str
    frames: int
    animated: bool

    @property
    def mime(self) -> str:
        return {"webp": "image/webp", "gif": "image/gif"}.get(self.extension, "image/png")


def frame(png: bytes, label: str, number: int, total: int, *, scale: float = 1.0) -> Image.Image:
    """One frame: the picture (at most ``MAX_WIDTH`` * ``scale`` wide) under a band naming its chapter."""
    with Image.open(io.BytesIO(png)) as opened:
        picture = opened.convert("RGB")
    width = max(1, round(min(MAX_WIDTH, picture.width) * scale))
    if width != picture.width:
        picture = picture.resize((width, max(1, round(picture.height * width / picture.width))), Image.Resampling.LANCZOS)
    band = max(18, round(CAPTION * scale))
    out = Image.new("RGB", (picture.width, picture.height + band), GROUND)
    out.paste(picture, (0, band))
    size = max(10, round(band * 0.6))
    counter = f"{number}/{total}"
    fonts.text(out, (picture.width - 8, band / 2), counter, size, INK, anchor="rm")
    room = picture.width - 24 - fonts.width(counter, size)
    caption = label
    while caption and fonts.width(caption, size) > room:
        caption = caption[:-2] + "…" if len(caption) > 2 else ""
    fonts.text(out, (8, band / 2), caption, size, INK, anchor="lm", bold=True)
    return out


def _same_size(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest frame's size (an animation's frames share one size)."""
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size == (width, height):
            out.append(f)
            continue
        canvas = Image.new("RGB", (width, height), GROUND)
        canvas.paste(f, (0, 0))
        out.append(canvas)
    return out


def _encode(frames: Sequence[Image.Image], kind: str) -> bytes:
    frames = _same_size(frames)
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    first, rest = frames[0], list(frames[1:])
    if kind == "webp":
        first.save(out, format="WEBP", save_all=True, append_images=rest, duration=durations, loop=0, lossless=True, method=0)
    else:
        palette = [f.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE) for f in frames]
        for f in palette:
            f.info.clear()
        palette[0].save(
            out, format="GIF", save_all=True, append_images=palette[1:], duration=durations, loop=0, optimize=False, disposal=1
        )
    return out.getvalue()


def animated_format() -> str:
    """The animation format this Pillow writes: WebP when it has the encoder, else GIF."""
    return "webp" if features.check("webp") else "gif"


def animate(pictures: Sequence[tuple[bytes, str]], *, limit: int = UPLOAD_LIMIT, kind: str | None = None) -> Timelapse | None:
    """The timelapse of ``pictures`` (``(png, chapter name)`` in order), or None without any.
    One picture is a still; more are animated, scaled down until the file is at most
    ``limit`` bytes, else the still of the last frame."""
    if not pictures:
        return None
    total = len(pictures)
    kind = kind or animated_format()
    if total > 1:
        for scale in SCALES:
            frames = [frame(png, label, i + 1, total, scale=scale) for i, (png, label) in enumerate(pictures)]
            data = _encode(frames, kind)
            if len(data) <= limit:
                return Timelapse(data, kind, total, True)
    png, label = pictures[-1]
    for scale in SCALES:
        still = png_bytes(frame(png, label, total, total, scale=scale))
        if len(still) <= limit:
            return Timelapse(still, "png", 1, False)
    return None


def frames_of(data: bytes) -> list[Image.Image]:
    """The frames of an encoded timelapse, as RGB images (for tests and the leak audit)."""
    out = []
    with Image.open(io.BytesIO(data)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            out.append(image.convert("RGB"))
    return out
