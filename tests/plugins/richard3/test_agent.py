"""The heuristic computer player's choices as the PRETENDER in a scenario's last campaign,
where only the usurpation count at its end (8.2) or the death of every enemy heir wins.

Each test builds a position through the public API, asks the agent from its seat and pins
the choice (several agent seeds where a tie could hide a wrong preference)."""

from __future__ import annotations

import banneret
from banneret import RandomAgent
from banneret.agents import Seat

from banneret_richard3.agent import make_agent

from r3_helpers import do, play_out, put, start_turn, touch


def _scenario(name: str) -> banneret.State:
    return banneret.new_game("richard3", seed=0, scenario=name)


def _choices(state: banneret.State, player: str, seeds: range = range(8)) -> set[str]:
    """The labels the agent picks here with each seed."""
    return {make_agent("richard3", player, s).choose(Seat(state, player)).label for s in seeds}


def test_the_pretender_recruits_a_noble_rather_than_a_levy_in_the_last_campaign():
    """Richard III (campaign 3 of 3): Shrewsbury's home South Yorks lies next to a strong York
    army, which made the old agent take a levy elsewhere; a noble counts at the end, a levy
    disbands before the count (8.1, 8.2)."""
    state = _scenario("richard-iii")
    start_turn(state, lancaster="action_ap4_1", york="action_ap3_1")
    for b in ("norfolk", "suffolk", "essex"):
        put(state, b, "derby")
    touch(state)
    do(state, "lancaster", "recruit")
    assert _choices(state, "lancaster") == {"recruit shrewsbury_l in south_yorks"}


def test_the_pretender_attacks_where_more_enemy_nobles_stand():
    """Two beatable enemy areas next to a strong stack: the one with three enemy blocks, each
    maybe a noble to kill (one point off the KING's count), wins over the one with one."""
    state = _scenario("richard-iii")
    start_turn(state, lancaster="action_ap4_1", york="action_ap3_1")
    for b in ("oxford", "pembroke", "buckingham_l", "french_mercenary"):
        put(state, b, "gloucester")
    for b in ("norfolk", "suffolk", "essex"):
        put(state, b, "oxford")
    put(state, "arundel", "hereford")
    touch(state)
    do(state, "lancaster", "land move")
    do(state, "lancaster", "land move from gloucester")
    do(state, "lancaster", "select oxford")
    assert _choices(state, "lancaster") == {"move oxford: gloucester -> oxford"}


def test_kingmaker_spares_the_defected_clarence_who_counts_for_lancaster():
    """Executing a defected heir (9.1) would cost Lancaster a noble in the final count: in the
    last campaign the agent spares him."""
    state = _scenario("kingmaker")
    agents = {"lancaster": make_agent("richard3", "lancaster", 1), "york": RandomAgent(1)}
    while banneret.pending(state).kind != "execution":
        player = banneret.pending(state).players[0]
        banneret.apply(state, agents[player].choose(Seat(state, player)))
    assert banneret.pending(state).players == ("lancaster",)
    assert _choices(state, "lancaster") == {"spare clarence_l"}


def test_the_agent_plays_the_same_game_for_the_same_seed():
    """Deterministic per seed: two agents with one seed, against one random opponent each,
    choose the same actions in a whole Richard III game."""
    played = []
    for _ in range(2):
        state = _scenario("richard-iii")
        agents = {"lancaster": make_agent("richard3", "lancaster", 5), "york": RandomAgent(5)}
        played.append([action.label for action in play_out(state, agents)])
    assert played[0] == played[1]
