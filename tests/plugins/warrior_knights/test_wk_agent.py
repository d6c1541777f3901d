"""The heuristic baron and the estimate it shares with the search agent."""

from __future__ import annotations

import banneret
import pytest

from banneret.agents import Seat, agent_seed
from banneret_warrior_knights.evaluation import chances, worth
from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from banneret.state import State

from wk_helpers import REG, new_game, set_up

KINDS = REG.agents("warrior_knights")


def test_worth_counts_a_city_and_chances_sum_to_one() -> None:
    state, _ = set_up(3, seed=5)
    data: WKData = state.data
    green = data.barons[0]
    city = next(c for c in tables().data.board.kingdom_cities() if c in data.city_owner)
    before = worth(data, green)
    data.city_owner[city] = green
    assert worth(data, green) > before
    odds = chances(data)
    assert set(odds) == set(data.barons) and sum(odds.values()) == pytest.approx(1.0)
    assert odds[green] == max(odds.values())


def test_the_heuristic_plans_armies_first() -> None:
    """Its plan puts a Mobilize Forces on space 1 and on space 2 (its preference), chosen from a
    fresh agent at every decision, as `banneret play` seats it."""
    state, _ = set_up(2, seed=2)
    green = state.data.barons[0]
    while banneret.pending(state).kind == "plan" and green in banneret.pending(state).players:
        agent = KINDS["heuristic"]("warrior_knights", green, agent_seed(2, green, state.step))
        banneret.apply(state, agent.choose(Seat(state, green)))
        if "confirm the plan" in [a.label for a in banneret.legal_actions(state, green)]:
            break
    plan = banneret.view(state, green)["board"]["barons"][green]["planning"]
    assert plan[0] == ["Levy Taxes", "Mobilize Forces"] and plan[1] == ["Mobilize Forces", "Rally Support"]
    assert all(len(space) == 2 for space in plan)


@pytest.mark.parametrize("barons", [2, 4])
def test_heuristic_barons_play_whole_games_legally(barons: int) -> None:
    """Every seat heuristic, a fresh agent per decision: only legal actions, and the game ends."""
    state = new_game(barons, seed=barons)
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        agent = KINDS["heuristic"]("warrior_knights", player, agent_seed(barons, player, state.step))
        action = agent.choose(Seat(state, player))
        assert action in banneret.legal_actions(state, player)
        banneret.apply(state, action)
    assert banneret.outcome(state).standings


def _heuristic_blue_until_mobilizing(seed: int) -> State:
    """A 4-baron game, blue heuristic and the others random (fresh agents per decision, as
    `banneret play` seats them), up to blue's first choice of an area to mobilize into."""
    state = new_game(4, seed=seed)
    seats = {f: ("heuristic" if f == "blue" else "random") for f in state.factions}
    while True:
        player = banneret.pending(state).players[0]
        seat = Seat(state, player)
        if player == "blue" and any(a.label.startswith("mobilize into") for a in seat.actions):
            return state
        banneret.apply(state, KINDS[seats[player]]("warrior_knights", player, agent_seed(seed, player, state.step)).choose(seat))


def test_the_heuristic_mobilizes_where_it_can_take_a_neutral_city_and_keeps_its_best_fate() -> None:
    """Seed 3: blue's Star (250 strength) stands in K-a5 beside a neutral city of strength 100;
    every other area offered is empty or holds a city no noble of blue's reaches in strength.
    Judging the card by its end (move, battle, Fate kept), the agent mobilizes into K-a5 and
    attacks; in its discards it never throws away a +1 Victory while it holds a weaker card."""
    state = _heuristic_blue_until_mobilizing(3)
    data: WKData = state.data
    assert data.noble_area["blue_star"] == "k_a5" and data.city_owner["ph_city_a5"] is None
    agent = KINDS["heuristic"]("warrior_knights", "blue", agent_seed(3, "blue", state.step))
    choice = agent.choose(Seat(state, "blue"))
    assert choice.label == "mobilize into K-a5"
    banneret.apply(state, choice)
    steps = 0
    while "blue" in banneret.pending(state).players and steps < 12:
        seat = Seat(state, "blue")
        action = KINDS["heuristic"]("warrior_knights", "blue", agent_seed(3, "blue", state.step)).choose(seat)
        if seat.pending.kind == "discard fate" and action.args != "keep":
            held = {a.args for a in seat.actions}
            assert action.args != "victory" or held <= {"victory", "keep"}
        banneret.apply(state, action)
        steps += 1
    assert any("blue attacks in K-a5" in e.text for e in state.log)
