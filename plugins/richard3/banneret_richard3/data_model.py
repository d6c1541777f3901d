"""Richard III data: the map, the 63 blocks, the 25 cards and the three scenarios.

The data lives in ``banneret_richard3.data`` as four JSON files and is loaded into the
frozen attrs classes below, validated record by record (through :mod:`banneret.data`) and
then across files. Every problem raises :class:`banneret.errors.DataError` naming the file,
the section and the record. The loaders are cached: the data is read once per process and
the returned objects (and the map's frozen graph) are shared, so callers must not mutate them.

Files and shapes
----------------
``map.json`` is an object with eight lists:

* ``seas``: ``id, name`` -- the three sea areas.
* ``areas``: ``id, name, region, exile_of, seas, major_port, crown`` -- the 29 map areas
  (``region`` ``england`` | ``wales`` | ``island``) and the 4 exile areas (``region`` ``exile``,
  ``exile_of`` the house that may use it). ``seas`` lists the sea areas the area can sea-move
  on; an empty list means no sea movement at all.
* ``cities``: ``id, name, house, area`` -- the seven cities; ``house`` is the colour of the
  city's name and so the owner of its levy block.
* ``cathedrals``: ``id, name, area``.
* ``royal_shields``: ``id, house, area, heir`` -- the 5 Lancaster and 3 York royal shields;
  ``heir`` is the block id of the heir a specific shield belongs to, else null.
* ``borders``: ``a, b, colour`` -- land borders; ``colour`` is ``yellow`` | ``blue`` | ``red``.
  The colour is stored, never the limit: the rules module maps colours to limits.
* ``non_adjacent``: ``a, b`` -- pairs the rules say have no land border (checked on load).
* ``unused_islands``: ``id, name`` -- named on the map, out of play; not in the graph.

``blocks.json`` is a list of 63 records: ``id, identity, name, house, type, max_strength,
combat, loyalty, rose, neville, heir_rank, shields, city, cathedral, home, counterpart``.
``identity`` is shared by the two versions of a two-sided block (``rivers_l`` and ``rivers_y``
are both ``rivers``) and ``counterpart`` names the other version. ``combat`` is the printed
rating such as ``"B2"`` (the Bombards print ``"D3"``; that they fight A3 in the first round is
a rule). ``loyalty`` is 1-3 for the two-version blocks, which alone can defect, and null for
the rest. ``shields`` lists the areas holding the block's own shield (royal shields usable by
any heir are in ``map.json``); ``home`` is a mercenary's exile area.

``cards.json`` is a list of 25 records: ``id, kind, ap, event, name, summary`` (``kind``
``action`` | ``event``; ``event`` null for action cards). Summaries are our own one-liners.

``layout.json`` is a list of records ``id, kind, x, y``: the web board's schematic position
(pixels, north up) of every map area (``kind`` ``area``, exile areas included) and sea
(``kind`` ``sea``), once each. The positions are ours, not the printed map art, so every
record is a placeholder.

``scenarios.json`` is a list of scenario records: ``id, name, year, first_campaign,
last_campaign, king, henry_vi_prisoner, locations``. ``king`` is the house on the throne at
the start; ``locations`` gives every block an area id, ``pool``, ``minor`` (an heir not yet of
age), ``offmap`` (the version of a two-version block that is not in play) or ``dead``.

Provenance
----------
Every record carries ``source``: ``"component"`` when it is read off the published game (the
mounted map, the block labels, the cards and the scenario sheets), ``"rulebook"`` when the
rules state it, ``"placeholder"`` when at least one value is invented; a placeholder record
lists the invented fields in ``invented``. ``inferred`` lists fields taken from an example
rather than stated, and ``note`` says why in a few words. Ids are ours.

The map, blocks, cards and scenarios are component facts, as transcribed by the licensed Rally
the Troops edition (data file at commit 25a18fe, rules file at 5cbe870); every fact the
rulebook states agrees with them, and the data test checks those facts. Nothing in them is
placeholder (only the board positions of ``layout.json`` are).
The non-adjacent pairs and the two unused islands are rulebook facts.

Readings of the data:

* Kent and Salisbury print a small Warwick shield beside their loyalty 2; ``neville`` tells the
  rules module to use loyalty 1 when Warwick rolls against them.
* Clarence and Exeter are heirs that can defect, so their heir blocks carry a loyalty; their
  versions serving the other house are ``noble`` blocks. A Lancastrian Clarence's shields are
  the York royal shield areas (he goes home to one); a Yorkist Exeter's is Cornwall.
* Warwick's shields include Calais, an exile area: only the Yorkist version can use it.
* The two unused islands are kept out of the graph so no rule can place a block there.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from banneret.boards.areas import AreaMap
from banneret.data import PROVENANCES, Provenance, load_records, read_json, structure_records
from banneret.errors import DataError

__all__ = [
    "DATA_PACKAGE",
    "HOUSES",
    "BORDER_COLOURS",
    "Sea",
    "Area",
    "City",
    "Cathedral",
    "RoyalShield",
    "Border",
    "NonAdjacent",
    "UnusedIsland",
    "GameMap",
    "Block",
    "Card",
    "Setup",
    "SCENARIO_LOCATIONS",
    "load_map",
    "load_blocks",
    "load_cards",
    "load_setup",
    "load_scenarios",
    "Position",
    "load_layout",
    "DEFAULT_SCENARIO",
    "build_map",
    "validate_blocks",
    "validate_cards",
    "build_setup",
    "succession_of",
]

DATA_PACKAGE = "banneret_richard3.data"

House = Literal["lancaster", "york"]
HOUSES: tuple[str, ...] = ("lancaster", "york")
Colour = Literal["yellow", "blue", "red"]
BORDER_COLOURS: tuple[str, ...] = ("yellow", "blue", "red")
Region = Literal["england", "wales", "island", "exile"]
BlockType = Literal["heir", "noble", "church", "levy", "bombard", "mercenary", "rebel"]
EventName = Literal["surprise", "force_march", "muster", "piracy", "treason", "plague"]
SCENARIO_LOCATIONS: tuple[str, ...] = ("pool", "minor", "offmap", "dead")
"""Where a scenario may put a block besides an area."""

_OUT_OF_PLAY = ("offmap", "dead")
"""Scenario locations of a block out of the game; at most one version of a two-version block
is anywhere else (4.6)."""
_COMBAT = re.compile(r"^[ABCD][1-6]$")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_META = frozenset({"id", "source", "invented", "inferred", "note"})


def _tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _provenance() -> Any:
    return attrs.field()


def _names() -> Any:
    return attrs.field(default=(), converter=_tuple)


@attrs.frozen(kw_only=True)
class Sourced:
    """What every record says of itself: ``source``, the fields invented or only inferred,
    and a note."""

    source: Provenance = _provenance()
    invented: tuple[str, ...] = _names()
    inferred: tuple[str, ...] = _names()
    note: str = ""


# ---------------------------------------------------------------------------- map records


@attrs.frozen(kw_only=True)
class Sea(Sourced):
    id: str = attrs.field()
    name: str


@attrs.frozen(kw_only=True)
class Area(Sourced):
    """A map area (2.1) or exile area (2.7); ``seas`` empty = no sea movement (5.3)."""

    id: str = attrs.field()
    name: str
    region: Region
    exile_of: House | None
    seas: tuple[str, ...] = attrs.field(converter=_tuple)
    major_port: bool
    crown: bool

    @property
    def is_exile(self) -> bool:
        return self.region == "exile"

    @property
    def coastal(self) -> bool:
        return bool(self.seas)


@attrs.frozen(kw_only=True)
class City(Sourced):
    id: str = attrs.field()
    name: str
    house: House
    area: str


@attrs.frozen(kw_only=True)
class Cathedral(Sourced):
    id: str = attrs.field()
    name: str
    area: str


@attrs.frozen(kw_only=True)
class RoyalShield(Sourced):
    """A royal shield (2.2); ``heir`` set = usable by other heirs only once that heir is dead."""

    id: str = attrs.field()
    house: House
    area: str
    heir: str | None


@attrs.frozen(kw_only=True)
class Border(Sourced):
    a: str
    b: str
    colour: Colour


@attrs.frozen(kw_only=True)
class NonAdjacent(Sourced):
    a: str
    b: str


@attrs.frozen(kw_only=True)
class UnusedIsland(Sourced):
    id: str = attrs.field()
    name: str


@attrs.frozen(kw_only=True)
class GameMap:
    """The whole map: records by id plus the frozen border graph (``board``).

    Graph nodes are the 31 usable areas (playable + exile) carrying the :class:`Area` fields
    plus ``cities``, ``cathedrals`` and ``royal_shields`` (id tuples); edges are land borders
    carrying ``colour``. Seas and unused islands are not nodes.
    """

    seas: Mapping[str, Sea]
    areas: Mapping[str, Area]
    cities: Mapping[str, City]
    cathedrals: Mapping[str, Cathedral]
    royal_shields: Mapping[str, RoyalShield]
    borders: tuple[Border, ...]
    non_adjacent: tuple[NonAdjacent, ...]
    unused_islands: Mapping[str, UnusedIsland]
    board: AreaMap

    @property
    def graph(self) -> Any:
        """The frozen ``networkx.Graph`` (nodes = areas, edges = borders)."""
        return self.board.graph

    def area(self, area_id: str) -> Area:
        try:
            return self.areas[area_id]
        except KeyError:
            raise KeyError(f"unknown area {area_id!r}") from None

    def border_colour(self, a: str, b: str) -> str | None:
        """The colour of the land border between ``a`` and ``b``, or None if there is none."""
        if a in self.areas and b in self.areas and self.board.adjacent(a, b):
            return str(self.board.border(a, b)["colour"])
        return None

    def coasts(self, sea: str) -> list[str]:
        """Areas that can sea-move on ``sea``, sorted."""
        if sea not in self.seas:
            raise KeyError(f"unknown sea {sea!r}")
        return sorted(a.id for a in self.areas.values() if sea in a.seas)

    def cities_in(self, area_id: str) -> list[str]:
        return sorted(c.id for c in self.cities.values() if c.area == area_id)

    def cathedrals_in(self, area_id: str) -> list[str]:
        return sorted(c.id for c in self.cathedrals.values() if c.area == area_id)

    def royal_shields_in(self, area_id: str, house: str | None = None) -> list[str]:
        return sorted(
            s.id for s in self.royal_shields.values() if s.area == area_id and house in (None, s.house)
        )

    def exiles_of(self, house: str) -> list[str]:
        return sorted(a.id for a in self.areas.values() if a.exile_of == house)


# ---------------------------------------------------------------------------- blocks and cards


@attrs.frozen(kw_only=True)
class Block(Sourced):
    """One physical block (3.0) with its printed values."""

    id: str = attrs.field()
    identity: str = attrs.field()
    name: str
    house: Literal["lancaster", "york", "rebel"]
    type: BlockType
    max_strength: int
    combat: str
    loyalty: int | None
    rose: bool
    neville: bool
    heir_rank: int | None
    shields: tuple[str, ...] = attrs.field(converter=_tuple)
    city: str | None
    cathedral: str | None
    home: str | None
    counterpart: str | None

    @property
    def initiative(self) -> str:
        """The combat letter (A, B or C; Bombards become D after round 1, a rule)."""
        return self.combat[0]

    @property
    def firepower(self) -> int:
        return int(self.combat[1:])


@attrs.frozen(kw_only=True)
class Card(Sourced):
    id: str = attrs.field()
    kind: Literal["action", "event"]
    ap: int
    event: EventName | None
    name: str
    summary: str


@attrs.frozen(kw_only=True)
class ScenarioRecord(Sourced):
    """One scenario of ``scenarios.json``: when it starts and ends, and every block's place."""

    id: str = attrs.field()
    name: str
    year: int
    first_campaign: int
    last_campaign: int
    king: House
    henry_vi_prisoner: bool
    locations: Mapping[str, str]


