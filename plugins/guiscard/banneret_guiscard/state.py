"""The game's own data (``state.data``): where every character and horse stands, how it is,
and what the running player phase has used up.

Representation:

* characters are :class:`Piece` records keyed by roster id; a rider's ``hex`` is its head hex
  and ``facing`` points from rear to head, the rear being derived by the core's
  :func:`~banneret.boards.hexgrid.two_hex_footprint` (§1.1);
* a riderless horse is a :class:`LooseHorse` keyed by the id of the character it belongs to
  (riders may ride other characters' horses, §4.4.2, so a :class:`Piece` names its horse);
* dead bodies are counted per hex, apart from the dead characters' counters, because
  clearing a hex (§4.2.3) moves bodies, never a character's record;
* the map and the tables built from it live on one immutable :class:`Tables` object, built
  once per scenario and shared by every copy of the state.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Literal

import attrs

from banneret.boards.hexgrid import Hex, HexMap, SightView, line_both, neighbours, two_hex_footprint
from banneret.gamedata import copied, gamedata, shared, static
from banneret_guiscard.data_model import Counter, GuiscardData, Scenario, Stats, Terrain, load_data

__all__ = [
    "HEALTH", "ABLE", "BY_ID", "Health", "Piece", "LooseHorse", "Charge", "Flame", "Engine", "Ladder", "Rope", "Formation", "Tables",
    "Battle", "tables_for", "new_battle", "hex_label",
]

def hex_label(h: Sequence[int]) -> str:
    """A hex as players read and type it: ``q,r``."""
    return f"{h[0]},{h[1]}"


Health = Literal["healthy", "stunned", "wounded", "dead"]
HEALTH: tuple[Health, ...] = ("healthy", "stunned", "wounded", "dead")
ABLE: tuple[Health, ...] = ("healthy", "wounded")
"""The states in which a character may move and attack (§1.2): :attr:`Piece.able`, which hot
loops read as ``piece.health in ABLE``."""
BY_ID = operator.attrgetter("id")
"""A record's id, the order of the menus (``sorted(pieces, key=BY_ID)``)."""


@attrs.frozen
class Piece:
    """One character on the map (§1.2): its side, state, whether it rides, where it stands."""

    id: str
    side: str
    health: Health
    mounted: bool
    hex: Hex
    facing: int | None = None
    """Rider only: the direction from rear to head (§4.4.1)."""
    horse: str | None = None
    """Rider only: the id of the character whose horse this is."""
    floor: int = 0
    """0 on the ground, 1 on the upper storey above its hex (§8, :attr:`Tables.storey`): a man
    on foot only; each floor of a hex is a place of its own for stacking (§4.1)."""
    footprint: tuple[Hex, ...] = attrs.field(init=False, eq=False, repr=False)
    """The hexes the counter covers (:meth:`hexes`), worked out once when the record is made."""

    @footprint.default
    def _footprint(self) -> tuple[Hex, ...]:
        if self.mounted:
            assert self.facing is not None
            return two_hex_footprint(self.hex, self.facing)
        return (self.hex,)

    @property
    def alive(self) -> bool:
        return self.health != "dead"

    @property
    def able(self) -> bool:
        """Neither stunned nor dead: may move and attack (§1.2)."""
        return self.health in ABLE

    def hexes(self) -> tuple[Hex, ...]:
        """The hexes the counter covers: head then rear for a rider (§1.1)."""
        return self.footprint

    def moved(self, h: Hex, facing: int | None) -> "Piece":
        """The same character with its head on ``h`` facing ``facing``: ``attrs.evolve`` without
        its generic machinery, for the step of a move, made at most decisions (a test checks
        it keeps every other field)."""
        return Piece(self.id, self.side, self.health, self.mounted, h, facing, self.horse, self.floor)


