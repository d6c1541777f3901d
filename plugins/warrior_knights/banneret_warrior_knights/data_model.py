"""Warrior Knights data: the board, the decks, the barons and the numeric tables.

The published board and cards are not in any public source, so almost everything here is
original placeholder data, written in the schema real data would use: a person who owns the
game can replace the JSON files of ``banneret_warrior_knights.data`` with the real contents
and the loader checks them the same way. Card effects are data too: each card lists effect
records (``{"kind": ..., parameters}``) from the vocabulary in :data:`EFFECT_KINDS`, which the
rules will interpret with one handler per kind.

Files and shapes (every record also carries the provenance fields of :class:`Sourced`)
-------------------------------------------------------------------------------------
``board.json``, an object of lists:

* ``areas``: ``id, name, region, row, column, port, x, y`` -- ``region`` ``kingdom`` |
  ``overseas``; ``row``/``column`` place a Kingdom area on the board's grid (1 = outer edge
  at the top / left; the stronghold rule for 2-3 barons needs them; null overseas); ``x, y``
  are where the web board draws the area.
* ``cities``: ``id, name, area, strength, income`` -- at most one city per area.
* ``borders``: ``a, b`` -- every pair of land areas that touch, passable or not.
* ``rivers``, ``bridges``, ``mountains``: ``a, b`` -- borders along a river, the river borders
  a bridge crosses, and mountain borders (impassable).
* ``roads``: ``id, areas`` -- a road as the chain of areas it runs through.
* ``sea_lanes``: ``id, name, ports`` -- port areas a noble may sail between.

``fate.json``: ``id, baron, noble, revolt, battle, expedition, city, nationality`` -- each
Fate card's seven fields; ``battle`` ``deal`` | ``prevent`` | ``victory`` | ``draw``;
``expedition`` maps each expedition id to ``no_news`` | ``fleet_lost`` | ``1x``..``4x``.

``mercenaries.json``: ``nationalities`` (``id, name``) and ``cards`` (``id, nationality,
strength, wage, copies``).

``events.json``: ``id, title, colour, faith_cost, copies, effects`` -- ``colour`` ``red`` |
``green`` | ``blue``; ``faith_cost`` 0 means the event cannot be cancelled.

``agendas.json``: ``id, title, kind, vote, concession, copies, effects`` -- ``kind``
``private_motion`` | ``motion`` | ``law`` | ``charge`` | ``office``; ``vote`` ``yes_no`` |
``choose_baron`` | ``proposal`` (a Private Motion's vote is the proposal's).

``barons.json``: ``barons`` (``id`` = colour, ``name, stronghold_strength``), ``nobles``
(``id, name, baron, shape, abilities``; abilities are effect records) and ``soldiers`` (the
loyal Soldier cards every baron has: ``id, strength, wage, copies_per_baron``).

``actions.json``: ``baron_cards`` (``id, title, allocation, copies_per_baron``; ``allocation``
lists the special areas the card may go to, empty = back to the hand) and ``neutral_cards``
(``id, title, copies``). What each title does is a rule, not data.

``tables.json``: ``setup`` (one record: influence per baron, starting crowns and strength,
the mercenary strengths dealt, agendas revealed, baron and control markers per baron),
``per_barons`` (one record per number of barons 2-6), ``mercenary_track`` (``space, cost``;
null = cannot be bought), ``expeditions`` and ``board_counts`` (the counts the rulebook
gives for the board).

``components.json``: ``id, name, count, per_baron`` -- the box's inventory; the decks,
nobles, soldiers, action cards and cities must match it.

Provenance
----------
``source`` is ``rulebook`` (the rules state it), ``component`` (read off the published
components; nothing here) or ``placeholder`` (at least one value invented, named in
``invented``). ``inferred`` names values taken from an example rather than stated; ``note``
says why. :func:`data_provenance` lists the provenances of every table.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs
import networkx as nx

from banneret.boards.areas import AreaMap
from banneret.data import Provenance, converter, read_json, structure_records
from banneret.errors import DataError

__all__ = [
    "DATA_PACKAGE",
    "SHAPES",
    "EXPEDITION_RESULTS",
    "EffectKind",
    "Param",
    "EFFECT_KINDS",
    "Effect",
    "validate_effect",
    "Sourced",
    "Area",
    "City",
    "Border",
    "Road",
    "SeaLane",
    "Board",
    "Baron",
    "Noble",
    "SoldierCard",
    "Nationality",
    "MercenaryCard",
    "FateCard",
    "EventCard",
    "AgendaCard",
    "BaronActionCard",
    "NeutralActionCard",
    "SetupRule",
    "PerBarons",
    "TrackSpace",
    "Expedition",
    "BoardCounts",
    "Component",
    "GameData",
    "load_data",
    "data_provenance",
    "build_board",
]

DATA_PACKAGE = "banneret_warrior_knights.data"

Shape = Literal["star", "square", "circle", "triangle"]
SHAPES: tuple[str, ...] = ("star", "square", "circle", "triangle")
ExpeditionResult = Literal["no_news", "fleet_lost", "1x", "2x", "3x", "4x"]
EXPEDITION_RESULTS: tuple[str, ...] = ("no_news", "fleet_lost", "1x", "2x", "3x", "4x")
SpecialArea = Literal["taxation", "wages", "assembly"]
_ID = re.compile(r"^[a-z0-9][a-z0-9_]*$")
_META = frozenset({"source", "invented", "inferred", "note"})

# ---------------------------------------------------------------------------- effects


@attrs.frozen
class Param:
    """What one effect parameter accepts: listed values, whole numbers in ``low..high``, or
    (``many``) a non-empty list of distinct listed values."""

    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    many: bool = False

    def accepts(self, value: Any) -> bool:
        if self.many:
            return (isinstance(value, list) and bool(value) and len(set(value)) == len(value)
                    and all(self._one(v) for v in value))
        return self._one(value)

    def _one(self, value: Any) -> bool:
        # type-exact, so that true is not taken for 1 nor 1 for true
        if any(type(value) is type(c) and value == c for c in self.choices):
            return True
        return type(value) is int and self.low is not None and self.high is not None and self.low <= value <= self.high

    def describe(self) -> str:
        parts = [repr(c) for c in self.choices]
        if self.low is not None:
            parts.append(f"a whole number {self.low}..{self.high}")
        text = " or ".join(parts)
        return f"a list of distinct values from {text}" if self.many else text


@attrs.frozen
class EffectKind:
    """One kind of effect: ``use`` says where it may stand (``immediate``: events and motions,
    applied once; ``standing``: laws, charges and offices, a modifier while in play;
    ``ability``: printed on a noble card) and ``params`` what it takes."""

    use: Literal["immediate", "standing", "ability"]
    params: Mapping[str, Param]


def _kind(use: Literal["immediate", "standing", "ability"], **params: Param) -> EffectKind:
    return EffectKind(use, MappingProxyType(params))


_COUNT = Param(low=1, high=99)
_CROWNS = Param(low=0, high=99)
_WHO = Param(("drawer", "chosen_baron", "each_baron", "fate_baron"))
_RESOURCE = Param(("crowns", "votes", "faith", "influence"))
_CITY = Param(("fate_city", "fate_kingdom_city", "fate_city_of_drawer"))
_NOBLE = Param(("fate_noble", "fate_noble_of_drawer", "fate_on_board_noble", "fate_on_board_noble_of_drawer"))
_BATTLE = Param(("field", "assault", "siege"))
_RULED_ACTION = Param(("sea_travel", "battle_without_city", "siege", "off_road_move"))
_FLAG = Param((True, False))

EFFECT_KINDS: Mapping[str, EffectKind] = MappingProxyType({
    # immediate: applied once when an event resolves or a motion passes
    "gain": _kind("immediate", who=_WHO, resource=_RESOURCE, amount=_COUNT),
    "lose": _kind("immediate", who=_WHO, resource=_RESOURCE, amount=Param(("half", "all"), 1, 99)),
    "pay_per": _kind("immediate", who=_WHO, crowns=_COUNT, per=Param(("noble_on_board",))),
    "casualties": _kind("immediate", armies=Param(("chosen_army_of_drawer", "each_army_at_sea")), markers=_COUNT),
    "desert": _kind("immediate", nationality=Param(("fate",)), armies=Param(("each_army_of_drawer", "each_army"))),
    "heal": _kind("immediate", who=_WHO, markers=Param(("all",), 1, 99), crowns_per_marker=_CROWNS),
    "upgrade_defences": _kind("immediate", who=_WHO, fortify_crowns=_CROWNS, repair_crowns_per_breach=_CROWNS),
    "free_mercenary": _kind("immediate", who=_WHO, **{"from": Param(("deck", "display"))},
                            max_strength=Param((None,), 50, 1000)),
    "neutralise_city": _kind("immediate", city=_CITY),
    "raze_city": _kind("immediate", city=_CITY, kill_nobles=_FLAG),
    "breach": _kind("immediate", city=_CITY, amount=_COUNT),
    "remove_heir": _kind("immediate", noble=_NOBLE),
    "kill_noble": _kind("immediate", noble=_NOBLE, heir=_FLAG),
    "award_title": _kind("immediate", title=Param(("chairman", "head_of_church")),
                         candidates=Param(("drawer", "chosen_baron", "every_baron")),
                         ties=Param(("keep", "random")), only_from=Param(("drawer", None))),
    "shuffle_fate": _kind("immediate"),
    "lift_bans": _kind("immediate"),
    "private_motion": _kind("immediate", proposer=Param(("fate_baron",)),
                            purposes=Param(("lift_ban", "remove_card", "postpone_assembly", "revive_discard"), many=True)),
    # standing: a law binds every baron; a charge or an office its holder
    "taxation_income": _kind("standing", crowns=_COUNT),
    "taxation_levy": _kind("standing", crowns=_COUNT, per_income=_COUNT, refusable=_FLAG),
    "forbid": _kind("standing", action=_RULED_ACTION),
    "exempt_from": _kind("standing", action=_RULED_ACTION),
    "road_toll": _kind("standing", crowns=_COUNT),
    "road_move_limit": _kind("standing", areas=_COUNT),
    "commander_strength": _kind("standing", battle=_BATTLE, strength=Param(low=0, high=1000)),
    "wage_change": _kind("standing", who=Param(("every_baron", "holder")), troops=Param(("mercenaries", "soldiers", "all")),
                         per=Param(("card", "phase")), crowns=Param(low=-9, high=9)),
    "repair_cost": _kind("standing", crowns_per_breach=_CROWNS),
    "assembly_exclusion": _kind("standing"),
    "assembly_income": _kind("standing", resource=_RESOURCE, amount=_COUNT),
    "battle_draws": _kind("standing", battle=_BATTLE, cards=_COUNT),
    "hire_discount": _kind("standing", crowns=_COUNT, hires=_COUNT),
    "maintained_soldiers": _kind("standing", strength=Param(low=50, high=1000)),
    "levy_taxes_bonus": _kind("standing", crowns=_COUNT),
    # abilities printed on noble cards (they work for the commanding noble)
    "battle_symbol": _kind("ability", symbol=Param(("deal", "prevent", "victory"))),
    "wage_exemption": _kind("ability", max_strength=Param(low=50, high=1000)),
})
"""The effect vocabulary: every effect record's ``kind`` and the parameters it takes."""


