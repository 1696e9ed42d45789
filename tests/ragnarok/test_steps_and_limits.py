"""The turn's hero, rune and manoeuvre steps, Prepare, and the limited components (issue 25 item 1), as the
rulebook's pages give them: p. 8 ("2. Held", "3. Runenaktionen", "Basis-Runenaktionen"), p. 9 ("4. Manöver",
"Armeen aktivieren und rekrutieren", "C. Vorbereiten"), p. 12 ("Begrenztes Material")."""

from __future__ import annotations

from typing import Any

from engine.core import Action
from engine.ragnarok.core import S
from engine.ragnarok.pack import RUNES, pack_for
from tests.ragnarok.helpers import ENGINE, answer, at, kinds, legal

PACK = pack_for({})


def _choices(state: Any, seat: int = 0) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for a in legal(state, seat):
        out.setdefault(a.choice, []).append(dict(a.args))
    return out


def _apply(state: Any, seat: int, choice: str, **args: Any) -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    prompt = next(p for p in state.prompts if p.seat == seat)
    t = ENGINE.apply(state, Action(seat, prompt.id, choice, args))
    return t.state, [(e.kind, dict(e.data)) for e in t.events]


def test_the_hero_step_moves_up_to_2_territories_or_sails_up_to_2_seas_or_heals_one_option_only():
    """p. 8: "In diesem Schritt wählst du 1 dieser Optionen: A. Bewege deinen Helden um bis zu 2 Gebiete. B. Bewege
    dein Drakkar um bis zu 2 Meere. C. Heile 1 Verletzung deines Helden"."""
    state = at(active=0, step="hero", players={"0": {"hero": "ragnar", "at": 12, "injured": ["might"], "drakkar": "sea1"}})
    side = S(state)
    near = set(side.adj[12])
    two = (near | {u for t in near for u in side.adj[t]}) - {12}
    choices = _choices(state)
    assert two <= {c["to"] for c in choices["move"]}
    bridge = set(side.seas["sea1"]["territories"])
    far = [t for t in range(1, side.n + 1) if t not in two | {12} and not (bridge & ({t} | set(side.adj[t])))]
    assert far and not {c["to"] for c in choices["move"]} & set(far)
    assert choices["heal"] == [{"attr": "might"}]  # only the injured marker
    assert choices["sail"] and all(c["to"] != "sea1" for c in choices["sail"])
    state = answer(state, 0, "move", to=sorted(near)[0])
    assert state.board.players[0].at == sorted(near)[0]
    assert kinds(state)[0] != (0, "hero")  # one option: the step is over


def test_the_nine_basic_rune_actions_and_their_costs():
    """p. 8: 1 specific rune (boss, a neutral monster here, a realm next to the hero), "2 unterschiedliche Runen"
    (army +1, activate a monster, draw 1, place the hero), "3 unterschiedliche Runen" (lowest attribute, draw 2)."""
    loki = PACK.boss["rune"]
    monster = next(m for m, rec in sorted(PACK.monsters.items()) if rec["rune"] == loki)
    base = {"hero": "ragnar", "at": 10, "armies": [[1, 2]]}
    one = at(active=0, step="rune", monsters={monster: {"at": 10}}, players={"0": {**base, "runes": {loki: 1}}})
    got = set(_choices(one))
    assert {"boss", "control"} <= got and not got & {"army_plus", "activate", "draw1", "place_hero", "attribute", "draw2"}
    two = at(active=0, step="rune", monsters={monster: {"at": 10}}, players={"0": {**base, "runes": {RUNES[0]: 1, RUNES[1]: 1}}})
    got = set(_choices(two))
    assert {"army_plus", "activate", "draw1", "place_hero"} <= got and not got & {"attribute", "draw2"}
    same = at(active=0, step="rune", players={"0": {**base, "runes": {RUNES[0]: 2}}})
    assert not set(_choices(same)) & {"army_plus", "draw1", "place_hero"}  # "die alle unterschiedlich sein müssen"
    three = at(active=0, step="rune", players={"0": {**base, "runes": {r: 1 for r in RUNES}}})
    got = set(_choices(three))
    assert {"attribute", "draw2", "draw1"} <= got
    hand = len(three.board.players[0].hand)
    state = answer(three, 0, "draw2")
    assert len(state.board.players[0].hand) == hand + 2 and sum(state.board.players[0].runes.values()) == 0


