"""Outbox payloads: what a commit tells the channel and each seat, as JSON objects.

Outbox payloads are JSON objects (``v`` is the payload version)::

    channel: {"v": 1, "kind": "start" | "update", "game_id", "seq", "game",
              "lines": [str], "events": [{"kind", "data"}],
              "awaiting": [{"seat", "user_id"}],      (who, never what: a secret choice or a
                                                       reaction window must not be named)
              "ping": [user ids newly awaited],       (the only users the message may ping)
              "view": <the public view>, "result": <null or the result>,
              "reveal": [str]  (the last commit only: every secret, told when the game ends),
              "chapter": str | null,  (the chapter, a season, at its end)
              "turn": [key, seat] | null, "ai": bool  (a commit: the player turn it was made in)
              "then": [key, seat] | null, "then_ai": bool  (the turn it led into)
              "posts": [{"id": n, "edit": bool, "key", "ai", "lines": [str], "events": [...]}]
                       (the stretch as turn posts: ``edit`` continues post ``n`` of the
                       game, else it is a new post; bot.delivery sends or edits them),
              "seats": [{"seat", "user_id"}]  (start only)}
    user:<id>: {"v": 1, "kind": "private", "game_id", "seq", "game", "seat",
                "lines": [str], "events": [{"kind", "data"}],
                "notify": bool,  (a hand-off: the player's notification, unless they chose pings)
                "view": <the seat's own view> (with decisions: the DM's picture is drawn from it),
                "decisions": [{"prompt": {"id", "kind", "secret", "info"},
                               "actions": [{"choice", "args"}],
                               "then": [{"prompt", "choice", "args"}]}]}  (a stretch kind's follow-ups)
    stretch: a channel payload (one commit's news) held until the last commit of its stretch
             merges it into that commit's channel message; never sent as such.

The functions here build them (:meth:`bot.service.play.PlayMixin._commit` writes them) and
read a private payload's decisions back (:func:`decisions_from_payload`, for the DM's buttons).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.frontend import frontend_for
from bot.i18n import ENGLISH, Tr
from bot.narration import narrate, narrator_for, seat_names
from engine.core import Action, Engine, EngineError, Event, GameState, Prompt, Seat, Transition
from engine.core.codec import to_plain

PAYLOAD_VERSION = 1


@dataclass(frozen=True)
class Decision:
    """One open prompt of a seat with its legal answers, in the engine's order (UI indexes)."""

    prompt: Prompt
    actions: tuple[Action, ...]
    #: a stretch kind's follow-ups (:func:`follow_ups`): answers a stretch's pick may take after its own
    then: tuple[Action, ...] = ()


def decisions(engine: Engine, state: GameState, seat: Seat) -> tuple[Decision, ...]:
    """The seat's open decisions with their legal answers (none once the game is over); a
    decision of a stretch kind (:attr:`bot.frontend.FrontEnd.stretch_kinds`) with the answers
    its own lead to (:func:`follow_ups`)."""
    legal = engine.legal(state, seat) if state.result is None else []
    found = tuple(Decision(p, tuple(a for a in legal if a.prompt == p.id)) for p in state.prompts_for(seat))
    kinds = frontend_for(state.game).stretch_kinds
    if not kinds or not found:
        return found
    return tuple(dataclasses.replace(d, then=follow_ups(engine, state, seat, d)) if d.prompt.kind in kinds else d for d in found)


def stretch_ends(frontend: Any, transition: Transition, seat: Seat, action: Action) -> bool:
    """Whether a stretch of plays (bot/ui/stretch.py) ends after ``action``: it draws by chance,
    tells anyone something private, ends the game, leaves another seat awaited, or the game
    stops there (:meth:`bot.frontend.FrontEnd.stretch_stops`)."""
    after = transition.state
    return (
        frontend.stretch_stops(action)
        or any(record.chance for record in transition.records)
        or any(event.to is not None for event in transition.events)
        or after.result is not None
        or set(after.awaited()) != {seat}
    )


