"""Richard III data: every fact the rules fix about the map, blocks, setup and deck (digest 14.3).

Map constraints are numbered as in the digest's 11.2 (M1-M21). Border limits belong to the
rules module; the table below is the 5.21 rule restated only to check the data against it.
"""

from __future__ import annotations

import copy
import itertools
import json
import shutil
from importlib import resources

import attrs
import networkx as nx
import pytest

from banneret.data import structure
from banneret.errors import DataError
from banneret_richard3.data_model import (
    DATA_PACKAGE,
    Block,
    Card,
    build_map,
    build_setup,
    load_blocks,
    load_cards,
    load_map,
    load_setup,
    validate_blocks,
    validate_cards,
)

LIMIT = {"yellow": 4, "blue": 3, "red": 2}  # 5.21

MAP = load_map()
BLOCKS = load_blocks()
CARDS = load_cards()
SETUP = load_setup()

ENGLAND = {
    "middlesex", "essex", "east_anglia", "rutland", "leicester", "lincoln", "oxford", "sussex", "kent",
    "wilts", "dorset", "somerset", "cornwall", "gloucester", "hereford", "warwick", "derby", "chester",
    "north_yorks", "east_yorks", "south_yorks", "northumberland",
}
WALES = {"pembroke", "caernarvon", "powys", "glamorgan"}
EXILES = {"calais", "france", "ireland", "scotland"}


def raw(filename: str):
    return json.loads(resources.files(DATA_PACKAGE).joinpath(filename).read_text(encoding="utf-8"))


def colour(a: str, b: str) -> str:
    found = MAP.border_colour(a, b)
    assert found is not None, f"{a} and {b} should share a border"
    return found


def one_move(start: str) -> set[str]:
    """Areas a block can reach in one land move of 1-2 areas over vacant ground (5.2, 5.21)."""
    out = set()
    for first in MAP.board.neighbours(start):
        out.add(first)
        if colour(start, first) != "red":
            out.update(n for n in MAP.board.neighbours(first) if n != start)
    return out


def blocks_of(house: str, **where) -> set[str]:
    return {
        b.id for b in BLOCKS.values()
        if b.house == house and all(getattr(b, k) == v for k, v in where.items())
    }


# ---------------------------------------------------------------------------- areas (2.0, 11.1)


def test_area_inventory():
    regions = {}
    for area in MAP.areas.values():
        regions.setdefault(area.region, set()).add(area.id)
    assert regions == {"england": ENGLAND, "wales": WALES, "island": {"isle_of_man"}, "exile": EXILES}
    playable = [a for a in MAP.areas.values() if not a.is_exile]
    assert len(playable) == 27
    assert set(MAP.seas) == {"north_sea", "english_channel", "irish_sea"}
    assert set(MAP.unused_islands) == {"isle_of_wight", "anglesey"}
    assert sorted(MAP.graph.nodes) == sorted(MAP.areas)
    assert not set(MAP.unused_islands) & set(MAP.graph.nodes)


def test_names_keep_the_map_spelling():
    assert MAP.area("north_yorks").name == "North Yorks"
    assert MAP.area("wilts").name == "Wilts"
    assert MAP.area("isle_of_man").name == "Isle of Man"
    with pytest.raises(KeyError, match="unknown area 'cumbria'"):
        MAP.area("cumbria")


def test_graph_is_shared_frozen_and_cached():
    assert load_map() is MAP and load_blocks() is BLOCKS and load_cards() is CARDS and load_setup() is SETUP
    assert nx.is_frozen(MAP.graph)
    assert MAP.graph.nodes["middlesex"]["cities"] == ("london",)
    assert MAP.graph.nodes["cornwall"]["crown"] is True
    assert MAP.graph.edges["middlesex", "oxford"] == {"colour": "yellow"}
    assert {d["colour"] for _, _, d in MAP.graph.edges(data=True)} <= set(LIMIT)


def test_mainland_is_one_connected_land_mass():
    sea_only = {"isle_of_man", "calais", "france", "ireland"}
    land = MAP.graph.subgraph(set(MAP.areas) - sea_only)
    assert nx.is_connected(land)


# ---------------------------------------------------------------------------- 11.2 constraints


def test_m1_middlesex_oxford_yellow():
    assert colour("middlesex", "oxford") == "yellow"


