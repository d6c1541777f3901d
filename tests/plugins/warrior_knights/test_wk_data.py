"""Warrior Knights data: counts against the box (and against the Polish original where the
digest could differ), the numbers that depend on the barons, the effect vocabulary, the
mechanisms the placeholder set must exercise (digest 20.11), the board's graph, and broken
copies that must raise a DataError naming the file."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest

from banneret.data import structure
from banneret.errors import DataError
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_warrior_knights.data_model import (
    DATA_PACKAGE,
    EFFECT_KINDS,
    EXPEDITION_RESULTS,
    SHAPES,
    Effect,
    data_provenance,
    load_data,
    validate_effect,
)

DATA = load_data()
BOARD = DATA.board


def effects_of_every_card():
    for card in (*DATA.events, *DATA.agendas):
        for effect in card.effects:
            yield card, effect
    for noble in DATA.nobles.values():
        for effect in noble.abilities:
            yield noble, effect


def kinds_used() -> Counter:
    return Counter(effect.kind for _, effect in effects_of_every_card())


def copies(cards, **match) -> int:
    return sum(c.copies for c in cards if all(getattr(c, k) == v for k, v in match.items()))


# ---------------------------------------------------------------------------- counts


def test_the_decks_hold_as_many_cards_as_the_box():
    assert len(DATA.fate) == 24
    assert copies(DATA.events) == 36
    assert copies(DATA.agendas) == 45
    assert copies(DATA.mercenaries) == 66
    assert len(DATA.nobles) == 24 and len(DATA.barons) == 6
    per_baron = sum(c.copies_per_baron for c in DATA.baron_cards)
    assert per_baron == 12 and 6 * per_baron + copies(DATA.neutral_cards) == 80
    assert copies(DATA.neutral_cards) == 8


def test_component_counts_follow_the_polish_original():
    # the original's inventory: 78 crowns, 28 casualty markers, 21 breach markers, 8 baron markers each
    counts = {c.id: (c.count, c.per_baron) for c in DATA.components.values()}
    assert counts["crown_tokens"] == (78, None)
    assert counts["casualty_markers"] == (28, None)
    assert counts["breach_markers"] == (21, None)
    assert counts["baron_markers"] == (48, 8) and DATA.setup.baron_markers == 8
    assert counts["control_markers"] == (72, 12)
    assert counts["plastic_cities"] == (24, None)
    assert counts["action_cards"] == (80, 12)
    assert {c.source for c in DATA.components.values()} == {"rulebook"}


def test_each_baron_has_three_soldiers_of_50_and_one_of_100_making_400_with_two_mercenaries():
    strengths = sorted(s.strength for s in DATA.soldiers for _ in range(s.copies_per_baron))
    assert strengths == [50, 50, 50, 100]
    assert sorted(DATA.setup.mercenaries_dealt) == [50, 100]
    assert sum(strengths) + sum(DATA.setup.mercenaries_dealt) == DATA.setup.starting_strength == 400
    assert DATA.setup.starting_crowns == 15 and DATA.setup.agendas_revealed == 3


def test_event_colours_split_twelve_each_with_most_red_and_some_green_cancellable():
    assert {c: copies(DATA.events, colour=c) for c in ("red", "green", "blue")} == {"red": 12, "green": 12, "blue": 12}
    cancellable = Counter()
    for e in DATA.events:
        if e.faith_cost > 0:
            cancellable[e.colour] += e.copies
    assert cancellable["red"] == 11 and cancellable["green"] == 5


def test_agenda_kinds_4_private_13_motions_10_laws_10_charges_8_offices():
    by_kind = Counter()
    for a in DATA.agendas:
        by_kind[a.kind] += a.copies
    assert dict(by_kind) == {"private_motion": 4, "motion": 13, "law": 10, "charge": 10, "office": 8}
    assert copies(DATA.agendas, concession=True) == 5
    assert {a.vote for a in DATA.agendas} == {"yes_no", "choose_baron", "proposal"}


def test_mercenaries_six_nationalities_of_eleven_with_wage_strength_over_50():
    per_nation = Counter()
    for m in DATA.mercenaries:
        per_nation[m.nationality] += m.copies
        assert m.wage == m.strength // 50
    assert set(per_nation.values()) == {11} and len(per_nation) == 6
    assert {"english", "polish", "romanian"} <= set(per_nation)
    by_strength = Counter()
    for m in DATA.mercenaries:
        by_strength[m.strength] += m.copies
    assert dict(by_strength) == {50: 24, 100: 24, 150: 18}


def test_nobles_one_per_shape_star_deals_square_prevents_one_wage_exempt_each():
    for baron in DATA.barons:
        own = {n.shape: n for n in DATA.nobles.values() if n.baron == baron}
        assert sorted(own) == sorted(SHAPES)
        assert own["star"].abilities[0].params == {"symbol": "deal"}
        assert own["square"].abilities[0].params == {"symbol": "prevent"}
        exempt = [n for n in own.values() if n.abilities[0].kind == "wage_exemption"]
        assert len(exempt) == 1 and exempt[0].abilities[0].params["max_strength"] == 400
    assert DATA.nobles["green_square"].name == "Alan of Smalt"


def test_action_card_titles_and_where_they_go():
    allocation = {c.id: c.allocation for c in DATA.baron_cards}
    assert allocation == {
        "levy_taxes": ("taxation",), "draft_soldiers": ("wages",), "rally_support": ("assembly",),
        "serve_the_church": ("taxation", "wages", "assembly"), "mobilize_forces": ("wages", "assembly"),
        "versatile_strategy": (),
    }
    assert {c.id: c.copies for c in DATA.neutral_cards} == {
        "important_event": 2, "fund_expeditions": 2, "muster_troops": 2, "upgrade_defences": 1, "uncertain_times": 1,
    }


# ---------------------------------------------------------------------------- numbers by barons


@pytest.mark.parametrize(
    ("barons", "razed", "pool", "trigger", "track", "outer_ring"),
    [(2, 11, 20, 4, 3, False), (3, 7, 30, 6, 4, False), (4, 5, 40, 8, 5, True), (5, 3, 50, 10, 6, True),
     (6, 0, 60, 12, 7, True)],
)
def test_numbers_that_depend_on_the_barons(barons, razed, pool, trigger, track, outer_ring):
    row = DATA.per_barons[barons]
    assert (row.razed_kingdom_cities, row.influence_pool, row.special_phase_cards, row.mercenary_track_spaces,
            row.stronghold_outer_ring) == (razed, pool, trigger, track, outer_ring)
    unrazed = len(BOARD.kingdom_cities()) - razed
    assert unrazed == {2: 7, 3: 11, 4: 13, 5: 15, 6: 18}[barons]
    # the set-up deals one mercenary of each strength to every baron
    for strength in (50, 100):
        assert sum(m.copies for m in DATA.mercenaries if m.strength == strength) >= barons


def test_mercenary_track_costs_with_space_3_at_5_and_space_7_not_for_sale():
    costs = {t.space: t.cost for t in DATA.mercenary_track}
    assert costs == {1: 7, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2, 7: None}
    assert next(t for t in DATA.mercenary_track if t.space == 3).source == "rulebook"


def test_two_and_three_barons_find_stronghold_sites_off_the_outer_ring():
    inner_free = sorted(a.id for a in BOARD.areas.values()
                        if a.region == "kingdom" and not BOARD.outer(a.id) and BOARD.city_in(a.id) is None)
    assert inner_free == ["k_b3", "k_b5", "k_c2", "k_c4", "k_d3", "k_d5", "k_e2", "k_e4"]
    assert BOARD.outer("k_a3") and BOARD.outer("k_f5") and not BOARD.outer("k_c3")
    assert not BOARD.outer("o_acre")


# ---------------------------------------------------------------------------- effects


def test_every_effect_kind_is_used_by_some_card():
    assert set(kinds_used()) == set(EFFECT_KINDS)


def test_every_card_effect_is_valid_and_stands_where_its_kind_may():
    for card, effect in effects_of_every_card():
        validate_effect(effect, card.id)
        if hasattr(card, "shape"):
            assert effect.use == "ability"
        elif getattr(card, "kind", None) in ("law", "charge", "office"):
            assert effect.use == "standing", card.id
        else:
            assert effect.use == "immediate", card.id


def test_the_source_named_events_are_there():
    titles = {e.title: e for e in DATA.events}
    arson = titles["Arson"]
    assert (arson.colour, arson.faith_cost) == ("blue", 2)
    assert arson.effects[0].kind == "raze_city" and arson.effects[0].params["kill_nobles"] is True
    assert titles["No Heir"].effects[0].kind == "remove_heir"
    assert titles["Broken Line"].effects[0].params["heir"] is False


@pytest.mark.parametrize(
    "effect",
    [
        {"kind": "gain", "who": "drawer", "resource": "crowns", "amount": 0},
        {"kind": "gain", "who": "drawer", "resource": "gold", "amount": 2},
        {"kind": "kill_noble", "noble": "fate_noble", "heir": 1},
        {"kind": "private_motion", "proposer": "fate_baron", "purposes": ["lift_ban", "lift_ban"]},
        {"kind": "shuffle_fate", "twice": True},
        {"kind": "maintained_soldiers"},
        {"kind": "teleport"},
    ],
)
def test_malformed_effects_are_refused(effect):
    with pytest.raises(DataError, match=r"^card x: "):
        validate_effect(structure(effect, Effect, "card x"), "card x")


# ---------------------------------------------------------------------------- 20.11 coverage


def test_fate_fields_give_every_baron_noble_city_and_nationality():
    assert Counter(c.baron for c in DATA.fate) == {b: 4 for b in DATA.barons}
    assert sorted(c.noble for c in DATA.fate) == sorted(DATA.nobles)
    assert sorted(c.city for c in DATA.fate) == sorted(BOARD.cities)
    assert Counter(c.nationality for c in DATA.fate) == {n: 4 for n in DATA.nationalities}
    assert all(c.noble.startswith(c.baron + "_") for c in DATA.fate)


def test_fate_revolts_and_battle_symbols():
    assert sum(c.revolt for c in DATA.fate) == 6
    assert Counter(c.battle for c in DATA.fate) == {"deal": 10, "prevent": 6, "victory": 5, "draw": 3}


@pytest.mark.parametrize(
    ("expedition", "lost", "success"),
    [("ceylon", 3, Fraction(18, 24)), ("spice_islands", 7, Fraction(14, 24)), ("china", 11, Fraction(10, 24))],
)
def test_expeditions_riskier_but_equal_in_expectation(expedition, lost, success):
    results = Counter(c.expedition[expedition] for c in DATA.fate)
    assert set(results) <= set(EXPEDITION_RESULTS)
    assert results["no_news"] == 3 and results["fleet_lost"] == lost
    assert Fraction(24 - 3 - lost, 24) == success
    paid = sum(int(r[0]) * n for r, n in results.items() if r[0].isdigit())
    assert Fraction(paid, 21) == Fraction(30, 21)


def test_every_expedition_result_occurs_and_blessing_costs_one_faith():
    seen = {c.expedition[e] for c in DATA.fate for e in DATA.expeditions}
    assert seen == set(EXPEDITION_RESULTS)
    assert [e.id for e in DATA.expeditions.values()] == ["ceylon", "spice_islands", "china"]
    assert {(e.spaces, e.max_stake, e.blessing_faith) for e in DATA.expeditions.values()} == {(3, 5, 1)}


def test_the_events_cover_their_mechanisms():
    used = kinds_used()
    # heirless death, razing, random baron/noble/city/nationality draws, casualties outside battle
    for kind in ("kill_noble", "remove_heir", "raze_city", "desert", "breach", "casualties", "neutralise_city",
                 "free_mercenary", "shuffle_fate", "award_title"):
        assert used[kind], kind
    params = [e.params for _, e in effects_of_every_card()]
    assert {"who": "drawer", "resource": "influence", "amount": 1}.items() <= next(
        p for p in params if p.get("resource") == "influence" and p.get("who") == "drawer").items()
    assert any(p.get("who") == "fate_baron" for p in params)
    assert any(p.get("city") == "fate_kingdom_city" for p in params)
    assert any(p.get("noble") == "fate_on_board_noble" for p in params)
    # cancelling: red by the drawer, green, blue pooled at cost 2, and a red that cannot be cancelled
    assert any(e.colour == "red" and e.faith_cost == 0 for e in DATA.events)
    assert any(e.colour == "green" and e.faith_cost > 0 for e in DATA.events)
    assert any(e.colour == "blue" and e.faith_cost == 2 for e in DATA.events)


def test_the_agendas_cover_their_mechanisms():
    charges = copies(DATA.agendas, kind="charge")
    assert charges > 3  # the three-charge limit can be hit
    assert copies(DATA.agendas, kind="office") > 1  # an office can replace another
    standing = {e.kind: e for a in DATA.agendas for e in a.effects if e.use == "standing"}
    assert standing["taxation_levy"].params["refusable"] is True
    assert standing["commander_strength"].params == {"battle": "siege", "strength": 100}
    assert {"assembly_exclusion", "taxation_income", "maintained_soldiers"} <= set(standing)
    purposes = next(a for a in DATA.agendas if a.kind == "private_motion").effects[0].params["purposes"]
    assert set(purposes) == {"lift_ban", "remove_card", "postpone_assembly", "revive_discard"}


def test_cities_from_100_to_400_with_the_named_ones():
    kingdom = [BOARD.cities[c] for c in BOARD.kingdom_cities()]
    assert Counter(c.strength for c in kingdom) == {100: 4, 200: 7, 300: 5, 400: 2}
    assert sum(c.income for c in kingdom) == 31
    assert (BOARD.cities["vecht"].strength, BOARD.cities["monz"].strength, BOARD.cities["frola"].strength) == (300, 200, 200)
    for port_city in ("ballin", "cadiz", "alexandria"):
        assert BOARD.areas[BOARD.cities[port_city].area].port
    overseas = {c.name for c in BOARD.cities.values() if BOARD.areas[c.area].region == "overseas"}
    assert overseas == {"Constantinople", "Syracuse", "Cadiz", "Jerusalem", "Alexandria", "Acre"}


# ---------------------------------------------------------------------------- the board


def travel_graph() -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(BOARD.areas)
    g.add_edges_from((a, b) for a, b in BOARD.areas_map.graph.edges if BOARD.passable(a, b))
    for port in (a for a in BOARD.areas.values() if a.port):
        g.add_edges_from((port.id, other) for other in BOARD.sea_destinations(port.id))
    return g


def test_board_connected_and_every_city_reachable_from_everywhere():
    g = travel_graph()
    assert nx.is_connected(g)
    for start in ("k_c4", "o_acre"):
        reach = nx.node_connected_component(g, start)
        assert {c.area for c in BOARD.cities.values()} <= reach
    kingdom = [a for a in BOARD.areas if BOARD.areas[a].region == "kingdom"]
    land = nx.Graph((a, b) for a, b in BOARD.areas_map.graph.edges if BOARD.passable(a, b))
    assert set(land) == set(kingdom) and nx.is_connected(land)


def test_positions_distinct_and_areas_36_kingdom_6_overseas():
    assert len({(a.x, a.y) for a in BOARD.areas.values()}) == len(BOARD.areas) == 42
    assert Counter(a.region for a in BOARD.areas.values()) == {"kingdom": 36, "overseas": 6}


def test_rivers_only_at_four_bridges_mountains_never():
    assert len(BOARD.bridges) == 4
    assert not BOARD.passable("k_c2", "k_d2") and BOARD.passable("k_c3", "k_d3")
    assert not BOARD.passable("k_a2", "k_a3") and not BOARD.passable("k_e4", "k_f4")
    assert not BOARD.passable("k_a1", "k_c1")  # not neighbours
    for lane_port in BOARD.sea_lanes["open_sea"].ports:
        assert BOARD.areas[lane_port].port
    assert all(BOARD.areas_map.neighbours(a) == [] for a in BOARD.areas if a.startswith("o_"))


def test_a_road_runs_three_steps_and_crosses_the_river_only_by_bridges():
    road = BOARD.areas_map.reachable(
        "k_e1", 3, can_cross=lambda a, b, border: "east_road" in border["roads"] and BOARD.passable(a, b))
    assert max(road.values()) == 3 and road["k_e4"] == 3
    for a, b, border in BOARD.areas_map.graph.edges(data=True):
        if border["roads"] and border["river"]:
            assert border["bridge"], (a, b)


def test_sea_travel_goes_from_any_port_to_any_port():
    ports = sorted(a.id for a in BOARD.areas.values() if a.port)
    assert len(ports) == 12
    assert BOARD.sea_destinations("k_a1") == [p for p in ports if p != "k_a1"]


# ---------------------------------------------------------------------------- provenance


def test_data_provenance_names_the_placeholder_tables():
    provenance = data_provenance()
    placeholder = {name for name, sources in provenance.items() if "placeholder" in sources}
    for table in ("board.json areas", "board.json cities", "fate.json", "events.json", "agendas.json",
                  "mercenaries.json cards", "barons.json nobles", "actions.json baron_cards"):
        assert table in placeholder
    for table in ("components.json", "tables.json per_barons", "tables.json setup", "tables.json expeditions"):
        assert provenance[table] == ("rulebook",)
    assert all(sources and set(sources) <= {"rulebook", "component", "placeholder"} for sources in provenance.values())


def test_every_placeholder_record_names_what_it_invented():
    for name, records in DATA.tables().items():
        for record in records:
            assert (record.source == "placeholder") == bool(record.invented), (name, record)


# ---------------------------------------------------------------------------- broken copies


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of the data package; returns (package name, folder)."""
    return copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)


