"""Scenario tests S-05..S-27 and fixture facts F-03..F-05 played through the game's own
procedures on the reference map, with injected dice."""

from __future__ import annotations

import banneret
import pytest

from banneret_hex_kingdoms import rules as R
from hk_helpers import BLUE, GREEN, RED, YELLOW, armies, assault, do, hx, labels, place, run, table


def over(st) -> bool:  # type: ignore[no-untyped-def]
    """The procedure under test has finished (nothing is pending)."""
    return not banneret.pending(st).players


# --- S-12 .. S-15: the 3b actions -----------------------------------------------------------


def red_holds_5_and_3(st) -> None:  # type: ignore[no-untyped-def]
    place(st, RED, 4, -2, 1)
    place(st, RED, 3, -2, 2)
    place(st, RED, 4, -3, 5)
    place(st, RED, 3, 2, 1)
    place(st, RED, 2, 2, 2)
    place(st, RED, 3, 1, 3)
    st.data.ever[RED] |= (1 << 5) | (1 << 3)


def test_s12_levy_caps_at_nine_and_forbids_extra_moves() -> None:
    st = table()
    red_holds_5_and_3(st)
    d = st.data
    assert d.provinces_of(RED) == [3, 5]
    d.cap[RED] = 7
    d.acting = RED
    run(st, "OneAction")
    do(st, "levy")
    assert d.cap[RED] == 9
    run(st, "ExtraMoves")
    assert over(st)


def test_s13_march() -> None:
    st = table()
    d = st.data
    place(st, RED, 4, -2, 2)
    d.acting = RED
    run(st, "OneAction")
    do(st, "march")  # the gate is the only destination: taken at once
    assert labels(st) == ["march 1", "march 2", "march 3", "march 4", "march 5", "march 6"]  # no 7
    do(st, "march 6")
    assert d.cap[RED] == 3
    assert armies(st, 4, -2) == [6, 2]
    d.cap[RED] = 4
    d.acted[RED] = False  # a new turn
    run(st, "OneAction")
    do(st, "march")
    assert labels(st) == ["march 1", "march 2", "march 3", "march 4"]
    do(st, "march 4")
    assert d.cap[RED] == 0
    assert not [a for a in labels_after_action(st) if a.startswith("march")]


def labels_after_action(st) -> list[str]:  # type: ignore[no-untyped-def]
    st.data.acted[st.data.acting] = False
    run(st, "OneAction")
    return labels(st)


def test_s13_castle_deployment() -> None:
    st = table()
    d = st.data
    place(st, RED, 3, -1, 1, 1)
    d.castle[hx(st, 3, -1)] = RED
    d.cap[RED] = 5
    d.acting = RED
    run(st, "OneAction")
    do(st, "march")
    assert labels(st) == ["march to (4,-2)", "march to (3,-1)"]
    do(st, "march to (3,-1)")
    assert labels(st) == ["march 1", "march 2", "march 3"]
    do(st, "march 3")
    assert d.cap[RED] == 2
    assert armies(st, 3, -1) == [3, 1, 1]


def test_s13_enemy_on_gate_blocks_march_and_cuts_castle() -> None:
    """The gate hex holding an enemy: no March there; under C-28 the blocked gate also cuts
    the castle off (the digest's example expects the opposite; see the docs)."""
    st = table()
    d = st.data
    place(st, BLUE, 4, -2, 1)
    place(st, RED, 3, -1, 1)
    d.castle[hx(st, 3, -1)] = RED
    d.acting = RED
    run(st, "OneAction")
    assert not [a for a in labels(st) if a.startswith("march")]


def test_s14_entering_the_capital() -> None:
    st = table()
    d = st.data
    place(st, RED, 4, -2, 4)
    d.cap[RED] = 7
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")  # the only army: taken at once
    assert labels(st) == ["to (3,-1)", "to (4,-1)", "to (3,-2)", "to (4,-3)", "into the capital"]
    do(st, "into the capital")
    assert d.cap[RED] == 9
    assert d.stacks[hx(st, 4, -2)] == ()