@attrs.frozen
class Effect:
    """One effect record of a card: its ``kind`` (a key of :data:`EFFECT_KINDS`) and its
    checked parameters (lists become tuples)."""

    kind: str
    params: Mapping[str, Any]

    @property
    def use(self) -> str:
        return EFFECT_KINDS[self.kind].use


def _structure_effect(raw: Any, _: Any) -> Effect:
    """Only the shape here: the vocabulary is checked by :func:`validate_effect`, whose
    errors name the record (cattrs would reduce them to 'invalid value')."""
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise ValueError(f"an effect must be an object with a 'kind', not {raw!r}")
    params = {n: tuple(v) if isinstance(v, list) else v for n, v in raw.items() if n != "kind"}
    return Effect(raw["kind"], MappingProxyType(params))


def validate_effect(effect: Effect, where: str) -> None:
    """``effect`` uses a known kind with exactly its parameters, each of an accepted value."""
    spec = EFFECT_KINDS.get(effect.kind)
    if spec is None:
        raise DataError(f"{where}: unknown effect kind {effect.kind!r}")
    missing = sorted(set(spec.params) - set(effect.params))
    extra = sorted(set(effect.params) - set(spec.params))
    if missing or extra:
        raise DataError(f"{where}: effect {effect.kind!r} takes {sorted(spec.params)} (missing {missing}, unknown {extra})")
    for name, value in effect.params.items():
        if not spec.params[name].accepts(list(value) if isinstance(value, tuple) else value):
            raise DataError(f"{where}: effect {effect.kind!r}: {name} must be {spec.params[name].describe()}, not {value!r}")


