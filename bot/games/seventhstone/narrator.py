"""Seventh Stone in words: every event, prompt and answer, with players, fields, peoples and
equipment tiles named as people say them (fields by their board name, "C4"), in the language of
the narrator's translator (every line a catalogue message, issue 31; the German edition's words:
"Tränensteine")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import ENGLISH, N_, Tr
from bot.narration import Narrator, cap, player
from engine.core import Action, Event, Prompt, Seat
from engine.seventhstone.pack import load_pack
from renderer.seventhstone.words import PEOPLE_NAMES, PHASES, Words, item_order, tile_words

EVENT_NAMES = {
    "volcano": N_("a volcano eruption"),
    "quicksand": N_("quicksand"),
    "troop_expansion": N_("a troop expansion"),
    "mercenary_dismissal": N_("the mercenaries' dismissal"),
    "water_crossing": N_("a water crossing"),
    "portals_open": N_("the portals opening"),
}
ITEM_NAMES = {
    "building": N_("buildings"),
    "melee": N_("melee units"),
    "ranged": N_("ranged units"),
    "cavalry": N_("cavalry units"),
    "mercenaries": N_("the mercenary market"),
    "equipment": N_("the equipment market"),
    "movement": N_("the movement market"),
    "tournament": N_("the tournament market"),
}
#: an army by its type, as the object of a line ("the melee army on C4")
ARMY = {"melee": N_("melee army"), "ranged": N_("ranged army"), "cavalry": N_("cavalry army"), None: N_("army")}
#: a unit by its type ("a melee unit"), a building by its kind ("a barracks")
UNIT = {
    "melee": N_("melee unit"),
    "ranged": N_("ranged unit"),
    "cavalry": N_("cavalry unit"),
    "guard": N_("city guard"),
    "regular": N_("regular unit"),
    "mercenary": N_("mercenary unit"),
}
BUILDING = {"barracks": N_("barracks"), "manufactory": N_("manufactory"), "wall": N_("wall")}
#: what a seat could not place at the end of its setting (goods and mercenaries won)
LOST = {**{k: ITEM_NAMES[k] for k in ("building", "melee", "ranged", "cavalry")}, "mercenaries": N_("mercenaries")}
CAUSES = {"volcano": N_(" by the volcano"), "quicksand": N_(" by quicksand"), "battle": N_(" in battle")}


def word(t: Tr, table: Mapping[Any, str], key: Any) -> str:
    """``table``'s catalogued word for ``key`` in ``t``'s language, else ``key`` as it is."""
    return t._(table[key]) if key in table else str(key)


def army(t: Tr, kind: Any) -> str:
    return t._(ARMY.get(kind, ARMY[None]))


def people(t: Tr, key: Any) -> str:
    return word(t, PEOPLE_NAMES, str(key))


def tile(tile_id: Any, t: Tr) -> str:
    """An equipment tile by name in ``t``'s language ("Speed +2")."""
    try:
        return tile_words(load_pack().tile(int(tile_id)), Words(t))
    except (IndexError, TypeError, ValueError):
        return t._("a tile")


def tiles(ids: Any, t: Tr) -> str:
    return t.listing(tile(x, t) for x in ids)


def who(seat: Any, t: Tr) -> str:
    return player(seat) if isinstance(seat, int) else t._("nobody")


def Who(seat: Any, t: Tr) -> str:  # noqa: N802 - the capitalised form
    return cap(who(seat, t))


ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def ordinal(n: int, t: Tr) -> str:
    return t._(ORDINALS[n]) if n in ORDINALS else t._("{n}th", n=n)


def allocation(a: Mapping[str, int], t: Tr = ENGLISH) -> str:
    parts = [
        t._("{n} {item}", n=n, item=word(t, ITEM_NAMES, k))
        if k in ("building", "melee", "ranged", "cavalry")
        else t._("{n} on {item}", n=n, item=word(t, ITEM_NAMES, k))
        for k, n in ((k, a[k]) for k in item_order(a))
        if n
    ]
    return t.listing(parts) if parts else t._("nothing")


