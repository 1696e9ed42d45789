"""Issue 23 item 6: every quest card the expansion adds is attempted in a fitting position with the option on and does
what its data says (each symbol with effects chosen once, a duel quest won), as tests/runewars/test_hero_cards.py
does for the base deck; the new heroes, rewards and objectives use only the windows and effects the base cards'
scenarios exercise, with the expansion's counts („17 Questkarten“, „8 Heldenkarten“, „3 böse Zielkarten, 3 gute
Zielkarten“, „9 Belohnungskarten“).
"""

import pytest

from engine.runewars.ruleset import RULESET
from tests.runewars.prompting import ENGINE, act
from tests.runewars.test_hero_cards import SYMBOL_CARD, TRAIT_HERO, duel_quest_deck
from tests.runewars.test_heroes import TILES, events_of, fate, hero, units

BOW = {"banners_of_war": True}
PACK = RULESET.pack(BOW)
BASE = RULESET.pack({})
NEW_QUESTS = sorted(set(PACK.hero_cards.quests) - set(BASE.hero_cards.quests))
WHERE = {"city": ("3B", {"3B": {"city": "city-1"}}), "neutral": ("1C", {"1C": {"units": [units("neutral", "beastman")]}})}
TILE_12 = {"tile": "tile-16", "rotation": 0, "q": -3, "r": 3}


def test_the_expansion_adds_the_rulebooks_counts():
    """„17 Questkarten“, „8 Heldenkarten“, „3 böse Zielkarten“, „3 gute Zielkarten“, „9 Belohnungskarten“, every record
    with its ``source``."""
    cards = PACK.hero_cards
    assert len(NEW_QUESTS) == 17
    assert len(set(cards.heroes) - set(BASE.hero_cards.heroes)) == 8
    assert len(set(cards.rewards) - set(BASE.hero_cards.rewards)) == 9
    new_objectives = [c for c in PACK.cards["objective"] if c.id not in {o.id for o in BASE.cards["objective"]}]
    assert sorted(c.attrs["alignment"] for c in new_objectives) == ["evil"] * 3 + ["good"] * 3
    for quest in NEW_QUESTS:
        assert cards.quest(quest).prov.source in ("house", "rulebook", "public")


def placements_for(area):
    tile = f"tile-{area[:-1]}"
    out = [TILES[2], TILES[0]]
    if tile != "tile-1":
        out.append({"tile": tile, "rotation": 0, "q": 0, "r": 2})
    if tile != "tile-16":
        out.append(TILE_12)
    return out


def attempt(card, quest, deck, area, extra_areas, banners):
    spec = {
        "factions": ["humans", "uthuk"],
        "placements": placements_for(area),
        "neutrals": "none",
        "areas": extra_areas,
        "heroes": [hero(card, 1, area)],
        "players": {"1": {"quests": [quest.id]}},
        "season": {"year": 1, "name": "summer", "start": "orders", "previous_orders": {"0": 5, "1": 4}},
        "frames": [{"type": "QuestPhase"}],
        "fate_deck": fate(*deck),
        **({"banners": banners} if banners else {}),
    }
    start = ENGINE.from_position(BOW, 2, 1, spec)
    stayed = act(start.state, "hero_action", "move", hero=card, path=[])
    return [stayed, act(stayed.state, "hero_venture", "quest", quest=quest.id)]


def settle(transitions):
    """Answer what the effects ask (where a token goes) with the first legal answer, and the duel's start window."""
    for _ in range(20):
        state = transitions[-1].state
        asked = [p for p in state.prompts if p.kind in ("effect_choice", "duel_start", "test_choose")]
        if not asked:
            return transitions
        prompt = asked[0]
        transitions.append(ENGINE.apply(state, ENGINE.legal(state, prompt.seat)[0]))
    raise AssertionError("the quest did not settle")


def every(transitions, kind):
    return [e.data for t in transitions for e in events_of(t, kind)]


