"""Every rulebook fact the built-in pack encodes; each test names its page (German 1st edition)."""

from collections import Counter


def test_p4_component_counts(pack):
    """p. 4: 13 map tiles, 7 city tokens, 20 development tiles, 35 exploration tokens, 38 runes (21/17), 30 fate, 32 orders."""
    c = {k: v.count for k, v in pack.components.items()}
    assert c["map_tiles"] == len(pack.tiles) == 13
    assert c["city_tokens"] == len(pack.city_tokens) == 7
    assert c["development_tiles"] == sum(d.count for d in pack.developments) == 20
    assert c["exploration_tokens"] == sum(t.count for t in pack.exploration_tokens) == 35
    assert (pack.rune_tokens.dragon, pack.rune_tokens.false, pack.rune_tokens.total) == (21, 17, 38)
    assert c["fate_cards"] == len(pack.fate_cards) == 30
    assert c["order_cards"] == 32 and pack.components["order_cards"].per_faction == len(pack.orders) == 8
    for cid, n in {
        "quest_cards": 24,
        "hero_cards": 12,
        "reward_cards": 25,
        "tactics_cards": 50,
        "title_cards": 3,
        "season_cards": 32,
        "objective_cards_good": 8,
        "objective_cards_evil": 8,
        "activation_tokens": 16,
        "stronghold_tiles": 16,
        "influence_tokens": 40,
        "damage_tokens": 26,
        "training_tokens": 24,
        "setup_guides": 4,
        "resource_pointers": 12,
        "mountains": 10,
    }.items():
        assert c[cid] == n, cid
    assert all(comp.prov.source == "rulebook" and comp.prov.page == "4" for comp in pack.components.values())


def test_p4_faction_units_and_counts(pack):
    """p. 4: each faction's 36 figures: Humans 8/16/8/4, Elves 16/4/8/8, Undead 8/8/16/4, Uthuk 8/16/8/4."""
    want = {
        "humans": {"Bogenschützen": 8, "Infanteristen": 16, "Ritter": 8, "Belagerungsmaschinen": 4},
        "elves": {"Bogenschützen": 16, "Pegasusreiter": 4, "Zauberweberinnen": 8, "Krieger": 8},
        "undead": {"Skelett-Bogenschützen": 8, "Totenbeschwörer": 8, "Zombies": 16, "Dunkle Ritter": 4},
        "uthuk": {"Fleischfetzer": 8, "Berserker": 16, "Zauberer": 8, "Chaoslords": 4},
    }
    for fid, units in want.items():
        got = {u.name_de: u.figures for u in pack.units_of(fid)}
        assert got == units
        assert sum(got.values()) == 36
        assert all(u.prov.source == "rulebook" for u in pack.units_of(fid))


def test_p4_neutral_units_36_ruling_r1(pack):
    """p. 4: 36 neutral figures (ruling R1: the printed list sums to 40; Hellhounds are 4)."""
    got = {u.name_de: u.figures for u in pack.units_of("neutral")}
    assert got == {"Tiermenschen": 8, "Drachen": 4, "Riesen": 4, "Höllenhunde": 4, "Rasierklingenflügler": 8, "Hexenmeister": 8}
    assert sum(got.values()) == pack.components["neutral_units"].count == 36


def test_p14_p33_to_36_order_cards(pack):
    """pp. 14, 33-36: 8 orders numbered 1-8 with main and bonus effects; Fortify (8) has no bonus."""
    names = [(o.number, o.name_de) for o in pack.orders]
    assert names == [
        (1, "Strategie"),
        (2, "Mobilisierung"),
        (3, "Eroberung"),
        (4, "Ernte"),
        (5, "Rekrutierung"),
        (6, "Unterstützung"),
        (7, "Machtgewinn"),
        (8, "Festung"),
    ]
    assert all(o.main for o in pack.orders)
    assert [o.number for o in pack.orders if o.bonus] == [1, 2, 3, 4, 5, 6, 7]
    assert "second time" in pack.order(2).bonus
    assert "reduced by 3" in pack.order(3).bonus
    assert "Heroes cannot move" in pack.order(2).main and "Heroes cannot move" in pack.order(3).main


def test_p35_human_dial_fields(pack):
    """p. 35: Human wood 1 and 3 give an Archer, ore 2 a Knight, ore 4 a Siege Engine."""
    h = pack.faction("humans")
    wood = {f.value: f.unit for f in h.dials["wood"].fields}
    ore = {f.value: f.unit for f in h.dials["ore"].fields}
    assert wood[1] == wood[3] == "human_archer"
    assert wood[2] is None  # "other fields give no units"
    assert ore[2] == "human_knight" and ore[4] == "human_siege_engine"
    assert h.dials["wood"].prov.source == h.dials["ore"].prov.source == "rulebook"


