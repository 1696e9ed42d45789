"""Runewars in words: event lines, decision headings, answer labels and guided steps.

The narrator of the Runewars front-end (:mod:`bot.games.runewars`). Names come from the
built-in data pack (:mod:`bot.games.runewars.phrases`: units, factions, cards, tiles, fate
cards in English); every event and prompt kind the engine has is phrased here (a template
below, or a line built in phrases.py), and anything else falls back to the generic
``kind: key=value`` form, so a new event or prompt kind is never lost. Nothing here sees more
than the event or prompt it is given, so a line can leak nothing its event did not carry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.games.runewars.phrases import (
    BENEFITS,
    PHRASES,
    RESOURCES,
    RESULTS,
    UNTIL,
    card_name,
    cells,
    label,
    name,
    order_label,
    pack_text,
    plain,
    rune,
    runes,
    section,
    start_influence,
    token,
    who,
    why,
)
from bot.i18n import N_, escape
from bot.narration import Narrator, cap, current_tr, listing, voice
from engine.core import Action, Event, Prompt

__all__ = [
    "RunewarsNarrator",
    "area_line",
    "card_name",
    "catalogue",
    "fate_facts",
    "name",
    "reveal_lines",
    "summary",
    "text_board",
]

#: guided steps (argument groups) per prompt kind: movement is destination, units, count
FLOWS: dict[str, tuple[tuple[str, ...], ...]] = {
    "strategy_move": (("to",), ("from", "unit"), ("count",)),
    "march_move": (("from", "unit"), ("count",)),
    "take_title": (("title",), ("influence",)),
    "harvest_build": (("area",), ("development",)),
}

#: headings of decisions; ``{...}`` are filled from the prompt's info
HEADINGS: dict[str, str] = {
    "choose_faction": N_("Choose your faction."),
    "place_stronghold": N_("Place your stronghold in one of your home areas."),
    "place_units": N_("Place your starting {unit} ({count}) in your home areas."),
    "place_false_rune": N_("Secret: choose the home area that gets your false rune."),
    "choose_order": N_("Secret: choose your order card for this season."),
    "turn_window": N_("Your turn ({window} your order): play a card now, or go on."),
    "strategy_move": N_("Strategy: move units one step each, then press Done."),
    "march_target": N_("Activate an area (activation {activation})."),
    "march_move": N_("March units into {area}, then press Done."),
    "march_encounter": N_("Neutrals in {area}: fight or negotiate."),
    "diplomacy_spend": N_("Diplomacy in {area}: how much influence do you spend?"),
    "diplomacy_card": N_("Diplomacy in {area}: choose one of the drawn fate cards."),
    "diplomacy_fallout": N_("Diplomacy in {area} failed: battle or retreat."),
    "retreat": N_("Retreat from {from}: choose where."),
    "eliminate_units": N_("Too many units in {area}: choose which to remove."),
    "recruit_resource": N_("Recruit: choose the resource dial."),
    "place_recruits": N_("Place the recruited {unit} ({count})."),
    "fortify_action": N_("Fortify: build, repair, move runes, or finish."),
    "fortify_swap": N_("Secret: swap the two rune tokens or keep them?"),
    "harvest_raise_dial": N_("Harvest in {area}: raise which dial?"),
    "harvest_build": N_("Harvest: build a development?"),
    "support_city": N_("Rally support in {area}: choose the benefit."),
    "support_quest_discard": N_("Secret: discard quest cards ({count})."),
    "take_title": N_("Acquire power: take a title?"),
    "place_runes": N_("Secret: place your rune tokens ({tokens})."),
    "discard_false_runes": N_("You may discard false runes you control."),
    "influence_bid": N_("Secret: bid influence (you have {influence})."),
    "bid_tie": N_("Break the tie of the influence bid."),
    "autumn_choice": N_("Autumn: influence or tactics cards?"),
    "battle_type": N_("Battle in {area}: which unit type draws first?"),
    "battle_assign": N_("Battle in {area}: which of your units takes the {what}? ({points} to assign)"),
    "battle_ability": N_("Battle in {area}: use the ability of your {unit}?"),
    "battle_defence": N_("Battle in {area}: use your {development}?"),
    "battle_stronghold": N_("You captured {area}: demolish or destroy the stronghold?"),
    "battle_excess": N_("Too many units in {area} after the battle: choose which retreat."),
    "tactics_window": N_("You may play a tactics card now ({window}), or pass."),
    "effect_choice": N_("{card}: choose."),
    "hero_action": N_("Your heroes: choose an action."),
    "hero_venture": N_("{hero} in {area}: venture?"),
    "place_hero": N_("Place {hero}."),
    "place_starting_hero": N_("Place your starting hero {hero}."),
    "recruit_heroes": N_("Recruit heroes (at most {most})."),
    "keep_hero": N_("Choose the hero(es) to keep ({count})."),
    "disloyal_choice": N_("Choose which hero leaves you."),
    "test_choose": N_("{hero}: choose the fate card for the test of {quest}."),
    "test_boost": N_("{hero}: boost the {test} test of {quest}?"),
    "trade_rewards": N_("{hero}: trade reward cards?"),
    "discard_tactics": N_("Secret: you hold too many tactics cards; discard {count}."),
    "duel_start": N_("Duel in {area}: use a start-of-duel ability or reward of {hero}?"),
    "duel_special": N_("Duel, round {round}: a special icon for {hero}. Deal 1 damage or use a reward?"),
    "duel_armor": N_("Duel, round {round}: {hero} is about to take {damage} damage. Use armor?"),
    "duel_spoils": N_("Secret: give the defeated hero's rewards ({rewards} left) to your heroes in {area}."),
    "explore_merchant": N_("A Traveling Merchant in {area}: buy a reward card for {hero}?"),
    "explore_bandits": N_("Secret: Bandits attack {hero} in {area}. Discard a reward or take 1 more damage?"),
    "explore_scroll": N_("Scroll of Knowledge ({hero} in {area}): look at the hidden tokens of which area?"),
    "explore_training": N_("Training in {area}: which trait of {hero} improves by 1?"),
    "hero_retreat": N_("{hero} must retreat from {from}: choose where."),
    "hero_turn": N_("Your heroes: use or trade rewards, pick up a defeated hero's rewards, or finish."),
    "place_dragon_rune": N_("Place your dragon rune in one of your home areas."),
    "place_tile": N_("Map building: place one of your tiles ({tiles})."),
    "place_guide": N_("Map building: place home-realm guide {number} of {count} on the edge of the map."),
    "place_home": N_("Map building: lay your home realm over one of the guides."),
    # Banners of War
    "garrison_recruit": N_("Garrison: place 2 triangle-base units at one of your strongholds."),
    "recruit_substitute": N_("Recruit: how many of the {count} {unit} come as {instead} instead?"),
    "flooded_move": N_("The Flooded Area: move {hero} up to 2 areas, or leave the hero there."),
    "prowl": N_("Prowl: rout how many of your Leonx Riders (up to {most}) to eliminate as many retreating units?"),
    "tactic_fate": N_("Secret: play tactic fate cards for your {unit} instead of fate cards ({draws} to draw)?"),
    "duel_tactic_fate": N_("Secret: play a tactic fate card for {hero} instead of this duel round's fate card?"),
    # Banners of War variants (issue 24)
    "development_card": N_("Buy one of your development cards? ({cards})"),
    "place_capital": N_("Your capital replaces one of your strongholds at home: {areas}."),
    "choose_commander": N_("Choose the hero who leads as commander with {card}: {heroes}."),
    "change_commander": N_("Start of the quest phase: hand the commander card of {from} to another hero at your stronghold?"),
    "support_bonus_choice": N_("Rally Support bonus: recruit heroes, or draw up to {most} commander cards for 1 influence each?"),
    "leave_peasant": N_(
        "Leave one of your {free} peasant tokens in {area}? It holds the area for you until an activation token or figures come."
    ),
    "commander_follows": N_(
        "Your commander {hero} went with the last of your units from {from} to {to}: go with them, or stay in {from}?"
    ),
    "keep_commander": N_("Secret: keep one of the {count} commander cards you drew for one of your commanders, or none?"),
}

#: event lines; ``{...}`` are filled from the event's data. The kinds phrases.PHRASES builds
#: (those with lists, sides or rules to word) use these only for data of another shape.
EVENTS: dict[str, str] = {
    "faction_chosen": N_("{seat} plays {faction}."),
    "first_player_drawn": N_("{first_player} goes first."),
    "stronghold_placed": N_("{seat} placed a stronghold in {area}."),
    "season_began": N_("Year {year}, {season}."),
    "order_chosen": N_("{seat} has chosen an order."),
    "orders_revealed": N_("Orders revealed: {orders}."),
    "turn_began": N_("{seat} resolves {order} ({number}){bonus_text}."),
    "turn_ended": N_("{seat} ended their turn."),
    "units_moved": N_("{seat} moved {count} × {unit} {path}."),
    "area_activated": N_("{seat} activated {area} ({order})."),
    "battle_started": N_("Battle in {area}: {attacker} attacks {defender}."),
    "battle_won": N_("{seat} won the battle in {area}."),
    "bid_made": N_("{seat} has bid."),
    "bids_revealed": N_("Bids revealed."),
    "influence_gained": N_("{seat} gains {amount} influence."),
    "player_eliminated": N_("{seat} is eliminated."),
    "game_over": N_("The game is over."),
    "setup_complete": N_("Setup complete."),
    "map_built": N_("The map is built."),
    "setup_quests_dealt": N_("The setup quests are dealt."),
    "objective_dealt": N_("{seat} was dealt an objective card."),
    "spring": N_("Spring: activation tokens are removed, routed units stand up, order cards return to hand."),
    "summer": N_("Summer."),
    "autumn": N_("Autumn."),
    "winter": N_("Winter."),
    "season_card_drawn": N_("Season card: {card}."),
    "season_card_cancelled": N_("{seat} cancelled the season card {card}."),
    "council_card": N_("Council of Mages card: {card}."),
    "lasting_effect": N_("{card} lasts until the end of the {until}."),
    "tactics_drawn": N_("{seat} drew {count} tactics card(s)."),
    "tactics_played": N_("{seat} played {card}."),
    "quests_drawn": N_("{seat} drew {count} quest card(s)."),
    "heroes_drawn": N_("{seat} drew {count} hero card(s)."),
    "units_placed": N_("{seat} placed {unit} in {areas}."),
    "units_recruited": N_("{seat} recruited {units}."),
    "units_eliminated": N_("{seat} lost {units} in {area}."),
    "units_routed": N_("{units} in {area} were routed."),
    "units_retreated": N_("{units} retreated {path}."),
    "neutrals_moved": N_("{count} × {unit} moved {path}."),
    "alliance_formed": N_("{seat} allied with {units} in {area}."),
    "alliance_ended": N_("The alliance of {seat} with {units} in {area} ended."),
    "diplomacy_result": N_("Diplomacy in {area}: {result} ({card})."),
    "fate_drawn": N_("{seat} drew the fate cards {cards}."),
    "influence_spent": N_("{seat} spends {amount} influence."),
    "influence_lost": N_("{seat} loses {amount} influence."),
    "influence_taken": N_("{seat} takes {amount} influence from {source}."),
    "bid_started": N_("Influence bid."),
    "bid_tied": N_("The bid is tied between {tied}; {decider} decides."),
    "bid_tie_decided": N_("{decider} gave the tie to {seat}."),
    "bid_won": N_("{seat} wins the bid."),
    "title_taken": N_("{seat} took the title {title} ({influence} influence)."),
    "title_declined": N_("{seat} took no title."),
    "support_chosen": N_("{seat} rallied support in {area}: {benefit} ({amount})."),
    "development_built": N_("{seat} built a development in {area}: {development}."),
    "fortify_done": N_("{seat} fortified ({taken})."),
    "stronghold_repaired": N_("{seat} repaired the stronghold in {area}."),
    "order_bonus": N_("{seat} uses the bonus of {order}."),
    "stronghold_built": N_("{seat} built a stronghold in {area}."),
    "stronghold_captured": N_("{seat} captured the stronghold in {area}."),
    "stronghold_destroyed": N_("The stronghold in {area} was destroyed."),
    "objective_claimed": N_("{seat} claimed the objective {card}."),
    "runes_placed": N_("{seat} placed rune tokens in {areas}."),
    "runes_moved": N_("{seat} moved the rune tokens of {areas}."),
    "runes_revealed": N_("Runes revealed: {runes}."),
    "runes_taken": N_("{seat} takes rune tokens."),
    "rune_peeked": N_("{seat} looked at the rune in {area}."),
    "quest_phase": N_("Quest phase."),
    "quest_revealed": N_("{hero} of {owner} takes on {quest} in {area}."),
    "quest_result": N_("{hero} of {owner}: {quest} {completed_text}."),
    "hero_recruited": N_("{seat} recruited {hero}."),
    "hero_placed": N_("{hero} of {owner} enters {area}."),
    "hero_moved": N_("{hero} of {owner} moved {path}."),
    "hero_damaged": N_("{hero} of {owner} takes {amount} damage."),
    "hero_healed": N_("{hero} of {owner} heals {amount}."),
    "hero_defeated": N_("{hero} of {owner} is defeated in {area}."),
    "hero_trained": N_("{hero} of {owner} trains."),
    "reward_gained": N_("{hero} of {owner} gains {count} reward card(s)."),
    "duel_started": N_("Duel in {area}."),
    "duel_ended": N_("The duel in {area} ended after {rounds} round(s)."),
    "duel_ability": N_("{hero} of {owner} uses their start-of-duel ability."),
    "duel_special_damage": N_("{hero} of {owner} deals 1 damage with a special icon."),
    "duel_extra_card": N_("Duel in {area}: the unit draws one more fate card, {card} ({section})."),
    "duel_monster_ability": N_("Duel in {area}: the {monster} use their special ability: {effect}."),
    "hero_rests": N_("{hero} of {owner} rests in {area}."),
    "hero_ventures_nothing": N_("{hero} of {owner} neither duels nor takes on a quest in {area}."),
    "heroes_rest": N_("The other heroes of {seat} rest."),
    "heroes_kept_loyal": N_("The heroes of {seat} stay loyal ({why})."),
    "quest_phase_ended": N_("The quest phase is over."),
    "quests_discarded": N_("{seat} discarded {count} quest card(s)."),
    "reward_revealed": N_("{hero} of {owner} reveals the reward {reward}."),
    "defeated_hero_token_removed": N_("Defeated-hero token {number} in {area} is picked up."),
    "scroll_read": N_("{seat} reads the Scroll of Knowledge and looks at what lies hidden in {area}."),
    "starting_heroes_dealt": N_("The starting heroes are dealt."),
    "exploration_tokens_placed": N_("Exploration tokens are laid face down."),
    # set-up on the rulebook's map (p. 8, Spielplanaufbau 3-5)
    "tile_placed": N_("{seat} places {tile}."),
    "guide_placed": N_("{seat} lays a home-realm guide on {cells}."),
    "home_placed": N_("{seat} lays its home realm."),
    "map_redo": N_("The map is taken back to be built again."),
    # orders and their leftovers
    "no_activation": N_("{seat} has no area it may activate."),
    "no_units_marched": N_("{seat} marched no units into {area}."),
    "must_retreat": N_("{seat} must retreat from {area}."),
    "development_declined": N_("{seat} builds no development."),
    "development_destroyed": N_("The development {development} in {area} is destroyed."),
    "defence_used": N_("{seat} uses its {development} in {area}."),
    "recruit_not_possible": N_("{seat} cannot recruit: {reason}."),
    "units_not_recruited": N_("{seat} cannot recruit {count} × {unit}: {reason}."),
    "stronghold_damaged": N_("The stronghold of {seat} in {area} is damaged."),
    "stronghold_demolished": N_("{seat} demolishes its own stronghold in {area}."),
    "title_benefit": N_("{seat} gains the benefit of the title {title}."),
    "bonus_lost": N_("{seat} loses the bonus of its order."),
    "activation_removed": N_("{seat} takes its activation token off {area}."),
    "units_stood_up": N_("{units} in {area} stand up."),
    "dials_set": N_("The dials of {seat} change."),
    "rune_returned": N_("A rune token of {seat} goes back to the supply."),
    "false_runes_discarded": N_("{seat} discards false runes in {areas}."),
    "dragon_rune_placed": N_("{seat} places a rune token in {area}."),
    "tactics_discarded": N_("{seat} discards {cards}."),
    "lasting_effects_ended": N_("{cards} no longer applies."),
    # heroes
    "hero_disloyal": N_("{hero} of {owner} turns disloyal and leaves the board."),
    "hero_removed": N_("{hero} of {owner} leaves the board."),
    "hero_retreated": N_("{hero} of {owner} retreats {path}."),
    "defeated_hero_token": N_("Defeated-hero token {number} is laid in {area}."),
    "reward_discarded": N_("{hero} of {owner} discards {reward}."),
    "rewards_taken": N_("{hero} of {owner} takes {count} reward card(s)."),
    "test_drawn": N_("{hero} of {owner} draws for the {test} test of {quest}: {cards}."),
    "test_chosen": N_("{hero} of {owner} keeps {card} for {quest}."),
    "test_extra_cards": N_("{hero} draws {amount} more fate card(s) for the test."),
    "exploration_revealed": N_("{hero} of {owner} turns over the exploration token in {area}: {token}."),
    "exploration_removed": N_("The exploration token {token} in {area} is removed."),
    "duel_cards": N_("Duel in {area}, round {round}: fate cards {cards}."),
    "duel_round": N_("Duel in {area}: round {round} is over."),
    "duel_damage": N_("Duel in {area}: {amount} damage at once."),
    # private events (only the seat they are for reads them)
    "your_order": N_("Your order: {order} ({number})."),
    "your_tactics_drawn": N_("You drew: {cards}."),
    "your_quests_drawn": N_("You drew the quests: {cards}."),
    "your_heroes_drawn": N_("You drew the heroes: {cards}."),
    "your_objective": N_("Your objective: {card}."),
    "your_runes": N_("Runes you know: {runes}."),
    "your_rewards": N_("Rewards of {hero}: {cards}."),
    "your_quests_discarded": N_("You discarded the quests: {cards}."),
    "scroll_seen": N_("You looked at what lies hidden in {area}."),
    "your_bid": N_("Your bid: {amount}."),
    "your_false_rune": N_("Your false rune lies in {area}."),
    "rune_seen": N_("The rune token in {area} is a {rune}."),
    "battle_cards": N_("You drew {cards} for your {unit} in {area}."),
    # battle details: told in the battle report (a thread of the game channel)
    "battle_lined_up": N_("Lined up: {attacker} against {defender}."),
    "battle_round": N_("Row {row}."),
    "battle_drew": N_("The {side} draws {count} fate card(s) for {unit}."),
    "battle_cards_revealed": N_("Row {row}: fate cards revealed."),
    "battle_card_drawn": N_("The {side}'s {unit} draws {card} ({section})."),
    "battle_routed": N_("The {side}'s {unit} is routed."),
    "battle_damaged": N_("The {side}'s {unit} takes damage ({damage}){eliminated_text}."),
    "battle_eliminated": N_("The {side}'s {unit} is eliminated."),
    "battle_raised": N_("The {side} raises a {unit}."),
    "battle_bonus": N_("The {side} gains {strength} strength."),
    "battle_ended": N_("The battle in {area} is over: the {winner} won."),
    "ability_used": N_("The {side}'s {unit} use their ability."),
    # Banners of War
    "battle_type_chosen": N_("The {side} fights with {unit} in row {row}."),
    "tactic_fate_announced": N_("The {side} plays {count} tactic fate card(s) instead of fate cards."),
    "your_tactic_fate": N_("Your tactic fate cards: {cards}."),
    "garrison_played": N_("{seat} garrisons: +{strength} strength when defending this season."),
    "garrison_recruited": N_("{seat} recruits {units} with the Garrison in {area}."),
    "garrison_defends": N_("{seat} defends {area} with the Garrison (+{strength})."),
    "units_substituted": N_("{seat} recruits {count} {instead} instead of {unit}."),
    "rune_revealed": N_("{seat} reveals the rune in {area}: a {rune} rune."),
    "rune_not_revealed": N_("{seat} has no face-down rune to reveal."),
    "runes_hidden": N_("The revealed runes in {areas} are turned face down before they move."),
    "desolation_placed": N_("{seat} lays Desolation on {area}."),
    "cryomancy_placed": N_("{seat} lays Cryomancy on {area}."),
    "cryomancy_removed": N_("Spring melts one Cryomancy token in {areas}."),
    "guildmaster_resources": N_("{seat} gains 2 {resource} as Guildmaster of Merchants."),
    "loss_ignored": N_("{seat} ignores the loss of {amount} {resource} as Guildmaster of Merchants."),
    # Banners of War variants (issue 24)
    "development_card_bought": N_("{seat} buys the development card {card}."),
    "development_card_declined": N_("{seat} buys no development card."),
    "development_card_used": N_("{seat} uses the development card {card}."),
    "capital_built": N_("{seat} raises their capital in {area}."),
    "capital_waiting": N_("{seat} has no stronghold at home: the next one built there becomes the capital."),
    "capital_captured": N_("{by} captures the capital of {seat} in {area}."),
    "capital_destroyed": N_("The capital of {seat} in {area} is destroyed."),
    "zombie_tokens_received": N_("{seat} receives {count} zombie tokens."),
    "zombie_tokens_placed": N_("{seat} puts {count} zombie token(s) on the board ({in_play} in play)."),
    "peasant_tokens_received": N_("{seat} receives {count} peasant tokens."),
    "peasant_placed": N_("{seat} leaves a peasant token in {area}."),
    "peasant_removed": N_("The peasant token of {seat} leaves {area}."),
    "peasant_kept": N_("{seat} leaves no peasant token in {area}."),
    "tactics_taken_back": N_("{seat} takes {card} back into their hand."),
    "commander_chosen": N_("{seat} makes {hero} a commander with {card}."),
    "commander_changed": N_("{seat} hands the commander card {card} from {previous} to {hero}."),
    "commander_moved": N_("Commander {hero} goes with the army: {path}."),
    "commander_stayed": N_("Commander {hero} stays behind in {area}."),
    "commander_leads": N_("Commander {hero} leads the {side} in {area} ({card})."),
    "commander_retreats": N_("Commander {hero} retreats with the units to {area}."),
    "commander_defeated": N_("Commander {hero} has fallen; {card} is discarded."),
    "lieutenant_general_played": N_("{seat} plays Lieutenant General and leads a second commander."),
    "lieutenant_general_discarded": N_("{seat} discards Lieutenant General."),
    "printed_rune_changed_hands": N_("{seat} now holds the dragon rune printed on the city in {area}."),
    "victory_card_placed": N_("{seat} proves {runes} dragon runes and lays their victory card on the {season} deck."),
    "victory_card_won": N_("The victory card of {seat} is revealed: they still control enough dragon runes."),
    "victory_card_returned": N_("The victory card of {seat} is revealed: too few dragon runes, they take it back."),
    "victory_card_removed": N_("The victory card of {seat} leaves the {season} deck."),
    "commanders_drawn": N_("{seat} spends {influence} influence on {count} commander card(s)."),
    "your_commanders_drawn": N_("You drew the commander cards: {cards}."),
    "commander_card_replaced": N_("{seat} gives {hero} the commander card {card} instead of {previous}."),
    "commanders_to_bottom": N_("{seat} puts {count} commander card(s) under the deck."),
    "desolation_removed": N_("{seat} removes the Desolation token from {area}."),
    "sunken_city_placed": N_("{seat} raises the Sunken City in {area}."),
    "sunken_city_ignored": N_("The Sunken City is not placed again: it is already found or its tile is not on the map."),
    "sunken_city_blocked": N_("The Sunken City stays under the waves: the Desolation and Cryomancy tokens leave {area}."),
    "sunken_city_destroyed": N_("The Sunken City in {area} sinks again."),
    "defensible_area_defends": N_("The defender of {area} holds the Defensible Area (+{strength})."),
    "prowl_active": N_("The {side}'s Leonx Riders prowl in {area} until the end of the battle."),
    "flooded_stayed": N_("{seat} leaves {hero} in the Flooded Area of {area}."),
    "prowled": N_("{seat} routs {count} Leonx Rider(s) in {area}: as many retreating units are eliminated."),
}

#: public event kinds told only in a battle's report (a thread), not in the channel
BATTLE_DETAILS = frozenset(
    {
        "battle_lined_up",
        "battle_round",
        "battle_drew",
        "battle_cards_revealed",
        "battle_card_drawn",
        "battle_routed",
        "battle_damaged",
        "battle_eliminated",
        "battle_raised",
        "battle_bonus",
        "battle_ended",
        "ability_used",
        "defence_used",
    }
)


class RunewarsNarrator(Narrator):
    report_span = ("battle_started", "battle_ended")

    def in_report(self, kind: str) -> bool:
        return kind in BATTLE_DETAILS

    def chapter(self, view: dict[str, Any]) -> str | None:
        if view.get("result") is not None:
            return self.tr._("the end")
        if str(view.get("phase") or "").startswith("setup"):
            return self.tr._("setup")
        return self.tr._("year {year}, {season}", year=view.get("year"), season=season_name(self.tr, view.get("season")))

    def season(self, view: dict[str, Any]) -> str | None:
        if not view.get("season"):
            return None
        return self.tr._("Year {year} {season}", year=view.get("year"), season=season_name(self.tr, view["season"]))

    def status(self, view: dict[str, Any]) -> list[str]:
        with voice(self.tr):
            return summary(view)

    def reveal(self, engine: Any, state: Any) -> list[str]:
        with voice(self.tr):
            return reveal_lines(state)

    def hidden(self, engine: Any, state: Any) -> list[str]:
        with voice(self.tr):
            return hidden_lines(state)

    def event(self, event: Event) -> str:
        with voice(self.tr):
            line = self._event(event)
        neutrals = self.tr._("the neutrals")
        return cap(line) if line.startswith(("the ", neutrals)) else line  # "the neutrals ...", never a display name

    def phrased_kinds(self) -> frozenset[str]:
        return frozenset(EVENTS) | frozenset(PHRASES)

    def role(self, public_view, seat) -> str | None:
        """The faction a seat plays, once the public view shows it (chosen factions are public, p. 4)."""
        found = next((p for p in public_view.get("players", ()) if p.get("seat") == seat), None)
        if not (found and found.get("faction")):
            return None
        with voice(self.tr):  # the faction in this narrator's language ("Elfen", never "Elves")
            return name(found["faction"])

    def standings(self, public_view, result) -> list[str]:
        with voice(self.tr):
            return standings(public_view, result)

    def _event(self, event: Event) -> str:
        tr = self.tr
        if event.kind == "battle_won" and event.data.get("seat") is None:
            return tr._("The neutrals won the battle in {area}.", area=event.data.get("area"))
        if event.kind == "battle_started" and event.data.get("defender") is None:
            return tr._(
                "Battle in {area}: {attacker} attacks the neutrals.",
                area=event.data.get("area"),
                attacker=who(event.data.get("attacker")),
            )
        phrase = PHRASES.get(event.kind)
        if phrase is not None:
            try:
                return phrase(event.data)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                pass  # data of another shape: the template below, else the generic line
        template = EVENTS.get(event.kind)
        if template is None:
            return super().event(event)
        data = {k: _show(k, v) for k, v in event.data.items()}
        data["bonus_text"] = tr._(" with its bonus") if event.data.get("bonus") else ""
        data["completed_text"] = tr._("completed") if event.data.get("completed") else tr._("not completed")
        data["eliminated_text"] = tr._(", eliminated") if event.data.get("eliminated") else ""
        if event.kind == "faction_chosen":  # the name already carries the faction it now plays: say it once
            suffix = re.escape(f" ({data['faction']})") + "(?=[\u2069⟧]*$)"  # before a marked message's end (bot.i18n)
            data["seat"] = re.sub(suffix, "", data["seat"])
        if event.kind == "game_over" and "winner" in event.data:
            if event.data.get("reason"):
                return tr._(
                    "The game is over: {winner} wins ({reason}).",
                    winner=who(event.data["winner"]),
                    reason=why(event.data["reason"]),
                )
            return tr._("The game is over: {winner} wins.", winner=who(event.data["winner"]))
        try:
            return tr._(template, **data)
        except (KeyError, IndexError, ValueError):
            return super().event(event)

    def prompt(self, prompt: Prompt) -> str:
        template = HEADINGS.get(prompt.kind)
        if template is None:
            return super().prompt(prompt)
        with voice(self.tr):
            info = {k: _show(k, v) for k, v in prompt.info.items()}
        if prompt.kind == "place_guide":
            info["number"] = len(prompt.info.get("placed") or []) + 1
        try:
            return self.tr._(template, **info)
        except (KeyError, IndexError, ValueError):
            return self.tr.gettext(template).split("{")[0].strip() or super().prompt(prompt)

    def action(self, action: Action) -> str:
        with voice(self.tr):
            return self._action(action)

    def term(self, key: str, value: Any) -> str:
        """A refusal's value: resources, tokens, cards, units, factions and developments by
        their names in this language, areas by their map labels, numbers as they are."""
        if isinstance(value, str):
            with voice(self.tr):
                if value in RESOURCES:
                    return self.tr._(RESOURCES[value])
                if key in ("window", "now") and value in WINDOWS:  # a tactics card's moment
                    return self.tr._(WINDOWS[value])
                return escape(token(value) if "token" in key else name(value))
        return super().term(key, value)

    def _action(self, action: Action) -> str:
        a = action.args
        if not a:
            return plain(action.choice, action.prompt)
        if action.choice == "order" and "number" in a:
            return order_label(a["number"])
        if action.choice == "faction":
            return name(a.get("faction"))
        if action.choice in ("place", "eliminate", "retreat_units") and len(a) == 1:
            ((key, value),) = a.items()
            if isinstance(value, dict) and key == "units":
                return ", ".join(f"{n} × {name(k)}" for k, n in value.items()) or self.tr._("nothing")
        worded = label(action.choice, a)
        if worded is not None:
            return worded
        if set(a) == {"area"}:
            return f"{action.choice.replace('_', ' ').capitalize()}: {a['area']}"
        return f"{action.choice.replace('_', ' ').capitalize()}: " + ", ".join(_show(k, v) for k, v in sorted(a.items()))

    def value(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> str:
        shown, tr = dict(zip(keys, values)), self.tr
        if set(shown) == {"from", "unit"}:
            return tr._("{unit} from {area}", unit=name(shown["unit"]), area=shown["from"])
        if set(shown) == {"to"}:
            return tr._("to {area}", area=shown["to"])
        if set(shown) == {"count"}:
            return tr.ngettext("{n} unit", "{n} units", shown["count"])
        return ", ".join(name(v) for v in values)

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        return FLOWS.get(kind)

    def private(self, view: dict[str, Any], seat: int) -> list[str]:
        me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
        if me is None:
            return []
        cards = view.get("cards", {})

        tr = self.tr

        def card(card_id: str) -> str:
            named = cards.get(card_id, {}).get("name") or name(card_id)
            if cards.get(card_id, {}).get("fate"):  # Banners of War
                return tr._("{card} (tactic fate card)", card=named)
            return named

        in_hand = ", ".join(map(order_label, me.get("orders_in_hand", []))) or tr._("none")
        if me.get("chosen"):
            lines = [
                tr._(
                    "Order cards in hand: {cards} (chosen this season: {chosen})", cards=in_hand, chosen=order_label(me["chosen"])
                )
            ]
        else:
            lines = [tr._("Order cards in hand: {cards}", cards=in_hand)]
        if me.get("tactics_hand"):
            lines.append(tr._("Tactics cards: {cards}", cards=", ".join(card(c) for c in me["tactics_hand"])))
        if me.get("objective_card"):
            lines.append(tr._("Objective: {card}", card=card(me["objective_card"])))
        if me.get("quest_hand"):
            lines.append(tr._("Quests: {cards}", cards=", ".join(card(c) for c in me["quest_hand"])))
        with voice(tr):
            known = [
                f"{a} {rune(area['rune'])}"
                for a, area in view.get("areas", {}).items()
                if area.get("rune") in ("dragon", "false")
            ]
        if known:
            lines.append(tr._("Runes you see: {runes}", runes=", ".join(known)))
        return lines


#: reaction windows in words (prompt info "window"); turn windows are "before"/"after"
WINDOWS = {
    "rival_turn": N_("another player's turn"),
    "battle_start": N_("start of a battle"),
    "season": N_("season card"),
    "duel_start": N_("start of a duel"),
    "quest_phase": N_("quest phase"),
    "turn": N_("your turn"),
    # a turn's own windows ("Your turn (before your order)")
    "before": N_("before"),
    "after": N_("after"),
}


#: the data keys of events and prompts that hold a seat (None: the neutrals)
SEAT_KEYS = frozenset(
    {"seat", "owner", "first_player", "decider", "source", "by", "controller", "attacker_seat", "defender_seat", "ally", "winner"}
    | {"attacker", "defender"}
)


def _show(key: str, value: Any) -> str:
    if key == "window" and isinstance(value, str):
        return current_tr()._(WINDOWS[value]) if value in WINDOWS else value
    if key in ("season", "until") and value in SEASONS:
        return current_tr()._(SEASONS[value])
    if key == "until" and value in UNTIL:
        return current_tr()._(UNTIL[value])
    if key == "benefit" and value in BENEFITS:
        return current_tr()._(BENEFITS[value])
    if key in ("runes", "your_runes") and isinstance(value, dict):
        return runes(value)
    if key == "rune" and isinstance(value, str):
        return rune(value)
    if key == "section":
        return section(value)
    if key == "result" and isinstance(value, str):
        return current_tr()._(RESULTS[value]) if value in RESULTS else name(value)
    if key in ("why", "when") and isinstance(value, str):
        return why(value)
    if key == "token" and isinstance(value, str):
        return token(value)
    if key in ("cells", "guide") and isinstance(value, (list, tuple)):
        return cells(value)
    if key == "path" and isinstance(value, (list, tuple)):
        return " → ".join(map(str, value))
    if key == "units" and isinstance(value, dict):
        return ", ".join(f"{n} × {name(u)}" for u, n in value.items()) or current_tr()._("no units")
    if key in ("attacker", "defender") and isinstance(value, dict) and "units" in value:
        if value.get("seat") is not None:
            return current_tr()._("{seat} with {units}", seat=who(value.get("seat")), units=_show("units", value["units"]))
        return current_tr()._("neutrals with {units}", units=_show("units", value["units"]))
    if key in ("side", "winner") and value in SIDES:
        return current_tr()._(SIDES[value])
    if key == "areas" and isinstance(value, dict):
        return ", ".join(f"{a} ({n})" for a, n in value.items())
    if key == "bids" and isinstance(value, list):
        return ", ".join(f"{who(b.get('seat'))}: {b.get('amount')}" for b in value if isinstance(b, dict))
    if key in SEAT_KEYS and (value is None or isinstance(value, int)) and not isinstance(value, bool):
        return who(value)
    if key in ("tied",) and isinstance(value, (list, tuple)):
        return listing(map(who, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(key, v) for v in value)
    return name(value)


# -------------------------------------------------------------------- text board


#: the seasons (the view's ``season``)
SEASONS = {"spring": N_("spring"), "summer": N_("summer"), "autumn": N_("autumn"), "winter": N_("winter")}
#: the sides of a battle or duel (event data ``side``, ``winner``)
SIDES = {"attacker": N_("attacker"), "defender": N_("defender")}


#: the steps of the setup (the view's phase "setup.<step>") in words
SETUP_STEPS = {
    "": N_("getting started"),
    "faction": N_("factions are chosen"),
    "map": N_("the map is built"),
    "stronghold": N_("strongholds and units are placed"),
    "done": N_("last steps"),
}


def season_name(tr, season: Any) -> str:
    """A season in ``tr``'s language."""
    return tr._(SEASONS[season]) if season in SEASONS else str(season)


