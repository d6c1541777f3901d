"""The result of a hex_kingdoms game as data: the turn limit ranks the kingdoms in the
outcome itself (C-43) and says a cap ended the game; a crowned Emperor ranks first."""

from __future__ import annotations

import banneret
from banneret.agents import RandomAgent, Seat
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES
from banneret_hex_kingdoms.plugin import SCORE_NAME, ranking_of


def play(seed: int, **options) -> banneret.State:
    state = banneret.new_game("hex_kingdoms", seed=seed, options=options)
    agents = {f: RandomAgent(seed * 10 + i) for i, f in enumerate(state.factions)}
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        banneret.apply(state, agents[player].choose(Seat(state, player)))
    return state


def test_the_turn_limit_gives_the_c43_ranking_as_standings():
    state = play(2, max_turns=3)
    d = state.data
    result = banneret.outcome(state)
    assert d.finished == "turn limit" and result.winners == ()
    assert result.ended_by == ENDED_BY_CAP and result.score_name == SCORE_NAME
    free = ranking_of(d)
    assert [s.faction for s in result.standings[:len(free)]] == [d.names[k] for k in free]
    assert [s.rank for s in result.standings[:len(free)]] == list(range(1, len(free) + 1))
    assert sorted(s.faction for s in result.standings) == sorted(state.factions)
    for s in result.standings:
        k = d.names.index(s.faction)
        assert s.score == d.bloc_provinces(d.leader(k))
    assert result.reason.endswith(", ".join(s.faction for s in result.standings[:len(free)]))
    assert banneret.view(state, None)["outcome"]["standings"][0] == {
        "faction": result.standings[0].faction, "rank": 1, "score": result.standings[0].score,
    }


def test_vassals_share_the_place_after_the_free_kingdoms():
    state = banneret.new_game("hex_kingdoms", seed=1, options={"max_turns": 1})
    d = state.data
    d.finished = "turn limit"
    d.suzerain[d.seats[1]] = d.seats[0]
    d.suzerain[d.seats[2]] = d.seats[0]
    result = state.game.outcome(state)
    vassals = {d.names[d.seats[1]], d.names[d.seats[2]]}
    assert {s.faction for s in result.standings[-2:]} == vassals
    assert [s.rank for s in result.standings] == [1, 2, 3, 3]


def test_an_emperor_ranks_first_and_the_rules_ended_the_game():
    state = banneret.new_game("hex_kingdoms", seed=1)
    d = state.data
    d.winner, d.finished = d.seats[2], "emperor"
    result = state.game.outcome(state)
    assert result.winners == (d.names[d.seats[2]],) and result.ended_by == ENDED_BY_RULES
    assert result.standings[0].faction == d.names[d.seats[2]]
    assert [s.rank for s in result.standings] == [1, 2, 2, 2]