def test_s15_castle_building() -> None:
    st = table()
    d = st.data
    place(st, RED, 0, 1, 6)
    place(st, RED, 1, 1, 4, 4)
    place(st, RED, 0, 2, 3, 2)
    d.acting = RED
    run(st, "OneAction")
    do(st, "castle")
    assert labels(st) == ["castle on (0,1)", "castle on (1,1)"]
    do(st, "castle on (0,1)")
    h = hx(st, 0, 1)
    assert (d.stacks[h], d.castle[h], d.hctrl[h]) == ((), RED, -1)
    d.acted[RED] = False
    run(st, "OneAction")
    do(st, "castle")  # (1,1) is the only site left: taken at once
    assert labels(st) == ["keep 2", "keep 1+1"]
    do(st, "keep 2")
    assert armies(st, 1, 1) == [2]
    assert d.castle[hx(st, 1, 1)] == RED


# --- S-16, S-17: plague -----------------------------------------------------------------------


def plague_setup(castle: bool) -> tuple:  # type: ignore[type-arg]
    st = table(rolls=[5])
    d = st.data
    place(st, RED, 4, -2, 1)
    place(st, RED, 3, -2, 2)
    place(st, RED, 3, -3, 4)
    place(st, BLUE, 4, -3, 5)
    if castle:
        d.castle[hx(st, 3, -3)] = RED
    assert d.pctrl[5] == RED
    return st, d


def test_s16_plague() -> None:
    st, d = plague_setup(castle=False)
    run(st, "Plague")
    assert armies(st, 4, -2) == [] and armies(st, 3, -2) == [1] and armies(st, 3, -3) == [2]
    assert armies(st, 4, -3) == [4]
    assert d.pctrl[5] == -1


def test_s16_plague_castle_shelters() -> None:
    st, d = plague_setup(castle=True)
    run(st, "Plague")
    assert armies(st, 3, -3) == [4]
    assert [h for h in range(44) if d.hctrl[h] == RED] == [hx(st, 3, -3)]
    assert d.pctrl[5] == -1


def test_s16_plague_on_uncontrolled_province_changes_nothing() -> None:
    st = table(rolls=[7])
    place(st, RED, 0, 1, 2)
    before = st.data.clone()
    run(st, "Plague")
    assert st.data.last_plague == 7  # the roll is remembered (shown in the view), nothing else moves
    before.last_plague = 7
    assert st.data == before


def test_s17_barons_revolt() -> None:
    st = table(rolls=[12], choices=[0, 1])
    d = st.data
    d.suzerain[YELLOW] = BLUE
    place(st, RED, 2, 3, 6)
    place(st, RED, 2, 4, 1)
    place(st, RED, 1, 4, 2)
    assert d.pctrl[12] == RED
    run(st, "Plague")
    assert armies(st, 2, 3) == [5] and d.owner[hx(st, 2, 3)] == GREEN
    assert armies(st, 2, 4) == []
    assert armies(st, 1, 4) == [1] and d.owner[hx(st, 1, 4)] == RED
    assert d.hctrl[hx(st, 2, 3)] == -1
    assert d.pctrl[12] == -1


def test_s17_revolt_candidates() -> None:
    """The beneficiary is drawn among free kingdoms outside the controller's bloc."""
    st = table(rolls=[12], choices=[0, 0])
    d = st.data
    d.suzerain[YELLOW] = BLUE
    d.suzerain[RED] = GREEN  # Red is Green's vassal: Green (its suzerain) may not benefit
    place(st, RED, 2, 3, 6)
    place(st, RED, 2, 4, 1)
    place(st, RED, 1, 4, 2)
    run(st, "Plague")
    assert d.owner[hx(st, 2, 3)] == BLUE


# --- S-18, S-19: homage -----------------------------------------------------------------------


def homage6(extra: tuple | None = None, ever: bool = False):  # type: ignore[no-untyped-def,type-arg]
    st = table()
    d = st.data
    place(st, RED, -2, 4, 1)
    place(st, RED, -2, 3, 3)
    place(st, RED, 0, 1, 4)
    if extra:
        place(st, *extra)
    if ever:
        d.ever[RED] |= 1 << 6
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")
    do(st, "move 4 from (0,1)")
    do(st, "to (-1,2)")
    return st, d


