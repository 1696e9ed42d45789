"""The Lords of Ragnarok front-end (issue 26 item 2): rounds as chapters, a post per turn, who
is up next, the place a decision is about, the text board, the card list, the rule topics with
the German rulebook's pages, the discard piles and omens, and every line in catalogue words."""

from __future__ import annotations

from pathlib import Path

from bot.frontend import frontend_for
from bot.games.ragnarok import FRONTEND, catalogue, next_seat
from bot.games.ragnarok.info import discard_lines, omen_lines
from bot.games.ragnarok.narrator import RagnarokNarrator, round_name
from bot.i18n import ENGLISH, tr_for
from bot.narration import unreadable
from bot.ui import rules
from engine.core import Action, Prompt
from engine.ragnarok.pack import load
from tests.ragnarok.helpers import ENGINE, at

PACK = load(None)


def test_the_front_end_is_the_descriptors():
    assert frontend_for("ragnarok") is FRONTEND and FRONTEND.group == "lor" and FRONTEND.has_cards


def test_rounds_are_the_chapters_and_set_up_has_none():
    """Digest 5: players take turns clockwise; a round is every player's turn once (playtest counts them)."""
    setup = ENGINE.setup({}, 3, 1).state
    assert FRONTEND.chapter(ENGINE.view(setup, None)) is None
    view = ENGINE.view(at(3, active=1), None)
    view["turn"] = 4  # the first turn of round 2 with 3 players
    assert FRONTEND.chapter(view) == "Round 2" and round_name(view, ENGLISH) == "Round 2"
    view["result"] = {"winner": 0}
    assert FRONTEND.chapter(view) is None


def test_a_turn_is_told_in_one_post_and_the_next_seat_is_clockwise():
    view = ENGINE.view(at(3, active=2), None)
    view["turn"] = 6
    assert FRONTEND.tells_turns and FRONTEND.turn(view) == ("6", 2) and FRONTEND.ends_turn("turn_ended")
    assert next_seat(view) == (0, "6")
    view["ragnarok"] = {"trigger": 2, "left": [1]}  # digest 1.3: the seats still to play, in order
    assert next_seat(view) == (1, "6")


def test_decision_area_is_the_territory_fought_over():
    state = at(3, active=0, players={"0": {"at": 5, "armies": [[5, 2]]}})
    view = ENGINE.view(state, 0)
    prompt = Prompt("p7", 0, "retreat", info={"territory": 6})
    assert FRONTEND.decision_area(prompt, [], view) == "6"
    moves = [
        Action(0, "p7", "move", {"army": 0, "to": 6}),
        Action(0, "p7", "move", {"army": 1, "to": 6}),
        Action(0, "p7", "skip", {}),
    ]
    assert FRONTEND.decision_area(Prompt("p7", 0, "manoeuvre"), moves, view) == "6"
    assert FRONTEND.decision_area(Prompt("p7", 0, "special"), [], view) == "yggdrasil"  # the wheel (digest 5.5)
    assert FRONTEND.decision_area(Prompt("p7", 0, "prayer"), [], view) is None


def test_text_board_and_areas_name_places_as_people_say_them():
    view = ENGINE.view(at(3, control={"5": 1}), None)
    lines = FRONTEND.text_board(view)
    assert any(line.startswith("5 (Eikland") and "held by" in line for line in lines)
    assert FRONTEND.text_board(view, "5")[0].startswith("5 (")
    labels = dict(FRONTEND.areas(view))
    assert labels["5 Eikland"] == "5" and "Grey Sound" in labels


def test_the_card_list_names_every_public_card_by_its_printed_name():
    cards = catalogue(PACK)
    kinds = {c["kind"] for c in cards}
    assert {
        "combat card",
        "monster attack card",
        "blessing card",
        "hero",
        "lineage card",
        "monster",
        "realm",
        "Ragnarök omen",
    } <= kinds
    assert len([c for c in cards if c["kind"] == "combat card"]) == 35  # digest 2.2
    assert all(not unreadable(c["name"]) for c in cards)


