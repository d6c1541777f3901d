"""The engine protocol: set-up errors, refused actions that change nothing, the legal-action
cache, simultaneous decisions, observers and house-rule variants."""

from __future__ import annotations

import types

import attrs

import pytest

import banneret
from banneret import Action, Outcome, Pending, hookimpl
from banneret.errors import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    SeatError,
    UnknownGameError,
)
from banneret.game import OptionSpec, Scenario
from banneret.registry import registry_from

import more_toys
import toys

REG = registry_from([toys, more_toys])


def new(seed: int = 1, **kw) -> banneret.State:
    return banneret.new_game("duel", seed=seed, registry=REG, **kw)


def bid(state, player: str, n: int) -> list[banneret.Event]:
    return banneret.apply(state, banneret.find_action(state, player, f"bid {n}"))


def play_out(state) -> None:
    """Both bid 3 every round (ties score nothing) until the round limit."""
    while not banneret.is_over(state):
        for player in banneret.pending(state).players:
            bid(state, player, 3)


# --- set-up errors --------------------------------------------------------------------------------

def test_a_new_game_waits_for_both_bids():
    state = new()
    assert banneret.pending(state) == Pending(("north", "south"), "bid", "Bid 1, 2 or 3 in secret")
    assert state.factions == ("north", "south") and state.seats == {"north": "human", "south": "human"}
    assert state.options == {"target": 3} and state.rules == {"target": 3}
    assert (state.step, state.record, banneret.outcome(state)) == (0, [], None)


@pytest.mark.parametrize("typed", ["Open skirmish", "open_skirmish", "OPEN-Skirmish", "open  skirmish"])
def test_a_scenario_is_found_whatever_the_case_or_the_spaces_typed_as_underscores(typed):
    info = attrs.evolve(REG.game("duel").info, scenarios=(
        Scenario("Open skirmish", "a"), Scenario("Open_Skirmish!", "b"), Scenario("Castle assault", "c")))
    assert info.scenario(typed).description == "a"
    with pytest.raises(OptionError, match="no scenario 'open'"):
        info.scenario("open")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"options": {"speed": 2}}, OptionError, r"duel has no option 'speed' \(options: target\)"),
        ({"options": {"target": 7}}, OptionError, r"option target must be one of 2, 3, 4, 5, not 7"),
        ({"options": {"target": "many"}}, OptionError, r"option target takes a whole number, not 'many'"),
        ({"options": {"target": True}}, OptionError, r"option target takes a whole number, not True"),
        ({"scenario": "siege"}, OptionError, r"duel has no scenario 'siege' \(scenarios: standard\)"),
        ({"scenario": "stand ard"}, OptionError, r"duel has no scenario 'stand ard'"),
        ({"players": 3}, OptionError, r"duel is played by 2 players, not 3"),
        ({"players": "2"}, OptionError, r"duel is played by 2 players, not '2'"),
        ({"seats": {"east": "human"}}, SeatError, r"duel has no faction 'east' in play \(factions: north, south\)"),
        ({"seats": {"north": "genius"}}, SeatError, r"unknown kind of player 'genius' for north \(choose from: human, ismcts, random\)"),
        ({"seed": "12"}, OptionError, r"seed must be an integer, not '12'"),
        ({"options": {"variant": "short"}}, OptionError, r"duel has no house-rule variant 'short' \(variants: none installed\)"),
    ],
)
def test_bad_set_up_is_refused_with_one_clear_message(kwargs, error, message):
    seed = kwargs.pop("seed", 1)
    with pytest.raises(error, match=message):
        banneret.new_game("duel", seed=seed, registry=REG, **kwargs)


def test_unknown_game():
    with pytest.raises(UnknownGameError, match=r"no game called 'chess' is installed \(installed: duel, relay\)"):
        banneret.new_game("chess", registry=REG)


def test_option_text_is_parsed_by_the_type_of_the_default():
    assert new(options={"target": " 4 "}).options == {"target": 4}
    fog = OptionSpec("fog", False, "hide the map")
    assert [fog.parse(v) for v in ("yes", "Off", "1", True)] == [True, False, True, True]
    with pytest.raises(OptionError, match="option fog takes yes/no, not 'maybe'"):
        fog.parse("maybe")


def test_seats_and_options_are_recorded():
    state = new(seats={"south": "random"}, options={"target": "2"})
    assert state.seats == {"north": "human", "south": "random"}
    assert state.options == {"target": 2} and state.rules["target"] == 2


# --- refused actions change nothing ----------------------------------------------------------------

def refused(state, obj, error, message):
    before = banneret.state_hash(state)
    views = [banneret.view(state, p) for p in ("north", "south", None)]
    record = list(state.record)
    with pytest.raises(error, match=message):
        banneret.apply(state, obj)
    assert banneret.state_hash(state) == before
    assert [banneret.view(state, p) for p in ("north", "south", None)] == views
    assert state.record == record


