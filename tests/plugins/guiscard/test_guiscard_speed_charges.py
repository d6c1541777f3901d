"""The charge route search's open-field bound beside the plain one (issue 14, Performance):
the same answers at every charge decision of random games, the bound's premise in the data,
and exact counts on an open field (§7.2.1)."""

from __future__ import annotations

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.agents import agent_seed
from banneret_guiscard.charges import chargers, charge_steps, charge_targets, least_front_steps
from banneret_guiscard.data_model import load_data
from banneret_guiscard.state import Battle

from test_guiscard_tactics import STRAIGHT_EAST, knight, position
from test_guiscard_movement import foot

B = "byzantines"


def _charge_decisions(scenario: str, seed: int, decisions: int):
    """The states of a random game of ``scenario`` waiting on a charge declaration or a
    charge's route, up to ``decisions`` decisions into the game."""
    state = banneret.new_game("guiscard", seed=seed, scenario=scenario)
    agents = {f: banneret.RandomAgent(agent_seed(seed, f)) for f in state.factions}
    for _ in range(decisions):
        pending = banneret.pending(state)
        if not pending.players:
            return
        if pending.kind in ("charges", "charge-route"):
            yield state
        banneret.apply(state, agents[pending.players[0]].choose(banneret.Seat(state, pending.players[0])))


@settings(max_examples=5, deadline=None)
@given(st.sampled_from(("Cavalry charge", "Open skirmish", "Mixed")), st.integers(0, 10_000))
def test_the_bounded_charge_search_answers_as_the_plain_one(scenario, seed):
    """At every charge decision of a random game: whom each rider that may charge may charge,
    and, for every rider and every enemy, the first hexes of a charge, and the next hexes of
    the route being declared, are the same with the open-field bound as with the plain one
    (enemies and friends in the way, bodies, terrain costs, wounded riders, §7.2.1)."""
    compared = 0
    for state in _charge_decisions(scenario, seed, 400):
        b: Battle = state.data
        frame = state.stack[-1]
        if frame.proc == "ChargeRoute":
            args = (b, frame["rider"], frame["target"], frame["route"])
            assert charge_steps(*args) == charge_steps(*args, plain=True)
            compared += 1
            continue
        for rid in chargers(b, b.side):
            assert charge_targets(b, b.pieces[rid]) == charge_targets(b, b.pieces[rid], plain=True)
        for rider in b.pieces.values():
            if not (rider.able and rider.mounted):
                continue
            for enemy in b.enemies_of(rider.side):
                if enemy.alive:
                    args = (b, rider.id, enemy.id, ())
                    assert charge_steps(*args) == charge_steps(*args, plain=True)
                    compared += 1
    assert compared


def test_every_front_step_costs_one_mp_at_least():
    """The bound's premise: a hex a rider may enter costs 1 MP at least (§3.1, §4.4.4), and
    bodies, hexsides and a front step's turn only add to it (§4.2.2, §4.4.1, §8.4)."""
    data = load_data()
    assert all(t.cost_mounted is None or t.cost_mounted >= 1 for t in data.terrain.terrains.values())
    assert all(f.crossing_mp >= 0 for f in data.terrain.hexside_features.values())
    assert all(t.extra_mp >= 0 for t in data.bodies.thresholds)
    assert all(s.extra_mp >= 0 for s in data.geometry.turning)


def test_the_open_field_bound_counts_the_front_steps_a_charge_needs():
    """Six hexes at least, the last four straight at the target (§7.2.1), on an open field:
    from 7 hexes straight ahead, 6 steps; from 5, the route must swing out (8); a target
    beside or behind needs a long way round, and never drawing farther from a one-hex target
    makes it longer still or impossible."""
    open_field = least_front_steps(6, 4, 15, closing=False)
    closing = least_front_steps(6, 4, 15, closing=True)
    assert open_field.beyond == closing.beyond == 16
    assert open_field.at(7, 0, 0, 0) == closing.at(7, 0, 0, 0) == 6
    assert open_field.at(5, 0, 0, 0) == 8
    assert open_field.at(1, 0, 6, 4) == 0 and open_field.at(2, 0, 6, 3) == 1
    assert open_field.at(1, 0, 0, 0) == 10
    assert closing.at(1, 0, 0, 0) == closing.beyond        # next to it, it may not swing out and back
    assert open_field.at(-3, 0, 0, 0) <= closing.at(-3, 0, 0, 0)
    assert open_field.at(40, 0, 6, 4) == open_field.beyond  # far out of any rider's MP


def test_a_charge_out_of_the_bound_is_refused_at_once_and_one_within_it_is_found():
    """The knight 11 hexes from a man on foot on row 6 may charge him straight; one hex
    behind the knight he is out of any charge (§7.2.1)."""
    state = position(knight(), foot("okeanos", B, (9, 6)))
    b = state.data
    assert charge_targets(b, b.pieces["norman_knight"]) == ["okeanos"]
    assert charge_steps(b, "norman_knight", "okeanos", STRAIGHT_EAST[:7]) == [((6, 6), 0)]
    behind = position(knight(), foot("okeanos", B, (-4, 6)))
    assert charge_steps(behind.data, "norman_knight", "okeanos", ()) == []
