"""Taking a dragon rune (p. 30 „Gewinn von Drachenrunen“, digest §8, §10.12, §11.1, §12 #7),
what each seat knows about runes (p. 30 „Drachenrunen anschauen“) and the instant win (p. 32, digest §0)."""

import pytest

from engine.core import Action, Engine, IllegalAction, encode, load_ruleset
from engine.runewars.state import Rune

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
ORDERS = {"year": 1, "name": "spring", "start": "orders"}
TWO = ["tile-10", "tile-13", "tile-2", "tile-4", "tile-5", "tile-7"]
FOUR = TWO + ["tile-11", "tile-12", "tile-1", "tile-3", "tile-6", "tile-9"]


def placements(tiles):
    """Tiles far apart: these tests need areas, not adjacency."""
    return [{"tile": t, "rotation": 0, "q": 10 * i, "r": 0} for i, t in enumerate(tiles)]


def units(owner, n=1, unit="human_infantry"):
    return {"units": [{"owner": owner, "unit": unit, "standing": n}]}


def rune(kind, **extra):
    return {"rune": {"kind": kind, **extra}}


def gain(areas, seat=0, options=None, factions=("humans", "uthuk"), **position):
    """A position in which ``seat`` has just been told to take a dragon rune (a RuneGain frame on top)."""
    spec = {
        "factions": list(factions),
        "neutrals": "none",
        "areas": areas,
        "season": ORDERS,
        "placements": placements(TWO if len(factions) == 2 else FOUR),
        "frames": [{"type": "RuneGain", "seat": seat, "why": "test"}],
        **position,
    }
    return ENGINE.from_position(options or {}, len(factions), 3, spec)


def answer(state, seat, choice, args=None):
    prompt = state.prompts_for(seat)[0]
    return ENGINE.apply(state, Action(seat, prompt.id, choice, args or {}))


def kinds(state, area):
    r = state.board.areas[area].rune
    return None if r is None else ("dragon" if r.dragon else "false")


# home realms: humans 10A-10C (seat 0), uthuk 13A-13C (seat 1)
HOME_RUNES = {"10A": rune("dragon"), "10B": rune("dragon"), "10C": rune("false")}


def test_discarding_false_runes_is_public_and_they_go_back_to_the_supply():
    """p. 30 step 1: „Der Spieler kann bis zu 2 falsche Runen aus von ihm selbst kontrollierten Gebieten ablegen.“"""
    state = gain({**HOME_RUNES, "2A": {**units(0), **rune("false")}}).state
    assert state.prompts[0].kind == "discard_false_runes" and not state.prompts[0].secret
    supply = dict(state.board.rune_supply)
    done = answer(state, 0, "discard", {"areas": ["2A", "10C"]})
    after = done.state
    assert kinds(after, "2A") is None and kinds(after, "10C") is None
    public = [e for e in done.events_for(None) if e.kind == "false_runes_discarded"]
    assert public[0].data["areas"] == ["10C", "2A"]
    assert after.board.rune_supply == {"dragon": supply["dragon"] - 1, "false": supply["false"] + 2 - 1}


def test_only_false_runes_of_controlled_areas_and_at_most_two_may_be_discarded():
    """p. 30 step 1 (up to 2 false runes, from areas the player controls)."""
    state = gain(
        {
            **HOME_RUNES,
            "2A": {**units(0), **rune("false")},
            "2B": {**units(0), **rune("false")},
            "2C": rune("false"),
            "13A": rune("false"),
        }
    ).state
    before = encode(state)
    for areas in (["10A"], ["2C"], ["13A"], ["2A", "2B", "10C"]):
        with pytest.raises(IllegalAction) as refused:
            answer(state, 0, "discard", {"areas": areas})
        assert "p. 30" in refused.value.rule and refused.value.alternatives
    assert encode(state) == before
    legal = ENGINE.legal(state, 0)
    assert {tuple(a.args["areas"]) for a in legal if a.choice == "discard"} == {
        ("10C",),
        ("2A",),
        ("2B",),
        ("10C", "2A"),
        ("10C", "2B"),
        ("2A", "2B"),
    }
    assert sum(a.choice == "keep" for a in legal) == 1


