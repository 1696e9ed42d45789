"""The panels beside the board: Yggdrasil (the wheel's stacks in order, monuments, omens,
temples, realms, supply), a player board per seat, the hunt and the battle being fought, and a
seat's private panel (its hand, its hunt attack hand, its hero offer). Each panel is a card
:data:`CARD` pixels wide; the wide picture sets two side by side, the phone layout one.

Only the view is read: a public view has no hand, so a public panel cannot show one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderer import fonts
from renderer.blocks import Column, line_height
from renderer.palette import Palette, text_on
from renderer.ragnarok.style import (
    EFFECTS,
    GOLD,
    RUNE_COLOURS,
    WEAPON_LETTERS,
    Words,
    badge,
    player_label,
    seat_colour,
    seat_emblem,
    wheel_field,
)

CARD = 500
PAD = 14
BODY = 18
HEAD = 22
SMALL = 16

View = Mapping[str, Any]


class Card:
    """One panel: a titled column of lines and rows of marks."""

    def __init__(self, pal: Palette, title: str, colour: tuple[int, int, int] | None = None, emblem: str | None = None):
        self.pal = pal
        self.col = Column(CARD, PAD)
        step = line_height(HEAD) + 6

        def head(img: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> None:
            x = PAD
            if colour is not None:
                draw.rectangle([0, y - PAD, CARD, y + step - 4], fill=colour)
                if emblem:
                    disc = badge(emblem, 26, colour)
                    img.paste(disc, (x, y), disc)
                    x += 32
                fonts.text(img, (x, y + 2), title, HEAD, text_on(colour), bold=True)
            else:
                fonts.text(img, (x, y + 2), title, HEAD, pal.ink, bold=True)

        self.col.add(step, head)

    def line(self, text: str, *, size: int = BODY, bold: bool = False, indent: int = 0, fill=None) -> None:
        self.col.text(text, size, fill or self.pal.ink, bold=bold, indent=indent)

    def marks(self, label: str, marks: list[tuple[tuple[int, int, int], str, str]]) -> None:
        """``label`` then discs (colour, emblem, the text under nothing: a tag written after it)."""
        step = line_height(BODY) + 6

        def paint(img: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> None:
            x = PAD
            fonts.text(img, (x, y + 2), label, BODY, self.pal.ink)
            x += int(fonts.width(label, BODY)) + 8
            for colour, emblem, tag in marks:
                disc = badge(emblem, 22, colour)
                img.paste(disc, (x, y + 1), disc)
                x += 24
                if tag:
                    fonts.text(img, (x, y + 2), tag, SMALL, self.pal.ink)
                    x += int(fonts.width(tag, SMALL)) + 8
                if x > CARD - PAD - 30:
                    break

        self.col.add(step, paint)

    def boxes(self, cells: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]]) -> None:
        """A row of labelled boxes (text, fill, ink): a wound track, runes."""
        step = 36

        def paint(img: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> None:
            x = PAD
            for text, fill, ink in cells:
                wbox = max(44, int(fonts.width(text, SMALL)) + 14)
                draw.rounded_rectangle([x, y, x + wbox, y + 30], radius=5, fill=fill, outline=self.pal.ink, width=2)
                fonts.text(img, (x + wbox / 2, y + 15), text, SMALL, ink, anchor="mm", bold=True)
                x += wbox + 6

        self.col.add(step, paint)

    def rule(self) -> None:
        self.col.rule(self.pal.panel_rule)

    def image(self) -> Image.Image:
        return self.col.render(self.pal.paper)


def _colour_of(view: View, pal: Palette) -> Callable[[int], tuple[int, int, int]]:
    players = {int(p["seat"]): p for p in view.get("players") or []}
    return lambda seat: seat_colour(pal, (players.get(seat) or {}).get("colour"), seat)


def _who(view: View, pack: Any, seat: Any) -> str:
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return player_label(p, pack, Words(), short=True)
    return f"P{int(seat) + 1}" if isinstance(seat, int) and seat >= 0 else "-"


def yggdrasil_card(view: View, pack: Any, pal: Palette, w: Words) -> Image.Image:
    colour = _colour_of(view, pal)
    active = view.get("active")
    title = w._("Turn {turn}", turn=view.get("turn", 0)) if view.get("turn") else w._("Setting up")
    if view.get("turn") and isinstance(active, int) and active >= 0:
        title += " · " + _who(view, pack, active)
    result = view.get("result")
    if result:
        title = w._("Game over: {who} wins", who=_who(view, pack, result.get("winner")))
    card = Card(pal, title)
    step = view.get("step")
    if step and not result:
        card.line(w._("Step: {step}", step=str(step).replace("_", " ")), size=SMALL)
    if view.get("ragnarok"):
        card.line(w._("Ragnarök has begun: everyone takes one more turn."), bold=True)
    card.line(w._("Yggdrasil: the action wheel (bottom to top)"), bold=True)
    fields = pack.wheel(view.get("side") or "34p")
    for field, rec in fields.items():
        stack = (view.get("wheel") or {}).get(field) or []
        realm = pack.name(rec.get("realm")) if rec.get("realm") else ""
        label = wheel_field(field, rec, w) + (f" ({realm})" if realm else "") + ":"
        if stack:
            card.marks(label, [(colour(s), seat_emblem(s), "") for s in stack])
        else:
            card.line(label + " " + w._("free"), indent=0)
    card.rule()
    card.line(w._("Monuments"), bold=True)
    for god, m in sorted((view.get("monuments") or {}).items()):
        priests = m.get("priests") or []
        label = w._("{god}: level {level}", god=pack.name(god), level=m.get("level", 0))
        if priests:
            card.marks(label + ", " + w._("priests") + ":", [(colour(s), seat_emblem(s), "") for s in priests])
        else:
            card.line(label)
    tc = view.get("temple_card") or {}
    if tc:
        card.line(w._("Temples built: {taken} of {spaces}", taken=tc.get("taken", 0), spaces=tc.get("spaces", 0)))
    card.rule()
    card.line(w._("Omens of Ragnarök"), bold=True)
    for omen, turned in view.get("omens") or []:
        text = str((pack.omens.get(omen) or {}).get("text", omen))
        card.line(("[x] " if turned else "[ ] ") + text, size=SMALL)
    card.rule()
    allied = sorted((view.get("realms") or {}).items())
    card.line(w._("Realms"), bold=True)
    for realm, seats in allied:
        if seats:
            card.marks(pack.name(realm) + ":", [(colour(s), seat_emblem(s), "") for s in seats])
        else:
            card.line(pack.name(realm) + ": " + w._("no alliance"), size=SMALL)
    supply = view.get("supply") or {}
    decks = view.get("deck_counts") or {}
    card.rule()
    lands = [x for x in pack.raw["lands"] if x["side"] == (view.get("side") or "34p")]
    card.line(
        w._("Lands: {lands}", lands=", ".join(f"{x['id']} {x['territories'][0]}-{x['territories'][-1]}" for x in lands)),
        size=SMALL,
    )
    card.line(
        w._(
            "Supply: {uruz} Uruz, {othala} Othala, {algiz} Algiz runes, {priests} priests, {slayers} slayer markers",
            uruz=supply.get("uruz", 0),
            othala=supply.get("othala", 0),
            algiz=supply.get("algiz", 0),
            priests=supply.get("priests", 0),
            slayers=supply.get("slayers", 0),
        ),
        size=SMALL,
    )
    card.line(
        w._(
            "Decks: {combat} combat, {event} event, {blessing} blessing, {attack} attack cards",
            combat=decks.get("combat", 0),
            event=decks.get("event", 0),
            blessing=decks.get("blessing", 0),
            attack=decks.get("attack", 0),
        ),
        size=SMALL,
    )
    draft = view.get("draft")
    if draft:
        card.line(w._("Blessing draft: {cards}", cards=", ".join(pack.name(c) for c in draft.get("offer") or [])), size=SMALL)
    return card.image()


def player_card(view: View, player: Mapping[str, Any], pack: Any, pal: Palette, w: Words) -> Image.Image:
    seat = int(player["seat"])
    colour = seat_colour(pal, player.get("colour"), seat)
    card = Card(pal, player_label(player, pack, w), colour, seat_emblem(seat))
    injured = set(player.get("injured") or [])
    attrs = player.get("attrs") or {}
    eff = player.get("effective") or {}
    cells = []
    for attr in ("authority", "might", "wisdom"):
        name = {"authority": w._("Authority"), "might": w._("Might"), "wisdom": w._("Wisdom")}[attr]
        value = eff.get(attr, attrs.get(attr, 0))
        text = f"{name} {value}" + (" " + w._("(injured)") if attr in injured else "")
        cells.append((text, (240, 200, 200) if attr in injured else (236, 232, 220), pal.ink))
    card.boxes(cells)
    runes = player.get("runes") or {}
    card.boxes(
        [(f"{pack.name(r)} {runes.get(r, 0)}", RUNE_COLOURS[r], (255, 255, 255)) for r in ("uruz", "othala", "algiz")]
        + [(w._("Priests {n}", n=player.get("priests", 0)), GOLD, pal.ink)]
    )
    armies = [(a, s) for a, s in player.get("armies") or [] if a]
    card.line(
        w._(
            "Hand: {cards} combat cards · slayer markers: {slayers} · armies: {armies} (strength {strength})",
            cards=player.get("hand_count", 0),
            slayers=player.get("slayers", 0),
            armies=len(armies),
            strength=sum(s for _, s in armies),
        )
    )
    where = []
    if player.get("hero_at"):
        where.append(w._("hero in territory {t}", t=player["hero_at"]))
    if player.get("drakkar"):
        sea = next((s["name"] for s in pack.raw["seas"] if s["id"] == player["drakkar"] and s["side"] == view.get("side")), None)
        where.append(w._("drakkar in the {sea}", sea=sea or player["drakkar"]))
    if where:
        card.line(", ".join(where).capitalize(), size=SMALL)
    blessings = player.get("blessings") or []
    if blessings:
        card.line(w._("Blessings: {names}", names=", ".join(pack.name(b) for b in blessings)), size=SMALL)
    arts = player.get("artifacts") or {}
    if arts:
        listed = ", ".join(pack.name(a) + ("" if ready else " " + w._("(exhausted)")) for a, ready in sorted(arts.items()))
        card.line(w._("Artifacts: {names}", names=listed), size=SMALL)
    if player.get("rings"):
        card.line(w._("Controls: {names}", names=", ".join(pack.name(m) for m in player["rings"])), size=SMALL)
    if player.get("trophies"):
        card.line(w._("Defeated: {names}", names=", ".join(pack.name(m) for m in player["trophies"])), size=SMALL)
    return card.image()


def hunt_card(view: View, pack: Any, pal: Palette, w: Words) -> Image.Image | None:
    hunt = view.get("hunt")
    if not hunt:
        return None
    colour = _colour_of(view, pal)
    target = hunt.get("target")
    boss = target == "loki"
    card = Card(
        pal, w._("Hunt: {hunter} hunts {monster}", hunter=_who(view, pack, hunt.get("hunter")), monster=pack.name(target))
    )
    card.line(w._("{player} plays the monster.", player=_who(view, pack, hunt.get("mp"))), size=SMALL)
    if boss:
        wounds = (view.get("boss") or {}).get("wounds") or []
        spaces = [("/".join(WEAPON_LETTERS.get(x, x) for x in pair), None) for pair in pack.boss.get("wounds", [])]
    else:
        wounds = ((view.get("monsters") or {}).get(target) or {}).get("wounds") or []
        rec = pack.monsters.get(target) or {}
        spaces = [(WEAPON_LETTERS.get(x["weapon"], x["weapon"]), x.get("reward") or None) for x in rec.get("wounds", [])]
    cells = []
    for i, (weapon, reward) in enumerate(spaces):
        by = wounds[i] if i < len(wounds) else -1
        text = f"{i + 1} {weapon}" + (f" +{reward}" if reward else "")
        if by is not None and by >= 0:
            cells.append((text + " X", colour(by), text_on(colour(by))))
        else:
            cells.append((text, (236, 232, 220), pal.ink))
    card.line(w._("Wound spaces (X: covered)"), bold=True)
    card.boxes(cells[:4])
    if len(cells) > 4:
        card.boxes(cells[4:])
    attack = pack.attacks.get(hunt.get("card") or "")
    if attack:
        card.line(
            w._(
                "Attack: {card} (rage {rage}, weak spot {weak})",
                card=attack["name"],
                rage=attack.get("rage", 0),
                weak=attack.get("weak_spot", 0),
            ),
            bold=True,
        )
        extra = []
        if attack.get("unblockable"):
            extra.append(w._("no shield blocks it"))
        if attack.get("effect"):
            extra.append(w._("if not held: {effect}", effect=_effect(attack["effect"], w)))
        if extra:
            card.line(", ".join(extra), size=SMALL)
    else:
        card.line(w._("The monster is choosing its attack."))
    defence = hunt.get("defence") or []
    if defence:
        card.line(w._("Defence: {cards}", cards=", ".join(pack.name(c) for c in defence)))
    if hunt.get("shielded"):
        card.line(w._("A shield is raised."), size=SMALL)
    card.line(
        w._(
            "Monster's hand: {n} attack cards · attack deck: {deck}",
            n=hunt.get("monster_hand_count", 0),
            deck=hunt.get("attack_deck_count", 0),
        ),
        size=SMALL,
    )
    return card.image()


def battle_card(view: View, pack: Any, pal: Palette, w: Words) -> Image.Image | None:
    bt = view.get("battle")
    if not bt:
        return None
    territory = bt.get("territory")
    card = Card(pal, w._("Battle in territory {t}", t=territory))
    players = {int(p["seat"]): p for p in view.get("players") or []}
    for side, key in (("a", "attacker"), ("d", "defender")):
        seat = bt.get(key)
        p = players.get(seat) or {}
        strength = sum(s for a, s in p.get("armies") or [] if a == territory)
        played = (bt.get("played") or {}).get(side) or []
        value = (
            strength
            + sum(int((pack.combat.get(c) or {}).get("value", 0)) for c in played)
            + int((bt.get("bonus") or {}).get(side, 0))
        )
        role = w._("Attacker") if side == "a" else w._("Defender")
        card.marks(f"{role}:", [(seat_colour(pal, p.get("colour"), seat), seat_emblem(seat), _who(view, pack, seat))])
        card.line(
            w._(
                "armies {strength} + cards + bonus {bonus} = {value}",
                strength=strength,
                bonus=(bt.get("bonus") or {}).get(side, 0),
                value=value,
            ),
            size=SMALL,
            indent=12,
        )
        for c in played:
            rec = pack.combat.get(c) or {}
            card.line(
                f"{rec.get('name', c)} (+{rec.get('value', 0)}, {WEAPON_LETTERS.get(rec.get('weapon', ''), '')})",
                size=SMALL,
                indent=12,
            )
    passed = bt.get("passed") or []
    if passed:
        card.line(w._("Passed: {who}", who=", ".join(_who(view, pack, s) for s in passed)), size=SMALL)
    if bt.get("to") is not None:
        card.line(w._("To play: {who}", who=_who(view, pack, bt["to"])), bold=True)
    return card.image()


def _effect(effect: Any, w: Words) -> str:
    return w._(EFFECTS[effect]) if effect in EFFECTS else str(effect).replace("_", " ")


def _card_text(pack: Any, c: str, w: Words) -> str:
    rec = pack.combat.get(c)
    if rec:
        bits = [f"{rec['name']}: {WEAPON_LETTERS.get(rec['weapon'], rec['weapon'])} {rec['value']}"]
        if rec.get("shield"):
            bits.append(w._("shield"))
        if rec.get("casualties"):
            bits.append(w._("{n} casualties", n=rec["casualties"]))
        if rec.get("battle"):
            bits.append(w._("battle: {what}", what=_effect(rec["battle"], w)))
        if rec.get("hunt"):
            bits.append(w._("hunt: {what}", what=_effect(rec["hunt"], w)))
        return ", ".join(bits)
    rec = pack.attacks.get(c)
    if rec:
        return w._("{name}: rage {rage}, weak spot {weak}", name=rec["name"], rage=rec["rage"], weak=rec["weak_spot"])
    return pack.name(c)


def private_card(view: View, pack: Any, pal: Palette, w: Words, seat: int) -> Image.Image | None:
    """The seat's own secrets (only in its own view): its hand, its hunt attack hand, its hero offer."""
    if view.get("me") != seat:
        return None
    colour = _colour_of(view, pal)(seat)
    card = Card(pal, w._("Only for you"), colour, seat_emblem(seat))
    hand = view.get("hand") or []
    card.line(w._("Your hand ({n} cards)", n=len(hand)), bold=True)
    for c in hand:
        card.line(_card_text(pack, c, w), size=SMALL, indent=8)
    if not hand:
        card.line(w._("no cards"), size=SMALL, indent=8)
    if view.get("attack_hand"):
        card.line(w._("Your monster's attack cards"), bold=True)
        for c in view["attack_hand"]:
            card.line(_card_text(pack, c, w), size=SMALL, indent=8)
    offer = view.get("offer")
    if offer:
        card.line(w._("Your hero offer"), bold=True)
        for h in offer.get("heroes") or []:
            rec = pack.heroes.get(h) or {}
            card.line(f"{rec.get('name', h)}: {rec.get('text', '')}", size=SMALL, indent=8)
        for lineage in offer.get("lineages") or []:
            rec = pack.lineages.get(lineage) or {}
            card.line(f"{rec.get('name', lineage)}: {rec.get('text', '')}", size=SMALL, indent=8)
    return card.image()


