"""Lords of Ragnarok's own information commands (``/lor discards``, ``/lor omens``), answered
ephemerally from the public view: what anyone at the table could see on the real table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.ragnarok.narrator import OMENS, name
from bot.i18n import N_, Tr
from bot.ui.info import public_info
from bot.ui.play import Reply

PILES = (
    ("combat_discard", N_("Combat cards")),
    ("event_discard", N_("Event cards")),
    ("blessing_discard", N_("Blessings")),
    ("attack_discard", N_("Monster attack cards")),
)


def discard_lines(view: Mapping[str, Any], tr: Tr) -> list[str]:
    """Each discard pile (face up, digest 3.13) with the count of its deck."""
    piles, decks = view.get("discards") or {}, view.get("deck_counts") or {}
    lines = []
    for key, title in PILES:
        cards = piles.get(key) or []
        listed = ", ".join(name(c) if key != "event_discard" else str(c).removeprefix("event").lstrip("0") for c in cards)
        lines.append(
            tr._(
                "**{pile}** ({deck} in the deck, {n} discarded): {cards}",
                pile=tr._(title),
                deck=decks.get(key.removesuffix("_discard"), 0),
                n=len(cards),
                cards=listed or tr._("none"),
            )
        )
    return lines


def omen_lines(view: Mapping[str, Any], pack: Any, tr: Tr) -> list[str]:
    """The omens in play, fulfilled (turned) or not; Ragnarök begins once 3 are turned after a monument is built (digest 1.3)."""
    omens = view.get("omens") or []
    turned = sum(1 for _, done in omens if done)
    lines = [tr._("**Ragnarök's omens**: {n} of {total} fulfilled; Ragnarök begins when 3 are.", n=turned, total=len(omens))]
    for omen, done in omens:
        text = tr._(OMENS[omen]) if omen in OMENS else str((pack.omens.get(omen) or {}).get("text", omen)) if pack else str(omen)
        lines.append(tr._("{mark} {omen}", mark="✅" if done else "⬜", omen=text))
    if view.get("ragnarok"):
        lines.append(tr._("Ragnarök has begun: everyone takes one more turn."))
    return lines


async def discards(client, channel_id: int) -> list[Reply]:
    """/lor discards: the face-up discard piles of the channel's game."""
    refusal = N_("The game in this channel has no Lords of Ragnarok discard piles yet.")
    return await public_info(
        client, channel_id, "ragnarok", lambda view, pack, tr: discard_lines(view, tr), not_started=refusal, elsewhere=refusal
    )


async def omens(client, channel_id: int) -> list[Reply]:
    """/lor omens: Ragnarök's omens of the channel's game."""
    refusal = N_("The game in this channel has no Ragnarök omens yet.")
    return await public_info(client, channel_id, "ragnarok", omen_lines, not_started=refusal, elsewhere=refusal)