def test_m2_fifth_block_via_leicester_or_sussex():
    for a, b in (("middlesex", "leicester"), ("leicester", "oxford"), ("middlesex", "sussex"), ("sussex", "oxford")):
        assert MAP.board.adjacent(a, b), (a, b)
    assert colour("middlesex", "leicester") != "red"
    assert colour("middlesex", "sussex") != "red"


def test_m3_oxford_sussex_river_blue():
    assert colour("oxford", "sussex") == "blue"


def test_m4_gloucester_oxford_not_red():
    assert colour("gloucester", "oxford") != "red"


def test_m5_east_anglia_rutland_river_limit_3():
    assert LIMIT[colour("east_anglia", "rutland")] == 3


def test_m6_three_more_reach_rutland_via_essex():
    first, second = colour("east_anglia", "essex"), colour("essex", "rutland")
    assert first != "red"
    assert min(LIMIT[first], LIMIT[second]) >= 3


def test_m7_destinations_from_east_anglia():
    assert {"essex", "rutland", "leicester", "lincoln", "middlesex"} <= one_move("east_anglia")


def test_m8_exit_route_glamorgan_to_somerset():
    for a, b in (("glamorgan", "hereford"), ("hereford", "gloucester"), ("gloucester", "somerset")):
        assert MAP.board.adjacent(a, b), (a, b)
    assert nx.shortest_path_length(MAP.graph, "glamorgan", "somerset") == 3
    assert "somerset" not in one_move("glamorgan")
    # a Force March (3 areas) can make it: no red border on the route
    route = ["glamorgan", "hereford", "gloucester", "somerset"]
    assert all(colour(a, b) != "red" for a, b in itertools.pairwise(route))


def test_m9_no_land_border():
    for a, b in (("glamorgan", "somerset"), ("east_yorks", "lincoln"), ("kent", "essex")):
        assert not MAP.board.adjacent(a, b), (a, b)
    assert {(p.a, p.b) for p in MAP.non_adjacent} == {
        ("glamorgan", "somerset"), ("east_yorks", "lincoln"), ("kent", "essex")
    }


def test_m10_pinning_example_borders():
    assert MAP.board.adjacent("chester", "derby") and MAP.board.adjacent("chester", "warwick")
    assert LIMIT[colour("chester", "derby")] >= 3  # three blocks attack from Derby


def test_m11_kent_and_wilts_attack_sussex():
    assert colour("kent", "sussex") == "yellow"
    assert MAP.board.adjacent("wilts", "sussex")


def test_m12_reserves_example_borders():
    for a in ("rutland", "middlesex", "east_anglia"):
        assert MAP.board.adjacent(a, "essex"), a
    assert LIMIT[colour("rutland", "essex")] >= 3


def test_m13_game_turn_example_moves():
    assert "middlesex" in one_move("essex")
    # Beaumont reaches Middlesex from Lincoln without entering East Anglia
    paths = [
        [mid] for mid in MAP.board.neighbours("lincoln")
        if mid != "east_anglia" and colour("lincoln", mid) != "red" and MAP.board.adjacent(mid, "middlesex")
    ]
    assert paths, "Lincoln needs a one-move route to Middlesex avoiding East Anglia"


def test_m14_scotland_has_a_land_border_into_england():
    neighbours = MAP.board.neighbours("scotland")
    assert neighbours and all(MAP.area(n).region == "england" for n in neighbours)


def test_m15_sea_only_areas_have_no_land_border():
    for area in ("isle_of_man", "ireland", "france", "calais"):
        assert MAP.board.neighbours(area) == [], area
    # Scotland is the only exile area with land borders
    assert [a for a in EXILES if MAP.board.neighbours(a)] == ["scotland"]


def test_m16_no_sea_movement_at_hereford_gloucester_south_yorks_but_london_is_a_port():
    for area in ("hereford", "gloucester", "south_yorks"):
        assert MAP.area(area).seas == () and not MAP.area(area).major_port, area
    assert MAP.area("middlesex").coastal


def test_m17_sea_zones_stated_by_the_rules():
    expected = {
        "kent": {"north_sea", "english_channel"},
        "cornwall": {"english_channel", "irish_sea"},
        "scotland": {"north_sea", "irish_sea"},
        "calais": {"english_channel", "north_sea"},
        "france": {"english_channel", "irish_sea"},
        "ireland": {"irish_sea"},
    }
    for area, seas in expected.items():
        assert set(MAP.area(area).seas) == seas, area


