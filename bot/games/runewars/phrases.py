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
_LOADED: dict[str, dict[Any, str]] | None = None
_FAILED_AT: float | None = None
RETRY_SECONDS = 60.0


def _tables() -> dict[str, dict[Any, str]]:
    """``names`` (id -> English name), ``tile_numbers``, ``tokens`` (exploration token -> name),
    ``orders`` (number -> name), ``symbols`` (fate card -> symbol) and ``heroes`` (hero cards)."""
    global _LOADED, _FAILED_AT
    if _LOADED is not None:
        return _LOADED
    empty: dict[str, dict[Any, str]] = {
        k: {} for k in ("names", "tile_numbers", "tokens", "orders", "symbols", "heroes", "start_influence")
    }
    if _FAILED_AT is not None and time.monotonic() - _FAILED_AT < RETRY_SECONDS:
        return empty
    try:
        from engine.runewars.game import GAME

        GAME.load_ruleset()  # the pack's cards are checked against the ruleset's effects
        _LOADED = _read(GAME.load_pack({}))
    except Exception:  # names are a nicety: the ids still read
        _FAILED_AT = time.monotonic()
        return empty
    return _LOADED


def _read(pack) -> dict[str, dict[Any, str]]:
    tiles = list(pack.tiles.values() if isinstance(pack.tiles, Mapping) else pack.tiles)
    orders = list(pack.orders.values() if isinstance(pack.orders, Mapping) else pack.orders)
    names: dict[Any, str] = {uid: u.name_en for uid, u in pack.units.items()}
    names.update({fid: fid.capitalize() for fid in pack.factions})
    names.update({c.id: card_name(c) for cards in pack.cards.values() for c in cards})
    names.update({d.id: d.name_en for d in pack.developments})
    names.update({t.id: t.name for t in tiles})
    names.update({o.id: o.name_en for o in orders})
    names.update({f.id: f"fate card {f.number}" for f in pack.fate_cards})
    return {
        "names": names,
        "tile_numbers": {t.id: str(t.number) for t in tiles},
        "tokens": {t.id: t.name_en for t in pack.exploration_tokens},
        "orders": {o.number: o.name_en for o in orders},
        "symbols": {f.id: f.symbol for f in pack.fate_cards},
        "heroes": {c.id: card_name(c) for c in pack.cards.get("hero", ())},
        "start_influence": {fid: str(f.start_influence) for fid, f in pack.factions.items()},
    }


def card_name(card) -> str:
    """A card's English name (the data's ``name``), else its German one, else its id."""
    return card.attrs.get("name") or card.name_en or card.name_de or card.id


def name(value: Any) -> str:
    """The English name of a unit, faction, card, development, tile, order card or fate card;
    any other text with its underscores as spaces (``battle_or_retreat``: "battle or retreat")."""
    if not isinstance(value, str):
        return str(value)
    found = _tables()["names"].get(value)
    return found if found is not None else value.replace("_", " ")


def token(value: Any) -> str:
    """An exploration token's name (``scroll_of_knowledge``: "Scroll of Knowledge")."""
    return _tables()["tokens"].get(value) or name(value)


def order(number: Any) -> str:
    """An order card by its number: "Harvest (4)"."""
    found = _tables()["orders"].get(number)
    return f"{found} ({number})" if found else f"order {number}"


def order_label(number: Any) -> str:
    """An order card as a button or a hand shows it: "2 · Mobilize" (number, then name)."""
    found = _tables()["orders"].get(number)
    return f"{number} · {found}" if found else f"Order {number}"


def start_influence(faction: Any) -> int | None:
    """A faction's starting influence (printed on its faction sheet), the last tie-break (p. 30)."""
    found = _tables()["start_influence"].get(faction)
    return int(found) if found is not None else None


def fate(card: Any, symbol: bool = False) -> str:
    """A fate card as the table says it ("fate card 7"), with its symbol if asked (printed on the card)."""
    shown = name(card)
    colour = _tables()["symbols"].get(card) if symbol else None
    return f"{shown} ({colour})" if colour else shown