@attrs.frozen(kw_only=True)
class Setup:
    """A scenario's deployment (4.3/4.4 for 1460), ready for set-up.

    ``locations`` maps every block id to its area id or ``pool`` / ``minor`` / ``offmap`` /
    ``dead``; ``on_map`` lists the blocks in each occupied area (exile areas included);
    ``pools``, ``minors`` and ``offmap`` are per house (the Rebel is in the Pretender's pool);
    ``succession`` lists each house's five heirs, senior first (3.21). ``henry_vi_prisoner``:
    Henry VI starts as York's prisoner (Kingmaker).
    """

    id: str
    name: str
    year: int
    first_campaign: int
    last_campaign: int
    king: str
    pretender: str
    henry_vi_prisoner: bool
    locations: Mapping[str, str]
    on_map: Mapping[str, tuple[str, ...]]
    pools: Mapping[str, tuple[str, ...]]
    minors: Mapping[str, tuple[str, ...]]
    offmap: Mapping[str, tuple[str, ...]]
    succession: Mapping[str, tuple[str, ...]]


# ---------------------------------------------------------------------------- validation helpers


# Value ranges checked after structuring, so a bad value is reported with its field and record
# (attrs validators would surface through cattrs only as "invalid value").
_RANGES: Mapping[str, tuple[Any, str]] = MappingProxyType({
    "max_strength": (lambda v: v in (2, 3, 4), "2, 3 or 4"),
    "combat": (lambda v: bool(_COMBAT.match(v)), "a letter A-D and a number, like 'B2'"),
    "loyalty": (lambda v: v is None or v in (1, 2, 3), "1, 2, 3 or null"),
    "heir_rank": (lambda v: v is None or v in range(1, 6), "1-5 or null"),
    "ap": (lambda v: v in range(0, 5), "0-4"),
    "id": (lambda v: bool(_ID.match(v)), "a snake_case id"),
    "identity": (lambda v: bool(_ID.match(v)), "a snake_case id"),
    "name": (lambda v: bool(v.strip()), "a non-empty name"),
})


