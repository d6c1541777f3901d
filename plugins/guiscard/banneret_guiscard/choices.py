"""The choices the phasing side's player makes (§2.1): who decides them is the side whose
player phase it is, ``Battle.side``. Most of the protocol's steps are such choices; the
others (defensive fire, counter-charges, a victim's placement) name their own decider."""

from __future__ import annotations

from banneret.flow import Choice, Frame
from banneret.state import State
from banneret.types import Action

__all__ = ["SideChoice"]


class SideChoice(Choice):
    """A choice made by the phasing side's player (§2.1)."""

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.side

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        """:meth:`Choice.actions` with each option's :meth:`label` asked in the loop itself,
        without a :meth:`Choice.action` call per option: the menus asked at nearly every
        decision (a property test compares them with :meth:`Choice.actions`)."""
        label, kind, new = self.label, self.kind, tuple.__new__  # Action(...) minus its __new__ call
        return [new(Action, (player, label(state, frame, o), kind, o)) for o in frame.vars["options"]]
