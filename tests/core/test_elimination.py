"""Player elimination in the core: ``Game.eliminated`` names the factions out of the game,
:func:`banneret.eliminated_last` ranks them below the rest, and the test kit refuses a
decision given to an eliminated faction or an outcome that ranks one too high.

The toy game "last stand": three lords with two lives each strike in turn at a rival of
their choice; a lord without lives is out, his turns are skipped, and the last one standing
wins."""

from __future__ import annotations

from typing import Any

import sys

import attrs
import pytest

import banneret
from banneret import Action, Flow, Game, GameInfo, Outcome, Pending, Procedure, Scenario, Standing, eliminated_last, hookimpl
from banneret.flow import end, end_game
from banneret.registry import registry_from
from banneret.testing import ConformanceConfig, PlayScript, check_ends_within_bound, run_check

LORDS = ("north", "east", "south")


@attrs.define
class StandData:
    lives: dict[str, int]
    out: list[str]
    turn: int = 0

    def clone(self) -> "StandData":
        return StandData(dict(self.lives), list(self.out), self.turn)


class Strike(Procedure):
    """The lord whose turn it is strikes a rival still in the game; the last one standing wins."""

    rule = "1"
    skip_the_fallen = True

    def start(self, state, frame) -> None:
        frame["lord"] = self._next(state, state.data.turn)

    def _next(self, state, turn: int) -> str:
        order = [LORDS[(turn + k) % len(LORDS)] for k in range(len(LORDS))]
        return next(lord for lord in order if not (self.skip_the_fallen and lord in state.data.out))

    def pending(self, state, frame) -> Pending:
        return Pending((frame["lord"],), "strike", "Strike a rival")

    def actions(self, state, frame, player) -> list[Action]:
        d = state.data
        return [Action(player, f"strike {lord}", "strike", lord) for lord in LORDS if lord != player and lord not in d.out]

    def act(self, state, frame, action) -> None:
        d = state.data
        d.lives[action.args] -= 1
        if d.lives[action.args] == 0:
            d.out.append(action.args)
        d.turn += 1
        standing = [lord for lord in LORDS if lord not in d.out]
        if len(standing) == 1:
            ranked = eliminated_last((Standing(standing[0], 1, d.lives[standing[0]]),), d.out, d.lives)
            end_game(state, Outcome((standing[0],), "last one standing", ranked, "lives"))
            return
        frame["lord"] = self._next(state, d.turn)


class LastStand(Game):
    info = GameInfo(
        id="last_stand", name="Last stand", version="1", description="Strike your rivals; the last one standing wins.",
        rules_summary="Strike a rival each turn; two strikes put a lord out.", factions=LORDS, min_players=3,
        max_players=3, scenarios=(Scenario("standard", "two lives each"),), max_decisions=10,
    )
    flow = Flow(Strike)

    def setup(self, state) -> StandData:
        return StandData({lord: 2 for lord in state.factions}, [])

    def eliminated(self, state) -> tuple[str, ...]:
        return tuple(state.data.out)

    def view(self, state, player) -> dict[str, Any]:
        return {"lives": dict(state.data.lives), "out": list(state.data.out)}


class AskTheFallen(Strike):
    skip_the_fallen = False


class HauntedStand(LastStand):
    """Broken: a lord out of the game still gets his turns."""

    info = attrs.evolve(LastStand.info, id="haunted_stand")
    flow = Flow(AskTheFallen)


class GhostWinner(LastStand):
    """Broken: ranks the first lord out level with the winner."""

    info = attrs.evolve(LastStand.info, id="ghost_winner")

    def outcome(self, state) -> Outcome | None:
        if state.ended is None:
            return None
        first_out = state.data.out[0]
        winner, *others = state.ended.standings
        others = [s.faction for s in others if s.faction != first_out]
        return state.ended._replace(standings=(winner, Standing(first_out, 1), *(Standing(f, 3) for f in others)))


@hookimpl
def banneret_games():
    return [LastStand, HauntedStand, GhostWinner]


REG = registry_from([sys.modules[__name__]])


def _play(game_id: str, labels: list[str]) -> banneret.State:
    state = banneret.new_game(game_id, seed=1, registry=REG)
    for label in labels:
        banneret.apply(state, banneret.find_action(state, banneret.pending(state).players[0], label))
    return state


def test_eliminated_last_ranks_the_fallen_below_in_reverse_order_of_falling():
    kept = (Standing("a", 1, 5), Standing("b", 1, 5))
    assert eliminated_last(kept, ("c", "d")) == (*kept, Standing("d", 3), Standing("c", 4))
    assert eliminated_last(kept, ("c",), {"c": 0})[-1] == Standing("c", 3, 0)


def test_a_lord_out_gets_no_turn_and_ranks_last():
    # north strikes east, east south, south east: east is out; north's turn, then south's (east skipped)
    state = _play("last_stand", ["strike east", "strike south", "strike east"])
    assert state.data.out == ["east"]
    assert banneret.pending(state).players == ("north",)
    check_ends_within_bound(state)
    banneret.apply(state, banneret.find_action(state, "north", "strike south"))
    result = banneret.outcome(state)
    assert result.winners == ("north",)
    assert [(s.faction, s.rank) for s in result.standings] == [("north", 1), ("south", 2), ("east", 3)]
    check_ends_within_bound(state)


def test_the_kit_refuses_a_decision_for_a_lord_out_of_the_game():
    # east is out after south's strike; then north strikes, and the turn comes round to east
    state = _play("haunted_stand", ["strike east", "strike north", "strike east", "strike south"])
    assert banneret.pending(state).players == ("east",)
    with pytest.raises(AssertionError, match="east must decide \\(strike\\) but is out of the game"):
        check_ends_within_bound(state)


def test_the_kit_refuses_an_outcome_ranking_a_fallen_lord_level_with_a_winner():
    state = _play("ghost_winner", ["strike east", "strike south", "strike east", "strike south"])
    with pytest.raises(AssertionError, match="ranks an eliminated faction level with or above"):
        check_ends_within_bound(state)


def test_the_whole_bound_check_passes_random_games_of_the_good_toy():
    for seed in range(5):
        run_check(ConformanceConfig("last_stand", REG, max_steps=20), "bound", PlayScript(seed=seed, agent_seed=seed))