converter.register_structure_hook(Effect, _structure_effect)

# ---------------------------------------------------------------------------- records


def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@attrs.frozen(kw_only=True)
class Sourced:
    """Where a record comes from: ``source``, the fields invented or only inferred, a note."""

    source: Provenance
    invented: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    inferred: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    note: str = ""


@attrs.frozen(kw_only=True)
class Area(Sourced):
    id: str
    name: str
    region: Literal["kingdom", "overseas"]
    row: int | None
    column: int | None
    port: bool
    x: int
    y: int


@attrs.frozen(kw_only=True)
class City(Sourced):
    id: str
    name: str
    area: str
    strength: int
    income: int


@attrs.frozen(kw_only=True)
class Border(Sourced):
    """Two land areas that touch (also the shape of river, bridge and mountain records)."""

    a: str
    b: str


@attrs.frozen(kw_only=True)
class Road(Sourced):
    id: str
    areas: tuple[str, ...] = attrs.field(converter=_tuple)


@attrs.frozen(kw_only=True)
class SeaLane(Sourced):
    id: str
    name: str
    ports: tuple[str, ...] = attrs.field(converter=_tuple)


@attrs.frozen(kw_only=True)
class Baron(Sourced):
    id: str
    name: str
    stronghold_strength: int


@attrs.frozen(kw_only=True)
class Noble(Sourced):
    id: str
    name: str
    baron: str
    shape: Shape
    abilities: tuple[Effect, ...] = attrs.field(converter=_tuple)


@attrs.frozen(kw_only=True)
class SoldierCard(Sourced):
    id: str
    strength: int
    wage: int
    copies_per_baron: int


@attrs.frozen(kw_only=True)
class Nationality(Sourced):
    id: str
    name: str


@attrs.frozen(kw_only=True)
class MercenaryCard(Sourced):
    id: str
    nationality: str
    strength: int
    wage: int
    copies: int


@attrs.frozen(kw_only=True)
class FateCard(Sourced):
    """A Fate card's seven fields (rulebook's list); the battle field is one symbol."""

    id: str
    baron: str
    noble: str
    revolt: bool
    battle: Literal["deal", "prevent", "victory", "draw"]
    expedition: Mapping[str, ExpeditionResult] = attrs.field(converter=_frozen_mapping)
    city: str
    nationality: str


@attrs.frozen(kw_only=True)
class EventCard(Sourced):
    id: str
    title: str
    colour: Literal["red", "green", "blue"]
    faith_cost: int
    copies: int
    effects: tuple[Effect, ...] = attrs.field(converter=_tuple)


@attrs.frozen(kw_only=True)
class AgendaCard(Sourced):
    id: str
    title: str
    kind: Literal["private_motion", "motion", "law", "charge", "office"]
    vote: Literal["yes_no", "choose_baron", "proposal"]
    concession: bool
    copies: int
    effects: tuple[Effect, ...] = attrs.field(converter=_tuple)


@attrs.frozen(kw_only=True)
class BaronActionCard(Sourced):
    id: str
    title: str
    allocation: tuple[SpecialArea, ...] = attrs.field(converter=_tuple)
    copies_per_baron: int


