"""The Lords of Ragnarok front-end: its narrator (the full Discord issue of the game comes later)."""

from bot.frontend import FrontEnd
from bot.games.ragnarok.narrator import RagnarokNarrator


class RagnarokFrontEnd(FrontEnd):
    narrator = RagnarokNarrator()
    tells_turns = False


FRONTEND = RagnarokFrontEnd()
NARRATOR = FRONTEND.narrator
