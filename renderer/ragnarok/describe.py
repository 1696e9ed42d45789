"""Words for the pictures: the alt text (at most 1,024 characters, Discord's limit for an
attachment's description) and the text board (the board without a picture, or one area of it).
Both come from the same view as the picture, so they say nothing it could not show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.ragnarok.style import Words, player_label, spoken, wheel_field

ALT_LIMIT = 1024
View = Mapping[str, Any]


def _who(view: View, pack: Any, seat: Any, w: Words) -> str:
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return player_label(p, pack, w, short=True)
    return w._("nobody")


def _occupants(view: View, pack: Any, t: int, w: Words) -> list[str]:
    out = []
    for p in view.get("players") or []:
        who = _who(view, pack, p["seat"], w)
        strengths = [int(s) for a, s in p.get("armies") or [] if a == t and s]
        if strengths:
            out.append(w._("{who}'s armies {strengths}", who=who, strengths="+".join(map(str, strengths))))
        if p.get("hero_at") == t:
            out.append(w._("{who}'s hero", who=who))
    for m, st in sorted((view.get("monsters") or {}).items()):
        if st.get("status") == "board" and st.get("at") == t:
            ctrl = st.get("ctrl", -1)
            out.append(
                pack.name(m)
                + (" " + w._("(ringed by {who})", who=_who(view, pack, ctrl, w)) if ctrl is not None and ctrl >= 0 else "")
            )
    boss = view.get("boss") or {}
    if boss.get("at") == t and boss.get("defeated", -1) in (-1, None):
        out.append("Loki")
    return out


def territory_line(view: View, pack: Any, info: Mapping[str, Any], w: Words) -> str:
    t = int(info["number"])
    bits = [w._("{t} ({land}, population {pop}", t=t, land=info.get("land"), pop=info.get("population"))]
    if info.get("yggdrasil"):
        bits[0] += ", " + w._("next to Yggdrasil")
    bits[0] += ")"
    ctrl = info.get("controller", -1)
    bits.append(w._("held by {who}", who=_who(view, pack, ctrl, w)) if ctrl is not None and ctrl >= 0 else w._("held by nobody"))
    if info.get("temple"):
        bits.append(w._("temple"))
    if info.get("forge"):
        bits.append(
            w._("forge of {rune}", rune=pack.name(info["forge"])) + ("" if info.get("forge_rune") else " " + w._("(rune taken)"))
        )
    for god, m in sorted((view.get("monuments") or {}).items()):
        at = next(
            (x["number"] for x in pack.raw["territories"] if x["side"] == view.get("side") and x.get("monument") == god), None
        )
        if at == t:
            bits.append(w._("{god}'s monument level {level}", god=pack.name(god), level=m.get("level", 0)))
    bits += _occupants(view, pack, t, w)
    return "; ".join(bits)


def _status(view: View, pack: Any, w: Words) -> list[str]:
    lines = []
    active = view.get("active")
    if not view.get("turn"):
        head = w._("Lords of Ragnarok, setting up: the heroes are chosen and placed")
    else:
        head = w._("Lords of Ragnarok, turn {turn}", turn=view.get("turn", 0))
    if view.get("turn") and isinstance(active, int) and active >= 0 and view.get("result") is None:
        head += ", " + w._("{who} to play", who=_who(view, pack, active, w))
    lines.append(head + ".")
    result = view.get("result")
    if result:
        lines.append(w._("The game is over: {who} wins.", who=_who(view, pack, result.get("winner"), w)))
    held: dict[int, int] = {}
    for t in view.get("territories") or []:
        if t.get("controller", -1) is not None and t.get("controller", -1) >= 0:
            held[t["controller"]] = held.get(t["controller"], 0) + 1
    for p in view.get("players") or []:
        seat = p["seat"]
        attrs = p.get("effective") or {}
        runes = p.get("runes") or {}
        lines.append(
            w._(
                "{who}: {held} territories, Authority {a}, Might {m}, Wisdom {wi}, runes {runes}, {priests} priests, {cards} cards",
                who=player_label(p, pack, w),
                held=held.get(seat, 0),
                a=attrs.get("authority", 0),
                m=attrs.get("might", 0),
                wi=attrs.get("wisdom", 0),
                runes=sum(runes.values()),
                priests=p.get("priests", 0),
                cards=p.get("hand_count", 0),
            )
            + "."
        )
    return lines


def _wheel_lines(view: View, pack: Any, w: Words) -> list[str]:
    out = []
    for field, rec in pack.wheel(view.get("side") or "34p").items():
        stack = (view.get("wheel") or {}).get(field) or []
        if stack:
            out.append(f"{wheel_field(field, rec, w)}: " + ", ".join(_who(view, pack, s, w) for s in stack))
    return [w._("Wheel (bottom to top): {fields}", fields="; ".join(out)) + "."] if out else [w._("The wheel is empty.")]


def _fight_lines(view: View, pack: Any, w: Words) -> list[str]:
    out = []
    hunt = view.get("hunt")
    if hunt:
        attack = pack.attacks.get(hunt.get("card") or "")
        line = w._(
            "Hunt: {hunter} hunts {monster}, {mp} plays the monster",
            hunter=_who(view, pack, hunt.get("hunter"), w),
            monster=pack.name(hunt.get("target")),
            mp=_who(view, pack, hunt.get("mp"), w),
        )
        if attack:
            line += "; " + w._(
                "attack {card} (rage {rage}, weak spot {weak})",
                card=attack["name"],
                rage=attack["rage"],
                weak=attack["weak_spot"],
            )
        out.append(line + ".")
    bt = view.get("battle")
    if bt:
        out.append(
            w._(
                "Battle in territory {t}: {a} attacks {d}",
                t=bt.get("territory"),
                a=_who(view, pack, bt.get("attacker"), w),
                d=_who(view, pack, bt.get("defender"), w),
            )
            + "."
        )
    return out


def text_lines(view: View, pack: Any, *, seat: int | None = None, area: str | None = None, tr: Any = None) -> list[str]:
    """The board as lines of text; ``area``: only that territory (its number)."""
    pack = spoken(pack, tr)
    w = Words(tr)
    terr = {str(t["number"]): t for t in view.get("territories") or []}
    if area is not None:
        key = str(area).strip()
        if key not in terr:
            return [w._("There is no territory {area}; territories are 1 to {n}.", area=area, n=len(terr))]
        return [territory_line(view, pack, terr[key], w)]
    lines = _status(view, pack, w) + _fight_lines(view, pack, w) + _wheel_lines(view, pack, w)
    lines += [territory_line(view, pack, info, w) for info in terr.values()]
    realms = [
        f"{pack.name(r)}: " + ", ".join(_who(view, pack, s, w) for s in seats)
        for r, seats in sorted((view.get("realms") or {}).items())
        if seats
    ]
    if realms:
        lines.append(w._("Alliances: {realms}", realms="; ".join(realms)) + ".")
    omens = [
        pack.omens.get(o, {}).get("text", o) + (" " + w._("(fulfilled)") if turned else "")
        for o, turned in view.get("omens") or []
    ]
    lines.append(w._("Omens: {omens}", omens=" ".join(omens)))
    if seat is not None and view.get("me") == seat:
        lines.append(
            w._("Your hand: {cards}", cards=", ".join(pack.name(c) for c in view.get("hand") or []) or w._("no cards")) + "."
        )
    return lines


def text_board(view: View, pack: Any, seat: int | None = None, *, area: str | None = None, tr: Any = None) -> str:
    return "\n".join(text_lines(view, pack, seat=seat, area=area, tr=tr))


def alt_text(view: View, pack: Any, seat: int | None = None, *, tr: Any = None) -> str:
    """What the picture shows, shortest facts first, at most 1,024 characters. Never a secret:
    a seat's picture is described with its hand's size only."""
    pack = spoken(pack, tr)
    w = Words(tr)
    parts = _status(view, pack, w) + _fight_lines(view, pack, w)
    held = [
        f"{t['number']} {_who(view, pack, t['controller'], w)}"
        for t in view.get("territories") or []
        if t.get("controller", -1) is not None and t.get("controller", -1) >= 0
    ]
    if held:
        parts.append(w._("Held: {list}", list=", ".join(held)) + ".")
    monsters = [
        f"{pack.name(m)} {st['at']}" for m, st in sorted((view.get("monsters") or {}).items()) if st.get("status") == "board"
    ]
    boss = view.get("boss") or {}
    if boss.get("at") and boss.get("defeated", -1) in (-1, None):
        monsters.append(f"Loki {boss['at']}")
    if monsters:
        parts.append(w._("Monsters: {list}", list=", ".join(monsters)) + ".")
    parts += _wheel_lines(view, pack, w)
    out = ""
    for part in parts:
        if len(out) + len(part) + 1 > ALT_LIMIT:
            break
        out = f"{out} {part}".strip()
    return out[:ALT_LIMIT]
