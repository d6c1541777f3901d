"""Guiscard movement (§3, §4) rule by rule, with exact outcomes, on positions set up on the
Test Field: allowances, terrain, stacking, water and trees, bodies, carrying, infiltration
(the rulebook's four examples), riders' turning, mounting and dismounting."""

from __future__ import annotations

import pytest

import banneret
from banneret.flow import Frame
from banneret.registry import registry_from
from banneret.rng import Rng
from banneret_guiscard import plugin
from banneret_guiscard.movement import Movement, forced_move, step_options
from banneret_guiscard.state import LooseHorse, Piece

REG = registry_from([plugin])
GAME = REG.game("guiscard")


def foot(pid: str, side: str, hex_: tuple[int, int], health: str = "healthy") -> Piece:
    return Piece(pid, side, health, False, hex_, None, None)


def rider(pid: str, side: str, head: tuple[int, int], facing: int, health: str = "healthy") -> Piece:
    return Piece(pid, side, health, True, head, facing, pid)


def position(*pieces: Piece, horses: tuple[LooseHorse, ...] = (), bodies=None, options=None) -> banneret.State:
    """A game at the Normans' movement step with exactly these characters on the map."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Placeholder 1", options=options or {})
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.horses = {h.owner: h for h in horses}
    b.bodies = dict(bodies or {})
    b.stunned_in = {p.id: 0 for p in pieces if p.health == "stunned"}
    state.stack[-1] = Frame(Movement.name, {})  # offer the characters just placed
    GAME.flow.settle(state)
    return state


def labels(state: banneret.State) -> list[str]:
    player = banneret.pending(state).players[0]
    return [a.label for a in banneret.legal_actions(state, player)]


def play(state: banneret.State, *chosen: str) -> None:
    for label in chosen:
        player = banneret.pending(state).players[0]
        banneret.apply(state, banneret.find_action(state, player, label))


def force_dice(state: banneret.State, *faces: int) -> None:
    """Move the generator to where its next d10s show ``faces``."""
    key, counter = state.rng.state()
    while True:
        rng = Rng.from_state(key, counter)
        if all(rng.die(10) == f for f in faces):
            state.rng.counter = counter
            return
        counter += 1


def rolls(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "infiltration"]


def mp_left(state: banneret.State, pid: str) -> int:
    return state.data.left[pid]


# --------------------------------------------------------------------------- §4.0 allowances


@pytest.mark.parametrize("piece, ma", [
    (foot("robert", "normans", (7, 5)), 6),                       # knight on foot
    (foot("robert", "normans", (7, 5), "wounded"), 3),
    (foot("milo", "normans", (7, 5)), 8),                         # unarmoured foot
    (foot("romaric", "normans", (7, 5), "wounded"), 3),           # armoured foot, wounded
    (rider("robert", "normans", (8, 6), 0), 12),                  # armoured rider
    (rider("robert", "normans", (8, 6), 0, "wounded"), 12),       # a wounded rider keeps the horse's MA
])
def test_a_character_starts_its_move_with_its_printed_allowance(piece, ma):
    state = position(piece)
    play(state, f"move {piece.id}")
    assert mp_left(state, piece.id) == ma


def test_unused_mp_are_lost_and_each_character_moves_once_a_phase():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (7, 7)))
    play(state, "move milo", "to 8,5 (1 MP)", "stop here")
    assert "move milo" not in labels(state) and "move olivier" in labels(state)
    assert state.data.spent["milo"] == 1 and state.data.left["milo"] == 7


# --------------------------------------------------------------------------- §3.1, §4.2.1 terrain


def test_terrain_costs_on_foot_and_mounted():
    state = position(foot("milo", "normans", (6, 3)))
    play(state, "move milo")
    assert "to 7,3 (2 MP)" in labels(state)          # brush on foot
    assert "to 6,2 (2 MP)" in labels(state)          # brush
    state = position(rider("alexio", "normans", (9, 5), 0))
    b = state.data
    steps = {s.hex: s.cost for s in step_options(b, b.pieces["alexio"], 15)}
    assert steps[(10, 4)] == 4                       # brush mounted, front hex
    assert (8, 4) not in steps                       # tree: closed to riders (§4.2.1)


def test_a_hex_is_entered_only_with_the_mp_it_costs():
    # wounded armoured foot (MA 3) next to marsh (4 MP): no step into it
    state = position(foot("romaric", "normans", (7, 5), "wounded"))
    play(state, "move romaric")
    assert not any(label.startswith("to 6,5") for label in labels(state))
    state = position(foot("milo", "normans", (7, 5), "wounded"))  # MA 4
    play(state, "move milo")
    assert "to 6,5 (4 MP)" in labels(state)


def test_deep_water_only_for_unarmoured_foot():
    state = position(foot("milo", "normans", (4, 1)), foot("romaric", "normans", (4, 3)))
    play(state, "move milo")
    assert "to 3,1 (4 MP)" in labels(state)
    play(state, "stop here", "move romaric")
    assert not any(label.startswith("to 3,3") for label in labels(state))


def test_a_cliff_hexside_is_never_crossed():
    state = position(foot("milo", "normans", (9, -1)))
    play(state, "move milo")
    offered = labels(state)
    assert not any(label.startswith(("to 10,-1", "to 10,-2")) for label in offered)
    assert any(label.startswith("to 8,-1") for label in offered)


# --------------------------------------------------------------------------- §4.1 stacking, §4.2


def test_friends_and_stunned_characters_are_passed_through_never_stopped_on():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (8, 5)),
                     foot("okeanos", "byzantines", (9, 6), "stunned"), foot("nikolaos", "byzantines", (12, 5)))
    play(state, "move milo", "to 8,5 (1 MP)")
    assert "to 9,5 (1 MP)" in labels(state)
    play(state, "to 9,5 (1 MP)", "to 9,6 (1 MP)")   # through the stunned enemy
    play(state, "stop here")                         # may not stop on him: back to 9,5
    assert state.data.pieces["milo"].hex == (9, 5)
    assert GAME.invariants(state) == []


def test_an_able_enemy_hex_is_never_entered():
    state = position(foot("milo", "normans", (7, 5)), foot("okeanos", "byzantines", (8, 5)))
    play(state, "move milo")
    assert not any(label.startswith("to 8,5") for label in labels(state))


@pytest.mark.parametrize("bodies, cost", [
    ((2, 0), 1), ((3, 0), 2), ((0, 1), 2), ((5, 0), 2),
    ((6, 0), None), ((0, 2), None), ((3, 1), None),
])
def test_bodies_cost_one_more_from_three_and_close_the_hex_from_six(bodies, cost):
    state = position(foot("milo", "normans", (7, 5)), bodies={(8, 5): bodies})
    play(state, "move milo")
    into = [label for label in labels(state) if label.startswith("to 8,5")]
    assert into == ([] if cost is None else [f"to 8,5 ({cost} MP)"])


def test_a_stunned_friend_is_carried_at_half_mp_and_put_down_beside_the_carrier():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (8, 5), "stunned"),
                     foot("guillaume", "normans", (6, 8)))  # keeps the movement step open
    play(state, "move milo", "to 8,5 (1 MP)", "pick up olivier")
    assert mp_left(state, "milo") == 3               # floor(7 / 2)
    play(state, "to 9,5 (1 MP)", "to 10,5 (1 MP)", "stop here")
    assert "put down on 11,5" in labels(state)
    play(state, "put down on 11,5")
    b = state.data
    assert b.pieces["milo"].hex == (10, 5) and b.pieces["olivier"].hex == (11, 5)
    assert b.pieces["olivier"].health == "stunned"


def test_no_pick_up_next_to_an_enemy_able_to_attack():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (8, 5), "stunned"),
                     foot("okeanos", "byzantines", (9, 5)))
    play(state, "move milo", "to 8,5 (1 MP)")
    assert "pick up olivier" not in labels(state)


# --------------------------------------------------------------------------- §4.3 infiltration


def s01(options=None) -> banneret.State:
    """Example 1: Robert's route 5,5 -> 6,4 -> 7,4 -> 7,5; the first two hexes are next to
    Argyris (7,3), the last next to the two Byzantine targets."""
    return position(foot("robert", "normans", (5, 5)), foot("milo", "normans", (5, 4)),
                    foot("argyris", "byzantines", (7, 3)),
                    foot("okeanos", "byzantines", (8, 5)), foot("nikolaos", "byzantines", (7, 6)), options=options)


def test_example_1_one_test_per_enemy_not_in_the_final_hex():
    state = s01()
    force_dice(state, 1)
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)")
    assert rolls(state) == ["argyris tests robert's infiltration: d10 1-1 -> none"]
    play(state, "to 7,5 (1 MP)", "stop here")       # second hex next to Argyris: no new test
    assert len(rolls(state)) == 1                   # the final hex, next to both targets: none
    assert state.data.pieces["robert"].hex == (7, 5)


def test_example_1_a_single_hex_move_is_never_tested():
    state = s01()
    play(state, "move robert", "to 6,4 (1 MP)", "stop here")
    assert rolls(state) == []


def test_each_enemy_rolls_once_a_phase_in_all_by_default_and_once_per_mover_as_an_option():
    for option, expected in (("per_phase", 1), ("per_mover", 2)):
        state = s01({"infiltration_limit": option})
        force_dice(state, 1, 1)
        play(state, "move robert", "to 6,4 (1 MP)", "to 5,4 (1 MP)", "to 5,5 (1 MP)", "stop here")
        play(state, "move milo", "to 6,4 (1 MP)", "to 6,3 (1 MP)", "stop here")
        assert len(rolls(state)) == expected, option


def test_infiltration_results_halt_wound_and_kill():
    # modified roll = d10 - 1 (armoured): 6 -> 5 halted, 9 -> 8 wounded, 10 -> 9 wounded (twice kills)
    state = s01()
    force_dice(state, 6)
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)")
    assert state.data.pieces["robert"].hex == (6, 4) and "robert" in state.data.done
    state = s01()
    force_dice(state, 9)
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)")
    robert = state.data.pieces["robert"]
    assert robert.health == "wounded" and robert.hex == (7, 4)
    assert mp_left(state, "robert") == 1             # wounded MA 3 - 1 spent, then 1 more step
    state = s01()
    force_dice(state, 10)
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)")
    assert state.data.pieces["robert"].health == "wounded"
    state = position(foot("robert", "normans", (5, 5), "wounded"), foot("argyris", "byzantines", (7, 3)),
                     foot("okeanos", "byzantines", (9, 7)))
    force_dice(state, 7)                              # 7 - 1 + 2 (wounded) = 8: wounded again, dead
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)")
    assert state.data.pieces["robert"].health == "dead" and state.data.bodies == {(6, 4): (1, 0)}


def test_example_2_a_rider_cannot_test_a_mover_in_a_tree_hex():
    # Argyris mounted, head on 9,4 facing west, rear on 10,4; Robert crosses the tree 8,4
    cataphract = rider("argyris", "byzantines", (9, 4), 3)
    state = position(foot("robert", "normans", (7, 4)), cataphract, foot("alexio", "byzantines", (8, 6)))
    play(state, "move robert", "to 8,4 (2 MP)", "to 8,5 (1 MP)", "stop here")
    assert rolls(state) == []                        # not in the tree, nor in the final hex next to Alexio
    # on clear ground next to the rider's head the same enemy tests
    state = position(foot("robert", "normans", (7, 5)), cataphract, foot("alexio", "byzantines", (9, 7)))
    force_dice(state, 1)
    play(state, "move robert", "to 8,5 (1 MP)", "to 8,6 (1 MP)")
    assert len(rolls(state)) == 1


def test_only_the_head_of_an_enemy_rider_causes_tests():
    # Argyris' rear on 10,4 is next to 10,5, his head on 9,4 is not (A-06)
    state = position(foot("milo", "normans", (11, 5)), rider("argyris", "byzantines", (9, 4), 3),
                     foot("alexio", "byzantines", (13, 5)))
    play(state, "move milo", "to 10,5 (1 MP)", "to 10,6 (1 MP)", "stop here")
    assert rolls(state) == []


def test_a_stunned_enemy_never_tests():
    state = position(foot("robert", "normans", (5, 5)), foot("argyris", "byzantines", (7, 3), "stunned"),
                     foot("okeanos", "byzantines", (9, 7)))
    play(state, "move robert", "to 6,4 (1 MP)", "to 7,4 (1 MP)", "to 7,5 (1 MP)", "stop here")
    assert rolls(state) == []


def test_example_3_an_advance_is_not_tested_by_the_beaten_enemy_nor_in_its_last_hex():
    # Roger (robert) has beaten Zahir (stephanos), who retreated from 8,5 to 9,4; Roger advances
    # through 8,5 to 9,5, which is next to Yani
    state = position(foot("robert", "normans", (7, 5)), foot("stephanos", "byzantines", (9, 4)),
                     foot("yani", "byzantines", (10, 5)))
    assert forced_move(state, "robert", [(8, 5), (9, 5)], retreat=False, exclude=("stephanos",))
    assert rolls(state) == []                        # 8,5: only the beaten enemy; 9,5 (next to Yani) is last
    state = position(foot("robert", "normans", (7, 5)), foot("stephanos", "byzantines", (9, 4)),
                     foot("yani", "byzantines", (8, 6)))
    force_dice(state, 1)
    forced_move(state, "robert", [(8, 5), (9, 5)], retreat=False, exclude=("stephanos",))
    assert [r.split()[0] for r in rolls(state)] == ["yani"]   # 8,5 is next to Yani, who did not fight


def test_example_4_a_retreat_is_tested_in_every_hex_including_the_last():
    # Ruggiero (milo) retreats two hexes: blue route, one enemy next to H1 only
    def ruggiero() -> banneret.State:
        return position(foot("milo", "normans", (7, 5)), foot("okeanos", "byzantines", (9, 5)),
                        foot("nikolaos", "byzantines", (8, 8)), foot("yani", "byzantines", (5, 9)),
                        foot("stephanos", "byzantines", (10, 6)))
    state = ruggiero()
    force_dice(state, 1)
    assert forced_move(state, "milo", [(8, 5), (8, 4)], retreat=True)
    assert [r.split()[0] for r in rolls(state)] == ["okeanos"]          # H1 only
    # green route: H4 = 7,7 next to two enemies, H5 = 6,8 next to a third, the last hex too
    state = position(foot("milo", "normans", (7, 5)), foot("nikolaos", "byzantines", (8, 7)),
                     foot("okeanos", "byzantines", (7, 8)), foot("yani", "byzantines", (5, 9)))
    force_dice(state, 1, 1, 1)
    assert forced_move(state, "milo", [(7, 6), (7, 7), (6, 8)], retreat=True)
    assert [r.split()[0] for r in rolls(state)] == ["nikolaos", "okeanos", "yani"]


def test_a_halt_does_not_stop_a_forced_move():
    state = position(foot("milo", "normans", (7, 5)), foot("okeanos", "byzantines", (9, 5)))
    force_dice(state, 5)                             # 5: halted
    assert forced_move(state, "milo", [(8, 5), (8, 6)], retreat=True)
    assert state.data.pieces["milo"].hex == (8, 6)


# --------------------------------------------------------------------------- §4.4.1 turning


def test_a_riders_turning_costs_and_about_turn():
    # head 8,6 facing east, rear 7,6: front 9,5 9,6 8,7; flanks 8,5 7,7; beside the rear 7,5 6,7;
    # behind the rear 6,6 (marsh, 4 mounted); about-turn 5
    state = position(rider("robert", "normans", (8, 6), 0))
    play(state, "move robert")
    offered = [label for label in labels(state) if not label.startswith("dismount")]
    assert sorted(offered) == sorted([
        "stop here",
        "head to 9,6 front (1 MP)", "head to 9,5 front (1 MP)", "head to 8,7 front (1 MP)",
        "head to 8,5 flank (2 MP)", "head to 7,7 flank (2 MP)",
        "head to 7,5 rear_flank (3 MP)", "head to 6,7 rear_flank (3 MP)",
        "head to 6,6 behind (7 MP)",
        "about-turn (5 MP)",
    ])
    play(state, "head to 7,5 rear_flank (3 MP)")      # a pivot: the rear stays on 7,6
    robert = state.data.pieces["robert"]
    assert robert.hexes() == ((7, 5), (7, 6)) and mp_left(state, "robert") == 9
    play(state, "about-turn (5 MP)")
    assert state.data.pieces["robert"].hexes() == ((7, 6), (7, 5)) and mp_left(state, "robert") == 4


def test_no_hex_of_a_rider_ever_stands_in_trees():
    # head 8,5 facing east, rear 7,5: the flank hex 8,4 is a tree
    state = position(rider("robert", "normans", (8, 5), 0))
    b = state.data
    heads = {s.hex for s in step_options(b, b.pieces["robert"], 12)}
    assert (8, 4) not in heads                       # the tree itself
    for s in step_options(b, b.pieces["robert"], 12):
        assert (8, 4) not in Piece("robert", "normans", "healthy", True, s.hex, s.facing, "robert").hexes()


# --------------------------------------------------------------------------- §4.4.2, §4.4.3 horses


def test_drogo_mounts_with_his_last_mp_doubled():
    # robert on foot (armoured, MA 6), his horse head 8,6 facing east, rear 7,6
    state = position(foot("robert", "normans", (9, 4)), horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move robert", "to 8,5 (1 MP)", "mount robert's horse")
    b = state.data
    assert b.pieces["robert"].mounted and b.pieces["robert"].hexes() == ((8, 6), (7, 6))
    assert mp_left(state, "robert") == 4             # (6 - 1 - 3) x 2
    assert b.horses == {}


@pytest.mark.parametrize("health, left", [("healthy", 2), ("wounded", 1)])
def test_arthur_dismounts_with_his_last_mp_halved_or_quartered(health, left):
    state = position(rider("arthur", "normans", (8, 6), 0, health))
    play(state, "move arthur", "head to 9,6 front (1 MP)", "head to 10,6 front (1 MP)",
         "head to 11,6 front (1 MP)", "head to 12,5 front (1 MP)", "dismount to 13,5")
    b = state.data
    assert mp_left(state, "arthur") == left          # floor((12 - 4 - 3) / 2 or / 4)
    assert b.pieces["arthur"].hex == (13, 5) and not b.pieces["arthur"].mounted
    assert b.horses["arthur"].hexes() == ((12, 5), (11, 6))


def test_mounting_needs_a_rider_a_hex_beside_both_horse_hexes_and_no_enemy_near():
    horse = LooseHorse("robert", (8, 6), 0)
    state = position(foot("romaric", "normans", (8, 5)), horses=(horse,))
    play(state, "move romaric")
    assert not any(label.startswith("mount") for label in labels(state))   # not a rider
    state = position(foot("robert", "normans", (9, 6)), horses=(horse,))
    play(state, "move robert")
    assert not any(label.startswith("mount") for label in labels(state))   # beside the head only
    state = position(foot("robert", "normans", (8, 5)), foot("okeanos", "byzantines", (9, 4)), horses=(horse,))
    play(state, "move robert")
    assert not any(label.startswith("mount") for label in labels(state))   # an enemy next to him
    state = position(foot("alexio", "normans", (8, 5)), horses=(horse,))
    play(state, "move alexio")
    assert "mount robert's horse" in labels(state)                          # another's horse


def test_a_loose_horse_in_the_way_is_pushed_aside_by_one_step():
    state = position(foot("milo", "normans", (9, 6)), foot("guillaume", "normans", (6, 8)),
                     horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move milo", "to 8,6 (1 MP)", "stop here")
    # the horse swings round its rear (7,6), off the hex milo takes (trees, marsh allowed)
    assert sorted(labels(state)) == ["push robert's horse to 6,6>7,6", "push robert's horse to 6,7>7,6",
                                     "push robert's horse to 7,5>7,6"]
    play(state, "push robert's horse to 7,5>7,6")
    b = state.data
    assert b.pieces["milo"].hex == (8, 6) and b.horses == {"robert": LooseHorse("robert", (7, 5), 2)}


def test_a_horse_with_no_room_to_go_is_not_pushed_and_the_mover_stops_before_it():
    # friends on every hex the horse could swing to
    state = position(foot("milo", "normans", (9, 6)), foot("olivier", "normans", (7, 5)),
                     foot("guillaume", "normans", (6, 7)), foot("romaric", "normans", (6, 5)),
                     horses=(LooseHorse("robert", (8, 6), 0),), bodies={(6, 6): (6, 0)})
    play(state, "move milo", "to 8,6 (1 MP)", "stop here")
    assert state.data.pieces["milo"].hex == (9, 6) and state.data.horses["robert"].head == (8, 6)


# --------------------------------------------------------------------------- §4.2.3 clearing


def test_two_foot_characters_clear_three_bodies_from_a_closed_hex_and_do_nothing_else():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (9, 5)),
                     foot("guillaume", "normans", (6, 8)), bodies={(8, 5): (6, 0)})
    assert "clear bodies on 8,5" in labels(state)
    play(state, "clear bodies on 8,5")               # the only pair is taken without asking
    assert "dead characters to 8,6" in labels(state) and "a dead horse to 8,6" not in labels(state)
    play(state, "dead characters to 8,6")
    b = state.data
    assert b.bodies == {(8, 5): (3, 0), (8, 6): (3, 0)}
    assert {"milo", "olivier"} <= b.busy and labels(state) == ["move guillaume", "guillaume stays put", "end movement"]
    # the hex is open again, at 1 MP more
    play(state, "move guillaume")
    assert b.tables.data.bodies.extra_mp(b.body_total((8, 5))) == 1


def test_bodies_carried_into_water_sink():
    state = position(foot("milo", "normans", (6, 3)), foot("olivier", "normans", (5, 4)),
                     bodies={(5, 3): (1, 1)})
    play(state, "clear bodies on 5,3", "a dead horse to 4,3")
    assert state.data.bodies == {(5, 3): (1, 0)}


def test_no_clearing_next_to_an_enemy_able_to_attack():
    state = position(foot("milo", "normans", (7, 5)), foot("olivier", "normans", (9, 5)),
                     foot("okeanos", "byzantines", (10, 5)), bodies={(8, 5): (6, 0)})
    assert "clear bodies on 8,5" not in labels(state)


# --------------------------------------------------------------------------- §4.4.3 leading horses


def test_a_man_on_foot_takes_a_horse_by_the_bridle_before_its_head_and_places_it_in_line():
    state = position(foot("milo", "normans", (10, 6)), foot("guillaume", "normans", (6, 8)),
                     horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move milo", "to 9,6 (1 MP)")                  # before the horse's head
    assert "lead robert's horse" in labels(state)
    play(state, "lead robert's horse", "to 10,5 (1 MP)")
    assert state.data.horses == {}                           # in hand while led
    assert GAME.view(state, None)["led_horses"] == ["robert"]
    play(state, "stop here")
    assert "horses on 9,5>8,5" in labels(state)              # west of the leader, head towards it
    play(state, "horses on 9,5>8,5")
    assert state.data.horses == {"robert": LooseHorse("robert", (9, 5), 0, "normans")}


def test_no_bridle_beside_or_behind_the_head_nor_next_to_an_enemy():
    horse = LooseHorse("robert", (8, 6), 0)
    state = position(foot("milo", "normans", (8, 5)), horses=(horse,))    # beside the head
    play(state, "move milo")
    assert "lead robert's horse" not in labels(state)
    state = position(foot("milo", "normans", (9, 6)), foot("okeanos", "byzantines", (7, 7)), horses=(horse,))
    play(state, "move milo")
    assert "lead robert's horse" not in labels(state)


def test_lead_limits_three_on_foot_one_mounted():
    from banneret_guiscard.movement import MoveRecord, bridle_options
    horse = LooseHorse("robert", (8, 6), 0)
    held = (LooseHorse("a", (0, 0), 0),) * 3
    state = position(foot("milo", "normans", (9, 6)), rider("arthur", "normans", (9, 5), 1), horses=(horse,))
    b = state.data
    assert bridle_options(b, b.pieces["milo"], MoveRecord("milo", ((9, 6), None), leading=held[:2])) == ["robert"]
    assert bridle_options(b, b.pieces["milo"], MoveRecord("milo", ((9, 6), None), leading=held)) == []
    assert bridle_options(b, b.pieces["arthur"], MoveRecord("arthur", ((9, 5), 1))) == ["robert"]
    assert bridle_options(b, b.pieces["arthur"], MoveRecord("arthur", ((9, 5), 1), leading=held[:1])) == []


def test_a_rider_takes_the_bridle_at_the_start_or_the_end_of_its_move():
    state = position(rider("arthur", "normans", (9, 6), 3), horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move arthur")
    assert "lead robert's horse" in labels(state)
    play(state, "head to 11,5 rear_flank (3 MP)")
    assert not any(label.startswith("lead") for label in labels(state))    # not next to it any more
    # ending next to it: taking the bridle ends the move, the horse in line behind the rear
    state = position(rider("arthur", "normans", (10, 5), 3), foot("guillaume", "normans", (6, 8)),
                     horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move arthur", "head to 9,6 front (1 MP)", "lead robert's horse and stop")
    b = state.data
    assert b.horses == {"robert": LooseHorse("robert", (11, 4), 4, "normans")} and "arthur" in b.done


@pytest.mark.parametrize("die, caught", [(6, True), (7, False)])
def test_catching_a_loose_horse_on_the_move(die, caught):
    state = position(rider("arthur", "normans", (10, 6), 3), foot("guillaume", "normans", (6, 8)),
                     horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move arthur", "head to 9,6 front (1 MP)")
    force_dice(state, die)
    play(state, "catch robert's horse")
    b = state.data
    if caught:   # alongside, its head level with the rider's rear; the move is over
        assert b.horses == {"robert": LooseHorse("robert", (10, 5), 3, "normans")}
        assert "arthur" in b.done
    else:        # the horse stays, and is out of this rider's reach for the turn
        assert b.horses == {"robert": LooseHorse("robert", (8, 6), 0)}
        assert "catch robert's horse" not in labels(state) and ("arthur", "robert") in b.no_catch


def test_a_horse_stays_with_its_side_while_a_friend_of_its_stands_next_to_it():
    # Argyris' rear on 9,5 is next to the horse; his head on 9,4 could not attack it
    horse = LooseHorse("alexio", (8, 6), 0, "byzantines")
    state = position(foot("milo", "normans", (9, 6)), rider("argyris", "byzantines", (9, 4), 2), horses=(horse,))
    play(state, "move milo")
    assert "lead alexio's horse" not in labels(state)
    state = position(foot("milo", "normans", (9, 6)), rider("argyris", "byzantines", (13, 3), 3), horses=(horse,))
    play(state, "move milo")
    assert "lead alexio's horse" in labels(state)


def test_a_carrier_keeps_its_counter():
    state = position(foot("alexio", "normans", (9, 4)), foot("olivier", "normans", (8, 5), "stunned"),
                     horses=(LooseHorse("robert", (8, 6), 0),))
    play(state, "move alexio", "to 8,5 (1 MP)")
    assert "mount robert's horse" in labels(state)
    play(state, "pick up olivier")
    assert "mount robert's horse" not in labels(state)


def test_a_carrier_stopped_where_he_picked_his_friend_up_with_no_room_beside_steps_back():
    """§4.1, §4.2.4, found by the random conformance games: in the Siege-methods assault
    Stephanos walks onto Filemon's hex, picks him up and is stunned by defensive fire there;
    Filemon cannot be put down beside him and would be left in the hex they share, so
    Stephanos ends the move on the last hex where he could stop (8,3)."""
    from banneret.testing import PlayScript
    from banneret.testing.strategies import walk
    from banneret.testing.conformance import ConformanceConfig

    config = ConformanceConfig("guiscard", REG, max_steps=400, options={"infiltration_limit": "per_mover"})
    script = PlayScript(seed=2_121_450_334, players_pick=0, scenario_pick=3, choices=(0,), agent_seed=53625)  # 3: Siege-methods assault
    for step in walk(config.setup(script), script, REG, 171, hashes=False):
        state = step.state
        assert state.game.invariants(state) == [], state.step
    assert state.scenario == "Siege-methods assault"
    texts = [e.text for e in state.log]
    assert "stephanos may not stop there and ends the move on 8,3" in texts
    assert state.data.pieces["stephanos"].hex == (8, 3) and state.data.pieces["filemon"].hex != (8, 3)