def _check_record(record: Any, where: str) -> None:
    """Field ranges and provenance of one structured record; DataError names ``where``."""
    fields = [f.name for f in attrs.fields(type(record)) if f.name not in _META]
    for name, (ok, expected) in _RANGES.items():
        if hasattr(record, name) and not ok(getattr(record, name)):
            raise DataError(f"{where}: {name} must be {expected}, not {getattr(record, name)!r}")
    if record.source not in PROVENANCES:
        raise DataError(f"{where}: source must be one of {PROVENANCES}, not {record.source!r}")
    for listed in ("invented", "inferred"):
        unknown = [name for name in getattr(record, listed) if name not in fields]
        if unknown:
            raise DataError(f"{where}: {listed} names unknown field(s) {unknown}")
    if record.source == "placeholder" and not record.invented:
        raise DataError(f"{where}: a placeholder record must list its invented fields")
    if record.source == "rulebook" and record.invented:
        raise DataError(f"{where}: a rulebook record cannot list invented fields")
    both = sorted(set(record.invented) & set(record.inferred))
    if both:
        raise DataError(f"{where}: field(s) {both} cannot be both invented and inferred")


def _records(raw: Mapping[str, Any], section: str, cls: type[Any], where: str, key: str | None) -> list[Any]:
    items = raw.get(section)
    if not isinstance(items, list):
        raise DataError(f"{where}: section {section!r} must be a list of records")
    return structure_records(items, cls, f"{where} {section}", key, check=_check_record)


