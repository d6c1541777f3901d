"""Guiscard hoplites (§7.3.1) as a block, on the Downs: the members of a formation chosen one
at a time; the formation moving as one piece at its MP, keeping its shape and facing;
infiltration and defensive fire at a moving block; a member driven off leaving at once; the
agent's odds against the spears; and random Mixed games in which every block step keeps the
block's shape and every wheel walks the members round its pivot (the wheel itself:
``test_guiscard_hoplite_wheel.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import banneret
from banneret.boards.hexgrid import DIRECTIONS, distance, rotate
from banneret.flow import Frame
from banneret_guiscard import hoplites
from banneret_guiscard.agent import SPEARS_VALUE, _harm_gain, attack_gain, block_route
from banneret_guiscard.melee import combat_column, combat_table, defender
from banneret_guiscard.movement import Movement, forced_move, movable
from banneret_guiscard.state import Battle, Formation

from test_guiscard_hoplites import BLOCK, ENE, agent_choice, block, byzantine_movement, formed, position
from test_guiscard_movement import REG, force_dice, foot, labels, play

N, B = "normans", "byzantines"
LINE = ("nikolaos", "okeanos", "theodoros")


def line(q: int, r: int = 2, names: tuple[str, ...] = LINE) -> list:
    """Hoplites side by side down the column ``q`` from row ``r``."""
    return [foot(pid, B, (q, r + i)) for i, pid in enumerate(names)]


def hexes(state: banneret.State, members) -> dict[str, tuple[int, int]]:
    return {m: state.data.pieces[m].hex for m in members}


# --------------------------------------------------------------------------- forming up: the members chosen


def test_the_members_are_chosen_one_at_a_time_each_side_by_side_with_one_chosen():
    state = byzantine_movement(*line(2, names=("nikolaos", "okeanos", "theodoros", "leon")))
    play(state, "form up leon+nikolaos+okeanos+theodoros")
    assert labels(state) == ["with leon", "with nikolaos", "with okeanos", "with theodoros"]
    play(state, "with theodoros")
    assert labels(state) == ["with leon", "with okeanos"]            # nikolaos is not next to theodoros
    play(state, "with okeanos", "with leon")
    assert labels(state) == ["with nikolaos", "form up leon+okeanos+theodoros"]
    play(state, "form up leon+okeanos+theodoros", "face east-northeast")
    b: Battle = state.data
    assert b.formations == {"leon": Formation(("leon", "okeanos", "theodoros"), ENE)}
    assert not any(x.startswith("form up") for x in labels(state))     # nikolaos alone cannot form up


def test_three_side_by_side_all_join_and_a_hoplite_that_moved_does_not_form_up():
    state = byzantine_movement(*line(2), foot("leon", B, (0, 6)))
    play(state, "form up nikolaos+okeanos+theodoros")
    assert labels(state)[0] == "face east-northeast"                    # no members to choose: all three
    state = byzantine_movement(*line(2), foot("leon", B, (0, 6)))
    play(state, "move theodoros", "to 2,5 (1 MP)", "stop here")
    assert not any(x.startswith("form up") for x in labels(state))     # a new facing after a move is a wheel


# --------------------------------------------------------------------------- the block moving


def test_the_block_steps_as_one_piece_keeping_shape_and_facing():
    state = byzantine_movement(*block(ranks=2), foot("romaric", N, (9, 7)), formations=[formed(2)])
    b: Battle = state.data
    members = formed(2).members
    before = hexes(state, members)
    play(state, "move basileios's formation")
    assert labels(state) == [
        "halt the formation", "the formation steps east (1 MP)", "the formation steps north-east (1 MP)",
        "the formation steps north-west (1 MP)", "the formation steps west (1 MP)",
        "the formation steps south-west (1 MP)", "the formation steps south-east (1 MP)",
        *(f"wheel on {m} to face {facing} ({mp} MP)" for facing in ("north", "east-southeast")  # about any member
          for m, mp in zip(members, (3, 2, 2, 2, 2, 3)))]
    play(state, "the formation steps east (1 MP)")
    assert hexes(state, members) == {m: (q + 1, r) for m, (q, r) in before.items()}
    assert b.formations["basileios"].facing == ENE
    assert {b.left[m] for m in members} == {2} and {b.spent[m] for m in members} == {1}
    play(state, "the formation steps north-east (1 MP)")
    play(state, "the formation steps south-east (1 MP)")                  # the last MP: it halts at once
    assert hexes(state, members) == {m: (q + 2, r) for m, (q, r) in before.items()}
    assert b.formations["basileios"].facing == ENE
    assert set(members) <= b.done and not set(members) & set(movable(b, B))
    assert "move basileios's formation" not in labels(state)
    assert REG.game("guiscard").invariants(state) == []


def test_a_step_costs_the_dearest_hex_and_is_offered_only_where_every_member_may_go():
    state = byzantine_movement(*line(4, r=3), foot("leon", B, (5, 2)), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation")
    steps = [x for x in labels(state) if "steps" in x]
    assert "the formation steps east (2 MP)" in steps                    # brush on 5,4 and 5,5
    assert not any("north-east" in x for x in steps)                     # leon stands on 5,2
    assert not any(x.startswith("the formation steps west") for x in steps)  # rocks on 3,5: 4 MP
    play(state, "the formation steps east (2 MP)")
    assert hexes(state, LINE) == {"nikolaos": (5, 3), "okeanos": (5, 4), "theodoros": (5, 5)}
    assert state.data.left["okeanos"] == 1


def test_a_foulkon_moves_as_one_piece_two_mp():
    state = byzantine_movement(*block(ranks=2), formations=[formed(2, foulkon=True)])
    play(state, "move basileios's formation", "the formation steps west (1 MP)")
    assert {state.data.left[m] for m in formed(2).members} == {1}


def test_the_moving_block_is_tested_from_its_flanks_only_and_a_halt_stops_all_of_it():
    milo, romaric = foot("milo", N, (4, 1)), foot("romaric", N, (3, 5))   # before nikolaos; open side
    state = byzantine_movement(milo, romaric, *line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "the formation steps east (1 MP)")
    force_dice(state, 6)
    play(state, "the formation steps east (1 MP)")
    tests = [e.text for e in state.log if e.kind == "infiltration"]
    assert len(tests) == 1 and tests[0].startswith("romaric tests theodoros") and tests[0].endswith("halted")
    assert hexes(state, LINE) == {"nikolaos": (3, 2), "okeanos": (3, 3), "theodoros": (3, 4)}
    assert set(LINE) <= state.data.done


def test_each_member_of_a_moving_block_may_be_fired_on_and_a_member_hurt_stops_it():
    archer = foot("olivier", N, (7, 3))
    state = byzantine_movement(archer, *line(2), formations=[Formation(LINE, ENE)])
    play(state, "move nikolaos's formation", "the formation steps east (1 MP)")
    assert labels(state) == ["fire at okeanos", "no defensive fire"]     # the tree on 5,2 hides nikolaos
    play(state, "no defensive fire")
    assert labels(state) == ["fire at theodoros", "no defensive fire"]
    play(state, "no defensive fire")
    assert "the formation steps east (1 MP)" in labels(state)             # the block goes on
    play(state, "the formation steps east (1 MP)")
    b: Battle = state.data
    b.pieces["okeanos"] = foot("okeanos", B, (4, 3), "stunned")          # as if a shot stunned him
    while banneret.pending(state).players[0] == N:
        play(state, "no defensive fire")
    assert set(LINE) <= b.done and hexes(state, ("nikolaos",)) == {"nikolaos": (4, 2)}


# --------------------------------------------------------------------------- a member driven off


def test_a_member_driven_off_leaves_at_once_and_the_others_keep_the_formation():
    four = ("leon", "nikolaos", "okeanos", "theodoros")
    state = position(*line(2, names=("nikolaos", "okeanos", "theodoros", "leon")),
                     formations=[Formation(four, ENE)])
    b: Battle = state.data
    forced_move(state, "leon", [(2, 6), (2, 7)], retreat=True)           # a retreat, a push or avoiding combat
    assert b.formations == {"nikolaos": Formation(LINE, ENE)}
    assert hoplites.formation_of(b, "okeanos") is not None


# --------------------------------------------------------------------------- the agent's odds


def test_the_agent_scores_a_front_attack_against_the_spears_and_a_flank_attack_against_the_hoplite():
    for where, spears in (((3, 3), True), ((1, 4), False)):              # in front of okeanos; behind him
        state = position(foot("romaric", N, where), *block(ranks=1), formations=[formed(1)])
        b: Battle = state.data
        assert hoplites.spears_first(b, ("romaric",), ("okeanos",)) is spears
        _, column = combat_column(state, ("romaric",), ("okeanos",))
        table = combat_table(b, ("okeanos",))
        armour = 1 if defender(b, "okeanos").armoured else 0
        expected = 0.0
        for die in range(1, 11):
            legend = table.effect(table.result(column, die + armour))
            harm = legend.defender.harm
            expected += ((SPEARS_VALUE if harm in ("wounded", "killed") else 0.0) if spears
                         else _harm_gain(b, b.pieces["okeanos"], harm, False))
            if legend.attacker.harm != "none":
                expected -= _harm_gain(b, b.pieces["romaric"], legend.attacker.harm, False)
        assert attack_gain(state, ("romaric",), "okeanos") == pytest.approx(expected / 10)


def test_the_agent_takes_the_block_round_an_obstacle_as_one_piece():
    state = byzantine_movement(*line(2), foot("romaric", N, (7, 3)), formations=[Formation(LINE, ENE)])
    b: Battle = state.data
    b.bodies = {h: (6, 0) for h in ((4, 2), (4, 3), (4, 4))}           # six bodies close each hex (§4.2.2)
    assert block_route(b, b.formations["nikolaos"]) == 5                  # south-east first, round the wall
    for steps, where in ((["south-east"] * 3, {"nikolaos": (2, 5), "okeanos": (2, 6), "theodoros": (2, 7)}),
                         (["south-east", "east", "north-east"], {"nikolaos": (4, 5), "okeanos": (4, 6), "theodoros": (4, 7)})):
        seen = []
        while not seen or seen[-1] != "end movement":
            seen.append(agent_choice(state))
            play(state, seen[-1])
        assert seen == ["move nikolaos's formation", *(f"the formation steps {d} (1 MP)" for d in steps), "end movement"]
        assert hexes(state, LINE) == where and b.formations["nikolaos"].facing == ENE
        for spent in (b.done, b.left, b.spent):                          # the Byzantines' next movement step
            spent.clear()
        state.stack[-1] = Frame(Movement.name, {})
        REG.game("guiscard").flow.settle(state)

# --------------------------------------------------------------------------- random games


BLOCK_WORDS = ("form up", "with ", "face ", "the formation steps", "wheel on ")


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
@example(seed=0)
@example(seed=1103)  # steps; wheels of 1, 2 and 3 sixths, forward and back; one halted before its first hex
def test_random_mixed_games_keep_every_block_side_by_side_with_one_facing(seed):
    game = REG.game("guiscard")
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Mixed")
    rng = random.Random(seed)
    steps, wheels = 0, set()
    for _ in range(1500):
        if banneret.outcome(state) is not None:
            break
        player = banneret.pending(state).players[0]
        actions = banneret.legal_actions(state, player)
        preferred = [a for a in actions if a.label.startswith(BLOCK_WORDS) or a.label.endswith("'s formation")
                     and a.label.startswith("move")]
        action = rng.choice(preferred or actions)
        b: Battle = state.data
        moving = action.kind == "block-step" and action.args[0] != "halt"
        if moving:
            rec = state.stack[-1].record
            f = hoplites.record_of(b, rec.members[0])
            before = {m: b.pieces[m].hex for m in rec.members}
            if action.args[0] == "wheel":
                turn = action.args[4]
                assert action.args[1] == (f.facing + turn) % 6
                paths = hoplites.wheel_paths(b, f, turn, action.args[3])
                pivot = b.pieces[action.args[3]].hex
        banneret.apply(state, action)
        assert game.invariants(state) == []
        if moving:
            after = {m: b.pieces[m].hex for m in rec.members}
            g = hoplites.record_of(b, rec.members[0])
            if action.args[0] == "wheel":                                  # each member on its walk round the pivot
                wheels |= {abs(turn), "back" if any(p and hoplites.side_of(f.facing, before[m], p[0]) == "rear"
                                                    for m, p in paths.items()) else "forward"}
                walked = {m: (before[m], *paths[m]).index(after[m]) for m in rec.members}
                assert g is None or g.facing == (action.args[1] if max(walked.values()) else f.facing)
                if not max(walked.values()):
                    wheels.add("halted")
                assert walked[action.args[3]] == 0 and paths[action.args[3]] == ()
                assert all(walked[m] == min(len(paths[m]), max(walked.values())) for m in rec.members)
                assert all(len(paths[m]) == distance(before[m], pivot) * abs(turn) for m in rec.members)
                if max(walked.values()) == max(map(len, paths.values())):  # the whole wheel: a rigid turn
                    assert after == {m: rotate(h, turn, pivot) for m, h in before.items()}
            elif after != before:                                          # not halted by a test
                steps += 1
                dq, dr = DIRECTIONS[action.args[1]]
                assert after == {m: (q + dq, r + dr) for m, (q, r) in before.items()}
                assert g is None or g.facing == f.facing
        if state.stack and state.stack[-1].proc in ("BlockStep", "BlockWheel", "BlockUnderFire"):
            f = hoplites.record_of(b, state.stack[-1].record.members[0])
            assert f is not None and hoplites.standing(b, f)                # side by side, one facing
    assert seed != 1103 or steps and wheels == {1, 2, 3, "forward", "back", "halted"}  # seed 1103: all of them
