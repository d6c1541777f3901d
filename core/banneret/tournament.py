"""An arena: computer players against each other from every seat, with win rates and ratings.

The schedule (:func:`schedule`) is fair to every agent and seat. In a two-player game every
ordered pair of distinct agents meets: the first agent in the first seat, the second in the
second. In a game for more players each agent in turn takes each seat, and the other seats
(in seat order) go to the agents that follow it in the list, round-robin (with fewer agents
than seats an agent may hold more than one seat); a seating that comes out twice is played
once. Each pairing plays ``games`` games through
:func:`banneret.simulate.simulate`, all from the same seed (game ``i`` uses ``seed + i``), so
the pairings meet on the same dice and the results are the same for any number of jobs.

Ratings (:func:`elo_ratings`) fit a Bradley-Terry model to the pairwise results: in each
finished game, an agent in the winners beats every agent of another name outside them, and
two agents both in or both out of the winners draw (half a win each). The strengths are the
maximum-likelihood fit by Hunter's MM iteration, with one virtual draw added between every
two agents so that an agent that never lost still gets a finite rating (a weak prior: the
fit is the posterior mode); they are put on the Elo scale (400 points per factor of 10 in
odds) and shifted so the mean rating is 1500. Each rating's 95 % interval comes from the
curvature of the same log-likelihood, virtual draws included, at the fit (a Laplace
approximation, as in Coulom's BayesElo): finite and wider the fewer the games, also when
one agent won every game, where resampling the games (a bootstrap) would give every
resample the same fit and an interval of zero width. It counts each pairwise result as
independent; in games of more than two players they are not, so there it is somewhat narrow.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any, Callable, Sequence

import attrs

from banneret import cluster, engine
from banneret.errors import OptionError, SeatError
from banneret.registry import Registry
from banneret.simulate import registry_for, simulate
from banneret.stats import wilson_interval

__all__ = ["Pairing", "TournamentGame", "elo_ratings", "rating_intervals", "plot_ratings", "pyplot_for", "schedule", "tournament"]

ELO_MEAN = 1500.0
ELO_SCALE = 400.0 / math.log(10)  # rating points per unit of log-strength
Z_95 = 1.959964  # the standard normal's 97.5th percentile
CHECKS = "end"
"""Invariants are checked on each game's final state only: a tournament measures strength,
and checking after every step would be most of a random playout's time."""


@attrs.frozen
class Pairing:
    """One line of the schedule: which agent sits in each faction's seat."""

    seats: tuple[tuple[str, str], ...]  # faction -> agent, in seat order


@attrs.frozen
class TournamentGame:
    """One finished or unfinished game of a tournament, reduced to what the tables need."""

    seats: tuple[tuple[str, str], ...]
    winners: tuple[str, ...] | None  # factions; None when the game did not finish


def schedule(agents: Sequence[str], factions: Sequence[str]) -> list[Pairing]:
    """The pairings played (see the module's docstring for the scheme)."""
    if len(factions) == 2:
        return [Pairing(((factions[0], a), (factions[1], b))) for a in agents for b in agents if a != b]
    pairings = []
    for i, agent in enumerate(agents):
        for seat in range(len(factions)):
            others = iter(agents[(i + k) % len(agents)] for k in range(1, len(factions)))
            pairings.append(Pairing(tuple((f, agent if s == seat else next(others)) for s, f in enumerate(factions))))
    # the same seating can come out twice (x in seat 3 behind y, z is y in seat 1 before z, x):
    # it would replay the very same games and count them twice, so it is played once. What is
    # left stays fair: shifting every agent one place down the list maps it onto itself
    return list(dict.fromkeys(pairings))


def pairwise_scores(games: Sequence[TournamentGame], agents: Sequence[str]) -> dict[tuple[str, str], float]:
    """``(a, b) -> points a took from b``: a win is 1, a draw 0.5 (see the module docstring)."""
    scores = {(a, b): 0.0 for a in agents for b in agents if a != b}
    for game in games:
        if game.winners is None:
            continue
        for fa, a in game.seats:
            for fb, b in game.seats:
                if a == b:
                    continue
                won_a, won_b = fa in game.winners, fb in game.winners
                scores[a, b] += 1.0 if won_a and not won_b else 0.5 if won_a == won_b else 0.0
    return scores


