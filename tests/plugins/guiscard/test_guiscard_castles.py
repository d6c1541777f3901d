"""Guiscard castles (§9) rule by rule on the Keep map, with exact outcomes: the palisade, the
platforms and their stairs, the lifting gate's three states, the tower's arrow slits and
entrance, the chapel's cross window, for movement (§9.5, §9.6), fire and cover (§9.3, §9.4) and
melee (§9.1, §9.2); Part VI invariants 64-66, 68, 69. The Castle assault scenario is played
by random agents and has its conformance suite in test_guiscard_scenarios.py.

Keep landmarks (axial q,r): the palisade ring, its north side on row 2 from 5,2 to 11,2, the
gate 4,9 in its south side; platforms one level up on 6,3-10,3 and 9,4-8,7, the stairs 6,4 (a
crest to 6,3 and 7,3); the tower 3,2 4,2 3,3 4,3 with arrow slits 3,2 (north, to 4,1) and 3,3
(west, to 2,3) and its entrance 4,3 (to 5,3); the chapel's cross window 3,7 (to 2,7)."""

from __future__ import annotations

from types import MappingProxyType

import attrs
import pytest

import banneret
from banneret.errors import DataError
from banneret.flow import Frame
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_guiscard import castles
from banneret_guiscard.data_model import DATA_PACKAGE, build_data, load_data
from banneret_guiscard.fire import OffensiveFire, fire_cover
from banneret_guiscard.melee import Combat, combat_column, may_attack
from banneret_guiscard.movement import Movement, step_options
from banneret_guiscard.state import Piece

from test_guiscard_agent import choice as agent_choice
from test_guiscard_data import scenario_record
from test_guiscard_movement import GAME, REG, foot, labels, play, rider

N, B = "normans", "byzantines"
DATA = load_data()
KEEP = "Castle assault"
GATE = (4, 9)


def position(*pieces: Piece, structures=None, step=OffensiveFire, scenario=KEEP) -> banneret.State:
    """The Normans' phase of the Castle assault (or ``scenario``) at ``step``, these characters
    on the map, the gate and palisade as ``structures`` says (closed and whole by default)."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=scenario)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.structures = dict(structures or {})
    state.stack[-1] = Frame(step.name, {})
    GAME.flow.settle(state)
    return state


def cover(shooter, target, structures=None, friends=()) -> str | None:
    """The cover of a Norman archer's shot at a Byzantine on ``target``."""
    state = position(foot("stephanos", N, shooter), foot("yani", B, target),
                     *(foot(pid, N, h) for pid, h in friends), structures=structures)
    b = state.data
    return fire_cover(b, b.pieces["stephanos"], DATA.weapons["composite_bow"], target)


def steps(state: banneret.State, pid: str, left: int = 8) -> dict[tuple[int, int], int]:
    b = state.data
    return {s.hex: s.cost for s in step_options(b, b.pieces[pid], left)}


# --------------------------------------------------------------------------- data (§9.1, §9.2.3, P-21)


def test_the_keep_holds_the_castle_terrain_on_two_levels():
    keep = DATA.maps["keep"].board
    terrains = {keep.attrs(h)["terrain"] for h in keep.hexes()}
    assert {"palisade", "gate", "platform", "castle_stairs", "bailey", "arrow_slit", "tower_entrance"} <= terrains
    assert {keep.attrs(h)["level"] for h in keep.hexes() if keep.attrs(h)["terrain"] == "platform"} == {1}
    features = [f["feature"] for f in keep.sides().values()]
    assert (features.count("arrow_slit"), features.count("chapel_window"), features.count("crest")) == (2, 1, 2)
    gate = DATA.terrain.terrains["gate"]
    assert dict(gate.changes_to) == {"open": "gate_open", "destroyed": "gate_destroyed"}
    assert [(s.hex, s.state) for s in DATA.scenarios["castle_assault"].structures] == [(GATE, "destroyed")]


def test_the_loader_refuses_a_state_a_hex_cannot_take(tmp_path, monkeypatch):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "scenarios.json", lambda ss: scenario_record(ss, "castle_assault")["structures"][0].update(state="open", hex=[5, 2]))
    with pytest.raises(DataError, match=r"scenarios.json \(castle_assault\) structure \(5, 2\): its terrain cannot be 'open'"):
        build_data(name)


# --------------------------------------------------------------------------- movement (§9.2, §9.5, §9.6)


