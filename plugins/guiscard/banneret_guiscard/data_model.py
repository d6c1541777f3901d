"""Guiscard data for milestone 1 (basic rules §1-§6): tables, counters, the Test Field, a scenario.

The play aids, counter sheets, maps and scenario book are not in the rulebook text, so most
numbers here are original placeholders built to exercise every mechanism; the rules engine
reads every table value from these files, so putting the real sheet in place is a data change.

Files (``banneret_guiscard.data``)
----------------------------------
* ``codes.json`` -- the letters of the three-letter unit code (§1.2.1): ``origins``, ``types``,
  ``classes``, each a list of ``letter, name``.
* ``movement_classes.json`` -- §4.0: ``id, name, mount, armoured, healthy_ma, wounded_ma``.
* ``terrain.json`` -- ``terrains`` (§3.1: movement cost on foot and mounted, null = not allowed;
  cover and the condition that cancels it; melee sign ``-``/``0``/``+``; water flag),
  ``hexside_features`` (``crest``, ``cliff``) and ``melee_shifts`` (P-07: the column shift for
  every pair of attacker and defender signs).
* ``melee_foot.json`` / ``melee_mounted.json`` -- the two combat results tables (P-01), chosen
  by the defender (A-03): 13 difference ``columns``, one row of letters per d10 result from
  ``die_min`` to ``die_max``, and a ``legend`` saying what each letter does to attacker and
  defender.
* ``fire_foot.json`` / ``fire_mounted.json`` -- fire results (P-02): one grid per weapon and
  range band, one column per cover, and a legend for unarmoured and armoured targets.
* ``impact.json`` -- impact hex (P-03): d10 ranges to a hex relative to the aimed one, the
  modifiers, the radius without a roll and the roll above which the missile is lost.
* ``weapons.json`` -- the five missile weapons (§5.0, P-05): classes, range bands, ammunition,
  and per mount the MP a shooter may move when firing.
* ``infiltration.json`` -- infiltration test (P-06): open-ended roll ranges and modifiers.
* ``geometry.json`` -- rider turning costs and arcs (P-08).
* ``horses.json`` -- horse defence (§6.8), mounting costs and MP conversions (§4.4.2), catching
  and leading horses (§4.4.3).
* ``bodies.json`` -- dead bodies in a hex (§4.2.2): weight of a dead character and horse, and
  the totals that cost 1 MP more or close the hex.
* ``defensive_fire.json`` -- hexes a target must move on before it may be fired on again (§5.3).
* ``tactics.json`` -- the numbers of mounted lance throwers (§7.1), of cavalry charges and
  counter-charges (§7.2), of the hoplites' formation and foulkon (§7.3), of ladders (§10.1,
  ``ladders``) and of ropes (§10.6, ``ropes``).
* ``siege.json`` -- siege methods (§10.2-§10.5): the fire table (P-09), how long a hex burns
  before it is destroyed, naphtha's results, the archers' weapons that shoot burning arrows,
  the strike table's wood column (P-10), Greek fire's malfunction rolls, the engines (crew,
  reload turns, range) and the stone thrower's scatter diagram (P-04).
* ``roster.json`` -- the counters (P-20): code, armour, weapons, foot values (healthy, wounded,
  stunned) and, for riders, mounted values (healthy, wounded) and horse.
* ``map_test_field.json`` -- the Test Field (P-21 M1): hexes ``q, r, terrain, level`` in axial
  coordinates and hexsides ``a, b, feature``; ``map_downs.json``, the Downs, in the same
  format (every map file is listed in :data:`MAP_FILES`).
* ``scenarios.json`` -- scenarios (P-22): map, sides (the first is side A), forces with start
  hexes (a rider's ``hex`` is its head, ``facing`` points from rear to head), turn limit,
  victory condition, structures changed at the start, ladders (§10.1) and ropes (§10.6), and
  whether fire may take the tents (``tents_burn``, §11.4.2).

Provenance
----------
Every record, and every item of a list inside one, carries ``provenance``: ``rulebook``,
``reconstructed`` (stated by the rulebook but damaged in the source and rebuilt) or
``placeholder``. ``field_provenance`` marks single values that differ from the record's own
tag, by dotted path (``foot.healthy.ma``). :func:`data_provenance` sums this up per file.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from banneret.boards.hexgrid import Hex, HexMap, distance, neighbour, opposite
from banneret.data import Provenance, read_json, structure, structure_records
from banneret.errors import DataError

__all__ = [
    "DATA_PACKAGE",
    "FILES",
    "MAP_FILES",
    "Sourced",
    "CodeLetter",
    "UnitCodes",
    "MovementClass",
    "Terrain",
    "HexsideFeature",
    "MeleeShift",
    "TerrainTable",
    "Effect",
    "MeleeColumn",
    "MeleeLegend",
    "MeleeTable",
    "FireGrid",
    "FireLegend",
    "FireTable",
    "MoveLimit",
    "WeaponMode",
    "RangeBand",
    "Weapon",
    "ImpactResult",
    "ImpactModifier",
    "InfiltrationModifier",
    "ImpactTable",
    "InfiltrationResult",
    "InfiltrationTable",
    "TurnStep",
    "Arc",
    "Geometry",
    "Horse",
    "MountCost",
    "HorseRules",
    "BodyWeight",
    "BodyThreshold",
    "Bodies",
    "Refire",
    "DefensiveFire",
    "GroupCharger",
    "Tactics",
    "SiegeFireTable",
    "NaphthaResult",
    "EngineKind",
    "ScatterResult",
    "SiegeRules",
    "EnginePlacement",
    "HopliteRules",
    "Stats",
    "FootValues",
    "MountedValues",
    "Counter",
    "MapHex",
    "MapHexside",
    "MapRecord",
    "TacticalMap",
    "Side",
    "Placement",
    "Victory",
    "Scenario",
    "LadderRules",
    "LadderPlacement",
    "RopeRules",
    "RopePlacement",
    "GuiscardData",
    "load_data",
    "build_data",
    "data_provenance",
]

DATA_PACKAGE = "banneret_guiscard.data"

FILES: tuple[str, ...] = (
    "codes.json", "movement_classes.json", "terrain.json", "melee_foot.json", "melee_mounted.json",
    "fire_foot.json", "fire_mounted.json", "impact.json", "weapons.json", "infiltration.json",
    "geometry.json", "horses.json", "bodies.json", "defensive_fire.json", "tactics.json", "siege.json", "roster.json",
    "map_test_field.json", "map_downs.json", "map_village.json", "map_keep.json", "map_lagoon.json", "map_wards.json",
    "map_manor.json",
    "scenarios.json",
)
"""Every data file, in loading order."""

MAP_FILES: Mapping[str, str] = MappingProxyType({"test_field": "map_test_field.json", "downs": "map_downs.json",
                                                  "village": "map_village.json", "keep": "map_keep.json",
                                                  "lagoon": "map_lagoon.json", "wards": "map_wards.json",
                                                  "manor": "map_manor.json"})
"""Each map's id and its file."""

Mount = Literal["foot", "mounted"]
Harm = Literal["none", "stunned", "wounded", "killed"]
Cover = Literal["none", "light", "medium", "heavy"]
CoverLoss = Literal["crest_not_crossed", "shooter_on_bank", "not_fired_from_below", "shooter_adjacent",
                    "line_off_the_walls"]
Enclosure = Literal["building", "courtyard", "castle"]
TentPart = Literal["canvas", "entrance"]
Opening = Literal["window", "door", "slit"]
MeleeSign = Literal["-", "0", "+"]
Band = Literal["short", "medium", "long"]
RefireTarget = Literal["foot_wounded", "foot", "mounted", "mounted_charging"]
ImpactCondition = Literal["range_short", "range_medium", "range_long", "target_rider"]
IMPACT_CONDITIONS: tuple[str, ...] = typing.get_args(ImpactCondition)
InfiltrationCondition = Literal["mover_mounted", "mover_armoured", "mover_wounded"]
INFILTRATION_CONDITIONS: tuple[str, ...] = typing.get_args(InfiltrationCondition)
BANDS: tuple[str, ...] = ("short", "medium", "long")