def test_m18_only_the_separating_areas_touch_two_seas():
    two = {a.id for a in MAP.areas.values() if len(a.seas) == 2}
    assert two == {"kent", "cornwall", "scotland", "calais", "france"}
    assert all(len(a.seas) <= 2 for a in MAP.areas.values())


def test_m19_major_ports_of_the_examples():
    calais, east_anglia = MAP.area("calais"), MAP.area("east_anglia")
    assert calais.major_port and east_anglia.major_port
    assert set(calais.seas) & set(east_anglia.seas)
    # Sandwich (placed in Kent) is a major port reachable from Calais
    kent = MAP.area("kent")
    assert kent.major_port and set(kent.seas) & set(calais.seas)


def test_m20_cornwall_has_a_crown():
    assert MAP.area("cornwall").crown


def test_m21_wales_is_four_non_exile_areas():
    wales = [a for a in MAP.areas.values() if a.region == "wales"]
    assert sorted(a.id for a in wales) == sorted(WALES)
    assert not any(a.exile_of for a in wales)


def test_exile_areas_per_house():
    assert MAP.exiles_of("lancaster") == ["france", "scotland"]
    assert MAP.exiles_of("york") == ["calais", "ireland"]


def test_sea_coasts():
    assert "isle_of_man" in MAP.coasts("irish_sea") and "ireland" in MAP.coasts("irish_sea")
    assert "middlesex" in MAP.coasts("north_sea")
    for sea in MAP.seas:
        assert len(MAP.coasts(sea)) >= 4, sea
    with pytest.raises(KeyError, match="unknown sea"):
        MAP.coasts("atlantic")


def test_every_major_port_is_coastal():
    for area in MAP.areas.values():
        if area.major_port:
            assert area.coastal, area.id


# ---------------------------------------------------------------------------- symbols (2.2-2.5)


def test_cities_houses_and_areas():
    assert {c.id: c.house for c in MAP.cities.values()} == {
        "bristol": "lancaster", "coventry": "lancaster", "newcastle": "lancaster", "york": "lancaster",
        "london": "york", "norwich": "york", "salisbury": "york",
    }
    assert MAP.cities["london"].area == "middlesex"
    assert MAP.cities["newcastle"].area == "northumberland"
    assert MAP.cities["norwich"].area == "east_anglia"
    for city in MAP.cities.values():
        holders = [a for a in MAP.areas if city.id in MAP.cities_in(a)]
        assert holders == [city.area] and not MAP.area(city.area).is_exile


def test_cathedrals_each_in_one_area():
    assert set(MAP.cathedrals) == {"canterbury", "york"}
    for cathedral in MAP.cathedrals.values():
        holders = [a for a in MAP.areas if cathedral.id in MAP.cathedrals_in(a)]
        assert holders == [cathedral.area] and not MAP.area(cathedral.area).is_exile


def test_crowns_exist_outside_exile():
    crowns = [a for a in MAP.areas.values() if a.crown]
    assert crowns and not any(a.is_exile for a in crowns)


def test_royal_shields():
    lancaster = {s.id: s for s in MAP.royal_shields.values() if s.house == "lancaster"}
    york = [s for s in MAP.royal_shields.values() if s.house == "york"]
    assert len(lancaster) == 5 and len(york) == 3
    specific = {s.heir: s.area for s in lancaster.values() if s.heir}
    assert specific == {"exeter_l": "cornwall", "somerset": "dorset", "richmond": "pembroke"}
    assert not any(s.heir for s in york)
    assert MAP.royal_shields_in("dorset", "york") == []
    assert MAP.royal_shields_in("dorset") == ["lancaster_somerset"]


def test_recruitment_sidebar_symbols():
    # Northumberland: a shield and a city; East Anglia: two shields and a city
    assert "northumberland" in BLOCKS["northumberland_l"].shields
    assert MAP.cities_in("northumberland") == ["newcastle"]
    assert {"norfolk", "suffolk"} <= {b.id for b in BLOCKS.values() if "east_anglia" in b.shields}
    assert MAP.cities_in("east_anglia") == ["norwich"]


