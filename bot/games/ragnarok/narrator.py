"""Lords of Ragnarok in words: every event and decision, with cards, places and players by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.narration import Narrator, cap, listing, player
from engine.core import Action, Event, Prompt
from engine.ragnarok.pack import load

ATTR = {"authority": "Authority", "might": "Might", "wisdom": "Wisdom"}
FIELD = {
    "recruit": "Recruit",
    "mobilize": "Mobilize",
    "prepare": "Prepare",
    "temple": "Build Temple",
    "monster": "Monster",
    "seize": "Seize",
    "monument": "Build Monument",
    "activate": "Monster (activate)",
    "hunt": "Monster (hunt)",
}
REASON = {
    "mighty_jarl": "as Mighty Jarl (every territory of three lands)",
    "great_godi": "as Great Godi (temple territories)",
    "fearless_slayer": "as Fearless Slayer (Loki defeated)",
    "ragnarok": "at Ragnarök (most territories next to Yggdrasil)",
}
WHY = {
    "hunt": " for the hunt",
    "weak_spot": " for the weak spot",
    "start": " to start",
    "lineage": " from the lineage",
    "god": " from the god",
    "runes": " with runes",
    "alliance": " for the first alliance",
    "realm": " from the realm",
    "prepare": " to prepare",
    "battle": " from a battle card",
    "hunt_effect": " from a hunt effect",
    "beowulf": " (Beowulf)",
    "loki": " (Loki's rune ability)",
    "cover": " for the covered marker",
    "reward": " as a reward",
    "snorri": " (Snorri)",
    "blessing": " from a blessing",
    "temple": " for the temple",
    "monument": " for a temple at the monument",
    "priest": " for a priest",
}


def _pack() -> Any:
    return load(None)


def name(key: Any) -> str:
    if key in (None, ""):
        return "nothing"
    pack = _pack()
    if key == "loki":
        return "Loki"
    if key in pack.names:
        return str(pack.names[key])
    for side in pack.sides.values():
        if key in side.seas:
            return str(side.seas[key]["name"])
    return str(key).replace("_", " ")


def terr(t: Any) -> str:
    return f"territory {t}" if t else "the supply"


def cards(keys: Any) -> str:
    return listing(name(k) for k in keys or [])


def seat_word(s: Any) -> str:
    return cap(player(s))


class RagnarokNarrator(Narrator):
    def event(self, event: Event) -> str:
        d = event.data
        who = player(d.get("seat")) if "seat" in d else ""
        Who = cap(who)
        why = WHY.get(d.get("why", ""), "")
        lines: dict[str, Callable[[], str]] = {
            "game_set_up": lambda: (
                f"Lords of Ragnarok for {d['players']} players. Ragnarök's omens: "
                + "; ".join(name(o).rstrip(".") for o in d["omens"])
                + "."
            ),
            "boss_placed": lambda: f"Loki appears in {terr(d['territory'])}.",
            "monster_placed": lambda: f"The {name(d['monster'])} is placed in {terr(d['territory'])}.",
            "no_monster_placed": lambda: f"No monster of the {name(d['rune'])} rune is left to place.",
            "selection_begins": lambda: f"{Who} chooses a hero first.",
            "offer_drawn": lambda: (
                f"{Who} draws two hero boards and two lineage cards" + (", with Odinsson/Odinsdottir." if d["odinsson"] else ".")
            ),
            "your_offer": lambda: f"You may choose {cards(d['heroes'])} with {cards(d['lineages'])}.",
            "hero_chosen": lambda: f"{Who} plays {name(d['hero'])} of the {name(d['lineage'])} lineage.",
            "start_placed": lambda: f"{Who} puts their drakkar in the {name(d['sea'])} and lands in {terr(d['territory'])}.",
            "first_player": lambda: f"{Who} takes the first turn.",
            "turn_started": lambda: f"{'Final turn' if d['final'] else 'Turn'} {d['turn']}: {who}.",
            "turn_ended": lambda: f"{Who} ends their turn.",
            "cards_drawn": lambda: f"{Who} draws {d['count']} combat card{'s' if d['count'] != 1 else ''}{why}.",
            "you_drew": lambda: f"You draw {cards(d['cards'])}.",
            "deck_reshuffled": lambda: f"The {d['deck']} discard pile is shuffled into a new deck.",
            "rune_gained": lambda: f"{Who} takes a {name(d['rune'])} rune{why}.",
            "none_left": lambda: f"No {name(d['what'])} is left in the supply for {who}.",
            "priest_gained": lambda: f"{Who} gains a priest{why}.",
            "healed": lambda: f"{Who} heals their {ATTR[d['attr']]}.",
            "attribute_raised": lambda: f"{Who}'s {ATTR[d['attr']]} rises to {d['value']}{why}.",
            "army_changed": lambda: f"{Who}'s army in {terr(d['territory'])} now has strength {d['strength']}.",
            "army_destroyed": lambda: f"{Who}'s army in {terr(d['territory'])} is destroyed.",
            "army_recruited": lambda: f"{Who} recruits an army of strength {d['strength']} in {terr(d['territory'])}.",
            "army_moved": lambda: f"{Who} moves an army of strength {d['strength']} to {terr(d['territory'])}.",
            "army_placed": lambda: f"{Who} places an army in {terr(d['territory'])}.",
            "control_taken": lambda: (
                f"{Who} takes control of {terr(d['territory'])}"
                + (f" from {player(d['previous'])}." if d.get("previous") is not None else ".")
            ),
            "artifact_gained": lambda: (
                f"{Who} gains {name(d['artifact'])}"
                + (f" from {player(d['previous'])}." if d.get("previous") is not None else ".")
            ),
            "artifact_used": lambda: f"{Who} exhausts {name(d['artifact'])}.",
            "card_discarded": lambda: f"{Who} discards {name(d['card'])}.",
            "rune_discarded": lambda: f"{Who} discards a {name(d['rune'])} rune.",
            "injured": lambda: f"{Who}'s hero is injured: {ATTR[d['attr']]} counts 2.",
            "injury_ignored": lambda: f"{Who}'s hero is already fully injured.",
            "priest_sent": lambda: f"{Who} sends a priest to {name(d['god'])}'s monument (level {d['level']}).",
            "rune_forged": lambda: f"{Who} forges a {name(d['rune'])} rune in {terr(d['territory'])}.",
            "hero_moved": lambda: f"{Who}'s hero goes to {terr(d['territory'])}.",
            "hero_placed": lambda: f"{Who}'s hero is placed in {terr(d['territory'])}.",
            "drakkar_moved": lambda: f"{Who}'s drakkar sails to the {name(d['sea'])}.",
            "runes_spent": lambda: f"{Who} spends {cards(d['runes'])}.",
            "rune_action": lambda: f"{Who} takes a rune action: {RUNE_ACTION.get(d['action'], d['action'])}.",
            "monster_controlled": lambda: f"{Who} puts a ring on the {name(d['monster'])}.",
            "monster_released": lambda: f"{Who} releases the {name(d['monster'])}.",
            "realm_allied": lambda: f"{Who} allies with {name(d['realm'])}" + (" first." if d["first"] else "."),
            "special_chosen": lambda: (
                f"{Who} chooses {FIELD.get(d['action'], d['action'])}" + (f" ({name(d['target'])})." if d.get("target") else ".")
            ),
            "no_special_action": lambda: f"{Who} has no special action they can take.",
            "marker_covered": lambda: f"{Who} covers {player(d['covered'])}'s marker on {FIELD[d['field']]}.",
            "alliance_bonus": lambda: f"{name(d['realm'])}'s bonus goes to {listing(player(s) for s in d['seats'])}.",
            "temple_built": lambda: f"{Who} builds a temple in {terr(d['territory'])}.",
            "draft_offered": lambda: f"A blessing draft begins with {who}: {cards(d['cards'])}.",
            "blessing_drafted": lambda: f"{Who} takes the blessing {name(d['card'])}.",
            "draft_leftover": lambda: f"{cards(d['cards'])} is discarded.",
            "monument_built": lambda: f"{Who} builds {name(d['god'])}'s monument to level {d['level']}.",
            "omen_turned": lambda: f"An omen is fulfilled: {name(d['omen'])}",
            "ragnarok_begins": lambda: f"Ragnarök begins! Everyone takes one more turn, {who} last.",
            "wheel_reset": lambda: "Priests leave the monuments, the wheel is cleared and every artifact recharges.",
            "forge_income": lambda: f"{Who} takes {cards(d['runes'])} from their forges.",
            "event_drawn": lambda: f"Event card {d['territory']} is drawn.",
            "monster_activated": lambda: (
                f"The {name(d['monster'])} is activated"
                + (f" by its controller {who}." if d["controlled"] else f"; {who} decides.")
            ),
            "die_rolled": lambda: f"The monster die shows {DIE[d['face']]}.",
            "monster_moved": lambda: f"The {name(d['monster'])} moves to {terr(d['territory'])}.",
            "stomped": lambda: f"The {name(d['monster'])} stomps {who}'s army in {terr(d['territory'])}.",
            "hunt_effect_skipped": lambda: f"{Who} leaves the hunt effect of {name(d['card'])} unused.",
            "stomp_spared": lambda: f"The {name(d['monster'])} spares the armies in {terr(d['territory'])}.",
            "area_attack": lambda: f"The {name(d['monster'])} attacks around {terr(d['territory'])}.",
            "boss_activated": lambda: f"Loki stirs; {who} decides.",
            "boss_moved": lambda: f"Loki moves to {terr(d['territory'])}.",
            "boss_recovers": lambda: "Loki recovers from every wound.",
            "battle_begins": lambda: (
                f"Battle in {terr(d['territory'])}: {player(d['attacker'])} attacks {player(d['defender'])}."
            ),
            "battle_card": lambda: f"{Who} plays {name(d['card'])}.",
            "battle_pass": lambda: f"{Who} passes.",
            "battle_won": lambda: (
                f"{seat_word(d['winner'])} wins the battle in {terr(d['territory'])}, {d['winner_value']} to {d['loser_value']}."
            ),
            "retreated": lambda: f"{Who}'s armies retreat from {terr(d['territory'])} to {terr(d['dest'])}.",
            "hunt_started": lambda: f"{Who} hunts {name(d['target'])}; {player(d['monster_player'])} plays the monster.",
            "monster_drew": lambda: f"The monster draws {d['count']} attack card{'s' if d['count'] != 1 else ''}.",
            "your_attack_cards": lambda: f"The monster's new attack cards: {cards(d['cards'])}.",
            "attack_played": lambda: f"The monster attacks with {name(d['card'])}.",
            "attack_cards_discarded": lambda: f"The monster discards {cards(d['cards'])}.",
            "defence_card": lambda: f"{Who} defends with {name(d['card'])}.",
            "defence_result": lambda: f"{Who}'s defence of {d['total']} " + ("holds." if d["success"] else "fails."),
            "special_attack": lambda: f"{name(d['target'])} makes its special attack.",
            "hunt_ended_by_attack": lambda: f"The attack ends {who}'s hunt.",
            "weak_spot": lambda: f"{Who} finds the weak spot ({d['total']}) and draws another card.",
            "wound_outside": lambda: f"{Who} wounds the {name(d['monster'])} on space {d['space']} outside a hunt (no reward).",
            "wound_dealt": lambda: f"{Who} wounds {name(d['target'])} on space {d['space']} with {cards(d['cards'])}.",
            "reward_gained": lambda: f"{Who} earns the reward: {REWARD[d['reward']]}.",
            "hunt_given_up": lambda: f"{Who} deals no wound: the hunt fails.",
            "hunt_deck_empty": lambda: "The monster's attack deck is empty: the hunt fails.",
            "hunt_over": lambda: f"{Who}'s hunt of {name(d['target'])} " + ("succeeds." if d["success"] else "fails."),
            "monster_defeated": lambda: f"{Who} defeats the {name(d['monster'])}!",
            "slayer_marker": lambda: f"{Who} earns a slayer marker for the {name(d['monster'])}.",
            "game_over": lambda: (
                f"{seat_word(d['winner'])} wins {REASON.get(d['reason'], 'the game')}."
                + (
                    f" Territories next to Yggdrasil: {', '.join(f'{player(s)} {n}' for s, n in enumerate(d['scores']))}."
                    if d.get("scores")
                    else ""
                )
            ),
        }
        phrase = lines.get(event.kind)
        return phrase() if phrase is not None else super().event(event)

    def phrased_kinds(self) -> frozenset[str]:
        return PHRASED

    def action(self, action: Action) -> str:
        a = action.args
        c = action.choice
        table: dict[str, Callable[[], str]] = {
            "skip": lambda: "Skip",
            "pass": lambda: "Pass",
            "done": lambda: "Done",
            "stop": lambda: "End the round",
            "give_up": lambda: "Deal no wound (the hunt fails)",
            "none": lambda: "Spare them",
            "forge": lambda: "Forge the rune here",
            "priest": lambda: f"Send a priest to {name(a['god'])}" if "god" in a else "Gain a priest",
            "sail": lambda: f"Sail to the {name(a['to'])}",
            "heal": lambda: f"Heal {ATTR[a['attr']]}" if "attr" in a else "Heal 1 injury",
            "boss": lambda: "Activate Loki",
            "control": lambda: f"Ring the {name(a['monster'])}" + (f" (free the {name(a['release'])})" if a["release"] else ""),
            "ally": lambda: f"Ally with {name(a['realm'])}",
            "army_plus": lambda: f"+1 to army {a['army'] + 1}",
            "draw1": lambda: "Draw 1 combat card",
            "draw2": lambda: "Draw 2 combat cards",
            "draw": lambda: "Draw 1 combat card",
            "place_hero": lambda: f"Place your hero in {terr(a['to'])}",
            "attribute": lambda: f"Raise {ATTR[a['attr']]}",
            "reinforce": lambda: f"Strengthen army {a['army'] + 1}",
            "recruit": lambda: f"Recruit in {terr(a['at'])}" if "at" in a else "Recruit an army here",
            "mobilize": lambda: "Mobilize",
            "prepare": lambda: "Prepare",
            "temple": lambda: f"Build a temple in {terr(a['at'])}",
            "activate": lambda: f"Activate the {name(a['monster'])}" if "monster" in a else "Activate monsters",
            "hunt": lambda: f"Hunt {name(a['target'])}",
            "seize": lambda: "Seize your hero's territory",
            "monument": lambda: f"Build {name(a['god'])}'s monument",
            "fight": lambda: f"Fight in {terr(a['territory'])}",
            "play": lambda: f"Play {name(a['card'])}",
            "artifact": lambda: f"Exhaust {name(a['artifact'])}",
            "to": lambda: f"Retreat to {terr(a['territory'])}",
            "rune": lambda: f"Take {name(a['rune'])}" if True else "",
            "card": lambda: f"Discard {name(a['card'])}",
            "flip": lambda: f"Injure {ATTR[a['attr']]}",
            "pick": lambda: f"{name(a['hero'])} with {name(a['lineage'])}" if "hero" in a else f"Take {name(a['card'])}",
            "place": lambda: f"Drakkar in the {name(a['sea'])}, land in {terr(a['territory'])}",
            "realm": lambda: f"Ally with {name(a['realm'])}",
            "attack": lambda: f"Attack with {name(a['card'])}",
            "wound": lambda: (
                f"Wound space {a['space']} with {cards([a['card'], a.get('card2')] if 'card2' in a else [a['card']])}"
            ),
            "area": lambda: "Area attack",
            "use": lambda: f"Use {name(a['card'])}: " + HUNT_EFFECT.get(a.get("effect", ""), "its hunt effect"),
            "artifact_wound": lambda: f"Exhaust {name(a['artifact'])}: wound the {name(a['monster'])} (space {a['space']})",
            "pay": lambda: "Pay with " + listing(name(r) for r in a["runes"].split("+")),
        }
        if c == "monster":
            return f"The {name(a['monster'])}"
        if c == "move":
            if "army" in a:
                return f"Move army {a['army'] + 1} to {terr(a['to'])}"
            return f"Move to {terr(a['to'])}"
        if c == "army":
            owner = f"{player(a['owner'])}'s " if "owner" in a else ""
            extra = f" (strength {a['strength']})" if "strength" in a else ""
            return f"{cap(owner)}army {a['army'] + 1}{extra}".strip()
        if c == "place_army":
            return f"Place army {a['army'] + 1} in {terr(a['to'])}"
        phrase = table.get(c)
        return phrase() if phrase is not None else super().action(action)

    def prompt(self, prompt: Prompt) -> str:
        i = prompt.info
        texts: dict[str, Callable[[], str]] = {
            "hero_pick": lambda: "Choose your hero and lineage",
            "start_place": lambda: "Place your drakkar, then your hero and two armies next to its sea",
            "prayer": lambda: "Prayer: send a priest, forge a rune, or go on",
            "hero": lambda: "Hero: move up to 2 territories, sail up to 2 seas, or heal",
            "rune": lambda: "Rune action: spend runes for one action, or go on",
            "manoeuvre": lambda: "Manoeuvre: activate one army (or recruit one)",
            "special": lambda: "Special action: choose a field on the wheel",
            "battle_order": lambda: "Several battles: choose where to fight first",
            "bonus": lambda: f"Alliance bonus of {name(i.get('realm'))}",
            "take_rune": lambda: "Take a rune of your choice",
            "discard": lambda: "Over your Wisdom limit: discard one",
            "injury": lambda: "Your hero is injured: choose the attribute",
            "heal": lambda: "Heal: choose the attribute",
            "mobilize": lambda: "Mobilize: activate another army, or finish",
            "prepare": lambda: f"Prepare: option {i.get('n', 1)} of 2",
            "draft": lambda: "Blessing draft: take one blessing",
            "activate_pick": lambda: "Monster: choose a monster to activate",
            "seize_recruit": lambda: f"Recruit an army in {terr(i.get('territory'))}?",
            "battle": lambda: "Battle: play a combat card or pass",
            "casualties": lambda: f"Casualties: {i.get('left', 1)} strength to take from your armies",
            "retreat": lambda: f"Retreat from {terr(i.get('territory'))}: choose where",
            "monster_act": lambda: (
                f"The {name(i.get('monster'))}: " + ("move or attack" if i.get("face") == "choice" else "where does it move?")
            ),
            "stomp": lambda: f"The {name(i.get('monster'))} stomps: choose the army",
            "area_target": lambda: f"The {name(i.get('monster'))}'s area attack: choose the army in {terr(i.get('territory'))}",
            "hunt_effect": lambda: f"Hunt effect of {name(i.get('card'))}: use it or not",
            "boss_move": lambda: "Loki moves: choose where",
            "hunt_attack": lambda: "The monster's attack: choose a card",
            "hunt_defend": lambda: f"Defend against {name(i.get('card'))}: play cards, then finish",
            "hunt_discard": lambda: "The attack makes you discard a combat card",
            "hunt_wound": lambda: "Hero round: wound the monster, or stop",
            "pay": lambda: f"Pay for {RUNE_ACTION.get(i.get('action', ''), 'the rune action')}: choose the runes",
            "reward": lambda: "Reward: " + ("choose a realm" if i.get("reward") == "realm" else "choose an army"),
        }
        phrase = texts.get(prompt.kind)
        return phrase() if phrase is not None else super().prompt(prompt)

    def role(self, public_view: Mapping[str, Any], seat: int) -> str | None:
        for p in public_view.get("players") or []:
            if p.get("seat") == seat and p.get("hero"):
                return name(p["hero"])
        return None

    def private(self, view: dict[str, Any], seat: int) -> list[str]:
        lines = [f"Hand: {cards(view.get('hand'))}"] if "hand" in view else []
        if view.get("attack_hand"):
            lines.append(f"Monster's attack hand: {cards(view['attack_hand'])}")
        return lines


RUNE_ACTION = {
    "boss": "activate Loki",
    "control": "control a monster",
    "ally": "ally with a realm",
    "army_plus": "+1 army strength",
    "activate": "activate a monster",
    "draw1": "draw 1 card",
    "place_hero": "place the hero",
    "attribute": "raise an attribute",
    "draw2": "draw 2 cards",
    "priest": "gain a priest",
    "heal": "heal",
}
HUNT_EFFECT = {"draw": "draw 1 combat card", "heal": "heal 1 injury"}
DIE = {"move": "Move", "area": "Area attack", "choice": "a free choice"}
REWARD = {"realm": "an alliance", "priest": "a priest", "army": "+1 army strength", "rune": "a rune"}
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