@attrs.frozen
class LooseHorse:
    """A living riderless horse (§4.4.3) on two hexes: ``head`` and the rear behind ``facing``;
    ``side`` is the side that last controlled it (its rider's, until another side takes it)."""

    owner: str
    head: Hex
    facing: int
    side: str = ""
    footprint: tuple[Hex, Hex] = attrs.field(init=False, eq=False, repr=False)
    """:meth:`hexes`, worked out once when the record is made."""

    @footprint.default
    def _footprint(self) -> tuple[Hex, Hex]:
        return two_hex_footprint(self.head, self.facing)

    def hexes(self) -> tuple[Hex, Hex]:
        return self.footprint


@attrs.frozen
class Charge:
    """A declared cavalry charge (§7.2): the rider, its target, its route (head hex and facing
    after each hex entered) and, once declared against it, the counter-charger and the route
    that brings it onto the charge's last hexes (§7.2.2)."""

    rider: str
    target: str
    route: tuple[tuple[Hex, int], ...]
    phase: int
    """The player phase of the declaration."""
    counter: str = ""
    counter_route: tuple[tuple[Hex, int], ...] = ()


@attrs.frozen
class Flame:
    """A burning hex (§10.2): the side that lit it, the game turns it has burnt to their end
    (§10.2.5, A-27), and whether it is burning naphtha, which nobody puts out and which burns to
    the end of the scenario (§10.5.1, §10.2.3)."""

    side: str
    turns: int = 0
    naphtha: bool = False


@attrs.frozen
class Engine:
    """A siege engine counter on one hex (§10.4, §10.5): its kind, side, the direction its front
    faces, ``ready``, ``jammed`` (Greek fire, §10.5.2) or ``destroyed``, and the game turn it
    last fired (0: not yet)."""

    id: str
    kind: str
    side: str
    hex: Hex
    facing: int
    condition: Literal["ready", "jammed", "destroyed"] = "ready"
    fired_turn: int = 0


@attrs.frozen
class Ladder:
    """A ladder (§10.1): lying on two adjacent ``hexes`` (the horizontal counter), carried when
    its two ``carriers`` stand on them; or raised on one hex, leaning ``against`` the
    palisade hex next to it (the vertical counter). ``side`` brought it."""

    id: str
    side: str
    hexes: tuple[Hex, ...]
    against: Hex | None = None
    carriers: tuple[str, ...] = ()


@attrs.frozen
class Rope:
    """A rope and hook (§10.6.2): coiled, carried by ``carrier``; or thrown from the hex
    ``hex``, hooked on the palisade hex ``against``, with its ``climber`` on it if any."""

    id: str
    side: str
    carrier: str = ""
    hex: Hex | None = None
    against: Hex | None = None
    climber: str = ""


@attrs.frozen
class Formation:
    """A hoplites' Defensive Formation marker (§7.3.1, A-19): its hoplites in id order, its
    facing (a hex corner: between the hexside directions ``facing`` and ``facing + 1``, P-08)
    and whether it has closed into a foulkon (§7.3.2). The rules are in
    :mod:`banneret_guiscard.hoplites`."""

    members: tuple[str, ...]
    facing: int
    foulkon: bool = False


