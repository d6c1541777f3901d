"""The Muster (6.5): victory check, influence, revolts, sea arrivals, refreshing nobles,
transfers and returning nobles (13); and the end of the game (14).

Not built yet: the game stops at the first Muster, every baron ranked by influence.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end_game
from banneret.state import State
from banneret.types import ENDED_BY_CAP, Outcome, Standing
from banneret_warrior_knights.state import WKData

__all__ = ["Muster", "NOT_BUILT", "PROCEDURES"]

NOT_BUILT = "the Muster is not built yet: the game stops after the first action phase"


class Muster(Procedure):
    """Not built yet: the game stops here, cut off, with every baron ranked by influence."""

    rule = "6.5"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        data.phase = "muster"
        standings = tuple(
            Standing(b, 1 + sum(data.influence[o] > data.influence[b] for o in data.barons), data.influence[b])
            for b in sorted(data.barons, key=lambda b: -data.influence[b])
        )
        end_game(state, Outcome((), NOT_BUILT, standings, "influence", ended_by=ENDED_BY_CAP))


PROCEDURES: tuple[type[Procedure], ...] = ()
"""The procedures of this module that are reached only by ``call``."""
