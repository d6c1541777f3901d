#!/usr/bin/env python3
"""How strong the search agent is against the heuristic agent, and how that grows with its
budget (run by hand; the test suite never runs it).

    python benchmarks/strength.py richard3 [--budgets 50,100,200] [--games 100] [--depth 40] [--jobs 2]
    python benchmarks/strength.py hex_kingdoms --budgets 100 --games 100 --depth 50

Richard III: for each budget, ``ismcts:iterations=B,depth=D`` plays each side against the
``heuristic`` agent, ``--games`` games a side. hex_kingdoms: one ``ismcts`` kingdom against
three ``heuristic`` ones, the search agent's seat turning round the table from game to game
(a fair share is 1/4). Agents are seeded from the game's seed, the faction and the step, as
in ``banneret play``, so a run repeats exactly; games run in ``--jobs`` processes.

Printed per budget and side: the search agent's wins with a 95 % Wilson interval, the wins
of the heuristic agent put in the same seat of the same games (the baseline the search agent
must beat: the seats are not equally strong), its iterations per second, and the median and
90th-percentile seconds per decision (decisions with one legal action, taken at once, are
left out), then the iterations per second and the median per decision again in the
worker's CPU time, which a machine shared with other work inflates less than the clock. A game that ends without a winner (hex_kingdoms at its turn limit) counts as won by
the faction the rules' ranking puts first, if it is first alone. After each game a progress
line (stderr) gives the wins and the median CPU seconds per decision so far, so a run stopped
early on a loaded machine still tells what it measured.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from typing import Any

import banneret
from banneret.agents import Seat, agent_seed
from banneret.stats import wilson_interval


def play(job: tuple[str, int, dict[str, str], str, dict[str, Any]]) -> dict[str, Any]:
    """One game; the timings of the measured agent's decisions (``setup``: the keyword
    arguments of ``banneret.new_game`` that pick the scenario, players and options)."""
    game, seed, seats, searcher, setup = job
    registry = banneret.default_registry()
    kinds = registry.agents(game)
    state = banneret.new_game(game, seed=seed, seats=seats, registry=registry, **setup)
    times: list[float] = []
    cpu_times: list[float] = []
    iterations = 0
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        agent = kinds[seats[player]](game, player, agent_seed(seed, player, state.step))
        seat = Seat(state, player)
        if player == searcher and len(seat.actions) > 1:
            start, cpu_start = time.perf_counter(), time.process_time()
            action = agent.choose(seat)
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
            iterations += getattr(agent, "iterations_done", 0)  # agents without a search have none
        else:
            action = agent.choose(seat)
        banneret.apply(state, action)
    outcome = banneret.outcome(state)
    return {"won": won(outcome, searcher), "by_rules": searcher in outcome.winners, "times": times,
            "cpu_times": cpu_times, "iterations": iterations}


def won(outcome: Any, faction: str) -> bool:
    """``faction`` won, or, with no winner, is ranked first alone."""
    if outcome.winners:
        return faction in outcome.winners
    first = [s.faction for s in outcome.standings if s.rank == 1]
    return first == [faction]


def measure(game: str, agent: str, games: int, seed: int, jobs: int, side: str | None,
            opponent: str = "heuristic", setup: dict[str, Any] | None = None) -> dict[str, Any]:
    """``agent`` (an agent kind) in ``side``'s seat (or each seat in turn) against
    ``opponent`` in the others."""
    setup = setup or {}
    factions = banneret.new_game(game, seed=seed, **setup).factions
    work = []
    for i in range(games):
        measured = side if side is not None else factions[i % len(factions)]
        seats = {f: (agent if f == measured else opponent) for f in factions}
        work.append((game, seed + i, seats, measured, setup))
    results = []
    with multiprocessing.Pool(jobs) as pool:
        for result in pool.imap(play, work, chunksize=1):
            results.append(result)
            won_so_far = sum(r["won"] for r in results)
            cpu_so_far = [t for r in results for t in r["cpu_times"]]
            median_cpu = f", median cpu s {statistics.median(cpu_so_far):.3f}" if cpu_so_far else ""
            print(f"  {agent}: {len(results)}/{games} games, {won_so_far} won{median_cpu}", file=sys.stderr, flush=True)
    times = sorted(t for r in results for t in r["times"])
    cpu_times = [t for r in results for t in r["cpu_times"]]
    won = sum(r["won"] for r in results)
    return {
        "won": won, "by_rules": sum(r["by_rules"] for r in results), "games": games,
        "interval": wilson_interval(won, games),
        "iterations_per_s": sum(r["iterations"] for r in results) / max(sum(times), 1e-9),
        "iterations_per_cpu_s": sum(r["iterations"] for r in results) / max(sum(cpu_times), 1e-9),
        "median_s": statistics.median(times) if times else 0.0,
        "median_cpu_s": statistics.median(cpu_times) if cpu_times else 0.0,
        "p90_s": times[int(0.9 * (len(times) - 1))] if times else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["richard3", "hex_kingdoms"])
    parser.add_argument("--budgets", default="50,100,200", help="iterations per decision, comma-separated")
    parser.add_argument("--games", type=int, default=100, help="games per budget and side")
    parser.add_argument("--depth", type=int, default=40, help="playout cut-off, scored by the game's estimate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--side", action="append", help="Richard III: only this side for the search agent")
    parser.add_argument("--settings", default="", help="more ismcts settings, e.g. prior=50,c=0.5")
    args = parser.parse_args(argv)
    sides = (args.side or ["lancaster", "york"]) if args.game == "richard3" else [None]
    more = f",{args.settings}" if args.settings else ""
    print(f"{args.game}: ismcts (depth={args.depth}{more}) against heuristic, {args.games} games per row "
          f"from seed {args.seed}; 95 % Wilson intervals; {args.jobs} processes")
    baseline = {side: measure(args.game, "heuristic", args.games, args.seed, args.jobs, side)["won"] for side in sides}
    print(f"{'iterations':>10} {'ismcts plays':<14} {'wins':<26} {'heuristic there':>15} "
          f"{'it/s':>7} {'median s':>9} {'p90 s':>7} {'cpu it/s':>8} {'median cpu s':>12} {'run s':>6}")
    for budget in (int(b) for b in args.budgets.split(",")):
        search = f"ismcts:iterations={budget},depth={args.depth}{more}"
        for side in sides:
            start = time.perf_counter()
            r = measure(args.game, search, args.games, args.seed, args.jobs, side)
            low, high = r["interval"]
            cell = f"{r['won']:>4} {r['won'] / r['games']:6.1%} [{low:5.1%}, {high:5.1%}]"
            print(f"{budget:>10} {side or 'each seat':<14} {cell:<26} {baseline[side]:>15} {r['iterations_per_s']:>7.0f} "
                  f"{r['median_s']:>9.3f} {r['p90_s']:>7.3f} {r['iterations_per_cpu_s']:>8.0f} {r['median_cpu_s']:>12.3f} "
                  f"{time.perf_counter() - start:>6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
