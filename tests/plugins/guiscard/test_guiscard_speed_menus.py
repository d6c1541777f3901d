"""The premises of the menus' early returns (issue 14, Performance, session 15): a move's step
menu asks the horse menus only with a loose horse on the map, the ladder menus only with a
ladder, the dismount menu only of a rider and the pick-up menu only of a man on foot; the
movement step asks the formation menu only with a hoplite among the characters or a formation
(session 16; compared with its plain scan), and the ladder-shift menu returns at once without a
ladder. At every decision of random games, for every living character, each menu skipped
gives nothing where it is skipped."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_guiscard.hoplites import formation_options, formation_scan
from banneret_guiscard.ladders import shift_choices
from banneret_guiscard.movement import (
    MoveRecord, bridle_options, catch_options, dismount_options, mount_options, over_options, pickup_options,
)
from banneret_guiscard.state import Battle
from test_guiscard_speed import _random_game

SCENARIOS = ("Open skirmish", "Cavalry charge", "Village fight", "Castle assault", "Siege-methods assault", "Mixed",
             "Placeholder 1", "Sally on the camp", "Stair fight", "House fight")


def _skipped_menus_are_empty(b: Battle) -> int:
    """Assert every skipped menu is empty; how many characters were asked."""
    asked = 0
    for piece in b.pieces.values():
        if not piece.alive:
            continue
        left = 99  # more MP than any menu asks
        for entered in (False, True):
            rec = MoveRecord(piece.id, (piece.hex, piece.facing), entered=entered)
            if not b.horses:
                assert mount_options(b, piece, left) == []
                assert bridle_options(b, piece, rec) == [] and catch_options(b, piece, rec) == []
        if not b.ladders:
            assert over_options(b, piece, left) == []
        if not piece.mounted:
            assert dismount_options(b, piece, left) == []
        else:
            assert pickup_options(b, piece) == []
        asked += 1
    if not b.ladders:
        assert shift_choices(b, b.side, lambda pid: 99) == []
    assert formation_options(b) == formation_scan(b)  # at once where no character is a hoplite
    return asked


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_menus_skipped_have_nothing_to_offer(scenario, seed):
    """Every decision of a random game: the menus a move's step and the movement step skip
    (no loose horse, no ladder, a man on foot, a rider, no hoplite) offer nothing there."""
    asked = 0
    for state in _random_game(scenario, seed, 300):
        asked += _skipped_menus_are_empty(state.data)
    assert asked
