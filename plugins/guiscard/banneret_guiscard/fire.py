"""Fire (§5): who may shoot, the line of fire and cover, where the missile lands, what it does.

The rules are plain functions on :class:`~banneret_guiscard.state.Battle`:

* :func:`usable_weapons`, :func:`may_fire` -- the weapon a character carries and may use
  mounted or on foot, with ammunition left (§5.0, A-69), and whether it may shoot at all:
  able, not in water, not in contact with an enemy that could attack it (§5.2, A-59);
* :func:`fire_cover` -- whether a shot at a hex may be fired and the target's cover there
  (§5.5; a mounted lance thrower's arc and the friends on foot it throws over, §7.1), read
  on the lines the terrain leaves clear (:func:`terrain_lines`, held per pair of hexes on
  :attr:`~banneret_guiscard.state.Tables.sight_lines`); the menus ask only whether a shot
  may be fired (:func:`may_shoot_at`), which needs the cover only to fire over someone;
* :func:`impact_hex` and :func:`shoot` -- the impact hex (§5.4.1-§5.4.2) and the result on
  whoever stands there (§5.4.3), its retreat left to :mod:`banneret_guiscard.retreat`.

Offensive fire (step 1) is :class:`OffensiveFire`: pick a shooter, then weapon and target
(:class:`AimShot`). Defensive fire is :class:`DefensiveFire`, a window opened after each hex
an enemy mover enters (:class:`UnderFire`): the other player names shooters one by one
(:class:`Volley`), then the volley is resolved shot by shot (:class:`FireVolley`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from banneret.boards.hexgrid import (
    Hex, Hexside, SightView, arc, closest_direction, crossed_hexsides, distance, hexside, line_both, line_from_side,
    neighbour,
)
from banneret.flow import Choice, Frame, Procedure, Window, call, end, goto
from banneret.state import State
from banneret.types import Action
from banneret_guiscard import buildings, castles, hoplites, ladders, ropes
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.data_model import Weapon
from banneret_guiscard.movement import MoveRecord, MoveStep, finish_move
from banneret_guiscard.results import Unhorsing, can_attack, hurt, kill_horse, lands
from banneret_guiscard.retreat import Aftermath, RetreatOrder, Retreats
from banneret_guiscard.state import ABLE, BY_ID, Battle, Engine, Piece, Tables, hex_label, tables_for

__all__ = [
    "COVERS", "FIRES_OVER", "THROWN_LANCE", "usable_weapons", "engaged", "may_fire", "in_throwing_arc",
    "terrain_blocks", "sight_level", "edge_blocks",
    "BlockNote", "traced_lines", "terrain_lines", "fixed_lines", "fire_lines", "engine_in_way", "fire_cover", "may_shoot_at", "targets",
    "Aim", "STOREY_HEIGHT", "storey_lines", "storey_cover",
    "impact_hex", "release", "strike", "shoot", "hit", "cover_threats", "HoldCover", "Shot",
    "offensive_shooters", "OffensiveFire", "AimShot", "defensive_weapons", "defensive_shots", "MoveShooters",
    "move_shooters", "UnderFire",
    "DefensiveFire", "Volley", "FireVolley",
]

COVERS = ("none", "light", "medium", "heavy")
FIRES_OVER = frozenset({"short_bow", "composite_bow", "javelin"})
"""§5.5.3: archers and javelin throwers may fire over characters (medium or long range, at a
target with light or no cover); slings and thrown lances never."""
_FIRED_OVER = ("none", "light")
"""§5.5.3: the target's covers at which bows and javelins fire over characters."""
THROWN_LANCE = "thrown_lance"
"""The lance without pennant, thrown on foot or from the saddle (§5.0, §7.1)."""
_HIGH_GROUND_LOSS = frozenset({"brush", "marsh", "shallow_water", "slope"})
"""§5.5.4: the terrains whose cover a shooter on higher ground cancels."""
_HEIGHT_LOSS = _HIGH_GROUND_LOSS | {"rocks"}
"""§9.3.4: from a castle's height (a platform, an arrow slit) rocks lose their cover too."""



# --------------------------------------------------------------------------- shooters (§5.0-§5.2)


def usable_weapons(b: Battle, piece: Piece) -> list[Weapon]:
    """The missile weapons ``piece`` carries that work in its present mount and have shots
    left (§5.0: the lance once a scenario, javelins as counted; A-69: only some mounted)."""
    data = b.tables.data
    mount = "mounted" if piece.mounted else "foot"
    out = []
    for wid in b.tables.counter(piece.id).weapons:
        weapon = data.weapons[wid]
        if weapon.mode(mount) is None:
            continue
        if weapon.ammunition is not None and b.shots.get((piece.id, wid), 0) >= weapon.ammunition:
            continue
        out.append(weapon)
    return out


def engaged(b: Battle, piece: Piece, where: Mapping[Hex, tuple[Piece, ...]] | None = None) -> bool:
    """In contact with an enemy that could attack one of its hexes (§5.2). Only an enemy whose
    front hex is next to it could (:func:`can_attack`), so only those are asked, found on
    ``where`` (:meth:`~banneret_guiscard.state.Battle.living_index`, built here if not given)."""
    if piece.floor or piece.hex in b.tables.stairs_top:  # upstairs or on the stairs: by floors (§8)
        return any(can_attack(b, e, piece.hex, piece.floor) for e in b.enemies_of(piece.side))
    if where is None:
        where = b.living_index()
    around = b.tables.around
    return any(e.hex == n and e.side != piece.side and can_attack(b, e, h)
               for h in piece.hexes() for n in around.get(h, ()) for e in where.get(n, ()))


def may_fire(b: Battle, piece: Piece, where: Mapping[Hex, tuple[Piece, ...]] | None = None) -> bool:
    """Able, not yet fired this phase, not busy clearing, not in water (§5.5.2.4), not in
    contact with an enemy (§5.2), with a weapon to use. ``where``: as for :func:`engaged`."""
    return _unfired(b, piece) and bool(usable_weapons(b, piece)) and _free_to_fire(b, piece, where)


def _unfired(b: Battle, piece: Piece) -> bool:
    """Able and not yet fired this phase: the cheapest tests of :func:`may_fire`."""
    fired = b.fired_in.get(piece.id)
    return piece.health in ABLE and (fired is None or fired[0] != b.phase)


def _free_to_fire(b: Battle, piece: Piece, where: Mapping[Hex, tuple[Piece, ...]] | None) -> bool:
    """The rest of :func:`may_fire`, the contact test last: the dearest."""
    return (piece.id not in b.busy and not any(b.tables.terrain[h].water for h in piece.hexes())
            and not engaged(b, piece, where) and not (b.ladders and ladders.hands_full(b, piece))  # §10.1.2, §10.1.5
            and not (b.ropes and ropes.climbing(b, piece.id)))  # §10.6.2


# --------------------------------------------------------------------------- line of fire and cover (§5.5)


def in_throwing_arc(shooter: Piece, weapon: Weapon, aimed: Hex) -> bool:
    """Whether ``aimed`` is a hex ``shooter`` may fire ``weapon`` at for its facing: a lance
    thrown from the saddle goes only to the rider's front and sides, never behind (§7.1; P-08:
    the arcs seen from its head). Every other shot goes all round."""
    if not (shooter.mounted and weapon.id == THROWN_LANCE):
        return True
    assert shooter.facing is not None
    return arc(shooter.hex, shooter.facing, aimed) != "rear"


