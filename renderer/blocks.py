"""A column of blocks (panels, card lists): each block is measured, then all are drawn.

A block is ``(height, paint)`` where ``paint(image, draw, y)`` draws it with its top at
``y``; the image is made once, as tall as the blocks need.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from renderer import fonts

Paint = Callable[[Image.Image, ImageDraw.ImageDraw, int], None]


def line_height(size: int) -> int:
    return round(size * 1.3)


class Column:
    def __init__(self, width: int, pad: int):
        self.width = width
        self.pad = pad
        self.blocks: list[tuple[int, Paint]] = []

    @property
    def inner(self) -> int:
        return self.width - 2 * self.pad

    def add(self, height: int, paint: Paint) -> None:
        self.blocks.append((height, paint))

    def gap(self, height: int) -> None:
        self.blocks.append((height, lambda img, draw, y: None))

    def text(self, string: str, size: int, fill, *, bold: bool = False, indent: int = 0) -> None:
        """Wrapped text across the column."""
        lines = fonts.wrap(string, size, self.inner - indent)
        step = line_height(size)

        def paint(img, draw, y, lines=lines):
            for i, line in enumerate(lines):
                fonts.text(img, (self.pad + indent, y + i * step), line, size, fill, bold=bold)

        self.add(step * len(lines), paint)

    def rule(self, colour) -> None:
        def paint(img, draw, y):
            draw.line([(self.pad, y + 6), (self.width - self.pad, y + 6)], fill=colour, width=2)

        self.add(14, paint)

    def render(self, background) -> Image.Image:
        height = sum(h for h, _ in self.blocks) + 2 * self.pad
        img = Image.new("RGB", (self.width, max(height, 2 * self.pad + 1)), background)
        draw = ImageDraw.Draw(img)
        y = self.pad
        for h, paint in self.blocks:
            paint(img, draw, y)
            y += h
        return img
