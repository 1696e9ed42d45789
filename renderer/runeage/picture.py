"""Rune Age's pictures from views only: the table (objective, gold piles, neutral stacks, the
event row and the event deck's level, each player's play area), the combat panel (each side's
muster with its strength, the casualty die) and a seat's private picture (hand and Barracks).

Every picture is a column of blocks (:class:`renderer.blocks.Column`) :data:`WIDTH` pixels wide
whose smallest text (:data:`SMALL`) still shows :data:`renderer.phone.MIN_LABEL_PX` high at a
phone's width (:func:`renderer.phone.shown_px`); colour never carries meaning alone: each race
also has its emblem letter and name, an exhausted card is struck through and says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderer import fonts
from renderer.blocks import Column, line_height
from renderer.palette import Palette, mix, text_on
from renderer.palette import palette as get_palette
from renderer.runeage.facts import FACTIONS, N_, SCENARIOS, card_line, current_event, event_level, player_name, say
from renderer.words import words

View = Mapping[str, Any]

WIDTH = 720
PAD = 16
TITLE, BODY, SMALL = 28, 22, 18
CARD_COLUMNS = 2
CARD_GAP = 10
#: the tallest picture of a phone layout (renderer/phone.py)
PAGE_HEIGHT = 1200


def _colour(pal: Palette, player: Mapping[str, Any] | None) -> tuple[int, int, int]:
    if not player:
        return pal.neutral
    return pal.faction(FACTIONS.get(str(player.get("race"))), player.get("seat"))


def _heading(col: Column, pal: Palette, text: str, colour=None, size: int = BODY) -> None:
    fill = colour or pal.ink
    height = line_height(size) + 8

    def paint(img, draw, y):
        draw.rectangle([PAD, y + 2, WIDTH - PAD, y + height - 2], fill=fill)
        fonts.text(img, (PAD + 8, y + 5), text, size, text_on(fill), bold=True)

    col.add(height, paint)


def _cards(col: Column, pal: Palette, cards: Sequence[tuple[str, str, str]], *, accent=None, columns: int = CARD_COLUMNS) -> None:
    """Cards as tiles, ``columns`` a row: (name, facts line, state) each; a state ("exhausted")
    greys the tile and names itself."""
    inner = WIDTH - 2 * PAD
    tile_w = (inner - CARD_GAP * (columns - 1)) // columns
    for start in range(0, len(cards), columns):
        row = cards[start : start + columns]
        wrapped = [
            (
                name,
                fonts.wrap(name, BODY, tile_w - 16),
                fonts.wrap(facts, SMALL, tile_w - 16) if facts else [],
                state,
            )
            for name, facts, state in row
        ]
        height = max(
            8 + len(n) * line_height(BODY) + len(f) * line_height(SMALL) + (line_height(SMALL) if s else 0) + 8
            for _, n, f, s in wrapped
        )

        def paint(img, draw, y, wrapped=wrapped, height=height):
            for k, (_, names, facts, state) in enumerate(wrapped):
                x = PAD + k * (tile_w + CARD_GAP)
                ground = mix(pal.paper, (255, 255, 255), 0.6) if not state else mix(pal.paper, pal.panel_rule, 0.6)
                draw.rectangle([x, y, x + tile_w, y + height - 4], fill=ground, outline=accent or pal.panel_rule, width=3)
                ty = y + 6
                for line in names:
                    fonts.text(img, (x + 8, ty), line, BODY, pal.ink, bold=True)
                    ty += line_height(BODY)
                for line in facts:
                    fonts.text(img, (x + 8, ty), line, SMALL, pal.ink)
                    ty += line_height(SMALL)
                if state:
                    fonts.text(img, (x + 8, ty), state, SMALL, pal.damage, bold=True)

        col.add(height + 4, paint)


def _bar(col: Column, pal: Palette, value: int, limit: int, label: str) -> None:
    height = line_height(SMALL) + 12

    def paint(img, draw, y):
        inner = WIDTH - 2 * PAD
        draw.rectangle([PAD, y + 2, PAD + inner, y + height - 4], fill=pal.paper, outline=pal.ink, width=2)
        filled = round(inner * min(value, limit) / max(1, limit))
        if filled:
            draw.rectangle([PAD, y + 2, PAD + filled, y + height - 4], fill=pal.damage)
        for k in range(1, limit):  # a tick per damage point: the bar reads without its colour
            x = PAD + round(inner * k / limit)
            draw.line([(x, y + height - 10), (x, y + height - 4)], fill=pal.ink, width=1)
        fonts.text(img, (PAD + 8, y + 5), label, SMALL, pal.ink, bold=True, halo=pal.paper)

    col.add(height, paint)


def _facts(pack: Any, name: str, tr: Any) -> str:
    card = pack.cards.get(name) or {}
    return card_line(card, tr)


def _short(pack: Any, name: str, tr: Any) -> str:
    """What a card in a play area gives: its influence or gold, else its facts."""
    card = pack.cards.get(name) or {}
    if card.get("influence"):
        return words(tr)._("{influence} influence", influence=card["influence"])
    if card.get("reward"):
        return words(tr)._("{amount} {what}", amount=card.get("reward_amount", 1), what=say(tr, str(card["reward"])))
    if card.get("rune_kind"):
        return words(tr)._("+{amount} {what}", amount=card.get("amount", 1), what=say(tr, str(card["rune_kind"])))
    return card_line(card, tr)


def _in_play(pack: Any, records: Sequence[Mapping[str, Any]], tr: Any, what: str) -> list[tuple[str, str, str]]:
    return [
        (
            str(r["name"]),
            f"{say(tr, what)} · {_short(pack, str(r['name']), tr)}",
            "" if r.get("ready") else words(tr)._("exhausted"),
        )
        for r in records
    ]


def table_column(view: View, pack: Any, pal: Palette, tr: Any = None, names: Mapping[int, str] | None = None) -> Column:
    """The public table as a column of blocks."""
    col = Column(WIDTH, PAD)
    scenario = SCENARIOS.get(str(view.get("scenario")), str(view.get("scenario")))
    col.text(scenario, TITLE, pal.ink, bold=True)
    col.text(
        words(tr)._("Round {round} of at most {limit}", round=view.get("round"), limit=view.get("round_limit")), BODY, pal.ink
    )
    level, left = event_level(view, pack)
    deck = (
        words(tr)._("Event deck: {count} cards, level {level} next", count=left, level=level)
        if level
        else words(tr)._("Event deck: {count} cards", count=left)
    )
    col.text(deck, BODY, pal.ink)
    if (event := current_event(view)) is not None:
        col.text(words(tr)._("Current event: {card} ({facts})", card=event, facts=_facts(pack, event, tr)), SMALL, pal.ink)
    lasting = [str(e.get("card") or e.get("flag")) for e in view.get("lasting") or [] if isinstance(e, Mapping)]
    if lasting:
        col.text(words(tr)._("Lasting: {cards}", cards=", ".join(lasting)), SMALL, pal.ink)
    gold = view.get("gold") or {}
    col.text(
        words(tr)._(
            "Gold supply: 1 Gold x{one} · 2 Gold x{two} · 3 Gold x{three}",
            one=gold.get("1", 0),
            two=gold.get("2", 0),
            three=gold.get("3", 0),
        ),
        SMALL,
        pal.ink,
    )
    centre: list[tuple[str, str, str]] = []
    if view.get("scenario") == "drachenlords" and view.get("objective"):
        objective = pack.cards.get(view["objective"]) or {}
        centre.append(
            (
                str(view["objective"]),
                words(tr)._(
                    "Objective · strength {strength} · {dice} dice",
                    strength=objective.get("objective_strength", "?"),
                    dice=objective.get("objective_dice", 0),
                ),
                "",
            )
        )
    centre += [(str(c), words(tr)._("City") + " · " + _facts(pack, str(c), tr), "") for c in view.get("cities") or []]
    centre += [(str(e), words(tr)._("Enemy") + " · " + _facts(pack, str(e), tr), "") for e in view.get("enemies") or []]
    if centre:
        _heading(col, pal, words(tr)._("The centre"), pal.neutral)
        _cards(col, pal, centre)
    neutrals = [
        (str(n), words(tr)._("{count} left", count=k) + " · " + _facts(pack, str(n), tr), "")
        for n, k in (view.get("neutrals") or {}).items()
    ]
    if neutrals:
        _heading(col, pal, words(tr)._("Neutral cards"), pal.neutral)
        _cards(col, pal, neutrals)
    if view.get("combat"):
        combat_blocks(col, view, pack, pal, tr, names)
    for player in view.get("players") or []:
        player_blocks(col, view, player, pack, pal, tr, names)
    return col


def player_blocks(col: Column, view: View, player: Mapping[str, Any], pack: Any, pal: Palette, tr: Any, names) -> None:
    colour = _colour(pal, player)
    who = player_name(player, names)
    marks = []
    if player.get("seat") == view.get("active") and view.get("result") is None:
        marks.append(words(tr)._("to play"))
    if player.get("seat") == view.get("start"):
        marks.append(words(tr)._("start player"))
    if player.get("eliminated"):
        marks.append(words(tr)._("eliminated"))
    _heading(col, pal, f"{who}" + (f" · {', '.join(marks)}" if marks else ""), colour)
    damage = int(player.get("damage") or 0)
    _bar(col, pal, damage, 20, words(tr)._("{realm}: damage {damage} of 20", realm=player.get("realm"), damage=damage))
    col.text(
        words(tr)._(
            "Deck {deck} · hand {hand} · discard {discard}",
            deck=player.get("deck_count", 0),
            hand=player.get("hand_count", 0),
            discard=len(player.get("discard") or []),
        ),
        SMALL,
        pal.ink,
    )
    discard = list(player.get("discard") or [])
    if discard:
        col.text(
            words(tr)._("Discard pile: {cards}", cards=", ".join(discard[-8:]) + (" …" if len(discard) > 8 else "")),
            SMALL,
            pal.ink,
        )
    shown = _in_play(pack, player.get("strongholds") or [], tr, N_("Stronghold"))
    shown += _in_play(pack, player.get("cities") or [], tr, N_("City"))
    shown += _in_play(pack, player.get("rewards") or [], tr, N_("Reward"))
    if player.get("rune"):
        shown += _in_play(pack, [player["rune"]], tr, N_("Dragon Rune"))
    if player.get("monument"):
        built = words(tr)._("built") if player.get("monument_built") else words(tr)._("in the Barracks")
        shown.append(
            (str(player["monument"]), words(tr)._("Monument") + f" · {built} · " + _facts(pack, str(player["monument"]), tr), "")
        )
    if shown:
        _cards(col, pal, shown, accent=colour, columns=3)
    col.gap(6)


def combat_blocks(col: Column, view: View, pack: Any, pal: Palette, tr: Any, names) -> None:
    """The combat panel: each side's muster with its strength, the casualty die."""
    combat = view["combat"]
    players = {p["seat"]: p for p in view.get("players") or []}
    target = combat.get("target") or {}
    title = words(tr)._("Siege") if combat.get("kind") == "siege" else words(tr)._("Battle")
    _heading(col, pal, f"{title}: {target.get('name') or target.get('kind') or ''}", pal.damage)
    seats = list(combat.get("seats") or [])
    totals = list(combat.get("totals") or [0, 0])
    for side, army in enumerate(combat.get("armies") or []):
        seat = seats[side] if side < len(seats) else None
        who = player_name(players[seat], names) if seat in players else str(target.get("name") or words(tr)._("the defender"))
        col.text(
            words(tr)._("{side}: strength {total}", side=who, total=totals[side] if side < len(totals) else "?"),
            BODY,
            pal.ink,
            bold=True,
        )
        cards = [
            (str(u.get("name")), _facts(pack, str(u.get("name")), tr), words(tr)._("wounded") if u.get("wounded") else "")
            for u in army
        ]
        if cards:
            _cards(col, pal, cards, accent=_colour(pal, players.get(seat)))
    if not (combat.get("armies") or []) or len(combat.get("armies") or []) < 2:
        if target.get("strength") is not None:
            col.text(words(tr)._("Against: strength {strength}", strength=target.get("strength")), BODY, pal.ink, bold=True)
    if combat.get("skulls"):
        col.text(words(tr)._("Casualty die: {skulls} skulls to take", skulls=combat["skulls"]), BODY, pal.damage, bold=True)


