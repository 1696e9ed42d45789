"""Words for the pictures: alt text (at most 1,024 characters, Discord's limit for an
attachment description) and a text board with the same facts as map and panel.

Both are built from the same view as the image, so they say nothing the image could not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.runewars.data.model import Pack
from renderer.runewars.panel import hand_cards, public_counts, status_lines, variant_lines
from renderer.runewars.viewdata import HAND_KINDS, RESOURCES, RUNES, TERRAIN, UNTIL, ViewData, deck_name, seat_get

ALT_LIMIT = 1024


def _units_text(data: ViewData, info: Mapping[str, Any]) -> str:
    """ "Humans: 2 Archers, 1 Knights (routed 1); neutrals: 1 Giants"."""
    groups: dict[Any, list[str]] = {}
    for stack in info.get("units", []):
        owner, ally = stack.get("owner"), stack.get("ally")
        unit = data.unit_name(stack["unit"])
        standing, routed = stack.get("standing", 0), stack.get("routed", 0)
        text = f"{standing + routed} {unit}" + (data._(" ({routed} routed)", routed=routed) if routed else "")
        key = owner if owner is not None else ("ally", ally)
        groups.setdefault(key, []).append(text)
    parts = []
    for key, texts in groups.items():
        if isinstance(key, tuple):
            who = data._("neutrals") if key[1] is None else data._("neutrals allied with {player}", player=data.who(key[1]))
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
        if stale:
            return data._("rune face down (you last knew: {rune})", rune=data.word(RUNES, stale))
        return data._("rune face down")
    if data.rune_public(info):
        return data._("{rune} rune", rune=data.word(RUNES, rune))
    return data._("{rune} rune (known to you)", rune=data.word(RUNES, rune))


def area_line(data: ViewData, area: str) -> str:
    info = data.area(area)
    hexdata = data.pack.tile_of_area(area).hex(area)
    resources = [f"{n} {data.word(RESOURCES, k)}" for k, n in hexdata.resources().items() if n]
    terrain = data.word(TERRAIN, hexdata.terrain)
    bits = [f"{area} ({terrain}" + (", " + ", ".join(resources) if resources else "") + ")"]
    owner = info.get("controller")
    bits.append(data._("held by {player}", player=data.who(owner)) if owner is not None else data._("held by nobody"))
    units = _units_text(data, info)
    if units:
        bits.append(units)
    fort = info.get("stronghold")
    if fort:
        bits.append(
            data._("stronghold of {player} (damaged)", player=data.who(fort["owner"]))
            if fort.get("damaged")
            else data._("stronghold of {player}", player=data.who(fort["owner"]))
        )
    capital = data.capital_of(area)
    if capital is not None:  # Development Cards
        bits.append(data._("capital of {player}", player=data.who(capital)))
    if info.get("development"):
        bits.append(data._("development {name}", name=data.name("development", info["development"])))
    if info.get("city") or data.printed_city(area):
        bits.append(data._("city {name}", name=data.name("city_token", info["city"])) if info.get("city") else data._("city"))
        if data.free_city_rune(area):  # Rise of the Free Cities
            bits.append(
                data._("printed dragon rune")
                if data.printed_rune_counts(area)
                else data._("printed dragon rune (cancelled by Desolation or Cryomancy)")
            )
    peasant = data.peasant_of(area)
    if peasant is not None:
        bits.append(data._("peasant token of {player}", player=data.who(peasant)))
    rune = _rune_text(info, data)
    if rune:
        bits.append(rune)
    for hero in data.heroes_in(area):
        commander = data.commander_card(hero)
        bits.append(
            data._(
                "commander {hero} of {player} ({card})",
                hero=data.hero_name(hero),
                player=data.who(hero.get("owner")),
                card=data.card(commander).get("name", commander),
            )
            if commander
            else data._("hero {hero} of {player}", hero=data.hero_name(hero), player=data.who(hero.get("owner")))
        )
    if info.get("activated_by"):
        bits.append(data._("activated by {players}", players=", ".join(data.who(s) for s in info["activated_by"])))
    token = data.exploration(area)
    if token:
        if token.get("token"):
            what = data.name("exploration_token", token["token"])
            private = not token.get("face_up")
            bits.append(
                data._("exploration token {token} (known to you)", token=what)
                if private
                else data._("exploration token {token}", token=what)
            )
        else:
            bits.append(data._("exploration token face down, back {back}", back=token.get("back")))
    for defeated in data.defeated_in(area):
        bits.append(
            data.ngettext(
                "defeated-hero token {number} ({n} reward)",
                "defeated-hero token {number} ({n} rewards)",
                defeated.get("rewards", 0),
                number=defeated.get("number"),
            )
        )
    if area in data.contested or data.battle_area == area:
        bits.append(data._("battle here"))
    return " · ".join(bits)


def _areas_of(data: ViewData) -> list[str]:
    areas = data.view.get("areas", {})
    return sorted(areas)


def text_board(view: Mapping[str, Any], pack: Pack, seat: int | None = None, *, tr: Any = None) -> str:
    """Every fact of map and panel as text, in ``tr``'s language (None: English)."""
    data = ViewData(view, pack, seat, tr)
    _ = data._
    head = (
        _("Runewars — {when} — view of {player}", when=data.season_line(), player=data.who(data.viewer))
        if data.viewer is not None
        else _("Runewars — {when} — public view", when=data.season_line())
    )
    out = [head]
    out += status_lines(data)
    card_id = view.get("season_card")
    if card_id:
        card = data.card(card_id)
        text = card.get("text", "")
        out.append(
            _("Season card: {card}: {text}", card=card.get("name", card_id), text=text)
            if text
            else _("Season card: {card}", card=card.get("name", card_id))
        )
    for effect in view.get("lasting_effects") or []:
        text = _effect_text(data, effect)
        out.append(
            _("Lasting effect: {text} (until {until})", text=text, until=data.word(UNTIL, effect["until"]))
            if effect.get("until")
            else _("Lasting effect: {text}", text=text)
        )
    out.append("")
    out.append(_("Players:"))
    yes, no = _("yes"), _("no")
    for player in data.players:
        s = player["seat"]
        counts = public_counts(data, s)
        dials = player.get("dials", {})
        revealed = seat_get(view.get("orders_revealed"), s)
        line = "- " + _(
            "{player}: influence {influence}; food {food}, wood {wood}, ore {ore}; {areas} areas, {units} units; "
            "tactics {tactics}, quests {quests}, objective {objective}; dragon runes shown {dragon}, face-down runes {face_down}",
            player=data.who(s),
            influence=player.get("influence", 0),
            food=dials.get("food", 0),
            wood=dials.get("wood", 0),
            ore=dials.get("ore", 0),
            areas=counts["areas"],
            units=counts["units"],
            tactics=player.get("tactics", 0),
            quests=player.get("quests", 0),
            objective=yes if player.get("objective") else no,
            dragon=counts["dragon_runes"],
            face_down=counts["face_down_runes"],
        )
        if revealed is not None:
            line += _("; order {order}", order=data.order_name(revealed))
        elif player.get("has_chosen"):
            line += _("; order chosen")
        if player.get("orders_played"):
            line += _("; played {orders}", orders=", ".join(str(n) for n in player["orders_played"]))
        titles = [data.card(t).get("name", t) for t, info in (view.get("titles") or {}).items() if info.get("holder") == s]
        if titles:
            line += _("; titles {titles}", titles=", ".join(titles))
        if player.get("eliminated"):
            line += _("; eliminated")
        out.append(line)
        out += [f"  {text}" for text in variant_lines(data, s)]
    heroes = view.get("heroes") or []
    if heroes:
        out.append("")
        out.append(_("Heroes:"))
        for hero in heroes:
            where = _("in {area}", area=hero["area"]) if hero.get("area") else _("off the map")
            out.append(
                "- "
                + _(
                    "{hero} ({player}): strength {strength}, agility {agility}, wisdom {wisdom}, wounds {wounds}/{health}, {where}",
                    hero=data.hero_name(hero),
                    player=data.who(hero.get("owner")),
                    strength=hero.get("strength"),
                    agility=hero.get("agility"),
                    wisdom=hero.get("wisdom"),
                    wounds=hero.get("wounds", 0),
                    health=hero.get("health"),
                    where=where,
                )
                + (_("; routed") if hero.get("routed") else "")
                + (
                    _("; commander with {card}", card=data.card(str(data.commander_card(hero))).get("name", ""))
                    if data.commander_card(hero)
                    else ""
                )
            )
    out.append("")
    out.append(_("Areas:"))
    for area in _areas_of(data):
        out.append("- " + area_line(data, area))
    decks = view.get("decks") or {}
    if decks:
        out.append("")
        out.append(
            _(
                "Decks: {decks}; fate discards {discards}",
                decks=", ".join(f"{deck_name(data, k)} {v}" for k, v in decks.items()),
                discards=len(view.get("fate_discard") or []),
            )
        )
    if data.viewer is not None:
        out += _private_lines(data, data.viewer)
    return "\n".join(out)