def tile(tile_id: Any) -> str:
    """A map tile by name and number: "Thornwood (tile 3)"."""
    number = _tables()["tile_numbers"].get(tile_id)
    return f"{name(tile_id)} (tile {number})" if number else name(tile_id)


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
    line = f"Defeated-hero token {d['number']} is laid in {d['area']}, holding {count(d.get('rewards', 0), 'reward card')}"
    face_up = d.get("face_up") or []
    return line + (f" (face up: {listing(map(name, face_up))})." if face_up else ".")


def _development_not_possible(d):
    reasons = {
        "wood": "its wood dial is too low",
        "no_site": "no friendly area with its stronghold is free of developments",
        "no_tile": "no development of its faction is left",
    }
    return f"{who(d['seat'])} cannot build a development: {reasons.get(d.get('reason'), name(d.get('reason')))}."


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
    return f"{who(d['seat'])} places a rune token in {d['area']}{_because(d.get('why'))}."


def _duel_cards(d):
    drawn = [f"{fate(c)} ({section(s)})" for c, s in zip(d.get("cards", []), d.get("sections", []))]
    sides = [f"the attacker draws {drawn[0]}"] + [f"the defender {x}" for x in drawn[1:2]] if drawn else ["no cards"]
    return f"Duel in {d['area']}, round {d['round']}: {', '.join(sides)}."


def _duel_damage(d):
    side = {0: "attacker", 1: "defender"}.get(d.get("side"), str(d.get("side")))
    return f"Duel in {d['area']}: the {side} takes {d['amount']} damage at once{_because(d.get('why'))}."


def _duel_round(d):
    damage, prevented = list(d.get("damage") or [0, 0]), list(d.get("prevented") or [0, 0])
    parts = []
    for k in range(2):
        taken = damage[k] if k < len(damage) else 0
        stopped = prevented[k] if k < len(prevented) else 0
        hurt = f"{taken} damage" if taken else "none"
        parts.append(
            ("the attacker takes " if k == 0 else "the defender ") + hurt + (f" ({stopped} prevented)" if stopped else "")
        )
    return f"Duel in {d['area']}, round {d['round']}: {', '.join(parts)}."


def _duel_started(d):
    attacker = f"{name(d['attacker'])} of {who(d.get('attacker_seat'))}"
    if d.get("monster"):
        quest = f" of the quest {name(d['quest'])}" if d.get("quest") else ""
        led = f", led by {who(d['controller'])}" if d.get("controller") is not None else ""
        return f"Duel in {d['area']}: {attacker} fights the {name(d['monster'])}{quest}{led}."
    return f"Duel in {d['area']}: {attacker} challenges {name(d.get('defender'))} of {who(d.get('defender_seat'))}."


def _duel_ended(d):
    lost = d.get("defeated") or {}
    fallen = [side for side in ("attacker", "defender") if lost.get(side)]
    result = "both sides are defeated" if len(fallen) == 2 else f"the {fallen[0]} is defeated" if fallen else "nobody is defeated"
    return f"The duel in {d['area']} ended after {count(d.get('rounds'), 'round')}: {result}."


def _exploration_removed(d):
    if d.get("seat") is not None:
        return f"{who(d['seat'])} destroys the {token(d['token'])} in {d['area']}."
    return f"The {token(d['token'])} token in {d['area']} is resolved and removed."


def _exploration_revealed(d):
    kind = TOKEN_KINDS.get(d.get("type"), name(d.get("type")))
    return f"{hero(d)} turns over the exploration token in {d['area']}: {token(d['token'])}, {kind}."


def _exploration_tokens_placed(d):
    areas = d.get("areas") or {}
    backs = {}
    for area, back in areas.items():
        backs.setdefault(back, []).append(area)
    shown = "; ".join(f"back {'I' * int(b) if str(b).isdigit() else b}: {', '.join(a)}" for b, a in sorted(backs.items()))
    return f"Exploration tokens lie face down in {count(len(areas), 'area')} ({shown})."


def _fate_drawn(d):
    cards = d.get("cards") or []
    numbers = [name(c).removeprefix("fate card ") for c in cards]
    context = ""
    if d.get("why") == "diplomacy" and d.get("area"):
        context = f" for diplomacy in {d['area']}"
    elif d.get("why"):
        context = f" ({why(d['why'])})"
    return f"{who(d['seat'])} draws {'fate card' if len(cards) == 1 else 'fate cards'} {listing(numbers)}{context}."


