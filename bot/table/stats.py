"""Stats, the leaderboard and the export of every result (issue 32 item 1; docs/bot.md "Results and ratings").

Read from the store's results (:meth:`bot.store.Store.results`, kept by :mod:`bot.service.results`)
and ratings, per server. Texts come from the catalogue in the reader's language
(:func:`bot.narration.current_tr`); players are named by mention, games by their title, what a
seat played (a faction, a hero) by the game's narrator, never by an id.

* :func:`player_stats` / :func:`stats_text`: ``/stats [@player] [game]``: games, wins, by what
  the seat played, the average length, the rating; unrated games counted and marked with why.
* :func:`leaderboard_text`: ``/leaderboard [game]``: the server's players by rating (OpenSkill's
  ordinal, mu - 3 sigma), with their rated games.
* :func:`export_rows` / :func:`export_text`: ``python -m bot stats export``: one row per holder
  of a seat in every result (CSV), or every result with its players (JSON).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.i18n import N_, Tr
from bot.narration import current_tr, narrator_for
from bot.service import GameService, ordinal
from bot.store import ResultPlayer, ResultRecord, Store

#: why a game was not rated, as the stats say it
UNRATED_WORDS = {
    "abandoned": N_("abandoned"),
    "tutorial": N_("tutorial"),
    "cooperative": N_("co-operative"),
    "solo": N_("solo"),
    "ai_seats": N_("with AI seats"),
}
#: "By faction" and the like, by the descriptor's ``seat_role``
ROLE_HEADINGS = {
    "faction": N_("By faction:"),
    "hero": N_("By hero:"),
    "race": N_("By race:"),
    "people": N_("By people:"),
}
#: rows of the leaderboard shown
LEADERBOARD_SIZE = 10
#: the export's CSV columns: the result's, then the holder's
CSV_COLUMNS = (
    "game_id",
    "guild_id",
    "game",
    "ended",
    "started_at",
    "ended_at",
    "moves",
    "rated",
    "unrated",
    "cooperative",
    "shared",
    "reason",
    "seat",
    "entry",
    "user_id",
    "name",
    "role",
    "team",
    "place",
    "won",
    "left_how",
    "left_at",
    "ai_seconds",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)


@dataclass
class RoleLine:
    games: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    """A player's results in one server (of one game, or all)."""

    user_id: int
    game: str | None
    games: int = 0
    wins: int = 0
    unrated: dict[str, int] = field(default_factory=dict)
    left: int = 0
    seconds: list[float] = field(default_factory=list)
    #: (game, role) -> games and wins
    roles: dict[tuple[str, str], RoleLine] = field(default_factory=dict)
    #: game -> (ordinal, rated games)
    ratings: dict[str, tuple[float, int]] = field(default_factory=dict)

    @property
    def average_seconds(self) -> float | None:
        return sum(self.seconds) / len(self.seconds) if self.seconds else None


async def player_stats(store: Store, guild_id: int, user_id: int, game: str | None = None) -> PlayerStats:
    """``user_id``'s games in the server (of ``game``): one per game they held a seat in."""
    stats = PlayerStats(user_id, game)
    for result, players in await store.results(guild_id=guild_id, game=game):
        mine = [p for p in players if p.user_id == user_id]
        if not mine:
            continue
        stats.games += 1
        won = any(p.won for p in mine)
        stats.wins += won
        if not result.rated and result.unrated:
            stats.unrated[result.unrated] = stats.unrated.get(result.unrated, 0) + 1
        stats.left += any(p.left_how is not None for p in mine)
        if result.ended == "finished":
            stats.seconds.append(max(0.0, result.ended_at - result.started_at))
        for p in mine:
            if p.role:
                line = stats.roles.setdefault((result.game, p.role), RoleLine())
                line.games += 1
                line.wins += p.won
    for rating in await store.ratings(guild_id, game):
        if rating.user_id == user_id:
            stats.ratings[rating.game] = (ordinal(rating.mu, rating.sigma), rating.games)
    return stats