@attrs.frozen(kw_only=True)
class NeutralActionCard(Sourced):
    id: str
    title: str
    copies: int


@attrs.frozen(kw_only=True)
class SetupRule(Sourced):
    id: str
    influence_per_baron: int
    starting_crowns: int
    starting_strength: int
    mercenaries_dealt: tuple[int, ...] = attrs.field(converter=_tuple)
    agendas_revealed: int
    baron_markers: int
    control_markers: int


@attrs.frozen(kw_only=True)
class PerBarons(Sourced):
    """What changes with the number of barons; ``stronghold_outer_ring`` False = strongholds
    may not stand in the board's outer row or column."""

    barons: int
    razed_kingdom_cities: int
    stronghold_outer_ring: bool
    influence_pool: int
    special_phase_cards: int
    mercenary_track_spaces: int


@attrs.frozen(kw_only=True)
class TrackSpace(Sourced):
    space: int
    cost: int | None


@attrs.frozen(kw_only=True)
class Expedition(Sourced):
    id: str
    name: str
    spaces: int
    max_stake: int
    blessing_faith: int


@attrs.frozen(kw_only=True)
class BoardCounts(Sourced):
    id: str
    kingdom_cities: int
    overseas_cities: int
    bridges: int


@attrs.frozen(kw_only=True)
class Component(Sourced):
    id: str
    name: str
    count: int
    per_baron: int | None


# ---------------------------------------------------------------------------- the board


@attrs.frozen(kw_only=True)
class Board:
    """The map: records by id plus the frozen graph ``areas_map``, whose nodes carry the
    :class:`Area` fields and ``city`` (id or None) and whose edges (land borders) carry
    ``river``, ``bridge``, ``mountain`` and ``roads`` (ids of the roads along it)."""

    areas: Mapping[str, Area]
    cities: Mapping[str, City]
    borders: tuple[Border, ...]
    rivers: tuple[Border, ...]
    bridges: tuple[Border, ...]
    mountains: tuple[Border, ...]
    roads: Mapping[str, Road]
    sea_lanes: Mapping[str, SeaLane]
    areas_map: AreaMap
    land_steps: Mapping[str, frozenset[str]] = attrs.field(
        init=False, default=attrs.Factory(lambda self: self._land_steps(), takes_self=True))
    """Each area -> the areas one land step away (:meth:`border_passable`), read by every
    move and retreat: built once, so the hot path asks a set, not the graph."""
    city_at: Mapping[str, City | None] = attrs.field(
        init=False, default=attrs.Factory(lambda self: self._city_at(), takes_self=True))
    """Each area -> its city record (None: no city), built once from the graph's nodes."""

    def _land_steps(self) -> Mapping[str, frozenset[str]]:
        graph = self.areas_map
        return MappingProxyType({a: frozenset(n for n in graph.neighbours(a) if self.border_passable(a, n))
                                 for a in graph.areas()})

    def _city_at(self) -> Mapping[str, City | None]:
        ids = {a: self.areas_map.attrs(a)["city"] for a in self.areas_map.areas()}
        return MappingProxyType({a: None if c is None else self.cities[c] for a, c in ids.items()})

    def city_in(self, area: str) -> City | None:
        return self.city_at[area]

    def border_passable(self, a: str, b: str) -> bool:
        """A land step from ``a`` to ``b`` is possible: they touch, no mountain, and a river
        only at a bridge (10.1). Read from the graph; :attr:`land_steps` keeps the answers."""
        if not self.areas_map.adjacent(a, b):
            return False
        border = self.areas_map.border(a, b)
        return not border["mountain"] and (not border["river"] or border["bridge"])

    def passable(self, a: str, b: str) -> bool:
        """:meth:`border_passable`, from the table."""
        return b in self.land_steps[a]

    def kingdom_cities(self) -> list[str]:
        return sorted(c.id for c in self.cities.values() if self.areas[c.area].region == "kingdom")

    def outer(self, area: str) -> bool:
        """On the Kingdom's outer row or column (16.2); overseas areas are not."""
        rec = self.areas[area]
        if rec.row is None or rec.column is None:
            return False
        rows = [a.row for a in self.areas.values() if a.row is not None]
        columns = [a.column for a in self.areas.values() if a.column is not None]
        return rec.row in (min(rows), max(rows)) or rec.column in (min(columns), max(columns))

    def sea_destinations(self, port: str) -> list[str]:
        """Ports reachable by sea from ``port`` (10.2), sorted."""
        return sorted({p for lane in self.sea_lanes.values() if port in lane.ports for p in lane.ports} - {port})


# ---------------------------------------------------------------------------- all of it


