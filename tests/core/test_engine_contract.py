"""The engine contract, proven on the tiny game Sealed Bids (tests/tinygame.py, rules "tiny §n")."""

import random

import pytest

from engine.core import (
    Action,
    Engine,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourDecision,
    ReplayMismatch,
    encode,
    left_of,
    replay,
    seats_from,
    state_hash,
)
from tests.tinygame import RULESET, TinyBoard

ENGINE = Engine(RULESET)


def random_game(seed: int, seats: int = 3, options=None):
    """Play a whole game with uniformly random legal answers; yield every transition."""
    chooser = random.Random(seed)
    transition = ENGINE.setup(options or {}, seats, seed)
    yield transition
    state = transition.state
    while state.result is None:
        prompt = chooser.choice(state.prompts)
        transition = ENGINE.apply(state, chooser.choice(ENGINE.legal(state, prompt.seat)))
        yield transition
        state = transition.state


def final_state(seed: int, seats: int = 3):
    *_, last = random_game(seed, seats)
    return last.state


def test_seat_order_is_fixed_and_left_is_next():
    assert left_of(0, 4) == 1 and left_of(3, 4) == 0
    assert seats_from(2, 4) == [2, 3, 0, 1]


def test_setup_checks_the_seat_count():
    with pytest.raises(InvalidAction, match="2 to 4"):
        ENGINE.setup({}, 5, 1)


def test_hidden_hands_are_dealt_privately():
    """tiny §1: hands are secret; each seat's deal is an event only it sees."""
    transition = ENGINE.setup({}, 3, seed=2)
    dealt = [e for e in transition.events if e.kind == "dealt"]
    assert [sorted(e.to) for e in dealt] == [[0], [1], [2]]
    assert transition.events_for(None) == [e for e in transition.events if e.kind == "hands_dealt"]
    assert "hand" not in ENGINE.view(transition.state, None)
    assert ENGINE.view(transition.state, 1)["hand"] == sorted(transition.state.board.hands[1])


def test_simultaneous_secret_choices_are_all_open_at_once():
    """tiny §2: every seat owes a commit at the same time; each is secret."""
    state = ENGINE.setup({}, 4, seed=3).state
    prompts = ENGINE.pending(state)
    assert sorted(p.seat for p in prompts) == [0, 1, 2, 3]
    assert all(p.kind == "commit" and p.secret for p in prompts)


def test_any_order_of_simultaneous_answers_gives_the_same_state():
    state = ENGINE.setup({}, 3, seed=4).state
    answers = [ENGINE.legal(state, seat)[0] for seat in range(3)]
    results = set()
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        s = state
        for seat in order:
            s = ENGINE.apply(s, answers[seat]).state
        board = s.board
        results.add(encode((board.committed, board.hands)))
    assert len(results) == 1


def test_a_reaction_window_opens_for_every_seat_whatever_its_hand():
    """tiny §3: seats without a veto are asked too, and not answered for them (hidden info)."""
    state = ENGINE.setup({}, 3, seed=5).state
    state.board = TinyBoard(round=1, deck=[9], hands=[[4, 0], [6, 1], [2, 3]], scores=[0, 0, 0])
    state.prompts = []
    RULESET._open_commits(state)
    for seat, card in ((0, 4), (1, 6), (2, 2)):
        state = ENGINE.apply(state, Action(seat, f"commit/1/{seat}", "play", {"card": card})).state
    reacts = ENGINE.pending(state)
    assert sorted(p.seat for p in reacts) == [0, 1, 2]
    assert all(p.kind == "react" and p.forced is None for p in reacts)
    assert [a.choice for a in ENGINE.legal(state, 1)] == ["pass"]


def test_a_publicly_forced_answer_is_taken_by_the_engine():
    """tiny §2: an empty hand is public knowledge, so its pass is forced and recorded as forced."""
    state = ENGINE.setup({}, 2, seed=6).state
    state.board = TinyBoard(round=1, deck=[], hands=[[5, 7], []], scores=[0, 0])
    state.prompts = []
    RULESET._open_commits(state)
    transition = ENGINE.apply(state, Action(0, "commit/1/0", "play", {"card": 5}))
    forced = [r for r in transition.records if r.forced]
    assert [(r.action.seat, r.action.choice) for r in forced] == [(1, "pass")]
    assert {p.kind for p in transition.state.prompts} == {"react"}


def test_answering_out_of_turn_is_refused_and_changes_nothing():
    state = ENGINE.setup({}, 2, seed=7).state
    before = state_hash(state)
    with pytest.raises(NotYourDecision) as refused:
        ENGINE.apply(state, Action(1, "commit/1/0", "play", {"card": 1}))
    assert refused.value.awaited == (0,)
    assert state_hash(state) == before