def private_blocks(col: Column, view: View, pack: Any, pal: Palette, tr: Any = None) -> None:
    """A seat's private picture: its hand and its Barracks (its own view only)."""
    seat = view.get("seat")
    player = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    colour = _colour(pal, player)
    hand = list(view.get("hand") or [])
    _heading(col, pal, words(tr)._("Your hand ({count} cards)", count=len(hand)), colour)
    if hand:
        _cards(col, pal, [(c, _facts(pack, c, tr), "") for c in hand], accent=colour)
    else:
        col.text(words(tr)._("No cards in hand."), SMALL, pal.ink)
    if player is not None:
        barracks = [
            (n, words(tr)._("{count} left", count=k) + " · " + _facts(pack, n, tr), "")
            for n, k in (player.get("barracks") or {}).items()
            if k
        ]
        barracks += [
            (n, words(tr)._("Stronghold") + " · " + _facts(pack, n, tr), "") for n in (player.get("strongholds_left") or [])[:1]
        ]
        _heading(col, pal, words(tr)._("Your Barracks"), colour)
        _cards(col, pal, barracks, accent=colour)


def column(
    view: View, pack: Any, *, seat: int | None = None, palette: str | Palette = "default", tr: Any = None, names=None
) -> Column:
    pal = get_palette(palette)
    if "players" not in view:
        col = Column(WIDTH, PAD)
        col.text(words(tr)._("The game has not started."), BODY, pal.ink)
        return col
    col = table_column(view, pack, pal, tr, names)
    if seat is not None and "hand" in view:
        private_blocks(col, view, pack, pal, tr)
    return col


