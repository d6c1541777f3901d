"""Card effects written as data (the effect vocabulary of ``data_model.EFFECT_KINDS``): one
handler per immediate kind, applied by events (8.2) and by Motions passed in the Assembly
(9.3). Standing kinds are read where their rule applies (:mod:`~banneret_warrior_knights.standing`).

Not built yet: :func:`apply_effects` only logs the effects.
"""

from __future__ import annotations

from typing import Sequence

from banneret.state import State
from banneret_warrior_knights.data_model import Effect

__all__ = ["apply_effects"]


def apply_effects(state: State, effects: Sequence[Effect], *, drawer: str | None = None,
                  chosen_baron: str | None = None) -> None:
    """Apply immediate ``effects`` in order; ``drawer`` is the baron who drew an event,
    ``chosen_baron`` the baron an agenda voted as Choose a Baron named."""
    for effect in effects:
        state.emit(f"effect {effect.kind}: not built yet", "effect")
