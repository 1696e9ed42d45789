"""Duels between heroes (p. 28 „Duelle“, „Helden besiegen“; p. 27 rewards in duels; digest §9.6, §9.7)."""

from tests.runewars.prompting import ENGINE, act, prompt_of, refused
from tests.runewars.test_heroes import PACK, events_of, fate, hero, quest_phase

# circle sections: fate-01 special, fate-05 1 damage, fate-15 rout 1, fate-20 blank


def duel(attacker, defender, deck, extra_heroes=(), **kwargs):
    """Seat 1's ``attacker`` (in 2A) moves into 1B and challenges seat 0's ``defender`` there."""
    start = quest_phase([attacker, defender, *extra_heroes], fate_deck=fate(*deck), **kwargs)
    moved = act(start.state, "hero_action", "move", hero=attacker["card"], path=["1B"])
    return act(moved.state, "hero_venture", "duel", target=defender["card"])


def passes(state):
    """Pass the start-of-duel prompts that are open (the heroes' abilities and rewards)."""
    while any(p.kind == "duel_start" for p in state.prompts):
        state = act(state, "duel_start", "pass").state
    return state


def test_a_duel_needs_an_enemy_hero_in_the_area_and_a_standing_attacker():
    """p. 28: „Wenn ein Spieler in der Questphase seinen Helden in ein Gebiet mit einem gegnerischen Helden zieht, kann er ein
    Duell … austragen“; „Flüchtende Helden können zu einem Duell gezwungen werden, dürfen aber nie ein Duell beginnen.“"""
    start = quest_phase(
        [hero("vrask_der_schinder", 1, "2A"), hero("silhouette", 0, "1B", routed=True), hero("mirela_laterne", 1, "1B")]
    )
    moved = act(start.state, "hero_action", "move", hero="vrask_der_schinder", path=["1B"])
    targets = [a.args.get("target") for a in ENGINE.legal(moved.state, 1) if a.choice == "duel"]
    assert targets == ["silhouette"]  # the routed enemy may be challenged; one's own hero never
    assert "p. 28" in refused(moved.state, "hero_venture", "duel", target="mirela_laterne").rule
    assert not prompt_of(moved.state, "hero_venture").forced


def test_damage_is_simultaneous_and_both_heroes_may_fall_leaving_their_rewards_under_tokens():
    """p. 28: „Aller Schaden wird gleichzeitig zugefügt, was dazu führen kann, dass beide Helden gleichzeitig besiegt sind“;
    the rewards then lie beside the board under defeated-hero tokens (ruling R-H3)."""
    started = duel(
        hero("sable_nachtschritt", 1, "2A", damage=2, rewards=["kettenhemd"]),
        hero("silhouette", 0, "1B", damage=2),
        ["fate-05", "fate-06"],
    )
    state = act(passes(started.state), "duel_armor", "none").state
    board = state.board
    assert not board.heroes
    assert sorted((t.area, tuple(t.rewards)) for t in board.defeated_heroes) == [("1B", ("kettenhemd",))]


def test_a_rout_icon_prevents_damage_and_routs_nobody_and_damage_stays_after_four_rounds():
    """p. 28: „In einem Duell bedeuten die Fluchtsymbole nicht, dass der gegnerische Held flüchten muss“; „Nach 4 Duellrunden …
    endet das Duell. Erlittener Schaden bleibt auf der Heldenkarte liegen … (sie müssen sich nicht zurückziehen)“."""
    deck = ["fate-05", "fate-15", "fate-15", "fate-05", "fate-07", "fate-08", "fate-09", "fate-10"]
    started = duel(hero("aldric_sturmhand", 1, "2A"), hero("grell_knochenbeisser", 0, "1B"), deck)
    ended = act(started.state, "duel_start", "pass")
    assert [e.data["damage"] for e in events_of(ended, "duel_round")] == [[0, 0]] * 4
    assert events_of(ended, "duel_ended")[0].data == {
        "area": "1B",
        "rounds": 4,
        "defeated": {"attacker": False, "defender": False},
    }
    assert [(h.card, h.damage, h.routed, h.area) for h in ended.state.board.heroes] == [
        ("aldric_sturmhand", 0, False, "1B"),
        ("grell_knochenbeisser", 0, False, "1B"),
    ]


