"""Rune Age in words: every event, prompt and answer names cards, places and players as people
say them (the cards' printed names, "Player 2"), never ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import N_
from bot.narration import Narrator, cap, current_tr, player, voice
from engine.core import Action, Event, Prompt, Seat

#: the scenarios whose players all win or lose together (p. 16)
CO_OPERATIVE = frozenset({"weltenbrand"})
#: end reasons where every player loses together
ALL_LOSE = frozenset({"player_fell", "all_eliminated"})

RACES = {"daqan": "Daqan-Lords", "latari": "Latari-Elfen", "waiqar": "Waiqar der Untote", "uthuk": "Uthuk Y'llan"}
SCENARIOS = {
    "drachenlords": "Rückkehr der Drachenlords",
    "runenkriege": "Runenkriege",
    "weltenbrand": "Weltenbrand",
    "monument": "Das Monument",
}
REASONS = {
    "objective_defeated": N_("the common enemy is defeated"),
    "last_survivor": N_("only one realm still stands"),
    "all_eliminated": N_("every realm has fallen"),
    "player_fell": N_("a realm has fallen, so all lose together"),
    "survived": N_("the event deck is used up and every realm survived"),
    "monument_built": N_("a Monument was built this round"),
    "monument_tiebreak": N_("several Monuments were built; the strongest army in deck, hand and discard decides"),
    "monument_shared": N_("several Monuments were built and the armies are equally strong: the victory is shared"),
    "round_limit": N_("the round limit is reached"),
}
WHERE = {"barracks": N_("back to the Barracks"), "supply": N_("back to the centre"), "removed": N_("out of the game")}
RESOURCES = {"gold": N_("gold"), "influence": N_("influence")}


def round_name(view: Mapping[str, Any]) -> str | None:
    """The round a public view is in ("Round 3"), or None outside of play (before the set-up, after the end)."""
    if view.get("result") is not None or not view.get("round") or "players" not in view:
        return None
    return current_tr()._("Round {round}", round=view["round"])


def resources(view: Mapping[str, Any]) -> str:
    """What a seat has left to spend in its turn, from its own view: the gold or influence of
    the open purchase or influence action, the hand, the sources still ready."""
    tr = current_tr()
    step = view.get("step") or {}
    parts = []
    if step.get("kind") == "purchase":
        parts.append(tr._("{gold} gold to spend", gold=step.get("gold", 0)))
    if step.get("kind") in ("influence", "keep"):
        parts.append(tr._("{influence} influence to spend", influence=step.get("influence", 0)))
    me = next((p for p in view.get("players") or [] if p.get("seat") == view.get("seat")), None)
    if "hand" in view:
        parts.append(tr._("hand: {cards}", cards=_cards(list(view["hand"]))))
    if me is not None:
        ready = [r["name"] for k in ("strongholds", "cities", "rewards") for r in me.get(k) or [] if r.get("ready")]
        if me.get("rune") and me["rune"].get("ready"):
            ready.append(me["rune"]["name"])
        parts.append(tr._("ready: {cards}", cards=_cards(ready)))
    return " · ".join(parts)


def catalogue(pack: Any) -> list[dict[str, str]]:
    """Every public card of the pack: id (its name), name, kind and its facts in short."""
    from renderer.runeage.facts import card_line

    kinds = {"unit": "unit", "tactic": "tactic", "gold": "gold", "event": "event", "city": "city", "rune": "Dragon Rune"}
    out = []
    for name, card in pack.cards.items():
        kind = str(card.get("kind"))
        text = card_line(card, current_tr())
        if card.get("text"):
            text += f"\n„{card['text']}“"
        out.append({"id": name, "name": name, "kind": kinds.get(kind, kind), "text": text})
    return out


def event_facts(view: dict[str, Any], pack: Any) -> list[str]:
    """/ra events: the deck's size and next level, the current and lasting events, the events seen."""
    from renderer.runeage.facts import card_line, current_event, event_level

    tr = current_tr()
    level, left = event_level(view, pack)
    lines = [
        tr._("Event deck: {count} cards, level {level} next.", count=left, level=level)
        if level
        else tr._("Event deck: {count} cards.", count=left)
    ]
    if (event := current_event(view)) is not None:
        lines.append(tr._("Current event: {card} ({facts}).", card=event, facts=card_line(pack.cards.get(event) or {}, tr)))
    if view.get("enemies"):
        lines.append(tr._("Enemies in the centre: {cards}.", cards=_cards(list(view["enemies"]))))
    if view.get("event_discard"):
        lines.append(tr._("Events seen: {cards}.", cards=_cards(list(view["event_discard"]))))
    return lines


