"""The core test kit run on Richard III: random legal games checked after every step
(invariants, legal actions, illegal actions refused, save/load, replay, undo, views that leak
nothing hidden, the decision bound, determinism, clone independence)."""

from banneret.testing import conformance_tests

globals().update(conformance_tests("richard3", max_steps=400, sample_every=40))


class TestConformanceRichard3Readings(conformance_tests("richard3", max_steps=300, sample_every=60, options={
    "plague_target": "colour", "treason_rolls": "once", "pretender_succession": "immediate",
    "bombard_sea_moves": True, "neville_loyalty": "pl", "regroup_limits": "battle",
    "last_heir_defected": "plays",
})["TestConformanceRichard3"]):
    """The same checks with every alternative reading switched on."""