def terrain_blocks(t: Tables, h: Hex, view: SightView, b: Battle | None = None) -> bool:
    """Trees on the line (§5.5.2.2), ground higher than the line (§5.5.2.3) and, as the battle
    ``b`` stands (else as the map has it), a palisade or a closed gate rising above its hex
    (§9.3.1)."""
    if h not in t.terrain:
        return False
    terrain = t.terrain[h] if b is None else castles.terrain_at(b, h)
    rise = (1 if t.terrain[h].id == "tree" else 0) + terrain.height
    return view.hidden_by(t.level[h] + rise)


def sight_level(t: Tables, h: Hex) -> int:
    """The level a character on ``h`` sees from: half-way up (the crest's level) on a slope
    hex, so it may fire and be fired on over its own crest (§5.5.2.3)."""
    return t.level[h] + (1 if h in t.below_crest else 0)


def edge_blocks(t: Tables, ends: tuple[Hex, Hex], side: tuple[Hex, Hex], view: SightView) -> bool:
    """A cliff edge, and a crest unless the lower end is at least as far from the slope hex as
    the higher end (§5.5.2.3); a character on the slope hex itself sees over its crest."""
    feature = t.level_edges.get(side)
    if feature is None:
        return False
    if feature != "crest":
        return view.hidden_by(max(t.level[side[0]], t.level[side[1]]))
    slope = min(side, key=lambda h: t.level[h])
    if slope in ends:
        return False
    low_end, high_end = sorted(ends, key=lambda h: sight_level(t, h))
    top = max(t.level[h] for h in side)
    if sight_level(t, low_end) >= top:
        return False
    return sight_level(t, high_end) < top or distance(low_end, slope) < distance(high_end, slope)


BlockNote = Callable[[str, Any, SightView], None]
"""Told what stops a reading of a line, with the line's view: ``("hex", h, view)`` for trees,
higher ground or a castle height on ``h``, ``("edge", hexside, view)`` for a crest or cliff,
``("structure", hexside, view)`` for a wall, a window or an arrow slit."""


def traced_lines(t: Tables, a: Hex, aimed: Hex, b: Battle | None = None, note: BlockNote | None = None) -> list[list[Hex]]:
    """The readings of the line from ``a`` to ``aimed`` that nothing on the map stops, traced
    now: the terrain (§5.5.1-§5.5.2.3: the core's ``clear_lines`` with the predicates above)
    and, as the battle ``b`` stands, the castle's heights (§9.3.1) and the walls and windows
    crossed (§8.2.4), from the hex centre or an opening in its edge (§8.2). The one line of
    sight of fire and of the boards; ``note`` hears what stops each reading."""

    def hex_blocks(h: Hex, view: SightView) -> bool:
        blocked = terrain_blocks(t, h, view, b)
        if blocked and note is not None:
            note("hex", h, view)
        return blocked

    def side_blocks(side: Hexside, view: SightView) -> bool:
        if edge_blocks(t, (a, aimed), side, view):
            what = "edge"
        elif b is not None and buildings.side_blocks(b, side, a, aimed):
            what = "structure"
        else:
            return False
        if note is not None:
            note(what, side, view)
        return True

    levels = (sight_level(t, a), sight_level(t, aimed))
    lines: list[list[Hex]] = []
    for origin in [None] if b is None else buildings.fire_origins(b, a):  # the centre, or an opening (§8.2)
        lines += [path for path in t.board.clear_lines(a, aimed, hex_blocks, side_blocks, levels, origin)
                  if path not in lines]
    return lines


def terrain_lines(t: Tables, a: Hex, b: Hex) -> list[list[Hex]]:
    """The readings of the line from ``a`` to ``b`` that the terrain leaves clear (§5.5.1-
    §5.5.2.3). The game reads them from :attr:`~banneret_guiscard.state.Tables.sight_lines`,
    built with this once per map."""
    return traced_lines(t, a, b)


@functools.cache
def fixed_lines(scenario_id: str) -> Mapping[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]]:
    """On a map with §8-§9 structures, by (shooter's hex, aimed hex): the lines of fire
    (:func:`traced_lines`) of every ordered pair whose readings, from the centre or an opening,
    pass no hex whose structure may change its height in play (a gate, a palisade, §9.2; a
    platform or a tent burnt down stays as high): walls, windows and slits never change, so
    these are traced once, when the scenario's first shot is considered; the others are
    traced as the battle stands. Empty on a map without structures
    (:attr:`~banneret_guiscard.state.Tables.sight_lines` holds its lines)."""
    t = tables_for(scenario_id)
    if t.sight_lines:
        return MappingProxyType({})
    battle = Battle(tables=t, pieces={})
    terrains = t.data.terrain.terrains  # only a change of height moves a line (terrain_blocks)
    changeable = {h for h, terrain in t.terrain.items()
                  if any(terrains[x].height != terrain.height for x in terrain.changes_to.values())}
    table: dict[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]] = {}
    for a in t.board.hexes():
        origins = buildings.fire_origins(battle, a)
        for aimed in t.board.hexes():
            if aimed == a:
                continue
            readings = [path for origin in origins
                        for path in (line_both(a, aimed) if origin is None else line_from_side(a, origin, aimed))]
            if not any(h in changeable for path in readings for h in path[1:-1]):
                table[(a, aimed)] = tuple(tuple(path) for path in traced_lines(t, a, aimed, battle))
    return MappingProxyType(table)


def fire_lines(b: Battle, shooter: Piece, aimed: Hex) -> Sequence[Sequence[Hex]]:
    """The readings of the line of fire from ``shooter`` to ``aimed`` that nothing on the map
    stops: from the map's table where the terrain alone fixes them (:func:`terrain_lines`);
    else those the structures fix (:func:`fixed_lines`) or, over a gate or palisade, traced
    now (:func:`traced_lines`), kept where the castle's firing rules allow the shot (§9.3.4,
    §9.4.2)."""
    t = b.tables
    if t.sight_lines:
        return t.sight_lines[(shooter.hex, aimed)]
    lines = fixed_lines(t.scenario.id).get((shooter.hex, aimed))
    if lines is None:
        lines = traced_lines(t, shooter.hex, aimed, b)
    if shooter.floor:  # upstairs a line stays under the storey's roof: its hexes and the stairs' well (§8, a reading)
        return [path for path in lines if all(h in t.storey or h in t.stairs_top for h in path)]
    return [path for path in lines if not castles.fire_blocked(b, shooter, aimed, list(path))]


def engine_in_way(b: Battle, path: Sequence[Hex]) -> Engine | None:
    """A siege engine standing (not destroyed) on a hex between the ends of ``path``: no line
    passes one (§10.4.3). Fire's test, and the boards' lines of sight ask it too."""
    between = path[1:-1]
    return next((e for e in b.engines.values() if e.condition != "destroyed" and e.hex in between), None)


