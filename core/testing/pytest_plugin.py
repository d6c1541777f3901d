"""pytest plugin (entry point ``pytest11``): registers Banneret's hypothesis profiles.

``quick`` (default) keeps local runs short; ``ci`` is thorough. Choose with the
``HYPOTHESIS_PROFILE`` environment variable.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "quick", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
