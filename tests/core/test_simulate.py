"""Batch playouts: reproducible reports, caps, invariant violations and errors counted.

The worker-process test names the toy module (``plugins=["toys"]``): workers cannot receive
a registry, so they rebuild one from importable module names (pytest puts tests/core on
``sys.path``, and worker processes inherit it).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
import toys

from banneret import RandomAgent, apply, hookimpl, is_over, new_game, outcome, pending
from banneret.agents import Seat, agent_seed
from banneret.errors import OptionError, SeatError, UnknownGameError
from banneret.registry import registry_from
from banneret.simulate import TIMING_FIELDS, make_batch, run_games, simulate
from banneret.stats import GameStats
from banneret.types import ENDED_BY_CAP, Outcome, Standing

REQUIRED_KEYS = {
    "game", "games", "seed", "finished", "capped", "wins", "decisions", "seconds",
    "games_per_second", "decisions_per_second", "invariant_violations", "errors",
}


def untimed(report) -> dict[str, Any]:
    data = report.as_dict()
    for key in TIMING_FIELDS:
        data.pop(key)
    return data


class AlwaysBroken(toys.Duel):
    """Duel whose invariant check always complains."""

    info = attrs.evolve(toys.Duel.info, id="always_broken")

    def invariants(self, state):
        return [f"broken at round {state.data.round}"]


class Crashing(toys.Duel):
    """Duel that raises in its rules once three actions were applied."""

    info = attrs.evolve(toys.Duel.info, id="crashing")

    def apply(self, state, action):
        if state.step == 3:
            raise RuntimeError("rules bug")
        super().apply(state, action)


class Short(toys.Duel):
    """Duel declaring a bound of 5 decisions, which real games exceed."""

    info = attrs.evolve(toys.Duel.info, id="short", max_decisions=5)


class RankedDuel(toys.Duel):
    """Duel that ranks both players by points, and whose round limit is a cap, not a rule."""

    info = attrs.evolve(toys.Duel.info, id="ranked_duel")

    def outcome(self, state):
        plain = super().outcome(state)
        if plain is None:
            return None
        score = state.data.score
        order = sorted(state.factions, key=lambda f: -score[f])
        standings = tuple(Standing(f, 1 + sum(score[g] > score[f] for g in order), score[f]) for f in order)
        if plain.reason == "round limit":
            return Outcome((), "round limit", standings, "points", ENDED_BY_CAP)
        return Outcome(plain.winners, plain.reason, standings, "points")


class Variants:
    @hookimpl
    def banneret_games(self):
        return [AlwaysBroken, Crashing, Short, RankedDuel]


@pytest.fixture
def registry():
    return registry_from([toys, Variants()])


def manual_playout(seed: int) -> tuple[int, Any]:
    """Game with seed ``seed`` played by hand the way simulate promises to play it."""
    state = new_game("duel", seed=seed, seats={"north": "random", "south": "random"}, registry=registry_from([toys]))
    agents = {f: RandomAgent(agent_seed(seed, f)) for f in state.factions}
    while not is_over(state):
        player = pending(state).players[0]
        apply(state, agents[player].choose(Seat(state, player)))
    return state.step, outcome(state)


def test_report_has_the_documented_keys_and_adds_up(registry):
    data = simulate("duel", games=30, seed=4, registry=registry).as_dict()
    assert REQUIRED_KEYS <= data.keys()
    assert (data["game"], data["games"], data["seed"]) == ("duel", 30, 4)
    assert data["finished"] == 30 and data["capped"] == 0 and data["errors"] == 0
    assert list(data["wins"]) == ["north", "south"]
    assert sum(data["wins"].values()) + data["draws"] == 30
    assert data["decisions"] == sum(data["decisions_by_faction"].values())
    assert data["mean_decisions"] == round(data["decisions"] / 30, 3)
    assert data["invariant_violations"] == 0 and data["invariant_messages"] == []
    assert data["seats"] == {"north": "random", "south": "random"}
    assert data["scenario"] == "standard" and data["players"] == 2


def test_games_are_played_with_seed_plus_index_and_agent_seeds():
    """Three games from seed 10 equal three hand-played games with seeds 10, 11, 12."""
    report = simulate("duel", games=3, seed=10, registry=registry_from([toys]))
    expected = [manual_playout(s) for s in (10, 11, 12)]
    assert [r.decisions for r in report.results] == [steps for steps, _ in expected]
    assert [r.winners for r in report.results] == [tuple(o.winners) for _, o in expected]
    assert [r.seed for r in report.results] == [10, 11, 12]


def test_same_seed_same_report_and_another_seed_differs(registry):
    first = untimed(simulate("duel", games=25, seed=7, registry=registry))
    again = untimed(simulate("duel", games=25, seed=7, registry=registry))
    other = untimed(simulate("duel", games=25, seed=8, registry=registry))
    assert first == again
    assert first != other


def test_worker_processes_give_the_same_report():
    one = untimed(simulate("duel", games=40, seed=3, plugins=["toys"], jobs=1))
    two = untimed(simulate("duel", games=40, seed=3, plugins=["toys"], jobs=2))
    three = untimed(simulate("duel", games=40, seed=3, plugins=["toys"], jobs=3))
    assert one == two == three
    assert one["finished"] == 40


def test_turn_cap(registry):
    """The duel's turn is its round; with --max-turns 0 every game stops after round 1 starts."""
    data = simulate("duel", games=5, seed=0, max_turns=0, registry=registry).as_dict()
    assert (data["finished"], data["capped"], data["capped_by_turns"]) == (0, 5, 5)
    assert data["wins"] == {"north": 0, "south": 0} and data["draws"] == 0
    assert data["mean_turns"] == 1.0