def _aim(b: Battle, shooter: Piece, weapon: Weapon, aimed: Hex) -> tuple[str, Sequence[Sequence[Hex]]] | None:
    """The range band of a shot and the readings of its line that the map and the engines
    leave open, or None if it is out of range or behind a mounted lance thrower (§7.1)."""
    band = weapon.band_at(distance(shooter.hex, aimed))
    if band is None or aimed not in b.tables.terrain or not in_throwing_arc(shooter, weapon, aimed):
        return None
    lines = fire_lines(b, shooter, aimed)
    return band, [path for path in lines if engine_in_way(b, path) is None] if b.engines else lines


def _short_max(weapon: Weapon) -> int:
    """The far end of ``weapon``'s short range, which the high ground's rule reads (§5.5.4)."""
    return max(r.max for r in weapon.bands if r.band == "short")


def fire_cover(b: Battle, shooter: Piece, weapon: Weapon, aimed: Hex,
               where: Mapping[Hex, tuple[Piece, ...]] | None = None, floor: int | None = None) -> str | None:
    """The cover of a shot from ``shooter`` with ``weapon`` at the hex ``aimed``, or None if it
    may not be fired: out of range, behind a mounted lance thrower (§7.1), a tree or higher
    ground on the line (§5.5.2), or a character in the way that this weapon may not fire over
    (§5.5.3, §5.5.5, §7.1). Along a hexside the less restrictive reading counts (§5.5.1).
    ``where``: who stands where (:meth:`~banneret_guiscard.state.Battle.living_index`);
    ``floor``: the target's, when it is not the shooter's (:func:`storey_cover`)."""
    if floor is not None and floor != shooter.floor:
        return storey_cover(b, shooter, weapon, aimed, floor)
    aim = _aim(b, shooter, weapon, aimed)
    if aim is None:
        return None
    band, lines = aim
    short_max = _short_max(weapon)
    best: str | None = None
    for path in lines:
        cover = _cover(b, shooter.hex, aimed, path, band, short_max)
        if _characters_block(b, shooter, weapon, path, band, cover, where):
            continue
        if best is None or COVERS.index(cover) < COVERS.index(best):
            best = cover
    return best


def may_shoot_at(b: Battle, shooter: Piece, weapon: Weapon, aimed: Hex,
                 where: Mapping[Hex, tuple[Piece, ...]] | None = None) -> bool:
    """Whether :func:`fire_cover` allows the shot (is not None), for the menus: the cover is
    worked out only where a character stands in the way, since it matters only to firing over
    him (§5.5.3). A property test checks it against :func:`fire_cover` in random games."""
    aim = _aim(b, shooter, weapon, aimed)
    if aim is None:
        return False
    band, lines = aim
    over = weapon.id in FIRES_OVER and band != "short"
    return any(not _in_the_way(b, shooter, weapon, path, where)
               or over and _cover(b, shooter.hex, aimed, path, band, _short_max(weapon)) in _FIRED_OVER
               for path in lines)


def _cover(b: Battle, shooter_hex: Hex, target: Hex, path: Sequence[Hex], band: str, short_max: int,
           lift: int = 0) -> str:
    """The target's cover on one reading of the line (§5.5.2, §5.5.4); ``lift``: the levels a
    shooter upstairs stands above his hex (A-25, :data:`STOREY_HEIGHT`), a height of §9.3.4."""
    t = b.tables
    terrain = castles.terrain_at(b, target)
    cover = terrain.cover
    lost = terrain.cover_lost_when
    rng = distance(shooter_hex, target)
    if lost == "crest_not_crossed":
        crest = any(t.level_edges.get(side) == "crest" for side in crossed_hexsides(path))
        cover = cover if crest else "none"
    elif lost == "shooter_on_bank":
        here = t.terrain[shooter_hex]
        bank = not here.water and here.id != "marsh" and any(
            t.terrain[n].water or t.terrain[n].id == "marsh" for n in t.around[shooter_hex])
        cover = "none" if bank else cover
    elif lost == "not_fired_from_below":
        cover = cover if t.level[shooter_hex] < t.level[target] else "none"
    elif lost == "shooter_adjacent" and (b.water_cover == "any_water" or terrain.id == "deep_water"):
        cover = "none" if rng == 1 else cover
    here = t.terrain[shooter_hex]
    rise = t.level[shooter_hex] + (lift or here.firing_height) - t.level[target]  # a slit a level up
    lost_from_here = _HEIGHT_LOSS if here.vantage or lift else _HIGH_GROUND_LOSS
    if terrain.id in lost_from_here and ((rise == 1 and 2 * rng < short_max) or (rise > 1 and band == "short")):
        cover = "none"  # §5.5.4, §9.3.4
    if any(h in t.terrain and t.terrain[h].id == "brush" for h in path[1:-1]):
        cover = "medium" if terrain.water else max(cover, "light", key=COVERS.index)  # §5.5.2.1, §5.5.2.4
    if terrain.water and any(h in t.terrain and castles.terrain_at(b, h).burns for h in path[1:-1]):
        cover = "medium"  # §5.5.2.4: in water behind a wooden structure still standing (a jetty)
    if not t.sight_lines:  # a map with §8-§9 structures; without them these leave the cover (a test checks)
        cover = buildings.structure_cover(b, shooter_hex, target, path, cover)  # §8.3
        cover = castles.castle_cover(b, shooter_hex, target, path, cover)  # §9.4
    shields = hoplites.foulkon_cover(b, target)  # §7.3.2
    return cover if shields is None else max(cover, shields, key=COVERS.index)


def _characters_block(b: Battle, shooter: Piece, weapon: Weapon, path: Sequence[Hex], band: str, cover: str,
                      where: Mapping[Hex, tuple[Piece, ...]] | None = None, floor: int | None = None) -> bool:
    """Whether a character or horse on the line stops this shot (§5.5.3, §5.5.5): bows and
    javelins fire over them at medium or long range when the target has light or no cover;
    else :func:`_in_the_way` (on ``floor``, the shooter's unless given)."""
    if weapon.id in FIRES_OVER and band != "short" and cover in _FIRED_OVER:
        return False
    return _in_the_way(b, shooter, weapon, path, where, floor)


def _in_the_way(b: Battle, shooter: Piece, weapon: Weapon, path: Sequence[Hex],
                where: Mapping[Hex, tuple[Piece, ...]] | None, floor: int | None = None) -> bool:
    """Whether a character or horse stands in the way of a shot along ``path`` that does not
    fire over them (§5.5.3, §5.5.5). Never in the way: stunned or dead characters, characters
    in water, characters below both ends (unseen), those within N hexes of a target N levels
    above the shooter, for a mounted archer the friends next to him (§5.5.3.1), and for a
    mounted lance thrower the friends on foot next to him when the target is far enough
    (§7.1, A-10). ``where``: who stands where, built here if not given."""
    inner = path[1:-1]
    if not inner:
        return False  # next to each other: nobody between
    aimed = path[-1]
    on = shooter.floor if floor is None else floor  # the floor the line runs on (§8)
    if where is None or on:
        where = b.living_index(on)  # a shot upstairs passes only those on its floor (§8)
    mine = shooter.footprint
    t = b.tables
    exceptions: tuple[int, int, bool] | None = None  # (low, rise, over_foot), read at the first one on the line
    for h in inner:  # one pass, the first character that blocks answers (a line's hexes are distinct)
        if h in where and h not in mine:
            for p in where[h]:
                if p.health in ABLE and aimed not in p.footprint:
                    if exceptions is None:
                        exceptions = _way_exceptions(t, path)
                    if not _passed_over(t, shooter, weapon, h, p, aimed, exceptions):
                        return True
    if b.horses and not on:  # loose horses stand on the ground
        for horse in b.horses.values():
            if aimed not in horse.footprint:
                for h in horse.footprint:
                    if h in inner and h not in mine:
                        if exceptions is None:
                            exceptions = _way_exceptions(t, path)
                        if not _passed_over(t, shooter, weapon, h, None, aimed, exceptions):
                            return True
    return False


