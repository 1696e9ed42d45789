"""Seventh Stone in words: every event, prompt and answer, with players, fields, peoples and
equipment tiles named as people say them (fields by their board name, "C4")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.narration import Narrator, cap, listing, player
from engine.core import Action, Event, Prompt, Seat
from engine.seventhstone.pack import load_pack
from engine.seventhstone.state import PEOPLE_NAMES

EVENT_NAMES = {
    "volcano": "a volcano eruption",
    "quicksand": "quicksand",
    "troop_expansion": "a troop expansion",
    "mercenary_dismissal": "the mercenaries' dismissal",
    "water_crossing": "a water crossing",
    "portals_open": "the portals opening",
}
ITEM_NAMES = {
    "building": "buildings",
    "melee": "melee units",
    "ranged": "ranged units",
    "cavalry": "cavalry units",
    "mercenaries": "the mercenary market",
    "equipment": "the equipment market",
    "movement": "the movement market",
    "tournament": "the tournament market",
}
ARMY = {"melee": "melee army", "ranged": "ranged army", "cavalry": "cavalry army", None: "army"}
CAUSES = {"volcano": "by the volcano", "quicksand": "by quicksand", "battle": "in battle"}


def tile(tile_id: Any) -> str:
    try:
        return str(load_pack().tile(int(tile_id))["name"])
    except (IndexError, TypeError, ValueError):
        return "a tile"


def tiles(ids: Any) -> str:
    return listing(tile(t) for t in ids)


def who(seat: Any) -> str:
    return player(seat) if isinstance(seat, int) else "nobody"


def Who(seat: Any) -> str:  # noqa: N802 - the capitalised form
    return cap(who(seat))


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def allocation(a: Mapping[str, int]) -> str:
    parts = [
        f"{n} {ITEM_NAMES[k]}" if k in ("building", "melee", "ranged", "cavalry") else f"{n} on {ITEM_NAMES[k]}"
        for k, n in a.items()
        if n
    ]
    return listing(parts) if parts else "nothing"


class StoneNarrator(Narrator):
    #: a battle (and an overrun) is told as a report in the game's battle thread, with its picture
    report_span = ("battle_begins", "battle_won")

    def event(self, event: Event) -> str:
        d = event.data
        k = event.kind
        phrase = PHRASES.get(k)
        if phrase is None:
            return super().event(event)
        return phrase(d)

    def phrased_kinds(self) -> frozenset[str]:
        return frozenset(PHRASES)

    def role(self, public_view: Mapping[str, Any], seat: Seat) -> str | None:
        for p in public_view.get("players") or []:
            if isinstance(p, Mapping) and p.get("seat") == seat and p.get("people"):
                return PEOPLE_NAMES.get(str(p["people"]))
        return None

    def season(self, view: dict[str, Any]) -> str | None:
        return f"Year {view['year']}" if view.get("year") else None

    def chapter(self, view: dict[str, Any]) -> str | None:
        return self.season(view)

    def status(self, view: dict[str, Any]) -> list[str]:
        lines = [f"Year {view.get('year')}, {str(view.get('phase', '')).replace('_', ' ')} phase"]
        for p in view.get("players") or []:
            lines.append(
                f"{cap(player(p['seat']))}: {p['tear_stones']} tear stones, {p['storage']} resources in storage, "
                f"income {p['income']}, upkeep {p['upkeep']}"
            )
        return lines

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        lines = [f"Equipment in hand: {tiles(view.get('hand', [])) if view.get('hand') else 'none'}"]
        if view.get("allocation") and any(view["allocation"].values()):
            lines.append(f"Allocation: {allocation(view['allocation'])}")
        for cell, t in sorted((view.get("equipment") or {}).items()):
            lines.append(f"Under the army on {cell}: {tile(t)}")
        return lines

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        if kind == "move":
            return (("from", "army"), ("to",), ("count",), ("tile", "keep"))
        if kind == "setting":
            return (
                ("cell",),
                ("building", "replace", "army", "tile"),
            )
        return None

    def value(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> str:
        d = dict(zip(keys, values))
        if "from" in d:
            return f"the {ARMY.get(d.get('army'), 'army')} on {d['from']}"
        if "to" in d:
            return f"to {d['to']}"
        if "count" in d:
            return f"{d['count']} units"
        if "keep" in d:
            parts = {"stays": "the tile stays", "goes": "the tile goes along"}.get(d.get("tile") or "", "")
            keep = {"arriving": "keep the arriving tile", "staying": "keep the tile already there"}.get(d.get("keep") or "", "")
            return ", ".join(x for x in (parts, keep) if x) or "as it is"
        if "cell" in d:
            return f"on {d['cell']}"
        if d.get("tile") is not None:
            return tile(d["tile"])
        if d.get("building"):
            return d["building"] + (f" instead of the {d['replace']}" if d.get("replace") else "")
        if d.get("army"):
            return f"a {d['army']} unit"
        return "this"

    def action(self, action: Action) -> str:
        a = action.args
        c = action.choice
        if c == "people":
            return PEOPLE_NAMES[a["people"]]
        if c == "place":
            return f"On {a['cell']}"
        if c == "disband":
            return f"Disband a unit of the {ARMY[a['army']]} on {a['cell']}"
        if c == "confirm":
            return "Seal the allocation"
        if c == "add":
            item = a["item"]
            if item in ("mercenaries", "equipment", "movement", "tournament"):
                return f"Bid {a['count']} more on {ITEM_NAMES[item]}"
            return f"Buy {a['count']} more {ITEM_NAMES[item]}"
        if c == "keep":
            if "tile" not in a:
                return "Keep the tile for later"
            return f"Keep {tile(a['tile'])}" + (f", lay off {tile(a['discard'])}" if "discard" in a else "")
        if c == "position":
            return f"Take the {ordinal(a['position'])} place"
        if c == "assign":
            return f"Put {who(a['player'])} {ordinal(a['position'])}"
        if c == "done":
            return "Done"
        if c == "pass":
            return "No overrun"
        if c == "build":
            extra = f" replacing the {a['replace']}" if a.get("replace") else ""
            return f"Build a {a['building']} on {a['cell']}{extra}"
        if c == "recruit":
            return f"Recruit a {a['army']} unit on {a['cell']}"
        if c == "hire":
            return f"A mercenary for the {ARMY[a['army']]} on {a['cell']}"
        if c == "equip":
            return f"{tile(a['tile'])} under the army on {a['cell']}"
        if c == "move":
            extra = {"stays": ", the tile stays", "goes": ", the tile goes along"}.get(a.get("tile", ""), "")
            extra += {"arriving": ", keep the arriving tile", "staying": ", keep the tile already there"}.get(
                a.get("keep", ""), ""
            )
            if "merc" in a:
                extra += f", {a['merc']} of them mercenaries"
            if a.get("short"):
                extra += f" ({a['short']} mercenar{'y' if a['short'] == 1 else 'ies'} over their regulars until more units join)"
            return f"{a['count']} of the {ARMY[a['army']]} from {a['from']} to {a['to']}{extra}"
        if c == "swap":
            return f"The {ARMY[a['army']]} on {a['from']} and the {ARMY[a['with']]} on {a['to']} swap fields"
        if c == "reveal":
            return f"Reveal the tile of the {ARMY[a['army']]} on {a['cell']}"
        if c == "overrun":
            return f"Overrun on {a['cell']}"
        if c == "support":
            return f"The {ARMY[a['army']]} on {a['cell']} supports {a['conflict']}"
        if c == "fight":
            return f"Fight on {a['cell']}"
        if c == "use":
            return "Use the tile"
        if c == "walls":
            return f"Use {a['count']} wall{'s' if a['count'] != 1 else ''}"
        if c == "aim":
            return f"Aim at {who(a['player'])}"
        if c == "split":
            return "Split the dice evenly"
        if c == "share":
            return "Aim " + ", ".join(f"{n} {'die' if n == 1 else 'dice'} at {who(int(t))}" for t, n in sorted(a["dice"].items()))
        if c == "remove":
            if a["unit"] == "guard":
                return "Lose a city guard"
            return f"Lose a {a['unit']} of the {ARMY[a['army']]} on {a['cell']}"
        return super().action(action)

    def prompt(self, prompt: Prompt) -> str:
        i = prompt.info
        year = f"Year {i.get('year')}: " if i.get("year") else ""
        texts = {
            "people": "Choose your people",
            "capital": "Place your capital on a free yield field",
            "barracks": "Place your barracks and control marker on another free yield field",
            "disband": f"You lost a source: disband {i.get('debt')} regular unit(s)",
            "allocate": "Spread your resources in secret over buildings, units and the four markets, then seal",
            "draft": f"Keep one of the {i.get('handed')} equipment tiles handed to you"
            + (" and lay one off" if i.get("discard") else ""),
            "order_pick": "Choose your place in this year's turn order",
            "order_assign": f"Place {who(i.get('placing'))}, who bid nothing, in the turn order",
            "setting": "Place your buildings, units, mercenaries and equipment",
            "move": "Move your armies (mercenaries above their regulars at the end of your movement leave)",
            "overrun": "Overrun a conflict field where you have twice the units?",
            "support": "Declare supports for the conflicts",
            "battle_pick": "Choose which of your conflicts is fought now",
            "use_equipment": f"Battle on {i.get('cell')}: use the tile under your army?",
            "walls": f"Battle on {i.get('cell')}: how many of your {i.get('walls')} walls do you use?",
            "target": f"Battle on {i.get('cell')}, round {i.get('round')}: aim your dice",
            "casualty": f"Battle on {i.get('cell')}: remove a unit ({i.get('hits')} hit(s) to take)",
        }
        text = texts.get(prompt.kind)
        return year + text if text else super().prompt(prompt)


def _control(d: Mapping[str, Any]) -> str:
    what = "the capital on " if d["capital"] else "the temple on " if d["temple"] else ""
    where = f"{what}{d['cell']}"
    if d["seat"] is None:
        return f"{Who(d['previous'])} loses {where}."
    if d["previous"] is None:
        return f"{Who(d['seat'])} takes {where} (+{d['resources']} resources)."
    return f"{Who(d['seat'])} takes {where} from {who(d['previous'])} ({d['resources']} resources change hands)."


PHRASES: dict[str, Any] = {
    "board_built": lambda d: (
        "The four islands are laid out."
        if d.get("islands")
        else f"The board is laid: {d['columns']} columns, water gaps rolled {', '.join(map(str, d['gaps']))}."
    ),
    "people_chosen": lambda d: f"{Who(d['seat'])} leads the {PEOPLE_NAMES[d['people']]}.",
    "order_rolled": lambda d: (
        ("Dice for the order: " if d["why"] == "start" else "Nobody bid on movement; dice for the turn order: ")
        + ", ".join(f"{who(s)} {r}" for s, r in zip(d["seats"], d["rolls"]))
        + "."
    ),
    "start_order": lambda d: "The start order: " + ", ".join(who(s) for s in d["order"]) + ".",
    "capital_placed": lambda d: f"{Who(d['seat'])} founds the capital on {d['cell']}.",
    "barracks_placed": lambda d: f"{Who(d['seat'])} places a barracks on {d['cell']}.",
    "resources_dealt": lambda d: (
        "Each people takes its resources: " + ", ".join(f"{who(s)} {r}" for s, r in enumerate(d["resources"])) + "."
    ),
    "year_begins": lambda d: f"Year {d['year']} begins.",
    "event": lambda d: (
        f"The event die shows {EVENT_NAMES[d['event']]}"
        + (
            ": lava falls on " + listing(f"{h}/{v} ({c or 'off the board'})" for h, v, c in d["hits"])
            if d["event"] == "volcano"
            else f": armies may now hold {d['unit_max']} units"
            if d["event"] == "troop_expansion"
            else ""
        )
        + "."
    ),
    "agility_saves": lambda d: f"{Who(d['seat'])}'s army on {d['cell']} escapes the quicksand with {tile(d['tile'])}.",
    "army_destroyed": lambda d: (
        f"{Who(d['seat'])}'s {ARMY[d['army']]} on {d['cell']} is destroyed {CAUSES.get(d['cause'], '')}.".replace(" .", ".")
    ),
    "mercenaries_left": lambda d: (
        f"{d['units']} mercenar{'y' if d['units'] == 1 else 'ies'} of the {ARMY[d['army']]} of "
        f"{who(d['seat'])} on {d['cell']} leave{'s' if d['units'] == 1 else ''}: more mercenaries than regulars at the end of the movement."
    ),
    "tile_discarded": lambda d: f"{tile(d['tile'])} of {who(d['seat'])} goes to the discard pile.",
    "stacks_reshuffled": lambda d: f"The discard pile is shuffled into new equipment stacks ({d['tiles']} tiles).",
    "offer": lambda d: f"The market offers {tiles(d['tiles'])}." if d["tiles"] else "The market offers no equipment.",
    "allocation_sealed": lambda d: f"{Who(d['seat'])} has sealed the allocation.",
    "you_allocated": lambda d: ("You seal: " if d["sealed"] else "Your allocation so far: ") + allocation(d["allocation"]) + ".",
    "allocations_revealed": lambda d: (
        "The sheets are revealed. " + " ".join(f"{Who(s)}: {allocation(a)}." for s, a in enumerate(d["allocations"]))
    ),
    "tie_broken": lambda d: (
        f"A tie on {ITEM_NAMES[d['market']]} is rolled off: "
        + ", ".join(f"{who(s)} {r}" for s, r in zip(d["seats"], d["rolls"]))
        + "."
    ),
    "market_won": lambda d: (
        f"Nobody bid on {ITEM_NAMES[d['market']]}."
        if not d["ranks"]
        else f"On {ITEM_NAMES[d['market']]}: "
        + (
            ", ".join(f"{who(s)} {n}" for s, n in zip(d["ranks"], d["amounts"]))
            if d["amounts"]
            else ", ".join(who(s) for s in d["ranks"]) + " choose in that order"
        )
        + "."
    ),
    "you_kept": lambda d: f"You keep {tile(d['tile'])}.",
    "draft_kept": lambda d: f"{Who(d['seat'])} keeps a tile and now holds {d['hand']}.",
    "draft_discarded": lambda d: f"{Who(d['seat'])} lays off {tile(d['tile'])}.",
    "you_received": lambda d: f"You are handed {tiles(d['tiles'])}.",
    "tiles_left_over": lambda d: f"Left over: {tiles(d['tiles'])} go to the discard pile.",
    "lost_stone": lambda d: f"{Who(d['seat'])} finds the lost tear stone!",
    "double_move": lambda d: f"{Who(d['seat'])} bid as much as all others together: double moves this year.",
    "position_chosen": lambda d: f"{Who(d['seat'])} takes the {ordinal(d['position'])} place.",
    "position_assigned": lambda d: f"{Who(d['seat'])} puts {who(d['player'])} {ordinal(d['position'])}.",
    "turn_order": lambda d: "This year's turn order: " + ", ".join(who(s) for s in d["order"]) + ".",
    "built": lambda d: (
        f"{Who(d['seat'])} builds a {d['building']} on {d['cell']}"
        + (f", replacing the {d['replaced']}" if d.get("replaced") else "")
        + "."
    ),
    "recruited": lambda d: f"{Who(d['seat'])} recruits a {d['army']} unit on {d['cell']} ({d['units']} there).",
    "hired": lambda d: f"{Who(d['seat'])} hires a mercenary for the {ARMY[d['army']]} on {d['cell']}.",
    "equipped": lambda d: f"{Who(d['seat'])} lays a tile under the {ARMY[d['army']]} on {d['cell']}.",
    "you_equipped": lambda d: f"You lay {tile(d['tile'])} under your army on {d['cell']}.",
    "setting_done": lambda d: (
        f"{Who(d['seat'])} has placed everything"
        + (f"; lost: {', '.join(f'{n} {k}' for k, n in d['lost'].items())}" if d["lost"] else "")
        + "."
    ),
    "moved": lambda d: f"{Who(d['seat'])} moves {d['units']} of the {ARMY[d['army']]} from {d['start']} to {d['end']}.",
    "movement_done": lambda d: f"{Who(d['seat'])} ends the movement.",
    "control": _control,
    "conflict": lambda d: f"{Who(d['seat'])} attacks {d['cell']}, held by {who(d['defender'])}.",
    "moves_on": lambda d: f"{Who(d['seat'])}'s army on {d['cell']} may move {d['steps']} more field(s).",
    "overrun": lambda d: f"{Who(d['seat'])} overruns {d['cell']}.",
    "tile_used": lambda d: f"{Who(d['seat'])} reveals {tile(d['tile'])} on {d['cell']}.",
    "support": lambda d: f"{Who(d['seat'])}'s {ARMY[d['army']]} on {d['cell']} supports the conflict on {d['conflict']}.",
    "supports_done": lambda d: f"{Who(d['seat'])} declares no more supports.",
    "battle_begins": lambda d: (
        ("Overrun battle" if d["overrun"] else "Battle")
        + f" on {d['cell']}: {players_of(d['seats'])}, {who(d['defender'])} defending"
        + (f", with {d['guards']} city guards" if d["guards"] else "")
        + "."
    ),
    "walls": lambda d: f"{Who(d['seat'])} uses {d['walls']} wall{'s' if d['walls'] != 1 else ''} on {d['cell']}.",
    "aimed": lambda d: (
        f"{Who(d['seat'])} aims "
        + ", ".join(f"{n} {'die' if n == 1 else 'dice'} at {who(int(t))}" for t, n in sorted(d["dice"].items()))
        + "."
        if d.get("dice")
        else f"{Who(d['seat'])} splits the dice."
        if d["split"]
        else f"{Who(d['seat'])} aims at {who(d['player'])}."
    ),
    "rolled": lambda d: (
        f"{Who(d['seat'])} rolls {', '.join(map(str, d['dice']))} in phase {d['phase']}: {d['hits']} hit"
        + ("s" if d["hits"] != 1 else "")
        + (f" on {players_of(d['targets'])}" if d["targets"] else "")
        + "."
    ),
    "hits_absorbed": lambda d: f"{d['hits']} hit(s) on {who(d['seat'])} are stopped.",
    "hits_lost": lambda d: f"{d['hits']} hit(s) on {who(d['seat'])} find nobody left.",
    "casualty": lambda d: (
        f"{Who(d['seat'])} loses a city guard on {d['cell']}."
        if d["unit"] == "guard"
        else f"{Who(d['seat'])} loses a {d['unit']} of the {ARMY[d['army']]} on {d['cell']}."
    ),
    "bribed": lambda d: f"{Who(d['seat'])}'s mercenaries on {d['cell']} are bribed away.",
    "spoils": lambda d: f"{Who(d['seat'])} takes {d['tiles']} unused tile(s) of the destroyed armies.",
    "you_captured": lambda d: f"You capture {tiles(d['tiles'])}.",
    "battle_won": lambda d: f"{Who(d['seat'])} wins the " + ("overrun" if d["overrun"] else "battle") + f" on {d['cell']}.",
    "building_destroyed": lambda d: (
        f"The {d['building']} on {d['cell']} is destroyed" + (f" (rolled {d['roll']})" if d["roll"] else "") + "."
    ),
    "building_stands": lambda d: f"The {d['building']} on {d['cell']} stands (rolled {d['roll']}).",
    "disbanded": lambda d: f"{Who(d['seat'])} disbands a unit of the {ARMY[d['army']]} on {d['cell']}.",
    "round_counter": lambda d: f"The round counter shows {d['markers']} of 3.",
    "tournament": lambda d: "Tournament! Stones: " + ", ".join(f"{who(s)} {n}" for s, n in enumerate(d["stones"])) + ".",
    "duel": lambda d: (
        f"Duel {who(d['seats'][0])} ({d['stones'][0]} stones) against {who(d['seats'][1])} ({d['stones'][1]}): "
        f"{who(d['winner'])} wins after {d['rounds']} rolls."
    ),
    "champion": lambda d: f"{Who(d['seat'])} wins the tournament and a tear stone.",
    "year_ends": lambda d: (
        f"Year {d['year']} ends. Tear stones: " + ", ".join(f"{who(s)} {n}" for s, n in enumerate(d["tear_stones"])) + "."
    ),
    "game_over": lambda d: (
        f"{listing(Who(s) for s in d['winners'])} win"
        + ("s" if len(d["winners"]) == 1 else "")
        + (" with seven tear stones" if d["reason"] == "tear_stones" else f" on tear stones after year {d['year']}")
        + "."
    ),
}


def players_of(seats: Any) -> str:
    return listing(who(s) for s in seats)
