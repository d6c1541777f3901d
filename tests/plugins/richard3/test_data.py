"""Richard III data: the component data checked through the loaders (data_model).

In order: the counts of map features, blocks and cards; the facts the rulebook states, one test
each; the 1460 deployment and the three scenarios; the provenance of every record; and the
validation, where every kind of bad record must raise a DataError naming the file, the section
and the record.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from importlib import resources

import attrs
import networkx as nx
import pytest

from banneret.data import load_records, structure
from banneret.errors import DataError
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_richard3.data_model import (
    DATA_PACKAGE,
    DEFAULT_SCENARIO,
    Block,
    Card,
    ScenarioRecord,
    Setup,
    build_map,
    build_setup,
    load_blocks,
    load_cards,
    load_map,
    load_scenarios,
    load_setup,
    validate_blocks,
    validate_cards,
)

MAP = load_map()
BLOCKS = load_blocks()
CARDS = load_cards()
SCENARIOS = load_scenarios()
SETUP = load_setup()
RECORDS = {r.id: r for r in load_records(DATA_PACKAGE, "scenarios.json", ScenarioRecord, key="id")}

NOT_IN_PLAY = ("offmap", "dead")
"""Scenario locations of a block that is not in the game (pool and minor blocks are)."""


def living_heirs(setup: Setup, house: str) -> list[str]:
    """The house's heirs not dead at the start, senior first."""
    return [h for h in setup.succession[house] if setup.locations[h] != "dead"]


def king_block(setup: Setup) -> str:
    """The King: the senior heir of the King's house who is of age and in play."""
    return next(h for h in setup.succession[setup.king] if setup.locations[h] not in ("minor", *NOT_IN_PLAY))


# ---------------------------------------------------------------------------- counts


def test_33_areas_29_on_the_map_and_4_in_exile():
    assert len(MAP.areas) == 33
    on_map = [a for a in MAP.areas.values() if not a.is_exile]
    assert len(on_map) == 29 and "isle_of_man" in {a.id for a in on_map}
    assert MAP.exiles_of("lancaster") == ["france", "scotland"]
    assert MAP.exiles_of("york") == ["calais", "ireland"]


def test_3_seas():
    assert set(MAP.seas) == {"north_sea", "english_channel", "irish_sea"}


def test_62_land_borders_24_yellow_26_blue_12_red():
    assert len(MAP.borders) == MAP.graph.number_of_edges() == 62
    assert Counter(b.colour for b in MAP.borders) == {"yellow": 24, "blue": 26, "red": 12}


def test_11_crown_areas():
    assert sum(a.crown for a in MAP.areas.values()) == 11


def test_14_major_ports():
    assert sum(a.major_port for a in MAP.areas.values()) == 14


def test_7_cities_2_cathedrals():
    assert len(MAP.cities) == 7
    assert {c.id: c.area for c in MAP.cathedrals.values()} == {"canterbury": "kent", "york": "south_yorks"}


def test_4_welsh_areas_none_of_them_exile():
    wales = [a for a in MAP.areas.values() if a.region == "wales"]
    assert sorted(a.id for a in wales) == ["caernarvon", "glamorgan", "pembroke", "powys"]
    assert not any(a.exile_of for a in wales)


def test_63_blocks_31_lancaster_31_york_1_rebel():
    assert len(BLOCKS) == 63
    assert Counter(b.house for b in BLOCKS.values()) == {"lancaster": 31, "york": 31, "rebel": 1}


def test_25_cards_19_actions_and_6_events_with_their_ap():
    assert len(CARDS) == 25
    assert Counter(c.ap for c in CARDS if c.kind == "action") == {2: 6, 3: 7, 4: 6}
    assert {c.name: c.ap for c in CARDS if c.kind == "event"} == {
        "Force March": 1, "Muster": 0, "Piracy": 2, "Plague": 0, "Surprise": 1, "Treason": 1,
    }


# ---------------------------------------------------------------------------- map facts of the rulebook


def test_seven_cities_four_lancastrian_three_yorkist():
    """2.4: red names favour Lancaster, white names York."""
    houses = {c.name: c.house for c in MAP.cities.values()}
    assert sorted(n for n, h in houses.items() if h == "lancaster") == ["Bristol", "Coventry", "Newcastle", "York"]
    assert sorted(n for n, h in houses.items() if h == "york") == ["London", "Norwich", "Salisbury"]


