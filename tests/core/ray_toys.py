"""An agent for the duel toy that kills its Ray worker once, for the rerun tests of
test_ray (importable as a ``--plugin`` module beside ``toys``, which has the duel).

``crash_once:marker=NAME`` plays the first legal action, except that the first time any
worker with ``BANNERET_TEST_CRASH_DIR`` set (the test's Ray workers, never the test
process) reaches a decision, it creates the file NAME in that folder and ends its process
at once, as a worker lost mid-chunk would. The file is created atomically, so exactly one
attempt of one chunk dies, whichever worker gets there first.
"""

from __future__ import annotations

import os

from banneret import hookimpl

CRASH_DIR_ENV = "BANNERET_TEST_CRASH_DIR"


class CrashOnce:
    def __init__(self, marker: str) -> None:
        self.marker = marker

    def choose(self, seat):
        folder = os.environ.get(CRASH_DIR_ENV)
        if folder is not None:
            try:
                os.close(os.open(os.path.join(folder, self.marker), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                os._exit(1)  # no clean-up, no exception: the worker is simply gone
        return seat.actions[0]


class CrashOnceFactory:
    def __call__(self, game, faction, seed):
        raise ValueError("crash_once needs a marker: crash_once:marker=NAME")

    def configured(self, params: str):
        marker = params.removeprefix("marker=")
        return lambda game, faction, seed: CrashOnce(marker)


@hookimpl
def banneret_agents(game_id):
    return {"crash_once": CrashOnceFactory()} if game_id == "duel" else {}
