"""Bargaining (15.2): crowns may change hands between barons at any moment.

What barons promise each other is talk, never enforced; the one thing the engine carries
is the crowns handed over, as an action outside the sequence of play
(:meth:`banneret.game.Game.free_actions`): any baron still in the game may give any number
of his crowns to another, whoever is deciding, and the decision waiting is then worked out
again from the new treasuries. Faith, Votes, Influence, Charges, Offices and troops never
change hands, so nothing here moves them.
"""

from __future__ import annotations

from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.state import WKData

__all__ = ["GIVE", "gift_actions", "give_crowns", "gift_label"]

GIVE = "give crowns"
"""The kind of a gift's action; its ``args`` are ``(receiver, crowns)``."""


def _crowns(n: int) -> str:
    return f"{n} crown{'s' if n != 1 else ''}"


def gift_label(crowns: int, receiver: str) -> str:
    return f"give {_crowns(crowns)} to {receiver}"


def gift_actions(data: WKData, baron: str) -> list[Action]:
    """15.2: every gift ``baron`` may make now: 1 to all his crowns, to each other baron in
    the game (none from or to a baron out of it, 17.4)."""
    if baron not in data.barons:
        return []
    return [Action(baron, gift_label(n, other), GIVE, (other, n))
            for other in data.barons if other != baron for n in range(1, data.crowns[baron] + 1)]


def give_crowns(state: State, action: Action) -> None:
    """Hand the crowns over; everyone reads it in the log."""
    data: WKData = state.data
    receiver, crowns = action.args
    data.crowns[action.player] -= crowns
    data.crowns[receiver] += crowns
    state.emit(f"{action.player} gives {receiver} {_crowns(crowns)}", "bargain")
