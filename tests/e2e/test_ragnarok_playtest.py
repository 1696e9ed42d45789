"""``python -m bot playtest --game ragnarok`` (issue 26, "Done when": the async-play targets):
rounds are its chapters (it reported 0 chapters and every post under "setup" while the front-end
had none), one channel post per player turn, no decision with one answer and no pass-only
hand-off shown, no raw line, no bare id, no ping."""

from __future__ import annotations

from loopback.playtest import Options, run


def test_the_playtest_counts_rounds_and_meets_the_async_play_targets():
    report = run(Options(game="ragnarok", players=2, seed=1, chapters=2, out=None))
    chapters = [c["chapter"] for c in report["per_chapter"]]
    assert report["chapters"] == 2 and chapters[:3] == ["setup", "Round 1", "Round 2"]
    assert report["single_option_panels"] == 0 and report["pass_only_handoffs"] == 0
    assert report["raw_lines"] == 0 and report["bare_ids"] == 0 and report["pings"] == 0
    for chapter in report["per_chapter"][1:3]:
        assert chapter["channel_posts"] == 2  # a post per player turn (docs/bot.md, "How a turn looks")
    width, height = report["max_image"]
    assert width <= 1000 and height <= 1200
