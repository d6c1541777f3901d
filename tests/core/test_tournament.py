"""``banneret tournament``: schedule, win-rate table, ratings, JSON, errors and --plot,
on the duel toy with scripted agents of known strength (see arena_toys)."""

from __future__ import annotations

import builtins
import json
import math
from collections import Counter

import arena_toys
import pytest

from banneret.cli import main
from banneret.registry import registry_from
from banneret.stats import wilson_interval
from banneret.tournament import TournamentGame, elo_ratings, pairwise_scores, rating_intervals, schedule, tournament

REGISTRY = registry_from([arena_toys])


def run_json(capsys, argv, registry=REGISTRY):
    code = main(["tournament", *argv, "--json"], registry=registry)
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# --- the schedule ---------------------------------------------------------------------------

def test_two_players_meet_as_every_ordered_pair():
    pairings = schedule(["a", "b", "c"], ("north", "south"))
    assert [p.seats for p in pairings] == [
        (("north", "a"), ("south", "b")), (("north", "a"), ("south", "c")),
        (("north", "b"), ("south", "a")), (("north", "b"), ("south", "c")),
        (("north", "c"), ("south", "a")), (("north", "c"), ("south", "b")),
    ]


def test_more_players_each_agent_takes_each_seat_with_the_next_agents_elsewhere():
    pairings = schedule(["x", "y", "z"], ("a", "b", "c"))
    assert [tuple(agent for _, agent in p.seats) for p in pairings] == [
        ("x", "y", "z"), ("y", "x", "z"), ("y", "z", "x"), ("z", "y", "x"), ("z", "x", "y"), ("x", "z", "y"),
    ]  # y in a (before z, x) is x in c: each seating once, here every order of the three
    held = Counter((faction, agent) for p in pairings for faction, agent in p.seats)
    assert set(held.values()) == {2}  # every agent holds every seat equally often
    assert len(held) == 9


@pytest.mark.parametrize(("agents", "seats", "distinct"), [(2, 4, 4), (3, 4, 9), (2, 3, 4), (4, 3, 12), (5, 6, 25), (2, 6, 6)])
def test_no_seating_is_played_twice_and_every_agent_holds_every_seat_equally_often(agents, seats, distinct):
    names = [f"agent{i}" for i in range(agents)]
    pairings = schedule(names, tuple(f"seat{s}" for s in range(seats)))
    assert len(pairings) == len(set(pairings)) == distinct
    for s in range(seats):
        held = Counter(dict(p.seats)[f"seat{s}"] for p in pairings)
        assert set(held) == set(names) and len(set(held.values())) == 1


# --- results and ratings ----------------------------------------------------------------------

def test_the_stronger_agent_wins_every_game_from_both_seats():
    data = tournament("duel", ["timid", "greedy"], 4, seed=3, registry=REGISTRY)
    table = data["agents_table"]
    assert (data["games"], data["finished"], data["draws"]) == (8, 8, 0)
    assert table["greedy"]["wins"] == 8 and table["greedy"]["win_rate"] == 1.0
    assert table["timid"]["wins"] == 0 and table["timid"]["games"] == 8
    low, high = wilson_interval(0, 8)
    assert (table["timid"]["wilson_low"], table["timid"]["wilson_high"]) == (round(low, 4), round(high, 4))
    for faction in ("north", "south"):
        assert table["greedy"]["seats"][faction]["wins"] == 4
        assert (table["timid"]["seats"][faction]["wins"], table["timid"]["seats"][faction]["games"]) == (0, 4)
    assert data["pairwise"] == {"timid vs greedy": 0.0, "greedy vs timid": 8.0}
    assert data["ratings"]["greedy"]["elo"] > 1500 > data["ratings"]["timid"]["elo"]


def test_equal_agents_draw_and_rate_equal_and_above_a_weaker_one():
    data = tournament("duel", ["greedy", "greedy_twin", "timid"], 2, registry=REGISTRY)
    assert data["pairwise"]["greedy vs greedy_twin"] == data["pairwise"]["greedy_twin vs greedy"] == 4 * 0.5
    ratings = {a: r["elo"] for a, r in data["ratings"].items()}
    assert ratings["greedy"] == ratings["greedy_twin"] > ratings["timid"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500, abs=0.1)


def test_ratings_follow_the_scores():
    games = [TournamentGame((("n", "a"), ("s", "b")), ("n",))] * 3 + [TournamentGame((("n", "a"), ("s", "b")), ("s",))]
    scores = pairwise_scores(games, ["a", "b"])
    assert scores == {("a", "b"): 3.0, ("b", "a"): 1.0}
    ratings = elo_ratings(scores, ["a", "b"])
    # one virtual draw: 3.5 to 1.5, so a's odds are 7:3
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


