"""Hex grids in axial coordinates: distance, rings, lines, rotation, facing and hex maps.

A hex is a plain ``(q, r)`` tuple (the third cube coordinate is ``s = -q - r``); tuples keep
the hot paths of simulations cheap. Nothing here assumes pointy or flat tops: only the
drawing of a map differs, never the arithmetic. Direction indices 0..5 follow
:data:`DIRECTIONS`; turning by +1 is a 60-degree step counter-clockwise in that order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

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
    "hexside",
    "two_hex_footprint",
    "front_hexes",
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


def hexside(a: Hex, b: Hex) -> Hexside:
    """Canonical key of the edge between adjacent hexes: the sorted pair."""
    direction_to(a, b)  # raises ValueError unless adjacent
    return (a, b) if a < b else (b, a)


def two_hex_footprint(head: Hex, facing: int) -> tuple[Hex, Hex]:
    """The hexes under a two-hex counter: its ``head`` and the tail hex behind it."""
    return head, neighbour(head, opposite(facing))


def front_hexes(head: Hex, facing: int) -> list[Hex]:
    """The three hexes in the frontal arc of a counter facing ``facing``: left, ahead, right."""
    return [neighbour(head, facing - 1), neighbour(head, facing), neighbour(head, facing + 1)]


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
        """Whether ``a`` sees ``b``.

        Only the hexes strictly between the ends are tested with ``hex_blocks`` (whether on
        the map or not: the caller decides what the map edge means); ``side_blocks``, if
        given, tests each hexside the line crosses. A line running along a hexside is
        blocked only when the lines on both sides of it are blocked.
        """
        first, second = line_both(a, b)
        if not self._line_blocked(first, hex_blocks, side_blocks):
            return True
        return first != second and not self._line_blocked(second, hex_blocks, side_blocks)

    @staticmethod
    def _line_blocked(
        hexes: list[Hex],
        hex_blocks: Callable[[Hex], bool],
        side_blocks: Callable[[Hexside], bool] | None,
    ) -> bool:
        if any(hex_blocks(h) for h in hexes[1:-1]):
            return True
        if side_blocks is None:
            return False
        return any(side_blocks(hexside(x, y)) for x, y in zip(hexes, hexes[1:]))

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
