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


def test_moved_blocks_and_heirs_are_redrawn_too_with_their_entries():
    """Which hidden block moved where, and where the enemy's heirs (the KING among them)
    stand, are unknown to the other house: the redraw deals them too, each moved block taking
    over the entries of the place it lands in, so the public history stays as it was."""
    moved_swapped = heirs_swapped = False
    for seed in range(6):
        for state in states(seed=seed, steps=400):
            d = state.data
            if d.phase != "action" or d.battle_area is not None:
                continue
            for house in state.factions:
                opp = next(h for h in state.factions if h != house)
                moved = sorted(b for b in d.moved if d.house_of(b) == opp and b not in d.revealed and b not in d.recruited)
                heirs = d.heirs(opp)
                for salt in range(4):
                    sample = state.game.resample_hidden(state, house, Rng(salt))
                    other = sample.data
                    assert state.game.view(sample, house) == state.game.view(state, house)
                    # the public history: the same (area, came_from) entries, by the same set of blocks
                    assert sorted((a, cf) for a, v in other.entries.items() for _, cf in v) == \
                        sorted((a, cf) for a, v in d.entries.items() for _, cf in v)
                    assert {b for v in other.entries.values() for b, _ in v} == {b for v in d.entries.values() for b, _ in v}
                    for area, found in other.entries.items():  # an entered block stands where it entered last
                        for b, _ in found:
                            if b in moved and other.loc[b] != area:
                                assert any(area != a and b in {x for x, _ in other.entries[a]} for a in other.entries)
                    moved_swapped |= any(other.loc[b] != d.loc[b] for b in moved)
                    heirs_swapped |= any(other.loc[b] != d.loc[b] for b in heirs)
                    assert other.king_block == d.king_block and other.pretender_block == d.pretender_block
    assert moved_swapped and heirs_swapped
