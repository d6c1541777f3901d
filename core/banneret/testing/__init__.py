"""The test kit: hypothesis strategies that play random legal games, and the conformance
checks every game plugin gets for free.

A plugin's whole conformance suite is two lines in a test module::

    from banneret.testing import conformance_tests

    globals().update(conformance_tests("my_game", max_steps=400))

Each ``check_*`` function can also be called alone on a state; each raises
``AssertionError`` with one sentence naming the game, seed and step.
"""

from banneret.testing.conformance import (
    CHECKS,
    ConformanceConfig,
    ConformanceSuite,
    check_clone_independence,
    check_determinism,
    check_ends_within_bound,
    check_free_actions,
    check_illegal_actions_refused,
    check_invariants,
    check_legal_actions,
    check_replay,
    check_save_round_trip,
    check_secret_choices,
    check_undo_equals_replay,
    check_views,
    conformance_tests,
    run_check,
    run_conformance,
    setup_of,
    trace,
)
from banneret.testing.strategies import (
    PlayScript,
    Playthrough,
    Setup,
    Step,
    play,
    playthroughs,
    resolve_setup,
    scripts,
    states,
    walk,
)

__all__ = [
    "CHECKS", "ConformanceConfig", "ConformanceSuite", "PlayScript", "Playthrough", "Setup", "Step",
    "check_clone_independence", "check_determinism", "check_ends_within_bound",
    "check_free_actions", "check_illegal_actions_refused", "check_invariants", "check_legal_actions", "check_replay",
    "check_save_round_trip", "check_secret_choices", "check_undo_equals_replay", "check_views",
    "conformance_tests", "play", "playthroughs", "resolve_setup", "run_check", "run_conformance",
    "scripts", "setup_of", "states", "trace", "walk",
]
