"""Diplomacy (p. 18, p. 33; digest §6.6, §12 #8) and allied neutral units (p. 19; digest §6.5, ruling R14)."""

import pytest

from engine.core import Action, Context, Engine, Rng, load_ruleset
from engine.runewars.alliance import refresh_alliances
from engine.runewars.control import controller
from tests.runewars.test_mobilize_conquer import activate, answer, march, only_prompt, record_battles, refused, start, units

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
GOLD, SILVER, RED = "fate-05", "fate-03", "fate-01"  # ally / neutrals retreat / battle or retreat


@pytest.fixture
def battles(monkeypatch):
    return record_battles(monkeypatch)


def negotiate(
    areas, *, influence=8, fate_deck=(RED, SILVER, GOLD), target="1B", origin="1A", unit="human_infantry", count=2, **kw
):
    """Seat 0 marches into ``target`` with Conquer and chooses diplomacy."""
    state = start(areas, order=3, influence=influence, fate_deck=list(fate_deck), **kw)
    state = march(activate(state, target), origin, unit, count)
    state = answer(state, "march_move", "done").state
    return answer(state, "march_encounter", "diplomacy").state


def choose(state, amount, card):
    state = answer(state, "diplomacy_spend", "spend", influence=amount).state
    return answer(state, "diplomacy_card", "choose", card=card)


NEUTRAL_1B = {
    "1B": {"units": [units("neutral", "beastman", 2), units("neutral", "giant", 1)]},
    "1A": {"units": [units(0, "human_infantry", 3)]},
}


def test_diplomacy_spends_1_to_6_influence_and_never_more_than_owned():
    """p. 18: „Der Spieler muss 1 bis 6 Einflussmarker abgeben.“"""
    state = negotiate(NEUTRAL_1B)
    assert [a.args["influence"] for a in ENGINE.legal(state, 0)] == [1, 2, 3, 4, 5, 6]
    assert "1 bis 6" in refused(state, "diplomacy_spend", "spend", influence=7).rule
    assert "1B" in state.board.contested  # p. 15 „Umkämpftes Gebiet“: contested while negotiating
    state = negotiate(NEUTRAL_1B, influence=2)
    assert [a.args["influence"] for a in ENGINE.legal(state, 0)] == [1, 2]
    refused(state, "diplomacy_spend", "spend", influence=3)
    state = negotiate(NEUTRAL_1B, influence=1)  # the one amount and the one card drawn answer themselves
    assert state.board.players[0].influence == 0 and state.board.decks["fate"].discard == [RED]
    assert only_prompt(state, "diplomacy_fallout")


def test_as_many_fate_cards_as_influence_are_drawn_in_public_and_discarded():
    """p. 18: „Der Spieler zieht so viele Schicksalskarten, wie er Einflussmarker abgegeben hat.“ and chooses one;
    digest §11.1: drawn cards are public; afterwards they lie on the fate discard."""
    state = negotiate(NEUTRAL_1B)
    transition = answer(state, "diplomacy_spend", "spend", influence=3)
    drawn = [e for e in transition.events if e.kind == "fate_drawn"]
    assert drawn[0].to is None and drawn[0].data["cards"] == [RED, SILVER, GOLD]
    assert transition.state.board.players[0].influence == 5
    assert {a.args["card"] for a in ENGINE.legal(transition.state, 0)} == {RED, SILVER, GOLD}
    assert "gezogenen" in refused(transition.state, "diplomacy_card", "choose", card="fate-30").rule
    after = answer(transition.state, "diplomacy_card", "choose", card=GOLD).state
    assert after.board.decks["fate"].discard == [RED, SILVER, GOLD]


def test_the_fate_symbols_mean_ally_neutrals_retreat_and_battle_or_retreat():
    """p. 18 with ruling R7: gold allies, silver makes the neutrals retreat, red is battle or retreat."""
    assert {s: PACK.fate_symbols[s].diplomacy for s in ("gold", "silver", "red")} == {
        "gold": "ally",
        "silver": "neutrals_retreat",
        "red": "battle_or_retreat",
    }
    assert [next(c.symbol for c in PACK.fate_cards if c.id == i) for i in (GOLD, SILVER, RED)] == ["gold", "silver", "red"]


def test_gold_allies_every_neutral_unit_of_the_area():
    """p. 18: „Alle neutralen Einheiten in dem Gebiet verbünden sich mit dem Spieler.“ p. 19: all neutrals of an
    area are negotiated with once, of every type."""
    transition = choose(negotiate(NEUTRAL_1B), 3, GOLD)
    area = transition.state.board.areas["1B"]
    assert {(s.unit, s.ally) for s in area.stacks if s.owner is None} == {("beastman", 0), ("giant", 0)}
    assert transition.state.board.contested == [] and controller(transition.state.board, "1B") == 0
    result = [e for e in transition.events if e.kind == "diplomacy_result"][0]
    assert result.data["result"] == "ally" and result.data["card"] == GOLD