# Weakest first: a file is as good as the weakest value in it.
_STRENGTH = ("placeholder", "reconstructed", "rulebook", "component")
_CODE = re.compile(r"^[A-Z][a-z][a-z]$")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True)
class Sourced:
    """Where a record comes from; ``field_provenance`` tags single values that differ."""

    provenance: Provenance
    field_provenance: Mapping[str, Provenance] = attrs.field(factory=dict, converter=_frozen_mapping)
    rule: str = ""
    note: str = ""


# ---------------------------------------------------------------------------- codes, classes


@attrs.frozen(kw_only=True)
class CodeLetter(Sourced):
    letter: str
    name: str


@attrs.frozen(kw_only=True)
class UnitCodes:
    """The letters of the three-letter code: origin, type (c cavalry / i infantry), class (§1.2.1)."""

    origins: tuple[CodeLetter, ...]
    types: tuple[CodeLetter, ...]
    classes: tuple[CodeLetter, ...]

    def problem(self, code: str) -> str | None:
        """Why ``code`` is not a well-formed unit code, or None."""
        if not _CODE.match(code):
            return f"code {code!r} must be an origin capital and two lower-case letters"
        for letter, known, what in zip(code, (self.origins, self.types, self.classes), ("origin", "type", "class")):
            if letter not in {c.letter for c in known}:
                return f"code {code!r}: unknown {what} letter {letter!r}"
        return None


@attrs.frozen(kw_only=True)
class MovementClass(Sourced):
    """A §4.0 row; ``armoured`` None = the class does not depend on armour."""

    id: str
    name: str
    mount: Mount
    armoured: bool | None
    healthy_ma: int
    wounded_ma: int


# ---------------------------------------------------------------------------- terrain


@attrs.frozen(kw_only=True)
class Terrain(Sourced):
    """A §3.1 terrain: MP to enter (None = not allowed), cover, melee sign (§6.1)."""

    id: str
    name: str
    polish: str
    cost_foot: int | None
    cost_mounted: int | None
    armoured_may_enter: bool
    cover: Cover
    cover_lost_when: CoverLoss | None
    melee: MeleeSign
    water: bool
    melee_attacking: MeleeSign | None = None
    """The sign when attacking from this hex, where it differs from ``melee`` (a window, §8.1)."""
    enclosed: Enclosure | None = None
    """Inside a building or a courtyard: covered when shot through an opening (§8.3.1, §8.3.2);
    ``building`` hexes are closed to horses (§8.4)."""
    tent: TentPart | None = None
    """Part of a tent: its canvas, or its entrance (§8.3.4, §8.5.2)."""
    height: int = 0
    """Levels it rises above its hex and cuts lines of fire: a palisade, a closed gate (§9.3.1)."""
    vantage: bool = False
    """A firing height inside a castle: platforms and arrow slits (§9.3.4, §9.4.1)."""
    firing_height: int = 0
    """Levels a shooter on it counts above its hex for the loss of cover from higher ground
    (§5.5.4, §9.3.4): an arrow slit (or chapel window) hex, 1 (A-25: the slit is a height)."""
    changes_to: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    """The terrain it becomes in each state it may take in play: a gate ``open`` or
    ``destroyed``, a palisade or platform ``destroyed`` (§9.2.1, §9.2.3, §10.2.5)."""
    burns: bool = False
    """A wooden structure that may be set on fire: the palisade, the gate, platforms (§9.2.1,
    §9.2.2, §9.2.4, §10.2); a fire spreads into it (§10.2.2)."""
    worked_mp: int | None = None
    """MP a character inside the castle next to it spends raising or lowering it: the lifting
    gate (§9.2.3, a reading: the rules say it is worked with chains, not by whom nor when)."""

    def cost(self, mounted: bool, armoured: bool) -> int | None:
        """MP to enter, or None where the character may not go (§3.1, §4.2.1)."""
        if armoured and not self.armoured_may_enter:
            return None
        return self.cost_mounted if mounted else self.cost_foot


@attrs.frozen(kw_only=True)
class HexsideFeature(Sourced):
    """An edge feature: a change of level (§5.5.2.3), a wall and its openings (§8), a low wall."""

    id: str
    name: str
    level_change: bool
    passable: bool
    blocks_sight: bool = False
    """Nothing is seen across it (a wall, §8.2.4)."""
    opening: Opening | None = None
    """A window or door in a wall (§8.2.1, §8.2.3): lines of fire pass only as those rules say."""
    riders_may_cross: bool = True
    crossing_mp: int = 0
    """MP added to the hex entered across it (§8.4.1, §8.4.2)."""
    cover_behind: Cover | None = None
    """Cover of a target whose hex the line of fire enters across it (a low wall, A-68)."""
    defender_behind: MeleeSign | None = None
    """The sign of a defender attacked across it (a low wall, §8.1)."""
    parapet: bool = False
    """A wall topped by a parapet: +2 MP to get over it by a rope (§10.6.1)."""


@attrs.frozen(kw_only=True)
class MeleeShift(Sourced):
    attacker: MeleeSign
    defender: MeleeSign
    shift: int


@attrs.frozen(kw_only=True)
class TerrainTable:
    """Terrains and hexside features by id, and the melee column shift for a pair of signs."""

    terrains: Mapping[str, Terrain]
    hexside_features: Mapping[str, HexsideFeature]
    melee_shifts: tuple[MeleeShift, ...]

    def melee_shift(self, attacker: str, defender: str) -> int:
        """Columns to the right (negative: left) for these terrain signs (§6.1, P-07)."""
        for row in self.melee_shifts:
            if (row.attacker, row.defender) == (attacker, defender):
                return row.shift
        raise KeyError(f"no melee shift for attacker {attacker!r} against defender {defender!r}")


# ---------------------------------------------------------------------------- melee and fire tables


@attrs.frozen(kw_only=True)
class Effect:
    """What a result letter does to one side: harm, a retreat of so many hexes, a dead horse."""

    harm: Harm
    retreat: int
    horse_killed: bool


@attrs.frozen(kw_only=True)
class MeleeColumn(Sourced):
    """Differences ``low``..``high`` (None = open end)."""

    label: str
    low: int | None
    high: int | None


@attrs.frozen(kw_only=True)
class MeleeLegend(Sourced):
    letter: str
    attacker: Effect
    defender: Effect


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


@attrs.frozen(kw_only=True)
class MeleeTable(Sourced):
    """A combat results table (§6, P-01): attack minus defence picks a column, d10 a row."""

    id: str
    name: str
    defender: Mount
    die_min: int
    die_max: int
    columns: tuple[MeleeColumn, ...]
    rows: tuple[tuple[str, ...], ...]
    legend: tuple[MeleeLegend, ...]

    def column_index(self, difference: int) -> int:
        """The column holding ``difference``."""
        for i, column in enumerate(self.columns):
            if (column.low is None or difference >= column.low) and (column.high is None or difference <= column.high):
                return i
        raise ValueError(f"{self.id}: no column holds {difference}")  # unreachable once validated

    def shift(self, index: int, by: int) -> int:
        """Column ``index`` moved ``by`` columns right (negative: left); past an end stays there."""
        return _clamp(index + by, 0, len(self.columns) - 1)

    def result(self, column: int, roll: int) -> str:
        """The letter for a modified roll; rolls beyond the die count as its ends (P-01)."""
        return self.rows[_clamp(roll, self.die_min, self.die_max) - self.die_min][column]

    def effect(self, letter: str) -> MeleeLegend:
        return next(entry for entry in self.legend if entry.letter == letter)


@attrs.frozen(kw_only=True)
class FireGrid(Sourced):
    """One weapon at one range band: a row per roll, a letter per cover."""

    weapon: str
    band: Band
    rows: tuple[tuple[str, ...], ...]


@attrs.frozen(kw_only=True)
class FireLegend(Sourced):
    letter: str
    unarmoured: Effect
    armoured: Effect