@attrs.frozen(eq=False)
class Tables:
    """Everything fixed for a game: the data files, the scenario and its map, and per-hex
    lookups computed once (terrain record, level, neighbours on the map, crossable
    hexsides)."""

    data: GuiscardData
    scenario: Scenario
    board: HexMap
    terrain: Mapping[Hex, Terrain]
    level: Mapping[Hex, int]
    around: Mapping[Hex, tuple[Hex, ...]]
    """The neighbours of each hex that are on the map."""
    crossable: Mapping[Hex, frozenset[Hex]]
    """The neighbours of each hex reachable without crossing an impassable hexside (cliff)."""
    level_edges: Mapping[tuple[Hex, Hex], str]
    """The hexsides with a change of level (crest, cliff), by :func:`~banneret.boards.hexgrid.hexside` key."""
    below_crest: frozenset[Hex]
    """Slope hexes: the lower side of a crest (§5.5.2.3)."""
    strikes: Mapping[tuple[Hex, bool, bool], frozenset[Hex]]
    """By (front hex, mounted, armoured): the neighbours a character there could attack, those
    across a crossable hexside whose terrain it may enter (§4.3.1.1, §6.7, A-06), or whose
    terrain may change in play (a gate, a palisade: asked as it stands, §9.2)."""
    reach: Mapping[str, int]
    """By counter id: the longest range, in hexes, of the missile weapons it carries (0 without
    one, §5.4): a shooter farther than this from every target has no shot."""
    wooden: tuple[Hex, ...]
    """The hexes whose terrain burns (the palisade, the gate, platforms, jetties, §9.2, §3.2,
    §10.2.1) or holds a tent (which burns where the scenario says so, §10.3), in map order:
    with the engines, the naphtha and the fires, the only hexes the siege methods' menus need
    to look at (empty on a map without them, where those menus have nothing)."""
    hoplites: frozenset[str]
    """The counter ids of the roster's hoplites (§7.3): only they may form up."""
    sides: tuple[str, ...]
    """Side ids, side A first (§2.1): read at every defensive-fire window (who answers it)."""
    rider_mp: int
    """The most MP any rider has (the movement classes' MA): no charge needs more (§7.2.1)."""
    storey: frozenset[Hex] = frozenset()
    """The building hexes with an upper storey above them (the map's ``storey``, §8)."""
    storey_around: Mapping[Hex, frozenset[Hex]] = MappingProxyType({})
    """Per storey hex: the storey hexes beside it across no wall, where a man upstairs steps
    and fights (§8.4, §8.5)."""
    stairs_top: Mapping[Hex, frozenset[Hex]] = MappingProxyType({})
    """Per house-stairs hex with a storey beside it: the storey hexes its top opens onto, every
    one beside it across no wall (§8.1 stairs, the third case of §9.6, a reading)."""
    stairs_below: Mapping[Hex, frozenset[Hex]] = MappingProxyType({})
    """Per storey hex: the stairs whose top opens onto it (:attr:`stairs_top` turned round)."""
    storey_openings: Mapping[Hex, tuple[tuple[Hex, str], ...]] = MappingProxyType({})
    """Per storey hex with a window or slit of the storey in its edge: (the hex outside it,
    the opening: ``window`` or ``slit``), §8.2.1, §9.3.3."""

    def places_beside(self, h: Hex, floor: int) -> tuple[tuple[Hex, int], ...]:
        """The places (hex, floor) a man on foot at (``h``, ``floor``) has beside him without a
        wall, a cliff or an impassable side between: on the ground the crossable neighbours,
        and from the stairs the storey hexes above their top; upstairs the storey hexes beside
        him and the stairs below (§8, a reading)."""
        if floor:
            return (*((n, 1) for n in sorted(self.storey_around[h])), *((s, 0) for s in sorted(self.stairs_below[h])))
        return (*((n, 0) for n in sorted(self.crossable[h])), *((n, 1) for n in sorted(self.stairs_top.get(h, ()))))
    sight_lines: Mapping[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]] = MappingProxyType({})
    """On a map without §8-§9 structures, for every ordered pair of distinct map hexes, the
    readings of the line between them that the terrain leaves clear
    (:func:`banneret_guiscard.fire.terrain_lines`, §5.5.1-§5.5.2.3): the map fixes them, so
    fire reads them here instead of tracing lines as it plays. Empty on a map with structures."""

    def counter(self, piece_id: str) -> Counter:
        return self.data.roster[piece_id]

    def stats(self, piece: Piece) -> Stats:
        """The printed numbers of the counter face in use (§1.2)."""
        c = self.counter(piece.id)
        if piece.mounted:
            assert c.mounted is not None
            return c.mounted.wounded if piece.health == "wounded" else c.mounted.healthy
        return getattr(c.foot, "healthy" if piece.health == "dead" else piece.health)


def _build_tables(scenario_id: str) -> Tables:
    bare = _bare_tables(scenario_id)
    if not _fixed_sight(bare) or bare.scenario.engines:  # no line passes a stone thrower (§10.4.3)
        return bare
    return attrs.evolve(bare, sight_lines=_map_sight_lines(bare.scenario.map))