def test_an_alliance_costs_the_realms_rune_and_the_first_marker_draws_a_card():
    """p. 8 and p. 5 ("Bündnisse"): "Ist es das erste Bündnis mit diesem Reich ..., ziehe zusätzlich 1 Kampfkarte";
    "Du darfst dich mit jedem Reich nur einmal verbünden"."""
    probe = at()
    side = S(probe)
    tiles = PACK.realm_tiles(3)
    realm, ts = next((r, ts) for r, ts in sorted(side.realm_adj.items()) if r in tiles and ts)
    rune = tiles[realm]["rune"]
    state = at(active=0, step="rune", players={"0": {"hero": "ragnar", "at": ts[0], "runes": {rune: 1}}})
    assert {"realm": realm} in _choices(state)["ally"]
    state, events = _apply(state, 0, "ally", realm=realm)
    assert ("realm_allied", {"seat": 0, "realm": realm, "first": True}) in events
    assert len(state.board.players[0].hand) == 1 and state.board.realms[realm] == [0]
    again = at(active=0, step="rune", realms={realm: [0]}, players={"0": {"hero": "ragnar", "at": ts[0], "runes": {rune: 1}}})
    assert {"realm": realm} not in _choices(again).get("ally", [])


def test_the_manoeuvre_recruits_only_without_an_army_on_the_board_at_authority_strength():
    """p. 9: "Hast du keine Armee auf dem Spielplan, darfst du stattdessen 1 Armee rekrutieren"; "mit einer
    Armeestärke in Höhe deiner Autorität ... in ein beliebiges Gebiet ..., das an dein Drakkar angrenzt"."""
    with_army = at(active=0, step="manoeuvre", players={"0": {"hero": "ragnar", "at": 12, "armies": [[1, 2]]}})
    assert "recruit" not in _choices(with_army)
    none = at(active=0, step="manoeuvre", players={"0": {"hero": "ragnar", "at": 12, "attrs": {"authority": 3}, "armies": []}})
    spots = {c["at"] for c in _choices(none)["recruit"]}
    side = S(none)
    assert set(side.seas["sea1"]["territories"]) - {10} <= spots and 10 not in spots  # never Loki's territory (R7)
    to = sorted(spots)[0]
    state = answer(none, 0, "recruit", at=to)
    assert state.board.players[0].armies[0] == [to, 3]


def test_prepare_takes_two_options_the_same_one_twice_allowed():
    """p. 9, "C. Vorbereiten": "Wähle 2 der folgenden Optionen (du kannst die gleiche Option doppelt wählen)"."""
    state = at(active=0, step="special", players={"0": {"hero": "ragnar", "at": 12, "attrs": {"wisdom": 4}}})
    state = answer(state, 0, "prepare")
    assert kinds(state) == [(0, "prepare")] and state.prompts[0].info == {"n": 1}
    state = answer(state, 0, "draw")
    assert state.prompts[0].info == {"n": 2}
    state = answer(state, 0, "draw")
    assert len(state.board.players[0].hand) == 2


