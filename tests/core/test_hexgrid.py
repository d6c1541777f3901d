"""Hex grid geometry: exact values for fixed cases, properties for the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret.boards.hexgrid import (
    HexMap,
    direction_to,
    disc,
    distance,
    front_hexes,
    hexside,
    line,
    line_both,
    neighbour,
    neighbours,
    opposite,
    ring,
    rotate,
    translate,
    two_hex_footprint,
)
from banneret.errors import DataError

coord = st.integers(-60, 60)
hexes = st.tuples(coord, coord)
directions = st.integers(0, 5)


# --- fixed cases ---------------------------------------------------------------------------


def test_neighbours_follow_directions_order():
    assert neighbours((2, 3)) == [(3, 3), (3, 2), (2, 2), (1, 3), (1, 4), (2, 4)]
    assert neighbour((0, 0), 7) == (1, -1)


def test_direction_to_and_opposite():
    assert direction_to((0, 0), (-1, 1)) == 4
    assert opposite(4) == 1
    with pytest.raises(ValueError, match="not adjacent"):
        direction_to((0, 0), (2, 0))


def test_distance_examples():
    assert distance((0, 0), (3, -1)) == 3
    assert distance((1, 1), (-2, 3)) == 3
    assert distance((0, 0), (2, 2)) == 4


def test_ring_order_and_radius_zero():
    assert ring((5, 5), 0) == [(5, 5)]
    assert ring((0, 0), 1) == [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]
    with pytest.raises(ValueError):
        ring((0, 0), -1)


def test_disc_sizes_and_order():
    assert disc((0, 0), 0) == [(0, 0)]
    d = disc((1, -1), 2)
    assert len(d) == 19
    assert d == sorted(d)
    assert set(d) == {h for h in d if distance(h, (1, -1)) <= 2}


def test_rotate_examples():
    assert rotate((1, 0), 1) == (1, -1)
    assert rotate((1, 0), -1) == (0, 1)
    assert rotate((3, 2), 3, center=(2, 2)) == (1, 2)
    assert translate((1, 2), (-3, 4)) == (-2, 6)


def test_line_examples():
    assert line((0, 0), (0, 0)) == [(0, 0)]
    assert line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    # Along a hexside the two nudged lines pass on either side.
    assert line_both((0, 0), (1, 1)) == ([(0, 0), (0, 1), (1, 1)], [(0, 0), (1, 0), (1, 1)])
    assert line((0, 0), (1, 1)) == [(0, 0), (0, 1), (1, 1)]
    straight = line_both((0, 0), (0, 3))
    assert straight[0] == straight[1]


def test_hexside_is_sorted_pair():
    assert hexside((1, 0), (0, 0)) == ((0, 0), (1, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        hexside((0, 0), (0, 2))


def test_two_hex_footprint_and_front():
    assert two_hex_footprint((0, 0), 0) == ((0, 0), (-1, 0))
    assert front_hexes((0, 0), 0) == [(0, 1), (1, 0), (1, -1)]
    assert front_hexes((0, 0), 5) == [(-1, 1), (0, 1), (1, 0)]


# --- properties ----------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_symmetric_and_zero_iff_equal(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_at_distance_one(h):
    ns = neighbours(h)
    assert len(set(ns)) == 6
    for i, n in enumerate(ns):
        assert distance(h, n) == 1
        assert direction_to(h, n) == i
        assert direction_to(n, h) == opposite(i)


@given(hexes, st.integers(0, 12))
def test_ring_size_and_walk(center, radius):
    r = ring(center, radius)
    assert len(r) == max(1, 6 * radius)
    assert len(set(r)) == len(r)
    assert all(distance(center, h) == radius for h in r)
    if radius:
        assert all(distance(x, y) == 1 for x, y in zip(r, r[1:] + r[:1]))


@given(hexes, st.integers(0, 8))
def test_disc_is_union_of_rings(center, radius):
    expected = sorted(h for k in range(radius + 1) for h in ring(center, k))
    assert disc(center, radius) == expected
    assert len(expected) == 3 * radius * (radius + 1) + 1


@given(hexes, hexes)
def test_line_endpoints_adjacency_and_length(a, b):
    for candidate in (line(a, b), *line_both(a, b)):
        assert candidate[0] == a and candidate[-1] == b
        assert len(candidate) == distance(a, b) + 1
        assert all(distance(x, y) == 1 for x, y in zip(candidate, candidate[1:]))
    assert line(a, b) == line_both(a, b)[0]


@given(hexes, hexes, hexes, st.integers(-12, 12))
def test_rotation_identity_and_isometry(h, g, center, steps):
    assert rotate(h, 6, center) == h
    assert rotate(rotate(h, steps, center), -steps, center) == h
    assert distance(rotate(h, steps, center), rotate(g, steps, center)) == distance(h, g)
    assert distance(rotate(h, steps, center), center) == distance(h, center)


@given(hexes, directions, st.integers(-6, 6))
def test_rotation_turns_directions(h, d, steps):
    assert rotate(neighbour(h, d), steps, center=h) == neighbour(h, d + steps)


@given(hexes, directions)
def test_hexside_symmetric(h, d):
    n = neighbour(h, d)
    assert hexside(h, n) == hexside(n, h) == tuple(sorted((h, n)))


@given(hexes, directions)
def test_footprint_and_front_arc(head, facing):
    head_hex, tail = two_hex_footprint(head, facing)
    assert head_hex == head and distance(head, tail) == 1
    front = front_hexes(head, facing)
    assert neighbour(head, facing) == front[1]
    assert all(distance(head, f) == 1 for f in front)
    assert tail not in front
    assert distance(tail, front[1]) == 2


# --- HexMap --------------------------------------------------------------------------------


def _small_map() -> HexMap:
    terrain = {h: {"terrain": "clear"} for h in disc((0, 0), 2)}
    terrain[(1, 0)] = {"terrain": "wood"}
    return HexMap(terrain, {((1, 0), (0, 0)): {"wall": True}})


def test_hexmap_basics():
    m = _small_map()
    assert len(m) == 19
    assert (2, -2) in m and (3, 0) not in m
    assert m.hexes() == sorted(disc((0, 0), 2))
    assert m.attrs((1, 0)) == {"terrain": "wood"}
    assert m.feature((0, 0), (1, 0)) == {"wall": True}
    assert m.feature((0, 0), (0, 1)) == {}
    assert m.sides() == {((0, 0), (1, 0)): {"wall": True}}
    assert m.neighbours((2, 0)) == [(2, -1), (1, 0), (1, 1)]
    assert m.boundary_hexes() == sorted(ring((0, 0), 2))
    with pytest.raises(KeyError, match="not on the map"):
        m.attrs((5, 5))
    with pytest.raises(TypeError):
        m.attrs((0, 0))["terrain"] = "hill"  # type: ignore[index]


def test_hexmap_copies_its_input():
    terrain = {(0, 0): {"terrain": "clear"}}
    m = HexMap(terrain)
    terrain[(0, 0)]["terrain"] = "hill"
    terrain[(1, 0)] = {}
    assert m.attrs((0, 0)) == {"terrain": "clear"} and len(m) == 1


def test_hexmap_from_plain_hexes():
    m = HexMap([(0, 0), (1, 0)])
    assert m.attrs((1, 0)) == {} and m.hexes() == [(0, 0), (1, 0)]


@pytest.mark.parametrize(
    ("hexes_", "sides", "message"),
    [
        ([(0, 0), (0, 0)], None, r"hex \(0, 0\) is given twice"),
        ([(0, 0, 0)], None, "axial coordinates"),
        ([(0, 0), (2, 0)], {((0, 0), (2, 0)): {}}, "not adjacent"),
        ([(0, 0)], {((0, 0), (1, 0)): {}}, r"hex \(1, 0\) is not on the map"),
        ([(0, 0), (1, 0)], {((0, 0), (1, 0)): {}, ((1, 0), (0, 0)): {}}, "given twice"),
    ],
)
def test_hexmap_rejects_bad_data(hexes_, sides, message):
    with pytest.raises(DataError, match=message):
        HexMap(hexes_, sides)


def test_hexmap_graph_carries_attributes_and_respects_passable():
    m = _small_map()
    g = m.graph()
    assert g.nodes[(1, 0)] == {"terrain": "wood"}
    assert g.edges[(0, 0), (1, 0)] == {"wall": True}
    assert g.number_of_edges() == 42
    walled = m.graph(lambda a, b: not m.feature(a, b).get("wall"))
    assert not walled.has_edge((0, 0), (1, 0))
    assert walled.number_of_edges() == 41


@given(st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=40))
def test_graph_edges_match_adjacency(cells):
    m = HexMap(cells)
    g = m.graph()
    assert sorted(g.nodes) == m.hexes()
    expected = {hexside(a, b) for a in cells for b in neighbours(a) if b in cells}
    assert {hexside(a, b) for a, b in g.edges} == expected
    for h in cells:
        assert sorted(g.neighbors(h)) == sorted(m.neighbours(h))


@given(st.integers(0, 4), st.integers(0, 5))
def test_reach_matches_distance_on_open_disc(radius, steps):
    m = HexMap(disc((0, 0), radius))
    found = m.reach((0, 0), steps)
    assert found == {h: distance(h, (0, 0)) for h in disc((0, 0), min(radius, steps))}


def test_reach_respects_passable_direction():
    m = HexMap([(0, 0), (1, 0), (2, 0)])
    assert m.reach((0, 0), 5) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    uphill = lambda a, b: not (a == (0, 0) and b == (1, 0))  # noqa: E731
    assert m.reach((0, 0), 5, uphill) == {(0, 0): 0}
    assert m.reach((2, 0), 5, uphill) == {(2, 0): 0, (1, 0): 1, (0, 0): 2}
    with pytest.raises(KeyError, match="not on the map"):
        m.reach((9, 9), 1)


def test_reach_goes_round_a_wall():
    m = _small_map()
    no_wall = lambda a, b: not m.feature(a, b).get("wall")  # noqa: E731
    assert m.reach((0, 0), 2, no_wall)[(1, 0)] == 2


@given(hexes, hexes)
def test_line_of_sight_open_is_true(a, b):
    assert HexMap({a, b}).line_of_sight(a, b, lambda h: False, lambda s: False)


@given(hexes, hexes, st.data())
def test_line_of_sight_blocked_by_intermediate_hex(a, b, data):
    first, second = line_both(a, b)
    inner = first[1:-1]
    if not inner:
        assert HexMap({a, b}).line_of_sight(a, b, lambda h: True)
        return
    blocker = data.draw(st.sampled_from(inner))
    m = HexMap({a, b})
    # A hex on both candidate lines blocks; a hex on one side only blocks nothing.
    assert m.line_of_sight(a, b, lambda h: h == blocker) == (blocker not in second)
    assert not m.line_of_sight(a, b, lambda h: h in first or h in second)
    assert m.line_of_sight(a, b, lambda h: h in (a, b))


def test_line_of_sight_along_hexside_needs_both_sides_blocked():
    m = HexMap(disc((0, 0), 2))
    # (0,0) -> (1,1) runs between (0,1) and (1,0).
    assert m.line_of_sight((0, 0), (1, 1), lambda h: h == (0, 1))
    assert m.line_of_sight((0, 0), (1, 1), lambda h: h == (1, 0))
    assert not m.line_of_sight((0, 0), (1, 1), lambda h: h in ((0, 1), (1, 0)))


def test_line_of_sight_side_blocks():
    m = HexMap(disc((0, 0), 3), {((1, 0), (2, 0)): {"wall": True}})
    wall = lambda s: bool(m.feature(*s).get("wall"))  # noqa: E731
    assert not m.line_of_sight((0, 0), (3, 0), lambda h: False, wall)
    assert m.line_of_sight((0, 0), (0, 3), lambda h: False, wall)
    # Adjacent hexes: the one hexside between them is tested.
    assert not m.line_of_sight((1, 0), (2, 0), lambda h: False, wall)
