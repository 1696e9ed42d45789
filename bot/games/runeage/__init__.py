"""The Rune Age front-end (minimal for now): its narrator. The full Discord issue of the game
(commands, text board, pictures) comes later."""

from __future__ import annotations

from bot.frontend import FrontEnd
from bot.games.runeage.narrator import RuneAgeNarrator


class RuneAgeFrontEnd(FrontEnd):
    """Rune Age's front-end: the narrator; no command group of its own yet."""

    narrator = RuneAgeNarrator()


FRONTEND = RuneAgeFrontEnd()
NARRATOR = FRONTEND.narrator
