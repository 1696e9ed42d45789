"""The board panel (the table beside the map) and a seat's private cards.

Public part: year and season track, the season card and lasting effects, the turn and
who is awaited, per seat the faction, influence, dials, revealed/chosen/played orders,
card counts, areas, units, dragon runes shown and face-down runes held, titles; heroes;
decks. A seat's view adds its hand: chosen order, objective, tactics, quests and its
heroes' reward cards with name and text (``view["cards"]``, else the pack, else the id).

Type sizes are fixed (docs/renderer.md): the split panel is :data:`PANEL_WIDTH` px wide so
a phone shows it at about half size, and 22 px body text reads as 11 px.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderer import fonts, sprites
from renderer.blocks import Column, line_height
from renderer.palette import Palette, mix, text_on
from renderer.runewars.mapdraw import star
from renderer.runewars.viewdata import (
    HAND_KINDS,
    N_,
    RESOURCES,
    SEASON_MARKS,
    SEASON_NAMES,
    SEASONS,
    TRAITS,
    UNTIL,
    ViewData,
    deck_name,
    seat_get,
)
from renderer.words import words

PANEL_WIDTH = 800
TITLE, BODY, SMALL = 30, 22, 18


def render_panel(data: ViewData, pal: Palette, width: int = PANEL_WIDTH) -> Image.Image:
    return _column(data, pal, width).render(pal.paper)


def panel_pages(data: ViewData, pal: Palette, width: int, max_height: int) -> list[Image.Image]:
    """The panel as pages of at most ``max_height`` pixels, cut between its rows."""
    return _column(data, pal, width).pages(pal.paper, max_height)


def _column(data: ViewData, pal: Palette, width: int) -> Column:
    col = Column(width, pad=24)
    _header(col, data, pal)
    _season_card(col, data, pal)
    col.rule(pal.panel_rule)
    for player in data.players:
        _player(col, data, pal, player)
    _heroes(col, data, pal)
    _titles(col, data, pal)
    _decks(col, data, pal)
    if data.viewer is not None:
        _private(col, data, pal, data.viewer)
    return col


# -- public ----------------------------------------------------------------------------------


#: why a game ended, as the panel says it
REASONS = {
    "dragon_runes": N_("dragon runes"),
    "last_player": N_("last player standing"),
    "years": N_("the last year ended"),
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def header_title(view: Mapping[str, Any], tr: Any = None) -> str:
    tr = words(tr)
    phase = str(view.get("phase", ""))
    if phase.startswith("setup"):
        return tr._("Set-up: {step}", step=phase.split(".", 1)[-1].replace("_", " "))
    if phase == "over":
        return tr._("Game over after year {year}", year=view.get("year"))
    season = str(view.get("season", ""))
    shown = tr._(SEASON_NAMES[season]) if season in SEASON_NAMES else season
    return tr._("Year {year} · {season}", year=view.get("year"), season=shown[:1].upper() + shown[1:])


#: the year and season track: a pip per year, then the four seasons
PIP, PIP_STEP, SEASON_W, SEASON_STEP, TRACK_GAP, TRACK_H = 24, 30, 66, 74, 8, 24
#: the least room between the heading and the track beside it
HEADING_GAP = 16


def header_layout(title: str, years: int, width: int, pad: int) -> dict[str, Any]:
    """Where the heading and the track go, top at 0: ``title`` (its painted box), ``years`` and ``seasons``
    (one box each) and ``height``. The track sits right of the heading when it fits with :data:`HEADING_GAP`
    to spare, else on its own row under the heading, so the two never overlap."""
    title_box = fonts.bbox((pad, 0), title, TITLE, bold=True)
    track_w = years * PIP_STEP + TRACK_GAP + 4 * SEASON_STEP - (SEASON_STEP - SEASON_W)
    x = width - pad - track_w
    y = 4
    if x < title_box[2] + HEADING_GAP:  # no room beside the heading: a row of its own
        x, y = pad, max(line_height(TITLE), title_box[3]) + 6
    pips = [(x + i * PIP_STEP, y, x + i * PIP_STEP + PIP, y + TRACK_H) for i in range(years)]
    x0 = x + years * PIP_STEP + TRACK_GAP
    seasons = [(x0 + i * SEASON_STEP, y, x0 + i * SEASON_STEP + SEASON_W, y + TRACK_H) for i in range(4)]
    height = max(line_height(TITLE), title_box[3], y + TRACK_H) + 8
    return {"title": title_box, "years": pips, "seasons": seasons, "height": height}


def _header(col: Column, data: ViewData, pal: Palette) -> None:
    view = data.view
    title = header_title(view, data.tr)
    years = max(int(data.pack.constant("years")), int(view.get("year") or 0))  # an epic game runs longer
    layout = header_layout(title, years, col.width, col.pad)

    def paint(img, draw, y):
        fonts.text(img, (col.pad, y), title, TITLE, pal.ink, bold=True)
        _track(img, draw, layout, y, view, pal, data)

    col.add(layout["height"], paint)
    for line in status_lines(data):
        col.text(line, BODY, pal.ink)
    col.gap(6)


def _track(img, draw, layout: Mapping[str, Any], y: float, view, pal: Palette, data: ViewData) -> None:
    """Year pips 1..N then the four seasons; the current ones filled."""
    year, season = view.get("year") or 0, view.get("season")
    for n, (x0, y0, x1, y1) in enumerate(layout["years"], 1):
        now = n == year
        draw.ellipse([x0, y + y0, x1, y + y1], fill=pal.ink if now else pal.paper, outline=pal.ink, width=2)
        fonts.text(img, ((x0 + x1) / 2, y + (y0 + y1) / 2), str(n), 15, pal.paper if now else pal.ink, anchor="mm")
    for name, (x0, y0, x1, y1) in zip(SEASONS, layout["seasons"]):
        now = name == season
        draw.rounded_rectangle([x0, y + y0, x1, y + y1], radius=6, fill=pal.ink if now else pal.paper, outline=pal.ink, width=2)
        fonts.text(
            img, ((x0 + x1) / 2, y + (y0 + y1) / 2), data._(SEASON_MARKS[name]), 15, pal.paper if now else pal.ink, anchor="mm"
        )
    waiting = {season: owner for season, owner, _year in data.victory_cards()}
    for name, (_x0, y0, x1, _y1) in zip(SEASONS, layout["seasons"]):
        if name in waiting:  # Road to Victory: a victory card face down on this season's deck, its faction's back
            owner = waiting[name]
            sprites.paste(
                img, sprites.emblem_badge(data.emblem(owner), 18, data.colour(owner, pal), square=True), x1 - 4, y + y0 + 4
            )


def status_lines(data: ViewData) -> list[str]:
    view, lines = data.view, []
    result = view.get("result")
    if result:
        winner = result.get("winner")
        why = data.word(REASONS, result.get("reason")) if result.get("reason") else ""
        lines.append(
            data._("Winner: {player} ({why})", player=data.who(winner), why=why)
            if why
            else data._("Winner: {player}", player=data.who(winner))
        )
        standings = result.get("standings") or []
        if standings:
            shown = ", ".join(
                data._(
                    "{player} {runes} dragon runes, {influence} influence",
                    player=data.who(s["seat"]),
                    runes=s.get("dragon_runes", 0),
                    influence=s.get("influence", 0),
                )
                for s in standings
            )
            lines.append(data._("Standings: {standings}", standings=shown))
    turn = view.get("turn")
    if turn:
        lines.append(
            data._(
                "Turn: {player} plays {order} with bonus", player=data.who(turn["seat"]), order=data.order_name(turn.get("order"))
            )
            if turn.get("bonus")
            else data._("Turn: {player} plays {order}", player=data.who(turn["seat"]), order=data.order_name(turn.get("order")))
        )
    battle = view.get("battle")
    if battle:
        lines.append(
            data._(
                "Battle in {area}: {attacker} attacks {defender}, row {row}",
                area=battle["area"],
                attacker=data.who(battle.get("attacker")),
                defender=data.who(battle.get("defender")),
                row=battle.get("row"),
            )
        )
    for season, owner, year in data.victory_cards():
        lines.append(
            data._(
                "Victory card of {player} waits on the {season} deck (placed in year {year})",
                player=data.who(owner),
                season=data.word(SEASON_NAMES, season),
                year=year,
            )
        )
    awaiting = view.get("awaiting") or []
    if awaiting and not result:
        lines.append(data._("Waiting for: {players}", players=", ".join(data.who(s) for s in awaiting)))
    return lines


def _season_card(col: Column, data: ViewData, pal: Palette) -> None:
    view = data.view
    card_id = view.get("season_card")
    effects = view.get("lasting_effects") or []
    if card_id:
        card = data.card(card_id)
        col.text(data._("Season card: {card}", card=card.get("name", card_id)), BODY, pal.ink, bold=True)
        if card.get("text"):
            col.text(card["text"], SMALL, pal.ink, indent=16)
    if effects:
        col.text(data._("Lasting effects:"), BODY, pal.ink, bold=True)
        for effect in effects:
            shown = data.card(effect["card"]) if effect.get("card") else {}
            name = shown.get("name", effect.get("card", "")) if effect.get("card") else ""
            until = data._(" (until {until})", until=data.word(UNTIL, effect["until"])) if effect.get("until") else ""
            text = shown.get("summary") or shown.get("text") or effect.get("text") or ""
            col.text(f"• {name}{': ' if name and text else ''}{text}{until}", SMALL, pal.ink, indent=16)


def public_counts(data: ViewData, seat: int) -> dict[str, int]:
    """What the table can count for a seat: areas, units, dragon runes shown (a face-up Dragon Throne is one, p. 37; so
    is the Sunken City's or a Free City's printed rune unless Desolation or Cryomancy lies there), face-down runes."""
    out = {"areas": 0, "units": 0, "dragon_runes": 0, "false_runes": 0, "face_down_runes": 0}
    exploration = data.view.get("exploration", {})
    for area_id, info in data.view.get("areas", {}).items():
        out["units"] += sum(s.get("standing", 0) + s.get("routed", 0) for s in info.get("units", []) if s.get("owner") == seat)
        if info.get("controller") == seat:
            out["areas"] += 1
            rune = info.get("rune")
            marker = exploration.get(area_id, {})
            out["dragon_runes"] += (rune == "dragon") + bool(marker.get("face_up") and marker.get("token") == "dragon_throne")
            out["dragon_runes"] += data.printed_rune_counts(area_id)  # the Sunken City's or a Free City's printed rune
            out["false_runes"] += rune == "false"
            out["face_down_runes"] += rune == "face_down"
    return out


def _player(col: Column, data: ViewData, pal: Palette, player: Mapping[str, Any]) -> None:
    seat = player["seat"]
    colour = data.colour(seat, pal)
    counts = public_counts(data, seat)
    room = col.inner - 70 - 14
    lines: list[list[tuple[str, Any]]] = [
        [
            ("dials", player.get("dials", {})),
            ("text", "   " + data._("Areas {areas} · Units {units}", areas=counts["areas"], units=counts["units"])),
        ]
    ]
    for text in (_orders_line(data, player), _cards_line(data, player, counts)):
        lines += [[("text", line)] for line in fonts.wrap(text, BODY, room)]
    titles = [
        data._("{title} ({influence} influence)", title=data.card(t).get("name", t), influence=info.get("influence", 0))
        for t, info in (data.view.get("titles") or {}).items()
        if info.get("holder") == seat
    ]
    if titles:
        lines += [[("small", line)] for line in fonts.wrap(data._("Titles: {titles}", titles=", ".join(titles)), SMALL, room)]
    for text in variant_lines(data, seat):
        lines += [[("small", line)] for line in fonts.wrap(text, SMALL, room)]
    step = line_height(BODY)
    height = line_height(BODY + 2) + step * len(lines) + 14

    def paint(img, draw, y):
        draw.rounded_rectangle(
            [col.pad, y, col.width - col.pad, y + height - 8],
            radius=10,
            fill=mix(colour, pal.paper, 0.86),
            outline=colour,
            width=3,
        )
        draw.rectangle([col.pad, y + 10, col.pad + 8, y + height - 18], fill=colour)
        sprites.paste(img, sprites.emblem_badge(data.emblem(seat), 44, colour), col.pad + 40, y + 32)
        x0 = col.pad + 70
        name = f"{seat + 1} · {data.faction_name(seat)}" + ("   " + data._("(eliminated)") if player.get("eliminated") else "")
        fonts.text(img, (x0, y + 6), name, BODY + 2, pal.ink, bold=True)
        fonts.text(
            img,
            (col.width - col.pad - 14, y + 6),
            data._("Influence {influence}", influence=player.get("influence", 0)),
            BODY + 2,
            pal.ink,
            anchor="ra",
            bold=True,
        )
        yy = y + 6 + line_height(BODY + 2)
        for line in lines:
            x = x0
            for kind, value in line:
                if kind == "dials":
                    x = _dials(img, draw, x, yy, value, pal, data)
                elif kind == "small":
                    fonts.text(img, (x, yy + 2), value, SMALL, pal.ink)
                else:
                    fonts.text(img, (x, yy), value, BODY, pal.ink)
                    x += fonts.width(value, BODY)
            yy += step

    col.add(height, paint)


def variant_lines(data: ViewData, seat: int) -> list[str]:
    """A seat's Banners of War variant pieces (issue 24), public: its development cards (face up), capital, peasant
    tokens, zombie tokens in play and Generalleutnant (a waiting victory card is on the season track and in the status lines); none without the variants."""
    variants = data.variants()
    if not variants:
        return []
    lines = []
    cards = [data.card(c).get("name", c) for c in data.development_cards(seat)]
    if cards:
        lines.append(data._("Development cards: {cards}", cards=", ".join(cards)))
    capitals = sorted(a for a in (variants.get("capitals") or {}) if data.capital_of(a) == seat)
    if capitals:
        lines.append(data._("Capital in {areas}", areas=", ".join(capitals)))
    peasants = sorted(a for a in (variants.get("peasants") or {}) if data.peasant_of(a) == seat)
    if peasants:
        lines.append(data._("Peasant tokens in {areas}", areas=", ".join(peasants)))
    for unit, (used, owned) in sorted(data.tokens_in_play(seat).items()):
        lines.append(data._("{unit}: {used} of {owned} tokens in play", unit=data.unit_name(unit), used=used, owned=owned))
    lieutenant = seat_get(variants.get("lieutenants"), seat)
    if lieutenant:
        lines.append(data._("Second commander card: {card}", card=data.card(str(lieutenant)).get("name", lieutenant)))
    return lines


def _dials(img, draw, x: float, y: float, dials: Mapping[str, int], pal: Palette, data: ViewData) -> float:
    for kind in ("food", "wood", "ore"):
        sprites.paste(img, sprites.resource(kind, 24, getattr(pal, kind)), x + 12, y + 13)
        word = data.word(RESOURCES, kind)
        label = f"{word[:1].upper()}{word[1:]} {dials.get(kind, 0)}"
        fonts.text(img, (x + 28, y), label, BODY, pal.ink)
        x += 36 + fonts.width(label, BODY)
    return x


def _orders_line(data: ViewData, player: Mapping[str, Any]) -> str:
    seat = player["seat"]
    revealed = seat_get(data.view.get("orders_revealed"), seat)
    if revealed is not None:
        now = data._("Order: {order}", order=data.order_name(revealed))
    elif player.get("chosen") is not None:
        now = data._("Order: {order} (chosen, hidden)", order=data.order_name(player["chosen"]))
    elif player.get("has_chosen"):
        now = data._("Order: chosen")
    else:
        now = data._("Order: —")
    played = player.get("orders_played") or []
    return now + (" · " + data._("played {orders}", orders=", ".join(str(n) for n in played)) if played else "")


def _cards_line(data: ViewData, player: Mapping[str, Any], counts: Mapping[str, int]) -> str:
    seat = player["seat"]
    rewards = sum(h.get("rewards", 0) or 0 for h in data.view.get("heroes", []) or [] if h.get("owner") == seat)
    parts = [
        data._("Tactics {n}", n=player.get("tactics", 0)),
        data._("Quests {n}", n=player.get("quests", 0)),
    ]
    if data.view.get("heroes") is not None:
        parts.append(data._("Rewards {n}", n=rewards))
    parts.append(data._("Objective yes") if player.get("objective") else data._("Objective no"))
    if seat == data.viewer and not data.rune_public({}):
        parts.append(
            data._(
                "Your runes: {dragon} dragon, {false} false, {unknown} unknown",
                dragon=counts["dragon_runes"],
                false=counts["false_runes"],
                unknown=counts["face_down_runes"],
            )
        )
    else:
        parts.append(
            data._(
                "Dragon runes {dragon} (+{face_down} face down)",
                dragon=counts["dragon_runes"],
                face_down=counts["face_down_runes"],
            )
        )
    return " · ".join(parts)


def _heroes(col: Column, data: ViewData, pal: Palette) -> None:
    heroes = data.view.get("heroes") or []
    if not heroes:
        return
    col.text(data._("Heroes"), BODY, pal.ink, bold=True)
    for hero in heroes:
        owner = hero.get("owner")
        colour = data.colour(owner, pal)
        name = data.hero_name(hero)
        traits = data._(
            "S{strength} A{agility} W{wisdom}",
            strength=hero.get("strength", "?"),
            agility=hero.get("agility", "?"),
            wisdom=hero.get("wisdom", "?"),
        )
        wounds = data._("wounds {wounds}/{health}", wounds=hero.get("wounds", 0), health=hero.get("health", "?"))
        where = data._("in {area}", area=hero["area"]) if hero.get("area") else data._("off the map")
        training = [
            f"+{t.get('amount', 1)} {data.word(TRAITS, t.get('trait'))}" if isinstance(t, Mapping) else str(t)
            for t in hero.get("training") or []
        ]
        line = f"{name} ({data.who(owner)}): {traits}, {wounds}, {where}" + (
            ", " + data._("routed") if hero.get("routed") else ""
        )
        if training:
            line += ", " + data._("trained {traits}", traits=", ".join(training))
        if hero.get("rewards"):
            line += ", " + data._("rewards {n}", n=hero["rewards"])
        commander = data.commander_card(hero)
        if commander:
            line += ", " + data._("commander with {card}", card=data.card(commander).get("name", commander))
        face_up = [data.card(c).get("name", c) for c in hero.get("face_up_rewards") or []]
        if face_up:
            line += " " + data._("(face up: {cards})", cards=", ".join(face_up))
        lines = fonts.wrap(line, SMALL, col.inner - 40)
        step = line_height(SMALL)

        def paint(img, draw, y, lines=lines, colour=colour, name=name, step=step, commander=bool(commander)):
            sprites.paste(img, sprites.hero(26, colour), col.pad + 14, y + 12)
            fonts.text(img, (col.pad + 14, y + 10), name[:1].upper(), 12, text_on(colour), anchor="mm", bold=True)
            if commander:
                star(draw, col.pad + 26, y + 2, 8, pal)
            for i, text in enumerate(lines):
                fonts.text(img, (col.pad + 40, y + 2 + i * step), text, SMALL, pal.ink)

        col.add(max(30, step * len(lines) + 4), paint)


def _titles(col: Column, data: ViewData, pal: Palette) -> None:
    """Titles nobody holds (held ones are on their holder's row)."""
    free = [data.card(t).get("name", t) for t, info in (data.view.get("titles") or {}).items() if info.get("holder") is None]
    if free:
        col.text(data._("Titles nobody holds: {titles}", titles=", ".join(free)), SMALL, pal.ink)


def _decks(col: Column, data: ViewData, pal: Palette) -> None:
    view = data.view
    decks = view.get("decks") or {}
    parts = [f"{deck_name(data, name)} {n}" for name, n in decks.items()]
    supply = view.get("rune_supply") or {}
    line = data._("Decks: {decks}", decks=", ".join(parts))
    line += " · " + data._("fate discards {n}", n=len(view.get("fate_discard") or []))
    if supply:
        line += " · " + data._(
            "rune supply: {dragon} dragon, {false} false", dragon=supply.get("dragon", 0), false=supply.get("false", 0)
        )
    col.text(line, SMALL, mix(pal.ink, pal.paper, 0.25))


# -- private -----------------------------------------------------------------------------------


def hand_cards(data: ViewData, seat: int) -> list[tuple[str, str, Mapping[str, Any] | None]]:
    """The cards only ``seat`` sees: ``(kind, card id, hero)``, hero set for a reward card that hero holds."""
    player = data.player(seat) or {}
    cards: list[tuple[str, str, Mapping[str, Any] | None]] = []
    if player.get("objective_card"):
        cards.append(("objective", player["objective_card"], None))
    cards += [("tactics", c, None) for c in player.get("tactics_hand") or []]
    cards += [("quest", c, None) for c in player.get("quest_hand") or []]
    for hero in data.view.get("heroes") or []:
        if hero.get("owner") == seat:
            cards += [("reward", c, hero) for c in hero.get("reward_cards") or []]
    return cards


def _private(col: Column, data: ViewData, pal: Palette, seat: int) -> None:
    player = data.player(seat) or {}
    colour = data.colour(seat, pal)
    col.rule(pal.panel_rule)
    col.text(data._("Only for {player}: your hand", player=data.who(seat)), BODY + 2, pal.ink, bold=True)
    chosen = player.get("chosen")
    if chosen is not None:
        col.text(data._("Chosen order (hidden from the others): {order}", order=data.order_name(chosen)), BODY, pal.ink)
    hand = player.get("orders_in_hand") or []
    if hand:
        col.text(data._("Orders in hand: {orders}", orders=", ".join(data.order_name(n) for n in hand)), SMALL, pal.ink)
    cards = [
        (_capital(data.word(HAND_KINDS, kind)) + (f" ({data.hero_name(hero)})" if hero else ""), card_id)
        for kind, card_id, hero in hand_cards(data, seat)
    ]
    if not cards:
        col.text(data._("No cards in hand."), SMALL, pal.ink)
    for kind, card_id in cards:
        _card_box(col, data, pal, colour, kind, card_id)


SECTION_WORDS = {"-": "blank", "S": "special"}


def fate_sections(fate: Mapping[str, str]) -> str:
    """A tactic fate card's sections in words (Banners of War): "triangle blank, circle special, hexagon 1 damage"."""

    def word(code: str) -> str:
        if code in SECTION_WORDS:
            return SECTION_WORDS[code]
        return f"{code[1:]} {'rout' if code[0] == 'R' else 'damage'}"

    return ", ".join(f"{shape} {word(code)}" for shape, code in fate.items())


def _card_box(col: Column, data: ViewData, pal: Palette, colour, kind: str, card_id: str) -> None:
    card = data.card(card_id)
    name = card.get("name") or card_id
    text = card.get("text") or card.get("summary") or ""
    if card.get("fate"):  # Banners of War: a tactic fate card, playable instead of a fate card in battles and duels
        kind = "Tactic fate card"
        text = f"{text} As a fate card: {fate_sections(card['fate'])}.".strip()
    lines = fonts.wrap(text, SMALL, col.inner - 32) if text else []
    height = 16 + line_height(BODY) + line_height(SMALL) * len(lines) + 14

    def paint(img, draw, y):
        draw.rounded_rectangle(
            [col.pad, y, col.width - col.pad, y + height - 8], radius=8, fill=(255, 255, 255), outline=colour, width=3
        )
        fonts.text(img, (col.pad + 16, y + 8), name, BODY, pal.ink, bold=True)
        fonts.text(img, (col.width - col.pad - 16, y + 11), kind, SMALL, mix(pal.ink, (255, 255, 255), 0.35), anchor="ra")
        for i, line in enumerate(lines):
            fonts.text(img, (col.pad + 16, y + 8 + line_height(BODY) + i * line_height(SMALL)), line, SMALL, pal.ink)

    col.add(height, paint)
