"""The Runewars front-end: its narrator, the ``/rw`` group, automatic answers, the text board,
the card list and the rule topics (named by ``engine/runewars/game.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.frontend import AutoAnswer, FrontEnd, MoveShape
from bot.games.runewars.narrator import RunewarsNarrator, area_line, catalogue, text_board
from bot.games.runewars.phrases import name
from bot.games.runewars.tutorial import OPTIONS as TUTORIAL_OPTIONS
from bot.games.runewars.tutorial import TEXTS as TUTORIAL_TEXTS
from bot.i18n import ENGLISH, N_, Tr
from bot.narration import current_tr, voice
from engine.core import Action, Prompt, Seat

#: the player setting whose value Runewars reads as ``options["battle_policy"]`` (seat -> policy)
BATTLE_POLICY = "battle_policy"
DEFAULT_BATTLE_POLICY = "automatic"


def end_turn_after_order(prompt: Prompt, legal: list[Action]) -> Action | None:
    """After the order is resolved, end the turn (forgoing cards the window would allow)."""
    if prompt.info.get("window") != "after":
        return None
    return next((a for a in legal if a.choice == "end_turn"), None)


def next_order(view: Mapping[str, Any]) -> tuple[Seat, str] | None:
    """The seat whose order card comes next after the current turn's (p. 9)."""
    turn, orders = view.get("turn") or {}, {int(s): n for s, n in (view.get("orders_revealed") or {}).items()}
    if turn.get("seat") not in orders:
        return None
    later = [s for s in orders if orders[s] > orders[turn["seat"]]]
    following = min(later, key=orders.__getitem__, default=None)
    return None if following is None else (following, f"{view.get('year')}/{view.get('season')}/{turn['seat']}")


def current_turn(view: Mapping[str, Any]) -> tuple[str, Seat] | None:
    """The active player's turn (p. 15 „Aktiver Spieler“) as (a key naming it, the seat)."""
    turn = view.get("turn") or {}
    if turn.get("seat") is None:
        return None
    return f"{view.get('year')}/{view.get('season')}/{turn['seat']}/{turn.get('order')}", turn["seat"]


#: keys of a prompt's info and of an answer's arguments that name an area
AREA_KEYS = ("area", "to", "from", "target", "destination", "source")


