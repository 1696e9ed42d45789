"""Issue #7, "Done when": every hero, quest and reward card of the pack is played in a fitting position and does what its
data says (pp. 25-29; digest §9). The tests are parametrised from the pack, so a new card with no scenario fails.

Quests (p. 26 „Eigenschaftsprüfungen“, p. 28 „Duellquests“): each symbol with effects is chosen once, a duel quest is won.
Rewards (p. 27 „Belohnungskarten“): each is used in the window its ``when`` names. Heroes (p. 25 „Heldenkarten“): each
ability is used where it applies.
"""

from math import ceil

import pytest

from tests.runewars.prompting import ENGINE, act, prompt_of
from tests.runewars.test_cards import CARDS, spec_for
from tests.runewars.test_duels import duel, passes
from tests.runewars.test_heroes import PACK, TILES, events_of, fate, hero, quest_phase, units
from tests.runewars.test_heroes_rewards import hero_turn

HERO_CARDS = PACK.hero_cards
QUEST_TILES = TILES + [{"tile": "tile-3", "rotation": 0, "q": 0, "r": 2}]
#: a hero with 3 in each trait (seat 1 goes first in the quest phase)
TRAIT_HERO = {"strength": "aldric_sturmhand", "wisdom": "mirela_laterne", "agility": "sable_nachtschritt"}
#: a fate card of each symbol
SYMBOL_CARD = {"gold": "fate-05", "silver": "fate-03", "red": "fate-01"}
#: circle sections: special, 1 damage; blank circles for the rounds after the one that matters
SPECIAL, DAMAGE = "fate-01", "fate-05"
BLANK_ROUNDS = ["fate-19", "fate-18", "fate-17", "fate-10", "fate-09", "fate-08", "fate-07"]
#: 10A-10B (Humans' home) - 1A - 1B - 2A - 2B; the third tile is the quest's own when it is not one of these
WHERE_AREAS = {"city": ("3B", {"3B": {"city": "city-1"}}), "neutral": ("1C", {"1C": {"units": [units("neutral", "beastman")]}})}


def hero_of(state, card):
    return next(h for h in state.board.heroes if h.card == card)


def tiles_for(area):
    tile = f"tile-{area[:-1]}"
    if tile in {t["tile"] for t in QUEST_TILES}:
        return QUEST_TILES
    return [TILES[2], TILES[0], {"tile": tile, "rotation": 0, "q": 0, "r": 2}]  # where tile-3 lies in QUEST_TILES


def attempt(card, quest, deck, area=None, extra_areas=None, **hero_extra):
    """Seat 1's hero ``card`` stands in the quest's area, stays there (ruling R-H2) and attempts ``quest``."""
    area = area or quest.area
    start = quest_phase(
        [hero(card, 1, area, **hero_extra)],
        players={"1": {"quests": [quest.id]}},
        placements=tiles_for(area),
        areas=extra_areas or {},
        fate_deck=fate(*deck),
    )
    stayed = act(start.state, "hero_action", "move", hero=card, path=[])
    return [stayed, act(stayed.state, "hero_venture", "quest", quest=quest.id)]


def follow(transitions, kind, choice, **args):
    """Answer ``kind`` if it is open (it is not when the answer was forced)."""
    if any(p.kind == kind for p in transitions[-1].state.prompts):
        transitions.append(act(transitions[-1].state, kind, choice, **args))
    return transitions


def every_event(transitions, kind):
    return [e for t in transitions for e in events_of(t, kind)]


def check_outcome(records, card, quest, before, transitions, seat=1):
    """The quest's effects for the chosen symbol, seen on the board after the attempt."""
    after = transitions[-1].state
    rewards = sum(r.get("count", 1) for r in records if r["do"] == "take_reward")
    damage = sum(r["amount"] for r in records if r["do"] == "hero_damage")
    influence = sum(r["amount"] for r in records if r["do"] == "gain_influence")
    assert {r["do"] for r in records} <= {"take_reward", "hero_damage", "gain_influence"}, records
    assert len(hero_of(after, card).rewards) == rewards and hero_of(after, card).damage == damage
    assert after.board.players[seat].influence == before.board.players[seat].influence + influence
    completed = every_event(transitions, "quest_result")[0].data["completed"]
    assert completed is (rewards > 0) and (quest.id in after.board.players[seat].quests) is not completed


