"""Map genesis (rules section 5) and the static board it produces.

The Old Continent is assembled from eleven four-hex province tiles numbered 2..12. Each tile
is the rhombus tetrahex T1 (0,0), W1 (1,0), W2 (0,1), T2 (1,1) (C-06) placed in one of six
rotations. Geometry comes from :mod:`banneret.boards.hexgrid`; note that the rulebook
digest counts rotations clockwise while ``hexgrid.rotate`` turns counter-clockwise, so a
tile "rotated k times" uses ``rotate(offset, -k)``.

Once placed, the map is frozen into a :class:`Board`: hexes get small integer indices
(province ``n`` owns indices ``4*(n-2) .. 4*(n-2)+3`` in tile order), and everything the
game asks on its hot path (neighbours, thresholds, coast) is a tuple lookup.
"""

from __future__ import annotations

from functools import cached_property
from typing import Iterable, Sequence

import attrs

from banneret.boards.hexgrid import DIRECTIONS, Hex, HexMap, distance, neighbour, neighbours, rotate
from banneret.rng import Rng
from banneret_hex_kingdoms.tables import tables

__all__ = [
    "TILE_OFFSETS",
    "PROVINCES",
    "Placement",
    "Capital",
    "Board",
    "tile_hexes",
    "touch_count",
    "placement_candidates",
    "required_touch",
    "random_layout",
    "build_board",
    "capital_options",
    "capital_province_ok",
    "roll_capital_province",
    "REFERENCE_LAYOUT",
    "reference_board",
    "DIRECTION_NAMES",
]

TILE_OFFSETS: tuple[Hex, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))  # 3.1: T1, W1, W2, T2
PROVINCES: tuple[int, ...] = tuple(range(2, 13))  # G-01: eleven provinces, 2..12
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")

# 20.4: the digest's reference map, as (province, anchor, clockwise rotation), in placing order.
REFERENCE_LAYOUT: tuple[tuple[int, Hex, int], ...] = (
    (2, (0, 0), 5),
    (5, (4, -2), 3),
    (4, (2, 0), 5),
    (7, (0, 1), 0),
    (3, (3, 2), 3),
    (8, (1, 3), 2),
    (6, (-2, 4), 4),
    (11, (-2, 0), 0),
    (12, (2, 3), 1),
    (10, (-2, 2), 2),
    (9, (4, 1), 4),
)


@attrs.frozen
class Placement:
    """One tile on the map: its province, where its T1 lies, and its clockwise rotation."""

    province: int
    anchor: Hex
    rot: int
    touch: int = 0  # distinct placed hexes it touched when laid (0 for the first)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tile_hexes(self.anchor, self.rot)


@attrs.frozen
class Capital:
    """Where a capital stands (C-16): the province rolled, the off-map cell, the gate hexes.

    In the default edge model ``gates`` is one hex and ``direction`` the external edge the
    capital sits on; in the cell model the capital fills ``cell`` and every map hex touching
    it is a gate.
    """

    province: int
    cell: Hex
    gates: tuple[int, ...]  # board hex indices
    direction: int | None = None


_ROTATED: tuple[tuple[Hex, ...], ...] = tuple(tuple(rotate(o, -rot) for o in TILE_OFFSETS) for rot in range(6))
_DIRS = DIRECTIONS


def tile_hexes(anchor: Hex, rot: int) -> tuple[Hex, ...]:
    """The four hexes of a tile with T1 at ``anchor`` turned ``rot`` times clockwise (3.4)."""
    aq, ar = anchor
    return tuple((aq + q, ar + r) for q, r in _ROTATED[rot % 6])


def touch_count(new: Iterable[Hex], placed: set[Hex] | frozenset[Hex]) -> int:
    """Distinct already-placed hexes sharing an edge with the new tile (C-13)."""
    met = set()
    for q, r in new:
        for dq, dr in _DIRS:
            n = (q + dq, r + dr)
            if n in placed:
                met.add(n)
    return len(met)