@attrs.frozen(kw_only=True)
class GameData:
    """Every table of the game, validated across files. Decks keep their file order;
    ``copies`` says how many physical cards a record stands for."""

    board: Board
    barons: Mapping[str, Baron]
    nobles: Mapping[str, Noble]
    soldiers: tuple[SoldierCard, ...]
    nationalities: Mapping[str, Nationality]
    mercenaries: tuple[MercenaryCard, ...]
    fate: tuple[FateCard, ...]
    events: tuple[EventCard, ...]
    agendas: tuple[AgendaCard, ...]
    baron_cards: tuple[BaronActionCard, ...]
    neutral_cards: tuple[NeutralActionCard, ...]
    setup: SetupRule
    per_barons: Mapping[int, PerBarons]
    mercenary_track: tuple[TrackSpace, ...]
    expeditions: Mapping[str, Expedition]
    board_counts: BoardCounts
    components: Mapping[str, Component]

    def tables(self) -> Mapping[str, tuple[Sourced, ...]]:
        """Every table by ``file section`` name, for provenance listings."""
        b = self.board
        return MappingProxyType({
            "board.json areas": tuple(b.areas.values()),
            "board.json cities": tuple(b.cities.values()),
            "board.json borders": b.borders,
            "board.json rivers": b.rivers,
            "board.json bridges": b.bridges,
            "board.json mountains": b.mountains,
            "board.json roads": tuple(b.roads.values()),
            "board.json sea_lanes": tuple(b.sea_lanes.values()),
            "barons.json barons": tuple(self.barons.values()),
            "barons.json nobles": tuple(self.nobles.values()),
            "barons.json soldiers": self.soldiers,
            "mercenaries.json nationalities": tuple(self.nationalities.values()),
            "mercenaries.json cards": self.mercenaries,
            "fate.json": self.fate,
            "events.json": self.events,
            "agendas.json": self.agendas,
            "actions.json baron_cards": self.baron_cards,
            "actions.json neutral_cards": self.neutral_cards,
            "tables.json setup": (self.setup,),
            "tables.json per_barons": tuple(self.per_barons.values()),
            "tables.json mercenary_track": self.mercenary_track,
            "tables.json expeditions": tuple(self.expeditions.values()),
            "tables.json board_counts": (self.board_counts,),
            "components.json": tuple(self.components.values()),
        })


def load_data(package: str = DATA_PACKAGE) -> GameData:
    """All the game's data, validated (cached per package: the objects are immutable)."""
    return _load(package)


def data_provenance(package: str = DATA_PACKAGE) -> Mapping[str, tuple[str, ...]]:
    """Each table's provenances, sorted (``("placeholder",)`` = wholly invented); a table
    holding ``placeholder`` needs the real components to be faithful."""
    return MappingProxyType({
        name: tuple(sorted({r.source for r in records})) for name, records in load_data(package).tables().items()
    })


# ---------------------------------------------------------------------------- record checks


def _check_record(record: Any, where: str) -> None:
    """Provenance fields and ids of one structured record; DataError names ``where``."""
    fields = {f.name for f in attrs.fields(type(record))} - _META
    for listed in ("invented", "inferred"):
        unknown = sorted(set(getattr(record, listed)) - fields)
        if unknown:
            raise DataError(f"{where}: {listed} names unknown field(s) {unknown}")
    if (record.source == "placeholder") != bool(record.invented):
        raise DataError(f"{where}: a placeholder record lists its invented fields, and only a placeholder does")
    if isinstance(getattr(record, "id", None), str) and not _ID.match(record.id):
        raise DataError(f"{where}: id must be lower-case letters, digits and '_', not {record.id!r}")
    for name in ("copies", "copies_per_baron"):
        if getattr(record, name, 1) < 1:
            raise DataError(f"{where}: {name} must be at least 1")
    for name in ("effects", "abilities"):
        for i, effect in enumerate(getattr(record, name, ())):
            validate_effect(effect, f"{where} {name}[{i}]")


def _records(raw: Any, section: str, cls: type[Any], where: str, key: str | None = "id") -> list[Any]:
    items = raw.get(section) if isinstance(raw, dict) else None
    if not isinstance(items, list):
        raise DataError(f"{where}: section {section!r} must be a list of records")
    return structure_records(items, cls, f"{where} {section}", key, check=_check_record)


def _list(raw: Any, cls: type[Any], where: str, key: str | None = "id") -> list[Any]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of records")
    return structure_records(raw, cls, where, key, check=_check_record)


def _sections(raw: Any, where: str, sections: tuple[str, ...]) -> None:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected an object with sections {list(sections)}")
    extra = sorted(set(raw) - set(sections))
    if extra:
        raise DataError(f"{where}: unknown section(s) {extra}")


def _by_id(records: Iterable[Any]) -> Mapping[str, Any]:
    return MappingProxyType({r.id: r for r in records})


def _single(records: list[Any], where: str) -> Any:
    _require(len(records) == 1, f"{where}: holds exactly one record")
    return records[0]


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise DataError(message)


# ---------------------------------------------------------------------------- board checks

_BOARD_SECTIONS = ("areas", "cities", "borders", "rivers", "bridges", "mountains", "roads", "sea_lanes")