def test_london_is_in_middlesex_and_norwich_in_east_anglia():
    """5.3 sidebar and 8.2 (London), recruitment sidebar (Norwich)."""
    assert MAP.cities_in("middlesex") == ["london"]
    assert MAP.cities_in("east_anglia") == ["norwich"]


def test_york_has_three_royal_shields_any_heir_may_use():
    york = [s for s in MAP.royal_shields.values() if s.house == "york"]
    assert len(york) == 3 and all(s.heir is None for s in york)


def test_lancaster_has_five_royal_shields_three_of_them_an_heirs_own():
    """2.2: two generic, and Exeter's (Cornwall), Somerset's (Dorset), Richmond's (Pembroke)."""
    lancaster = [s for s in MAP.royal_shields.values() if s.house == "lancaster"]
    assert len(lancaster) == 5
    assert sum(s.heir is None for s in lancaster) == 2
    assert {s.heir: s.area for s in lancaster if s.heir} == {
        "exeter_l": "cornwall", "somerset": "dorset", "richmond": "pembroke",
    }


def test_middlesex_oxford_border_is_yellow():
    """5.21 example: four of five blocks cross directly, so the border is yellow (limit 4)."""
    assert MAP.border_colour("middlesex", "oxford") == "yellow"


def test_the_fifth_block_goes_to_oxford_via_leicester_or_sussex():
    """5.21 example: both detours are two land moves without a red border."""
    for via in ("leicester", "sussex"):
        assert MAP.border_colour("middlesex", via) not in (None, "red")
        assert MAP.border_colour(via, "oxford") is not None


def test_no_sea_moves_at_hereford_gloucester_south_yorks_but_london_is_a_port():
    """5.2 sidebar and 5.3."""
    for area in ("hereford", "gloucester", "south_yorks"):
        assert MAP.area(area).seas == () and not MAP.area(area).major_port, area
    assert MAP.area("middlesex").coastal


def test_the_non_adjacent_pairs_the_rules_name():
    """5.2 sidebar: Glamorgan-Somerset, East Yorks-Lincoln and Kent-Essex only by sea."""
    pairs = {("glamorgan", "somerset"), ("east_yorks", "lincoln"), ("kent", "essex")}
    assert {(p.a, p.b) for p in MAP.non_adjacent} == pairs
    for a, b in pairs:
        assert not MAP.board.adjacent(a, b), (a, b)


def test_glamorgan_marches_to_somerset_by_hereford_and_gloucester():
    """5.2 sidebar: the land route the rules give, which is also the shortest."""
    route = ["glamorgan", "hereford", "gloucester", "somerset"]
    assert all(MAP.board.adjacent(a, b) for a, b in itertools.pairwise(route))
    assert nx.shortest_path_length(MAP.graph, "glamorgan", "somerset") == 3


def test_gloucester_oxford_is_a_border_that_does_not_stop_a_march():
    """S17's march Gloucester-Oxford-Sussex needs a border there that is not red (M4)."""
    assert MAP.border_colour("gloucester", "oxford") == "yellow"


def test_leicester_and_lincoln_are_one_move_from_east_anglia():
    """A move of two areas reaches both (M7), through Rutland, never red on the way."""
    for target in ("leicester", "lincoln"):
        assert not MAP.board.adjacent("east_anglia", target)
        assert MAP.border_colour("east_anglia", "rutland") != "red"
        assert MAP.border_colour("rutland", target) not in (None, "red")


def test_kent_sussex_is_yellow_and_wilts_one_move_from_sussex():
    """The battle example's approach (M11)."""
    assert MAP.border_colour("kent", "sussex") == "yellow"
    assert MAP.border_colour("wilts", "sussex") == "yellow"


def test_only_the_named_areas_touch_two_seas():
    """Kent, Cornwall, Scotland, Calais and France each touch two seas; every other coast one (M18)."""
    two = sorted(a.id for a in MAP.areas.values() if len(a.seas) == 2)
    assert two == ["calais", "cornwall", "france", "kent", "scotland"]
    assert all(len(a.seas) <= 2 for a in MAP.areas.values())


