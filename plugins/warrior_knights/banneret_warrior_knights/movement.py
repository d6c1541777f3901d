"""Movement (10): land moves, roads, rivers and bridges, mountains, passing other barons'
nobles and cities with their permission, sea travel, picking up troops on the way; and
Mobilize Forces (7.5), the card that moves armies into one area and may start a battle there.

Not built yet: Mobilize Forces can only be declined and no noble can move.
"""

from __future__ import annotations

from typing import Any, Sequence

from banneret.flow import Frame, Procedure, end
from banneret.state import State
from banneret_warrior_knights.card_play import BaronCard

__all__ = ["MobilizeForces", "MoveOneNoble", "movable_nobles", "PROCEDURES"]


def movable_nobles(state: State, baron: str) -> list[str]:
    """The baron's ready nobles that have a legal move now (not built yet: none)."""
    return []


class MobilizeForces(BaronCard):
    """Choose an area; move ready nobles into it, start a battle there, or both (7.5)."""

    rule = "7.5"
    title = "mobilize_forces"

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        return ()


class MoveOneNoble(Procedure):
    """Versatile Strategy's move: one ready noble moves (10), then is exhausted (7.6)."""

    rule = "7.6"

    def start(self, state: State, frame: Frame) -> None:
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (MoveOneNoble,)
"""The procedures of this module that are reached only by ``call``."""
