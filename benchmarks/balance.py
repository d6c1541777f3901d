#!/usr/bin/env python3
"""Win rates per side for each scenario of a game and each pairing of computer players.

    python benchmarks/balance.py richard3 [--games 1000] [--seed 1] [--jobs 2]
    python benchmarks/balance.py richard3 --scenario kingmaker --pairing heuristic:random

Every pairing seats one agent on the first faction and one on the second (``random:random``,
``heuristic:heuristic``, ``heuristic:random`` and ``random:heuristic`` by default), plays
``--games`` games of each scenario through ``banneret.simulate`` (invariants checked after
every step, so the figures come from the same play the tests check) and prints each faction's
wins with a 95 % Wilson score interval. Run by hand; the test suite never runs it.
"""

from __future__ import annotations

import argparse
import sys
import time

import banneret
from banneret.simulate import simulate
from banneret.stats import wilson_interval

DEFAULT_PAIRINGS = ("random:random", "heuristic:heuristic", "heuristic:random", "random:heuristic")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scenario", action="append", help="scenario (repeatable; default: all)")
    parser.add_argument("--pairing", action="append", help="FIRST:SECOND agents (repeatable)")
    args = parser.parse_args(argv)

    info = banneret.default_registry().game(args.game).info
    factions = info.factions[:2]
    scenarios = args.scenario or [s.name for s in info.scenarios]
    pairings = args.pairing or list(DEFAULT_PAIRINGS)
    print(f"{info.name}: {args.games} games per row from seed {args.seed}; 95 % Wilson intervals")
    print(f"{'scenario':<20} {factions[0] + ' agent':<18} {factions[1] + ' agent':<18} "
          f"{factions[0] + ' wins':<26} {factions[1] + ' wins':<26} {'turns':>6} {'s':>6}")
    for scenario in scenarios:
        for pairing in pairings:
            first, second = pairing.split(":")
            start = time.perf_counter()
            report = simulate(args.game, games=args.games, seed=args.seed, scenario=scenario,
                              seats={factions[0]: first, factions[1]: second}, jobs=args.jobs).as_dict()
            cells = []
            for faction in factions:
                won = report["wins"][faction]
                low, high = wilson_interval(won, report["finished"])
                cells.append(f"{won:>5} {won / max(1, report['finished']):6.1%} [{low:5.1%}, {high:5.1%}]")
            problems = report["errors"] + report["invariant_violations"]
            print(f"{scenario:<20} {first:<18} {second:<18} {cells[0]:<26} {cells[1]:<26} "
                  f"{report['mean_turns']:>6.1f} {time.perf_counter() - start:>6.0f}"
                  + (f"  ({problems} errors/violations!)" if problems else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
