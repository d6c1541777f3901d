"""16 End of turn: the victory check."""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State
from banneret_hex_kingdoms import rules as R

__all__ = ["EndOfTurn"]


class EndOfTurn(Procedure):
    """Phase 4: an Emperor is crowned if a bloc holds two provinces more than all others."""

    rule = "16"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        w = R.victory(d)
        if w >= 0:
            d.winner = w
            d.finished = "emperor"
            state.emit(f"{d.names[w]} is crowned Emperor!", "victory")
        elif d.rules.max_turns and d.turn >= d.rules.max_turns:
            d.finished = "turn limit"
            state.emit(f"turn limit {d.rules.max_turns} reached without an Emperor", "victory")
        end(state)
