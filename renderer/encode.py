"""PNG encoding with fixed settings, and nothing but pixels in the file.

Settings (the bench's bare-encode baseline uses the same function):

1. the image is reduced to **256 colours** by Pillow's fast octree quantizer, without
   dithering. Our pictures are flat colours plus anti-aliased edges (~15k distinct
   colours), so the result is visually the same, a third of the bytes, and about 5x
   faster to encode: Pillow filters every row of an RGB image five ways, which costs
   more than the drawing. The palette comes from this image alone, never from an earlier
   render, so no picture can carry colours of another view;
2. PNG with ``compress_level=1`` (zlib's fastest), no ``optimize``;
3. a fresh image holds only the pixels, so no ``info`` (text chunks, ICC profile, EXIF,
   dpi) can reach the file: the chunks are exactly IHDR, PLTE, IDAT and IEND.
"""

from __future__ import annotations

import io

from PIL import Image

COLOURS = 256
PNG_SETTINGS = {"format": "PNG", "compress_level": 1, "optimize": False}


def quantized(image: Image.Image) -> Image.Image:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    out = rgb.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out.info.clear()
    return out


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    quantized(image).save(out, **PNG_SETTINGS)
    return out.getvalue()


def png_chunks(data: bytes) -> list[str]:
    """The chunk types of a PNG file, in order (for tests and audits)."""
    pos, kinds = 8, []
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kinds.append(data[pos + 4 : pos + 8].decode("ascii"))
        pos += 12 + length
    return kinds
