"""The table over days: reminders, deadlines, votes, undo, fair shuffles, export (issue 10).

The engine decides every rule; this package only schedules and keeps the table honest. It
never imports discord.py (the slash commands and the sweeper loop live in
:mod:`bot.cogs.table`), and it reads the wall clock only through :attr:`Table.clock`, so
tests drive days of play with a fake clock.

Modules, each described in ``docs/table.md``:

* :mod:`.settings` table and player settings, durations, quiet hours
* :mod:`.history`  replaying the stored log: states at a past move, events per commit, seasons
* :mod:`.notices`  messages that belong to no move (reminders, vote results) via the outbox
* :mod:`.seats`    the AI taking a seat (deadline, loan, concession, vote), claiming a seat
* :mod:`.waits`    who is awaited since when: reminders, escalation, stall, heads-up, deadlines
* :mod:`.recap`    the "since you last acted" recap: what changed, in words and on the seat's map
* :mod:`.votes`    votes of the seated players and their effects
* :mod:`.undo`     what may be undone, and undoing it
* :mod:`.fairness` the seed commitment and its reveal
* :mod:`.export`   the action log as a file, and verifying it
* :mod:`.timelapse` the public map after each chapter as one animated picture (issue 32)
* :mod:`.tutorial` the guided first game: each kind of decision explained once (issue 32)
* :mod:`.sweeper`  one pass over every game (run every minute by the cog)
* :mod:`.ui`       what the commands and buttons answer
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import AiPolicy, GameService, load_ai
from bot.store import Store

#: seconds since the epoch, like time.time
Clock = Callable[[], float]


@dataclass
class Table:
    """What every table function works with: the store, the game service, the clock, and
    the AI that answers for a seat (``ai(game)`` -> policy, as the service's)."""

    store: Store
    service: GameService
    clock: Clock = time.time
    ai: Callable[[str], AiPolicy | None] = load_ai

    def now(self) -> float:
        return self.clock()


@dataclass
class SweepReport:
    """What one sweep did (counts)."""

    reminders: int = 0
    escalations: int = 0
    stalls: int = 0
    heads_up: int = 0
    defaults: int = 0
    loans_ended: int = 0
    votes_closed: int = 0
    commitments: int = 0
    reveals: int = 0

    def __bool__(self) -> bool:
        return any(dataclasses.astuple(self))