@attrs.frozen(kw_only=True)
class FireTable(Sourced):
    """A fire results table (§5.4.3, P-02), chosen by the target: foot or mounted."""

    id: str
    name: str
    target: Mount
    die_min: int
    die_max: int
    covers: tuple[Cover, ...]
    grids: tuple[FireGrid, ...]
    legend: tuple[FireLegend, ...]

    def grid(self, weapon: str, band: str) -> FireGrid:
        for grid in self.grids:
            if (grid.weapon, grid.band) == (weapon, band):
                return grid
        raise KeyError(f"{self.id}: no grid for {weapon} at {band} range")

    def result(self, weapon: str, band: str, cover: str, roll: int) -> str:
        """The letter for a modified roll; above the die counts as its top (§5.4.3)."""
        row = self.grid(weapon, band).rows[_clamp(roll, self.die_min, self.die_max) - self.die_min]
        return row[self.covers.index(cover)]  # ValueError for an unknown cover

    def effect(self, letter: str, armoured: bool) -> Effect:
        entry = next(e for e in self.legend if e.letter == letter)
        return entry.armoured if armoured else entry.unarmoured


# ---------------------------------------------------------------------------- weapons


@attrs.frozen(kw_only=True)
class MoveLimit:
    """How far a shooter may move (P-05): its full or half MA, a fixed ``mp``, or not at all."""

    kind: Literal["full_ma", "half_ma", "mp", "not_allowed"]
    mp: int = 0

    def allowance(self, ma: int) -> int | None:
        """MP allowed for a character of allowance ``ma``; None = this fire is not allowed."""
        if self.kind == "not_allowed":
            return None
        if self.kind == "full_ma":
            return ma
        if self.kind == "half_ma":
            return ma // 2
        return min(self.mp, ma)


@attrs.frozen(kw_only=True)
class WeaponMode(Sourced):
    """A weapon used on foot or mounted: movement when firing offensively, before defensive
    fire, and for both in one turn (None = cannot do both)."""

    mount: Mount
    offensive_move: MoveLimit
    defensive_move: MoveLimit
    both_move: MoveLimit | None


@attrs.frozen(kw_only=True)
class RangeBand(Sourced):
    band: Band
    min: int
    max: int


@attrs.frozen(kw_only=True)
class Weapon(Sourced):
    """A missile weapon (§5.0); ``any_class`` = carried by a counter's picture, not its class."""

    id: str
    name: str
    classes: tuple[str, ...]
    any_class: bool
    bands: tuple[RangeBand, ...]
    ammunition: int | None
    modes: tuple[WeaponMode, ...]

    def band_at(self, hexes: int) -> str | None:
        """The range band at ``hexes`` (the target's hex counted), None = out of range."""
        for b in self.bands:  # a plain loop: asked for every shot a fire menu considers
            if b.min <= hexes <= b.max:
                return b.band
        return None

    def mode(self, mount: str) -> WeaponMode | None:
        for m in self.modes:
            if m.mount == mount:
                return m
        return None


# ---------------------------------------------------------------------------- impact, infiltration


@attrs.frozen(kw_only=True)
class ImpactResult(Sourced):
    low: int
    high: int
    impact: Literal["aimed", "beyond", "short", "left", "right"]


@attrs.frozen(kw_only=True)
class ImpactModifier(Sourced):
    condition: ImpactCondition
    value: int


@attrs.frozen(kw_only=True)
class InfiltrationModifier(Sourced):
    condition: InfiltrationCondition
    value: int


def _modifier(modifiers: tuple[ImpactModifier, ...] | tuple[InfiltrationModifier, ...], condition: str,
              known: tuple[str, ...]) -> int:
    """The modifier for ``condition``; 0 if the table has none; KeyError if no table could."""
    if condition not in known:
        raise KeyError(f"unknown modifier condition {condition!r}; known: {known}")
    return next((m.value for m in modifiers if m.condition == condition), 0)


@attrs.frozen(kw_only=True)
class ImpactTable(Sourced):
    """Where a shot lands (§5.4.1-§5.4.2, P-03), relative to the aimed hex and the line of fire."""

    id: str
    name: str
    die_min: int
    die_max: int
    no_roll_within: int
    lost_above: int
    results: tuple[ImpactResult, ...]
    modifiers: tuple[ImpactModifier, ...]

    def impact(self, roll: int) -> str | None:
        """The impact hex for a modified roll; None = the missile is lost."""
        if roll > self.lost_above:
            return None
        roll = max(roll, self.die_min)
        return next(r.impact for r in self.results if r.low <= roll <= r.high)

    def modifier(self, condition: str) -> int:
        return _modifier(self.modifiers, condition, IMPACT_CONDITIONS)


@attrs.frozen(kw_only=True)
class InfiltrationResult(Sourced):
    low: int | None
    high: int | None
    result: Literal["none", "halted", "wounded", "killed"]


@attrs.frozen(kw_only=True)
class InfiltrationTable(Sourced):
    """The infiltration test (§4.3.1, P-06), rolled by the owner of the adjacent enemy."""

    id: str
    name: str
    die_min: int
    die_max: int
    results: tuple[InfiltrationResult, ...]
    modifiers: tuple[InfiltrationModifier, ...]

    def result(self, roll: int) -> str:
        return next(r.result for r in self.results if (r.low is None or roll >= r.low) and (r.high is None or roll <= r.high))

    def modifier(self, condition: str) -> int:
        return _modifier(self.modifiers, condition, INFILTRATION_CONDITIONS)


# ---------------------------------------------------------------------------- geometry and horses


@attrs.frozen(kw_only=True)
class TurnStep(Sourced):
    """The hex a rider's head enters, relative to its two hexes; extra MP and new rear (P-08)."""

    entered: Literal["front", "flank", "rear_flank", "behind"]
    extra_mp: int
    new_rear: Literal["old_head", "old_rear"]


@attrs.frozen(kw_only=True)
class Arc(Sourced):
    """Bearings from a rider's head, either side of its facing, in degrees."""

    arc: Literal["front", "side", "rear"]
    min_degrees: int
    max_degrees: int


@attrs.frozen(kw_only=True)
class Geometry(Sourced):
    turning: tuple[TurnStep, ...]
    about_turn_mp: int
    arcs: tuple[Arc, ...]


@attrs.frozen(kw_only=True)
class Horse(Sourced):
    id: str
    name: str
    defence: int
    armoured: bool


@attrs.frozen(kw_only=True)
class MountCost(Sourced):
    armoured: bool
    mp: int


@attrs.frozen(kw_only=True)
class HorseRules(Sourced):
    """Horses (§6.8), mounting (§4.4.2: cost by armour, MP doubled up, halved or quartered if
    wounded down) and loose horses (§4.4.3: a d10 at most ``catch_success_max`` catches one;
    how many a leader on foot or mounted may lead)."""

    horses: tuple[Horse, ...]
    mounting: tuple[MountCost, ...]
    mount_multiplier: int
    dismount_divisor: int
    dismount_divisor_wounded: int
    catch_success_max: int
    lead_limit_foot: int
    lead_limit_mounted: int

    def horse(self, horse_id: str) -> Horse:
        return next(h for h in self.horses if h.id == horse_id)

    def mount_cost(self, armoured: bool) -> int:
        return next(m.mp for m in self.mounting if m.armoured == armoured)


@attrs.frozen(kw_only=True)
class BodyWeight(Sourced):
    body: Literal["character", "horse"]
    weight: int


@attrs.frozen(kw_only=True)
class BodyThreshold(Sourced):
    at_least: int
    extra_mp: int
    impassable: bool


@attrs.frozen(kw_only=True)
class Bodies(Sourced):
    """Dead bodies in a hex (§4.2.2): weighted total against thresholds."""

    id: str
    name: str
    weights: tuple[BodyWeight, ...]
    thresholds: tuple[BodyThreshold, ...]

    def weight(self, characters: int, horses: int) -> int:
        by_body = {w.body: w.weight for w in self.weights}
        return characters * by_body["character"] + horses * by_body["horse"]

    def extra_mp(self, total: int) -> int | None:
        """MP added to enter a hex whose bodies weigh ``total``; None = impassable."""
        reached = [t for t in self.thresholds if total >= t.at_least]
        if not reached:
            return 0
        worst = max(reached, key=lambda t: t.at_least)
        return None if worst.impassable else worst.extra_mp


@attrs.frozen(kw_only=True)
class Refire(Sourced):
    target: RefireTarget
    hexes: int