def test_each_exile_mercenary_is_at_home_in_its_exile():
    """6.84: a mercenary's home is the exile area it returns to (the Welsh has none: the pool)."""
    homes = {b.id: b.home for b in BLOCKS.values() if b.type == "mercenary"}
    assert homes == {
        "french_mercenary": "france", "scots_mercenary": "scotland", "welsh_mercenary": None,
        "irish_mercenary": "ireland", "calais_mercenary": "calais", "burgundian_mercenary": "calais",
    }


def test_east_anglia_to_rutland_is_a_river_with_a_way_round_by_essex():
    """5.2 sidebar: a blue border to Rutland, three more blocks reach it through Essex."""
    assert MAP.border_colour("east_anglia", "rutland") == "blue"
    assert MAP.border_colour("east_anglia", "essex") not in (None, "red")
    assert MAP.border_colour("essex", "rutland") in ("yellow", "blue")


def test_oxford_sussex_is_a_river():
    """6.3 example 2: the Oxford/Sussex river border."""
    assert MAP.border_colour("oxford", "sussex") == "blue"


def test_chester_borders_derby_and_warwick():
    """5.22 pinning example: three blocks attack Chester from Derby, one from Warwick."""
    assert MAP.border_colour("chester", "derby") in ("yellow", "blue")
    assert MAP.border_colour("chester", "warwick") is not None


def test_the_seas_of_the_areas_the_rules_name():
    """2.81 and 5.3: Kent, Cornwall and Scotland separate two seas; the exiles' seas."""
    expected = {
        "kent": {"north_sea", "english_channel"},
        "cornwall": {"english_channel", "irish_sea"},
        "scotland": {"north_sea", "irish_sea"},
        "calais": {"english_channel", "north_sea"},
        "france": {"english_channel", "irish_sea"},
        "ireland": {"irish_sea"},
    }
    assert {area: set(MAP.area(area).seas) for area in expected} == expected


def test_scotland_is_the_only_exile_reached_by_land():
    """2.7 sidebar and 2.72: only Lancaster's Scotland borders England."""
    assert [a for a in sorted(MAP.exiles_of("lancaster") + MAP.exiles_of("york")) if MAP.board.neighbours(a)] == [
        "scotland"
    ]
    assert all(MAP.area(n).region == "england" for n in MAP.board.neighbours("scotland"))


def test_isle_of_man_is_reached_by_sea_and_holds_a_stanley_shield():
    """2.82: one of Lord Stanley's two shields; Wight and Anglesey are not in the game."""
    assert MAP.board.neighbours("isle_of_man") == [] and MAP.area("isle_of_man").coastal
    for block in ("stanley_l", "stanley_y"):
        assert len(BLOCKS[block].shields) == 2 and "isle_of_man" in BLOCKS[block].shields
    assert set(MAP.unused_islands) == {"isle_of_wight", "anglesey"}
    assert not set(MAP.unused_islands) & set(MAP.graph.nodes)


def test_recruitment_sidebar_shields_and_cities():
    """5.4 sidebar: Northumberland's area has his shield and Newcastle; East Anglia has
    Norfolk's and Suffolk's shields and Norwich."""
    area = MAP.cities["newcastle"].area
    assert area in BLOCKS["northumberland_l"].shields
    assert {"norfolk", "suffolk"} <= {b.id for b in BLOCKS.values() if "east_anglia" in b.shields}


# ---------------------------------------------------------------------------- block facts of the rulebook


def test_rivers_is_loyalty_1_as_lancastrian_and_2_as_yorkist():
    """3.13: a block can have a different loyalty for each side."""
    assert (BLOCKS["rivers_l"].loyalty, BLOCKS["rivers_y"].loyalty) == (1, 2)


def test_exeter_is_printed_a1_and_so_defends_cornwall_at_a3():
    """2.3 example (erratum: printed A1): his own shield and the crown in Cornwall add one each."""
    exeter = BLOCKS["exeter_l"]
    assert exeter.combat == "A1"
    assert "cornwall" in exeter.shields and MAP.area("cornwall").crown
    assert MAP.royal_shields["lancaster_exeter"].area == "cornwall"


def test_battle_example_ratings():
    """6.2 sidebar: Herbert A2, Clarence B2 and Rivers B2."""
    assert BLOCKS["herbert"].combat == "A2"
    assert BLOCKS["clarence_y"].combat == BLOCKS["rivers_l"].combat == "B2"