def build_board(raw: Any, counts: BoardCounts, where: str) -> Board:
    """Validate ``board.json`` and assemble the :class:`Board` with its graph."""
    _sections(raw, where, _BOARD_SECTIONS)
    areas = _by_id(_records(raw, "areas", Area, where))
    cities = _by_id(_records(raw, "cities", City, where))
    lines = {s: tuple(_records(raw, s, Border, where, None)) for s in ("borders", "rivers", "bridges", "mountains")}
    roads = _by_id(_records(raw, "roads", Road, where))
    lanes = _by_id(_records(raw, "sea_lanes", SeaLane, where))

    for area in areas.values():
        label = f"{where} area {area.id!r}"
        _require((area.region == "kingdom") == (area.row is not None and area.column is not None),
                 f"{label}: a Kingdom area has a row and a column, an overseas area neither")
        _require(area.region == "kingdom" or area.port, f"{label}: an overseas area is reached by sea, so it needs a port")
    positions: dict[tuple[int, int], str] = {}
    for area in areas.values():
        other = positions.setdefault((area.x, area.y), area.id)
        _require(other == area.id, f"{where} area {area.id!r}: drawn at the same x, y as {other!r}")
    city_of: dict[str, str] = {}
    for city in cities.values():
        label = f"{where} city {city.id!r}"
        _require(city.area in areas, f"{label}: unknown area {city.area!r}")
        _require(city.area not in city_of, f"{label}: area {city.area!r} already holds {city_of.get(city.area)!r}")
        _require(city.strength >= 0 and city.strength % 50 == 0, f"{label}: strength must be a multiple of 50")
        _require(city.income >= 0, f"{label}: income cannot be negative")
        city_of[city.area] = city.id
    kingdom = sum(areas[c.area].region == "kingdom" for c in cities.values())
    _require(kingdom == counts.kingdom_cities and len(cities) - kingdom == counts.overseas_cities,
             f"{where}: {kingdom} Kingdom and {len(cities) - kingdom} overseas cities, the rulebook has "
             f"{counts.kingdom_cities} and {counts.overseas_cities}")

    graph = nx.Graph()
    graph.add_nodes_from(areas)
    for i, border in enumerate(lines["borders"]):
        label = f"{where} borders[{i}] ({border.a}-{border.b})"
        for end in (border.a, border.b):
            _require(end in areas, f"{label}: unknown area {end!r}")
            _require(areas[end].region == "kingdom", f"{label}: {end!r} is overseas, reached only by sea")
        _require(not graph.has_edge(border.a, border.b) and border.a != border.b, f"{label}: given twice or a loop")
        graph.add_edge(border.a, border.b, river=False, bridge=False, mountain=False, roads=())
    for section in ("rivers", "bridges", "mountains"):
        flag = section[:-1] if section != "bridges" else "bridge"
        for i, border in enumerate(lines[section]):
            label = f"{where} {section}[{i}] ({border.a}-{border.b})"
            _require(graph.has_edge(border.a, border.b), f"{label}: not a border of the board")
            _require(not graph.edges[border.a, border.b][flag], f"{label}: given twice")
            graph.edges[border.a, border.b][flag] = True
    for i, border in enumerate(lines["bridges"]):
        edge = graph.edges[border.a, border.b]
        _require(edge["river"] and not edge["mountain"], f"{where} bridges[{i}] ({border.a}-{border.b}): a bridge crosses a river, not a mountain")
    _require(len(lines["bridges"]) == counts.bridges,
             f"{where}: {len(lines['bridges'])} bridges, the rulebook has {counts.bridges}")
    for road in roads.values():
        label = f"{where} road {road.id!r}"
        _require(len(road.areas) >= 2 and len(set(road.areas)) == len(road.areas), f"{label}: needs two or more distinct areas")
        for a, b in zip(road.areas, road.areas[1:]):
            _require(graph.has_edge(a, b), f"{label}: {a!r}-{b!r} is not a border of the board")
            edge = graph.edges[a, b]
            _require(not edge["mountain"] and (not edge["river"] or edge["bridge"]),
                     f"{label}: {a!r}-{b!r} crosses a mountain or a river without a bridge")
            edge["roads"] = (*edge["roads"], road.id)
    laned = set()
    for lane in lanes.values():
        label = f"{where} sea lane {lane.id!r}"
        _require(len(set(lane.ports)) == len(lane.ports) >= 2, f"{label}: needs two or more distinct ports")
        for port in lane.ports:
            _require(port in areas and areas[port].port, f"{label}: {port!r} is not a port area")
        laned.update(lane.ports)
    unlaned = sorted(a.id for a in areas.values() if a.port and a.id not in laned)
    _require(not unlaned, f"{where}: port(s) {unlaned} are on no sea lane")

    travel = nx.Graph()
    travel.add_nodes_from(areas)
    travel.add_edges_from((a, b) for a, b, e in graph.edges(data=True) if not e["mountain"] and (not e["river"] or e["bridge"]))
    for lane in lanes.values():
        travel.add_edges_from(zip(lane.ports, lane.ports[1:]))
    parts = sorted(sorted(p) for p in nx.connected_components(travel))
    _require(len(parts) <= 1, f"{where}: the board falls apart into {len(parts)} parts by land and sea: {parts}")

    nodes = [(a.id, {**{f.name: getattr(a, f.name) for f in attrs.fields(Area) if f.name not in _META},
                     "city": city_of.get(a.id)}) for a in areas.values()]
    edges = [(a, b, dict(e)) for a, b, e in graph.edges(data=True)]
    return Board(areas=areas, cities=cities, borders=lines["borders"], rivers=lines["rivers"], bridges=lines["bridges"],
                 mountains=lines["mountains"], roads=roads, sea_lanes=lanes, areas_map=AreaMap.build(nodes, edges))


# ---------------------------------------------------------------------------- card checks


def _check_effects(effects: tuple[Effect, ...], use: str, where: str, forbidden_words: tuple[str, ...] = ()) -> None:
    """Every effect stands where its kind may (see :class:`EffectKind`) and names no one the
    card cannot name (an agenda has no drawer; an event no chosen baron)."""
    _require(bool(effects), f"{where}: lists no effects")
    for i, effect in enumerate(effects):
        _require(effect.use == use, f"{where} effects[{i}]: {effect.kind!r} is an {effect.use} effect, not {use}")
        for name, value in effect.params.items():
            _require(not (isinstance(value, str) and any(w in value for w in forbidden_words)),
                     f"{where} effects[{i}]: {name} {value!r} has no meaning on this card")