# ------------------------------------------------- through the upper storey's windows and slits (§8, §9.3.3)


STOREY_HEIGHT = 2
"""The levels a man upstairs stands above his hex for fire: two, as A-25 reads the tower's upper
floor (a platform or a ground-floor slit counts one)."""
_THROUGH = {"window": "medium", "slit": "heavy"}
"""The cover of a man upstairs shot through the opening of his hex: a window's (§8.2.1), a
slit's (§9.4.1)."""


def storey_lines(b: Battle, upper: Hex, ground: Hex, outwards: bool) -> list[tuple[str, list[Hex]]]:
    """The readings of a line between a man upstairs on ``upper`` and the ground hex ``ground``,
    each with the opening it passes (``window`` or ``slit``), that nothing stops: ``outwards``,
    from the middle of an opening of the storey in ``upper``'s edge (§8.2.1 a, §9.3.3); else from
    ``ground`` to ``upper`` entering it across that opening, the only storey hex fired at through
    it (§8.2.1 b, §9.3.3). The storey's end stands :data:`STOREY_HEIGHT` levels above its hex;
    the opening lets the line through and every other hexside and hex is read as on the ground
    (walls, windows, crests, cliffs, trees, castle heights, §5.5.2, §8.2, §9.3.1)."""
    t = b.tables
    shooter, aimed = (upper, ground) if outwards else (ground, upper)
    up_level, down_level = sight_level(t, upper) + STOREY_HEIGHT, sight_level(t, ground)
    levels = (up_level, down_level) if outwards else (down_level, up_level)
    out: list[tuple[str, list[Hex]]] = []
    for outside, opening in t.storey_openings.get(upper, ()):
        through = hexside(upper, outside)

        def side_blocks(side: Hexside, view: SightView) -> bool:
            return side != through and (edge_blocks(t, (shooter, aimed), side, view)
                                        or buildings.side_blocks(b, side, shooter, aimed))

        def hex_blocks(h: Hex, view: SightView) -> bool:
            return terrain_blocks(t, h, view, b)

        found = t.board.clear_lines(shooter, aimed, hex_blocks, side_blocks, levels, outside if outwards else None)
        out += [(opening, path) for path in found
                if (path[1] == outside if outwards else path[-2] == outside) and (opening, path) not in out]
    return out


def storey_cover(b: Battle, shooter: Piece, weapon: Weapon, aimed: Hex, floor: int) -> str | None:
    """The cover of a shot between an upper storey and the ground through one of the storey's
    windows or slits (§8, readings), or None if it may not be fired. Out of the storey at a man
    on the ground: the ground's cover seen from :data:`STOREY_HEIGHT` levels up (A-25, §5.5.4,
    §9.3.4: no cover from brush, rocks and the like within range), and no shot at a target with
    a friend of the shooter beside it on its level (§9.3.4). Into it, at the man behind the
    opening: a window's medium cover, a slit's heavy (§8.2.1, §9.4.1). Range, a lance
    thrower's arc (§7.1), the engines (§10.4.3) and the characters in the way on the ground
    (§5.5.3) as for any shot; the least restrictive reading counts (§5.5.1)."""
    band = weapon.band_at(distance(shooter.hex, aimed))
    outwards = bool(shooter.floor)
    if (band is None or aimed not in b.tables.terrain or not in_throwing_arc(shooter, weapon, aimed)
            or (outwards and castles.friend_beside(b, shooter, aimed))):
        return None
    upper, ground = (shooter.hex, aimed) if outwards else (aimed, shooter.hex)
    short_max = _short_max(weapon)
    best: str | None = None
    for opening, path in storey_lines(b, upper, ground, outwards):
        if b.engines and engine_in_way(b, path) is not None:
            continue
        cover = _cover(b, shooter.hex, aimed, path, band, short_max, STOREY_HEIGHT) if outwards else _THROUGH[opening]
        if _characters_block(b, shooter, weapon, path, band, cover, floor=0):
            continue
        if best is None or COVERS.index(cover) < COVERS.index(best):
            best = cover
    return best


def _way_exceptions(t: Tables, path: Sequence[Hex]) -> tuple[int, int, bool]:
    """What :func:`_passed_over` reads of the line: the lower end's level, how far the target
    stands above the shooter, whether a thrown lance flies over friends on foot (§7.1, A-10)."""
    s, aimed = path[0], path[-1]
    return (min(t.level[s], t.level[aimed]), t.level[aimed] - t.level[s],
            distance(s, aimed) >= t.data.tactics.lance_over_foot_min_hexes)


def _passed_over(t: Tables, shooter: Piece, weapon: Weapon, h: Hex, p: Piece | None, aimed: Hex,
                 exceptions: tuple[int, int, bool]) -> bool:
    """Whether the character ``p`` (None: a loose horse) on ``h`` is never in the way of this
    shot: in water, below both ends, within N hexes of a target N levels up (§5.5.3.1), a
    friend next to a mounted archer, or a friend on foot next to a mounted lance thrower far
    enough from the target (§7.1, A-10)."""
    low, rise, over_foot = exceptions
    if t.terrain[h].water or t.level[h] < low or (rise > 0 and distance(h, aimed) <= rise):
        return True
    return (p is not None and p.side == shooter.side and shooter.mounted and min(distance(x, h) for x in shooter.footprint) <= 1
            and (weapon.id in FIRES_OVER or weapon.id == THROWN_LANCE and not p.mounted and over_foot))


def _within_range(b: Battle, shooter: Piece, hexes: Sequence[Hex]) -> bool:
    """Whether one of ``hexes`` lies within the longest range of a weapon ``shooter`` carries
    (§5.4, the range bands): a cheap test that spares the dearer ones for shooters that could
    reach nothing, never a different answer."""
    longest = b.tables.reach[shooter.id]
    return any(distance(shooter.hex, h) <= longest for h in hexes)


Aim = tuple[str, Hex] | tuple[str, Hex, int]
"""A shot's weapon and aimed hex, and the target's floor when it is not the shooter's: a shot
through a window or slit of an upper storey (:func:`storey_cover`, §8, §9.3.3)."""


def _targets(b: Battle, shooter: Piece, weapons: list[Weapon], enemies: list[Piece],
             where: Mapping[Hex, tuple[Piece, ...]]) -> Iterator[Aim]:
    s = shooter.hex
    openings = b.tables.storey_openings
    for weapon in weapons:
        longest = max(band.max for band in weapon.bands)  # beyond it no band, so no shot (_aim)
        for enemy in enemies:
            if enemy.floor != shooter.floor:  # only through the storey's openings (§8, a reading)
                if (shooter.hex if shooter.floor else enemy.hex) in openings:
                    yield from ((weapon.id, h, enemy.floor) for h in enemy.footprint if distance(s, h) <= longest
                                and storey_cover(b, shooter, weapon, h, enemy.floor) is not None)
                continue
            for h in enemy.footprint:
                if distance(s, h) <= longest and may_shoot_at(b, shooter, weapon, h, where):
                    yield weapon.id, h