def summary(view: dict[str, Any]) -> list[str]:
    """A few lines on where the game stands, from a (public or seat) view, in the language told in."""
    tr = current_tr()
    phase = str(view.get("phase") or "")
    if phase.startswith("setup"):
        lines = [
            tr._(
                "Setting up the game ({step}).",
                step=tr._(SETUP_STEPS.get(phase.removeprefix("setup").strip("."), SETUP_STEPS[""])),
            )
        ]
    else:
        lines = [tr._("Year {year}, {season}.", year=view.get("year"), season=season_name(tr, view.get("season")))]
    turn = view.get("turn")
    if turn:
        if turn.get("bonus"):
            lines.append(
                tr._("{seat} is resolving {order} with its bonus.", seat=who(turn["seat"]), order=order_label(turn["order"]))
            )
        else:
            lines.append(tr._("{seat} is resolving {order}.", seat=who(turn["seat"]), order=order_label(turn["order"])))
    for p in view.get("players", []):
        if p.get("eliminated"):
            lines.append(
                tr._(
                    "{player}: influence {influence}, tactics {tactics} (eliminated)",
                    player=named(p),
                    influence=p.get("influence"),
                    tactics=p.get("tactics"),
                )
            )
        else:
            lines.append(
                tr._(
                    "{player}: influence {influence}, tactics {tactics}",
                    player=named(p),
                    influence=p.get("influence"),
                    tactics=p.get("tactics"),
                )
            )
    return lines


