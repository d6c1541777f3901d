"""The core test kit run on Richard III: random legal games checked after every step
(invariants, legal actions, illegal actions refused, save/load, replay, undo, views that leak
nothing hidden, the decision bound, determinism, clone independence), once with the digest's
recommended readings and once with every alternative reading switched on."""

import banneret
from banneret.testing import conformance_tests
from banneret_richard3.agent import make_agent

from r3_helpers import play_out

globals().update(conformance_tests("richard3", max_steps=250, sample_every=60))

_ALTERNATIVES = {
    "plague_target": "colour", "treason_rolls": "per_battle", "pretender_succession": "supply",
    "bombard_sea_moves": True, "neville_loyalty": "pl", "regroup_limits": "battle",
    "last_heir_defected": "plays",
}


class TestConformanceRichard3Alternatives(conformance_tests(
    "richard3", max_steps=250, sample_every=60, options=_ALTERNATIVES,
    # option-independent machinery, already covered by the suite above
    skip_checks=("save_round_trip", "undo", "illegal_actions", "clone_independence"),
)["TestConformanceRichard3"]):
    """The same checks with every alternative reading switched on."""


class TestConformanceKingmaker(conformance_tests("richard3", max_steps=250, sample_every=60,
                                                scenario="kingmaker")["TestConformanceRichard3"]):
    """The whole kit on the Kingmaker scenario (campaign 2 only, Henry VI a captive)."""


class TestConformanceRichardIII(conformance_tests("richard3", max_steps=250, sample_every=60,
                                                  scenario="richard-iii")["TestConformanceRichard3"]):
    """The whole kit on the Richard III scenario (campaign 3 only)."""


def test_heuristic_agent_plays_whole_games_from_either_house():
    """The heuristic agent finishes legal games from both seats against the random agent and
    wins them (it wins 200 of 200 from each house in the benchmark)."""
    for seed, house in ((0, "york"), (1, "lancaster")):
        state = banneret.new_game("richard3", seed=seed)
        other = "lancaster" if house == "york" else "york"
        agents = {house: make_agent("richard3", house, seed), other: banneret.RandomAgent(seed)}
        play_out(state, agents)
        assert banneret.outcome(state).winners == (house,)
