"""What every decision of the sequence of play shares: the core's :class:`Decision` and
:class:`Choice` told which kingdom decides and which player answers for it, and the per-map
cache of labelled actions.

A vassal's decisions are answered by its suzerain's player (C-40) unless the
``vassal_decisions`` option delegates them. Every decision is one small choice.
"""

from __future__ import annotations

from typing import Any

from banneret import flow
from banneret.flow import Frame
from banneret.state import State
from banneret.types import Action
from banneret_hex_kingdoms.state import HKData

__all__ = ["Choice", "Decision", "cached_action", "controller", "label_cache"]


def controller(d: HKData, k: int) -> str:
    """The player who answers kingdom ``k``'s decisions (15.2, C-40)."""
    s = d.suzerain[k]
    if s < 0 or d.rules.vassal_decisions == "delegate":
        return d.names[k]
    return d.names[s]


class Decision(flow.Decision):
    """A decision taken for one kingdom: ``who`` names it, its controller answers."""

    def who(self, state: State, frame: Frame) -> int:
        return state.data.acting

    def decider(self, state: State, frame: Frame) -> str:
        return controller(state.data, self.who(state, frame))


class Choice(Decision, flow.Choice):
    """One small step of a compound action (the core's :class:`~banneret.flow.Choice`), its
    actions taken from the map's label cache."""

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        # the core's loop with the cache looked up once per menu (a hot path of playouts)
        cache = label_cache(state.data)
        kind = self.kind
        out = []
        for option in frame.vars["options"]:
            found = cache.get((player, kind, option))
            out.append(found if found is not None else cached_action(cache, player, kind, option, self.label(state, frame, option)))
        return out


def label_cache(d: HKData) -> dict[Any, Action]:
    """The map's labelled actions, keyed by (player, kind, args): see :func:`cached_action`."""
    return d.board.actions  # type: ignore[union-attr,return-value]


def cached_action(cache: dict[Any, Any], player: str, kind: str, args: Any, label: str) -> Action:
    """Actions are immutable and their labels a function of the map and their arguments:
    built once per map (``Board.actions``), reused."""
    a = Action(player, label, kind, args)
    cache[(player, kind, args)] = a
    return a
