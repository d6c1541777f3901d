"""The game's own data (``state.data``) and the primitives every rule goes through.

Representation, chosen for cheap cloning and fast playouts:

* kingdoms are ints 0..n-1 in colour order (blue, red, green, yellow);
* hexes are the board's indices 0..43 (see :class:`~banneret_hex_kingdoms.genesis.Board`);
* ``owner[h]`` is the kingdom whose armies stand on hex ``h`` (-1: empty; 4.2 allows one);
* ``stacks[h]`` is a tuple of army codes: the strength 1..6 in the low three bits, plus
  :data:`SPENT` (moved, created or fought during its kingdom's step: no 3c extra move) and
  :data:`PART` (taking part in the assault being fought);
* hex and province control are caches recomputed from the armies after every change
  (4.3, 4.4), never remembered on their own.

All army changes go through :meth:`HKData.put`, which refreshes control and records first
conquests for :func:`~banneret_hex_kingdoms.rules.settle_conquests`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

import attrs

from banneret.gamedata import copied, gamedata, shared, static
from banneret_hex_kingdoms.assault import AssaultRules
from banneret_hex_kingdoms.genesis import PROVINCES, Board, Capital, Placement
from banneret_hex_kingdoms.options import Rules

__all__ = ["SPENT", "PART", "STRENGTH", "HKData", "strength"]

STRENGTH = 7
SPENT = 8
PART = 16
NO_PROV = 13  # province-indexed lists run 0..12; slots 0 and 1 are unused


def strength(code: int) -> int:
    return code & STRENGTH


def _per_kingdom(value: Any) -> Any:
    """A list with one ``value`` per kingdom, built when the data is."""
    return attrs.Factory(lambda self: [value] * self.nk, takes_self=True)


@gamedata
class HKData:
    """Everything that changes during a game of hex_kingdoms, with how each field copies
    (see :mod:`banneret.gamedata`): clone, equality and the state hash derive from it."""

    rules: Rules = shared()
    """The options, typed (5, C-01..C-49)."""
    nk: int = shared()
    """Number of kingdoms in play."""
    names: tuple[str, ...] = shared()
    """Faction id of each kingdom."""
    num: Mapping[str, int] = shared(converter=lambda given: MappingProxyType(dict(given)))
    """The rule parameters (house rules may change them); read-only."""
    arules: AssaultRules = static(
        "derived from rules and num", default=attrs.Factory(lambda self: self.rules.assault_rules(self.num), takes_self=True)
    )
    board: Board | None = static("built from layout once genesis ends (3)", default=None)
    seats: tuple[int, ...] = shared(default=attrs.Factory(lambda self: tuple(range(self.nk)), takes_self=True))
    """Seat order (C-04)."""
    owner: list[int] = copied(factory=list)
    """Per hex: the kingdom whose armies stand on it (-1: empty)."""
    stacks: list[tuple[int, ...]] = copied(factory=list)
    """Per hex: its army codes."""
    castle: list[int] = copied(factory=list)
    """Per hex: -1 for no castle, else the castle's owner (14, C-49)."""
    hctrl: list[int] = copied(factory=list)
    """Per hex: its controller (4.3), recomputed by :meth:`put`."""
    pctrl: list[int] = copied(factory=lambda: [-1] * NO_PROV)
    """Per province: its controller (4.4), recomputed by :meth:`put`."""
    capital: list[Capital | None] = copied(default=_per_kingdom(None))
    cap: list[int] = copied(default=_per_kingdom(9))
    """Per kingdom: its capital's value."""
    walls: list[bool] = copied(default=_per_kingdom(False))
    suzerain: list[int] = copied(default=_per_kingdom(-1))
    crusade: list[int] = copied(default=_per_kingdom(0))
    """Per kingdom: crusade points."""
    crusade_total: int = shared(default=0)
    crusade_won: bool = shared(default=False)
    king: int = shared(default=-1)
    ever: list[int] = copied(default=_per_kingdom(0))
    """Per kingdom: bit p set when province p was ever controlled (C-12)."""
    turn: int = shared(default=0)
    acted: list[bool] = copied(default=_per_kingdom(False))
    """Per kingdom: its 3b action used this game turn (C-41)."""
    acting: int = shared(default=-1)
    """The kingdom whose player step is running."""
    levied: bool = shared(default=False)
    regrouped: bool = shared(default=False)  # the acting kingdom regrouped in 3a this step
    layout: list[Placement] = copied(factory=list)
    """Tiles laid so far (genesis by players)."""
    tile_order: tuple[int, ...] = shared(default=())
    """The shuffled tiles (genesis by players)."""
    winner: int = shared(default=-1)
    finished: str = shared(default="")
    """Why the game ended ("" while it runs)."""
    conquests: list[tuple[int, int]] = copied(factory=list)
    """(kingdom, province) first conquests to settle."""
    last_plague: int = shared(default=0)
    income_to: list[int] = copied(factory=lambda: [-1] * NO_PROV)
    """C-29: per province, the kingdom receiving its income (-1: its controller)."""

    def set_board(self, board: Board) -> None:
        self.board = board
        n = board.n
        self.owner = [-1] * n
        self.stacks = [()] * n
        self.castle = [-1] * n
        self.hctrl = [-1] * n
        self.pctrl = [-1] * NO_PROV

    # --- blocs (15) ---------------------------------------------------------------------

    def leader(self, k: int) -> int:
        """The free kingdom at the head of ``k``'s bloc (C-39: the hierarchy is flat)."""
        s = self.suzerain[k]
        return k if s < 0 else s

    def same_bloc(self, a: int, b: int) -> bool:
        return self.leader(a) == self.leader(b)

    def bloc(self, k: int) -> list[int]:
        lead = self.leader(k)
        return [x for x in range(self.nk) if self.leader(x) == lead]

    def free(self, k: int) -> bool:
        return self.suzerain[k] < 0

    # --- armies and control (4) ---------------------------------------------------------

    def total(self, h: int) -> int:
        return sum(c & STRENGTH for c in self.stacks[h])

    def hex_controller(self, h: int) -> int:
        """4.3: the owner of the armies on ``h`` if they reach its threshold (C-11)."""
        k = self.owner[h]
        if k < 0:
            return -1
        need = self.board.threshold[h]  # type: ignore[union-attr]
        if self.rules.hex_control == "sum":
            got = 0
            for c in self.stacks[h]:
                got += c & STRENGTH
            return k if got >= need else -1
        return k if any((c & STRENGTH) >= need for c in self.stacks[h]) else -1

    def province_controller(self, p: int) -> int:
        """4.4: the kingdom controlling three or four of the province's hexes."""
        counts = [0] * self.nk
        base = 4 * (p - 2)
        hctrl = self.hctrl
        for h in range(base, base + 4):
            k = hctrl[h]
            if k >= 0:
                counts[k] += 1
        for k in range(self.nk):
            if counts[k] >= 3:
                return k
        return -1

    def put(self, h: int, owner: int, codes: tuple[int, ...]) -> None:
        """Set the armies on ``h`` and refresh control; record first conquests (12.1)."""
        if codes:
            self.owner[h] = owner
            self.stacks[h] = codes
            if self.castle[h] >= 0:
                self.castle[h] = owner  # C-49: a castle belongs to whoever stands on it
        else:
            self.owner[h] = -1
            self.stacks[h] = ()
        new = self.hex_controller(h)
        if new != self.hctrl[h]:
            self.hctrl[h] = new
            p = h // 4 + 2
            pk = self.province_controller(p)
            if pk != self.pctrl[p]:
                self.pctrl[p] = pk
                if pk >= 0 and not (self.ever[pk] >> p) & 1:
                    self.conquests.append((pk, p))

    def armies_of(self, k: int) -> list[int]:
        """Hexes holding ``k``'s armies, in index order."""
        return [h for h, o in enumerate(self.owner) if o == k]

    def army_count(self, k: int) -> int:
        return sum(len(self.stacks[h]) for h, o in enumerate(self.owner) if o == k)

    def can_create(self, k: int, n: int = 1) -> bool:
        """C-05 option: whether ``k`` may put ``n`` more army dice on the map."""
        cap = self.rules.max_armies_per_kingdom
        return cap <= 0 or self.army_count(k) + n <= cap

    def provinces_of(self, k: int) -> list[int]:
        return [p for p in PROVINCES if self.pctrl[p] == k]

    def bloc_provinces(self, lead: int) -> int:
        return sum(1 for p in PROVINCES if self.pctrl[p] >= 0 and self.leader(self.pctrl[p]) == lead)

    # --- capitals (6) -------------------------------------------------------------------

    def gates(self, k: int) -> tuple[int, ...]:
        c = self.capital[k]
        return () if c is None else c.gates

    def gate_owner(self, h: int) -> list[int]:
        """Kingdoms whose capital ``h`` is a gate of."""
        return [k for k in range(self.nk) if self.capital[k] is not None and h in self.capital[k].gates]  # type: ignore[union-attr]

    # --- connectivity (10, C-28) --------------------------------------------------------

    def reach(self, k: int) -> bytearray:
        """Hexes joined to ``k``'s capital by unblocked paths, for ``k``'s bloc (C-28).

        A hex blocks when it holds armies of a kingdom outside the bloc or lies in a
        province such a kingdom controls. Returns a 0/1 mark per hex.
        """
        board = self.board
        assert board is not None
        lead = self.leader(k)
        owner = self.owner
        pctrl = self.pctrl
        sz = self.suzerain

        def open_(h: int) -> bool:
            o = owner[h]
            if o >= 0 and (o if sz[o] < 0 else sz[o]) != lead:
                return False
            pc = pctrl[h // 4 + 2]
            return pc < 0 or (pc if sz[pc] < 0 else sz[pc]) == lead

        seen = bytearray(board.n)
        stack = [g for g in self.gates(k) if open_(g)]
        for g in stack:
            seen[g] = 1
        adj = board.adj
        while stack:
            h = stack.pop()
            for n in adj[h]:
                if not seen[n] and open_(n):
                    seen[n] = 1
                    stack.append(n)
        return seen

    def connected(self, p: int, reach: bytearray) -> bool:
        base = 4 * (p - 2)
        return bool(reach[base] or reach[base + 1] or reach[base + 2] or reach[base + 3])
