"""Guiscard hoplites (§7.3.1) wheeling on a flank, on the Downs (a reading: the rules do not
describe a wheel): the block turns a sixth of a turn round the front-rank member on the flank
it turns to, each member walking round the ring of its distance from the pivot, one hex a
time; each hex priced as a block step (the dearest member's), only where every member may
go; the movers tested for infiltration and fired on after each hex, the pivot never."""

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
        "wheel on nikolaos to face north (2 MP)", "wheel on theodoros to face east-southeast (2 MP)"]
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
        "wheel on nikolaos to face north (3 MP)", "wheel on theodoros to face east-southeast (3 MP)"]
    play(state, "the formation steps north-west (1 MP)")                  # 2 MP left; the tree on 5,2: 3 MP
    assert hexes(state, LINE) == {"nikolaos": (4, 2), "okeanos": (4, 3), "theodoros": (4, 4)}
    assert not any(x.startswith("wheel") for x in labels(state))
    state = byzantine_movement(*line(4, r=3), foot("leon", B, (6, 3)), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation")                              # leon on 6,3, where both wheels end
    assert not any(x.startswith("wheel") for x in labels(state))
    assert "the formation steps east (2 MP)" in labels(state)
    state = byzantine_movement(*line(2), formations=[Formation(LINE, ENE)])
    state.data.bodies = {(3, 3): (6, 0)}                                  # six bodies close 3,3 (§4.2.2)
    play(state, "move nikolaos's formation")
    assert not any(x.startswith("wheel") for x in labels(state))


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
