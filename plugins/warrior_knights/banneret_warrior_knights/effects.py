"""Card effects written as data (the effect vocabulary of ``data_model.EFFECT_KINDS``): one
handler per immediate kind, applied by events (8.2) and by Motions passed in the Assembly
(9.3). Standing kinds are read where their rule applies (:mod:`~banneret_warrior_knights.standing`).

Not built yet: :class:`ApplyEffects` only logs the effects.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State

__all__ = ["ApplyEffects", "PROCEDURES"]


class ApplyEffects(Procedure):
    """Apply immediate effects in order, called with frame variables ``effects`` (a tuple of
    :class:`~banneret_warrior_knights.data_model.Effect`), ``drawer`` (the baron who drew an
    event, or None) and ``chosen_baron`` (the baron an agenda voted as Choose a Baron named,
    or None). Effects that need a baron's choice ask him."""

    rule = "8.2"

    def start(self, state: State, frame: Frame) -> None:
        for effect in frame["effects"]:
            state.emit(f"effect {effect.kind}: not built yet", "effect")
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (ApplyEffects,)
"""The procedures of this module that are reached only by ``call``."""