def test_isle_of_man_holds_one_of_stanleys_two_shields():
    for block in ("stanley_l", "stanley_y"):
        shields = BLOCKS[block].shields
        assert len(shields) == 2 and "isle_of_man" in shields


def test_shields_are_many_to_many():
    per_area: dict[str, set[str]] = {}
    for b in BLOCKS.values():
        for area in b.shields:
            per_area.setdefault(area, set()).add(b.identity)
    assert any(len(ids) >= 2 for ids in per_area.values())
    assert any(len(set(b.shields)) >= 2 for b in BLOCKS.values())


# ---------------------------------------------------------------------------- blocks (3.0, 10)


def test_block_totals():
    assert len(BLOCKS) == 63
    houses = [b.house for b in BLOCKS.values()]
    assert (houses.count("lancaster"), houses.count("york"), houses.count("rebel")) == (31, 31, 1)


def test_block_categories_of_10_4():
    def ids(house, type_, **extra):
        return {b.identity for b in BLOCKS.values() if b.house == house and b.type == type_
                and all(getattr(b, k) == v for k, v in extra.items())}

    assert ids("lancaster", "heir") == {"henry_vi", "prince_edward", "exeter", "somerset", "richmond"}
    assert ids("york", "heir") == {"duke_of_york", "march", "rutland", "clarence", "gloucester"}
    assert ids("lancaster", "noble", rose=True) == {"devon", "pembroke", "wiltshire", "oxford", "beaumont", "clifford"}
    assert ids("york", "noble", rose=True) == {"norfolk", "suffolk", "arundel", "essex", "worcester", "hastings", "herbert"}
    two = {"buckingham", "northumberland", "shrewsbury", "westmoreland", "rivers", "stanley"}
    for house in ("lancaster", "york"):
        assert ids(house, "noble", rose=False, neville=False) - {"clarence", "exeter"} == two
        assert ids(house, "noble", neville=True) == {"warwick", "salisbury", "kent"}
        assert ids(house, "church") == {"canterbury_church", "york_church"}
        assert len(ids(house, "bombard")) == 1
    assert ids("lancaster", "levy") == {"bristol_levy", "coventry_levy", "newcastle_levy", "york_levy"}
    assert ids("york", "levy") == {"london_levy", "norwich_levy", "salisbury_levy"}
    assert ids("lancaster", "mercenary") == {"french_mercenary", "scots_mercenary", "welsh_mercenary"}
    assert ids("york", "mercenary") == {"burgundian_mercenary", "calais_mercenary", "irish_mercenary"}
    assert ids("lancaster", "noble", rose=False, neville=False) - two == {"clarence"}
    assert ids("york", "noble", rose=False, neville=False) - two == {"exeter"}
    assert [b.id for b in BLOCKS.values() if b.house == "rebel"] == ["rebel"]


def test_two_version_pairs():
    pairs: dict[str, list[Block]] = {}
    for b in BLOCKS.values():
        if b.counterpart:
            pairs.setdefault(b.identity, []).append(b)
    assert set(pairs) == {
        "canterbury_church", "york_church", "clarence", "exeter", "warwick", "salisbury", "kent",
        "buckingham", "northumberland", "shrewsbury", "westmoreland", "rivers", "stanley",
    }
    for identity, versions in pairs.items():
        assert sorted(v.house for v in versions) == ["lancaster", "york"], identity
        a, b = versions
        assert a.counterpart == b.id and b.counterpart == a.id
    # every other identity exists once
    singles = [b.identity for b in BLOCKS.values() if not b.counterpart]
    assert len(singles) == len(set(singles)) == 63 - 26


