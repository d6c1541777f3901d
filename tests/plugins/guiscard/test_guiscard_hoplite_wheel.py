"""Guiscard hoplites (§7.3.1) wheeling, on the Downs (a reading: the rules do not describe a
wheel): the block turns one to three sixths of a turn round any of its members, forward or
back, each member walking round the ring of its distance from the pivot, one hex a time; each
hex priced as a block step (the dearest member's), only where every member may go; the
movers tested for infiltration and fired on after each hex, the pivot never."""

from __future__ import annotations

import banneret
from banneret.boards.hexgrid import rotate
from banneret_guiscard import hoplites
from banneret_guiscard.state import Battle, Formation

from test_guiscard_hoplite_blocks import LINE, hexes, line
from test_guiscard_hoplites import ENE, block, byzantine_movement, formed
from test_guiscard_movement import REG, force_dice, foot, labels, play

N, B = "normans", "byzantines"
NORTH, ESE = 1, 5
"""The facings a sixth of a turn left and right of east-northeast."""


def depths(b: Battle, members) -> dict[str, tuple[bool, int]]:
    f = hoplites.record_of(b, members[0])
    return {m: (hoplites.front_rank(b, f, m), hoplites.depth(b, f, m)) for m in members}


def test_a_line_wheels_on_its_flank_member_and_the_far_member_walks_farthest():
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation")
    assert [x for x in labels(state) if x.startswith("wheel")] == [
        "wheel on nikolaos to face north (2 MP)", "wheel on okeanos to face north (1 MP)",
        "wheel on theodoros to face north (2 MP)", "wheel on nikolaos to face east-southeast (2 MP)",
        "wheel on okeanos to face east-southeast (1 MP)", "wheel on theodoros to face east-southeast (2 MP)",
        "wheel on okeanos to face west-northwest (2 MP)", "wheel on okeanos to face south (2 MP)",
        "wheel on okeanos to face west-southwest by the left (3 MP)",
        "wheel on okeanos to face west-southwest by the right (3 MP)"]  # two sixths on a flank: 4 hexes
    play(state, "wheel on nikolaos to face north (2 MP)")                 # left, on the shield flank
    b: Battle = state.data
    assert hexes(state, LINE) == {"nikolaos": (2, 2), "okeanos": (3, 2), "theodoros": (4, 2)}
    assert b.formations["nikolaos"].facing == NORTH
    assert {b.left[m] for m in LINE} == {1} and {b.spent[m] for m in LINE} == {2}
    assert [e.text for e in state.log if e.kind in ("formation", "move")][-3:] == [
        "nikolaos's formation wheels on nikolaos to face north",
        "nikolaos's formation wheels (1 MP): okeanos to 3,2, theodoros to 3,3",
        "nikolaos's formation wheels (1 MP): theodoros to 4,2"]
    assert depths(b, LINE) == {m: (True, 1) for m in LINE}                # still a line, one rank deep
    assert REG.game("guiscard").invariants(state) == []

    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on theodoros to face east-southeast (2 MP)")  # right, open flank
    assert hexes(state, LINE) == {"nikolaos": (4, 2), "okeanos": (3, 3), "theodoros": (2, 4)}
    assert state.data.formations["nikolaos"].facing == ESE
    assert depths(state.data, LINE) == {m: (True, 1) for m in LINE}


def test_a_block_two_ranks_deep_wheels_as_one_rigid_piece_for_its_farthest_members_hexes():
    state = byzantine_movement(*block(ranks=2), formations=[formed(2)])
    b: Battle = state.data
    members = formed(2).members
    before, shape = hexes(state, members), depths(b, members)
    play(state, "move basileios's formation", "wheel on theodoros to face east-southeast (3 MP)")
    assert hexes(state, members) == {m: rotate(h, -1, (2, 4)) for m, h in before.items()}
    assert hexes(state, members) == {"nikolaos": (4, 2), "okeanos": (3, 3), "theodoros": (2, 4),
                                     "basileios": (4, 1), "leon": (3, 2), "kosmas": (2, 3)}
    assert b.formations["basileios"].facing == ESE and depths(b, members) == shape   # ranks and depth kept
    assert {b.spent[m] for m in members} == {3} and set(members) <= b.done          # 3 hexes: all its MP
    assert "move basileios's formation" not in labels(state)