def targets(b: Battle, shooter: Piece) -> list[Aim]:
    """Every (weapon, aimed hex) the shooter may fire: each hex of an enemy character, a
    rider's either hex (§5.4), in range and in sight (§5.5); with the target's floor when it
    stands on another (:data:`Aim`)."""
    enemies = sorted((p for p in b.enemies_of(shooter.side) if p.alive), key=lambda p: p.id)
    return list(_targets(b, shooter, usable_weapons(b, shooter), enemies, b.living_index()))


# --------------------------------------------------------------------------- resolution (§5.4)


def impact_hex(state: State, shooter_hex: Hex, aimed: Hex, band: str) -> Hex | None:
    """Where the missile lands (§5.4.1-§5.4.2, P-03): the aimed hex within the no-roll radius,
    else by a modified d10 the aimed hex or a neighbour beyond, short of, left or right of it
    along the line of fire; None = lost."""
    b: Battle = state.data
    table = b.tables.data.impact
    if distance(shooter_hex, aimed) <= table.no_roll_within:
        return aimed
    die = state.rng.die(10)
    rider = any(p.mounted for p in b.living_at(aimed))
    modifier = table.modifier(f"range_{band}") + (table.modifier("target_rider") if rider else 0)
    where = table.impact(die + modifier)
    state.emit(f"impact roll d10 {die}{modifier:+d}: {where or 'lost'}", "fire")
    if where is None:
        return None
    if where == "aimed":
        return aimed
    turns = {"beyond": 0, "left": 1, "short": 2, "right": -1}[where]
    return neighbour(aimed, closest_direction(shooter_hex, aimed, turns))


def _impact_cover(b: Battle, shooter: Piece, h: Hex, band: str, short_max: int, floor: int | None = None) -> str:
    """The cover of whoever the missile hits on ``h`` (on ``floor``, the shooter's unless given):
    the less restrictive reading (§5.4.1) of those nothing on the map stops (a reading through a
    wall is no way in, §8.2.4), or of both where none reaches ``h``; through the storey's
    openings as :func:`storey_cover` reads them."""
    if floor is not None and floor != shooter.floor:
        outwards = bool(shooter.floor)
        found = storey_lines(b, shooter.hex if outwards else h, h if outwards else shooter.hex, outwards)
        if not outwards:
            return min((_THROUGH[opening] for opening, _ in found), key=COVERS.index, default="heavy")
        paths = [path for _, path in found] or line_both(shooter.hex, h)
        return min((_cover(b, shooter.hex, h, path, band, short_max, STOREY_HEIGHT) for path in paths),
                   key=COVERS.index)
    readings = fire_lines(b, shooter, h) or line_both(shooter.hex, h)
    return min((_cover(b, shooter.hex, h, path, band, short_max) for path in readings), key=COVERS.index)


def release(state: State, shooter_id: str, weapon_id: str, aimed: Hex, floor: int | None = None) -> Hex | None:
    """A shot is loosed (§5.4): it is spent, the aimed characters (on ``floor``, the shooter's
    unless given) are attacked, and the missile lands on the impact hex returned (§5.4.1-§5.4.2);
    None when it is lost."""
    b: Battle = state.data
    t = b.tables
    weapon = t.data.weapons[weapon_id]
    band = weapon.band_at(distance(b.pieces[shooter_id].hex, aimed))
    assert band is not None
    b.shots[(shooter_id, weapon_id)] = b.shots.get((shooter_id, weapon_id), 0) + 1
    b.fired_in[shooter_id] = (b.phase, weapon_id)
    for p in b.living_at(aimed, b.pieces[shooter_id].floor if floor is None else floor):
        b.targeted_in[p.id] = b.phase
    state.emit(f"{shooter_id} fires {weapon.name.lower()} at {hex_label(aimed)} ({band} range)", "fire")
    h = impact_hex(state, b.pieces[shooter_id].hex, aimed, band)
    return h if h is not None and h in t.terrain else None


def strike(state: State, shooter_id: str, weapon_id: str, aimed: Hex, h: Hex,
           floor: int | None = None) -> list[Aftermath]:
    """The results of a shot from ``shooter_id`` aimed at ``aimed`` (on ``floor``, the shooter's
    unless given) that landed on ``h``, with the cover there (:func:`hit`). A missile lands on
    the shooter's floor, or on the aimed floor when it hits the aimed hex; one aimed through a
    storey's opening that misses it falls to the ground (§8, a reading)."""
    b: Battle = state.data
    weapon = b.tables.data.weapons[weapon_id]
    shooter = b.pieces[shooter_id]
    band = weapon.band_at(distance(shooter.hex, aimed))
    assert band is not None
    short_max = max(r.max for r in weapon.bands if r.band == "short")
    aimed_floor = shooter.floor if floor is None else floor
    landing = aimed_floor if h == aimed or aimed_floor == shooter.floor else 0
    return hit(state, weapon_id, band, _impact_cover(b, shooter, h, band, short_max, landing), h, shooter.hex, landing)


def shoot(state: State, shooter_id: str, weapon_id: str, aimed: Hex) -> list[Aftermath]:
    """One shot (§5.4): :func:`release`, then :func:`strike` on every living character or loose
    horse on the impact hex, friend or foe (§5.4.1); the riders it unhorses and the retreats it
    orders come back for the caller to run (§6.8, §5.4.4). Play resolves its shots with
    :class:`Shot`, the same two steps with the owner's crossfire choice between them."""
    h = release(state, shooter_id, weapon_id, aimed)
    return [] if h is None else strike(state, shooter_id, weapon_id, aimed, h)


def cover_threats(b: Battle, shooter: Piece, h: Hex) -> dict[str, tuple[str, ...]]:
    """When ``shooter``'s missile lands on an enemy on a doorway or an outer corner whose owner
    has not yet chosen this game turn what its cover holds against (§8.3.5, §8.3.6): each
    choice open to him and the shooters it would hold against, ``shooter`` first. A doorway's
    choices are the sides, ``outside`` and ``inside``, that this shot or another threat comes
    from; a corner's the shooters firing along the building, this one first. A threat is an
    able enemy with a missile weapon that has shots left and reaches ``h`` with a line of fire.
    Empty when there is nothing to choose: no such enemy there, a choice already made, a line
    at a corner that sees two faces."""
    if shooter.floor or not buildings.crossfire_hex(b, h):  # no doorway nor outer corner upstairs (§8)
        return {}
    victim = next(b.living_at(h), None)
    if victim is None or victim.side == shooter.side or buildings.held_cover(b, h) is not None:
        return {}

    def sides(p: Piece, reach: bool) -> set[str]:
        if reach and not any(w.band_at(distance(p.hex, h)) is not None for w in usable_weapons(b, p)):
            return set()
        return {side for path in fire_lines(b, p, h) if (side := buildings.crossfire_side(b, h, path)) is not None}

    own = sides(shooter, False)
    if not own:
        return {}
    others = {p.id: sides(p, True) for p in sorted(b.enemies_of(victim.side), key=lambda p: p.id)
              if p.able and p.id != shooter.id}
    if own == {"walls"}:
        return {shooter.id: (shooter.id,), **{pid: (pid,) for pid, found in others.items() if found}}
    return {side: tuple(pid for pid, found in [(shooter.id, own), *others.items()] if side in found)
            for side in ("outside", "inside") if side in own or any(side in found for found in others.values())}