def test_the_13_two_version_identities():
    """4.4: each exists once per house, the two versions pointing at each other."""
    pairs: dict[str, list[Block]] = {}
    for b in BLOCKS.values():
        if b.counterpart:
            pairs.setdefault(b.identity, []).append(b)
    assert set(pairs) == {
        "canterbury_church", "york_church", "clarence", "exeter", "warwick", "salisbury", "kent",
        "buckingham", "northumberland", "shrewsbury", "westmoreland", "rivers", "stanley",
    }
    for identity, (a, b) in pairs.items():
        assert {a.house, b.house} == {"lancaster", "york"}, identity
        assert (a.counterpart, b.counterpart) == (b.id, a.id), identity


def test_order_of_succession():
    """3.21 and 4.5: five heirs per house, Prince Edward Lancaster's second."""
    assert SETUP.succession == {
        "lancaster": ("henry_vi", "prince_edward", "exeter_l", "somerset", "richmond"),
        "york": ("duke_of_york", "march", "rutland", "clarence_y", "gloucester"),
    }


def test_only_bombards_print_a_d_rating():
    """6.2: the Bombard fights A3 in round 1 and D3 later; the block prints D3."""
    assert {b.id for b in BLOCKS.values() if b.initiative == "D"} == {"lancaster_bombard", "york_bombard"}
    assert all(b.combat == "D3" for b in BLOCKS.values() if b.type == "bombard")


def test_levies_belong_to_the_house_of_their_city():
    """3.24: one levy per city of the house's colour."""
    levies = {b.city: b.house for b in BLOCKS.values() if b.type == "levy"}
    assert levies == {c.id: c.house for c in MAP.cities.values()}


# ---------------------------------------------------------------------------- the 1460 deployment (4.3-4.6)

LANCASTER_1460 = {
    "henry_vi": "middlesex", "somerset": "dorset", "exeter_l": "cornwall", "devon": "cornwall",
    "pembroke": "pembroke", "wiltshire": "wilts", "oxford": "essex", "beaumont": "lincoln",
    "clifford": "north_yorks", "french_mercenary": "france", "scots_mercenary": "scotland",
    "buckingham_l": "pool", "northumberland_l": "pool", "shrewsbury_l": "pool", "westmoreland_l": "pool",
    "rivers_l": "pool", "stanley_l": "pool", "bristol_levy": "pool", "coventry_levy": "pool",
    "newcastle_levy": "pool", "york_levy": "pool", "york_church_l": "pool", "lancaster_bombard": "pool",
    "welsh_mercenary": "pool",
    "prince_edward": "minor", "richmond": "minor",
    "canterbury_church_l": "offmap", "clarence_l": "offmap", "warwick_l": "offmap", "salisbury_l": "offmap",
    "kent_l": "offmap",
}
YORK_1460 = {
    "duke_of_york": "ireland", "rutland": "ireland", "irish_mercenary": "ireland",
    "march": "calais", "warwick_y": "calais", "salisbury_y": "calais", "kent_y": "calais",
    "calais_mercenary": "calais", "burgundian_mercenary": "calais",
    "norfolk": "pool", "suffolk": "pool", "arundel": "pool", "essex": "pool", "worcester": "pool",
    "hastings": "pool", "herbert": "pool", "canterbury_church_y": "pool", "london_levy": "pool",
    "norwich_levy": "pool", "salisbury_levy": "pool", "york_bombard": "pool", "rebel": "pool",
    "clarence_y": "minor", "gloucester": "minor",
    "exeter_y": "offmap", "buckingham_y": "offmap", "northumberland_y": "offmap", "westmoreland_y": "offmap",
    "shrewsbury_y": "offmap", "rivers_y": "offmap", "stanley_y": "offmap", "york_church_y": "offmap",
}


def test_the_1460_table_lists_each_block_once():
    assert (len(LANCASTER_1460), len(YORK_1460)) == (31, 32)
    assert set(LANCASTER_1460) | set(YORK_1460) == set(BLOCKS)


@pytest.mark.parametrize(("block", "start"), sorted({**LANCASTER_1460, **YORK_1460}.items()))
def test_1460_deployment_block_by_block(block, start):
    assert SETUP.locations[block] == start


