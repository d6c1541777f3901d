"""Area maps: named regions joined by borders that carry attributes (road, river, sea...).

Games such as Richard III or Warrior Knights move pieces between areas rather than hexes.
An :class:`AreaMap` is a frozen ``networkx`` graph with a small, deterministic interface:
every list it returns is sorted, so no result ever depends on set or hash order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import networkx as nx

from banneret.errors import DataError

__all__ = ["AreaMap"]


class AreaMap:
    """Areas (nodes with attributes) and the borders between them (edges with attributes).

    Build one with :meth:`build`, which validates the data; the wrapped graph is frozen.
    """

    __slots__ = ("_graph",)

    def __init__(self, graph: nx.Graph) -> None:
        self._graph = nx.freeze(graph)

    @classmethod
    def build(
        cls,
        areas: Iterable[tuple[str, Mapping[str, Any]]],
        borders: Iterable[tuple[str, str, Mapping[str, Any]]],
    ) -> AreaMap:
        """Validate and assemble a map; raises :class:`DataError` naming the bad record."""
        g = nx.Graph()
        for name, attrs in areas:
            if not isinstance(name, str) or not name:
                raise DataError(f"area name must be a non-empty string, not {name!r}")
            if name in g:
                raise DataError(f"area {name!r} is given twice")
            g.add_node(name, **attrs)
        for a, b, attrs in borders:
            for end in (a, b):
                if end not in g:
                    raise DataError(f"border {a!r}-{b!r}: unknown area {end!r}")
            if a == b:
                raise DataError(f"border {a!r}-{b!r}: an area cannot border itself")
            if g.has_edge(a, b):
                raise DataError(f"border {a!r}-{b!r} is given twice")
            g.add_edge(a, b, **attrs)
        return cls(g)

    @property
    def graph(self) -> nx.Graph:
        """The underlying frozen ``networkx`` graph, for path algorithms."""
        return self._graph

    def areas(self) -> list[str]:
        """Every area name, sorted."""
        return sorted(self._graph)

    def has(self, area: str) -> bool:
        return area in self._graph

    def attrs(self, area: str) -> Mapping[str, Any]:
        """The attributes of ``area`` (read-only)."""
        self._require(area)
        return MappingProxyType(self._graph.nodes[area])

    def neighbours(self, area: str) -> list[str]:
        """Areas sharing a border with ``area``, sorted."""
        self._require(area)
        return sorted(self._graph.adj[area])

    def adjacent(self, a: str, b: str) -> bool:
        return self._graph.has_edge(a, b)

    def border(self, a: str, b: str) -> Mapping[str, Any]:
        """The attributes of the border between ``a`` and ``b`` (read-only)."""
        self._require(a)
        self._require(b)
        if not self._graph.has_edge(a, b):
            raise KeyError(f"areas {a!r} and {b!r} do not share a border")
        return MappingProxyType(self._graph.edges[a, b])

    def reachable(
        self,
        start: str,
        max_steps: int,
        can_cross: Callable[[str, str, Mapping[str, Any]], bool] | None = None,
        can_continue: Callable[[str], bool] | None = None,
    ) -> dict[str, int]:
        """Areas reachable from ``start`` in at most ``max_steps`` border crossings.

        ``can_cross(from_area, to_area, border)`` may refuse a crossing (a closed border, a
        river without a bridge). ``can_continue(area)`` False means a piece may enter
        ``area`` but must stop there (an enemy-held area); it is not asked about ``start``,
        whose exit rules belong to the game. The result maps each area to its fewest
        crossings, ordered by that number and then by name.
        """
        self._require(start)
        adj = self._graph.adj
        found = {start: 0}
        frontier = deque([start])
        while frontier:
            here = frontier.popleft()
            steps = found[here]
            if steps >= max_steps or (here != start and can_continue is not None and not can_continue(here)):
                continue
            for there in sorted(adj[here]):
                if there in found:
                    continue
                if can_cross is None or can_cross(here, there, MappingProxyType(adj[here][there])):
                    found[there] = steps + 1
                    frontier.append(there)
        return dict(sorted(found.items(), key=lambda item: (item[1], item[0])))

    def _require(self, area: str) -> None:
        if area not in self._graph:
            raise KeyError(f"unknown area {area!r}")