def test_s18_homage() -> None:
    st, d = homage6()
    assert armies(st, -1, 3) == [5]
    assert all(d.hctrl[h] == RED for h in d.board.province_hexes[6])
    assert (d.ever[RED] >> 6) & 1


def test_s18_homage_blocked_by_foreign_troops() -> None:
    st, d = homage6((BLUE, -1, 3, 2))
    assert armies(st, -1, 3) == [2] and d.owner[hx(st, -1, 3)] == BLUE
    assert d.pctrl[6] == RED


def test_s18_homage_joins_own_army() -> None:
    st, d = homage6((RED, -1, 3, 1))
    assert armies(st, -1, 3) == [5, 1]


def test_s18_no_second_homage() -> None:
    st, d = homage6(ever=True)
    assert armies(st, -1, 3) == []


def test_s19_gold_hex_gets_homage_and_special() -> None:
    st = table()
    d = st.data
    place(st, RED, 0, 0, 1)
    place(st, RED, 1, -1, 3)
    place(st, RED, 2, 0, 5)
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")
    do(st, "move 5 from (2,0)")
    do(st, "to (1,0)")
    assert armies(st, 2, -1) == [6, 3]


def test_s19_special_joins_the_gold_hex() -> None:
    st = table()
    d = st.data
    place(st, RED, 0, 0, 1)
    place(st, RED, 1, -1, 3)
    place(st, RED, 3, -1, 6)
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")
    do(st, "move 6 from (3,-1)")
    do(st, "to (2,-1)")
    assert armies(st, 1, 0) == [5]
    assert armies(st, 2, -1) == [6, 3]


def test_s19_foreign_special_hex_gets_nothing() -> None:
    st = table()
    d = st.data
    place(st, BLUE, 2, 3, 2)
    place(st, RED, 2, 4, 1)
    place(st, RED, 1, 4, 4, 2)
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")
    do(st, "move 4 from (1,4)")
    do(st, "to (1,5)")
    assert d.pctrl[12] == RED
    assert armies(st, 2, 3) == [2] and d.owner[hx(st, 2, 3)] == BLUE
    assert sum(len(d.stacks[h]) for h in range(44) if d.owner[h] == RED) == 3


def test_homage_trigger_variant_march_gives_none() -> None:
    """homage_trigger = move_assault: a first control by March brings no barons."""
    for trigger, expected in (("any", [1]), ("move_assault", [])):
        st = table({"homage_trigger": trigger})
        d = st.data
        place(st, RED, 3, -2, 2)
        place(st, RED, 4, -3, 5)
        d.acting = RED
        run(st, "OneAction")
        do(st, "march")
        do(st, "march 1")
        assert d.pctrl[5] == RED
        assert armies(st, 3, -3) == ([4] if expected else [])


# --- S-21, F-04: income -----------------------------------------------------------------------


def red_holds_3_7_12(st) -> None:  # type: ignore[no-untyped-def]
    for q, r, s in ((3, 2, 1), (2, 2, 2), (3, 1, 3), (0, 1, 2), (1, 1, 3), (0, 2, 5), (2, 3, 6), (2, 4, 1), (1, 4, 2)):
        place(st, RED, q, r, s)


@pytest.mark.parametrize("start,expected", [(5, 9), (1, 8)])
def test_s21_income(start: int, expected: int) -> None:
    st = table()
    red_holds_3_7_12(st)
    st.data.cap[RED] = start
    assert st.data.provinces_of(RED) == [3, 7, 12]
    run(st, "Income")
    assert st.data.cap[RED] == expected


def test_s21_no_provinces_no_income() -> None:
    st = table()
    st.data.cap[BLUE] = 4
    run(st, "Income")
    assert st.data.cap[BLUE] == 4