def test_standings_and_caps_are_read_from_the_structured_outcome(registry):
    """Games ended by a cap of the game's own are told from draws, and each faction's ranks
    and scores are summed up from the outcomes' standings."""
    report = simulate("ranked_duel", games=40, seed=2, options={"target": 5}, registry=registry)
    data = report.as_dict()
    results = report.results
    assert data["finished"] == 40 == data["ended_by_rules"] + data["ended_by_cap"]
    assert data["ended_by_cap"] == sum(r.ended_by == "cap" for r in results) > 0
    assert data["ended_by_rules"] > 0
    assert data["draws"] == sum(r.ended_by == "rules" and not r.winners for r in results)
    assert data["score_name"] == "points"
    for faction in ("north", "south"):
        mine = [s for r in results for s in r.standings if s.faction == faction]
        figures = data["standings"][faction]
        assert figures["ranked"] == 40 and sum(figures["ranks"].values()) == 40
        assert figures["ranks"]["1"] == sum(s.rank == 1 for s in mine)
        assert figures["mean_rank"] == round(sum(s.rank for s in mine) / 40, 3)
        assert figures["mean_score"] == round(sum(s.score for s in mine) / 40, 3)
    assert data["standings"]["north"]["ranks"]["1"] + data["standings"]["south"]["ranks"]["1"] >= 40


def test_games_without_standings_report_none(registry):
    data = simulate("duel", games=3, seed=0, registry=registry).as_dict()
    assert data["score_name"] == ""
    assert data["standings"]["north"] == {"ranked": 0, "ranks": {}, "mean_rank": None, "mean_score": None}
    assert data["ended_by_rules"] == 3 and data["ended_by_cap"] == 0


def test_declared_decision_bound_caps_games(registry):
    report = simulate("short", games=4, seed=0, registry=registry)
    data = report.as_dict()
    assert (data["capped"], data["capped_by_decisions"], data["decisions"]) == (4, 4, 20)
    assert [r.decisions for r in report.results] == [5, 5, 5, 5]


def test_invariant_violations_are_counted_not_raised(registry):
    """Checked before the first and after every step: decisions + 1 checks per game."""
    report = simulate("always_broken", games=3, seed=0, registry=registry)
    data = report.as_dict()
    assert data["finished"] == 3
    assert data["invariant_violations"] == data["decisions"] + 3
    assert len(data["invariant_messages"]) == 5
    assert data["invariant_messages"][0] == "game 0 (seed 0) step 0: broken at round 0"