def scores(pairs: Any, t: Tr) -> str:
    """``alice 4, bob 2``: seats with a number each."""
    return ", ".join(t._("{player} {number}", player=who(s, t), number=n) for s, n in pairs)


def dice_at(dice: Mapping[Any, int], t: Tr) -> str:
    return ", ".join(
        t.ngettext("{n} die at {player}", "{n} dice at {player}", n, player=who(int(s), t)) for s, n in sorted(dice.items())
    )


class StoneNarrator(Narrator):
    #: a battle (and an overrun) is told as a report in the game's battle thread, with its picture
    report_span = ("battle_begins", "battle_won")

    def report_place(self, data: Mapping[str, Any]) -> str:
        """A battle's field (its ``battle_begins`` names the cell)."""
        return str(data.get("cell", "?"))

    def event(self, event: Event) -> str:
        phrase = PHRASES.get(event.kind)
        if phrase is None:
            return super().event(event)
        return phrase(event.data, self.tr)

    def phrased_kinds(self) -> frozenset[str]:
        return frozenset(PHRASES)

    def role(self, public_view: Mapping[str, Any], seat: Seat) -> str | None:
        for p in public_view.get("players") or []:
            if isinstance(p, Mapping) and p.get("seat") == seat and p.get("people"):
                return people(self.tr, p["people"])
        return None

    def season(self, view: dict[str, Any]) -> str | None:
        return self.tr._("Year {year}", year=view["year"]) if view.get("year") else None

    def chapter(self, view: dict[str, Any]) -> str | None:
        return self.season(view)

    def status(self, view: dict[str, Any]) -> list[str]:
        t = self.tr
        lines = [t._("Year {year}, {phase} phase", year=view.get("year"), phase=word(t, PHASES, str(view.get("phase", ""))))]
        for p in view.get("players") or []:
            lines.append(
                t._(
                    "{player}: {stones} tear stones, {storage} resources in storage, income {income}, upkeep {upkeep}",
                    player=cap(player(p["seat"])),
                    stones=p["tear_stones"],
                    storage=p["storage"],
                    income=p["income"],
                    upkeep=p["upkeep"],
                )
            )
        return lines

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        t = self.tr
        hand = view.get("hand")
        lines = [t._("Equipment in hand: {tiles}", tiles=tiles(hand, t) if hand else t._("none"))]
        if view.get("allocation") and any(view["allocation"].values()):
            lines.append(t._("Allocation: {allocation}", allocation=allocation(view["allocation"], t)))
        for cell, x in sorted((view.get("equipment") or {}).items()):
            lines.append(t._("Under the army on {cell}: {tile}", cell=cell, tile=tile(x, t)))
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
        t = self.tr
        d = dict(zip(keys, values))
        # the answers of a movement that move no army (an overrun, a tile to reveal) have no
        # field to leave, none to reach and no count: they are named by what they do, else nothing
        if "from" in d and d["from"] is None:
            return t._("Reveal the tile of the {army}", army=army(t, d["army"])) if d.get("army") else t._("Overrun")
        if "from" in d:
            return t._("the {army} on {cell}", army=army(t, d.get("army")), cell=d["from"])
        if "to" in d:
            return t._("to {cell}", cell=d["to"]) if d["to"] is not None else ""
        if "count" in d:
            return t.ngettext("{n} unit", "{n} units", d["count"]) if d["count"] is not None else ""
        if "keep" in d:
            parts = {"stays": N_("the tile stays"), "goes": N_("the tile goes along")}.get(d.get("tile") or "")
            keep = {"arriving": N_("keep the arriving tile"), "staying": N_("keep the tile already there")}.get(
                d.get("keep") or ""
            )
            return ", ".join(t._(x) for x in (parts, keep) if x) or t._("as it is")
        if "cell" in d:
            return t._("on {cell}", cell=d["cell"])
        if d.get("tile") is not None:
            return tile(d["tile"], t)
        if d.get("building"):
            if d.get("replace"):
                return t._(
                    "{building} instead of the {replaced}",
                    building=cap(word(t, BUILDING, d["building"])),
                    replaced=word(t, BUILDING, d["replace"]),
                )
            return cap(word(t, BUILDING, d["building"]))
        if d.get("army"):
            return t._("a {unit}", unit=word(t, UNIT, d["army"]))
        return t._("this")

    def action(self, action: Action) -> str:
        t = self.tr
        a = action.args
        c = action.choice
        texts: dict[str, Callable[[], str]] = {
            "people": lambda: people(t, a["people"]),
            "place": lambda: t._("On {cell}", cell=a["cell"]),
            "disband": lambda: t._("Disband a unit of the {army} on {cell}", army=army(t, a["army"]), cell=a["cell"]),
            "confirm": lambda: t._("Seal the allocation"),
            "add": lambda: (
                t._("Bid {count} more on {item}", count=a["count"], item=word(t, ITEM_NAMES, a["item"]))
                if a["item"] in ("mercenaries", "equipment", "movement", "tournament")
                else t._("Buy {count} more {item}", count=a["count"], item=word(t, ITEM_NAMES, a["item"]))
            ),
            "keep": lambda: (
                t._("Keep the tile for later")
                if "tile" not in a
                else t._("Keep {tile}, lay off {discard}", tile=tile(a["tile"], t), discard=tile(a["discard"], t))
                if "discard" in a
                else t._("Keep {tile}", tile=tile(a["tile"], t))
            ),
            "position": lambda: t._("Take the {ordinal} place", ordinal=ordinal(a["position"], t)),
            "assign": lambda: t._("Put {player} {ordinal}", player=who(a["player"], t), ordinal=ordinal(a["position"], t)),
            "done": lambda: t._("Done"),
            "pass": lambda: t._("No overrun"),
            "build": lambda: (
                t._(
                    "Build a {building} on {cell} replacing the {replaced}",
                    building=word(t, BUILDING, a["building"]),
                    cell=a["cell"],
                    replaced=word(t, BUILDING, a["replace"]),
                )
                if a.get("replace")
                else t._("Build a {building} on {cell}", building=word(t, BUILDING, a["building"]), cell=a["cell"])
            ),
            "recruit": lambda: t._("Recruit a {unit} on {cell}", unit=word(t, UNIT, a["army"]), cell=a["cell"]),
            "hire": lambda: t._("A mercenary for the {army} on {cell}", army=army(t, a["army"]), cell=a["cell"]),
            "equip": lambda: t._("{tile} under the army on {cell}", tile=tile(a["tile"], t), cell=a["cell"]),
            "move": lambda: self._move(a),
            "reveal": lambda: t._("Reveal the tile of the {army} on {cell}", army=army(t, a["army"]), cell=a["cell"]),
            "overrun": lambda: t._("Overrun on {cell}", cell=a["cell"]),
            "support": lambda: t._(
                "The {army} on {cell} supports {conflict}", army=army(t, a["army"]), cell=a["cell"], conflict=a["conflict"]
            ),
            "fight": lambda: t._("Fight on {cell}", cell=a["cell"]),
            "use": lambda: t._("Use the tile"),
            "walls": lambda: t.ngettext("Use {n} wall", "Use {n} walls", a["count"]),
            "aim": lambda: t._("Aim at {player}", player=who(a["player"], t)),
            "split": lambda: t._("Split the dice evenly"),
            "swap": lambda: t._(
                "The {army} on {start} and the {other} on {end} swap fields",
                army=army(t, a["army"]),
                start=a["from"],
                other=army(t, a["with"]),
                end=a["to"],
            ),
            "cycle": lambda: t._(
                "The {first} on {one} moves to {two}, the {second} there to {three}, the {third} there to {one}",
                first=army(t, a["armies"][0]),
                second=army(t, a["armies"][1]),
                third=army(t, a["armies"][2]),
                one=a["cells"][0],
                two=a["cells"][1],
                three=a["cells"][2],
            ),
            "share": lambda: t._("Aim {dice}", dice=dice_at(a["dice"], t)),
            "remove": lambda: (
                t._("Lose a city guard")
                if a["unit"] == "guard"
                else t._(
                    "Lose a {unit} of the {army} on {cell}",
                    unit=word(t, UNIT, a["unit"]),
                    army=army(t, a["army"]),
                    cell=a["cell"],
                )
            ),
        }
        text = texts.get(c)
        return text() if text else super().action(action)

    def _move(self, a: Mapping[str, Any]) -> str:
        t = self.tr
        extra = ""
        if a.get("tile") in ("stays", "goes"):
            extra += t._(", the tile stays") if a["tile"] == "stays" else t._(", the tile goes along")
        if a.get("keep") in ("arriving", "staying"):
            extra += t._(", keep the arriving tile") if a["keep"] == "arriving" else t._(", keep the tile already there")
        if "merc" in a:
            extra += t.ngettext(", {n} of them a mercenary", ", {n} of them mercenaries", a["merc"])
        if a.get("short"):
            extra += t.ngettext(
                " ({n} mercenary over their regulars until more units join)",
                " ({n} mercenaries over their regulars until more units join)",
                a["short"],
            )
        return t._(
            "{count} of the {army} from {start} to {end}{extra}",
            count=a["count"],
            army=army(t, a["army"]),
            start=a["from"],
            end=a["to"],
            extra=extra,
        )

    def prompt(self, prompt: Prompt) -> str:
        t = self.tr
        i = prompt.info
        texts: dict[str, Callable[[], str]] = {
            "people": lambda: t._("Choose your people"),
            "capital": lambda: t._("Place your capital on a free yield field"),
            "barracks": lambda: t._("Place your barracks and control marker on another free yield field"),
            "disband": lambda: t.ngettext(
                "You lost a source: disband {n} regular unit", "You lost a source: disband {n} regular units", i.get("debt")
            ),
            "allocate": lambda: t._("Spread your resources in secret over buildings, units and the four markets, then seal"),
            "draft": lambda: (
                t._("Keep one of the {n} equipment tiles handed to you and lay one off", n=i.get("handed"))
                if i.get("discard")
                else t._("Keep one of the {n} equipment tiles handed to you", n=i.get("handed"))
            ),
            "order_pick": lambda: t._("Choose your place in this year's turn order"),
            "order_assign": lambda: t._("Place {player}, who bid nothing, in the turn order", player=who(i.get("placing"), t)),
            "setting": lambda: t._("Place your buildings, units, mercenaries and equipment"),
            "move": lambda: t._("Move your armies (mercenaries above their regulars at the end of your movement leave)"),
            "overrun": lambda: t._("Overrun a conflict field where you have twice the units?"),
            "support": lambda: t._("Declare supports for the conflicts"),
            "battle_pick": lambda: t._("Choose which of your conflicts is fought now"),
            "use_equipment": lambda: t._("Battle on {cell}: use the tile under your army?", cell=i.get("cell")),
            "walls": lambda: t._(
                "Battle on {cell}: how many of your {walls} walls do you use?", cell=i.get("cell"), walls=i.get("walls")
            ),
            "target": lambda: t._("Battle on {cell}, round {round}: aim your dice", cell=i.get("cell"), round=i.get("round")),
            "casualty": lambda: t.ngettext(
                "Battle on {cell}: remove a unit ({n} hit to take)",
                "Battle on {cell}: remove a unit ({n} hits to take)",
                i.get("hits"),
                cell=i.get("cell"),
            ),
        }
        text = texts.get(prompt.kind)
        if text is None:
            return super().prompt(prompt)
        return t._("Year {year}: {text}", year=i["year"], text=text()) if i.get("year") else text()