def required_touch(index: int, total: int = len(PROVINCES)) -> int:
    """5.1: the second tile touches 1 hex, the last two touch 4, the rest 3 (0-based index)."""
    if index == 0:
        return 0
    if index == 1:
        return 1
    return 4 if index >= total - 2 else 3


def placement_candidates(placed: set[Hex] | frozenset[Hex], need: int) -> list[tuple[Hex, int, int]]:
    """Every (anchor, rotation, touch) that fits without overlap and touches ``need`` hexes.

    Sorted, so a seeded choice among them is reproducible. The fallback of C-15 (accept 3
    when 4 is impossible) is the caller's business.
    """
    if not placed:
        return [((0, 0), rot, 0) for rot in range(6)]
    # for every free cell next to the map: the placed hexes it touches
    touching: dict[Hex, set[Hex]] = {}
    for h in placed:
        q, r = h
        for dq, dr in _DIRS:
            n = (q + dq, r + dr)
            if n not in placed:
                touching.setdefault(n, set()).add(h)
    anchors: set[tuple[Hex, int]] = set()
    for rot in range(6):
        offs = _ROTATED[rot]
        for cq, cr in touching:
            for oq, orr in offs:
                anchors.add(((cq - oq, cr - orr), rot))
    out = []
    empty: set[Hex] = set()
    get = touching.get
    for anchor, rot in anchors:
        aq, ar = anchor
        (q0, r0), (q1, r1), (q2, r2), (q3, r3) = _ROTATED[rot]
        h0, h1, h2, h3 = (aq + q0, ar + r0), (aq + q1, ar + r1), (aq + q2, ar + r2), (aq + q3, ar + r3)
        if h0 in placed or h1 in placed or h2 in placed or h3 in placed:
            continue
        t = len(get(h0, empty) | get(h1, empty) | get(h2, empty) | get(h3, empty))
        if t >= need:
            out.append((anchor, rot, t))
    out.sort()
    return out


def random_layout(rng: Rng) -> list[Placement]:
    """5.1 with random placement (C-14): shuffle the tiles, lay each at a random legal spot."""
    order = list(PROVINCES)
    rng.shuffle(order)
    placed: set[Hex] = set()
    layout: list[Placement] = []
    for i, number in enumerate(order):
        need = required_touch(i)
        cands = placement_candidates(placed, need)
        if not cands and need == 4:  # C-15 fallback
            cands = placement_candidates(placed, 3)
        anchor, rot, touch = rng.choice(cands)
        p = Placement(number, anchor, rot, touch)
        layout.append(p)
        placed.update(p.hexes)
    return layout


