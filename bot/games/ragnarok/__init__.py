"""The Lords of Ragnarok front-end (named by ``engine/ragnarok/game.py``): its narrator, the
``/lor`` group (``hand``, ``card``, ``rules`` with the German rulebook's pages, ``discards``,
``omens``), rounds as chapters, a post per player turn, who is up next, the place a decision
is about, the text board, the card list and automatic answers (docs/ragnarok/README.md, "On Discord")."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.frontend import AutoAnswer, FrontEnd
from bot.games.ragnarok.narrator import REWARD, WEAPON, RagnarokNarrator, name, round_name
from bot.i18n import ENGLISH, N_, Tr
from bot.narration import current_tr
from engine.core import Action, Prompt, Seat
from engine.ragnarok.pack import load
from renderer.ragnarok.style import EFFECTS

#: keys of a prompt's info and an answer's arguments that name a territory
TERRITORY_KEYS = ("territory", "at", "to", "dest")
#: decisions about the action wheel: their picture is Yggdrasil's (renderer/ragnarok, crop "yggdrasil")
WHEEL_KINDS = frozenset({"special"})
#: decisions of a hunt and of a battle: their picture is the fight's panel above the seat's own
HUNT_KINDS = frozenset({"hunt_attack", "hunt_defend", "hunt_discard", "hunt_wound", "hunt_effect"})
BATTLE_KINDS = frozenset({"battle"})


def current_turn(view: Mapping[str, Any]) -> tuple[str, Seat] | None:
    """The active player's turn (digest 5: the five steps, then control and battles) as (a key, the seat)."""
    turn, active = int(view.get("turn") or 0), view.get("active")
    if turn <= 0 or view.get("result") is not None or not isinstance(active, int) or active < 0:
        return None
    return str(turn), active


def next_seat(view: Mapping[str, Any]) -> tuple[Seat, str] | None:
    """The seat whose turn follows the current one (clockwise, digest 5; during Ragnarök the seats
    still to play, in order) and the current turn's key."""
    current = current_turn(view)
    if current is None:
        return None
    key, active = current
    ragnarok = view.get("ragnarok") or {}
    if ragnarok:
        left = ragnarok.get("left") or []
        return (int(left[0]), key) if left else None
    seats = len(view.get("players") or [])
    return ((active + 1) % seats, key) if seats else None