def test_1460_pools_minors_and_enemy_versions_per_house():
    """4.2-4.6: the Rebel waits in the Pretender's (York's) pool."""
    for house, table in (("lancaster", LANCASTER_1460), ("york", YORK_1460)):
        for place, found in (("pool", SETUP.pools), ("minor", SETUP.minors), ("offmap", SETUP.offmap)):
            assert set(found[house]) == {b for b, where in table.items() if where == place}, (house, place)
    assert SETUP.pretender == "york" and "rebel" in SETUP.pools["york"]


def test_1460_exiles_start_at_their_limits():
    """4.4 observations: Ireland holds 2 non-mercenary blocks, Calais 4."""
    non_mercenary = {a: [b for b in SETUP.on_map[a] if BLOCKS[b].type != "mercenary"] for a in ("ireland", "calais")}
    assert {a: len(bs) for a, bs in non_mercenary.items()} == {"ireland": 2, "calais": 4}


# ---------------------------------------------------------------------------- the three scenarios


def test_three_scenarios_the_1460_game_first():
    assert list(SCENARIOS) == ["wars-of-the-roses", "kingmaker", "richard-iii"]
    assert DEFAULT_SCENARIO == "wars-of-the-roses" and load_setup() is SCENARIOS[DEFAULT_SCENARIO]
    with pytest.raises(KeyError, match="unknown Richard III scenario 'bosworth'"):
        load_setup("bosworth")


@pytest.mark.parametrize(
    ("scenario", "year", "campaigns", "king", "king_id", "prisoner"),
    [
        ("wars-of-the-roses", 1460, (1, 3), "lancaster", "henry_vi", False),
        ("kingmaker", 1470, (2, 2), "york", "march", True),
        ("richard-iii", 1483, (3, 3), "york", "gloucester", False),
    ],
)
def test_scenario_campaigns_and_king(scenario, year, campaigns, king, king_id, prisoner):
    setup = SCENARIOS[scenario]
    assert (setup.year, (setup.first_campaign, setup.last_campaign)) == (year, campaigns)
    assert (setup.king, king_block(setup), setup.henry_vi_prisoner) == (king, king_id, prisoner)
    assert setup.pretender != setup.king


def test_kingmaker_henry_vi_is_held_in_london():
    setup = SCENARIOS["kingmaker"]
    assert setup.locations["henry_vi"] == MAP.cities["london"].area
    assert living_heirs(setup, "lancaster")[0] == "henry_vi"


def test_richard_iii_richmond_is_the_only_living_lancaster_heir():
    setup = SCENARIOS["richard-iii"]
    assert living_heirs(setup, "lancaster") == ["richmond"]
    assert living_heirs(setup, "york") == ["gloucester"]


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_block_has_exactly_one_location(scenario):
    setup = SCENARIOS[scenario]
    assert set(setup.locations) == set(BLOCKS)
    listed = [b for blocks in setup.on_map.values() for b in blocks]
    for found in (setup.pools, setup.minors, setup.offmap):
        listed += [b for blocks in found.values() for b in blocks]
    listed += [b for b, where in setup.locations.items() if where == "dead"]
    assert sorted(listed) == sorted(BLOCKS)
    for area, blocks in setup.on_map.items():
        assert all(setup.locations[b] == area for b in blocks)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_at_most_one_version_of_a_two_version_block_in_play(scenario):
    locations = SCENARIOS[scenario].locations
    for b in BLOCKS.values():
        if b.counterpart:
            in_play = [v for v in (b.id, b.counterpart) if locations[v] not in NOT_IN_PLAY]
            assert len(in_play) <= 1, (scenario, in_play)
            if locations[b.id] == "offmap":
                assert in_play == [b.counterpart], (scenario, b.id)


# ---------------------------------------------------------------------------- provenance


def test_every_record_is_component_or_rulebook_data():
    """Map, blocks, cards and scenarios are read off the components; the rulebook alone names
    the non-adjacent pairs and the unused islands. Nothing is invented."""
    component = itertools.chain(
        MAP.seas.values(), MAP.areas.values(), MAP.cities.values(), MAP.cathedrals.values(),
        MAP.royal_shields.values(), MAP.borders, BLOCKS.values(), CARDS, RECORDS.values(),
    )
    rulebook = itertools.chain(MAP.non_adjacent, MAP.unused_islands.values())
    for expected, records in (("component", component), ("rulebook", rulebook)):
        for record in records:
            assert record.source == expected and not record.invented, record


