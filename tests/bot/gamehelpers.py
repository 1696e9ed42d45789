"""Shared set-up for the service, delivery and leak tests: a service over a real SQLite file
playing the tiny game (tests/tinygame.py) and a marked variant of it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.service import GameService
from engine.core import Action, Ruleset, UnknownGame
from tests.tinygame import RULESET as TINY
from tests.tinygame import VETO, SealedBids

GUILD, CHANNEL = 1, 100
ALICE, BOB, CAROL, DAVE = 501, 502, 503, 504


class MarkedBids(SealedBids):
    """Sealed Bids with number cards worth ``MARK + 101 * n``: no id, count or seq looks like a card,
    so a card value found in a payload can only have come from a card."""

    name = "markedbids"
    MARK = 7000

    def deck_cards(self) -> list[int]:
        return [self.MARK + 101 * n for n in range(1, 10) for _ in range(2)] + [VETO, VETO]


MARKED = MarkedBids()
CARD_VALUES = frozenset(MARKED.MARK + 101 * n for n in range(1, 10))
RULESETS: dict[str, Ruleset] = {"tinygame": TINY, "markedbids": MARKED}


def rulesets(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}") from None


def make_service(store) -> GameService:
    return GameService(store, rulesets)


async def started_game(
    service: GameService, users=(ALICE, BOB, CAROL), *, game="tinygame", channel=CHANNEL, seed=7, options=None
) -> int:
    record = await service.create_game(GUILD, channel, game, options or {}, users[0], seed=seed)
    for user in users:
        await service.join(record.id, user)
    await service.start(record.id)
    return record.id


@dataclass
class Move:
    user: int
    action: Action
    seq: int


async def random_move(service: GameService, game_id: int, chooser: random.Random) -> Move:
    """A random legal move of a random awaited user, with the seq its button would carry."""
    users = {s.seat: s.user_id for s in await service.store.seats(game_id)}
    user = users[chooser.choice((await service.view(game_id, None)).awaited)]
    view = await service.view(game_id, user)
    return Move(user, chooser.choice(view.legal), view.seq)


def any_ruleset_with(*extra: Ruleset):
    """The tiny test games, ``extra`` rulesets (by name), and the built-in games."""
    from engine.core import load_ruleset

    named = {r.name: r for r in extra}

    def find(name: str) -> Ruleset:
        return named.get(name) or RULESETS.get(name) or load_ruleset(name)

    return find
