"""The rulebook's own map building as prompts (option {"map_building": "rulebook"}) and the automatic layout,
checked by the same legality functions (p. 8 „Spielplanaufbau“, p. 9 examples; digest §4.2).

Every German quote below was checked with grep against the rulebook OCR.
"""

import random
from itertools import permutations

import pytest

from engine.core import Action, Engine, InvalidAction, Rng, encode, load_ruleset, replay, seats_from
from engine.runewars import map as map_module
from engine.runewars import setup_map
from engine.runewars.flow import top
from engine.runewars.map import (
    GUIDE_DISTANCE,
    GUIDE_DISTANCE_ONCE,
    Board,
    Guide,
    Placement,
    auto_layout,
    close_pairs,
    complete_guides,
    distance,
    guide_candidates,
    guide_distance,
    legal_home_placements,
    legal_tile_placements,
    neighbours,
    next_guide_problem,
    place,
    tile_placement_problem,
    tile_turns,
)
from engine.runewars.setup_map import GUIDE_RULE, HOME_RULE, MAX_HOME_REDOS, TILE_RULE, MapBuild, tiles_by_seat
from tests.runewars.prompting import refused

RULES = load_ruleset("runewars")
ENGINE = Engine(RULES)
PACK = RULES.pack({})
RULEBOOK = {"map_building": "rulebook"}


# -- driving a rulebook build ----------------------------------------------------------------


def play(state, chooser, done, events):
    """Answer the first open prompt with a random legal action until ``done(state)``."""
    while not done(state):
        prompt = state.prompts[0]
        transition = ENGINE.apply(state, chooser.choice(ENGINE.legal(state, prompt.seat)))
        state = transition.state
        events.extend(transition.events)
    return state


def building(state):
    return state.board.phase in ("setup.faction", "setup.map")


def build(seats, seed):
    """A rulebook map build answered at random; returns the state once the map stands, and the events."""
    events = []
    start = ENGINE.setup(RULEBOOK, seats, seed)
    events.extend(start.events)
    state = play(start.state, random.Random(seed), lambda s: not building(s), events)
    return state, events


def until_prompt(seats, seed, accept):
    """The first state of a random rulebook build whose open prompt satisfies ``accept``, or None."""
    chooser, events = random.Random(seed), []
    state = ENGINE.setup(RULEBOOK, seats, seed).state
    state = play(state, chooser, lambda s: not building(s) or accept(s, s.prompts[0]), events)
    return state if building(state) else None


def search(accept, seeds=range(8), counts=(2, 3, 4)):
    """The first prompt state over a few seeded builds satisfying ``accept``."""
    for seats in counts:
        for seed in seeds:
            state = until_prompt(seats, seed, accept)
            if state is not None:
                return state
    raise AssertionError("no build reached the wanted situation")


def since_last_redo(events, kinds):
    """Events of ``kinds`` after the last redo that took back what they placed."""
    out = []
    for e in events:
        if e.kind == "map_redo" and (3 in e.data["steps"] or "tile_placed" not in kinds):
            out = []
        elif e.kind in kinds:
            out.append(e)
    return out


# -- the rules, checked on a finished map with the functions the prompts use ------------------


def as_guide(cells):
    return Guide(tuple(sorted(tuple(c) for c in cells)))


def guide_of(home: Placement, guides=None) -> Guide:
    """The guide ``home`` covers: among ``guides`` (any 2 of its areas may cover one, R33), else under its pack's guide areas."""
    tile = PACK.tile(home.tile)
    cells = {ph.area: ph.cell for ph in place(tile, home)}
    if guides is not None:
        return next(g for g in guides if set(g.cells) <= set(cells.values()))
    return Guide(tuple(sorted(cells[a] for a in tile.guide_areas)))


