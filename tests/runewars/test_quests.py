"""Quests: trait tests, completing and failing, duel quests and their neutral unit (pp. 25-26, 28; digest §9.4)."""

import pytest

from engine.core import Action
from tests.runewars.prompting import ENGINE, act, prompt_of, refused
from tests.runewars.test_heroes import PACK, TILES, events_of, fate, hero, quest_phase

QUEST_TILES = TILES + [{"tile": "tile-3", "rotation": 0, "q": 0, "r": 2}]  # 3A touches 1C and 1D


def move(state, card, path):
    return act(state, "hero_action", "move", hero=card, path=path)


def attempt(heroes, card, path, quest, deck, *, seat=1, quests=None, training=None, **extra):
    """Seat ``seat``'s hero moves along ``path`` and reveals ``quest``; the fate deck starts with ``deck``."""
    players = {str(seat): {"quests": quests or [quest]}}
    start = quest_phase(
        heroes,
        players=players,
        placements=QUEST_TILES,
        fate_deck=fate(*deck),
        decks={"quests": ["versunkene-bibliothek", "kopfgeld"]},
        **extra,
    )
    moved = move(start.state, card, path)
    return act(moved.state, "hero_venture", "quest", quest=quest)


TRAIT_CASES = {  # trait: (hero, start, path, quest); each hero has 3 in the trait tested
    "strength": ("aldric_sturmhand", "1B", ["1D"], "setup-1"),
    "wisdom": ("mirela_laterne", "2A", ["2B"], "setup-2"),
    "agility": ("sable_nachtschritt", "1C", ["3A"], "setup-3"),
}
GOLD, RED = "fate-05", "fate-01"


@pytest.mark.parametrize("trait", sorted(TRAIT_CASES))
def test_a_trait_test_draws_the_traits_value_and_the_chosen_symbol_takes_a_reward(trait):
    """p. 26: „zieht der den Helden führende Spieler so viele Schicksalskarten, wie der Punktwert der fraglichen
    Eigenschaft des Helden ist. Dann wählt der Spieler eine dieser Schicksalskarten“; „nimm eine Belohnung“: „Anschließend
    wirft der Spieler die erfüllte Questkarte ab und zieht eine neue Questkarte.“"""
    card, start, path, quest = TRAIT_CASES[trait]
    assert PACK.hero_cards.hero(card).trait(trait) == 3
    revealed = attempt([hero(card, 1, start)], card, path, quest, [RED, GOLD, "fate-02"])
    assert events_of(revealed, "quest_revealed")[0].data["quest"] == quest and events_of(revealed, "quest_revealed")[0].to is None
    drawn = events_of(revealed, "test_drawn")[0].data
    assert drawn["cards"] == [RED, GOLD, "fate-02"] and drawn["test"] == trait
    choose = prompt_of(revealed.state, "test_choose")
    assert {a.args["card"] for a in ENGINE.legal(revealed.state, 1)} == {RED, GOLD}  # one answer per symbol
    assert "p. 26" in refused(revealed.state, "test_choose", "choose", card="fate-09").rule
    done = act(revealed.state, "test_choose", "choose", card=GOLD)
    board = done.state.board
    assert len(board.heroes[0].rewards) == 1
    assert [e.data["count"] for e in events_of(done, "reward_gained")] == [1]
    assert events_of(done, "your_rewards")[0].to == frozenset({1})
    assert board.players[1].quests == ["versunkene-bibliothek"] and board.decks["quests"].discard == [quest]
    assert events_of(done, "quest_result")[0].data["completed"] is True
    assert set(board.decks["fate"].discard) >= {RED, GOLD, "fate-02"} and choose.info["cards"] == [RED, GOLD, "fate-02"]


@pytest.mark.parametrize("trait", sorted(TRAIT_CASES))
def test_a_failed_quest_stays_in_hand(trait):
    """p. 26: only „nimm eine Belohnung“ completes a quest; a failed quest is not discarded (ruling R-H4)."""
    card, start, path, quest = TRAIT_CASES[trait]
    revealed = attempt([hero(card, 1, start)], card, path, quest, [RED, "fate-02", "fate-06"])
    assert events_of(revealed, "test_chosen")[0].data["symbol"] == "red"  # all red: one answer, forced
    assert not any(p.kind == "test_choose" for p in revealed.state.prompts)
    board = revealed.state.board
    assert board.players[1].quests == [quest] and not board.heroes[0].rewards
    assert events_of(revealed, "quest_result")[0].data["completed"] is False