def test_p35_recruit_example_reproduces(pack):
    """p. 35: wood recruits exactly 2 Archers, the ore bonus 1 Knight + 1 Siege Engine; 9 units -> 1 eliminated."""
    h = pack.faction("humans")
    wood_level = next(v for v in range(3, 9) if h.dials["wood"].units_at(v) == {"human_archer": 2})
    assert wood_level >= 3
    assert h.dials["ore"].units_at(4) == {"human_knight": 1, "human_siege_engine": 1}
    in_area = 3 + 2 + 2 + 2  # 3 Archers + 2 Infantry there, + 2 Archers, + Knight + Siege Engine
    assert in_area - pack.constant("unit_limit_per_area") == 1


def test_p17_knights_are_fast(pack):
    """p. 17: Knights are fast (3 areas with Mobilize/Conquer instead of 2)."""
    assert pack.unit("human_knight").fast is True
    assert pack.constant("move_fast") == 3 and pack.constant("move_normal") == 2


def test_p23_24_battle_example_units(pack):
    """pp. 23-24: Elf Archers triangle row 1 (1 damage to a unit of choice); Pegasus Riders row 2, 3 health;
    Flesh Rippers rectangle row 1, 1 health; Berserkers and Beastmen row 2, 1 health."""
    a = pack.unit("elf_archer")
    assert (a.shape, a.row) == ("triangle", 1) and "1 damage to an enemy unit of your choice" in a.ability
    p = pack.unit("elf_pegasus_rider")
    assert (p.row, p.health) == (2, 3) and p.shape != "triangle"  # 2 cards dealt 3 damage
    f = pack.unit("uthuk_flesh_ripper")
    assert (f.shape, f.row, f.health) == ("rectangle", 1, 1)
    b = pack.unit("uthuk_berserker")
    assert (b.row, b.health) == (2, 1)
    m = pack.unit("beastman")
    assert (m.row, m.health) == (2, 1)


def test_p23_24_battle_example_replays(pack):
    """pp. 23-24: replaying the damage of the example gives strength Elves 2, Uthuk 3 (Uthuk wins)."""
    hp = {"elf_pegasus_rider": pack.unit("elf_pegasus_rider").health}
    # Pegasus Rider: 1 damage in row 1 survives, 1 more in row 2 survives, the 3rd eliminates it.
    assert 1 < hp["elf_pegasus_rider"] and 2 < hp["elf_pegasus_rider"] and 3 >= hp["elf_pegasus_rider"]
    # Flesh Ripper dies of 1 damage; Berserkers and a Beastman die of 1 damage each.
    assert pack.unit("uthuk_flesh_ripper").health == 1
    elves = 3 - 1  # Archers standing (1 routed); both Pegasus gone (1 routed, 1 eliminated)
    uthuk = (2 - 1) + (3 - 1)  # Flesh Rippers + Beastmen
    assert (elves, uthuk) == (2, 3)


def test_p21_fate_card_example_and_anatomy(pack):
    """p. 21: a fate card has a symbol, 4 shape sections and a unique number; the example card
    (triangle special, rectangle rout 1, hexagon damage 2, circle blank) is in the deck."""
    assert sorted(c.number for c in pack.fate_cards) == list(range(1, 31))
    codes = {(c.triangle.code, c.rectangle.code, c.hexagon.code, c.circle.code) for c in pack.fate_cards}
    assert ("S", "R1", "D2", "-") in codes
    assert set(pack.fate_symbols) == {"gold", "silver", "red"}
    assert {s.diplomacy for s in pack.fate_symbols.values()} == {"ally", "neutrals_retreat", "battle_or_retreat"}


def test_p19_fate_deck_shape_statistics(pack):
    """p. 19: 40 % of triangle attacks miss and deal at most 1 damage; circle specials twice as often;
    rectangles usually up to 2 damage; hexagons up to 3; hexagon > rectangle > triangle success."""
    cards = pack.fate_cards
    tri = [c.triangle for c in cards]
    assert sum(s.kind == "blank" for s in tri) * 100 // len(cards) == pack.constant("triangle_miss_percent") == 40
    assert max(s.n for s in tri if s.kind == "damage") == 1
    spec = {sh: sum(c.section(sh).kind == "special" for c in cards) for sh in ("triangle", "circle")}
    assert spec["circle"] == 2 * spec["triangle"]
    assert max(c.rectangle.n for c in cards if c.rectangle.kind == "damage") == 2
    assert max(c.hexagon.n for c in cards if c.hexagon.kind == "damage") == 3
    hits = {sh: sum(c.section(sh).kind != "blank" for c in cards) for sh in ("triangle", "rectangle", "hexagon")}
    assert hits["hexagon"] > hits["rectangle"] > hits["triangle"]
    assert all(c.prov.source == "public" and c.prov.origin for c in cards)


