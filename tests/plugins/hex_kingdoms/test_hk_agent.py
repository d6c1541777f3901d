"""The heuristic agent keeps nothing between decisions: seated as ``banneret play`` seats
computer players (a fresh agent for every decision, seeded from the game's seed, the faction
and the step), it still follows its plans through the follow-up choices and wins."""

from __future__ import annotations

import banneret
from banneret.agents import Seat, agent_seed

GAMES = 8


def crowned_with_a_fresh_agent_per_decision(seed: int) -> bool:
    registry = banneret.default_registry()
    kinds = registry.agents("hex_kingdoms")
    state = banneret.new_game("hex_kingdoms", seed=seed, registry=registry)
    mine = state.factions[seed % 4]
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        kind = "heuristic" if player == mine else "random"
        agent = kinds[kind]("hex_kingdoms", player, agent_seed(seed, player, state.step))
        banneret.apply(state, agent.choose(Seat(state, player)))
    return mine in banneret.outcome(state).winners


def test_a_fresh_heuristic_agent_per_decision_beats_three_random_kingdoms():
    # with its plan kept in the agent, a fresh agent played its follow-ups blind: 0 of 20
    crowned = sum(crowned_with_a_fresh_agent_per_decision(seed) for seed in range(GAMES))
    assert crowned >= 5, f"crowned in {crowned} of {GAMES}"
