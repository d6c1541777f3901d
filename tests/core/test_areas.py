"""Area maps: validation, lookups and reach."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret.boards.areas import AreaMap
from banneret.errors import DataError

# A small chain with a branch:  york - lancaster - wales
#                                          |
#                               london - kent
AREAS = [
    ("york", {"city": True}),
    ("lancaster", {}),
    ("wales", {"sea": False}),
    ("london", {"city": True}),
    ("kent", {}),
]
BORDERS = [
    ("york", "lancaster", {"colour": "black"}),
    ("lancaster", "wales", {"colour": "red"}),
    ("lancaster", "london", {"colour": "black"}),
    ("london", "kent", {"colour": "red", "river": True}),
]


@pytest.fixture
def board() -> AreaMap:
    return AreaMap.build(AREAS, BORDERS)


def test_lookups(board):
    assert board.areas() == ["kent", "lancaster", "london", "wales", "york"]
    assert board.has("york") and not board.has("calais")
    assert board.attrs("york") == {"city": True}
    assert board.neighbours("lancaster") == ["london", "wales", "york"]
    assert board.border("kent", "london") == {"colour": "red", "river": True}
    assert board.adjacent("london", "kent") and not board.adjacent("york", "kent")
    assert isinstance(board.graph, nx.Graph) and board.graph.number_of_edges() == 4


def test_lookup_errors(board):
    with pytest.raises(KeyError, match="do not share a border"):
        board.border("york", "kent")
    with pytest.raises(KeyError, match="unknown area 'calais'"):
        board.neighbours("calais")
    with pytest.raises(KeyError, match="unknown area 'calais'"):
        board.border("york", "calais")


def test_map_is_read_only(board):
    with pytest.raises(TypeError):
        board.attrs("york")["city"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        board.border("york", "lancaster")["colour"] = "red"  # type: ignore[index]
    with pytest.raises(nx.NetworkXError):
        board.graph.add_edge("york", "kent")


@pytest.mark.parametrize(
    ("areas", "borders", "message"),
    [
        (AREAS, BORDERS + [("york", "calais", {})], "border 'york'-'calais': unknown area 'calais'"),
        (AREAS, BORDERS + [("wales", "lancaster", {})], "border 'wales'-'lancaster' is given twice"),
        (AREAS, BORDERS + [("kent", "kent", {})], "cannot border itself"),
        (AREAS + [("york", {})], BORDERS, "area 'york' is given twice"),
        (AREAS + [("", {})], BORDERS, "non-empty string"),
    ],
)
def test_build_rejects_bad_data(areas, borders, message):
    with pytest.raises(DataError) as info:
        AreaMap.build(areas, borders)
    assert message in str(info.value)


def test_reachable_counts_crossings_in_order(board):
    assert board.reachable("york", 0) == {"york": 0}
    assert board.reachable("york", 2) == {"york": 0, "lancaster": 1, "london": 2, "wales": 2}
    assert list(board.reachable("kent", 9)) == ["kent", "london", "lancaster", "wales", "york"]


def test_reachable_can_cross(board):
    no_rivers = lambda a, b, border: not border.get("river")  # noqa: E731
    assert board.reachable("york", 9, can_cross=no_rivers) == {
        "york": 0,
        "lancaster": 1,
        "london": 2,
        "wales": 2,
    }
    seen = []
    board.reachable("kent", 1, can_cross=lambda a, b, border: seen.append((a, b)) or True)
    assert seen == [("kent", "london")]


def test_reachable_stops_in_areas_that_cannot_be_left(board):
    enemy_in_lancaster = lambda area: area != "lancaster"  # noqa: E731
    assert board.reachable("york", 9, can_continue=enemy_in_lancaster) == {"york": 0, "lancaster": 1}
    # The start is always left, even if it fails can_continue.
    assert board.reachable("lancaster", 1, can_continue=enemy_in_lancaster) == {
        "lancaster": 0,
        "london": 1,
        "wales": 1,
        "york": 1,
    }


# A random map on areas a0..a7, each pair bordering or not.
names = [f"a{i}" for i in range(8)]
pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


@given(st.sets(st.sampled_from(pairs)), st.sets(st.sampled_from(names)), st.integers(0, 8))
def test_reachable_respects_can_continue(edges, stoppers, steps):
    board = AreaMap.build([(n, {}) for n in names], [(a, b, {}) for a, b in sorted(edges)])
    found = board.reachable("a0", steps, can_continue=lambda area: area not in stoppers)
    # Reference: shortest paths in the graph where stopping areas only take incoming edges.
    g = nx.DiGraph()
    g.add_nodes_from(names)
    for a, b in edges:
        for x, y in ((a, b), (b, a)):
            if x == "a0" or x not in stoppers:
                g.add_edge(x, y)
    expected = nx.single_source_shortest_path_length(g, "a0", cutoff=steps)
    assert found == expected
    assert list(found) == sorted(found, key=lambda area: (found[area], area))