def test_refused_actions_raise_their_own_error_and_change_nothing():
    state = new()
    bid(state, "north", 2)
    refused(state, ("south", "bid 1"), MalformedActionError, "expected a banneret.Action from legal_actions\\(\\), not tuple")
    refused(state, "bid 1", MalformedActionError, "not str")
    refused(state, Action("north", "bid 1", "bid", 1), NotYourTurnError, r"it is not north's decision now \(waiting for south\)")
    refused(state, Action("east", "bid 1", "bid", 1), NotYourTurnError, "it is not east's decision now")
    refused(state, Action("south", "bid 9", "bid", 9), IllegalActionError, r"south cannot 'bid 9' now \(bid\)")
    refused(state, Action("south", "bid 1", "bid", 2), IllegalActionError, "south cannot 'bid 1' now")
    refused(state, Action("south", "bid 1"), IllegalActionError, "south cannot 'bid 1' now")
    with pytest.raises(IllegalActionError, match="south cannot 'fly' now"):
        banneret.find_action(state, "south", "fly")


def test_every_action_error_is_a_value_error():
    for error in (MalformedActionError, NotYourTurnError, IllegalActionError, GameOverError):
        assert issubclass(error, banneret.ActionError) and issubclass(error, ValueError)


def test_after_the_end_actions_are_refused_as_game_over():
    state = new()
    play_out(state)
    assert banneret.is_over(state) and state.step == 20
    assert banneret.outcome(state) == Outcome((), "round limit")
    assert banneret.pending(state) == banneret.types.GAME_OVER
    refused(state, Action("north", "bid 1", "bid", 1), GameOverError, "the game is over; no more actions are accepted")
    assert banneret.legal_actions(state) == () and banneret.legal_actions(state, "north") == ()


# --- the legal-action cache -------------------------------------------------------------------------

def test_legal_actions_are_cached_until_the_next_apply():
    state = new()
    first = banneret.legal_actions(state, "north")
    assert first == tuple(Action("north", f"bid {n}", "bid", n) for n in (1, 2, 3))
    assert banneret.legal_actions(state, "north") is first
    assert banneret.legal_actions(state, "east") == ()
    bid(state, "north", 1)
    assert banneret.legal_actions(state, "north") == ()
    assert banneret.legal_actions(state) == tuple(Action("south", f"bid {n}", "bid", n) for n in (1, 2, 3))


def test_legal_actions_without_a_player_needs_a_single_decider():
    with pytest.raises(NotYourTurnError, match=r"several players decide at once \(north, south\): name the player"):
        banneret.legal_actions(new())


def test_a_clone_lists_its_own_actions():
    state = new()
    banneret.legal_actions(state, "north")
    copy = banneret.clone(state)
    bid(copy, "north", 3)
    assert banneret.legal_actions(state, "north") != () and banneret.legal_actions(copy, "north") == ()


# --- simultaneous decisions ----------------------------------------------------------------------

def test_simultaneous_bids_resolve_the_same_in_either_order():
    a, b = new(seed=4), new(seed=4)
    bid(a, "north", 3)
    assert banneret.pending(a).players == ("south",)
    bid(a, "south", 1)
    bid(b, "south", 1)
    assert banneret.pending(b).players == ("north",)
    bid(b, "north", 3)
    assert banneret.state_hash(a) == banneret.state_hash(b)
    assert a.data.score == b.data.score == {"north": 1, "south": 0}
    assert banneret.pending(a) == Pending(("south",), "challenge", "Challenge the result?")


def test_a_secret_bid_is_redacted_in_the_other_players_log():
    state = new()
    events = bid(state, "north", 2)
    assert [e.text_for("north") for e in events] == ["north bids 2"]
    assert [e.text_for("south") for e in events] == ["north has bid"]
    assert banneret.view(state, "south")["board"]["bids"] == {"north": "hidden"}
    assert banneret.view(state, "north")["board"]["bids"] == {"north": 2}
    assert banneret.view(state, None)["log"] == ["north bids 2"]
    assert banneret.view(state, "south")["log"] == ["north has bid"]


def test_view_has_the_generic_fields():
    state = new()
    bid(state, "north", 2)
    bid(state, "south", 2)
    view = banneret.view(state, "south", log_tail=1)
    assert view == {
        "game": "duel", "scenario": "standard", "step": 2, "turn": 1, "you": "south",
        "factions": ["north", "south"],
        "pending": {"players": ["north", "south"], "kind": "bid", "prompt": "Bid 1, 2 or 3 in secret"},
        "over": False, "outcome": None,
        "board": {"score": {"north": 0, "south": 0}, "bids": {}, "revealed": [(2, 2)], "round": 1},
        "log": ["bids revealed: north 2, south 2"],
    }


