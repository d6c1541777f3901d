"""Castles (§9): palisades, platforms, the lifting gate, towers with arrow slits, chapels with
cross windows, as hooks the movement, fire and melee rules call.

Representation (a reading; the Keep map is an original): the palisade and the gate are hexes
that rise one level above the ground (``Terrain.height``) and are impassable; platforms stand
one level up behind the palisade, reached by stairs across a crest, cliffs everywhere else; a
tower or chapel is a building of §8 whose arrow slits and cross windows are impassable openings
in its walls (``opening: slit``). A gate or palisade hex changed in play (a gate open or
destroyed, a palisade destroyed) is kept in :attr:`~banneret_guiscard.state.Battle.structures`
and reads as the terrain its record ``changes_to`` names (:func:`terrain_at`); so does a hex
with a raised ladder, as the vertical ladder's terrain (§10.1, :mod:`banneret_guiscard.ladders`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from banneret.boards.hexgrid import Hex, crossed_hexsides
from banneret_guiscard.data_model import Terrain
from banneret_guiscard.state import Battle, Ladder, Piece, tables_for

__all__ = ["VERTICAL_LADDER", "raised_at", "terrain_at", "castle_inside", "breached", "fire_blocked", "friend_beside",
           "castle_cover",
           "gate_choices", "work_gate"]

VERTICAL_LADDER = "vertical_ladder"
"""The terrain a raised ladder's hex reads as while it stands (§10.1)."""


def raised_at(b: Battle, h: Hex) -> Ladder | None:
    """The raised ladder standing on ``h``, if any (§10.1.2)."""
    for ladder in b.ladders.values():
        if ladder.against is not None and ladder.hexes[0] == h:
            return ladder
    return None


def terrain_at(b: Battle, h: Hex) -> Terrain:
    """The terrain of ``h`` as it stands now: a raised ladder's hex (§10.1), a gate open or
    destroyed, a palisade destroyed (§9.2.1, §9.2.3), else the map's."""
    if b.ladders and raised_at(b, h) is not None:
        return b.tables.data.terrain.terrains[VERTICAL_LADDER]
    terrain = b.tables.terrain[h]
    changed = b.structures.get(h)
    if changed is None or changed[0] not in terrain.changes_to:
        return terrain
    return b.tables.data.terrain.terrains[terrain.changes_to[changed[0]]]


@functools.cache
def castle_inside(scenario_id: str) -> frozenset[Hex]:
    """The hexes inside the castle: the castle's own hexes and all a man on foot reaches from
    them without passing the palisade, the gate or a wall (its towers and chapels); built
    once per scenario."""
    t = tables_for(scenario_id)
    stack = [h for h, terrain in t.terrain.items() if terrain.enclosed == "castle"]
    inside: set[Hex] = set()
    while stack:
        h = stack.pop()
        if h in inside:
            continue
        inside.add(h)
        stack += [n for n in t.crossable[h] if n not in inside and t.terrain[n].cost_foot is not None]
    return frozenset(inside)


def breached(b: Battle, h: Hex) -> bool:
    """A palisade or gate hex a line of fire may pass: destroyed, or a gate open (§9.4.2)."""
    return terrain_at(b, h) is not b.tables.terrain[h]


def fire_blocked(b: Battle, shooter: Piece, target: Hex, path: list[Hex]) -> bool:
    """Whether a castle rule forbids this shot on this line: from a platform or arrow slit at a
    target with a friend of the shooter next to it on its level (§9.3.4); from outside at the
    castle's ground, unless the line comes through a breach or the open gate (§9.4.2)."""
    t = b.tables
    if t.terrain[shooter.hex].vantage and friend_beside(b, shooter, target):
        return True
    inside = castle_inside(t.scenario.id)
    ground = t.terrain[target].enclosed == "castle" and not t.terrain[target].vantage
    return ground and shooter.hex not in inside and not any(breached(b, h) for h in path[1:-1])


def friend_beside(b: Battle, shooter: Piece, target: Hex) -> bool:
    """Whether a living friend of ``shooter`` stands on the ground next to ``target`` on its
    level: no shot from a height then (§9.3.4), a platform, an arrow slit or an upper storey."""
    t = b.tables
    return any(p.alive and p.side == shooter.side and p.id != shooter.id and not p.floor
               and t.level[h] == t.level[target] and h in t.around[target] for p in b.pieces.values() for h in p.hexes())


def castle_cover(b: Battle, shooter: Hex, target: Hex, path: list[Hex], cover: str) -> str:
    """The target's cover on one reading of the line: heavy on a platform or arrow-slit hex when
    the line crosses the slit or the palisade beside it (§9.4.1); at least light on the castle's
    ground shot through a breach or the open gate (§9.4.2)."""
    t = b.tables
    terrain = t.terrain[target]
    if terrain.vantage:
        beside = [h for h in path[1:-1] if h in t.around[target] and terrain_at(b, h).height > 0]
        slit = any(target in side and (f := t.board.feature(*side).get("feature")) is not None
                   and t.data.terrain.hexside_features[f].opening == "slit" for side in crossed_hexsides(path))
        if beside or slit:
            return "heavy"
    if terrain.enclosed == "castle" and shooter not in castle_inside(t.scenario.id) and any(
            breached(b, h) for h in path[1:-1]):
        return "light" if cover == "none" else cover
    return cover


# --------------------------------------------------------------------------- working the gate (§9.2.3)


@functools.cache
def _gates(scenario_id: str) -> tuple[Hex, ...]:
    """The map's hexes that are worked from inside (the lifting gate), built once per scenario."""
    t = tables_for(scenario_id)
    return tuple(sorted(h for h, terrain in t.terrain.items() if terrain.worked_mp is not None))


def gate_choices(b: Battle, free: Iterable[str], left: Callable[[str], int]) -> list[tuple[str, Hex, str]]:
    """(character, gate hex, ``open`` or ``close``) in the movement step (§9.2.3, reading: the
    rules say the gate is worked with chains, not by whom nor when): a character of ``free``
    on foot, on a ground hex inside the castle next to the gate, that has spent no MP this
    phase and has the gate's ``worked_mp`` left (``left``), may raise a closed gate or lower an
    open one; never a destroyed gate, nor onto a character, a horse or bodies on its hex."""
    gates = _gates(b.tables.scenario.id)
    if not gates:
        return []
    t = b.tables
    inside = castle_inside(t.scenario.id)
    out = []
    for pid in free:
        piece = b.pieces[pid]
        if piece.mounted or pid in b.left or piece.hex not in inside or t.terrain[piece.hex].vantage:
            continue
        for h in gates:
            changed = b.structures.get(h)
            if h not in t.around[piece.hex] or left(pid) < (t.terrain[h].worked_mp or 0):
                continue
            if changed is None:
                out.append((pid, h, "open"))
            elif changed[0] == "open" and b.free(h) and h not in b.bodies:
                out.append((pid, h, "close"))
    return out


def work_gate(b: Battle, pid: str, h: Hex, what: str, mp_left: int) -> None:
    """The character spends the gate's ``worked_mp`` of the ``mp_left`` it has on the chains and
    may go on moving with the rest; the gate opens, or closes back to the map's state."""
    cost = b.tables.terrain[h].worked_mp or 0
    b.left[pid] = mp_left - cost
    b.spent[pid] = b.spent.get(pid, 0) + cost
    if what == "open":
        b.structures[h] = ("open", b.turn)
    else:
        del b.structures[h]