def supply_facts(view: dict[str, Any], pack: Any) -> list[str]:
    """/ra supply: the neutral cards and gold cards left in the centre, with their influence costs."""
    tr = current_tr()
    lines = [tr._("Neutral cards (influence cost, copies left):")]
    for name, left in (view.get("neutrals") or {}).items():
        card = pack.cards.get(name) or {}
        lines.append(tr._("{card}: cost {cost}, {left} left", card=name, cost=card.get("cost", "?"), left=left))
    gold = view.get("gold") or {}
    for value in ("1", "2", "3"):
        cost = (pack.gold.get(int(value)) or {}).get("cost", "?")
        lines.append(tr._("{value} Gold: cost {cost}, {left} left", value=value, cost=cost, left=gold.get(value, 0)))
    if view.get("cities"):
        lines.append(tr._("Neutral cities: {cards}.", cards=_cards(list(view["cities"]))))
    return lines


def _cards(names: list[str]) -> str:
    tr = current_tr()
    return tr.listing(names) if names else tr._("nothing")


def _seat(d: Mapping[str, Any], key: str = "seat") -> str:
    return player(d.get(key))


class RuneAgeNarrator(Narrator):
    def phrased_kinds(self) -> frozenset[str]:
        return frozenset(_EVENTS)

    def role(self, public_view: Mapping[str, Any], seat: Seat) -> str | None:
        for p in public_view.get("players") or []:
            if isinstance(p, Mapping) and p.get("seat") == seat:
                return RACES.get(str(p.get("race")), str(p.get("race")))
        return None

    def event(self, event: Event) -> str:
        phrase = _EVENTS.get(event.kind)
        if phrase is None:
            return super().event(event)
        with voice(self.tr):
            return phrase(event.data, self.tr)

    def private(self, view: dict[str, Any], seat: Seat) -> list[str]:
        lines = [self.tr._("Hand: {cards}", cards=_cards(list(view["hand"])))] if "hand" in view else []
        if view.get("kept"):
            lines.append(self.tr._("Kept this turn: {cards}", cards=_cards(list(view["kept"]))))
        return lines

    def season(self, view: dict[str, Any]) -> str | None:
        return round_name(view)

    def chapter(self, view: dict[str, Any]) -> str | None:
        """The round (also at the end: the channel then says "Round 11 is over")."""
        if "players" not in view or not view.get("round"):
            return None
        return self.tr._("Round {round}", round=view["round"])

    def status(self, view: dict[str, Any]) -> list[str]:
        """Where the game stands: scenario and round, the event deck, each realm's damage and holdings."""
        if "players" not in view:
            return []
        from engine.runeage.cards import pack_for
        from renderer.runeage.facts import SCENARIOS, event_level

        tr = self.tr
        level, left = event_level(view, pack_for({}))
        lines = [
            tr._(
                "{scenario}, round {round}; event deck {count} (level {level} next)",
                scenario=SCENARIOS.get(str(view.get("scenario")), str(view.get("scenario"))),
                round=view.get("round"),
                count=left,
                level=level or "-",
            )
        ]
        for p in view.get("players") or []:
            held = len(p.get("strongholds") or []) + len(p.get("cities") or []) + len(p.get("rewards") or [])
            state = tr._("eliminated") if p.get("eliminated") else tr._("damage {damage}/20", damage=p.get("damage", 0))
            mark = " ▶" if p.get("seat") == view.get("active") and view.get("phase") == "turn" else ""
            lines.append(
                tr._(
                    "{player}{mark}: {state}, {held} cards in play, deck {deck}, hand {hand}",
                    player=cap(player(p["seat"])),
                    mark=mark,
                    state=state,
                    held=held,
                    deck=p.get("deck_count", 0),
                    hand=p.get("hand_count", 0),
                )
            )
        return lines

    def standings(self, public_view: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
        """A co-operative scenario (Weltenbrand) or a lost game of everyone: "you all won/lost"."""
        tr = self.tr
        reason = str(result.get("reason") or "")
        why = REASONS.get(reason, N_("the game ends"))
        together = public_view.get("scenario") in CO_OPERATIVE or len(public_view.get("players") or []) == 1
        if together or (reason in ALL_LOSE and not result.get("winners")):
            if result.get("winners"):
                return [tr._("You all won: {why}.", why=tr._(why))]
            return [tr._("You all lost: {why}.", why=tr._(why))]
        return super().standings(public_view, result)

    def prompt(self, prompt: Prompt) -> str:
        info, tr = prompt.info, self.tr
        with voice(tr):
            lines = {
                "turn": lambda: tr._(
                    "Round {round}: your actions (buy, influence, card actions, battles, sieges) or end them",
                    round=info.get("round"),
                ),
                "purchase": lambda: tr._("Purchase: add gold or buy from your Barracks; leftover gold is lost"),
                "influence": lambda: tr._(
                    "Influence: exhaust more sources or acquire neutral and gold cards; leftover influence is lost"
                ),
                "keep": lambda: tr._("End of your turn: keep hand cards for 1 influence each, the rest is discarded"),
                "mind_control": lambda: tr._(
                    "Mind control: take one card from {player}'s hand", player=player(info.get("victim"))
                ),
                "muster": lambda: tr._("Muster against {target}: play a unit or tactic card, or pass", target=info.get("target")),
                "ability": lambda: tr._("{card}: use its ability now?", card=info.get("card")),
                "roll": lambda: tr._("Roll the casualty die"),
                "casualty": lambda: tr._("A skull: destroy one of your units ({skulls} to go)", skulls=info.get("skulls")),
                "resolution": lambda: tr._("{card}: discard a hand card for its Resolution ability?", card=info.get("card")),
                "resolution_order": lambda: tr._(
                    "Resolution: which ability comes next? ({cards})", cards=", ".join(map(str, info.get("cards", [])))
                ),
                "end_of_combat": lambda: tr._("{card}: use its End-of-combat ability (draw a card)?", card=info.get("card")),
                "rune_choice": lambda: tr._("Keep one Dragon Rune: {new} or {old}", new=info.get("new"), old=info.get("old")),
            }
            phrase = lines.get(prompt.kind)
            return phrase() if phrase is not None else super().prompt(prompt)

    def action(self, action: Action) -> str:
        with voice(self.tr):
            return _action(self.tr, action) or super().action(action)


def _action(tr: Any, action: Action) -> str | None:
    a, c = action.args, action.choice
    if c == "gold":
        return (
            tr._("Play {card} for gold", card=a["card"]) if "card" in a else tr._("Exhaust {source} for gold", source=a["source"])
        )
    if c in ("influence", "exhaust"):
        return tr._("Exhaust {source} for influence", source=a["source"])
    if c == "action":
        if "rune" in a:
            return tr._("Use {rune}", rune=a["rune"])
        if "player" in a:
            return tr._("Use {card} on {player}", card=a["card"], player=player(a["player"]))
        if "choice" in a:
            return tr._("Use {card}: return {choice}", card=a["card"], choice=a["choice"])
        return tr._("Use {card}", card=a["card"])
    if c == "first":
        return tr._("{card} next", card=a["card"])
    if c == "battle":
        if a["target"] == "stronghold":
            return tr._("Take a stronghold from your Barracks (strength 2)")
        return tr._("Attack {target}", target=a["target"])
    if c == "siege":
        if a["target"] == "realm":
            return tr._("Besiege {player}'s home realm", player=player(a["player"]))
        return tr._("Besiege {target} ({player})", target=a["target"], player=player(a["player"]))
    if c == "buy":
        return tr._("Buy {card}", card=a["card"])
    if c == "acquire":
        return tr._("Acquire {card}", card=a["card"])
    if c == "keep":
        return tr._("Keep {rune}", rune=a["rune"]) if "rune" in a else tr._("Keep {card} (1 influence)", card=a["card"])
    if c == "take":
        return tr._("Take {card}", card=a["card"])
    if c == "play":
        return tr._("Play {card}", card=a["card"])
    if c == "rune":
        return tr._("Use {rune} for strength", rune=a["rune"])
    if c == "use":
        if "discard" in a:
            return tr._("Discard {card}", card=a["discard"])
        if "pay" in a:
            return tr._("Use it on {target}, paying with {source}", target=a["target"], source=a["pay"])
        return tr._("Use it on {target}", target=a["target"]) if "target" in a else tr._("Use it")
    if c == "destroy":
        return tr._("Destroy {card} (wounded)", card=a["card"]) if a.get("wounded") else tr._("Destroy {card}", card=a["card"])
    simple = {"end": N_("End your actions"), "done": N_("Done"), "pass": N_("Pass"), "skip": N_("Skip"), "roll": N_("Roll")}
    return tr._(simple[c]) if c in simple else None


def _game_over(d: Mapping[str, Any], tr: Any) -> str:
    why = tr._(REASONS.get(str(d.get("reason")), N_("the game ends")))
    winners = list(d.get("winners") or [])
    if d.get("reason") in ("survived", "player_fell"):  # Weltenbrand: all together (p. 16)
        return tr._("Game over: {why}. You all won.", why=why) if winners else tr._("Game over: {why}. You all lost.", why=why)
    if not winners:
        return tr._("Game over: {why}. Nobody wins.", why=why)
    return tr.ngettext(
        "Game over: {why}. {players} wins.",
        "Game over: {why}. {players} win.",
        len(winners),
        why=why,
        players=cap(tr.listing(player(s) for s in winners)),
    )


def _cs(tr: Any, names: list[str]) -> str:
    return tr.listing(names) if names else tr._("nothing")


def _set_up(d: Mapping[str, Any], tr: Any) -> str:
    races = ", ".join(tr._("{player} plays {race}", player=player(s), race=RACES.get(r, r)) for s, r in enumerate(d["races"]))
    line = tr._(
        "{scenario}: {races}; {player} is the start player. Cities: {cities}. Neutral cards: {neutrals}.",
        scenario=SCENARIOS.get(d["scenario"], d["scenario"]),
        races=races,
        player=player(d["start"]),
        cities=_cs(tr, d["cities"]),
        neutrals=_cs(tr, d["neutrals"]),
    )
    if any(d.get("runes") or []):
        runes = ", ".join(f"{player(s)} {r}" for s, r in enumerate(d["runes"]) if r)
        line += " " + tr._("Dragon Runes: {runes}.", runes=runes)
    return line


def _battle_started(d: Mapping[str, Any], tr: Any) -> str:
    if d["target_kind"] == "effect":
        return tr._(
            "{player} defends the home realm against {target} (strength {strength}).",
            player=cap(_seat(d)),
            target=d["target"],
            strength=d["strength"],
        )
    target = tr._("a stronghold") if d["target_kind"] == "stronghold" else d["target"]
    return tr._(
        "{player} attacks {target} (strength {strength}, {dice} casualty dice).",
        player=cap(_seat(d)),
        target=target,
        strength=d["strength"],
        dice=d["dice"],
    )


_EVENTS: dict[str, Any] = {
    "game_set_up": _set_up,
    "reshuffled": lambda d, tr: tr._(
        "{player} shuffles the discard pile into a new deck of {count} cards.", player=cap(_seat(d)), count=d["count"]
    ),
    "drew": lambda d, tr: tr.ngettext(
        "{player} draws {count} card.", "{player} draws {count} cards.", d["count"], player=cap(_seat(d)), count=d["count"]
    ),
    "you_drew": lambda d, tr: tr._("You draw {cards}.", cards=_cs(tr, d["cards"])),
    "game_over": _game_over,
    "realm_damaged": lambda d, tr: tr._(
        "{player}'s home realm takes {amount} damage ({total} of 20) from {cause}.",
        player=cap(_seat(d)),
        amount=d["amount"],
        total=d["total"],
        cause=tr._("a siege") if d["cause"] == "siege" else d["cause"],
    ),
    "eliminated": lambda d, tr: (
        tr._("{player} is eliminated by {by}.", player=cap(_seat(d)), by=player(d["by"]))
        if d.get("by") is not None
        else tr._("{player} is eliminated.", player=cap(_seat(d)))
    ),
    "rune_taken": lambda d, tr: (
        tr._(
            "{player} takes the Dragon Rune {rune} from {loser}.", player=cap(_seat(d)), rune=d["rune"], loser=player(d["loser"])
        )
        if d.get("loser") is not None
        else tr._("{player} takes the Dragon Rune {rune}.", player=cap(_seat(d)), rune=d["rune"])
    ),
    "rune_won": lambda d, tr: tr._(
        "{player} wins the Dragon Rune {rune} and must choose which rune stays active.", player=cap(_seat(d)), rune=d["rune"]
    ),
    "rune_removed": lambda d, tr: tr._(
        "The Dragon Rune {rune} of {player} leaves the game.", rune=d["rune"], player=player(d["seat"])
    ),
    "rune_kept": lambda d, tr: (
        tr._("{player} keeps {rune}; {removed} leaves the game.", player=cap(_seat(d)), rune=d["rune"], removed=d["removed"])
        if d.get("removed")
        else tr._("{player} keeps {rune}.", player=cap(_seat(d)), rune=d["rune"])
    ),
    "monument_tiebreak": lambda d, tr: tr._(
        "Monument tie-break, unit strength in deck, hand and discard: {totals}.",
        totals=", ".join(f"{player(s)} {t}" for s, t in d["totals"]),
    ),
    "turn_started": lambda d, tr: tr._("Round {round}: {player}'s turn.", round=d["round"], player=player(d["seat"])),
    "purchase_started": lambda d, tr: tr._("{player} starts a purchase.", player=cap(_seat(d))),
    "gold_played": lambda d, tr: tr._("{player} plays {card}.", player=cap(_seat(d)), card=d["card"]),
    "source_exhausted": lambda d, tr: tr._(
        "{player} exhausts {source} for {value} {resource}.",
        player=cap(_seat(d)),
        source=d["source"],
        value=d["value"],
        resource=tr._(RESOURCES.get(d["resource"], d["resource"])),
    ),
    "bought": lambda d, tr: tr._("{player} buys {card} for {cost} gold.", player=cap(_seat(d)), card=d["card"], cost=d["cost"]),
    "purchase_ended": lambda d, tr: (
        tr._("{player} ends the purchase; {lost} gold is lost.", player=cap(_seat(d)), lost=d["lost"])
        if d["lost"]
        else tr._("{player} ends the purchase.", player=cap(_seat(d)))
    ),
    "influence_started": lambda d, tr: tr._("{player} starts an influence action.", player=cap(_seat(d))),
    "acquired": lambda d, tr: tr._(
        "{player} acquires {card} for {cost} influence.", player=cap(_seat(d)), card=d["card"], cost=d["cost"]
    ),
    "influence_ended": lambda d, tr: (
        tr._("{player} ends the influence action; {lost} influence is lost.", player=cap(_seat(d)), lost=d["lost"])
        if d["lost"]
        else tr._("{player} ends the influence action.", player=cap(_seat(d)))
    ),
    "rune_used": lambda d, tr: (
        tr._("{player} exhausts {rune}: +{amount} strength.", player=cap(_seat(d)), rune=d["rune"], amount=d["amount"])
        if d["effect"] == "strength"
        else tr._("{player} exhausts {rune}: draws {amount}.", player=cap(_seat(d)), rune=d["rune"], amount=d["amount"])
    ),
    "card_action": lambda d, tr: (
        tr._("{player} uses {card} on {target}.", player=cap(_seat(d)), card=d["card"], target=player(d["target"]))
        if d.get("target") is not None
        else tr._("{player} uses {card}, returning {choice}.", player=cap(_seat(d)), card=d["card"], choice=d["choice"])
        if d.get("choice")
        else tr._("{player} uses {card}.", player=cap(_seat(d)), card=d["card"])
    ),
    "card_returned": lambda d, tr: tr._("{card} goes {where}.", card=d["card"], where=tr._(WHERE.get(d["where"], N_("away")))),
    "card_taken": lambda d, tr: tr._(
        "{player} takes a card from {victim}'s hand.", player=cap(_seat(d)), victim=player(d["victim"])
    ),
    "you_took": lambda d, tr: tr._(
        "{player} takes {card} from {victim}'s hand.", player=cap(_seat(d)), card=d["card"], victim=player(d["victim"])
    ),
    "card_kept": lambda d, tr: tr._("{player} keeps a card for 1 influence.", player=cap(_seat(d))),
    "turn_ended": lambda d, tr: tr.ngettext(
        "{player} ends the turn, keeping {n} card and discarding {cards}.",
        "{player} ends the turn, keeping {n} cards and discarding {cards}.",
        d["kept"],
        player=cap(_seat(d)),
        cards=_cs(tr, d["discarded"]),
    ),
    "battle_started": _battle_started,
    "siege_started": lambda d, tr: (
        tr._("{player} besieges {defender}'s home realm.", player=cap(_seat(d)), defender=player(d["defender"]))
        if d["target_kind"] == "realm"
        else tr._(
            "{player} besieges {defender}'s {target}.", player=cap(_seat(d)), defender=player(d["defender"]), target=d["target"]
        )
    ),
    "passed": lambda d, tr: tr._("{player} passes with strength {total}.", player=cap(_seat(d)), total=d["total"]),
    "card_played": lambda d, tr: tr._(
        "{player} plays {card}: strength {total}.", player=cap(_seat(d)), card=d["card"], total=d["total"]
    ),
    "ability_used": lambda d, tr: (
        tr._("{player} uses {card}'s ability on {target}.", player=cap(_seat(d)), card=d["card"], target=d["target"])
        if d.get("target")
        else tr._("{player} uses {card}'s ability.", player=cap(_seat(d)), card=d["card"])
    ),
    "ability_skipped": lambda d, tr: tr._("{player} does not use {card}'s ability.", player=cap(_seat(d)), card=d["card"]),
    "unit_wounded": lambda d, tr: tr._("{player}'s {card} is wounded.", player=cap(_seat(d)), card=d["card"]),
    "unit_destroyed": lambda d, tr: tr._(
        "{player}'s {card} is destroyed and goes {where}.",
        player=cap(_seat(d)),
        card=d["card"],
        where=tr._(WHERE.get(d["where"], N_("away"))),
    ),
    "casualty_roll": lambda d, tr: tr.ngettext(
        "{player} rolls the casualty die: {faces} ({skulls} skull).",
        "{player} rolls the casualty die: {faces} ({skulls} skulls).",
        d["skulls"],
        player=cap(_seat(d)),
        faces=tr.listing(d["faces"]),
        skulls=d["skulls"],
    ),
    "battle_resolved": lambda d, tr: (
        tr._(
            "{player}'s army of {army} beats {target} ({strength}).",
            player=cap(_seat(d)),
            army=d["army"],
            target=d["target"],
            strength=d["strength"],
        )
        if d["won"]
        else tr._(
            "{player}'s army of {army} loses to {target} ({strength}).",
            player=cap(_seat(d)),
            army=d["army"],
            target=d["target"],
            strength=d["strength"],
        )
    ),
    "siege_resolved": lambda d, tr: tr._(
        "The siege of {target}: {player} {army} against {defender} {strength}; {winner} wins.",
        target=d["target"],
        player=player(d["seat"]),
        army=d["army"],
        defender=player(d["defender"]),
        strength=d["strength"],
        winner=tr._("the attacker") if d["won"] else tr._("the defender"),
    ),
    "stronghold_taken": lambda d, tr: tr._("{player} takes the stronghold {card}.", player=cap(_seat(d)), card=d["card"]),
    "city_taken": lambda d, tr: (
        (
            tr._("{player} takes {city} from {loser}", player=cap(_seat(d)), city=d["city"], loser=player(d["loser"]))
            if d.get("loser") is not None
            else tr._("{player} takes {city}", player=cap(_seat(d)), city=d["city"])
        )
        + ("." if d["ready"] else tr._(", exhausted."))
    ),
    "enemy_defeated": lambda d, tr: (
        tr._("{player} defeats {card} and keeps it as a reward.", player=cap(_seat(d)), card=d["card"])
        if d["reward"]
        else tr._("{player} defeats {card}.", player=cap(_seat(d)), card=d["card"])
    ),
    "event_phase": lambda d, tr: tr._(
        "Event phase of round {round}, run by {player}.", round=d["round"], player=player(d["start"])
    ),
    "enemy_strikes": lambda d, tr: tr._(
        "{card} strikes {players} for {amount} damage.",
        card=d["card"],
        players=tr.listing(player(s) for s in d["seats"]),
        amount=d["amount"],
    ),
    "no_event": lambda d, tr: tr._("No event card is left to draw."),
    "event_deck_rebuilt": lambda d, tr: tr._(
        "The event deck is rebuilt from the {count} cards of level 2 in the event discard pile.", count=d["count"]
    ),
    "event_drawn": lambda d, tr: tr._(
        "Event (level {level}, {kind}): {card}.",
        level=d["level"],
        kind=tr._("enemy") if d["event_kind"] == "enemy" else tr._("effect"),
        card=d["card"],
    ),
    "gold_gained": lambda d, tr: tr._("{player} gains {card}.", player=cap(_seat(d)), card=d["card"]),
    "lasting_effect": lambda d, tr: tr._("{card} holds for the whole next round.", card=d["card"]),
    "no_rune": lambda d, tr: tr._("No Dragon Rune is left to discover."),
    "round_started": lambda d, tr: tr._("Round {round} begins with {player}.", round=d["round"], player=player(d["start"])),
}