def stretch_decision(engine: Engine, state: GameState, seat: Seat) -> Decision | None:
    """The seat's first open decision of a stretch kind, with its legal answers, or None."""
    if state.result is None:
        kinds = frontend_for(state.game).stretch_kinds
        legal = engine.legal(state, seat)
        for p in state.prompts_for(seat):
            if p.kind in kinds:
                return Decision(p, tuple(a for a in legal if a.prompt == p.id))
    return None


def follow_ups(engine: Engine, state: GameState, seat: Seat, decision: Decision) -> tuple[Action, ...]:
    """The answers ``decision``'s own lead to in a decision of another stretch kind (a purchase's
    buys once a gold card is played), tried on copies of the game: none past an answer that ends
    a stretch, each what-it-does (``stretch_key``) once and none of ``decision``'s own."""
    frontend = frontend_for(state.game)
    keys = {frontend.stretch_key(a) for a in decision.actions}
    following: list[Action] = []
    for action in decision.actions:
        try:
            transition = engine.apply(state, action)
        except EngineError:
            continue
        if stretch_ends(frontend, transition, seat, action):
            continue
        nxt = stretch_decision(engine, transition.state, seat)
        if nxt is None or nxt.prompt.kind == decision.prompt.kind:
            continue
        for candidate in nxt.actions:
            if frontend.stretch_key(candidate) not in keys:
                keys.add(frontend.stretch_key(candidate))
                following.append(candidate)
    return tuple(following)


def decisions_plain(engine: Engine, state: GameState, seat: Seat) -> list[dict[str, Any]]:
    return [
        {
            "prompt": _prompt(d.prompt),
            "actions": [{"choice": a.choice, "args": to_plain(dict(a.args))} for a in d.actions],
            **(
                {"then": [{"prompt": a.prompt, "choice": a.choice, "args": to_plain(dict(a.args))} for a in d.then]}
                if d.then
                else {}
            ),
        }
        for d in decisions(engine, state, seat)
    ]


def decisions_from_payload(payload: Mapping[str, Any]) -> tuple[Decision, ...]:
    """The decisions of a private payload back as values (for building the DM's buttons)."""
    out = []
    for d in payload.get("decisions", []):
        p = d["prompt"]
        prompt = Prompt(p["id"], payload["seat"], p["kind"], secret=p["secret"], info=p["info"])
        then = tuple(Action(payload["seat"], a["prompt"], a["choice"], a["args"]) for a in d.get("then", []))
        out.append(
            Decision(prompt, tuple(Action(payload["seat"], p["id"], a["choice"], a["args"]) for a in d["actions"]), then=then)
        )
    return tuple(out)


def names_of(game: str, seats: Sequence[Any], public_view: Mapping[str, Any] | None, tr: Tr | None = None) -> dict[Seat, str]:
    """How the lines of a game name its seats (bot.narration.seat_names): each player's display
    name (an AI seat "AI <n>"), with what they play once the *public* view shows it, in ``tr``'s language."""
    tr = tr or ENGLISH
    display = {s.seat: s.name or (tr._("AI {number}", number=s.seat + 1) if s.user_id is None else None) for s in seats}
    return seat_names(game, public_view, [s.seat for s in seats], display, tr)


def channel_payload(
    game_id: int,
    seq: int,
    kind: str,
    transition: Transition,
    users: Mapping[Seat, int | None],
    public_view: Mapping[str, Any],
    was_awaited: set[Seat],
    names: Mapping[Seat, str] | None = None,
    tr: Tr | None = None,
) -> dict[str, Any]:
    """The channel message: public events, who is awaited (never what), the public view, its
    lines in the game's language ``tr`` (the payload's ``language``).

    ``ping``: the users awaited now who were not before (the start pings everyone awaited),
    so a player waiting on others is not pinged again by each of their moves. Eliminated
    seats (:func:`spectators`) are neither listed as awaited nor pinged."""
    state = transition.state
    public = transition.events_for(None)
    out = spectators(public_view)
    awaited = [s for s in state.awaited() if s not in out]
    payload: dict[str, Any] = {
        "v": PAYLOAD_VERSION,
        "kind": kind,
        "game_id": game_id,
        "seq": seq,
        "game": state.game,
        "language": (tr or ENGLISH).language,
        "lines": narrate(state.game, public, None, names, tr),
        "events": events_plain(public),
        "awaiting": [{"seat": s, "user_id": users.get(s)} for s in awaited],
        "ping": [users[s] for s in awaited if s not in was_awaited and users.get(s) is not None],
        "view": public_view,
        "result": state.result,
        "names": {str(seat): name for seat, name in (names or {}).items()},  # seats named in every line (issue 19 item 4)
        "chapter": narrator_for(state.game).chapter(dict(public_view)),
    }
    if kind == "start":
        payload["seats"] = [{"seat": s, "user_id": users.get(s)} for s in state.seats]
    return payload


