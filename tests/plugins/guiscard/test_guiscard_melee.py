"""Guiscard melee (§6) rule by rule on the Test Field, with exact outcomes: the difference
column and the rulebook's joint-attack example (§6.1, §6.2), armour (§6.3), stunned defenders
(§6.4), retreats (§6.5), the advance after combat (§6.6), restrictions (§6.7), horses (§6.8),
several defenders and the defending player's choice of victim, surrounded stunned characters."""

from __future__ import annotations

import banneret
from banneret_guiscard.melee import Combat, combat_column, kill_surrounded, may_attack, surrounded
from banneret_guiscard.retreat import RetreatOrder, retreat_paths

from test_guiscard_fire import B, N, position
from banneret_guiscard.state import LooseHorse
from test_guiscard_movement import force_dice, foot, labels, play, rider


def melee(*pieces, horses=()):
    return position(*pieces, step=Combat, horses=horses)


def column(state, attackers, defenders):
    _, index = combat_column(state, attackers, defenders)
    return state.data.tables.data.melee["mounted" if any(state.data.pieces[d].mounted for d in defenders)
                                        else "foot"].columns[index].label


def melee_log(state):
    return [e.text for e in state.log if e.kind == "melee"]


# --------------------------------------------------------------------------- §6.1-§6.3 the column and the die


def test_joint_attack_example_the_numbers_cancel_the_bad_terrain():
    # §6.2: difference 9, one attacker on (0), one on (-) (brush), defender on (0): 9/12 -> 5/8 -> 9/12
    state = melee(foot("milo", N, (8, 5)), foot("gautier", N, (10, 4)), foot("okeanos", B, (9, 5)))
    assert combat_column(state, ("milo", "gautier"), ("okeanos",))[0] == 9
    assert column(state, ("milo", "gautier"), ("okeanos",)) == "9/12"
    assert column(state, ("gautier",), ("okeanos",)) == "-8/-5"      # -1 from -4/0 for the brush
    assert column(state, ("milo",), ("okeanos",)) == "1/4"            # no shift on even ground


def test_an_armoured_defender_adds_one_to_the_roll():
    state = melee(foot("milo", N, (8, 5)), foot("okeanos", B, (9, 5)))   # 10 - 7 = 3: 1/4
    force_dice(state, 9)                                                # 9 + 1: A, attacker wounded
    play(state, "attack okeanos")
    assert melee_log(state) == ["milo attack okeanos: difference 3, column 1/4, d10 9+1 -> B"]
    assert state.data.pieces["milo"].health == "stunned"


def test_results_on_the_attacker_are_ignored_against_a_stunned_defender():
    state = melee(foot("apolline", N, (8, 5)), foot("okeanos", B, (9, 5), "stunned"))  # 2 - 2 = 0
    force_dice(state, 9)
    play(state, "attack okeanos")
    assert melee_log(state)[-1].endswith("d10 9+1 -> A")
    assert state.data.pieces["apolline"].health == "healthy"
    state = melee(foot("apolline", N, (8, 5)), foot("okeanos", B, (9, 5)))             # 2 - 7 = -5
    force_dice(state, 9)
    play(state, "attack okeanos", "stand and fight")                   # okeanos is faster (§7.4)
    assert melee_log(state)[-1].endswith("column -8/-5, d10 9+1 -> A")
    assert state.data.pieces["apolline"].health == "wounded"


def test_defender_results_stun_wound_kill():
    for roll, health in ((3, "stunned"), (1, "wounded"), (6, "healthy")):
        state = melee(foot("milo", N, (8, 5)), foot("karim", B, (9, 5)))   # 10 - 4 = 6: 5/8
        force_dice(state, roll)
        play(state, "attack karim")
        assert state.data.pieces["karim"].health == health, roll
    state = melee(foot("robert", N, (8, 5)), foot("arthur", N, (10, 5)), foot("karim", B, (9, 5)))
    force_dice(state, 1)                                                  # 51 - 4 = 47, +1: 61/80, I
    play(state, "attack karim", "with arthur", "with robert", "stand and fight")                                               # karim outpaces knights on foot (§7.4)
    assert state.data.pieces["karim"].health == "dead"


# --------------------------------------------------------------------------- §6.5-§6.6 retreat and advance


