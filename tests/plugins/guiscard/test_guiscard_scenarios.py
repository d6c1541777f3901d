"""The scenarios (P-22) and their maps: Open skirmish and Cavalry charge on the Downs, Village
fight on the Village, Castle assault on the Keep, listed by
the game's info, loaded and checked by the loader, and played to their end by random agents
through the engine."""

from __future__ import annotations

import pytest

import banneret

from banneret.errors import DataError
from banneret.registry import registry_from
from banneret.simulate import make_batch, play_one
from banneret.testing import conformance_tests
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_guiscard import plugin
from banneret_guiscard.data_model import DATA_PACKAGE, MAP_FILES, build_data, load_data

from test_guiscard_data import scenario_record

REG = registry_from([plugin])
DATA = load_data()
NEW = ("Open skirmish", "Cavalry charge", "Village fight", "Castle assault", "Mixed", "Sally on the camp", "Stair fight",
       "House fight")


def test_the_game_lists_every_scenario_with_its_map_and_turns():
    scenarios = {s.name: s.description for s in REG.game("guiscard").info.scenarios}
    assert scenarios == {
        "Placeholder 1": "12 turns on the test field map",
        "Open skirmish": "10 turns on the downs map",
        "Cavalry charge": "8 turns on the downs map",
        "Village fight": "8 turns on the village map",
        "Siege-methods assault": "12 turns on the keep map",
        "Castle assault": "10 turns on the keep map",
        "Mixed": "10 turns on the village map",
        "Sally on the camp": "8 turns on the lagoon map",
        "Stair fight": "8 turns on the wards map",
        "House fight": "8 turns on the manor map",
    }



def test_a_new_game_plays_open_skirmish_unless_told_and_the_test_scenario_comes_last():
    """A player who names no scenario (``banneret play guiscard``, the launcher's first choice)
    gets Open skirmish, not the Test Field's Placeholder 1, which is listed last."""
    names = [s.name for s in REG.game("guiscard").info.scenarios]
    assert names[0] == "Open skirmish" and names[-1] == "Placeholder 1"
    assert banneret.new_game("guiscard", seed=0, registry=REG).scenario == "Open skirmish"

def test_the_downs_mix_terrain_levels_and_hexside_features():
    downs = DATA.maps["downs"]
    assert MAP_FILES["downs"] == "map_downs.json" and downs.record.provenance == "placeholder"
    terrains = {downs.board.attrs(h)["terrain"] for h in downs.board.hexes()}
    assert terrains == {"clear", "brush", "tree", "slope", "rocks", "marsh", "shallow_water", "deep_water", "beach"}
    assert len(downs.board.hexes()) == 16 * 12
    assert {downs.board.attrs(h)["level"] for h in downs.board.hexes()} == {0, 1}
    features = [s["feature"] for s in downs.board.sides().values()]
    assert features.count("cliff") == 2 and features.count("crest") == 20


def test_the_forces_of_the_two_scenarios():
    skirmish, charge = DATA.scenarios["open_skirmish"], DATA.scenarios["cavalry_charge"]
    for sc in (skirmish, charge):
        assert [s.id for s in sc.sides] == ["normans", "byzantines"]  # the game's two factions, side A first
        assert sc.provenance == "placeholder" and sc.victory.casualty_states == ("wounded", "dead")
        assert all(p.provenance == "placeholder" for p in sc.forces)

    def count(sc, side, mounted):
        return sum(p.side == side and p.mounted == mounted for p in sc.forces)

    assert (count(skirmish, "normans", True), count(skirmish, "normans", False)) == (1, 6)
    assert (count(skirmish, "byzantines", True), count(skirmish, "byzantines", False)) == (1, 6)
    assert (count(charge, "normans", True), count(charge, "normans", False)) == (5, 1)
    assert (count(charge, "byzantines", True), count(charge, "byzantines", False)) == (1, 7)


@pytest.mark.parametrize(
    ("filename", "edit", "message"),
    [
        ("scenarios.json", lambda ss: scenario_record(ss, "cavalry_charge")["forces"][6].update(hex=[9, 8]),
         r"scenarios.json \(cavalry_charge\) force 'okeanos': may not stand on deep_water at \(9, 8\)"),
        ("scenarios.json", lambda ss: scenario_record(ss, "open_skirmish").update(map="castle"),
         r"scenarios.json \(open_skirmish\): unknown map 'castle'"),
        ("map_downs.json", lambda m: m["hexsides"].pop(0),
         r"map_downs.json hexside .*levels differ"),
        ("map_downs.json", lambda m: m["hexes"][0].update(terrain="lava"),
         r"map_downs.json hex \(0, 0\): unknown terrain 'lava'"),
    ],
)
def test_the_loader_refuses_broken_scenarios_and_maps(tmp_path, monkeypatch, filename, edit, message):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, filename, edit)
    with pytest.raises(DataError, match=message):
        build_data(name)


@pytest.mark.parametrize("scenario", NEW)
def test_random_agents_play_the_scenario_to_its_end(scenario):
    batch = make_batch(REG, "guiscard", seed=7, scenario=scenario)
    turns = next(sc.turns for sc in DATA.scenarios.values() if sc.name == scenario)
    for index in range(2):
        result = play_one(batch, index, REG)
        assert result.error is None and result.violations == 0, (result.error, result.messages)
        assert result.finished and result.ended_by == "rules"
        assert result.turn == turns  # every turn played
        assert [s.faction for s in result.standings] != [] and result.score_name == "enemy casualties"


for _scenario in (*NEW, "Placeholder 1"):  # Placeholder 1: last in the list, no longer among the general suite's draws
    _suite = conformance_tests(
        "guiscard", registry=REG, scenario=_scenario, max_steps=150, sample_every=150, check_every=10,
        # scenario-independent machinery, covered by the general suites of test_guiscard_conformance.py (the
        # board by test_guiscard_board_web.py on these scenarios)
        skip_checks=("save_round_trip", "undo", "clone_independence", "determinism", "agents", "shared_sequences", "board"),
    )["TestConformanceGuiscard"]
    globals()[f"TestConformance{_scenario.title().replace(' ', '')}"] = _suite
del _suite, _scenario
