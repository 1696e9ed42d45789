"""Runewars in words: event lines, decision headings, answer labels and guided steps.

Registered as the ``runewars`` narrator (:mod:`bot.narration`). Names come from the
built-in data pack (unit and faction names in English); anything not phrased here falls
back to the generic ``kind: key=value`` form, so a new event or prompt kind is never lost.
Nothing here sees more than the event or prompt it is given, so a line can leak nothing
its event did not carry.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.narration import Narrator, register_narrator
from engine.core import Action, Event, Prompt

#: guided steps (argument groups) per prompt kind: movement is destination, units, count
FLOWS: dict[str, tuple[tuple[str, ...], ...]] = {
    "strategy_move": (("to",), ("from", "unit"), ("count",)),
    "march_move": (("from", "unit"), ("count",)),
    "take_title": (("title",), ("influence",)),
    "harvest_build": (("area",), ("development",)),
}

#: prompt kinds that move units (the /game move command answers these)
MOVE_KINDS = frozenset({"strategy_move", "march_move"})

#: headings of decisions; ``{...}`` are filled from the prompt's info
HEADINGS: dict[str, str] = {
    "choose_faction": "Choose your faction.",
    "place_stronghold": "Place your stronghold in one of your home areas.",
    "place_units": "Place your starting {unit} ({count}) in your home areas.",
    "place_false_rune": "Secret: choose the home area that gets your false rune.",
    "choose_order": "Secret: choose your order card for this season.",
    "turn_window": "Your turn ({window} your order): play a card now, or go on.",
    "strategy_move": "Strategy: move units one step each, then press Done.",
    "march_target": "Activate an area (activation {activation}).",
    "march_move": "March units into {area}, then press Done.",
    "march_encounter": "Neutrals in {area}: fight or negotiate.",
    "diplomacy_spend": "Diplomacy in {area}: how much influence do you spend?",
    "diplomacy_card": "Diplomacy in {area}: choose one of the drawn fate cards.",
    "diplomacy_fallout": "Diplomacy in {area} failed: battle or retreat.",
    "retreat": "Retreat from {from}: choose where.",
    "eliminate_units": "Too many units in {area}: choose which to remove.",
    "recruit_resource": "Recruit: choose the resource dial.",
    "place_recruits": "Place the recruited {unit} ({count}).",
    "fortify_action": "Fortify: build, repair, move runes, or finish.",
    "fortify_swap": "Secret: swap the two rune tokens or keep them?",
    "harvest_raise_dial": "Harvest in {area}: raise which dial?",
    "harvest_build": "Harvest: build a development?",
    "support_city": "Rally support in {area}: choose the benefit.",
    "support_quest_discard": "Secret: discard quest cards ({count}).",
    "take_title": "Acquire power: take a title?",
    "place_runes": "Secret: place your rune tokens ({tokens}).",
    "discard_false_runes": "You may discard false runes you control.",
    "influence_bid": "Secret: bid influence (you have {influence}).",
    "bid_tie": "Break the tie of the influence bid.",
    "autumn_choice": "Autumn: influence or tactics cards?",
    "battle_type": "Battle in {area}: which unit type draws first?",
    "battle_assign": "Battle in {area}: assign the result.",
    "battle_ability": "Battle in {area}: use the ability of your {unit}?",
    "battle_defence": "Battle in {area}: use your defence development?",
    "battle_stronghold": "You captured {area}: demolish or destroy the stronghold?",
    "battle_excess": "Too many units in {area} after the battle: choose which retreat.",
}

EVENTS: dict[str, str] = {
    "faction_chosen": "Seat {seat} plays {faction}.",
    "first_player_drawn": "Seat {first_player} goes first.",
    "stronghold_placed": "Seat {seat} placed a stronghold in {area}.",
    "season_began": "Year {year}, {season}.",
    "order_chosen": "Seat {seat} has chosen an order.",
    "orders_revealed": "Orders revealed: {orders}.",
    "turn_began": "Seat {seat} resolves {order} ({number}){bonus_text}.",
    "turn_ended": "Seat {seat} ended their turn.",
    "units_moved": "Seat {seat} moved {count} × {unit} {path}.",
    "area_activated": "Seat {seat} activated {area} ({order}).",
    "battle_started": "Battle in {area}: seat {attacker} attacks seat {defender}.",
    "battle_won": "Seat {seat} won the battle in {area}.",
    "bid_made": "Seat {seat} has bid.",
    "bids_revealed": "Bids revealed.",
    "influence_gained": "Seat {seat} gains {amount} influence.",
    "player_eliminated": "Seat {seat} is eliminated.",
    "game_over": "The game is over.",
    "setup_complete": "Setup complete.",
}


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """English names of units, factions and titles from the built-in pack (ids otherwise)."""
    try:
        from engine.core import load_ruleset

        pack = load_ruleset("runewars").pack({})
    except Exception:  # names are a nicety; the ids still read
        return {}
    names = {uid: u.name_en for uid, u in pack.units.items()}
    names.update({fid: fid.capitalize() for fid in pack.factions})
    names.update({c.id: c.name_en or c.name_de or c.id for cards in pack.cards.values() for c in cards})
    return names


def name(value: Any) -> str:
    return _names().get(value, str(value)) if isinstance(value, str) else str(value)


class RunewarsNarrator(Narrator):
    def event(self, event: Event) -> str:
        template = EVENTS.get(event.kind)
        if template is None:
            return super().event(event)
        data = {k: _show(k, v) for k, v in event.data.items()}
        data["bonus_text"] = " with its bonus" if event.data.get("bonus") else ""
        try:
            return template.format(**data)
        except (KeyError, IndexError):
            return super().event(event)

    def prompt(self, prompt: Prompt) -> str:
        template = HEADINGS.get(prompt.kind)
        if template is None:
            return super().prompt(prompt)
        try:
            return template.format(**{k: _show(k, v) for k, v in prompt.info.items()})
        except (KeyError, IndexError):
            return template.split("{")[0].strip() or super().prompt(prompt)

    def action(self, action: Action) -> str:
        a = action.args
        if action.choice == "move" and {"from", "unit", "count"} <= set(a):
            where = f"{a['from']} → {a['to']}" if "to" in a else f"from {a['from']}"
            return f"{a['count']} × {name(a['unit'])} {where}"
        if action.choice == "order" and "number" in a:
            return f"Order {a['number']}"
        if set(a) == {"area"}:
            return f"{action.choice.replace('_', ' ').capitalize()}: {a['area']}"
        if action.choice == "faction":
            return name(a.get("faction"))
        if action.choice in ("place", "eliminate", "retreat_units") and len(a) == 1:
            (value,) = a.values()
            if isinstance(value, dict):
                return ", ".join(f"{n} × {name(k)}" for k, n in value.items()) or "nothing"
        if not a:
            return action.choice.replace("_", " ").capitalize()
        return f"{action.choice.replace('_', ' ')}: " + ", ".join(f"{k} {_show(k, v)}" for k, v in sorted(a.items()))

    def value(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> str:
        shown = dict(zip(keys, values))
        if set(shown) == {"from", "unit"}:
            return f"{name(shown['unit'])} from {shown['from']}"
        if set(shown) == {"to"}:
            return f"to {shown['to']}"
        if set(shown) == {"count"}:
            return f"{shown['count']} unit{'s' if shown['count'] != 1 else ''}"
        return ", ".join(name(v) for v in values)

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        return FLOWS.get(kind)

    def private(self, view: dict[str, Any], seat: int) -> list[str]:
        me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
        if me is None:
            return []
        cards = view.get("cards", {})

        def card(card_id: str) -> str:
            return cards.get(card_id, {}).get("name") or name(card_id)

        lines = [f"Order cards in hand: {', '.join(map(str, me.get('orders_in_hand', []))) or 'none'}"
                 + (f" (chosen this season: {me['chosen']})" if me.get("chosen") else "")]
        if me.get("tactics_hand"):
            lines.append("Tactics cards: " + ", ".join(card(c) for c in me["tactics_hand"]))
        if me.get("objective_card"):
            lines.append(f"Objective: {card(me['objective_card'])}")
        if me.get("quest_hand"):
            lines.append("Quests: " + ", ".join(card(c) for c in me["quest_hand"]))
        known = [f"{a} {area['rune']}" for a, area in view.get("areas", {}).items() if area.get("rune") in ("dragon", "false")]
        if known:
            lines.append("Runes you see: " + ", ".join(known))
        return lines


def _show(key: str, value: Any) -> str:
    if key == "path" and isinstance(value, (list, tuple)):
        return " → ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(key, v) for v in value)
    return name(value)


register_narrator("runewars", RunewarsNarrator())


# -------------------------------------------------------------------- text board


def summary(view: dict[str, Any]) -> list[str]:
    """A few lines on where the game stands, from a (public or seat) view."""
    phase = str(view.get("phase") or "")
    if phase.startswith("setup"):
        lines = [f"Setting up the game ({phase.removeprefix('setup').strip('.') or 'start'})."]
    else:
        lines = [f"Year {view.get('year')}, {view.get('season')}."]
    turn = view.get("turn")
    if turn:
        lines.append(f"Seat {turn['seat']} is resolving order {turn['order']}{' with its bonus' if turn.get('bonus') else ''}.")
    for p in view.get("players", []):
        status = " (eliminated)" if p.get("eliminated") else ""
        lines.append(f"Seat {p['seat']}: {name(p.get('faction')) if p.get('faction') else 'no faction yet'},"
                     f" influence {p.get('influence')}, tactics {p.get('tactics')}{status}")
    return lines


def area_line(area_id: str, area: dict[str, Any]) -> str:
    """One area of the text board, from the view's ``areas`` entry (nothing more)."""
    parts = [area_id]
    if area.get("controller") is not None:
        parts.append(f"held by seat {area['controller']}")
    units = [f"{u['standing'] + u['routed']} × {name(u['unit'])}" + (f" (seat {u['owner']})" if u.get("owner") is not None else " (neutral)")
             for u in area.get("units", []) if u.get("standing", 0) + u.get("routed", 0)]
    if units:
        parts.append(", ".join(units))
    if area.get("stronghold"):
        parts.append(f"stronghold of seat {area['stronghold']['owner']}" + (" (damaged)" if area["stronghold"].get("damaged") else ""))
    if area.get("rune"):
        parts.append(f"rune: {area['rune'].replace('_', ' ')}")
    if area.get("city"):
        parts.append("city")
    return " · ".join(parts)


def text_board(view: dict[str, Any], area: str | None = None) -> list[str]:
    areas = view.get("areas", {})
    if area is not None:
        return [area_line(area, areas[area])] if area in areas else [f"There is no area {area} on the map."]
    return [area_line(a, v) for a, v in areas.items() if v.get("units") or v.get("controller") is not None or v.get("rune")]


def catalogue(pack) -> list[dict[str, str]]:
    """Every card and unit ability of the pack: public rules text, never anyone's hand."""
    if pack is None:
        return []
    entries = [{"id": c.id, "name": c.name_en or c.name_de or c.id, "kind": kind.replace("_", " "), "text": c.text}
               for kind, cards in pack.cards.items() for c in cards]
    entries += [{"id": u.id, "name": u.name_en, "kind": f"unit ({name(u.faction) if u.faction else 'neutral'})",
                 "text": f"{u.ability_name}: {u.ability}" if u.ability else "No special ability."}
                for u in pack.units.values()]
    return entries
