"""Battles (rulebook p. 12, "Ablauf einer Schlacht"), the blessing draft (rulebook, "Spezialaktion
Tempel errichten" and "Segnungsauswahl"; digest 6.4) and artifacts used at their card's moment
(rulebook p. 12, "Artefakte": "Du kannst jedes deiner aufgeladenen Artefakte erschöpfen ..., um
seinen Effekt zu dem auf der Artefaktkarte beschriebenen Zeitpunkt zu verwenden")."""

from __future__ import annotations

from typing import Any

from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal


def _battle(green_armies: list[list[int]], red_armies: list[list[int]], control: dict[str, int], **extra: Any) -> Any:
    """Green (seat 0) in its manoeuvre step, red (seat 1) holding territory 5 (population 3)."""
    players = {
        "0": {"hero": "aslaug", "at": 12, "armies": green_armies, **extra.pop("green", {})},
        "1": {"hero": "snorri", "at": 14, "armies": red_armies, **extra.pop("red", {})},
    }
    return at(active=0, step="manoeuvre", control=control, players=players, **extra)


def _events(state: Any, seat: int, choice: str, **args: Any) -> tuple[Any, list[Any]]:
    from engine.core import Action

    prompt = next(p for p in state.prompts if p.seat == seat)
    t = ENGINE.apply(state, Action(seat, prompt.id, choice, args))
    return t.state, [(e.kind, dict(e.data)) for e in t.events]


def test_the_defender_plays_first_then_alternation_and_after_a_pass_the_other_plays_on_alone():
    """p. 12 step 1: "Beginnend mit dem Verteidiger dürft ihr abwechselnd je 1 Kampfkarte spielen oder passen ...
    Wenn du passt, darfst du in dieser Schlacht keine Kampfkarten mehr ausspielen. Dein Gegner darf noch so viele
    Karten spielen, wie er möchte." """
    state = _battle([[1, 3]], [[5, 2]], {"1": 0, "5": 1}, green={"hand": ["combat01"]}, red={"hand": ["combat05", "combat09"]})
    state = answer(state, 0, "move", army=0, to=5)
    assert kinds(state) == [(1, "battle")]  # the defender begins
    state = answer(state, 1, "play", card="combat05")
    assert kinds(state) == [(0, "battle")]  # alternation
    state = answer(state, 0, "pass")
    assert kinds(state) == [(1, "battle")]  # green passed: red plays on alone
    assert all(a.choice != "play" for a in legal(state, 0))
    state = answer(state, 1, "play", card="combat09")
    assert kinds(state) == [(1, "battle")]
    state, events = _events(state, 1, "pass")
    won = next(d for k, d in events if k == "battle_won")
    # red: strength 2 + cards 1 + 1 = 4 against green's 3
    assert (won["winner"], won["winner_value"], won["loser_value"]) == (1, 4, 3)


def test_a_tie_goes_to_the_defender_and_the_loser_loses_1_strength_per_army_and_retreats():
    """p. 12 steps 2-4: "Bei Gleichstand gewinnt der Verteidiger"; "Zuerst muss der Verlierer jeder eigenen Armee
    ... 1 Verlust zuweisen"; "Der Verlierer muss alle seine Armeen aus dem Gebiet der Schlacht zurückziehen." """
    state = _battle([[1, 3]], [[5, 3]], {"1": 0, "5": 1})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    state, events = _events(state, 0, "pass")
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["loser"], won["winner_value"], won["loser_value"]) == (1, 0, 3, 3)
    assert state.board.players[0].armies[0] == [1, 2]  # one casualty, back to the only controlled neighbour
    assert ("retreated", {"seat": 0, "territory": 5, "dest": 1}) in events
    assert state.board.control[5] == 1


def test_cards_with_casualty_symbols_only_up_to_the_army_strength():
    """p. 12 step 1: "Karten mit Verlustsymbolen darfst du nur ausspielen, falls die Gesamtzahl deiner in dieser
    Schlacht ausgespielten Verlustsymbole die Gesamt-Armeestärke deiner Armeen in der Schlacht nicht übersteigt." """
    state = _battle([[1, 3]], [[5, 1]], {"1": 0, "5": 1}, red={"hand": ["combat02", "combat10", "combat01"]})
    state = answer(state, 0, "move", army=0, to=5)
    plays = {a.args["card"] for a in legal(state, 1) if a.choice == "play"}
    assert plays == {"combat01", "combat02", "combat10"}  # 1 casualty symbol on strength 1
    state = answer(state, 1, "play", card="combat02")
    state = answer(state, 0, "pass")
    plays = {a.args["card"] for a in legal(state, 1) if a.choice == "play"}
    assert plays == {"combat01"}  # a second symbol would exceed strength 1


