"""Rune Age's pictures in words: the alt text (at most 1,000 characters, what a screen reader
says for the table picture) and the text board (the table without a picture), from views only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.runeage.facts import SCENARIOS, card_line, current_event, event_level, player_name
from renderer.words import words

ALT_LIMIT = 1000


def _in_play(records, tr) -> str:
    return ", ".join(f"{r['name']}" + ("" if r.get("ready") else f" ({words(tr)._('exhausted')})") for r in records or [])


def player_line(view: Mapping[str, Any], player: Mapping[str, Any], tr: Any = None, names=None) -> str:
    parts = [
        words(tr)._(
            "{player}: {realm} damage {damage} of 20; deck {deck}, hand {hand}, discard {discard}",
            player=player_name(player, names),
            realm=player.get("realm"),
            damage=player.get("damage", 0),
            deck=player.get("deck_count", 0),
            hand=player.get("hand_count", 0),
            discard=len(player.get("discard") or []),
        )
    ]
    held = [r for key in ("strongholds", "cities", "rewards") for r in player.get(key) or []]
    if player.get("rune"):
        held.append(player["rune"])
    if held:
        parts.append(words(tr)._("holds {cards}", cards=_in_play(held, tr)))
    if player.get("monument_built"):
        parts.append(words(tr)._("Monument {name} built", name=player.get("monument")))
    if player.get("eliminated"):
        parts.append(words(tr)._("eliminated"))
    return "; ".join(parts) + "."


def text_board(view: Mapping[str, Any], pack: Any, *, seat: int | None = None, tr: Any = None, names=None) -> list[str]:
    """The table as lines: scenario and round, the event deck and its level, the current event,
    the supply, the centre, each player, and (with ``seat`` and its own view) the hand."""
    if "players" not in view:
        return [words(tr)._("The game has not started.")]
    level, left = event_level(view, pack)
    lines = [
        words(tr)._(
            "{scenario}, round {round} of at most {limit}.",
            scenario=SCENARIOS.get(str(view.get("scenario")), str(view.get("scenario"))),
            round=view.get("round"),
            limit=view.get("round_limit"),
        ),
        words(tr)._("Event deck: {count} cards, level {level} next.", count=left, level=level)
        if level
        else words(tr)._("Event deck: {count} cards.", count=left),
    ]
    if (event := current_event(view)) is not None:
        lines.append(
            words(tr)._("Current event: {card} ({facts}).", card=event, facts=card_line(pack.cards.get(event) or {}, tr))
        )
    gold = view.get("gold") or {}
    lines.append(
        words(tr)._(
            "Gold supply: 1 Gold x{one}, 2 Gold x{two}, 3 Gold x{three}.",
            one=gold.get("1", 0),
            two=gold.get("2", 0),
            three=gold.get("3", 0),
        )
    )
    neutrals = view.get("neutrals") or {}
    if neutrals:
        lines.append(words(tr)._("Neutral cards: {cards}.", cards=", ".join(f"{n} x{k}" for n, k in neutrals.items())))
    centre = list(view.get("cities") or []) + list(view.get("enemies") or [])
    if centre:
        lines.append(words(tr)._("In the centre: {cards}.", cards=", ".join(map(str, centre))))
    for player in view.get("players") or []:
        lines.append(player_line(view, player, tr, names))
    combat = view.get("combat")
    if combat:
        totals = combat.get("totals") or []
        lines.append(
            words(tr)._(
                "Combat against {target}: strengths {totals}.",
                target=(combat.get("target") or {}).get("name"),
                totals=" : ".join(map(str, totals)),
            )
        )
    if seat is not None and "hand" in view:
        lines.append(words(tr)._("Your hand: {cards}.", cards=", ".join(view["hand"]) or words(tr)._("nothing")))
    return lines


def alt_text(view: Mapping[str, Any], pack: Any, *, seat: int | None = None, tr: Any = None, names=None) -> str:
    """The table picture in at most :data:`ALT_LIMIT` characters (the text board, shortened)."""
    text = " ".join(text_board(view, pack, seat=seat, tr=tr, names=names))
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"
