"""Redrawing what a house cannot see (``resample_hidden``): the cards are conserved, and the
redraw depends on what that house knows only, so a search agent that samples from it
decides the same whatever the true hidden facts are."""

from __future__ import annotations

from collections import Counter

import banneret
from banneret.agents import RandomAgent, Seat
from banneret.rng import Rng


def states(seed: int, steps: int):
    state = banneret.new_game("richard3", seed=seed)
    agent = RandomAgent(seed)
    while not banneret.is_over(state) and state.step < steps:
        yield state
        player = banneret.pending(state).players[0]
        banneret.apply(state, agent.choose(Seat(state, player)))


def test_the_redraw_conserves_the_cards_and_depends_only_on_what_the_house_knows():
    redrawn_a_face_down_card = False
    for state in states(seed=3, steps=300):
        for house in state.factions:
            opp = next(h for h in state.factions if h != house)
            d = state.data
            other = state.game.resample_hidden(state, house, Rng(state.step))
            assert Counter(other.data.hands[opp] + other.data.set_aside) == Counter(d.hands[opp] + d.set_aside)
            if opp in d.chosen:
                assert other.data.chosen[opp] in other.data.hands[opp]
                redrawn_a_face_down_card = True
            again_real = state.game.resample_hidden(state, house, Rng(77))
            again_other = state.game.resample_hidden(other, house, Rng(77))
            assert banneret.state_hash(again_real) == banneret.state_hash(again_other)
    assert redrawn_a_face_down_card