def f04(with_gold_army: bool):  # type: ignore[no-untyped-def]
    st = table()
    d = st.data
    for q, r, s in ((2, 0, 1), (3, -1, 2), (3, 0, 3)):
        place(st, BLUE, q, r, s)
    if with_gold_army:
        place(st, BLUE, 2, -1, 1)
    for q, r, s in ((4, -2, 1), (3, -2, 2), (4, -3, 5), (3, 2, 1), (2, 2, 2), (3, 1, 3)):
        place(st, RED, q, r, s)
    d.cap[RED] = 3
    d.cap[BLUE] = 1
    assert d.provinces_of(RED) == [3, 5] and d.provinces_of(BLUE) == [4]
    run(st, "Income")
    return d


def test_f04_cut_off_province_pays_nothing() -> None:
    d = f04(True)
    assert d.cap[RED] == 5
    assert d.cap[BLUE] == 3


def test_f04_neutral_corridor() -> None:
    d = f04(False)
    assert d.cap[RED] == 7


# --- S-22 .. S-23, F-05: the crusade ------------------------------------------------------------


def test_s22_crusade_threshold() -> None:
    st = table()
    d = st.data
    d.crusade = [0, 50, 50, 0]
    d.crusade_total = 100
    d.cap[RED] = 6
    d.acting = RED
    run(st, "OneAction")
    do(st, "crusade")  # a capital of 6 can only send 6: taken at once
    assert d.crusade_total == 106 and d.crusade_won
    d.acting = BLUE
    run(st, "OneAction")
    assert not [a for a in labels(st) if a.startswith("crusade")]


def test_s22_exactly_100_is_not_a_win() -> None:
    st = table()
    d = st.data
    d.crusade_total = 91
    d.crusade[BLUE] = 91
    d.acting = RED
    run(st, "OneAction")
    do(st, "crusade")
    assert labels(st) == ["crusade 6", "crusade 7", "crusade 8", "crusade 9"]
    do(st, "crusade 9")
    assert d.crusade_total == 100 and not d.crusade_won
    assert table({"crusade_threshold_strict": False}).data.rules.crusade_threshold_strict is False


def test_s22_election_and_first_ship() -> None:
    # seat order A=red, B=blue, C=green, D=yellow; A 14, B 25, C 62, D 0
    st = table(rolls=[6, 6, 4, 5, 6, 2, 2, 5])
    d = st.data
    d.crusade = [25, 14, 62, 0]
    d.crusade_total = 101
    d.crusade_won = True
    run(st, "CrusaderKingdom")
    assert d.king == RED
    log = [e.text for e in st.log if e.text.startswith("election")]
    assert log == ["election: red share 1 + rolls [6, 6, 4] = 17",
                   "election: blue share 3 + rolls [5] = 8",
                   "election: green share 6 + rolls [6, 2] = 14"]
    assert banneret.pending(st).kind == "landing"
    assert labels(st)[0].startswith("land 5 on")


def test_s22_runoff() -> None:
    st = table(rolls=[3, 1, 5, 2, 3])
    d = st.data
    d.crusade = [25, 14, 0, 0]
    d.crusade_total = 101
    d.crusade_won = True
    run(st, "CrusaderKingdom")
    assert d.king == RED
    assert [e.text for e in st.log if e.text.startswith("run-off")] == [
        "run-off: red 1 + rolls [5] = 6", "run-off: blue 3 + rolls [2] = 5"]


@pytest.mark.parametrize("rounding, shares", [("half_up", [3, 1, 1, 2]), ("floor", [2, 1, 0, 1])])
def test_share_rounding(rounding: str, shares: list[int]) -> None:
    """C-25: a kingdom's share is its crusade points over ten, rounded as the option says;
    a kingdom whose share rounds to 0 does not stand."""
    st = table(options={"crusade_share_rounding": rounding}, rolls=[1, 2, 3, 4])
    d = st.data
    d.crusade = [25, 14, 6, 15]
    logged: list[str] = []
    R.election(d, st.rng, logged.append)
    stood = {line.split()[1]: int(line.split()[3]) for line in logged if line.startswith("election")}
    expected = {d.names[k]: s for k, s in enumerate(shares) if s}
    assert stood == expected