def _control(d: Mapping[str, Any], t: Tr) -> str:
    where = (
        t._("the capital on {cell}", cell=d["cell"])
        if d["capital"]
        else t._("the temple on {cell}", cell=d["cell"])
        if d["temple"]
        else d["cell"]
    )
    if d["seat"] is None:
        return t._("{player} loses {where}.", player=Who(d["previous"], t), where=where)
    if d["previous"] is None:
        return t._(
            "{player} takes {where} (+{resources} resources).", player=Who(d["seat"], t), where=where, resources=d["resources"]
        )
    return t._(
        "{player} takes {where} from {previous} ({resources} resources change hands).",
        player=Who(d["seat"], t),
        where=where,
        previous=who(d["previous"], t),
        resources=d["resources"],
    )


def _event(d: Mapping[str, Any], t: Tr) -> str:
    name = word(t, EVENT_NAMES, d["event"])
    if d["event"] == "volcano":
        hits = t.listing(t._("{column}/{row} ({cell})", column=h, row=v, cell=c or t._("off the board")) for h, v, c in d["hits"])
        return t._("The event die shows {event}: lava falls on {hits}.", event=name, hits=hits)
    if d["event"] == "troop_expansion":
        return t._("The event die shows {event}: armies may now hold {n} units.", event=name, n=d["unit_max"])
    return t._("The event die shows {event}.", event=name)