def test_a_special_icon_deals_1_damage_by_itself_for_a_hero_without_rewards():
    """p. 25 (the hero card's reminder) / p. 28: special icon: 1 damage or a reward's ability; without rewards (a public count)
    only the damage is left, and nobody is asked."""
    started = duel(hero("aldric_sturmhand", 1, "2A"), hero("silhouette", 0, "1B"), ["fate-01", "fate-20", "fate-19", "fate-18"])
    assert not any(p.kind == "duel_special" for p in started.state.prompts)
    assert events_of(started, "duel_special_damage") == [] and events_of(started, "duel_round")[0].data["damage"] == [0, 1]


def test_one_weapon_per_duel_used_again_and_again():
    """p. 27: „Während eines Duells kann ein Held … maximal eine „Waffe“ und eine „Rüstung“. Er darf dieselbe Waffe oder
    Rüstung während eines Duells mehrmals benutzen“."""
    deck = ["fate-01", "fate-20", "fate-02", "fate-19"]
    started = duel(
        hero("aldric_sturmhand", 1, "2A", rewards=["runenspeer", "klinge_der_wut", "heiltrank"]),
        hero("grell_knochenbeisser", 0, "1B"),
        deck,
    )
    state = passes(started.state)
    first = prompt_of(state, "duel_special")
    assert {a.args.get("reward") for a in ENGINE.legal(state, 1)} == {None, "runenspeer", "klinge_der_wut", "heiltrank"}
    state = act(state, "duel_special", "reward", reward="runenspeer").state
    state = act(state, "duel_armor", "none").state if any(p.kind == "duel_armor" for p in state.prompts) else state
    assert {a.args.get("reward") for a in ENGINE.legal(state, 1)} == {None, "runenspeer", "heiltrank"}
    assert "p. 27" in refused(state, "duel_special", "reward", reward="klinge_der_wut").rule
    assert first.info["round"] == 1


def test_once_per_duel_armor_and_the_armor_prompt_for_any_hero_with_rewards():
    """p. 27 (armor; „außer es ist ausdrücklich anders angegeben“: Tower Shield once per duel); a hero with rewards is asked
    whenever it would take damage, whatever they are, so the question tells nobody anything."""
    deck = ["fate-05", "fate-20", "fate-06", "fate-19"]
    started = duel(
        hero("aldric_sturmhand", 1, "2A"), hero("grell_knochenbeisser", 0, "1B", rewards=["turmschild", "gluecksbringer"]), deck
    )
    state = passes(started.state)
    assert prompt_of(state, "duel_armor").info["damage"] == 1
    state = act(state, "duel_armor", "armor", reward="turmschild").state
    assert next(h for h in state.board.heroes if h.card == "grell_knochenbeisser").damage == 0
    assert [a.choice for a in ENGINE.legal(state, 0) if a.prompt == prompt_of(state, "duel_armor").id] == ["none"]


def test_the_victor_shares_the_defeated_heros_rewards_among_his_heroes_there_face_down_ones_stay_face_down():
    """p. 28: „kann der Spieler des siegreichen Helden alle Belohnungskarten des Unterlegenen beliebig auf seine in diesem
    Gebiet anwesenden Helden verteilen. Alle noch nicht offenen Belohnungskarten bleiben verdeckt und der neue Besitzer
    kann sie sich jederzeit anschauen.“ Here the defender wins."""
    deck = ["fate-20", "fate-05"]
    started = duel(
        hero("sable_nachtschritt", 1, "2A", damage=2, rewards=["kettenhemd", "runenspeer"], face_up=["runenspeer"]),
        hero("aldric_sturmhand", 0, "1B"),
        deck,
        extra_heroes=[hero("mirela_laterne", 0, "1B")],
    )
    state = passes(started.state)
    state = act(state, "duel_armor", "none").state
    spoils = prompt_of(state, "duel_spoils")
    assert spoils.secret and spoils.seat == 0 and spoils.info["rewards"] == 2
    assert {a.args["hero"] for a in ENGINE.legal(state, 0)} == {"aldric_sturmhand", "mirela_laterne"}
    first = act(state, "duel_spoils", "give", reward="kettenhemd", hero="mirela_laterne")
    assert events_of(first, "rewards_taken")[0].data["face_up"] == [] and events_of(first, "your_rewards")[0].to == frozenset({0})
    last = act(first.state, "duel_spoils", "give", reward="runenspeer", hero="aldric_sturmhand")
    board = last.state.board
    assert {h.card: h.rewards for h in board.heroes} == {"aldric_sturmhand": ["runenspeer"], "mirela_laterne": ["kettenhemd"]}
    assert board.face_up_rewards == ["runenspeer"]
    public = repr([e for t in (started, first, last) for e in t.events if e.to is None]) + repr(ENGINE.view(last.state, None))
    assert "kettenhemd" not in public and "kettenhemd" in repr(ENGINE.view(last.state, 0))


