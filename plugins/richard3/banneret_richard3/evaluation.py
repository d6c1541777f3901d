"""A search agent's estimate of each house's chances from a state (the ``banneret_evaluate`` hook).

The estimate is a logistic model over a few facts anyone at the table can count, written as
Lancaster's lead over York:

* ``king``: +1 while Lancaster holds the throne, -1 while York does; the KING at the end of
  the last campaign wins (8.2, 9.2);
* ``support``: the usurpation count (8.2) of Lancaster minus York's;
* ``heirs``: heirs alive (losing them all loses at once, 9.0);
* ``strength``: steps of the blocks on the map, exile excluded;
* ``king_late`` and ``support_late``: the first two again, weighted by how near the game's
  end is (1 in the last campaign, 1/2 in the one before, ...), since the throne and the count
  decide the game only after the last campaign.

The weights were fitted by ``benchmarks/fit_evaluation.py`` (logistic regression on states
sampled from games of the heuristic agent with some random moves, labelled by the winner);
that script prints the figures to paste in :data:`WEIGHTS`. Rerun it when the rules or the
heuristic change.
"""

from __future__ import annotations

import math

from banneret_richard3.politics import support
from banneret_richard3.state import HOUSES, R3State, tables

__all__ = ["FEATURES", "WEIGHTS", "features", "chances"]

FEATURES = ("bias", "king", "support", "heirs", "strength", "king_late", "support_late")

# fitted by benchmarks/fit_evaluation.py (see the module docstring)
WEIGHTS: dict[str, float] = {
    "bias": -0.4565, "king": -0.6897, "support": 0.0599, "heirs": 0.3392, "strength": 0.0080,
    "king_late": 1.0510, "support_late": 0.3118,
}


def features(d: R3State) -> dict[str, float]:
    """The model's inputs for ``d``, each as Lancaster's lead over York (see the module)."""
    lancaster, york = HOUSES
    t = tables()
    side = t.house_under[d.king]
    exile = t.exile_of
    strength = 0
    for area, blocks in d.at.items():
        if exile[area] is None:
            for b in blocks:
                strength += d.steps[b] if side[b] == lancaster else -d.steps[b]
    king = 1.0 if d.king == lancaster else -1.0
    lead = float(support(d, lancaster) - support(d, york))
    late = 1.0 / (1 + d.last_campaign - d.campaign)
    return {
        "bias": 1.0,
        "king": king,
        "support": lead,
        "heirs": float(d.heirs_alive(lancaster) - d.heirs_alive(york)),
        "strength": float(strength),
        "king_late": king * late,
        "support_late": lead * late,
    }


def chances(d: R3State) -> dict[str, float]:
    """Each house's estimated chance of winning from ``d``; the two add up to 1."""
    found = features(d)
    score = sum(WEIGHTS[name] * found[name] for name in FEATURES)
    lancaster = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
    return {HOUSES[0]: lancaster, HOUSES[1]: 1.0 - lancaster}