def _aimed(d: Mapping[str, Any], t: Tr) -> str:
    if d.get("dice"):
        return t._("{player} aims {dice}.", player=Who(d["seat"], t), dice=dice_at(d["dice"], t))
    if d["split"]:
        return t._("{player} splits the dice.", player=Who(d["seat"], t))
    return t._("{player} aims at {target}.", player=Who(d["seat"], t), target=who(d["player"], t))


def _rolled(d: Mapping[str, Any], t: Tr) -> str:
    values = {"player": Who(d["seat"], t), "dice": ", ".join(map(str, d["dice"])), "phase": d["phase"]}
    if d["targets"]:
        return t.ngettext(
            "{player} rolls {dice} in phase {phase}: {n} hit on {targets}.",
            "{player} rolls {dice} in phase {phase}: {n} hits on {targets}.",
            d["hits"],
            targets=players_of(d["targets"], t),
            **values,
        )
    return t.ngettext(
        "{player} rolls {dice} in phase {phase}: {n} hit.",
        "{player} rolls {dice} in phase {phase}: {n} hits.",
        d["hits"],
        **values,
    )


def _battle_begins(d: Mapping[str, Any], t: Tr) -> str:
    values = {"cell": d["cell"], "players": players_of(d["seats"], t), "defender": who(d["defender"], t)}
    if d["guards"]:
        guards = t.ngettext("{n} city guard", "{n} city guards", d["guards"])
        if d["overrun"]:
            return t._("Overrun battle on {cell}: {players}, {defender} defending, with {guards}.", guards=guards, **values)
        return t._("Battle on {cell}: {players}, {defender} defending, with {guards}.", guards=guards, **values)
    if d["overrun"]:
        return t._("Overrun battle on {cell}: {players}, {defender} defending.", **values)
    return t._("Battle on {cell}: {players}, {defender} defending.", **values)


