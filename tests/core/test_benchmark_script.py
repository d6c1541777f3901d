"""benchmarks/playouts.py runs and reports what its README promises (figures not judged)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import playouts  # noqa: E402


def test_the_throughput_pass_is_repeated_and_every_pass_shown(capsys: pytest.CaptureFixture[str]) -> None:
    assert playouts.main(["--toy", "--games", "4", "--repeat", "3", "--timed-games", "1", "--trace-games", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"decisions/s +[\d,]+ +\(best of 3 passes; target >= 50,000", out)
    every = re.search(r"every pass: ([\d, ]+)\)", out)
    assert every and len(every.group(1).split(", ")) == 3
    best = int(re.search(r"decisions/s +([\d,]+) ", out).group(1).replace(",", ""))
    assert best == max(int(x.replace(",", "")) for x in every.group(1).split(", "))


def test_a_single_pass_says_so_and_a_zero_repeat_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert playouts.main(["--toy", "--games", "2", "--repeat", "1", "--timed-games", "1", "--trace-games", "0"]) == 0
    out = capsys.readouterr().out
    assert "(one pass; target" in out and "every pass" not in out
    assert "(whole game incl. set-up, one pass)" in out  # the game-time target is Richard III's only
    with pytest.raises(SystemExit):
        playouts.main(["--toy", "--repeat", "0"])
    assert "--repeat must be at least 1" in capsys.readouterr().err
