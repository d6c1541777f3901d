"""The Assembly (9.3): votes received, Private Motions first, the Chairman's order, secret
simultaneous votes with the Chairman breaking ties, Motions, Laws, Charges and Offices,
refusals and the ban, two-player voting.

Not built yet: the Assembly does nothing.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State

__all__ = ["Assembly"]


class Assembly(Procedure):
    """The barons vote on the current agendas (9.3)."""

    rule = "9.3"

    def start(self, state: State, frame: Frame) -> None:
        state.emit("assembly: not built yet", "phase")
        end(state)
