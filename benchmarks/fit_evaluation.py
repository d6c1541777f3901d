#!/usr/bin/env python3
"""Fit the weights of a two-sided game's evaluation (``banneret_richard3.evaluation``,
``banneret_guiscard.evaluation``) and print them with how well they predict (run by hand; the
test suite never runs it).

    python benchmarks/fit_evaluation.py [--game richard3] [--games 400] [--seed 1] [--jobs 2] [--every 5] [--epsilons 0,0.1,0.3]
    python benchmarks/fit_evaluation.py --game guiscard --scenario "Open skirmish" --games 200

Plays ``--games`` games between two heuristic agents that each take a random move with a
probability taken per game in turn from ``--epsilons`` (by default 0, 0.1, 0.3, so the states
cover what a search's random rollouts reach; ``--epsilons 0``: the heuristic's own games,
what heuristic rollouts reach), samples every ``--every``-th state, labels it with the first
faction's result (1 a win, 0 a loss, 1/2 a draw, as the search agent scores them), and fits a
logistic regression (Newton's method, a small ridge) on the games of even index. Printed: the
weights to paste into ``WEIGHTS``, and the log-loss and accuracy on the games of odd index for
the fitted model, for the weights in use and for a coin (0.693 log-loss). The game's
evaluation module gives ``FEATURES``, ``WEIGHTS`` and ``features(state.data)``, each feature
written as the first faction's lead.
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import random
import sys
import time

import banneret
from banneret.agents import Seat, agent_seed
from banneret.ismcts import rewards_of_outcome

EPSILONS = "0,0.1,0.3"
RIDGE = 1e-3


def model(game: str):
    """The game's evaluation module."""
    return importlib.import_module(f"banneret_{game}.evaluation")


def play(job: tuple[str, str | None, int, int, float]) -> list[tuple[list[float], float]]:
    """One game: (features, the first faction's result) for every ``every``-th state before
    the end, each move random with probability ``epsilon``."""
    game, scenario, seed, every, epsilon = job
    registry = banneret.default_registry()
    heuristic = registry.agents(game)["heuristic"]
    state = banneret.new_game(game, seed=seed, scenario=scenario, registry=registry)
    evaluation = model(game)
    chooser = random.Random(seed)
    rows = []
    while not banneret.is_over(state):
        if state.step % every == 0:
            found = evaluation.features(state.data)
            rows.append([found[name] for name in evaluation.FEATURES])
        player = banneret.pending(state).players[0]
        seat = Seat(state, player)
        if chooser.random() < epsilon:
            action = seat.actions[chooser.randrange(len(seat.actions))]
        else:
            action = heuristic(game, player, agent_seed(seed, player, state.step)).choose(seat)
        banneret.apply(state, action)
    first = state.factions[0]
    result = rewards_of_outcome(banneret.outcome(state), state.factions)[first]
    return [(row, result) for row in rows]


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and positive definite)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(rows: list[tuple[list[float], float]], k: int) -> list[float]:
    """Logistic regression on ``k`` features by Newton's method with a small ridge."""
    w = [0.0] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            g, h = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                for j in range(k):
                    hess[i][j] += h * x[i] * x[j]
        for i in range(k):
            grad[i] += RIDGE * w[i]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def score(w: list[float], rows: list[tuple[list[float], float]]) -> tuple[float, float]:
    """Log-loss and accuracy of ``w`` on ``rows``."""
    loss = right = 0.0
    for x, y in rows:
        p = min(1 - 1e-12, max(1e-12, sigmoid(sum(wi * xi for wi, xi in zip(w, x)))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += 0.5 if y == 0.5 else float((p >= 0.5) == (y >= 0.5))  # a draw: half right either way
    return loss / len(rows), right / len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="richard3", help="a two-sided game with an evaluation module")
    parser.add_argument("--scenario", help="the scenario played (default: the game's first)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=5, help="sample every N-th state")
    parser.add_argument("--epsilons", default=EPSILONS, help="shares of random moves, one per game in turn")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    epsilons = [float(e) for e in args.epsilons.split(",")]
    jobs = [(args.game, args.scenario, args.seed + i, args.every, epsilons[(args.seed + i) % len(epsilons)])
            for i in range(args.games)]
    evaluation = model(args.game)
    names = evaluation.FEATURES
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(play, jobs, chunksize=4)
    train = [row for i, g in enumerate(games) if i % 2 == 0 for row in g]
    test = [row for i, g in enumerate(games) if i % 2 == 1 for row in g]
    w = fit(train, len(names))
    first = banneret.new_game(args.game, seed=args.seed, scenario=args.scenario).factions[0]
    results = sum(g[0][1] for g in games if g) / max(1, sum(1 for g in games if g))
    print(f"{args.games} games ({time.perf_counter() - start:.0f} s), {first} scored {results:.1%} (a draw a half); "
          f"{len(train)} training states, {len(test)} held out")
    print("WEIGHTS = {" + ", ".join(f'"{n}": {v:.4f}' for n, v in zip(names, w)) + "}")
    loss, accuracy = score(w, test)
    print(f"held out: log-loss {loss:.3f} (a coin: 0.693), accuracy {accuracy:.1%}")
    loss, accuracy = score([evaluation.WEIGHTS[name] for name in names], test)
    print(f"the weights in use, on the same states: log-loss {loss:.3f}, accuracy {accuracy:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
