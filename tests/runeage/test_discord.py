"""Rune Age on Discord (issue 28): the renderer from views only (item 1) and the front-end's
hooks (item 2): rounds as chapters, one post per turn, the co-operative end, the card list,
the rule topics with the German rulebook's pages."""

from __future__ import annotations

import random

from engine.core import Action, Prompt
from engine.runeage.ai.policy import choose
from engine.runeage.cards import pack_for
from renderer.encode import png_chunks
from renderer.phone import MAX_HEIGHT, MIN_LABEL_PX, shown_px
from tests.runeage.helpers import ENGINE

MAX_BYTES = 1_500_000  # issue 28 Done-when: every picture at most 1.5 MB


def played(scenario: str = "runenkriege", seats: int = 3, answers: int = 160, seed: int = 5, until_combat: bool = False):
    """A game played by the AI for ``answers`` answers (or until a combat has mustered a card)."""
    state = ENGINE.setup({"scenario": scenario}, seats, seed).state
    pack = pack_for({"scenario": scenario})
    rng = random.Random(seed)
    for _ in range(answers):
        if state.result is not None:
            break
        prompt = state.prompts[0]
        legal = [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]
        state = ENGINE.apply(state, choose(ENGINE.view(state, prompt.seat), prompt, legal, rng, pack=pack)).state
        combat = ENGINE.view(state, None).get("combat")
        if until_combat and combat and combat["armies"][0]:
            break
    return state, pack


def test_the_table_picture_is_a_small_png_legible_on_a_phone():
    """Item 1: the table from the public view, at most 1.5 MB, nothing but pixels; its smallest
    text shows at least 10 px high at a phone's width; a phone layout cuts it into pages."""
    import renderer.runeage as r
    from renderer.runeage.picture import SMALL, WIDTH

    state, pack = played()
    view = ENGINE.view(state, None)
    png = r.render_png(view, pack)
    assert len(png) <= MAX_BYTES and set(png_chunks(png)) == {"IHDR", "PLTE", "IDAT", "IEND"}
    assert shown_px(SMALL, WIDTH) >= MIN_LABEL_PX
    pages = r.render_gallery_png(view, pack, layout="phone")
    assert len(pages) >= 1 and all(len(data) <= MAX_BYTES for _, data in pages)
    import io

    from PIL import Image

    assert all(Image.open(io.BytesIO(data)).height <= MAX_HEIGHT for _, data in pages)
    for palette in r.PALETTES:  # every palette, the colour-blind default included
        assert r.render_png(view, pack, palette=palette)


def test_a_public_picture_is_the_same_whatever_the_hands_and_decks():
    """Secrets are never drawn: the public picture and alt text of a position do not change when
    every deck is shuffled again (engine.runeage.hidden.permute_hidden), and name no hand card."""
    import renderer.runeage as r
    from engine.runeage.hidden import permute_hidden

    state, pack = played(answers=120)
    other = permute_hidden(state, random.Random(3))
    # hands too: swap two players' hands in the copy (sizes stay public and equal)
    a, b = other.board.players[0], other.board.players[1]
    if len(a.hand) == len(b.hand):
        a.hand, b.hand = b.hand, a.hand
    public, public2 = ENGINE.view(state, None), ENGINE.view(other, None)
    assert r.render_png(public, pack) == r.render_png(public2, pack)
    assert r.alt_text(public, pack) == r.alt_text(public2, pack)
    assert "hand" not in public and "Your hand" not in " ".join(r.text_board(public, pack))


def test_a_seat_sees_its_hand_and_barracks_in_its_own_picture():
    """Item 1: a seat's private picture (hand and Barracks), from that seat's view only."""
    import renderer.runeage as r

    state, pack = played(answers=40)
    own = ENGINE.view(state, 0)
    assert r.render_private_png(own, pack) != r.render_private_png(ENGINE.view(state, 1), pack)
    assert len(r.render_png(own, pack, seat=0)) > len(r.render_png(ENGINE.view(state, None), pack))
    assert any(line.startswith("Your hand:") for line in r.text_board(own, pack, seat=0))


def test_the_combat_panel_shows_each_side_with_its_strength():
    """Item 1: the combat panel (the muster of each side with its strength)."""
    import renderer.runeage as r
    from renderer.runeage.describe import text_board

    state, pack = played(until_combat=True, answers=400)
    view = ENGINE.view(state, None)
    assert view["combat"], "the AI game reached no combat"
    assert r.render_combat_png(view, pack)
    assert any(line.startswith("Combat against") for line in text_board(view, pack))
    assert r.render_combat_png(ENGINE.view(played(answers=0)[0], None), pack) is None


def test_cards_say_cost_strength_and_ability_in_short():
    """Item 1: cards legible at phone width: name, cost, strength, ability in short."""
    from renderer.runeage.facts import card_line

    pack = pack_for({})
    assert card_line(pack.cards["Daqan-Ritter"]) == "cost 5 · strength 4 · On play: draw 1"
    assert card_line(pack.cards["Riverwatch"]).startswith("strength 8 · 3 influence")


