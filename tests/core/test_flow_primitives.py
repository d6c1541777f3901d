"""The flow's second-edition primitives on toy games (tests/core/flow_toys.py): parallel
secret sequences with their own undo, the game-ends-now operation, interrupt windows,
procedure-owned records and one sub-game called from two different games."""

from __future__ import annotations

import itertools

import pytest

import banneret
from banneret import Action, Flow, Game, GameInfo, Match, Procedure, Scenario, State, Steps
from banneret.errors import GameOverError, UndoError
from banneret.flow import Decision, FlowError, Parallel, call, end, end_game, goto, record, secret_of
from banneret.registry import registry_from
from banneret.testing import conformance_tests, setup_of, trace

import flow_toys
from flow_toys import MeleeRecord

REG = registry_from([flow_toys])


def replayed_hash(match: Match) -> str:
    return trace(setup_of(match.state), match.state.record, REG)["hashes"][-1]


def cache(seed: int = 1, **seats: str) -> Match:
    return Match.start("cache", seed=seed, seats=seats or None, registry=REG)


# --- parallel secret sequences -----------------------------------------------------------------

def test_every_hider_decides_at_once_and_the_step_waits_for_all():
    match = cache()
    assert banneret.pending(match.state).players == ("amber", "jade", "onyx")
    match.play_label("jade", "hide at 1")
    match.play_label("jade", "hide at 2")
    match.play_label("jade", "confirm")
    assert banneret.pending(match.state).players == ("amber", "onyx")
    assert banneret.legal_actions(match.state, "jade") == ()


@pytest.mark.parametrize("order", list(itertools.permutations(("amber", "jade", "onyx"))))
def test_hiders_confirm_in_any_order_with_the_same_reveal(order):
    match = cache()
    plan = {"amber": (1, 2), "jade": (2, 3), "onyx": (3, 4)}
    for p in order:  # interleave: everybody's first token, then the second ones
        match.play_label(p, f"hide at {plan[p][0]}")
    for p in reversed(order):
        match.play_label(p, f"hide at {plan[p][1]}")
    for p in order:
        match.play_label(p, "confirm")
    d = match.state.data
    assert d.revealed == [{"amber": (1, 2), "jade": (2, 3), "onyx": (3, 4)}]
    assert d.score == {"amber": 1, "jade": 0, "onyx": 1}  # 1 and 4 are lonely
    assert d.round == 1
    assert banneret.pending(match.state).players == ("amber", "jade", "onyx")


def test_each_hider_undoes_inside_their_own_sequence_while_others_choose():
    match = cache()
    match.play_label("amber", "hide at 1")
    match.play_label("jade", "hide at 3")
    match.play_label("amber", "hide at 2")
    match.play_label("onyx", "hide at 4")
    # the others' secret choices in between do not close amber's window
    assert match.can_undo("amber") and match.can_undo("jade") and match.can_undo("onyx")
    with pytest.raises(UndoError, match="several players may undo"):
        match.undo()
    match.undo("amber")
    assert secret_of(match.state, "amber").spots == (1,)
    assert secret_of(match.state, "jade").spots == (3,)
    assert secret_of(match.state, "onyx").spots == (4,)
    assert match.state.record == [("amber", "hide at 1"), ("jade", "hide at 3"), ("onyx", "hide at 4")]
    assert banneret.state_hash(match.state) == replayed_hash(match)
    match.undo("amber")
    match.undo("jade")
    assert match.state.record == [("onyx", "hide at 4")]
    assert banneret.state_hash(match.state) == replayed_hash(match)
    assert not match.can_undo("amber") and match.can_undo("onyx")
    with pytest.raises(UndoError, match="already taken back|came in between|amber has no move in the game to take back"):
        match.undo("amber")


def test_confirming_closes_ones_own_window_only():
    match = cache()
    match.play_label("amber", "hide at 1")
    match.play_label("jade", "hide at 1")
    match.play_label("amber", "hide at 2")
    match.play_label("amber", "confirm")
    assert not match.can_undo("amber") and match.can_undo("jade")
    match.undo("jade")
    assert secret_of(match.state, "amber") == (1, 2)  # confirmed: the result handed back
    assert banneret.state_hash(match.state) == replayed_hash(match)


def test_the_reveal_closes_every_window():
    match = cache()
    for p, spots in (("amber", (1, 2)), ("jade", (2, 3))):
        for s in spots:
            match.play_label(p, f"hide at {s}")
    match.play_label("onyx", "hide at 4")
    match.play_label("amber", "confirm")
    match.play_label("jade", "confirm")
    match.play_label("onyx", "hide at 3")
    match.play_label("onyx", "confirm")
    assert not match.can_undo()


