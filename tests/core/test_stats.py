"""The statistics observer: a real pluggy plugin that counts what the observer hooks report."""

from __future__ import annotations

from collections import Counter

import toys

from banneret import RandomAgent, apply, find_action, is_over, new_game, outcome, pending
from banneret.agents import Seat
from banneret.registry import registry_from
from banneret.stats import GameStats


def observed_registry():
    stats = GameStats()
    registry = registry_from([toys])
    registry.register(stats)
    return registry, stats


def play_ties(state, rounds):
    """Both players bid 2 for ``rounds`` rounds: no score, no challenge, no dice."""
    for _ in range(rounds):
        for player in ("north", "south"):
            apply(state, find_action(state, player, "bid 2"))


def test_registered_instance_is_an_observer_plugin():
    """Registering the instance makes the registry report observers and hands the state the hooks."""
    registry, stats = observed_registry()
    assert registry.has_observers()
    hooks = registry.pm.hook
    for name in ("banneret_game_started", "banneret_action_applied", "banneret_game_ended"):
        assert [impl.plugin for impl in getattr(hooks, name).get_hookimpls()] == [stats]
    state = new_game("duel", seed=1, registry=registry)
    assert state.observers is hooks


def test_counts_a_scripted_game_exactly():
    """Ten tied rounds: 20 bids, 10 reveals, then the round limit ends it as a draw."""
    registry, stats = observed_registry()
    state = new_game("duel", seed=1, registry=registry)
    play_ties(state, 10)
    assert is_over(state)
    assert stats.as_dict() == {
        "games_started": 1,
        "games_ended": 1,
        "decisions": 20,
        "draws": 1,
        "cut_off": 0,
        "decisions_by_faction": {"north": 10, "south": 10},
        "actions_by_kind": {"bid": 20},
        "events_by_kind": {"info": 30},
        "wins": {},
        "end_reasons": {"round limit": 1},
    }


def test_unfinished_game_is_started_but_not_ended():
    registry, stats = observed_registry()
    state = new_game("duel", seed=1, registry=registry)
    play_ties(state, 3)
    assert (stats.games_started, stats.games_ended, stats.decisions, stats.draws) == (1, 0, 6, 0)
    assert stats.end_reasons == Counter()


def test_random_games_agree_with_their_records():
    """Over several random games the counts equal what the states' records and logs say."""
    registry, stats = observed_registry()
    expected_decisions: Counter[str] = Counter()
    expected_kinds: Counter[str] = Counter()
    expected_events: Counter[str] = Counter()
    expected_wins: Counter[str] = Counter()
    draws = 0
    for seed in range(8):
        state = new_game("duel", seed=seed, registry=registry)
        agent = RandomAgent(seed)
        while not is_over(state):
            player = pending(state).players[0]
            action = agent.choose(Seat(state, player))
            apply(state, action)
            expected_kinds[action.kind] += 1
        expected_decisions.update(p for p, _ in state.record)
        expected_events.update(e.kind for e in state.log)
        result = outcome(state)
        expected_wins.update(result.winners)
        draws += not result.winners
    assert stats.games_started == stats.games_ended == 8
    assert stats.decisions == sum(expected_decisions.values())
    assert stats.decisions_by_faction == expected_decisions
    assert stats.actions_by_kind == expected_kinds
    assert stats.events_by_kind == expected_events
    assert stats.wins == expected_wins
    assert stats.draws == draws
    assert sum(stats.wins.values()) + stats.draws == 8


def test_a_game_cut_off_by_its_own_limit_is_not_a_draw():
    """An outcome ended by a cap (a turn limit option) counts as cut off, not as a draw."""
    from banneret.types import ENDED_BY_CAP, Outcome, Standing

    stats = GameStats()
    standings = (Standing("north", 1, 2), Standing("south", 2, 1))
    stats.banneret_game_ended(None, Outcome((), "turn limit", standings, "points", ENDED_BY_CAP))
    stats.banneret_game_ended(None, Outcome((), "a tie"))
    assert (stats.games_ended, stats.cut_off, stats.draws) == (2, 1, 1)
    assert stats.end_reasons == Counter({"turn limit": 1, "a tie": 1})


def test_unregistered_instance_sees_nothing():
    stats = GameStats()
    registry = registry_from([toys])
    registry.register(stats)
    registry.pm.unregister(stats)
    state = new_game("duel", seed=1, registry=registry)
    play_ties(state, 10)
    assert (stats.games_started, stats.decisions) == (0, 0)


def test_actions_without_kind_are_counted_under_a_dash():
    from banneret.hookspecs import StepContext
    from banneret.types import Action, Event

    stats = GameStats()
    stats.banneret_action_applied(StepContext(None, Action("north", "pass"), [Event("move", "x")]))
    assert (stats.actions_by_kind, stats.events_by_kind) == (Counter({"-": 1}), Counter({"move": 1}))


def test_merge_and_round_trip():
    """Counts from worker processes come back through as_dict/from_dict and add up."""
    registry, first = observed_registry()
    play_ties(new_game("duel", seed=1, registry=registry), 10)
    second = GameStats.from_dict(first.as_dict())
    assert second.as_dict() == first.as_dict()
    second.merge(first)
    merged = second.as_dict()
    assert merged["games_started"] == 2 and merged["decisions"] == 40 and merged["draws"] == 2
    assert merged["events_by_kind"] == {"info": 60}
    assert merged["end_reasons"] == {"round limit": 2}
    second.reset()
    assert second.as_dict() == GameStats().as_dict()
