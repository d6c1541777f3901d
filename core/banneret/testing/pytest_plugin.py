"""pytest plugin (entry point ``pytest11``): registers Banneret's hypothesis profiles and
gives plugin authors a fixture that runs the whole conformance suite.

``quick`` (default) keeps local runs short; ``ci`` is thorough. Choose with the
``HYPOTHESIS_PROFILE`` environment variable.

The fixture ``banneret_conformance`` is :func:`banneret.testing.run_conformance`::

    def test_my_game_conforms(banneret_conformance):
        banneret_conformance("my_game", max_steps=400)

(``banneret.testing.conformance_tests`` gives the same checks as one pytest test each.)
"""

from __future__ import annotations

import os
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, settings

PROFILE_ENV = "HYPOTHESIS_PROFILE"

settings.register_profile(
    "quick", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile(os.environ.get(PROFILE_ENV, "quick"))


def pytest_report_header(config: pytest.Config) -> str:
    return f"banneret: hypothesis profile {os.environ.get(PROFILE_ENV, 'quick')!r} (set {PROFILE_ENV}=ci for more games)"


@pytest.fixture
def banneret_conformance() -> Callable[..., None]:
    """Run every conformance check on a game: ``banneret_conformance(game_id, registry=None,
    checks=None, **settings)`` (settings: ``max_steps``, ``options``, ``players``,
    ``scenario``, ``sample_every``, ...)."""
    from banneret.testing.conformance import run_conformance

    def run(game_id: str, registry: Any = None, checks: Any = None, **kw: Any) -> None:
        run_conformance(game_id, registry, checks, **kw)

    return run
