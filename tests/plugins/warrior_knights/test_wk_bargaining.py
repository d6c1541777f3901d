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
    play_with_free_actions(new_game(barons, seed=seed), random.Random(seed), rate=0.15)


def play_with_free_actions(state: banneret.State, rng: random.Random, rate: float, heirs: float = 0.0) -> None:
    """Random play to the end; before about ``rate`` of the decisions a random baron takes
    one of his actions beside the decision (an heir's, when he has one, with chance
    ``heirs``). After it the same players decide, each with a choice, and the invariants
    hold; they are checked every seventh step besides."""
    while not banneret.is_over(state):
        now = banneret.pending(state).players
        if rng.random() < rate:
            offered = banneret.free_actions(state, rng.choice(state.data.barons))
            heir_moves = [a for a in offered if a.kind != "give crowns"]
            if offered:
                banneret.apply(state, rng.choice(heir_moves if heir_moves and rng.random() < heirs else offered))
                assert banneret.pending(state).players == now
                assert all(banneret.legal_actions(state, p) for p in now)
                assert state.game.invariants(state) == []
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
        if state.step % 7 == 0:
            assert state.game.invariants(state) == []
    assert state.game.invariants(state) == []


# --------------------------------------------------------------------------- 17.3 heirs at any moment


def heir_game(barons: int = 3, seed: int = 1) -> banneret.State:
    return new_game(barons, seed=seed, heir_exchange=True)


def test_an_heir_is_given_at_any_moment_under_the_variant_and_never_without_it() -> None:
    """17.3: during the set-up, long before any Muster, blue gives the heir of his star
    noble to red, who may then give it back or kill it; without the option nobody may."""
    assert not any("heir" in label for label in gifts(new_game(3, seed=1), "blue"))
    state = heir_game()
    data: WKData = state.data
    star = T.data.nobles["blue_star"].name
    deciding = banneret.pending(state).players
    act(state, "blue", f"give the heir of {star} to red")
    assert data.heir_holder == {"blue_star": "red"} and banneret.pending(state).players == deciding
    assert log_for(state, "green")[-1] == f"blue gives the heir of {star} to red"
    assert not any(star in label for label in gifts(state, "blue"))
    assert [label for label in gifts(state, "red") if star in label] == [
        f"give the heir of {star} back to blue", f"kill the heir of {star} (blue)"]
    act(state, "red", f"kill the heir of {star} (blue)")
    assert data.heir["blue_star"] is False and "blue_star" not in data.heir_holder
    assert state.game.invariants(state) == []


def test_a_killed_heir_of_a_noble_awaiting_him_ends_his_line_at_once() -> None:
    """17.3, 11.8: green's star noble died while red held his heir; red kills the heir in the
    middle of the round: the line ends there and then (troops disbanded, never returns)."""
    state = heir_game()
    data: WKData = state.data
    data.army["green_star"] = ["green:soldier_100:1"]
    data.noble_area["green_star"] = None
    data.awaiting_heir.append("green_star")
    data.heir_holder["green_star"] = "red"
    star = T.data.nobles["green_star"].name
    act(state, "red", f"kill the heir of {star} (green)")
    assert data.heirless_dead == ["green_star"] and data.army["green_star"] == [] and data.awaiting_heir == []
    assert log_for(state, "blue")[-2:] == [f"red kills the heir of {star}", f"the line of {star} ends"]


def test_in_his_heir_step_of_the_muster_the_heirs_are_the_decision_not_beside_it() -> None:
    """At the Muster the baron's own heir step offers the same actions as its menu: they are
    not offered twice; a baron waiting meanwhile still has his beside the decision."""
    import test_wk_variants

    state, name = test_wk_variants._hostage_muster()
    assert banneret.pending(state).players == ("red",)
    assert f"give the heir of {name} back to green" in labels(state, "red")
    assert not any("heir" in label for label in gifts(state, "red"))
    green_star = T.data.nobles["green_square"].name
    assert f"give the heir of {green_star} to red" in gifts(state, "green")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([3, 5]))
def test_random_games_with_heirs_and_crowns_changing_hands_at_any_moment_keep_every_rule(seed: int, barons: int) -> None:
    """Under the heir exchange variant: before about one decision in six a random baron does
    one of his actions beside the decision (crowns, or an heir given, given back or
    killed): who decides never changes, a choice is left, every invariant holds."""
    play_with_free_actions(heir_game(barons, seed), random.Random(seed), rate=0.17, heirs=0.5)
