"""Bargaining (15.2): crowns handed between barons at any moment, as actions outside the
sequence of play (``banneret.free_actions``); the decision waiting is worked out again
from the new treasuries."""

from __future__ import annotations

import random

import banneret
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from banneret.engine import log_for
from banneret.errors import IllegalActionError, NotYourTurnError
from banneret_warrior_knights.state import WKData

from wk_economy_helpers import BOARD, T, bare_game, fill_area, give, plan, soldier
from wk_helpers import act, labels, new_game


def gifts(state: banneret.State, baron: str) -> list[str]:
    return [a.label for a in banneret.free_actions(state, baron)]


def test_a_baron_not_deciding_hands_crowns_to_another_and_everyone_reads_it() -> None:
    state = new_game(4, seed=1)
    data: WKData = state.data
    deciding = banneret.pending(state).players
    assert deciding == ("red",) and data.crowns == {"green": 15, "red": 15, "blue": 15, "black": 15}
    menu = banneret.legal_actions(state, "red")
    act(state, "blue", "give 4 crowns to red")
    assert data.crowns == {"green": 15, "red": 19, "blue": 11, "black": 15}
    assert banneret.pending(state).players == deciding
    assert banneret.legal_actions(state, "red") == menu  # troops are not bought: the same menu
    assert state.record[-1] == ("blue", "give 4 crowns to red")
    for seat in ("green", "red", "blue", "black", None):
        assert log_for(state, seat)[-1] == "blue gives red 4 crowns"


def test_every_amount_to_every_other_baron_and_one_crown_is_singular() -> None:
    state = new_game(3, seed=2)
    state.data.crowns["green"] = 2
    assert gifts(state, "green") == ["give 1 crown to red", "give 2 crowns to red",
                                     "give 1 crown to blue", "give 2 crowns to blue"]
    state.data.crowns["green"] = 0
    assert gifts(state, "green") == []
    with pytest.raises(NotYourTurnError):  # green has nothing to give and is not deciding
        banneret.apply(state, banneret.Action("green", "give 1 crown to red", "give crowns", ("red", 1)))
    with pytest.raises(IllegalActionError):  # red decides, but has no 16 crowns
        banneret.find_action(state, "red", "give 16 crowns to blue")


def test_nothing_passes_to_or_from_a_baron_out_of_the_game() -> None:
    """17.4: an eliminated baron neither gives nor receives."""
    state = new_game(3, seed=2)
    data: WKData = state.data
    data.barons = tuple(b for b in data.barons if b != "blue")
    data.eliminated.append("blue")
    assert banneret.free_actions(state, "blue") == ()
    assert not any(label.endswith("to blue") for label in gifts(state, "red"))


def test_a_levy_he_can_no_longer_pay_may_only_be_refused() -> None:
    """9.3.6 with 15.2: the levy is worked out from the income; green then hands his crowns
    to red and may only refuse (and be barred)."""
    state = bare_game(2, seed=1, chairman="green")
    data: WKData = state.data
    held = [c for c in data.city_owner][:4]
    data.city_owner.update({c: "green" for c in held})
    law = next(c for c in T.agenda_cards if c.rsplit(":", 1)[0] == "income_tax")
    data.laws.append(law)
    income = sum(BOARD.cities[c].income for c in held)
    fill_area(data, "taxation", 3)
    plan(state, {"green": [(1, "Levy Taxes")]})
    act(state, "green", "decline the card")
    assert labels(state, "green")[0] == f"pay {income // 5} crowns to PH-Income Tax"
    act(state, "green", f"give {data.crowns['green']} crowns to red")
    assert labels(state, "green") == ["refuse PH-Income Tax and be barred from the Assembly"]
    act(state, "green", "refuse PH-Income Tax and be barred from the Assembly")
    assert data.crowns == {"green": 0, "red": 20 + income} and data.barred["green"]


def test_wages_offer_only_the_mercenaries_he_can_still_pay() -> None:
    """9.2 with 15.2: green has paid his soldiers (3 of 6 crowns); giving 2 away leaves 1, too
    little for either mercenary, so only stopping is left; red's gift back restores one."""
    state = bare_game(3, seed=2, chairman="green")
    data: WKData = state.data
    data.noble_area["green_star"] = "k_a2"
    data.noble_area["green_square"] = "k_a2"
    give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50"))
    give(data, "green", "green_star", "english_100")
    give(data, "green", "green_square", "polish_150")
    data.crowns["green"] = 6
    fill_area(data, "wages", 5)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    assert len(labels(state, "green")) == 3 and data.crowns["green"] == 3
    act(state, "green", "give 2 crowns to blue")
    assert labels(state, "green") == ["pay no more: the unpaid mercenaries leave"]
    act(state, "red", "give 1 crown to green")
    assert labels(state, "green") == ["pay English 100 of Ernesto di Celadon (2 crowns)",
                                      "pay no more: the unpaid mercenaries leave"]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([2, 4, 6]))
def test_random_games_with_crowns_handed_over_at_any_moment_keep_every_rule(seed: int, barons: int) -> None:
    """Whole random games in which, before about one decision in seven, a random baron hands
    a random sum to another: whose decision it is never changes, every waiting decision still
    offers something, and the game's invariants hold (nobody in debt)."""
    rng = random.Random(seed)
    state = new_game(barons, seed=seed)
    while not banneret.is_over(state):
        now = banneret.pending(state).players
        if rng.random() < 0.15:
            offered = banneret.free_actions(state, rng.choice(state.data.barons))
            if offered:
                banneret.apply(state, rng.choice(offered))
                assert banneret.pending(state).players == now
                assert all(banneret.legal_actions(state, p) for p in now)
                assert state.game.invariants(state) == []
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
        if state.step % 7 == 0:
            assert state.game.invariants(state) == []
    assert state.game.invariants(state) == []