def decision_area(prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
    """The area a decision is about: the one its prompt names, else the battle being fought,
    else the area its answers name most often (a move's destination), or None."""
    areas = view.get("areas") or {}
    for key in AREA_KEYS:
        if isinstance(prompt.info.get(key), str) and prompt.info[key] in areas:
            return prompt.info[key]
    battle = view.get("battle") or {}
    if battle.get("area") in areas:
        return battle["area"]
    named: dict[str, int] = {}
    for action in actions:
        for key in AREA_KEYS:
            value = action.args.get(key)
            if isinstance(value, str) and value in areas:
                named[value] = named.get(value, 0) + 1
    return max(named, key=named.__getitem__) if named else None


def season_recap(start: Mapping[str, Any], end: Mapping[str, Any], tr: Tr = ENGLISH) -> list[str]:
    """What a season changed, per player: areas held and influence (public facts only)."""

    def held(view: Mapping[str, Any]) -> dict[Any, int]:
        counts: dict[Any, int] = {}
        for area in (view.get("areas") or {}).values():
            if area.get("controller") is not None:
                counts[area["controller"]] = counts.get(area["controller"], 0) + 1
        return counts

    def change(now: int, then: int) -> str:
        return f"{now} ({now - then:+d})" if now != then else str(now)

    before, after = held(start), held(end)
    influence = {p["seat"]: p.get("influence", 0) for p in start.get("players") or []}
    lines = []
    for p in end.get("players") or []:
        if p.get("eliminated"):
            continue
        seat = p["seat"]
        areas, then = after.get(seat, 0), before.get(seat, 0)
        gold, was = p.get("influence", 0) or 0, influence.get(seat, 0) or 0
        if (areas, gold) == (then, was):
            continue
        with voice(tr):  # the faction in the recap's language
            who = player_label(p, tr)
        lines.append(
            tr._(
                "{player}: holds {areas} areas, influence {influence}.",
                player=who,
                areas=change(areas, then),
                influence=change(gold, was),
            )
        )
    return lines or [tr._("Nothing changed hands.")]


def player_label(player: Mapping[str, Any], tr: Tr = ENGLISH) -> str:
    """A player of a view as the table calls them: their faction (the seat, counted from 1, without one)."""
    return name(player["faction"]) if player.get("faction") else tr._("Player {number}", number=player["seat"] + 1)


class RunewarsFrontEnd(FrontEnd):
    narrator = RunewarsNarrator()
    group = "rw"
    group_description = N_("Runewars: cards, your hand, rules and public facts")
    auto_answers: Mapping[str, AutoAnswer] = {"turn_window": end_turn_after_order}
    #: reaction windows (a tactics card may be played) are passed
    auto_passes: Mapping[str, str] = {"tactics_window": "pass"}
    move_kinds = frozenset({"strategy_move", "march_move"})
    #: Strategy moves name their destination; a march goes into the activated area (the prompt's "area")
    move_shapes: Mapping[str, MoveShape] = {
        "strategy_move": MoveShape(),
        "march_move": MoveShape(destination=None, destination_info="area"),
    }
    recap_fields = ("units", "controller", "stronghold", "rune", "rune_face_up", "rune_last_known")
    rules_file = Path(__file__).with_name("rules.toml")
    tutorial = TUTORIAL_TEXTS
    tutorial_options = TUTORIAL_OPTIONS
    has_cards = True
    tells_turns = True

    def start_options(self, settings: Mapping[Seat, Mapping[str, Any]]) -> dict[str, Any]:
        """Each seat's battle policy, where its player chose another than the default."""
        policies = {
            str(seat): s[BATTLE_POLICY]
            for seat, s in settings.items()
            if s.get(BATTLE_POLICY, DEFAULT_BATTLE_POLICY) != DEFAULT_BATTLE_POLICY
        }
        return {"battle_policy": policies} if policies else {}

    def move_label(self, prompt: Prompt, moves: Sequence[Action], *, some: bool = False) -> str:
        """ "2 × Knights 1A → 1B"; all units of an area: "All from 1A → 1B: 2 × Knights, 1 × Infantry";
        how many of a stack (``some``): "Knights 1A → 1B: 1 to 3…"."""
        tr = current_tr()
        first = moves[0].args
        if "to" in first:
            way = f"{first['from']} → {first['to']}"
        else:
            way = tr._("{origin} into {area}", origin=first["from"], area=prompt.info.get("area"))
        if some:
            return tr._("{unit} {way}: 1 to {count}…", unit=name(first["unit"]), way=way, count=first["count"])
        if len(moves) == 1:
            return self.narrator.speaking(tr).action(moves[0])
        listed = ", ".join(tr._("{count} × {unit}", count=a.args["count"], unit=name(a.args["unit"])) for a in moves)
        return tr._("All from {way}: {units}", way=way, units=listed)

    def next_up(self, public_view: Mapping[str, Any]) -> tuple[Seat, str] | None:
        return next_order(public_view)

    def chapter(self, public_view: Mapping[str, Any]) -> str | None:
        """A season of play ("Year 2 summer"); None during the set-up and after the end."""
        if public_view.get("result") is not None or str(public_view.get("phase") or "").startswith("setup"):
            return None
        season, year = public_view.get("season"), public_view.get("year")
        return f"Year {year} {season}" if season and year else None

    def turn(self, public_view: Mapping[str, Any]) -> tuple[str, Seat] | None:
        """A player's turn: from the order card they resolve to the end of their turn (p. 15)."""
        return current_turn(public_view)

    def ends_turn(self, event_kind: str) -> bool:
        return event_kind == "turn_ended"

    def chapter_recap(self, start_view: Mapping[str, Any], end_view: Mapping[str, Any], tr: Tr | None = None) -> list[str]:
        return season_recap(start_view, end_view, tr or ENGLISH)

    def decision_area(self, prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
        return decision_area(prompt, actions, view)

    def public_focus(self, public_view: Mapping[str, Any]) -> str | None:
        """The area of the battle being fought (public: p. 22, the battle's figures are on the table), else
        the first contested area (enemy units in one area, a battle to come: p. 16), else None."""
        areas = public_view.get("areas") or {}
        for area in [(public_view.get("battle") or {}).get("area"), *(public_view.get("contested") or [])]:
            if isinstance(area, str) and area in areas:
                return area
        return None

    def text_board(self, view: Mapping[str, Any], area: str | None = None) -> list[str]:
        return text_board(dict(view), area)

    def areas(self, public_view: Mapping[str, Any]) -> list[tuple[str, str]]:
        return [(area_line(area_id, area), area_id) for area_id, area in (public_view.get("areas") or {}).items()]

    def catalogue(self, pack: Any) -> list[dict[str, str]] | None:
        return catalogue(pack)

    def add_commands(self, group: Any) -> None:
        from bot.games.runewars.commands import add_commands

        add_commands(group)


FRONTEND = RunewarsFrontEnd()