def named(p: Mapping[str, Any]) -> str:
    """A player of the view by name, with their faction even where the names in use lack it."""
    shown, faction = who(p["seat"]), name(p["faction"]) if p.get("faction") else None
    if faction and f"({faction})" not in shown:
        return current_tr()._("{player} ({role})", player=shown, role=faction)
    return shown


def area_line(area_id: str, area: dict[str, Any]) -> str:
    """One area of the text board, from the view's ``areas`` entry (nothing more)."""
    tr = current_tr()
    parts = [area_id]
    if area.get("controller") is not None:
        parts.append(tr._("held by {seat}", seat=who(area["controller"])))
    units = []
    for u in area.get("units", []):
        if not u.get("standing", 0) + u.get("routed", 0):
            continue
        values = {"count": u["standing"] + u["routed"], "unit": name(u["unit"])}
        if u.get("owner") is not None:
            units.append(tr._("{count} × {unit} of {owner}", owner=who(u["owner"]), **values))
        else:
            units.append(tr._("{count} × {unit} (neutral)", **values))
    if units:
        parts.append(", ".join(units))
    if area.get("stronghold"):
        owner = who(area["stronghold"]["owner"])
        if area["stronghold"].get("damaged"):
            parts.append(tr._("stronghold of {seat} (damaged)", seat=owner))
        else:
            parts.append(tr._("stronghold of {seat}", seat=owner))
    if area.get("rune"):
        shown = rune(area["rune"]) if area["rune"] in ("dragon", "false") else area["rune"].replace("_", " ")
        parts.append(tr._("rune: {rune}", rune=shown))
    if area.get("city"):
        parts.append(tr._("city"))
    return " · ".join(parts)


