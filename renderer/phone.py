"""Pictures for phones: the sizes a narrow screen asks of every game's pictures.

Discord shows an attachment about :data:`SHOWN_WIDTH` CSS pixels wide on a phone, whatever
the image's own width, and a tall picture only as a strip to scroll past. A phone layout
therefore cuts a game's pictures into several images (a gallery: at most
:data:`MAX_ATTACHMENTS` attachments of at most :data:`MAX_FILE_BYTES` each in one message),
each at most :data:`MAX_HEIGHT` pixels tall and narrow enough that its labels are at least
:data:`MIN_LABEL_PX` pixels high when shown :data:`SHOWN_WIDTH` wide.
"""

from __future__ import annotations

import math

#: how wide a phone shows an attachment, in CSS pixels
SHOWN_WIDTH = 400
#: the tallest picture a phone layout produces, in pixels
MAX_HEIGHT = 1200
#: the smallest label (font size in pixels) a phone layout allows, measured at SHOWN_WIDTH
MIN_LABEL_PX = 10.0
#: Discord's limits on one message's files (the e2e double enforces them)
MAX_ATTACHMENTS = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
#: the layouts a player may choose: one wide picture, or a gallery cut for phones
LAYOUTS = ("wide", "phone")


def shown_px(size: float, image_width: int, shown_width: int = SHOWN_WIDTH) -> float:
    """How many pixels high a ``size`` px font is when an ``image_width`` px wide image is
    shown ``shown_width`` px wide (never enlarged: a narrow image is shown at its own size)."""
    return size * min(1.0, shown_width / max(1, image_width))


def widest_for(size: float, min_px: float = MIN_LABEL_PX, shown_width: int = SHOWN_WIDTH) -> int:
    """The widest image on which a ``size`` px font still shows at least ``min_px`` high."""
    return math.floor(size * shown_width / min_px)
