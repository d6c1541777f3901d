"""Richard III's state identity: every field of its data is in the state hash, and a clone
of the data equals it and shares nothing mutable (issue 9, point 2)."""

from __future__ import annotations

import banneret
from banneret.testing.identity import check_identity_along_games


def test_every_data_field_changes_the_hash_along_random_games():
    assert check_identity_along_games("richard3", seeds=range(3), every=50, max_steps=300) >= 9


def test_a_hand_cloned_with_the_data_is_a_copy():
    state = banneret.new_game("richard3", seed=1)
    copy = banneret.clone(state)
    for house, cards in copy.data.hands.items():
        assert cards == state.data.hands[house] and cards is not state.data.hands[house]
