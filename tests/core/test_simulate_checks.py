"""``simulate --checks every|end|none``: when the plugin's invariants are checked.

The same seed plays the same games whatever the checking, so a report differs between
the three only in ``checks``, the invariant counts and messages, and its timing fields.
A deliberately broken toy game (``double_score`` of ``broken_games``: a won bid scores
twice) shows violations counted under ``every`` and ``end`` and not under ``none``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import broken_games
import pytest
import toys

from banneret.cli import main
from banneret.errors import OptionError
from banneret.registry import default_registry, registry_from
from banneret.simulate import CHECKS, TIMING_FIELDS, simulate

CHECK_DEPENDENT = ("checks", "invariant_violations", "invariant_messages")


def without(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def reports_by_checks(game: str, games: int, seed: int, registry) -> dict[str, dict[str, Any]]:
    return {c: simulate(game, games=games, seed=seed, registry=registry, checks=c).as_dict() for c in CHECKS}


@pytest.mark.parametrize("game", ["hex_kingdoms", "richard3"])
def test_bundled_games_play_the_same_games_under_every_checking(game):
    """Wins, outcomes, decisions and every other count agree across the three modes on a
    fixed seed; only the field that says which checking was used differs (the bundled games
    break no invariant)."""
    reports = reports_by_checks(game, 6, 11, default_registry())
    assert [r["checks"] for r in reports.values()] == list(CHECKS)
    plain = [without(r, CHECK_DEPENDENT + TIMING_FIELDS) for r in reports.values()]
    assert plain[0] == plain[1] == plain[2]
    assert plain[0]["decisions"] > 0 and plain[0]["finished"] + plain[0]["capped"] == 6
    assert all(r["invariant_violations"] == 0 and r["errors"] == 0 for r in reports.values())


@pytest.fixture
def broken():
    return registry_from([toys, broken_games])


def test_a_broken_invariant_is_counted_under_every_and_end_but_not_none(broken):
    reports = reports_by_checks("double_score", 20, 3, broken)
    every, end, none = (reports[c] for c in CHECKS)
    assert without(every, CHECK_DEPENDENT + TIMING_FIELDS) == without(none, CHECK_DEPENDENT + TIMING_FIELDS)
    assert without(end, CHECK_DEPENDENT + TIMING_FIELDS) == without(none, CHECK_DEPENDENT + TIMING_FIELDS)
    # the doubled point stays on the board: a game that breaks the invariant at some step
    # still breaks it at its end, and every later step breaks it too
    assert every["invariant_violations"] > end["invariant_violations"] > 0
    assert (none["invariant_violations"], none["invariant_messages"]) == (0, [])
    assert every["invariant_messages"] and end["invariant_messages"]
    assert all(m.endswith("more points than rounds played") for m in every["invariant_messages"] + end["invariant_messages"])


def test_end_checks_each_game_once_on_its_final_state(broken):
    report = simulate("double_score", games=20, seed=3, registry=broken, checks="end")
    final_steps = {r.index: r.decisions for r in report.results}
    assert sum(r.violations for r in report.results) == report.as_dict()["invariant_violations"]
    assert all(r.violations <= 1 for r in report.results)  # one check, one broken rule at most
    for message in report.as_dict()["invariant_messages"]:
        index, step = map(int, re.match(r"game (\d+) \(seed \d+\) step (\d+): ", message).groups())
        assert step == final_steps[index]


def test_errors_are_caught_and_counted_whatever_the_checking(broken):
    """``crashing_apply`` raises inside its rules; no checking mode lets that stop the batch."""
    reports = reports_by_checks("crashing_apply", 6, 0, broken)
    counts = {c: (r["errors"], r["games"], r["error_messages"]) for c, r in reports.items()}
    assert counts["every"] == counts["end"] == counts["none"]
    assert counts["none"][0] > 0


def test_worker_processes_check_as_asked():
    one = simulate("double_score", games=16, seed=3, plugins=["toys", "broken_games"], checks="end").as_dict()
    two = simulate("double_score", games=16, seed=3, plugins=["toys", "broken_games"], checks="end", jobs=2).as_dict()
    assert without(one, TIMING_FIELDS) == without(two, TIMING_FIELDS)
    assert one["checks"] == "end" and one["invariant_violations"] > 0


def test_an_unknown_checking_is_refused_before_any_game(broken):
    with pytest.raises(OptionError, match="checks must be one of every, end, none, not 'sometimes'"):
        simulate("duel", games=2, registry=broken, checks="sometimes")


def test_the_command_takes_checks_and_says_which_was_used(capsys, broken):
    argv = ["simulate", "double_score", "--games", "10", "--seed", "3"]
    assert main([*argv, "--checks", "none", "--json"], registry=broken) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["checks"], data["invariant_violations"]) == ("none", 0)
    assert main([*argv, "--json"], registry=broken) == 0
    assert json.loads(capsys.readouterr().out)["checks"] == "every"  # the default
    assert main([*argv, "--checks", "end"], registry=broken) == 0
    out = capsys.readouterr().out
    assert re.search(r"invariant violations: [1-9]\d* \(checked on each game's final state only\)", out)
    assert main([*argv, "--checks", "none"], registry=broken) == 0
    assert "invariant violations: 0 (not checked: --checks none)" in capsys.readouterr().out
    assert main([*argv, "--checks", "often"], registry=broken) == 2
    assert "invalid choice: 'often'" in capsys.readouterr().err