# ---------------------------------------------------------------------------- the map


_MAP_SECTIONS = (
    "seas", "areas", "cities", "cathedrals", "royal_shields", "borders", "non_adjacent", "unused_islands",
)


def build_map(raw: Any, where: str = f"{DATA_PACKAGE}/map.json") -> GameMap:
    """Validate the parsed ``map.json`` object and assemble the :class:`GameMap`."""
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected an object with sections {list(_MAP_SECTIONS)}")
    extra = sorted(set(raw) - set(_MAP_SECTIONS))
    if extra:
        raise DataError(f"{where}: unknown section(s) {extra}")
    seas = {s.id: s for s in _records(raw, "seas", Sea, where, "id")}
    areas = {a.id: a for a in _records(raw, "areas", Area, where, "id")}
    cities = {c.id: c for c in _records(raw, "cities", City, where, "id")}
    cathedrals = {c.id: c for c in _records(raw, "cathedrals", Cathedral, where, "id")}
    royal = {s.id: s for s in _records(raw, "royal_shields", RoyalShield, where, "id")}
    borders = _records(raw, "borders", Border, where, None)
    apart = _records(raw, "non_adjacent", NonAdjacent, where, None)
    unused = {u.id: u for u in _records(raw, "unused_islands", UnusedIsland, where, "id")}

    for area in areas.values():
        label = f"{where} area {area.id!r}"
        for sea in area.seas:
            if sea not in seas:
                raise DataError(f"{label}: unknown sea {sea!r}")
        if len(set(area.seas)) != len(area.seas):
            raise DataError(f"{label}: a sea is listed twice")
        if (area.region == "exile") != (area.exile_of is not None):
            raise DataError(f"{label}: exile_of must be set exactly when region is 'exile'")
        if area.major_port and not area.seas:
            raise DataError(f"{label}: a major port must touch a sea")
        if area.id in unused:
            raise DataError(f"{label}: also listed as an unused island")
    for kind, records in (("city", cities), ("cathedral", cathedrals), ("royal shield", royal)):
        for rec in records.values():
            if rec.area not in areas:
                raise DataError(f"{where} {kind} {rec.id!r}: unknown area {rec.area!r}")
            if areas[rec.area].is_exile:
                raise DataError(f"{where} {kind} {rec.id!r}: cannot lie in exile area {rec.area!r}")
    for house in HOUSES:
        if not any(a.exile_of == house for a in areas.values()):
            raise DataError(f"{where}: house {house!r} has no exile area")

    nodes = []
    for area in areas.values():
        node = {f.name: getattr(area, f.name) for f in attrs.fields(Area) if f.name not in _META}
        node["cities"] = tuple(c.id for c in cities.values() if c.area == area.id)
        node["cathedrals"] = tuple(c.id for c in cathedrals.values() if c.area == area.id)
        node["royal_shields"] = tuple(s.id for s in royal.values() if s.area == area.id)
        nodes.append((area.id, node))
    edges = []
    for i, border in enumerate(borders):
        label = f"{where} borders[{i}] ({border.a}-{border.b})"
        for end in (border.a, border.b):
            if end in unused:
                raise DataError(f"{label}: {end!r} is an unused island")
            if end not in areas:
                raise DataError(f"{label}: unknown area {end!r}")
        for end, other in ((border.a, border.b), (border.b, border.a)):
            if areas[end].is_exile and (areas[end].exile_of != "lancaster" or areas[other].is_exile):
                raise DataError(f"{label}: only a Lancaster exile area may have a land border, to a map area")
        if areas[border.a].region == "island" or areas[border.b].region == "island":
            raise DataError(f"{label}: islands are reached by sea only")
        edges.append((border.a, border.b, {"colour": border.colour}))
    try:
        board = AreaMap.build(nodes, edges)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from exc
    for i, pair in enumerate(apart):
        label = f"{where} non_adjacent[{i}] ({pair.a}-{pair.b})"
        for end in (pair.a, pair.b):
            if end not in areas:
                raise DataError(f"{label}: unknown area {end!r}")
        if board.adjacent(pair.a, pair.b):
            raise DataError(f"{label}: the rules say these areas share no land border, but borders has one")

    return GameMap(
        seas=MappingProxyType(seas),
        areas=MappingProxyType(areas),
        cities=MappingProxyType(cities),
        cathedrals=MappingProxyType(cathedrals),
        royal_shields=MappingProxyType(royal),
        borders=tuple(borders),
        non_adjacent=tuple(apart),
        unused_islands=MappingProxyType(unused),
        board=board,
    )


