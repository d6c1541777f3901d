#!/usr/bin/env python3
"""Random playouts through the public API: how fast, and how much memory.

    python benchmarks/playouts.py GAME [--games N] [--seed S] [--scenario NAME]
    python benchmarks/playouts.py --toy                  # the core tests' toy game "duel"
    python benchmarks/playouts.py couriers --plugin docs/examples/couriers:banneret_couriers.plugin
    python benchmarks/playouts.py warrior_knights --players 4 --against richard3 --clock cpu

Every faction is seated with a ``banneret.RandomAgent``; game ``i`` uses seed ``S + i``.
Four passes, each over fresh games of the same seeds, so one measurement never disturbs
another:

1. throughput: games/s, decisions/s, decisions per game, median ms per whole game
   (``--median-game-ms`` prints only that figure, as one number, and stops); the same
   games are played ``--repeat`` times and the best and the median pass are shown, since
   on a shared machine one pass can lose a fifth of its speed to the neighbours;
   ``--against GAME`` plays a reference game's throughput pass after each of these, in the
   same process, and prints the ratio of the two decisions/s (of the best passes, and with
   ``--repeat`` the ratio of each pass to the reference's pass right after it, which met
   the same neighbours, with their median); ``--clock cpu`` times
   these passes in process CPU time, which a busy machine's neighbours do not inflate;
2. clone and apply: ``banneret.clone(state)`` and ``banneret.apply`` timed one call at a
   time (microseconds, mean and median), on the first ``--timed-games`` games;
3. memory: tracemalloc's peak of Python allocations while playing ``--trace-games``
   games one after the other (0 skips it);
4. the process's peak resident size (``resource.getrusage``), which includes the
   interpreter, the imports and all the passes above.

A game listed in ``SCENARIO`` is played on that scenario unless ``--scenario`` names
another; one listed in ``REFERENCE`` is also measured against another game's random
decisions/s in the same run (throughput pass only), since on a shared machine only figures
taken together compare: Guiscard (Open skirmish) must reach half of Richard III's.

Run by hand; the test suite never runs it.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Callable

from banneret.agents import Seat
import banneret
from banneret.agents import agent_seed
from banneret.registry import Registry, default_registry, registry_from
from banneret.simulate import freeze_long_lived_objects

ROOT = Path(__file__).resolve().parents[1]

TARGET_DECISIONS_PER_S = 50_000
TARGET_PEAK_MB_10K = 100
TARGET_RICHARD3_MEDIAN_MS = 100
SCENARIO: dict[str, str] = {}
"""The scenario a game is benchmarked on, when not its first (none now: Guiscard's first, its
default, is Open skirmish)."""
REFERENCE = {"guiscard": ("richard3", 0.5), "warrior_knights": ("richard3", 0.8)}
"""Game -> (reference game, least ratio of its decisions/s to the reference's, same run): the
reference is timed beside it unless ``--against`` names another."""


def load_plugin(spec: str):
    """``DIR:MODULE`` or ``MODULE``: import a plugin module, with DIR put on sys.path."""
    folder, sep, module = spec.rpartition(":")
    if sep and folder:
        path = Path(folder)
        sys.path.insert(0, str(path if path.is_absolute() else (Path.cwd() / path)))
    return importlib.import_module(module if sep else spec)


def build_registry(args: argparse.Namespace) -> tuple[Registry, str]:
    if args.toy:
        toys = load_plugin(f"{ROOT / 'tests' / 'core'}:toys")
        return registry_from([toys]), args.game or "duel"
    if not args.game:
        raise SystemExit("playouts: name a GAME (or use --toy)")
    if args.plugin:
        return registry_from([load_plugin(p) for p in args.plugin]), args.game
    return default_registry(), args.game


def playout(
    registry: Registry, game: str, seed: int, players: int | None, limit: int,
    on_step: Callable[[banneret.State, banneret.Action], None] | None = None, scenario: str | None = None,
) -> banneret.State:
    """One random game to its end; ``on_step`` replaces the plain ``apply`` when given."""
    state = banneret.new_game(game, seed=seed, players=players, registry=registry, scenario=scenario)
    agents = {f: banneret.RandomAgent(agent_seed(seed, f)) for f in state.factions}
    pending, apply = banneret.pending, banneret.apply
    while True:
        players_now = pending(state).players
        if not players_now:
            return state
        if state.step >= limit:
            raise SystemExit(f"playouts: {game} seed {seed} has not ended after {limit} decisions "
                             "(the declared max_decisions)")
        player = players_now[0]
        action = agents[player].choose(Seat(state, player))
        if on_step is None:
            apply(state, action)
        else:
            on_step(state, action)


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def _throughput_pass(
    registry: Registry, game: str, seeds: range, players: int | None, limit: int, scenario: str | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[int, float, list[float]]:
    """Play every seed once: (decisions, seconds for the whole pass, ms per game)."""
    decisions = 0
    game_ms: list[float] = []
    begin = clock()
    for seed in seeds:
        t0 = clock()
        state = playout(registry, game, seed, players, limit, scenario=scenario)
        game_ms.append((clock() - t0) * 1000)
        decisions += state.step
    return decisions, clock() - begin, game_ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-playout benchmark of a Banneret game.")
    parser.add_argument("game", nargs="?", help="game id (default with --toy: duel)")
    parser.add_argument("--games", type=int, default=1000, help="games in the throughput pass (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--players", type=int, default=None, help="number of players (default: the game's maximum)")
    parser.add_argument("--scenario", default=None,
                        help="scenario name (default: the game's entry in SCENARIO, else its first)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="throughput passes over the same games; the best and the median are shown (default 3)")
    parser.add_argument("--timed-games", type=int, default=200,
                        help="games in the clone/apply timing pass (default 200, at most --games)")
    parser.add_argument("--trace-games", type=int, default=None,
                        help="games played under tracemalloc (default: --games; 0 skips it)")
    parser.add_argument("--median-game-ms", action="store_true",
                        help="print only the median milliseconds per whole game (throughput pass) and stop")
    parser.add_argument("--no-gc-freeze", action="store_true",
                        help="leave the start-up objects to the garbage collector (banneret simulate freezes them)")
    parser.add_argument("--against", metavar="GAME",
                        help="also time GAME's random playouts (its default players, the same seeds), one pass "
                             "after each pass of the game measured, and print the ratio of their decisions/s")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="time the throughput passes in wall time (default) or in this process's CPU time")
    parser.add_argument("--toy", action="store_true", help="benchmark the core tests' toy game (duel)")
    parser.add_argument("--plugin", action="append", metavar="[DIR:]MODULE",
                        help="register only this plugin module (repeatable), e.g. "
                             "docs/examples/couriers:banneret_couriers.plugin")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    registry, game = build_registry(args)
    try:
        info = registry.game(game).info
    except banneret.BanneretError as exc:
        raise SystemExit(f"playouts: {exc}") from None
    limit = info.max_decisions
    seeds = range(args.seed, args.seed + args.games)
    scenario = args.scenario or SCENARIO.get(game)
    playout(registry, game, args.seed, args.players, limit, scenario=scenario)  # loads the game's tables
    no_reference = args.against or args.plugin  # --plugin: the installed reference is not registered
    against, least_ratio = (args.against, None) if no_reference else REFERENCE.get(game, (None, None))
    against_limit = 0
    if against:
        against_limit = registry.game(against).info.max_decisions
        playout(registry, against, args.seed, None, against_limit)
    if not args.no_gc_freeze:
        freeze_long_lived_objects()  # as `banneret simulate` does
    if not args.median_game_ms:
        gc_note = "start-up objects not frozen" if args.no_gc_freeze else "start-up objects frozen"
        on = f" of {scenario}" if scenario else ""
        print(f"{info.name} ({info.id} {info.version}), {args.games} random games{on} from seed {args.seed}"
              f"  [Python {platform.python_version()}, {platform.machine()}; {gc_note}]")

    # 1. throughput: the same games, --repeat times (with a reference game, each pass followed
    # by one of the reference game, so that both meet the same neighbours)
    clock = CLOCKS[args.clock]
    passes, against_passes = [], []
    for _ in range(args.repeat):
        passes.append(_throughput_pass(registry, game, seeds, args.players, limit, scenario, clock))
        if against:
            against_passes.append(_throughput_pass(registry, against, seeds, None, against_limit, None, clock))
    decisions = passes[0][0]
    best_s = min(elapsed for _, elapsed, _ in passes)
    median_s = statistics.median(elapsed for _, elapsed, _ in passes)
    median_ms = min(statistics.median(game_ms) for _, _, game_ms in passes)
    if args.median_game_ms:
        print(f"{median_ms:.3f}")
        return 0
    runs = f"best of {args.repeat} passes" if args.repeat > 1 else "one pass"
    runs += "; CPU time" if args.clock == "cpu" else ""
    print(f"  games/s                 {args.games / best_s:12,.1f}   ({runs})")
    print(f"  decisions/s             {decisions / best_s:12,.0f}   ({runs}; target >= {TARGET_DECISIONS_PER_S:,} on one core)")
    if args.repeat > 1:
        print(f"  decisions/s, median     {decisions / median_s:12,.0f}   (median pass; every pass: "
              + ", ".join(f"{decisions / elapsed:,.0f}" for _, elapsed, _ in passes) + ")")
    print(f"  decisions per game      {decisions / args.games:12,.1f}   (mean; declared bound {limit:,})")
    game_target = f"; target <= {TARGET_RICHARD3_MEDIAN_MS} ms" if game == "richard3" else ""
    print(f"  median game ms          {median_ms:12,.3f}   (whole game incl. set-up, {runs}{game_target})")
    if against:
        against_rate = against_passes[0][0] / min(elapsed for _, elapsed, _ in against_passes)
        target = f"; target >= {least_ratio}" if least_ratio else ""
        print(f"  {against + ' decisions/s':23s} {against_rate:12,.0f}   ({runs}, passes interleaved with the above)")
        print(f"  ratio to {against:14s} {decisions / best_s / against_rate:12.2f}   (decisions/s of {game} / {against}{target})")
        if args.repeat > 1:  # each pass against the reference's pass right after it: the same neighbours
            pairs = [(decisions / elapsed) / (ref_decisions / ref_elapsed)
                     for (_, elapsed, _), (ref_decisions, ref_elapsed, _) in zip(passes, against_passes)]
            print(f"  ratio, median pair      {statistics.median(pairs):12.2f}   (each pass over the {against} pass "
                  "after it: " + ", ".join(f"{r:.2f}" for r in pairs) + ")")

    # 2. clone and apply, one call at a time
    clone_ns: list[int] = []
    apply_ns: list[int] = []
    clock = time.perf_counter_ns

    def timed_step(state: banneret.State, action: banneret.Action) -> None:
        t0 = clock()
        banneret.clone(state)
        t1 = clock()
        banneret.apply(state, action)
        t2 = clock()
        clone_ns.append(t1 - t0)
        apply_ns.append(t2 - t1)

    for seed in seeds[: max(1, min(args.timed_games, args.games))]:
        playout(registry, game, seed, args.players, limit, timed_step, scenario)
    print(f"  clone(state) us         {statistics.fmean(clone_ns) / 1000:12,.2f}   "
          f"(mean; median {statistics.median(clone_ns) / 1000:,.2f}; {len(clone_ns):,} calls)")
    print(f"  apply(state, action) us {statistics.fmean(apply_ns) / 1000:12,.2f}   "
          f"(mean; median {statistics.median(apply_ns) / 1000:,.2f}; legal_actions not included)")

    # 3. tracemalloc peak over a sequence of games
    trace = args.games if args.trace_games is None else args.trace_games
    if trace > 0:
        tracemalloc.start()
        for seed in range(args.seed, args.seed + trace):
            playout(registry, game, seed, args.players, limit, scenario=scenario)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  tracemalloc peak MB     {peak / 1e6:12,.2f}   (Python allocations while playing {trace:,} games; "
              f"target <= {TARGET_PEAK_MB_10K} MB for 10,000)")

    # 4. whole-process peak
    try:
        import resource

        maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        rss_mb = maxrss / 1e6 if sys.platform == "darwin" else maxrss * 1024 / 1e6  # bytes on macOS, KiB elsewhere
        print(f"  maxrss MB (process)     {rss_mb:12,.1f}   (peak resident size of this whole run)")
    except ImportError:  # Windows
        print("  maxrss MB (process)              n/a   (no resource module on this platform)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