# -- quests ------------------------------------------------------------------------------------------------


def duel_quest_deck(monster):
    """Vrask (ferocious: 2 damage a round) draws circle damage, the unit a blank of its shape, until it falls."""
    unit = PACK.unit(monster)
    hits = ["fate-05", "fate-06", "fate-25", "fate-26"]
    blanks = [c.id for c in PACK.fate_cards if c.section(unit.shape).code == "-" and c.id not in hits]
    rounds = ceil(unit.health / 2)
    assert rounds <= len(hits), monster
    return [card for pair in zip(hits[:rounds], blanks) for card in pair]


@pytest.mark.parametrize("quest_id", sorted(HERO_CARDS.quests))
def test_every_quest_card_does_what_it_says(quest_id):
    """p. 26: „Dann vergleicht er das Schicksalsymbol der gewählten Karte … mit dem Symbol in den Anweisungen der
    Questkarte“; p. 28: „Falls der Held die Einheit besiegt, hat er damit die Quest erfüllt und erhält die Belohnung wie
    angegeben.“"""
    quest = HERO_CARDS.quest(quest_id)
    area, extra = WHERE_AREAS.get(quest.where, (None, None))
    if quest.test is None:  # a duel quest: win it
        assert set(quest.outcomes) == {"win"}, quest.outcomes
        transitions = attempt("vrask_der_schinder", quest, duel_quest_deck(quest.duel), area, extra)
        transitions = follow(transitions, "duel_start", "pass")
        assert every_event(transitions, "duel_started")[0].data["monster"] == quest.duel
        check_outcome(quest.outcomes["win"], "vrask_der_schinder", quest, transitions[0].state, transitions)
        return
    assert quest.outcomes and set(quest.outcomes) <= set(SYMBOL_CARD), quest.outcomes
    card = TRAIT_HERO[quest.test]
    for symbol, records in quest.outcomes.items():
        transitions = attempt(card, quest, list(SYMBOL_CARD.values()), area, extra)
        transitions = follow(transitions, "test_choose", "choose", card=SYMBOL_CARD[symbol])
        assert every_event(transitions, "test_chosen")[0].data["symbol"] == symbol
        check_outcome(records, card, quest, transitions[0].state, transitions)


# -- rewards -----------------------------------------------------------------------------------------------


def effect_total(records, do, hero_card=None):
    """What the records ``do`` add up to; a ``trait`` amount is the hero's trait."""
    total = 0
    for record in records:
        if record["do"] == do:
            total += HERO_CARDS.hero(hero_card).trait(record["trait"]) if "trait" in record else record.get("amount", 0)
    return total


def reward_in_duel_special(reward):
    """Aldric (damage 2) holds the reward and draws a special icon in round 1; Osric draws blanks."""
    started = duel(
        hero("aldric_sturmhand", 1, "2A", damage=2, rewards=[reward.id]),
        hero("bruder_osric", 0, "1B"),
        [SPECIAL, "fate-20"] + BLANK_ROUNDS,
    )
    used = act(passes(started.state), "duel_special", "reward", reward=reward.id)
    board = used.state.board
    heal = min(2, effect_total(reward.effects, "duel_heal"))
    if any(r["do"] == "duel_escape" for r in reward.effects):
        assert events_of(used, "duel_ended")[0].data["rounds"] == 1
    else:
        assert hero_of(used.state, "aldric_sturmhand").damage == 2 - heal
    assert hero_of(used.state, "bruder_osric").damage == effect_total(reward.effects, "duel_damage", "aldric_sturmhand")
    return board


