"""The choices the phasing side's player makes (§2.1): who decides them is the side whose
player phase it is, ``Battle.side``. Most of the protocol's steps are such choices; the
others (defensive fire, counter-charges, a victim's placement) name their own decider."""

from __future__ import annotations

from banneret.flow import Choice, Frame
from banneret.state import State

__all__ = ["SideChoice"]


class SideChoice(Choice):
    """A choice made by the phasing side's player (§2.1)."""

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.side
