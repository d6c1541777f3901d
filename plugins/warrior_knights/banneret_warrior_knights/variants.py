"""The optional variants (17), each a game option that is off unless every baron agrees
before the game: the pieces they share, and the variants' own procedures.

* 17.1 Game length is the option ``influence_per_baron`` (set-up reads it).
* 17.2 Truly Private Motions (``truly_private_motions``): the engine cannot judge a motion
  written freely, so a Private Motion may also put in force, or lift, one of the rule
  changes of :data:`MOTION_RULES` (those the rules name as examples). Each is a standing
  ``forbid`` effect that :func:`~banneret_warrior_knights.standing.in_force` reports like a
  Law, so the one rule it changes enforces it (a siege: ``battles.siege_allowed``; a single
  step: ``movement.legal_paths``).
* 17.5 Rule of Force (``rule_of_force``): only domination wins; the emptied Influence pool
  ends nothing (the Muster's end asks :func:`influence_ends_game`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

import attrs

from banneret import OptionSpec
from banneret.state import State
from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.state import WKData

__all__ = [
    "VARIANT_OPTIONS", "TRULY_PRIVATE_MOTIONS", "RULE_OF_FORCE", "MOTION_RULE", "MOTION_RULES", "MotionRule",
    "motion_rule_proposals", "motion_rule_label", "toggle_motion_rule", "influence_ends_game",
]

TRULY_PRIVATE_MOTIONS = "truly_private_motions"
RULE_OF_FORCE = "rule_of_force"

VARIANT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(TRULY_PRIVATE_MOTIONS, False,
               "Truly Private Motions (17.2): 'yes' = a Private Motion may also propose to put in force, or to "
               "lift, the rule 'no sieges' or 'moves only along roads'; 'no' = its four purposes of the rules"),
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


# --------------------------------------------------------------------------- 17.2


@attrs.frozen
class MotionRule:
    """A rule change a Truly Private Motion may put in force: what players read, and the
    standing effect that the rule it changes reads through ``standing.in_force``."""

    name: str
    effect: Effect


MOTION_RULE = "motion_rule"
"""The Private Motion purpose of 17.2: put a rule change in force, or lift it."""

MOTION_RULES: Mapping[str, MotionRule] = MappingProxyType({
    "no_sieges": MotionRule("no sieges", Effect("forbid", MappingProxyType({"action": "siege"}))),
    "roads_only": MotionRule("moves only along roads", Effect("forbid", MappingProxyType({"action": "off_road_move"}))),
})
"""17.2's menu: the examples the rules give of what a free motion may decide."""


def motion_rule_proposals(state: State) -> list[tuple[str, str]]:
    """What a Private Motion may propose besides its printed purposes (17.2): each rule
    change of :data:`MOTION_RULES`, to put in force or to lift; none without the variant."""
    if not state.options[TRULY_PRIVATE_MOTIONS]:
        return []
    return [(MOTION_RULE, rule) for rule in MOTION_RULES]


def motion_rule_label(data: WKData, rule: str) -> str:
    """``put the rule 'no sieges' in force`` or ``lift the rule 'no sieges'``."""
    name = MOTION_RULES[rule].name
    return f"lift the rule '{name}'" if rule in data.motion_rules else f"put the rule '{name}' in force"


def toggle_motion_rule(state: State, rule: str) -> None:
    """A Truly Private Motion passed (17.2): its rule change comes into force, or is lifted."""
    data: WKData = state.data
    name = MOTION_RULES[rule].name
    if rule in data.motion_rules:
        data.motion_rules.remove(rule)
        state.emit(f"the rule '{name}' is lifted", "assembly")
    else:
        data.motion_rules.append(rule)
        data.motion_rules.sort()
        state.emit(f"the rule '{name}' is in force", "assembly")