def test_nobody_sees_anothers_secret_choices_before_the_reveal():
    match = cache()
    match.play_label("amber", "hide at 3")
    match.play_label("amber", "hide at 4")
    jade = banneret.view(match.state, "jade", log_tail=None)
    assert jade["board"]["hidden"] == {"jade": []}
    assert not any("3" in line or "4" in line for line in jade["log"])
    amber = banneret.view(match.state, "amber", log_tail=None)
    assert amber["board"]["hidden"] == {"amber": [3, 4]}
    assert "amber hides a token at 4" in amber["log"]
    match.play_label("amber", "confirm")
    assert banneret.view(match.state, "onyx")["board"]["hidden"] == {"onyx": []}


def test_a_computer_seat_works_through_its_own_sequence():
    match = cache(seed=4, onyx="random")
    assert match.advance() == 3  # two tokens and the confirmation
    assert banneret.pending(match.state).players == ("amber", "jade")
    assert len(secret_of(match.state, "onyx")) == 2
    for p in ("amber", "jade"):
        match.play_label(p, "hide at 1")
        match.play_label(p, "hide at 2")
        match.play_label(p, "confirm")
    assert match.state.data.round == 1


def test_a_secret_branch_may_not_roll_dice():
    class Peek(Decision):
        def decider(self, state, frame):
            return frame["player"]

        def actions(self, state, frame, player):
            return [Action(player, "roll", "roll")]

        def act(self, state, frame, action):
            state.rng.die(6)
            end(state)

    class Rolling(Game):
        info = GameInfo("rolling", "Rolling", "1", "", "", ("a", "b"), 2, 2, (Scenario("s", ""),))
        flow = Flow(Parallel("peek", Peek, players=lambda s: s.factions, resolve=lambda s, r: None))

    state = State(Rolling(), 0, "s", {}, {}, ("a", "b"))
    state.data = flow_toys.CacheData({}, [])
    Rolling.flow.begin(state)
    with pytest.raises(FlowError, match="rolled dice"):
        Rolling.flow.act(state, Action("a", "roll", "roll"))



def test_a_secret_branch_may_not_start_another_secret_step():
    class Inner(Decision):
        def decider(self, state, frame):
            return frame["player"]

    class Outer(Procedure):
        def start(self, state, frame):
            call(state, "inner")

    inner = Parallel("inner", Inner, players=lambda s: s.factions, resolve=lambda s, r: None)

    class Nesting(Game):
        info = GameInfo("nesting", "Nesting", "1", "", "", ("a", "b"), 2, 2, (Scenario("s", ""),))
        flow = Flow(Parallel("outer", Outer, players=lambda s: s.factions, resolve=lambda s, r: None), extra=[inner])

    state = State(Nesting(), 0, "s", {}, {}, ("a", "b"))
    state.data = flow_toys.CacheData({}, [])
    with pytest.raises(FlowError, match="cannot run inside another one's branch"):
        Nesting.flow.begin(state)

# --- the game ends now -------------------------------------------------------------------------

def test_a_sudden_victory_ends_the_game_mid_flow():
    match = cache()
    plans = [{"amber": (1, 2), "jade": (3, 4), "onyx": (3, 4)}] * 2
    for plan in plans:
        for p, spots in plan.items():
            for s in spots:
                match.play_label(p, f"hide at {s}")
            match.play_label(p, "confirm")
    state = match.state
    assert state.data.round == 1  # the second round's reveal ended the game before round 3
    assert banneret.is_over(state) and banneret.pending(state).players == ()
    assert banneret.outcome(state) == banneret.Outcome(("amber",), "amber reached 4 points")
    assert banneret.legal_actions(state, "amber") == ()
    with pytest.raises(GameOverError):
        banneret.apply(state, Action("amber", "hide at 1", "hide", 1))
    # the ended game is part of the state's identity and survives a save
    assert banneret.state_hash(state) == replayed_hash(match)


def test_a_concession_ends_the_game():
    match = Match.start("caravan", registry=REG)
    match.play_label("gold", "concede")
    assert banneret.outcome(match.state) == banneret.Outcome(("silk", "salt"), "gold conceded")


# --- interrupt windows -------------------------------------------------------------------------

