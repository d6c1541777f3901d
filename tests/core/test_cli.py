"""The banneret command, driven through ``main(argv, registry)`` on toy games.

Terminal play is scripted by replacing the built-in ``input``. ``simulate --jobs 2`` uses
``--plugin toys`` (no injected registry), so worker processes can import the toy game.
"""

from __future__ import annotations

import json
import shlex
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
import toys

from banneret import Action, Game, GameInfo, Outcome, Pending, Scenario, hookimpl, load
from banneret.cli import main
from banneret.registry import BrokenPlugin, registry_from
from banneret.terminal import launcher
from banneret.types import GAME_OVER


# --- a one-player toy where undo is possible (no dice, same player keeps deciding) ---------

@attrs.define
class TallyData:
    picks: list[int]

    def clone(self) -> "TallyData":
        return TallyData(list(self.picks))


class Tally(Game):
    """Add 1 or 2 three times; a total of exactly 5 wins."""

    info = GameInfo(
        id="tally", name="Tally", version="1", description="Add 1 or 2, three times.",
        rules_summary="Reach exactly 5 in three additions.", factions=("solo",),
        min_players=1, max_players=1, scenarios=(Scenario("standard", "three additions"),),
        max_decisions=3,
    )

    def setup(self, state):
        return TallyData([])

    def start(self, state):
        pass

    def pending(self, state):
        if len(state.data.picks) == 3:
            return GAME_OVER
        return Pending(("solo",), "add", "Add 1 or 2")

    def legal_actions(self, state, player):
        return [Action(player, "add 1", "add", 1), Action(player, "add 2", "add", 2)]

    def apply(self, state, action):
        state.data.picks.append(action.args)
        state.emit(f"solo adds {action.args}, total {sum(state.data.picks)}")

    def outcome(self, state):
        total = sum(state.data.picks)
        return Outcome(("solo",) if total == 5 else (), f"total {total}")

    def view(self, state, player):
        return {"picks": list(state.data.picks)}

    def render(self, state, player):
        return f"[board] total {sum(state.data.picks)} after {len(state.data.picks)} picks"


class TallyPlugin:
    @hookimpl
    def banneret_games(self):
        return [Tally]


@pytest.fixture
def registry():
    return registry_from([toys, TallyPlugin()])


@pytest.fixture(autouse=True)
def keep_sys_path(monkeypatch):
    """--plugin puts the current folder on sys.path; keep that out of other tests."""
    monkeypatch.setattr(sys, "path", list(sys.path))


def script(monkeypatch, lines):
    """Answer input() with ``lines``, then raise EOFError as a closed stdin does."""
    answers = iter(lines)
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def run(capsys, argv, registry):
    code = main(argv, registry=registry)
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage_error(code, err, text):
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("banneret: error: ")
    assert text in err
    assert "Traceback" not in err


# --- list and info --------------------------------------------------------------------------------

def test_list_games_and_broken_plugins(capsys, registry):
    registry.broken.append(BrokenPlugin("ghost", "ImportError: no module named ghost"))
    code, out, _ = run(capsys, ["list"], registry)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Installed games:"
    assert lines[2].split() == ["duel", "Duel", "2", "Two", "players", "bid", "in", "secret;", "the", "loser", "may", "challenge."]
    assert lines[3].split()[:3] == ["tally", "Tally", "1"]
    assert "Broken plugins:" in lines
    assert lines[-1].split() == ["ghost", "ImportError:", "no", "module", "named", "ghost"]


def test_list_json(capsys, registry):
    registry.broken.append(BrokenPlugin("ghost", "ImportError: boom"))
    code, out, _ = run(capsys, ["list", "--json"], registry)
    assert code == 0
    data = json.loads(out)
    assert data["broken"] == [{"name": "ghost", "error": "ImportError: boom"}]
    assert [g["id"] for g in data["games"]] == ["duel", "tally"]
    assert data["games"][0] == {
        "id": "duel", "name": "Duel", "version": "1",
        "description": "Two players bid in secret; the loser may challenge.",
        "min_players": 2, "max_players": 2, "factions": ["north", "south"],
    }


