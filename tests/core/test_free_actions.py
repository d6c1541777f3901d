"""Actions outside the sequence of play (``Game.free_actions``, ``banneret.free_actions``)
on the toy game ``market`` (tests/core/free_toys.py): taken by anyone at any moment, they
leave the decision where it is and have its options worked out again."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

import banneret
from banneret import Match
from banneret.cli import main
from banneret.errors import GameOverError, IllegalActionError, NotYourTurnError
from banneret.flow import Choice, FlowError, Frame
from banneret.registry import registry_from
from banneret.saves import from_record, to_record
from banneret.testing import conformance_tests

import free_toys

REG = registry_from([free_toys])


def market(seed: int = 1) -> banneret.State:
    return banneret.new_game("market", seed=seed, registry=REG)


def labels(state: banneret.State, player: str | None = None) -> list[str]:
    return [a.label for a in banneret.legal_actions(state, player)]


def give(state: banneret.State, giver: str, to: str) -> list[banneret.Event]:
    return banneret.apply(state, banneret.find_action(state, giver, f"give a coin to {to}"))


def test_a_merchant_who_is_not_deciding_gives_a_coin_and_the_buyer_may_buy_more():
    state = market()
    assert banneret.pending(state).players == ("ada",)
    give(state, "ada", "bo")  # ada, deciding, now has 2: two goods for 3 are out of reach
    assert labels(state) == ["buy 1 for 2", "pass"]
    give(state, "bo", "ada")  # bo is not deciding: he may give all the same
    assert banneret.pending(state).players == ("ada",)
    assert labels(state) == ["buy 1 for 2", "buy 2 for 3", "pass"]
    assert state.data.coins == {"ada": 3, "bo": 3, "cy": 3}
    assert [e.text for e in state.log[-2:]] == ["ada gives a coin to bo", "bo gives a coin to ada"]
    assert state.record == [("ada", "give a coin to bo"), ("bo", "give a coin to ada")]


def test_a_buyer_who_gives_his_coins_away_may_only_pass():
    state = market()
    for _ in range(3):
        give(state, "ada", "cy")
    assert labels(state) == ["pass"]
    assert banneret.free_actions(state, "ada") == ()  # no coin left to give


def test_a_secret_pledge_waiting_is_worked_out_again_for_its_own_player_only():
    state = market()
    for merchant in ("ada", "bo", "cy"):
        banneret.apply(state, banneret.find_action(state, merchant, "pass"))
    assert banneret.pending(state).players == ("ada", "bo", "cy")
    banneret.apply(state, banneret.find_action(state, "bo", "pledge 2"))  # bo has confirmed
    give(state, "ada", "cy")
    give(state, "bo", "cy")
    assert labels(state, "ada") == ["pledge 0", "pledge 1", "pledge 2"]
    assert labels(state, "cy") == [f"pledge {n}" for n in range(6)]
    assert banneret.pending(state).players == ("ada", "cy")
    banneret.apply(state, banneret.find_action(state, "ada", "pledge 0"))
    banneret.apply(state, banneret.find_action(state, "cy", "pledge 1"))
    # bo pledged 2 but kept 2 after his gift: he pays 2 and wins the good with the highest pledge
    assert state.data.coins == {"ada": 2, "bo": 0, "cy": 4}
    assert state.data.goods == {"ada": 0, "bo": 1, "cy": 0}


def test_a_free_action_not_on_offer_is_refused_and_changes_nothing():
    state = market()
    for _ in range(3):
        give(state, "bo", "cy")
    before = banneret.state_hash(state)
    with pytest.raises(NotYourTurnError):  # bo has no coin and is not deciding
        banneret.apply(state, banneret.Action("bo", "give a coin to ada", "give", "ada"))
    with pytest.raises(IllegalActionError):  # ada decides, but no merchant of that name
        banneret.apply(state, banneret.Action("ada", "give a coin to di", "give", "di"))
    with pytest.raises(IllegalActionError, match="cannot 'give a coin to nobody' now"):
        banneret.find_action(state, "ada", "give a coin to nobody")
    assert banneret.state_hash(state) == before


def test_no_free_action_once_the_game_is_over():
    state = market()
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        banneret.apply(state, banneret.legal_actions(state, player)[-1])
    assert banneret.free_actions(state, "ada") == ()
    with pytest.raises(GameOverError):
        banneret.apply(state, banneret.Action("ada", "give a coin to bo", "give", "bo"))


class Broke(Choice):
    """A step whose every option an action outside the sequence of play took away."""

    def options(self, state, frame) -> tuple[str, ...]:
        return ()


def test_a_waiting_step_left_without_options_is_a_flow_error():
    """The plugin must offer only actions that leave the decision a choice; the flow says
    so loudly when one does not."""
    with pytest.raises(FlowError, match="Broke has no options left"):
        Broke().reopen(market(), Frame("Broke", {}))


def test_a_save_replays_the_gifts_and_a_gift_closes_the_undo_window():
    match = Match.start("market", seed=3, registry=REG)
    match.play_label("ada", "buy 1 for 2")  # ada buys again or passes: her buy may be taken back
    assert match.can_undo("ada")
    match.play_label("ada", "give a coin to bo")  # seen by everyone: nothing before it is undone
    assert not match.can_undo("ada")
    assert banneret.legal_actions(match.state, "ada") == (banneret.Action("ada", "pass", "buy", 0),)
    loaded = from_record(json.loads(json.dumps(to_record(match.state))), registry=REG)
    assert banneret.state_hash(loaded) == banneret.state_hash(match.state)
    assert loaded.record[-1] == ("ada", "give a coin to bo")


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=60), st.integers(0, 50))
def test_random_games_with_random_gifts_keep_the_coins_and_a_choice_for_every_decision(draws, seed):
    """Gifts from anyone between any two decisions: nobody in debt, no coin made or lost,
    whose decision it is unchanged, and every waiting decision still offers something."""
    state = market(seed)
    coins = 9
    for draw in draws:
        if banneret.is_over(state):
            break
        deciding = banneret.pending(state).players
        giver = free_toys.MERCHANTS[draw % 3]
        offered = banneret.free_actions(state, giver)
        if offered and draw % 2:
            banneret.apply(state, offered[draw // 6 % len(offered)])
            assert banneret.pending(state).players == deciding
        else:
            player = deciding[draw % len(deciding)]
            actions = banneret.legal_actions(state, player)
            banneret.apply(state, actions[draw // 6 % len(actions)])
        assert state.game.invariants(state) == []
        now = sum(state.data.coins.values())
        assert now == coins if offered and draw % 2 else now <= coins  # gifts move coins, buying spends them
        coins = now
        for player in banneret.pending(state).players:
            assert banneret.legal_actions(state, player)


globals().update(conformance_tests("market", REG))


def test_the_terminal_lists_the_free_actions_and_takes_one_by_its_label():
    answers = iter(["free", "give a coin to cy", "board", "quit"])
    shown: list[str] = []
    code = main(["play", "market", "--seed", "1"], registry=REG, ask=lambda prompt: next(answers), out=shown.append)
    assert code == 0
    hint = "  (and 2 actions beside this decision: type free to list them)"
    at = shown.index(hint)
    assert shown[at - 3:at] == ["    1. buy 1 for 2", "    2. buy 2 for 3", "    3. pass"]
    listed = shown.index("  give a coin to bo")
    assert shown[listed + 1] == "  give a coin to cy"
    assert any("ada gives a coin to cy" in line for line in shown)
    # ada decides again, with 2 coins: two goods for 3 are out of reach now
    assert shown[-4:-1] == ["    1. buy 1 for 2", "    2. pass", hint]