def cards_for(view: View, pack: Any, pal: Palette, w: Words, seat: int | None) -> list[Image.Image]:
    """Every panel of a view, in reading order: the seat's own first, then hunt and battle,
    Yggdrasil and the player boards."""
    out: list[Image.Image | None] = []
    if seat is not None:
        out.append(private_card(view, pack, pal, w, seat))
    out.append(hunt_card(view, pack, pal, w))
    out.append(battle_card(view, pack, pal, w))
    out.append(yggdrasil_card(view, pack, pal, w))
    for p in view.get("players") or []:
        out.append(player_card(view, p, pack, pal, w))
    return [c for c in out if c is not None]


def grid(cards: list[Image.Image], columns: int, pal: Palette, max_height: int | None = None) -> list[Image.Image]:
    """Cards set in ``columns`` columns (each row as tall as its tallest card), as pages of at
    most ``max_height`` pixels cut between rows (one page without a limit)."""
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    pages: list[list[list[Image.Image]]] = [[]]
    used = 0
    for row in rows:
        h = max(c.height for c in row) + 4
        if max_height is not None and pages[-1] and used + h > max_height:
            pages.append([])
            used = 0
        pages[-1].append(row)
        used += h
    out = []
    for page in pages:
        height = sum(max(c.height for c in row) + 4 for row in page) or 1
        img = Image.new("RGB", (columns * CARD, height), pal.panel_rule)
        y = 0
        for row in page:
            for i, c in enumerate(row):
                img.paste(c, (i * CARD, y))
            y += max(c.height for c in row) + 4
        out.append(img)
    return out