def _fixed_sight(t: Tables) -> bool:
    """Whether the terrain alone fixes every line of fire on the map: no §8-§9 structure
    (building, wall, window, tent, palisade, gate, platform) whose rules or state the lines
    depend on during play; fire traces the lines as it plays on maps that have one."""
    features = t.data.terrain.hexside_features
    return (not any(f.get("feature") in features and not features[f["feature"]].level_change
                    for f in t.board.sides().values())
            and not any(r.enclosed or r.tent or r.height or r.vantage or r.changes_to for r in t.terrain.values()))


def _bare_tables(scenario_id: str) -> Tables:
    """The tables without :attr:`Tables.sight_lines`, which are traced from them."""
    data = load_data()
    scenario = data.scenarios[scenario_id]
    board = data.maps[scenario.map].board
    hexes = board.hexes()
    features = data.terrain.hexside_features
    around = {h: tuple(n for n in neighbours(h) if n in board) for h in hexes}

    def open_side(h: Hex, n: Hex) -> bool:
        feature = board.feature(h, n).get("feature")
        return feature is None or features[feature].passable

    crossable = {h: frozenset(n for n in around[h] if open_side(h, n)) for h in hexes}
    level_edges = {side: f["feature"] for side, f in board.sides().items()
                   if f.get("feature") in features and features[f["feature"]].level_change}
    level = {h: board.attrs(h)["level"] for h in hexes}
    below_crest = frozenset(min(side, key=lambda h: level[h]) for side, f in level_edges.items() if f == "crest")
    terrain = {h: data.terrain.terrains[board.attrs(h)["terrain"]] for h in hexes}
    strikes = {(h, mounted, armoured): frozenset(n for n in crossable[h]
                                                 if terrain[n].cost(mounted, armoured) is not None or terrain[n].changes_to)
               for h in hexes for mounted in (False, True) for armoured in (False, True)}
    storey = frozenset(data.maps[scenario.map].record.storey)
    storey_around = {h: crossable[h] & storey for h in storey}
    stairs_top = {h: crossable[h] & storey for h in hexes if terrain[h].id == "house_stairs" and crossable[h] & storey}
    reach = {c.id: max((band.max for w in c.weapons for band in data.weapons[w].bands), default=0)
             for c in data.roster.values()}
    return Tables(
        data=data,
        scenario=scenario,
        board=board,
        terrain=MappingProxyType(terrain),
        level=MappingProxyType(level),
        around=MappingProxyType(around),
        crossable=MappingProxyType(crossable),
        level_edges=MappingProxyType(level_edges),
        below_crest=below_crest,
        strikes=MappingProxyType(strikes),
        reach=MappingProxyType(reach),
        wooden=tuple(h for h in hexes if terrain[h].burns or terrain[h].tent is not None),
        hoplites=frozenset(c.id for c in data.roster.values() if c.code in data.tactics.hoplites.codes),
        sides=tuple(s.id for s in scenario.sides),
        rider_mp=max(max(m.healthy_ma, m.wounded_ma) for m in data.movement_classes.values() if m.mount == "mounted"),
        storey=storey,
        storey_around=MappingProxyType(storey_around),
        stairs_top=MappingProxyType(stairs_top),
        stairs_below=MappingProxyType({h: frozenset(s for s, tops in stairs_top.items() if h in tops) for h in storey}),
        storey_openings=MappingProxyType(_storey_openings(data, scenario.map)),
    )


def _storey_openings(data: GuiscardData, map_id: str) -> dict[Hex, tuple[tuple[Hex, str], ...]]:
    """:attr:`Tables.storey_openings` from the map's record."""
    out: dict[Hex, tuple[tuple[Hex, str], ...]] = {}
    for s in data.maps[map_id].record.storey_openings:
        opening = data.terrain.hexside_features[s.feature].opening
        assert opening is not None
        out[s.a] = (*out.get(s.a, ()), (s.b, opening))
    return out


