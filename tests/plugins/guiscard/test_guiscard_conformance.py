"""The core test kit run on Guiscard (§1-§6) through its own registry: random legal games
checked after every step (the costly view and board checks every eighth step), once per
infiltration reading."""

from banneret.registry import registry_from
from banneret.testing import conformance_tests
from banneret_guiscard import plugin

REG = registry_from([plugin])

globals().update(conformance_tests("guiscard", registry=REG, max_steps=400, sample_every=80, check_every=8))


class TestConformanceGuiscardPerMover(conformance_tests(
    "guiscard", registry=REG, max_steps=400, sample_every=80, options={"infiltration_limit": "per_mover"},
    # option-independent machinery, already covered by the suite above
    skip_checks=("save_round_trip", "undo", "illegal_actions", "clone_independence", "determinism", "views", "agents",
                 "board"),
)["TestConformanceGuiscard"]):
    """The same checks with one infiltration roll per enemy and mover (A-05)."""
