"""Battles (11) and what they do to cities (12): field battles, assaults, sieges, attacking a
stronghold, retreats, the death of a noble and heirs; capture, fortification lost, razing.

Not built yet: no battle can be started.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State

__all__ = ["DeclareBattle", "NobleDies", "battle_areas", "PROCEDURES"]


def battle_areas(state: State, baron: str) -> list[str]:
    """Areas where the baron may start a battle now (11.1; not built yet: none)."""
    return []


class DeclareBattle(Procedure):
    """The baron starts a battle (11.1), called with frame variables ``baron`` and
    ``mobilize`` (True from Mobilize Forces, whose area is chosen already)."""

    rule = "11.1"

    def start(self, state: State, frame: Frame) -> None:
        end(state)


class NobleDies(Procedure):
    """A noble dies (11.8), called with frame variable ``noble``: deserters, casualties paid
    in mercenaries, his Office discarded, and his heir (11.9) keeps what is left.

    Not built yet: he only leaves the board with his army."""

    rule = "11.8"

    def start(self, state: State, frame: Frame) -> None:
        data = state.data
        noble = frame["noble"]
        data.noble_area[noble] = None
        data.office[noble] = None
        if noble in data.at_sea:
            data.at_sea.remove(noble)
        state.emit(f"{noble} dies", "death")
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (DeclareBattle, NobleDies)
"""The procedures of this module that are reached only by ``call``."""