def test_66_the_gate_closed_open_and_destroyed():
    state = position(foot("milo", N, (4, 10)), rider("robert", N, (3, 10), 1), foot("petros", B, (12, 0)),
                     step=Movement)
    assert GATE not in steps(state, "milo") and GATE not in steps(state, "robert")      # closed
    state.data.structures[GATE] = ("open", 1)
    assert steps(state, "milo")[GATE] == 2 and GATE not in steps(state, "robert")       # open: foot only
    state.data.structures[GATE] = ("destroyed", 1)
    assert steps(state, "milo")[GATE] == 2 and steps(state, "robert")[GATE] == 4        # destroyed: riders too


def gate_labels(state: banneret.State) -> list[str]:
    return [x for x in labels(state) if "the gate" in x]


def test_a_character_inside_next_to_the_gate_raises_it_for_two_mp_and_another_lowers_it():
    # §9.2.3, reading: on foot, on the castle's ground next to the gate, before it moves; either side
    state = position(foot("milo", N, (4, 8)), foot("guido", N, (5, 8)), foot("gautier", N, (4, 10)),
                     rider("robert", N, (6, 8), 3), foot("petros", B, (12, 0)), step=Movement)
    b = state.data
    assert gate_labels(state) == ["guido raises the gate on 4,9", "milo raises the gate on 4,9"]  # not from outside
    play(state, "milo raises the gate on 4,9")                                         # nor a rider
    assert b.structures[GATE] == ("open", b.turn) and castles.terrain_at(b, GATE).id == "gate_open"
    assert b.spent["milo"] == 2 and b.left["milo"] == 6                                 # MA 8, 6 MP left
    assert gate_labels(state) == ["guido lowers the gate on 4,9"]                      # milo has spent MP
    assert "move milo" in labels(state) and steps(state, "milo", 2)[GATE] == 2          # he may go on, stooping
    assert state.log[-1].text == "milo raises the gate on 4,9"
    assert GAME.view(state, N)["structures"] == [[[4, 9], "open"]]
    play(state, "guido lowers the gate on 4,9")
    assert GATE not in b.structures and castles.terrain_at(b, GATE).id == "gate"
    assert b.spent["guido"] == 2 and gate_labels(state) == []
    assert GATE not in steps(state, "gautier")                                          # closed again


def test_the_gate_is_never_lowered_onto_anyone_nor_worked_once_destroyed():
    open_gate = {GATE: ("open", 1)}
    state = position(foot("milo", N, (4, 8)), foot("gautier", N, GATE), foot("petros", B, (12, 0)),
                     structures=open_gate, step=Movement)
    assert gate_labels(state) == []                                                     # gautier under it
    state = position(foot("milo", N, (4, 8)), foot("petros", B, (12, 0)), structures=open_gate, step=Movement)
    b = state.data
    assert gate_labels(state) == ["milo lowers the gate on 4,9"]
    b.bodies = {GATE: (1, 0)}
    assert castles.gate_choices(b, ["milo"], lambda pid: 4) == []                       # a body under it
    b.bodies = {}
    assert castles.gate_choices(b, ["milo"], lambda pid: 1) == []                       # 2 MP needed
    assert castles.gate_choices(b, ["milo"], lambda pid: 2) == [("milo", GATE, "close")]
    state = position(foot("milo", N, (4, 8)), foot("petros", B, (12, 0)), structures={GATE: ("destroyed", 1)},
                     step=Movement)
    assert gate_labels(state) == []
    state = position(foot("milo", N, (4, 8)), foot("petros", B, (12, 0)), step=Movement)
    play(state, "move milo", "to 5,8 (1 MP)", "stop here")
    assert "end movement" in labels(state) and gate_labels(state) == []                 # once moved, no more


def test_the_heuristic_agent_opens_the_gate_to_friends_outside_and_closes_it_on_enemies():
    outside = [foot("gautier", N, (4, 11)), foot("sandro", N, (5, 10))]
    state = position(foot("milo", N, (4, 8)), *outside, foot("petros", B, (12, 0)), step=Movement)
    assert agent_choice(state) == "milo raises the gate on 4,9"                         # two friends outside
    state = position(foot("milo", N, (4, 8)), *outside, foot("yani", B, (3, 11)), foot("petros", B, (2, 11)),
                     step=Movement)
    assert "milo raises the gate on 4,9" in labels(state)
    assert agent_choice(state) != "milo raises the gate on 4,9"                         # as many enemies: left shut
    state = position(foot("milo", N, (4, 8)), foot("yani", B, (3, 11)), foot("petros", B, (4, 10)),
                     structures={GATE: ("open", 1)}, step=Movement)
    assert agent_choice(state) == "milo lowers the gate on 4,9"                         # enemies outside


