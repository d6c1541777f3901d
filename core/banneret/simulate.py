"""Batch playouts: many games between computer players, checked as they go.

Game ``i`` of a batch uses seed ``seed + i``; every faction is seated with an agent and
each agent draws from ``agent_seed(game_seed, faction)``, so a batch is reproducible and
each game is independent of the others. A batch can therefore be split among worker
processes and merged in game order: the report is the same for any number of jobs, apart
from its timing fields (:data:`TIMING_FIELDS`).

The plugin's invariants are checked after every step by default, or only on each game's
final state, or never (``checks``, see :data:`CHECKS`); broken invariants and exceptions
raised inside a game are counted (with the first few messages) and the batch goes on.
Exceptions are caught whatever ``checks`` says, and the games played are the same: only
the invariant counts depend on it.
Games stop when the game ends them (by its rules, or by a limit of its own such as a turn
limit option: the :class:`~banneret.types.Outcome` says which), or when the batch caps them
by ``max_turns`` (the game's own turn counter) or by the game's declared ``max_decisions``.
Each finished game's standings (rank and score per faction) are summed up per faction.

The figures come from a :class:`banneret.stats.GameStats` observer whose hooks the batch
calls itself (:func:`play_one` says why)::

    from banneret.simulate import simulate

    report = simulate("hex_kingdoms", games=200, seed=1, jobs=4)
    print(report.as_dict()["wins"])

Worker processes cannot receive a registry (it holds loaded modules), so each builds its
own: the installed plugins, or only the importable ``plugins`` modules named. A registry
passed in (tests, embedding applications) is used in this process, whatever ``jobs`` is.

With ``ray`` (a cluster's address, or :data:`banneret.cluster.LOCAL`) the chunks run as
Ray tasks instead of worker processes (:mod:`banneret.cluster`): the same chunk function,
the same merge in game order, so the same report; a chunk whose worker was lost is run
again and the report counts it (``rerun_chunks``, ``rerun_games``).
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import signal
import time
from typing import Any, Callable, Iterable, Mapping, Sequence

import attrs

from banneret import cluster, engine
from banneret.agents import Seat, agent_seed
from banneret.errors import OptionError, PluginError, SeatError
from banneret.names import pick
from banneret.hookspecs import StepContext
from banneret.registry import Registry, default_registry, registry_from
from banneret.stats import GameStats
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES, Standing

__all__ = [
    "Batch", "CHECKS", "GameResult", "Report", "TIMING_FIELDS", "make_batch", "play_one", "registry_for", "run_games", "simulate",
]

TIMING_FIELDS = ("seconds", "games_per_second", "decisions_per_second")
"""Report fields that vary from run to run; everything else is fixed by the seed."""

MESSAGES_KEPT = 5
"""How many invariant and error messages a report quotes."""

CHECKS = ("every", "end", "none")
"""When a batch runs the plugin's invariant checks: after every step (the default, and the
safe choice: a violation is reported at the step that caused it, and one that a later step
hides is still seen), once on each game's final state (finished or capped; a game stopped
by an error is not checked, its state may be half-changed), or never. Checking is most of a
random playout's time for a game with thorough invariants (Richard III: three quarters),
so ``end`` and ``none`` are for measuring balance or speed of rules already checked."""


@attrs.frozen
class Batch:
    """What to play: a picklable description handed to worker processes."""

    game: str
    seats: tuple[tuple[str, str], ...]  # every faction in play -> its agent
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    scenario: str | None = None
    players: int | None = None
    max_turns: int | None = None
    checks: str = "every"  # one of CHECKS

    def new_game(self, seed: int, registry: Registry, seated: bool = True) -> Any:
        return engine.new_game(
            self.game, seed, dict(self.seats) if seated else None, dict(self.options),
            self.scenario, self.players, registry=registry,
        )


@attrs.frozen
class GameResult:
    """How one game of a batch went."""

    index: int
    seed: int
    decisions: int
    turn: int
    finished: bool
    capped: str | None  # "turns" or "decisions" when cut off by a cap of the batch
    winners: tuple[str, ...] | None
    ended_by: str | None  # the outcome's ended_by: "rules" or "cap" (the game's own limit)
    standings: tuple[Standing, ...]
    score_name: str
    violations: int
    messages: tuple[str, ...]
    error: str | None


def registry_for(plugins: Sequence[str] = ()) -> Registry:
    """The installed plugins' registry, or one with only the named importable modules."""
    if not plugins:
        return default_registry()
    modules = []
    for name in plugins:
        try:
            modules.append(importlib.import_module(name))
        except Exception as exc:
            raise PluginError(f"cannot import plugin module {name!r}: {type(exc).__name__}: {exc}") from None
    return registry_from(modules)


