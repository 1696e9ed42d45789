"""Results and ratings (issue 32 item 1): every ended game's result kept, and its players rated.

When a game ends (:meth:`ResultsMixin.record_result`, called where the game's status becomes
finished or abandoned) the result is read from the engine, naming no game: the places from
:meth:`engine.core.Ruleset.standings` (the engine's winners, standings or scores, ties shared),
the teams from :meth:`engine.core.Ruleset.teams`, and what each seat played from the seats' roles
(the descriptor's ``roles``). Who held each seat when comes from the store's seat history
(:meth:`bot.store.Store.note_seat`: concessions, hand-overs to the AI by vote, kicks, loans, claims).

Ratings: OpenSkill's Plackett-Luce model (more than two players, teams, ties; ``openskill``),
per server and game. A game is **rated** unless it was abandoned, is a tutorial, has fewer than
two human players (solo), is co-operative (one team of every seat), or had AI seats from the
lobby; an unrated game still counts in the stats, marked with why. Ratings cannot be dodged: a
player who conceded, was handed to the AI by vote, was kicked, or whose seat the AI still held
at the end (a loan) is rated as a loss at the place the seat reached, and at best just below
the winners; the others are rated at their places. A player who claimed a seat is rated at its
place.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.base import ServiceBase
from bot.store import ResultPlayer, ResultRecord, SeatEvent, SeatRecord
from engine.core.results import winners

log = logging.getLogger(__name__)

#: how a player leaves a seat for good (bot.table.seats): a concession, a vote handing it to the AI, a
#: kick, a newcomer claiming the seat a ``replace`` vote opened
LEFT = ("conceded", "ai", "kick", "replaced")
#: the lobby option or game setting that marks a guided first game (issue 32 item 4)
TUTORIAL = "tutorial"
#: why a game is not rated, in the order they are checked
UNRATED = ("abandoned", "tutorial", "cooperative", "solo", "ai_seats")


def rate_places(
    before: Mapping[int, tuple[float, float] | None], places: Mapping[int, tuple[int, int]]
) -> dict[int, tuple[float, float]]:
    """OpenSkill's new (mu, sigma) of each user: ``places`` user -> (team, place). Users of one
    team at one place are one OpenSkill team; lower places are better, equal places a tie."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    groups: dict[tuple[int, int], list[int]] = {}
    for user, key in sorted(places.items()):
        groups.setdefault(key, []).append(user)
    keys = sorted(groups, key=lambda k: (k[1], k[0]))
    teams = [[_rating(model, before.get(u)) for u in groups[k]] for k in keys]
    rated = model.rate(teams, ranks=[float(k[1]) for k in keys])
    return {user: (r.mu, r.sigma) for k, team in zip(keys, rated, strict=True) for user, r in zip(groups[k], team, strict=True)}


