"""``python -m bot playtest`` (issue 19 item 1; the figures' definitions: docs/bot.md, "Playtest").

One short game (Runewars, 2 players, the set-up and the first season) through the double with a
narrator test double that leaves one event kind to the generic fallback: the report has the
issue's keys, its figures agree with each other, and the injected raw lines are counted. The
counting helpers are checked on their own beside it.
"""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.games.runewars.narrator import RunewarsNarrator
from bot.narration import Narrator
from engine.core import Event
from loopback.double import Message
from loopback.playtest import COUNTERS, BareIds, FallbackCatcher, Options, pack_ids, pinged_users, run, shown_texts

#: the top-level keys issue 19 item 1 names, exactly
ISSUE_KEYS = {
    "decisions",
    "clicks",
    "handoffs",
    "single_option_panels",
    "pass_only_handoffs",
    "channel_posts",
    "edits",
    "pings",
    "dms",
    "notifications",
    "raw_lines",
    "bare_ids",
    "chapters",
    "max_image",
    "per_player",
    "per_chapter",
}


class OneKindRaw(RunewarsNarrator):
    """Runewars' narrator, except that the first event kind it is asked for is left to the
    generic ``kind: key=value`` form (as a kind without a phrase of its own would be)."""

    def __init__(self) -> None:
        self.kind: str | None = None

    def event(self, event: Event) -> str:
        self.kind = self.kind or event.kind
        return Narrator.event(self, event) if event.kind == self.kind else super().event(event)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    out = tmp_path_factory.mktemp("playtest")
    narrator = OneKindRaw()
    report = run(Options(game="runewars", players=2, seed=3, chapters=1, out=out, narrator=narrator))
    return report, out, narrator


def test_the_report_has_the_issue_keys_and_agrees_with_itself(played):
    report, _, _ = played
    assert ISSUE_KEYS <= set(report)
    assert report["chapters"] == 1 and report["run"]["finished"] is False
    assert report["decisions"] > 0 and report["clicks"] >= report["decisions"]
    assert report["single_option_panels"] <= report["decisions"]
    assert report["pass_only_handoffs"] <= report["handoffs"]
    assert report["channel_posts"] > 0 and report["edits"] > 0
    width, height = report["max_image"]
    assert width > 0 and height > 0
    assert set(report["per_player"]) == {"alice", "bob"}
    assert sorted(e["seat"] for e in report["per_player"].values()) == [0, 1]
    for bucket in [report, *report["per_player"].values(), *report["per_chapter"]]:
        assert bucket["notifications"] == bucket["pings"] + bucket["dms"] - bucket["silent_dms"] - bucket["merged"]
    for key in COUNTERS:  # the chapters split the totals
        assert sum(c[key] for c in report["per_chapter"]) == report[key], key
    for key in ("decisions", "handoffs", "single_option_panels", "pass_only_handoffs", "pings", "dms", "notifications"):
        assert sum(e[key] for e in report["per_player"].values()) == report[key], key  # every one is a player's
    chapters = [c["chapter"] for c in report["per_chapter"]]
    assert chapters[0] == "setup" and "Year 1 spring" in chapters
    assert max(c["max_image"][0] * c["max_image"][1] for c in report["per_chapter"]) == width * height


def test_under_the_default_auto_pass_no_one_answer_decision_reaches_a_player():
    """Issue 19 items 1 and 2: with the players' ``auto_pass`` at its default (``unplayable``),
    the playtest's virtual clock skips the 30-150 s delays; no decision with one answer and no
    pass-only hand-off is shown, the auto-passes are counted apart, and every next decision of
    a seat an auto-pass answered for arrives by DM (no panel had to be asked for)."""
    report = run(Options(game="runewars", players=2, seed=3, chapters=1, out=None, auto_pass="unplayable"))
    assert report["single_option_panels"] == 0 and report["pass_only_handoffs"] == 0
    assert report["auto_passes"] > 0 and report["run"]["auto_pass_waits_skipped_seconds"] >= 30
    assert report["run"]["panels_asked_for"] == 0
    assert report["run"]["auto_pass"] == ["unplayable"]


