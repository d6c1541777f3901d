#!/usr/bin/env python3
"""One agent against another in any installed game: how often it wins (run by hand; the test
suite never runs it).

    python benchmarks/versus.py warrior_knights --agent heuristic --opponent random --games 200 --players 4
    python benchmarks/versus.py guiscard --scenario "Open skirmish" --agent heuristic --opponent random --games 200

In a two-faction game the measured agent plays each side in turn against the opponent
(``--games`` games a side; ``--side`` for one side only); with more factions it takes one
seat, turning round the table from game to game, and the opponent agent fills every other
seat (a fair share is one over the number of factions). Agents are seeded from the game's
seed, the faction and the step, as in ``banneret play``, so a run repeats exactly; games
run in ``--jobs`` processes, with a progress line per game on stderr.

Printed per side: games won or, with no winner (a turn limit or a cap), ranked first alone,
with a 95 % Wilson interval; how many of those were won by the rules; the median and
90th-percentile seconds per decision of the measured agent.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import banneret
from strength import measure


def _option(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as an int when it is one."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, int(value) if value.lstrip("-").isdigit() else value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(banneret.default_registry().games()))
    parser.add_argument("--agent", default="heuristic", help="the agent measured (default heuristic)")
    parser.add_argument("--opponent", default="random", help="the agent in every other seat (default random)")
    parser.add_argument("--games", type=int, default=100, help="games per side (or in all, with seats turning)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", type=int, help="number of factions, for games that allow several")
    parser.add_argument("--scenario")
    parser.add_argument("--option", type=_option, action="append", default=[], help="a game option, NAME=VALUE")
    parser.add_argument("--side", action="append", help="two-faction games: only this side")
    args = parser.parse_args(argv)
    setup: dict[str, Any] = {"options": dict(args.option), "scenario": args.scenario, "players": args.players}
    factions = banneret.new_game(args.game, seed=args.seed, **setup).factions
    sides: list[str | None] = list(args.side or factions) if len(factions) == 2 else [None]
    print(f"{args.game}: {args.agent} against {args.opponent}, {args.games} games per row from seed {args.seed}"
          f" ({len(factions)} factions); 95 % Wilson intervals; {args.jobs} processes")
    print(f"{'plays':<14} {'won or first alone':<28} {'by the rules':>12} {'median s':>9} {'p90 s':>7} {'run s':>6}")
    for side in sides:
        start = time.perf_counter()
        r = measure(args.game, args.agent, args.games, args.seed, args.jobs, side, args.opponent, setup)
        low, high = r["interval"]
        cell = f"{r['won']:>4} {r['won'] / r['games']:6.1%} [{low:5.1%}, {high:5.1%}]"
        print(f"{side or 'each seat':<14} {cell:<28} {r['by_rules']:>12} {r['median_s']:>9.3f} {r['p90_s']:>7.3f} "
              f"{time.perf_counter() - start:>6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