def _check_nobles(nobles: Mapping[str, Noble], barons: Mapping[str, Baron], where: str) -> None:
    for noble in nobles.values():
        _require(noble.baron in barons, f"{where} ({noble.id}): unknown baron {noble.baron!r}")
        _check_effects(noble.abilities, "ability", f"{where} ({noble.id})")
    for baron in barons:
        own = [n for n in nobles.values() if n.baron == baron]
        _require(sorted(n.shape for n in own) == sorted(SHAPES), f"{where}: baron {baron!r} needs one noble of each shape")
        exempt = [n.id for n in own if any(e.kind == "wage_exemption" for e in n.abilities)]
        _require(len(exempt) == 1, f"{where}: baron {baron!r} needs exactly one wage-exempt noble, not {exempt}")


def _check_fate(fate: list[FateCard], data: Mapping[str, Mapping[str, Any]], where: str) -> None:
    for card in fate:
        label = f"{where} ({card.id})"
        for field in ("baron", "noble", "city", "nationality"):
            _require(getattr(card, field) in data[field], f"{label}: unknown {field} {getattr(card, field)!r}")
        _require(set(card.expedition) == set(data["expedition"]),
                 f"{label}: expedition must give a result for exactly {sorted(data['expedition'])}")


def _check_agenda(card: AgendaCard, where: str) -> None:
    label = f"{where} ({card.id})"
    use = "standing" if card.kind in ("law", "charge", "office") else "immediate"
    _require((card.kind == "private_motion") == (card.vote == "proposal"),
             f"{label}: a Private Motion, and only it, is voted as its proposal")
    _require(card.kind not in ("charge", "office") or card.vote == "choose_baron",
             f"{label}: a charge or an office goes to a chosen baron")
    _require(not card.concession or (card.kind == "charge" and any(e.kind == "taxation_income" for e in card.effects)),
             f"{label}: a concession is a charge paying taxation_income")
    words = ("drawer",) if card.vote == "choose_baron" else ("drawer", "chosen_baron")
    _check_effects(card.effects, use, label, words)


def _counted(component: Mapping[str, Component], cid: str, got: int, per_baron: int | None, where: str) -> None:
    comp = component[cid]
    _require(comp.count == got, f"{where}: {got} {comp.name.lower()}, the box has {comp.count}")
    if comp.per_baron is not None and per_baron is not None:
        _require(comp.per_baron == per_baron, f"{where}: {per_baron} {comp.name.lower()} per baron, the box has {comp.per_baron}")


_COUNTED = ("plastic_nobles", "noble_cards", "stronghold_cards", "plastic_cities", "fate_cards", "event_cards",
            "agenda_cards", "mercenary_cards", "loyal_soldier_cards", "action_cards", "baron_markers",
            "control_markers", "expedition_markers")


# ---------------------------------------------------------------------------- loading


def _file(package: str, name: str) -> tuple[Any, str]:
    return read_json(package, name), f"{package}/{name}"


