"""Victory (9.0): the game ends at once when a house has lost every heir, or when its only
surviving heirs fight for the enemy (A-27); else the KING wins after the third campaign's
usurpation (called from :mod:`banneret_richard3.politics`)."""

from __future__ import annotations

from banneret import Outcome, Standing, State
from banneret.flow import end_game

from banneret_richard3.state import HOUSES, OFF_BOARD, R3State, other

__all__ = ["victory", "check_defected_last_heir"]


def victory(state: State, winner: str, reason: str) -> None:
    """9.0: the game ends now, ``winner`` first. Each house's score is its heirs still alive
    (A-27 a): losing every heir is the sudden-death defeat, the count the rules end the game on."""
    d: R3State = state.data
    state.emit(f"{winner} wins: {reason}", "victory")
    standings = tuple(Standing(h, 1 if h == winner else 2, d.heirs_alive(h)) for h in (winner, other(winner)))
    end_game(state, Outcome((winner,), reason, standings, "heirs alive"))


def check_defected_last_heir(state: State) -> None:
    """A-27 edge: a house whose only surviving heirs serve the enemy has no KING or PRETENDER
    to fight for; with ``last_heir_defected = loses`` it loses at once. A loyal heir alive
    anywhere (map, exile, pool, minor, captive) keeps the house in the game. It can only become
    true when an heir dies or defects: both call this."""
    d: R3State = state.data
    if state.options["last_heir_defected"] != "loses" or state.ended is not None:
        return
    if d.loc["clarence_l"] in OFF_BOARD and d.loc["exeter_y"] in OFF_BOARD:
        return  # nobody has defected
    for h in HOUSES:
        if d.heirs_alive(h) > 0 and not d.loyal_heirs_alive(h):
            victory(state, other(h), f"{h}'s only surviving heir fights for {other(h)} (A-27)")
            return