# ---------------------------------------------------------------------------- loading is shared and frozen


def test_loaders_share_one_frozen_copy():
    assert load_map() is MAP and load_blocks() is BLOCKS and load_cards() is CARDS and load_scenarios() is SCENARIOS
    assert nx.is_frozen(MAP.graph)
    assert MAP.graph.nodes["middlesex"]["cities"] == ("london",)
    assert MAP.graph.edges["middlesex", "oxford"] == {"colour": "yellow"}
    with pytest.raises(KeyError, match="unknown area 'atlantis'"):
        MAP.area("atlantis")


# ---------------------------------------------------------------------------- corrupted data


def raw(filename: str):
    """A fresh parsed copy of a data file, to corrupt."""
    return json.loads(resources.files(DATA_PACKAGE).joinpath(filename).read_text(encoding="utf-8"))


def block_record(block_id: str) -> dict:
    return next(r for r in raw("blocks.json") if r["id"] == block_id)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"house": "tudor"}, "house"),
        ({"loyalty": "two"}, "loyalty"),
        ({"colour": "red"}, "extra fields found \\(colour\\)"),
        ({"max_strength": "four"}, "max_strength"),
    ],
)
def test_structure_refuses_a_bad_block_and_names_it(change, message):
    record = block_record("rivers_l") | change
    with pytest.raises(DataError, match=f"blocks.json\\[15\\] \\(rivers_l\\).*{message}"):
        structure(record, Block, "blocks.json[15] (rivers_l)")