def _game_over(d: Mapping[str, Any], t: Tr) -> str:
    winners = t.listing(Who(s, t) for s in d["winners"])
    if d["reason"] == "tear_stones":
        return t.ngettext(
            "{players} wins with seven tear stones.", "{players} win with seven tear stones.", len(d["winners"]), players=winners
        )
    return t.ngettext(
        "{players} wins on tear stones after year {year}.",
        "{players} win on tear stones after year {year}.",
        len(d["winners"]),
        players=winners,
        year=d["year"],
    )


def _building_destroyed(d: Mapping[str, Any], t: Tr) -> str:
    building = word(t, BUILDING, d["building"])
    if d["roll"]:
        return t._("The {building} on {cell} is destroyed (rolled {roll}).", building=building, cell=d["cell"], roll=d["roll"])
    return t._("The {building} on {cell} is destroyed.", building=building, cell=d["cell"])


def _market_won(d: Mapping[str, Any], t: Tr) -> str:
    market = word(t, ITEM_NAMES, d["market"])
    if not d["ranks"]:
        return t._("Nobody bid on {market}.", market=market)
    if d["amounts"]:
        return t._("On {market}: {bids}.", market=market, bids=scores(zip(d["ranks"], d["amounts"]), t))
    return t._("On {market}: {players} choose in that order.", market=market, players=", ".join(who(s, t) for s in d["ranks"]))