def test_the_window_asks_each_rival_in_seat_order_and_the_first_ambush_closes_it():
    match = Match.start("caravan", registry=REG)
    match.play_label("gold", "drive on")
    assert banneret.pending(match.state) == banneret.Pending(("silk",), "ambush", "Ambush the caravan?")
    assert [a.label for a in banneret.legal_actions(match.state, "silk")] == ["ambush", "pass"]
    match.play_label("silk", "pass")
    assert banneret.pending(match.state).players == ("salt",)
    match.play_label("salt", "ambush")
    d = match.state.data
    assert (d.loot["salt"], d.ambushes["salt"], d.stage) == (1, 0, 1)
    # stage 2: salt has no token left and is not asked
    match.play_label("gold", "drive on")
    match.play_label("silk", "pass")
    assert banneret.pending(match.state).players == ("gold",) and d.stage == 2
    match.play_label("gold", "drive on")
    match.play_label("silk", "ambush")
    assert d.delivered["gold"] == 1 and d.driver == "silk" and d.stage == 0  # two of three stages ambushed


def test_nobody_is_asked_when_no_one_can_respond():
    match = Match.start("caravan", registry=REG)
    match.state.data.ambushes = {"gold": 0, "silk": 0, "salt": 0}
    match.play_label("gold", "drive on")
    assert banneret.pending(match.state).players == ("gold",) and match.state.data.stage == 1


# --- records and sub-games ---------------------------------------------------------------------

def _into_melee(game: str, label: str) -> Match:
    match = Match.start(game, seed=2, registry=REG)
    player = banneret.pending(match.state).players[0]
    match.play_label(player, label)
    return match


@pytest.mark.parametrize("game,opening", [("border", "raid"), ("siege", "storm")])
def test_one_sub_game_is_called_from_two_different_games(game, opening):
    match = _into_melee(game, opening)
    state = match.state
    m = record(state, MeleeRecord)
    assert type(state.data).__name__ == {"border": "BorderData", "siege": "SiegeData"}[game]
    attacker = m.attacker
    while banneret.pending(state).kind == "melee":
        match.play_label(attacker, "press")
        state = match.state
    with pytest.raises(FlowError):
        record(state, MeleeRecord)  # the record went with the procedure
    if game == "siege":
        assert state.data.garrison in (0, 2) and state.data.day == 1
    else:
        assert sorted(state.data.provinces.values()) == [2, 4] and state.data.battles == 1


def test_a_record_is_cloned_with_its_frame_and_part_of_the_hash():
    match = _into_melee("border", "raid")
    state = match.state
    copy = banneret.clone(state)
    assert banneret.state_hash(copy) == banneret.state_hash(state)
    record(copy, MeleeRecord).strength["east"] -= 1
    assert record(state, MeleeRecord).strength == {"east": 2, "west": 2}
    assert banneret.state_hash(copy) != banneret.state_hash(state)


def test_a_single_option_is_taken_without_asking():
    match = Match.start("siege", seed=1, registry=REG)
    match.state.data.walls = 1
    match.play_label("besieger", "wait")
    # no walls left: the next day offers only a storm, taken at once, so the melee is asked
    state = match.state
    assert (state.data.walls, state.data.day) == (0, 2)
    assert banneret.pending(state).kind == "melee"


# --- the test kit passes on every toy ------------------------------------------------------------

for _game in ("cache", "caravan", "border", "siege"):
    globals().update(conformance_tests(_game, registry=REG, max_steps=80, hash_seeds=(3,)))


def test_flow_operations_after_the_game_ended_are_ignored():
    """A rule deep inside a step may end the game; the step's own call/goto/end that
    follow are ignored instead of breaking the (now empty) stack."""

    class Later(Procedure):
        def start(self, state, frame):
            raise AssertionError("nothing starts after the game ended")

    class Sudden(Procedure):
        def start(self, state, frame):
            end_game(state, banneret.Outcome(("a",), "sudden"))
            call(state, Later)
            goto(state, Later)
            end(state, "ignored")

    class Quick(Game):
        info = GameInfo("quick", "Quick", "1", "", "", ("a", "b"), 2, 2, (Scenario("s", ""),))
        flow = Flow(Steps("game", [Sudden, Later]))

    state = State(Quick(), 0, "s", {}, {}, ("a", "b"))
    Quick.flow.begin(state)
    assert state.stack == [] and Quick.flow.pending(state).players == ()
    assert Quick().outcome(state) == banneret.Outcome(("a",), "sudden")
