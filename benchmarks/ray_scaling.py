"""How a batch scales on Ray from one worker to two, and what Ray costs per game against
``--jobs`` (run by hand; see README.md).

For each number of workers a local Ray is started with that many CPUs, warmed up (every
worker imports the engine and loads the game's tables), and the same batch is timed
through ``simulate(..., ray=LOCAL)``; the Ray start-up is printed apart, not counted. The
same batch runs first in this process (``jobs=1``: play alone, nothing handed out), and
through ``simulate(..., jobs=2)``, whose worker processes start inside the timing, as the
``simulate`` command starts them; first, before Ray is imported, and with the long-lived
objects frozen as the command does (Ray's modules would otherwise slow every full
collection of this process). Ray's overhead per game is its one-worker time less the
in-process time (handing out chunks, shipping batches and results), and its two-worker
time less the ``--jobs 2`` time.

    .venv/bin/python benchmarks/ray_scaling.py [GAME] [--games N] [--seed S] [--checks C] [--repeat R]
"""

from __future__ import annotations

import argparse
import logging
import time
from typing import Any

from banneret.cluster import LOCAL
from banneret.simulate import CHECKS, simulate

EFFICIENCY_GOAL = 0.8


def best_seconds(repeat: int, **batch: Any) -> float:
    """The fastest of ``repeat`` runs of the same batch (the same games each time, so a
    slower run measures the machine's neighbours, not the code)."""
    return min(simulate(**batch).seconds for _ in range(repeat))


def on_ray(workers: int, repeat: int, batch: dict[str, Any]) -> tuple[float, float]:
    """Seconds to start a local Ray of ``workers`` CPUs, and the batch's best time on it."""
    import ray

    started = time.perf_counter()
    # "local": a new Ray even where `ray start` once ran (ray.init alone would try to join it)
    ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING)
    simulate(**{**batch, "games": 4 * workers}, ray=LOCAL)  # every worker up, its tables loaded
    start_up = time.perf_counter() - started
    try:
        return start_up, best_seconds(repeat, **batch, ray=LOCAL)
    finally:
        ray.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="richard3")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checks", choices=CHECKS, default="every")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each batch; the fastest counts (default 2)")
    args = parser.parse_args(argv)
    batch = {"game": args.game, "games": args.games, "seed": args.seed, "checks": args.checks}
    rates: dict[int, float] = {}
    seconds: dict[int | str, float] = {}
    for jobs in (1, 2):
        seconds[f"jobs {jobs}"] = best_seconds(args.repeat, **batch, jobs=jobs, own_process=True)
        said = "in this process" if jobs == 1 else "process start included"
        print(f"--jobs {jobs}:           {args.games / seconds[f'jobs {jobs}']:8.1f} games/s "
              f"({seconds[f'jobs {jobs}']:.2f} s, {said})")
    for workers in (1, 2):
        start_up, seconds[workers] = on_ray(workers, args.repeat, batch)
        rates[workers] = args.games / seconds[workers]
        print(f"ray, {workers} worker{'s' * (workers > 1)}: {rates[workers]:8.1f} games/s "
              f"({seconds[workers]:.2f} s; Ray start-up and warm-up {start_up:.1f} s, not counted)")
    efficiency = rates[2] / (2 * rates[1])
    print(f"scaling efficiency 1 -> 2 Ray workers: {efficiency:.2f} (goal >= {EFFICIENCY_GOAL})")
    for workers in (1, 2):
        overhead_ms = 1000 * (seconds[workers] - seconds[f"jobs {workers}"]) / args.games
        print(f"Ray overhead per game, {workers} worker{'s' * (workers > 1)} against --jobs {workers}: {overhead_ms:+.2f} ms")
    print(f"({args.games} games of {args.game} from seed {args.seed}, checks {args.checks}, best of {args.repeat} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