def test_f05_landing_options() -> None:
    st = table()
    d = st.data
    assert len(R.landing_hexes(d, GREEN)) == 23
    d.cap[GREEN] = 8
    assert R.capital_landing(d, GREEN)
    d.cap[GREEN] = 9
    assert not R.capital_landing(d, GREEN)


def ship(rolls: list[int], cap: int = 9):  # type: ignore[no-untyped-def]
    st = table(rolls=rolls)
    d = st.data
    d.crusade_won = True
    d.king = GREEN
    d.cap[GREEN] = cap
    return st, d


def test_s23_landing_makes_room() -> None:
    st, d = ship([2, 5])
    place(st, GREEN, -2, 0, 1, 1, 2, 3)
    run(st, "CrusaderKingdom")
    do(st, "land 5 on (-2,0)")
    assert labels(st) == ["remove 1", "remove 2", "remove 3"]
    do(st, "remove 1")
    assert armies(st, -2, 0) == [5, 3, 2, 1]


def test_s23_illegal_landings() -> None:
    st, d = ship([5])
    for q, r, s in ((4, -2, 1), (3, -2, 2), (4, -3, 5)):
        place(st, RED, q, r, s)
    hexes = R.landing_hexes(d, GREEN)
    assert not any(d.board.province_of[h] == 5 for h in hexes)
    assert hx(st, 4, 1) not in hexes and hx(st, 2, 4) not in hexes
    assert hx(st, -3, 2) in hexes


def test_s23_ship_lost_or_to_capital() -> None:
    st, d = ship([5], cap=9)
    for h in d.board.coastal_hexes:
        d.put(h, BLUE, (1,))
    run(st, "CrusaderKingdom")
    assert over(st)
    assert d.cap[GREEN] == 9
    st, d = ship([5], cap=7)
    for h in d.board.coastal_hexes:
        d.put(h, BLUE, (1,))
    run(st, "CrusaderKingdom")
    assert labels(st) == ["reinforce the capital with 5", "send the ship away"]
    do(st, "reinforce the capital with 5")
    assert d.cap[GREEN] == 9


# --- S-24: victory -------------------------------------------------------------------------------


@pytest.mark.parametrize("counts,vassal,expected", [
    ((4, 1, 0, 0), None, RED),
    ((3, 1, 0, 0), None, -1),
    ((4, 2, 0, 0), None, RED),
    ((4, 2, 1, 0), None, -1),
    ((5, 2, 2, 0), None, -1),
    ((3, 2, 1, 0), (BLUE, RED), RED),
    ((1, 3, 1, 0), (RED, BLUE), BLUE),
    ((2, 1, 1, 1), None, -1),
])
def test_s24_victory(counts: tuple[int, int, int, int], vassal, expected: int) -> None:  # type: ignore[no-untyped-def]
    st = table()
    d = st.data
    provinces = iter(range(2, 13))
    for k, n in zip((RED, BLUE, GREEN, YELLOW), counts):
        for _ in range(n):
            d.pctrl[next(provinces)] = k
    if vassal:
        d.suzerain[vassal[0]] = vassal[1]
    assert R.victory(d) == expected


# --- assaults at game level (S-05 .. S-08, S-25, S-27) -------------------------------------------


def test_s05_annihilation_razes_the_castle() -> None:
    st = table(rolls=[2, 5, 3, 6])
    d = st.data
    place(st, RED, 0, 0, 6)
    place(st, RED, 1, 0, 6)
    place(st, GREEN, 1, -1, 2)
    t = hx(st, 1, -1)
    d.castle[t] = GREEN
    d.acting = RED
    run(st, "OneAction")
    assault(st, "assault (1,-1)")
    do(st, "join 6 from (0,0)")
    do(st, "join 6 from (1,0)")
    do(st, "launch the assault")
    assert "advantage +4" in st.log[-2].text or "advantage +4" in st.log[-1].text or any(
        "advantage +4" in e.text for e in st.log)
    assert armies(st, 1, -1) == [1]
    assert banneret.pending(st).kind == "press-on"
    do(st, "next wave")
    assert over(st)
    assert armies(st, 1, -1) == [6, 6] and d.owner[t] == RED
    assert armies(st, 0, 0) == [] and armies(st, 1, 0) == []
    assert d.castle[t] == -1
    assert d.hctrl[t] == RED