def test_a_wheel_pays_each_hex_as_a_block_step_and_goes_only_where_every_member_may():
    state = byzantine_movement(*line(4, r=3), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation")
    assert [x for x in labels(state) if x.startswith("wheel")] == [      # brush on 5,4 in the first hex
        "wheel on nikolaos to face north (3 MP)", "wheel on okeanos to face north (2 MP)",
        "wheel on theodoros to face east-southeast (3 MP)"]
    play(state, "the formation steps north-west (1 MP)")                  # 2 MP left; the tree on 5,2: 3 MP
    assert hexes(state, LINE) == {"nikolaos": (4, 2), "okeanos": (4, 3), "theodoros": (4, 4)}
    assert [x for x in labels(state) if x.startswith("wheel")] == [
        "wheel on okeanos to face north (1 MP)", "wheel on theodoros to face north (2 MP)",
        "wheel on nikolaos to face east-southeast (2 MP)", "wheel on okeanos to face east-southeast (2 MP)"]
    state = byzantine_movement(*line(4, r=3), foot("leon", B, (6, 3)), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation")                              # leon on 6,3, where both flank wheels end
    assert [x for x in labels(state) if x.startswith("wheel")] == ["wheel on okeanos to face north (2 MP)"]
    assert "the formation steps east (2 MP)" in labels(state)
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    state.data.bodies = {(3, 3): (6, 0)}                                  # six bodies close 3,3 (§4.2.2)
    play(state, "move nikolaos's formation")
    assert [x for x in labels(state) if x.startswith("wheel")] == [       # the wheels that keep off 3,3
        "wheel on theodoros to face north (2 MP)", "wheel on nikolaos to face east-southeast (2 MP)",
        "wheel on okeanos to face east-southeast (1 MP)"]


def test_the_wheels_movers_are_tested_going_on_from_a_hex_entered_and_a_halt_stops_it_where_it_stands():
    romaric = foot("romaric", N, (4, 3))                                  # next to 3,3, not before the new front
    state = byzantine_movement(romaric, *line(2), formations=[Formation(LINE, ENE)])
    force_dice(state, 6)
    play(state, "move nikolaos's formation", "wheel on nikolaos to face north (2 MP)")
    tests = [e.text for e in state.log if e.kind == "infiltration"]
    assert len(tests) == 1 and tests[0].startswith("romaric tests theodoros") and tests[0].endswith("halted")
    b: Battle = state.data
    assert hexes(state, LINE) == {"nikolaos": (2, 2), "okeanos": (3, 2), "theodoros": (3, 3)}
    assert b.formations["nikolaos"].facing == NORTH and hoplites.standing(b, b.formations["nikolaos"])
    assert {b.spent[m] for m in LINE} == {1} and set(LINE) <= b.done

    romaric = foot("romaric", N, (3, 4))                                  # next to 3,3, on the block's open side
    state = byzantine_movement(romaric, *line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "the formation steps north-east (1 MP)")
    force_dice(state, 6)
    play(state, "wheel on nikolaos to face north (2 MP)")                 # halted before the first hex
    tests = [e.text for e in state.log if e.kind == "infiltration"]
    assert len(tests) == 1 and tests[0].startswith("romaric tests theodoros") and tests[0].endswith("halted")
    assert hexes(state, LINE) == {"nikolaos": (3, 1), "okeanos": (3, 2), "theodoros": (3, 3)}
    assert state.data.formations["nikolaos"].facing == ENE                # no hex entered, no new facing


def test_after_each_hex_of_a_wheel_the_members_that_moved_may_be_fired_on_and_a_member_hurt_stops_it():
    archer = foot("olivier", N, (6, 4))
    state = byzantine_movement(archer, *line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on nikolaos to face north (2 MP)")
    assert labels(state) == ["fire at okeanos", "no defensive fire"]     # nikolaos, the pivot, never
    play(state, "no defensive fire")
    assert labels(state) == ["fire at theodoros", "no defensive fire"]
    play(state, "no defensive fire")
    assert labels(state) == ["fire at theodoros", "no defensive fire"]   # the second hex: theodoros alone
    play(state, "no defensive fire")
    assert banneret.pending(state).kind == "block-step"
    assert hexes(state, LINE) == {"nikolaos": (2, 2), "okeanos": (3, 2), "theodoros": (4, 2)}

    state = byzantine_movement(archer, *line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on nikolaos to face north (2 MP)")
    b: Battle = state.data
    b.pieces["okeanos"] = foot("okeanos", B, (3, 2), "stunned")          # as if a shot stunned him
    while banneret.pending(state).players[0] == N:
        play(state, "no defensive fire")
    assert hexes(state, LINE) == {"nikolaos": (2, 2), "okeanos": (3, 2), "theodoros": (3, 3)}
    assert set(LINE) <= b.done


def test_a_line_wheels_about_its_centre_one_flank_forward_the_other_back_for_one_mp():
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on okeanos to face north (1 MP)")
    b: Battle = state.data
    assert hexes(state, LINE) == {"nikolaos": (1, 3), "okeanos": (2, 3), "theodoros": (3, 3)}
    assert b.formations["nikolaos"].facing == NORTH and depths(b, LINE) == {m: (True, 1) for m in LINE}
    assert {b.spent[m] for m in LINE} == {1} and {b.left[m] for m in LINE} == {2}
    assert [e.text for e in state.log if e.kind in ("formation", "move")][-2:] == [
        "nikolaos's formation wheels on okeanos to face north",
        "nikolaos's formation wheels (1 MP): nikolaos to 1,3, theodoros to 3,3"]  # nikolaos back, theodoros on
    assert REG.game("guiscard").invariants(state) == []


def test_a_line_wheels_back_on_its_open_flank_the_shield_flank_walking_backwards():
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on theodoros to face north (2 MP)")
    b: Battle = state.data
    assert hexes(state, LINE) == {"nikolaos": (0, 4), "okeanos": (1, 4), "theodoros": (2, 4)}
    assert b.formations["nikolaos"].facing == NORTH and depths(b, LINE) == {m: (True, 1) for m in LINE}
    assert {b.spent[m] for m in LINE} == {2}
    assert [e.text for e in state.log if e.kind == "move"][-2:] == [
        "nikolaos's formation wheels (1 MP): nikolaos to 1,3, okeanos to 1,4",
        "nikolaos's formation wheels (1 MP): nikolaos to 0,4"]


def test_a_wheel_of_two_or_three_sixths_at_once_walks_each_member_that_many_times_its_ring():
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on okeanos to face west-northwest (2 MP)")
    b: Battle = state.data
    assert hexes(state, LINE) == {"nikolaos": (1, 4), "okeanos": (2, 3), "theodoros": (3, 2)}
    assert b.formations["nikolaos"].facing == 2 and {b.spent[m] for m in LINE} == {2}
    assert depths(b, LINE) == {m: (True, 1) for m in LINE}

    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "wheel on okeanos to face west-southwest by the right (3 MP)")
    b = state.data
    assert hexes(state, LINE) == {"nikolaos": (2, 4), "okeanos": (2, 3), "theodoros": (2, 2)}  # about face
    assert b.formations["nikolaos"].facing == 3 and {b.spent[m] for m in LINE} == {3} and set(LINE) <= b.done
    assert [e.text for e in state.log if e.kind == "move"][-3:] == [
        "nikolaos's formation wheels (1 MP): nikolaos to 3,2, theodoros to 1,4",
        "nikolaos's formation wheels (1 MP): nikolaos to 3,3, theodoros to 1,3",
        "nikolaos's formation wheels (1 MP): nikolaos to 2,4, theodoros to 2,2"]


def test_a_line_of_five_wheels_about_its_centre_where_no_flank_wheel_fits_its_mp():
    five = ("nikolaos", "okeanos", "theodoros", "leon", "kosmas")
    state = byzantine_movement(*line(2, r=1, names=five), formations=[Formation(tuple(sorted(five)), ENE)])
    play(state, "move kosmas's formation")
    assert [x for x in labels(state) if x.startswith("wheel")] == [      # a flank wheel: 4 hexes for the far end
        "wheel on leon to face north (3 MP)", "wheel on theodoros to face north (2 MP)",
        "wheel on leon to face east-southeast (3 MP)", "wheel on okeanos to face east-southeast (3 MP)",
        "wheel on theodoros to face east-southeast (2 MP)"]               # okeanos north: the tree on 5,2
    play(state, "wheel on theodoros to face north (2 MP)")
    assert hexes(state, five) == {"nikolaos": (0, 3), "okeanos": (1, 3), "theodoros": (2, 3),
                                  "leon": (3, 3), "kosmas": (4, 3)}