def test_rounds_are_chapters_and_each_turn_is_named():
    """Item 2 (and the playtest's chapters, which counted 0 before): a round is a chapter; the
    active player's turn has a key and the next player in order is known."""
    from bot.games.runeage import FRONTEND

    state, _ = played(scenario="drachenlords", seats=2, answers=30)
    view = ENGINE.view(state, None)
    assert FRONTEND.chapter(view) == f"Round {view['round']}"
    if view["phase"] == "turn":
        key, seat = FRONTEND.turn(view)
        assert seat == view["active"] and key == f"{view['round']}/{seat}"
    assert FRONTEND.ends_turn("turn_ended") and not FRONTEND.ends_turn("bought")
    assert FRONTEND.chapter({**view, "result": {"winners": [0]}}) is None


def test_next_up_follows_the_start_player_order():
    from bot.games.runeage import next_player

    view = {"phase": "turn", "round": 2, "active": 2, "start": 2, "result": None, "players": [{"seat": s} for s in range(3)]}
    assert next_player(view) == (0, "2/2")
    assert next_player({**view, "active": 1}) is None  # the last of the round: the event phase follows


def test_a_co_operative_end_says_you_all_won_or_lost():
    """Item 3: the end message of a co-operative scenario (Weltenbrand, p. 16) is said to everyone."""
    from bot.games.runeage import NARRATOR

    view = {"scenario": "weltenbrand", "players": [{"seat": 0}, {"seat": 1}]}
    assert NARRATOR.standings(view, {"winners": [0, 1], "reason": "survived"})[0].startswith("You all won")
    assert NARRATOR.standings(view, {"winners": [], "reason": "player_fell"})[0].startswith("You all lost")
    solo = {"scenario": "drachenlords", "players": [{"seat": 0}]}
    assert NARRATOR.standings(solo, {"winners": [], "reason": "all_eliminated"})[0].startswith("You all lost")


def test_the_group_offers_cards_and_rules_with_german_pages():
    """Item 2: /ra card (every card of the pack), /ra rules TOPIC with the German pages."""
    from bot.games.runeage import FRONTEND
    from bot.ui import rules

    assert FRONTEND.group == "ra" and FRONTEND.has_cards
    entries = FRONTEND.catalogue(pack_for({}))
    assert {"Drache", "Riverwatch", "1 Gold"} <= {e["id"] for e in entries}
    topics = rules.topics(FRONTEND.rules_file)
    assert len(topics) >= 10 and all(t.pages.startswith("p") and t.heading for t in topics)
    assert rules.find(FRONTEND.rules_file, "siege")[0].heading == "Eine Belagerung führen"


def test_the_end_of_a_turn_keeps_nothing_by_itself_only_when_nothing_can_be_kept():
    from bot.games.runeage import FRONTEND

    prompt = Prompt("keep/9", 0, "keep")
    done = Action(0, "keep/9", "done")
    assert FRONTEND.auto_answers["keep"](prompt, [done]) == done
    assert FRONTEND.auto_answers["keep"](prompt, [Action(0, "keep/9", "keep", {"card": "1 Gold"}), done]) is None


def test_a_solo_table_only_for_the_scenarios_that_allow_one_player():
    """Item 3 and pp. 15-16: Drachenlords and Weltenbrand may be played alone, Runenkriege and
    Das Monument need 2 to 4 players (the lobby's Start shows the refusal)."""
    import pytest

    from engine.core import IllegalAction

    for scenario in ("drachenlords", "weltenbrand"):
        assert ENGINE.setup({"scenario": scenario}, 1, 1).state.board is not None
    for scenario in ("runenkriege", "monument"):
        with pytest.raises(IllegalAction, match="needs 2 to 4 players"):
            ENGINE.setup({"scenario": scenario}, 1, 1)


def test_demo_draws_a_picture_per_round_under_round_headings():
    """Item 4: ``demo`` pictures each round as it ends and heads the log by rounds."""
    from engine.core import Event
    from engine.runeage.selfplay import heading, picture

    state, _ = played(scenario="drachenlords", seats=2, answers=5)
    before = state
    names = []
    for _ in range(400):
        if before.result is not None:
            break
        prompt = before.prompts[0]
        legal = [a for a in ENGINE.legal(before, prompt.seat) if a.prompt == prompt.id]
        after = ENGINE.apply(before, legal[-1])
        names.append(picture(before, after))
        before = after.state
    assert "round-01" in names and names.count("round-01") == 1
    assert heading(Event("round_started", {"round": 3, "start": 0})) == "Round 3"
    assert heading(Event("bought", {"seat": 0})) is None


def test_a_saved_game_plays_on_as_the_game_in_memory():
    """The bot stores the state between moves (JSON, dict keys sorted) and replays the log to
    check it (issue 28 Done-when: games replay to their stored states): an elimination put the
    Barracks' cards out of the game in the dict's order, which a saved game does not keep."""
    from engine.core import decode, encode

    state = ENGINE.setup({"scenario": "runenkriege"}, 2, 2).state
    pack = pack_for({"scenario": "runenkriege"})
    rng = random.Random(2)
    eliminated = False
    for _ in range(3000):
        if state.result is not None:
            break
        prompt = state.prompts[0]
        legal = [a for a in ENGINE.legal(state, prompt.seat) if a.prompt == prompt.id]
        action = choose(ENGINE.view(state, prompt.seat), prompt, legal, rng, pack=pack)
        live, saved = ENGINE.apply(state, action).state, ENGINE.apply(decode(encode(state)), action).state
        assert encode(live) == encode(saved), f"a saved game plays on differently after {action}"
        eliminated = eliminated or any(p.eliminated for p in live.board.players)
        state = live
    assert eliminated