class Board:
    """The frozen map: 44 indexed hexes with terrain, neighbours, provinces and coast.

    Hex index ``i`` belongs to province ``i // 4 + 2`` at tile position ``i % 4``.
    """

    def __init__(self, layout: Sequence[Placement], *, swap_specials: bool = False) -> None:
        t = tables()
        by_number = {p.province: p for p in layout}
        if sorted(by_number) != list(PROVINCES):
            raise ValueError("a board needs exactly one tile of each province 2..12")
        self.layout: tuple[Placement, ...] = tuple(layout)
        coords: list[Hex] = []
        terrain: list[str] = []
        for number in PROVINCES:
            tile = t.province(number)
            names = list(tile.terrain)
            if swap_specials and number in (2, 12):  # option special_hex_assignment = swapped
                names = _swap_special(tile.terrain, t.province(14 - number).terrain)
            coords.extend(by_number[number].hexes)
            terrain.extend(names)
        if len(set(coords)) != len(coords):
            raise ValueError("province tiles overlap")
        self.coords: tuple[Hex, ...] = tuple(coords)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(coords)}
        self.terrain: tuple[str, ...] = tuple(terrain)
        self.threshold: tuple[int, ...] = tuple(t.terrain[x].threshold for x in terrain)
        self.plague_loss: tuple[int, ...] = tuple(t.terrain[x].plague_loss for x in terrain)
        self.mountain_terrain: tuple[bool, ...] = tuple(t.terrain[x].mountain for x in terrain)
        self.special_hex: dict[int, int] = {
            i // 4 + 2: i for i, x in enumerate(terrain) if t.terrain[x].special
        }
        self.n = len(coords)
        self.province_of: tuple[int, ...] = tuple(i // 4 + 2 for i in range(self.n))
        self.province_hexes: dict[int, tuple[int, ...]] = {
            p: tuple(range(4 * (p - 2), 4 * (p - 2) + 4)) for p in PROVINCES
        }
        self.adj: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.index[n] for n in neighbours(h) if n in self.index)) for h in coords
        )
        exterior = _exterior_cells(set(coords))
        self._exterior = exterior
        self.external_dirs: tuple[tuple[int, ...], ...] = tuple(
            tuple(d for d in range(6) if _is_exterior(neighbour(h, d), self.index, exterior)) for h in coords
        )
        self.coastal: tuple[bool, ...] = tuple(bool(e) for e in self.external_dirs)
        self.coastal_hexes: tuple[int, ...] = tuple(i for i in range(self.n) if self.coastal[i])
        self.name: tuple[str, ...] = tuple(f"({q},{r})" for q, r in coords)  # labels in actions
        # actions built on this map, reused (their labels name this map's hexes)
        self.actions: dict[tuple[object, ...], object] = {}

    @cached_property
    def hexmap(self) -> HexMap:
        """The board as a core :class:`HexMap` (terrain and province as attributes)."""
        return HexMap({h: {"terrain": self.terrain[i], "province": self.province_of[i]} for i, h in enumerate(self.coords)})

    def is_exterior(self, cell: Hex) -> bool:
        """C-10: off the map and reachable from far away without crossing the map."""
        return _is_exterior(cell, self.index, self._exterior)

    def has_external_edge(self, province: int) -> bool:
        return any(self.coastal[i] for i in self.province_hexes[province])

    def province_neighbours(self, province: int) -> list[int]:
        """Provinces sharing at least one hex edge with ``province``."""
        out = set()
        for i in self.province_hexes[province]:
            for j in self.adj[i]:
                if self.province_of[j] != province:
                    out.add(self.province_of[j])
        return sorted(out)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Each hex as province, terrain and coordinates, e.g. ``7Mo(0,1)`` (log lines)."""
        return tuple(f"{p}{_SHORT[t]}({q},{r})" for p, t, (q, r) in zip(self.province_of, self.terrain, self.coords))

    def label(self, i: int) -> str:
        return self.labels[i]

    def is_connected(self) -> bool:
        seen = {0}
        stack = [0]
        while stack:
            for j in self.adj[stack.pop()]:
                if j not in seen:
                    seen.add(j)
                    stack.append(j)
        return len(seen) == self.n


_SHORT = {
    "PLAIN": "Pl",
    "MARSH": "Ma",
    "FOREST": "Fo",
    "CAVE": "Ca",
    "MOUNTAIN": "Mo",
    "GOLD_MOUNTAIN": "GM",
    "FERTILE_PLAIN": "FP",
}


def _swap_special(own: Sequence[str], other: Sequence[str]) -> list[str]:
    """Put the other special province's special terrain where this province's special is."""
    t = tables()
    other_special = next(x for x in other if t.terrain[x].special)
    return [other_special if t.terrain[x].special else x for x in own]


def _exterior_cells(on_map: set[Hex]) -> frozenset[Hex]:
    """Flood-fill the off-map cells of a box one hex larger than the map from its corner."""
    qs = [h[0] for h in on_map]
    rs = [h[1] for h in on_map]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (q0, r0)
    seen = {start}
    stack = [start]
    while stack:
        h = stack.pop()
        for n in neighbours(h):
            if q0 <= n[0] <= q1 and r0 <= n[1] <= r1 and n not in on_map and n not in seen:
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


def _is_exterior(cell: Hex, index: dict[Hex, int], exterior: frozenset[Hex]) -> bool:
    if cell in index:
        return False
    if cell in exterior:
        return True
    # outside the box is exterior; inside the box and not reached means an enclosed hole
    q0, q1, r0, r1 = _box(exterior)
    return not (q0 <= cell[0] <= q1 and r0 <= cell[1] <= r1)


def _box(cells: frozenset[Hex]) -> tuple[int, int, int, int]:
    return min(h[0] for h in cells), max(h[0] for h in cells), min(h[1] for h in cells), max(h[1] for h in cells)


def build_board(rng: Rng, *, swap_specials: bool = False) -> Board:
    """A random map (5.1)."""
    return Board(random_layout(rng), swap_specials=swap_specials)


def reference_board(*, swap_specials: bool = False) -> Board:
    """The digest's fixture map (20.4), for tests and the ``map = reference`` option."""
    placed: set[Hex] = set()
    layout = []
    for i, (number, anchor, rot) in enumerate(REFERENCE_LAYOUT):
        hexes = tile_hexes(anchor, rot)
        layout.append(Placement(number, anchor, rot, touch_count(hexes, placed) if i else 0))
        placed.update(hexes)
    return Board(layout, swap_specials=swap_specials)


