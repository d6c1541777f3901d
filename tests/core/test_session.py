"""Matches: undo within one player's own run of choices, closed by a die roll, a reveal or
another player's decision; computer seats that move on their own; saving a match."""

from __future__ import annotations

import pytest

import banneret
from banneret import Match
from banneret.errors import SeatError, UndoError
from banneret.registry import registry_from
from banneret.testing import setup_of, trace

import more_toys
import toys

REG = registry_from([toys, more_toys])


def relay(seed: int = 2, **kw) -> Match:
    return Match.start("relay", seed=seed, registry=REG, **kw)


def replayed_hash(match: Match, record) -> str:
    return trace(setup_of(match.state), record, REG)["hashes"][-1]


def test_undo_takes_back_ones_own_moves_one_at_a_time():
    match = relay()
    assert match.waiting_humans() == ["red"]
    start = banneret.state_hash(match.state)
    match.play_label("red", "step A")
    after_one = banneret.state_hash(match.state)
    match.play_label("red", "step B")
    assert match.can_undo() and match.can_undo("red") and not match.can_undo("blue")
    match.undo("red")
    assert banneret.state_hash(match.state) == after_one == replayed_hash(match, [("red", "step A")])
    assert match.state.record == [("red", "step A")]
    match.undo()
    assert banneret.state_hash(match.state) == start and match.state.step == 0
    assert not match.can_undo()
    with pytest.raises(UndoError, match="nothing to undo: no move has been made"):
        match.undo()


def test_undoing_past_the_window_says_everything_is_already_taken_back():
    match = relay()
    match.play_label("red", "sprint")  # a die roll: nothing before it can be taken back
    match.play_label("red", "step B")
    match.undo()
    with pytest.raises(UndoError, match="every move since the last die roll, reveal or other player's decision is already taken back"):
        match.undo()
    match.play_label("red", "step A")  # a new move opens the window again
    match.undo()
    assert match.state.data.runners["red"][1] == 0


def test_undo_then_a_different_choice():
    match = relay()
    match.play_label("red", "step A")
    match.undo()
    match.play_label("red", "step B")
    assert match.state.data.runners["red"] == [0, 1]
    assert banneret.state_hash(match.state) == replayed_hash(match, [("red", "step B")])


def test_a_die_roll_closes_the_undo_window():
    match = relay()
    match.play_label("red", "step A")
    counter = match.state.rng.counter
    match.play_label("red", "sprint")
    assert match.state.rng.counter > counter
    assert banneret.pending(match.state).players == ("red",)  # still red's turn
    assert not match.can_undo()
    with pytest.raises(UndoError, match="nothing to undo: a die roll, a reveal or another player's decision came in between"):
        match.undo()


def test_a_reveal_closes_the_undo_window():
    match = relay()
    match.play_label("red", "step A")
    events = match.play_label("red", "declare favourite")
    assert [e.reveal for e in events] == [True]
    assert not match.can_undo()


def test_another_players_decision_closes_the_window():
    match = relay()
    match.play_label("red", "end turn")  # the bonus die and blue's turn
    assert banneret.pending(match.state).players == ("blue",)
    assert not match.can_undo("red")
    with pytest.raises(UndoError, match="nothing to undo: blue has no move in the game to take back"):
        match.undo("blue")
    match.play_label("blue", "step B")
    assert match.can_undo("blue") and not match.can_undo("red")
    with pytest.raises(UndoError, match="came in between"):
        match.undo("red")


def test_a_simultaneous_decision_cannot_be_undone_once_made():
    match = Match.start("duel", seed=1, registry=REG)
    match.play_label("north", "bid 2")
    assert not match.can_undo("north")


def test_a_human_cannot_move_for_a_computer_seat():
    match = relay(seats={"blue": "random"})
    match.play_label("red", "end turn")
    blue = banneret.legal_actions(match.state, "blue")[0]
    before = banneret.state_hash(match.state)
    with pytest.raises(banneret.NotYourTurnError, match="blue is played by the computer"):
        match.play(blue)
    assert banneret.state_hash(match.state) == before


def test_computer_seats_move_until_a_human_must_decide():
    match = relay(seats={"blue": "random"})
    assert match.advance() == 0  # red, a human, is to move
    match.play_label("red", "end turn")
    seen = []
    moves = match.advance(on_move=lambda player, action, events: seen.append((player, action.label)))
    assert moves == len(seen) >= 1
    assert {p for p, _ in seen} == {"blue"}
    assert match.waiting_humans() == ["red"] or match.is_over()
    assert not match.can_undo()


def test_two_computer_seats_play_to_the_end_the_same_way_twice():
    records = []
    for _ in range(2):
        match = relay(seed=5, seats={"red": "random", "blue": "random"})
        moves = match.advance()
        assert match.is_over() and moves == match.state.step
        records.append(match.state.record)
    assert records[0] == records[1]


def test_advance_stops_at_max_moves():
    match = relay(seats={"red": "random", "blue": "random"})
    assert match.advance(max_moves=3) == 3 and match.state.step == 3


def test_a_seat_of_an_unknown_kind_is_refused():
    state = banneret.new_game("relay", seed=1, registry=REG)
    state.seats = {"red": "human", "blue": "wizard"}
    with pytest.raises(SeatError, match="unknown kind of player 'wizard' for blue"):
        Match(state, REG)


def test_save_and_load_a_match_with_new_seats(tmp_path):
    match = relay()
    match.play_label("red", "step A")
    match.play_label("red", "end turn")
    path = tmp_path / "relay.json"
    match.save(path)
    loaded = Match.load(path, REG, seats={"blue": "random"})
    assert banneret.state_hash(loaded.state) == banneret.state_hash(match.state)
    assert loaded.state.seats == {"red": "human", "blue": "random"}
    assert list(loaded.computers) == ["blue"]
    with pytest.raises(SeatError, match="unknown kind of player 'wizard'"):
        Match.load(path, REG, seats={"blue": "wizard"})


@pytest.mark.parametrize("game", ["richard3", "hex_kingdoms"])
def test_a_loaded_game_goes_on_exactly_as_the_saved_one_would_have(game, tmp_path):
    """Computer players draw from the game's seed, their faction and the step, so a game
    saved and loaded mid-way continues with the same choices as one played straight through."""
    seats = {f: "random" for f in banneret.new_game(game, seed=5).factions}
    straight = Match.start(game, seed=5, seats=seats)
    straight.advance()
    assert straight.is_over()
    for stop in (1, 37, 150):
        first = Match.start(game, seed=5, seats=seats)
        first.advance(max_moves=stop)
        first.save(tmp_path / "mid.json")
        resumed = Match.load(tmp_path / "mid.json")
        resumed.advance()
        assert resumed.state.record == straight.state.record
        assert banneret.state_hash(resumed.state) == banneret.state_hash(straight.state)