def test_end_checks_once_per_game_and_none_never(registry):
    """The same always-broken game: one check per game, on its final state, or none at all."""
    report = simulate("always_broken", games=3, seed=0, registry=registry, checks="end")
    end = report.as_dict()
    assert end["invariant_violations"] == 3
    assert [m.split(": broken")[0] for m in end["invariant_messages"]] == [
        f"game {r.index} (seed {r.seed}) step {r.decisions}" for r in report.results
    ]
    none = simulate("always_broken", games=3, seed=0, registry=registry, checks="none").as_dict()
    assert (none["invariant_violations"], none["invariant_messages"]) == (0, [])


def test_errors_are_counted_and_the_batch_goes_on(registry):
    data = simulate("crashing", games=4, seed=2, registry=registry).as_dict()
    assert (data["errors"], data["finished"], data["games"]) == (4, 0, 4)
    assert data["decisions"] == 12
    assert data["error_messages"][0] == "game 0 (seed 2) step 3: RuntimeError: rules bug"
    assert len(data["error_messages"]) == 4


def test_seat_override_and_bad_setups(registry):
    data = simulate("duel", games=2, seats={"south": "random"}, registry=registry).as_dict()
    assert data["seats"] == {"north": "random", "south": "random"}
    with pytest.raises(SeatError, match="unknown agent 'clever' for north"):
        simulate("duel", games=2, agent="clever", registry=registry)
    with pytest.raises(SeatError, match="computer players only"):
        simulate("duel", games=2, seats={"north": "human"}, registry=registry)
    with pytest.raises(SeatError, match="no faction 'east'"):
        simulate("duel", games=2, seats={"east": "random"}, registry=registry)
    with pytest.raises(UnknownGameError):
        simulate("chess", games=2, registry=registry)
    with pytest.raises(OptionError, match="target must be one of"):
        simulate("duel", games=2, options={"target": "9"}, registry=registry)
    with pytest.raises(OptionError, match="negative"):
        simulate("duel", games=-1, registry=registry)


def test_options_reach_the_games(registry):
    """A target of 2 points ends games sooner than the default of 3."""
    low = simulate("duel", games=30, seed=1, options={"target": "2"}, registry=registry).as_dict()
    high = simulate("duel", games=30, seed=1, registry=registry).as_dict()
    assert low["options"] == {"target": 2}  # the value as the game reads it
    assert low["decisions"] < high["decisions"]


def test_observer_is_removed_after_the_batch(registry):
    simulate("duel", games=2, registry=registry)
    assert not registry.has_observers()


@pytest.mark.parametrize("game", ["duel", "ranked_duel", "crashing", "short", "always_broken"])
def test_batch_counts_equal_those_of_an_observer_registered_on_the_registry(registry, game):
    """The batch feeds its statistics to the observer's hooks itself (the fast path); an
    observer registered on the registry, called by the engine (the reference), counts the
    same games, caps and errors the same way, and still sees every game."""
    batch = make_batch(registry, game, seed=5, checks="none")  # its probe games are not counted
    watcher = GameStats()
    registry.register(watcher)
    results, stats = run_games(batch, range(12), registry)
    assert stats.as_dict() == watcher.as_dict()
    assert watcher.games_started == 12 and watcher.decisions == sum(r.decisions for r in results) > 0


def test_progress_callback_counts_games(registry):
    seen = []
    simulate("duel", games=3, registry=registry, on_game=seen.append)
    assert seen == [1, 2, 3]


def test_only_a_process_of_its_own_freezes_the_start_up_objects(monkeypatch):
    """``simulate`` freezes the collector's long-lived objects only when told that the process
    exists to run the games (the CLI); an embedding program keeps its own collector."""
    import banneret.simulate as sim

    frozen = []
    monkeypatch.setattr(sim.gc, "freeze", lambda: frozen.append(True))
    reg = registry_from([toys])
    simulate("duel", games=2, registry=reg)
    assert frozen == []
    report = simulate("duel", games=2, registry=reg, own_process=True)
    assert frozen == [True] and report.as_dict()["finished"] == 2