def make_batch(
    registry: Registry,
    game: str,
    seed: int = 0,
    agent: str = "random",
    seats: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    players: int | None = None,
    max_turns: int | None = None,
    checks: str = "every",
) -> Batch:
    """Check a batch's set-up and seat every faction: ``agent`` unless ``seats`` names
    another. Raises the engine's error (bad game, option, seat, player count, ``checks``
    not one of :data:`CHECKS`) before any playout."""
    if checks not in CHECKS:
        raise OptionError(f"checks must be one of {', '.join(CHECKS)}, not {checks!r}")
    game = registry.game(game).info.id  # as the game spells it, for the seats' agents
    probe = engine.new_game(game, seed, None, options, scenario, players, registry=registry)
    kinds = registry.agents(game)
    chosen = {f: kinds.named(agent) for f in probe.factions}
    for typed, kind in (seats or {}).items():
        chosen[engine.seat_faction(game, probe.factions, typed)] = kinds.named(kind)
    for faction, kind in chosen.items():
        if kind not in kinds:
            hint = "simulate seats computer players only; " if pick(kind, (engine.HUMAN,)) else ""
            raise SeatError(f"unknown agent {kind!r} for {faction} ({hint}agents for {game}: {', '.join(kinds)})")
    # the options given, named and valued as the game has them (MAP=Reference: map=reference)
    given = engine.named_options(probe.game.info, options or {})
    batch = Batch(
        game, tuple(chosen.items()), seed, tuple(sorted((k, probe.options.get(k, v)) for k, v in given.items())),
        probe.scenario, len(probe.factions), max_turns, checks,
    )
    batch.new_game(seed, registry)  # the seats as the engine sees them
    return batch


def freeze_long_lived_objects() -> None:
    """Hand everything alive now (interpreter, plugins, their rule tables) to the collector's
    permanent generation, so its full collections stop re-scanning them.

    A long batch of games allocates millions of short-lived tuples and lists, and every full
    collection would walk the 45,000-odd start-up objects as well (about 3 % of a Richard
    III playout, measured in instructions; more the more modules the process has imported).
    Meant for processes that exist to play games (the ``simulate`` command, its workers, the
    benchmarks), after the plugins are loaded: frozen objects are never freed, so a library
    must not do this on its caller's behalf."""
    gc.collect()
    gc.freeze()


def _check_invariants(state: Any, where: str, messages: list[str]) -> int:
    """Run the plugin's invariant checks on ``state``: how many broke (the first few
    messages are added to ``messages``)."""
    broken = state.game.invariants(state)
    for text in broken[: max(0, MESSAGES_KEPT - len(messages))]:
        messages.append(f"{where} step {state.step}: {text}")
    return len(broken)