def reward_as_armor(reward):
    """Aldric (damage 1) holds the armor; Osric's 1 damage in round 1 meets it."""
    started = duel(
        hero("aldric_sturmhand", 1, "2A", damage=1, rewards=[reward.id]),
        hero("bruder_osric", 0, "1B"),
        ["fate-20", DAMAGE] + BLANK_ROUNDS,
    )
    state = passes(started.state)
    assert prompt_of(state, "duel_armor").info["damage"] == 1
    used = act(state, "duel_armor", "armor", reward=reward.id)
    prevented = min(1, effect_total(reward.effects, "duel_prevent"))
    expected = max(0, 1 + 1 - prevented - effect_total(reward.effects, "duel_heal"))
    assert hero_of(used.state, "aldric_sturmhand").damage == expected
    assert hero_of(used.state, "bruder_osric").damage == effect_total(reward.effects, "duel_damage")
    return used.state.board


def reward_at_duel_start(reward):
    started = duel(
        hero("aldric_sturmhand", 1, "2A", rewards=[reward.id]), hero("bruder_osric", 0, "1B"), ["fate-20"] + BLANK_ROUNDS
    )
    used = act(started.state, "duel_start", "use", card=reward.id)
    assert hero_of(used.state, "bruder_osric").damage == effect_total(reward.effects, "duel_damage")
    return used.state.board


def reward_in_a_test(reward):
    trait = reward.test or "strength"
    card = TRAIT_HERO[trait]
    quest = next(q for q in HERO_CARDS.quests.values() if q.test == trait and q.area and tiles_for(q.area) is QUEST_TILES)
    transitions = attempt(card, quest, [], rewards=[reward.id])
    transitions.append(act(transitions[-1].state, "test_boost", "use", reward=reward.id))
    transitions.append(act(transitions[-1].state, "test_boost", "draw"))
    drawn = every_event(transitions, "test_drawn")[0].data["cards"]
    assert len(drawn) == HERO_CARDS.hero(card).trait(trait) + effect_total(reward.effects, "test_extra_cards")
    return transitions[-1].state.board


def reward_in_the_turn(reward):
    start = hero_turn(
        [hero("aldric_sturmhand", 0, "1B", rewards=[reward.id])], areas={"1A": {"units": [units(0, "human_infantry")]}}
    )
    used = act(start.state, "hero_turn", "use", hero="aldric_sturmhand", reward=reward.id)
    runes = sum(1 for r in reward.effects if r["do"] == "take_dragon_rune")
    assert sum(e.data["dragon"] for e in events_of(used, "runes_taken")) == runes
    gained = effect_total(reward.effects, "gain_influence")
    assert used.state.board.players[0].influence == start.state.board.players[0].influence + gained
    return used.state.board


def reward_as_keyword(reward):
    assert reward.keywords == ("pathfinder",), reward.keywords
    longest = max_move(hero("aldric_sturmhand", 1, "10A", rewards=[reward.id]))
    assert longest == 3 and max_move(hero("aldric_sturmhand", 1, "10A")) == 2
    return None


def max_move(figure):
    start = quest_phase([figure])
    return max(len(a.args["path"]) for a in ENGINE.legal(start.state, 1) if a.choice == "move")


REWARD_SCENARIOS = {
    "duel_special": reward_in_duel_special,
    "duel_armor": reward_as_armor,
    "duel_start": reward_at_duel_start,
    "test": reward_in_a_test,
    "turn": reward_in_the_turn,
    "keyword": reward_as_keyword,
}


@pytest.mark.parametrize("reward_id", sorted(HERO_CARDS.rewards))
def test_every_reward_card_does_what_it_says(reward_id):
    """p. 27: „Belohnungskarten werden erst aufgedeckt, wenn der Spieler beschließt, ihre Fähigkeit zu nutzen“; each reward
    works in the window of its ``when``; a discarded one goes to the reward discards."""
    reward = HERO_CARDS.rewards[reward_id]
    if reward.when not in REWARD_SCENARIOS:
        pytest.fail(f"{reward_id}: no scenario for rewards used {reward.when!r}")
    board = REWARD_SCENARIOS[reward.when](reward)
    if board is not None:
        assert reward_id in (board.decks["rewards"].discard if reward.discard else board.face_up_rewards)


# -- heroes ------------------------------------------------------------------------------------------------


