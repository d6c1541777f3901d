"""The optional variants (17), each a game option that is off unless every baron agrees
before the game: the pieces they share, and the variants' own procedures.

* 17.1 Game length is the option ``influence_per_baron`` (set-up reads it).
* 17.5 Rule of Force (``rule_of_force``): only domination wins; the emptied Influence pool
  ends nothing (the Muster's end asks :func:`influence_ends_game`).
"""

from __future__ import annotations

from banneret import OptionSpec
from banneret.state import State

__all__ = ["VARIANT_OPTIONS", "RULE_OF_FORCE", "influence_ends_game"]

RULE_OF_FORCE = "rule_of_force"

VARIANT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(RULE_OF_FORCE, False,
               "Rule of Force (17.5): 'yes' = only a baron holding more than half the unrazed Kingdom cities at a "
               "Muster wins, and an empty influence pool does not end the game (the round limit still does); "
               "'no' = the influence pool running dry ends the game too"),
)
"""The variants' options (``plugin.WarriorKnights.info.options`` lists them)."""


def influence_ends_game(state: State) -> bool:
    """14, 17.5: the Muster in which the Influence pool emptied ends the game, except under
    Rule of Force."""
    return state.data.influence_pool == 0 and not state.options[RULE_OF_FORCE]