def test_an_illegal_action_names_the_rule_and_the_alternatives():
    """tiny §2: only a number card from your hand may be committed."""
    state = ENGINE.setup({}, 2, seed=8).state
    hand = state.board.hands[0]
    missing = next(c for c in range(1, 10) if c not in hand)
    before = encode(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, Action(0, "commit/1/0", "play", {"card": missing}))
    assert refused.value.rule == "tiny §2"
    assert refused.value.alternatives == tuple(ENGINE.legal(state, 0))
    assert encode(state) == before


def test_a_malformed_action_is_invalid():
    state = ENGINE.setup({}, 2, seed=9).state
    with pytest.raises(InvalidAction):
        ENGINE.apply(state, Action(0, "commit/1/0", "play", {"card": "five"}))
    with pytest.raises(InvalidAction):
        ENGINE.apply(state, Action(7, "commit/1/0", "play", {"card": 1}))


def test_a_stale_prompt_is_refused_with_the_current_alternatives():
    state = ENGINE.setup({}, 2, seed=10).state
    answer = ENGINE.legal(state, 0)[0]
    later = ENGINE.apply(state, answer).state
    with pytest.raises(NotYourDecision):
        ENGINE.apply(later, answer)  # seat 0 owes nothing now
    later = ENGINE.apply(later, ENGINE.legal(later, 1)[0]).state
    with pytest.raises(IllegalAction) as stale:
        ENGINE.apply(later, answer)
    assert stale.value.rule == "core: answer an open prompt"
    assert stale.value.alternatives == tuple(ENGINE.legal(later, 0))


def test_a_finished_game_takes_no_actions():
    state = final_state(11)
    with pytest.raises(GameOver):
        ENGINE.apply(state, Action(0, "commit/1/0", "pass"))


@pytest.mark.parametrize("seed", range(12))
def test_replay_rebuilds_the_identical_state(seed):
    records = []
    for transition in random_game(seed, seats=2 + seed % 3):
        records += transition.records
        state = transition.state
    rebuilt = replay(RULESET, seed, {}, 2 + seed % 3, records)
    assert encode(rebuilt) == encode(state)
    players_only = [r.action for r in records if not r.forced]
    assert encode(replay(RULESET, seed, {}, 2 + seed % 3, players_only)) == encode(state)


def test_replay_detects_a_changed_chance_result():
    """Reshuffles draw from the seeded RNG; a log whose chance results differ is refused."""
    for seed in range(200):
        records = [r for t in random_game(seed, seats=2, options={"target": 9, "hand_size": 6}) for r in t.records]
        chance = [r for r in records if r.chance]
        if chance:
            break
    else:
        pytest.fail("no random game with a reshuffle found")
    tampered = [
        r if r is not chance[0] else type(r)(r.seq, r.action, (r.chance[0] + 1,) + r.chance[1:], r.forced) for r in records
    ]
    with pytest.raises(ReplayMismatch):
        replay(RULESET, seed, {"target": 9, "hand_size": 6}, 2, tampered)


@pytest.mark.parametrize("seed", range(40))
def test_the_public_view_and_public_events_hold_no_secret(seed):
    """Leak check: permuting every hidden card (hands, deck) never changes what the public sees."""
    shuffler = random.Random(seed)
    for transition in random_game(seed, seats=2 + seed % 3):
        state = transition.state
        public = ENGINE.view(state, None)
        twin = type(state)(**{**state.__dict__, "board": _reshuffled_hidden(state.board, shuffler)})
        assert ENGINE.view(twin, None) == public
        for event in transition.events_for(None):  # only revealed cards are ever named in public
            assert "card" not in event.data or event.kind in ("round_won", "round_tied")


def _reshuffled_hidden(board: TinyBoard, shuffler: random.Random) -> TinyBoard:
    sizes = [len(h) for h in board.hands]
    pool = [c for h in board.hands for c in h] + board.deck
    shuffler.shuffle(pool)
    hands = []
    for size in sizes:
        hands.append(pool[:size])
        pool = pool[size:]
    return TinyBoard(
        board.round, pool, hands, list(board.scores), list(board.committed), list(board.reactions), list(board.discard)
    )


def test_every_open_prompt_has_a_legal_answer_in_random_games():
    for seed in range(30):
        for transition in random_game(seed, seats=2 + seed % 3):
            for prompt in transition.state.prompts:
                assert RULESET.legal(transition.state, prompt), prompt