def text_board(view: dict[str, Any], area: str | None = None) -> list[str]:
    areas = view.get("areas", {})
    if area is not None:
        return (
            [area_line(area, areas[area])]
            if area in areas
            else [current_tr()._("There is no area {area} on the map.", area=area)]
        )
    return [area_line(a, v) for a, v in areas.items() if v.get("units") or v.get("controller") is not None or v.get("rune")]


#: the pack's card kinds as players name the decks
DECKS = {
    "season_card": N_("season card"),
    "tactics_card": N_("tactics card"),
    "objective": N_("objective"),
    "title": N_("title"),
    "hero": N_("hero"),
    "quest": N_("quest"),
    "reward": N_("reward"),
}


def catalogue(pack) -> list[dict[str, str]]:
    """Every card of every deck (season, tactics, objectives, titles, heroes, quests,
    rewards), every fate card and every unit ability of the pack: the published rules text
    of each, the same for everybody, in the narrated language (issue 31 item 3). It says
    nothing of where a card is (anyone's hand)."""
    if pack is None:
        return []
    tr = current_tr()

    def card_text(kind: str, card) -> str:
        parts = [pack_text(kind, card.id, "summary", pack), pack_text(kind, card.id, "text", pack)]
        return "\n".join(t for t in parts if t) or tr._("(no text)")

    def aliases(table: str, rid: str) -> str:
        """The record's names in every language, for matching what people type (issue 31 item 1)."""
        return "\n".join(pack.text(table, rid, "name", language)[0] for language in ("en", "de"))

    entries = [
        {
            "id": c.id,
            "name": pack_text(kind, c.id, "name", pack),
            "kind": tr._(DECKS[kind]) if kind in DECKS else kind.replace("_", " "),
            "text": card_text(kind, c),
            "aliases": aliases(kind, c.id),
        }
        for kind, cards in pack.cards.items()
        for c in cards
    ]
    entries += [
        {"id": f.id, "name": tr._("Fate card {number}", number=f.number), "kind": tr._("fate card"), "text": fate_card_text(f)}
        for f in pack.fate_cards
    ]
    for u in pack.units.values():
        ability, ability_name = pack_text("unit", u.id, "ability", pack), pack_text("unit", u.id, "ability_name", pack)
        entries.append(
            {
                "id": u.id,
                "name": pack_text("unit", u.id, "name", pack),
                "aliases": aliases("unit", u.id),
                "kind": tr._("unit ({faction})", faction=name(u.faction) if u.faction != "neutral" else tr._("neutral")),
                "text": tr._("{ability}: {text}", ability=ability_name, text=ability) if ability else tr._("No special ability."),
            }
        )
    entries += [
        {
            "id": t.id,
            "name": pack_text("exploration_token", t.id, "name", pack),
            "aliases": aliases("exploration_token", t.id),
            "kind": tr._("exploration token"),
            "text": pack_text("exploration_token", t.id, "text", pack),
        }
        for t in getattr(pack, "exploration_tokens", ())
        if t.text
    ]
    entries += [  # Banners of War: the Sunken City, a city token placed by quests only
        {
            "id": c.id,
            "name": pack_text("city_token", c.id, "name", pack),
            "aliases": aliases("city_token", c.id),
            "kind": tr._("city token"),
            "text": _quest_city_text(c),
        }
        for c in getattr(pack, "city_tokens", ())
        if not c.at_setup
    ]
    return entries


