"""The Seventh Stone front-end: its narrator, the ``/ss`` group (hand, card, rules, offer, discard,
standings), the yearly allocation as ONE private form (buildings; units "melee ranged cavalry";
bids "mercenaries equipment movement tournament"), chapters (a year), the text board, the
equipment tiles as cards (named by ``engine/seventhstone/game.py``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot import i18n
from bot.frontend import Form, FormField, FrontEnd
from bot.games.seventhstone.narrator import ITEM_NAMES, StoneNarrator
from bot.i18n import ENGLISH, N_, Tr, available, tr_for
from bot.narration import current_tr
from engine.core import Action, Prompt, Seat
from renderer.seventhstone import describe
from renderer.seventhstone.words import COLOURS, TERRAIN, Words, tile_words

#: what the allocation form's fields hold, in the engine's item names, field by field
UNITS = ("melee", "ranged", "cavalry")
BIDS = ("mercenaries", "equipment", "movement", "tournament")
ITEMS = ("building", *UNITS, *BIDS)
#: how a count of one item is sent: the engine adds 1, 2 or 5 at a time (engine.seventhstone.market.STEPS)
STEPS = (5, 2, 1)
SETUP_PHASES = ("people", "capital", "barracks")
#: the phases played one player after the other in this year's turn order (digest §6), by the
#: channel post that tells them
PHASE_GROUPS = {
    "setting": "setting",
    "movement": "movement",
    "late": "movement",
    "support": "combat",
    "combat": "combat",
}

TILE_TEXTS = {
    "teleportation": N_("Movement: travel from any portal to any other, whatever its colour."),
    "speed": N_("Movement: the army moves as many more fields as the printed number."),
    "agility": N_("Movement: may cross water and the volcano in a straight line; protects once against quicksand."),
    "master_strike": N_("Combat, under an army of the depicted type: each 1 rolled gives one extra die."),
    "precision": N_("Combat, under an army of the depicted type: hits on one more face (melee 1-5)."),
    "power_strike": N_("Combat, under an army of the depicted type: 2 extra dice each round."),
    "shield": N_("Combat, any army: prevents the printed number of hits, like a wall."),
    "prevention": N_("Combat, any army: no supports by armies of the depicted type in this conflict (yours too)."),
    "bribery": N_("Combat, any army: enemy mercenaries in the conflict field are destroyed before the combat."),
    "explosive": N_("Combat, any army: destroys all walls on the conflict field."),
    "lost_stone": N_("The lost tear stone: revealed at once, 1 tear stone for good."),
}


def numbers(text: str) -> list[int] | None:
    """The whole numbers of a field ("2 0 1", "2,0,1", "2/0/1"), or None when it holds anything else."""
    parts = [p for p in re.split(r"[\s,;/]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


def own_player(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view.get("seat")
    return next((p for p in view.get("players") or [] if p.get("seat") == seat), {})


def prices(view: Mapping[str, Any]) -> tuple[int, int]:
    given = view.get("prices") or {}
    return int(given.get("building", 4)), int(given.get("unit", 2))


def allocation_cost(alloc: Mapping[str, int], view: Mapping[str, Any]) -> int:
    building, unit = prices(view)
    return alloc.get("building", 0) * building + sum(alloc.get(u, 0) for u in UNITS) * unit + sum(alloc.get(b, 0) for b in BIDS)


def allocation_form(view: Mapping[str, Any], tr: Tr = ENGLISH) -> Form:
    """The yearly allocation (digest §8.1 C): one form, three fields, the budget in its title and
    the prices in the labels, filled in with what the seat allocated so far."""
    building, unit = prices(view)
    alloc = view.get("allocation") or {}
    budget = int(own_player(view).get("storage", 0))
    return Form(
        tr._("Year {year}: allocate {budget} resources", year=view.get("year"), budget=budget)[:45],
        (
            FormField(
                "buildings",
                tr._("Buildings, {cost} each", cost=building)[:45],
                str(alloc.get("building", 0)),
                tr._("how many buildings, e.g. 1"),
                max_length=6,
            ),
            FormField(
                "units",
                tr._("Units, {cost} each: melee ranged cavalry", cost=unit)[:45],
                " ".join(str(alloc.get(u, 0)) for u in UNITS),
                tr._("melee ranged cavalry, e.g. 2 0 1"),
                max_length=20,
            ),
            FormField(
                "bids",
                tr._("Bids: mercenaries equipment movement tourney")[:45],
                " ".join(str(alloc.get(b, 0)) for b in BIDS),
                tr._("mercenaries equipment movement tournament, e.g. 2 1 1 0"),
                max_length=30,
            ),
        ),
    )


def parse_allocation(values: Mapping[str, str], tr: Tr = ENGLISH) -> dict[str, int] | str:
    """The totals a filled-in allocation form asks for, or what is wrong with it, in words."""
    wanted: dict[str, int] = {}
    fields = (
        ("buildings", ("building",), tr._("Buildings need one number, e.g. 1.")),
        ("units", UNITS, tr._("Units need three numbers: melee ranged cavalry, e.g. 2 0 1.")),
        ("bids", BIDS, tr._("Bids need four numbers: mercenaries equipment movement tournament, e.g. 2 1 1 0.")),
    )
    for key, items, explain in fields:
        text = (values.get(key) or "").strip()
        found = numbers(text) if text else [0] * len(items)
        if found is None or len(found) != len(items):
            return tr._("{explain} You typed “{typed}”.", explain=explain, typed=text[:30])
        wanted.update(zip(items, found))
    return wanted


def allocation_answers(
    prompt: Prompt, view: Mapping[str, Any], values: Mapping[str, str], tr: Tr = ENGLISH
) -> list[Action] | str:
    """The allocation's steps (add 5, 2 or 1 of an item at a time) and its seal, from the form:
    validated against the budget (the seat's storage) and what is already allocated."""
    wanted = parse_allocation(values, tr)
    if isinstance(wanted, str):
        return wanted
    budget = int(own_player(view).get("storage", 0))
    cost = allocation_cost(wanted, view)
    if cost > budget:
        return tr._(
            "that costs {cost} resources and you have {budget}; buildings cost {building}, units {unit}, bids 1 each.",
            cost=cost,
            budget=budget,
            building=prices(view)[0],
            unit=prices(view)[1],
        )
    already = view.get("allocation") or {}
    answers: list[Action] = []
    for item in ITEMS:
        more = wanted[item] - int(already.get(item, 0))
        if more < 0:
            return tr._(
                "{count} already lie on {item} and cannot be taken back; enter at least that.",
                count=already.get(item, 0),
                item=tr._(ITEM_NAMES[item]),
            )
        for step in STEPS:
            while more >= step:
                answers.append(Action(prompt.seat, prompt.id, "add", {"item": item, "count": step}))
                more -= step
    answers.append(Action(prompt.seat, prompt.id, "confirm"))
    return answers


def allocation_values(answers: Sequence[Action], view: Mapping[str, Any]) -> dict[str, str]:
    """What a player types for these allocation steps (from what the seat allocated so far)."""
    totals = {item: int((view.get("allocation") or {}).get(item, 0)) for item in ITEMS}
    for action in answers:
        if action.choice == "add":
            totals[action.args["item"]] += int(action.args["count"])
    return {
        "buildings": str(totals["building"]),
        "units": " ".join(str(totals[u]) for u in UNITS),
        "bids": " ".join(str(totals[b]) for b in BIDS),
    }


def current_turn(view: Mapping[str, Any]) -> tuple[str, Seat] | None:
    """The sequential phase being played (setting; movement with its overruns; supports and
    combat, digest §6), told in one channel post a year and phase, and the seat it waits on."""
    group = PHASE_GROUPS.get(str(view.get("phase")))
    if group is None or view.get("result") is not None:
        return None
    awaited = list(view.get("awaiting") or [])
    order = list(view.get("order") or [])
    seat = awaited[0] if awaited else (order[0] if order else 0)
    return f"{view.get('year')}/{group}", seat


def next_in_order(view: Mapping[str, Any]) -> tuple[Seat, str] | None:
    """The seat whose part of a sequential phase follows the awaited one's (a heads-up, once)."""
    if PHASE_GROUPS.get(str(view.get("phase"))) is None or view.get("result") is not None:
        return None
    awaited = list(view.get("awaiting") or [])
    order = list(view.get("order") or [])
    if len(awaited) != 1 or awaited[0] not in order:
        return None
    index = order.index(awaited[0])
    key = f"{view.get('year')}/{view.get('phase')}/{awaited[0]}"
    return (order[index + 1], key) if index + 1 < len(order) else None


def cell_label(cell: str, data: Mapping[str, Any], tr: Tr = ENGLISH) -> str:
    """A field as an autocomplete names it: "C4 forest", "B2 plain (blue portal)"."""
    w = Words(tr)
    kind = w.known(TERRAIN, data.get("kind"))
    if data.get("portal"):
        return tr._("{cell} {kind} ({colour} portal)", cell=cell, kind=kind, colour=w.known(COLOURS, data["portal"]))
    return tr._("{cell} {kind}", cell=cell, kind=kind)


class StoneFrontEnd(FrontEnd):
    narrator = StoneNarrator()
    group = "ss"
    group_description = N_("Seventh Stone: your hand, rules, the market offer, discards and standings")
    #: declaring no support is a pass (a seat whose auto_pass is "always" gives it)
    auto_passes: Mapping[str, str] = {"support": "done"}
    rules_file = Path(__file__).with_name("rules.toml")
    has_cards = True
    form_kinds = frozenset({"allocate"})

    def chapter(self, public_view: Mapping[str, Any]) -> str | None:
        """A year of play ("Year 3"); None during the set-up and after the end."""
        if public_view.get("result") is not None or public_view.get("phase") in SETUP_PHASES or not public_view.get("year"):
            return None
        return f"Year {public_view.get('year')}"

    #: the channel tells a sequential phase of a year in one post (:func:`current_turn`)
    tells_turns = True

    def next_up(self, public_view: Mapping[str, Any]) -> tuple[Seat, str] | None:
        return next_in_order(public_view)

    def turn(self, public_view: Mapping[str, Any]) -> tuple[str, Seat] | None:
        return current_turn(public_view)

    def decision_area(self, prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
        cells = view.get("cells") or {}
        cell = prompt.info.get("cell") or (view.get("battle") or {}).get("cell")
        return cell if isinstance(cell, str) and cell in cells else None

    def text_board(self, view: Mapping[str, Any], area: str | None = None) -> list[str]:
        from engine.seventhstone.pack import load_pack

        return describe.text_board(view, load_pack(), seat=view.get("seat"), area=area, tr=current_tr())

    def areas(self, public_view: Mapping[str, Any]) -> list[tuple[str, str]]:
        cells = public_view.get("cells") or {}
        return [(cell_label(c, d, current_tr()), c) for c, d in sorted(cells.items()) if d.get("kind") != "water"]

    def catalogue(self, pack: Any) -> list[dict[str, str]] | None:
        """The equipment tiles (digest §18), one entry per name; where a tile lies is never said."""
        if pack is None:
            return []
        tr = current_tr()
        w = Words(tr)
        others = [Words(tr_for(language)) for language in available() if language != tr.language]
        seen: dict[str, dict[str, str]] = {}
        for index, tile in enumerate(getattr(pack, "equipment", [])):
            name = tile_words(tile, w) if "kind" in tile else str(tile.get("name"))
            if name not in seen:
                kind = str(tile.get("kind"))
                seen[name] = {
                    "id": f"tile-{index}",
                    "name": name,
                    "kind": tr._("equipment tile"),
                    "text": tr._(TILE_TEXTS[kind]) if kind in TILE_TEXTS else tr._("(no text)"),
                    "aliases": "\n".join(i18n.unmarked(tile_words(tile, o)) for o in others) if "kind" in tile else "",
                }
        return list(seen.values())

    def form(self, prompt: Prompt, actions: Sequence[Action], view: Mapping[str, Any], tr: Tr = ENGLISH) -> Form | None:
        return allocation_form(view, tr) if prompt.kind == "allocate" else None

    def form_answers(
        self, prompt: Prompt, actions: Sequence[Action], view: Mapping[str, Any], values: Mapping[str, str], tr: Tr = ENGLISH
    ) -> list[Action] | str:
        if prompt.kind != "allocate":
            return super().form_answers(prompt, actions, view, values, tr)
        return allocation_answers(prompt, view, values, tr)

    def form_values(self, prompt: Prompt, answers: Sequence[Action], view: Mapping[str, Any]) -> dict[str, str]:
        return allocation_values(answers, view) if prompt.kind == "allocate" else {}

    def add_commands(self, group: Any) -> None:
        from bot.games.seventhstone.commands import add_commands

        add_commands(group)


FRONTEND = StoneFrontEnd()
NARRATOR = FRONTEND.narrator
