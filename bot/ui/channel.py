"""The texts of the channel's messages, built from outbox payloads (no discord.py here).

* **turn posts** (:func:`post_text`): one message per player turn, edited as the turn goes
  on (consecutive AI turns share one; the stretch between turns has its own, which opens
  with what the past chapter changed), with what happened in public. Events told in an
  episode's report (a battle's details) are left out and the report is linked. It pings
  nobody and never says who is awaited.
* **the ping** (:func:`ping_text`): at a hand-off, the players newly awaited who chose
  pings (player setting ``notify``); the others get their DM instead, never both.
* **the start** (:func:`channel_text`): the game's first message; text longer than one
  message is sent in several (:func:`earlier_texts` first); no line is lost.
* **the status message** (:func:`status_text`): one per game, edited in place after every
  drain (posted anew only when it is gone); it shows where
  the game stands and who is awaited with each decision's deadline as a Discord timestamp
  (``<t:…:R>``), and pings nobody.
* **a report** (:func:`report_text`): one battle's public events, for its thread.
* **the reveal** (:func:`reveal_texts`): every secret of a finished game, in as many
  messages as it takes.

Every text fits one Discord message (:data:`TEXT_LIMIT`). Each is told in the language its
payload names (``language``: the game's for the channel, the player's for a DM, issue 31).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.frontend import frontend_for
from bot.i18n import Tr, escape, tr_for
from bot.narration import naming, narrator_for
from engine.core import Event

TEXT_LIMIT = 2000


def tr_of(payload: Mapping[str, Any]) -> Tr:
    """The translator of the language a payload is told in (English for an older payload)."""
    return tr_for(payload.get("language"))


def channel_text(payload: Mapping[str, Any]) -> str:
    """The news of one stretch: what happened, then who is awaited (never for what). When
    it does not fit one message, this is its last part (the rest: :func:`earlier_texts`)."""
    return "\n".join(_split(news_lines(payload), tr_of(payload))[1])[:TEXT_LIMIT]


def earlier_texts(payload: Mapping[str, Any]) -> list[str]:
    """The lines of the news that :func:`channel_text` has no room for, oldest first, in
    messages of at most :data:`TEXT_LIMIT` characters (usually none)."""
    return reveal_texts(_split(news_lines(payload), tr_of(payload))[0])


def _split(lines: list[str], tr: Tr) -> tuple[list[str], list[str]]:
    """(earlier lines, the last message's lines): the last message keeps the newest lines
    that fit after a ``…`` (at least the last line, cut to fit)."""
    if len("\n".join(lines)) <= TEXT_LIMIT:
        return [], lines
    size, start = len("…") + 1 + len(lines[-1]), len(lines) - 1
    while start > 1 and size + len(lines[start - 1]) + 1 <= TEXT_LIMIT:
        start -= 1
        size += len(lines[start]) + 1
    return lines[:start], ["…", *lines[start:]]


def news_lines(payload: Mapping[str, Any]) -> list[str]:
    """Every line of a news payload: the public lines, battle report links, the result.
    Who is awaited is said only by the status message and the ping (issue 19 item 3)."""
    lines = public_lines(payload)
    if payload.get("kind") in ("start", "update"):
        lines += _report_links(payload.get("reports", []), narrator_for(payload.get("game", ""), tr_of(payload)))
        if payload.get("result") is not None:
            lines += end_lines(payload)
    return lines


def _report_links(reports: Sequence[Mapping[str, Any]], narrator) -> list[str]:
    lines, tr = [], narrator.tr
    for report in reports:
        area = narrator.report_place(report.get("data", {}))
        if report.get("where"):
            lines.append(tr._("⚔ Battle in {area}: the report is in <#{channel}>.", area=area, channel=report["where"]))
        else:
            lines.append(tr._("⚔ Battle in {area}: the report is in its thread.", area=area))
    return lines


def post_text(post: Mapping[str, Any]) -> str:
    """A turn post (bot.delivery): its blocks, one per stretch of commits, each its public
    lines, the links to the battle reports it ended and, last, the standings. The game's end
    event, among the lines, names the winner, so the standings follow it without repeating
    that line (:func:`end_lines`). A post longer than one message keeps its newest lines (:func:`fit`)."""
    lines: list[str] = []
    tr = tr_of(post)
    for block in post.get("blocks", []):
        lines += block.get("lines", [])
        lines += _report_links(block.get("reports", []), narrator_for(post.get("game", ""), tr))
        if block.get("result") is not None:
            end = {"game": post.get("game", ""), "language": tr.language, **(block.get("end") or {}), "result": block["result"]}
            lines += end_lines(end)[1:] if block.get("lines") else end_lines(end)
    return fit(lines or ["…"], tr)


def ping_text(ping: Mapping[str, Any]) -> str:
    """The ping of the players who chose pings (``notify``), at a hand-off to them."""
    tr = tr_of(ping)
    return tr._(
        "Waiting for: {players} (game #{game})", players=", ".join(who(u, tr) for u in ping.get("ping", [])), game=ping["game_id"]
    )


def public_lines(payload: Mapping[str, Any]) -> list[str]:
    """The payload's lines without those its game tells only in a report."""
    lines, events = list(payload.get("lines", [])), payload.get("events", [])
    if len(lines) != len(events):  # notices, or lines not one per event: keep them all
        return lines
    narrator = narrator_for(payload.get("game", ""))
    return [line for line, event in zip(lines, events) if not narrator.in_report(event["kind"])]


def pinged(payload: Mapping[str, Any]) -> list[int]:
    """The users a channel message may ping: those newly awaited (a notice: its ``ping``)."""
    if payload.get("kind") not in ("start", "update"):
        return list(payload.get("ping", []))
    if "ping" in payload:
        return list(payload["ping"])
    return [a["user_id"] for a in payload.get("awaiting", []) if a.get("user_id") is not None]


def dm_text(payload: Mapping[str, Any], context: Mapping[str, Any] | None = None) -> str:
    """A private message: which game it is about, where (``context``: the server's
    ``guild`` name and the game channel's ``link``, issue 19 item 6), then its lines."""
    tr = tr_of(payload)
    guild, link = (context or {}).get("guild"), (context or {}).get("link")
    if guild and link:
        head = tr._("Game #{game} · {server} · {link}:", game=payload["game_id"], server=escape(guild), link=link)
    elif guild or link:
        head = tr._("Game #{game} · {where}:", game=payload["game_id"], where=escape(guild) if guild else link)
    else:
        head = tr._("Game #{game}:", game=payload["game_id"])
    return fit([head, *payload.get("lines", [])], tr)


def channel_link(guild_id: int | None, channel_id: int) -> str:
    """A link that opens the game channel (on a phone too)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def status_text(payload: Mapping[str, Any], deadlines: Mapping[int, float | None], *, paused: bool = False) -> str:
    """The status message: the chapter and move, where the game stands, who is awaited with
    each seat's deadline, or the result."""
    tr = tr_of(payload)
    narrator = narrator_for(payload.get("game", ""), tr)
    view = payload.get("view") or {}
    chapter = narrator.chapter(view)
    head = tr._("📜 **Game #{game}**", game=payload["game_id"])
    lines = [head + (f" · {chapter}" if chapter else "") + " · " + tr._("move {seq}", seq=payload["seq"])]
    with naming(names_in(payload), tr):
        lines += narrator.status(dict(view))
    if payload.get("result") is not None:
        lines += end_lines(payload)
    elif paused:
        lines.append(tr._("The table is paused: no deadlines run."))
    awaited = []
    for a in payload.get("awaiting", []):
        due = deadlines.get(a["seat"])
        shown = who(a.get("user_id"), tr)
        when = "<t:" + str(int(due or 0)) + ":R>"
        awaited.append(tr._("{player} (deadline {when})", player=shown, when=when) if due and not paused else shown)
    if awaited and payload.get("result") is None:
        lines.append(tr._("Waiting for: {players}", players=", ".join(awaited)))
    command = frontend_for(payload.get("game", "")).private_command_mention(tr)
    lines.append(
        tr._("Your decisions: the button below, or {command}.", command=command)
        if command
        else tr._("Your decisions: the button below.")
    )
    return fit(lines, tr)


def report_text(report: Mapping[str, Any]) -> str:
    """A battle's report: its public events in words."""
    tr = tr_of(report)
    narrator = narrator_for(report.get("game", ""), tr)
    events = [Event(e["kind"], e.get("data", {})) for e in report.get("events", [])]
    with naming(names_in(report), tr):
        return fit(
            [tr._("Game #{game}, move {seq}:", game=report["game_id"], seq=report["seq"]), *(narrator.event(e) for e in events)],
            tr,
        )


def reveal_texts(lines: Sequence[str]) -> list[str]:
    """The end-of-game reveal in messages of at most :data:`TEXT_LIMIT` characters."""
    texts, current = [], ""
    for line in lines:
        line = line[:TEXT_LIMIT]
        if current and len(current) + 1 + len(line) > TEXT_LIMIT:
            texts.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    return [*texts, current] if current else texts


def names_in(payload: Mapping[str, Any]) -> dict[int, str]:
    """The seats' names a payload carries (bot.service.payloads.names_of; JSON made the seats text)."""
    return {int(seat): name for seat, name in (payload.get("names") or {}).items()}


def end_lines(payload: Mapping[str, Any]) -> list[str]:
    """The end of a game: the winner and the standings with their tie-breaks, in the game's words
    (:meth:`bot.narration.Narrator.standings`), the players by name."""
    tr = tr_of(payload)
    with naming(names_in(payload), tr):
        told = narrator_for(payload.get("game", ""), tr).standings(payload.get("view") or {}, payload["result"])
    return [tr._("**The game is over.** {result}", result=told[0] if told else ""), *told[1:]]


def result_text(result: Mapping[str, Any], payload: Mapping[str, Any] | None = None) -> str:
    """The result in one text (the winner and the standings)."""
    tr = tr_of(payload or {})
    with naming(names_in(payload or {}), tr):
        told = narrator_for((payload or {}).get("game", ""), tr).standings((payload or {}).get("view") or {}, result)
    return "\n".join(told)


def who(user_id: int | None, tr: Tr | None = None) -> str:
    return (tr or tr_for(None))._("an AI seat") if user_id is None else f"<@{user_id}>"


def fit(lines: list[str], tr: Tr | None = None) -> str:
    """Lines within one message: the oldest lines give way first, and the first line says how
    many (``… 12 earlier lines``, the rest is in /game log); the last line always stays."""
    tr = tr or tr_for(None)
    dropped = 0
    while len("\n".join(_cut(lines, dropped, tr))) > TEXT_LIMIT and len(lines) - dropped > 1:
        dropped += 1
    return "\n".join(_cut(lines, dropped, tr))[:TEXT_LIMIT]


def _cut(lines: list[str], dropped: int, tr: Tr) -> list[str]:
    if not dropped:
        return lines
    return [tr.ngettext("… {n} earlier line (/game log)", "… {n} earlier lines (/game log)", dropped), *lines[dropped:]]


async def deadlines(store, game_id: int, awaited: Sequence[int], now: float) -> tuple[dict[int, float | None], bool]:
    """Each awaited seat's deadline (seconds since the epoch) and whether the table is paused.

    A seat's wait (bot.table.waits) carries its deadline; a seat the sweeper has not seen
    waiting yet gets ``now`` plus the game's deadline hours, as its wait will."""
    from bot.table.settings import HOUR, game_settings, stored_deadline

    table = await game_settings(store, game_id)
    waits = {w.seat: stored_deadline(w.deadline) for w in await store.waits(game_id)}  # inf/nan: none
    hours = table.get("deadline_hours")
    return {seat: waits[seat] if seat in waits else (now + hours * HOUR if hours else None) for seat in awaited}, table.get(
        "paused_at"
    ) is not None