def test_p19_dragon_kills_three_triangles(pack):
    """p. 19: the Dragon's ability kills 3 triangle units."""
    assert "3 enemy triangle units" in pack.unit("dragon").ability


def test_p33_stronghold_strength_5_and_conquer_minus_3(pack):
    """p. 33 / p. 36: undamaged stronghold strength 5; Conquer bonus -3."""
    assert pack.constant("stronghold_strength") == 5
    assert pack.constant("conquer_stronghold_malus") == 3
    for f in pack.factions.values():
        assert f.stronghold_strength == 5
        assert 0 <= f.stronghold_damaged_strength < 5


def test_p33_development_effects(pack):
    """p. 33: Rohstoffe +1 dial, Diplomatie +2 influence, Trainingsplatz +1 tactics card, via the Harvest bonus."""
    for d in pack.developments:
        if d.kind != "defence":
            assert d.timing == "harvest_bonus"
            assert (d.effect, d.amount) == {
                "resources": ("dial_plus", 1),
                "diplomacy": ("influence", 2),
                "training": ("tactics", 1),
            }[d.kind]
            assert d.name_de in ("Rohstoffe", "Diplomatie", "Trainingsplatz")


def test_p33_defensive_developments(pack):
    """p. 33: Undead rout 3 (discard), Uthuk 4 damage (discard), Elves retreat 1 (stays), Humans +2 strength (stays)."""
    want = {
        "undead": ("Verfluchte Grabstätte", "enemy_rout", 3, True),
        "uthuk": ("Gieriger Ableger", "enemy_damage", 4, True),
        "elves": ("Schutzgebiet", "enemy_retreat", 1, False),
        "humans": ("Verstärkungswall", "strength", 2, False),
    }
    for fid, (name, effect, amount, discard) in want.items():
        f = pack.faction(fid)
        d = next(x for x in pack.developments if x.id == f.defence_development)
        assert (d.name_de, d.effect, d.amount, d.discard_on_use, d.kind) == (name, effect, amount, discard, "defence")


def test_p34_p16_p26_named_area_ids(pack):
    """pp. 16, 26, 34: the areas 1B, 3A, 6A, 7A exist; 7A holds neutrals, 6A has a mountain border,
    1B is a non-home area where a stronghold can stand (no city)."""
    areas = pack.areas
    for a in ("1B", "3A", "6A", "7A"):
        assert a in areas
    assert areas["7A"].neutrals
    assert "mountain" in areas["6A"].borders.values()
    assert not areas["1B"].city and not pack.tile_of_area("1B").is_home


def test_p37_exploration_tokens(pack):
    """p. 37: the 10 token types with their kinds and effects; backs '1' and '2'."""
    kinds = {}
    for t in pack.exploration_tokens:
        kinds.setdefault(t.name_de, set()).add(t.kind)
    assert kinds == {
        "Drachenthron": {"destructible_location"},
        "Dorf": {"destructible_location"},
        "Magisches Portal": {"destructible_location"},
        "Verließ": {"location"},
        "Tempel": {"location"},
        "Halle des Kellos": {"location"},
        "Fahrender Händler": {"event"},
        "Räuberbande": {"event"},
        "Rolle der Erkenntnis": {"event"},
        "Training": {"event"},
    }
    assert {t.resource for t in pack.exploration_tokens if t.name_de == "Dorf"} == {"food", "wood", "ore"}
    assert pack.constant("destructible_min_units") == 6
    assert pack.constant("magic_portal_cost") == 1 and pack.constant("traveling_merchant_cost") == 3
    assert pack.constant("temple_influence") == 2 and pack.constant("hall_of_kellos_tactics") == 1
    assert all(t.back_1 >= 0 and t.back_2 >= 0 and t.count >= 1 for t in pack.exploration_tokens)


def test_p37_epic_variant_constants(pack):
    """p. 37: epic variant: 7 rune areas win, 8 years, 1 starting dragon rune, no false runes, runes face up."""
    assert pack.constant("epic_runes_to_win") == 7
    assert pack.constant("epic_years") == 8
    assert pack.constant("epic_starting_dragon_runes") == 1
    assert pack.constant("epic_starting_false_runes") == 0
    assert pack.constant("epic_false_runes_used") is False
    assert pack.constant("epic_runes_face_up") is True


