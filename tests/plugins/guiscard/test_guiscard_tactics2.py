"""Guiscard combat tactics (§7), second part, with exact outcomes on the Test Field: mounted
lance throwers (§7.1: the arc they throw into, throwing over friends on foot, A-10) and the
re-fire distance of a charging rider (§5.3, A-16)."""

from __future__ import annotations

import banneret
from banneret_guiscard.fire import targets

from test_guiscard_fire import cover, position
from test_guiscard_movement import foot, force_dice, labels, play, rider
from test_guiscard_tactics import STRAIGHT_EAST, declare, end_charges, knight
from test_guiscard_tactics import position as charge_position

N, B = "normans", "byzantines"


# --------------------------------------------------------------------------- §7.1 mounted lance throwers


def test_a_mounted_lance_thrower_throws_to_its_front_and_sides_not_behind():
    # the rulebook's example: alexio, head on 10,5 facing east, reaches the enemies ahead and
    # beside him (12,5 front, 10,3 left, 9,7 right) but not the two behind (7,6 and 9,3)
    enemies = (foot("karim", B, (12, 5)), foot("hamid", B, (10, 3)), foot("jemal", B, (9, 7)),
               foot("milo", B, (7, 6)), foot("yani", B, (9, 3)))
    state = position(rider("alexio", N, (10, 5), 0), *enemies)
    b = state.data
    assert targets(b, b.pieces["alexio"]) == [
        ("thrown_lance", (10, 3)), ("thrown_lance", (9, 7)), ("thrown_lance", (12, 5))]
    play(state, "fire with alexio")
    assert labels(state) == ["thrown lance at hamid on 10,3", "thrown lance at jemal on 9,7",
                             "thrown lance at karim on 12,5"]
    # on foot the same man throws all round (§5.0): the arc is the saddle's
    state = position(foot("alexio", N, (10, 5)), *enemies)
    b = state.data
    assert sorted(h for _, h in targets(b, b.pieces["alexio"])) == [(7, 6), (9, 3), (9, 7), (10, 3), (12, 5)]


def test_a_mounted_lance_flies_over_a_friend_on_foot_next_to_the_rider_from_three_hexes_on():
    # the 3-hex minimum holds only when throwing over the friend beside the horse
    state = position(rider("alexio", N, (9, 5), 0), foot("milo", N, (10, 5)), foot("karim", B, (12, 5)))
    assert cover(state, "alexio", "thrown_lance", (12, 5)) == "none"            # 3 hexes: over milo
    state.data.pieces["karim"] = foot("karim", B, (11, 5))
    assert cover(state, "alexio", "thrown_lance", (11, 5)) is None              # 2 hexes: milo blocks
    del state.data.pieces["milo"]
    assert cover(state, "alexio", "thrown_lance", (11, 5)) == "none"            # 2 hexes, nobody between


def test_a_mounted_lance_does_not_fly_over_riders_enemies_or_friends_farther_off():
    line = (foot("karim", B, (12, 5)),)
    state = position(rider("alexio", N, (9, 5), 0), rider("roger", N, (10, 5), 5), *line)
    assert cover(state, "alexio", "thrown_lance", (12, 5)) is None              # a friend, but mounted
    state = position(rider("alexio", N, (9, 5), 0), foot("hamid", B, (10, 5)), *line)
    assert cover(state, "alexio", "thrown_lance", (12, 5)) is None              # an enemy
    state = position(rider("alexio", N, (9, 5), 0), foot("milo", N, (11, 5)), *line)
    assert cover(state, "alexio", "thrown_lance", (12, 5)) is None              # not next to alexio
    state = position(foot("alexio", N, (9, 5)), foot("milo", N, (10, 5)), *line)
    assert cover(state, "alexio", "thrown_lance", (12, 5)) is None              # on foot: never over (§5.5.3)


# --------------------------------------------------------------------------- §5.3 re-fire at a charging rider


def test_a_charging_rider_may_be_fired_on_again_only_four_hexes_on():
    state = charge_position(knight(), foot("okeanos", B, (9, 6)), foot("stephanos", B, (1, 3)),
                            foot("olivier", B, (2, 3)))
    declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))
    end_charges(state)
    b = state.data
    assert banneret.pending(state).kind == "defensive-fire" and b.pieces["norman_knight"].hex == (-1, 6)
    force_dice(state, 10, 10)                                      # the missile is lost
    play(state, "fire at norman_knight", "stephanos: composite bow at norman_knight on -1,6", "fire the volley")
    assert b.pieces["norman_knight"].health == "healthy"
    # three hexes on would do for a rider moving at a walk; a charging one needs four (-1 -> 3)
    assert banneret.pending(state).kind == "defensive-fire" and b.pieces["norman_knight"].hex == (3, 6)
    assert labels(state) == ["fire at norman_knight", "no defensive fire"]
