"""Game-specific terminal commands (``Game.commands`` / ``Game.command``): a question about the
position typed at the prompt is answered by the game, listed by ``help``, and changes nothing."""

from __future__ import annotations

import attrs

from banneret import Action, Game, GameInfo, Outcome, Pending, Scenario, hookimpl
from banneret.cli import main
from banneret.registry import registry_from
from banneret.types import GAME_OVER


@attrs.define
class PileData:
    stones: int

    def clone(self) -> "PileData":
        return PileData(self.stones)


class Pile(Game):
    """Take one or two stones from a pile of five; whoever takes the last wins. ``count N``
    asks how many stones would be left after taking N."""

    info = GameInfo(
        id="pile", name="Pile", version="1", description="Take stones.", rules_summary="Take the last stone.",
        factions=("solo",), min_players=1, max_players=1, scenarios=(Scenario("standard", "five stones"),),
    )
    commands = {"count": "count N       how many stones would be left after taking N"}

    def setup(self, state):
        return PileData(5)

    def start(self, state):
        pass

    def pending(self, state):
        return GAME_OVER if state.data.stones == 0 else Pending(("solo",), "take", "Take 1 or 2")

    def legal_actions(self, state, player):
        return [Action(player, f"take {n}", "take", n) for n in (1, 2) if n <= state.data.stones]

    def apply(self, state, action):
        state.data.stones -= action.args

    def outcome(self, state):
        return Outcome(("solo",), "took the last stone")

    def view(self, state, player):
        return {"stones": state.data.stones}

    def render(self, state, player):
        return f"[pile] {state.data.stones} stones"

    def command(self, state, player, name, argument):
        if not argument.isdigit():
            return "count needs a number, for example: count 2"
        return f"{player}: taking {argument} leaves {state.data.stones - int(argument)}"


class PilePlugin:
    @hookimpl
    def banneret_games(self):
        return [Pile]


def _play(lines: list[str]) -> tuple[int, list[str]]:
    answers = iter(lines)
    shown: list[str] = []
    code = main(["play", "pile", "--seed", "1"], registry=registry_from([PilePlugin()]),
                ask=lambda prompt: next(answers), out=shown.append)
    return code, shown


def test_a_game_command_is_answered_by_the_game_and_changes_nothing():
    code, shown = _play(["count 2", "count", "take 2", "count 1", "quit"])
    assert code == 0
    assert "solo: taking 2 leaves 3" in shown
    assert "count needs a number, for example: count 2" in shown
    assert "solo: taking 1 leaves 2" in shown  # asked after taking 2: the answer reads the position now
    assert shown.count("[pile] 5 stones") == 1  # the command did not redraw or change the board
    assert "[pile] 3 stones" in shown


def test_help_lists_the_game_commands_after_the_terminal_ones():
    code, shown = _play(["help", "quit"])
    assert code == 0
    help_text = next(s for s in shown if s.startswith("Commands:"))
    after = shown[shown.index(help_text) + 1]
    assert after == "  count N       how many stones would be left after taking N"


def test_a_word_that_is_no_command_is_still_refused():
    code, shown = _play(["tally", "quit"])
    assert code == 0
    assert any("no action or command 'tally'" in s for s in shown)
