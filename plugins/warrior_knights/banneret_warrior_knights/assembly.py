"""The Assembly (9.3): votes received, Private Motions first, the Chairman's order, secret
simultaneous votes with the Chairman breaking ties, Motions, Laws, Charges and Offices,
refusals and the ban, two-player voting.

Not built yet: the Assembly does nothing.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State
from banneret_warrior_knights.state import WKData

__all__ = ["Assembly", "ban", "PROCEDURES"]


class Assembly(Procedure):
    """The barons vote on the current agendas (9.3)."""

    rule = "9.3"

    def start(self, state: State, frame: Frame) -> None:
        state.emit("assembly: not built yet", "phase")
        end(state)


def ban(state: State, baron: str) -> None:
    """The baron is barred from the Assembly (9.3.6-9.3.7): he refused a decision.

    Not built yet: only the mark (a barred Chairman loses his title once the Assembly is built)."""
    data: WKData = state.data
    data.barred[baron] = True
    state.emit(f"{baron} is barred from the Assembly", "assembly")


PROCEDURES: tuple[type[Procedure], ...] = ()
"""The procedures of this module that are reached only by ``call``, besides the Assembly."""