def _effect_text(data: ViewData, effect: Mapping[str, Any]) -> str:
    """A lasting effect by its card's summary in the viewer's language (else the view's words)."""
    card = effect.get("card")
    if card:
        shown = data.card(card)
        return shown.get("summary") or shown.get("text") or effect.get("text") or shown.get("name", card)
    return effect.get("text", "")


def _private_lines(data: ViewData, seat: int) -> list[str]:
    player = data.player(seat) or {}
    out = ["", data._("Only for {player}:", player=data.who(seat))]
    if player.get("chosen") is not None:
        out.append("- " + data._("chosen order: {order}", order=data.order_name(player["chosen"])))
    for kind, card_id, _hero in hand_cards(data, seat):
        card = data.card(card_id)
        name = card.get("name") or card_id
        out.append(f"- {data.word(HAND_KINDS, kind)}: {name}" + (f": {card['text']}" if card.get("text") else ""))
    return out


def alt_text(view: Mapping[str, Any], pack: Pack, seat: int | None = None, *, tr: Any = None) -> str:
    """A screen-reader summary of the map and panel, at most 1,024 characters, in ``tr``'s language."""
    data = ViewData(view, pack, seat, tr)
    _ = data._
    parts = [
        _("Runewars map, {when}, public view.", when=data.season_line())
        if data.viewer is None
        else _("Runewars map, {when}, view of {player}.", when=data.season_line(), player=data.who(data.viewer))
    ]
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
            _(
                "{player}: influence {influence}, {units} units, holds {areas}.",
                player=data.who(s),
                influence=player.get("influence", 0),
                units=counts["units"],
                areas=", ".join(areas) if areas else _("nothing"),
            )
        )
    parts += _variant_sentences(data)
    neutral = [a for a in _areas_of(data) if any(u.get("owner") is None for u in data.area(a).get("units", []))]
    if neutral:
        parts.append(_("Neutral units in {areas}.", areas=", ".join(neutral)))
    face_down = [a for a in _areas_of(data) if data.area(a).get("rune") == "face_down"]
    if face_down:
        parts.append(data.ngettext("{n} face-down rune.", "{n} face-down runes.", len(face_down)))
    if data.viewer is not None:
        mine = [
            f"{a} {data.word(RUNES, data.area(a)['rune'])}"
            for a in _areas_of(data)
            if data.area(a).get("rune") in ("dragon", "false") and not data.rune_public(data.area(a))
        ]
        if mine:
            parts.append(_("Runes you know: {runes}.", runes=", ".join(mine)))
    parts.append(_("Full details: the text board."))
    return _fit(parts, ALT_LIMIT)