def _quest_city_text(city) -> str:
    """A city token that quests place (Banners of War's Sunken City): where it goes and what it gives."""
    tr = current_tr()
    produced = [f"+{n} {tr._(RESOURCES[r]) if r in RESOURCES else r}" for r, n in city.resources().items() if n]
    text = (
        tr._(
            "Placed on tile 12 by quests, never at setup. Its area's controller has one more dragon rune and its area"
            " produces {resources}.",
            resources=", ".join(produced),
        )
        if produced
        else tr._("Placed on tile 12 by quests, never at setup. Its area's controller has one more dragon rune.")
    )
    rally = tr._(
        "Rally Support: {count} {unit}, {tactics} tactics cards, {influence} influence or {quests} quest cards.",
        count=city.neutral_count,
        unit=name(city.neutral_unit),
        tactics=city.tactics,
        influence=city.influence,
        quests=city.quests,
    )
    return f"{text} {rally}"


# -------------------------------------------------------------------- fate deck and secrets


SECTIONS = ("triangle", "circle", "rectangle", "hexagon")
#: a unit shape as the fate cards' sections name it
SHAPES = {"triangle": N_("triangle"), "circle": N_("circle"), "rectangle": N_("rectangle"), "hexagon": N_("hexagon")}
#: a fate card's symbol (its colour, p. 11)
SYMBOLS = {"gold": N_("gold"), "silver": N_("silver"), "red": N_("red")}


