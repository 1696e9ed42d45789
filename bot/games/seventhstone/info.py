"""Seventh Stone's public information (``/ss offer``, ``/ss discard``, ``/ss standings``), from the
public view only (never a seat's): the offer is face up, the discard pile is open, tear stones
are counted on the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_
from bot.narration import player
from bot.ui.info import PublicLines, public_info
from bot.ui.play import Reply


def _tile(pack: Any, tile: Any) -> str:
    try:
        return str(pack.tile(int(tile))["name"])
    except (AttributeError, IndexError, TypeError, ValueError):
        return "a tile"


def offer_lines(view: Mapping[str, Any], pack: Any, tr: Any) -> list[str]:
    offer = view.get("offer") or []
    if offer:
        return [tr._("Year {year}: the market offers {tiles}.", year=view.get("year"), tiles=", ".join(map(str, offer)))]
    if view.get("draft"):
        return [tr._("The offer is being drafted: {n} tiles are handed on face down.", n=view["draft"].get("handed", 0))]
    return [tr._("Nothing is on offer now: the next offer is revealed in the next production and market phase.")]


def discard_lines(view: Mapping[str, Any], pack: Any, tr: Any) -> list[str]:
    discard = view.get("discard") or []
    if not discard:
        return [tr._("The discard pile is empty.")]
    counts: dict[str, int] = {}
    for tile in discard:
        name = _tile(pack, tile)
        counts[name] = counts.get(name, 0) + 1
    listed = ", ".join(f"{n} × {name}" if n > 1 else name for name, n in sorted(counts.items()))
    stacks = sum(view.get("stacks") or [])
    return [
        tr._("Discard pile ({n} tiles): {tiles}.", n=len(discard), tiles=listed),
        tr._("{n} tiles left in the stacks.", n=stacks),
    ]


def standing_lines(view: Mapping[str, Any], pack: Any, tr: Any) -> list[str]:
    """The players by tear stones, each named as :func:`bot.narration.player` says (``public``
    names them from the public view)."""
    players = sorted(view.get("players") or [], key=lambda p: (-int(p.get("tear_stones") or 0), int(p["seat"])))
    lines = [tr._("Tear stones, year {year} (7 win at a year's end):", year=view.get("year"))]
    for p in players:
        lines.append(
            tr._(
                "{player}: {stones} tear stones ({permanent} for good), {tournament} tournament stones, storage {storage}, income {income}, upkeep {upkeep}",
                player=player(int(p["seat"])),
                stones=p.get("tear_stones", 0),
                permanent=p.get("permanent_stones", 0),
                tournament=p.get("tournament_stones", 0),
                storage=p.get("storage", 0),
                income=p.get("income", 0),
                upkeep=p.get("upkeep", 0),
            )
        )
    due = 3 - int(view.get("round_counter") or 0)
    lines.append(tr.ngettext("The next tournament is in {n} year.", "The next tournament is in {n} years.", max(due, 1)))
    return lines


async def public(client: Any, channel_id: int, lines: PublicLines) -> list[Reply]:
    """One of the commands above for the game shown in the channel (after its end: as it ended)."""
    return await public_info(
        client,
        channel_id,
        "seventhstone",
        lines,
        not_started=N_("Game #{game} has not started yet."),
        elsewhere=N_("The game in this channel is not Seventh Stone."),
    )