def test_allies_above_8_units_are_cut_down_at_once():
    """Digest §14.2 #19 (p. 18: „nie mehr als 8 Einheiten eines Spielers in einem Gebiet sein (einschließlich
    verbündeter, neutraler Einheiten)“)."""
    areas = {"1B": {"units": [units("neutral", "beastman", 2)]}, "1A": {"units": [units(0, "human_infantry", 7)]}}
    state = negotiate(areas, count=7, fate_deck=(GOLD,))
    state = answer(state, "diplomacy_spend", "spend", influence=1).state
    cull = only_prompt(state, "eliminate_units")
    assert cull.info["excess"] == 1 and cull.info["area"] == "1B" and cull.info["why"] == "limit"


def test_silver_makes_the_neutrals_retreat_where_the_player_left_of_the_active_player_says():
    """p. 18: „Falls es mehrere mögliche Rückzugsgebiete gibt, entscheidet der Spieler links vom aktiven Spieler“
    (digest §12 #8); retreating units are routed, to an uncontrolled area."""
    areas = {
        "1B": {"units": [units("neutral", "beastman", 2)]},
        "1A": {"units": [units(0, "human_infantry", 3)]},
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
    }
    state = choose(negotiate(areas), 2, SILVER).state
    prompt = only_prompt(state, "retreat")
    assert prompt.seat == 1 and prompt.info["areas"] == ["1C", "1D"]  # 1A is the Humans', 2A the Uthuk's
    state = ENGINE.apply(state, Action(1, prompt.id, "retreat", {"to": "1D"})).state
    moved = state.board.areas["1D"].stack(None, "beastman")
    assert moved.routed == 2 and moved.ally is None
    assert state.board.areas["1B"].units_of(None) == 0 and state.board.contested == []


def test_silver_with_no_area_to_retreat_to_eliminates_the_neutrals():
    """p. 18: „Falls es kein mögliches Rückzugsgebiet gibt, werden die neutralen Einheiten eliminiert.“"""
    areas = {"2D": {"units": [units("neutral", "hellhound", 1)]}, "2C": {"units": [units(0, "human_infantry", 3)]}}
    transition = choose(negotiate(areas, target="2D", origin="2C", fate_deck=(SILVER, RED)), 2, SILVER)
    assert transition.state.board.areas["2D"].units_of(None) == 0
    assert [e.data["why"] for e in transition.events if e.kind == "units_eliminated"] == ["no_retreat"]


def test_red_lets_the_player_battle(battles):
    """p. 18: „Der aktive Spieler muss entweder einen Kampf in dem Gebiet beginnen oder seine eigenen Einheiten … zurückziehen“."""
    state = choose(negotiate(NEUTRAL_1B), 2, RED).state
    assert [a.choice for a in ENGINE.legal(state, 0)] == ["battle", "retreat"]
    answer(state, "diplomacy_fallout", "battle")
    assert battles == [("1B", 0, True)] and battles.counted == [1]


def test_red_lets_the_player_retreat_routed_to_a_friendly_area():
    """p. 18 with p. 22 „Rückzug“: the player's own units retreat to an adjacent friendly area and are routed."""
    state = choose(negotiate(NEUTRAL_1B), 2, RED).state
    transition = answer(state, "diplomacy_fallout", "retreat")  # 1A is the one friendly area next to 1B
    retreated = [e.data for e in transition.events if e.kind == "units_retreated"]
    assert retreated == [{"side": 0, "units": {"human_infantry": 2}, "path": ["1B", "1A"], "why": "diplomacy"}]
    state = transition.state
    assert state.board.areas["1A"].stack(0, "human_infantry").routed == 2
    assert state.board.areas["1B"].units_of(0) == 0 and state.board.areas["1B"].stack(None, "beastman").ally is None
    assert state.board.areas["1B"].activated_by == [0] and state.board.contested == []