def check_map(placements, first, by_seat, home_by_seat, guide_order=None):
    """Every rule of p. 8 steps 3-5 on a finished map (tiles first, then home realms in the order laid)."""
    turns = tile_turns(first, by_seat)
    tiles, homes = placements[: len(turns)], placements[len(turns) :]
    seats = len(home_by_seat)
    assert sorted(p.tile for p in tiles) == sorted(t for dealt in by_seat for t in dealt)
    assert tiles[0] in legal_tile_placements(Board(PACK, []), PACK.tile(tiles[0].tile))  # the centre
    for i, p in enumerate(tiles):
        assert p.tile in by_seat[turns[i].seat], "each player lays their own tiles in turn"
        assert tile_placement_problem(Board(PACK, tiles[:i]), PACK.tile(p.tile), p) is None, p
    board = Board(PACK, tiles)
    order = seats_from((first + 1) % seats, seats)
    assert [p.tile for p in homes] == [home_by_seat[s] for s in order]
    guides = [guide_of(p, guide_order) for p in homes]
    orders = [guide_order] if guide_order else permutations(guides)
    assert any(all(next_guide_problem(board, list(o[:k]), seats, g) is None for k, g in enumerate(o)) for o in orders), (
        "the guides can be laid one by one under the rules"
    )
    for k, p in enumerate(homes):
        now = Board(PACK, tiles + homes[:k])
        assert p in legal_home_placements(now, PACK.tile(p.tile), guides[k], guides[k + 1 :], [h.tile for h in homes[:k]])
    cells = [{ph.cell for ph in place(PACK.tile(p.tile), p)} for p in homes]
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            assert not any(n in b for c in a for n in neighbours(c)), "home realms never touch"


def check_rulebook_build(state, events):
    board = state.board
    seats, first = state.seat_count, board.first_player
    dealt = next(e for e in events if e.kind == "setup_quests_dealt")
    assert dealt.to is None and [len(q) for q in dealt.data["quests"]] == [2] * seats
    by_seat = tiles_by_seat(board, PACK)
    homes = [PACK.faction(p.faction).home_tile for p in board.players]
    tiles_laid = since_last_redo(events, {"tile_placed"})
    assert [e.data["seat"] for e in tiles_laid] == [t.seat for t in tile_turns(first, by_seat)]
    guides_laid = since_last_redo(events, {"guide_placed"})
    assert {e.data["seat"] for e in guides_laid} == {first}
    guide_order = [as_guide(e.data["cells"]) for e in guides_laid]
    check_map(board.placements, first, by_seat, homes, guide_order)
    assert [e.data["seat"] for e in since_last_redo(events, {"home_placed"})] == seats_from((first + 1) % seats, seats)


# -- whole builds ----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_whole_rulebook_map_is_built_through_the_prompts(seats):
    """p. 8 Spielplanaufbau 1-5: „2 davon werden offen an jeden Spieler ausgeteilt“; „Der Startspieler
    wählt eines seiner Spielplanteile und legt es in die Mitte der Spielfläche“, then clockwise
    „jeweils eine ihrer Spielplanteile“ („Wer an der Reihe ist, legt nur ein Teil.“, p. 9); the first
    player lays the guides „einzeln nacheinander“; home realms „Beginnend mit dem Spieler links vom
    Startspieler“ („Als letzter ersetzt der Startspieler die letzte Aufbauhilfe“, p. 9)."""
    for seed in range(6):
        state, events = build(seats, seed)
        assert state.board.phase == "setup.stronghold"
        check_rulebook_build(state, events)


def test_the_game_goes_on_to_the_first_spring_after_a_rulebook_build():
    """p. 8 Aufbau 4-12 follow the map: „Nun kann das Spiel mit der ersten Jahreszeit (Spielrunde) beginnen“."""
    for seats, seed in ((2, 30), (4, 31)):
        start = ENGINE.setup(RULEBOOK, seats, seed)
        records, chooser = list(start.records), random.Random(seed)
        state = start.state
        while state.board.phase.startswith("setup"):
            transition = ENGINE.apply(state, chooser.choice(ENGINE.legal(state, state.prompts[0].seat)))
            state, records = transition.state, records + list(transition.records)
        board = state.board
        assert (board.phase, board.year, board.season) == ("play", 1, "spring")
        assert sorted(board.areas) == Board(PACK, board.placements).areas
        assert all(a in board.areas for p in board.players for a in p.home_areas)
        assert top(state, MapBuild) is None
        assert encode(replay(RULES, seed, RULEBOOK, seats, records)) == encode(state)


def test_an_unknown_map_option_is_refused():
    with pytest.raises(InvalidAction):
        ENGINE.setup({"map_building": "hexes"}, 2, 1)


# -- the automatic layout obeys the same rules --------------------------------------------------