def test_the_injected_raw_lines_are_counted_and_in_the_transcript(played):
    report, out, narrator = played
    assert narrator.kind is not None
    assert report["raw_lines"] > 0
    lines = [json.loads(line) for line in (out / "transcript.jsonl").read_text().splitlines()]
    shown = [text for e in lines if e["event"] in ("message", "edit") for text in shown_texts(e["payload"])]
    assert any(text.startswith(f"{narrator.kind}: ") or text == narrator.kind for text in shown)
    assert {e["event"] for e in lines} >= {"message", "edit", "interaction"}
    assert list((out / "pictures").glob("*.png")), "the pictures are written beside the transcript"
    assert json.loads((out / "report.json").read_text())["decisions"] == report["decisions"]


def test_raw_lines_are_the_generic_forms():
    catcher = FallbackCatcher()
    with catcher.installed():
        Narrator().event(Event("dials_set", {"seat": 0, "why": "harvest"}))
    assert "dials_set: seat=0 why=harvest" in catcher.lines
    assert Narrator.event.__name__ == "event"  # restored
    assert catcher.is_raw("Alice: dials_set: seat=0 why=harvest")
    assert catcher.is_raw("choose card=fate-01")
    assert not catcher.is_raw("Alice moved 2 × Warriors from Dawnford to Saltmere.")
    assert not catcher.is_raw("See https://example.com/?a=1")


def test_bare_ids_are_pack_ids_and_engine_seat_numbers():
    finder = BareIds(pack_ids({"fate": ({"id": "fate-01", "name": "Fate"},), "order": ({"id": "conquer"},)}))
    assert finder.find("You drew fate-01 and Fate.") == ["fate-01"]
    assert finder.find("Seat 0 goes first; Seat None places neutrals") == ["Seat 0", "Seat None"]
    assert finder.find("conquer, fate-012, Alice (seat of honour)") == []


def test_a_ping_needs_the_mention_allowed_and_a_visible_message():
    message = Message({"id": "1", "channel_id": "2", "content": "Waiting for: <@10>, <@11>", "flags": 0})
    assert pinged_users(message, None) == {10, 11}
    assert pinged_users(message, {"parse": [], "users": ["11"]}) == {11}
    assert pinged_users(message, {"parse": []}) == set()
    ephemeral = Message({"id": "3", "channel_id": "2", "content": "<@10>", "flags": 64})
    assert pinged_users(ephemeral, None) == set()


def test_shown_texts_read_every_field_players_see():
    payload = {
        "content": "a",
        "embeds": [{"title": "b", "fields": [{"name": "c", "value": "d"}], "footer": {"text": "e"}}],
        "components": [
            {"type": 1, "components": [{"type": 3, "placeholder": "f", "options": [{"label": "g", "description": "h"}]}]}
        ],
        "attachments": [{"id": "9", "filename": "map.png", "description": "i"}],
    }
    assert shown_texts(payload) == list("abcdefghi")


@pytest.mark.parametrize("argv", [["--humans", "0"], ["--players", "9"], ["--chapters", "0"], ["--game", "nonesuch"]])
def test_the_command_refuses_what_it_cannot_play(argv, capsys):
    assert main(["playtest", *argv]) == 2
    assert "python -m bot playtest:" in capsys.readouterr().err


def test_a_playtest_in_the_pseudo_locale_counts_what_no_catalogue_message_gave(tmp_path):
    """Issue 31: ``playtest --language qps``: the players' clients and the server speak the
    pseudo-locale, so every catalogued text reaching the double is wrapped; the report's
    ``untranslated`` counts the lines with letters outside the wrapping. Since the packs' names
    (item 3) and the pictures' alt text (item 4) speak the language too, nothing is left."""
    report = run(Options(game="runewars", players=2, seed=3, chapters=1, out=tmp_path, language="qps"))
    assert report["run"]["language"] == "qps" and "untranslated" in report
    assert sum(c["untranslated"] for c in report["per_chapter"]) == report["untranslated"]
    lines = [json.loads(line) for line in (tmp_path / "transcript.jsonl").read_text().splitlines()]
    channel = [e["payload"].get("content") or "" for e in lines if e["event"] == "message" and e["where"] == "channel"]
    assert any("⟦" in text for text in channel)
    alts = [a.get("description") or "" for e in lines if e["event"] == "message" for a in e["payload"].get("attachments") or []]
    assert alts and all(alt.startswith("⟦") for alt in alts if alt)
    assert report["untranslated"] == 0, report["untranslated_examples"]
    assert report["over_limits"] == 0, report["over_limits_examples"]