def test_a_clean_sweep_still_gets_an_informative_rating_interval():
    """8 wins out of 8: a bootstrap over the games would give [rating, rating]; the
    curvature of the likelihood with the virtual draw gives, for two agents, the rating
    plus or minus 1.96 x 400/ln 10 x sqrt(1 / (4 n p (1 - p))), n = 9 comparisons and
    p = 8.5/9 the fit's chance, so half a difference in log-strength of ln(17) either way."""
    data = tournament("duel", ["timid", "greedy"], 4, seed=3, registry=REGISTRY)
    greedy, timid = data["ratings"]["greedy"], data["ratings"]["timid"]
    p = 8.5 / 9
    half = 1.959964 * 400 / math.log(10) * math.sqrt(1 / (4 * 9 * p * (1 - p)))
    assert greedy["elo"] == pytest.approx(1500 + 200 * math.log10(17), abs=0.05)
    for rating in (greedy, timid):
        assert (rating["low"], rating["high"]) == (
            pytest.approx(rating["elo"] - half, abs=0.15), pytest.approx(rating["elo"] + half, abs=0.15))
    assert 200 < half < 300  # finite and informative: not [rating, rating], not infinite
    longer = tournament("duel", ["timid", "greedy"], 20, seed=3, registry=REGISTRY)["ratings"]
    assert longer["greedy"]["low"] > greedy["low"]  # more wins, a higher floor


def test_rating_intervals_narrow_with_more_games_as_the_information_says():
    """Three agents, every pair split evenly: equal ratings, and each rating's half-width
    1.96 x 400/ln 10 x sqrt(8 / (9 (n + 1))) for n games per pair (plus the virtual draw):
    information (n + 1)/4 per pair, and the complete graph's pseudo-inverse gives a
    centred rating the variance 2/9 per unit of it."""
    agents = ["a", "b", "c"]
    for games in (10, 1000):
        scores = {(x, y): games / 2 for x in agents for y in agents if x != y}
        ratings = elo_ratings(scores, agents)
        assert ratings == pytest.approx({a: 1500.0 for a in agents})
        half = 1.959964 * 400 / math.log(10) * math.sqrt(8 / (9 * (games + 1)))
        intervals = rating_intervals(scores, agents, ratings)
        assert intervals == {a: (pytest.approx(1500 - half), pytest.approx(1500 + half)) for a in agents}


# --- the command ----------------------------------------------------------------------------------

def test_json_shape(capsys):
    data = run_json(capsys, ["duel", "--agents", "greedy,timid", "--games", "3", "--seed", "1"])
    assert set(data) == {"game", "scenario", "agents", "games_per_pairing", "seed", "checks", "pairings",
                         "games", "finished", "draws", "agents_table", "pairwise", "ratings", "rerun_chunks",
                         "rerun_games"}
    assert (data["rerun_chunks"], data["rerun_games"]) == (0, 0)  # only a lost Ray worker reruns
    assert data["pairings"] == [{"north": "greedy", "south": "timid"}, {"north": "timid", "south": "greedy"}]
    assert data["checks"] == "end"
    assert set(data["ratings"]["greedy"]) == {"elo", "low", "high"}
    assert set(data["agents_table"]["timid"]["seats"]) == {"north", "south"}


def test_agents_with_parameters_keep_their_commas(capsys):
    data = run_json(capsys, ["duel", "--agents", "timid,ismcts:iterations=5,depth=3", "--games", "1"])
    assert data["agents"] == ["timid", "ismcts:iterations=5,depth=3"]
    assert data["games"] == 2


def test_same_seed_same_results_for_any_jobs(capsys):
    argv = ["duel", "--plugin", "arena_toys", "--agents", "random,greedy,timid", "--games", "6", "--seed", "4"]
    one = run_json(capsys, [*argv, "--jobs", "1"], registry=None)
    two = run_json(capsys, [*argv, "--jobs", "2"], registry=None)
    assert one == two
    assert one["games"] == 36


def test_text_table(capsys):
    code = main(["tournament", "duel", "--agents", "timid,greedy", "--games", "4"], registry=REGISTRY)
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0].startswith("duel (standard): 2 pairings x 4 games from seed 0; finished 8 of 8, draws 0")
    assert out[2].split() == ["agent", "rating", "wins", "as", "north", "as", "south"]
    assert out[4].split()[0] == "greedy" and "100% [68%, 100%] of 8" in out[4]


@pytest.mark.parametrize("argv, text", [
    (["chess", "--agents", "random,greedy"], "no game called 'chess'"),
    (["duel", "--agents", "random,genius"], "unknown agent 'genius'"),
    (["duel", "--agents", "random"], "at least two agents"),
    (["duel", "--agents", "random,random"], "each agent may be listed once"),
    (["duel", "--agents", "random, greedy,"], "--agents takes agent names separated by commas, not 'random, greedy,'"),
    (["duel", "--agents", "random,greedy", "--games", "0"], "must be at least 1, not 0"),
    (["duel", "--agents", "random,greedy", "--plot", "x.pdf"], "a .png or .svg file"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, text):
    code = main(["tournament", *argv], registry=REGISTRY)
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("banneret: error: ") and text in err


def test_plot_without_matplotlib_names_the_extra(capsys, monkeypatch, tmp_path):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    target = tmp_path / "elo.png"
    code = main(["tournament", "duel", "--agents", "random,greedy", "--plot", str(target)], registry=REGISTRY)
    err = capsys.readouterr().err
    assert code == 2 and "pip install 'banneret[plot]'" in err and err.count("\n") == 1
    assert not target.exists()


def test_wilson_interval_known_values():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0


def test_the_user_guide_example_is_the_commands_own_output(capsys):
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "user-guide.md").read_text()
    command = "banneret tournament richard3 --agents random,heuristic --games 20"
    shown = guide.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    assert main(command.split()[1:]) == 0
    assert capsys.readouterr().out == shown