def test_a_melee_retreat_never_goes_next_to_the_attackers_and_the_winner_advances():
    state = melee(foot("milo", N, (8, 5)), foot("karim", B, (9, 5)), foot("hamid", B, (11, 4)))
    b = state.data
    assert retreat_paths(b, RetreatOrder("karim", 1, enemies=("milo",))) == [((9, 6),), ((10, 4),), ((10, 5),)]
    force_dice(state, 5)                                                  # E: defender retreats 1
    play(state, "attack karim")
    assert banneret.pending(state).kind == "retreat" and banneret.pending(state).players == (B,)
    play(state, "retreat via 9,6")
    assert labels(state) == ["advance milo to 9,5", "no advance"]
    play(state, "advance milo to 9,5")
    assert b.pieces["milo"].hex == (9, 5)
    # half of MA 8, the first hex paid: 3 MP on; hamid (not in this combat) tests when milo goes
    # on from 10,5, karim (the beaten enemy) never does (§6.6)
    force_dice(state, 1)
    play(state, "on to 10,5 (1 MP)", "on to 11,5 (1 MP)")
    rolls = [e.text for e in state.log if e.kind == "infiltration"]
    assert rolls == ["hamid tests milo's infiltration: d10 1+0 -> none"]
    play(state, "stop here")
    assert b.pieces["milo"].hex == (11, 5) and b.pieces["karim"].hex == (9, 6)


def test_each_character_attacks_once_a_phase_and_shooters_of_step_one_not_at_all():
    state = melee(foot("milo", N, (8, 5)), foot("guillaume", N, (10, 5)), foot("karim", B, (9, 5)))
    b = state.data
    b.fired_in["guillaume"] = (b.phase, "javelin")                         # §5.2
    assert not may_attack(b, b.pieces["guillaume"], "karim")
    force_dice(state, 6)                                                  # D: nothing
    play(state, "attack karim")
    assert b.attacked_in["milo"] == b.phase and banneret.pending(state).kind != "combat"


def test_riders_never_attack_into_trees_nor_armour_into_water():
    state = melee(rider("robert", N, (9, 4), 3), foot("milo", N, (9, 3)), foot("karim", B, (8, 4)),
                  foot("romaric", N, (5, 5)), foot("gautier", N, (5, 4)), foot("hamid", B, (4, 5)))
    b = state.data
    assert not may_attack(b, b.pieces["robert"], "karim")       # §6.7: a rider, trees
    assert may_attack(b, b.pieces["milo"], "karim")
    assert not may_attack(b, b.pieces["romaric"], "hamid")      # errata 5: armour, water
    assert may_attack(b, b.pieces["gautier"], "hamid")


# --------------------------------------------------------------------------- §6.2 several characters


def test_a_second_defender_joins_only_with_two_attackers_next_to_both_and_the_defender_picks_the_victim():
    state = melee(foot("milo", N, (8, 6)), foot("gautier", N, (10, 5)), foot("karim", B, (9, 5)),
                  foot("hamid", B, (9, 6)))
    play(state, "attack karim", "with milo")
    assert labels(state) == ["with gautier", "resolve: milo against karim"]
    play(state, "with gautier")
    assert "also against hamid" in labels(state)
    force_dice(state, 1)                                                  # 16 - 7 = 9, +1 joint: G
    play(state, "also against hamid")                                     # nothing more to add: resolved
    assert banneret.pending(state).players == (B,) and labels(state) == ["karim is wounded", "hamid is wounded"]
    play(state, "hamid is wounded")
    assert state.data.pieces["hamid"].health == "wounded" and state.data.pieces["karim"].health == "healthy"


def test_mixed_armour_defenders_get_no_bonus_and_only_the_unarmoured_suffer():
    state = melee(foot("milo", N, (8, 6)), foot("gautier", N, (10, 5)), foot("okeanos", B, (9, 5)),
                  foot("hamid", B, (9, 6)))
    force_dice(state, 1)                                                  # 16 - 10 = 6, +1: 9/12, G
    play(state, "attack okeanos", "with milo", "with gautier", "also against hamid")
    assert melee_log(state)[-1].endswith("column 9/12, d10 1+0 -> G")
    assert state.data.pieces["hamid"].health == "wounded" and state.data.pieces["okeanos"].health == "healthy"