def ability_in_a_test(card):
    trait = HERO_CARDS.hero(card).when.removeprefix("test_")
    quest = next(q for q in HERO_CARDS.quests.values() if q.test == trait and q.area and tiles_for(q.area) is QUEST_TILES)
    transitions = follow(attempt(card, quest, []), "test_boost", "draw")
    extra = effect_total(HERO_CARDS.hero(card).effects, "test_extra_cards")
    assert extra and len(every_event(transitions, "test_drawn")[0].data["cards"]) == HERO_CARDS.hero(card).trait(trait) + extra


def ability_when_a_quest_is_done(card):
    quest = HERO_CARDS.quest("setup-1")  # 1D, Strength: gold takes a reward
    transitions = follow(attempt(card, quest, ["fate-05", "fate-01"]), "test_choose", "choose", card="fate-05")
    gained = effect_total(HERO_CARDS.hero(card).effects, "gain_influence")
    assert gained and transitions[-1].state.board.players[1].influence == transitions[0].state.board.players[1].influence + gained


def ability_at_duel_start(card):
    started = duel(hero(card, 1, "2A", damage=2), hero("bruder_osric", 0, "1B"), ["fate-20"] + BLANK_ROUNDS)
    used = act(started.state, "duel_start", "use", card=card)
    effects = HERO_CARDS.hero(card).effects
    assert hero_of(used.state, "bruder_osric").damage == effect_total(effects, "duel_damage")
    assert hero_of(used.state, card).damage == 2 - effect_total(effects, "duel_heal")


def stalwart(card):
    """A rout icon prevents one more damage: Vrask's 2 (ferocious) meets a 1-rout card and does nothing."""
    started = duel(hero("vrask_der_schinder", 1, "2A"), hero(card, 0, "1B"), [DAMAGE, "fate-15"] + BLANK_ROUNDS)
    assert hero_of(passes(started.state), card).damage == 0


def ferocious(card):
    """A damage icon deals one more: 1 damage drawn, 2 dealt."""
    started = duel(hero(card, 1, "2A"), hero("bruder_osric", 0, "1B"), [DAMAGE, "fate-20"] + BLANK_ROUNDS)
    assert hero_of(passes(started.state), "bruder_osric").damage == 2


def mender(card):
    start = quest_phase([hero(card, 1, "1A", damage=2)])  # 1A: empty, not the hero's player's
    assert hero_of(act(start.state, "hero_action", "heal", hero=card).state, card).damage == 0


def pathfinder(card):
    assert max_move(hero(card, 1, "10A")) == 3


def loyal(card):
    """Neutral heroes never match a faction (p. 28): a loyal one stays when a card makes heroes disloyal, another goes."""
    spec = spec_for(CARDS["season_card"]["wankende_treue"])
    other = next(h.id for h in HERO_CARDS.heroes.values() if h.alignment == "neutral" and "loyal" not in h.keywords)
    spec["heroes"] = [{"card": card, "owner": 0, "area": "10A"}, {"card": other, "owner": 0, "area": "10B"}]
    done = ENGINE.from_position({}, 2, 3, spec)
    assert [h.card for h in done.state.board.heroes] == [card]


HERO_SCENARIOS = {
    "attack_start": ability_at_duel_start,
    "duel_start": ability_at_duel_start,
    "quest_done": ability_when_a_quest_is_done,
    "test_strength": ability_in_a_test,
    "test_agility": ability_in_a_test,
    "test_wisdom": ability_in_a_test,
    "stalwart": stalwart,
    "ferocious": ferocious,
    "mender": mender,
    "pathfinder": pathfinder,
    "loyal": loyal,
}


@pytest.mark.parametrize("hero_id", sorted(HERO_CARDS.heroes))
def test_every_hero_card_does_what_it_says(hero_id):
    """p. 25 (Heldenkarten: „Fähigkeit“): each hero's ability, where it applies."""
    card = HERO_CARDS.hero(hero_id)
    abilities = [card.when] if card.when else list(card.keywords)
    missing = [a for a in abilities if a not in HERO_SCENARIOS]
    if not abilities or missing:
        pytest.fail(f"{hero_id}: no scenario for the ability {missing or 'none'}")
    for ability in abilities:
        HERO_SCENARIOS[ability](hero_id)