@attrs.frozen(kw_only=True)
class DefensiveFire(Sourced):
    """How far a surviving target must move on before it may be fired on again (§5.3)."""

    id: str
    name: str
    refire: tuple[Refire, ...]

    def refire_hexes(self, target: str) -> int:
        return next(r.hexes for r in self.refire if r.target == target)


@attrs.frozen(kw_only=True)
class GroupCharger(Sourced):
    """A kind of rider whose charges side by side make a group charge (§7.2.4, §7.2.5)."""

    code: str
    foot_targets_only: bool


@attrs.frozen(kw_only=True)
class LadderRules(Sourced):
    """The numbers of ladders (§10.1) and of landing from a palisade's top (§9.2.1, §9.2.2)."""

    carry_ma_loss: int
    """MA lost by each carrier (§10.1.2)."""
    step_over_mp: int
    """MP from the ladder's top onto the palisade it leans on (§10.1.3, A-23)."""
    jump_die: int
    """The die of a landing from the palisade's top (§9.2.1, §9.2.2)."""
    jump_wounded_at: int
    """The modified roll from which the landing wounds (A-60)."""
    jump_armoured_modifier: int
    """Added to the landing roll of an armoured character."""
    push_over_max: int
    """The highest d10 that pushes a ladder over (§10.1.6, §10.1.7)."""
    shift_mp: int
    """MP each of the two characters moving a raised ladder spends (§10.1.4)."""


@attrs.frozen(kw_only=True)
class RopeRules(Sourced):
    """The numbers of grappling hooks and ropes (§10.6)."""

    throw_fail_max: int
    """The highest d10 on which a throw fails (§10.6.1)."""
    climb_up_mp_per_level: int
    """MP a level climbed up a rope (§10.6.1)."""
    climb_down_mp_per_level: int
    """MP a level climbed down (§10.6.1)."""
    wall_levels: int
    """Levels a courtyard wall rises above the higher of its two sides, for climbing (placeholder)."""
    parapet_mp: int
    """MP added to get over a wall topped by a parapet by a rope (§10.6.1)."""
    climber_attack_shift: int
    """Columns right for a character on a platform attacking a rope's climber (§10.6.3)."""
    catch_fail_max: int
    """The highest d10 on which a healthy character retreating down a rope misses it (§10.6.3)."""
    catch_fail_max_wounded: int
    """The same for a wounded character (§10.6.3)."""
    cut_max: int
    """The highest d10 that cuts a rope (§10.6.4)."""
    haulers: int
    """Characters pulling a palisade down (§10.6.5)."""
    haul_success_max: int
    """The highest modified d10 that pulls it down (§10.6.5)."""
    haul_wounded_modifier: int
    """Added to the roll for each wounded hauler (§10.6.5, errata 6)."""


@attrs.frozen(kw_only=True)
class HopliteRules(Sourced):
    """The numbers of the hoplites' defensive formation and foulkon (§7.3)."""

    codes: tuple[str, ...]
    """The unit codes of hoplites (A-01: ``Bim``)."""
    formation_min: int
    """Hoplites side by side that may form up; fewer and the marker goes (§7.3.1, A-19)."""
    formation_ma: int
    """The MP a formation's members move at most in a phase (§7.3.1)."""
    max_depth: int
    """Ranks counted for the depth shifts (§7.3.1)."""
    shield_side_shift: int
    """Columns right for an attack on the shield (left) side (§7.3.1)."""
    open_side_shift: int
    """Columns right for an attack on the unshielded (right) side (§7.3.1)."""
    rear_shift: int
    """Columns right for an attack from the rear (§7.3.1)."""
    foulkon_ma: int
    """The MP a foulkon's members move at most in a phase (§7.3.2)."""
    foulkon_min_ranks: int
    """Ranks a foulkon needs behind its front (§7.3.2)."""
    foulkon_front: int
    """Front-rank hoplites with that depth a foulkon needs (§7.3.2)."""
    foulkon_cover: Literal["light", "medium", "heavy"]
    """The foulkon's cover against missiles (§7.3.2)."""
    foulkon_shift: int
    """Columns the foulkon's combats are shifted (negative: left; §7.3.2, A-17)."""


@attrs.frozen(kw_only=True)
class Tactics(Sourced):
    """The numbers of mounted lance throwers (§7.1) and cavalry charges and counter-charges
    (§7.2)."""

    id: str
    name: str
    lance_over_foot_min_hexes: int
    """A mounted lance thrower throws over friends on foot next to it only at targets this
    many hexes away or more (§7.1, A-10)."""
    charge_min_hexes: int
    """A charge moves at least this many hexes (§7.2.1)."""
    charge_straight_hexes: int
    """Its last hexes in a straight row towards the target (§7.2.1)."""
    charge_bonus_divisor: int
    """The charger's attack and the counter-charger's defence grow by their part (§7.2.3)."""
    counter_charge_divisor: int
    """A counter-charger moves at most the charge's hexes over this, rounded down (§7.2.2)."""
    counter_charge_meeting_hexes: int
    """The counter-charger ends on this many last hexes of the charge's route (§7.2.2)."""
    group_min_riders: int
    """Riders of one kind charging side by side that make a group charge (§7.2.4)."""
    group_column_shift: int
    """Columns right for each charge of a group charge (§7.2.4)."""
    group_chargers: tuple[GroupCharger, ...]
    """The kinds of rider (unit codes) that charge as a group (§7.2.4, §7.2.5)."""
    ladders: LadderRules
    """Carrying, raising, climbing and pushing over ladders (§10.1)."""
    ropes: RopeRules
    """Throwing, climbing, cutting and hauling on grappling ropes (§10.6)."""
    hoplites: HopliteRules
    """The defensive formation and the foulkon (§7.3)."""


# ---------------------------------------------------------------------------- siege methods (§10.2-§10.5)


@attrs.frozen(kw_only=True)
class SiegeFireTable(Sourced):
    """The fire table of the siege sheet (P-09): success on a d10 at most each value."""

    spread: int
    extinguish: int
    arrow_engine: int
    arrow_wood: int
    arrow_tent: int
    arrow_naphtha: int


@attrs.frozen(kw_only=True)
class NaphthaResult(Sourced):
    """One band of the d10 for a character in burning naphtha (§10.5.3), up to ``die_max``."""

    die_max: int
    harm: Harm
    retreat: int


@attrs.frozen(kw_only=True)
class EngineKind(Sourced):
    """A siege engine (§10.4, §10.5): the crew next to it (next to its front when
    ``crew_in_front``), the characters that haul it (0: never moved), the turns between two
    shots, its range and whether it fires only into the 120° in front of it (P-08)."""

    id: str
    name: str
    crew: int
    crew_in_front: bool
    movers: int
    reload_turns: int
    min_range: int
    max_range: int
    arc: bool


@attrs.frozen(kw_only=True)
class ScatterResult(Sourced):
    """Where a stone lands for a 2d10 total (P-04): the hexes stepped from the aimed hex, each
    a turn of 60° from the line of fire (0 = on beyond the aimed hex)."""

    roll: int
    turns: tuple[int, ...]


@attrs.frozen(kw_only=True)
class SiegeRules(Sourced):
    """The numbers of siege methods (§10.2-§10.5, §9.2.5)."""

    id: str
    name: str
    fire_table: SiegeFireTable
    burn_turns: int
    """A hex burning this many game turns in a row is destroyed with what is in it (§10.2.5)."""
    stunned_wakes_max: int
    """A stunned character caught by fire comes round on a d10 up to this, else dies (§10.2.4)."""
    naphtha_results: tuple[NaphthaResult, ...]
    arrow_weapons: tuple[str, ...]
    """The weapons that may shoot burning arrows (§10.3: archers)."""
    strike_wood: int
    """A stone on a siege engine or wooden defence destroys it on a d10 at most this (P-10 W, 1 point)."""
    battered_per_day: int
    """Wooden-defence hexes battering may destroy in a day: a tactical scenario (§9.2.5)."""
    malfunction_burst: int
    """Greek fire's d10 before each shot: at most this, the siphon bursts (§10.5.2)."""
    malfunction_jam: int
    """At most this (and above the burst), it jams for the rest of the scenario (§10.5.2)."""
    engines: tuple[EngineKind, ...]
    scatter: tuple[ScatterResult, ...]

    def engine(self, kind: str) -> EngineKind:
        return next(e for e in self.engines if e.id == kind)

    def naphtha(self, roll: int) -> NaphthaResult:
        return next(r for r in self.naphtha_results if roll <= r.die_max)

    def landing(self, roll: int) -> tuple[int, ...]:
        return next(r.turns for r in self.scatter if r.roll == roll)