def compose(
    view: View, pack: Any, *, seat: int | None = None, palette: str | Palette = "default", tr: Any = None, **_: Any
) -> Image.Image:
    pal = get_palette(palette)
    return column(view, pack, seat=seat, palette=pal, tr=tr).render(pal.paper)


def private_picture(view: View, pack: Any, *, palette: str | Palette = "default", tr: Any = None) -> Image.Image:
    """Only the seat's hand and Barracks (for its DM)."""
    pal = get_palette(palette)
    col = Column(WIDTH, PAD)
    private_blocks(col, view, pack, pal, tr)
    return col.render(pal.paper)


def combat_picture(view: View, pack: Any, *, palette: str | Palette = "default", tr: Any = None) -> Image.Image | None:
    """The combat panel alone, or None when no combat is being fought."""
    if not view.get("combat"):
        return None
    pal = get_palette(palette)
    col = Column(WIDTH, PAD)
    combat_blocks(col, view, pack, pal, tr, None)
    return col.render(pal.paper)


def gallery(
    view: View,
    pack: Any,
    *,
    seat: int | None = None,
    palette: str | Palette = "default",
    layout: str = "wide",
    tr: Any = None,
    **_: Any,
) -> list[tuple[str, Image.Image]]:
    """The table as pictures: ``wide`` one picture; ``phone`` pages of at most
    :data:`PAGE_HEIGHT` pixels cut between blocks."""
    pal = get_palette(palette)
    col = column(view, pack, seat=seat, palette=pal, tr=tr)
    if layout != "phone":
        return [("table", col.render(pal.paper))]
    return [(f"table-{k + 1}", page) for k, page in enumerate(col.pages(pal.paper, PAGE_HEIGHT))]


_ = ImageDraw  # drawing goes through the blocks' ImageDraw
