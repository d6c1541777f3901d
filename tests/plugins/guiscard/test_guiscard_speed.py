"""The fast paths of Guiscard's random playouts beside their plain reference versions: random
games through the public API, the table-driven answer compared with the rules' at every
decision (issue 14, Performance)."""

from __future__ import annotations

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.agents import agent_seed
from banneret_guiscard.movement import rule_steps, step_options, steps_for
from banneret_guiscard.state import Battle

PLAIN_MAPS = ("Open skirmish", "Cavalry charge", "Placeholder 1")


def _random_game(scenario: str, seed: int, decisions: int):
    """The states of a random game of ``scenario``, one per decision, up to ``decisions``."""
    state = banneret.new_game("guiscard", seed=seed, scenario=scenario)
    agents = {f: banneret.RandomAgent(agent_seed(seed, f)) for f in state.factions}
    for _ in range(decisions):
        players = banneret.pending(state).players
        if not players:
            return
        yield state
        banneret.apply(state, agents[players[0]].choose(banneret.Seat(state, players[0])))


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(PLAIN_MAPS), st.integers(0, 10_000), st.integers(1, 16))
def test_the_step_table_gives_the_steps_the_rules_give(scenario, seed, left):
    """Every living character's next steps, all of them and a rider's front steps alone, read
    from the map's table are those the rules work out, through a whole random game (enemies in
    the way, bodies on the hexes, wounded and unhorsed characters, §4.2, §4.4)."""
    compared = 0
    for state in _random_game(scenario, seed, 400):
        b: Battle = state.data
        for piece in b.pieces.values():
            if piece.alive:
                for front_only in (False, True):
                    assert step_options(b, piece, left, front_only) == rule_steps(b, piece, left, front_only)
                    compared += 1
    assert compared


def test_maps_with_structures_have_no_step_table():
    """Walls, windows, tents, gates and palisades change what a step may do as the game goes
    (§8.4, §9.2): there movement works each step out by the rules."""
    assert not steps_for("village_fight") and not steps_for("castle_assault")
    assert steps_for("open_skirmish") and steps_for("cavalry_charge") is not steps_for("open_skirmish")