def battle_report_card(events: list[Mapping[str, Any]], pack: Any, pal: Palette, w: Words, players: Any = ()) -> Image.Image:
    """A finished battle from its public events (each ``{"kind", "data"}``): who fought where,
    the cards each side played, the result."""
    view = {"players": list(players)}
    colour = _colour_of(view, pal)
    begins = next((e.get("data", {}) for e in events if e.get("kind") == "battle_begins"), {})
    won = next((e.get("data", {}) for e in events if e.get("kind") == "battle_won"), {})
    card = Card(pal, w._("Battle in territory {t}", t=begins.get("territory", won.get("territory", "?"))))
    for key in ("attacker", "defender"):
        seat = begins.get(key)
        if isinstance(seat, int):
            role = w._("Attacker") if key == "attacker" else w._("Defender")
            card.marks(f"{role}:", [(colour(seat), seat_emblem(seat), _who(view, pack, seat))])
            for e in events:
                d = e.get("data", {})
                if e.get("kind") == "battle_card" and d.get("seat") == seat:
                    card.line(_card_text(pack, d.get("card", ""), w), size=SMALL, indent=12)
                elif e.get("kind") == "battle_pass" and d.get("seat") == seat:
                    card.line(w._("passes"), size=SMALL, indent=12)
    if won:
        card.line(
            w._(
                "{who} wins, {a} to {b}.",
                who=_who(view, pack, won.get("winner")),
                a=won.get("winner_value"),
                b=won.get("loser_value"),
            ),
            bold=True,
        )
    return card.image()
