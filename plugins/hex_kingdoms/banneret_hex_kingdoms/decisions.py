"""What every decision of the sequence of play shares: the :class:`Decision` base (which
kingdom decides, and which player answers for it), and the per-map cache of labelled actions.

A vassal's decisions are answered by its suzerain's player (C-40) unless the
``vassal_decisions`` option delegates them. Every decision is one small choice.
"""

from __future__ import annotations

from typing import Any

from banneret.flow import Frame, Procedure
from banneret.state import State
from banneret.types import Action, Pending
from banneret_hex_kingdoms.state import HKData

__all__ = ["Decision", "cached_action", "controller", "label_cache"]


def controller(d: HKData, k: int) -> str:
    """The player who answers kingdom ``k``'s decisions (15.2, C-40)."""
    s = d.suzerain[k]
    if s < 0 or d.rules.vassal_decisions == "delegate":
        return d.names[k]
    return d.names[s]


class Decision(Procedure):
    """A procedure that waits for one kingdom's choice; ``who`` names the kingdom."""

    kind = ""
    prompt = ""

    def who(self, state: State, frame: Frame) -> int:
        return state.data.acting

    def pending(self, state: State, frame: Frame) -> Pending:
        d = state.data
        k = self.who(state, frame)
        s = d.suzerain[k]
        player = d.names[k] if s < 0 or d.rules.vassal_decisions == "delegate" else d.names[s]  # controller()
        p = _PENDING.get((self.name, player))
        if p is None:
            p = _PENDING[(self.name, player)] = Pending((player,), self.kind, self.prompt)
        return p


_PENDING: dict[tuple[str, str], Pending] = {}
"""The decisions' fixed ``Pending`` values, one per procedure and player."""


def label_cache(d: HKData) -> dict[Any, Action]:
    """The map's labelled actions, keyed by (player, kind, args): see :func:`cached_action`."""
    return d.board.actions  # type: ignore[union-attr,return-value]


def cached_action(cache: dict[Any, Any], player: str, kind: str, args: Any, label: str) -> Action:
    """Actions are immutable and their labels a function of the map and their arguments:
    built once per map (``Board.actions``), reused."""
    a = Action(player, label, kind, args)
    cache[(player, kind, args)] = a
    return a