def test_p8_p30_core_constants(pack):
    """pp. 8, 16, 28, 30, 40: 6 runes to win, 6 years, 8 units per area, 2+1 starting runes, duel 4 rounds, limits."""
    c = pack.constant
    assert (c("runes_to_win"), c("years"), c("unit_limit_per_area")) == (6, 6, 8)
    assert (c("starting_dragon_runes"), c("starting_false_runes")) == (2, 1)
    assert (c("duel_rounds"), c("battle_rows")) == (4, 5)
    assert (c("hero_limit"), c("quest_hand_limit"), c("tactics_hand_limit"), c("objective_limit")) == (3, 3, 10, 1)
    assert (c("diplomacy_influence_min"), c("diplomacy_influence_max")) == (1, 6)
    assert (c("build_stronghold_wood"), c("build_stronghold_ore"), c("repair_stronghold_ore")) == (1, 1, 1)


def test_p28_29_named_cards_of_the_duel_example(pack):
    """pp. 18, 28-29: Carthos der Verrückte („dem verteidigenden Helden 1 Schaden zuzufügen“ „zu Beginn eines
    Duells“, Strength 2), Silhouette, Klinge der Wut („Schaden in Höhe der Stärke seines Helden“), Runenpanzer
    (a „Rüstung“ that wards off a damage), Versteckter Pass (tactics) and the 3 titles: complete rulebook cards."""
    heroes = {h.id: h for h in pack.cards["hero"]}
    carthos = heroes["carthos_der_verrueckte"]
    assert "1 damage" in carthos.text and carthos.attrs["strength"] == 2
    assert carthos.attrs["when"] == "attack_start" and carthos.attrs["effects"] == [{"do": "duel_damage", "amount": 1}]
    assert "silhouette" in heroes
    rewards = {r.id: r for r in pack.cards["reward"]}
    assert "Strength" in rewards["klinge_der_wut"].text
    assert rewards["klinge_der_wut"].attrs["effects"] == [{"do": "duel_damage", "trait": "strength"}]
    assert rewards["runenpanzer"].attrs["trait"] == "armor" and rewards["runenpanzer"].attrs["effects"][0]["do"] == "duel_prevent"
    tactics = {t.id: t for t in pack.cards["tactics_card"]}
    assert tactics["versteckter_pass"].name_de == "Versteckter Pass"
    assert {t.name_de for t in pack.cards["title"]} == {
        "Primarch des Rates der Magier",
        "Kapitän der Heldenliga",
        "Oberhaupt der Kriegergilde",
    }
    named = [
        heroes["carthos_der_verrueckte"],
        heroes["silhouette"],
        rewards["klinge_der_wut"],
        rewards["runenpanzer"],
        tactics["versteckter_pass"],
        *pack.cards["title"],
    ]
    assert all(not c.partial and c.prov.source == "rulebook" for c in named)


def test_p15_home_realm_has_3_areas_and_p8_setup_quests(pack):
    """p. 15: a home realm is 3 areas; p. 8: 2 setup quests per player need 8 distinct non-home tiles."""
    assert len(pack.home_tiles) == 4 and all(len(t.hexes) == 3 for t in pack.home_tiles)
    tiles = [q.tile for q in pack.setup_quests]
    assert len(tiles) == len(set(tiles)) >= 2 * pack.constant("players_max")


def test_public_alignment_good_and_evil(pack):
    """Digest §13.1 / p. 20: Humans and Elves are good, Undead and Uthuk evil (printed on the sheets)."""
    assert {f.id: f.alignment for f in pack.factions.values()} == {
        "humans": "good",
        "elves": "good",
        "undead": "evil",
        "uthuk": "evil",
    }


def test_fate_deck_matches_public_file(pack):
    """The fate deck is the public file, card for card."""
    import json
    from pathlib import Path

    src = Path(__file__).resolve().parents[2].parent / "shared/data/runewars/fate_deck.json"
    if not src.exists():
        import pytest

        pytest.skip("shared data not available")
    data = json.loads(src.read_text())
    for raw, card in zip(data["cards"], pack.fate_cards):
        assert raw["number"] == card.number and raw["destiny"] == card.symbol
        for sh in ("triangle", "circle", "rectangle", "hexagon"):
            sec = card.section(sh)
            assert (None if sec.kind == "blank" else (sec.kind, sec.n)) == (
                None if raw[sh] is None else (raw[sh]["kind"], raw[sh]["n"])
            )
    assert Counter(c.symbol for c in pack.fate_cards) == {"red": 18, "silver": 8, "gold": 4}


def test_p19_p25_heroes_duel_as_circles(pack):
    """pp. 19, 25: heroes count as circle units in duels."""
    assert pack.constant("hero_duel_shape") == "circle"