def decision_area(prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
    """The place a decision is about: Yggdrasil for a special action (the wheel), the hunt or the
    battle for their decisions (the fight's panel and the seat's hand), else the
    territory its prompt names, the battle's, the hunt's monster's, or the one its answers name
    most often; None: the whole board."""
    if prompt.kind in WHEEL_KINDS:
        return "yggdrasil"  # the wheel: every field's stack, the markers a choice would cover
    if prompt.kind in HUNT_KINDS and view.get("hunt"):
        return "hunt"  # the wound spaces, the attack card, and the seat's own hand (or the monster's)
    if prompt.kind in BATTLE_KINDS and view.get("battle"):
        return "battle"
    numbers = {int(t["number"]) for t in view.get("territories") or []}
    for key in TERRITORY_KEYS:
        value = prompt.info.get(key)
        if isinstance(value, int) and value in numbers:
            return str(value)
    battle = view.get("battle") or {}
    if battle.get("territory") in numbers:
        return str(battle["territory"])
    hunt = view.get("hunt") or {}
    if hunt:
        target = hunt.get("target")
        at = (
            (view.get("boss") or {}).get("at") if target == "loki" else ((view.get("monsters") or {}).get(target) or {}).get("at")
        )
        if at in numbers:
            return str(at)
    counted: dict[int, int] = {}
    for action in actions:
        for key in TERRITORY_KEYS:
            value = action.args.get(key)
            if isinstance(value, int) and value in numbers:
                counted[value] = counted.get(value, 0) + 1
    return str(max(counted, key=counted.__getitem__)) if counted else None


def use_hunt_effect(prompt: Prompt, legal: list[Action]) -> Action | None:
    """A wound card's hunt effect (draw 1 card, heal 1 injury) is used: it costs nothing (digest 8.4)."""
    return next((a for a in legal if a.choice == "use"), None)


#: the catalogue's kinds of card (``/lor card``), in the narrated language
KINDS = {
    "combat": N_("combat card"),
    "attack": N_("monster attack card"),
    "blessing": N_("blessing card"),
    "hero": N_("hero"),
    "lineage": N_("lineage card"),
    "god": N_("god"),
    "god_artifact": N_("god artifact"),
    "monster": N_("monster"),
    "monster_artifact": N_("monster artifact"),
    "boss": N_("boss"),
    "realm": N_("realm"),
    "omen": N_("Ragnarök omen"),
}


def catalogue(pack: Any) -> list[dict[str, str]]:
    """Every public card and board of the pack with its printed text: combat and attack cards,
    blessings, heroes, lineages, gods and their artifacts, monsters and their artifacts, Loki, realm
    tiles, omens. It says nothing of where a card is. Names, kinds and the pack's own texts are in
    the narrated language (``locale/<language>.toml``, else English; issue 31 item 3); ``aliases``
    holds the English and German names, so a card is found by either."""
    if pack is None:
        return []
    raw = pack.raw
    tr = current_tr()
    lang = str(getattr(tr, "content_language", None) or getattr(tr, "language", "en"))
    speaks = hasattr(pack, "localized")
    out: list[dict[str, str]] = []

    def named(rec: Mapping[str, Any]) -> str:
        english = str(rec.get("name") or rec["id"])
        return (pack.localized.get(lang, {}).get(rec["id"]) or english) if speaks else english

    def said(table: str, rec: Mapping[str, Any], field: str = "text") -> str:
        return str(pack.text(table, rec["id"], field, lang) if speaks else rec.get(field, ""))

    def add(rec: Mapping[str, Any], kind: str, text: str) -> None:
        aliases = {str(rec.get("name") or "")} | ({pack.localized.get("de", {}).get(rec["id"], "")} if speaks else set())
        out.append(
            {
                "id": str(rec["id"]),
                "name": named(rec),
                "kind": tr._(KINDS[kind]),
                "text": text or "-",
                "aliases": "\n".join(sorted(a for a in aliases if a)),
            }
        )

    def effect(key: str) -> str:
        return tr._(EFFECTS[key]) if key in EFFECTS else str(key).replace("_", " ")

    def weapon(key: str) -> str:
        return tr._(WEAPON[key]) if key in WEAPON else key

    def reward(key: str) -> str:
        return tr._(REWARD[key]) if key in REWARD else key

    def rune(key: str) -> str:
        return named({"id": key, "name": pack.name(key)}) if speaks else key

    for c in raw["combat_cards"]:
        bits = [f"{weapon(c['weapon'])} {c['value']}"]
        if c.get("shield"):
            bits.append(tr._("shield"))
        if c.get("casualties"):
            bits.append(tr._("{n} casualties", n=c["casualties"]))
        if c.get("battle"):
            bits.append(tr._("battle: {effect}", effect=effect(c["battle"])))
        if c.get("hunt"):
            bits.append(tr._("hunt: {effect}", effect=effect(c["hunt"])))
        add(c, "combat", ", ".join(bits))
    for c in raw["attack_cards"]:
        text = tr._(
            "rage {rage}, weak spot {weak_spot}, the monster draws {draw}",
            rage=c["rage"],
            weak_spot=c["weak_spot"],
            draw=c["draw"],
        )
        if c.get("effect"):
            text += ", " + tr._("if not held: {effect}", effect=effect(c["effect"]))
        if c.get("unblockable"):
            text += ", " + tr._("no shield blocks it")
        add(c, "attack", text)
    for c in raw["blessings"]:
        add(c, "blessing", said("blessings", c))
    for c in raw["heroes"]:
        add(c, "hero", f"{said('heroes', c, 'title')}: {said('heroes', c)}".strip(": "))
    for c in raw["lineages"]:
        add(c, "lineage", said("lineages", c))
    for c in raw["gods"]:
        given = pack.translations.get(lang, {}).get("gods", {}).get(c["id"], {}).get("texts") if speaks else None
        texts = given if isinstance(given, list) and len(given) == len(c.get("texts", [])) else c.get("texts", [])
        add(c, "god", " / ".join(tr._("level {level}: {text}", level=i + 1, text=t) for i, t in enumerate(texts)))
    for c in raw["god_artifacts"]:
        add(c, "god_artifact", said("god_artifacts", c))
    for c in raw["monsters"]:
        wounds = ", ".join(weapon(w["weapon"]) + (f" ({reward(w['reward'])})" if w.get("reward") else "") for w in c["wounds"])
        add(
            c,
            "monster",
            tr._(
                "rune {rune}; wound spaces: {wounds}. Area attack: {area} Special: {special}",
                rune=rune(c["rune"]),
                wounds=wounds,
                area=said("monsters", c, "area_text"),
                special=said("monsters", c, "special_text"),
            ),
        )
    for c in raw["monster_artifacts"]:
        add(c, "monster_artifact", said("monster_artifacts", c))
    for c in raw["bosses"]:
        add(c, "boss", " ".join(t for t in (said("bosses", c, f) for f in ("activate", "rune_ability", "rule")) if t))
    seen = set()
    for c in raw["realm_tiles"]:
        players = "2" if c["players"] == [2] else "3-4"
        key = (c["id"], players)
        if key in seen:
            continue
        seen.add(key)
        # a realm with a 2-player record of its own: its German text is ``text_2p`` (docs/ragnarok/README.md)
        own = pack.translations.get(lang, {}).get("realm_tiles", {}).get(c["id"], {}) if speaks else {}
        text = (own.get("text_2p") if players == "2" else None) or own.get("text") or c["text"]
        out.append(
            {
                "id": f"{c['id']}-{players}",
                "name": tr._("{realm} ({players} players)", realm=named(c), players=players),
                "kind": tr._(KINDS["realm"]),
                "text": tr._("rune {rune}: {text}", rune=rune(c["rune"]), text=text),
            }
        )
    for c in raw["omens"]:
        text = pack.localized.get(lang, {}).get(c["id"]) or c["text"] if speaks else c["text"]
        out.append({"id": c["id"], "name": text.rstrip("."), "kind": tr._(KINDS["omen"]), "text": text})
    return out


class RagnarokFrontEnd(FrontEnd):
    narrator = RagnarokNarrator()
    group = "lor"
    group_description = N_("Lords of Ragnarok: cards, your hand, rules, discard piles and omens")
    #: with the auto_end_turn setting: a wound card's free hunt effect is used without asking
    #: (a prompt with one legal answer needs no entry: auto_pass answers it)
    auto_answers: Mapping[str, AutoAnswer] = {"hunt_effect": use_hunt_effect}
    recap_fields = ("controller", "temple", "forge_rune")
    rules_file = Path(__file__).with_name("rules.toml")
    has_cards = True
    tells_turns = True

    def next_up(self, public_view: Mapping[str, Any]) -> tuple[Seat, str] | None:
        return next_seat(public_view)

    def chapter(self, public_view: Mapping[str, Any]) -> str | None:
        """A round of play ("Round 3"); None during hero selection and after the end."""
        return round_name(public_view, ENGLISH)

    def turn(self, public_view: Mapping[str, Any]) -> tuple[str, Seat] | None:
        return current_turn(public_view)

    def ends_turn(self, event_kind: str) -> bool:
        return event_kind == "turn_ended"

    def decision_area(self, prompt: Prompt, actions: list[Action], view: Mapping[str, Any]) -> str | None:
        return decision_area(prompt, actions, view)

    def text_board(self, view: Mapping[str, Any], area: str | None = None) -> list[str]:
        from renderer.ragnarok.describe import text_lines

        return text_lines(view, load(None), area=area, seat=view.get("me"), tr=current_tr())

    def areas(self, public_view: Mapping[str, Any]) -> list[tuple[str, str]]:
        tr: Tr = current_tr()
        out = [
            (tr._("{number} {land}", number=t["number"], land=t.get("land", "")), str(t["number"]))
            for t in public_view.get("territories") or []
        ]
        side = public_view.get("side") or "34p"
        out += [(str(s["name"]), s["id"]) for s in load(None).raw["seas"] if s["side"] == side]
        out += [(name(r), r) for r in public_view.get("realms") or {}]
        return [*out, ("Yggdrasil", "yggdrasil")]

    def catalogue(self, pack: Any) -> list[dict[str, str]] | None:
        return catalogue(pack)

    def add_commands(self, group: Any) -> None:
        from bot.games.ragnarok.commands import add_commands

        add_commands(group)


FRONTEND = RagnarokFrontEnd()
NARRATOR = FRONTEND.narrator