def _section(section) -> str:
    tr = current_tr()
    if section.kind == "blank":
        return tr._("blank")
    if section.kind == "damage":
        return tr._("damage {n}", n=section.n)
    if section.kind == "rout":
        return tr._("rout {n}", n=section.n)
    if section.kind == "special":
        return tr._("special")
    return f"{section.kind} {section.n}" if section.n else section.kind


def fate_card_text(card) -> str:
    """A fate card's four sections (by unit shape) and its symbol."""
    tr = current_tr()
    sections = ", ".join(
        tr._("{shape} {section}", shape=tr._(SHAPES[shape]), section=_section(getattr(card, shape))) for shape in SECTIONS
    )
    symbol = tr._(SYMBOLS[card.symbol]) if card.symbol in SYMBOLS else card.symbol
    return tr._("{sections}; symbol {symbol}", sections=sections, symbol=symbol)


def fate_facts(view: dict[str, Any], pack) -> list[str]:
    """/rw fate: the fate deck as the public knows it. p. 18: „Der Ablagestapel für
    Schicksalskarten kann jederzeit von jedem Spieler durchsucht werden“; p. 11: it is
    shuffled back in autumn; pp. 30-31 (Weitere Regeln): and whenever the deck runs out.

    Cards neither in the draw pile nor in the discard pile are being used (a battle's cards
    not yet revealed count as unseen)."""
    tr = current_tr()
    deck = {f.id: f for f in pack.fate_cards}
    discard = [c for c in view.get("fate_discard", []) if c in deck]
    draw = (view.get("decks") or {}).get("fate")
    unseen = [f for f in pack.fate_cards if f.id not in set(discard)]
    lines = [
        tr._(
            "**Fate deck**: {cards} cards; draw pile {draw}, discard pile {discard}.",
            cards=len(deck),
            draw=draw if draw is not None else "?",
            discard=len(discard),
        )
    ]
    if discard:
        lines.append(tr._("Discarded (newest last): {cards}", cards=", ".join(str(deck[c].number) for c in discard)))
    lines.append(
        tr.ngettext("Not seen since the last shuffle: {n} card.", "Not seen since the last shuffle: {n} cards.", len(unseen))
    )
    symbols: dict[str, int] = {}
    for f in unseen:
        symbols[f.symbol] = symbols.get(f.symbol, 0) + 1
    shown = ", ".join(f"{tr._(SYMBOLS[s]) if s in SYMBOLS else s} {n}" for s, n in sorted(symbols.items()))
    lines.append(tr._("Symbols among them: {symbols}", symbols=shown or tr._("none")))
    for shape in SECTIONS:
        counts: dict[str, int] = {}
        for f in unseen:
            key = _section(getattr(f, shape))
            counts[key] = counts.get(key, 0) + 1
        lines.append(
            tr._(
                "{shape} units would draw: {sections}",
                shape=cap(tr._(SHAPES[shape])),
                sections=", ".join(f"{k} ×{n}" for k, n in sorted(counts.items())),
            )
        )
    return lines