def test_what_has_run_out_is_not_gained():
    """p. 12, "Begrenztes Material": "Falls sie im Spiel ausgehen, kann sie niemand mehr erhalten. Die einzigen
    unbegrenzten Komponenten sind Kontrollmarker." Runes (36) and priests (16) from the supply; an army must be in
    the personal supply to be recruited (p. 9: not "Ausheben" when all armies are on the board)."""
    state = at(active=0, step="special", players={"0": {"hero": "ragnar", "at": 12}})
    b = state.board
    on_forges = sum(1 for t, here in enumerate(b.forge_rune) if here and b.forge[t])
    held = sum(sum(h.runes.values()) for h in b.players)
    assert sum(b.supply[r] for r in RUNES) + on_forges + held == 36
    assert b.supply["priests"] + sum(h.priests for h in b.players) + sum(len(m["priests"]) for m in b.monuments.values()) == 16
    for r in RUNES[1:]:
        b.supply[r] = 0
    state = answer(state, 0, "prepare")
    assert [c["rune"] for c in _choices(state).get("rune", [])] == [RUNES[0]]  # only what is left
    six = at(active=0, step="special", players={"0": {"hero": "ragnar", "at": 12, "armies": [[1, 1]] * 6}})
    assert "recruit" not in _choices(six)
    # a priest from the empty supply: none (Build Temple's priest)
    probe = at()
    side = S(probe)
    shrine = next(t for t in range(1, side.n + 1) if side.has(t, "shrine") and not side.monument_god(t) and t != 10)
    state = at(active=0, step="special", control={str(shrine): 0}, players={"0": {"hero": "ragnar", "at": 12}})
    state.board.supply["priests"] = 0
    state, events = _apply(state, 0, "temple", at=shrine)
    assert ("none_left", {"seat": 0, "what": "priest"}) in events and state.board.players[0].priests == 0


def test_after_a_hunt_the_hunter_discards_down_to_wisdom_at_once():
    """p. 6 ("Helden", "Weisheit"): "Die einzige Ausnahme davon ist die Jagd, bei der du unbegrenzt viele Kampfkarten haben
    darfst – überzählige musst du jedoch sofort nach der Jagd ablegen"; the owner chooses the cards."""
    hand = [f"combat{k:02d}" for k in (1, 2, 3, 4, 5)]
    state = at(
        active=0,
        step="special",
        monsters={"draugr": {"at": 3}},
        players={"0": {"hero": "ragnar", "at": 3, "hand": hand, "attrs": {"wisdom": 2}}},
        hunt={"hunter": 0, "target": "draugr", "monster_player": 2, "attack_hand": ["attack01"]},
    )
    state = answer(answer(state, 2, "attack", card="attack01"), 0, "play", card="combat01")
    state = answer(state, 0, "done")
    while kinds(state)[0][1] != "hunt_wound":
        state = ENGINE.apply(state, legal(state, kinds(state)[0][0])[0]).state
    assert len(state.board.players[0].hand) > 2  # no limit during the hunt
    state = answer(state, 0, "give_up")
    while kinds(state) and kinds(state)[0][1] == "injury":
        state = ENGINE.apply(state, legal(state, 0)[0]).state
    discarded = 0
    while kinds(state) and kinds(state)[0] == (0, "discard"):
        assert {a.choice for a in legal(state, 0)} == {"card"}  # the owner picks which
        state = ENGINE.apply(state, legal(state, 0)[-1]).state
        discarded += 1
    assert discarded > 0 and len(state.board.players[0].hand) == 2


def test_slayer_markers_are_limited_to_six():
    """pp. 10-11 ("Bezwungene Monster"): "jeder andere Held mit mindestens 4 Kontrollmarkern auf diesem
    Monstertableau [erhält] 1 Bezwingermarker"; p. 12 ("Begrenztes Material"): what has run out is not gained."""

    def defeat_with(slayers_left: int) -> Any:
        hero = {"hero": "ragnar", "at": 12, "artifacts": ["wolf-relic"], "runes": {"uruz": 1, "othala": 1}}
        state = at(active=0, step="rune", monsters={"draugr": {"at": 12, "wounds": [1, 1, 1, 1, -1]}}, players={"0": hero})
        assert state.board.supply["slayers"] == 6
        state.board.supply["slayers"] = slayers_left
        return answer(state, 0, "artifact_wound", artifact="wolf-relic", monster="draugr", space=5).board

    b = defeat_with(6)
    assert (b.players[0].trophies, b.players[1].slayers, b.supply["slayers"]) == (["draugr"], 1, 5)
    b = defeat_with(0)
    assert (b.players[0].trophies, b.players[1].slayers, b.supply["slayers"]) == (["draugr"], 0, 0)
