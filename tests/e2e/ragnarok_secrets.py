"""Lords of Ragnarok's secrets for the leak audit (tests/e2e/leaks.py, ``SECRET_BUILDERS``).

What an audience may not know (digest 11.1): every combat card, monster attack card, blessing,
hero and lineage it has not seen so far in its views or the events it was shown. That covers
the hands (combat cards), the monster's attack hand during a hunt (attack cards), the hero
selection's offers (heroes and lineages) and every deck's content. A card is matched by its id
as a whole word, and by its printed name while the audience has seen no card of that name.
Odinsson/Odinsdottir is handed on in the open (digest 4.3), so it is no secret. A finished game
has none left.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import Engine
from tests.e2e.leaks import _SecretBuilder

#: the pack's tables whose records may be secret, and the one lineage that is always public
SECRET_TABLES = ("combat_cards", "attack_cards", "blessings", "heroes", "lineages")
PUBLIC = frozenset({"odinsson"})


class RagnarokSecrets(_SecretBuilder):
    def __init__(self, engine: Engine, pack: Any, start: Any, users: dict[int, int | None]):
        self.engine = engine
        self.users = users
        self.audiences: list[int | None] = [None, *sorted(users)]
        self.names: dict[str, set[str]] = {
            rec["id"]: {str(rec["name"])} for table in SECRET_TABLES for rec in pack.raw[table] if rec["id"] not in PUBLIC
        }
        self.card_ids = set(self.names)
        self.orders = {}
        self.seen: dict[int | None, set[str]] = {a: set() for a in self.audiences}
        self.catalog = {}

    def moment(self, state: Any, events: Any) -> dict[int | None, frozenset[str]]:
        if state.result is not None:
            return {}
        out: dict[int | None, frozenset[str]] = {}
        for audience in self.audiences:
            seen = self.seen[audience]
            seen |= self._quoted(json.dumps(self.engine.view(state, audience), default=str))
            seen |= self._cards([e.data for e in events if e.visible_to(audience)])
            seen_names = {n for c in seen for n in self.names.get(c, ())}
            unseen = sorted(self.card_ids - seen)
            keys = [self._card(c) for c in unseen]
            keys += [self._name(n, c) for c in unseen for n in sorted(self.names[c]) if n not in seen_names]
            out[audience] = frozenset(keys)
        return out


def secrets_of_kind(state: Any, kind: str) -> list[str]:
    """The card ids of one secret kind in ``state`` (for the canaries): ``hand`` (every seat's
    combat cards), ``attack_hand`` (the monster's hand in a hunt), ``offer`` (the heroes and
    lineages offered to the selecting seat)."""
    b = state.board
    if kind == "hand":
        return sorted(c for h in b.players for c in h.hand)
    if kind == "attack_hand":
        return sorted(b.hunt["hand"]) if b.hunt else []
    if kind == "offer":
        offer = b.selection.get("offer") or {}
        return [*offer.get("heroes", []), *[x for x in offer.get("lineages", []) if x not in PUBLIC]]
    raise ValueError(kind)