def reveal_lines(state) -> list[str]:
    """Everything secret at the end (issue 9; digest §11.1: at the game's end all rune
    tokens are shown): each seat's objective, tactics cards, quests and hero rewards, and
    every face-down rune. Only called for a finished game."""
    from engine.runewars.runes import kind

    tr = current_tr()
    board = state.board
    lines = [tr._("**Revealed now that the game is over:**")]
    for p in board.players:
        rewards = [r for h in board.heroes if h.owner == p.seat for r in h.rewards]
        parts = [
            tr._("objective {card}", card=name(p.objective) if p.objective else tr._("none")),
            tr._("tactics {cards}", cards=", ".join(name(c) for c in p.tactics) or tr._("none")),
            tr._("quests {cards}", cards=", ".join(name(c) for c in p.quests) or tr._("none")),
        ]
        if rewards:
            parts.append(tr._("rewards {cards}", cards=", ".join(name(r) for r in rewards)))
        lines.append(tr._("{player}: {secrets}", player=named({"seat": p.seat, "faction": p.faction}), secrets="; ".join(parts)))
    runes = [f"{a} {rune(kind(area.rune))}" for a, area in sorted(board.areas.items()) if area.rune is not None]
    lines.append(tr._("Rune tokens: {runes}", runes=", ".join(runes) or tr._("none")))
    return lines