def load_map(package: str = DATA_PACKAGE) -> GameMap:
    """The Richard III map (cached; do not mutate)."""
    return _load_map(package)


@functools.cache
def _load_map(package: str) -> GameMap:
    return build_map(read_json(package, "map.json"), f"{package}/map.json")


# ---------------------------------------------------------------------------- layout


@attrs.frozen(kw_only=True)
class Position(Sourced):
    """Where the web board draws an area or a sea (its centre, in SVG pixels)."""

    id: str = attrs.field()
    kind: Literal["area", "sea"]
    x: int
    y: int


def load_layout(package: str = DATA_PACKAGE) -> Mapping[str, Position]:
    """Every area's and sea's board position by id (cached; do not mutate)."""
    return _load_layout(package)


@functools.cache
def _load_layout(package: str) -> Mapping[str, Position]:
    where = f"{package}/layout.json"
    records = structure_records(_list_of(read_json(package, "layout.json"), where), Position, where, "id",
                                check=_check_record)
    game_map = _load_map(package)
    expected = {**{a: "area" for a in game_map.areas}, **{s: "sea" for s in game_map.seas}}
    for record in records:
        if expected.get(record.id) != record.kind:
            raise DataError(f"{where} ({record.id}): map.json has no {record.kind} of that id")
    missing = sorted(set(expected) - {r.id for r in records})
    if missing:
        raise DataError(f"{where}: no position for {missing}")
    return MappingProxyType({r.id: r for r in records})


