"""The secrets of a Seventh Stone game for the leak checks (tests/e2e/leaks.py; issue 30 item 5,
digest §20.1), per audience and commit:

* **allocations before the reveal**: another seat's sheet, as the narrator says it ("4 melee
  units, 1 cavalry units and 2 on the mercenary market"; a sheet of two items or more, so a common
  phrase alone is never blamed), while the sheets are not revealed;
* **equipment hands**, **tiles under armies** and **draft passes** (the tiles handed face down to
  the next bidder): who holds which tile, as a line naming the holder (``Player 2``, its people, its
  user's mention) and the tile's name ("Speed +1"), while the audience has not held or handed on
  that tile itself nor seen it used (every tile was face up in the offer: that it exists is public,
  where it went is not). The face-down stacks are nobody's.

A finished game has no secrets left.
"""

from __future__ import annotations

import re
from typing import Any

from bot.games.seventhstone.narrator import ITEM_NAMES, allocation
from engine.seventhstone.state import GOODS, PEOPLE_NAMES
from tests.e2e.leaks import Secret, word

#: keys of views and of event data that name equipment tiles an audience has seen
TILE_VIEW_KEYS = ("hand", "discard", "draft_tiles")
TILE_EVENT_KEYS = ("tile", "tiles", "discard")
#: public events naming tiles that say nothing of where they go (the offer is face up)
PUBLIC_OFFER = frozenset({"offer"})


class StoneSecrets:
    """Follows a replay of a Seventh Stone game: what each audience has seen, what it may not know."""

    def __init__(self, engine: Any, pack: Any, start: Any, users: dict[int, int | None]):
        self.engine = engine
        self.pack = pack
        self.users = users
        self.audiences: list[int | None] = [None, *sorted(users)]
        self.seen: dict[int | None, set[int]] = {a: set() for a in self.audiences}  # tile instances known to be where they are
        self.catalog: dict[str, Secret] = {}

    def name(self, tile: Any) -> str:
        return str(self.pack.tile(int(tile))["name"])

    def moment(self, state: Any, events: list[Any]) -> dict[int | None, frozenset[str]]:
        if state.result is not None:
            return {}
        b = state.board
        out: dict[int | None, frozenset[str]] = {}
        for audience in self.audiences:
            seen = self.seen[audience]
            view = self.engine.view(state, audience)
            for key in TILE_VIEW_KEYS:
                seen |= {t for t in view.get(key) or [] if isinstance(t, int)}
            seen |= set((view.get("equipment") or {}).values())
            for event in events:
                if event.visible_to(audience) and event.kind not in PUBLIC_OFFER:
                    for key in TILE_EVENT_KEYS:
                        value = event.data.get(key)
                        seen |= {
                            t
                            for t in (value if isinstance(value, list) else [value])
                            if isinstance(t, int) and not isinstance(t, bool)
                        }
            keys: list[str] = []
            if b.revealed is None:
                own = b.alloc[audience] if audience is not None else None
                for seat, sheet in enumerate(b.alloc):  # a sheet like the audience's own is no news to it
                    if seat != audience and sum(1 for n in sheet.values() if n) >= 2 and sheet != own:
                        keys.append(self._allocation(seat, sheet))
            for seat, hand in enumerate(b.hands):
                if seat != audience:
                    keys += [self._tile("hand", t, seat, state) for t in hand if t not in seen]
            for army in b.armies:
                if army["owner"] != audience and army.get("equip") is not None and army["equip"] not in seen:
                    keys.append(self._tile("under", army["equip"], army["owner"], state))
            if b.draft is not None and not b.draft.get("first"):
                ranks, holder = b.draft["ranks"], b.draft["holder"]
                seat = ranks[holder] if holder < len(ranks) else None
                if seat is not None and seat != audience:
                    keys += [self._tile("draft", t, seat, state) for t in b.draft["tiles"] if t not in seen]
            out[audience] = frozenset(keys)
        return out

    def seat_line(self, seat: int, state: Any) -> re.Pattern[str]:
        refs = [rf"\b[Ss]eat {seat}\b", rf"\bPlayer {seat + 1}\b", rf"\bAI {seat + 1}\b"]
        if self.users.get(seat) is not None:
            refs.append(rf"<@!?{self.users[seat]}>")
        people = state.board.people[seat]
        if people:
            refs.append(rf"(?i:\b{re.escape(PEOPLE_NAMES.get(people, people))}\b)")
        return re.compile("|".join(refs))

    def _allocation(self, seat: int, sheet: dict[str, int]) -> str:
        """A sheet said in any order: one line naming every item of it with its count."""
        said = allocation(dict(sorted(sheet.items())))
        key = f"alloc:{seat}:{said}"
        if key not in self.catalog:
            parts = [f"{n} {ITEM_NAMES[k]}" if k in GOODS else f"{n} on {ITEM_NAMES[k]}" for k, n in sorted(sheet.items()) if n]
            pattern = re.compile("(?m)^" + "".join(f"(?=[^\\n]*{word(part)})" for part in parts) + "[^\\n]*")
            self.catalog[key] = Secret(key, f"seat {seat}'s sealed sheet ({said})", (pattern,), needle=parts[0])
        return key

    def _tile(self, where: str, tile: int, seat: int, state: Any) -> str:
        name = self.name(tile)
        key = f"{where}:{seat}:{name}"
        if key not in self.catalog:
            what = {"hand": "in the hand of", "under": "under an army of", "draft": "handed on in the draft to"}[where]
            self.catalog[key] = Secret(
                key,
                f"the tile {name!r} lies {what} seat {seat}",
                (re.compile(word(name)),),
                needle=name,
                context=self.seat_line(seat, state),
            )
        return key