def test_training_counts_in_the_test_and_a_red_result_may_hurt():
    """p. 26 (training raises the trait; the quest names what each symbol does): setup-4 deals 1 damage on red."""
    start = quest_phase(
        [hero("vrask_der_schinder", 1, "1B", training={"strength": 1})],
        players={"1": {"quests": ["setup-1"]}},
        fate_deck=fate(RED, "fate-02", "fate-06", "fate-08"),
    )
    revealed = act(move(start.state, "vrask_der_schinder", ["1D"]).state, "hero_venture", "quest", quest="setup-1")
    assert len(events_of(revealed, "test_drawn")[0].data["cards"]) == 4  # Strength 3 + 1 training


def test_a_hero_ability_and_a_test_reward_add_cards():
    """House abilities: Silhouette draws 1 more for Agility; Climbing Hooks, revealed when used, 2 more (p. 27: revealed when used)."""
    revealed = attempt(
        [hero("silhouette", 1, "1C", rewards=["kletterhaken", "kettenhemd"])], "silhouette", ["3A"], "setup-3", [RED] * 1
    )
    boost = prompt_of(revealed.state, "test_boost")
    assert {a.choice for a in ENGINE.legal(revealed.state, 1)} == {"use", "draw"}
    assert [a.args["reward"] for a in ENGINE.legal(revealed.state, 1) if a.choice == "use"] == ["kletterhaken"]
    assert "p. 27" in refused(revealed.state, "test_boost", "use", reward="kettenhemd").rule
    used = act(revealed.state, "test_boost", "use", reward="kletterhaken")
    assert events_of(used, "reward_revealed")[0].to is None and "kletterhaken" in used.state.board.face_up_rewards
    drawn = act(used.state, "test_boost", "draw")
    assert len(events_of(drawn, "test_drawn")[0].data["cards"]) == 3 + 1 + 2 and boost.info["test"] == "agility"


def test_quests_are_secret_until_attempted_and_offered_only_in_their_area():
    """p. 25-26: quest cards in hand are secret; a quest is attempted in its area („Wenn ein Held … in das Gebiet kommt“)."""
    start = quest_phase([hero("aldric_sturmhand", 1, "1B")], players={"1": {"quests": ["setup-1", "setup-2"]}})
    moved = move(start.state, "aldric_sturmhand", ["1D"])
    venture = prompt_of(moved.state, "hero_venture")
    assert not venture.forced and "setup" not in repr(venture.info)
    assert [a.args.get("quest") for a in ENGINE.legal(moved.state, 1)] == ["setup-1", None]
    assert "p. 26" in refused(moved.state, "hero_venture", "quest", quest="setup-2").rule
    assert "setup-1" not in repr([e for e in moved.events if e.to is None]) + repr(ENGINE.view(moved.state, 0))


def test_with_no_quest_in_hand_and_no_enemy_hero_there_is_nothing_to_venture():
    """Public facts only: the venture prompt is forced to "none" when the hand is empty (count public) and no enemy hero is there."""
    start = quest_phase([hero("aldric_sturmhand", 1, "1B")])
    moved = move(start.state, "aldric_sturmhand", ["1D"])
    assert events_of(moved, "hero_ventures_nothing") and not any(p.kind == "hero_venture" for p in moved.state.prompts)


def test_a_hero_may_stay_and_still_attempt_the_quest_of_its_area():
    """Ruling R-H2: the Move action may cover 0 areas; the hero then quests or duels where it stands."""
    start = quest_phase([hero("aldric_sturmhand", 1, "1D")], players={"1": {"quests": ["setup-1"]}})
    stayed = move(start.state, "aldric_sturmhand", [])
    assert any(a.choice == "quest" for a in ENGINE.legal(stayed.state, 1))


@pytest.mark.parametrize(
    "where, area, extra",
    [
        ("city", "3B", {}),
        ("neutral", "1C", {"1C": {"units": [{"owner": "neutral", "unit": "beastman", "standing": 1}]}}),
    ],
)
def test_quests_without_an_area_name_a_kind_of_area(where, area, extra):
    """p. 25 „Gebiet: Das bestimmte Gebiet (falls angegeben)“: house quests for any city area, any neutral area (p. 15)."""
    quest = next(q.id for q in PACK.hero_cards.quests.values() if q.where == where)
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1D")],
        players={"1": {"quests": [quest]}},
        placements=QUEST_TILES,
        areas={"3B": {"city": "city-1"}, **extra},
    )
    here = move(start.state, "aldric_sturmhand", [area] if area != "1C" else ["1B", "1C"])
    assert any(a.args.get("quest") == quest for a in ENGINE.legal(here.state, 1))


# -- duel quests (p. 28) -----------------------------------------------------------------------------------