class HoldCover(Choice):
    """The owner of the character the missile lands on picks, for the game turn, the doorway's
    side (§8.3.5) or the one shooter at an outer corner (§8.3.6) his cover holds against, when
    the first shot that cover could meet reaches him; with one choice it is made at once."""

    rule = "8.3.5"
    kind = "hold-cover"
    prompt = "Choose what the cover holds against this turn"

    def decider(self, state: State, frame: Frame) -> str:
        return next(state.data.living_at(frame["impact"])).side

    def options(self, state: State, frame: Frame) -> list[str]:
        b: Battle = state.data
        return list(cover_threats(b, b.pieces[frame["shooter"]], frame["impact"]))

    def label(self, state: State, frame: Frame, option: str) -> str:
        who = next(state.data.living_at(frame["impact"])).id
        return f"{who} covered against {buildings.held_against(option)}"

    def choose(self, state: State, frame: Frame, option: str) -> None:
        b: Battle = state.data
        victim = next(b.living_at(frame["impact"]))
        b.cover_held[victim.id] = (b.turn, frame["impact"], option)
        state.emit(self.label(state, frame, option) + " this turn", "fire")
        end(state)


class Shot(Procedure):
    """One shot resolved (§5.4): :func:`release`; then, when the missile lands on an enemy whose
    doorway or corner cover is his owner's to hold, his choice (:class:`HoldCover`); then
    :func:`strike`, and the riders unhorsed and the retreats it orders (§6.8, §5.4.4)."""

    rule = "5.4"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        h = release(state, frame["shooter"], frame["weapon"], frame["aimed"], frame["floor"])
        if h is None:
            end(state)
            return
        frame["impact"] = h
        if frame["floor"] in (None, 0) and cover_threats(b, b.pieces[frame["shooter"]], h):
            call(state, HoldCover, shooter=frame["shooter"], impact=h)
        else:
            self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        orders = strike(state, frame["shooter"], frame["weapon"], frame["aimed"], frame["impact"], frame["floor"])
        if orders:
            goto(state, Retreats, orders=tuple(orders))
        else:
            end(state)


def hit(state: State, weapon_id: str, band: str, cover: str, h: Hex, away: Hex, floor: int = 0) -> list[Aftermath]:
    """A missile landing on ``h`` (§5.4.3), on ``floor`` (the shooter's, §8): each living
    character and loose horse there rolls on the fire table with ``cover``. A rider the result
    puts on foot is left for his owner to place (§6.8), before his retreat; retreats go away
    from ``away``. Stones use it too (§10.4.4), on the ground."""
    b: Battle = state.data
    t = b.tables
    orders: list[Aftermath] = []
    horse = None if floor else b.horse_at(h)  # loose when the missile lands, not the horse of a rider it fells
    for victim in sorted(b.living_at(h, floor), key=lambda p: p.id):
        table = t.data.fire["mounted" if victim.mounted else "foot"]
        die = state.rng.die(10)
        letter = table.result(weapon_id, band, cover, die)
        effect = table.effect(letter, t.counter(victim.id).armoured)
        state.emit(f"{victim.id} ({cover} cover): d10 {die} -> {letter}", "fire")
        if lands(victim, effect.harm, effect.horse_killed):
            orders.append(Unhorsing(victim.id, effect.harm, effect.horse_killed))
        else:
            hurt(b, victim.id, effect.harm, effect.horse_killed)
        if effect.retreat and b.pieces[victim.id].alive:
            orders.append(RetreatOrder(victim.id, effect.retreat, away=away))
    if horse is not None:  # §6.8: a loose horse dies on D or E, unmoved otherwise
        armoured = t.data.horses.horse(t.counter(horse.owner).mounted.horse).armoured  # type: ignore[union-attr]
        die = state.rng.die(10)
        letter = t.data.fire["mounted"].result(weapon_id, band, cover, die)
        if t.data.fire["mounted"].effect(letter, armoured).horse_killed:
            kill_horse(b, horse.owner)
        state.emit(f"{horse.owner}'s loose horse: d10 {die} -> {letter}", "fire")
    return orders


# --------------------------------------------------------------------------- step 1: offensive fire


def offensive_shooters(b: Battle, side: str) -> list[str]:
    """``side``'s characters that may fire now at something (§5, §5.2)."""
    enemies = sorted((p for p in b.enemies_of(side) if p.alive), key=lambda p: p.id)
    aims = [h for p in enemies for h in p.hexes()]
    where = b.living_index()
    reach = b.tables.reach  # 0: no missile weapon, so no shot
    # may_fire written out, so that the weapons are looked up once: _unfired, usable_weapons, _free_to_fire
    return sorted(p.id for p in b.pieces.values() if p.side == side and reach[p.id] and _unfired(b, p) and _within_range(b, p, aims)
                  and (weapons := usable_weapons(b, p)) and _free_to_fire(b, p, where)
                  and next(_targets(b, p, weapons, enemies, where), None) is not None)


class OffensiveFire(SideChoice):
    """Step 1: the phasing side's shooters fire one at a time, each once (§2.1, §5)."""

    rule = "5"
    kind = "offensive-fire"
    prompt = "Pick a shooter, or end offensive fire"

    def start(self, state: State, frame: Frame) -> None:
        state.data.step = 1
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        return [*(("fire", pid) for pid in offensive_shooters(state.data, state.data.side)), ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[str, ...]) -> str:
        return f"fire with {option[1]}" if option[0] == "fire" else "end offensive fire"

    def choose(self, state: State, frame: Frame, option: tuple[str, ...]) -> None:
        if option[0] == "end":
            end(state)
        else:
            call(state, AimShot, shooter=option[1])

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, OffensiveFire)


def _target_label(b: Battle, shooter: Piece, weapon: str, h: Hex, floor: int | None = None) -> str:
    up = shooter.floor if floor is None else floor
    who = next((p.id for p in b.living_at(h, up)), "?")
    return f"{b.tables.data.weapons[weapon].name.lower()} at {who} on {hex_label(h)}{' upstairs' * up}"


class AimShot(SideChoice):
    """The shooter's weapon and target hex (a rider's either hex, §5.4); the shot is resolved
    at once and its retreats follow (§5.4.4)."""

    rule = "5.4"
    kind = "aim"
    prompt = "Choose the weapon and the target"

    def options(self, state: State, frame: Frame) -> list[Aim]:
        b: Battle = state.data
        return targets(b, b.pieces[frame["shooter"]])

    def label(self, state: State, frame: Frame, option: Aim) -> str:
        return _target_label(state.data, state.data.pieces[frame["shooter"]], *option)

    def choose(self, state: State, frame: Frame, option: Aim) -> None:
        goto(state, Shot, shooter=frame["shooter"], weapon=option[0], aimed=option[1], floor=_aim_floor(option))


def _aim_floor(aim: Sequence[Any]) -> int | None:
    """The target's floor an aim names (:data:`Aim`), or None: the shooter's."""
    return aim[2] if len(aim) > 2 else None


