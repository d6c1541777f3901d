"""Names typed in any case: game ids, factions, agents, options and their word values,
variants, replay viewers and launcher answers all go through ``banneret.names.pick``."""

from __future__ import annotations

import json
import types

import attrs
import pytest
import toys

import banneret
from banneret import OptionSpec, hookimpl
from banneret.agents import RandomAgent
from banneret.cli import main
from banneret.names import loose, pick
from banneret.registry import registry_from
from banneret.simulate import simulate
from banneret.terminal import launcher
from banneret.tournament import tournament


class WordDuel(toys.Duel):
    """The toy duel with an option whose values are words."""

    info = attrs.evolve(
        toys.Duel.info, id="word_duel", name="Word duel",
        options=(*toys.Duel.info.options,
                 OptionSpec("pace", "slow", "how fast the duel goes", choices=("slow", "fast_lane"))),
    )

    def setup(self, state):
        if state.options["pace"] == "fast_lane" and state.options["target"] == 5:
            raise banneret.OptionError("a fast-lane duel is played to 4 points at most")
        return super().setup(state)


def _agents(game_id):
    return {"heuristic": lambda game, faction, seed: RandomAgent(seed)}


SHORT = banneret.Variant("word_duel", "short", "first to 2 points", lambda rules, options: rules.update(target=2))
WORDS = types.SimpleNamespace(
    __name__="word_duel_plugin",
    banneret_games=hookimpl(lambda: [WordDuel]),
    banneret_agents=hookimpl(_agents),
    banneret_variants=hookimpl(lambda game_id: [SHORT] if game_id == "word_duel" else []),
)


@pytest.fixture
def registry():
    return registry_from([toys, WORDS])


def run(capsys, argv, registry):
    code = main(argv, registry=registry)
    out, err = capsys.readouterr()
    return code, out, err


