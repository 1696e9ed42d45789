"""Named AI policies and how they are compared (issue 20 item 7, docs/ai.md "Policies").

Sources: issue 20 item 7 and its "Done when" (``--ai new,baseline,...`` with seats rotating, a
``wins_by_policy`` object with games, wins and the 95% interval per policy, the share of games
won by six dragon runes); the new policy decides from the seat's view only (same inputs as the
baseline), deterministically per seed.
"""

from random import Random

import pytest

from bot.commands.common import UsageError
from bot.commands.simulate import ai_names
from engine.core import encode
from engine.core.game import BadOption
from engine.runewars.ai.driver import engine, play
from engine.runewars.ai.invariants import hidden_from
from engine.runewars.ai.policy import choose, choose_new
from engine.runewars.game import GAME
from engine.runewars.hidden import permute_hidden
from engine.simulation import ROTATE_EVERY, GameOutcome, SelfPlay, report, seating, simulate, wilson, wins_by_policy


def test_the_descriptor_names_the_new_policy_the_default_and_keeps_the_baseline():
    assert GAME.default_ai == "new"
    assert GAME.ai("new") is choose_new and GAME.ai("baseline") is choose


# -- --ai -----------------------------------------------------------------------------------------


def test_ai_names_one_per_seat_or_one_for_all():
    assert ai_names(GAME, "new,baseline,new,baseline", 4) == ["new", "baseline", "new", "baseline"]
    assert ai_names(GAME, " new , baseline ", 2) == ["new", "baseline"]
    assert ai_names(GAME, "baseline", 3) == ["baseline"] * 3
    assert ai_names(GAME, None, 2) is None


@pytest.mark.parametrize(
    ("given", "seats", "says"),
    [
        ("new,clever", 2, "no AI policy 'clever'; its policies are: new, baseline, random"),
        ("new,baseline", 3, "2 policies for 3 seats"),
        (",", 2, "no AI policy named"),
    ],
)
def test_ai_names_refuses_unknown_names_and_wrong_counts(given, seats, says):
    with pytest.raises(UsageError, match=says):
        ai_names(GAME, given, seats)


def test_simulate_refuses_an_unknown_policy_before_playing():
    with pytest.raises(BadOption, match="no AI policy 'clever'"):
        simulate(SelfPlay(GAME), 1, 2, 1, {}, policies=["new", "clever"])


# -- seating --------------------------------------------------------------------------------------


def test_seats_rotate_so_every_policy_plays_every_seat():
    names = ["new", "baseline", "new", "baseline"]
    games = [seating(names, i) for i in range(2 * ROTATE_EVERY)]
    assert games[0] == names and games[ROTATE_EVERY] == ["baseline", "new", "baseline", "new"]
    for seat in range(4):
        assert {g[seat] for g in games} == {"new", "baseline"}
    # a block of ROTATE_EVERY games keeps the seating: Runewars' factions rotate over 4 seeds, so each
    # policy meets every faction rather than one parity of them (simulation.factions_for)
    assert all(games[i] == names for i in range(ROTATE_EVERY))


# -- the report -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "games"), [(240, 400), (3, 10), (50, 50), (0, 7)])
def test_wilson_bounds_solve_the_score_equation(wins, games):
    """The Wilson bounds are the p with (p̂ - p)² = z² p (1 - p) / n (z = 1.96), rounded to 4 places."""
    low, high = wilson(wins, games)
    share = wins / games
    for bound in (low, high):
        assert (share - bound) ** 2 == pytest.approx(1.96**2 * bound * (1 - bound) / games, abs=2e-3)
    assert low <= share <= high


def test_wilson_of_sixty_percent_of_four_hundred_is_above_one_half():
    """The "Done when" target: 60% of 400 games has its lower 95% bound above 50%."""
    low, high = wilson(240, 400)
    assert 0.55 < low < 0.552 and 0.646 < high < 0.648


class _Game:
    def __init__(self, result):
        self.state = type("S", (), {"result": result})()
        self.result = result

    @property
    def finished(self):
        return True

    def winners(self):
        return [self.result["winner"]]


def test_wins_by_policy_counts_games_wins_intervals_and_how_they_were_won():
    outcomes = [
        GameOutcome(1, None, _Game({"winner": 0, "reason": "dragon_runes"}), policies=["new", "baseline", "new", "baseline"]),
        GameOutcome(2, None, _Game({"winner": 2, "reason": "time_limit"}), policies=["new", "baseline", "new", "baseline"]),
        GameOutcome(3, None, _Game({"winner": 0, "reason": "time_limit"}), policies=["baseline", "new", "baseline", "new"]),
    ]
    found = wins_by_policy(outcomes)
    assert found == {
        "baseline": {
            "games": 3,
            "wins": 1,
            "rate": 0.3333,
            "ci95": wilson(1, 3),
            "won_by": {"dragon_runes": 0.0, "time_limit": 1.0},
        },
        "new": {"games": 3, "wins": 2, "rate": 0.6667, "ci95": wilson(2, 3), "won_by": {"dragon_runes": 0.5, "time_limit": 0.5}},
    }
    assert wins_by_policy([GameOutcome(1, None, _Game({"winner": 0, "reason": "time_limit"}))]) is None


