"""Guiscard milestone-1 data: every table loads, every result can happen, the rulebook's own
numbers are there exactly, and a broken file is refused naming the file and the record."""

from __future__ import annotations

import itertools
import math

import pytest

from banneret.boards.hexgrid import distance
from banneret.errors import DataError
from banneret_guiscard.data_model import DATA_PACKAGE, FILES, build_data, data_provenance, load_data
from banneret.testing.datafiles import copy_data_package, rewrite_json


def scenario_record(records: list[dict], scenario_id: str) -> dict:
    """The record of ``scenario_id`` in a copy of ``scenarios.json`` (found by id: the file's order
    is the game's list of scenarios, the first its default)."""
    return next(record for record in records if record["id"] == scenario_id)

DATA = load_data()


def test_every_file_loads_and_reports_its_provenance():
    assert tuple(DATA.provenance) == FILES
    assert set(data_provenance().values()) <= {"rulebook", "reconstructed", "placeholder"}
    # The play-aid tables are not in the rulebook text: they must say so.
    placeholders = {name for name, tag in data_provenance().items() if tag == "placeholder"}
    assert {"melee_foot.json", "melee_mounted.json", "fire_foot.json", "fire_mounted.json", "impact.json",
            "infiltration.json", "roster.json", "map_test_field.json", "scenarios.json"} <= placeholders
    for name in ("movement_classes.json", "horses.json", "bodies.json", "defensive_fire.json"):
        assert data_provenance()[name] == "rulebook"
    assert data_provenance()["codes.json"] == "reconstructed"  # the lost class letter j


# ---------------------------------------------------------------------------- reachability


@pytest.mark.parametrize("kind", ["foot", "mounted"])
def test_every_melee_letter_is_reachable(kind):
    table = DATA.melee[kind]
    assert len(table.columns) == 13
    rolls = range(table.die_min, table.die_max + 1)
    reached = {table.result(c, r) for c in range(len(table.columns)) for r in rolls}
    assert reached == {e.letter for e in table.legend} == set("ABCDEFGHI")


@pytest.mark.parametrize(("kind", "drop"), [("foot", 0), ("mounted", 1)])
def test_placeholder_melee_grids_follow_their_documented_formula(kind, drop):
    table = DATA.melee[kind]
    if table.provenance != "placeholder":
        pytest.skip("the real sheet replaced the placeholder")
    for c, r in itertools.product(range(len(table.columns)), range(table.die_min, table.die_max + 1)):
        index = max(0, min(8, math.floor(3.5 + 0.5 * c - 0.45 * (r - 1)) - drop))
        assert table.result(c, r) == "ABCDEFGHI"[index], (c, r)


def test_placeholder_fire_grids_follow_their_documented_formula():
    strength = {"composite_bow": (6, 4, 2), "short_bow": (5, 3, 1), "sling": (4, 3, 1), "javelin": (6, 3, 1),
                "thrown_lance": (7, 4), "stone_thrower": (8,)}
    cover = {"none": 0, "light": -1, "medium": -2, "heavy": -3}
    for table in DATA.fire.values():
        if table.provenance != "placeholder":
            continue
        for grid in table.grids:
            s = strength[grid.weapon][("short", "medium", "long").index(grid.band)]
            for k, r in itertools.product(table.covers, range(table.die_min, table.die_max + 1)):
                index = max(0, min(5, s + cover[k] - math.ceil(r / 2) + 1))
                assert table.result(grid.weapon, grid.band, k, r) == "ABCDEF"[index], (grid.weapon, grid.band, k, r)


def test_only_mounted_melee_results_g_h_i_kill_the_horse():
    # §6.8: on the mounted table G, H and I kill the horse; nothing on the foot table does.
    mounted = {e.letter for e in DATA.melee["mounted"].legend if e.defender.horse_killed}
    assert mounted == {"G", "H", "I"}
    assert not any(e.defender.horse_killed or e.attacker.horse_killed for e in DATA.melee["foot"].legend)


@pytest.mark.parametrize("kind", ["foot", "mounted"])
def test_every_fire_letter_is_reachable(kind):
    table = DATA.fire[kind]
    reached = {
        table.result(grid.weapon, grid.band, cover, roll)
        for grid in table.grids
        for cover in table.covers
        for roll in range(table.die_min, table.die_max + 1)
    }
    assert reached == {e.letter for e in table.legend} == set("ABCDEF")


def test_mounted_fire_results_d_and_e_kill_the_horse():
    # §6.8: a riderless horse is fired on like an unarmoured rider; D and E kill it.
    killing = {e.letter for e in DATA.fire["mounted"].legend if e.unarmoured.horse_killed}
    assert killing == {"D", "E"}