def test_the_discard_question_is_asked_even_without_false_runes():
    """Digest §11.1: skipping it only when all controlled runes are dragons would tell the table so."""
    state = gain({"10A": rune("dragon"), "10B": rune("dragon")}).state
    assert [p.kind for p in state.prompts] == ["discard_false_runes"] and state.prompts[0].forced is None
    assert [a.choice for a in ENGINE.legal(state, 0)] == ["keep"]
    nothing_to_discard = gain({"13A": rune("false")}).state
    assert [p.kind for p in nothing_to_discard.prompts] == ["place_runes"]  # no controlled rune: public


def test_take_one_dragon_and_one_false_rune_and_place_them_secretly():
    """p. 30 steps 2-3: take 1 dragon + 1 false rune, look at both, place each face down."""
    state = gain(HOME_RUNES).state
    supply = dict(state.board.rune_supply)
    state = answer(state, 0, "keep").state
    prompt = state.prompts[0]
    assert prompt.kind == "place_runes" and prompt.secret
    assert state.board.rune_supply == {"dragon": supply["dragon"] - 1, "false": supply["false"] - 1}
    done = answer(state, 0, "place", {"dragon": "2A", "false": "4B"})
    after = done.state
    assert kinds(after, "2A") == "dragon" and kinds(after, "4B") == "false"
    assert after.board.areas["2A"].rune.known_to == [0] and not after.board.areas["2A"].rune.face_up
    private = [e for e in done.events if e.kind == "your_runes"]
    assert private[0].to == frozenset({0}) and private[0].data["runes"] == {"2A": "dragon", "4B": "false"}


def test_the_public_record_is_the_same_whichever_token_went_where():
    """Digest §11.1 / p. 30 step 2 („so, dass niemand mehr weiß, welcher Marker welcher ist“)."""
    state = answer(gain(HOME_RUNES).state, 0, "keep").state
    one = answer(state, 0, "place", {"dragon": "2A", "false": "4B"})
    other = answer(state, 0, "place", {"dragon": "4B", "false": "2A"})
    assert [(e.kind, e.data) for e in one.events_for(None)] == [(e.kind, e.data) for e in other.events_for(None)]
    assert [(e.kind, e.data) for e in one.events_for(1)] == [(e.kind, e.data) for e in other.events_for(1)]
    assert ENGINE.view(one.state, None) == ENGINE.view(other.state, None)
    assert ENGINE.view(one.state, 1) == ENGINE.view(other.state, 1)
    assert ENGINE.view(one.state, 0)["areas"]["2A"]["rune"] == "dragon"
    assert ENGINE.view(other.state, 0)["areas"]["2A"]["rune"] == "false"


def test_runes_go_only_into_friendly_or_uncontrolled_areas_without_a_rune():
    """p. 30 step 3: „in eigene oder unkontrollierte Gebiete, in denen noch kein Runenmarker liegt“."""
    state = answer(
        gain({**HOME_RUNES, "2A": units(1, unit="uthuk_berserker"), "2B": rune("false"), "2C": units(0)}).state, 0, "keep"
    ).state
    before = encode(state)
    for args in (
        {"dragon": "2A", "false": "4B"},
        {"dragon": "2B", "false": "4B"},
        {"dragon": "10A", "false": "4B"},
        {"dragon": "4B", "false": "4B"},
        {"dragon": "4B", "false": None},
    ):
        with pytest.raises(IllegalAction) as refused:
            answer(state, 0, "place", args)
        assert "p. 30" in refused.value.rule and refused.value.alternatives
    assert encode(state) == before
    legal = ENGINE.legal(state, 0)
    targets = {a.args["dragon"] for a in legal}
    assert "2C" in targets and "4B" in targets and not targets & {"2A", "2B", "10A", "13A"}
    n = len(targets)
    assert len(legal) == n * (n - 1)  # every ordered pair of distinct areas