def _hero_disloyal(d):
    line = f"{hero(d)} turns disloyal and leaves the board in {d.get('area')}{_because(d.get('why'))}"
    lost = d.get("rewards_discarded") or []
    return line + (f"; {listing(map(name, lost))} {'is' if len(lost) == 1 else 'are'} discarded." if lost else ".")


def _hero_removed(d):
    if d.get("why") == "eliminated":
        return f"{hero(d)} leaves the board with its eliminated player."
    return f"{hero(d)} leaves the board{_because(d.get('why'))}."


def _hero_retreated(d):
    path = " → ".join(map(str, d.get("path") or []))
    return f"{hero(d)} retreats {path}{_because(d.get('why'))}."


def _home_placed(d):
    guide = f" over the guide on {cells(d['guide'])}" if d.get("guide") else f" {where(d.get('q'), d.get('r'))}"
    return f"{who(d['seat'])} lays its home realm{guide}, {rotated(d.get('rotation'))}."


def _lasting_effects_ended(d):
    cards = d.get("cards") or []
    verb = "no longer applies" if len(cards) == 1 else "no longer apply"
    return f"{listing(map(name, cards))} {verb} (end of the {d.get('until', 'season')})."


def _map_redo(d):
    steps = list(d.get("steps") or [])
    what = (
        "the guides and home realms are taken back to be placed again (p. 8, steps 4-5)"
        if steps == [4, 5]
        else "the tiles are taken back to be placed again (p. 8, step 3)"
    )
    reason = f" ({_seats_named(d['why'])})" if d.get("why") else ""
    return f"The map cannot be finished{reason}: {what}."


def _seats_named(text: Any) -> str:
    """An engine's free text with its seats ("seat 1") named as the lines name players."""
    return re.sub(r"\bseat (\d+)\b", lambda m: who(int(m.group(1))), str(text))


def _must_retreat(d):
    page = str(d.get("rule") or "").split(" (")[0]
    return f"{who(d['seat'])} must retreat from {d['area']}: one Mobilize card allows only one battle" + (
        f" ({page})." if page.startswith("p.") else "."
    )


def _orders_revealed(d):
    orders = d.get("orders") or {}
    return "Orders revealed: " + ", ".join(f"{who(s)} {order(n)}" for s, n in orders.items()) + "."


def _reward_discarded(d):
    reason = d.get("why")
    if reason == "used":
        return f"{hero(d)} discards {name(d['reward'])} after using it."
    if reason == "bandits":
        return f"{hero(d)} gives up {name(d['reward'])} to the Bandits."
    return f"{hero(d)} discards {name(d['reward'])}{_because(reason)}."


def _rewards_taken(d):
    face_up = d.get("face_up") or []
    shown = f" (face up: {listing(map(name, face_up))})" if face_up else ""
    how = {"trade": " in a trade", "duel": " from the hero it defeated", "defeated_hero_token": " from a defeated-hero token"}
    return f"{hero(d)} takes {count(d.get('count'), 'reward card')}{shown}{how.get(d.get('why'), _because(d.get('why')))}."


def _rune_returned(d):
    return f"{who(d['seat'])}’s {rune(d.get('rune'))} goes back to the supply: there is no area left for it."


def _scroll_seen(d):
    seen = []
    if d.get("rune"):
        seen.append(f"a {rune(d['rune'])}")
    if d.get("exploration"):
        seen.append(f"the exploration token {token(d['exploration'])}")
    return f"The scroll shows you in {d['area']}: {listing(seen)}." if seen else f"Nothing lies hidden in {d['area']}."


def _starting_heroes_dealt(d):
    heroes = d.get("heroes") or {}
    return "Starting heroes: " + ", ".join(f"{who(s)} {name(h)}" for s, h in heroes.items()) + "."


def _tactics_discarded(d):
    cards = d.get("cards") or []
    return f"{who(d['seat'])} discards {listing(map(name, cards))}{_because(d.get('why'))}."