def test_card_structure_names_the_record():
    record = raw("cards.json")[0] | {"kind": "joker"}
    with pytest.raises(DataError, match=r"cards.json\[0\] \(action_ap2_1\).*kind"):
        structure(record, Card, "cards.json[0] (action_ap2_1)")


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of the data package; returns (package name, folder)."""
    return copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)


def edit_block(block_id: str, **changes):
    """An edit of blocks.json changing one record."""
    return lambda blocks: next(b for b in blocks if b["id"] == block_id).update(changes)


def test_a_clean_copy_loads(data_copy):
    name, _ = data_copy
    assert set(load_blocks(name)) == set(BLOCKS)
    assert load_scenarios(name) == SCENARIOS


@pytest.mark.parametrize(
    ("filename", "edit", "loader", "message"),
    [
        ("blocks.json", edit_block("rivers_l", shields=["atlantis"]), load_blocks,
         r"blocks.json\[15\] \(rivers_l\): shield area 'atlantis' is not on the map"),
        ("blocks.json", edit_block("herbert", max_strength=5), load_blocks,
         r"blocks.json\[\d+\] \(herbert\): max_strength must be 2, 3 or 4, not 5"),
        ("blocks.json", edit_block("devon", shields="cornwall"), load_blocks,
         r"blocks.json\[3\] \(devon\): expected a list, not str 'cornwall' @ \$\.shields"),
        ("blocks.json", lambda bs: bs.append(dict(bs[0])), load_blocks,
         r"blocks.json\[63\] \(henry_vi\): duplicate id 'henry_vi'"),
        ("blocks.json", lambda bs: bs.remove(block_record("york_levy")), load_blocks,
         r"blocks.json: lancaster blocks by type .*'levy': 3.*expected"),
        ("map.json", lambda m: m["borders"].append({"a": "kent", "b": "kentucky", "colour": "red", "source": "component"}),
         load_map, r"map.json borders\[62\] \(kent-kentucky\): unknown area 'kentucky'"),
        ("cards.json", lambda cs: cs[20].update(ap=7), load_cards,
         r"cards.json\[20\] \(event_force_march\): ap must be 0-4, not 7"),
        ("scenarios.json", lambda ss: ss[1]["locations"].update(devon="atlantis"), load_scenarios,
         r"scenarios.json \(kingmaker\): devon is at 'atlantis', neither an area nor one of"),
        ("scenarios.json", lambda ss: ss[2].update(king="tudor"), load_scenarios,
         r"scenarios.json\[2\] \(richard-iii\): .*king"),
    ],
)
def test_a_corrupted_file_is_refused_naming_file_and_record(data_copy, filename, edit, loader, message):
    name, folder = data_copy
    rewrite_json(folder, filename, edit)
    with pytest.raises(DataError, match=message):
        loader(name)


def area_index(m: dict, area_id: str) -> int:
    return next(i for i, a in enumerate(m["areas"]) if a["id"] == area_id)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda m: m["borders"].append({"a": "kent", "b": "essex", "colour": "yellow", "source": "component"}),
         r"non_adjacent\[2\] \(kent-essex\): the rules say these areas share no land border"),
        (lambda m: m["borders"].append({"a": "calais", "b": "kent", "colour": "red", "source": "component"}),
         r"borders\[62\] \(calais-kent\): only a Lancaster exile area may have a land border"),
        (lambda m: m["borders"].append({"a": "isle_of_man", "b": "chester", "colour": "red", "source": "component"}),
         r"borders\[62\] \(isle_of_man-chester\): islands are reached by sea only"),
        (lambda m: m["borders"].append({"a": "kent", "b": "isle_of_wight", "colour": "red", "source": "component"}),
         r"borders\[62\] \(kent-isle_of_wight\): 'isle_of_wight' is an unused island"),
        (lambda m: m["borders"].append(dict(m["borders"][1])), r"map.json: border 'scotland'-'northumbria' is given twice"),
        (lambda m: m["borders"][0].update(colour="green"), r"map.json borders\[0\]: .*colour"),
        (lambda m: m["areas"].append(dict(m["areas"][0])), r"areas\[33\] \(ireland\): duplicate id"),
        (lambda m: m["areas"][area_index(m, "kent")].update(seas=["north_sea", "baltic"]),
         r"area 'kent': unknown sea 'baltic'"),
        (lambda m: m["areas"][area_index(m, "hereford")].update(major_port=True), r"area 'hereford': a major port"),
        (lambda m: m["areas"][area_index(m, "calais")].update(exile_of=None), r"area 'calais': exile_of"),
        (lambda m: m["areas"][0].update(source="placeholder"), r"areas\[0\] \(ireland\): a placeholder record must list"),
        (lambda m: m["areas"][0].update(invented=["colour"]), r"areas\[0\] \(ireland\): invented names unknown field"),
        (lambda m: m["areas"][0].update(source="folklore"), r"areas\[0\] \(ireland\): .*folklore.*source"),
        (lambda m: m["non_adjacent"][0].update(source="rulebook", invented=["a"]),
         r"non_adjacent\[0\]: a rulebook record cannot list invented fields"),
        (lambda m: m["cities"][0].update(area="atlantis"), r"city 'bristol': unknown area 'atlantis'"),
        (lambda m: m["cathedrals"][0].update(area="france"), r"cathedral 'canterbury': cannot lie in exile"),
        (lambda m: m["royal_shields"][0].update(area="calais"), r"royal shield 'lancaster_exeter': cannot lie in exile"),
        (lambda m: m.update(rivers=[]), r"unknown section\(s\) \['rivers'\]"),
        (lambda m: m.pop("borders"), r"section 'borders' must be a list"),
    ],
)
def test_build_map_refuses_corrupted_data(edit, message):
    m = raw("map.json")
    edit(m)
    with pytest.raises(DataError, match=message):
        build_map(m)


def replaced(block_id: str, **changes) -> list[Block]:
    return [attrs.evolve(b, **changes) if b.id == block_id else b for b in BLOCKS.values()]


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        (replaced("norwich_levy", city="york"), r"\(norwich_levy\): city 'york' is a lancaster city"),
        (replaced("bristol_levy", city="bath"), r"\(bristol_levy\): unknown city 'bath'"),
        (replaced("hastings", shields=()), r"\(hastings\): a noble needs at least one shield"),
        (replaced("herbert", shields=("france",)), r"\(herbert\): shield area 'france' is the other house's exile"),
        (replaced("devon", shields=("calais",)), r"\(devon\): shield area 'calais' is the other house's exile"),
        (replaced("rivers_y", counterpart="stanley_l"), r"\(rivers_l\): counterpart 'rivers_y' must point back"),
        (replaced("gloucester", heir_rank=4), r"york heir ranks are \[1, 2, 3, 4, 4\]"),
        (replaced("irish_mercenary", home="kent"), r"\(irish_mercenary\): home 'kent' is not an exile area"),
        (replaced("arundel", loyalty=2), r"\(arundel\): a rose is for single-version nobles"),
        (replaced("richmond", shields=("powys",)), r"\(richmond\): royal shield 'lancaster_richmond' lies in 'pembroke'"),
        (replaced("herbert", combat="3"), r"\(herbert\): combat must be a letter A-D and a number"),
        (replaced("herbert", combat="D2"), r"\(herbert\): only Bombards print a D rating"),
        (replaced("york_bombard", combat="A3"), r"\(york_bombard\): only Bombards print a D rating"),
        (replaced("york_church_y", cathedral=None), r"\(york_church_y\): cathedral must be set exactly for church"),
        (replaced("kent_y", neville=False), r"\(kent_l\): both versions of a Neville are Nevilles"),
        (replaced("welsh_mercenary", shields=("powys",)), r"\(welsh_mercenary\): a mercenary block has no shields"),
    ],
)
def test_validate_blocks_refuses_inconsistent_blocks(blocks, message):
    with pytest.raises(DataError, match=message):
        validate_blocks(blocks, MAP)


def scenario(scenario_id: str, **locations: str) -> ScenarioRecord:
    """A scenario record with some blocks moved."""
    record = RECORDS[scenario_id]
    return attrs.evolve(record, locations={**record.locations, **locations})


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (scenario("wars-of-the-roses", devon="atlantis"), r"\(wars-of-the-roses\): devon is at 'atlantis', neither"),
        (scenario("wars-of-the-roses", devon="minor"), r"\(wars-of-the-roses\): devon is not an heir"),
        (scenario("kingmaker", clarence_l="minor"), r"\(kingmaker\): clarence_l is not an heir"),
        (scenario("wars-of-the-roses", warwick_y="dead"), r"\(wars-of-the-roses\): warwick_l can be off the map only"),
        (scenario("wars-of-the-roses", devon="offmap"), r"\(wars-of-the-roses\): devon can be off the map only"),
        (scenario("wars-of-the-roses", devon="calais"), r"\(wars-of-the-roses\): devon starts in the enemy exile area"),
        (scenario("wars-of-the-roses", duke_of_york="minor", rutland="dead", march="minor"),
         r"\(wars-of-the-roses\): york has no heir of age in play"),
        (scenario("richard-iii", gloucester="dead"), r"\(richard-iii\): york has no heir of age in play"),
        (scenario("wars-of-the-roses", warwick_l="france"), r"\(wars-of-the-roses\): warwick_l and warwick_y .* both be in play"),
        (scenario("richard-iii", rivers_y="pool"), r"\(richard-iii\): rivers_l and rivers_y .* both be in play"),
        (scenario("kingmaker", henry_vi="france"), r"\(kingmaker\): Henry VI can start as York's prisoner only"),
        (attrs.evolve(RECORDS["wars-of-the-roses"], henry_vi_prisoner=True),
         r"\(wars-of-the-roses\): Henry VI can start as York's prisoner only"),
        (attrs.evolve(RECORDS["kingmaker"], locations={k: v for k, v in RECORDS["kingmaker"].locations.items()
                                                       if k != "rebel"} | {"gloucestershire": "pool"}),
         r"\(kingmaker\): locations must name every block once \(missing \['rebel'\], unknown \['gloucestershire'\]\)"),
        (attrs.evolve(RECORDS["kingmaker"], first_campaign=3), r"\(kingmaker\): campaigns must satisfy"),
    ],
)
def test_build_setup_refuses_a_bad_scenario(record, message):
    with pytest.raises(DataError, match=message):
        build_setup(record, BLOCKS, MAP)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([c for c in CARDS if c.id != "action_ap3_7"], r"action cards by AP are \{2: 6, 3: 6, 4: 6\}"),
        ([c for c in CARDS if c.event != "plague"], r"events are .* expected each of"),
        ([attrs.evolve(c, event=None) if c.id == "event_plague" else c for c in CARDS],
         r"\(event_plague\): event must be set exactly for event cards"),
    ],
)
def test_validate_cards_refuses_a_wrong_deck(cards, message):
    with pytest.raises(DataError, match=message):
        validate_cards(list(cards))