def test_a_token_without_an_area_goes_back_to_the_supply():
    """p. 30 step 3: „Falls es für einen oder beide Marker keine solchen Gebiete gibt, legt er … auf den Haufen unbenutzter Runenmarker.“

    Ruling: with one area left the player chooses which token goes there; the other goes
    back onto its face-up supply pile, seen by everybody.
    """
    everywhere = {
        a: rune("dragon")
        for a in ("2A", "2B", "2C", "2D", "4A", "4B", "4C", "5A", "5B", "5C", "5D", "7A", "7B", "13A", "13B", "13C")
    }
    state = gain({**HOME_RUNES, **everywhere, "7B": {}}).state
    state = answer(state, 0, "keep").state
    supply = dict(state.board.rune_supply)
    assert {tuple(sorted(a.args.items(), key=str)) for a in ENGINE.legal(state, 0)} == {
        (("dragon", "7B"), ("false", None)),
        (("dragon", None), ("false", "7B")),
    }
    done = answer(state, 0, "place", {"dragon": "7B", "false": None})
    assert kinds(done.state, "7B") == "dragon"
    assert done.state.board.rune_supply == {**supply, "false": supply["false"] + 1}
    assert [e.data["rune"] for e in done.events_for(None) if e.kind == "rune_returned"] == ["false"]

    full = gain({**HOME_RUNES, **everywhere}).state
    supply = dict(full.board.rune_supply)
    done = answer(full, 0, "keep")
    assert not done.state.prompts or done.state.prompts[0].kind == "choose_order"
    assert done.state.board.rune_supply == supply
    assert sorted(e.data["rune"] for e in done.events if e.kind == "rune_returned") == ["dragon", "false"]


def test_with_no_dragon_rune_left_only_the_false_rune_is_taken():
    """Ruling (p. 31 „Alle anderen … Plättchen … sind strikt auf die mitgelieferte Menge beschränkt“):
    the stand-in rule of p. 37 is the epic variant's; a normal game takes only what the supply holds."""
    state = gain(HOME_RUNES).state
    state.board.rune_supply["dragon"] = 0
    done = answer(state, 0, "keep")
    taken = [e.data for e in done.events if e.kind == "runes_taken"][0]
    assert (taken["dragon"], taken["false"]) == (0, 1)
    prompt = done.state.prompts[0]
    assert prompt.kind == "place_runes" and not prompt.secret  # one token of a publicly known kind
    assert all(set(a.args) == {"false"} for a in ENGINE.legal(done.state, 0))


def test_epic_variant_one_face_up_dragon_rune_and_no_false_runes():
    """p. 37 (Epische Spielvariante): „Falsche Runen werden in dieser Variante nicht benutzt und Drachenrunen liegen immer offen aus.“"""
    state = gain({"10A": rune("dragon", face_up=True)}, options={"epic": True}).state
    assert state.board.rune_supply == {"dragon": 21 - 2, "false": 17}  # taken already: nothing to discard
    prompt = state.prompts[0]
    assert prompt.kind == "place_runes" and not prompt.secret  # no discard step, no false rune
    assert all(set(a.args) == {"dragon"} for a in ENGINE.legal(state, 0))
    after = answer(state, 0, "place", {"dragon": "2A"}).state
    assert after.board.areas["2A"].rune == Rune(dragon=True, known_to=[0], face_up=True)
    assert after.board.rune_supply == {"dragon": 21 - 2, "false": 17}
    assert ENGINE.view(after, None)["areas"]["2A"]["rune"] == "dragon"


def test_epic_variant_without_dragon_runes_a_false_token_stands_in():
    """p. 37: „Falls es nicht genügend Drachenrunen geben sollte, können die Spieler als Ersatz verdeckte falsche Runen nehmen.“"""
    factions = ("humans", "elves", "uthuk", "undead")
    areas = [
        "1A",
        "1B",
        "1C",
        "1D",
        "2A",
        "2B",
        "2C",
        "2D",
        "3A",
        "3B",
        "3C",
        "4A",
        "4B",
        "4C",
        "5A",
        "5B",
        "5C",
        "5D",
        "6A",
        "6B",
        "6C",
    ]
    state = gain({a: rune("dragon", face_up=True) for a in areas}, factions=factions, options={"epic": True}).state
    assert state.board.rune_supply == {"dragon": 0, "false": 17 - 1}  # the stand-in is taken
    after = answer(state, 0, "place", {"dragon": "9A"}).state
    assert after.board.areas["9A"].rune == Rune(dragon=True, known_to=[0], face_up=True)
    assert [
        e.data["stand_in"]
        for e in gain({a: rune("dragon", face_up=True) for a in areas}, factions=factions, options={"epic": True}).events
        if e.kind == "runes_taken"
    ] == [True]


