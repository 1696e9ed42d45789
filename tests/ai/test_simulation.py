"""``simulate --jobs N`` plays the games in worker processes with the same outcomes (issue 12: throughput).

Source: issue 12 (the simulate report); each game depends on its seed alone, so only the
timing fields may differ between ``jobs=1`` and ``jobs=2``.
"""

from engine.core import state_hash
from engine.runewars.ai.simulation import report, simulate

TIMING = ("seconds", "games_per_second")


def test_two_worker_processes_give_the_same_report_as_one():
    runs = {}
    for jobs in (1, 2):
        seen = []
        outcomes, seconds = simulate(
            2, 2, 7, {}, max_seasons=2, secrets_every=3, jobs=jobs, progress=lambda o, seen=seen: seen.append(o.seed)
        )
        assert seen == [7, 8]  # progress in seed order
        summary = report(outcomes, seconds, players=2, seed=7, options={})
        runs[jobs] = ({k: v for k, v in summary.items() if k not in TIMING}, [state_hash(o.game.state) for o in outcomes])
    assert runs[1] == runs[2]
    assert runs[1][0]["games"] == 2 and runs[1][0]["crashes"] == runs[1][0]["invariant_violations"] == runs[1][0]["leaks"] == 0


def test_applying_in_place_plays_the_same_game_as_copying():
    """Self-play applies in place (Engine.apply in_place, for simulate and bench): the records, every event and the
    final state equal a copying game's, so the event data holds no list the later answers changed."""
    from engine.core import encode
    from engine.runewars.ai.driver import play
    from engine.runewars.ai.policy import choose

    def played(in_place):
        game = play(3, 12, choose, options={"exploration": True}, max_seasons=6, in_place=in_place)
        return (
            state_hash(game.state),
            encode(list(game.records)),
            encode([(e.kind, dict(e.data), sorted(e.to or ())) for e in game.events]),
        )

    copied, in_place = played(False), played(True)
    assert copied == in_place and len(copied[2]) > 1000
