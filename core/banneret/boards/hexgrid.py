"""Hex grids in axial coordinates: distance, rings, lines, rotation, facing and hex maps.

A hex is a plain ``(q, r)`` tuple (the third cube coordinate is ``s = -q - r``); tuples keep
the hot paths of simulations cheap. Nothing here assumes pointy or flat tops: only the
drawing of a map differs, never the arithmetic. Direction indices 0..5 follow
:data:`DIRECTIONS`; turning by +1 is a 60-degree step counter-clockwise in that order (as
drawn with ``r`` growing down the screen), so "left" of a facing is the ``+1`` side.

Beyond distances and lines the module carries the geometry tactical hex games share:
facing arcs, two-hex counters (a rider: head and tail) and how they step and turn, the
hexsides a line crosses, and line of sight with levels. It knows no terrain: callers say
what blocks through predicates.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

import networkx as nx

from banneret.errors import DataError

__all__ = [
    "Hex",
    "Hexside",
    "DIRECTIONS",
    "neighbour",
    "neighbours",
    "direction_to",
    "opposite",
    "distance",
    "ring",
    "disc",
    "rotate",
    "translate",
    "line",
    "line_both",
    "line_from_side",
    "hexside",
    "crossed_hexsides",
    "straight_direction",
    "Arc",
    "arc",
    "closest_direction",
    "turn_steps",
    "two_hex_footprint",
    "front_hexes",
    "StepKind",
    "TwoHexStep",
    "two_hex_step",
    "two_hex_steps",
    "two_hex_walk",
    "SightView",
    "HexMap",
]

Hex = tuple[int, int]
Hexside = tuple[Hex, Hex]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_DIRECTION_INDEX: dict[Hex, int] = {d: i for i, d in enumerate(DIRECTIONS)}

# Cube-space nudge for lines: three different magnitudes summing to zero, so a sample that
# falls exactly on a hexside or a vertex always rounds the same way (and the opposite way
# under the negated nudge, which is how line_both finds the other side of a hexside).
_NUDGE = (1e-6, 2e-6, -3e-6)

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` in ``direction`` (any integer; taken modulo 6)."""
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, in :data:`DIRECTIONS` order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int:
    """The direction index from ``a`` to the adjacent hex ``b``."""
    try:
        return _DIRECTION_INDEX[(b[0] - a[0], b[1] - a[1])]
    except KeyError:
        raise ValueError(f"hexes {a} and {b} are not adjacent") from None