# --- 5.2 capitals ----------------------------------------------------------------------------


def _gate_distance_ok(gates: Sequence[int], taken: Sequence[Capital], board: Board, min_dist: int) -> bool:
    for cap in taken:
        for g in cap.gates:
            for h in gates:
                if distance(board.coords[g], board.coords[h]) < min_dist:
                    return False
    return True


def capital_options(
    board: Board,
    province: int,
    taken: Sequence[Capital],
    *,
    model: str = "edge",
    min_gate_distance: int = 2,
) -> list[Capital]:
    """Every legal place for a capital on the outer edge of ``province`` (5.2, C-16, C-17)."""
    out: list[Capital] = []
    if model == "edge":
        for i in board.province_hexes[province]:
            for d in board.external_dirs[i]:
                if _gate_distance_ok((i,), taken, board, min_gate_distance):
                    out.append(Capital(province, neighbour(board.coords[i], d), (i,), d))
        return out
    # cell model (A-20 (b)): the capital fills an exterior cell touching the province
    cells = sorted({neighbour(board.coords[i], d) for i in board.province_hexes[province] for d in board.external_dirs[i]})
    used = {c.cell for c in taken}
    for cell in cells:
        if cell in used or any(distance(cell, c.cell) < 2 for c in taken):
            continue
        gates = tuple(sorted(board.index[n] for n in neighbours(cell) if n in board.index))
        if len(gates) > 3:  # A-20 (b) speaks of a cell touching one to three hexes
            continue
        if _gate_distance_ok(gates, taken, board, min_gate_distance):
            out.append(Capital(province, cell, gates, None))
    return out


def capital_province_ok(board: Board, province: int, taken: Sequence[Capital], **kw: object) -> bool:
    """A rolled province is accepted if it has an outer edge, is not drawn yet, and has a legal spot (C-18)."""
    if not board.has_external_edge(province):
        return False
    if any(c.province == province for c in taken):
        return False
    return bool(capital_options(board, province, taken, **kw))  # type: ignore[arg-type]


def roll_capital_province(rng: Rng, board: Board, taken: Sequence[Capital], **kw: object) -> tuple[int | None, list[int]]:
    """Roll 2d6 until a province can take the capital (5.2). Returns (province, every roll).

    Returns ``(None, [])`` without rolling when no province could ever be accepted; the
    caller then builds a new map (C-18).
    """
    if not any(capital_province_ok(board, p, taken, **kw) for p in PROVINCES):
        return None, []
    rolls = []
    while True:
        n = rng.roll("2d6")
        rolls.append(n)
        if capital_province_ok(board, n, taken, **kw):
            return n, rolls