def test_a_sixth_dragon_rune_wins_at_once():
    """p. 32 / digest §0: „bis ein Spieler 6 Gebiete mit Drachenrunen kontrolliert“ (p. 11) — checked after every step."""
    five = {
        "10A": rune("dragon"),
        "10B": rune("dragon"),
        "10C": rune("dragon"),
        "2A": {**units(0), **rune("dragon")},
        "2B": {**units(0), **rune("dragon")},
        "2C": units(0),
    }
    state = answer(gain(five).state, 0, "keep").state
    elsewhere = answer(state, 0, "place", {"dragon": "4A", "false": "2C"}).state
    assert elsewhere.result is None
    won = answer(state, 0, "place", {"dragon": "2C", "false": "4A"})
    assert won.state.result["winner"] == 0 and won.state.result["reason"] == "dragon_runes"
    assert sorted(won.state.result["areas"]) == ["10A", "10B", "10C", "2A", "2B", "2C"]
    assert not won.state.prompts
    # p. 30: the game ends with the gain unfinished; its tokens are on the board, none still "in hand"
    from engine.runewars.ai.invariants import check_state

    assert check_state(ENGINE, won.state, PACK) == []


@pytest.mark.parametrize("richer, winner", [(0, 0), (1, 1)])
def test_simultaneous_winners_resolve_in_player_order(richer, winner):
    """Digest §14.2 #15: simultaneous victory in player order (p. 31: no orders revealed, most influence first)."""
    six_each = {
        "10A": rune("dragon"),
        "10B": rune("dragon"),
        "10C": rune("dragon"),
        "2A": {**units(0), **rune("dragon")},
        "2B": {**units(0), **rune("dragon")},
        "2C": {**units(0), **rune("dragon")},
        "13A": rune("dragon"),
        "13B": rune("dragon"),
        "13C": rune("dragon"),
        "4A": {**units(1, unit="uthuk_berserker"), **rune("dragon")},
        "4B": {**units(1, unit="uthuk_berserker"), **rune("dragon")},
        "4C": {**units(1, unit="uthuk_berserker"), **rune("dragon")},
    }
    spec = {
        "factions": ["humans", "uthuk"],
        "neutrals": "none",
        "areas": six_each,
        "placements": placements(TWO),
        "players": {str(richer): {"influence": 9}, str(1 - richer): {"influence": 1}},
    }
    state = ENGINE.from_position({}, 2, 3, spec).state
    assert state.result["winner"] == winner


def test_a_controller_learns_the_rune_and_remembers_it_after_losing_the_area():
    """p. 30 „Drachenrunen anschauen“: a player may look at the runes of areas they control at any time (digest §11.1: keep per-player knowledge)."""
    spec = {
        "factions": ["humans", "uthuk"],
        "neutrals": "none",
        "placements": placements(TWO),
        "areas": {"2A": {**units(1, unit="uthuk_berserker"), **rune("dragon")}},
    }
    start = ENGINE.from_position({}, 2, 3, spec)
    assert start.state.board.areas["2A"].rune.known_to == [1]
    seen = [e for e in start.events if e.kind == "rune_seen"]
    assert seen[0].to == frozenset({1}) and seen[0].data == {"area": "2A", "rune": "dragon"}
    state = start.state
    state.board.areas["2A"].stacks = []  # the units leave (any later step re-checks)
    after = answer(state, 0, "order", {"number": 1}).state
    assert after.board.areas["2A"].rune.known_to == [1]
    assert ENGINE.view(after, 1)["areas"]["2A"]["rune"] == "dragon"
    assert ENGINE.view(after, 0)["areas"]["2A"]["rune"] == "face_down"
