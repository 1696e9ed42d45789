"""The Rune Age front-end: its narrator, the ``/ra`` group (hand, card, rules with the German
rulebook's pages, the event deck, the neutral supply), rounds as chapters, one post per turn,
the text board, the card list, and the plays a turn composes in one stretch
(:attr:`RuneAgeFrontEnd.stretch_kinds`, docs/bot.md "A stretch of plays")."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from bot.frontend import AutoAnswer, FrontEnd
from bot.games.runeage.narrator import RuneAgeNarrator, round_name
from bot.i18n import N_
from engine.core import Action, Prompt, Seat


@cache
def default_pack() -> Any:
    from engine.runeage.cards import pack_for

    return pack_for({})


def order(view: Mapping[str, Any]) -> list[int]:
    """The seats still playing, from the start player on (p. 7, clockwise)."""
    players = [p for p in view.get("players") or [] if not p.get("eliminated")]
    seats = [int(p["seat"]) for p in players]
    start = int(view.get("start") or 0)
    return sorted(seats, key=lambda s: (s - start) % max(1, len(view.get("players") or [])))


def current_turn(view: Mapping[str, Any]) -> tuple[str, Seat] | None:
    """The active player's turn (p. 7) as (a key naming it, the seat); None in the event phase."""
    if view.get("result") is not None or view.get("phase") != "turn" or view.get("active") is None:
        return None
    return f"{view.get('round')}/{view['active']}", int(view["active"])


def next_player(view: Mapping[str, Any]) -> tuple[Seat, str] | None:
    """The seat whose turn follows the current one in this round, or None (the event phase is next)."""
    turn = current_turn(view)
    if turn is None:
        return None
    seats = order(view)
    if turn[1] not in seats:
        return None
    later = seats[seats.index(turn[1]) + 1 :]
    return (later[0], turn[0]) if later else None


def keep_nothing(prompt: Prompt, legal: list[Action]) -> Action | None:
    """With auto-end-turn: the end of the turn keeps nothing when no card could be kept anyway."""
    if any(a.choice == "keep" for a in legal):
        return None
    return next((a for a in legal if a.choice == "done"), None)


def cost(card: str) -> int:
    """A card's cost (gold for the Barracks, influence for the centre), from the built-in pack."""
    return int((default_pack().cards.get(card) or {}).get("cost") or 1)


def hand_copies(action: Action, view: Mapping[str, Any]) -> int:
    """How many times the same play may be planned in a row: a card of the hand as many times as
    the hand holds it; a unit bought from the Barracks, or a card acquired from the centre, as
    many as are left there and the gold or influence of the action pays for."""
    card = action.args.get("card")
    if action.choice == "gold" and card:
        return max(1, list(view.get("hand") or []).count(card))
    step = view.get("step") or {}
    if action.choice == "buy" and card:
        me = next((p for p in view.get("players") or [] if p.get("seat") == view.get("seat")), {})
        left = int((me.get("barracks") or {}).get(card, 1))
        return max(1, min(left, int(step.get("gold", 0)) // max(1, cost(card))))
    if action.choice == "acquire" and card:
        supply = view.get("neutrals") or {}
        left = int(supply[card]) if card in supply else int((view.get("gold") or {}).get(str(card).split()[0], 1))
        return max(1, min(left, int(step.get("influence", 0)) // max(1, cost(card))))
    if action.choice in ("keep", "play") and card:
        return max(1, list(view.get("hand") or []).count(card))
    return 1


class RuneAgeFrontEnd(FrontEnd):
    """Rune Age on Discord (issue 28)."""

    narrator = RuneAgeNarrator()
    group = "ra"
    group_description = N_("Rune Age: cards, your hand, rules, the event deck and the supply")
    auto_answers: Mapping[str, AutoAnswer] = {"keep": keep_nothing}
    rules_file = Path(__file__).with_name("rules.toml")
    has_cards = True
    tells_turns = True
    #: a turn's plays (gold, purchases, influence, card actions, the cards kept, a muster with its
    #: abilities, casualties and Resolution choices) are composed in one stretch
    stretch_kinds = frozenset(
        {
            "turn",
            "purchase",
            "influence",
            "keep",
            "muster",
            "ability",
            "casualty",
            "resolution",
            "resolution_order",
            "end_of_combat",
        }
    )

    def stretch_copies(self, action: Action, view: Mapping[str, Any]) -> int:
        return hand_copies(action, view)

    def stretch_key(self, action: Action) -> Any:
        """Exhausting a source for influence starts an influence action from the turn and adds to it within one."""
        if action.choice in ("influence", "exhaust"):
            return ("exhaust", action.args.get("source"))
        return super().stretch_key(action)

    def stretch_stops(self, action: Action) -> bool:
        """A battle or siege is fought in its own decisions (the muster, the casualty die)."""
        return action.choice in ("battle", "siege")

    def stretch_status(self, view: Mapping[str, Any]) -> str:
        from bot.games.runeage.narrator import resources

        return resources(view)

    def chapter(self, public_view: Mapping[str, Any]) -> str | None:
        """A round of play ("Round 3"); None before the set-up is done and after the end."""
        return round_name(public_view)

    def turn(self, public_view: Mapping[str, Any]) -> tuple[str, Seat] | None:
        return current_turn(public_view)

    def ends_turn(self, event_kind: str) -> bool:
        return event_kind == "turn_ended"

    def next_up(self, public_view: Mapping[str, Any]) -> tuple[Seat, str] | None:
        return next_player(public_view)

    def text_board(self, view: Mapping[str, Any], area: str | None = None) -> list[str]:
        from bot.narration import current_tr
        from renderer.runeage import text_board

        return text_board(view, default_pack(), seat=view.get("seat"), tr=current_tr())

    def catalogue(self, pack: Any) -> list[dict[str, str]] | None:
        from bot.games.runeage.narrator import catalogue

        return catalogue(pack)

    def add_commands(self, group: Any) -> None:
        from bot.games.runeage.commands import add_commands

        add_commands(group)


FRONTEND = RuneAgeFrontEnd()
NARRATOR = FRONTEND.narrator
