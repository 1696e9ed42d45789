"""The Seventh Stone front-end (minimal): its narrator. The full Discord issue of the game comes later."""

from __future__ import annotations

from bot.frontend import FrontEnd
from bot.games.seventhstone.narrator import StoneNarrator


class StoneFrontEnd(FrontEnd):
    narrator = StoneNarrator()


FRONTEND = StoneFrontEnd()
NARRATOR = FRONTEND.narrator
