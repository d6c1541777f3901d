"""Richard III data: the map, the 63 blocks, the 25 cards and the 1460 deployment.

The data lives in ``banneret_richard3.data`` as three JSON files and is loaded into the
frozen attrs classes below, validated record by record (through :mod:`banneret.data`) and
then across files. Every problem raises :class:`banneret.errors.DataError` naming the file,
the section and the record. The loaders are cached: the data is read once per process and
the returned objects (and the map's frozen graph) are shared, so callers must not mutate them.

Files and shapes
----------------
``map.json`` is an object with eight lists:

* ``seas``: ``id, name`` -- the three sea areas.
* ``areas``: ``id, name, region, exile_of, seas, major_port, crown`` -- the 27 playable areas
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
combat, loyalty, rose, neville, heir_rank, shields, city, cathedral, home, setup_1460,
counterpart``. ``identity`` is shared by the two versions of a two-sided block (``rivers_l`` and
``rivers_y`` are both ``rivers``) and ``counterpart`` names the other version. ``combat`` is the
printed rating such as ``"B2"`` (Bombards: their round-1 ``"A3"``). ``loyalty`` is 1-3 for blocks
that can defect and null for heirs (except Clarence and Exeter), rose nobles, levies,
Bombards, mercenaries and the Rebel. ``shields`` lists the areas holding the block's own
shield (royal shields usable by any heir are in ``map.json``); ``home`` is a mercenary's exile
area. ``setup_1460`` is an area id, ``pool``, ``minor`` or ``offmap`` (the owner's version kept
off the map until a defection); the Rebel's ``pool`` is the Pretender's pool.

``cards.json`` is a list of 25 records: ``id, kind, ap, event, name, summary`` (``kind``
``action`` | ``event``; ``event`` null for action cards). Summaries are our own one-liners.

Provenance
----------
Every record carries ``source``: ``"rulebook"`` when every value in it is stated or implied
by the rules, ``"placeholder"`` when at least one value is invented. A placeholder record
lists the invented fields in ``invented`` (for a border, ``a`` and ``b`` invented means the
adjacency itself is invented; ``colour`` alone means only the colour is). ``inferred`` lists
fields the rules imply through an example rather than state outright, and ``note`` says why
in a few words. Ids are ours. To replace a placeholder with real component data, change the
value and drop the field from ``invented`` (and the record becomes ``rulebook`` once the list
is empty).

What is placeholder (the rulebook has no map sheet and no label sheet):

* Map: which sea each coastal area touches (except Kent, Cornwall and the exiles), major ports
  other than Calais and East Anglia, crowns other than Cornwall's, the areas of Bristol,
  Coventry, Salisbury and York and of both cathedrals, the two unassigned Lancaster royal
  shields and all three York royal shields, and most borders and their colours. The
  invented geography follows real counties and honours every constraint the rules give.
* Blocks: every maximum strength; combat ratings except Herbert A2, Clarence B2, Lancastrian
  Rivers B2, Stanley B2, Exeter A2, the Bombards A3 and the Welsh A2; loyalty except Rivers
  (1 Lancastrian, 2 Yorkist), Northumberland 2 and the Warwick-shield 2 of Kent and
  Salisbury; heir ranks except Prince Edward 2 and Henry VI 1; shield areas except Exeter,
  Somerset, Richmond, Norfolk, Suffolk, Northumberland and Stanley's Isle of Man shield.
* Cards: the AP value of the six event cards.

Readings taken where the rules leave a choice (both translations were checked):

* Stanley's B2 and Northumberland's loyalty 2 come from examples that do not say which
  version is meant; both versions carry them.
* Kent and Salisbury print a small Warwick shield instead of a loyalty number; ``loyalty`` 2
  stands for it and ``neville`` tells the rules module to use 1 when Warwick rolls.
* Clarence and Exeter are heirs that can defect, so their heir blocks carry a loyalty; their
  versions serving the other house are ``noble`` blocks. A Lancastrian Clarence's shields are
  the York royal shield areas (he goes home to one); a Yorkist Exeter's is Cornwall.
* A Bombard's ``combat`` is its round-1 A3; turning it into D3 later is a rule.
* Henry VI's rating is invented but kept above C2 (the rules say Queen Margaret lifts it).
* Only single-version nobles carry a rose; the rules say every rose-less noble has two
  versions, so the converse follows.
* Sandwich is treated as Kent's major port; the two unused islands are kept out of the graph
  so no rule can place a block there.
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
    "load_map",
    "load_blocks",
    "load_cards",
    "load_setup",
    "build_map",
    "validate_blocks",
    "validate_cards",
    "build_setup",
]

DATA_PACKAGE = "banneret_richard3.data"

House = Literal["lancaster", "york"]
HOUSES: tuple[str, ...] = ("lancaster", "york")
Colour = Literal["yellow", "blue", "red"]
BORDER_COLOURS: tuple[str, ...] = ("yellow", "blue", "red")
Region = Literal["england", "wales", "island", "exile"]
BlockType = Literal["heir", "noble", "church", "levy", "bombard", "mercenary", "rebel"]
EventName = Literal["surprise", "force_march", "muster", "piracy", "treason", "plague"]
SETUP_OFF_BOARD: tuple[str, ...] = ("pool", "minor", "offmap")

_COMBAT = re.compile(r"^[ABC][1-6]$")
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
    setup_1460: str
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
class Setup:
    """The 1460 deployment (4.3/4.4), derived from the blocks' ``setup_1460`` field.

    ``locations`` maps every block id to its area id or ``pool`` / ``minor`` / ``offmap``;
    ``on_map`` lists the blocks in each occupied area (exile areas included); ``pools``,
    ``minors`` and ``offmap`` are per house (the Rebel is in the Pretender's pool);
    ``succession`` lists each house's five heirs, senior first (3.21).
    """

    year: int
    king: str
    pretender: str
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
    "combat": (lambda v: bool(_COMBAT.match(v)), "a letter A-C and a number, like 'B2'"),
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
            if game_map.areas[area].is_exile:
                raise DataError(f"{label}: shield area {area!r} is an exile area")
        if b.home is not None and (b.home not in game_map.areas or not game_map.areas[b.home].is_exile):
            raise DataError(f"{label}: home {b.home!r} is not an exile area")
        if b.setup_1460 not in SETUP_OFF_BOARD and b.setup_1460 not in game_map.areas:
            raise DataError(f"{label}: setup_1460 {b.setup_1460!r} is neither an area nor one of {SETUP_OFF_BOARD}")
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
        if b.setup_1460 == "minor" and b.type != "heir":
            raise DataError(f"{label}: only heirs can start as minors")
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


def build_setup(blocks: Mapping[str, Block], game_map: GameMap) -> Setup:
    """The 1460 deployment from the blocks' ``setup_1460`` values (4.3/4.4)."""
    king, pretender = "lancaster", "york"  # front matter: Lancaster starts on the throne
    on_map: dict[str, list[str]] = {}
    pools: dict[str, list[str]] = {h: [] for h in HOUSES}
    minors: dict[str, list[str]] = {h: [] for h in HOUSES}
    offmap: dict[str, list[str]] = {h: [] for h in HOUSES}
    for b in blocks.values():
        owner = pretender if b.house == "rebel" else b.house
        where = b.setup_1460
        if where == "pool":
            pools[owner].append(b.id)
        elif where == "minor":
            minors[owner].append(b.id)
        elif where == "offmap":
            offmap[owner].append(b.id)
        else:
            area = game_map.areas[where]
            if area.exile_of is not None and area.exile_of != b.house:
                raise DataError(f"{DATA_PACKAGE}/blocks.json ({b.id}): starts in the enemy exile area {where!r}")
            on_map.setdefault(where, []).append(b.id)
    succession = {
        h: tuple(b.id for b in sorted((b for b in blocks.values() if b.house == h and b.type == "heir"),
                                       key=lambda b: b.heir_rank or 0))
        for h in HOUSES
    }
    for h in HOUSES:
        playing = [i for i in succession[h] if blocks[i].setup_1460 not in ("minor", "offmap")]
        role = "KING" if h == king else "PRETENDER"
        if not playing or succession[h][0] != playing[0]:
            raise DataError(f"{DATA_PACKAGE}/blocks.json: the {h} {role} must be its senior heir, got {succession[h]}")

    def freeze(d: dict[str, list[str]]) -> Mapping[str, tuple[str, ...]]:
        return MappingProxyType({k: tuple(v) for k, v in d.items()})

    return Setup(
        year=1460,
        king=king,
        pretender=pretender,
        locations=MappingProxyType({b.id: b.setup_1460 for b in blocks.values()}),
        on_map=freeze(on_map),
        pools=freeze(pools),
        minors=freeze(minors),
        offmap=freeze(offmap),
        succession=MappingProxyType(succession),
    )


def load_setup(package: str = DATA_PACKAGE) -> Setup:
    """The 1460 scenario's deployment (cached)."""
    return _load_setup(package)


@functools.cache
def _load_setup(package: str) -> Setup:
    return build_setup(_load_blocks(package), _load_map(package))