def elo_ratings(scores: dict[tuple[str, str], float], agents: Sequence[str], iterations: int = 2000) -> dict[str, float]:
    """Bradley-Terry strengths fit to ``scores`` by Hunter's MM iteration, with one virtual
    draw per pair of agents, on the Elo scale with mean 1500."""
    won = {(a, b): scores.get((a, b), 0.0) + 0.5 for a in agents for b in agents if a != b}
    strength = {a: 1.0 for a in agents}
    for _ in range(iterations):
        updated = {}
        for a in agents:
            total_won = sum(won[a, b] for b in agents if b != a)
            weight = sum((won[a, b] + won[b, a]) / (strength[a] + strength[b]) for b in agents if b != a)
            updated[a] = total_won / weight
        mean_log = sum(math.log(s) for s in updated.values()) / len(agents)
        updated = {a: s / math.exp(mean_log) for a, s in updated.items()}
        converged = max(abs(updated[a] - strength[a]) for a in agents) < 1e-12
        strength = updated
        if converged:
            break
    return {a: ELO_MEAN + ELO_SCALE * math.log(strength[a]) for a in agents}


def rating_intervals(
    scores: dict[tuple[str, str], float], agents: Sequence[str], ratings: dict[str, float],
) -> dict[str, tuple[float, float]]:
    """The 95 % interval of each rating fit by :func:`elo_ratings` to ``scores``: the
    rating plus or minus 1.96 standard errors, from the Fisher information of the
    Bradley-Terry log-likelihood with the virtual draws, at the fit.

    Between agents a and b, with n comparisons (their points in ``scores`` plus the virtual
    draw's one) and p the fit's chance that a beats b, the information of the log-strengths
    gains n p (1 - p) on a's and b's diagonal and loses it off the diagonal. The ratings are
    centred (mean 1500), so their covariance is the information matrix's pseudo-inverse."""
    log_strength = {a: (ratings[a] - ELO_MEAN) / ELO_SCALE for a in agents}
    size = len(agents)
    information = [[0.0] * size for _ in agents]
    for i, a in enumerate(agents):
        for j in range(i + 1, size):
            b = agents[j]
            comparisons = scores.get((a, b), 0.0) + scores.get((b, a), 0.0) + 1.0
            p = 1.0 / (1.0 + math.exp(log_strength[b] - log_strength[a]))
            weight = comparisons * p * (1.0 - p)
            information[i][i] += weight
            information[j][j] += weight
            information[i][j] -= weight
            information[j][i] -= weight
    # the information's null space is the all-ones vector (shifting every rating alike):
    # pinv(I) = inverse(I + J/n) - J/n, with J the all-ones matrix
    shifted = [[x + 1.0 / size for x in row] for row in information]
    covariance = _inverse(shifted)
    out = {}
    for i, a in enumerate(agents):
        half = Z_95 * ELO_SCALE * math.sqrt(max(0.0, covariance[i][i] - 1.0 / size))
        out[a] = (ratings[a] - half, ratings[a] + half)
    return out


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix, by Gauss-Jordan elimination with partial
    pivoting (a tournament has a handful of agents; no numpy in the core)."""
    size = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [row[size:] for row in rows]


def _rate(won: float, played: int) -> dict[str, Any]:
    low, high = wilson_interval(won, played)
    return {
        "games": played, "wins": won, "win_rate": round(won / played, 4) if played else None,
        "wilson_low": round(low, 4), "wilson_high": round(high, 4),
    }


def tournament(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    scenario: str | None = None,
    jobs: int = 1,
    registry: Registry | None = None,
    plugins: Sequence[str] = (),
    on_game: Callable[[int, int], None] | None = None,
    ray: str | None = None,
) -> dict[str, Any]:
    """Play the schedule and report it as JSON-ready data.

    ``on_game(done, total)`` follows the games (for a progress bar). Bad input (unknown
    game or agent, fewer than two agents, ``games`` < 1) raises the engine's
    :class:`~banneret.errors.BanneretError` before anything is played. ``ray``: every
    pairing runs on that Ray cluster (see :func:`banneret.simulate.simulate`), connected
    once for the whole schedule."""
    if len(agents) < 2:
        raise OptionError(f"a tournament needs at least two agents, not {len(agents)}")
    if games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games}")
    local = registry if registry is not None else registry_for(plugins)
    game = local.game(game).info.id  # as the game spells it, for its agents
    probe = engine.new_game(game, seed, None, None, scenario, None, registry=local)
    kinds = local.agents(game)
    agents = [kinds.named(agent) for agent in agents]
    if len(set(agents)) != len(agents):
        raise OptionError(f"each agent may be listed once: {', '.join(agents)}")
    for agent in agents:
        if agent not in kinds:
            raise SeatError(f"unknown agent {agent!r} (agents for {game}: {', '.join(kinds)})")
    pairings = schedule(agents, probe.factions)
    total = len(pairings) * games
    played: list[TournamentGame] = []
    rerun_chunks = rerun_games = 0
    with contextlib.nullcontext() if ray is None else cluster.connected(ray):
        for pairing in pairings:
            before = len(played)
            report = simulate(
                game, games=games, seed=seed, seats=dict(pairing.seats), scenario=scenario, jobs=jobs,
                registry=registry, plugins=plugins, checks=CHECKS, ray=ray,
                on_game=None if on_game is None else (lambda done: on_game(before + done, total)),
            )
            played += [TournamentGame(pairing.seats, r.winners if r.finished else None) for r in report.results]
            rerun_chunks += report.rerun_chunks
            rerun_games += report.rerun_games
    summary = _summary(game, probe.scenario, list(agents), probe.factions, games, seed, played)
    return {**summary, "rerun_chunks": rerun_chunks, "rerun_games": rerun_games}


def _summary(
    game: str, scenario: str, agents: list[str], factions: Sequence[str], games: int, seed: int,
    played: Sequence[TournamentGame],
) -> dict[str, Any]:
    """Win rates per agent and per seat, pairwise scores and ratings."""
    finished = [g for g in played if g.winners is not None]
    per_agent: dict[str, dict[str, Any]] = {}
    for agent in agents:
        mine = [(f, g) for g in finished for f, a in g.seats if a == agent]
        won = sum(f in g.winners for f, g in mine if g.winners is not None)
        per_seat = {}
        for faction in factions:
            here = [g for f, g in mine if f == faction]
            per_seat[faction] = _rate(sum(faction in (g.winners or ()) for g in here), len(here))
        per_agent[agent] = {**_rate(won, len(mine)), "seats": per_seat}
    scores = pairwise_scores(finished, agents)
    ratings = elo_ratings(scores, agents)
    intervals = rating_intervals(scores, agents, ratings)
    return {
        "game": game,
        "scenario": scenario,
        "agents": agents,
        "games_per_pairing": games,
        "seed": seed,
        "checks": CHECKS,
        "pairings": [dict(g) for g in dict.fromkeys(g.seats for g in played)],
        "games": len(played),
        "finished": len(finished),
        "draws": sum(not g.winners for g in finished),
        "agents_table": per_agent,
        "pairwise": {f"{a} vs {b}": s for (a, b), s in scores.items()},
        "ratings": {
            a: {"elo": round(ratings[a], 1), "low": round(intervals[a][0], 1), "high": round(intervals[a][1], 1)}
            for a in agents
        },
    }


def pyplot_for(path: str) -> Any:
    """matplotlib's pyplot, set to draw files, once ``path``'s suffix (png or svg) is
    checked: called before the games so a missing matplotlib is said at once. matplotlib
    is optional (``pip install 'banneret[plot]'``)."""
    if not path.lower().endswith((".png", ".svg")):
        raise OptionError(f"--plot writes a .png or .svg file, not {path!r}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("--plot needs matplotlib: pip install 'banneret[plot]'") from None
    return plt


def plot_ratings(summary: dict[str, Any], path: str) -> None:
    """Draw each agent's rating with its 95 % interval to ``path`` (png or svg, by its
    suffix)."""
    plt = pyplot_for(path)
    ratings = summary["ratings"]
    names = list(ratings)
    elo = [ratings[a]["elo"] for a in names]
    below = [ratings[a]["elo"] - ratings[a]["low"] for a in names]
    above = [ratings[a]["high"] - ratings[a]["elo"] for a in names]
    figure, axes = plt.subplots(figsize=(6, 1 + 0.5 * len(names)))
    axes.errorbar(elo, range(len(names)), xerr=[below, above], fmt="o", capsize=4)
    axes.set_yticks(range(len(names)), names)
    axes.axvline(ELO_MEAN, color="grey", linewidth=0.5)
    axes.set_xlabel("rating (Elo scale, mean 1500; 95 % interval)")
    axes.set_title(f"{summary['game']}: {summary['games_per_pairing']} games per pairing, seed {summary['seed']}")
    figure.tight_layout()
    figure.savefig(path, format=path.rsplit(".", 1)[-1].lower())
    plt.close(figure)