def duel_quest(deck, seats=3, eliminated=(), **extra):
    """Seat 1's Aldric (health 5) attempts "The Totem Warden" in 1C: a duel against a Beastman (triangle, health 1)."""
    factions = ("humans", "uthuk", "elves")[:seats]
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "1B")],
        players={"1": {"quests": ["der-totemwaechter"]}},
        factions=factions,
        fate_deck=fate(*deck),
        **extra,
    )
    state = start.state
    for seat in eliminated:
        state.board.players[seat].eliminated = True
    return act(move(state, "aldric_sturmhand", ["1C"]).state, "hero_venture", "quest", quest="der-totemwaechter")


@pytest.mark.parametrize("seats, eliminated, controller", [(3, (), 2), (2, (), 0), (3, (2,), 0)])
def test_the_duel_quests_unit_is_led_by_the_player_left_of_the_heros_player(seats, eliminated, controller):
    """p. 28: „Der Spieler links von ihm führt während des Duells die neutrale Einheit.“ (the next seat still playing)."""
    started = duel_quest(["fate-20", "fate-20"], seats=seats, eliminated=eliminated)
    event = events_of(started, "duel_started")[0].data
    assert event["monster"] == "beastman" and event["controller"] == controller and event["quest"] == "der-totemwaechter"


def test_the_unit_reads_its_own_shape_and_a_beaten_unit_completes_the_quest():
    """p. 28: „Falls der Held die Einheit besiegt, hat er damit die Quest erfüllt und erhält die Belohnung wie angegeben.
    Egal, wie das Duell ausgeht, wird die neutrale Einheit anschließend wieder zum Vorrat zurückgelegt.“
    fate-05: circle 1 damage for the hero; fate-15: triangle 1 damage for the Beastman."""
    done = duel_quest(["fate-05", "fate-15"])
    assert events_of(done, "duel_cards")[0].data["sections"] == ["D1", "D1"]
    assert events_of(done, "duel_round")[0].data["damage"] == [1, 1]
    board = done.state.board
    assert board.heroes[0].damage == 1 and len(board.heroes[0].rewards) == 1
    assert events_of(done, "quest_result")[0].data["completed"] is True and "der-totemwaechter" not in board.players[1].quests
    assert all(not a.stacks for a in board.areas.values())  # the unit never stood on the board


def test_a_units_special_icon_resolves_its_ability_with_no_damage_option_for_its_leader():
    """p. 28: „wird dadurch ihre besondere Fähigkeit angewandt (sie hat nicht wie der Held die Option, stattdessen einen
    Schaden zuzufügen)“. fate-09: triangle special; the Beastman deals 1 and reads one more card (fate-10: triangle special
    again, nothing more, ruling R-H6); fate-20 is a blank circle for the hero."""
    started = duel_quest(["fate-20", "fate-09", "fate-10"])
    assert [e.data["monster"] for e in events_of(started, "duel_monster_ability")] == ["beastman"]
    assert not any(p.kind == "duel_special" for p in started.state.prompts)
    assert events_of(started, "duel_round")[0].data["damage"] == [1, 0]


def test_a_hero_defeated_by_a_unit_leaves_its_rewards_under_a_token():
    """p. 28: „Wenn ein Held anderweitig besiegt wird, werden seine Belohnungskarten neben dem Spielplan gelegt …
    Ein Marker für besiegte Helden wird in das Gebiet gelegt“ (a unit is no hero: ruling R-H5)."""
    start = quest_phase(
        [hero("silhouette", 1, "1B", damage=2, rewards=["kettenhemd"])],
        players={"1": {"quests": ["der-totemwaechter"]}},
        fate_deck=fate("fate-20", "fate-18"),
    )
    moved = move(start.state, "silhouette", ["1C"])
    started = act(moved.state, "hero_venture", "quest", quest="der-totemwaechter")
    state = act(started.state, "duel_start", "pass").state
    state = act(state, "duel_armor", "none").state
    board = state.board
    assert not board.heroes and [(t.area, t.rewards) for t in board.defeated_heroes] == [("1C", ["kettenhemd"])]
    assert board.players[1].quests == ["der-totemwaechter"]
    assert ENGINE.view(state, None)["defeated_heroes"] == [{"number": 1, "area": "1C", "rewards": 1, "face_up": []}]


def test_the_quest_phase_tactics_window_is_opened_for_a_player_holding_cards():
    """p. 30 (tactics cards in their window); the heroes' code opens the ``quest_phase`` window before a player's heroes act."""
    tactics = next((c.id for c in PACK.cards.get("tactics_card", ()) if not c.partial), None)
    if tactics is None:
        pytest.skip("no complete tactics cards in the pack")
    start = quest_phase([hero("aldric_sturmhand", 1, "1B")], players={"1": {"tactics": [tactics]}})
    window = prompt_of(start.state, "tactics_window")
    assert window.seat == 1 and window.info["window"] == "quest_phase"
    passed = ENGINE.apply(start.state, Action(1, window.id, "pass")).state
    assert prompt_of(passed, "hero_action").seat == 1
