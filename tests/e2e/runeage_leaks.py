"""Leak checks of a Rune Age game (tests/e2e/leaks.py does Runewars'): every output the bot
made against the secrets of its moment, with the shared machinery (outputs, audiences,
windows: :func:`tests.e2e.leaks.check`).

Rune Age's secrets (rulebook p. 12, docs/runeage/README.md "Views and secrets"): a player's
**hand** (its size is public, its cards are not) and the **order of every deck** (nobody's,
the owner's included, once it is shuffled). Card names are public (the Barracks and the
supply show them all), so a secret is a *phrase*: another seat's hand listed as the narrator
and the private panel list cards ("1 Gold, Berserker and Dämon", "1 Gold, Berserker, Dämon",
sorted), and the top cards of a deck in their order; only phrases of :data:`LENGTH` cards of
at least :data:`DISTINCT` names count, so that a public list (a discard pile) does not match
one by chance. A finished game has no secrets left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.narration import listing
from bot.service import GameService
from engine.core import Engine, decode, encode
from loopback.double import DiscordDouble
from tests.e2e import leaks

LENGTH, DISTINCT = 4, 3


def hand_cards(hand: list[str]) -> list[str] | None:
    """A hand as its secret phrase lists it (sorted), or None when it is too plain to tell."""
    cards = sorted(hand)
    return cards if len(cards) >= LENGTH and len(set(cards)) >= DISTINCT else None


def deck_cards(deck: list[str]) -> list[str] | None:
    """A deck's top cards in order, or None when too few or too plain to tell."""
    top = list(deck[:5])
    return top if len(top) >= LENGTH and len(set(top)) >= DISTINCT else None


def phrases(cards: list[str]) -> list[str]:
    """How a list of cards is written: "a, b and c" (the narrator) and "a, b, c"."""
    return [listing(cards), ", ".join(cards)]


def _secret(catalog: dict[str, leaks.Secret], key: str, what: str, phrase: str) -> str:
    if key not in catalog:
        catalog[key] = leaks.Secret(key, what, (re.compile(re.escape(phrase)),), needle=phrase)
    return key


def moment(state: Any, seats: list[int], catalog: dict[str, leaks.Secret]) -> dict[int | None, frozenset[str]]:
    """What each audience (None: the public; each seat) may not know at this commit."""
    board = state.board
    if state.result is not None or board is None:
        return {}
    out: dict[int | None, frozenset[str]] = {}
    for audience in [None, *seats]:
        keys = []
        for seat, player in enumerate(board.players):
            hand = hand_cards(player.hand)
            if seat != audience and hand is not None:
                for phrase in phrases(hand):
                    keys.append(_secret(catalog, f"hand:{seat}:{phrase}", f"the hand of seat {seat}", phrase))
            top = deck_cards(player.deck)
            if top is not None:
                for phrase in phrases(top):
                    keys.append(_secret(catalog, f"deck:{seat}:{phrase}", f"the order of seat {seat}'s deck", phrase))
        out[audience] = frozenset(keys)
    return out


async def load(service: GameService, game_id: int, double: DiscordDouble | None = None) -> leaks.Moments:
    """Replay the game from the bot's database; the secrets of every commit."""
    store = service.store
    record = await store.get_game(game_id)
    seats = await store.seats(game_id)
    rows = await store.actions(game_id)
    engine = Engine(service.ruleset_of(record))
    options = decode(record.state).options
    state = engine.setup(options, len(seats), record.seed).state
    outbox, private_lines = leaks._outbox(store.path, game_id)
    users = {s.seat: s.user_id for s in seats}
    moments = leaks.Moments(game_id, users, [r.created_at for r in rows], [{}], [()], {}, {})
    moments.seed, moments.private_lines, moments.outbox = record.seed, private_lines, outbox
    for row in rows:
        if row.seq > 1:
            action = decode(row.action)[0].action
            prompt = state.prompt(action.prompt)
            if prompt is not None and prompt.secret:
                moments.secret_answers.add(row.seq)
            state = engine.apply(state, action).state
        moments.secrets_at.append(moment(state, sorted(users), moments.catalog))
        moments.awaited_at.append(tuple(state.awaited()))
        if state.result is not None and moments.finished_at is None:
            moments.finished_at = row.seq
    moments.replays_to_stored_state = encode(state) == record.state
    if not moments.replays_to_stored_state:
        import difflib

        a, b = encode(state).split(","), record.state.split(",")
        moments.catalog["replay"] = leaks.Secret(
            "replay", " | ".join(list(difflib.unified_diff(a, b, n=0, lineterm=""))[2:12]), ()
        )
    if double is not None:
        moments.claims = leaks.claims(double, game_id)
    return moments


async def audit(
    double: DiscordDouble, service: GameService, game_id: int, log_lines: Iterable[tuple[float, str]] = ()
) -> list[str]:
    """Every check for one Rune Age game, as problems (none: nothing leaked)."""
    moments = await load(service, game_id, double)
    problems = [] if moments.replays_to_stored_state else [f"the stored log does not replay: {moments.catalog['replay'].what}"]
    problems += [str(leak) for leak in leaks.check(double, moments, log_lines)]
    problems += leaks.awaited_problems(double, moments)
    problems += leaks.thread_problems(double, moments)
    problems += leaks.held_problems(double, moments)
    return problems
