"""Influence bids (p. 31 „Einflussgebote“, „Gleichstände bei Einflussgeboten“; digest §10.4, §12 #6, #22)."""

import pytest

from engine.core import Action, Engine, IllegalAction, InvalidAction, encode, load_ruleset

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
FACTIONS = ["humans", "elves", "uthuk"]  # starting influence 3, 4, 1


def bid(influence, prize=None, titles=None, areas=None):
    """A season card has just called a bid (a Bid frame on top of winter's season card step)."""
    frame = {"type": "Bid", "why": "test-card", **({"prize": prize} if prize else {})}
    spec = {
        "factions": FACTIONS,
        "neutrals": "none",
        "season": {"year": 2, "name": "winter", "start": "card"},
        "players": {str(s): {"influence": n} for s, n in enumerate(influence)},
        "frames": [frame],
        "titles": titles or {},
        "areas": areas or {},
    }
    return ENGINE.from_position({}, len(FACTIONS), 2, spec)


def bid_all(state, amounts):
    events = []
    for seat, amount in enumerate(amounts):
        prompt = next((p for p in state.prompts_for(seat) if p.kind == "influence_bid"), None)
        if prompt is not None and prompt.forced is None:
            done = ENGINE.apply(state, Action(seat, prompt.id, "bid", {"amount": amount}))
            state, events = done.state, events + list(done.events)
    return state, events


def test_everybody_bids_secretly_and_at_once():
    """p. 31 steps 1-2: influence announced, every player bids in a closed fist at the same time."""
    start = bid([1, 4, 2])
    announced = [e for e in start.events if e.kind == "bid_started"][0]
    assert announced.to is None and [i["influence"] for i in announced.data["influence"]] == [1, 4, 2]
    prompts = start.state.prompts
    assert sorted(p.seat for p in prompts) == [0, 1, 2] and all(p.secret and p.kind == "influence_bid" for p in prompts)
    assert [a.args["amount"] for a in ENGINE.legal(start.state, 1)] == [0, 1, 2, 3, 4]
    done = ENGINE.apply(start.state, Action(1, start.state.prompts_for(1)[0].id, "bid", {"amount": 3}))
    assert [(e.kind, e.data) for e in done.events_for(None)] == [("bid_made", {"seat": 1})]
    assert [e.data for e in done.events_for(1) if e.kind == "your_bid"] == [{"amount": 3}]
    assert all("amount" not in e.data for e in done.events_for(0))


def test_a_bid_above_unspent_influence_is_refused():
    """p. 31 step 2: any number of one's own influence tokens (tokens on titles are spent, p. 36)."""
    state = bid([1, 4, 2]).state
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(2, state.prompts_for(2)[0].id, "bid", {"amount": 3}))
    assert "p. 31" in refused.value.rule and len(refused.value.alternatives) == 3
    with pytest.raises(InvalidAction):
        ENGINE.apply(state, Action(2, state.prompts_for(2)[0].id, "bid", {"amount": "2"}))
    assert encode(state) == before


def test_no_influence_bids_zero_by_itself():
    """p. 31: with no influence the only bid is 0, and everybody knows the influence (step 1)."""
    state = bid([0, 4, 2]).state
    assert not state.prompts_for(0)
    assert sorted(p.seat for p in state.prompts) == [1, 2]


def test_the_highest_bid_wins_and_every_bid_is_discarded():
    """p. 31 steps 3-4: „Alle Spieler (d. h. nicht nur der Sieger) müssen nun ihre gebotenen Einflussmarker … ablegen.“"""
    state, events = bid_all(bid([1, 4, 2]).state, [1, 3, 2])
    revealed = [e for e in events if e.kind == "bids_revealed"][0]
    assert revealed.to is None and [b["amount"] for b in revealed.data["bids"]] == [1, 3, 2]
    assert [p.influence for p in state.board.players] == [0, 1, 0]
    assert [e.data["seat"] for e in events if e.kind == "bid_won"] == [1]
    assert state.board.last_bid == {"bids": {0: 1, 1: 3, 2: 2}, "winner": 1}
    assert "bid_tied" not in [e.kind for e in events]


def test_the_primarch_decides_a_tie_even_when_not_tied():
    """p. 31: „entscheidet der Spieler, der die Titelkarte „Primarch des Rates der Magier“ besitzt, welcher der am Gleichstand beteiligten Spieler das Gebot gewinnt“ (digest §12 #22)."""
    titles = {"primarch_des_rates_der_magier": {"holder": 0, "influence": 2}}
    state, events = bid_all(bid([1, 4, 2], titles=titles).state, [0, 2, 2])
    tie = [e for e in events if e.kind == "bid_tied"][0]
    assert tie.data == {"tied": [1, 2], "decider": 0}
    prompt = state.prompts[0]
    assert prompt.seat == 0 and prompt.kind == "bid_tie" and not prompt.secret
    assert [a.args["seat"] for a in ENGINE.legal(state, 0)] == [1, 2]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, prompt.id, "winner", {"seat": 0}))
    assert "p. 31" in refused.value.rule and len(refused.value.alternatives) == 2
    done = ENGINE.apply(state, Action(0, prompt.id, "winner", {"seat": 2}))
    assert [e.data["seat"] for e in done.events if e.kind == "bid_won"] == [2]
    assert done.state.board.last_bid["winner"] == 2


def test_without_primarch_the_tied_player_with_most_unspent_influence_decides():
    """p. 31: „entscheidet derjenige der am Gleichstand beteiligten Spieler, der über die meisten unverbrauchten Einflussmarker verfügt“
    (p. 32 example: the Elves keep 2 tokens, the Uthuk none, so the Elves decide)."""
    state, events = bid_all(bid([1, 4, 2]).state, [1, 2, 2])
    assert [e.data for e in events if e.kind == "bid_tied"] == [{"tied": [1, 2], "decider": 1}]
    assert state.prompts[0].seat == 1


def test_then_the_tied_player_with_most_starting_influence_decides():
    """p. 31: „Falls der Gleichstand immer noch nicht gelöst ist, entscheidet … der zu Spielbeginn die meisten anfänglichen Einflussmarker hatte.“
    Humans start with 3 influence, Uthuk with 1."""
    state, events = bid_all(bid([2, 0, 2]).state, [1, 0, 1])
    assert [e.data for e in events if e.kind == "bid_tied"] == [{"tied": [0, 2], "decider": 0}]


def test_a_dragon_rune_prize_makes_the_winner_take_one():
    """p. 31-32 example: „Der Gewinner des Gebotes erhält eine Drachenrune.“ (p. 30 procedure, digest §12 #7)."""
    state, events = bid_all(bid([1, 4, 2], prize="dragon_rune").state, [0, 1, 0])
    assert [e.data["seat"] for e in events if e.kind == "bid_won"] == [1]
    assert [(p.seat, p.kind) for p in state.prompts] == [(1, "place_runes")]  # the Elves control no rune: nothing to discard
    assert [e.data["why"] for e in events if e.kind == "runes_taken"] == ["bid"]