def test_a_head_to_head_run_reports_wins_by_policy():
    """Two whole 2-player games through the command's engine: each policy sits in both, one of them wins each."""
    selfplay = SelfPlay(GAME)
    outcomes, seconds = simulate(selfplay, 2, 2, 1, {}, policies=["new", "baseline"], secrets_every=50)
    assert [o.policies for o in outcomes] == [["new", "baseline"]] * 2
    summary = report(selfplay, outcomes, seconds, players=2, seed=1, options={})
    rows = summary["wins_by_policy"]
    assert set(rows) == {"new", "baseline"} and all(r["games"] == 2 for r in rows.values())
    assert sum(r["wins"] for r in rows.values()) == 2
    assert summary["game_seconds"]["median"] > 0


# -- the new policy -------------------------------------------------------------------------------


def test_the_new_policy_plays_the_same_game_for_the_same_seed():
    first = play(3, 21, choose_new, max_seasons=3)
    second = play(3, 21, choose_new, max_seasons=3)
    assert encode(first.records) == encode(second.records)


@pytest.mark.parametrize("redraw", ["hidden from the seat", "the descriptor's hidden hook"])
def test_the_new_policy_decides_from_the_seat_view_only(redraw):
    """Permuting what the seat cannot know (runes it has not seen, rivals' hands and orders, the decks)
    leaves the view and the new policy's answer unchanged."""
    runner = engine()
    compared = []
    current = [None]

    def twin(view, prompt, legal, rng, *, pack):
        state = current[0]
        if state is not None and state.board.phase == "play" and len(compared) < 40:
            seed = Random(len(compared))
            other = hidden_from(state, prompt.seat, seed) if redraw.startswith("hidden") else permute_hidden(state, seed)
            other_view = runner.view(other, prompt.seat)
            assert encode(other_view) == encode(view)
            mine = choose_new(view, prompt, legal, Random(7), pack=pack)
            theirs = choose_new(other_view, prompt, runner.ruleset.legal(other, prompt), Random(7), pack=pack)
            assert mine == theirs
            compared.append(prompt.kind)
        return choose_new(view, prompt, legal, rng, pack=pack)

    play(
        3,
        5,
        [twin, choose, twin],
        observe=lambda before, action, transition: current.__setitem__(0, transition.state),
        max_seasons=4,
    )
    assert len(compared) == 40 and "choose_order" in compared


def _seen_with_influence(influence: list[int], season_card: str | None, *, primarch: int | None = None):
    """A real 3-player view after two seasons, with the players' (public) influence and the season card set."""
    from engine.core import Action
    from engine.runewars.ai.knowledge import Seen

    game = play(3, 4, choose_new, max_seasons=2)
    runner = engine()
    pack = runner.ruleset.pack(game.options)
    view = runner.view(game.state, 0)
    for seat, amount in enumerate(influence):
        view["players"][seat]["influence"] = amount
    view["season_card"] = season_card
    view["titles"]["primarch_des_rates_der_magier"]["holder"] = primarch
    legal = [Action(0, "bid", "bid", {"amount": n}) for n in range(influence[0] + 1)]
    return Seen(view, pack, 0, contender=True), legal


@pytest.mark.parametrize(
    "influence, primarch, bid",
    [
        ([7, 5, 3], None, 6),  # the richest bids one more than the richest rival owns: a certain win
        ([4, 6, 1], None, 0),  # outbid for certain by a richer rival: keep the influence (p. 30 tie-break)
        ([5, 5, 0], 0, 5),  # as rich, and the Primarch decides the tie for me (p. 31)
        ([5, 5, 0], 1, 0),  # as rich, but the rival's Primarch decides the tie
    ],
)
def test_the_new_policy_bids_for_a_dragon_rune_only_what_can_win(influence, primarch, bid):
    """Issue 20 item 7 and docs/ai.md "Balance": influence is public and every bid is spent (p. 31), so the
    new policy bids to win a dragon rune for certain or not at all."""
    from random import Random as R

    from engine.runewars.ai import contender

    seen, legal = _seen_with_influence(influence, "wintertribunal", primarch=primarch)
    assert contender.rune_bid(seen)
    assert contender.influence_bid(seen, None, legal, R(1)).args["amount"] == bid


def test_the_new_policy_values_influence_most_near_the_richest_rival():
    """docs/ai.md "Balance": a token is worth most to the seat one token short of outbidding every rival
    for a dragon rune (p. 31), less the further it is from that line; the baseline values it alike for all."""
    from engine.runewars.ai import economy

    def worth(influence):
        seen, _ = _seen_with_influence(influence, None)
        return economy.influence_worth(seen)

    short, ahead, far_behind, far_ahead = worth([5, 5, 2]), worth([6, 5, 2]), worth([1, 9, 2]), worth([12, 3, 2])
    assert short > ahead > far_ahead and short > far_behind
    seen, _ = _seen_with_influence([5, 5, 2], None)
    seen.contender = False
    seen.memo.clear()
    assert economy.influence_worth(seen) < short
