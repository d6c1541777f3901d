"""Batches on a Ray cluster: the chunks of :mod:`banneret.simulate` run as Ray tasks.

Ray is an optional extra (``pip install 'banneret[cluster]'``) and is imported only when a
batch asks for it. ``address`` is a running cluster's address (anything ``ray.init``
takes, e.g. ``auto`` or ``ray://head:10001``), or :data:`LOCAL` for a Ray started on this
machine for the run. A process that already called ``ray.init`` keeps its Ray: the batch
runs there and leaves it running.

Each chunk is one task running :func:`banneret.simulate._run_chunk`, the same function the
worker processes of ``--jobs`` run. Ray's own retries are turned off so that a lost worker
is seen here: a chunk whose worker died (crashed, killed, out of memory, its node gone) is
submitted again, up to :data:`RERUNS_PER_CHUNK` times, and counted; games are independent
and seeded by their index, so a rerun chunk gives the results it would have given. An
exception raised by the chunk's own code is a bug, not a lost worker: it is raised here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
from typing import Any, Callable, Iterator, Sequence, TypeVar

from banneret.errors import BanneretError

__all__ = ["ClusterError", "LOCAL", "RERUNS_PER_CHUNK", "connected", "cluster_cpus", "import_ray", "run_chunks"]

LOCAL = "local"
"""The address meaning: start a Ray on this machine for the run (``--ray`` given alone)."""

RERUNS_PER_CHUNK = 3
"""How often a chunk whose worker was lost is submitted again before the batch fails."""

INSTALL_HINT = "pip install 'banneret[cluster]'"


class ClusterError(BanneretError):
    """Ray cannot run the batch: not installed, the cluster unreachable, or a chunk's
    workers lost again and again."""

Job = TypeVar("Job")
Result = TypeVar("Result")


def import_ray() -> Any:
    """The ``ray`` module, or a clear error naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise ClusterError(f"--ray needs Ray, an optional extra: {INSTALL_HINT}") from None
    return ray


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once an address ``HOST:PORT`` (or ``ray://HOST:PORT``) where nothing
    listens: ``ray.init`` would wait for it without end."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit() or not host:
        return  # "auto" and the like: Ray finds the cluster itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address!r}: nothing answers there "
                           f"({exc.strerror or exc}); is it started (ray start --head)?") from None


@contextlib.contextmanager
def connected(address: str) -> Iterator[Any]:
    """Ray, connected to ``address`` for the duration (see the module docstring); yields
    the ``ray`` module. A local Ray started here gets this process's import path, so its
    workers import the plugin modules this process imports (``--plugin``)."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    settings: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address == LOCAL:
        path = os.pathsep.join(p for p in sys.path if p)
        settings.update(include_dashboard=False, runtime_env={"env_vars": {"PYTHONPATH": path}})
    else:
        check_reachable(address)
    try:
        ray.init(address=address, **settings)
    except (ConnectionError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Ray cluster at {address!r}: {exc}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def cluster_cpus(ray: Any) -> int:
    """How many tasks the cluster runs at once (its CPUs), for sizing the chunks."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _lost_worker_errors(ray: Any) -> tuple[type[BaseException], ...]:
    """The errors that say a task's worker or node went away, not that its code failed."""
    names = ("WorkerCrashedError", "NodeDiedError", "LocalRayletDiedError", "ObjectLostError", "OutOfMemoryError")
    return tuple(getattr(ray.exceptions, n) for n in names if hasattr(ray.exceptions, n))


def run_chunks(
    ray: Any,
    run: Callable[[Job], Result],
    jobs: Sequence[Job],
    on_done: Callable[[int, Result], None],
) -> list[int]:
    """Run ``run(job)`` for every job as a Ray task; ``on_done(i, result)`` is called as
    each job ``i`` completes, in completion order. Returns the indices of the jobs rerun
    after a lost worker (one entry per rerun)."""
    task = ray.remote(max_retries=0)(run)
    lost = _lost_worker_errors(ray)
    pending = {task.remote(job): i for i, job in enumerate(jobs)}
    reruns: list[int] = []
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        i = pending.pop(ready[0])
        try:
            result = ray.get(ready[0])
        except lost as exc:
            if reruns.count(i) >= RERUNS_PER_CHUNK:
                raise ClusterError(f"chunk {i} lost its Ray worker {RERUNS_PER_CHUNK + 1} times: {exc}") from None
            reruns.append(i)
            pending[task.remote(jobs[i])] = i
            continue
        on_done(i, result)
    return reruns