def test_65_the_palisade_is_never_entered_and_a_destroyed_one_costs_one():
    state = position(foot("milo", N, (7, 1)), foot("petros", B, (12, 0)), step=Movement)
    assert not {(7, 2), (6, 2)} & set(steps(state, "milo"))
    state.data.structures[(7, 2)] = ("destroyed", 1)
    assert steps(state, "milo")[(7, 2)] == 1


WARDS = "Stair fight"
"""On the Two Wards: the upper ward (rows 0-2, level 1) above the lower, a cliff between them
but for the stairs 1,3 (onto 1,2 and 2,2), 5,3 (its top on the hexside with 6,2) and the
flight 9,3 up to the landing 9,2 in the middle of an upper hex (§9.6)."""


def test_96_stairs_whose_top_lies_on_one_hexside_are_reached_and_fought_from_that_hex_only():
    state = position(foot("milo", N, (6, 2)), foot("sandro", N, (5, 2)), foot("petros", B, (0, 8)),
                     step=Movement, scenario=WARDS)
    assert steps(state, "milo")[(5, 3)] == 2 and (5, 3) not in steps(state, "sandro")
    state = position(foot("milo", N, (1, 2)), foot("sandro", N, (2, 2)), foot("petros", B, (8, 8)),
                     step=Movement, scenario=WARDS)
    assert steps(state, "milo")[(1, 3)] == 2 and steps(state, "sandro")[(1, 3)] == 2  # two hexes: both
    state = position(foot("yani", B, (5, 3)), foot("milo", N, (6, 2)), foot("sandro", N, (5, 2)),
                     foot("romaric", N, (6, 3)), step=Combat, scenario=WARDS)
    b = state.data
    assert [pid for pid in ("milo", "sandro", "romaric") if may_attack(b, b.pieces[pid], "yani")] == [
        "milo", "romaric"]                                       # above only across the top; below, its foot


def test_96_stairs_opening_onto_the_middle_of_a_hex_are_reached_and_fought_from_every_hex_beside_it():
    upper = {"milo": (8, 2), "sandro": (10, 2), "romaric": (9, 1), "guillaume": (10, 1)}
    for pid, h in upper.items():                                 # every upper hex beside the landing
        state = position(foot(pid, N, h), foot("petros", B, (0, 8)), step=Movement, scenario=WARDS)
        assert steps(state, pid)[(9, 2)] == 2, pid
    state = position(foot("milo", N, (9, 3)), foot("sandro", N, (8, 3)), foot("petros", B, (0, 8)),
                     step=Movement, scenario=WARDS)
    assert steps(state, "milo")[(9, 2)] == 2                     # up the flight below it
    assert (9, 2) not in steps(state, "sandro")                  # not up the cliff beside it
    state = position(foot("yani", B, (9, 2)), *(foot(pid, N, h) for pid, h in upper.items()),
                     foot("olivier", N, (9, 3)), foot("bruno", N, (8, 3)), step=Combat, scenario=WARDS)
    b = state.data
    assert [pid for pid in b.pieces if pid != "yani" and may_attack(b, b.pieces[pid], "yani")] == [
        "milo", "sandro", "romaric", "guillaume", "olivier"]      # not bruno, below the cliff


def test_platforms_are_reached_only_by_the_stairs_and_the_tower_only_by_its_door():
    state = position(foot("milo", N, (5, 4)), foot("petros", B, (12, 0)), step=Movement)
    assert steps(state, "milo") == {(6, 4): 2, (5, 3): 1, (4, 4): 1, (4, 5): 1, (5, 5): 1}  # no platform hex
    state.data.pieces["milo"] = foot("milo", N, (6, 4))
    assert steps(state, "milo")[(6, 3)] == 1 and steps(state, "milo")[(7, 3)] == 1     # §9.6: both crests
    state.data.pieces["milo"] = foot("milo", N, (5, 3))
    assert steps(state, "milo") == {(4, 3): 1, (4, 4): 1, (5, 4): 1}                    # the tower entrance
    state.data.pieces["milo"] = foot("milo", N, (4, 1))
    assert (3, 2) not in steps(state, "milo")                                           # never through a slit


# --------------------------------------------------------------------------- fire and cover (§9.3, §9.4)