def _test_drawn(d):
    symbols = d.get("symbols") or {}
    cards = [f"{fate(c)} ({symbols[c]})" if c in symbols else fate(c) for c in d.get("cards") or []]
    return f"{hero(d)} draws for the {name(d.get('test'))} test of {name(d.get('quest'))}: {listing(cards)}."


def _test_chosen(d):
    symbol = f" ({d['symbol']})" if d.get("symbol") else ""
    return f"{hero(d)} keeps {fate(d['card'])}{symbol} for {name(d.get('quest'))}."


def _test_extra_cards(d):
    reason = "the hero's own ability" if d.get("why") == d.get("hero") else why(d.get("why"))
    return f"{name(d['hero'])} draws {d['amount']} more fate card{'s' if d['amount'] != 1 else ''} for the test ({reason})."


def _tile_placed(d):
    return f"{who(d['seat'])} places {tile(d['tile'])} {where(d.get('q'), d.get('r'))}, {rotated(d.get('rotation'))}."


def _title_benefit(d):
    when = " as a Council of Mages card is drawn" if d.get("when") == "council_card" else _because(d.get("when"))
    return f"{who(d['seat'])} gains the benefit of the title {name(d['title'])}{when}."


def _units_stood_up(d):
    return f"{units(d.get('units') or {})} of {who(d['seat'])} in {d['area']} stand up{_because(d.get('why'))}."


def _units_taken_to_recruit(d):
    unit = name(d["unit"])
    taken = listing(f"{n} × {unit} from {a}" for a, n in (d.get("areas") or {}).items())
    return f"{who(d['seat'])} takes back {taken} to recruit them."


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
    return f"{who(d['seat'])} discards the false rune{'s' if len(areas) != 1 else ''} in {listing(areas)}."


def _quest_result(d):
    done = "completed" if d.get("completed") else "not completed"
    return f"{hero(d)}: {name(d['quest'])} {done}."


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
    reason = name(d.get("reason") or "nothing to recruit").replace("your ", "its ")  # the engine says it to the player
    return f"{who(d['seat'])} cannot recruit: {reason}."


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
    state = ([f"{f['damage']} damage"] if f.get("damage") else []) + (["routed"] if f.get("routed") else [])
    return name(f.get("unit")) + (f" ({', '.join(state)})" if state else "")


def _trained(traits: Mapping[str, int]) -> str:
    return ", ".join(f"{t} +{n}" for t, n in traits.items())