def check(records, card, quest, transitions):
    after, before = transitions[-1].state, transitions[0].state
    hero_after = next(h for h in after.board.heroes if h.card == card)
    does = [r["do"] for r in records]
    assert len(hero_after.rewards) == sum(r.get("count", 1) for r in records if r["do"] == "take_reward")
    assert hero_after.damage == sum(r["amount"] for r in records if r["do"] == "hero_damage")
    gained = sum(r["amount"] for r in records if r["do"] == "gain_influence")
    assert after.board.players[1].influence == before.board.players[1].influence + gained
    drawn = sum(r["count"] for r in records if r["do"] == "draw_tactics")
    assert len(after.board.players[1].tactics) == len(before.board.players[1].tactics) + drawn
    assert bool(every(transitions, "sunken_city_placed")) == ("place_sunken_city" in does)
    assert bool(every(transitions, "sunken_city_destroyed")) == ("sink_sunken_city" in does)
    assert bool(every(transitions, "desolation_placed")) == ("place_desolation" in does)
    assert bool(every(transitions, "cryomancy_placed")) == ("place_cryomancy" in does)
    assert bool(every(transitions, "desolation_removed")) == ("remove_desolation" in does)
    if "remove_desolation" in does:
        assert after.board.desolation == []
    if "reveal_rune" in does:  # „Falls die Karte … verlangt, eine seiner Drachenrunen aufzudecken, darf er nicht eine seiner
        assert [e["area"] for e in every(transitions, "rune_revealed")] == ["1A"]  # falschen Runen aufdecken.“
    completed = every(transitions, "quest_result")[0]["completed"]
    assert completed is ("take_reward" in does) and (quest.id in after.board.players[1].quests) is not completed


@pytest.mark.parametrize("quest_id", NEW_QUESTS)
def test_every_expansion_quest_does_what_it_says(quest_id):
    """p. 26 (base): the chosen symbol's instructions; p. 28: a beaten unit completes a duel quest. The Sunken City quests
    raise it on tile 12 (exp. „Die Versunkene Stadt“), the others place Desolation or Cryomancy (exp. p. 8)."""
    quest = PACK.hero_cards.quest(quest_id)
    area, extra = WHERE.get(quest.where, (quest.area, {}))
    if quest.test is None:
        transitions = settle(attempt("vrask_der_schinder", quest, duel_quest_deck(quest.duel), area, extra, None))
        assert every(transitions, "duel_started")[0]["monster"] == quest.duel
        check(quest.outcomes["win"], "vrask_der_schinder", quest, transitions)
        return
    for symbol, records in quest.outcomes.items():
        banners = {"sunken_city": "16A"} if any(r["do"] == "sink_sunken_city" for r in records) else {}
        if any(r["do"] == "remove_desolation" for r in records):
            banners["desolation"] = ["1A"]
        if any(r["do"] == "reveal_rune" for r in records):  # one dragon and one false rune of the questing player
            extra = {**extra, "1A": {"units": [units(1, "uthuk_berserker")], "rune": {"kind": "dragon"}}}
            extra["1B"] = {"units": [units(1, "uthuk_berserker")], "rune": {"kind": "false"}}
        transitions = attempt(TRAIT_HERO[quest.test], quest, list(SYMBOL_CARD.values()), area, extra, banners)
        transitions.append(act(transitions[-1].state, "test_choose", "choose", card=SYMBOL_CARD[symbol]))
        settle(transitions)
        assert every(transitions, "test_chosen")[0]["symbol"] == symbol
        check(records, TRAIT_HERO[quest.test], quest, transitions)


def _signature(card) -> tuple:
    return (getattr(card, "when", None), tuple(sorted(e["do"] for e in card.effects)), tuple(sorted(card.keywords)))


def test_the_new_heroes_and_rewards_use_windows_and_effects_the_base_cards_scenarios_play():
    """tests/runewars/test_hero_cards.py plays every base hero and reward in its window; each new card has the same
    window, effects and keywords as one of them (its numbers are read by the same code)."""
    base, bow = BASE.hero_cards, PACK.hero_cards
    heroes = {_signature(h) for h in base.heroes.values()}
    rewards = {(r.trait, r.test) + _signature(r) for r in base.rewards.values()}
    for card in set(bow.heroes) - set(base.heroes):
        assert _signature(bow.hero(card)) in heroes, card
    for card in set(bow.rewards) - set(base.rewards):
        reward = bow.rewards[card]
        assert ((reward.trait, reward.test) + _signature(reward)) in rewards or _signature(reward)[1:] in {
            s[3:] for s in rewards
        }, card


def test_the_new_objectives_check_conditions_the_base_objectives_scenarios_play():
    """tests/runewars/test_cards.py claims every base objective when its conditions hold; the new ones combine the same
    conditions."""
    checks = {r["check"] for c in BASE.cards["objective"] for r in c.attrs.get("requires", [])}
    for card in PACK.cards["objective"]:
        assert {r["check"] for r in card.attrs.get("requires", [])} <= checks, card.id
