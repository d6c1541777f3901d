"""Map genesis (rules section 5) and the reference fixture map (20.4)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.boards.hexgrid import distance, neighbours
from banneret.rng import Rng
from banneret_hex_kingdoms.genesis import (
    DIRECTION_NAMES,
    PROVINCES,
    Board,
    Capital,
    build_board,
    capital_options,
    placement_candidates,
    random_layout,
    reference_board,
    required_touch,
    roll_capital_province,
    tile_hexes,
    touch_count,
)
from hk_helpers import ScriptedRng


def test_tile_shape_is_the_rhombus() -> None:
    """C-06: T1 and T2 are two apart, every other pair touches; rotation keeps that."""
    for rot in range(6):
        t1, w1, w2, t2 = tile_hexes((3, -1), rot)
        assert distance(t1, t2) == 2
        for a, b in [(t1, w1), (t1, w2), (w1, w2), (w1, t2), (w2, t2)]:
            assert distance(a, b) == 1


def test_clockwise_rotation_matches_the_digest() -> None:
    """3.4: one clockwise step maps (q, r) to (-r, q + r)."""
    assert tile_hexes((0, 0), 1) == ((0, 0), (0, 1), (-1, 1), (-1, 2))
    assert tile_hexes((0, 0), 5) == ((0, 0), (1, -1), (1, 0), (2, -1))


def test_required_touch_counts() -> None:
    assert [required_touch(i) for i in range(11)] == [0, 1, 3, 3, 3, 3, 3, 3, 3, 4, 4]


# --- F-01 / F-02: the fixture map ---------------------------------------------------------


@pytest.fixture(scope="module")
def ref() -> Board:
    return reference_board()


def test_f01_fixture_touch_counts(ref: Board) -> None:
    """20.4: the placing order's touch counts."""
    assert [(p.province, p.touch) for p in ref.layout] == [
        (2, 0), (5, 1), (4, 4), (7, 3), (3, 4), (8, 3), (6, 4), (11, 3), (12, 4), (10, 4), (9, 4)]


def test_f01_fixture_geometry(ref: Board) -> None:
    interior = {(-2, 2), (-1, 1), (-1, 2), (-1, 3), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2),
                (1, 3), (2, 0), (2, 1), (2, 2), (3, -1), (3, 0), (3, 1), (4, 0)}
    assert ref.n == 44
    assert len(ref.coastal_hexes) == 26
    assert {ref.coords[i] for i in range(44) if not ref.coastal[i]} == interior
    assert not ref.has_external_edge(7)
    per_province = {p: sum(ref.coastal[i] for i in ref.province_hexes[p]) for p in PROVINCES}
    assert per_province == {2: 3, 3: 1, 4: 1, 5: 4, 6: 2, 7: 0, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4}
    # no holes: every off-map neighbour is exterior
    for h in ref.coords:
        for n in neighbours(h):
            if n not in ref.index:
                assert ref.is_exterior(n)


def test_f01_fixture_terrain_and_edges(ref: Board) -> None:
    """A few rows of the fixture table: terrain and external edge directions."""
    def row(province: int) -> list[tuple[tuple[int, int], str, str]]:
        return [(ref.coords[i], ref.terrain[i], "/".join(DIRECTION_NAMES[d] for d in ref.external_dirs[i]))
                for i in ref.province_hexes[province]]

    assert row(2) == [((0, 0), "PLAIN", "NW"), ((1, -1), "FOREST", "NE/NW/W"),
                      ((1, 0), "MOUNTAIN", ""), ((2, -1), "GOLD_MOUNTAIN", "NW")]
    assert row(12) == [((2, 3), "FERTILE_PLAIN", "E"), ((2, 4), "PLAIN", "E/NE/SE"),
                       ((1, 4), "MARSH", "SW"), ((1, 5), "CAVE", "E/W/SW/SE")]
    assert row(5) == [((4, -2), "PLAIN", "E/NE"), ((3, -2), "MARSH", "W"),
                      ((4, -3), "MOUNTAIN", "E/NE/NW"), ((3, -3), "CAVE", "NE/NW/W/SW")]


def test_f02_province_adjacency(ref: Board) -> None:
    assert {p: ref.province_neighbours(p) for p in PROVINCES} == {
        2: [4, 5, 7, 11], 3: [4, 7, 8, 9, 12], 4: [2, 3, 5, 7, 9], 5: [2, 4], 6: [7, 8, 10, 11],
        7: [2, 3, 4, 6, 8, 11], 8: [3, 6, 7, 12], 9: [3, 4], 10: [6, 11], 11: [2, 6, 7, 10], 12: [3, 8]}