def test_fire_rolls_above_ten_count_as_ten():
    table = DATA.fire["foot"]
    for grid, cover in itertools.product(table.grids, table.covers):
        assert table.result(grid.weapon, grid.band, cover, 14) == table.result(grid.weapon, grid.band, cover, 10)


def test_every_impact_result_and_a_lost_missile_are_reachable():
    table = DATA.impact
    band_mods = [table.modifier(f"range_{band}") for band in ("short", "medium", "long")]
    rider_mods = [0, table.modifier("target_rider")]
    reached = {
        table.impact(roll + band + rider)
        for roll in range(table.die_min, table.die_max + 1)
        for band in band_mods
        for rider in rider_mods
    }
    assert reached == {r.impact for r in table.results} | {None}
    assert table.impact(table.lost_above + 1) is None  # §5.4.2: above 10 the missile is lost
    with pytest.raises(KeyError, match="unknown modifier condition 'fog'"):
        table.modifier("fog")
    assert table.no_roll_within == 2  # §5.4.1


def test_every_infiltration_result_is_reachable():
    table = DATA.infiltration
    mods = [m.value for m in table.modifiers]
    reached = {
        table.result(roll + sum(chosen))
        for roll in range(table.die_min, table.die_max + 1)
        for n in range(len(mods) + 1)
        for chosen in itertools.combinations(mods, n)
    }
    assert reached == {"none", "halted", "wounded", "killed"}
    # the open ends take any modified roll
    assert table.result(-5) == "none" and table.result(15) == "killed"


# ---------------------------------------------------------------------------- columns


def test_column_shifts_move_by_index_and_stop_at_both_ends():
    table = DATA.melee["foot"]
    last = len(table.columns) - 1
    assert table.shift(0, -1) == 0
    assert table.shift(1, -5) == 0
    assert table.shift(last, 1) == last
    assert table.shift(last - 1, 4) == last
    assert table.column_index(-1000) == 0 and table.column_index(1000) == last
    # §6.2: a difference of 9, bad terrain one column left (5/8), joint attack one right (9/12)
    nine = table.column_index(9)
    assert table.columns[nine].label == "9/12"
    assert table.columns[table.shift(nine, -1)].label == "5/8"
    assert table.shift(table.shift(nine, -1), 1) == nine
    # §7.3.1: 40 sits in 26/40; +1 (two attackers) -3 (three ranks) is two columns left
    forty = table.column_index(40)
    assert table.columns[forty].label == "26/40"
    assert table.shift(forty, 1 - 3) == forty - 2
    # §7.3.1: 42 sits in 41/60; one column right is 61/80
    assert table.columns[table.shift(table.column_index(42), 1)].label == "61/80"


def test_melee_rolls_beyond_the_die_count_as_its_ends():
    table = DATA.melee["mounted"]
    for column in range(len(table.columns)):
        assert table.result(column, 0) == table.result(column, 1)
        assert table.result(column, 12) == table.result(column, 10)


def test_terrain_melee_shifts():
    terrain = DATA.terrain
    assert terrain.melee_shift("-", "0") == -1  # §6.1/§6.2 worked figure
    for sign in "-0+":
        assert terrain.melee_shift(sign, sign) == 0  # §6.1: same effect, no shift
    assert terrain.melee_shift("+", "-") == 2


# ---------------------------------------------------------------------------- counters