def private_payload(
    engine: Engine,
    game_id: int,
    seq: int,
    state: GameState,
    seat: Seat,
    private: Sequence[Event],
    *,
    with_decisions: bool,
    names: Mapping[Seat, str] | None = None,
    hide: Collection[str] = (),
    tr: Tr | None = None,
) -> dict[str, Any]:
    """A seat's private message: the ``private`` events it saw, narrated for it, and (when
    ``with_decisions``) its open decisions with their legal answers, but those of the prompts
    ``hide`` names (answered by ``auto_pass``, never shown)."""
    return {
        "v": PAYLOAD_VERSION,
        "kind": "private",
        "game_id": game_id,
        "seq": seq,
        "game": state.game,
        "seat": seat,
        "language": (tr or ENGLISH).language,
        "lines": narrate(state.game, private, seat, names, tr),
        "events": events_plain(private),
        "names": {str(s): name for s, name in (names or {}).items()},  # for the labels of its decisions
        "decisions": [d for d in decisions_plain(engine, state, seat) if d["prompt"]["id"] not in hide] if with_decisions else [],
        "notify": False,
        **({"view": engine.view(state, seat)} if with_decisions else {}),
    }


def merged(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One channel message for a stretch of commits: the last commit's payload (who is awaited,
    the view, the result) with every commit's lines and events, in order, pinging whoever any
    part pinged who is still awaited at the end (the same as the last part's pings when every
    part counts from the stretch's beginning; the right ones when a stopped stretch went on
    with the awaited of its restart as its beginning)."""
    pinged = {user for p in parts for user in p["ping"]}
    return {
        **parts[-1],
        "kind": parts[0]["kind"],
        "lines": [line for p in parts for line in p["lines"]],
        "events": [event for p in parts for event in p["events"]],
        "ping": [a["user_id"] for a in parts[-1]["awaiting"] if a["user_id"] in pinged],
    }


def post_lines(part: Mapping[str, Any]) -> list[str]:
    """A commit's public lines as its turn post tells them: without those its game tells
    only in an episode's report (a battle's details, in the battle thread)."""
    lines, events = list(part.get("lines", [])), part.get("events", [])
    if len(lines) != len(events):
        return lines
    narrator = narrator_for(part.get("game", ""))
    return [line for line, event in zip(lines, events) if not narrator.in_report(event["kind"])]


def spectators(public_view: Mapping[str, Any]) -> set[Seat]:
    """Seats a game's public view marks as out of the game (``players[i].eliminated``): they
    watch as spectators; nothing awaits, pings or privately messages them."""
    players = public_view.get("players", [])
    return {p["seat"] for p in players if isinstance(p, Mapping) and p.get("eliminated")} if isinstance(players, list) else set()


def events_plain(events) -> list[dict[str, Any]]:
    return [{"kind": e.kind, "data": to_plain(dict(e.data))} for e in events]


def _prompt(prompt: Prompt) -> dict[str, Any]:
    return {"id": prompt.id, "kind": prompt.kind, "secret": prompt.secret, "info": to_plain(dict(prompt.info))}


def dumps(payload: Mapping[str, Any]) -> str:
    """A payload as the outbox stores it (sorted keys, compact, UTF-8 kept)."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
