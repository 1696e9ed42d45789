"""Custom ids of the table's persistent buttons (``tb:`` prefix; templates for
:class:`discord.ui.DynamicItem` in :mod:`bot.cogs.table`), built and parsed without discord.py.

=======================================  ==========================================
``tb:<game>:vote:<vote>:y`` / ``:n``     a ballot for or against a vote
``tb:<game>:undo:<seq>.<rewinds>``       confirm an undo shown at that position
``tb:<game>:claim:<seat>``               take over an open seat
``tb:<game>:mute``                       mute my reminders for this decision
``tb:<game>:review:<season>``            show another season of a game's history
``tb:<game>:recap:<since>.<seq>.<rw>``   my map with what changed in moves since+1..seq
=======================================  ==========================================
"""

from __future__ import annotations

PREFIX = "tb"
_GAME = rf"{PREFIX}:(?P<game>[0-9]+)"
VOTE_TEMPLATE = rf"{_GAME}:vote:(?P<vote>[0-9]+):(?P<ballot>[yn])"
UNDO_TEMPLATE = rf"{_GAME}:undo:(?P<seq>[0-9]+)\.(?P<rewinds>[0-9]+)"
CLAIM_TEMPLATE = rf"{_GAME}:claim:(?P<seat>[0-9]+)"
MUTE_TEMPLATE = rf"{_GAME}:mute"
REVIEW_TEMPLATE = rf"{_GAME}:review:(?P<season>[0-9]+)"
RECAP_TEMPLATE = rf"{_GAME}:recap:(?P<since>[0-9]+)\.(?P<seq>[0-9]+)\.(?P<rewinds>[0-9]+)"


def vote_id(game_id: int, vote: int, yes: bool) -> str:
    return f"{PREFIX}:{game_id}:vote:{vote}:{'y' if yes else 'n'}"


def undo_id(game_id: int, seq: int, rewinds: int) -> str:
    return f"{PREFIX}:{game_id}:undo:{seq}.{rewinds}"


def claim_id(game_id: int, seat: int) -> str:
    return f"{PREFIX}:{game_id}:claim:{seat}"


def mute_id(game_id: int) -> str:
    return f"{PREFIX}:{game_id}:mute"


def review_id(game_id: int, season: int) -> str:
    return f"{PREFIX}:{game_id}:review:{season}"


def recap_id(game_id: int, since: int, seq: int, rewinds: int) -> str:
    return f"{PREFIX}:{game_id}:recap:{since}.{seq}.{rewinds}"