# ---------------------------------------------------------------------------- counters


@attrs.frozen(kw_only=True)
class Stats:
    """The three printed numbers: attack (black), defence (red), movement allowance (blue)."""

    attack: int
    defence: int
    ma: int


@attrs.frozen(kw_only=True)
class FootValues:
    movement_class: str
    healthy: Stats
    wounded: Stats
    stunned: Stats


@attrs.frozen(kw_only=True)
class MountedValues:
    """A rider has no stunned face (§1.2): a stunned rider leaves the horse."""

    movement_class: str
    horse: str
    healthy: Stats
    wounded: Stats


@attrs.frozen(kw_only=True)
class Counter(Sourced):
    """One character (§1.2); ``mounted`` is set exactly for cavalry (type letter ``c``)."""

    id: str
    name: str
    code: str
    armoured: bool
    weapons: tuple[str, ...]
    foot: FootValues
    mounted: MountedValues | None

    @property
    def origin(self) -> str:
        return self.code[0]

    @property
    def unit_class(self) -> str:
        return self.code[2]


# ---------------------------------------------------------------------------- maps and scenarios


@attrs.frozen(kw_only=True)
class MapHex(Sourced):
    q: int
    r: int
    terrain: str
    level: int


@attrs.frozen(kw_only=True)
class MapHexside(Sourced):
    a: tuple[int, int]
    b: tuple[int, int]
    feature: str


@attrs.frozen(kw_only=True)
class MapRecord(Sourced):
    id: str
    name: str
    hexes: tuple[MapHex, ...]
    hexsides: tuple[MapHexside, ...]
    storey: tuple[tuple[int, int], ...] = ()
    """The building hexes with an upper storey above them (§8, a reading: the maps are not in
    the source): walled like the rooms below, reached by the house stairs beside them."""
    storey_openings: tuple[MapHexside, ...] = ()
    """The windows and arrow slits of the upper storey (§8.2.1, §9.3.3): each in the wall above
    a ground wall between a storey hex ``a`` and the hex ``b`` outside it; a slit spanning two
    hexes (§9.3.3) is given on the two hexsides that meet at its corner."""


@attrs.frozen(kw_only=True)
class TacticalMap:
    """A map's record and its board: hex attrs ``terrain`` and ``level`` (0 = ground), hexside
    attr ``feature``."""

    record: MapRecord
    board: HexMap

    @property
    def id(self) -> str:
        return self.record.id


@attrs.frozen(kw_only=True)
class Side(Sourced):
    id: str
    name: str


@attrs.frozen(kw_only=True)
class Placement(Sourced):
    """A counter at its start: ``hex`` (a rider's head hex) and, mounted, its ``facing``."""

    counter: str
    side: str
    hex: tuple[int, int]
    mounted: bool
    facing: int | None = None
    floor: int = 0
    """0 on the ground, 1 on the upper storey of its hex (``MapRecord.storey``)."""

    def hexes(self) -> tuple[Hex, ...]:
        """The hexes the counter covers: two for a rider (§1.1), head first."""
        if self.facing is None:
            return (self.hex,)
        return (self.hex, neighbour(self.hex, opposite(self.facing)))


@attrs.frozen(kw_only=True)
class Victory:
    """``most_enemy_casualties``: after the last turn, the side with more enemy characters in
    ``casualty_states`` wins; equal counts are a draw."""

    kind: Literal["most_enemy_casualties"]
    casualty_states: tuple[Literal["stunned", "wounded", "dead"], ...]


@attrs.frozen(kw_only=True)
class StructureState(Sourced):
    """A structure hex that starts the scenario changed: a gate ``open`` or ``destroyed`` (§9.2.3)."""

    hex: tuple[int, int]
    state: str


@attrs.frozen(kw_only=True)
class EnginePlacement(Sourced):
    """A siege engine at the start (§10.4, §10.5): its kind, side, hex and the direction its
    front faces."""

    id: str
    kind: str
    side: str
    hex: tuple[int, int]
    facing: int


@attrs.frozen(kw_only=True)
class LadderPlacement(Sourced):
    """A ladder at the start (§10.1): lying on two adjacent ``hexes``, carried by the two
    ``carriers`` standing on them (none: it lies there), brought by ``side``."""

    id: str
    side: str
    hexes: tuple[tuple[int, int], tuple[int, int]]
    carriers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class RopePlacement(Sourced):
    """A rope and hook at the start, carried coiled by ``carrier`` of ``side`` (§10.6.2)."""

    id: str
    side: str
    carrier: str


@attrs.frozen(kw_only=True)
class Scenario(Sourced):
    """A scenario (P-22); ``sides[0]`` is side A, which plays first each turn (§2.1)."""

    id: str
    name: str
    map: str
    turns: int
    sides: tuple[Side, ...]
    forces: tuple[Placement, ...]
    victory: Victory
    structures: tuple[StructureState, ...] = ()
    engines: tuple[EnginePlacement, ...] = ()
    ladders: tuple[LadderPlacement, ...] = ()
    ropes: tuple[RopePlacement, ...] = ()
    tents_burn: bool = False
    """Fire may take the map's tents, by hand or by burning arrows (the sally's rule, §11.4.2)."""


@attrs.frozen(kw_only=True)
class GuiscardData:
    """Everything milestone 1 reads, validated across files. Shared: do not mutate."""

    codes: UnitCodes
    movement_classes: Mapping[str, MovementClass]
    terrain: TerrainTable
    melee: Mapping[str, MeleeTable]
    fire: Mapping[str, FireTable]
    impact: ImpactTable
    weapons: Mapping[str, Weapon]
    infiltration: InfiltrationTable
    geometry: Geometry
    horses: HorseRules
    bodies: Bodies
    defensive_fire: DefensiveFire
    tactics: Tactics
    siege: SiegeRules
    roster: Mapping[str, Counter]
    maps: Mapping[str, TacticalMap]
    scenarios: Mapping[str, Scenario]
    provenance: Mapping[str, Provenance]
    """The weakest provenance in each file (see :func:`data_provenance`)."""


# ---------------------------------------------------------------------------- generic checks


def _sourced_within(value: Any, path: str = "") -> Iterator[tuple[str, Sourced]]:
    """Every :class:`Sourced` record inside ``value`` (itself included), with its path."""
    if isinstance(value, Sourced):
        yield path, value
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if field.name != "field_provenance":
                yield from _sourced_within(getattr(value, field.name), f"{path}.{field.name}".lstrip("."))
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _sourced_within(item, f"{path}[{i}]")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _sourced_within(item, f"{path}[{key!r}]")


def _resolves(record: Any, dotted: str) -> bool:
    node = record
    for part in dotted.split("."):
        if not attrs.has(type(node)) or part not in attrs.fields_dict(type(node)):
            return False
        node = getattr(node, part)
    return True


def _check_sourced(value: Any, where: str) -> None:
    """``field_provenance`` of every record in ``value`` names real fields and differs from the
    record's own tag."""
    for path, record in _sourced_within(value):
        label = f"{where} {path}".rstrip()
        for dotted, tag in record.field_provenance.items():
            if not _resolves(record, dotted):
                raise DataError(f"{label}: field_provenance names unknown field {dotted!r}")
            if tag == record.provenance:
                raise DataError(f"{label}: field_provenance for {dotted!r} repeats the record's own {tag!r}")


def _weakest(value: Any) -> Provenance:
    tags = [tag for _, record in _sourced_within(value) for tag in (record.provenance, *record.field_provenance.values())]
    return min(tags, key=_STRENGTH.index)


