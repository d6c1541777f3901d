"""Supply phase (7.0-7.2), the King's death and minor heirs (6.81, 6.82), executions (9.1)."""

from __future__ import annotations

import banneret
from banneret_richard3.battle import eliminate
from banneret_richard3.state import DEFAULT_PARAMETERS, tables
from banneret_richard3.supply import excess, supply_count, supply_limit
from r3_helpers import data, do, labels, new, pending_kind, put, start_turn


def _to_supply(state, lancaster="action_ap2_1", york="action_ap2_2"):
    """Play a turn in which nobody acts, up to the first supply decision (if any)."""
    start_turn(state, lancaster, york)
    d = data(state)
    for p in (d.player1, "york" if d.player1 == "lancaster" else "lancaster"):
        do(state, p, "end actions")


def test_supply_limits_by_area():
    """7.1 / 7.2: 4 blocks, 5 with a city; Calais and France 4, Ireland and Scotland 2. The seven
    cities stand in Somerset (Bristol), Warwick (Coventry), Middlesex (London), Northumbria
    (Newcastle), East Anglia (Norwich), Wilts (Salisbury) and South Yorks (York)."""
    assert [supply_limit(a, DEFAULT_PARAMETERS) for a in ("sussex", "wilts", "middlesex", "calais", "france", "ireland", "scotland")] == [
        4, 5, 5, 4, 4, 2, 2]
    city_areas = {"somerset", "warwick", "middlesex", "northumbria", "east_anglia", "wilts", "south_yorks"}
    t = tables()
    for area in t.areas:
        if t.exile_of[area] is None:
            assert supply_limit(area, DEFAULT_PARAMETERS) == (5 if area in city_areas else 4), area


def test_s26_six_blocks_in_a_plain_area_lose_two_steps():
    """S26: six blocks where the limit is 4: exactly two distinct blocks (owner's choice) lose a
    step; a strength-1 block chosen is eliminated by 6.8."""
    s = new(50)
    six = ("oxford", "beaumont", "clifford", "devon", "pembroke", "wiltshire")
    for b in six:
        put(s, b, "sussex")
    data(s).steps["beaumont"] = 1
    _to_supply(s)
    assert pending_kind(s) == ("supply", ("lancaster",))
    assert labels(s, "lancaster") == [f"reduce {b} in sussex" for b in six]
    before = dict(data(s).steps)
    do(s, "lancaster", "reduce oxford in sussex")
    assert "reduce oxford in sussex" not in labels(s, "lancaster")  # a block loses one step at most
    do(s, "lancaster", "reduce beaumont in sussex")
    d = data(s)
    assert d.steps["oxford"] == before["oxford"] - 1
    assert d.loc["beaumont"] == "dead"  # rose noble at strength 1: gone for ever
    assert pending_kind(s)[0] == "card"  # the count is not taken again
    assert len(d.at["sussex"]) == 5


def test_s26_six_blocks_in_a_city_area_lose_one_step():
    s = new(51)
    for b in ("oxford", "beaumont", "clifford", "devon", "pembroke"):
        put(s, b, "wilts")  # Wiltshire is there already: six blocks, Salisbury city
    assert excess(data(s), "wilts", s.rules) == 1
    _to_supply(s)
    assert pending_kind(s) == ("supply", ("lancaster",))
    do(s, "lancaster", "reduce devon in wilts")
    assert pending_kind(s)[0] == "card"


def test_s25_exile_limit_in_ireland():
    """S25: three York non-mercenaries in Ireland and no Irish block: one of them (York's
    choice) loses a step each supply phase."""
    s = new(52)
    put(s, "irish_mercenary", "isle_of_man")
    put(s, "march", "ireland")
    d = data(s)
    assert supply_count(d, "ireland") == ["duke_of_york", "rutland", "march"]
    _to_supply(s)
    assert pending_kind(s) == ("supply", ("york",))
    assert labels(s, "york") == ["reduce duke_of_york in ireland", "reduce rutland in ireland", "reduce march in ireland"]
    do(s, "york", "reduce march in ireland")
    assert d.steps["march"] == d.info("march").max_strength - 1


def test_own_mercenaries_do_not_count_in_exile():
    """7.2 / A-34: Calais holds four nobles/heirs and its two mercenaries: no loss."""
    s = new(53)
    d = data(s)
    assert len(d.at["calais"]) == 6 and excess(d, "calais", s.rules) == 0
    assert excess(d, "ireland", s.rules) == 0  # York, Rutland + the Irish