def duration(seconds: float, tr: Tr) -> str:
    """``3 d 4 h``, ``5 h 12 min`` or ``7 min``: how long a game took, roughly."""
    minutes = int(seconds // 60)
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        return tr._("{days} d {hours} h", days=days, hours=hours)
    if hours:
        return tr._("{hours} h {minutes} min", hours=hours, minutes=mins)
    return tr._("{minutes} min", minutes=mins)


def role_name(service: GameService, game: str, role: str, tr: Tr) -> str:
    """What a seat played, named by the game's narrator as a public view showing it would
    (``players: [{seat, <seat_role>: role}]``); the stored word when the narrator has no name."""
    try:
        key = service.descriptor(game).seat_role
        return narrator_for(game, tr).role({"players": [{"seat": 0, key: role}]}, 0) or role
    except Exception:  # a game without a narrator's name for it: the stored word
        return role


def _seat_role(service: GameService, game: str) -> str:
    try:
        return service.descriptor(game).seat_role
    except Exception:  # a game no longer installed
        return "seat"


def game_title(service: GameService, game: str) -> str:
    try:
        return service.descriptor(game).title
    except Exception:  # a game no longer installed: its name
        return game


def stats_text(service: GameService, stats: PlayerStats) -> str:
    """The ``/stats`` answer."""
    tr = current_tr()
    where = game_title(service, stats.game) if stats.game else tr._("all games")
    lines = [tr._("📊 **Stats of <@{user}>** · {where}", user=stats.user_id, where=where)]
    if not stats.games:
        lines.append(tr._("No finished game yet."))
        return "\n".join(lines)
    share = round(100 * stats.wins / stats.games)
    lines.append(tr._("Games: {games} · won: {wins} ({share} %)", games=stats.games, wins=stats.wins, share=share))
    if stats.average_seconds is not None:
        lines.append(tr._("Average length: {length}", length=duration(stats.average_seconds, tr)))
    if stats.unrated:
        why = ", ".join(f"{tr._(UNRATED_WORDS.get(k, k))} {n}" for k, n in sorted(stats.unrated.items()))
        lines.append(tr._("Not rated: {count} ({why})", count=sum(stats.unrated.values()), why=why))
    if stats.left:
        lines.append(tr._("Left before the end (rated as a loss): {count}", count=stats.left))
    for game, (value, rated) in sorted(stats.ratings.items()):
        lines.append(
            tr.ngettext(
                "Rating in {game}: {rating} ({n} rated game)",
                "Rating in {game}: {rating} ({n} rated games)",
                rated,
                game=game_title(service, game),
                rating=_one_decimal(value),
            )
        )
    by_game: dict[str, list[tuple[str, RoleLine]]] = {}
    for (game, role), line in sorted(stats.roles.items()):
        by_game.setdefault(game, []).append((role, line))
    for game, roles in by_game.items():
        seat_role = _seat_role(service, game)
        heading = tr._(ROLE_HEADINGS[seat_role]) if seat_role in ROLE_HEADINGS else tr._("By role:")
        if stats.game is None:
            heading = f"{game_title(service, game)} · {heading}"
        parts = [
            tr._("{role} {wins}/{games}", role=role_name(service, game, role, tr), wins=line.wins, games=line.games)
            for role, line in sorted(roles, key=lambda r: (-r[1].games, r[0]))
        ]
        lines.append(f"{heading} " + ", ".join(parts))
    return "\n".join(lines)


async def leaderboard_text(service: GameService, guild_id: int, game: str | None = None) -> str:
    """The ``/leaderboard`` answer: per game (one, or every game rated in the server), its
    players by rating, best first."""
    tr = current_tr()
    ratings = await service.store.ratings(guild_id, game)
    if not ratings:
        where = game_title(service, game) if game else tr._("any game")
        return tr._("🏆 No rated game of {where} in this server yet.", where=where)
    lines: list[str] = []
    for name in sorted({r.game for r in ratings}):
        board = sorted((r for r in ratings if r.game == name), key=lambda r: (-ordinal(r.mu, r.sigma), r.user_id))
        lines.append(tr._("🏆 **Leaderboard · {game}**", game=game_title(service, name)))
        for place, r in enumerate(board[:LEADERBOARD_SIZE], start=1):
            lines.append(
                tr.ngettext(
                    "{place}. <@{user}>: {rating} ({n} rated game)",
                    "{place}. <@{user}>: {rating} ({n} rated games)",
                    r.games,
                    place=place,
                    user=r.user_id,
                    rating=_one_decimal(ordinal(r.mu, r.sigma)),
                )
            )
    lines.append(
        tr._(
            "Rating: OpenSkill, shown cautiously (mu - 3 sigma); games with AI seats from the lobby, tutorials, solo and co-operative games are not rated."
        )
    )
    return "\n".join(lines)


def _one_decimal(value: float) -> str:
    return f"{value:.1f}"


def export_rows(results: Sequence[tuple[ResultRecord, Sequence[ResultPlayer]]]) -> list[dict[str, Any]]:
    """One row per holder of a seat in every result, :data:`CSV_COLUMNS` as keys."""
    rows = []
    for result, players in results:
        head = {k: v for k, v in asdict(result).items() if k != "detail"}
        for p in players:
            rows.append({k: v for k, v in {**head, **asdict(p)}.items() if k in CSV_COLUMNS})
    return rows


def export_text(results: Sequence[tuple[ResultRecord, Sequence[ResultPlayer]]], form: str) -> str:
    """Every result as CSV (:func:`export_rows`) or JSON (results with ``players`` and the
    engine's ``detail`` decoded)."""
    if form == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in export_rows(results):
            writer.writerow({k: int(v) if isinstance(v, bool) else v for k, v in row.items()})
        return out.getvalue()
    if form == "json":
        body = [
            {
                **{k: v for k, v in asdict(r).items() if k != "detail"},
                "detail": _decoded(r.detail),
                "players": [asdict(p) for p in ps],
            }
            for r, ps in results
        ]
        return json.dumps({"version": 1, "results": body}, indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"the export is csv or json, not {form!r}")


def _decoded(text: str) -> Mapping[str, Any] | None:
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None