def opposite(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes at exactly ``radius`` from ``center``.

    The order is a walk round the ring (each hex adjacent to the next), starting at
    ``center + radius * DIRECTIONS[4]`` and heading first in direction 0.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be 0 or more, not {radius}")
    if radius == 0:
        return [center]
    dq, dr = DIRECTIONS[4]
    q, r = center[0] + dq * radius, center[1] + dr * radius
    out: list[Hex] = []
    for dq, dr in DIRECTIONS:
        for _ in range(radius):
            out.append((q, r))
            q += dq
            r += dr
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, sorted by ``(q, r)``."""
    if radius < 0:
        raise ValueError(f"disc radius must be 0 or more, not {radius}")
    cq, cr = center
    return [
        (cq + dq, cr + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]


def rotate(h: Hex, steps: int, center: Hex = (0, 0)) -> Hex:
    """Turn ``h`` about ``center`` by ``steps`` sixths of a turn (positive: direction i -> i+1)."""
    q, r = h[0] - center[0], h[1] - center[1]
    for _ in range(steps % 6):
        q, r = q + r, -q
    return (q + center[0], r + center[1])


def translate(h: Hex, by: Hex) -> Hex:
    """``h`` shifted by the vector ``by``."""
    return (h[0] + by[0], h[1] + by[1])


def _cube_round(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return (rx, ry)


def _line(a: Hex, b: Hex, sign: int) -> list[Hex]:
    n = distance(a, b)
    if n == 0:
        return [a]
    ex, ey, ez = (sign * e for e in _NUDGE)
    ax, ay = a[0] + ex, a[1] + ey
    az = -a[0] - a[1] + ez
    bx, by = b[0] + ex, b[1] + ey
    bz = -b[0] - b[1] + ez
    out = [a]
    for i in range(1, n):
        t = i / n
        out.append(_cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t))
    out.append(b)
    return out


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, both ends included.

    Where the line runs exactly along a hexside the choice of side is fixed (the ``+`` nudge
    of :func:`line_both`), so the result never depends on floating-point luck.
    """
    return _line(a, b, 1)


def line_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line from ``a`` to ``b`` nudged to either side.

    The two lists are equal unless the line runs along hexsides; then they are the hexes on
    each side, which lets a game block sight along a hexside only when both sides block.
    """
    return _line(a, b, 1), _line(a, b, -1)


def _doubled_dot(u: Hex, v: Hex) -> int:
    """Twice the dot product of two axial vectors drawn with neighbours at unit distance."""
    return 2 * u[0] * v[0] + u[0] * v[1] + u[1] * v[0] + 2 * u[1] * v[1]


def _walk(start: tuple[float, float, float], end: tuple[float, float, float], first: Hex) -> list[Hex]:
    """Every hex the segment from ``start`` to ``end`` (cube points) passes through, in order.

    Exact: the walk starts in ``first`` (the hex the segment enters from ``start``) and
    leaves each hex through the edge the segment meets first. The points come nudged
    (:data:`_NUDGE`), so the segment never meets a vertex and the exit is unique.
    """
    v = [e - s for s, e in zip(start, end)]
    h = first
    last = _cube_round(*end)
    out = [h]
    # a straight segment enters at most three hexes per hex of length, plus the one it starts in
    for _ in range(3 * distance(h, last) + 3):
        if h == last:
            return out
        centre = (h[0], h[1], -h[0] - h[1])
        exits = []
        for direction, (dq, dr) in enumerate(DIRECTIONS):
            d = (dq, dr, -dq - dr)
            rate = sum(vk * dk for vk, dk in zip(v, d))
            if rate > 0:
                # the edge towards d is where (point - centre) . d reaches 1
                offset = sum((sk - ck) * dk for sk, ck, dk in zip(start, centre, d))
                exits.append(((1 - offset) / rate, direction))
        h = neighbour(h, min(exits)[1])
        out.append(h)
    raise AssertionError(f"the walk from {start} to {end} did not arrive")  # pragma: no cover


def line_from_side(a: Hex, through: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line from the middle of the hexside between ``a`` and ``through`` to ``b``'s centre.

    For shots that start at an opening (a window or a slit in ``a``'s edge) rather than at
    ``a``'s centre. Each of the two readings (nudged to either side, as in :func:`line_both`)
    starts with ``a`` and then lists every hex the line passes through, so consecutive hexes
    are adjacent and :func:`crossed_hexsides` puts the opening first when the line leaves
    through it.
    """
    outwards = DIRECTIONS[direction_to(a, through)]
    mq, mr = (a[0] + through[0]) / 2, (a[1] + through[1]) / 2
    # which side of the hexside the line heads into, exactly: twice (b - midpoint) is whole
    heading = _doubled_dot((2 * b[0] - a[0] - through[0], 2 * b[1] - a[1] - through[1]), outwards)
    readings = []
    for sign in (1, -1):
        ex, ey, ez = (sign * e for e in _NUDGE)
        start = (mq + ex, mr + ey, -mq - mr + ez)
        first = through if heading > 0 else a if heading < 0 else _cube_round(*start)
        walk = _walk(start, (b[0] + ex, b[1] + ey, -b[0] - b[1] + ez), first)
        readings.append(walk if walk[0] == a else [a, *walk])
    return readings[0], readings[1]


def hexside(a: Hex, b: Hex) -> Hexside:
    """Canonical key of the edge between adjacent hexes: the sorted pair."""
    direction_to(a, b)  # raises ValueError unless adjacent
    return (a, b) if a < b else (b, a)


def crossed_hexsides(path: Sequence[Hex]) -> list[Hexside]:
    """The hexsides a walk through adjacent hexes crosses, in order, each once.

    Given a line from :func:`line` or :func:`line_both`, these are the edges the line of
    sight passes through, so a game can ask whether it crosses a wall or a window.
    """
    return [hexside(x, y) for x, y in zip(path, path[1:])]


def straight_direction(path: Sequence[Hex]) -> int | None:
    """The direction every step of ``path`` takes, or ``None`` unless it is one straight row.

    A path of fewer than two hexes has no direction.
    """
    if len(path) < 2:
        return None
    first = direction_to(path[0], path[1])
    if all(y == neighbour(x, first) for x, y in zip(path, path[1:])):
        return first
    return None


Arc = Literal["front", "left", "right", "rear"]


def arc(origin: Hex, facing: int, h: Hex) -> Arc:
    """Which arc of a counter at ``origin`` facing ``facing`` the hex ``h`` lies in.

    Arcs are cones of bearing, so they reach across the whole map: ``front`` within 60
    degrees of the facing either way (the three front neighbours included), ``left`` and
    ``right`` from there up to 120 degrees (the two side neighbours included), ``rear`` the
    rest. For a two-hex counter measure from its head. Exact integer arithmetic: a hex on a
    boundary always falls in the same arc.
    """
    v = (h[0] - origin[0], h[1] - origin[1])
    if v == (0, 0):
        raise ValueError(f"hex {h} is the counter's own hex: it has no bearing")
    d = DIRECTIONS[facing % 6]
    dot = _doubled_dot(v, d)
    # cos(angle) = dot / sqrt(|v|^2 |d|^2), with both squared lengths doubled alike
    lengths = _doubled_dot(v, v) * _doubled_dot(d, d)
    if dot >= 0 and 4 * dot * dot >= lengths:
        return "front"
    if dot >= 0 or 4 * dot * dot <= lengths:
        # the sign of the cross product tells the sides apart; +1 turns count as left
        return "left" if d[0] * v[1] - d[1] * v[0] < 0 else "right"
    return "rear"


def closest_direction(a: Hex, b: Hex, quarter_turns: int = 0) -> int:
    """The direction nearest in bearing to the line from ``a`` to ``b`` turned by right angles.

    ``quarter_turns`` 0 gives the direction onwards along the line, 2 back along it, 1 and -1
    square to it on the left (the ``+1`` side) and the right: the hexes round a target
    beyond, short of and beside a line of fire. A bearing halfway between two directions
    goes to the one nearer the line's own bearing, then to the lower index.
    """
    v = (b[0] - a[0], b[1] - a[1])
    if v == (0, 0):
        raise ValueError(f"hexes {a} and {b} are the same: the line has no bearing")

    def score(direction: int) -> tuple[int, int, int]:
        d = DIRECTIONS[direction]
        along = _doubled_dot(v, d)  # grows with cos(angle from the line)
        leftward = d[0] * v[1] - d[1] * v[0]  # grows with sin(angle), positive to the left
        turned = (along, leftward, -along, -leftward)[quarter_turns % 4]
        return turned, along, -direction

    return max(range(6), key=score)


def turn_steps(from_facing: int, to_facing: int) -> int:
    """The fewest 60-degree steps turning from one facing to another (0 to 3)."""
    steps = (to_facing - from_facing) % 6
    return min(steps, 6 - steps)


def two_hex_footprint(head: Hex, facing: int) -> tuple[Hex, Hex]:
    """The hexes under a two-hex counter: its ``head`` and the tail hex behind it."""
    return head, neighbour(head, opposite(facing))


def front_hexes(head: Hex, facing: int) -> list[Hex]:
    """The three hexes in the frontal arc of a counter: right of ahead, ahead, left of ahead."""
    return [neighbour(head, facing - 1), neighbour(head, facing), neighbour(head, facing + 1)]


StepKind = Literal["front", "flank", "pivot_side", "pivot_back", "about_turn"]


@dataclass(frozen=True, slots=True)
class TwoHexStep:
    """Where a two-hex counter stands after one step, and how sharp the step was.

    ``kind`` grades the step for turning costs: ``front`` (the head enters one of its three
    front hexes), ``flank`` (a hex beside both head and tail), ``pivot_side`` and
    ``pivot_back`` (the head swings round the tail, which stays put, into a hex beside or
    behind it), ``about_turn`` (head and tail swap in place).
    """

    head: Hex
    facing: int
    kind: StepKind

    @property
    def tail(self) -> Hex:
        """The counter's rear hex, always adjacent to its head."""
        return neighbour(self.head, opposite(self.facing))


def two_hex_step(head: Hex, facing: int, to: Hex) -> TwoHexStep:
    """The step a two-hex counter makes when its head enters ``to``.

    ``to`` may be any of the eight hexes round the counter, or its own tail hex for an
    about-turn. The tail follows into the old head hex, except for pivots, where it stays.
    """
    tail = neighbour(head, opposite(facing))
    if to == tail:
        return TwoHexStep(tail, opposite(facing), "about_turn")
    if distance(head, to) == 1:
        direction = direction_to(head, to)
        kind: StepKind = "front" if turn_steps(facing, direction) <= 1 else "flank"
        return TwoHexStep(to, direction, kind)
    if distance(tail, to) == 1:
        direction = direction_to(tail, to)
        return TwoHexStep(to, direction, "pivot_back" if turn_steps(facing, direction) == 3 else "pivot_side")
    raise ValueError(f"hex {to} is not next to the counter on {head} and {tail}")


def two_hex_steps(head: Hex, facing: int) -> list[TwoHexStep]:
    """Every single step a two-hex counter can make: into the eight hexes round it, then about."""
    tail = neighbour(head, opposite(facing))
    around = [neighbour(head, facing + k) for k in (-1, 0, 1, 2, -2)]
    around += [neighbour(tail, facing + k) for k in (2, -2, 3)]
    return [two_hex_step(head, facing, to) for to in (*around, tail)]


def two_hex_walk(head: Hex, facing: int, heads: Iterable[Hex]) -> list[TwoHexStep]:
    """The steps of a two-hex counter whose head enters ``heads`` in turn.

    The footprints of the steps are the hexes the move passes through; a hex that is not
    next to the counter where it then stands raises ``ValueError``.
    """
    steps: list[TwoHexStep] = []
    for to in heads:
        step = two_hex_step(head, facing, to)
        steps.append(step)
        head, facing = step.head, step.facing
    return steps


@dataclass(frozen=True, slots=True)
class SightView:
    """What an obstacle on a line of sight needs to know to decide whether it blocks.

    The levels are those of the two ends (0 = ground). For a hex strictly between the ends
    the distances are from each end to it; for a crossed hexside, from each end to the hex
    of that side on its own side of the edge (0 for an end's own hexside), so an edge
    halfway between the ends has equal distances.
    """

    observer_level: int
    target_level: int
    from_observer: int
    from_target: int

    def hidden_by(self, top: int) -> bool:
        """Whether an obstacle rising to level ``top`` here cuts the line.

        Nothing at or below the lower end's level blocks; anything above both ends does.
        Between the two, the obstacle blocks unless the lower end is at least as far from it
        as the higher end (the lower end is then out of the obstacle's dead ground).
        """
        low, high = sorted((self.observer_level, self.target_level))
        from_low, from_high = (self.from_observer, self.from_target)
        if self.observer_level > self.target_level:
            from_low, from_high = from_high, from_low
        if top <= low:
            return False
        if top > high:
            return True
        return from_low < from_high


class HexMap:
    """A board of hexes with attributes (terrain...) and hexside features (walls, rivers...).

    ``hexes`` maps each on-map hex to its attributes; ``sides`` maps a pair of adjacent
    on-map hexes (either order) to the features of the edge between them. Both are copied,
    and the attribute mappings handed back are read-only.
    """

    __slots__ = ("_hexes", "_sides")

    def __init__(
        self,
        hexes: Mapping[Hex, Mapping[str, Any]] | Iterable[Hex],
        sides: Mapping[tuple[Hex, Hex], Mapping[str, Any]] | None = None,
    ) -> None:
        if isinstance(hexes, Mapping):
            items: list[tuple[tuple[int, ...], dict[str, Any]]] = [(tuple(h), dict(a)) for h, a in hexes.items()]
        else:
            items = [(tuple(h), {}) for h in hexes]
        self._hexes: dict[Hex, Mapping[str, Any]] = {}
        for h, attributes in sorted(items, key=lambda item: item[0]):
            if len(h) != 2:
                raise DataError(f"hex {h}: expected axial coordinates (q, r)")
            if h in self._hexes:
                raise DataError(f"hex {h} is given twice")
            self._hexes[h] = MappingProxyType(attributes)  # type: ignore[index]  # a pair, checked above
        self._sides: dict[Hexside, Mapping[str, Any]] = {}
        for (first, second), features in (sides or {}).items():
            a, b = tuple(first), tuple(second)
            for h in (a, b):
                if h not in self._hexes:
                    raise DataError(f"hexside {a}-{b}: hex {h} is not on the map")
            try:
                key = hexside(a, b)  # type: ignore[arg-type]  # checked as a pair by hexside
            except ValueError:
                raise DataError(f"hexside {a}-{b}: the hexes are not adjacent") from None
            if key in self._sides:
                raise DataError(f"hexside {a}-{b} is given twice")
            self._sides[key] = MappingProxyType(dict(features))

    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __len__(self) -> int:
        return len(self._hexes)

    def hexes(self) -> list[Hex]:
        """Every on-map hex, sorted."""
        return list(self._hexes)

    def attrs(self, h: Hex) -> Mapping[str, Any]:
        """The attributes of an on-map hex (read-only)."""
        try:
            return self._hexes[h]
        except KeyError:
            raise KeyError(f"hex {h} is not on the map") from None

    def neighbours(self, h: Hex) -> list[Hex]:
        """The on-map neighbours of ``h``, in :data:`DIRECTIONS` order."""
        return [n for n in neighbours(h) if n in self._hexes]

    def feature(self, a: Hex, b: Hex) -> Mapping[str, Any]:
        """The features of the hexside between adjacent ``a`` and ``b`` (empty if none)."""
        return self._sides.get(hexside(a, b), _EMPTY)

    def sides(self) -> dict[Hexside, Mapping[str, Any]]:
        """Every hexside that has features, keyed by :func:`hexside`, in sorted order."""
        return dict(sorted(self._sides.items()))

    def graph(self, passable: Callable[[Hex, Hex], bool] | None = None) -> nx.Graph:
        """A fresh ``networkx`` graph of the map for paths and reach.

        Nodes carry the hex attributes, edges the hexside features. ``passable`` is asked
        once per hexside with the pair in :func:`hexside` order, so it should be symmetric;
        edges it refuses are left out.
        """
        g = nx.Graph()
        for h, a in self._hexes.items():
            g.add_node(h, **a)
        for h in self._hexes:
            for n in neighbours(h):
                if n > h and n in self._hexes and (passable is None or passable(h, n)):
                    g.add_edge(h, n, **self._sides.get((h, n), _EMPTY))
        return g

    def line_of_sight(
        self,
        a: Hex,
        b: Hex,
        hex_blocks: Callable[[Hex], bool],
        side_blocks: Callable[[Hexside], bool] | None = None,
    ) -> bool:
        """Whether ``a`` sees ``b`` on a flat map: :meth:`clear_lines` with level-blind tests."""
        sides = None if side_blocks is None else (lambda s, view: side_blocks(s))
        return bool(self.clear_lines(a, b, lambda h, view: hex_blocks(h), sides))

    def clear_lines(
        self,
        a: Hex,
        b: Hex,
        hex_blocks: Callable[[Hex, SightView], bool],
        side_blocks: Callable[[Hexside, SightView], bool] | None = None,
        levels: tuple[int, int] = (0, 0),
        from_side: Hex | None = None,
    ) -> list[list[Hex]]:
        """The lines from ``a`` (at ``levels[0]``) to ``b`` (at ``levels[1]``) that nothing blocks.

        A line grazing hexsides or vertices has two readings, one each side (:func:`line_both`);
        ``a`` sees ``b`` when either is clear, so a single obstacle beside such a line never
        blocks it. The result holds the clear readings (none, one, or two that differ), so a
        game can work out cover from the least obstructed one.

        ``hex_blocks`` is asked about each hex strictly between the ends (on the map or not:
        the caller decides what the edge means), ``side_blocks`` about each hexside crossed;
        both get a :class:`SightView` with the ends' levels and distances, whose
        :meth:`SightView.hidden_by` applies levels to an obstacle's height. Swapping the ends
        (and their levels) gives the same answer whenever the tests themselves are symmetric.

        With ``from_side``, the neighbour of ``a`` across an opening, the lines start at the
        middle of that hexside instead (:func:`line_from_side`); such lines are one-way.
        """
        first, second = line_both(a, b) if from_side is None else line_from_side(a, from_side, b)
        readings = [first] if first == second else [first, second]
        return [path for path in readings if not self._path_blocked(path, hex_blocks, side_blocks, levels)]

    @staticmethod
    def _path_blocked(
        path: list[Hex],
        hex_blocks: Callable[[Hex, SightView], bool],
        side_blocks: Callable[[Hexside, SightView], bool] | None,
        levels: tuple[int, int],
    ) -> bool:
        a, b = path[0], path[-1]
        for h in path[1:-1]:
            if hex_blocks(h, SightView(levels[0], levels[1], distance(a, h), distance(b, h))):
                return True
        if side_blocks is None:
            return False
        return any(
            side_blocks(hexside(x, y), SightView(levels[0], levels[1], distance(a, x), distance(b, y)))
            for x, y in zip(path, path[1:])
        )

    def reach(
        self,
        start: Hex,
        steps: int,
        passable: Callable[[Hex, Hex], bool] | None = None,
    ) -> dict[Hex, int]:
        """Hexes reachable from ``start`` in at most ``steps`` moves, with their distance.

        ``passable(from_hex, to_hex)`` may refuse a step (a wall, an enemy zone); it is asked
        in the direction of travel, so slopes can differ up and down.
        """
        if start not in self._hexes:
            raise KeyError(f"hex {start} is not on the map")
        found = {start: 0}
        frontier = deque([start])
        while frontier:
            h = frontier.popleft()
            d = found[h]
            if d >= steps:
                continue
            for n in neighbours(h):
                if n in self._hexes and n not in found and (passable is None or passable(h, n)):
                    found[n] = d + 1
                    frontier.append(n)
        return found

    def boundary_hexes(self) -> list[Hex]:
        """On-map hexes with at least one off-map neighbour, sorted."""
        return [h for h in self._hexes if any(n not in self._hexes for n in neighbours(h))]