def test_s06_natural_one_cancels_occupation() -> None:
    st = table(rolls=[1, 5])
    d = st.data
    place(st, RED, 0, 0, 6)
    place(st, GREEN, 0, 1, 1)
    d.acting = RED
    run(st, "OneAction")
    assault(st, "assault (0,1)")
    do(st, "join 6 from (0,0)")
    do(st, "launch the assault")
    assert over(st)
    assert armies(st, 0, 0) == [6] and armies(st, 0, 1) == []


def test_s07_retreat_hands_over_the_castle() -> None:
    st = table(rolls=[4, 4])
    d = st.data
    place(st, RED, 0, 0, 5, 4)
    place(st, GREEN, 1, -1, 3, 2)
    t = hx(st, 1, -1)
    d.castle[t] = GREEN
    place(st, GREEN, -2, 2, 1)
    place(st, GREEN, -3, 3, 1, 1)
    place(st, GREEN, -3, 2, 3)
    d.pctrl[10] = d.province_controller(10)
    assert d.pctrl[10] == GREEN
    d.acting = RED
    run(st, "OneAction")
    assault(st, "assault (1,-1)")
    do(st, "join 5 from (0,0)")
    do(st, "join 4 from (0,0)")
    do(st, "launch the assault")
    assert armies(st, 0, 0) == [4, 3] and armies(st, 1, -1) == [2, 1]
    assert banneret.pending(st).players == ("green",)
    do(st, "retreat")
    do(st, "retreat 2 to (-3,3)")
    do(st, "retreat 1 to (-4,3)")
    assert over(st)
    assert armies(st, -3, 3) == [2, 1, 1] and armies(st, -4, 3) == [1]
    assert armies(st, 1, -1) == [4, 3] and d.owner[t] == RED
    assert d.castle[t] == RED and d.hctrl[t] == RED


def test_s07_no_retreat_without_room() -> None:
    st = table(rolls=[4, 4])
    d = st.data
    place(st, RED, 0, 0, 5, 4)
    place(st, GREEN, 1, -1, 3, 2)
    d.castle[hx(st, 1, -1)] = GREEN
    place(st, GREEN, -3, 3, 1, 1, 1, 1)
    d.acting = RED
    run(st, "OneAction")
    assault(st, "assault (1,-1)")
    do(st, "join 5 from (0,0)")
    do(st, "join 4 from (0,0)")
    do(st, "launch the assault")
    assert banneret.pending(st).kind == "press-on"


def test_s08_capital_captured() -> None:
    st = table(rolls=[3, 4, 2, 5, 4, 6])
    d = st.data
    d.cap[RED] = 1
    place(st, BLUE, 4, -2, 6, 6, 6, 6)
    d.acting = BLUE
    run(st, "OneAction")
    assault(st, "assault red's capital")
    for _ in range(4):
        do(st, "join 6 from (4,-2)")
    do(st, "launch the assault")
    assert d.cap[RED] == 0
    do(st, "next wave")
    assert d.cap[RED] == 0 and armies(st, 4, -2) == [5, 5, 5, 5]
    do(st, "next wave")
    assert over(st)
    assert d.cap[RED] == 9 and armies(st, 4, -2) == []
    assert d.suzerain[RED] == BLUE