def deal(seed, players):
    rng = Rng(seed)
    tiles = [t.id for t in PACK.tiles if not t.is_home]
    rng.shuffle(tiles)
    homes = [t.id for t in PACK.home_tiles]
    rng.shuffle(homes)
    return [tiles[2 * i : 2 * i + 2] for i in range(players)], homes[:players], rng


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_automatic_layout_passes_the_same_checks_over_many_seeds(players):
    """p. 8 Spielplanaufbau 3-5, checked with the functions the prompts use (quick default „auto“)."""
    for seed in range(25):
        by_seat, homes, rng = deal(seed, players)
        first = seed % players
        check_map(auto_layout(PACK, first, by_seat, homes, rng), first, by_seat, homes)


def test_the_automatic_layout_of_a_game_is_reproducible_from_the_seed():
    """The default game map comes from the seed: the same seed and answers give the same map."""

    def map_of(seed):
        state = ENGINE.setup({}, 3, seed).state
        while state.board.phase == "setup.faction":
            state = ENGINE.apply(state, ENGINE.legal(state, state.prompts[0].seat)[0]).state
        return state.board

    first, again, other = map_of(7), map_of(7), map_of(8)
    assert first.placements == again.placements != other.placements
    homes = [PACK.faction(p.faction).home_tile for p in first.players]
    check_map(first.placements, first.first_player, tiles_by_seat(first, PACK), homes)


# -- refusals, each naming its rule -----------------------------------------------------------


def tile_prompt_with(problem_text):
    """A place_tile prompt where one of the seat's tiles has a placement refused for ``problem_text``."""
    found = {}

    def accept(state, prompt):
        if prompt.kind != "place_tile" or not state.board.placements:
            return False
        board = Board(PACK, state.board.placements)
        for tile_id in prompt.info["tiles"]:
            for rotation in range(6):
                for q in range(-7, 8):
                    for r in range(-7, 8):
                        p = Placement(tile_id, rotation, q, r)
                        problem = tile_placement_problem(board, PACK.tile(tile_id), p)
                        if problem and problem_text in problem:
                            found["placement"] = p
                            return True
        return False

    return search(accept), found["placement"]


def place_args(p: Placement):
    return {"tile": p.tile, "q": p.q, "r": p.r, "rotation": p.rotation}


def check_refusal(error, rule, legal_now):
    assert error.rule == rule and error.rule.startswith("p. 8")
    assert error.alternatives and set(map(encode, error.alternatives)) <= set(map(encode, legal_now))


def test_a_tile_touching_fewer_than_two_placed_areas_is_refused():
    """p. 8 Spielplanaufbau 3: „dass 2 Gebiete (Hexfelder) des Teils mindestens 2 verschiedene Gebiete
    bereits ausgelegter Teile berühren“."""
    state, placement = tile_prompt_with("2 areas of the tile")
    prompt = state.prompts[0]
    error = refused(state, "place_tile", "tile", **place_args(placement))
    assert "2 areas" in error.message and "Spielplanteile auslegen" in error.rule
    check_refusal(error, TILE_RULE, ENGINE.legal(state, prompt.seat))


def test_a_tile_doubling_a_mountain_or_water_border_is_refused():
    """p. 8 Spielplanaufbau 3: „dass keine rote Gebirgs- oder blaue Wassergrenze parallel zu einer anderen
    Gebirgs- oder Wassergrenze anliegt“."""
    state, placement = tile_prompt_with("coloured borders")
    error = refused(state, "place_tile", "tile", **place_args(placement))
    assert "coloured borders" in error.message
    check_refusal(error, TILE_RULE, ENGINE.legal(state, state.prompts[0].seat))


def test_the_first_tile_goes_to_the_centre_and_only_your_own_tiles():
    """p. 8 Spielplanaufbau 3: „Der Startspieler wählt eines seiner Spielplanteile und legt es in die Mitte
    der Spielfläche“; the others „jeweils eine ihrer Spielplanteile“."""
    state = until_prompt(3, 1, lambda s, p: p.kind == "place_tile")
    prompt = state.prompts[0]
    assert prompt.seat == state.board.first_player and len(prompt.info["tiles"]) == 2
    own = prompt.info["tiles"][0]
    error = refused(state, "place_tile", "tile", tile=own, q=1, r=0, rotation=0)
    assert "centre" in error.message
    check_refusal(error, TILE_RULE, ENGINE.legal(state, prompt.seat))
    other = next(t for dealt in tiles_by_seat(state.board, PACK) for t in dealt if t not in prompt.info["tiles"])
    error = refused(state, "place_tile", "tile", tile=other, q=0, r=0, rotation=0)
    assert "your own tiles" in error.message
    assert len(prompt.info["candidates"]) == 12  # both tiles, 6 orientations each, in the centre


