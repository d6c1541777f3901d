"""The game's tables, loaded from ``banneret_hex_kingdoms.data`` into attrs records.

* ``terrain.json``   -- the seven terrains: control threshold, plague loss, mountain flag (3.2)
* ``provinces.json`` -- the eleven province tiles 2..12 and their four terrains, tile order
  T1, W1, W2, T2 (3.3; the composition is a stand-in because the rulebook's pictures are lost)
* ``advantage.json`` -- whole halves of the weaker total -> base advantage (13.3)
* ``kingdoms.json``  -- the four colours (2)
* ``numbers.json``   -- every other number the rules use (costs, caps, bonuses)

Everything is loaded once and cached; the records are frozen.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import attrs

from banneret.data import load_records
from banneret.errors import DataError

__all__ = [
    "Terrain",
    "ProvinceTile",
    "AdvantageRow",
    "Kingdom",
    "Number",
    "Tables",
    "tables",
]

DATA = "banneret_hex_kingdoms.data"
Source = Literal["rulebook", "placeholder"]


@attrs.frozen
class Terrain:
    """One terrain type (3.2)."""

    id: str
    name: str
    threshold: int
    plague_loss: int
    mountain: bool
    special: bool
    source: Source


@attrs.frozen
class ProvinceTile:
    """One province tile (3.3): its number and the terrain of T1, W1, W2, T2."""

    number: int
    terrain: tuple[str, str, str, str]
    income: int
    source: Source


@attrs.frozen
class AdvantageRow:
    """One row of the ratio table (13.3): this many whole halves give this base advantage."""

    halves: int
    base: int
    ratio: str
    source: Source


@attrs.frozen
class Kingdom:
    """A kingdom colour (2)."""

    id: str
    name: str
    letter: str
    source: Source


@attrs.frozen
class Number:
    """A named number from the rules (cost, cap, bonus)."""

    name: str
    value: int
    rule: str
    source: Source


@attrs.frozen
class Tables:
    """All of the game's data, validated."""

    terrain: dict[str, Terrain]
    provinces: tuple[ProvinceTile, ...]
    advantage: tuple[AdvantageRow, ...]
    kingdoms: tuple[Kingdom, ...]
    numbers: dict[str, int]

    def n(self, name: str) -> int:
        """A named number (``tables().n("levy") == 3``)."""
        return self.numbers[name]

    def province(self, number: int) -> ProvinceTile:
        for tile in self.provinces:
            if tile.number == number:
                return tile
        raise KeyError(number)


@cache
def tables() -> Tables:
    """Load and cross-check every data file once."""
    terrain = {t.id: t for t in load_records(DATA, "terrain.json", Terrain, key="id")}
    provinces = tuple(load_records(DATA, "provinces.json", ProvinceTile, key="number"))
    advantage = tuple(load_records(DATA, "advantage.json", AdvantageRow, key="halves"))
    kingdoms = tuple(load_records(DATA, "kingdoms.json", Kingdom, key="id"))
    numbers = {n.name: n.value for n in load_records(DATA, "numbers.json", Number, key="name")}

    for tile in provinces:
        for tid in tile.terrain:
            if tid not in terrain:
                raise DataError(f"{DATA}/provinces.json: province {tile.number} names unknown terrain {tid!r}")
    if sorted(t.number for t in provinces) != list(range(2, 13)):
        raise DataError(f"{DATA}/provinces.json: provinces must be numbered 2..12, one each")
    halves = [row.halves for row in advantage]
    if halves != list(range(2, 2 + len(advantage))):
        raise DataError(f"{DATA}/advantage.json: rows must run 2, 3, 4, ... whole halves in order")
    return Tables(terrain, provinces, advantage, kingdoms, numbers)
