"""The scenarios' special rules (the set-ups themselves are data: ``data/scenarios.json``).

Wars of the Roses (1460) plays campaigns 1-3, Kingmaker (1470) campaign 2 only and Richard III
(1483) campaign 3 only; the game ends after the usurpation of the scenario's last campaign
(:mod:`banneret_richard3.politics`). Only Kingmaker adds a rule, from its scenario sheet:

Henry VI starts as York's prisoner in London, off the board (:data:`~banneret_richard3.state.PRISONER`).
He cannot move, fight or be attacked and holds nothing, but he is alive, he is the PRETENDER
and he counts for Lancaster in the usurpation count (8.2). Lancaster frees him by holding
Middlesex alone after any action or battle (:func:`free_henry_vi`); he then stands in
Middlesex as an ordinary heir. (The sheet also has York murder him if York wins with him still
captive; the game is over by then, so nothing follows from it.)
"""

from __future__ import annotations

from banneret import State

from banneret_richard3.state import PRISONER, R3State

__all__ = ["LONDON_AREA", "free_henry_vi"]

LONDON_AREA = "middlesex"


def free_henry_vi(state: State) -> None:
    """Kingmaker: Lancaster frees the captive Henry VI by holding Middlesex alone (checked
    after every action of the action phase and after every battle)."""
    d: R3State = state.data
    if d.loc["henry_vi"] == PRISONER and d.occupant(LONDON_AREA) == "lancaster":
        d.place("henry_vi", LONDON_AREA)
        state.emit("Henry VI is freed and joins the Lancastrians in Middlesex", "political")