def _rating(model: Any, known: tuple[float, float] | None) -> Any:
    return model.rating() if known is None else model.rating(mu=known[0], sigma=known[1])


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: mu - 3 sigma (OpenSkill's ordinal), a cautious estimate."""
    return mu - 3 * sigma


def holders(
    seat: SeatRecord, history: Sequence[SeatEvent], started_at: float, ended_at: float
) -> tuple[list[dict[str, Any]], bool]:
    """Who held ``seat`` from the start to the end, in order: ``{"user_id", "name", "left_how",
    "left_at", "ai_seconds"}`` (``user_id`` None: the AI), and whether the AI held it from the start."""
    events = [e for e in history if e.seat == seat.seat]
    # the first change names who held the seat then, unless it was a claim of a seat the AI held
    initial = (events[0].user_id if events[0].kind != "claimed" else None) if events else seat.user_id
    entries: list[dict[str, Any]] = []

    def holder(user: int | None, since: float) -> dict[str, Any]:
        entry: dict[str, Any] = {"user_id": user, "name": None, "left_how": None, "left_at": None}
        entry.update(ai_seconds=0.0, since=since, loan=None)
        entries.append(entry)
        return entry

    current = holder(initial, started_at)
    for event in events:
        if event.kind == "lent" and current["user_id"] is not None:
            current["loan"] = event.at
        elif event.kind == "back" and current["loan"] is not None:
            current["ai_seconds"] += event.at - current["loan"]
            current["loan"] = None
        elif event.kind in LEFT and current["user_id"] is not None:
            if current["loan"] is not None:
                current["ai_seconds"] += event.at - current["loan"]
                current["loan"] = None
            current.update(left_how=event.kind, left_at=event.at)
            if event.kind != "replaced":  # a replaced player plays on until the claim that follows
                current = holder(None, event.at)
        elif event.kind == "claimed":
            if current["user_id"] is None:
                current["ai_seconds"] = event.at - current["since"]
            current = holder(event.user_id, event.at)
    if current["user_id"] is None:
        current["ai_seconds"] = ended_at - current["since"]
    elif current["loan"] is not None:  # the AI played the seat to the end: the player was not there
        current["ai_seconds"] += ended_at - current["loan"]
        current.update(left_how="lent", left_at=current["loan"])
    humans = [e for e in entries if e["user_id"] is not None]
    for entry in entries:
        # the seat keeps the name of the player who joined with it: theirs while they are its only player
        entry["name"] = seat.name if entry["user_id"] is not None and len(humans) == 1 else None
        entry.pop("since")
        entry.pop("loan")
    return entries, not events and seat.user_id is None


class ResultsMixin(ServiceBase):
    """Keeping results (see the module's docstring)."""

    async def record_result(self, game_id: int, status: str | None = None) -> bool:
        """Keep the ended game's result and rate its players (once: False when it has one), and
        set its ``status`` ('finished' or 'abandoned') in the same transaction."""
        record = await self._record(game_id)  # its data pack bound, as every reading of its state
        ended = status or record.status
        if ended not in ("finished", "abandoned"):
            raise ValueError(f"game {game_id} has not ended ({record.status})")
        ruleset = self.ruleset_of(record)
        state = self._state(record, ruleset)
        seats = await self.store.seats(game_id)
        history = await self.store.seat_history(game_id)
        started_at = await self.store.started_at(game_id) or record.created_at
        ended_at = time.time() if status is not None else record.updated_at  # the store's times, as the log's
        over = state.result is not None and ended == "finished"
        places = list(ruleset.standings(state)) if over else [1] * state.seat_count
        won = set(winners(state.result)) if over else set()
        team_list = (ruleset.teams(state) if over else None) or [[s] for s in range(state.seat_count)]
        team_of = {s: i for i, team in enumerate(team_list) for s in team}
        cooperative = len(team_list) == 1 and state.seat_count > 1
        for team in team_list:  # a team wins together and shares its best place
            if len(team) > 1 and won & set(team):
                won |= set(team)
            best = min((places[s] for s in team if s < len(places)), default=1)
            for s in team:
                if s < len(places):
                    places[s] = best
        first_loss = len(won) + 1 if won else 1
        players: list[ResultPlayer] = []
        lobby_ai = False
        for seat in seats:
            entries, from_lobby = holders(seat, history, started_at, ended_at)
            lobby_ai = lobby_ai or from_lobby
            for number, entry in enumerate(entries):
                gone = entry["left_how"] is not None
                place = places[seat.seat] if seat.seat < len(places) else len(places)
                players.append(
                    ResultPlayer(
                        game_id=game_id,
                        seat=seat.seat,
                        entry=number,
                        user_id=entry["user_id"],
                        name=entry["name"],
                        role=seat.role,
                        team=team_of.get(seat.seat, seat.seat),
                        place=max(place, first_loss) if gone else place,
                        won=seat.seat in won and not gone and (entry is entries[-1]),
                        left_how=entry["left_how"],
                        left_at=entry["left_at"],
                        ai_seconds=round(float(entry["ai_seconds"]), 3),
                    )
                )
        humans = {p.user_id for p in players if p.user_id is not None}
        tutorial = bool(record.options.get(TUTORIAL)) or bool(await self.store.get_setting("game", game_id, TUTORIAL, False))
        reasons = {
            "abandoned": not over,
            "tutorial": tutorial,
            "cooperative": cooperative,
            "solo": len(humans) < 2,
            "ai_seats": lobby_ai,
        }
        unrated = next((r for r in UNRATED if reasons[r]), None)
        rated_places: dict[int, tuple[int, int]] = {}
        for p in players:
            if p.user_id is not None:  # a player twice in one game (left a seat, claimed another): the worse place
                team_place = (p.team if p.left_how is None else -1 - p.seat, p.place)
                rated_places[p.user_id] = max(rated_places.get(p.user_id, team_place), team_place, key=lambda t: t[1])
        if unrated is None and len({v for v in rated_places.values()}) < 2:
            unrated = "solo"
        result = ResultRecord(
            game_id=game_id,
            guild_id=record.guild_id,
            game=record.game,
            ended=ended,
            started_at=started_at,
            ended_at=ended_at,
            moves=record.seq,
            rated=unrated is None,
            unrated=unrated,
            cooperative=cooperative,
            shared=len(won) > 1,
            reason=None if not state.result or state.result.get("reason") is None else str(state.result["reason"]),
            detail=json.dumps(state.result if over else None, sort_keys=True, default=str),
        )

        def rate(before: Mapping[int, tuple[float, float] | None]) -> Mapping[int, tuple[float, float]]:
            return rate_places(before, rated_places)

        return await self.store.record_result(result, players, rate=rate if unrated is None else None, status=status)

    async def record_missing_results(self) -> int:
        """Keep the results of ended games that lack one (a process stopped between a game's end
        and its result, or games ended before results were kept); returns how many."""
        kept = 0
        for record in await self.store.ended_without_result():
            try:
                kept += await self.record_result(record.id)
            except Exception:  # one game whose result cannot be read must not keep the others
                log.exception("game %s: its result could not be kept", record.id)
        return kept

    async def finish_game(self, game_id: int, status: str = "finished") -> None:
        """The game ended: its result is kept and its status set together; should the result
        fail (a bug, logged), the status is set alone and the result kept at the next start
        (:meth:`record_missing_results`)."""
        try:
            if await self.record_result(game_id, status):
                return
        except Exception:
            log.exception("game %s: its result could not be kept", game_id)
        await self.store.set_status(game_id, status)
