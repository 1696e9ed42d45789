"""Runewars words: things named as players name them, and the lines of the events and the
labels of the answers that need more than a template (:mod:`bot.games.runewars.narrator`).

Names come from the built-in data pack: units, factions, cards, developments, map tiles,
order cards, exploration tokens and fate cards (``fate-07`` is "fate card 7"). That is the
printed text of the components, the same for everybody. Everything else a line says comes
from the event or the answer it is given, so a line tells nothing its event did not carry.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import N_
from bot.narration import cap, current_tr, listing, player

# -------------------------------------------------------------------- names

#: the pack's names, loaded once (None: not loaded yet); a failed load is tried again a minute later
_LOADED: dict[str, Any] | None = None
_FAILED_AT: float | None = None
RETRY_SECONDS = 60.0

#: the tables a bare id is looked for in, in order (their ids do not overlap but for a card and its
#: rulebook example, the same record)
NAMED_TABLES = (
    "unit",
    "faction",
    "hero",
    "reward",
    "quest",
    "tactics_card",
    "season_card",
    "objective",
    "title",
    "development",
    "tile",
    "order",
    "exploration_token",
    "city_token",
    "setup_quest",
    "development_card",
    "commander_card",
    "victory_card",
)

#: the options whose data layers add names (Banners of War and its variants, issue 24)
EVERY_OPTION = {
    "banners_of_war": True,
    "development_cards": True,
    "commanders": True,
    "free_cities": True,
    "road_to_victory": True,
}


def _tables() -> dict[str, Any]:
    """``pack``, ``names`` (id -> the table of the record naming it), ``tile_numbers``, ``tokens``
    (exploration token ids), ``orders`` (number -> order id), ``symbols`` (fate card -> symbol) and
    ``heroes`` (hero cards); ``packs``: the base pack and the one with every option
    (a variant's layer may replace a base table, so a record is looked up in both)."""
    global _LOADED, _FAILED_AT
    if _LOADED is not None:
        return _LOADED
    empty: dict[str, Any] = {
        k: {} for k in ("names", "tile_numbers", "tokens", "orders", "symbols", "heroes", "start_influence", "fate_numbers")
    }
    empty["pack"], empty["packs"] = None, ()
    if _FAILED_AT is not None and time.monotonic() - _FAILED_AT < RETRY_SECONDS:
        return empty
    try:
        from engine.runewars.game import GAME

        GAME.load_ruleset()  # the pack's cards are checked against the ruleset's effects
        # the base pack's names, and those only the expansion and its variants have (their cards, units, cities)
        base, full = _read(GAME.load_pack({})), _read(GAME.load_pack(EVERY_OPTION))
        _LOADED = {k: ({**full.get(k, {}), **v} if isinstance(v, dict) else v) for k, v in base.items()}
        _LOADED["packs"] = (base["pack"], full["pack"])
    except Exception:  # names are a nicety: the ids still read
        try:
            _LOADED = _read(GAME.load_pack({}))
        except Exception:
            _FAILED_AT = time.monotonic()
            return empty
    return _LOADED


def _read(pack) -> dict[str, Any]:
    tiles = list(pack.tiles.values() if isinstance(pack.tiles, Mapping) else pack.tiles)
    orders = list(pack.orders.values() if isinstance(pack.orders, Mapping) else pack.orders)
    names: dict[Any, str] = {}
    for table in NAMED_TABLES:
        for record in pack.records.get(table, ()):
            names.setdefault(str(record["id"]), table)
    return {
        "pack": pack,
        "packs": (pack,),
        "names": names,
        "tile_numbers": {t.id: str(t.number) for t in tiles},
        "tokens": {t.id: t.id for t in pack.exploration_tokens},
        "orders": {o.number: o.id for o in orders},
        "symbols": {f.id: f.symbol for f in pack.fate_cards},
        "fate_numbers": {f.id: f.number for f in pack.fate_cards},
        "heroes": {c.id: c.id for c in pack.cards.get("hero", ())},
        "start_influence": {fid: str(f.start_influence) for fid, f in pack.factions.items()},
    }


def pack_text(table: str, rid: str, fld: str = "name", pack=None) -> str:
    """A record's name or text in the narrated language (issue 31 item 3), marked as translated
    when the pack has it in that language; a pack without it gives the other language, and an
    unknown record its id with underscores as spaces."""
    tr = current_tr()
    packs = (pack,) if pack is not None else _tables()["packs"]
    text, language = "", ""
    for each in packs:
        text, language = each.text(table, rid, fld, tr.content_language)
        if text:
            break
    if table == "faction" and fld == "name":
        text = text.split(" (")[0]  # "Humans (Daqan)": the people, as players name them
    return tr.content(text, language) if text else ("" if fld != "name" else rid.replace("_", " "))


def card_name(card) -> str:
    """A card's name in the narrated language (English, else German, else its id)."""
    table = "tactics_card" if getattr(card, "kind", "") == "tactics_card" else getattr(card, "kind", "")
    if table:
        return pack_text(table, card.id)
    return card.attrs.get("name") or card.name_en or card.name_de or card.id


def name(value: Any) -> str:
    """The name of a unit, faction, card, development, tile, order card or fate card in the
    narrated language; any other text with its underscores as spaces (``battle_or_retreat``:
    "battle or retreat")."""
    if not isinstance(value, str):
        return str(value)
    if value in _tables()["fate_numbers"]:
        return current_tr()._("fate card {number}", number=_tables()["fate_numbers"][value])
    table = _tables()["names"].get(value)
    return pack_text(table, value) if table is not None else value.replace("_", " ")


def token(value: Any) -> str:
    """An exploration token's name (``scroll_of_knowledge``: "Scroll of Knowledge")."""
    return pack_text("exploration_token", value) if value in _tables()["tokens"] else name(value)


def order(number: Any) -> str:
    """An order card by its number: "Harvest (4)"."""
    found = _tables()["orders"].get(number)
    found = found and pack_text("order", found)
    return (
        current_tr()._("{order} ({number})", order=found, number=number)
        if found
        else current_tr()._("order {number}", number=number)
    )


def order_label(number: Any) -> str:
    """An order card as a button or a hand shows it: "2 · Mobilize" (number, then name)."""
    found = _tables()["orders"].get(number)
    found = found and pack_text("order", found)
    return (
        current_tr()._("{number} · {order}", number=number, order=found)
        if found
        else current_tr()._("Order {number}", number=number)
    )


def start_influence(faction: Any) -> int | None:
    """A faction's starting influence (printed on its faction sheet), the last tie-break (p. 30)."""
    found = _tables()["start_influence"].get(faction)
    return int(found) if found is not None else None


def fate(card: Any, symbol: bool = False) -> str:
    """A fate card as the table says it ("fate card 7"), with its symbol if asked (printed on the card)."""
    tr = current_tr()
    number = _tables()["fate_numbers"].get(card)
    shown = tr._("fate card {number}", number=number) if number is not None else name(card)
    colour = _tables()["symbols"].get(card) if symbol else None
    colour = fate_symbol(colour) if colour else None
    return tr._("{card} ({symbol})", card=shown, symbol=colour) if colour else shown


#: a fate card's symbol (its colour, p. 11)
FATE_SYMBOLS = {"gold": N_("gold"), "silver": N_("silver"), "red": N_("red")}


def fate_symbol(colour: Any) -> str:
    """A fate card's symbol (its colour) in the language told in."""
    return current_tr()._(FATE_SYMBOLS[colour]) if colour in FATE_SYMBOLS else str(colour)


def tile(tile_id: Any) -> str:
    """A map tile by name and number: "Thornwood (tile 3)"."""
    number = _tables()["tile_numbers"].get(tile_id)
    return current_tr()._("{tile} (tile {number})", tile=name(tile_id), number=number) if number else name(tile_id)


#: fate card sections (FateSection.code): blank, special, D<n> damage, R<n> rout
def section(code: Any) -> str:
    code, tr = str(code), current_tr()
    if code == "-":
        return tr._("blank")
    if code == "S":
        return tr._("special")
    if code[:1] == "D" and code[1:].isdigit():
        return tr._("{n} damage", n=code[1:])
    if code[:1] == "R" and code[1:].isdigit():
        return tr._("{n} rout", n=code[1:])
    return code


RUNES = {"dragon": N_("dragon rune"), "false": N_("false rune")}
RESULTS = {
    "ally": N_("the neutrals become allies"),
    "neutrals_retreat": N_("the neutrals retreat"),
    "battle_or_retreat": N_("battle or retreat"),
}
TOKEN_KINDS = {
    "event": N_("an event"),
    "location": N_("a location"),
    "destructible_location": N_("a location that can be destroyed"),
}
BENEFITS = {"units": N_("Units"), "tactics": N_("Tactics cards"), "influence": N_("Influence"), "quests": N_("Quest cards")}
#: why something happened, where it is not a card (a card's id reads as its name)
WHY = {
    "hand_limit": N_("hand limit"),
    "hero_limit": N_("over the hero limit"),
    "harvest": N_("Harvest"),
    "lasting": N_("a lasting effect"),
    "used": N_("used"),
    "bandits": N_("Bandits"),
    "trade": N_("a trade"),
    "duel": N_("a duel"),
    "duel_quest": N_("a duel quest"),
    "eliminated": N_("its player is eliminated"),
    "defeated_hero_token": N_("a defeated hero's token"),
    "council_card": N_("a Council of Mages card"),
    "development": N_("Resources development"),
    "traveling_merchant": N_("Traveling Merchant"),
}


def why(value: Any) -> str:
    if isinstance(value, str) and value in _tables()["names"]:
        return name(value)
    if isinstance(value, str) and value in WHY:
        return current_tr()._(WHY[value])
    return name(value) if isinstance(value, str) else str(value)


def rune(value: Any) -> str:
    return current_tr()._(RUNES[value]) if value in RUNES else name(value)


def who(value: Any) -> str:
    """A seat as the lines name players (bot.narration.player): "alice (Uthuk)", "Player 2", "the neutrals"."""
    return player(_seat(value))


def _seat(key: Any) -> Any:
    """A seat used as a mapping key (JSON makes it text: "0")."""
    return int(key) if isinstance(key, str) and key.isdigit() else key


seat = who


def count(n: Any, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def units(value: Mapping[str, int]) -> str:
    return ", ".join(f"{n} × {name(u)}" for u, n in value.items()) or current_tr()._("no units")


def hero(d: Mapping[str, Any]) -> str:
    """An event's hero by name, with the seat that owns it when the event says so."""
    shown = name(d.get("hero"))
    return current_tr()._("{hero} of {owner}", hero=shown, owner=who(d["owner"])) if d.get("owner") is not None else shown


def cells(value: Any) -> str:
    """Hex cells of the map being built, ``[[q, r], ...]``, as "(q, r) and (q, r)"."""
    return listing(f"({c[0]}, {c[1]})" for c in value) if isinstance(value, (list, tuple)) else str(value)


def rotated(value: Any) -> str:
    """A placement's rotation (steps of 60°, counter-clockwise)."""
    return current_tr()._("not rotated") if not value else current_tr()._("rotated {degrees}°", degrees=int(value) * 60)


def where(q: Any, r: Any) -> str:
    return current_tr()._("in the centre") if (q, r) == (0, 0) else current_tr()._("at ({q}, {r})", q=q, r=r)


def _because(value: Any) -> str:
    return current_tr()._(" ({why})", why=why(value)) if value else ""


# -------------------------------------------------------------------- events


def _activation_removed(d):
    return current_tr()._(
        "{seat} takes its activation token off {area}{because}.",
        seat=who(d["seat"]),
        area=d["area"],
        because=_because(d.get("why")),
    )


def _bonus_lost(d):
    tr = current_tr()
    if d.get("by") is not None:
        return tr._(
            "{seat} loses the bonus of its order: {by} played {card}.",
            seat=who(d["seat"]),
            by=who(d["by"]),
            card=why(d.get("why")),
        )
    return tr._("{seat} loses the bonus of its order{because}.", seat=who(d["seat"]), because=_because(d.get("why")))


def _battle_cards(d):
    drawn = [f"{fate(c)} ({section(s)})" for c, s in zip(d.get("cards", []), d.get("sections", []))]
    return current_tr()._(
        "You drew {cards} for your {unit} in {area}.",
        cards=listing(drawn or map(fate, d.get("cards", []))),
        unit=name(d["unit"]),
        area=d["area"],
    )


def _defeated_hero_token(d):
    tr = current_tr()
    rewards = tr.ngettext("{n} reward card", "{n} reward cards", d.get("rewards", 0))
    face_up = d.get("face_up") or []
    if face_up:
        return tr._(
            "Defeated-hero token {number} is laid in {area}, holding {rewards} (face up: {cards}).",
            number=d["number"],
            area=d["area"],
            rewards=rewards,
            cards=listing(map(name, face_up)),
        )
    return tr._(
        "Defeated-hero token {number} is laid in {area}, holding {rewards}.", number=d["number"], area=d["area"], rewards=rewards
    )


#: why a development cannot be built (event ``development_not_possible``)
NO_DEVELOPMENT = {
    "wood": N_("its wood dial is too low"),
    "no_site": N_("no friendly area with its stronghold is free of developments"),
    "no_tile": N_("no development of its faction is left"),
}


def _development_not_possible(d):
    tr, reason = current_tr(), d.get("reason")
    shown = tr._(NO_DEVELOPMENT[reason]) if reason in NO_DEVELOPMENT else name(reason)
    return tr._("{seat} cannot build a development: {reason}.", seat=who(d["seat"]), reason=shown)


def _dials_set(d):
    tr, changes = current_tr(), []
    for resource, value in (d.get("dials") or {}).items():
        before, after = value if isinstance(value, (list, tuple)) and len(value) == 2 else (value, value)
        shown_resource = tr._(RESOURCES[resource]) if resource in RESOURCES else resource
        changes.append(
            tr._("{resource} stays at {after}", resource=shown_resource, after=after)
            if before == after
            else f"{shown_resource} {before} → {after}"
        )
    shown = ", ".join(changes) or tr._("unchanged")
    reason, seat = d.get("why"), who(d["seat"])
    if reason == "harvest":
        return tr._("{seat} harvests: {dials}.", seat=seat, dials=shown)
    if reason == "development_built":
        return tr._("{seat} pays wood for the development: {dials}.", seat=seat, dials=shown)
    if reason == "development":
        if d.get("area"):
            return tr._("{seat}’s Resources development in {area}: {dials}.", seat=seat, area=d["area"], dials=shown)
        return tr._("{seat}’s Resources development: {dials}.", seat=seat, dials=shown)
    return tr._("{seat}’s dials{because}: {dials}.", seat=seat, because=_because(reason), dials=shown)


#: the resource dials
RESOURCES = {"food": N_("food"), "wood": N_("wood"), "ore": N_("ore")}


def _dragon_rune_placed(d):
    """Face down: the card that placed it says what it is, yet the public view shows a token, so the line does too."""
    return current_tr()._(
        "{seat} places a rune token in {area}{because}.", seat=who(d["seat"]), area=d["area"], because=_because(d.get("why"))
    )


def _duel_cards(d):
    tr = current_tr()
    drawn = [f"{fate(c)} ({section(s)})" for c, s in zip(d.get("cards", []), d.get("sections", []))]
    if not drawn:
        return tr._("Duel in {area}, round {round}: no cards.", area=d["area"], round=d["round"])
    if len(drawn) == 1:
        return tr._("Duel in {area}, round {round}: the attacker draws {card}.", area=d["area"], round=d["round"], card=drawn[0])
    return tr._(
        "Duel in {area}, round {round}: the attacker draws {card}, the defender {other}.",
        area=d["area"],
        round=d["round"],
        card=drawn[0],
        other=drawn[1],
    )


def _duel_damage(d):
    tr = current_tr()
    side = {0: "attacker", 1: "defender"}.get(d.get("side"), str(d.get("side")))
    shown = tr._(SIDES[side]) if side in SIDES else side
    return tr._(
        "Duel in {area}: the {side} takes {amount} damage at once{because}.",
        area=d["area"],
        side=shown,
        amount=d["amount"],
        because=_because(d.get("why")),
    )


#: the sides of a duel or battle
SIDES = {"attacker": N_("attacker"), "defender": N_("defender")}


def _duel_round(d):
    tr = current_tr()
    damage, prevented = list(d.get("damage") or [0, 0]), list(d.get("prevented") or [0, 0])
    hurt = []
    for k in range(2):
        taken = damage[k] if k < len(damage) else 0
        stopped = prevented[k] if k < len(prevented) else 0
        shown = tr._("{n} damage", n=taken) if taken else tr._("none")
        hurt.append(tr._("{damage} ({prevented} prevented)", damage=shown, prevented=stopped) if stopped else shown)
    return tr._(
        "Duel in {area}, round {round}: the attacker takes {attacker}, the defender {defender}.",
        area=d["area"],
        round=d["round"],
        attacker=hurt[0],
        defender=hurt[1],
    )


def _duel_started(d):
    tr = current_tr()
    attacker = tr._("{hero} of {owner}", hero=name(d["attacker"]), owner=who(d.get("attacker_seat")))
    if d.get("monster"):
        quest = tr._(" of the quest {quest}", quest=name(d["quest"])) if d.get("quest") else ""
        led = tr._(", led by {seat}", seat=who(d["controller"])) if d.get("controller") is not None else ""
        return tr._(
            "Duel in {area}: {attacker} fights the {monster}{quest}{led}.",
            area=d["area"],
            attacker=attacker,
            monster=name(d["monster"]),
            quest=quest,
            led=led,
        )
    defender = tr._("{hero} of {owner}", hero=name(d.get("defender")), owner=who(d.get("defender_seat")))
    return tr._("Duel in {area}: {attacker} challenges {defender}.", area=d["area"], attacker=attacker, defender=defender)


def _duel_ended(d):
    tr = current_tr()
    lost = d.get("defeated") or {}
    fallen = [side for side in ("attacker", "defender") if lost.get(side)]
    if len(fallen) == 2:
        result = tr._("both sides are defeated")
    elif fallen:
        result = tr._("the {side} is defeated", side=tr._(SIDES[fallen[0]]))
    else:
        result = tr._("nobody is defeated")
    rounds = tr.ngettext("{n} round", "{n} rounds", d.get("rounds") or 0)
    return tr._("The duel in {area} ended after {rounds}: {result}.", area=d["area"], rounds=rounds, result=result)


def _exploration_removed(d):
    tr = current_tr()
    if d.get("seat") is not None:
        return tr._("{seat} destroys the {token} in {area}.", seat=who(d["seat"]), token=token(d["token"]), area=d["area"])
    return tr._("The {token} token in {area} is resolved and removed.", token=token(d["token"]), area=d["area"])


def _exploration_revealed(d):
    tr = current_tr()
    kind = tr._(TOKEN_KINDS[d.get("type")]) if d.get("type") in TOKEN_KINDS else name(d.get("type"))
    return tr._(
        "{hero} turns over the exploration token in {area}: {token}, {kind}.",
        hero=hero(d),
        area=d["area"],
        token=token(d["token"]),
        kind=kind,
    )


def _exploration_tokens_placed(d):
    tr = current_tr()
    areas = d.get("areas") or {}
    backs = {}
    for area, back in areas.items():
        backs.setdefault(back, []).append(area)
    shown = "; ".join(
        tr._("back {back}: {areas}", back="I" * int(b) if str(b).isdigit() else b, areas=", ".join(a))
        for b, a in sorted(backs.items())
    )
    where_ = tr.ngettext("{n} area", "{n} areas", len(areas))
    return tr._("Exploration tokens lie face down in {areas} ({backs}).", areas=where_, backs=shown)


def _fate_drawn(d):
    tr = current_tr()
    cards = d.get("cards") or []
    numbers = listing(str(_tables()["fate_numbers"].get(c, name(c))) for c in cards)
    seat = who(d["seat"])
    if d.get("why") == "diplomacy" and d.get("area"):
        return tr.ngettext(
            "{seat} draws fate card {cards} for diplomacy in {area}.",
            "{seat} draws fate cards {cards} for diplomacy in {area}.",
            len(cards),
            seat=seat,
            cards=numbers,
            area=d["area"],
        )
    because = _because(d.get("why"))
    return tr.ngettext(
        "{seat} draws fate card {cards}{because}.",
        "{seat} draws fate cards {cards}{because}.",
        len(cards),
        seat=seat,
        cards=numbers,
        because=because,
    )


def _hero_disloyal(d):
    tr = current_tr()
    lost = d.get("rewards_discarded") or []
    values = {"hero": hero(d), "area": d.get("area"), "because": _because(d.get("why"))}
    if lost:
        return tr.ngettext(
            "{hero} turns disloyal and leaves the board in {area}{because}; {rewards} is discarded.",
            "{hero} turns disloyal and leaves the board in {area}{because}; {rewards} are discarded.",
            len(lost),
            rewards=listing(map(name, lost)),
            **values,
        )
    return tr._("{hero} turns disloyal and leaves the board in {area}{because}.", **values)


def _hero_removed(d):
    tr = current_tr()
    if d.get("why") == "eliminated":
        return tr._("{hero} leaves the board with its eliminated player.", hero=hero(d))
    return tr._("{hero} leaves the board{because}.", hero=hero(d), because=_because(d.get("why")))


def _hero_retreated(d):
    path = " → ".join(map(str, d.get("path") or []))
    return current_tr()._("{hero} retreats {path}{because}.", hero=hero(d), path=path, because=_because(d.get("why")))


def _home_placed(d):
    tr = current_tr()
    if d.get("guide"):
        place = tr._(" over the guide on {cells}", cells=cells(d["guide"]))
    else:
        place = " " + where(d.get("q"), d.get("r"))
    return tr._(
        "{seat} lays its home realm{place}, {rotation}.", seat=who(d["seat"]), place=place, rotation=rotated(d.get("rotation"))
    )


def _lasting_effects_ended(d):
    tr = current_tr()
    cards = d.get("cards") or []
    until = d.get("until", "season")
    shown = tr._(UNTIL[until]) if until in UNTIL else name(until)
    return tr.ngettext(
        "{cards} no longer applies (end of the {until}).",
        "{cards} no longer apply (end of the {until}).",
        len(cards),
        cards=listing(map(name, cards)),
        until=shown,
    )


#: what a lasting effect lasts until the end of
UNTIL = {"season": N_("season"), "round": N_("round"), "turn": N_("turn"), "battle": N_("battle"), "year": N_("year")}


def _map_redo(d):
    tr = current_tr()
    steps = list(d.get("steps") or [])
    if steps == [4, 5]:
        what = tr._("the guides and home realms are taken back to be placed again (p. 8, steps 4-5)")
    else:
        what = tr._("the tiles are taken back to be placed again (p. 8, step 3)")
    if d.get("why"):
        return tr._("The map cannot be finished ({why}): {what}.", why=_seats_named(d["why"]), what=what)
    return tr._("The map cannot be finished: {what}.", what=what)


def _seats_named(text: Any) -> str:
    """An engine's free text with its seats ("seat 1") named as the lines name players."""
    return re.sub(r"\bseat (\d+)\b", lambda m: who(int(m.group(1))), str(text))


def _must_retreat(d):
    tr = current_tr()
    page = str(d.get("rule") or "").split(" (")[0]
    if page.startswith("p."):
        return tr._(
            "{seat} must retreat from {area}: one Mobilize card allows only one battle ({page}).",
            seat=who(d["seat"]),
            area=d["area"],
            page=page,
        )
    return tr._("{seat} must retreat from {area}: one Mobilize card allows only one battle.", seat=who(d["seat"]), area=d["area"])


def _orders_revealed(d):
    tr = current_tr()
    orders = d.get("orders") or {}
    shown = ", ".join(tr._("{seat} {order}", seat=who(s), order=order(n)) for s, n in orders.items())
    return tr._("Orders revealed: {orders}.", orders=shown)


def _reward_discarded(d):
    tr = current_tr()
    reason = d.get("why")
    if reason == "used":
        return tr._("{hero} discards {reward} after using it.", hero=hero(d), reward=name(d["reward"]))
    if reason == "bandits":
        return tr._("{hero} gives up {reward} to the Bandits.", hero=hero(d), reward=name(d["reward"]))
    return tr._("{hero} discards {reward}{because}.", hero=hero(d), reward=name(d["reward"]), because=_because(reason))


#: where taken reward cards come from (event ``rewards_taken``)
TAKEN_FROM = {
    "trade": N_(" in a trade"),
    "duel": N_(" from the hero it defeated"),
    "defeated_hero_token": N_(" from a defeated-hero token"),
}


def _rewards_taken(d):
    tr = current_tr()
    face_up = d.get("face_up") or []
    shown = tr._(" (face up: {cards})", cards=listing(map(name, face_up))) if face_up else ""
    how = tr._(TAKEN_FROM[d.get("why")]) if d.get("why") in TAKEN_FROM else _because(d.get("why"))
    rewards = tr.ngettext("{n} reward card", "{n} reward cards", d.get("count") or 0)
    return tr._("{hero} takes {rewards}{shown}{how}.", hero=hero(d), rewards=rewards, shown=shown, how=how)


def _rune_returned(d):
    return current_tr()._(
        "{seat}’s {rune} goes back to the supply: there is no area left for it.", seat=who(d["seat"]), rune=rune(d.get("rune"))
    )


def _scroll_seen(d):
    tr = current_tr()
    seen = []
    if d.get("rune"):
        seen.append(tr._("a {rune}", rune=rune(d["rune"])))
    if d.get("exploration"):
        seen.append(tr._("the exploration token {token}", token=token(d["exploration"])))
    if seen:
        return tr._("The scroll shows you in {area}: {seen}.", area=d["area"], seen=listing(seen))
    return tr._("Nothing lies hidden in {area}.", area=d["area"])


def _starting_heroes_dealt(d):
    tr = current_tr()
    heroes = d.get("heroes") or {}
    shown = ", ".join(tr._("{seat} {hero}", seat=who(s), hero=name(h)) for s, h in heroes.items())
    return tr._("Starting heroes: {heroes}.", heroes=shown)


def _tactics_discarded(d):
    cards = d.get("cards") or []
    return current_tr()._(
        "{seat} discards {cards}{because}.", seat=who(d["seat"]), cards=listing(map(name, cards)), because=_because(d.get("why"))
    )


def _test_drawn(d):
    symbols = d.get("symbols") or {}
    cards = [f"{fate(c)} ({fate_symbol(symbols[c])})" if c in symbols else fate(c) for c in d.get("cards") or []]
    return current_tr()._(
        "{hero} draws for the {test} test of {quest}: {cards}.",
        hero=hero(d),
        test=trait(d.get("test")),
        quest=name(d.get("quest")),
        cards=listing(cards),
    )


def _test_chosen(d):
    symbol = f" ({fate_symbol(d['symbol'])})" if d.get("symbol") else ""
    return current_tr()._(
        "{hero} keeps {card} for {quest}.", hero=hero(d), card=fate(d["card"]) + symbol, quest=name(d.get("quest"))
    )


def _test_extra_cards(d):
    tr = current_tr()
    reason = tr._("the hero's own ability") if d.get("why") == d.get("hero") else why(d.get("why"))
    return tr.ngettext(
        "{hero} draws {n} more fate card for the test ({reason}).",
        "{hero} draws {n} more fate cards for the test ({reason}).",
        d["amount"],
        hero=name(d["hero"]),
        reason=reason,
    )


def _tile_placed(d):
    return current_tr()._(
        "{seat} places {tile} {where}, {rotation}.",
        seat=who(d["seat"]),
        tile=tile(d["tile"]),
        where=where(d.get("q"), d.get("r")),
        rotation=rotated(d.get("rotation")),
    )


def _title_benefit(d):
    tr = current_tr()
    when = tr._(" as a Council of Mages card is drawn") if d.get("when") == "council_card" else _because(d.get("when"))
    return tr._("{seat} gains the benefit of the title {title}{when}.", seat=who(d["seat"]), title=name(d["title"]), when=when)


def _units_stood_up(d):
    return current_tr()._(
        "{units} of {seat} in {area} stand up{because}.",
        units=units(d.get("units") or {}),
        seat=who(d["seat"]),
        area=d["area"],
        because=_because(d.get("why")),
    )


def _units_taken_to_recruit(d):
    tr = current_tr()
    unit = name(d["unit"])
    taken = listing(tr._("{count} × {unit} from {area}", count=n, unit=unit, area=a) for a, n in (d.get("areas") or {}).items())
    return tr._("{seat} takes back {units} to recruit them.", seat=who(d["seat"]), units=taken)


#: the traits of a hero (a test's, a training's)
TRAITS_SHOWN = {"strength": N_("strength"), "agility": N_("agility"), "wisdom": N_("wisdom")}


def trait(value: Any) -> str:
    return current_tr()._(TRAITS_SHOWN[value]) if value in TRAITS_SHOWN else name(value)


#: event kind -> its line, built from the event's data (a KeyError falls back to the template or the generic line)
PHRASES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "activation_removed": _activation_removed,
    "battle_cards": _battle_cards,
    "bonus_lost": _bonus_lost,
    "defeated_hero_token": _defeated_hero_token,
    "development_not_possible": _development_not_possible,
    "dials_set": _dials_set,
    "dragon_rune_placed": _dragon_rune_placed,
    "duel_cards": _duel_cards,
    "duel_damage": _duel_damage,
    "duel_ended": _duel_ended,
    "duel_round": _duel_round,
    "duel_started": _duel_started,
    "exploration_removed": _exploration_removed,
    "exploration_revealed": _exploration_revealed,
    "exploration_tokens_placed": _exploration_tokens_placed,
    "fate_drawn": _fate_drawn,
    "hero_disloyal": _hero_disloyal,
    "hero_removed": _hero_removed,
    "hero_retreated": _hero_retreated,
    "home_placed": _home_placed,
    "lasting_effects_ended": _lasting_effects_ended,
    "map_redo": _map_redo,
    "must_retreat": _must_retreat,
    "orders_revealed": _orders_revealed,
    "reward_discarded": _reward_discarded,
    "rewards_taken": _rewards_taken,
    "rune_returned": _rune_returned,
    "scroll_seen": _scroll_seen,
    "starting_heroes_dealt": _starting_heroes_dealt,
    "tactics_discarded": _tactics_discarded,
    "test_chosen": _test_chosen,
    "test_drawn": _test_drawn,
    "test_extra_cards": _test_extra_cards,
    "tile_placed": _tile_placed,
    "title_benefit": _title_benefit,
    "units_stood_up": _units_stood_up,
    "units_taken_to_recruit": _units_taken_to_recruit,
}


def _false_runes_discarded(d):
    areas = list(d.get("areas") or [])
    return current_tr().ngettext(
        "{seat} discards the false rune in {areas}.",
        "{seat} discards the false runes in {areas}.",
        len(areas),
        seat=who(d["seat"]),
        areas=listing(areas),
    )


def _quest_result(d):
    tr = current_tr()
    if d.get("completed"):
        return tr._("{hero}: {quest} completed.", hero=hero(d), quest=name(d["quest"]))
    return tr._("{hero}: {quest} not completed.", hero=hero(d), quest=name(d["quest"]))


def _units_placed(d):
    tr = current_tr()
    placed = (
        ", ".join(f"{a} ({n})" for a, n in (d.get("areas") or {}).items())
        if isinstance(d.get("areas"), Mapping)
        else listing(d.get("areas") or [])
    )
    because = _because(d.get("why"))
    if d.get("seat") is None:
        allied = tr._(", allied with {ally}", ally=who(d["ally"])) if d.get("ally") is not None else ""
        return tr._(
            "Neutral {unit} are placed in {areas}{allied}{because}.",
            unit=name(d["unit"]),
            areas=placed,
            allied=allied,
            because=because,
        )
    return tr._(
        "{seat} placed {unit} in {areas}{because}.", seat=who(d["seat"]), unit=name(d["unit"]), areas=placed, because=because
    )


def _hero_moved(d):
    tr = current_tr()
    path = [str(a) for a in d.get("path") or []]
    paid = tr._(", paying {amount} influence", amount=d["influence_paid"]) if d.get("influence_paid") else ""
    if len(path) == 1:  # the path starts where the hero stood
        return tr._("{hero} stays in {area}{paid}.", hero=hero(d), area=path[0], paid=paid)
    return tr._("{hero} moved {path}{paid}.", hero=hero(d), path=" → ".join(path), paid=paid)


def _recruit_not_possible(d):
    tr = current_tr()
    if d.get("reason"):
        reason = name(d["reason"]).replace("your ", "its ")  # the engine's own words (English; issue 31: a later session)
    else:
        reason = tr._("nothing to recruit")
    return tr._("{seat} cannot recruit: {reason}.", seat=who(d["seat"]), reason=reason)


PHRASES["false_runes_discarded"] = _false_runes_discarded
PHRASES["recruit_not_possible"] = _recruit_not_possible
PHRASES["hero_moved"] = _hero_moved
PHRASES["quest_result"] = _quest_result
PHRASES["units_placed"] = _units_placed


def runes(value: Mapping[str, Any]) -> str:
    """Rune tokens by area, ``{"10C": "dragon", "2D": "false"}``: "dragon runes in 10C; false runes in 2D"."""
    kinds: dict[str, list[str]] = {}
    for area, kind in value.items():
        kinds.setdefault(kind, []).append(area)
    tr = current_tr()
    shown = [
        tr.ngettext("{rune} in {areas}", "{rune}s in {areas}", len(a), rune=rune(k), areas=listing(a)) for k, a in kinds.items()
    ]
    return "; ".join(shown) or tr._("none")


# -------------------------------------------------------------------- answers


TRAITS = ("strength", "agility", "wisdom")
#: labels of answers with a single area, by choice (the rest read "Choice: area")
AREA_LABELS = {
    "look": N_("Look at {area}"),
    "build": N_("Build a stronghold in {area}"),
    "repair": N_("Repair the stronghold in {area}"),
    "demolish": N_("Demolish your stronghold in {area}"),
    "activate": N_("Activate {area}"),
    "place": N_("Place in {area}"),
    "stronghold": N_("Stronghold in {area}"),
    "dragon_rune": N_("Dragon rune in {area}"),
    "false_rune": N_("False rune in {area}"),
    "choose": "{area}",
    "remove_location": N_("Destroy the location in {area}"),
    "retreat": N_("Retreat to {area}"),
}
ABILITY_MODES = {
    "use": N_("Use the ability"),
    "skip": N_("Do not use it"),
    "rout": N_("Rout"),
    "damage": N_("Damage"),
    "triangles": N_("Rout triangle units"),
    "rectangle": N_("Rout a rectangle unit"),
    "retreat": N_("Send back"),
    "eliminate": N_("Eliminate"),
}


def figure(f: Mapping[str, Any]) -> str:
    """One battle figure, ``{unit, damage, routed}``: "Giants (1 damage, routed)"."""
    tr = current_tr()
    state = ([tr._("{n} damage", n=f["damage"])] if f.get("damage") else []) + ([tr._("routed")] if f.get("routed") else [])
    return name(f.get("unit")) + (f" ({', '.join(state)})" if state else "")


def _trained(traits: Mapping[str, int]) -> str:
    return ", ".join(f"{trait(t)} +{n}" for t, n in traits.items())


def label(choice: str, a: Mapping[str, Any]) -> str | None:
    """The label of an answer ``choice`` with arguments ``a`` (None: the narrator's general forms)."""
    keys = set(a)
    tr = current_tr()
    if {"from", "unit", "count"} <= keys:
        if "to" in a:
            return tr._(
                "{count} × {unit} {origin} → {destination}",
                count=a["count"],
                unit=name(a["unit"]),
                origin=a["from"],
                destination=a["to"],
            )
        return tr._("{count} × {unit} from {area}", count=a["count"], unit=name(a["unit"]), area=a["from"])
    if keys == {"area"} and choice in AREA_LABELS:
        return tr._(AREA_LABELS[choice], area=a["area"])
    if keys == {"area", "from"} and choice == "build":
        return tr._("Build a stronghold in {area} (moving the one in {origin})", area=a["area"], origin=a["from"])
    if keys == {"area", "unit"} or keys == {"area", "owner", "unit"}:
        if "owner" not in keys:
            return tr._("{unit} in {area}", unit=name(a["unit"]), area=a["area"])
        if a["owner"] is None:
            return tr._("{unit} in {area} (neutral)", unit=name(a["unit"]), area=a["area"])
        return tr._("{unit} in {area} of {owner}", unit=name(a["unit"]), area=a["area"], owner=who(a["owner"]))
    if keys == {"area", "development"}:
        return tr._("Build {development} in {area}", development=name(a["development"]), area=a["area"])
    if keys == {"areas"} and choice == "move_runes":
        return tr._("Move the runes of {areas}", areas=listing(a["areas"]))
    if keys == {"areas"} and choice == "discard":
        return tr.ngettext(
            "Discard the false rune in {areas}", "Discard the false runes in {areas}", len(a["areas"]), areas=listing(a["areas"])
        )
    if choice == "place" and "areas" in keys and isinstance(a["areas"], Mapping):
        placed = ", ".join(tr._("{count} in {area}", count=n, area=area) for area, n in a["areas"].items()) or tr._("Place none")
        taken = a.get("take") or {}
        if not taken:
            return placed
        taking = ", ".join(tr._("{count} from {area}", count=n, area=area) for area, n in taken.items())
        return tr._("{placed} (taking {taken})", placed=placed, taken=taking)
    if choice == "place" and keys <= {"dragon", "false"}:
        return cap(
            ", ".join(
                tr._("{rune} in {area}", rune=rune(k), area=v) if v else tr._("{rune} back to the supply", rune=rune(k))
                for k, v in a.items()
            )
        )
    if keys == {"cards"}:
        if choice == "discard":
            return tr._("Discard {cards}", cards=listing(map(name, a["cards"])))
        return f"{cap(name(choice))} {listing(map(name, a['cards']))}"
    if keys == {"card"}:
        if str(a["card"]).startswith("fate-"):
            return cap(fate(a["card"], symbol=True))
        if choice == "use" and a["card"] in _tables()["heroes"]:
            return tr._("Use the ability of {hero}", hero=name(a["card"]))
        if choice == "play":
            return tr._("Play {card}", card=name(a["card"]))
        if choice == "use":
            return tr._("Use {card}", card=name(a["card"]))
        return cap(name(choice)) + " " + name(a["card"])
    if keys == {"reward"}:
        if choice == "discard":
            return tr._("Discard {reward}", reward=name(a["reward"]))
        return tr._("Use {card}", card=name(a["reward"]))
    if keys == {"reward", "hero"} and choice == "give":
        return tr._("{reward} to {hero}", reward=name(a["reward"]), hero=name(a["hero"]))
    if keys == {"reward", "to"}:
        return tr._("Give {reward} to {hero}", reward=name(a["reward"]), hero=name(a["to"]))
    if keys == {"reward", "from"}:
        return tr._("Take {reward} from {hero}", reward=name(a["reward"]), hero=name(a["from"]))
    if keys == {"reward", "from", "to"}:
        return f"{name(a['reward'])}: {name(a['from'])} → {name(a['to'])}"
    if keys == {"hero", "reward"}:
        return tr._("{hero} uses {reward}", hero=name(a["hero"]), reward=name(a["reward"]))
    if keys == {"hero", "token"}:
        return tr._("{hero} picks up token {token}", hero=name(a["hero"]), token=a["token"])
    if keys == {"hero", "to"}:
        return f"{name(a['hero'])} → {a['to']}"
    if keys == {"hero", "traits"}:
        return tr._("{hero} trains {traits}", hero=name(a["hero"]), traits=_trained(a["traits"]))
    if keys == {"hero", "path"}:
        path = list(a["path"] or [])
        if not path:
            return tr._("{hero} stays and ventures here", hero=name(a["hero"]))
        if len(path) > 1:
            return tr._(
                "{hero} moves to {area} via {path}", hero=name(a["hero"]), area=path[-1], path=", ".join(map(str, path[:-1]))
            )
        return tr._("{hero} moves to {area}", hero=name(a["hero"]), area=path[-1])
    if keys == {"hero"}:
        shown = name(a["hero"])
        if choice == "rest":
            return tr._("{hero} rests", hero=shown)
        if choice == "heal":
            return tr._("{hero} heals", hero=shown)
        if choice == "keep":
            return tr._("Keep {hero}", hero=shown)
        return shown
    if keys == {"trait"}:
        return tr._("Train {trait}", trait=trait(a["trait"]))
    if keys == {"target"}:
        return tr._("Duel {target}", target=name(a["target"]))
    if keys == {"quest"}:
        return tr._("Quest: {quest}", quest=name(a["quest"]))
    if keys == {"influence"} and choice == "spend" or keys == {"amount"} and choice == "spend":
        return tr._("Spend {amount} influence", amount=a.get("influence", a.get("amount")))
    if keys == {"amount"} and choice == "bid":
        return tr._("Bid {amount}", amount=a["amount"])
    if keys == {"seat"}:
        return cap(seat(a["seat"]))
    if keys == {"title", "influence"}:
        return tr._("{title} for {amount} influence", title=name(a["title"]), amount=a["influence"])
    if keys == {"benefit"}:
        return tr._(BENEFITS[a["benefit"]]) if a["benefit"] in BENEFITS else cap(name(a["benefit"]))
    if keys == {"resource"}:
        resource = tr._(RESOURCES[a["resource"]]) if a["resource"] in RESOURCES else a["resource"]
        if choice == "raise":
            return tr._("Raise {resource}", resource=resource)
        return tr._("Recruit with {resource}", resource=resource)
    if keys == {"resource", "second"}:
        first, second = (tr._(RESOURCES[r]) if r in RESOURCES else r for r in (a["resource"], a["second"]))
        return tr._("Recruit with {resource} and {second}", resource=first, second=second)
    if keys == {"to"}:
        return tr._("Retreat to {area}", area=a["to"]) if choice == "retreat" else tr._("To {area}", area=a["to"])
    if choice == "ability" and "mode" in keys:
        targets = [figure(t) for t in a.get("targets") or [] if isinstance(t, Mapping)]
        mode = tr._(ABILITY_MODES[a["mode"]]) if a["mode"] in ABILITY_MODES else cap(name(a["mode"]))
        return mode + (f": {listing(targets)}" if targets else "")
    if choice == "assign" and "unit" in keys:
        return figure(a)
    if keys == {"unit"}:
        return tr._("Draw for {unit}", unit=name(a["unit"])) if choice == "draw" else name(a["unit"])
    if choice == "tile" and {"tile", "q", "r"} <= keys:
        return tr._(
            "{tile} {where}, {rotation}", tile=tile(a["tile"]), where=where(a["q"], a["r"]), rotation=rotated(a.get("rotation"))
        )
    if choice == "home" and {"q", "r"} <= keys:
        return tr._("Home realm {where}, {rotation}", where=where(a["q"], a["r"]), rotation=rotated(a.get("rotation")))
    if keys == {"cells"}:
        return tr._("Guide on {cells}", cells=cells(a["cells"]))
    return None


#: answers without arguments whose bare choice reads poorly
PLAIN = {
    "none": N_("None"),
    "damage": N_("Take the damage"),
    "pass": N_("Pass"),
    "heroes": N_("Heroes act"),
    "claim": N_("Claim an objective"),
    "proceed": N_("Go on"),
    "buy": N_("Buy a reward"),
    "draw": N_("Draw"),
    "skip": N_("Skip"),
    "done": N_("Done"),
    "end_turn": N_("End turn"),
    "decline": N_("Decline"),
    "battle": N_("Battle"),
    "diplomacy": N_("Diplomacy"),
    "influence": N_("Influence"),
    "tactics": N_("Tactics"),
    "retreat": N_("Retreat"),
    "fight": N_("Fight"),
    "negotiate": N_("Negotiate"),
    "keep": N_("Keep"),
    "swap": N_("Swap"),
    "destroy": N_("Destroy"),
    "demolish": N_("Demolish"),
    "finish": N_("Finish"),
    "accept": N_("Accept"),
    "use": N_("Use"),
    "take": N_("Take"),
}
#: the same where the prompt tells them apart, by a part of the prompt's id (armor, special icon, bandits)
PLAIN_IN = {
    ("duel_armor", "none"): N_("No armor"),
    ("duel_special", "damage"): N_("Deal 1 damage"),
    ("bandits", "damage"): N_("Take 1 more damage"),
    ("venture", "none"): N_("Neither"),
    ("training", "skip"): N_("No training"),
    ("effect", "none"): N_("Choose nothing"),
    ("leave_peasant", "leave"): N_("Leave a peasant token"),
    ("leave_peasant", "keep"): N_("Keep it for later"),
    ("commander_follows", "follow"): N_("Go with the army"),
    ("commander_follows", "stay"): N_("Stay behind"),
}


def plain(choice: str, prompt_id: str) -> str:
    """The label of an answer without arguments."""
    tr = current_tr()
    for part in str(prompt_id).split("/"):
        if (part, choice) in PLAIN_IN:
            return tr._(PLAIN_IN[part, choice])
    return tr._(PLAIN[choice]) if choice in PLAIN else cap(choice.replace("_", " "))