@functools.cache
def _load(package: str) -> GameData:
    raw, where = _file(package, "components.json")
    components = _by_id(_list(raw, Component, where))
    missing = sorted(set(_COUNTED) - set(components))
    _require(not missing, f"{where}: no count for {missing}")

    raw, where = _file(package, "tables.json")
    _sections(raw, where, ("setup", "per_barons", "mercenary_track", "expeditions", "board_counts"))
    setup = _single(_records(raw, "setup", SetupRule, where), f"{where} setup")
    counts = _single(_records(raw, "board_counts", BoardCounts, where), f"{where} board_counts")
    per = {r.barons: r for r in _records(raw, "per_barons", PerBarons, where, "barons")}
    track = _records(raw, "mercenary_track", TrackSpace, where, "space")
    expeditions = _by_id(_records(raw, "expeditions", Expedition, where))
    tables_where = where

    raw, where = _file(package, "board.json")
    board = build_board(raw, counts, where)

    raw, where = _file(package, "barons.json")
    _sections(raw, where, ("barons", "nobles", "soldiers"))
    barons = _by_id(_records(raw, "barons", Baron, where))
    _check_tables(setup, per, track, expeditions, board, len(barons), tables_where)
    nobles = _by_id(_records(raw, "nobles", Noble, where))
    soldiers = tuple(_records(raw, "soldiers", SoldierCard, where))
    _check_nobles(nobles, barons, f"{where} nobles")
    soldier_strength = sum(s.strength * s.copies_per_baron for s in soldiers)
    _require(soldier_strength + sum(setup.mercenaries_dealt) == setup.starting_strength,
             f"{where} soldiers: {soldier_strength} loyal strength and mercenaries of {list(setup.mercenaries_dealt)} "
             f"do not make the starting {setup.starting_strength}")

    raw, where = _file(package, "mercenaries.json")
    _sections(raw, where, ("nationalities", "cards"))
    nationalities = _by_id(_records(raw, "nationalities", Nationality, where))
    mercenaries = tuple(_records(raw, "cards", MercenaryCard, where))
    for card in mercenaries:
        _require(card.nationality in nationalities, f"{where} cards ({card.id}): unknown nationality {card.nationality!r}")
        _require(card.strength > 0 and card.strength % 50 == 0 and card.wage >= 0,
                 f"{where} cards ({card.id}): strength a multiple of 50, wage not negative")
    for strength in set(setup.mercenaries_dealt):
        dealt = setup.mercenaries_dealt.count(strength) * max(per)
        have = sum(c.copies for c in mercenaries if c.strength == strength)
        _require(have >= dealt, f"{where}: {have} mercenaries of strength {strength}, the set-up deals up to {dealt}")

    raw, where = _file(package, "fate.json")
    fate = _list(raw, FateCard, where)
    _check_fate(fate, {"baron": barons, "noble": nobles, "city": board.cities, "nationality": nationalities,
                       "expedition": expeditions}, where)

    raw, where = _file(package, "events.json")
    events = _list(raw, EventCard, where)
    for event in events:
        _require(event.faith_cost >= 0, f"{where} ({event.id}): faith_cost cannot be negative")
        _check_effects(event.effects, "immediate", f"{where} ({event.id})", ("chosen_baron",))

    raw, where = _file(package, "agendas.json")
    agendas = _list(raw, AgendaCard, where)
    for agenda in agendas:
        _check_agenda(agenda, where)

    raw, where = _file(package, "actions.json")
    _sections(raw, where, ("baron_cards", "neutral_cards"))
    baron_cards = tuple(_records(raw, "baron_cards", BaronActionCard, where))
    neutral_cards = tuple(_records(raw, "neutral_cards", NeutralActionCard, where))

    n = len(barons)
    per_baron_actions = sum(c.copies_per_baron for c in baron_cards)
    got: Mapping[str, tuple[int, int | None, str]] = {
        "plastic_nobles": (len(nobles), len(SHAPES), "barons.json nobles"),
        "noble_cards": (len(nobles), len(SHAPES), "barons.json nobles"),
        "stronghold_cards": (n, 1, "barons.json barons"),
        "plastic_cities": (len(board.cities), None, "board.json cities"),
        "fate_cards": (len(fate), None, "fate.json"),
        "event_cards": (sum(e.copies for e in events), None, "events.json"),
        "agenda_cards": (sum(a.copies for a in agendas), None, "agendas.json"),
        "mercenary_cards": (sum(m.copies for m in mercenaries), None, "mercenaries.json"),
        "loyal_soldier_cards": (n * sum(s.copies_per_baron for s in soldiers), sum(s.copies_per_baron for s in soldiers),
                                "barons.json soldiers"),
        "action_cards": (n * per_baron_actions + sum(c.copies for c in neutral_cards), per_baron_actions, "actions.json"),
        "baron_markers": (n * setup.baron_markers, setup.baron_markers, "tables.json setup"),
        "control_markers": (n * setup.control_markers, setup.control_markers, "tables.json setup"),
        "expedition_markers": (len(expeditions), None, "tables.json expeditions"),
    }
    for cid, (count, each, file) in got.items():
        _counted(components, cid, count, each, f"{package}/{file}")

    return GameData(
        board=board, barons=barons, nobles=nobles, soldiers=soldiers, nationalities=nationalities,
        mercenaries=mercenaries, fate=tuple(fate), events=tuple(events), agendas=tuple(agendas),
        baron_cards=baron_cards, neutral_cards=neutral_cards, setup=setup,
        per_barons=MappingProxyType(dict(sorted(per.items()))), mercenary_track=tuple(sorted(track, key=lambda t: t.space)),
        expeditions=expeditions, board_counts=counts, components=components,
    )


def _check_tables(setup: SetupRule, per: Mapping[int, PerBarons], track: list[TrackSpace],
                  expeditions: Mapping[str, Expedition], board: Board, barons: int, where: str) -> None:
    """The per-baron table against its formulas (4.2) and the board; the track's spaces."""
    _require(sorted(per) == list(range(2, barons + 1)), f"{where} per_barons: one record for each of 2..{barons} barons")
    kingdom = len(board.kingdom_cities())
    checks: tuple[tuple[str, Callable[[PerBarons], int]], ...] = (
        ("influence_pool", lambda r: setup.influence_per_baron * r.barons),
        ("special_phase_cards", lambda r: 2 * r.barons),
        ("mercenary_track_spaces", lambda r: r.barons + 1),
    )
    for row in per.values():
        label = f"{where} per_barons ({row.barons})"
        for name, formula in checks:
            _require(getattr(row, name) == formula(row), f"{label}: {name} must be {formula(row)}")
        _require(0 <= row.razed_kingdom_cities < kingdom, f"{label}: cannot raze {row.razed_kingdom_cities} of {kingdom} Kingdom cities")
        sites = [a for a in board.areas.values() if a.region == "kingdom" and board.city_in(a.id) is None
                 and (row.stronghold_outer_ring or not board.outer(a.id))]
        _require(len(sites) >= row.barons, f"{label}: only {len(sites)} areas can take a stronghold")
    spaces = [t.space for t in sorted(track, key=lambda t: t.space)]
    _require(spaces == list(range(1, max(per) + 2)), f"{where} mercenary_track: spaces must be 1..{max(per) + 1}")
    for space in track:
        _require(space.space > max(per) or (space.cost is not None and space.cost >= 0),
                 f"{where} mercenary_track ({space.space}): Versatile Strategy can buy this space, so it needs a cost")
    for expedition in expeditions.values():
        _require(expedition.spaces >= 1 and expedition.max_stake >= 1 and expedition.blessing_faith >= 0,
                 f"{where} expeditions ({expedition.id}): spaces and max_stake at least 1")