def test_info_json(capsys, registry):
    code, out, _ = run(capsys, ["info", "duel", "--json"], registry)
    assert code == 0
    data = json.loads(out)
    assert data["factions"] == ["north", "south"]
    assert data["scenarios"] == [{"name": "standard", "description": "first to 3 points"}]
    assert data["options"] == [{"name": "target", "default": 3, "choices": [2, 3, 4, 5], "help": "points needed to win"}]
    assert data["variants"] == [] and data["agents"] == ["ismcts", "random"]
    assert data["sequence_of_play"][0] == "[1] round"
    assert data["sequence_of_play"][-1].startswith("[2.1] Skirmish")
    assert (data["min_players"], data["max_players"], data["max_decisions"]) == (2, 2, 200)
    assert data["coverage"] == ""


def test_info_text(capsys, registry):
    code, out, _ = run(capsys, ["info", "duel"], registry)
    assert code == 0
    assert out.splitlines()[0] == "Duel (duel), version 1"
    assert "  target = 3 (choices: 2, 3, 4, 5): points needed to win" in out.splitlines()
    assert "Agents (--seat FACTION=AGENT): ismcts, random" in out
    assert "    [1] SecretBids — Both players bid 1-3 in secret; the bids are revealed together." in out


def test_info_unknown_game(capsys, registry):
    code, _, err = run(capsys, ["info", "chess"], registry)
    assert_usage_error(code, err, "no game called 'chess' is installed (installed: duel, tally)")


def test_asking_for_a_broken_plugin_names_its_error(capsys, registry):
    registry.broken.append(BrokenPlugin("ghost", "ImportError: no module named ghost"))
    for argv in (["info", "ghost"], ["play", "ghost"], ["simulate", "ghost"]):
        code, _, err = run(capsys, argv, registry)
        assert_usage_error(code, err, "the plugin ghost is installed but did not load: ImportError: no module named ghost")


def test_help_has_examples(capsys):
    assert main(["--help"]) == 0
    assert "examples:" in capsys.readouterr().out
    assert main(["simulate", "--help"]) == 0
    assert "--max-turns T" in capsys.readouterr().out


# --- simulate -------------------------------------------------------------------------------------

def simulate_json(capsys, argv, registry=None):
    code, out, err = run(capsys, ["simulate", *argv, "--json"], registry)
    assert code == 0, err
    assert err == ""  # no progress bar with --json
    data = json.loads(out)
    for key in ("seconds", "games_per_second", "decisions_per_second"):
        assert isinstance(data.pop(key), (int, float))
    return data


def test_simulate_json_keys(capsys, registry):
    data = simulate_json(capsys, ["duel", "--games", "12", "--seed", "5"], registry)
    assert {"game", "games", "seed", "finished", "capped", "wins", "decisions",
            "invariant_violations", "errors", "mean_decisions", "events_by_kind"} <= data.keys()
    assert (data["game"], data["games"], data["seed"], data["finished"], data["errors"]) == ("duel", 12, 5, 12, 0)
    assert list(data["wins"]) == sorted(data["wins"])


def test_simulate_same_seed_same_output_for_any_jobs(capsys):
    argv = ["duel", "--plugin", "toys", "--games", "30", "--seed", "9"]
    one = simulate_json(capsys, [*argv, "--jobs", "1"])
    two = simulate_json(capsys, [*argv, "--jobs", "2"])
    assert one == two
    assert one["games"] == 30


def test_simulate_injected_registry_matches_plugin_module(capsys, registry):
    argv = ["duel", "--games", "10", "--seed", "2", "--max-turns", "2"]
    injected = simulate_json(capsys, argv, registry)
    by_module = simulate_json(capsys, [*argv, "--plugin", "toys", "--jobs", "2"])
    assert injected == by_module
    assert injected["capped"] + injected["finished"] == 10


