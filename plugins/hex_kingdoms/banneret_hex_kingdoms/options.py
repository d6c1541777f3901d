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
    OptionSpec("map", "random", "How the map is made: 'random' builds a new map at set-up; 'reference' always "
               "uses the same fixed example map, for teaching and tests. (rules 5.1, 20.4)",
               choices=("random", "reference")),
    OptionSpec("special_hex_assignment", "gold2_fertile12", "Where the two special hexes lie: 'gold2_fertile12' "
               "puts the gold mountain in province 2 and the fertile plain in 12; 'swapped' the other way round. "
               "(digest reading C-08)", choices=("gold2_fertile12", "swapped")),
    OptionSpec("gold_mountain_is_mountain", True, "When on, a gold mountain also counts as a mountain: assaulting "
               "it shifts the advantage one step toward the defender. (digest reading C-07)"),
    OptionSpec("genesis_placement", "random", "Who lays the province tiles at set-up: 'random' places them all "
               "at random; 'players' lays the first at random, then the players lay the rest in seat order. "
               "(digest reading C-14)", choices=("random", "players")),
    OptionSpec("capital_model", "edge", "Where a capital sits: 'edge' = on the outer edge of one hex, its only "
               "gate; 'cell' = in an empty space off the map touching 1 to 3 hexes, all gates. "
               "(digest readings C-16, A-20)", choices=("edge", "cell")),
    OptionSpec("capital_min_gate_distance", 2, "The least distance, in hexes, between gate hexes of two "
               "different capitals. (digest reading C-17)", choices=(1, 2)),
    OptionSpec("hex_control", "sum", "What controls a hex: 'sum' = a kingdom's armies there together reach the "
               "hex's threshold; 'single_army' = one army must reach it alone. (digest readings C-11, A-06)",
               choices=("sum", "single_army")),
    OptionSpec("advantage_mode", "running", "How an assault's advantage changes: 'running' = set before the "
               "first wave, then each wave's winner gains a step; 'recompute' = recounted every wave, plus "
               "momentum. (digest readings C-34, A-03)", choices=("running", "recompute")),
    OptionSpec("advantage_clamp", True, "When on, an assault's advantage never goes beyond +5 or -5, even after "
               "mountain and castle shifts; when off, those shifts may push it further. (digest reading C-35)"),
    OptionSpec("terrain_shift_mode", "signed", "Mountain and castle shifts: 'signed' = a step toward the defender; "
               "'reduce_attacker_only' = they only cut an attacker's edge (not below 0) or widen a defender's. "
               "(digest readings C-35, A-04)", choices=("signed", "reduce_attacker_only")),
    OptionSpec("capital_tie_loss", 1, "How many points an assaulted capital loses when a wave is a tie. "
               "(digest readings C-36, A-17)", choices=(0, 1, 2)),
    OptionSpec("natural_one_blocks_capture", True, "When on, an attacker's roll of 1 ends the assault before it "
               "can occupy the hex or capture the capital; when off, that wave may still take it. "
               "(digest readings C-37, A-16)"),
    OptionSpec("retreat_range", "anywhere", "Where a defender's retreating armies may go: 'anywhere' = any hex "
               "that may take them; 'adjacent' = only hexes next to the assaulted one. (digest readings C-38, A-19)",
               choices=("anywhere", "adjacent")),
    OptionSpec("retreat_to_empty_controlled_province_hex", True, "When on, retreating armies may also go to empty "
               "hexes of provinces their kingdom controls, not only to hexes its armies hold. "
               "(digest readings C-38, A-19 b)"),
    OptionSpec("levy_allows_regroup", True, "When on, a kingdom may regroup its armies and still levy in the same "
               "turn; when off, a levy is refused after regrouping. (digest readings C-30, A-08)"),
    OptionSpec("allow_pass", True, "When on, a kingdom may pass instead of taking its one action of the turn; "
               "when off, it passes only when no action is possible. (digest readings C-44, A-09)"),
    OptionSpec("crusade_threshold_strict", True, "When on, the crusade is won only with more points than its goal "
               "(normally 100); when off, reaching the goal is enough. (digest readings C-23, A-10)"),
    OptionSpec("crusade_share_rounding", "half_up", "How crusade points become election shares (one per 10 "
               "points): 'half_up' rounds 5 and more up; 'floor' always rounds down. (digest readings C-25, A-11)",
               choices=("half_up", "floor")),
    OptionSpec("crusade_runoff", "share_plus_fresh_roll", "When the crusader king's election is tied, the tied "
               "kingdoms roll again with 'share_plus_fresh_roll' their share plus new dice, or "
               "'fresh_roll_only' new dice alone. (digest reading C-26)",
               choices=("share_plus_fresh_roll", "fresh_roll_only")),
    OptionSpec("crusader_capital_option", "below_max", "When crusaders may reinforce the crusader king's capital: "
               "'below_max' = only while it is below 9; 'always' = even when it is full. "
               "(digest readings C-27, A-21)", choices=("below_max", "always")),
    OptionSpec("revolt_on_every_plague", True, "When on, every plague rolled on 2 or 12 brings the barons' revolt; "
               "when off, a d4 picks the plague's kind and only crop failure does. (digest readings C-21b, A-13)"),
    OptionSpec("vassal_decisions", "suzerain", "Who makes a vassal kingdom's choices: 'suzerain' = the player of "
               "its overlord; 'delegate' = the vassal's own player. (digest reading C-40)",
               choices=("suzerain", "delegate")),
    OptionSpec("vassal_income_split", "per_vassal", "How a suzerain directs a vassal's income each turn: "
               "'per_vassal' = one destination for all of it; 'per_province' = one for each of its provinces. "
               "(digest reading C-29)", choices=("per_vassal", "per_province")),
    OptionSpec("homage_trigger", "any", "Which first conquests of a province bring the barons' homage: 'any' = "
               "every way of first taking control; 'move_assault' = only a move or an assault. "
               "(digest readings C-32, A-27)", choices=("any", "move_assault")),
    OptionSpec("max_armies_per_kingdom", 0, "The most army dice a kingdom may have on the map at once; 0 means "
               "no limit. (digest reading C-05)"),
    OptionSpec("max_turns", 200, "Game turns played before the game ends without an Emperor, ranked by "
               "provinces held; 0 means no limit. (digest reading C-43)"),
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
    for name in ("max_armies_per_kingdom", "max_turns"):
        if given.get(name, 0) < 0:
            raise OptionError(f"option {name} takes 0 (off) or a positive number, not {given[name]}")
    return Rules(**given)
