"""Guiscard's cataphract charge (§7.2.5, with §7.2.4 and A-16) played through the charge
protocol on the Downs: three cataphracts (Argyris and the placeholders Bardas and Nikephoros)
declare charges due west in step 2, ride them in step 3 and strike in step 4. Three or more
side by side, in parallel straight lines, at foot: each combat one column right; two, one out
of line, another kind of rider, a rider as target: none (a cataphract charging a rider is no
part of the group, a reading)."""

from __future__ import annotations

import banneret
from banneret.flow import Frame
from banneret_guiscard.charges import Charges, group_shift
from banneret_guiscard.state import Battle, Charge, Piece

from test_guiscard_movement import REG, foot, labels, play, rider
from test_guiscard_tactics import end_charges, log

N, B = "normans", "byzantines"
WEST = 3
LANES = {"argyris": (11, 5), "bardas": (10, 6), "nikephoros": (9, 7)}
"""The cataphracts' heads, facing west, side by side down the rows 5-7."""
TARGETS = {"argyris": ("romaric", (4, 5)), "bardas": ("milo", (3, 6)), "nikephoros": ("gautier", (2, 7))}
"""Each one's target on foot, straight ahead 7 hexes on: a charge of 6 hexes reaches it."""


def byzantine_charges(*pieces: Piece) -> banneret.State:
    """The Byzantines' step 2 on the Downs with exactly these characters."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Cavalry charge")
    b: Battle = state.data
    b.pieces = {p.id: p for p in pieces}
    b.horses = {}
    b.side = B
    state.stack[-1] = Frame(Charges.name, {})
    REG.game("guiscard").flow.settle(state)
    return state


def cataphracts(*riders: str, head: dict[str, tuple[int, int]] | None = None) -> list[Piece]:
    return [rider(r, B, (head or LANES)[r], WEST) for r in riders]


def targets(*riders: str) -> list[Piece]:
    return [foot(TARGETS[r][0], N, TARGETS[r][1]) for r in riders]


def declare(state: banneret.State, rid: str, target: str, heads: int = 6) -> None:
    """A charge due west, hex by hex (a hex that is the only choice is taken at once)."""
    play(state, f"charge with {rid} at {target}")
    q, r = state.data.pieces[rid].hex
    for i in range(1, heads + 1):
        if f"charge via {q - i},{r}" in labels(state):
            play(state, f"charge via {q - i},{r}")
    if banneret.pending(state).kind == "charge-route":
        play(state, f"declare the charge ({heads} hexes)")


def ride_and_strike(state: banneret.State, combats: int) -> list[str]:
    """End step 2, then take the first choice of every decision (retreats, advances) until the
    charges' ``combats`` are fought; their log lines."""
    end_charges(state)
    for _ in range(40):
        if sum(" attack " in x for x in log(state, "melee")) >= combats:
            break
        play(state, labels(state)[0])
    return [x for x in log(state, "charge", "melee") if " hexes, via " not in x and "advances" not in x]


def test_three_cataphracts_side_by_side_charging_foot_each_strike_one_column_right():
    state = byzantine_charges(*cataphracts(*LANES), *targets(*LANES))
    for rid, (target, _) in TARGETS.items():
        declare(state, rid, target)
    b: Battle = state.data
    assert {rid: c.route[-1] for rid, c in b.charges.items()} == {
        "argyris": ((5, 5), WEST), "bardas": ((4, 6), WEST), "nikephoros": ((3, 7), WEST)}
    assert [group_shift(b, c) for c in b.charges.values()] == [1, 1, 1]
    assert ride_and_strike(state, 3) == [
        "argyris charges in a group: +1 column",
        "argyris attack romaric: difference 32, column 26/40, d10 6+1 -> E",     # 39 - 7; brush 5,5 -1, group +1
        "bardas charges in a group: +1 column",
        "bardas attack milo: difference 35, column 41/60, d10 1+0 -> I",         # 39 - 4; 26/40 +1
        "nikephoros charges in a group: +1 column",
        "nikephoros attack gautier: difference 36, column 41/60, d10 10+0 -> D"]  # 39 - 3; 26/40 +1


def test_two_cataphracts_side_by_side_are_no_group():
    state = byzantine_charges(*cataphracts("argyris", "bardas"), *targets("argyris", "bardas"))
    declare(state, "argyris", "romaric")
    declare(state, "bardas", "milo")
    assert ride_and_strike(state, 2) == [
        "argyris attack romaric: difference 32, column 13/25, d10 6+1 -> E",     # brush -1 alone
        "bardas attack milo: difference 35, column 26/40, d10 1+0 -> H"]         # the same die, a column less


def test_a_cataphract_charging_a_rider_neither_gets_the_column_nor_makes_up_the_three():
    arthur = rider("arthur", N, (1, 7), WEST)                             # his back to the charge: no counter
    state = byzantine_charges(*cataphracts(*LANES), *targets("argyris", "bardas"), arthur)
    declare(state, "argyris", "romaric")
    declare(state, "bardas", "milo")
    declare(state, "nikephoros", "arthur")
    b: Battle = state.data
    assert [group_shift(b, c) for c in b.charges.values()] == [0, 0, 0]
    assert ride_and_strike(state, 3) == [
        "argyris attack romaric: difference 32, column 13/25, d10 6+1 -> E",
        "bardas attack milo: difference 35, column 26/40, d10 1+0 -> H",
        "nikephoros attack arthur: difference 27, column 41/60, d10 10+1 -> C"]


def test_three_cataphracts_charging_foot_but_one_out_of_line_are_no_group():
    heads = {**LANES, "nikephoros": (11, 7)}                              # ends on 5,7: not next to 4,6
    state = byzantine_charges(*cataphracts(*LANES, head=heads), *targets("argyris", "bardas"),
                              foot("gautier", N, (4, 7)))
    for rid, (target, _) in TARGETS.items():
        declare(state, rid, target)
    b: Battle = state.data
    assert b.charges["nikephoros"].route[-1] == ((5, 7), WEST)
    assert [group_shift(b, c) for c in b.charges.values()] == [0, 0, 0]
    assert not any("in a group" in x for x in ride_and_strike(state, 3))


def test_another_kind_of_rider_does_not_make_up_a_cataphract_group():
    state = byzantine_charges(*cataphracts("argyris", "bardas"), rider("alexio", B, LANES["nikephoros"], WEST),
                              *targets(*LANES))
    declare(state, "argyris", "romaric")
    declare(state, "bardas", "milo")
    declare(state, "alexio", "gautier")
    b: Battle = state.data
    assert [group_shift(b, c) for c in b.charges.values()] == [0, 0, 0]


def test_a_cataphract_group_needs_parallel_lines():
    """The same three charges' last hexes side by side, the third ending in another direction."""
    state = byzantine_charges(*cataphracts(*LANES), *targets(*LANES))
    b: Battle = state.data
    routes = {rid: tuple(((q - i, r), WEST) for i in range(1, 7)) for rid, (q, r) in LANES.items()}
    for rid, (target, _) in TARGETS.items():
        b.charges[rid] = Charge(rid, target, routes[rid], b.phase)
    assert [group_shift(b, c) for c in b.charges.values()] == [1, 1, 1]
    bent = (*routes["nikephoros"][:-1], ((3, 7), WEST + 1))
    b.charges["nikephoros"] = Charge("nikephoros", "gautier", bent, b.phase)
    assert [group_shift(b, c) for c in b.charges.values()] == [0, 0, 0]