@functools.cache
def _map_sight_lines(map_id: str) -> Mapping[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]]:
    """:attr:`Tables.sight_lines` of a map, traced once for all its scenarios from the tables
    of the first scenario on it (their map lookups are the same for every scenario on it)."""
    first = next(sc.id for sc in load_data().scenarios.values() if sc.map == map_id)
    return _sight_lines(_bare_tables(first))


def _sight_lines(t: Tables) -> Mapping[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]]:
    """Every pair's clear lines: fire's :func:`~banneret_guiscard.fire.terrain_lines` where a
    hex or hexside on the line could block it, and the plain line where none could (a hex that
    does not block a line with both ends at the lower end's level, a hexside with no feature).
    Each unordered pair is traced once: the terrain's tests do not depend on which end looks
    (§5.5.2.2, §5.5.2.3), so the lines back are the same reversed."""
    from banneret_guiscard.fire import sight_level, terrain_blocks, terrain_lines  # fire reads these tables

    hexes = t.board.hexes()
    same = {h: h for h in hexes}  # the lines share the map's own hex tuples: a fraction of the memory
    featured = {pair for side in t.board.sides() for pair in (side, side[::-1])}
    height = {h: sight_level(t, h) for h in hexes}
    suspects = {low: frozenset(h for h in hexes if terrain_blocks(t, h, SightView(low, low, 1, 1)))
                for low in set(height.values())}

    def plain(path: list[Hex], low: int) -> bool:
        return (all(h in height and h not in suspects[low] for h in path[1:-1])
                and not any(step in featured for step in zip(path, path[1:])))

    lines: dict[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]] = {}
    for i, a in enumerate(hexes):
        for b in hexes[i + 1:]:
            first, second = line_both(a, b)
            readings = [first] if first == second else [first, second]
            low = min(height[a], height[b])
            clear = readings if all(plain(path, low) for path in readings) else terrain_lines(t, a, b)
            there = tuple(tuple(same.get(h, h) for h in path) for path in clear)
            lines[(a, b)] = there
            lines[(b, a)] = tuple(path[::-1] for path in there)
    return MappingProxyType(lines)


@functools.cache
def tables_for(scenario_id: str) -> Tables:
    """The scenario's tables, built once and never changed afterwards."""
    return _build_tables(scenario_id)