def play_one(batch: Batch, index: int, registry: Registry, stats: GameStats | None = None) -> GameResult:
    """Play game ``index`` of ``batch`` to its end or its cap, checking invariants as
    ``batch.checks`` says, and report the game to ``stats``'s observer hooks.

    ``stats`` is called directly, not registered on ``registry``: through the plugin
    manager its hooks add 15,000 instructions to each decision of a random Richard III
    game, whose playout takes 110,000 without them (observers that are registered still
    see the game through the engine)."""
    seed = batch.seed + index
    decisions = 0
    turn = 0
    violations = 0
    messages: list[str] = []
    capped: str | None = None
    where = f"game {index} (seed {seed})"
    try:
        state = batch.new_game(seed, registry)
        if stats is not None:
            stats.banneret_game_started(state=state)
        game = state.game
        factories = registry.agents(batch.game)
        agents = {f: factories[k](batch.game, f, agent_seed(seed, f)) for f, k in batch.seats}
        limit = game.info.max_decisions
        max_turns = batch.max_turns
        check_every_step = batch.checks == "every"
        while True:
            if check_every_step:
                violations += _check_invariants(state, where, messages)
            turn = game.turn(state)
            players = engine.pending(state).players
            if not players:
                break
            if max_turns is not None and turn > max_turns:
                capped = "turns"
                break
            if decisions >= limit:
                capped = "decisions"
                break
            player = players[0]
            action = agents[player].choose(Seat(state, player))
            events = engine.apply(state, action)
            decisions += 1
            if stats is not None:
                stats.banneret_action_applied(context=StepContext(state, action, events))
        if batch.checks == "end":
            violations += _check_invariants(state, where, messages)
        result = engine.outcome(state) if capped is None else None
        if result is None:
            return GameResult(index, seed, decisions, turn, False, capped, None, None, (), "", violations, tuple(messages), None)
        if stats is not None:
            stats.banneret_game_ended(state=state, outcome=result)
        return GameResult(
            index, seed, decisions, turn, True, None, tuple(result.winners), result.ended_by, tuple(result.standings),
            result.score_name, violations, tuple(messages), None,
        )
    except Exception as exc:  # a bug in one game must not stop the batch
        error = f"{where} step {decisions}: {type(exc).__name__}: {exc}"
        return GameResult(index, seed, decisions, turn, False, None, None, None, (), "", violations, tuple(messages), error)


def run_games(
    batch: Batch,
    indices: Iterable[int],
    registry: Registry,
    on_game: Callable[[GameResult], None] | None = None,
) -> tuple[list[GameResult], GameStats]:
    """Play the given games in this process, counted by a fresh statistics observer."""
    stats = GameStats()
    results = []
    for i in indices:
        result = play_one(batch, i, registry, stats)
        results.append(result)
        if on_game is not None:
            on_game(result)
    return results, stats


ChunkJob = tuple[Batch, tuple[str, ...], int, int]
"""A chunk to play: the batch, the plugin modules to load, and its range of game indices."""
ChunkResult = tuple[list[GameResult], dict[str, Any]]
"""A chunk's games, and their statistics as :meth:`GameStats.as_dict` gives them."""

_worker_registries: dict[tuple[str, ...], Registry] = {}


def _run_chunk(job: ChunkJob) -> ChunkResult:
    """Play one chunk in a worker (a process of ``jobs`` or a Ray task), its registry built
    once per worker."""
    batch, plugins, start, stop = job
    registry = _worker_registries.get(plugins)
    if registry is None:
        registry = _worker_registries[plugins] = registry_for(plugins)
        batch.new_game(batch.seed, registry)  # loads the game's tables
        freeze_long_lived_objects()  # a worker process exists only to play
    results, stats = run_games(batch, range(start, stop), registry)
    return results, stats.as_dict()


