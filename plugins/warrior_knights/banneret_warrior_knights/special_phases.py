"""The special phases an action card triggers (6.4): Taxation (9.1), Wages (9.2) and the
Mercenary Draft (9.4). The Assembly (9.3) is in :mod:`~banneret_warrior_knights.assembly`.
The action phase gives the area's cards back to their owners after each area phase.

Not built yet: Taxation and Wages do nothing; the Draft only clears the track.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State
from banneret_warrior_knights.state import WKData

__all__ = ["Taxation", "Wages", "MercenaryDraft", "AssignMercenary", "PROCEDURES"]


class Taxation(Procedure):
    """Every baron collects his cities' income and his Concessions (9.1)."""

    rule = "9.1"

    def start(self, state: State, frame: Frame) -> None:
        state.emit("taxation: not built yet", "phase")
        end(state)


class Wages(Procedure):
    """Barons pay their troops, clockwise from the Chairman (9.2)."""

    rule = "9.2"

    def start(self, state: State, frame: Frame) -> None:
        state.emit("wages: not built yet", "phase")
        end(state)


class MercenaryDraft(Procedure):
    """Each marker on the track, from space 1 up, hires one displayed mercenary (9.4)."""

    rule = "9.4"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        data.mercenary_track[:] = [None] * len(data.mercenary_track)
        state.emit("mercenary draft: not built yet, the track is cleared", "phase")
        end(state)


class AssignMercenary(Procedure):
    """A hired mercenary card goes to one of the baron's nobles in his stronghold's area or in
    a city he controls (not besieged), to an off-board noble, or to his stronghold (9.4);
    called with frame variables ``baron`` and ``card``. Also used by card effects that give a
    free mercenary.

    Not built yet: the card goes to the stronghold garrison."""

    rule = "9.4"

    def start(self, state: State, frame: Frame) -> None:
        state.data.garrison[frame["baron"]].append(frame["card"])
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (AssignMercenary,)
"""The procedures of this module that are reached only by ``call``, besides the phases."""
