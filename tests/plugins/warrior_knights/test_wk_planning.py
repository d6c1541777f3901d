"""Planning (rule 6.1): every baron at once and in secret puts up to two cards on each action
space, may undo until he confirms; then two neutral cards go on each space, two are set aside
and each space is shuffled. Checked through the public API, against 22.1 statements 11, 12
and 16, with the views and the log of the other barons, undo, and the core kit's resampling
check; and the stop after planning while the action phase is not built."""

from __future__ import annotations

import random
from collections import Counter

import banneret
import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret import Match, UndoError
from banneret.testing import check_secret_choices, check_views
from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import act, labels, play_until, set_up

T = tables()
TITLES = ["Draft Soldiers", "Levy Taxes", "Mobilize Forces", "Rally Support", "Serve the Church", "Versatile Strategy"]


def plan_everyone(state: banneret.State, rng: random.Random) -> None:
    """Random planning by every baron, up to the action phase's first decision."""
    play_until(state, "card", rng)


def neutral_revealed(state: banneret.State) -> int:
    """Neutral cards revealed so far this round (they went back to the pool of two set aside)."""
    return len(state.data.neutral_pool) - 2


def test_each_baron_plans_one_card_at_a_time_space_by_space() -> None:
    """The menu: one action per title in hand for the space being filled, plus moving on;
    two cards fill a space; after space 3 only the confirmation is left."""
    state, _ = set_up(3, seed=4)
    assert banneret.pending(state).players == ("green", "red", "blue")
    assert labels(state, "red") == [f"space 1: {t}" for t in TITLES] + ["space 1: no more cards"]
    act(state, "red", "space 1: Levy Taxes")
    act(state, "red", "space 1: Levy Taxes")  # the second copy
    assert labels(state, "red") == [f"space 2: {t}" for t in TITLES if t != "Levy Taxes"] + ["space 2: no more cards"]
    act(state, "red", "space 2: no more cards")
    act(state, "red", "space 3: Rally Support")
    act(state, "red", "space 3: no more cards")
    assert labels(state, "red") == ["confirm the plan"]
    assert banneret.view(state, "red")["board"]["barons"]["red"]["planning"] == [
        ["Levy Taxes", "Levy Taxes"], [], ["Rally Support"]]
    act(state, "red", "confirm the plan")
    assert banneret.pending(state).players == ("green", "blue")
    assert labels(state, "red") == []
    assert state.data.hand["red"] == sorted(T.baron_cards["red"])  # nothing moves before everyone confirms


def test_resolution_puts_planned_and_neutral_cards_face_down() -> None:
    """22.1 statements 11 and 12: each space holds what each baron planned (at most 2, from
    his hand) plus exactly two neutral cards; two neutral cards are set aside unseen; the
    planned cards left the hands; then the action phase begins with space 1."""
    state, _ = set_up(2, seed=9)
    data: WKData = state.data
    for baron in data.barons:
        act(state, baron, "space 1: Draft Soldiers")
        act(state, baron, "space 1: Versatile Strategy")
        act(state, baron, "space 2: Levy Taxes")
        act(state, baron, "space 2: no more cards")
        act(state, baron, "space 3: no more cards")
    act(state, data.barons[0], "confirm the plan")
    assert data.action_spaces[0] == []
    act(state, data.barons[1], "confirm the plan")
    for baron in data.barons:
        on_space_1 = data.action_spaces[0] + [data.revealed]
        assert Counter(title_of(c) for c in on_space_1 if owner_of(c) == baron) == {
            "draft_soldiers": 1, "versatile_strategy": 1}
        assert [title_of(c) for c in data.action_spaces[1] if owner_of(c) == baron] == ["levy_taxes"]
        assert [c for c in data.action_spaces[2] if owner_of(c) == baron] == []
        assert len(data.hand[baron]) == 12 - 3
    # the action phase has begun: the cards of space 1 are carried out until one waits for a
    # decision: a baron card for its owner, or a neutral card for a baron's choice (8)
    assert data.revealed is not None
    neutral_up = owner_of(data.revealed) is None
    assert neutral_up or banneret.pending(state).kind == "card"
    assert [sum(owner_of(c) is None for c in pile) for pile in data.action_spaces[1:]] == [2, 2]
    assert sum(owner_of(c) is None for c in data.action_spaces[0]) + neutral_revealed(state) + neutral_up == 2
    assert sorted(data.neutral_pool + [c for p in data.action_spaces + [[data.revealed]] for c in p
                                       if owner_of(c) is None]) == sorted(T.neutral_cards)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_planning_keeps_every_card_in_one_place(n: int, seed: int) -> None:
    """22.1 statements 11, 12 and 16 over random plans: at most two cards of a baron per
    space, all his own; hand + spaces = his twelve; six neutral cards dealt, two aside."""
    state, _ = set_up(n, seed)
    plan_everyone(state, random.Random(seed + 1))
    data: WKData = state.data
    for baron in data.barons:
        on_spaces = [c for pile in data.action_spaces + [[data.revealed]] for c in pile if owner_of(c) == baron]
        assert sorted(data.hand[baron] + on_spaces) == sorted(T.baron_cards[baron])
        assert all(sum(owner_of(c) == baron for c in pile) <= 2 for pile in data.action_spaces)
    # six neutral cards dealt, two on each space (some carried out already), two set aside
    assert all(sum(owner_of(c) is None for c in pile) <= 2 for pile in data.action_spaces)
    assert sum(owner_of(c) is None for pile in data.action_spaces for c in pile) + neutral_revealed(state) == 6