def guide_prompt(state, pick):
    """The guide ``pick(board, placed, count)`` finds at this place_guide prompt, or None."""
    frame = top(state, MapBuild)
    return pick(Board(PACK, state.board.placements), frame.guides, state.seat_count)


def test_a_guide_off_the_edge_or_with_fewer_than_three_uncoloured_borders_is_refused():
    """p. 8 Spielplanaufbau 4: „legt diese dann einzeln nacheinander an den Rand des Spielplans. Jede dieser
    Hilfen muss mindestens 3 nichtfarbige (weder rot noch blau) Gebietsgrenzen berühren“."""

    def thin_guide(board, placed, count):
        rim = board.empty_rim()
        return next(
            (
                Guide(tuple(sorted((a, b))))
                for a in sorted(rim)
                for b in neighbours(a)
                if b in rim and Guide(tuple(sorted((a, b)))) not in guide_candidates(board)
            ),
            None,
        )

    state = search(lambda s, p: p.kind == "place_guide" and guide_prompt(s, thin_guide) is not None)
    guide = guide_prompt(state, thin_guide)
    error = refused(state, "place_guide", "guide", cells=[list(c) for c in guide.cells])
    assert "uncoloured" in error.message and "Aufbauhilfen für Heimatreiche" in error.rule
    check_refusal(error, GUIDE_RULE, ENGINE.legal(state, state.prompts[0].seat))
    far = [[40, 40], [41, 40]]
    error = refused(state, "place_guide", "guide", cells=far)
    assert "edge of the map" in error.message


def test_guides_closer_than_the_spacing_allows_are_refused():
    """p. 8 Spielplanaufbau 4: „es müssen immer mindestens 4 Gebiete zwischen den Aufbauhilfen liegen“ and
    „darf eine auch nur 3 Felder Abstand haben“ (never closer)."""

    def too_close(board, placed, count):
        return next((g for g in guide_candidates(board) if placed and guide_distance(g, placed[0]) < GUIDE_DISTANCE_ONCE), None)

    state = search(lambda s, p: p.kind == "place_guide" and guide_prompt(s, too_close) is not None)
    guide = guide_prompt(state, too_close)
    error = refused(state, "place_guide", "guide", cells=[list(c) for c in guide.cells])
    assert f"at least {GUIDE_DISTANCE} areas apart" in error.message
    check_refusal(error, GUIDE_RULE, ENGINE.legal(state, state.prompts[0].seat))


def close_guide(board, placed, count):
    """A guide 3 from a lying one that the spacing rule would allow once."""
    return next(
        (
            g
            for g in guide_candidates(board)
            if g not in placed and map_module.guides_are_spaced([*placed, g]) and close_pairs([*placed, g]) > close_pairs(placed)
        ),
        None,
    )


def test_a_guide_three_apart_is_refused_while_four_apart_is_still_possible():
    """p. 8 Spielplanaufbau 4: „Falls es nicht möglich ist, alle Aufbauhilfen in 4 Feldern Entfernung
    voneinander zu legen, darf eine auch nur 3 Felder Abstand haben.“"""

    def wide_still_possible(state, prompt):
        if prompt.kind != "place_guide" or guide_prompt(state, close_guide) is None:
            return False
        board, placed = Board(PACK, state.board.placements), top(state, MapBuild).guides
        return complete_guides(guide_candidates(board), state.seat_count, list(placed), False) is not None

    state = search(wide_still_possible)
    guide = guide_prompt(state, close_guide)
    error = refused(state, "place_guide", "guide", cells=[list(c) for c in guide.cells])
    assert "only when the guides cannot all lie 4 apart" in error.message
    check_refusal(error, GUIDE_RULE, ENGINE.legal(state, state.prompts[0].seat))