def capture(st, attacker: int, victim: int, gate: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    d = st.data
    d.cap[victim] = 0
    place(st, attacker, *gate, 6, 6)
    d.acting = attacker
    run(st, "OneAction")
    assault(st, f"assault {d.names[victim]}'s capital")
    do(st, f"join 6 from ({gate[0]},{gate[1]})")
    do(st, f"join 6 from ({gate[0]},{gate[1]})")
    do(st, "launch the assault")
    assert over(st)


def test_s25_vassalage() -> None:
    st = table(rolls=[4, 1, 4, 1])
    d = st.data
    capture(st, BLUE, RED, (4, -2))
    assert d.suzerain[RED] == BLUE and d.cap[RED] == 9
    assert d.capital[RED].gates == (hx(st, 4, -2),)
    # the suzerain answers the vassal's decisions
    d.acting = RED
    run(st, "OneAction")
    assert banneret.pending(st).players == ("blue",)
    # bloc partners never block each other's paths
    place(st, RED, 4, 0, 3)
    assert d.reach(BLUE)[hx(st, 4, 0)] == 1
    # green (a vassal of yellow) takes blue's capital: blue and red go to yellow
    d.suzerain[GREEN] = YELLOW
    st.stack = []
    capture(st, GREEN, BLUE, (4, 1))
    assert d.suzerain[BLUE] == YELLOW and d.suzerain[RED] == YELLOW and d.suzerain[GREEN] == YELLOW


def test_s25_income_destination_chosen_by_suzerain() -> None:
    st = table()
    d = st.data
    d.suzerain[RED] = BLUE
    for q, r, s in ((4, -2, 1), (3, -2, 2), (4, -3, 5)):
        place(st, RED, q, r, s)
    d.cap[RED], d.cap[BLUE] = 1, 1
    run(st, "IncomeDestinations")
    assert banneret.pending(st).players == ("blue",)
    do(st, "income of red to blue's capital")
    run(st, "Income")
    assert (d.cap[RED], d.cap[BLUE]) == (1, 3)


def test_s25_shared_province_is_uncontrolled() -> None:
    st = table()
    d = st.data
    d.suzerain[RED] = BLUE
    place(st, RED, 4, -2, 1)
    place(st, RED, 3, -2, 2)
    place(st, BLUE, 4, -3, 5)
    place(st, BLUE, 3, -3, 4)
    assert d.pctrl[5] == -1


def joint_setup(rolls: list[int]):  # type: ignore[no-untyped-def]
    st = table(rolls=rolls, seats=(BLUE, RED, GREEN, YELLOW))
    d = st.data
    d.suzerain[RED] = BLUE
    place(st, BLUE, 1, 0, 6, 4)
    place(st, RED, -1, 0, 5)
    place(st, GREEN, 0, 0, 4, 3)
    d.acting = BLUE
    run(st, "OneAction")
    assault(st, "assault (0,0)")
    do(st, "join 6 from (1,0)")
    do(st, "join 4 from (1,0)")
    do(st, "join red 5 from (-1,0)")
    do(st, "launch the assault")
    return st, d


def test_s27_joint_assault_occupation() -> None:
    st, d = joint_setup([3, 1, 5, 6, 6, 6, 6, 6])
    assert any("15 against 7, advantage +2" in e.text for e in st.log)
    assert d.acted[RED]
    while banneret.pending(st).kind == "press-on":
        do(st, "next wave")
    assert banneret.pending(st).kind == "occupant"
    assert banneret.pending(st).players == ("blue",)
    assert labels(st) == ["blue moves in", "red moves in"]
    do(st, "red moves in")
    assert armies(st, 0, 0) == [5] and d.owner[hx(st, 0, 0)] == RED
    assert armies(st, 1, 0) == [6, 4]


def test_s27_lost_wave_costs_every_die() -> None:
    st, d = joint_setup([1, 6])
    assert armies(st, 1, 0) == [5, 3] and armies(st, -1, 0) == [4]
    assert armies(st, 0, 0) == [4, 3]
    # the vassal's action is spent: its own 3b step is skipped
    d.acting = RED
    run(st, "OneAction")
    assert over(st)


# --- S-26: extra moves ------------------------------------------------------------------------------


def test_s26_extra_moves() -> None:
    st = table()
    d = st.data
    red_holds_5_and_3(st)
    place(st, RED, 3, 2, 1, 1)  # province 3 plain: two armies, one will move in 3b
    d.acting = RED
    run(st, "Regroup", kingdom=RED)
    do(st, "end regrouping")
    run(st, "OneAction")
    do(st, "march")
    do(st, "march 2")
    run(st, "ExtraMoves")
    moves = labels(st)
    assert "end extra moves" in moves
    # the marched army [2] on (4,-2) is not eligible; the old [1] there is
    assert "extra move 2 from (4,-2)" not in moves
    assert "extra move 1 from (4,-2)" in moves
    do(st, "extra move 1 from (3,2)")
    assert labels(st) == ["to (2,2)", "to (3,1)", "to (4,1)", "to (2,3)"]
    do(st, "to (2,3)")
    assert armies(st, 2, 3) == [1] and armies(st, 3, 2) == [1]
    after = labels(st)
    # province 3's move is used; province 5's is still open
    assert not [m for m in after if m.endswith(("(3,2)", "(2,2)", "(3,1)"))]
    assert [m for m in after if m.endswith(("(4,-2)", "(3,-2)"))]


def test_regroup_offers_only_hexes_with_another_arrangement() -> None:
    """One pip, 6+6+6+5 and 6+6+6+6 can be laid out only one way: not offered (11.1)."""
    st = table()
    place(st, RED, 0, 0, 6, 6, 6, 6)
    place(st, RED, 1, 0, 6, 6, 6, 5)
    place(st, RED, 0, 1, 1)
    place(st, RED, 1, 1, 3, 2)
    run(st, "Regroup", kingdom=RED)
    assert labels(st) == ["regroup (1,1)", "end regrouping"]
    do(st, "regroup (1,1)")
    assert labels(st) == ["form 5", "form 4+1", "form 3+1+1", "form 2+2+1", "form 2+1+1+1"]
    do(st, "form 5")
    assert over(st) and armies(st, 1, 1) == [5]
    st2 = table()
    place(st2, RED, 0, 0, 6, 6, 6, 6)
    run(st2, "Regroup", kingdom=RED)
    assert over(st2)


@pytest.mark.parametrize("regroup", [True, False])
def test_no_levy_after_regrouping_when_the_option_forbids_it(regroup: bool) -> None:
    """A-08 with levy_allows_regroup off: a kingdom that regrouped in 3a may not levy in 3b;
    one that did not regroup may (the default allows both)."""
    st = table({"levy_allows_regroup": False})
    place(st, RED, 1, 1, 3, 2)
    st.data.acting = RED
    run(st, "Regroup", kingdom=RED)
    if regroup:
        do(st, "regroup (1,1)")
        do(st, "form 5")
    else:
        do(st, "end regrouping")
    run(st, "OneAction")
    assert ("levy" in labels(st)) is not regroup


def test_s26_moved_army_gets_no_extra_move() -> None:
    st = table()
    d = st.data
    red_holds_5_and_3(st)
    place(st, RED, 3, 1, 3, 2)
    d.acting = RED
    run(st, "OneAction")
    do(st, "move")
    do(st, "move 2 from (3,1)")
    do(st, "to (4,0)")
    run(st, "ExtraMoves")
    assert "extra move 2 from (4,0)" not in labels(st)


def test_house_rule_variant_changes_a_rule_number() -> None:
    """A house-rule plugin may change the levy through the rule parameters."""
    from banneret import Variant, hookimpl
    from banneret.registry import registry_from
    from banneret_hex_kingdoms import plugin as hk_plugin

    class RichLevy:
        @hookimpl
        def banneret_variants(self, game_id: str) -> list[Variant]:
            def adjust(params, options) -> None:  # type: ignore[no-untyped-def]
                params["levy"] = 5

            return [Variant("hex_kingdoms", "rich_levy", "a levy raises 5", adjust)] if game_id == "hex_kingdoms" else []

    reg = registry_from([hk_plugin, RichLevy()])
    st = banneret.new_game("hex_kingdoms", seed=0, options={"map": "reference", "variant": "rich_levy"}, registry=reg)
    d = st.data
    assert d.num["levy"] == 5
    d.cap[RED] = 2
    d.acting = RED
    run(st, "OneAction")
    do(st, "levy")
    assert d.cap[RED] == 7