def test_spaces_are_shuffled() -> None:
    """6.1.5: each space is shuffled, so the barons' cards are not in seat order on every seed
    (space 2 is read while the action phase waits in space 1)."""
    orders = set()
    for seed in range(8):
        state, _ = set_up(2, seed)
        for baron in state.data.barons:
            act(state, baron, "space 1: Draft Soldiers")
            act(state, baron, "space 1: no more cards")
            act(state, baron, "space 2: Levy Taxes")
            act(state, baron, "space 2: Rally Support")
            act(state, baron, "space 3: no more cards")
        for baron in state.data.barons:
            act(state, baron, "confirm the plan")
        orders.add(tuple(owner_of(c) or "neutral" for c in state.data.action_spaces[1]))
    assert len(orders) > 1


def test_a_plan_stays_secret_from_the_others() -> None:
    """While planning, another baron's view (board and whole log) is the same whatever a
    baron plans; once placed, the others see only how many cards each baron put on each space,
    never which; the omniscient view shows each pile's order."""
    state, _ = set_up(3, seed=2)
    before = banneret.view(state, "blue", log_tail=None)
    act(state, "green", "space 1: Rally Support")
    after = banneret.view(state, "blue", log_tail=None)
    assert {k: v for k, v in after.items() if k != "step"} == {k: v for k, v in before.items() if k != "step"}
    assert "Rally Support" in " ".join(banneret.view(state, "green", log_tail=None)["log"])
    check_secret_choices(state)
    check_views(state)
    for baron in ("green", "red", "blue"):
        while "confirm the plan" not in labels(state, baron):
            act(state, baron, labels(state, baron)[0])
        act(state, baron, "confirm the plan")
    board = banneret.view(state, "blue")["board"]
    space = board["action_spaces"][1]  # space 2: the action phase waits in space 1
    assert space["by_baron"]["green"] == 2 and space["yours"] == ["Levy Taxes", "Levy Taxes"]
    assert space["order"] is None and board["barons"]["green"]["hand"] is None
    revealed = int(board["revealed"] is not None and board["revealed"].startswith("green "))
    assert board["barons"]["green"]["hand_size"] == 12 - sum(s["by_baron"]["green"] for s in board["action_spaces"]) - revealed
    log = banneret.view(state, "blue", log_tail=None)["log"]
    assert not [line for line in log if "Rally Support" in line and not line.startswith("space ")]  # only revealed
    omniscient = banneret.view(state, None)["board"]["action_spaces"][1]
    assert sorted(omniscient["order"]) == sorted(
        T.card_titles[title_of(c)] for c in state.data.action_spaces[1])
    check_views(state)


def test_resampling_keeps_what_each_baron_knows() -> None:
    """The resample behind the core's leak check: the other barons' cards move between hand
    and spaces keeping their counts per space, the player's own cards stay on their spaces,
    the Event deck keeps the colour of its top card."""
    state, _ = set_up(4, seed=3)
    plan_everyone(state, random.Random(3))
    data: WKData = state.data
    game = state.game
    for seed in range(5):
        other = game.resample_hidden(state, "red", banneret.Rng(seed))
        od: WKData = other.data
        for k, pile in enumerate(data.action_spaces):
            assert sorted(c for c in od.action_spaces[k] if owner_of(c) == "red") == sorted(
                c for c in pile if owner_of(c) == "red")
            for baron in data.barons:
                assert sum(owner_of(c) == baron for c in od.action_spaces[k]) == sum(owner_of(c) == baron for c in pile)
        assert od.hand["red"] == data.hand["red"]
        assert T.event_colours[od.events.draw_pile[-1]] == T.event_colours[data.events.draw_pile[-1]]
        assert sorted(od.fate.draw_pile) == sorted(data.fate.draw_pile)
    check_views(state)


def test_a_baron_undoes_within_his_own_plan_until_he_confirms() -> None:
    """A baron takes back his own planning moves whatever the others do meanwhile; once he
    has confirmed, nothing of his can be taken back."""
    state, _ = set_up(2, seed=6)
    green, red = state.data.barons
    state.seats = {f: "human" for f in state.factions}
    match = Match(state)
    match.play_label(green, "space 1: Levy Taxes")
    match.play_label(red, "space 1: Rally Support")
    match.play_label(green, "space 1: Mobilize Forces")
    match.undo(green)
    assert banneret.view(match.state, green)["board"]["barons"][green]["planning"] == [["Levy Taxes"], [], []]
    assert banneret.view(match.state, red)["board"]["barons"][red]["planning"] == [["Rally Support"], [], []]
    match.undo(green)
    assert banneret.view(match.state, green)["board"]["barons"][green]["planning"] == [[], [], []]
    for label in ("space 1: Serve the Church", "space 1: no more cards", "space 2: no more cards",
                  "space 3: no more cards", "confirm the plan"):
        match.play_label(green, label)
    assert not match.can_undo(green)
    with pytest.raises(UndoError):
        match.undo(green)
    match.undo(red)
    assert banneret.view(match.state, red)["board"]["barons"][red]["planning"] == [[], [], []]
