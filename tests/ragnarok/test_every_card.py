"""Every card and board of the house pack, played where it acts (issue 25 item 3: "a complete house data
pack"; as Runewars' tests/runewars/test_cards.py, every card has a test). The cases are built from the pack:
a card whose effect kind has no check below fails, so a new kind cannot go untested.

Rulebook pages: battles and artifacts p. 12 ("Ablauf einer Schlacht", "Artefakte"), hunts p. 10-11 ("Ablauf
einer Jagd", "Monsterrunde", "Heldenrunde", "Wundenfelder"), Build Monument step 6 and the omens p. 8
("Monument errichten", "Omen"); the card texts are house texts (data/ragnarok/content.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action
from engine.ragnarok.battle import battle_value
from engine.ragnarok.pack import pack_for
from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal

PACK = pack_for({})


def _apply(state: Any, seat: int, choice: str, **args: Any) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    prompt = next(p for p in state.prompts if p.seat == seat)
    t = ENGINE.apply(state, Action(seat, prompt.id, choice, args))
    return t.state, [(e.kind, dict(e.data)) for e in t.events]


# -- combat cards in a battle (p. 12 step 1: "handelst du sofort ihren Schlachteffekt ab"; step 2: values) ----


@pytest.mark.parametrize("card", sorted(PACK.combat))
def test_each_combat_card_in_a_battle_adds_its_value_its_effect_and_its_casualties(card: str) -> None:
    rec = PACK.combat[card]
    assert rec["battle"] in ("", "draw", "fortify", "defend"), f"no check for the battle effect {rec['battle']!r}"
    state = at(
        active=0,
        step="manoeuvre",
        control={"1": 0, "5": 1},
        players={
            "0": {"hero": "aslaug", "at": 12, "armies": [[1, 3]]},
            "1": {"hero": "snorri", "at": 14, "armies": [[5, 3]], "hand": [card]},
        },
    )
    state = answer(state, 0, "move", army=0, to=5)
    assert kinds(state) == [(1, "battle")]  # red defends
    state, events = _apply(state, 1, "play", card=card)
    bonus = 1 if rec["battle"] in ("fortify", "defend") else 0  # red is the defender: "defend" counts
    assert battle_value(state, 1) == 3 + rec["value"] + bonus
    assert len(state.board.players[1].hand) == (1 if rec["battle"] == "draw" else 0)
    state = answer(state, 0, "pass")
    state, events = _apply(state, 1, "pass")
    won = next(d for k, d in events if k == "battle_won")
    assert (won["winner"], won["winner_value"]) == (1, 3 + rec["value"] + bonus)  # the defender wins at least the tie
    left = 3 - rec["casualties"]  # step 5: the winner pays its card's casualty symbols
    assert state.board.players[1].armies[0] == ([5, left] if left > 0 else [0, 0])
    assert card in state.board.decks["combat_discard"]


# -- combat cards in a hunt (p. 10-11: defence by rage value or a shield; a wound needs the card's weapon; "kannst
# du ihren Jagdeffekt abhandeln", ruling R9) ----------------------------------------------------------------------


def _hunt(hand: list[str], attack: str = "attack01", **hero: Any) -> Any:
    """Green (seat 0) hunts the Draugr in territory 3; blue (seat 2) plays the monster with one attack card."""
    return at(
        active=0,
        step="special",
        monsters={"draugr": {"at": 3}},
        players={"0": {"hero": "ragnar", "at": 3, "hand": hand, **hero}},
        hunt={"hunter": 0, "target": "draugr", "monster_player": 2, "attack_hand": [attack]},
    )


def _to(state: Any, kind: str) -> Any:
    """Answer every other decision with its first legal answer until ``kind`` is asked."""
    while kinds(state) and kinds(state)[0][1] != kind:
        seat = kinds(state)[0][0]
        state = ENGINE.apply(state, legal(state, seat)[0]).state
    return state


@pytest.mark.parametrize("card", sorted(PACK.combat))
def test_each_combat_card_defends_by_its_value_or_shield_and_wounds_with_its_weapon(card: str) -> None:
    rec = PACK.combat[card]
    assert rec["hunt"] in ("", "draw", "heal"), f"no check for the hunt effect {rec['hunt']!r}"
    claw = PACK.attacks["attack01"]
    # defence: the card's value against the rage, or its shield (the Claw can be blocked)
    state = answer(_hunt([card]), 2, "attack", card="attack01")
    state = answer(state, 0, "play", card=card)
    state, events = _apply(state, 0, "done")
    held = next(d for k, d in events if k == "defence_result")["success"]
    assert held == (rec["value"] >= claw["rage"] or bool(rec["shield"]))
    # wound: a free Draugr space showing the card's weapon and no reward, then its hunt effect offered
    state = answer(_hunt([card], injured=["might"]), 2, "attack", card="attack01")
    state = _to(answer(state, 0, "done"), "hunt_wound")
    spaces = PACK.monsters["draugr"]["wounds"]
    wound = next(a for a in legal(state, 0) if a.choice == "wound" and a.args["card"] == card)
    assert spaces[wound.args["space"] - 1]["weapon"] == rec["weapon"]
    free = next(k + 1 for k, w in enumerate(spaces) if w["weapon"] == rec["weapon"] and not w["reward"])
    state = answer(state, 0, "wound", card=card, space=free)
    assert state.board.monsters["draugr"]["wounds"][free - 1] == 0
    offered = kinds(state)[0] == (0, "hunt_effect")
    assert offered == bool(rec["hunt"])  # the hero is injured, so a heal has something to heal
    if offered:
        hand, injured = len(state.board.players[0].hand), len(state.board.players[0].injured)
        state = answer(state, 0, "use", card=card, effect=rec["hunt"])
        if kinds(state) == [(0, "heal")]:  # two injured markers: the owner picks the one healed
            state = answer(state, 0, "heal", **legal(state, 0)[0].args)
        b = state.board.players[0]
        assert (len(b.hand), len(b.injured)) == ((hand + 1, injured) if rec["hunt"] == "draw" else (hand, injured - 1))


# -- monster attack cards (p. 10: "Monsterrunde": rage, weak spot, effect; the monster refills its hand) ----------


@pytest.mark.parametrize("card", sorted(PACK.attacks))
def test_each_attack_card_hits_an_undefended_hero_by_its_effect_and_its_weak_spot_draws(card: str) -> None:
    rec = PACK.attacks[card]
    assert rec["effect"] in ("injury1", "injury2", "discard1", "special", "end"), f"no check for {rec['effect']!r}"
    hand = ["combat01", "combat02", "combat03"]
    for wisdom in (rec["weak_spot"], rec["weak_spot"] - 1):  # "Weisheit" alone reaches the weak spot, then not
        state = _hunt(hand, card, attrs={"wisdom": min(6, wisdom)})
        deck = len(state.board.decks["attack"])
        state, events = _apply(state, 2, "attack", card=card)
        state, events = _apply(state, 0, "done")
        assert next(d for k, d in events if k == "defence_result")["success"] is False  # nothing against any rage
        injuries = {"injury1": 1, "injury2": 2, "special": 2}.get(rec["effect"], 0)  # the Draugr's special: 2 injuries
        discards = {"discard1": 1}.get(rec["effect"], 0)
        for _ in range(injuries):
            assert kinds(state) == [(0, "injury")]
            state = answer(state, 0, legal(state, 0)[0].choice, **legal(state, 0)[0].args)
        for _ in range(discards):
            assert kinds(state) == [(0, "hunt_discard")]
            state = answer(state, 0, "card", card=sorted(state.board.players[0].hand)[0])
        b = state.board
        assert len(b.players[0].injured) == injuries
        if rec["effect"] == "end":
            assert b.hunt is None or b.hunt["over"] == "fail"
            continue
        reached = min(6, wisdom) >= rec["weak_spot"]
        assert len(b.players[0].hand) == 3 - discards + 1 + (1 if reached else 0)  # 1 card, +1 on the weak spot
        assert len(b.hunt["hand"]) == min(rec["draw"], deck)  # the monster draws the card's number
        assert kinds(state) == [(0, "hunt_wound")]
