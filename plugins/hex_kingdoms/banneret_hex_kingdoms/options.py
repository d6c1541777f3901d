"""Game options: the digest's alternative readings (section 17) as switches.

The defaults are the recommended readings (the C-nn choices). :class:`Rules` is the
frozen, typed form the rules read on their hot paths; it is built once at set-up from the
engine's resolved option dict.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from banneret.errors import OptionError
from banneret.game import OptionSpec
from banneret_hex_kingdoms.assault import AssaultRules

__all__ = ["OPTIONS", "PARAMETERS", "Rules", "rules_from_options"]

PARAMETERS: tuple[str, ...] = (
    "levy", "castle_cost", "castle_march_max", "crusade_min", "crusade_max", "crusade_goal",
    "ship_min", "special_army", "province_income", "special_province_income",
    "victory_min_controlled", "victory_margin", "capital_defence_bonus", "capital_loss_per_lost_wave",
)
"""The rule numbers (from ``numbers.json``) a house-rule variant may change; the rules read
them from ``HKData.num``. Structural numbers (stack of 4, die faces, capital 0..9) are fixed."""

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("map", "random", "random = genesis (5.1); reference = the digest's fixture map (20.4)",
               choices=("random", "reference")),
    OptionSpec("special_hex_assignment", "gold2_fertile12", "C-08: which special hex lies in province 2",
               choices=("gold2_fertile12", "swapped")),
    OptionSpec("gold_mountain_is_mountain", True, "C-07: gold mountains give the mountain defence shift"),
    OptionSpec("genesis_placement", "random", "C-14: who places the province tiles",
               choices=("random", "players")),
    OptionSpec("capital_model", "edge", "C-16/A-20: edge = one gate hex; cell = an off-map cell touching 1-3 hexes",
               choices=("edge", "cell")),
    OptionSpec("capital_min_gate_distance", 2, "C-17: least distance between two capitals' gate hexes",
               choices=(1, 2)),
    OptionSpec("hex_control", "sum", "C-11/A-06: sum of a kingdom's armies, or one single army",
               choices=("sum", "single_army")),
    OptionSpec("advantage_mode", "running", "C-34/A-03: running = computed once then momentum; recompute = each wave",
               choices=("running", "recompute")),
    OptionSpec("advantage_clamp", True, "C-35: clamp the signed advantage to +-5 after terrain and castle shifts"),
    OptionSpec("terrain_shift_mode", "signed", "C-35/A-04: signed, or shifts only reduce an attacker's advantage",
               choices=("signed", "reduce_attacker_only")),
    OptionSpec("capital_tie_loss", 1, "C-36/A-17: what a tied wave costs a capital", choices=(0, 1, 2)),
    OptionSpec("natural_one_blocks_capture", True, "C-37/A-16: an attacker's natural 1 also cancels occupation and capture"),
    OptionSpec("retreat_range", "anywhere", "C-38/A-19: where retreating armies may go",
               choices=("anywhere", "adjacent")),
    OptionSpec("retreat_to_empty_controlled_province_hex", True, "C-38/A-19 (b): empty hexes of own provinces accept a retreat"),
    OptionSpec("levy_allows_regroup", True, "C-30/A-08: regrouping in 3a is allowed in a Levy turn"),
    OptionSpec("allow_pass", True, "C-44/A-09: a kingdom may take no 3b action"),
    OptionSpec("crusade_threshold_strict", True, "C-23/A-10: the crusade is won above 100 (off: at 100)"),
    OptionSpec("crusade_share_rounding", "half_up", "C-25/A-11: rounding of crusade shares",
               choices=("half_up", "floor")),
    OptionSpec("crusade_runoff", "share_plus_fresh_roll", "C-26: what tied kingdoms roll in the run-off",
               choices=("share_plus_fresh_roll", "fresh_roll_only")),
    OptionSpec("crusader_capital_option", "below_max", "C-27/A-21: when crusaders may reinforce the king's capital",
               choices=("below_max", "always")),
    OptionSpec("revolt_on_every_plague", True, "C-21b/A-13: every plague on 2 or 12 brings the barons' revolt "
               "(off: a d4 picks the plague's kind and only crop failure does)"),
    OptionSpec("vassal_decisions", "suzerain", "C-40: who answers a vassal's decisions",
               choices=("suzerain", "delegate")),
    OptionSpec("vassal_income_split", "per_vassal", "C-29: one income destination per vassal, or per province",
               choices=("per_vassal", "per_province")),
    OptionSpec("homage_trigger", "any", "C-32/A-27: what first conquests bring the barons' homage",
               choices=("any", "move_assault")),
    OptionSpec("max_armies_per_kingdom", 0, "C-05: cap on army dice per kingdom (0 = unlimited)"),
    OptionSpec("max_turns", 200, "C-43: game turns before the game ends unresolved (0 = no limit)"),
)


@attrs.frozen
class Rules:
    """The options, typed, as the rules read them."""

    map: str = "random"
    special_hex_assignment: str = "gold2_fertile12"
    gold_mountain_is_mountain: bool = True
    genesis_placement: str = "random"
    capital_model: str = "edge"
    capital_min_gate_distance: int = 2
    hex_control: str = "sum"
    advantage_mode: str = "running"
    advantage_clamp: bool = True
    terrain_shift_mode: str = "signed"
    capital_tie_loss: int = 1
    natural_one_blocks_capture: bool = True
    retreat_range: str = "anywhere"
    retreat_to_empty_controlled_province_hex: bool = True
    levy_allows_regroup: bool = True
    allow_pass: bool = True
    crusade_threshold_strict: bool = True
    crusade_share_rounding: str = "half_up"
    crusade_runoff: str = "share_plus_fresh_roll"
    crusader_capital_option: str = "below_max"
    revolt_on_every_plague: bool = True
    vassal_decisions: str = "suzerain"
    vassal_income_split: str = "per_vassal"
    homage_trigger: str = "any"
    max_armies_per_kingdom: int = 0
    max_turns: int = 200

    def assault_rules(self, num: Mapping[str, int]) -> AssaultRules:
        """The resolver's rules, with the capital numbers from the rule parameters."""
        return AssaultRules(
            capital_bonus=num["capital_defence_bonus"],
            capital_loss=num["capital_loss_per_lost_wave"],
            advantage_mode=self.advantage_mode,
            advantage_clamp=5 if self.advantage_clamp else None,
            terrain_shift_mode=self.terrain_shift_mode,
            capital_tie_loss=self.capital_tie_loss,
            natural_one_blocks_capture=self.natural_one_blocks_capture,
        )


def rules_from_options(options: Mapping[str, Any]) -> Rules:
    """Build :class:`Rules` from resolved options (unknown names are ignored: the engine's own)."""
    fields = attrs.fields_dict(Rules)
    given = {k: v for k, v in options.items() if k in fields}
    if given.get("max_armies_per_kingdom", 0) < 0 or given.get("max_turns", 0) < 0:
        raise OptionError("max_armies_per_kingdom and max_turns take 0 (off) or a positive number")
    return Rules(**given)