def test_s29_the_king_is_dead():
    """S29: Henry VI dies; until the next supply phase there is no King; at its start Prince
    Edward (#2) enters in a friendly or vacant crown area of Lancaster's choice and, as the
    senior heir, becomes KING there."""
    s = new(54)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    eliminate(s, "henry_vi", "falls")
    d = data(s)
    assert d.king_block is None and d.heirs_killed["lancaster"] == 1 and d.king == "lancaster"
    do(s, "york", "end actions")
    do(s, "lancaster", "end actions")
    assert pending_kind(s) == ("minor-entry", ("lancaster",))
    options = labels(s, "lancaster")
    # the eleven crown areas, none held by York in 1460: Middlesex vacant now, Cornwall
    # friendly (Exeter, Devon), the rest vacant
    assert options == [f"enter prince_edward in {a}" for a in (
        "caernarvon", "chester", "cornwall", "cumbria", "derby", "gloucester", "middlesex", "pembroke",
        "south_yorks", "sussex", "warwick")]
    do(s, "lancaster", "enter prince_edward in cornwall")
    assert d.loc["prince_edward"] == "cornwall" and d.king_block == "prince_edward"
    assert d.heirs_killed["lancaster"] == 0
    assert any("KING stands in cornwall" in line for line in banneret.view(s, "york")["log"])


def test_pretender_minor_enters_in_exile():
    """6.82: a Pretender's minor enters in an own exile area; seniority then decides."""
    s = new(55)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    eliminate(s, "rutland", "falls")
    do(s, "york", "end actions")
    do(s, "lancaster", "end actions")
    assert labels(s, "york") == ["enter clarence_y in calais", "enter clarence_y in ireland"]
    do(s, "york", "enter clarence_y in ireland")
    d = data(s)
    assert d.loc["clarence_y"] == "ireland" and d.pretender_block == "duke_of_york"


def test_s33_execution_of_a_defected_clarence():
    """S33 / 9.1: Lancaster holds a defected Clarence: in a supply phase it may execute him;
    York's next minor enters at the start of the next supply phase."""
    s = new(56)
    d = data(s)
    d.place("clarence_y", "offmap")
    put(s, "clarence_l", "rutland")
    assert d.heirs("york") == ["duke_of_york", "march", "rutland"]
    _to_supply(s)
    assert pending_kind(s) == ("execution", ("lancaster",))
    assert labels(s, "lancaster") == ["execute clarence_l", "spare clarence_l"]
    do(s, "lancaster", "execute clarence_l")
    assert d.loc["clarence_l"] == "dead" and d.heirs_killed["york"] == 1
    assert d.heirs_alive("york") == 4
    assert d.minors("york") == ["gloucester"]  # he enters next supply phase, not this one
    _to_supply(s, "action_ap3_1", "action_ap3_2")
    assert pending_kind(s) == ("minor-entry", ("york",))
    do(s, "york", "enter gloucester in calais")
    assert d.loc["gloucester"] == "calais"


def test_spared_clarence_stays():
    s = new(57)
    d = data(s)
    d.place("clarence_y", "offmap")
    put(s, "clarence_l", "rutland")
    _to_supply(s)
    do(s, "lancaster", "spare clarence_l")
    assert d.loc["clarence_l"] == "rutland" and pending_kind(s)[0] == "card"


def test_no_contested_area_in_supply():
    """14.1.7: battles are over before supply."""
    s = new(58)
    _to_supply(s)
    assert data(s).contested_areas() == []
    assert s.game.invariants(s) == []


def test_a_minor_may_enter_an_exile_area_at_its_limit_then_7_2_reduces_it():
    """6.82 / A-30 and 7.2: nothing stops York's minor entering Ireland when it already holds
    its limit of two blocks; the exile check that follows in the same supply phase then asks
    York to take one step off one of the three."""
    s = new(58)
    d = data(s)
    for b in d.at["ireland"]:
        d.place(b, "pool")
    put(s, "warwick_y", "ireland")
    put(s, "kent_y", "ireland")
    start_turn(s, "action_ap2_1", "action_ap2_2")
    eliminate(s, "rutland", "falls")
    do(s, "york", "end actions")
    do(s, "lancaster", "end actions")
    assert "enter clarence_y in ireland" in labels(s, "york")
    do(s, "york", "enter clarence_y in ireland")
    assert sorted(d.at["ireland"]) == ["clarence_y", "kent_y", "warwick_y"] and excess(d, "ireland", s.rules) == 1
    assert pending_kind(s) == ("supply", ("york",))
    assert sorted(labels(s, "york")) == [f"reduce {b} in ireland" for b in ("clarence_y", "kent_y", "warwick_y")]