# --------------------------------------------------------------------------- defensive fire (§5.3)


def defensive_weapons(b: Battle, piece: Piece, where: Mapping[Hex, tuple[Piece, ...]] | None = None) -> list[Weapon]:
    """The weapons ``piece`` may fire defensively now (§5.1-§5.3, A-09): it may fire at all,
    made no melee attack in its side's preceding phase, was not attacked (in melee or by
    fire) since the start of the previous game turn's enemy phase (errata 4: attacked in
    the previous turn), and moved in its own preceding phase no more than the weapon allows
    before defensive fire (the "both" limit if it also fired then). ``where``: as for
    :func:`engaged`."""
    out = _weapons_after_moving(b, piece)
    return out if out and _unfired(b, piece) and _free_to_fire(b, piece, where) else []  # may_fire: the dearest last


def _weapons_after_moving(b: Battle, piece: Piece) -> list[Weapon]:
    """:func:`defensive_weapons` before the tests it shares with :func:`may_fire`: those the
    attacks and the moves of the last phases leave (§5.3, A-09)."""
    p = b.phase
    if not piece.able or b.attacked_in.get(piece.id) == p - 1 or b.targeted_in.get(piece.id, p - 3) >= p - 2:
        return []
    phase, mp = b.moved_in.get(piece.id, (0, 0))
    moved = mp if phase == p - 1 else 0
    fired = b.fired_in.get(piece.id)
    both = fired is not None and fired[0] == p - 1
    mount = "mounted" if piece.mounted else "foot"
    ma = b.ma(piece)
    out = []
    for weapon in usable_weapons(b, piece):
        mode = weapon.mode(mount)
        assert mode is not None
        limit = mode.both_move if both else mode.defensive_move
        allowed = None if limit is None else limit.allowance(ma)
        if allowed is not None and moved <= allowed:
            out.append(weapon)
    return out


def _refire_kind(b: Battle, target: Piece) -> str:
    """The row of the re-fire table for ``target`` (§5.3): a rider riding its declared charge
    this phase counts as charging (A-16)."""
    if target.mounted:
        charge = b.charges.get(target.id)
        return "mounted_charging" if charge is not None and charge.phase == b.phase else "mounted"
    return "foot_wounded" if target.health == "wounded" else "foot"


def _refire_ready(b: Battle, target: Piece, hexes: int) -> bool:
    """Whether the moving ``target`` may be fired on now (§5.3, A-61): not closed for the
    turn, and moved on far enough since the last volley at it."""
    if target.id in b.closed_targets:
        return False
    last = b.volleys.get(target.id)
    if last is None:
        return True
    return hexes - last >= b.tables.data.defensive_fire.refire_hexes(_refire_kind(b, target))


def _defensive_shooters(b: Battle, target: Piece, named: tuple[str, ...]) -> list[Piece]:
    """The enemies of the moving ``target`` not named yet that pass the cheap tests of
    :func:`defensive_weapons` (able, not fired this phase, §5.1) and :func:`_within_range`, by
    id: most windows end here, with nobody to ask the dearer tests of."""
    side, reach, fired_in, phase = target.side, b.tables.reach, b.fired_in, b.phase  # reach 0: no missile weapon
    out = []
    armed = [(p, p.id) for p in b.pieces.values() if p.side != side and reach[p.id]]
    for p, pid in _in_reach(b, armed, target):  # _unfired written out: asked at every window
        fired = fired_in.get(pid)
        if p.health in ABLE and (fired is None or fired[0] != phase) and pid not in named:
            out.append(p)
    return sorted(out, key=BY_ID) if len(out) > 1 else out


_T = TypeVar("_T")


def _in_reach(b: Battle, shooters: Iterable[tuple[Piece, _T]], target: Piece) -> list[tuple[Piece, _T]]:
    """The ``shooters`` (each with something of its own) with ``target``'s head or rear hex
    within the longest range of their weapons (:func:`_within_range` written out, the
    distances too: asked at every window)."""
    (hq, hr), (rq, rr) = target.footprint[0], target.footprint[-1]  # a man on foot: the same hex twice
    reach = b.tables.reach
    out: list[tuple[Piece, _T]] = []
    for p, own in shooters:
        longest = reach[p.id]
        q, r = p.hex
        dq, dr = q - hq, r - hr
        if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > longest:
            dq, dr = q - rq, r - rr
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > longest:
                continue
        out.append((p, own))
    return out


MoveShooters = tuple[tuple[str, tuple[str, ...]], ...]
"""(shooter id, weapon ids) by id: :func:`move_shooters`."""


def move_shooters(b: Battle, side: str) -> MoveShooters:
    """The enemies of ``side`` that pass the tests of :func:`defensive_weapons` which no step
    of one of its moves changes, by id, with the weapons left them: armed with a missile
    weapon, able, not fired this phase (§5.1), with a weapon their moves and attacks of the
    last phases leave (§5.3, A-09). A move's record keeps them (``MoveRecord.shooters``) from
    its first window until a volley is fired (:class:`UnderFire`); each window then asks
    only them the range, the contact test and the lines (:func:`_defensive_shots` with
    ``among``). A property test compares them with this scan at every window of a move."""
    reach = b.tables.reach
    out = []
    for p in sorted(b.pieces.values(), key=BY_ID):
        if p.side != side and reach[p.id] and _unfired(b, p):
            weapons = _weapons_after_moving(b, p)
            if weapons:
                out.append((p.id, tuple(w.id for w in weapons)))
    return tuple(out)


def _move_shooters_in_reach(b: Battle, among: MoveShooters, target: Piece) -> list[tuple[Piece, tuple[str, ...]]]:
    """The move's shooters (:func:`move_shooters`) that could reach ``target`` (:func:`_in_reach`),
    each with its weapon ids."""
    pieces = b.pieces
    return _in_reach(b, [(pieces[pid], weapons) for pid, weapons in among], target)


def _defensive_shots(b: Battle, target: Piece, named: tuple[str, ...],
                     among: MoveShooters | None = None) -> Iterator[tuple[Any, ...]]:
    """:func:`defensive_shots`, one at a time: who stands where is looked up only once a
    shooter has a weapon its moves and attacks leave it (:func:`defensive_weapons` in that
    order). ``among``: the move's :func:`move_shooters`, when a move's window has them
    (nobody named yet): only their range is asked before the contact test and the lines."""
    where: dict[Hex, tuple[Piece, ...]] | None = None
    if among is None:
        shooters: Iterator[tuple[Piece, list[Weapon]]] = (
            (piece, _weapons_after_moving(b, piece)) for piece in _defensive_shooters(b, target, named))
    else:
        weapon_of = b.tables.data.weapons
        shooters = ((piece, [weapon_of[w] for w in ids]) for piece, ids in _move_shooters_in_reach(b, among, target))
    for piece, weapons in shooters:
        if not weapons:
            continue
        if where is None:
            where = b.living_index()
        if _free_to_fire(b, piece, where):  # _defensive_shooters asked _unfired
            for aim in _targets(b, piece, weapons, [target], where):
                yield (piece.id, *aim)


def defensive_shots(b: Battle, target: Piece, named: tuple[str, ...] = ()) -> list[tuple[Any, ...]]:
    """(shooter, weapon, aimed hex) for every shot the non-phasing side may still name against
    the moving ``target`` (§5.3): eligible shooters not named yet, at either hex of a rider."""
    return list(_defensive_shots(b, target, named))