def _record_list_item(annotation: Any) -> type[Any] | None:
    """``X`` when ``annotation`` is ``tuple[X, ...]`` of attrs records, else None."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is tuple and len(args) == 2 and args[1] is Ellipsis and attrs.has(args[0]):
        return args[0]
    return None


def _load(package: str, filename: str, cls: type[Any]) -> Any:
    """Structure an object file; its lists of records are checked record by record first, so an
    error names the section and the record (``terrain.json terrains[3] (marsh)``)."""
    where = f"{package}/{filename}"
    raw = read_json(package, filename)
    if isinstance(raw, dict):
        for name, annotation in typing.get_type_hints(cls).items():
            item_cls = _record_list_item(annotation)
            if item_cls is not None and isinstance(raw.get(name), list):
                fields = attrs.fields_dict(item_cls)
                key = next((k for k in ("id", "letter") if k in fields), None)
                structure_records(raw[name], item_cls, f"{where} {name}", key)
    record = structure(raw, cls, where)
    _check_sourced(record, where)
    return record


def _load_list(package: str, filename: str, cls: type[Any], key: str | None = "id") -> list[Any]:
    where = f"{package}/{filename}"
    raw = read_json(package, filename)
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of records")
    return structure_records(raw, cls, where, key, check=_check_sourced)


def _by_id(records: Any, where: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for record in records:
        if not _ID.match(record.id):
            raise DataError(f"{where} {what} {record.id!r}: ids are snake_case")
        if record.id in out:
            raise DataError(f"{where} {what} {record.id!r}: duplicate id")
        out[record.id] = record
    return out


def _contiguous(spans: list[tuple[int | None, int | None]], label: str, first: int | None, last: int | None) -> None:
    """The spans run from ``first`` to ``last`` (None = open end) with no gap or overlap."""
    if not spans:
        raise DataError(f"{label}: no ranges")
    if spans[0][0] != first or spans[-1][1] != last:
        raise DataError(f"{label}: ranges must run from {first} to {last}")
    for (_, high), (low, _) in zip(spans, spans[1:]):
        if high is None or low is None or low != high + 1:
            raise DataError(f"{label}: range starting at {low} does not follow the one ending at {high}")
    for low, high in spans:
        if low is not None and high is not None and low > high:
            raise DataError(f"{label}: range {low}..{high} is empty")


# ---------------------------------------------------------------------------- one loader per file


@attrs.frozen(kw_only=True)
class _TerrainFile:
    terrains: tuple[Terrain, ...]
    hexside_features: tuple[HexsideFeature, ...]
    melee_shifts: tuple[MeleeShift, ...]


def _terrain(package: str) -> TerrainTable:
    where = f"{package}/terrain.json"
    raw: _TerrainFile = _load(package, "terrain.json", _TerrainFile)
    terrains = _by_id(raw.terrains, where, "terrain")
    features = _by_id(raw.hexside_features, where, "hexside feature")
    pairs = [(s.attacker, s.defender) for s in raw.melee_shifts]
    expected = [(a, d) for a in "-0+" for d in "-0+"]
    if sorted(pairs) != sorted(expected):
        raise DataError(f"{where} melee_shifts: need exactly one shift for each of the 9 sign pairs")
    for t in terrains.values():
        for state, other in t.changes_to.items():
            if other not in terrains:
                raise DataError(f"{where} terrain {t.id!r}: {state!r} changes it to unknown terrain {other!r}")
        for cost in (t.cost_foot, t.cost_mounted):
            if cost is not None and cost < 1:
                raise DataError(f"{where} terrain {t.id!r}: a movement cost must be 1 or more (null = not allowed)")
    return TerrainTable(terrains=MappingProxyType(terrains), hexside_features=MappingProxyType(features),
                        melee_shifts=raw.melee_shifts)


def _legend_letters(letters: list[str], rows: tuple[tuple[str, ...], ...], label: str) -> None:
    if len(set(letters)) != len(letters):
        raise DataError(f"{label}: a legend letter is listed twice")
    for i, row in enumerate(rows):
        for letter in row:
            if letter not in letters:
                raise DataError(f"{label}: row {i} has letter {letter!r}, which the legend does not explain")


def _rows(rows: tuple[tuple[str, ...], ...], die_min: int, die_max: int, width: int, label: str) -> None:
    if die_min > die_max or len(rows) != die_max - die_min + 1:
        raise DataError(f"{label}: needs one row per roll {die_min}..{die_max}, has {len(rows)}")
    for i, row in enumerate(rows):
        if len(row) != width:
            raise DataError(f"{label}: row {i} has {len(row)} results, expected {width}")


def _melee(package: str, filename: str, defender: str) -> MeleeTable:
    where = f"{package}/{filename}"
    table: MeleeTable = _load(package, filename, MeleeTable)
    if table.defender != defender:
        raise DataError(f"{where}: this file holds the {defender} table, not {table.defender!r}")
    _contiguous([(c.low, c.high) for c in table.columns], f"{where} columns", None, None)
    _rows(table.rows, table.die_min, table.die_max, len(table.columns), where)
    _legend_letters([e.letter for e in table.legend], table.rows, where)
    return table


def _fire(package: str, filename: str, target: str, weapons: Mapping[str, Weapon]) -> FireTable:
    where = f"{package}/{filename}"
    table: FireTable = _load(package, filename, FireTable)
    if table.target != target:
        raise DataError(f"{where}: this file holds the {target} table, not {table.target!r}")
    if len(set(table.covers)) != len(table.covers):
        raise DataError(f"{where}: a cover column is listed twice")
    letters = [e.letter for e in table.legend]
    seen = set()
    for i, grid in enumerate(table.grids):
        label = f"{where} grids[{i}] ({grid.weapon} {grid.band})"
        weapon = weapons.get(grid.weapon)
        if weapon is None:
            raise DataError(f"{label}: unknown weapon {grid.weapon!r}")
        if grid.band not in {b.band for b in weapon.bands}:
            raise DataError(f"{label}: weapons.json gives {grid.weapon} no {grid.band} range")
        if (grid.weapon, grid.band) in seen:
            raise DataError(f"{label}: given twice")
        seen.add((grid.weapon, grid.band))
        _rows(grid.rows, table.die_min, table.die_max, len(table.covers), label)
        _legend_letters(letters, grid.rows, label)
    missing = sorted(f"{w.id} {b.band}" for w in weapons.values() for b in w.bands if (w.id, b.band) not in seen)
    if missing:
        raise DataError(f"{where}: no grid for {missing}")
    return table


def _weapons(package: str, classes: set[str]) -> dict[str, Weapon]:
    where = f"{package}/weapons.json"
    weapons = _by_id(_load_list(package, "weapons.json", Weapon), where, "weapon")
    for w in weapons.values():
        label = f"{where} ({w.id})"
        if [b.band for b in w.bands] != list(BANDS[: len(w.bands)]):
            raise DataError(f"{label}: bands must be short, medium, long in that order")
        _contiguous([(b.min, b.max) for b in w.bands], f"{label} bands", 1, w.bands[-1].max if w.bands else None)
        if w.any_class == bool(w.classes):
            raise DataError(f"{label}: give either classes or any_class, exactly one")
        unknown = sorted(set(w.classes) - classes)
        if unknown:
            raise DataError(f"{label}: unknown class letter(s) {unknown}")
        mounts = [m.mount for m in w.modes]
        if not mounts or len(set(mounts)) != len(mounts):
            raise DataError(f"{label}: one mode per mount, at least one")
    return weapons


def _impact(package: str) -> ImpactTable:
    where = f"{package}/impact.json"
    table: ImpactTable = _load(package, "impact.json", ImpactTable)
    _contiguous([(r.low, r.high) for r in table.results], f"{where} results", table.die_min, table.lost_above)
    return table


def _infiltration(package: str) -> InfiltrationTable:
    where = f"{package}/infiltration.json"
    table: InfiltrationTable = _load(package, "infiltration.json", InfiltrationTable)
    _contiguous([(r.low, r.high) for r in table.results], f"{where} results", None, None)
    return table


def _geometry(package: str) -> Geometry:
    where = f"{package}/geometry.json"
    geometry: Geometry = _load(package, "geometry.json", Geometry)
    entered = sorted(t.entered for t in geometry.turning)
    if entered != sorted(("front", "flank", "rear_flank", "behind")):
        raise DataError(f"{where} turning: need one row for each of front, flank, rear_flank, behind")
    arcs = sorted(geometry.arcs, key=lambda a: a.min_degrees)
    bounds = [0] + [a.max_degrees for a in arcs]
    if [a.min_degrees for a in arcs] != bounds[:-1] or bounds[-1] != 180 or any(a.min_degrees >= a.max_degrees for a in arcs):
        raise DataError(f"{where} arcs: must split 0-180 degrees without gap or overlap")
    return geometry


def _bodies(package: str) -> Bodies:
    where = f"{package}/bodies.json"
    table: Bodies = _load(package, "bodies.json", Bodies)
    if sorted(w.body for w in table.weights) != ["character", "horse"]:
        raise DataError(f"{where} weights: need one weight for a character and one for a horse")
    if len({t.at_least for t in table.thresholds}) != len(table.thresholds):
        raise DataError(f"{where} thresholds: two thresholds at the same total")
    return table


def _defensive_fire(package: str) -> DefensiveFire:
    where = f"{package}/defensive_fire.json"
    table: DefensiveFire = _load(package, "defensive_fire.json", DefensiveFire)
    targets = [r.target for r in table.refire]
    if sorted(targets) != sorted(typing.get_args(RefireTarget)):
        raise DataError(f"{where} refire: need exactly one distance for each kind of target")
    return table


def _roster(package: str, codes: UnitCodes, classes: Mapping[str, MovementClass], weapons: Mapping[str, Weapon],
            horse_rules: HorseRules) -> dict[str, Counter]:
    where = f"{package}/roster.json"
    counters = _by_id(_load_list(package, "roster.json", Counter), where, "counter")
    horses = {h.id for h in horse_rules.horses}
    for c in counters.values():
        label = f"{where} ({c.id})"
        problem = codes.problem(c.code)
        if problem:
            raise DataError(f"{label}: {problem}")
        if (c.code[1] == "c") != (c.mounted is not None):
            raise DataError(f"{label}: mounted values are given exactly for cavalry (type letter 'c')")
        for weapon_id in c.weapons:
            weapon = weapons.get(weapon_id)
            if weapon is None:
                raise DataError(f"{label}: unknown weapon {weapon_id!r}")
            if not weapon.any_class and c.unit_class not in weapon.classes:
                raise DataError(f"{label}: class {c.unit_class!r} does not carry {weapon_id!r}")
        blocks: list[tuple[str, Any]] = [("foot", c.foot)]
        if c.mounted is not None:
            blocks.append(("mounted", c.mounted))
            if c.mounted.horse not in horses:
                raise DataError(f"{label}: unknown horse {c.mounted.horse!r}")
        for mount, block in blocks:
            mclass = classes.get(block.movement_class)
            if mclass is None:
                raise DataError(f"{label}: unknown movement class {block.movement_class!r}")
            if mclass.mount != mount:
                raise DataError(f"{label}: {mount} values use the {mclass.mount} class {mclass.id!r}")
            if mclass.armoured is not None and mclass.armoured != c.armoured:
                raise DataError(f"{label}: movement class {mclass.id!r} does not match armoured={c.armoured}")
    return counters


def _map(package: str, filename: str, terrain: TerrainTable) -> TacticalMap:
    where = f"{package}/{filename}"
    record: MapRecord = _load(package, filename, MapRecord)
    hexes: dict[Hex, dict[str, Any]] = {}
    for h in record.hexes:
        label = f"{where} hex ({h.q}, {h.r})"
        if h.terrain not in terrain.terrains:
            raise DataError(f"{label}: unknown terrain {h.terrain!r}")
        if h.level < 0:
            raise DataError(f"{label}: level must be 0 (ground) or more")
        if (h.q, h.r) in hexes:
            raise DataError(f"{label}: given twice")
        hexes[(h.q, h.r)] = {"terrain": h.terrain, "level": h.level}
    sides: dict[tuple[Hex, Hex], dict[str, Any]] = {}
    for s in record.hexsides:
        label = f"{where} hexside {s.a}-{s.b}"
        feature = terrain.hexside_features.get(s.feature)
        if feature is None:
            raise DataError(f"{label}: unknown feature {s.feature!r}")
        if s.a in hexes and s.b in hexes and feature.level_change and hexes[s.a]["level"] == hexes[s.b]["level"]:
            raise DataError(f"{label}: {s.feature!r} needs hexes at different levels")
        if feature.opening is not None and not any(
                h in hexes and terrain.terrains[hexes[h]["terrain"]].enclosed is not None for h in (s.a, s.b)):
            raise DataError(f"{label}: a {s.feature!r} needs a building or courtyard hex on one side")
        sides[(s.a, s.b)] = {"feature": s.feature}
    for h in record.storey:
        if h not in hexes or terrain.terrains[hexes[h]["terrain"]].enclosed != "building":
            raise DataError(f"{where} storey {h}: an upper storey stands only over a building hex")
    if len(set(record.storey)) != len(record.storey):
        raise DataError(f"{where} storey: a hex is given twice")
    for s in record.storey_openings:
        f = terrain.hexside_features.get(s.feature)
        below = sides.get((s.a, s.b), sides.get((s.b, s.a), {})).get("feature")
        if f is None or f.opening not in ("window", "slit") or s.a not in record.storey or below != "wall":
            raise DataError(f"{where} storey opening {s.a}-{s.b}: a window or slit of the storey hex {s.a} "
                            "above a wall")
    try:
        board = HexMap(hexes, sides)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from exc
    for here in board.hexes():
        for there in board.neighbours(here):
            if here < there and board.attrs(here)["level"] != board.attrs(there)["level"]:
                name = board.feature(here, there).get("feature")
                if name is None or not terrain.hexside_features[name].level_change:
                    raise DataError(f"{where} hexside {here}-{there}: levels differ, so it needs a crest or cliff feature")
    return TacticalMap(record=record, board=board)


def _siege(package: str, weapons: Mapping[str, Weapon]) -> SiegeRules:
    where = f"{package}/siege.json"
    rules: SiegeRules = _load(package, "siege.json", SiegeRules)
    tops = [r.die_max for r in rules.naphtha_results]
    if tops != sorted(set(tops)) or tops[-1:] != [10]:
        raise DataError(f"{where} naphtha_results: die_max must rise to 10")
    if sorted(r.roll for r in rules.scatter) != list(range(2, 21)):
        raise DataError(f"{where} scatter: need one landing hex for each 2d10 total, 2 to 20")
    unknown = sorted(set(rules.arrow_weapons) - set(weapons))
    if unknown:
        raise DataError(f"{where} arrow_weapons: unknown weapon(s) {unknown}")
    if "stone_thrower" not in weapons:
        raise DataError(f"{where}: weapons.json needs the stone_thrower weapon for its stones (§10.4.4)")
    return rules


def _scenarios(package: str, roster: Mapping[str, Counter], terrains: Mapping[str, Terrain],
               maps: Mapping[str, TacticalMap], siege: SiegeRules) -> dict[str, Scenario]:
    where = f"{package}/scenarios.json"
    scenarios = _by_id(_load_list(package, "scenarios.json", Scenario), where, "scenario")
    for sc in scenarios.values():
        label = f"{where} ({sc.id})"
        tactical = maps.get(sc.map)
        if tactical is None:
            raise DataError(f"{label}: unknown map {sc.map!r}")
        side_ids = [s.id for s in sc.sides]
        if len(side_ids) < 2 or len(set(side_ids)) != len(side_ids):
            raise DataError(f"{label}: needs two or more sides with distinct ids")
        if sc.turns < 1:
            raise DataError(f"{label}: turns must be 1 or more")
        used: dict[Hex, str] = {}
        upstairs: dict[Hex, str] = {}  # the upper storey's places (floor 1)
        placed: set[str] = set()
        for p in sc.forces:
            plabel = f"{label} force {p.counter!r}"
            counter = roster.get(p.counter)
            if counter is None:
                raise DataError(f"{plabel}: not in the roster")
            if p.counter in placed:
                raise DataError(f"{plabel}: placed twice")
            placed.add(p.counter)
            if p.side not in side_ids:
                raise DataError(f"{plabel}: unknown side {p.side!r}")
            if p.mounted != (p.facing is not None):
                raise DataError(f"{plabel}: a rider needs a facing, a character on foot none")
            if p.mounted and counter.mounted is None:
                raise DataError(f"{plabel}: has no mounted counter")
            if p.facing is not None and p.facing not in range(6):
                raise DataError(f"{plabel}: facing must be 0-5")
            if p.floor not in (0, 1) or p.floor and (p.mounted or p.hex not in tactical.record.storey):
                raise DataError(f"{plabel}: floor 1 is for a character on foot on an upper-storey hex")
            for h in p.hexes():
                if h not in tactical.board:
                    raise DataError(f"{plabel}: hex {h} is not on map {sc.map!r}")
                if terrains[tactical.board.attrs(h)["terrain"]].cost(p.mounted, counter.armoured) is None:
                    raise DataError(f"{plabel}: may not stand on {tactical.board.attrs(h)['terrain']} at {h}")
                taken = upstairs if p.floor else used
                if h in taken:
                    raise DataError(f"{plabel}: hex {h} already holds {taken[h]!r} (§1.1)")
                taken[h] = p.counter
        for changed in sc.structures:
            if changed.hex not in tactical.board:
                raise DataError(f"{label} structure {changed.hex}: not on map {sc.map!r}")
            if changed.state not in terrains[tactical.board.attrs(changed.hex)["terrain"]].changes_to:
                raise DataError(f"{label} structure {changed.hex}: its terrain cannot be {changed.state!r}")
        for engine in sc.engines:
            elabel = f"{label} engine {engine.id!r}"
            if engine.kind not in {k.id for k in siege.engines}:
                raise DataError(f"{elabel}: unknown kind {engine.kind!r}")
            if engine.side not in side_ids or engine.facing not in range(6):
                raise DataError(f"{elabel}: needs a side of the scenario and a facing 0-5")
            h = engine.hex
            if h not in tactical.board or terrains[tactical.board.attrs(h)["terrain"]].cost_foot is None:
                raise DataError(f"{elabel}: hex {h} is not open ground on map {sc.map!r}")
            if h in used or engine.id in roster:
                raise DataError(f"{elabel}: hex {h} or its id is taken already")
            used[h] = engine.id
        _check_ladders(label, sc, tactical, terrains, roster, used)
    return scenarios


def _check_ladders(label: str, sc: Scenario, tactical: TacticalMap, terrains: Mapping[str, Terrain],
                   roster: Mapping[str, Counter], used: Mapping[Hex, str]) -> None:
    """A scenario's ladders lie on two adjacent map hexes open to men on foot; their carriers,
    if any, are two characters of the ladder's side on those hexes (§10.1.2); its ropes are
    carried by unarmoured characters of their side (§10.6.1)."""
    side_ids = {s.id for s in sc.sides}
    seen: set[str] = set()
    for ladder in sc.ladders:
        llabel = f"{label} ladder {ladder.id!r}"
        if ladder.id in seen:
            raise DataError(f"{llabel}: given twice")
        seen.add(ladder.id)
        if ladder.side not in side_ids:
            raise DataError(f"{llabel}: unknown side {ladder.side!r}")
        a, b = ladder.hexes
        if distance(a, b) != 1 or any(h not in tactical.board for h in (a, b)):
            raise DataError(f"{llabel}: needs two adjacent hexes on map {sc.map!r}")
        if any(terrains[tactical.board.attrs(h)["terrain"]].cost_foot is None for h in (a, b)):
            raise DataError(f"{llabel}: lies on a hex closed to men on foot")
        if ladder.carriers and sorted(used.get(h, "") for h in (a, b)) != sorted(ladder.carriers):
            raise DataError(f"{llabel}: its carriers must stand on its two hexes")
        if any(p.counter in ladder.carriers and (p.side != ladder.side or p.mounted) for p in sc.forces):
            raise DataError(f"{llabel}: its carriers are men on foot of its side")
    for rope in sc.ropes:
        carrier = next((p for p in sc.forces if p.counter == rope.carrier), None)
        if carrier is None or carrier.side != rope.side:
            raise DataError(f"{label} rope {rope.id!r}: its carrier must be a character of its side")
        if roster[rope.carrier].armoured:
            raise DataError(f"{label} rope {rope.id!r}: an armoured character cannot use a rope (§10.6.1)")


# ---------------------------------------------------------------------------- loading


def build_data(package: str = DATA_PACKAGE) -> GuiscardData:
    """Read and cross-check every file of ``package`` (uncached; :func:`load_data` caches)."""
    codes: UnitCodes = _load(package, "codes.json", UnitCodes)
    for group in ("origins", "types", "classes"):
        letters = [c.letter for c in getattr(codes, group)]
        if len(set(letters)) != len(letters):
            raise DataError(f"{package}/codes.json {group}: a letter is listed twice")
    classes = _by_id(_load_list(package, "movement_classes.json", MovementClass),
                     f"{package}/movement_classes.json", "movement class")
    terrain = _terrain(package)
    melee = {kind: _melee(package, f"melee_{kind}.json", kind) for kind in ("foot", "mounted")}
    weapons = _weapons(package, {c.letter for c in codes.classes})
    fire = {kind: _fire(package, f"fire_{kind}.json", kind, weapons) for kind in ("foot", "mounted")}
    impact = _impact(package)
    infiltration = _infiltration(package)
    geometry = _geometry(package)
    horses: HorseRules = _load(package, "horses.json", HorseRules)
    bodies = _bodies(package)
    defensive_fire = _defensive_fire(package)
    tactics: Tactics = _load(package, "tactics.json", Tactics)
    siege = _siege(package, weapons)
    roster = _roster(package, codes, classes, weapons, horses)
    maps = {map_id: _map(package, filename, terrain) for map_id, filename in MAP_FILES.items()}
    scenarios = _scenarios(package, roster, terrain.terrains, maps, siege)
    contents: dict[str, Any] = {
        "codes.json": codes,
        "movement_classes.json": tuple(classes.values()),
        "terrain.json": (tuple(terrain.terrains.values()), tuple(terrain.hexside_features.values()), terrain.melee_shifts),
        "melee_foot.json": melee["foot"],
        "melee_mounted.json": melee["mounted"],
        "fire_foot.json": fire["foot"],
        "fire_mounted.json": fire["mounted"],
        "impact.json": impact,
        "weapons.json": tuple(weapons.values()),
        "infiltration.json": infiltration,
        "geometry.json": geometry,
        "horses.json": horses,
        "bodies.json": bodies,
        "defensive_fire.json": defensive_fire,
        "tactics.json": tactics,
        "siege.json": siege,
        "roster.json": tuple(roster.values()),
        **{filename: maps[map_id].record for map_id, filename in MAP_FILES.items()},
        "scenarios.json": tuple(scenarios.values()),
    }
    return GuiscardData(
        codes=codes,
        movement_classes=MappingProxyType(classes),
        terrain=terrain,
        melee=MappingProxyType(melee),
        fire=MappingProxyType(fire),
        impact=impact,
        weapons=MappingProxyType(weapons),
        infiltration=infiltration,
        geometry=geometry,
        horses=horses,
        bodies=bodies,
        defensive_fire=defensive_fire,
        tactics=tactics,
        siege=siege,
        roster=MappingProxyType(roster),
        maps=MappingProxyType(maps),
        scenarios=MappingProxyType(scenarios),
        provenance=MappingProxyType({name: _weakest(contents[name]) for name in FILES}),
    )


def load_data(package: str = DATA_PACKAGE) -> GuiscardData:
    """All milestone-1 data (read once per package; the result is shared, do not mutate)."""
    return _load_data(package)


@functools.cache
def _load_data(package: str) -> GuiscardData:
    return build_data(package)


def data_provenance(package: str = DATA_PACKAGE) -> dict[str, str]:
    """Each data file with the weakest provenance of anything in it: ``placeholder`` files still
    wait for the real play aids, ``reconstructed`` ones hold values rebuilt from damaged text."""
    return dict(load_data(package).provenance)
