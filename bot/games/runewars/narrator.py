"""Runewars in words: event lines, decision headings, answer labels and guided steps.

The narrator of the Runewars front-end (:mod:`bot.games.runewars`). Names come from the
built-in data pack (unit and faction names in English); anything not phrased here falls
back to the generic ``kind: key=value`` form, so a new event or prompt kind is never lost.
Nothing here sees more than the event or prompt it is given, so a line can leak nothing
its event did not carry.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.narration import Narrator
from engine.core import Action, Event, Prompt

#: guided steps (argument groups) per prompt kind: movement is destination, units, count
FLOWS: dict[str, tuple[tuple[str, ...], ...]] = {
    "strategy_move": (("to",), ("from", "unit"), ("count",)),
    "march_move": (("from", "unit"), ("count",)),
    "take_title": (("title",), ("influence",)),
    "harvest_build": (("area",), ("development",)),
}

#: headings of decisions; ``{...}`` are filled from the prompt's info
HEADINGS: dict[str, str] = {
    "choose_faction": "Choose your faction.",
    "place_stronghold": "Place your stronghold in one of your home areas.",
    "place_units": "Place your starting {unit} ({count}) in your home areas.",
    "place_false_rune": "Secret: choose the home area that gets your false rune.",
    "choose_order": "Secret: choose your order card for this season.",
    "turn_window": "Your turn ({window} your order): play a card now, or go on.",
    "strategy_move": "Strategy: move units one step each, then press Done.",
    "march_target": "Activate an area (activation {activation}).",
    "march_move": "March units into {area}, then press Done.",
    "march_encounter": "Neutrals in {area}: fight or negotiate.",
    "diplomacy_spend": "Diplomacy in {area}: how much influence do you spend?",
    "diplomacy_card": "Diplomacy in {area}: choose one of the drawn fate cards.",
    "diplomacy_fallout": "Diplomacy in {area} failed: battle or retreat.",
    "retreat": "Retreat from {from}: choose where.",
    "eliminate_units": "Too many units in {area}: choose which to remove.",
    "recruit_resource": "Recruit: choose the resource dial.",
    "place_recruits": "Place the recruited {unit} ({count}).",
    "fortify_action": "Fortify: build, repair, move runes, or finish.",
    "fortify_swap": "Secret: swap the two rune tokens or keep them?",
    "harvest_raise_dial": "Harvest in {area}: raise which dial?",
    "harvest_build": "Harvest: build a development?",
    "support_city": "Rally support in {area}: choose the benefit.",
    "support_quest_discard": "Secret: discard quest cards ({count}).",
    "take_title": "Acquire power: take a title?",
    "place_runes": "Secret: place your rune tokens ({tokens}).",
    "discard_false_runes": "You may discard false runes you control.",
    "influence_bid": "Secret: bid influence (you have {influence}).",
    "bid_tie": "Break the tie of the influence bid.",
    "autumn_choice": "Autumn: influence or tactics cards?",
    "battle_type": "Battle in {area}: which unit type draws first?",
    "battle_assign": "Battle in {area}: assign the result.",
    "battle_ability": "Battle in {area}: use the ability of your {unit}?",
    "battle_defence": "Battle in {area}: use your defence development?",
    "battle_stronghold": "You captured {area}: demolish or destroy the stronghold?",
    "battle_excess": "Too many units in {area} after the battle: choose which retreat.",
    "tactics_window": "You may play a tactics card now ({window}), or pass.",
    "effect_choice": "{card}: choose.",
    "hero_action": "Your heroes: choose an action.",
    "hero_venture": "{hero} in {area}: venture?",
    "place_hero": "Place {hero}.",
    "place_starting_hero": "Place your starting hero {hero}.",
    "recruit_heroes": "Recruit heroes (at most {most}).",
    "keep_hero": "Choose the hero(es) to keep ({count}).",
    "disloyal_choice": "Choose which hero leaves you.",
    "test_choose": "{hero}: choose the fate card for the test of {quest}.",
    "test_boost": "{hero}: boost the {test} test of {quest}?",
    "trade_rewards": "{hero}: trade reward cards?",
}

EVENTS: dict[str, str] = {
    "faction_chosen": "Seat {seat} plays {faction}.",
    "first_player_drawn": "Seat {first_player} goes first.",
    "stronghold_placed": "Seat {seat} placed a stronghold in {area}.",
    "season_began": "Year {year}, {season}.",
    "order_chosen": "Seat {seat} has chosen an order.",
    "orders_revealed": "Orders revealed: {orders}.",
    "turn_began": "Seat {seat} resolves {order} ({number}){bonus_text}.",
    "turn_ended": "Seat {seat} ended their turn.",
    "units_moved": "Seat {seat} moved {count} × {unit} {path}.",
    "area_activated": "Seat {seat} activated {area} ({order}).",
    "battle_started": "Battle in {area}: seat {attacker} attacks seat {defender}.",
    "battle_won": "Seat {seat} won the battle in {area}.",
    "bid_made": "Seat {seat} has bid.",
    "bids_revealed": "Bids revealed.",
    "influence_gained": "Seat {seat} gains {amount} influence.",
    "player_eliminated": "Seat {seat} is eliminated.",
    "game_over": "The game is over.",
    "setup_complete": "Setup complete.",
    "map_built": "The map is built.",
    "setup_quests_dealt": "The setup quests are dealt.",
    "objective_dealt": "Seat {seat} was dealt an objective card.",
    "spring": "Spring: activation tokens are removed, routed units stand up, order cards return to hand.",
    "summer": "Summer.",
    "autumn": "Autumn.",
    "winter": "Winter.",
    "season_card_drawn": "Season card: {card}.",
    "season_card_cancelled": "Seat {seat} cancelled the season card {card}.",
    "council_card": "Council of Mages card: {card}.",
    "lasting_effect": "{card} lasts until the end of the {until}.",
    "tactics_drawn": "Seat {seat} drew {count} tactics card(s).",
    "tactics_played": "Seat {seat} played {card}.",
    "quests_drawn": "Seat {seat} drew {count} quest card(s).",
    "heroes_drawn": "Seat {seat} drew {count} hero card(s).",
    "units_placed": "Seat {seat} placed {unit} in {areas}.",
    "units_recruited": "Seat {seat} recruited {units}.",
    "units_eliminated": "Seat {seat} lost {units} in {area}.",
    "units_routed": "{units} in {area} were routed.",
    "units_retreated": "{units} retreated {path}.",
    "neutrals_moved": "{count} × {unit} moved {path}.",
    "alliance_formed": "Seat {seat} allied with {units} in {area}.",
    "alliance_ended": "The alliance of seat {seat} with {units} in {area} ended.",
    "diplomacy_result": "Diplomacy in {area}: {result} (fate card {card}).",
    "fate_drawn": "Seat {seat} drew the fate cards {cards}.",
    "influence_spent": "Seat {seat} spends {amount} influence.",
    "influence_lost": "Seat {seat} loses {amount} influence.",
    "influence_taken": "Seat {seat} takes {amount} influence from seat {source}.",
    "bid_started": "Influence bid.",
    "bid_tied": "The bid is tied between seats {tied}; seat {decider} decides.",
    "bid_tie_decided": "Seat {decider} gave the tie to seat {seat}.",
    "bid_won": "Seat {seat} wins the bid.",
    "title_taken": "Seat {seat} took the title {title} ({influence} influence).",
    "title_declined": "Seat {seat} took no title.",
    "support_chosen": "Seat {seat} rallied support in {area}: {benefit} ({amount}).",
    "development_built": "Seat {seat} built {development} in {area}.",
    "fortify_done": "Seat {seat} fortified ({taken}).",
    "stronghold_repaired": "Seat {seat} repaired the stronghold in {area}.",
    "order_bonus": "Seat {seat} uses the bonus of {order}.",
    "stronghold_built": "Seat {seat} built a stronghold in {area}.",
    "stronghold_captured": "Seat {seat} captured the stronghold in {area}.",
    "stronghold_destroyed": "The stronghold in {area} was destroyed.",
    "objective_claimed": "Seat {seat} claimed the objective {card}.",
    "runes_placed": "Seat {seat} placed rune tokens in {areas}.",
    "runes_moved": "Seat {seat} moved the rune tokens of {areas}.",
    "runes_revealed": "Runes revealed: {runes}.",
    "runes_taken": "Seat {seat} takes rune tokens.",
    "rune_peeked": "Seat {seat} looked at the rune in {area}.",
    "quest_phase": "Quest phase.",
    "quest_revealed": "{hero} (seat {owner}) takes on {quest} in {area}.",
    "quest_result": "{hero} (seat {owner}): {quest} {completed_text}.",
    "hero_recruited": "Seat {seat} recruited {hero}.",
    "hero_placed": "{hero} (seat {owner}) enters {area}.",
    "hero_moved": "{hero} (seat {owner}) moved {path}.",
    "hero_damaged": "{hero} (seat {owner}) takes {amount} damage.",
    "hero_healed": "{hero} (seat {owner}) heals {amount}.",
    "hero_defeated": "{hero} (seat {owner}) is defeated in {area}.",
    "hero_trained": "{hero} (seat {owner}) trains.",
    "reward_gained": "{hero} (seat {owner}) gains {count} reward card(s).",
    "duel_started": "Duel in {area}.",
    "duel_ended": "The duel in {area} ended after {rounds} round(s).",
    # private events (only the seat they are for reads them)
    "your_order": "Your order: {order} ({number}).",
    "your_tactics_drawn": "You drew: {cards}.",
    "your_quests_drawn": "You drew the quests: {cards}.",
    "your_heroes_drawn": "You drew the heroes: {cards}.",
    "your_objective": "Your objective: {card}.",
    "your_runes": "Runes you know: {runes}.",
    "your_rewards": "Rewards of {hero}: {cards}.",
    "your_bid": "Your bid: {amount}.",
    "your_false_rune": "Your false rune lies in {area}.",
    "rune_seen": "The rune in {area} is {rune}.",
    "battle_cards": "You drew {cards} for your {unit} in {area}.",
    # battle details: told in the battle report (a thread of the game channel)
    "battle_lined_up": "Lined up: {attacker} against {defender}.",
    "battle_round": "Row {row}.",
    "battle_drew": "The {side} draws {count} fate card(s) for {unit}.",
    "battle_cards_revealed": "Row {row}: fate cards revealed.",
    "battle_card_drawn": "The {side}'s {unit} draws {card} ({section}).",
    "battle_routed": "The {side}'s {unit} is routed.",
    "battle_damaged": "The {side}'s {unit} takes damage ({damage}){eliminated_text}.",
    "battle_eliminated": "The {side}'s {unit} is eliminated.",
    "battle_raised": "The {side} raises a {unit}.",
    "battle_bonus": "The {side} gains {strength} strength.",
    "battle_ended": "The battle in {area} is over: the {winner} won.",
    "ability_used": "The {side}'s {unit} use their ability.",
}

#: public event kinds told only in a battle's report (a thread), not in the channel
BATTLE_DETAILS = frozenset({"battle_lined_up", "battle_round", "battle_drew", "battle_cards_revealed",
                            "battle_card_drawn", "battle_routed", "battle_damaged", "battle_eliminated",
                            "battle_raised", "battle_bonus", "battle_ended", "ability_used", "defence_used"})


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """English names of units, factions and titles from the built-in pack (ids otherwise)."""
    try:
        from engine.runewars.game import GAME

        pack = GAME.load_pack({})
    except Exception:  # names are a nicety; the ids still read
        return {}
    names = {uid: u.name_en for uid, u in pack.units.items()}
    names.update({fid: fid.capitalize() for fid in pack.factions})
    names.update({c.id: card_name(c) for cards in pack.cards.values() for c in cards})
    return names


def card_name(card) -> str:
    """A card's English name (the data's ``name``), else its German one, else its id."""
    return card.attrs.get("name") or card.name_en or card.name_de or card.id


def name(value: Any) -> str:
    return _names().get(value, str(value)) if isinstance(value, str) else str(value)


class RunewarsNarrator(Narrator):
    report_span = ("battle_started", "battle_ended")

    def in_report(self, kind: str) -> bool:
        return kind in BATTLE_DETAILS

    def chapter(self, view: dict[str, Any]) -> str | None:
        if view.get("result") is not None:
            return "the end"
        if str(view.get("phase") or "").startswith("setup"):
            return "setup"
        return f"year {view.get('year')}, {view.get('season')}"

    def season(self, view: dict[str, Any]) -> str | None:
        return f"Year {view.get('year')} {view['season']}" if view.get("season") else None

    def status(self, view: dict[str, Any]) -> list[str]:
        return summary(view)

    def reveal(self, engine: Any, state: Any) -> list[str]:
        return reveal_lines(state)

    def event(self, event: Event) -> str:
        if event.kind == "battle_won" and event.data.get("seat") is None:
            return f"The neutrals won the battle in {event.data.get('area')}."
        if event.kind == "battle_started" and event.data.get("defender") is None:
            return f"Battle in {event.data.get('area')}: seat {event.data.get('attacker')} attacks the neutrals."
        template = EVENTS.get(event.kind)
        if template is None:
            return super().event(event)
        data = {k: _show(k, v) for k, v in event.data.items()}
        data["bonus_text"] = " with its bonus" if event.data.get("bonus") else ""
        data["completed_text"] = "completed" if event.data.get("completed") else "not completed"
        data["eliminated_text"] = ", eliminated" if event.data.get("eliminated") else ""
        if event.kind == "game_over" and "winner" in event.data:
            return f"The game is over: seat {event.data['winner']} wins" + \
                (f" ({str(event.data['reason']).replace('_', ' ')})." if event.data.get("reason") else ".")
        try:
            return template.format(**data)
        except (KeyError, IndexError):
            return super().event(event)

    def prompt(self, prompt: Prompt) -> str:
        template = HEADINGS.get(prompt.kind)
        if template is None:
            return super().prompt(prompt)
        try:
            return template.format(**{k: _show(k, v) for k, v in prompt.info.items()})
        except (KeyError, IndexError):
            return template.split("{")[0].strip() or super().prompt(prompt)

    def action(self, action: Action) -> str:
        a = action.args
        if action.choice == "move" and {"from", "unit", "count"} <= set(a):
            where = f"{a['from']} → {a['to']}" if "to" in a else f"from {a['from']}"
            return f"{a['count']} × {name(a['unit'])} {where}"
        if action.choice == "order" and "number" in a:
            return f"Order {a['number']}"
        if set(a) == {"area"}:
            return f"{action.choice.replace('_', ' ').capitalize()}: {a['area']}"
        if action.choice == "faction":
            return name(a.get("faction"))
        if action.choice in ("place", "eliminate", "retreat_units") and len(a) == 1:
            (value,) = a.values()
            if isinstance(value, dict):
                return ", ".join(f"{n} × {name(k)}" for k, n in value.items()) or "nothing"
        if not a:
            return action.choice.replace("_", " ").capitalize()
        return f"{action.choice.replace('_', ' ')}: " + ", ".join(f"{k} {_show(k, v)}" for k, v in sorted(a.items()))

    def value(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> str:
        shown = dict(zip(keys, values))
        if set(shown) == {"from", "unit"}:
            return f"{name(shown['unit'])} from {shown['from']}"
        if set(shown) == {"to"}:
            return f"to {shown['to']}"
        if set(shown) == {"count"}:
            return f"{shown['count']} unit{'s' if shown['count'] != 1 else ''}"
        return ", ".join(name(v) for v in values)

    def flow(self, kind: str) -> tuple[tuple[str, ...], ...] | None:
        return FLOWS.get(kind)

    def private(self, view: dict[str, Any], seat: int) -> list[str]:
        me = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
        if me is None:
            return []
        cards = view.get("cards", {})

        def card(card_id: str) -> str:
            return cards.get(card_id, {}).get("name") or name(card_id)

        lines = [f"Order cards in hand: {', '.join(map(str, me.get('orders_in_hand', []))) or 'none'}"
                 + (f" (chosen this season: {me['chosen']})" if me.get("chosen") else "")]
        if me.get("tactics_hand"):
            lines.append("Tactics cards: " + ", ".join(card(c) for c in me["tactics_hand"]))
        if me.get("objective_card"):
            lines.append(f"Objective: {card(me['objective_card'])}")
        if me.get("quest_hand"):
            lines.append("Quests: " + ", ".join(card(c) for c in me["quest_hand"]))
        known = [f"{a} {area['rune']}" for a, area in view.get("areas", {}).items() if area.get("rune") in ("dragon", "false")]
        if known:
            lines.append("Runes you see: " + ", ".join(known))
        return lines


#: reaction windows in words (prompt info "window"); turn windows are "before"/"after"
WINDOWS = {"rival_turn": "another player's turn", "battle_start": "start of a battle", "season": "season card",
           "duel_start": "start of a duel", "quest_phase": "quest phase", "turn": "your turn"}


def _show(key: str, value: Any) -> str:
    if key == "window" and isinstance(value, str):
        return WINDOWS.get(value, value)
    if key == "path" and isinstance(value, (list, tuple)):
        return " → ".join(map(str, value))
    if key == "units" and isinstance(value, dict):
        return ", ".join(f"{n} × {name(u)}" for u, n in value.items()) or "no units"
    if key in ("attacker", "defender") and isinstance(value, dict) and "units" in value:
        return f"seat {value.get('seat')} with " + _show("units", value["units"]) if value.get("seat") is not None \
            else "neutrals with " + _show("units", value["units"])
    if key == "areas" and isinstance(value, dict):
        return ", ".join(f"{a} ({n})" for a, n in value.items())
    if key == "bids" and isinstance(value, list):
        return ", ".join(f"seat {b.get('seat')}: {b.get('amount')}" for b in value if isinstance(b, dict))
    if key in ("tied",) and isinstance(value, (list, tuple)):
        return " and ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(key, v) for v in value)
    return name(value)



# -------------------------------------------------------------------- text board


def summary(view: dict[str, Any]) -> list[str]:
    """A few lines on where the game stands, from a (public or seat) view."""
    phase = str(view.get("phase") or "")
    if phase.startswith("setup"):
        lines = [f"Setting up the game ({phase.removeprefix('setup').strip('.') or 'start'})."]
    else:
        lines = [f"Year {view.get('year')}, {view.get('season')}."]
    turn = view.get("turn")
    if turn:
        lines.append(f"Seat {turn['seat']} is resolving order {turn['order']}{' with its bonus' if turn.get('bonus') else ''}.")
    for p in view.get("players", []):
        status = " (eliminated)" if p.get("eliminated") else ""
        lines.append(f"Seat {p['seat']}: {name(p.get('faction')) if p.get('faction') else 'no faction yet'},"
                     f" influence {p.get('influence')}, tactics {p.get('tactics')}{status}")
    return lines


def area_line(area_id: str, area: dict[str, Any]) -> str:
    """One area of the text board, from the view's ``areas`` entry (nothing more)."""
    parts = [area_id]
    if area.get("controller") is not None:
        parts.append(f"held by seat {area['controller']}")
    units = [f"{u['standing'] + u['routed']} × {name(u['unit'])}" + (f" (seat {u['owner']})" if u.get("owner") is not None else " (neutral)")
             for u in area.get("units", []) if u.get("standing", 0) + u.get("routed", 0)]
    if units:
        parts.append(", ".join(units))
    if area.get("stronghold"):
        parts.append(f"stronghold of seat {area['stronghold']['owner']}" + (" (damaged)" if area["stronghold"].get("damaged") else ""))
    if area.get("rune"):
        parts.append(f"rune: {area['rune'].replace('_', ' ')}")
    if area.get("city"):
        parts.append("city")
    return " · ".join(parts)