def _leave_interrupts_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Game ranges of about an eighth of a worker's share (at most 100 games): enough
    chunks that the workers finish together, few enough that handing them out costs little."""
    size = max(1, min(100, -(-games // (jobs * 8))))
    return [(a, min(a + size, games)) for a in range(0, games, size)]



@attrs.define
class Report:
    """The outcome of a batch (see :meth:`as_dict` for the figures)."""

    batch: Batch
    games: int
    results: list[GameResult]
    stats: GameStats
    seconds: float
    rerun_chunks: int = 0
    rerun_games: int = 0

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data; equal for equal batches except :data:`TIMING_FIELDS`.

        ``finished`` games reached an outcome: ``ended_by_rules`` by the game's rules,
        ``ended_by_cap`` by a limit of the game's own (a turn limit option). ``capped`` ones
        were cut off by the batch, by ``max_turns`` (``capped_by_turns``) or the declared
        ``max_decisions`` (``capped_by_decisions``), and have no outcome. ``wins``,
        ``draws`` (no winner, by the rules) and ``end_reasons`` count finished games only.
        ``standings`` gives, per faction, how often it took each rank and its mean rank and
        mean score over the finished games that rank factions (``score_name``: what the
        score counts). ``decisions`` is
        every applied action, errored games included; ``mean_turns`` is the mean of the
        game's turn counter when each game stopped. ``invariant_violations`` and ``errors``
        are counts, with the first few ``invariant_messages`` and ``error_messages``;
        ``checks`` says when the invariants were checked (:data:`CHECKS`), the one thing
        besides the timing fields that changes ``invariant_violations`` and its messages.
        ``rerun_chunks`` and ``rerun_games`` count the chunks (and their games) run again
        on Ray after their worker was lost: 0 unless a worker was lost, and the results are
        the same either way.
        """
        results = self.results
        decisions = self.stats.decisions
        seconds = self.seconds
        seats = dict(self.batch.seats)
        wins = {f: 0 for f in seats}
        wins.update(self.stats.wins)
        violations = sum(r.violations for r in results)
        messages = [m for r in results for m in r.messages][:MESSAGES_KEPT]
        errors = [r.error for r in results if r.error is not None]
        return {
            "game": self.batch.game,
            "games": self.games,
            "seed": self.batch.seed,
            "scenario": self.batch.scenario,
            "players": len(seats),
            "options": dict(sorted(self.batch.options)),
            "seats": dict(sorted(seats.items())),
            "max_turns": self.batch.max_turns,
            "checks": self.batch.checks,
            "finished": sum(r.finished for r in results),
            "capped": sum(r.capped is not None for r in results),
            "capped_by_turns": sum(r.capped == "turns" for r in results),
            "capped_by_decisions": sum(r.capped == "decisions" for r in results),
            "ended_by_rules": sum(r.ended_by == ENDED_BY_RULES for r in results),
            "ended_by_cap": sum(r.ended_by == ENDED_BY_CAP for r in results),
            "wins": dict(sorted(wins.items())),
            "draws": self.stats.draws,
            "end_reasons": dict(sorted(self.stats.end_reasons.items())),
            "score_name": next((r.score_name for r in results if r.score_name), ""),
            "standings": _standings(seats, results),
            "decisions": decisions,
            "mean_decisions": round(decisions / self.games, 3) if self.games else 0.0,
            "longest_game": max((r.decisions for r in results), default=0),
            "mean_turns": round(sum(r.turn for r in results) / self.games, 3) if self.games else 0.0,
            "decisions_by_faction": dict(sorted(self.stats.decisions_by_faction.items())),
            "actions_by_kind": dict(sorted(self.stats.actions_by_kind.items())),
            "events_by_kind": dict(sorted(self.stats.events_by_kind.items())),
            "invariant_violations": violations,
            "invariant_messages": messages,
            "errors": len(errors),
            "error_messages": errors[:MESSAGES_KEPT],
            "rerun_chunks": self.rerun_chunks,
            "rerun_games": self.rerun_games,
            "seconds": round(seconds, 3),
            "games_per_second": round(self.games / seconds, 1) if seconds > 0 else 0.0,
            "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else 0.0,
        }


