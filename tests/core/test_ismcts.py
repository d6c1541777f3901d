"""The search agent ``ismcts``: its seat parameters, its rewards, its determinism, its
blindness to what its seat cannot see, and that it finds a winning move random play misses."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import banneret
from banneret import Action, Game, GameInfo, Outcome, Pending, Scenario, Standing, hookimpl
from banneret.agents import RandomAgent, Seat, agent_seed
from banneret.errors import SeatError
from banneret.ismcts import IsmctsAgent, IsmctsFactory, SearchSettings, evaluate, parse_settings, rewards_of_outcome
from banneret.registry import default_registry, registry_from
from banneret.rng import Rng
from banneret.testing.conformance import check_agents_blind
from banneret.types import GAME_OVER

import toys

# --- a toy with one winning move: Nim ------------------------------------------------------

HEAP = 13
TAKE = 3


@attrs.define
class NimData:
    heap: int
    to_move: int = 0
    winner: str | None = None

    def clone(self) -> "NimData":
        return NimData(self.heap, self.to_move, self.winner)


class Nim(Game):
    """Players take 1-3 from one heap in turn; who takes the last wins. From 13 only taking
    1 wins (it leaves a multiple of 4); every other move loses against good play."""

    info = GameInfo(
        id="nim", name="Nim", version="1", description="take the last", rules_summary="take 1-3",
        factions=("first", "second"), min_players=2, max_players=2,
        scenarios=(Scenario("standard", f"a heap of {HEAP}"),), max_decisions=HEAP, max_actions=TAKE,
    )

    def setup(self, state: banneret.State) -> NimData:
        return NimData(HEAP)

    def pending(self, state: banneret.State) -> Pending:
        d = state.data
        return GAME_OVER if d.winner else Pending((state.factions[d.to_move],), "take")

    def legal_actions(self, state: banneret.State, player: str) -> list[Action]:
        return [Action(player, f"take {n}", "take", n) for n in range(1, min(TAKE, state.data.heap) + 1)]

    def apply(self, state: banneret.State, action: Action) -> None:
        d = state.data
        d.heap -= action.args
        if d.heap == 0:
            d.winner = action.player
        d.to_move = 1 - d.to_move

    def outcome(self, state: banneret.State) -> Outcome | None:
        winner = state.data.winner
        return Outcome((winner,), "took the last") if winner else None

    def view(self, state: banneret.State, player: str | None) -> dict[str, Any]:
        return {"heap": state.data.heap}


class NimPlugin:
    @hookimpl
    def banneret_games(self) -> list[type[Game]]:
        return [Nim]


REG = registry_from([toys, NimPlugin()])


def nim_choice(agent: Any) -> str:
    state = banneret.new_game("nim", registry=REG)
    return agent.choose(Seat(state, "first")).label


def test_it_finds_the_one_winning_move_random_play_misses():
    assert {nim_choice(IsmctsAgent(seed, parse_settings("iterations=1500"))) for seed in range(8)} == {"take 1"}
    random_choices = [nim_choice(RandomAgent(seed)) for seed in range(60)]
    assert random_choices.count("take 1") < 30  # a third of the time, give or take


def test_it_wins_nim_against_random_play_from_the_winning_side():
    for seed in range(4):
        state = banneret.new_game("nim", seed, {"first": "ismcts:iterations=1500", "second": "random"}, registry=REG)
        kinds = REG.agents("nim")
        agents = {f: kinds[k]("nim", f, agent_seed(seed, f)) for f, k in state.seats.items()}
        while not banneret.is_over(state):
            player = banneret.pending(state).players[0]
            banneret.apply(state, agents[player].choose(Seat(state, player)))
        assert banneret.outcome(state).winners == ("first",)


# --- parameters on a seat -------------------------------------------------------------------

def test_seat_parameters_are_parsed():
    assert parse_settings("") == SearchSettings()
    assert parse_settings("iterations=50, c=1.5,rollout=heuristic,depth=30") == SearchSettings(50, None, 1.5, "heuristic", 30)
    assert parse_settings("time=0.5") == SearchSettings(iterations=None, time=0.5)
    assert parse_settings("time=0.5,iterations=9") == SearchSettings(iterations=9, time=0.5)
    assert parse_settings("prior=0.3") == SearchSettings(prior=0.3)
    assert parse_settings("bias=0.5") == SearchSettings(bias=0.5)
    assert parse_settings("rollout=heuristic,epsilon=0.25") == SearchSettings(rollout="heuristic", epsilon=0.25)
    assert parse_settings("veto=0") == SearchSettings(veto=0.0)
    assert parse_settings("Iterations=50,ROLLOUT=Heuristic,C=1.5") == SearchSettings(50, None, 1.5, "heuristic")
    assert parse_settings("veto=0.1,prior=0.3") == SearchSettings(prior=0.3, veto=0.1)


@pytest.mark.parametrize("text, says", [
    ("budget=3", "iterations=, time=, c=, rollout=, depth="),
    ("iterations", "iterations=, time=, c=, rollout=, depth="),
    ("iterations=0", "at least 1"),
    ("iterations=many", "whole number"),
    ("depth=2.5", "whole number"),
    ("c=-1", "at least 0"),
    ("c=nan", "at least 0"),
    ("time=0", "more than 0"),
    ("time=-1", "seconds more than 0, not '-1'"),
    ("time=soon", "seconds more than 0, not 'soon'"),
    ("rollout=greedy", "random or heuristic"),
    ("c=1,c=2", "twice"),
    ("prior=-1", "at least 0"),
    ("prior=lots", "takes a number"),
    ("bias=-0.5", "at least 0"),
    ("bias=inf", "finite"),
    ("rollout=heuristic,epsilon=1.5", "from 0 to 1"),
    ("rollout=heuristic,epsilon=-0.1", "at least 0"),
    ("rollout=heuristic,epsilon=some", "takes a number"),
    ("epsilon=0.5", "give rollout=heuristic"),
    ("rollout=random,epsilon=0.5", "give rollout=heuristic"),
    ("veto=-0.1", "at least 0"),
    ("veto=inf", "finite"),
    ("veto=high", "takes a number"),
])
def test_wrong_parameters_are_refused_with_the_allowed_ones(text, says):
    with pytest.raises(SeatError, match=says):
        parse_settings(text)


def test_a_seat_written_with_parameters_is_an_agent_everywhere_seats_are_looked_up():
    kinds = REG.agents("duel")
    assert list(kinds) == ["ismcts", "random"]
    assert "ismcts:iterations=5" in kinds and "ismcts" in kinds
    assert "ismcts5" not in kinds
    with pytest.raises(SeatError, match="random takes no parameters, not 'iterations=5' \\(write random alone\\)"):
        "random:iterations=5" in kinds
    factory = kinds["ismcts:iterations=5,c=2"]
    assert factory("duel", "north", 1).settings == SearchSettings(iterations=5, c=2.0)
    with pytest.raises(SeatError, match="allowed|iterations="):
        "ismcts:itrations=5" in kinds
    state = banneret.new_game("duel", seats={"north": "ismcts:iterations=5"}, registry=REG)
    assert state.seats["north"] == "ismcts:iterations=5"
    with pytest.raises(SeatError, match="iterations="):
        banneret.new_game("duel", seats={"north": "ismcts:speed=5"}, registry=REG)


def test_heuristic_rollouts_need_a_heuristic_agent():
    state = banneret.new_game("duel", seed=1, registry=REG)
    with pytest.raises(SeatError, match="no heuristic agent"):
        IsmctsAgent(0, parse_settings("rollout=heuristic,iterations=2")).choose(Seat(state, "north"))


class GreedyNim:
    """A poor heuristic for Nim: always take the most (from 13 that loses)."""

    def __init__(self, game_id: str, faction: str, seed: int) -> None:
        pass

    def choose(self, seat: Seat) -> Action:
        return seat.actions[-1]


class GreedyNimPlugin:
    @hookimpl
    def banneret_agents(self, game_id: str) -> dict[str, Any]:
        return {"heuristic": GreedyNim} if game_id == "nim" else {}


def test_a_prior_plays_the_heuristics_choice_unless_the_search_clearly_overrules_it():
    registry = registry_from([toys, NimPlugin(), GreedyNimPlugin()])

    def choice(settings: str) -> str:
        state = banneret.new_game("nim", registry=registry)
        return IsmctsAgent(3, parse_settings(settings)).choose(Seat(state, "first")).label

    assert choice("iterations=1500,prior=1") == "take 3"  # the heuristic's choice
    assert choice("iterations=1500,prior=0.03") == "take 1"  # 45 extra visits do not keep a losing move
    assert choice("iterations=1500") == "take 1"
    with pytest.raises(SeatError, match="no heuristic agent"):
        IsmctsAgent(0, parse_settings("prior=0.5,iterations=2")).choose(Seat(banneret.new_game("nim", registry=REG), "first"))


def test_a_bias_tries_the_heuristics_choice_first_at_every_node_and_fades_with_evidence():
    registry = registry_from([toys, NimPlugin(), GreedyNimPlugin()])

    def visits(settings: str, seed: int) -> dict[str, int]:
        state = banneret.new_game("nim", registry=registry)
        root = IsmctsAgent(seed, parse_settings(settings)).search(Seat(state, "first"))
        return {label: edge[0] for label, edge in root.edges["first"].items() if edge[0]}

    assert all(visits("iterations=1,bias=0.1", seed) == {"take 3": 1} for seed in range(6))
    assert {label for seed in range(6) for label in visits("iterations=1", seed)} == {"take 1", "take 2", "take 3"}
    state = banneret.new_game("nim", registry=registry)
    deep = IsmctsAgent(3, parse_settings("iterations=4,bias=100")).search(Seat(state, "first"))
    below = deep.children[("take 3",)].edges["second"]  # the 4th iteration, one level down
    assert {label: edge[0] for label, edge in below.items() if edge[0]} == {"take 3": 1}
    assert IsmctsAgent(3, parse_settings("iterations=1500,bias=5")).choose(Seat(state, "first")).label == "take 1"
    with pytest.raises(SeatError, match="no heuristic agent"):
        IsmctsAgent(0, parse_settings("bias=0.5,iterations=2")).choose(Seat(banneret.new_game("nim", registry=REG), "first"))


def test_a_veto_lets_the_heuristics_choice_stand_unless_the_search_beats_it_by_the_margin():
    registry = registry_from([toys, NimPlugin(), GreedyNimPlugin()])

    def search(settings: str, seed: int = 3) -> tuple[str, dict[str, list[float]]]:
        agent = IsmctsAgent(seed, parse_settings(settings))
        seat = Seat(banneret.new_game("nim", registry=registry), "first")
        return agent.choose(seat).label, agent.search(seat).edges["first"]

    assert all(search("iterations=1,veto=0.5", seed)[1]["take 3"][0] == 1 for seed in range(6))  # tried first
    label, edges = search("iterations=1500,veto=0.05")
    means = {name: edge[2] / edge[0] for name, edge in edges.items()}
    assert means["take 1"] >= means["take 3"] + 0.05 and label == "take 1"  # beaten by the margin
    gap = means["take 1"] - means["take 3"]
    assert search(f"iterations=1500,veto={gap + 0.01:.4f}")[0] == "take 3"  # not beaten by it: it stands
    assert search("iterations=1500,veto=1")[0] == "take 3"
    assert search("iterations=1500,veto=0.05")[0] == "take 1"  # the same seed, the same choice
    with pytest.raises(SeatError, match="no heuristic agent"):
        IsmctsAgent(0, parse_settings("veto=0.1,iterations=2")).choose(Seat(banneret.new_game("nim", registry=REG), "first"))


def test_heuristic_rollouts_play_the_games_heuristic():
    state = next(s for s in richard3_states(seed=2, steps=100, every=1)
                 if len(banneret.legal_actions(s, banneret.pending(s).players[0])) > 1)
    agent = IsmctsAgent(0, parse_settings("rollout=heuristic,iterations=4,depth=6"))
    seat = Seat(state, banneret.pending(state).players[0])
    assert agent.choose(seat) in seat.actions and agent.iterations_done == 4


def test_epsilon_mixes_random_moves_into_heuristic_rollouts():
    """GreedyNim always takes 3, so from 13 its rollout is 3, 3, 3, 3, 1 and the first player
    always takes the last; random moves mixed in let the second win some rollouts."""
    registry = registry_from([toys, NimPlugin(), GreedyNimPlugin()])

    def first_wins(settings: str, seed: int) -> list[float]:
        agent = IsmctsAgent(seed, parse_settings(settings))
        play_out = agent._rollout_policy(banneret.new_game("nim", registry=registry))
        return [play_out(banneret.new_game("nim", registry=registry))["first"] for _ in range(40)]

    assert first_wins("rollout=heuristic", 1) == [1.0] * 40
    assert first_wins("rollout=heuristic,epsilon=0", 1) == [1.0] * 40
    mixed = first_wins("rollout=heuristic,epsilon=0.5", 1)
    assert 0 < mixed.count(0.0) < 40
    assert mixed == first_wins("rollout=heuristic,epsilon=0.5", 1) != first_wins("rollout=heuristic,epsilon=0.5", 2)


# --- rewards and the evaluation hook ---------------------------------------------------------

def test_rewards_one_per_faction():
    three = ("a", "b", "c")
    assert rewards_of_outcome(Outcome(("b",), "won"), three) == {"a": 0.0, "b": 1.0, "c": 0.0}
    assert rewards_of_outcome(Outcome(("a", "c"), "shared"), three) == {"a": 0.5, "b": 0.0, "c": 0.5}
    assert rewards_of_outcome(Outcome((), "draw"), ("a", "b")) == {"a": 0.5, "b": 0.5}
    ranked = Outcome((), "cap", (Standing("c", 1), Standing("a", 2), Standing("b", 2)))
    assert rewards_of_outcome(ranked, three) == {"c": 1.0, "a": 0.25, "b": 0.25}
    assert rewards_of_outcome(None, three) == {f: pytest.approx(1 / 3) for f in three}


def test_a_game_without_an_evaluation_scores_every_faction_the_same():
    assert evaluate(banneret.new_game("duel", registry=REG)) == {"north": 0.5, "south": 0.5}


@pytest.mark.parametrize("game", ["richard3", "hex_kingdoms"])
def test_the_bundled_games_estimate_every_factions_chances(game):
    state = banneret.new_game(game, seed=4)
    agents = {f: RandomAgent(i) for i, f in enumerate(state.factions)}
    seen = set()
    while not banneret.is_over(state) and len(seen) < 3:
        estimate = evaluate(state)
        assert set(estimate) == set(state.factions) and sum(estimate.values()) == pytest.approx(1.0)
        assert all(0.0 <= v <= 1.0 for v in estimate.values())
        seen.add(tuple(sorted(estimate.items())))
        player = banneret.pending(state).players[0]
        banneret.apply(state, agents[player].choose(Seat(state, player)))
    assert len(seen) >= 2  # the estimate follows the game


def test_a_cut_off_rollout_is_scored_by_the_hook():
    calls = []

    class Judge:
        @hookimpl
        def banneret_evaluate(self, state):
            calls.append(state.step)
            return {"first": 1.0, "second": 0.0} if state.game_id == "nim" else None

    judged = registry_from([NimPlugin(), Judge()])
    state = banneret.new_game("nim", registry=judged)
    IsmctsAgent(0, parse_settings("iterations=30,depth=1")).choose(Seat(state, "first"))
    assert len(calls) > 0 and all(step >= 2 for step in calls)


# --- determinism and blindness ---------------------------------------------------------------

def play_with_ismcts(settings: str, seed: int, steps: int) -> list[str]:
    state = banneret.new_game("richard3", seed=seed)
    agents = {f: IsmctsAgent(agent_seed(seed, f), parse_settings(settings)) for f in state.factions}
    while not banneret.is_over(state) and state.step < steps:
        player = banneret.pending(state).players[0]
        banneret.apply(state, agents[player].choose(Seat(state, player)))
    return [label for _, label in state.record]


def test_the_same_seed_and_budget_give_the_same_game():
    first = play_with_ismcts("iterations=25,depth=8", 3, 40)
    assert first == play_with_ismcts("iterations=25,depth=8", 3, 40)
    assert first != play_with_ismcts("iterations=25,depth=8", 4, 40)
    biased = play_with_ismcts("iterations=25,depth=8,bias=0.5", 3, 40)
    assert biased == play_with_ismcts("iterations=25,depth=8,bias=0.5", 3, 40)
    assert biased != first
    vetoed = play_with_ismcts("iterations=25,depth=8,veto=0.05", 3, 40)
    assert vetoed == play_with_ismcts("iterations=25,depth=8,veto=0.05", 3, 40)
    assert vetoed != first


def richard3_states(seed: int, steps: int, every: int):
    state = banneret.new_game("richard3", seed=seed)
    agent = RandomAgent(seed)
    while not banneret.is_over(state) and state.step < steps:
        if state.step % every == 0:
            yield state
        player = banneret.pending(state).players[0]
        banneret.apply(state, agent.choose(Seat(state, player)))


def test_its_choice_does_not_change_when_hidden_facts_are_resampled():
    factory = IsmctsFactory(parse_settings("iterations=40,depth=10"))
    compared = 0
    for state in richard3_states(seed=11, steps=200, every=9):
        for player in banneret.pending(state).players:
            seat = Seat(state, player)
            if len(seat.actions) < 2:
                continue
            for redraw in range(2):
                other = state.game.resample_hidden(state, player, Rng(100 + redraw))
                assert banneret.state_hash(other) != banneret.state_hash(state)
                real = factory("richard3", player, 7).choose(seat)
                assert factory("richard3", player, 7).choose(Seat(other, player)).label == real.label
                compared += 1
    assert compared >= 10


def test_the_conformance_check_passes_and_catches_a_peeking_search():
    for state in richard3_states(seed=5, steps=120, every=30):
        check_agents_blind(state, Rng(1), default_registry())

    class TrueStateSeat:
        """A seat whose samples are the true state: what the check exists to catch."""

        def __init__(self, seat):
            self.player, self.actions, self.game, self._seat = seat.player, seat.actions, seat.game, seat

        def sample(self, rng):
            return self._seat._state.clone()

    class Peeking(IsmctsAgent):
        def choose(self, seat):
            return super().choose(TrueStateSeat(seat))

    class Peeker:
        @hookimpl
        def banneret_agents(self, game_id):
            return {"peek": lambda g, f, seed: Peeking(seed, parse_settings("iterations=300"))}

    peeking = registry_from([toys, Peeker()])
    state = toys_after_north_bids(1)  # a blind south weighs a bid of 3 it cannot rule out
    with pytest.raises(AssertionError, match="peek"):
        for redraw in range(20):
            check_agents_blind(state, Rng(redraw), peeking)


def toys_after_north_bids(bid: int) -> banneret.State:
    state = banneret.new_game("duel", seed=5, registry=REG)
    banneret.apply(state, banneret.find_action(state, "north", f"bid {bid}"))
    return state


# --- simultaneous secret choices --------------------------------------------------------------

def test_a_simultaneous_decision_is_one_node_with_statistics_per_player():
    state = banneret.new_game("duel", seed=2, registry=REG)
    assert banneret.pending(state).players == ("north", "south")
    root = IsmctsAgent(0, parse_settings("iterations=1000")).search(Seat(state, "north"))
    assert set(root.edges) == {"north", "south"}
    assert all(len(key) == 2 for key in root.children)  # one label per deciding player
    north, south = root.edges["north"], root.edges["south"]
    assert sum(e[0] for e in north.values()) == sum(e[0] for e in south.values()) == 1000
    # a bid of 3 never loses the round: both sides learn to prefer it
    assert max(north, key=lambda label: north[label][0]) == "bid 3"
    assert max(south, key=lambda label: south[label][0]) == "bid 3"


def test_it_plays_whole_games_with_secret_choices_and_chance():
    for seed in range(3):
        state = banneret.new_game("duel", seed=seed, registry=REG)
        agents = {f: IsmctsAgent(seed, parse_settings("iterations=30")) for f in state.factions}
        while not banneret.is_over(state):
            player = banneret.pending(state).players[-1]
            banneret.apply(state, agents[player].choose(Seat(state, player)))
        assert banneret.outcome(state) is not None


def test_more_than_two_players():
    state = banneret.new_game("hex_kingdoms", seed=1)
    agent = IsmctsAgent(0, parse_settings("iterations=30,depth=20"))
    for _ in range(30):
        player = banneret.pending(state).players[0]
        seat = Seat(state, player)
        banneret.apply(state, agent.choose(seat))
    assert not banneret.is_over(state)