PHRASES: dict[str, Callable[[Mapping[str, Any], Tr], str]] = {
    "board_built": lambda d, t: (
        t._("The four islands are laid out.")
        if d.get("islands")
        else t._(
            "The board is laid: {columns} columns, water gaps rolled {gaps}.",
            columns=d["columns"],
            gaps=", ".join(map(str, d["gaps"])),
        )
    ),
    "people_chosen": lambda d, t: t._("{player} leads the {people}.", player=Who(d["seat"], t), people=people(t, d["people"])),
    "order_rolled": lambda d, t: (
        t._("Dice for the order: {rolls}.", rolls=scores(zip(d["seats"], d["rolls"]), t))
        if d["why"] == "start"
        else t._("Nobody bid on movement; dice for the turn order: {rolls}.", rolls=scores(zip(d["seats"], d["rolls"]), t))
    ),
    "start_order": lambda d, t: t._("The start order: {players}.", players=", ".join(who(s, t) for s in d["order"])),
    "capital_placed": lambda d, t: t._("{player} founds the capital on {cell}.", player=Who(d["seat"], t), cell=d["cell"]),
    "barracks_placed": lambda d, t: t._("{player} places a barracks on {cell}.", player=Who(d["seat"], t), cell=d["cell"]),
    "resources_dealt": lambda d, t: t._(
        "Each people takes its resources: {resources}.", resources=scores(enumerate(d["resources"]), t)
    ),
    "year_begins": lambda d, t: t._("Year {year} begins.", year=d["year"]),
    "event": _event,
    "agility_saves": lambda d, t: t._(
        "{player}'s army on {cell} escapes the quicksand with {tile}.",
        player=Who(d["seat"], t),
        cell=d["cell"],
        tile=tile(d["tile"], t),
    ),
    "army_destroyed": lambda d, t: t._(
        "{player}'s {army} on {cell} is destroyed{cause}.",
        player=Who(d["seat"], t),
        army=army(t, d["army"]),
        cell=d["cell"],
        cause=t._(CAUSES[d["cause"]]) if d["cause"] in CAUSES else "",
    ),
    "mercenaries_left": lambda d, t: t.ngettext(
        "{n} mercenary of the {army} of {player} on {cell} leaves: more mercenaries than regulars at the end of the movement.",
        "{n} mercenaries of the {army} of {player} on {cell} leave: more mercenaries than regulars at the end of the movement.",
        d["units"],
        army=army(t, d["army"]),
        player=who(d["seat"], t),
        cell=d["cell"],
    ),
    "tile_discarded": lambda d, t: t._(
        "{tile} of {player} goes to the discard pile.", tile=tile(d["tile"], t), player=who(d["seat"], t)
    ),
    "stacks_reshuffled": lambda d, t: t._("The discard pile is shuffled into new equipment stacks ({n} tiles).", n=d["tiles"]),
    "offer": lambda d, t: (
        t._("The market offers {tiles}.", tiles=tiles(d["tiles"], t)) if d["tiles"] else t._("The market offers no equipment.")
    ),
    "allocation_sealed": lambda d, t: t._("{player} has sealed the allocation.", player=Who(d["seat"], t)),
    "you_allocated": lambda d, t: (
        t._("You seal: {allocation}.", allocation=allocation(d["allocation"], t))
        if d["sealed"]
        else t._("Your allocation so far: {allocation}.", allocation=allocation(d["allocation"], t))
    ),
    "allocations_revealed": lambda d, t: t._(
        "The sheets are revealed. {allocations}",
        allocations=" ".join(
            t._("{player}: {allocation}.", player=Who(s, t), allocation=allocation(a, t)) for s, a in enumerate(d["allocations"])
        ),
    ),
    "tie_broken": lambda d, t: t._(
        "A tie on {market} is rolled off: {rolls}.",
        market=word(t, ITEM_NAMES, d["market"]),
        rolls=scores(zip(d["seats"], d["rolls"]), t),
    ),
    "market_won": _market_won,
    "you_kept": lambda d, t: t._("You keep {tile}.", tile=tile(d["tile"], t)),
    "draft_kept": lambda d, t: t._("{player} keeps a tile and now holds {n}.", player=Who(d["seat"], t), n=d["hand"]),
    "draft_discarded": lambda d, t: t._("{player} lays off {tile}.", player=Who(d["seat"], t), tile=tile(d["tile"], t)),
    "you_received": lambda d, t: t._("You are handed {tiles}.", tiles=tiles(d["tiles"], t)),
    "tiles_left_over": lambda d, t: t._("Left over: {tiles} go to the discard pile.", tiles=tiles(d["tiles"], t)),
    "lost_stone": lambda d, t: t._("{player} finds the lost tear stone!", player=Who(d["seat"], t)),
    "double_move": lambda d, t: t._(
        "{player} bid as much as all others together: double moves this year.", player=Who(d["seat"], t)
    ),
    "position_chosen": lambda d, t: t._(
        "{player} takes the {ordinal} place.", player=Who(d["seat"], t), ordinal=ordinal(d["position"], t)
    ),
    "position_assigned": lambda d, t: t._(
        "{player} puts {other} {ordinal}.", player=Who(d["seat"], t), other=who(d["player"], t), ordinal=ordinal(d["position"], t)
    ),
    "turn_order": lambda d, t: t._("This year's turn order: {players}.", players=", ".join(who(s, t) for s in d["order"])),
    "built": lambda d, t: (
        t._(
            "{player} builds a {building} on {cell}, replacing the {replaced}.",
            player=Who(d["seat"], t),
            building=word(t, BUILDING, d["building"]),
            cell=d["cell"],
            replaced=word(t, BUILDING, d["replaced"]),
        )
        if d.get("replaced")
        else t._(
            "{player} builds a {building} on {cell}.",
            player=Who(d["seat"], t),
            building=word(t, BUILDING, d["building"]),
            cell=d["cell"],
        )
    ),
    "recruited": lambda d, t: t._(
        "{player} recruits a {unit} on {cell} ({n} there).",
        player=Who(d["seat"], t),
        unit=word(t, UNIT, d["army"]),
        cell=d["cell"],
        n=d["units"],
    ),
    "hired": lambda d, t: t._(
        "{player} hires a mercenary for the {army} on {cell}.", player=Who(d["seat"], t), army=army(t, d["army"]), cell=d["cell"]
    ),
    "equipped": lambda d, t: t._(
        "{player} lays a tile under the {army} on {cell}.", player=Who(d["seat"], t), army=army(t, d["army"]), cell=d["cell"]
    ),
    "you_equipped": lambda d, t: t._("You lay {tile} under your army on {cell}.", tile=tile(d["tile"], t), cell=d["cell"]),
    "setting_done": lambda d, t: (
        t._(
            "{player} has placed everything; lost: {lost}.",
            player=Who(d["seat"], t),
            lost=", ".join(
                t._("{n} {item}", n=n, item=word(t, LOST, k)) for k, n in ((k, d["lost"][k]) for k in item_order(d["lost"]))
            ),
        )
        if d["lost"]
        else t._("{player} has placed everything.", player=Who(d["seat"], t))
    ),
    "moved": lambda d, t: t._(
        "{player} moves {n} of the {army} from {start} to {end}.",
        player=Who(d["seat"], t),
        n=d["units"],
        army=army(t, d["army"]),
        start=d["start"],
        end=d["end"],
    ),
    "movement_done": lambda d, t: t._("{player} ends the movement.", player=Who(d["seat"], t)),
    "control": _control,
    "conflict": lambda d, t: t._(
        "{player} attacks {cell}, held by {defender}.", player=Who(d["seat"], t), cell=d["cell"], defender=who(d["defender"], t)
    ),
    "moves_on": lambda d, t: t.ngettext(
        "{player}'s army on {cell} may move {n} more field.",
        "{player}'s army on {cell} may move {n} more fields.",
        d["steps"],
        player=Who(d["seat"], t),
        cell=d["cell"],
    ),
    "overrun": lambda d, t: t._("{player} overruns {cell}.", player=Who(d["seat"], t), cell=d["cell"]),
    "tile_used": lambda d, t: t._(
        "{player} reveals {tile} on {cell}.", player=Who(d["seat"], t), tile=tile(d["tile"], t), cell=d["cell"]
    ),
    "support": lambda d, t: t._(
        "{player}'s {army} on {cell} supports the conflict on {conflict}.",
        player=Who(d["seat"], t),
        army=army(t, d["army"]),
        cell=d["cell"],
        conflict=d["conflict"],
    ),
    "supports_done": lambda d, t: t._("{player} declares no more supports.", player=Who(d["seat"], t)),
    "battle_begins": _battle_begins,
    "walls": lambda d, t: t.ngettext(
        "{player} uses {n} wall on {cell}.",
        "{player} uses {n} walls on {cell}.",
        d["walls"],
        player=Who(d["seat"], t),
        cell=d["cell"],
    ),
    "aimed": _aimed,
    "rolled": _rolled,
    "hits_absorbed": lambda d, t: t.ngettext(
        "{n} hit on {player} is stopped.", "{n} hits on {player} are stopped.", d["hits"], player=who(d["seat"], t)
    ),
    "hits_lost": lambda d, t: t.ngettext(
        "{n} hit on {player} finds nobody left.", "{n} hits on {player} find nobody left.", d["hits"], player=who(d["seat"], t)
    ),
    "casualty": lambda d, t: (
        t._("{player} loses a city guard on {cell}.", player=Who(d["seat"], t), cell=d["cell"])
        if d["unit"] == "guard"
        else t._(
            "{player} loses a {unit} of the {army} on {cell}.",
            player=Who(d["seat"], t),
            unit=word(t, UNIT, d["unit"]),
            army=army(t, d["army"]),
            cell=d["cell"],
        )
    ),
    "bribed": lambda d, t: t._("{player}'s mercenaries on {cell} are bribed away.", player=Who(d["seat"], t), cell=d["cell"]),
    "spoils": lambda d, t: t.ngettext(
        "{player} takes {n} unused tile of the destroyed armies.",
        "{player} takes {n} unused tiles of the destroyed armies.",
        d["tiles"],
        player=Who(d["seat"], t),
    ),
    "you_captured": lambda d, t: t._("You capture {tiles}.", tiles=tiles(d["tiles"], t)),
    "battle_won": lambda d, t: (
        t._("{player} wins the overrun on {cell}.", player=Who(d["seat"], t), cell=d["cell"])
        if d["overrun"]
        else t._("{player} wins the battle on {cell}.", player=Who(d["seat"], t), cell=d["cell"])
    ),
    "building_destroyed": _building_destroyed,
    "building_stands": lambda d, t: t._(
        "The {building} on {cell} stands (rolled {roll}).",
        building=word(t, BUILDING, d["building"]),
        cell=d["cell"],
        roll=d["roll"],
    ),
    "disbanded": lambda d, t: t._(
        "{player} disbands a unit of the {army} on {cell}.", player=Who(d["seat"], t), army=army(t, d["army"]), cell=d["cell"]
    ),
    "round_counter": lambda d, t: t._("The round counter shows {n} of 3.", n=d["markers"]),
    "tournament": lambda d, t: t._("Tournament! Stones: {stones}.", stones=scores(enumerate(d["stones"]), t)),
    "duel": lambda d, t: t._(
        "Duel {first} ({first_stones} stones) against {second} ({second_stones}): {winner} wins after {rolls} rolls.",
        first=who(d["seats"][0], t),
        first_stones=d["stones"][0],
        second=who(d["seats"][1], t),
        second_stones=d["stones"][1],
        winner=who(d["winner"], t),
        rolls=d["rounds"],
    ),
    "champion": lambda d, t: t._("{player} wins the tournament and a tear stone.", player=Who(d["seat"], t)),
    "year_ends": lambda d, t: t._(
        "Year {year} ends. Tear stones: {stones}.", year=d["year"], stones=scores(enumerate(d["tear_stones"]), t)
    ),
    "game_over": _game_over,
}


def players_of(seats: Any, t: Tr) -> str:
    return t.listing(who(s, t) for s in seats)