def test_rule_topics_carry_the_german_pages():
    path = Path(FRONTEND.rules_file)
    topics = rules.topics(path)
    assert len(topics) >= 15 and all(t.pages.startswith("p") and t.heading for t in topics)
    assert rules.find(path, "hunt")[0].id == "hunt" and "Ablauf einer Jagd" in rules.find(path, "hunt")[0].heading
    assert rules.find(path, "battle")[0].pages == "p. 12"  # the booklet's own cross-reference


def test_discards_and_omens_from_the_public_view():
    view = ENGINE.view(at(3), None)
    view["discards"]["combat_discard"] = ["combat01"]
    lines = discard_lines(view, ENGLISH)
    assert "Bearded Axe" in lines[0] and "combat01" not in "\n".join(lines)
    omens = omen_lines(view, PACK, ENGLISH)
    assert omens[0].startswith("**Ragnarök's omens**: 0 of 5") and len(omens) == 6


def test_every_line_is_a_catalogue_message():
    """Issue 31: the narrator's words come from the catalogue (the pseudo-locale wraps each message)."""
    qps = RagnarokNarrator().speaking(tr_for("qps"))
    view = ENGINE.view(at(3, active=0), None)
    view["turn"] = 1
    for line in qps.status(view):
        assert line.startswith("⟦") and line.endswith("⟧"), line
    assert qps.prompt(Prompt("p1", 0, "special")).startswith("⟦")
    assert qps.action(Action(0, "p1", "draw2", {})).startswith("⟦")


def test_rune_actions_show_their_costs():
    """Digest 5.3: 1 named rune, or 2 or 3 different runes."""
    narrator = RagnarokNarrator()
    assert narrator.action(Action(0, "p1", "draw2", {})) == "Draw 2 combat cards (3 different runes)"
    assert narrator.action(Action(0, "p1", "control", {"monster": "draugr", "release": ""})) == "Ring the Draugr (1 Uruz rune)"


def test_a_side_that_passed_is_told_only_its_battle_artifact_is_left():
    """Rulebook p. 12 step 1 ("Wenn du passt, darfst du in dieser Schlacht keine Kampfkarten mehr ausspielen") and
    ruling R27: the battle decision of a side that passed offers its artifact only, and says so, in German too."""
    narrator = RagnarokNarrator()
    assert narrator.prompt(Prompt("p1", 0, "battle")) == "Battle: play a combat card or pass"
    passed = Prompt("p2", 0, "battle", info={"passed": True})
    assert narrator.prompt(passed) == "Battle: you have passed; exhaust a battle artifact, or stay passed"
    assert narrator.speaking(tr_for("de")).prompt(passed).startswith("Schlacht: Du hast gepasst")


def test_a_hunt_decision_shows_the_hunt_and_the_seats_own_hand():
    """Digest 8.2: the monster player chooses the attack from the monster's secret hand; its DM
    picture (crop "hunt") is the hunt panel above the seat's own panel."""
    import renderer.ragnarok as R
    from tests.ragnarok.test_renderer import _hunt

    state = _hunt()
    mp = ENGINE.view(state, 1)
    prompt = next(p for p in state.prompts if p.seat == 1)
    assert prompt.kind == "hunt_attack" and FRONTEND.decision_area(prompt, [], mp) == "hunt"
    close = R.render_map(mp, PACK, crop="hunt")
    public = R.render_map(ENGINE.view(state, None), PACK, crop="hunt")
    assert close.height > public.height  # the monster's hand below the hunt


def test_a_hand_names_each_cards_weapon_and_value():
    """Digest 8.4 and 9: a combat card's weapon decides the wound space, its value the battle and the
    defence; an attack card's rage and weak spot decide the defence (the monster player's hand)."""
    lines = RagnarokNarrator().private({"hand": ["combat01"], "attack_hand": ["attack01"]}, 0)
    assert lines == ["Hand: Bearded Axe (axe 1)", "Monster's attack hand: Claw (rage 3, weak spot 6)"]