def test_a_guide_three_apart_is_offered_when_four_apart_is_impossible():
    """p. 9 Beispiel Heimatreichaufbau: „Da nicht genügend Platz für die letzte Aufbauhilfe ist, legt er sie
    mit nur 3 Gebieten Abstand (statt vier) zu einer der anderen Hilfen.“"""

    def only_close_possible(state, prompt):
        if prompt.kind != "place_guide":
            return False
        return any(
            close_pairs([*top(state, MapBuild).guides, as_guide(a.args["cells"])]) for a in ENGINE.legal(state, prompt.seat)
        )

    state = search(only_close_possible)
    prompt = state.prompts[0]
    placed = top(state, MapBuild).guides
    close = next(a for a in ENGINE.legal(state, prompt.seat) if close_pairs([*placed, as_guide(a.args["cells"])]))
    assert complete_guides(guide_candidates(Board(PACK, state.board.placements)), state.seat_count, list(placed), False) is None
    placed_now = next(e for e in ENGINE.apply(state, close).events if e.kind == "guide_placed")
    assert placed_now.data["cells"] == close.args["cells"]


def test_a_home_realm_off_its_guide_is_refused():
    """p. 8 Spielplanaufbau 5: „Das Heimatreich muss so angelegt werden, dass 2 Gebiete davon den vorherigen
    Platz der Aufbauhilfe einnehmen.“ („Ein Heimatreich kann in beliebiger Orientierung angelegt werden.“)"""
    state = until_prompt(2, 3, lambda s, p: p.kind == "place_home")
    prompt = state.prompts[0]
    home = prompt.info["candidates"][0]["tile"]
    error = refused(state, "place_home", "home", tile=home, q=30, r=30, rotation=0)
    assert "guide" in error.message and "Heimatreiche" in error.rule
    check_refusal(error, HOME_RULE, ENGINE.legal(state, prompt.seat))
    guides = {tuple(map(tuple, g["cells"])) for g in prompt.info["guides"]}
    placed = [Guide(g) for g in guides]
    assert all(
        guide_of(Placement(c["tile"], c["rotation"], c["q"], c["r"]), placed).cells in guides for c in prompt.info["candidates"]
    )


# -- redo --------------------------------------------------------------------------------------


def test_when_no_guides_fit_the_tiles_are_taken_back_and_laid_again(monkeypatch):
    """p. 8 Spielplanaufbau 4: „In dem unwahrscheinlichen Fall, dass auch das nicht möglich ist, nehmen die
    Spieler ihre Spielplanteile zurück und wiederholen Schritt 3 des Spielplanaufbaus.“"""
    monkeypatch.setattr(map_module, "GUIDE_UNCOLOURED_EDGES", 99)  # no guide position qualifies
    events, chooser = [], random.Random(2)
    state = ENGINE.setup(RULEBOOK, 3, 2).state
    state = play(state, chooser, lambda s: any(e.kind == "map_redo" for e in events), events)
    redo = next(e for e in events if e.kind == "map_redo")
    assert redo.data["steps"] == [3] and redo.to is None
    prompt = state.prompts[0]
    assert state.board.placements == [] and prompt.kind == "place_tile"
    assert prompt.seat == state.board.first_player and len(prompt.info["tiles"]) == 2
    monkeypatch.undo()
    state = play(state, chooser, lambda s: not building(s), events)
    check_rulebook_build(state, events)


def test_when_a_home_realm_cannot_be_laid_steps_four_and_five_are_repeated(monkeypatch):
    """p. 8 Spielplanaufbau 5: „Falls das jemals vorkommen sollte, müssen alle Aufbauhilfen für Heimatreiche
    entfernt und die Schritte 4 und 5 des Spielplanaufbaus wiederholt werden.“ Ruling "map redo": after
    MAX_HOME_REDOS failures in a row the tiles are laid again."""
    monkeypatch.setattr(setup_map, "legal_home_placements", lambda *args: [])
    events, chooser = [], random.Random(4)
    state = ENGINE.setup(RULEBOOK, 2, 4).state

    def redos():
        return [e.data["steps"] for e in events if e.kind == "map_redo"]

    state = play(state, chooser, lambda s: len(redos()) == 1, events)
    tiles = sum(len(d) for d in state.board.setup_quests)
    assert redos() == [[4, 5]] and len(state.board.placements) == tiles
    assert state.prompts[0].kind == "place_guide" and top(state, MapBuild).guides == []
    state = play(state, chooser, lambda s: len(redos()) == MAX_HOME_REDOS, events)
    assert redos() == [[4, 5]] * (MAX_HOME_REDOS - 1) + [[3]]
    assert state.board.placements == [] and state.prompts[0].kind == "place_tile"


