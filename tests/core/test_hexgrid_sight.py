"""Tactical hex geometry: sight with levels and hexsides, facing arcs, two-hex counters.

Properties run on random toy maps; scenarios pin exact answers on small hand-drawn ones.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from banneret.boards.hexgrid import (
    DIRECTIONS,
    _cube_round,
    HexMap,
    SightView,
    arc,
    closest_direction,
    crossed_hexsides,
    direction_to,
    disc,
    distance,
    hexside,
    line,
    line_both,
    line_from_side,
    neighbour,
    neighbours,
    rotate,
    straight_direction,
    turn_steps,
    two_hex_footprint,
    two_hex_step,
    two_hex_steps,
    two_hex_walk,
)

RADIUS = 5
BOARD = disc((0, 0), RADIUS)
SIDES = sorted({hexside(h, n) for h in BOARD for n in neighbours(h) if n in set(BOARD)})
on_board = st.sampled_from(BOARD)
hexes = st.tuples(st.integers(-40, 40), st.integers(-40, 40))
directions = st.integers(0, 5)
levels = st.integers(0, 3)


def _sees(m, a, b, tops, walls, ends):
    """Sight on a toy map: a hex blocks by the height it rises to, a wall side at height 1."""
    return bool(
        m.clear_lines(
            a,
            b,
            lambda h, view: view.hidden_by(tops.get(h, 0)),
            lambda s, view: s in walls and view.hidden_by(1),
            ends,
        )
    )


toy_tops = st.dictionaries(on_board, st.integers(0, 4), max_size=25)
toy_walls = st.sets(st.sampled_from(SIDES), max_size=12)


# --- lines and the hexsides they cross ----------------------------------------------------


@given(hexes, hexes)
def test_lines_read_the_same_both_ways(a, b):
    forward = {tuple(path) for path in line_both(a, b)}
    backward = {tuple(reversed(path)) for path in line_both(b, a)}
    assert forward == backward


@given(hexes, hexes)
def test_crossed_hexsides_once_each_and_in_order(a, b):
    for path in line_both(a, b):
        sides = crossed_hexsides(path)
        assert len(sides) == distance(a, b) == len(set(sides))
        for i, (side, x, y) in enumerate(zip(sides, path, path[1:])):
            assert side == hexside(x, y)
            assert distance(a, x) == i and distance(a, y) == i + 1
        # consecutive hexsides share the hex the line passes between them
        for first, second in zip(sides, sides[1:]):
            assert set(first) & set(second)


def test_crossed_hexsides_of_a_grazing_line():
    # (0,0) -> (2,-1) runs along the hexside between (1,0) and (1,-1): each reading crosses
    # two hexsides on its own side and never the one the line runs along.
    first, second = line_both((0, 0), (2, -1))
    assert crossed_hexsides(first) == [((0, 0), (1, 0)), ((1, 0), (2, -1))]
    assert crossed_hexsides(second) == [((0, 0), (1, -1)), ((1, -1), (2, -1))]
    assert crossed_hexsides([(3, 3)]) == []


def test_straight_direction():
    assert straight_direction([(0, 0), (1, 0), (2, 0), (3, 0)]) == 0
    assert straight_direction([(0, 0), (0, -1), (0, -2)]) == 2
    assert straight_direction([(0, 0), (1, 0), (2, -1)]) is None
    assert straight_direction([(0, 0)]) is None


@given(hexes, directions, st.integers(2, 8))
def test_straight_direction_finds_rows(start, d, length):
    row = [start]
    for _ in range(length - 1):
        row.append(neighbour(row[-1], d))
    assert straight_direction(row) == d
    assert straight_direction(list(reversed(row))) == (d + 3) % 6
    assert line(start, row[-1]) == row


def _is_subsequence(short, long) -> bool:
    remaining = iter(long)
    return all(h in remaining for h in short)


small = st.tuples(st.integers(-12, 12), st.integers(-12, 12))


@given(small, directions, small)
def test_lines_from_a_hexside_walk_through_adjacent_hexes(a, d, b):
    through = neighbour(a, d)
    for path in line_from_side(a, through, b):
        assert path[0] == a and path[-1] == b
        assert len(set(path)) == len(path)
        assert all(distance(x, y) == 1 for x, y in zip(path, path[1:]))


@given(small, directions, small, st.sampled_from([1, -1]))
def test_lines_from_a_hexside_pass_every_hex_a_dense_sampling_finds(a, d, b, sign):
    # reference: sample the nudged segment finely; the exact walk must hold every sampled
    # hex, in order (it may hold more: corners clipped between two samples)
    through = neighbour(a, d)
    nudge = [sign * e for e in (1e-6, 2e-6, -3e-6)]
    start = [(a[0] + through[0]) / 2, (a[1] + through[1]) / 2]
    start.append(-start[0] - start[1])
    end = [b[0], b[1], -b[0] - b[1]]
    samples = 200 * (distance(a, b) + 1)
    sampled: list = []
    for i in range(1, samples + 1):
        t = i / samples
        h = _cube_round(*(s + (e - s) * t + n for s, e, n in zip(start, end, nudge)))
        if not sampled or sampled[-1] != h:
            sampled.append(h)
    path = line_from_side(a, through, b)[0 if sign == 1 else 1]
    assert _is_subsequence(sampled, path)


@given(small, directions, st.integers(1, 8))
def test_a_line_straight_out_of_a_hexside_is_the_row(a, d, length):
    row = [a]
    for _ in range(length):
        row.append(neighbour(row[-1], d))
    assert line_from_side(a, row[1], row[-1]) == (row, row)


def test_shooting_out_of_a_window():
    # one-hex house at (0,0): walls on every side but the window towards (1,0)
    m = HexMap(disc((0, 0), 3), {((0, 0), n): {"feature": "wall"} for n in neighbours((0, 0)) if n != (1, 0)})

    def sees(target, trees=frozenset(), from_side=(1, 0)):
        return bool(
            m.clear_lines(
                (0, 0),
                target,
                lambda h, v: h in trees,
                lambda s, v: m.feature(*s).get("feature") == "wall",
                from_side=from_side,
            )
        )

    assert line_from_side((0, 0), (1, 0), (2, -2)) == ([(0, 0), (1, 0), (1, -1), (2, -2)],) * 2
    assert sees((2, -2))  # from the window's middle the line leaves through the window
    assert not sees((2, -2), from_side=None)  # from the hex centre it meets the wall
    assert sees((3, -1)) and sees((3, -1), from_side=None)
    assert not sees((1, -3))  # too steep: the line runs back across the house's own wall
    assert not sees((-2, 3))  # behind the shooter
    assert not sees((2, -2), trees={(1, 0)})  # the hex outside the window is on the line
    assert crossed_hexsides(line_from_side((0, 0), (1, 0), (3, -1))[0])[0] == ((0, 0), (1, 0))


# --- sight: properties --------------------------------------------------------------------


@given(on_board, on_board, toy_tops, toy_walls, levels)
def test_sight_symmetric_at_equal_levels(a, b, tops, walls, level):
    m = HexMap(BOARD)
    assert _sees(m, a, b, tops, walls, (level, level)) == _sees(m, b, a, tops, walls, (level, level))


@given(on_board, on_board, st.sets(on_board, max_size=25), toy_walls)
def test_flat_sight_symmetric(a, b, blockers, walls):
    m = HexMap(BOARD)
    sees = m.line_of_sight(a, b, blockers.__contains__, walls.__contains__)
    assert sees == m.line_of_sight(b, a, blockers.__contains__, walls.__contains__)
    # the flat test is the levelled one at ground level with blockers one level high
    assert sees == _sees(m, a, b, dict.fromkeys(blockers, 1), walls, (0, 0))


@given(on_board, on_board, toy_tops, toy_walls, levels, levels)
def test_dead_ground_rule_is_symmetric(a, b, tops, walls, level_a, level_b):
    m = HexMap(BOARD)
    assert _sees(m, a, b, tops, walls, (level_a, level_b)) == _sees(m, b, a, tops, walls, (level_b, level_a))


@given(on_board, on_board, toy_tops, toy_walls, on_board, st.integers(1, 4), st.sampled_from(SIDES), levels, levels)
def test_adding_a_blocker_never_creates_sight(a, b, tops, walls, raised, rise, wall, level_a, level_b):
    m = HexMap(BOARD)
    ends = (level_a, level_b)
    before = _sees(m, a, b, tops, walls, ends)
    higher = {**tops, raised: tops.get(raised, 0) + rise}
    assert not _sees(m, a, b, higher, walls, ends) or before
    assert not _sees(m, a, b, tops, walls | {wall}, ends) or before


@given(on_board, on_board, st.sets(on_board, max_size=25))
def test_clear_lines_are_the_unblocked_readings(a, b, blockers):
    m = HexMap(BOARD)
    clear = m.clear_lines(a, b, lambda h, view: h in blockers)
    readings = [list(p) for p in dict.fromkeys(tuple(p) for p in line_both(a, b))]
    assert clear == [p for p in readings if not blockers & set(p[1:-1])]
    assert bool(clear) == m.line_of_sight(a, b, blockers.__contains__)


@given(on_board, on_board, levels, levels)
def test_sight_views_measure_from_both_ends(a, b, level_a, level_b):
    seen_hexes: list[tuple] = []
    seen_sides: list[tuple] = []

    def note_hex(h, view):
        seen_hexes.append((h, view))
        return False

    def note_side(s, view):
        seen_sides.append((s, view))
        return False

    HexMap(BOARD).clear_lines(a, b, note_hex, note_side, (level_a, level_b))
    for h, view in seen_hexes:
        assert (view.observer_level, view.target_level) == (level_a, level_b)
        assert (view.from_observer, view.from_target) == (distance(a, h), distance(b, h))
    for (x, y), view in seen_sides:
        near, far = (x, y) if distance(a, x) < distance(a, y) else (y, x)
        assert (view.from_observer, view.from_target) == (distance(a, near), distance(b, far))


# --- sight: scenarios on hand-drawn maps --------------------------------------------------


def test_line_along_a_hexside_is_blocked_only_by_both_sides():
    # (0,0) -> (2,-1) grazes the hexside between (1,0) and (1,-1).
    m = HexMap(disc((0, 0), 2))
    one_tree = m.clear_lines((0, 0), (2, -1), lambda h, v: h == (1, 0))
    assert one_tree == [[(0, 0), (1, -1), (2, -1)]]
    both = m.clear_lines((0, 0), (2, -1), lambda h, v: h in {(1, 0), (1, -1)})
    assert both == []
    # a wall on the hexside the line runs along blocks neither reading
    along = hexside((1, 0), (1, -1))
    assert m.line_of_sight((0, 0), (2, -1), lambda h: False, lambda s: s == along)
    # a wall crossed by one reading leaves the other
    crossed = hexside((1, 0), (2, -1))
    assert m.clear_lines((0, 0), (2, -1), lambda h, v: False, lambda s, v: s == crossed) == [
        [(0, 0), (1, -1), (2, -1)]
    ]


# A ridge map, rows of r from -1 to 1, q from -4 to 4:
#   q:   -4 -3 -2 -1 | 0 | 1  2  3  4
#        plateau (1) |slope| low ground (0)
# The slope hexes rise to level 1, so their crest is an obstacle of height 1.
RIDGE = HexMap(
    {
        (q, r): {"level": 1 if q < 0 else 0, "terrain": "slope" if q == 0 else "open"}
        for q in range(-4, 5)
        for r in range(-1, 2)
    }
)


def _ridge_top(h) -> int:
    attributes = RIDGE.attrs(h)
    return 1 if attributes["terrain"] == "slope" else attributes["level"]


def _ridge_sees(a, b, characters=frozenset()):
    def blocks(h, view: SightView) -> bool:
        top = _ridge_top(h) + (1 if h in characters else 0)
        return view.hidden_by(top)

    return bool(RIDGE.clear_lines(a, b, blocks, levels=(RIDGE.attrs(a)["level"], RIDGE.attrs(b)["level"])))


def test_ridge_lower_end_must_be_at_least_as_far_from_the_crest():
    archer = (-2, 0)  # two hexes behind the slope hex (0, 0)
    assert _ridge_sees(archer, (2, 0))  # as far from the slope as the archer
    assert _ridge_sees(archer, (4, 0))  # farther
    assert not _ridge_sees(archer, (1, 0))  # closer: in the slope's dead ground
    assert not _ridge_sees((1, 0), archer)  # and neither sees the other
    assert _ridge_sees((-1, 0), (1, 0))  # at the crest the dead ground shrinks
    assert _ridge_sees(archer, (0, 0))  # a hex on the slope itself is an end: never hidden


def test_ridge_characters_below_the_crest_block_only_out_of_its_dead_ground():
    archer, target = (-2, 0), (4, 0)
    assert _ridge_sees(archer, target, characters={(1, 0)})  # sheltered just below the slope
    assert not _ridge_sees(archer, target, characters={(3, 0)})  # out in the open, beside the target
    assert not _ridge_sees(archer, target, characters={(-1, 0)})  # on the plateau, above the lower end
    assert _ridge_sees((4, -1), (1, 0))  # on the low ground the crest is not in the way


def test_ridge_plateau_ends_see_over_the_low_ground():
    # both ends on level 1, obstacles in the valley reach level 1 at most: nothing blocks
    wide = HexMap({(q, 0): {} for q in range(0, 7)})
    valley_tree = {(3, 0): 1}
    assert wide.clear_lines((0, 0), (6, 0), lambda h, v: v.hidden_by(valley_tree.get(h, 0)), levels=(1, 1))
    # a hill rising above both ends blocks, whoever looks
    hill = {(3, 0): 2}
    for ends in ((1, 1), (0, 1), (1, 0)):
        assert not wide.clear_lines((0, 0), (6, 0), lambda h, v: v.hidden_by(hill.get(h, 0)), levels=ends)


def test_obstacle_between_levels_uses_dead_ground_on_hexsides_too():
    # a rampart on the hexside between (2,0) and (3,0) rises to level 1
    strip = HexMap({(q, 0): {} for q in range(0, 7)}, {((2, 0), (3, 0)): {"feature": "rampart"}})

    def sees(a, b, ends):
        return bool(
            strip.clear_lines(
                a, b, lambda h, v: False, lambda s, v: bool(strip.feature(*s)) and v.hidden_by(1), ends
            )
        )

    assert not sees((0, 0), (6, 0), (0, 0))  # a wall at ground level blocks
    assert sees((0, 0), (6, 0), (1, 0))  # from above it: the low end (3 from the wall) is farther than 2
    assert sees((0, 0), (5, 0), (1, 0))  # equally far (2 and 2): seen
    assert not sees((0, 0), (4, 0), (1, 0))  # low end nearer the wall than the high end
    assert not sees((4, 0), (0, 0), (0, 1))  # the same pair the other way round
    assert sees((0, 0), (6, 0), (1, 1))  # both ends above the wall


def test_game_rule_from_a_view_ignores_blockers_near_a_higher_target():
    # A game's own rule read from the view: a character within N hexes of the target, N the
    # target's height above the observer, does not block.
    strip = HexMap({(q, 0): {} for q in range(0, 6)})
    people = {(2, 0), (3, 0)}

    def blocks(h, view: SightView) -> bool:
        near_higher_target = view.from_target <= view.target_level - view.observer_level
        return h in people and not near_higher_target

    assert strip.clear_lines((0, 0), (4, 0), blocks, levels=(0, 1)) == []  # (2,0) is 2 from the target
    assert strip.clear_lines((0, 0), (4, 0), blocks, levels=(0, 2)) == [[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]]
    assert strip.clear_lines((0, 0), (4, 0), blocks, levels=(0, 0)) == []


def test_hidden_by_table():
    view = SightView(observer_level=2, target_level=0, from_observer=1, from_target=3)
    assert not view.hidden_by(0)  # at the lower end's level
    assert not view.hidden_by(2)  # between: the low end is 3 away, the high end 1
    assert view.hidden_by(3)  # above both ends
    near_low = SightView(observer_level=0, target_level=2, from_observer=1, from_target=3)
    assert near_low.hidden_by(1) and near_low.hidden_by(2) and not near_low.hidden_by(0)
    level = SightView(observer_level=1, target_level=1, from_observer=1, from_target=1)
    assert not level.hidden_by(1) and level.hidden_by(2)


# --- facing arcs and turns ----------------------------------------------------------------


def test_arcs_of_a_counter_facing_direction_0():
    origin = (0, 0)
    assert {h: arc(origin, 0, h) for h in neighbours(origin)} == {
        (1, 0): "front",
        (1, -1): "front",
        (0, 1): "front",
        (0, -1): "left",
        (-1, 1): "right",
        (-1, 0): "rear",
    }
    assert arc(origin, 0, (2, -2)) == "front"  # exactly 60 degrees
    assert arc(origin, 0, (1, -2)) == "left"  # 90 degrees
    assert arc(origin, 0, (-2, 2)) == "right"  # exactly 120 degrees
    assert arc(origin, 0, (-1, -1)) == "rear"  # 150 degrees
    assert arc(origin, 0, (9, 0)) == "front"
    with pytest.raises(ValueError, match="no bearing"):
        arc(origin, 0, origin)


def _float_bearing(origin, facing, h) -> float:
    def xy(v):
        return v[0] + v[1] / 2, v[1] * math.sqrt(3) / 2

    vx, vy = xy((h[0] - origin[0], h[1] - origin[1]))
    dx, dy = xy(DIRECTIONS[facing])
    return math.degrees(math.atan2(dx * vy - dy * vx, dx * vx + dy * vy))


@given(hexes, directions, hexes)
def test_arc_matches_bearing_and_turns_with_the_counter(origin, facing, h):
    assume(h != origin)
    bearing = _float_bearing(origin, facing, h)
    assume(all(abs(abs(bearing) - edge) > 1e-6 for edge in (60, 120)))
    expected = "front" if abs(bearing) < 60 else "rear" if abs(bearing) > 120 else "left" if bearing < 0 else "right"
    assert arc(origin, facing, h) == expected
    for steps in range(6):
        assert arc(origin, facing + steps, rotate(h, steps, origin)) == arc(origin, facing, h)


@given(hexes, directions, st.integers(0, 5))
def test_arcs_of_neighbours(origin, facing, k):
    n = neighbour(origin, facing + k)
    assert arc(origin, facing, n) == ("front", "front", "left", "rear", "right", "front")[k]


def test_closest_direction_round_a_target():
    # onwards, left, back and right of a line of fire, as for the hexes round its target
    assert [closest_direction((0, 0), (3, -1), k) for k in (0, 1, 2, -1)] == [0, 2, 3, 5]
    # square to a line along a direction, the two candidates tie: the forward one wins
    assert [closest_direction((0, 0), (3, 0), k) for k in (0, 1, 2, -1)] == [0, 1, 3, 5]
    assert closest_direction((0, 0), (1, 1)) == 0  # halfway between 0 and 5: the lower index
    with pytest.raises(ValueError, match="no bearing"):
        closest_direction((1, 1), (1, 1))


def _angle_between(x: float, y: float) -> float:
    return abs((x - y + 180) % 360 - 180)


@given(hexes, hexes, st.integers(-4, 4))
def test_closest_direction_is_nearest_in_bearing(a, b, quarter_turns):
    assume(a != b)
    # bearings measured like _float_bearing: the +1 (left) side has negative angles
    bearing = _float_bearing(a, 0, b) - 90 * quarter_turns
    gaps = [_angle_between(_float_bearing((0, 0), 0, d), bearing) for d in DIRECTIONS]
    chosen = closest_direction(a, b, quarter_turns)
    assert gaps[chosen] <= min(gaps) + 1e-9
    assert closest_direction(a, b, quarter_turns + 4) == chosen
    if sorted(gaps)[1] - min(gaps) > 1e-9:  # no tie: turning the line turns the answer
        for steps in range(6):
            assert closest_direction(a, rotate(b, steps, a), quarter_turns) == (chosen + steps) % 6


def test_turn_steps():
    assert [turn_steps(0, d) for d in range(6)] == [0, 1, 2, 3, 2, 1]
    assert turn_steps(5, 0) == 1 and turn_steps(1, 4) == 3


@given(directions, directions)
def test_turn_steps_symmetric_and_bounded(a, b):
    assert turn_steps(a, b) == turn_steps(b, a) <= 3
    assert (turn_steps(a, b) == 0) == (a == b)


# --- two-hex counters ---------------------------------------------------------------------


def test_two_hex_steps_from_the_origin():
    assert [(s.head, s.tail, s.facing, s.kind) for s in two_hex_steps((0, 0), 0)] == [
        ((0, 1), (0, 0), 5, "front"),
        ((1, 0), (0, 0), 0, "front"),
        ((1, -1), (0, 0), 1, "front"),
        ((0, -1), (0, 0), 2, "flank"),
        ((-1, 1), (0, 0), 4, "flank"),
        ((-1, -1), (-1, 0), 2, "pivot_side"),
        ((-2, 1), (-1, 0), 4, "pivot_side"),
        ((-2, 0), (-1, 0), 3, "pivot_back"),
        ((-1, 0), (0, 0), 3, "about_turn"),
    ]
    with pytest.raises(ValueError, match="not next to the counter"):
        two_hex_step((0, 0), 0, (2, 0))


def test_two_hex_walk_turning_round_a_corner():
    # three free 60-degree bends turn the counter right round; then a sharper flank step
    steps = two_hex_walk((0, 0), 0, [(1, 0), (2, -1), (2, -2), (1, -2), (1, -1)])
    assert [(s.head, s.tail, s.facing, s.kind) for s in steps] == [
        ((1, 0), (0, 0), 0, "front"),
        ((2, -1), (1, 0), 1, "front"),
        ((2, -2), (2, -1), 2, "front"),
        ((1, -2), (2, -2), 3, "front"),
        ((1, -1), (1, -2), 5, "flank"),
    ]
    with pytest.raises(ValueError):
        two_hex_walk((0, 0), 0, [(1, 0), (3, 0)])


@given(hexes, directions, st.lists(st.integers(0, 8), max_size=30))
def test_two_hex_counter_stays_whole_through_any_moves(head, facing, choices):
    start = (head, facing)
    heads = []
    for choice in choices:
        options = two_hex_steps(head, facing)
        assert sorted(s.kind for s in options) == sorted(
            ["front"] * 3 + ["flank"] * 2 + ["pivot_side"] * 2 + ["pivot_back", "about_turn"]
        )
        step = options[choice]
        old = set(two_hex_footprint(head, facing))
        new_head, new_tail = two_hex_footprint(step.head, step.facing)
        assert new_tail == step.tail and distance(new_head, new_tail) == 1
        assert direction_to(new_tail, new_head) == step.facing
        assert new_tail in old  # the tail follows into the old head, or stays for a pivot
        assert new_head not in old or step.kind == "about_turn"
        head, facing = step.head, step.facing
        heads.append(step.head)
    # entering the same head hexes in turn retraces the same steps
    walked = two_hex_walk(*start, heads)
    assert [s.head for s in walked] == heads
    assert (walked[-1].head, walked[-1].facing) == (head, facing) if walked else start == (head, facing)