def isolate_d5(board):
    """Cut every border of the inner area d5 (no road or bridge there)."""
    for section in ("borders", "rivers", "bridges"):
        board[section] = [r for r in board[section] if "k_d5" not in (r["a"], r["b"])]


def first(records, **match):
    return next(r for r in records if all(r.get(k) == v for k, v in match.items()))


def test_a_clean_copy_loads(data_copy):
    name, _ = data_copy
    assert load_data(name).board.kingdom_cities() == BOARD.kingdom_cities()


@pytest.mark.parametrize(
    ("filename", "edit", "message"),
    [
        ("events.json", lambda es: es[0].update(colour_of_back="red"),
         r"events.json\[0\] \(camp_fever\): extra fields found \(colour_of_back\)"),
        ("events.json", lambda es: es[1]["effects"][0].update(kind="bankrupt"),
         r"events.json\[1\] \(embezzlement\) effects\[0\]: unknown effect kind 'bankrupt'"),
        ("agendas.json", lambda ags: ags[1]["effects"][0].update(amount="lots"),
         r"agendas.json\[1\] \(royal_grant\) effects\[0\]: effect 'gain': amount must be"),
        ("fate.json", lambda fs: fs[3].pop("source"),
         r"fate.json\[3\] \(f04\): required field missing @ \$\.source"),
        ("fate.json", lambda fs: fs[3].update(source="folklore"),
         r"fate.json\[3\] \(f04\).*source"),
        ("events.json", lambda es: es[0].update(copies=3),
         r"events.json: 37 event cards, the box has 36"),
        ("components.json", lambda cs: first(cs, id="fate_cards").update(count=25),
         r"fate.json: 24 fate cards, the box has 25"),
        ("mercenaries.json", lambda m: m["cards"][0].update(nationality="martian"),
         r"mercenaries.json cards \(english_50\): unknown nationality 'martian'"),
        ("fate.json", lambda fs: fs[0].update(noble="green_hexagon"),
         r"fate.json \(f01\): unknown noble 'green_hexagon'"),
        ("fate.json", lambda fs: fs[0]["expedition"].pop("china"),
         r"fate.json \(f01\): expedition must give a result for exactly"),
        ("agendas.json", lambda ags: first(ags, id="marshal")["effects"].append({"kind": "gain", "who": "chosen_baron", "resource": "crowns", "amount": 1}),
         r"agendas.json \(marshal\) effects\[1\]: 'gain' is an immediate effect, not standing"),
        ("events.json", lambda es: es[8]["effects"][0].update(who="chosen_baron"),
         r"events.json \(good_harvest\) effects\[0\]: who 'chosen_baron' has no meaning on this card"),
        ("barons.json", lambda b: first(b["nobles"], id="red_circle")["abilities"].__setitem__(0, {"kind": "wage_exemption", "max_strength": 400}),
         r"barons.json nobles: baron 'red' needs exactly one wage-exempt noble"),
        ("barons.json", lambda b: first(b["soldiers"], id="soldier_100").update(strength=150),
         r"barons.json soldiers: 300 loyal strength .* do not make the starting 400"),
        ("tables.json", lambda t: first(t["per_barons"], barons=4).update(influence_pool=44),
         r"tables.json per_barons \(4\): influence_pool must be 40"),
        ("tables.json", lambda t: first(t["mercenary_track"], space=2).update(cost=None),
         r"tables.json mercenary_track \(2\): Versatile Strategy can buy this space"),
        ("board.json", lambda b: b["roads"].append({"id": "goat_path", "areas": ["k_a2", "k_a3"], "source": "placeholder", "invented": ["areas"]}),
         r"board.json road 'goat_path': 'k_a2'-'k_a3' crosses a mountain"),
        ("board.json", lambda b: b["bridges"].append({"a": "k_a1", "b": "k_b1", "source": "placeholder", "invented": ["a"]}),
         r"board.json: 5 bridges|a bridge crosses a river"),
        ("board.json", lambda b: b["sea_lanes"][0]["ports"].remove("o_acre"),
         r"board.json: port\(s\) \['o_acre'\] are on no sea lane"),
        ("board.json", isolate_d5,
         r"board.json: the board falls apart into 2 parts"),
        ("board.json", lambda b: first(b["areas"], id="k_b1").update(x=100, y=230),
         r"board.json area 'k_b1': drawn at the same x, y as 'k_a1'"),
        ("board.json", lambda b: b["borders"].append({"a": "k_a1", "b": "o_acre", "source": "placeholder", "invented": ["a"]}),
         r"board.json borders\[60\] \(k_a1-o_acre\): 'o_acre' is overseas"),
        ("board.json", lambda b: first(b["cities"], id="kovel").update(area="k_b2"),
         r"board.json city 'kovel': area 'k_b2' already holds 'monz'"),
        ("board.json", lambda b: first(b["cities"], id="monz").update(source="rulebook"),
         r"board.json cities\[3\] \(monz\): a placeholder record lists its invented fields"),
    ],
)
def test_a_broken_copy_is_refused_naming_the_file(data_copy, filename, edit, message):
    name, folder = data_copy
    rewrite_json(folder, filename, edit)
    with pytest.raises(DataError, match=message) as caught:
        load_data(name)
    assert f"{name}/" in str(caught.value)


def test_real_cards_entered_as_components_load_and_show_in_the_provenance(data_copy):
    name, folder = data_copy

    def enter_as_components(events):
        for event in events:
            event["source"] = "component"
            event.pop("invented", None)

    rewrite_json(folder, "events.json", enter_as_components)
    assert data_provenance(name)["events.json"] == ("component",)
    assert data_provenance(name)["fate.json"] == ("placeholder",)
