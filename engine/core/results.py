"""A finished game's result read the same way for every game (issue 32 item 1).

A ruleset ends a game by setting ``state.result``, a dict whose shape is the game's own; these
functions read the parts every game's result shares, naming no game:

* ``winners`` (a list of seats) or ``winner`` (one seat): who won; none is a game everybody lost;
* ``standings``: rows with a ``seat``, best first, its tie-breaks already applied (Runewars'
  end of time), or ``scores``: a number per seat (a list, or a dict by seat), higher is better.

:func:`placings` turns them into each seat's place (1 is the best; tied seats share one, the
next place skips as in "1, 2, 2, 4"): winners first, then the ranked seats, then seats the
result leaves out (eliminated before the end) together. Seats that win or lose together are a
team: :meth:`engine.core.ruleset.Ruleset.teams` (every seat on its own unless the game says so;
one team of every seat is a co-operative game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.model import Seat


def winners(result: Mapping[str, Any] | None) -> list[Seat]:
    """The winning seats, in seat order (empty: nobody won, or no result)."""
    if not result:
        return []
    if isinstance(result.get("winners"), list | tuple):
        return sorted({int(s) for s in result["winners"]})
    if result.get("winner") is not None:
        return [int(result["winner"])]
    return []


def _ranking(result: Mapping[str, Any], seat_count: int) -> list[list[Seat]]:
    """Seats in groups, best group first: winners, then the standings or scores, then the rest."""
    won = winners(result)
    groups: list[list[Seat]] = [won] if won else []
    placed = set(won)
    standings = result.get("standings")
    scores = result.get("scores")
    if isinstance(standings, Sequence) and standings and all(isinstance(r, Mapping) and "seat" in r for r in standings):
        for row in standings:
            seat = int(row["seat"])
            if seat not in placed and 0 <= seat < seat_count:
                groups.append([seat])
                placed.add(seat)
    elif isinstance(scores, Sequence | Mapping) and scores:
        by_seat = {int(k): v for k, v in scores.items()} if isinstance(scores, Mapping) else dict(enumerate(scores))
        numeric = {s: float(v) for s, v in by_seat.items() if isinstance(v, int | float) and 0 <= s < seat_count}
        for value in sorted({v for s, v in numeric.items() if s not in placed}, reverse=True):
            group = [s for s in sorted(numeric) if numeric[s] == value and s not in placed]
            groups.append(group)
            placed.update(group)
    rest = [s for s in range(seat_count) if s not in placed]
    if rest:
        groups.append(rest)
    return groups


def placings(result: Mapping[str, Any] | None, seat_count: int) -> list[int]:
    """Each seat's place, by seat: 1 is the best, tied seats share a place ("1, 2, 2, 4")."""
    places = [1] * seat_count
    if not result:
        return places
    better = 0
    for group in _ranking(result, seat_count):
        for seat in group:
            places[seat] = better + 1
        better += len(group)
    return places