def test_values_stated_by_the_rules():
    assert BLOCKS["herbert"].combat == "A2"
    assert BLOCKS["clarence_y"].combat == "B2"
    assert BLOCKS["rivers_l"].combat == "B2"
    assert (BLOCKS["rivers_l"].loyalty, BLOCKS["rivers_y"].loyalty) == (1, 2)
    assert BLOCKS["stanley_l"].combat == BLOCKS["stanley_y"].combat == "B2"
    assert BLOCKS["exeter_l"].combat == "A2"  # A3 on his own shield in the crown example
    assert BLOCKS["lancaster_bombard"].combat == BLOCKS["york_bombard"].combat == "A3"
    assert BLOCKS["welsh_mercenary"].combat == "A2"
    assert BLOCKS["northumberland_l"].loyalty == BLOCKS["northumberland_y"].loyalty == 2
    for n in ("kent_l", "kent_y", "salisbury_l", "salisbury_y"):
        assert BLOCKS[n].loyalty == 2 and BLOCKS[n].neville, n
    assert BLOCKS["prince_edward"].heir_rank == 2
    assert BLOCKS["henry_vi"].heir_rank == 1
    henry = BLOCKS["henry_vi"]
    assert henry.initiative < "C" or henry.firepower > 2  # better than C2 thanks to Margaret
    assert BLOCKS["salisbury_y"].max_strength >= 3  # drawn at 3, 2 and 1 steps
    assert BLOCKS["stanley_l"].max_strength >= 3 and BLOCKS["stanley_y"].max_strength >= 3  # rolls 3 dice


def test_strength_and_rating_domains():
    for b in BLOCKS.values():
        assert b.max_strength in (2, 3, 4), b.id
        assert b.initiative in "ABC" and 1 <= b.firepower <= 6, b.id


def test_heir_ranks_and_loyalty_by_type():
    for house in ("lancaster", "york"):
        ranks = sorted(b.heir_rank for b in BLOCKS.values() if b.house == house and b.type == "heir")
        assert ranks == [1, 2, 3, 4, 5]
    for b in BLOCKS.values():
        if b.type == "heir":
            assert (b.loyalty is not None) == (b.identity in ("clarence", "exeter")), b.id
        if b.rose:
            assert b.loyalty is None and b.counterpart is None, b.id
        if b.type in ("levy", "bombard", "mercenary", "rebel"):
            assert b.loyalty is None and not b.rose, b.id


def test_every_noble_has_a_shield_on_the_map():
    for b in BLOCKS.values():
        if b.type == "noble":
            assert b.shields, b.id
        for area in b.shields:
            assert area in MAP.areas and not MAP.area(area).is_exile, (b.id, area)


def test_shields_stated_by_the_rules():
    assert BLOCKS["exeter_l"].shields == ("cornwall",) and BLOCKS["exeter_y"].shields == ("cornwall",)
    assert BLOCKS["somerset"].shields == ("dorset",)
    assert BLOCKS["richmond"].shields == ("pembroke",)
    assert BLOCKS["norfolk"].shields == BLOCKS["suffolk"].shields == ("east_anglia",)
    assert BLOCKS["northumberland_y"].shields == ("northumberland",)
    # a Lancastrian Clarence goes home to an area with a York royal shield
    york_shield_areas = {s.area for s in MAP.royal_shields.values() if s.house == "york"}
    assert set(BLOCKS["clarence_l"].shields) == york_shield_areas


def test_levies_churches_and_mercenaries_point_at_the_map():
    for b in BLOCKS.values():
        if b.type == "levy":
            assert MAP.cities[b.city].house == b.house, b.id
        if b.type == "church":
            assert b.cathedral in MAP.cathedrals, b.id
    assert BLOCKS["york_church_l"].cathedral == BLOCKS["york_church_y"].cathedral == "york"
    assert BLOCKS["canterbury_church_y"].cathedral == "canterbury"
    homes = {b.id: b.home for b in BLOCKS.values() if b.type == "mercenary"}
    assert homes == {
        "french_mercenary": "france", "scots_mercenary": "scotland", "welsh_mercenary": None,
        "burgundian_mercenary": "calais", "calais_mercenary": "calais", "irish_mercenary": "ireland",
    }


def test_every_record_states_its_provenance():
    def check(record):
        assert record.source in ("rulebook", "placeholder")
        names = {f.name for f in attrs.fields(type(record))}
        assert set(record.invented) <= names and set(record.inferred) <= names
        assert (record.source == "placeholder") == bool(record.invented)

    for record in itertools.chain(
        MAP.seas.values(), MAP.areas.values(), MAP.cities.values(), MAP.cathedrals.values(),
        MAP.royal_shields.values(), MAP.borders, MAP.non_adjacent, MAP.unused_islands.values(),
        BLOCKS.values(), CARDS,
    ):
        check(record)
    # the rules give no block's maximum strength and no event card's AP
    assert all("max_strength" in b.invented for b in BLOCKS.values())
    assert all("ap" in c.invented for c in CARDS if c.kind == "event")
    assert all(c.source == "rulebook" for c in CARDS if c.kind == "action")


