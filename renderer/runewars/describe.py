"""Words for the pictures: alt text (at most 1,024 characters, Discord's limit for an
attachment description) and a text board with the same facts as map and panel.

Both are built from the same view as the image, so they say nothing the image could not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.runewars.data.model import Pack
from renderer.runewars.panel import hand_cards, public_counts, status_lines
from renderer.runewars.viewdata import ViewData, seat_get

ALT_LIMIT = 1024


def _units_text(data: ViewData, info: Mapping[str, Any]) -> str:
    """ "Humans: 2 Archers, 1 Knights (routed 1); neutrals: 1 Giants"."""
    groups: dict[Any, list[str]] = {}
    for stack in info.get("units", []):
        owner, ally = stack.get("owner"), stack.get("ally")
        unit = data.pack.unit(stack["unit"]).name_en if stack["unit"] in data.pack.units else stack["unit"]
        standing, routed = stack.get("standing", 0), stack.get("routed", 0)
        text = f"{standing + routed} {unit}" + (f" ({routed} routed)" if routed else "")
        key = owner if owner is not None else ("ally", ally)
        groups.setdefault(key, []).append(text)
    parts = []
    for key, texts in groups.items():
        if isinstance(key, tuple):
            who = "neutrals" if key[1] is None else f"neutrals allied with {data.who(key[1])}"
        else:
            who = data.who(key)
        parts.append(f"{who}: {', '.join(texts)}")
    return "; ".join(parts)


def _rune_text(info: Mapping[str, Any], data: ViewData) -> str | None:
    rune = info.get("rune")
    if rune is None:
        return None
    if rune == "face_down":
        stale = info.get("rune_last_known")
        return "rune face down" + (f" (you last knew: {stale})" if stale else "")
    known = "" if data.rune_public(info) else " (known to you)"
    return f"{rune} rune{known}"


def area_line(data: ViewData, area: str) -> str:
    info = data.area(area)
    hexdata = data.pack.tile_of_area(area).hex(area)
    bits = [f"{area} ({hexdata.terrain}"]
    resources = [f"{n} {k}" for k, n in hexdata.resources().items() if n]
    bits[0] += (", " + ", ".join(resources) if resources else "") + ")"
    owner = info.get("controller")
    bits.append(f"held by {data.who(owner)}" if owner is not None else "held by nobody")
    units = _units_text(data, info)
    if units:
        bits.append(units)
    fort = info.get("stronghold")
    if fort:
        bits.append(f"stronghold of {data.who(fort['owner'])}" + (" (damaged)" if fort.get("damaged") else ""))
    if info.get("development"):
        bits.append(f"development {info['development']}")
    if info.get("city") or data.printed_city(area):
        bits.append("city" + (f" {info['city']}" if info.get("city") else ""))
    rune = _rune_text(info, data)
    if rune:
        bits.append(rune)
    for hero in data.heroes_in(area):
        bits.append(f"hero {hero.get('name') or hero.get('id')} of {data.who(hero.get('owner'))}")
    if info.get("activated_by"):
        bits.append("activated by " + ", ".join(data.who(s) for s in info["activated_by"]))
    token = data.exploration(area)
    if token:
        what = token.get("token") or f"face down, back {token.get('back')}"
        private = token.get("token") and not token.get("face_up")
        bits.append(f"exploration token {what}" + (" (known to you)" if private else ""))
    for defeated in data.defeated_in(area):
        bits.append(f"defeated-hero token {defeated.get('number')} ({defeated.get('rewards', 0)} rewards)")
    if area in data.contested or data.battle_area == area:
        bits.append("battle here")
    return " · ".join(bits)


def _areas_of(data: ViewData) -> list[str]:
    areas = data.view.get("areas", {})
    return sorted(areas)


def text_board(view: Mapping[str, Any], pack: Pack, seat: int | None = None) -> str:
    data = ViewData(view, pack, seat)
    out = [
        f"Runewars — {data.season_line()}"
        + (f" — view of {data.who(data.viewer)}" if data.viewer is not None else " — public view")
    ]
    out += status_lines(data)
    card_id = view.get("season_card")
    if card_id:
        card = data.card(card_id)
        out.append(f"Season card: {card.get('name', card_id)}: {card.get('text', '')}".rstrip(": "))
    for effect in view.get("lasting_effects") or []:
        out.append(
            f"Lasting effect: {effect.get('text', effect.get('card', ''))}"
            + (f" (until {effect['until']})" if effect.get("until") else "")
        )
    out.append("")
    out.append("Players:")
    for player in data.players:
        s = player["seat"]
        counts = public_counts(data, s)
        dials = player.get("dials", {})
        revealed = seat_get(view.get("orders_revealed"), s)
        line = (
            f"- {data.who(s)}: influence {player.get('influence', 0)}; food {dials.get('food', 0)}, wood {dials.get('wood', 0)}, "
            f"ore {dials.get('ore', 0)}; {counts['areas']} areas, {counts['units']} units; "
            f"tactics {player.get('tactics', 0)}, quests {player.get('quests', 0)}, objective {'yes' if player.get('objective') else 'no'}; "
            f"dragon runes shown {counts['dragon_runes']}, face-down runes {counts['face_down_runes']}"
        )
        if revealed is not None:
            line += f"; order {data.order_name(revealed)}"
        elif player.get("has_chosen"):
            line += "; order chosen"
        if player.get("orders_played"):
            line += "; played " + ", ".join(str(n) for n in player["orders_played"])
        titles = [data.card(t).get("name", t) for t, info in (view.get("titles") or {}).items() if info.get("holder") == s]
        if titles:
            line += "; titles " + ", ".join(titles)
        if player.get("eliminated"):
            line += "; eliminated"
        out.append(line)
    heroes = view.get("heroes") or []
    if heroes:
        out.append("")
        out.append("Heroes:")
        for hero in heroes:
            out.append(
                f"- {hero.get('name') or hero.get('id')} ({data.who(hero.get('owner'))}): strength {hero.get('strength')}, "
                f"agility {hero.get('agility')}, wisdom {hero.get('wisdom')}, wounds {hero.get('wounds', 0)}/{hero.get('health')}, "
                f"{'in ' + hero['area'] if hero.get('area') else 'off the map'}" + ("; routed" if hero.get("routed") else "")
            )
    out.append("")
    out.append("Areas:")
    for area in _areas_of(data):
        out.append("- " + area_line(data, area))
    decks = view.get("decks") or {}
    if decks:
        out.append("")
        out.append(
            "Decks: " + ", ".join(f"{k} {v}" for k, v in decks.items()) + f"; fate discards {len(view.get('fate_discard') or [])}"
        )
    if data.viewer is not None:
        out += _private_lines(data, data.viewer)
    return "\n".join(out)


def _private_lines(data: ViewData, seat: int) -> list[str]:
    player = data.player(seat) or {}
    out = ["", f"Only for {data.who(seat)}:"]
    if player.get("chosen") is not None:
        out.append(f"- chosen order: {data.order_name(player['chosen'])}")
    for kind, card_id, _ in hand_cards(data, seat):
        card = data.card(card_id)
        out.append(f"- {kind}: {card.get('name') or card_id}" + (f": {card['text']}" if card.get("text") else ""))
    return out


def alt_text(view: Mapping[str, Any], pack: Pack, seat: int | None = None) -> str:
    """A screen-reader summary of the map and panel, at most 1,024 characters."""
    data = ViewData(view, pack, seat)
    who = "public view" if data.viewer is None else f"view of {data.who(data.viewer)}"
    parts = [f"Runewars map, {data.season_line()}, {who}."]
    parts += [line + "." for line in status_lines(data)]
    held: dict[int, list[str]] = {}
    for area in _areas_of(data):
        owner = data.area(area).get("controller")
        if owner is not None:
            held.setdefault(owner, []).append(area)
    for player in data.players:
        s = player["seat"]
        counts = public_counts(data, s)
        areas = held.get(s, [])
        parts.append(
            f"{data.who(s)}: influence {player.get('influence', 0)}, {counts['units']} units, "
            f"holds {', '.join(areas) if areas else 'nothing'}."
        )
    neutral = [a for a in _areas_of(data) if any(u.get("owner") is None for u in data.area(a).get("units", []))]
    if neutral:
        parts.append(f"Neutral units in {', '.join(neutral)}.")
    face_down = [a for a in _areas_of(data) if data.area(a).get("rune") == "face_down"]
    if face_down:
        parts.append(f"{len(face_down)} face-down runes.")
    if data.viewer is not None:
        mine = [
            f"{a} {data.area(a)['rune']}"
            for a in _areas_of(data)
            if data.area(a).get("rune") in ("dragon", "false") and not data.rune_public(data.area(a))
        ]
        if mine:
            parts.append("Runes you know: " + ", ".join(mine) + ".")
    parts.append("Full details: the text board.")
    return _fit(parts, ALT_LIMIT)


def _fit(parts: list[str], limit: int) -> str:
    """Join sentences; if too long, cut the last that fits at a word and end with an ellipsis,
    keeping the closing pointer to the text board."""
    tail = parts[-1]
    text = " ".join(parts)
    if len(text) <= limit:
        return text
    room = limit - len(tail) - 2
    body = " ".join(parts[:-1])[:room]
    body = body[: body.rfind(" ")] if " " in body else body
    return f"{body}… {tail}"