def label(choice: str, a: Mapping[str, Any]) -> str | None:
    """The label of an answer ``choice`` with arguments ``a`` (None: the narrator's general forms)."""
    keys = set(a)
    tr = current_tr()
    if {"from", "unit", "count"} <= keys:
        way = f"{a['from']} → {a['to']}" if "to" in a else tr._("from {area}", area=a["from"])
        return f"{a['count']} × {name(a['unit'])} {way}"
    if keys == {"area"} and choice in AREA_LABELS:
        return current_tr()._(AREA_LABELS[choice], area=a["area"])
    if keys == {"area", "from"} and choice == "build":
        return f"Build a stronghold in {a['area']} (moving the one in {a['from']})"
    if keys == {"area", "unit"} or keys == {"area", "owner", "unit"}:
        owner = "" if "owner" not in keys else " (neutral)" if a["owner"] is None else f" of {who(a['owner'])}"
        return f"{name(a['unit'])} in {a['area']}{owner}"
    if keys == {"area", "development"}:
        return tr._("Build {development} in {area}", development=name(a["development"]), area=a["area"])
    if keys == {"areas"} and choice == "move_runes":
        return f"Move the runes of {listing(a['areas'])}"
    if keys == {"areas"} and choice == "discard":
        return f"Discard the false rune{'s' if len(a['areas']) != 1 else ''} in {listing(a['areas'])}"
    if choice == "place" and "areas" in keys and isinstance(a["areas"], Mapping):
        placed = ", ".join(f"{n} in {area}" for area, n in a["areas"].items()) or "Place none"
        taken = a.get("take") or {}
        return placed + (f" (taking {', '.join(f'{n} from {area}' for area, n in taken.items())})" if taken else "")
    if choice == "place" and keys <= {"dragon", "false"}:
        return cap(", ".join(f"{rune(k)} in {v}" if v else f"{rune(k)} back to the supply" for k, v in a.items()))
    if keys == {"cards"}:
        return (
            f"Discard {listing(map(name, a['cards']))}"
            if choice == "discard"
            else f"{cap(name(choice))} {listing(map(name, a['cards']))}"
        )
    if keys == {"card"}:
        if str(a["card"]).startswith("fate-"):
            return cap(fate(a["card"], symbol=True))
        if choice == "use" and a["card"] in _tables()["heroes"]:
            return f"Use the ability of {name(a['card'])}"
        if choice == "play":
            return tr._("Play {card}", card=name(a["card"]))
        if choice == "use":
            return tr._("Use {card}", card=name(a["card"]))
        return cap(name(choice)) + " " + name(a["card"])
    if keys == {"reward"}:
        return f"Discard {name(a['reward'])}" if choice == "discard" else f"Use {name(a['reward'])}"
    if keys == {"reward", "hero"} and choice == "give":
        return f"{name(a['reward'])} to {name(a['hero'])}"
    if keys == {"reward", "to"}:
        return f"Give {name(a['reward'])} to {name(a['to'])}"
    if keys == {"reward", "from"}:
        return f"Take {name(a['reward'])} from {name(a['from'])}"
    if keys == {"reward", "from", "to"}:
        return f"{name(a['reward'])}: {name(a['from'])} → {name(a['to'])}"
    if keys == {"hero", "reward"}:
        return f"{name(a['hero'])} uses {name(a['reward'])}"
    if keys == {"hero", "token"}:
        return f"{name(a['hero'])} picks up token {a['token']}"
    if keys == {"hero", "to"}:
        return f"{name(a['hero'])} → {a['to']}"
    if keys == {"hero", "traits"}:
        return f"{name(a['hero'])} trains {_trained(a['traits'])}"
    if keys == {"hero", "path"}:
        path = list(a["path"] or [])
        if not path:
            return f"{name(a['hero'])} stays and ventures here"
        return f"{name(a['hero'])} moves to {path[-1]}" + (f" via {', '.join(map(str, path[:-1]))}" if len(path) > 1 else "")
    if keys == {"hero"}:
        return {"rest": "{} rests", "heal": "{} heals", "keep": "Keep {}"}.get(choice, "{}").format(name(a["hero"]))
    if keys == {"trait"}:
        return f"Train {a['trait']}"
    if keys == {"target"}:
        return f"Duel {name(a['target'])}"
    if keys == {"quest"}:
        return f"Quest: {name(a['quest'])}"
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
        return (
            tr._("Raise {resource}", resource=resource)
            if choice == "raise"
            else tr._("Recruit with {resource}", resource=resource)
        )
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
        return f"Draw for {name(a['unit'])}" if choice == "draw" else name(a["unit"])
    if choice == "tile" and {"tile", "q", "r"} <= keys:
        return f"{tile(a['tile'])} {where(a['q'], a['r'])}, {rotated(a.get('rotation'))}"
    if choice == "home" and {"q", "r"} <= keys:
        return f"Home realm {where(a['q'], a['r'])}, {rotated(a.get('rotation'))}"
    if keys == {"cells"}:
        return f"Guide on {cells(a['cells'])}"
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
}
#: the same where the prompt tells them apart, by a part of the prompt's id (armor, special icon, bandits)
PLAIN_IN = {
    ("duel_armor", "none"): N_("No armor"),
    ("duel_special", "damage"): N_("Deal 1 damage"),
    ("bandits", "damage"): N_("Take 1 more damage"),
    ("venture", "none"): N_("Neither"),
    ("training", "skip"): N_("No training"),
    ("effect", "none"): N_("Choose nothing"),
}


def plain(choice: str, prompt_id: str) -> str:
    """The label of an answer without arguments."""
    tr = current_tr()
    for part in str(prompt_id).split("/"):
        if (part, choice) in PLAIN_IN:
            return tr._(PLAIN_IN[part, choice])
    return tr._(PLAIN[choice]) if choice in PLAIN else cap(choice.replace("_", " "))