def script(monkeypatch, lines):
    answers = iter(lines)

    def fake_input(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


def test_pick_exact_then_the_one_loose_match():
    assert loose("  Open_Skirmish-2 ") == "open skirmish 2"
    assert pick("york", ["york", "York"]) == "york"  # the exact name wins
    assert pick("YORK", ["york", "lancaster"]) == "york"
    assert pick("hex-kingdoms", ["hex_kingdoms"]) == "hex_kingdoms"
    assert pick("YORK", ["york", "York"]) is None  # two names read so: none is chosen
    assert pick("tudor", ["york", "lancaster"]) is None
    assert pick("2", (1, 2, 3)) is None and pick(2, (1, 2, 3)) == 2  # numbers match themselves only


def test_play_takes_game_seats_options_and_variants_in_any_case(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "words.json"
    script(monkeypatch, ["quit"])
    code, out, err = run(capsys, [
        "play", "Word-Duel", "--seed", "3", "--seat", "SOUTH=Heuristic", "--seat", "North=HUMAN",
        "--option", "PACE=Fast_Lane", "--option", "Target=2", "--option", "Variant=SHORT", "--save", str(saved),
    ], registry)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Word duel, scenario standard, seed 3. Seats: north human, south heuristic."
    record = json.loads(saved.read_text())
    assert record["game"] == "word_duel"
    assert record["seats"] == {"north": "human", "south": "heuristic"}
    assert record["options"] == {"target": 2, "pace": "fast_lane", "variant": "short"}


def test_agents_with_parameters_and_info_in_any_case(capsys, monkeypatch, registry):
    script(monkeypatch, ["quit"])
    code, out, _ = run(capsys, ["play", "DUEL", "--seed", "1", "--seat", "south=ISMCTS:iterations=5"], registry)
    assert code == 0 and "Seats: north human, south ismcts:iterations=5." in out
    script(monkeypatch, ["quit"])
    code, out, _ = run(capsys, ["play", "duel", "--seed", "1", "--seat", "south=random: "], registry)
    assert code == 0 and "Seats: north human, south random." in out  # nothing after the colon: no parameters
    script(monkeypatch, ["quit"])  # the default seat (heuristic) gives way to one typed in another case
    code, out, _ = run(capsys, ["play", "duel", "--seed", "1", "--seat", "South=Random"], registry)
    assert code == 0 and "Seats: north human, south random." in out
    code, out, _ = run(capsys, ["info", "WORD_DUEL"], registry)
    assert code == 0 and out.startswith("Word duel (word_duel), version 1")


@pytest.mark.parametrize(
    ("argv", "text"),
    [
        (["info", "chess"], "no game called 'chess' is installed (installed: duel, word_duel)"),
        (["play", "duel", "--seat", "East=random"], "duel has no faction 'East' in play (factions: north, south)"),
        (["play", "duel", "--seat", "south=Genius"],
         "unknown kind of player 'Genius' for south (choose from: heuristic, human, ismcts, random)"),
        (["play", "duel", "--seat", "South=random", "--seat", "south=human"],
         "south is seated twice (random and human): seat it once"),
        (["play", "word_duel", "--option", "pace=Quick"], "option pace must be one of slow, fast_lane, not 'Quick'"),
        (["play", "word_duel", "--option", "Speed=3"], "word_duel has no option 'Speed' (options: target, pace)"),
        (["play", "word_duel", "--option", "Pace=slow", "--option", "pace=fast_lane"],
         "option pace is given twice (slow and fast_lane): give it once"),
        (["play", "word_duel", "--option", "variant=Long"], "word_duel has no house-rule variant 'Long' (variants: short)"),
        (["play", "word_duel", "--option", "variant=short,,"],
         "option variant takes variant names separated by commas, not 'short,,'"),
        (["play", "word_duel", "--option", "variant=short,SHORT"], "the house-rule variant short is named twice: name it once"),
        (["simulate", "duel", "--agent", "Genius"], "unknown agent 'Genius' for north"),
        (["simulate", "duel", "--seat", "south=Human"],
         "unknown agent 'Human' for south (simulate seats computer players only; agents for duel"),
    ],
)
def test_unknown_names_still_list_the_choices(capsys, registry, argv, text):
    code, _, err = run(capsys, argv, registry)
    assert code == 2 and err.count("\n") == 1
    assert text in err


def test_simulate_and_tournament_take_names_in_any_case(registry):
    report = simulate("Word_Duel", games=2, seed=1, agent="Heuristic", seats={"NORTH": "Random"},
                      options={"PACE": "Fast_Lane", "variant": "SHORT"}, registry=registry).as_dict()
    assert report["game"] == "word_duel"
    assert report["seats"] == {"north": "random", "south": "heuristic"}
    assert report["options"] == {"pace": "fast_lane", "variant": "short"}
    summary = tournament("DUEL", ["Random", "ISMCTS:iterations=5"], 1, registry=registry)
    assert summary["game"] == "duel" and summary["agents"] == ["random", "ismcts:iterations=5"]
    with pytest.raises(banneret.OptionError, match="each agent may be listed once: random, random"):
        tournament("duel", ["random", "RANDOM"], 1, registry=registry)


def test_load_and_replay_take_factions_in_any_case(capsys, monkeypatch, registry, tmp_path):
    saved = tmp_path / "duel.json"
    script(monkeypatch, ["bid 2", "quit"])
    run(capsys, ["play", "duel", "--seed", "1", "--seat", "south=random", "--save", str(saved)], registry)
    code, out, _ = run(capsys, ["replay", str(saved), "--as", "SOUTH"], registry)
    assert code == 0 and "as seen by south." in out.splitlines()[0]
    script(monkeypatch, ["quit"])
    code, out, _ = run(capsys, ["play", "--load", str(saved), "--seat", "North=Heuristic"], registry)
    assert code == 0 and "Seats: north heuristic, south random." in out.splitlines()[0]


def test_launcher_answers_in_any_case(monkeypatch, registry):
    answers, shown = iter(["WORD-DUEL", "Pace=FAST_LANE", "VARIANT=Short", "", "", "Random", "quit"]), []
    assert launcher(registry, ask=lambda prompt: next(answers), out=shown.append, seed=5) == 0
    out = "\n".join(shown)
    again = "banneret play word_duel --seed 5 --option pace=fast_lane --option variant=short --seat south=random"
    assert f"(play this game again with: {again})." in out
    assert "Seats: north human, south random." in out


def test_launcher_asks_the_options_again_when_the_game_refuses_them(monkeypatch, registry):
    """Each option alone is allowed, the set-up is not: the launcher says why and asks
    again instead of stopping."""
    answers, shown = iter(["word_duel", "target=5", "pace=fast_lane", "", "target=4", "", "", "", "quit"]), []
    assert launcher(registry, ask=lambda prompt: next(answers), out=shown.append, seed=5) == 0
    assert "a fast-lane duel is played to 4 points at most: choose the options again" in shown
    assert "Word duel, scenario standard, seed 5. Seats: north human, south heuristic." in shown
    assert shown[-1] == "Left the game."