def test_platforms_fire_over_the_palisade_and_are_heavily_covered_behind_it():
    assert cover((7, 3), (7, 1)) == "none"           # from the platform out (§9.3.1)
    assert cover((7, 1), (7, 3)) == "heavy"          # back over the palisade beside it (§9.4.1)
    assert cover((5, 5), (7, 3)) == "none" and cover((7, 3), (5, 5)) == "none"  # inside, both ways (§9.3.3)


def test_69_the_castle_ground_is_hidden_while_the_gate_stands():
    assert cover((4, 0), (4, 5)) is None             # over the palisade: total cover
    assert cover((3, 11), (4, 8)) is None            # the gate closed
    assert cover((3, 11), (4, 8), {GATE: ("open", 1)}) == "light"        # through the open gate (§9.4.2)
    assert cover((3, 11), (4, 8), {GATE: ("destroyed", 1)}) == "light"   # through the breach


def test_arrow_slits_and_the_chapel_window_fire_out_and_are_fired_at_heavy():
    assert cover((3, 2), (4, 0)) == "none"           # out of the north slit (§9.3.3)
    assert cover((4, 0), (3, 2)) == "heavy"          # back at the slit hex (§9.4.1)
    assert cover((4, 0), (4, 2)) is None             # the rest of the tower: walls (§9.4.4, inv. 64)
    assert cover((3, 7), (1, 7)) == "none"           # the chapel's cross window works as a slit (§8.2.2)
    assert cover((2, 7), (3, 7)) == "heavy"


def test_a25_an_arrow_slit_counts_a_level_up_so_brush_and_rocks_in_close_range_lose_their_cover():
    # §9.3.4, A-25: from the west slit's hex 3,3 (one level up, by A-25) a composite bow (short
    # range to 9) at brush 3 hexes off: less than half its short range, the brush's light cover lost
    assert cover((3, 3), (0, 5)) == "none" and cover((3, 3), (-1, 4)) == "none"
    assert cover((0, 2), (0, 5)) == "light"                                              # from the ground: kept
    state = position(foot("stephanos", N, (3, 3)), foot("yani", B, (0, 5)))
    b = state.data
    assert fire_cover(b, b.pieces["stephanos"], DATA.weapons["sling"], (0, 5)) == "light"  # 3 is half of 6
    rocks = b.tables.data.terrain.terrains["rocks"]                                      # rocks there instead
    b.tables = attrs.evolve(b.tables, terrain=MappingProxyType({**b.tables.terrain, (0, 5): rocks}))
    assert fire_cover(b, b.pieces["stephanos"], DATA.weapons["composite_bow"], (0, 5)) == "none"  # §9.3.4
    b.pieces["stephanos"] = foot("stephanos", N, (0, 2))
    assert fire_cover(b, b.pieces["stephanos"], DATA.weapons["composite_bow"], (0, 5)) == "light"


def test_68_no_shot_from_a_height_at_a_target_beside_a_friend_on_its_level():
    assert cover((8, 3), (8, 0)) == "none"
    assert cover((8, 3), (8, 0), friends=[("milo", (9, 0))]) is None     # §9.3.4
    assert cover((7, 3), (8, 5), friends=[("milo", (9, 5))]) == "none"  # the friend on the platform, a level up
    assert cover((7, 3), (8, 5), friends=[("milo", (7, 6))]) is None    # the friend on the ground beside it
    assert cover((5, 4), (8, 5), friends=[("milo", (7, 6))]) == "none"  # not from a height: no restriction


# --------------------------------------------------------------------------- combat (§9.1, §9.2)


def column(state, attackers, defenders):
    _, index = combat_column(state, attackers, defenders)
    return DATA.melee["foot"].columns[index].label


def test_castle_terrain_signs_in_melee_and_no_combat_through_a_slit():
    state = position(foot("milo", N, (7, 1)), foot("yani", B, (7, 2)), structures={(7, 2): ("destroyed", 1)},
                     step=Combat)
    assert column(state, ("milo",), ("yani",)) == "9/12"       # destroyed palisade: 0 against - (§9.2.1)
    state = position(foot("milo", N, (5, 3)), foot("yani", B, (4, 3)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "1/4"        # through the tower entrance: + (§9.1)
    state = position(foot("milo", N, (4, 1)), foot("yani", B, (3, 2)), step=Combat)
    assert not may_attack(state.data, state.data.pieces["milo"], "yani")   # the slit (A-22, inv. 47)
    assert castles.terrain_at(state.data, GATE).id == "gate"
