"""The charge search's terrain bound by the straight rows into the aim (issue 14, Performance):
exact MP on the Downs, "no route" at once when every row in is closed, and never more MP
than a declared charge spends, at every charge decision of random games (§7.2.1)."""

from __future__ import annotations

import banneret

from banneret.boards.hexgrid import neighbour
from banneret_guiscard.charges import _Routes, charge_steps, charge_targets, least_strike_mp, strike_lane
from banneret_guiscard.movement import allowance
from banneret_guiscard.state import Battle

from test_guiscard_speed_charges import _charge_decisions
from test_guiscard_tactics import knight, position
from test_guiscard_movement import foot

B = "byzantines"


def test_the_bound_counts_the_mp_of_the_way_to_a_row_into_the_aim():
    """On the Downs' clear row 6 a knight on -2,6 facing east needs 10 MP to strike 9,6 from
    the west (10 hexes of 1 MP); from the other sides the way round costs more; from inside
    its last four hexes only the rest of the row counts; no row has a hex off the map."""
    table = least_strike_mp("cavalry_charge")
    assert table is not None
    at = table.index
    west = table.row((9, 6), True, 0)
    assert strike_lane((9, 6), 0, 4) == ((8, 6), (7, 6), (6, 6), (5, 6))
    assert west[at[(-2, 6)]] == 10 and west[at[(5, 6)]] == 3 and west[at[(8, 6)]] == 0
    assert [d for d in range(6) if table.row((9, 6), True, d) is not None] == [0, 1, 4, 5]
    assert min(table.row((9, 6), True, d)[at[(-2, 6)]] for d in (1, 4, 5)) > 10
    assert least_strike_mp("village_fight") is None  # structures: no steps table, no bound


def test_a_target_with_every_row_in_closed_is_refused_as_by_the_plain_search():
    """Enemies on the six hexes around okeanos close every straight row into him: no charge
    at him, found at once, and the plain search agrees; free the west row and the knight
    may charge him again (§7.2.1)."""
    guards = [foot(f"guard{i}", B, neighbour((9, 6), d)) for i, d in enumerate(range(6))]
    state = position(knight(), foot("okeanos", B, (9, 6)), *guards)
    b = state.data
    assert charge_steps(b, "norman_knight", "okeanos", ()) == [] == charge_steps(b, "norman_knight", "okeanos", (), plain=True)
    assert _Routes(b, b.pieces["norman_knight"])._least_mp((9, 6)) == (least_strike_mp("cavalry_charge").index, ())
    state = position(knight(), foot("okeanos", B, (9, 6)), *(g for g in guards if g.hex != (8, 6)))
    b = state.data
    first = charge_steps(b, "norman_knight", "okeanos", ())
    assert ((-1, 6), 0) in first and first == charge_steps(b, "norman_knight", "okeanos", (), plain=True)
    assert "okeanos" in charge_targets(b, b.pieces["norman_knight"])


def test_no_declared_charge_spends_less_than_the_bound():
    """At every charge decision of random games, every charge declared this phase (its rider
    not yet moved): at each hex of its route, the MP spent so far and the bound of its last
    row from there make at most the rider's allowance."""
    checked = 0
    for scenario in ("Cavalry charge", "Open skirmish"):
        for seed in range(3):
            for state in _charge_decisions(scenario, seed, 400):
                checked += _check_declared_routes(state.data)
    assert checked > 100


def _check_declared_routes(b: Battle) -> int:
    table = least_strike_mp(b.tables.scenario.id)
    checked = 0
    for charge in b.charges.values():
        if charge.phase != b.phase:
            continue
        rider = b.pieces[charge.rider]
        routes = _Routes(b, rider)
        aim = neighbour(*charge.route[-1])
        row = table.row(aim, b.tables.counter(rider.id).armoured, charge.route[-1][1])
        for k in range(1, len(charge.route) + 1):
            walked = routes.walk(charge.route[:k])
            assert walked is not None
            spent = allowance(b, rider) - walked[2]
            assert spent + row[table.index[charge.route[k - 1][0]]] <= allowance(b, rider)
            checked += 1
    return checked
