"""A column of blocks (panels, card lists): each block is measured, then all are drawn.

A block is ``(height, paint)`` where ``paint(image, draw, y)`` draws it with its top at
``y``; the image is made once, as tall as the blocks need, or (:meth:`Column.pages`) as
several images of at most a given height, cut between blocks (a wrapped text is one block
per line, so it can be cut between its lines).
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
        step = line_height(size)
        for line in fonts.wrap(string, size, self.inner - indent):

            def paint(img, draw, y, line=line):
                fonts.text(img, (self.pad + indent, y), line, size, fill, bold=bold)

            self.add(step, paint)

    def rule(self, colour) -> None:
        def paint(img, draw, y):
            draw.line([(self.pad, y + 6), (self.width - self.pad, y + 6)], fill=colour, width=2)

        self.add(14, paint)

    def render(self, background) -> Image.Image:
        return self._draw(self.blocks, background)

    def pages(self, background, max_height: int) -> list[Image.Image]:
        """The column as images of at most ``max_height`` pixels each, cut between blocks
        (a single block taller than a page gets a page of its own, as tall as it needs)."""
        room = max_height - 2 * self.pad
        pages: list[list[tuple[int, Paint]]] = [[]]
        used = 0
        for block in self.blocks:
            if pages[-1] and used + block[0] > room:
                pages.append([])
                used = 0
            pages[-1].append(block)
            used += block[0]
        return [self._draw(blocks, background) for blocks in pages]

    def _draw(self, blocks: list[tuple[int, Paint]], background) -> Image.Image:
        height = sum(h for h, _ in blocks) + 2 * self.pad
        img = Image.new("RGB", (self.width, max(height, 2 * self.pad + 1)), background)
        draw = ImageDraw.Draw(img)
        y = self.pad
        for h, paint in blocks:
            paint(img, draw, y)
            y += h
        return img
