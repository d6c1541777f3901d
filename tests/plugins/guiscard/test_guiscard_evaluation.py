"""The search agent's estimate of each side's chances (``banneret_guiscard.evaluation``, the
``banneret_evaluate`` hook): even at the start, up with each casualty a side inflicts, more so
late in the game, the two sides' chances adding up to 1 in any state of a played game."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import banneret
from banneret.agents import Seat, agent_seed
from banneret.ismcts import evaluate
from banneret_guiscard.evaluation import FEATURES, WEIGHTS, chances, features
from banneret_guiscard.state import Battle

SCENARIOS = [s.name for s in banneret.default_registry().game("guiscard").info.scenarios]


def _hurt(b: Battle, side: str, health: str, count: int = 1) -> None:
    """Put ``count`` healthy characters of ``side`` into ``health``."""
    for pid in [pid for pid, p in sorted(b.pieces.items()) if p.side == side and p.health == "healthy"][:count]:
        b.pieces[pid] = attrs.evolve(b.pieces[pid], health=health)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_starts_even_and_the_hook_gives_the_estimate(scenario):
    state = banneret.new_game("guiscard", seed=1, scenario=scenario)
    side_a, side_b = state.data.tables.sides
    assert evaluate(state) == {side_a: 0.5, side_b: 0.5}
    _hurt(state.data, side_b, "dead")
    assert evaluate(state) == chances(state.data)
    assert evaluate(state)[side_a] > 0.5


def test_each_casualty_inflicted_raises_the_sides_chance_and_lowers_the_others():
    state = banneret.new_game("guiscard", seed=1, scenario="Open skirmish")
    b = state.data
    normans, byzantines = b.tables.sides
    seen = [chances(b)[normans]]
    for _ in range(3):
        _hurt(b, byzantines, "wounded")
        seen.append(chances(b)[normans])
    assert seen == sorted(seen) and len(set(seen)) == 4
    _hurt(b, normans, "wounded", 3)  # as many casualties each: even again
    assert features(b)["casualties"] == 0
    assert chances(b)[normans] == pytest.approx(0.5)


def test_a_lead_counts_for_more_on_the_last_turn_than_on_the_first():
    state = banneret.new_game("guiscard", seed=1, scenario="Open skirmish")
    b = state.data
    normans, byzantines = b.tables.sides
    _hurt(b, byzantines, "wounded", 2)
    early = chances(b)[normans]
    b.turn = b.tables.scenario.turns
    late = chances(b)[normans]
    assert 0.5 < early < late < 1
    assert WEIGHTS["casualties_late"] > 0


def test_the_stunned_count_only_where_the_scenario_does_not_count_them_already():
    state = banneret.new_game("guiscard", seed=1, scenario="Open skirmish")
    b = state.data
    normans, byzantines = b.tables.sides
    assert "stunned" not in b.tables.scenario.victory.casualty_states
    _hurt(b, byzantines, "stunned", 2)
    assert features(b) == {name: (2.0 if name == "stunned" else 0.0) for name in FEATURES}


@settings(max_examples=8, deadline=None)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10**6))
def test_in_every_state_of_a_random_game_the_chances_are_a_split_of_one(scenario, seed):
    state = banneret.new_game("guiscard", seed=seed, scenario=scenario)
    agents = {f: banneret.RandomAgent(agent_seed(seed, f)) for f in state.factions}
    while True:
        found = evaluate(state)
        assert set(found) == set(state.factions)
        assert all(0.0 < v < 1.0 for v in found.values())
        assert sum(found.values()) == pytest.approx(1.0)
        if banneret.is_over(state):
            break
        player = banneret.pending(state).players[0]
        banneret.apply(state, agents[player].choose(Seat(state, player)))
