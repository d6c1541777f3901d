"""5 Set-up: the players lay the province tiles (5.1, when they do), then each kingdom
rolls for its capital's province and picks its edge (5.2)."""

from __future__ import annotations

from typing import Any

from banneret.flow import Frame, end
from banneret.state import State
from banneret.types import Action
from banneret_hex_kingdoms.decisions import Decision
from banneret_hex_kingdoms.genesis import (
    DIRECTION_NAMES,
    Board,
    Placement,
    capital_options,
    placement_candidates,
    random_layout,
    required_touch,
    roll_capital_province,
)
from banneret_hex_kingdoms.state import HKData

__all__ = ["Capitals", "PlaceTiles"]


class PlaceTiles(Decision):
    """Players lay the province tiles in seat order (5.1 with genesis_placement = players)."""

    rule = "5.1"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        if d.board is not None:
            end(state)

    kind = "tile"
    prompt = "Lay the next province tile"

    def who(self, state: State, frame: Frame) -> int:
        d = state.data
        return d.seats[(len(d.layout) - 1) % d.nk]

    def _cands(self, d: HKData) -> list[tuple[Any, int, int]]:
        placed = {h for p in d.layout for h in p.hexes}
        i = len(d.layout)
        cands = placement_candidates(placed, required_touch(i))
        if not cands:
            cands = placement_candidates(placed, 3)  # C-15
        return cands

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        n = d.tile_order[len(d.layout)]
        return [
            Action(player, f"lay tile {n} at ({a[0]},{a[1]}) turned {rot}", "tile", (a, rot, touch))
            for a, rot, touch in self._cands(d)
        ]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        anchor, rot, touch = action.args
        d.layout.append(Placement(d.tile_order[len(d.layout)], anchor, rot, touch))
        if len(d.layout) == len(d.tile_order):
            _set_board(d, d.layout)
            state.emit("the Old Continent is complete")
            end(state)


def _set_board(d: HKData, layout: list[Placement]) -> None:
    d.layout = list(layout)
    d.set_board(Board(layout, swap_specials=d.rules.special_hex_assignment == "swapped"))


class Capitals(Decision):
    """Each kingdom in seat order rolls 2d6 for its province and picks an outer edge (5.2)."""

    rule = "5.2"

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["i"] = 0
        self._next(state, frame)

    def _opts(self, d: HKData, province: int) -> list[Any]:
        taken = [c for c in d.capital if c is not None]
        return capital_options(d.board, province, taken, model=d.rules.capital_model,
                               min_gate_distance=d.rules.capital_min_gate_distance)

    def _next(self, state: State, frame: Frame) -> None:
        d = state.data
        while frame.vars["i"] < d.nk:
            k = d.seats[frame.vars["i"]]
            taken = [c for c in d.capital if c is not None]
            province, rolls = roll_capital_province(
                state.rng, d.board, taken, model=d.rules.capital_model,
                min_gate_distance=d.rules.capital_min_gate_distance)
            if province is None:  # C-18: no province can take it: a new map
                state.emit("no province can take a capital: the map is built again")
                _set_board(d, random_layout(state.rng))
                d.capital = [None] * d.nk
                frame.vars["i"] = 0
                continue
            state.emit(f"{d.names[k]} rolls {', '.join(map(str, rolls))}: capital in province {province}")
            opts = self._opts(d, province)
            if len(opts) == 1:
                self._place(state, k, opts[0])
                frame.vars["i"] += 1
                continue
            frame.vars["province"] = province
            return
        end(state)

    def _place(self, state: State, k: int, cap: Any) -> None:
        d = state.data
        d.capital[k] = cap
        state.emit(f"{d.names[k]} raises its capital by {' '.join(d.board.name[g] for g in cap.gates)}")

    kind = "capital"
    prompt = "Choose your capital's edge"

    def who(self, state: State, frame: Frame) -> int:
        return state.data.seats[frame.vars["i"]]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        out = []
        for c in self._opts(d, frame.vars["province"]):
            if c.direction is not None:
                label = f"capital at {d.board.name[c.gates[0]]} {DIRECTION_NAMES[c.direction]}"
            else:
                label = f"capital in cell ({c.cell[0]},{c.cell[1]})"
            out.append(Action(player, label, "capital", c))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        self._place(state, d.seats[frame.vars["i"]], action.args)
        frame.vars["i"] += 1
        self._next(state, frame)
