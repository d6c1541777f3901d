"""Battles (11) and what they do to cities (12): field battles, assaults, sieges, attacking a
stronghold, retreats, the death of a noble and heirs; capture, fortification lost, razing.

Not built yet: no battle can be started.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State

__all__ = ["DeclareBattle", "battle_areas"]


def battle_areas(state: State, baron: str) -> list[str]:
    """Areas where the baron may start a battle now (11.1; not built yet: none)."""
    return []


class DeclareBattle(Procedure):
    """The baron starts a battle (11.1), called with frame variables ``baron`` and
    ``mobilize`` (True from Mobilize Forces, whose area is chosen already)."""

    rule = "11.1"

    def start(self, state: State, frame: Frame) -> None:
        end(state)