def test_f03_capital_rolls(ref: Board) -> None:
    """F-03: injected 2d6 rolls, rejections for 'no edge' and 'taken', and the gate distances."""
    rng = ScriptedRng(rolls=[7, 5, 9, 5, 10, 12])
    taken: list[Capital] = []
    wanted = {5: ((4, -2), "E"), 9: ((4, 1), "SE"), 10: ((-3, 2), "W"), 12: ((2, 4), "SE")}
    logs = []
    for _ in range(4):
        province, rolls = roll_capital_province(rng, ref, taken)
        logs.append(rolls)
        gate, direction = wanted[province]
        opts = capital_options(ref, province, taken)
        pick = [c for c in opts if ref.coords[c.gates[0]] == gate and DIRECTION_NAMES[c.direction] == direction]
        assert len(pick) == 1
        taken.append(pick[0])
    assert logs == [[7, 5], [9], [5, 10], [12]]
    gates = [ref.coords[c.gates[0]] for c in taken]
    dists = [distance(gates[i], gates[j]) for i in range(4) for j in range(i + 1, 4)]
    assert dists == [3, 7, 6, 7, 3, 7]


def test_capital_options_respect_gate_distance(ref: Board) -> None:
    """C-17: with Red at (4,-2), no gate within distance 1 of it is offered in province 9 or 4."""
    red = [c for c in capital_options(ref, 5, []) if ref.coords[c.gates[0]] == (4, -2)][0]
    for province in PROVINCES:
        for cap in capital_options(ref, province, [red]):
            assert distance(ref.coords[cap.gates[0]], (4, -2)) >= 2
    # province 4's only coastal hex (4,-1) is next to Red's gate: province 4 is now refused
    assert capital_options(ref, 4, [red]) == []
    assert len(capital_options(ref, 4, [red], min_gate_distance=1)) == 1


def test_cell_model_gates(ref: Board) -> None:
    """A-20 (b): a capital in an exterior cell has every map hex touching that cell as a gate."""
    caps = capital_options(ref, 5, [], model="cell")
    assert caps
    for cap in caps:
        assert ref.is_exterior(cap.cell)
        assert sorted(cap.gates) == sorted(ref.index[n] for n in neighbours(cap.cell) if n in ref.index)
        assert 1 <= len(cap.gates) <= 3


# --- random genesis ------------------------------------------------------------------------


def check_layout(layout: list) -> None:  # type: ignore[type-arg]
    """20.2 statements 1-2 for one random layout."""
    placed: set = set()
    assert sorted(p.province for p in layout) == list(PROVINCES)
    for i, p in enumerate(layout):
        hexes = p.hexes
        assert not placed & set(hexes)
        t = touch_count(hexes, placed)
        assert t == p.touch
        need = required_touch(i)
        if need == 4 and t < 4:
            assert not placement_candidates(placed, 4)
            assert t >= 3
        else:
            assert t >= need
        placed.update(hexes)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_genesis_is_legal(seed: int) -> None:
    """Invariants 10-11 and genesis statements 1-2 on random maps."""
    rng = Rng(seed)
    layout = random_layout(rng)
    check_layout(layout)
    board = Board(layout)
    assert board.n == 44 and len(set(board.coords)) == 44
    assert board.is_connected()
    assert [board.terrain[i] for i in range(44)].count("GOLD_MOUNTAIN") == 1
    assert [board.terrain[i] for i in range(44)].count("FERTILE_PLAIN") == 1
    assert board.province_of[board.special_hex[2]] == 2
    assert board.province_of[board.special_hex[12]] == 12


def test_genesis_is_deterministic() -> None:
    a = build_board(Rng(1234))
    b = build_board(Rng(1234))
    assert a.coords == b.coords
    assert a.coords != build_board(Rng(1235)).coords


def test_swapped_specials() -> None:
    """Option special_hex_assignment = swapped: province 2 gets the fertile plain."""
    board = reference_board(swap_specials=True)
    assert board.terrain[board.special_hex[2]] == "FERTILE_PLAIN"
    assert board.terrain[board.special_hex[12]] == "GOLD_MOUNTAIN"


def test_roll_gives_up_without_rolling_when_nothing_fits(ref: Board) -> None:
    """C-18: when no province can take a capital the roller returns None and rolls nothing."""
    taken = []
    for province in PROVINCES:
        taken.extend(capital_options(ref, province, [], min_gate_distance=0))
    rng = Rng(5)
    # every province is already drawn
    fake = [Capital(p, (99, 99), (), None) for p in PROVINCES]
    assert roll_capital_province(rng, ref, fake) == (None, [])
    assert rng.counter == 0
