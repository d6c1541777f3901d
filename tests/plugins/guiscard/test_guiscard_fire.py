"""Guiscard fire (§5) rule by rule on the Test Field, with exact outcomes: who may shoot,
ammunition, movement after fire, the line of fire and cover for each terrain and level case
(§5.5, the rulebook's slope, mounted-archer and firing-from-below examples), the impact hex,
results for foot and riders, retreat after fire and defensive fire (§5.3)."""

from __future__ import annotations

import pytest

import banneret
from banneret.flow import Frame
from banneret_guiscard.fire import AimShot, OffensiveFire, fire_cover, may_fire, shoot, targets, usable_weapons
from banneret_guiscard.movement import Movement
from banneret_guiscard.retreat import RetreatOrder, retreat_paths
from banneret_guiscard.state import LooseHorse, Piece

from test_guiscard_movement import REG, force_dice, foot, labels, play, rider

N, B = "normans", "byzantines"


def position(*pieces: Piece, step=OffensiveFire, horses: tuple[LooseHorse, ...] = ()) -> banneret.State:
    """The Normans' phase at ``step`` with exactly these characters on the map."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Placeholder 1")
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.horses = {h.owner: h for h in horses}
    b.stunned_in = {p.id: 0 for p in pieces if p.health == "stunned"}
    state.stack[-1] = Frame(step.name, {})
    REG.game("guiscard").flow.settle(state)
    return state


def cover(state: banneret.State, shooter: str, weapon: str, h: tuple[int, int]) -> str | None:
    b = state.data
    return fire_cover(b, b.pieces[shooter], b.tables.data.weapons[weapon], h)


def fire_with(state: banneret.State, shooter: str, aim: str) -> None:
    """Pick the shooter, then the aim if there is a choice (a single target is taken at once)."""
    play(state, f"fire with {shooter}")
    if banneret.pending(state).kind == "aim":
        play(state, aim)


def fire_log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind in ("fire", "retreat")]


# --------------------------------------------------------------------------- §5.0-§5.2 shooters


def test_only_missile_characters_fire_and_each_once_a_phase():
    state = position(foot("stephanos", N, (7, 5)), foot("milo", N, (8, 6)), foot("karim", B, (12, 5)))
    assert labels(state) == ["fire with stephanos", "end offensive fire"]
    force_dice(state, 9, 10)  # impact: aimed (5 + 0 short range); effect A
    fire_with(state, "stephanos", "composite bow at karim on 12,5")
    assert banneret.pending(state).kind == "movement"  # stephanos has fired (§5.0), nobody else may
    assert state.data.fired_in["stephanos"] == (state.data.phase, "composite_bow")


def test_no_fire_in_contact_with_an_enemy_nor_from_water():
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (8, 5)), foot("yani", N, (4, 5)),
                     foot("petros", B, (12, 5)))
    b = state.data
    assert not may_fire(b, b.pieces["stephanos"])   # §5.2: karim could attack him
    assert not may_fire(b, b.pieces["yani"])        # §5.5.2.4: in shallow water
    assert banneret.pending(state).kind == "movement"  # nobody to fire: the step ends at once


def test_the_lance_is_thrown_once_a_scenario_and_javelins_run_out():
    state = position(foot("robert", N, (7, 5)), foot("guillaume", N, (8, 6)), foot("karim", B, (10, 5)))
    b = state.data
    assert [w.id for w in usable_weapons(b, b.pieces["robert"])] == ["thrown_lance"]
    b.shots[("robert", "thrown_lance")] = 1
    assert usable_weapons(b, b.pieces["robert"]) == []
    b.shots[("guillaume", "javelin")] = 3
    assert [w.id for w in usable_weapons(b, b.pieces["guillaume"])] == ["javelin"]
    b.shots[("guillaume", "javelin")] = 4
    assert usable_weapons(b, b.pieces["guillaume"]) == []


def test_mounted_only_composite_bows_and_lances_fire():
    # a mounted javelin thrower's javelins need the lance rules of §7.1; a mounted archer shoots
    state = position(rider("abbas", N, (8, 5), 0), rider("alexio", N, (8, 7), 0), foot("karim", B, (12, 5)))
    b = state.data
    assert [w.id for w in usable_weapons(b, b.pieces["abbas"])] == ["composite_bow"]
    assert [w.id for w in usable_weapons(b, b.pieces["alexio"])] == ["thrown_lance"]


def test_a_shooter_moves_only_as_far_as_its_weapon_allows_after_offensive_fire():
    state = position(foot("guillaume", N, (7, 5)), foot("karim", B, (10, 5)))
    force_dice(state, 10, 10)  # impact 10 + 1 (medium) -> lost
    fire_with(state, "guillaume", "javelin at karim on 10,5")
    play(state, "move guillaume")
    assert state.data.left["guillaume"] == 4   # §5.1: javelin, half of MA 8
    assert fire_log(state)[-1] == "impact roll d10 10+1: lost"


# --------------------------------------------------------------------------- §5.4 resolution


def test_within_two_hexes_the_aimed_hex_is_hit_without_a_roll():
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (9, 5)))
    force_dice(state, 7)  # the effect roll: composite bow short range, no cover -> D
    fire_with(state, "stephanos", "composite bow at karim on 9,5")
    assert state.data.pieces["karim"].health == "wounded"
    assert fire_log(state) == ["stephanos fires composite bow at 9,5 (short range)", "karim (none cover): d10 7 -> D"]


@pytest.mark.parametrize("roll, hit", [(6, "karim"), (7, "hamid"), (8, "milo")])
def test_the_impact_roll_picks_the_aimed_hex_or_one_beyond_or_short(roll, hit):
    # P-03: 1-6 aimed, 7 beyond, 8 short of the aimed hex along the line; anyone there is hit
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (11, 5)), foot("hamid", B, (12, 5)),
                     foot("milo", N, (10, 5)))
    force_dice(state, roll, 1)  # then F: killed
    shoot(state, "stephanos", "composite_bow", (11, 5))
    assert {pid for pid, p in state.data.pieces.items() if not p.alive} == {hit}


def test_a_friend_in_the_impact_hex_suffers_the_shot():
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (11, 5)), foot("milo", N, (10, 5)))
    force_dice(state, 8, 1)  # short of the target: milo's hex; F kills the unarmoured
    shoot(state, "stephanos", "composite_bow", (11, 5))
    assert state.data.pieces["milo"].health == "dead" and state.data.pieces["karim"].health == "healthy"


def test_a_modified_impact_roll_over_ten_loses_the_missile():
    state = position(foot("olivier", N, (7, 5)), foot("karim", B, (15, 4)))
    b = state.data
    assert b.tables.data.weapons["short_bow"].band_at(8) == "medium"
    force_dice(state, 10, 1)
    shoot(state, "olivier", "short_bow", (15, 4))
    assert fire_log(state)[-1] == "impact roll d10 10+1: lost" and b.pieces["karim"].health == "healthy"


@pytest.mark.parametrize("pid, roll, health", [
    ("karim", 9, "stunned"),      # C on an unarmoured man: stunned
    ("samir", 9, "healthy"),      # C on an armoured man: retreat 1 hex
    ("samir", 7, "stunned"),      # D armoured: stunned
    ("samir", 1, "wounded"),      # F armoured: wounded, not killed
    ("karim", 1, "dead"),         # F unarmoured: killed
])
def test_fire_results_differ_for_armoured_and_unarmoured_foot(pid, roll, health):
    state = position(foot("stephanos", N, (7, 5)), foot(pid, B, (9, 5)))
    force_dice(state, roll)
    orders = shoot(state, "stephanos", "composite_bow", (9, 5))
    assert state.data.pieces[pid].health == health
    assert orders == ([RetreatOrder("samir", 1, away=(7, 5))] if (pid, roll) == ("samir", 9) else [])


def test_a_rider_hit_by_d_loses_his_horse_and_falls_stunned_beside_it():
    state = position(foot("stephanos", N, (7, 5)), rider("alexio", B, (9, 5), 0))
    force_dice(state, 7)  # mounted table, composite bow short, no cover: D kills the horse
    fire_with(state, "stephanos", "composite bow at alexio on 9,5")
    play(state, "alexio lands on 9,6")   # his owner places him beside the horse (§6.8)
    b = state.data
    alexio = b.pieces["alexio"]
    assert alexio.health == "stunned" and not alexio.mounted and "alexio" not in b.horses
    assert b.bodies[(9, 5)] == (0, 1) and b.bodies[(8, 5)] == (0, 1)   # a dead horse on both hexes
    assert alexio.hex == (9, 6)


def test_a_rider_wounded_by_fire_stays_mounted_and_a_loose_horse_dies_only_on_d_or_e():
    state = position(foot("stephanos", N, (7, 5)), rider("alexio", B, (9, 5), 0),
                     horses=(LooseHorse("argyris", (7, 7), 0, B),))
    force_dice(state, 9)  # C on an unarmoured rider: wounded
    shoot(state, "stephanos", "composite_bow", (9, 5))
    assert state.data.pieces["alexio"].health == "wounded" and state.data.pieces["alexio"].mounted
    force_dice(state, 9)  # C on the cataphract horse: nothing
    shoot(state, "stephanos", "composite_bow", (7, 7))
    assert "argyris" in state.data.horses
    force_dice(state, 5)  # E: the horse dies
    shoot(state, "stephanos", "composite_bow", (7, 7))
    assert "argyris" not in state.data.horses and state.data.bodies[(7, 7)] == (0, 1)


# --------------------------------------------------------------------------- §5.4.4 retreat after fire


def test_the_retreat_after_fire_starts_away_from_the_missile_and_its_owner_picks_it():
    state = position(foot("stephanos", N, (7, 5)), foot("samir", B, (9, 5)))
    b = state.data
    paths = retreat_paths(b, RetreatOrder("samir", 1, away=(7, 5)))
    assert paths == [((9, 6),), ((10, 4),), ((10, 5),)]  # each one hex farther from the shooter
    force_dice(state, 9)  # C armoured: retreat 1 hex
    fire_with(state, "stephanos", "composite bow at samir on 9,5")
    assert banneret.pending(state).players == (B,) and banneret.pending(state).kind == "retreat"
    play(state, "retreat via 10,5")
    assert b.pieces["samir"].hex == (10, 5) and b.pieces["samir"].health == "healthy"


def test_a_retreat_pushes_a_friend_and_a_blocked_one_wounds_and_a_stunned_one_dies():
    state = position(foot("stephanos", N, (7, 5)), foot("samir", B, (9, 5)), foot("karim", B, (10, 5)),
                     foot("hamid", B, (9, 6)), foot("yusuf", B, (10, 4)))
    b = state.data
    # every first hex holds a friend: they are pushed on (§5.4.4)
    assert retreat_paths(b, RetreatOrder("samir", 1, away=(7, 5))) == [((9, 6),), ((10, 4),), ((10, 5),)]
    force_dice(state, 9)
    fire_with(state, "stephanos", "composite bow at samir on 9,5"); play(state, "retreat via 10,5")
    assert b.pieces["samir"].hex == (10, 5) and b.pieces["karim"].hex != (10, 5)
    assert len({p.hex for p in b.pieces.values()}) == 5
    # boxed in by enemies: wounded where he stands; stunned: dead
    state = position(foot("stephanos", N, (7, 5)), foot("samir", B, (9, 5)), foot("milo", N, (10, 5)),
                     foot("romaric", N, (9, 6)), foot("olivier", N, (10, 4)))
    b = state.data
    assert retreat_paths(b, RetreatOrder("samir", 1, away=(7, 5))) == []
    force_dice(state, 9)
    shoot(state, "stephanos", "composite_bow", (9, 5))
    state.stack[-1] = Frame("Retreats", {"orders": (RetreatOrder("samir", 1, away=(7, 5)),)})
    REG.game("guiscard").flow.settle(state)
    assert b.pieces["samir"].health == "wounded" and b.pieces["samir"].hex == (9, 5)


def test_a_stunned_character_given_a_retreat_dies():
    state = position(foot("stephanos", N, (7, 5)), foot("samir", B, (9, 5), "stunned"))
    state.stack.append(Frame("Retreat", {"order": RetreatOrder("samir", 1, away=(7, 5))}))
    REG.game("guiscard").flow.settle(state)
    assert state.data.pieces["samir"].health == "dead"


# --------------------------------------------------------------------------- §5.5 line of fire and cover


def test_trees_block_and_give_light_cover_to_a_target_in_them():
    state = position(foot("stephanos", N, (7, 4)), foot("karim", B, (9, 4)), foot("hamid", B, (8, 4)))
    assert cover(state, "stephanos", "composite_bow", (9, 4)) is None     # the tree at 8,4 between
    assert cover(state, "stephanos", "composite_bow", (8, 4)) == "light"  # in the tree


def test_brush_gives_light_cover_in_it_or_across_it():
    state = position(foot("stephanos", N, (9, 3)), foot("karim", B, (13, 3)), foot("hamid", B, (11, 3)))
    assert cover(state, "stephanos", "composite_bow", (11, 3)) == "light"
    state.data.pieces["hamid"] = foot("hamid", B, (15, 3))
    assert cover(state, "stephanos", "composite_bow", (13, 3)) == "light"  # across brush 11,3 and 12,3


def test_slope_example_crest_and_distances():
    # S-26: archers on the upper level; D closer to the slope than they are cannot be seen, a
    # target on the slope hex itself has medium cover over the crest, C below sees D in the open
    state = position(foot("stephanos", N, (14, -3)), foot("karim", B, (9, -3)), foot("hamid", B, (8, -3)),
                     foot("olivier", N, (6, -3)))
    assert cover(state, "stephanos", "composite_bow", (9, -3)) == "medium"
    assert cover(state, "stephanos", "composite_bow", (8, -3)) is None
    assert cover(state, "olivier", "short_bow", (8, -3)) == "none"
    # close above the slope hex, the high ground cancels its cover (§5.5.4)
    state.data.pieces["stephanos"] = foot("stephanos", N, (12, -3))
    assert cover(state, "stephanos", "composite_bow", (9, -3)) == "none"


def test_a_lower_target_at_least_as_far_from_the_edge_is_seen():
    state = position(foot("stephanos", N, (11, -3)), foot("karim", B, (7, -3)))
    assert cover(state, "stephanos", "composite_bow", (7, -3)) == "none"   # both 2 hexes from the slope hex
    state.data.pieces["karim"] = foot("karim", B, (8, -3))
    assert cover(state, "stephanos", "composite_bow", (8, -3)) is None


def test_slingers_never_fire_past_characters_archers_do_at_medium_range():
    # §5.5.3: milo stands between; the javelin at medium range (3-5) with no cover flies over
    state = position(foot("yani", N, (7, 5)), foot("milo", B, (9, 5)), foot("karim", B, (11, 5)))
    assert cover(state, "yani", "javelin", (11, 5)) == "none"
    state = position(foot("yani", N, (7, 5)), foot("milo", B, (8, 5)), foot("karim", B, (9, 5)))
    assert cover(state, "yani", "javelin", (9, 5)) is None        # short range: not over milo
    state = position(foot("filemon", N, (7, 5)), foot("milo", B, (9, 5)), foot("karim", B, (11, 5)))
    assert cover(state, "filemon", "sling", (11, 5)) is None
    state.data.pieces["milo"] = foot("milo", B, (9, 5), "stunned")  # stunned characters never block
    assert cover(state, "filemon", "sling", (11, 5)) == "none"


def test_mounted_archer_fires_over_an_adjacent_friend_only():
    # S-27: A (mounted archer) over B (adjacent friend) at C; D (foot archer) not over E; A not over E
    state = position(rider("abbas", N, (8, 5), 0), foot("milo", N, (9, 5)), foot("karim", B, (11, 5)),
                     foot("stephanos", N, (8, 7)), foot("olivier", N, (9, 7)), foot("hamid", B, (11, 7)))
    assert cover(state, "abbas", "composite_bow", (11, 5)) == "none"
    assert cover(state, "stephanos", "composite_bow", (11, 7)) is None
    state.data.pieces["milo"] = foot("milo", N, (10, 5))
    assert cover(state, "abbas", "composite_bow", (11, 5)) is None


def test_firing_from_below_ignores_characters_within_the_level_difference_of_the_target():
    # S-28: target one level up; a character within 1 hex of it does not block, one farther does
    state = position(foot("filemon", N, (6, -3)), foot("carlo", B, (11, -3)), foot("jemal", B, (10, -3)))
    assert cover(state, "filemon", "sling", (11, -3)) == "none"
    state.data.pieces["jemal"] = foot("jemal", B, (9, -3))
    assert cover(state, "filemon", "sling", (11, -3)) is None


def test_water_targets_have_light_cover_unless_the_shooter_is_adjacent_and_never_block():
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (4, 5)))
    assert cover(state, "stephanos", "composite_bow", (4, 5)) == "light"
    state.data.pieces["stephanos"] = foot("stephanos", N, (5, 4))
    assert cover(state, "stephanos", "composite_bow", (4, 5)) == "none"
    state.data.water_cover = "deep_only"  # the terrain table's reading: shallow water keeps it
    assert cover(state, "stephanos", "composite_bow", (4, 5)) == "light"
    # a man in the water between slinger and target does not block (§5.5.3.1)
    state = position(foot("filemon", N, (1, 5)), foot("karim", B, (3, 5)), foot("hamid", B, (5, 5)))
    assert cover(state, "filemon", "sling", (5, 5)) == "none"


def test_marsh_cover_is_lost_to_a_shooter_on_the_bank():
    state = position(foot("stephanos", N, (7, 5)), foot("karim", B, (6, 6)))
    assert cover(state, "stephanos", "composite_bow", (6, 6)) == "none"
    state.data.pieces["stephanos"] = foot("stephanos", N, (9, 5))
    assert cover(state, "stephanos", "composite_bow", (6, 6)) == "light"


def test_targets_offer_either_hex_of_a_rider():
    state = position(foot("stephanos", N, (7, 5)), rider("alexio", B, (11, 5), 0))
    b = state.data
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (11, 5)), ("composite_bow", (10, 5))]
    play(state, "fire with stephanos")
    assert labels(state) == ["composite bow at alexio on 11,5", "composite bow at alexio on 10,5"]
    assert AimShot.name in [f.proc for f in state.stack]


# --------------------------------------------------------------------------- §5.3 defensive fire


def moving(*pieces: Piece) -> banneret.State:
    return position(*pieces, step=Movement)


def test_defensive_fire_is_offered_after_each_hex_entered_and_names_shooters_first():
    state = moving(foot("milo", N, (7, 5)), foot("stephanos", B, (12, 5)), foot("yani", B, (11, 6)))
    play(state, "move milo")
    assert banneret.pending(state).players == (N,)            # not before it has moved
    play(state, "to 8,5 (1 MP)")
    assert banneret.pending(state).players == (B,) and banneret.pending(state).kind == "defensive-fire"
    play(state, "fire at milo", "stephanos: composite bow at milo on 8,5")
    assert "fire the volley" in labels(state)
    force_dice(state, 9, 10, 9, 10)
    play(state, "yani: javelin at milo on 8,5")  # nobody left to name: the volley is fired
    b = state.data
    assert b.fired_in["stephanos"][0] == b.fired_in["yani"][0] == b.phase
    assert [t for t in fire_log(state) if "fires" in t] == [
        "stephanos fires composite bow at 8,5 (short range)", "yani fires javelin at 8,5 (medium range)"]


def test_a_moving_target_may_be_fired_on_again_only_after_the_refire_distance():
    state = moving(foot("milo", N, (7, 5)), foot("stephanos", B, (12, 5)), foot("olivier", B, (11, 6)))
    force_dice(state, 10, 10)
    play(state, "move milo", "to 8,5 (1 MP)", "fire at milo", "stephanos: composite bow at milo on 8,5",
         "fire the volley")
    assert state.data.pieces["milo"].health == "healthy"
    play(state, "to 9,5 (1 MP)")
    assert banneret.pending(state).players == (N,)            # one hex on: too soon (foot: 2)
    play(state, "to 10,5 (1 MP)")
    assert banneret.pending(state).players == (B,)
    assert labels(state) == ["fire at milo", "no defensive fire"]


def test_once_fire_switches_to_another_target_the_first_is_safe_for_the_turn():
    state = moving(foot("milo", N, (7, 5)), foot("gautier", N, (7, 7)), foot("stephanos", B, (12, 5)),
                   foot("olivier", B, (11, 6)))
    force_dice(state, 10, 10)
    play(state, "move milo", "to 8,5 (1 MP)", "fire at milo", "stephanos: composite bow at milo on 8,5",
         "fire the volley", "stop here", "move gautier", "to 8,7 (1 MP)")
    force_dice(state, 10, 10)
    play(state, "fire at gautier")  # olivier, the only shooter left, is named and fires
    assert state.data.closed_targets == {"milo"}


@pytest.mark.parametrize("moved, attacked, targeted, fires", [
    (5, None, None, False),   # more than half of MA 8 (P-05)
    (4, -1, None, False),     # §5.2: a melee attack in its own phase
    (4, None, -2, False),     # errata 4: attacked in the previous turn
    (4, None, None, True),    # none of these: he fires
])
def test_a_shooter_that_moved_too_far_or_attacked_last_phase_may_not_fire_defensively(moved, attacked, targeted, fires):
    # each case a move of its own: a move keeps who may fire at it from its first window
    # (MoveRecord.shooters), since nothing in it changes these
    state = moving(foot("milo", N, (7, 5)), foot("stephanos", B, (12, 5)))
    b = state.data
    b.moved_in["stephanos"] = (b.phase - 1, moved)
    if attacked is not None:
        b.attacked_in["stephanos"] = b.phase + attacked
    if targeted is not None:
        b.targeted_in["stephanos"] = b.phase + targeted
    play(state, "move milo", "to 8,5 (1 MP)")
    assert banneret.pending(state).players == ((B,) if fires else (N,))


def test_a_mover_stunned_by_defensive_fire_ends_its_move():
    state = moving(foot("milo", N, (7, 5)), foot("stephanos", B, (12, 5)))
    force_dice(state, 1, 9)  # impact aimed, then C: stunned
    play(state, "move milo", "to 8,5 (1 MP)", "fire at milo")  # the only shooter is named and fires
    b = state.data
    assert b.pieces["milo"].health == "stunned" and b.pieces["milo"].hex == (8, 5)
    assert banneret.pending(state).kind != "move-step"  # the move is over (nobody else can move)


def test_a_character_declared_to_stay_put_may_be_fired_on_before_moving():
    # §5.3: not before it moves, unless its owner declares it will not move this turn
    state = moving(foot("milo", N, (7, 5)), foot("gautier", N, (7, 7)), foot("stephanos", B, (12, 5)))
    force_dice(state, 1, 9)  # impact aimed, then C: stunned
    play(state, "milo stays put")
    assert banneret.pending(state).players == (B,) and labels(state) == ["fire at milo", "no defensive fire"]
    play(state, "fire at milo")
    b = state.data
    assert b.pieces["milo"].health == "stunned" and b.pieces["milo"].hex == (7, 5)
    assert "move milo" not in labels(state) and "move gautier" in labels(state)