def test_simulate_text(capsys, registry):
    code, out, _ = run(capsys, ["simulate", "duel", "--games", "3"], registry)
    assert code == 0
    assert out.splitlines()[0] == "duel: 3 games from seed 0 (standard; north random, south random)"
    assert "invariant violations: 0" in out
    code, out, _ = run(capsys, ["simulate", "duel", "--games", "1", "--option", "target=2"], registry)
    assert out.splitlines()[0] == "duel: 1 games from seed 0 (standard; target=2; north random, south random)"


# --- play -----------------------------------------------------------------------------------------

def test_play_with_undo_to_the_end(capsys, monkeypatch, registry):
    prompts = script(monkeypatch, ["add 2", "undo", "2", "2", "1"])
    code, out, _ = run(capsys, ["play", "tally", "--seed", "1"], registry)
    assert code == 0
    assert prompts == ["solo> "] * 5
    assert "Undone." in out
    assert "  · solo adds 2, total 4" in out
    lines = out.splitlines()
    assert lines[-2:] == ["[board] total 5 after 3 picks", "Game over: solo won (total 5)."]
    assert lines[0] == "Tally, scenario standard, seed 1. Seats: solo human."
    assert "solo: Add 1 or 2" in lines and "    1. add 1" in lines


def test_play_wrong_command_save_and_replay(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "duel.json"
    script(monkeypatch, ["17", "dance", "undo", "bid 3", "board", f"save {saved}", "quit"])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "4", "--seat", "south=random"], registry)
    assert code == 0
    assert "no action 17: choose 1-3, or type help" in out
    assert "no action or command 'dance': choose 1-3, type an action's label, or type help" in out
    assert "Cannot undo: nothing to undo" in out
    assert "  · north bids 3" in out
    assert f"Saved to {saved}." in out
    assert out.splitlines()[-1] == "Left the game."
    record = json.loads(saved.read_text())
    assert record["game"] == "duel" and record["seed"] == 4
    assert record["seats"] == {"north": "human", "south": "random"}
    # the computer seat bids first (it moves as soon as it may), then north's bid 3
    assert [(a["player"], a["action"][:3]) for a in record["actions"][:2]] == [("south", "bid"), ("north", "bid")]
    assert record["actions"][1]["action"] == "bid 3"

    # south's view of the replay hides north's bid until the reveal
    code, out, _ = run(capsys, ["replay", str(saved), "--as", "south"], registry)
    assert code == 0
    assert "2. north made a secret choice\n   · north has bid\n" in out
    assert "north bids 3" not in out and "(bid)" not in out
    assert "bids revealed: north 3" in out
    code, out, _ = run(capsys, ["replay", str(saved)], registry)
    assert code == 0 and "north: bid 3" in out and "   · north bids 3" in out
    assert out.splitlines()[-1].startswith("The game continues (step")


def test_save_takes_a_quoted_file_name(capsys, monkeypatch, registry, tmp_path):
    monkeypatch.chdir(tmp_path)
    script(monkeypatch, ['save "my game.json"', "save ''", "quit"])
    code, out, _ = run(capsys, ["play", "tally", "--seed", "3"], registry)
    assert code == 0 and "Saved to my game.json." in out
    assert "save needs a file name, for example: save mygame.json" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my game.json"]


