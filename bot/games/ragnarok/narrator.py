"""Lords of Ragnarok in words: every event and decision, with cards, places and players by name,
in the language of the narrator's translator (every line a catalogue message, issue 31)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import N_, Tr
from bot.narration import Narrator, cap, current_tr, listing, player
from engine.core import Action, Event, Prompt
from engine.ragnarok.pack import WHEEL_FIELDS, load

ATTR = {"authority": N_("Authority"), "might": N_("Might"), "wisdom": N_("Wisdom")}
FIELD = {
    **WHEEL_FIELDS,
    "activate": N_("Monster (activate)"),
    "hunt": N_("Monster (hunt)"),
}
#: the omen cards (house texts: the pack's texts are English) as the table reads them
OMENS = {
    "odin2": N_("Odin's monument reaches level 2"),
    "thor2": N_("Thor's monument reaches level 2"),
    "freya2": N_("Freya's monument reaches level 2"),
    "levels5": N_("Five monument levels stand"),
    "levels7": N_("Seven monument levels stand"),
    "temples3": N_("Three temples stand"),
    "temples4": N_("Four temples stand"),
    "slain1": N_("A monster has been defeated"),
    "slain2": N_("Two monsters have been defeated"),
    "lands2": N_("Someone controls every territory of two lands"),
}
REASON = {
    "mighty_jarl": N_("as Mighty Jarl (every territory of three lands)"),
    "great_godi": N_("as Great Godi (temple territories)"),
    "fearless_slayer": N_("as Fearless Slayer (Loki defeated)"),
    "ragnarok": N_("at Ragnarök (most territories next to Yggdrasil)"),
}
WHY = {
    "hunt": N_(" for the hunt"),
    "weak_spot": N_(" for the weak spot"),
    "start": N_(" to start"),
    "lineage": N_(" from the lineage"),
    "god": N_(" from the god"),
    "runes": N_(" with runes"),
    "alliance": N_(" for the first alliance"),
    "realm": N_(" from the realm"),
    "prepare": N_(" to prepare"),
    "battle": N_(" from a battle card"),
    "hunt_effect": N_(" from a hunt effect"),
    "beowulf": N_(" (Beowulf)"),
    "loki": N_(" (Loki's rune ability)"),
    "cover": N_(" for the covered marker"),
    "reward": N_(" as a reward"),
    "snorri": N_(" (Snorri)"),
    "blessing": N_(" from a blessing"),
    "temple": N_(" for the temple"),
    "monument": N_(" for a temple at the monument"),
    "priest": N_(" for a priest"),
}
RUNE_ACTION = {
    "boss": N_("activate Loki"),
    "control": N_("control a monster"),
    "ally": N_("ally with a realm"),
    "army_plus": N_("+1 army strength"),
    "activate": N_("activate a monster"),
    "draw1": N_("draw 1 card"),
    "place_hero": N_("place the hero"),
    "attribute": N_("raise an attribute"),
    "draw2": N_("draw 2 cards"),
    "priest": N_("gain a priest"),
    "heal": N_("heal"),
}
#: what a rune action costs (digest 5.3): 1 rune of a named kind, or 2 or 3 different runes
RUNE_COST = {"army_plus": 2, "activate": 2, "draw1": 2, "place_hero": 2, "priest": 2, "attribute": 3, "draw2": 3}
HUNT_EFFECT = {"draw": N_("draw 1 combat card"), "heal": N_("heal 1 injury")}
WEAPON = {"axe": N_("axe"), "sword": N_("sword"), "spear": N_("spear")}
DIE = {"move": N_("Move"), "area": N_("Area attack"), "choice": N_("a free choice")}
REWARD = {"realm": N_("an alliance"), "priest": N_("a priest"), "army": N_("+1 army strength"), "rune": N_("a rune")}
STEP = {
    "prayer": N_("prayer"),
    "hero": N_("hero"),
    "rune": N_("rune actions"),
    "manoeuvre": N_("manoeuvre"),
    "special": N_("special action"),
}


def _pack() -> Any:
    return load(None)


def omen(t: Tr, key: Any) -> str:
    """An omen card's text in ``t``'s language (the pack's text for an omen the table lacks)."""
    if key in OMENS:
        return t._(OMENS[key])
    return name(key)


def name(key: Any) -> str:
    """A card, monster, realm, god, rune or sea by its printed name (pack text, never an id), in the
    narrated language (``locale/<language>.toml`` of the pack, else English; issue 31 item 3)."""
    if key in (None, ""):
        return "-"
    pack = _pack()
    if key == "loki":
        return "Loki"
    if key in pack.names:
        tr = current_tr()
        language = str(getattr(tr, "content_language", None) or getattr(tr, "language", "en"))
        own = pack.localized.get(language, {}).get(key)
        return tr.content(own, language) if own else tr.content(str(pack.names[key]), "en")
    for side in pack.sides.values():
        if key in side.seas:
            return str(side.seas[key]["name"])
    return str(key).replace("_", " ")


def terr(t: Any, tr: Tr) -> str:
    return tr._("territory {number}", number=t) if t else tr._("the supply")


def cards(keys: Any) -> str:
    return listing(name(k) for k in keys or [])


def seat_word(s: Any) -> str:
    return cap(player(s))


def rune_of(monster: Any) -> str | None:
    pack = _pack()
    if monster == "loki":
        return pack.boss.get("rune")
    return (pack.monsters.get(monster) or {}).get("rune")


def realm_rune(realm: Any) -> str | None:
    """The rune an alliance with ``realm`` costs, when every realm tile of that name agrees."""
    runes = {t["rune"] for t in _pack().raw["realm_tiles"] if t["id"] == realm}
    return runes.pop() if len(runes) == 1 else None


class RagnarokNarrator(Narrator):
    #: a battle is also told in a report of its own (the game's battle thread, with its picture)
    report_span = ("battle_begins", "battle_won")

    def report_place(self, data: Mapping[str, Any]) -> str:
        """A battle's territory by its name (its ``battle_begins`` names the territory)."""
        return terr(data.get("territory"), self.tr)

    def event(self, event: Event) -> str:
        t = self.tr
        d = event.data
        who = player(d.get("seat")) if "seat" in d else ""
        Who = cap(who)
        why = t._(WHY[d["why"]]) if d.get("why") in WHY else ""
        where = terr(d.get("territory"), t)
        lines: dict[str, Callable[[], str]] = {
            "game_set_up": lambda: (
                t._(
                    "Lords of Ragnarok for {players} players. Ragnarök's omens: {omens}.",
                    players=d["players"],
                    omens="; ".join(omen(t, o).rstrip(".") for o in d["omens"]),
                )
                + (
                    " "
                    + t._(
                        "Two players: the board's 16-territory side, Great Godi with 4 temple territories,"
                        " Loki may be hunted after 1 defeated monster."
                    )
                    if d["players"] == 2
                    else ""
                )
            ),
            "boss_placed": lambda: t._("Loki appears in {where}.", where=where),
            "monster_placed": lambda: t._("The {monster} is placed in {where}.", monster=name(d["monster"]), where=where),
            "no_monster_placed": lambda: t._("No monster of the {rune} rune is left to place.", rune=name(d["rune"])),
            "selection_begins": lambda: t._("{player} chooses a hero first.", player=Who),
            "offer_drawn": lambda: (
                t._("{player} draws two hero boards and two lineage cards, with Odinsson/Odinsdottir.", player=Who)
                if d["odinsson"]
                else t._("{player} draws two hero boards and two lineage cards.", player=Who)
            ),
            "your_offer": lambda: t._(
                "You may choose {heroes} with {lineages}.", heroes=cards(d["heroes"]), lineages=cards(d["lineages"])
            ),
            "hero_chosen": lambda: t._(
                "{player} plays {hero} of the {lineage} lineage.", player=Who, hero=name(d["hero"]), lineage=name(d["lineage"])
            ),
            "start_placed": lambda: t._(
                "{player} puts their drakkar in the {sea} and lands in {where}.", player=Who, sea=name(d["sea"]), where=where
            ),
            "first_player": lambda: t._("{player} takes the first turn.", player=Who),
            "turn_started": lambda: (
                t._("Final turn {turn}: {player}.", turn=d["turn"], player=who)
                if d["final"]
                else t._("Turn {turn}: {player}.", turn=d["turn"], player=who)
            ),
            "turn_ended": lambda: t._("{player} ends their turn.", player=Who),
            "cards_drawn": lambda: t.ngettext(
                "{player} draws {n} combat card{why}.", "{player} draws {n} combat cards{why}.", d["count"], player=Who, why=why
            ),
            "you_drew": lambda: t._("You draw {cards}.", cards=cards(d["cards"])),
            "deck_reshuffled": lambda: t._(
                "The {deck} discard pile is shuffled into a new deck.", deck=t._(DECK.get(d["deck"], d["deck"]))
            ),
            "rune_gained": lambda: t._("{player} takes a {rune} rune{why}.", player=Who, rune=name(d["rune"]), why=why),
            "none_left": lambda: t._("No {what} is left in the supply for {player}.", what=name(d["what"]), player=who),
            "priest_gained": lambda: t._("{player} gains a priest{why}.", player=Who, why=why),
            "healed": lambda: t._("{player} heals their {attribute}.", player=Who, attribute=t._(ATTR[d["attr"]])),
            "attribute_raised": lambda: t._(
                "{player}'s {attribute} rises to {value}{why}.",
                player=Who,
                attribute=t._(ATTR[d["attr"]]),
                value=d["value"],
                why=why,
            ),
            "army_changed": lambda: t._(
                "{player}'s army in {where} now has strength {strength}.", player=Who, where=where, strength=d["strength"]
            ),
            "army_destroyed": lambda: t._("{player}'s army in {where} is destroyed.", player=Who, where=where),
            "army_recruited": lambda: t._(
                "{player} recruits an army of strength {strength} in {where}.", player=Who, strength=d["strength"], where=where
            ),
            "army_moved": lambda: t._(
                "{player} moves an army of strength {strength} to {where}.", player=Who, strength=d["strength"], where=where
            ),
            "army_placed": lambda: t._("{player} places an army in {where}.", player=Who, where=where),
            "control_taken": lambda: (
                t._("{player} takes control of {where} from {previous}.", player=Who, where=where, previous=player(d["previous"]))
                if d.get("previous") is not None
                else t._("{player} takes control of {where}.", player=Who, where=where)
            ),
            "artifact_gained": lambda: (
                t._(
                    "{player} gains {artifact} from {previous}.",
                    player=Who,
                    artifact=name(d["artifact"]),
                    previous=player(d["previous"]),
                )
                if d.get("previous") is not None
                else t._("{player} gains {artifact}.", player=Who, artifact=name(d["artifact"]))
            ),
            "artifact_used": lambda: t._("{player} exhausts {artifact}.", player=Who, artifact=name(d["artifact"])),
            "card_discarded": lambda: t._("{player} discards {card}.", player=Who, card=name(d["card"])),
            "rune_discarded": lambda: t._("{player} discards a {rune} rune.", player=Who, rune=name(d["rune"])),
            "injured": lambda: t._(
                "{player}'s hero is injured: {attribute} counts 2.", player=Who, attribute=t._(ATTR[d["attr"]])
            ),
            "injury_ignored": lambda: t._("{player}'s hero is already fully injured.", player=Who),
            "priest_sent": lambda: t._(
                "{player} sends a priest to {god}'s monument (level {level}).", player=Who, god=name(d["god"]), level=d["level"]
            ),
            "rune_forged": lambda: t._(
                "{player} forges a {rune} rune in {where}.", player=Who, rune=name(d["rune"]), where=where
            ),
            "hero_moved": lambda: t._("{player}'s hero goes to {where}.", player=Who, where=where),
            "hero_placed": lambda: t._("{player}'s hero is placed in {where}.", player=Who, where=where),
            "drakkar_moved": lambda: t._("{player}'s drakkar sails to the {sea}.", player=Who, sea=name(d["sea"])),
            "runes_spent": lambda: t._("{player} spends {runes}.", player=Who, runes=cards(d["runes"])),
            "rune_action": lambda: t._(
                "{player} takes a rune action: {action}.",
                player=Who,
                action=t._(RUNE_ACTION[d["action"]]) if d["action"] in RUNE_ACTION else d["action"],
            ),
            "monster_controlled": lambda: t._("{player} puts a ring on the {monster}.", player=Who, monster=name(d["monster"])),
            "monster_released": lambda: t._("{player} releases the {monster}.", player=Who, monster=name(d["monster"])),
            "realm_allied": lambda: (
                t._("{player} allies with {realm} first.", player=Who, realm=name(d["realm"]))
                if d["first"]
                else t._("{player} allies with {realm}.", player=Who, realm=name(d["realm"]))
            ),
            "special_chosen": lambda: (
                t._(
                    "{player} chooses {action} ({target}).", player=Who, action=self._field(d["action"]), target=name(d["target"])
                )
                if d.get("target")
                else t._("{player} chooses {action}.", player=Who, action=self._field(d["action"]))
            ),
            "no_special_action": lambda: t._("{player} has no special action they can take.", player=Who),
            "marker_covered": lambda: t._(
                "{player} covers {covered}'s marker on {field}.",
                player=Who,
                covered=player(d["covered"]),
                field=self._field(d["field"]),
            ),
            "alliance_bonus": lambda: t._(
                "{realm}'s bonus goes to {players}.", realm=name(d["realm"]), players=listing(player(s) for s in d["seats"])
            ),
            "temple_built": lambda: t._("{player} builds a temple in {where}.", player=Who, where=where),
            "draft_offered": lambda: t._("A blessing draft begins with {player}: {cards}.", player=who, cards=cards(d["cards"])),
            "blessing_drafted": lambda: t._("{player} takes the blessing {card}.", player=Who, card=name(d["card"])),
            "draft_leftover": lambda: t._("{cards} is discarded.", cards=cards(d["cards"])),
            "monument_built": lambda: t._(
                "{player} builds {god}'s monument to level {level}.", player=Who, god=name(d["god"]), level=d["level"]
            ),
            "omen_turned": lambda: t._("An omen is fulfilled: {omen}", omen=omen(t, d["omen"])),
            "ragnarok_begins": lambda: t._("Ragnarök begins! Everyone takes one more turn, {player} last.", player=who),
            "wheel_reset": lambda: t._("Priests leave the monuments, the wheel is cleared and every artifact recharges."),
            "forge_income": lambda: t._("{player} takes {runes} from their forges.", player=Who, runes=cards(d["runes"])),
            "event_drawn": lambda: t._("Event card {number} is drawn.", number=d["territory"]),
            "monster_activated": lambda: (
                t._("The {monster} is activated by its controller {player}.", monster=name(d["monster"]), player=who)
                if d["controlled"]
                else t._("The {monster} is activated; {player} decides.", monster=name(d["monster"]), player=who)
            ),
            "die_rolled": lambda: t._("The monster die shows {face}.", face=t._(DIE[d["face"]])),
            "monster_moved": lambda: t._("The {monster} moves to {where}.", monster=name(d["monster"]), where=where),
            "stomped": lambda: t._(
                "The {monster} stomps {player}'s army in {where}.", monster=name(d["monster"]), player=who, where=where
            ),
            "hunt_effect_skipped": lambda: t._(
                "{player} leaves the hunt effect of {card} unused.", player=Who, card=name(d["card"])
            ),
            "stomp_spared": lambda: t._("The {monster} spares the armies in {where}.", monster=name(d["monster"]), where=where),
            "area_attack": lambda: t._("The {monster} attacks around {where}.", monster=name(d["monster"]), where=where),
            "boss_activated": lambda: t._("Loki stirs; {player} decides.", player=who),
            "boss_moved": lambda: t._("Loki moves to {where}.", where=where),
            "boss_recovers": lambda: t._("Loki recovers from every wound."),
            "battle_begins": lambda: t._(
                "Battle in {where}: {attacker} attacks {defender}.",
                where=where,
                attacker=player(d["attacker"]),
                defender=player(d["defender"]),
            ),
            "battle_card": lambda: t._("{player} plays {card}.", player=Who, card=name(d["card"])),
            "battle_pass": lambda: t._("{player} passes.", player=Who),
            "battle_won": lambda: t._(
                "{winner} wins the battle in {where}, {value} to {other}.",
                winner=seat_word(d["winner"]),
                where=where,
                value=d["winner_value"],
                other=d["loser_value"],
            ),
            "retreated": lambda: t._(
                "{player}'s armies retreat from {where} to {destination}.",
                player=Who,
                where=where,
                destination=terr(d["dest"], t),
            ),
            "hunt_started": lambda: t._(
                "{player} hunts {target}; {monster_player} plays the monster.",
                player=Who,
                target=name(d["target"]),
                monster_player=player(d["monster_player"]),
            ),
            "monster_drew": lambda: t.ngettext(
                "The monster draws {n} attack card.", "The monster draws {n} attack cards.", d["count"]
            ),
            "your_attack_cards": lambda: t._("The monster's new attack cards: {cards}.", cards=cards(d["cards"])),
            "attack_played": lambda: t._("The monster attacks with {card}.", card=name(d["card"])),
            "attack_cards_discarded": lambda: t._("The monster discards {cards}.", cards=cards(d["cards"])),
            "defence_card": lambda: t._("{player} defends with {card}.", player=Who, card=name(d["card"])),
            "defence_result": lambda: (
                t._("{player}'s defence of {total} holds.", player=Who, total=d["total"])
                if d["success"]
                else t._("{player}'s defence of {total} fails.", player=Who, total=d["total"])
            ),
            "special_attack": lambda: t._("{monster} makes its special attack.", monster=name(d["target"])),
            "hunt_ended_by_attack": lambda: t._("The attack ends {player}'s hunt.", player=who),
            "weak_spot": lambda: t._(
                "{player} finds the weak spot ({total}) and draws another card.", player=Who, total=d["total"]
            ),
            "wound_outside": lambda: t._(
                "{player} wounds the {monster} on space {space} outside a hunt (no reward).",
                player=Who,
                monster=name(d["monster"]),
                space=d["space"],
            ),
            "wound_dealt": lambda: t._(
                "{player} wounds {target} on space {space} with {cards}.",
                player=Who,
                target=name(d["target"]),
                space=d["space"],
                cards=cards(d["cards"]),
            ),
            "reward_gained": lambda: t._("{player} earns the reward: {reward}.", player=Who, reward=t._(REWARD[d["reward"]])),
            "hunt_given_up": lambda: t._("{player} deals no wound: the hunt fails.", player=Who),
            "hunt_deck_empty": lambda: t._("The monster's attack deck is empty: the hunt fails."),
            "hunt_over": lambda: (
                t._("{player}'s hunt of {target} succeeds.", player=Who, target=name(d["target"]))
                if d["success"]
                else t._("{player}'s hunt of {target} fails.", player=Who, target=name(d["target"]))
            ),
            "monster_defeated": lambda: t._("{player} defeats the {monster}!", player=Who, monster=name(d["monster"])),
            "slayer_marker": lambda: t._(
                "{player} earns a slayer marker for the {monster}.", player=Who, monster=name(d["monster"])
            ),
            "game_over": lambda: self._game_over(d),
        }
        phrase = lines.get(event.kind)
        return phrase() if phrase is not None else super().event(event)

    def _field(self, field: str) -> str:
        return self.tr._(FIELD[field]) if field in FIELD else field

    def _game_over(self, d: Mapping[str, Any]) -> str:
        t = self.tr
        how = t._(REASON[d["reason"]]) if d.get("reason") in REASON else t._("the game")
        line = t._("{winner} wins {how}.", winner=seat_word(d["winner"]), how=how)
        if d.get("scores"):
            line += " " + t._(
                "Territories next to Yggdrasil: {scores}.",
                scores=", ".join(f"{player(s)} {n}" for s, n in enumerate(d["scores"])),
            )
        return line

    def phrased_kinds(self) -> frozenset[str]:
        return PHRASED

    def action(self, action: Action) -> str:
        t = self.tr
        a = action.args
        c = action.choice
        table: dict[str, Callable[[], str]] = {
            "skip": lambda: t._("Skip"),
            "pass": lambda: t._("Pass"),
            "done": lambda: t._("Done"),
            "stop": lambda: t._("End the round"),
            "give_up": lambda: t._("Deal no wound (the hunt fails)"),
            "none": lambda: t._("Spare them"),
            "forge": lambda: t._("Forge the rune here"),
            "priest": lambda: (
                t._("Send a priest to {god}", god=name(a["god"])) if "god" in a else t._("Gain a priest") + self._cost("priest")
            ),
            "sail": lambda: t._("Sail to the {sea}", sea=name(a["to"])),
            "heal": lambda: t._("Heal {attribute}", attribute=t._(ATTR[a["attr"]])) if "attr" in a else t._("Heal 1 injury"),
            "boss": lambda: t._("Activate Loki") + self._one_rune(rune_of("loki")),
            "control": lambda: (
                (
                    t._("Ring the {monster} (free the {release})", monster=name(a["monster"]), release=name(a["release"]))
                    if a["release"]
                    else t._("Ring the {monster}", monster=name(a["monster"]))
                )
                + self._one_rune(rune_of(a["monster"]))
            ),
            "ally": lambda: t._("Ally with {realm}", realm=name(a["realm"])) + self._one_rune(realm_rune(a["realm"])),
            "army_plus": lambda: t._("+1 to army {number}", number=a["army"] + 1) + self._cost("army_plus"),
            "draw1": lambda: t._("Draw 1 combat card") + self._cost("draw1"),
            "draw2": lambda: t._("Draw 2 combat cards") + self._cost("draw2"),
            "draw": lambda: t._("Draw 1 combat card"),
            "place_hero": lambda: t._("Place your hero in {where}", where=terr(a["to"], t)) + self._cost("place_hero"),
            "attribute": lambda: t._("Raise {attribute}", attribute=t._(ATTR[a["attr"]])) + self._cost("attribute"),
            "reinforce": lambda: t._("Strengthen army {number}", number=a["army"] + 1),
            "recruit": lambda: t._("Recruit in {where}", where=terr(a["at"], t)) if "at" in a else t._("Recruit an army here"),
            "mobilize": lambda: t._("Mobilize"),
            "prepare": lambda: t._("Prepare"),
            "temple": lambda: t._("Build a temple in {where}", where=terr(a["at"], t)),
            "activate": lambda: (
                t._("Activate the {monster}", monster=name(a["monster"])) + self._cost("activate")
                if "monster" in a
                else t._("Activate monsters")
            ),
            "hunt": lambda: t._("Hunt {target}", target=name(a["target"])),
            "seize": lambda: t._("Seize your hero's territory"),
            "monument": lambda: t._("Build {god}'s monument", god=name(a["god"])),
            "fight": lambda: t._("Fight in {where}", where=terr(a["territory"], t)),
            "play": lambda: t._("Play {card}", card=name(a["card"])),
            "artifact": lambda: t._("Exhaust {artifact}", artifact=name(a["artifact"])),
            "to": lambda: t._("Retreat to {where}", where=terr(a["territory"], t)),
            "rune": lambda: t._("Take {rune}", rune=name(a["rune"])),
            "card": lambda: t._("Discard {card}", card=name(a["card"])),
            "flip": lambda: t._("Injure {attribute}", attribute=t._(ATTR[a["attr"]])),
            "pick": lambda: (
                t._("{hero} with {lineage}", hero=name(a["hero"]), lineage=name(a["lineage"]))
                if "hero" in a
                else t._("Take {card}", card=name(a["card"]))
            ),
            "place": lambda: t._("Drakkar in the {sea}, land in {where}", sea=name(a["sea"]), where=terr(a["territory"], t)),
            "realm": lambda: t._("Ally with {realm}", realm=name(a["realm"])),
            "attack": lambda: t._("Attack with {card}", card=name(a["card"])),
            "wound": lambda: t._(
                "Wound space {space} with {cards}",
                space=a["space"],
                cards=cards([a["card"], a.get("card2")] if "card2" in a else [a["card"]]),
            ),
            "area": lambda: t._("Area attack"),
            "use": lambda: t._(
                "Use {card}: {effect}",
                card=name(a["card"]),
                effect=t._(HUNT_EFFECT[a["effect"]]) if a.get("effect") in HUNT_EFFECT else t._("its hunt effect"),
            ),
            "artifact_wound": lambda: t._(
                "Exhaust {artifact}: wound the {monster} (space {space})",
                artifact=name(a["artifact"]),
                monster=name(a["monster"]),
                space=a["space"],
            ),
            "pay": lambda: t._("Pay with {runes}", runes=listing(name(r) for r in a["runes"].split("+"))),
        }
        if c == "monster":
            return t._("The {monster}", monster=name(a["monster"]))
        if c == "move":
            if "army" in a:
                return t._("Move army {number} to {where}", number=a["army"] + 1, where=terr(a["to"], t))
            return t._("Move to {where}", where=terr(a["to"], t))
        if c == "army":
            number = a["army"] + 1
            if "owner" in a and "strength" in a:
                return t._(
                    "{player}'s army {number} (strength {strength})",
                    player=cap(player(a["owner"])),
                    number=number,
                    strength=a["strength"],
                )
            if "owner" in a:
                return t._("{player}'s army {number}", player=cap(player(a["owner"])), number=number)
            if "strength" in a:
                return t._("Army {number} (strength {strength})", number=number, strength=a["strength"])
            return t._("Army {number}", number=number)
        if c == "place_army":
            return t._("Place army {number} in {where}", number=a["army"] + 1, where=terr(a["to"], t))
        phrase = table.get(c)
        return phrase() if phrase is not None else super().action(action)

    def _cost(self, action: str) -> str:
        """ " (2 different runes)": what a rune action costs (digest 5.3), for its button."""
        n = RUNE_COST.get(action)
        return " " + self.tr._("({n} different runes)", n=n) if n else ""

    def _one_rune(self, rune: str | None) -> str:
        return " " + self.tr._("(1 {rune} rune)", rune=name(rune)) if rune else ""

    def prompt(self, prompt: Prompt) -> str:
        t = self.tr
        i = prompt.info
        texts: dict[str, Callable[[], str]] = {
            "hero_pick": lambda: t._("Choose your hero and lineage"),
            "start_place": lambda: t._("Place your drakkar, then your hero and two armies next to its sea"),
            "prayer": lambda: t._("Prayer: send a priest, forge a rune, or go on"),
            "hero": lambda: t._("Hero: move up to 2 territories, sail up to 2 seas, or heal"),
            "rune": lambda: t._("Rune action: spend runes for one action, or go on"),
            "manoeuvre": lambda: t._("Manoeuvre: activate one army (or recruit one)"),
            "special": lambda: t._("Special action: choose a field on the wheel (your marker goes on top of any there)"),
            "battle_order": lambda: t._("Several battles: choose where to fight first"),
            "bonus": lambda: t._("Alliance bonus of {realm}", realm=name(i.get("realm"))),
            "take_rune": lambda: t._("Take a rune of your choice"),
            "discard": lambda: t._("Over your Wisdom limit: discard one"),
            "injury": lambda: t._("Your hero is injured: choose the attribute"),
            "heal": lambda: t._("Heal: choose the attribute"),
            "mobilize": lambda: t._("Mobilize: activate another army, or finish"),
            "prepare": lambda: t._("Prepare: option {n} of 2", n=i.get("n", 1)),
            "draft": lambda: t._("Blessing draft: take one blessing"),
            "activate_pick": lambda: t._("Monster: choose a monster to activate"),
            "seize_recruit": lambda: t._("Recruit an army in {where}?", where=terr(i.get("territory"), t)),
            "battle": lambda: (
                t._("Battle: you have passed; exhaust a battle artifact, or stay passed")
                if i.get("passed")
                else t._("Battle: play a combat card or pass")
            ),
            "casualties": lambda: t._("Casualties: {n} strength to take from your armies", n=i.get("left", 1)),
            "retreat": lambda: t._("Retreat from {where}: choose where", where=terr(i.get("territory"), t)),
            "monster_act": lambda: (
                t._("The {monster}: move or attack", monster=name(i.get("monster")))
                if i.get("face") == "choice"
                else t._("The {monster}: where does it move?", monster=name(i.get("monster")))
            ),
            "stomp": lambda: t._("The {monster} stomps: choose the army", monster=name(i.get("monster"))),
            "area_target": lambda: t._(
                "The {monster}'s area attack: choose the army in {where}",
                monster=name(i.get("monster")),
                where=terr(i.get("territory"), t),
            ),
            "hunt_effect": lambda: t._("Hunt effect of {card}: use it or not", card=name(i.get("card"))),
            "boss_move": lambda: t._("Loki moves: choose where"),
            "hunt_attack": lambda: t._("The monster's attack: choose a card (only you see the monster's hand)"),
            "hunt_defend": lambda: t._("Defend against {card}: play cards, then finish", card=name(i.get("card"))),
            "hunt_discard": lambda: t._("The attack makes you discard a combat card"),
            "hunt_wound": lambda: t._("Hero round: wound the monster, or stop"),
            "pay": lambda: t._(
                "Pay for {action}: choose the runes",
                action=t._(RUNE_ACTION[i["action"]]) if i.get("action") in RUNE_ACTION else t._("the rune action"),
            ),
            "reward": lambda: t._("Reward: choose a realm") if i.get("reward") == "realm" else t._("Reward: choose an army"),
        }
        phrase = texts.get(prompt.kind)
        return phrase() if phrase is not None else super().prompt(prompt)

    def role(self, public_view: Mapping[str, Any], seat: int) -> str | None:
        for p in public_view.get("players") or []:
            if p.get("seat") == seat and p.get("hero"):
                return name(p["hero"])
        return None

    def private(self, view: dict[str, Any], seat: int) -> list[str]:
        t = self.tr
        lines = []
        if "hand" in view:
            held = listing(self._card(c) for c in view.get("hand") or [])
            lines.append(t._("Hand: {cards}", cards=held if view.get("hand") else t._("no cards")))
        if view.get("attack_hand"):
            lines.append(t._("Monster's attack hand: {cards}", cards=listing(self._card(c) for c in view["attack_hand"])))
        offer = view.get("offer")
        if offer:
            lines.append(
                t._(
                    "Hero offer: {heroes} with {lineages}",
                    heroes=cards(offer.get("heroes")),
                    lineages=cards(offer.get("lineages")),
                )
            )
        return lines

    def _card(self, card: str) -> str:
        """A card with what decides its use: "Spear (spear 2, shield)", "Claw (rage 3, weak spot 6)"."""
        pack = _pack()
        if card in pack.combat:
            c = pack.combat[card]
            return self.tr._(
                "{card} ({weapon} {value}{shield})",
                card=c["name"],
                weapon=self.tr._(WEAPON[c["weapon"]]) if c["weapon"] in WEAPON else c["weapon"],
                value=c["value"],
                shield=", " + self.tr._("shield") if c.get("shield") else "",
            )
        if card in pack.attacks:
            a = pack.attacks[card]
            return self.tr._("{card} (rage {rage}, weak spot {weak})", card=a["name"], rage=a["rage"], weak=a["weak_spot"])
        return name(card)

    def reveal(self, engine: Any, state: Any) -> list[str]:
        lines = []
        for seat in state.seats:
            view = engine.view(state, seat)
            lines.append(self.tr._("{player}: hand {cards}", player=cap(player(seat)), cards=cards(view.get("hand")) or "-"))
        return lines

    def season(self, view: dict[str, Any]) -> str | None:
        """A round (every player's turn once): what ``/game review`` steps through and playtest counts."""
        return round_name(view, self.tr)

    def chapter(self, view: dict[str, Any]) -> str | None:
        return round_name(view, self.tr)

    def status(self, view: dict[str, Any]) -> list[str]:
        return status_lines(view, self.tr)

    def standings(self, public_view: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
        t = self.tr
        winner = result.get("winner")
        if winner is None:
            return [t._("The game is over without a winner.")]
        how = t._(REASON[result["reason"]]) if result.get("reason") in REASON else t._("the game")
        lines = [t._("{winner} wins {how}.", winner=seat_word(winner), how=how)]
        scores = result.get("scores")
        if scores:
            order = sorted(range(len(scores)), key=lambda s: -scores[s])
            lines += [t._("{player}: {n} territories next to Yggdrasil", player=cap(player(s)), n=scores[s]) for s in order]
        return lines


def round_of(view: Mapping[str, Any]) -> int:
    """The round a view is in: turns taken over the number of players (0 before the first turn)."""
    turn = int(view.get("turn") or 0)
    seats = len(view.get("players") or []) or 1
    return 0 if turn <= 0 else (turn - 1) // seats + 1


def round_name(view: Mapping[str, Any], tr: Tr) -> str | None:
    """ "Round 3", or None during the set-up (hero selection) and after the end."""
    if view.get("result") is not None or round_of(view) == 0:
        return None
    return tr._("Round {round}", round=round_of(view))


def status_lines(view: Mapping[str, Any], tr: Tr) -> list[str]:
    """Where the game stands, from the public view: the turn and step, each player's territories,
    attributes, runes, priests and hand size, the hunt or battle being fought, the omens."""
    lines = []
    active = view.get("active")
    if round_of(view) == 0 and view.get("result") is None:
        lines.append(tr._("Setting up: the heroes are chosen and placed."))
    elif view.get("result") is None and isinstance(active, int) and active >= 0:
        step = view.get("step")
        lines.append(
            tr._(
                "Round {round}, turn {turn}: {player}, {step}.",
                round=round_of(view),
                turn=view.get("turn"),
                player=player(active),
                step=tr._(STEP[step]) if step in STEP else "-",
            )
        )
    held: dict[int, int] = {}
    for info in view.get("territories") or []:
        ctrl = info.get("controller", -1)
        if ctrl is not None and ctrl >= 0:
            held[ctrl] = held.get(ctrl, 0) + 1
    for p in view.get("players") or []:
        eff = p.get("effective") or {}
        lines.append(
            tr._(
                "{player}: {held} territories, Authority {authority}, Might {might}, Wisdom {wisdom}, {runes} runes, {priests} priests, {cards} cards.",
                player=cap(player(p["seat"])),
                held=held.get(p["seat"], 0),
                authority=eff.get("authority", 0),
                might=eff.get("might", 0),
                wisdom=eff.get("wisdom", 0),
                runes=sum((p.get("runes") or {}).values()),
                priests=p.get("priests", 0),
                cards=p.get("hand_count", 0),
            )
        )
    hunt = view.get("hunt")
    if hunt:
        lines.append(
            tr._(
                "Hunt: {hunter} hunts {target}; {monster_player} plays the monster.",
                hunter=player(hunt.get("hunter")),
                target=name(hunt.get("target")),
                monster_player=player(hunt.get("mp")),
            )
        )
    battle = view.get("battle")
    if battle:
        lines.append(
            tr._(
                "Battle in {where}: {attacker} against {defender}.",
                where=terr(battle.get("territory"), tr),
                attacker=player(battle.get("attacker")),
                defender=player(battle.get("defender")),
            )
        )
    omens = view.get("omens") or []
    if omens:
        lines.append(
            tr._(
                "Omens fulfilled: {n} of {total} (Ragnarök begins at 3).",
                n=sum(1 for _, turned in omens if turned),
                total=len(omens),
            )
        )
    if view.get("ragnarok"):
        lines.append(tr._("Ragnarök has begun: everyone takes one more turn."))
    return lines


DECK = {"combat": N_("combat"), "event": N_("event"), "blessing": N_("blessing"), "attack": N_("attack")}
PHRASED = frozenset(
    """alliance_bonus area_attack army_changed army_destroyed army_moved army_placed army_recruited artifact_gained
    artifact_used attack_cards_discarded attack_played attribute_raised battle_begins battle_card battle_pass battle_won
    blessing_drafted boss_activated boss_moved boss_placed boss_recovers card_discarded cards_drawn control_taken
    deck_reshuffled defence_card defence_result die_rolled draft_leftover draft_offered drakkar_moved event_drawn
    first_player forge_income game_over game_set_up healed hero_chosen hero_moved hero_placed hunt_deck_empty
    hunt_effect_skipped hunt_ended_by_attack hunt_given_up hunt_over hunt_started injured injury_ignored marker_covered monster_activated
    monster_controlled monster_defeated monster_drew monster_moved monster_placed monster_released monument_built
    no_monster_placed no_special_action none_left offer_drawn omen_turned priest_gained priest_sent ragnarok_begins
    realm_allied retreated reward_gained rune_action rune_discarded rune_forged rune_gained runes_spent selection_begins
    slayer_marker special_attack special_chosen start_placed stomp_spared stomped temple_built turn_ended turn_started
    weak_spot wheel_reset wound_dealt wound_outside you_drew your_attack_cards your_offer""".split()
)