def hidden_lines(state) -> list[str]:
    """What no seat's own view names, shown by /game reveal once the game is over (issue 19
    item 5; digest §11.1: at the game's end all rune tokens are shown): the reward cards under
    each hero and every rune token. Only called for a game that is over."""
    from engine.runewars.runes import kind

    tr = current_tr()
    board = state.board
    lines = [
        tr._("Rewards under {hero}: {cards}", hero=name(h.card), cards=", ".join(name(r) for r in h.rewards))
        for h in sorted(board.heroes, key=lambda h: h.card)
        if h.rewards
    ]
    runes = [f"{a} {rune(kind(area.rune))}" for a, area in sorted(board.areas.items()) if area.rune is not None]
    lines.append(tr._("Rune tokens: {runes}", runes=", ".join(runes) or tr._("none")))
    return lines


# -------------------------------------------------------------------- the end of the game

#: how a game ends, in words, with the rulebook's page (p. 30 „Spielende und Sieg“, p. 31 eliminated players)
ENDINGS = {
    "dragon_runes": N_("{winner} controls {runes} areas with dragon runes and wins at once (p. 30)."),
    "last_player": N_("{winner} is the last player left and wins (p. 31)."),
    "time_limit": N_("{winner} wins at the end of the last winter (p. 30)."),
    "victory_card": N_("{winner} still holds enough dragon runes when the victory card is revealed and wins (exp. p. 11)."),
}


def standings(view: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """The winner and the standings (p. 30, „Spielende und Sieg“): after the last winter all
    rune tokens are revealed and the most dragon runes win; a tie goes to the most influence
    tokens, then to the greater starting influence. An instant win (6 dragon-rune areas, 7 in
    the epic variant) or the last player left needs no standings."""
    tr = current_tr()
    winner = result.get("winner")
    reason = result.get("reason")
    if winner is None:
        return [tr._("The game is over without a winner.")]
    runes = len(result.get("areas") or []) + int(result.get("dragon_thrones") or 0)
    if str(reason) in ENDINGS:
        lines = [tr._(ENDINGS[str(reason)], winner=who(winner), runes=runes or 6)]
    elif reason:
        lines = [tr._("{winner} wins ({reason}).", winner=who(winner), reason=why(reason))]
    else:
        lines = [tr._("{winner} wins.", winner=who(winner))]
    if reason == "dragon_runes" and result.get("areas"):
        lines.append(tr._("Dragon runes in {areas}.", areas=listing(result["areas"])))
    rows = [r for r in result.get("standings") or [] if isinstance(r, Mapping)]
    if not rows:
        return lines
    factions = {p.get("seat"): p.get("faction") for p in view.get("players", ())}
    starts = {r["seat"]: start_influence(factions.get(r["seat"])) for r in rows}
    lines.append(tr._("Standings (most dragon runes; ties: most influence, then most starting influence):"))
    for place, row in enumerate(rows, start=1):
        line = tr._(
            "{place}. {seat}: {runes}, {influence} influence",
            place=place,
            seat=who(row["seat"]),
            runes=tr.ngettext("{n} dragon rune", "{n} dragon runes", row.get("dragon_runes") or 0),
            influence=row.get("influence"),
        )
        ahead = rows[place] if place < len(rows) else None
        behind = rows[place - 2] if place > 1 else None
        for other in (ahead, behind):
            if other is not None and other.get("dragon_runes") == row.get("dragon_runes"):
                by_influence = other.get("influence") != row.get("influence")
                if not by_influence and starts.get(row["seat"]) is not None:
                    line += tr._(", starting influence {amount}", amount=starts[row["seat"]])
                if by_influence:
                    line += tr._(" (tie on dragon runes, decided by influence)")
                else:
                    line += tr._(" (tie on dragon runes, decided by starting influence)")
                break
        lines.append(line)
    return lines


def count_of(n: Any, word: str) -> str:
    return f"{n} {word}" + ("s" if n != 1 and not word.endswith("influence") else "")
