"""Richard III's result as data: the winner ranks first, the loser second, each scored by
its heirs still alive (the count the sudden-death victory is decided on)."""

from __future__ import annotations

import banneret
from banneret.agents import RandomAgent
from banneret.types import ENDED_BY_RULES

from r3_helpers import play_out


def test_the_winner_ranks_first_with_heirs_alive_as_score():
    state = banneret.new_game("richard3", seed=3)
    play_out(state, {f: RandomAgent(i) for i, f in enumerate(state.factions)})
    d = state.data
    result = banneret.outcome(state)
    (winner,) = result.winners
    loser = next(h for h in state.factions if h != winner)
    assert result.ended_by == ENDED_BY_RULES and state.ended == result
    assert result.score_name == "heirs alive"
    assert [(s.faction, s.rank) for s in result.standings] == [(winner, 1), (loser, 2)]
    assert [s.score for s in result.standings] == [d.heirs_alive(winner), d.heirs_alive(loser)]