# ---------------------------------------------------------------------------- setup (4.3-4.6)

LANCASTER_1460 = {
    "henry_vi": "middlesex", "somerset": "dorset", "exeter_l": "cornwall", "devon": "cornwall",
    "pembroke": "pembroke", "wiltshire": "wilts", "oxford": "essex", "beaumont": "lincoln",
    "clifford": "north_yorks", "french_mercenary": "france", "scots_mercenary": "scotland",
}
YORK_1460 = {
    "duke_of_york": "ireland", "rutland": "ireland", "irish_mercenary": "ireland",
    "march": "calais", "warwick_y": "calais", "salisbury_y": "calais", "kent_y": "calais",
    "calais_mercenary": "calais", "burgundian_mercenary": "calais",
}


def test_setup_places_exactly_the_listed_blocks():
    placed = {b: where for b, where in SETUP.locations.items() if where in MAP.areas}
    assert placed == {**LANCASTER_1460, **YORK_1460}
    assert SETUP.king == "lancaster" and SETUP.pretender == "york" and SETUP.year == 1460


def test_setup_counts():
    on_map_l = [b for b, w in LANCASTER_1460.items() if not MAP.area(w).is_exile]
    assert len(on_map_l) == 9
    assert SETUP.on_map["france"] == ("french_mercenary",) and SETUP.on_map["scotland"] == ("scots_mercenary",)
    assert len(SETUP.on_map["ireland"]) == 3 and len(SETUP.on_map["calais"]) == 6
    assert {h: len(p) for h, p in SETUP.pools.items()} == {"lancaster": 13, "york": 13}
    assert "rebel" in SETUP.pools["york"]
    assert {h: set(m) for h, m in SETUP.minors.items()} == {
        "lancaster": {"prince_edward", "richmond"}, "york": {"clarence_y", "gloucester"},
    }
    assert {h: len(o) for h, o in SETUP.offmap.items()} == {"lancaster": 5, "york": 8}
    offmap_identities = {h: {BLOCKS[b].identity for b in o} for h, o in SETUP.offmap.items()}
    assert offmap_identities == {
        "lancaster": {"canterbury_church", "clarence", "warwick", "salisbury", "kent"},
        "york": {"exeter", "buckingham", "northumberland", "westmoreland", "shrewsbury", "rivers",
                 "stanley", "york_church"},
    }
    assert sum(len(v) for v in SETUP.on_map.values()) + sum(
        len(v) for d in (SETUP.pools, SETUP.minors, SETUP.offmap) for v in d.values()
    ) == 63


def test_exiles_start_exactly_at_their_limits():
    def non_mercenary(area):
        return [b for b in SETUP.on_map[area] if BLOCKS[b].type != "mercenary"]

    assert len(non_mercenary("ireland")) == 2  # limit 2 (7.2)
    assert len(non_mercenary("calais")) == 4  # limit 4


def test_york_starts_off_the_english_and_welsh_map():
    for area, ids in SETUP.on_map.items():
        if not MAP.area(area).is_exile:
            assert all(BLOCKS[b].house == "lancaster" for b in ids), area


def test_enemy_versions_start_on_the_other_side():
    for house, ids in SETUP.offmap.items():
        for block in ids:
            other = BLOCKS[BLOCKS[block].counterpart]
            assert other.house != house and other.setup_1460 != "offmap", block


def test_order_of_succession():
    assert SETUP.succession["lancaster"][:2] == ("henry_vi", "prince_edward")
    assert SETUP.succession["york"][0] == "duke_of_york"
    for house, heirs in SETUP.succession.items():
        assert [BLOCKS[h].heir_rank for h in heirs] == [1, 2, 3, 4, 5]
        # three heirs in play, and the senior one leads the house
        in_play = [h for h in heirs if SETUP.locations[h] in MAP.areas]
        assert len(in_play) == 3 and in_play[0] == heirs[0]


# ---------------------------------------------------------------------------- cards (5.1)