def _list_of(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of records")
    return raw


# ---------------------------------------------------------------------------- blocks

# 10.4: blocks of each type per house.
EXPECTED_TYPES: Mapping[str, Mapping[str, int]] = MappingProxyType({
    "lancaster": MappingProxyType(
        {"heir": 5, "noble": 6 + 6 + 3 + 1, "church": 2, "levy": 4, "bombard": 1, "mercenary": 3}
    ),
    "york": MappingProxyType(
        {"heir": 5, "noble": 7 + 6 + 3 + 1, "church": 2, "levy": 3, "bombard": 1, "mercenary": 3}
    ),
    "rebel": MappingProxyType({"rebel": 1}),
})


def validate_blocks(blocks: list[Block], game_map: GameMap, where: str = f"{DATA_PACKAGE}/blocks.json") -> None:
    """Cross-check the blocks with each other and with the map; raise DataError on the first fault."""
    by_id = {b.id: b for b in blocks}
    for i, b in enumerate(blocks):
        label = f"{where}[{i}] ({b.id})"
        _check_record(b, label)
        for area in b.shields:
            if area not in game_map.areas:
                raise DataError(f"{label}: shield area {area!r} is not on the map")
            exile_of = game_map.areas[area].exile_of
            if exile_of is not None and b.counterpart is None and exile_of != b.house:
                raise DataError(f"{label}: shield area {area!r} is the other house's exile area")
        if b.home is not None and (b.home not in game_map.areas or not game_map.areas[b.home].is_exile):
            raise DataError(f"{label}: home {b.home!r} is not an exile area")
        if (b.combat[0] == "D") != (b.type == "bombard"):
            raise DataError(f"{label}: only Bombards print a D rating, and they always do")
        # per-type shape
        if (b.type == "heir") != (b.heir_rank is not None):
            raise DataError(f"{label}: heir_rank must be set exactly for heirs")
        if (b.type == "levy") != (b.city is not None):
            raise DataError(f"{label}: city must be set exactly for levies")
        if b.city is not None:
            city = game_map.cities.get(b.city)
            if city is None:
                raise DataError(f"{label}: unknown city {b.city!r}")
            if city.house != b.house:
                raise DataError(f"{label}: city {b.city!r} is a {city.house} city")
        if (b.type == "church") != (b.cathedral is not None):
            raise DataError(f"{label}: cathedral must be set exactly for church blocks")
        if b.cathedral is not None and b.cathedral not in game_map.cathedrals:
            raise DataError(f"{label}: unknown cathedral {b.cathedral!r}")
        if b.type == "noble" and not b.shields:
            raise DataError(f"{label}: a noble needs at least one shield area")
        if b.type in ("levy", "bombard", "church", "mercenary", "rebel") and b.shields:
            raise DataError(f"{label}: a {b.type} block has no shields")
        if b.home is not None and b.type != "mercenary":
            raise DataError(f"{label}: only mercenaries have an exile home")
        if b.rose and (b.type != "noble" or b.counterpart is not None or b.loyalty is not None):
            raise DataError(f"{label}: a rose is for single-version nobles without a loyalty rating")
        if b.type == "noble" and not b.rose and b.loyalty is None:
            raise DataError(f"{label}: a noble without a rose needs a loyalty rating")
        if b.counterpart is None and b.loyalty is not None:
            raise DataError(f"{label}: only two-version blocks can defect, so only they have a loyalty")
        if (b.house == "rebel") != (b.type == "rebel"):
            raise DataError(f"{label}: the Rebel block and the rebel house go together")
        if b.counterpart is not None:
            other = by_id.get(b.counterpart)
            if other is None:
                raise DataError(f"{label}: counterpart {b.counterpart!r} does not exist")
            if other.counterpart != b.id or other.identity != b.identity or other.house == b.house:
                raise DataError(
                    f"{label}: counterpart {b.counterpart!r} must point back, share the identity and be the other house"
                )
            if b.neville != other.neville:
                raise DataError(f"{label}: both versions of a Neville are Nevilles")
    # 10.4 counts
    for house, expected in EXPECTED_TYPES.items():
        got: dict[str, int] = {}
        for b in blocks:
            if b.house == house:
                got[b.type] = got.get(b.type, 0) + 1
        if got != dict(expected):
            raise DataError(f"{where}: {house} blocks by type are {dict(sorted(got.items()))}, expected {dict(expected)}")
    identities: dict[str, list[str]] = {}
    for b in blocks:
        identities.setdefault(b.identity, []).append(b.id)
    for identity, ids in identities.items():
        if len(ids) > 2 or (len(ids) == 2 and by_id[ids[0]].counterpart != ids[1]):
            raise DataError(f"{where}: identity {identity!r} is shared by {ids}, which are not one two-version pair")
    for house in HOUSES:
        ranks = sorted(b.heir_rank for b in blocks if b.house == house and b.heir_rank is not None)
        if ranks != [1, 2, 3, 4, 5]:
            raise DataError(f"{where}: {house} heir ranks are {ranks}, expected 1-5 once each")
    for shield in game_map.royal_shields.values():
        if shield.heir is None:
            continue
        heir = by_id.get(shield.heir)
        if heir is None or heir.type != "heir" or heir.house != shield.house:
            raise DataError(f"{DATA_PACKAGE}/map.json royal shield {shield.id!r}: heir {shield.heir!r} is not a {shield.house} heir")
        if shield.area not in heir.shields:
            raise DataError(f"{where} ({heir.id}): royal shield {shield.id!r} lies in {shield.area!r}, missing from its shields")


def load_blocks(package: str = DATA_PACKAGE) -> Mapping[str, Block]:
    """All 63 blocks by id, in file order (cached; do not mutate)."""
    return _load_blocks(package)


@functools.cache
def _load_blocks(package: str) -> Mapping[str, Block]:
    blocks = load_records(package, "blocks.json", Block, key="id")
    validate_blocks(blocks, _load_map(package), f"{package}/blocks.json")
    return MappingProxyType({b.id: b for b in blocks})


# ---------------------------------------------------------------------------- cards

# 5.1: 6 x AP2, 7 x AP3, 6 x AP4 action cards, plus the six events.
ACTION_CARDS: Mapping[int, int] = MappingProxyType({2: 6, 3: 7, 4: 6})
EVENTS: tuple[str, ...] = ("surprise", "force_march", "muster", "piracy", "treason", "plague")


def validate_cards(cards: list[Card], where: str = f"{DATA_PACKAGE}/cards.json") -> None:
    for i, card in enumerate(cards):
        label = f"{where}[{i}] ({card.id})"
        _check_record(card, label)
        if (card.kind == "event") != (card.event is not None):
            raise DataError(f"{label}: event must be set exactly for event cards")
    actions: dict[int, int] = {}
    for card in cards:
        if card.kind == "action":
            actions[card.ap] = actions.get(card.ap, 0) + 1
    if actions != dict(ACTION_CARDS):
        raise DataError(f"{where}: action cards by AP are {dict(sorted(actions.items()))}, expected {dict(ACTION_CARDS)}")
    events = sorted(c.event for c in cards if c.event is not None)
    if events != sorted(EVENTS):
        raise DataError(f"{where}: events are {events}, expected each of {sorted(EVENTS)} once")


def load_cards(package: str = DATA_PACKAGE) -> tuple[Card, ...]:
    """The 25-card deck in file order (cached)."""
    return _load_cards(package)


@functools.cache
def _load_cards(package: str) -> tuple[Card, ...]:
    cards = load_records(package, "cards.json", Card, key="id")
    validate_cards(cards, f"{package}/cards.json")
    return tuple(cards)


# ---------------------------------------------------------------------------- setup


def succession_of(blocks: Mapping[str, Block]) -> Mapping[str, tuple[str, ...]]:
    """Each house's five heirs, senior first (3.21)."""
    return MappingProxyType({
        h: tuple(b.id for b in sorted((b for b in blocks.values() if b.house == h and b.type == "heir"),
                                       key=lambda b: b.heir_rank or 0))
        for h in HOUSES
    })


def build_setup(record: ScenarioRecord, blocks: Mapping[str, Block], game_map: GameMap,
                where: str = f"{DATA_PACKAGE}/scenarios.json") -> Setup:
    """A scenario's deployment from its record, cross-checked with the blocks and the map."""
    label = f"{where} ({record.id})"
    king, pretender = record.king, ("york" if record.king == "lancaster" else "lancaster")
    if not 1 <= record.first_campaign <= record.last_campaign <= 3:
        raise DataError(f"{label}: campaigns must satisfy 1 <= first <= last <= 3")
    missing = sorted(set(blocks) - set(record.locations))
    unknown = sorted(set(record.locations) - set(blocks))
    if missing or unknown:
        raise DataError(f"{label}: locations must name every block once (missing {missing}, unknown {unknown})")
    on_map: dict[str, list[str]] = {}
    pools: dict[str, list[str]] = {h: [] for h in HOUSES}
    minors: dict[str, list[str]] = {h: [] for h in HOUSES}
    offmap: dict[str, list[str]] = {h: [] for h in HOUSES}
    for b in blocks.values():
        owner = pretender if b.house == "rebel" else b.house
        place = record.locations[b.id]
        if b.counterpart is not None and place not in _OUT_OF_PLAY and record.locations[b.counterpart] not in _OUT_OF_PLAY:
            raise DataError(f"{label}: {b.id} and {b.counterpart} are two versions of one block, so cannot both be in play")
        if place == "pool":
            pools[owner].append(b.id)
        elif place == "minor":
            if b.type != "heir":
                raise DataError(f"{label}: {b.id} is not an heir, so cannot start as a minor")
            minors[owner].append(b.id)
        elif place == "offmap":
            if b.counterpart is None or record.locations[b.counterpart] in _OUT_OF_PLAY:
                raise DataError(f"{label}: {b.id} can be off the map only while its other version is in play")
            offmap[owner].append(b.id)
        elif place == "dead":
            pass
        elif place in game_map.areas:
            area = game_map.areas[place]
            if area.exile_of is not None and area.exile_of != b.house:
                raise DataError(f"{label}: {b.id} starts in the enemy exile area {place!r}")
            on_map.setdefault(place, []).append(b.id)
        else:
            raise DataError(f"{label}: {b.id} is at {place!r}, neither an area nor one of {SCENARIO_LOCATIONS}")
    # Kingmaker: Henry VI is York's prisoner in London
    if record.henry_vi_prisoner and (king != "york" or record.locations.get("henry_vi") != game_map.cities["london"].area):
        raise DataError(f"{label}: Henry VI can start as York's prisoner only in London's area, with York on the throne")
    succession = succession_of(blocks)
    for h in HOUSES:
        alive = [i for i in succession[h] if record.locations[i] not in ("minor", "offmap", "dead")]
        if not alive:
            raise DataError(f"{label}: {h} has no heir of age in play")

    def freeze(d: dict[str, list[str]]) -> Mapping[str, tuple[str, ...]]:
        return MappingProxyType({k: tuple(v) for k, v in d.items()})

    return Setup(
        id=record.id,
        name=record.name,
        year=record.year,
        first_campaign=record.first_campaign,
        last_campaign=record.last_campaign,
        king=king,
        pretender=pretender,
        henry_vi_prisoner=record.henry_vi_prisoner,
        locations=MappingProxyType(dict(record.locations)),
        on_map=freeze(on_map),
        pools=freeze(pools),
        minors=freeze(minors),
        offmap=freeze(offmap),
        succession=succession,
    )


def load_scenarios(package: str = DATA_PACKAGE) -> Mapping[str, Setup]:
    """Every scenario's deployment by id, the default (the 1460 game) first (cached)."""
    return _load_scenarios(package)


DEFAULT_SCENARIO = "wars-of-the-roses"


def load_setup(scenario: str = DEFAULT_SCENARIO, package: str = DATA_PACKAGE) -> Setup:
    """One scenario's deployment (cached)."""
    try:
        return _load_scenarios(package)[scenario]
    except KeyError:
        raise KeyError(f"unknown Richard III scenario {scenario!r}") from None


@functools.cache
def _load_scenarios(package: str) -> Mapping[str, Setup]:
    where = f"{package}/scenarios.json"
    records = load_records(package, "scenarios.json", ScenarioRecord, key="id")
    blocks, game_map = _load_blocks(package), _load_map(package)
    return MappingProxyType({r.id: build_setup(r, blocks, game_map, where) for r in records})