def test_view_shows_the_whole_outcome():
    state = new()
    play_out(state)
    assert banneret.view(state, "north")["outcome"] == {
        "winners": [], "reason": "round limit", "ended_by": "rules", "score_name": "", "standings": [],
    }


def test_outcome_with_only_winners_and_reason_has_empty_standings():
    result = Outcome(("north",), "reached the target")
    assert (result.standings, result.score_name, result.ended_by) == ((), "", "rules")
    assert result.standing("north") is None


def test_legal_actions_cannot_be_changed_by_a_caller():
    """The engine hands out a tuple: nothing a caller does to it reaches the game."""
    state = new()
    first = banneret.legal_actions(state, "north")
    assert isinstance(first, tuple)
    with pytest.raises(AttributeError):
        first.reverse()  # type: ignore[attr-defined]
    assert banneret.legal_actions(new(), "north") == first


def test_child_leaves_the_original_alone():
    state = new()
    before = banneret.state_hash(state)
    after = banneret.child(state, Action("north", "bid 3", "bid", 3))
    assert banneret.state_hash(state) == before and state.step == 0
    assert after.step == 1 and after.record == [("north", "bid 3")]


# --- observers and variants --------------------------------------------------------------------

class Watcher:
    """An observer plugin that writes down what it sees."""

    def __init__(self) -> None:
        self.seen: list[tuple] = []

    @hookimpl
    def banneret_game_started(self, state):
        self.seen.append(("started", state.game_id, state.step))

    @hookimpl
    def banneret_action_applied(self, context):
        self.seen.append(("applied", context.action.label, [e.text for e in context.events]))

    @hookimpl
    def banneret_game_ended(self, state, outcome):
        self.seen.append(("ended", outcome))


def test_observers_see_the_start_each_action_and_the_end():
    watcher = Watcher()
    reg = registry_from([toys, watcher])
    state = banneret.new_game("duel", seed=1, registry=reg, options={"target": 2})
    assert watcher.seen == [("started", "duel", 0)]
    for _ in range(2):
        bid(state, "north", 3)
        bid(state, "south", 1)
        banneret.apply(state, banneret.find_action(state, "south", "accept"))
    assert watcher.seen[1:4] == [
        ("applied", "bid 3", ["north bids 3"]),
        ("applied", "bid 1", ["south bids 1", "bids revealed: north 3, south 1"]),
        ("applied", "accept", []),
    ]
    assert len(watcher.seen) == 8
    assert watcher.seen[-1] == ("ended", Outcome(("north",), "reached the target"))


def test_no_observer_means_no_hook_calls():
    assert new().observers is None


def test_searching_on_copies_and_replaying_a_save_notify_no_observer():
    from banneret.saves import from_record, to_record

    watcher = Watcher()
    reg = registry_from([toys, watcher])
    state = banneret.new_game("duel", seed=1, registry=reg)
    bid(state, "north", 3)
    seen = len(watcher.seen)
    banneret.child(state, banneret.find_action(state, "south", "bid 1"))
    assert len(watcher.seen) == seen  # a search on a copy is not the game
    loaded = from_record(to_record(state), reg)
    assert len(watcher.seen) == seen  # moves already made are not seen twice
    bid(loaded, "south", 1)
    assert watcher.seen[-1][:2] == ("applied", "bid 1")  # the loaded game goes on being watched


SHORT = banneret.Variant("duel", "short", "first to 2 points", lambda rules, options: rules.update(target=2))
HOUSE = types.SimpleNamespace(
    __name__="house_rules",
    banneret_variants=hookimpl(lambda game_id: [SHORT] if game_id == "duel" else []),
)


def test_a_variant_adjusts_the_rule_parameters():
    reg = registry_from([toys, HOUSE])
    state = banneret.new_game("duel", seed=1, registry=reg, options={"variant": "short"})
    assert state.rules == {"target": 2} and state.options == {"target": 3, "variant": "short"}
    for _ in range(2):
        bid(state, "north", 3)
        bid(state, "south", 1)
        banneret.apply(state, banneret.find_action(state, "south", "accept"))
    assert banneret.outcome(state) == Outcome(("north",), "reached the target")
    plain = banneret.new_game("duel", seed=1, registry=reg)
    assert plain.rules == {"target": 3} and "variant" not in plain.options


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("long", r"duel has no house-rule variant 'long' \(variants: short\)"),
        ("short, long", r"no house-rule variant 'long'"),
        (["short"], r"option variant takes variant names separated by commas, not \['short'\]"),
    ],
)
def test_unknown_variants_are_option_errors(value, message):
    reg = registry_from([toys, HOUSE])
    with pytest.raises(OptionError, match=message):
        banneret.new_game("duel", seed=1, registry=reg, options={"variant": value})