def test_play_load_resumes(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "tally.json"
    script(monkeypatch, ["1", f"save {saved}", "quit"])
    assert run(capsys, ["play", "tally", "--seed", "3"], registry)[0] == 0
    script(monkeypatch, ["2", "2"])
    code, out, _ = run(capsys, ["play", "--load", str(saved)], registry)
    assert code == 0
    assert "Resuming at step 1" in out
    assert out.splitlines()[-1] == "Game over: solo won (total 5)."


def test_hot_seat_hides_simultaneous_choices(capsys, monkeypatch, registry):
    """Two humans bid in turn; neither bid is printed before the reveal, and before each
    person's view the screen (a terminal) is cleared until they press Enter."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    prompts = script(monkeypatch, ["", "bid 3", "", "bid 1", "quit"])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "1", "--seat", "south=human"], registry)
    assert code == 0
    assert prompts == [
        "Pass the screen to north, then press Enter. ", "north> ",
        "Pass the screen to south, then press Enter. ", "south> ",
        "south> ",  # south decides again (after the reveal): no one else saw the screen
    ]
    assert out.count("\033[2J\033[H") == 2
    assert "Bid 1, 2 or 3" not in out.split("\033[2J\033[H")[2].split("=== south")[0]  # north's menu is gone
    assert "=== north to decide (others, look away) ===" in out
    assert "=== south to decide (others, look away) ===" in out
    assert "north bids 3" not in out and "south bids 1" not in out
    before_south = out.split("=== south to decide")[1].split("south: Bid")[0]
    assert "'north': 'hidden'" in before_south
    assert "bids revealed: north 3, south 1" in out


def test_hot_seat_clears_no_screen_but_a_terminal(capsys, monkeypatch, registry):
    """Piped into a file or a program, hot-seat play writes no clear-screen codes; it still
    asks each person to take the screen."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    prompts = script(monkeypatch, ["", "bid 3", "", "bid 1", "quit"])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "1", "--seat", "south=human"], registry)
    assert code == 0
    assert "\033" not in out
    assert prompts[:3] == ["Pass the screen to north, then press Enter. ", "north> ",
                           "Pass the screen to south, then press Enter. "]
    assert "bids revealed: north 3, south 1" in out


def test_play_end_of_input_is_clean(capsys, monkeypatch, registry):
    script(monkeypatch, [])
    code, out, err = run(capsys, ["play", "tally"], registry)
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "Input ended: leaving the game."


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["play", "chess"], "no game called 'chess'"),
        (["play", "duel", "--seat", "east=random"], "duel has no faction 'east'"),
        (["play", "duel", "--seat", "south=genius"], "unknown kind of player 'genius' for south"),
        (["play", "duel", "--seat", "south"], "--seat takes FACTION=KIND, not 'south'"),
        (["play", "duel", "--seat", "south=random", "--seat", "south=ismcts"],
         "--seat gives south twice (random and ismcts): give it once"),
        (["play", "duel", "--option", "target=9"], "option target must be one of 2, 3, 4, 5, not 9"),
        (["play", "duel", "--option", "speed=3"], "duel has no option 'speed'"),
        (["play", "duel", "--option", "variant=fast"], "duel has no house-rule variant 'fast'"),
        (["play", "duel", "--players", "3"], "duel is played by 2 players, not 3"),
        (["play", "duel", "--scenario", "epic"], "duel has no scenario 'epic'"),
        (["play"], "name a game to play"),
        (["play", "--load", "/nonexistent/game.json"], "cannot read /nonexistent/game.json"),
        (["simulate", "duel", "--agent", "genius"], "unknown agent 'genius' for north"),
        (["simulate", "duel", "--seat", "north=human"], "computer players only"),
        (["replay", "/nonexistent/game.json"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, registry, argv, text):
    code, _, err = run(capsys, argv, registry)
    assert_usage_error(code, err, text)


def test_bad_save_file(capsys, registry, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    code, _, err = run(capsys, ["replay", str(bad)], registry)
    assert_usage_error(code, err, "this is not a Banneret save file")


def test_argparse_errors_exit_2(capsys, registry):
    assert main(["simulate", "duel", "--games", "-3"], registry=registry) == 2
    assert "expected a number of 0 or more" in capsys.readouterr().err
    assert main(["dance"], registry=registry) == 2


def test_replay_unknown_viewer(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "t.json"
    script(monkeypatch, ["1", f"save {saved}", "quit"])
    run(capsys, ["play", "tally"], registry)
    code, _, err = run(capsys, ["replay", str(saved), "--as", "north"], registry)
    assert_usage_error(code, err, "tally has no faction 'north' in play (factions: solo)")


# --- the launcher ---------------------------------------------------------------------------------

class FakeTTY:
    def isatty(self):
        return True


def test_launcher_needs_a_terminal(capsys, registry):
    code, out, err = run(capsys, [], registry)
    assert code == 2 and out == ""
    assert err.strip() == "banneret: the launcher needs an interactive terminal; use a command instead (banneret --help)"


def test_launcher_picks_game_options_seats_and_plays(capsys, monkeypatch, registry):
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    script(monkeypatch, ["duel", "target=12", "target=2", "", "", "random", "bid 1", "quit"])
    code, out, _ = run(capsys, [], registry)
    assert code == 0
    assert "  1. Duel (duel), 2 players: Two players bid in secret; the loser may challenge." in out
    assert "     Bid 1-3 in secret; higher bid scores; first to the target wins." in out
    assert "  2. Tally (tally), 1 player: Add 1 or 2, three times." in out
    assert "option target must be one of 2, 3, 4, 5, not 12" in out
    assert "Seats: north human, south random." in out
    assert "  · north bids 1" in out
    assert out.splitlines()[-1] == "Left the game."


def test_launcher_prints_the_command_that_starts_the_same_game_again(capsys, monkeypatch, registry, tmp_path):
    """Seed, options and a seat other than the default: the printed line has them all, and
    playing it starts a game set up the same way."""
    answers, shown = iter(["duel", "target=2", "", "", "human", "", "quit"]), []  # "": pass the screen
    assert launcher(registry, ask=lambda prompt: next(answers), out=shown.append, seed=41) == 0
    out = "\n".join(shown)
    again = "banneret play duel --seed 41 --option target=2 --seat south=human"
    assert f"Seed 41 (play this game again with: {again})." in out
    saved = tmp_path / "again.json"
    script(monkeypatch, ["quit"])
    code, _, _ = run(capsys, [*shlex.split(again)[1:], "--save", str(saved)], registry)
    record = json.loads(saved.read_text())
    assert code == 0 and (record["seed"], record["options"]["target"], record["seats"]) == (
        41, 2, {"north": "human", "south": "human"})


def test_launcher_end_of_input(capsys, monkeypatch, registry):
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    script(monkeypatch, [])
    code, out, err = run(capsys, [], registry)
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "Input ended: goodbye."


def test_launcher_quit_at_any_question(capsys, monkeypatch, registry):
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    for answers in (["quit"], ["duel", "QUIT"], ["duel", "", "Quit"]):  # the game, an option, a seat
        script(monkeypatch, answers)
        code, out, err = run(capsys, [], registry)
        assert code == 0 and err == ""
        assert out.splitlines()[-1] == "Goodbye."
        assert "Seed " not in out  # no game was started


def test_launcher_resumes_a_saved_game(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "t.json"
    script(monkeypatch, ["1", f"save {saved}", "quit"])
    run(capsys, ["play", "tally", "--seed", "3"], registry)
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    script(monkeypatch, ["dance", "load", f"load {tmp_path / 'missing.json'}", f"load {saved}", "board", "quit"])
    code, out, _ = run(capsys, [], registry)
    assert code == 0
    lines = out.splitlines()
    assert "(or load FILE to resume a saved game; web to play in the browser; quit to leave)" in lines
    assert "no choice 'dance': choose 1-2, type a name, load FILE, web, or quit" in lines
    assert "load needs a file name, for example: load mygame.json" in lines
    assert any(line.startswith("cannot read ") and "missing.json" in line for line in lines)
    assert "Tally, scenario standard, seed 3. Seats: solo human." in lines
    assert "Resuming at step 1 (type log to see more of what happened)." in lines
    assert lines[-1] == "Left the game."


# --- the installed console script -------------------------------------------------------------------

def test_console_script_lists_games():
    script_path = Path(sys.executable).with_name("banneret")
    found = str(script_path) if script_path.exists() else shutil.which("banneret")
    if found is None:
        pytest.skip("the banneret console script is not installed (pip install -e .)")
    done = subprocess.run([found, "list", "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"games", "broken"}
    names = {g["id"] for g in data["games"]} | {b["name"] for b in data["broken"]}
    assert {"hex_kingdoms", "richard3"} <= names  # each bundled game loads or is reported broken
    done = subprocess.run([found, "list"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_replay_step_waits_between_actions(capsys, monkeypatch, registry, tmp_path):
    """With --step (on a terminal) replay asks for Enter before each of the two actions."""
    from banneret.terminal import replay

    saved = tmp_path / "t.json"
    script(monkeypatch, ["2", "1", f"save {saved}", "quit"])
    run(capsys, ["play", "tally"], registry)
    prompts = script(monkeypatch, ["", ""])
    assert replay(str(saved), registry, step=True) == 0
    assert prompts == ["[Enter: action 1 of 2; q to stop] ", "[Enter: action 2 of 2; q to stop] "]
    out = capsys.readouterr().out.splitlines()
    assert out[1:5] == ["1. solo: add 2", "   · solo adds 2, total 2", "2. solo: add 1", "   · solo adds 1, total 3"]
    assert out[-2] == "[board] total 3 after 2 picks"
    script(monkeypatch, ["", "q"])
    assert replay(str(saved), registry, step=True) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == ["1. solo: add 2", "   · solo adds 2, total 2", "Replay stopped after 1 of 2 actions."]


class HeuristicPlugin:
    @hookimpl
    def banneret_agents(self, game_id):
        from banneret.agents import RandomAgent

        return {"heuristic": lambda game, faction, seed: RandomAgent(seed)} if game_id == "duel" else {}


def test_default_seats_prefer_the_heuristic_agent(capsys, monkeypatch):
    registry = registry_from([toys, HeuristicPlugin()])
    script(monkeypatch, [])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "1"], registry)
    assert code == 0
    assert out.splitlines()[0] == "Duel, scenario standard, seed 1. Seats: north human, south heuristic."


def test_save_option_keeps_a_finished_game_for_replay(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "done.json"
    script(monkeypatch, ["2", "2", "1"])
    code, out, _ = run(capsys, ["play", "tally", "--save", str(saved)], registry)
    assert code == 0
    assert out.splitlines()[-2:] == ["Game over: solo won (total 5).", f"Saved to {saved}."]
    code, out, _ = run(capsys, ["replay", str(saved), "--as", "solo"], registry)
    assert code == 0
    assert "3. solo: add 1" in out
    assert out.splitlines()[-1] == "Game over: solo won (total 5)."


def test_simulate_output_does_not_depend_on_the_hash_seed():
    """Two processes with different PYTHONHASHSEED print the same report (timing aside)."""
    import os

    script_path = Path(sys.executable).with_name("banneret")
    if not script_path.exists():
        pytest.skip("the banneret console script is not installed (pip install -e .)")
    here = Path(__file__).parent
    reports = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [str(script_path), "simulate", "duel", "--plugin", "toys", "--games", "20", "--jobs", "2", "--json"],
            capture_output=True, text=True, timeout=120, cwd=here, env=env,
        )
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        for key in ("seconds", "games_per_second", "decisions_per_second"):
            data.pop(key)
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["games"] == 20


# --- the decision screen --------------------------------------------------------------------------

def test_play_takes_ask_and_out_instead_of_input_and_print(capsys, registry):
    answers = iter(["2", "2", "1"])
    prompts, shown = [], []

    def ask(prompt):
        prompts.append(prompt)
        return next(answers)

    code = main(["play", "tally", "--seed", "1"], registry=registry, ask=ask, out=shown.append)
    assert code == 0
    assert capsys.readouterr().out == ""  # everything went through out
    assert prompts == ["solo> "] * 3
    assert shown[-1] == "Game over: solo won (total 5)."
    assert "  · solo adds 2, total 2" in shown


def test_board_command_shows_the_choices_again(capsys, monkeypatch, registry):
    script(monkeypatch, ["board", "quit"])
    code, out, _ = run(capsys, ["play", "tally", "--seed", "1"], registry)
    assert code == 0
    lines = out.splitlines()
    first = lines.index("solo: Add 1 or 2")
    again = lines.index("solo: Add 1 or 2", first + 1)  # after board: board, prompt and choices
    assert lines[again - 1] == "[board] total 0 after 0 picks"
    assert lines[again + 1:again + 3] == ["    1. add 1", "    2. add 2"]


def test_news_comes_after_the_board_just_above_the_choices(capsys, monkeypatch, registry):
    """What happened since the last decision is listed between the board and the prompt, so
    it stays on screen; a computer move nobody may read (south accepting the result) is not
    reported on its own when a later move of the same seat is."""
    script(monkeypatch, ["bid 3", "quit"])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "13", "--seat", "south=random"], registry)
    assert code == 0
    lines = out.splitlines()
    second = lines.index("north: Bid 1, 2 or 3 in secret", lines.index("north: Bid 1, 2 or 3 in secret") + 1)
    assert lines[second - 6:second] == [
        "",
        "{'score': {'north': 1, 'south': 0}, 'bids': {'south': 'hidden'}, 'revealed': [(3, 2)], 'round': 1}",
        "Since the last decision:",
        "  · north bids 3",
        "  · bids revealed: north 3, south 2",
        "  · south has bid",
    ]
    assert "has chosen" not in out


# --- saves from another version: the notice and migrate ---------------------------------------------

def aged_save(capsys, monkeypatch, registry, path):
    """A tally save as an older game version with other hashes would have written it."""
    script(monkeypatch, ["1", f"save {path}", "quit"])
    run(capsys, ["play", "tally", "--seed", "3"], registry)
    record = json.loads(path.read_text())
    record["game_version"] = "0.1"
    record["actions"][0]["hash"] = "0123456789abcdef"
    path.write_text(json.dumps(record))
    return record


def test_play_load_shows_a_one_line_notice_for_an_old_save(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "tally.json"
    aged_save(capsys, monkeypatch, registry, saved)
    script(monkeypatch, ["2", "2"])
    code, out, err = run(capsys, ["play", "--load", str(saved)], registry)
    assert code == 0 and err == ""
    notes = [line for line in out.splitlines() if line.startswith("note: ")]
    assert notes == [
        f"note: {saved}: this save was written by tally 0.1 and replays to other states from step 1 on "
        "under tally 1; banneret migrate FILE brings it up to date"
    ]
    assert out.splitlines()[-1] == "Game over: solo won (total 5)."


def test_launcher_shows_the_notice_when_loading(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "tally.json"
    aged_save(capsys, monkeypatch, registry, saved)
    monkeypatch.setattr(sys, "stdin", FakeTTY())
    script(monkeypatch, [f"load {saved}", "quit"])
    code, out, _ = run(capsys, [], registry)
    assert code == 0
    assert any(line.startswith(f"note: {saved}: this save was written by tally 0.1") for line in out.splitlines())


def test_migrate_rewrites_the_save(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "tally.json"
    aged_save(capsys, monkeypatch, registry, saved)
    code, out, err = run(capsys, ["migrate", str(saved), "--out", str(tmp_path / "new.json")], registry)
    assert code == 0 and err == ""
    assert out == f"{saved}: 1 step replayed (tally 0.1 -> 1); hashes rewritten from step 1 on; written to {tmp_path / 'new.json'}\n"
    assert json.loads(saved.read_text())["game_version"] == "0.1"  # --out leaves the original alone
    script(monkeypatch, ["2", "2"])
    code, out, _ = run(capsys, ["play", "--load", str(tmp_path / "new.json")], registry)
    assert code == 0 and "note: " not in out


def test_migrate_names_the_step_that_does_not_replay(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "tally.json"
    record = aged_save(capsys, monkeypatch, registry, saved)
    record["actions"][0]["action"] = "add 9"
    saved.write_text(json.dumps(record))
    before = saved.read_text()
    code, out, err = run(capsys, ["migrate", str(saved)], registry)
    assert_usage_error(code, err, "step 1 of the save does not replay: solo cannot 'add 9' now: it is not a legal action")
    assert out == "" and saved.read_text() == before


def test_the_number_of_players_is_taken_as_typed():
    """A typed 2 means two players (it was read as the second menu position: three)."""
    from banneret.terminal import _ask_players

    from banneret import default_registry

    info = default_registry().game("hex_kingdoms").info
    assert (info.min_players, info.max_players) == (2, 4)
    for typed, players in ((["2"], 2), (["4"], 4), ([""], 4), (["1", "5", "two", "3"], 3)):
        answers, prompts, said = iter(typed), [], []
        got = _ask_players(lambda p: (prompts.append(p), next(answers))[1], said.append, info)
        assert got == players
        assert prompts[0] == "Number of players (2, 3, 4) [4]: "
        assert said == ["type a number from 2 to 4, or quit"] * (len(typed) - 1)


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(capsys, monkeypatch, registry, tmp_path):
    script(monkeypatch, ["1", "quit"])
    code, out, err = run(capsys, ["play", "tally", "--save", str(tmp_path / "no" / "such" / "dir.json")], registry)
    assert code == 2 and out == ""
    assert err.startswith("banneret: error: cannot write ") and err.count("\n") == 1
    code, out, err = run(capsys, ["play", "tally", "--save", str(tmp_path)], registry)
    assert code == 2 and "it is a folder" in err


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this system")
@pytest.mark.parametrize("signame", ["SIGHUP", "SIGTERM"])
def test_the_game_is_saved_when_the_terminal_closes_or_the_process_is_stopped(signame, registry, tmp_path):
    """A player's --save survives a closed terminal (SIGHUP) and a polite kill (SIGTERM)."""
    saved = tmp_path / "kept.json"
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; from banneret.cli import main; sys.exit(main())", "play", "duel", "--plugin", "toys", "--seed", "3", "--seat", "south=random", "--save", str(saved)],
        cwd=Path(__file__).parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    first = child.stdout.readline()  # printed once the game runs (and the handlers are set)
    assert first.startswith("Duel, scenario standard, seed 3."), first
    child.send_signal(getattr(signal, signame))
    out, err = child.communicate(timeout=60)
    assert child.returncode == 128 + getattr(signal, signame).value, (out, err)
    assert f"Stopped by {signame}." in out and f"Saved to {saved}." in out
    state = load(saved, registry)
    assert state.game_id == "duel" and state.seed == 3


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the worker processes in /proc")
def test_ctrl_c_stops_a_batch_in_worker_processes_without_tracebacks():
    """Ctrl-C reaches the whole process group: the workers leave it to the parent, which
    stops the pool and says so in one line (workers used to print their tracebacks)."""
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; from banneret.cli import main; sys.exit(main())",
         "simulate", "richard3", "--games", "5000", "--jobs", "2"],
        start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 60
    while len(_children(child.pid)) < 2 and time.monotonic() < deadline:  # the workers are playing
        time.sleep(0.1)
    time.sleep(0.5)
    os.killpg(child.pid, signal.SIGINT)
    try:
        _, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        raise
    assert child.returncode == 130
    assert err.strip() == "banneret: interrupted"


def _children(pid: int) -> list[str]:
    """The process ids whose parent is ``pid`` (from /proc, so no tool is needed)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == str(pid):
                found.append(entry.name)
    return found


def test_a_very_long_value_is_cut_in_error_messages(capsys, registry):
    long = "x" * 500
    code, _, err = run(capsys, ["play", "duel", "--option", f"target={long}"], registry)
    assert code == 2 and err.count("\n") == 1
    assert f"'{'x' * 40}...' (500 characters)" in err and len(err) < 200
    code, _, err = run(capsys, ["play", "g" * 300], registry)
    assert err == f"banneret: error: no game called '{'g' * 40}...' (300 characters) is installed (installed: duel, tally)\n"


def test_short_values_are_quoted_whole():
    from banneret.errors import shorten_quoted

    assert shorten_quoted("no game called 'chess' is installed") == "no game called 'chess' is installed"
    assert shorten_quoted('bad "' + "y" * 79 + '"') == 'bad "' + "y" * 79 + '"'
    assert shorten_quoted('bad "' + "y" * 80 + '"') == 'bad "' + "y" * 40 + '..." (80 characters)'