def text_board(view: dict[str, Any], area: str | None = None) -> list[str]:
    areas = view.get("areas", {})
    if area is not None:
        return [area_line(area, areas[area])] if area in areas else [f"There is no area {area} on the map."]
    return [area_line(a, v) for a, v in areas.items() if v.get("units") or v.get("controller") is not None or v.get("rune")]


#: the pack's card kinds as players name the decks
DECKS = {"season_card": "season card", "tactics_card": "tactics card", "objective": "objective", "title": "title",
         "hero": "hero", "quest": "quest", "reward": "reward"}


def catalogue(pack) -> list[dict[str, str]]:
    """Every card of every deck (season, tactics, objectives, titles, heroes, quests,
    rewards), every fate card and every unit ability of the pack: the published rules text
    of each, the same for everybody. It says nothing of where a card is (anyone's hand)."""
    if pack is None:
        return []
    entries = [{"id": c.id, "name": card_name(c), "kind": DECKS.get(kind, kind.replace("_", " ")),
                "text": "\n".join(t for t in (c.attrs.get("summary"), c.text) if t) or "(no text)"}
               for kind, cards in pack.cards.items() for c in cards]
    entries += [{"id": f.id, "name": f"Fate card {f.number}", "kind": "fate card", "text": fate_card_text(f)}
                for f in pack.fate_cards]
    entries += [{"id": u.id, "name": u.name_en, "kind": f"unit ({name(u.faction) if u.faction else 'neutral'})",
                 "text": f"{u.ability_name}: {u.ability}" if u.ability else "No special ability."}
                for u in pack.units.values()]
    return entries


