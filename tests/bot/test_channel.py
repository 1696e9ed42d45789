"""The channel's texts as plain values (bot.ui.channel), the Runewars facts behind them
(bot.games.runewars.narrator: chapters, the end-of-game reveal, the fate deck) and the rule topics
(bot.ui.rules)."""

from bot.games.runewars import FRONTEND
from bot.games.runewars.narrator import fate_facts
from bot.narration import narrator_for
from bot.ui import rules
from bot.ui.channel import TEXT_LIMIT, channel_text, public_lines, reveal_texts, status_text
from engine.core import Engine, load_ruleset
from tests.bot.playhelpers import STRATEGY_TURN

RUNEWARS = Engine(load_ruleset("runewars"))
PACK = RUNEWARS.ruleset.pack({})


def payload(**extra):
    view = {
        "game": "runewars",
        "phase": "summer",
        "year": 2,
        "season": "summer",
        "result": None,
        "players": [{"seat": 0, "faction": "humans", "influence": 3, "tactics": 1}],
    }
    return {
        "kind": "update",
        "game_id": 4,
        "seq": 77,
        "game": "runewars",
        "view": view,
        "result": None,
        "awaiting": [{"seat": 0, "user_id": 501}, {"seat": 1, "user_id": None}],
        "lines": [],
        "events": [],
        **extra,
    }


def test_the_status_says_where_the_game_stands_and_until_when_each_player_is_awaited():
    text = status_text(payload(), {0: 1_700_000_000.5})
    lines = text.split("\n")
    assert lines[0] == "📜 **Game #4** · year 2, summer · move 77"
    assert "Player 1 (Humans): influence 3, tactics 1" in lines
    assert "Waiting for: <@501> (deadline <t:1700000000:R>), an AI seat" in lines
    paused = status_text(payload(), {0: 1_700_000_000.0}, paused=True)
    assert "no deadlines run" in paused and "<t:" not in paused
    over = status_text(payload(result={"winner": 1, "reason": "six_runes"}), {})
    assert "**The game is over.** Player 2 wins (six runes)." in over and "Waiting for" not in over


def test_battle_details_stay_out_of_the_channel_and_the_report_is_linked():
    events = [
        {"kind": "battle_started", "data": {"area": "3A"}},
        {"kind": "battle_damaged", "data": {}},
        {"kind": "battle_won", "data": {"area": "3A"}},
        {"kind": "battle_ended", "data": {}},
        {"kind": "turn_ended", "data": {}},
    ]
    news = payload(
        events=events, lines=["started", "damaged", "won", "ended", "turn over"], reports=[{"where": 900, "data": {"area": "3A"}}]
    )
    assert public_lines(news) == ["started", "won", "turn over"]
    assert channel_text(news).split("\n")[3] == "⚔ Battle in 3A: the report is in <#900>."


def test_the_reveal_is_cut_into_messages_that_fit():
    lines = [f"line {i} " + "x" * 300 for i in range(20)]
    texts = reveal_texts(lines)
    assert all(len(t) <= TEXT_LIMIT for t in texts) and "\n".join(texts).split("\n") == lines


def test_the_end_of_game_reveal_names_every_secret():
    spec = {
        **STRATEGY_TURN,
        "players": {"0": {"tactics": ["sabotage"], "objective": "bund_der_waelder"}, "1": {"quests": ["setup-3"]}},
        "areas": {**STRATEGY_TURN["areas"], "1B": {"rune": {"kind": "dragon"}}},
    }
    state = RUNEWARS.from_position({}, 2, 1, spec).state
    lines = narrator_for("runewars").reveal(RUNEWARS, state)
    assert lines[0] == "**Revealed now that the game is over:**"
    assert lines[1].startswith("Player 1 (Humans): objective League of the Wilds; tactics Sabotage")
    quest = next(c for c in PACK.cards["quest"] if c.id == "setup-3").attrs["name"]
    assert lines[2].startswith("Player 2 (Uthuk): objective ") and f"quests {quest}" in lines[2]
    assert "1B dragon" in lines[-1] and lines[-1].startswith("Rune tokens: ")


def test_fate_facts_count_what_may_still_come():
    view = {"decks": {"fate": 26}, "fate_discard": ["fate-01", "fate-02", "fate-03"]}
    lines = fate_facts(view, PACK)
    assert lines[0] == "**Fate deck**: 30 cards; draw pile 26, discard pile 3."
    assert lines[1] == "Discarded (newest last): 1, 2, 3"
    assert lines[2] == "Not seen since the last shuffle: 27 cards."
    unseen = [f for f in PACK.fate_cards if f.id not in view["fate_discard"]]
    reds = sum(f.symbol == "red" for f in unseen)
    assert f"red {reds}" in lines[3]
    for line, shape in zip(lines[4:], ("Triangle", "Circle", "Rectangle", "Hexagon")):
        head, counts = line.split(": ", 1)
        assert head == f"{shape} units would draw" and sum(int(part.rsplit("×", 1)[1]) for part in counts.split(", ")) == 27


def test_every_rule_topic_has_pages_a_heading_and_a_short_text():
    path = FRONTEND.rules_file
    topics = rules.topics(path)
    assert len(topics) >= 30 and len({t.id for t in topics}) == len(topics)
    for t in topics:
        assert t.pages.startswith(("p. ", "pp. ")) and t.heading and 50 < len(t.text) <= 900, t.id
        assert len(t.reply()) <= TEXT_LIMIT
    assert [t.id for t in rules.find(path, "Retreat")] == ["retreat"]  # a title names its topic alone
    assert rules.find(path, "stronghold")[0].id in ("stronghold", "fortify")
    assert rules.find(path, "xyzzy") == [] and rules.find(path, "  ") == []
    assert rules.topics(None) == () and rules.find(None, "retreat") == []  # a game without rule topics
    assert rules.suggestions(path, "")[:2] == [
        ("A season (pp. 11-12)", "season"),
        ("Second functions of the season cards (p. 11)", "second-functions"),
    ]
