"""Option help speaks to players (issue 11's terminal items).

Every option of every installed game is explained in plain words first: what it changes and
what each choice means. Digest and rule references (C-08, A-03, 6.91 ...) mean nothing to a
player, so they may only close the help, in one trailing parenthesis.
"""

from __future__ import annotations

import re

import pytest

from banneret.cli import main
from banneret.game import OptionSpec
from banneret.registry import Registry

REGISTRY = Registry()
GAMES = sorted(REGISTRY.games())
OPTIONS = [(gid, o) for gid in GAMES for o in REGISTRY.game(gid).info.options]

STARTS_WITH_CODE = re.compile(r"^(?:[A-Z]-?\d|\d+\.\d)")
CODE = re.compile(r"\b(?:[A-Z]-\d+[a-z]?|\d+\.\d+)\b")
TRAILING_PARENTHESIS = re.compile(r"\s*\(([^()]*)\)$")
MAX_HELP = 200
# ``banneret info``: "  NAME = DEFAULT (choices: A, B): HELP" (no choices part for free values)
INFO_OPTION_LINE = re.compile(r"^  (\w+) = (\S+)(?: \(choices: [^)]*\))?: (.+)$")


def help_problems(help_text: str) -> list[str]:
    """What keeps ``help_text`` from speaking to a player (empty when it does)."""
    problems = []
    if STARTS_WITH_CODE.match(help_text):
        problems.append("starts with a code")
    if len(help_text) > MAX_HELP:
        problems.append(f"{len(help_text)} characters (at most {MAX_HELP})")
    body = TRAILING_PARENTHESIS.sub("", help_text)
    if found := CODE.findall(body):
        problems.append(f"codes outside the trailing parenthesis: {found}")
    return problems


def test_the_installed_games_declare_options() -> None:
    assert {"hex_kingdoms", "richard3"} <= set(GAMES)
    assert len(OPTIONS) >= 30


@pytest.mark.parametrize(("game_id", "option"), OPTIONS, ids=[f"{g}-{o.name}" for g, o in OPTIONS])
def test_option_help_speaks_to_players(game_id: str, option: OptionSpec) -> None:
    assert help_problems(option.help) == []
    # a named choice is explained by name; free numbers and on/off are said in words
    for choice in option.choices or ():
        if isinstance(choice, str):
            assert f"'{choice}'" in option.help, choice
    if isinstance(option.default, bool):
        assert "when on" in option.help.lower()


@pytest.mark.parametrize(
    "bad",
    [
        "C-08: which special hex lies in province 2",
        "6.91 / A-1: 'it' Kent and Salisbury",
        "Running = computed once (C-34) then momentum; recompute = each wave (A-03)",
        "Applies rule 13.9 to capitals. (digest)",
        "A long help. " * 20,
    ],
)
def test_the_check_catches_digest_style_help(bad: str) -> None:
    assert help_problems(bad)


def test_a_trailing_reference_is_allowed() -> None:
    assert help_problems("How many points a capital loses on a tie. (digest readings C-36, A-17)") == []


@pytest.mark.parametrize("game_id", GAMES)
def test_info_prints_each_option_with_its_player_help(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", game_id], registry=REGISTRY) == 0
    lines = capsys.readouterr().out.splitlines()
    start = lines.index("Options (--option NAME=VALUE):") + 1
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith("  "))
    printed = {}
    for line in lines[start:end]:
        match = INFO_OPTION_LINE.match(line)
        assert match, line
        assert help_problems(match[3]) == [], line
        printed[match[1]] = match[3]
    declared = REGISTRY.game(game_id).info.options
    assert printed == {o.name: o.help for o in declared}