def test_the_loser_chooses_where_to_retreat_and_the_winner_pays_its_card_casualties_and_takes_control():
    """p. 12 steps 3-6: the loser's retreat ("Alle Armeen müssen sich in das gleiche angrenzende Gebiet
    zurückziehen", to one it controls, digest 3.10, chosen by its owner), then "Der Gewinner muss alle Verluste von
    Kampfkarten, die er gespielt hat, auf seine Armeen aufteilen"; control if the winner's strength is at least the
    population "(bzw. 0, falls kontrolliert)"."""
    state = _battle([[1, 4]], [[5, 2]], {"1": 0, "5": 1, "6": 1, "7": 1}, green={"hand": ["combat02"]})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    state = answer(state, 0, "play", card="combat02")
    state = answer(state, 0, "pass")
    assert kinds(state) == [(1, "retreat")]
    assert {a.args["territory"] for a in legal(state, 1)} == {6, 7}
    state, events = _events(state, 1, "to", territory=7)
    b = state.board
    assert b.players[1].armies[0] == [7, 1]
    assert b.players[0].armies[0] == [5, 3]  # one casualty symbol on green's card
    assert b.control[5] == 0
    assert "combat02" in b.decks["combat_discard"]


def test_an_army_that_cannot_retreat_is_destroyed():
    """p. 12, "Eine Armee vernichten": "Falls ... eine Armee sich nicht zurückziehen kann, wird sie vom Spielplan
    entfernt und zurück in den jeweiligen persönlichen Vorrat gestellt." """
    state = _battle([[1, 4]], [[5, 3]], {"1": 0, "5": 1})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    state, events = _events(state, 0, "pass")
    assert ("army_destroyed", {"seat": 1, "territory": 5, "why": "no_retreat"}) in events
    assert state.board.players[1].armies[0] == [0, 0]
    assert state.board.control[5] == 0  # strength 4 on a controlled territory (population counts 0)


def test_several_battles_are_fought_in_the_order_the_active_player_chooses():
    """p. 12: "Falls ihr zum gleichen Zeitpunkt mehrere Schlachten austragen müsst, bestimmt die aktive Person die
    Reihenfolge." """
    state = _battle([[5, 2], [7, 2], [1, 1]], [[5, 2], [7, 2]], {"1": 0})
    state = answer(state, 0, "move", army=2, to=2)
    assert kinds(state) == [(0, "battle_order")]
    assert {a.args["territory"] for a in legal(state, 0)} == {5, 7}
    state, events = _events(state, 0, "fight", territory=7)
    assert next(d for k, d in events if k == "battle_begins")["territory"] == 7


def test_a_battle_artifact_is_exhausted_for_2_and_is_neither_a_card_nor_a_pass():
    """p. 12, "Artefakte" and "Schlachtwert bestimmen" ("alle weiteren relevanten Effekte (Artefakte, ...)");
    house text of Gungnir: exhaust in a battle for +2. Exhausting it does not take the seat's turn to play."""
    state = _battle([[1, 3]], [[5, 3]], {"1": 0, "5": 1}, green={"artifacts": ["gungnir"], "hand": ["combat01"]})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    assert any(a.choice == "artifact" for a in legal(state, 0))
    state = answer(state, 0, "artifact", artifact="gungnir")
    assert kinds(state) == [(0, "battle")]  # still green's to play or pass
    assert state.board.players[0].artifacts["gungnir"] is False
    assert all(a.choice != "artifact" for a in legal(state, 0))  # exhausted
    state, events = _events(state, 0, "pass")
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["winner_value"]) == (0, 5)