def test_a_start_of_duel_ability_that_needs_the_attacker_is_not_offered_to_a_defender():
    """p. 28 step 2 (the attacker, then the defender); Carthos' ability is for duels he starts (p. 29)."""
    started = duel(hero("aldric_sturmhand", 1, "2A"), hero("carthos_der_verrueckte", 0, "1B"), ["fate-20", "fate-20"])
    assert not any(p.kind == "duel_start" for p in started.state.prompts)
    assert events_of(started, "duel_cards")


def test_the_duel_start_tactics_window_asks_the_attacker_then_the_defender():
    """p. 28: „Falls der Angreifer Taktikkarten … hat, die „zu Beginn eines Duells“ benutzt werden können, muss er sie jetzt
    benutzen … Anschließend hat der Verteidiger Gelegenheit“ (engine/runewars/effects/windows.py, timing duel_start)."""
    card = "klingentanz"  # Blade Dance: 1 damage to the opposing hero at the start of a duel
    assert any(c.id == card and c.attrs["timing"] == "duel_start" for c in PACK.cards["tactics_card"])
    start = quest_phase(
        [hero("aldric_sturmhand", 1, "2A"), hero("grell_knochenbeisser", 0, "1B")],
        players={"0": {"tactics": [card]}, "1": {"tactics": ["klingentanz_2"]}},
        fate_deck=fate("fate-20", "fate-19"),
    )
    state = act(start.state, "tactics_window", "pass").state  # seat 1's quest-phase window
    state = act(state, "hero_action", "move", hero="aldric_sturmhand", path=["1B"]).state
    state = act(state, "hero_venture", "duel", target="grell_knochenbeisser").state
    attacker_window = prompt_of(state, "tactics_window")
    state = act(state, "tactics_window", "pass").state
    defender_window = prompt_of(state, "tactics_window")
    assert [(w.seat, w.info["window"], w.info["side"]) for w in (attacker_window, defender_window)] == [
        (1, "duel_start", 0),
        (0, "duel_start", 1),
    ]
    played = act(state, "tactics_window", "play", card=card)
    assert {h.card: h.damage for h in played.state.board.heroes} == {"aldric_sturmhand": 1, "grell_knochenbeisser": 0}


def test_damage_at_the_start_of_the_duel_can_end_it_before_the_first_round():
    """p. 28 „Nach 4 Duellrunden oder sobald ein Held besiegt ist, endet das Duell“; p. 29 Carthos' 1 damage at the start
    (ruling R-H10: it lands at once)."""
    started = duel(
        hero("carthos_der_verrueckte", 1, "2A"), hero("silhouette", 0, "1B", damage=2, rewards=["kettenhemd"]), ["fate-20"]
    )
    ended = act(started.state, "duel_start", "use", card="carthos_der_verrueckte")
    assert events_of(ended, "duel_ended")[0].data["rounds"] == 0 and not events_of(ended, "duel_cards")
    assert [(h.card, h.rewards) for h in ended.state.board.heroes] == [("carthos_der_verrueckte", ["kettenhemd"])]


def test_a_routed_defender_draws_and_fights_as_usual():
    """p. 28: „Für das Duell spielt es keine Rolle, ob der Verteidiger flüchtet oder nicht.“ wins over p. 22's general
    „Flüchtende Einheiten und Helden können sich nicht bewegen oder im Kampf bzw. Duell Karten ziehen“ (digest §14.2
    item 21, ruling R36): the routed defender draws and deals damage in the first round."""
    deck = ["fate-05", "fate-06"]  # 1 circle damage each
    started = duel(hero("aldric_sturmhand", 1, "2A"), hero("grell_knochenbeisser", 0, "1B", routed=True), deck)
    ended = act(started.state, "duel_start", "pass")
    rounds = [e.data for e in events_of(ended, "duel_round")]
    assert rounds[0]["damage"] == [1, 1], rounds