def _variant_sentences(data: ViewData) -> list[str]:
    """The Banners of War variants' pieces for the alt text (issue 24): capitals, peasant tokens, commanders, printed
    city runes, development cards (a waiting victory card is in the status lines)."""
    variants, _ = data.variants(), data._
    if not variants:
        return []
    out = []
    capitals = [f"{a} ({data.faction_name(data.capital_of(a))})" for a in sorted(variants.get("capitals") or {})]
    if capitals:
        out.append(_("Capitals: {areas}.", areas=", ".join(capitals)))
    peasants = [f"{a} ({data.faction_name(data.peasant_of(a))})" for a in sorted(variants.get("peasants") or {})]
    if peasants:
        out.append(_("Peasant tokens: {areas}.", areas=", ".join(peasants)))
    commanders = [
        f"{data.hero_name(h)} ({h['area']})" for h in data.view.get("heroes") or [] if data.commander_card(h) and h.get("area")
    ]
    if commanders:
        out.append(_("Commanders: {heroes}.", heroes=", ".join(commanders)))
    printed = [a for a in _areas_of(data) if data.free_city_rune(a) and data.printed_rune_counts(a)]
    if printed:
        out.append(_("Printed city dragon runes in {areas}.", areas=", ".join(printed)))
    for player in data.players:
        cards = data.development_cards(player["seat"])
        if cards:
            names = ", ".join(data.card(c).get("name", c) for c in cards)
            out.append(_("{player}'s development cards: {cards}.", player=data.faction_name(player["seat"]), cards=names))
        for unit, (used, owned) in sorted(data.tokens_in_play(player["seat"]).items()):
            if used:
                out.append(_("{unit}: {used} of {owned} tokens in play.", unit=data.unit_name(unit), used=used, owned=owned))
    return out


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