def test_a_wound_artifact_does_not_use_up_the_rune_action():
    """p. 12, "Artefakte" (exhausting is not an action) and p. 11, "Monster außerhalb einer Jagd verwundet";
    house text of the Wolf Fang: exhaust in your rune step to wound a monster in your hero's territory."""
    state = at(
        active=0,
        step="rune",
        monsters={"draugr": {"at": 12}},
        players={"0": {"hero": "aslaug", "at": 12, "artifacts": ["wolf-relic"], "runes": {"uruz": 1, "othala": 1, "algiz": 1}}},
    )
    wound = next(a for a in legal(state, 0) if a.choice == "artifact_wound")
    state = answer(state, 0, "artifact_wound", **wound.args)
    assert kinds(state) == [(0, "rune")]  # the rune step goes on
    assert state.board.players[0].artifacts["wolf-relic"] is False
    assert state.board.monsters["draugr"]["wounds"][wound.args["space"] - 1] == 0
    assert all(a.choice != "artifact_wound" for a in legal(state, 0))
    assert any(a.choice == "draw2" for a in legal(state, 0))


def _temple(seats: int = 3, taken: int | None = None) -> Any:
    """Seat 0 builds a temple on its shrine territory 3; by default the one that uncovers "Segnung"."""
    state = at(seats=seats, active=0, step="special", control={"3": 0}, players={"0": {"hero": "aslaug", "at": 12}})
    card = state.board.temple_card
    card["taken"] = card["blessing_after"][0] - 1 if taken is None else taken
    return answer(state, 0, "temple", at=3)


def test_the_blessing_draft_offers_players_plus_one_and_runs_counter_clockwise_from_the_builder():
    """ "Segnungsauswahl": "Zieht so viele Segnungskarten, wie ihr Personen seid plus 1, und legt sie offen in die
    Tischmitte. Dann wählt ihr reihum GEGEN den Uhrzeigersinn jeweils 1 Karte aus ... Wer den Tempel errichtet,
    beginnt. ... die übrige, nicht gewählte Segnungskarte wird abgelegt." """
    state = _temple()
    b = state.board
    offer = list(b.draft["offer"])
    assert len(offer) == 4
    order = []
    picked = []
    while state.board.draft is not None:
        ((seat, kind_),) = kinds(state)
        assert kind_ == "draft"
        card = legal(state, seat)[0].args["card"]
        state = answer(state, seat, "pick", card=card)
        order.append(seat)
        picked.append(card)
        assert card in state.board.players[seat].blessings
    assert order == [0, 2, 1]
    (left,) = set(offer) - set(picked)
    assert left in state.board.decks["blessing_discard"]


def test_a_temple_that_uncovers_no_blessing_keyword_starts_no_draft():
    """ "Spezialaktion Tempel errichten": only "Hast du soeben das Schlüsselwort „Segnung“ auf der Tempelkarte
    freigelegt, beginnt nun eine Segnungsauswahl"; the builder still gains 1 priest."""
    before = at(seats=3, active=0, step="special", control={"3": 0}, players={"0": {"hero": "aslaug", "at": 12}})
    priests = before.board.players[0].priests
    state = _temple(taken=0)
    assert state.board.draft is None and all(k != "draft" for _, k in kinds(state))
    assert state.board.temples[3] and state.board.players[0].priests == priests + 1


def test_two_players_draft_three_blessings_builder_first():
    """ "Segnungsauswahl" with 2 players: 3 cards, the builder then the other; 1 card discarded."""
    state = _temple(seats=2)
    assert len(state.board.draft["offer"]) == 3
    assert kinds(state) == [(0, "draft")]
    state = answer(state, 0, "pick", card=legal(state, 0)[0].args["card"])
    assert kinds(state) == [(1, "draft")]


def test_permute_hidden_reorders_hands_and_the_attack_hand_without_changing_any_view():
    """Digest 11.1 (a seat sees its own hand only) and rulebook p. 11, "Ablauf einer Jagd" (the monster player's
    secret hand): the order of cards in a hand is nobody's knowledge, so the hook reorders it and no view changes."""
    from random import Random

    from engine.ragnarok.hidden import permute_hidden

    hand = ["combat01", "combat02", "combat03", "combat04", "combat05", "combat06"]
    state = at(
        active=0,
        monsters={"draugr": {"at": 12}},
        players={"0": {"hero": "aslaug", "at": 12, "hand": hand}},
        hunt={"hunter": 0, "target": "draugr", "monster_player": 1, "attack_hand": ["attack01", "attack02", "attack03"]},
    )
    copies = [permute_hidden(state, Random(seed)) for seed in range(8)]
    assert any(c.board.players[0].hand != state.board.players[0].hand for c in copies)
    assert sorted(copies[0].board.players[0].hand) == sorted(hand)
    assert any(c.board.hunt["hand"] != state.board.hunt["hand"] for c in copies)
    for c in copies:
        for viewer in [None, 0, 1, 2]:
            assert ENGINE.view(c, viewer) == ENGINE.view(state, viewer)