def test_red_after_mobilize_fought_its_battle_means_retreat(battles):
    """p. 33: „Wenn ein Spieler z. B. mit diesem Befehl einen Kampf initiiert hätte und dann mit der Bonusfunktion
    diplomatische Verhandlungen führt, müsste er sich zurückziehen“ (digest §6.3, the OCR lost the symbol)."""
    areas = {
        "2A": {"units": [units(1, "uthuk_berserker", 1)]},
        "1D": {"units": [units("neutral", "giant", 1)]},
        "1A": {"units": [units(0, "human_infantry", 3)]},
    }
    state = start(areas, influence=3, fate_deck=[RED])
    state = answer(march(activate(state, "2A"), "1A", "human_infantry", 1), "march_move", "done").state
    state = answer(march(activate(state, "1D"), "1A", "human_infantry", 2), "march_move", "done").state
    transition = answer(state, "diplomacy_spend", "spend", influence=1)
    assert battles == [("2A", 0, False)]
    assert "must_retreat" in [e.kind for e in transition.events]
    retreated = [e.data for e in transition.events if e.kind == "units_retreated"]
    assert retreated == [{"side": 0, "units": {"human_infantry": 2}, "path": ["1D", "1B"], "why": "diplomacy"}]
    assert transition.state.board.areas["1B"].stack(0, "human_infantry").routed == 2  # the only empty area


def test_unallied_neutrals_break_home_control_allied_ones_do_not():
    """Ruling R14 (p. 15 with p. 19 „Neutrale Einheiten gelten immer als feindliche Einheiten, es sei denn, der
    Spieler ist mit ihnen verbündet“): neutrals allied with another player are enemy units too."""
    state = start({"10B": {"units": [units("neutral", "beastman", 1)]}})
    board = state.board
    assert controller(board, "10B") is None
    board.areas["10B"].stacks[0].ally = 0
    assert controller(board, "10B") == 0
    board.areas["10B"].stacks[0].ally = 1
    assert controller(board, "10B") is None


def context():
    return Context(Rng(0))


def test_neutrals_sharing_an_area_with_a_players_units_become_allied_except_while_contested():
    """p. 19: „Wenn Einheiten eines Spielers zusammen mit neutralen Einheiten in einem Gebiet sind (und nicht gerade
    diplomatische Verhandlungen mit ihnen führen oder gegen sie kämpfen), gelten die neutralen Einheiten als VERBÜNDET.“"""
    state = start(
        {
            "1A": {"units": [units(0, "human_infantry", 1), units("neutral", "beastman", 2)]},
            "1B": {"units": [units(0, "human_infantry", 1), units("neutral", "giant", 1)]},
        }
    )
    state.board.contested.append("1B")
    ctx = context()
    refresh_alliances(state, ctx)
    assert state.board.areas["1A"].stack(None, "beastman").ally == 0
    assert state.board.areas["1B"].stack(None, "giant").ally is None
    assert [(e.kind, e.data["area"]) for e in ctx.events] == [("alliance_formed", "1A")]


def test_allied_neutrals_keep_the_alliance_only_with_their_allys_units_or_control():
    """p. 19: „Sobald sich diese Einheiten ohne Begleitung von Armeeeinheiten des Spielers in einem Gebiet befinden,
    das nicht von dem Spieler kontrolliert wird, sind sie nicht mehr mit ihm verbündet (außer während eines
    Kampfes).“ Both conditions: a stronghold or home-realm area keeps them allied (digest §14.2 #20)."""
    spec = {
        "1A": {"units": [units("neutral", "beastman", 2)]},
        "1B": {"units": [units("neutral", "giant", 1)], "stronghold": {"owner": 0}},
        "10C": {"units": [units("neutral", "sorcerer", 1)]},
        "1C": {"units": [units("neutral", "razorwing", 1)]},
    }
    state = start(spec)
    for area_id in spec:
        state.board.areas[area_id].stacks[0].ally = 0
    state.board.contested.append("1C")
    refresh_alliances(state, context())
    allies = {a: state.board.areas[a].stacks[0].ally for a in spec}
    assert allies == {"1A": None, "1B": 0, "10C": 0, "1C": 0}


def test_newly_allied_neutrals_join_their_allied_kin_in_one_stack():
    """p. 19: all neutral units of an area act as one group, so allied beastmen form one stack."""
    state = start(
        {"1A": {"units": [units(0, "human_infantry", 1), units("neutral", "beastman", 2), units("neutral", "beastman", 1)]}}
    )
    state.board.areas["1A"].stacks[1].ally = 0
    refresh_alliances(state, context())
    neutral = [s for s in state.board.areas["1A"].stacks if s.owner is None]
    assert [(s.unit, s.standing, s.ally) for s in neutral] == [("beastman", 3, 0)]


def test_diplomacy_leaves_the_activation_token():
    """p. 17: „Die Aktivierungsmarker werden im nächsten Frühling automatisch entfernt“; diplomacy does not take it back."""
    state = choose(negotiate(NEUTRAL_1B), 3, GOLD).state
    assert state.board.areas["1B"].activated_by == [0]