def _standings(factions: Iterable[str], results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """Per faction: games ranked, games at each rank, mean rank and mean score (``None``
    when no finished game gave it one)."""
    out: dict[str, dict[str, Any]] = {}
    for faction in sorted(factions):
        mine = [s for r in results for s in r.standings if s.faction == faction]
        ranks: dict[str, int] = {}
        for s in sorted(mine, key=lambda s: s.rank):
            ranks[str(s.rank)] = ranks.get(str(s.rank), 0) + 1
        scores = [s.score for s in mine if s.score is not None]
        out[faction] = {
            "ranked": len(mine),
            "ranks": ranks,
            "mean_rank": round(sum(s.rank for s in mine) / len(mine), 3) if mine else None,
            "mean_score": round(sum(scores) / len(scores), 3) if scores else None,
        }
    return out


def simulate(
    game: str,
    games: int = 100,
    seed: int = 0,
    agent: str = "random",
    seats: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    players: int | None = None,
    max_turns: int | None = None,
    jobs: int = 1,
    registry: Registry | None = None,
    plugins: Sequence[str] = (),
    on_game: Callable[[int], None] | None = None,
    own_process: bool = False,
    checks: str = "every",
    ray: str | None = None,
) -> Report:
    """Play ``games`` games and report on them.

    Bad set-up (unknown game, agent or faction, bad option or player count) raises the
    engine's :class:`~banneret.errors.BanneretError` before anything is played. ``on_game``
    is called with the number of games finished so far (for a progress bar). With
    ``jobs > 1`` and no ``registry`` given, games run in ``jobs`` worker processes.
    ``own_process``: the calling process exists to run these games (the ``simulate``
    command), so :func:`freeze_long_lived_objects` may be used in it once all is set up.
    ``checks``: when to run the plugin's invariant checks (:data:`CHECKS`).
    ``ray``: run the games as Ray tasks on the cluster at this address, or on a Ray
    started for the run (:data:`banneret.cluster.LOCAL`); chunked for the cluster's CPUs,
    so ``jobs`` must be left at 1, and the workers build their registry from ``plugins``,
    so ``registry`` must be left out.
    """
    if games < 0:
        raise OptionError(f"the number of games must not be negative, not {games}")
    if max_turns is not None and max_turns < 0:
        raise OptionError(f"the turn cap must not be negative, not {max_turns}")
    if ray is not None and (jobs != 1 or registry is not None):
        raise OptionError("--ray and --jobs do not go together: on Ray the batch is shared out over the "
                          "cluster's CPUs (and its workers load the plugins by module name, not from a registry)")
    local = registry if registry is not None else registry_for(plugins)
    batch = make_batch(local, game, seed, agent, seats, options, scenario, players, max_turns, checks)
    if own_process:
        freeze_long_lived_objects()  # after make_batch: the game's tables are loaded
    started = time.perf_counter()
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if on_game is not None:
            on_game(done)

    jobs = max(1, min(jobs, games))
    if ray is None and (registry is not None or jobs == 1):
        results, stats = run_games(batch, range(games), local, lambda _r: tick(1))
        return Report(batch, games, results, stats, time.perf_counter() - started)
    parts: dict[int, ChunkResult] = {}

    def chunk_done(i: int, part: ChunkResult) -> None:
        parts[i] = part
        tick(len(part[0]))

    reruns: list[int] = []
    if ray is not None:
        with cluster.connected(ray) as ray_module:
            chunks = _chunk_jobs(batch, plugins, games, cluster.cluster_cpus(ray_module))
            reruns = cluster.run_chunks(ray_module, _run_chunk, chunks, chunk_done)
    else:
        chunks = _chunk_jobs(batch, plugins, games, jobs)
        # workers leave Ctrl-C to the parent, which stops the pool (a worker interrupted
        # mid-chunk would lose its task and leave the parent waiting for it)
        with multiprocessing.get_context().Pool(jobs, initializer=_leave_interrupts_to_the_parent) as pool:
            for i, part in enumerate(pool.imap(_run_chunk, chunks)):
                chunk_done(i, part)
    results, stats = [], GameStats()
    for i in range(len(chunks)):  # merged in game order, whatever order the chunks finished in
        part_results, counts = parts[i]
        results.extend(part_results)
        stats.merge(GameStats.from_dict(counts))
    rerun_games = sum(chunks[i][3] - chunks[i][2] for i in reruns)
    return Report(batch, games, results, stats, time.perf_counter() - started, len(reruns), rerun_games)


def _chunk_jobs(batch: Batch, plugins: Sequence[str], games: int, workers: int) -> list[ChunkJob]:
    return [(batch, tuple(plugins), a, b) for a, b in _chunks(games, workers)]