def test_the_joint_bonus_against_a_rider_needs_several_riders():
    pieces = (rider("robert", N, (8, 5), 0), rider("arthur", N, (10, 6), 1), foot("milo", N, (9, 6)),
              rider("alexio", B, (10, 5), 0))
    state = melee(*pieces)
    assert column(state, ("robert", "arthur"), ("alexio",)) == "61/80"    # 56 - 9 = 47: 41/60, +1
    assert column(state, ("robert", "milo"), ("alexio",)) == "26/40"      # 38 - 9 = 29, no bonus
    state = banneret.new_game("guiscard", seed=0, registry=position.__globals__["REG"], scenario="Placeholder 1",
                              options={"joint_attack_on_riders": "all_mounted"})
    state.data.pieces = {p.id: p for p in pieces}
    assert column(state, ("robert", "arthur", "milo"), ("alexio",)) == "41/60"  # 66 - 9 = 57, no bonus
    assert column(state, ("robert", "arthur"), ("alexio",)) == "61/80"


# --------------------------------------------------------------------------- §6.8 horses


def test_a_rider_whose_horse_is_killed_falls_stunned_beside_it():
    state = melee(foot("romaric", N, (8, 5)), foot("milo", N, (9, 6)), rider("alexio", B, (10, 5), 0))
    force_dice(state, 1)                                                  # 24 - 9 = 15: 13/25, G
    play(state, "attack alexio", "with romaric", "with milo", "alexio lands on 11,5")  # his owner's hex (§6.8)
    b = state.data
    alexio = b.pieces["alexio"]
    assert alexio.health == "stunned" and not alexio.mounted and "alexio" not in b.horses and alexio.hex == (11, 5)
    assert b.bodies[(10, 5)] == (0, 1) and b.bodies[(9, 5)] == (0, 1)


def test_a_stunned_character_surrounded_by_enemies_dies():
    ring = [(10, 5), (10, 4), (9, 4), (8, 5), (8, 6)]
    ids = ["milo", "gautier", "romaric", "olivier", "guillaume"]
    pieces = [foot(pid, N, h) for pid, h in zip(ids, ring)]
    state = melee(*pieces, foot("karim", B, (9, 5), "stunned"), foot("hamid", B, (12, 5)))
    b = state.data
    assert not surrounded(b, b.pieces["karim"])
    b.pieces["robert"] = foot("robert", N, (9, 6))
    kill_surrounded(state)
    assert b.pieces["karim"].health == "dead"


def test_a_loose_horse_is_fought_as_an_unarmoured_rider_and_only_dies():
    # §6.8: defence 1, mounted table; only the horse-killing results count, for either side
    state = melee(foot("romaric", N, (8, 5)), foot("karim", B, (12, 5)),
                  horses=(LooseHorse("alexio", (10, 5), 0, B), LooseHorse("argyris", (9, 6), 0, B)))
    assert labels(state) == ["attack alexio's horse", "attack argyris's horse", "end combat"]
    force_dice(state, 10)                                     # 14 - 1 = 13: 13/25, 10 -> B (ignored)
    play(state, "attack alexio's horse")
    b = state.data
    assert melee_log(state) == ["romaric attack horse:alexio: difference 13, column 13/25, d10 10+0 -> B"]
    assert "alexio" in b.horses and b.pieces["romaric"].health == "healthy"
    state = melee(foot("romaric", N, (8, 5)), foot("karim", B, (12, 5)),
                  horses=(LooseHorse("alexio", (10, 5), 0, B),))
    force_dice(state, 1)                                      # 1 -> G: the horse dies
    play(state, "attack alexio's horse")
    b = state.data
    assert "alexio" not in b.horses and b.bodies[(10, 5)] == (0, 1) and b.bodies[(9, 5)] == (0, 1)


def test_s03_roger_beats_zahir_and_advances_through_his_hex_untested():
    # Part VI S-03 (§4.3 example 3, §6.6): the beaten enemy never rolls, nor is the last hex tested
    state = melee(foot("roger", N, (7, 5)), foot("zahir", B, (8, 5)), foot("yani", B, (10, 4)))
    force_dice(state, 5)                                      # 22 - 8 = 14: 13/25, 5 + 1 (armour) -> E
    play(state, "attack zahir", "retreat via 9,4", "advance roger to 8,5", "on to 9,5 (1 MP)", "stop here")
    b = state.data
    assert b.pieces["roger"].hex == (9, 5) and b.pieces["zahir"].hex == (9, 4)
    assert [e.text for e in state.log if e.kind == "infiltration"] == []