def test_wounded_and_stunned_values_follow_the_formula_for_every_counter():
    for counter in DATA.roster.values():
        blocks = [(counter.foot, DATA.movement_classes[counter.foot.movement_class])]
        if counter.mounted is not None:
            blocks.append((counter.mounted, DATA.movement_classes[counter.mounted.movement_class]))
        for block, mclass in blocks:
            assert block.wounded.attack == max(1, block.healthy.attack // 2), counter.id
            assert block.wounded.defence == max(1, block.healthy.defence // 2), counter.id
            assert (block.healthy.ma, block.wounded.ma) == (mclass.healthy_ma, mclass.wounded_ma), counter.id
        stunned = counter.foot.stunned
        assert (stunned.attack, stunned.defence, stunned.ma) == (0, 2 if counter.armoured else 1, 0), counter.id


def test_the_roster_covers_every_origin_and_every_class():
    assert {c.origin for c in DATA.roster.values()} == {o.letter for o in DATA.codes.origins}
    assert {c.unit_class for c in DATA.roster.values()} == {k.letter for k in DATA.codes.classes}


def test_the_rulebook_example_values_are_exact_and_tagged():
    roster = DATA.roster
    expected = {
        ("drogon", "foot.healthy.ma"): 6,  # §4.4.2
        ("arthur", "mounted.healthy.ma"): 12,  # §4.4.2
        ("norman_knight", "mounted.healthy.attack"): 28,  # §7.2.3
        ("arab_cavalryman", "mounted.healthy.defence"): 9,  # §7.2.3
        ("tancrede", "foot.healthy.attack"): 22,  # §7.3.1
        ("robert", "foot.healthy.attack"): 25,
        ("drogon", "foot.healthy.attack"): 22,
        ("arthur", "foot.healthy.attack"): 26,
        ("okeanos", "foot.healthy.defence"): 7,
        ("nikolaos", "foot.healthy.defence"): 6,
    }
    for (counter_id, path), value in expected.items():
        node = roster[counter_id]
        for part in path.split("."):
            node = getattr(node, part)
        assert node == value, (counter_id, path)
        assert roster[counter_id].field_provenance[path] == "rulebook"
    tagged = {(c.id, p) for c in roster.values() for p, tag in c.field_provenance.items() if tag == "rulebook"}
    assert tagged == set(expected)
    assert {h.defence for h in DATA.horses.horses} == {1}  # §6.8
    assert DATA.horses.horse("cataphract_horse").armoured


def test_the_mounting_examples_of_4_4_2_come_out_of_the_data():
    horses = DATA.horses
    drogon = DATA.roster["drogon"]
    # 1 MP to reach the horse, then the armoured mounting cost; what is left doubles
    left = drogon.foot.healthy.ma - 1 - horses.mount_cost(drogon.armoured)
    assert left * horses.mount_multiplier == 4
    arthur = DATA.roster["arthur"]
    left = arthur.mounted.healthy.ma - 4 - horses.mount_cost(arthur.armoured)
    assert left // horses.dismount_divisor == 2


def test_only_shooting_classes_carry_missiles_and_riders_use_bows_and_lances_only():
    for counter in DATA.roster.values():
        for weapon_id in counter.weapons:
            weapon = DATA.weapons[weapon_id]
            assert weapon.any_class or counter.unit_class in {"j", "s", "a"}
    mounted = {w.id for w in DATA.weapons.values() if w.mode("mounted") is not None}
    assert mounted == {"composite_bow", "thrown_lance"}  # §5.0, A-69
    lance = DATA.weapons["thrown_lance"]
    assert lance.ammunition == 1 and lance.any_class  # once per scenario (§5.0)
    assert lance.mode("mounted").defensive_move.allowance(12) is None  # §7.1.1: offensive fire only
    assert DATA.weapons["javelin"].ammunition == 4
    assert DATA.weapons["short_bow"].band_at(1) == "short"
    assert DATA.weapons["short_bow"].band_at(22) is None


# ---------------------------------------------------------------------------- terrain and map


def test_terrain_costs_of_3_1():
    t = DATA.terrain.terrains
    assert t["clear"].cost(mounted=True, armoured=True) == 1
    assert t["tree"].cost(mounted=False, armoured=False) == 2
    assert t["tree"].cost(mounted=True, armoured=False) is None
    assert t["slope"].cost(mounted=True, armoured=True) == 4  # §4.4.4
    assert t["deep_water"].cost(mounted=False, armoured=False) == 4  # §4.2.1
    assert t["deep_water"].cost(mounted=False, armoured=True) is None
    assert t["deep_water"].cost(mounted=True, armoured=False) is None


def test_the_test_field_holds_every_terrain_of_3_1_and_a_two_level_slope():
    field = DATA.maps["test_field"].board
    on_map = {field.attrs(h)["terrain"] for h in field.hexes()}
    assert on_map == {tid for tid, terrain in DATA.terrain.terrains.items() if terrain.rule == "§3.1"}
    assert {field.attrs(h)["level"] for h in field.hexes()} == {0, 1, 2}
    assert all(set(field.attrs(h)) == {"terrain", "level"} for h in field.hexes())
    crests = [side for side, feature in field.sides().items() if feature["feature"] == "crest"]
    slope_levels = {field.attrs(h)["level"] for side in crests for h in side if field.attrs(h)["terrain"] == "slope"}
    assert slope_levels == {0, 1}
    # a crest always has the slope, path or stairs below it
    for a, b in crests:
        low, high = sorted((a, b), key=lambda h: field.attrs(h)["level"])
        assert field.attrs(low)["terrain"] in {"slope", "path", "stone_stairs"}
        assert field.attrs(high)["level"] == field.attrs(low)["level"] + 1
    for terrain in ("path", "stone_stairs"):
        assert any(terrain in {field.attrs(a)["terrain"], field.attrs(b)["terrain"]} for a, b in crests)


def test_placeholder_1_puts_both_sides_on_the_test_field():
    scenario = DATA.scenarios["placeholder_1"]
    board = DATA.maps[scenario.map].board
    assert scenario.turns == 12
    sides = [s.id for s in scenario.sides]
    assert {p.side for p in scenario.forces} == set(sides)
    covered = [h for p in scenario.forces for h in p.hexes()]
    assert len(covered) == len(set(covered)) and all(h in board for h in covered)
    for p in scenario.forces:
        if p.mounted:
            head, rear = p.hexes()
            assert distance(head, rear) == 1


# ---------------------------------------------------------------------------- broken files


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of the data package; returns (package name, folder)."""
    return copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)


def record(records, record_id):
    return next(r for r in records if r["id"] == record_id)


def test_a_clean_copy_loads(data_copy):
    name, _ = data_copy
    copy = build_data(name)
    assert set(copy.roster) == set(DATA.roster)
    assert copy.provenance == DATA.provenance


@pytest.mark.parametrize(
    ("filename", "edit", "message"),
    [
        ("roster.json", lambda rs: record(rs, "drogon").update(colour="red"),
         r"roster.json\[\d+\] \(drogon\): .*extra fields.*colour"),
        ("roster.json", lambda rs: record(rs, "olivier").update(weapons=["crossbow"]),
         r"roster.json \(olivier\): unknown weapon 'crossbow'"),
        ("roster.json", lambda rs: record(rs, "milo").update(code="Nix"),
         r"roster.json \(milo\): code 'Nix': unknown class letter 'x'"),
        ("roster.json", lambda rs: record(rs, "milo").update(weapons=["sling"]),
         r"roster.json \(milo\): class 'l' does not carry 'sling'"),
        ("terrain.json", lambda t: t["terrains"][3].pop("provenance"),
         r"terrain.json terrains\[3\] \(slope\): required field missing @ \$\.provenance"),
        ("map_test_field.json", lambda m: m["hexes"][7].update(terrain="lava"),
         r"map_test_field.json hex \(\d+, -?\d+\): unknown terrain 'lava'"),
        ("map_test_field.json", lambda m: m["hexsides"].pop(0),
         r"map_test_field.json hexside .*levels differ"),
        ("scenarios.json", lambda ss: scenario_record(ss, "placeholder_1")["forces"][0].update(counter="hereward"),
         r"scenarios.json \(placeholder_1\) force 'hereward': not in the roster"),
        ("scenarios.json", lambda ss: scenario_record(ss, "placeholder_1")["forces"][2].update(hex=[40, 40]),
         r"scenarios.json \(placeholder_1\) force 'romaric': hex \(40, 40\) is not on map"),
        ("melee_foot.json", lambda t: t["rows"][0].__setitem__(0, "Z"),
         r"melee_foot.json: row 0 has letter 'Z'"),
        ("melee_mounted.json", lambda t: t["columns"][1].update(low=-14),
         r"melee_mounted.json columns: range starting at -14"),
        ("fire_foot.json", lambda t: t["grids"].pop(),
         r"fire_foot.json: no grid for \['composite_bow long'\]"),
        ("geometry.json", lambda g: g["arcs"][1].update(min_degrees=70),
         r"geometry.json arcs: must split 0-180 degrees"),
        ("impact.json", lambda t: t["modifiers"][0].update(condition="fog"),
         r"impact.json modifiers\[0\]: .*@ \$\.condition"),
        ("defensive_fire.json", lambda t: t["refire"].pop(),
         r"defensive_fire.json refire: need exactly one distance for each kind of target"),
        ("weapons.json", lambda ws: record(ws, "sling").update(field_provenance={"reach": "rulebook"}),
         r"weapons.json\[\d+\] \(sling\) *: field_provenance names unknown field 'reach'"),
    ],
)
def test_a_broken_file_is_refused_naming_file_and_record(data_copy, filename, edit, message):
    name, folder = data_copy
    rewrite_json(folder, filename, edit)
    with pytest.raises(DataError, match=message):
        build_data(name)


def test_the_other_basic_rule_tables_hold_the_rulebook_numbers():
    bodies = DATA.bodies  # §4.2.2
    assert bodies.extra_mp(bodies.weight(characters=2, horses=0)) == 0
    assert bodies.extra_mp(bodies.weight(characters=3, horses=0)) == 1
    assert bodies.extra_mp(bodies.weight(characters=0, horses=1)) == 1
    for characters, horses in ((6, 0), (0, 2), (3, 1)):
        assert bodies.extra_mp(bodies.weight(characters, horses)) is None
    refire = DATA.defensive_fire  # §5.3
    assert [refire.refire_hexes(t) for t in ("foot_wounded", "foot", "mounted", "mounted_charging")] == [1, 2, 3, 4]
    horses = DATA.horses  # §4.4.3
    assert (horses.catch_success_max, horses.lead_limit_foot, horses.lead_limit_mounted) == (6, 3, 1)
