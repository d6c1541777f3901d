"""What an agent is handed: a seat with its view, its legal actions and samples of the
hidden facts, never the true state."""

from __future__ import annotations

import banneret
from banneret.agents import RandomAgent, Seat
from banneret.canonical import state_hash
from banneret.registry import registry_from
from banneret.rng import Rng

import toys

REG = registry_from([toys])


def after_north_bids(n: int = 2) -> banneret.State:
    state = banneret.new_game("duel", seed=5, registry=REG)
    banneret.apply(state, banneret.find_action(state, "north", f"bid {n}"))
    return state


def test_a_seat_offers_its_view_and_legal_actions():
    state = after_north_bids()
    seat = Seat(state, "south")
    assert seat.player == "south" and seat.actions == banneret.legal_actions(state, "south")
    assert seat.view == banneret.view(state, "south", log_tail=0)
    assert seat.view["board"]["bids"] == {"north": "hidden"}
    assert seat.log() == ["north has bid"]
    assert seat.pending.players == ("south",) and seat.game is state.game


def test_a_sample_redraws_what_the_seat_cannot_see_and_keeps_its_view():
    state = after_north_bids(2)
    seat = Seat(state, "south")
    samples = [seat.sample(Rng(seed)) for seed in range(12)]
    assert {s.data.secret["north"] for s in samples} == {1, 2, 3}
    for sample in samples:
        assert banneret.view(sample, "south") == banneret.view(state, "south")
        assert sample is not state


def test_changing_a_sample_changes_nothing_else():
    state = after_north_bids()
    before = state_hash(state)
    sample = Seat(state, "south").sample(Rng(0))
    banneret.apply(sample, banneret.legal_actions(sample, "south")[0])
    assert state_hash(state) == before and state.step == 1


def test_a_game_that_hides_nothing_samples_a_plain_copy(monkeypatch):
    state = banneret.new_game("duel", seed=1, registry=REG)
    monkeypatch.setattr(state.game, "resample_hidden", lambda *args: None)
    sample = Seat(state, "north").sample(Rng(0))
    assert state_hash(sample) == state_hash(state) and sample is not state


def test_the_random_agent_picks_from_the_seat():
    state = after_north_bids()
    picks = {RandomAgent(seed).choose(Seat(state, "south")).label for seed in range(20)}
    assert picks == {"bid 1", "bid 2", "bid 3"}