@gamedata
class Battle:
    """Everything that changes during a game of Guiscard, with how each field copies (see
    :mod:`banneret.gamedata`)."""

    tables: Tables = static("the data files and the scenario's map, fixed for the game")
    pieces: dict[str, Piece] = copied()
    """Every character by roster id, dead ones included (§1.2)."""
    horses: dict[str, LooseHorse] = copied(factory=dict)
    """Living riderless horses, by the id of their owner (§4.4.3)."""
    bodies: dict[Hex, tuple[int, int]] = copied(factory=dict)
    """Per hex: (dead characters, dead horses) lying there (§4.2.2)."""
    bodies_above: dict[Hex, tuple[int, int]] = copied(factory=dict)
    """Per storey hex: the same, lying upstairs (§4.2.2, §8): no horse goes up, so (n, 0)."""
    water_cover: str = shared(default="any_water")
    """The reading of cover in water against an adjacent shooter: ``any_water`` or
    ``deep_only`` (§5.5.2.4 against the §3.1 table, errata 3; the game option)."""
    turn: int = shared(default=1)
    side: str = shared(default="")
    """The phasing side (§2.1)."""
    step: int = shared(default=0)
    """The step of the player phase under way, 1-5 (§2.1); 0 between phases."""
    phase: int = shared(default=0)
    """Player phases begun so far; a stunned character recovers in a later own phase (A-04)."""
    stunned_in: dict[str, int] = copied(factory=dict)
    """Per stunned character: the player phase in which it was stunned."""
    spent: dict[str, int] = copied(factory=dict)
    """MP spent this player phase, per character that has moved (§4)."""
    left: dict[str, int] = copied(factory=dict)
    """MP still available this player phase, per character that has begun to move (§4, §4.4.2)."""
    done: set[str] = copied(factory=set)
    """Characters whose move (or body clearing) this player phase is over."""
    no_catch: set[tuple[str, str]] = copied(factory=set)
    """(rider, horse owner) pairs: a failed catch this turn, that horse is out of reach (A-62)."""
    busy: set[str] = copied(factory=set)
    """Characters that may do nothing else this game turn (clearing bodies, §4.2.3)."""
    infiltration_rolls: set[tuple[str, str]] = copied(factory=set)
    """(enemy, mover) pairs that have made an infiltration roll this player phase (§4.3)."""
    shots: dict[tuple[str, str], int] = copied(factory=dict)
    """(character, weapon): shots made this scenario, for lances and javelins (§5.0)."""
    fired_in: dict[str, tuple[int, str]] = copied(factory=dict)
    """Per character: the player phase it last fired in and with what (§5.1, §5.2)."""
    moved_in: dict[str, tuple[int, int]] = copied(factory=dict)
    """Per character: its side's last finished player phase and the MP it spent then (§5.1)."""
    attacked_in: dict[str, int] = copied(factory=dict)
    """Per character: the player phase it last made a melee attack in (§5.2, §6)."""
    targeted_in: dict[str, int] = copied(factory=dict)
    """Per character: the player phase it was last attacked in, in melee or by fire (§5.3)."""
    volleys: dict[str, int] = copied(factory=dict)
    """Per moving enemy fired on defensively this turn: the hexes it had moved at that volley (§5.3)."""
    closed_targets: set[str] = copied(factory=set)
    """Enemies that may not be fired on defensively again this game turn (§5.3, A-61)."""
    engaged: set[str] = copied(factory=set)
    """Characters that have attacked or been attacked in this combat step (§6.6)."""
    defensive_target: str = shared(default="")
    """The character last fired on defensively this game turn (§5.3, A-61)."""
    structures: dict[Hex, tuple[str, int]] = copied(factory=dict)
    """Structure hexes changed in play, with the game turn of the change (0: at the start):
    tent canvas ``cut`` (§8.5.2), a gate ``open`` or ``destroyed``, a palisade ``destroyed``
    (§9.2)."""
    charges: dict[str, Charge] = copied(factory=dict)
    """This game turn's declared charges, by charging rider, in declaration order (§7.2)."""
    flames: dict[Hex, Flame] = copied(factory=dict)
    """The burning hexes (§10.2)."""
    naphtha: set[Hex] = copied(factory=set)
    """Hexes covered by Greek fire's mixture not yet alight (§10.5.1)."""
    engines: dict[str, Engine] = copied(factory=dict)
    """The siege engines by id (§10.4, §10.5)."""
    battered: set[Hex] = copied(factory=set)
    """Wooden-defence hexes destroyed by stones this scenario, one siege day (§9.2.5)."""
    ladders: dict[str, Ladder] = copied(factory=dict)
    """Every ladder on the map, lying, carried or raised, by id (§10.1)."""
    ropes: dict[str, Rope] = copied(factory=dict)
    """Every rope and hook, carried or thrown, by id (§10.6)."""
    formations: dict[str, Formation] = copied(factory=dict)
    """The hoplites' formations, by their first member's id (§7.3)."""
    cover_held: dict[str, tuple[int, Hex, str]] = copied(factory=dict)
    """Per character its owner chose for, under crossfire: (game turn, hex, what its cover there
    holds against that turn): a doorway's side, ``outside`` or ``inside`` (§8.3.5), or the one
    shooter an outer corner covers it from (§8.3.6)."""

    # --- reading the map -----------------------------------------------------------------

    def living_at(self, h: Hex, floor: int = 0) -> Iterator[Piece]:
        """Living characters with a hex on ``h``, on its ``floor`` (stacking, §4.1): the ground
        unless the upper storey is asked for."""
        for p in self.pieces.values():
            if h in p.footprint and p.health != "dead" and p.floor == floor:  # alive, without the property's call
                yield p

    def living_index(self, floor: int = 0) -> dict[Hex, tuple[Piece, ...]]:
        """Who stands where on ``floor`` (the ground unless the upper storey is asked for): per
        hex, the living characters with a hex on it, in the order :meth:`living_at` gives them.
        Built afresh from :attr:`pieces` at each call and never kept, so never stale: a menu
        builds it once and reads it while nobody moves."""
        index: dict[Hex, tuple[Piece, ...]] = {}
        for p in self.pieces.values():
            if p.health != "dead" and p.floor == floor:  # alive, without the property's call
                for h in p.footprint:
                    index[h] = (*index[h], p) if h in index else (p,)
        return index

    def horse_at(self, h: Hex) -> LooseHorse | None:
        for horse in self.horses.values():
            if h in horse.footprint:
                return horse
        return None

    def free(self, h: Hex, but: str = "", floor: int = 0) -> bool:
        """Whether ``h`` holds no living character (but ``but``) on ``floor`` and, on the
        ground, no loose horse: where a character may be put or go (§4.1)."""
        return not any(p.id != but for p in self.living_at(h, floor)) and (floor or self.horse_at(h) is None)

    def closed(self, h: Hex) -> bool:
        """Whether nobody may enter ``h`` whatever its terrain: it burns (§10.2.4) or holds a
        siege engine that is not destroyed (§10.4.3)."""
        return h in self.flames or self.engine_at(h) is not None

    def engine_at(self, h: Hex) -> Engine | None:
        """The siege engine standing on ``h`` (not destroyed), if any: at most one, as nobody
        enters a standing engine's hex (§10.4.3)."""
        return next((e for e in self.engines.values() if e.hex == h and e.condition != "destroyed"), None)

    def bodies_at(self, h: Hex, floor: int = 0) -> tuple[int, int]:
        """(dead characters, dead horses) lying on ``h``'s ``floor``: the ground unless asked."""
        return (self.bodies_above if floor else self.bodies).get(h, (0, 0))

    def body_total(self, h: Hex, floor: int = 0) -> int:
        """The weight of the bodies on ``h``'s ``floor`` (§4.2.2)."""
        return self.tables.data.bodies.weight(*self.bodies_at(h, floor))

    def add_bodies(self, h: Hex, characters: int = 0, horses: int = 0, floor: int = 0) -> None:
        lying = self.bodies_above if floor else self.bodies
        chars, dead_horses = lying.get(h, (0, 0))
        total = (chars + characters, dead_horses + horses)
        if total == (0, 0):
            lying.pop(h, None)
        else:
            lying[h] = total

    @property
    def non_phasing(self) -> str:
        """The side that is not moving this player phase (§2.1): it fires defensively,
        counter-charges and avoids combat."""
        sides = self.tables.sides  # the first other than the phasing side, without a generator
        return sides[1] if sides[0] == self.side else sides[0]

    def enemies_of(self, side: str) -> Iterator[Piece]:
        for p in self.pieces.values():
            if p.side != side:
                yield p

    def ma(self, piece: Piece) -> int:
        """The printed MA of the counter face in use (§4.0)."""
        return self.tables.stats(piece).ma


def new_battle(scenario_id: str, water_cover: str = "any_water") -> Battle:
    """The scenario's forces on their start hexes, side A to move first (§2.1)."""
    tables = tables_for(scenario_id)
    pieces = {}
    for placement in tables.scenario.forces:
        pieces[placement.counter] = Piece(
            placement.counter, placement.side, "healthy", placement.mounted, placement.hex, placement.facing,
            placement.counter if placement.mounted else None, placement.floor,
        )
    structures = {changed.hex: (changed.state, 0) for changed in tables.scenario.structures}
    engines = {e.id: Engine(e.id, e.kind, e.side, e.hex, e.facing) for e in tables.scenario.engines}
    ladders = {placed.id: Ladder(placed.id, placed.side, placed.hexes, None, placed.carriers)
               for placed in tables.scenario.ladders}
    ropes = {placed.id: Rope(placed.id, placed.side, placed.carrier) for placed in tables.scenario.ropes}
    return Battle(tables=tables, pieces=pieces, side=tables.sides[0], water_cover=water_cover, structures=structures,
                  engines=engines, ladders=ladders, ropes=ropes)
