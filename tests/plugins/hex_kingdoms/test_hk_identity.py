"""hex_kingdoms' state identity: every field of its data is in the state hash, and a clone
of the data equals it and shares nothing mutable (issue 9, point 2)."""

from __future__ import annotations

import banneret
from banneret.testing.identity import check_identity, check_identity_along_games, unseen_fields


def test_every_data_field_changes_the_hash_along_random_games():
    assert check_identity_along_games("hex_kingdoms", seeds=range(3), every=60, max_steps=300) >= 9


def test_players_genesis_keeps_its_tile_order_in_the_hash():
    state = banneret.new_game("hex_kingdoms", seed=4, options={"genesis_placement": "players"})
    assert state.data.tile_order
    check_identity(state)


def test_income_routing_is_part_of_the_state():
    state = banneret.new_game("hex_kingdoms", seed=2)
    other = banneret.clone(state)
    other.data.income_to[5] = 1
    assert banneret.state_hash(other) != banneret.state_hash(state)
    assert other.data != state.data
    assert unseen_fields(state) == []
