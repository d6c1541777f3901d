"""The duel toy with agents of known strength, for tournament tests (importable as a
``--plugin`` module, so worker processes of ``--jobs 2`` find it too).

``greedy`` bids 3 and always challenges; ``timid`` bids 1 and never challenges, so it never
wins a bid against ``greedy`` and loses every game to it; ``greedy_twin`` plays exactly as
``greedy`` does, so the two tie every bid and every game ends in a draw at the round limit.
"""

from __future__ import annotations

from banneret import hookimpl
from toys import Duel


class Scripted:
    """Always the action of a given label among the legal ones, for bids and challenges."""

    def __init__(self, bid: str, answer: str) -> None:
        self.labels = (bid, answer)

    def choose(self, seat):
        return next(a for a in seat.actions if a.label in self.labels)


@hookimpl
def banneret_games():
    return [Duel]


@hookimpl
def banneret_agents(game_id):
    if game_id != "duel":
        return {}
    return {
        "greedy": lambda game, faction, seed: Scripted("bid 3", "challenge"),
        "greedy_twin": lambda game, faction, seed: Scripted("bid 3", "challenge"),
        "timid": lambda game, faction, seed: Scripted("bid 1", "accept"),
    }