# -- what a UI gets ---------------------------------------------------------------------------


def test_views_number_the_candidates_as_legal_lists_them():
    """The renderer numbers legal candidates: view["setup_candidates"] and view["setup_guides"]."""
    state = until_prompt(2, 5, lambda s, p: p.kind == "place_tile" and s.board.placements)
    prompt = state.prompts[0]
    public, own = ENGINE.view(state, None), ENGINE.view(state, prompt.seat)
    candidates = public["setup_candidates"]
    assert candidates == own["setup_candidates"] == list(prompt.info["candidates"])
    assert [c["index"] for c in candidates] == list(range(1, len(candidates) + 1))
    legal = ENGINE.legal(state, prompt.seat)
    assert [a.args for a in legal] == [{k: c[k] for k in ("tile", "q", "r", "rotation")} for c in candidates]
    assert public["map"] == [{"tile": p.tile, "rotation": p.rotation, "q": p.q, "r": p.r} for p in state.board.placements]

    state = until_prompt(2, 5, lambda s, p: p.kind == "place_guide" and top(s, MapBuild).guides)
    view = ENGINE.view(state, None)
    assert view["setup_candidates"] == [] and len(view["setup_guides"]["placed"]) == 1
    assert [g["cells"] for g in view["setup_guides"]["candidates"]] == [
        a.args["cells"] for a in ENGINE.legal(state, state.prompts[0].seat)
    ]

    state = until_prompt(2, 5, lambda s, p: p.kind == "place_home")
    view = ENGINE.view(state, None)
    assert view["setup_candidates"] and all(
        1 <= c["guide"] <= len(view["setup_guides"]["placed"]) for c in view["setup_candidates"]
    )


def test_guide_candidates_lie_on_the_edge():
    """p. 8 Spielplanaufbau 4: „an den Rand des Spielplans“: both cells empty and next to the map."""
    state = until_prompt(3, 0, lambda s, p: p.kind == "place_guide")
    board = Board(PACK, state.board.placements)
    for candidate in state.prompts[0].info["candidates"]:
        cells = [tuple(c) for c in candidate["cells"]]
        assert distance(*cells) == 1 and all(c not in board.hexes and c in board.empty_rim() for c in cells)


def test_the_home_realm_prompt_offers_any_two_areas_on_the_guide_and_accepts_them():
    """p. 8 Spielplanaufbau 5: „… dass 2 Gebiete davon den vorherigen Platz der Aufbauhilfe einnehmen. Ein Heimatreich kann
    in beliebiger Orientierung angelegt werden.“ Ruling R33 (issue 20 item 4): not only the pack's guide_areas."""
    state = until_prompt(2, 3, lambda s, p: p.kind == "place_home")
    prompt = state.prompts[0]
    guides = [Guide(tuple(map(tuple, g["cells"]))) for g in prompt.info["guides"]]
    tile = PACK.tile(prompt.info["candidates"][0]["tile"])

    def covering(c):
        cells = {ph.area: ph.cell for ph in place(tile, Placement(c["tile"], c["rotation"], c["q"], c["r"]))}
        guide = next(g for g in guides if set(g.cells) <= set(cells.values()))
        return frozenset(a for a, cell in cells.items() if cell in guide.cells)

    pairs = {covering(c) for c in prompt.info["candidates"]}
    assert frozenset(tile.guide_areas) in pairs and len(pairs) > 1
    other = next(c for c in prompt.info["candidates"] if covering(c) != frozenset(tile.guide_areas))
    args = {k: other[k] for k in ("tile", "q", "r", "rotation")}
    done = ENGINE.apply(state, Action(prompt.seat, prompt.id, "home", args))
    assert [e.kind for e in done.events if e.kind == "home_placed"] == ["home_placed"]
    assert Placement(other["tile"], other["rotation"], other["q"], other["r"]) in done.state.board.placements