def test_deck_composition():
    assert len(CARDS) == 25
    actions = sorted(c.ap for c in CARDS if c.kind == "action")
    assert actions == [2] * 6 + [3] * 7 + [4] * 6 and sum(actions) == 57
    events = {c.event: c for c in CARDS if c.kind == "event"}
    assert set(events) == {"surprise", "force_march", "muster", "piracy", "treason", "plague"}
    assert all(0 <= c.ap <= 4 for c in events.values())
    assert len({c.id for c in CARDS}) == 25
    assert {c.name for c in events.values()} == {"Surprise", "Force March", "Muster", "Piracy", "Treason", "Plague"}
    assert all(c.summary and len(c.summary) < 140 for c in CARDS)


def test_a_mulligan_needs_event_cards():
    actions = sorted(c.ap for c in CARDS if c.kind == "action")
    assert sum(actions[:7]) >= 14  # seven action cards never total 13 or less
    assert sum(sorted(c.ap for c in CARDS)[:7]) <= 13  # but some hand with events does


# ---------------------------------------------------------------------------- corrupted data


def block_record(block_id: str) -> dict:
    return copy.deepcopy(next(r for r in raw("blocks.json") if r["id"] == block_id))


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


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of the data package; returns (package name, folder)."""
    name = f"r3copy_{tmp_path.name.replace('-', '_').lower()}"
    folder = tmp_path / name
    shutil.copytree(resources.files(DATA_PACKAGE), folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, folder


def rewrite(folder, filename, edit):
    path = folder / filename
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_clean_copy_loads(data_copy):
    name, _ = data_copy
    assert set(load_blocks(name)) == set(BLOCKS)
    assert load_setup(name).succession == SETUP.succession


def test_block_with_an_unknown_shield_area_is_named(data_copy):
    name, folder = data_copy

    def edit(blocks):
        for b in blocks:
            if b["id"] == "rivers_l":
                b["shields"] = ["atlantis"]

    rewrite(folder, "blocks.json", edit)
    with pytest.raises(DataError, match=r"blocks.json\[\d+\] \(rivers_l\): shield area 'atlantis' is not on the map"):
        load_blocks(name)


def test_block_out_of_range_value_is_named(data_copy):
    name, folder = data_copy
    rewrite(folder, "blocks.json", lambda bs: [b.update(max_strength=5) for b in bs if b["id"] == "herbert"])
    with pytest.raises(DataError, match=r"\(herbert\): max_strength must be 2, 3 or 4, not 5"):
        load_blocks(name)


def test_duplicate_block_id_is_named(data_copy):
    name, folder = data_copy
    rewrite(folder, "blocks.json", lambda bs: bs.append(dict(bs[0])))
    with pytest.raises(DataError, match=r"blocks.json\[63\] \(henry_vi\): duplicate id 'henry_vi'"):
        load_blocks(name)


def test_missing_block_breaks_the_house_count(data_copy):
    name, folder = data_copy
    rewrite(folder, "blocks.json", lambda bs: bs.remove(next(b for b in bs if b["id"] == "york_levy")))
    with pytest.raises(DataError, match=r"lancaster blocks by type .*'levy': 3.*expected"):
        load_blocks(name)


def test_border_naming_an_unknown_area_is_named(data_copy):
    name, folder = data_copy
    rewrite(folder, "map.json", lambda m: m["borders"].append({"a": "kent", "b": "kentucky", "colour": "red", "source": "rulebook"}))
    with pytest.raises(DataError, match=r"map.json borders\[\d+\] \(kent-kentucky\): unknown area 'kentucky'"):
        load_map(name)


def test_a_string_where_a_list_belongs_is_named(data_copy):
    name, folder = data_copy
    rewrite(folder, "blocks.json", lambda bs: [b.update(shields="cornwall") for b in bs if b["id"] == "devon"])
    with pytest.raises(DataError, match=r"blocks.json\[3\] \(devon\): expected a list, not str 'cornwall' @ \$\.shields"):
        load_blocks(name)


def test_corrupted_card_file_is_named(data_copy):
    name, folder = data_copy
    rewrite(folder, "cards.json", lambda cs: cs[20].update(ap=7))
    with pytest.raises(DataError, match=r"cards.json\[20\] \(event_force_march\): ap must be 0-4, not 7"):
        load_cards(name)


def map_raw() -> dict:
    return copy.deepcopy(raw("map.json"))


def area_index(m: dict, area_id: str) -> int:
    return next(i for i, a in enumerate(m["areas"]) if a["id"] == area_id)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda m: m["borders"].append({"a": "kent", "b": "essex", "colour": "yellow", "source": "placeholder",
                                         "invented": ["a", "b", "colour"]}),
         r"non_adjacent\[2\] \(kent-essex\): the rules say these areas share no land border"),
        (lambda m: m["borders"].append({"a": "calais", "b": "kent", "colour": "red", "source": "placeholder",
                                         "invented": ["colour"]}),
         r"\(calais-kent\): only a Lancaster exile area may have a land border"),
        (lambda m: m["borders"].append({"a": "isle_of_man", "b": "chester", "colour": "red", "source": "placeholder",
                                         "invented": ["colour"]}),
         r"\(isle_of_man-chester\): islands are reached by sea only"),
        (lambda m: m["borders"].append(dict(m["borders"][1])), r"given twice"),
        (lambda m: m["areas"].append(dict(m["areas"][0])), r"areas\[31\] \(northumberland\): duplicate id"),
        (lambda m: m["areas"][area_index(m, "kent")].update(seas=["north_sea", "baltic"]), r"area 'kent': unknown sea 'baltic'"),
        (lambda m: m["areas"][area_index(m, "hereford")].update(major_port=True), r"area 'hereford': a major port"),
        (lambda m: m["areas"][area_index(m, "calais")].update(exile_of=None), r"area 'calais': exile_of"),
        (lambda m: m["areas"][0].pop("invented"), r"areas\[0\] \(northumberland\): a placeholder record must list"),
        (lambda m: m["areas"][0].update(invented=["colour"]), r"invented names unknown field\(s\) \['colour'\]"),
        (lambda m: m["areas"][0].update(source="folklore"), r"areas\[0\] \(northumberland\): .*folklore.*source"),
        (lambda m: m["cities"][0].update(area="atlantis"), r"city 'bristol': unknown area 'atlantis'"),
        (lambda m: m["cathedrals"][0].update(area="france"), r"cathedral 'canterbury': cannot lie in exile"),
        (lambda m: m.update(rivers=[]), r"unknown section\(s\) \['rivers'\]"),
        (lambda m: m.pop("borders"), r"section 'borders' must be a list"),
    ],
)
def test_build_map_refuses_corrupted_data(edit, message):
    m = map_raw()
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
        (replaced("rivers_y", counterpart="stanley_l"), r"\(rivers_l\): counterpart 'rivers_y' must point back"),
        (replaced("gloucester", heir_rank=4), r"york heir ranks are \[1, 2, 3, 4, 4\]"),
        (replaced("irish_mercenary", home="kent"), r"\(irish_mercenary\): home 'kent' is not an exile area"),
        (replaced("devon", setup_1460="devon"), r"\(devon\): setup_1460 'devon' is neither an area"),
        (replaced("arundel", loyalty=2), r"\(arundel\): a rose is for single-version nobles"),
        (replaced("richmond", shields=("powys",)), r"\(richmond\): royal shield 'lancaster_richmond' lies in 'pembroke'"),
        (replaced("herbert", combat="3"), r"\(herbert\): combat must be a letter A-C and a number"),
        (replaced("york_church_y", cathedral=None), r"\(york_church_y\): cathedral must be set exactly for church"),
    ],
)
def test_validate_blocks_refuses_inconsistent_blocks(blocks, message):
    with pytest.raises(DataError, match=message):
        validate_blocks(blocks, MAP)


def test_setup_refuses_a_pretender_who_is_not_the_senior_heir():
    blocks = {b.id: b for b in replaced("duke_of_york", setup_1460="minor")}
    with pytest.raises(DataError, match="the york PRETENDER must be its senior heir"):
        build_setup(blocks, MAP)


def test_setup_refuses_a_block_in_the_enemy_exile():
    blocks = {b.id: b for b in replaced("devon", setup_1460="calais")}
    with pytest.raises(DataError, match=r"\(devon\): starts in the enemy exile area 'calais'"):
        build_setup(blocks, MAP)


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


def test_card_structure_names_the_record():
    record = copy.deepcopy(raw("cards.json")[0]) | {"kind": "joker"}
    with pytest.raises(DataError, match=r"cards.json\[0\] \(action_ap2_1\).*kind"):
        structure(record, Card, "cards.json[0] (action_ap2_1)")
