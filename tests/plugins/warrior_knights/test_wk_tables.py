"""The map tables built once (``Board.land_steps``, ``Board.city_at``, the road stretches)
agree with the plain readings of the board graph they replace on the hot path."""

from __future__ import annotations

from banneret_warrior_knights.movement import road_table
from banneret_warrior_knights.state import tables

BOARD = tables().data.board
AREAS = BOARD.areas_map.areas()


def test_land_steps_are_the_passable_borders() -> None:
    for a in AREAS:
        for b in AREAS:
            assert BOARD.passable(a, b) == BOARD.border_passable(a, b), (a, b)
    assert any(BOARD.areas_map.adjacent(a, b) and not BOARD.passable(a, b) for a in AREAS for b in AREAS)


def test_city_at_is_the_city_on_the_area_node() -> None:
    for a in AREAS:
        city = BOARD.areas_map.attrs(a)["city"]
        assert BOARD.city_in(a) == (None if city is None else BOARD.cities[city])
    assert sorted(c.id for c in BOARD.city_at.values() if c is not None) == sorted(BOARD.cities)


def test_road_stretches_run_along_each_road_until_a_step_that_cannot_be_walked() -> None:
    expected: dict[str, list[tuple[str, ...]]] = {}
    for road in BOARD.roads.values():
        chain = road.areas
        for i, area in enumerate(chain):
            for ahead in (chain[i + 1:], tuple(reversed(chain[:i]))):
                walked: list[str] = []
                prev = area
                for step in ahead:
                    if not BOARD.border_passable(prev, step):
                        break
                    walked.append(step)
                    prev = step
                if walked:
                    expected.setdefault(area, []).append(tuple(walked))
    assert {a: sorted(s) for a, s in road_table().stretches.items()} == {a: sorted(s) for a, s in expected.items()}