def test_after_passing_a_side_plays_no_more_cards_but_may_still_exhaust_a_battle_artifact():
    """p. 12 step 1: "Wenn du passt, darfst du in dieser Schlacht keine Kampfkarten mehr ausspielen" (cards only);
    p. 12, "Artefakte": an artifact is exhausted "zu dem auf der Artefaktkarte beschriebenen Zeitpunkt" (Mjolnir's
    house text: in a battle) and step 2 counts "alle weiteren relevanten Effekte (Artefakte, ...)". Ruling R27:
    a side that passed is asked again after each of the other side's cards while it holds a battle artifact."""
    state = _battle(
        [[1, 3]],
        [[5, 3]],
        {"1": 0, "5": 1},
        green={"hand": ["combat05", "combat09"]},
        red={"artifacts": ["mjolnir"], "hand": ["combat01"]},
    )
    state = answer(state, 0, "move", army=0, to=5)
    assert {a.choice for a in legal(state, 1)} == {"play", "artifact", "pass"}
    state = answer(state, 1, "pass")  # red keeps Mjolnir for later
    assert kinds(state) == [(0, "battle")]
    state = answer(state, 0, "play", card="combat05")
    assert kinds(state) == [(1, "battle")]  # red may answer the card with its artifact
    assert state.prompts[0].info == {"passed": True}
    assert [(a.choice, a.args) for a in legal(state, 1)] == [("artifact", {"artifact": "mjolnir"}), ("pass", {})]
    state, events = _events(state, 1, "artifact", artifact="mjolnir")
    assert ("artifact_used", {"seat": 1, "artifact": "mjolnir"}) in events
    assert kinds(state) == [(1, "battle")]  # neither a card nor a pass: red answers again, cards still over
    assert [a.choice for a in legal(state, 1)] == ["pass"]
    state, events = _events(state, 1, "pass")
    assert not any(k == "battle_pass" for k, _ in events)  # red had passed already
    assert kinds(state) == [(0, "battle")]  # green may still play on
    state = answer(state, 0, "play", card="combat09")
    assert kinds(state) == [(0, "battle")]  # red has nothing left to do: green plays on alone
    state, events = _events(state, 0, "pass")
    won = next(d for k, d in events if k == "battle_won")
    # red: strength 3 + Mjolnir 2 = 5 against green's 3 + 1 + 1 = 5: the defender wins the tie
    assert (won["winner"], won["winner_value"], won["loser_value"]) == (1, 5, 5)


def test_a_passed_side_that_keeps_its_artifact_ends_the_battle_with_the_other_sides_pass():
    """p. 12 step 1: "Habt ihr beide gepasst, geht es weiter mit dem nächsten Schritt." A passed side declining its
    artifact is asked again only after the other side has done something (R27): two passes in a row end the cards."""
    state = _battle([[1, 3]], [[5, 3]], {"1": 0, "5": 1}, green={"hand": ["combat05"]}, red={"artifacts": ["mjolnir"]})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    state = answer(state, 0, "play", card="combat05")
    state = answer(state, 1, "pass")  # stays passed, Mjolnir kept
    assert kinds(state) == [(0, "battle")]
    state, events = _events(state, 0, "pass")
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["winner_value"], won["loser_value"]) == (0, 4, 3)
    assert state.board.players[1].artifacts["mjolnir"] is True  # kept charged for a later battle


def test_a_passed_side_may_answer_the_other_sides_artifact_with_its_own():
    """p. 12, "Artefakte" (each side's battle artifact at its card's moment, in a battle) and step 1: after both
    passed, an artifact exhausted by one side gives the other, passed too, one more answer (R27)."""
    state = _battle([[1, 3]], [[5, 3]], {"1": 0, "5": 1}, green={"artifacts": ["gungnir"]}, red={"artifacts": ["mjolnir"]})
    state = answer(state, 0, "move", army=0, to=5)
    state = answer(state, 1, "pass")
    state = answer(state, 0, "artifact", artifact="gungnir")
    state = answer(state, 0, "pass")
    assert kinds(state) == [(1, "battle")] and state.prompts[0].info == {"passed": True}
    state = answer(state, 1, "artifact", artifact="mjolnir")
    state, events = _events(state, 1, "pass")  # green has nothing left: the cards are over
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["winner_value"], won["loser_value"]) == (1, 5, 5)
