"""A search agent's estimate of each side's chances from a state (the ``banneret_evaluate`` hook).

The game is won after the last turn by the side that has put more enemy characters into the
scenario's casualty states (P-22), so the estimate is a logistic model over that count and
what is about to change it, each written as the first side's (side A's) lead over side B:

* ``casualties``: enemy casualties (as the scenario counts them) A has inflicted, less those
  B has;
* ``casualties_late``: the same, weighted by the share of the scenario's turns played: a lead
  of one casualty decides more on the last turn than on the first;
* ``stunned``: enemy characters A has stunned, less those B has (a stunned character cannot
  fight back, and a stunned one hurt again dies, §1.2.2), when the scenario does not already
  count the stunned.

No constant: the model favours neither side, since which side is stronger depends on the
scenario. The weights were fitted by ``benchmarks/fit_evaluation.py --game guiscard``
(logistic regression on states of heuristic games with some random moves, labelled by the
result, a draw counting half); rerun it when the rules, the heuristic or the scenarios change.
"""

from __future__ import annotations

import math

from banneret_guiscard.sequence import turn_played
from banneret_guiscard.state import Battle

__all__ = ["FEATURES", "WEIGHTS", "features", "chances"]

FEATURES = ("casualties", "casualties_late", "stunned")

# fitted by benchmarks/fit_evaluation.py --game guiscard (see the module docstring)
WEIGHTS: dict[str, float] = {"casualties": 0.2994, "casualties_late": 1.4592, "stunned": 0.4167}


def features(b: Battle) -> dict[str, float]:
    """The model's inputs for ``b``, each as side A's lead over side B (see the module)."""
    first = b.tables.sides[0]
    counted = b.tables.scenario.victory.casualty_states
    casualties = stunned = 0
    for piece in b.pieces.values():
        sign = -1 if piece.side == first else 1  # harm to a side is its enemy's gain
        health = piece.health
        if health in counted:
            casualties += sign
        elif health == "stunned":
            stunned += sign
    played = turn_played(b) / b.tables.scenario.turns
    return {
        "casualties": float(casualties),
        "casualties_late": casualties * played,
        "stunned": float(stunned),
    }


def chances(b: Battle) -> dict[str, float]:
    """Each side's estimated chance of winning, a draw counting half to each (the two add up
    to 1)."""
    found = features(b)
    z = sum(WEIGHTS[name] * found[name] for name in FEATURES)
    first = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    side_a, side_b = b.tables.sides
    return {side_a: first, side_b: 1.0 - first}