# -------------------------------------------------------------------- fate deck and secrets


SECTIONS = ("triangle", "circle", "rectangle", "hexagon")


def _section(section) -> str:
    return "blank" if section.kind == "blank" else f"{section.kind} {section.n}" if section.n else section.kind


def fate_card_text(card) -> str:
    """A fate card's four sections (by unit shape) and its symbol."""
    return ", ".join(f"{shape} {_section(getattr(card, shape))}" for shape in SECTIONS) + f"; symbol {card.symbol}"


def fate_facts(view: dict[str, Any], pack) -> list[str]:
    """/rw fate: the fate deck as the public knows it. p. 18: „Der Ablagestapel für
    Schicksalskarten kann jederzeit von jedem Spieler durchsucht werden“; p. 11: it is
    shuffled back in autumn; pp. 30-31 (Weitere Regeln): and whenever the deck runs out.

    Cards neither in the draw pile nor in the discard pile are being used (a battle's cards
    not yet revealed count as unseen)."""
    deck = {f.id: f for f in pack.fate_cards}
    discard = [c for c in view.get("fate_discard", []) if c in deck]
    draw = (view.get("decks") or {}).get("fate")
    unseen = [f for f in pack.fate_cards if f.id not in set(discard)]
    lines = [f"**Fate deck**: {len(deck)} cards; draw pile {draw if draw is not None else '?'}, discard pile {len(discard)}."]
    if discard:
        lines.append("Discarded (newest last): " + ", ".join(str(deck[c].number) for c in discard))
    lines.append(f"Not seen since the last shuffle: {len(unseen)} cards.")
    symbols = {}
    for f in unseen:
        symbols[f.symbol] = symbols.get(f.symbol, 0) + 1
    lines.append("Symbols among them: " + (", ".join(f"{s} {n}" for s, n in sorted(symbols.items())) or "none"))
    for shape in SECTIONS:
        counts: dict[str, int] = {}
        for f in unseen:
            key = _section(getattr(f, shape))
            counts[key] = counts.get(key, 0) + 1
        lines.append(f"{shape.capitalize()} units would draw: " + ", ".join(f"{k} ×{n}" for k, n in sorted(counts.items())))
    return lines


def reveal_lines(state) -> list[str]:
    """Everything secret at the end (issue 9; digest §11.1: at the game's end all rune
    tokens are shown): each seat's objective, tactics cards, quests and hero rewards, and
    every face-down rune. Only called for a finished game."""
    from engine.runewars.runes import kind

    board = state.board
    lines = ["**Revealed now that the game is over:**"]
    for p in board.players:
        rewards = [r for h in board.heroes if h.owner == p.seat for r in h.rewards]
        parts = [f"objective {name(p.objective) if p.objective else 'none'}",
                 "tactics " + (", ".join(name(c) for c in p.tactics) or "none"),
                 "quests " + (", ".join(name(c) for c in p.quests) or "none")]
        if rewards:
            parts.append("rewards " + ", ".join(name(r) for r in rewards))
        lines.append(f"Seat {p.seat} ({name(p.faction) if p.faction else '?'}): " + "; ".join(parts))
    runes = [f"{a} {kind(area.rune)}" for a, area in sorted(board.areas.items()) if area.rune is not None]
    lines.append("Rune tokens: " + (", ".join(runes) or "none"))
    return lines