class UnderFire(Procedure):
    """After each hex a mover enters: the defensive-fire window (§5.3), at the mover and then
    at a ladder's following carrier, who moves with it (§10.1.2); then the move goes on,
    unless one of them was stunned, killed, unhorsed or driven back, which ends it."""

    rule = "5.3"

    skip_unreached: ClassVar[bool] = True
    """False: the plain way, every window opened, to ask its shooters itself. True: a window
    none of the move's shooters could reach the mover in (:func:`_move_shooters_in_reach`) is
    not opened: it would end at once, asking nobody (a property test plays the same games both
    ways)."""

    def start(self, state: State, frame: Frame) -> None:
        rec = frame.record
        pieces = state.data.pieces
        if rec.partner:
            movers: tuple[str, ...] = (rec.mover, rec.partner)
            where: tuple[tuple[Hex, ...], ...] = (pieces[rec.mover].footprint, pieces[rec.partner].footprint)
        else:
            movers, where = (rec.mover,), (pieces[rec.mover].footprint,)
        frame.vars.update(movers=movers, where=where, next=0)
        self.resume(state, frame, None)  # the first window at once

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        rec = frame.record
        b: Battle = state.data
        pieces = b.pieces
        vars = frame.vars
        movers = vars["movers"]
        n = vars["next"]
        if result:
            rec.shooters = rec.blocked = None  # a volley was fired: who may fire, who blocks, asked again
        while n < len(movers):
            mover, n = movers[n], n + 1
            shooters = _shooters(b, rec)
            if self.skip_unreached and not _move_shooters_in_reach(b, shooters, pieces[mover]):
                continue
            vars["next"] = n
            call(state, DefensiveFire, mover=mover, hexes=rec.hexes, shooters=shooters)
            return
        for m, hexes in zip(movers, vars["where"]):  # stunned, killed, unhorsed or driven back
            p = pieces[m]
            if p.health not in ABLE or p.footprint != hexes:
                finish_move(state, rec)
                return
        goto(state, MoveStep, record=rec)


def _shooters(b: Battle, rec: MoveRecord) -> MoveShooters:
    """The move's :func:`move_shooters`, found at its first window and kept on its record
    until a volley is fired (nothing else a move does changes them: a property test)."""
    if rec.shooters is None:
        rec.shooters = move_shooters(b, b.pieces[rec.mover].side)
    return rec.shooters


def _fire_at(player: str, target: str) -> Action:
    """The non-phasing player's one response in the defensive-fire window (§5.3)."""
    return Action(player, f"fire at {target}", "defensive-fire", (target,))


class DefensiveFire(Window):
    """The non-phasing player may stop the mover here and fire at it (§5.3)."""

    rule = "5.3"
    kind = "defensive-fire"
    prompt = "Fire defensively at the moving character, or pass"
    pass_label = "no defensive fire"

    def responders(self, state: State, frame: Frame) -> list[str]:
        b: Battle = state.data
        return [b.non_phasing]

    def responses(self, state: State, frame: Frame, player: str) -> list[Action]:
        b: Battle = state.data
        target = b.pieces[frame["mover"]]
        if (not target.alive or not _refire_ready(b, target, frame["hexes"])  # a move's window has its shooters
                or next(_defensive_shots(b, target, (), frame.vars.get("shooters")), None) is None):
            return []
        return [_fire_at(player, target.id)]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        """The fire and the pass, without searching the shots again: the window waits on
        ``player`` only once :meth:`responses` found a shot for it, as it opened, and nothing
        changes while it waits. A property test checks this against ``responses`` at every
        window of random games."""
        return [_fire_at(player, frame["mover"]), Action(player, self.pass_label, "pass")]

    def respond(self, state: State, frame: Frame, action: Action) -> None:
        b: Battle = state.data
        target = action.args[0]
        if b.defensive_target and b.defensive_target != target:
            b.closed_targets.add(b.defensive_target)  # once fire switches, no return
        b.defensive_target = target
        b.volleys[target] = frame["hexes"]
        call(state, Volley, target=target, named=())


class Volley(Choice):
    """Name the shooters of one volley, one at a time with weapon and hex, before any shot
    is resolved (§5.3: simultaneous fire)."""

    rule = "5.3"
    kind = "volley"
    prompt = "Name another shooter, or fire the volley"

    follow_forced: ClassVar[bool] = True
    """False: the plain way of a choice (:meth:`Choice.start`), the only shooter left named by
    a step of its own that searches the shots afresh (the reference a property test plays
    the same games with)."""

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.non_phasing

    def start(self, state: State, frame: Frame) -> None:
        """As :meth:`Choice.start`, but while a single shot is left to name, it is named here
        at once, as the choice would name it (no decision, nothing said), from the shots
        searched once: nothing changes on the board while a volley is named (§5.3)."""
        if not self.follow_forced:
            super().start(state, frame)
            return
        b: Battle = state.data
        shots = defensive_shots(b, b.pieces[frame["target"]], tuple(shot[0] for shot in frame["named"]))
        opts = _volley_options(shots, frame["named"])
        while len(opts) == 1 and opts[0][0] == "name":
            frame.vars["named"] = (*frame["named"], opts[0][1:])
            opts = _volley_options(shots, frame["named"])
        self.start_with(state, frame, opts)  # a lone "fire the volley" is fired at once

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        named = frame["named"]
        return _volley_options(defensive_shots(b, b.pieces[frame["target"]], tuple(shot[0] for shot in named)), named)

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "fire":
            return "fire the volley"
        weapon = state.data.tables.data.weapons[option[2]].name.lower()
        up = " upstairs" * bool(state.data.pieces[frame["target"]].floor)
        return f"{option[1]}: {weapon} at {frame['target']} on {hex_label(option[3])}{up}"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option[0] == "fire":
            b: Battle = state.data
            for shooter, weapon, *_ in frame["named"]:
                b.fired_in[shooter] = (b.phase, weapon)  # every named shot is spent (§5.3)
            goto(state, FireVolley, shots=frame["named"], next=0)
        else:
            goto(state, Volley, target=frame["target"], named=(*frame["named"], option[1:]))


def _volley_options(shots: Sequence[tuple[Any, ...]], named: tuple[tuple[Any, ...], ...]) -> list[tuple[Any, ...]]:
    """:meth:`Volley.options` from the shots of the shooters not named yet (``shots`` may hold
    those of the shooters named since they were searched: they are left out), then the fire
    once someone is named."""
    done = {shot[0] for shot in named}
    return [*(("name", *shot) for shot in shots if shot[0] not in done), *([("fire",)] if named else [])]


class FireVolley(Procedure):
    """The named shots, one after another, each seeing the results of the ones before
    (§5.4); a retreat a shot orders is made at once (§5.4.4)."""

    rule = "5.4"

    def start(self, state: State, frame: Frame) -> None:
        self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        shots = frame["shots"]
        i = frame["next"]
        if i >= len(shots):
            end(state)
            return
        frame["next"] = i + 1
        shooter, weapon, aimed, *floor = shots[i]
        call(state, Shot, shooter=shooter, weapon=weapon, aimed=aimed, floor=_aim_floor((weapon, aimed, *floor)))
