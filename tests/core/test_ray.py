"""``simulate`` and ``tournament`` on Ray (``--ray``): the same report as ``--jobs 1``, the
progress as chunks complete, a lost worker's chunk rerun and counted, and the error when
Ray is not installed.

One local Ray serves the module (two CPUs, started once: a start costs seconds). Its
workers see this folder on their import path, for the ``toys`` and ``ray_toys`` plugin
modules, and ``BANNERET_TEST_CRASH_DIR``, where ``ray_toys``'s agent marks its one crash.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import sys

import pytest

from banneret.cli import main
from banneret.cluster import LOCAL
from banneret.simulate import TIMING_FIELDS, simulate
from ray_toys import CRASH_DIR_ENV

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="Ray is not installed (pip install 'banneret[cluster]')",
)
RUN_FIELDS = (*TIMING_FIELDS, "rerun_chunks", "rerun_games")


@pytest.fixture(scope="module")
def local_ray(tmp_path_factory):
    import ray

    crash_dir = tmp_path_factory.mktemp("ray-crashes")
    env = {"PYTHONPATH": os.path.dirname(__file__), CRASH_DIR_ENV: str(crash_dir)}
    # "local": a new Ray even where `ray start` once ran (ray.init alone would try to join it)
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING, runtime_env={"env_vars": env})
    yield ray
    ray.shutdown()


def without(report: dict, fields=TIMING_FIELDS) -> dict:
    return {k: v for k, v in report.items() if k not in fields}


@needs_ray
@pytest.mark.parametrize("game", ["hex_kingdoms", "richard3"])
def test_ray_gives_the_report_of_one_job_with_progress_as_chunks_complete(local_ray, game):
    ticks: list[int] = []
    on_ray = simulate(game, games=5, seed=11, ray=LOCAL, on_game=ticks.append)
    one_job = simulate(game, games=5, seed=11, jobs=1)
    assert without(on_ray.as_dict()) == without(one_job.as_dict())
    assert on_ray.as_dict()["rerun_chunks"] == 0
    assert [r.index for r in on_ray.results] == list(range(5))
    assert ticks == list(range(1, 6))  # 2 CPUs: chunks of one game, counted as each completes


@needs_ray
def test_tournament_on_ray_gives_the_results_of_one_job(local_ray, capsys):
    argv = ["tournament", "richard3", "--agents", "random,heuristic", "--games", "3", "--seed", "4", "--json"]
    assert main(argv) == 0
    one_job = json.loads(capsys.readouterr().out)
    assert main([*argv, "--ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert on_ray == one_job
    assert on_ray["games"] == 6 and on_ray["rerun_chunks"] == 0


@needs_ray
def test_a_chunk_whose_worker_dies_is_rerun_and_counted(local_ray):
    plugins = ("toys", "ray_toys")
    agent = "crash_once:marker=api"
    on_ray = simulate("duel", games=20, seed=2, agent=agent, plugins=plugins, ray=LOCAL).as_dict()
    assert (on_ray["rerun_chunks"], on_ray["rerun_games"]) == (1, 2)  # 20 games on 2 CPUs: chunks of 2
    one_job = simulate("duel", games=20, seed=2, agent=agent, plugins=plugins).as_dict()
    assert (one_job["rerun_chunks"], one_job["rerun_games"]) == (0, 0)
    assert without(on_ray, RUN_FIELDS) == without(one_job, RUN_FIELDS)
    assert on_ray["finished"] == 20


@needs_ray
def test_the_text_report_says_which_chunks_were_rerun(local_ray, capsys):
    argv = ["simulate", "duel", "--games", "6", "--plugin", "toys", "--plugin", "ray_toys",
            "--agent", "crash_once:marker=cli"]
    assert main([*argv, "--ray"]) == 0
    out = capsys.readouterr().out
    assert "  rerun after a lost Ray worker: 1 chunk (1 game); the results are those of a run without loss" in out
    assert main(argv) == 0
    assert "rerun" not in capsys.readouterr().out


def test_without_ray_installed_the_error_names_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    for command in (["simulate", "richard3", "--games", "2"], ["tournament", "richard3", "--agents", "random,heuristic"]):
        assert main([*command, "--ray"]) == 2
        err = capsys.readouterr().err
        assert err == "banneret: error: --ray needs Ray, an optional extra: pip install 'banneret[cluster]'\n"


def test_ray_takes_neither_jobs_nor_a_registry(capsys):
    assert main(["simulate", "richard3", "--games", "2", "--jobs", "2", "--ray"]) == 2
    assert "--ray and --jobs do not go together" in capsys.readouterr().err


class FakeRay:
    """Stands in for the ``ray`` module to see what ``connected`` asks of it."""

    def __init__(self, refuse: bool = False) -> None:
        self.refuse, self.calls = refuse, []

    def is_initialized(self):
        return False

    def init(self, address, **settings):
        self.calls.append(("init", address, settings))
        if self.refuse:
            raise ConnectionError("Failed to connect to Ray cluster at " + address)

    def shutdown(self):
        self.calls.append(("shutdown",))


def test_an_address_is_handed_to_ray_and_a_ray_started_here_is_stopped(monkeypatch):
    from banneret.cluster import ClusterError, connected

    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr("banneret.cluster.check_reachable", lambda address: None)  # no host "head" here
    with connected("ray://head:10001") as ray:
        assert ray is fake
    (_, address, settings), shutdown = fake.calls
    assert address == "ray://head:10001" and "runtime_env" not in settings and shutdown == ("shutdown",)
    fake.calls.clear()
    with connected(LOCAL):
        pass
    (_, address, settings), _ = fake.calls
    assert address == "local"  # Ray's own word for a new Ray on this machine
    assert settings["runtime_env"]["env_vars"]["PYTHONPATH"].split(os.pathsep) == [p for p in sys.path if p]
    refused = FakeRay(refuse=True)
    monkeypatch.setitem(sys.modules, "ray", refused)
    with pytest.raises(ClusterError, match="cannot reach the Ray cluster at 'head:6379'"):
        with connected("head:6379"):
            pass
    assert [c[0] for c in refused.calls] == ["init"]  # nothing started, nothing to stop


def test_an_address_where_nothing_listens_is_refused_at_once(monkeypatch):
    """ray.init would wait without end for a cluster that is not there."""
    import socket

    from banneret.cluster import ClusterError, connected

    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # a port nothing listens on
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(ClusterError, match=f"cannot reach the Ray cluster at '{re.escape(address)}': nothing answers"):
            with connected(address):
                pass
    assert fake.calls == []  # Ray was never asked
