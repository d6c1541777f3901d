"""Shared helpers for the hex_kingdoms tests: a generator with scripted dice."""

from __future__ import annotations

from banneret.rng import Rng


class ScriptedRng(Rng):
    """An :class:`Rng` whose ``roll``/``die``/``choice`` answers come from scripts first.

    ``rolls`` feeds :meth:`roll` and :meth:`die` in order; ``choices`` are indices fed to
    :meth:`choice`. When a script runs dry the real seeded stream takes over.
    """

    __slots__ = ("rolls", "choices")

    def __init__(self, seed: int = 0, rolls: list[int] | None = None, choices: list[int] | None = None) -> None:
        super().__init__(seed)
        self.rolls = list(rolls or [])
        self.choices = list(choices or [])

    def roll(self, notation: str) -> int:
        if self.rolls:
            self.counter += 1
            return self.rolls.pop(0)
        return super().roll(notation)

    def die(self, sides: int = 6) -> int:
        if self.rolls:
            self.counter += 1
            return self.rolls.pop(0)
        return super().die(sides)

    def choice(self, seq):  # type: ignore[no-untyped-def]
        if self.choices:
            self.counter += 1
            return seq[self.choices.pop(0)]
        return super().choice(seq)


# --- game-level helpers ---------------------------------------------------------------------

import banneret  # noqa: E402
from banneret.flow import Frame  # noqa: E402
from banneret.state import State  # noqa: E402
from banneret_hex_kingdoms.genesis import Capital, DIRECTION_NAMES  # noqa: E402
from banneret_hex_kingdoms.sequence import FLOW  # noqa: E402

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
NAMES = ("blue", "red", "green", "yellow")
# F-03: the fixture's capitals: province, gate, edge
F03 = {RED: (5, (4, -2), "E"), BLUE: (9, (4, 1), "SE"), GREEN: (10, (-3, 2), "W"), YELLOW: (12, (2, 4), "SE")}


def table(options: dict | None = None, seats: tuple[int, ...] = (RED, BLUE, GREEN, YELLOW), rolls=None, choices=None) -> State:
    """A game on the reference map with F-03's capitals, no armies, and nothing pending."""
    st = banneret.new_game("hex_kingdoms", seed=0, options={"map": "reference", **(options or {})})
    d = st.data
    d.seats = seats
    board = d.board
    for k, (prov, gate, edge) in F03.items():
        g = board.index[gate]
        di = DIRECTION_NAMES.index(edge)
        q, r = gate
        dq, dr = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))[di]
        d.capital[k] = Capital(prov, (q + dq, r + dr), (g,), di)
    d.turn = 1
    st.stack = []
    st.rng = ScriptedRng(0, rolls, choices)
    return st


def hx(st: State, q: int, r: int) -> int:
    return st.data.board.index[(q, r)]


def place(st: State, k: int, q: int, r: int, *strengths: int) -> None:
    """Put armies on a hex without conquest effects (set-up of a test position)."""
    d = st.data
    d.put(hx(st, q, r), k, tuple(strengths))
    d.conquests.clear()


def run(st: State, proc: str, **vars) -> None:  # type: ignore[no-untyped-def]
    """Start one procedure of the flow on its own and run it to its first decision."""
    st.stack = [Frame(proc, dict(vars))]
    st._legal_step = -1
    FLOW.settle(st)


def do(st: State, label: str) -> None:
    """Apply the pending player's action with this label."""
    player = banneret.pending(st).players[0]
    banneret.apply(st, banneret.find_action(st, player, label))


def labels(st: State) -> list[str]:
    player = banneret.pending(st).players[0]
    return [a.label for a in banneret.legal_actions(st, player)]


def armies(st: State, q: int, r: int) -> list[int]:
    return sorted((c & 7 for c in st.data.stacks[hx(st, q, r)]), reverse=True)


def assault(st: State, label: str) -> None:
    """3b Assault through the menu: "assault", then the target named by ``label`` (asked
    only when there are several; a single target is taken at once, checked here)."""
    do(st, "assault")
    if banneret.pending(st).kind == "assault-target":
        do(st, label)
        return
    d = st.data
    frame = st.stack[-1]
    t = frame.vars["target"]
    chosen = f"assault {d.board.name[t]}" if t >= 0 else f"assault {d.names[-t - 1]}'s capital"
    assert (frame.proc, chosen) == ("Muster", label)
